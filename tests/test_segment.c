/* Segment against segment: c2d_segment_overlap_segment, c2d_segment_intersect_segment,
 * c2d_segment_hit_segment and c2d_line_intersect_line. */
#include "test_util.h"

/* Coordinates around 100 lose about 1e-5 in float. */
#ifdef C2D_DOUBLE
#  define TOL_BIG 1e-9
#else
#  define TOL_BIG 1e-3
#endif

/* Checks overlap, the meeting point and a's fraction, and that swapping the segments keeps the
 * yes/no answer. */
static void expect_meet(c2d_segment a, c2d_segment b, double px, double py, double frac) {
    c2d_vec2 p = c2d_v2(-7, -7);
    c2d_real t = -7;
    assert_true(c2d_segment_overlap_segment(a, b));
    assert_true(c2d_segment_overlap_segment(b, a));
    assert_true(c2d_segment_intersect_segment(a, b, &p, &t));
    assert_vec_near(p, px, py, TOL);
    assert_near(t, frac, TOL);
}

/* Checks no overlap either way and that no output is written. */
static void expect_miss(c2d_segment a, c2d_segment b) {
    c2d_vec2 p = c2d_v2(-7, -7);
    c2d_real t = -7;
    c2d_hit h;
    memset(&h, 0x5a, sizeof h);
    assert_false(c2d_segment_overlap_segment(a, b));
    assert_false(c2d_segment_overlap_segment(b, a));
    assert_false(c2d_segment_intersect_segment(a, b, &p, &t));
    assert_false(c2d_segment_hit_segment(a, b, NULL));
    assert_false(c2d_segment_hit_segment(a, b, &h));
    assert_near(p.x, -7, 0);
    assert_near(p.y, -7, 0);
    assert_near(t, -7, 0);
    {
        c2d_hit untouched;
        memset(&untouched, 0x5a, sizeof untouched);
        assert_memory_equal(&h, &untouched, sizeof h);
    }
}

/* The snippets' usage example: p1 {100,0}-{120,200} against {0,100}-{100,120}, commented "true".
 * The seed got it wrong: segment a spans x in [100,120] and b spans x in [0,100]; at the only
 * common x = 100, a is at y = 0 and b at y = 120. The lines cross at (5500/49, 6000/49), which is
 * beyond b's end (b's fraction there is 55/49 > 1), and the seed's own code returns false. */
static void seed_segments_example(void **state) {
    c2d_segment a = seg(100, 0, 120, 200), b = seg(0, 100, 100, 120);
    (void)state;
    expect_miss(a, b);
}

/* The seed's "return the point of intercept" variant, with b extended along its own line to x = 150
 * so that the segments really cross: a's fraction is 30/49 and the point (5500/49, 6000/49). */
static void seed_segments_intersection_point(void **state) {
    c2d_segment a = seg(100, 0, 120, 200), b = seg(0, 100, 150, 130);
    c2d_vec2 p;
    c2d_real t;
    (void)state;
    assert_true(c2d_segment_overlap_segment(a, b));
    assert_true(c2d_segment_intersect_segment(a, b, &p, &t));
    assert_vec_near(p, 5500.0 / 49.0, 6000.0 / 49.0, TOL_BIG);
    assert_near(t, 30.0 / 49.0, TOL);
    /* From b's side: fraction along b is (5500/49) / 150 = 110/147. */
    assert_true(c2d_segment_intersect_segment(b, a, &p, &t));
    assert_vec_near(p, 5500.0 / 49.0, 6000.0 / 49.0, TOL_BIG);
    assert_near(t, 110.0 / 147.0, TOL);
    /* NULL outputs are allowed. */
    assert_true(c2d_segment_intersect_segment(a, b, NULL, NULL));
}

/* The seed's "intercept point on the lines" variant, on the example's own segments: the lines
 * cross at (5500/49, 6000/49) even though the segments do not. */
static void seed_line_intersection_point(void **state) {
    c2d_segment a = seg(100, 0, 120, 200), b = seg(0, 100, 100, 120);
    c2d_vec2 p = c2d_v2(0, 0);
    (void)state;
    assert_true(c2d_line_intersect_line(a, b, &p));
    assert_vec_near(p, 5500.0 / 49.0, 6000.0 / 49.0, TOL_BIG);
    assert_true(c2d_line_intersect_line(b, a, &p));
    assert_vec_near(p, 5500.0 / 49.0, 6000.0 / 49.0, TOL_BIG);
}

static void line_intersect_line_cases(void **state) {
    c2d_vec2 p = c2d_v2(-7, -7);
    (void)state;
    /* Lines cross outside both segments. */
    assert_true(c2d_line_intersect_line(seg(0, 0, 1, 0), seg(5, -1, 5, -3), &p));
    assert_vec_near(p, 5, 0, TOL);
    assert_true(c2d_line_intersect_line(seg(0, 0, 1, 1), seg(0, 2, 1, 1), &p));
    assert_vec_near(p, 1, 1, TOL);
    p = c2d_v2(-7, -7);
    /* Parallel, collinear, zero length: no single crossing, nothing written. */
    assert_false(c2d_line_intersect_line(seg(0, 0, 2, 0), seg(0, 1, 2, 1), &p));
    assert_false(c2d_line_intersect_line(seg(0, 0, 2, 0), seg(1, 0, 3, 0), &p));
    assert_false(c2d_line_intersect_line(seg(0, 0, 2, 1), seg(4, 2, 8, 4), &p));
    assert_false(c2d_line_intersect_line(seg(1, 1, 1, 1), seg(0, 0, 2, 0), &p));
    assert_false(c2d_line_intersect_line(seg(0, 0, 2, 0), seg(1, 1, 1, 1), &p));
    assert_false(c2d_line_intersect_line(seg(0, 0, 1, 0), seg(0, 1, 1, NAN), &p));
    assert_false(c2d_line_intersect_line(seg(0, 0, INFINITY, 0), seg(0, 1, 1, -1), &p));
    assert_near(p.x, -7, 0);
    assert_near(p.y, -7, 0);
    assert_true(c2d_line_intersect_line(seg(0, 0, 1, 0), seg(3, 1, 4, 2), NULL));
    /* Parallel in exact arithmetic (directions (0.1, 0.3) and (0.3, 0.9)), but the rounded
     * coordinates leave a cross product of rounding noise: still parallel, not a far crossing. */
    {
        c2d_segment a = seg(0, 0, 0.1, 0.3), b = seg(1, 0.5, 1.3, 1.4);
        c2d_real noise = c2d_cross(c2d_sub(a.p2, a.p1), c2d_sub(b.p2, b.p1));
        assert_true(noise != 0);
        assert_false(c2d_line_intersect_line(a, b, &p));
    }
}

static void proper_crossing(void **state) {
    (void)state;
    expect_meet(seg(0, 0, 2, 2), seg(0, 2, 2, 0), 1, 1, 0.5);
    expect_meet(seg(0, 0, 4, 0), seg(1, -1, 1, 3), 1, 0, 0.25);
    expect_meet(seg(4, 0, 0, 0), seg(1, -1, 1, 3), 1, 0, 0.75);
}

/* Both sides of each boundary: a shared endpoint, a T-junction, and near misses. */
static void endpoints_and_t_junctions(void **state) {
    (void)state;
    /* Shared endpoint (closed rule: counts). */
    expect_meet(seg(0, 0, 1, 0), seg(1, 0, 2, 1), 1, 0, 1);
    expect_meet(seg(0, 0, 1, 0), seg(0, 0, 0, 1), 0, 0, 0);
    expect_meet(seg(0, 0, 1, 0), seg(0, 1, 0, 0), 0, 0, 0);
    /* b's endpoint on a's interior, and a's endpoint on b's interior. */
    expect_meet(seg(0, 0, 2, 0), seg(1, 0, 1, 1), 1, 0, 0.5);
    expect_meet(seg(0, 0, 2, 0), seg(1, 1, 1, 0), 1, 0, 0.5);
    expect_meet(seg(1, 0, 1, 1), seg(0, 0, 2, 0), 1, 0, 0);
    expect_meet(seg(1, 1, 1, 0), seg(0, 0, 2, 0), 1, 0, 1);
    /* Stem stopping just short of the bar: no. Stem poking just through: a crossing. */
    expect_miss(seg(0, 0, 2, 0), seg(1, 0.001, 1, 1));
    expect_meet(seg(0, 0, 2, 0), seg(1, -0.001, 1, 1), 1, 0, 0.5);
    /* Diagonal T-junction at exactly representable points. */
    expect_meet(seg(0, 0, 4, 4), seg(2, 2, 4, 0), 2, 2, 0.5);
    expect_miss(seg(0, 0, 4, 4), seg(2.25, 2, 4, 0));
}

static void collinear_cases(void **state) {
    (void)state;
    /* Overlapping: the shared point nearest a.p1. */
    expect_meet(seg(0, 0, 2, 0), seg(1, 0, 3, 0), 1, 0, 0.5);
    expect_meet(seg(0, 0, 2, 0), seg(3, 0, 1, 0), 1, 0, 0.5);
    expect_meet(seg(2, 0, 0, 0), seg(1, 0, 3, 0), 2, 0, 0);
    expect_meet(seg(0, 0, 4, 0), seg(1, 0, 2, 0), 1, 0, 0.25);
    expect_meet(seg(0, 0, 4, 0), seg(2, 0, 1, 0), 1, 0, 0.25);
    expect_meet(seg(1, 0, 2, 0), seg(0, 0, 4, 0), 1, 0, 0);
    expect_meet(seg(0, 0, 2, 2), seg(1, 1, 3, 3), 1, 1, 0.5);
    expect_meet(seg(0, 0, 0, 2), seg(0, 1, 0, 5), 0, 1, 0.5);
    /* Identical segments. */
    expect_meet(seg(0, 0, 2, 1), seg(0, 0, 2, 1), 0, 0, 0);
    /* Collinear, touching end to end: counts; a small gap: no; a small overlap: yes. */
    expect_meet(seg(0, 0, 1, 0), seg(1, 0, 2, 0), 1, 0, 1);
    expect_miss(seg(0, 0, 1, 0), seg(1.001, 0, 2, 0));
    expect_meet(seg(0, 0, 1, 0), seg(0.75, 0, 2, 0), 0.75, 0, 0.75);
    expect_miss(seg(0, 0, 1, 1), seg(1.5, 1.5, 3, 3));
}

static void parallel_cases(void **state) {
    (void)state;
    expect_miss(seg(0, 0, 2, 0), seg(0, 1, 2, 1));
    expect_miss(seg(0, 0, 2, 0), seg(0, 0.0001, 2, 0.0001));
    expect_miss(seg(0, 0, 2, 1), seg(0, 1, 2, 2));
    expect_miss(seg(0, 0, 0, 3), seg(-0.5, 0, -0.5, 3));
}

/* Zero-length segments act as points. */
static void zero_length_segments(void **state) {
    (void)state;
    expect_meet(seg(1, 0, 1, 0), seg(0, 0, 2, 0), 1, 0, 0);
    expect_meet(seg(0, 0, 2, 0), seg(1, 0, 1, 0), 1, 0, 0.5);
    expect_meet(seg(2, 0, 2, 0), seg(0, 0, 2, 0), 2, 0, 0);
    expect_meet(seg(1, 1, 1, 1), seg(0, 0, 2, 2), 1, 1, 0);
    expect_meet(seg(3, 4, 3, 4), seg(3, 4, 3, 4), 3, 4, 0);
    expect_miss(seg(1, 0.001, 1, 0.001), seg(0, 0, 2, 0));
    expect_miss(seg(2.001, 0, 2.001, 0), seg(0, 0, 2, 0));
    expect_miss(seg(3, 4, 3, 4), seg(3, 4.001, 3, 4.001));
}

static void hit_segment_normal_and_pos(void **state) {
    c2d_hit h;
    (void)state;
    /* a.p1 above b: b's normal toward it is +y. */
    assert_true(c2d_segment_hit_segment(seg(1, 1, 1, -1), seg(0, 0, 2, 0), &h));
    assert_vec_near(h.pos, 1, 0, TOL);
    assert_vec_near(h.normal, 0, 1, TOL);
    assert_vec_near(h.delta, 0, 0, 0);
    assert_near(h.time, 0, 0);
    /* a.p1 below b: -y. */
    assert_true(c2d_segment_hit_segment(seg(1, -1, 1, 1), seg(0, 0, 2, 0), &h));
    assert_vec_near(h.normal, 0, -1, TOL);
    /* Same, b reversed: the normal still points toward a.p1. */
    assert_true(c2d_segment_hit_segment(seg(1, -1, 1, 1), seg(2, 0, 0, 0), &h));
    assert_vec_near(h.normal, 0, -1, TOL);
    /* a.p1 on b's line (T-junction): a.p2's side. */
    assert_true(c2d_segment_hit_segment(seg(1, 0, 1, -3), seg(0, 0, 2, 0), &h));
    assert_vec_near(h.pos, 1, 0, TOL);
    assert_vec_near(h.normal, 0, -1, TOL);
    /* Collinear: b's left normal; pos is the shared point nearest a.p1. */
    assert_true(c2d_segment_hit_segment(seg(3, 0, 1, 0), seg(0, 0, 2, 0), &h));
    assert_vec_near(h.pos, 2, 0, TOL);
    assert_vec_near(h.normal, 0, 1, TOL);
    /* Diagonal b: unit normal (-1, 1)/sqrt(2) on a.p1's side. */
    assert_true(c2d_segment_hit_segment(seg(0, 2, 2, 0), seg(0, 0, 3, 3), &h));
    assert_vec_near(h.pos, 1, 1, TOL);
    assert_vec_near(h.normal, -0.70710678118654752, 0.70710678118654752, TOL);
    /* Zero-length b: no normal. */
    assert_true(c2d_segment_hit_segment(seg(0, 0, 2, 0), seg(1, 0, 1, 0), &h));
    assert_vec_near(h.pos, 1, 0, TOL);
    assert_vec_near(h.normal, 0, 0, 0);
    assert_hit_finite(h);
    assert_true(c2d_segment_hit_segment(seg(0, 0, 2, 0), seg(1, 0, 1, 1), NULL));
}

/* NaN, infinities and out-of-range coordinates never hit and never write. */
static void bad_input(void **state) {
    double big = (double)C2D_MAX_COORD * 10.0;
    (void)state;
    expect_miss(seg(NAN, 0, 2, 0), seg(1, -1, 1, 1));
    expect_miss(seg(0, 0, 2, NAN), seg(1, -1, 1, 1));
    expect_miss(seg(0, 0, 2, 0), seg(NAN, NAN, NAN, NAN));
    expect_miss(seg(NAN, NAN, NAN, NAN), seg(NAN, NAN, NAN, NAN));
    expect_miss(seg(-INFINITY, 0, INFINITY, 0), seg(1, -1, 1, 1));
    expect_miss(seg(0, 0, 2, 0), seg(1, -INFINITY, 1, INFINITY));
    expect_miss(seg(-big, 0, big, 0), seg(1, -1, 1, 1));
}

/* Two segments near (1e5, 1e5) behave like the same segments near 0. 1/64 is exact there in float. */
static void far_from_origin(void **state) {
    double o = 1e5;
    (void)state;
    expect_meet(seg(o, o, o + 2, o + 2), seg(o, o + 2, o + 2, o), o + 1, o + 1, 0.5);
    expect_meet(seg(o, o, o + 2, o), seg(o + 1, o, o + 1, o + 1), o + 1, o, 0.5);
    expect_miss(seg(o, o, o + 2, o), seg(o + 1, o + 1.0 / 64, o + 1, o + 1));
    expect_meet(seg(o, o, o + 2, o), seg(o + 1, o - 1.0 / 64, o + 1, o + 1), o + 1, o, 0.5);
    expect_meet(seg(o, o, o + 2, o), seg(o + 1, o, o + 3, o), o + 1, o, 0.5);
    expect_miss(seg(o, o, o + 2, o), seg(o + 2 + 1.0 / 64, o, o + 3, o));
}

/* Distance from p to segment a-b, in double. */
static double dist_to_seg(double px, double py, double ax, double ay, double bx, double by) {
    double ex = bx - ax, ey = by - ay, ee = ex * ex + ey * ey, t = 0;
    if (ee > 0) t = ((px - ax) * ex + (py - ay) * ey) / ee;
    if (t < 0) t = 0;
    if (t > 1) t = 1;
    return hypot(px - (ax + t * ex), py - (ay + t * ey));
}

/* Random segments on a coarse grid (so that touching, collinear and T cases are frequent) and off
 * it. Checks symmetry, invariance under reversing either segment, agreement with an independent
 * double-precision orientation test when the configuration is clearly not degenerate, and that a
 * reported point lies on both segments with a's fraction pointing at it. */
static void random_segments(void **state) {
    test_rng rng = test_rng_make("random_segments");
    int iters = test_iterations(20000), k;
    (void)state;
    for (k = 0; k < iters; ++k) {
        double c[8];
        int i;
        bool grid = (k & 1) == 0, r, clear;
        c2d_segment a, b;
        c2d_vec2 p;
        c2d_real t;
        double d1, d2, d3, d4;
        for (i = 0; i < 8; ++i) {
            c[i] = grid ? floor(test_rng_range(&rng, 0, 5)) : test_rng_range(&rng, -4, 4);
        }
        a = seg(c[0], c[1], c[2], c[3]);
        b = seg(c[4], c[5], c[6], c[7]);
        r = c2d_segment_overlap_segment(a, b);
        assert_true(r == c2d_segment_overlap_segment(b, a));
        assert_true(r == c2d_segment_overlap_segment(seg(c[2], c[3], c[0], c[1]), b));
        assert_true(r == c2d_segment_overlap_segment(a, seg(c[6], c[7], c[4], c[5])));
        assert_true(r == c2d_segment_intersect_segment(a, b, &p, &t));

        /* Independent check on the (float-rounded) coordinates, in double. */
        {
            double ax = a.p1.x, ay = a.p1.y, bx = a.p2.x, by = a.p2.y;
            double cx = b.p1.x, cy = b.p1.y, dx = b.p2.x, dy = b.p2.y;
            d1 = (dx - cx) * (ay - cy) - (dy - cy) * (ax - cx);
            d2 = (dx - cx) * (by - cy) - (dy - cy) * (bx - cx);
            d3 = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
            d4 = (bx - ax) * (dy - ay) - (by - ay) * (dx - ax);
            clear = fabs(d1) > 1e-3 && fabs(d2) > 1e-3 && fabs(d3) > 1e-3 && fabs(d4) > 1e-3;
            if (clear) assert_true(r == ((d1 > 0) != (d2 > 0) && (d3 > 0) != (d4 > 0)));
            if (r) {
                assert_true(t >= 0 && t <= 1);
                assert_true(dist_to_seg(p.x, p.y, ax, ay, bx, by) < 1e-3);
                assert_true(dist_to_seg(p.x, p.y, cx, cy, dx, dy) < 1e-3);
                assert_near(p.x, ax + t * (bx - ax), 1e-3);
                assert_near(p.y, ay + t * (by - ay), 1e-3);
            }
        }
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(seed_segments_example),
        cmocka_unit_test(seed_segments_intersection_point),
        cmocka_unit_test(seed_line_intersection_point),
        cmocka_unit_test(line_intersect_line_cases),
        cmocka_unit_test(proper_crossing),
        cmocka_unit_test(endpoints_and_t_junctions),
        cmocka_unit_test(collinear_cases),
        cmocka_unit_test(parallel_cases),
        cmocka_unit_test(zero_length_segments),
        cmocka_unit_test(hit_segment_normal_and_pos),
        cmocka_unit_test(bad_input),
        cmocka_unit_test(far_from_origin),
        cmocka_unit_test(random_segments),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
