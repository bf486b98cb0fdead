/* Broad phase, part 3: the pair sweep, the bulk builds of sweep-and-prune and of the static tree,
 * and the dynamic tree's rebuild (whose trees must come out as the serial builds'), split over a
 * task system
 * (c2d_index_config.tasks). A tiny pthread task system lives here (the library creates no
 * thread); for every index kind and several scenes (uniform, crowded, tall boxes reaching over
 * many strips), the built index validates, and find_pairs and a many-moved update_pairs with 2, 3
 * and 64 workers give exactly the serial result (in either pair order), which equals brute force
 * where brute force is cheap; and the batch box query (c2d_index_query_aabb_batch) gives, with
 * every worker count, what one c2d_index_query_aabb per box reports, in its order. Run under
 * ThreadSanitizer by `make check-tsan`. */
#include <pthread.h>
#include "test_util.h"

/* ---- a tiny task system: enqueue starts one thread per range after the first, which runs on
 * the caller; finish joins them ---- */

#define POOL_MAX 64

typedef struct pool_task {
    c2d_task_fn *fn;
    void *context;
    int32_t start, end, worker;
} pool_task;

typedef struct pool {
    int32_t workers;
    int enqueued; /* enqueue calls (read on the calling thread only) */
    pthread_t threads[POOL_MAX];
    pool_task tasks[POOL_MAX];
    int32_t running;
} pool;

static void *pool_run(void *arg) {
    pool_task *t = (pool_task *)arg;
    t->fn(t->start, t->end, t->worker, t->context);
    return NULL;
}

static void *pool_enqueue(c2d_task_fn *fn, int32_t item_count, int32_t min_range, void *task_context, void *user_context) {
    pool *p = (pool *)user_context;
    int32_t ranges = p->workers < item_count ? p->workers : item_count, r;
    if (min_range < 1) min_range = 1;
    if (ranges > item_count / min_range) ranges = item_count / min_range;
    if (ranges < 1) ranges = 1;
    p->enqueued++;
    p->running = ranges;
    for (r = 0; r < ranges; ++r) {
        pool_task *t = &p->tasks[r];
        t->fn = fn;
        t->context = task_context;
        t->start = (int32_t)((int64_t)item_count * r / ranges);
        t->end = (int32_t)((int64_t)item_count * (r + 1) / ranges);
        t->worker = r;
        if (r > 0) assert_int_equal(pthread_create(&p->threads[r], NULL, pool_run, t), 0);
    }
    pool_run(&p->tasks[0]);
    return p;
}

static void pool_finish(void *handle, void *user_context) {
    pool *p = (pool *)user_context;
    int32_t r;
    assert_ptr_equal(handle, p);
    for (r = 1; r < p->running; ++r) assert_int_equal(pthread_join(p->threads[r], NULL), 0);
    p->running = 0;
}

/* A config whose task system is pool pl with the given workers (at most POOL_MAX threads). */
static void pool_config(pool *pl, c2d_index_config *cfg, int32_t workers) {
    memset(cfg, 0, sizeof *cfg);
    memset(pl, 0, sizeof *pl);
    pl->workers = workers < POOL_MAX ? workers : POOL_MAX;
    cfg->tasks.worker_count = workers;
    cfg->tasks.enqueue = pool_enqueue;
    cfg->tasks.finish = pool_finish;
    cfg->tasks.context = pl;
}

/* ---- scenes ---- */

static c2d_aabb scene_box(test_rng *r, int style, int32_t n) {
    double side = sqrt((double)n) * 2.0, x, y, w, h;
    c2d_aabb b;
    x = test_rng_range(r, 0, side);
    y = test_rng_range(r, 0, side);
    w = test_rng_range(r, 0.5, 2.0);
    h = test_rng_range(r, 0.5, 2.0);
    if (style == 1) { /* crowded: many pairs per box (fills the parts' lists) */
        x *= 0.25;
        y *= 0.25;
        w *= 2;
        h *= 2;
    } else if (style == 2) { /* a few very tall and very wide boxes among small ones */
        double k = test_rng_range(r, 0, 1);
        if (k < 0.01) h = side / 3;
        else if (k < 0.02) w = side / 3;
    }
    b.lower = c2d_v2((c2d_real)x, (c2d_real)y);
    b.upper = c2d_v2((c2d_real)(x + w), (c2d_real)(y + h));
    return b;
}

typedef c2d_status create_fn(const c2d_index_config *config, c2d_index **out);
static c2d_status make_static(const c2d_index_config *config, c2d_index **out) {
    return c2d_static_tree_create(config, NULL, NULL, 0, out);
}
static const struct {
    const char *name;
    create_fn *create;
} k_kinds[] = {
    {"sweep_prune", c2d_sweep_prune_create},
    {"dynamic_tree", c2d_dynamic_tree_create},
    {"static_tree", make_static},
    {"grid", c2d_grid_create},
    {"quadtree", c2d_quadtree_create},
};
#define KIND_COUNT ((int)(sizeof k_kinds / sizeof k_kinds[0]))

/* A copy of an index's pair list. */
typedef struct pair_copy {
    c2d_index_pair *items;
    int32_t count;
} pair_copy;

static pair_copy copy_pairs(const c2d_index_pair *pairs, int32_t count) {
    pair_copy c;
    c.count = count;
    c.items = (c2d_index_pair *)malloc((size_t)(count > 0 ? count : 1) * sizeof *c.items);
    assert_non_null(c.items);
    if (count > 0) memcpy(c.items, pairs, (size_t)count * sizeof *c.items);
    return c;
}

static void assert_same_pairs(const pair_copy *want, const c2d_index_pair *got, int32_t count, const char *what) {
    if (count != want->count || (count > 0 && memcmp(want->items, got, (size_t)count * sizeof *got) != 0)) {
        print_error("%s: %d pairs, serial %d\n", what, (int)count, (int)want->count);
        fail();
    }
}

/* Brute force: the pairs of boxes[0..n) in (a, b) order equal pairs. */
static void assert_brute(const c2d_aabb *boxes, int32_t n, const pair_copy *pairs) {
    int32_t a, b, at = 0;
    for (a = 0; a < n; ++a) {
        for (b = a + 1; b < n; ++b) {
            const c2d_aabb *p = &boxes[a], *q = &boxes[b];
            if (!(p->lower.x < q->upper.x && q->lower.x < p->upper.x && p->lower.y < q->upper.y && q->lower.y < p->upper.y))
                continue;
            assert_true(at < pairs->count && pairs->items[at].a == a && pairs->items[at].b == b);
            ++at;
        }
    }
    assert_int_equal(at, pairs->count);
}

/* ---- batch queries ---- */

typedef struct id_list {
    int32_t *ids;
    int32_t count, capacity;
} id_list;

static bool collect_id(int32_t id, uint64_t user_data, void *context) {
    id_list *l = (id_list *)context;
    (void)user_data;
    if (l->count == l->capacity) {
        l->capacity = l->capacity ? 2 * l->capacity : 64;
        l->ids = (int32_t *)realloc(l->ids, (size_t)l->capacity * sizeof *l->ids);
        assert_non_null(l->ids);
    }
    l->ids[l->count++] = id;
    return true;
}

/* Query boxes over the scene: mostly small, some covering a large share of it (so that a part's
 * buffer fills up in the middle of a query), some empty or NaN (they find nothing). */
static c2d_aabb query_box(test_rng *r, int32_t n) {
    double side = sqrt((double)n) * 2.0, k = test_rng_range(r, 0, 1);
    double x = test_rng_range(r, -2, side), y = test_rng_range(r, -2, side), w = test_rng_range(r, 0, 4), h = test_rng_range(r, 0, 4);
    c2d_aabb b;
    if (k < 0.02) {
        w = side * 0.6;
        h = side * 0.6;
    }
    b.lower = c2d_v2((c2d_real)x, (c2d_real)y);
    b.upper = c2d_v2((c2d_real)(x + w), (c2d_real)(y + h));
    if (k > 0.99) b.upper.x = b.lower.x - 1; /* lower > upper */
    else if (k > 0.985) b.lower.y = (c2d_real)NAN;
    return b;
}

/* The batch answers of index ix (out) against one c2d_index_query_aabb per box, in order; with
 * brute, each answer also holds exactly the proxies whose boxes overlap the query box. Returns
 * the number of ids. */
static int32_t check_batch_against_queries(c2d_index *ix, const c2d_aabb *queries, int32_t count, const c2d_index_batch *out,
                                           const c2d_aabb *boxes, int32_t n, bool brute) {
    id_list l;
    int32_t q;
    memset(&l, 0, sizeof l);
    assert_int_equal(out->count, count);
    assert_int_equal(out->offsets[0], 0);
    for (q = 0; q < count; ++q) {
        int32_t got = out->offsets[q + 1] - out->offsets[q];
        l.count = 0;
        c2d_index_query_aabb(ix, queries[q], collect_id, &l);
        if (got != l.count || (got > 0 && memcmp(out->ids + out->offsets[q], l.ids, (size_t)got * sizeof *l.ids) != 0)) {
            print_error("batch query %d: %d ids, c2d_index_query_aabb %d\n", (int)q, (int)got, (int)l.count);
            fail();
        }
        if (brute) {
            int32_t i, overlapping = 0;
            const c2d_aabb *b = &queries[q];
            for (i = 0; i < n && b->lower.x <= b->upper.x && b->lower.y <= b->upper.y; ++i) { /* an inverted box finds nothing */
                const c2d_aabb *p = &boxes[i];
                overlapping += p->lower.x < b->upper.x && b->lower.x < p->upper.x && p->lower.y < b->upper.y && b->lower.y < p->upper.y;
            }
            assert_int_equal(overlapping, got); /* the ids are distinct: the index equals brute force */
        }
    }
    free(l.ids);
    return out->offsets[count];
}

/* One index per worker count (as check_scene): the batch answers of a fresh set of query boxes
 * are those of single queries (serial index) and identical across worker counts; run twice, so
 * that the second call reuses the kept buffers, then once more with fewer queries than a part. */
static void check_batch(c2d_index *const *ix, pool *pools, int variants, const c2d_aabb *boxes, int32_t n, test_rng *r, bool brute) {
    const int32_t count = n / 2 + 7;
    c2d_aabb *queries = (c2d_aabb *)malloc((size_t)count * sizeof *queries);
    int32_t *serial_offsets = (int32_t *)malloc((size_t)(count + 1) * sizeof *serial_offsets), *serial_ids, total, q;
    int round, v;
    assert_non_null(queries);
    assert_non_null(serial_offsets);
    for (q = 0; q < count; ++q) queries[q] = query_box(r, n);
    for (round = 0; round < 3; ++round) {
        int32_t m = round < 2 ? count : 50;
        c2d_index_batch out;
        assert_status(c2d_index_query_aabb_batch(ix[0], queries, m, &out), C2D_OK);
        total = check_batch_against_queries(ix[0], queries, m, &out, boxes, n, brute && round == 0);
        memcpy(serial_offsets, out.offsets, (size_t)(m + 1) * sizeof *serial_offsets);
        serial_ids = (int32_t *)malloc((size_t)(total > 0 ? total : 1) * sizeof *serial_ids);
        assert_non_null(serial_ids);
        if (total > 0) memcpy(serial_ids, out.ids, (size_t)total * sizeof *serial_ids);
        for (v = 1; v < variants; ++v) {
            int before = pools[v].enqueued;
            assert_status(c2d_index_query_aabb_batch(ix[v], queries, m, &out), C2D_OK);
            /* split over the task system when there are at least 64 queries a worker */
            if (v < 4) assert_true(m >= 64 * 2 ? pools[v].enqueued > before : pools[v].enqueued == before);
            assert_int_equal(out.count, m);
            assert_memory_equal(out.offsets, serial_offsets, (size_t)(m + 1) * sizeof *serial_offsets);
            if (total > 0) assert_memory_equal(out.ids, serial_ids, (size_t)total * sizeof *serial_ids);
        }
        free(serial_ids);
    }
    free(queries);
    free(serial_offsets);
}

static int pair_cmp(const void *p, const void *q) {
    const c2d_index_pair *x = (const c2d_index_pair *)p, *y = (const c2d_index_pair *)q;
    if (x->a != y->a) return x->a < y->a ? -1 : 1;
    return x->b < y->b ? -1 : x->b > y->b;
}

/* A list in the sweep's order: a < b, no duplicates; returns it sorted by (a, b) and tells whether
 * it was sorted already. */
static pair_copy sorted_sweep_list(const pair_copy *list, bool *was_sorted) {
    pair_copy c = copy_pairs(list->items, list->count);
    int32_t i;
    *was_sorted = true;
    for (i = 0; i < c.count; ++i) {
        assert_true(c.items[i].a < c.items[i].b);
        if (i > 0 && pair_cmp(&c.items[i - 1], &c.items[i]) > 0) *was_sorted = false;
    }
    qsort(c.items, (size_t)c.count, sizeof *c.items, pair_cmp);
    for (i = 1; i < c.count; ++i) assert_true(pair_cmp(&c.items[i - 1], &c.items[i]) < 0);
    return c;
}

/* One index per worker count (0: serial, then 2, 3, 64 threads, and 2 parts run inline without a
 * task system), all built from the same boxes with the given pair order: find_pairs, then a frame
 * where every other box moved (update_pairs sweeps), twice so that the parts' kept lists are
 * reused; every result equals the serial one, in the same order. With C2D_PAIR_ORDER_SWEEP the
 * lists, sorted, hold the pairs of the default order (brute force where it is cheap); *unsorted
 * counts the one-shot lists that did not come sorted. */
static void check_scene(int kind, int style, int32_t n, test_rng *r, bool brute, c2d_pair_order order, int *unsorted) {
    static const int32_t worker_counts[] = {2, 3, 64, 2};
    enum { VARIANTS = 5 };
    c2d_aabb *boxes = (c2d_aabb *)malloc((size_t)n * sizeof *boxes);
    c2d_index *ix[VARIANTS];
    pool pools[VARIANTS];
    int v, frame;
    int32_t i;
    assert_non_null(boxes);
    for (i = 0; i < n; ++i) boxes[i] = scene_box(r, style, n);
    for (v = 0; v < VARIANTS; ++v) {
        c2d_index_config cfg;
        memset(&cfg, 0, sizeof cfg);
        memset(&pools[v], 0, sizeof pools[v]);
        cfg.cell_size = 2;
        cfg.pair_order = order;
        if (v > 0) {
            pools[v].workers = worker_counts[v - 1];
            cfg.tasks.worker_count = worker_counts[v - 1];
            if (v < 4) { /* the last one: parts run inline, no task system */
                cfg.tasks.enqueue = pool_enqueue;
                cfg.tasks.finish = pool_finish;
                cfg.tasks.context = &pools[v];
            }
        }
        assert_status(k_kinds[kind].create(&cfg, &ix[v]), C2D_OK);
        assert_status(c2d_index_build(ix[v], boxes, NULL, n), C2D_OK);
        assert_true(c2d_index_validate(ix[v])); /* sweep-and-prune: its build's gather in parts */
    }
    for (frame = 0; frame < 3; ++frame) {
        const c2d_index_pair *pairs;
        int32_t count;
        pair_copy serial;
        if (frame > 0 && strcmp(k_kinds[kind].name, "static_tree") != 0) {
            for (i = frame % 2; i < n; i += 2) {
                c2d_aabb b = boxes[i];
                c2d_real d = (c2d_real)test_rng_range(r, -0.5, 0.5);
                b.lower.x += d;
                b.upper.x += d;
                boxes[i] = b;
                for (v = 0; v < VARIANTS; ++v) assert_status(c2d_index_move(ix[v], i, b), C2D_OK);
            }
            assert_status(c2d_index_update_pairs(ix[0], &pairs, &count), C2D_OK);
            serial = copy_pairs(pairs, count);
            for (v = 1; v < VARIANTS; ++v) {
                assert_status(c2d_index_update_pairs(ix[v], &pairs, &count), C2D_OK);
                assert_same_pairs(&serial, pairs, count, "update_pairs");
            }
            free(serial.items);
        }
        assert_status(c2d_index_find_pairs(ix[0], &pairs, &count), C2D_OK);
        serial = copy_pairs(pairs, count);
        if (order == C2D_PAIR_ORDER_SWEEP) {
            bool was_sorted;
            pair_copy sorted = sorted_sweep_list(&serial, &was_sorted);
            if (brute && frame == 0) assert_brute(boxes, n, &sorted);
            *unsorted += !was_sorted;
            free(sorted.items);
        } else if (brute && frame == 0) {
            assert_brute(boxes, n, &serial);
        }
        for (v = 1; v < VARIANTS; ++v) {
            assert_status(c2d_index_find_pairs(ix[v], &pairs, &count), C2D_OK);
            assert_same_pairs(&serial, pairs, count, "find_pairs");
        }
        free(serial.items);
        if (n <= 5000 && frame != 1 && order == C2D_PAIR_ORDER_SORTED) check_batch(ix, pools, VARIANTS, boxes, n, r, brute && frame == 0); /* before and after moves */
    }
    /* The sweeps went through the task systems (a sparse grid pairs its cells without a sweep). */
    if (strcmp(k_kinds[kind].name, "grid") != 0)
        for (v = 1; v < 4; ++v) assert_true(pools[v].enqueued > 0);
    for (v = 0; v < VARIANTS; ++v) c2d_index_destroy(ix[v]);
    free(boxes);
}

static void test_threaded_pairs_equal_serial(void **state) {
    test_rng r = test_rng_make("broadphase_threads_equal_serial");
    int kind, style;
    (void)state;
    for (kind = 0; kind < KIND_COUNT; ++kind) {
        for (style = 0; style < 3; ++style) {
            print_message("index %s, scene %d\n", k_kinds[kind].name, style);
            check_scene(kind, style, 5000, &r, style != 1, C2D_PAIR_ORDER_SORTED, NULL);
            if (kind == 0) check_scene(kind, style, 40000, &r, false, C2D_PAIR_ORDER_SORTED, NULL);
        }
    }
}

/* The batch query's errors: out emptied, the reason returned; count 0 answers nothing. */
static void test_batch_query_errors(void **state) {
    c2d_index *ix = NULL;
    c2d_index_batch out;
    c2d_aabb box;
    int32_t id = -1;
    (void)state;
    box.lower = c2d_v2(0, 0);
    box.upper = c2d_v2(1, 1);
    assert_status(c2d_sweep_prune_create(NULL, &ix), C2D_OK);
    assert_status(c2d_index_insert(ix, box, 7, &id), C2D_OK);
    out.count = 5;
    assert_status(c2d_index_query_aabb_batch(NULL, &box, 1, &out), C2D_ERR_NULL_ARG);
    assert_int_equal(out.count, 0);
    assert_null(out.ids);
    assert_status(c2d_index_query_aabb_batch(ix, NULL, 1, &out), C2D_ERR_NULL_ARG);
    assert_status(c2d_index_query_aabb_batch(ix, &box, 1, NULL), C2D_ERR_NULL_ARG);
    assert_status(c2d_index_query_aabb_batch(ix, &box, -1, &out), C2D_ERR_BAD_SIZE);
    assert_status(c2d_index_query_aabb_batch(ix, NULL, 0, &out), C2D_OK);
    assert_int_equal(out.count, 0);
    assert_int_equal(out.offsets[0], 0);
    assert_status(c2d_index_query_aabb_batch(ix, &box, 1, &out), C2D_OK);
    assert_int_equal(out.count, 1);
    assert_int_equal(out.offsets[1], 1);
    assert_int_equal(out.ids[0], id);
    c2d_index_destroy(ix);
}

/* C2D_PAIR_ORDER_SWEEP: the sweep's unsorted order, the same with any number of workers (the
 * parts' lists are merged into the serial sweep's order), and the same pairs as brute force. */
static void test_sweep_order_equal_serial(void **state) {
    test_rng r = test_rng_make("broadphase_threads_sweep_order");
    int kind, style, unsorted = 0;
    (void)state;
    for (kind = 0; kind < KIND_COUNT; ++kind) {
        for (style = 0; style < 3; ++style) {
            print_message("index %s, scene %d, sweep order\n", k_kinds[kind].name, style);
            check_scene(kind, style, 5000, &r, style != 1, C2D_PAIR_ORDER_SWEEP, &unsorted);
            if (kind == 0) check_scene(kind, style, 40000, &r, false, C2D_PAIR_ORDER_SWEEP, &unsorted);
        }
    }
    /* The lists really skipped the sort (every kind's one-shot list of uniform boxes sweeps). */
    assert_true(unsorted >= 3 * KIND_COUNT);
}

static void test_task_config_errors(void **state) {
    c2d_index_config cfg;
    c2d_index *ix = NULL;
    pool p;
    (void)state;
    memset(&cfg, 0, sizeof cfg);
    memset(&p, 0, sizeof p);
    cfg.tasks.worker_count = 2;
    cfg.tasks.enqueue = pool_enqueue;
    cfg.tasks.context = &p;
    assert_status(c2d_sweep_prune_create(&cfg, &ix), C2D_ERR_NULL_ARG);
    assert_status(c2d_dynamic_tree_create(&cfg, &ix), C2D_ERR_NULL_ARG);
    assert_status(c2d_static_tree_create(&cfg, NULL, NULL, 0, &ix), C2D_ERR_NULL_ARG);
    cfg.tasks.enqueue = NULL;
    cfg.tasks.finish = pool_finish;
    assert_status(c2d_grid_create(&cfg, &ix), C2D_ERR_NULL_ARG);
    cfg.tasks.enqueue = pool_enqueue;
    cfg.tasks.worker_count = -1;
    assert_status(c2d_quadtree_create(&cfg, &ix), C2D_ERR_BAD_SIZE);
    cfg.tasks.worker_count = 2;
    cfg.pair_order = (c2d_pair_order)2;
    assert_status(c2d_sweep_prune_create(&cfg, &ix), C2D_ERR_OUT_OF_RANGE);
    cfg.pair_order = (c2d_pair_order)-1;
    assert_status(c2d_grid_create(&cfg, &ix), C2D_ERR_OUT_OF_RANGE);
    assert_null(ix);
}

/* The static tree's join is split for every worker count, from its first find_pairs after a
 * build: 2, 16 and 64 workers (64: the frontier of node pairs must stop at a level that fits,
 * not fall back to the serial join), on 40,000 spread and crowded boxes (about 50 pairs a box:
 * parts fill their lists and run again); a build of 8 boxes first, then of the 40,000, so that
 * the lists sized from the last join are far too short. Each list equals the serial one, in the
 * same order, and went through the task system. */
static void test_static_join_split(void **state) {
    static const int32_t workers[] = {2, 16, 64};
    enum { N = 40000 };
    test_rng r = test_rng_make("threads_static_join_split");
    c2d_aabb *boxes = (c2d_aabb *)malloc((size_t)N * sizeof *boxes);
    int style, w;
    int32_t i;
    (void)state;
    assert_non_null(boxes);
    for (style = 0; style < 2; ++style) {
        c2d_index *serial;
        const c2d_index_pair *pairs;
        int32_t count;
        pair_copy want;
        for (i = 0; i < N; ++i) boxes[i] = scene_box(&r, style, N);
        assert_status(c2d_static_tree_create(NULL, boxes, NULL, N, &serial), C2D_OK);
        assert_status(c2d_index_find_pairs(serial, &pairs, &count), C2D_OK);
        want = copy_pairs(pairs, count);
        assert_true(count > (style ? 10 * N : N / 4));
        for (w = 0; w < (int)(sizeof workers / sizeof workers[0]); ++w) {
            c2d_index_config cfg;
            c2d_index *ix;
            pool pl;
            pool_config(&pl, &cfg, workers[w]);
            assert_status(c2d_static_tree_create(&cfg, boxes, NULL, 8, &ix), C2D_OK);
            assert_status(c2d_index_find_pairs(ix, &pairs, &count), C2D_OK);
            assert_status(c2d_index_build(ix, boxes, NULL, N), C2D_OK);
            pl.enqueued = 0;
            assert_status(c2d_index_find_pairs(ix, &pairs, &count), C2D_OK);
            assert_true(pl.enqueued > 0);
            assert_same_pairs(&want, pairs, count, "static tree join split");
            c2d_index_destroy(ix);
        }
        free(want.items);
        c2d_index_destroy(serial);
    }
    free(boxes);
}

/* What an index reports, in callback order: the join's pair list (sweep order, which
 * follows the tree's layout), every id's box and user data, the answers of box queries and of
 * rays (every hit, in the order reported), as one array of numbers. */
typedef struct trace {
    double *v;
    int32_t n, cap;
} trace;

static void trace_put(trace *t, double x) {
    if (t->n == t->cap) {
        t->cap = t->cap > 0 ? 2 * t->cap : 1024;
        t->v = (double *)realloc(t->v, (size_t)t->cap * sizeof *t->v);
        assert_non_null(t->v);
    }
    t->v[t->n++] = x;
}

static bool trace_query(int32_t id, uint64_t user_data, void *context) {
    trace_put((trace *)context, id);
    trace_put((trace *)context, (double)user_data);
    return true;
}

static bool trace_ray(int32_t id, uint64_t user_data, c2d_real fraction, void *context) {
    trace_put((trace *)context, id);
    trace_put((trace *)context, (double)user_data);
    trace_put((trace *)context, fraction);
    return true;
}

static trace index_trace(c2d_index *ix, const c2d_aabb *boxes, int32_t n, test_rng *r) {
    trace t = {NULL, 0, 0};
    const c2d_index_pair *pairs;
    int32_t count, i;
    c2d_aabb bounds = boxes[0];
    assert_true(c2d_index_validate(ix));
    assert_status(c2d_index_find_pairs(ix, &pairs, &count), C2D_OK);
    for (i = 0; i < count; ++i) {
        trace_put(&t, pairs[i].a);
        trace_put(&t, pairs[i].b);
    }
    for (i = 0; i < n; ++i) {
        c2d_aabb b;
        uint64_t u;
        assert_status(c2d_index_get(ix, i, &b, &u), C2D_OK);
        trace_put(&t, b.lower.x);
        trace_put(&t, b.upper.y);
        trace_put(&t, (double)u);
        bounds = c2d_aabb_union(bounds, boxes[i]);
    }
    for (i = 0; i < 200; ++i) {
        c2d_real x = (c2d_real)test_rng_range(r, bounds.lower.x, bounds.upper.x), y = (c2d_real)test_rng_range(r, bounds.lower.y, bounds.upper.y);
        c2d_real w = (c2d_real)test_rng_range(r, 0, 20);
        c2d_index_ray ray;
        c2d_aabb q;
        q.lower = c2d_v2(x, y);
        q.upper = c2d_v2(x + w, y + w);
        c2d_index_query_aabb(ix, q, trace_query, &t);
        ray.origin = c2d_v2(x, y);
        ray.translation = c2d_v2((c2d_real)test_rng_range(r, -50, 50), (c2d_real)test_rng_range(r, -50, 50));
        ray.max_fraction = 1;
        c2d_index_raycast_all(ix, ray, trace_ray, &t);
    }
    return t;
}

/* got equals want entry for entry (got is freed). */
static void assert_same_trace(trace *got, const trace *want, const char *what, int n, int workers) {
    int32_t i;
    assert_int_equal(got->n, want->n);
    for (i = 0; i < want->n; ++i)
        if (got->v[i] != want->v[i]) fail_msg("%s: n %d workers %d: entry %d differs", what, n, workers, (int)i);
    free(got->v);
}

/* The static tree's bulk build split over the task system (from 16384 boxes) makes the serial
 * build's tree: with and without user data, at the threshold and at counts that leave partial
 * leaves and partial groups of 64, crowded and spread, with 2, 16 and 64 workers, both through
 * c2d_static_tree_create and through c2d_index_build into a tree made before, everything the
 * tree reports (index_trace) is what the serial tree reports. */
static void test_static_build_split(void **state) {
    static const int32_t workers[] = {2, 16, 64}, counts[] = {16384, 40001, 70003};
    test_rng r = test_rng_make("threads_static_build_split"), q0 = test_rng_make("threads_static_build_split_queries");
    int style, w, c, u;
    int32_t i;
    (void)state;
    for (c = 0; c < 3; ++c)
        for (style = 0; style < 2; ++style)
            for (u = 0; u < 2; ++u) {
                int32_t n = counts[c];
                c2d_aabb *boxes = (c2d_aabb *)malloc((size_t)n * sizeof *boxes);
                uint64_t *user = (uint64_t *)malloc((size_t)n * sizeof *user);
                c2d_index *serial;
                test_rng qr = q0;
                trace want;
                assert_non_null(boxes);
                assert_non_null(user);
                for (i = 0; i < n; ++i) {
                    boxes[i] = scene_box(&r, style, n);
                    user[i] = test_rng_next(&r) >> 12;
                }
                assert_status(c2d_static_tree_create(NULL, boxes, u ? user : NULL, n, &serial), C2D_OK);
                want = index_trace(serial, boxes, n, &qr);
                for (w = 0; w < (int)(sizeof workers / sizeof workers[0]); ++w) {
                    int way;
                    for (way = 0; way < 2; ++way) {
                        c2d_index_config cfg;
                        c2d_index *ix;
                        pool pl;
                        trace got;
                        pool_config(&pl, &cfg, workers[w]);
                        if (way == 0) {
                            assert_status(c2d_static_tree_create(&cfg, boxes, u ? user : NULL, n, &ix), C2D_OK);
                        } else {
                            assert_status(c2d_static_tree_create(&cfg, boxes, NULL, 8, &ix), C2D_OK);
                            pl.enqueued = 0;
                            assert_status(c2d_index_build(ix, boxes, u ? user : NULL, n), C2D_OK);
                        }
                        assert_true(pl.enqueued > 0); /* the build went through the task system */
                        qr = q0;
                        got = index_trace(ix, boxes, n, &qr);
                        assert_same_trace(&got, &want, "static build split", (int)n, (int)workers[w]);
                        c2d_index_destroy(ix);
                    }
                }
                free(want.v);
                c2d_index_destroy(serial);
                free(boxes);
                free(user);
            }
}

/* The dynamic tree's rebuild split over the task system (from 16384 leaves: the top splits on the
 * calling thread, the subtrees below as tasks) makes the serial rebuild's tree, node for node: after
 * c2d_index_build and after moves and c2d_index_rebuild, with 2, 16 and 64 workers, everything the
 * tree reports (box queries and rays in the tree's order) is what the serial tree reports. */
static void test_dynamic_build_split(void **state) {
    static const int32_t workers[] = {2, 16, 64}, counts[] = {16384, 50001};
    test_rng r = test_rng_make("threads_dynamic_build_split"), q0 = test_rng_make("threads_dynamic_build_split_queries");
    int style, w, c, step;
    int32_t i;
    (void)state;
    for (c = 0; c < 2; ++c)
        for (style = 0; style < 3; ++style) {
            int32_t n = counts[c];
            c2d_aabb *boxes = (c2d_aabb *)malloc((size_t)n * sizeof *boxes), *moved = (c2d_aabb *)malloc((size_t)n * sizeof *moved);
            c2d_index *serial;
            trace want[2];
            assert_non_null(boxes);
            assert_non_null(moved);
            for (i = 0; i < n; ++i) {
                c2d_real dx = (c2d_real)test_rng_range(&r, -3, 3);
                boxes[i] = scene_box(&r, style, n);
                moved[i] = boxes[i];
                moved[i].lower.x += dx;
                moved[i].upper.x += dx;
            }
            assert_status(c2d_dynamic_tree_create(NULL, &serial), C2D_OK);
            for (step = 0; step < 2; ++step) {
                test_rng qr = q0;
                if (step == 0) {
                    assert_status(c2d_index_build(serial, boxes, NULL, n), C2D_OK);
                } else {
                    for (i = 0; i < n; i += 3) assert_status(c2d_index_move(serial, i, moved[i]), C2D_OK);
                    assert_status(c2d_index_rebuild(serial), C2D_OK);
                }
                want[step] = index_trace(serial, step ? moved : boxes, n, &qr);
            }
            for (w = 0; w < (int)(sizeof workers / sizeof workers[0]); ++w) {
                c2d_index_config cfg;
                c2d_index *ix;
                pool pl;
                pool_config(&pl, &cfg, workers[w]);
                assert_status(c2d_dynamic_tree_create(&cfg, &ix), C2D_OK);
                for (step = 0; step < 2; ++step) {
                    test_rng qr = q0;
                    trace got;
                    pl.enqueued = 0;
                    if (step == 0) {
                        assert_status(c2d_index_build(ix, boxes, NULL, n), C2D_OK);
                    } else {
                        for (i = 0; i < n; i += 3) assert_status(c2d_index_move(ix, i, moved[i]), C2D_OK);
                        pl.enqueued = 0;
                        assert_status(c2d_index_rebuild(ix), C2D_OK);
                    }
                    assert_true(pl.enqueued > 0); /* the rebuild went through the task system */
                    got = index_trace(ix, step ? moved : boxes, n, &qr);
                    assert_same_trace(&got, &want[step], "dynamic build split", (int)n, (int)workers[w]);
                }
                c2d_index_destroy(ix);
            }
            free(want[0].v);
            free(want[1].v);
            c2d_index_destroy(serial);
            free(boxes);
            free(moved);
        }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_task_config_errors),
        cmocka_unit_test(test_batch_query_errors),
        cmocka_unit_test(test_threaded_pairs_equal_serial),
        cmocka_unit_test(test_sweep_order_equal_serial),
        cmocka_unit_test(test_static_join_split),
        cmocka_unit_test(test_static_build_split),
        cmocka_unit_test(test_dynamic_build_split),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
