/* Bad input: every constructor fed NaN, infinities, out-of-range values and zero or negative sizes
 * must return the documented status and zero its output; every query fed hand-made invalid shapes
 * (NaN, infinities, negative or zero sizes, inverted boxes, clockwise polygons, polygons with
 * count 0, 1, 2 or more than the maximum) must report nothing: false, count 0, no output written,
 * no NaN anywhere, no crash (run under ASan/UBSan). Also: the defined results of zero-length
 * segments and zero moves, and huge coordinates giving the same answers as small ones.
 *
 * Queries may call the assert hook on invalid shapes in debug builds; a counting handler is
 * installed so that the tests go on. Failures are collected and printed, then fail the test. */
#include "test_util.h"
#include <stdarg.h>
#include <limits.h>

#define NAN_R ((c2d_real)NAN)
#define INF_R ((c2d_real)INFINITY)
#define BIG_R ((c2d_real)(2 * (double)C2D_MAX_COORD))

static c2d_vec2 V(double x, double y) { return c2d_v2((c2d_real)x, (c2d_real)y); }

/* ---- assert hook and failure collection ---- */

static int g_asserts;
static int g_failures;
static char g_seen[128][200]; /* messages already printed by bad() in this test */
static int g_nseen;

static void counting_assert(const char *expression, const char *file, int line, void *user) {
    (void)expression;
    (void)file;
    (void)line;
    (void)user;
    ++g_asserts;
}

static int setup(void **state) {
    (void)state;
    g_asserts = 0;
    g_failures = 0;
    g_nseen = 0;
    c2d_set_assert_handler(counting_assert, NULL);
    return 0;
}

static int teardown(void **state) {
    (void)state;
    c2d_set_assert_handler(NULL, NULL);
    return 0;
}

/* Records a failure; prints its message unless the same message was printed before. */

static void bad(const char *fmt, ...) {
    char msg[200];
    va_list ap;
    int i;
    ++g_failures;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    for (i = 0; i < g_nseen; ++i)
        if (strcmp(g_seen[i], msg) == 0) return;
    if (g_nseen < 128) strcpy(g_seen[g_nseen++], msg);
    printf("FAIL: %s\n", msg);
}

static void finish(void) {
    fflush(stdout);
    if (g_failures > 0) {
        print_error("%d failing checks (printed above)\n", g_failures);
        fail();
    }
}

static bool fin(c2d_real x) { return isfinite((double)x); }
static bool vfin(c2d_vec2 v) { return fin(v.x) && fin(v.y); }
static bool hit_fin(const c2d_hit *h) { return vfin(h->pos) && vfin(h->normal) && vfin(h->delta) && fin(h->time); }
static bool manifold_fin(const c2d_manifold *m) {
    return vfin(m->normal) && vfin(m->points[0].point) && fin(m->points[0].depth) &&
           vfin(m->points[1].point) && fin(m->points[1].depth);
}
static bool dist_fin(const c2d_distance_result *d) {
    return vfin(d->point_a) && vfin(d->point_b) && vfin(d->normal) && fin(d->distance);
}
static bool sweep_fin(const c2d_sweep *s) { return hit_fin(&s->hit) && vfin(s->pos) && fin(s->time); }

static c2d_hit sentinel_hit(void) {
    c2d_hit h;
    h.pos = V(1234.5, -987.25);
    h.normal = V(42, 43);
    h.delta = V(-7, 8);
    h.time = (c2d_real)99;
    return h;
}
static bool is_sentinel(const c2d_hit *h) {
    c2d_hit s = sentinel_hit();
    return memcmp(h, &s, sizeof s) == 0;
}

/* ---- constructors ---- */

static void expect_status(const char *what, c2d_status got, c2d_status want) {
    if (got != want)
        bad("%s returned %d (%s), expected %d (%s)", what, (int)got, c2d_status_string(got), (int)want, c2d_status_string(want));
}

static bool vzero(c2d_vec2 v) { return v.x == 0 && v.y == 0; }
static bool segment_zero(const c2d_segment *s) { return vzero(s->p1) && vzero(s->p2); }
static bool ray_zero(const c2d_ray *r) { return vzero(r->origin) && vzero(r->direction) && r->max_distance == 0; }
static bool aabb_zero(const c2d_aabb *b) { return vzero(b->lower) && vzero(b->upper); }
static bool circle_zero(const c2d_circle *c) { return vzero(c->center) && c->radius == 0; }
static bool capsule_zero(const c2d_capsule *c) { return vzero(c->p1) && vzero(c->p2) && c->radius == 0; }
static bool polygon_zero(const c2d_polygon *p) {
    int i;
    for (i = 0; i < C2D_MAX_POLYGON_VERTICES; ++i)
        if (!vzero(p->vertices[i]) || !vzero(p->normals[i])) return false;
    return vzero(p->centroid) && p->count == 0;
}
static bool concave_zero(const c2d_concave *p) {
    return p->vertices == NULL && p->count == 0 && aabb_zero(&p->bounds) && p->signed_area == 0;
}
static bool arc_zero(const c2d_arc *a) {
    return vzero(a->center) && a->inner_radius == 0 && a->outer_radius == 0 && a->start_angle == 0 &&
           a->sweep_angle == 0 && vzero(a->start_dir) && vzero(a->end_dir);
}

/* Calls a constructor whose output argument is written &out_ in `call`, on an output pre-filled
 * with garbage; checks the status, that a failure zeroed the output and that a success is valid. */
#define CTOR(type, zero_fn, valid_fn, call, want)                                              \
  do {                                                                                         \
    type out_;                                                                                 \
    c2d_status st_;                                                                            \
    memset(&out_, 0x5A, sizeof out_);                                                          \
    st_ = (call);                                                                              \
    expect_status(#call, st_, (want));                                                         \
    if (st_ != C2D_OK && !zero_fn(&out_)) bad("%s: output not zeroed on failure", #call);      \
    if (st_ == C2D_OK && !(valid_fn)) bad("%s: succeeded but the result is not valid", #call); \
  } while (0)

static void ctor_segment(void **state) {
    (void)state;
#define SEG(call, want) CTOR(c2d_segment, segment_zero, c2d_segment_is_valid(out_), call, want)
    SEG(c2d_segment_make(V(0, 0), V(1, 0), &out_), C2D_OK);
    SEG(c2d_segment_make(V(NAN, 0), V(1, 0), &out_), C2D_ERR_NOT_FINITE);
    SEG(c2d_segment_make(V(0, 0), V(1, NAN), &out_), C2D_ERR_NOT_FINITE);
    SEG(c2d_segment_make(V(INFINITY, 0), V(1, 0), &out_), C2D_ERR_NOT_FINITE);
    SEG(c2d_segment_make(V(0, 0), V(1, -INFINITY), &out_), C2D_ERR_NOT_FINITE);
    SEG(c2d_segment_make(c2d_v2(BIG_R, 0), V(1, 0), &out_), C2D_ERR_OUT_OF_RANGE);
    SEG(c2d_segment_make(V(0, 0), c2d_v2(0, -BIG_R), &out_), C2D_ERR_OUT_OF_RANGE);
    SEG(c2d_segment_make(V(3, 4), V(3, 4), &out_), C2D_ERR_DEGENERATE);
#undef SEG
    expect_status("c2d_segment_make(.., NULL)", c2d_segment_make(V(0, 0), V(1, 0), NULL), C2D_ERR_NULL_ARG);
    finish();
}

static void ctor_ray(void **state) {
    (void)state;
#define RAY(call, want) CTOR(c2d_ray, ray_zero, c2d_ray_is_valid(out_), call, want)
    RAY(c2d_ray_make(V(0, 0), V(3, 4), 10, &out_), C2D_OK);
    RAY(c2d_ray_make(V(0, 0), V(1, 0), INF_R, &out_), C2D_OK);
    RAY(c2d_ray_make(V(NAN, 0), V(1, 0), 1, &out_), C2D_ERR_NOT_FINITE);
    RAY(c2d_ray_make(V(0, INFINITY), V(1, 0), 1, &out_), C2D_ERR_NOT_FINITE);
    RAY(c2d_ray_make(V(0, 0), V(NAN, 1), 1, &out_), C2D_ERR_NOT_FINITE);
    RAY(c2d_ray_make(V(0, 0), V(1, -INFINITY), 1, &out_), C2D_ERR_NOT_FINITE);
    RAY(c2d_ray_make(c2d_v2(-BIG_R, 0), V(1, 0), 1, &out_), C2D_ERR_OUT_OF_RANGE);
    RAY(c2d_ray_make(V(0, 0), V(0, 0), 1, &out_), C2D_ERR_DEGENERATE);
    RAY(c2d_ray_make(V(0, 0), V(1, 0), 0, &out_), C2D_ERR_BAD_SIZE);
    RAY(c2d_ray_make(V(0, 0), V(1, 0), -1, &out_), C2D_ERR_BAD_SIZE);
    RAY(c2d_ray_make(V(0, 0), V(1, 0), -INF_R, &out_), C2D_ERR_BAD_SIZE);
    RAY(c2d_ray_make(V(0, 0), V(1, 0), NAN_R, &out_), C2D_ERR_BAD_SIZE);
#undef RAY
    {
        c2d_ray r;
        assert_status(c2d_ray_make(V(1, 2), V(3, 4), 10, &r), C2D_OK);
        assert_vec_near(r.direction, 0.6, 0.8, TOL); /* normalised */
        assert_near(r.max_distance, 10, TOL);
    }
    expect_status("c2d_ray_make(.., NULL)", c2d_ray_make(V(0, 0), V(1, 0), 1, NULL), C2D_ERR_NULL_ARG);
    finish();
}

static void ctor_aabb(void **state) {
    c2d_aabb b;
    (void)state;
#define BOX(call, want) CTOR(c2d_aabb, aabb_zero, c2d_aabb_is_valid(out_), call, want)
    BOX(c2d_aabb_make(V(0, 0), V(1, 1), &out_), C2D_OK);
    BOX(c2d_aabb_make(V(NAN, 0), V(1, 1), &out_), C2D_ERR_NOT_FINITE);
    BOX(c2d_aabb_make(V(0, 0), V(1, NAN), &out_), C2D_ERR_NOT_FINITE);
    BOX(c2d_aabb_make(V(0, 0), V(INFINITY, 1), &out_), C2D_ERR_NOT_FINITE);
    BOX(c2d_aabb_make(V(-INFINITY, -INFINITY), V(INFINITY, INFINITY), &out_), C2D_ERR_NOT_FINITE);
    BOX(c2d_aabb_make(V(0, 0), c2d_v2(BIG_R, 1), &out_), C2D_ERR_OUT_OF_RANGE);
    BOX(c2d_aabb_make(c2d_v2(-BIG_R, 0), V(1, 1), &out_), C2D_ERR_OUT_OF_RANGE);
    BOX(c2d_aabb_make(V(1, 1), V(0, 0), &out_), C2D_ERR_BAD_SIZE); /* inverted */
    BOX(c2d_aabb_make(V(0, 0), V(0, 1), &out_), C2D_ERR_BAD_SIZE); /* zero width */
    BOX(c2d_aabb_make(V(0, 0), V(1, 0), &out_), C2D_ERR_BAD_SIZE); /* zero height */
    BOX(c2d_aabb_make(V(2, 2), V(2, 2), &out_), C2D_ERR_BAD_SIZE); /* zero size */

    BOX(c2d_aabb_from_center(V(0, 0), V(1, 2), &out_), C2D_OK);
    BOX(c2d_aabb_from_center(V(NAN, 0), V(1, 1), &out_), C2D_ERR_NOT_FINITE);
    BOX(c2d_aabb_from_center(V(0, 0), V(1, NAN), &out_), C2D_ERR_NOT_FINITE);
    BOX(c2d_aabb_from_center(V(0, 0), V(INFINITY, 1), &out_), C2D_ERR_NOT_FINITE);
    BOX(c2d_aabb_from_center(V(0, -INFINITY), V(1, 1), &out_), C2D_ERR_NOT_FINITE);
    BOX(c2d_aabb_from_center(c2d_v2(BIG_R, 0), V(1, 1), &out_), C2D_ERR_OUT_OF_RANGE);
    BOX(c2d_aabb_from_center(V(0, 0), c2d_v2(1, BIG_R), &out_), C2D_ERR_OUT_OF_RANGE);
    BOX(c2d_aabb_from_center(V(0, 0), V(0, 1), &out_), C2D_ERR_BAD_SIZE);
    BOX(c2d_aabb_from_center(V(0, 0), V(1, -1), &out_), C2D_ERR_BAD_SIZE);
    BOX(c2d_aabb_from_center(V(0, 0), V(-1, -1), &out_), C2D_ERR_BAD_SIZE);

    BOX(c2d_aabb_from_corner(V(0, 0), 2, 3, &out_), C2D_OK);
    BOX(c2d_aabb_from_corner(V(NAN, 0), 2, 3, &out_), C2D_ERR_NOT_FINITE);
    BOX(c2d_aabb_from_corner(V(0, 0), NAN_R, 3, &out_), C2D_ERR_NOT_FINITE);
    BOX(c2d_aabb_from_corner(V(0, 0), 2, INF_R, &out_), C2D_ERR_NOT_FINITE);
    BOX(c2d_aabb_from_corner(V(0, 0), -INF_R, 3, &out_), C2D_ERR_NOT_FINITE);
    BOX(c2d_aabb_from_corner(c2d_v2(0, BIG_R), 2, 3, &out_), C2D_ERR_OUT_OF_RANGE);
    BOX(c2d_aabb_from_corner(V(0, 0), BIG_R, 3, &out_), C2D_ERR_OUT_OF_RANGE);
    /* in range on its own, but the far corner lands beyond C2D_MAX_COORD */
    BOX(c2d_aabb_from_corner(c2d_v2((c2d_real)(0.75 * C2D_MAX_COORD), 0), (c2d_real)(0.75 * C2D_MAX_COORD), 3, &out_), C2D_ERR_OUT_OF_RANGE);
    BOX(c2d_aabb_from_corner(V(0, 0), 0, 3, &out_), C2D_ERR_BAD_SIZE);
    BOX(c2d_aabb_from_corner(V(0, 0), 2, -3, &out_), C2D_ERR_BAD_SIZE);

    BOX(c2d_aabb_from_ltrb(0, 5, 10, 0, &out_), C2D_OK);
    BOX(c2d_aabb_from_ltrb(NAN_R, 5, 10, 0, &out_), C2D_ERR_NOT_FINITE);
    BOX(c2d_aabb_from_ltrb(0, 5, 10, INF_R, &out_), C2D_ERR_NOT_FINITE);
    BOX(c2d_aabb_from_ltrb(0, -INF_R, 10, 0, &out_), C2D_ERR_NOT_FINITE);
    BOX(c2d_aabb_from_ltrb(0, 5, BIG_R, 0, &out_), C2D_ERR_OUT_OF_RANGE);
    BOX(c2d_aabb_from_ltrb(10, 5, 10, 0, &out_), C2D_ERR_BAD_SIZE); /* left == right */
    BOX(c2d_aabb_from_ltrb(11, 5, 10, 0, &out_), C2D_ERR_BAD_SIZE); /* left > right */
    BOX(c2d_aabb_from_ltrb(0, 5, 10, 5, &out_), C2D_ERR_BAD_SIZE);  /* top == bottom */
#undef BOX
    /* top and bottom in either order give the same box */
    assert_status(c2d_aabb_from_ltrb(0, 5, 10, 0, &b), C2D_OK);
    assert_vec_near(b.lower, 0, 0, 0);
    assert_vec_near(b.upper, 10, 5, 0);
    assert_status(c2d_aabb_from_ltrb(0, 0, 10, 5, &b), C2D_OK);
    assert_vec_near(b.lower, 0, 0, 0);
    assert_vec_near(b.upper, 10, 5, 0);

    expect_status("c2d_aabb_make(.., NULL)", c2d_aabb_make(V(0, 0), V(1, 1), NULL), C2D_ERR_NULL_ARG);
    expect_status("c2d_aabb_from_center(.., NULL)", c2d_aabb_from_center(V(0, 0), V(1, 1), NULL), C2D_ERR_NULL_ARG);
    expect_status("c2d_aabb_from_corner(.., NULL)", c2d_aabb_from_corner(V(0, 0), 1, 1, NULL), C2D_ERR_NULL_ARG);
    expect_status("c2d_aabb_from_ltrb(.., NULL)", c2d_aabb_from_ltrb(0, 0, 1, 1, NULL), C2D_ERR_NULL_ARG);
    finish();
}

static void ctor_circle_capsule(void **state) {
    (void)state;
#define CIR(call, want) CTOR(c2d_circle, circle_zero, c2d_circle_is_valid(out_), call, want)
    CIR(c2d_circle_make(V(0, 0), 1, &out_), C2D_OK);
    CIR(c2d_circle_make(V(NAN, 0), 1, &out_), C2D_ERR_NOT_FINITE);
    CIR(c2d_circle_make(V(0, INFINITY), 1, &out_), C2D_ERR_NOT_FINITE);
    CIR(c2d_circle_make(V(-INFINITY, 0), 1, &out_), C2D_ERR_NOT_FINITE);
    CIR(c2d_circle_make(V(0, 0), NAN_R, &out_), C2D_ERR_NOT_FINITE);
    CIR(c2d_circle_make(V(0, 0), INF_R, &out_), C2D_ERR_NOT_FINITE);
    CIR(c2d_circle_make(V(0, 0), -INF_R, &out_), C2D_ERR_NOT_FINITE);
    CIR(c2d_circle_make(c2d_v2(BIG_R, 0), 1, &out_), C2D_ERR_OUT_OF_RANGE);
    CIR(c2d_circle_make(V(0, 0), BIG_R, &out_), C2D_ERR_OUT_OF_RANGE);
    CIR(c2d_circle_make(V(0, 0), 0, &out_), C2D_ERR_BAD_SIZE);
    CIR(c2d_circle_make(V(0, 0), -1, &out_), C2D_ERR_BAD_SIZE);
#undef CIR
#define CAP(call, want) CTOR(c2d_capsule, capsule_zero, c2d_capsule_is_valid(out_), call, want)
    CAP(c2d_capsule_make(V(0, 0), V(1, 0), 1, &out_), C2D_OK);
    CAP(c2d_capsule_make(V(2, 2), V(2, 2), 1, &out_), C2D_OK); /* p1 == p2: a circle */
    CAP(c2d_capsule_make(V(NAN, 0), V(1, 0), 1, &out_), C2D_ERR_NOT_FINITE);
    CAP(c2d_capsule_make(V(0, 0), V(1, INFINITY), 1, &out_), C2D_ERR_NOT_FINITE);
    CAP(c2d_capsule_make(V(0, 0), V(1, 0), NAN_R, &out_), C2D_ERR_NOT_FINITE);
    CAP(c2d_capsule_make(V(0, 0), V(1, 0), INF_R, &out_), C2D_ERR_NOT_FINITE);
    CAP(c2d_capsule_make(c2d_v2(0, -BIG_R), V(1, 0), 1, &out_), C2D_ERR_OUT_OF_RANGE);
    CAP(c2d_capsule_make(V(0, 0), V(1, 0), BIG_R, &out_), C2D_ERR_OUT_OF_RANGE);
    CAP(c2d_capsule_make(V(0, 0), V(1, 0), 0, &out_), C2D_ERR_BAD_SIZE);
    CAP(c2d_capsule_make(V(0, 0), V(1, 0), -2, &out_), C2D_ERR_BAD_SIZE);
#undef CAP
    expect_status("c2d_circle_make(.., NULL)", c2d_circle_make(V(0, 0), 1, NULL), C2D_ERR_NULL_ARG);
    expect_status("c2d_capsule_make(.., NULL)", c2d_capsule_make(V(0, 0), V(1, 0), 1, NULL), C2D_ERR_NULL_ARG);
    finish();
}

static void ctor_polygon(void **state) {
    c2d_vec2 sq[4] = {{0, 0}, {1, 0}, {1, 1}, {0, 1}};
    c2d_vec2 pts[32];
    c2d_polygon p;
    int i;
    (void)state;
#define POLY(call, want) CTOR(c2d_polygon, polygon_zero, c2d_polygon_is_valid(&out_), call, want)
    POLY(c2d_polygon_make(sq, 4, &out_), C2D_OK);
    POLY(c2d_polygon_make(NULL, 4, &out_), C2D_ERR_NULL_ARG);
    POLY(c2d_polygon_make(sq, 0, &out_), C2D_ERR_DEGENERATE);
    POLY(c2d_polygon_make(sq, 1, &out_), C2D_ERR_DEGENERATE);
    POLY(c2d_polygon_make(sq, 2, &out_), C2D_ERR_DEGENERATE);
    POLY(c2d_polygon_make(sq, -1, &out_), C2D_ERR_DEGENERATE);
    for (i = 0; i < 3; ++i) pts[i] = V(5, 5);
    POLY(c2d_polygon_make(pts, 3, &out_), C2D_ERR_DEGENERATE); /* one point three times */
    for (i = 0; i < 4; ++i) pts[i] = V(i, 2 * i);
    POLY(c2d_polygon_make(pts, 4, &out_), C2D_ERR_DEGENERATE); /* collinear */
    memcpy(pts, sq, sizeof sq);
    pts[2].x = NAN_R;
    POLY(c2d_polygon_make(pts, 4, &out_), C2D_ERR_NOT_FINITE);
    memcpy(pts, sq, sizeof sq);
    pts[3].y = INF_R;
    POLY(c2d_polygon_make(pts, 4, &out_), C2D_ERR_NOT_FINITE);
    memcpy(pts, sq, sizeof sq);
    pts[0].x = -INF_R;
    POLY(c2d_polygon_make(pts, 4, &out_), C2D_ERR_NOT_FINITE);
    memcpy(pts, sq, sizeof sq);
    pts[1].x = BIG_R;
    POLY(c2d_polygon_make(pts, 4, &out_), C2D_ERR_OUT_OF_RANGE);
    /* C2D_MAX_POLYGON_VERTICES + 1 and 16 points on a circle: the hull needs them all */
    for (i = 0; i < C2D_MAX_POLYGON_VERTICES + 1; ++i)
        pts[i] = V(cos(2 * 3.14159265358979 * i / (C2D_MAX_POLYGON_VERTICES + 1)), sin(2 * 3.14159265358979 * i / (C2D_MAX_POLYGON_VERTICES + 1)));
    POLY(c2d_polygon_make(pts, C2D_MAX_POLYGON_VERTICES + 1, &out_), C2D_ERR_TOO_MANY_POINTS);
    for (i = 0; i < 16; ++i) pts[i] = V(cos(2 * 3.14159265358979 * i / 16), sin(2 * 3.14159265358979 * i / 16));
    POLY(c2d_polygon_make(pts, 16, &out_), C2D_ERR_TOO_MANY_POINTS);
    /* many points but a 4-vertex hull: fine */
    for (i = 0; i < 28; ++i) pts[i] = V(0.1 + 0.8 * ((i * 7) % 11) / 10.0, 0.1 + 0.8 * ((i * 5) % 13) / 12.0);
    memcpy(pts + 28, sq, sizeof sq);
    POLY(c2d_polygon_make(pts, 32, &out_), C2D_OK);
    assert_status(c2d_polygon_make(pts, 32, &p), C2D_OK);
    assert_int_equal(p.count, 4);
    /* clockwise input and duplicates come out counter-clockwise with 4 vertices */
    pts[0] = V(0, 0);
    pts[1] = V(0, 1);
    pts[2] = V(0, 1);
    pts[3] = V(1, 1);
    pts[4] = V(1, 0);
    pts[5] = V(0, 0);
    POLY(c2d_polygon_make(pts, 6, &out_), C2D_OK);
    assert_status(c2d_polygon_make(pts, 6, &p), C2D_OK);
    assert_int_equal(p.count, 4);
    assert_true(c2d_cross(c2d_sub(p.vertices[1], p.vertices[0]), c2d_sub(p.vertices[2], p.vertices[1])) > 0);

    POLY(c2d_polygon_make_box(V(1, 2), &out_), C2D_OK);
    POLY(c2d_polygon_make_box(V(NAN, 1), &out_), C2D_ERR_NOT_FINITE);
    POLY(c2d_polygon_make_box(V(1, INFINITY), &out_), C2D_ERR_NOT_FINITE);
    POLY(c2d_polygon_make_box(c2d_v2(BIG_R, 1), &out_), C2D_ERR_OUT_OF_RANGE);
    POLY(c2d_polygon_make_box(V(0, 1), &out_), C2D_ERR_BAD_SIZE);
    POLY(c2d_polygon_make_box(V(1, -1), &out_), C2D_ERR_BAD_SIZE);
#undef POLY
    expect_status("c2d_polygon_make(.., NULL)", c2d_polygon_make(sq, 4, NULL), C2D_ERR_NULL_ARG);
    expect_status("c2d_polygon_make_box(.., NULL)", c2d_polygon_make_box(V(1, 1), NULL), C2D_ERR_NULL_ARG);
    finish();
}

/* An L shape, counter-clockwise (y up), and its clockwise mirror order. */
static const double L_SHAPE[12] = {-2, -2, 2, -2, 2, 0, 0, 0, 0, 2, -2, 2};

static void fill_pts(c2d_vec2 *out, const double *xy, int n) {
    int i;
    for (i = 0; i < n; ++i) out[i] = V(xy[2 * i], xy[2 * i + 1]);
}

static void ctor_concave(void **state) {
    c2d_vec2 l[6], cw[6], pts[8];
    c2d_concave c;
    int i;
    (void)state;
    fill_pts(l, L_SHAPE, 6);
    for (i = 0; i < 6; ++i) cw[i] = l[5 - i];
#define CON(call, want) CTOR(c2d_concave, concave_zero, c2d_concave_is_valid(&out_), call, want)
    CON(c2d_concave_make(l, 6, &out_), C2D_OK);
    CON(c2d_concave_make(cw, 6, &out_), C2D_OK);
    CON(c2d_concave_make(NULL, 6, &out_), C2D_ERR_NULL_ARG);
    CON(c2d_concave_make(l, 0, &out_), C2D_ERR_DEGENERATE);
    CON(c2d_concave_make(l, 1, &out_), C2D_ERR_DEGENERATE);
    CON(c2d_concave_make(l, 2, &out_), C2D_ERR_DEGENERATE);
    CON(c2d_concave_make(l, -3, &out_), C2D_ERR_DEGENERATE);
    pts[0] = V(0, 0);
    pts[1] = V(1, 1);
    pts[2] = V(3, 3);
    CON(c2d_concave_make(pts, 3, &out_), C2D_ERR_DEGENERATE); /* zero area */
    memcpy(pts, l, sizeof l);
    pts[4].x = NAN_R;
    CON(c2d_concave_make(pts, 6, &out_), C2D_ERR_NOT_FINITE);
    memcpy(pts, l, sizeof l);
    pts[1].y = -INF_R;
    CON(c2d_concave_make(pts, 6, &out_), C2D_ERR_NOT_FINITE);
    memcpy(pts, l, sizeof l);
    pts[2].x = BIG_R;
    CON(c2d_concave_make(pts, 6, &out_), C2D_ERR_OUT_OF_RANGE);
    pts[0] = V(0, 0);
    pts[1] = V(2, 2);
    pts[2] = V(2, 0);
    pts[3] = V(0, 2); /* bow tie */
    CON(c2d_concave_make(pts, 4, &out_), C2D_ERR_SELF_INTERSECTING);
    /* two non-neighbouring vertices at the same point (a pinch) */
    pts[0] = V(0, 0);
    pts[1] = V(4, 0);
    pts[2] = V(2, 2);
    pts[3] = V(4, 4);
    pts[4] = V(0, 4);
    pts[5] = V(2, 2);
    CON(c2d_concave_make(pts, 6, &out_), C2D_ERR_SELF_INTERSECTING);
    /* a vertex touching the inside of a non-neighbouring edge */
    pts[0] = V(0, 0);
    pts[1] = V(4, 0);
    pts[2] = V(4, 4);
    pts[3] = V(3, 4);
    pts[4] = V(2, 0);
    pts[5] = V(1, 4);
    pts[6] = V(0, 4);
    CON(c2d_concave_make(pts, 7, &out_), C2D_ERR_SELF_INTERSECTING);
#undef CON
    assert_status(c2d_concave_make(l, 6, &c), C2D_OK);
    assert_near(c.signed_area, 12, TOL); /* 4x4 square minus the 2x2 notch */
    assert_vec_near(c.bounds.lower, -2, -2, 0);
    assert_vec_near(c.bounds.upper, 2, 2, 0);
    assert_status(c2d_concave_make(cw, 6, &c), C2D_OK);
    assert_near(c.signed_area, -12, TOL);
    expect_status("c2d_concave_make(.., NULL)", c2d_concave_make(l, 6, NULL), C2D_ERR_NULL_ARG);
    finish();
}

static void ctor_arc(void **state) {
    (void)state;
#define ARC(call, want) CTOR(c2d_arc, arc_zero, c2d_arc_is_valid(&out_), call, want)
    ARC(c2d_arc_make(V(0, 0), 1, 2, 0, 1, &out_), C2D_OK);
    ARC(c2d_arc_make(V(0, 0), 1, 2, 1, 0.5, &out_), C2D_OK); /* wraps through 2*pi */
    ARC(c2d_arc_make(V(0, 0), 1, 2, 0, 10, &out_), C2D_OK);  /* full ring */
    ARC(c2d_arc_make(V(NAN, 0), 1, 2, 0, 1, &out_), C2D_ERR_NOT_FINITE);
    ARC(c2d_arc_make(V(0, INFINITY), 1, 2, 0, 1, &out_), C2D_ERR_NOT_FINITE);
    ARC(c2d_arc_make(V(0, 0), NAN_R, 2, 0, 1, &out_), C2D_ERR_NOT_FINITE);
    ARC(c2d_arc_make(V(0, 0), 1, INF_R, 0, 1, &out_), C2D_ERR_NOT_FINITE);
    ARC(c2d_arc_make(V(0, 0), 1, 2, NAN_R, 1, &out_), C2D_ERR_NOT_FINITE);
    ARC(c2d_arc_make(V(0, 0), 1, 2, 0, INF_R, &out_), C2D_ERR_NOT_FINITE);
    ARC(c2d_arc_make(V(0, 0), 1, 2, -INF_R, 1, &out_), C2D_ERR_NOT_FINITE);
    ARC(c2d_arc_make(c2d_v2(BIG_R, 0), 1, 2, 0, 1, &out_), C2D_ERR_OUT_OF_RANGE);
    ARC(c2d_arc_make(V(0, 0), 1, BIG_R, 0, 1, &out_), C2D_ERR_OUT_OF_RANGE);
    ARC(c2d_arc_make(V(0, 0), -1, 2, 0, 1, &out_), C2D_ERR_BAD_SIZE);
    ARC(c2d_arc_make(V(0, 0), 2, 2, 0, 1, &out_), C2D_ERR_BAD_SIZE);
    ARC(c2d_arc_make(V(0, 0), 3, 2, 0, 1, &out_), C2D_ERR_BAD_SIZE);
    ARC(c2d_arc_make(V(0, 0), 0, 0, 0, 1, &out_), C2D_ERR_BAD_SIZE);
    ARC(c2d_arc_make(V(0, 0), 1, 2, 0.5, 0.5, &out_), C2D_ERR_BAD_ANGLE);
    ARC(c2d_wedge_make(V(0, 0), 2, 0, 1, &out_), C2D_OK);
    ARC(c2d_wedge_make(V(0, 0), 0, 0, 1, &out_), C2D_ERR_BAD_SIZE);
    ARC(c2d_wedge_make(V(0, 0), -2, 0, 1, &out_), C2D_ERR_BAD_SIZE);
    ARC(c2d_wedge_make(V(0, 0), NAN_R, 0, 1, &out_), C2D_ERR_NOT_FINITE);
    ARC(c2d_wedge_make(V(0, 0), 2, 1, NAN_R, &out_), C2D_ERR_NOT_FINITE);
    ARC(c2d_wedge_make(V(0, 0), 2, 1, 1, &out_), C2D_ERR_BAD_ANGLE);
#undef ARC
    expect_status("c2d_arc_make(.., NULL)", c2d_arc_make(V(0, 0), 1, 2, 0, 1, NULL), C2D_ERR_NULL_ARG);
    expect_status("c2d_wedge_make(.., NULL)", c2d_wedge_make(V(0, 0), 2, 0, 1, NULL), C2D_ERR_NULL_ARG);
    finish();
}

/* ---- hand-made invalid shapes ---- */

typedef struct bad_shape {
    const char *label;
    c2d_shape s;
    bool nonfinite; /* holds a NaN or an infinity: distance must say C2D_DISTANCE_INVALID_INPUT */
    bool strict;    /* the contract requires every query to report nothing */
} bad_shape;

#define MAX_BAD 64

static void add_bad(bad_shape *list, int *n, const char *label, c2d_shape s, bool nonfinite, bool strict) {
    assert_true(*n < MAX_BAD);
    list[*n].label = label;
    list[*n].s = s;
    list[*n].nonfinite = nonfinite;
    list[*n].strict = strict;
    ++*n;
}

static c2d_shape point_shape(double x, double y) { return c2d_shape_from_point(V(x, y)); }
static c2d_shape seg_shape(double x1, double y1, double x2, double y2) {
    c2d_segment s;
    s.p1 = V(x1, y1);
    s.p2 = V(x2, y2);
    return c2d_shape_from_segment(s);
}
static c2d_shape aabb_shape(double lx, double ly, double ux, double uy) {
    c2d_aabb b;
    b.lower = V(lx, ly);
    b.upper = V(ux, uy);
    return c2d_shape_from_aabb(b);
}
static c2d_shape circle_shape(double x, double y, double r) {
    c2d_circle c;
    c.center = V(x, y);
    c.radius = (c2d_real)r;
    return c2d_shape_from_circle(c);
}
static c2d_shape capsule_shape(double x1, double y1, double x2, double y2, double r) {
    c2d_capsule c;
    c.p1 = V(x1, y1);
    c.p2 = V(x2, y2);
    c.radius = (c2d_real)r;
    return c2d_shape_from_capsule(c);
}

/* The unit box polygon (half extents 1) with its vertices and normals reversed into clockwise
 * order; outward_normals picks outward normals for the clockwise edges, else the inward ones. */
static c2d_polygon clockwise_box(bool outward_normals) {
    c2d_polygon p, q;
    int i;
    assert_status(c2d_polygon_make_box(V(1, 1), &p), C2D_OK);
    q = p;
    for (i = 0; i < p.count; ++i) q.vertices[i] = p.vertices[p.count - 1 - i];
    for (i = 0; i < p.count; ++i) {
        c2d_vec2 e = c2d_normalize(c2d_sub(q.vertices[(i + 1) % p.count], q.vertices[i]));
        q.normals[i] = outward_normals ? c2d_left_perp(e) : c2d_right_perp(e);
    }
    return q;
}

/* Polygon from CCW points with normals computed from its edges, bypassing the constructor. */
static c2d_polygon raw_polygon(const double *xy, int n) {
    c2d_polygon p;
    int i;
    memset(&p, 0, sizeof p);
    for (i = 0; i < n; ++i) p.vertices[i] = V(xy[2 * i], xy[2 * i + 1]);
    for (i = 0; i < n; ++i) {
        c2d_vec2 e = c2d_normalize(c2d_sub(p.vertices[(i + 1) % n], p.vertices[i]));
        p.normals[i] = c2d_right_perp(e);
    }
    p.count = n;
    return p;
}

static int make_bad_shapes(bad_shape *list) {
    int n = 0;
    c2d_polygon box, p;
    static const double dart[8] = {0, 1, -1, -1, 0, -0.2, 1, -1}; /* CCW with a reflex vertex */
    static const double line3[6] = {-1, 0, 0, 0, 1, 0};
    static const double same4[8] = {0, 0, 0, 0, 0, 0, 0, 0};
    assert_status(c2d_polygon_make_box(V(1, 1), &box), C2D_OK);

    add_bad(list, &n, "point NaN", point_shape(NAN, 0), true, true);
    add_bad(list, &n, "point +Inf", point_shape(0, INFINITY), true, true);
    add_bad(list, &n, "point -Inf,-Inf", point_shape(-INFINITY, -INFINITY), true, true);

    add_bad(list, &n, "segment p1 NaN", seg_shape(NAN, 0, 1, 0.5), true, true);
    add_bad(list, &n, "segment p2 +Inf", seg_shape(-1, 0.1, INFINITY, 0.2), true, true);
    add_bad(list, &n, "segment -Inf..+Inf", seg_shape(-INFINITY, 0.1, INFINITY, 0.1), true, true);
    add_bad(list, &n, "segment all NaN", seg_shape(NAN, NAN, NAN, NAN), true, true);

    add_bad(list, &n, "aabb lower NaN", aabb_shape(NAN, -1, 1, 1), true, true);
    add_bad(list, &n, "aabb upper NaN", aabb_shape(-1, -1, 1, NAN), true, true);
    add_bad(list, &n, "aabb upper +Inf", aabb_shape(-1, -1, INFINITY, 1), true, true);
    add_bad(list, &n, "aabb infinite", aabb_shape(-INFINITY, -INFINITY, INFINITY, INFINITY), true, true);
    add_bad(list, &n, "aabb zero size", aabb_shape(0, 0, 0, 0), false, true);
    add_bad(list, &n, "aabb zero width", aabb_shape(0, -1, 0, 1), false, true);
    add_bad(list, &n, "aabb inverted", aabb_shape(1, 1, -1, -1), false, true);
    add_bad(list, &n, "aabb inverted x", aabb_shape(1, -1, -1, 1), false, true);

    add_bad(list, &n, "circle center NaN", circle_shape(NAN, 0, 1), true, true);
    add_bad(list, &n, "circle center +Inf", circle_shape(0, INFINITY, 1), true, true);
    add_bad(list, &n, "circle radius NaN", circle_shape(0, 0, NAN), true, true);
    add_bad(list, &n, "circle radius +Inf", circle_shape(0, 0, INFINITY), true, true);
    add_bad(list, &n, "circle radius -Inf", circle_shape(0, 0, -INFINITY), true, true);
    add_bad(list, &n, "circle radius -1", circle_shape(0, 0, -1), false, true);
    add_bad(list, &n, "circle radius 0", circle_shape(0, 0, 0), false, true);
    add_bad(list, &n, "circle radius > C2D_MAX_COORD", circle_shape(0, 0, (double)BIG_R), false, false);

    add_bad(list, &n, "capsule p1 NaN", capsule_shape(NAN, 0, 1, 0, 1), true, true);
    add_bad(list, &n, "capsule p2 -Inf", capsule_shape(-1, 0, 1, -INFINITY, 1), true, true);
    add_bad(list, &n, "capsule radius NaN", capsule_shape(-1, 0, 1, 0, NAN), true, true);
    add_bad(list, &n, "capsule radius +Inf", capsule_shape(-1, 0, 1, 0, INFINITY), true, true);
    add_bad(list, &n, "capsule radius -1", capsule_shape(-1, 0, 1, 0, -1), false, true);
    add_bad(list, &n, "capsule radius 0", capsule_shape(-1, 0, 1, 0, 0), false, true);

    p = box;
    p.count = 0;
    add_bad(list, &n, "polygon count 0", c2d_shape_from_polygon(&p), false, true);
    p = box;
    p.count = 1;
    add_bad(list, &n, "polygon count 1", c2d_shape_from_polygon(&p), false, true);
    p = box;
    p.count = 2;
    add_bad(list, &n, "polygon count 2", c2d_shape_from_polygon(&p), false, true);
    p = box;
    p.count = -1;
    add_bad(list, &n, "polygon count -1", c2d_shape_from_polygon(&p), false, true);
    p = box;
    p.count = C2D_MAX_POLYGON_VERTICES + 1;
    add_bad(list, &n, "polygon count max+1", c2d_shape_from_polygon(&p), false, true);
    p = box;
    p.count = 1 << 20;
    add_bad(list, &n, "polygon count 2^20", c2d_shape_from_polygon(&p), false, true);
    p = clockwise_box(true);
    add_bad(list, &n, "polygon clockwise, outward normals", c2d_shape_from_polygon(&p), false, true);
    p = clockwise_box(false);
    add_bad(list, &n, "polygon clockwise, inward normals", c2d_shape_from_polygon(&p), false, true);
    p = box;
    p.vertices[1].x = NAN_R;
    add_bad(list, &n, "polygon vertex NaN", c2d_shape_from_polygon(&p), true, true);
    p = box;
    p.vertices[2].y = INF_R;
    add_bad(list, &n, "polygon vertex +Inf", c2d_shape_from_polygon(&p), true, true);
    p = box;
    p.normals[0].x = NAN_R;
    add_bad(list, &n, "polygon normal NaN", c2d_shape_from_polygon(&p), false, true);
    p = raw_polygon(same4, 4);
    p.normals[0] = V(0, -1);
    p.normals[1] = V(1, 0);
    p.normals[2] = V(0, 1);
    p.normals[3] = V(-1, 0);
    add_bad(list, &n, "polygon all vertices equal", c2d_shape_from_polygon(&p), false, true);
    p = raw_polygon(line3, 3);
    p.normals[0] = V(0, -1);
    p.normals[1] = V(0, -1);
    p.normals[2] = V(0, 1);
    add_bad(list, &n, "polygon collinear", c2d_shape_from_polygon(&p), false, true);
    p = box;
    memset(p.normals, 0, sizeof p.normals);
    add_bad(list, &n, "polygon zero normals", c2d_shape_from_polygon(&p), false, false);
    p = raw_polygon(dart, 4);
    add_bad(list, &n, "polygon not convex", c2d_shape_from_polygon(&p), false, false);
    return n;
}

/* Valid shapes of each kind whose interiors all hold the origin region. */
static int make_good_shapes(c2d_shape *out) {
    c2d_polygon p;
    out[0] = point_shape(0.25, 0.125);
    out[1] = seg_shape(-3, 0.2, 3, 0.4);
    out[2] = c2d_shape_from_aabb(box_c(0, 0, 2, 2));
    out[3] = c2d_shape_from_circle(circ(0, 0, 2));
    out[4] = c2d_shape_from_capsule(caps(-1, 0, 1, 0, 1));
    p = poly_box(0, 0, 2, 2, 0.3);
    out[5] = c2d_shape_from_polygon(&p);
    return 6;
}

/* ---- the typed pair functions, reached directly (the generic API may validate first) ---- */

#define PT(a, b) ((int)(a)*C2D_SHAPE_TYPE_COUNT + (int)(b))
#define SK_PT C2D_SHAPE_POINT
#define SK_SEG C2D_SHAPE_SEGMENT
#define SK_BOX C2D_SHAPE_AABB
#define SK_CIR C2D_SHAPE_CIRCLE
#define SK_CAP C2D_SHAPE_CAPSULE
#define SK_POL C2D_SHAPE_POLYGON

static bool known_type(const c2d_shape *s) { return (int)s->type >= 0 && (int)s->type < C2D_SHAPE_TYPE_COUNT; }

/* Typed overlap for (a, b) in this order: 1 or 0, or -1 when no such function exists. */
static int direct_overlap(const c2d_shape *a, const c2d_shape *b) {
    if (!known_type(a) || !known_type(b)) return -1;
    switch (PT(a->type, b->type)) {
    case PT(SK_SEG, SK_SEG): return c2d_segment_overlap_segment(a->as.segment, b->as.segment);
    case PT(SK_SEG, SK_BOX): return c2d_segment_overlap_aabb(a->as.segment, b->as.aabb);
    case PT(SK_SEG, SK_CIR): return c2d_segment_overlap_circle(a->as.segment, b->as.circle);
    case PT(SK_SEG, SK_CAP): return c2d_segment_overlap_capsule(a->as.segment, b->as.capsule);
    case PT(SK_SEG, SK_POL): return c2d_segment_overlap_polygon(a->as.segment, &b->as.polygon);
    case PT(SK_BOX, SK_BOX): return c2d_aabb_overlap_aabb(a->as.aabb, b->as.aabb);
    case PT(SK_BOX, SK_CIR): return c2d_aabb_overlap_circle(a->as.aabb, b->as.circle);
    case PT(SK_BOX, SK_CAP): return c2d_aabb_overlap_capsule(a->as.aabb, b->as.capsule);
    case PT(SK_BOX, SK_POL): return c2d_aabb_overlap_polygon(a->as.aabb, &b->as.polygon);
    case PT(SK_CIR, SK_CIR): return c2d_circle_overlap_circle(a->as.circle, b->as.circle);
    case PT(SK_CIR, SK_CAP): return c2d_circle_overlap_capsule(a->as.circle, b->as.capsule);
    case PT(SK_CIR, SK_POL): return c2d_circle_overlap_polygon(a->as.circle, &b->as.polygon);
    case PT(SK_CAP, SK_CAP): return c2d_capsule_overlap_capsule(a->as.capsule, b->as.capsule);
    case PT(SK_CAP, SK_POL): return c2d_capsule_overlap_polygon(a->as.capsule, &b->as.polygon);
    case PT(SK_POL, SK_POL): return c2d_polygon_overlap_polygon(&a->as.polygon, &b->as.polygon);
    default: return -1;
    }
}

/* Typed hit for (a, b) in this order: 1 or 0, or -1 when no such function exists. */
static int direct_hit(const c2d_shape *a, const c2d_shape *b, c2d_hit *h) {
    if (!known_type(a) || !known_type(b)) return -1;
    switch (PT(a->type, b->type)) {
    case PT(SK_PT, SK_BOX): return c2d_point_hit_aabb(a->as.point, b->as.aabb, h);
    case PT(SK_PT, SK_CIR): return c2d_point_hit_circle(a->as.point, b->as.circle, h);
    case PT(SK_PT, SK_CAP): return c2d_point_hit_capsule(a->as.point, b->as.capsule, h);
    case PT(SK_PT, SK_POL): return c2d_point_hit_polygon(a->as.point, &b->as.polygon, h);
    case PT(SK_SEG, SK_SEG): return c2d_segment_hit_segment(a->as.segment, b->as.segment, h);
    case PT(SK_SEG, SK_BOX): return c2d_segment_hit_aabb(a->as.segment, b->as.aabb, h);
    case PT(SK_SEG, SK_CIR): return c2d_segment_hit_circle(a->as.segment, b->as.circle, h);
    case PT(SK_SEG, SK_CAP): return c2d_segment_hit_capsule(a->as.segment, b->as.capsule, h);
    case PT(SK_SEG, SK_POL): return c2d_segment_hit_polygon(a->as.segment, &b->as.polygon, h);
    case PT(SK_BOX, SK_BOX): return c2d_aabb_hit_aabb(a->as.aabb, b->as.aabb, h);
    case PT(SK_BOX, SK_CIR): return c2d_aabb_hit_circle(a->as.aabb, b->as.circle, h);
    case PT(SK_BOX, SK_CAP): return c2d_aabb_hit_capsule(a->as.aabb, b->as.capsule, h);
    case PT(SK_BOX, SK_POL): return c2d_aabb_hit_polygon(a->as.aabb, &b->as.polygon, h);
    case PT(SK_CIR, SK_CIR): return c2d_circle_hit_circle(a->as.circle, b->as.circle, h);
    case PT(SK_CIR, SK_CAP): return c2d_circle_hit_capsule(a->as.circle, b->as.capsule, h);
    case PT(SK_CIR, SK_POL): return c2d_circle_hit_polygon(a->as.circle, &b->as.polygon, h);
    case PT(SK_CAP, SK_CAP): return c2d_capsule_hit_capsule(a->as.capsule, b->as.capsule, h);
    case PT(SK_CAP, SK_POL): return c2d_capsule_hit_polygon(a->as.capsule, &b->as.polygon, h);
    case PT(SK_POL, SK_POL): return c2d_polygon_hit_polygon(&a->as.polygon, &b->as.polygon, h);
    default: return -1;
    }
}

/* Typed manifold for (a, b) in this order; false when no such function exists. */
static bool direct_manifold(const c2d_shape *a, const c2d_shape *b, c2d_manifold *m) {
    if (!known_type(a) || !known_type(b)) return false;
    switch (PT(a->type, b->type)) {
    case PT(SK_BOX, SK_BOX): *m = c2d_aabb_manifold_aabb(a->as.aabb, b->as.aabb); return true;
    case PT(SK_BOX, SK_CIR): *m = c2d_aabb_manifold_circle(a->as.aabb, b->as.circle); return true;
    case PT(SK_BOX, SK_CAP): *m = c2d_aabb_manifold_capsule(a->as.aabb, b->as.capsule); return true;
    case PT(SK_BOX, SK_POL): *m = c2d_aabb_manifold_polygon(a->as.aabb, &b->as.polygon); return true;
    case PT(SK_CIR, SK_CIR): *m = c2d_circle_manifold_circle(a->as.circle, b->as.circle); return true;
    case PT(SK_CIR, SK_CAP): *m = c2d_circle_manifold_capsule(a->as.circle, b->as.capsule); return true;
    case PT(SK_CIR, SK_POL): *m = c2d_circle_manifold_polygon(a->as.circle, &b->as.polygon); return true;
    case PT(SK_CAP, SK_CAP): *m = c2d_capsule_manifold_capsule(a->as.capsule, b->as.capsule); return true;
    case PT(SK_CAP, SK_POL): *m = c2d_capsule_manifold_polygon(a->as.capsule, &b->as.polygon); return true;
    case PT(SK_POL, SK_POL): *m = c2d_polygon_manifold_polygon(&a->as.polygon, &b->as.polygon); return true;
    default: return false;
    }
}

/* Typed ray cast; -1 when the kind has none (points). */
static int direct_raycast(const c2d_shape *s, c2d_raycast_input in, c2d_hit *h) {
    if (!known_type(s)) return -1;
    switch (s->type) {
    case C2D_SHAPE_SEGMENT: return c2d_segment_raycast(s->as.segment, in, h);
    case C2D_SHAPE_AABB: return c2d_aabb_raycast(s->as.aabb, in, h);
    case C2D_SHAPE_CIRCLE: return c2d_circle_raycast(s->as.circle, in, h);
    case C2D_SHAPE_CAPSULE: return c2d_capsule_raycast(s->as.capsule, in, h);
    case C2D_SHAPE_POLYGON: return c2d_polygon_raycast(&s->as.polygon, in, h);
    default: return -1;
    }
}

/* Typed containment; -1 when the kind has none (points). */
static int direct_contains(const c2d_shape *s, c2d_vec2 p) {
    if (!known_type(s)) return -1;
    switch (s->type) {
    case C2D_SHAPE_SEGMENT: return c2d_segment_contains_point(s->as.segment, p);
    case C2D_SHAPE_AABB: return c2d_aabb_contains_point(s->as.aabb, p);
    case C2D_SHAPE_CIRCLE: return c2d_circle_contains_point(s->as.circle, p);
    case C2D_SHAPE_CAPSULE: return c2d_capsule_contains_point(s->as.capsule, p);
    case C2D_SHAPE_POLYGON: return c2d_polygon_contains_point(&s->as.polygon, p);
    default: return -1;
    }
}

/* Typed validity check. */
static bool direct_is_valid(const c2d_shape *s) {
    switch (s->type) {
    case C2D_SHAPE_POINT: return c2d_vec2_is_valid(s->as.point);
    case C2D_SHAPE_SEGMENT: return c2d_segment_is_valid(s->as.segment);
    case C2D_SHAPE_AABB: return c2d_aabb_is_valid(s->as.aabb);
    case C2D_SHAPE_CIRCLE: return c2d_circle_is_valid(s->as.circle);
    case C2D_SHAPE_CAPSULE: return c2d_capsule_is_valid(s->as.capsule);
    case C2D_SHAPE_POLYGON: return c2d_polygon_is_valid(&s->as.polygon);
    default: return false;
    }
}

/* Records a failure when an invalid shape got a positive answer; for the non-strict variants
 * (no requirement beyond no crash and no NaN) a positive answer is only noted. */
static void report_positive(const bad_shape *b, const char *what, const char *other) {
    if (b->strict) bad("%s reported a hit for invalid '%s' against %s", what, b->label, other);
    else printf("note: %s reported a hit for '%s' against %s (allowed, not required to be false)\n", what, b->label, other);
}

/* The typed queries that trust their shapes ("check once, then trust", collision.h): box-box
 * overlap and the circle-polygon manifold give a hand-made shape that the constructors would
 * refuse an unspecified answer, so a positive one is only noted there (its values must still be
 * finite); the generic entry points check the shapes and stay strict. */
static bool typed_trusts(const c2d_shape *a, const c2d_shape *b, bool manifold) {
    if (!manifold) return a->type == C2D_SHAPE_AABB && b->type == C2D_SHAPE_AABB;
    return (a->type == C2D_SHAPE_CIRCLE && b->type == C2D_SHAPE_POLYGON) || (a->type == C2D_SHAPE_POLYGON && b->type == C2D_SHAPE_CIRCLE);
}

static void report_positive_typed(const bad_shape *b, const char *what, const char *other, bool trusted) {
    if (trusted) printf("note: %s reported a hit for '%s' against %s (a trusting typed query: unspecified)\n", what, b->label, other);
    else report_positive(b, what, other);
}

/* All pair queries between invalid x and y (in both orders, generic and typed). */
static void check_pair_queries(const bad_shape *x, const c2d_shape *y, const char *yname) {
    const c2d_shape *order[2][2];
    int k;
    order[0][0] = &x->s;
    order[0][1] = y;
    order[1][0] = y;
    order[1][1] = &x->s;
    for (k = 0; k < 2; ++k) {
        const c2d_shape *a = order[k][0], *b = order[k][1];
        c2d_hit h = sentinel_hit();
        c2d_manifold m;
        c2d_distance_result d;
        int r;
        if (c2d_shape_overlap(a, b)) report_positive(x, k ? "c2d_shape_overlap(good, bad)" : "c2d_shape_overlap(bad, good)", yname);
        r = direct_overlap(a, b);
        if (r == 1) report_positive_typed(x, "typed overlap", yname, typed_trusts(a, b, false));
        if (c2d_shape_hit(a, b, &h)) report_positive(x, "c2d_shape_hit", yname);
        if (!hit_fin(&h)) bad("c2d_shape_hit wrote NaN/Inf for '%s' against %s", x->label, yname);
        else if (x->strict && !is_sentinel(&h)) bad("c2d_shape_hit wrote its output for invalid '%s' against %s", x->label, yname);
        h = sentinel_hit();
        r = direct_hit(a, b, &h);
        if (r == 1) report_positive(x, "typed hit", yname);
        if (!hit_fin(&h)) bad("typed hit wrote NaN/Inf for '%s' against %s", x->label, yname);
        else if (r >= 0 && x->strict && !is_sentinel(&h)) bad("typed hit wrote its output for invalid '%s' against %s", x->label, yname);
        m = c2d_shape_manifold(a, b);
        if (m.count != 0) report_positive(x, "c2d_shape_manifold", yname);
        if (!manifold_fin(&m)) bad("c2d_shape_manifold returned NaN/Inf for '%s' against %s", x->label, yname);
        if (direct_manifold(a, b, &m)) {
            if (m.count != 0) report_positive_typed(x, "typed manifold", yname, typed_trusts(a, b, true));
            if (!manifold_fin(&m)) bad("typed manifold returned NaN/Inf for '%s' against %s", x->label, yname);
        }
        d = c2d_shape_distance(a, b);
        if (!dist_fin(&d)) bad("c2d_shape_distance returned NaN/Inf for '%s' against %s", x->label, yname);
        if (!(d.distance >= 0)) bad("c2d_shape_distance returned distance %g for '%s'", (double)d.distance, x->label);
        if (x->nonfinite && d.status != C2D_DISTANCE_INVALID_INPUT)
            bad("c2d_shape_distance status %d for non-finite '%s' against %s, expected C2D_DISTANCE_INVALID_INPUT", (int)d.status, x->label, yname);
    }
}

static void bad_shapes_in_pair_queries(void **state) {
    bad_shape list[MAX_BAD];
    c2d_shape good[6];
    int nb = make_bad_shapes(list), ng = make_good_shapes(good), i, j;
    char name[96];
    (void)state;
    for (i = 0; i < nb; ++i) {
        for (j = 0; j < ng; ++j) {
            snprintf(name, sizeof name, "a valid %s", j == 0 ? "point" : j == 1 ? "segment"
                                                                     : j == 2   ? "aabb"
                                                                     : j == 3   ? "circle"
                                                                     : j == 4   ? "capsule"
                                                                                : "polygon");
            check_pair_queries(&list[i], &good[j], name);
        }
        /* invalid against invalid, the same one included */
        for (j = 0; j < nb; ++j) {
            snprintf(name, sizeof name, "invalid '%s'", list[j].label);
            if (list[i].strict || list[j].strict) {
                bad_shape x = list[i];
                x.strict = list[i].strict || list[j].strict;
                x.nonfinite = list[i].nonfinite || list[j].nonfinite;
                check_pair_queries(&x, &list[j].s, name);
            }
        }
    }
    printf("%d invalid shapes checked; the library asserted %d times\n", nb, g_asserts);
    finish();
}

static void bad_shapes_single_queries(void **state) {
    bad_shape list[MAX_BAD];
    int nb = make_bad_shapes(list), i, j;
    static const double probes[5][2] = {{0, 0}, {0.1, 0.05}, {-0.3, 0.2}, {0.5, -0.5}, {1e-3, 0}};
    c2d_raycast_input rays[5];
    (void)state;
    rays[0].origin = V(-10, 0.1);
    rays[0].translation = V(20, 0);
    rays[0].max_fraction = 1;
    rays[1].origin = V(0.1, -10);
    rays[1].translation = V(0, 1);
    rays[1].max_fraction = INF_R;
    rays[2].origin = V(0.05, 0.05);
    rays[2].translation = V(1, 0.5);
    rays[2].max_fraction = 1;
    rays[3].origin = V(0.05, 0.05);
    rays[3].translation = V(0, 0);
    rays[3].max_fraction = 1;
    rays[4].origin = V(-8, -8);
    rays[4].translation = V(1, 1);
    rays[4].max_fraction = 100;
    for (i = 0; i < nb; ++i) {
        const bad_shape *x = &list[i];
        int r;
        if (c2d_shape_is_valid(&x->s)) bad("c2d_shape_is_valid says invalid '%s' is valid", x->label);
        if (direct_is_valid(&x->s)) bad("the typed is_valid says invalid '%s' is valid", x->label);
        for (j = 0; j < 5; ++j) {
            c2d_vec2 p = V(probes[j][0], probes[j][1]);
            if (c2d_shape_contains_point(&x->s, p)) report_positive(x, "c2d_shape_contains_point", "a probe point");
            if (direct_contains(&x->s, p) == 1) report_positive(x, "typed contains_point", "a probe point");
        }
        if (x->s.type == C2D_SHAPE_POINT && c2d_shape_contains_point(&x->s, x->s.as.point))
            report_positive(x, "c2d_shape_contains_point", "its own point");
        for (j = 0; j < 5; ++j) {
            c2d_hit h = sentinel_hit();
            if (c2d_shape_raycast(&x->s, rays[j], &h)) report_positive(x, "c2d_shape_raycast", "a ray");
            if (!hit_fin(&h)) bad("c2d_shape_raycast wrote NaN/Inf for '%s'", x->label);
            else if (x->strict && !is_sentinel(&h)) bad("c2d_shape_raycast wrote its output for invalid '%s'", x->label);
            h = sentinel_hit();
            r = direct_raycast(&x->s, rays[j], &h);
            if (r == 1) report_positive(x, "typed raycast", "a ray");
            if (!hit_fin(&h)) bad("typed raycast wrote NaN/Inf for '%s'", x->label);
            else if (r >= 0 && x->strict && !is_sentinel(&h)) bad("typed raycast wrote its output for invalid '%s'", x->label);
        }
        /* these must only not crash (their result for an invalid shape is unspecified) */
        {
            c2d_transform xf = c2d_transform_make(V(1, 2), (c2d_real)0.5);
            c2d_shape t = c2d_shape_transform(&x->s, xf);
            c2d_aabb bb = c2d_shape_aabb(&x->s);
            c2d_proxy px = c2d_shape_proxy(&x->s);
            (void)t;
            (void)bb;
            if (px.count < 0 || px.count > C2D_MAX_POLYGON_VERTICES) bad("c2d_shape_proxy of '%s' has count %d", x->label, px.count);
        }
    }
    finish();
}

/* Valid shapes, invalid ray inputs and points: no hit, nothing written. */
static void bad_rays_and_points_on_good_shapes(void **state) {
    c2d_shape good[6];
    int ng = make_good_shapes(good), i, j;
    c2d_raycast_input rays[9];
    c2d_vec2 pts[5];
    c2d_vec2 lv[6];
    c2d_concave l;
    c2d_arc arc;
    (void)state;
    fill_pts(lv, L_SHAPE, 6);
    assert_status(c2d_concave_make(lv, 6, &l), C2D_OK);
    assert_status(c2d_arc_make(V(0, 0), 0.5, 3, -1, 1, &arc), C2D_OK);
    for (i = 0; i < 9; ++i) {
        rays[i].origin = V(-1.5, -1.5);
        rays[i].translation = V(5, 4);
        rays[i].max_fraction = 1;
    }
    rays[0].origin.x = NAN_R;
    rays[1].origin.y = INF_R;
    rays[2].translation.x = NAN_R;
    rays[3].translation.y = INF_R;
    rays[4].translation = V(INFINITY, INFINITY);
    rays[5].max_fraction = NAN_R;
    rays[6].max_fraction = -1;
    rays[7].max_fraction = -INF_R;
    rays[8].origin = V(-INFINITY, 0);
    rays[8].translation = V(1, 0);
    rays[8].max_fraction = INF_R;
    pts[0] = V(NAN, 0);
    pts[1] = V(0, NAN);
    pts[2] = V(INFINITY, 0);
    pts[3] = V(-INFINITY, INFINITY);
    pts[4] = V(NAN, NAN);
    for (j = 0; j < 9; ++j) {
        if (c2d_raycast_input_is_valid(rays[j])) bad("c2d_raycast_input_is_valid accepts bad ray %d", j);
        for (i = 0; i < ng; ++i) {
            c2d_hit h = sentinel_hit();
            int r;
            if (c2d_shape_raycast(&good[i], rays[j], &h)) bad("c2d_shape_raycast hit shape %d with bad ray %d", i, j);
            if (!is_sentinel(&h)) bad("c2d_shape_raycast wrote its output for bad ray %d on shape %d", j, i);
            h = sentinel_hit();
            r = direct_raycast(&good[i], rays[j], &h);
            if (r == 1) bad("typed raycast hit shape %d with bad ray %d", i, j);
            if (r >= 0 && !is_sentinel(&h)) bad("typed raycast wrote its output for bad ray %d on shape %d", j, i);
        }
        {
            c2d_hit h = sentinel_hit();
            if (c2d_aabb_raycast_padded(good[2].as.aabb, V(0.5, 0.5), rays[j], &h)) bad("c2d_aabb_raycast_padded hit with bad ray %d", j);
            if (!is_sentinel(&h)) bad("c2d_aabb_raycast_padded wrote its output for bad ray %d", j);
            h = sentinel_hit();
            if (c2d_concave_raycast(&l, rays[j], &h)) bad("c2d_concave_raycast hit with bad ray %d", j);
            if (!is_sentinel(&h)) bad("c2d_concave_raycast wrote its output for bad ray %d", j);
        }
    }
    /* bad padding: NaN, infinite or negative (a shrunken box) */
    {
        c2d_raycast_input in;
        c2d_vec2 pads[4];
        in.origin = V(-5, 0.25);
        in.translation = V(10, 0);
        in.max_fraction = 1;
        pads[0] = V(NAN, 0);
        pads[1] = V(0, INFINITY);
        pads[2] = V(-0.5, -0.5);
        pads[3] = V(-3, 0);
        for (j = 0; j < 4; ++j) {
            c2d_hit h = sentinel_hit();
            if (c2d_aabb_raycast_padded(good[2].as.aabb, pads[j], in, &h)) bad("c2d_aabb_raycast_padded hit with bad padding %d", j);
            if (!is_sentinel(&h)) bad("c2d_aabb_raycast_padded wrote its output for bad padding %d", j);
        }
    }
    for (j = 0; j < 5; ++j) {
        c2d_shape ps = c2d_shape_from_point(pts[j]);
        for (i = 0; i < ng; ++i) {
            if (c2d_shape_contains_point(&good[i], pts[j])) bad("c2d_shape_contains_point(shape %d) true for bad point %d", i, j);
            if (direct_contains(&good[i], pts[j]) == 1) bad("typed contains_point(shape %d) true for bad point %d", i, j);
            if (c2d_shape_overlap(&good[i], &ps) || c2d_shape_overlap(&ps, &good[i])) bad("c2d_shape_overlap(shape %d, bad point %d) true", i, j);
        }
        if (c2d_concave_contains_point(&l, pts[j])) bad("c2d_concave_contains_point true for bad point %d", j);
        if (c2d_arc_contains_point(&arc, pts[j])) bad("c2d_arc_contains_point true for bad point %d", j);
    }
    finish();
}

/* ---- concave polygons and arcs ---- */

static void bad_concave_and_arc(void **state) {
    c2d_vec2 lv[6], nanv[6], infv[6], bow[4];
    c2d_concave good, bads[8], c;
    const char *labels[8];
    int nbad = 0, i, j;
    c2d_polygon poly = poly_box(0, 0, 1, 1, 0.2);
    c2d_circle cir = circ(-1, -1, 0.5);
    c2d_segment sg = seg(-3, -1, 3, -1.2);
    c2d_raycast_input in;
    c2d_polygon badpoly;
    c2d_circle badcir;
    c2d_segment badseg;
    c2d_arc arcs[8], ga;
    (void)state;
    fill_pts(lv, L_SHAPE, 6);
    assert_status(c2d_concave_make(lv, 6, &good), C2D_OK);
    memcpy(nanv, lv, sizeof lv);
    nanv[2].x = NAN_R;
    memcpy(infv, lv, sizeof lv);
    infv[4].y = -INF_R;
    c = good;
    c.vertices = NULL;
    labels[nbad] = "vertices NULL";
    bads[nbad++] = c;
    c = good;
    c.count = 0;
    labels[nbad] = "count 0";
    bads[nbad++] = c;
    c = good;
    c.count = 1;
    labels[nbad] = "count 1";
    bads[nbad++] = c;
    c = good;
    c.count = 2;
    labels[nbad] = "count 2";
    bads[nbad++] = c;
    c = good;
    c.count = -4;
    labels[nbad] = "count -4";
    bads[nbad++] = c;
    c = good;
    c.vertices = nanv;
    labels[nbad] = "vertex NaN";
    bads[nbad++] = c;
    c = good;
    c.vertices = infv;
    labels[nbad] = "vertex -Inf";
    bads[nbad++] = c;
    in.origin = V(-5, -1);
    in.translation = V(10, 0);
    in.max_fraction = 1;
    for (i = 0; i < nbad; ++i) {
        c2d_hit h = sentinel_hit();
        if (c2d_concave_is_valid(&bads[i])) bad("c2d_concave_is_valid accepts concave with %s", labels[i]);
        if (c2d_concave_overlap_concave(&bads[i], &good)) bad("c2d_concave_overlap_concave(bad %s, good) true", labels[i]);
        if (c2d_concave_overlap_concave(&good, &bads[i])) bad("c2d_concave_overlap_concave(good, bad %s) true", labels[i]);
        if (c2d_concave_overlap_concave(&bads[i], &bads[i])) bad("c2d_concave_overlap_concave(bad %s, itself) true", labels[i]);
        if (c2d_concave_overlap_polygon(&bads[i], &poly)) bad("c2d_concave_overlap_polygon(bad %s) true", labels[i]);
        if (c2d_concave_overlap_circle(&bads[i], cir)) bad("c2d_concave_overlap_circle(bad %s) true", labels[i]);
        if (c2d_concave_overlap_segment(&bads[i], sg)) bad("c2d_concave_overlap_segment(bad %s) true", labels[i]);
        if (c2d_concave_contains_point(&bads[i], V(-1, -1))) bad("c2d_concave_contains_point(bad %s) true", labels[i]);
        if (c2d_concave_raycast(&bads[i], in, &h)) bad("c2d_concave_raycast(bad %s) hit", labels[i]);
        if (!is_sentinel(&h)) bad("c2d_concave_raycast(bad %s) wrote its output", labels[i]);
    }
    /* a valid concave against invalid partners */
    badpoly = poly;
    badpoly.count = 2;
    if (c2d_concave_overlap_polygon(&good, &badpoly)) bad("c2d_concave_overlap_polygon(good, polygon count 2) true");
    badpoly = clockwise_box(true);
    if (c2d_concave_overlap_polygon(&good, &badpoly)) bad("c2d_concave_overlap_polygon(good, clockwise polygon) true");
    badpoly = poly;
    badpoly.count = 1 << 20;
    if (c2d_concave_overlap_polygon(&good, &badpoly)) bad("c2d_concave_overlap_polygon(good, polygon count 2^20) true");
    badcir = cir;
    badcir.radius = -1;
    if (c2d_concave_overlap_circle(&good, badcir)) bad("c2d_concave_overlap_circle(good, radius -1) true");
    badcir = cir;
    badcir.radius = NAN_R;
    if (c2d_concave_overlap_circle(&good, badcir)) bad("c2d_concave_overlap_circle(good, radius NaN) true");
    badcir = cir;
    badcir.center.x = INF_R;
    if (c2d_concave_overlap_circle(&good, badcir)) bad("c2d_concave_overlap_circle(good, center Inf) true");
    badseg = sg;
    badseg.p1.x = NAN_R;
    if (c2d_concave_overlap_segment(&good, badseg)) bad("c2d_concave_overlap_segment(good, NaN segment) true");
    badseg.p1 = V(-INFINITY, -1);
    badseg.p2 = V(INFINITY, -1);
    if (c2d_concave_overlap_segment(&good, badseg)) bad("c2d_concave_overlap_segment(good, infinite segment) true");
    /* bounds that do not match the vertices: invalid, but checking them costs O(n) per query;
     * only no crash and no NaN are required */
    c = good;
    c.bounds.upper.x = NAN_R;
    if (c2d_concave_is_valid(&c)) bad("c2d_concave_is_valid accepts NaN bounds");
    {
        c2d_hit h = sentinel_hit();
        (void)c2d_concave_overlap_concave(&c, &good);
        (void)c2d_concave_overlap_circle(&c, cir);
        if (c2d_concave_raycast(&c, in, &h) && !hit_fin(&h)) bad("c2d_concave_raycast(NaN bounds) wrote NaN");
    }
    /* a self-intersecting one made by hand: no crash, no NaN (its answers are unspecified) */
    bow[0] = V(0, 0);
    bow[1] = V(2, 2);
    bow[2] = V(2, 0);
    bow[3] = V(0, 2);
    c.vertices = bow;
    c.count = 4;
    c.bounds.lower = V(0, 0);
    c.bounds.upper = V(2, 2);
    c.signed_area = 1;
    if (c2d_concave_is_valid(&c)) bad("c2d_concave_is_valid accepts a bow tie");
    {
        c2d_hit h = sentinel_hit();
        (void)c2d_concave_overlap_concave(&c, &good);
        (void)c2d_concave_overlap_polygon(&c, &poly);
        (void)c2d_concave_contains_point(&c, V(1, 0.5));
        if (c2d_concave_raycast(&c, in, &h) && !hit_fin(&h)) bad("c2d_concave_raycast(bow tie) wrote NaN");
    }

    /* arcs */
    assert_status(c2d_arc_make(V(0, 0), 1, 2, 0, 1.5, &ga), C2D_OK);
    assert_true(c2d_arc_contains_point(&ga, V(1, 1))); /* radius 1.41, angle 45 degrees: inside */
    for (i = 0; i < 8; ++i) arcs[i] = ga;
    arcs[0].inner_radius = -1;
    arcs[1].outer_radius = NAN_R;
    arcs[2].outer_radius = (c2d_real)0.5; /* outer < inner */
    arcs[3].sweep_angle = 0;
    arcs[4].sweep_angle = NAN_R;
    arcs[5].sweep_angle = -1;
    arcs[6].center.y = INF_R;
    arcs[7].start_dir = V(NAN, NAN);
    for (j = 0; j < 8; ++j) {
        if (c2d_arc_is_valid(&arcs[j])) bad("c2d_arc_is_valid accepts bad arc %d", j);
        if (c2d_arc_contains_point(&arcs[j], V(1, 1))) bad("c2d_arc_contains_point true for bad arc %d", j);
        if (c2d_arc_contains_point(&arcs[j], V(0.8, 0.2))) bad("c2d_arc_contains_point true for bad arc %d (probe 2)", j);
    }
    finish();
}

/* ---- sweeps ---- */

static void bad_sweeps(void **state) {
    c2d_aabb good_a = box_c(0, 0, 1, 1), good_b = box_c(5, 0, 1, 1);
    c2d_vec2 good_d = V(10, 0);
    c2d_aabb bads[7];
    c2d_vec2 badd[4];
    c2d_aabb statics[3];
    int i, idx;
    c2d_sweep s;
    (void)state;
    bads[0].lower = V(NAN, -1);
    bads[0].upper = V(1, 1);
    bads[1].lower = V(-1, -1);
    bads[1].upper = V(INFINITY, 1);
    bads[2].lower = V(-INFINITY, -INFINITY);
    bads[2].upper = V(INFINITY, INFINITY);
    bads[3].lower = V(0, 0);
    bads[3].upper = V(0, 0);
    bads[4].lower = V(1, 1);
    bads[4].upper = V(-1, -1);
    bads[5].lower = V(4, 1);
    bads[5].upper = V(2, -1); /* inverted, in the path */
    bads[6].lower = V(3, -1);
    bads[6].upper = V(3, 1); /* zero width, in the path */
    badd[0] = V(NAN, 0);
    badd[1] = V(0, INFINITY);
    badd[2] = V(-INFINITY, 0);
    badd[3] = V(NAN, NAN);
    for (i = 0; i < 7; ++i) {
        s = c2d_aabb_sweep_aabb(bads[i], good_d, good_b);
        if (s.has_hit) bad("c2d_aabb_sweep_aabb(bad a %d) has a hit", i);
        if (!sweep_fin(&s)) bad("c2d_aabb_sweep_aabb(bad a %d) returned NaN/Inf", i);
        s = c2d_aabb_sweep_aabb(good_a, good_d, bads[i]);
        if (s.has_hit) bad("c2d_aabb_sweep_aabb(bad b %d) has a hit", i);
        if (!sweep_fin(&s)) bad("c2d_aabb_sweep_aabb(bad b %d) returned NaN/Inf", i);
    }
    for (i = 0; i < 4; ++i) {
        s = c2d_aabb_sweep_aabb(good_a, badd[i], good_b);
        if (s.has_hit) bad("c2d_aabb_sweep_aabb(bad delta %d) has a hit", i);
        if (!sweep_fin(&s)) bad("c2d_aabb_sweep_aabb(bad delta %d) returned NaN/Inf", i);
        idx = 7;
        s = c2d_aabb_sweep_into(good_a, badd[i], &good_b, 1, &idx);
        if (s.has_hit || idx != -1) bad("c2d_aabb_sweep_into(bad delta %d): has_hit %d index %d", i, s.has_hit, idx);
        if (!sweep_fin(&s)) bad("c2d_aabb_sweep_into(bad delta %d) returned NaN/Inf", i);
    }
    /* empty or missing lists */
    idx = 7;
    s = c2d_aabb_sweep_into(good_a, good_d, NULL, 0, &idx);
    if (s.has_hit || idx != -1 || !sweep_fin(&s)) bad("c2d_aabb_sweep_into(NULL, 0): has_hit %d index %d", s.has_hit, idx);
    idx = 7;
    s = c2d_aabb_sweep_into(good_a, good_d, NULL, 3, &idx);
    if (s.has_hit || idx != -1 || !sweep_fin(&s)) bad("c2d_aabb_sweep_into(NULL, 3): has_hit %d index %d", s.has_hit, idx);
    idx = 7;
    s = c2d_aabb_sweep_into(good_a, good_d, &good_b, -2, &idx);
    if (s.has_hit || idx != -1 || !sweep_fin(&s)) bad("c2d_aabb_sweep_into(count -2): has_hit %d index %d", s.has_hit, idx);
    s = c2d_aabb_sweep_into(good_a, good_d, &good_b, 1, NULL); /* hit_index may be NULL */
    if (!s.has_hit) bad("c2d_aabb_sweep_into(.., NULL index) missed a box in the path");
    /* invalid statics are skipped (one moved into the path, one where a starts); the valid one
     * behind them is hit: a's right edge at 1, its left edge at 4, a move of 10: time 0.3 */
    for (i = 0; i < 7; ++i) {
        statics[0] = bads[i];
        if (i < 5) {
            statics[0].lower.x += (c2d_real)2.5;
            statics[0].upper.x += (c2d_real)2.5;
        }
        statics[1] = good_b;
        statics[2] = bads[i];
        idx = 7;
        s = c2d_aabb_sweep_into(good_a, good_d, statics, 3, &idx);
        if (!sweep_fin(&s)) bad("c2d_aabb_sweep_into with bad box %d returned NaN/Inf", i);
        if (!s.has_hit || idx != 1) bad("c2d_aabb_sweep_into with bad box %d: has_hit %d index %d, expected the valid box 1", i, s.has_hit, idx);
        else if (fabs((double)s.hit.time - 0.3) > TOL) bad("c2d_aabb_sweep_into with bad box %d: time %g, expected 0.3", i, (double)s.hit.time);
    }
    finish();
}

/* ---- distance ---- */

static void bad_distance_inputs(void **state) {
    c2d_vec2 pts[4] = {{0, 0}, {1, 0}, {1, 1}, {0, 1}};
    c2d_vec2 many[20];
    c2d_proxy good, p;
    c2d_distance_result d, d0;
    c2d_segment_distance_result sd;
    c2d_segment s_ok = seg(0, 0, 1, 0), s_bad;
    int i;
    (void)state;
    good = c2d_make_proxy(pts, 4, (c2d_real)0.5);
    for (i = 0; i < 20; ++i) many[i] = V(i, 0);
    /* documented: a larger count keeps the first C2D_MAX_POLYGON_VERTICES points; NULL points or
     * count < 1 give an empty proxy (both assert first in debug builds) */
    p = c2d_make_proxy(many, 20, 0);
    if (p.count != C2D_MAX_POLYGON_VERTICES) bad("c2d_make_proxy(20 points) count %d, documented %d", p.count, C2D_MAX_POLYGON_VERTICES);
    else if (p.points[C2D_MAX_POLYGON_VERTICES - 1].x != (c2d_real)(C2D_MAX_POLYGON_VERTICES - 1)) bad("c2d_make_proxy(20 points) did not keep the first points");
    p = c2d_make_proxy(pts, 0, 0);
    if (p.count != 0) bad("c2d_make_proxy(0 points) count %d, documented empty", p.count);
    p = c2d_make_proxy(pts, -5, 0);
    if (p.count != 0) bad("c2d_make_proxy(-5 points) count %d, documented empty", p.count);
    p = c2d_make_proxy(NULL, 3, 0);
    if (p.count != 0) bad("c2d_make_proxy(NULL, 3) count %d, documented empty", p.count);
    /* an empty proxy is invalid input for c2d_distance */
    p = c2d_make_proxy(pts, 0, 0);
    d = c2d_distance(&p, &good, 0);
    if (d.status != C2D_DISTANCE_INVALID_INPUT) bad("c2d_distance(empty made proxy) status %d", (int)d.status);

#define DIST_INVALID(proxy_expr, label)                                                                                                              \
  do {                                                                                                                                               \
    c2d_proxy q_ = (proxy_expr);                                                                                                                     \
    d = c2d_distance(&q_, &good, 0);                                                                                                                 \
    if (d.status != C2D_DISTANCE_INVALID_INPUT) bad("c2d_distance(%s) status %d, expected INVALID_INPUT", label, (int)d.status);                     \
    if (!dist_fin(&d) || d.distance != 0 || !vzero(d.point_a) || !vzero(d.point_b)) bad("c2d_distance(%s): not distance 0 with zero points", label); \
    d = c2d_distance(&good, &q_, 0);                                                                                                                 \
    if (d.status != C2D_DISTANCE_INVALID_INPUT) bad("c2d_distance(good, %s) status %d, expected INVALID_INPUT", label, (int)d.status);               \
    if (!dist_fin(&d) || d.distance != 0) bad("c2d_distance(good, %s): not distance 0", label);                                                      \
  } while (0)
    p = good;
    p.count = 0;
    DIST_INVALID(p, "count 0");
    p = good;
    p.count = -3;
    DIST_INVALID(p, "count -3");
    p = good;
    p.points[1].x = NAN_R;
    DIST_INVALID(p, "NaN point");
    p = good;
    p.points[2].y = -INF_R;
    DIST_INVALID(p, "-Inf point");
    p = good;
    p.radius = NAN_R;
    DIST_INVALID(p, "radius NaN");
    p = good;
    p.radius = INF_R;
    DIST_INVALID(p, "radius Inf");
    /* more points than a proxy holds: no crash, no NaN (clamping or rejecting are both safe) */
    p = good;
    p.count = 1 << 20;
    d = c2d_distance(&p, &good, 0);
    if (!dist_fin(&d) || !(d.distance >= 0)) bad("c2d_distance(count 2^20) distance %g", (double)d.distance);
    /* documented: a negative radius or an out-of-range point is invalid input too */
    p = good;
    p.radius = -1;
    DIST_INVALID(p, "radius -1");
    p = good;
    p.points[0].y = BIG_R;
    DIST_INVALID(p, "point beyond C2D_MAX_COORD");
#undef DIST_INVALID
    /* max_iterations <= 0 means the default */
    p = c2d_make_proxy(pts, 4, 0);
    for (i = 0; i < 4; ++i) p.points[i].x += 3;
    d0 = c2d_distance(&p, &good, 0);
    d = c2d_distance(&p, &good, -7);
    assert_int_equal(d.status, C2D_DISTANCE_OK);
    assert_near(d0.distance, 1.5, TOL); /* gap 2 between the cores minus radius 0.5 */
    assert_near(d.distance, d0.distance, 0);

    /* segment distance, documented: non-finite input gives zero points and fractions and
     * distance_squared = C2D_MAX_COORD squared */
    for (i = 0; i < 2; ++i) {
        s_bad = s_ok;
        if (i == 0) s_bad.p2.y = NAN_R;
        else s_bad.p1.x = -INF_R;
        sd = i == 0 ? c2d_segment_distance(s_bad, s_ok) : c2d_segment_distance(s_ok, s_bad);
        if (!vzero(sd.closest1) || !vzero(sd.closest2) || sd.fraction1 != 0 || sd.fraction2 != 0 ||
            !fin(sd.distance_squared) || sd.distance_squared != (c2d_real)C2D_MAX_COORD * (c2d_real)C2D_MAX_COORD)
            bad("c2d_segment_distance(%s segment): not the documented zero points, distance_squared C2D_MAX_COORD^2 (got %g)",
                i == 0 ? "NaN" : "infinite", (double)sd.distance_squared);
    }
    finish();
}

/* ---- segment intersection points ---- */

static void bad_segment_intersections(void **state) {
    c2d_segment a = seg(-1, -1, 1, 1), b = seg(-1, 1, 1, -1), nanseg = seg(NAN, 0, 1, 1), infseg = seg(-INFINITY, 0, INFINITY, 0);
    c2d_vec2 pt;
    c2d_real f;
    c2d_hit h;
    (void)state;
    pt = V(77, 77);
    f = 77;
    if (c2d_segment_intersect_segment(nanseg, b, &pt, &f)) bad("c2d_segment_intersect_segment(NaN) true");
    if (pt.x != 77 || pt.y != 77 || f != 77) bad("c2d_segment_intersect_segment(NaN) wrote its outputs");
    if (c2d_segment_intersect_segment(a, infseg, &pt, &f)) bad("c2d_segment_intersect_segment(infinite) true");
    if (c2d_segment_intersect_segment(infseg, infseg, &pt, NULL)) bad("c2d_segment_intersect_segment(infinite, itself) true");
    if (pt.x != 77 || pt.y != 77 || f != 77) bad("c2d_segment_intersect_segment(infinite) wrote its outputs");
    if (c2d_line_intersect_line(nanseg, b, &pt)) bad("c2d_line_intersect_line(NaN) true");
    if (c2d_line_intersect_line(a, seg(0, 1, 2, 3), &pt)) bad("c2d_line_intersect_line(parallel) true");
    if (c2d_line_intersect_line(a, seg(0.5, 0.5, 0.5, 0.5), &pt)) bad("c2d_line_intersect_line(zero length) true");
    if (pt.x != 77 || pt.y != 77) bad("c2d_line_intersect_line wrote its output on false");
    /* valid ones for contrast */
    assert_true(c2d_segment_intersect_segment(a, b, &pt, &f));
    assert_vec_near(pt, 0, 0, TOL);
    assert_near(f, 0.5, TOL);
    assert_true(c2d_line_intersect_line(a, seg(2, 0, 3, 0), &pt));
    assert_vec_near(pt, 0, 0, TOL);
    h = sentinel_hit();
    if (c2d_segment_hit_segment(nanseg, nanseg, &h) || !is_sentinel(&h)) bad("c2d_segment_hit_segment(NaN, NaN) hit or wrote");
    finish();
}

/* ---- the generic API with an unknown tag ---- */

static void unknown_shape_tag(void **state) {
    c2d_shape bogus, good;
    c2d_hit h = sentinel_hit();
    c2d_manifold m;
    c2d_distance_result d;
    c2d_raycast_input in;
    int before;
    (void)state;
    memset(&bogus, 0, sizeof bogus);
    bogus.type = (c2d_shape_type)99;
    bogus.as.circle.radius = 5;
    good = c2d_shape_from_circle(circ(0, 0, 2));
    in.origin = V(-5, 0);
    in.translation = V(10, 0);
    in.max_fraction = 1;
    before = g_asserts;
    assert_false(c2d_shape_overlap(&bogus, &good));
#ifndef NDEBUG
    /* documented: an unknown tag asserts (debug builds) and returns false */
    assert_true(g_asserts > before);
#endif
    (void)before;
    assert_false(c2d_shape_overlap(&good, &bogus));
    assert_false(c2d_shape_overlap(&bogus, &bogus));
    assert_false(c2d_shape_hit(&bogus, &good, &h));
    assert_false(c2d_shape_hit(&good, &bogus, &h));
    assert_true(is_sentinel(&h));
    m = c2d_shape_manifold(&bogus, &good);
    assert_int_equal(m.count, 0);
    assert_true(manifold_fin(&m));
    assert_false(c2d_shape_raycast(&bogus, in, &h));
    assert_true(is_sentinel(&h));
    assert_false(c2d_shape_contains_point(&bogus, V(0, 0)));
    assert_false(c2d_shape_is_valid(&bogus));
    d = c2d_shape_distance(&bogus, &good);
    assert_true(dist_fin(&d));
    {
        c2d_aabb bb = c2d_shape_aabb(&bogus);
        c2d_proxy px = c2d_shape_proxy(&bogus);
        c2d_shape t = c2d_shape_transform(&bogus, c2d_transform_identity());
        (void)bb;
        (void)t;
        assert_true(px.count >= 0 && px.count <= C2D_MAX_POLYGON_VERTICES);
    }
    bogus.type = (c2d_shape_type)-1;
    assert_false(c2d_shape_overlap(&bogus, &good));
    assert_false(c2d_shape_hit(&good, &bogus, &h));
    assert_int_equal(c2d_shape_manifold(&good, &bogus).count, 0);
    assert_false(c2d_shape_raycast(&bogus, in, &h));
    assert_false(c2d_shape_is_valid(&bogus));
}

/* ---- zero-length segments and zero moves: point tests ---- */

static void zero_length_segments_are_points(void **state) {
    c2d_circle c = circ(0, 0, 1);
    c2d_aabb b = box_c(0, 0, 1, 1);
    c2d_capsule k = caps(-1, 0, 1, 0, 0.5);
    c2d_polygon p = poly_box(0, 0, 1, 1, 0);
    c2d_segment in = seg(0.5, 0.25, 0.5, 0.25), out = seg(1.5, 0, 1.5, 0), onedge = seg(1, 0, 1, 0);
    c2d_segment line = seg(-1, 0, 1, 0);
    c2d_segment_distance_result sd;
    c2d_hit h;
    (void)state;
    /* inside: overlaps like the point (0.5, 0.25); outside or on the boundary: no */
    assert_true(c2d_segment_overlap_circle(in, c));
    assert_false(c2d_segment_overlap_circle(out, c));
    assert_false(c2d_segment_overlap_circle(onedge, c)); /* (1, 0) is on the circle */
    assert_true(c2d_segment_overlap_aabb(in, b));
    assert_false(c2d_segment_overlap_aabb(out, b));
    assert_false(c2d_segment_overlap_aabb(onedge, b)); /* (1, 0) is on the right edge */
    assert_true(c2d_segment_overlap_capsule(in, k));   /* 0.25 from the core, radius 0.5 */
    assert_false(c2d_segment_overlap_capsule(out, k)); /* 0.5 from the core end (1, 0): touching */
    assert_true(c2d_segment_overlap_polygon(in, &p));
    assert_false(c2d_segment_overlap_polygon(onedge, &p));
    /* closed rule: a zero-length segment on another segment shares a point with it */
    assert_true(c2d_segment_overlap_segment(seg(0.25, 0, 0.25, 0), line));
    assert_true(c2d_segment_overlap_segment(line, seg(1, 0, 1, 0))); /* at an endpoint */
    assert_false(c2d_segment_overlap_segment(seg(0.25, 0.001, 0.25, 0.001), line));
    assert_true(c2d_segment_overlap_segment(seg(2, 3, 2, 3), seg(2, 3, 2, 3)));
    assert_false(c2d_segment_overlap_segment(seg(2, 3, 2, 3), seg(2, 3.5, 2, 3.5)));
    /* hit with b of zero length: documented normal (0,0), delta (0,0), pos the shared point */
    assert_true(c2d_segment_hit_segment(line, seg(0.25, 0, 0.25, 0), &h));
    assert_hit_finite(h);
    assert_vec_near(h.pos, 0.25, 0, TOL);
    assert_vec_near(h.normal, 0, 0, 0);
    assert_vec_near(h.delta, 0, 0, 0);
    /* closest points with zero-length segments */
    sd = c2d_segment_distance(seg(0, 0, 0, 0), seg(3, 4, 3, 4));
    assert_near(sd.distance_squared, 25, TOL);
    assert_vec_near(sd.closest1, 0, 0, TOL);
    assert_vec_near(sd.closest2, 3, 4, TOL);
    sd = c2d_segment_distance(seg(0.5, 2, 0.5, 2), line);
    assert_near(sd.distance_squared, 4, TOL);
    assert_vec_near(sd.closest2, 0.5, 0, TOL);
    assert_near(sd.fraction2, 0.75, TOL);
    /* a zero-length segment as a generic shape: contains only its point */
    {
        c2d_shape zs = c2d_shape_from_segment(seg(0.5, 0.25, 0.5, 0.25)), cs = c2d_shape_from_circle(c);
        assert_true(c2d_shape_contains_point(&zs, V(0.5, 0.25)));
        assert_false(c2d_shape_contains_point(&zs, V(0.5, 0.3)));
        assert_true(c2d_shape_overlap(&zs, &cs));
        assert_true(c2d_shape_overlap(&cs, &zs));
    }
}

static void zero_moves_are_point_tests(void **state) {
    c2d_circle c = circ(0, 0, 1);
    c2d_aabb b = box_c(0, 0, 1, 1);
    c2d_capsule k = caps(-1, 0, 1, 0, 0.5);
    c2d_polygon p = poly_box(0, 0, 1, 1, 0);
    c2d_raycast_input in;
    c2d_hit h;
    c2d_sweep s;
    (void)state;
    /* origin inside, zero translation: hit at time 0 with the nearest boundary's normal */
    in.origin = V(0.5, 0);
    in.translation = V(0, 0);
    in.max_fraction = 1;
    h = sentinel_hit();
    assert_true(c2d_circle_raycast(c, in, &h));
    assert_hit_finite(h);
    assert_near(h.time, 0, 0);
    assert_vec_near(h.normal, 1, 0, TOL);
    in.origin = V(0.5, 0.1);
    h = sentinel_hit();
    assert_true(c2d_aabb_raycast(b, in, &h));
    assert_hit_finite(h);
    assert_near(h.time, 0, 0);
    assert_vec_near(h.normal, 1, 0, TOL); /* right edge 0.5 away, top edge 0.9 */
    h = sentinel_hit();
    assert_true(c2d_polygon_raycast(&p, in, &h));
    assert_hit_finite(h);
    assert_near(h.time, 0, 0);
    assert_vec_near(h.normal, 1, 0, TOL);
    in.origin = V(0.2, 0.3);
    h = sentinel_hit();
    assert_true(c2d_capsule_raycast(k, in, &h));
    assert_hit_finite(h);
    assert_near(h.time, 0, 0);
    assert_vec_near(h.normal, 0, 1, TOL); /* pushed away from the core */
    /* max_fraction 0 with a nonzero translation is the same point test */
    in.origin = V(0.5, 0);
    in.translation = V(1, 0);
    in.max_fraction = 0;
    h = sentinel_hit();
    assert_true(c2d_circle_raycast(c, in, &h));
    assert_near(h.time, 0, 0);
    assert_hit_finite(h);
    /* origin outside (or on the boundary), zero translation: no hit, nothing written */
    in.translation = V(0, 0);
    in.max_fraction = 1;
    in.origin = V(2, 0);
    h = sentinel_hit();
    assert_false(c2d_circle_raycast(c, in, &h));
    assert_false(c2d_aabb_raycast(b, in, &h));
    assert_false(c2d_capsule_raycast(k, in, &h));
    assert_false(c2d_polygon_raycast(&p, in, &h));
    in.origin = V(1, 0);
    assert_false(c2d_circle_raycast(c, in, &h));
    assert_false(c2d_aabb_raycast(b, in, &h));
    assert_false(c2d_polygon_raycast(&p, in, &h));
    assert_true(is_sentinel(&h));
    /* a zero-length cast against a segment: a point, which crosses nothing */
    in.origin = V(0, 0);
    assert_false(c2d_segment_raycast(seg(-1, 1, 1, 1), in, &h));
    assert_true(is_sentinel(&h));
    /* zero delta sweep is the static test */
    s = c2d_aabb_sweep_aabb(box_c(0, 0, 1, 1), V(0, 0), box_c(1.5, 0, 1, 1));
    assert_true(s.has_hit);
    assert_near(s.hit.time, 0, 0);
    assert_vec_near(s.hit.normal, -1, 0, TOL);
    assert_true(sweep_fin(&s));
    s = c2d_aabb_sweep_aabb(box_c(0, 0, 1, 1), V(0, 0), box_c(3, 0, 1, 1));
    assert_false(s.has_hit);
    assert_near(s.time, 1, 0);
    assert_vec_near(s.pos, 0, 0, TOL);
}

/* The intersect article's slab test (seed 000/002, AABB vs Segment) computes 1/delta per axis and
 * multiplies by it; for a segment lying on an edge's line, or a zero move starting on an edge,
 * that is 0 * Infinity = NaN, every comparison with NaN is false, and the seed returns a hit.
 * The touching rule says a segment running along an edge, or a point on the boundary, is no hit. */
static void seed_segment_along_box_edge_no_hit(void **state) {
    c2d_aabb b = box_c(0, 0, 1, 1);
    c2d_raycast_input in;
    c2d_hit h = sentinel_hit();
    (void)state;
    /* seed: intersectSegment(pos (-2, 1), delta (4, 0)) on a box at (0,0) half (1,1) -> a hit at
     * time 0.25 (nearTimeY = 0 * Infinity = NaN); correct: no hit, it only runs along the top edge */
    in.origin = V(-2, 1);
    in.translation = V(4, 0);
    in.max_fraction = 1;
    assert_false(c2d_aabb_raycast(b, in, &h));
    assert_false(c2d_segment_overlap_aabb(seg(-2, 1, 2, 1), b));
    assert_false(c2d_segment_hit_aabb(seg(-2, 1, 2, 1), b, &h));
    assert_true(is_sentinel(&h));
    /* the same along the left edge, going down */
    in.origin = V(-1, 3);
    in.translation = V(0, -6);
    assert_false(c2d_aabb_raycast(b, in, &h));
    assert_true(is_sentinel(&h));
    /* just inside the top edge it does hit, at x = -1 (time 0.25) */
    in.origin = V(-2, 0.999);
    in.translation = V(4, 0);
    assert_true(c2d_aabb_raycast(b, in, &h));
    assert_near(h.time, 0.25, TOL);
    assert_vec_near(h.normal, -1, 0, TOL);
}

static void seed_zero_delta_on_box_edge_no_hit(void **state) {
    c2d_aabb b = box_c(0, 0, 1, 1);
    c2d_raycast_input in;
    c2d_hit h = sentinel_hit();
    (void)state;
    /* seed: intersectSegment(pos (1, 0), delta (0, 0)) -> farTimeX = 0 * Infinity = NaN and a hit at
     * time 0; correct: (1, 0) is on the right edge, outside the open box: no hit */
    in.origin = V(1, 0);
    in.translation = V(0, 0);
    in.max_fraction = 1;
    assert_false(c2d_aabb_raycast(b, in, &h));
    in.origin = V(1, 1); /* a corner */
    assert_false(c2d_aabb_raycast(b, in, &h));
    assert_true(is_sentinel(&h));
    assert_false(c2d_point_hit_aabb(V(1, 0), b, &h));
    assert_true(is_sentinel(&h));
}

/* ---- huge coordinates: the same answers as near the origin ---- */

#ifdef C2D_DOUBLE
#  define HUGE_OFF 1e12
#  define HUGE_TOL 1e-3
#else
#  define HUGE_OFF 1e6
#  define HUGE_TOL 0.1
#endif

/* Shapes built with the constructors at (ox, oy) + the given local coordinates. All the values
 * used below are small integers or halves, exact in float at 1e6 and in double at 1e12, so the
 * far copy is the exact translation of the near one. */
typedef struct huge_case {
    const char *label;
    c2d_shape a, b;
    bool expect;
} huge_case;

static c2d_shape h_circle(double ox, double oy, double x, double y, double r) {
    c2d_circle c;
    assert_status(c2d_circle_make(V(ox + x, oy + y), (c2d_real)r, &c), C2D_OK);
    return c2d_shape_from_circle(c);
}
static c2d_shape h_box(double ox, double oy, double lx, double ly, double ux, double uy) {
    c2d_aabb b;
    assert_status(c2d_aabb_make(V(ox + lx, oy + ly), V(ox + ux, oy + uy), &b), C2D_OK);
    return c2d_shape_from_aabb(b);
}
static c2d_shape h_capsule(double ox, double oy, double x1, double y1, double x2, double y2, double r) {
    c2d_capsule k;
    assert_status(c2d_capsule_make(V(ox + x1, oy + y1), V(ox + x2, oy + y2), (c2d_real)r, &k), C2D_OK);
    return c2d_shape_from_capsule(k);
}
static c2d_shape h_segment(double ox, double oy, double x1, double y1, double x2, double y2) {
    c2d_segment s;
    assert_status(c2d_segment_make(V(ox + x1, oy + y1), V(ox + x2, oy + y2), &s), C2D_OK);
    return c2d_shape_from_segment(s);
}
static c2d_shape h_poly(double ox, double oy, const double *xy, int n) {
    c2d_vec2 pts[8];
    c2d_polygon p;
    int i;
    for (i = 0; i < n; ++i) pts[i] = V(ox + xy[2 * i], oy + xy[2 * i + 1]);
    assert_status(c2d_polygon_make(pts, n, &p), C2D_OK);
    assert_int_equal(p.count, n);
    return c2d_shape_from_polygon(&p);
}

static const double DIAMOND5[8] = {5, 0, 0, 5, -5, 0, 0, -5};

static int make_huge_cases(double ox, double oy, huge_case *c) {
    int n = 0;
    double d2[8];
    int i;
#define HC(lbl, A, B, e) \
  do {                   \
    c[n].label = lbl;    \
    c[n].a = (A);        \
    c[n].b = (B);        \
    c[n].expect = (e);   \
    ++n;                 \
  } while (0)
    HC("circles gap 1", h_circle(ox, oy, 0, 0, 5), h_circle(ox, oy, 11, 0, 5), false);
    HC("circles overlap 1", h_circle(ox, oy, 0, 0, 5), h_circle(ox, oy, 9, 0, 5), true);
    HC("boxes gap 1", h_box(ox, oy, -5, -5, 5, 5), h_box(ox, oy, 6, -5, 16, 5), false);
    HC("boxes overlap 1", h_box(ox, oy, -5, -5, 5, 5), h_box(ox, oy, 4, -5, 14, 5), true);
    for (i = 0; i < 8; ++i) d2[i] = DIAMOND5[i] + (i % 2 == 0 ? 11 : 0);
    HC("diamonds gap 1", h_poly(ox, oy, DIAMOND5, 4), h_poly(ox, oy, d2, 4), false);
    for (i = 0; i < 8; ++i) d2[i] = DIAMOND5[i] + (i % 2 == 0 ? 9 : 0);
    HC("diamonds overlap 1", h_poly(ox, oy, DIAMOND5, 4), h_poly(ox, oy, d2, 4), true);
    HC("diamond vs box gap 1", h_poly(ox, oy, DIAMOND5, 4), h_box(ox, oy, 6, -3, 10, 3), false);
    HC("diamond vs box overlap 1", h_poly(ox, oy, DIAMOND5, 4), h_box(ox, oy, 4, -3, 10, 3), true);
    HC("capsule vs circle gap 1", h_capsule(ox, oy, -5, 0, 5, 0, 2), h_circle(ox, oy, 0, 5, 2), false);
    HC("capsule vs circle overlap 1", h_capsule(ox, oy, -5, 0, 5, 0, 2), h_circle(ox, oy, 0, 3, 2), true);
    HC("box vs circle gap 1", h_box(ox, oy, -5, -5, 5, 5), h_circle(ox, oy, 0, 8, 2), false);
    HC("box vs circle overlap 1", h_box(ox, oy, -5, -5, 5, 5), h_circle(ox, oy, 0, 6, 2), true);
    HC("segment vs box gap 1", h_segment(ox, oy, -10, 6, 10, 6), h_box(ox, oy, -5, -5, 5, 5), false);
    HC("segment vs box through", h_segment(ox, oy, -10, 4, 10, 4), h_box(ox, oy, -5, -5, 5, 5), true);
    HC("segments crossing", h_segment(ox, oy, -1, -1, 1, 1), h_segment(ox, oy, -1, 1, 1, -1), true);
    HC("segments gap 1", h_segment(ox, oy, -1, -1, 1, 1), h_segment(ox, oy, 2, 1, 4, -1), false);
    HC("diamond vs capsule gap 0.5", h_poly(ox, oy, DIAMOND5, 4), h_capsule(ox, oy, 6, -5, 6, 5, 0.5), false);
    HC("diamond vs capsule overlap 0.5", h_poly(ox, oy, DIAMOND5, 4), h_capsule(ox, oy, 6, -5, 6, 5, 1.5), true);
    HC("point in diamond", c2d_shape_from_point(V(ox + 1, oy + 1)), h_poly(ox, oy, DIAMOND5, 4), true);
    HC("point outside diamond", c2d_shape_from_point(V(ox + 3, oy + 3)), h_poly(ox, oy, DIAMOND5, 4), false);
    HC("point in circle", c2d_shape_from_point(V(ox + 2, oy - 2)), h_circle(ox, oy, 0, 0, 3), true);
    HC("segment through capsule", h_segment(ox, oy, 0, -5, 0, 5), h_capsule(ox, oy, -5, 0, 5, 0, 1), true);
#undef HC
    return n;
}

static void huge_coordinates_same_answers(void **state) {
    huge_case near_c[32], far_c[32];
    int nn = make_huge_cases(0, 0, near_c), nf = make_huge_cases(HUGE_OFF, -HUGE_OFF, far_c), i;
    (void)state;
    assert_int_equal(nn, nf);
    for (i = 0; i < nn; ++i) {
        bool on = c2d_shape_overlap(&near_c[i].a, &near_c[i].b);
        bool of = c2d_shape_overlap(&far_c[i].a, &far_c[i].b);
        bool ofr = c2d_shape_overlap(&far_c[i].b, &far_c[i].a);
        int df = direct_overlap(&far_c[i].a, &far_c[i].b);
        c2d_hit hn, hf;
        if (on != near_c[i].expect) bad("%s near the origin: overlap %d, expected %d", near_c[i].label, on, near_c[i].expect);
        if (of != far_c[i].expect || ofr != far_c[i].expect)
            bad("%s at offset %g: overlap %d / reversed %d, expected %d", far_c[i].label, HUGE_OFF, of, ofr, far_c[i].expect);
        if (df >= 0 && df != (int)far_c[i].expect) bad("%s at offset %g: typed overlap %d, expected %d", far_c[i].label, HUGE_OFF, df, far_c[i].expect);
        if (far_c[i].expect && c2d_shape_hit(&near_c[i].a, &near_c[i].b, &hn)) {
            if (!c2d_shape_hit(&far_c[i].a, &far_c[i].b, &hf)) bad("%s at offset: no hit", far_c[i].label);
            else if (fabs((double)hn.delta.x - hf.delta.x) > HUGE_TOL || fabs((double)hn.delta.y - hf.delta.y) > HUGE_TOL)
                bad("%s: push-out (%g, %g) near, (%g, %g) far", far_c[i].label, (double)hn.delta.x, (double)hn.delta.y, (double)hf.delta.x, (double)hf.delta.y);
        }
        if (!far_c[i].expect) {
            c2d_distance_result dn = c2d_shape_distance(&near_c[i].a, &near_c[i].b);
            c2d_distance_result dfr = c2d_shape_distance(&far_c[i].a, &far_c[i].b);
            if (fabs((double)dn.distance - (double)dfr.distance) > HUGE_TOL)
                bad("%s: distance %g near, %g far", far_c[i].label, (double)dn.distance, (double)dfr.distance);
        }
    }
    finish();
}

static void huge_coordinates_hand_computed(void **state) {
    const double o = HUGE_OFF;
    c2d_vec2 tri[3], lv[6];
    c2d_polygon t;
    c2d_concave l;
    c2d_raycast_input in;
    c2d_hit h;
    c2d_vec2 pt;
    c2d_sweep s;
    int i;
    (void)state;
    /* a unit triangle far away is not degenerate */
    tri[0] = V(o, -o);
    tri[1] = V(o + 1, -o);
    tri[2] = V(o, -o + 1);
    assert_status(c2d_polygon_make(tri, 3, &t), C2D_OK);
    assert_int_equal(t.count, 3);
    assert_true(c2d_polygon_is_valid(&t));
    assert_true(c2d_polygon_contains_point(&t, V(o + 0.25, -o + 0.25)));
    assert_false(c2d_polygon_contains_point(&t, V(o + 0.75, -o + 0.75))); /* x + y = 1.5 > 1 */
    assert_false(c2d_polygon_contains_point(&t, V(o + 0.5, -o + 0.5)));   /* on the hypotenuse */
    /* the L shape far away */
    for (i = 0; i < 6; ++i) lv[i] = V(o + L_SHAPE[2 * i], -o + L_SHAPE[2 * i + 1]);
    assert_status(c2d_concave_make(lv, 6, &l), C2D_OK);
    assert_near(l.signed_area, 12, HUGE_TOL);
    assert_true(c2d_concave_contains_point(&l, V(o - 1, -o + 1)));
    assert_false(c2d_concave_contains_point(&l, V(o + 1, -o + 1))); /* in the notch */
    /* a ray from 10 units left of a radius-2 circle, 0.5 above its center: enters at
     * x = -sqrt(4 - 0.25) = -1.936492, after 8.063508 units */
    in.origin = V(o - 10, -o + 0.5);
    in.translation = V(1, 0);
    in.max_fraction = 100;
    assert_true(c2d_circle_raycast(circ(o, -o, 2), in, &h));
    assert_near(h.time, 8.063508, HUGE_TOL);
    assert_near(h.normal.x, -0.968246, HUGE_TOL);
    assert_near(h.normal.y, 0.25, HUGE_TOL);
    assert_near((double)h.pos.x - o, -1.936492, HUGE_TOL);
    assert_true(c2d_aabb_raycast(box_c(o, -o, 2, 2), in, &h));
    assert_near(h.time, 8, HUGE_TOL);
    /* segments crossing at the offset itself */
    assert_true(c2d_segment_intersect_segment(seg(o - 1, -o - 1, o + 1, -o + 1), seg(o - 1, -o + 1, o + 1, -o - 1), &pt, NULL));
    assert_near((double)pt.x - o, 0, HUGE_TOL);
    assert_near((double)pt.y + o, 0, HUGE_TOL);
    /* distance between circles with a gap of 1 */
    {
        c2d_shape a = c2d_shape_from_circle(circ(o, -o, 5)), b = c2d_shape_from_circle(circ(o + 11, -o, 5));
        c2d_distance_result d = c2d_shape_distance(&a, &b);
        assert_near(d.distance, 1, HUGE_TOL);
        assert_vec_near(d.normal, -1, 0, HUGE_TOL);
    }
    /* a box swept 10 to the right into a box 3 units away: first contact at time 0.3 */
    s = c2d_aabb_sweep_aabb(box_c(o, -o, 1, 1), V(10, 0), box_c(o + 5, -o, 1, 1));
    assert_true(s.has_hit);
    assert_near(s.hit.time, 0.3, HUGE_TOL / 10);
    assert_vec_near(s.hit.normal, -1, 0, TOL);
}

/* Findings of the fuzzer (tests/fuzz_queries.c, `make fuzz`), one case each. */
static void fuzz_capsule_contains_at_range_limit(void **state) {
    (void)state;
    /* a capsule at the range limit: its containment test squared products near 1e30 again
     * (1e60 overflows float) and missed a point 7e14 inside; hit and contains now agree */
    c2d_capsule c;
    c2d_shape a, b;
    c2d_hit h;
    c.p1 = V(1e15, 0.5);
    c.p2 = V(1e-7, 1e15);
    c.radius = (c2d_real)1e15;
    a = c2d_shape_from_capsule(c);
    b = c2d_shape_from_point(V(0, 0));
    assert_true(c2d_capsule_contains_point(c, V(0, 0)));
    assert_true(c2d_shape_overlap(&a, &b));
    assert_true(c2d_shape_hit(&a, &b, &h));
    assert_false(c2d_capsule_contains_point(c, V(-1e15, -1e15))); /* far outside stays outside */
}

static void fuzz_boxes_beyond_range_overlap_nothing(void **state) {
    (void)state;
    /* boxes beyond C2D_MAX_COORD: overlap said yes while the manifold (range-checked) said no.
     * c2d_aabb_overlap_aabb now trusts its boxes beyond NaN and inversion (collision.h), so the
     * agreement is the generic layer's, which checks them: shape overlap and the manifold refuse. */
    c2d_aabb p = {{0, 0}, {1, BIG_R}}, q = {{(c2d_real)0.5, 0}, {2, BIG_R}}, r = {{0, 0}, {1, 1}}, t = {{(c2d_real)0.5, 0}, {2, 1}};
    c2d_shape sp = c2d_shape_from_aabb(p), sq = c2d_shape_from_aabb(q), st = c2d_shape_from_aabb(t);
    assert_false(c2d_shape_overlap(&sp, &sq));
    assert_int_equal(c2d_aabb_manifold_aabb(p, q).count, 0);
    assert_int_equal(c2d_shape_manifold(&sp, &sq).count, 0);
    assert_true(c2d_aabb_overlap_aabb(r, t)); /* the same boxes in range */
    assert_true(c2d_aabb_manifold_aabb(r, t).count > 0);
    p.lower.y = -BIG_R;
    p.upper.y = 1;
    sp = c2d_shape_from_aabb(p);
    assert_false(c2d_shape_overlap(&sp, &st));
    assert_int_equal(c2d_aabb_manifold_aabb(p, t).count, 0);
}

static void fuzz_distance_refuses_what_overlap_refuses(void **state) {
    (void)state;
    /* distance measured shapes that overlap refuses: a zero radius, an empty box */
    c2d_capsule c = {{0, 0}, {0, 1}, 0};
    c2d_aabb e = {{0, 0}, {0, 0}};
    c2d_shape a = c2d_shape_from_capsule(c), b = c2d_shape_from_point(V(3, 0)), z = c2d_shape_from_aabb(e);
    assert_int_equal(c2d_shape_distance(&a, &b).status, C2D_DISTANCE_INVALID_INPUT);
    assert_int_equal(c2d_shape_distance(&z, &b).status, C2D_DISTANCE_INVALID_INPUT);
    c.radius = 1;
    a = c2d_shape_from_capsule(c);
    assert_int_equal(c2d_shape_distance(&a, &b).status, C2D_DISTANCE_OK);
    assert_near(c2d_shape_distance(&a, &b).distance, 2, 1e-6);
}

/* c2d_shape_distance's one-pass polygon check (src/validate.h, c2d_polygon_usable_scale): on random
 * convex polygons of every count, each single bad value (a NaN, an infinity or a coordinate beyond
 * C2D_MAX_COORD in any vertex; a NaN or an infinity in any stored normal) gets INVALID_INPUT with
 * its documented reason, garbage in the slots past count is ignored, a clockwise or collapsed
 * polygon and a bad count are refused, and a good polygon gets c2d_distance's own answer (same
 * points, bit for bit, for pairs clear of touching). */
static void fuzz_shape_distance_polygon_check(void **state) {
    test_rng rng = test_rng_make("fuzz_shape_distance_polygon_check");
    const c2d_real bad_values[3] = {NAN_R, INF_R, BIG_R};
    const c2d_status why[3] = {C2D_ERR_NOT_FINITE, C2D_ERR_NOT_FINITE, C2D_ERR_OUT_OF_RANGE};
    int iter, iters = test_iterations(200);
    (void)state;
    for (iter = 0; iter < iters; ++iter) {
        int n = 3 + (int)(test_rng_next(&rng) % (uint64_t)(C2D_MAX_POLYGON_VERTICES - 2)), i, k, b;
        double cx = test_rng_range(&rng, -50, 50), cy = test_rng_range(&rng, -50, 50), r = test_rng_range(&rng, 0.5, 3);
        double a0 = test_rng_range(&rng, 0, 6.28);
        c2d_vec2 pts[C2D_MAX_POLYGON_VERTICES];
        c2d_polygon p, q;
        c2d_shape sp, so = c2d_shape_from_point(V(cx + r + 5, cy));
        c2d_distance_result d, g;
        c2d_proxy pp, po;
        for (i = 0; i < n; ++i) pts[i] = V(cx + r * cos(a0 + 6.283185307179586 * i / n), cy + r * sin(a0 + 6.283185307179586 * i / n));
        assert_status(c2d_polygon_make(pts, n, &p), C2D_OK);
        /* good, with garbage past count: the same answer as c2d_distance on the proxies */
        q = p;
        for (i = n; i < C2D_MAX_POLYGON_VERTICES; ++i) q.vertices[i] = q.normals[i] = V(NAN, INFINITY);
        sp = c2d_shape_from_polygon(&q);
        d = c2d_shape_distance(&so, &sp); /* the point first: the cell the table runs unflipped */
        pp = c2d_make_proxy(p.vertices, n, 0);
        po = c2d_make_proxy(&so.as.point, 1, 0);
        g = c2d_distance(&po, &pp, 0);
        assert_int_equal(d.status, C2D_DISTANCE_OK);
        assert_true(d.distance == g.distance && d.point_a.x == g.point_a.x && d.point_a.y == g.point_a.y);
        assert_true(d.distance > 4);
        /* one bad value at a time */
        for (k = 0; k < n; ++k) {
            for (b = 0; b < 3; ++b) {
                for (i = 0; i < 4; ++i) {
                    q = p;
                    if (i == 0) q.vertices[k].x = bad_values[b];
                    else if (i == 1) q.vertices[k].y = -bad_values[b];
                    else if (b == 2) continue; /* a big normal is finite: not refused */
                    else if (i == 2) q.normals[k].x = bad_values[b];
                    else q.normals[k].y = -bad_values[b];
                    sp = c2d_shape_from_polygon(&q);
                    d = c2d_shape_distance(&sp, &so);
                    assert_int_equal(d.status, C2D_DISTANCE_INVALID_INPUT);
                    assert_int_equal(d.error, why[b]);
                    d = c2d_shape_distance(&so, &sp);
                    assert_int_equal(d.status, C2D_DISTANCE_INVALID_INPUT);
                    assert_int_equal(d.error, why[b]);
                }
            }
        }
        /* clockwise (reversed vertices), collapsed onto a line, bad counts */
        q = p;
        for (i = 0; i < n; ++i) q.vertices[i] = p.vertices[n - 1 - i];
        sp = c2d_shape_from_polygon(&q);
        assert_int_equal(c2d_shape_distance(&sp, &so).error, C2D_ERR_DEGENERATE);
        q = p;
        for (i = 0; i < n; ++i) q.vertices[i].y = p.vertices[0].y;
        sp = c2d_shape_from_polygon(&q);
        assert_int_equal(c2d_shape_distance(&sp, &so).error, C2D_ERR_DEGENERATE);
        q = p;
        q.count = 2;
        sp = c2d_shape_from_polygon(&q);
        assert_int_equal(c2d_shape_distance(&sp, &so).error, C2D_ERR_DEGENERATE);
        q.count = C2D_MAX_POLYGON_VERTICES + 1;
        sp = c2d_shape_from_polygon(&q);
        assert_int_equal(c2d_shape_distance(&so, &sp).error, C2D_ERR_TOO_MANY_POINTS);
    }
}

static void fuzz_distance_zero_on_overlap_mixed_scales(void **state) {
    (void)state;
    /* a box 1e7 long against a thin capsule through it: GJK in float reported 0.37 */
    c2d_aabb box = {{(c2d_real)-1e7, (c2d_real)-0.5}, {(c2d_real)1e-7, (c2d_real)1e-7}};
    c2d_capsule c;
    c2d_shape a, b;
    c.p1 = V(8.75, -7.5);
    c.p2 = V(-0.5, 1e-7);
    c.radius = (c2d_real)1e-7;
    a = c2d_shape_from_aabb(box);
    b = c2d_shape_from_capsule(c);
    assert_true(c2d_shape_overlap(&a, &b));
    assert_true(c2d_shape_distance(&a, &b).distance == 0);
    assert_true(c2d_shape_distance(&b, &a).distance == 0);
}

static void fuzz_concave_overlap_symmetric_tiny_inside(void **state) {
    (void)state;
    /* a triangle inside a sliver, 1e8 times smaller: the two orders answered differently */
    c2d_vec2 pa[4], pb[3];
    c2d_concave ca, cb;
    pa[0] = V(0, 0);
    pa[1] = V(6.875, 10.25);
    pa[2] = V(1e-7, 1e-7);
    pa[3] = V(1e-7, 0);
    pb[0] = V(1e-7, 1e-7);
    pb[1] = V(1e-7, 0);
    pb[2] = V(0, 0);
    assert_status(c2d_concave_make(pa, 4, &ca), C2D_OK);
    assert_status(c2d_concave_make(pb, 3, &cb), C2D_OK);
    assert_true(c2d_concave_overlap_concave(&ca, &cb) == c2d_concave_overlap_concave(&cb, &ca));
}

static void fuzz_subnormal_capsule_core_unit_normal(void **state) {
    (void)state;
    /* a point on the core of a capsule whose core is subnormal: the normal came out (0, 0) */
    c2d_capsule c;
    c2d_hit h;
    c.p1 = V(0, 0);
    c.p2 = c2d_v2(0, (c2d_real)1e-40);
    c.radius = (c2d_real)0.875;
    assert_true(c2d_point_hit_capsule(V(0, 0), c, &h));
    assert_near(c2d_len(h.normal), 1, 1e-6);
    assert_near(c2d_len(h.delta), 0.875, 1e-6);
}

static void fuzz_containment_range_rule(void **state) {
    (void)state;
    /* containment follows the overlap tests' range rule */
    c2d_circle c;
    c.center = V(0, 0);
    c.radius = (c2d_real)C2D_MAX_COORD;
    assert_true(c2d_circle_contains_point(c, V(C2D_MAX_COORD / 2, 0)));
    assert_false(c2d_circle_contains_point(c, V(1.5 * C2D_MAX_COORD, 0))); /* inside, but out of range */
    c.center = V(1.5 * C2D_MAX_COORD, 0);
    assert_false(c2d_circle_contains_point(c, V(1.5 * C2D_MAX_COORD, 0)));
}

/* Radii below C2D_MIN_SIZE square to subnormals or zero: the fuzzer found a point at the center
 * of a circle of radius 2.4e-35 contained by the hit test and not by the containment test. Such
 * radii are now a bad size everywhere; at C2D_MIN_SIZE itself every test agrees. */
static void fuzz_min_radius_both_sides(void **state) {
    c2d_circle c, tiny;
    c2d_capsule k;
    c2d_hit h;
    c2d_shape a, b;
    (void)state;
    assert_status(c2d_circle_make(V(1, 2), (c2d_real)C2D_MIN_SIZE, &c), C2D_OK);
    assert_status(c2d_circle_make(V(1, 2), (c2d_real)C2D_MIN_SIZE / 2, &tiny), C2D_ERR_BAD_SIZE);
    assert_status(c2d_capsule_make(V(1, 2), V(3, 2), (c2d_real)C2D_MIN_SIZE / 2, &k), C2D_ERR_BAD_SIZE);
    assert_true(c2d_circle_is_valid(c));
    assert_true(c2d_circle_contains_point(c, V(1, 2)));
    assert_true(c2d_point_hit_circle(V(1, 2), c, &h));
    a = c2d_shape_from_point(V(1, 2));
    b = c2d_shape_from_circle(c);
    assert_true(c2d_shape_overlap(&a, &b) && c2d_shape_hit(&a, &b, &h));
    tiny.center = V(1, 2);
    tiny.radius = (c2d_real)C2D_MIN_SIZE / 2;
    assert_false(c2d_circle_is_valid(tiny));
    assert_false(c2d_circle_contains_point(tiny, V(1, 2)));
    assert_false(c2d_point_hit_circle(V(1, 2), tiny, &h));
    b = c2d_shape_from_circle(tiny);
    assert_false(c2d_shape_overlap(&a, &b) || c2d_shape_hit(&a, &b, &h));
    assert_int_equal(c2d_shape_distance(&a, &b).status, C2D_DISTANCE_INVALID_INPUT);
}

/* c2d_normalize gave a non-unit vector, or (0, 0), when the squared length underflowed or
 * overflowed; the fuzzer met it as a ray cast's inside normal of 0.96. */
static void fuzz_normalize_extreme_lengths(void **state) {
    const c2d_real tiny = (c2d_real)1e-30, huge = (c2d_real)1e30;
    c2d_vec2 n;
    (void)state;
    n = c2d_normalize(c2d_v2(tiny, tiny));
    assert_near(c2d_len(n), 1, 1e-6);
    assert_near(n.x, 0.70710678, 1e-6);
    n = c2d_normalize(c2d_v2(-huge, huge));
    assert_near(n.x, -0.70710678, 1e-6);
    assert_near(n.y, 0.70710678, 1e-6);
    n = c2d_normalize(c2d_v2(3, 4)); /* the common case, unchanged */
    assert_near(n.x, 0.6, 1e-7);
    assert_near(n.y, 0.8, 1e-7);
    n = c2d_normalize(c2d_v2(0, 0));
    assert_true(n.x == 0 && n.y == 0);
    n = c2d_normalize(c2d_v2(NAN_R, 1));
    assert_true(n.x == 0 && n.y == 0);
    n = c2d_normalize(c2d_v2(INF_R, 1));
    assert_true(n.x == 0 && n.y == 0);
}

/* Overlap, hit and manifold of a pair agree, and a hit's normal is a unit vector. */
static void assert_pair_agrees(const c2d_shape *a, const c2d_shape *b) {
    c2d_hit h;
    bool o = c2d_shape_overlap(a, b);
    assert_true(c2d_shape_overlap(b, a) == o);
    assert_true(c2d_shape_hit(a, b, &h) == o);
    if (o) assert_near(c2d_len(h.normal), 1, 1e-5);
    assert_true((c2d_shape_manifold(a, b).count > 0) == o);
}

#if C2D_MAX_POLYGON_VERTICES >= 8 /* its callers are hand-made 8-gons */
/* A hand-made polygon of count vertices and stored normals, as the fuzzer's inputs held them. */
static c2d_polygon hand_polygon(int count, const float *vx, const float *vy, const float *nx, const float *ny) {
    c2d_polygon p;
    int i;
    assert_true(count <= C2D_MAX_POLYGON_VERTICES);
    memset(&p, 0, sizeof p);
    p.count = count;
    for (i = 0; i < count; ++i) {
        p.vertices[i] = c2d_v2((c2d_real)vx[i], (c2d_real)vy[i]);
        p.normals[i] = c2d_v2((c2d_real)nx[i], (c2d_real)ny[i]);
    }
    return p;
}
#endif

/* Hand-made polygons the fuzzer built: repeated vertices whose edges have (0, 0) stored normals
 * (hits came back with a (0, 0) normal), and a sliver triangle of area 6e-9 with sides of 9,
 * which the hit test refused and the overlap test accepted. */
static void fuzz_hand_made_polygons_agree(void **state) {
    c2d_polygon p;
    c2d_aabb box = {{(c2d_real)-1e14, (c2d_real)-1e14}, {(c2d_real)1e-7, (c2d_real)1e-7}};
    c2d_capsule cap;
    c2d_shape a, b;
    int i;
    (void)state;
#if C2D_MAX_POLYGON_VERTICES >= 5 /* the fuzzer's 5-gon cannot be held by a 4-vertex build */
    memset(&p, 0, sizeof p);
    p.count = 5;
    p.vertices[0] = V(-8.125, 1e-7);
    p.vertices[1] = V(1e-7, -3.7e10);
    for (i = 2; i < 5; ++i) p.vertices[i] = V(0, 0);
    for (i = 0; i < 5; ++i) p.normals[i] = c2d_normalize(c2d_right_perp(c2d_sub(p.vertices[(i + 1) % 5], p.vertices[i])));
    assert_true(p.normals[2].x == 0 && p.normals[2].y == 0);
    a = c2d_shape_from_aabb(box);
    b = c2d_shape_from_polygon(&p);
    assert_pair_agrees(&a, &b);
    p.normals[2] = V(0, -1); /* unit stored normals on the zero edges: usable, hits are unit */
    p.normals[3] = V(0, -1);
    b = c2d_shape_from_polygon(&p);
    assert_pair_agrees(&a, &b);
    assert_true(c2d_shape_overlap(&a, &b));
#endif

    memset(&p, 0, sizeof p);
    p.count = 3;
    p.vertices[0] = V(1e-7, 1e-7);
    p.vertices[1] = V(6.125, 6.25);
    p.vertices[2] = V(0, 0);
    for (i = 0; i < 3; ++i) p.normals[i] = c2d_normalize(c2d_right_perp(c2d_sub(p.vertices[(i + 1) % 3], p.vertices[i])));
    cap.p1 = V(9.625, 13.625);
    cap.p2 = V(8.625, 9.625);
    cap.radius = (c2d_real)9.625;
    a = c2d_shape_from_capsule(cap);
    b = c2d_shape_from_polygon(&p);
    assert_pair_agrees(&a, &b);
    a = c2d_shape_from_aabb(box);
    assert_pair_agrees(&a, &b);
#if C2D_MAX_POLYGON_VERTICES >= 8 /* a hand-made 8-gon */
    {
        /* repeated vertices whose stored normal is 1.6% off unit (-0.125, 1): the hit normal came
         * out as that vector; the polygon is not convex, so only finite unit outputs are promised */
        static const float vx[8] = {3.875f, 8.7960925e+12f, 1e-7f, 1e-7f, 1e-7f, 1e-7f, 0, -0.625f};
        static const float vy[8] = {-6.875f, 1e-7f, 1e-7f, 1e-7f, 1e-7f, 1e-7f, 13.625f, 1e-7f};
        static const float nx[8] = {0.875f, 0.125f, -0.125f, 0, 0, 0, -7.72f, 0}, ny[8] = {1e-7f, 0, 1, 0, 0, 0, 1e-7f, 0};
        c2d_aabb small = {{(c2d_real)-1.25, (c2d_real)-0.125}, {(c2d_real)-0.125, 0}};
        c2d_polygon q = hand_polygon(8, vx, vy, nx, ny);
        c2d_hit h;
        if (c2d_aabb_hit_polygon(small, &q, &h)) assert_near(c2d_len(h.normal), 1, 1e-5);
    }
#endif
    {
        c2d_circle c;
        c.center = V(3, 3);
        c.radius = 1;
        a = c2d_shape_from_circle(c);
        assert_pair_agrees(&a, &b);
    }
}

/* Features too small to square: a capsule core 1e-40 long (its own axis test squared to 0 >= 0 and
 * called a box wholly inside the capsule separate), and boxes narrower than C2D_MIN_SIZE (now a
 * bad size, as radii are), with both sides of that boundary. */
static void fuzz_tiny_features(void **state) {
    c2d_aabb box = {{(c2d_real)1e-7, (c2d_real)-9.75}, {8, (c2d_real)-7.75}}, thin, edge;
    c2d_capsule cap;
    c2d_shape a, b;
    (void)state;
    cap.p1 = V(0, 1e-7);
    cap.p2 = c2d_v2((c2d_real)1e-40, (c2d_real)1e-7);
    cap.radius = (c2d_real)1e7;
    a = c2d_shape_from_aabb(box);
    b = c2d_shape_from_capsule(cap);
    assert_true(c2d_aabb_overlap_capsule(box, cap));
    assert_pair_agrees(&a, &b);
    assert_status(c2d_aabb_make(V(0, 0), c2d_v2((c2d_real)C2D_MIN_SIZE, 1), &edge), C2D_OK);
    assert_status(c2d_aabb_make(V(0, 0), c2d_v2((c2d_real)C2D_MIN_SIZE / 4, 1), &thin), C2D_ERR_BAD_SIZE);
    thin.lower = V(0, 0);
    thin.upper = c2d_v2((c2d_real)C2D_MIN_SIZE / 4, 1);
    assert_true(c2d_aabb_is_valid(edge));
    assert_false(c2d_aabb_is_valid(thin));
    assert_true(c2d_aabb_overlap_aabb(edge, box) == false); /* apart: box starts at x = 1e-7 */
    box.lower.x = -1;
    assert_false(c2d_aabb_overlap_aabb(edge, box)); /* overlapping in x, apart in y */
    box.lower.y = (c2d_real)-0.5;
    box.upper.y = (c2d_real)0.5;
    assert_true(c2d_aabb_overlap_aabb(edge, box));
    /* thin is below C2D_MIN_SIZE: the typed test compares it as it is (it trusts its boxes beyond
     * NaN and inversion); the generic layer and the manifold refuse it */
    assert_int_equal(c2d_aabb_manifold_aabb(thin, box).count, 0);
    assert_false(c2d_aabb_contains_point(thin, c2d_v2((c2d_real)C2D_MIN_SIZE / 8, (c2d_real)0.25)));
    a = c2d_shape_from_aabb(thin);
    b = c2d_shape_from_aabb(box);
    assert_pair_agrees(&a, &b);
    assert_false(c2d_shape_overlap(&a, &b));
    a = c2d_shape_from_aabb(edge);
    assert_pair_agrees(&a, &b);
}

/* A sweep whose contact direction was a vector 1e-22 long: its squared length was subnormal and
 * the normal came out 0.35% longer than unit. */
static void fuzz_sweep_normal_from_tiny_offset(void **state) {
    c2d_capsule cap;
    c2d_segment seg;
    c2d_shape a, b;
    c2d_sweep sw;
    (void)state;
    cap.p1 = V(0, 13.375);
    cap.p2 = V(-0.5, 1e15);
    cap.radius = (c2d_real)1e-7;
    seg.p1 = V(2.125, 13.375);
    seg.p2 = V(13.375, 10.375);
    a = c2d_shape_from_capsule(cap);
    b = c2d_shape_from_segment(seg);
    sw = c2d_shape_cast(&a, V(1e15, 1e-7), &b, V(0, 0));
    if (sw.has_hit) {
        assert_near(c2d_len(sw.hit.normal), 1, 1e-5);
        assert_true(sw.time >= 0 && sw.time <= sw.hit.time && sw.hit.time <= 1);
    }
}

/* The fuzzer's transform mode: a circle against a hand-made 8-gon whose nearest point was 7.5e-23
 * from the center (its squared distance subnormal), giving a normal 0.18% long; and a polygon with
 * stored normals that do not fit its edges, which the ray casts used for their slab planes and
 * output (a normal (12, 12) was returned): such polygons are now never hit by a cast. */
static void fuzz_tiny_contact_distance_and_cast_normals(void **state) {
    static const float vx[8] = {0, 1e-7f, 0, 0.375f, -1.125f, 0.125f, 0, 0}, vy[8] = {-9.99999987e+14f, -9.99999987e+14f, 0, 0, -1.125f, 0, 0, 1.625f};
    static const float nx[8] = {0, 1, 0, -0.6f, 0.668964744f, 0, 1, -1}, ny[8] = {-1, 1e-22f, -1, 0.8f, -0.74329412f, 1, 0, 0};
    c2d_polygon p, box;
    c2d_circle c;
    c2d_manifold m;
    c2d_raycast_input in;
    c2d_hit h;
    (void)state;
#if C2D_MAX_POLYGON_VERTICES >= 8 /* the fuzzer's 8-gon; the box cases below run in every build */
    p = hand_polygon(8, vx, vy, nx, ny);
    c.center = V(0, -0.75);
    c.radius = (c2d_real)5.875;
    m = c2d_circle_manifold_polygon(c, &p);
    if (m.count) assert_near(c2d_len(m.normal), 1, 1e-5);
    if (c2d_circle_hit_polygon(c, &p, &h)) assert_near(c2d_len(h.normal), 1, 1e-5);
#else
    (void)vx;
    (void)vy;
    (void)nx;
    (void)ny;
    (void)p;
    (void)c;
    (void)m;
#endif
    assert_status(c2d_polygon_make_box(V(1, 1), &box), C2D_OK);
    in.origin = V(-3, 0.25);
    in.translation = V(6, 0);
    in.max_fraction = 1;
    assert_true(c2d_polygon_raycast(&box, in, &h));
    assert_near(h.time, 1.0 / 3.0, 1e-6);
    box.normals[3] = V(12, 12); /* the entry edge's normal, garbage */
    assert_false(c2d_polygon_raycast(&box, in, &h));
    box.normals[3] = V(-1, 0);
    box.normals[1] = V(-1, 0); /* the exit edge's normal, pointing inward */
    assert_false(c2d_polygon_raycast(&box, in, &h));
}

/* A circle of radius 1e7 centred 1.4e7 from a valid triangle 28 wide, on the line of one of its
 * edges: the scalar circle-polygon search took the edges as differences of vertices already moved
 * into the circle's frame (rounded to units there), lost the triangle's shape and called the
 * center inside: hit and manifold said yes, the overlap test no. */
static void fuzz_far_circle_thin_triangle(void **state) {
    c2d_vec2 pts[3];
    c2d_polygon p;
    c2d_circle c;
    c2d_hit h;
    (void)state;
    pts[0] = V(-12, -12);
    pts[1] = V(15.875, 15.875);
    pts[2] = V(0, 0.375);
    assert_status(c2d_polygon_make(pts, 3, &p), C2D_OK);
    c.center = V(1e7, 1e7);
    c.radius = (c2d_real)1e7;
    assert_false(c2d_circle_overlap_polygon(c, &p));
    assert_false(c2d_circle_hit_polygon(c, &p, &h));
    assert_int_equal(c2d_circle_manifold_polygon(c, &p).count, 0);
    c.radius = (c2d_real)1.42e7; /* the nearest vertex is 1.4142e7 away */
    assert_true(c2d_circle_overlap_polygon(c, &p));
    assert_true(c2d_circle_hit_polygon(c, &p, &h));
    assert_near(c2d_len(h.normal), 1, 1e-5);
    assert_true(c2d_circle_manifold_polygon(c, &p).count == 1);
}

/* Found by CI's check-fuzz: a triangle one representable step wide (2^21 at x = 2.6e13 in float)
 * whose rounded centroid fell on its left edge, so the polygon did not contain it. No point
 * strictly inside is representable there, so c2d_polygon_make now refuses it; where rounding puts
 * the centroid on an edge of a hull that has inside points, it takes a one-step neighbour that is
 * inside. Double has the same step at 2^73. */
static void fuzz_centroid_rounds_onto_edge(void **state) {
#ifdef C2D_DOUBLE
    const c2d_real x = (c2d_real)0x1.7b6632p+73;
#else
    const c2d_real x = (c2d_real)0x1.7b6632p+44;
#endif
    const c2d_real u = (c2d_real)0x1p+21;
    const c2d_real half = u / 2;
    c2d_vec2 pts[4];
    c2d_polygon p;
    (void)state;
    assert_true(x + u > x && (x + half == x || x + half == x + u)); /* nothing between x and x + u */
    pts[0] = V(x, 0x1.013cp+0);
    pts[1] = V(x + u, 0x1.000034p+0);
    pts[2] = V(x, -0x1.fbffcp+18);
    pts[3] = V(x, 0x1.f82p-1);
    assert_status(c2d_polygon_make(pts, 4, &p), C2D_ERR_DEGENERATE);
    assert_int_equal(p.count, 0);
    /* two steps wide: the column x + u is inside */
    pts[1] = V(x + 2 * u, 0x1.000034p+0);
    assert_status(c2d_polygon_make(pts, 4, &p), C2D_OK);
    assert_true(c2d_polygon_contains_point(&p, p.centroid));
    assert_true(p.centroid.x == x + u);
    /* a sliver near (1, 0) whose rounded centroid (float) lay on its long edge: one step over */
    pts[0] = V(0x1.fffffap-1, -0x1.ea302ap-21);
    pts[1] = V(0x1.fff9ap-1, -0x1.83d46p-14);
    pts[2] = V(0x1.fffffcp-1, -0x1.ea302cp-21);
    assert_status(c2d_polygon_make(pts, 3, &p), C2D_OK);
    assert_true(c2d_polygon_contains_point(&p, p.centroid));
    assert_near(p.centroid.x, 0x1.fffddcp-1, 1e-7);
    assert_near(p.centroid.y, -0x1.07a8cp-15, 1e-9);
}

/* The shortest edge of triangle q. */
static c2d_real shortest_edge(const c2d_vec2 *q) {
    c2d_real e0 = c2d_len(c2d_sub(q[1], q[0])), e1 = c2d_len(c2d_sub(q[2], q[1])), e2 = c2d_len(c2d_sub(q[0], q[2]));
    c2d_real m = e0 < e1 ? e0 : e1;
    return m < e2 ? m : e2;
}

/* c2d_polygon_make of triangle q, checked against the edge rule: C2D_OK (returns true) when every
 * edge reaches C2D_MIN_SIZE, C2D_ERR_DEGENERATE (returns false) otherwise. */
static bool triangle_made(const c2d_vec2 *q, c2d_polygon *p) {
    bool long_enough = shortest_edge(q) >= (c2d_real)C2D_MIN_SIZE;
    assert_status(c2d_polygon_make(q, 3, p), long_enough ? C2D_OK : C2D_ERR_DEGENERATE);
    return long_enough;
}

/* triangle_made, or where c2d_polygon_make refuses q the struct built by hand, as a careless
 * caller might. */
static void triangle_made_or_by_hand(const c2d_vec2 *q, c2d_polygon *p) {
    int i;
    if (triangle_made(q, p)) return;
    p->count = 3;
    for (i = 0; i < 3; ++i) {
        p->vertices[i] = q[i];
        p->normals[i] = c2d_normalize(c2d_right_perp(c2d_sub(q[(i + 1) % 3], q[i])));
    }
    p->centroid = c2d_scale(c2d_add(c2d_add(q[0], q[1]), q[2]), (c2d_real)1 / 3);
    assert_false(c2d_polygon_is_valid(p));
}

/* Found by make fuzz: a point 1e-40 above the top edge of a triangle 6e-19 across. In float every
 * squared distance of the SSE search underflowed to 0, the tie went to the wrong edge, and the hit
 * said inside while overlap said outside. Least squares below FLT_MIN now take the scalar form.
 * In float c2d_polygon_make now refuses that triangle (edges below C2D_MIN_SIZE), so it is built
 * by hand; the same triangle 4 times larger is accepted. */
static void fuzz_underflowing_squares_point_polygon(void **state) {
    c2d_vec2 pts[3];
    c2d_shape a, b;
    c2d_hit h;
    int k;
    (void)state;
    memset(&a, 0, sizeof a);
    memset(&b, 0, sizeof b);
    b.type = C2D_SHAPE_POLYGON;
    a.type = C2D_SHAPE_POINT;
    for (k = 1; k <= 4; k *= 4) {
        pts[0] = V(-6.47133172e-19 * k, 0);
        pts[1] = V(-4.33825884e-19 * k, -4.33825884e-19 * k);
        pts[2] = V(0, 0);
        triangle_made_or_by_hand(pts, &b.as.polygon);
        a.as.point = V(4.46954795e-39, 9.9999461e-41); /* above y = 0: outside */
        assert_false(c2d_shape_overlap(&a, &b));
        assert_false(c2d_shape_hit(&a, &b, &h));
        assert_false(c2d_point_hit_polygon(a.as.point, &b.as.polygon, &h));
        a.as.point = V(-3e-19 * k, -1e-19 * k); /* inside, 1e-19 * k from the top edge */
        assert_true(c2d_shape_overlap(&a, &b));
        assert_true(c2d_shape_hit(&a, &b, &h));
        assert_true(h.normal.x == 0 && h.normal.y == 1);
        a.as.point = V(-3e-19 * k, 1e-40); /* just above the top edge */
        assert_false(c2d_shape_overlap(&a, &b));
        assert_false(c2d_shape_hit(&a, &b, &h));
    }
}

/* Found by make fuzz (seed 7 from an empty corpus, as check-fuzz runs): a triangle 1e-22 across
 * whose cross products with the origin are subnormal (7e-46 exactly, 0 in float), so containment
 * said outside while the hit said inside. Edges shorter than C2D_MIN_SIZE are now DEGENERATE and
 * not valid; scaled to edges 1% either side of it, the triangle is refused, or accepted and every
 * query finds the origin inside. */
static void fuzz_polygon_edges_below_min_size(void **state) {
    const double base[3][2] = {{-1.05762733e-22, 0}, {2.66692731e-23, -1.036786e-22}, {0, 2.66692731e-23}};
    const double shortest = 1.0907339647829655e-22; /* |base[2] - base[0]| */
    const double scales[3] = {1, 0.99 * (double)C2D_MIN_SIZE / shortest, 1.01 * (double)C2D_MIN_SIZE / shortest};
    c2d_vec2 q[3];
    c2d_shape a, b;
    c2d_hit h;
    int i, k;
    (void)state;
    memset(&a, 0, sizeof a);
    memset(&b, 0, sizeof b);
    a.type = C2D_SHAPE_POINT;
    a.as.point = V(0, 0);
    b.type = C2D_SHAPE_POLYGON;
    for (k = 0; k < 3; ++k) {
        for (i = 0; i < 3; ++i) q[i] = V(base[i][0] * scales[k], base[i][1] * scales[k]);
        if (k == 1) assert_true(shortest_edge(q) < (c2d_real)C2D_MIN_SIZE);
        if (k == 2) assert_true(shortest_edge(q) >= (c2d_real)C2D_MIN_SIZE);
        if (!triangle_made(q, &b.as.polygon)) continue;
        assert_true(c2d_polygon_is_valid(&b.as.polygon));
        assert_true(c2d_shape_overlap(&a, &b)); /* the origin is inside */
        assert_true(c2d_shape_hit(&a, &b, &h));
        assert_true(c2d_polygon_contains_point(&b.as.polygon, b.as.polygon.centroid));
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(ctor_segment, setup, teardown),
        cmocka_unit_test_setup_teardown(ctor_ray, setup, teardown),
        cmocka_unit_test_setup_teardown(ctor_aabb, setup, teardown),
        cmocka_unit_test_setup_teardown(ctor_circle_capsule, setup, teardown),
        cmocka_unit_test_setup_teardown(ctor_polygon, setup, teardown),
        cmocka_unit_test_setup_teardown(ctor_concave, setup, teardown),
        cmocka_unit_test_setup_teardown(ctor_arc, setup, teardown),
        cmocka_unit_test_setup_teardown(bad_shapes_in_pair_queries, setup, teardown),
        cmocka_unit_test_setup_teardown(bad_shapes_single_queries, setup, teardown),
        cmocka_unit_test_setup_teardown(bad_rays_and_points_on_good_shapes, setup, teardown),
        cmocka_unit_test_setup_teardown(bad_concave_and_arc, setup, teardown),
        cmocka_unit_test_setup_teardown(bad_sweeps, setup, teardown),
        cmocka_unit_test_setup_teardown(bad_distance_inputs, setup, teardown),
        cmocka_unit_test_setup_teardown(bad_segment_intersections, setup, teardown),
        cmocka_unit_test_setup_teardown(unknown_shape_tag, setup, teardown),
        cmocka_unit_test_setup_teardown(zero_length_segments_are_points, setup, teardown),
        cmocka_unit_test_setup_teardown(zero_moves_are_point_tests, setup, teardown),
        cmocka_unit_test_setup_teardown(seed_segment_along_box_edge_no_hit, setup, teardown),
        cmocka_unit_test_setup_teardown(seed_zero_delta_on_box_edge_no_hit, setup, teardown),
        cmocka_unit_test_setup_teardown(huge_coordinates_same_answers, setup, teardown),
        cmocka_unit_test_setup_teardown(huge_coordinates_hand_computed, setup, teardown),
        cmocka_unit_test_setup_teardown(fuzz_capsule_contains_at_range_limit, setup, teardown),
        cmocka_unit_test_setup_teardown(fuzz_boxes_beyond_range_overlap_nothing, setup, teardown),
        cmocka_unit_test_setup_teardown(fuzz_distance_refuses_what_overlap_refuses, setup, teardown),
        cmocka_unit_test_setup_teardown(fuzz_distance_zero_on_overlap_mixed_scales, setup, teardown),
        cmocka_unit_test_setup_teardown(fuzz_shape_distance_polygon_check, setup, teardown),
        cmocka_unit_test_setup_teardown(fuzz_concave_overlap_symmetric_tiny_inside, setup, teardown),
        cmocka_unit_test_setup_teardown(fuzz_subnormal_capsule_core_unit_normal, setup, teardown),
        cmocka_unit_test_setup_teardown(fuzz_containment_range_rule, setup, teardown),
        cmocka_unit_test_setup_teardown(fuzz_min_radius_both_sides, setup, teardown),
        cmocka_unit_test_setup_teardown(fuzz_normalize_extreme_lengths, setup, teardown),
        cmocka_unit_test_setup_teardown(fuzz_hand_made_polygons_agree, setup, teardown),
        cmocka_unit_test_setup_teardown(fuzz_tiny_features, setup, teardown),
        cmocka_unit_test_setup_teardown(fuzz_sweep_normal_from_tiny_offset, setup, teardown),
        cmocka_unit_test_setup_teardown(fuzz_tiny_contact_distance_and_cast_normals, setup, teardown),
        cmocka_unit_test_setup_teardown(fuzz_far_circle_thin_triangle, setup, teardown),
        cmocka_unit_test_setup_teardown(fuzz_centroid_rounds_onto_edge, setup, teardown),
        cmocka_unit_test_setup_teardown(fuzz_underflowing_squares_point_polygon, setup, teardown),
        cmocka_unit_test_setup_teardown(fuzz_polygon_edges_below_min_size, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
