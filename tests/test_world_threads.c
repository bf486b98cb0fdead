/* Two threads query one world at once (queries are const and keep no caches); both must see
 * exactly what a single thread sees. make check-tsan runs this under ThreadSanitizer. */
#include <pthread.h>
#include "test_util.h"

enum { N_COLLIDERS = 400,
       N_QUERIES = 2000 };

typedef struct job {
    const c2d_world *w;
    int32_t sum;    /* total results over every query */
    uint64_t order; /* a hash of the result order */
} job;

/* An accept callback: the query then raises the world's busy counter (an atomic) while it runs. */
static bool accept_all(c2d_collider_id id, uint64_t user_data, void *context) {
    (void)id;
    (void)user_data;
    (void)context;
    return true;
}

static void *run_queries(void *arg) {
    job *j = (job *)arg;
    c2d_collider_id ids[64];
    c2d_world_hit hits[64];
    int32_t total, k, q;
    j->sum = 0;
    j->order = 1469598103934665603ull;
    for (q = 0; q < N_QUERIES; ++q) {
        c2d_real x = (c2d_real)((q * 37) % 100 - 50), y = (c2d_real)((q * 61) % 100 - 50);
        c2d_aabb box;
        c2d_raycast_input in;
        c2d_collider_id self = c2d_collider_id_null();
        c2d_query_filter f;
        box.lower = c2d_v2(x, y);
        box.upper = c2d_v2(x + 6, y + 4);
        assert_status(c2d_world_query_aabb(j->w, box, NULL, ids, 64, &total), C2D_OK);
        j->sum += total;
        for (k = 0; k < total && k < 64; ++k) j->order = (j->order ^ (uint64_t)ids[k].index) * 1099511628211ull;
        in.origin = c2d_v2(x, y);
        in.translation = c2d_v2(y, -x);
        in.max_fraction = 1;
        memset(&f, 0, sizeof f);
        if (total > 0) self = ids[0];
        f.self = self;
        f.accept = accept_all;
        assert_status(c2d_world_raycast_all(j->w, in, &f, hits, 64, &total), C2D_OK);
        j->sum += total;
        for (k = 0; k < total && k < 64; ++k) j->order = (j->order ^ (uint64_t)hits[k].id.index) * 1099511628211ull;
    }
    return NULL;
}

static void test_two_threads(void **state) {
    c2d_world *w;
    test_rng r = test_rng_make("world_threads");
    int i;
    job a, b, ref;
    pthread_t ta, tb;
    const c2d_world_event *ev;
    int32_t n;
    (void)state;
    assert_status(c2d_world_create(NULL, &w), C2D_OK);
    for (i = 0; i < N_COLLIDERS; ++i) {
        c2d_collider_def def;
        c2d_collider_id id;
        memset(&def, 0, sizeof def);
        def.shape = (i % 2) ? c2d_shape_from_circle(circ(0, 0, test_rng_range(&r, 0.3, 2)))
                            : c2d_shape_from_aabb(box_c(0, 0, test_rng_range(&r, 0.3, 2), test_rng_range(&r, 0.3, 2)));
        def.transform = c2d_transform_make(c2d_v2((c2d_real)test_rng_range(&r, -50, 50), (c2d_real)test_rng_range(&r, -50, 50)),
                                           (c2d_real)test_rng_range(&r, -3, 3));
        def.flags = (i % 3 == 0) ? C2D_COLLIDER_STATIC : 0;
        assert_status(c2d_world_add(w, &def, &id), C2D_OK);
    }
    /* half the statics in the built tree, half still waiting in the movers' index */
    assert_status(c2d_world_update(w, &ev, &n), C2D_OK);
    for (i = 0; i < 50; ++i) {
        c2d_collider_def def;
        c2d_collider_id id;
        memset(&def, 0, sizeof def);
        def.shape = c2d_shape_from_circle(circ(0, 0, 1));
        def.transform = c2d_transform_make(c2d_v2((c2d_real)test_rng_range(&r, -50, 50), (c2d_real)test_rng_range(&r, -50, 50)), 0);
        def.flags = C2D_COLLIDER_STATIC;
        assert_status(c2d_world_add(w, &def, &id), C2D_OK);
    }
    ref.w = a.w = b.w = w;
    run_queries(&ref);
    assert_int_equal(pthread_create(&ta, NULL, run_queries, &a), 0);
    assert_int_equal(pthread_create(&tb, NULL, run_queries, &b), 0);
    assert_int_equal(pthread_join(ta, NULL), 0);
    assert_int_equal(pthread_join(tb, NULL), 0);
    assert_true(ref.sum > 0);
    assert_int_equal(a.sum, ref.sum);
    assert_int_equal(b.sum, ref.sum);
    assert_true(a.order == ref.order && b.order == ref.order);
    assert_true(c2d_world_validate(w));
    assert_status(c2d_world_destroy(w), C2D_OK);
}

int main(void) {
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_two_threads)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
