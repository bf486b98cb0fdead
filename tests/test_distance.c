/* Tests for src/distance.c: c2d_make_proxy, c2d_segment_distance and GJK (c2d_distance).
 * Proxies are built from raw points so that this file needs nothing but distance.c. */
#include "test_util.h"

/* True when the library checks its asserts in this build (same rule as src/internal.h). */
#if !defined(NDEBUG) || defined(C2D_ENABLE_ASSERT)
#  define ASSERTS_ON 1
#else
#  define ASSERTS_ON 0
#endif

#define PI 3.14159265358979323846

/* Proxy from a flat list x0,y0,x1,y1,... of n points and a radius. */
static c2d_proxy proxy_n(int n, const double *xy, double radius) {
    c2d_vec2 pts[C2D_MAX_POLYGON_VERTICES];
    int i;
    assert_true(n >= 1 && n <= C2D_MAX_POLYGON_VERTICES);
    for (i = 0; i < n; ++i) pts[i] = c2d_v2((c2d_real)xy[2 * i], (c2d_real)xy[2 * i + 1]);
    return c2d_make_proxy(pts, n, (c2d_real)radius);
}

/* Axis-aligned box [x0,x1] x [y0,y1] as a 4-point proxy (counter-clockwise). */
static c2d_proxy box_proxy(double x0, double y0, double x1, double y1) {
    double xy[8];
    xy[0] = x0;
    xy[1] = y0;
    xy[2] = x1;
    xy[3] = y0;
    xy[4] = x1;
    xy[5] = y1;
    xy[6] = x0;
    xy[7] = y1;
    return proxy_n(4, xy, 0);
}

static void assert_result_finite(c2d_distance_result r) {
    assert_true(isfinite((double)r.point_a.x) && isfinite((double)r.point_a.y));
    assert_true(isfinite((double)r.point_b.x) && isfinite((double)r.point_b.y));
    assert_true(isfinite((double)r.normal.x) && isfinite((double)r.normal.y));
    assert_true(isfinite((double)r.distance) && r.distance >= 0);
}

/* Checks the invariants every separated result must satisfy: unit normal, and
 * point_a - point_b == distance * normal. */
static void assert_separated(c2d_distance_result r, double tol) {
    assert_result_finite(r);
    assert_int_equal(r.status, C2D_DISTANCE_OK);
    assert_near(c2d_len(r.normal), 1.0, tol);
    assert_near(r.point_a.x - r.point_b.x, r.distance * r.normal.x, tol);
    assert_near(r.point_a.y - r.point_b.y, r.distance * r.normal.y, tol);
}

/* ---- assert hook counting calls ---- */
static int g_assert_calls;
static void count_asserts(const char *expression, const char *file, int line, void *user) {
    (void)expression;
    (void)file;
    (void)line;
    (void)user;
    ++g_assert_calls;
}

/* ---- c2d_make_proxy ---- */

static void test_make_proxy_copies(void **state) {
    const double xy[6] = {1, 2, 3, 4, 5, 6};
    c2d_proxy p = proxy_n(3, xy, 0.25);
    (void)state;
    assert_int_equal(p.count, 3);
    assert_vec_near(p.points[0], 1, 2, 0);
    assert_vec_near(p.points[2], 5, 6, 0);
    assert_vec_near(p.points[3], 0, 0, 0); /* unused slots are zeroed */
    assert_near(p.radius, 0.25, 0);
}

static void test_make_proxy_bad_count_asserts(void **state) {
    c2d_vec2 pts[C2D_MAX_POLYGON_VERTICES + 2];
    c2d_proxy p;
    c2d_distance_result r;
    int i;
    (void)state;
    for (i = 0; i < C2D_MAX_POLYGON_VERTICES + 2; ++i) pts[i] = c2d_v2((c2d_real)i, 0);
    c2d_set_assert_handler(count_asserts, NULL);
    g_assert_calls = 0;
    /* Too many points: asserts, keeps the first C2D_MAX_POLYGON_VERTICES. */
    p = c2d_make_proxy(pts, C2D_MAX_POLYGON_VERTICES + 2, 0);
    assert_int_equal(g_assert_calls, ASSERTS_ON);
    assert_int_equal(p.count, C2D_MAX_POLYGON_VERTICES);
    assert_vec_near(p.points[C2D_MAX_POLYGON_VERTICES - 1], C2D_MAX_POLYGON_VERTICES - 1, 0, 0);
    /* No points: asserts, empty proxy, which GJK rejects. */
    p = c2d_make_proxy(NULL, 3, 0);
    assert_int_equal(g_assert_calls, 2 * ASSERTS_ON);
    assert_int_equal(p.count, 0);
    p = c2d_make_proxy(pts, 0, 0);
    assert_int_equal(g_assert_calls, 3 * ASSERTS_ON);
    assert_int_equal(p.count, 0);
    r = c2d_distance(&p, &p, 0);
    assert_int_equal(r.status, C2D_DISTANCE_INVALID_INPUT);
    c2d_set_assert_handler(NULL, NULL);
}

/* ---- c2d_segment_distance ---- */

static void test_segment_distance_crossing(void **state) {
    c2d_segment_distance_result r = c2d_segment_distance(seg(0, 0, 2, 2), seg(0, 2, 2, 0));
    (void)state;
    assert_near(r.distance_squared, 0, 0);
    assert_vec_near(r.closest1, 1, 1, TOL);
    assert_vec_near(r.closest2, 1, 1, TOL);
    assert_near(r.fraction1, 0.5, TOL);
    assert_near(r.fraction2, 0.5, TOL);
}

static void test_segment_distance_parallel(void **state) {
    /* Parallel, 1 apart, overlapping in x: every pair over x in [1,3] is closest; the tie goes to
     * the first candidate of the documented order that is strictly best, here s2.p1. */
    c2d_segment_distance_result r = c2d_segment_distance(seg(0, 0, 4, 0), seg(1, 1, 3, 1));
    (void)state;
    assert_near(r.distance_squared, 1, TOL);
    assert_vec_near(r.closest1, 1, 0, TOL);
    assert_vec_near(r.closest2, 1, 1, TOL);
    assert_near(r.fraction1, 0.25, TOL);
    assert_near(r.fraction2, 0, 0);
    /* Parallel and apart along their common direction: end to end. */
    r = c2d_segment_distance(seg(0, 0, 1, 0), seg(4, 4, 6, 4));
    assert_near(r.distance_squared, 9 + 16, TOL);
    assert_vec_near(r.closest1, 1, 0, TOL);
    assert_vec_near(r.closest2, 4, 4, TOL);
}

/* Parallel segments keep the documented tie rule (an end of s1 when one is in a closest pair) at
 * every scale, up to C2D_MAX_COORD / 4 where fourth powers of the coordinates overflow float. */
static void test_segment_distance_parallel_tie_any_scale(void **state) {
    const double scales[4] = {1e-3, 1, 1e6, (double)C2D_MAX_COORD / 4};
    int k;
    (void)state;
    for (k = 0; k < 4; ++k) {
        double s = scales[k];
        c2d_segment_distance_result r = c2d_segment_distance(seg(0, 0, 2 * s, 0), seg(s, s, 3 * s, s));
        assert_true(r.closest1.x == (c2d_real)(2 * s) && r.closest1.y == 0); /* s1.p2, an end of s1 */
        assert_near(r.closest2.x, 2 * s, 1e-5 * s);
        assert_true(r.closest2.y == (c2d_real)s);
        assert_true(r.fraction1 == 1);
        assert_near(r.fraction2, 0.5, 1e-5);
        assert_near(r.distance_squared, s * s, 1e-5 * s * s);
    }
}

/* Random segment pairs at four scales (1e-3 to C2D_MAX_COORD / 4, where the fourth powers of the
 * usual closed form overflow float) against a long double reference: 0 when the segments meet,
 * else the least of the four end-to-segment distances. The distance within 16 eps of the largest
 * coordinate, fractions in [0,1], each closest point on its segment at its fraction, and
 * distance_squared that of the two points. */
static long double ld_point_seg(c2d_vec2 p, c2d_vec2 a, c2d_vec2 b) {
    long double ex = (long double)b.x - a.x, ey = (long double)b.y - a.y, px = (long double)p.x - a.x, py = (long double)p.y - a.y;
    long double ee = ex * ex + ey * ey, t = ee > 0 ? (px * ex + py * ey) / ee : 0;
    if (t < 0) t = 0;
    if (t > 1) t = 1;
    return sqrtl((px - t * ex) * (px - t * ex) + (py - t * ey) * (py - t * ey));
}
static int ld_orient(c2d_vec2 a, c2d_vec2 b, c2d_vec2 c) {
    long double d = ((long double)b.x - a.x) * ((long double)c.y - a.y) - ((long double)b.y - a.y) * ((long double)c.x - a.x);
    return (d > 0) - (d < 0);
}
static void test_segment_distance_random_scales(void **state) {
    test_rng rng = test_rng_make("test_segment_distance_random_scales");
    const double scales[4] = {1e-3, 1, 1e6, (double)C2D_MAX_COORD / 4};
    int i, iters = test_iterations(20000);
    (void)state;
    for (i = 0; i < iters; ++i) {
        double s = scales[i % 4];
        c2d_segment a = seg(test_rng_range(&rng, -s, s), test_rng_range(&rng, -s, s), test_rng_range(&rng, -s, s), test_rng_range(&rng, -s, s));
        c2d_segment b = seg(test_rng_range(&rng, -s, s), test_rng_range(&rng, -s, s), test_rng_range(&rng, -s, s), test_rng_range(&rng, -s, s));
        c2d_segment_distance_result r = c2d_segment_distance(a, b);
        long double m = 0, ref, d, unit, cx, cy;
        int o1 = ld_orient(b.p1, b.p2, a.p1), o2 = ld_orient(b.p1, b.p2, a.p2), o3 = ld_orient(a.p1, a.p2, b.p1), o4 = ld_orient(a.p1, a.p2, b.p2);
        const c2d_vec2 *v[4] = {&a.p1, &a.p2, &b.p1, &b.p2};
        int k;
        for (k = 0; k < 4; ++k) {
            if (fabsl((long double)v[k]->x) > m) m = fabsl((long double)v[k]->x);
            if (fabsl((long double)v[k]->y) > m) m = fabsl((long double)v[k]->y);
        }
        unit = (long double)C2D_EPSILON * m;
        ref = (o1 * o2 < 0 && o3 * o4 < 0) ? 0 : fminl(fminl(ld_point_seg(a.p1, b.p1, b.p2), ld_point_seg(a.p2, b.p1, b.p2)),
                                                        fminl(ld_point_seg(b.p1, a.p1, a.p2), ld_point_seg(b.p2, a.p1, a.p2)));
        d = sqrtl((long double)r.distance_squared);
        if (!(fabsl(d - ref) <= 16 * unit)) {
            printf("pair %d: distance %.9Lg, reference %.9Lg (bound %.3Lg)\n", i, d, ref, 16 * unit);
            fail();
        }
        assert_true(r.fraction1 >= 0 && r.fraction1 <= 1 && r.fraction2 >= 0 && r.fraction2 <= 1);
        cx = (long double)a.p1.x + r.fraction1 * ((long double)a.p2.x - a.p1.x);
        cy = (long double)a.p1.y + r.fraction1 * ((long double)a.p2.y - a.p1.y);
        assert_true(fabsl(cx - r.closest1.x) <= 4 * unit && fabsl(cy - r.closest1.y) <= 4 * unit);
        cx = (long double)b.p1.x + r.fraction2 * ((long double)b.p2.x - b.p1.x);
        cy = (long double)b.p1.y + r.fraction2 * ((long double)b.p2.y - b.p1.y);
        if (!(fabsl(cx - r.closest2.x) <= 4 * unit && fabsl(cy - r.closest2.y) <= 4 * unit)) {
            printf("pair %d: closest2 (%.9g, %.9g), at fraction2 %.9g (%.9Lg, %.9Lg), d2 %g, ref %Lg, unit %Lg\n", i, (double)r.closest2.x, (double)r.closest2.y,
                   (double)r.fraction2, cx, cy, (double)r.distance_squared, ref, unit);
            fail();
        }
        cx = (long double)r.closest1.x - r.closest2.x;
        cy = (long double)r.closest1.y - r.closest2.y;
        assert_true(fabsl(sqrtl(cx * cx + cy * cy) - d) <= 16 * unit);
    }
}

static void test_segment_distance_collinear_overlap(void **state) {
    c2d_segment_distance_result r = c2d_segment_distance(seg(0, 0, 4, 0), seg(2, 0, 6, 0));
    (void)state;
    assert_near(r.distance_squared, 0, 0);
    assert_vec_near(r.closest1, 4, 0, TOL);
    assert_vec_near(r.closest2, 4, 0, TOL);
    assert_near(r.fraction1, 1, 0);
    assert_near(r.fraction2, 0.5, TOL);
}

static void test_segment_distance_t_junction(void **state) {
    c2d_segment_distance_result r = c2d_segment_distance(seg(0, 0, 2, 0), seg(1, 0, 1, 5));
    (void)state;
    assert_near(r.distance_squared, 0, 0);
    assert_vec_near(r.closest1, 1, 0, TOL);
    assert_vec_near(r.closest2, 1, 0, TOL);
    assert_near(r.fraction1, 0.5, TOL);
    assert_near(r.fraction2, 0, 0);
}

static void test_segment_distance_zero_length(void **state) {
    c2d_segment_distance_result r = c2d_segment_distance(seg(1, 1, 1, 1), seg(4, 5, 4, 5));
    (void)state;
    assert_near(r.distance_squared, 25, TOL);
    assert_vec_near(r.closest1, 1, 1, 0);
    assert_vec_near(r.closest2, 4, 5, 0);
    assert_near(r.fraction1, 0, 0);
    assert_near(r.fraction2, 0, 0);
    /* A point against a segment, either order. */
    r = c2d_segment_distance(seg(2, 3, 2, 3), seg(0, 0, 4, 0));
    assert_near(r.distance_squared, 9, TOL);
    assert_vec_near(r.closest1, 2, 3, 0);
    assert_vec_near(r.closest2, 2, 0, TOL);
    assert_near(r.fraction2, 0.5, TOL);
    r = c2d_segment_distance(seg(0, 0, 4, 0), seg(2, 3, 2, 3));
    assert_near(r.distance_squared, 9, TOL);
    assert_vec_near(r.closest1, 2, 0, TOL);
    assert_vec_near(r.closest2, 2, 3, 0);
    assert_near(r.fraction1, 0.5, TOL);
    /* A point on a segment. */
    r = c2d_segment_distance(seg(0, 0, 4, 0), seg(3, 0, 3, 0));
    assert_near(r.distance_squared, 0, 0);
    assert_vec_near(r.closest1, 3, 0, TOL);
}

static void test_segment_distance_skew(void **state) {
    /* Nearest pair (1,0)-(2,1): s1.p2 against s2 and s2.p1 against s1 tie; s1's endpoint wins. */
    c2d_segment_distance_result r = c2d_segment_distance(seg(0, 0, 1, 0), seg(2, 1, 3, 5));
    (void)state;
    assert_near(r.distance_squared, 2, TOL);
    assert_vec_near(r.closest1, 1, 0, TOL);
    assert_vec_near(r.closest2, 2, 1, TOL);
    assert_near(r.fraction1, 1, 0);
    assert_near(r.fraction2, 0, 0);
    /* Nearly touching crossing segments: just apart, and just crossing. */
    r = c2d_segment_distance(seg(0, 0, 2, 0), seg(1, (c2d_real)0.001, 1, 3));
    assert_near(r.distance_squared, 1e-6, 1e-9);
    r = c2d_segment_distance(seg(0, 0, 2, 0), seg(1, (c2d_real)-0.001, 1, 3));
    assert_near(r.distance_squared, 0, 0);
    assert_vec_near(r.closest1, 1, 0, TOL);
}

/* An endpoint of s2 projects just inside s1, next to s1's endpoint: the endpoint-to-endpoint pair
 * is only 2.4e-8 farther (below float rounding of the squared distance) but its points are 3e-4 off.
 * The answer must be the projection (values from a double-precision hand computation). */
static void test_segment_distance_near_corner_tie(void **state) {
    c2d_segment_distance_result r = c2d_segment_distance(seg(-2.69889116, 1.57264292, -1.90886152, 2.48285317),
                                                         seg(1.47553706, -1.21419847, 0.780154824, 0.148338914));
    (void)state;
    assert_near(r.fraction1, 0.99965842, 1e-5);
    assert_near(r.fraction2, 1, 0);
    assert_vec_near(r.closest1, -1.90913138, 2.48254226, 1e-5);
    assert_vec_near(r.closest2, 0.780154824, 0.148338914, 1e-6);
    assert_near(sqrt((double)r.distance_squared), 3.56100625, 1e-5);
}

/* Seed 004 ("Are 2 line segments intercepting?"): p1 (100,0)-(120,200) against p3 (0,100)-(100,120),
 * commented "// true". The seed got this wrong: its own code returns false (u2 = 1.12 > 1), and the
 * segments are 2400/sqrt(40400) = 11.94 apart: (100,120) is nearest to (111.88, 118.81) on the first. */
static void seed_snippets_segments_do_not_intercept(void **state) {
    c2d_segment_distance_result r = c2d_segment_distance(seg(100, 0, 120, 200), seg(0, 100, 100, 120));
    (void)state;
    assert_true(r.distance_squared > 0);
    assert_near(r.distance_squared, 2400.0 * 2400.0 / 40400.0, 1e-3);
    assert_near(r.fraction1, 24000.0 / 40400.0, 1e-5);
    assert_near(r.fraction2, 1, 0);
    assert_vec_near(r.closest1, 100 + 20 * (24000.0 / 40400.0), 200 * (24000.0 / 40400.0), 1e-3);
    assert_vec_near(r.closest2, 100, 120, 0);
}

static void test_segment_distance_not_finite(void **state) {
    c2d_segment_distance_result r = c2d_segment_distance(seg(NAN, 0, 1, 1), seg(0, 0, 1, 0));
    (void)state;
    assert_near(r.distance_squared, (double)((c2d_real)C2D_MAX_COORD * (c2d_real)C2D_MAX_COORD), 0);
    assert_true(isfinite((double)r.distance_squared));
    assert_vec_near(r.closest1, 0, 0, 0);
    assert_vec_near(r.closest2, 0, 0, 0);
    r = c2d_segment_distance(seg(0, 0, 1, 0), seg(0, 0, INFINITY, 1));
    assert_true(isfinite((double)r.distance_squared) && r.distance_squared > 1);
    /* Beyond C2D_MAX_COORD: rejected the same way (its square could overflow). */
    r = c2d_segment_distance(seg(0, 0, 1, 0), seg(0, (double)C2D_MAX_COORD * 10, 1, 1));
    assert_near(r.distance_squared, (double)((c2d_real)C2D_MAX_COORD * (c2d_real)C2D_MAX_COORD), 0);
    assert_vec_near(r.closest2, 0, 0, 0);
}

static void test_segment_distance_far_from_origin(void **state) {
    /* Same geometry as the parallel case, moved by (1e5, 1e5): exact in float too. */
    c2d_segment_distance_result r = c2d_segment_distance(seg(1e5, 1e5, 1e5 + 4, 1e5), seg(1e5 + 1, 1e5 + 1, 1e5 + 3, 1e5 + 1));
    (void)state;
    assert_near(r.distance_squared, 1, 0);
    assert_vec_near(r.closest1, 1e5 + 1, 1e5, 0);
    assert_vec_near(r.closest2, 1e5 + 1, 1e5 + 1, 0);
}

/* ---- GJK hand cases ---- */

static void test_gjk_point_point(void **state) {
    const double a[2] = {0, 0}, b[2] = {3, 4};
    c2d_proxy pa = proxy_n(1, a, 0), pb = proxy_n(1, b, 0);
    c2d_distance_result r = c2d_distance(&pa, &pb, 0);
    (void)state;
    assert_separated(r, TOL);
    assert_near(r.distance, 5, TOL);
    assert_vec_near(r.normal, -0.6, -0.8, TOL);
    assert_vec_near(r.point_a, 0, 0, TOL);
    assert_vec_near(r.point_b, 3, 4, TOL);
    /* The same point twice: cores overlap. */
    r = c2d_distance(&pa, &pa, 0);
    assert_int_equal(r.status, C2D_DISTANCE_OK);
    assert_near(r.distance, 0, 0);
    assert_vec_near(r.normal, 0, 0, 0);
    assert_vec_near(r.point_a, 0, 0, 0);
    assert_vec_near(r.point_b, 0, 0, 0);
}

static void test_gjk_point_segment(void **state) {
    const double p[2] = {1, 2}, q[2] = {6, 3}, s[4] = {0, 0, 4, 0};
    c2d_proxy pp = proxy_n(1, p, 0), pq = proxy_n(1, q, 0), ps = proxy_n(2, s, 0);
    c2d_distance_result r = c2d_distance(&pp, &ps, 0);
    (void)state;
    /* Over the middle of the segment. */
    assert_separated(r, TOL);
    assert_near(r.distance, 2, TOL);
    assert_vec_near(r.normal, 0, 1, TOL);
    assert_vec_near(r.point_a, 1, 2, TOL);
    assert_vec_near(r.point_b, 1, 0, TOL);
    /* Beyond the end: nearest to the endpoint (4,0). */
    r = c2d_distance(&pq, &ps, 0);
    assert_separated(r, TOL);
    assert_near(r.distance, sqrt(13.0), TOL);
    assert_vec_near(r.point_b, 4, 0, TOL);
    assert_vec_near(r.normal, 2 / sqrt(13.0), 3 / sqrt(13.0), TOL);
    /* Reversed order: normal negated, points swapped. */
    r = c2d_distance(&ps, &pp, 0);
    assert_separated(r, TOL);
    assert_near(r.distance, 2, TOL);
    assert_vec_near(r.normal, 0, -1, TOL);
    assert_vec_near(r.point_a, 1, 0, TOL);
    assert_vec_near(r.point_b, 1, 2, TOL);
}

static void test_gjk_circle_circle(void **state) {
    const double a[2] = {0, 0}, b[2] = {5, 0};
    c2d_proxy pa = proxy_n(1, a, 1), pb = proxy_n(1, b, 2);
    c2d_distance_result r = c2d_distance(&pa, &pb, 0);
    (void)state;
    assert_separated(r, TOL);
    assert_near(r.distance, 2, TOL);
    assert_vec_near(r.normal, -1, 0, TOL);
    assert_vec_near(r.point_a, 1, 0, TOL);
    assert_vec_near(r.point_b, 3, 0, TOL);
}

static void test_gjk_circle_circle_touching_and_overlapping(void **state) {
    const double a[2] = {0, 0}, b[2] = {3, 0}, c[2] = {2.5, 0};
    c2d_proxy pa = proxy_n(1, a, 1), pb = proxy_n(1, b, 2), pc = proxy_n(1, c, 2);
    c2d_distance_result r = c2d_distance(&pa, &pb, 0);
    (void)state;
    /* Touching at (1,0): distance 0, the normal still known (the cores are apart). */
    assert_result_finite(r);
    assert_near(r.distance, 0, TOL);
    assert_vec_near(r.normal, -1, 0, TOL);
    assert_vec_near(r.point_a, 1, 0, TOL);
    assert_vec_near(r.point_b, 1, 0, TOL);
    /* Overlapping by 0.5: distance 0, both points halfway between (1,0) and (0.5,0). */
    r = c2d_distance(&pa, &pc, 0);
    assert_result_finite(r);
    assert_near(r.distance, 0, 0);
    assert_vec_near(r.normal, -1, 0, TOL);
    assert_vec_near(r.point_a, 0.75, 0, TOL);
    assert_vec_near(r.point_b, 0.75, 0, TOL);
    /* Apart by 0.001: the distance is reported. */
    {
        const double d[2] = {3.001, 0};
        c2d_proxy pd = proxy_n(1, d, 2);
        r = c2d_distance(&pa, &pd, 0);
        assert_separated(r, TOL);
        assert_near(r.distance, 0.001, TOL);
    }
}

static void test_gjk_box_box_face_face(void **state) {
    c2d_proxy a = box_proxy(0, 0, 1, 1), b = box_proxy(3, 0.5, 4, 1.5);
    c2d_distance_result r = c2d_distance(&a, &b, 0);
    (void)state;
    assert_separated(r, TOL);
    assert_near(r.distance, 2, TOL);
    assert_vec_near(r.normal, -1, 0, TOL);
    assert_near(r.point_a.x, 1, TOL);
    assert_near(r.point_b.x, 3, TOL);
    assert_true(r.point_a.y >= 0.5 - TOL && r.point_a.y <= 1 + TOL);
    assert_near(r.point_a.y, r.point_b.y, TOL);
}

static void test_gjk_box_box_corner_corner(void **state) {
    c2d_proxy a = box_proxy(0, 0, 1, 1), b = box_proxy(2, 3, 3, 4);
    c2d_distance_result r = c2d_distance(&a, &b, 0);
    (void)state;
    assert_separated(r, TOL);
    assert_near(r.distance, sqrt(5.0), TOL);
    assert_vec_near(r.normal, -1 / sqrt(5.0), -2 / sqrt(5.0), TOL);
    assert_vec_near(r.point_a, 1, 1, TOL);
    assert_vec_near(r.point_b, 2, 3, TOL);
}

static void test_gjk_polygon_polygon(void **state) {
    /* Triangle under a diamond: apex (1,2) to bottom vertex (1,3). */
    const double tri[6] = {0, 0, 2, 0, 1, 2}, dia[8] = {1, 3, 2, 4, 1, 5, 0, 4};
    /* Right triangle with hypotenuse x + y = 4, and a unit square whose corner (3,3) faces it. */
    const double rt[6] = {0, 0, 4, 0, 0, 4}, sq[8] = {3, 3, 4, 3, 4, 4, 3, 4};
    c2d_proxy a = proxy_n(3, tri, 0), b = proxy_n(4, dia, 0);
    c2d_distance_result r = c2d_distance(&a, &b, 0);
    (void)state;
    assert_separated(r, TOL);
    assert_near(r.distance, 1, TOL);
    assert_vec_near(r.normal, 0, -1, TOL);
    assert_vec_near(r.point_a, 1, 2, TOL);
    assert_vec_near(r.point_b, 1, 3, TOL);
    a = proxy_n(3, rt, 0);
    b = proxy_n(4, sq, 0);
    r = c2d_distance(&a, &b, 0);
    assert_separated(r, TOL);
    assert_near(r.distance, sqrt(2.0), TOL);
    assert_vec_near(r.normal, -1 / sqrt(2.0), -1 / sqrt(2.0), TOL);
    assert_vec_near(r.point_a, 2, 2, TOL);
    assert_vec_near(r.point_b, 3, 3, TOL);
}

static void test_gjk_capsule_polygon(void **state) {
    const double cap[4] = {-3, 0, -2, 0};
    c2d_proxy a = proxy_n(2, cap, 0.5), b = box_proxy(0, -1, 1, 1);
    c2d_distance_result r = c2d_distance(&a, &b, 0);
    (void)state;
    assert_separated(r, TOL);
    assert_near(r.distance, 1.5, TOL);
    assert_vec_near(r.normal, -1, 0, TOL);
    assert_vec_near(r.point_a, -1.5, 0, TOL);
    assert_vec_near(r.point_b, 0, 0, TOL);
    /* A capsule lying along the box's top face, 0.25 above it with radius 0.5: rounded overlap. */
    {
        const double cap2[4] = {0.25, 1.25, 0.75, 1.25};
        a = proxy_n(2, cap2, 0.5);
        r = c2d_distance(&a, &b, 0);
        assert_result_finite(r);
        assert_near(r.distance, 0, 0);
        assert_vec_near(r.normal, 0, 1, TOL);
        assert_near(r.point_a.y, 0.875, TOL);
        assert_near(r.point_a.y, r.point_b.y, 0);
    }
}

static void test_gjk_overlapping_boxes(void **state) {
    c2d_proxy a = box_proxy(0, 0, 2, 2), b = box_proxy(1, 1, 3, 3);
    c2d_distance_result r = c2d_distance(&a, &b, 0);
    (void)state;
    assert_result_finite(r);
    assert_int_equal(r.status, C2D_DISTANCE_OK);
    assert_near(r.distance, 0, 0);
    assert_vec_near(r.normal, 0, 0, 0);
    /* The reported point is common to both boxes. */
    assert_near(r.point_a.x, r.point_b.x, 0);
    assert_near(r.point_a.y, r.point_b.y, 0);
    assert_true(r.point_a.x >= 1 - TOL && r.point_a.x <= 2 + TOL);
    assert_true(r.point_a.y >= 1 - TOL && r.point_a.y <= 2 + TOL);
    /* Containment. */
    b = box_proxy(0.5, 0.5, 1, 1);
    r = c2d_distance(&a, &b, 0);
    assert_near(r.distance, 0, 0);
    assert_vec_near(r.normal, 0, 0, 0);
}

static void test_gjk_touching_boxes(void **state) {
    /* Sharing the edge x = 1: distance 0. Then 0.001 apart: distance 0.001. */
    c2d_proxy a = box_proxy(0, 0, 1, 1), b = box_proxy(1, 0, 2, 1), c = box_proxy(1.001, 0, 2, 1);
    c2d_distance_result r = c2d_distance(&a, &b, 0);
    (void)state;
    assert_result_finite(r);
    assert_near(r.distance, 0, 0);
    assert_vec_near(r.normal, 0, 0, 0);
    assert_near(r.point_a.x, 1, TOL);
    r = c2d_distance(&a, &c, 0);
    assert_separated(r, TOL);
    assert_near(r.distance, 0.001, TOL);
    assert_vec_near(r.normal, -1, 0, TOL);
    /* Corner to corner contact. */
    b = box_proxy(1, 1, 2, 2);
    r = c2d_distance(&a, &b, 0);
    assert_near(r.distance, 0, 0);
    assert_vec_near(r.point_a, 1, 1, TOL);
}

static void test_gjk_degenerate_proxies(void **state) {
    /* Two parallel 2-point proxies (segments) 1 apart. */
    const double s1[4] = {0, 0, 4, 0}, s2[4] = {1, 1, 3, 1};
    /* Three collinear points, and a polygon given with a repeated vertex. */
    const double line3[6] = {0, 0, 1, 0, 2, 0}, pt[2] = {1, -3};
    const double dup[10] = {0, 0, 1, 0, 1, 0, 1, 1, 0, 1}, far_pt[2] = {3, 0.5};
    c2d_proxy a = proxy_n(2, s1, 0), b = proxy_n(2, s2, 0);
    c2d_distance_result r = c2d_distance(&a, &b, 0);
    (void)state;
    assert_separated(r, TOL);
    assert_near(r.distance, 1, TOL);
    assert_vec_near(r.normal, 0, -1, TOL);
    assert_near(r.point_a.y, 0, TOL);
    assert_near(r.point_b.y, 1, TOL);
    assert_true(r.point_a.x >= 1 - TOL && r.point_a.x <= 3 + TOL);
    assert_near(r.point_a.x, r.point_b.x, TOL);
    /* Crossing 2-point proxies: cores overlap at (2,0). */
    {
        const double s3[4] = {2, -1, 2, 1};
        b = proxy_n(2, s3, 0);
        r = c2d_distance(&a, &b, 0);
        assert_near(r.distance, 0, 0);
        assert_vec_near(r.normal, 0, 0, 0);
        assert_vec_near(r.point_a, 2, 0, TOL);
    }
    a = proxy_n(3, line3, 0);
    b = proxy_n(1, pt, 0);
    r = c2d_distance(&a, &b, 0);
    assert_separated(r, TOL);
    assert_near(r.distance, 3, TOL);
    assert_vec_near(r.point_a, 1, 0, TOL);
    assert_vec_near(r.normal, 0, 1, TOL);
    a = proxy_n(C2D_MAX_POLYGON_VERTICES >= 5 ? 5 : 4, dup, 0); /* 4 vertices: the triangle with the repeat, same answer */
    b = proxy_n(1, far_pt, 0);
    r = c2d_distance(&a, &b, 0);
    assert_separated(r, TOL);
    assert_near(r.distance, 2, TOL);
    assert_vec_near(r.point_a, 1, 0.5, TOL);
    assert_vec_near(r.normal, -1, 0, TOL);
}

static void test_gjk_invalid_input(void **state) {
    c2d_proxy a = box_proxy(0, 0, 1, 1), b = box_proxy(3, 0, 4, 1), bad;
    c2d_distance_result r;
    (void)state;
    r = c2d_distance(NULL, &b, 0);
    assert_int_equal(r.status, C2D_DISTANCE_INVALID_INPUT);
    r = c2d_distance(&a, NULL, 0);
    assert_int_equal(r.status, C2D_DISTANCE_INVALID_INPUT);
    /* Each of these makes the input invalid; the result is zeroed and finite. */
    bad = b;
    bad.count = 0;
    r = c2d_distance(&a, &bad, 0);
    assert_int_equal(r.status, C2D_DISTANCE_INVALID_INPUT);
    assert_near(r.distance, 0, 0);
    assert_vec_near(r.point_a, 0, 0, 0);
    assert_vec_near(r.point_b, 0, 0, 0);
    assert_vec_near(r.normal, 0, 0, 0);
    bad = b;
    bad.count = C2D_MAX_POLYGON_VERTICES + 1;
    assert_int_equal(c2d_distance(&a, &bad, 0).status, C2D_DISTANCE_INVALID_INPUT);
    bad = b;
    bad.points[2].x = NAN;
    r = c2d_distance(&a, &bad, 0);
    assert_int_equal(r.status, C2D_DISTANCE_INVALID_INPUT);
    assert_result_finite(r);
    assert_int_equal(c2d_distance(&bad, &a, 0).status, C2D_DISTANCE_INVALID_INPUT);
    bad = b;
    bad.points[0].y = INFINITY;
    assert_int_equal(c2d_distance(&bad, &a, 0).status, C2D_DISTANCE_INVALID_INPUT);
    bad = b;
    bad.points[1].y = (c2d_real)C2D_MAX_COORD * 10;
    assert_int_equal(c2d_distance(&a, &bad, 0).status, C2D_DISTANCE_INVALID_INPUT);
    bad = b;
    bad.radius = -1;
    assert_int_equal(c2d_distance(&a, &bad, 0).status, C2D_DISTANCE_INVALID_INPUT);
    bad = b;
    bad.radius = NAN;
    assert_int_equal(c2d_distance(&a, &bad, 0).status, C2D_DISTANCE_INVALID_INPUT);
    bad = b;
    bad.radius = INFINITY;
    assert_int_equal(c2d_distance(&bad, &a, 0).status, C2D_DISTANCE_INVALID_INPUT);
    /* Radius 0 and an untouched pair stay valid. */
    assert_int_equal(c2d_distance(&a, &b, 0).status, C2D_DISTANCE_OK);
}

/* The error model (base.h): a refused input is a negative status, and error names the reason,
 * whichever side holds the bad value; an accepted one has a status >= 0 and error C2D_OK. */
static void test_gjk_error_codes(void **state) {
    c2d_proxy a = box_proxy(0, 0, 1, 1), b = box_proxy(3, 0, 4, 1), bad;
    c2d_distance_result r;
    int k, side;
    (void)state;
    assert_true(C2D_DISTANCE_INVALID_INPUT < 0);
    r = c2d_distance(NULL, &b, 0);
    assert_true(r.status < 0);
    assert_int_equal(r.error, C2D_ERR_NULL_ARG);
    assert_int_equal(c2d_distance(&a, NULL, 0).error, C2D_ERR_NULL_ARG);
    for (k = 0; k < 7; ++k) {
        static const c2d_status want[7] = {C2D_ERR_DEGENERATE, C2D_ERR_TOO_MANY_POINTS, C2D_ERR_NOT_FINITE, C2D_ERR_NOT_FINITE,
                                           C2D_ERR_OUT_OF_RANGE, C2D_ERR_BAD_SIZE, C2D_ERR_NOT_FINITE};
        bad = b;
        switch (k) {
        case 0: bad.count = 0; break;
        case 1: bad.count = C2D_MAX_POLYGON_VERTICES + 1; break;
        case 2: bad.points[2].x = (c2d_real)NAN; break;
        /* a NaN after a value out of range: not finite outranks out of range */
        case 3:
            bad.points[0].y = (c2d_real)C2D_MAX_COORD * 10;
            bad.points[3].y = (c2d_real)INFINITY;
            break;
        case 4: bad.points[1].y = (c2d_real)C2D_MAX_COORD * 10; break;
        case 5: bad.radius = -1; break;
        default: bad.radius = (c2d_real)NAN; break;
        }
        for (side = 0; side < 2; ++side) {
            r = side ? c2d_distance(&bad, &a, 0) : c2d_distance(&a, &bad, 0);
            assert_int_equal(r.status, C2D_DISTANCE_INVALID_INPUT);
            assert_int_equal(r.error, want[k]);
            assert_result_finite(r);
        }
    }
    r = c2d_distance(&a, &b, 0);
    assert_int_equal(r.status, C2D_DISTANCE_OK);
    assert_int_equal(r.error, C2D_OK);
    r = c2d_distance(&a, &b, 1);
    assert_true(r.status >= 0);
    assert_int_equal(r.error, C2D_OK);
}

/* Regular n-gon of circumradius rad centered at (cx, cy), first vertex at angle phase. */
#define NGON_MAX (C2D_MAX_POLYGON_VERTICES < 8 ? C2D_MAX_POLYGON_VERTICES : 8)
static c2d_proxy ngon(int n, double cx, double cy, double rad, double phase, double radius) {
    double xy[2 * C2D_MAX_POLYGON_VERTICES];
    int i;
    assert_true(n <= C2D_MAX_POLYGON_VERTICES);
    for (i = 0; i < n; ++i) {
        double t = phase + 2 * PI * i / n;
        xy[2 * i] = cx + rad * cos(t);
        xy[2 * i + 1] = cy + rad * sin(t);
    }
    return proxy_n(n, xy, radius);
}

/* Distance from p to segment a-b, in double. */
static double point_segment_dist(double px, double py, double ax, double ay, double bx, double by) {
    double dx = bx - ax, dy = by - ay, t = 0, dd = dx * dx + dy * dy, ex, ey;
    if (dd > 0) t = ((px - ax) * dx + (py - ay) * dy) / dd;
    if (t < 0) t = 0;
    if (t > 1) t = 1;
    ex = px - (ax + t * dx);
    ey = py - (ay + t * dy);
    return sqrt(ex * ex + ey * ey);
}

/* Brute-force core distance of two disjoint convex point sets given in CCW order: the minimum over
 * vertex-to-edge distances both ways (a single point or a 2-point set counts its one "edge"). */
static double brute_distance(const c2d_proxy *a, const c2d_proxy *b) {
    double best = INFINITY;
    int pass, i, j;
    for (pass = 0; pass < 2; ++pass) {
        const c2d_proxy *p = pass ? b : a, *q = pass ? a : b;
        for (i = 0; i < p->count; ++i) {
            for (j = 0; j < q->count; ++j) {
                c2d_vec2 e1 = q->points[j], e2 = q->points[(j + 1) % q->count];
                double d = point_segment_dist(p->points[i].x, p->points[i].y, e1.x, e1.y, e2.x, e2.y);
                if (d < best) best = d;
            }
        }
    }
    return best;
}

/* Brute-force separation along the edge normals of two CCW convex polygons: > 0 when an edge
 * separates them (disjoint), < 0 when they overlap (separating axis theorem). */
static double brute_separation(const c2d_proxy *a, const c2d_proxy *b) {
    double best = -INFINITY;
    int pass, i, j;
    for (pass = 0; pass < 2; ++pass) {
        const c2d_proxy *p = pass ? b : a, *q = pass ? a : b;
        for (i = 0; i < p->count; ++i) {
            c2d_vec2 v1 = p->points[i], v2 = p->points[(i + 1) % p->count];
            double nx = v2.y - v1.y, ny = -(v2.x - v1.x), len = sqrt(nx * nx + ny * ny), m = INFINITY;
            nx /= len;
            ny /= len;
            for (j = 0; j < q->count; ++j) {
                double s = (q->points[j].x - v1.x) * nx + (q->points[j].y - v1.y) * ny;
                if (s < m) m = s;
            }
            if (m > best) best = m;
        }
    }
    return best;
}

static void test_gjk_iteration_cap(void **state) {
    /* 8-gons, or the most vertices a proxy holds in a smaller build */
    c2d_proxy a = ngon(NGON_MAX, 0, 0, 1, 0, 0), b = ngon(NGON_MAX, 5, 1.3, 1, 0.3, 0);
    c2d_distance_result capped = c2d_distance(&a, &b, 1), full = c2d_distance(&a, &b, 0);
    double exact = brute_distance(&a, &b);
    (void)state;
    assert_int_equal(capped.status, C2D_DISTANCE_MAX_ITERATIONS);
    assert_int_equal(capped.iterations, 1);
    assert_result_finite(capped);
    assert_true(capped.distance >= exact - TOL); /* an upper bound */
    assert_near(c2d_len(capped.normal), 1, TOL);
    assert_int_equal(full.status, C2D_DISTANCE_OK);
    assert_true(full.iterations > 1 && full.iterations <= C2D_GJK_MAX_ITERATIONS);
    assert_near(full.distance, exact, TOL);
    /* A cap that is high enough gives the full answer. */
    capped = c2d_distance(&a, &b, full.iterations + 1);
    assert_int_equal(capped.status, C2D_DISTANCE_OK);
    assert_near(capped.distance, full.distance, 0);
}

static void test_gjk_far_from_origin(void **state) {
    /* Boxes near (1e5, 1e5) behave like the same boxes near 0 (coordinates exact in float). */
    c2d_proxy a = box_proxy(1e5, 1e5, 1e5 + 1, 1e5 + 1), b = box_proxy(1e5 + 3, 1e5 + 0.5, 1e5 + 4, 1e5 + 1.5);
    c2d_distance_result r = c2d_distance(&a, &b, 0);
    (void)state;
    assert_separated(r, TOL);
    assert_near(r.distance, 2, TOL);
    assert_vec_near(r.normal, -1, 0, TOL);
    assert_near(r.point_a.x, 1e5 + 1, 0);
    assert_near(r.point_b.x, 1e5 + 3, 0);
    /* A gap of 1/64 between corners far out is still seen. */
    b = box_proxy(1e5 + 1 + 1.0 / 64, 1e5 + 1 + 1.0 / 64, 1e5 + 2, 1e5 + 2);
    r = c2d_distance(&a, &b, 0);
    assert_separated(r, TOL);
    assert_near(r.distance, sqrt(2.0) / 64, TOL);
}

/* Random convex polygon: k points at sorted random angles on a circle (convex, CCW). Coordinates
 * are multiples of 1/64 so that the same polygon moved by (1e5, 1e5) is exact in float. */
static c2d_proxy random_polygon(test_rng *rng, double cx, double cy, double radius) {
    double angles[C2D_MAX_POLYGON_VERTICES], xy[2 * C2D_MAX_POLYGON_VERTICES];
    double rad = test_rng_range(rng, 0.5, 4);
    int k = 3 + (int)(test_rng_next(rng) % (C2D_MAX_POLYGON_VERTICES - 2)), i, j;
    for (i = 0; i < k; ++i) angles[i] = test_rng_range(rng, 0, 2 * PI);
    for (i = 1; i < k; ++i) {
        double t = angles[i];
        for (j = i; j > 0 && angles[j - 1] > t; --j) angles[j] = angles[j - 1];
        angles[j] = t;
    }
    for (i = 0; i < k; ++i) {
        xy[2 * i] = floor((cx + rad * cos(angles[i])) * 64) / 64;
        xy[2 * i + 1] = floor((cy + rad * sin(angles[i])) * 64) / 64;
    }
    return proxy_n(k, xy, radius);
}

/* Two proxies are a usable brute-force case when their rounded vertices are still in strictly
 * convex CCW position (rounding to 1/64 may fold a thin polygon). */
static bool strictly_convex(const c2d_proxy *p) {
    int i;
    for (i = 0; i < p->count; ++i) {
        c2d_vec2 a = p->points[i], b = p->points[(i + 1) % p->count], c = p->points[(i + 2) % p->count];
        double cr = ((double)b.x - a.x) * ((double)c.y - b.y) - ((double)b.y - a.y) * ((double)c.x - b.x);
        if (!(cr > 1e-6)) return false;
    }
    return true;
}

static c2d_proxy shifted(const c2d_proxy *p, double dx, double dy) {
    c2d_proxy q = *p;
    int i;
    for (i = 0; i < q.count; ++i) q.points[i] = c2d_v2((c2d_real)(q.points[i].x + dx), (c2d_real)(q.points[i].y + dy));
    return q;
}

static void test_gjk_random_vs_brute_force(void **state) {
    test_rng rng = test_rng_make("gjk_random_vs_brute_force");
    int n = test_iterations(20000), i, disjoint = 0, overlapping = 0;
    (void)state;
    for (i = 0; i < n; ++i) {
        double ra = test_rng_next(&rng) % 3 == 0 ? test_rng_range(&rng, 0, 1) : 0;
        double rb = test_rng_next(&rng) % 3 == 0 ? test_rng_range(&rng, 0, 1) : 0;
        c2d_proxy a = random_polygon(&rng, test_rng_range(&rng, -5, 5), test_rng_range(&rng, -5, 5), ra);
        c2d_proxy b = random_polygon(&rng, test_rng_range(&rng, -5, 5), test_rng_range(&rng, -5, 5), rb);
        c2d_proxy fa, fb;
        c2d_distance_result r, rf;
        double sep, tol = 2e-4;
#ifdef C2D_DOUBLE
        tol = 1e-9;
#endif
        if (!strictly_convex(&a) || !strictly_convex(&b)) continue;
        sep = brute_separation(&a, &b);
        r = c2d_distance(&a, &b, 0);
        assert_result_finite(r);
        assert_int_equal(r.status, C2D_DISTANCE_OK);
        if (sep > 1e-3) {
            double core = brute_distance(&a, &b), expect = core - ra - rb;
            ++disjoint;
            if (expect < 0) expect = 0;
            if (fabs(r.distance - expect) > tol) {
                print_error("case %d: gjk %.9g, brute force %.9g\n", i, (double)r.distance, expect);
            }
            assert_near(r.distance, expect, tol);
            assert_near(c2d_len(r.normal), 1, tol);
            if (expect > 0) {
                assert_near(r.point_a.x - r.point_b.x, r.distance * r.normal.x, tol);
                assert_near(r.point_a.y - r.point_b.y, r.distance * r.normal.y, tol);
            }
        } else if (sep < -1e-3) {
            ++overlapping;
            assert_near(r.distance, 0, 0);
            assert_vec_near(r.normal, 0, 0, 0);
        }
        /* The same pair near (1e5, 1e5) gives the same answer (exact coordinates, relative math). */
        fa = shifted(&a, 1e5, 1e5);
        fb = shifted(&b, 1e5, 1e5);
        rf = c2d_distance(&fa, &fb, 0);
        assert_near(rf.distance, r.distance, tol);
        assert_near(rf.normal.x, r.normal.x, tol);
        assert_near(rf.normal.y, r.normal.y, tol);
    }
    /* The generator must exercise both outcomes. */
    assert_true(disjoint > n / 10);
    assert_true(overlapping > n / 10);
}

static void test_segment_distance_random_vs_gjk(void **state) {
    test_rng rng = test_rng_make("segment_distance_random_vs_gjk");
    int n = test_iterations(20000), i;
    (void)state;
    for (i = 0; i < n; ++i) {
        c2d_segment s1 = seg(test_rng_range(&rng, -3, 3), test_rng_range(&rng, -3, 3), test_rng_range(&rng, -3, 3), test_rng_range(&rng, -3, 3));
        c2d_segment s2 = seg(test_rng_range(&rng, -3, 3), test_rng_range(&rng, -3, 3), test_rng_range(&rng, -3, 3), test_rng_range(&rng, -3, 3));
        c2d_segment_distance_result sd;
        c2d_vec2 pts[4];
        c2d_proxy p1, p2;
        c2d_distance_result g;
        double d1, d2, tol = 1e-4;
#ifdef C2D_DOUBLE
        tol = 1e-10;
#endif
        if (i % 4 == 1) s2.p2 = s2.p1;                                 /* a point */
        if (i % 8 == 3) s2.p2 = c2d_add(s2.p1, c2d_sub(s1.p2, s1.p1)); /* parallel */
        sd = c2d_segment_distance(s1, s2);
        pts[0] = s1.p1;
        pts[1] = s1.p2;
        pts[2] = s2.p1;
        pts[3] = s2.p2;
        p1 = c2d_make_proxy(pts, 2, 0);
        p2 = c2d_make_proxy(pts + 2, 2, 0);
        g = c2d_distance(&p1, &p2, 0);
        assert_true(sd.fraction1 >= 0 && sd.fraction1 <= 1 && sd.fraction2 >= 0 && sd.fraction2 <= 1);
        /* The closest points are the segments' points at the reported fractions. */
        assert_near(sd.closest1.x, s1.p1.x + sd.fraction1 * (s1.p2.x - s1.p1.x), tol);
        assert_near(sd.closest2.y, s2.p1.y + sd.fraction2 * (s2.p2.y - s2.p1.y), tol);
        d1 = sqrt((double)sd.distance_squared);
        d2 = (double)g.distance;
        if (fabs(d1 - d2) > tol) print_error("case %d: segment_distance %.9g, gjk %.9g\n", i, d1, d2);
        assert_near(d1, d2, tol);
        assert_near(sd.distance_squared, c2d_dist_sq(sd.closest1, sd.closest2), tol);
        /* Apart and not parallel, the closest points are unique: both methods must find them. */
        if (i % 8 != 3 && d2 > 1e-3) {
            assert_vec_near(sd.closest1, g.point_a.x, g.point_a.y, tol);
            assert_vec_near(sd.closest2, g.point_b.x, g.point_b.y, tol);
        }
    }
}

/* ---- proxies built by hand: only the first count points are read ---- */

/* For every count, a proxy filled by hand with NaN and infinities in its unused slots gives the
 * same answer, bit for bit, as the c2d_make_proxy copy (zeroed slots) of the same points: against
 * a separated box, an overlapping box, and with the proxies in either order. Odd counts matter to
 * the vector loader, which reads points two at a time. */
static void test_gjk_ignores_unused_slots(void **state) {
    static const double boxes[2][4] = {{3, -1, 5, 1}, {-0.5, -0.5, 0.5, 0.5}};
    int count, k, j;
    (void)state;
    for (count = 1; count <= C2D_MAX_POLYGON_VERTICES; ++count) {
        double xy[2 * C2D_MAX_POLYGON_VERTICES];
        c2d_proxy clean, dirty;
        double max_x = -2;
        for (k = 0; k < count; ++k) {
            double angle = 2 * PI * (k + 0.25) / count;
            xy[2 * k] = cos(angle);
            xy[2 * k + 1] = sin(angle);
            if (xy[2 * k] > max_x) max_x = xy[2 * k];
        }
        clean = proxy_n(count, xy, 0.125);
        dirty = clean;
        for (k = count; k < C2D_MAX_POLYGON_VERTICES; ++k)
            dirty.points[k] = c2d_v2((c2d_real)(k % 2 ? NAN : INFINITY), (c2d_real)(k % 3 ? -INFINITY : NAN));
        for (j = 0; j < 2; ++j) {
            c2d_proxy box = box_proxy(boxes[j][0], boxes[j][1], boxes[j][2], boxes[j][3]);
            c2d_distance_result rc = c2d_distance(&clean, &box, 0), rd = c2d_distance(&dirty, &box, 0);
            c2d_distance_result sc = c2d_distance(&box, &clean, 0), sd = c2d_distance(&box, &dirty, 0);
            assert_int_equal(rc.status, C2D_DISTANCE_OK);
            assert_int_equal(rd.status, C2D_DISTANCE_OK);
            assert_true(rc.distance == rd.distance && rc.point_a.x == rd.point_a.x && rc.point_a.y == rd.point_a.y);
            assert_true(rc.point_b.x == rd.point_b.x && rc.point_b.y == rd.point_b.y && rc.iterations == rd.iterations);
            assert_true(sc.distance == sd.distance && sc.point_b.x == sd.point_b.x && sc.point_b.y == sd.point_b.y);
            if (j == 0) {
                /* the box's side x = 3 against the rightmost point (|y| <= 1), less the radius */
                assert_near(rc.distance, 3 - max_x - 0.125, TOL);
                assert_separated(rd, 1e-4);
            } else if (count == 1) {
                assert_near(rc.distance, 0.5 - 0.125, TOL); /* the point (0, 1) above the box */
            } else {
                assert_true(rc.distance == 0); /* a segment or polygon through the box */
            }
        }
        /* a NaN or an infinity inside the count is still rejected */
        dirty.points[count - 1] = c2d_v2((c2d_real)NAN, 0);
        assert_int_equal(c2d_distance(&dirty, &clean, 0).status, C2D_DISTANCE_INVALID_INPUT);
        assert_int_equal(c2d_distance(&clean, &dirty, 0).status, C2D_DISTANCE_INVALID_INPUT);
        dirty.points[count - 1] = c2d_v2(0, (c2d_real)-INFINITY);
        assert_int_equal(c2d_distance(&clean, &dirty, 0).status, C2D_DISTANCE_INVALID_INPUT);
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_make_proxy_copies),
        cmocka_unit_test(test_gjk_error_codes),
        cmocka_unit_test(test_make_proxy_bad_count_asserts),
        cmocka_unit_test(test_segment_distance_crossing),
        cmocka_unit_test(test_segment_distance_parallel),
        cmocka_unit_test(test_segment_distance_parallel_tie_any_scale),
        cmocka_unit_test(test_segment_distance_random_scales),
        cmocka_unit_test(test_segment_distance_collinear_overlap),
        cmocka_unit_test(test_segment_distance_t_junction),
        cmocka_unit_test(test_segment_distance_zero_length),
        cmocka_unit_test(test_segment_distance_skew),
        cmocka_unit_test(test_segment_distance_near_corner_tie),
        cmocka_unit_test(seed_snippets_segments_do_not_intercept),
        cmocka_unit_test(test_segment_distance_not_finite),
        cmocka_unit_test(test_segment_distance_far_from_origin),
        cmocka_unit_test(test_gjk_point_point),
        cmocka_unit_test(test_gjk_point_segment),
        cmocka_unit_test(test_gjk_circle_circle),
        cmocka_unit_test(test_gjk_circle_circle_touching_and_overlapping),
        cmocka_unit_test(test_gjk_box_box_face_face),
        cmocka_unit_test(test_gjk_box_box_corner_corner),
        cmocka_unit_test(test_gjk_polygon_polygon),
        cmocka_unit_test(test_gjk_capsule_polygon),
        cmocka_unit_test(test_gjk_overlapping_boxes),
        cmocka_unit_test(test_gjk_touching_boxes),
        cmocka_unit_test(test_gjk_degenerate_proxies),
        cmocka_unit_test(test_gjk_invalid_input),
        cmocka_unit_test(test_gjk_iteration_cap),
        cmocka_unit_test(test_gjk_far_from_origin),
        cmocka_unit_test(test_gjk_random_vs_brute_force),
        cmocka_unit_test(test_gjk_ignores_unused_slots),
        cmocka_unit_test(test_segment_distance_random_vs_gjk),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
