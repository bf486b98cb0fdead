/* c2d_mover_wasm: the flat C surface of the character mover for JavaScript (web/src/mover.js),
 * also called by the native replay program web/native/c2d_mover_ref.c, so both run this code.
 *
 * A wm_world owns a c2d_world, the handles of the colliders added through it and the movers made
 * in it. Colliders are named by their slot index in the world (a small int >= 0); a mover by its
 * number in creation order. Shapes come in the encoded form of c2d_wasm.c (a kind number, then
 * its numbers; every kind, decoded by its W_KINDS row through w_decode) in the collider's local
 * frame; a concave polygon becomes a concave collider (the world copies its outline).
 * Results are written to the world's output area (wm_out, WM_OUT_LEN doubles), laid out as the
 * WM_R_* offsets below. Built double precision only: JavaScript numbers pass through unchanged. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <collide2d.h>
#include "c2d_wasm.h"

#ifndef C2D_DOUBLE
#  error "c2d_mover_wasm.c is built with C2D_DOUBLE: JavaScript numbers are doubles"
#endif

#ifdef __EMSCRIPTEN__
#  include <emscripten/emscripten.h>
#  define WM_API EMSCRIPTEN_KEEPALIVE
#else
#  define WM_API
#endif

/* Statuses of this surface beside the library's c2d_status codes (all negative). */
#define WM_BAD_SHAPE (-200)   /* the encoded shape is malformed or invalid */
#define WM_BAD_NUMBER (-201)  /* no such collider or mover */

enum {
    WM_MAX_CONTACTS = 8,
    /* result layout of wm_mover_move, offsets into the output area */
    WM_R_POS = 0, WM_R_MOVED = 2, WM_R_CARRIED = 4, WM_R_RECOVERED = 6, WM_R_STARTED_INSIDE = 8,
    WM_R_STUCK = 9, WM_R_GROUNDED = 10, WM_R_GROUND_NORMAL = 11, WM_R_GROUND = 13,
    WM_R_GROUND_ANGLE = 14, WM_R_HIT_WALL = 15, WM_R_WALL_NORMAL = 16, WM_R_HIT_CEILING = 18,
    WM_R_CEILING_NORMAL = 19, WM_R_STEPPED = 21, WM_R_SNAPPED = 22, WM_R_CONTACT_COUNT = 23,
    WM_R_CONTACTS = 24,        /* per contact: collider, point x y, normal x y, kind */
    WM_CONTACT_LEN = 6,
    WM_OUT_LEN = WM_R_CONTACTS + WM_CONTACT_LEN * WM_MAX_CONTACTS
};

typedef struct wm_world {
    c2d_world *world;
    c2d_collider_id *ids;      /* by slot index */
    int32_t id_cap;
    c2d_mover *movers;
    int32_t mover_count, mover_cap;
    c2d_mover_contact contacts[WM_MAX_CONTACTS];
    double out[WM_OUT_LEN];
} wm_world;

static bool wm_live(const wm_world *w, int32_t collider) {
    return w && collider >= 0 && collider < w->id_cap && !c2d_collider_id_is_null(w->ids[collider]);
}

/* Makes a world (capacity: colliders to reserve room for, 0: a small default); NULL on failure. */
WM_API wm_world *wm_world_create(int32_t capacity) {
    c2d_world_config cfg;
    wm_world *w = (wm_world *)calloc(1, sizeof *w);
    if (!w) return NULL;
    memset(&cfg, 0, sizeof cfg);
    cfg.capacity = capacity > 0 ? capacity : 0;
    if (c2d_world_create(&cfg, &w->world) != C2D_OK) { free(w); return NULL; }
    return w;
}

/* Frees the world, its colliders and movers. NULL allowed. */
WM_API void wm_world_destroy(wm_world *w) {
    if (!w) return;
    c2d_world_destroy(w->world);
    free(w->ids);
    free(w->movers);
    free(w);
}

/* The output area (WM_OUT_LEN doubles). */
WM_API double *wm_out(wm_world *w) { return w ? w->out : NULL; }

/* Adds a collider: shape e (encoded, local frame) placed at (x, y) with no rotation; flags are
 * C2D_COLLIDER_* bits; (owx, owy) != (0, 0) makes it one-way, solid from that direction.
 * Returns the collider's number (its slot index, >= 0) or a negative status. */
WM_API int32_t wm_add(wm_world *w, const double *e, uint32_t flags, double owx, double owy, double x, double y) {
    c2d_collider_def def;
    c2d_collider_id id;
    c2d_status st;
    w_shape *decoded;
    if (!w || !e) return C2D_ERR_NULL_ARG;
    memset(&def, 0, sizeof def);
    /* slot 0 of c2d_wasm.c's scratch blocks: the world copies what it keeps before it is reused */
    if (w_decode_tmp(e, 0, &decoded) != C2D_OK) return WM_BAD_SHAPE;
    def.shape = decoded->convex;
    def.transform = c2d_transform_make(c2d_v2(x, y), 0);
    def.flags = flags;
    def.one_way = c2d_v2(owx, owy);
    st = c2d_world_add(w->world, &def, &id);
    if (st != C2D_OK) return st;
    if (id.index >= w->id_cap) {
        int32_t cap = w->id_cap ? w->id_cap : 64, i;
        c2d_collider_id *ids;
        while (cap <= id.index) cap *= 2;
        ids = (c2d_collider_id *)realloc(w->ids, (size_t)cap * sizeof *ids);
        if (!ids) { c2d_world_remove(w->world, id); return C2D_ERR_OUT_OF_MEMORY; }
        for (i = w->id_cap; i < cap; i++) ids[i] = c2d_collider_id_null();
        w->ids = ids;
        w->id_cap = cap;
    }
    w->ids[id.index] = id;
    return id.index;
}

/* Places collider c at (x, y), no rotation (a moving platform's step). Returns a status. */
WM_API int32_t wm_set_position(wm_world *w, int32_t c, double x, double y) {
    if (!wm_live(w, c)) return WM_BAD_NUMBER;
    return c2d_world_set_transform(w->world, w->ids[c], c2d_transform_make(c2d_v2(x, y), 0));
}

/* Gives collider c a filter (c2d_filter: category and mask bits as doubles holding integers
 * below 2^53, group index). Returns a status. */
WM_API int32_t wm_set_filter(wm_world *w, int32_t c, double category, double mask, int32_t group) {
    c2d_filter f;
    if (!wm_live(w, c)) return WM_BAD_NUMBER;
    if (!(category >= 0 && category < 9007199254740992.0 && mask >= 0 && mask < 9007199254740992.0)) return C2D_ERR_OUT_OF_RANGE;
    f.category_bits = (uint64_t)category;
    f.mask_bits = (uint64_t)mask;
    f.group_index = group;
    return c2d_world_set_filter(w->world, w->ids[c], f);
}

/* Collider c's position into out[0..1]. Returns a status. */
WM_API int32_t wm_get_position(wm_world *w, int32_t c) {
    c2d_collider_info info;
    c2d_status st;
    if (!wm_live(w, c)) return WM_BAD_NUMBER;
    st = c2d_world_get(w->world, w->ids[c], &info);
    if (st != C2D_OK) return st;
    w->out[0] = info.transform.p.x;
    w->out[1] = info.transform.p.y;
    return C2D_OK;
}

/* Brings the world's indexes up to date (rebuilds the static tree after statics were added);
 * events are dropped. Returns a status. */
WM_API int32_t wm_update(wm_world *w) {
    const c2d_world_event *events;
    int32_t count;
    if (!w) return C2D_ERR_NULL_ARG;
    return c2d_world_update(w->world, &events, &count);
}

/* Makes a mover for collider c. cfg holds 10 doubles: up x, up y, skin, no_slide (0/1),
 * max_slope, min_slide_slope, step_height, step_min_width, snap_distance, max_iterations
 * (zeros: the defaults of c2d_mover_config). Returns the mover's number (>= 0) or a status. */
WM_API int32_t wm_mover_create(wm_world *w, int32_t c, const double *cfg) {
    c2d_mover_config mc;
    c2d_mover m;
    c2d_status st;
    if (!w || !cfg) return C2D_ERR_NULL_ARG;
    if (!wm_live(w, c)) return WM_BAD_NUMBER;
    memset(&mc, 0, sizeof mc);
    mc.up = c2d_v2(cfg[0], cfg[1]);
    mc.skin = cfg[2];
    mc.no_slide = cfg[3] != 0;
    mc.max_slope = cfg[4];
    mc.min_slide_slope = cfg[5];
    mc.step_height = cfg[6];
    mc.step_min_width = cfg[7];
    mc.snap_distance = cfg[8];
    if (!(cfg[9] >= 0 && cfg[9] <= 64)) return C2D_ERR_BAD_SIZE;
    mc.max_iterations = (int32_t)cfg[9];
    st = c2d_mover_init(&m, w->world, w->ids[c], &mc);
    if (st != C2D_OK) return st;
    if (w->mover_count == w->mover_cap) {
        int32_t cap = w->mover_cap ? 2 * w->mover_cap : 16;
        c2d_mover *ms = (c2d_mover *)realloc(w->movers, (size_t)cap * sizeof *ms);
        if (!ms) return C2D_ERR_OUT_OF_MEMORY;
        w->movers = ms;
        w->mover_cap = cap;
    }
    w->movers[w->mover_count] = m;
    return w->mover_count++;
}

static double wm_collider_number(c2d_collider_id id) {
    return c2d_collider_id_is_null(id) ? -1.0 : (double)id.index;
}

static void wm_put2(double *o, c2d_vec2 v) { o[0] = v.x; o[1] = v.y; }

/* Moves mover m by (dx, dy) (drop != 0: through one-way colliders) and writes the result to the
 * output area (layout WM_R_*; at most WM_MAX_CONTACTS contacts, the count is the total).
 * Returns a status; on an error nothing changed and the output area is not written. */
WM_API int32_t wm_mover_move(wm_world *w, int32_t m, double dx, double dy, int32_t drop) {
    c2d_mover_input in;
    c2d_mover_result r;
    c2d_status st;
    int32_t i, n;
    double *o;
    if (!w || m < 0 || m >= w->mover_count) return WM_BAD_NUMBER;
    memset(&in, 0, sizeof in);
    in.translation = c2d_v2(dx, dy);
    in.drop_through = drop != 0;
    st = c2d_mover_move(&w->movers[m], w->world, &in, w->contacts, WM_MAX_CONTACTS, &r);
    if (st != C2D_OK) return st;
    o = w->out;
    wm_put2(o + WM_R_POS, r.position);
    wm_put2(o + WM_R_MOVED, r.moved);
    wm_put2(o + WM_R_CARRIED, r.carried);
    wm_put2(o + WM_R_RECOVERED, r.recovered);
    o[WM_R_STARTED_INSIDE] = r.started_inside;
    o[WM_R_STUCK] = r.stuck;
    o[WM_R_GROUNDED] = r.grounded;
    wm_put2(o + WM_R_GROUND_NORMAL, r.ground_normal);
    o[WM_R_GROUND] = wm_collider_number(r.ground);
    o[WM_R_GROUND_ANGLE] = r.ground_angle;
    o[WM_R_HIT_WALL] = r.hit_wall;
    wm_put2(o + WM_R_WALL_NORMAL, r.wall_normal);
    o[WM_R_HIT_CEILING] = r.hit_ceiling;
    wm_put2(o + WM_R_CEILING_NORMAL, r.ceiling_normal);
    o[WM_R_STEPPED] = r.stepped;
    o[WM_R_SNAPPED] = r.snapped;
    o[WM_R_CONTACT_COUNT] = r.contact_count;
    n = r.contact_count < WM_MAX_CONTACTS ? r.contact_count : WM_MAX_CONTACTS;
    for (i = 0; i < n; i++) {
        double *c = o + WM_R_CONTACTS + WM_CONTACT_LEN * i;
        c[0] = wm_collider_number(w->contacts[i].id);
        wm_put2(c + 1, w->contacts[i].point);
        wm_put2(c + 3, w->contacts[i].normal);
        c[5] = (double)w->contacts[i].kind;
    }
    return C2D_OK;
}

/* Moves movers 0 .. count-1 in order, mover i by (in[3i], in[3i+1]) with drop flag in[3i+2], and
 * writes per mover 4 doubles to out: x, y, grounded (0/1), hit_ceiling (0/1). Returns the number
 * of movers whose move failed (they did not move; their out row holds NaN). */
WM_API int32_t wm_movers_move(wm_world *w, const double *in, int32_t count, double *out) {
    int32_t i, failed = 0;
    c2d_mover_input mi;
    c2d_mover_result r;
    if (!w || !in || !out || count < 0 || count > w->mover_count) return C2D_ERR_BAD_SIZE;
    memset(&mi, 0, sizeof mi);
    for (i = 0; i < count; i++) {
        mi.translation = c2d_v2(in[3 * i], in[3 * i + 1]);
        mi.drop_through = in[3 * i + 2] != 0;
        if (c2d_mover_move(&w->movers[i], w->world, &mi, NULL, 0, &r) != C2D_OK) {
            out[4 * i] = out[4 * i + 1] = out[4 * i + 2] = out[4 * i + 3] = (double)NAN;
            failed++;
            continue;
        }
        out[4 * i] = r.position.x;
        out[4 * i + 1] = r.position.y;
        out[4 * i + 2] = r.grounded;
        out[4 * i + 3] = r.hit_ceiling;
    }
    return failed;
}

/* Forgets the ground mover m stood on (after teleporting its collider). Returns a status. */
WM_API int32_t wm_mover_reset(wm_world *w, int32_t m) {
    if (!w || m < 0 || m >= w->mover_count) return WM_BAD_NUMBER;
    c2d_mover_reset(&w->movers[m]);
    return C2D_OK;
}
