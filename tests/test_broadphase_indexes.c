/* Broad phase, part 2: the grid (fixed and automatic cell size), the loose quadtree and sort and
 * sweep, each against brute force under random insert, move and remove for every query kind (box,
 * point, first-hit ray, all-hits ray, one-shot pairs, per-frame pairs); the touching rule; far and
 * negative coordinates; every box on one line; boxes much larger than a cell; callbacks that stop;
 * allocator hooks (no allocation in queries, no leaks, out of memory changes nothing). */
#include "test_util.h"

typedef c2d_status create_fn(const c2d_index_config *config, c2d_index **out);

typedef struct index_kind {
    const char *label;
    const char *name; /* c2d_index_name */
    create_fn *create;
    double cell; /* config cell_size */
} index_kind;

static const index_kind k_kinds[] = {
    {"grid (cell 2)", "grid", c2d_grid_create, 2.0},
    {"grid (auto cell)", "grid", c2d_grid_create, 0.0},
    {"quadtree", "quadtree", c2d_quadtree_create, 0.0},
    {"sweep_prune", "sweep_prune", c2d_sweep_prune_create, 0.0},
};
#define KIND_COUNT ((int)(sizeof k_kinds / sizeof k_kinds[0]))

static c2d_index *make_index(const index_kind *k, const c2d_index_config *base) {
    c2d_index_config cfg;
    c2d_index *ix = NULL;
    if (base != NULL) cfg = *base;
    else memset(&cfg, 0, sizeof cfg);
    cfg.cell_size = (c2d_real)k->cell;
    assert_status(k->create(&cfg, &ix), C2D_OK);
    assert_non_null(ix);
    assert_string_equal(c2d_index_name(ix), k->name);
    return ix;
}

static c2d_aabb bx(double x0, double y0, double x1, double y1) {
    c2d_aabb b;
    b.lower = c2d_v2((c2d_real)x0, (c2d_real)y0);
    b.upper = c2d_v2((c2d_real)x1, (c2d_real)y1);
    return b;
}

/* ---- the brute-force model ---- */

#define NMAX 512

typedef struct model {
    c2d_aabb box[NMAX];
    uint64_t user[NMAX];
    bool live[NMAX];
    bool moved[NMAX];
    int live_count;
    unsigned char known[NMAX][NMAX]; /* the pair set kept current from update_pairs */
} model;

static model g_model;

static bool ref_overlap(c2d_aabb a, c2d_aabb b) {
    return a.lower.x < b.upper.x && b.lower.x < a.upper.x && a.lower.y < b.upper.y && b.lower.y < a.upper.y;
}

/* The pairs an index reported (sorted, a < b) are exactly brute force's over boxes[0..n): every
 * pair whose boxes overlap, or, with moved given, every such pair with a moved box (update_pairs).
 * label names the check in the failure message. */
static void assert_pairs_brute(const c2d_index_pair *pairs, int32_t count, const c2d_aabb *boxes, int32_t n, const bool *moved,
                               const char *label) {
    int32_t a, b, at = 0;
    for (a = 0; a < n; ++a) {
        for (b = a + 1; b < n; ++b) {
            if ((moved && !(moved[a] || moved[b])) || !ref_overlap(boxes[a], boxes[b])) continue;
            if (!(at < count && pairs[at].a == a && pairs[at].b == b)) {
                print_error("%s: expected pair (%d, %d) at %d of %d\n", label, (int)a, (int)b, (int)at, (int)count);
                fail();
            }
            ++at;
        }
    }
    assert_int_equal(count, at);
}

/* The ray rule of broadphase.h, computed the way the header states it: per axis an open interval of
 * t between the slab sides (a single closed value for a flat side), or, when the ray does not move
 * along the axis, the origin strictly between the sides; then the smallest t in [0, max]. */
static bool ref_ray_box(c2d_index_ray ray, c2d_aabb b, c2d_real *fraction) {
    c2d_real lo = 0, hi = ray.max_fraction;
    bool lo_open = false, hi_open = false;
    c2d_real o[2], d[2], bl[2], bu[2];
    int k;
    o[0] = ray.origin.x;
    o[1] = ray.origin.y;
    d[0] = ray.translation.x;
    d[1] = ray.translation.y;
    bl[0] = b.lower.x;
    bl[1] = b.lower.y;
    bu[0] = b.upper.x;
    bu[1] = b.upper.y;
    for (k = 0; k < 2; ++k) {
        c2d_real inv = d[k] != 0 ? (c2d_real)1 / d[k] : (c2d_real)0;
        if (inv == 0 || !isfinite((double)inv)) {
            if (!(bl[k] < o[k] && o[k] < bu[k])) return false;
        } else {
            c2d_real t1 = (bl[k] - o[k]) * inv, t2 = (bu[k] - o[k]) * inv;
            c2d_real tmin = t1 < t2 ? t1 : t2, tmax = t1 < t2 ? t2 : t1;
            bool open = bl[k] < bu[k];
            if (tmin > lo) {
                lo = tmin;
                lo_open = open;
            } else if (tmin == lo && open) lo_open = true;
            if (tmax < hi) {
                hi = tmax;
                hi_open = open;
            } else if (tmax == hi && open) hi_open = true;
        }
    }
    if (!(lo < hi || (lo == hi && !lo_open && !hi_open))) return false;
    if (!isfinite((double)lo)) return false;
    *fraction = lo;
    return true;
}

static void model_reset(model *m) { memset(m, 0, sizeof *m); }

static int32_t do_insert(c2d_index *ix, model *m, c2d_aabb b, uint64_t user) {
    int32_t id = -1;
    assert_status(c2d_index_insert(ix, b, user, &id), C2D_OK);
    assert_true(id >= 0 && id < NMAX);
    assert_false(m->live[id]);
    m->box[id] = b;
    m->user[id] = user;
    m->live[id] = true;
    m->moved[id] = true;
    m->live_count++;
    return id;
}

static void do_remove(c2d_index *ix, model *m, int32_t id) {
    int j;
    assert_status(c2d_index_remove(ix, id), C2D_OK);
    m->live[id] = false;
    m->moved[id] = false;
    m->live_count--;
    for (j = 0; j < NMAX; ++j) m->known[id][j] = m->known[j][id] = 0;
}

static void do_move(c2d_index *ix, model *m, int32_t id, c2d_aabb b) {
    assert_status(c2d_index_move(ix, id, b), C2D_OK);
    m->box[id] = b;
    m->moved[id] = true;
}

/* ---- checks ---- */

typedef struct hits {
    int32_t ids[NMAX];
    c2d_real frac[NMAX];
    bool seen[NMAX];
    int n;
    int stop_after; /* > 0: the callback stops after this many */
    const model *m;
} hits;

static bool query_cb(int32_t id, uint64_t user_data, void *context) {
    hits *h = (hits *)context;
    assert_true(id >= 0 && id < NMAX);
    assert_false(h->seen[id]); /* reported once */
    h->seen[id] = true;
    if (h->m) assert_true(h->m->live[id] && h->m->user[id] == user_data);
    h->ids[h->n++] = id;
    return h->stop_after <= 0 || h->n < h->stop_after;
}

static bool ray_all_cb(int32_t id, uint64_t user_data, c2d_real fraction, void *context) {
    hits *h = (hits *)context;
    assert_true(id >= 0 && id < NMAX);
    assert_false(h->seen[id]);
    h->seen[id] = true;
    if (h->m) assert_true(h->m->live[id] && h->m->user[id] == user_data);
    h->frac[id] = fraction;
    h->ids[h->n++] = id;
    return h->stop_after <= 0 || h->n < h->stop_after;
}

typedef struct nearest {
    int32_t id;
    c2d_real fraction;
    bool seen[NMAX];
    const model *m;
} nearest;

/* Keeps the smallest (fraction, id) and clips the ray there. */
static c2d_real nearest_cb(const c2d_index_ray *ray, int32_t id, uint64_t user_data, c2d_real fraction, void *context) {
    nearest *n = (nearest *)context;
    assert_true(id >= 0 && id < NMAX);
    assert_false(n->seen[id]);
    n->seen[id] = true;
    assert_true(fraction <= ray->max_fraction);
    if (n->m) assert_true(n->m->live[id] && n->m->user[id] == user_data);
    if (n->id < 0 || fraction < n->fraction || (fraction == n->fraction && id < n->id)) {
        n->id = id;
        n->fraction = fraction;
    }
    return fraction;
}

static void check_query(const c2d_index *ix, const model *m, c2d_aabb q) {
    hits h;
    int32_t i, expected = 0;
    memset(&h, 0, sizeof h);
    h.m = m;
    c2d_index_query_aabb(ix, q, query_cb, &h);
    for (i = 0; i < NMAX; ++i) {
        bool want = m->live[i] && ref_overlap(m->box[i], q);
        if (want != h.seen[i]) {
            print_error("query [%g %g]-[%g %g]: proxy %d [%g %g]-[%g %g] expected %d got %d\n", (double)q.lower.x,
                        (double)q.lower.y, (double)q.upper.x, (double)q.upper.y, (int)i, (double)m->box[i].lower.x,
                        (double)m->box[i].lower.y, (double)m->box[i].upper.x, (double)m->box[i].upper.y, want, h.seen[i]);
            fail();
        }
        expected += want;
    }
    assert_int_equal(h.n, expected);
}

static void check_point(const c2d_index *ix, const model *m, c2d_vec2 p) {
    hits h;
    int32_t i, expected = 0;
    memset(&h, 0, sizeof h);
    h.m = m;
    c2d_index_query_point(ix, p, query_cb, &h);
    for (i = 0; i < NMAX; ++i) {
        const c2d_aabb *b = &m->box[i];
        bool want = m->live[i] && b->lower.x < p.x && p.x < b->upper.x && b->lower.y < p.y && p.y < b->upper.y;
        assert_int_equal(want, h.seen[i]);
        expected += want;
    }
    assert_int_equal(h.n, expected);
}

static void check_ray(const c2d_index *ix, const model *m, c2d_index_ray ray) {
    hits h;
    nearest n;
    int32_t i, expected = 0, best = -1;
    c2d_real best_f = 0;
    memset(&h, 0, sizeof h);
    h.m = m;
    c2d_index_raycast_all(ix, ray, ray_all_cb, &h);
    for (i = 0; i < NMAX; ++i) {
        c2d_real f = 0;
        bool want = m->live[i] && ref_ray_box(ray, m->box[i], &f);
        if (want != h.seen[i]) {
            print_error("ray (%g %g) + t (%g %g), t <= %g: proxy %d [%g %g]-[%g %g] expected %d got %d\n",
                        (double)ray.origin.x, (double)ray.origin.y, (double)ray.translation.x, (double)ray.translation.y,
                        (double)ray.max_fraction, (int)i, (double)m->box[i].lower.x, (double)m->box[i].lower.y,
                        (double)m->box[i].upper.x, (double)m->box[i].upper.y, want, h.seen[i]);
            fail();
        }
        if (!want) continue;
        assert_true(h.frac[i] == f);
        expected++;
        if (best < 0 || f < best_f) {
            best = i;
            best_f = f;
        }
    }
    assert_int_equal(h.n, expected);
    memset(&n, 0, sizeof n);
    n.id = -1;
    n.m = m;
    c2d_index_raycast(ix, ray, nearest_cb, &n);
    assert_int_equal(n.id, best);
    if (best >= 0) assert_true(n.fraction == best_f);
}

static void check_find_pairs(c2d_index *ix, const model *m) {
    const c2d_index_pair *pairs = NULL;
    int32_t count = -1, k = 0, a, b;
    assert_status(c2d_index_find_pairs(ix, &pairs, &count), C2D_OK);
    for (a = 0; a < NMAX; ++a) {
        if (!m->live[a]) continue;
        for (b = a + 1; b < NMAX; ++b) {
            if (!m->live[b] || !ref_overlap(m->box[a], m->box[b])) continue;
            if (!(k < count && pairs[k].a == a && pairs[k].b == b)) {
                print_error("find_pairs: expected pair %d (%d, %d), got %s (%d, %d) of %d\n", (int)k, (int)a, (int)b,
                            k < count ? "" : "the end", k < count ? (int)pairs[k].a : -1, k < count ? (int)pairs[k].b : -1,
                            (int)count);
                fail();
            }
            ++k;
        }
    }
    assert_int_equal(count, k);
}

/* update_pairs: every pair returned overlaps and has a moved proxy; the pair set kept current as the
 * header describes (drop pairs of moved proxies, add the returned ones) equals brute force. */
static void check_update_result(model *m, const c2d_index_pair *pairs, int32_t count) {
    int32_t i, a, b;
    for (a = 0; a < NMAX; ++a) {
        if (!m->moved[a]) continue;
        for (b = 0; b < NMAX; ++b) m->known[a][b] = m->known[b][a] = 0;
    }
    for (i = 0; i < count; ++i) {
        a = pairs[i].a;
        b = pairs[i].b;
        assert_true(a >= 0 && a < b && b < NMAX);
        if (i > 0) assert_true(pairs[i - 1].a < a || (pairs[i - 1].a == a && pairs[i - 1].b < b));
        assert_true(m->live[a] && m->live[b] && (m->moved[a] || m->moved[b]));
        assert_true(ref_overlap(m->box[a], m->box[b]));
        m->known[a][b] = 1;
    }
    for (a = 0; a < NMAX; ++a) {
        for (b = a + 1; b < NMAX; ++b) {
            bool want = m->live[a] && m->live[b] && ref_overlap(m->box[a], m->box[b]);
            if (want != (m->known[a][b] != 0)) {
                print_error("update_pairs: pair (%d, %d) expected %d\n", (int)a, (int)b, want);
                fail();
            }
        }
    }
    memset(m->moved, 0, sizeof m->moved);
}

static void check_update_pairs(c2d_index *ix, model *m) {
    const c2d_index_pair *pairs = NULL;
    int32_t count = -1;
    assert_status(c2d_index_update_pairs(ix, &pairs, &count), C2D_OK);
    check_update_result(m, pairs, count);
}

/* ---- random scenes ---- */

/* Coordinates on a grid of 1/4 so that boxes often touch exactly; exact in float up to 2^21.
 * g_unquantized turns this off for scenes of arbitrary coordinates. */
static bool g_unquantized = false;
static double quant(double v) { return g_unquantized ? v : floor(v * 4.0) / 4.0; }

static c2d_aabb rand_box(test_rng *r, double ox, double oy, double world) {
    double x = quant(test_rng_range(r, -world, world)), y = quant(test_rng_range(r, -world, world));
    double kind = test_rng_range(r, 0, 1), w, h;
    if (kind < 0.6) {
        w = quant(test_rng_range(r, 0.25, 3));
        h = quant(test_rng_range(r, 0.25, 3));
    } else if (kind < 0.75) { /* flat: a segment's bounds, or a point */
        w = test_rng_range(r, 0, 1) < 0.5 ? 0 : quant(test_rng_range(r, 0, 4));
        h = w > 0 && test_rng_range(r, 0, 1) < 0.7 ? 0 : quant(test_rng_range(r, 0, 4));
        if (test_rng_range(r, 0, 1) < 0.2) w = h = 0;
    } else if (kind < 0.95) {
        w = quant(test_rng_range(r, 0.25, 10));
        h = quant(test_rng_range(r, 0.25, 10));
    } else { /* much larger than a cell */
        w = quant(test_rng_range(r, 10, 60));
        h = quant(test_rng_range(r, 10, 60));
    }
    return bx(ox + x, oy + y, ox + x + w, oy + y + h);
}

static c2d_index_ray rand_ray(test_rng *r, double ox, double oy, double world) {
    c2d_index_ray ray;
    double kind = test_rng_range(r, 0, 1), dx, dy, mf = test_rng_range(r, 0, 1);
    ray.origin = c2d_v2((c2d_real)(ox + quant(test_rng_range(r, -world, world))),
                        (c2d_real)(oy + quant(test_rng_range(r, -world, world))));
    dx = quant(test_rng_range(r, -world, world));
    dy = quant(test_rng_range(r, -world, world));
    if (kind < 0.15) dx = 0; /* along an axis: runs along edges */
    else if (kind < 0.3) dy = 0;
    else if (kind < 0.35) dx = dy = 0; /* a point test */
    else if (kind < 0.45) {
        dx = test_rng_range(r, -1, 1);
        dy = test_rng_range(r, -1, 1);
    }
    ray.translation = c2d_v2((c2d_real)dx, (c2d_real)dy);
    ray.max_fraction = mf < 0.2 ? (c2d_real)INFINITY : mf < 0.3 ? (c2d_real)0
                                                   : mf < 0.7   ? (c2d_real)1
                                                                : (c2d_real)(mf * 3);
    return ray;
}

static void check_all(c2d_index *ix, model *m, test_rng *r, double ox, double oy, double world, int queries) {
    int i;
    assert_true(c2d_index_validate(ix));
    assert_int_equal(c2d_index_count(ix), m->live_count);
    for (i = 0; i < NMAX; ++i) {
        c2d_aabb b;
        uint64_t u;
        if (!m->live[i]) continue;
        assert_status(c2d_index_get(ix, i, &b, &u), C2D_OK);
        assert_memory_equal(&b, &m->box[i], sizeof b);
        assert_true(u == m->user[i]);
    }
    for (i = 0; i < queries; ++i) {
        check_query(ix, m, rand_box(r, ox, oy, world));
        check_point(ix, m, c2d_v2((c2d_real)(ox + quant(test_rng_range(r, -world, world))), (c2d_real)(oy + quant(test_rng_range(r, -world, world)))));
        check_ray(ix, m, rand_ray(r, ox, oy, world));
    }
    check_find_pairs(ix, m);
}

static int32_t pick_live(test_rng *r, const model *m) {
    int32_t id;
    do id = (int32_t)(test_rng_next(r) % NMAX);
    while (!m->live[id]);
    return id;
}

/* One random life of an index: inserts, removes, small and long moves, moves to the same box,
 * occasional rebuilds; every few steps all queries and both pair functions are compared. */
static void random_life(const index_kind *k, test_rng *r, double ox, double oy, int steps, int max_live) {
    model *m = &g_model;
    c2d_index *ix = make_index(k, NULL);
    double world = 40;
    int step;
    model_reset(m);
    for (step = 0; step < steps; ++step) {
        double op = test_rng_range(r, 0, 1);
        if (m->live_count < 8 || (op < 0.3 && m->live_count < max_live)) {
            do_insert(ix, m, rand_box(r, ox, oy, world), test_rng_next(r));
        } else if (op < 0.45) {
            do_remove(ix, m, pick_live(r, m));
        } else if (op < 0.995) {
            int32_t id = pick_live(r, m);
            c2d_aabb b = m->box[id];
            double how = test_rng_range(r, 0, 1);
            if (how < 0.7) {
                c2d_real dx = (c2d_real)quant(test_rng_range(r, -1, 1)), dy = (c2d_real)quant(test_rng_range(r, -1, 1));
                b.lower.x += dx;
                b.upper.x += dx;
                b.lower.y += dy;
                b.upper.y += dy;
            } else if (how < 0.95) {
                b = rand_box(r, ox, oy, world);
            }
            do_move(ix, m, id, b);
        } else {
            assert_status(c2d_index_rebuild(ix), C2D_OK);
        }
        if (step % 17 == 16) check_update_pairs(ix, m);
        if (step % 60 == 59) check_all(ix, m, r, ox, oy, world, 6);
    }
    check_all(ix, m, r, ox, oy, world, 20);
    check_update_pairs(ix, m);
    c2d_index_destroy(ix);
}

static void test_random_ops_match_brute_force(void **state) {
    test_rng r = test_rng_make("indexes_random_ops_match_brute_force");
    int steps = test_iterations(1200), k;
    (void)state;
    for (k = 0; k < KIND_COUNT; ++k) {
        print_message("index: %s\n", k_kinds[k].label);
        random_life(&k_kinds[k], &r, 0, 0, steps, 300);
        /* Far from the origin, negative x: exact in float on the 1/4 grid up to 2^21. */
        random_life(&k_kinds[k], &r, -1048576.0, 524288.0, steps / 2, 200);
    }
}

/* The same with arbitrary (unquantized) coordinates, odd grid cell sizes and an offset that is
 * no round number, so that ray walks meet cell corners and rounding at random. */
static void test_random_ops_unquantized(void **state) {
    test_rng r = test_rng_make("indexes_random_ops_unquantized");
    int steps = test_iterations(1200) / 2, k;
    (void)state;
    g_unquantized = true;
    for (k = 0; k < KIND_COUNT; ++k) {
        index_kind kind = k_kinds[k];
        print_message("index: %s\n", kind.label);
        if (kind.cell > 0) kind.cell = 0.37;
        random_life(&kind, &r, 0, 0, steps, 200);
        if (kind.cell > 0) kind.cell = 5.3;
        random_life(&kind, &r, 12345.678, -98765.4321, steps, 200);
    }
    g_unquantized = false;
}

/* A grid whose cells are far too small for the coordinates: cell indices clamp at +-2^30 (every
 * box near (2^20, -2^20) lands in the same clamped cell) and the answers stay exact. */
static void test_grid_clamped_cells(void **state) {
    test_rng r = test_rng_make("indexes_grid_clamped_cells");
    index_kind kind = k_kinds[0];
    (void)state;
    kind.cell = 1e-6;
    random_life(&kind, &r, 1048576.0, -1048576.0, test_iterations(1200) / 4, 100);
    kind.cell = 1e-3;
    random_life(&kind, &r, 100000.0, 100000.0, test_iterations(1200) / 4, 100);
}

/* ---- touching ---- */

/* A 10 x 10 tiling of unit squares: every neighbour touches along an edge or a corner only. */
static void test_touching_tiles_are_not_pairs(void **state) {
    int k;
    (void)state;
    for (k = 0; k < KIND_COUNT; ++k) {
        print_message("index: %s\n", k_kinds[k].label);
        model *m = &g_model;
        c2d_index *ix = make_index(&k_kinds[k], NULL);
        const c2d_index_pair *pairs;
        int32_t count, x, y, id55 = -1;
        hits h;
        c2d_index_ray ray;
        model_reset(m);
        for (y = 0; y < 10; ++y)
            for (x = 0; x < 10; ++x) {
                int32_t id = do_insert(ix, m, bx(x, y, x + 1, y + 1), (uint64_t)(y * 10 + x));
                if (x == 5 && y == 5) id55 = id;
            }
        assert_status(c2d_index_find_pairs(ix, &pairs, &count), C2D_OK);
        assert_int_equal(count, 0);
        assert_status(c2d_index_update_pairs(ix, &pairs, &count), C2D_OK);
        assert_int_equal(count, 0);
        /* A query box equal to tile (5, 5) finds that tile only. */
        memset(&h, 0, sizeof h);
        c2d_index_query_aabb(ix, bx(5, 5, 6, 6), query_cb, &h);
        assert_int_equal(h.n, 1);
        assert_int_equal(h.ids[0], id55);
        /* A point on a shared corner is inside no tile; one at a tile's center is in one. */
        memset(&h, 0, sizeof h);
        c2d_index_query_point(ix, c2d_v2(5, 5), query_cb, &h);
        assert_int_equal(h.n, 0);
        memset(&h, 0, sizeof h);
        c2d_index_query_point(ix, c2d_v2((c2d_real)5.5, (c2d_real)5.5), query_cb, &h);
        assert_int_equal(h.n, 1);
        /* A ray along the line y = 5 runs along edges: no hit. One along y = 5.5 enters every tile
         * of that row, the first at t = 0 (it starts inside tile (0, 5) at x = 0.5). */
        ray.origin = c2d_v2(-3, 5);
        ray.translation = c2d_v2(20, 0);
        ray.max_fraction = 1;
        memset(&h, 0, sizeof h);
        c2d_index_raycast_all(ix, ray, ray_all_cb, &h);
        assert_int_equal(h.n, 0);
        ray.origin = c2d_v2((c2d_real)0.5, (c2d_real)5.5);
        memset(&h, 0, sizeof h);
        c2d_index_raycast_all(ix, ray, ray_all_cb, &h);
        assert_int_equal(h.n, 10);
        check_ray(ix, m, ray);
        /* A diagonal ray through the shared corners (0,0), (1,1), ... enters each diagonal tile. */
        ray.origin = c2d_v2(-1, -1);
        ray.translation = c2d_v2(12, 12);
        memset(&h, 0, sizeof h);
        c2d_index_raycast_all(ix, ray, ray_all_cb, &h);
        assert_int_equal(h.n, 10);
        check_ray(ix, m, ray);
        /* Overlapping by 1/64: tile (5, 5) pushed right now overlaps (6, 5), and up-right also
         * (6, 6) and (5, 6): 3 pairs; pushed by 1/64 left and down instead: (4, 5), (4, 4), (5, 4). */
        do_move(ix, m, id55, bx(5 + 1.0 / 64, 5 + 1.0 / 64, 6 + 1.0 / 64, 6 + 1.0 / 64));
        assert_status(c2d_index_find_pairs(ix, &pairs, &count), C2D_OK);
        assert_int_equal(count, 3);
        check_update_pairs(ix, m);
        do_move(ix, m, id55, bx(5 - 1.0 / 64, 5 - 1.0 / 64, 6 - 1.0 / 64, 6 - 1.0 / 64));
        check_update_pairs(ix, m);
        check_find_pairs(ix, m);
        do_move(ix, m, id55, bx(5, 5, 6, 6));
        assert_status(c2d_index_update_pairs(ix, &pairs, &count), C2D_OK);
        assert_int_equal(count, 0);
        c2d_index_destroy(ix);
    }
}

/* The MDN article's demo (seed 003): a 20 x 20 movable box among 100 static 20 x 20 boxes at
 * random integer positions in [0, 500), moved by 5 px steps; it "collides" when it overlaps any
 * static box, with the article's strict comparisons (touching is not a collision). */
static void test_seed_mdn_movable_box_among_statics(void **state) {
    test_rng r = test_rng_make("seed_mdn_movable_box_among_statics");
    int k;
    (void)state;
    for (k = 0; k < KIND_COUNT; ++k) {
        print_message("index: %s\n", k_kinds[k].label);
        model *m = &g_model;
        c2d_index *ix = make_index(&k_kinds[k], NULL);
        int i, step;
        double px = 500, py = 500;
        int32_t movable;
        model_reset(m);
        /* A static box at (480, 480): the movable box at (500, 500) touches its corner only. */
        do_insert(ix, m, bx(480, 480, 500, 500), 0);
        for (i = 1; i < 100; ++i) {
            double x = floor(test_rng_range(&r, 0, 500)), y = floor(test_rng_range(&r, 0, 500));
            if (x + 20 > 480 && y + 20 > 480) continue; /* keep the hand-checked corner clear */
            do_insert(ix, m, bx(x, y, x + 20, y + 20), (uint64_t)i);
        }
        movable = do_insert(ix, m, bx(px, py, px + 20, py + 20), 1000);
        {
            /* At (500, 500): touching the corner, no collision. */
            hits h;
            memset(&h, 0, sizeof h);
            c2d_index_query_aabb(ix, bx(500, 500, 520, 520), query_cb, &h);
            assert_int_equal(h.n, 1); /* itself only */
            assert_int_equal(h.ids[0], movable);
            /* Left 5, to (495, 500): overlaps in x (495 < 500), touches in y (500 == 500): none. */
            memset(&h, 0, sizeof h);
            c2d_index_query_aabb(ix, bx(495, 500, 515, 520), query_cb, &h);
            assert_int_equal(h.n, 1);
            /* Up 5 as well, to (495, 495): overlaps the static box by 5 x 5: a collision. */
            memset(&h, 0, sizeof h);
            c2d_index_query_aabb(ix, bx(495, 495, 515, 515), query_cb, &h);
            assert_int_equal(h.n, 2);
        }
        for (step = 0; step < 200; ++step) {
            int dir = (int)(test_rng_next(&r) % 4);
            if (dir == 0 && px >= 5) px -= 5;
            if (dir == 1 && px <= 490) px += 5;
            if (dir == 2 && py >= 5) py -= 5;
            if (dir == 3 && py <= 490) py += 5;
            do_move(ix, m, movable, bx(px, py, px + 20, py + 20));
            check_update_pairs(ix, m);
            check_query(ix, m, m->box[movable]);
        }
        check_find_pairs(ix, m);
        c2d_index_destroy(ix);
    }
}

/* ---- crowded axes and big boxes ---- */

/* 1000 boxes on one vertical line (and then one horizontal line), each overlapping the next by a
 * quarter: exactly the 999 pairs (i, i + 1). Every center shares one x, so a sweep along x would
 * see every box overlap every other; sort and sweep must pick y. */
static void test_all_boxes_on_one_axis(void **state) {
    int k, axis;
    (void)state;
    for (k = 0; k < KIND_COUNT; ++k) {
        print_message("index: %s\n", k_kinds[k].label);
        for (axis = 0; axis < 2; ++axis) {
            c2d_index *ix = make_index(&k_kinds[k], NULL);
            const c2d_index_pair *pairs;
            int32_t count, i, ids[1000];
            for (i = 0; i < 1000; ++i) {
                double a = i * 0.75;
                assert_status(c2d_index_insert(ix, axis == 0 ? bx(3, a, 4, a + 1) : bx(a, -7, a + 1, -6), (uint64_t)i, &ids[i]), C2D_OK);
            }
            assert_status(c2d_index_find_pairs(ix, &pairs, &count), C2D_OK);
            assert_int_equal(count, 999);
            for (i = 0; i < 999; ++i) {
                assert_int_equal(pairs[i].a, ids[i] < ids[i + 1] ? ids[i] : ids[i + 1]);
                assert_int_equal(pairs[i].b, ids[i] < ids[i + 1] ? ids[i + 1] : ids[i]);
            }
            assert_status(c2d_index_update_pairs(ix, &pairs, &count), C2D_OK);
            assert_int_equal(count, 999);
            assert_status(c2d_index_rebuild(ix), C2D_OK);
            assert_true(c2d_index_validate(ix));
            /* A flat query across the line over [a + 1/8, a + 1/2], a = 375 where box 500 starts:
             * box 499 ([374.25, 375.25]) and box 500 ([375, 376]); box 501 starts at 375.75. With
             * [a + 1/4, a + 1/2] box 499 only touches it: box 500 alone. */
            {
                hits h;
                double a = 500 * 0.75;
                memset(&h, 0, sizeof h);
                c2d_index_query_aabb(ix, axis == 0 ? bx(3.5, a + 0.125, 3.5, a + 0.5) : bx(a + 0.125, -6.5, a + 0.5, -6.5), query_cb, &h);
                assert_int_equal(h.n, 2);
                memset(&h, 0, sizeof h);
                c2d_index_query_aabb(ix, axis == 0 ? bx(3.5, a + 0.25, 3.5, a + 0.5) : bx(a + 0.25, -6.5, a + 0.5, -6.5), query_cb, &h);
                assert_int_equal(h.n, 1);
                assert_int_equal(h.ids[0], ids[500]);
            }
            c2d_index_destroy(ix);
        }
    }
}

/* Boxes 100 to 300 cells across (grid cell 1) mixed with unit boxes; also for the other indexes. */
static void test_boxes_larger_than_cells(void **state) {
    test_rng r = test_rng_make("indexes_boxes_larger_than_cells");
    int k, i;
    (void)state;
    for (k = 0; k < KIND_COUNT; ++k) {
        print_message("index: %s\n", k_kinds[k].label);
        model *m = &g_model;
        c2d_index_config cfg;
        c2d_index *ix;
        index_kind kind = k_kinds[k];
        if (kind.cell > 0) kind.cell = 1;
        memset(&cfg, 0, sizeof cfg);
        ix = make_index(&kind, &cfg);
        model_reset(m);
        for (i = 0; i < 6; ++i) {
            double x = quant(test_rng_range(&r, -150, 50)), y = quant(test_rng_range(&r, -150, 50));
            double w = quant(test_rng_range(&r, 100, 300));
            do_insert(ix, m, bx(x, y, x + w, y + quant(test_rng_range(&r, 0, 300))), (uint64_t)i);
        }
        for (i = 0; i < 150; ++i) {
            double x = quant(test_rng_range(&r, -200, 200)), y = quant(test_rng_range(&r, -200, 200));
            do_insert(ix, m, bx(x, y, x + 1, y + 1), (uint64_t)(100 + i));
        }
        check_all(ix, m, &r, 0, 0, 200, 40);
        check_update_pairs(ix, m);
        /* Shrink the big ones into small ones and grow small ones into big ones. */
        for (i = 0; i < NMAX; ++i) {
            if (!m->live[i]) continue;
            if (m->box[i].upper.x - m->box[i].lower.x > 50) do_move(ix, m, i, bx(m->box[i].lower.x, m->box[i].lower.y, m->box[i].lower.x + 0.5, m->box[i].lower.y + 0.5));
            else if (i % 20 == 0) do_move(ix, m, i, bx(m->box[i].lower.x, m->box[i].lower.y, m->box[i].lower.x + 250, m->box[i].lower.y + 120));
        }
        check_update_pairs(ix, m);
        check_all(ix, m, &r, 0, 0, 200, 40);
        c2d_index_destroy(ix);
    }
}

/* Many moved proxies and one huge box: sort and sweep's per-frame pairs take the merged pass; the
 * others do their usual walks. 3000 boxes, 20% moved per frame, 3 frames. */
static void test_update_pairs_many_moved_with_huge_box(void **state) {
    test_rng r = test_rng_make("indexes_update_pairs_many_moved_with_huge_box");
    int k, frame, i;
    (void)state;
    for (k = 0; k < KIND_COUNT; ++k) {
        print_message("index: %s\n", k_kinds[k].label);
        c2d_index *ix = make_index(&k_kinds[k], NULL);
        static c2d_aabb boxes[3001];
        static int32_t ids[3001];
        const c2d_index_pair *pairs;
        int32_t count;
        for (i = 0; i < 3000; ++i) {
            double x = quant(test_rng_range(&r, 0, 150)), y = quant(test_rng_range(&r, 0, 150));
            boxes[i] = bx(x, y, x + 1.5, y + 1.5);
            assert_status(c2d_index_insert(ix, boxes[i], (uint64_t)i, &ids[i]), C2D_OK);
            assert_int_equal(ids[i], i);
        }
        boxes[3000] = bx(-10, 60, 200, 61);
        assert_status(c2d_index_insert(ix, boxes[3000], 3000, &ids[3000]), C2D_OK);
        assert_status(c2d_index_update_pairs(ix, &pairs, &count), C2D_OK);
        for (frame = 0; frame < 3; ++frame) {
            static bool moved[3001];
            memset(moved, 0, sizeof moved);
            for (i = 0; i < 3001; ++i) {
                if (test_rng_range(&r, 0, 1) < 0.2 || (i == 3000 && frame == 1)) {
                    c2d_real d = (c2d_real)quant(test_rng_range(&r, -1, 1));
                    boxes[i].lower.x += d;
                    boxes[i].upper.x += d;
                    boxes[i].lower.y -= d;
                    boxes[i].upper.y -= d;
                    assert_status(c2d_index_move(ix, i, boxes[i]), C2D_OK);
                    moved[i] = true;
                }
            }
            assert_status(c2d_index_update_pairs(ix, &pairs, &count), C2D_OK);
            assert_pairs_brute(pairs, count, boxes, 3001, moved, "update_pairs");
        }
        /* One-shot pairs over all 3001 boxes, against brute force. */
        assert_status(c2d_index_find_pairs(ix, &pairs, &count), C2D_OK);
        assert_pairs_brute(pairs, count, boxes, 3001, NULL, "find_pairs");
        assert_true(c2d_index_validate(ix));
        c2d_index_destroy(ix);
    }
}

/* ---- rays and callbacks ---- */

static c2d_real stop_cb(const c2d_index_ray *ray, int32_t id, uint64_t user_data, c2d_real fraction, void *context) {
    int *calls = (int *)context;
    (void)ray;
    (void)id;
    (void)user_data;
    (void)fraction;
    ++*calls;
    return -1;
}

static c2d_real nan_cb(const c2d_index_ray *ray, int32_t id, uint64_t user_data, c2d_real fraction, void *context) {
    int *calls = (int *)context;
    (void)ray;
    (void)id;
    (void)user_data;
    (void)fraction;
    ++*calls;
    return (c2d_real)NAN; /* continue unclipped */
}

static void test_rays_and_stopping_callbacks(void **state) {
    int k;
    (void)state;
    for (k = 0; k < KIND_COUNT; ++k) {
        print_message("index: %s\n", k_kinds[k].label);
        model *m = &g_model;
        c2d_index *ix = make_index(&k_kinds[k], NULL);
        c2d_index_ray ray;
        nearest n;
        hits h;
        int32_t i, first = -1;
        int calls;
        model_reset(m);
        /* Five boxes in a row along x at 0, 3, 6, 9, 12 (2 wide, 2 tall, y in [-1, 1]). */
        for (i = 0; i < 5; ++i) {
            int32_t id = do_insert(ix, m, bx(3 * i, -1, 3 * i + 2, 1), (uint64_t)(10 + i));
            if (i == 0) first = id;
        }
        /* From x = -4 along +x: enters box 0 at x = 0, t = 4 / 20 = 0.2. */
        ray.origin = c2d_v2(-4, 0);
        ray.translation = c2d_v2(20, 0);
        ray.max_fraction = 1;
        memset(&n, 0, sizeof n);
        n.id = -1;
        c2d_index_raycast(ix, ray, nearest_cb, &n);
        assert_int_equal(n.id, first);
        assert_near(n.fraction, 0.2, 1e-6);
        /* From the far side along -x: enters box 4 at x = 14, t = (16 - 14) / 20 = 0.1. */
        ray.origin = c2d_v2(16, 0);
        ray.translation = c2d_v2(-20, 0);
        memset(&n, 0, sizeof n);
        n.id = -1;
        c2d_index_raycast(ix, ray, nearest_cb, &n);
        assert_true(n.id >= 0 && m->user[n.id] == 14);
        assert_near(n.fraction, 0.1, 1e-6);
        /* Infinite ray; starting inside box 2 (x = 7): fraction 0. */
        ray.origin = c2d_v2(7, 0);
        ray.translation = c2d_v2(-1, 0);
        ray.max_fraction = (c2d_real)INFINITY;
        memset(&n, 0, sizeof n);
        n.id = -1;
        c2d_index_raycast(ix, ray, nearest_cb, &n);
        assert_true(n.id >= 0 && m->user[n.id] == 12);
        assert_true(n.fraction == 0);
        check_ray(ix, m, ray);
        /* Zero translation: a point test (strictly inside box 2 only). */
        ray.translation = c2d_v2(0, 0);
        ray.max_fraction = 1;
        memset(&h, 0, sizeof h);
        c2d_index_raycast_all(ix, ray, ray_all_cb, &h);
        assert_int_equal(h.n, 1);
        /* Along the top edge y = 1: no hit; max_fraction short of the first box: no hit. */
        ray.origin = c2d_v2(-4, 1);
        ray.translation = c2d_v2(20, 0);
        memset(&h, 0, sizeof h);
        c2d_index_raycast_all(ix, ray, ray_all_cb, &h);
        assert_int_equal(h.n, 0);
        ray.origin = c2d_v2(-4, 0);
        ray.max_fraction = (c2d_real)0.19;
        memset(&h, 0, sizeof h);
        c2d_index_raycast_all(ix, ray, ray_all_cb, &h);
        assert_int_equal(h.n, 0);
        /* Ending exactly on the face (t = 0.2) only touches the box: no hit; a little further in,
         * a hit entered at t = 0.2. */
        ray.max_fraction = (c2d_real)0.2;
        memset(&h, 0, sizeof h);
        c2d_index_raycast_all(ix, ray, ray_all_cb, &h);
        assert_int_equal(h.n, 0);
        ray.max_fraction = (c2d_real)0.21;
        memset(&h, 0, sizeof h);
        c2d_index_raycast_all(ix, ray, ray_all_cb, &h);
        assert_int_equal(h.n, 1);
        assert_near(h.frac[first], 0.2, 1e-6);
        /* Stopping: a negative answer ends the cast after one call; raycast_all's false after one;
         * a query's false after one; NaN continues unclipped (all 5). */
        ray.max_fraction = 1;
        calls = 0;
        c2d_index_raycast(ix, ray, stop_cb, &calls);
        assert_int_equal(calls, 1);
        calls = 0;
        c2d_index_raycast(ix, ray, nan_cb, &calls);
        assert_int_equal(calls, 5);
        memset(&h, 0, sizeof h);
        h.stop_after = 1;
        c2d_index_raycast_all(ix, ray, ray_all_cb, &h);
        assert_int_equal(h.n, 1);
        memset(&h, 0, sizeof h);
        h.stop_after = 1;
        c2d_index_query_aabb(ix, bx(-100, -100, 100, 100), query_cb, &h);
        assert_int_equal(h.n, 1);
        /* Invalid inputs report nothing. */
        memset(&h, 0, sizeof h);
        c2d_index_query_aabb(ix, bx(5, 5, 4, 4), query_cb, &h);
        c2d_index_query_aabb(ix, bx(NAN, 0, 1, 1), query_cb, &h);
        c2d_index_query_point(ix, c2d_v2((c2d_real)NAN, 0), query_cb, &h);
        ray.origin = c2d_v2((c2d_real)NAN, 0);
        c2d_index_raycast_all(ix, ray, ray_all_cb, &h);
        assert_int_equal(h.n, 0);
        c2d_index_destroy(ix);
    }
}

/* ---- far coordinates ---- */

/* Two unit boxes near (-1e5, 1e5) that touch, then overlap by 1/8, then a box far away
 * (5e11) and back: every index gives the answers it gives near the origin. */
static void test_far_and_negative_coordinates(void **state) {
    int k;
    (void)state;
    for (k = 0; k < KIND_COUNT; ++k) {
        print_message("index: %s\n", k_kinds[k].label);
        model *m = &g_model;
        c2d_index *ix = make_index(&k_kinds[k], NULL);
        const c2d_index_pair *pairs;
        int32_t count, a, b, c;
        double X = -100000, Y = 100000;
        model_reset(m);
        a = do_insert(ix, m, bx(X, Y, X + 1, Y + 1), 1);
        b = do_insert(ix, m, bx(X + 1, Y, X + 2, Y + 1), 2);
        assert_status(c2d_index_find_pairs(ix, &pairs, &count), C2D_OK);
        assert_int_equal(count, 0);
        do_move(ix, m, b, bx(X + 0.875, Y, X + 1.875, Y + 1));
        assert_status(c2d_index_find_pairs(ix, &pairs, &count), C2D_OK);
        assert_int_equal(count, 1);
        assert_int_equal(pairs[0].a, a < b ? a : b);
        c = do_insert(ix, m, bx(5e11, -5e11, 5e11 + 4096, -5e11 + 4096), 3);
        check_update_pairs(ix, m);
        check_query(ix, m, bx(5e11, -5e11, 5e11 + 1, -5e11 + 1));
        check_query(ix, m, bx(X + 0.5, Y + 0.5, X + 0.5, Y + 0.5));
        {
            c2d_index_ray ray;
            ray.origin = c2d_v2((c2d_real)(X - 10), (c2d_real)(Y + 0.5));
            ray.translation = c2d_v2(1, 0);
            ray.max_fraction = (c2d_real)INFINITY;
            check_ray(ix, m, ray);
            ray.origin = c2d_v2(0, 0);
            ray.translation = c2d_v2((c2d_real)5e11, (c2d_real)-5e11);
            ray.max_fraction = 2;
            check_ray(ix, m, ray);
        }
        do_move(ix, m, c, bx(X + 1.5, Y + 0.5, X + 3, Y + 3));
        check_update_pairs(ix, m);
        check_find_pairs(ix, m);
        do_remove(ix, m, a);
        check_update_pairs(ix, m);
        assert_true(c2d_index_validate(ix));
        c2d_index_destroy(ix);
    }
}

/* ---- larger scenes ---- */

/* 2500 uniform boxes: one-shot pairs against brute force, then frames moving 1% of them. */
static void test_uniform_scene_frames(void **state) {
    test_rng r = test_rng_make("indexes_uniform_scene_frames");
    int k, frame, i;
    (void)state;
    for (k = 0; k < KIND_COUNT; ++k) {
        print_message("index: %s\n", k_kinds[k].label);
        c2d_index *ix = make_index(&k_kinds[k], NULL);
        static c2d_aabb boxes[2500];
        const c2d_index_pair *pairs;
        int32_t count, id;
        for (i = 0; i < 2500; ++i) {
            double x = test_rng_range(&r, -100, 100), y = test_rng_range(&r, -100, 100);
            boxes[i] = bx(x, y, x + test_rng_range(&r, 0.5, 4), y + test_rng_range(&r, 0.5, 4));
            assert_status(c2d_index_insert(ix, boxes[i], (uint64_t)i, &id), C2D_OK);
            assert_int_equal(id, i);
        }
        assert_status(c2d_index_update_pairs(ix, &pairs, &count), C2D_OK);
        for (frame = 0; frame < 4; ++frame) {
            static bool moved[2500];
            memset(moved, 0, sizeof moved);
            for (i = 0; i < 25; ++i) {
                int32_t j = (int32_t)(test_rng_next(&r) % 2500);
                c2d_real dx = (c2d_real)test_rng_range(&r, -0.5, 0.5), dy = (c2d_real)test_rng_range(&r, -0.5, 0.5);
                boxes[j].lower.x += dx;
                boxes[j].upper.x += dx;
                boxes[j].lower.y += dy;
                boxes[j].upper.y += dy;
                assert_status(c2d_index_move(ix, j, boxes[j]), C2D_OK);
                moved[j] = true;
            }
            assert_status(c2d_index_update_pairs(ix, &pairs, &count), C2D_OK);
            assert_pairs_brute(pairs, count, boxes, 2500, moved, "update_pairs");
        }
        assert_status(c2d_index_find_pairs(ix, &pairs, &count), C2D_OK);
        assert_pairs_brute(pairs, count, boxes, 2500, NULL, "find_pairs");
        assert_true(c2d_index_validate(ix));
        c2d_index_destroy(ix);
    }
}

/* Frames in which every proxy of a grid moves a little (most stay in their cells, many change
 * cells), some jump far, some grow into the side list and shrink back, and frames in which only a
 * tenth or a half move: update_pairs and find_pairs against brute force every frame, for sparse
 * scenes (the pairs come from the cells) and crowded ones (the strip sweep), with several cell
 * sizes around the box size. */
static void test_grid_full_motion_frames(void **state) {
    test_rng r = test_rng_make("indexes_grid_full_motion_frames");
    static const double cells[] = {1.5, 2.5, 4.0, 0.0};
    static const double density[] = {50.0, 4.0};
    enum { N = 1200 };
    static c2d_aabb boxes[N];
    static bool moved[N];
    int c, d, frame, i;
    (void)state;
    for (d = 0; d < 2; ++d) {
        for (c = 0; c < 4; ++c) {
            c2d_index_config cfg;
            c2d_index *ix = NULL;
            const c2d_index_pair *pairs;
            int32_t count, id;
            char label[64];
            double world = 400, size = sqrt(world * world / (N * density[d]));
            memset(&cfg, 0, sizeof cfg);
            cfg.cell_size = (c2d_real)(cells[c] * size);
            assert_status(c2d_grid_create(&cfg, &ix), C2D_OK);
            print_message("grid full motion: density 1/%g, cell %g x size\n", density[d], cells[c]);
            for (i = 0; i < N; ++i) {
                double x = test_rng_range(&r, 0, world), y = test_rng_range(&r, 0, world);
                double w = size * test_rng_range(&r, 1, 1.25), h = size * test_rng_range(&r, 1, 1.25);
                if (i % 20 == 0) {
                    w *= 3;
                    h *= 2;
                }
                boxes[i] = bx(x, y, x + w, y + h);
                assert_status(c2d_index_insert(ix, boxes[i], (uint64_t)i, &id), C2D_OK);
                assert_int_equal(id, i);
            }
            assert_status(c2d_index_update_pairs(ix, &pairs, &count), C2D_OK);
            for (frame = 0; frame < 12; ++frame) {
                int every = frame % 4 == 3 ? 10 : frame % 4 == 2 ? 2
                                                                 : 1;
                memset(moved, 0, sizeof moved);
                for (i = 0; i < N; ++i) {
                    c2d_real dx, dy;
                    if (test_rng_next(&r) % (uint64_t)every != 0) continue;
                    dx = (c2d_real)(size * test_rng_range(&r, -0.4, 0.4));
                    dy = (c2d_real)(size * test_rng_range(&r, -0.4, 0.4));
                    if (test_rng_next(&r) % 50 == 0) { dx = (c2d_real)test_rng_range(&r, -world / 2, world / 2); }
                    boxes[i].lower.x += dx;
                    boxes[i].upper.x += dx;
                    boxes[i].lower.y += dy;
                    boxes[i].upper.y += dy;
                    if (i % 97 == frame) boxes[i].upper.x = boxes[i].lower.x + (c2d_real)(size * 30);
                    else if (i % 97 == frame - 1) boxes[i].upper.x = boxes[i].lower.x + (c2d_real)size;
                    assert_status(c2d_index_move(ix, i, boxes[i]), C2D_OK);
                    moved[i] = true;
                }
                assert_status(c2d_index_update_pairs(ix, &pairs, &count), C2D_OK);
                snprintf(label, sizeof label, "update_pairs frame %d", frame);
                assert_pairs_brute(pairs, count, boxes, N, moved, label);
                if (frame % 3 == 0) {
                    assert_status(c2d_index_find_pairs(ix, &pairs, &count), C2D_OK);
                    assert_pairs_brute(pairs, count, boxes, N, NULL, "find_pairs");
                }
                assert_true(c2d_index_validate(ix));
            }
            c2d_index_destroy(ix);
        }
    }
}

/* One scene of the pair-sweep test: n boxes of a given style. */
static c2d_aabb sweep_scene_box(test_rng *r, int style, int i) {
    double x = test_rng_range(r, 0, 150), y = test_rng_range(r, 0, 150), w = test_rng_range(r, 1, 3), h = test_rng_range(r, 1, 3);
    switch (style) {
    case 1: /* one box in ten very tall: reaches many strips up */
        if (i % 10 == 0) h = test_rng_range(r, 20, 120);
        break;
    case 2: /* horizontal and vertical segments' bounds (zero height or width) */
        if (i % 2 == 0) {
            h = 0;
            w *= 4;
        } else {
            w = 0;
            h *= 4;
        }
        break;
    case 3: /* every box on the line x = 7 */
        x = 7 - w / 2;
        y = test_rng_range(r, 0, 600);
        break;
    case 4: /* 300 identical boxes among the others: a dense clump of duplicates in the pair sort */
        if (i < 300) {
            x = 40;
            y = 40;
            w = 2;
            h = 2;
        }
        break;
    case 5: /* far from the origin, negative */
        x -= 1048576.0;
        y -= 524288.0;
        break;
    case 6: /* very wide boxes */
        if (i % 4 == 0) w = test_rng_range(r, 30, 200);
        break;
    default: /* on a grid of 1/2: exact touches everywhere */
        x = floor(x * 2) / 2;
        y = floor(y * 2) / 2;
        w = floor(w * 2) / 2;
        h = floor(h * 2) / 2;
        break;
    }
    return bx(x, y, x + w, y + h);
}

/* Brute-force per-frame pairs, in (a, b) order: the overlapping pairs with a moved box, box i
 * having moved when i % stride == offset. Returns the count written to want. */
static int32_t ref_moved_pairs(const c2d_aabb *boxes, int32_t n, int32_t stride, int32_t offset, c2d_index_pair *want) {
    int32_t i, j, count = 0;
    for (i = 0; i < n; ++i)
        for (j = i + 1; j < n; ++j)
            if ((i % stride == offset || j % stride == offset) && ref_overlap(boxes[i], boxes[j])) {
                want[count].a = i;
                want[count].b = j;
                ++count;
            }
    return count;
}

/* The shared pair sweep behind every index's one-shot pairs (and per-frame pairs when many moved),
 * on scenes large enough for many strips: tall boxes that reach several strips up, flat boxes,
 * boxes all on one line, a clump of identical boxes, far coordinates, very wide boxes and exact
 * touches. Every index's pairs must equal brute force, also the per-frame pairs after a third of
 * the boxes moved and after 20 moved. */
static void test_pair_sweep_large_scenes(void **state) {
    enum { N = 1500 };
    test_rng r = test_rng_make("indexes_pair_sweep_large_scenes");
    static c2d_aabb boxes[N];
    c2d_index_pair *want = (c2d_index_pair *)malloc((size_t)N * N / 2 * sizeof *want);
    int style, k, i, j;
    (void)state;
    assert_non_null(want);
    for (style = 0; style < 7; ++style) {
        c2d_index *ix[KIND_COUNT + 2];
        int32_t nwant = 0;
        for (i = 0; i < N; ++i) boxes[i] = sweep_scene_box(&r, style, i);
        for (k = 0; k < KIND_COUNT; ++k) {
            int32_t id;
            ix[k] = make_index(&k_kinds[k], NULL);
            for (i = 0; i < N; ++i) {
                assert_status(c2d_index_insert(ix[k], boxes[i], 0, &id), C2D_OK);
                assert_int_equal(id, i);
            }
        }
        assert_status(c2d_dynamic_tree_create(NULL, &ix[KIND_COUNT]), C2D_OK);
        for (i = 0; i < N; ++i) {
            int32_t id;
            assert_status(c2d_index_insert(ix[KIND_COUNT], boxes[i], 0, &id), C2D_OK);
        }
        assert_status(c2d_static_tree_create(NULL, boxes, NULL, N, &ix[KIND_COUNT + 1]), C2D_OK);
        for (i = 0; i < N; ++i)
            for (j = i + 1; j < N; ++j)
                if (ref_overlap(boxes[i], boxes[j])) {
                    want[nwant].a = i;
                    want[nwant].b = j;
                    ++nwant;
                }
        print_message("style %d: %d pairs\n", style, (int)nwant);
        for (k = 0; k < KIND_COUNT + 2; ++k) {
            const c2d_index_pair *got;
            int32_t count = -1;
            assert_status(c2d_index_find_pairs(ix[k], &got, &count), C2D_OK);
            assert_int_equal(count, nwant);
            assert_memory_equal(got, want, (size_t)nwant * sizeof *want);
        }
        /* A third of the boxes move (half a unit right): per-frame pairs are the pairs with one of
         * them, many enough for the indexes to use the sweep with its moved filter. */
        for (i = 0; i < N; i += 3) {
            boxes[i].lower.x += (c2d_real)0.5;
            boxes[i].upper.x += (c2d_real)0.5;
        }
        nwant = ref_moved_pairs(boxes, N, 3, 0, want);
        for (k = 0; k < KIND_COUNT + 1; ++k) {
            const c2d_index_pair *got;
            int32_t count = -1;
            assert_status(c2d_index_update_pairs(ix[k], &got, &count), C2D_OK); /* the inserts */
            for (i = 0; i < N; i += 3) assert_status(c2d_index_move(ix[k], i, boxes[i]), C2D_OK);
            assert_status(c2d_index_update_pairs(ix[k], &got, &count), C2D_OK);
            assert_int_equal(count, nwant);
            assert_memory_equal(got, want, (size_t)nwant * sizeof *want);
            assert_true(c2d_index_validate(ix[k]));
        }
        /* A frame where 20 boxes move: the per-box queries (the tree rebuilds itself first, having
         * been inserted into as often as it has leaves). */
        for (i = 1; i < N; i += 100) {
            boxes[i].lower.y -= (c2d_real)0.75;
            boxes[i].upper.y -= (c2d_real)0.75;
        }
        nwant = ref_moved_pairs(boxes, N, 100, 1, want);
        for (k = 0; k < KIND_COUNT + 1; ++k) {
            const c2d_index_pair *got;
            int32_t count = -1;
            for (i = 1; i < N; i += 100) assert_status(c2d_index_move(ix[k], i, boxes[i]), C2D_OK);
            assert_status(c2d_index_update_pairs(ix[k], &got, &count), C2D_OK);
            assert_int_equal(count, nwant);
            assert_memory_equal(got, want, (size_t)nwant * sizeof *want);
            assert_true(c2d_index_validate(ix[k]));
        }
        for (k = 0; k < KIND_COUNT + 2; ++k) c2d_index_destroy(ix[k]);
    }
    free(want);
}

/* The quadtree's root grows towards far boxes and shrinks back when they leave. */
static void test_quadtree_root_grows_and_shrinks(void **state) {
    test_rng r = test_rng_make("indexes_quadtree_root_grows_and_shrinks");
    model *m = &g_model;
    c2d_index *ix = make_index(&k_kinds[2], NULL);
    int32_t a, b, i;
    (void)state;
    model_reset(m);
    a = do_insert(ix, m, bx(0, 0, 1, 1), 1);
    for (i = 0; i < 40; ++i) {
        double far = ldexp(1.0, i);
        b = do_insert(ix, m, bx(far, -far, far + 1, -far + 1), (uint64_t)(2 + i));
        assert_true(c2d_index_validate(ix));
        check_query(ix, m, bx(-1, -1, 2, 2));
        check_query(ix, m, bx(far, -far, far + 0.5, -far + 0.5));
        if (i % 2 == 1) do_remove(ix, m, b);
    }
    for (i = 0; i < NMAX; ++i)
        if (m->live[i] && i != a) do_remove(ix, m, i);
    assert_true(c2d_index_validate(ix));
    check_query(ix, m, bx(0.5, 0.5, 0.75, 0.75));
    do_remove(ix, m, a);
    assert_int_equal(c2d_index_count(ix), 0);
    assert_true(c2d_index_validate(ix));
    (void)do_insert(ix, m, bx(-3, -3, -2, -2), 7);
    check_all(ix, m, &r, 0, 0, 5, 5);
    c2d_index_destroy(ix);
}

/* ---- errors, ids, allocator ---- */

static void test_create_errors_ids_and_user_data(void **state) {
    int k;
    c2d_index_config cfg;
    c2d_index *ix;
    (void)state;
    for (k = 0; k < KIND_COUNT; ++k) {
        print_message("index: %s\n", k_kinds[k].label);
        int32_t id, id2;
        c2d_aabb b;
        uint64_t u;
        assert_status(k_kinds[k].create(NULL, NULL), C2D_ERR_NULL_ARG);
        memset(&cfg, 0, sizeof cfg);
        cfg.capacity = -1;
        ix = (c2d_index *)&cfg;
        assert_status(k_kinds[k].create(&cfg, &ix), C2D_ERR_BAD_SIZE);
        assert_null(ix);
        assert_status(k_kinds[k].create(NULL, &ix), C2D_OK);
        assert_string_equal(c2d_index_name(ix), k_kinds[k].name);
        assert_status(c2d_index_insert(ix, bx(0, 0, 1, 1), 77, &id), C2D_OK);
        assert_status(c2d_index_insert(ix, bx(1, 0, 0, 1), 1, &id2), C2D_ERR_BAD_SIZE);
        assert_status(c2d_index_insert(ix, bx(0, 0, INFINITY, 1), 1, &id2), C2D_ERR_NOT_FINITE);
        assert_status(c2d_index_get(ix, id, &b, &u), C2D_OK);
        assert_true(u == 77);
        assert_status(c2d_index_move(ix, id, bx(2, 2, 1, 3)), C2D_ERR_BAD_SIZE);
        assert_status(c2d_index_get(ix, id, &b, NULL), C2D_OK);
        assert_true(b.upper.x == 1);
        assert_status(c2d_index_move(ix, id + 5, bx(0, 0, 1, 1)), C2D_ERR_BAD_ID);
        assert_status(c2d_index_remove(ix, -1), C2D_ERR_BAD_ID);
        assert_status(c2d_index_remove(ix, id), C2D_OK);
        assert_status(c2d_index_remove(ix, id), C2D_ERR_BAD_ID);
        assert_status(c2d_index_get(ix, id, &b, &u), C2D_ERR_BAD_ID);
        assert_status(c2d_index_insert(ix, bx(5, 5, 6, 6), 78, &id2), C2D_OK);
        assert_int_equal(id2, id); /* reused */
        assert_int_equal(c2d_index_count(ix), 1);
        assert_true(c2d_index_validate(ix));
        c2d_index_destroy(ix);
    }
    /* Grid cell sizes. */
    memset(&cfg, 0, sizeof cfg);
    cfg.cell_size = -1;
    assert_status(c2d_grid_create(&cfg, &ix), C2D_ERR_BAD_SIZE);
    cfg.cell_size = (c2d_real)NAN;
    assert_status(c2d_grid_create(&cfg, &ix), C2D_ERR_NOT_FINITE);
    cfg.cell_size = (c2d_real)(1.0 / ((double)C2D_MAX_COORD * 10.0)); /* 1 / cell beyond C2D_MAX_COORD */
    assert_status(c2d_grid_create(&cfg, &ix), C2D_ERR_BAD_SIZE);
    cfg.cell_size = (c2d_real)((double)C2D_MAX_COORD * 10.0);
    assert_status(c2d_grid_create(&cfg, &ix), C2D_ERR_OUT_OF_RANGE);
}

/* A counting allocator that can fail on demand; each block carries its size to check frees. */
typedef struct counting {
    int64_t live_blocks, live_bytes, allocs, peak_bytes;
    test_rng rng;
    double fail_rate;
    int64_t fail_at; /* > 0: the allocation of that number (counting from 1 after it was set) fails */
} counting;

static void *counting_alloc(size_t size, void *context) {
    counting *c = (counting *)context;
    size_t *p;
    if (c->fail_rate > 0 && test_rng_range(&c->rng, 0, 1) < c->fail_rate) return NULL;
    if (c->fail_at > 0 && --c->fail_at == 0) return NULL;
    p = (size_t *)malloc(size + 16);
    if (p == NULL) return NULL;
    p[0] = size;
    c->live_blocks++;
    c->live_bytes += (int64_t)size;
    if (c->live_bytes > c->peak_bytes) c->peak_bytes = c->live_bytes;
    c->allocs++;
    return (char *)p + 16;
}

static void counting_free(void *ptr, size_t size, void *context) {
    counting *c = (counting *)context;
    size_t *p = (size_t *)((char *)ptr - 16);
    assert_true(p[0] == size);
    c->live_blocks--;
    c->live_bytes -= (int64_t)size;
    free(p);
}

/* Zeroes c and makes cfg a default config whose allocator is c. */
static void counting_config(counting *c, c2d_index_config *cfg) {
    memset(c, 0, sizeof *c);
    memset(cfg, 0, sizeof *cfg);
    cfg->allocator.alloc = counting_alloc;
    cfg->allocator.free = counting_free;
    cfg->allocator.context = c;
}

/* An index's memory: 16384 boxes of the bench's uniform scene (sizes 0.5-1.5, 0.5 a unit of area),
 * inserted one by one with the capacity given, cost at most `limit` bytes a proxy, all held memory
 * counted; 20 frames with 1% of the boxes moved leave it valid (the bytes then, pair list
 * included, are printed). With bulk, the same boxes are also given to c2d_index_build and held to
 * the same limit. */
static void check_memory_per_proxy(c2d_status (*create)(const c2d_index_config *, c2d_index **), const char *label,
                                   double limit, bool bulk, c2d_real cell_size) {
    enum { N = 16384 };
    test_rng r = test_rng_make(label);
    double side = sqrt(N / 0.5);
    counting c;
    c2d_index_config cfg;
    c2d_index *ix;
    int32_t i, id, f;
    const c2d_index_pair *pairs;
    int32_t count;
    c2d_aabb *boxes = (c2d_aabb *)malloc(N * sizeof *boxes);
    assert_non_null(boxes);
    memset(&c, 0, sizeof c);
    memset(&cfg, 0, sizeof cfg);
    cfg.capacity = N;
    cfg.cell_size = cell_size;
    cfg.allocator.alloc = counting_alloc;
    cfg.allocator.free = counting_free;
    cfg.allocator.context = &c;
    assert_status(create(&cfg, &ix), C2D_OK);
    for (i = 0; i < N; ++i) {
        double x = test_rng_range(&r, 0, side), y = test_rng_range(&r, 0, side);
        double w = test_rng_range(&r, 0.5, 1.5), h = test_rng_range(&r, 0.5, 1.5);
        boxes[i] = bx(x, y, x + w, y + h);
        assert_status(c2d_index_insert(ix, boxes[i], (uint64_t)i, &id), C2D_OK);
    }
    print_message("%s: %.1f bytes a proxy after the inserts (limit %.0f)\n", c2d_index_name(ix), (double)c.live_bytes / N, limit);
    assert_true((double)c.live_bytes / N <= limit);
    assert_status(c2d_index_update_pairs(ix, &pairs, &count), C2D_OK);
    for (f = 0; f < 20; ++f) {
        for (i = 0; i < N / 100; ++i) {
            double x = test_rng_range(&r, 0, side), y = test_rng_range(&r, 0, side);
            double w = test_rng_range(&r, 0.5, 1.5), h = test_rng_range(&r, 0.5, 1.5);
            assert_status(c2d_index_move(ix, (int32_t)(test_rng_next(&r) % N), bx(x, y, x + w, y + h)), C2D_OK);
        }
        assert_status(c2d_index_update_pairs(ix, &pairs, &count), C2D_OK);
    }
    assert_true(c2d_index_validate(ix));
    /* The pair list is the caller's output, not the index: counted apart. */
    print_message("%s: %.1f bytes a proxy after 20 frames (%d pairs in the last)\n", c2d_index_name(ix), (double)c.live_bytes / N, count);
    c2d_index_destroy(ix);
    assert_int_equal(c.live_bytes, 0);
    if (bulk) {
        assert_status(create(&cfg, &ix), C2D_OK);
        assert_status(c2d_index_build(ix, boxes, NULL, N), C2D_OK);
        print_message("%s: %.1f bytes a proxy after c2d_index_build\n", c2d_index_name(ix), (double)c.live_bytes / N);
        assert_true((double)c.live_bytes / N <= limit);
        assert_true(c2d_index_validate(ix));
        c2d_index_destroy(ix);
        assert_int_equal(c.live_bytes, 0);
    }
    free(boxes);
}

/* The quadtree: at most 64 bytes a proxy in float builds (the shared proxy record is 32 of them)
 * and 96 in double builds (48). */
static void test_quadtree_memory_per_proxy(void **state) {
    (void)state;
    check_memory_per_proxy(c2d_quadtree_create, "indexes_quadtree_memory_per_proxy", sizeof(c2d_real) == 4 ? 64 : 96, false, 0);
}

/* The dynamic tree: at most 64 bytes a proxy in float builds (a 32-byte proxy record that is also
 * the leaf, n - 1 internal nodes of 28 bytes and a height byte, a moved bit) and 100 in double
 * builds (48 + 48 + 1), after one-by-one inserts and after a bulk build. */
static void test_dynamic_tree_memory_per_proxy(void **state) {
    (void)state;
    check_memory_per_proxy(c2d_dynamic_tree_create, "indexes_dynamic_tree_memory_per_proxy", sizeof(c2d_real) == 4 ? 64 : 100, true, 0);
}

/* The grid (issue 17: at most 64 bytes a proxy), with the bench's cell size for this scene, 1.5
 * (about 2.8 entries a proxy): 80 in double builds, whose proxy record is 16 bytes longer. Main's
 * grid held 124 bytes a proxy here. */
static void test_grid_memory_per_proxy(void **state) {
    (void)state;
    check_memory_per_proxy(c2d_grid_create, "indexes_grid_memory_per_proxy", sizeof(c2d_real) == 4 ? 64 : 80, true,
                           (c2d_real)1.5);
}

/* Sweep-and-prune: at most 60 bytes a proxy after one-by-one inserts up to the config's capacity
 * in float builds (56: a 32-byte proxy record, a 16-byte record and a 4-byte id in the sorted
 * array, a 4-byte moved entry) and 92 in double builds (88): the array keeps the capacity of the
 * config through the merges of the pending tail (before, a merge's second buffer, grown from the
 * live count, became the array: 63.8 bytes a proxy here, 71.8 at 100k boxes). */
static void test_sweep_prune_memory_per_proxy(void **state) {
    (void)state;
    check_memory_per_proxy(c2d_sweep_prune_create, "indexes_sweep_prune_memory_per_proxy", sizeof(c2d_real) == 4 ? 60 : 92, false, 0);
}

/* The static tree's memory: 16384 boxes of the bench's uniform scene with user data cost at most
 * 64 bytes a proxy at the peak of the build (the sort runs within the node array: no scratch) and
 * at rest, in float and double builds; a bulk build of other boxes into it allocates nothing and
 * stays under the same peak. */
static void test_static_tree_memory_per_proxy(void **state) {
    enum { N = 16384 };
    test_rng r = test_rng_make("indexes_static_tree_memory_per_proxy");
    static c2d_aabb boxes[N];
    static uint64_t user[N];
    double side = sqrt(N / 0.5);
    counting c;
    c2d_index_config cfg;
    c2d_index *ix;
    int32_t i;
    int64_t allocs;
    int round;
    (void)state;
    counting_config(&c, &cfg);
    for (round = 0; round < 2; ++round) {
        for (i = 0; i < N; ++i) {
            double x = test_rng_range(&r, 0, side), y = test_rng_range(&r, 0, side);
            double w = test_rng_range(&r, 0.5, 1.5), h = test_rng_range(&r, 0.5, 1.5);
            boxes[i] = bx(x, y, x + w, y + h);
            user[i] = test_rng_next(&r);
        }
        c.peak_bytes = c.live_bytes;
        allocs = c.allocs;
        if (round == 0) assert_status(c2d_static_tree_create(&cfg, boxes, user, N, &ix), C2D_OK);
        else assert_status(c2d_index_build(ix, boxes, user, N), C2D_OK);
        print_message("static tree (%s): peak %.1f, at rest %.1f bytes a proxy\n", round == 0 ? "create" : "build", (double)c.peak_bytes / N,
                      (double)c.live_bytes / N);
        assert_true((double)c.peak_bytes / N <= 64);
        assert_true((double)c.live_bytes / N <= 64);
        if (round == 1) assert_true(c.allocs == allocs);
        assert_true(c2d_index_validate(ix));
    }
    c2d_index_destroy(ix);
    assert_int_equal(c.live_bytes, 0);
}

/* Counts the ids a query reports and marks each (reported once). */
typedef struct crowd_hits {
    int32_t n;
    unsigned char seen[6400];
} crowd_hits;

static bool crowd_cb(int32_t id, uint64_t user_data, void *context) {
    crowd_hits *h = (crowd_hits *)context;
    assert_true(id >= 0 && id < 6400 && (uint64_t)id == user_data);
    assert_false(h->seen[id]);
    h->seen[id] = 1;
    h->n++;
    return true;
}

/* A grid cell holding more ids than an entry chunk (4,096): its block is an allocation of its own.
 * 6400 disjoint boxes in one cell: queries find each once, removes and moves keep the index
 * valid, and a second build of the same boxes (clear, then inserts) allocates nothing. */
static void test_grid_crowded_cell(void **state) {
    enum { SIDE = 80, N = SIDE * SIDE };
    static c2d_aabb boxes[N];
    counting c;
    c2d_index_config cfg;
    c2d_index *ix;
    const c2d_index_pair *pairs;
    int32_t i, count;
    int64_t allocs;
    crowd_hits *h = (crowd_hits *)calloc(1, sizeof *h);
    (void)state;
    assert_non_null(h);
    for (i = 0; i < N; ++i) boxes[i] = bx(i % SIDE, i / SIDE, i % SIDE + 0.5, i / SIDE + 0.5);
    memset(&c, 0, sizeof c);
    memset(&cfg, 0, sizeof cfg);
    cfg.cell_size = 1000;
    cfg.allocator.alloc = counting_alloc;
    cfg.allocator.free = counting_free;
    cfg.allocator.context = &c;
    assert_status(c2d_grid_create(&cfg, &ix), C2D_OK);
    for (i = 0; i < N; ++i) {
        int32_t id;
        assert_status(c2d_index_insert(ix, boxes[i], (uint64_t)i, &id), C2D_OK);
        assert_int_equal(id, i);
    }
    assert_true(c2d_index_validate(ix));
    c2d_index_query_aabb(ix, bx(-1, -1, SIDE + 1, SIDE + 1), crowd_cb, h);
    assert_int_equal(h->n, N);
    memset(h, 0, sizeof *h);
    c2d_index_query_aabb(ix, bx(10.2, 20.2, 10.3, 20.3), crowd_cb, h);
    assert_int_equal(h->n, 1);
    assert_true(h->seen[20 * SIDE + 10]);
    assert_status(c2d_index_find_pairs(ix, &pairs, &count), C2D_OK);
    assert_int_equal(count, 0);
    /* Box 0 moves onto box 1 (same cell), box 2 leaves for another cell; box 3 goes. */
    assert_status(c2d_index_move(ix, 0, bx(1.25, 0, 1.75, 0.5)), C2D_OK);
    assert_status(c2d_index_move(ix, 2, bx(5000.25, 0, 5000.75, 0.5)), C2D_OK);
    assert_status(c2d_index_remove(ix, 3), C2D_OK);
    assert_true(c2d_index_validate(ix));
    assert_status(c2d_index_update_pairs(ix, &pairs, &count), C2D_OK);
    assert_int_equal(count, 1);
    assert_true(pairs[0].a == 0 && pairs[0].b == 1);
    assert_status(c2d_index_rebuild(ix), C2D_OK);
    assert_true(c2d_index_validate(ix));
    /* Built twice from the same boxes: the second build reuses the first one's memory. */
    assert_status(c2d_index_build(ix, boxes, NULL, N), C2D_OK);
    allocs = c.allocs;
    assert_status(c2d_index_build(ix, boxes, NULL, N), C2D_OK);
    assert_true(c.allocs == allocs);
    assert_true(c2d_index_validate(ix));
    memset(h, 0, sizeof *h);
    c2d_index_query_aabb(ix, bx(-1, -1, SIDE + 1, SIDE + 1), crowd_cb, h);
    assert_int_equal(h->n, N);
    c2d_index_destroy(ix);
    assert_int_equal(c.live_bytes, 0);
    free(h);
}

/* Every allocation goes through the hooks and is given back; queries and ray casts allocate
 * nothing; in steady state (the buffers grown once) the pair functions allocate nothing either
 * (moves may: the grid's cells come and go). */
static void test_allocator_hooks(void **state) {
    test_rng r = test_rng_make("indexes_allocator_hooks");
    int k, i;
    (void)state;
    for (k = 0; k < KIND_COUNT; ++k) {
        print_message("index: %s\n", k_kinds[k].label);
        counting c;
        c2d_index_config cfg;
        c2d_index *ix;
        model *m = &g_model;
        const c2d_index_pair *pairs;
        int32_t count;
        int64_t before;
        memset(&c, 0, sizeof c);
        memset(&cfg, 0, sizeof cfg);
        cfg.allocator.alloc = counting_alloc;
        cfg.allocator.free = counting_free;
        cfg.allocator.context = &c;
        ix = make_index(&k_kinds[k], &cfg);
        model_reset(m);
        for (i = 0; i < 200; ++i) do_insert(ix, m, rand_box(&r, 0, 0, 30), (uint64_t)i);
        assert_status(c2d_index_find_pairs(ix, &pairs, &count), C2D_OK);
        check_update_pairs(ix, m);
        before = c.allocs;
        for (i = 0; i < 30; ++i) {
            hits h;
            memset(&h, 0, sizeof h);
            c2d_index_query_aabb(ix, rand_box(&r, 0, 0, 30), query_cb, &h);
            memset(&h, 0, sizeof h);
            c2d_index_query_point(ix, c2d_v2((c2d_real)i, 0), query_cb, &h);
            check_ray(ix, m, rand_ray(&r, 0, 0, 30));
        }
        assert_true(c.allocs == before);
        /* Frames of small moves: after the first, the pair functions allocate nothing. */
        for (i = 0; i < 4; ++i) {
            int32_t j;
            int64_t at;
            for (j = 0; j < 200; j += 7) {
                c2d_aabb b = m->box[j];
                c2d_real d = (i % 2 == 0) ? (c2d_real)0.25 : (c2d_real)-0.25;
                b.lower.x += d;
                b.upper.x += d;
                do_move(ix, m, j, b);
            }
            at = c.allocs;
            check_update_pairs(ix, m);
            assert_status(c2d_index_find_pairs(ix, &pairs, &count), C2D_OK);
            if (i > 0) assert_true(c.allocs == at);
        }
        c2d_index_destroy(ix);
        assert_true(c.live_blocks == 0 && c.live_bytes == 0);
        /* alloc without free is rejected. */
        cfg.allocator.free = NULL;
        assert_status(k_kinds[k].create(&cfg, &ix), C2D_ERR_NULL_ARG);
    }
}

/* A dynamic tree of 3000 proxies whose every proxy leaves its fat box each frame: the churn of
 * each frame is the whole tree, which once set off a full rebuild (a new node array and scratch:
 * a 20 ms frame at 100k). Now it is spread over the frames as slice rebuilds in kept scratch, so
 * after the first frame the moves allocate nothing; the tree stays valid (balanced, boxes fitted)
 * and its pairs equal brute force's every frame. */
static void test_dynamic_tree_rebuilds_in_slices(void **state) {
    enum { N = 3000 };
    test_rng r = test_rng_make("indexes_dynamic_tree_rebuilds_in_slices");
    counting c;
    c2d_index_config cfg;
    c2d_index *ix;
    static c2d_aabb boxes[N];
    static bool moved[N];
    const c2d_index_pair *pairs;
    int32_t count, id, i;
    int frame;
    (void)state;
    memset(&c, 0, sizeof c);
    memset(&cfg, 0, sizeof cfg);
    cfg.allocator.alloc = counting_alloc;
    cfg.allocator.free = counting_free;
    cfg.allocator.context = &c;
    assert_status(c2d_dynamic_tree_create(&cfg, &ix), C2D_OK);
    for (i = 0; i < N; ++i) {
        double x = test_rng_range(&r, -150, 150), y = test_rng_range(&r, -150, 150);
        boxes[i] = bx(x, y, x + test_rng_range(&r, 0.5, 4), y + test_rng_range(&r, 0.5, 4));
        assert_status(c2d_index_insert(ix, boxes[i], (uint64_t)i, &id), C2D_OK);
    }
    assert_status(c2d_index_update_pairs(ix, &pairs, &count), C2D_OK);
    for (frame = 0; frame < 6; ++frame) {
        int64_t at = c.allocs;
        for (i = 0; i < N; ++i) {
            c2d_real dx = (c2d_real)test_rng_range(&r, -8, 8), dy = (c2d_real)test_rng_range(&r, -8, 8);
            boxes[i].lower.x += dx;
            boxes[i].upper.x += dx;
            boxes[i].lower.y += dy;
            boxes[i].upper.y += dy;
            assert_status(c2d_index_move(ix, i, boxes[i]), C2D_OK);
            moved[i] = true;
        }
        if (frame > 0) assert_int_equal(c.allocs, at);
        assert_true(c2d_index_validate(ix));
        assert_status(c2d_index_update_pairs(ix, &pairs, &count), C2D_OK);
        assert_pairs_brute(pairs, count, boxes, N, moved, "update_pairs");
    }
    c2d_index_destroy(ix);
    assert_true(c.live_blocks == 0 && c.live_bytes == 0);
    /* Boxes inserted in sorted order, then each moved to the far end of the row: insertion makes
     * subtrees taller than a median split of their leaves, so a slice keeps its height (and the
     * tree its balance) only by splitting off the median where needed. */
    assert_status(c2d_dynamic_tree_create(NULL, &ix), C2D_OK);
    for (i = 0; i < N; ++i) {
        boxes[i] = bx(i, 0, i + 1.5, 1);
        assert_status(c2d_index_insert(ix, boxes[i], (uint64_t)i, &id), C2D_OK);
    }
    for (i = 0; i < N; ++i) {
        boxes[i] = bx(N + i, 2, N + i + 1.5, 3);
        assert_status(c2d_index_move(ix, i, boxes[i]), C2D_OK);
        if (i % 100 == 99) assert_true(c2d_index_validate(ix));
    }
    assert_status(c2d_index_find_pairs(ix, &pairs, &count), C2D_OK);
    assert_pairs_brute(pairs, count, boxes, N, NULL, "find_pairs");
    c2d_index_destroy(ix);
}

/* ---- bulk build and clear ---- */

static c2d_status make_dynamic_tree(const c2d_index_config *config, c2d_index **out) {
    return c2d_dynamic_tree_create(config, out);
}
static c2d_status make_static_tree(const c2d_index_config *config, c2d_index **out) {
    return c2d_static_tree_create(config, NULL, NULL, 0, out);
}

/* Every kind, the trees included. */
static const index_kind k_build_kinds[] = {
    {"grid (cell 2)", "grid", c2d_grid_create, 2.0},
    {"grid (auto cell)", "grid", c2d_grid_create, 0.0},
    {"quadtree", "quadtree", c2d_quadtree_create, 0.0},
    {"sweep_prune", "sweep_prune", c2d_sweep_prune_create, 0.0},
    {"dynamic_tree", "dynamic_tree", make_dynamic_tree, 0.0},
    {"static_tree", "static_tree", make_static_tree, 0.0},
};
#define BUILD_KIND_COUNT ((int)(sizeof k_build_kinds / sizeof k_build_kinds[0]))

/* Builds the index from boxes[0..n) (user data given, or NULL: the ids), mirrors it in the model
 * (everything moved) and compares every query and both pair functions with brute force. */
static void build_and_check(c2d_index *ix, model *m, test_rng *r, const c2d_aabb *boxes, const uint64_t *user, int32_t n) {
    int32_t i;
    assert_status(c2d_index_build(ix, boxes, user, n), C2D_OK);
    model_reset(m);
    for (i = 0; i < n; ++i) {
        m->box[i] = boxes[i];
        m->user[i] = user != NULL ? user[i] : (uint64_t)i;
        m->live[i] = true;
        m->moved[i] = true;
    }
    m->live_count = n;
    check_all(ix, m, r, 0, 0, 30, 8);
    check_update_pairs(ix, m);
}

/* The static tree's find_pairs: the first call after a build joins its leaves, the second
 * prepares the strip sweep and keeps it, later calls run the kept sweep again while nothing
 * changed; a build drops both. 100k boxes (enough for the kept sweep to be reused), pairs three
 * times, a build of other boxes of the same count, pairs three times again: each list equal to a
 * fresh tree's list of the same boxes (the second list after the build fails if the build kept the
 * old sweep). */
static void test_static_tree_pairs_after_rebuild(void **state) {
    enum { N = 100000 };
    test_rng r = test_rng_make("indexes_static_tree_pairs_after_rebuild");
    static c2d_aabb a[N], b[N];
    static c2d_index_pair want_a[N * 4];
    c2d_index *ix, *fresh;
    const c2d_index_pair *pairs, *want;
    int32_t count, want_count, i, k;
    double side = sqrt(N / 0.5);
    (void)state;
    for (i = 0; i < N; ++i) {
        double x = test_rng_range(&r, 0, side), y = test_rng_range(&r, 0, side);
        a[i] = bx(x, y, x + test_rng_range(&r, 0.5, 1.5), y + test_rng_range(&r, 0.5, 1.5));
        x = test_rng_range(&r, 0, 2 * side);
        y = test_rng_range(&r, 0, side);
        b[i] = bx(x, y, x + test_rng_range(&r, 0.5, 1.5), y + test_rng_range(&r, 0.5, 1.5));
    }
    assert_status(c2d_static_tree_create(NULL, a, NULL, N, &fresh), C2D_OK);
    assert_status(c2d_index_find_pairs(fresh, &want, &want_count), C2D_OK);
    assert_true(want_count > 0 && want_count <= N * 4);
    memcpy(want_a, want, (size_t)want_count * sizeof *want);
    c2d_index_destroy(fresh);
    assert_status(c2d_static_tree_create(NULL, a, NULL, N, &ix), C2D_OK);
    for (k = 0; k < 3; ++k) { /* join, prepared sweep, kept sweep */
        assert_status(c2d_index_find_pairs(ix, &pairs, &count), C2D_OK);
        assert_int_equal(count, want_count);
        assert_memory_equal(pairs, want_a, (size_t)count * sizeof *pairs);
    }
    assert_status(c2d_index_build(ix, b, NULL, N), C2D_OK);
    assert_status(c2d_static_tree_create(NULL, b, NULL, N, &fresh), C2D_OK);
    assert_status(c2d_index_find_pairs(fresh, &want, &want_count), C2D_OK);
    for (k = 0; k < 3; ++k) {
        assert_status(c2d_index_find_pairs(ix, &pairs, &count), C2D_OK);
        assert_int_equal(count, want_count);
        assert_memory_equal(pairs, want, (size_t)count * sizeof *pairs);
    }
    c2d_index_destroy(fresh);
    c2d_index_destroy(ix);
}

static int pair_cmp(const void *p, const void *q) {
    const c2d_index_pair *x = (const c2d_index_pair *)p, *y = (const c2d_index_pair *)q;
    if (x->a != y->a) return x->a < y->a ? -1 : 1;
    return x->b < y->b ? -1 : x->b > y->b;
}

/* The static tree's join of its leaves (its first find_pairs after a build) against brute force,
 * and its second list (the strip sweep) too, on the shapes of tree it can have: no box, one leaf
 * (1 to 8 boxes), a partial last leaf and partial nodes (counts up to 600 and 4097), all boxes the
 * same (every pair; a leaf and a node joined with themselves), boxes that only touch (a grid of
 * unit boxes: no pair, by the strict rule), unit boxes on a half grid (8 overlaps each), one box
 * over all the others, and a thin line of boxes; in both pair orders. */
static void test_static_tree_join_edge_cases(void **state) {
    static const int32_t counts[] = {0, 1, 2, 7, 8, 9, 63, 64, 65, 513, 600, 4097};
    test_rng r = test_rng_make("indexes_static_tree_join_edge_cases");
    static c2d_aabb boxes[4097];
    static c2d_index_pair sorted[4097 * 64];
    int c, layout, order;
    (void)state;
    for (c = 0; c < (int)(sizeof counts / sizeof counts[0]); ++c) {
        int32_t n = counts[c], i;
        for (layout = 0; layout < 6; ++layout) {
            if (layout == 1 && n > 600) continue; /* every pair of 4097: 8.4M */
            for (i = 0; i < n; ++i) {
                double x = test_rng_range(&r, 0, 30), y = test_rng_range(&r, 0, 30);
                switch (layout) {
                case 0: boxes[i] = bx(x, y, x + test_rng_range(&r, 0.5, 1.5), y + test_rng_range(&r, 0.5, 1.5)); break;
                case 1: boxes[i] = bx(2, 3, 4, 5); break;
                case 2: boxes[i] = bx(i % 64, i / 64, i % 64 + 1, i / 64 + 1); break;
                case 3: boxes[i] = bx(0.5 * (i % 64), 0.5 * (i / 64), 0.5 * (i % 64) + 1, 0.5 * (i / 64) + 1); break;
                case 4: boxes[i] = i == n / 2 ? bx(-1, -1, 40, 40) : bx(x, y, x + 0.25, y + 0.25); break;
                default: boxes[i] = bx(i * 0.3, 0, i * 0.3 + 0.5, 0.01); break;
                }
            }
            for (order = 0; order < 2; ++order) {
                c2d_index_config config;
                c2d_index *ix;
                const c2d_index_pair *pairs;
                int32_t count, k;
                memset(&config, 0, sizeof config);
                config.pair_order = order ? C2D_PAIR_ORDER_SWEEP : C2D_PAIR_ORDER_SORTED;
                assert_status(c2d_static_tree_create(&config, boxes, NULL, n, &ix), C2D_OK);
                for (k = 0; k < 2; ++k) { /* the join, then the sweep */
                    assert_status(c2d_index_find_pairs(ix, &pairs, &count), C2D_OK);
                    assert_true(count <= (int32_t)(sizeof sorted / sizeof sorted[0]));
                    if (count > 0) memcpy(sorted, pairs, (size_t)count * sizeof *pairs);
                    if (order) qsort(sorted, (size_t)count, sizeof *sorted, pair_cmp);
                    assert_pairs_brute(sorted, count, boxes, n, NULL, k == 0 ? "static tree join" : "static tree sweep");
                }
                c2d_index_destroy(ix);
            }
        }
    }
}

/* Query boxes that reach to infinity: every kind, built from 1001 boxes (not a multiple of 8, so
 * the static tree has unused lanes, which hold an inverted infinite box), answers the whole plane,
 * half planes and a box infinite on one side with exactly the boxes brute force finds, each once;
 * so does the batch query. */
static bool count_hit(int32_t id, uint64_t user_data, void *context) {
    int32_t *seen = (int32_t *)context;
    (void)user_data;
    seen[id]++;
    return true;
}

static void test_infinite_query_boxes(void **state) {
    enum { N = 1001 };
    const double inf = INFINITY;
    test_rng r = test_rng_make("indexes_infinite_query_boxes");
    static c2d_aabb boxes[N];
    static int32_t seen[N];
    c2d_aabb queries[5];
    int k, q;
    int32_t i;
    (void)state;
    for (i = 0; i < N; ++i) {
        double x = test_rng_range(&r, -50, 50), y = test_rng_range(&r, -50, 50);
        boxes[i] = bx(x, y, x + test_rng_range(&r, 0.1, 3), y + test_rng_range(&r, 0.1, 3));
    }
    queries[0] = bx(-inf, -inf, inf, inf);
    queries[1] = bx(-inf, -inf, 0, inf);
    queries[2] = bx(0, -inf, inf, inf);
    queries[3] = bx(-inf, 10, inf, inf);
    queries[4] = bx(-10, -10, 10, inf);
    for (k = 0; k < BUILD_KIND_COUNT; ++k) {
        c2d_index *ix = make_index(&k_build_kinds[k], NULL);
        c2d_index_batch out;
        print_message("index: %s\n", k_build_kinds[k].label);
        assert_status(c2d_index_build(ix, boxes, NULL, N), C2D_OK);
        assert_status(c2d_index_query_aabb_batch(ix, queries, 5, &out), C2D_OK);
        for (q = 0; q < 5; ++q) {
            const c2d_aabb *b = &queries[q];
            int32_t want = 0, got = 0, j;
            memset(seen, 0, sizeof seen);
            c2d_index_query_aabb(ix, *b, count_hit, seen);
            for (i = 0; i < N; ++i) {
                const c2d_aabb *p = &boxes[i];
                bool o = p->lower.x < b->upper.x && b->lower.x < p->upper.x && p->lower.y < b->upper.y && b->lower.y < p->upper.y;
                assert_int_equal(seen[i], o ? 1 : 0);
                want += o;
            }
            for (j = out.offsets[q]; j < out.offsets[q + 1]; ++j) {
                assert_true(out.ids[j] >= 0 && out.ids[j] < N);
                ++got;
            }
            assert_int_equal(got, want);
        }
        c2d_index_destroy(ix);
    }
}

/* The static tree's ray walk starts below the root, at the node of the smallest quadrant of its
 * center grid that can hold every box the ray may touch (first around the origin, then around
 * what is left of the ray), and so do box and point queries. 512 boxes of mixed sizes (up to 60 wide: the largest size widens the
 * quadrant), dense and sparse, near the origin and far from it (rounding), with rays of every
 * length and direction from inside and outside the boxes' bounds: closest hit and every hit equal
 * brute force, each box reported once; box and point queries too. */
static void test_static_tree_ray_start(void **state) {
    test_rng r = test_rng_make("indexes_static_tree_ray_start");
    static const double origins[][2] = {{0, 0}, {1e5, -3e4}, {-7e6, 2e6}};
    static const double worlds[] = {15, 60, 300};
    static c2d_aabb boxes[NMAX];
    int o, w, i;
    (void)state;
    for (o = 0; o < 3; ++o) {
        for (w = 0; w < 3; ++w) {
            model *m = &g_model;
            c2d_index *ix;
            double ox = origins[o][0], oy = origins[o][1], world = worlds[w];
            for (i = 0; i < NMAX; ++i) boxes[i] = rand_box(&r, ox, oy, world);
            assert_status(c2d_static_tree_create(NULL, boxes, NULL, NMAX, &ix), C2D_OK);
            assert_true(c2d_index_validate(ix));
            model_reset(m);
            for (i = 0; i < NMAX; ++i) {
                m->box[i] = boxes[i];
                m->user[i] = (uint64_t)i;
                m->live[i] = true;
            }
            m->live_count = NMAX;
            for (i = 0; i < 600; ++i) {
                c2d_index_ray ray = rand_ray(&r, ox, oy, world * 1.2);
                if (i % 2 == 0) {
                    /* Short rays, most of them inside a quadrant. */
                    ray.translation = c2d_v2((c2d_real)test_rng_range(&r, -2, 2), (c2d_real)test_rng_range(&r, -2, 2));
                    ray.max_fraction = 1;
                }
                check_ray(ix, m, ray);
                if (i % 4 == 1) {
                    c2d_aabb q = rand_box(&r, ox, oy, world * 1.2);
                    check_query(ix, m, q);
                    check_point(ix, m, q.lower);
                }
            }
            c2d_index_destroy(ix);
        }
    }
}

/* c2d_index_build replaces every proxy (ids = array positions) for every kind, twice with other
 * boxes and counts, and after a clear; each time every query and both pair functions equal brute
 * force. Building again with boxes of the same count allocates nothing for the kinds that keep
 * their memory (sweep-and-prune and the static tree for any boxes; grid and quadtree for the same
 * boxes again), and nothing leaks. Bad input changes nothing. */
static void test_build_and_clear(void **state) {
    test_rng r = test_rng_make("indexes_build_and_clear");
    static c2d_aabb boxes[3][NMAX];
    static uint64_t user[NMAX];
    int k, f;
    int32_t i;
    (void)state;
    for (f = 0; f < 3; ++f)
        for (i = 0; i < NMAX; ++i) boxes[f][i] = rand_box(&r, 0, 0, 30);
    for (i = 0; i < NMAX; ++i) user[i] = test_rng_next(&r);
    for (k = 0; k < BUILD_KIND_COUNT; ++k) {
        const index_kind *kind = &k_build_kinds[k];
        bool keeps_all = strcmp(kind->name, "sweep_prune") == 0 || strcmp(kind->name, "static_tree") == 0;
        bool keeps_same = keeps_all || strcmp(kind->name, "grid") == 0 || strcmp(kind->name, "quadtree") == 0;
        counting c;
        c2d_index_config cfg;
        c2d_index *ix;
        model *m = &g_model;
        int64_t at;
        c2d_aabb bad;
        print_message("index: %s\n", kind->label);
        memset(&c, 0, sizeof c);
        memset(&cfg, 0, sizeof cfg);
        cfg.allocator.alloc = counting_alloc;
        cfg.allocator.free = counting_free;
        cfg.allocator.context = &c;
        ix = make_index(kind, &cfg);
        /* Proxies inserted before are replaced. */
        if (strcmp(kind->name, "static_tree") != 0) {
            int32_t id;
            assert_status(c2d_index_insert(ix, bx(0, 0, 1, 1), 7, &id), C2D_OK);
        }
        build_and_check(ix, m, &r, boxes[0], user, 400);
        build_and_check(ix, m, &r, boxes[1], NULL, 250);
        build_and_check(ix, m, &r, boxes[2], user, 400);
        /* Frame after frame with the same count: the kept memory suffices. */
        at = c.allocs;
        build_and_check(ix, m, &r, boxes[0], NULL, 400);
        if (keeps_all) assert_true(c.allocs == at);
        /* The static tree keeps its nodes, id tables and start table, and sorts within its
         * nodes: a build of the same count again allocates nothing. */
        if (strcmp(kind->name, "static_tree") == 0) {
            at = c.allocs;
            assert_status(c2d_index_build(ix, boxes[0], NULL, 400), C2D_OK);
            assert_int_equal(c.allocs - at, 0);
            assert_true(c2d_index_validate(ix));
        }
        at = c.allocs;
        build_and_check(ix, m, &r, boxes[0], user, 400);
        if (keeps_same) assert_true(c.allocs == at);
        /* Bad input: an error and the index unchanged. */
        bad = boxes[1][3];
        bad.lower.x = bad.upper.x + 1;
        boxes[1][3] = bad;
        assert_status(c2d_index_build(ix, boxes[1], NULL, 10), C2D_ERR_BAD_SIZE);
        boxes[1][3].lower.x = (c2d_real)NAN;
        assert_status(c2d_index_build(ix, boxes[1], NULL, 10), C2D_ERR_NOT_FINITE);
        boxes[1][3] = rand_box(&r, 0, 0, 30);
        /* Boxes are checked in blocks (or in the build's own first pass): the status is that of
         * the first bad box, wherever it is, and an infinity is NOT_FINITE. */
        boxes[1][NMAX - 5].upper.y = (c2d_real)NAN;
        boxes[1][NMAX / 2 + 1].upper.x = (c2d_real)2 * (c2d_real)C2D_MAX_COORD;
        boxes[1][NMAX / 2 + 1].lower.x = -(c2d_real)2 * (c2d_real)C2D_MAX_COORD;
        assert_status(c2d_index_build(ix, boxes[1], NULL, NMAX), C2D_ERR_OUT_OF_RANGE);
        boxes[1][NMAX / 2 + 1] = rand_box(&r, 0, 0, 30);
        assert_status(c2d_index_build(ix, boxes[1], NULL, NMAX), C2D_ERR_NOT_FINITE);
        boxes[1][NMAX - 5].upper.y = (c2d_real)INFINITY;
        assert_status(c2d_index_build(ix, boxes[1], NULL, NMAX), C2D_ERR_NOT_FINITE);
        boxes[1][NMAX - 5] = rand_box(&r, 0, 0, 30);
        assert_status(c2d_index_build(ix, NULL, NULL, 10), C2D_ERR_NULL_ARG);
        assert_status(c2d_index_build(ix, boxes[1], NULL, -1), C2D_ERR_BAD_SIZE);
        assert_status(c2d_index_build(NULL, boxes[1], NULL, 1), C2D_ERR_NULL_ARG);
        check_all(ix, m, &r, 0, 0, 30, 4);
        /* Clear: empty, memory kept, and filled again. */
        at = c.allocs;
        assert_status(c2d_index_clear(ix), C2D_OK);
        assert_true(c.allocs == at);
        model_reset(m);
        check_all(ix, m, &r, 0, 0, 30, 4);
        /* The static tree's clear keeps all of it too: a build after it allocates nothing. */
        if (strcmp(kind->name, "static_tree") == 0) {
            at = c.allocs;
            assert_status(c2d_index_build(ix, boxes[0], NULL, 400), C2D_OK);
            assert_int_equal(c.allocs - at, 0);
            assert_status(c2d_index_clear(ix), C2D_OK);
            check_all(ix, m, &r, 0, 0, 30, 4);
        }
        build_and_check(ix, m, &r, boxes[2], NULL, 1);
        build_and_check(ix, m, &r, boxes[2], NULL, 0);
        build_and_check(ix, m, &r, boxes[1], user, NMAX);
        c2d_index_destroy(ix);
        assert_true(c.live_blocks == 0 && c.live_bytes == 0);
    }
    assert_status(c2d_index_clear(NULL), C2D_ERR_NULL_ARG);
}

/* One-shot pairs again and again, with one change between rounds (a small or long move, an
 * insert, a remove, per-frame pairs, a rebuild, a fresh bulk build of as many boxes): an index may
 * keep what its last bulk build or search prepared only while nothing has changed, so every
 * search equals brute force, the repeated one too. */
static void test_find_pairs_after_each_change(void **state) {
    test_rng r = test_rng_make("indexes_find_pairs_after_each_change");
    static c2d_aabb boxes[NMAX];
    int k, round;
    int32_t i, n = 300;
    (void)state;
    for (k = 0; k < BUILD_KIND_COUNT; ++k) {
        const index_kind *kind = &k_build_kinds[k];
        bool dynamic = strcmp(kind->name, "static_tree") != 0; /* has move, insert and remove */
        model *m = &g_model;
        c2d_index *ix = make_index(kind, NULL);
        print_message("index: %s\n", kind->label);
        for (i = 0; i < n; ++i) boxes[i] = rand_box(&r, 0, 0, 30);
        build_and_check(ix, m, &r, boxes, NULL, n);
        for (round = 0; round < 60; ++round) {
            int op = (int)(test_rng_next(&r) % 7);
            check_find_pairs(ix, m);
            check_find_pairs(ix, m);
            if ((op == 0 || op == 1) && dynamic) {
                int32_t id = pick_live(&r, m);
                c2d_aabb b = m->box[id];
                if (op == 0) {
                    b.lower.x += (c2d_real)0.25;
                    b.upper.x += (c2d_real)0.25;
                } else {
                    b = rand_box(&r, 0, 0, 30);
                }
                do_move(ix, m, id, b);
            } else if (op == 2 && dynamic && m->live_count < NMAX) {
                do_insert(ix, m, rand_box(&r, 0, 0, 30), test_rng_next(&r));
            } else if (op == 3 && dynamic && m->live_count > 8) {
                do_remove(ix, m, pick_live(&r, m));
            } else if (op == 4) {
                check_update_pairs(ix, m);
            } else if (op == 5) {
                assert_status(c2d_index_rebuild(ix), C2D_OK);
            } else {
                for (i = 0; i < n; ++i) boxes[i] = rand_box(&r, 0, 0, 30);
                build_and_check(ix, m, &r, boxes, NULL, n);
            }
        }
        check_find_pairs(ix, m);
        c2d_index_destroy(ix);
    }
}

/* A bulk build whose k-th allocation fails, for every k up to the build's count, on every kind: the
 * build returns OUT_OF_MEMORY, and the index still validates, takes inserts (the proxy table and
 * the moved list are consistent), builds again and frees everything. */
static void test_build_out_of_memory_at_each_allocation(void **state) {
    enum { N = 3000 };
    test_rng r = test_rng_make("indexes_build_out_of_memory");
    static c2d_aabb boxes[N];
    int k;
    int32_t i;
    (void)state;
    for (i = 0; i < N; ++i) boxes[i] = rand_box(&r, 0, 0, 60);
    for (k = 0; k < BUILD_KIND_COUNT; ++k) {
        int64_t needed, at;
        counting c;
        c2d_index_config cfg;
        c2d_index *ix = NULL;
        memset(&c, 0, sizeof c);
        memset(&cfg, 0, sizeof cfg);
        cfg.allocator.alloc = counting_alloc;
        cfg.allocator.free = counting_free;
        cfg.allocator.context = &c;
        cfg.cell_size = (c2d_real)k_build_kinds[k].cell;
        print_message("index: %s\n", k_build_kinds[k].label);
        /* how many allocations a build into a fresh index makes */
        assert_status(k_build_kinds[k].create(&cfg, &ix), C2D_OK);
        needed = c.allocs;
        assert_status(c2d_index_build(ix, boxes, NULL, N), C2D_OK);
        needed = c.allocs - needed;
        c2d_index_destroy(ix);
        for (at = 1; at <= needed; ++at) {
            int32_t id = -1;
            c2d_status st;
            assert_status(k_build_kinds[k].create(&cfg, &ix), C2D_OK);
            c.fail_at = at;
            st = c2d_index_build(ix, boxes, NULL, N);
            c.fail_at = 0;
            assert_true(st == C2D_OK || st == C2D_ERR_OUT_OF_MEMORY);
            assert_true(c2d_index_validate(ix));
            st = c2d_index_insert(ix, bx(1, 1, 2, 2), 7, &id);
            assert_true(st == C2D_OK || st == C2D_ERR_UNSUPPORTED);
            assert_status(c2d_index_build(ix, boxes, NULL, N), C2D_OK);
            assert_true(c2d_index_validate(ix));
            c2d_index_destroy(ix);
        }
        assert_true(c.live_blocks == 0 && c.live_bytes == 0);
    }
}

/* Random operations with an allocator that fails 5% of the time: a failed call changes nothing
 * (the model keeps the old state), a failed update_pairs keeps the moves, and nothing leaks. */
static void test_out_of_memory_changes_nothing(void **state) {
    test_rng r = test_rng_make("indexes_out_of_memory_changes_nothing");
    int k, step;
    (void)state;
    for (k = 0; k < KIND_COUNT; ++k) {
        print_message("index: %s\n", k_kinds[k].label);
        counting c;
        c2d_index_config cfg;
        c2d_index *ix = NULL;
        model *m = &g_model;
        memset(&c, 0, sizeof c);
        c.rng.s = 12345u + (uint64_t)k;
        memset(&cfg, 0, sizeof cfg);
        cfg.allocator.alloc = counting_alloc;
        cfg.allocator.free = counting_free;
        cfg.allocator.context = &c;
        cfg.cell_size = (c2d_real)k_kinds[k].cell;
        assert_status(k_kinds[k].create(&cfg, &ix), C2D_OK);
        model_reset(m);
        c.fail_rate = 0.05;
        for (step = 0; step < 600; ++step) {
            double op = test_rng_range(&r, 0, 1);
            if (m->live_count < 5 || (op < 0.35 && m->live_count < 150)) {
                c2d_aabb b = rand_box(&r, 0, 0, 30);
                int32_t id = -1;
                c2d_status s = c2d_index_insert(ix, b, (uint64_t)step, &id);
                if (s == C2D_OK) {
                    assert_true(id >= 0 && id < NMAX && !m->live[id]);
                    m->box[id] = b;
                    m->user[id] = (uint64_t)step;
                    m->live[id] = true;
                    m->moved[id] = true;
                    m->live_count++;
                } else {
                    assert_status(s, C2D_ERR_OUT_OF_MEMORY);
                }
            } else if (op < 0.45) {
                do_remove(ix, m, pick_live(&r, m));
            } else if (op < 0.9) {
                int32_t id = pick_live(&r, m);
                c2d_aabb b = test_rng_range(&r, 0, 1) < 0.5 ? rand_box(&r, 0, 0, 30) : m->box[id];
                c2d_status s;
                b.lower.x += 1;
                b.upper.x += 1;
                s = c2d_index_move(ix, id, b);
                if (s == C2D_OK) {
                    m->box[id] = b;
                    m->moved[id] = true;
                } else {
                    assert_status(s, C2D_ERR_OUT_OF_MEMORY);
                }
            } else {
                const c2d_index_pair *pairs = NULL;
                int32_t count = -1;
                c2d_status s = c2d_index_find_pairs(ix, &pairs, &count);
                if (s != C2D_OK) {
                    assert_status(s, C2D_ERR_OUT_OF_MEMORY);
                    assert_null(pairs);
                    assert_int_equal(count, 0);
                }
                s = c2d_index_rebuild(ix);
                if (s != C2D_OK) assert_status(s, C2D_ERR_OUT_OF_MEMORY);
            }
            if (step % 50 == 49) {
                const c2d_index_pair *pairs = NULL;
                int32_t count = -1;
                c2d_status s = c2d_index_update_pairs(ix, &pairs, &count);
                c.fail_rate = 0;
                if (s == C2D_OK) check_update_result(m, pairs, count);
                else assert_status(s, C2D_ERR_OUT_OF_MEMORY); /* the moves are kept */
                check_all(ix, m, &r, 0, 0, 30, 4);
                check_update_pairs(ix, m); /* includes the moves of a failed call */
                c.fail_rate = 0.05;
            }
        }
        c.fail_rate = 0;
        check_all(ix, m, &r, 0, 0, 30, 10);
        c2d_index_destroy(ix);
        assert_true(c.live_blocks == 0 && c.live_bytes == 0);
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_create_errors_ids_and_user_data),
        cmocka_unit_test(test_touching_tiles_are_not_pairs),
        cmocka_unit_test(test_seed_mdn_movable_box_among_statics),
        cmocka_unit_test(test_rays_and_stopping_callbacks),
        cmocka_unit_test(test_far_and_negative_coordinates),
        cmocka_unit_test(test_all_boxes_on_one_axis),
        cmocka_unit_test(test_boxes_larger_than_cells),
        cmocka_unit_test(test_quadtree_root_grows_and_shrinks),
        cmocka_unit_test(test_quadtree_memory_per_proxy),
        cmocka_unit_test(test_dynamic_tree_memory_per_proxy),
        cmocka_unit_test(test_grid_memory_per_proxy),
        cmocka_unit_test(test_sweep_prune_memory_per_proxy),
        cmocka_unit_test(test_static_tree_memory_per_proxy),
        cmocka_unit_test(test_infinite_query_boxes),
        cmocka_unit_test(test_static_tree_pairs_after_rebuild),
        cmocka_unit_test(test_static_tree_join_edge_cases),
        cmocka_unit_test(test_grid_crowded_cell),
        cmocka_unit_test(test_random_ops_match_brute_force),
        cmocka_unit_test(test_random_ops_unquantized),
        cmocka_unit_test(test_grid_clamped_cells),
        cmocka_unit_test(test_update_pairs_many_moved_with_huge_box),
        cmocka_unit_test(test_uniform_scene_frames),
        cmocka_unit_test(test_grid_full_motion_frames),
        cmocka_unit_test(test_pair_sweep_large_scenes),
        cmocka_unit_test(test_allocator_hooks),
        cmocka_unit_test(test_dynamic_tree_rebuilds_in_slices),
        cmocka_unit_test(test_static_tree_ray_start),
        cmocka_unit_test(test_out_of_memory_changes_nothing),
        cmocka_unit_test(test_build_out_of_memory_at_each_allocation),
        cmocka_unit_test(test_build_and_clear),
        cmocka_unit_test(test_find_pairs_after_each_change),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
