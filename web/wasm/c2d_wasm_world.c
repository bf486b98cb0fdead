/* c2d_wasm_world: the flat C surface of the collision world (world.h) and its bump-style moves
 * (world_move.h) for the JavaScript layer (web/src/index.js, class World) and the native
 * reference (web/native/c2d_ref.c).
 *
 * Handles travel as one double: (index * 65536 + world tag) * 65536 + generation, exact while
 * index < 2^21, which the world's max_colliders guarantees (W_MAX_COLLIDERS). Shapes travel in
 * the encoded form of c2d_wasm.c. A query filter travels as 5 doubles (category, mask, group,
 * C2D_QUERY_* flags, self handle; 0 for none) or a null pointer. Results are runs of doubles
 * written to the caller's area, at most `capacity` records; every list query returns the total
 * (so the caller can grow its area and ask again: queries do not change the world) or a negative
 * c2d_status. Record layouts are given at each function.
 *
 * Move filters and custom responses call back into JavaScript through two imports,
 * w_js_move_filter and w_js_response (web/wasm/imports.js declares them to emscripten; the native
 * reference defines them in C). `ctx` is an opaque number the caller chose. */
#include <stdlib.h>
#include <string.h>
#include "c2d_wasm.h"

#ifndef C2D_DOUBLE
#  error "c2d_wasm_world.c is built with C2D_DOUBLE: JavaScript numbers are doubles"
#endif

#ifdef __EMSCRIPTEN__
#  define W_IMPORT(name) __attribute__((import_module("env"), import_name(#name)))
#else
#  define W_IMPORT(name)
#endif

/* Response of the caller's filter for the pair (item, other); a C2D_RESPONSE_* value. */
W_IMPORT(w_js_move_filter) int w_js_move_filter(int ctx, double item, double other);
/* Custom response k: block holds a collision record (W_COLLISION_LEN doubles), then start x y,
 * goal x y; the callee may rewrite start, goal and the record's slide / bounce. Returns 1 to go
 * on from start toward goal, 0 to stop at goal. */
W_IMPORT(w_js_response) int w_js_response(int ctx, int k, double *block);

/* Handles must stay exact in a double. */
#define W_MAX_COLLIDERS ((1 << 21) - 1)
#define W_COLLISION_LEN 26
#define W_MAX_CUSTOM 32

static double w_h(c2d_collider_id id) {
    return ((double)id.index * 65536.0 + (double)id.world) * 65536.0 + (double)id.generation;
}

static c2d_collider_id w_id(double h) {
    c2d_collider_id id = c2d_collider_id_null();
    uint64_t u;
    if (!(h >= 0 && h < 9007199254740992.0)) return id;
    u = (uint64_t)h;
    if ((double)u != h) return id;
    id.generation = (uint16_t)(u & 0xffffu);
    id.world = (uint16_t)((u >> 16) & 0xffffu);
    id.index = (int32_t)(u >> 32);
    return id;
}

static uint64_t w_u64(double d) {
    if (!(d >= 0 && d < 18446744073709551616.0)) return 0;
    return (uint64_t)d;
}

static c2d_transform w_xf(double x, double y, double angle) {
    c2d_transform t;
    t.p = c2d_v2(x, y);
    t.q = angle == 0 ? c2d_rot_identity() : c2d_rot_make(angle);
    return t;
}

static const c2d_query_filter *w_qf(const double *q, c2d_query_filter *f) {
    if (!q) return NULL;
    memset(f, 0, sizeof *f);
    f->category_bits = w_u64(q[0]);
    f->mask_bits = w_u64(q[1]);
    f->group_index = (q[2] >= -2147483648.0 && q[2] <= 2147483647.0) ? (int32_t)q[2] : 0;
    f->flags = (uint32_t)w_u64(q[3]);
    f->self = w_id(q[4]);
    return f;
}

static void w_put_hit7(const c2d_hit *h, double *out) {
    out[0] = h->pos.x; out[1] = h->pos.y;
    out[2] = h->normal.x; out[3] = h->normal.y;
    out[4] = h->delta.x; out[5] = h->delta.y;
    out[6] = h->time;
}

/* Makes a world: static_index and moving_index are c2d_world_index values (0: defaults),
 * max_colliders 0 or above W_MAX_COLLIDERS means W_MAX_COLLIDERS; tag is the handles' world tag
 * (0: derived). Returns the world pointer, 0 on failure. */
W_API c2d_world *w_world_create(int static_index, int moving_index, double cell_size, int max_colliders, int tag) {
    c2d_world_config cfg;
    c2d_world *w = NULL;
    memset(&cfg, 0, sizeof cfg);
    cfg.static_index = (c2d_world_index)static_index;
    cfg.moving_index = (c2d_world_index)moving_index;
    cfg.cell_size = cell_size;
    cfg.max_colliders = (max_colliders <= 0 || max_colliders > W_MAX_COLLIDERS) ? W_MAX_COLLIDERS : max_colliders;
    cfg.id_tag = (uint16_t)tag;
    return c2d_world_create(&cfg, &w) == C2D_OK ? w : NULL;
}

W_API int w_world_destroy(c2d_world *w) { return c2d_world_destroy(w); }
W_API int w_world_count(const c2d_world *w) { return c2d_world_count(w); }
W_API int w_world_validate(const c2d_world *w) { return c2d_world_validate(w) ? 1 : 0; }
W_API int w_world_contains(const c2d_world *w, double h) { return c2d_world_contains(w, w_id(h)) ? 1 : 0; }

/* Adds a collider: the encoded local shape (any kind of c2d_shape; else W_UNSUPPORTED), placed at
 * (x, y) turned by angle; filter (category, mask, group), C2D_COLLIDER_* flags, one-way direction
 * (0, 0: none). Writes the handle to out[0]; returns a c2d_status (or W_BAD_ENCODING / W_UNSUPPORTED). */
W_API int w_world_add(c2d_world *w, const double *e, double x, double y, double angle, double category,
                      double mask, int group, int flags, double one_way_x, double one_way_y, double *out) {
    w_shape *s;
    c2d_collider_def def;
    c2d_collider_id id = c2d_collider_id_null();
    int st = w_decode_tmp(e, 0, &s);
    out[0] = 0;
    if (st == W_BAD_ENCODING) return st;
    if (s->kind >= C2D_SHAPE_TYPE_COUNT) return W_UNSUPPORTED;
    if (st != C2D_OK) return st;
    memset(&def, 0, sizeof def);
    def.shape = s->convex; /* a concave one: the world copies its outline */
    def.transform = w_xf(x, y, angle);
    def.filter.category_bits = w_u64(category);
    def.filter.mask_bits = w_u64(mask);
    def.filter.group_index = group;
    def.flags = (uint32_t)flags;
    def.one_way = c2d_v2(one_way_x, one_way_y);
    st = c2d_world_add(w, &def, &id);
    if (st == C2D_OK) out[0] = w_h(id);
    return st;
}

W_API int w_world_remove(c2d_world *w, double h) { return c2d_world_remove(w, w_id(h)); }

W_API int w_world_set_transform(c2d_world *w, double h, double x, double y, double angle) {
    return c2d_world_set_transform(w, w_id(h), w_xf(x, y, angle));
}

/* New local shape (encoded; convex or concave). */
W_API int w_world_set_shape(c2d_world *w, double h, const double *e) {
    w_shape *s;
    int st = w_decode_tmp(e, 0, &s);
    if (st == W_BAD_ENCODING) return st;
    if (s->kind >= C2D_SHAPE_TYPE_COUNT) return W_UNSUPPORTED;
    if (st != C2D_OK) return st;
    if (!c2d_world_contains(w, w_id(h))) return C2D_ERR_BAD_ID;
    if (s->kind == W_CONCAVE) return c2d_world_set_concave(w, w_id(h), &s->convex.as.concave.outline);
    return c2d_world_set_shape(w, w_id(h), &s->convex);
}

W_API int w_world_set_filter(c2d_world *w, double h, double category, double mask, int group) {
    c2d_filter f;
    f.category_bits = w_u64(category);
    f.mask_bits = w_u64(mask);
    f.group_index = group;
    return c2d_world_set_filter(w, w_id(h), f);
}

W_API int w_world_set_flags(c2d_world *w, double h, int flags) { return c2d_world_set_flags(w, w_id(h), (uint32_t)flags); }

W_API int w_world_set_one_way(c2d_world *w, double h, double x, double y) {
    return c2d_world_set_one_way(w, w_id(h), c2d_v2(x, y));
}

/* Everything about a collider in 16 doubles: x y angle, aabb (4), flags, one_way x y, category,
 * mask, group, piece_count, is_concave, local shape kind (W_CONCAVE for concave). */
W_API int w_world_get(const c2d_world *w, double h, double *out) {
    c2d_collider_info info;
    int st = c2d_world_get(w, w_id(h), &info);
    if (st != C2D_OK) return st;
    out[0] = info.transform.p.x; out[1] = info.transform.p.y;
    out[2] = (info.transform.q.s == 0 && info.transform.q.c >= 0) ? 0 : c2d_rot_angle(info.transform.q);
    out[3] = info.aabb.lower.x; out[4] = info.aabb.lower.y; out[5] = info.aabb.upper.x; out[6] = info.aabb.upper.y;
    out[7] = info.flags;
    out[8] = info.one_way.x; out[9] = info.one_way.y;
    out[10] = (double)info.filter.category_bits; out[11] = (double)info.filter.mask_bits;
    out[12] = info.filter.group_index;
    out[13] = info.piece_count;
    out[14] = info.is_concave ? 1 : 0;
    out[15] = info.is_concave ? W_CONCAVE : (double)info.shape.type;
    return C2D_OK;
}

/* The placed convex piece `piece` of a collider in the encoded form (w_encode: polygons with
 * their hull); out must hold 3 + 2 * C2D_MAX_POLYGON_VERTICES doubles. */
W_API int w_world_piece(const c2d_world *w, double h, int piece, double *out) {
    c2d_shape s;
    int st = c2d_world_get_piece(w, w_id(h), piece, &s);
    if (st != C2D_OK) return st;
    return w_encode(&s, out) > 0 ? C2D_OK : C2D_ERR_UNSUPPORTED;
}

/* ---- queries: the total (or a negative status); records of ids are 1 double (the handle) ---- */

/* The ids scratch of the list queries that write handles (grown as needed, never shrunk). */
static c2d_collider_id *w_ids;
static int w_ids_cap;

static int w_ids_reserve(int n) {
    c2d_collider_id *p;
    if (n <= w_ids_cap) return 1;
    p = (c2d_collider_id *)realloc(w_ids, sizeof *p * (size_t)n);
    if (!p) return 0;
    w_ids = p;
    w_ids_cap = n;
    return 1;
}

static int w_put_ids(int total, double *out, int capacity) {
    int i;
    for (i = 0; i < total && i < capacity; i++) out[i] = w_h(w_ids[i]);
    return total;
}

W_API int w_world_query_point(const c2d_world *w, double x, double y, const double *qf, double *out, int capacity) {
    c2d_query_filter f;
    int32_t total = 0;
    int st;
    if (capacity < 0 || !w_ids_reserve(capacity)) return C2D_ERR_OUT_OF_MEMORY;
    st = c2d_world_query_point(w, c2d_v2(x, y), w_qf(qf, &f), w_ids, capacity, &total);
    return st != C2D_OK ? st : w_put_ids(total, out, capacity);
}

W_API int w_world_query_aabb(const c2d_world *w, double x0, double y0, double x1, double y1, const double *qf,
                             double *out, int capacity) {
    c2d_query_filter f;
    c2d_aabb b;
    int32_t total = 0;
    int st;
    b.lower = c2d_v2(x0, y0);
    b.upper = c2d_v2(x1, y1);
    if (capacity < 0 || !w_ids_reserve(capacity)) return C2D_ERR_OUT_OF_MEMORY;
    st = c2d_world_query_aabb(w, b, w_qf(qf, &f), w_ids, capacity, &total);
    return st != C2D_OK ? st : w_put_ids(total, out, capacity);
}

/* Decodes a world-frame query shape (any kind in c2d_shape; a concave one's pieces live in
 * w_decode_tmp's slot 1 until the next call). */
static int w_query_shape(const double *e, c2d_shape *out) {
    w_shape *s;
    int st = w_decode_tmp(e, 1, &s);
    if (st == W_BAD_ENCODING) return st;
    if (s->kind >= C2D_SHAPE_TYPE_COUNT) return W_UNSUPPORTED;
    *out = s->convex;
    return st;
}

/* A scratch of c2d_world_hit records for the hits queries. */
static c2d_world_hit *w_hits;
static int w_hits_cap;

static int w_hits_reserve(int n) {
    c2d_world_hit *p;
    if (n <= w_hits_cap) return 1;
    p = (c2d_world_hit *)realloc(w_hits, sizeof *p * (size_t)n);
    if (!p) return 0;
    w_hits = p;
    w_hits_cap = n;
    return 1;
}

/* Hit records are 8 doubles: handle, then pos, normal, delta, time. */
static int w_put_hits(int total, double *out, int capacity) {
    int i;
    for (i = 0; i < total && i < capacity; i++) {
        out[8 * i] = w_h(w_hits[i].id);
        w_put_hit7(&w_hits[i].hit, out + 8 * i + 1);
    }
    return total;
}

/* Colliders overlapping the shape. with_hits 0: handle records; 1: hit records. */
W_API int w_world_overlap_shape(const c2d_world *w, const double *e, const double *qf, int with_hits, double *out, int capacity) {
    c2d_query_filter f;
    c2d_shape s;
    int32_t total = 0;
    int st = w_query_shape(e, &s);
    if (st != C2D_OK) return st;
    if (capacity < 0) return C2D_ERR_BAD_SIZE;
    if (with_hits) {
        if (!w_hits_reserve(capacity)) return C2D_ERR_OUT_OF_MEMORY;
        st = c2d_world_overlap_shape_hits(w, &s, w_qf(qf, &f), w_hits, capacity, &total);
        return st != C2D_OK ? st : w_put_hits(total, out, capacity);
    }
    if (!w_ids_reserve(capacity)) return C2D_ERR_OUT_OF_MEMORY;
    st = c2d_world_overlap_shape(w, &s, w_qf(qf, &f), w_ids, capacity, &total);
    return st != C2D_OK ? st : w_put_ids(total, out, capacity);
}

/* Ray: all 0 gives the first hit (capacity ignored, total 0 or 1), 1 every hit. Hit records. */
W_API int w_world_raycast(const c2d_world *w, double ox, double oy, double tx, double ty, double max_fraction,
                          const double *qf, int all, double *out, int capacity) {
    c2d_query_filter f;
    c2d_raycast_input ray;
    int32_t total = 0;
    int st;
    ray.origin = c2d_v2(ox, oy);
    ray.translation = c2d_v2(tx, ty);
    ray.max_fraction = max_fraction;
    if (!all) {
        bool found = false;
        if (!w_hits_reserve(1)) return C2D_ERR_OUT_OF_MEMORY;
        st = c2d_world_raycast_first(w, ray, w_qf(qf, &f), w_hits, &found);
        return st != C2D_OK ? st : w_put_hits(found ? 1 : 0, out, 1);
    }
    if (capacity < 0 || !w_hits_reserve(capacity)) return C2D_ERR_OUT_OF_MEMORY;
    st = c2d_world_raycast_all(w, ray, w_qf(qf, &f), w_hits, capacity, &total);
    return st != C2D_OK ? st : w_put_hits(total, out, capacity);
}

static c2d_world_cast_hit *w_casts;
static int w_casts_cap;

/* Shape cast: all 0 gives the first hit (total 0 or 1), 1 every hit. Records of 12 doubles:
 * handle, has_hit, pos x y, time, then the hit (pos, normal, delta, time). */
W_API int w_world_cast(const c2d_world *w, const double *e, double dx, double dy, const double *qf, int all,
                       double *out, int capacity) {
    c2d_query_filter f;
    c2d_shape s;
    int32_t total = 0, i;
    int st = w_query_shape(e, &s);
    if (st != C2D_OK) return st;
    if (!all) capacity = 1;
    if (capacity < 0) return C2D_ERR_BAD_SIZE;
    if (capacity > w_casts_cap) {
        c2d_world_cast_hit *p = (c2d_world_cast_hit *)realloc(w_casts, sizeof *p * (size_t)capacity);
        if (!p) return C2D_ERR_OUT_OF_MEMORY;
        w_casts = p;
        w_casts_cap = capacity;
    }
    if (!all) {
        bool found = false;
        st = c2d_world_cast_first(w, &s, c2d_v2(dx, dy), w_qf(qf, &f), w_casts, &found);
        total = found ? 1 : 0;
    } else {
        st = c2d_world_cast_all(w, &s, c2d_v2(dx, dy), w_qf(qf, &f), w_casts, capacity, &total);
    }
    if (st != C2D_OK) return st;
    for (i = 0; i < total && i < capacity; i++) {
        const c2d_sweep *sw = &w_casts[i].sweep;
        double *o = out + 12 * i;
        o[0] = w_h(w_casts[i].id);
        o[1] = sw->has_hit ? 1 : 0;
        o[2] = sw->pos.x; o[3] = sw->pos.y; o[4] = sw->time;
        w_put_hit7(&sw->hit, o + 5);
    }
    return total;
}

/* Nearest collider within max_distance: returns 1 (and writes handle, point_a, point_b, normal,
 * distance: 8 doubles) or 0, or a negative status. */
W_API int w_world_nearest(const c2d_world *w, const double *e, double max_distance, const double *qf, double *out) {
    c2d_query_filter f;
    c2d_shape s;
    c2d_world_nearest_hit n;
    bool found = false;
    int st = w_query_shape(e, &s);
    if (st != C2D_OK) return st;
    st = c2d_world_nearest(w, &s, max_distance, w_qf(qf, &f), &n, &found);
    if (st != C2D_OK) return st;
    if (!found) return 0;
    out[0] = w_h(n.id);
    out[1] = n.distance.point_a.x; out[2] = n.distance.point_a.y;
    out[3] = n.distance.point_b.x; out[4] = n.distance.point_b.y;
    out[5] = n.distance.normal.x; out[6] = n.distance.normal.y;
    out[7] = n.distance.distance;
    return 1;
}

/* ---- update ---- */

static const c2d_world_event *w_events;
static int32_t w_event_count;

/* Copies events [0, min(count, capacity)) as records of 3 doubles (type, handle a, handle b). */
static void w_put_events(double *out, int capacity) {
    int i;
    for (i = 0; i < w_event_count && i < capacity; i++) {
        out[3 * i] = w_events[i].type;
        out[3 * i + 1] = w_h(w_events[i].a);
        out[3 * i + 2] = w_h(w_events[i].b);
    }
}

/* c2d_world_update: returns the event count (or a negative status) and writes up to capacity
 * event records; w_world_events copies them again (into a larger area) until the world changes. */
W_API int w_world_update(c2d_world *w, double *out, int capacity) {
    int st = c2d_world_update(w, &w_events, &w_event_count);
    if (st != C2D_OK) { w_events = NULL; w_event_count = 0; return st; }
    w_put_events(out, capacity);
    return w_event_count;
}

W_API int w_world_events(double *out, int capacity) {
    w_put_events(out, capacity);
    return w_event_count;
}

/* ---- moves ---- */

static c2d_move_collision *w_cols;
static int w_cols_cap;

static void w_put_collision(const c2d_move_collision *c, double *o) {
    o[0] = w_h(c->other);
    o[1] = c->response;
    o[2] = c->overlaps ? 1 : 0;
    o[3] = c->ti;
    o[4] = c->start.x; o[5] = c->start.y;
    o[6] = c->move.x; o[7] = c->move.y;
    o[8] = c->normal.x; o[9] = c->normal.y;
    o[10] = c->touch.x; o[11] = c->touch.y;
    o[12] = c->point.x; o[13] = c->point.y;
    o[14] = c->item_aabb.lower.x; o[15] = c->item_aabb.lower.y; o[16] = c->item_aabb.upper.x; o[17] = c->item_aabb.upper.y;
    o[18] = c->other_aabb.lower.x; o[19] = c->other_aabb.lower.y; o[20] = c->other_aabb.upper.x; o[21] = c->other_aabb.upper.y;
    o[22] = c->slide.x; o[23] = c->slide.y;
    o[24] = c->bounce.x; o[25] = c->bounce.y;
}

static int32_t w_move_filter(c2d_collider_id item, uint64_t item_user_data, c2d_collider_id other,
                             uint64_t other_user_data, void *context) {
    (void)item_user_data;
    (void)other_user_data;
    return w_js_move_filter((int)(intptr_t)context, w_h(item), w_h(other));
}

typedef struct w_custom_ctx {
    int ctx, k;
} w_custom_ctx;

static bool w_custom_response(c2d_move_collision *col, c2d_vec2 *start, c2d_vec2 *goal, void *context) {
    const w_custom_ctx *c = (const w_custom_ctx *)context;
    double block[W_COLLISION_LEN + 4];
    int go;
    w_put_collision(col, block);
    block[W_COLLISION_LEN] = start->x; block[W_COLLISION_LEN + 1] = start->y;
    block[W_COLLISION_LEN + 2] = goal->x; block[W_COLLISION_LEN + 3] = goal->y;
    go = w_js_response(c->ctx, c->k, block);
    col->slide = c2d_v2(block[22], block[23]);
    col->bounce = c2d_v2(block[24], block[25]);
    *start = c2d_v2(block[W_COLLISION_LEN], block[W_COLLISION_LEN + 1]);
    *goal = c2d_v2(block[W_COLLISION_LEN + 2], block[W_COLLISION_LEN + 3]);
    return go != 0;
}

/* What w_world_move, _check and _project share. op 0 move, 1 check, 2 project (then h is the
 * item or 0, e the encoded local shape placed at (sx, sy, angle)). filter_ctx < 0: no filter
 * (slide against solids, cross sensors); otherwise w_js_move_filter gets it. custom_count custom
 * responses (C2D_RESPONSE_CUSTOM + k) call w_js_response with filter_ctx. Writes a header of 4
 * doubles (x, y, count, capped) and then min(total, capacity) collision records of
 * W_COLLISION_LEN doubles; returns the total or a negative status. */
static int w_move_op(c2d_world *w, int op, double h, const double *e, double sx, double sy, double angle,
                     double gx, double gy, int filter_ctx, int custom_count, int query_flags,
                     int max_iterations, double *out, int capacity) {
    c2d_move_input in;
    c2d_move_result r;
    c2d_move_custom_response custom[W_MAX_CUSTOM];
    w_custom_ctx cctx[W_MAX_CUSTOM];
    int i, st, need = capacity;
    if (custom_count < 0 || custom_count > W_MAX_CUSTOM) return C2D_ERR_BAD_SIZE;
    if (capacity < 0) return C2D_ERR_BAD_SIZE;
    if (op != 2 && need < C2D_MOVE_MAX_ITERATIONS) need = C2D_MOVE_MAX_ITERATIONS;
    if (need > w_cols_cap) {
        c2d_move_collision *p = (c2d_move_collision *)realloc(w_cols, sizeof *p * (size_t)need);
        if (!p) return C2D_ERR_OUT_OF_MEMORY;
        w_cols = p;
        w_cols_cap = need;
    }
    memset(&in, 0, sizeof in);
    if (filter_ctx >= 0) {
        in.filter = w_move_filter;
        in.context = (void *)(intptr_t)filter_ctx;
    }
    for (i = 0; i < custom_count; i++) {
        cctx[i].ctx = filter_ctx;
        cctx[i].k = i;
        custom[i].fn = w_custom_response;
        custom[i].context = &cctx[i];
    }
    in.custom = custom_count ? custom : NULL;
    in.custom_count = custom_count;
    in.query_flags = (uint32_t)query_flags;
    in.max_iterations = max_iterations;
    in.collisions = w_cols;
    in.capacity = op == 2 ? capacity : w_cols_cap;
    if (op == 0) st = c2d_world_move(w, w_id(h), c2d_v2(gx, gy), &in, &r);
    else if (op == 1) st = c2d_world_check(w, w_id(h), c2d_v2(gx, gy), &in, &r);
    else {
        c2d_shape s;
        st = w_query_shape(e, &s);
        if (st != C2D_OK) return st;
        st = c2d_world_project(w, h == 0 ? c2d_collider_id_null() : w_id(h), &s, w_xf(sx, sy, angle), c2d_v2(gx, gy), &in, &r);
    }
    if (st != C2D_OK) return st;
    out[0] = r.position.x; out[1] = r.position.y; out[2] = r.count; out[3] = r.capped ? 1 : 0;
    for (i = 0; i < r.count && i < capacity; i++) w_put_collision(&w_cols[i], out + 4 + W_COLLISION_LEN * i);
    return r.total;
}

W_API int w_world_move(c2d_world *w, double h, double gx, double gy, int filter_ctx, int custom_count,
                       int query_flags, int max_iterations, double *out, int capacity) {
    return w_move_op(w, 0, h, NULL, 0, 0, 0, gx, gy, filter_ctx, custom_count, query_flags, max_iterations, out, capacity);
}

W_API int w_world_check(c2d_world *w, double h, double gx, double gy, int filter_ctx, int custom_count,
                        int query_flags, int max_iterations, double *out, int capacity) {
    return w_move_op(w, 1, h, NULL, 0, 0, 0, gx, gy, filter_ctx, custom_count, query_flags, max_iterations, out, capacity);
}

W_API int w_world_project(c2d_world *w, double item, const double *e, double sx, double sy, double angle,
                          double gx, double gy, int filter_ctx, int query_flags, double *out, int capacity) {
    return w_move_op(w, 2, item, e, sx, sy, angle, gx, gy, filter_ctx, 0, query_flags, 0, out, capacity);
}

W_API int w_collision_len(void) { return W_COLLISION_LEN; }
W_API int w_max_custom_responses(void) { return W_MAX_CUSTOM; }
