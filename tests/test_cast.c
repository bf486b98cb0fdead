/* Continuous collision (src/cast.c): the linear shape cast of every convex pair
 * (c2d_shape_cast), sweeping through many statics (c2d_shape_sweep_into) and the rotational time
 * of impact (c2d_time_of_impact).
 *
 * Hand-computed contact times, normals and points for each of the 21 pairs, checked in both
 * orders and with the motion given to either shape; the touching table (sliding, into, away,
 * overlapping, zero motion) for every pair; the closed rule of points and segments; random
 * property tests against a brute-force oracle that steps finely; 10^5 random sweeps through thin
 * walls (C2D_TEST_ITERS raises the count) with no tunnelling; far from the origin; bad input.
 *
 * Tolerance of the oracle comparisons (documented here and in the report): the oracle samples
 * ORACLE_STEPS + 1 evenly spaced times; the cast's hit time must not come after the first sampled
 * overlap by more than TIME_TOL, and the shapes must overlap or touch a little (PAST) after it. */
#include "test_util.h"

#ifdef C2D_DOUBLE
#  define TIME_TOL 1e-6
#  define DIST_TOL 1e-7
#else
#  define TIME_TOL 1e-3
#  define DIST_TOL 2e-4
#endif
/* 1 when the library's debug checks call the assert hook (the test is built with the same
 * NDEBUG setting as the library), 0 when they are compiled out. */
#if !defined(NDEBUG) || defined(C2D_ENABLE_ASSERT)
#  define ASSERTS_ON 1
#else
#  define ASSERTS_ON 0
#endif
#define ORACLE_STEPS 400
#ifdef C2D_DOUBLE
#  define HUGE_MOVE 1e12
#else
#  define HUGE_MOVE 1e4
#endif
#define PAST 1e-3

/* ---------------------------------------------------------------- helpers */

/* Case count of a randomized test: dflt for the default 10^5 of C2D_TEST_ITERS (the thin-wall
 * count), scaled in proportion when C2D_TEST_ITERS asks for more or fewer. */
static int scaled_iterations(int dflt) {
    double k = (double)test_iterations(100000) / 100000.0 * dflt;
    return k < 1 ? 1 : (int)k;
}

static c2d_vec2 V(double x, double y) { return c2d_v2((c2d_real)x, (c2d_real)y); }
static c2d_shape S_point(double x, double y) { return c2d_shape_from_point(V(x, y)); }
static c2d_shape S_seg(double x1, double y1, double x2, double y2) { return c2d_shape_from_segment(seg(x1, y1, x2, y2)); }
static c2d_shape S_box(double cx, double cy, double hx, double hy) { return c2d_shape_from_aabb(box_c(cx, cy, hx, hy)); }
static c2d_shape S_circ(double x, double y, double r) { return c2d_shape_from_circle(circ(x, y, r)); }
static c2d_shape S_caps(double x1, double y1, double x2, double y2, double r) { return c2d_shape_from_capsule(caps(x1, y1, x2, y2, r)); }
static c2d_shape S_pbox(double cx, double cy, double hx, double hy, double angle) {
    c2d_polygon p = poly_box(cx, cy, hx, hy, angle);
    return c2d_shape_from_polygon(&p);
}
/* The diamond with vertices (+-2, 0), (0, +-2), centered on (cx, cy). */
static c2d_shape S_diamond(double cx, double cy) {
    double xy[8] = {cx + 2, cy, cx, cy + 2, cx - 2, cy, cx, cy - 2};
    c2d_polygon p = poly_n(4, xy);
    return c2d_shape_from_polygon(&p);
}

/* s moved by t * d. */
static c2d_shape moved(const c2d_shape *s, c2d_vec2 d, c2d_real t) {
    c2d_transform xf;
    xf.p = c2d_scale(d, t);
    xf.q = c2d_rot_identity();
    return c2d_shape_transform(s, xf);
}

static c2d_vec2 center_of(const c2d_shape *s) { return c2d_aabb_center(c2d_shape_aabb(s)); }

static bool overlap_at(const c2d_shape *a, c2d_vec2 da, const c2d_shape *b, c2d_vec2 db, c2d_real t) {
    c2d_shape ma = moved(a, da, t), mb = moved(b, db, t);
    return c2d_shape_overlap(&ma, &mb);
}
static double distance_at(const c2d_shape *a, c2d_vec2 da, const c2d_shape *b, c2d_vec2 db, c2d_real t) {
    c2d_shape ma = moved(a, da, t), mb = moved(b, db, t);
    return (double)c2d_shape_distance(&ma, &mb).distance;
}

static void assert_sweep_finite(c2d_sweep s) {
    assert_hit_finite(s.hit);
    assert_true(isfinite((double)s.pos.x) && isfinite((double)s.pos.y) && isfinite((double)s.time));
    assert_true(s.time >= 0 && s.time <= 1);
}

static const char *type_name(c2d_shape_type t) {
    static const char *names[] = {"point", "segment", "aabb", "circle", "capsule", "polygon"};
    return (unsigned)t < 6u ? names[t] : "?";
}

/* The safe position (a moved by time * da, b by time * db) neither overlaps nor touches. */
static void assert_safe(const c2d_shape *a, c2d_vec2 da, const c2d_shape *b, c2d_vec2 db, c2d_sweep s) {
    assert_false(overlap_at(a, da, b, db, s.time));
    if (s.has_hit && s.hit.time > 0) assert_true(distance_at(a, da, b, db, s.time) > 0);
    assert_near(s.pos.x, (double)center_of(a).x + (double)s.time * (double)da.x, TOL * 10);
    assert_near(s.pos.y, (double)center_of(a).y + (double)s.time * (double)da.y, TOL * 10);
}

/* One hand case: a moving by d against a still b first touches at time t with normal (nx, ny)
 * at (px, py) on b. Checked as given, with the motion given to b instead (same time and normal,
 * b's contact point moved with b), and with the roles swapped (normal negated, the contact seen
 * from a's side: same point, moved back by t * d since now a stays). */
static void hand_case(c2d_shape a, c2d_shape b, c2d_vec2 d, double t, double nx, double ny, double px, double py) {
    c2d_vec2 zero = c2d_v2(0, 0), nd = c2d_neg(d);
    c2d_sweep s = c2d_shape_cast(&a, d, &b, zero);
    print_message("  %s vs %s\n", type_name(a.type), type_name(b.type));
    assert_true(s.has_hit);
    assert_sweep_finite(s);
    assert_near(s.hit.time, t, TOL);
    assert_vec_near(s.hit.normal, nx, ny, TOL);
    assert_vec_near(s.hit.pos, px, py, TOL);
    assert_vec_near(s.hit.delta, (t - 1) * (double)d.x, (t - 1) * (double)d.y, TOL * 10);
    assert_true(s.time < s.hit.time);
    assert_true(s.time > t - 1e-3);
    assert_safe(&a, d, &b, zero, s);

    s = c2d_shape_cast(&a, zero, &b, nd);
    assert_true(s.has_hit);
    assert_near(s.hit.time, t, TOL);
    assert_vec_near(s.hit.normal, nx, ny, TOL);
    assert_vec_near(s.hit.pos, px - t * (double)d.x, py - t * (double)d.y, TOL * 10);
    assert_vec_near(s.pos, center_of(&a).x, center_of(&a).y, 0);
    assert_safe(&a, zero, &b, nd, s);

    s = c2d_shape_cast(&b, nd, &a, zero);
    assert_true(s.has_hit);
    assert_near(s.hit.time, t, TOL);
    assert_vec_near(s.hit.normal, -nx, -ny, TOL);
    assert_vec_near(s.hit.pos, px - t * (double)d.x, py - t * (double)d.y, TOL * 10);
    assert_safe(&b, nd, &a, zero, s);
}

/* ---------------------------------------------------------------- the seed article */

/* The article's figure "the sweep test prevents A from moving into B" through the generic entry:
 * A (half 1) at (-5,0) moves by (10,0) toward B (half 2); the faces meet when -4 + 10t = -2. The
 * article backs off by EPSILON = 1e-8 in time (no distance at all, and below float resolution);
 * here the back-off is C2D_SWEEP_MARGIN in distance plus a rounding allowance, as in
 * c2d_aabb_sweep_aabb, and the same boxes as polygons (the general path) give the same answer. */
static void seed_cast_stops_a_before_b(void **state) {
    c2d_shape a = S_box(-5, 0, 1, 1), b = S_box(0, 0, 2, 2);
    c2d_shape pa = S_pbox(-5, 0, 1, 1, 0), pb = S_pbox(0, 0, 2, 2, 0);
    c2d_vec2 d = V(10, 0), zero = V(0, 0);
    c2d_sweep s = c2d_shape_cast(&a, d, &b, zero), p;
    c2d_sweep r = c2d_aabb_sweep_aabb(a.as.aabb, d, b.as.aabb);
    (void)state;
    assert_true(s.has_hit);
    assert_near(s.hit.time, 0.2, TOL);
    assert_vec_near(s.hit.normal, -1, 0, 0);
    assert_vec_near(s.hit.pos, -2, 0, TOL);
    assert_vec_near(s.hit.delta, -8, 0, TOL);
    assert_true(s.time == r.time && s.pos.x == r.pos.x && s.pos.y == r.pos.y);
    assert_true(s.time > 0.2 - 1e-4 && s.time < 0.2);
    p = c2d_shape_cast(&pa, d, &pb, zero);
    assert_true(p.has_hit);
    assert_near(p.hit.time, 0.2, TOL);
    assert_vec_near(p.hit.normal, -1, 0, 0);
    assert_vec_near(p.hit.pos, -2, 0, TOL);
    assert_near(p.time, s.time, TOL * 0.1);
    assert_safe(&pa, d, &pb, zero, p);
    /* the gap at the safe position is about the margin */
    assert_true((double)pb.as.polygon.vertices[0].x - ((double)-4 + 10 * (double)p.time) >= 0.9e-4);
}

/* The article's figure "A intersects both B and C, and is incorrectly pushed into a bad state":
 * a box falls onto a floor of two tiles B and C that meet at x = 0. Moved the whole way, it
 * overlaps both; pushed out of each separately, each push (sideways: the x overlap is the smaller)
 * drives it into the other tile. Swept into both, it stops above the floor at the time its bottom
 * reaches y = 0 (0.5 / 1.4), with the floor's normal, and the position touches neither. Both tiles
 * are hit at the same time: the tie goes to the tile with the smaller lower.x (B) in either order. */
static void seed_sweep_into_two_tiles_no_bad_push(void **state) {
    c2d_shape a = S_box(-0.1, 1, 0.5, 0.5), tiles[2], rev[2];
    c2d_vec2 d = V(0, -1.4);
    c2d_shape end = moved(&a, d, 1);
    c2d_hit hb, hc;
    c2d_sweep s;
    int idx = 7;
    (void)state;
    tiles[0] = S_box(-1, -1, 1, 1); /* B: [-2,0] x [-2,0] */
    tiles[1] = S_box(1, -1, 1, 1);  /* C: [0,2] x [-2,0] */
    rev[0] = tiles[1];
    rev[1] = tiles[0];
    /* the bad state: each static push-out is sideways, into the other tile */
    assert_true(c2d_shape_hit(&end, &tiles[0], &hb));
    assert_true(c2d_shape_hit(&end, &tiles[1], &hc));
    assert_vec_near(hb.normal, 1, 0, 0);
    assert_vec_near(hc.normal, -1, 0, 0);
    {
        c2d_shape pushed = moved(&end, hb.delta, 1);
        assert_true(c2d_shape_overlap(&pushed, &tiles[1]));
    }
    s = c2d_shape_sweep_into(&a, d, tiles, 2, &idx);
    assert_true(s.has_hit);
    assert_int_equal(idx, 0);
    assert_near(s.hit.time, 0.5 / 1.4, TOL);
    assert_vec_near(s.hit.normal, 0, 1, 0);
    assert_safe(&a, d, &tiles[0], V(0, 0), s);
    assert_safe(&a, d, &tiles[1], V(0, 0), s);
    s = c2d_shape_sweep_into(&a, d, rev, 2, &idx);
    assert_int_equal(idx, 1);
    assert_near(s.hit.time, 0.5 / 1.4, TOL);
}

/* ---------------------------------------------------------------- hand cases, every pair */

static void test_cast_hand_point_pairs(void **state) {
    const double r = 0.70710678118654752;
    c2d_vec2 d = V(10, 0);
    (void)state;
    hand_case(S_point(-5, 0), S_point(0, 0), d, 0.5, -1, 0, 0, 0);
    hand_case(S_point(-5, 0.5), S_seg(0, -1, 0, 1), d, 0.5, -1, 0, 0, 0.5);
    hand_case(S_point(-5, 0.5), S_box(0, 0, 2, 2), d, 0.3, -1, 0, -2, 0.5);
    hand_case(S_point(-5, 0), S_circ(0, 0, 2), d, 0.3, -1, 0, -2, 0);
    hand_case(S_point(-5, 0.5), S_caps(0, -1, 0, 1, 1), d, 0.4, -1, 0, -1, 0.5);
    hand_case(S_point(-5, 1), S_diamond(0, 0), d, 0.4, -r, r, -1, 1);
}

static void test_cast_hand_segment_pairs(void **state) {
    c2d_vec2 d = V(10, 0);
    (void)state;
    /* a's end (-4,0) reaches b's line: an edge of b met by a vertex of a */
    hand_case(S_seg(-6, 0, -4, 0), S_seg(0, -1, 0, 1), d, 0.4, -1, 0, 0, 0);
    /* a's side meets b's end (0,0.5): an edge of a met by a vertex of b */
    hand_case(S_seg(-5, -1, -5, 1), S_seg(0, 0.5, 3, 0.5), d, 0.5, -1, 0, 0, 0.5);
    hand_case(S_seg(-6, -1, -4, 1), S_box(0, 0, 2, 2), d, 0.2, -1, 0, -2, 1);
    hand_case(S_seg(-5, -1, -5, 1), S_circ(0, 0, 2), d, 0.3, -1, 0, -2, 0);
    hand_case(S_seg(-5, -1, -5, 1), S_caps(0, 0, 3, 0, 1), d, 0.4, -1, 0, -1, 0);
    hand_case(S_seg(-5, -1, -5, 1), S_diamond(0, 0), d, 0.3, -1, 0, -2, 0);
}

static void test_cast_hand_solid_pairs(void **state) {
    const double r = 0.70710678118654752, s2 = 1.4142135623730951;
    c2d_vec2 d = V(10, 0);
    (void)state;
    hand_case(S_box(-5, 0, 1, 1), S_box(0, 0, 2, 2), d, 0.2, -1, 0, -2, 0);
    /* A's corner (-4, 1.6) meets the circle where y = 1.6: x = -sqrt(4 - 2.56) = -1.2 */
    hand_case(S_box(-5, 2.6, 1, 1), S_circ(0, 0, 2), d, 0.28, -0.6, 0.8, -1.2, 1.6);
    /* A's face meets the capsule's flat side along y in [-1, 1]: the middle of that contact */
    hand_case(S_box(-5, 0, 1, 1), S_caps(0, -1, 0, 1, 1), d, 0.3, -1, 0, -1, 0);
    hand_case(S_box(-5, 0, 1, 1), S_diamond(0, 0), d, 0.2, -1, 0, -2, 0);
    /* centers 3 apart when x = -sqrt(9 - 3.24) = -2.4: normal (-2.4, 1.8) / 3 */
    hand_case(S_circ(-5, 1.8, 1), S_circ(0, 0, 2), d, 0.26, -0.8, 0.6, -1.6, 1.2);
    hand_case(S_circ(-5, 0, 1), S_caps(0, -1, 0, 1, 1), d, 0.3, -1, 0, -1, 0);
    /* the circle meets the diamond's edge x - y = -2 when its center is at x = -1 - sqrt(2) */
    hand_case(S_circ(-5, 1, 1), S_diamond(0, 0), d, (4 - s2) / 10, -r, r, -1 - s2 + r, 1 - r);
    hand_case(S_caps(-6, 0, -4, 0, 0.5), S_caps(0, -1, 0, 1, 0.5), d, 0.3, -1, 0, -0.5, 0);
    hand_case(S_caps(-5, -1, -5, 1, 0.5), S_diamond(0, 0), d, 0.25, -1, 0, -2, 0);
    /* a square turned 45 degrees: its vertex (-5 + sqrt 2, 0) reaches x = -2 */
    hand_case(S_pbox(-5, 0, 1, 1, C2D_PI / 4), S_pbox(0, 0, 2, 2, 0), d, (3 - s2) / 10, -1, 0, -2, 0);
    /* the boxes of the first case as polygons: same answer through the general path */
    hand_case(S_pbox(-5, 0, 1, 1, 0), S_box(0, 0, 2, 2), d, 0.2, -1, 0, -2, 0);
    hand_case(S_box(-5, 0, 1, 1), S_pbox(0, 0, 2, 2, 0), d, 0.2, -1, 0, -2, 0);
}

/* Both shapes move: only the relative motion sets the time; the contact point is on b where b is
 * at that time, and the safe position moves a by its own delta. */
static void test_cast_both_moving(void **state) {
    c2d_shape a = S_box(-5, 0, 1, 1), b = S_box(0, 0, 2, 2);
    c2d_shape pa = S_pbox(-5, 0, 1, 1, 0), ca = S_circ(-5, 0, 1);
    c2d_vec2 da = V(5, 0), db = V(-5, 0);
    c2d_sweep s;
    int k;
    (void)state;
    for (k = 0; k < 3; ++k) {
        const c2d_shape *m = k == 0 ? &a : (k == 1 ? &pa : &ca);
        s = c2d_shape_cast(m, da, &b, db);
        assert_true(s.has_hit);
        assert_near(s.hit.time, 0.2, TOL);
        assert_vec_near(s.hit.normal, -1, 0, TOL);
        assert_vec_near(s.hit.pos, -3, 0, TOL);
        assert_vec_near(s.hit.delta, -8, 0, TOL);
        assert_true(s.time < 0.2 && s.time > 0.2 - 1e-4);
        assert_vec_near(s.pos, -5 + 5 * (double)s.time, 0, TOL);
        assert_safe(m, da, &b, db, s);
    }
    /* moving together: no relative motion, the static test */
    s = c2d_shape_cast(&a, da, &b, da);
    assert_false(s.has_hit);
    assert_near(s.time, 1, 0);
    assert_vec_near(s.pos, 0, 0, 0);
}

/* ---------------------------------------------------------------- the touching table */

/* b resting under a: b's top and a's bottom touch at (0,0). */
static c2d_shape table_b(int k) {
    switch (k) {
    case 0: return S_point(0, 0);
    case 1: return S_seg(-2, 0, 2, 0);
    case 2: return S_box(0, -2, 2, 2);
    case 3: return S_circ(0, -2, 2);
    case 4: return S_caps(-1, -1, 1, -1, 1);
    default: return S_pbox(0, -2, 2, 2, 0);
    }
}
static c2d_shape table_a(int k, double dy) {
    double tri[6] = {0, dy, 2, 2 + dy, -2, 2 + dy};
    c2d_polygon p;
    switch (k) {
    case 0: return S_point(0, dy);
    case 1: return S_seg(-1, dy, 1, dy);
    case 2: return S_box(0, 1 + dy, 1, 1);
    case 3: return S_circ(0, 1 + dy, 1);
    case 4: return S_caps(-0.5, 0.5 + dy, 0.5, 0.5 + dy, 0.5);
    default:
        p = poly_n(3, tri);
        return c2d_shape_from_polygon(&p);
    }
}

/* Every pair with at least one 2D shape, a resting on b: sliding along either way, moving away
 * and not moving are no hit (the whole move); moving in is a hit at time 0 with b's normal (0,1)
 * (a triangle's tip on a point has no single normal: only its direction against the motion is
 * checked); already overlapping is time 0 with exactly c2d_shape_hit's answer. */
static void test_cast_touching_table(void **state) {
    int ia, ib, k;
    (void)state;
    for (ib = 0; ib < 6; ++ib) {
        for (ia = 0; ia < 6; ++ia) {
            c2d_shape a, b = table_b(ib), deep;
            c2d_vec2 zero = V(0, 0), slides[2], into = V(0.5, -1);
            c2d_sweep s;
            c2d_hit h;
            if (ia <= 1 && ib <= 1) continue; /* no interior on either side: the closed rule */
            a = table_a(ia, 0);
            print_message("  %s on %s\n", type_name(a.type), type_name(b.type));
            slides[0] = V(3, 0);
            slides[1] = V(-3, 0);
            for (k = 0; k < 2; ++k) {
                s = c2d_shape_cast(&a, slides[k], &b, zero);
                assert_false(s.has_hit);
                assert_near(s.time, 1, 0);
                assert_vec_near(s.pos, (double)center_of(&a).x + (double)slides[k].x, center_of(&a).y, 0);
            }
            assert_false(c2d_shape_cast(&a, V(0, 1), &b, zero).has_hit);
            assert_false(c2d_shape_cast(&a, V(-1, 2), &b, zero).has_hit);
            /* the same as b moving: b sliding under a, b dropping away */
            assert_false(c2d_shape_cast(&a, zero, &b, V(3, 0)).has_hit);
            assert_false(c2d_shape_cast(&a, zero, &b, V(0, -1)).has_hit);
            s = c2d_shape_cast(&a, zero, &b, zero);
            assert_false(s.has_hit);
            assert_vec_near(s.pos, center_of(&a).x, center_of(&a).y, 0);

            s = c2d_shape_cast(&a, into, &b, zero);
            assert_true(s.has_hit);
            assert_sweep_finite(s);
            assert_near(s.hit.time, 0, 0);
            assert_near(s.time, 0, 0);
            assert_vec_near(s.pos, center_of(&a).x, center_of(&a).y, 0);
            assert_near(c2d_len(s.hit.normal), 1, TOL);
            assert_true(c2d_dot(s.hit.normal, into) < 0);
            if (!(ia == 5 && ib == 0)) assert_vec_near(s.hit.normal, 0, 1, TOL);
            assert_vec_near(s.hit.pos, 0, 0, TOL * 10);
            /* b rising into a */
            s = c2d_shape_cast(&a, zero, &b, V(0, 1));
            assert_true(s.has_hit);
            assert_near(s.hit.time, 0, 0);

            deep = table_a(ia, -0.25);
            assert_true(c2d_shape_hit(&deep, &b, &h));
            for (k = 0; k < 3; ++k) {
                c2d_vec2 d = k == 0 ? V(3, 0) : (k == 1 ? V(0, 1) : zero);
                s = c2d_shape_cast(&deep, d, &b, zero);
                assert_true(s.has_hit);
                assert_near(s.hit.time, 0, 0);
                assert_near(s.time, 0, 0);
                assert_vec_near(s.hit.normal, h.normal.x, h.normal.y, 0);
                assert_vec_near(s.hit.pos, h.pos.x, h.pos.y, 0);
                assert_vec_near(s.hit.delta, h.delta.x, h.delta.y, 0);
                assert_vec_near(s.pos, center_of(&deep).x, center_of(&deep).y, 0);
            }
        }
    }
}

/* Points and segments have no interior and count as their closed selves: sharing a point at the
 * start is a hit at time 0 whatever the motion; moving along a segment's line enters at its end;
 * parallel segments meet along an interval (its middle is the contact). */
static void test_cast_closed_pairs(void **state) {
    c2d_vec2 zero = V(0, 0);
    c2d_shape p = S_point(0, 0), q = S_seg(-2, 0, 2, 0), a;
    c2d_sweep s;
    (void)state;
    s = c2d_shape_cast(&p, V(3, 1), &p, zero);
    assert_true(s.has_hit);
    assert_near(s.hit.time, 0, 0);
    s = c2d_shape_cast(&p, V(3, 0), &q, zero);
    assert_true(s.has_hit);
    assert_near(s.hit.time, 0, 0);
    a = S_seg(-1, 0, 1, 0);
    s = c2d_shape_cast(&a, V(5, 0), &q, zero);
    assert_true(s.has_hit);
    assert_near(s.hit.time, 0, 0);
    a = S_seg(2, 0, 3, 1); /* shares q's end point */
    s = c2d_shape_cast(&a, V(0, 5), &q, zero);
    assert_true(s.has_hit);
    assert_near(s.hit.time, 0, 0);

    /* a point running along the segment's line enters at its end */
    a = S_point(-5, 0);
    s = c2d_shape_cast(&a, V(10, 0), &q, zero);
    assert_true(s.has_hit);
    assert_near(s.hit.time, 0.3, TOL);
    assert_vec_near(s.hit.normal, -1, 0, TOL);
    assert_vec_near(s.hit.pos, -2, 0, TOL);
    /* and a segment running along it too */
    a = S_seg(-6, 0, -5, 0);
    s = c2d_shape_cast(&a, V(10, 0), &q, zero);
    assert_true(s.has_hit);
    assert_near(s.hit.time, 0.3, TOL);
    assert_vec_near(s.hit.pos, -2, 0, TOL);
    /* parallel segments coming together: they meet along x in [-1, 1] */
    a = S_seg(-1, 1, 1, 1);
    s = c2d_shape_cast(&a, V(0, -2), &q, zero);
    assert_true(s.has_hit);
    assert_near(s.hit.time, 0.5, TOL);
    assert_vec_near(s.hit.normal, 0, 1, TOL);
    assert_vec_near(s.hit.pos, 0, 0, TOL);
    assert_safe(&a, V(0, -2), &q, zero, s);
    /* reaching the line exactly at the end of the move still counts (closed) */
    s = c2d_shape_cast(&a, V(0, -1), &q, zero);
    assert_true(s.has_hit);
    assert_near(s.hit.time, 1, TOL);
    /* passing beside the segment's end, or point beside point */
    a = S_seg(2.5, 1, 3, 1);
    assert_false(c2d_shape_cast(&a, V(0, -2), &q, zero).has_hit);
    a = S_point(-3, 1);
    assert_false(c2d_shape_cast(&a, V(3, 1), &q, V(0, 0.5)).has_hit);
    a = S_point(-1, 0);
    assert_true(c2d_shape_cast(&a, V(2, 0), &p, zero).has_hit);
    assert_near(c2d_shape_cast(&a, V(2, 0), &p, zero).hit.time, 0.5, TOL);
    assert_false(c2d_shape_cast(&a, V(2, 0.001), &p, zero).has_hit);
}

/* Touching is not a hit, also at a corner: a box sliding exactly along another's top face, a
 * point whose path only touches a corner, and a shape whose motion ends exactly touching; each
 * then moved by a hair into the other is a hit. */
static void test_cast_grazing(void **state) {
    c2d_shape b = S_box(0, 0, 2, 2), pb = S_pbox(0, 0, 2, 2, 0), a, pt;
    c2d_vec2 zero = V(0, 0);
    c2d_sweep s;
    int k;
    (void)state;
    for (k = 0; k < 2; ++k) {
        const c2d_shape *w = k == 0 ? &b : &pb;
        a = S_box(-5, 3, 1, 1);
        assert_false(c2d_shape_cast(&a, V(10, 0), w, zero).has_hit);
        a = S_box(-5, 2.99, 1, 1);
        s = c2d_shape_cast(&a, V(10, 0), w, zero);
        assert_true(s.has_hit);
        assert_near(s.hit.time, 0.2, TOL);
        a = S_circ(-5, 3, 1);
        assert_false(c2d_shape_cast(&a, V(10, 0), w, zero).has_hit);
        a = S_pbox(-5, 3, 1, 1, 0);
        assert_false(c2d_shape_cast(&a, V(10, 0), w, zero).has_hit);
        /* the line y = x + 4 touches the box only at its corner (-2, 2) */
        pt = S_point(-4, 0);
        assert_false(c2d_shape_cast(&pt, V(4, 4), w, zero).has_hit);
        pt = S_point(-4, -0.01);
        assert_true(c2d_shape_cast(&pt, V(4, 4), w, zero).has_hit);
        /* ends exactly touching: no hit; a hair further: a hit at the end */
        a = S_box(-5, 0, 1, 1);
        assert_false(c2d_shape_cast(&a, V(2, 0), w, zero).has_hit);
        s = c2d_shape_cast(&a, V(2.01, 0), w, zero);
        assert_true(s.has_hit);
        assert_near(s.hit.time, 2 / 2.01, TOL);
    }
    /* a circle rolling exactly over a capsule's end cap, tangent to it */
    a = S_circ(-5, 3, 1);
    b = S_caps(0, -1, 0, 1, 1);
    assert_false(c2d_shape_cast(&a, V(10, 0), &b, zero).has_hit);
    a = S_circ(-5, 2.99, 1);
    assert_true(c2d_shape_cast(&a, V(10, 0), &b, zero).has_hit);
}

/* Extreme motion lengths: a move of 1e-25 into a touching contact (a face, and the disk around a
 * vertex of a rounded difference) is still a hit at time 0, and the same move sliding is still
 * none; a very long move toward a shape far away hits at the right fraction. */
static void test_cast_tiny_and_huge_moves(void **state) {
    c2d_shape top = S_circ(0, 3, 1), diamond = S_diamond(0, 0), box = S_box(0, 3, 1, 1), a;
    c2d_vec2 zero = V(0, 0);
    c2d_sweep s;
    (void)state;
    s = c2d_shape_cast(&top, V(0, -1e-25), &diamond, zero);
    assert_true(s.has_hit);
    assert_near(s.hit.time, 0, 0);
    assert_vec_near(s.hit.normal, 0, 1, TOL);
    assert_vec_near(s.hit.pos, 0, 2, TOL);
    s = c2d_shape_cast(&top, V(1e-25, 0), &diamond, zero);
    assert_false(s.has_hit);
    s = c2d_shape_cast(&box, V(1e-25, -1e-25), &diamond, zero);
    assert_true(s.has_hit);
    assert_near(s.hit.time, 0, 0);
    assert_sweep_finite(s);
    /* as far as the precision resolves a shape of size 2: 1e12 in double, 1e4 in float */
    a = S_circ(-HUGE_MOVE, 0, 1);
    s = c2d_shape_cast(&a, V(2 * HUGE_MOVE, 0), &diamond, zero);
    assert_true(s.has_hit);
    assert_sweep_finite(s);
    assert_near(s.hit.time, 0.5 - 1.5 / HUGE_MOVE, 1e-6); /* the center reaches x = -3 */
    assert_vec_near(s.hit.normal, -1, 0, TOL);
    assert_true(s.time <= s.hit.time);
}

/* ---------------------------------------------------------------- random shapes */

/* A convex polygon of 3 to 8 vertices around the origin (points on a circle, jittered by at most a
 * fifth of their spacing, so every gap is under a half turn and the origin is inside), turned and
 * moved by xf. */
static c2d_polygon random_polygon(test_rng *r, double size, c2d_transform xf) {
    for (;;) {
        c2d_vec2 pts[C2D_MAX_POLYGON_VERTICES];
        c2d_polygon p;
        int k = 3 + (int)(test_rng_next(r) % (C2D_MAX_POLYGON_VERTICES - 2)), j;
        double step = 2 * C2D_PI / k, a0 = test_rng_range(r, 0, 2 * C2D_PI);
        for (j = 0; j < k; ++j) {
            double ang = a0 + j * step + test_rng_range(r, -0.2, 0.2) * step;
            double rad = size * test_rng_range(r, 0.5, 1.0);
            pts[j] = V(rad * cos(ang), rad * sin(ang));
        }
        if (c2d_polygon_make(pts, k, &p) == C2D_OK) return c2d_polygon_transform(&p, xf);
    }
}

/* A random shape of the given type centered near c, of size about s, turned at random. */
static c2d_shape random_shape(test_rng *r, int type, c2d_vec2 c, double s) {
    double ang = test_rng_range(r, 0, 2 * C2D_PI);
    c2d_vec2 u = V(cos(ang), sin(ang));
    c2d_transform xf;
    c2d_polygon p;
    double cr;
    switch (type) {
    case C2D_SHAPE_POINT: return c2d_shape_from_point(c);
    case C2D_SHAPE_SEGMENT: return S_seg(c.x - s * u.x, c.y - s * u.y, c.x + s * u.x, c.y + s * u.y);
    case C2D_SHAPE_AABB: return S_box(c.x, c.y, s * test_rng_range(r, 0.3, 1), s * test_rng_range(r, 0.3, 1));
    case C2D_SHAPE_CIRCLE: return S_circ(c.x, c.y, s * test_rng_range(r, 0.3, 1));
    case C2D_SHAPE_CAPSULE:
        cr = s * test_rng_range(r, 0.1, 0.5);
        return S_caps(c.x - (s - cr) * u.x, c.y - (s - cr) * u.y, c.x + (s - cr) * u.x, c.y + (s - cr) * u.y, cr);
    default:
        xf = c2d_transform_make(c, (c2d_real)ang);
        p = random_polygon(r, s, xf);
        return c2d_shape_from_polygon(&p);
    }
}

/* Random casts of every ordered pair, a aimed near b (most hit), b moving in a third of them.
 * (a) at the safe time the shapes neither overlap nor touch; (b) at the hit time they touch and
 * a little past it they overlap; (c) the brute-force oracle (ORACLE_STEPS + 1 samples of
 * c2d_shape_overlap) agrees: the hit lies between the last sample without overlap and the first
 * with one (within TIME_TOL), and a cast without a hit has no overlap at any sample. */
static void test_cast_random_properties(void **state) {
    test_rng r = test_rng_make("test_cast_random_properties");
    int per_pair = scaled_iterations(13), ta, tb, k, j, hits = 0, total = 0;
    (void)state;
    for (ta = 0; ta < 6; ++ta) {
        for (tb = 0; tb < 6; ++tb) {
            for (k = 0; k < per_pair; ++k) {
                c2d_vec2 cb = V(test_rng_range(&r, -5, 5), test_rng_range(&r, -5, 5));
                double sa = test_rng_range(&r, 0.2, 2), sb = test_rng_range(&r, 0.2, 2);
                double ang = test_rng_range(&r, 0, 2 * C2D_PI), dist = test_rng_range(&r, 0, 3) * (sa + sb);
                c2d_vec2 ca = V(cb.x + dist * cos(ang), cb.y + dist * sin(ang));
                c2d_shape a = random_shape(&r, ta, ca, sa), b = random_shape(&r, tb, cb, sb);
                c2d_vec2 aim = V(cb.x + test_rng_range(&r, -1, 1) * sb, cb.y + test_rng_range(&r, -1, 1) * sb);
                double len = test_rng_range(&r, 0.5, 2.5);
                c2d_vec2 rel = V(len * (aim.x - ca.x) + test_rng_range(&r, -0.5, 0.5), len * (aim.y - ca.y) + test_rng_range(&r, -0.5, 0.5));
                c2d_vec2 db = (k % 3 == 0) ? V(test_rng_range(&r, -3, 3), test_rng_range(&r, -3, 3)) : V(0, 0);
                c2d_vec2 da = c2d_add(rel, db);
                c2d_sweep s = c2d_shape_cast(&a, da, &b, db);
                double first = -1;
                ++total;
                assert_sweep_finite(s);
                if (overlap_at(&a, da, &b, db, 0)) {
                    assert_true(s.has_hit);
                    assert_true(s.hit.time == 0 && s.time == 0);
                    continue;
                }
                for (j = 0; j <= ORACLE_STEPS; ++j) {
                    c2d_real t = (c2d_real)((double)j / ORACLE_STEPS);
                    if (overlap_at(&a, da, &b, db, t)) {
                        first = (double)t;
                        break;
                    }
                }
                if (!s.has_hit) {
                    if (first >= 0) {
                        print_error("%s vs %s (case %d): no hit, but the oracle overlaps at t = %g\n", type_name(a.type),
                                    type_name(b.type), k, first);
                    }
                    assert_true(first < 0);
                    assert_false(overlap_at(&a, da, &b, db, 1));
                    continue;
                }
                ++hits;
                assert_near(c2d_len(s.hit.normal), 1, TOL);
                /* (a) */
                assert_safe(&a, da, &b, db, s);
                /* (b): touching at the hit time, and overlapping a little past it */
                assert_true(distance_at(&a, da, &b, db, s.hit.time) <= DIST_TOL);
                if (!((ta == C2D_SHAPE_POINT && tb <= C2D_SHAPE_SEGMENT) || (tb == C2D_SHAPE_POINT && ta <= C2D_SHAPE_SEGMENT))) {
                    /* an overlap at one of the times hit + PAST / 2^m, m = 0..12 (a corner clip can be
                     * shorter than PAST); a point crossing a point or a segment meets it only at the
                     * hit time itself, checked above */
                    bool met = false;
                    double step = PAST;
                    for (j = 0; j <= 12 && !met; ++j, step *= 0.5) {
                        c2d_real past = s.hit.time + (c2d_real)step < 1 ? s.hit.time + (c2d_real)step : (c2d_real)1;
                        met = overlap_at(&a, da, &b, db, past);
                    }
                    if (!met) {
                        print_error("%s vs %s (case %d): hit at %.9g but no overlap in the next %g, oracle %g\n", type_name(a.type),
                                    type_name(b.type), k, (double)s.hit.time, PAST, first);
                    }
                    assert_true(met);
                }
                /* (c) */
                if (first >= 0) {
                    if (!((double)s.hit.time <= first + TIME_TOL)) {
                        print_error("%s vs %s (case %d): hit at %g, oracle overlaps at %g\n", type_name(a.type),
                                    type_name(b.type), k, (double)s.hit.time, first);
                    }
                    assert_true((double)s.hit.time <= first + TIME_TOL);
                    /* the overlap times of two convex shapes in linear motion form one interval, so
                     * the sample before the first overlapping one lies before it: two-sided */
                    assert_true((double)s.hit.time >= first - 1.0 / ORACLE_STEPS - TIME_TOL);
                }
                if (s.hit.time > 0) assert_false(overlap_at(&a, da, &b, db, s.hit.time * (c2d_real)(1 - 1e-3)));
            }
        }
    }
    print_message("  %d casts, %d hits\n", total, hits);
    assert_true(hits > total / 3);
}

/* 10^5 random sweeps (C2D_TEST_ITERS overrides; 10^6 is the long run) of every shape type through
 * thin walls of every thin type (a box, a turned polygon and a capsule 1e-3 to 1e-2 thick, and a
 * segment), the path crossing the wall well inside its length at any angle up to 80 degrees from
 * its normal. A point of the mover's core (the local origin, inside or on it) passes through the
 * wall at the crossing time, so the cast must hit no later than that; and the safe position must
 * not touch the wall. A miss or a late hit is a tunnel. */
static void test_cast_thin_walls_no_tunnel(void **state) {
    test_rng r = test_rng_make("test_cast_thin_walls_no_tunnel");
    int n = test_iterations(100000), i, tunnels = 0, late = 0;
    (void)state;
    for (i = 0; i < n; ++i) {
        int wt = (int)(test_rng_next(&r) % 4), mt = (int)(test_rng_next(&r) % 6);
        double wang = test_rng_range(&r, 0, 2 * C2D_PI), thick = test_rng_range(&r, 1e-3, 1e-2), half_len = test_rng_range(&r, 1, 4);
        c2d_vec2 wc = V(test_rng_range(&r, -20, 20), test_rng_range(&r, -20, 20));
        c2d_vec2 u = V(cos(wang), sin(wang)), nrm = V(-sin(wang), cos(wang));
        double size = test_rng_range(&r, 0.02, 1), along = test_rng_range(&r, -0.8, 0.8) * half_len;
        double tilt = test_rng_range(&r, -1.4, 1.4), side = test_rng_range(&r, 0.1, 3) + 1.5 * size, beyond = test_rng_range(&r, 0.1, 3) + 1.5 * size;
        c2d_vec2 dir = V(cos(tilt) * nrm.x + sin(tilt) * u.x, cos(tilt) * nrm.y + sin(tilt) * u.y);
        c2d_vec2 cross = V(wc.x + along * u.x, wc.y + along * u.y);
        double to_start = side / cos(tilt), total = (side + beyond) / cos(tilt);
        c2d_vec2 start = V(cross.x - to_start * dir.x, cross.y - to_start * dir.y);
        c2d_vec2 d = V(total * dir.x, total * dir.y);
        c2d_shape wall, mover;
        c2d_sweep s;
        double t_cross = to_start / total;
        c2d_polygon p;
        c2d_transform xf;
        switch (wt) {
        case 0: /* a box: keep it axis-aligned by snapping the wall to an axis */
            if (fabs(u.x) > fabs(u.y)) {
                u = V(u.x > 0 ? 1 : -1, 0);
                nrm = V(0, u.x);
            } else {
                u = V(0, u.y > 0 ? 1 : -1);
                nrm = V(-u.y, 0);
            }
            dir = V(cos(tilt) * nrm.x + sin(tilt) * u.x, cos(tilt) * nrm.y + sin(tilt) * u.y);
            cross = V(wc.x + along * u.x, wc.y + along * u.y);
            start = V(cross.x - to_start * dir.x, cross.y - to_start * dir.y);
            d = V(total * dir.x, total * dir.y);
            wall = S_box(wc.x, wc.y, fabs(u.x) * half_len + fabs(nrm.x) * thick / 2, fabs(u.y) * half_len + fabs(nrm.y) * thick / 2);
            break;
        case 1:
            xf = c2d_transform_make(wc, (c2d_real)wang);
            assert_status(c2d_polygon_make_box(V(half_len, thick / 2), &p), C2D_OK);
            p = c2d_polygon_transform(&p, xf);
            wall = c2d_shape_from_polygon(&p);
            break;
        case 2:
            wall = S_caps(wc.x - half_len * u.x, wc.y - half_len * u.y, wc.x + half_len * u.x, wc.y + half_len * u.y, thick / 2);
            break;
        default:
            wall = S_seg(wc.x - half_len * u.x, wc.y - half_len * u.y, wc.x + half_len * u.x, wc.y + half_len * u.y);
            break;
        }
        mover = random_shape(&r, mt, start, size);
        s = c2d_shape_cast(&mover, d, &wall, V(0, 0));
        if (!s.has_hit) {
            if (tunnels++ < 5) {
                print_error("tunnel %d: %s through %s wall, start (%.9g, %.9g), d (%.9g, %.9g)\n", i, type_name(mover.type),
                            type_name(wall.type), start.x, start.y, d.x, d.y);
            }
            continue;
        }
        if (!((double)s.hit.time <= t_cross + TIME_TOL)) {
            if (late++ < 5) {
                print_error("late hit %d: %s through %s wall: %g after the crossing at %g\n", i, type_name(mover.type),
                            type_name(wall.type), (double)s.hit.time, t_cross);
            }
        }
        if (overlap_at(&mover, d, &wall, V(0, 0), s.time)) {
            print_error("sweep %d: %s against %s wall overlaps at the safe time %.9g (hit %.9g)\n", i, type_name(mover.type),
                        type_name(wall.type), (double)s.time, (double)s.hit.time);
        }
        assert_false(overlap_at(&mover, d, &wall, V(0, 0), s.time));
        /* the safe position is on the starting side of the wall's middle line */
        assert_true((double)c2d_dot(c2d_sub(c2d_mul_add(start, s.time, d), cross), nrm) < 0);
    }
    print_message("  %d sweeps through thin walls: %d tunnels, %d late hits\n", n, tunnels, late);
    assert_int_equal(tunnels, 0);
    assert_int_equal(late, 0);
}

/* Shapes near (1e5, 1e5) behave like the same shapes near 0: the casts work relative to a vertex of
 * b, so with coordinates that the offset keeps exact the hit times agree to rounding, and the safe
 * position still keeps a gap (the rounding allowance grows with the coordinates). */
static void test_cast_far_from_origin(void **state) {
    const double far = 1e5;
    c2d_vec2 d = V(10, 0), zero = V(0, 0);
    c2d_shape as[5], bs[5];
    int k;
    (void)state;
    as[0] = S_box(-5, 0.5, 1, 1);
    bs[0] = S_diamond(0, 0);
    as[1] = S_circ(-5, 1, 1);
    bs[1] = S_pbox(0, 0, 2, 2, 0);
    as[2] = S_caps(-6, 0.25, -4, 0.5, 0.5);
    bs[2] = S_caps(0, -1, 0.5, 1, 0.5);
    as[3] = S_seg(-5, -1, -4.5, 1);
    bs[3] = S_box(0, 0, 2, 2);
    as[4] = S_point(-5, 0.25);
    bs[4] = S_seg(0, -1, 0.25, 1);
    for (k = 0; k < 5; ++k) {
        c2d_transform xf = c2d_transform_make(V(far, far), 0);
        c2d_shape fa = c2d_shape_transform(&as[k], xf), fb = c2d_shape_transform(&bs[k], xf);
        c2d_sweep s0 = c2d_shape_cast(&as[k], d, &bs[k], zero), s1 = c2d_shape_cast(&fa, d, &fb, zero);
        assert_true(s0.has_hit && s1.has_hit);
        assert_near(s1.hit.time, s0.hit.time, TOL);
        assert_vec_near(s1.hit.normal, s0.hit.normal.x, s0.hit.normal.y, TOL);
        assert_vec_near(s1.hit.pos, (double)s0.hit.pos.x + far, (double)s0.hit.pos.y + far, 0.02);
        assert_true(s1.time <= s1.hit.time);
        assert_false(overlap_at(&fa, d, &fb, zero, s1.time));
    }
}

/* ---------------------------------------------------------------- sweep into many */

/* The nearest of several statics wins; the safe time keeps clear of every static hit; the result
 * is the same for every order of the array; a miss of everything is the whole move. */
static void test_sweep_into_nearest_any_order(void **state) {
    c2d_shape a = S_circ(-5, 0, 0.5), st[4], perm[4];
    c2d_vec2 d = V(10, 0);
    int order[4], i, j, idx;
    c2d_sweep s, first;
    (void)state;
    st[0] = S_box(3, 0, 1, 1);
    st[1] = S_diamond(0, 0);         /* nearest: the circle meets (-2, 0) at t = 0.25 */
    st[2] = S_seg(-2.5, 5, -2.5, 6); /* off the path */
    st[3] = S_caps(-1, -1, -1, 1, 0.5);
    s = c2d_shape_sweep_into(&a, d, st, 4, &idx);
    assert_true(s.has_hit);
    assert_int_equal(idx, 1);
    assert_near(s.hit.time, 0.25, TOL);
    assert_vec_near(s.hit.normal, -1, 0, TOL);
    for (i = 0; i < 4; ++i) assert_false(overlap_at(&a, d, &st[i], V(0, 0), s.time));
    first = s;
    /* all 24 orders */
    for (i = 0; i < 24; ++i) {
        int pool[4] = {0, 1, 2, 3}, rest = 4, code = i;
        for (j = 0; j < 4; ++j) {
            int pick = code % rest, k;
            code /= rest;
            order[j] = pool[pick];
            for (k = pick; k < rest - 1; ++k) pool[k] = pool[k + 1];
            --rest;
        }
        for (j = 0; j < 4; ++j) perm[j] = st[order[j]];
        s = c2d_shape_sweep_into(&a, d, perm, 4, &idx);
        assert_int_equal(order[idx], 1);
        assert_true(s.hit.time == first.hit.time && s.time == first.time);
    }
    /* nothing in the way */
    s = c2d_shape_sweep_into(&a, V(0, 10), st, 4, &idx);
    assert_false(s.has_hit);
    assert_int_equal(idx, -1);
    assert_vec_near(s.pos, -5, 10, 0);
    assert_near(s.time, 1, 0);
    s = c2d_shape_sweep_into(&a, d, st, 0, NULL);
    assert_false(s.has_hit);
}

/* Equal hit times go to the static first in the order (type, then coordinates), whatever the
 * array order: two boxes side by side under a falling box, and a box and a polygon of the same
 * outline (the box's type comes first). */
static void test_sweep_into_ties(void **state) {
    c2d_shape a = S_box(0, 3, 1, 1), st[3], rev[3];
    int idx;
    c2d_sweep s;
    (void)state;
    st[0] = S_pbox(-1, 0, 1, 1, 0);
    st[1] = S_box(1, 0, 1, 1);
    st[2] = S_box(-1, 0, 1, 1);
    rev[0] = st[2];
    rev[1] = st[1];
    rev[2] = st[0];
    s = c2d_shape_sweep_into(&a, V(0, -3), st, 3, &idx);
    assert_true(s.has_hit);
    assert_near(s.hit.time, 1.0 / 3.0, TOL);
    assert_int_equal(idx, 2);
    s = c2d_shape_sweep_into(&a, V(0, -3), rev, 3, &idx);
    assert_int_equal(idx, 0);
}

/* ---------------------------------------------------------------- bad input */

static int g_asserts;
static void count_asserts(const char *expression, const char *file, int line, void *user) {
    (void)expression;
    (void)file;
    (void)line;
    (void)user;
    ++g_asserts;
}

/* NaN, infinities, out-of-range deltas, invalid shapes, NULL and unknown tags: never a crash,
 * never a hit, never NaN in the output. An unusable mover or delta stays where it is (time 0);
 * an unusable target is simply not hit. */
static void test_cast_bad_input(void **state) {
    c2d_shape good = S_box(-5, 0, 1, 1), b = S_box(0, 0, 2, 2), bad, poly = S_diamond(0, 0);
    c2d_vec2 d = V(10, 0), zero = V(0, 0);
    c2d_real nan_ = (c2d_real)NAN, inf = (c2d_real)INFINITY;
    c2d_sweep s;
    c2d_shape list[3];
    int idx, k;
    (void)state;
    /* NaN / Inf in the motion */
    s = c2d_shape_cast(&good, V(nan_, 0), &b, zero);
    assert_false(s.has_hit);
    assert_sweep_finite(s);
    assert_near(s.time, 0, 0);
    assert_vec_near(s.pos, -5, 0, 0);
    s = c2d_shape_cast(&good, d, &b, V(0, inf));
    assert_false(s.has_hit);
    assert_sweep_finite(s);
    s = c2d_shape_cast(&good, V((c2d_real)C2D_MAX_COORD * 4, 0), &b, zero);
    assert_false(s.has_hit);
    assert_sweep_finite(s);
    /* NaN inside each kind of shape, on either side */
    for (k = 0; k < 6; ++k) {
        bad = table_a(k, 0);
        switch (k) {
        case 0: bad.as.point.x = nan_; break;
        case 1: bad.as.segment.p2.y = inf; break;
        case 2: bad.as.aabb.upper.x = nan_; break;
        case 3: bad.as.circle.radius = nan_; break;
        case 4: bad.as.capsule.radius = -1; break;
        default: bad.as.polygon.vertices[1].x = nan_; break;
        }
        s = c2d_shape_cast(&bad, V(0, -3), &b, zero);
        assert_false(s.has_hit);
        assert_sweep_finite(s);
        s = c2d_shape_cast(&good, d, &bad, zero);
        assert_false(s.has_hit);
        assert_sweep_finite(s);
        s = c2d_shape_sweep_into(&bad, d, &b, 1, &idx);
        assert_false(s.has_hit);
        assert_int_equal(idx, -1);
        assert_sweep_finite(s);
    }
    /* a clockwise polygon is not a polygon: never hit, never hits */
    bad = poly;
    for (k = 0; k < 4; ++k) {
        bad.as.polygon.vertices[k] = poly.as.polygon.vertices[3 - k];
        bad.as.polygon.normals[k] = c2d_neg(poly.as.polygon.normals[(5 - k) % 4]);
    }
    assert_false(c2d_shape_cast(&good, d, &bad, zero).has_hit);
    assert_false(c2d_shape_cast(&bad, V(-10, 0), &good, zero).has_hit);
    /* a zero-radius circle, a zero-length segment */
    bad = S_circ(0, 0, 1);
    bad.as.circle.radius = 0;
    assert_false(c2d_shape_cast(&good, d, &bad, zero).has_hit);
    bad = S_seg(0, 0, 0, 0);
    assert_false(c2d_shape_cast(&good, d, &bad, zero).has_hit);
    /* NULL and unknown tags assert, then give a no-hit sweep */
    g_asserts = 0;
    c2d_set_assert_handler(count_asserts, NULL);
    s = c2d_shape_cast(NULL, d, &b, zero);
    assert_false(s.has_hit);
    assert_sweep_finite(s);
    s = c2d_shape_cast(&good, d, NULL, zero);
    assert_false(s.has_hit);
    bad = good;
    bad.type = (c2d_shape_type)42;
    s = c2d_shape_cast(&bad, d, &b, zero);
    assert_false(s.has_hit);
    s = c2d_shape_sweep_into(NULL, d, &b, 1, &idx);
    assert_false(s.has_hit);
    assert_int_equal(idx, -1);
    c2d_set_assert_handler(NULL, NULL);
    assert_int_equal(g_asserts, 4 * ASSERTS_ON);
    /* sweep_into: NULL list, negative count, broken members skipped */
    s = c2d_shape_sweep_into(&good, d, NULL, 3, &idx);
    assert_false(s.has_hit);
    assert_int_equal(idx, -1);
    assert_vec_near(s.pos, 5, 0, 0);
    s = c2d_shape_sweep_into(&good, d, &b, -2, &idx);
    assert_false(s.has_hit);
    list[0] = b;
    list[0].as.aabb.lower.x = nan_;
    list[1] = b;
    list[1].type = (c2d_shape_type)-1;
    list[2] = poly;
    s = c2d_shape_sweep_into(&good, d, list, 3, &idx);
    assert_true(s.has_hit);
    assert_int_equal(idx, 2);
    assert_near(s.hit.time, 0.2, TOL);
}

/* ---------------------------------------------------------------- time of impact */

/* A motion that does not turn: the shape's local origin goes from p1 to p2. */
static c2d_motion slide(double x1, double y1, double x2, double y2, double angle) {
    c2d_motion m;
    m.local_center = V(0, 0);
    m.c1 = V(x1, y1);
    m.c2 = V(x2, y2);
    m.a1 = m.a2 = (c2d_real)angle;
    return m;
}
static c2d_motion spin(double x, double y, double a1, double a2) {
    c2d_motion m = slide(x, y, x, y, 0);
    m.a1 = (c2d_real)a1;
    m.a2 = (c2d_real)a2;
    return m;
}
static c2d_toi_input toi_in(const c2d_shape *la, c2d_motion ma, const c2d_shape *lb, c2d_motion mb) {
    c2d_toi_input in;
    memset(&in, 0, sizeof in);
    in.a = c2d_shape_proxy(la);
    in.b = c2d_shape_proxy(lb);
    in.motion_a = ma;
    in.motion_b = mb;
    return in;
}
static c2d_shape placed(const c2d_shape *local, c2d_motion m, c2d_real t) { return c2d_shape_transform(local, c2d_motion_transform(m, t)); }
static double toi_distance(const c2d_toi_input *in, const c2d_shape *la, const c2d_shape *lb, c2d_real t) {
    c2d_shape a = placed(la, in->motion_a, t), b = placed(lb, in->motion_b, t);
    return (double)c2d_shape_distance(&a, &b).distance;
}
static bool toi_overlap(const c2d_toi_input *in, const c2d_shape *la, const c2d_shape *lb, c2d_real t) {
    c2d_shape a = placed(la, in->motion_a, t), b = placed(lb, in->motion_b, t);
    return c2d_shape_overlap(&a, &b);
}
/* First of ORACLE_STEPS + 1 samples in [0, 1] where the placed shapes overlap, or -1. */
static double toi_oracle(const c2d_toi_input *in, const c2d_shape *la, const c2d_shape *lb) {
    int j;
    for (j = 0; j <= ORACLE_STEPS; ++j) {
        c2d_real t = (c2d_real)((double)j / ORACLE_STEPS);
        if (toi_overlap(in, la, lb, t)) return (double)t;
    }
    return -1;
}

static void test_motion_transform(void **state) {
    c2d_motion m;
    c2d_transform xf;
    c2d_vec2 p;
    (void)state;
    m.local_center = V(1, 0);
    m.c1 = V(10, 0);
    m.c2 = V(10, 4);
    m.a1 = 0;
    m.a2 = (c2d_real)C2D_PI;
    /* at t = 0.5 the center (1,0) is at (10, 2) and the shape has turned a quarter */
    xf = c2d_motion_transform(m, 0.5);
    p = c2d_transform_point(xf, V(1, 0));
    assert_vec_near(p, 10, 2, TOL);
    p = c2d_transform_point(xf, V(2, 0));
    assert_vec_near(p, 10, 3, TOL);
    p = c2d_transform_point(c2d_motion_transform(m, 1), V(2, 0));
    assert_vec_near(p, 9, 4, TOL);
}

/* Without rotation the time of impact is the shape cast backed off to the target gap: the box of
 * the article's figure (gap closing at 10 per unit time) stops within [target, 1.25 target] of B. */
static void test_toi_linear_matches_cast(void **state) {
    c2d_shape la = S_pbox(0, 0, 1, 1, 0), lb = S_pbox(0, 0, 2, 2, 0);
    c2d_toi_input in = toi_in(&la, slide(-5, 0, 5, 0, 0), &lb, slide(0, 0, 0, 0, 0));
    c2d_toi_result r = c2d_time_of_impact(&in);
    double gap;
    (void)state;
    assert_int_equal(r.status, C2D_TOI_HIT);
    assert_true(r.t <= 0.2 - (double)C2D_TOI_TARGET / 10 + 1e-6);
    assert_true(r.t >= 0.2 - 1.25 * (double)C2D_TOI_TARGET / 10 - 1e-6);
    assert_vec_near(r.normal, -1, 0, TOL);
    assert_near(r.point.x, -2, 1e-3);
    gap = toi_distance(&in, &la, &lb, r.t);
    assert_true(gap >= 0.99 * (double)C2D_TOI_TARGET && gap <= 1.26 * (double)C2D_TOI_TARGET);
    assert_true(r.iterations <= 4);
    /* a chosen target, and both moving */
    in.target = (c2d_real)0.01;
    in.motion_a = slide(-5, 0, 0, 0, 0);
    in.motion_b = slide(0, 0, -5, 0, 0);
    r = c2d_time_of_impact(&in);
    assert_int_equal(r.status, C2D_TOI_HIT);
    assert_true(r.t <= 0.2 - 0.001 + 1e-6 && r.t >= 0.2 - 0.00125 - 1e-6);
    /* t_max before the contact */
    in.t_max = (c2d_real)0.1;
    r = c2d_time_of_impact(&in);
    assert_int_equal(r.status, C2D_TOI_SEPARATED);
    assert_true(r.t == (c2d_real)0.1);
}

/* A thin rod (4 x 0.1) turning a quarter turn about its center sweeps through a small box at
 * (0, 1.5) that no linear cast of its end positions would see: its top face meets the box's corner
 * (0.1, 1.4) at about 83.9 degrees (t ~ 0.932). The result keeps the target gap, is before the
 * oracle's first overlap, and the rod overlaps the box a little later. */
static void test_toi_rotating_rod(void **state) {
    c2d_shape rod = S_pbox(0, 0, 2, 0.05, 0), lb = S_pbox(0, 0, 0.1, 0.1, 0), end, box;
    c2d_toi_input in = toi_in(&rod, spin(0, 0, 0, C2D_PI / 2), &lb, slide(0, 1.5, 0, 1.5, 0));
    c2d_toi_result r = c2d_time_of_impact(&in);
    double first = toi_oracle(&in, &rod, &lb), gap;
    (void)state;
    /* the rod starts clear of the box and ends upright through it */
    end = placed(&rod, in.motion_a, 1);
    box = placed(&lb, in.motion_b, 1);
    assert_true(c2d_shape_overlap(&end, &box));
    assert_int_equal(r.status, C2D_TOI_HIT);
    assert_true(first > 0);
    assert_true((double)r.t <= first);
    assert_near(r.t, 0.932, 0.005);
    gap = toi_distance(&in, &rod, &lb, r.t);
    assert_true(gap > 0.9 * (double)C2D_TOI_TARGET && gap <= 1.26 * (double)C2D_TOI_TARGET + 1e-5);
    assert_true(toi_overlap(&in, &rod, &lb, r.t + (c2d_real)0.01));
    assert_near(c2d_len(r.normal), 1, TOL);
    /* fast spin: ten turns in the step; the first contact comes in the first quarter turn */
    in.motion_a = spin(0, 0, 0, 20 * C2D_PI);
    r = c2d_time_of_impact(&in);
    first = toi_oracle(&in, &rod, &lb);
    assert_int_equal(r.status, C2D_TOI_HIT);
    assert_true((double)r.t <= first && first < 0.025 + 1.0 / ORACLE_STEPS);
    assert_false(toi_overlap(&in, &rod, &lb, r.t));
    /* a rod that passes clean: a thin wall swept entirely, end and start both clear */
    in.motion_a = spin(0, 0, -0.2, 0.2);
    r = c2d_time_of_impact(&in);
    assert_int_equal(r.status, C2D_TOI_SEPARATED);
    assert_near(r.t, 1, 0);
}

/* The boundary cases: out of reach, overlapping at the start, starting within the target gap and
 * moving in or away, and the iteration cap. */
static void test_toi_states(void **state) {
    c2d_shape rod = S_pbox(0, 0, 2, 0.05, 0), lb = S_pbox(0, 0, 0.1, 0.1, 0), circle = S_circ(0, 0, 0.5);
    c2d_toi_input in = toi_in(&rod, spin(0, 0, 0, C2D_PI), &lb, slide(0, 3, 0, 3, 0));
    c2d_toi_result r;
    (void)state;
    r = c2d_time_of_impact(&in);
    assert_int_equal(r.status, C2D_TOI_SEPARATED);
    assert_near(r.t, 1, 0);
    in.motion_b = slide(1, 0, 1, 0, 0);
    r = c2d_time_of_impact(&in);
    assert_int_equal(r.status, C2D_TOI_OVERLAPPED);
    assert_near(r.t, 0, 0);
    /* a circle resting 1e-5 above a box (inside the default target window) */
    in = toi_in(&circle, slide(0, 2.50001, 5, 2.50001, 0), &lb, slide(0, 0, 0, 0, 0));
    lb = S_pbox(0, 0, 4, 2, 0);
    in.b = c2d_shape_proxy(&lb);
    r = c2d_time_of_impact(&in);
    assert_int_equal(r.status, C2D_TOI_SEPARATED);
    in.motion_a = slide(0, 2.50001, 0, 3, 0);
    r = c2d_time_of_impact(&in);
    assert_int_equal(r.status, C2D_TOI_SEPARATED);
    in.motion_a = slide(0, 2.50001, 0, 2, 0);
    r = c2d_time_of_impact(&in);
    assert_int_equal(r.status, C2D_TOI_HIT);
    assert_true(r.t < 2e-5 / 0.5);
    assert_false(toi_overlap(&in, &circle, &lb, r.t));
    /* the cap: one distance evaluation is not enough for the turning rod */
    lb = S_pbox(0, 0, 0.1, 0.1, 0);
    in = toi_in(&rod, spin(0, 0, 0, C2D_PI / 2), &lb, slide(0, 1.5, 0, 1.5, 0));
    in.max_iterations = 1;
    r = c2d_time_of_impact(&in);
    assert_int_equal(r.status, C2D_TOI_MAX_ITERATIONS);
    assert_int_equal(r.iterations, 1);
    assert_true(r.t > 0 && r.t < 0.932);
    assert_true(toi_distance(&in, &rod, &lb, r.t) >= 0.99 * (double)C2D_TOI_TARGET);
}

/* Bad input: NULL, broken proxies, non-finite motions, t_max or target out of range. Always
 * C2D_TOI_FAILED (negative, as every failure in the error model of base.h) with t = 0, no NaN, and
 * the reason in error; the outcomes are >= 0 with error C2D_OK. */
static void test_toi_bad_input(void **state) {
    c2d_shape la = S_circ(0, 0, 1), lb = S_pbox(0, 0, 1, 1, 0);
    c2d_toi_input good = toi_in(&la, slide(-5, 0, 5, 0, 0), &lb, slide(0, 0, 0, 0, 0)), in;
    static const c2d_status want[13] = {C2D_ERR_DEGENERATE, C2D_ERR_TOO_MANY_POINTS, C2D_ERR_NOT_FINITE, C2D_ERR_NOT_FINITE,
                                        C2D_ERR_OUT_OF_RANGE, C2D_ERR_BAD_SIZE, C2D_ERR_NOT_FINITE, C2D_ERR_NOT_FINITE,
                                        C2D_ERR_OUT_OF_RANGE, C2D_ERR_BAD_SIZE, C2D_ERR_NOT_FINITE, C2D_ERR_NOT_FINITE,
                                        C2D_ERR_BAD_SIZE};
    c2d_toi_result r;
    int k;
    (void)state;
    assert_true(C2D_TOI_FAILED < 0);
    g_asserts = 0;
    c2d_set_assert_handler(count_asserts, NULL);
    r = c2d_time_of_impact(NULL);
    c2d_set_assert_handler(NULL, NULL);
    assert_int_equal(r.status, C2D_TOI_FAILED);
    assert_int_equal(r.error, C2D_ERR_NULL_ARG);
    assert_int_equal(g_asserts, ASSERTS_ON);
    for (k = 0; k < 13; ++k) {
        in = good;
        switch (k) {
        case 0: in.a.count = 0; break;
        case 1: in.b.count = C2D_MAX_POLYGON_VERTICES + 1; break;
        case 2: in.a.radius = (c2d_real)NAN; break;
        case 3: in.b.points[0].x = (c2d_real)INFINITY; break;
        case 4: in.b.points[1].y = (c2d_real)C2D_MAX_COORD * 10; break;
        case 5: in.a.radius = -1; break;
        case 6: in.motion_a.c2.y = (c2d_real)NAN; break;
        case 7: in.motion_b.a2 = (c2d_real)INFINITY; break;
        case 8: in.motion_b.c1.x = (c2d_real)C2D_MAX_COORD * 10; break;
        case 9: in.t_max = 2; break;
        case 10: in.t_max = (c2d_real)NAN; break;
        case 11: in.target = (c2d_real)INFINITY; break;
        default: in.target = -1; break;
        }
        r = c2d_time_of_impact(&in);
        assert_int_equal(r.status, C2D_TOI_FAILED);
        assert_int_equal(r.error, want[k]);
        assert_near(r.t, 0, 0);
        assert_true(isfinite((double)r.normal.x) && isfinite((double)r.point.y));
    }
    r = c2d_time_of_impact(&good);
    assert_int_equal(r.status, C2D_TOI_HIT);
    assert_int_equal(r.error, C2D_OK);
    in = toi_in(&la, slide(-5, 0, -4, 0, 0), &lb, slide(0, 0, 0, 0, 0));
    r = c2d_time_of_impact(&in);
    assert_int_equal(r.status, C2D_TOI_SEPARATED);
    assert_int_equal(r.error, C2D_OK);
}

/* Random pairs of polygons, capsules, circles and boxes that move and turn (up to a full turn
 * each way). Against the oracle (ORACLE_STEPS + 1 samples): a hit is never after the first
 * sampled overlap and keeps the target gap, a separation has no sampled overlap, the cap leaves a
 * time that keeps the gap. Without rotation the time agrees with c2d_shape_cast: it is earlier by
 * at least target / |d| and at most 1.25 target / (approach speed along the contact normal), plus
 * TIME_TOL. */
static void test_toi_random(void **state) {
    test_rng r = test_rng_make("test_toi_random");
    int n = scaled_iterations(300), i, hits = 0, capped = 0;
    const int types[4] = {C2D_SHAPE_POLYGON, C2D_SHAPE_CAPSULE, C2D_SHAPE_CIRCLE, C2D_SHAPE_AABB};
    (void)state;
    for (i = 0; i < n; ++i) {
        bool turn = i % 2 == 0;
        c2d_shape la = random_shape(&r, types[test_rng_next(&r) % 4], V(0, 0), test_rng_range(&r, 0.2, 2));
        c2d_shape lb = random_shape(&r, types[test_rng_next(&r) % 4], V(0, 0), test_rng_range(&r, 0.2, 2));
        c2d_vec2 cb = V(test_rng_range(&r, -5, 5), test_rng_range(&r, -5, 5));
        double ang = test_rng_range(&r, 0, 2 * C2D_PI), dist = test_rng_range(&r, 1, 4) * 2;
        c2d_vec2 ca = V(cb.x + dist * cos(ang), cb.y + dist * sin(ang));
        c2d_vec2 ea = V(cb.x + test_rng_range(&r, -2, 2), cb.y + test_rng_range(&r, -2, 2));
        c2d_motion ma = slide(ca.x, ca.y, ea.x, ea.y, test_rng_range(&r, -3, 3));
        c2d_motion mb = slide(cb.x, cb.y, cb.x + test_rng_range(&r, -1, 1), cb.y + test_rng_range(&r, -1, 1), test_rng_range(&r, -3, 3));
        c2d_toi_input in;
        c2d_toi_result res;
        double first, target;
        if (turn) {
            ma.a2 = ma.a1 + (c2d_real)test_rng_range(&r, -2 * C2D_PI, 2 * C2D_PI);
            mb.a2 = mb.a1 + (c2d_real)test_rng_range(&r, -C2D_PI, C2D_PI);
            ma.local_center = V(test_rng_range(&r, -0.3, 0.3), test_rng_range(&r, -0.3, 0.3));
        }
        in = toi_in(&la, ma, &lb, mb);
        if (toi_overlap(&in, &la, &lb, 0)) continue;
        res = c2d_time_of_impact(&in);
        first = toi_oracle(&in, &la, &lb);
        /* a start inside the target window stops at half the starting gap instead */
        target = toi_distance(&in, &la, &lb, 0);
        target = target < 1.25 * (double)C2D_TOI_TARGET ? 0.5 * target : (double)C2D_TOI_TARGET;
        assert_true(isfinite((double)res.t) && res.t >= 0 && res.t <= 1);
        assert_true(res.status != C2D_TOI_FAILED && res.status != C2D_TOI_OVERLAPPED);
        if (res.status == C2D_TOI_SEPARATED) {
            assert_true(first < 0);
            continue;
        }
        assert_false(toi_overlap(&in, &la, &lb, res.t));
        if (first >= 0) assert_true((double)res.t <= first);
        if (res.status == C2D_TOI_MAX_ITERATIONS) {
            ++capped;
            assert_true(toi_distance(&in, &la, &lb, res.t) >= 0.9 * target);
            continue;
        }
        assert_int_equal(res.status, C2D_TOI_HIT);
        ++hits;
        {
            double gap = toi_distance(&in, &la, &lb, res.t);
            if (!(gap >= 0.9 * target && gap <= 1.26 * target + DIST_TOL)) {
                print_error("case %d: %s vs %s, t %.9g, gap %.9g (start gap %.9g), %d iterations\n", i, type_name(la.type),
                            type_name(lb.type), (double)res.t, gap, toi_distance(&in, &la, &lb, 0), res.iterations);
            }
            assert_true(gap >= 0.9 * target && gap <= 1.26 * target + DIST_TOL);
        }
        if (!turn) {
            c2d_shape a0 = placed(&la, ma, 0), b0 = placed(&lb, mb, 0);
            c2d_vec2 da = c2d_sub(ma.c2, ma.c1), db = c2d_sub(mb.c2, mb.c1);
            c2d_sweep s = c2d_shape_cast(&a0, da, &b0, db);
            double speed;
            if (!s.has_hit) {
                /* the gap reaches the target but contact itself would come after the step */
                assert_true(toi_distance(&in, &la, &lb, 1) <= 1.26 * target + DIST_TOL);
                continue;
            }
            speed = fabs((double)c2d_dot(c2d_sub(da, db), s.hit.normal));
            assert_true((double)res.t <= (double)s.hit.time + TIME_TOL);
            assert_true((double)s.hit.time - (double)res.t <= 1.26 * target / speed + TIME_TOL);
            /* the distance along a straight path to a convex set is convex in t: it closes no
             * faster than |d| and, near the contact, no slower than the approach speed along the
             * contact normal */
            assert_true((double)s.hit.time - (double)res.t >= 0.99 * target / (double)c2d_len(c2d_sub(da, db)) - TIME_TOL);
        }
    }
    print_message("  %d random motions: %d hits, %d capped\n", n, hits, capped);
    assert_true(hits > n / 4);
}


/* ---- c2d_shape_time_of_impact: every kind, the concave and arc ones included ---- */

/* Outlines for concave shapes (local frame, counter-clockwise): a U with a notch 1 wide from
 * y = 1 up, an L, and a five-pointed star. */
static const c2d_vec2 k_toi_u[8] = {{0, 0}, {3, 0}, {3, 3}, {2, 3}, {2, 1}, {1, 1}, {1, 3}, {0, 3}};
static const c2d_vec2 k_toi_l[6] = {{0, 0}, {2, 0}, {2, 0.5f}, {0.5f, 0.5f}, {0.5f, 2}, {0, 2}};
static c2d_vec2 g_toi_star[10];
#define TOI_SLOTS 4
static c2d_polygon g_toi_pieces[TOI_SLOTS][10];
static int g_toi_slot;

/* A concave shape of outline v (count n) placed by xf; its pieces live in a ring of TOI_SLOTS
 * buffers, enough for the two shapes of a case. */
static c2d_shape toi_concave(const c2d_vec2 *v, int n, c2d_transform xf) {
    c2d_concave o;
    c2d_concave_shape cs;
    c2d_polygon *pieces = g_toi_pieces[g_toi_slot++ % TOI_SLOTS];
    assert_int_equal(c2d_concave_make(v, n, &o), C2D_OK);
    assert_int_equal(c2d_concave_shape_make(&o, pieces, 10, xf, &cs), C2D_OK);
    return c2d_shape_from_concave(&cs);
}

static c2d_shape toi_arc(double cx, double cy, double ri, double ro, double a0, double a1) {
    c2d_arc w;
    assert_int_equal(c2d_arc_shape_make(V(cx, cy), (c2d_real)ri, (c2d_real)ro, (c2d_real)a0, (c2d_real)a1, &w), C2D_OK);
    return c2d_shape_from_arc(&w);
}

static c2d_toi_result shape_toi(const c2d_shape *la, c2d_motion ma, const c2d_shape *lb, c2d_motion mb) {
    c2d_shape_toi_input in;
    memset(&in, 0, sizeof in);
    in.a = la;
    in.b = lb;
    in.motion_a = ma;
    in.motion_b = mb;
    return c2d_shape_time_of_impact(&in);
}

/* The sampled first overlap of two local shapes under their motions (ORACLE_STEPS + 1 samples),
 * or -1; and their distance at t. */
static double motions_oracle(const c2d_shape *la, c2d_motion ma, const c2d_shape *lb, c2d_motion mb) {
    c2d_toi_input in;
    memset(&in, 0, sizeof in);
    in.motion_a = ma;
    in.motion_b = mb;
    return toi_oracle(&in, la, lb);
}
static double motions_distance(const c2d_shape *la, c2d_motion ma, const c2d_shape *lb, c2d_motion mb, c2d_real t) {
    c2d_shape a = placed(la, ma, t), b = placed(lb, mb, t);
    return (double)c2d_shape_distance(&a, &b).distance;
}

/* Pairs with a GJK proxy on both sides are c2d_time_of_impact itself, to the bit. */
static void test_shape_toi_proxy_pairs(void **state) {
    c2d_shape rod = S_pbox(0, 0, 2, 0.05, 0), lb = S_pbox(0, 0, 0.1, 0.1, 0);
    c2d_toi_input in = toi_in(&rod, spin(0, 0, 0, C2D_PI / 2), &lb, slide(0, 1.5, 0, 1.5, 0));
    c2d_toi_result r = c2d_time_of_impact(&in), s = shape_toi(&rod, in.motion_a, &lb, in.motion_b);
    (void)state;
    assert_int_equal(s.status, C2D_TOI_HIT);
    assert_int_equal(s.status, r.status);
    assert_true(s.t == r.t && s.normal.x == r.normal.x && s.normal.y == r.normal.y && s.iterations == r.iterations);
}

/* A box falls into the U's notch turning a little: it passes the notch's mouth (where the U's
 * convex hull would stop it at y = 3) and stops on the notch's floor (y = 1), clear, before the
 * first sampled overlap. A rod turning about the U's middle meets the notch's inner wall. Before
 * c2d_shape_time_of_impact there was no rotational query for a concave shape at all
 * (c2d_shape_proxy gives count 0, which c2d_time_of_impact refuses). */
static void test_shape_toi_concave_u(void **state) {
    c2d_shape u = toi_concave(k_toi_u, 8, c2d_transform_identity()), box = S_pbox(0, 0, 0.3, 0.3, 0), rod;
    c2d_motion mu = slide(0, 0, 0, 0, 0), mb = slide(1.5, 5, 1.5, 0.5, 0);
    c2d_toi_result r;
    double first;
    (void)state;
    mb.a2 = (c2d_real)0.2;
    r = shape_toi(&box, mb, &u, mu);
    first = motions_oracle(&box, mb, &u, mu);
    assert_int_equal(r.status, C2D_TOI_HIT);
    assert_true(first > 0 && (double)r.t <= first);
    /* the box's lowest corner turned by up to 0.2 sits about 0.3 * (cos + sin) below its center */
    assert_true(r.t > (5 - 1.0 - 0.42) / 4.5 && r.t < (5 - 1.0 - 0.3) / 4.5);
    assert_near(r.normal.y, 1, 0.05); /* B (the floor) toward A */
    {
        c2d_shape a = placed(&box, mb, r.t), b = placed(&u, mu, r.t);
        double gap = motions_distance(&box, mb, &u, mu, r.t);
        assert_false(c2d_shape_overlap(&a, &b));
        assert_true(gap >= 0.99 * (double)C2D_TOI_TARGET && gap <= 1.26 * (double)C2D_TOI_TARGET + 1e-5);
    }
    /* the U turns a quarter turn about its notch while a thin rod stands in the notch: a notch
     * wall meets the rod */
    rod = S_pbox(0, 0, 0.05, 0.8, 0);
    mu = spin(0, 0, 0, C2D_PI / 2);
    mu.local_center = V(1.5, 2);
    mu.c1 = mu.c2 = V(1.5, 2);
    r = shape_toi(&rod, slide(1.5, 2, 1.5, 2, 0), &u, mu);
    first = motions_oracle(&rod, slide(1.5, 2, 1.5, 2, 0), &u, mu);
    assert_int_equal(r.status, C2D_TOI_HIT);
    assert_true(first > 0 && (double)r.t <= first && first - r.t < 0.05);
    assert_true(motions_distance(&rod, slide(1.5, 2, 1.5, 2, 0), &u, mu, r.t) >= 0.99 * (double)C2D_TOI_TARGET);
    /* the rod alone in the notch, both still: separated */
    r = shape_toi(&rod, slide(1.5, 2, 1.5, 2, 0), &u, slide(0, 0, 0, 0, 0));
    assert_int_equal(r.status, C2D_TOI_SEPARATED);
    (void)k_toi_l;
}

/* A ring arc (radii 1.8 to 2, a half turn) spins about its center past a small circle at (0,1.9)
 * inside its band: no linear cast of its end positions sees the contact. The time keeps the
 * target gap and comes before the first sampled overlap; a fast spin (ten turns) still stops in
 * the first sweep; an arc that spins around a circle inside its hole never meets it. */
static void test_shape_toi_arc(void **state) {
    c2d_shape arc = toi_arc(0, 0, 1.8, 2, -C2D_PI, 0), dot = S_circ(0, 1.9, 0.05);
    c2d_motion ma = spin(0, 0, 0, C2D_PI), mb = slide(0, 0, 0, 0, 0);
    c2d_toi_result r;
    double first;
    (void)state;
    r = shape_toi(&arc, ma, &dot, mb);
    first = motions_oracle(&arc, ma, &dot, mb);
    assert_int_equal(r.status, C2D_TOI_HIT);
    assert_true(first > 0 && (double)r.t <= first);
    /* the arc's end at angle 0 reaches the dot (half-width about asin(0.05 / 1.9)) near a quarter turn */
    assert_near(r.t, 0.5 - asin(0.05 / 1.9) / C2D_PI, 0.01);
    {
        double gap = motions_distance(&arc, ma, &dot, mb, r.t);
        assert_true(gap >= 0.99 * (double)C2D_TOI_TARGET && gap <= 1.26 * (double)C2D_TOI_TARGET + 1e-5);
    }
    assert_near(c2d_len(r.normal), 1, TOL);
    /* the arc second (B) and the dot moving: the same contact */
    r = shape_toi(&dot, mb, &arc, ma);
    assert_int_equal(r.status, C2D_TOI_HIT);
    assert_true((double)r.t <= first);
    ma = spin(0, 0, 0, 20 * C2D_PI);
    r = shape_toi(&arc, ma, &dot, mb);
    first = motions_oracle(&arc, ma, &dot, mb);
    assert_true(r.status == C2D_TOI_HIT || r.status == C2D_TOI_MAX_ITERATIONS);
    assert_true((double)r.t <= first && first < 0.03);
    assert_true(motions_distance(&arc, ma, &dot, mb, r.t) > 0);
    /* a dot in the ring's hole never meets it */
    dot = S_circ(0.5, 0, 0.5);
    r = shape_toi(&arc, ma, &dot, mb);
    assert_true(r.status == C2D_TOI_SEPARATED || r.status == C2D_TOI_MAX_ITERATIONS);
    if (r.status == C2D_TOI_SEPARATED) assert_near(r.t, 1, 0);
    /* an arc against a concave U, both turning */
    {
        c2d_shape u = toi_concave(k_toi_u, 8, c2d_transform_identity());
        c2d_motion mu = slide(-4, 1, 0, 1, 0.3);
        mu.local_center = V(1.5, 1.5);
        mu.a2 = -0.5;
        arc = toi_arc(0, 0, 0.5, 1, 0, 4);
        ma = slide(3, 2, 2, 2, 0);
        ma.a2 = 2;
        r = shape_toi(&u, mu, &arc, ma);
        first = motions_oracle(&u, mu, &arc, ma);
        assert_int_equal(r.status, C2D_TOI_HIT);
        assert_true(first > 0 && (double)r.t <= first);
        assert_true(motions_distance(&u, mu, &arc, ma, r.t) >= 0.99 * (double)C2D_TOI_TARGET);
    }
}

/* Bad input: no input or shape, an unknown kind, a broken arc, bad settings. */
static void test_shape_toi_bad_input(void **state) {
    c2d_shape a = S_circ(0, 0, 1), arc = toi_arc(0, 0, 0.5, 1, 0, 2), bad;
    c2d_shape_toi_input in;
    c2d_toi_result r;
    (void)state;
    memset(&in, 0, sizeof in);
    in.a = &a;
    in.b = &arc;
    in.motion_a = slide(-5, 0, 5, 0, 0);
    r = c2d_shape_time_of_impact(&in);
    assert_int_equal(r.status, C2D_TOI_HIT);
    g_asserts = 0;
    c2d_set_assert_handler(count_asserts, NULL);
    r = c2d_shape_time_of_impact(NULL);
    assert_int_equal(r.error, C2D_ERR_NULL_ARG);
    in.b = NULL;
    r = c2d_shape_time_of_impact(&in);
    assert_int_equal(r.status, C2D_TOI_FAILED);
    assert_int_equal(r.error, C2D_ERR_NULL_ARG);
    c2d_set_assert_handler(NULL, NULL);
    bad = arc;
    bad.type = (c2d_shape_type)99;
    in.b = &bad;
    r = c2d_shape_time_of_impact(&in);
    assert_int_equal(r.status, C2D_TOI_FAILED);
    assert_int_equal(r.error, C2D_ERR_UNSUPPORTED);
    bad = arc;
    bad.as.arc.center.x = (c2d_real)NAN;
    r = c2d_shape_time_of_impact(&in);
    assert_int_equal(r.status, C2D_TOI_FAILED);
    assert_int_equal(r.error, C2D_ERR_NOT_FINITE);
    in.b = &arc;
    in.t_max = 2;
    r = c2d_shape_time_of_impact(&in);
    assert_int_equal(r.error, C2D_ERR_BAD_SIZE);
    in.t_max = 0;
    in.motion_b.a2 = (c2d_real)INFINITY;
    r = c2d_shape_time_of_impact(&in);
    assert_int_equal(r.error, C2D_ERR_NOT_FINITE);
    assert_near(r.t, 0, 0);
}

/* Fuzz finding (fuzz_queries, check_toi, float): a full-turn sector (inner radius 0) turning
 * through ten million radians in a step, against a point. In float the angle a1 + t (a2 - a1) moves
 * in steps of about a radian, so the advancement's motion bound does not hold between the times it
 * evaluates: it stepped into contact (distance 0) and reported a hit with normal (0,0). A contact
 * after the start is now C2D_ERR_NUMERICAL with t the last time that kept the gap, where the
 * shapes are clear; a hit always has a unit normal. Double rounds these angles finely and hits. */
static void test_shape_toi_fuzz_huge_turn(void **state) {
    c2d_shape arc = toi_arc(-0.0, 0x1.ad7f2ap-24, 0, 8.5, 0x1.a87ed8p+0, 0x1.a87ed8p+0 + 0x1.921fb6p+2), dot;
    c2d_motion ma = spin(0x1.68p+2, -0x1.6cp+3, -0x1.312dp+23, 0), mb = slide(0, 0, 0, 0, 0);
    c2d_toi_result r;
    (void)state;
    dot = c2d_shape_from_point(V(0, 0));
    ma.local_center = V(8.5, -4.625);
    ma.c2 = V(0x1.68p+2, -0x1.78p+3);
    r = shape_toi(&arc, ma, &dot, mb);
    assert_true(r.status == C2D_TOI_HIT || (r.status == C2D_TOI_FAILED && r.error == C2D_ERR_NUMERICAL));
    if (r.status == C2D_TOI_HIT) assert_near(c2d_len(r.normal), 1, TOL);
    {
        c2d_shape a = placed(&arc, ma, r.t), b = placed(&dot, mb, r.t);
        assert_false(c2d_shape_overlap(&a, &b));
        assert_true(c2d_shape_distance(&a, &b).distance > 0);
    }
}

/* Fuzz finding (fuzz_queries, check_toi): a motion that carries a shape beyond C2D_MAX_COORD
 * partway through the step was refused at the time the advancement reached (t 0.67 here), where
 * collision.h promises t = 0 for rejected input. A long diagonal segment slides right; its far end
 * leaves the range at t = 1/6, before it would reach the circle (or the arc) at t = 2/3. */
static void test_shape_toi_leaves_range(void **state) {
    double m = (double)C2D_MAX_COORD;
    c2d_shape seg = S_seg(0, 0, 0.9 * m, 0.9 * m), dot = S_circ(0, 0, 1), arc = toi_arc(0, 0, 0.5, 1, 0, 4);
    const c2d_shape *movers[2] = {&dot, &arc};
    int k;
    (void)state;
    for (k = 0; k < 2; ++k) {
        c2d_toi_result r = shape_toi(movers[k], slide(0.7 * m, 0.3 * m, 0.7 * m, 0.3 * m, 0), &seg, slide(0, 0, 0.6 * m, 0, 0));
        assert_int_equal(r.status, C2D_TOI_FAILED);
        assert_int_equal(r.error, C2D_ERR_OUT_OF_RANGE);
        assert_true(r.t == 0);
    }
}

/* Fuzz finding (fuzz_queries, check_toi, float): a concave shape's first piece failed
 * (C2D_ERR_NUMERICAL, under a turn of ten million radians) and the query returned that failure
 * and its t at once, although a later piece overlapped the segment from the start: the shapes
 * overlapped deeply at the t returned. Now a piece's numerical failure is one more candidate time
 * (the smallest over the pieces is returned) and a piece that overlaps at the start still makes
 * the whole shape overlapped. */
static void test_shape_toi_fuzz_piece_failure(void **state) {
    static const c2d_vec2 v[5] = {{0, -0.125f}, {7.75f, 6.125f}, {-0.125f, -0.125f}, {0x1.312dp+23f, 0x1.312dp+23f}, {0x1.312dp+23f, 0x1.ad7f2ap-24f}};
    c2d_shape cc = toi_concave(v, 5, c2d_transform_make(V(0, 0x1.ad7f2ap-24), (c2d_real)0x1.ad7f2ap-24)), seg = S_seg(9.25, -0.375, 0x1.312dp+23, 0x1.312dp+23);
    c2d_motion ma = spin(0x1.312dp+23, -0.375, 0x1.312dp+23, 0), mb = slide(0, 0, 0, 0, 0);
    c2d_toi_result r;
    (void)state;
    ma.local_center = V(4.125, 0.5);
    ma.c2 = V(0, 4.75);
    {
        c2d_shape a = placed(&cc, ma, 0), b = placed(&seg, mb, 0);
        assert_true(c2d_shape_overlap(&a, &b)); /* deeply: a piece and the segment cross */
    }
    r = shape_toi(&cc, ma, &seg, mb);
    assert_int_equal(r.status, C2D_TOI_OVERLAPPED);
    assert_true(r.t == 0);
}

/* Fuzz finding (fuzz_queries, check_toi, float): a point starts within rounding of an arc's
 * radial side (1e-7 from it, below the float rounding floor) and slides along it, past the tiny
 * hole at the center, into the ring on the far side. The start rule for a gap below the floor
 * (hit at 0 when the motion closes the gap along the normal, else separated) holds for convex
 * kinds only: it answered separated at t = 1, where the point is 0.25 deep in the ring. With an
 * arc in the pair such a start is now a hit at 0 (double: the point lies on the side, overlapped). */
static void test_shape_toi_fuzz_arc_slide(void **state) {
    c2d_shape arc = toi_arc(0x1.ad7f2ap-24, 0x1.ad7f2ap-24, 0x1.ad7f2ap-24, 6.625, 0.125, 0.125 + 0x1.8a1fb6p+2), dot;
    c2d_motion ma = slide(-3.5, 0, 0, 0, 0), mb = slide(0, 0, 0, 0, 0);
    c2d_toi_result r;
    (void)state;
    dot = c2d_shape_from_point(V(-0.125, 0x1.ad7f2ap-24));
    ma.local_center = V(-0.125, 0x1.ad7f2ap-24);
    {
        c2d_shape a = placed(&arc, ma, 1), b = placed(&dot, mb, 1);
        assert_true(c2d_shape_overlap(&a, &b)); /* the point ends 0.25 inside the ring */
    }
    r = shape_toi(&arc, ma, &dot, mb);
    if (r.status == C2D_TOI_OVERLAPPED) { /* double: the point lies on the side (distance 0) */
        c2d_shape a = placed(&arc, ma, 0), b = placed(&dot, mb, 0);
        assert_true(r.t == 0 && c2d_shape_distance(&a, &b).distance == 0);
        return;
    }
    assert_int_equal(r.status, C2D_TOI_HIT);
    assert_near(c2d_len(r.normal), 1, TOL);
    {
        c2d_shape a = placed(&arc, ma, r.t), b = placed(&dot, mb, r.t);
        assert_false(c2d_shape_overlap(&a, &b));
    }
}

/* Fuzz finding (fuzz_queries, check_toi, float): a segment lies along a pentagon's diagonal,
 * through two of its vertices, 4.9 deep inside it; both barely move (every motion value 1e-7).
 * The Minkowski difference then holds the origin within rounding of the line of a GJK edge: solve3
 * dropped the triangle to that edge, while the search direction, the same side sign rounded
 * another way, pointed back at the vertex just dropped; GJK stopped on it as a duplicate with a gap
 * of 1e-13, and the time of impact read that as touching: separated at t_max. Overlapped, with GJK's
 * distance 0. */
static void test_shape_toi_fuzz_diagonal_segment(void **state) {
#if C2D_MAX_POLYGON_VERTICES < 5
    skip();
#else
    const c2d_real e = (c2d_real)0x1.ad7f2ap-24;
    const c2d_vec2 pv[5] = {{-0.125f, e}, {e, -5.375f}, {11.375f, e}, {11.375f, 9.875f}, {e, 15.75f}};
    c2d_polygon poly;
    c2d_shape a, b;
    c2d_motion m;
    c2d_toi_result r;
    (void)state;
    assert_int_equal(c2d_polygon_make(pv, 5, &poly), C2D_OK);
    a = c2d_shape_from_polygon(&poly);
    b = S_seg(15, (double)e, (double)e, (double)e);
    m.local_center = m.c1 = m.c2 = V(e, e);
    m.a1 = m.a2 = e;
    {
        c2d_shape pa = placed(&a, m, 0), pb = placed(&b, m, 0);
        c2d_proxy qa = c2d_shape_proxy(&pa), qb = c2d_shape_proxy(&pb);
        c2d_hit h;
        assert_true(c2d_shape_hit(&pa, &pb, &h) && c2d_len(h.delta) > 4);
        assert_true(c2d_distance(&qa, &qb, 0).distance == 0);
    }
    r = shape_toi(&a, m, &b, m);
    assert_int_equal(r.status, C2D_TOI_OVERLAPPED);
    assert_true(r.t == 0);
#endif
}

/* A point on the diagonal between a concave quad's two pieces, 1.5 from its outline: each
 * piece's start rule saw it within rounding of touching (separated, both still), while it lies
 * inside the whole shape. The whole shapes at the start are asked too: overlapped. */
static void test_shape_toi_concave_diagonal_point(void **state) {
    static const c2d_vec2 v[4] = {{-9.25f, 14.375f}, {1.75f, -6.5f}, {10.875f, -10.375f}, {3.375f, -14.875f}};
    c2d_shape cc = toi_concave(v, 4, c2d_transform_identity()), dot = c2d_shape_from_point(V(0, 0));
    c2d_motion still = slide(0, 0, 0, 0, 0), at = slide(0x1.145f46p+1, -0x1.137ac2p+3, 0x1.145f46p+1, -0x1.137ac2p+3, 0);
    c2d_toi_result r;
    (void)state;
    assert_int_equal(cc.as.concave.piece_count, 2);
    {
        c2d_shape b = placed(&dot, at, 0);
        assert_true(c2d_shape_overlap(&cc, &b));
    }
    r = shape_toi(&cc, still, &dot, at);
    assert_int_equal(r.status, C2D_TOI_OVERLAPPED);
    assert_true(r.t == 0);
    r = shape_toi(&dot, at, &cc, still);
    assert_int_equal(r.status, C2D_TOI_OVERLAPPED);
}

/* A random local shape of any kind about the origin, of size about s. */
static c2d_shape toi_random_shape(test_rng *r, int kind, double s) {
    double a0 = test_rng_range(r, -C2D_PI, C2D_PI);
    c2d_transform xf = c2d_transform_make(V(test_rng_range(r, -0.3, 0.3), test_rng_range(r, -0.3, 0.3)), (c2d_real)a0);
    switch (kind) {
    case C2D_SHAPE_ROUNDED_POLYGON: {
        c2d_shape p = random_shape(r, C2D_SHAPE_POLYGON, V(0, 0), 0.7 * s);
        c2d_rounded_polygon rp;
        assert_int_equal(c2d_rounded_polygon_make(p.as.polygon.vertices, p.as.polygon.count, (c2d_real)(0.3 * s), &rp), C2D_OK);
        return c2d_shape_from_rounded_polygon(&rp);
    }
    case C2D_SHAPE_ELLIPSE: {
        c2d_ellipse e;
        assert_int_equal(c2d_ellipse_make(V(0, 0), (c2d_real)s, (c2d_real)(s * test_rng_range(r, 0.2, 1)), (c2d_real)a0, &e), C2D_OK);
        return c2d_shape_from_ellipse(e);
    }
    case C2D_SHAPE_WEDGE: {
        c2d_arc w;
        assert_int_equal(c2d_convex_wedge_make(V(0, 0), (c2d_real)s, (c2d_real)a0, (c2d_real)(a0 + test_rng_range(r, 0.3, 3)), &w), C2D_OK);
        return c2d_shape_from_wedge(&w);
    }
    case C2D_SHAPE_CONCAVE: {
        int k = (int)(test_rng_next(r) % 3), i;
        xf.p = V(-s, -s);
        if (k == 0) return toi_concave(k_toi_u, 8, c2d_transform_make(V(-s * 0.75, -s * 0.75), (c2d_real)a0));
        if (k == 1) return toi_concave(k_toi_l, 6, xf);
        for (i = 0; i < 10; ++i) {
            double rad = (i % 2 ? 0.4 : 1.0) * s, a = C2D_PI * i / 5;
            g_toi_star[i] = V(rad * cos(a), rad * sin(a));
        }
        return toi_concave(g_toi_star, 10, c2d_transform_make(V(0, 0), (c2d_real)a0));
    }
    case C2D_SHAPE_ARC: {
        double ro = s, ri = test_rng_next(r) % 4 == 0 ? 0 : ro * test_rng_range(r, 0.3, 0.9);
        return toi_arc(0, 0, ri, ro, a0, a0 + test_rng_range(r, 0.5, 6.2));
    }
    default: return random_shape(r, kind, V(0, 0), s);
    }
}

/* Random pairs where one shape is concave or an arc (an ellipse or wedge in a third of the cases)
 * and the other any kind, moving and turning
 * (up to a full turn each way). Against the sampled oracle: never a failure; a separation has no
 * sampled overlap; a hit or the cap is clear at t, not after the first sampled overlap, and keeps
 * at least 0.9 of the target gap; a hit's gap is at most 1.26 target (but with an ellipse or
 * wedge, whose target is raised). */
static void test_shape_toi_random(void **state) {
    test_rng r = test_rng_make("test_shape_toi_random");
    int n = scaled_iterations(400), i, hits = 0, capped = 0, sep = 0;
    (void)state;
    for (i = 0; i < n; ++i) {
        static const int first_kinds[4] = {C2D_SHAPE_CONCAVE, C2D_SHAPE_ARC, C2D_SHAPE_ELLIPSE, C2D_SHAPE_WEDGE};
        int ka = first_kinds[i % 3 == 1 ? 2 + (int)(test_rng_next(&r) % 2) : (int)(test_rng_next(&r) % 2)];
        int kb = (int)(test_rng_next(&r) % C2D_SHAPE_TYPE_COUNT);
        c2d_shape la = toi_random_shape(&r, ka, test_rng_range(&r, 0.3, 2));
        c2d_shape lb = toi_random_shape(&r, kb, test_rng_range(&r, 0.2, 2));
        c2d_vec2 cb = V(test_rng_range(&r, -5, 5), test_rng_range(&r, -5, 5));
        double ang = test_rng_range(&r, 0, 2 * C2D_PI), dist = test_rng_range(&r, 2, 8);
        c2d_motion ma = slide(cb.x + dist * cos(ang), cb.y + dist * sin(ang), cb.x + test_rng_range(&r, -2, 2),
                              cb.y + test_rng_range(&r, -2, 2), test_rng_range(&r, -3, 3));
        c2d_motion mb = slide(cb.x, cb.y, cb.x + test_rng_range(&r, -1, 1), cb.y + test_rng_range(&r, -1, 1), test_rng_range(&r, -3, 3));
        bool approx = ka == C2D_SHAPE_ELLIPSE || ka == C2D_SHAPE_WEDGE || kb == C2D_SHAPE_ELLIPSE || kb == C2D_SHAPE_WEDGE;
        c2d_toi_result res;
        double first, target, gap;
        if (i % 2 == 0) {
            ma.a2 = ma.a1 + (c2d_real)test_rng_range(&r, -2 * C2D_PI, 2 * C2D_PI);
            mb.a2 = mb.a1 + (c2d_real)test_rng_range(&r, -C2D_PI, C2D_PI);
            ma.local_center = V(test_rng_range(&r, -0.3, 0.3), test_rng_range(&r, -0.3, 0.3));
        }
        if (i % 3 == 0) {
            /* the order swapped: the concave shape or arc second */
            c2d_shape t = la;
            c2d_motion m = ma;
            la = lb;
            lb = t;
            ma = mb;
            mb = m;
        }
        if (motions_distance(&la, ma, &lb, mb, 0) <= 2.5 * (double)C2D_TOI_TARGET) continue;
        res = shape_toi(&la, ma, &lb, mb);
        first = motions_oracle(&la, ma, &lb, mb);
        /* with an ellipse or wedge the target is raised to 2 C2D_ELLIPSE_TOLERANCE of the scene's
         * size and half of it is kept: still above C2D_TOI_TARGET at these sizes */
        target = (double)C2D_TOI_TARGET;
        if (res.status == C2D_TOI_FAILED || res.status == C2D_TOI_OVERLAPPED || !(res.t >= 0 && res.t <= 1)) {
            print_error("case %d: %d vs %d, status %d error %d\n", i, la.type, lb.type, res.status, res.error);
        }
        assert_true(res.status != C2D_TOI_FAILED && res.status != C2D_TOI_OVERLAPPED);
        assert_true(res.t >= 0 && res.t <= 1);
        if (res.status == C2D_TOI_SEPARATED) {
            ++sep;
            assert_true(first < 0);
            continue;
        }
        {
            c2d_shape a = placed(&la, ma, res.t), b = placed(&lb, mb, res.t);
            assert_false(c2d_shape_overlap(&a, &b));
        }
        if (first >= 0) assert_true((double)res.t <= first);
        gap = motions_distance(&la, ma, &lb, mb, res.t);
        if (!(gap >= 0.9 * target)) print_error("case %d: %d vs %d, t %.9g gap %.9g\n", i, la.type, lb.type, (double)res.t, gap);
        assert_true(gap >= 0.9 * target);
        if (res.status == C2D_TOI_MAX_ITERATIONS) {
            ++capped;
            continue;
        }
        assert_int_equal(res.status, C2D_TOI_HIT);
        if (!approx) assert_true(gap <= 1.26 * target + DIST_TOL);
        ++hits;
    }
    print_message("  %d random motions: %d hits, %d capped, %d separated\n", n, hits, capped, sep);
    assert_true(hits > n / 8);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(seed_cast_stops_a_before_b),
        cmocka_unit_test(seed_sweep_into_two_tiles_no_bad_push),
        cmocka_unit_test(test_cast_hand_point_pairs),
        cmocka_unit_test(test_cast_hand_segment_pairs),
        cmocka_unit_test(test_cast_hand_solid_pairs),
        cmocka_unit_test(test_cast_both_moving),
        cmocka_unit_test(test_cast_touching_table),
        cmocka_unit_test(test_cast_closed_pairs),
        cmocka_unit_test(test_cast_grazing),
        cmocka_unit_test(test_cast_tiny_and_huge_moves),
        cmocka_unit_test(test_cast_random_properties),
        cmocka_unit_test(test_cast_thin_walls_no_tunnel),
        cmocka_unit_test(test_cast_far_from_origin),
        cmocka_unit_test(test_sweep_into_nearest_any_order),
        cmocka_unit_test(test_sweep_into_ties),
        cmocka_unit_test(test_cast_bad_input),
        cmocka_unit_test(test_motion_transform),
        cmocka_unit_test(test_toi_linear_matches_cast),
        cmocka_unit_test(test_toi_rotating_rod),
        cmocka_unit_test(test_toi_states),
        cmocka_unit_test(test_toi_bad_input),
        cmocka_unit_test(test_toi_random),
        cmocka_unit_test(test_shape_toi_proxy_pairs),
        cmocka_unit_test(test_shape_toi_concave_u),
        cmocka_unit_test(test_shape_toi_arc),
        cmocka_unit_test(test_shape_toi_bad_input),
        cmocka_unit_test(test_shape_toi_fuzz_huge_turn),
        cmocka_unit_test(test_shape_toi_leaves_range),
        cmocka_unit_test(test_shape_toi_fuzz_piece_failure),
        cmocka_unit_test(test_shape_toi_fuzz_arc_slide),
        cmocka_unit_test(test_shape_toi_fuzz_diagonal_segment),
        cmocka_unit_test(test_shape_toi_concave_diagonal_point),
        cmocka_unit_test(test_shape_toi_random),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
