/* The arc kind (C2D_SHAPE_ARC, src/arc.c): hand cases with known answers (a circle in the hole, a
 * box across the hole's mouth, sweeps past pi, touching boundaries), the exact ray cast, casts
 * that must not tunnel, bad input, and a random test of the arc against every kind that checks
 * the distance against sampled points of both shapes. The property checks of every cell
 * (symmetry, agreement, push-outs, casts) are in tests/test_kinds.c. */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "test_util.h"
#include "collide2d/shape.h"

#ifdef C2D_DOUBLE
#  define AT 1e-9
#else
#  define AT 2e-4
#endif

static c2d_shape ring(double cx, double cy, double ri, double ro, double a0, double a1) {
    c2d_arc a;
    assert_status(c2d_arc_shape_make(c2d_v2((c2d_real)cx, (c2d_real)cy), (c2d_real)ri, (c2d_real)ro, (c2d_real)a0, (c2d_real)a1, &a), C2D_OK);
    return c2d_shape_from_arc(&a);
}

static c2d_shape moved(const c2d_shape *s, c2d_vec2 d) {
    c2d_transform xf;
    xf.p = d;
    xf.q.c = 1;
    xf.q.s = 0;
    return c2d_shape_transform(s, xf);
}

#define PI 3.14159265358979323846

/* A full ring of radii 1 and 2 at the origin; a circle in its hole; one across the inner edge. */
static void test_circle_in_hole(void **state) {
    c2d_shape r = ring(0, 0, 1, 2, 0, 2 * PI);
    c2d_shape in = c2d_shape_from_circle(circ(0.1, 0, 0.5));
    c2d_shape across = c2d_shape_from_circle(circ(0.8, 0, 0.5));
    c2d_distance_result d;
    c2d_hit h;
    (void)state;
    assert_false(c2d_shape_overlap(&in, &r));
    assert_false(c2d_shape_overlap(&r, &in));
    d = c2d_shape_distance(&in, &r);
    assert_int_equal(d.status, C2D_DISTANCE_OK);
    assert_near(d.distance, 0.4, AT);     /* 1 - (0.1 + 0.5) */
    assert_vec_near(d.normal, -1, 0, AT); /* ring toward circle: into the hole */
    assert_true(c2d_shape_overlap(&across, &r));
    assert_true(c2d_shape_hit(&across, &r, &h));
    /* the push-out into the hole: 0.3 toward the center */
    assert_near(c2d_len(h.delta), 0.3, 10 * AT);
    assert_vec_near(h.normal, -1, 0, 1e-3);
    {
        c2d_shape pushed = moved(&across, c2d_mul_add(h.delta, (c2d_real)1e-4, h.normal));
        assert_false(c2d_shape_overlap(&pushed, &r));
    }
    /* a circle too big for the hole but inside the outer circle: always overlaps */
    {
        c2d_shape big = c2d_shape_from_circle(circ(0, 0, 1.5));
        c2d_manifold m = c2d_shape_manifold(&big, &r);
        assert_true(c2d_shape_overlap(&big, &r));
        assert_int_equal(m.count, 1);
    }
}

/* A ring with a quarter cut away on the right (sweep 3 pi / 2, from pi/4 to 7 pi/4): a box through
 * the hole's mouth that misses both sides, and one that clips a side. */
static void test_box_across_mouth(void **state) {
    c2d_shape r = ring(0, 0, 1, 2, PI / 4, 7 * PI / 4);
    c2d_shape thin = c2d_shape_from_aabb(box_c(1.5, 0, 2, 0.3)); /* y in (-0.3, 0.3) */
    c2d_shape wide = c2d_shape_from_aabb(box_c(1.5, 0, 2, 0.8)); /* y in (-0.8, 0.8) */
    c2d_distance_result d;
    (void)state;
    assert_false(c2d_shape_overlap(&thin, &r));
    d = c2d_shape_distance(&thin, &r);
    /* the nearest corner of the mouth is (cos pi/4, sin pi/4) at the inner radius */
    assert_near(d.distance, sin(PI / 4) - 0.3, 10 * AT);
    assert_true(c2d_shape_overlap(&wide, &r));
    assert_near(c2d_shape_distance(&wide, &r).distance, 0, 0);
    /* the same box moved left sits in the hole and crosses the ring on the left */
    {
        c2d_shape left = moved(&thin, c2d_v2(-3, 0));
        assert_true(c2d_shape_overlap(&left, &r));
    }
}

/* Sweeps past pi: a wedge of 3 pi / 2 (inner radius 0) holds points in its reflex part and not in
 * its cut. */
static void test_reflex_sweep(void **state) {
    c2d_shape w = ring(0, 0, 0, 2, 0, 1.5 * PI); /* cut: the fourth quadrant */
    c2d_shape p_in = c2d_shape_from_point(c2d_v2(-1, -1));
    c2d_shape p_cut = c2d_shape_from_point(c2d_v2(1, -1));
    c2d_shape box_cut = c2d_shape_from_aabb(box_c(1, -1, 0.5, 0.5));
    c2d_shape seg_across = c2d_shape_from_segment(seg(0.5, -1.5, 1.5, -0.5)); /* inside the cut */
    c2d_shape seg_in = c2d_shape_from_segment(seg(1.5, -0.5, 0.5, 0.5));      /* crosses the +x side */
    (void)state;
    assert_true(c2d_shape_overlap(&p_in, &w));
    assert_false(c2d_shape_overlap(&p_cut, &w));
    assert_false(c2d_shape_overlap(&box_cut, &w));
    assert_near(c2d_shape_distance(&box_cut, &w).distance, 0.5, 10 * AT);
    assert_false(c2d_shape_overlap(&seg_across, &w));
    assert_true(c2d_shape_overlap(&seg_in, &w));
    /* a point on the line of a side but behind the center is not on the side */
    {
        c2d_shape q = ring(0, 0, 0.5, 1, 0, PI / 2), p = c2d_shape_from_point(c2d_v2((c2d_real)-0.75, 0));
        assert_near(c2d_shape_distance(&p, &q).distance, sqrt(0.75 * 0.75 + 0.25), 10 * AT);
    }
}

/* Two half rings facing each other: the closest points are inside both outer arcs, on the line
 * of the centers (no end of either is near). */
static void test_arc_arc(void **state) {
    c2d_shape a = ring(0, 0, 0.5, 1, -PI / 2, PI / 2), b = ring(3, 0, 0.5, 1, PI / 2, 3 * PI / 2);
    c2d_shape w = ring(3, 0, 0, 1, PI / 2, 3 * PI / 2);
    c2d_distance_result d = c2d_shape_distance(&a, &b);
    (void)state;
    assert_near(d.distance, 1, 10 * AT);
    assert_vec_near(d.normal, -1, 0, 1e-3);
    assert_vec_near(d.point_a, 1, 0, 10 * AT);
    assert_vec_near(d.point_b, 2, 0, 10 * AT);
    assert_near(c2d_shape_distance(&b, &a).distance, d.distance, 0);
    assert_near(c2d_shape_distance(&a, &w).distance, 1, 10 * AT);
    b = moved(&b, c2d_v2(-1.001, 0));
    assert_true(c2d_shape_overlap(&a, &b));
    b = moved(&b, c2d_v2(0.002, 0));
    assert_false(c2d_shape_overlap(&a, &b));
}

/* Two cases random tests once got wrong. An ellipse facing a ring's inner corner across its hole,
 * whose closest points a coarse walk of the ellipse missed; and a rounded triangle in a ring's
 * hole and mouth whose corner pokes 0.02 into the inner edge, where only the push straight back
 * from that corner is small. */
static void test_found_cases(void **state) {
    c2d_shape a = ring(-0.714259207, 1.42006135, 0.924599707, 1.3190527, 3.3888123, 3.3888123 + 0.575630665), b;
    c2d_ellipse e;
    c2d_distance_result d;
    (void)state;
    assert_status(c2d_ellipse_make(c2d_v2((c2d_real)-0.000869985204, (c2d_real)1.06566346), (c2d_real)1.38001335, (c2d_real)0.29952985,
                                   (c2d_real)atan2(-0.786523819, 0.61755991), &e),
                  C2D_OK);
    b = c2d_shape_from_ellipse(e);
    d = c2d_shape_distance(&a, &b);
    assert_near(d.distance, 0.979071, 1e-3);
    {
        c2d_shape closer = moved(&a, c2d_scale(d.normal, -d.distance));
        assert_true(c2d_shape_distance(&closer, &b).distance <= 4e-3);
    }
    {
        c2d_vec2 v[3];
        c2d_rounded_polygon rp;
        c2d_hit h;
        v[0] = c2d_v2((c2d_real)-0.547523677, (c2d_real)-1.18303192);
        v[1] = c2d_v2((c2d_real)-0.095618926, (c2d_real)-2.98251128);
        v[2] = c2d_v2((c2d_real)0.607257366, (c2d_real)-1.21638155);
        assert_status(c2d_rounded_polygon_make(v, 3, (c2d_real)0.394423246, &rp), C2D_OK);
        a = ring(0.0661778077, -1.42117679, 1.0343082, 2.37253904, 5.2883687, 5.2883687 + 4.42445469);
        b = c2d_shape_from_rounded_polygon(&rp);
        assert_true(c2d_shape_hit(&b, &a, &h));
        assert_true(c2d_len(h.delta) < 0.05);
        b = moved(&b, c2d_mul_add(h.delta, (c2d_real)1e-4, h.normal));
        assert_false(c2d_shape_overlap(&b, &a));
    }
}

/* An ellipse in a ring's hole poking 0.1 into the inner edge: the push-out back into the hole is
 * a clear window along the direction toward the far side (which alone would push it 3.1). */
static void test_ellipse_in_hole(void **state) {
    c2d_shape r = ring(0, 0, 1, 2, 0, 2 * PI), e;
    c2d_ellipse el;
    c2d_hit h;
    (void)state;
    assert_status(c2d_ellipse_make(c2d_v2((c2d_real)0.2, 0), (c2d_real)0.9, (c2d_real)0.3, 0, &el), C2D_OK);
    e = c2d_shape_from_ellipse(el);
    assert_true(c2d_shape_overlap(&e, &r));
    assert_true(c2d_shape_hit(&e, &r, &h));
    assert_near(c2d_len(h.delta), 0.1, 1e-2);
    assert_vec_near(h.normal, -1, 0, 1e-2);
    e = moved(&e, c2d_mul_add(h.delta, (c2d_real)1e-4, h.normal));
    assert_false(c2d_shape_overlap(&e, &r));
}

/* A box resting across a radial side: two manifold points at their own depths; a circle there: one. */
static void test_side_manifold(void **state) {
    c2d_shape r = ring(0, 0, 1, 3, PI / 2, 3 * PI / 2);         /* the left half; sides on the y axis */
    c2d_shape box = c2d_shape_from_aabb(box_c(0.9, 2, 1, 0.5)); /* x from -0.1: 0.1 deep in the side at x = 0 */
    c2d_polygon tilted;
    c2d_shape t;
    c2d_manifold m = c2d_shape_manifold(&box, &r);
    (void)state;
    assert_int_equal(m.count, 2);
    assert_vec_near(m.normal, 1, 0, AT);
    assert_near(m.points[0].depth, 0.1, 1e-3);
    assert_near(m.points[1].depth, 0.1, 1e-3);
    assert_near(m.points[0].point.x, -0.05, 1e-3);
    assert_near(fabs((double)(m.points[0].point.y - m.points[1].point.y)), 1, 1e-3);
    /* tilted a little: the two depths differ, the deeper one is first */
    tilted = poly_box(0.9, 2, 1, 0.5, 0.02);
    t = c2d_shape_from_polygon(&tilted);
    m = c2d_shape_manifold(&t, &r);
    assert_int_equal(m.count, 2);
    assert_true(m.points[0].depth > m.points[1].depth + 0.01);
    /* a circle against the same side: one point */
    {
        c2d_shape c = c2d_shape_from_circle(circ(0.4, 2, 0.5));
        m = c2d_shape_manifold(&c, &r);
        assert_int_equal(m.count, 1);
        assert_near(m.points[0].depth, 0.1, 1e-3);
    }
}

/* Touching is not overlapping: a box against the outer circle at angle 0 and against a radial side. */
static void test_touching(void **state) {
    c2d_shape r = ring(0, 0, 0.5, 1, -PI / 4, PI / 4);
    c2d_shape touch = c2d_shape_from_aabb(box_c(1.5, 0, 0.5, 0.5)); /* x from 1 */
    c2d_shape into = c2d_shape_from_aabb(box_c(1.499, 0, 0.5, 0.5));
    c2d_shape below = c2d_shape_from_aabb(box_c(0.75, -2, 2, 1)); /* y up to -1 */
    c2d_hit h;
    (void)state;
    assert_false(c2d_shape_overlap(&touch, &r));
    assert_false(c2d_shape_hit(&touch, &r, &h));
    assert_int_equal(c2d_shape_manifold(&touch, &r).count, 0);
    assert_near(c2d_shape_distance(&touch, &r).distance, 0, AT);
    assert_true(c2d_shape_overlap(&into, &r));
    assert_true(c2d_shape_hit(&into, &r, &h));
    assert_near(c2d_len(h.delta), 0.001, 10 * AT + 1e-5);
    assert_vec_near(h.normal, 1, 0, 1e-3);
    assert_false(c2d_shape_overlap(&below, &r));
    assert_near(c2d_shape_distance(&below, &r).distance, 1 - sin(PI / 4), 10 * AT);
}

/* The ray cast: from outside, from the hole, from inside, along a side, and a miss through the cut. */
static void test_raycast(void **state) {
    c2d_shape r = ring(0, 0, 1, 2, PI / 4, 7 * PI / 4);
    c2d_raycast_input in;
    c2d_hit h;
    (void)state;
    in.origin = c2d_v2(-5, 0);
    in.translation = c2d_v2(10, 0);
    in.max_fraction = 1;
    assert_true(c2d_shape_raycast(&r, in, &h));
    assert_near(h.time, 0.3, AT);
    assert_vec_near(h.normal, -1, 0, AT);
    /* from the hole's center toward -x: the inner circle from inside, normal toward the center */
    in.origin = c2d_v2(0, 0);
    in.translation = c2d_v2(-4, 0);
    assert_true(c2d_shape_raycast(&r, in, &h));
    assert_near(h.time, 0.25, AT);
    assert_vec_near(h.normal, 1, 0, AT);
    /* toward +x the ray leaves through the cut */
    in.translation = c2d_v2(4, 0);
    assert_false(c2d_shape_raycast(&r, in, &h));
    /* entering across the side at pi/4 from the cut */
    in.origin = c2d_v2(1.2, 0);
    in.translation = c2d_v2(0, 4);
    assert_true(c2d_shape_raycast(&r, in, &h));
    assert_near(h.time, 0.3, AT);
    assert_vec_near(h.normal, sin(PI / 4), -cos(PI / 4), AT);
    /* an origin inside: time 0, the nearest boundary's normal (outer circle here) */
    in.origin = c2d_v2(-1.9, 0);
    assert_true(c2d_shape_raycast(&r, in, &h));
    assert_near(h.time, 0, 0);
    assert_vec_near(h.normal, -1, 0, AT);
}

/* Linear casts: a circle through the mouth into the hole (no hit), one into the ring (hit at the
 * exact time, within the tolerance and never late), and one fast across a thin ring (no tunnel). */
/* A shape touching an arc's inner circle from the hole and moving along the tangent: two convex
 * shapes would part, but the inner circle curves into the path, so the cast must report the
 * contact and its safe position must be clear (the cast used to settle this as no hit, and a
 * mover walked into the ring). Also a graze of a box corner on a concave curve. */
static void test_cast_from_touching_into_curve(void **state) {
    c2d_shape r = ring(0, 0, 2, 3, 2.0, 7.5);
    c2d_shape c = c2d_shape_from_circle(circ(1.75, 0, 0.25)); /* touching the inner circle at (2, 0), exactly */
    c2d_sweep sw;
    int k;
    (void)state;
    assert_false(c2d_shape_overlap(&c, &r));
    for (k = 0; k < 3; ++k) {
        /* into the ring and stopping there, and (k == 2) through it to a clear end outside */
        c2d_vec2 d = c2d_v2(0, k == 0 ? (c2d_real)1 : (k == 1 ? (c2d_real)-0.6 : (c2d_real)6));
        c2d_shape end = moved(&c, d);
        assert_true(c2d_shape_overlap(&end, &r) == (k < 2));
        sw = c2d_shape_cast(&c, d, &r, c2d_v2(0, 0));
        assert_true(sw.has_hit);
        assert_true(sw.time < 0.2);
        end = moved(&c, c2d_scale(d, sw.time));
        assert_false(c2d_shape_overlap(&end, &r));
    }
    /* moving away from the curve into the hole: no hit */
    sw = c2d_shape_cast(&c, c2d_v2(-1, 0), &r, c2d_v2(0, 0));
    assert_false(sw.has_hit);
}

static void test_cast(void **state) {
    c2d_shape r = ring(0, 0, 1, 2, PI / 4, 7 * PI / 4);
    c2d_shape c = c2d_shape_from_circle(circ(4, 0, 0.3));
    c2d_shape thin = ring(0, 0, 1.99, 2, 0, 2 * PI);
    c2d_sweep sw;
    (void)state;
    sw = c2d_shape_cast(&c, c2d_v2(-4, 0), &r, c2d_v2(0, 0));
    assert_false(sw.has_hit);
    {
        c2d_shape end = moved(&c, c2d_v2(-4, 0));
        assert_false(c2d_shape_overlap(&end, &r));
    }
    /* on to the far side of the hole: the inner circle at x = -1, reached when the center is at -0.7 */
    sw = c2d_shape_cast(&c, c2d_v2(-6, 0), &r, c2d_v2(0, 0));
    assert_true(sw.has_hit);
    assert_true(sw.hit.time <= 4.7 / 6 + AT);
    assert_true(sw.hit.time >= 4.7 / 6 - 1e-2);
    assert_vec_near(sw.hit.normal, 1, 0, 1e-2);
    {
        c2d_shape end = moved(&c, c2d_v2((c2d_real)(-6 * sw.time), 0));
        assert_false(c2d_shape_overlap(&end, &r));
    }
    /* a point shot across a ring 0.01 thick in one step */
    {
        c2d_shape p = c2d_shape_from_point(c2d_v2(-5, 0.3));
        c2d_shape box = c2d_shape_from_aabb(box_c(-5, 0.3, 0.05, 0.05));
        sw = c2d_shape_cast(&p, c2d_v2(10, 0), &thin, c2d_v2(0, 0));
        assert_true(sw.has_hit);
        sw = c2d_shape_cast(&box, c2d_v2(10, 0), &thin, c2d_v2(0, 0));
        assert_true(sw.has_hit);
        assert_true(sw.hit.time < 0.31);
    }
}

/* Bad input: the constructor's errors, and hand-broken arcs refused by every query. */
static void test_bad_input(void **state) {
    c2d_arc a;
    c2d_shape s, box = c2d_shape_from_aabb(box_c(0, 0, 1, 1));
    c2d_raycast_input in;
    c2d_hit h;
    c2d_sweep sw;
    (void)state;
    assert_status(c2d_arc_shape_make(c2d_v2((c2d_real)NAN, 0), 0.5f, 1, 0, 1, &a), C2D_ERR_NOT_FINITE);
    assert_status(c2d_arc_shape_make(c2d_v2(0, 0), -0.5f, 1, 0, 1, &a), C2D_ERR_BAD_SIZE);
    assert_status(c2d_arc_shape_make(c2d_v2(0, 0), 1, 0.5f, 0, 1, &a), C2D_ERR_BAD_SIZE);
    assert_status(c2d_arc_shape_make(c2d_v2(0, 0), 0.5f, 1, 1, 1, &a), C2D_ERR_BAD_ANGLE);
    assert_status(c2d_arc_shape_make(c2d_v2(0, 0), 0.5f, 1, 0, (c2d_real)INFINITY, &a), C2D_ERR_NOT_FINITE);
    assert_status(c2d_arc_shape_make(c2d_v2(0, 0), 0.5f, 1, 0, 1, NULL), C2D_ERR_NULL_ARG);
    s = ring(0, 0, 0.5, 1, 0, 3);
    assert_true(c2d_shape_is_valid(&s));
    s.as.arc.inner_radius = -1;
    assert_false(c2d_shape_is_valid(&s));
    assert_false(c2d_shape_overlap(&s, &box));
    assert_false(c2d_shape_hit(&box, &s, &h));
    assert_int_equal(c2d_shape_manifold(&s, &box).count, 0);
    assert_int_equal(c2d_shape_distance(&s, &box).status, C2D_DISTANCE_INVALID_INPUT);
    in.origin = c2d_v2(-5, 0);
    in.translation = c2d_v2(10, 0);
    in.max_fraction = 1;
    assert_false(c2d_shape_raycast(&s, in, &h));
    sw = c2d_shape_cast(&box, c2d_v2(3, 0), &s, c2d_v2(0, 0));
    assert_false(sw.has_hit);
    s = ring(0, 0, 0.5, 1, 0, 3);
    s.as.arc.center.x = (c2d_real)NAN;
    assert_false(c2d_shape_overlap(&box, &s));
    assert_int_equal(c2d_shape_distance(&box, &s).status, C2D_DISTANCE_INVALID_INPUT);
    s = ring(0, 0, 0.5, 1, 0, 3);
    s.as.arc.outer_radius = (c2d_real)NAN;
    assert_false(c2d_shape_overlap(&s, &s));
    sw = c2d_shape_cast(&s, c2d_v2(1, 0), &box, c2d_v2(0, 0));
    assert_false(sw.has_hit);
    /* found by fuzz_queries: hand-broken curved shapes contained points */
    {
        c2d_arc w;
        c2d_ellipse e;
        c2d_shape ws, es;
        memset(&w, 0, sizeof w);
        w.center = c2d_v2((c2d_real)1e-7, (c2d_real)1e-7);
        w.outer_radius = (c2d_real)INFINITY;
        w.start_angle = (c2d_real)-1e7;
        w.sweep_angle = (c2d_real)INFINITY;
        ws = c2d_shape_from_wedge(&w);
        assert_false(c2d_shape_contains_point(&ws, c2d_v2(0, 0)));
        ws.type = C2D_SHAPE_ARC;
        assert_false(c2d_shape_contains_point(&ws, c2d_v2(0, 0)));
        e.center = c2d_v2(0, 0);
        e.radii = c2d_v2(1, (c2d_real)1e-9); /* a ratio beyond 1e6 */
        e.rotation.c = 1;
        e.rotation.s = 0;
        es = c2d_shape_from_ellipse(e);
        assert_false(c2d_shape_is_valid(&es));
        assert_false(c2d_shape_contains_point(&es, c2d_v2(0, 0)));
    }
    /* found by fuzz_queries once the arc joined: a segment's ray cast with a negative max_fraction
     * so small that max_fraction * den underflowed to -0 took the fast path's hit */
    {
        c2d_segment g = {{(c2d_real)1e-7, (c2d_real)1e-7}, {(c2d_real)1e-7, (c2d_real)-0.125}};
        in.origin = c2d_v2((c2d_real)1e-7, (c2d_real)1e-7);
        in.translation = c2d_v2((c2d_real)1.77124e-15, (c2d_real)1e-7);
        in.max_fraction = (c2d_real)-1.57721e-30;
        assert_false(c2d_segment_raycast(g, in, &h));
    }
}

/* A random point strictly inside the shape (rejection sampling in its box), or false. */
static bool sample_inside(const c2d_shape *s, test_rng *r, c2d_vec2 *p) {
    c2d_aabb b = c2d_shape_aabb(s);
    int k;
    for (k = 0; k < 200; ++k) {
        *p = c2d_v2((c2d_real)test_rng_range(r, b.lower.x, b.upper.x), (c2d_real)test_rng_range(r, b.lower.y, b.upper.y));
        if (c2d_shape_contains_point(s, *p)) return true;
    }
    return false;
}

/* Random arcs (rings, wedges, sweeps past pi) against a random shape of every kind: no sampled
 * pair of points, one inside each, is closer than the reported distance; a sampled point inside
 * both means overlap. */
static void test_random_distance(void **state) {
    test_rng r = test_rng_make("arc_distance");
    int iters = test_iterations(60), it, k, j, checked = 0, both = 0;
    (void)state;
    for (it = 0; it < iters; ++it) {
        for (k = 0; k < C2D_SHAPE_TYPE_COUNT; ++k) {
            double a0 = test_rng_range(&r, -6.3, 6.3), ro = test_rng_range(&r, 0.4, 2.5);
            double ri = test_rng_next(&r) % 4 == 0 ? 0 : ro * test_rng_range(&r, 0.2, 0.8);
            c2d_shape a = ring(test_rng_range(&r, -2, 2), test_rng_range(&r, -2, 2), ri, ro, a0, a0 + test_rng_range(&r, 0.3, 6.3));
            c2d_shape b;
            c2d_distance_result d;
            switch (k) {
            case C2D_SHAPE_POINT: b = c2d_shape_from_point(c2d_v2((c2d_real)test_rng_range(&r, -3, 3), (c2d_real)test_rng_range(&r, -3, 3))); break;
            case C2D_SHAPE_SEGMENT: b = c2d_shape_from_segment(seg(test_rng_range(&r, -3, 3), test_rng_range(&r, -3, 3), test_rng_range(&r, -3, 3), test_rng_range(&r, -3, 3))); break;
            case C2D_SHAPE_AABB: b = c2d_shape_from_aabb(box_c(test_rng_range(&r, -2, 2), test_rng_range(&r, -2, 2), test_rng_range(&r, 0.1, 1.5), test_rng_range(&r, 0.1, 1.5))); break;
            case C2D_SHAPE_CIRCLE: b = c2d_shape_from_circle(circ(test_rng_range(&r, -2, 2), test_rng_range(&r, -2, 2), test_rng_range(&r, 0.1, 1.5))); break;
            case C2D_SHAPE_CAPSULE: b = c2d_shape_from_capsule(caps(test_rng_range(&r, -2, 2), test_rng_range(&r, -2, 2), test_rng_range(&r, -2, 2), test_rng_range(&r, -2, 2), test_rng_range(&r, 0.1, 0.8))); break;
            case C2D_SHAPE_POLYGON: {
                c2d_polygon p = poly_box(test_rng_range(&r, -2, 2), test_rng_range(&r, -2, 2), test_rng_range(&r, 0.1, 1.5), test_rng_range(&r, 0.1, 1.5), test_rng_range(&r, 0, 3));
                b = c2d_shape_from_polygon(&p);
                break;
            }
            case C2D_SHAPE_ROUNDED_POLYGON: {
                c2d_rounded_polygon rp;
                rp.polygon = poly_box(test_rng_range(&r, -2, 2), test_rng_range(&r, -2, 2), test_rng_range(&r, 0.1, 1.5), test_rng_range(&r, 0.1, 1.5), test_rng_range(&r, 0, 3));
                rp.radius = (c2d_real)test_rng_range(&r, 0.05, 0.5);
                b = c2d_shape_from_rounded_polygon(&rp);
                break;
            }
            case C2D_SHAPE_ELLIPSE: {
                c2d_ellipse e;
                assert_status(c2d_ellipse_make(c2d_v2((c2d_real)test_rng_range(&r, -2, 2), (c2d_real)test_rng_range(&r, -2, 2)), (c2d_real)test_rng_range(&r, 0.2, 2),
                                               (c2d_real)test_rng_range(&r, 0.2, 2), (c2d_real)test_rng_range(&r, 0, 6.3), &e),
                              C2D_OK);
                b = c2d_shape_from_ellipse(e);
                break;
            }
            case C2D_SHAPE_WEDGE: {
                c2d_arc w;
                double s0 = test_rng_range(&r, 0, 6.3);
                assert_status(c2d_convex_wedge_make(c2d_v2((c2d_real)test_rng_range(&r, -2, 2), (c2d_real)test_rng_range(&r, -2, 2)), (c2d_real)test_rng_range(&r, 0.3, 2),
                                                    (c2d_real)s0, (c2d_real)(s0 + test_rng_range(&r, 0.3, 3.1)), &w),
                              C2D_OK);
                b = c2d_shape_from_wedge(&w);
                break;
            }
            default: {
                double s0 = test_rng_range(&r, 0, 6.3), o2 = test_rng_range(&r, 0.4, 2);
                b = ring(test_rng_range(&r, -2, 2), test_rng_range(&r, -2, 2), o2 * test_rng_range(&r, 0, 0.8), o2, s0, s0 + test_rng_range(&r, 0.3, 6.3));
                break;
            }
            }
            d = c2d_shape_distance(&a, &b);
            assert_int_equal(d.status, C2D_DISTANCE_OK);
            if (!c2d_shape_overlap(&a, &b)) {
                /* the reported distance is a lower bound of every sampled pair's */
                for (j = 0; j < 40; ++j) {
                    c2d_vec2 pa, pb;
                    if (!sample_inside(&a, &r, &pa)) continue;
                    if (k == C2D_SHAPE_POINT) pb = b.as.point;
                    else if (k == C2D_SHAPE_SEGMENT) pb = c2d_lerp(b.as.segment.p1, b.as.segment.p2, (c2d_real)test_rng_range(&r, 0, 1));
                    else if (!sample_inside(&b, &r, &pb)) continue;
                    assert_true(c2d_dist(pa, pb) >= d.distance - (c2d_real)(20 * AT));
                    assert_false(c2d_shape_contains_point(&b, pa) && k > C2D_SHAPE_SEGMENT);
                    ++checked;
                }
                /* and it is reached: the closest points lie that far apart, on the shapes */
                if (d.distance > 0) assert_near(c2d_dist(d.point_a, d.point_b), d.distance, 20 * AT + 1e-5);
            } else {
                ++both;
                assert_near(d.distance, 0, 0);
            }
        }
    }
    printf("arc_distance: %d sampled pairs checked, %d overlapping pairs\n", checked, both);
    assert_true(checked > iters * 20);
    assert_true(both > iters);
}

/* The sure verdicts taken before the exact feature test (src/arc.c: core_reach, reach_apart,
 * reach_misses, push_bound), each on both sides of its boundary, D apart: a box reaching D across
 * the outer circle, out of the hole, across a side of a sweep up to pi and of a reflex sweep, and
 * a small box whose only part inside is a cap cut off the outer circle (the outer arc alone meets
 * it) overlaps, with a push-out of about D straight back; the same box D short of it does not, at
 * distance D. */
static void test_early_out_boundaries(void **state) {
    const double D = 1e-3;
    struct {
        double ri, ro, a0, a1; /* the sector (centered at the origin) */
        double lx, ly, ux, uy; /* the box reaching across ... */
        double dx, dy;         /* ... moved by (dx, dy) * 2D to stop D short */
        double push, nx, ny;   /* the push-out of the reaching box */
    } c[] = {
        {1, 2, -PI / 4, PI / 4, 2 - D, -0.2, 2.5, 0.2, 1, 0, D, 1, 0},        /* outer circle */
        {1, 2, 0, 2 * PI, 0.2, -0.01, 1 + D, 0.01, -1, 0, 0, -1, 0},          /* out of the hole */
        {0.5, 2, 0, PI / 2, -0.6, 0.7, D, 1.2, -1, 0, D, -1, 0},              /* side, sweep pi/2 */
        {0.5, 2, 0, 1.5 * PI, 0.7, -1.2, 1.2, D, 0, -1, D, 0, -1},            /* side, sweep 3pi/2 */
        {1, 2, PI / 4, 3 * PI / 4, -0.05, 2 - D, 0.05, 2.005, 0, 1, D, 0, 1}, /* a small cap of the outer arc */
    };
    size_t i;
    (void)state;
    for (i = 0; i < sizeof c / sizeof c[0]; ++i) {
        c2d_shape r = ring(0, 0, c[i].ri, c[i].ro, c[i].a0, c[i].a1), in, out;
        c2d_aabb b = {{(c2d_real)c[i].lx, (c2d_real)c[i].ly}, {(c2d_real)c[i].ux, (c2d_real)c[i].uy}};
        c2d_distance_result d;
        c2d_hit h;
        double want_d, want_p = c[i].push;
        in = c2d_shape_from_aabb(b);
        out = moved(&in, c2d_v2((c2d_real)(2 * D * c[i].dx), (c2d_real)(2 * D * c[i].dy)));
        if (i == 1) {
            /* the corners (1 +- D, +-0.01) against the inner circle */
            want_d = 1 - hypot(1 - D, 0.01);
            want_p = 1 + D - sqrt(1 - 1e-4);
        } else {
            want_d = D;
        }
        printf("case %d\n", (int)i);
        assert_true(c2d_shape_overlap(&in, &r));
        assert_true(c2d_shape_overlap(&r, &in));
        assert_near(c2d_shape_distance(&in, &r).distance, 0, 0);
        assert_false(c2d_shape_overlap(&out, &r));
        assert_false(c2d_shape_overlap(&r, &out));
        d = c2d_shape_distance(&out, &r);
        assert_int_equal(d.status, C2D_DISTANCE_OK);
        assert_near(d.distance, want_d, 10 * AT);
        assert_true(c2d_shape_hit(&in, &r, &h));
        assert_near(c2d_len(h.delta), want_p, 4 * D / 10 + 10 * AT);
        assert_vec_near(h.normal, c[i].nx, c[i].ny, 1e-3);
        in = moved(&in, c2d_mul_add(h.delta, (c2d_real)1e-4, h.normal));
        assert_false(c2d_shape_overlap(&in, &r));
    }
}

/* An ellipse against a sector, both sides of touching (the walk's sure verdicts), and an ellipse
 * holding the whole sector: its boundary is far from the sector, yet they overlap (distance 0). */
static void test_ellipse_early_out(void **state) {
    const double D = 0.01;
    c2d_shape r = ring(0, 0, 1, 2, -PI / 4, PI / 4), e;
    c2d_ellipse el;
    c2d_distance_result d;
    (void)state;
    assert_status(c2d_ellipse_make(c2d_v2((c2d_real)(2.5 - D), 0), (c2d_real)0.5, (c2d_real)0.3, 0, &el), C2D_OK);
    e = c2d_shape_from_ellipse(el);
    assert_true(c2d_shape_overlap(&e, &r));
    assert_near(c2d_shape_distance(&e, &r).distance, 0, 0);
    e = moved(&e, c2d_v2((c2d_real)(2 * D), 0));
    assert_false(c2d_shape_overlap(&e, &r));
    d = c2d_shape_distance(&e, &r);
    assert_near(d.distance, D, 2e-3 * D + 10 * AT);
    assert_status(c2d_ellipse_make(c2d_v2((c2d_real)1.5, 0), 3, 3, 0, &el), C2D_OK);
    e = c2d_shape_from_ellipse(el);
    assert_true(c2d_shape_overlap(&e, &r));
    assert_near(c2d_shape_distance(&e, &r).distance, 0, 0);
    assert_near(c2d_shape_distance(&r, &e).distance, 0, 0);
}

/* A hand-made polygon that passes the queries' O(n) rule without being convex: overlap says yes,
 * so the distance must be 0 (c2d_shape_distance's promise), though the arc's closest features
 * of that non-convex outline are 0.06 apart (fuzz_queries, float, seed 1). */
static void test_distance_agrees_on_bad_polygon(void **state) {
#if C2D_MAX_POLYGON_VERTICES < 6 /* the found polygon has 6 vertices */
    (void)state;
    skip();
#else
    static const float v[6][2] = {{7, 0.125f}, {12, 0}, {0.5f, 14.25f}, {0x1.ad7f2ap-24f, 14.25f}, {-0.125f, -14.875f}, {0x1.ad7f2ap-24f, -14.875f}};
    static const float n[6][2] = {{-0x1.9978dap-6f, -0x1.ffd71p-1f}, {0x1.8e6ffp-1f, 0x1.418bbcp-1f}, {0, 1}, {-0x1.fffecap-1f, 0x1.19449ep-8f}, {0, -1}, {0x1.cff73ap-1f, -0x1.b108e2p-2f}};
    c2d_arc w;
    c2d_shape a, b;
    c2d_distance_result d;
    int i;
    (void)state;
    memset(&b, 0, sizeof b);
    b.type = C2D_SHAPE_POLYGON;
    b.as.polygon.count = 6;
    for (i = 0; i < 6; ++i) {
        b.as.polygon.vertices[i] = c2d_v2((c2d_real)v[i][0], (c2d_real)v[i][1]);
        b.as.polygon.normals[i] = c2d_v2((c2d_real)n[i][0], (c2d_real)n[i][1]);
        b.as.polygon.centroid = c2d_add(b.as.polygon.centroid, c2d_scale(b.as.polygon.vertices[i], (c2d_real)(1.0 / 6)));
    }
    assert_false(c2d_polygon_is_valid(&b.as.polygon));
    assert_status(c2d_arc_shape_make(c2d_v2((c2d_real)1e-7, (c2d_real)1e-7), (c2d_real)1e-7, (c2d_real)6.25, (c2d_real)6.158, (c2d_real)(6.158 + 0.125), &w), C2D_OK);
    a = c2d_shape_from_arc(&w);
    if (c2d_shape_overlap(&a, &b)) {
        d = c2d_shape_distance(&a, &b);
        assert_int_equal(d.status, C2D_DISTANCE_OK);
        assert_true(d.distance == 0);
        d = c2d_shape_distance(&b, &a);
        assert_true(d.distance == 0);
    } else {
        fail_msg("the case no longer overlaps: rebuild it");
    }
#endif
}

/* Found by the query fuzzer (float): a wedge of radius 0.5 at (1e7, -1e7), where a side is
 * shorter than the coordinates' rounding step (both its ends round to the center), against an
 * ellipse far away: the walk's nearest point on such a side must not be 0 / 0. */
static void test_far_wedge_ellipse(void **state) {
    c2d_shape w = ring(1e7, -1e7, 0, 0.5, 5.7832, 5.7832 + 0.5), e;
    c2d_ellipse el;
    c2d_distance_result d;
    double dc = hypot(1e7 + 1653040.0, -1e7 + 1915200.0);
    int k;
    (void)state;
    assert_status(c2d_ellipse_make(c2d_v2((c2d_real)-1653040.0, (c2d_real)-1915200.0), (c2d_real)7.75, (c2d_real)7.75, (c2d_real)1.466, &el), C2D_OK);
    e = c2d_shape_from_ellipse(el);
    for (k = 0; k < 2; ++k) {
        d = k ? c2d_shape_distance(&e, &w) : c2d_shape_distance(&w, &e);
        assert_int_equal(d.status, C2D_DISTANCE_OK);
        assert_true(isfinite((double)d.point_a.x) && isfinite((double)d.point_a.y));
        assert_true(isfinite((double)d.point_b.x) && isfinite((double)d.point_b.y));
        assert_true(isfinite((double)d.normal.x) && isfinite((double)d.normal.y));
        assert_true(d.distance > dc - 7.75 - 0.5 - 4 && d.distance < dc - 7.75 + 4);
    }
}

/* Fuzz finding (fuzz_queries, check_pair, float): an arc of outer radius 1.625 at the origin
 * against an ellipse 63,000 long and 15.5 wide that overlaps it; the hit's push-out came out 0
 * (the ellipse's distance is within C2D_ELLIPSE_TOLERANCE of the scene's size) and the manifold
 * had one point of depth 0, against its promise (count > 0: depth > 0). Now the depth is of
 * rounding size at least, finite, with a unit normal, in both orders. */
static void test_arc_huge_ellipse_manifold_depth(void **state) {
    c2d_shape a, b;
    c2d_manifold m;
    int k;
    (void)state;
    memset(&a, 0, sizeof a);
    memset(&b, 0, sizeof b);
    a.type = C2D_SHAPE_ARC;
    a.as.arc.center = c2d_v2((c2d_real)0x1.ad7f2ap-24, (c2d_real)0x1.ad7f2ap-24);
    a.as.arc.inner_radius = (c2d_real)0x1.ad7f2ap-24;
    a.as.arc.outer_radius = (c2d_real)0x1.ap+0;
    a.as.arc.start_angle = (c2d_real)0x1.187ed8p+1;
    a.as.arc.sweep_angle = (c2d_real)0x1.543f6cp+1;
    a.as.arc.start_dir = c2d_v2((c2d_real)-0x1.29babap-1, (c2d_real)0x1.a088e6p-1);
    a.as.arc.end_dir = c2d_v2((c2d_real)0x1.1809f4p-3, (c2d_real)-0x1.fb30ep-1);
    b.type = C2D_SHAPE_ELLIPSE;
    b.as.ellipse.center = c2d_v2((c2d_real)0x1.d4p+3, (c2d_real)-0x1.bp+3);
    b.as.ellipse.radii = c2d_v2((c2d_real)0x1.ed7686p+15, (c2d_real)0x1.fp+3);
    b.as.ellipse.rotation.c = (c2d_real)-0x1.d085bep-1;
    b.as.ellipse.rotation.s = (c2d_real)0x1.aea414p-2;
    assert_true(c2d_shape_is_valid(&a) && c2d_shape_is_valid(&b));
    assert_true(c2d_shape_overlap(&a, &b));
    for (k = 0; k < 2; ++k) {
        int i;
        m = k == 0 ? c2d_shape_manifold(&a, &b) : c2d_shape_manifold(&b, &a);
        assert_true(m.count >= 1 && m.count <= 2);
        assert_near(c2d_len(m.normal), 1, 1e-4);
        for (i = 0; i < m.count; ++i) {
            assert_true(isfinite((double)m.points[i].point.x) && isfinite((double)m.points[i].point.y));
            assert_true(isfinite((double)m.points[i].depth) && m.points[i].depth > 0);
        }
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_circle_in_hole),
        cmocka_unit_test(test_box_across_mouth),
        cmocka_unit_test(test_reflex_sweep),
        cmocka_unit_test(test_arc_arc),
        cmocka_unit_test(test_found_cases),
        cmocka_unit_test(test_ellipse_in_hole),
        cmocka_unit_test(test_side_manifold),
        cmocka_unit_test(test_touching),
        cmocka_unit_test(test_raycast),
        cmocka_unit_test(test_cast),
        cmocka_unit_test(test_cast_from_touching_into_curve),
        cmocka_unit_test(test_bad_input),
        cmocka_unit_test(test_random_distance),
        cmocka_unit_test(test_distance_agrees_on_bad_polygon),
        cmocka_unit_test(test_early_out_boundaries),
        cmocka_unit_test(test_ellipse_early_out),
        cmocka_unit_test(test_far_wedge_ellipse),
        cmocka_unit_test(test_arc_huge_ellipse_manifold_depth),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
