/* libFuzzer target: arbitrary bytes become a sequence of operations on a c2d_world (add, remove,
 * set transform / filter / flags / user data, update, and every query kind, with bit patterns
 * that include NaN, infinities and out-of-range values), run beside a simple reference world kept
 * here: a plain array of slots with their handles, flags, filters and user data, brute-force
 * queries over c2d_world_get_piece and the narrow phase, and the event state of the previous
 * update. Checked on every step:
 *  - no crash, no undefined behaviour, no leak (ASan/UBSan, LeakSanitizer);
 *  - every status is the reference's: a live handle is accepted, a removed or never-made one gets
 *    C2D_ERR_BAD_ID, a refused add or change leaves the world as it was (count, info);
 *  - counts, get() and contains() agree with the reference;
 *  - query results are exactly the brute-force sets, in the documented order;
 *  - update's BEGIN / STAY / END events are exactly the reference's pair changes, sorted;
 *  - c2d_world_validate holds after every step.
 * Built with COLLIDE2D_FUZZ=ON (Clang); `make check-fuzz` runs it from a fixed seed. */
#include <collide2d.h>

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_SLOTS 48
#define MAX_OPS 160
#define MAX_PIECES 64

typedef struct bytes {
    const uint8_t *p;
    size_t n;
} bytes;

static uint8_t take_byte(bytes *b) {
    uint8_t v = 0;
    if (b->n > 0) {
        v = *b->p++;
        b->n--;
    }
    return v;
}

static void fail(const char *what) {
    fprintf(stderr, "fuzz_world: %s\n", what);
    abort();
}

#define CHECK(cond, what)    \
  do {                       \
    if (!(cond)) fail(what); \
  } while (0)

/* A coordinate: mostly a small grid value (touching, shared edges and exact ties are common),
 * sometimes a special value. */
static c2d_real take_real(bytes *b) {
    static const double special[] = {0.0, NAN, INFINITY, -INFINITY, 1e-30, (double)C2D_MAX_COORD * 2, 1e6, -0.5};
    uint8_t mode = take_byte(b);
    if (mode < 248) return (c2d_real)((int8_t)take_byte(b)) / 8;
    return (c2d_real)special[mode % 8];
}

static c2d_vec2 take_vec(bytes *b) {
    c2d_real x = take_real(b);
    return c2d_v2(x, take_real(b));
}

/* A size in (0, 4], or a bad one now and then. */
static c2d_real take_size(bytes *b) {
    uint8_t v = take_byte(b);
    if (v == 255) return (c2d_real)-1;
    if (v == 254) return (c2d_real)NAN;
    return (c2d_real)(1 + v % 32) / 8;
}

static c2d_shape take_shape(bytes *b) {
    c2d_shape s;
    uint8_t kind = take_byte(b) % 6;
    memset(&s, 0, sizeof s);
    switch (kind) {
    case 0: s = c2d_shape_from_point(take_vec(b)); break;
    case 1: {
        c2d_segment g;
        g.p1 = take_vec(b);
        g.p2 = take_vec(b);
        s = c2d_shape_from_segment(g);
        break;
    }
    case 2: {
        c2d_aabb a;
        c2d_vec2 c = take_vec(b);
        c2d_real hx = take_size(b), hy = take_size(b);
        a.lower = c2d_v2(c.x - hx, c.y - hy);
        a.upper = c2d_v2(c.x + hx, c.y + hy);
        s = c2d_shape_from_aabb(a);
        break;
    }
    case 3: {
        c2d_circle c;
        c.center = take_vec(b);
        c.radius = take_size(b);
        s = c2d_shape_from_circle(c);
        break;
    }
    case 4: {
        c2d_capsule c;
        c.p1 = take_vec(b);
        c.p2 = take_vec(b);
        c.radius = take_size(b);
        s = c2d_shape_from_capsule(c);
        break;
    }
    default: {
        c2d_vec2 pts[8];
        c2d_polygon p;
        int i, n = 3 + take_byte(b) % 6;
        for (i = 0; i < n; ++i) pts[i] = take_vec(b);
        if (n > C2D_MAX_POLYGON_VERTICES) n = C2D_MAX_POLYGON_VERTICES;
        memset(&p, 0, sizeof p);
        if (c2d_polygon_make(pts, n, &p) != C2D_OK) {
            /* a refused polygon stays as the zeroed struct: the world must refuse it too */
            memset(&p, 0, sizeof p);
        }
        s = c2d_shape_from_polygon(&p);
        break;
    }
    }
    return s;
}

static c2d_transform take_xf(bytes *b) {
    c2d_transform t;
    uint8_t r = take_byte(b);
    t.p = take_vec(b);
    if (r < 128) t.q = c2d_rot_identity();
    else if (r < 250) t.q = c2d_rot_make((c2d_real)(r - 128) * (c2d_real)0.05);
    else {
        t.q.c = 0; /* the zeroed rotation: "no rotation" */
        t.q.s = 0;
    }
    return t;
}

static c2d_filter take_filter(bytes *b) {
    c2d_filter f;
    uint8_t v = take_byte(b);
    f.category_bits = v & 3;
    f.mask_bits = (v >> 2) & 3;
    f.group_index = ((v >> 4) & 3) == 0 ? 0 : (int32_t)((v >> 4) & 3) - 2; /* -1, 0, 1 */
    return f;
}

/* ---- the reference ---- */

typedef struct slot {
    bool live;
    c2d_collider_id id;
    uint32_t flags;
    c2d_filter filter;
    uint64_t user_data;
} slot;

typedef struct ref_world {
    slot s[MAX_SLOTS];
    int count;
    c2d_collider_id dead[MAX_OPS]; /* handles removed, for stale-handle calls */
    int dead_count;
    uint8_t pairs[MAX_SLOTS][MAX_SLOTS]; /* overlapping at the last update, by slot (i < j) */
} ref_world;

static int slot_of(const ref_world *r, c2d_collider_id id) {
    int i;
    for (i = 0; i < MAX_SLOTS; ++i) {
        if (r->s[i].live && c2d_collider_id_equal(r->s[i].id, id)) return i;
    }
    return -1;
}

/* Box2D's rule with zero fields as defaults (world.h). */
static bool ref_filter_allows(c2d_filter a, c2d_filter b) {
    uint64_t ca = a.category_bits ? a.category_bits : 1, cb = b.category_bits ? b.category_bits : 1;
    uint64_t ma = a.mask_bits ? a.mask_bits : ~(uint64_t)0, mb = b.mask_bits ? b.mask_bits : ~(uint64_t)0;
    if (a.group_index == b.group_index && a.group_index != 0) return a.group_index > 0;
    return (ca & mb) != 0 && (cb & ma) != 0;
}

/* The placed pieces of a live collider (geometry comes from the world: the reference checks
 * bookkeeping, filters, order and events, not placement). */
static int ref_pieces(const c2d_world *w, c2d_collider_id id, c2d_shape *out) {
    c2d_collider_info info;
    int i, n;
    CHECK(c2d_world_get(w, id, &info) == C2D_OK, "get failed on a live collider");
    n = info.piece_count;
    CHECK(n >= 1 && n <= MAX_PIECES, "piece count out of range");
    for (i = 0; i < n; ++i) CHECK(c2d_world_get_piece(w, id, i, &out[i]) == C2D_OK, "get_piece failed");
    return n;
}

static bool ref_overlap(const c2d_world *w, c2d_collider_id id, const c2d_shape *q) {
    c2d_shape pieces[MAX_PIECES];
    int i, n = ref_pieces(w, id, pieces);
    for (i = 0; i < n; ++i) {
        if (c2d_shape_overlap(q, &pieces[i])) return true;
    }
    return false;
}

static bool ref_pair_overlap(const c2d_world *w, c2d_collider_id a, c2d_collider_id b) {
    c2d_shape pa[MAX_PIECES];
    int i, n = ref_pieces(w, a, pa);
    for (i = 0; i < n; ++i) {
        if (ref_overlap(w, b, &pa[i])) return true;
    }
    return false;
}

/* Slots by collider index, live ones only. */
static int ref_sorted(const ref_world *r, int *order) {
    int i, j, n = 0;
    for (i = 0; i < MAX_SLOTS; ++i) {
        if (!r->s[i].live) continue;
        for (j = n; j > 0 && r->s[order[j - 1]].id.index > r->s[i].id.index; --j) order[j] = order[j - 1];
        order[j] = i;
        ++n;
    }
    return n;
}

static void check_same_ids(const c2d_collider_id *got, int32_t total, const c2d_collider_id *want, int n, const char *what) {
    int i;
    if (total != n) {
        fprintf(stderr, "fuzz_world: %s: %d results, brute force %d\n", what, (int)total, n);
        abort();
    }
    for (i = 0; i < n; ++i) {
        if (!c2d_collider_id_equal(got[i], want[i])) {
            fprintf(stderr, "fuzz_world: %s: result %d is index %d, brute force index %d\n", what, i, (int)got[i].index,
                    (int)want[i].index);
            abort();
        }
    }
}

/* Overlap-style queries: the query's ids are exactly the enabled colliders the shape overlaps. */
static void check_overlap_query(const c2d_world *w, const ref_world *r, const c2d_shape *q, c2d_status st,
                                const c2d_collider_id *got, int32_t total, const char *what) {
    c2d_collider_id want[MAX_SLOTS];
    int order[MAX_SLOTS], i, n, k = 0;
    if (st != C2D_OK) return;
    n = ref_sorted(r, order);
    for (i = 0; i < n; ++i) {
        const slot *s = &r->s[order[i]];
        if (s->flags & C2D_COLLIDER_DISABLED) continue;
        if (ref_overlap(w, s->id, q)) want[k++] = s->id;
    }
    check_same_ids(got, total, want, k, what);
}

static void check_counts(const c2d_world *w, const ref_world *r) {
    c2d_collider_id ids[MAX_SLOTS];
    int32_t total = -1;
    int order[MAX_SLOTS], i, n;
    CHECK(c2d_world_count(w) == r->count, "count differs from the reference");
    c2d_collider_id want[MAX_SLOTS];
    CHECK(c2d_world_get_ids(w, ids, MAX_SLOTS, &total) == C2D_OK, "get_ids failed");
    n = ref_sorted(r, order);
    for (i = 0; i < n; ++i) want[i] = r->s[order[i]].id;
    check_same_ids(ids, total, want, n, "get_ids");
    for (i = 0; i < MAX_SLOTS; ++i) {
        c2d_collider_info info;
        if (!r->s[i].live) continue;
        CHECK(c2d_world_contains(w, r->s[i].id), "a live collider is not contained");
        CHECK(c2d_world_get(w, r->s[i].id, &info) == C2D_OK, "get failed");
        CHECK(info.flags == r->s[i].flags, "flags differ");
        CHECK(info.user_data == r->s[i].user_data, "user data differs");
        CHECK(info.filter.category_bits == r->s[i].filter.category_bits && info.filter.mask_bits == r->s[i].filter.mask_bits &&
                  info.filter.group_index == r->s[i].filter.group_index,
              "filter differs");
    }
    for (i = 0; i < r->dead_count; ++i) CHECK(!c2d_world_contains(w, r->dead[i]), "a removed handle is contained");
}

/* The pairs the reference says overlap now, compared with update's events. */
static void check_update(c2d_world *w, ref_world *r) {
    const c2d_world_event *ev = NULL;
    int32_t count = -1, k = 0;
    int order[MAX_SLOTS], n, i, j;
    uint8_t now[MAX_SLOTS][MAX_SLOTS];
    CHECK(c2d_world_update(w, &ev, &count) == C2D_OK, "update failed");
    memset(now, 0, sizeof now);
    n = ref_sorted(r, order);
    for (i = 0; i < n; ++i) {
        for (j = i + 1; j < n; ++j) {
            const slot *a = &r->s[order[i]], *b = &r->s[order[j]];
            if ((a->flags & C2D_COLLIDER_DISABLED) || (b->flags & C2D_COLLIDER_DISABLED)) continue;
            if ((a->flags & C2D_COLLIDER_STATIC) && (b->flags & C2D_COLLIDER_STATIC)) continue;
            if (!ref_filter_allows(a->filter, b->filter)) continue;
            if (ref_pair_overlap(w, a->id, b->id)) now[order[i]][order[j]] = now[order[j]][order[i]] = 1;
        }
    }
    /* Walk the live pairs in (index, index) order. A removed collider's pairs were cleared from
     * r->pairs at its removal; their END events (handles no longer live) are skipped here. */
    for (i = 0; i < n; ++i) {
        for (j = i + 1; j < n; ++j) {
            int si = order[i], sj = order[j];
            int type = -1;
            if (r->pairs[si][sj] && now[si][sj]) type = C2D_EVENT_STAY;
            else if (r->pairs[si][sj]) type = C2D_EVENT_END;
            else if (now[si][sj]) type = C2D_EVENT_BEGIN;
            if (type < 0) continue;
            /* skip END events of removed colliders, which come first for their (older) indexes */
            while (k < count && (!c2d_world_contains(w, ev[k].a) || !c2d_world_contains(w, ev[k].b))) {
                CHECK(ev[k].type == C2D_EVENT_END, "an event with a removed collider is not END");
                ++k;
            }
            if (k >= count) {
                fprintf(stderr, "fuzz_world: missing event %d for indexes (%d, %d)\n", type, (int)r->s[si].id.index,
                        (int)r->s[sj].id.index);
                abort();
            }
            if (!c2d_collider_id_equal(ev[k].a, r->s[si].id) || !c2d_collider_id_equal(ev[k].b, r->s[sj].id) ||
                (int)ev[k].type != type) {
                fprintf(stderr, "fuzz_world: event %d is (%d, %d) type %d, reference (%d, %d) type %d\n", (int)k,
                        (int)ev[k].a.index, (int)ev[k].b.index, (int)ev[k].type, (int)r->s[si].id.index,
                        (int)r->s[sj].id.index, type);
                abort();
            }
            ++k;
        }
    }
    while (k < count) {
        CHECK(ev[k].type == C2D_EVENT_END && (!c2d_world_contains(w, ev[k].a) || !c2d_world_contains(w, ev[k].b)),
              "an extra event");
        ++k;
    }
    for (i = 1; i < count; ++i) {
        CHECK(ev[i - 1].a.index < ev[i].a.index || (ev[i - 1].a.index == ev[i].a.index && ev[i - 1].b.index <= ev[i].b.index),
              "events not sorted by index pair");
    }
    memcpy(r->pairs, now, sizeof now);
}

static void check_queries(const c2d_world *w, const ref_world *r, bytes *b) {
    c2d_collider_id got[MAX_SLOTS];
    int32_t total = -1;
    c2d_status st;
    uint8_t kind = take_byte(b) % 5;
    if (kind == 0) {
        c2d_vec2 p = take_vec(b);
        c2d_shape q = c2d_shape_from_point(p);
        st = c2d_world_query_point(w, p, NULL, got, MAX_SLOTS, &total);
        CHECK(st == C2D_OK || !(fabs((double)p.x) <= (double)C2D_MAX_COORD && fabs((double)p.y) <= (double)C2D_MAX_COORD),
              "query_point refused a valid point");
        check_overlap_query(w, r, &q, st, got, total, "query_point");
    } else if (kind == 1) {
        c2d_shape q = take_shape(b);
        st = c2d_world_overlap_shape(w, &q, NULL, got, MAX_SLOTS, &total);
        CHECK((st == C2D_OK) == c2d_shape_is_valid(&q), "overlap_shape's status disagrees with c2d_shape_is_valid");
        check_overlap_query(w, r, &q, st, got, total, "overlap_shape");
    } else if (kind == 2) {
        c2d_raycast_input in;
        c2d_world_hit hits[MAX_SLOTS];
        c2d_world_hit first;
        bool found = false;
        int order[MAX_SLOTS], n, i, k = 0;
        c2d_collider_id want[MAX_SLOTS];
        c2d_real times[MAX_SLOTS];
        in.origin = take_vec(b);
        in.translation = take_vec(b);
        in.max_fraction = 1;
        st = c2d_world_raycast_all(w, in, NULL, hits, MAX_SLOTS, &total);
        if (st != C2D_OK) return;
        n = ref_sorted(r, order);
        for (i = 0; i < n; ++i) {
            const slot *s = &r->s[order[i]];
            c2d_shape pieces[MAX_PIECES];
            c2d_hit h;
            int pc, j;
            bool hit = false;
            c2d_real t = 0;
            if (s->flags & C2D_COLLIDER_DISABLED) continue;
            pc = ref_pieces(w, s->id, pieces);
            if (pc > 1) return; /* concave: rays test the outline, not the pieces (world.h) */
            for (j = 0; j < pc; ++j) {
                if (c2d_shape_raycast(&pieces[j], in, &h) && (!hit || h.time < t)) {
                    hit = true;
                    t = h.time;
                }
            }
            if (!hit) continue;
            /* insert by (time, index) */
            for (j = k; j > 0 && times[j - 1] > t; --j) {
                want[j] = want[j - 1];
                times[j] = times[j - 1];
            }
            want[j] = s->id;
            times[j] = t;
            ++k;
        }
        {
            c2d_collider_id ids[MAX_SLOTS];
            int32_t m = total < MAX_SLOTS ? total : MAX_SLOTS, j;
            for (j = 0; j < m; ++j) {
                ids[j] = hits[j].id;
                CHECK(hits[j].hit.time == times[j], "raycast_all time differs from brute force");
            }
            check_same_ids(ids, total, want, k, "raycast_all");
        }
        CHECK(c2d_world_raycast_first(w, in, NULL, &first, &found) == C2D_OK, "raycast_first failed where raycast_all did not");
        CHECK(found == (k > 0), "raycast_first found differs");
        if (found) CHECK(c2d_collider_id_equal(first.id, want[0]) && first.hit.time == times[0], "raycast_first differs");
    } else if (kind == 3) {
        c2d_shape q = take_shape(b);
        c2d_vec2 d = take_vec(b);
        c2d_world_cast_hit first;
        bool found = false;
        st = c2d_world_cast_first(w, &q, d, NULL, &first, &found);
        if (st != C2D_OK) return;
        CHECK(!found || (first.sweep.has_hit && isfinite((double)first.sweep.time) && first.sweep.time >= 0 && first.sweep.time <= 1),
              "cast_first: a bad sweep");
        if (found && first.sweep.hit.time > 0) {
            /* the safe position keeps clear of the collider hit (world.h, shape.h) */
            c2d_shape pieces[MAX_PIECES], moved;
            c2d_transform t = c2d_transform_identity();
            int i, pc = ref_pieces(w, first.id, pieces);
            t.p = c2d_scale(d, first.sweep.time);
            moved = c2d_shape_transform(&q, t);
            for (i = 0; i < pc; ++i) CHECK(!c2d_shape_overlap(&moved, &pieces[i]), "cast_first's safe position overlaps the collider hit");
        }
    } else {
        c2d_aabb box;
        c2d_vec2 c = take_vec(b);
        c2d_real hx = take_size(b), hy = take_size(b);
        box.lower = c2d_v2(c.x - hx, c.y - hy);
        box.upper = c2d_v2(c.x + hx, c.y + hy);
        st = c2d_world_query_aabb(w, box, NULL, got, MAX_SLOTS, &total);
        CHECK((st == C2D_OK) == c2d_aabb_is_valid(box), "query_aabb's status disagrees with c2d_aabb_is_valid");
        {
            c2d_shape q = c2d_shape_from_aabb(box);
            check_overlap_query(w, r, &q, st, got, total, "query_aabb");
        }
    }
}

/* A handle to act on: usually a live one, sometimes a removed or a made-up one. */
static c2d_collider_id take_id(const ref_world *r, bytes *b, int *slot_index) {
    uint8_t v = take_byte(b);
    int i;
    *slot_index = -1;
    if (v < 220 && r->count > 0) {
        int k = v % r->count;
        for (i = 0; i < MAX_SLOTS; ++i) {
            if (r->s[i].live && k-- == 0) {
                *slot_index = i;
                return r->s[i].id;
            }
        }
    }
    if (v < 245 && r->dead_count > 0) return r->dead[v % r->dead_count];
    {
        c2d_collider_id id;
        id.index = (int32_t)take_byte(b) - 8;
        id.world = take_byte(b);
        id.generation = take_byte(b);
        if (slot_of(r, id) >= 0) *slot_index = slot_of(r, id);
        return id;
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    static ref_world r;
    c2d_world *w = NULL;
    c2d_world_config cfg;
    bytes b = {data, size};
    int ops;
    memset(&r, 0, sizeof r);
    memset(&cfg, 0, sizeof cfg);
    cfg.id_tag = 7;
    cfg.max_colliders = MAX_SLOTS;
    {
        uint8_t v = take_byte(&b);
        cfg.static_index = (c2d_world_index)(v % 6);
        cfg.moving_index = (c2d_world_index)((v / 6) % 6);
        if (cfg.moving_index == C2D_WORLD_INDEX_STATIC_TREE) cfg.moving_index = C2D_WORLD_INDEX_DEFAULT;
    }
    CHECK(c2d_world_create(&cfg, &w) == C2D_OK, "create failed");
    for (ops = 0; ops < MAX_OPS && b.n > 0; ++ops) {
        uint8_t op = take_byte(&b) % 8;
        int si = -1;
        switch (op) {
        case 0:
        case 1: { /* add */
            c2d_collider_def def;
            c2d_collider_id id;
            c2d_status st;
            int i, free_slot = -1;
            memset(&def, 0, sizeof def);
            def.shape = take_shape(&b);
            def.transform = take_xf(&b);
            def.filter = take_filter(&b);
            def.flags = take_byte(&b) & 7;
            def.user_data = take_byte(&b);
            st = c2d_world_add(w, &def, &id);
            if (st == C2D_OK) {
                CHECK(r.count < MAX_SLOTS, "add accepted more than max_colliders");
                CHECK(slot_of(&r, id) < 0, "add returned a live handle");
                for (i = 0; i < MAX_SLOTS && free_slot < 0; ++i) {
                    if (!r.s[i].live) free_slot = i;
                }
                r.s[free_slot].live = true;
                r.s[free_slot].id = id;
                r.s[free_slot].flags = def.flags;
                r.s[free_slot].filter = def.filter;
                r.s[free_slot].user_data = def.user_data;
                memset(r.pairs[free_slot], 0, sizeof r.pairs[free_slot]);
                for (i = 0; i < MAX_SLOTS; ++i) r.pairs[i][free_slot] = 0;
                ++r.count;
            } else {
                CHECK(c2d_collider_id_is_null(id), "a refused add wrote a handle");
                CHECK(r.count == MAX_SLOTS || st != C2D_ERR_FULL, "FULL when not full");
            }
            break;
        }
        case 2: { /* remove */
            c2d_collider_id id = take_id(&r, &b, &si);
            c2d_status st = c2d_world_remove(w, id);
            if (si >= 0) {
                int i;
                CHECK(st == C2D_OK, "remove refused a live handle");
                r.s[si].live = false;
                --r.count;
                if (r.dead_count < MAX_OPS) r.dead[r.dead_count++] = id;
                for (i = 0; i < MAX_SLOTS; ++i) r.pairs[si][i] = r.pairs[i][si] = 0;
            } else {
                CHECK(st == C2D_ERR_BAD_ID, "remove of a dead or made-up handle is not BAD_ID");
            }
            break;
        }
        case 3: { /* set_transform */
            c2d_collider_id id = take_id(&r, &b, &si);
            c2d_transform t = take_xf(&b);
            c2d_collider_info before, after;
            c2d_status st;
            if (si >= 0) CHECK(c2d_world_get(w, id, &before) == C2D_OK, "get failed");
            st = c2d_world_set_transform(w, id, t);
            if (si < 0) CHECK(st == C2D_ERR_BAD_ID, "set_transform of a dead handle is not BAD_ID");
            else if (st != C2D_OK) {
                CHECK(c2d_world_get(w, id, &after) == C2D_OK, "get failed");
                CHECK(memcmp(&before.transform, &after.transform, sizeof before.transform) == 0 &&
                          memcmp(&before.aabb, &after.aabb, sizeof before.aabb) == 0,
                      "a refused set_transform changed the collider");
            }
            break;
        }
        case 4: { /* set_filter */
            c2d_collider_id id = take_id(&r, &b, &si);
            c2d_filter f = take_filter(&b);
            c2d_status st = c2d_world_set_filter(w, id, f);
            if (si >= 0) {
                CHECK(st == C2D_OK, "set_filter refused a live handle");
                r.s[si].filter = f;
            } else {
                CHECK(st == C2D_ERR_BAD_ID, "set_filter of a dead handle is not BAD_ID");
            }
            break;
        }
        case 5: { /* set_flags (bit 3 is unknown: refused) */
            c2d_collider_id id = take_id(&r, &b, &si);
            uint32_t flags = take_byte(&b) & 15;
            c2d_status st = c2d_world_set_flags(w, id, flags);
            if (si < 0) CHECK(st == C2D_ERR_BAD_ID, "set_flags of a dead handle is not BAD_ID");
            else if (flags & 8) CHECK(st == C2D_ERR_UNSUPPORTED, "set_flags took an unknown bit");
            else {
                CHECK(st == C2D_OK, "set_flags refused known bits");
                r.s[si].flags = flags;
            }
            break;
        }
        case 6:
            check_update(w, &r);
            break;
        default:
            check_queries(w, &r, &b);
            break;
        }
        CHECK(c2d_world_validate(w), "c2d_world_validate failed");
        check_counts(w, &r);
    }
    CHECK(c2d_world_destroy(w) == C2D_OK, "destroy failed");
    return 0;
}
