/* Hits and contact manifolds (src/manifold.c): hand-computed push-outs for every pair, the intersect
 * article's AABB vs point and AABB vs AABB with exact delta/normal/pos, manifolds for resting and
 * poking contacts (box on box, rotated corner, capsule on box, circle on polygon, capsules),
 * feature ids stable under small motion, the touching boundary, and randomized checks that hit and
 * manifold agree with overlap and that the push-out separates without overshooting. */
#include "test_util.h"

#define SQRT2 1.41421356237309504880
#define PI 3.14159265358979323846

static c2d_vec2 V(double x, double y) { return c2d_v2((c2d_real)x, (c2d_real)y); }

/* A hit filled with a recognisable pattern, to check that false writes nothing. */
static c2d_hit junk_hit(void) {
    c2d_hit h;
    memset(&h, 0x5a, sizeof h);
    return h;
}

static void assert_untouched(const c2d_hit *h) {
    c2d_hit j = junk_hit();
    assert_memory_equal(h, &j, sizeof *h);
}

/* Checks a hit: normal, delta = normal * depth, pos, time 0. */
static void expect_hit(const c2d_hit *h, double nx, double ny, double depth, double px, double py) {
    assert_hit_finite(*h);
    assert_vec_near(h->normal, nx, ny, TOL);
    assert_vec_near(h->delta, nx * depth, ny * depth, TOL);
    assert_vec_near(h->pos, px, py, TOL);
    assert_near(h->time, 0, 0);
}

static c2d_polygon tri(double x0, double y0, double x1, double y1, double x2, double y2) {
    double xy[6];
    xy[0] = x0;
    xy[1] = y0;
    xy[2] = x1;
    xy[3] = y1;
    xy[4] = x2;
    xy[5] = y2;
    return poly_n(3, xy);
}

/* ---- the intersect article (seed 002) ---- */

/* intersectPoint on a box at (0,0) with half size (8,8): the point leaves through the nearest edge,
 * delta = overlap * sign, pos on that edge at the point's other coordinate; a tie goes to y, and
 * sign(0) = +1. */
static void seed_article_intersect_point(void **state) {
    c2d_aabb b = box_c(0, 0, 8, 8);
    c2d_hit h;
    (void)state;
    assert_true(c2d_point_hit_aabb(V(4, 2), b, &h)); /* px = 4 < py = 6 */
    expect_hit(&h, 1, 0, 4, 8, 2);
    assert_true(c2d_point_hit_aabb(V(-3, -7), b, &h)); /* px = 5, py = 1 */
    expect_hit(&h, 0, -1, 1, -3, -8);
    assert_true(c2d_point_hit_aabb(V(-4, 1), b, &h)); /* px = 4, py = 7 */
    expect_hit(&h, -1, 0, 4, -8, 1);
    assert_true(c2d_point_hit_aabb(V(0, 0), b, &h)); /* px = py = 8: y, sign(0) = +1 */
    expect_hit(&h, 0, 1, 8, 0, 8);
    assert_true(c2d_point_hit_aabb(V(7.999, 0), b, &h));
    assert_vec_near(h.normal, 1, 0, 0);
    assert_near(h.delta.x, 0.001, TOL);
    h = junk_hit();
    assert_false(c2d_point_hit_aabb(V(8, 0), b, &h)); /* on the edge: px = 0, the article's null */
    assert_untouched(&h);
    assert_false(c2d_point_hit_aabb(V(9, 0), b, &h));
    assert_untouched(&h);
    assert_true(c2d_point_hit_aabb(V(1, 1), b, NULL));
}

/* intersectAABB with B = this at (0,0) half (8,8) and A = the box argument. */
static void seed_article_intersect_aabb(void **state) {
    c2d_aabb b = box_c(0, 0, 8, 8);
    c2d_hit h;
    (void)state;
    assert_true(c2d_aabb_hit_aabb(box_c(12, 3, 6, 6), b, &h)); /* px = 14 - 12 = 2, py = 11 */
    expect_hit(&h, 1, 0, 2, 8, 3);
    assert_true(c2d_aabb_hit_aabb(box_c(-2, -13, 4, 6), b, &h)); /* px = 10, py = 14 - 13 = 1 */
    expect_hit(&h, 0, -1, 1, -2, -8);
    assert_true(c2d_aabb_hit_aabb(box_c(-10, 0, 4, 4), b, &h)); /* px = 2, py = 12 */
    expect_hit(&h, -1, 0, 2, -8, 0);
    assert_true(c2d_aabb_hit_aabb(b, b, &h)); /* equal: tie -> y, sign(0) = +1 */
    expect_hit(&h, 0, 1, 16, 0, 8);
    h = junk_hit();
    assert_false(c2d_aabb_hit_aabb(box_c(14, 0, 6, 6), b, &h)); /* touching: px = 0 */
    assert_untouched(&h);
    assert_false(c2d_aabb_hit_aabb(box_c(14, 14, 6, 6), b, &h)); /* corner to corner */
    assert_untouched(&h);
    assert_true(c2d_aabb_hit_aabb(box_c(13.999, 0, 6, 6), b, &h));
    assert_near(h.delta.x, 0.001, TOL);
    /* The article's pos would be (1, 10), A's center height, which is off B. We clamp it to B's
     * edge: (1, 1). delta and normal are the article's. */
    assert_true(c2d_aabb_hit_aabb(box_c(2.5, 10, 2, 10), box_c(0, 0, 1, 1), &h)); /* px = 0.5, py = 1 */
    expect_hit(&h, 1, 0, 0.5, 1, 1);
}

/* ---- hits, pair by pair ---- */

static void hit_point(void **state) {
    c2d_hit h;
    c2d_polygon t = tri(0, 0, 4, 0, 0, 4);
    (void)state;
    assert_true(c2d_point_hit_circle(V(1.5, 2), circ(0, 0, 5), &h)); /* 3-4-5 direction */
    expect_hit(&h, 0.6, 0.8, 2.5, 3, 4);
    assert_true(c2d_point_hit_circle(V(0, 0), circ(0, 0, 1), &h)); /* center: +x */
    expect_hit(&h, 1, 0, 1, 1, 0);
    h = junk_hit();
    assert_false(c2d_point_hit_circle(V(3, 4), circ(0, 0, 5), &h)); /* on the circle */
    assert_untouched(&h);

    assert_true(c2d_point_hit_capsule(V(2, 0.5), caps(0, 0, 4, 0, 1), &h));
    expect_hit(&h, 0, 1, 0.5, 2, 1);
    assert_true(c2d_point_hit_capsule(V(4.5, 0), caps(0, 0, 4, 0, 1), &h)); /* in the cap */
    expect_hit(&h, 1, 0, 0.5, 5, 0);
    assert_true(c2d_point_hit_capsule(V(2, 0), caps(0, 0, 4, 0, 1), &h)); /* on the core: sideways */
    assert_near(h.normal.x, 0, TOL);
    assert_near(fabs((double)h.normal.y), 1, TOL);
    assert_vec_near(h.delta, 0, h.normal.y, TOL);
    assert_vec_near(h.pos, 2, h.normal.y, TOL);
    assert_false(c2d_point_hit_capsule(V(5, 0), caps(0, 0, 4, 0, 1), &h));
    assert_false(c2d_point_hit_capsule(V(2, 1), caps(0, 0, 4, 0, 1), &h));

    assert_true(c2d_point_hit_polygon(V(1, 0.5), &t, &h)); /* nearest: the bottom edge */
    expect_hit(&h, 0, -1, 0.5, 1, 0);
    assert_true(c2d_point_hit_polygon(V(2.5, 1), &t, &h)); /* nearest: the hypotenuse */
    expect_hit(&h, 1 / SQRT2, 1 / SQRT2, 0.5 / SQRT2, 2.75, 1.25);
    h = junk_hit();
    assert_false(c2d_point_hit_polygon(V(2, 0), &t, &h)); /* on an edge */
    assert_untouched(&h);
    assert_false(c2d_point_hit_polygon(V(4, 0), &t, &h)); /* on a vertex */
}

static void hit_segment(void **state) {
    c2d_aabb b = box_c(1, 1, 1, 1); /* [0,2]^2 */
    c2d_polygon t = tri(0, 0, 4, 0, 0, 4);
    c2d_hit h;
    (void)state;
    /* Through the box 0.5 above its bottom: pushed down by 0.5. pos is on the bottom edge and is
     * where the segment touches the box after the push. */
    assert_true(c2d_segment_hit_aabb(seg(-1, 0.5, 3, 0.5), b, &h));
    assert_vec_near(h.normal, 0, -1, TOL);
    assert_vec_near(h.delta, 0, -0.5, TOL);
    assert_near(h.pos.y, 0, TOL);
    assert_true(h.pos.x >= 0 && h.pos.x <= 2);
    assert_true(c2d_segment_hit_aabb(seg(0.5, 1, 1.5, 1), b, &h)); /* inside: out by 1 along y */
    assert_near(fabs((double)h.delta.y), 1, TOL);
    assert_near(h.delta.x, 0, TOL);
    h = junk_hit();
    assert_false(c2d_segment_hit_aabb(seg(-1, 2, 3, 2), b, &h)); /* along the top edge */
    assert_untouched(&h);
    assert_false(c2d_segment_hit_aabb(seg(-1, 1, 1, 3), b, &h)); /* grazes a corner */

    assert_true(c2d_segment_hit_circle(seg(-2, 0.5, 2, 0.5), circ(0, 0, 1), &h));
    expect_hit(&h, 0, 1, 0.5, 0, 1);
    assert_true(c2d_segment_hit_circle(seg(-2, 0, 2, 0), circ(0, 0, 1), &h)); /* through the center */
    assert_near(fabs((double)h.normal.y), 1, TOL);
    assert_vec_near(h.delta, 0, h.normal.y, TOL);
    assert_vec_near(h.pos, 0, h.normal.y, TOL);
    assert_false(c2d_segment_hit_circle(seg(-2, 1, 2, 1), circ(0, 0, 1), &h));

    /* Crossing the core: down by 0.5 + 1 beats sideways by 1 + 1. */
    assert_true(c2d_segment_hit_capsule(seg(1, -3, 1, 0.5), caps(0, 0, 4, 0, 1), &h));
    expect_hit(&h, 0, -1, 1.5, 1, -1);
    assert_true(c2d_segment_hit_capsule(seg(-1, 0.75, 5, 0.75), caps(0, 0, 4, 0, 1), &h));
    assert_vec_near(h.normal, 0, 1, TOL);
    assert_vec_near(h.delta, 0, 0.25, TOL);
    assert_near(h.pos.y, 1, TOL);
    assert_false(c2d_segment_hit_capsule(seg(-1, 1, 5, 1), caps(0, 0, 4, 0, 1), &h));

    assert_true(c2d_segment_hit_polygon(seg(-1, 0.5, 1, 0.5), &t, &h)); /* pushed down 0.5 */
    assert_vec_near(h.normal, 0, -1, TOL);
    assert_vec_near(h.delta, 0, -0.5, TOL);
    assert_near(h.pos.y, 0, TOL);
    assert_false(c2d_segment_hit_polygon(seg(-1, 0, 5, 0), &t, &h));
}

static void hit_aabb(void **state) {
    c2d_hit h;
    c2d_polygon p = poly_box(0, 0, 3, 1, 0);
    (void)state;
    /* Box 0.5 into the top of a circle of radius 2 (cores apart). */
    assert_true(c2d_aabb_hit_circle(box_c(0, 2.5, 1, 1), circ(0, 0, 2), &h));
    expect_hit(&h, 0, 1, 0.5, 0, 2);
    /* Circle center inside the box: the box leaves through its top face, past the circle. */
    assert_true(c2d_aabb_hit_circle(box_c(0, 0, 2, 1), circ(0, 0.5, 0.25), &h));
    expect_hit(&h, 0, -1, 0.75, 0, 0.25);
    assert_false(c2d_aabb_hit_circle(box_c(0, 3, 1, 1), circ(0, 0, 2), &h));
    /* The box's corner (3,4) is 5 from the center: 0.5 into a circle of radius 5.5. */
    assert_true(c2d_aabb_hit_circle(box_c(4, 5, 1, 1), circ(0, 0, 5.5), &h)); /* corner (3,4): distance 5 */
    expect_hit(&h, 0.6, 0.8, 0.5, 3.3, 4.4);

    assert_true(c2d_aabb_hit_capsule(box_c(0, 1.75, 1, 1), caps(-3, 0, 3, 0, 1), &h));
    assert_vec_near(h.normal, 0, 1, TOL);
    assert_vec_near(h.delta, 0, 0.25, TOL);
    assert_near(h.pos.y, 1, TOL);
    assert_true(h.pos.x >= -1 && h.pos.x <= 1);
    assert_false(c2d_aabb_hit_capsule(box_c(0, 2, 1, 1), caps(-3, 0, 3, 0, 1), &h));

    assert_true(c2d_aabb_hit_polygon(box_c(0, 1.75, 1, 1), &p, &h));
    assert_vec_near(h.normal, 0, 1, TOL);
    assert_vec_near(h.delta, 0, 0.25, TOL);
    assert_near(h.pos.y, 1, TOL);
    assert_true(c2d_aabb_hit_polygon(box_c(3.5, 0, 1, 1), &p, &h)); /* from the right: out by 0.5 */
    expect_hit(&h, 1, 0, 0.5, 3, h.pos.y);
    assert_false(c2d_aabb_hit_polygon(box_c(0, 2, 1, 1), &p, &h));
}

static void hit_round(void **state) {
    c2d_hit h;
    c2d_polygon t = tri(0, 0, 4, 0, 0, 4);
    (void)state;
    assert_true(c2d_circle_hit_circle(circ(1.5, 0, 1), circ(0, 0, 1), &h));
    expect_hit(&h, 1, 0, 0.5, 1, 0);
    assert_true(c2d_circle_hit_circle(circ(3, 4, 3), circ(0, 0, 3), &h));
    expect_hit(&h, 0.6, 0.8, 1, 1.8, 2.4);
    assert_true(c2d_circle_hit_circle(circ(0, 0, 1), circ(0, 0, 2), &h)); /* concentric: +x */
    expect_hit(&h, 1, 0, 3, 2, 0);
    h = junk_hit();
    assert_false(c2d_circle_hit_circle(circ(2, 0, 1), circ(0, 0, 1), &h));
    assert_untouched(&h);

    assert_true(c2d_circle_hit_capsule(circ(2, 1.5, 1), caps(0, 0, 4, 0, 1), &h));
    expect_hit(&h, 0, 1, 0.5, 2, 1);
    assert_true(c2d_circle_hit_capsule(circ(7, 4, 1), caps(0, 0, 4, 0, 4.5), &h)); /* cap: (4,0)-(7,4) = 5 */
    expect_hit(&h, 0.6, 0.8, 0.5, 6.7, 3.6);
    assert_false(c2d_circle_hit_capsule(circ(2, 2, 1), caps(0, 0, 4, 0, 1), &h));

    assert_true(c2d_circle_hit_polygon(circ(1, -0.5, 1), &t, &h)); /* center outside, below */
    expect_hit(&h, 0, -1, 0.5, 1, 0);
    assert_true(c2d_circle_hit_polygon(circ(1, 0.5, 0.25), &t, &h)); /* center inside: out the bottom */
    expect_hit(&h, 0, -1, 0.75, 1, 0);
    assert_true(c2d_circle_hit_polygon(circ(7, -4, 5.5), &t, &h)); /* vertex region of (4,0) */
    expect_hit(&h, 0.6, -0.8, 0.5, 4, 0);
    assert_false(c2d_circle_hit_polygon(circ(7, -4, 5), &t, &h));

    assert_true(c2d_capsule_hit_capsule(caps(0, 1.25, 2, 1.25, 0.5), caps(0, 0, 2, 0, 1), &h));
    assert_vec_near(h.normal, 0, 1, TOL);
    assert_vec_near(h.delta, 0, 0.25, TOL);
    assert_near(h.pos.y, 1, TOL);
    assert_false(c2d_capsule_hit_capsule(caps(0, 1.5, 2, 1.5, 0.5), caps(0, 0, 2, 0, 1), &h));
    /* Crossing cores: A slides off B's end (1 + 0.5 + 0.5) rather than along itself (2 + 1). */
    assert_true(c2d_capsule_hit_capsule(caps(1, -2, 1, 2, 0.5), caps(0, 0, 2, 0, 0.5), &h));
    assert_near(fabs((double)h.normal.x), 1, TOL);
    assert_vec_near(h.delta, 2 * h.normal.x, 0, TOL);
    /* End to end on one line: 0.25 along the line. */
    assert_true(c2d_capsule_hit_capsule(caps(2.75, 0, 4, 0, 0.5), caps(0, 0, 2, 0, 0.5), &h));
    expect_hit(&h, 1, 0, 0.25, 2.5, 0);

    assert_true(c2d_capsule_hit_polygon(caps(-1, 1.25, 1, 1.25, 0.5), &t, &h));
    assert_true(c2d_capsule_hit_polygon(caps(1, -0.25, 2, -0.25, 0.5), &t, &h));
    expect_hit(&h, 0, -1, 0.25, h.pos.x, 0);
    assert_true(h.pos.x >= 1 && h.pos.x <= 2);
    assert_false(c2d_capsule_hit_polygon(caps(1, -0.5, 2, -0.5, 0.5), &t, &h));
}

/* ---- deep overlaps with crossing or nearly touching cores (property-test seed 11) ---- */

/* Smallest push-out of A along any of many directions that leaves A clear of B (bisection per
 * direction: the translations that make A overlap B form a convex set around 0). An upper bound
 * on the true minimum, within a hair of it. */
static double brute_min_pushout(const c2d_shape *a, const c2d_shape *b, double scale) {
    double best = 1e300;
    int k, j;
    for (k = 0; k < 3600; ++k) {
        double ang = 2 * PI * k / 3600, lo = 0, hi = 4 * scale;
        c2d_vec2 u = V(cos(ang), sin(ang));
        for (j = 0; j < 48; ++j) {
            double mid = 0.5 * (lo + hi);
            c2d_transform xf;
            c2d_shape m;
            xf.p = c2d_scale(u, (c2d_real)mid);
            xf.q = c2d_rot_identity();
            m = c2d_shape_transform(a, xf);
            if (c2d_shape_overlap(&m, b)) lo = mid;
            else hi = mid;
        }
        if (hi < best) best = hi;
    }
    return best;
}

/* A hit of A against a capsule B: A moved by the push-out no longer overlaps B, the push-out is no
 * longer than the brute-force minimum, and pos lies on B's surface. scale is the shapes' size. */
static void expect_minimal_pushout(const c2d_shape *a, c2d_capsule cb, double scale) {
    c2d_shape b = c2d_shape_from_capsule(cb), m;
    c2d_transform xf;
    c2d_hit h;
    double len, best, dx, dy, l2, t, px, py, surf;
    assert_true(c2d_shape_hit(a, &b, &h));
    assert_hit_finite(h);
    len = sqrt((double)h.delta.x * h.delta.x + (double)h.delta.y * h.delta.y);
    xf.p = c2d_add(c2d_scale(h.delta, (c2d_real)1.001), c2d_scale(h.normal, (c2d_real)(1e-5 * scale)));
    xf.q = c2d_rot_identity();
    m = c2d_shape_transform(a, xf);
    assert_false(c2d_shape_overlap(&m, &b));
    best = brute_min_pushout(a, &b, scale);
    assert_true(len <= best * 1.001 + 1e-5 * scale);
    /* pos on B's surface: at distance r from B's core */
    dx = (double)cb.p2.x - cb.p1.x;
    dy = (double)cb.p2.y - cb.p1.y;
    px = (double)h.pos.x - cb.p1.x;
    py = (double)h.pos.y - cb.p1.y;
    l2 = dx * dx + dy * dy;
    t = (px * dx + py * dy) / l2;
    t = t < 0 ? 0 : t > 1 ? 1
                          : t;
    surf = fabs(sqrt((px - t * dx) * (px - t * dx) + (py - t * dy) * (py - t * dy)) - (double)cb.radius);
    assert_true(surf <= 1e-4 * scale);
}

/* When the cores cross or nearly touch, the direction between their closest points is swamped by
 * rounding; the push-out must still be the minimum over all directions. The three cases the
 * randomized property tests found with C2D_TEST_SEED=11 (the corner of the box lies on the
 * capsule's core; the circle's center lies next to the core; the two cores nearly meet). */
static void hit_capsule_cores_nearly_meet(void **state) {
    c2d_aabb a1 = {{(c2d_real)-1.72270298f, (c2d_real)-2.24482346f}, {(c2d_real)0.61032933f, (c2d_real)-0.550043285f}};
    c2d_capsule b1 = {{(c2d_real)-0.983023286f, (c2d_real)-0.299558371f}, {(c2d_real)0.853602171f, (c2d_real)-0.588287115f}, (c2d_real)0.906102061f};
    c2d_circle a2 = {{(c2d_real)-0.273206919f, (c2d_real)0.5132972f}, (c2d_real)1.30608416f};
    c2d_capsule b2 = {{(c2d_real)1.51395309f, (c2d_real)1.78187048f}, {(c2d_real)-0.385093868f, (c2d_real)0.433872491f}, (c2d_real)0.979784846f};
    c2d_capsule a3 = {{(c2d_real)31.459837f, (c2d_real)-97.6197205f}, {(c2d_real)176.136276f, (c2d_real)-184.802246f}, (c2d_real)46.9018822f};
    c2d_capsule b3 = {{(c2d_real)164.471695f, (c2d_real)-177.773087f}, {(c2d_real)55.0580444f, (c2d_real)-64.8888702f}, (c2d_real)86.0352402f};
    c2d_shape s;
    c2d_hit h;
    (void)state;
    s = c2d_shape_from_aabb(a1);
    expect_minimal_pushout(&s, b1, 3);
    s = c2d_shape_from_circle(a2);
    expect_minimal_pushout(&s, b2, 3);
    s = c2d_shape_from_capsule(a3);
    expect_minimal_pushout(&s, b3, 300);
    /* the pair functions themselves (the generic calls above go through them) */
    assert_true(c2d_aabb_hit_capsule(a1, b1, &h));
    a1.lower = c2d_add(a1.lower, c2d_scale(h.delta, (c2d_real)1.001));
    a1.upper = c2d_add(a1.upper, c2d_scale(h.delta, (c2d_real)1.001));
    assert_false(c2d_aabb_overlap_capsule(a1, b1));
    assert_true(c2d_circle_hit_capsule(a2, b2, &h));
    a2.center = c2d_add(a2.center, c2d_scale(h.delta, (c2d_real)1.001));
    assert_false(c2d_circle_overlap_capsule(a2, b2));
    assert_true(c2d_capsule_hit_capsule(a3, b3, &h));
    a3.p1 = c2d_add(a3.p1, c2d_scale(h.delta, (c2d_real)1.001));
    a3.p2 = c2d_add(a3.p2, c2d_scale(h.delta, (c2d_real)1.001));
    assert_false(c2d_capsule_overlap_capsule(a3, b3));
}

static void hit_polygon(void **state) {
    c2d_polygon a = poly_box(0, 1.75, 1, 1, 0), b = poly_box(0, 0, 2, 1, 0), w = poly_box(0, 0, 4, 1, 0);
    c2d_polygon d = poly_box(0, 1 + SQRT2 - 0.25, 1, 1, PI / 4);
    c2d_hit h;
    (void)state;
    assert_true(c2d_polygon_hit_polygon(&a, &b, &h));
    assert_vec_near(h.normal, 0, 1, TOL);
    assert_vec_near(h.delta, 0, 0.25, TOL);
    assert_near(h.pos.y, 1, TOL);
    assert_true(c2d_polygon_hit_polygon(&d, &w, &h)); /* a corner 0.25 into the top face */
    expect_hit(&h, 0, 1, 0.25, 0, 1);
    a = poly_box(0, 2, 1, 1, 0);
    assert_false(c2d_polygon_hit_polygon(&a, &b, &h));
    a = poly_box(0, 0, 0.5, 0.25, 0); /* contained: out through the nearer (top or bottom) face */
    assert_true(c2d_polygon_hit_polygon(&a, &b, &h));
    assert_near(fabs((double)h.delta.y), 1.25, TOL);
}

/* ---- manifolds ---- */

static const c2d_manifold_point *find_point_at(const c2d_manifold *m, double x) {
    int i;
    for (i = 0; i < m->count; ++i) {
        if (fabs((double)m->points[i].point.x - x) <= 0.05) return &m->points[i];
    }
    fail_msg("no manifold point at x = %g", x);
    return NULL;
}

/* Checks a 2-point manifold with points at x0 and x1 on the line y, both of the given depth. */
static void expect_two(const c2d_manifold *m, double nx, double ny, double x0, double x1, double y, double depth) {
    const c2d_manifold_point *p;
    assert_int_equal(m->count, 2);
    assert_vec_near(m->normal, nx, ny, TOL);
    p = find_point_at(m, x0);
    assert_vec_near(p->point, x0, y, TOL);
    assert_near(p->depth, depth, TOL);
    p = find_point_at(m, x1);
    assert_vec_near(p->point, x1, y, TOL);
    assert_near(p->depth, depth, TOL);
    assert_true(m->points[0].id != m->points[1].id);
}

/* Box A resting 0.25 deep on a wider box B: two points at A's bottom corners, midway between the
 * surfaces (y = 0.875). The same as boxes and as polygons. */
static void manifold_box_on_box(void **state) {
    c2d_aabb a = box_c(0, 1.75, 1, 1), b = box_c(0, 0, 2, 1);
    c2d_polygon pa = poly_box(0, 1.75, 1, 1, 0), pb = poly_box(0, 0, 2, 1, 0);
    c2d_manifold m;
    (void)state;
    m = c2d_aabb_manifold_aabb(a, b);
    expect_two(&m, 0, 1, -1, 1, 0.875, 0.25);
    m = c2d_polygon_manifold_polygon(&pa, &pb);
    expect_two(&m, 0, 1, -1, 1, 0.875, 0.25);
    m = c2d_aabb_manifold_polygon(a, &pb);
    expect_two(&m, 0, 1, -1, 1, 0.875, 0.25);
    /* Seen from the other side. */
    m = c2d_aabb_manifold_aabb(b, a);
    expect_two(&m, 0, -1, -1, 1, 0.875, 0.25);
    /* Half over the edge: points at x = 1.5 and x = 2 (B's corner). */
    m = c2d_aabb_manifold_aabb(box_c(2.5, 1.75, 1, 1), b);
    expect_two(&m, 0, 1, 1.5, 2, 0.875, 0.25);
    /* Resting exactly: no contact. */
    m = c2d_aabb_manifold_aabb(box_c(0, 2, 1, 1), b);
    assert_int_equal(m.count, 0);
    m = c2d_polygon_manifold_polygon(&pa, &pa);
    assert_true(m.count >= 1);
}

/* A box turned 45 degrees with its bottom corner 0.25 into a wide box: one point. */
static void manifold_rotated_corner(void **state) {
    c2d_polygon a = poly_box(0, 1 + SQRT2 - 0.25, 1, 1, PI / 4), b = poly_box(0, 0, 4, 1, 0);
    c2d_manifold m;
    (void)state;
    m = c2d_polygon_manifold_polygon(&a, &b);
    assert_int_equal(m.count, 1);
    assert_vec_near(m.normal, 0, 1, TOL);
    assert_vec_near(m.points[0].point, 0, 0.875, TOL);
    assert_near(m.points[0].depth, 0.25, TOL);
    m = c2d_aabb_manifold_polygon(box_c(0, 0, 4, 1), &a); /* the same contact with the box as A */
    assert_int_equal(m.count, 1);
    assert_vec_near(m.normal, 0, -1, TOL);
    assert_vec_near(m.points[0].point, 0, 0.875, TOL);
    a = poly_box(0, 1 + SQRT2 + 1e-3, 1, 1, PI / 4); /* corner 1e-3 above the face */
    m = c2d_polygon_manifold_polygon(&a, &b);
    assert_int_equal(m.count, 0);
}

/* A capsule lying 0.25 deep on a box: two points at the ends of its core. */
static void manifold_capsule_on_box(void **state) {
    c2d_capsule k = caps(-1, 1.25, 1, 1.25, 0.5);
    c2d_polygon pb = poly_box(0, 0, 2, 1, 0);
    c2d_manifold m;
    (void)state;
    m = c2d_capsule_manifold_polygon(k, &pb);
    expect_two(&m, 0, 1, -1, 1, 0.875, 0.25);
    m = c2d_aabb_manifold_capsule(box_c(0, 0, 2, 1), k);
    expect_two(&m, 0, -1, -1, 1, 0.875, 0.25);
    /* Standing on its end: one point under the cap. */
    m = c2d_capsule_manifold_polygon(caps(0, 1.25, 0, 3, 0.5), &pb);
    assert_int_equal(m.count, 1);
    assert_vec_near(m.normal, 0, 1, TOL);
    assert_vec_near(m.points[0].point, 0, 0.875, TOL);
    assert_near(m.points[0].depth, 0.25, TOL);
    m = c2d_capsule_manifold_polygon(caps(-1, 1.5, 1, 1.5, 0.5), &pb); /* resting: none */
    assert_int_equal(m.count, 0);
}

static void manifold_round(void **state) {
    c2d_polygon pb = poly_box(0, 0, 2, 1, 0);
    c2d_manifold m;
    (void)state;
    m = c2d_circle_manifold_polygon(circ(0, 1.75, 1), &pb); /* circle on a polygon */
    assert_int_equal(m.count, 1);
    assert_vec_near(m.normal, 0, 1, TOL);
    assert_vec_near(m.points[0].point, 0, 0.875, TOL);
    assert_near(m.points[0].depth, 0.25, TOL);
    m = c2d_aabb_manifold_circle(box_c(0, 0, 2, 1), circ(0, 1.75, 1));
    assert_int_equal(m.count, 1);
    assert_vec_near(m.normal, 0, -1, TOL);
    assert_vec_near(m.points[0].point, 0, 0.875, TOL);
    m = c2d_circle_manifold_circle(circ(1.5, 0, 1), circ(0, 0, 1));
    assert_int_equal(m.count, 1);
    assert_vec_near(m.normal, 1, 0, TOL);
    assert_vec_near(m.points[0].point, 0.75, 0, TOL);
    assert_near(m.points[0].depth, 0.5, TOL);
    m = c2d_circle_manifold_capsule(circ(2, 1.5, 1), caps(0, 0, 4, 0, 1));
    assert_int_equal(m.count, 1);
    assert_vec_near(m.normal, 0, 1, TOL);
    assert_vec_near(m.points[0].point, 2, 0.75, TOL); /* circle bottom 0.5, capsule top 1 */
    assert_near(m.points[0].depth, 0.5, TOL);
    /* Parallel capsules overlapping along [0,1]: two points. */
    m = c2d_capsule_manifold_capsule(caps(0, 1.25, 2, 1.25, 0.5), caps(-1, 0, 1, 0, 1));
    expect_two(&m, 0, 1, 0, 1, 0.875, 0.25);
    /* Crossing capsules: one point, pushing A off B's end. */
    m = c2d_capsule_manifold_capsule(caps(1, -2, 1, 2, 0.5), caps(0, 0, 2, 0, 0.5));
    assert_int_equal(m.count, 1);
    assert_near(fabs((double)m.normal.x), 1, TOL);
    assert_near(m.points[0].depth, 2, TOL);
    /* End to end: one point between the caps. */
    m = c2d_capsule_manifold_capsule(caps(2.75, 0, 4, 0, 0.5), caps(0, 0, 2, 0, 0.5));
    assert_int_equal(m.count, 1);
    assert_vec_near(m.normal, 1, 0, TOL);
    assert_vec_near(m.points[0].point, 2.375, 0, TOL);
    assert_near(m.points[0].depth, 0.25, TOL);
    /* Two capsules lying crosswise near their ends, cores apart: vertex to vertex. */
    m = c2d_capsule_manifold_capsule(caps(3, 4, 3, 8, 3), caps(-4, 0, 0, 0, 3)); /* ends 5 apart, R 6 */
    assert_int_equal(m.count, 1);
    assert_vec_near(m.normal, 0.6, 0.8, TOL);
    assert_near(m.points[0].depth, 1, TOL);
    assert_vec_near(m.points[0].point, 1.5, 2, TOL);
    assert_int_equal(m.points[0].id, 0x0001u); /* A's vertex 0 (3,4) against B's vertex 1 (0,0) */
}

/* Every manifold function reports nothing for touching shapes. */
static void manifold_touching_is_empty(void **state) {
    c2d_polygon pb = poly_box(0, 0, 1, 1, 0), pa = poly_box(2, 0, 1, 1, 0);
    (void)state;
    assert_int_equal(c2d_aabb_manifold_aabb(box_c(2, 0, 1, 1), box_c(0, 0, 1, 1)).count, 0);
    assert_int_equal(c2d_aabb_manifold_circle(box_c(0, 0, 1, 1), circ(2, 0, 1)).count, 0);
    assert_int_equal(c2d_aabb_manifold_capsule(box_c(0, 0, 1, 1), caps(2, -3, 2, 3, 1)).count, 0);
    assert_int_equal(c2d_aabb_manifold_polygon(box_c(0, 0, 1, 1), &pa).count, 0);
    assert_int_equal(c2d_circle_manifold_circle(circ(2, 0, 1), circ(0, 0, 1)).count, 0);
    assert_int_equal(c2d_circle_manifold_capsule(circ(0, 2, 1), caps(-1, 0, 1, 0, 1)).count, 0);
    assert_int_equal(c2d_circle_manifold_polygon(circ(4, 5, 5), &pb).count, 0);
    assert_int_equal(c2d_capsule_manifold_capsule(caps(3, 0, 4, 0, 0.5), caps(0, 0, 2, 0, 0.5)).count, 0);
    assert_int_equal(c2d_capsule_manifold_capsule(caps(0, 1, 2, 1, 0.5), caps(0, 0, 2, 0, 0.5)).count, 0);
    assert_int_equal(c2d_capsule_manifold_polygon(caps(4, 5, 4, 9, 5), &pb).count, 0);
    assert_int_equal(c2d_polygon_manifold_polygon(&pa, &pb).count, 0);
    /* ... and 1e-3 of overlap is a contact. */
    assert_int_equal(c2d_aabb_manifold_aabb(box_c(1.999, 0, 1, 1), box_c(0, 0, 1, 1)).count, 2);
    assert_int_equal(c2d_circle_manifold_polygon(circ(4, 4.999, 5), &pb).count, 1);
    assert_int_equal(c2d_capsule_manifold_polygon(caps(4, 4.999, 4, 9, 5), &pb).count, 1);
    assert_int_equal(c2d_capsule_manifold_capsule(caps(2.999, 0, 4, 0, 0.5), caps(0, 0, 2, 0, 0.5)).count, 1);
}

/* Ids identify the features: moving A a little (sliding, sinking, turning slightly) keeps them, and
 * they do not depend on which shape gives the reference face. */
static void manifold_ids_stable(void **state) {
    c2d_polygon b = poly_box(0, 0, 2, 1, 0), a;
    c2d_manifold m0, m;
    const double moves[][3] = {{0, 0, 0}, {0.01, 0, 0}, {-0.02, -0.01, 0}, {0, 0.01, 0.002}, {0.03, 0, -0.002}};
    int i, k;
    (void)state;
    a = poly_box(0, 1.75, 1, 1, 0);
    m0 = c2d_polygon_manifold_polygon(&a, &b);
    assert_int_equal(m0.count, 2);
    for (i = 1; i < (int)(sizeof moves / sizeof moves[0]); ++i) {
        a = poly_box(moves[i][0], 1.75 + moves[i][1], 1, 1, moves[i][2]);
        m = c2d_polygon_manifold_polygon(&a, &b);
        assert_int_equal(m.count, 2);
        for (k = 0; k < 2; ++k) {
            /* the point near the same x keeps its id */
            const c2d_manifold_point *p = find_point_at(&m, (double)m0.points[k].point.x + moves[i][0]);
            assert_int_equal(p->id, m0.points[k].id);
        }
    }
    /* Capsule on box, sliding. */
    {
        c2d_manifold c0 = c2d_capsule_manifold_polygon(caps(-1, 1.25, 1, 1.25, 0.5), &b);
        c2d_manifold c1 = c2d_capsule_manifold_polygon(caps(-0.99, 1.24, 1.01, 1.25, 0.5), &b);
        assert_int_equal(c0.count, 2);
        assert_int_equal(c1.count, 2);
        for (k = 0; k < 2; ++k) assert_int_equal(find_point_at(&c1, (double)c0.points[k].point.x + 0.01)->id, c0.points[k].id);
    }
    /* Box A on box B against box B under box A: the same vertex pairs, swapped. */
    {
        c2d_polygon top = poly_box(0.5, 1.75, 1, 1, 0);
        c2d_manifold up = c2d_polygon_manifold_polygon(&top, &b), down = c2d_polygon_manifold_polygon(&b, &top);
        assert_int_equal(up.count, 2);
        assert_int_equal(down.count, 2);
        for (k = 0; k < 2; ++k) {
            uint32_t id = find_point_at(&down, (double)up.points[k].point.x)->id;
            assert_int_equal(id, ((up.points[k].id & 0xffu) << 8) | (up.points[k].id >> 8));
        }
    }
}

/* The closed forms of box-box, box-circle and circle-capsule give the rounded-shape core's
 * answer: box-box as c2d_aabb_manifold_polygon (same normal, points, depths and ids), box-circle as
 * c2d_circle_manifold_polygon seen from the other side (normal negated, same point and depth),
 * circle-capsule as c2d_circle_hit_capsule (normal, depth = |delta|). Random shapes on a grid of
 * quarters, so that exact ties (a center at a box's center, equal penetrations) come up. */
static void closed_forms_match_the_core(void **state) {
    test_rng r = test_rng_make("closed_forms_match_the_core");
    int n = test_iterations(4000), i, k, hits = 0;
    (void)state;
    for (i = 0; i < n; ++i) {
        double q = 0.25;
        c2d_aabb a = box_c(q * (double)(int)test_rng_range(&r, -8, 8), q * (double)(int)test_rng_range(&r, -8, 8),
                           q * (double)(1 + (int)test_rng_range(&r, 0, 8)), q * (double)(1 + (int)test_rng_range(&r, 0, 8)));
        c2d_aabb b = box_c(q * (double)(int)test_rng_range(&r, -8, 8), q * (double)(int)test_rng_range(&r, -8, 8),
                           q * (double)(1 + (int)test_rng_range(&r, 0, 8)), q * (double)(1 + (int)test_rng_range(&r, 0, 8)));
        c2d_circle c = circ(q * (double)(int)test_rng_range(&r, -12, 12), q * (double)(int)test_rng_range(&r, -12, 12),
                            q * (double)(1 + (int)test_rng_range(&r, 0, 8)));
        c2d_capsule k2 = caps(q * (double)(int)test_rng_range(&r, -8, 8), q * (double)(int)test_rng_range(&r, -8, 8),
                              q * (double)(int)test_rng_range(&r, -8, 8), q * (double)(int)test_rng_range(&r, -8, 8),
                              q * (double)(1 + (int)test_rng_range(&r, 0, 8)));
        c2d_polygon pa = c2d_polygon_from_aabb(a), pb = c2d_polygon_from_aabb(b);
        c2d_manifold m = c2d_aabb_manifold_aabb(a, b), w = c2d_aabb_manifold_polygon(a, &pb);
        c2d_hit h;
        bool got;
        assert_int_equal(m.count, w.count);
        if (m.count > 0) {
            ++hits;
            assert_vec_near(m.normal, (double)w.normal.x, (double)w.normal.y, TOL);
            for (k = 0; k < m.count; ++k) {
                const c2d_manifold_point *p = find_point_at(&w, (double)m.points[k].point.x);
                if (m.normal.x != 0) p = m.points[k].id == w.points[0].id ? &w.points[0] : &w.points[1];
                assert_vec_near(m.points[k].point, (double)p->point.x, (double)p->point.y, TOL);
                assert_near(m.points[k].depth, p->depth, TOL);
                assert_int_equal(m.points[k].id, p->id);
            }
        }
        m = c2d_aabb_manifold_circle(a, c);
        w = c2d_circle_manifold_polygon(c, &pa);
        assert_int_equal(m.count, w.count);
        if (m.count > 0) {
            assert_vec_near(m.normal, -(double)w.normal.x, -(double)w.normal.y, TOL);
            assert_vec_near(m.points[0].point, (double)w.points[0].point.x, (double)w.points[0].point.y, TOL);
            assert_near(m.points[0].depth, w.points[0].depth, TOL);
        }
        m = c2d_circle_manifold_capsule(c, k2);
        got = c2d_circle_hit_capsule(c, k2, &h);
        assert_int_equal(m.count > 0, got);
        if (got) {
            assert_vec_near(m.normal, (double)h.normal.x, (double)h.normal.y, TOL);
            assert_near(m.points[0].depth, c2d_len(h.delta), TOL);
        }
    }
    assert_true(hits > n / 10);
}

static void bad_inputs_write_nothing(void **state) {
    c2d_polygon p = poly_box(0, 0, 1, 1, 0), pn = p;
    c2d_circle cn = circ(0, 0, 1);
    c2d_aabb binv = box_c(0, 0, 1, 1);
    c2d_hit h = junk_hit();
    c2d_manifold m;
    (void)state;
    pn.normals[1].y = (c2d_real)NAN;
    cn.radius = (c2d_real)-1;
    binv.upper.y = -5;
    assert_false(c2d_polygon_hit_polygon(&p, &pn, &h));
    assert_false(c2d_circle_hit_polygon(cn, &p, &h));
    assert_false(c2d_aabb_hit_aabb(binv, binv, &h));
    assert_false(c2d_point_hit_aabb(V((double)NAN, 0), box_c(0, 0, 1, 1), &h));
    assert_false(c2d_segment_hit_polygon(seg(0, 0, (double)INFINITY, 0), &p, &h));
    assert_untouched(&h);
    m = c2d_polygon_manifold_polygon(&p, &pn);
    assert_int_equal(m.count, 0);
    m = c2d_aabb_manifold_aabb(binv, box_c(0, 0, 1, 1));
    assert_int_equal(m.count, 0);
    m = c2d_circle_manifold_circle(cn, circ(0, 0, 1));
    assert_int_equal(m.count, 0);
}

/* Shapes that exactly touch on an integer grid, where the floating-point push-out cannot decide
 * (a projection fraction of 0.4, a normal of length sqrt(40)): hit and manifold follow the exact
 * predicates of overlap.c, and 1e-3 of overlap is a hit. */
static void hit_exact_touching_on_grid(void **state) {
    c2d_polygon t = tri(-3, -4, -2, -2, 0, 4), p5;
    double xy5[10] = {-4, 3, -3, -2, 0, -3, 3, -1, 2, 3};
    c2d_hit h;
    (void)state;
    /* a 4-vertex build drops (-4,3): the quadrilateral still has the vertex (-3,-2) alone on the line */
    p5 = C2D_MAX_POLYGON_VERTICES >= 5 ? poly_n(5, xy5) : poly_n(4, xy5 + 2);
    /* segment (1,-4)-(4,0) passes at distance exactly 1 from (3,-3) */
    assert_false(c2d_segment_overlap_circle(seg(1, -4, 4, 0), circ(3, -3, 1)));
    assert_false(c2d_segment_hit_circle(seg(1, -4, 4, 0), circ(3, -3, 1), &h));
    assert_true(c2d_segment_hit_circle(seg(1, -4, 4, 0), circ(3, -3, 1.001), &h));
    assert_vec_near(h.normal, -0.8, 0.6, 1e-3); /* from the center toward the nearest point (2.2,-2.4) */
    /* segment through the polygon's vertex (-3,-2) only */
    assert_false(c2d_segment_overlap_polygon(seg(-4, 0, -2, -4), &p5));
    assert_false(c2d_segment_hit_polygon(seg(-4, 0, -2, -4), &p5, &h));
    assert_true(c2d_segment_hit_polygon(seg(-3.999, 0, -1.999, -4), &p5, &h));
    /* box corner (-1,1) on the triangle's edge (-2,-2)-(0,4) */
    assert_false(c2d_aabb_overlap_polygon(box_c(0, 0, 1, 1), &t));
    assert_false(c2d_aabb_hit_polygon(box_c(0, 0, 1, 1), &t, &h));
    assert_int_equal(c2d_aabb_manifold_polygon(box_c(0, 0, 1, 1), &t).count, 0);
    assert_true(c2d_aabb_hit_polygon(box_c(-0.001, 0, 1, 1), &t, &h));
    assert_int_equal(c2d_aabb_manifold_polygon(box_c(-0.001, 0, 1, 1), &t).count, 1);
    /* circle (-1,-2) r 1 at distance 2 = 1 + 1 from the capsule's core (-3,2)-(1,-1) */
    assert_false(c2d_circle_overlap_capsule(circ(-1, -2, 1), caps(-3, 2, 1, -1, 1)));
    assert_false(c2d_circle_hit_capsule(circ(-1, -2, 1), caps(-3, 2, 1, -1, 1), &h));
    assert_int_equal(c2d_circle_manifold_capsule(circ(-1, -2, 1), caps(-3, 2, 1, -1, 1)).count, 0);
    assert_true(c2d_circle_hit_capsule(circ(-1, -2, 1.001), caps(-3, 2, 1, -1, 1), &h));
    expect_hit(&h, -0.6, -0.8, 0.001, -0.4, -1.2); /* nearest core point (0.2,-0.4), 2 away */
    /* a point on the polygon's slanted edge is not inside */
    assert_false(c2d_point_hit_polygon(V(-1, 1), &t, &h));
    assert_true(c2d_point_hit_polygon(V(-1.001, 1), &t, &h));
}

/* A hand-made polygon whose stored normals are a little off (1e-4 rad, which c2d_polygon_is_valid
 * still accepts): hits and manifolds follow the vertices, like overlap. */
static void sloppy_normals_follow_the_vertices(void **state) {
    c2d_polygon p = poly_box(0, 0, 1, 1, 0);
    c2d_hit h;
    c2d_manifold m;
    int i;
    (void)state;
    for (i = 0; i < 4; ++i) p.normals[i] = c2d_rotate(c2d_rot_make((c2d_real)1e-4), p.normals[i]);
    assert_true(c2d_polygon_is_valid(&p));
    assert_false(c2d_circle_overlap_polygon(circ(0.5, 2, 1), &p)); /* resting on the top face */
    assert_false(c2d_circle_hit_polygon(circ(0.5, 2, 1), &p, &h));
    assert_int_equal(c2d_circle_manifold_polygon(circ(0.5, 2, 1), &p).count, 0);
    assert_true(c2d_circle_hit_polygon(circ(0.5, 1.75, 1), &p, &h));
    expect_hit(&h, 0, 1, 0.25, 0.5, 1);
    assert_false(c2d_capsule_hit_polygon(caps(-0.5, 2, 0.5, 2, 1), &p, &h));
    assert_true(c2d_capsule_hit_polygon(caps(-0.5, 1.75, 0.5, 1.75, 1), &p, &h));
    assert_vec_near(h.normal, 0, 1, TOL);
    assert_vec_near(h.delta, 0, 0.25, TOL);
    m = c2d_aabb_manifold_polygon(box_c(0, 1.75, 1, 1), &p);
    expect_two(&m, 0, 1, -1, 1, 0.875, 0.25);
}

/* ---- randomized: hit and manifold agree with overlap, the push-out is exact ---- */

enum { K_POINT,
       K_SEG,
       K_BOX,
       K_CIRCLE,
       K_CAPSULE,
       K_POLY,
       K_COUNT };
static const char *const kname[K_COUNT] = {"point", "segment", "aabb", "circle", "capsule", "polygon"};

typedef struct shape {
    int kind;
    c2d_vec2 pt;
    c2d_segment s;
    c2d_aabb b;
    c2d_circle c;
    c2d_capsule k;
    c2d_polygon p;
} shape;

static double rnd(test_rng *r, double lo, double hi) { return test_rng_range(r, lo, hi); }

static shape rand_shape(test_rng *r, int kind) {
    shape s;
    double x = rnd(r, -1.5, 1.5), y = rnd(r, -1.5, 1.5);
    memset(&s, 0, sizeof s);
    s.kind = kind;
    switch (kind) {
    case K_POINT: s.pt = V(x, y); break;
    case K_SEG: s.s = seg(x, y, x + rnd(r, -3, 3), y + rnd(r, -3, 3)); break;
    case K_BOX: s.b = box_c(x, y, rnd(r, 0.1, 1.5), rnd(r, 0.1, 1.5)); break;
    case K_CIRCLE: s.c = circ(x, y, rnd(r, 0.1, 1.5)); break;
    case K_CAPSULE: s.k = caps(x, y, x + rnd(r, -2, 2), y + rnd(r, -2, 2), rnd(r, 0.05, 1)); break;
    default:
        for (;;) {
            c2d_vec2 pts[C2D_MAX_POLYGON_VERTICES];
            double sz = rnd(r, 0.2, 1.5);
            int n = 3 + (int)(test_rng_next(r) % (C2D_MAX_POLYGON_VERTICES - 2)), i;
            if (test_rng_next(r) % 4 == 0) {
                s.p = poly_box(x, y, sz, rnd(r, 0.1, 1.5), rnd(r, 0, PI));
                break;
            }
            for (i = 0; i < n; ++i) pts[i] = V(x + sz * rnd(r, -1, 1), y + sz * rnd(r, -1, 1));
            if (c2d_polygon_make(pts, n, &s.p) == C2D_OK) break;
        }
    }
    return s;
}

static shape moved(const shape *a, c2d_vec2 d) {
    shape s = *a;
    int i;
    s.pt = c2d_add(s.pt, d);
    s.s.p1 = c2d_add(s.s.p1, d);
    s.s.p2 = c2d_add(s.s.p2, d);
    s.b.lower = c2d_add(s.b.lower, d);
    s.b.upper = c2d_add(s.b.upper, d);
    s.c.center = c2d_add(s.c.center, d);
    s.k.p1 = c2d_add(s.k.p1, d);
    s.k.p2 = c2d_add(s.k.p2, d);
    for (i = 0; i < s.p.count; ++i) s.p.vertices[i] = c2d_add(s.p.vertices[i], d);
    s.p.centroid = c2d_add(s.p.centroid, d);
    return s;
}

static void print_shape(const shape *s) {
    int i;
    switch (s->kind) {
    case K_POINT: printf("point %.9g %.9g\n", (double)s->pt.x, (double)s->pt.y); break;
    case K_SEG: printf("seg %.9g %.9g %.9g %.9g\n", (double)s->s.p1.x, (double)s->s.p1.y, (double)s->s.p2.x, (double)s->s.p2.y); break;
    case K_BOX: printf("box %.9g %.9g %.9g %.9g\n", (double)s->b.lower.x, (double)s->b.lower.y, (double)s->b.upper.x, (double)s->b.upper.y); break;
    case K_CIRCLE: printf("circle %.9g %.9g r %.9g\n", (double)s->c.center.x, (double)s->c.center.y, (double)s->c.radius); break;
    case K_CAPSULE: printf("capsule %.9g %.9g %.9g %.9g r %.9g\n", (double)s->k.p1.x, (double)s->k.p1.y, (double)s->k.p2.x, (double)s->k.p2.y, (double)s->k.radius); break;
    default:
        printf("polygon");
        for (i = 0; i < s->p.count; ++i) printf(" (%.9g, %.9g)", (double)s->p.vertices[i].x, (double)s->p.vertices[i].y);
        printf("\n");
    }
}

/* Pairs with a hit function: A's kind <= B's kind, A not a point when B is a point or a segment
 * (point-point, point-segment and segment-segment are not this file's). */
static bool has_hit(int ka, int kb) { return ka <= kb && kb >= K_BOX; }
static bool has_manifold(int ka, int kb) { return ka <= kb && ka >= K_BOX; }

static bool overlap(const shape *a, const shape *b) {
    switch (a->kind * K_COUNT + b->kind) {
    case K_POINT *K_COUNT + K_BOX: return c2d_aabb_contains_point(b->b, a->pt);
    case K_POINT *K_COUNT + K_CIRCLE: return c2d_circle_contains_point(b->c, a->pt);
    case K_POINT *K_COUNT + K_CAPSULE: return c2d_capsule_contains_point(b->k, a->pt);
    case K_POINT *K_COUNT + K_POLY: return c2d_polygon_contains_point(&b->p, a->pt);
    case K_SEG *K_COUNT + K_BOX: return c2d_segment_overlap_aabb(a->s, b->b);
    case K_SEG *K_COUNT + K_CIRCLE: return c2d_segment_overlap_circle(a->s, b->c);
    case K_SEG *K_COUNT + K_CAPSULE: return c2d_segment_overlap_capsule(a->s, b->k);
    case K_SEG *K_COUNT + K_POLY: return c2d_segment_overlap_polygon(a->s, &b->p);
    case K_BOX *K_COUNT + K_BOX: return c2d_aabb_overlap_aabb(a->b, b->b);
    case K_BOX *K_COUNT + K_CIRCLE: return c2d_aabb_overlap_circle(a->b, b->c);
    case K_BOX *K_COUNT + K_CAPSULE: return c2d_aabb_overlap_capsule(a->b, b->k);
    case K_BOX *K_COUNT + K_POLY: return c2d_aabb_overlap_polygon(a->b, &b->p);
    case K_CIRCLE *K_COUNT + K_CIRCLE: return c2d_circle_overlap_circle(a->c, b->c);
    case K_CIRCLE *K_COUNT + K_CAPSULE: return c2d_circle_overlap_capsule(a->c, b->k);
    case K_CIRCLE *K_COUNT + K_POLY: return c2d_circle_overlap_polygon(a->c, &b->p);
    case K_CAPSULE *K_COUNT + K_CAPSULE: return c2d_capsule_overlap_capsule(a->k, b->k);
    case K_CAPSULE *K_COUNT + K_POLY: return c2d_capsule_overlap_polygon(a->k, &b->p);
    case K_POLY *K_COUNT + K_POLY: return c2d_polygon_overlap_polygon(&a->p, &b->p);
    }
    fail_msg("no overlap for %s vs %s", kname[a->kind], kname[b->kind]);
    return false;
}

static bool hit(const shape *a, const shape *b, c2d_hit *h) {
    switch (a->kind * K_COUNT + b->kind) {
    case K_POINT *K_COUNT + K_BOX: return c2d_point_hit_aabb(a->pt, b->b, h);
    case K_POINT *K_COUNT + K_CIRCLE: return c2d_point_hit_circle(a->pt, b->c, h);
    case K_POINT *K_COUNT + K_CAPSULE: return c2d_point_hit_capsule(a->pt, b->k, h);
    case K_POINT *K_COUNT + K_POLY: return c2d_point_hit_polygon(a->pt, &b->p, h);
    case K_SEG *K_COUNT + K_BOX: return c2d_segment_hit_aabb(a->s, b->b, h);
    case K_SEG *K_COUNT + K_CIRCLE: return c2d_segment_hit_circle(a->s, b->c, h);
    case K_SEG *K_COUNT + K_CAPSULE: return c2d_segment_hit_capsule(a->s, b->k, h);
    case K_SEG *K_COUNT + K_POLY: return c2d_segment_hit_polygon(a->s, &b->p, h);
    case K_BOX *K_COUNT + K_BOX: return c2d_aabb_hit_aabb(a->b, b->b, h);
    case K_BOX *K_COUNT + K_CIRCLE: return c2d_aabb_hit_circle(a->b, b->c, h);
    case K_BOX *K_COUNT + K_CAPSULE: return c2d_aabb_hit_capsule(a->b, b->k, h);
    case K_BOX *K_COUNT + K_POLY: return c2d_aabb_hit_polygon(a->b, &b->p, h);
    case K_CIRCLE *K_COUNT + K_CIRCLE: return c2d_circle_hit_circle(a->c, b->c, h);
    case K_CIRCLE *K_COUNT + K_CAPSULE: return c2d_circle_hit_capsule(a->c, b->k, h);
    case K_CIRCLE *K_COUNT + K_POLY: return c2d_circle_hit_polygon(a->c, &b->p, h);
    case K_CAPSULE *K_COUNT + K_CAPSULE: return c2d_capsule_hit_capsule(a->k, b->k, h);
    case K_CAPSULE *K_COUNT + K_POLY: return c2d_capsule_hit_polygon(a->k, &b->p, h);
    case K_POLY *K_COUNT + K_POLY: return c2d_polygon_hit_polygon(&a->p, &b->p, h);
    }
    fail_msg("no hit for %s vs %s", kname[a->kind], kname[b->kind]);
    return false;
}

static c2d_manifold manifold(const shape *a, const shape *b) {
    switch (a->kind * K_COUNT + b->kind) {
    case K_BOX *K_COUNT + K_BOX: return c2d_aabb_manifold_aabb(a->b, b->b);
    case K_BOX *K_COUNT + K_CIRCLE: return c2d_aabb_manifold_circle(a->b, b->c);
    case K_BOX *K_COUNT + K_CAPSULE: return c2d_aabb_manifold_capsule(a->b, b->k);
    case K_BOX *K_COUNT + K_POLY: return c2d_aabb_manifold_polygon(a->b, &b->p);
    case K_CIRCLE *K_COUNT + K_CIRCLE: return c2d_circle_manifold_circle(a->c, b->c);
    case K_CIRCLE *K_COUNT + K_CAPSULE: return c2d_circle_manifold_capsule(a->c, b->k);
    case K_CIRCLE *K_COUNT + K_POLY: return c2d_circle_manifold_polygon(a->c, &b->p);
    case K_CAPSULE *K_COUNT + K_CAPSULE: return c2d_capsule_manifold_capsule(a->k, b->k);
    case K_CAPSULE *K_COUNT + K_POLY: return c2d_capsule_manifold_polygon(a->k, &b->p);
    case K_POLY *K_COUNT + K_POLY: return c2d_polygon_manifold_polygon(&a->p, &b->p);
    }
    fail_msg("no manifold for %s vs %s", kname[a->kind], kname[b->kind]);
    {
        c2d_manifold m;
        memset(&m, 0, sizeof m);
        return m;
    }
}

/* Push-outs smaller than this are not checked for separation: a 0.1% margin on them is below the
 * rounding of the coordinates. */
#ifdef C2D_DOUBLE
#  define MIN_DEPTH 1e-7
#else
#  define MIN_DEPTH 2e-2
#endif

static void report(const char *what, int ka, int kb, int i) {
    print_error("%s vs %s, case %d: %s\n", kname[ka], kname[kb], i, what);
}

/* For every pair: hit returns what overlap returns; on a hit the normal is unit, delta = normal *
 * depth, and moving A by 1.001 * delta separates the shapes while 0.99 * delta does not (the
 * push-out is the minimum one along its normal). Manifolds: count > 0 exactly when overlapping,
 * depths > 0, unit normal, distinct ids. */
static void random_hit_and_manifold_match_overlap(void **state) {
    test_rng r = test_rng_make("random_hit_and_manifold_match_overlap");
    int n = test_iterations(1000), ka, kb, i, bad = 0, hits = 0;
    (void)state;
    for (ka = 0; ka < K_COUNT; ++ka) {
        for (kb = 0; kb < K_COUNT; ++kb) {
            if (!has_hit(ka, kb)) continue;
            for (i = 0; i < n; ++i) {
                shape a = rand_shape(&r, ka), b = rand_shape(&r, kb);
                c2d_hit h = junk_hit();
                bool o = overlap(&a, &b), got = hit(&a, &b, &h);
                if (got != o) {
                    report("hit disagrees with overlap", ka, kb, i);
                    ++bad;
                    continue;
                }
                if (has_manifold(ka, kb)) {
                    c2d_manifold m = manifold(&a, &b);
                    int k;
                    if ((m.count > 0) != o || m.count > 2) {
                        report("manifold count disagrees with overlap", ka, kb, i);
                        ++bad;
                    }
                    if (m.count > 0 && fabs(c2d_len(m.normal) - 1) > 1e-4) {
                        report("manifold normal not unit", ka, kb, i);
                        ++bad;
                    }
                    for (k = 0; k < m.count; ++k) {
                        if (!(m.points[k].depth > 0) || !isfinite((double)m.points[k].point.x) || !isfinite((double)m.points[k].point.y)) {
                            report("manifold point depth <= 0 or not finite", ka, kb, i);
                            ++bad;
                        }
                    }
                    if (m.count == 2 && m.points[0].id == m.points[1].id) {
                        report("manifold ids equal", ka, kb, i);
                        ++bad;
                    }
                }
                if (!got) {
                    c2d_hit j = junk_hit();
                    if (memcmp(&h, &j, sizeof h) != 0) {
                        report("hit wrote its output but returned false", ka, kb, i);
                        ++bad;
                    }
                    continue;
                }
                ++hits;
                {
                    double depth = (double)c2d_len(h.delta);
                    if (fabs(c2d_len(h.normal) - 1) > 1e-4 || !(depth > 0) ||
                        fabs((double)c2d_cross(h.normal, h.delta)) > 1e-4 * (1 + depth) || c2d_dot(h.normal, h.delta) < 0) {
                        report("hit normal not unit or delta not along it", ka, kb, i);
                        ++bad;
                        continue;
                    }
                    if (depth > MIN_DEPTH) {
                        shape out = moved(&a, c2d_scale(h.delta, (c2d_real)1.001));
                        shape in = moved(&a, c2d_scale(h.delta, (c2d_real)0.99));
                        if (overlap(&out, &b)) {
                            report("A moved by 1.001 * delta still overlaps", ka, kb, i);
                            ++bad;
                        }
                        if (!overlap(&in, &b)) {
                            report("A moved by 0.99 * delta no longer overlaps (overshoot)", ka, kb, i);
                            ++bad;
                        }
                    }
                }
            }
        }
    }
    assert_int_equal(bad, 0);
    assert_true(hits > n); /* the generator overlaps often enough to mean something */
}

/* The same random configurations moved far from the origin (exactly representable offset): same
 * yes/no answers, same push-out and normals within the precision the coordinates carry. */
static void random_far_from_origin(void **state) {
    test_rng r = test_rng_make("random_far_from_origin");
#ifdef C2D_DOUBLE
    const double off = 4294967296.0, tol = 1e-4, margin = 1e-3; /* 2^32: coordinates carry ~1e-6 */
#else
    const double off = 65536.0, tol = 0.05, margin = 0.1;
#endif
    int n = test_iterations(500), ka, kb, i, bad = 0;
    (void)state;
    for (ka = 0; ka < K_COUNT; ++ka) {
        for (kb = 0; kb < K_COUNT; ++kb) {
            if (!has_hit(ka, kb)) continue;
            for (i = 0; i < n; ++i) {
                shape a = rand_shape(&r, ka), b = rand_shape(&r, kb);
                shape fa = moved(&a, V(off, off)), fb = moved(&b, V(off, off));
                c2d_hit h, fh;
                bool got, fgot;
                /* Rounding can fold a sliver polygon moved far away: that is another shape. */
                if ((ka == K_POLY && !c2d_polygon_is_valid(&fa.p)) || (kb == K_POLY && !c2d_polygon_is_valid(&fb.p))) continue;
                got = hit(&a, &b, &h);
                fgot = hit(&fa, &fb, &fh);
                if (got && fgot) {
                    /* Compare lengths: on a tie between two axes either normal is right. */
                    if (fabs((double)c2d_len(h.delta) - (double)c2d_len(fh.delta)) > tol) {
                        print_shape(&a);
                        print_shape(&b);
                        printf("delta %.9g %.9g far %.9g %.9g\n", (double)h.delta.x, (double)h.delta.y, (double)fh.delta.x, (double)fh.delta.y);
                        report("far push-out differs", ka, kb, i);
                        ++bad;
                    }
                    continue;
                }
                if (got != fgot) {
                    /* Only configurations this close to touching may flip. */
                    c2d_hit g;
                    shape a2 = moved(&a, V(0, 0));
                    bool near = false;
                    if (got && c2d_len(h.delta) < margin) near = true;
                    if (!got) {
                        int dx, dy;
                        for (dx = -1; dx <= 1 && !near; ++dx)
                            for (dy = -1; dy <= 1 && !near; ++dy) {
                                a2 = moved(&a, V(dx * margin, dy * margin));
                                near = hit(&a2, &b, &g);
                            }
                    }
                    if (!near) {
                        print_shape(&a);
                        print_shape(&b);
                        printf("got %d far %d\n", got, fgot);
                        report("far answer differs", ka, kb, i);
                        ++bad;
                    }
                }
            }
        }
    }
    assert_int_equal(bad, 0);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(seed_article_intersect_point),
        cmocka_unit_test(seed_article_intersect_aabb),
        cmocka_unit_test(hit_point),
        cmocka_unit_test(hit_segment),
        cmocka_unit_test(hit_aabb),
        cmocka_unit_test(hit_round),
        cmocka_unit_test(hit_polygon),
        cmocka_unit_test(hit_capsule_cores_nearly_meet),
        cmocka_unit_test(manifold_box_on_box),
        cmocka_unit_test(manifold_rotated_corner),
        cmocka_unit_test(manifold_capsule_on_box),
        cmocka_unit_test(manifold_round),
        cmocka_unit_test(manifold_touching_is_empty),
        cmocka_unit_test(manifold_ids_stable),
        cmocka_unit_test(closed_forms_match_the_core),
        cmocka_unit_test(bad_inputs_write_nothing),
        cmocka_unit_test(hit_exact_touching_on_grid),
        cmocka_unit_test(sloppy_normals_follow_the_vertices),
        cmocka_unit_test(random_hit_and_manifold_match_overlap),
        cmocka_unit_test(random_far_from_origin),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
