/* Ray and segment casts: boxes (the intersect article's slab test), circles, capsules, convex
 * polygons and segments. Hand-computed times, points and normals; both sides of every touching
 * boundary; invalid input; far-from-origin precision; randomized boundary properties. */
#include "test_util.h"

#define TWO_PI 6.283185307179586

static c2d_raycast_input rin(double ox, double oy, double dx, double dy, double max_fraction) {
    c2d_raycast_input in;
    in.origin = c2d_v2((c2d_real)ox, (c2d_real)oy);
    in.translation = c2d_v2((c2d_real)dx, (c2d_real)dy);
    in.max_fraction = (c2d_real)max_fraction;
    return in;
}

/* Asserts a hit with the given time, point and normal, every field finite. */
#define assert_ray_hit(got, h, t, px, py, nx, ny) \
  do {                                            \
    assert_true(got);                             \
    assert_hit_finite(h);                         \
    assert_near((h).time, (t), TOL);              \
    assert_vec_near((h).pos, (px), (py), TOL);    \
    assert_vec_near((h).normal, (nx), (ny), TOL); \
  } while (0)

/* A hit buffer filled with a pattern, to check that a miss leaves it untouched. */
static c2d_hit sentinel_hit(void) {
    c2d_hit h;
    memset(&h, 0x5A, sizeof h);
    return h;
}
static void assert_untouched(const c2d_hit *h) {
    c2d_hit s = sentinel_hit();
    assert_memory_equal(h, &s, sizeof s);
}

/* Triangle (0,0), (4,0), (0,4). */
static c2d_polygon triangle(double ox, double oy) {
    const double xy[6] = {ox + 0, oy + 0, ox + 4, oy + 0, ox + 0, oy + 4};
    return poly_n(3, xy);
}

/* ---------------------------------------------------------------- input helpers */

static void test_input_is_valid(void **state) {
    (void)state;
    assert_true(c2d_raycast_input_is_valid(rin(0, 0, 1, 0, 1)));
    assert_true(c2d_raycast_input_is_valid(rin(0, 0, 0, 0, 0)));
    assert_true(c2d_raycast_input_is_valid(rin(0, 0, 1, 0, INFINITY)));
    assert_false(c2d_raycast_input_is_valid(rin(NAN, 0, 1, 0, 1)));
    assert_false(c2d_raycast_input_is_valid(rin(0, INFINITY, 1, 0, 1)));
    assert_false(c2d_raycast_input_is_valid(rin(0, 0, NAN, 0, 1)));
    assert_false(c2d_raycast_input_is_valid(rin(0, 0, 1, -INFINITY, 1)));
    assert_false(c2d_raycast_input_is_valid(rin(0, 0, 1, 0, NAN)));
    assert_false(c2d_raycast_input_is_valid(rin(0, 0, 1, 0, -1)));
}

static void test_cast_input_makers(void **state) {
    c2d_raycast_input in = c2d_segment_cast_input(seg(1, 2, 4, 6));
    c2d_ray r;
    (void)state;
    assert_vec_near(in.origin, 1, 2, 0);
    assert_vec_near(in.translation, 3, 4, 0);
    assert_near(in.max_fraction, 1, 0);
    assert_status(c2d_ray_make(c2d_v2(1, 2), c2d_v2(0, 2), 5, &r), C2D_OK);
    in = c2d_ray_cast_input(r);
    assert_vec_near(in.translation, 0, 1, TOL);
    assert_near(in.max_fraction, 5, 0);
}

static void test_hit_flip(void **state) {
    c2d_hit h, f;
    (void)state;
    h.pos = c2d_v2(1, 0);
    h.normal = c2d_v2(1, 0);
    h.delta = c2d_v2((c2d_real)0.5, 0);
    h.time = (c2d_real)0.25;
    f = c2d_hit_flip(h);
    assert_vec_near(f.normal, -1, 0, 0);
    assert_vec_near(f.delta, -0.5, 0, 0);
    /* moving A by delta brings its deepest point onto pos: that point is pos - delta */
    assert_vec_near(f.pos, 0.5, 0, 0);
    assert_near(f.time, 0.25, 0);
}

/* ---------------------------------------------------------------- boxes */

/* The article's figure: a segment from the top-left to the bottom-right through box B of half
 * size 2 at the origin. x: near 4/12, far 8/12; y: near 2/8, far 6/8. The near x time is the
 * larger near time, so the segment enters through the x face at t = 1/3. */
static void seed_aabb_segment_near_far_times(void **state) {
    c2d_aabb b = box_c(0, 0, 2, 2);
    c2d_hit h;
    bool got;
    (void)state;
    got = c2d_aabb_raycast(b, rin(-6, -4, 12, 8, 1), &h);
    assert_ray_hit(got, h, 1.0 / 3.0, -2, -4.0 / 3.0, -1, 0);
    /* the article's delta: (1 - t) * -delta */
    assert_vec_near(h.delta, -8, -16.0 / 3.0, TOL);
    /* same segment given through c2d_segment_cast_input */
    got = c2d_aabb_raycast(b, c2d_segment_cast_input(seg(-6, -4, 6, 4)), &h);
    assert_ray_hit(got, h, 1.0 / 3.0, -2, -4.0 / 3.0, -1, 0);
}

/* The article's "near x is greater than far y" figures: the line crosses the y slab before it
 * reaches the x slab (and the mirrored case), so there is no hit. */
static void seed_aabb_segment_near_greater_than_far(void **state) {
    c2d_aabb b = box_c(0, 0, 2, 2);
    c2d_hit h = sentinel_hit();
    (void)state;
    assert_false(c2d_aabb_raycast(b, rin(-8, -3, 8, 8, 1), &h)); /* near x .75 > far y .625 */
    assert_false(c2d_aabb_raycast(b, rin(-3, -8, 8, 8, 1), &h)); /* near y .75 > far x .625 */
    assert_untouched(&h);
}

/* The article's "behind the segment" and "in front of the segment" figures. */
static void seed_aabb_segment_behind_and_in_front(void **state) {
    c2d_aabb b = box_c(0, 0, 2, 2);
    c2d_hit h;
    (void)state;
    assert_false(c2d_aabb_raycast(b, rin(4, 4, 4, 4, 1), &h));   /* far time <= 0 */
    assert_false(c2d_aabb_raycast(b, rin(-8, -8, 2, 2, 1), &h)); /* near time 3 >= 1 */
    /* the same ray unbounded reaches the box at t = 3 */
    assert_ray_hit(c2d_aabb_raycast(b, rin(-8, -8, 2, 2, INFINITY), &h), h, 3, -2, -2, 0, -1);
    assert_vec_near(h.delta, 0, 0, 0);
}

/* The article's paddingX/paddingY: the box grows by the padding on each side. */
static void seed_aabb_segment_padding(void **state) {
    c2d_aabb b = box_c(0, 0, 2, 2);
    c2d_vec2 pad = c2d_v2(1, (c2d_real)0.5);
    c2d_hit h;
    (void)state;
    assert_ray_hit(c2d_aabb_raycast_padded(b, pad, rin(-6, 0, 12, 0, 1), &h), h, 0.25, -3, 0, -1, 0);
    assert_vec_near(h.delta, -9, 0, TOL);
    /* along the padded top edge y = 2.5: no hit; just below it: hit */
    assert_false(c2d_aabb_raycast_padded(b, pad, rin(-6, 2.5, 12, 0, 1), &h));
    assert_ray_hit(c2d_aabb_raycast_padded(b, pad, rin(-6, 2.25, 12, 0, 1), &h), h, 0.25, -3, 2.25, -1, 0);
    /* zero padding is the plain cast */
    assert_ray_hit(c2d_aabb_raycast_padded(b, c2d_v2(0, 0), rin(-6, 0, 12, 0, 1), &h), h, 4.0 / 12.0, -2, 0, -1, 0);
    /* negative or non-finite padding is invalid input */
    assert_false(c2d_aabb_raycast_padded(b, c2d_v2(-1, 0), rin(-6, 0, 12, 0, 1), &h));
    assert_false(c2d_aabb_raycast_padded(b, c2d_v2(NAN, 0), rin(-6, 0, 12, 0, 1), &h));
    assert_false(c2d_aabb_raycast_padded(b, c2d_v2(0, INFINITY), rin(-6, 0, 12, 0, 1), &h));
}

/* The article's slab test computes (edge - pos) * (1 / delta.x) = 0 * inf = NaN when a vertical
 * segment runs exactly along the box's left edge; its comparisons with NaN then report a hit with
 * time NaN. Corrected: a still axis is "origin strictly inside the slab or no hit". */
static void seed_aabb_segment_along_edge_no_nan(void **state) {
    c2d_aabb b = box_c(0, 0, 2, 2);
    c2d_hit h = sentinel_hit();
    (void)state;
    assert_false(c2d_aabb_raycast(b, rin(-2, -6, 0, 12, 1), &h)); /* along x = -2 */
    assert_false(c2d_aabb_raycast(b, rin(2, 6, 0, -12, 1), &h));  /* along x = 2, downward */
    assert_false(c2d_aabb_raycast(b, rin(-6, 2, 12, 0, 1), &h));  /* along y = 2 */
    assert_false(c2d_aabb_raycast(b, rin(-6, -2, 12, 0, INFINITY), &h));
    assert_untouched(&h);
    /* just inside the edge: a hit, entering through the bottom face */
    assert_ray_hit(c2d_aabb_raycast(b, rin(-1.999, -6, 0, 12, 1), &h), h, 4.0 / 12.0, -1.999, -2, 0, -1);
    assert_ray_hit(c2d_aabb_raycast(b, rin(-6, 1.999, 12, 0, 1), &h), h, 4.0 / 12.0, -2, 1.999, -1, 0);
}

static void test_aabb_raycast_corner(void **state) {
    c2d_aabb b = box_c(0, 0, 2, 2);
    c2d_hit h;
    (void)state;
    /* (-4,0) + t(4,-4) touches the corner (-2,-2) at t = 0.5 and leaves: grazing */
    assert_false(c2d_aabb_raycast(b, rin(-4, 0, 4, -4, 1), &h));
    /* shifted up by 0.01: inside for t in (0.5, 0.5025) */
    assert_ray_hit(c2d_aabb_raycast(b, rin(-4, 0.01, 4, -4, 1), &h), h, 0.5, -2, -1.99, -1, 0);
    /* a diagonal exactly through the corner into the box: both faces at once, the y face wins */
    assert_ray_hit(c2d_aabb_raycast(b, rin(-4, -4, 4, 4, 1), &h), h, 0.5, -2, -2, 0, -1);
}

static void test_aabb_raycast_end_on_surface(void **state) {
    c2d_aabb b = box_c(0, 0, 2, 2);
    c2d_hit h;
    (void)state;
    assert_false(c2d_aabb_raycast(b, rin(-6, 0, 4, 0, 1), &h)); /* ends at x = -2: touching */
    assert_false(c2d_aabb_raycast(b, rin(-6, 0, 1, 0, 4), &h)); /* same through max_fraction */
    assert_ray_hit(c2d_aabb_raycast(b, rin(-6, 0, 4.001, 0, 1), &h), h, 4.0 / 4.001, -2, 0, -1, 0);
    assert_ray_hit(c2d_aabb_raycast(b, rin(-6, 0, 1, 0, 4.001), &h), h, 4, -2, 0, -1, 0);
    assert_vec_near(h.delta, -0.001, 0, TOL);
}

static void test_aabb_raycast_inside_and_on_surface(void **state) {
    c2d_aabb b = box_c(0, 0, 2, 2);
    c2d_hit h;
    (void)state;
    /* inside: time 0, pos = origin, normal of the nearest face (right, 1.5 away) */
    assert_ray_hit(c2d_aabb_raycast(b, rin(0.5, 0, 1, 0, 1), &h), h, 0, 0.5, 0, 1, 0);
    assert_vec_near(h.delta, -1, 0, TOL);
    /* nearest face is the bottom one whatever the direction */
    assert_ray_hit(c2d_aabb_raycast(b, rin(0.3, -1.5, -1, 1, 1), &h), h, 0, 0.3, -1.5, 0, -1);
    /* origin on the surface moving in: time 0 through that face; moving out or along: nothing */
    assert_ray_hit(c2d_aabb_raycast(b, rin(-2, 0, 1, 0, 1), &h), h, 0, -2, 0, -1, 0);
    assert_false(c2d_aabb_raycast(b, rin(-2, 0, -1, 0, 1), &h));
    assert_false(c2d_aabb_raycast(b, rin(-2, 0, 0, 1, 1), &h));
}

static void test_aabb_raycast_zero_translation(void **state) {
    c2d_aabb b = box_c(0, 0, 2, 2);
    c2d_hit h;
    (void)state;
    assert_ray_hit(c2d_aabb_raycast(b, rin(1, 1.5, 0, 0, 1), &h), h, 0, 1, 1.5, 0, 1);
    assert_vec_near(h.delta, 0, 0, 0);
    assert_ray_hit(c2d_aabb_raycast(b, rin(1, 1.5, 0, 0, INFINITY), &h), h, 0, 1, 1.5, 0, 1);
    assert_vec_near(h.delta, 0, 0, 0);
    assert_false(c2d_aabb_raycast(b, rin(2, 0, 0, 0, 1), &h)); /* on the boundary */
    assert_false(c2d_aabb_raycast(b, rin(3, 0, 0, 0, 1), &h));
    /* max_fraction 0 is also a point test */
    assert_ray_hit(c2d_aabb_raycast(b, rin(0, 0.5, 5, 0, 0), &h), h, 0, 0, 0.5, 0, 1);
    assert_false(c2d_aabb_raycast(b, rin(-2, 0, 5, 0, 0), &h));
}

static void test_aabb_raycast_infinite(void **state) {
    c2d_aabb b = box_c(10, 0, 1, 1);
    c2d_hit h;
    (void)state;
    assert_ray_hit(c2d_aabb_raycast(b, rin(0, 0.5, 1, 0, INFINITY), &h), h, 9, 9, 0.5, -1, 0);
    assert_vec_near(h.delta, 0, 0, 0);
    assert_false(c2d_aabb_raycast(b, rin(0, 0.5, -1, 0, INFINITY), &h));
    assert_false(c2d_aabb_raycast(b, rin(0, 1, 1, 0, INFINITY), &h));
}

static void test_aabb_raycast_invalid(void **state) {
    c2d_aabb b = box_c(0, 0, 2, 2), bad = b;
    c2d_hit h = sentinel_hit();
    (void)state;
    assert_false(c2d_aabb_raycast(b, rin(NAN, 0, 1, 0, 1), &h));
    assert_false(c2d_aabb_raycast(b, rin(-6, 0, NAN, 0, 1), &h));
    assert_false(c2d_aabb_raycast(b, rin(-6, 0, 12, NAN, 1), &h));
    assert_false(c2d_aabb_raycast(b, rin(-6, 0, INFINITY, 0, 1), &h));
    assert_false(c2d_aabb_raycast(b, rin(-INFINITY, 0, 1, 0, INFINITY), &h));
    assert_false(c2d_aabb_raycast(b, rin(-6, 0, 12, 0, NAN), &h));
    assert_false(c2d_aabb_raycast(b, rin(-6, 0, 12, 0, -1), &h));
    assert_false(c2d_aabb_raycast(b, rin(0, 0, 0, 0, NAN), &h));
    bad.lower.x = (c2d_real)NAN;
    assert_false(c2d_aabb_raycast(bad, rin(-6, 0, 12, 0, 1), &h));
    bad = b;
    bad.upper.y = (c2d_real)INFINITY;
    assert_false(c2d_aabb_raycast(bad, rin(-6, 0, 12, 0, 1), &h));
    bad = b;
    bad.lower.x = 3; /* inverted: empty */
    assert_false(c2d_aabb_raycast(bad, rin(-6, 0, 12, 0, 1), &h));
    assert_untouched(&h);
    /* a NULL output is allowed: the answer alone */
    assert_true(c2d_aabb_raycast(b, rin(-6, 0, 12, 0, 1), NULL));
}

/* ---------------------------------------------------------------- circles */

static void test_circle_raycast_basic(void **state) {
    c2d_circle c = circ(0, 0, 2);
    c2d_hit h;
    (void)state;
    assert_ray_hit(c2d_circle_raycast(c, rin(-5, 0, 10, 0, 1), &h), h, 0.3, -2, 0, -1, 0);
    assert_vec_near(h.delta, -7, 0, TOL);
    /* 3-4-5: circle radius 5 at (1,2), ray from (1-3, 2+10) straight down hits (1-3, 2+4) */
    c = circ(1, 2, 5);
    assert_ray_hit(c2d_circle_raycast(c, rin(-2, 12, 0, -1, INFINITY), &h), h, 6, -2, 6, -0.6, 0.8);
    assert_vec_near(h.delta, 0, 0, 0);
    /* pointing away, or passing by */
    assert_false(c2d_circle_raycast(c, rin(-2, 12, 0, 1, INFINITY), &h));
    assert_false(c2d_circle_raycast(c, rin(-10, 12, 1, 0, INFINITY), &h));
}

static void test_circle_raycast_tangent(void **state) {
    c2d_circle c = circ(0, 0, 2);
    c2d_hit h;
    (void)state;
    assert_false(c2d_circle_raycast(c, rin(-5, 2, 10, 0, 1), &h)); /* tangent at (0,2) */
    assert_false(c2d_circle_raycast(c, rin(2, -5, 0, 10, 1), &h)); /* tangent at (2,0) */
    /* 0.01 inside the tangent: enters at x = -sqrt(4 - 1.99^2) = -0.19975, t = 0.480025 */
    assert_ray_hit(c2d_circle_raycast(c, rin(-5, 1.99, 10, 0, 1), &h), h, (5 - sqrt(4 - 1.99 * 1.99)) / 10,
                   -sqrt(4 - 1.99 * 1.99), 1.99, -sqrt(4 - 1.99 * 1.99) / 2, 0.995);
}

static void test_circle_raycast_end_and_inside(void **state) {
    c2d_circle c = circ(0, 0, 2);
    c2d_hit h;
    (void)state;
    assert_false(c2d_circle_raycast(c, rin(-5, 0, 3, 0, 1), &h)); /* ends on the surface */
    assert_ray_hit(c2d_circle_raycast(c, rin(-5, 0, 3.001, 0, 1), &h), h, 3 / 3.001, -2, 0, -1, 0);
    assert_ray_hit(c2d_circle_raycast(c, rin(1, 0, 0, 3, 1), &h), h, 0, 1, 0, 1, 0);        /* inside */
    assert_ray_hit(c2d_circle_raycast(c, rin(0, -1.5, 1, 0, 1), &h), h, 0, 0, -1.5, 0, -1); /* inside */
    assert_ray_hit(c2d_circle_raycast(c, rin(0, 0, 0, 1, 1), &h), h, 0, 0, 0, 1, 0);        /* center: +x */
    /* on the surface: moving in is a hit at 0, moving out or along is none */
    assert_ray_hit(c2d_circle_raycast(c, rin(-2, 0, 1, 0, 1), &h), h, 0, -2, 0, -1, 0);
    assert_false(c2d_circle_raycast(c, rin(-2, 0, -1, 0, 1), &h));
    assert_false(c2d_circle_raycast(c, rin(-2, 0, 0, 1, 1), &h));
    /* zero translation: point test */
    assert_ray_hit(c2d_circle_raycast(c, rin(0, 1, 0, 0, 1), &h), h, 0, 0, 1, 0, 1);
    assert_false(c2d_circle_raycast(c, rin(0, 2, 0, 0, 1), &h));
    assert_false(c2d_circle_raycast(c, rin(0, 3, 0, 0, INFINITY), &h));
}

/* Far origin: the textbook quadratic b^2 - c with c = |m|^2 - r^2 = 1e8 - 1 loses the 1 in float
 * and reports a tangent miss; the geometric discriminant keeps the answer. */
static void test_circle_raycast_far_origin_stable(void **state) {
    c2d_circle c = circ(0, 0, 1);
    c2d_hit h;
    (void)state;
    assert_true(c2d_circle_raycast(c, rin(-1e4, 0, 1, 0, INFINITY), &h));
    assert_near(h.time, 9999, 2e-3);
    assert_vec_near(h.normal, -1, 0, TOL);
    assert_true(c2d_circle_raycast(c, rin(-1e4, 0.5, 1, 0, INFINITY), &h));
    assert_near(h.time, 1e4 - sqrt(0.75), 2e-3);
    assert_vec_near(h.normal, -sqrt(0.75), 0.5, 1e-3);
    assert_false(c2d_circle_raycast(c, rin(-1e4, 1, 1, 0, INFINITY), &h));
}

static void test_circle_raycast_invalid(void **state) {
    c2d_circle c = circ(0, 0, 2), bad = c;
    c2d_hit h = sentinel_hit();
    (void)state;
    assert_false(c2d_circle_raycast(c, rin(NAN, 0, 10, 0, 1), &h));
    assert_false(c2d_circle_raycast(c, rin(-5, 0, INFINITY, 0, 1), &h));
    assert_false(c2d_circle_raycast(c, rin(-5, 0, 10, 0, NAN), &h));
    assert_false(c2d_circle_raycast(c, rin(0, 0, 10, 0, -1), &h));
    bad.radius = (c2d_real)NAN;
    assert_false(c2d_circle_raycast(bad, rin(-5, 0, 10, 0, 1), &h));
    bad.radius = -1;
    assert_false(c2d_circle_raycast(bad, rin(0, 0, 10, 0, 1), &h));
    bad = c;
    bad.center.y = (c2d_real)INFINITY;
    assert_false(c2d_circle_raycast(bad, rin(-5, 0, 10, 0, 1), &h));
    assert_untouched(&h);
}

/* ---------------------------------------------------------------- capsules */

static void test_capsule_raycast_side_and_caps(void **state) {
    c2d_capsule c = caps(-2, 0, 2, 0, 1);
    c2d_hit h;
    (void)state;
    assert_ray_hit(c2d_capsule_raycast(c, rin(0, 5, 0, -10, 1), &h), h, 0.4, 0, 1, 0, 1);
    assert_ray_hit(c2d_capsule_raycast(c, rin(1, -5, 0, 10, 1), &h), h, 0.4, 1, -1, 0, -1);
    assert_ray_hit(c2d_capsule_raycast(c, rin(-6, 0, 10, 0, 1), &h), h, 0.3, -3, 0, -1, 0);
    assert_ray_hit(c2d_capsule_raycast(c, rin(7, 0, -1, 0, INFINITY), &h), h, 4, 3, 0, 1, 0);
    /* cap at p1: x = -0.6 from its center, so y = 0.8 */
    assert_ray_hit(c2d_capsule_raycast(c, rin(-2.6, 5, 0, -10, 1), &h), h, 0.42, -2.6, 0.8, -0.6, 0.8);
    /* exactly above p1: the side line and the cap meet at (-2, 1) */
    assert_ray_hit(c2d_capsule_raycast(c, rin(-2, 5, 0, -10, 1), &h), h, 0.4, -2, 1, 0, 1);
    assert_false(c2d_capsule_raycast(c, rin(0, 5, 0, 10, 1), &h));
    assert_false(c2d_capsule_raycast(c, rin(-3.5, 5, 0, -10, 1), &h));
}

static void test_capsule_raycast_rotated(void **state) {
    /* core (0,0)-(3,4): axis (0.6, 0.8), left normal (-0.8, 0.6); the side point over the core's
     * middle is (1.5, 2) + (-0.8, 0.6) = (0.7, 2.6); the ray starts 5 further out along the
     * normal and moves 10 against it, so it reaches the side at t = 0.5 */
    c2d_capsule c = caps(0, 0, 3, 4, 1);
    c2d_hit h;
    (void)state;
    assert_ray_hit(c2d_capsule_raycast(c, rin(-3.3, 5.6, 8, -6, 1), &h), h, 0.5, 0.7, 2.6, -0.8, 0.6);
    /* along the axis from behind p1: enters the cap at (-0.6, -0.8) */
    assert_ray_hit(c2d_capsule_raycast(c, rin(-3, -4, 3, 4, 1), &h), h, 0.8, -0.6, -0.8, -0.6, -0.8);
}

static void test_capsule_raycast_grazing(void **state) {
    c2d_capsule c = caps(-2, 0, 2, 0, 1);
    c2d_hit h;
    (void)state;
    assert_false(c2d_capsule_raycast(c, rin(-6, 1, 12, 0, 1), &h));  /* along the top side */
    assert_false(c2d_capsule_raycast(c, rin(6, -1, -12, 0, 1), &h)); /* along the bottom side */
    assert_false(c2d_capsule_raycast(c, rin(3, -5, 0, 10, 1), &h));  /* tangent to the cap at (3,0) */
    /* 0.001 below the top: enters the cap at x = -2 - sqrt(1 - 0.999^2) */
    assert_ray_hit(c2d_capsule_raycast(c, rin(-6, 0.999, 12, 0, 1), &h), h,
                   (6 - 2 - sqrt(1 - 0.999 * 0.999)) / 12, -2 - sqrt(1 - 0.999 * 0.999), 0.999,
                   -sqrt(1 - 0.999 * 0.999), 0.999);
}

static void test_capsule_raycast_end_inside_zero(void **state) {
    c2d_capsule c = caps(-2, 0, 2, 0, 1);
    c2d_hit h;
    (void)state;
    assert_false(c2d_capsule_raycast(c, rin(0, 5, 0, -4, 1), &h)); /* ends on the surface */
    assert_ray_hit(c2d_capsule_raycast(c, rin(0, 5, 0, -4.001, 1), &h), h, 4 / 4.001, 0, 1, 0, 1);
    assert_ray_hit(c2d_capsule_raycast(c, rin(0.5, 0.5, 1, 0, 1), &h), h, 0, 0.5, 0.5, 0, 1); /* inside */
    assert_ray_hit(c2d_capsule_raycast(c, rin(2.5, 0, 0, 1, 1), &h), h, 0, 2.5, 0, 1, 0);     /* in a cap */
    assert_ray_hit(c2d_capsule_raycast(c, rin(1, 0, 0, 1, 1), &h), h, 0, 1, 0, 0, 1);         /* on the core */
    assert_ray_hit(c2d_capsule_raycast(c, rin(1, 0.5, 0, 0, 1), &h), h, 0, 1, 0.5, 0, 1);     /* zero move */
    assert_false(c2d_capsule_raycast(c, rin(1, 1, 0, 0, 1), &h));
    assert_ray_hit(c2d_capsule_raycast(c, rin(1, 1, 0, -1, 1), &h), h, 0, 1, 1, 0, 1); /* on surface, in */
    assert_false(c2d_capsule_raycast(c, rin(1, 1, 1, 0, 1), &h));                      /* on surface, along */
}

static void test_capsule_raycast_zero_length_is_circle(void **state) {
    c2d_capsule c = caps(1, 1, 1, 1, 2);
    c2d_hit h;
    (void)state;
    assert_ray_hit(c2d_capsule_raycast(c, rin(-4, 1, 10, 0, 1), &h), h, 0.3, -1, 1, -1, 0);
    assert_ray_hit(c2d_capsule_raycast(c, rin(1, 1, 0, 1, 1), &h), h, 0, 1, 1, 1, 0);
    assert_false(c2d_capsule_raycast(c, rin(-4, 3, 10, 0, 1), &h));
}

static void test_capsule_raycast_invalid(void **state) {
    c2d_capsule c = caps(-2, 0, 2, 0, 1), bad = c;
    c2d_hit h = sentinel_hit();
    (void)state;
    assert_false(c2d_capsule_raycast(c, rin(0, NAN, 0, -10, 1), &h));
    assert_false(c2d_capsule_raycast(c, rin(0, 5, 0, -INFINITY, 1), &h));
    assert_false(c2d_capsule_raycast(c, rin(0, 5, 0, -10, NAN), &h));
    bad.p2.x = (c2d_real)NAN;
    assert_false(c2d_capsule_raycast(bad, rin(0, 5, 0, -10, 1), &h));
    bad = c;
    bad.radius = 0;
    assert_false(c2d_capsule_raycast(bad, rin(0, 5, 0, -10, 1), &h));
    assert_untouched(&h);
}

/* ---------------------------------------------------------------- polygons */

static void test_polygon_raycast_basic(void **state) {
    c2d_polygon p = triangle(0, 0);
    c2d_hit h;
    const double r2 = sqrt(0.5);
    (void)state;
    assert_ray_hit(c2d_polygon_raycast(&p, rin(1, -3, 0, 6, 1), &h), h, 0.5, 1, 0, 0, -1);
    assert_vec_near(h.delta, 0, -3, TOL);
    assert_ray_hit(c2d_polygon_raycast(&p, rin(5, 5, -4, -4, 1), &h), h, 0.75, 2, 2, r2, r2);
    assert_ray_hit(c2d_polygon_raycast(&p, rin(-3, 1, 1, 0, INFINITY), &h), h, 3, 0, 1, -1, 0);
    assert_vec_near(h.delta, 0, 0, 0);
    assert_false(c2d_polygon_raycast(&p, rin(5, 5, 4, 4, 1), &h));
    /* a rotated box polygon: diamond with a vertex at (-sqrt2, 0), entered through that vertex */
    p = poly_box(0, 0, 1, 1, C2D_PI / 4);
    assert_true(c2d_polygon_raycast(&p, rin(-5, 0, 10, 0, 1), &h));
    assert_near(h.time, (5 - sqrt(2.0)) / 10, TOL);
    assert_vec_near(h.pos, -sqrt(2.0), 0, TOL);
    assert_near(h.normal.x, -r2, TOL);
    assert_near(fabs((double)h.normal.y), r2, TOL);
}

static void test_polygon_raycast_edges_and_corners(void **state) {
    c2d_polygon p = triangle(0, 0);
    c2d_hit h;
    (void)state;
    assert_false(c2d_polygon_raycast(&p, rin(-1, 0, 6, 0, 1), &h));  /* along y = 0 */
    assert_false(c2d_polygon_raycast(&p, rin(0, 6, 0, -8, 1), &h));  /* along x = 0 */
    assert_false(c2d_polygon_raycast(&p, rin(5, -1, -2, 2, 1), &h)); /* along the hypotenuse */
    assert_false(c2d_polygon_raycast(&p, rin(-1, 1, 2, -2, 1), &h)); /* grazes the corner (0,0) */
    assert_ray_hit(c2d_polygon_raycast(&p, rin(-1, 0.001, 6, 0, 1), &h), h, 1.0 / 6.0, 0, 0.001, -1, 0);
    assert_ray_hit(c2d_polygon_raycast(&p, rin(-1, 1.001, 2, -2, 1), &h), h, 0.5, 0, 0.001, -1, 0);
}

static void test_polygon_raycast_end_inside_zero(void **state) {
    c2d_polygon p = triangle(0, 0);
    c2d_hit h;
    (void)state;
    assert_false(c2d_polygon_raycast(&p, rin(1, -3, 0, 3, 1), &h));
    assert_ray_hit(c2d_polygon_raycast(&p, rin(1, -3, 0, 3.001, 1), &h), h, 3 / 3.001, 1, 0, 0, -1);
    assert_ray_hit(c2d_polygon_raycast(&p, rin(1, 0.5, 1, 1, 1), &h), h, 0, 1, 0.5, 0, -1); /* inside */
    assert_ray_hit(c2d_polygon_raycast(&p, rin(0.5, 2, 0, 0, 1), &h), h, 0, 0.5, 2, -1, 0); /* zero move */
    assert_false(c2d_polygon_raycast(&p, rin(0, 2, 0, 0, 1), &h));                          /* on edge */
    assert_ray_hit(c2d_polygon_raycast(&p, rin(0, 2, 1, 0, 1), &h), h, 0, 0, 2, -1, 0);     /* on edge, in */
    assert_false(c2d_polygon_raycast(&p, rin(0, 2, -1, 0, 1), &h));                         /* on edge, out */
}

static void test_polygon_raycast_invalid(void **state) {
    c2d_polygon p = triangle(0, 0), bad = p;
    c2d_hit h = sentinel_hit();
    int i;
    (void)state;
    assert_false(c2d_polygon_raycast(NULL, rin(1, -3, 0, 6, 1), &h));
    assert_false(c2d_polygon_raycast(&p, rin(NAN, -3, 0, 6, 1), &h));
    assert_false(c2d_polygon_raycast(&p, rin(1, -3, 0, INFINITY, 1), &h));
    assert_false(c2d_polygon_raycast(&p, rin(1, -3, 0, 6, NAN), &h));
    bad.vertices[1].x = (c2d_real)NAN;
    assert_false(c2d_polygon_raycast(&bad, rin(1, -3, 0, 6, 1), &h));
    bad = p;
    bad.normals[0].y = (c2d_real)NAN;
    assert_false(c2d_polygon_raycast(&bad, rin(1, -3, 0, 6, 1), &h));
    bad = p;
    bad.count = 2;
    assert_false(c2d_polygon_raycast(&bad, rin(1, -3, 0, 6, 1), &h));
    bad.count = C2D_MAX_POLYGON_VERTICES + 1;
    assert_false(c2d_polygon_raycast(&bad, rin(1, -3, 0, 6, 1), &h));
    /* clockwise (vertices reversed, normals kept outward): not a valid polygon, never hit */
    bad = p;
    for (i = 0; i < 3; ++i) {
        bad.vertices[i] = p.vertices[2 - i];
        bad.normals[i] = c2d_normalize(c2d_left_perp(c2d_sub(p.vertices[(4 - i) % 3], p.vertices[2 - i])));
    }
    assert_false(c2d_polygon_raycast(&bad, rin(1, -3, 0, 6, 1), &h));
    assert_false(c2d_polygon_raycast(&bad, rin(1, 1, 0, 0, 1), &h));
    /* collinear vertices */
    bad = p;
    bad.vertices[2] = c2d_v2(8, 0);
    assert_false(c2d_polygon_raycast(&bad, rin(1, -3, 0, 6, 1), &h));
    assert_untouched(&h);
}

/* ---------------------------------------------------------------- segments */

/* A negative max_fraction is invalid input, even when it times the ray's tiny cross term
 * underflows to -0 and a ray from the segment's end would pass the time test (fuzz_queries, double). */
static void test_segment_raycast_negative_max(void **state) {
    c2d_real tiny = sizeof(c2d_real) == sizeof(float) ? (c2d_real)1e-30 : (c2d_real)1e-300;
    c2d_segment s = seg(1e-7, 1e-7, 0, 1e-7);
    c2d_raycast_input in;
    c2d_hit h;
    (void)state;
    in.origin = s.p1;
    in.translation = c2d_v2((c2d_real)0.625, -tiny);
    in.max_fraction = -tiny;
    assert_false(c2d_raycast_input_is_valid(in));
    assert_false(c2d_segment_raycast(s, in, &h));
}

static void test_segment_raycast_basic(void **state) {
    c2d_segment s = seg(0, -1, 0, 1);
    c2d_hit h;
    (void)state;
    assert_ray_hit(c2d_segment_raycast(s, rin(-2, 0, 4, 0, 1), &h), h, 0.5, 0, 0, -1, 0);
    assert_vec_near(h.delta, -2, 0, TOL);
    /* the normal faces the ray's origin */
    assert_ray_hit(c2d_segment_raycast(s, rin(2, 0.5, -4, 0, 1), &h), h, 0.5, 0, 0.5, 1, 0);
    assert_ray_hit(c2d_segment_raycast(seg(0, 1, 0, -1), rin(2, 0.5, -4, 0, 1), &h), h, 0.5, 0, 0.5, 1, 0);
    /* oblique: segment (0,0)-(4,4), ray down from (1,5) meets it at (1,1) */
    assert_ray_hit(c2d_segment_raycast(seg(0, 0, 4, 4), rin(1, 5, 0, -8, 1), &h), h, 0.5, 1, 1,
                   -sqrt(0.5), sqrt(0.5));
    assert_ray_hit(c2d_segment_raycast(s, rin(-2, 0, 1, 0, INFINITY), &h), h, 2, 0, 0, -1, 0);
    assert_vec_near(h.delta, 0, 0, 0);
    assert_false(c2d_segment_raycast(s, rin(-2, 0, -1, 0, INFINITY), &h));
}

static void test_segment_raycast_closed_ends(void **state) {
    c2d_segment s = seg(0, -1, 0, 1);
    c2d_hit h;
    (void)state;
    /* segments are closed: an endpoint, or a cast ending on the segment, counts */
    assert_ray_hit(c2d_segment_raycast(s, rin(-2, 1, 4, 0, 1), &h), h, 0.5, 0, 1, -1, 0);
    assert_ray_hit(c2d_segment_raycast(s, rin(-2, -1, 4, 0, 1), &h), h, 0.5, 0, -1, -1, 0);
    assert_false(c2d_segment_raycast(s, rin(-2, 1.001, 4, 0, 1), &h));
    assert_ray_hit(c2d_segment_raycast(s, rin(-2, 0, 2, 0, 1), &h), h, 1, 0, 0, -1, 0);
    assert_false(c2d_segment_raycast(s, rin(-2, 0, 1.999, 0, 1), &h));
    /* origin on the segment: time 0, normal against the ray */
    assert_ray_hit(c2d_segment_raycast(s, rin(0, 0.5, 1, 0, 1), &h), h, 0, 0, 0.5, -1, 0);
    assert_ray_hit(c2d_segment_raycast(s, rin(0, 0.5, -1, 0, 1), &h), h, 0, 0, 0.5, 1, 0);
}

static void test_segment_raycast_parallel_and_degenerate(void **state) {
    c2d_segment s = seg(0, -1, 0, 1);
    c2d_hit h = sentinel_hit();
    (void)state;
    assert_false(c2d_segment_raycast(s, rin(-1, -5, 0, 10, 1), &h));            /* parallel */
    assert_false(c2d_segment_raycast(s, rin(0, -5, 0, 10, 1), &h));             /* collinear, overlapping */
    assert_false(c2d_segment_raycast(s, rin(0, 0, 0, 10, 1), &h));              /* collinear from inside */
    assert_false(c2d_segment_raycast(s, rin(0, 0, 0, 0, 1), &h));               /* zero translation */
    assert_false(c2d_segment_raycast(seg(1, 1, 1, 1), rin(0, 1, 2, 0, 1), &h)); /* a point never blocks */
    assert_false(c2d_segment_raycast(s, rin(NAN, 0, 4, 0, 1), &h));
    assert_false(c2d_segment_raycast(s, rin(-2, 0, 4, INFINITY, 1), &h));
    assert_false(c2d_segment_raycast(s, rin(-2, 0, 4, 0, NAN), &h));
    assert_false(c2d_segment_raycast(seg(0, NAN, 0, 1), rin(-2, 0, 4, 0, 1), &h));
    assert_untouched(&h);
}

/* ---------------------------------------------------------------- far from the origin */

/* Every shape, near the origin and shifted by (1e6, 1e6) with coordinates exactly representable
 * in float there: the times agree, the points agree within the float spacing at 1e6 (1/16). */
static void test_raycast_far_from_origin(void **state) {
    const double off = 1e6, ptol = 0.07;
    int k;
    (void)state;
    for (k = 0; k < 2; ++k) {
        double o = k ? off : 0;
        c2d_aabb b = box_c(o, o, 2, 2);
        c2d_circle c = circ(o, o, 2);
        c2d_capsule cp = caps(o - 2, o, o + 2, o, 1);
        c2d_polygon p = triangle(o, o);
        c2d_segment s = seg(o, o - 1, o, o + 1);
        c2d_hit h;
        assert_true(c2d_aabb_raycast(b, rin(o - 6, o - 4, 12, 8, 1), &h));
        assert_near(h.time, 1.0 / 3.0, TOL);
        assert_vec_near(h.pos, o - 2, o - 4.0 / 3.0, ptol);
        assert_vec_near(h.normal, -1, 0, 0);
        assert_false(c2d_aabb_raycast(b, rin(o - 2, o - 6, 0, 12, 1), &h));
        assert_false(c2d_aabb_raycast(b, rin(o - 4, o, 4, -4, 1), &h));
        assert_true(c2d_circle_raycast(c, rin(o - 5, o, 10, 0, 1), &h));
        assert_near(h.time, 0.3, TOL);
        assert_vec_near(h.pos, o - 2, o, ptol);
        assert_vec_near(h.normal, -1, 0, TOL);
        assert_false(c2d_circle_raycast(c, rin(o - 5, o + 2, 10, 0, 1), &h));
        assert_true(c2d_circle_raycast(c, rin(o - 5, o + 1.5, 10, 0, 1), &h));
        assert_near(h.time, (5 - sqrt(4 - 2.25)) / 10, TOL);
        assert_vec_near(h.normal, -sqrt(4 - 2.25) / 2, 0.75, TOL);
        assert_true(c2d_capsule_raycast(cp, rin(o - 2.5, o + 5, 0, -10, 1), &h));
        assert_near(h.time, (5 - sqrt(0.75)) / 10, TOL);
        assert_vec_near(h.normal, -0.5, sqrt(0.75), TOL);
        assert_false(c2d_capsule_raycast(cp, rin(o - 6, o + 1, 12, 0, 1), &h));
        assert_true(c2d_polygon_raycast(&p, rin(o + 5, o + 5, -4, -4, 1), &h));
        assert_near(h.time, 0.75, TOL);
        assert_vec_near(h.pos, o + 2, o + 2, ptol);
        assert_false(c2d_polygon_raycast(&p, rin(o - 1, o, 6, 0, 1), &h));
        assert_true(c2d_segment_raycast(s, rin(o - 2, o + 0.5, 4, 0, 1), &h));
        assert_near(h.time, 0.5, TOL);
        assert_vec_near(h.pos, o, o + 0.5, ptol);
        assert_vec_near(h.normal, -1, 0, TOL);
    }
}

/* ---------------------------------------------------------------- randomized properties */

/* Signed distance-like functions in double: negative inside, zero on the boundary, positive
 * outside (exact distance for box, circle, capsule; max edge distance for polygons). */
static double sd_box(c2d_aabb b, double x, double y) {
    double dx = fmax((double)b.lower.x - x, x - (double)b.upper.x);
    double dy = fmax((double)b.lower.y - y, y - (double)b.upper.y);
    if (dx <= 0 && dy <= 0) return fmax(dx, dy);
    return sqrt(fmax(dx, 0) * fmax(dx, 0) + fmax(dy, 0) * fmax(dy, 0));
}
static double seg_dist(double ax, double ay, double bx, double by, double x, double y) {
    double ex = bx - ax, ey = by - ay, l2 = ex * ex + ey * ey, t = 0;
    if (l2 > 0) t = fmin(1, fmax(0, ((x - ax) * ex + (y - ay) * ey) / l2));
    return hypot(x - (ax + t * ex), y - (ay + t * ey));
}
static double sd_circle(c2d_circle c, double x, double y) {
    return hypot(x - (double)c.center.x, y - (double)c.center.y) - (double)c.radius;
}
static double sd_capsule(c2d_capsule c, double x, double y) {
    return seg_dist(c.p1.x, c.p1.y, c.p2.x, c.p2.y, x, y) - (double)c.radius;
}
static double sd_polygon(const c2d_polygon *p, double x, double y) {
    double m = -INFINITY;
    int i;
    for (i = 0; i < p->count; ++i) {
        double d = (double)p->normals[i].x * (x - (double)p->vertices[i].x) +
                   (double)p->normals[i].y * (y - (double)p->vertices[i].y);
        m = fmax(m, d);
    }
    return m;
}

enum { SH_BOX,
       SH_CIRCLE,
       SH_CAPSULE,
       SH_POLYGON,
       SH_COUNT };

typedef struct rshape {
    int kind;
    c2d_aabb box;
    c2d_circle circle;
    c2d_capsule capsule;
    c2d_polygon poly;
} rshape;

static double rshape_sd(const rshape *s, double x, double y) {
    switch (s->kind) {
    case SH_BOX: return sd_box(s->box, x, y);
    case SH_CIRCLE: return sd_circle(s->circle, x, y);
    case SH_CAPSULE: return sd_capsule(s->capsule, x, y);
    default: return sd_polygon(&s->poly, x, y);
    }
}
static bool rshape_cast(const rshape *s, c2d_raycast_input in, c2d_hit *h) {
    switch (s->kind) {
    case SH_BOX: return c2d_aabb_raycast(s->box, in, h);
    case SH_CIRCLE: return c2d_circle_raycast(s->circle, in, h);
    case SH_CAPSULE: return c2d_capsule_raycast(s->capsule, in, h);
    default: return c2d_polygon_raycast(&s->poly, in, h);
    }
}
static rshape rshape_random(test_rng *r, int kind, double cx, double cy) {
    rshape s;
    memset(&s, 0, sizeof s);
    s.kind = kind;
    if (kind == SH_BOX) {
        s.box = box_c(cx, cy, test_rng_range(r, 0.2, 3), test_rng_range(r, 0.2, 3));
    } else if (kind == SH_CIRCLE) {
        s.circle = circ(cx, cy, test_rng_range(r, 0.2, 3));
    } else if (kind == SH_CAPSULE) {
        double a = test_rng_range(r, 0, TWO_PI), l = test_rng_range(r, 0, 3);
        s.capsule = caps(cx - l * cos(a), cy - l * sin(a), cx + l * cos(a), cy + l * sin(a),
                         test_rng_range(r, 0.2, 2));
    } else {
        double xy[2 * C2D_MAX_POLYGON_VERTICES];
        int n = 3 + (int)(test_rng_next(r) % (C2D_MAX_POLYGON_VERTICES - 2)), i;
        c2d_vec2 pts[C2D_MAX_POLYGON_VERTICES];
        c2d_status st;
        do {
            for (i = 0; i < n; ++i) {
                double a = test_rng_range(r, 0, TWO_PI), rad = test_rng_range(r, 0.5, 3);
                xy[2 * i] = cx + rad * cos(a);
                xy[2 * i + 1] = cy + rad * sin(a);
                pts[i] = c2d_v2((c2d_real)xy[2 * i], (c2d_real)xy[2 * i + 1]);
            }
            st = c2d_polygon_make(pts, n, &s.poly);
        } while (st != C2D_OK);
    }
    return s;
}

/* Random rays against every shape type. On a hit after t = 0: pos lies on the boundary and on
 * the ray at the hit time, the normal is a unit vector facing the ray, and points before the hit
 * time are not inside (beyond the float tolerance). On a hit at t = 0 the origin is inside or on
 * the surface. On a miss no sample of the cast lies inside. */
static void test_raycast_random_properties(void **state) {
    test_rng r = test_rng_make("raycast_random_properties");
    const int iters = test_iterations(20000);
    const double tol = sizeof(c2d_real) == 4 ? 2e-3 : 1e-8;
    int it, hits = 0, misses = 0, inside = 0;
    (void)state;
    for (it = 0; it < iters; ++it) {
        int kind = it % SH_COUNT, j;
        double cx = test_rng_range(&r, -5, 5), cy = test_rng_range(&r, -5, 5);
        rshape s = rshape_random(&r, kind, cx, cy);
        double ox = test_rng_range(&r, -12, 12), oy = test_rng_range(&r, -12, 12);
        /* aim near the shape so that hits, misses and grazes all come up */
        double aim = test_rng_range(&r, 0.2, 1.6);
        double tx = (cx + test_rng_range(&r, -4, 4) - ox) * aim, ty = (cy + test_rng_range(&r, -4, 4) - oy) * aim;
        c2d_raycast_input in = rin(ox, oy, tx, ty, 1);
        c2d_hit h;
        if (rshape_cast(&s, in, &h)) {
            double t = (double)h.time, px = (double)h.pos.x, py = (double)h.pos.y, u0;
            assert_hit_finite(h);
            assert_true(t >= 0 && t <= 1);
            assert_near(hypot((double)h.normal.x, (double)h.normal.y), 1, TOL);
            if (t > 0) {
                ++hits;
                assert_near(rshape_sd(&s, px, py), 0, tol);
                assert_near(px, ox + t * tx, tol);
                assert_near(py, oy + t * ty, tol);
                assert_true((double)h.normal.x * tx + (double)h.normal.y * ty <= 1e-9);
                for (j = 0; j < 8; ++j) {
                    double u = t * j / 8.0;
                    assert_true(rshape_sd(&s, ox + u * tx, oy + u * ty) >= -tol);
                }
                u0 = fmax(0, t - 1e-3);
                assert_true(rshape_sd(&s, ox + u0 * tx, oy + u0 * ty) >= -tol);
            } else {
                ++inside;
                assert_true(rshape_sd(&s, ox, oy) <= tol);
            }
        } else {
            ++misses;
            for (j = 0; j <= 16; ++j) {
                double u = j / 16.0;
                assert_true(rshape_sd(&s, ox + u * tx, oy + u * ty) >= -tol);
            }
        }
    }
    printf("raycast_random_properties: %d hits, %d inside, %d misses\n", hits, inside, misses);
    assert_true(hits > iters / 10 && misses > iters / 10 && inside > 0);
}

/* Random rays against random segments: a reported hit is on both the segment and the ray, and
 * agrees with a double-precision solve; a clear crossing is never missed. */
static void test_segment_raycast_random(void **state) {
    test_rng r = test_rng_make("segment_raycast_random");
    const int iters = test_iterations(20000);
    const double tol = sizeof(c2d_real) == 4 ? 1e-3 : 1e-9;
    int it, hits = 0;
    (void)state;
    for (it = 0; it < iters; ++it) {
        double ax = test_rng_range(&r, -5, 5), ay = test_rng_range(&r, -5, 5);
        double bx = test_rng_range(&r, -5, 5), by = test_rng_range(&r, -5, 5);
        double ox = test_rng_range(&r, -8, 8), oy = test_rng_range(&r, -8, 8);
        double dx = test_rng_range(&r, -15, 15), dy = test_rng_range(&r, -15, 15);
        c2d_segment s = seg(ax, ay, bx, by);
        c2d_hit h;
        double ex = bx - ax, ey = by - ay, den = dx * ey - dy * ex;
        double t = (ex * (oy - ay) - ey * (ox - ax)) / den, u = (dx * (oy - ay) - dy * (ox - ax)) / den;
        bool clear = fabs(den) > 1 && t > 0.01 && t < 0.99 && u > 0.01 && u < 0.99;
        bool clear_miss = fabs(den) > 1 && (t < -0.01 || t > 1.01 || u < -0.01 || u > 1.01);
        bool got = c2d_segment_raycast(s, rin(ox, oy, dx, dy, 1), &h);
        if (clear) assert_true(got);
        if (clear_miss) assert_false(got);
        if (got) {
            ++hits;
            assert_hit_finite(h);
            assert_near(seg_dist(ax, ay, bx, by, h.pos.x, h.pos.y), 0, tol);
            assert_near(h.pos.x, ox + h.time * dx, tol * 10);
            assert_near(h.pos.y, oy + h.time * dy, tol * 10);
            assert_true((double)h.normal.x * dx + (double)h.normal.y * dy < 0);
            if (fabs(den) > 1) assert_near(h.time, t, tol);
        }
    }
    printf("segment_raycast_random: %d hits\n", hits);
    assert_true(hits > iters / 20);
}

/* Random shapes and rays with coordinates on a 1/16 grid, cast near the origin and again shifted
 * by (1e6, 1e6), where float still represents them exactly: the answers agree. */
static void test_raycast_random_far_from_origin(void **state) {
    test_rng r = test_rng_make("raycast_random_far_from_origin");
    const int iters = test_iterations(4000);
    const double off = 1048576.0 - 65536.0; /* ~1e6, float spacing 1/16 */
    int it, agree = 0;
    (void)state;
    for (it = 0; it < iters; ++it) {
        int kind = it % 4; /* box, circle, capsule, quad polygon: built exactly on the grid */
        double q = 1.0 / 16.0;
        double cx = floor(test_rng_range(&r, -5, 5) / q) * q, cy = floor(test_rng_range(&r, -5, 5) / q) * q;
        double hx = q * (2 + (double)(test_rng_next(&r) % 40)), hy = q * (2 + (double)(test_rng_next(&r) % 40));
        double ox = floor(test_rng_range(&r, -12, 12) / q) * q, oy = floor(test_rng_range(&r, -12, 12) / q) * q;
        double tx = floor((cx - ox + test_rng_range(&r, -4, 4)) * test_rng_range(&r, 0.2, 1.6) / q) * q;
        double ty = floor((cy - oy + test_rng_range(&r, -4, 4)) * test_rng_range(&r, 0.2, 1.6) / q) * q;
        c2d_hit h0, h1;
        bool g0, g1;
        if (kind == 0) {
            g0 = c2d_aabb_raycast(box_c(cx, cy, hx, hy), rin(ox, oy, tx, ty, 1), &h0);
            g1 = c2d_aabb_raycast(box_c(cx + off, cy + off, hx, hy), rin(ox + off, oy + off, tx, ty, 1), &h1);
        } else if (kind == 1) {
            g0 = c2d_circle_raycast(circ(cx, cy, hx), rin(ox, oy, tx, ty, 1), &h0);
            g1 = c2d_circle_raycast(circ(cx + off, cy + off, hx), rin(ox + off, oy + off, tx, ty, 1), &h1);
        } else if (kind == 3) {
            const double xy0[8] = {cx - hx, cy, cx, cy - hy, cx + hx, cy + q, cx - q, cy + hy};
            const double xy1[8] = {cx - hx + off, cy + off, cx + off, cy - hy + off, cx + hx + off, cy + q + off,
                                   cx - q + off, cy + hy + off};
            c2d_polygon p0 = poly_n(4, xy0), p1 = poly_n(4, xy1);
            g0 = c2d_polygon_raycast(&p0, rin(ox, oy, tx, ty, 1), &h0);
            g1 = c2d_polygon_raycast(&p1, rin(ox + off, oy + off, tx, ty, 1), &h1);
        } else {
            g0 = c2d_capsule_raycast(caps(cx - hy, cy, cx + hy, cy + hx, hx), rin(ox, oy, tx, ty, 1), &h0);
            g1 = c2d_capsule_raycast(caps(cx - hy + off, cy + off, cx + hy + off, cy + hx + off, hx),
                                     rin(ox + off, oy + off, tx, ty, 1), &h1);
        }
        assert_int_equal(g0, g1);
        if (g0) {
            ++agree;
            assert_near(h0.time, h1.time, sizeof(c2d_real) == 4 ? 1e-5 : 1e-12);
            assert_near((double)h0.normal.x, (double)h1.normal.x, TOL);
            assert_near((double)h0.normal.y, (double)h1.normal.y, TOL);
            assert_near((double)h0.pos.x + off, (double)h1.pos.x, 0.07);
            assert_near((double)h0.pos.y + off, (double)h1.pos.y, 0.07);
        }
    }
    printf("raycast_random_far_from_origin: %d hits agree\n", agree);
}

/* ---- c2d_polygon_raycast_xf ---- */

/* A 2 x 1 box (local x in [-1, 1], y in [-0.5, 0.5]) turned a quarter turn and moved to (10, 5):
 * in world it spans x in [9.5, 10.5], y in [4, 6]. Rays from each side, both sides of a corner,
 * one along an edge, and unusable transforms. */
static void test_polygon_raycast_xf_hand(void **state) {
    static const double xy[8] = {-1, -0.5, 1, -0.5, 1, 0.5, -1, 0.5};
    c2d_polygon box = poly_n(4, xy);
    c2d_transform xf;
    c2d_hit h;
    (void)state;
    xf.p = c2d_v2(10, 5);
    xf.q.c = 0;
    xf.q.s = 1;
    assert_true(c2d_polygon_raycast_xf(&box, xf, rin(0, 5, 20, 0, 1), &h)); /* from the left */
    assert_near(h.time, 9.5 / 20, TOL);
    assert_vec_near(h.pos, 9.5, 5, TOL);
    assert_vec_near(h.normal, -1, 0, TOL);
    assert_vec_near(h.delta, (9.5 / 20 - 1) * 20, 0, 1e-3);
    assert_true(c2d_polygon_raycast_xf(&box, xf, rin(10, 20, 0, -20, 1), &h)); /* from above */
    assert_near(h.time, 14.0 / 20, TOL);
    assert_vec_near(h.normal, 0, 1, TOL);
    assert_true(c2d_polygon_raycast_xf(&box, xf, rin(10.25, 0, 0, 20, 1), &h)); /* from below */
    assert_vec_near(h.pos, 10.25, 4, TOL);
    assert_vec_near(h.normal, 0, -1, TOL);
    /* past the top edge y = 6 and just under it */
    assert_false(c2d_polygon_raycast_xf(&box, xf, rin(0, 6.25, 20, 0, 1), &h));
    assert_true(c2d_polygon_raycast_xf(&box, xf, rin(0, 5.75, 20, 0, 1), &h));
    /* along the edge x = 9.5 (grazing) is no hit; stopping short of the box is no hit */
    assert_false(c2d_polygon_raycast_xf(&box, xf, rin(9.5, 0, 0, 20, 1), &h));
    assert_false(c2d_polygon_raycast_xf(&box, xf, rin(0, 5, 20, 0, 0.45), &h));
    /* unusable transforms: NaN or huge position, zero or NaN rotation */
    xf.p = c2d_v2((c2d_real)NAN, 5);
    assert_false(c2d_polygon_raycast_xf(&box, xf, rin(0, 5, 20, 0, 1), &h));
    xf.p = c2d_v2((c2d_real)1e30, 5);
    assert_false(c2d_polygon_raycast_xf(&box, xf, rin(0, 5, 20, 0, 1), &h));
    xf.p = c2d_v2(10, 5);
    xf.q.s = 0;
    assert_false(c2d_polygon_raycast_xf(&box, xf, rin(0, 5, 20, 0, 1), &h));
    xf.q.s = (c2d_real)NAN;
    assert_false(c2d_polygon_raycast_xf(&box, xf, rin(0, 5, 20, 0, 1), &h));
    /* a rotation slightly off unit length is renormalised and still hits */
    xf.q.s = (c2d_real)1.001;
    assert_true(c2d_polygon_raycast_xf(&box, xf, rin(0, 5, 20, 0, 1), &h));
    assert_near(c2d_len(h.normal), 1, 1e-4);
    /* a NaN ray never hits */
    xf.q.s = 1;
    assert_false(c2d_polygon_raycast_xf(&box, xf, rin(NAN, 5, 20, 0, 1), &h));
}

/* Random local polygons, transforms and rays: the transform-taking cast equals the cast of the ray
 * mapped into the polygon's frame by hand (same formulas, so the same bits), with the hit mapped
 * back; and it agrees (hit or miss) with the cast against the polygon placed by
 * c2d_polygon_transform, away from grazing rays. */
static void test_polygon_raycast_xf_random(void **state) {
    test_rng r = test_rng_make("polygon_raycast_xf_random");
    int n = test_iterations(20000), i, hits = 0, compared = 0, differ = 0;
    (void)state;
    for (i = 0; i < n; ++i) {
        c2d_vec2 pts[C2D_MAX_POLYGON_VERTICES];
        c2d_polygon local, world;
        c2d_transform xf;
        c2d_raycast_input in, lin;
        c2d_hit h, lh, wh;
        bool hit, lhit, whit;
        int k, count = 3 + (int)test_rng_range(&r, 0, C2D_MAX_POLYGON_VERTICES - 2); /* a cloud of 3..max points */
        for (k = 0; k < count; ++k) pts[k] = c2d_v2((c2d_real)test_rng_range(&r, -2, 2), (c2d_real)test_rng_range(&r, -2, 2));
        if (c2d_polygon_make(pts, count, &local) != C2D_OK) continue;
        xf = c2d_transform_make(c2d_v2((c2d_real)test_rng_range(&r, -50, 50), (c2d_real)test_rng_range(&r, -50, 50)),
                                (c2d_real)test_rng_range(&r, -4, 4));
        in = rin(xf.p.x + test_rng_range(&r, -6, 6), xf.p.y + test_rng_range(&r, -6, 6), test_rng_range(&r, -8, 8),
                 test_rng_range(&r, -8, 8), test_rng_range(&r, 0.2, 1.5));
        hit = c2d_polygon_raycast_xf(&local, xf, in, &h);
        lin = in;
        lin.origin = c2d_inv_transform_point(xf, in.origin);
        lin.translation = c2d_inv_rotate(xf.q, in.translation);
        lhit = c2d_polygon_raycast(&local, lin, &lh);
        assert_int_equal(hit, lhit);
        if (hit) {
            ++hits;
            assert_true(h.time == lh.time);
            assert_vec_near(h.pos, (double)c2d_transform_point(xf, lh.pos).x, (double)c2d_transform_point(xf, lh.pos).y, 0);
            assert_vec_near(h.normal, (double)c2d_rotate(xf.q, lh.normal).x, (double)c2d_rotate(xf.q, lh.normal).y, 0);
            assert_true(isfinite((double)h.delta.x) && isfinite((double)h.delta.y));
        }
        world = c2d_polygon_transform(&local, xf);
        whit = c2d_polygon_raycast(&world, in, &wh);
        if (hit && whit) {
            ++compared;
            assert_near(h.time, wh.time, 1e-3);
        } else if (hit != whit) {
            ++differ; /* a ray grazing a vertex can fall either side of it in the two frames */
        }
    }
    print_message("polygon_raycast_xf_random: %d hits, %d compared with the placed polygon, %d differ\n", hits,
                  compared, differ);
    assert_true(hits > n / 20);
    assert_true(differ <= n / 1000);
}

/* Rays against regular polygons of every vertex count the build allows (3 to
 * C2D_MAX_POLYGON_VERTICES: 10 and 12 in make check-verts12), plain and placed by a transform:
 * a ray hits exactly when the segment it sweeps overlaps the polygon (c2d_segment_overlap_polygon,
 * which shares no code with the cast), and a hit lies on the boundary at the reported time. The
 * SSE cast once read only the first 8 vertices: with 12 allowed it missed 170 of 360 such rays
 * against a regular 10-gon. The rays pass the center at offsets up to 1.5 radii, never through a
 * vertex's exact tangent. */
static void test_polygon_raycast_every_vertex_count(void **state) {
    int n, k, side;
    (void)state;
    for (n = 3; n <= C2D_MAX_POLYGON_VERTICES; ++n) {
        double xy[2 * C2D_MAX_POLYGON_VERTICES];
        c2d_polygon p, world;
        c2d_transform xf = c2d_transform_make(c2d_v2((c2d_real)-1.75, (c2d_real)0.625), (c2d_real)0.4);
        int hits = 0, i;
        for (i = 0; i < n; ++i) {
            double a = 0.1 + TWO_PI * i / n;
            xy[2 * i] = 0.3 + 2.0 * cos(a);
            xy[2 * i + 1] = -0.2 + 2.0 * sin(a);
        }
        p = poly_n(n, xy);
        assert_int_equal(p.count, n);
        world = c2d_polygon_transform(&p, xf);
        for (side = 0; side < 2; ++side) {
            const c2d_polygon *target = side ? &world : &p;
            c2d_vec2 c = side ? c2d_transform_point(xf, c2d_v2((c2d_real)0.3, (c2d_real)-0.2)) : c2d_v2((c2d_real)0.3, (c2d_real)-0.2);
            for (k = 0; k < 360; ++k) {
                double a = TWO_PI * (k + 0.37) / 360.0, off = 3.0 * ((k * 7919) % 360) / 360.0 - 1.5;
                double ux = cos(a), uy = sin(a);
                c2d_vec2 o = c2d_v2((c2d_real)(c.x + 5 * ux - 2 * off * uy), (c2d_real)(c.y + 5 * uy + 2 * off * ux));
                c2d_vec2 d = c2d_v2((c2d_real)(-10 * ux), (c2d_real)(-10 * uy));
                c2d_raycast_input in;
                c2d_segment s;
                c2d_hit h;
                bool got, want;
                in.origin = o;
                in.translation = d;
                in.max_fraction = 1;
                s.p1 = o;
                s.p2 = c2d_add(o, d);
                want = c2d_segment_overlap_polygon(s, target);
                got = side ? c2d_polygon_raycast_xf(&p, xf, in, &h) : c2d_polygon_raycast(&p, in, &h);
                if (got != want) fail_msg("%d-gon (%s) ray %d: cast says %d, segment overlap says %d", n, side ? "xf" : "plain", k, got, want);
                if (got) {
                    c2d_real sep = -1e30f;
                    int e;
                    ++hits;
                    assert_hit_finite(h);
                    assert_true(h.time >= 0 && h.time <= 1);
                    assert_vec_near(h.pos, o.x + h.time * d.x, o.y + h.time * d.y, 1e-4);
                    for (e = 0; e < n; ++e) {
                        c2d_real de = c2d_dot(target->normals[e], c2d_sub(h.pos, target->vertices[e]));
                        if (de > sep) sep = de;
                    }
                    assert_near(sep, 0, 1e-4); /* on the boundary */
                    assert_near(c2d_len(h.normal), 1, 1e-5);
                    assert_true(c2d_dot(h.normal, d) < 0); /* the face the ray enters */
                }
            }
        }
        /* offsets up to 1.5 radii: about 2/3 of the rays cross the polygon */
        assert_true(hits > 300 && hits < 600);
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_input_is_valid),
        cmocka_unit_test(test_cast_input_makers),
        cmocka_unit_test(test_hit_flip),
        cmocka_unit_test(seed_aabb_segment_near_far_times),
        cmocka_unit_test(seed_aabb_segment_near_greater_than_far),
        cmocka_unit_test(seed_aabb_segment_behind_and_in_front),
        cmocka_unit_test(seed_aabb_segment_padding),
        cmocka_unit_test(seed_aabb_segment_along_edge_no_nan),
        cmocka_unit_test(test_aabb_raycast_corner),
        cmocka_unit_test(test_aabb_raycast_end_on_surface),
        cmocka_unit_test(test_aabb_raycast_inside_and_on_surface),
        cmocka_unit_test(test_aabb_raycast_zero_translation),
        cmocka_unit_test(test_aabb_raycast_infinite),
        cmocka_unit_test(test_aabb_raycast_invalid),
        cmocka_unit_test(test_circle_raycast_basic),
        cmocka_unit_test(test_circle_raycast_tangent),
        cmocka_unit_test(test_circle_raycast_end_and_inside),
        cmocka_unit_test(test_circle_raycast_far_origin_stable),
        cmocka_unit_test(test_circle_raycast_invalid),
        cmocka_unit_test(test_capsule_raycast_side_and_caps),
        cmocka_unit_test(test_capsule_raycast_rotated),
        cmocka_unit_test(test_capsule_raycast_grazing),
        cmocka_unit_test(test_capsule_raycast_end_inside_zero),
        cmocka_unit_test(test_capsule_raycast_zero_length_is_circle),
        cmocka_unit_test(test_capsule_raycast_invalid),
        cmocka_unit_test(test_polygon_raycast_basic),
        cmocka_unit_test(test_polygon_raycast_edges_and_corners),
        cmocka_unit_test(test_polygon_raycast_end_inside_zero),
        cmocka_unit_test(test_polygon_raycast_invalid),
        cmocka_unit_test(test_segment_raycast_basic),
        cmocka_unit_test(test_segment_raycast_negative_max),
        cmocka_unit_test(test_segment_raycast_closed_ends),
        cmocka_unit_test(test_segment_raycast_parallel_and_degenerate),
        cmocka_unit_test(test_raycast_far_from_origin),
        cmocka_unit_test(test_raycast_random_properties),
        cmocka_unit_test(test_segment_raycast_random),
        cmocka_unit_test(test_raycast_random_far_from_origin),
        cmocka_unit_test(test_polygon_raycast_xf_hand),
        cmocka_unit_test(test_polygon_raycast_xf_random),
        cmocka_unit_test(test_polygon_raycast_every_vertex_count),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
