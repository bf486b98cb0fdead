/* The kind table's new kinds (rounded polygon, ellipse) and the support-function path
 * (src/support.c): constructors, hand cases on both sides of touching, and property tests over
 * every pair cell that holds a new kind. Each random test prints its seed (C2D_TEST_SEED=N
 * repeats it; C2D_TEST_ITERS=N sets the count). */
#include <float.h>
#include "test_util.h"

#ifdef C2D_DOUBLE
#  define KT 1e-11 /* tolerance of the support path's answers, relative to the shapes' size (~1..10) */
#  define NT 1e-6  /* its normals: about the square root of the rounding (a curved core's GJK stops there) */
#else
#  define KT 2e-4
#  define NT 2e-3
#endif

static c2d_ellipse ell(double cx, double cy, double rx, double ry, double angle) {
    c2d_ellipse e;
    assert_status(c2d_ellipse_make(c2d_v2((c2d_real)cx, (c2d_real)cy), (c2d_real)rx, (c2d_real)ry, (c2d_real)angle, &e), C2D_OK);
    return e;
}

static c2d_rounded_polygon rbox(double cx, double cy, double hx, double hy, double r) {
    c2d_vec2 pts[4] = {{(c2d_real)(cx - hx), (c2d_real)(cy - hy)}, {(c2d_real)(cx + hx), (c2d_real)(cy - hy)}, {(c2d_real)(cx + hx), (c2d_real)(cy + hy)}, {(c2d_real)(cx - hx), (c2d_real)(cy + hy)}};
    c2d_rounded_polygon p;
    assert_status(c2d_rounded_polygon_make(pts, 4, (c2d_real)r, &p), C2D_OK);
    return p;
}

static c2d_shape moved(const c2d_shape *s, c2d_vec2 d) {
    c2d_transform xf;
    xf.p = d;
    xf.q = c2d_rot_identity();
    return c2d_shape_transform(s, xf);
}

/* ---- constructors and hand cases ---- */

static void test_constructors(void **state) {
    c2d_ellipse e;
    c2d_rounded_polygon rp;
    c2d_vec2 pts[3] = {{0, 0}, {1, 0}, {0, 1}};
    (void)state;
    assert_status(c2d_ellipse_make(c2d_v2(0, 0), 2, 1, 0, &e), C2D_OK);
    assert_true(c2d_ellipse_is_valid(e));
    assert_status(c2d_ellipse_make(c2d_v2((c2d_real)NAN, 0), 2, 1, 0, &e), C2D_ERR_NOT_FINITE);
    assert_false(c2d_ellipse_is_valid(e));
    assert_status(c2d_ellipse_make(c2d_v2(0, 0), 0, 1, 0, &e), C2D_ERR_BAD_SIZE);
    assert_status(c2d_ellipse_make(c2d_v2(0, 0), -1, 1, 0, &e), C2D_ERR_BAD_SIZE);
    assert_status(c2d_ellipse_make(c2d_v2(0, 0), 1, (c2d_real)1e-7, 0, &e), C2D_ERR_BAD_SIZE);
    /* both sides of the axis ratio limit (1e4 in float, 1e6 in double): a longer needle is refused
     * rather than measured outside C2D_ELLIPSE_TOLERANCE (a 7e5:1 one erred by 3e-2 in float) */
    assert_status(c2d_ellipse_make(c2d_v2(0, 0), (c2d_real)C2D_ELLIPSE_MAX_RATIO, 1, 0, &e), C2D_OK);
    assert_status(c2d_ellipse_make(c2d_v2(0, 0), 1, (c2d_real)C2D_ELLIPSE_MAX_RATIO, 0, &e), C2D_OK);
    assert_status(c2d_ellipse_make(c2d_v2(0, 0), (c2d_real)C2D_ELLIPSE_MAX_RATIO * (c2d_real)1.01, 1, 0, &e), C2D_ERR_BAD_SIZE);
    assert_status(c2d_ellipse_make(c2d_v2(0, 0), 1, (c2d_real)C2D_ELLIPSE_MAX_RATIO * (c2d_real)1.01, 0, &e), C2D_ERR_BAD_SIZE);
#ifndef C2D_DOUBLE
    assert_status(c2d_ellipse_make(c2d_v2(0, 0), (c2d_real)5e6, 7, 0, &e), C2D_ERR_BAD_SIZE); /* the fuzzer's needle */
#endif
    assert_status(c2d_ellipse_make(c2d_v2(0, 0), 1, 1, (c2d_real)INFINITY, &e), C2D_ERR_NOT_FINITE);
    assert_status(c2d_ellipse_make(c2d_v2(0, 0), 1, 1, 0, NULL), C2D_ERR_NULL_ARG);
    assert_status(c2d_rounded_polygon_make(pts, 3, (c2d_real)0.5, &rp), C2D_OK);
    assert_true(c2d_rounded_polygon_is_valid(&rp));
    assert_status(c2d_rounded_polygon_make(pts, 3, 0, &rp), C2D_ERR_BAD_SIZE);
    assert_false(c2d_rounded_polygon_is_valid(&rp));
    assert_status(c2d_rounded_polygon_make(pts, 3, (c2d_real)NAN, &rp), C2D_ERR_NOT_FINITE);
    assert_status(c2d_rounded_polygon_make(pts, 2, 1, &rp), C2D_ERR_DEGENERATE);
    {
        c2d_shape s = c2d_shape_from_ellipse(ell(0, 0, 2, 1, 0));
        s.as.ellipse.radii.x = (c2d_real)NAN;
        assert_false(c2d_shape_is_valid(&s));
        assert_false(c2d_shape_overlap(&s, &s));
        assert_int_equal(c2d_shape_distance(&s, &s).status, C2D_DISTANCE_INVALID_INPUT);
        assert_int_equal(c2d_shape_manifold(&s, &s).count, 0);
    }
    {
        c2d_arc w;
        assert_status(c2d_convex_wedge_make(c2d_v2(0, 0), 1, 0, 3, &w), C2D_OK);
        assert_true(c2d_convex_wedge_is_valid(&w));
        assert_status(c2d_convex_wedge_make(c2d_v2(0, 0), 1, 0, 3.5, &w), C2D_ERR_BAD_ANGLE);
        assert_false(c2d_convex_wedge_is_valid(&w));
        assert_status(c2d_convex_wedge_make(c2d_v2(0, 0), 0, 0, 1, &w), C2D_ERR_BAD_SIZE);
    }
    printf("sizeof(c2d_shape) = %u\n", (unsigned)sizeof(c2d_shape));
}

static void test_ellipse_basics(void **state) {
    c2d_ellipse e = ell(1, 2, 2, 1, 0.5);
    c2d_aabb b = c2d_ellipse_aabb(e);
    double c = cos(0.5), s = sin(0.5);
    (void)state;
    assert_near(b.upper.x - 1, sqrt(4 * c * c + s * s), TOL);
    assert_near(b.upper.y - 2, sqrt(4 * s * s + c * c), TOL);
    assert_true(c2d_ellipse_contains_point(e, c2d_v2(1, 2)));
    /* a point just inside and just outside the major-axis end */
    assert_true(c2d_ellipse_contains_point(e, c2d_v2((c2d_real)(1 + 1.99 * c), (c2d_real)(2 + 1.99 * s))));
    assert_false(c2d_ellipse_contains_point(e, c2d_v2((c2d_real)(1 + 2.01 * c), (c2d_real)(2 + 2.01 * s))));
    {
        c2d_vec2 sp = c2d_ellipse_support(e, c2d_v2((c2d_real)c, (c2d_real)s));
        assert_vec_near(sp, 1 + 2 * c, 2 + 2 * s, TOL);
    }
    {
        /* transform: moved and turned by a quarter turn */
        c2d_ellipse t = c2d_ellipse_transform(ell(0, 0, 2, 1, 0), c2d_transform_make(c2d_v2(5, 0), (c2d_real)(M_PI / 2)));
        assert_true(c2d_ellipse_contains_point(t, c2d_v2(5, (c2d_real)1.9)));
        assert_false(c2d_ellipse_contains_point(t, c2d_v2((c2d_real)6.1, 0)));
    }
}

static void test_ellipse_raycast(void **state) {
    c2d_ellipse e = ell(0, 0, 2, 1, 0);
    c2d_shape s = c2d_shape_from_ellipse(e);
    c2d_raycast_input in;
    c2d_hit h;
    (void)state;
    in.origin = c2d_v2(-5, 0);
    in.translation = c2d_v2(1, 0);
    in.max_fraction = 10;
    assert_true(c2d_shape_raycast(&s, in, &h));
    assert_near(h.time, 3, TOL);
    assert_vec_near(h.normal, -1, 0, TOL);
    /* tangent along y = 1 does not hit; y = 0.99 does */
    in.origin = c2d_v2(-5, 1);
    assert_false(c2d_shape_raycast(&s, in, &h));
    in.origin = c2d_v2(-5, (c2d_real)0.99);
    assert_true(c2d_shape_raycast(&s, in, &h));
    /* too short */
    in.origin = c2d_v2(-5, 0);
    in.max_fraction = (c2d_real)2.9;
    assert_false(c2d_shape_raycast(&s, in, &h));
    /* inside: time 0 */
    in.origin = c2d_v2((c2d_real)1.5, 0);
    assert_true(c2d_shape_raycast(&s, in, &h));
    assert_near(h.time, 0, 0);
    /* the support path's ray cast agrees with the closed form */
    in.origin = c2d_v2(-5, (c2d_real)0.5);
    in.translation = c2d_v2(1, (c2d_real)-0.1);
    in.max_fraction = 10;
    {
        c2d_hit h2;
        assert_true(c2d_ellipse_raycast(e, in, &h));
        assert_true(c2d_shape_raycast_support(&s, in, &h2));
        assert_near(h2.time, h.time, 20 * KT);
        assert_true(h2.time <= h.time + 1e-6);
    }
}

static void test_hand_pairs(void **state) {
    c2d_shape e = c2d_shape_from_ellipse(ell(0, 0, 2, 1, 0));
    c2d_shape box_touch = c2d_shape_from_aabb(box_c(3, 0, 1, 1));
    c2d_shape box_in = c2d_shape_from_aabb(box_c((c2d_real)2.95, 0, 1, 1));
    c2d_shape circle = c2d_shape_from_circle(circ(0, 3, 1));
    c2d_shape pt = c2d_shape_from_point(c2d_v2(3, 0));
    c2d_rounded_polygon rpv = rbox(0, -4, 1, 1, 1);
    c2d_shape rp = c2d_shape_from_rounded_polygon(&rpv);
    c2d_distance_result d;
    c2d_hit h;
    c2d_manifold m;
    (void)state;
    assert_false(c2d_shape_overlap(&e, &box_touch));
    assert_false(c2d_shape_overlap(&box_touch, &e));
    assert_true(c2d_shape_overlap(&e, &box_in));
    assert_true(c2d_shape_hit(&e, &box_in, &h));
    assert_vec_near(h.normal, -1, 0, NT);
    assert_near(h.delta.x, -0.05, 10 * KT);
    m = c2d_shape_manifold(&e, &box_in);
    assert_int_equal(m.count, 1);
    assert_near(m.points[0].depth, 0.05, 10 * KT);
    d = c2d_shape_distance(&e, &circle);
    assert_int_equal(d.status, C2D_DISTANCE_OK);
    assert_near(d.distance, 1, 10 * KT);
    assert_vec_near(d.normal, 0, -1, NT);
    d = c2d_shape_distance(&pt, &e);
    assert_near(d.distance, 1, 10 * KT);
    /* rounded box (core from -5..-3 in y, radius 1) vs ellipse (bottom at y = -1): gap 1 */
    d = c2d_shape_distance(&rp, &e);
    assert_near(d.distance, 1, 10 * KT);
    assert_vec_near(d.normal, 0, -1, NT);
    /* rounded boxes touching exactly (cores 2 apart, radii 1 + 1) and overlapping by 0.01 */
    {
        c2d_rounded_polygon a = rbox(0, 0, 1, 1, 1), b = rbox(4, 0, 1, 1, 1), c = rbox((c2d_real)3.99, 0, 1, 1, 1);
        c2d_shape sa = c2d_shape_from_rounded_polygon(&a), sb = c2d_shape_from_rounded_polygon(&b), sc = c2d_shape_from_rounded_polygon(&c);
        assert_false(c2d_shape_overlap(&sa, &sb));
        assert_near(c2d_shape_distance(&sa, &sb).distance, 0, 10 * KT);
        assert_true(c2d_shape_overlap(&sa, &sc));
        assert_true(c2d_shape_hit(&sc, &sa, &h));
        assert_vec_near(h.normal, 1, 0, KT);
        assert_near(h.delta.x, 0.01, 10 * KT);
        /* corner: the rounded corner, not the box corner: points at (2.6, 2.6) are outside */
        assert_false(c2d_shape_contains_point(&sa, c2d_v2((c2d_real)1.75, (c2d_real)1.75)));
        assert_true(c2d_shape_contains_point(&sa, c2d_v2((c2d_real)1.65, (c2d_real)1.65)));
    }
    /* linear cast: a circle falling onto the ellipse from above stops at y = 1 + r */
    {
        c2d_shape ball = c2d_shape_from_circle(circ(0, 5, 1));
        c2d_sweep sw = c2d_shape_cast(&ball, c2d_v2(0, -10), &e, c2d_v2(0, 0));
        assert_true(sw.has_hit);
        assert_near(sw.hit.time, 0.3, 10 * KT);
        assert_vec_near(sw.hit.normal, 0, 1, NT);
        assert_true(sw.time <= sw.hit.time);
    }
    /* linear cast of a rounded box (exact Minkowski path) */
    {
        c2d_rounded_polygon a = rbox(0, 0, 1, 1, (c2d_real)0.5), b = rbox(10, 0, 1, 1, (c2d_real)0.5);
        c2d_shape sa = c2d_shape_from_rounded_polygon(&a), sb = c2d_shape_from_rounded_polygon(&b);
        c2d_sweep sw = c2d_shape_cast(&sa, c2d_v2(10, 0), &sb, c2d_v2(0, 0));
        assert_true(sw.has_hit);
        assert_near(sw.hit.time, 0.7, TOL);
        assert_vec_near(sw.hit.normal, -1, 0, TOL);
    }
}

static void test_wedge_hand(void **state) {
    c2d_arc w;
    c2d_shape s, box, pt;
    c2d_aabb b;
    c2d_raycast_input in;
    c2d_hit h;
    c2d_distance_result d;
    (void)state;
    /* the quarter disk of radius 2 in the first quadrant */
    assert_status(c2d_convex_wedge_make(c2d_v2(0, 0), 2, 0, (c2d_real)(M_PI / 2), &w), C2D_OK);
    s = c2d_shape_from_wedge(&w);
    b = c2d_shape_aabb(&s);
    assert_vec_near(b.lower, 0, 0, TOL);
    assert_vec_near(b.upper, 2, 2, TOL);
    assert_true(c2d_shape_contains_point(&s, c2d_v2(1, 1)));
    assert_false(c2d_shape_contains_point(&s, c2d_v2((c2d_real)1.5, (c2d_real)1.5)));
    /* a box touching the flat side x = 0 from the left does not overlap; pushed in by 0.1 it does */
    box = c2d_shape_from_aabb(box_c(-1, 1, 1, (c2d_real)0.5));
    assert_false(c2d_shape_overlap(&s, &box));
    box = c2d_shape_from_aabb(box_c((c2d_real)-0.9, 1, 1, (c2d_real)0.5));
    assert_true(c2d_shape_overlap(&s, &box));
    assert_true(c2d_shape_hit(&box, &s, &h));
    assert_vec_near(h.normal, -1, 0, NT);
    assert_near(h.delta.x, -0.1, 10 * KT);
    /* distance from (3, 3) to the arc: 3 sqrt 2 - 2 */
    pt = c2d_shape_from_point(c2d_v2(3, 3));
    d = c2d_shape_distance(&pt, &s);
    assert_near(d.distance, 3 * sqrt(2.0) - 2, 10 * KT);
    /* a ray along the diagonal enters the arc at distance 5 sqrt 2 - 2 */
    in.origin = c2d_v2(5, 5);
    in.translation = c2d_v2((c2d_real)-M_SQRT1_2, (c2d_real)-M_SQRT1_2);
    in.max_fraction = 100;
    assert_true(c2d_shape_raycast(&s, in, &h));
    assert_near(h.time, 5 * sqrt(2.0) - 2, 20 * KT);
    assert_vec_near(h.normal, M_SQRT1_2, M_SQRT1_2, NT);
    /* turned by a quarter turn about the origin: the second quadrant */
    s = c2d_shape_transform(&s, c2d_transform_make(c2d_v2(0, 0), (c2d_real)(M_PI / 2)));
    assert_true(c2d_shape_is_valid(&s));
    assert_true(c2d_shape_contains_point(&s, c2d_v2(-1, 1)));
    assert_false(c2d_shape_contains_point(&s, c2d_v2(1, 1)));
}

static c2d_shape u_shape(c2d_transform xf);

/* Hand-made bad payloads of the new kinds never hit, never give NaN, and distance refuses them. */
static void test_bad_input_new_kinds(void **state) {
    c2d_shape bad[16], good = c2d_shape_from_circle(circ(0, 0, 1)), u;
    c2d_arc w;
    c2d_rounded_polygon rp = rbox(0, 0, 1, 1, (c2d_real)0.5);
    int i, n = 0;
    c2d_raycast_input in;
    (void)state;
    bad[n] = c2d_shape_from_ellipse(ell(0, 0, 2, 1, 0));
    bad[n++].as.ellipse.center.x = (c2d_real)NAN;
    bad[n] = c2d_shape_from_ellipse(ell(0, 0, 2, 1, 0));
    bad[n++].as.ellipse.radii.y = -1;
    bad[n] = c2d_shape_from_ellipse(ell(0, 0, 2, 1, 0));
    bad[n++].as.ellipse.rotation.c = 0;
    bad[n] = c2d_shape_from_rounded_polygon(&rp);
    bad[n++].as.rounded_polygon.radius = (c2d_real)INFINITY;
    bad[n] = c2d_shape_from_rounded_polygon(&rp);
    bad[n++].as.rounded_polygon.radius = -1;
    /* fuzz_queries found the cast taking a rounded polygon of radius 0 (a plain polygon's core) */
    bad[n] = c2d_shape_from_rounded_polygon(&rp);
    bad[n++].as.rounded_polygon.radius = 0;
    bad[n] = c2d_shape_from_rounded_polygon(&rp);
    bad[n++].as.rounded_polygon.polygon.vertices[1].x = (c2d_real)NAN;
    assert_status(c2d_convex_wedge_make(c2d_v2(0, 0), 1, 0, 1, &w), C2D_OK);
    bad[n] = c2d_shape_from_wedge(&w);
    bad[n++].as.wedge.outer_radius = (c2d_real)NAN;
    bad[n] = c2d_shape_from_wedge(&w);
    bad[n++].as.wedge.sweep_angle = 4;
    bad[n] = c2d_shape_from_wedge(&w);
    bad[n++].as.wedge.center.y = (c2d_real)INFINITY;
    /* concave: no pieces, a piece count of 0 or past the outline's, a NaN or non-unit transform,
     * no outline */
    u = u_shape(c2d_transform_make(c2d_v2(-1, -1), 0));
    bad[n] = u;
    bad[n++].as.concave.pieces = NULL;
    bad[n] = u;
    bad[n++].as.concave.piece_count = 0;
    bad[n] = u;
    bad[n++].as.concave.piece_count = 7;
    bad[n] = u;
    bad[n++].as.concave.xf.q.s = (c2d_real)NAN;
    bad[n] = u;
    bad[n++].as.concave.xf.q.c = 0;
    bad[n] = u;
    bad[n++].as.concave.outline.vertices = NULL;
    assert_true(c2d_shape_overlap(&u, &good));
    in.origin = c2d_v2(-5, (c2d_real)0.1);
    in.translation = c2d_v2(1, 0);
    in.max_fraction = 10;
    for (i = 0; i < n; ++i) {
        c2d_hit h;
        c2d_sweep sw;
        assert_false(c2d_shape_is_valid(&bad[i]));
        assert_false(c2d_shape_overlap(&bad[i], &good));
        assert_false(c2d_shape_overlap(&good, &bad[i]));
        assert_false(c2d_shape_hit(&bad[i], &good, &h));
        assert_false(c2d_shape_hit(&good, &bad[i], &h));
        assert_int_equal(c2d_shape_manifold(&bad[i], &good).count, 0);
        assert_int_equal(c2d_shape_distance(&bad[i], &good).status, C2D_DISTANCE_INVALID_INPUT);
        assert_int_equal(c2d_shape_distance(&good, &bad[i]).status, C2D_DISTANCE_INVALID_INPUT);
        assert_false(c2d_shape_raycast(&bad[i], in, &h));
        sw = c2d_shape_cast(&good, c2d_v2(0, 3), &bad[i], c2d_v2(0, 0));
        assert_false(sw.has_hit);
        assert_true(isfinite((double)sw.pos.x) && isfinite((double)sw.pos.y) && isfinite((double)sw.time));
        sw = c2d_shape_cast(&bad[i], c2d_v2(0, 3), &good, c2d_v2(0, 0));
        assert_false(sw.has_hit);
        assert_true(isfinite((double)sw.pos.x) && isfinite((double)sw.pos.y) && isfinite((double)sw.time));
    }
}

/* ---- random shapes of every kind ---- */

/* Storage of the random concave shapes (their outline and pieces are caller-owned): a ring of
 * slots, far more than the shapes alive at once. */
#define CONCAVE_SLOTS 16
#define CONCAVE_MAXV 12
static c2d_vec2 g_cc_verts[CONCAVE_SLOTS][CONCAVE_MAXV];
static c2d_polygon g_cc_pieces[CONCAVE_SLOTS][CONCAVE_MAXV];
static int g_cc_next;

/* A star-shaped (so simple) polygon of 5 to 12 vertices around (cx, cy) with radii 0.3..2.2 (often
 * concave), decomposed, turned and placed by a random transform. */
static c2d_shape random_concave(test_rng *r, double cx, double cy) {
    int slot = g_cc_next++ % CONCAVE_SLOTS, n = 5 + (int)(test_rng_next(r) % (CONCAVE_MAXV - 4)), i;
    c2d_concave outline;
    c2d_concave_shape cs;
    for (;;) {
        for (i = 0; i < n; ++i) {
            double a = 6.283 * (i + test_rng_range(r, 0, 0.7)) / n, rad = test_rng_range(r, 0.3, 2.2);
            g_cc_verts[slot][i] = c2d_v2((c2d_real)(rad * cos(a)), (c2d_real)(rad * sin(a)));
        }
        if (c2d_concave_make(g_cc_verts[slot], n, &outline) != C2D_OK) continue;
        if (c2d_concave_shape_make(&outline, g_cc_pieces[slot], CONCAVE_MAXV,
                                   c2d_transform_make(c2d_v2((c2d_real)cx, (c2d_real)cy), (c2d_real)test_rng_range(r, -3.2, 3.2)),
                                   &cs) == C2D_OK)
            break;
    }
    assert_true(c2d_concave_shape_is_valid(&cs));
    return c2d_shape_from_concave(&cs);
}

static c2d_shape random_shape(test_rng *r, int kind) {
    double cx = test_rng_range(r, -2, 2), cy = test_rng_range(r, -2, 2);
    c2d_vec2 pts[C2D_MAX_POLYGON_VERTICES];
    int i, n;
    switch (kind) {
    case C2D_SHAPE_POINT: return c2d_shape_from_point(c2d_v2((c2d_real)cx, (c2d_real)cy));
    case C2D_SHAPE_SEGMENT: {
        double a = test_rng_range(r, 0, 6.283), l = test_rng_range(r, 0.5, 3);
        return c2d_shape_from_segment(seg(cx, cy, cx + l * cos(a), cy + l * sin(a)));
    }
    case C2D_SHAPE_AABB: return c2d_shape_from_aabb(box_c(cx, cy, test_rng_range(r, 0.2, 2), test_rng_range(r, 0.2, 2)));
    case C2D_SHAPE_CIRCLE: return c2d_shape_from_circle(circ(cx, cy, test_rng_range(r, 0.2, 2)));
    case C2D_SHAPE_CAPSULE: {
        double a = test_rng_range(r, 0, 6.283), l = test_rng_range(r, 0, 2);
        return c2d_shape_from_capsule(caps(cx, cy, cx + l * cos(a), cy + l * sin(a), test_rng_range(r, 0.2, 1)));
    }
    case C2D_SHAPE_POLYGON:
    case C2D_SHAPE_ROUNDED_POLYGON: {
        c2d_polygon p;
        n = 3 + (int)(test_rng_next(r) % (C2D_MAX_POLYGON_VERTICES - 2));
        for (;;) {
            for (i = 0; i < n; ++i) {
                double a = 6.283 * (i + test_rng_range(r, 0, 0.8)) / n, rad = test_rng_range(r, 0.4, 2);
                pts[i] = c2d_v2((c2d_real)(cx + rad * cos(a)), (c2d_real)(cy + rad * sin(a)));
            }
            if (c2d_polygon_make(pts, n, &p) == C2D_OK) break;
        }
        if (kind == C2D_SHAPE_POLYGON) return c2d_shape_from_polygon(&p);
        {
            c2d_rounded_polygon rp;
            rp.polygon = p;
            rp.radius = (c2d_real)test_rng_range(r, 0.05, 0.8);
            assert_true(c2d_rounded_polygon_is_valid(&rp));
            return c2d_shape_from_rounded_polygon(&rp);
        }
    }
    case C2D_SHAPE_WEDGE: {
        c2d_arc w;
        double a0 = test_rng_range(r, -6.283, 6.283);
        assert_status(c2d_convex_wedge_make(c2d_v2((c2d_real)cx, (c2d_real)cy), (c2d_real)test_rng_range(r, 0.3, 2.5), (c2d_real)a0,
                                            (c2d_real)(a0 + test_rng_range(r, 0.2, 3.14159)), &w),
                      C2D_OK);
        return c2d_shape_from_wedge(&w);
    }
    case C2D_SHAPE_CONCAVE: return random_concave(r, cx, cy);
    case C2D_SHAPE_ARC: {
        /* rings, wedges of any sweep, and sweeps past pi */
        c2d_arc w;
        double a0 = test_rng_range(r, -6.283, 6.283), ro = test_rng_range(r, 0.4, 2.5);
        double ri = test_rng_next(r) % 4 == 0 ? 0 : ro * test_rng_range(r, 0.2, 0.8);
        double sw = test_rng_next(r) % 5 == 0 ? 6.3 : test_rng_range(r, 0.3, 6.2);
        assert_status(c2d_arc_shape_make(c2d_v2((c2d_real)cx, (c2d_real)cy), (c2d_real)ri, (c2d_real)ro, (c2d_real)a0, (c2d_real)(a0 + sw), &w),
                      C2D_OK);
        return c2d_shape_from_arc(&w);
    }
    default:
        return c2d_shape_from_ellipse(ell(cx, cy, test_rng_range(r, 0.2, 2.5), test_rng_range(r, 0.2, 2.5), test_rng_range(r, 0, 6.283)));
    }
}

static bool is_new(int k) {
    return k == C2D_SHAPE_ROUNDED_POLYGON || k == C2D_SHAPE_ELLIPSE || k == C2D_SHAPE_WEDGE || k == C2D_SHAPE_CONCAVE || k == C2D_SHAPE_ARC;
}
static const char *c2d_kind_of_name(int k) {
    static const char *const names[] = {"point", "segment", "aabb", "circle", "capsule", "polygon", "rounded_polygon", "ellipse", "wedge", "concave", "arc"};
    return k >= 0 && k < (int)(sizeof names / sizeof names[0]) ? names[k] : "?";
}
static bool is_solid(int k) { return k != C2D_SHAPE_POINT && k != C2D_SHAPE_SEGMENT; }

/* The point lies inside with a margin: it and its four neighbours at distance m are inside. */
static bool deep_inside(const c2d_shape *s, c2d_vec2 p, c2d_real m) {
    return c2d_shape_contains_point(s, p) && c2d_shape_contains_point(s, c2d_v2(p.x + m, p.y)) &&
           c2d_shape_contains_point(s, c2d_v2(p.x - m, p.y)) && c2d_shape_contains_point(s, c2d_v2(p.x, p.y + m)) &&
           c2d_shape_contains_point(s, c2d_v2(p.x, p.y - m));
}

/* Whether some grid point lies deep inside both (solid) shapes. */
static bool sampled_overlap(const c2d_shape *a, const c2d_shape *b, c2d_real m, int grid) {
    c2d_aabb ba = c2d_shape_aabb(a), bb = c2d_shape_aabb(b);
    c2d_real x0 = ba.lower.x > bb.lower.x ? ba.lower.x : bb.lower.x, x1 = ba.upper.x < bb.upper.x ? ba.upper.x : bb.upper.x;
    c2d_real y0 = ba.lower.y > bb.lower.y ? ba.lower.y : bb.lower.y, y1 = ba.upper.y < bb.upper.y ? ba.upper.y : bb.upper.y;
    int i, j;
    if (!(x0 < x1 && y0 < y1)) return false;
    for (i = 0; i <= grid; ++i) {
        for (j = 0; j <= grid; ++j) {
            c2d_vec2 p = c2d_v2(x0 + (x1 - x0) * (c2d_real)i / (c2d_real)grid, y0 + (y1 - y0) * (c2d_real)j / (c2d_real)grid);
            if (deep_inside(a, p, m) && deep_inside(b, p, m)) return true;
        }
    }
    return false;
}

/* The smallest distance between grid points (grid x grid over each bounding box) that lie inside
 * a and inside b: an upper bound of their distance (a large value when either has none). */
static double sampled_distance(const c2d_shape *a, const c2d_shape *b, int grid) {
    c2d_vec2 pa[400], pb[400];
    int na = 0, nb = 0, i, j;
    double best = 1e30;
    const c2d_shape *sh[2] = {a, b};
    for (int k = 0; k < 2; ++k) {
        c2d_aabb bb = c2d_shape_aabb(sh[k]);
        for (i = 0; i <= grid; ++i) {
            for (j = 0; j <= grid; ++j) {
                c2d_vec2 p = c2d_v2(bb.lower.x + (bb.upper.x - bb.lower.x) * (c2d_real)i / (c2d_real)grid,
                                    bb.lower.y + (bb.upper.y - bb.lower.y) * (c2d_real)j / (c2d_real)grid);
                if (!c2d_shape_contains_point(sh[k], p)) continue;
                if (k == 0 && na < 400) pa[na++] = p;
                if (k == 1 && nb < 400) pb[nb++] = p;
            }
        }
    }
    for (i = 0; i < na; ++i)
        for (j = 0; j < nb; ++j) {
            double dx = (double)(pa[i].x - pb[j].x), dy = (double)(pa[i].y - pb[j].y), dd = sqrt(dx * dx + dy * dy);
            if (dd < best) best = dd;
        }
    return best;
}

typedef struct prop_counts {
    int pairs, overlaps, pushes, distances, sampled, rays, ray_hits, casts, cast_hits, sampled_distances;
} prop_counts;

static void check_pair(const c2d_shape *a, const c2d_shape *b, prop_counts *pc) {
    bool ov = c2d_shape_overlap(a, b), ov2 = c2d_shape_overlap(b, a);
    c2d_hit h, h2;
    bool hit = c2d_shape_hit(a, b, &h), hit2 = c2d_shape_hit(b, a, &h2);
    c2d_manifold m = c2d_shape_manifold(a, b);
    c2d_distance_result d = c2d_shape_distance(a, b), d2 = c2d_shape_distance(b, a);
    bool solid = is_solid(a->type) && is_solid(b->type);
    ++pc->pairs;
    /* symmetry */
    assert_int_equal(ov, ov2);
    assert_int_equal(hit, hit2);
    assert_int_equal(d.status, C2D_DISTANCE_OK);
    assert_near(d.distance, d2.distance, 0);
    if (hit) {
        assert_near(h.normal.x, -h2.normal.x, 0);
        assert_near(h.normal.y, -h2.normal.y, 0);
    }
    /* agreement */
    assert_int_equal(ov, hit);
    assert_int_equal(solid && ov, m.count > 0);
    if (ov) {
        ++pc->overlaps;
        assert_near(d.distance, 0, 0);
        assert_hit_finite(h);
        assert_near(c2d_len(h.normal), 1, 1e-3);
        if (m.count > 0) {
            if (m.normal.x != h.normal.x || m.normal.y != h.normal.y)
                printf("%s vs %s: manifold normal (%g, %g), hit normal (%g, %g)\n", c2d_kind_of_name(a->type), c2d_kind_of_name(b->type),
                       (double)m.normal.x, (double)m.normal.y, (double)h.normal.x, (double)h.normal.y);
            assert_near(m.normal.x, h.normal.x, 0);
            assert_near(m.normal.y, h.normal.y, 0);
            /* the deepest point is the push-out (a concave shape's pieces give two-point manifolds) */
            double deepest = m.points[0].depth;
            if (m.count > 1 && m.points[1].depth > deepest) deepest = m.points[1].depth;
            if (fabs(deepest - (double)c2d_len(h.delta)) > 1e-5 + KT)
                printf("%s vs %s: deepest %g, push-out %g\n", c2d_kind_of_name(a->type), c2d_kind_of_name(b->type), deepest,
                       (double)c2d_len(h.delta));
            assert_near(deepest, c2d_len(h.delta), 1e-5 + KT);
        }
        /* the push-out separates: overlap false after it, and the distance about 0 */
        {
            c2d_real extra = (c2d_real)(4 * KT + 1e-6);
            c2d_shape pushed = moved(a, c2d_mul_add(h.delta, extra, h.normal));
            c2d_distance_result dp = c2d_shape_distance(&pushed, b);
            assert_false(c2d_shape_overlap(&pushed, b));
            if (!(dp.distance <= 20 * KT + 1e-5))
                printf("%s vs %s: distance %g after the push-out %g\n", c2d_kind_of_name(a->type), c2d_kind_of_name(b->type),
                       (double)dp.distance, (double)c2d_len(h.delta));
            assert_true(dp.distance <= 20 * KT + 1e-5);
            ++pc->pushes;
        }
    } else {
        assert_true(d.distance >= 0);
        /* the distance is right: moving A by it along -normal closes the gap (an underestimate
         * leaves one), moving A by a little less keeps them apart (an overestimate overlaps). The
         * first is a distance, not an overlap: where both closest points are corners, a push past
         * contact can leave them apart again. */
        if (solid && d.distance > 10 * KT) {
            c2d_shape closer = moved(a, c2d_scale(d.normal, -d.distance));
            c2d_shape short_of = moved(a, c2d_scale(d.normal, -(d.distance - (c2d_real)(20 * KT))));
            assert_true(c2d_shape_distance(&closer, b).distance <= 20 * KT);
            assert_false(c2d_shape_overlap(&short_of, b));
            ++pc->distances;
        }
    }
    /* brute-force sampling of the distance (pairs with a concave shape): no larger than that of
     * any two points sampled inside the two shapes */
    if (solid && (a->type == C2D_SHAPE_CONCAVE || b->type == C2D_SHAPE_CONCAVE)) {
        double sd = sampled_distance(a, b, 16);
        if (sd < 1e30) {
            assert_true(d.distance <= sd + 1e-4);
            ++pc->sampled_distances;
        }
    }
    /* brute-force sampling: a grid point deep inside both means overlap; an overlap deeper than
     * the grid's spacing has such a point */
    if (solid) {
        bool s = sampled_overlap(a, b, (c2d_real)0.01, 60);
        if (s) assert_true(ov);
        if (!ov) assert_false(s);
        /* (not for the arc: a sector that is not convex can need a deep push-out to clear a thin
         * overlap, a ring crossing a box) */
        if (ov && m.points[0].depth > 0.3 && a->type != C2D_SHAPE_ARC && b->type != C2D_SHAPE_ARC) assert_true(s);
        pc->sampled += s;
    }
}

/* Ray cast against s versus points sampled along the ray. */
static void check_ray(const c2d_shape *s, test_rng *r, prop_counts *pc) {
    c2d_raycast_input in;
    c2d_hit h;
    bool hit;
    int k, N = 200;
    double a = test_rng_range(r, 0, 6.283);
    in.origin = c2d_v2((c2d_real)(5 * cos(a)), (c2d_real)(5 * sin(a)));
    in.translation = c2d_v2((c2d_real)(test_rng_range(r, -3, 3) - in.origin.x), (c2d_real)(test_rng_range(r, -3, 3) - in.origin.y));
    in.max_fraction = (c2d_real)test_rng_range(r, 0.3, 1.5);
    hit = c2d_shape_raycast(s, in, &h);
    ++pc->rays;
    for (k = 0; k <= N; ++k) {
        double t = in.max_fraction * k / N;
        c2d_vec2 p = c2d_mul_add(in.origin, (c2d_real)t, in.translation);
        if (deep_inside(s, p, (c2d_real)0.01)) {
            assert_true(hit);
            assert_true(h.time <= t);
        }
    }
    if (hit) {
        ++pc->ray_hits;
        assert_hit_finite(h);
        /* the hit point is on the boundary: just before it outside (not deep inside), just after
         * it inside when the ray enters at a real angle. A concave shape can be thinner than a
         * step along the normal at a spike, or have another part there across a notch: its steps
         * are along the ray. */
        if (s->type == C2D_SHAPE_CONCAVE) {
            c2d_vec2 u = c2d_normalize(in.translation);
            assert_false(h.time > 0 && c2d_shape_contains_point(s, c2d_mul_add(h.pos, (c2d_real)-1e-4, u)));
            assert_true(h.time == 0 || c2d_shape_contains_point(s, c2d_mul_add(h.pos, (c2d_real)1e-4, u)) ||
                        fabs((double)c2d_dot(h.normal, u)) < 0.2);
        } else {
            assert_false(c2d_shape_contains_point(s, c2d_mul_add(h.pos, (c2d_real)0.02, h.normal)) && h.time > 0);
            assert_true(c2d_shape_contains_point(s, c2d_mul_add(h.pos, (c2d_real)-0.01, h.normal)) ||
                        fabs((double)c2d_dot(h.normal, c2d_normalize(in.translation))) < 0.2);
        }
    }
}

/* The linear cast never tunnels: sampled positions before the returned time do not overlap, and a
 * sampled overlap along the whole path means a hit no later than it. */
static void check_cast(const c2d_shape *a, const c2d_shape *b, test_rng *r, prop_counts *pc) {
    c2d_vec2 delta = c2d_v2((c2d_real)test_rng_range(r, -8, 8), (c2d_real)test_rng_range(r, -8, 8));
    c2d_shape start = moved(a, c2d_scale(delta, -0.5));
    c2d_sweep sw;
    int k, N = 100;
    if (c2d_shape_overlap(&start, b)) return;
    sw = c2d_shape_cast(&start, delta, b, c2d_v2(0, 0));
    ++pc->casts;
    pc->cast_hits += sw.has_hit;
    assert_true(sw.time >= 0 && sw.time <= 1);
    for (k = 0; k <= N; ++k) {
        double t = (double)k / N;
        c2d_shape at = moved(&start, c2d_scale(delta, (c2d_real)t));
        if (t <= sw.time) assert_false(c2d_shape_overlap(&at, b));
        if (c2d_shape_overlap(&at, b)) {
            assert_true(sw.has_hit);
            assert_true(sw.hit.time <= t);
        }
    }
    {
        c2d_shape at = moved(&start, c2d_scale(delta, sw.time));
        assert_false(c2d_shape_overlap(&at, b));
    }
}

static void test_properties_new_cells(void **state) {
    test_rng r = test_rng_make("kinds_properties");
    int iters = test_iterations(40), it, ka, kb;
    prop_counts pc;
    int cc_pairs[C2D_SHAPE_TYPE_COUNT] = {0}, cc_overlaps[C2D_SHAPE_TYPE_COUNT] = {0};
    (void)state;
    memset(&pc, 0, sizeof pc);
    for (it = 0; it < iters; ++it) {
        for (ka = 0; ka < C2D_SHAPE_TYPE_COUNT; ++ka) {
            for (kb = 0; kb < C2D_SHAPE_TYPE_COUNT; ++kb) {
                c2d_shape a, b;
                if (!is_new(ka) && !is_new(kb)) continue;
                a = random_shape(&r, ka);
                b = random_shape(&r, kb);
                check_pair(&a, &b, &pc);
                if (ka == C2D_SHAPE_CONCAVE || kb == C2D_SHAPE_CONCAVE) {
                    int other = ka == C2D_SHAPE_CONCAVE ? kb : ka;
                    ++cc_pairs[other];
                    cc_overlaps[other] += c2d_shape_overlap(&a, &b);
                }
                if (is_solid(ka) || is_solid(kb)) check_cast(&a, &b, &r, &pc);
            }
        }
        for (ka = C2D_SHAPE_ROUNDED_POLYGON; ka < C2D_SHAPE_TYPE_COUNT; ++ka) {
            c2d_shape s = random_shape(&r, ka);
            check_ray(&s, &r, &pc);
        }
    }
    printf("kinds: %d pairs, %d overlaps, %d push-outs, %d distances, %d sampled, %d sampled distances, %d rays (%d hits), %d casts (%d hits)\n",
           pc.pairs, pc.overlaps, pc.pushes, pc.distances, pc.sampled, pc.sampled_distances, pc.rays, pc.ray_hits, pc.casts, pc.cast_hits);
    /* the main checks ran */
    assert_true(pc.overlaps > iters);
    assert_true(pc.distances > iters);
    assert_true(pc.sampled > iters);
    assert_true(pc.ray_hits > iters / 4);
    assert_true(pc.cast_hits > iters);
    assert_true(pc.sampled_distances > iters);
    /* every cell with the concave kind saw both answers */
    printf("concave cells (pairs, overlaps):");
    for (ka = 0; ka < C2D_SHAPE_TYPE_COUNT; ++ka) printf(" %s %d/%d", c2d_kind_of_name(ka), cc_pairs[ka], cc_overlaps[ka]);
    printf("\n");
    for (ka = 0; ka < C2D_SHAPE_TYPE_COUNT; ++ka) {
        assert_true(cc_overlaps[ka] > 0);
        assert_true(cc_overlaps[ka] < cc_pairs[ka]);
    }
}

/* ---- the concave kind: hand cases ---- */

/* A U of width 3 and height 3 with a notch 1 wide from y = 1 up, placed by xf. */
static const c2d_vec2 k_u[8] = {{0, 0}, {3, 0}, {3, 3}, {2, 3}, {2, 1}, {1, 1}, {1, 3}, {0, 3}};
static c2d_polygon g_u_pieces[6];

static c2d_shape u_shape(c2d_transform xf) {
    c2d_concave o;
    c2d_concave_shape cs;
    assert_status(c2d_concave_make(k_u, 8, &o), C2D_OK);
    assert_status(c2d_concave_shape_make(&o, g_u_pieces, 6, xf, &cs), C2D_OK);
    assert_true(cs.piece_count >= 3);
    return c2d_shape_from_concave(&cs);
}

/* A ray from inside a turned U with a max_fraction near the largest real: its delta,
 * (time - max_fraction) * translation, is finite in the U's local frame but overflows once turned
 * back (fuzz_queries, float). No hit then, never an infinite delta. */
static void test_concave_ray_overflow(void **state) {
    c2d_transform xf = c2d_transform_make(c2d_v2(0, 0), (c2d_real)0.8);
    c2d_shape u = u_shape(xf);
    c2d_raycast_input in;
    c2d_hit h;
    (void)state;
    in.origin = c2d_transform_point(xf, c2d_v2((c2d_real)0.5, 2));
    in.translation = c2d_v2(0, (c2d_real)1.25);
    in.max_fraction = (c2d_real)0.999 * (sizeof(c2d_real) == sizeof(float) ? (c2d_real)FLT_MAX : (c2d_real)DBL_MAX);
    if (c2d_shape_raycast(&u, in, &h)) {
        assert_true(c2d_vec2_is_valid(h.pos) && c2d_vec2_is_valid(h.delta));
    }
    /* the same ray with a max_fraction that cannot overflow hits at time 0 */
    in.max_fraction = 1;
    assert_true(c2d_shape_raycast(&u, in, &h));
    assert_true(h.time == 0);
}

/* Two concave shapes at the same placement are put in order by their content, not by where they
 * live: the same pair held in other memory (an L and a U, each copied into the other slot of two
 * arrays) gets the same bits (the JS binding's handles met a last-bit difference). */
static void test_concave_same_placement_order(void **state) {
    static const c2d_vec2 ell[6] = {{0, 0}, {2, 0}, {2, 1}, {1, 1}, {1, 2}, {0, 2}};
    c2d_vec2 verts[2][8];
    c2d_polygon pieces[2][6];
    c2d_concave o[2];
    c2d_concave_shape cs[2][2];
    c2d_shape s[2][2];
    c2d_manifold m0, m1;
    c2d_distance_result d0, d1;
    c2d_hit h0, h1;
    int k;
    (void)state;
    /* slot order: round 0 puts the U first in memory, round 1 the L */
    for (k = 0; k < 2; ++k) {
        int u = k, l = 1 - k;
        memcpy(verts[u], k_u, sizeof k_u);
        memcpy(verts[l], ell, sizeof ell);
        assert_status(c2d_concave_make(verts[u], 8, &o[u]), C2D_OK);
        assert_status(c2d_concave_make(verts[l], 6, &o[l]), C2D_OK);
        assert_status(c2d_concave_shape_make(&o[u], pieces[u], 6, c2d_transform_identity(), &cs[k][0]), C2D_OK);
        assert_status(c2d_concave_shape_make(&o[l], pieces[l], 6, c2d_transform_identity(), &cs[k][1]), C2D_OK);
        s[k][0] = c2d_shape_from_concave(&cs[k][0]);
        s[k][1] = c2d_shape_from_concave(&cs[k][1]);
        if (k == 0) {
            m0 = c2d_shape_manifold(&s[0][0], &s[0][1]);
            d0 = c2d_shape_distance(&s[0][0], &s[0][1]);
            assert_true(c2d_shape_hit(&s[0][0], &s[0][1], &h0));
        }
    }
    m1 = c2d_shape_manifold(&s[1][0], &s[1][1]);
    d1 = c2d_shape_distance(&s[1][0], &s[1][1]);
    assert_true(c2d_shape_hit(&s[1][0], &s[1][1], &h1));
    assert_true(m0.count > 0);
    assert_int_equal(m0.count, m1.count);
    assert_memory_equal(&m0, &m1, sizeof m0);
    assert_memory_equal(&d0, &d1, sizeof d0);
    assert_memory_equal(&h0, &h1, sizeof h0);
}

static void test_concave_hand(void **state) {
    c2d_shape u = u_shape(c2d_transform_identity()), x, pushed;
    c2d_hit h;
    c2d_manifold m;
    c2d_distance_result d;
    c2d_raycast_input in;
    c2d_sweep sw;
    c2d_aabb b;
    int i, k, diag = 0;
    (void)state;
    assert_true(c2d_shape_is_valid(&u));
    b = c2d_shape_aabb(&u);
    assert_vec_near(b.lower, 0, 0, 0);
    assert_vec_near(b.upper, 3, 3, 0);
    assert_int_equal(c2d_shape_proxy(&u).count, 0);
    assert_true(c2d_shape_contains_point(&u, c2d_v2((c2d_real)0.5, 2)));
    assert_false(c2d_shape_contains_point(&u, c2d_v2((c2d_real)1.5, 2)));
    /* a box across the notch: the pieces' own normals (+-x) lead into the other prong; the push-out
     * is out of the notch's open end, up by 1.5 */
    x = c2d_shape_from_aabb(box_c(1.5, 2, 0.6, 0.5));
    assert_true(c2d_shape_overlap(&x, &u));
    assert_true(c2d_shape_hit(&x, &u, &h));
    assert_vec_near(h.normal, 0, 1, 0);
    assert_near(h.delta.y, 1.5, 1e-3);
    pushed = moved(&x, h.delta);
    assert_false(c2d_shape_overlap(&pushed, &u));
    m = c2d_shape_manifold(&x, &u);
    assert_true(m.count > 0);
    assert_vec_near(m.normal, 0, 1, 0);
    /* reversed: the flip */
    assert_true(c2d_shape_hit(&u, &x, &h));
    assert_vec_near(h.normal, 0, -1, 0);
    /* a box in the notch touching both sides does not overlap; the distance to it is 0 */
    x = c2d_shape_from_aabb(box_c(1.5, 2, 0.5, 0.5));
    assert_false(c2d_shape_overlap(&x, &u));
    assert_near(c2d_shape_distance(&x, &u).distance, 0, 1e-5);
    /* a circle in the notch, 0.25 from each side: distance 0.25 */
    x = c2d_shape_from_circle(circ(1.5, 2, 0.25));
    d = c2d_shape_distance(&x, &u);
    assert_int_equal(d.status, C2D_DISTANCE_OK);
    assert_near(d.distance, 0.25, 1e-4);
    /* every point on a diagonal between two pieces (the midpoint of a piece edge strictly inside
     * the outline) is inside the shape, with a push-out that clears it */
    for (i = 0; i < u.as.concave.piece_count; ++i) {
        c2d_polygon p = c2d_concave_shape_piece(&u.as.concave, i);
        for (k = 0; k < p.count; ++k) {
            c2d_vec2 mid = c2d_lerp(p.vertices[k], p.vertices[(k + 1) % p.count], (c2d_real)0.5);
            c2d_shape pt = c2d_shape_from_point(mid), sg;
            c2d_segment s;
            if (!c2d_shape_contains_point(&u, mid)) continue;
            ++diag;
            assert_true(c2d_shape_overlap(&pt, &u));
            assert_true(c2d_shape_overlap(&u, &pt));
            assert_true(c2d_shape_hit(&pt, &u, &h));
            pushed = moved(&pt, h.delta);
            assert_false(c2d_shape_overlap(&pushed, &u));
            /* the diagonal itself as a segment */
            s.p1 = p.vertices[k];
            s.p2 = p.vertices[(k + 1) % p.count];
            sg = c2d_shape_from_segment(s);
            assert_true(c2d_shape_overlap(&sg, &u));
            assert_true(c2d_shape_hit(&sg, &u, &h));
            pushed = moved(&sg, h.delta);
            assert_false(c2d_shape_overlap(&pushed, &u));
            assert_true(isfinite((double)h.delta.x) && isfinite((double)h.delta.y));
        }
    }
    assert_true(diag >= 2);
    /* a ray down the notch enters at its floor, y = 1 */
    in.origin = c2d_v2((c2d_real)1.5, 5);
    in.translation = c2d_v2(0, -1);
    in.max_fraction = 10;
    assert_true(c2d_shape_raycast(&u, in, &h));
    assert_near(h.time, 4, 1e-5);
    assert_vec_near(h.normal, 0, 1, 1e-6);
    /* a ball dropped down the notch lands on its floor (radius 0.4: center stops at y = 1.4) */
    x = c2d_shape_from_circle(circ(1.5, 5, 0.4));
    sw = c2d_shape_cast(&x, c2d_v2(0, -5), &u, c2d_v2(0, 0));
    assert_true(sw.has_hit);
    assert_near(sw.hit.time, (5 - 1.4) / 5, 1e-4);
    assert_vec_near(sw.hit.normal, 0, 1, 1e-4);
    assert_true(sw.time <= sw.hit.time);
    /* the support path's reference ray cast takes the pieces: the same floor */
    in.origin = c2d_v2((c2d_real)1.5, 5);
    in.translation = c2d_v2(0, -1);
    in.max_fraction = 10;
    assert_true(c2d_shape_raycast_support(&u, in, &h));
    assert_near(h.time, 4, 4 * KT + 1e-5);
    /* sweep_into with the U among other statics: the ball stops on the notch's floor, index 1 */
    {
        c2d_shape statics[3];
        int idx = -1;
        statics[0] = c2d_shape_from_aabb(box_c(10, 0, 1, 1));
        statics[1] = u;
        statics[2] = c2d_shape_from_circle(circ(-5, 0, 1));
        x = c2d_shape_from_circle(circ(1.5, 5, 0.4));
        sw = c2d_shape_sweep_into(&x, c2d_v2(0, -5), statics, 3, &idx);
        assert_int_equal(idx, 1);
        assert_true(sw.has_hit);
        assert_near(sw.hit.time, (5 - 1.4) / 5, 1e-4);
        pushed = moved(&x, c2d_scale(c2d_v2(0, -5), sw.time));
        assert_false(c2d_shape_overlap(&pushed, &u));
    }
    /* a ball too wide for the notch lands on the prongs' tops (y = 3 + 0.8) */
    x = c2d_shape_from_circle(circ(1.5, 6, 0.8));
    sw = c2d_shape_cast(&x, c2d_v2(0, -6), &u, c2d_v2(0, 0));
    assert_true(sw.has_hit);
    assert_true(sw.hit.time < (6 - 3.0) / 6);
    /* the transform composes: turned a quarter turn about the origin and moved by (10, 0), the
     * notch opens toward -x; the arrays are the same */
    {
        c2d_shape t = c2d_shape_transform(&u, c2d_transform_make(c2d_v2(10, 0), (c2d_real)(M_PI / 2)));
        assert_ptr_equal(t.as.concave.pieces, u.as.concave.pieces);
        assert_true(c2d_shape_is_valid(&t));
        assert_true(c2d_shape_contains_point(&t, c2d_v2((c2d_real)(10 - 0.5), (c2d_real)0.5)));
        assert_false(c2d_shape_contains_point(&t, c2d_v2((c2d_real)(10 - 2), (c2d_real)1.5)));
        b = c2d_shape_aabb(&t);
        assert_vec_near(b.lower, 7, 0, 1e-5);
        assert_vec_near(b.upper, 10, 3, 1e-5);
        /* two concave shapes: the U against itself moved into it */
        {
            c2d_shape v = moved(&u, c2d_v2((c2d_real)0.5, (c2d_real)0.5));
            assert_true(c2d_shape_overlap(&u, &v));
            assert_true(c2d_shape_hit(&u, &v, &h));
            pushed = moved(&u, h.delta);
            assert_false(c2d_shape_overlap(&pushed, &v));
            v = moved(&u, c2d_v2(4, 0));
            assert_false(c2d_shape_overlap(&u, &v));
            assert_near(c2d_shape_distance(&u, &v).distance, 1, 1e-5);
        }
    }
}

/* A concave shape as a world collider (copied and decomposed by the world) and as a query shape;
 * the mover refuses it. */
static void test_world_concave(void **state) {
    c2d_world *w = NULL;
    c2d_collider_def def;
    c2d_collider_id id, ids[4];
    int32_t total = 0;
    c2d_collider_info info;
    c2d_shape probe;
    (void)state;
    assert_status(c2d_world_create(NULL, &w), C2D_OK);
    memset(&def, 0, sizeof def);
    def.shape = u_shape(c2d_transform_make(c2d_v2(1, 0), 0));
    def.transform = c2d_transform_make(c2d_v2(10, 0), 0);
    assert_status(c2d_world_add(w, &def, &id), C2D_OK);
    assert_status(c2d_world_get(w, id, &info), C2D_OK);
    assert_true(info.is_concave);
    /* the prong at x in [11, 12] holds (11.5, 2); the notch (12.5, 2) is empty */
    assert_status(c2d_world_query_point(w, c2d_v2((c2d_real)11.5, 2), NULL, ids, 4, &total), C2D_OK);
    assert_int_equal(total, 1);
    assert_status(c2d_world_query_point(w, c2d_v2((c2d_real)12.5, 2), NULL, ids, 4, &total), C2D_OK);
    assert_int_equal(total, 0);
    /* a concave query shape: the U placed at (11, 0) overlaps the collider; at (20, 0) it does not */
    probe = u_shape(c2d_transform_make(c2d_v2(11, 0), 0));
    assert_status(c2d_world_overlap_shape(w, &probe, NULL, ids, 4, &total), C2D_OK);
    assert_int_equal(total, 1);
    probe = u_shape(c2d_transform_make(c2d_v2(20, 0), 0));
    assert_status(c2d_world_overlap_shape(w, &probe, NULL, ids, 4, &total), C2D_OK);
    assert_int_equal(total, 0);
    /* cast from there toward the collider (x in [11, 14]): the probe's left side (x = 20) meets
     * the collider's right side after 6 of the 10 units */
    {
        c2d_world_cast_hit ch;
        bool found = false;
        assert_status(c2d_world_cast_first(w, &probe, c2d_v2(-10, 0), NULL, &ch, &found), C2D_OK);
        assert_true(found);
        assert_near(ch.sweep.hit.time, 0.6, 1e-5);
        assert_vec_near(ch.sweep.hit.normal, 1, 0, 1e-6);
        assert_true(ch.sweep.time < ch.sweep.hit.time);
    }
    /* the character mover moves a concave collider (its pieces; tests/test_mover.c) */
    {
        c2d_mover mv;
        assert_status(c2d_mover_init(&mv, w, id, NULL), C2D_OK);
    }
    /* bad concave payloads are refused with a status */
    def.shape.as.concave.pieces = NULL;
    assert_status(c2d_world_add(w, &def, &id), C2D_ERR_NULL_ARG);
    def.shape = u_shape(c2d_transform_identity());
    def.shape.as.concave.xf.p.x = (c2d_real)NAN;
    assert_status(c2d_world_add(w, &def, &id), C2D_ERR_NOT_FINITE);
    assert_status(c2d_world_destroy(w), C2D_OK);
}

/* ---- the world ---- */

static void test_world_ellipse(void **state) {
    c2d_world *w = NULL;
    c2d_collider_def def;
    c2d_collider_id id, ids[4];
    int32_t total = 0;
    c2d_world_hit wh;
    bool found = false;
    c2d_raycast_input in;
    c2d_shape probe = c2d_shape_from_circle(circ(10 + 2.5, 0, 1));
    (void)state;
    assert_status(c2d_world_create(NULL, &w), C2D_OK);
    memset(&def, 0, sizeof def);
    def.shape = c2d_shape_from_ellipse(ell(0, 0, 2, 1, 0));
    def.transform = c2d_transform_make(c2d_v2(10, 0), 0);
    assert_status(c2d_world_add(w, &def, &id), C2D_OK);
    {
        const c2d_world_event *ev = NULL;
        int32_t nev = 0;
        assert_status(c2d_world_update(w, &ev, &nev), C2D_OK);
    }
    assert_status(c2d_world_overlap_shape(w, &probe, NULL, ids, 4, &total), C2D_OK);
    assert_int_equal(total, 1);
    probe = c2d_shape_from_circle(circ(10 + 3.5, 0, 1));
    assert_status(c2d_world_overlap_shape(w, &probe, NULL, ids, 4, &total), C2D_OK);
    assert_int_equal(total, 0);
    in.origin = c2d_v2(0, 0);
    in.translation = c2d_v2(1, 0);
    in.max_fraction = 100;
    assert_status(c2d_world_raycast_first(w, in, NULL, &wh, &found), C2D_OK);
    assert_true(found);
    assert_near(wh.hit.time, 8, TOL);
    assert_status(c2d_world_query_point(w, c2d_v2(11, (c2d_real)0.5), NULL, ids, 4, &total), C2D_OK);
    assert_int_equal(total, 1);
    /* a rounded box cast from the left stops at the ellipse's left end (x = 8) */
    {
        c2d_rounded_polygon rb = rbox(0, 0, (c2d_real)0.5, (c2d_real)0.5, (c2d_real)0.5);
        c2d_shape cast = c2d_shape_from_rounded_polygon(&rb);
        c2d_world_cast_hit ch;
        assert_status(c2d_world_cast_first(w, &cast, c2d_v2(10, 0), NULL, &ch, &found), C2D_OK);
        assert_true(found);
        assert_near(ch.sweep.hit.time, 0.7, 10 * KT);
        assert_vec_near(ch.sweep.hit.normal, -1, 0, NT);
        assert_true(ch.sweep.time < ch.sweep.hit.time);
    }
    /* the character mover moves an ellipse collider (its skin from the kind row; tests/test_mover.c) */
    {
        c2d_mover mv;
        assert_status(c2d_mover_init(&mv, w, id, NULL), C2D_OK);
    }
    /* a bad ellipse is refused */
    def.shape.as.ellipse.radii.x = -1;
    assert_status(c2d_world_add(w, &def, &id), C2D_ERR_BAD_SIZE);
    assert_status(c2d_world_destroy(w), C2D_OK);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_constructors),
        cmocka_unit_test(test_ellipse_basics),
        cmocka_unit_test(test_ellipse_raycast),
        cmocka_unit_test(test_hand_pairs),
        cmocka_unit_test(test_wedge_hand),
        cmocka_unit_test(test_bad_input_new_kinds),
        cmocka_unit_test(test_properties_new_cells),
        cmocka_unit_test(test_world_ellipse),
        cmocka_unit_test(test_concave_hand),
        cmocka_unit_test(test_concave_ray_overflow),
        cmocka_unit_test(test_concave_same_placement_order),
        cmocka_unit_test(test_world_concave),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
