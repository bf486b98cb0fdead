/* The world: every query against brute force over the narrow phase under random changes, filters,
 * handles, bad input, events, determinism, the lazy static rebuild, busy callbacks, tile maps,
 * and concave decomposition. */
#include "test_util.h"

/* ---- random colliders ---- */

/* An L-shaped concave outline (6 vertices, counter-clockwise) of size s, in the local frame. */
static const c2d_vec2 *l_shape(double s) {
    static c2d_vec2 v[6];
    v[0] = c2d_v2(0, 0);
    v[1] = c2d_v2((c2d_real)(2 * s), 0);
    v[2] = c2d_v2((c2d_real)(2 * s), (c2d_real)s);
    v[3] = c2d_v2((c2d_real)s, (c2d_real)s);
    v[4] = c2d_v2((c2d_real)s, (c2d_real)(2 * s));
    v[5] = c2d_v2(0, (c2d_real)(2 * s));
    return v;
}

/* A random local convex shape of any kind (around the origin, size up to ~3). */
static c2d_shape random_local_shape(test_rng *r) {
    int kind = (int)(test_rng_next(r) % 6);
    double a = test_rng_range(r, 0.2, 1.5), b = test_rng_range(r, 0.2, 1.5);
    switch (kind) {
    case 0: return c2d_shape_from_point(c2d_v2((c2d_real)test_rng_range(r, -1, 1), (c2d_real)test_rng_range(r, -1, 1)));
    case 1: return c2d_shape_from_segment(seg(-a, -b, a, b * test_rng_range(r, -1, 1)));
    case 2: return c2d_shape_from_aabb(box_c(0, 0, a, b));
    case 3: return c2d_shape_from_circle(circ(0, 0, a));
    case 4: return c2d_shape_from_capsule(caps(-a, 0, a, 0, b * 0.5));
    default: {
        double xy[12];
        int i, n = 3 + (int)(test_rng_next(r) % 4);
        if (n > C2D_MAX_POLYGON_VERTICES) n = C2D_MAX_POLYGON_VERTICES; /* the 4-vertex build */
        for (i = 0; i < n; ++i) {
            double t = 2 * M_PI * i / n + test_rng_range(r, 0, 0.5);
            xy[2 * i] = a * cos(t);
            xy[2 * i + 1] = b * sin(t);
        }
        {
            c2d_polygon p = poly_n(n, xy);
            return c2d_shape_from_polygon(&p);
        }
    }
    }
}

static c2d_transform random_xf(test_rng *r, double extent) {
    double ang = (test_rng_next(r) % 3 == 0) ? 0 : test_rng_range(r, -3.1, 3.1);
    return c2d_transform_make(c2d_v2((c2d_real)test_rng_range(r, -extent, extent), (c2d_real)test_rng_range(r, -extent, extent)),
                              (c2d_real)ang);
}

static c2d_concave g_l_concave;
static const c2d_concave *l_concave(void) {
    assert_status(c2d_concave_make(l_shape(1), 6, &g_l_concave), C2D_OK);
    return &g_l_concave;
}

static c2d_status add_random(c2d_world *w, test_rng *r, double extent, c2d_collider_id *id) {
    c2d_collider_def def;
    memset(&def, 0, sizeof def);
    if (test_rng_next(r) % 8 == 0) def.concave = l_concave();
    else def.shape = random_local_shape(r);
    def.transform = random_xf(r, extent);
    def.flags = (test_rng_next(r) % 3 == 0) ? C2D_COLLIDER_STATIC : 0;
    if (test_rng_next(r) % 10 == 0) def.flags |= C2D_COLLIDER_SENSOR;
    if (test_rng_next(r) % 15 == 0) def.flags |= C2D_COLLIDER_DISABLED;
    def.filter.category_bits = (uint64_t)1 << (test_rng_next(r) % 3);
    def.user_data = test_rng_next(r);
    return c2d_world_add(w, &def, id);
}

/* ---- brute force over the narrow phase ---- */

enum { MAXC = 512 };

typedef struct live {
    c2d_collider_id ids[MAXC];
    int32_t n;
} live;

static void live_ids(const c2d_world *w, live *l) {
    int32_t total;
    assert_status(c2d_world_get_ids(w, l->ids, MAXC, &total), C2D_OK);
    assert_true(total <= MAXC);
    l->n = total;
}

/* The brute-force filter: enabled, flags, query bits (category 0/mask 0 = all). */
static bool bf_pass(const c2d_world *w, c2d_collider_id id, const c2d_query_filter *f) {
    c2d_collider_info info;
    c2d_filter qf;
    assert_status(c2d_world_get(w, id, &info), C2D_OK);
    if (info.flags & C2D_COLLIDER_DISABLED) return false;
    if (!f) return true;
    if ((f->flags & C2D_QUERY_SKIP_SENSORS) && (info.flags & C2D_COLLIDER_SENSOR)) return false;
    if ((f->flags & C2D_QUERY_SKIP_STATIC) && (info.flags & C2D_COLLIDER_STATIC)) return false;
    if ((f->flags & C2D_QUERY_SKIP_MOVING) && !(info.flags & C2D_COLLIDER_STATIC)) return false;
    qf.category_bits = f->category_bits ? f->category_bits : ~(uint64_t)0;
    qf.mask_bits = f->mask_bits;
    qf.group_index = f->group_index;
    return c2d_filter_allows(qf, info.filter);
}

static int pieces_of(const c2d_world *w, c2d_collider_id id, c2d_shape *out) {
    c2d_collider_info info;
    int k;
    assert_status(c2d_world_get(w, id, &info), C2D_OK);
    assert_true(info.piece_count >= 1 && info.piece_count <= 8);
    for (k = 0; k < info.piece_count; ++k) assert_status(c2d_world_get_piece(w, id, k, &out[k]), C2D_OK);
    return info.piece_count;
}

static bool bf_overlap(const c2d_world *w, c2d_collider_id id, const c2d_shape *q) {
    c2d_shape p[8];
    int k, n = pieces_of(w, id, p);
    c2d_collider_info info;
    assert_status(c2d_world_get(w, id, &info), C2D_OK);
    if (info.is_concave && q->type == C2D_SHAPE_POINT) return c2d_concave_contains_point(&info.world_concave, q->as.point);
    if (info.is_concave && q->type == C2D_SHAPE_SEGMENT) return c2d_concave_overlap_segment(&info.world_concave, q->as.segment);
    for (k = 0; k < n; ++k)
        if (c2d_shape_overlap(q, &p[k])) return true;
    return false;
}

static bool bf_ray(const c2d_world *w, c2d_collider_id id, c2d_raycast_input in, c2d_real *t) {
    c2d_shape p[8];
    int k, n = pieces_of(w, id, p);
    bool any = false;
    c2d_collider_info info;
    assert_status(c2d_world_get(w, id, &info), C2D_OK);
    if (info.is_concave) {
        c2d_hit h;
        if (!c2d_concave_raycast(&info.world_concave, in, &h)) return false;
        *t = h.time;
        return true;
    }
    for (k = 0; k < n; ++k) {
        c2d_hit h;
        if (c2d_shape_raycast(&p[k], in, &h) && (!any || h.time < *t)) {
            *t = h.time;
            any = true;
        }
    }
    return any;
}

static bool bf_cast(const c2d_world *w, c2d_collider_id id, const c2d_shape *s, c2d_vec2 d, c2d_real *t) {
    c2d_shape p[8];
    int k, n = pieces_of(w, id, p);
    bool any = false;
    for (k = 0; k < n; ++k) {
        c2d_sweep sw = c2d_shape_cast(s, d, &p[k], c2d_v2(0, 0));
        if (sw.has_hit && (!any || sw.hit.time < *t)) {
            *t = sw.hit.time;
            any = true;
        }
    }
    return any;
}

static bool bf_dist(const c2d_world *w, c2d_collider_id id, const c2d_shape *s, c2d_real maxd, c2d_real *dist) {
    c2d_shape p[8];
    int k, n = pieces_of(w, id, p);
    bool any = false;
    for (k = 0; k < n; ++k) {
        c2d_distance_result d = c2d_shape_distance(s, &p[k]);
        if (d.status == C2D_DISTANCE_INVALID_INPUT || !(d.distance <= maxd)) continue;
        if (!any || d.distance < *dist) *dist = d.distance;
        any = true;
    }
    return any;
}

/* Every query of the world against brute force, for one random query of each kind. */
static void check_queries(const c2d_world *w, test_rng *r, double extent, const c2d_query_filter *f) {
    live l;
    c2d_collider_id got[MAXC], want[MAXC];
    static c2d_world_hit hits[MAXC];
    static c2d_world_cast_hit casts[MAXC];
    int32_t total, nw, i;
    c2d_shape q = random_local_shape(r);
    c2d_shape qs;
    c2d_vec2 pt = c2d_v2((c2d_real)test_rng_range(r, -extent, extent), (c2d_real)test_rng_range(r, -extent, extent));
    c2d_aabb box = box_c(test_rng_range(r, -extent, extent), test_rng_range(r, -extent, extent), test_rng_range(r, 0.1, 4),
                         test_rng_range(r, 0.1, 4));
    c2d_raycast_input ray;
    c2d_vec2 delta;
    live_ids(w, &l);
    qs = c2d_shape_transform(&q, random_xf(r, extent));

    /* point */
    assert_status(c2d_world_query_point(w, pt, f, got, MAXC, &total), C2D_OK);
    for (nw = 0, i = 0; i < l.n; ++i) {
        c2d_shape ps = c2d_shape_from_point(pt);
        if (bf_pass(w, l.ids[i], f) && bf_overlap(w, l.ids[i], &ps)) want[nw++] = l.ids[i];
    }
    assert_int_equal(total, nw);
    for (i = 0; i < nw; ++i) assert_true(c2d_collider_id_equal(got[i], want[i]));
    /* box */
    assert_status(c2d_world_query_aabb(w, box, f, got, MAXC, &total), C2D_OK);
    for (nw = 0, i = 0; i < l.n; ++i) {
        c2d_shape bs = c2d_shape_from_aabb(box);
        if (bf_pass(w, l.ids[i], f) && bf_overlap(w, l.ids[i], &bs)) want[nw++] = l.ids[i];
    }
    assert_int_equal(total, nw);
    for (i = 0; i < nw; ++i) assert_true(c2d_collider_id_equal(got[i], want[i]));
    /* shape: ids, and the hits list names the same colliders; a small buffer keeps the first ones */
    assert_status(c2d_world_overlap_shape(w, &qs, f, got, MAXC, &total), C2D_OK);
    for (nw = 0, i = 0; i < l.n; ++i)
        if (bf_pass(w, l.ids[i], f) && bf_overlap(w, l.ids[i], &qs)) want[nw++] = l.ids[i];
    assert_int_equal(total, nw);
    for (i = 0; i < nw; ++i) assert_true(c2d_collider_id_equal(got[i], want[i]));
    assert_status(c2d_world_overlap_shape_hits(w, &qs, f, hits, MAXC, &total), C2D_OK);
    assert_int_equal(total, nw);
    for (i = 0; i < nw; ++i) {
        assert_true(c2d_collider_id_equal(hits[i].id, want[i]));
        assert_hit_finite(hits[i].hit);
    }
    if (nw > 1) {
        c2d_collider_id two[2];
        assert_status(c2d_world_overlap_shape(w, &qs, f, two, 1, &total), C2D_OK);
        assert_int_equal(total, nw);
        assert_true(c2d_collider_id_equal(two[0], want[0]));
    }
    /* ray: all hits sorted by (time, index), first hit */
    ray.origin = c2d_v2((c2d_real)test_rng_range(r, -extent, extent), (c2d_real)test_rng_range(r, -extent, extent));
    ray.translation = c2d_v2((c2d_real)test_rng_range(r, -extent, extent), (c2d_real)test_rng_range(r, -extent, extent));
    ray.max_fraction = (c2d_real)test_rng_range(r, 0.2, 2);
    assert_status(c2d_world_raycast_all(w, ray, f, hits, MAXC, &total), C2D_OK);
    {
        c2d_real times[MAXC];
        int32_t j;
        for (nw = 0, i = 0; i < l.n; ++i)
            if (bf_pass(w, l.ids[i], f) && bf_ray(w, l.ids[i], ray, &times[nw])) want[nw++] = l.ids[i];
        assert_int_equal(total, nw);
        for (i = 0; i < total; ++i) {
            /* hits[i] is a brute-force hit with the same time */
            for (j = 0; j < nw; ++j)
                if (c2d_collider_id_equal(want[j], hits[i].id)) break;
            assert_true(j < nw);
            assert_true(hits[i].hit.time == times[j]);
            if (i > 0)
                assert_true(hits[i - 1].hit.time < hits[i].hit.time ||
                            (hits[i - 1].hit.time == hits[i].hit.time && hits[i - 1].id.index < hits[i].id.index));
        }
        {
            c2d_world_hit first;
            bool found;
            assert_status(c2d_world_raycast_first(w, ray, f, &first, &found), C2D_OK);
            assert_int_equal(found, total > 0);
            if (found) {
                assert_true(c2d_collider_id_equal(first.id, hits[0].id));
                assert_true(first.hit.time == hits[0].hit.time);
            }
        }
    }
    /* shape cast */
    delta = c2d_v2((c2d_real)test_rng_range(r, -extent, extent), (c2d_real)test_rng_range(r, -extent, extent));
    assert_status(c2d_world_cast_all(w, &qs, delta, f, casts, MAXC, &total), C2D_OK);
    {
        c2d_real times[MAXC];
        int32_t j;
        for (nw = 0, i = 0; i < l.n; ++i)
            if (bf_pass(w, l.ids[i], f) && bf_cast(w, l.ids[i], &qs, delta, &times[nw])) want[nw++] = l.ids[i];
        assert_int_equal(total, nw);
        for (i = 0; i < total; ++i) {
            for (j = 0; j < nw; ++j)
                if (c2d_collider_id_equal(want[j], casts[i].id)) break;
            assert_true(j < nw);
            assert_true(casts[i].sweep.hit.time == times[j]);
            if (i > 0) assert_true(casts[i - 1].sweep.hit.time <= casts[i].sweep.hit.time);
        }
        {
            c2d_world_cast_hit first;
            bool found;
            assert_status(c2d_world_cast_first(w, &qs, delta, f, &first, &found), C2D_OK);
            assert_int_equal(found, total > 0);
            if (found) {
                assert_true(c2d_collider_id_equal(first.id, casts[0].id));
                for (i = 0; i < total; ++i) assert_true(first.sweep.time <= casts[i].sweep.time);
            }
        }
    }
    /* nearest */
    {
        c2d_real maxd = (c2d_real)test_rng_range(r, 0, 5), best = 0, d;
        c2d_collider_id bid = c2d_collider_id_null();
        c2d_world_nearest_hit nh;
        bool found;
        for (i = 0; i < l.n; ++i) {
            if (!bf_pass(w, l.ids[i], f) || !bf_dist(w, l.ids[i], &qs, maxd, &d)) continue;
            if (c2d_collider_id_is_null(bid) || d < best) {
                best = d;
                bid = l.ids[i];
            }
        }
        assert_status(c2d_world_nearest(w, &qs, maxd, f, &nh, &found), C2D_OK);
        assert_int_equal(found, !c2d_collider_id_is_null(bid));
        if (found) {
            assert_true(nh.distance.distance == best);
            assert_true(c2d_collider_id_equal(nh.id, bid));
        }
    }
}

/* Random add / move / remove / set_* sequences, each config of indexes, queries checked against
 * brute force after every step, the world validated. */
static void world_random_ops(c2d_world_index st, c2d_world_index mv, const char *name) {
    test_rng r = test_rng_make(name);
    c2d_world_config cfg;
    c2d_world *w;
    c2d_collider_id ids[MAXC];
    int n = 0, step, steps = test_iterations(300);
    double extent = 12;
    memset(&cfg, 0, sizeof cfg);
    cfg.static_index = st;
    cfg.moving_index = mv;
    assert_status(c2d_world_create(&cfg, &w), C2D_OK);
    for (step = 0; step < steps; ++step) {
        int op = (int)(test_rng_next(&r) % 10);
        if (n < 20 || (op < 3 && n < 200)) {
            assert_status(add_random(w, &r, extent, &ids[n]), C2D_OK);
            ++n;
        } else if (op == 3) {
            int k = (int)(test_rng_next(&r) % (uint64_t)n);
            assert_status(c2d_world_remove(w, ids[k]), C2D_OK);
            assert_status(c2d_world_remove(w, ids[k]), C2D_ERR_BAD_ID); /* stale now */
            ids[k] = ids[--n];
        } else if (op <= 6) {
            int k = (int)(test_rng_next(&r) % (uint64_t)n);
            assert_status(c2d_world_set_transform(w, ids[k], random_xf(&r, extent)), C2D_OK);
        } else if (op == 7) {
            int k = (int)(test_rng_next(&r) % (uint64_t)n);
            c2d_shape s = random_local_shape(&r);
            if (test_rng_next(&r) % 4 == 0) assert_status(c2d_world_set_concave(w, ids[k], l_concave()), C2D_OK);
            else assert_status(c2d_world_set_shape(w, ids[k], &s), C2D_OK);
        } else if (op == 8) {
            int k = (int)(test_rng_next(&r) % (uint64_t)n);
            uint32_t flags = (uint32_t)(test_rng_next(&r) % 8);
            assert_status(c2d_world_set_flags(w, ids[k], flags), C2D_OK);
        } else {
            int k = (int)(test_rng_next(&r) % (uint64_t)n);
            c2d_filter f;
            memset(&f, 0, sizeof f);
            f.category_bits = (uint64_t)1 << (test_rng_next(&r) % 3);
            f.mask_bits = test_rng_next(&r) % 8;
            assert_status(c2d_world_set_filter(w, ids[k], f), C2D_OK);
        }
        if (step % 7 == 0) {
            const c2d_world_event *ev;
            int32_t ne;
            assert_status(c2d_world_update(w, &ev, &ne), C2D_OK);
        }
        assert_true(c2d_world_validate(w));
        check_queries(w, &r, extent, NULL);
        {
            c2d_query_filter qf;
            memset(&qf, 0, sizeof qf);
            qf.mask_bits = 1 | 4;
            qf.flags = (uint32_t)(test_rng_next(&r) % 8);
            check_queries(w, &r, extent, &qf);
        }
    }
    assert_status(c2d_world_destroy(w), C2D_OK);
}

static void test_random_default(void **state) {
    (void)state;
    world_random_ops(C2D_WORLD_INDEX_DEFAULT, C2D_WORLD_INDEX_DEFAULT, "world_default");
}
static void test_random_dynamic(void **state) {
    (void)state;
    world_random_ops(C2D_WORLD_INDEX_DYNAMIC_TREE, C2D_WORLD_INDEX_DYNAMIC_TREE, "world_dynamic");
}
static void test_random_grid_quadtree(void **state) {
    (void)state;
    world_random_ops(C2D_WORLD_INDEX_GRID, C2D_WORLD_INDEX_QUADTREE, "world_grid_quadtree");
}
static void test_random_sap(void **state) {
    (void)state;
    world_random_ops(C2D_WORLD_INDEX_STATIC_TREE, C2D_WORLD_INDEX_SWEEP_PRUNE, "world_sap");
}

/* ---- small helpers for the hand-made cases ---- */

static c2d_collider_id add_box(c2d_world *w, double cx, double cy, double hx, double hy, uint32_t flags, uint64_t ud) {
    c2d_collider_def def;
    c2d_collider_id id;
    memset(&def, 0, sizeof def);
    def.shape = c2d_shape_from_aabb(box_c(0, 0, hx, hy));
    def.transform = c2d_transform_make(c2d_v2((c2d_real)cx, (c2d_real)cy), 0);
    def.flags = flags;
    def.user_data = ud;
    assert_status(c2d_world_add(w, &def, &id), C2D_OK);
    return id;
}

static c2d_world *new_world(void) {
    c2d_world *w;
    assert_status(c2d_world_create(NULL, &w), C2D_OK);
    return w;
}

static void test_filters(void **state) {
    c2d_world *w = new_world();
    c2d_collider_id a = add_box(w, 0, 0, 1, 1, 0, 1), b = add_box(w, 1, 0, 1, 1, 0, 2), got[4];
    c2d_filter fa, fb;
    c2d_query_filter q;
    int32_t total;
    (void)state;
    memset(&fa, 0, sizeof fa);
    memset(&fb, 0, sizeof fb);
    /* Box2D's rule */
    assert_true(c2d_filter_allows(fa, fb));
    fa.category_bits = 2;
    fb.mask_bits = 1;
    assert_false(c2d_filter_allows(fa, fb));
    fb.mask_bits = 2;
    assert_true(c2d_filter_allows(fa, fb));
    fa.group_index = fb.group_index = -3;
    assert_false(c2d_filter_allows(fa, fb));
    fa.group_index = fb.group_index = 4;
    fb.mask_bits = 1;
    assert_true(c2d_filter_allows(fa, fb)); /* a shared positive group always collides */
    /* in the world: pair rule and query filter */
    assert_true(c2d_world_pair_allowed(w, a, b));
    fa.group_index = fb.group_index = -1;
    assert_status(c2d_world_set_filter(w, a, fa), C2D_OK);
    assert_status(c2d_world_set_filter(w, b, fb), C2D_OK);
    assert_false(c2d_world_pair_allowed(w, a, b));
    memset(&q, 0, sizeof q);
    q.mask_bits = 2;
    assert_status(c2d_world_query_point(w, c2d_v2(0.5f, 0), &q, got, 4, &total), C2D_OK);
    assert_int_equal(total, 1); /* only a is category 2 */
    assert_true(c2d_collider_id_equal(got[0], a));
    /* query as a collider: leaves itself out, uses its filter (b's group -1 is shared: never) */
    memset(&q, 0, sizeof q);
    q.self = a;
    assert_status(c2d_world_query_point(w, c2d_v2(0.5f, 0), &q, got, 4, &total), C2D_OK);
    assert_int_equal(total, 0);
    fb.group_index = 0;
    fb.mask_bits = 0;
    assert_status(c2d_world_set_filter(w, b, fb), C2D_OK);
    assert_status(c2d_world_query_point(w, c2d_v2(0.5f, 0), &q, got, 4, &total), C2D_OK);
    assert_int_equal(total, 1);
    assert_true(c2d_collider_id_equal(got[0], b));
    assert_status(c2d_world_destroy(w), C2D_OK);
}

static bool refuse_ud2(c2d_collider_id a, uint64_t ua, c2d_collider_id b, uint64_t ub, void *ctx) {
    (void)a;
    (void)b;
    ++*(int *)ctx;
    return ua != 2 && ub != 2;
}
static bool accept_odd(c2d_collider_id id, uint64_t ud, void *ctx) {
    (void)id;
    (void)ctx;
    return (ud & 1) != 0;
}

static void test_custom_filter(void **state) {
    c2d_world *w = new_world();
    c2d_collider_id a = add_box(w, 0, 0, 1, 1, 0, 1), b = add_box(w, 1, 0, 1, 1, 0, 2), c = add_box(w, -1, 0, 1, 1, 0, 3), got[4];
    const c2d_world_event *ev;
    int32_t n, total;
    int calls = 0;
    c2d_query_filter q;
    (void)state;
    assert_status(c2d_world_set_custom_filter(w, refuse_ud2, &calls), C2D_OK);
    assert_status(c2d_world_update(w, &ev, &n), C2D_OK);
    assert_true(calls > 0);
    /* a-c overlap (ud 1, 3); pairs with b (ud 2) are refused */
    assert_int_equal(n, 1);
    assert_true(c2d_collider_id_equal(ev[0].a, a) && c2d_collider_id_equal(ev[0].b, c));
    assert_false(c2d_world_pair_allowed(w, a, b));
    memset(&q, 0, sizeof q);
    q.self = a;
    assert_status(c2d_world_query_aabb(w, box_c(0, 0, 3, 3), &q, got, 4, &total), C2D_OK);
    assert_int_equal(total, 1);
    assert_true(c2d_collider_id_equal(got[0], c));
    /* a query filter's accept callback */
    memset(&q, 0, sizeof q);
    q.accept = accept_odd;
    assert_status(c2d_world_query_aabb(w, box_c(0, 0, 3, 3), &q, got, 4, &total), C2D_OK);
    assert_int_equal(total, 2);
    assert_true(c2d_collider_id_equal(got[0], a) && c2d_collider_id_equal(got[1], c));
    assert_status(c2d_world_destroy(w), C2D_OK);
}

static void test_handles_and_bad_input(void **state) {
    c2d_world *w = new_world(), *w2 = new_world();
    c2d_world_config cfg;
    c2d_collider_id a = add_box(w, 0, 0, 1, 1, 0, 1), stale = a, foreign, bad, id;
    c2d_collider_def def;
    c2d_collider_info info;
    c2d_transform xf;
    c2d_shape s;
    (void)state;
    foreign = add_box(w2, 0, 0, 1, 1, 0, 1);
    assert_status(c2d_world_remove(w, a), C2D_OK);
    a = add_box(w, 0, 0, 1, 1, 0, 1);
    assert_int_equal(a.index, stale.index); /* slot reused */
    assert_status(c2d_world_set_transform(w, stale, c2d_transform_identity()), C2D_ERR_BAD_ID);
    assert_status(c2d_world_get(w, stale, &info), C2D_ERR_BAD_ID);
    assert_false(c2d_world_contains(w, stale));
    if (foreign.index == a.index && foreign.world != a.world) assert_status(c2d_world_get(w, foreign, &info), C2D_ERR_BAD_ID);
    bad = a;
    bad.index = 1000000;
    assert_status(c2d_world_remove(w, bad), C2D_ERR_BAD_ID);
    bad.index = -5;
    assert_status(c2d_world_set_user_data(w, bad, 3), C2D_ERR_BAD_ID);
    assert_status(c2d_world_remove(w, c2d_collider_id_null()), C2D_ERR_BAD_ID);
    /* NaN transform: refused, old transform kept */
    xf = c2d_transform_make(c2d_v2(NAN, 0), 0);
    assert_status(c2d_world_set_transform(w, a, xf), C2D_ERR_NOT_FINITE);
    xf = c2d_transform_make(c2d_v2(2 * C2D_MAX_COORD, 0), 0);
    assert_status(c2d_world_set_transform(w, a, xf), C2D_ERR_OUT_OF_RANGE);
    assert_status(c2d_world_get(w, a, &info), C2D_OK);
    assert_true(info.transform.p.x == 0 && info.transform.p.y == 0);
    /* invalid shapes */
    memset(&def, 0, sizeof def);
    def.shape.type = C2D_SHAPE_CIRCLE;
    def.shape.as.circle.radius = -1;
    assert_status(c2d_world_add(w, &def, &id), C2D_ERR_BAD_SIZE);
    assert_true(c2d_collider_id_is_null(id));
    def.shape.as.circle.radius = NAN;
    assert_status(c2d_world_add(w, &def, &id), C2D_ERR_NOT_FINITE);
    def.shape.type = (c2d_shape_type)42;
    assert_status(c2d_world_add(w, &def, &id), C2D_ERR_UNSUPPORTED);
    def.shape = c2d_shape_from_segment(seg(1, 1, 1, 1));
    assert_status(c2d_world_add(w, &def, &id), C2D_ERR_DEGENERATE);
    def.shape = c2d_shape_from_circle(circ(0, 0, 1));
    def.flags = 64;
    assert_status(c2d_world_add(w, &def, &id), C2D_ERR_UNSUPPORTED);
    s = c2d_shape_from_circle(circ(0, 0, 1));
    s.as.circle.radius = 0;
    assert_status(c2d_world_set_shape(w, a, &s), C2D_ERR_BAD_SIZE);
    assert_status(c2d_world_get(w, a, &info), C2D_OK);
    assert_int_equal(info.shape.type, C2D_SHAPE_AABB);
    /* bad queries */
    {
        c2d_collider_id got[2];
        int32_t total = 7;
        c2d_raycast_input in;
        bool found;
        assert_status(c2d_world_query_point(w, c2d_v2(NAN, 0), NULL, got, 2, &total), C2D_ERR_NOT_FINITE);
        assert_int_equal(total, 0);
        assert_status(c2d_world_query_point(w, c2d_v2(0, 0), NULL, NULL, 2, &total), C2D_ERR_BAD_SIZE);
        in.origin = c2d_v2(0, 0);
        in.translation = c2d_v2(1, 0);
        in.max_fraction = -1;
        assert_status(c2d_world_raycast_first(w, in, NULL, NULL, &found), C2D_ERR_BAD_SIZE);
        in.max_fraction = NAN;
        assert_status(c2d_world_raycast_first(w, in, NULL, NULL, &found), C2D_ERR_NOT_FINITE);
        assert_status(c2d_world_nearest(w, &s, 1, NULL, NULL, &found), C2D_ERR_BAD_SIZE);
    }
    /* too many colliders */
    memset(&cfg, 0, sizeof cfg);
    cfg.max_colliders = 2;
    {
        c2d_world *w3;
        assert_status(c2d_world_create(&cfg, &w3), C2D_OK);
        add_box(w3, 0, 0, 1, 1, 0, 0);
        add_box(w3, 0, 0, 1, 1, 0, 0);
        memset(&def, 0, sizeof def);
        def.shape = c2d_shape_from_circle(circ(0, 0, 1));
        assert_status(c2d_world_add(w3, &def, &id), C2D_ERR_FULL);
        assert_int_equal(c2d_world_count(w3), 2);
        assert_true(c2d_world_validate(w3));
        assert_status(c2d_world_destroy(w3), C2D_OK);
    }
    cfg.max_colliders = 0;
    cfg.moving_index = C2D_WORLD_INDEX_STATIC_TREE;
    {
        c2d_world *w4 = (c2d_world *)&cfg;
        assert_status(c2d_world_create(&cfg, &w4), C2D_ERR_UNSUPPORTED);
        assert_null(w4);
    }
    assert_true(c2d_world_validate(w));
    assert_status(c2d_world_destroy(w), C2D_OK);
    assert_status(c2d_world_destroy(w2), C2D_OK);
}

/* ---- events ---- */

static int find_event(const c2d_world_event *ev, int32_t n, c2d_collider_id a, c2d_collider_id b, c2d_world_event_type t) {
    int32_t i;
    for (i = 0; i < n; ++i)
        if (ev[i].type == t && c2d_collider_id_equal(ev[i].a, a) && c2d_collider_id_equal(ev[i].b, b)) return 1;
    return 0;
}

static void test_events(void **state) {
    c2d_world *w = new_world();
    c2d_collider_id ground = add_box(w, 0, -1, 10, 1, C2D_COLLIDER_STATIC, 10);
    c2d_collider_id wall = add_box(w, 20, 0, 1, 10, C2D_COLLIDER_STATIC, 11); /* two statics: never a pair */
    c2d_collider_id mover = add_box(w, 0, 0.4, 0.5, 0.5, 0, 12);              /* overlaps the ground */
    c2d_collider_id sensor = add_box(w, 5, 5, 1, 1, C2D_COLLIDER_SENSOR | C2D_COLLIDER_STATIC, 13);
    const c2d_world_event *ev;
    int32_t n, i;
    (void)state;
    (void)wall;
    assert_status(c2d_world_update(w, &ev, &n), C2D_OK);
    assert_int_equal(n, 1);
    assert_true(find_event(ev, n, ground, mover, C2D_EVENT_BEGIN));
    assert_int_equal(ev[0].user_a, 10);
    assert_int_equal(ev[0].user_b, 12);
    assert_status(c2d_world_update(w, &ev, &n), C2D_OK);
    assert_int_equal(n, 1);
    assert_true(find_event(ev, n, ground, mover, C2D_EVENT_STAY));
    /* a box resting exactly on the ground: touching is not overlapping -> end */
    assert_status(c2d_world_set_transform(w, mover, c2d_transform_make(c2d_v2(0, 0.5f), 0)), C2D_OK);
    assert_status(c2d_world_update(w, &ev, &n), C2D_OK);
    assert_int_equal(n, 1);
    assert_true(find_event(ev, n, ground, mover, C2D_EVENT_END));
    /* into the sensor: begin; the sensor is static and the ground is static: no pair between them */
    assert_status(c2d_world_set_transform(w, mover, c2d_transform_make(c2d_v2(5, 5), 0)), C2D_OK);
    assert_status(c2d_world_update(w, &ev, &n), C2D_OK);
    assert_int_equal(n, 1);
    assert_true(find_event(ev, n, mover, sensor, C2D_EVENT_BEGIN) || find_event(ev, n, sensor, mover, C2D_EVENT_BEGIN));
    /* removal ends the pair, with the last user data */
    assert_status(c2d_world_remove(w, mover), C2D_OK);
    assert_status(c2d_world_update(w, &ev, &n), C2D_OK);
    assert_int_equal(n, 1);
    assert_int_equal(ev[0].type, C2D_EVENT_END);
    assert_true(ev[0].user_a == 12 || ev[0].user_b == 12);
    /* disabled: end; the order of several events is by (a, b) */
    {
        c2d_collider_id m[3];
        for (i = 0; i < 3; ++i) m[i] = add_box(w, i * 3.0, 0, 0.5, 0.5, 0, 100 + (uint64_t)i);
        assert_status(c2d_world_update(w, &ev, &n), C2D_OK);
        assert_int_equal(n, 3);
        for (i = 1; i < n; ++i)
            assert_true(ev[i - 1].a.index < ev[i].a.index || (ev[i - 1].a.index == ev[i].a.index && ev[i - 1].b.index < ev[i].b.index));
        for (i = 0; i < n; ++i) assert_int_equal(ev[i].type, C2D_EVENT_BEGIN);
        assert_status(c2d_world_set_flags(w, m[1], C2D_COLLIDER_DISABLED), C2D_OK);
        assert_status(c2d_world_update(w, &ev, &n), C2D_OK);
        assert_int_equal(n, 3);
        assert_true(find_event(ev, n, ground, m[1], C2D_EVENT_END));
        assert_true(find_event(ev, n, ground, m[0], C2D_EVENT_STAY));
    }
    assert_true(c2d_world_validate(w));
    assert_status(c2d_world_destroy(w), C2D_OK);
}

/* Events against brute force over every pair, under random moves. */
static void test_events_random(void **state) {
    test_rng r = test_rng_make("world_events");
    c2d_world *w = new_world();
    c2d_collider_id ids[MAXC];
    static unsigned char prev[64][64];
    int n = 0, step, i, j, steps = test_iterations(200);
    (void)state;
    memset(prev, 0, sizeof prev);
    for (i = 0; i < 60; ++i) assert_status(add_random(w, &r, 8, &ids[n++]), C2D_OK);
    for (step = 0; step < steps; ++step) {
        const c2d_world_event *ev;
        int32_t ne, k = 0;
        static unsigned char now[64][64];
        for (i = 0; i < 5; ++i) {
            int m = (int)(test_rng_next(&r) % (uint64_t)n);
            assert_status(c2d_world_set_transform(w, ids[m], random_xf(&r, 8)), C2D_OK);
        }
        assert_status(c2d_world_update(w, &ev, &ne), C2D_OK);
        memset(now, 0, sizeof now);
        for (i = 0; i < n; ++i) {
            for (j = i + 1; j < n; ++j) {
                c2d_shape pi[8], pj[8];
                int a, b, ni, nj;
                bool ov = false;
                if (!c2d_world_pair_allowed(w, ids[i], ids[j])) continue;
                ni = pieces_of(w, ids[i], pi);
                nj = pieces_of(w, ids[j], pj);
                if (ni == 1 && nj == 1) {
                    ov = c2d_shape_overlap(&pi[0], &pj[0]);
                } else {
                    c2d_collider_info ii, ij;
                    assert_status(c2d_world_get(w, ids[i], &ii), C2D_OK);
                    assert_status(c2d_world_get(w, ids[j], &ij), C2D_OK);
                    if (ii.is_concave && ij.is_concave) ov = c2d_concave_overlap_concave(&ii.world_concave, &ij.world_concave);
                    else if (ii.is_concave) ov = bf_overlap(w, ids[i], &pj[0]);
                    else ov = bf_overlap(w, ids[j], &pi[0]);
                }
                (void)a;
                (void)b;
                now[ids[i].index][ids[j].index] = ov;
            }
        }
        for (k = 0; k < ne; ++k) {
            int a = ev[k].a.index, b = ev[k].b.index;
            int ia = -1, ib = -1;
            unsigned char is;
            for (i = 0; i < n; ++i) {
                if (ids[i].index == a) ia = i;
                if (ids[i].index == b) ib = i;
            }
            assert_true(ia >= 0 && ib >= 0 && a < b);
            is = ia < ib ? now[a][b] : now[b][a];
            if (ev[k].type == C2D_EVENT_BEGIN) assert_true(!prev[a][b] && is);
            if (ev[k].type == C2D_EVENT_STAY) assert_true(prev[a][b] && is);
            if (ev[k].type == C2D_EVENT_END) assert_true(prev[a][b] && !is);
            if (k > 0) assert_true(ev[k - 1].a.index < a || (ev[k - 1].a.index == a && ev[k - 1].b.index < b));
        }
        /* the count: one event per pair that overlaps now or did before */
        {
            int32_t expect = 0;
            memset(prev, 0, sizeof prev);
            for (i = 0; i < n; ++i)
                for (j = i + 1; j < n; ++j) {
                    int a = ids[i].index, b = ids[j].index;
                    if (now[a][b]) prev[a < b ? a : b][a < b ? b : a] = 1;
                }
            for (k = 0; k < ne; ++k)
                if (ev[k].type != C2D_EVENT_END) ++expect;
            {
                int32_t pairs_now = 0;
                for (i = 0; i < 64; ++i)
                    for (j = 0; j < 64; ++j) pairs_now += prev[i][j];
                assert_int_equal(expect, pairs_now);
            }
        }
    }
    assert_true(c2d_world_validate(w));
    assert_status(c2d_world_destroy(w), C2D_OK);
}

/* Brute force: the live colliders a and b may collide and their placed shapes overlap. */
static bool bf_pair_overlaps(const c2d_world *w, c2d_collider_id a, c2d_collider_id b) {
    c2d_shape pa[8], pb[8];
    c2d_collider_info ia, ib;
    int na, nb;
    if (!c2d_world_pair_allowed(w, a, b)) return false;
    na = pieces_of(w, a, pa);
    nb = pieces_of(w, b, pb);
    if (na == 1 && nb == 1) return c2d_shape_overlap(&pa[0], &pb[0]);
    assert_status(c2d_world_get(w, a, &ia), C2D_OK);
    assert_status(c2d_world_get(w, b, &ib), C2D_OK);
    if (ia.is_concave && ib.is_concave) return c2d_concave_overlap_concave(&ia.world_concave, &ib.world_concave);
    return ia.is_concave ? bf_overlap(w, a, &pb[0]) : bf_overlap(w, b, &pa[0]);
}

/* Updates where hundreds of colliders changed (c2d_world_update then orders its changed list
 * spatially before the pair searches): after every collider moved, some were removed and others
 * added, the BEGIN and STAY events are exactly the overlapping allowed pairs (brute force), and
 * the END events exactly the pairs of the previous update that no longer overlap or lost a side. */
static void test_events_many_changed(void **state) {
    test_rng r = test_rng_make("world_events_many");
    c2d_world *w = new_world();
    static unsigned char prev[MAXC][MAXC], now[MAXC][MAXC], seen[MAXC][MAXC];
    live l;
    int step, i, j, steps = test_iterations(6) < 6 ? test_iterations(6) : 6;
    (void)state;
    if (steps < 2) steps = 2;
    memset(prev, 0, sizeof prev);
    for (i = 0; i < 400; ++i) {
        c2d_collider_id id;
        assert_status(add_random(w, &r, 25, &id), C2D_OK);
    }
    for (step = 0; step < steps; ++step) {
        const c2d_world_event *ev;
        int32_t ne, k, begin_stay = 0, expect = 0;
        live_ids(w, &l);
        for (i = 0; i < l.n; ++i) assert_status(c2d_world_set_transform(w, l.ids[i], random_xf(&r, 25)), C2D_OK);
        for (i = 0; i < 10 && step > 0; ++i) { /* changed, then removed: a free slot in the changed list */
            live_ids(w, &l);
            assert_status(c2d_world_remove(w, l.ids[test_rng_next(&r) % (uint64_t)l.n]), C2D_OK);
        }
        for (i = 0; i < 10 && step > 0; ++i) {
            c2d_collider_id id;
            assert_status(add_random(w, &r, 25, &id), C2D_OK);
        }
        assert_status(c2d_world_update(w, &ev, &ne), C2D_OK);
        live_ids(w, &l);
        assert_true(l.n >= 300);
        memset(now, 0, sizeof now);
        for (i = 0; i < l.n; ++i)
            for (j = i + 1; j < l.n; ++j) {
                int a = l.ids[i].index < l.ids[j].index ? l.ids[i].index : l.ids[j].index;
                int b = l.ids[i].index < l.ids[j].index ? l.ids[j].index : l.ids[i].index;
                if (bf_pair_overlaps(w, l.ids[i], l.ids[j])) {
                    now[a][b] = 1;
                    ++expect;
                }
            }
        memset(seen, 0, sizeof seen);
        for (k = 0; k < ne; ++k) {
            int a = ev[k].a.index, b = ev[k].b.index;
            assert_true(a >= 0 && a < b && b < MAXC);
            if (k > 0) assert_true(ev[k - 1].a.index < a || (ev[k - 1].a.index == a && ev[k - 1].b.index <= b));
            if (ev[k].type == C2D_EVENT_END) {
                assert_true(prev[a][b]);
                continue;
            }
            assert_true(now[a][b]);
            assert_false(seen[a][b]);
            seen[a][b] = 1;
            ++begin_stay;
            /* STAY only for a pair of the same two colliders as before (a reused slot begins anew) */
            if (ev[k].type == C2D_EVENT_STAY) assert_true(prev[a][b]);
        }
        assert_int_equal(begin_stay, expect);
        assert_true(expect > 50); /* the scene is dense enough to mean something */
        /* every pair of the previous update that does not stay gets its END */
        for (i = 0; i < MAXC; ++i)
            for (j = i + 1; j < MAXC; ++j) {
                bool ended = false, stayed = false;
                if (!prev[i][j]) continue;
                for (k = 0; k < ne; ++k)
                    if (ev[k].a.index == i && ev[k].b.index == j) {
                        if (ev[k].type == C2D_EVENT_END) ended = true;
                        if (ev[k].type == C2D_EVENT_STAY) stayed = true;
                    }
                assert_true(ended != stayed);
            }
        memcpy(prev, now, sizeof prev);
        assert_true(c2d_world_validate(w));
    }
    assert_status(c2d_world_destroy(w), C2D_OK);
}

/* ---- the events' candidate cache (fat boxes) ---- */

/* Checks one update's events against brute force: BEGIN / STAY exactly the overlapping allowed
 * pairs now, STAY only for a pair that overlapped before, END exactly the pairs of before that do
 * not stay; sorted by (a, b). prev holds the pairs of the previous update and is replaced. */
static void check_events_bf(const c2d_world *w, const c2d_world_event *ev, int32_t ne, unsigned char (*prev)[MAXC], int step) {
    static unsigned char now[MAXC][MAXC], seen[MAXC][MAXC];
    live l;
    int32_t i, j, k, expect = 0, begin_stay = 0;
    live_ids(w, &l);
    memset(now, 0, sizeof now);
    memset(seen, 0, sizeof seen);
    for (i = 0; i < l.n; ++i)
        for (j = i + 1; j < l.n; ++j) {
            int a = l.ids[i].index < l.ids[j].index ? l.ids[i].index : l.ids[j].index;
            int b = l.ids[i].index < l.ids[j].index ? l.ids[j].index : l.ids[i].index;
            if (bf_pair_overlaps(w, l.ids[i], l.ids[j])) {
                now[a][b] = 1;
                ++expect;
            }
        }
    for (k = 0; k < ne; ++k) {
        int a = ev[k].a.index, b = ev[k].b.index;
        assert_true(a >= 0 && a < b && b < MAXC);
        if (k > 0) assert_true(ev[k - 1].a.index < a || (ev[k - 1].a.index == a && ev[k - 1].b.index <= b));
        if (ev[k].type == C2D_EVENT_END) {
            if (!prev[a][b]) printf("step %d: END of (%d, %d) that did not overlap\n", step, a, b);
            assert_true(prev[a][b]);
            continue;
        }
        if (!now[a][b]) printf("step %d: %s of (%d, %d) that does not overlap\n", step, ev[k].type == C2D_EVENT_BEGIN ? "BEGIN" : "STAY", a, b);
        assert_true(now[a][b]);
        assert_false(seen[a][b]);
        seen[a][b] = 1;
        ++begin_stay;
        if (ev[k].type == C2D_EVENT_STAY) assert_true(prev[a][b]);
    }
    if (begin_stay != expect) {
        for (i = 0; i < MAXC; ++i)
            for (j = i + 1; j < MAXC; ++j)
                if (now[i][j] && !seen[i][j]) printf("step %d: no BEGIN / STAY for overlapping (%d, %d)\n", step, i, j);
    }
    assert_int_equal(begin_stay, expect);
    for (i = 0; i < MAXC; ++i)
        for (j = i + 1; j < MAXC; ++j) {
            bool ended = false, stayed = false;
            if (!prev[i][j]) continue;
            for (k = 0; k < ne; ++k)
                if (ev[k].a.index == i && ev[k].b.index == j) {
                    if (ev[k].type == C2D_EVENT_END) ended = true;
                    if (ev[k].type == C2D_EVENT_STAY) stayed = true;
                }
            assert_true(ended != stayed);
        }
    memcpy(prev, now, sizeof now);
    assert_true(c2d_world_validate(w));
}

static void move_box(c2d_world *w, c2d_collider_id id, double cx, double cy) {
    assert_status(c2d_world_set_transform(w, id, c2d_transform_make(c2d_v2((c2d_real)cx, (c2d_real)cy), 0)), C2D_OK);
}

static int32_t event_of(const c2d_world_event *ev, int32_t ne, c2d_collider_id a, c2d_collider_id b) {
    int32_t k;
    for (k = 0; k < ne; ++k)
        if ((ev[k].a.index == a.index && ev[k].b.index == b.index) || (ev[k].a.index == b.index && ev[k].b.index == a.index))
            return (int32_t)ev[k].type;
    return -1;
}

typedef struct filter_log {
    int32_t calls;
    int32_t bad;     /* calls for a pair of which neither collider changed */
    int32_t changed; /* the one changed collider of the step (index), or -1 for any */
} filter_log;

static bool log_filter(c2d_collider_id a, uint64_t ua, c2d_collider_id b, uint64_t ub, void *ctx) {
    filter_log *f = (filter_log *)ctx;
    (void)ua;
    (void)ub;
    ++f->calls;
    if (f->changed >= 0 && a.index != f->changed && b.index != f->changed) ++f->bad;
    if (f->changed == -2) --f->calls; /* the test's own brute force: not counted */
    return true;
}

/* c2d_world_update tests only cached candidate pairs of colliders whose fat boxes may overlap
 * (world.c, "candidate pairs": a mover's fat box is its box grown by 0.1, C2D_INDEX_DEFAULT_MARGIN,
 * and a new fat box finds its candidates within 3 margins). Hand-made edge cases of that cache,
 * then small random moves with teleports, mass exits, filter, flag and shape changes, each update
 * checked against brute force. */
static void test_events_fat_boxes(void **state) {
    static unsigned char prev[MAXC][MAXC];
    c2d_world *w = new_world();
    c2d_collider_id a, b, c;
    const c2d_world_event *ev;
    int32_t ne, i, step;
    filter_log fl;
    test_rng r = test_rng_make("world_events_fat");
    (void)state;
    memset(prev, 0, sizeof prev);
    /* 1. Both movers stay inside their fat boxes while they close a gap that neither search saw
     * whole: b's fat box was set at x = 0; a arrives 0.22 from b's box, which has moved 0.09 away
     * inside its fat box; then each moves toward the other inside its fat box until they overlap. */
    b = add_box(w, 0, 0, 0.5, 0.5, 0, 1);
    assert_status(c2d_world_update(w, &ev, &ne), C2D_OK);
    assert_int_equal(ne, 0);
    move_box(w, b, -0.09, 0);
    assert_status(c2d_world_update(w, &ev, &ne), C2D_OK);
    a = add_box(w, 0.41 + 0.22 + 0.5, 0, 0.5, 0.5, 0, 2);
    assert_status(c2d_world_update(w, &ev, &ne), C2D_OK);
    assert_int_equal(ne, 0);
    check_events_bf(w, ev, ne, prev, 1);
    move_box(w, b, 0.09, 0);
    move_box(w, a, 0.41 + 0.22 + 0.5 - 0.09, 0); /* overlap 0.05 along x */
    assert_status(c2d_world_update(w, &ev, &ne), C2D_OK);
    assert_int_equal(ne, 1);
    assert_int_equal(event_of(ev, ne, a, b), C2D_EVENT_BEGIN);
    check_events_bf(w, ev, ne, prev, 2);
    /* 1b. a box that shrank gets a fresh fat box: d shrinks from half size 1 to 0.2, e arrives 0.5
     * from the small box (beyond e's search), then d grows back inside its old fat box onto e */
    {
        c2d_collider_id d = add_box(w, 10, 0, 1, 1, 0, 4), e;
        c2d_shape small = c2d_shape_from_aabb(box_c(0, 0, 0.2, 0.2)), big = c2d_shape_from_aabb(box_c(0, 0, 1, 1));
        assert_status(c2d_world_update(w, &ev, &ne), C2D_OK);
        check_events_bf(w, ev, ne, prev, 4);
        assert_status(c2d_world_set_shape(w, d, &small), C2D_OK);
        assert_status(c2d_world_update(w, &ev, &ne), C2D_OK);
        e = add_box(w, 10 + 0.2 + 0.5 + 0.5, 0, 0.5, 0.5, 0, 5);
        assert_status(c2d_world_update(w, &ev, &ne), C2D_OK);
        assert_int_equal(event_of(ev, ne, d, e), -1);
        check_events_bf(w, ev, ne, prev, 5);
        assert_status(c2d_world_set_shape(w, d, &big), C2D_OK); /* overlaps e by 0.3 */
        assert_status(c2d_world_update(w, &ev, &ne), C2D_OK);
        assert_int_equal(event_of(ev, ne, d, e), C2D_EVENT_BEGIN);
        check_events_bf(w, ev, ne, prev, 6);
        assert_status(c2d_world_remove(w, d), C2D_OK);
        assert_status(c2d_world_remove(w, e), C2D_OK);
        assert_status(c2d_world_update(w, &ev, &ne), C2D_OK);
        assert_int_equal(event_of(ev, ne, d, e), C2D_EVENT_END);
        check_events_bf(w, ev, ne, prev, 7);
    }
    /* 2. a leaves b just past its fat box, then comes back in 0.01 steps to touching (no event:
     * touching is not a hit) and one step more (BEGIN) */
    move_box(w, a, 1.0 + 0.11, 0);
    assert_status(c2d_world_update(w, &ev, &ne), C2D_OK);
    assert_int_equal(event_of(ev, ne, a, b), C2D_EVENT_END);
    check_events_bf(w, ev, ne, prev, 3);
    move_box(w, b, 0, 0);
    assert_status(c2d_world_update(w, &ev, &ne), C2D_OK);
    assert_int_equal(ne, 0);
    for (i = 0; i <= 10; ++i) {
        move_box(w, a, 1.0 + 0.1 - 0.01 * i, 0);
        assert_status(c2d_world_update(w, &ev, &ne), C2D_OK);
        check_events_bf(w, ev, ne, prev, 10 + i);
        assert_int_equal(ne, 0);
    }
    move_box(w, a, 1.0 - 0.01, 0);
    assert_status(c2d_world_update(w, &ev, &ne), C2D_OK);
    assert_int_equal(event_of(ev, ne, a, b), C2D_EVENT_BEGIN);
    check_events_bf(w, ev, ne, prev, 21);
    /* 3. a teleports far away (END), onto b again (BEGIN), and b through a and out (STAY, END) */
    move_box(w, a, 500, -300);
    assert_status(c2d_world_update(w, &ev, &ne), C2D_OK);
    assert_int_equal(event_of(ev, ne, a, b), C2D_EVENT_END);
    check_events_bf(w, ev, ne, prev, 30);
    move_box(w, a, 0.3, 0.2);
    assert_status(c2d_world_update(w, &ev, &ne), C2D_OK);
    assert_int_equal(event_of(ev, ne, a, b), C2D_EVENT_BEGIN);
    check_events_bf(w, ev, ne, prev, 31);
    move_box(w, b, 0.35, 0.25);
    assert_status(c2d_world_update(w, &ev, &ne), C2D_OK);
    assert_int_equal(event_of(ev, ne, a, b), C2D_EVENT_STAY);
    move_box(w, b, 2.0, 0.25);
    assert_status(c2d_world_update(w, &ev, &ne), C2D_OK);
    assert_int_equal(event_of(ev, ne, a, b), C2D_EVENT_END);
    check_events_bf(w, ev, ne, prev, 33);
    /* 4. filter and flags between updates, inside the fat boxes: the pair ends and begins again,
     * and the custom filter is asked only for pairs of the changed collider */
    move_box(w, b, 0.3, 0.25);
    c = add_box(w, 0.2, -0.3, 0.3, 0.3, C2D_COLLIDER_STATIC, 3);
    assert_status(c2d_world_update(w, &ev, &ne), C2D_OK);
    check_events_bf(w, ev, ne, prev, 40);
    assert_int_equal(event_of(ev, ne, a, b), C2D_EVENT_BEGIN);
    assert_int_equal(event_of(ev, ne, a, c), C2D_EVENT_BEGIN);
    {
        c2d_filter f;
        memset(&f, 0, sizeof f);
        f.category_bits = 2;
        f.mask_bits = 4;
        assert_status(c2d_world_set_filter(w, a, f), C2D_OK);
    }
    assert_status(c2d_world_update(w, &ev, &ne), C2D_OK);
    assert_int_equal(event_of(ev, ne, a, b), C2D_EVENT_END);
    assert_int_equal(event_of(ev, ne, a, c), C2D_EVENT_END);
    check_events_bf(w, ev, ne, prev, 41);
    assert_status(c2d_world_set_filter(w, a, (c2d_filter){0, 0, 0}), C2D_OK);
    assert_status(c2d_world_set_flags(w, b, C2D_COLLIDER_DISABLED), C2D_OK);
    assert_status(c2d_world_update(w, &ev, &ne), C2D_OK);
    assert_int_equal(event_of(ev, ne, a, b), -1);
    assert_int_equal(event_of(ev, ne, a, c), C2D_EVENT_BEGIN);
    check_events_bf(w, ev, ne, prev, 42);
    assert_status(c2d_world_set_flags(w, b, C2D_COLLIDER_SENSOR), C2D_OK);
    assert_status(c2d_world_set_flags(w, a, C2D_COLLIDER_STATIC), C2D_OK); /* a and c: both static */
    assert_status(c2d_world_update(w, &ev, &ne), C2D_OK);
    assert_int_equal(event_of(ev, ne, a, b), C2D_EVENT_BEGIN);
    assert_int_equal(event_of(ev, ne, a, c), C2D_EVENT_END);
    check_events_bf(w, ev, ne, prev, 43);
    assert_status(c2d_world_set_flags(w, a, 0), C2D_OK);
    fl.calls = 0;
    fl.bad = 0;
    fl.changed = -1;
    assert_status(c2d_world_set_custom_filter(w, log_filter, &fl), C2D_OK);
    assert_status(c2d_world_update(w, &ev, &ne), C2D_OK);
    assert_int_equal(fl.calls, 3); /* every overlapping pair asked once: (a, b), (a, c), (b, c) */
    fl.changed = -2;               /* the brute force below asks too */
    check_events_bf(w, ev, ne, prev, 44);
    fl.calls = 0;
    fl.bad = 0;
    assert_status(c2d_world_update(w, &ev, &ne), C2D_OK);
    assert_int_equal(fl.calls, 0); /* nothing changed, nothing asked */
    fl.changed = b.index;
    fl.calls = 0;
    move_box(w, b, 0.31, 0.25); /* inside its fat box */
    assert_status(c2d_world_update(w, &ev, &ne), C2D_OK);
    assert_int_equal(fl.calls, 2); /* (a, b) and (b, c) */
    assert_int_equal(fl.bad, 0);
    fl.changed = -2;
    check_events_bf(w, ev, ne, prev, 45);
    assert_status(c2d_world_set_custom_filter(w, NULL, NULL), C2D_OK);
    assert_status(c2d_world_update(w, &ev, &ne), C2D_OK);
    check_events_bf(w, ev, ne, prev, 46);
    assert_status(c2d_world_destroy(w), C2D_OK);

    /* 5. random: 200 colliders of every kind in 12 x 12; each step most move a little (inside or
     * just out of their fat boxes), a few teleport, every 7th step all movers leave their fat boxes
     * at once, and filters, flags and shapes change between updates */
    w = new_world();
    memset(prev, 0, sizeof prev);
    for (i = 0; i < 200; ++i) {
        c2d_collider_id id;
        assert_status(add_random(w, &r, 12, &id), C2D_OK);
    }
    for (step = 0; step < test_iterations(60); ++step) {
        live l;
        live_ids(w, &l);
        for (i = 0; i < l.n; ++i) {
            c2d_collider_info info;
            c2d_transform xf;
            uint64_t roll = test_rng_next(&r) % 100;
            assert_status(c2d_world_get(w, l.ids[i], &info), C2D_OK);
            if (info.flags & C2D_COLLIDER_STATIC) continue;
            xf = info.transform;
            if (step % 7 == 6) {
                xf.p.x += (c2d_real)0.25;
            } else if (roll < 3) {
                xf = random_xf(&r, 12);
            } else if (roll < 60) {
                double ang = atan2((double)xf.q.s, (double)xf.q.c) + test_rng_range(&r, -0.05, 0.05);
                xf = c2d_transform_make(c2d_v2(xf.p.x + (c2d_real)test_rng_range(&r, -0.12, 0.12),
                                               xf.p.y + (c2d_real)test_rng_range(&r, -0.12, 0.12)),
                                        (c2d_real)ang);
            } else {
                continue;
            }
            assert_status(c2d_world_set_transform(w, l.ids[i], xf), C2D_OK);
        }
        for (i = 0; i < 3; ++i) {
            c2d_collider_id id = l.ids[test_rng_next(&r) % (uint64_t)l.n];
            uint64_t what = test_rng_next(&r) % 4;
            if (what == 0) {
                c2d_filter f;
                memset(&f, 0, sizeof f);
                f.category_bits = (uint64_t)1 << (test_rng_next(&r) % 3);
                f.mask_bits = test_rng_next(&r) % 2 ? 0 : ~(uint64_t)2;
                assert_status(c2d_world_set_filter(w, id, f), C2D_OK);
            } else if (what == 1) {
                static const uint32_t fl4[4] = {0, C2D_COLLIDER_SENSOR, C2D_COLLIDER_DISABLED, C2D_COLLIDER_STATIC};
                assert_status(c2d_world_set_flags(w, id, fl4[test_rng_next(&r) % 4]), C2D_OK);
            } else if (what == 2) {
                c2d_collider_info info;
                c2d_shape sh = random_local_shape(&r);
                assert_status(c2d_world_get(w, id, &info), C2D_OK);
                if (!info.is_concave) assert_status(c2d_world_set_shape(w, id, &sh), C2D_OK);
            } else if (step % 5 == 2) {
                assert_status(c2d_world_remove(w, id), C2D_OK);
                assert_status(add_random(w, &r, 12, &id), C2D_OK);
            }
        }
        assert_status(c2d_world_update(w, &ev, &ne), C2D_OK);
        check_events_bf(w, ev, ne, prev, 100 + step);
    }
    assert_status(c2d_world_destroy(w), C2D_OK);
}

/* ---- determinism, rebuild, busy, concave, tile map ---- */

static void run_script(c2d_world *w, uint64_t seed, c2d_world_hit *hits, int32_t *total) {
    test_rng r;
    c2d_collider_id ids[100];
    c2d_raycast_input in;
    int i;
    r.s = seed;
    for (i = 0; i < 100; ++i) assert_status(add_random(w, &r, 10, &ids[i]), C2D_OK);
    for (i = 0; i < 30; ++i) assert_status(c2d_world_set_transform(w, ids[test_rng_next(&r) % 100], random_xf(&r, 10)), C2D_OK);
    in.origin = c2d_v2(-12, -3);
    in.translation = c2d_v2(24, 5);
    in.max_fraction = 1;
    assert_status(c2d_world_raycast_all(w, in, NULL, hits, 100, total), C2D_OK);
}

static void test_deterministic(void **state) {
    c2d_world *a = new_world(), *b = new_world();
    static c2d_world_hit ha[100], hb[100];
    int32_t na, nb, i;
    (void)state;
    run_script(a, 77, ha, &na);
    run_script(b, 77, hb, &nb);
    assert_int_equal(na, nb);
    assert_true(na > 0);
    for (i = 0; i < na; ++i) {
        assert_int_equal(ha[i].id.index, hb[i].id.index);
        assert_int_equal(ha[i].id.generation, hb[i].id.generation);
        assert_memory_equal(&ha[i].hit, &hb[i].hit, sizeof ha[i].hit);
    }
    assert_status(c2d_world_destroy(a), C2D_OK);
    assert_status(c2d_world_destroy(b), C2D_OK);
}

static void test_lazy_rebuild(void **state) {
    c2d_world *w = new_world();
    c2d_collider_id s1 = add_box(w, 0, 0, 1, 1, C2D_COLLIDER_STATIC, 1), got[4];
    const c2d_world_event *ev;
    int32_t n, total;
    c2d_collider_info info;
    (void)state;
    /* found before any update (it waits in the movers' index) */
    assert_status(c2d_world_query_point(w, c2d_v2(0, 0), NULL, got, 4, &total), C2D_OK);
    assert_int_equal(total, 1);
    assert_true(c2d_world_validate(w));
    assert_status(c2d_world_update(w, &ev, &n), C2D_OK);
    assert_true(c2d_world_validate(w));
    assert_status(c2d_world_query_point(w, c2d_v2(0, 0), NULL, got, 4, &total), C2D_OK);
    assert_int_equal(total, 1);
    /* moving a static out of the built tree: the old place is dead at once, the new one found */
    assert_status(c2d_world_set_transform(w, s1, c2d_transform_make(c2d_v2(5, 0), 0)), C2D_OK);
    assert_status(c2d_world_query_point(w, c2d_v2(0, 0), NULL, got, 4, &total), C2D_OK);
    assert_int_equal(total, 0);
    assert_status(c2d_world_query_point(w, c2d_v2(5, 0), NULL, got, 4, &total), C2D_OK);
    assert_int_equal(total, 1);
    assert_true(c2d_world_validate(w));
    assert_status(c2d_world_remove(w, s1), C2D_OK);
    assert_status(c2d_world_get(w, s1, &info), C2D_ERR_BAD_ID);
    assert_status(c2d_world_update(w, &ev, &n), C2D_OK);
    assert_status(c2d_world_query_point(w, c2d_v2(5, 0), NULL, got, 4, &total), C2D_OK);
    assert_int_equal(total, 0);
    assert_true(c2d_world_validate(w));
    assert_status(c2d_world_destroy(w), C2D_OK);
}

typedef struct busy_ctx {
    c2d_world *w;
    c2d_collider_id victim;
    c2d_status add_status, remove_status, move_status, update_status;
    int calls;
} busy_ctx;

static bool busy_accept(c2d_collider_id id, uint64_t ud, void *context) {
    busy_ctx *b = (busy_ctx *)context;
    c2d_collider_def def;
    c2d_collider_id nid;
    const c2d_world_event *ev;
    int32_t n;
    (void)id;
    (void)ud;
    memset(&def, 0, sizeof def);
    b->add_status = c2d_world_add(b->w, &def, &nid);
    b->remove_status = c2d_world_remove(b->w, b->victim);
    b->move_status = c2d_world_set_transform(b->w, b->victim, c2d_transform_identity());
    b->update_status = c2d_world_update(b->w, &ev, &n);
    ++b->calls;
    return true;
}

static c2d_real busy_ray(const c2d_world_hit *hit, void *context) {
    busy_ctx *b = (busy_ctx *)context;
    (void)hit;
    b->remove_status = c2d_world_remove(b->w, b->victim);
    ++b->calls;
    return 1;
}

static void test_busy_callbacks(void **state) {
    c2d_world *w = new_world();
    busy_ctx b;
    c2d_query_filter q;
    c2d_collider_id got[4];
    int32_t total;
    c2d_raycast_input in;
    (void)state;
    memset(&b, 0, sizeof b);
    b.w = w;
    b.victim = add_box(w, 0, 0, 1, 1, 0, 1);
    add_box(w, 0.5, 0, 1, 1, 0, 2);
    memset(&q, 0, sizeof q);
    q.accept = busy_accept;
    q.context = &b;
    assert_status(c2d_world_query_point(w, c2d_v2(0.2f, 0), &q, got, 4, &total), C2D_OK);
    assert_int_equal(b.calls, 2);
    assert_int_equal(total, 2);
    assert_status(b.add_status, C2D_ERR_BUSY);
    assert_status(b.remove_status, C2D_ERR_BUSY);
    assert_status(b.move_status, C2D_ERR_BUSY);
    assert_status(b.update_status, C2D_ERR_BUSY);
    assert_int_equal(c2d_world_count(w), 2);
    b.calls = 0;
    in.origin = c2d_v2(-5, 0);
    in.translation = c2d_v2(10, 0);
    in.max_fraction = 1;
    assert_status(c2d_world_raycast(w, in, NULL, busy_ray, &b), C2D_OK);
    assert_int_equal(b.calls, 2);
    assert_status(b.remove_status, C2D_ERR_BUSY);
    /* after the query the world changes again */
    assert_status(c2d_world_remove(w, b.victim), C2D_OK);
    assert_true(c2d_world_validate(w));
    assert_status(c2d_world_destroy(w), C2D_OK);
}

static c2d_real clip_first(const c2d_world_hit *hit, void *context) {
    c2d_world_hit *best = (c2d_world_hit *)context;
    if (hit->user_data == 2) return -1; /* skip */
    *best = *hit;
    return hit->hit.time;
}

static void test_ray_callback_and_concave(void **state) {
    c2d_world *w = new_world();
    c2d_collider_def def;
    c2d_collider_id l, got[4];
    c2d_raycast_input in;
    c2d_world_hit best, first;
    c2d_collider_info info;
    int32_t total;
    bool found;
    (void)state;
    add_box(w, 2, 0, 0.5, 0.5, 0, 2);
    add_box(w, 4, 0, 0.5, 0.5, 0, 3);
    add_box(w, 6, 0, 0.5, 0.5, 0, 4);
    in.origin = c2d_v2(0, 0);
    in.translation = c2d_v2(1, 0);
    in.max_fraction = 100;
    memset(&best, 0, sizeof best);
    assert_status(c2d_world_raycast(w, in, NULL, clip_first, &best), C2D_OK);
    assert_int_equal(best.user_data, 3); /* the first, 2, was skipped; clipping kept the nearest */
    assert_near(best.hit.time, 3.5, TOL);
    /* a concave L: the ray through its notch misses, through its arm hits; one answer per collider */
    memset(&def, 0, sizeof def);
    def.concave = l_concave();
    def.transform = c2d_transform_make(c2d_v2(-10, -10), 0);
    def.user_data = 9;
    assert_status(c2d_world_add(w, &def, &l), C2D_OK);
    assert_status(c2d_world_get(w, l, &info), C2D_OK);
    assert_true(info.is_concave);
    assert_int_equal(info.piece_count, 2);
    assert_status(c2d_world_query_point(w, c2d_v2(-8.5f, -8.5f), NULL, got, 4, &total), C2D_OK);
    assert_int_equal(total, 0); /* in the notch */
    assert_status(c2d_world_query_point(w, c2d_v2(-9.5f, -9.5f), NULL, got, 4, &total), C2D_OK);
    assert_int_equal(total, 1);
    assert_status(c2d_world_query_aabb(w, box_c(-9, -9, 0.8, 0.8), NULL, got, 4, &total), C2D_OK);
    assert_int_equal(total, 1); /* overlaps both pieces: one answer */
    in.origin = c2d_v2(-7, -8.5f);
    in.translation = c2d_v2(-1, 0);
    in.max_fraction = 10;
    assert_status(c2d_world_raycast_first(w, in, NULL, &first, &found), C2D_OK);
    assert_true(found);
    assert_near(first.hit.time, 2, TOL); /* from x = -7 to the arm's side at x = -9 */
    assert_vec_near(first.hit.normal, 1, 0, TOL);
    assert_true(c2d_world_validate(w));
    assert_status(c2d_world_destroy(w), C2D_OK);
}

static void test_decompose(void **state) {
    /* a comb: 4 teeth; pieces cover the area exactly */
    static const double xy[] = {0, 0, 8, 0, 8, 3, 7, 3, 7, 1, 6, 1, 6, 3, 5, 3, 5, 1, 4, 1, 4, 3, 3, 3, 3, 1, 2, 1, 2, 3, 1, 3, 1, 1, 0.5, 1, 0.5, 3, 0, 3};
    c2d_vec2 v[20], rev[20];
    c2d_concave cc;
    c2d_polygon pieces[18];
    int n = 20, count, i, k;
    double area = 0, want;
    (void)state;
    for (i = 0; i < n; ++i) v[i] = c2d_v2((c2d_real)xy[2 * i], (c2d_real)xy[2 * i + 1]);
    assert_status(c2d_concave_make(v, n, &cc), C2D_OK);
    assert_status(c2d_concave_decompose(&cc, pieces, 18, &count), C2D_OK);
    assert_true(count >= 5 && count <= 18);
    for (k = 0; k < count; ++k) {
        assert_true(c2d_polygon_is_valid(&pieces[k]));
        for (i = 0; i < pieces[k].count; ++i) {
            c2d_vec2 a = pieces[k].vertices[i], b = pieces[k].vertices[(i + 1) % pieces[k].count];
            area += 0.5 * ((double)a.x * b.y - (double)a.y * b.x);
        }
    }
    want = fabs((double)cc.signed_area);
    assert_near(area, want, 1e-4);
    /* containment agrees on a grid of points off the edges */
    for (i = 0; i < 80; ++i) {
        for (k = 0; k < 30; ++k) {
            c2d_vec2 p = c2d_v2((c2d_real)(i * 0.1 + 0.03), (c2d_real)(k * 0.1 + 0.03));
            int j, in = 0;
            for (j = 0; j < count; ++j) in += c2d_polygon_contains_point(&pieces[j], p);
            assert_true(in <= 1); /* the pieces do not overlap */
            if (in == 1) assert_true(c2d_concave_contains_point(&cc, p));
            if (in == 0 && c2d_concave_contains_point(&cc, p)) {
                /* on a diagonal: on the boundary of some piece */
                double dmin = 1e9;
                for (j = 0; j < count; ++j) {
                    int e;
                    for (e = 0; e < pieces[j].count; ++e) {
                        c2d_segment sg;
                        c2d_vec2 q;
                        sg.p1 = pieces[j].vertices[e];
                        sg.p2 = pieces[j].vertices[(e + 1) % pieces[j].count];
                        q = c2d_segment_closest_point(sg, p);
                        if (c2d_dist(q, p) < dmin) dmin = c2d_dist(q, p);
                    }
                }
                assert_true(dmin < 1e-5);
            }
        }
    }
    /* clockwise input gives the same cover; a too small buffer says so */
    for (i = 0; i < n; ++i) rev[i] = v[n - 1 - i];
    assert_status(c2d_concave_make(rev, n, &cc), C2D_OK);
    assert_status(c2d_concave_decompose(&cc, pieces, 2, &count), C2D_ERR_BUFFER_TOO_SMALL);
    assert_true(count > 2);
}

static void test_tilemap(void **state) {
    /* rows from y = 0 up; 1 solid, 2 one-way */
    static const uint8_t cells[6 * 8] = {
        1,
        1,
        1,
        1,
        1,
        1,
        1,
        1,
        1,
        0,
        0,
        0,
        0,
        0,
        0,
        1,
        1,
        0,
        2,
        2,
        2,
        0,
        0,
        1,
        1,
        0,
        0,
        0,
        0,
        1,
        1,
        1,
        1,
        0,
        0,
        0,
        0,
        1,
        1,
        1,
        1,
        0,
        0,
        0,
        0,
        0,
        0,
        1,
    };
    c2d_world *w = new_world();
    c2d_tilemap m;
    c2d_collider_id ids[32];
    int32_t n, r, c, k, one_way = 0;
    (void)state;
    memset(&m, 0, sizeof m);
    m.cells = cells;
    m.columns = 8;
    m.rows = 6;
    m.origin = c2d_v2(10, 20);
    m.cell_size = c2d_v2(2, 1);
    assert_status(c2d_world_add_tilemap(w, &m, NULL, 0, &n), C2D_ERR_BUFFER_TOO_SMALL);
    assert_int_equal(n, 5); /* bottom row, two side columns, the 2x2 block, the one-way run */
    assert_int_equal(c2d_world_count(w), 0);
    assert_status(c2d_world_add_tilemap(w, &m, ids, 32, &n), C2D_OK);
    assert_int_equal(n, 5);
    assert_int_equal(c2d_world_count(w), 5);
    for (k = 0; k < n; ++k) {
        c2d_collider_info info;
        assert_status(c2d_world_get(w, ids[k], &info), C2D_OK);
        assert_true(info.flags & C2D_COLLIDER_STATIC);
        if (info.one_way.x != 0 || info.one_way.y != 0) {
            ++one_way;
            assert_vec_near(info.one_way, 0, 1, 0);
        }
    }
    assert_int_equal(one_way, 1);
    /* coverage: each cell center lies in exactly one collider iff the cell is not empty; cell
     * corners shared by boxes are never inside any (touching rule) */
    for (r = 0; r < 6; ++r) {
        for (c = 0; c < 8; ++c) {
            c2d_collider_id got[4];
            int32_t total;
            c2d_vec2 p = c2d_v2((c2d_real)(10 + 2 * c + 1), (c2d_real)(20 + r + 0.5));
            assert_status(c2d_world_query_point(w, p, NULL, got, 4, &total), C2D_OK);
            assert_int_equal(total, cells[r * 8 + c] ? 1 : 0);
        }
    }
    assert_true(c2d_world_validate(w));
    /* FULL: nothing added */
    {
        c2d_world_config cfg;
        c2d_world *w2;
        memset(&cfg, 0, sizeof cfg);
        cfg.max_colliders = 4;
        assert_status(c2d_world_create(&cfg, &w2), C2D_OK);
        assert_status(c2d_world_add_tilemap(w2, &m, ids, 32, &n), C2D_ERR_FULL);
        assert_int_equal(c2d_world_count(w2), 0);
        assert_status(c2d_world_destroy(w2), C2D_OK);
    }
    m.cell_size.x = 0;
    assert_status(c2d_world_add_tilemap(w, &m, ids, 32, &n), C2D_ERR_BAD_SIZE);
    assert_status(c2d_world_destroy(w), C2D_OK);
}

/* A counting allocator: destroy gives back every byte. */
typedef struct counting {
    long blocks;
    size_t bytes;
} counting;
static void *count_alloc(size_t size, void *ctx) {
    counting *c = (counting *)ctx;
    ++c->blocks;
    c->bytes += size;
    return malloc(size);
}
static void count_free(void *p, size_t size, void *ctx) {
    counting *c = (counting *)ctx;
    --c->blocks;
    c->bytes -= size;
    free(p);
}

static void test_allocator_no_leaks(void **state) {
    counting cnt = {0, 0};
    c2d_world_config cfg;
    c2d_world *w;
    test_rng r = test_rng_make("world_alloc");
    c2d_collider_id ids[50];
    const c2d_world_event *ev;
    int32_t n;
    int i;
    (void)state;
    memset(&cfg, 0, sizeof cfg);
    cfg.allocator.alloc = count_alloc;
    cfg.allocator.free = count_free;
    cfg.allocator.context = &cnt;
    assert_status(c2d_world_create(&cfg, &w), C2D_OK);
    for (i = 0; i < 50; ++i) assert_status(add_random(w, &r, 5, &ids[i]), C2D_OK);
    assert_status(c2d_world_update(w, &ev, &n), C2D_OK);
    for (i = 0; i < 50; i += 3) assert_status(c2d_world_remove(w, ids[i]), C2D_OK);
    assert_status(c2d_world_update(w, &ev, &n), C2D_OK);
    assert_true(cnt.blocks > 0);
    assert_status(c2d_world_destroy(w), C2D_OK);
    assert_int_equal(cnt.blocks, 0);
    assert_int_equal(cnt.bytes, 0);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_random_default),
        cmocka_unit_test(test_random_dynamic),
        cmocka_unit_test(test_random_grid_quadtree),
        cmocka_unit_test(test_random_sap),
        cmocka_unit_test(test_filters),
        cmocka_unit_test(test_custom_filter),
        cmocka_unit_test(test_handles_and_bad_input),
        cmocka_unit_test(test_events),
        cmocka_unit_test(test_events_random),
        cmocka_unit_test(test_events_many_changed),
        cmocka_unit_test(test_events_fat_boxes),
        cmocka_unit_test(test_deterministic),
        cmocka_unit_test(test_lazy_rebuild),
        cmocka_unit_test(test_busy_callbacks),
        cmocka_unit_test(test_ray_callback_and_concave),
        cmocka_unit_test(test_decompose),
        cmocka_unit_test(test_tilemap),
        cmocka_unit_test(test_allocator_no_leaks),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
