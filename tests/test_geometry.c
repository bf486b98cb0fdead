/* Shapes and geometry: constructors and their errors, is_valid, transforms, bounding boxes,
 * strict point containment, closest points, and the convex hull builder (c2d_polygon_make). */
#include "test_util.h"

#define V(x, y) c2d_v2((c2d_real)(x), (c2d_real)(y))
#define R(x) ((c2d_real)(x))
#define TWO_PI_D 6.28318530717958647692
#define PI_D 3.14159265358979323846

static bool all_zero(const void *p, size_t n) {
    const unsigned char *b = (const unsigned char *)p;
    size_t i;
    for (i = 0; i < n; ++i) {
        if (b[i]) return false;
    }
    return true;
}

/* Box (x, y, width, height) as the snippets write it. */
static c2d_aabb rect_xywh(double x, double y, double w, double h) {
    c2d_aabb b;
    assert_status(c2d_aabb_from_corner(V(x, y), R(w), R(h), &b), C2D_OK);
    return b;
}

static c2d_arc arc_of(double cx, double cy, double inner, double outer, double a0, double a1) {
    c2d_arc a;
    assert_status(c2d_arc_make(V(cx, cy), R(inner), R(outer), R(a0), R(a1), &a), C2D_OK);
    assert_true(c2d_arc_is_valid(&a));
    return a;
}

static c2d_arc wedge_of(double cx, double cy, double r, double a0, double a1) {
    c2d_arc a;
    assert_status(c2d_wedge_make(V(cx, cy), R(r), R(a0), R(a1), &a), C2D_OK);
    assert_true(c2d_arc_is_valid(&a));
    return a;
}

/* Index of the vertex equal to (x, y) within tol, or -1. */
static int find_vertex(const c2d_polygon *p, double x, double y, double tol) {
    int i;
    for (i = 0; i < p->count; ++i) {
        if (fabs((double)p->vertices[i].x - x) <= tol && fabs((double)p->vertices[i].y - y) <= tol) return i;
    }
    return -1;
}

/* ======================================= constructors ===================================== */

static void test_segment_make(void **state) {
    c2d_segment s;
    (void)state;
    assert_status(c2d_segment_make(V(1, 2), V(3, 4), &s), C2D_OK);
    assert_vec_near(s.p1, 1, 2, 0);
    assert_vec_near(s.p2, 3, 4, 0);
    assert_true(c2d_segment_is_valid(s));

    assert_status(c2d_segment_make(V(1, 2), V(1, 2), &s), C2D_ERR_DEGENERATE);
    assert_true(all_zero(&s, sizeof s));
    assert_status(c2d_segment_make(V(NAN, 2), V(1, 2), &s), C2D_ERR_NOT_FINITE);
    assert_status(c2d_segment_make(V(0, 0), V(INFINITY, 2), &s), C2D_ERR_NOT_FINITE);
    assert_status(c2d_segment_make(V(0, -INFINITY), V(1, 2), &s), C2D_ERR_NOT_FINITE);
    assert_status(c2d_segment_make(V(0, 0), V(C2D_MAX_COORD * R(2), 0), &s), C2D_ERR_OUT_OF_RANGE);
    /* exactly at the limit is accepted */
    assert_status(c2d_segment_make(V(0, 0), V(C2D_MAX_COORD, 0), &s), C2D_OK);
    /* NaN wins over out of range */
    assert_status(c2d_segment_make(V(C2D_MAX_COORD * R(2), 0), V(NAN, 0), &s), C2D_ERR_NOT_FINITE);
    assert_status(c2d_segment_make(V(0, 0), V(1, 0), NULL), C2D_ERR_NULL_ARG);
}

static void test_ray_make(void **state) {
    c2d_ray r;
    (void)state;
    assert_status(c2d_ray_make(V(1, 1), V(3, 4), R(10), &r), C2D_OK);
    assert_vec_near(r.origin, 1, 1, 0);
    assert_vec_near(r.direction, 0.6, 0.8, TOL);
    assert_near(r.max_distance, 10, 0);
    assert_true(c2d_ray_is_valid(r));

    assert_status(c2d_ray_make(V(0, 0), V(1, 0), R(INFINITY), &r), C2D_OK);
    assert_true(isinf((double)r.max_distance));
    assert_true(c2d_ray_is_valid(r));
    /* a tiny or huge direction still normalises */
    assert_status(c2d_ray_make(V(0, 0), V(1e-30, -1e-30), R(1), &r), C2D_OK);
    assert_vec_near(r.direction, sqrt(0.5), -sqrt(0.5), TOL);
    assert_status(c2d_ray_make(V(0, 0), V(0, C2D_MAX_COORD * R(100)), R(1), &r), C2D_OK);
    assert_vec_near(r.direction, 0, 1, TOL);

    assert_status(c2d_ray_make(V(0, 0), V(0, 0), R(1), &r), C2D_ERR_DEGENERATE);
    assert_true(all_zero(&r, sizeof r));
    assert_status(c2d_ray_make(V(0, 0), V(1, 0), R(0), &r), C2D_ERR_BAD_SIZE);
    assert_status(c2d_ray_make(V(0, 0), V(1, 0), R(-1), &r), C2D_ERR_BAD_SIZE);
    assert_status(c2d_ray_make(V(0, 0), V(1, 0), R(NAN), &r), C2D_ERR_BAD_SIZE);
    assert_status(c2d_ray_make(V(0, 0), V(1, 0), R(-INFINITY), &r), C2D_ERR_BAD_SIZE);
    assert_status(c2d_ray_make(V(NAN, 0), V(1, 0), R(1), &r), C2D_ERR_NOT_FINITE);
    assert_status(c2d_ray_make(V(0, 0), V(INFINITY, 0), R(1), &r), C2D_ERR_NOT_FINITE);
    assert_status(c2d_ray_make(V(C2D_MAX_COORD * R(2), 0), V(1, 0), R(1), &r), C2D_ERR_OUT_OF_RANGE);
    assert_status(c2d_ray_make(V(0, 0), V(1, 0), R(1), NULL), C2D_ERR_NULL_ARG);
}

static void test_aabb_make(void **state) {
    c2d_aabb b;
    (void)state;
    assert_status(c2d_aabb_make(V(-1, -2), V(3, 4), &b), C2D_OK);
    assert_vec_near(b.lower, -1, -2, 0);
    assert_vec_near(b.upper, 3, 4, 0);
    assert_true(c2d_aabb_is_valid(b));

    assert_status(c2d_aabb_make(V(1, 0), V(1, 4), &b), C2D_ERR_BAD_SIZE); /* zero width */
    assert_true(all_zero(&b, sizeof b));
    assert_status(c2d_aabb_make(V(0, 4), V(1, 4), &b), C2D_ERR_BAD_SIZE);   /* zero height */
    assert_status(c2d_aabb_make(V(3, 4), V(-1, -2), &b), C2D_ERR_BAD_SIZE); /* corners swapped */
    assert_status(c2d_aabb_make(V(NAN, 0), V(1, 1), &b), C2D_ERR_NOT_FINITE);
    assert_status(c2d_aabb_make(V(0, 0), V(1, INFINITY), &b), C2D_ERR_NOT_FINITE);
    assert_status(c2d_aabb_make(V(-C2D_MAX_COORD * R(2), 0), V(1, 1), &b), C2D_ERR_OUT_OF_RANGE);
    assert_status(c2d_aabb_make(V(0, 0), V(1, 1), NULL), C2D_ERR_NULL_ARG);
}

static void test_aabb_from_center(void **state) {
    c2d_aabb b;
    (void)state;
    /* the intersect article's AABB(pos, half) */
    assert_status(c2d_aabb_from_center(V(1, 2), V(3, 4), &b), C2D_OK);
    assert_vec_near(b.lower, -2, -2, 0);
    assert_vec_near(b.upper, 4, 6, 0);
    assert_vec_near(c2d_aabb_center(b), 1, 2, 0);
    assert_vec_near(c2d_aabb_extents(b), 3, 4, 0);

    assert_status(c2d_aabb_from_center(V(1, 2), V(0, 4), &b), C2D_ERR_BAD_SIZE);
    assert_true(all_zero(&b, sizeof b));
    assert_status(c2d_aabb_from_center(V(1, 2), V(3, -4), &b), C2D_ERR_BAD_SIZE);
    assert_status(c2d_aabb_from_center(V(1, 2), V(NAN, 4), &b), C2D_ERR_NOT_FINITE);
    assert_status(c2d_aabb_from_center(V(INFINITY, 2), V(3, 4), &b), C2D_ERR_NOT_FINITE);
    /* each input in range, but a corner is not */
    assert_status(c2d_aabb_from_center(V(C2D_MAX_COORD * R(0.9), 0), V(C2D_MAX_COORD * R(0.2), 1), &b), C2D_ERR_OUT_OF_RANGE);
    /* a half extent below the center's precision rounds to zero width */
    assert_status(c2d_aabb_from_center(V(1e6, 0), V(1e-12, 1), &b), C2D_ERR_BAD_SIZE);
    assert_status(c2d_aabb_from_center(V(0, 0), V(1, 1), NULL), C2D_ERR_NULL_ARG);
}

static void test_aabb_from_corner(void **state) {
    c2d_aabb b;
    (void)state;
    assert_status(c2d_aabb_from_corner(V(10, 15), R(25), R(20), &b), C2D_OK);
    assert_vec_near(b.lower, 10, 15, 0);
    assert_vec_near(b.upper, 35, 35, 0);
    assert_status(c2d_aabb_from_corner(V(10, 15), R(0), R(20), &b), C2D_ERR_BAD_SIZE);
    assert_true(all_zero(&b, sizeof b));
    assert_status(c2d_aabb_from_corner(V(10, 15), R(25), R(-20), &b), C2D_ERR_BAD_SIZE);
    assert_status(c2d_aabb_from_corner(V(10, 15), R(25), R(NAN), &b), C2D_ERR_NOT_FINITE);
    assert_status(c2d_aabb_from_corner(V(10, 15), R(INFINITY), R(1), &b), C2D_ERR_NOT_FINITE);
    assert_status(c2d_aabb_from_corner(V(10, 15), C2D_MAX_COORD * R(2), R(1), &b), C2D_ERR_OUT_OF_RANGE);
    assert_status(c2d_aabb_from_corner(V(C2D_MAX_COORD, 15), C2D_MAX_COORD * R(0.5), R(1), &b), C2D_ERR_OUT_OF_RANGE);
    /* a width below the corner's precision rounds away: zero width */
    assert_status(c2d_aabb_from_corner(V(1e6, 15), R(1e-12), R(1), &b), C2D_ERR_BAD_SIZE);
    assert_status(c2d_aabb_from_corner(V(0, 0), R(1), R(1), NULL), C2D_ERR_NULL_ARG);
}

static void test_aabb_from_ltrb(void **state) {
    c2d_aabb down, up;
    (void)state;
    /* y down: top above bottom on screen means top < bottom */
    assert_status(c2d_aabb_from_ltrb(R(10), R(15), R(35), R(35), &down), C2D_OK);
    /* y up: top > bottom */
    assert_status(c2d_aabb_from_ltrb(R(10), R(35), R(35), R(15), &up), C2D_OK);
    assert_vec_near(down.lower, 10, 15, 0);
    assert_vec_near(down.upper, 35, 35, 0);
    assert_vec_near(up.lower, 10, 15, 0);
    assert_vec_near(up.upper, 35, 35, 0);

    assert_status(c2d_aabb_from_ltrb(R(35), R(15), R(10), R(35), &down), C2D_ERR_BAD_SIZE); /* left > right */
    assert_true(all_zero(&down, sizeof down));
    assert_status(c2d_aabb_from_ltrb(R(10), R(15), R(10), R(35), &down), C2D_ERR_BAD_SIZE);
    assert_status(c2d_aabb_from_ltrb(R(10), R(15), R(35), R(15), &down), C2D_ERR_BAD_SIZE);
    assert_status(c2d_aabb_from_ltrb(R(10), R(NAN), R(35), R(15), &down), C2D_ERR_NOT_FINITE);
    assert_status(c2d_aabb_from_ltrb(R(10), R(15), R(35), -C2D_MAX_COORD * R(2), &down), C2D_ERR_OUT_OF_RANGE);
    assert_status(c2d_aabb_from_ltrb(R(0), R(0), R(1), R(1), NULL), C2D_ERR_NULL_ARG);
}

/* The rectangle tutorial's three forms (top-left + size, two corners, LTRB; y down) give the same
 * box; so does the intersect article's center + half form. */
static void seed_rectangle_three_forms(void **state) {
    c2d_aabb a, b, c, d;
    (void)state;
    assert_status(c2d_aabb_from_corner(V(10, 15), R(25), R(20), &a), C2D_OK);
    assert_status(c2d_aabb_make(V(10, 15), V(35, 35), &b), C2D_OK);
    assert_status(c2d_aabb_from_ltrb(R(10), R(15), R(35), R(35), &c), C2D_OK);
    assert_status(c2d_aabb_from_center(V(22.5, 25), V(12.5, 10), &d), C2D_OK);
    assert_true(memcmp(&a, &b, sizeof a) == 0);
    assert_true(memcmp(&a, &c, sizeof a) == 0);
    assert_true(memcmp(&a, &d, sizeof a) == 0);
}

static void test_circle_capsule_make(void **state) {
    c2d_circle c;
    c2d_capsule k;
    (void)state;
    assert_status(c2d_circle_make(V(1, 2), R(3), &c), C2D_OK);
    assert_vec_near(c.center, 1, 2, 0);
    assert_near(c.radius, 3, 0);
    assert_true(c2d_circle_is_valid(c));
    assert_status(c2d_circle_make(V(1, 2), R(0), &c), C2D_ERR_BAD_SIZE);
    assert_true(all_zero(&c, sizeof c));
    assert_status(c2d_circle_make(V(1, 2), R(-1), &c), C2D_ERR_BAD_SIZE);
    assert_status(c2d_circle_make(V(1, 2), R(NAN), &c), C2D_ERR_NOT_FINITE);
    assert_status(c2d_circle_make(V(1, 2), R(INFINITY), &c), C2D_ERR_NOT_FINITE);
    assert_status(c2d_circle_make(V(NAN, 2), R(1), &c), C2D_ERR_NOT_FINITE);
    assert_status(c2d_circle_make(V(1, 2), C2D_MAX_COORD * R(2), &c), C2D_ERR_OUT_OF_RANGE);
    assert_status(c2d_circle_make(V(1, 2), R(1), NULL), C2D_ERR_NULL_ARG);

    assert_status(c2d_capsule_make(V(0, 0), V(10, 0), R(2), &k), C2D_OK);
    assert_vec_near(k.p1, 0, 0, 0);
    assert_vec_near(k.p2, 10, 0, 0);
    assert_near(k.radius, 2, 0);
    assert_true(c2d_capsule_is_valid(k));
    assert_status(c2d_capsule_make(V(5, 5), V(5, 5), R(2), &k), C2D_OK); /* a circle */
    assert_true(c2d_capsule_is_valid(k));
    assert_status(c2d_capsule_make(V(0, 0), V(10, 0), R(0), &k), C2D_ERR_BAD_SIZE);
    assert_true(all_zero(&k, sizeof k));
    assert_status(c2d_capsule_make(V(0, 0), V(10, 0), R(-2), &k), C2D_ERR_BAD_SIZE);
    assert_status(c2d_capsule_make(V(0, 0), V(10, NAN), R(2), &k), C2D_ERR_NOT_FINITE);
    assert_status(c2d_capsule_make(V(0, 0), V(10, 0), R(INFINITY), &k), C2D_ERR_NOT_FINITE);
    assert_status(c2d_capsule_make(V(0, -C2D_MAX_COORD * R(2)), V(10, 0), R(2), &k), C2D_ERR_OUT_OF_RANGE);
    assert_status(c2d_capsule_make(V(0, 0), V(1, 0), R(1), NULL), C2D_ERR_NULL_ARG);
}

static void test_polygon_make_box(void **state) {
    c2d_polygon p;
    (void)state;
    assert_status(c2d_polygon_make_box(V(2, 1), &p), C2D_OK);
    assert_int_equal(p.count, 4);
    assert_vec_near(p.vertices[0], -2, -1, 0);
    assert_vec_near(p.vertices[1], 2, -1, 0);
    assert_vec_near(p.vertices[2], 2, 1, 0);
    assert_vec_near(p.vertices[3], -2, 1, 0);
    assert_vec_near(p.normals[0], 0, -1, 0);
    assert_vec_near(p.normals[1], 1, 0, 0);
    assert_vec_near(p.normals[2], 0, 1, 0);
    assert_vec_near(p.normals[3], -1, 0, 0);
    assert_vec_near(p.centroid, 0, 0, 0);
    assert_true(c2d_polygon_is_valid(&p));
    assert_status(c2d_polygon_make_box(V(0, 1), &p), C2D_ERR_BAD_SIZE);
    assert_true(all_zero(&p, sizeof p));
    assert_status(c2d_polygon_make_box(V(2, -1), &p), C2D_ERR_BAD_SIZE);
    assert_status(c2d_polygon_make_box(V(NAN, 1), &p), C2D_ERR_NOT_FINITE);
    assert_status(c2d_polygon_make_box(V(1, INFINITY), &p), C2D_ERR_NOT_FINITE);
    assert_status(c2d_polygon_make_box(V(C2D_MAX_COORD * R(2), 1), &p), C2D_ERR_OUT_OF_RANGE);
    assert_status(c2d_polygon_make_box(V(1, 1), NULL), C2D_ERR_NULL_ARG);
}

static void test_arc_make(void **state) {
    c2d_arc a;
    (void)state;
    a = arc_of(1, 2, 3, 4, 0, PI_D);
    assert_vec_near(a.center, 1, 2, 0);
    assert_near(a.inner_radius, 3, 0);
    assert_near(a.outer_radius, 4, 0);
    assert_near(a.start_angle, 0, 0);
    assert_near(a.sweep_angle, PI_D, TOL);
    assert_vec_near(a.start_dir, 1, 0, 0);
    assert_vec_near(a.end_dir, -1, 0, 0); /* snapped onto the axis */

    /* negative start angle: reduced into [0, 2*pi) */
    a = arc_of(0, 0, 1, 2, -PI_D / 2, PI_D / 2);
    assert_near(a.start_angle, 1.5 * PI_D, TOL);
    assert_near(a.sweep_angle, PI_D, TOL);
    assert_vec_near(a.start_dir, 0, -1, 0);
    assert_vec_near(a.end_dir, 0, 1, 0);

    /* end below start wraps through 2*pi */
    a = arc_of(0, 0, 1, 2, 1.5 * PI_D, PI_D / 2);
    assert_near(a.start_angle, 1.5 * PI_D, TOL);
    assert_near(a.sweep_angle, PI_D, TOL);

    /* end - start >= 2*pi: a full ring */
    a = arc_of(0, 0, 1, 2, 0, 7);
    assert_near(a.sweep_angle, TWO_PI_D, TOL);
    assert_vec_near(a.end_dir, 1, 0, 0);
    a = wedge_of(0, 0, 2, 0.5, 0.5 + TWO_PI_D + 1);
    assert_near(a.sweep_angle, TWO_PI_D, TOL);
    assert_near(a.inner_radius, 0, 0);

    assert_status(c2d_arc_make(V(0, 0), R(1), R(2), R(1), R(1), &a), C2D_ERR_BAD_ANGLE);
    assert_true(all_zero(&a, sizeof a));
    /* 2*pi down to 0 names the same direction: wrapping covers nothing */
    assert_status(c2d_arc_make(V(0, 0), R(1), R(2), R(TWO_PI_D), R(0), &a), C2D_ERR_BAD_ANGLE);
    assert_status(c2d_arc_make(V(0, 0), R(-1), R(2), R(0), R(1), &a), C2D_ERR_BAD_SIZE);
    assert_status(c2d_arc_make(V(0, 0), R(2), R(2), R(0), R(1), &a), C2D_ERR_BAD_SIZE);
    assert_status(c2d_arc_make(V(0, 0), R(3), R(2), R(0), R(1), &a), C2D_ERR_BAD_SIZE);
    assert_status(c2d_wedge_make(V(0, 0), R(0), R(0), R(1), &a), C2D_ERR_BAD_SIZE);
    assert_status(c2d_wedge_make(V(0, 0), R(-1), R(0), R(1), &a), C2D_ERR_BAD_SIZE);
    assert_status(c2d_arc_make(V(NAN, 0), R(1), R(2), R(0), R(1), &a), C2D_ERR_NOT_FINITE);
    assert_status(c2d_arc_make(V(0, 0), R(1), R(NAN), R(0), R(1), &a), C2D_ERR_NOT_FINITE);
    assert_status(c2d_arc_make(V(0, 0), R(1), R(2), R(NAN), R(1), &a), C2D_ERR_NOT_FINITE);
    assert_status(c2d_arc_make(V(0, 0), R(1), R(2), R(0), R(INFINITY), &a), C2D_ERR_NOT_FINITE);
    assert_status(c2d_arc_make(V(0, 0), R(1), C2D_MAX_COORD * R(2), R(0), R(1), &a), C2D_ERR_OUT_OF_RANGE);
    assert_status(c2d_arc_make(V(0, 0), R(1), R(2), R(0), C2D_MAX_COORD * R(2), &a), C2D_ERR_OUT_OF_RANGE);
    assert_status(c2d_arc_make(V(0, 0), R(1), R(2), R(0), R(1), NULL), C2D_ERR_NULL_ARG);
    assert_status(c2d_wedge_make(V(0, 0), R(2), R(0), R(1), NULL), C2D_ERR_NULL_ARG);
}

/* ======================================= convex hull ====================================== */

static void test_hull_square_ccw(void **state) {
    const double xy[] = {0, 0, 2, 0, 2, 2, 0, 2};
    c2d_polygon p = poly_n(4, xy);
    (void)state;
    assert_int_equal(p.count, 4);
    assert_true(c2d_polygon_is_valid(&p));
    /* starts at the least (x, y) point and runs counter-clockwise (y up) */
    assert_vec_near(p.vertices[0], 0, 0, 0);
    assert_vec_near(p.vertices[1], 2, 0, 0);
    assert_vec_near(p.vertices[2], 2, 2, 0);
    assert_vec_near(p.vertices[3], 0, 2, 0);
    assert_vec_near(p.normals[0], 0, -1, TOL);
    assert_vec_near(p.normals[1], 1, 0, TOL);
    assert_vec_near(p.normals[2], 0, 1, TOL);
    assert_vec_near(p.normals[3], -1, 0, TOL);
    assert_vec_near(p.centroid, 1, 1, TOL);
}

static void test_hull_clockwise_input(void **state) {
    /* clockwise (y up) triangle, also what a y-down user sees as counter-clockwise */
    const double xy[] = {0, 0, 0, 3, 4, 0};
    c2d_polygon p = poly_n(3, xy);
    (void)state;
    assert_int_equal(p.count, 3);
    assert_true(c2d_polygon_is_valid(&p));
    assert_vec_near(p.vertices[0], 0, 0, 0);
    assert_vec_near(p.vertices[1], 4, 0, 0);
    assert_vec_near(p.vertices[2], 0, 3, 0);
    assert_vec_near(p.normals[0], 0, -1, TOL);
    assert_vec_near(p.normals[1], 0.6, 0.8, TOL); /* (3, 4) / 5 */
    assert_vec_near(p.normals[2], -1, 0, TOL);
    assert_vec_near(p.centroid, 4.0 / 3.0, 1, TOL);
}

static void test_hull_any_order_duplicates_interior(void **state) {
    /* a trapezoid given in scrambled order with duplicates, interior points and edge midpoints */
    const double xy[] = {3, 2, 2, 1, 0, 0, 4, 0, 1, 2, 3, 2, 2, 0, 2, 2, 0, 0, 1, 1, 3.5, 1, 2, 0.5};
    c2d_polygon p = poly_n(12, xy);
    (void)state;
    assert_int_equal(p.count, 4);
    assert_true(c2d_polygon_is_valid(&p));
    assert_vec_near(p.vertices[0], 0, 0, 0);
    assert_vec_near(p.vertices[1], 4, 0, 0);
    assert_vec_near(p.vertices[2], 3, 2, 0);
    assert_vec_near(p.vertices[3], 1, 2, 0);
    /* area 6; centroid height h(b + 2a) / (3(a + b)) = 2 * 8 / 18 with a = 2 (top), b = 4 (bottom) */
    assert_vec_near(p.centroid, 2, 16.0 / 18.0, TOL);
}

static void test_hull_errors(void **state) {
    c2d_vec2 pts[16];
    c2d_polygon p;
    int i;
    (void)state;
    pts[0] = V(0, 0);
    pts[1] = V(1, 0);
    pts[2] = V(0, 1);
    assert_status(c2d_polygon_make(NULL, 3, &p), C2D_ERR_NULL_ARG);
    assert_status(c2d_polygon_make(pts, 3, NULL), C2D_ERR_NULL_ARG);
    assert_status(c2d_polygon_make(pts, 2, &p), C2D_ERR_DEGENERATE); /* too few */
    assert_true(all_zero(&p, sizeof p));
    assert_status(c2d_polygon_make(pts, 0, &p), C2D_ERR_DEGENERATE);
    assert_status(c2d_polygon_make(pts, -5, &p), C2D_ERR_DEGENERATE);

    /* three points, two of them the same */
    pts[0] = V(0, 0);
    pts[1] = V(1, 0);
    pts[2] = V(1, 0);
    assert_status(c2d_polygon_make(pts, 3, &p), C2D_ERR_DEGENERATE);
    /* all the same */
    for (i = 0; i < 16; ++i) pts[i] = V(3, 4);
    assert_status(c2d_polygon_make(pts, 16, &p), C2D_ERR_DEGENERATE);
    /* collinear, in any order */
    for (i = 0; i < 16; ++i) pts[i] = V((i * 7) % 16, 2 * ((i * 7) % 16) + 1);
    assert_status(c2d_polygon_make(pts, 16, &p), C2D_ERR_DEGENERATE);
    /* nearly collinear: height 1e-4 over size 10 is below the weld tolerance (1e-3) */
    pts[0] = V(0, 0);
    pts[1] = V(10, 0);
    pts[2] = V(5, 1e-4);
    assert_status(c2d_polygon_make(pts, 3, &p), C2D_ERR_DEGENERATE);
    pts[2] = V(5, 1e-2);
    assert_status(c2d_polygon_make(pts, 3, &p), C2D_OK);

    pts[0] = V(0, 0);
    pts[1] = V(1, 0);
    pts[2] = V(0, 1);
    pts[3] = V(1, 1);
    pts[3] = V(NAN, 1);
    assert_status(c2d_polygon_make(pts, 4, &p), C2D_ERR_NOT_FINITE);
    assert_true(all_zero(&p, sizeof p));
    pts[3] = V(1, -INFINITY);
    assert_status(c2d_polygon_make(pts, 4, &p), C2D_ERR_NOT_FINITE);
    pts[1] = V(NAN, 0);
    assert_status(c2d_polygon_make(pts, 2, &p), C2D_ERR_NOT_FINITE);
    pts[1] = V(1, 0);
    pts[3] = V(C2D_MAX_COORD * R(2), 1);
    assert_status(c2d_polygon_make(pts, 4, &p), C2D_ERR_OUT_OF_RANGE);
    pts[0] = V(NAN, 0); /* NaN wins over out of range */
    assert_status(c2d_polygon_make(pts, 4, &p), C2D_ERR_NOT_FINITE);
}

static void test_hull_vertex_limit(void **state) {
    enum { N = C2D_MAX_POLYGON_VERTICES };
    c2d_vec2 pts[N + 1];
    c2d_polygon p;
    int i;
    (void)state;
    for (i = 0; i < N; ++i) {
        double a = TWO_PI_D * i / N;
        pts[i] = V(10 * cos(a), 10 * sin(a));
    }
    assert_status(c2d_polygon_make(pts, N, &p), C2D_OK);
    assert_int_equal(p.count, N);
    assert_true(c2d_polygon_is_valid(&p));
    assert_vec_near(p.centroid, 0, 0, TOL * 10);
    for (i = 0; i < N + 1; ++i) {
        double a = TWO_PI_D * i / (N + 1);
        pts[i] = V(10 * cos(a), 10 * sin(a));
    }
    assert_status(c2d_polygon_make(pts, N + 1, &p), C2D_ERR_TOO_MANY_POINTS);
    assert_true(all_zero(&p, sizeof p));
}

static void test_hull_many_points_on_circle(void **state) {
    enum { N = 5000 };
    static c2d_vec2 pts[N];
    c2d_polygon p;
    int i;
    (void)state;
    for (i = 0; i < N; ++i) {
        double a = TWO_PI_D * i / N;
        pts[i] = V(10 * cos(a), 10 * sin(a));
    }
    assert_status(c2d_polygon_make(pts, N, &p), C2D_ERR_TOO_MANY_POINTS);
}

/* Welding: a point closer than C2D_WELD_TOLERANCE * size to a corner merges with it. Near-collinear:
 * a point less than that outside an edge is dropped, one well outside is a corner. */
static void test_hull_weld_and_collinear(void **state) {
    c2d_vec2 pts[5];
    c2d_polygon p;
    (void)state;
    /* square of size 10: tolerance 1e-3 */
    pts[0] = V(0, 0);
    pts[1] = V(10, 0);
    pts[2] = V(10, 10);
    pts[3] = V(0, 10);
    pts[4] = V(-3e-4, -3e-4); /* 4.2e-4 from (0, 0): welded */
    assert_status(c2d_polygon_make(pts, 5, &p), C2D_OK);
    assert_int_equal(p.count, 4);
    assert_true(find_vertex(&p, 0, 0, 1e-3) >= 0);
    assert_true(find_vertex(&p, 10, 10, 0) >= 0);
    pts[4] = V(-3e-3, -3e-3); /* 4.2e-3 away: a separate corner, but the corner (0,0) is then flat */
    assert_status(c2d_polygon_make(pts, 5, &p), C2D_OK);
    assert_true(c2d_polygon_is_valid(&p));

    pts[4] = V(5, -5e-4); /* 5e-4 outside the bottom edge: dropped */
    assert_status(c2d_polygon_make(pts, 5, &p), C2D_OK);
    assert_int_equal(p.count, 4);
    assert_true(find_vertex(&p, 5, -5e-4, 1e-6) < 0);
    pts[4] = V(5, -1e-2); /* 1e-2 outside: kept */
#if C2D_MAX_POLYGON_VERTICES >= 5
    assert_status(c2d_polygon_make(pts, 5, &p), C2D_OK);
    assert_int_equal(p.count, 5);
    assert_int_equal(find_vertex(&p, 5, -1e-2, 1e-6), 1);
    assert_true(c2d_polygon_is_valid(&p));
#else
    assert_status(c2d_polygon_make(pts, 5, &p), C2D_ERR_TOO_MANY_POINTS); /* kept: a fifth corner */
#endif
    pts[4] = V(5, 0); /* exactly on the edge: dropped */
    assert_status(c2d_polygon_make(pts, 5, &p), C2D_OK);
    assert_int_equal(p.count, 4);
}

/* 21000 points: four corner clusters jittered well below the tolerance, interior points, and
 * edge points pushed out by less than the tolerance. The hull must weld down to the square. */
static void test_hull_huge_cloud_welds_down(void **state) {
    enum { N = 21000 };
    static c2d_vec2 pts[N];
    c2d_polygon p;
    test_rng rng = test_rng_make("test_hull_huge_cloud_welds_down");
    const double corners[4][2] = {{0, 0}, {100, 0}, {100, 100}, {0, 100}};
    int i;
    (void)state;
    for (i = 0; i < 10000; ++i) {
        const double *c = corners[i % 4];
        pts[i] = V(c[0] + test_rng_range(&rng, -1e-3, 1e-3), c[1] + test_rng_range(&rng, -1e-3, 1e-3));
    }
    for (; i < 20000; ++i) pts[i] = V(test_rng_range(&rng, 1, 99), test_rng_range(&rng, 1, 99));
    for (; i < N; ++i) {
        double t = test_rng_range(&rng, 1, 99), out = test_rng_range(&rng, 0, 2e-3);
        switch (i % 4) {
        case 0: pts[i] = V(t, -out); break;
        case 1: pts[i] = V(100 + out, t); break;
        case 2: pts[i] = V(t, 100 + out); break;
        default: pts[i] = V(-out, t); break;
        }
    }
    assert_status(c2d_polygon_make(pts, N, &p), C2D_OK);
    assert_int_equal(p.count, 4);
    assert_true(c2d_polygon_is_valid(&p));
    for (i = 0; i < 4; ++i) assert_true(find_vertex(&p, corners[i][0], corners[i][1], 2e-3) >= 0);
    assert_vec_near(p.centroid, 50, 50, 1e-2);
}

/* Random clouds: k corners on a circle (k <= max) plus points strictly inside. The hull must be
 * exactly the corners, counter-clockwise, with its centroid inside. */
static void test_hull_random_clouds(void **state) {
    enum { MAXN = 600 };
    static c2d_vec2 pts[MAXN];
    double corner[C2D_MAX_POLYGON_VERTICES][2];
    test_rng rng = test_rng_make("test_hull_random_clouds");
    int iters = test_iterations(150), it;
    (void)state;
    for (it = 0; it < iters; ++it) {
        int k = 3 + (int)(test_rng_next(&rng) % (uint64_t)(C2D_MAX_POLYGON_VERTICES - 2));
        int n = k + (int)(test_rng_next(&rng) % (uint64_t)(MAXN - k));
        double cx = test_rng_range(&rng, -1000, 1000), cy = test_rng_range(&rng, -1000, 1000);
        double rad = test_rng_range(&rng, 0.5, 50), a0 = test_rng_range(&rng, 0, TWO_PI_D);
        double gx = 0, gy = 0;
        c2d_polygon p;
        int i, j;
        for (i = 0; i < k; ++i) {
            /* evenly spread with jitter: neighbours at least ~0.4 * 2pi/k apart */
            double a = a0 + TWO_PI_D * (i + test_rng_range(&rng, -0.3, 0.3)) / k;
            corner[i][0] = cx + rad * cos(a);
            corner[i][1] = cy + rad * sin(a);
            gx += corner[i][0] / k;
            gy += corner[i][1] / k;
        }
        for (i = 0; i < n; ++i) {
            if (i < k) {
                pts[i] = V(corner[i][0], corner[i][1]);
            } else {
                /* random point of a random corner triangle, pulled 2% toward the middle */
                int u = (int)(test_rng_next(&rng) % (uint64_t)k), v = (int)(test_rng_next(&rng) % (uint64_t)k);
                double s = test_rng_range(&rng, 0, 1), t = test_rng_range(&rng, 0, 1);
                double x, y;
                if (s + t > 1) {
                    s = 1 - s;
                    t = 1 - t;
                }
                x = gx + s * (corner[u][0] - gx) + t * (corner[v][0] - gx);
                y = gy + s * (corner[u][1] - gy) + t * (corner[v][1] - gy);
                pts[i] = V(gx + 0.98 * (x - gx), gy + 0.98 * (y - gy));
            }
        }
        /* shuffle */
        for (i = n - 1; i > 0; --i) {
            c2d_vec2 tmp;
            j = (int)(test_rng_next(&rng) % (uint64_t)(i + 1));
            tmp = pts[i];
            pts[i] = pts[j];
            pts[j] = tmp;
        }
        assert_status(c2d_polygon_make(pts, n, &p), C2D_OK);
        assert_int_equal(p.count, k);
        assert_true(c2d_polygon_is_valid(&p));
        for (i = 0; i < k; ++i) assert_true(find_vertex(&p, corner[i][0], corner[i][1], rad * 1e-5 + 1e-3) >= 0);
        assert_true(c2d_polygon_contains_point(&p, p.centroid));
    }
}

/* Arbitrary small clouds (random, clustered, nearly collinear, with duplicates): the hull either
 * fails with a documented status or is a valid polygon made of input points with every input point
 * inside or at most a few weld tolerances outside. */
static void test_hull_random_arbitrary(void **state) {
    enum { MAXN = 40 };
    c2d_vec2 pts[MAXN];
    test_rng rng = test_rng_make("test_hull_random_arbitrary");
    int iters = test_iterations(3000), it, ok = 0;
    (void)state;
    for (it = 0; it < iters; ++it) {
        int n = 1 + (int)(test_rng_next(&rng) % MAXN), i, j, kind = (int)(test_rng_next(&rng) % 4);
        double sz = test_rng_range(&rng, 0.01, 100);
        /* far offsets, except for the nearly collinear clouds: their rounding error must stay
         * well below the weld tolerance of a cloud that may be much smaller than sz */
        double far = kind == 1 ? 10 : 1e3;
        double ox = test_rng_range(&rng, -far, far) * sz, oy = test_rng_range(&rng, -far, far) * sz;
        int clusters = 0;
        double lox = 1e300, loy = 1e300, hix = -1e300, hiy = -1e300, tol;
        c2d_polygon p;
        c2d_status st;
        for (i = 0; i < n; ++i) {
            double x = test_rng_range(&rng, -sz, sz), y = test_rng_range(&rng, -sz, sz);
            if (kind == 1) y = 0.3 * x + test_rng_range(&rng, -1e-6, 1e-6) * sz; /* nearly collinear */
            if (kind == 2 && i > 0 && (test_rng_next(&rng) & 1)) {               /* duplicates */
                j = (int)(test_rng_next(&rng) % (uint64_t)i);
                x = (double)pts[j].x - ox;
                y = (double)pts[j].y - oy;
            }
            if (kind == 3) { /* 4 clusters */
                clusters |= 1 << ((x > 0) + 2 * (y > 0));
                x = (x > 0 ? sz : -sz) + x * 1e-6;
                y = (y > 0 ? sz : -sz) + y * 1e-6;
            }
            pts[i] = V(ox + x, oy + y);
        }
        st = c2d_polygon_make(pts, n, &p);
        if (st != C2D_OK) {
            assert_true(st == C2D_ERR_DEGENERATE || st == C2D_ERR_TOO_MANY_POINTS);
            assert_true(all_zero(&p, sizeof p));
            if (n < 3 || kind == 1) assert_int_equal(st, C2D_ERR_DEGENERATE);
            continue;
        }
        ++ok;
        assert_true(n >= 3 && kind != 1);
        assert_true(c2d_polygon_is_valid(&p));
        /* one vertex per populated cluster once the clusters span an area (within a single
         * cluster the tolerance shrinks with the cloud) */
        if (kind == 3 && (clusters == 7 || clusters == 11 || clusters == 13 || clusters == 14 || clusters == 15)) {
            assert_true(p.count <= 4);
        }
        for (i = 0; i < n; ++i) {
            lox = fmin(lox, (double)pts[i].x);
            hix = fmax(hix, (double)pts[i].x);
            loy = fmin(loy, (double)pts[i].y);
            hiy = fmax(hiy, (double)pts[i].y);
        }
        tol = 1e-4 * fmax(hix - lox, hiy - loy);
        for (i = 0; i < p.count; ++i) {
            bool found = false;
            for (j = 0; j < n && !found; ++j) found = memcmp(&p.vertices[i], &pts[j], sizeof pts[j]) == 0;
            assert_true(found);
        }
        for (i = 0; i < n; ++i) {
            for (j = 0; j < p.count; ++j) {
                double d = (double)p.normals[j].x * ((double)pts[i].x - (double)p.vertices[j].x) + (double)p.normals[j].y * ((double)pts[i].y - (double)p.vertices[j].y);
                assert_true(d <= 4 * tol);
            }
        }
        assert_true(c2d_polygon_contains_point(&p, p.centroid));
    }
    assert_true(ok > iters / 4);
}

/* A cloud near (1e5, 1e5) gives the same hull as the same cloud near 0. */
static void test_hull_far_from_origin(void **state) {
    const double base[] = {-1, -1, 1, -1, 1, 1, -1, 1, 0.25, 0.5, -0.5, 0.75, 0, 0.999};
    double far[14];
    c2d_polygon p, q;
    int i;
    (void)state;
    for (i = 0; i < 14; ++i) far[i] = base[i] + 1e5;
    p = poly_n(7, base);
    q = poly_n(7, far);
    assert_int_equal(p.count, 4);
    assert_int_equal(q.count, 4);
    for (i = 0; i < 4; ++i) {
        assert_vec_near(q.vertices[i], p.vertices[i].x + 1e5, p.vertices[i].y + 1e5, 0);
        assert_vec_near(q.normals[i], p.normals[i].x, p.normals[i].y, TOL);
    }
    assert_vec_near(q.centroid, 1e5, 1e5, 1e-2);
    /* a tiny triangle far away */
    {
        const double tri[] = {1e5, 1e5, 1e5 + 0.5, 1e5, 1e5, 1e5 + 0.25};
        c2d_polygon t = poly_n(3, tri);
        assert_int_equal(t.count, 3);
        assert_true(c2d_polygon_is_valid(&t));
        assert_vec_near(t.normals[1], 1 / sqrt(5.0), 2 / sqrt(5.0), TOL); /* (0.25, 0.5) normalised */
    }
}

/* ======================================= validity ========================================= */

static void test_simple_is_valid(void **state) {
    c2d_ray r;
    c2d_aabb b;
    c2d_circle c;
    c2d_capsule k;
    (void)state;
    assert_false(c2d_segment_is_valid(seg(1, 1, 1, 1)));
    assert_false(c2d_segment_is_valid(seg(NAN, 1, 2, 2)));
    assert_false(c2d_segment_is_valid(seg(0, 0, 2, INFINITY)));
    assert_false(c2d_segment_is_valid(seg(0, 0, 2, 1e300)));
    assert_true(c2d_segment_is_valid(seg(0, 0, 2, 1)));

    r.origin = V(0, 0);
    r.direction = V(1, 0);
    r.max_distance = R(5);
    assert_true(c2d_ray_is_valid(r));
    r.direction = V(2, 0);
    assert_false(c2d_ray_is_valid(r));
    r.direction = V(0.6, 0.8005); /* within 1e-3 of unit */
    assert_true(c2d_ray_is_valid(r));
    r.max_distance = R(0);
    assert_false(c2d_ray_is_valid(r));
    r.max_distance = R(NAN);
    assert_false(c2d_ray_is_valid(r));
    r.max_distance = R(INFINITY);
    assert_true(c2d_ray_is_valid(r));
    r.origin = V(NAN, 0);
    assert_false(c2d_ray_is_valid(r));

    b.lower = V(0, 0);
    b.upper = V(1, 1);
    assert_true(c2d_aabb_is_valid(b));
    b.upper = V(1, 0);
    assert_false(c2d_aabb_is_valid(b));
    b.upper = V(-1, 1);
    assert_false(c2d_aabb_is_valid(b));
    b.upper = V(1, NAN);
    assert_false(c2d_aabb_is_valid(b));

    c.center = V(0, 0);
    c.radius = R(1);
    assert_true(c2d_circle_is_valid(c));
    c.radius = R(0);
    assert_false(c2d_circle_is_valid(c));
    c.radius = R(NAN);
    assert_false(c2d_circle_is_valid(c));
    c.radius = R(1);
    c.center = V(0, INFINITY);
    assert_false(c2d_circle_is_valid(c));

    k.p1 = V(0, 0);
    k.p2 = V(0, 0);
    k.radius = R(1);
    assert_true(c2d_capsule_is_valid(k));
    k.radius = R(-1);
    assert_false(c2d_capsule_is_valid(k));
    k.radius = R(1);
    k.p2 = V(NAN, 0);
    assert_false(c2d_capsule_is_valid(k));
}

/* Recomputes normals so that only the vertex order is under test. */
static void set_edge_normals(c2d_polygon *p) {
    int i;
    for (i = 0; i < p->count; ++i) {
        c2d_vec2 e = c2d_sub(p->vertices[(i + 1) % p->count], p->vertices[i]);
        p->normals[i] = c2d_normalize(c2d_right_perp(e));
    }
}

static void test_polygon_is_valid(void **state) {
    c2d_polygon p, q;
    int i;
    (void)state;
    assert_status(c2d_polygon_make_box(V(1, 1), &p), C2D_OK);
    assert_true(c2d_polygon_is_valid(&p));
    assert_false(c2d_polygon_is_valid(NULL));

    /* clockwise: the same vertices in reverse order */
    q = p;
    for (i = 0; i < 4; ++i) q.vertices[i] = p.vertices[3 - i];
    set_edge_normals(&q);
    assert_false(c2d_polygon_is_valid(&q));
    /* clockwise with its own outward normals */
    for (i = 0; i < 4; ++i) q.normals[i] = c2d_neg(q.normals[i]);
    assert_false(c2d_polygon_is_valid(&q));

    /* one normal flipped, one normal not unit, one normal off by 45 degrees */
    q = p;
    q.normals[2] = c2d_neg(q.normals[2]);
    assert_false(c2d_polygon_is_valid(&q));
    q = p;
    q.normals[1] = c2d_scale(q.normals[1], R(2));
    assert_false(c2d_polygon_is_valid(&q));
    q = p;
    q.normals[0] = V(0.70710678, -0.70710678);
    assert_false(c2d_polygon_is_valid(&q));

    /* NaN anywhere, out of range */
    q = p;
    q.vertices[1].x = R(NAN);
    assert_false(c2d_polygon_is_valid(&q));
    q = p;
    q.normals[3].y = R(NAN);
    assert_false(c2d_polygon_is_valid(&q));
    q = p;
    q.centroid.x = R(INFINITY);
    assert_false(c2d_polygon_is_valid(&q));
    q = p;
    q.vertices[2] = V(C2D_MAX_COORD * R(2), C2D_MAX_COORD * R(2));
    set_edge_normals(&q);
    assert_false(c2d_polygon_is_valid(&q));

    /* bad counts */
    q = p;
    q.count = 2;
    assert_false(c2d_polygon_is_valid(&q));
    q = p;
    q.count = C2D_MAX_POLYGON_VERTICES + 1;
    assert_false(c2d_polygon_is_valid(&q));
    q = p;
    q.count = -1;
    assert_false(c2d_polygon_is_valid(&q));

    /* a collinear vertex (not strictly convex) */
    memset(&q, 0, sizeof q);
    q.count = 4;
    q.vertices[0] = V(0, 0);
    q.vertices[1] = V(1, 0);
    q.vertices[2] = V(2, 0);
    q.vertices[3] = V(1, 1);
    set_edge_normals(&q);
    assert_false(c2d_polygon_is_valid(&q));
    /* a reflex vertex */
    q.vertices[2] = V(2, 1);
    q.vertices[3] = V(1, 0.5);
    q.vertices[1] = V(2, 0);
    set_edge_normals(&q);
    assert_false(c2d_polygon_is_valid(&q));
#if C2D_MAX_POLYGON_VERTICES >= 5 /* a star needs five vertices */
    /* a pentagram: every corner turns left, but it winds twice */
    memset(&q, 0, sizeof q);
    q.count = 5;
    for (i = 0; i < 5; ++i) {
        double a = TWO_PI_D * ((2 * i) % 5) / 5;
        q.vertices[i] = V(cos(a), sin(a));
    }
    set_edge_normals(&q);
    assert_false(c2d_polygon_is_valid(&q));
#endif
}

static void test_arc_is_valid(void **state) {
    c2d_arc a = arc_of(0, 0, 1, 2, 0, 1), b;
    (void)state;
    assert_false(c2d_arc_is_valid(NULL));
    b = a;
    b.start_dir = V(0, 1);
    assert_false(c2d_arc_is_valid(&b));
    b = a;
    b.end_dir = V(1, 0);
    assert_false(c2d_arc_is_valid(&b));
    b = a;
    b.sweep_angle = R(0);
    assert_false(c2d_arc_is_valid(&b));
    b = a;
    b.sweep_angle = R(7);
    assert_false(c2d_arc_is_valid(&b));
    b = a;
    b.start_angle = R(-0.1);
    assert_false(c2d_arc_is_valid(&b));
    b = a;
    b.start_angle = R(TWO_PI_D + 0.1);
    assert_false(c2d_arc_is_valid(&b));
    b = a;
    b.inner_radius = R(2);
    assert_false(c2d_arc_is_valid(&b));
    b = a;
    b.inner_radius = R(-1);
    assert_false(c2d_arc_is_valid(&b));
    b = a;
    b.center.y = R(NAN);
    assert_false(c2d_arc_is_valid(&b));
    b = a;
    b.outer_radius = R(INFINITY);
    assert_false(c2d_arc_is_valid(&b));
    b = a;
    b.start_dir = V(2, 0);
    assert_false(c2d_arc_is_valid(&b));
}

/* ======================================= transforms and bounds ============================ */

static void test_polygon_transform(void **state) {
    c2d_polygon p = poly_box(10, 5, 2, 1, PI_D / 2), q;
    c2d_transform xf;
    (void)state;
    assert_int_equal(p.count, 4);
    assert_true(c2d_polygon_is_valid(&p));
    assert_vec_near(p.vertices[0], 11, 3, TOL);
    assert_vec_near(p.vertices[1], 11, 7, TOL);
    assert_vec_near(p.vertices[2], 9, 7, TOL);
    assert_vec_near(p.vertices[3], 9, 3, TOL);
    assert_vec_near(p.normals[0], 1, 0, TOL);
    assert_vec_near(p.normals[1], 0, 1, TOL);
    assert_vec_near(p.normals[2], -1, 0, TOL);
    assert_vec_near(p.normals[3], 0, -1, TOL);
    assert_vec_near(p.centroid, 10, 5, TOL);

    /* a rotation that drifted off unit length still moves the shape rigidly */
    assert_status(c2d_polygon_make_box(V(2, 1), &q), C2D_OK);
    xf.p = V(1, 1);
    xf.q.c = R(1.0005);
    xf.q.s = R(0);
    q = c2d_polygon_transform(&q, xf);
    assert_true(c2d_polygon_is_valid(&q));
    assert_vec_near(q.vertices[2], 3, 2, TOL);
    assert_vec_near(q.normals[1], 1, 0, TOL);

    /* a bad count gives an empty (invalid) polygon, no out-of-bounds read */
    q.count = 99;
    q = c2d_polygon_transform(&q, c2d_transform_identity());
    assert_int_equal(q.count, 0);
    assert_false(c2d_polygon_is_valid(&q));
    q = c2d_polygon_transform(NULL, c2d_transform_identity());
    assert_int_equal(q.count, 0);
}

static void test_other_transforms(void **state) {
    c2d_transform xf = c2d_transform_make(V(1, 2), R(PI_D / 2));
    c2d_capsule k = c2d_capsule_transform(caps(1, 0, 3, 0, 0.5), xf);
    c2d_segment s = c2d_segment_transform(seg(0, 0, 0, 2), xf);
    c2d_circle c = c2d_circle_transform(circ(2, 0, 3), xf);
    (void)state;
    assert_vec_near(k.p1, 1, 3, TOL);
    assert_vec_near(k.p2, 1, 5, TOL);
    assert_near(k.radius, 0.5, 0);
    assert_vec_near(s.p1, 1, 2, TOL);
    assert_vec_near(s.p2, -1, 2, TOL);
    assert_vec_near(c.center, 1, 4, TOL);
    assert_near(c.radius, 3, 0);
}

static void test_polygon_from_aabb(void **state) {
    c2d_polygon p = c2d_polygon_from_aabb(box_c(1, 2, 3, 4));
    (void)state;
    assert_int_equal(p.count, 4);
    assert_true(c2d_polygon_is_valid(&p));
    assert_vec_near(p.vertices[0], -2, -2, 0);
    assert_vec_near(p.vertices[1], 4, -2, 0);
    assert_vec_near(p.vertices[2], 4, 6, 0);
    assert_vec_near(p.vertices[3], -2, 6, 0);
    assert_vec_near(p.normals[0], 0, -1, 0);
    assert_vec_near(p.normals[1], 1, 0, 0);
    assert_vec_near(p.centroid, 1, 2, 0);
    /* same interior as the box */
    assert_true(c2d_polygon_contains_point(&p, V(3.99, 5.99)));
    assert_false(c2d_polygon_contains_point(&p, V(4, 0)));
}

static void test_bounding_boxes(void **state) {
    c2d_aabb b;
    c2d_polygon p;
    (void)state;
    b = c2d_segment_aabb(seg(3, -1, -2, 4));
    assert_vec_near(b.lower, -2, -1, 0);
    assert_vec_near(b.upper, 3, 4, 0);
    b = c2d_segment_aabb(seg(1, 1, 5, 1)); /* zero height allowed */
    assert_vec_near(b.lower, 1, 1, 0);
    assert_vec_near(b.upper, 5, 1, 0);
    b = c2d_circle_aabb(circ(1, 2, 3));
    assert_vec_near(b.lower, -2, -1, 0);
    assert_vec_near(b.upper, 4, 5, 0);
    b = c2d_capsule_aabb(caps(0, 0, 4, -2, 1));
    assert_vec_near(b.lower, -1, -3, 0);
    assert_vec_near(b.upper, 5, 1, 0);
    p = poly_box(1, 1, 1, 1, PI_D / 4);
    b = c2d_polygon_aabb(&p);
    assert_vec_near(b.lower, 1 - sqrt(2.0), 1 - sqrt(2.0), TOL);
    assert_vec_near(b.upper, 1 + sqrt(2.0), 1 + sqrt(2.0), TOL);

    /* non-finite shapes give the empty box: no NaN, contains nothing, union identity */
    b = c2d_segment_aabb(seg(NAN, 0, 5, 0));
    assert_true(isfinite((double)b.lower.x) && isfinite((double)b.upper.x));
    assert_true(b.lower.x > b.upper.x && b.lower.y > b.upper.y);
    assert_false(c2d_aabb_contains_point(b, V(0, 0)));
    {
        c2d_aabb u = c2d_aabb_union(b, box_c(0, 0, 1, 1));
        assert_vec_near(u.lower, -1, -1, 0);
        assert_vec_near(u.upper, 1, 1, 0);
    }
    {
        c2d_circle c;
        c.center = V(0, 0);
        c.radius = R(NAN);
        b = c2d_circle_aabb(c);
        assert_true(b.lower.x > b.upper.x);
    }
    {
        c2d_capsule k;
        k.p1 = V(0, INFINITY);
        k.p2 = V(0, 0);
        k.radius = R(1);
        b = c2d_capsule_aabb(k);
        assert_true(b.lower.y > b.upper.y);
    }
    p.vertices[2].y = R(NAN);
    b = c2d_polygon_aabb(&p);
    assert_true(b.lower.x > b.upper.x);
    b = c2d_polygon_aabb(NULL);
    assert_true(b.lower.x > b.upper.x);
}

/* ======================================= containment ====================================== */

/* Snippets' isPointInRectangle with rect {x:10, y:15, width:25, height:20}: strict, as the seed. */
static void seed_is_point_in_rectangle(void **state) {
    c2d_aabb r = rect_xywh(10, 15, 25, 20);
    (void)state;
    assert_true(c2d_aabb_contains_point(r, V(20, 25)));
    assert_true(c2d_aabb_contains_point(r, V(10.01, 15.01)));
    assert_true(c2d_aabb_contains_point(r, V(34.99, 34.99)));
    assert_false(c2d_aabb_contains_point(r, V(10, 25))); /* left edge */
    assert_false(c2d_aabb_contains_point(r, V(35, 25))); /* right edge */
    assert_false(c2d_aabb_contains_point(r, V(20, 15))); /* top edge (y down) */
    assert_false(c2d_aabb_contains_point(r, V(20, 35))); /* bottom edge */
    assert_false(c2d_aabb_contains_point(r, V(35, 35))); /* corner */
    assert_false(c2d_aabb_contains_point(r, V(9.99, 25)));
    assert_false(c2d_aabb_contains_point(r, V(20, 35.01)));
    assert_false(c2d_aabb_contains_point(r, V(NAN, 25)));
    assert_false(c2d_aabb_contains_point(r, V(20, INFINITY)));
}

/* Snippets' isPointInCircle with {cx:150, cy:150, radius:100}: strict, as the seed. */
static void seed_is_point_in_circle(void **state) {
    c2d_circle c = circ(150, 150, 100);
    (void)state;
    assert_true(c2d_circle_contains_point(c, V(150, 150)));
    assert_true(c2d_circle_contains_point(c, V(249.99, 150)));
    assert_false(c2d_circle_contains_point(c, V(250, 150))); /* on the circle */
    assert_false(c2d_circle_contains_point(c, V(150, 50)));
    assert_false(c2d_circle_contains_point(c, V(210, 230))); /* 60^2 + 80^2 = 100^2: on it */
    assert_true(c2d_circle_contains_point(c, V(210, 229.9)));
    assert_true(c2d_circle_contains_point(c, V(220, 220)));  /* 2 * 70^2 = 9800 */
    assert_false(c2d_circle_contains_point(c, V(221, 221))); /* 2 * 71^2 = 10082 */
    assert_false(c2d_circle_contains_point(c, V(NAN, 150)));
    c.radius = R(NAN);
    assert_false(c2d_circle_contains_point(c, V(150, 150)));
}

static void test_capsule_contains_point(void **state) {
    c2d_capsule k = caps(0, 0, 10, 0, 2);
    (void)state;
    assert_true(c2d_capsule_contains_point(k, V(5, 0)));
    assert_true(c2d_capsule_contains_point(k, V(5, 1.99)));
    assert_false(c2d_capsule_contains_point(k, V(5, 2))); /* side */
    assert_false(c2d_capsule_contains_point(k, V(5, -2)));
    assert_false(c2d_capsule_contains_point(k, V(5, 2.01)));
    assert_true(c2d_capsule_contains_point(k, V(11.99, 0)));
    assert_false(c2d_capsule_contains_point(k, V(12, 0))); /* end cap */
    assert_false(c2d_capsule_contains_point(k, V(-2, 0))); /* start cap */
    assert_true(c2d_capsule_contains_point(k, V(-1.99, 0)));
    assert_false(c2d_capsule_contains_point(k, V(NAN, 0)));
    /* on the round cap off the axis: radius 5, (13, 4) is 3-4-5 from the end (10, 0) */
    k = caps(0, 0, 10, 0, 5);
    assert_false(c2d_capsule_contains_point(k, V(13, 4)));
    assert_true(c2d_capsule_contains_point(k, V(13, 3.99)));
    assert_false(c2d_capsule_contains_point(k, V(-3, -4)));
    assert_true(c2d_capsule_contains_point(k, V(-3, -3.99)));
    /* a slanted capsule (0,0)-(3,4), radius 1, side normal (-0.8, 0.6): the midpoint (1.5, 2)
     * moved by 0.986 along it is inside, by 1.014 outside */
    k = caps(0, 0, 3, 4, 1);
    assert_true(c2d_capsule_contains_point(k, V(1.5 - 0.79, 2 + 0.59)));
    assert_false(c2d_capsule_contains_point(k, V(1.5 - 0.81, 2 + 0.61)));
    /* a capsule with p1 == p2 is a circle */
    k = caps(1, 1, 1, 1, 1);
    assert_true(c2d_capsule_contains_point(k, V(1.99, 1)));
    assert_false(c2d_capsule_contains_point(k, V(2, 1)));
    assert_false(c2d_capsule_contains_point(k, V(1, 0)));
    k.radius = R(0);
    assert_false(c2d_capsule_contains_point(k, V(1, 1)));
}

static void test_polygon_contains_point(void **state) {
    const double tri[] = {0, 0, 4, 0, 0, 4};
    c2d_polygon t = poly_n(3, tri), q;
    (void)state;
    assert_true(c2d_polygon_contains_point(&t, V(1, 1)));
    assert_true(c2d_polygon_contains_point(&t, V(0.01, 0.01)));
    assert_false(c2d_polygon_contains_point(&t, V(0, 0))); /* corner */
    assert_false(c2d_polygon_contains_point(&t, V(2, 0))); /* bottom edge */
    assert_false(c2d_polygon_contains_point(&t, V(0, 2))); /* left edge */
    assert_false(c2d_polygon_contains_point(&t, V(2, 2))); /* hypotenuse */
    assert_true(c2d_polygon_contains_point(&t, V(1.99, 2)));
    assert_false(c2d_polygon_contains_point(&t, V(2.01, 2)));
    assert_false(c2d_polygon_contains_point(&t, V(-0.01, 1)));
    assert_false(c2d_polygon_contains_point(&t, V(NAN, 1)));
    assert_false(c2d_polygon_contains_point(NULL, V(1, 1)));
    q = t;
    q.count = 0;
    assert_false(c2d_polygon_contains_point(&q, V(1, 1)));
    /* rotated box */
    q = poly_box(0, 0, 2, 1, PI_D / 2);
    assert_true(c2d_polygon_contains_point(&q, V(0.9, 1.9)));
    assert_false(c2d_polygon_contains_point(&q, V(1.1, 0)));
    assert_false(c2d_polygon_contains_point(&q, V(0, 2.1)));
}

/* Snippets' isPointInArc with {cx:150, cy:150, innerRadius:75, outerRadius:100, startAngle:0,
 * endAngle:PI}. The seed counts boundary points (inner and outer circles, both angular edges) as
 * inside; the touching rule says outside, so those assertions are false here. */
static void seed_is_point_in_arc(void **state) {
    c2d_arc a = arc_of(150, 150, 75, 100, 0, PI_D);
    (void)state;
    assert_true(c2d_arc_contains_point(&a, V(150, 240)));  /* angle pi/2, distance 90 */
    assert_false(c2d_arc_contains_point(&a, V(150, 60)));  /* angle 3pi/2 */
    assert_false(c2d_arc_contains_point(&a, V(150, 150))); /* center */
    assert_false(c2d_arc_contains_point(&a, V(240, 150))); /* start edge: seed said true */
    assert_true(c2d_arc_contains_point(&a, V(240, 151)));
    assert_false(c2d_arc_contains_point(&a, V(240, 149)));
    assert_false(c2d_arc_contains_point(&a, V(60, 150))); /* end edge: seed said true */
    assert_true(c2d_arc_contains_point(&a, V(60, 151)));
    assert_false(c2d_arc_contains_point(&a, V(60, 149)));
    assert_false(c2d_arc_contains_point(&a, V(150, 250))); /* outer circle: seed said true */
    assert_true(c2d_arc_contains_point(&a, V(150, 249.9)));
    assert_false(c2d_arc_contains_point(&a, V(150, 250.1)));
    assert_false(c2d_arc_contains_point(&a, V(150, 225))); /* inner circle: seed said true */
    assert_true(c2d_arc_contains_point(&a, V(150, 225.1)));
    assert_false(c2d_arc_contains_point(&a, V(150, 224.9)));
    assert_false(c2d_arc_contains_point(&a, V(NAN, 240)));
    assert_false(c2d_arc_contains_point(NULL, V(150, 240)));
}

/* Snippets' isPointInWedge with {cx:150, cy:150, radius:100, startAngle:0, endAngle:PI}. The seed
 * counts the center and the boundary as inside; here they are outside. */
static void seed_is_point_in_wedge(void **state) {
    c2d_arc w = wedge_of(150, 150, 100, 0, PI_D);
    (void)state;
    assert_false(c2d_arc_contains_point(&w, V(150, 150))); /* apex: seed said true */
    assert_true(c2d_arc_contains_point(&w, V(150, 200)));
    assert_true(c2d_arc_contains_point(&w, V(150, 150.01)));
    assert_false(c2d_arc_contains_point(&w, V(150, 100)));
    assert_false(c2d_arc_contains_point(&w, V(200, 150))); /* start edge: seed said true */
    assert_true(c2d_arc_contains_point(&w, V(200, 151)));
    assert_false(c2d_arc_contains_point(&w, V(100, 150))); /* end edge: seed said true */
    assert_true(c2d_arc_contains_point(&w, V(100, 151)));
    assert_false(c2d_arc_contains_point(&w, V(150, 250))); /* rim: seed said true */
    assert_true(c2d_arc_contains_point(&w, V(150, 249.9)));
}

/* The snippet's angle test (angle >= start && angle <= end) is never true for an arc that crosses
 * angle 0, such as start 3pi/2, end pi/2 (the right half). */
static void seed_arc_crossing_zero(void **state) {
    c2d_arc a = arc_of(0, 0, 1, 3, 1.5 * PI_D, 0.5 * PI_D);
    c2d_arc w = wedge_of(0, 0, 3, 1.5 * PI_D, 0.5 * PI_D);
    (void)state;
    assert_true(c2d_arc_contains_point(&a, V(2, 0))); /* seed: false */
    assert_true(c2d_arc_contains_point(&a, V(1.5, 1.5)));
    assert_true(c2d_arc_contains_point(&a, V(1.5, -1.5)));
    assert_false(c2d_arc_contains_point(&a, V(-2, 0)));
    assert_false(c2d_arc_contains_point(&a, V(0, 2)));  /* end edge */
    assert_false(c2d_arc_contains_point(&a, V(0, -2))); /* start edge */
    assert_true(c2d_arc_contains_point(&a, V(0.01, 2)));
    assert_true(c2d_arc_contains_point(&a, V(0.01, -2)));
    assert_false(c2d_arc_contains_point(&a, V(-0.01, 2)));
    assert_true(c2d_arc_contains_point(&w, V(0.5, 0)));
    assert_false(c2d_arc_contains_point(&w, V(0, 0)));
    /* a quarter arc through 0: from -pi/4 to pi/4 */
    a = arc_of(0, 0, 1, 3, -0.25 * PI_D, 0.25 * PI_D);
    assert_true(c2d_arc_contains_point(&a, V(2, 0)));
    assert_true(c2d_arc_contains_point(&a, V(1.5, 1.49))); /* just below the end edge */
    assert_false(c2d_arc_contains_point(&a, V(1.5, 1.51)));
    assert_true(c2d_arc_contains_point(&a, V(1.5, -1.49))); /* just above the start edge */
    assert_false(c2d_arc_contains_point(&a, V(1.5, -1.51)));
    assert_false(c2d_arc_contains_point(&a, V(0, 2)));
}

/* Sweeps above pi use the complement test. */
static void test_arc_reflex_and_full(void **state) {
    c2d_arc w = wedge_of(0, 0, 10, 0, 1.5 * PI_D);
    c2d_arc ring = arc_of(0, 0, 1, 2, 0, TWO_PI_D);
    c2d_arc disc = wedge_of(0, 0, 2, 0, TWO_PI_D);
    c2d_arc q = wedge_of(0, 0, 10, 0, 0.5 * PI_D);
    (void)state;
    assert_true(c2d_arc_contains_point(&w, V(-1, -1))); /* 225 degrees */
    assert_true(c2d_arc_contains_point(&w, V(-1, 1)));
    assert_true(c2d_arc_contains_point(&w, V(1, 1)));
    assert_false(c2d_arc_contains_point(&w, V(1, -1))); /* 315 degrees */
    assert_false(c2d_arc_contains_point(&w, V(0, -5))); /* end edge */
    assert_true(c2d_arc_contains_point(&w, V(-0.01, -5)));
    assert_false(c2d_arc_contains_point(&w, V(0.01, -5)));
    assert_false(c2d_arc_contains_point(&w, V(5, 0))); /* start edge */
    assert_true(c2d_arc_contains_point(&w, V(5, 0.01)));
    assert_false(c2d_arc_contains_point(&w, V(5, -0.01)));
    assert_false(c2d_arc_contains_point(&w, V(0, 0))); /* apex */

    /* a quarter wedge */
    assert_true(c2d_arc_contains_point(&q, V(1, 1)));
    assert_false(c2d_arc_contains_point(&q, V(1, 0)));
    assert_false(c2d_arc_contains_point(&q, V(0, 1)));
    assert_false(c2d_arc_contains_point(&q, V(-1, 1)));
    assert_false(c2d_arc_contains_point(&q, V(-1, -1))); /* opposite quadrant */

    /* full ring: no angular edges */
    assert_true(c2d_arc_contains_point(&ring, V(1.5, 0)));
    assert_true(c2d_arc_contains_point(&ring, V(0, -1.5)));
    assert_true(c2d_arc_contains_point(&ring, V(1.01, 0)));
    assert_false(c2d_arc_contains_point(&ring, V(1, 0)));
    assert_false(c2d_arc_contains_point(&ring, V(2, 0)));
    assert_false(c2d_arc_contains_point(&ring, V(0, 0)));
    /* full wedge: a disc that holds its center */
    assert_true(c2d_arc_contains_point(&disc, V(0, 0)));
    assert_true(c2d_arc_contains_point(&disc, V(1.99, 0)));
    assert_false(c2d_arc_contains_point(&disc, V(2, 0)));
    assert_false(c2d_arc_contains_point(&disc, V(0, -2)));
}

static void test_segment_contains_point(void **state) {
    c2d_segment s = seg(0, 0, 3, 3);
    (void)state;
    assert_true(c2d_segment_contains_point(s, V(0, 0))); /* endpoints count */
    assert_true(c2d_segment_contains_point(s, V(3, 3)));
    assert_true(c2d_segment_contains_point(s, V(1, 1)));
    assert_true(c2d_segment_contains_point(s, V(1.5, 1.5)));
    assert_false(c2d_segment_contains_point(s, V(1, 1.001)));
    assert_false(c2d_segment_contains_point(s, V(3.5, 3.5))); /* on the line, past the end */
    assert_false(c2d_segment_contains_point(s, V(-1, -1)));
    assert_false(c2d_segment_contains_point(s, V(NAN, 1)));
    s = seg(1e5, 1e5, 1e5 + 4, 1e5 + 2);
    assert_true(c2d_segment_contains_point(s, V(1e5 + 2, 1e5 + 1)));
    assert_false(c2d_segment_contains_point(s, V(1e5 + 2, 1e5 + 1.25)));
    s = seg(2, 2, 2, 2); /* a point */
    assert_true(c2d_segment_contains_point(s, V(2, 2)));
    assert_false(c2d_segment_contains_point(s, V(2, 2.5)));
    s = seg(NAN, 0, 1, 0);
    assert_false(c2d_segment_contains_point(s, V(1, 0)));
}

/* ======================================= closest points =================================== */

static void test_closest_points(void **state) {
    c2d_segment s = seg(0, 0, 4, 0);
    c2d_aabb b = box_c(0, 0, 2, 1);
    (void)state;
    assert_vec_near(c2d_segment_closest_point(s, V(1, 5)), 1, 0, 0);
    assert_vec_near(c2d_segment_closest_point(s, V(-3, 2)), 0, 0, 0);
    assert_vec_near(c2d_segment_closest_point(s, V(7, -2)), 4, 0, 0);
    assert_vec_near(c2d_segment_closest_point(seg(0, 0, 2, 2), V(2, 0)), 1, 1, TOL);
    assert_vec_near(c2d_segment_closest_point(seg(1, 1, 1, 1), V(2, 0)), 1, 1, 0);
    assert_vec_near(c2d_segment_closest_point(s, V(NAN, 0)), 0, 0, 0);
    /* far from the origin */
    assert_vec_near(c2d_segment_closest_point(seg(1e5, 1e5, 1e5 + 4, 1e5), V(1e5 + 1, 1e5 + 3)), 1e5 + 1, 1e5, 0);

    assert_vec_near(c2d_aabb_closest_point(b, V(1, 0.5)), 1, 0.5, 0);
    assert_vec_near(c2d_aabb_closest_point(b, V(5, 0.5)), 2, 0.5, 0);
    assert_vec_near(c2d_aabb_closest_point(b, V(-5, -5)), -2, -1, 0);
    assert_vec_near(c2d_aabb_closest_point(b, V(0, 3)), 0, 1, 0);
    {
        c2d_vec2 r = c2d_aabb_closest_point(b, V(NAN, NAN));
        assert_true(isfinite((double)r.x) && isfinite((double)r.y));
    }
}

/* ======================================= frames =========================================== */

/* A y-down user and a y-up user describe the same scene mirrored (y -> -y); every containment
 * answer must agree. Boxes through ltrb with top/bottom swapped, polygons from mirrored (hence
 * reversed-winding) clouds, arcs with mirrored angles (start, end) -> (-end, -start). */
static void test_y_up_y_down_agree(void **state) {
    test_rng rng = test_rng_make("test_y_up_y_down_agree");
    int iters = test_iterations(2000), it, agree_in = 0;
    c2d_aabb bd, bu;
    c2d_arc ad, au;
    c2d_polygon pd, pu;
    c2d_vec2 cloud[6], mirrored[6];
    int i;
    (void)state;
    assert_status(c2d_aabb_from_ltrb(R(10), R(15), R(35), R(35), &bd), C2D_OK);
    assert_status(c2d_aabb_from_ltrb(R(10), R(-15), R(35), R(-35), &bu), C2D_OK);
    assert_status(c2d_arc_make(V(20, 20), R(5), R(15), R(0.3), R(4.0), &ad), C2D_OK);
    assert_status(c2d_arc_make(V(20, -20), R(5), R(15), R(-4.0), R(-0.3), &au), C2D_OK);
    cloud[0] = V(0, 0);
    cloud[1] = V(30, 5);
    cloud[2] = V(40, 30);
    cloud[3] = V(10, 40);
    cloud[4] = V(-5, 20);
    cloud[5] = V(15, 15);
    for (i = 0; i < 6; ++i) mirrored[i] = V(cloud[i].x, -cloud[i].y);
    /* the hull has 5 vertices; a 4-vertex build takes the quadrilateral of the first four points */
    assert_status(c2d_polygon_make(cloud, C2D_MAX_POLYGON_VERTICES >= 5 ? 6 : 4, &pd), C2D_OK);
    assert_status(c2d_polygon_make(mirrored, C2D_MAX_POLYGON_VERTICES >= 5 ? 6 : 4, &pu), C2D_OK);
    assert_int_equal(pd.count, pu.count);
    for (it = 0; it < iters; ++it) {
        double x = test_rng_range(&rng, -10, 50), y = test_rng_range(&rng, -10, 50);
        c2d_vec2 p = V(x, y), m = V(x, -y);
        bool in = c2d_aabb_contains_point(bd, p);
        assert_true(in == c2d_aabb_contains_point(bu, m));
        assert_true(c2d_arc_contains_point(&ad, p) == c2d_arc_contains_point(&au, m));
        assert_true(c2d_polygon_contains_point(&pd, p) == c2d_polygon_contains_point(&pu, m));
        agree_in += in;
    }
    assert_true(agree_in > 0);
    /* boundary points agree too */
    assert_false(c2d_aabb_contains_point(bu, V(20, -15)));
    assert_false(c2d_aabb_contains_point(bd, V(20, 15)));
}

/* The seed shapes moved to (1e5, 1e5) answer exactly as near the origin (float included). */
static void test_containment_far_from_origin(void **state) {
    const double o = 1e5;
    c2d_arc a = arc_of(o + 150, o + 150, 75, 100, 0, PI_D);
    c2d_circle c = circ(o + 150, o + 150, 100);
    c2d_capsule k = caps(o, o, o + 10, o, 2);
    c2d_polygon t;
    const double tri[] = {o, o, o + 4, o, o, o + 4};
    (void)state;
    t = poly_n(3, tri);
    assert_true(c2d_arc_contains_point(&a, V(o + 240, o + 151)));
    assert_false(c2d_arc_contains_point(&a, V(o + 240, o + 150)));
    assert_false(c2d_arc_contains_point(&a, V(o + 240, o + 149)));
    assert_false(c2d_arc_contains_point(&a, V(o + 150, o + 250)));
    assert_true(c2d_arc_contains_point(&a, V(o + 150, o + 249.5)));
    assert_false(c2d_circle_contains_point(c, V(o + 210, o + 230)));
    assert_true(c2d_circle_contains_point(c, V(o + 210, o + 229.5)));
    assert_false(c2d_capsule_contains_point(k, V(o + 5, o + 2)));
    assert_true(c2d_capsule_contains_point(k, V(o + 5, o + 1.5)));
    assert_false(c2d_capsule_contains_point(k, V(o + 12, o)));
    assert_true(c2d_capsule_contains_point(k, V(o + 11.5, o)));
    assert_false(c2d_polygon_contains_point(&t, V(o + 2, o + 2)));
    assert_true(c2d_polygon_contains_point(&t, V(o + 1.5, o + 2)));
    assert_false(c2d_polygon_contains_point(&t, V(o + 2.5, o + 2)));
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_segment_make),
        cmocka_unit_test(test_ray_make),
        cmocka_unit_test(test_aabb_make),
        cmocka_unit_test(test_aabb_from_center),
        cmocka_unit_test(test_aabb_from_corner),
        cmocka_unit_test(test_aabb_from_ltrb),
        cmocka_unit_test(seed_rectangle_three_forms),
        cmocka_unit_test(test_circle_capsule_make),
        cmocka_unit_test(test_polygon_make_box),
        cmocka_unit_test(test_arc_make),
        cmocka_unit_test(test_hull_square_ccw),
        cmocka_unit_test(test_hull_clockwise_input),
        cmocka_unit_test(test_hull_any_order_duplicates_interior),
        cmocka_unit_test(test_hull_errors),
        cmocka_unit_test(test_hull_vertex_limit),
        cmocka_unit_test(test_hull_many_points_on_circle),
        cmocka_unit_test(test_hull_weld_and_collinear),
        cmocka_unit_test(test_hull_huge_cloud_welds_down),
        cmocka_unit_test(test_hull_random_clouds),
        cmocka_unit_test(test_hull_random_arbitrary),
        cmocka_unit_test(test_hull_far_from_origin),
        cmocka_unit_test(test_simple_is_valid),
        cmocka_unit_test(test_polygon_is_valid),
        cmocka_unit_test(test_arc_is_valid),
        cmocka_unit_test(test_polygon_transform),
        cmocka_unit_test(test_other_transforms),
        cmocka_unit_test(test_polygon_from_aabb),
        cmocka_unit_test(test_bounding_boxes),
        cmocka_unit_test(seed_is_point_in_rectangle),
        cmocka_unit_test(seed_is_point_in_circle),
        cmocka_unit_test(test_capsule_contains_point),
        cmocka_unit_test(test_polygon_contains_point),
        cmocka_unit_test(seed_is_point_in_arc),
        cmocka_unit_test(seed_is_point_in_wedge),
        cmocka_unit_test(seed_arc_crossing_zero),
        cmocka_unit_test(test_arc_reflex_and_full),
        cmocka_unit_test(test_segment_contains_point),
        cmocka_unit_test(test_closest_points),
        cmocka_unit_test(test_y_up_y_down_agree),
        cmocka_unit_test(test_containment_far_from_origin),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
