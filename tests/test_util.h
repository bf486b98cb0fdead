/* Shared test vocabulary: cmocka, tolerances, a seeded RNG that prints its seed, shape makers.
 * Each test file includes this once. */
#ifndef C2D_TEST_UTIL_H
#define C2D_TEST_UTIL_H

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <cmocka.h>
#include <collide2d.h>

/* Tolerance for comparing computed reals: looser in float. */
#ifdef C2D_DOUBLE
#  define TOL 1e-9
#else
#  define TOL 1e-4
#endif

/* Asserts |a - b| <= tol, printing both values on failure. */
#define assert_near(a, b, tol)                                                           \
  do {                                                                                   \
    double a_ = (double)(a), b_ = (double)(b), t_ = (double)(tol);                       \
    if (!(fabs(a_ - b_) <= t_)) {                                                        \
      print_error("%s = %.9g, expected %s = %.9g (tolerance %g)\n", #a, a_, #b, b_, t_); \
      fail();                                                                            \
    }                                                                                    \
  } while (0)

/* Asserts a vector equals (x, y) within tol. */
#define assert_vec_near(v, ex, ey, tol) \
  do {                                  \
    assert_near((v).x, (ex), (tol));    \
    assert_near((v).y, (ey), (tol));    \
  } while (0)

/* Asserts a status code, printing its text on failure. */
#define assert_status(expr, expected)                                                                      \
  do {                                                                                                     \
    c2d_status s_ = (expr);                                                                                \
    if (s_ != (expected)) {                                                                                \
      print_error("%s returned %d (%s), expected %s\n", #expr, (int)s_, c2d_status_string(s_), #expected); \
      fail();                                                                                              \
    }                                                                                                      \
  } while (0)

/* Asserts every component of a hit is finite. */
#define assert_hit_finite(h)                                                       \
  do {                                                                             \
    assert_true(isfinite((double)(h).pos.x) && isfinite((double)(h).pos.y));       \
    assert_true(isfinite((double)(h).normal.x) && isfinite((double)(h).normal.y)); \
    assert_true(isfinite((double)(h).delta.x) && isfinite((double)(h).delta.y));   \
    assert_true(isfinite((double)(h).time));                                       \
  } while (0)

/* ---- deterministic RNG (splitmix64); the seed comes from C2D_TEST_SEED or a fixed default and is printed ---- */
typedef struct test_rng {
    uint64_t s;
} test_rng;

static inline uint64_t test_rng_next(test_rng *r) {
    uint64_t z = (r->s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}
/* Uniform in [lo, hi). */
static inline double test_rng_range(test_rng *r, double lo, double hi) {
    return lo + (hi - lo) * (double)(test_rng_next(r) >> 11) * (1.0 / 9007199254740992.0);
}
/* Seeded RNG for a named test: prints "seed <name> = N (set C2D_TEST_SEED=N to repeat)". */
static inline test_rng test_rng_make(const char *name) {
    test_rng r;
    const char *env = getenv("C2D_TEST_SEED");
    uint64_t seed = 0x5EED2D2Dull;
    if (env && *env) seed = strtoull(env, NULL, 0);
    printf("seed %s = %llu (set C2D_TEST_SEED=%llu to repeat)\n", name, (unsigned long long)seed, (unsigned long long)seed);
    fflush(stdout);
    r.s = seed;
    return r;
}
/* Number of iterations for randomized tests: C2D_TEST_ITERS or the default. */
static inline int test_iterations(int dflt) {
    const char *env = getenv("C2D_TEST_ITERS");
    return (env && *env) ? atoi(env) : dflt;
}

/* ---- shape makers that fail the test when the constructor rejects its input ---- */
static inline c2d_aabb box_c(double cx, double cy, double hx, double hy) {
    c2d_aabb b;
    assert_status(c2d_aabb_from_center(c2d_v2((c2d_real)cx, (c2d_real)cy), c2d_v2((c2d_real)hx, (c2d_real)hy), &b), C2D_OK);
    return b;
}
static inline c2d_circle circ(double cx, double cy, double r) {
    c2d_circle c;
    assert_status(c2d_circle_make(c2d_v2((c2d_real)cx, (c2d_real)cy), (c2d_real)r, &c), C2D_OK);
    return c;
}
static inline c2d_capsule caps(double x1, double y1, double x2, double y2, double r) {
    c2d_capsule c;
    assert_status(c2d_capsule_make(c2d_v2((c2d_real)x1, (c2d_real)y1), c2d_v2((c2d_real)x2, (c2d_real)y2), (c2d_real)r, &c), C2D_OK);
    return c;
}
static inline c2d_segment seg(double x1, double y1, double x2, double y2) {
    c2d_segment s;
    s.p1 = c2d_v2((c2d_real)x1, (c2d_real)y1);
    s.p2 = c2d_v2((c2d_real)x2, (c2d_real)y2);
    return s;
}
/* Polygon from a flat list x0,y0,x1,y1,... of n points. */
static inline c2d_polygon poly_n(int n, const double *xy) {
    c2d_vec2 pts[64];
    c2d_polygon p;
    int i;
    assert_true(n <= 64);
    for (i = 0; i < n; ++i) pts[i] = c2d_v2((c2d_real)xy[2 * i], (c2d_real)xy[2 * i + 1]);
    assert_status(c2d_polygon_make(pts, n, &p), C2D_OK);
    return p;
}
/* Box polygon with half extents (hx, hy), rotated by angle and centered at (cx, cy). */
static inline c2d_polygon poly_box(double cx, double cy, double hx, double hy, double angle) {
    c2d_polygon p;
    assert_status(c2d_polygon_make_box(c2d_v2((c2d_real)hx, (c2d_real)hy), &p), C2D_OK);
    return c2d_polygon_transform(&p, c2d_transform_make(c2d_v2((c2d_real)cx, (c2d_real)cy), (c2d_real)angle));
}

#endif
