/* Exact answers (issue 14): the exact orientation predicate c2d_orient2d against an exact integer
 * reference, and the predicates built on it, with the reproducers found off the integer grid
 * (near-collinear segments said to cross, crossing points off a segment, points exactly on slanted
 * polygon edges). Each reproducer failed on e7d4559, before the predicates were exact. */
#include "test_util.h"

/* ---- exact reference: coordinates on the grid of 2^-50 with |x| < 2^10, as 128-bit integers ---- */

typedef __int128 i128;

/* x * 2^50 as an integer, or false when x is not on the grid (or too large). */
static bool grid_int(double x, long long *out) {
    double s = ldexp(x, 50);
    if (!(fabs(x) < 1024.0) || s != floor(s)) return false;
    *out = (long long)s;
    return true;
}

/* Sign of orient(a, b, c) computed in 128-bit integers; false when a coordinate is off the grid. */
static bool ref_orient(c2d_vec2 a, c2d_vec2 b, c2d_vec2 c, int *sign) {
    long long ax, ay, bx, by, cx, cy;
    i128 det;
    if (!grid_int(a.x, &ax) || !grid_int(a.y, &ay) || !grid_int(b.x, &bx) || !grid_int(b.y, &by) ||
        !grid_int(c.x, &cx) || !grid_int(c.y, &cy))
        return false;
    det = (i128)(bx - ax) * (i128)(cy - ay) - (i128)(by - ay) * (i128)(cx - ax);
    *sign = det > 0 ? 1 : (det < 0 ? -1 : 0);
    return true;
}

/* x moved by k steps of the real type (k may be negative). */
static c2d_real step(c2d_real x, int k) {
#ifdef C2D_DOUBLE
    while (k > 0) {
        x = nextafter(x, INFINITY);
        --k;
    }
    while (k < 0) {
        x = nextafter(x, -INFINITY);
        ++k;
    }
#else
    while (k > 0) {
        x = nextafterf(x, INFINITY);
        --k;
    }
    while (k < 0) {
        x = nextafterf(x, -INFINITY);
        ++k;
    }
#endif
    return x;
}

static void orient2d_basics(void **state) {
    c2d_vec2 o = c2d_v2(0, 0), x = c2d_v2(1, 0), y = c2d_v2(0, 1);
    (void)state;
    assert_int_equal(c2d_orient2d(o, x, y), 1);
    assert_int_equal(c2d_orient2d(o, y, x), -1);
    assert_int_equal(c2d_orient2d(o, x, c2d_v2(2, 0)), 0);
    assert_int_equal(c2d_orient2d(o, x, c2d_v2((c2d_real)NAN, 0)), 0);
    assert_int_equal(c2d_orient2d(o, c2d_v2((c2d_real)INFINITY, 1), y), 0);
    /* far from the origin, one step off the line either way */
    {
        c2d_vec2 a = c2d_v2((c2d_real)1e6, (c2d_real)1e6), b = c2d_v2((c2d_real)3e6, (c2d_real)2e6);
        c2d_vec2 m = c2d_v2((c2d_real)2e6, (c2d_real)1.5e6);
        assert_int_equal(c2d_orient2d(a, b, m), 0);
        assert_int_equal(c2d_orient2d(a, b, c2d_v2(m.x, step(m.y, 1))), 1);
        assert_int_equal(c2d_orient2d(a, b, c2d_v2(m.x, step(m.y, -1))), -1);
    }
}

/* Near-collinear triples (the third point a rounded point of the line a-b moved by up to 3 steps
 * per coordinate) against the integer reference, and the sign's symmetries. */
static void orient2d_matches_exact_reference(void **state) {
    test_rng r = test_rng_make("orient2d_matches_exact_reference");
    int i, n = test_iterations(200000), checked = 0, zeros = 0, rounded_wrong = 0;
    (void)state;
    for (i = 0; i < n; ++i) {
        double sc = ldexp(1.0, (int)(test_rng_next(&r) % 10));
        c2d_vec2 a = c2d_v2((c2d_real)test_rng_range(&r, -sc, sc), (c2d_real)test_rng_range(&r, -sc, sc));
        c2d_vec2 b = c2d_v2((c2d_real)test_rng_range(&r, -sc, sc), (c2d_real)test_rng_range(&r, -sc, sc));
        double t = test_rng_range(&r, -0.5, 1.5);
        c2d_vec2 c = c2d_v2((c2d_real)(a.x + t * (b.x - a.x)), (c2d_real)(a.y + t * (b.y - a.y)));
        int ref, got;
        c2d_real rounded;
        if (i & 1) {
            /* exactly collinear: three multiples of one integer direction, at scales far apart, so
             * that the differences round */
            double dx = (double)(test_rng_next(&r) % 2000 + 1), dy = (double)(test_rng_next(&r) % 2000) - 1000;
            double s1 = ldexp((double)(test_rng_next(&r) % 1000 + 1), -(int)(test_rng_next(&r) % 30) - 10);
            double s2 = ldexp((double)(test_rng_next(&r) % 1000 + 1), -10), s3 = -ldexp((double)(test_rng_next(&r) % 1000 + 1), -12);
            a = c2d_v2((c2d_real)(s1 * dx), (c2d_real)(s1 * dy));
            b = c2d_v2((c2d_real)(s2 * dx), (c2d_real)(s2 * dy));
            c = c2d_v2((c2d_real)(s3 * dx), (c2d_real)(s3 * dy));
        }
        if (!(i & 1) || (i & 2)) { /* half of the collinear triples stay exactly collinear */
            c.x = step(c.x, (int)(test_rng_next(&r) % 7) - 3);
            c.y = step(c.y, (int)(test_rng_next(&r) % 7) - 3);
        }
        if (!ref_orient(a, b, c, &ref)) continue;
        ++checked;
        zeros += ref == 0;
        got = c2d_orient2d(a, b, c);
        if (got != ref) {
            print_error("orient2d((%a,%a), (%a,%a), (%a,%a)) = %d, exact %d\n", (double)a.x, (double)a.y, (double)b.x,
                        (double)b.y, (double)c.x, (double)c.y, got, ref);
            fail();
        }
        /* the same triangle in every order */
        assert_int_equal(c2d_orient2d(b, c, a), ref);
        assert_int_equal(c2d_orient2d(c, a, b), ref);
        assert_int_equal(c2d_orient2d(b, a, c), -ref);
        rounded = c2d_cross(c2d_sub(b, a), c2d_sub(c, a));
        rounded_wrong += (rounded > 0) - (rounded < 0) != ref;
    }
    printf("orient2d: %d near-collinear triples checked, %d exactly collinear, rounded cross wrong on %d\n", checked,
           zeros, rounded_wrong);
    /* the generator must reach the hard cases: collinear triples and ones the rounded sign gets wrong */
    assert_true(checked > n / 2);
    assert_true(zeros > 0);
    assert_true(rounded_wrong > 0);
}

/* Issue 14, item 1: nearly collinear segments 0.44 apart were said to cross. */
static void collinear_apart_segments_do_not_meet(void **state) {
    c2d_segment a = {{(c2d_real)2.36603332, (c2d_real)1.87543225}, {(c2d_real)-8.67180157, (c2d_real)-2.20856667}};
    c2d_segment b = {{(c2d_real)-9.08526993, (c2d_real)-2.36154985}, {(c2d_real)-9.39965916, (c2d_real)-2.4778738}};
    c2d_shape sa = c2d_shape_from_segment(a), sb = c2d_shape_from_segment(b);
    c2d_distance_result d;
    c2d_vec2 p;
    (void)state;
    assert_false(c2d_segment_overlap_segment(a, b));
    assert_false(c2d_segment_overlap_segment(b, a));
    assert_false(c2d_segment_intersect_segment(a, b, &p, NULL));
    assert_false(c2d_shape_overlap(&sa, &sb));
    d = c2d_shape_distance(&sa, &sb);
    assert_near(d.distance, 0.44, 0.01);
}

/* Distance from p to the closed segment a-b, in long double. */
static long double dist_to_segment(c2d_vec2 p, c2d_segment s) {
    long double dx = (long double)s.p2.x - s.p1.x, dy = (long double)s.p2.y - s.p1.y;
    long double wx = (long double)p.x - s.p1.x, wy = (long double)p.y - s.p1.y;
    long double dd = dx * dx + dy * dy, t = dx * wx + dy * wy;
    if (t > 0 && dd > 0) {
        t = t < dd ? t / dd : 1;
        wx -= t * dx;
        wy -= t * dy;
    }
    return sqrtl(wx * wx + wy * wy);
}

/* One unit in the last place of the largest coordinate magnitude of the four ends. */
static double ends_ulp(c2d_segment a, c2d_segment b) {
    c2d_real m = 0;
    m = fmax(m, fmax(fabs(a.p1.x), fabs(a.p1.y)));
    m = fmax(m, fmax(fabs(a.p2.x), fabs(a.p2.y)));
    m = fmax(m, fmax(fabs(b.p1.x), fabs(b.p1.y)));
    m = fmax(m, fmax(fabs(b.p2.x), fabs(b.p2.y)));
    return (double)(step(m, 1) - m);
}

/* Issue 14, item 2: a crossing point 0.72 units off b; and the documented bound (4 ulps of the
 * largest coordinate from each segment) on random and near-parallel crossings. */
static void crossing_point_lies_on_both_segments(void **state) {
    c2d_segment a = {{(c2d_real)6.04322863, (c2d_real)4.20820236}, {(c2d_real)8.53342533, (c2d_real)-9.88255787}};
    c2d_segment b = {{(c2d_real)6.41656494, (c2d_real)2.09568167}, {(c2d_real)5.31770706, (c2d_real)8.31356049}};
    test_rng r = test_rng_make("crossing_point_lies_on_both_segments");
    int i, n = test_iterations(200000), crossings = 0, parallel = 0;
    c2d_vec2 p;
    c2d_real f;
    (void)state;
    if (c2d_segment_intersect_segment(a, b, &p, &f)) {
        assert_true(dist_to_segment(p, a) <= 4 * ends_ulp(a, b));
        assert_true(dist_to_segment(p, b) <= 4 * ends_ulp(a, b));
        assert_true(f >= 0 && f <= 1);
    }
    for (i = 0; i < n; ++i) {
        double sc = pow(10.0, (double)(test_rng_next(&r) % 7) - 2), off = (test_rng_next(&r) % 3 == 0) ? sc * 100 : 0;
        c2d_segment s, q;
        bool near_parallel = test_rng_next(&r) & 1;
        s.p1 = c2d_v2((c2d_real)(off + test_rng_range(&r, -sc, sc)), (c2d_real)(off + test_rng_range(&r, -sc, sc)));
        s.p2 = c2d_v2((c2d_real)(off + test_rng_range(&r, -sc, sc)), (c2d_real)(off + test_rng_range(&r, -sc, sc)));
        if (near_parallel) {
            double t1 = test_rng_range(&r, 0.5, 1.0), t2 = test_rng_range(&r, 0.0, 0.5), e = sc * 1e-6 * test_rng_range(&r, -1, 1);
            q.p1 = c2d_v2((c2d_real)(s.p1.x + (s.p2.x - s.p1.x) * t1 + e), (c2d_real)(s.p1.y + (s.p2.y - s.p1.y) * t1 - e));
            q.p2 = c2d_v2((c2d_real)(s.p1.x + (s.p2.x - s.p1.x) * t2 - e), (c2d_real)(s.p1.y + (s.p2.y - s.p1.y) * t2 + e));
        } else {
            q.p1 = c2d_v2((c2d_real)(off + test_rng_range(&r, -sc, sc)), (c2d_real)(off + test_rng_range(&r, -sc, sc)));
            q.p2 = c2d_v2((c2d_real)(off + test_rng_range(&r, -sc, sc)), (c2d_real)(off + test_rng_range(&r, -sc, sc)));
        }
        if (!c2d_segment_intersect_segment(s, q, &p, &f)) continue;
        ++crossings;
        parallel += near_parallel;
        if (!(dist_to_segment(p, s) <= 4 * ends_ulp(s, q) && dist_to_segment(p, q) <= 4 * ends_ulp(s, q))) {
            print_error("point (%a, %a) is %Lg and %Lg from s=(%a,%a)-(%a,%a), q=(%a,%a)-(%a,%a); ulp %g\n", (double)p.x,
                        (double)p.y, dist_to_segment(p, s), dist_to_segment(p, q), (double)s.p1.x, (double)s.p1.y,
                        (double)s.p2.x, (double)s.p2.y, (double)q.p1.x, (double)q.p1.y, (double)q.p2.x, (double)q.p2.y,
                        ends_ulp(s, q));
            fail();
        }
        assert_true(f >= 0 && f <= 1);
    }
    printf("crossing points: %d checked, %d near parallel\n", crossings, parallel);
    assert_true(crossings > n / 4 && parallel > n / 8);
}

/* A concave polygon (a notched quad) whose first edge runs from a to b, and a point p exactly on
 * that edge (all three on the line y = 72/941 x) where the rounded cross product says "left". */
static const c2d_real SLANT_A[2] = {(c2d_real)0x1.50558p+8, (c2d_real)0x1.9bcp+4};
static const c2d_real SLANT_B[2] = {(c2d_real)0x1.ff8208p+21, (c2d_real)0x1.391ap+18};
static const c2d_real SLANT_P[2] = {(c2d_real)0x1.29476p+19, (c2d_real)0x1.6bfp+15};

/* Issue 14, item 5: a point exactly on a slanted concave edge was reported inside. The same for the
 * convex hull of the edge and a point on its left, with the point hit agreeing. */
static void point_on_slanted_edge_is_outside(void **state) {
    c2d_vec2 a = c2d_v2(SLANT_A[0], SLANT_A[1]), b = c2d_v2(SLANT_B[0], SLANT_B[1]), p = c2d_v2(SLANT_P[0], SLANT_P[1]);
    c2d_vec2 d = c2d_sub(b, a), m = c2d_scale(c2d_add(a, b), (c2d_real)0.5), c = c2d_v2(m.x - d.y, m.y + d.x);
    c2d_vec2 notch = c2d_v2(m.x - (c2d_real)0.3 * d.y, m.y + (c2d_real)0.3 * d.x);
    c2d_vec2 v[5] = {a, b, c2d_add(c, c2d_scale(d, (c2d_real)0.2)), notch, c2d_sub(c, c2d_scale(d, (c2d_real)0.2))};
    c2d_vec2 tri[3] = {a, b, c};
    c2d_concave cc;
    c2d_polygon poly;
    c2d_hit h;
    (void)state;
    assert_int_equal(c2d_orient2d(a, b, p), 0);
    assert_status(c2d_concave_make(v, 5, &cc), C2D_OK);
    assert_false(c2d_concave_contains_point(&cc, p));
    assert_status(c2d_polygon_make(tri, 3, &poly), C2D_OK);
    assert_false(c2d_polygon_contains_point(&poly, p));
    assert_false(c2d_point_hit_polygon(p, &poly, &h));
    /* a step to the left of the edge is inside, and the hit agrees */
    {
        c2d_vec2 in = c2d_v2(p.x, step(p.y, 1));
        assert_int_equal(c2d_orient2d(a, b, in), 1);
        assert_true(c2d_concave_contains_point(&cc, in));
        assert_true(c2d_polygon_contains_point(&poly, in));
        assert_true(c2d_point_hit_polygon(in, &poly, &h));
        assert_hit_finite(h);
    }
}

/* Two triangles on either side of the same slanted edge only touch; a vertex one step across the
 * edge makes them overlap. Both orders, convex and concave forms. */
static void triangles_sharing_a_slanted_edge_touch(void **state) {
    c2d_vec2 a = c2d_v2(SLANT_A[0], SLANT_A[1]), b = c2d_v2(SLANT_B[0], SLANT_B[1]), p = c2d_v2(SLANT_P[0], SLANT_P[1]);
    c2d_vec2 d = c2d_sub(b, a), m = c2d_scale(c2d_add(a, b), (c2d_real)0.5);
    c2d_vec2 left = c2d_v2(m.x - d.y, m.y + d.x), right = c2d_v2(m.x + d.y, m.y - d.x);
    c2d_vec2 t1[3] = {a, b, left}, t2[3] = {p, right, b}, t3[3] = {c2d_v2(p.x, step(p.y, 1)), right, b};
    c2d_polygon p1, p2, p3;
    c2d_concave c1, c2;
    (void)state;
    assert_status(c2d_polygon_make(t1, 3, &p1), C2D_OK);
    assert_status(c2d_polygon_make(t2, 3, &p2), C2D_OK);
    assert_status(c2d_polygon_make(t3, 3, &p3), C2D_OK);
    assert_false(c2d_polygon_overlap_polygon(&p1, &p2));
    assert_false(c2d_polygon_overlap_polygon(&p2, &p1));
    assert_true(c2d_polygon_overlap_polygon(&p1, &p3));
    assert_true(c2d_polygon_overlap_polygon(&p3, &p1));
    assert_status(c2d_concave_make(t1, 3, &c1), C2D_OK);
    assert_status(c2d_concave_make(t2, 3, &c2), C2D_OK);
    assert_false(c2d_concave_overlap_concave(&c1, &c2));
    assert_false(c2d_concave_overlap_polygon(&c1, &p2));
    assert_true(c2d_concave_overlap_polygon(&c1, &p3));
    /* a segment lying along the edge touches only */
    {
        c2d_segment s = {a, p}, ab = {a, b};
        assert_false(c2d_segment_overlap_polygon(s, &p1));
        assert_false(c2d_concave_overlap_segment(&c1, s));
        assert_true(c2d_segment_contains_point(ab, p));
    }
}

/* Found by the GEOS differential test: near-collinear segments 0.24 apart, which
 * c2d_segment_distance called crossing (distance 0) from rounded signs. */
static void near_collinear_segment_distance(void **state) {
    c2d_segment a = {{(c2d_real)0x1.5f1fa4p-1, (c2d_real)-0x1.dee248p+1}, {(c2d_real)-0x1.499f78p+0, (c2d_real)-0x1.526f94p+2}};
    c2d_segment b = {{(c2d_real)0x1.c0db64p-1, (c2d_real)-0x1.cbbb84p+1}, {(c2d_real)0x1.3615bcp+1, (c2d_real)-0x1.30a308p+1}};
    c2d_segment_distance_result d = c2d_segment_distance(a, b);
    (void)state;
    assert_false(c2d_segment_overlap_segment(a, b));
    assert_near(sqrt((double)d.distance_squared), 0.24253576, 1e-5);
}

/* Found by the GEOS differential test: an end lying exactly on the other segment (a T-junction on
 * the integer grid) was 4.8e-7 away by a rounded projection; the segments meet, so the distance is
 * 0 at that end. */
static void t_junction_segment_distance(void **state) {
    c2d_segment a = {{-6, -4}, {7, -4}}, b = {{1, -3}, {1, -4}};
    c2d_segment_distance_result d = c2d_segment_distance(a, b);
    (void)state;
    assert_true(c2d_segment_overlap_segment(a, b));
    assert_true(d.distance_squared == 0);
    assert_true(d.closest1.x == 1 && d.closest1.y == -4 && d.closest2.x == 1 && d.closest2.y == -4);
}

/* Found by the GEOS differential test (float values): a thin triangle wholly inside a concave
 * outline was called apart, and another outside an outline was called overlapping, because one
 * rounded interior point of the triangle decided. */
static void thin_triangles_in_and_beside_concave(void **state) {
    static const c2d_vec2 a1[3] = {{(c2d_real)0x1.25bbbp-21, (c2d_real)-0x1.09cd1ep-22},
                                   {(c2d_real)0x1.00f8bep-21, (c2d_real)-0x1.a59eap-22},
                                   {(c2d_real)0x1.e44fb2p-23, (c2d_real)-0x1.f2cfcp-21}};
    static const c2d_vec2 b1[5] = {{(c2d_real)0x1.372dcp-21, (c2d_real)-0x1.7fb666p-23},
                                   {(c2d_real)-0x1.2039acp-22, (c2d_real)0x1.3f1a86p-22},
                                   {(c2d_real)-0x1.e4f226p-21, (c2d_real)-0x1.9febbcp-23},
                                   {(c2d_real)-0x1.9fa9bp-22, (c2d_real)-0x1.f807cp-22},
                                   {(c2d_real)0x1.72121cp-23, (c2d_real)-0x1.17ab74p-20}};
    static const c2d_vec2 a2[3] = {{(c2d_real)0x1.cb8b8ap+1, (c2d_real)-0x1.f3476p+0},
                                   {(c2d_real)0x1.0156fcp+0, (c2d_real)-0x1.46def2p+0},
                                   {(c2d_real)-0x1.8ae276p+1, (c2d_real)-0x1.b08384p-3}};
    static const c2d_vec2 b2[4] = {{(c2d_real)0x1.0156f8p+0, (c2d_real)-0x1.46defp+0},
                                   {(c2d_real)-0x1.8d083ap+2, (c2d_real)0x1.33deb2p-1},
                                   {(c2d_real)-0x1.14e3acp+2, (c2d_real)0x1.c78d3ep+2},
                                   {(c2d_real)0x1.7f190ap+1, (c2d_real)0x1.c4b268p+1}};
    c2d_concave ca, cb;
    (void)state;
    assert_status(c2d_concave_make(a1, 3, &ca), C2D_OK);
    assert_status(c2d_concave_make(b1, 5, &cb), C2D_OK);
    assert_true(c2d_concave_overlap_concave(&ca, &cb));
    assert_true(c2d_concave_overlap_concave(&cb, &ca));
    assert_status(c2d_concave_make(a2, 3, &ca), C2D_OK);
    assert_status(c2d_concave_make(b2, 4, &cb), C2D_OK);
    assert_false(c2d_concave_overlap_concave(&ca, &cb));
    assert_false(c2d_concave_overlap_concave(&cb, &ca));
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(orient2d_basics),
        cmocka_unit_test(orient2d_matches_exact_reference),
        cmocka_unit_test(collinear_apart_segments_do_not_meet),
        cmocka_unit_test(crossing_point_lies_on_both_segments),
        cmocka_unit_test(point_on_slanted_edge_is_outside),
        cmocka_unit_test(triangles_sharing_a_slanted_edge_touch),
        cmocka_unit_test(near_collinear_segment_distance),
        cmocka_unit_test(t_junction_segment_distance),
        cmocka_unit_test(thin_triangles_in_and_beside_concave),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
