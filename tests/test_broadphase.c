/* Broad phase: every index against brute force on the users' boxes (random insert, move, remove;
 * AABB and point queries, first-hit and all-hits ray casts, one-shot and per-frame pairs), the
 * touching rule, far and negative coordinates, errors, allocator hooks, and the batch API's paths. */
#include "test_util.h"

/* ---- a brute-force model of the index ---- */

#define MODEL_MAX 1024

typedef struct model {
    c2d_aabb box[MODEL_MAX];
    uint64_t user[MODEL_MAX];
    bool live[MODEL_MAX];
    bool moved[MODEL_MAX];
    int32_t used; /* ids below this have been seen */
} model;

static bool ref_overlap(c2d_aabb a, c2d_aabb b) {
    return a.lower.x < b.upper.x && b.lower.x < a.upper.x && a.lower.y < b.upper.y && b.lower.y < a.upper.y;
}

/* The ray rule of broadphase.h, written per axis as an interval of t: open (lo, hi), a closed single
 * value, or everything. The intervals are intersected with [0, max]. */
typedef struct interval {
    c2d_real lo, hi;
    bool lo_open, hi_open;
} interval;

static void clip_lo(interval *r, c2d_real v, bool open) {
    if (v > r->lo) {
        r->lo = v;
        r->lo_open = open;
    } else if (v == r->lo && open) r->lo_open = true;
}
static void clip_hi(interval *r, c2d_real v, bool open) {
    if (v < r->hi) {
        r->hi = v;
        r->hi_open = open;
    } else if (v == r->hi && open) r->hi_open = true;
}
static bool ref_ray_box(c2d_index_ray ray, c2d_aabb b, c2d_real *fraction) {
    interval r = {0, ray.max_fraction, false, false};
    c2d_real o[2] = {ray.origin.x, ray.origin.y}, d[2] = {ray.translation.x, ray.translation.y};
    c2d_real lo[2] = {b.lower.x, b.lower.y}, hi[2] = {b.upper.x, b.upper.y};
    int k;
    for (k = 0; k < 2; ++k) {
        c2d_real inv = d[k] != 0 ? (c2d_real)1 / d[k] : (c2d_real)0;
        if (inv == 0 || !isfinite((double)inv)) {
            if (!(lo[k] < o[k] && o[k] < hi[k])) return false;
        } else {
            c2d_real t1 = (lo[k] - o[k]) * inv, t2 = (hi[k] - o[k]) * inv;
            bool open = lo[k] < hi[k];
            clip_lo(&r, t1 < t2 ? t1 : t2, open);
            clip_hi(&r, t1 < t2 ? t2 : t1, open);
        }
    }
    if (!(r.lo < r.hi || (r.lo == r.hi && !r.lo_open && !r.hi_open))) return false;
    if (!isfinite((double)r.lo)) return false;
    *fraction = r.lo;
    return true;
}

/* ---- collecting callbacks ---- */

typedef struct id_list {
    int32_t ids[MODEL_MAX];
    c2d_real frac[MODEL_MAX];
    uint64_t user[MODEL_MAX];
    int n;
    int stop_after;
} id_list;

static bool collect_fn(int32_t id, uint64_t user_data, void *context) {
    id_list *l = (id_list *)context;
    assert_true(l->n < MODEL_MAX);
    l->ids[l->n] = id;
    l->user[l->n] = user_data;
    l->n++;
    return l->stop_after <= 0 || l->n < l->stop_after;
}

static bool collect_ray_fn(int32_t id, uint64_t user_data, c2d_real fraction, void *context) {
    id_list *l = (id_list *)context;
    assert_true(l->n < MODEL_MAX);
    l->ids[l->n] = id;
    l->frac[l->n] = fraction;
    l->user[l->n] = user_data;
    l->n++;
    return l->stop_after <= 0 || l->n < l->stop_after;
}

/* Sorts a list by id (insertion sort keeps the paired arrays together). */
static void sort_list(id_list *l) {
    int i, j;
    for (i = 1; i < l->n; ++i) {
        int32_t id = l->ids[i];
        c2d_real f = l->frac[i];
        uint64_t u = l->user[i];
        for (j = i; j > 0 && l->ids[j - 1] > id; --j) {
            l->ids[j] = l->ids[j - 1];
            l->frac[j] = l->frac[j - 1];
            l->user[j] = l->user[j - 1];
        }
        l->ids[j] = id;
        l->frac[j] = f;
        l->user[j] = u;
    }
}

/* Nearest hit through the clipping callback: keeps the smallest (fraction, id) and clips there. */
typedef struct nearest {
    int32_t id;
    c2d_real fraction;
    int calls;
    bool seen[MODEL_MAX];
    const model *m;
} nearest;

static c2d_real nearest_fn(const c2d_index_ray *ray, int32_t id, uint64_t user_data, c2d_real fraction, void *context) {
    nearest *n = (nearest *)context;
    c2d_real f;
    assert_true(id >= 0 && id < MODEL_MAX && !n->seen[id]);
    n->seen[id] = true;
    n->calls++;
    assert_true(fraction <= ray->max_fraction);
    if (n->m) {
        assert_true(n->m->live[id]);
        assert_true(user_data == n->m->user[id]);
    }
    f = fraction;
    if (n->id < 0 || f < n->fraction || (f == n->fraction && id < n->id)) {
        n->id = id;
        n->fraction = f;
    }
    return f;
}

/* ---- comparing an index with the model ---- */

static void check_query(const c2d_index *ix, const model *m, c2d_aabb q) {
    id_list got;
    int32_t i, k = 0;
    memset(&got, 0, sizeof got);
    c2d_index_query_aabb(ix, q, collect_fn, &got);
    sort_list(&got);
    for (i = 0; i < m->used; ++i) {
        if (!m->live[i] || !ref_overlap(m->box[i], q)) continue;
        assert_true(k < got.n);
        assert_int_equal(got.ids[k], i);
        assert_true(got.user[k] == m->user[i]);
        ++k;
    }
    assert_int_equal(k, got.n);
}

static void check_point(const c2d_index *ix, const model *m, c2d_vec2 p) {
    id_list got;
    int32_t i, k = 0;
    memset(&got, 0, sizeof got);
    c2d_index_query_point(ix, p, collect_fn, &got);
    sort_list(&got);
    for (i = 0; i < m->used; ++i) {
        if (!m->live[i] || !(m->box[i].lower.x < p.x && p.x < m->box[i].upper.x && m->box[i].lower.y < p.y && p.y < m->box[i].upper.y)) continue;
        assert_true(k < got.n);
        assert_int_equal(got.ids[k], i);
        ++k;
    }
    assert_int_equal(k, got.n);
}

static void check_ray(const c2d_index *ix, const model *m, c2d_index_ray ray) {
    static id_list got;
    static nearest nr;
    int32_t i, k = 0, best = -1;
    c2d_real best_f = 0;
    memset(&got, 0, sizeof got);
    c2d_index_raycast_all(ix, ray, collect_ray_fn, &got);
    sort_list(&got);
    for (i = 0; i < m->used; ++i) {
        c2d_real f;
        if (!m->live[i] || !ref_ray_box(ray, m->box[i], &f)) continue;
        assert_true(k < got.n);
        assert_int_equal(got.ids[k], i);
        assert_true(got.frac[k] == f);
        assert_true(got.user[k] == m->user[i]);
        if (best < 0 || f < best_f) {
            best = i;
            best_f = f;
        }
        ++k;
    }
    assert_int_equal(k, got.n);
    memset(&nr, 0, sizeof nr);
    nr.id = -1;
    nr.m = m;
    c2d_index_raycast(ix, ray, nearest_fn, &nr);
    assert_int_equal(nr.id, best);
    if (best >= 0) assert_true(nr.fraction == best_f);
    assert_true(nr.calls <= got.n);
}

#define PAIR_MAX (MODEL_MAX * 64)

static int32_t brute_pairs(const model *m, bool moved_only, c2d_index_pair *out) {
    int32_t i, j, n = 0;
    for (i = 0; i < m->used; ++i) {
        if (!m->live[i]) continue;
        for (j = i + 1; j < m->used; ++j) {
            if (!m->live[j] || (moved_only && !m->moved[i] && !m->moved[j])) continue;
            if (ref_overlap(m->box[i], m->box[j])) {
                assert_true(n < PAIR_MAX);
                out[n].a = i;
                out[n].b = j;
                ++n;
            }
        }
    }
    return n;
}

static void assert_pairs_equal(const c2d_index_pair *got, int32_t got_n, const c2d_index_pair *want, int32_t want_n) {
    int32_t i;
    if (got_n != want_n) {
        print_error("pair count %d, expected %d\n", got_n, want_n);
        fail();
    }
    for (i = 0; i < want_n; ++i) {
        if (got[i].a != want[i].a || got[i].b != want[i].b) {
            print_error("pair %d is (%d,%d), expected (%d,%d)\n", i, got[i].a, got[i].b, want[i].a, want[i].b);
            fail();
        }
    }
}

static c2d_index_pair g_want[PAIR_MAX];

static void check_find_pairs(c2d_index *ix, const model *m) {
    const c2d_index_pair *pairs = NULL;
    int32_t n = -1, want = brute_pairs(m, false, g_want);
    assert_status(c2d_index_find_pairs(ix, &pairs, &n), C2D_OK);
    assert_pairs_equal(pairs, n, g_want, want);
}

static void check_update_pairs(c2d_index *ix, model *m) {
    const c2d_index_pair *pairs = NULL;
    int32_t n = -1, want = brute_pairs(m, true, g_want), i;
    assert_status(c2d_index_update_pairs(ix, &pairs, &n), C2D_OK);
    assert_pairs_equal(pairs, n, g_want, want);
    for (i = 0; i < m->used; ++i) m->moved[i] = false;
}

/* ---- random scenes ---- */

typedef struct scene_style {
    double offset_x, offset_y; /* where the scene sits (far from the origin, negative, ...) */
    double unit;               /* lattice step: boxes snap to it so that touching is common */
    int cells;                 /* the scene spans cells * unit */
    bool lattice;              /* false: arbitrary real coordinates */
} scene_style;

static double rnd_int(test_rng *r, int lo, int hi) { return (double)(lo + (int)test_rng_range(r, 0, hi - lo + 1)); }

static c2d_aabb random_box(test_rng *r, const scene_style *st) {
    c2d_aabb b;
    double x, y, w, h;
    if (st->lattice) {
        x = rnd_int(r, 0, st->cells);
        y = rnd_int(r, 0, st->cells);
        w = rnd_int(r, 0, 4);
        h = rnd_int(r, 0, 4);
        if (test_rng_range(r, 0, 1) < 0.9) {
            if (w == 0) w = 1;
            if (h == 0) h = 1;
        } /* mostly proper boxes */
        x *= st->unit;
        y *= st->unit;
        w *= st->unit;
        h *= st->unit;
    } else {
        x = test_rng_range(r, 0, st->cells * st->unit);
        y = test_rng_range(r, 0, st->cells * st->unit);
        w = test_rng_range(r, 0, 4 * st->unit);
        h = test_rng_range(r, 0, 4 * st->unit);
    }
    b.lower = c2d_v2((c2d_real)(st->offset_x + x), (c2d_real)(st->offset_y + y));
    b.upper = c2d_v2((c2d_real)(st->offset_x + x + w), (c2d_real)(st->offset_y + y + h));
    return b;
}

static c2d_vec2 random_point(test_rng *r, const scene_style *st) {
    double span = (st->cells + 4) * st->unit;
    if (st->lattice) {
        double x = rnd_int(r, -2, st->cells + 4), y = rnd_int(r, -2, st->cells + 4);
        if (test_rng_range(r, 0, 1) < 0.5) x += 0.5;
        return c2d_v2((c2d_real)(st->offset_x + x * st->unit), (c2d_real)(st->offset_y + y * st->unit));
    }
    return c2d_v2((c2d_real)(st->offset_x + test_rng_range(r, -2, span)), (c2d_real)(st->offset_y + test_rng_range(r, -2, span)));
}

static c2d_index_ray random_ray(test_rng *r, const scene_style *st) {
    c2d_index_ray ray;
    double u = test_rng_range(r, 0, 1);
    ray.origin = random_point(r, st);
    if (u < 0.25) { /* axis aligned, along lattice lines: grazes edges */
        int dir = (int)test_rng_range(r, 0, 4);
        double len = rnd_int(r, 1, st->cells) * st->unit;
        ray.translation = c2d_v2((c2d_real)(dir == 0 ? len : dir == 1 ? -len
                                                                      : 0),
                                 (c2d_real)(dir == 2 ? len : dir == 3 ? -len
                                                                      : 0));
    } else if (u < 0.45) { /* diagonal through lattice corners */
        double len = rnd_int(r, 1, st->cells) * st->unit;
        ray.translation = c2d_v2((c2d_real)(test_rng_range(r, 0, 1) < 0.5 ? len : -len), (c2d_real)(test_rng_range(r, 0, 1) < 0.5 ? len : -len));
    } else if (u < 0.5) { /* a point test */
        ray.translation = c2d_v2(0, 0);
    } else {
        ray.translation = c2d_v2((c2d_real)test_rng_range(r, -1, 1) * (c2d_real)(st->cells * st->unit),
                                 (c2d_real)test_rng_range(r, -1, 1) * (c2d_real)(st->cells * st->unit));
    }
    u = test_rng_range(r, 0, 1);
    ray.max_fraction = u < 0.2 ? (c2d_real)INFINITY : u < 0.6 ? (c2d_real)1
                                                              : (c2d_real)test_rng_range(r, 0, 2);
    return ray;
}

static c2d_aabb random_query(test_rng *r, const scene_style *st) {
    c2d_aabb b = random_box(r, st);
    /* grow some queries to cover many boxes */
    if (test_rng_range(r, 0, 1) < 0.2) {
        c2d_real g = (c2d_real)(rnd_int(r, 1, 8) * st->unit);
        b.lower.x -= g;
        b.lower.y -= g;
        b.upper.x += g;
        b.upper.y += g;
    }
    return b;
}

static void check_all_queries(c2d_index *ix, model *m, test_rng *r, const scene_style *st, int queries) {
    int q;
    assert_true(c2d_index_validate(ix));
    for (q = 0; q < queries; ++q) {
        check_query(ix, m, random_query(r, st));
        check_point(ix, m, random_point(r, st));
        check_ray(ix, m, random_ray(r, st));
    }
    check_find_pairs(ix, m);
}

static int model_live_count(const model *m) {
    int c = 0, k;
    for (k = 0; k < m->used; ++k) c += m->live[k];
    return c;
}

/* Runs random insert / move / remove rounds on a dynamic index, checking every query kind against
 * the model after each round. */
static void run_dynamic_scenario(c2d_index *ix, test_rng *r, const scene_style *st, int target, int rounds) {
    static model m;
    int round, i;
    memset(&m, 0, sizeof m);
    for (round = 0; round < rounds; ++round) {
        int ops = 1 + (int)test_rng_range(r, 0, target / 4.0);
        for (i = 0; i < ops; ++i) {
            double u = test_rng_range(r, 0, 1);
            int live = c2d_index_count(ix);
            if (live < target && (u < 0.4 || live == 0)) {
                int32_t id = -1;
                c2d_aabb b = random_box(r, st);
                uint64_t user = test_rng_next(r);
                assert_status(c2d_index_insert(ix, b, user, &id), C2D_OK);
                assert_true(id >= 0 && id < MODEL_MAX && !m.live[id]);
                m.live[id] = true;
                m.box[id] = b;
                m.user[id] = user;
                m.moved[id] = true;
                if (id >= m.used) m.used = id + 1;
            } else {
                int32_t id;
                do { id = (int32_t)test_rng_range(r, 0, m.used); } while (!m.live[id]);
                if (u < 0.55) {
                    assert_status(c2d_index_remove(ix, id), C2D_OK);
                    m.live[id] = false;
                    m.moved[id] = false;
                } else {
                    c2d_aabb b = m.box[id];
                    double v = test_rng_range(r, 0, 1);
                    if (v < 0.6) { /* small step along the lattice */
                        c2d_real dx = (c2d_real)(rnd_int(r, -1, 1) * st->unit), dy = (c2d_real)(rnd_int(r, -1, 1) * st->unit);
                        b.lower.x += dx;
                        b.upper.x += dx;
                        b.lower.y += dy;
                        b.upper.y += dy;
                    } else if (v < 0.9) { /* teleport */
                        b = random_box(r, st);
                    } /* else: same box, still a move */
                    assert_status(c2d_index_move(ix, id, b), C2D_OK);
                    m.box[id] = b;
                    m.moved[id] = true;
                }
            }
        }
        assert_int_equal(c2d_index_count(ix), model_live_count(&m));
        if (round % 7 == 6) assert_status(c2d_index_rebuild(ix), C2D_OK);
        check_all_queries(ix, &m, r, st, 12);
        if (round % 3 != 1) check_update_pairs(ix, &m);
    }
}

static const scene_style k_styles[] = {
    {0, 0, 1, 24, true},           /* lattice at the origin: touching everywhere */
    {-1000, -2000, 0.5, 40, true}, /* negative coordinates */
    {100000, 100000, 1, 24, true}, /* far from the origin */
    {-50, 30, 1, 60, false},       /* real coordinates */
};

static void dynamic_tree_vs_brute(c2d_index_config *cfg, const char *name) {
    test_rng r = test_rng_make(name);
    int s;
    for (s = 0; s < (int)(sizeof k_styles / sizeof k_styles[0]); ++s) {
        c2d_index *ix = NULL;
        assert_status(c2d_dynamic_tree_create(cfg, &ix), C2D_OK);
        assert_string_equal(c2d_index_name(ix), "dynamic_tree");
        run_dynamic_scenario(ix, &r, &k_styles[s], 160, test_iterations(40));
        c2d_index_destroy(ix);
    }
}

/* Grid with cells matching the lattice, off the lattice, larger and smaller than the boxes (small
 * cells push boxes to the side list), against brute force in every scene. */
static void test_grid_cell_sizes_match_brute_force(void **state) {
    static const double cells[] = {1, 0.37, 3, 0.2, 100};
    test_rng r = test_rng_make("grid_cell_sizes_match_brute_force");
    int s, c;
    (void)state;
    for (c = 0; c < (int)(sizeof cells / sizeof cells[0]); ++c) {
        for (s = 0; s < (int)(sizeof k_styles / sizeof k_styles[0]); ++s) {
            c2d_index_config cfg;
            c2d_index *ix = NULL;
            memset(&cfg, 0, sizeof cfg);
            cfg.cell_size = (c2d_real)(cells[c] * k_styles[s].unit);
            assert_status(c2d_grid_create(&cfg, &ix), C2D_OK);
            run_dynamic_scenario(ix, &r, &k_styles[s], 160, test_iterations(20));
            c2d_index_destroy(ix);
        }
    }
}

/* Cells beyond +-2^30 are clamped to the last cell: scenes at +-1e7 with 1e-3 cells put every box in
 * one corner cell, and everything must still equal brute force (rays included). */
static void test_grid_clamped_cells_far(void **state) {
    static const scene_style far[] = {
        {1e7, 1e7, 1, 24, true},
        {-1e7, 1e7, 1, 24, true},
        {-1e7, -1e7, 0.5, 30, true},
    };
    test_rng r = test_rng_make("grid_clamped_cells_far");
    int s;
    (void)state;
    for (s = 0; s < 3; ++s) {
        c2d_index_config cfg;
        c2d_index *ix = NULL;
        memset(&cfg, 0, sizeof cfg);
        cfg.cell_size = (c2d_real)1e-3;
        assert_status(c2d_grid_create(&cfg, &ix), C2D_OK);
        run_dynamic_scenario(ix, &r, &far[s], 120, test_iterations(10));
        c2d_index_destroy(ix);
    }
}

static void test_dynamic_tree_matches_brute_force(void **state) {
    (void)state;
    dynamic_tree_vs_brute(NULL, "dynamic_tree_matches_brute_force");
}

/* Random walks in steps of a fraction of the margin, as games move: most moves stay inside the fat
 * box (which is then said again around the moved box), the others leave it, get a fresh fat box
 * with the boxes above grown to hold it, and wait to be re-inserted (a leaf re-inserted beside its
 * old sibling may get its old parent node back from the free list, box and all). 600 boxes, 30%
 * of them moved per frame for 60 frames; every frame's pairs, queries, rays and invariants are
 * checked against brute force. */
static void test_dynamic_tree_small_steps_match_brute_force(void **state) {
    static model m;
    test_rng r = test_rng_make("dynamic_tree_small_steps_match_brute_force");
    static const scene_style st = {-50, 30, 1, 30, false};
    c2d_index *ix = NULL;
    int32_t i, id, f;
    (void)state;
    memset(&m, 0, sizeof m);
    assert_status(c2d_dynamic_tree_create(NULL, &ix), C2D_OK);
    for (i = 0; i < 600; ++i) {
        c2d_aabb b = random_box(&r, &st);
        assert_status(c2d_index_insert(ix, b, (uint64_t)i, &id), C2D_OK);
        m.live[id] = true;
        m.box[id] = b;
        m.user[id] = (uint64_t)i;
        m.moved[id] = true;
        m.used = id + 1;
    }
    check_update_pairs(ix, &m);
    for (f = 0; f < test_iterations(60); ++f) {
        for (i = 0; i < 180; ++i) {
            c2d_aabb b;
            c2d_real dx = (c2d_real)test_rng_range(&r, -0.06, 0.06), dy = (c2d_real)test_rng_range(&r, -0.06, 0.06);
            id = (int32_t)(test_rng_next(&r) % 600);
            b = m.box[id];
            b.lower.x += dx;
            b.upper.x += dx;
            b.lower.y += dy;
            b.upper.y += dy;
            assert_status(c2d_index_move(ix, id, b), C2D_OK);
            m.box[id] = b;
            m.moved[id] = true;
        }
        check_all_queries(ix, &m, &r, &st, 4);
        check_update_pairs(ix, &m);
    }
    c2d_index_destroy(ix);
}

static void test_dynamic_tree_no_margin_matches_brute_force(void **state) {
    c2d_index_config cfg;
    (void)state;
    memset(&cfg, 0, sizeof cfg);
    cfg.margin = -1;
    dynamic_tree_vs_brute(&cfg, "dynamic_tree_no_margin");
}

static void test_dynamic_tree_prediction_matches_brute_force(void **state) {
    c2d_index_config cfg;
    (void)state;
    memset(&cfg, 0, sizeof cfg);
    cfg.margin = (c2d_real)0.75;
    cfg.prediction = 4;
    cfg.capacity = 3;
    dynamic_tree_vs_brute(&cfg, "dynamic_tree_prediction");
}

/* ---- the dynamic indexes (insert / move / remove) ---- */

typedef c2d_status create_fn(const c2d_index_config *config, c2d_index **out);
/* The grid with unit cells when the config leaves the cell size 0 (its automatic size waits for 32
 * boxes, and these scenes are on a unit lattice). */
static c2d_status grid_unit_create(const c2d_index_config *config, c2d_index **out) {
    c2d_index_config cfg;
    if (config != NULL) cfg = *config;
    else memset(&cfg, 0, sizeof cfg);
    if (cfg.cell_size == 0) cfg.cell_size = 1;
    return c2d_grid_create(&cfg, out);
}

static create_fn *const k_dynamic[] = {c2d_dynamic_tree_create, grid_unit_create};
#define DYNAMIC_COUNT ((int)(sizeof k_dynamic / sizeof k_dynamic[0]))

/* ---- hand-computed cases ---- */

static int32_t insert_box(c2d_index *ix, c2d_aabb b, uint64_t user) {
    int32_t id = -1;
    assert_status(c2d_index_insert(ix, b, user, &id), C2D_OK);
    return id;
}

static c2d_aabb box_lu(double lx, double ly, double ux, double uy) {
    c2d_aabb b;
    b.lower = c2d_v2((c2d_real)lx, (c2d_real)ly);
    b.upper = c2d_v2((c2d_real)ux, (c2d_real)uy);
    return b;
}

static c2d_index_ray ray_make(double ox, double oy, double tx, double ty, double max) {
    c2d_index_ray r;
    r.origin = c2d_v2((c2d_real)ox, (c2d_real)oy);
    r.translation = c2d_v2((c2d_real)tx, (c2d_real)ty);
    r.max_fraction = (c2d_real)max;
    return r;
}

static int32_t nearest_hit(const c2d_index *ix, c2d_index_ray ray, c2d_real *fraction) {
    static nearest nr;
    memset(&nr, 0, sizeof nr);
    nr.id = -1;
    c2d_index_raycast(ix, ray, nearest_fn, &nr);
    if (fraction) *fraction = nr.fraction;
    return nr.id;
}

/* Touching boxes are not pairs; overlapping by a little is. Offsets (0,0), negative and far. */
static void test_touching_boxes_are_not_pairs(void **state) {
    static const double offsets[][2] = {{0, 0}, {-5000, -7000}, {1e5, 1e5}};
    int k;
    (void)state;
    for (k = 0; k < 3; ++k) {
        double ox = offsets[k][0], oy = offsets[k][1];
        c2d_index *trees[3];
        c2d_aabb boxes[4];
        int t;
        boxes[0] = box_lu(ox + 0, oy + 0, ox + 1, oy + 1);
        boxes[1] = box_lu(ox + 1, oy + 0, ox + 2, oy + 1);         /* shares the edge x = 1 with 0 */
        boxes[2] = box_lu(ox + 1, oy + 1, ox + 2, oy + 2);         /* shares only the corner (1,1) with 0 */
        boxes[3] = box_lu(ox + 1.75, oy + 0.5, ox + 3, oy + 0.75); /* overlaps 1 by 0.25 */
        assert_status(c2d_dynamic_tree_create(NULL, &trees[0]), C2D_OK);
        for (t = 0; t < 4; ++t) assert_int_equal(insert_box(trees[0], boxes[t], (uint64_t)t), t);
        assert_status(c2d_static_tree_create(NULL, boxes, NULL, 4, &trees[1]), C2D_OK);
        assert_status(grid_unit_create(NULL, &trees[2]), C2D_OK);
        for (t = 0; t < 4; ++t) assert_int_equal(insert_box(trees[2], boxes[t], (uint64_t)t), t);
        for (t = 0; t < 3; ++t) {
            const c2d_index_pair *p;
            int32_t n;
            id_list got;
            assert_status(c2d_index_find_pairs(trees[t], &p, &n), C2D_OK);
            assert_int_equal(n, 1);
            assert_int_equal(p[0].a, 1);
            assert_int_equal(p[0].b, 3);
            /* a query box touching box 0 from the left finds nothing; shifted in by 1/8 it finds 0 */
            memset(&got, 0, sizeof got);
            c2d_index_query_aabb(trees[t], box_lu(ox - 1, oy + 0.25, ox + 0, oy + 0.5), collect_fn, &got);
            assert_int_equal(got.n, 0);
            c2d_index_query_aabb(trees[t], box_lu(ox - 1, oy + 0.25, ox + 0.125, oy + 0.5), collect_fn, &got);
            assert_int_equal(got.n, 1);
            assert_int_equal(got.ids[0], 0);
            /* the shared corner (1,1) is inside no box; (0.5,0.5) is inside box 0 only */
            memset(&got, 0, sizeof got);
            c2d_index_query_point(trees[t], c2d_v2((c2d_real)(ox + 1), (c2d_real)(oy + 1)), collect_fn, &got);
            assert_int_equal(got.n, 0);
            c2d_index_query_point(trees[t], c2d_v2((c2d_real)(ox + 0.5), (c2d_real)(oy + 0.5)), collect_fn, &got);
            assert_int_equal(got.n, 1);
            assert_int_equal(got.ids[0], 0);
            c2d_index_destroy(trees[t]);
        }
    }
}

/* Ray rule by hand: entry fraction, grazing a corner, running along an edge, origin inside,
 * clipped by max_fraction, flat boxes, a zero translation. */
static void ray_rule_hand_computed_with(create_fn *create) {
    c2d_index *ix;
    c2d_real f = -1;
    assert_status(create(NULL, &ix), C2D_OK);
    insert_box(ix, box_lu(2, -1, 3, 1), 10); /* id 0 */
    /* straight along +x from the origin: enters at x = 2 */
    assert_int_equal(nearest_hit(ix, ray_make(0, 0, 1, 0, 10), &f), 0);
    assert_near(f, 2, 0);
    /* same with max 2: reaches the side exactly, no interior point: no hit; max 2.5: hit at 2 */
    assert_int_equal(nearest_hit(ix, ray_make(0, 0, 1, 0, 2), NULL), -1);
    assert_int_equal(nearest_hit(ix, ray_make(0, 0, 1, 0, 2.5), &f), 0);
    assert_near(f, 2, 0);
    /* along the top edge y = 1: no hit; just below it: hit */
    assert_int_equal(nearest_hit(ix, ray_make(0, 1, 1, 0, 10), NULL), -1);
    assert_int_equal(nearest_hit(ix, ray_make(0, 0.875, 1, 0, 10), &f), 0);
    assert_near(f, 2, 0);
    /* diagonal through the corner (2,-1) only: (0,1) + t(1,-1) at t = 2; outside before and after */
    assert_int_equal(nearest_hit(ix, ray_make(0, 1, 1, -1, 10), NULL), -1);
    /* diagonal entering through the corner (2,1): (1,2) + t(1,-1), inside for t in (1, 3) */
    assert_int_equal(nearest_hit(ix, ray_make(1, 2, 1, -1, 10), &f), 0);
    assert_near(f, 1, 0);
    /* origin inside: fraction 0; a zero translation inside: fraction 0; on the side: none */
    assert_int_equal(nearest_hit(ix, ray_make(2.5, 0, -1, 0, 1), &f), 0);
    assert_near(f, 0, 0);
    assert_int_equal(nearest_hit(ix, ray_make(2.5, 0, 0, 0, 1), &f), 0);
    assert_near(f, 0, 0);
    assert_int_equal(nearest_hit(ix, ray_make(2, 0, 0, 0, 1), NULL), -1);
    /* pointing away */
    assert_int_equal(nearest_hit(ix, ray_make(0, 0, -1, 0, INFINITY), NULL), -1);
    /* a flat box (a horizontal segment's bounds) y = 5, x in [0, 4]: crossed upward at t = 5 */
    insert_box(ix, box_lu(0, 5, 4, 5), 11); /* id 1 */
    assert_int_equal(nearest_hit(ix, ray_make(1, 0, 0, 1, INFINITY), &f), 1);
    assert_near(f, 5, 0);
    /* ending exactly on it counts (the flat box is closed, the ray too) */
    assert_int_equal(nearest_hit(ix, ray_make(1, 0, 0, 1, 5), &f), 1);
    /* crossing at x = 3.5 counts; at its end x = 4 it does not: along its length the flat box has
     * positive size, so that axis is open like every box side (a ray up x = 4 runs along the side
     * of the box [0,4] in x) */
    assert_int_equal(nearest_hit(ix, ray_make(3.5, 0, 0, 2, 10), &f), 1);
    assert_near(f, 2.5, 0);
    assert_int_equal(nearest_hit(ix, ray_make(4, 0, 0, 2, 10), NULL), -1);
    assert_int_equal(nearest_hit(ix, ray_make(3, 4, 1, 1, 10), NULL), -1); /* diagonal through the end (4,5) */
    /* running along it (no motion in y, origin.y == 5): not strictly between equal sides: no hit */
    assert_int_equal(nearest_hit(ix, ray_make(-1, 5, 1, 0, 10), NULL), -1);
    /* invalid rays report nothing */
    assert_int_equal(nearest_hit(ix, ray_make(NAN, 0, 1, 0, 10), NULL), -1);
    assert_int_equal(nearest_hit(ix, ray_make(0, 0, 1, 0, NAN), NULL), -1);
    assert_int_equal(nearest_hit(ix, ray_make(0, 0, 1, 0, -1), NULL), -1);
    assert_int_equal(nearest_hit(ix, ray_make(0, 0, INFINITY, 0, 1), NULL), -1);
    c2d_index_destroy(ix);
}

static void test_ray_rule_hand_computed(void **state) {
    int k;
    (void)state;
    for (k = 0; k < DYNAMIC_COUNT; ++k) ray_rule_hand_computed_with(k_dynamic[k]);
}

/* Flat boxes (segments' bounds) against boxes and each other. */
static void flat_boxes_with(create_fn *create) {
    c2d_index *ix;
    const c2d_index_pair *p;
    int32_t n;
    id_list got;
    assert_status(create(NULL, &ix), C2D_OK);
    insert_box(ix, box_lu(0, 1, 4, 1), 0); /* 0: horizontal segment y = 1 */
    insert_box(ix, box_lu(2, 0, 2, 3), 0); /* 1: vertical segment x = 2: crosses 0 */
    insert_box(ix, box_lu(3, 1, 6, 1), 0); /* 2: collinear with 0, overlapping it: both flat on y = 1 */
    insert_box(ix, box_lu(1, 1, 2, 2), 0); /* 3: box resting on 0 (touching from above) and on 1's side */
    insert_box(ix, box_lu(5, 0, 7, 2), 0); /* 4: box pierced by 2 */
    assert_status(c2d_index_find_pairs(ix, &p, &n), C2D_OK);
    /* 0-1 cross (x: 0<2<4, y: 0<1<3); 0-2 both flat on y = 1: no; 3 touches 0 and 1: no; 2-4 yes */
    assert_int_equal(n, 2);
    assert_int_equal(p[0].a, 0);
    assert_int_equal(p[0].b, 1);
    assert_int_equal(p[1].a, 2);
    assert_int_equal(p[1].b, 4);
    /* a point query on a flat box never finds it */
    memset(&got, 0, sizeof got);
    c2d_index_query_point(ix, c2d_v2(1, 1), collect_fn, &got);
    assert_int_equal(got.n, 0);
    c2d_index_destroy(ix);
}

static void test_flat_boxes(void **state) {
    int k;
    (void)state;
    for (k = 0; k < DYNAMIC_COUNT; ++k) flat_boxes_with(k_dynamic[k]);
}

/* Ties in the nearest hit are seen by the callback (boxes entered at the clipped end are still
 * reported), so it can pick the smallest id; a negative return stops at once. */
static void raycast_callback_clip_and_stop_with(create_fn *create) {
    c2d_index *ix;
    id_list all;
    c2d_real f;
    int i;
    assert_status(create(NULL, &ix), C2D_OK);
    for (i = 0; i < 20; ++i) insert_box(ix, box_lu(5 + (i % 2) * 10, -1 - i, 6 + (i % 2) * 10, 1 + i), (uint64_t)i);
    /* ids 0,2,4,.. start at x = 5, ids 1,3,.. at x = 15: ten-way tie at fraction 5, smallest id 0 */
    assert_int_equal(nearest_hit(ix, ray_make(0, 0, 1, 0, 100), &f), 0);
    assert_near(f, 5, 0);
    memset(&all, 0, sizeof all);
    c2d_index_raycast_all(ix, ray_make(0, 0, 1, 0, 100), collect_ray_fn, &all);
    assert_int_equal(all.n, 20);
    memset(&all, 0, sizeof all);
    all.stop_after = 3;
    c2d_index_raycast_all(ix, ray_make(0, 0, 1, 0, 100), collect_ray_fn, &all);
    assert_int_equal(all.n, 3);
    memset(&all, 0, sizeof all);
    all.stop_after = 4;
    c2d_index_query_aabb(ix, box_lu(-100, -100, 100, 100), collect_fn, &all);
    assert_int_equal(all.n, 4);
    c2d_index_destroy(ix);
}

static void test_raycast_callback_clip_and_stop(void **state) {
    int k;
    (void)state;
    for (k = 0; k < DYNAMIC_COUNT; ++k) raycast_callback_clip_and_stop_with(k_dynamic[k]);
}

/* Stopping on the first callback of the clipping ray cast. */
static c2d_real stop_fn(const c2d_index_ray *ray, int32_t id, uint64_t user_data, c2d_real fraction, void *context) {
    (void)ray;
    (void)id;
    (void)user_data;
    (void)fraction;
    ++*(int *)context;
    return -1;
}

static void raycast_negative_return_stops_with(create_fn *create) {
    c2d_index *ix;
    int calls = 0, i;
    assert_status(create(NULL, &ix), C2D_OK);
    for (i = 0; i < 10; ++i) insert_box(ix, box_lu(i * 2 + 1, -1, i * 2 + 2, 1), 0);
    c2d_index_raycast(ix, ray_make(0, 0, 1, 0, 100), stop_fn, &calls);
    assert_int_equal(calls, 1);
    c2d_index_destroy(ix);
}

static void test_raycast_negative_return_stops(void **state) {
    int k;
    (void)state;
    for (k = 0; k < DYNAMIC_COUNT; ++k) raycast_negative_return_stops_with(k_dynamic[k]);
}

/* Errors and invalid input: statuses, nothing written, nothing reported. */
static void test_errors(void **state) {
    c2d_index *ix, *st;
    int32_t id = 7, n = 5;
    const c2d_index_pair *p = NULL;
    c2d_aabb b;
    uint64_t u;
    c2d_index_config cfg;
    id_list got;
    (void)state;
    assert_status(c2d_dynamic_tree_create(NULL, NULL), C2D_ERR_NULL_ARG);
    assert_status(c2d_grid_create(NULL, NULL), C2D_ERR_NULL_ARG);
    memset(&cfg, 0, sizeof cfg);
    cfg.cell_size = -1;
    assert_status(c2d_grid_create(&cfg, &ix), C2D_ERR_BAD_SIZE);
    assert_null(ix);
    cfg.cell_size = (c2d_real)NAN;
    assert_status(c2d_grid_create(&cfg, &ix), C2D_ERR_NOT_FINITE);
    cfg.cell_size = (c2d_real)(1.0 / ((double)C2D_MAX_COORD * 1e4)); /* 1 / cell_size beyond any coordinate */
    assert_status(c2d_grid_create(&cfg, &ix), C2D_ERR_BAD_SIZE);
    cfg.cell_size = 2;
    assert_status(c2d_grid_create(&cfg, &ix), C2D_OK);
    assert_string_equal(c2d_index_name(ix), "grid");
    assert_status(c2d_index_insert(ix, box_lu(0, 0, NAN, 1), 0, &id), C2D_ERR_NOT_FINITE);
    assert_status(c2d_index_remove(ix, 0), C2D_ERR_BAD_ID);
    c2d_index_destroy(ix);
    memset(&cfg, 0, sizeof cfg);
    cfg.margin = (c2d_real)NAN;
    assert_status(c2d_dynamic_tree_create(&cfg, &ix), C2D_ERR_NOT_FINITE);
    assert_null(ix);
    cfg.margin = 0;
    cfg.prediction = -1;
    assert_status(c2d_dynamic_tree_create(&cfg, &ix), C2D_ERR_BAD_SIZE);
    cfg.prediction = 0;
    cfg.capacity = -1;
    assert_status(c2d_dynamic_tree_create(&cfg, &ix), C2D_ERR_BAD_SIZE);
    cfg.capacity = 0;
    cfg.allocator.alloc = NULL;
    assert_status(c2d_dynamic_tree_create(&cfg, &ix), C2D_OK);
    assert_status(c2d_index_insert(ix, box_lu(0, 0, NAN, 1), 0, &id), C2D_ERR_NOT_FINITE);
    assert_status(c2d_index_insert(ix, box_lu(0, 0, INFINITY, 1), 0, &id), C2D_ERR_NOT_FINITE);
    assert_status(c2d_index_insert(ix, box_lu(0, 0, (double)C2D_MAX_COORD * 10.0, 1), 0, &id), C2D_ERR_OUT_OF_RANGE);
    assert_status(c2d_index_insert(ix, box_lu(1, 0, 0, 1), 0, &id), C2D_ERR_BAD_SIZE);
    assert_status(c2d_index_insert(ix, box_lu(0, 0, 1, 1), 0, NULL), C2D_ERR_NULL_ARG);
    assert_status(c2d_index_insert(NULL, box_lu(0, 0, 1, 1), 0, &id), C2D_ERR_NULL_ARG);
    assert_int_equal(id, 7);
    assert_int_equal(c2d_index_count(ix), 0);
    id = insert_box(ix, box_lu(0, 0, 1, 1), 42);
    assert_int_equal(id, 0);
    assert_status(c2d_index_move(ix, 0, box_lu(0, 0, NAN, 1)), C2D_ERR_NOT_FINITE);
    assert_status(c2d_index_move(ix, 0, box_lu(0, 2, 1, 1)), C2D_ERR_BAD_SIZE);
    assert_status(c2d_index_move(ix, 1, box_lu(0, 0, 1, 1)), C2D_ERR_BAD_ID);
    assert_status(c2d_index_move(ix, -1, box_lu(0, 0, 1, 1)), C2D_ERR_BAD_ID);
    assert_status(c2d_index_get(ix, 0, &b, &u), C2D_OK);
    assert_vec_near(b.upper, 1, 1, 0);
    assert_true(u == 42);
    assert_status(c2d_index_get(ix, 3, &b, &u), C2D_ERR_BAD_ID);
    assert_status(c2d_index_get(NULL, 0, &b, &u), C2D_ERR_NULL_ARG);
    assert_status(c2d_index_remove(ix, 5), C2D_ERR_BAD_ID);
    assert_status(c2d_index_remove(ix, 0), C2D_OK);
    assert_status(c2d_index_remove(ix, 0), C2D_ERR_BAD_ID);
    assert_status(c2d_index_move(ix, 0, box_lu(0, 0, 1, 1)), C2D_ERR_BAD_ID);
    assert_status(c2d_index_get(ix, 0, NULL, NULL), C2D_ERR_BAD_ID);
    assert_status(c2d_index_remove(NULL, 0), C2D_ERR_NULL_ARG);
    assert_status(c2d_index_find_pairs(ix, NULL, &n), C2D_ERR_NULL_ARG);
    assert_status(c2d_index_find_pairs(NULL, &p, &n), C2D_ERR_NULL_ARG);
    assert_status(c2d_index_update_pairs(ix, &p, NULL), C2D_ERR_NULL_ARG);
    assert_status(c2d_index_rebuild(NULL), C2D_ERR_NULL_ARG);
    assert_false(c2d_index_validate(NULL));
    assert_int_equal(c2d_index_count(NULL), 0);
    assert_string_equal(c2d_index_name(NULL), "");
    /* the id is reused; NaN / inverted queries report nothing, a NULL callback is ignored */
    assert_int_equal(insert_box(ix, box_lu(0, 0, 1, 1), 43), 0);
    memset(&got, 0, sizeof got);
    c2d_index_query_aabb(ix, box_lu(NAN, 0, 2, 2), collect_fn, &got);
    c2d_index_query_aabb(ix, box_lu(0.5, 0.5, 0.25, 0.75), collect_fn, &got);
    c2d_index_query_point(ix, c2d_v2(NAN, 0.5f), collect_fn, &got);
    c2d_index_query_aabb(ix, box_lu(0, 0, 1, 1), NULL, &got);
    c2d_index_query_aabb(NULL, box_lu(0, 0, 1, 1), collect_fn, &got);
    assert_int_equal(got.n, 0);
    c2d_index_destroy(ix);
    c2d_index_destroy(NULL);
    /* static tree */
    assert_status(c2d_static_tree_create(NULL, NULL, NULL, 3, &st), C2D_ERR_NULL_ARG);
    b = box_lu(0, 0, 1, 1);
    assert_status(c2d_static_tree_create(NULL, &b, NULL, -1, &st), C2D_ERR_BAD_SIZE);
    b = box_lu(0, 0, NAN, 1);
    assert_status(c2d_static_tree_create(NULL, &b, NULL, 1, &st), C2D_ERR_NOT_FINITE);
    b = box_lu(2, 0, 1, 1);
    assert_status(c2d_static_tree_create(NULL, &b, NULL, 1, &st), C2D_ERR_BAD_SIZE);
    b = box_lu(0, 0, 1, 1);
    assert_status(c2d_static_tree_create(NULL, &b, NULL, 1, &st), C2D_OK);
    assert_string_equal(c2d_index_name(st), "static_tree");
    assert_status(c2d_index_insert(st, b, 0, &id), C2D_ERR_UNSUPPORTED);
    assert_status(c2d_index_remove(st, 0), C2D_ERR_UNSUPPORTED);
    assert_status(c2d_index_move(st, 0, b), C2D_ERR_UNSUPPORTED);
    assert_status(c2d_index_move(st, 1, b), C2D_ERR_BAD_ID);
    assert_status(c2d_index_get(st, 0, &b, &u), C2D_OK);
    assert_true(u == 0);
    assert_status(c2d_index_rebuild(st), C2D_OK);
    assert_int_equal(c2d_index_count(st), 1);
    c2d_index_destroy(st);
    assert_status(c2d_static_tree_create(NULL, NULL, NULL, 0, &st), C2D_OK);
    assert_status(c2d_index_find_pairs(st, &p, &n), C2D_OK);
    assert_int_equal(n, 0);
    assert_true(c2d_index_validate(st));
    c2d_index_destroy(st);
}

/* ---- allocator hooks: balance and out-of-memory ---- */

typedef struct counting_alloc {
    long long live_bytes;
    int live_blocks;
    int fail_after;
    int calls;
} counting_alloc;

static void *count_alloc(size_t size, void *context) {
    counting_alloc *c = (counting_alloc *)context;
    void *p;
    if (c->fail_after >= 0 && c->calls >= c->fail_after) return NULL;
    c->calls++;
    p = malloc(size);
    if (p) {
        c->live_bytes += (long long)size;
        c->live_blocks++;
    }
    return p;
}

static void count_free(void *ptr, size_t size, void *context) {
    counting_alloc *c = (counting_alloc *)context;
    c->live_bytes -= (long long)size;
    c->live_blocks--;
    free(ptr);
}

static void test_allocator_hooks_balance(void **state) {
    counting_alloc c = {0, 0, -1, 0};
    c2d_index_config cfg;
    c2d_index *ix;
    test_rng r = test_rng_make("allocator_hooks_balance");
    int i;
    const c2d_index_pair *p;
    int32_t n;
    c2d_aabb boxes[300];
    (void)state;
    memset(&cfg, 0, sizeof cfg);
    cfg.allocator.alloc = count_alloc;
    assert_status(c2d_dynamic_tree_create(&cfg, &ix), C2D_ERR_NULL_ARG); /* alloc without free */
    cfg.allocator.free = count_free;
    cfg.allocator.context = &c;
    assert_status(c2d_dynamic_tree_create(&cfg, &ix), C2D_OK);
    for (i = 0; i < 300; ++i) {
        boxes[i] = random_box(&r, &k_styles[0]);
        insert_box(ix, boxes[i], 0);
    }
    assert_status(c2d_index_find_pairs(ix, &p, &n), C2D_OK);
    assert_status(c2d_index_rebuild(ix), C2D_OK);
    assert_status(c2d_index_update_pairs(ix, &p, &n), C2D_OK);
    assert_true(c.live_blocks > 0);
    c2d_index_destroy(ix);
    assert_int_equal(c.live_blocks, 0);
    assert_true(c.live_bytes == 0);
    assert_status(c2d_static_tree_create(&cfg, boxes, NULL, 300, &ix), C2D_OK);
    assert_status(c2d_index_find_pairs(ix, &p, &n), C2D_OK);
    c2d_index_destroy(ix);
    assert_int_equal(c.live_blocks, 0);
    assert_true(c.live_bytes == 0);
    assert_status(c2d_grid_create(&cfg, &ix), C2D_OK);
    for (i = 0; i < 300; ++i) insert_box(ix, boxes[i], 0);
    for (i = 0; i < 300; i += 2) assert_status(c2d_index_move(ix, i, boxes[299 - i]), C2D_OK);
    assert_status(c2d_index_find_pairs(ix, &p, &n), C2D_OK);
    assert_status(c2d_index_update_pairs(ix, &p, &n), C2D_OK);
    assert_status(c2d_index_rebuild(ix), C2D_OK);
    c2d_index_destroy(ix);
    assert_int_equal(c.live_blocks, 0);
    assert_true(c.live_bytes == 0);
}

/* Out of memory at every possible allocation: each call fails cleanly, the index stays valid and
 * keeps answering like the model, nothing leaks. */
static void test_out_of_memory_is_clean(void **state) {
    int limit, kind;
    (void)state;
    for (kind = 0; kind < DYNAMIC_COUNT; ++kind)
        for (limit = 0; limit < 40; ++limit) {
            counting_alloc c = {0, 0, limit, 0};
            c2d_index_config cfg;
            c2d_index *ix = NULL;
            static model m;
            int i;
            const c2d_index_pair *p;
            int32_t n;
            c2d_status s;
            test_rng r;
            r.s = 99;
            memset(&m, 0, sizeof m);
            memset(&cfg, 0, sizeof cfg);
            cfg.allocator.alloc = count_alloc;
            cfg.allocator.free = count_free;
            cfg.allocator.context = &c;
            cfg.capacity = 1;
            s = k_dynamic[kind](&cfg, &ix);
            if (s != C2D_OK) {
                assert_status(s, C2D_ERR_OUT_OF_MEMORY);
                assert_null(ix);
                assert_int_equal(c.live_blocks, 0);
                continue;
            }
            for (i = 0; i < 200; ++i) {
                int32_t id = -1;
                c2d_aabb b = random_box(&r, &k_styles[0]);
                s = c2d_index_insert(ix, b, (uint64_t)i, &id);
                if (s == C2D_OK) {
                    m.live[id] = true;
                    m.box[id] = b;
                    m.user[id] = (uint64_t)i;
                    m.moved[id] = true;
                    if (id >= m.used) m.used = id + 1;
                } else {
                    assert_status(s, C2D_ERR_OUT_OF_MEMORY);
                    assert_int_equal(id, -1);
                }
                if (i % 3 == 2 && m.used > 0) { /* move a live proxy far away: new cells or a re-insert */
                    int32_t j = (int32_t)test_rng_range(&r, 0, m.used);
                    if (m.live[j]) {
                        c2d_aabb nb = random_box(&r, &k_styles[0]);
                        if (i % 2) {
                            nb.upper.x += 100;
                            nb.upper.y += 100;
                        } /* sometimes huge */
                        s = c2d_index_move(ix, j, nb);
                        if (s == C2D_OK) {
                            m.box[j] = nb;
                            m.moved[j] = true;
                        } else assert_status(s, C2D_ERR_OUT_OF_MEMORY);
                    }
                }
            }
            assert_true(c2d_index_validate(ix));
            s = c2d_index_find_pairs(ix, &p, &n);
            if (s == C2D_OK) {
                int32_t want = brute_pairs(&m, false, g_want);
                assert_pairs_equal(p, n, g_want, want);
            } else {
                assert_status(s, C2D_ERR_OUT_OF_MEMORY);
                assert_null(p);
                assert_int_equal(n, 0);
            }
            s = c2d_index_update_pairs(ix, &p, &n);
            if (s == C2D_OK) {
                int32_t want = brute_pairs(&m, true, g_want);
                assert_pairs_equal(p, n, g_want, want);
            } else {
                assert_status(s, C2D_ERR_OUT_OF_MEMORY);
            }
            s = c2d_index_rebuild(ix);
            assert_true(s == C2D_OK || s == C2D_ERR_OUT_OF_MEMORY);
            assert_true(c2d_index_validate(ix));
            for (i = 0; i < 10; ++i) check_query(ix, &m, random_query(&r, &k_styles[0]));
            c2d_index_destroy(ix);
            assert_int_equal(c.live_blocks, 0);
            assert_true(c.live_bytes == 0);
        }
}

/* update_pairs keeps a caller's full pair set exact: drop pairs that involve a moved or removed
 * proxy, add the reported ones, and the set equals find_pairs every frame. */
static void update_pairs_maintains_full_set_with(create_fn *create, const char *name) {
    test_rng r = test_rng_make(name);
    c2d_index *ix;
    static c2d_index_pair set[PAIR_MAX], next[PAIR_MAX];
    static bool touched[MODEL_MAX];
    static c2d_aabb boxes[MODEL_MAX];
    static bool live[MODEL_MAX];
    int32_t set_n = 0, frame, i, dead = -1;
    const scene_style *st = &k_styles[0];
    assert_status(create(NULL, &ix), C2D_OK);
    for (i = 0; i < 200; ++i) {
        boxes[i] = random_box(&r, st);
        live[i] = true;
        assert_int_equal(insert_box(ix, boxes[i], 0), i);
    }
    for (frame = 0; frame < test_iterations(40); ++frame) {
        const c2d_index_pair *p, *all;
        int32_t n, all_n, k = 0, a = 0, b = 0;
        memset(touched, 0, sizeof touched);
        for (i = 0; i < 10; ++i) { /* 5% of the proxies move, some leave and come back */
            int32_t id = (int32_t)test_rng_range(&r, 0, 200);
            touched[id] = true;
            if (!live[id]) {
                int32_t got = insert_box(ix, boxes[id], 0);
                assert_int_equal(got, id); /* at most one free id at a time here */
                live[id] = true;
                dead = -1;
            } else if (dead < 0 && test_rng_range(&r, 0, 1) < 0.1) {
                assert_status(c2d_index_remove(ix, id), C2D_OK);
                live[id] = false;
                dead = id;
            } else {
                c2d_real dx = (c2d_real)rnd_int(&r, -1, 1), dy = (c2d_real)rnd_int(&r, -1, 1);
                boxes[id].lower.x += dx;
                boxes[id].upper.x += dx;
                boxes[id].lower.y += dy;
                boxes[id].upper.y += dy;
                assert_status(c2d_index_move(ix, id, boxes[id]), C2D_OK);
            }
        }
        assert_status(c2d_index_update_pairs(ix, &p, &n), C2D_OK);
        /* merge: old pairs without touched members, plus the new ones (both sorted) */
        for (i = 0; i < set_n; ++i)
            if (!touched[set[i].a] && !touched[set[i].b]) set[k++] = set[i];
        set_n = k;
        k = 0;
        while (a < set_n || b < n) {
            bool take_old = b >= n || (a < set_n && (set[a].a < p[b].a || (set[a].a == p[b].a && set[a].b < p[b].b)));
            next[k++] = take_old ? set[a++] : p[b++];
        }
        memcpy(set, next, (size_t)k * sizeof *set);
        set_n = k;
        assert_status(c2d_index_find_pairs(ix, &all, &all_n), C2D_OK);
        assert_pairs_equal(set, set_n, all, all_n);
    }
    c2d_index_destroy(ix);
}

static void test_update_pairs_maintains_full_set(void **state) {
    (void)state;
    update_pairs_maintains_full_set_with(c2d_dynamic_tree_create, "update_pairs_maintains_full_set tree");
    update_pairs_maintains_full_set_with(grid_unit_create, "update_pairs_maintains_full_set grid");
}

/* The same calls give the same callback order (determinism). */
static void test_callback_order_is_deterministic(void **state) {
    c2d_index *a, *b;
    test_rng r1, r2;
    id_list la, lb;
    int i, k;
    (void)state;
    r1.s = r2.s = 1234;
    for (k = 0; k < DYNAMIC_COUNT; ++k) {
        assert_status(k_dynamic[k](NULL, &a), C2D_OK);
        assert_status(k_dynamic[k](NULL, &b), C2D_OK);
        for (i = 0; i < 300; ++i) {
            insert_box(a, random_box(&r1, &k_styles[3]), (uint64_t)i);
            insert_box(b, random_box(&r2, &k_styles[3]), (uint64_t)i);
        }
        for (i = 0; i < 100; i += 3) {
            assert_status(c2d_index_remove(a, i), C2D_OK);
            assert_status(c2d_index_remove(b, i), C2D_OK);
        }
        memset(&la, 0, sizeof la);
        memset(&lb, 0, sizeof lb);
        c2d_index_query_aabb(a, box_lu(-50, 30, 10, 90), collect_fn, &la);
        c2d_index_query_aabb(b, box_lu(-50, 30, 10, 90), collect_fn, &lb);
        assert_true(la.n > 10);
        assert_int_equal(la.n, lb.n);
        assert_memory_equal(la.ids, lb.ids, (size_t)la.n * sizeof la.ids[0]);
        c2d_index_destroy(a);
        c2d_index_destroy(b);
    }
}

/* Moving inside the fat box changes no tree node, but the real box is what queries see. */
static void test_move_within_fat_box_uses_real_box(void **state) {
    c2d_index *ix;
    id_list got;
    const c2d_index_pair *p;
    int32_t n;
    c2d_index_config cfg;
    (void)state;
    memset(&cfg, 0, sizeof cfg);
    cfg.margin = 2; /* fat boxes 2 units larger on each side */
    assert_status(c2d_dynamic_tree_create(&cfg, &ix), C2D_OK);
    insert_box(ix, box_lu(0, 0, 1, 1), 0);
    insert_box(ix, box_lu(1.5, 0, 2.5, 1), 1); /* fat boxes overlap, real ones do not */
    assert_status(c2d_index_update_pairs(ix, &p, &n), C2D_OK);
    assert_int_equal(n, 0);
    assert_status(c2d_index_move(ix, 1, box_lu(1, 0, 2, 1)), C2D_OK); /* now touching */
    assert_status(c2d_index_update_pairs(ix, &p, &n), C2D_OK);
    assert_int_equal(n, 0);
    assert_status(c2d_index_move(ix, 1, box_lu(0.9375, 0, 1.9375, 1)), C2D_OK); /* overlapping by 1/16 */
    assert_status(c2d_index_update_pairs(ix, &p, &n), C2D_OK);
    assert_int_equal(n, 1);
    assert_int_equal(p[0].a, 0);
    assert_int_equal(p[0].b, 1);
    /* nothing moved since: no pairs reported, find_pairs still sees the overlap */
    assert_status(c2d_index_update_pairs(ix, &p, &n), C2D_OK);
    assert_int_equal(n, 0);
    assert_status(c2d_index_find_pairs(ix, &p, &n), C2D_OK);
    assert_int_equal(n, 1);
    memset(&got, 0, sizeof got);
    c2d_index_query_point(ix, c2d_v2(-0.5f, 0.5f), collect_fn, &got); /* inside 0's fat box only */
    assert_int_equal(got.n, 0);
    assert_true(c2d_index_validate(ix));
    c2d_index_destroy(ix);
}

/* Thousands of inserts in sorted order (the worst case for naive trees) keep the height AVL-bounded:
 * validate checks the balance of every node. */
static void test_dynamic_tree_stays_balanced(void **state) {
    c2d_index *ix;
    int i;
    (void)state;
    assert_status(c2d_dynamic_tree_create(NULL, &ix), C2D_OK);
    for (i = 0; i < 4000; ++i) insert_box(ix, box_lu(i, 0, i + 1, 1), 0);
    assert_true(c2d_index_validate(ix));
    for (i = 0; i < 4000; i += 2) assert_status(c2d_index_remove(ix, i), C2D_OK);
    assert_true(c2d_index_validate(ix));
    for (i = 1; i < 4000; i += 4) assert_status(c2d_index_move(ix, i, box_lu(-i, 5, -i + 0.5, 6)), C2D_OK);
    assert_true(c2d_index_validate(ix));
    assert_status(c2d_index_rebuild(ix), C2D_OK);
    assert_true(c2d_index_validate(ix));
    assert_int_equal(c2d_index_count(ix), 2000);
    c2d_index_destroy(ix);
}

/* ---- static tree ---- */

static void static_tree_vs_brute(const scene_style *st, test_rng *r, int count, bool identical) {
    static model m;
    static c2d_aabb boxes[MODEL_MAX];
    static uint64_t user[MODEL_MAX];
    c2d_index *ix;
    int32_t i;
    memset(&m, 0, sizeof m);
    for (i = 0; i < count; ++i) {
        boxes[i] = identical && i > 0 ? boxes[0] : random_box(r, st);
        user[i] = test_rng_next(r);
        m.box[i] = boxes[i];
        m.user[i] = user[i];
        m.live[i] = true;
        m.moved[i] = true;
    }
    m.used = count;
    assert_status(c2d_static_tree_create(NULL, boxes, user, count, &ix), C2D_OK);
    assert_int_equal(c2d_index_count(ix), count);
    assert_true(c2d_index_validate(ix));
    check_all_queries(ix, &m, r, st, 60);
    check_update_pairs(ix, &m); /* first time: all pairs */
    check_update_pairs(ix, &m); /* then none */
    for (i = 0; i < count; ++i) {
        c2d_aabb b;
        uint64_t u;
        assert_status(c2d_index_get(ix, i, &b, &u), C2D_OK);
        assert_memory_equal(&b, &boxes[i], sizeof b);
        assert_true(u == user[i]);
    }
    assert_status(c2d_index_get(ix, count, NULL, NULL), C2D_ERR_BAD_ID);
    c2d_index_destroy(ix);
}

static void test_static_tree_matches_brute_force(void **state) {
    test_rng r = test_rng_make("static_tree_matches_brute_force");
    int s, k;
    static const int counts[] = {1, 2, 5, 17, 300, 1000};
    (void)state;
    for (s = 0; s < (int)(sizeof k_styles / sizeof k_styles[0]); ++s)
        for (k = 0; k < (int)(sizeof counts / sizeof counts[0]); ++k)
            static_tree_vs_brute(&k_styles[s], &r, counts[k], false);
    /* all boxes identical: every Morton code equal, the runs are cut four ways */
    static_tree_vs_brute(&k_styles[0], &r, 300, true);
    /* every size up to a few levels of nodes (runs of 1 to 4 boxes, lanes opened or not) */
    for (k = 1; k <= 90; ++k) static_tree_vs_brute(&k_styles[k % (int)(sizeof k_styles / sizeof k_styles[0])], &r, k, false);
}

/* The static tree over boxes whose centers fall on few points (runs of equal Morton codes, cut four
 * ways below the quadrants) or on one line (one axis without extent), against brute force. */
static void test_static_tree_equal_codes_match_brute_force(void **state) {
    static model m;
    test_rng r = test_rng_make("static_tree_equal_codes_match_brute_force");
    static const scene_style line = {-45, -10, 1, 90, false};
    c2d_index *ix;
    int32_t i, n = 700;
    (void)state;
    memset(&m, 0, sizeof m);
    for (i = 0; i < n; ++i) {
        double cx = (double)(i % 5) * 3, cy = i < 500 ? (double)(i % 3) : 0, w = 0.25 + 0.25 * (double)(i % 4), h = 0.5 + 0.125 * (double)(i % 3);
        if (i >= 500) cx = test_rng_range(&r, -40, 40); /* the rest on the line y = 0 */
        m.box[i].lower = c2d_v2((c2d_real)(cx - w), (c2d_real)(cy - h));
        m.box[i].upper = c2d_v2((c2d_real)(cx + w), (c2d_real)(cy + h));
        m.user[i] = (uint64_t)i * 7u;
        m.live[i] = true;
        m.moved[i] = true;
    }
    m.used = n;
    assert_status(c2d_static_tree_create(NULL, m.box, m.user, n, &ix), C2D_OK);
    assert_true(c2d_index_validate(ix));
    check_all_queries(ix, &m, &r, &line, 200);
    check_update_pairs(ix, &m);
    for (i = 0; i < n; ++i) {
        c2d_aabb b;
        uint64_t u;
        assert_status(c2d_index_get(ix, i, &b, &u), C2D_OK);
        assert_memory_equal(&b, &m.box[i], sizeof b);
        assert_true(u == m.user[i]);
    }
    c2d_index_destroy(ix);
    /* only the line: the y extent of the centers is zero */
    assert_status(c2d_static_tree_create(NULL, m.box + 500, m.user + 500, 200, &ix), C2D_OK);
    assert_true(c2d_index_validate(ix));
    c2d_index_destroy(ix);
}

/* The static tree's ray walk on a lattice, where every shortcut of its four-lane cull meets its
 * edge case: unit cells, 2x2 and flat boxes and duplicates whose sides lie on the integers (so
 * node lanes share sides with the users' boxes), origins on the lattice and half-way (inside
 * boxes, on their sides and corners), rays along the axes (the infinite-reciprocal slabs, with the
 * origin exactly on lane sides), diagonals through corners, a zero translation, a component whose
 * reciprocal overflows, and max fractions 0, 0.5, 3 and infinity. Ties are everywhere: the
 * nearest hit must be the lowest id among the boxes entered first, as brute force says. */
static c2d_aabb lattice_box(int x0, int y0, int x1, int y1) {
    c2d_aabb b;
    b.lower = c2d_v2((c2d_real)x0, (c2d_real)y0);
    b.upper = c2d_v2((c2d_real)x1, (c2d_real)y1);
    return b;
}

static void test_static_tree_ray_lattice_matches_brute_force(void **state) {
    static model m;
#ifdef C2D_DOUBLE
    const c2d_real tiny = (c2d_real)1e-309; /* 1 / tiny overflows */
#else
    const c2d_real tiny = (c2d_real)1e-39f;
#endif
    static const double dirs[][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {-1, 2}, {0, 0}, {2, -1}};
    static const double maxes[] = {0, 0.5, 3, -1}; /* -1: infinity */
    c2d_index *ix;
    int32_t n = 0;
    int i, j, d, k, rays = 0;
    (void)state;
    memset(&m, 0, sizeof m);
    for (i = 0; i < 8; ++i)
        for (j = 0; j < 8; ++j) {
            m.box[n++] = lattice_box(i, j, i + 1, j + 1);
            if ((i + j) % 3 == 0) m.box[n++] = lattice_box(i, j, i + 2, j + 2);
            if ((i * 7 + j) % 5 == 0) m.box[n++] = lattice_box(i, j, i, j + 1);
            if ((i + 3 * j) % 7 == 0) m.box[n++] = lattice_box(i, j, i + 1, j);
            if ((i * j) % 11 == 1) m.box[n++] = lattice_box(i, j, i + 1, j + 1);
        }
    for (i = 0; i < n; ++i) {
        m.user[i] = 1000u + (uint64_t)i;
        m.live[i] = true;
    }
    m.used = n;
    assert_status(c2d_static_tree_create(NULL, m.box, m.user, n, &ix), C2D_OK);
    assert_true(c2d_index_validate(ix));
    for (i = -1; i <= 19; ++i)
        for (j = -1; j <= 19; ++j)
            for (d = 0; d < (int)(sizeof dirs / sizeof dirs[0]) + 1; ++d)
                for (k = 0; k < (int)(sizeof maxes / sizeof maxes[0]); ++k) {
                    c2d_index_ray ray;
                    ray.origin = c2d_v2((c2d_real)(0.5 * i), (c2d_real)(0.5 * j));
                    if (d < (int)(sizeof dirs / sizeof dirs[0])) ray.translation = c2d_v2((c2d_real)(3 * dirs[d][0]), (c2d_real)(3 * dirs[d][1]));
                    else ray.translation = c2d_v2(tiny, (c2d_real)-3); /* moves along x, too little to count */
                    ray.max_fraction = maxes[k] < 0 ? (c2d_real)INFINITY : (c2d_real)maxes[k];
                    check_ray(ix, &m, ray);
                    ++rays;
                }
    assert_int_equal(rays, 21 * 21 * 9 * 4);
    c2d_index_destroy(ix);
}

/* MDN's demo (seed 003): a movable 20x20 box among 100 static 20x20 boxes at integer positions in
 * [0, 500), collision tested with strict < after each 5-pixel arrow step. Here the statics live in
 * a static tree and the collision flag is "the query found something"; it must equal MDN's
 * .some(isCollidingWith) brute force at every step, and a box that only touches does not collide. */
static void test_seed_mdn_movable_among_100_statics(void **state) {
    test_rng r = test_rng_make("seed_mdn_movable_among_100_statics");
    c2d_aabb statics[100];
    c2d_index *ix;
    double x = 500, y = 500;
    int i, step;
    id_list got;
    (void)state;
    for (i = 0; i < 100; ++i) {
        double sx = floor(test_rng_range(&r, 0, 500)), sy = floor(test_rng_range(&r, 0, 500));
        if (i == 0) {
            sx = 480;
            sy = 490;
        } /* touches the movable box's left side at x = 500 */
        assert_status(c2d_aabb_from_corner(c2d_v2((c2d_real)sx, (c2d_real)sy), 20, 20, &statics[i]), C2D_OK);
    }
    assert_status(c2d_static_tree_create(NULL, statics, NULL, 100, &ix), C2D_OK);
    for (step = 0; step < 400; ++step) {
        c2d_aabb mover;
        bool brute = false;
        assert_status(c2d_aabb_from_corner(c2d_v2((c2d_real)x, (c2d_real)y), 20, 20, &mover), C2D_OK);
        for (i = 0; i < 100; ++i) {
            /* MDN: this.x < other.x + other.w && this.x + this.w > other.x && (same in y) */
            double ox = statics[i].lower.x, oy = statics[i].lower.y;
            if (x < ox + 20 && x + 20 > ox && y < oy + 20 && y + 20 > oy) brute = true;
        }
        memset(&got, 0, sizeof got);
        c2d_index_query_aabb(ix, mover, collect_fn, &got);
        assert_int_equal(got.n > 0, brute);
        sort_list(&got);
        /* at (500,500) the mover only touches static 0 (x = 500): not found; after ArrowLeft
         * (x = 495) it overlaps static 0 by 5 pixels: found */
        if (step == 0) assert_true(got.n == 0 || got.ids[0] != 0);
        if (step == 1) assert_true(got.n > 0 && got.ids[0] == 0);
        if (step == 0) x -= 5;
        else {
            int key = (int)test_rng_range(&r, 0, 4);
            x += key == 0 ? -5 : key == 1 ? 5
                                          : 0;
            y += key == 2 ? -5 : key == 3 ? 5
                                          : 0;
        }
    }
    c2d_index_destroy(ix);
}

/* ---- batch ---- */

static void test_batch_paths_match_brute_force(void **state) {
    test_rng r = test_rng_make("batch_paths_match_brute_force");
    enum { N = 1003 };
    static c2d_real mnx[N], mny[N], mxx[N], mxy[N];
    static int32_t hits[N], want[N];
    c2d_aabb_soa soa;
    int q, p, i, ran = 0;
    (void)state;
    assert_true(c2d_batch_path_supported(C2D_BATCH_SCALAR));
    assert_true(c2d_batch_path_supported(C2D_BATCH_AUTO));
#if defined(C2D_NO_SIMD)
    /* the SIMD paths are compiled out: AUTO is the scalar path */
    assert_false(c2d_batch_path_supported(C2D_BATCH_SSE2));
    assert_false(c2d_batch_path_supported(C2D_BATCH_AVX2));
#elif defined(__x86_64__)
    assert_true(c2d_batch_path_supported(C2D_BATCH_SSE2));
#endif
    printf("batch paths: sse2 %d avx2 %d\n", c2d_batch_path_supported(C2D_BATCH_SSE2), c2d_batch_path_supported(C2D_BATCH_AVX2));
    for (q = 0; q < 200; ++q) {
        const scene_style *st = &k_styles[q % 4];
        int count = q < 8 ? q : (int)test_rng_range(&r, 0, N + 1); /* tails: 0..7 and odd sizes */
        c2d_aabb box = random_query(&r, st);
        int32_t nwant = 0;
        for (i = 0; i < count; ++i) {
            c2d_aabb b = random_box(&r, st);
            mnx[i] = b.lower.x;
            mny[i] = b.lower.y;
            mxx[i] = b.upper.x;
            mxy[i] = b.upper.y;
            if (test_rng_range(&r, 0, 1) < 0.01) mxx[i] = (c2d_real)NAN;
            if (ref_overlap(b, box) && mxx[i] == mxx[i]) want[nwant++] = i;
        }
        soa.min_x = mnx;
        soa.min_y = mny;
        soa.max_x = mxx;
        soa.max_y = mxy;
        soa.count = count;
        for (p = C2D_BATCH_AUTO; p <= C2D_BATCH_AVX2; ++p) {
            int32_t got = -1, cap = q % 5 == 0 ? nwant / 2 : N;
            if (!c2d_batch_path_supported((c2d_batch_path)p)) {
                assert_status(c2d_aabb_overlap_batch_path((c2d_batch_path)p, box, &soa, hits, N, &got), C2D_ERR_UNSUPPORTED);
                assert_int_equal(got, 0);
                continue;
            }
            ++ran;
            memset(hits, 0xff, sizeof hits);
            assert_status(c2d_aabb_overlap_batch_path((c2d_batch_path)p, box, &soa, hits, cap, &got), C2D_OK);
            assert_int_equal(got, nwant);
            assert_memory_equal(hits, want, (size_t)(cap < nwant ? cap : nwant) * sizeof hits[0]);
            if (cap < nwant) assert_int_equal(hits[cap], -1); /* nothing past the capacity */
        }
        assert_int_equal(c2d_aabb_overlap_batch(box, &soa, NULL, 0), nwant);
    }
    assert_true(ran >= 400);
}

/* Batch by hand: touching is no hit, a sliver of overlap is; bad input gives 0. */
static void test_batch_hand_computed(void **state) {
    static const c2d_real mnx[9] = {0, 1, 1, -1, 0.5f, 2, 0, 0, 0.25f};
    static const c2d_real mny[9] = {0, 0, 1, -1, 0.5f, 2, 0, 1, 0.25f};
    static const c2d_real mxx[9] = {1, 2, 2, 0, 0.75f, 3, 1, 1, 0.5f};
    static const c2d_real mxy[9] = {1, 1, 2, 0, 0.75f, 3, 1, 2, 0.5f};
    /* query [0,1]^2: 0 same box (hit), 1 touches right edge, 2 touches the corner, 3 touches the
     * corner (0,0), 4 inside (hit), 5 far, 6 same box (hit), 7 touches top edge, 8 inside (hit) */
    c2d_aabb_soa soa = {mnx, mny, mxx, mxy, 9};
    int32_t hits[9], got = -1, p;
    c2d_aabb q = box_lu(0, 0, 1, 1);
    (void)state;
    for (p = C2D_BATCH_AUTO; p <= C2D_BATCH_AVX2; ++p) {
        if (!c2d_batch_path_supported((c2d_batch_path)p)) continue;
        assert_status(c2d_aabb_overlap_batch_path((c2d_batch_path)p, q, &soa, hits, 9, &got), C2D_OK);
        assert_int_equal(got, 4);
        assert_int_equal(hits[0], 0);
        assert_int_equal(hits[1], 4);
        assert_int_equal(hits[2], 6);
        assert_int_equal(hits[3], 8);
        /* shifted right by 1/64: box 1 now overlaps (by 1/64); box 2 still only touches (y = 1) */
        assert_status(c2d_aabb_overlap_batch_path((c2d_batch_path)p, box_lu(0.015625, 0, 1.015625, 1), &soa, hits, 9, &got), C2D_OK);
        assert_int_equal(got, 5);
        assert_int_equal(hits[1], 1);
    }
    assert_int_equal(c2d_aabb_overlap_batch(box_lu(0, 0, NAN, 1), &soa, hits, 9), 0);
    assert_int_equal(c2d_aabb_overlap_batch(box_lu(1, 0, 0, 1), &soa, hits, 9), 0);
    assert_int_equal(c2d_aabb_overlap_batch(q, NULL, hits, 9), 0);
    soa.min_x = NULL;
    assert_int_equal(c2d_aabb_overlap_batch(q, &soa, hits, 9), 0);
    assert_status(c2d_aabb_overlap_batch_path(C2D_BATCH_SCALAR, q, &soa, hits, 9, NULL), C2D_ERR_NULL_ARG);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_touching_boxes_are_not_pairs),
        cmocka_unit_test(test_ray_rule_hand_computed),
        cmocka_unit_test(test_flat_boxes),
        cmocka_unit_test(test_raycast_callback_clip_and_stop),
        cmocka_unit_test(test_raycast_negative_return_stops),
        cmocka_unit_test(test_errors),
        cmocka_unit_test(test_allocator_hooks_balance),
        cmocka_unit_test(test_out_of_memory_is_clean),
        cmocka_unit_test(test_move_within_fat_box_uses_real_box),
        cmocka_unit_test(test_dynamic_tree_stays_balanced),
        cmocka_unit_test(test_callback_order_is_deterministic),
        cmocka_unit_test(test_update_pairs_maintains_full_set),
        cmocka_unit_test(test_dynamic_tree_matches_brute_force),
        cmocka_unit_test(test_dynamic_tree_small_steps_match_brute_force),
        cmocka_unit_test(test_dynamic_tree_no_margin_matches_brute_force),
        cmocka_unit_test(test_dynamic_tree_prediction_matches_brute_force),
        cmocka_unit_test(test_grid_cell_sizes_match_brute_force),
        cmocka_unit_test(test_grid_clamped_cells_far),
        cmocka_unit_test(test_static_tree_matches_brute_force),
        cmocka_unit_test(test_static_tree_equal_codes_match_brute_force),
        cmocka_unit_test(test_static_tree_ray_lattice_matches_brute_force),
        cmocka_unit_test(test_seed_mdn_movable_among_100_statics),
        cmocka_unit_test(test_batch_hand_computed),
        cmocka_unit_test(test_batch_paths_match_brute_force),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
