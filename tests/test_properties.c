/* Cross-cutting property tests over the generic c2d_shape API.
 *
 * For each of the 36 ordered pairs of shape kinds (point, segment, aabb, circle, capsule, polygon)
 * random shapes are drawn in a cluster so that roughly half of the pairs overlap, and the answers
 * of the different queries are checked against each other and against properties every correct
 * narrow phase has: overlap is symmetric; hit, manifold, distance and containment agree with
 * overlap; a push-out separates the shapes and does not overshoot; ray hits lie on the surface;
 * closest points lie on the surfaces; the same shapes far from the origin give the same answers;
 * shapes on an integer grid, where touching is common and exact, match an exact int64 reference;
 * concave functions agree with convex ones on convex outlines; arcs match their definition.
 *
 * Each test prints its seed (C2D_TEST_SEED=N repeats a run); C2D_TEST_ITERS=N sets the number of
 * random cases per shape pair. A failing property prints the first few failing cases with the
 * shapes involved, then fails the test with the number of failures. */
#include "test_util.h"
#include <stdarg.h>

/* Tolerances for shapes of size ~1; the checks scale them by g_len, the length scale of the
 * current case (see pick_scale). */
#ifdef C2D_DOUBLE
#  define GTOL0 1e-7     /* points on surfaces, distances (coordinates of size ~5) */
#  define UNIT_TOL 1e-9  /* length of a unit vector */
#  define SLACK0 1e-9    /* absolute slack added to a push-out */
#  define MOVE_EPS0 1e-5 /* step used to probe just inside / just outside */
#  define FAR_OFFSET 1e12
#  define FAR_MARGIN 1e-2 /* configurations closer than this to touching are not compared far away */
#  define FAR_TOL 1e-3
#else
#  define GTOL0 5e-4
#  define UNIT_TOL 1e-4
#  define SLACK0 1e-4
#  define MOVE_EPS0 5e-3
#  define FAR_OFFSET 1e6
#  define FAR_MARGIN 0.5
#  define FAR_TOL 0.25
#endif
#define GTOL (GTOL0 * g_len)
#define SLACK (SLACK0 * g_len)
#define MOVE_EPS (MOVE_EPS0 * g_len)

/* Length scale of the current random case: 1, 0.01 or 100 (pick_scale). */
static double g_len = 1.0;

/* Cycles the length scale with the case number so that every property runs on tiny, unit and
 * large shapes alike. */
static void pick_scale(int i) { g_len = i % 3 == 0 ? 1.0 : i % 3 == 1 ? 0.01
                                                                      : 100.0; }

#define TEST_PI 3.14159265358979323846
#define DEFAULT_ITERS 600
#ifndef MAX_PRINTED
#  define MAX_PRINTED 6 /* failing cases printed per test */
#endif

static const char *const kind_name[C2D_SHAPE_TYPE_COUNT] = {
    "point", "segment", "aabb", "circle", "capsule", "polygon"};

/* ---- assert hook: valid input must never trigger a library assertion ---- */

static int g_assert_count;

static void counting_assert(const char *expression, const char *file, int line, void *user) {
    (void)user;
    if (g_assert_count++ < 5) printf("library assert: %s (%s:%d)\n", expression, file, line);
}

static int setup_hook(void **state) {
    (void)state;
    g_assert_count = 0;
    g_len = 1.0;
    c2d_set_assert_handler(counting_assert, NULL);
    return 0;
}

static int teardown_hook(void **state) {
    (void)state;
    c2d_set_assert_handler(NULL, NULL);
    if (g_assert_count != 0) {
        print_error("the library asserted %d times on valid input\n", g_assert_count);
        return -1;
    }
    return 0;
}

/* ---- failure collection ---- */

typedef struct prop_ctx {
    const char *test;
    int failures;
    int iter;
    const c2d_shape *a, *b;
    int deep; /* cases that reached the test's main checks (a hit, a manifold, a separated pair...) */
} prop_ctx;

static void print_shape(const char *label, const c2d_shape *s) {
    int i;
    switch (s->type) {
    case C2D_SHAPE_POINT:
        printf("  %s: point (%.9g, %.9g)\n", label, (double)s->as.point.x, (double)s->as.point.y);
        break;
    case C2D_SHAPE_SEGMENT:
        printf("  %s: segment (%.9g, %.9g)-(%.9g, %.9g)\n", label, (double)s->as.segment.p1.x,
               (double)s->as.segment.p1.y, (double)s->as.segment.p2.x, (double)s->as.segment.p2.y);
        break;
    case C2D_SHAPE_AABB:
        printf("  %s: aabb lower (%.9g, %.9g) upper (%.9g, %.9g)\n", label, (double)s->as.aabb.lower.x,
               (double)s->as.aabb.lower.y, (double)s->as.aabb.upper.x, (double)s->as.aabb.upper.y);
        break;
    case C2D_SHAPE_CIRCLE:
        printf("  %s: circle center (%.9g, %.9g) radius %.9g\n", label, (double)s->as.circle.center.x,
               (double)s->as.circle.center.y, (double)s->as.circle.radius);
        break;
    case C2D_SHAPE_CAPSULE:
        printf("  %s: capsule (%.9g, %.9g)-(%.9g, %.9g) radius %.9g\n", label, (double)s->as.capsule.p1.x,
               (double)s->as.capsule.p1.y, (double)s->as.capsule.p2.x, (double)s->as.capsule.p2.y,
               (double)s->as.capsule.radius);
        break;
    case C2D_SHAPE_POLYGON:
        printf("  %s: polygon of %d:", label, s->as.polygon.count);
        for (i = 0; i < s->as.polygon.count && i < C2D_MAX_POLYGON_VERTICES; ++i)
            printf(" (%.9g, %.9g)", (double)s->as.polygon.vertices[i].x, (double)s->as.polygon.vertices[i].y);
        printf("\n");
        break;
    default:
        printf("  %s: unknown kind %d\n", label, (int)s->type);
        break;
    }
}

static void prop_fail(prop_ctx *c, int line, const char *fmt, ...) {
    va_list ap;
    c->failures++;
    if (c->failures > MAX_PRINTED) return;
    printf("FAIL %s (line %d), case %d: ", c->test, line, c->iter);
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
    printf("\n");
    if (c->a) print_shape("A", c->a);
    if (c->b) print_shape("B", c->b);
}

/* Records a failure (with a printf-style message) when cond is false. */
#define CHECK(c, cond, ...)                             \
  do {                                                  \
    if (!(cond)) prop_fail((c), __LINE__, __VA_ARGS__); \
  } while (0)

static void prop_finish(prop_ctx *c) {
    printf("%s: %d cases reached the main checks\n", c->test, c->deep);
    fflush(stdout);
    /* a property whose main checks never ran proves nothing: a broken generator (no hits, no
     * overlapping pairs, every shape refused) must fail here, not pass */
    if (c->deep <= 0) {
        print_error("%s: no case reached the main checks (broken generator or setup?)\n", c->test);
        fail();
    }
    if (c->failures > 0) {
        print_error("%s: %d failing checks (first %d printed above)\n", c->test, c->failures, MAX_PRINTED);
        fail();
    }
}

/* ---- random shapes ---- */

static double rnd(test_rng *r, double lo, double hi) { return test_rng_range(r, lo, hi); }

/* Where the far copy of a shape lives (see random_shape_pair). */
static c2d_vec2 far_offset(void) { return c2d_v2((c2d_real)FAR_OFFSET, (c2d_real)-FAR_OFFSET); }

/* Rounds a near-origin point to what it becomes when moved by off, so that the near copy and the
 * far copy are exact translations of each other: far = off + p rounded, near = far - off (exact). */
static void snap(c2d_vec2 p, c2d_vec2 off, c2d_vec2 *near_p, c2d_vec2 *far_p) {
    c2d_vec2 f = c2d_v2(off.x + p.x, off.y + p.y);
    *far_p = f;
    *near_p = c2d_v2(f.x - off.x, f.y - off.y);
}

/* Two copies of a random shape of one kind: *near_s near the origin and *far_s the same shape
 * moved exactly by off (off may be zero). The shape's center lies within 1.5*scale of the origin
 * (0.8*scale for points, 1.2*scale for segments);
 * its sizes run from about 0.2*scale to 1.5*scale. Polygons have 3..C2D_MAX_POLYGON_VERTICES (8 by
 * default) vertices in convex position
 * (points on an ellipse) at a random rotation. Both copies come from the validating constructors. */
static void random_shape_pair(test_rng *r, c2d_shape_type kind, double scale, c2d_vec2 off,
                              c2d_shape *near_s, c2d_shape *far_s) {
    /* points and segments cluster tighter so that they too overlap often */
    double spread = kind == C2D_SHAPE_POINT ? 0.8 : kind == C2D_SHAPE_SEGMENT ? 1.2
                                                                              : 1.5;
    double cx = rnd(r, -spread, spread) * scale, cy = rnd(r, -spread, spread) * scale;
    double ang = rnd(r, 0.0, 2.0 * TEST_PI);
    c2d_vec2 pn[C2D_MAX_POLYGON_VERTICES], pf[C2D_MAX_POLYGON_VERTICES];
    /* one shape in seven is tiny (a twentieth of the usual size) */
    double size = scale * (rnd(r, 0.0, 1.0) < 1.0 / 7.0 ? 0.05 : 1.0);
    switch (kind) {
    case C2D_SHAPE_POINT:
        snap(c2d_v2((c2d_real)cx, (c2d_real)cy), off, &pn[0], &pf[0]);
        *near_s = c2d_shape_from_point(pn[0]);
        *far_s = c2d_shape_from_point(pf[0]);
        return;
    case C2D_SHAPE_SEGMENT: {
        double h = rnd(r, 0.2, 1.5) * size;
        c2d_segment sn, sf;
        snap(c2d_v2((c2d_real)(cx - cos(ang) * h), (c2d_real)(cy - sin(ang) * h)), off, &pn[0], &pf[0]);
        snap(c2d_v2((c2d_real)(cx + cos(ang) * h), (c2d_real)(cy + sin(ang) * h)), off, &pn[1], &pf[1]);
        assert_status(c2d_segment_make(pn[0], pn[1], &sn), C2D_OK);
        assert_status(c2d_segment_make(pf[0], pf[1], &sf), C2D_OK);
        *near_s = c2d_shape_from_segment(sn);
        *far_s = c2d_shape_from_segment(sf);
        return;
    }
    case C2D_SHAPE_AABB: {
        double hx = rnd(r, 0.2, 1.5) * size, hy = rnd(r, 0.2, 1.5) * size;
        c2d_aabb bn, bf;
        snap(c2d_v2((c2d_real)(cx - hx), (c2d_real)(cy - hy)), off, &pn[0], &pf[0]);
        snap(c2d_v2((c2d_real)(cx + hx), (c2d_real)(cy + hy)), off, &pn[1], &pf[1]);
        assert_status(c2d_aabb_make(pn[0], pn[1], &bn), C2D_OK);
        assert_status(c2d_aabb_make(pf[0], pf[1], &bf), C2D_OK);
        *near_s = c2d_shape_from_aabb(bn);
        *far_s = c2d_shape_from_aabb(bf);
        return;
    }
    case C2D_SHAPE_CIRCLE: {
        c2d_real rad = (c2d_real)(rnd(r, 0.2, 1.5) * size);
        c2d_circle cn, cf;
        snap(c2d_v2((c2d_real)cx, (c2d_real)cy), off, &pn[0], &pf[0]);
        assert_status(c2d_circle_make(pn[0], rad, &cn), C2D_OK);
        assert_status(c2d_circle_make(pf[0], rad, &cf), C2D_OK);
        *near_s = c2d_shape_from_circle(cn);
        *far_s = c2d_shape_from_circle(cf);
        return;
    }
    case C2D_SHAPE_CAPSULE: {
        double h = rnd(r, 0.0, 1.0) < 0.1 ? 0.0 : rnd(r, 0.1, 1.2) * size;
        c2d_real rad = (c2d_real)(rnd(r, 0.1, 1.0) * size);
        c2d_capsule kn, kf;
        snap(c2d_v2((c2d_real)(cx - cos(ang) * h), (c2d_real)(cy - sin(ang) * h)), off, &pn[0], &pf[0]);
        snap(c2d_v2((c2d_real)(cx + cos(ang) * h), (c2d_real)(cy + sin(ang) * h)), off, &pn[1], &pf[1]);
        assert_status(c2d_capsule_make(pn[0], pn[1], rad, &kn), C2D_OK);
        assert_status(c2d_capsule_make(pf[0], pf[1], rad, &kf), C2D_OK);
        *near_s = c2d_shape_from_capsule(kn);
        *far_s = c2d_shape_from_capsule(kf);
        return;
    }
    case C2D_SHAPE_POLYGON:
    default: {
        c2d_polygon gn, gf;
        int tries;
        c2d_status far_status;
        for (tries = 0;; ++tries) {
            int n = 3 + (int)(test_rng_next(r) % (C2D_MAX_POLYGON_VERTICES - 2)), i;
            double rx = rnd(r, 0.3, 1.5) * size, ry = rnd(r, 0.3, 1.5) * size;
            double phase = rnd(r, 0.0, 2.0 * TEST_PI);
            for (i = 0; i < n; ++i) {
                double t = phase + 2.0 * TEST_PI * (i + rnd(r, 0.1, 0.9)) / n;
                double lx = rx * cos(t), ly = ry * sin(t);
                /* rotate the ellipse point by ang, then place it around (cx, cy) */
                double wx = cx + cos(ang) * lx - sin(ang) * ly, wy = cy + sin(ang) * lx + cos(ang) * ly;
                snap(c2d_v2((c2d_real)wx, (c2d_real)wy), off, &pn[i], &pf[i]);
            }
            assert_status(c2d_polygon_make(pn, n, &gn), C2D_OK);
            far_status = c2d_polygon_make(pf, n, &gf);
            if (far_status == C2D_OK) break;
            /* a sliver one grid step wide at the offset, with no representable point strictly
             * inside there: c2d_polygon_make refuses it (geometry.h); draw another */
            assert_status(far_status, C2D_ERR_DEGENERATE);
            assert_true(tries < 100);
        }
        *near_s = c2d_shape_from_polygon(&gn);
        *far_s = c2d_shape_from_polygon(&gf);
        return;
    }
    }
}

/* A random shape of one kind near the origin at the current length scale g_len. */
static c2d_shape random_shape(test_rng *r, c2d_shape_type kind) {
    c2d_shape n, f;
    random_shape_pair(r, kind, g_len, c2d_v2(0, 0), &n, &f);
    return n;
}

/* The test's RNG: the seed test_rng_make prints (C2D_TEST_SEED repeats it), mixed with the test's
 * name so that each test draws its own shapes. */
static test_rng prop_rng(const char *name) {
    test_rng r = test_rng_make(name);
    uint64_t h = 1469598103934665603ull;
    for (; *name; ++name) h = (h ^ (uint64_t)(unsigned char)*name) * 1099511628211ull;
    r.s ^= h;
    return r;
}

/* ---- helpers ---- */

static bool is_2d(c2d_shape_type k) { return k >= C2D_SHAPE_AABB; }

static c2d_shape moved(const c2d_shape *s, c2d_vec2 d) {
    c2d_transform xf;
    xf.p = d;
    xf.q = c2d_rot_identity();
    return c2d_shape_transform(s, xf);
}

/* Distance from a point to a shape through the generic distance query. */
static double point_distance(c2d_vec2 p, const c2d_shape *s) {
    c2d_shape ps = c2d_shape_from_point(p);
    return (double)c2d_shape_distance(&ps, s).distance;
}

/* Distance in double from p to the segment a-b (closed form, independent of the library). */
static double seg_dist(c2d_vec2 a, c2d_vec2 b, c2d_vec2 p) {
    double dx = (double)b.x - a.x, dy = (double)b.y - a.y, px = (double)p.x - a.x, py = (double)p.y - a.y;
    double l2 = dx * dx + dy * dy, t = l2 > 0 ? (px * dx + py * dy) / l2 : 0.0;
    if (t < 0) t = 0;
    if (t > 1) t = 1;
    return sqrt((px - t * dx) * (px - t * dx) + (py - t * dy) * (py - t * dy));
}

/* Distance in double from p to the shape's boundary (to the point or segment itself for those),
 * computed here from the shape's definition rather than through the library. */
static double boundary_distance(const c2d_shape *s, c2d_vec2 p) {
    double best = 1e300, d;
    int i;
    switch (s->type) {
    case C2D_SHAPE_POINT: return seg_dist(s->as.point, s->as.point, p);
    case C2D_SHAPE_SEGMENT: return seg_dist(s->as.segment.p1, s->as.segment.p2, p);
    case C2D_SHAPE_AABB: {
        c2d_aabb b = s->as.aabb;
        c2d_vec2 c[4];
        c[0] = b.lower;
        c[1] = c2d_v2(b.upper.x, b.lower.y);
        c[2] = b.upper;
        c[3] = c2d_v2(b.lower.x, b.upper.y);
        for (i = 0; i < 4; ++i)
            if ((d = seg_dist(c[i], c[(i + 1) % 4], p)) < best) best = d;
        return best;
    }
    case C2D_SHAPE_CIRCLE:
        return fabs(seg_dist(s->as.circle.center, s->as.circle.center, p) - (double)s->as.circle.radius);
    case C2D_SHAPE_CAPSULE:
        return fabs(seg_dist(s->as.capsule.p1, s->as.capsule.p2, p) - (double)s->as.capsule.radius);
    case C2D_SHAPE_POLYGON:
    default:
        for (i = 0; i < s->as.polygon.count; ++i)
            if ((d = seg_dist(s->as.polygon.vertices[i], s->as.polygon.vertices[(i + 1) % s->as.polygon.count], p)) < best) best = d;
        return best;
    }
}

/* True when p lies on the shape's boundary (within GTOL). */
static bool on_surface(const c2d_shape *s, c2d_vec2 p) { return boundary_distance(s, p) <= GTOL; }

/* max over the shape of dot(n, x), from its GJK proxy (points plus radius). */
static double support(const c2d_shape *s, c2d_vec2 n) {
    c2d_proxy px = c2d_shape_proxy(s);
    double best = -1e300;
    int i;
    for (i = 0; i < px.count; ++i) {
        double v = (double)n.x * px.points[i].x + (double)n.y * px.points[i].y;
        if (v > best) best = v;
    }
    return best + (double)px.radius;
}

static bool vec_finite(c2d_vec2 v) { return isfinite((double)v.x) && isfinite((double)v.y); }
static bool hit_finite(const c2d_hit *h) {
    return vec_finite(h->pos) && vec_finite(h->normal) && vec_finite(h->delta) && isfinite((double)h->time);
}
static double vlen(c2d_vec2 v) { return sqrt((double)v.x * v.x + (double)v.y * v.y); }
static bool is_unit(c2d_vec2 v) { return fabs(vlen(v) - 1.0) <= UNIT_TOL; }

/* Closed bounding boxes meet (touching counts). */
static bool boxes_meet(c2d_aabb a, c2d_aabb b) {
    return a.lower.x <= b.upper.x && b.lower.x <= a.upper.x && a.lower.y <= b.upper.y && b.lower.y <= a.upper.y;
}

static c2d_hit sentinel_hit(void) {
    c2d_hit h;
    h.pos = c2d_v2((c2d_real)1234.5, (c2d_real)-987.25);
    h.normal = c2d_v2((c2d_real)42, (c2d_real)43);
    h.delta = c2d_v2((c2d_real)-7, (c2d_real)8);
    h.time = (c2d_real)99;
    return h;
}

static int pair_iters(void) { return test_iterations(DEFAULT_ITERS); }

/* ---- overlap is symmetric; overlap implies the bounding boxes meet ---- */

static void prop_overlap_symmetric(void **state) {
    test_rng r = prop_rng("prop_overlap_symmetric");
    prop_ctx c = {"prop_overlap_symmetric", 0, 0, NULL, NULL, 0};
    int n = pair_iters(), ka, kb, i;
    int hits[C2D_SHAPE_TYPE_COUNT][C2D_SHAPE_TYPE_COUNT];
    (void)state;
    for (ka = 0; ka < C2D_SHAPE_TYPE_COUNT; ++ka) {
        for (kb = 0; kb < C2D_SHAPE_TYPE_COUNT; ++kb) {
            hits[ka][kb] = 0;
            for (i = 0; i < n; ++i) {
                pick_scale(i);
                c2d_shape a = random_shape(&r, (c2d_shape_type)ka), b = random_shape(&r, (c2d_shape_type)kb);
                bool ab = c2d_shape_overlap(&a, &b), ba = c2d_shape_overlap(&b, &a);
                c.iter = i;
                c.a = &a;
                c.b = &b;
                CHECK(&c, ab == ba, "%s vs %s: overlap(a,b) = %d but overlap(b,a) = %d", kind_name[ka], kind_name[kb], ab, ba);
                if (ab) {
                    ++c.deep;
                    c2d_aabb ba_ = c2d_shape_aabb(&a), bb_ = c2d_shape_aabb(&b);
                    CHECK(&c, boxes_meet(ba_, bb_), "%s vs %s overlap but their bounding boxes do not meet", kind_name[ka], kind_name[kb]);
                    ++hits[ka][kb];
                }
            }
            /* The generator must give both answers wherever one shape has an interior. */
            if ((is_2d((c2d_shape_type)ka) || is_2d((c2d_shape_type)kb)) && n >= 50) {
                c.a = c.b = NULL;
                CHECK(&c, hits[ka][kb] > 0 && hits[ka][kb] < n, "%s vs %s: generator gave %d overlaps in %d cases",
                      kind_name[ka], kind_name[kb], hits[ka][kb], n);
            }
        }
    }
    printf("overlap rate per pair (A rows, B columns: point segment aabb circle capsule polygon):\n");
    for (ka = 0; ka < C2D_SHAPE_TYPE_COUNT; ++ka) {
        printf("  %-8s", kind_name[ka]);
        for (kb = 0; kb < C2D_SHAPE_TYPE_COUNT; ++kb) printf(" %5.2f", (double)hits[ka][kb] / n);
        printf("\n");
    }
    prop_finish(&c);
}

/* ---- hit agrees with overlap; its normal, delta and pos obey the conventions ---- */

static void prop_hit_matches_overlap(void **state) {
    test_rng r = prop_rng("prop_hit_matches_overlap");
    prop_ctx c = {"prop_hit_matches_overlap", 0, 0, NULL, NULL, 0};
    int n = pair_iters(), ka, kb, i;
    (void)state;
    for (ka = 0; ka < C2D_SHAPE_TYPE_COUNT; ++ka) {
        for (kb = 0; kb < C2D_SHAPE_TYPE_COUNT; ++kb) {
            const char *na = kind_name[ka], *nb = kind_name[kb];
            for (i = 0; i < n; ++i) {
                pick_scale(i);
                c2d_shape a = random_shape(&r, (c2d_shape_type)ka), b = random_shape(&r, (c2d_shape_type)kb);
                c2d_hit h = sentinel_hit(), s = sentinel_hit();
                bool o = c2d_shape_overlap(&a, &b);
                bool got = c2d_shape_hit(&a, &b, &h);
                c.iter = i;
                c.a = &a;
                c.b = &b;
                CHECK(&c, got == o, "%s vs %s: hit returned %d, overlap %d", na, nb, got, o);
                if (!got) {
                    CHECK(&c, memcmp(&h, &s, sizeof h) == 0, "%s vs %s: hit wrote its output but returned false", na, nb);
                    continue;
                }
                ++c.deep;
                if (!hit_finite(&h)) {
                    CHECK(&c, false, "%s vs %s: hit has a non-finite field", na, nb);
                    continue;
                }
                CHECK(&c, is_unit(h.normal), "%s vs %s: |normal| = %.9g", na, nb, vlen(h.normal));
                CHECK(&c, h.time == 0, "%s vs %s: static hit time %.9g, expected 0", na, nb, (double)h.time);
                {
                    double cr = (double)h.delta.x * h.normal.y - (double)h.delta.y * h.normal.x;
                    double dt = (double)h.delta.x * h.normal.x + (double)h.delta.y * h.normal.y;
                    CHECK(&c, fabs(cr) <= GTOL * (1.0 + vlen(h.delta)), "%s vs %s: delta (%.9g, %.9g) not parallel to normal (%.9g, %.9g)",
                          na, nb, (double)h.delta.x, (double)h.delta.y, (double)h.normal.x, (double)h.normal.y);
                    CHECK(&c, dt >= -GTOL, "%s vs %s: delta (%.9g, %.9g) points against normal (%.9g, %.9g)",
                          na, nb, (double)h.delta.x, (double)h.delta.y, (double)h.normal.x, (double)h.normal.y);
                }
                /* pos is on B's surface: at distance ~0 from B, and just outside B along the normal. */
                {
                    CHECK(&c, on_surface(&b, h.pos), "%s vs %s: hit.pos (%.9g, %.9g) is not on B's surface (%.9g away)", na, nb,
                          (double)h.pos.x, (double)h.pos.y, boundary_distance(&b, h.pos));
                    CHECK(&c, !c2d_shape_contains_point(&b, c2d_mul_add(h.pos, (c2d_real)MOVE_EPS, h.normal)),
                          "%s vs %s: hit.pos (%.9g, %.9g) + eps*normal is inside B: pos is not on B's surface", na, nb, (double)h.pos.x, (double)h.pos.y);
                }
                /* The flipped hit is the same contact seen from B: pos on A's surface. */
                {
                    c2d_hit f = c2d_hit_flip(h);
                    CHECK(&c, f.normal.x == -h.normal.x && f.normal.y == -h.normal.y, "%s vs %s: flipped normal is not negated", na, nb);
                    CHECK(&c, f.delta.x == -h.delta.x && f.delta.y == -h.delta.y, "%s vs %s: flipped delta is not negated", na, nb);
                    CHECK(&c, on_surface(&a, f.pos), "%s vs %s: flipped pos (%.9g, %.9g) is not on A's surface (%.9g away)", na, nb,
                          (double)f.pos.x, (double)f.pos.y, boundary_distance(&a, f.pos));
                }
                if (ka == C2D_SHAPE_SEGMENT && kb == C2D_SHAPE_SEGMENT)
                    CHECK(&c, h.delta.x == 0 && h.delta.y == 0, "segment vs segment: delta (%.9g, %.9g), documented (0,0)", (double)h.delta.x, (double)h.delta.y);
            }
        }
    }
    prop_finish(&c);
}

/* ---- moving A by the push-out separates the shapes ---- */

static void prop_hit_pushout_separates(void **state) {
    test_rng r = prop_rng("prop_hit_pushout_separates");
    prop_ctx c = {"prop_hit_pushout_separates", 0, 0, NULL, NULL, 0};
    int n = pair_iters(), ka, kb, i;
    (void)state;
    for (ka = 0; ka < C2D_SHAPE_TYPE_COUNT; ++ka) {
        for (kb = 0; kb < C2D_SHAPE_TYPE_COUNT; ++kb) {
            if (!is_2d((c2d_shape_type)ka) && !is_2d((c2d_shape_type)kb)) continue; /* delta is (0,0) there */
            for (i = 0; i < n; ++i) {
                pick_scale(i);
                c2d_shape a = random_shape(&r, (c2d_shape_type)ka), b = random_shape(&r, (c2d_shape_type)kb), a2;
                c2d_hit h;
                c.iter = i;
                c.a = &a;
                c.b = &b;
                if (!c2d_shape_hit(&a, &b, &h) || !hit_finite(&h)) continue;
                ++c.deep;
                CHECK(&c, vlen(h.delta) > 0, "%s vs %s overlap but delta is zero", kind_name[ka], kind_name[kb]);
                a2 = moved(&a, c2d_add(c2d_scale(h.delta, (c2d_real)1.001), c2d_scale(h.normal, (c2d_real)SLACK)));
                CHECK(&c, !c2d_shape_overlap(&a2, &b), "%s vs %s: A moved by delta (%.9g, %.9g) still overlaps B",
                      kind_name[ka], kind_name[kb], (double)h.delta.x, (double)h.delta.y);
            }
        }
    }
    prop_finish(&c);
}

/* ---- the push-out does not overshoot: A moved by 99% of it still overlaps. The translations
 * that make A overlap B form a convex open set containing 0; a delta on its boundary (an exact
 * exit along the normal) has every shorter multiple inside it. ---- */

static void prop_hit_pushout_is_tight(void **state) {
    test_rng r = prop_rng("prop_hit_pushout_is_tight");
    prop_ctx c = {"prop_hit_pushout_is_tight", 0, 0, NULL, NULL, 0};
    int n = pair_iters(), ka, kb, i;
    (void)state;
    for (ka = 0; ka < C2D_SHAPE_TYPE_COUNT; ++ka) {
        for (kb = 0; kb < C2D_SHAPE_TYPE_COUNT; ++kb) {
            if (!is_2d((c2d_shape_type)ka) && !is_2d((c2d_shape_type)kb)) continue;
            for (i = 0; i < n; ++i) {
                pick_scale(i);
                c2d_shape a = random_shape(&r, (c2d_shape_type)ka), b = random_shape(&r, (c2d_shape_type)kb), a2;
                c2d_hit h;
                double len;
                c.iter = i;
                c.a = &a;
                c.b = &b;
                if (!c2d_shape_hit(&a, &b, &h) || !hit_finite(&h)) continue;
                len = vlen(h.delta);
                if (!(len * 0.01 > 10 * SLACK)) continue;
                ++c.deep;
                a2 = moved(&a, c2d_sub(c2d_scale(h.delta, (c2d_real)0.99), c2d_scale(h.normal, (c2d_real)SLACK)));
                CHECK(&c, c2d_shape_overlap(&a2, &b), "%s vs %s: A moved by 0.99 * delta (%.9g, %.9g) no longer overlaps: the push-out overshoots",
                      kind_name[ka], kind_name[kb], (double)h.delta.x, (double)h.delta.y);
            }
        }
    }
    prop_finish(&c);
}

/* ---- manifolds agree with overlap ---- */

static void prop_manifold_matches_overlap(void **state) {
    test_rng r = prop_rng("prop_manifold_matches_overlap");
    prop_ctx c = {"prop_manifold_matches_overlap", 0, 0, NULL, NULL, 0};
    int n = pair_iters(), ka, kb, i, k;
    (void)state;
    for (ka = 0; ka < C2D_SHAPE_TYPE_COUNT; ++ka) {
        for (kb = 0; kb < C2D_SHAPE_TYPE_COUNT; ++kb) {
            const char *na = kind_name[ka], *nb = kind_name[kb];
            bool has_manifold = is_2d((c2d_shape_type)ka) && is_2d((c2d_shape_type)kb);
            for (i = 0; i < n; ++i) {
                pick_scale(i);
                c2d_shape a = random_shape(&r, (c2d_shape_type)ka), b = random_shape(&r, (c2d_shape_type)kb);
                bool o = c2d_shape_overlap(&a, &b);
                c2d_manifold m = c2d_shape_manifold(&a, &b);
                c.iter = i;
                c.a = &a;
                c.b = &b;
                CHECK(&c, m.count >= 0 && m.count <= 2, "%s vs %s: manifold count %d", na, nb, m.count);
                if (!has_manifold) {
                    CHECK(&c, m.count == 0, "%s vs %s: point/segment pairs have no manifold, got count %d", na, nb, m.count);
                    continue;
                }
                CHECK(&c, (m.count > 0) == o, "%s vs %s: manifold count %d but overlap %d", na, nb, m.count, o);
                if (m.count <= 0 || m.count > 2) continue;
                ++c.deep;
                CHECK(&c, vec_finite(m.normal) && is_unit(m.normal), "%s vs %s: manifold normal (%.9g, %.9g) not unit",
                      na, nb, (double)m.normal.x, (double)m.normal.y);
                for (k = 0; k < m.count; ++k) {
                    const c2d_manifold_point *mp = &m.points[k];
                    double da, db;
                    if (!vec_finite(mp->point) || !isfinite((double)mp->depth)) {
                        CHECK(&c, false, "%s vs %s: manifold point %d not finite", na, nb, k);
                        continue;
                    }
                    CHECK(&c, mp->depth > 0, "%s vs %s: manifold point %d depth %.9g, documented > 0", na, nb, k, (double)mp->depth);
                    /* A point midway between the surfaces is within its depth of both shapes. */
                    da = point_distance(mp->point, &a);
                    db = point_distance(mp->point, &b);
                    CHECK(&c, da <= (double)mp->depth + GTOL && db <= (double)mp->depth + GTOL,
                          "%s vs %s: manifold point %d (%.9g, %.9g) depth %.9g is %.9g from A and %.9g from B",
                          na, nb, k, (double)mp->point.x, (double)mp->point.y, (double)mp->depth, da, db);
                }
            }
        }
    }
    prop_finish(&c);
}

/* ---- ray casts: hits lie on the surface and are the first entry; misses agree with overlap ---- */

/* True when the cast's answer changes under perturbations of a few dozen rounding units: its end
 * moved along the cast, or its whole line moved sideways. Then the shape's surface lies within
 * rounding of the cast's end or of tangency, where the cast (whose end origin + max_fraction *
 * translation is exact) and the segment test (whose end is that point rounded) may disagree. */
static bool cast_within_rounding(const c2d_shape *s, c2d_raycast_input in, bool got) {
    const c2d_real d = 64 * C2D_EPSILON;
    c2d_vec2 end = c2d_mul_add(in.origin, in.max_fraction, in.translation);
    c2d_real scale = (c2d_real)fmax(fmax(fabs((double)in.origin.x), fabs((double)in.origin.y)),
                                    fmax(fabs((double)end.x), fabs((double)end.y)));
    c2d_raycast_input p[6];
    c2d_hit h;
    int i;
    for (i = 0; i < 6; ++i) p[i] = in;
    p[0].max_fraction = in.max_fraction * (1 - d);
    p[1].max_fraction = in.max_fraction * (1 + d);
    p[2].origin.x += d * scale;
    p[3].origin.x -= d * scale;
    p[4].origin.y += d * scale;
    p[5].origin.y -= d * scale;
    for (i = 0; i < 6; ++i) {
        if (c2d_shape_raycast(s, p[i], &h) != got) return true;
    }
    return false;
}

static void prop_raycast_hits_surface(void **state) {
    test_rng r = prop_rng("prop_raycast_hits_surface");
    prop_ctx c = {"prop_raycast_hits_surface", 0, 0, NULL, NULL, 0};
    int n = pair_iters() * 4, k, i, j, rounding = 0;
    (void)state;
    for (k = 0; k < C2D_SHAPE_TYPE_COUNT; ++k) {
        const char *nk = kind_name[k];
        for (i = 0; i < n; ++i) {
            pick_scale(i);
            c2d_shape s = random_shape(&r, (c2d_shape_type)k);
            c2d_raycast_input in;
            c2d_hit h = sentinel_hit(), sent = sentinel_hit();
            c2d_vec2 target = c2d_v2((c2d_real)(rnd(&r, -2, 2) * g_len), (c2d_real)(rnd(&r, -2, 2) * g_len));
            double mode = rnd(&r, 0, 1), tlen, reach;
            bool got;
            in.origin = c2d_v2((c2d_real)(rnd(&r, -5, 5) * g_len), (c2d_real)(rnd(&r, -5, 5) * g_len));
            in.translation = c2d_scale(c2d_sub(target, in.origin), (c2d_real)rnd(&r, 0.5, 2.0));
            in.max_fraction = 1;
            if (mode >= 0.5) { /* ray form: unit direction, a length or no limit */
                c2d_real len = c2d_len(in.translation);
                in.translation = c2d_normalize(in.translation);
                in.max_fraction = mode < 0.8 ? len : (c2d_real)INFINITY;
            }
            tlen = vlen(in.translation);
            if (!(tlen > 1e-3 * g_len)) continue;
            c.iter = i;
            c.a = &s;
            c.b = NULL;
            got = c2d_shape_raycast(&s, in, &h);
            if (k == C2D_SHAPE_POINT) {
                CHECK(&c, !got, "a point blocked a ray");
                continue;
            }
            reach = isfinite((double)in.max_fraction) ? (double)in.max_fraction : 20.0 * g_len / tlen;
            if (isfinite((double)in.max_fraction)) {
                /* A finite cast hits exactly when its segment overlaps the shape's interior. */
                c2d_segment cs;
                c2d_shape css;
                cs.p1 = in.origin;
                cs.p2 = c2d_mul_add(in.origin, in.max_fraction, in.translation);
                css = c2d_shape_from_segment(cs);
                /* A finite cast hits exactly when its segment overlaps the shape's interior, unless
                 * the surface lies within rounding of the cast's end or of tangency (the segment's
                 * end is rounded, the cast's is not): then either answer is right. */
                if (got != c2d_shape_overlap(&css, &s) && cast_within_rounding(&s, in, got)) {
                    ++rounding;
                } else {
                    CHECK(&c, got == c2d_shape_overlap(&css, &s), "%s: raycast %d but the cast segment (%.9g, %.9g)-(%.9g, %.9g) overlap %d",
                          nk, got, (double)cs.p1.x, (double)cs.p1.y, (double)cs.p2.x, (double)cs.p2.y, !got);
                }
            }
            if (!got) {
                CHECK(&c, memcmp(&h, &sent, sizeof h) == 0, "%s: raycast wrote its output but returned false", nk);
                for (j = 0; j <= 32; ++j) {
                    c2d_vec2 p = c2d_mul_add(in.origin, (c2d_real)(reach * j / 32.0), in.translation);
                    CHECK(&c, !c2d_shape_contains_point(&s, p), "%s: ray missed but its point (%.9g, %.9g) is inside", nk, (double)p.x, (double)p.y);
                }
                continue;
            }
            ++c.deep;
            if (!hit_finite(&h)) {
                CHECK(&c, false, "%s: raycast hit has a non-finite field", nk);
                continue;
            }
            CHECK(&c, h.time >= 0 && h.time <= in.max_fraction, "%s: time %.9g outside [0, %.9g]", nk, (double)h.time, (double)in.max_fraction);
            CHECK(&c, is_unit(h.normal), "%s: |normal| = %.9g", nk, vlen(h.normal));
            {
                c2d_vec2 expect = c2d_mul_add(in.origin, h.time, in.translation);
                CHECK(&c, vlen(c2d_sub(expect, h.pos)) <= GTOL * (1 + tlen), "%s: pos (%.9g, %.9g) is not origin + time * translation (%.9g, %.9g)",
                      nk, (double)h.pos.x, (double)h.pos.y, (double)expect.x, (double)expect.y);
            }
            if (h.time > 0)
                CHECK(&c, on_surface(&s, h.pos), "%s: ray hit pos (%.9g, %.9g) time %.9g is not on the surface (%.9g away)", nk,
                      (double)h.pos.x, (double)h.pos.y, (double)h.time, boundary_distance(&s, h.pos));
            if (isfinite((double)in.max_fraction)) {
                c2d_vec2 ed = c2d_scale(in.translation, h.time - in.max_fraction);
                CHECK(&c, vlen(c2d_sub(ed, h.delta)) <= GTOL * (1 + vlen(ed)), "%s: delta (%.9g, %.9g), expected (time - max) * translation = (%.9g, %.9g)",
                      nk, (double)h.delta.x, (double)h.delta.y, (double)ed.x, (double)ed.y);
            } else {
                CHECK(&c, h.delta.x == 0 && h.delta.y == 0, "%s: unbounded ray delta (%.9g, %.9g), documented (0,0)", nk, (double)h.delta.x, (double)h.delta.y);
            }
            if (h.time > 0) {
                double dn = ((double)h.normal.x * in.translation.x + (double)h.normal.y * in.translation.y) / tlen;
                CHECK(&c, dn <= UNIT_TOL, "%s: entry normal (%.9g, %.9g) does not face the ray", nk, (double)h.normal.x, (double)h.normal.y);
                /* the first entry: nothing of the ray before the hit is inside (by more than
                 * rounding: an origin within rounding of the surface may be judged inside) */
                for (j = 0; j < 16; ++j) {
                    c2d_vec2 p = c2d_mul_add(in.origin, (c2d_real)((double)h.time * j / 16.0), in.translation);
                    CHECK(&c, !c2d_shape_contains_point(&s, p) || boundary_distance(&s, p) <= GTOL,
                          "%s: hit at time %.9g but the ray is inside at time %.9g", nk, (double)h.time, (double)h.time * j / 16.0);
                }
                if ((double)h.time * tlen > 2 * MOVE_EPS) {
                    c2d_vec2 p = c2d_mul_add(h.pos, (c2d_real)(-MOVE_EPS / tlen), in.translation);
                    CHECK(&c, !c2d_shape_contains_point(&s, p), "%s: the point just before the hit is inside", nk);
                }
            } else {
                CHECK(&c, c2d_shape_contains_point(&s, in.origin) || point_distance(in.origin, &s) <= GTOL,
                      "%s: hit at time 0 but the origin is not inside", nk);
            }
        }
    }
    printf("prop_raycast_hits_surface: %d casts ended within rounding of the surface or of tangency (answer unsettled)\n", rounding);
    prop_finish(&c);
}

/* ---- distance is zero exactly when the shapes overlap; closest points lie on the surfaces ---- */

static void prop_distance_matches_overlap(void **state) {
    test_rng r = prop_rng("prop_distance_matches_overlap");
    prop_ctx c = {"prop_distance_matches_overlap", 0, 0, NULL, NULL, 0};
    int n = pair_iters(), ka, kb, i;
    (void)state;
    for (ka = 0; ka < C2D_SHAPE_TYPE_COUNT; ++ka) {
        for (kb = 0; kb < C2D_SHAPE_TYPE_COUNT; ++kb) {
            const char *na = kind_name[ka], *nb = kind_name[kb];
            bool probe = is_2d((c2d_shape_type)ka) || is_2d((c2d_shape_type)kb);
            for (i = 0; i < n; ++i) {
                pick_scale(i);
                c2d_shape a = random_shape(&r, (c2d_shape_type)ka), b = random_shape(&r, (c2d_shape_type)kb);
                bool o = c2d_shape_overlap(&a, &b);
                c2d_distance_result d = c2d_shape_distance(&a, &b);
                double dist = (double)d.distance;
                c.iter = i;
                c.a = &a;
                c.b = &b;
                CHECK(&c, d.status == C2D_DISTANCE_OK, "%s vs %s: distance status %d", na, nb, (int)d.status);
                if (!(isfinite(dist) && vec_finite(d.point_a) && vec_finite(d.point_b) && vec_finite(d.normal))) {
                    CHECK(&c, false, "%s vs %s: distance result not finite", na, nb);
                    continue;
                }
                CHECK(&c, dist >= 0, "%s vs %s: distance %.9g < 0", na, nb, dist);
                if (o) {
                    CHECK(&c, dist == 0, "%s vs %s overlap but distance is %.9g", na, nb, dist);
                    continue;
                }
                if (dist <= GTOL) continue; /* touching within rounding: nothing more to say */
                ++c.deep;
                CHECK(&c, is_unit(d.normal), "%s vs %s: |normal| = %.9g", na, nb, vlen(d.normal));
                CHECK(&c, fabs(vlen(c2d_sub(d.point_a, d.point_b)) - dist) <= GTOL, "%s vs %s: |point_a - point_b| = %.9g, distance %.9g",
                      na, nb, vlen(c2d_sub(d.point_a, d.point_b)), dist);
                CHECK(&c, vlen(c2d_sub(c2d_mul_add(d.point_b, d.distance, d.normal), d.point_a)) <= GTOL,
                      "%s vs %s: point_a is not point_b + distance * normal", na, nb);
                CHECK(&c, on_surface(&a, d.point_a), "%s vs %s: point_a (%.9g, %.9g) is not on A's surface (%.9g away)", na, nb,
                      (double)d.point_a.x, (double)d.point_a.y, boundary_distance(&a, d.point_a));
                CHECK(&c, on_surface(&b, d.point_b), "%s vs %s: point_b (%.9g, %.9g) is not on B's surface (%.9g away)", na, nb,
                      (double)d.point_b.x, (double)d.point_b.y, boundary_distance(&b, d.point_b));
                /* optimality: the planes through point_b and point_a normal to n support B and A, so
                 * no pair of points is closer than the distance */
                {
                    c2d_vec2 mn = c2d_neg(d.normal);
                    double sb = support(&b, d.normal) - ((double)d.normal.x * d.point_b.x + (double)d.normal.y * d.point_b.y);
                    double sa = support(&a, mn) - ((double)mn.x * d.point_a.x + (double)mn.y * d.point_a.y);
                    CHECK(&c, sb <= GTOL && sa <= GTOL, "%s vs %s: the normal does not separate: B reaches %.9g past point_b, A %.9g past point_a",
                          na, nb, sb, sa);
                }
                if (probe && dist > 2 * MOVE_EPS) {
                    /* A moved toward B by a little less than the distance still does not overlap it. */
                    c2d_shape out_ = moved(&a, c2d_scale(d.normal, -(d.distance - (c2d_real)MOVE_EPS)));
                    CHECK(&c, !c2d_shape_overlap(&out_, &b), "%s vs %s: A moved by -(distance - eps) * normal overlaps B (distance %.9g too large)", na, nb, dist);
                }
            }
        }
    }
    prop_finish(&c);
}

/* ---- containment agrees with overlap against a point, and with distance ---- */

static void prop_contains_matches_point_overlap(void **state) {
    test_rng r = prop_rng("prop_contains_matches_point_overlap");
    prop_ctx c = {"prop_contains_matches_point_overlap", 0, 0, NULL, NULL, 0};
    int n = pair_iters(), k, i, j;
    (void)state;
    for (k = 0; k < C2D_SHAPE_TYPE_COUNT; ++k) {
        const char *nk = kind_name[k];
        for (i = 0; i < n; ++i) {
            pick_scale(i);
            c2d_shape s = random_shape(&r, (c2d_shape_type)k);
            c2d_aabb box = c2d_shape_aabb(&s);
            c.iter = i;
            c.a = &s;
            c.b = NULL;
            for (j = 0; j < 8; ++j) {
                c2d_vec2 p = c2d_v2((c2d_real)rnd(&r, (double)box.lower.x - 0.5 * g_len, (double)box.upper.x + 0.5 * g_len),
                                    (c2d_real)rnd(&r, (double)box.lower.y - 0.5 * g_len, (double)box.upper.y + 0.5 * g_len));
                c2d_shape ps = c2d_shape_from_point(p);
                bool in = c2d_shape_contains_point(&s, p);
                bool o1 = c2d_shape_overlap(&ps, &s), o2 = c2d_shape_overlap(&s, &ps);
                double d = point_distance(p, &s);
                CHECK(&c, in == o1 && in == o2, "%s: contains (%.9g, %.9g) = %d, overlap(point, s) = %d, overlap(s, point) = %d",
                      nk, (double)p.x, (double)p.y, in, o1, o2);
                if (in) {
                    ++c.deep;
                    CHECK(&c, p.x >= box.lower.x && p.x <= box.upper.x && p.y >= box.lower.y && p.y <= box.upper.y,
                          "%s: contains (%.9g, %.9g) outside its bounding box", nk, (double)p.x, (double)p.y);
                    CHECK(&c, d == 0, "%s: contains (%.9g, %.9g) but distance %.9g", nk, (double)p.x, (double)p.y, d);
                } else {
                    CHECK(&c, d >= 0, "%s: distance %.9g < 0", nk, d);
                }
            }
            /* Points and segments are closed: their own defining points lie on them. */
            if (k == C2D_SHAPE_POINT) {
                CHECK(&c, c2d_shape_contains_point(&s, s.as.point), "a point does not contain itself");
            } else if (k == C2D_SHAPE_SEGMENT) {
                c2d_shape e1 = c2d_shape_from_point(s.as.segment.p1), e2 = c2d_shape_from_point(s.as.segment.p2);
                CHECK(&c, c2d_shape_contains_point(&s, s.as.segment.p1) && c2d_shape_contains_point(&s, s.as.segment.p2),
                      "a segment does not contain its endpoints");
                CHECK(&c, c2d_shape_overlap(&e1, &s) && c2d_shape_overlap(&s, &e2), "a segment does not overlap its endpoints");
            } else if (k == C2D_SHAPE_POLYGON) {
                /* vertices are on the boundary: outside */
                for (j = 0; j < s.as.polygon.count; ++j)
                    CHECK(&c, !c2d_shape_contains_point(&s, s.as.polygon.vertices[j]), "polygon contains its vertex %d", j);
                CHECK(&c, c2d_shape_contains_point(&s, s.as.polygon.centroid), "polygon does not contain its centroid");
            } else if (k == C2D_SHAPE_AABB) {
                CHECK(&c, !c2d_shape_contains_point(&s, s.as.aabb.lower) && !c2d_shape_contains_point(&s, s.as.aabb.upper),
                      "aabb contains a corner");
            }
        }
    }
    prop_finish(&c);
}

/* ---- a convex polygon seen as a concave one gives the convex answers ---- */

/* The concave functions (crossing rule, edge tests) and the convex ones (separating axes, GJK)
 * are separate code; on convex outlines, wound either way, they must agree. */
static void prop_concave_matches_convex(void **state) {
    test_rng r = prop_rng("prop_concave_matches_convex");
    prop_ctx c = {"prop_concave_matches_convex", 0, 0, NULL, NULL, 0};
    int n = pair_iters() * 2, i, j, w;
    (void)state;
    for (i = 0; i < n; ++i) {
        c2d_shape ps, qs, cs, ss, pt;
        c2d_polygon *p, *q;
        c2d_vec2 rev[C2D_MAX_POLYGON_VERTICES];
        c2d_concave cp[2], cq;
        c2d_aabb box;
        pick_scale(i);
        ps = random_shape(&r, C2D_SHAPE_POLYGON);
        qs = random_shape(&r, C2D_SHAPE_POLYGON);
        cs = random_shape(&r, C2D_SHAPE_CIRCLE);
        ss = random_shape(&r, C2D_SHAPE_SEGMENT);
        p = &ps.as.polygon;
        q = &qs.as.polygon;
        for (j = 0; j < p->count; ++j) rev[j] = p->vertices[p->count - 1 - j];
        assert_status(c2d_concave_make(p->vertices, p->count, &cp[0]), C2D_OK);
        assert_status(c2d_concave_make(rev, p->count, &cp[1]), C2D_OK);
        assert_status(c2d_concave_make(q->vertices, q->count, &cq), C2D_OK);
        c.iter = i;
        c.a = &ps;
        c.b = &qs;
        CHECK(&c, cp[0].signed_area > 0 && cp[1].signed_area < 0, "signed areas %.9g (CCW) and %.9g (CW)",
              (double)cp[0].signed_area, (double)cp[1].signed_area);
        box = c2d_shape_aabb(&ps);
        for (w = 0; w < 2; ++w) {
            const char *wn = w ? "clockwise" : "counter-clockwise";
            bool o = c2d_polygon_overlap_polygon(p, q);
            CHECK(&c, c2d_concave_overlap_polygon(&cp[w], q) == o, "%s concave_overlap_polygon %d, polygon_overlap_polygon %d", wn, !o, o);
            CHECK(&c, c2d_concave_overlap_concave(&cp[w], &cq) == o, "%s concave_overlap_concave %d, polygon_overlap_polygon %d", wn, !o, o);
            o = c2d_circle_overlap_polygon(cs.as.circle, p);
            c.b = &cs;
            CHECK(&c, c2d_concave_overlap_circle(&cp[w], cs.as.circle) == o, "%s concave_overlap_circle %d, circle_overlap_polygon %d", wn, !o, o);
            o = c2d_segment_overlap_polygon(ss.as.segment, p);
            c.b = &ss;
            CHECK(&c, c2d_concave_overlap_segment(&cp[w], ss.as.segment) == o, "%s concave_overlap_segment %d, segment_overlap_polygon %d", wn, !o, o);
            if (o) ++c.deep;
            {
                c2d_hit hc, hp;
                c2d_raycast_input in = c2d_segment_cast_input(ss.as.segment);
                bool gc = c2d_concave_raycast(&cp[w], in, &hc), gp = c2d_polygon_raycast(p, in, &hp);
                /* the two casts round differently: within rounding of the segment's end or of
                 * tangency either answer is right */
                CHECK(&c, gc == gp || cast_within_rounding(&ps, in, gp), "%s concave_raycast %d, polygon_raycast %d", wn, gc, gp);
                if (gc && gp) {
                    CHECK(&c, fabs((double)hc.time - (double)hp.time) * vlen(in.translation) <= GTOL, "%s concave_raycast time %.9g, polygon_raycast %.9g",
                          wn, (double)hc.time, (double)hp.time);
                    CHECK(&c, hc.time == 0 || vlen(c2d_sub(hc.normal, hp.normal)) <= 1e-3, "%s concave_raycast normal (%.9g, %.9g), polygon_raycast (%.9g, %.9g)",
                          wn, (double)hc.normal.x, (double)hc.normal.y, (double)hp.normal.x, (double)hp.normal.y);
                }
            }
            c.b = NULL;
            for (j = 0; j < 8; ++j) {
                c2d_vec2 pp = c2d_v2((c2d_real)rnd(&r, (double)box.lower.x, (double)box.upper.x),
                                     (c2d_real)rnd(&r, (double)box.lower.y, (double)box.upper.y));
                bool in = c2d_polygon_contains_point(p, pp);
                pt = c2d_shape_from_point(pp);
                c.b = &pt;
                CHECK(&c, c2d_concave_contains_point(&cp[w], pp) == in, "%s concave_contains_point %d, polygon_contains_point %d", wn, !in, in);
                c.b = NULL;
            }
            /* vertices are boundary points: outside */
            for (j = 0; j < p->count; ++j)
                CHECK(&c, !c2d_concave_contains_point(&cp[w], p->vertices[j]), "%s concave contains its vertex %d", wn, j);
        }
    }
    prop_finish(&c);
}

/* ---- arcs: containment against the definition ---- */

/* A point is inside an arc when inner < |d| < outer and its angle lies strictly inside the
 * angular range; computed here in double with atan2, skipping points within 1e-6 (relative) of a
 * boundary circle or ray. */
static void prop_arc_contains_matches_definition(void **state) {
    test_rng r = prop_rng("prop_arc_contains_matches_definition");
    prop_ctx c = {"prop_arc_contains_matches_definition", 0, 0, NULL, NULL, 0};
    int n = pair_iters() * 2, i, j;
    (void)state;
    for (i = 0; i < n; ++i) {
        double cx = rnd(&r, -2, 2), cy = rnd(&r, -2, 2);
        double inner = rnd(&r, 0, 1) < 0.3 ? 0.0 : rnd(&r, 0.1, 1.0);
        double outer = inner + rnd(&r, 0.2, 1.5);
        double start = rnd(&r, -7, 7), span = rnd(&r, 0, 1) < 0.1 ? 7.0 : rnd(&r, 0.05, 6.2);
        c2d_arc arc;
        c.iter = i;
        c.a = c.b = NULL;
        if (c2d_arc_make(c2d_v2((c2d_real)cx, (c2d_real)cy), (c2d_real)inner, (c2d_real)outer, (c2d_real)start,
                         (c2d_real)(start + span), &arc) != C2D_OK) {
            CHECK(&c, false, "c2d_arc_make rejected inner %.9g outer %.9g start %.9g end %.9g", inner, outer, start, start + span);
            continue;
        }
        for (j = 0; j < 16; ++j) {
            double px = cx + rnd(&r, -outer * 1.2, outer * 1.2), py = cy + rnd(&r, -outer * 1.2, outer * 1.2);
            double dx = (double)(c2d_real)px - (double)arc.center.x, dy = (double)(c2d_real)py - (double)arc.center.y;
            double rad = sqrt(dx * dx + dy * dy), rel, two_pi = 2.0 * TEST_PI, expect_in;
            bool got;
            if (fabs(rad - inner) < 1e-5 * outer || fabs(rad - outer) < 1e-5 * outer || rad < 1e-5 * outer) continue;
            expect_in = rad > inner && rad < outer;
            if (span < two_pi) {
                rel = fmod(atan2(dy, dx) - start, two_pi);
                if (rel < 0) rel += two_pi;
                /* angular distance to either edge, as a length: skip near-boundary points */
                if (fmin(rel, fabs(two_pi - rel)) * rad < 1e-5 * outer || fabs(rel - span) * rad < 1e-5 * outer) continue;
                expect_in = expect_in && rel < span;
            }
            got = c2d_arc_contains_point(&arc, c2d_v2((c2d_real)px, (c2d_real)py));
            if (got) ++c.deep;
            CHECK(&c, got == (expect_in != 0), "arc center (%.9g, %.9g) radii %.9g..%.9g angles %.9g + %.9g: contains (%.9g, %.9g) = %d, expected %d",
                  cx, cy, inner, outer, start, span, px, py, got, expect_in != 0);
        }
    }
    prop_finish(&c);
}

/* ---- exact touching: shapes on an integer grid against an exact reference ---- */

/* Small integer coordinates and radii are exact in float and double, and products of them are
 * exact in int64, so touching configurations (shared edges, a vertex on an edge, tangent circles)
 * come up often and have an exact answer. Every shape is a convex core K (a point, a segment or a
 * polygon) with a radius r: a circle is a point core, a capsule a segment core, a box or polygon
 * has r = 0 and its own interior, and a point or segment with r = 0 counts as its closed self. */
typedef struct ipt {
    int64_t x, y;
} ipt;

typedef struct grid_shape {
    c2d_shape s; /* the same shape for the library */
    int core;    /* 0 point, 1 segment, 2 polygon */
    ipt v[8];    /* core vertices (polygon: counter-clockwise, no collinear vertices) */
    int n;       /* core vertex count */
    int64_t r;   /* radius (0: no rounding) */
} grid_shape;

static int64_t icross(ipt o, ipt a, ipt b) { return (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x); }
static int64_t idot(ipt o, ipt a, ipt b) { return (a.x - o.x) * (b.x - o.x) + (a.y - o.y) * (b.y - o.y); }
static int64_t id2(ipt a, ipt b) { return (a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y); }
static int isgn(int64_t v) { return (v > 0) - (v < 0); }

/* Squared distance from p to the closed segment a-b is less than R (exact). */
static bool pt_seg_d2_lt(ipt p, ipt a, ipt b, int64_t R) {
    int64_t L = id2(a, b), t, c;
    if (L == 0) return id2(p, a) < R;
    t = idot(a, p, b);
    if (t <= 0) return id2(p, a) < R;
    if (t >= L) return id2(p, b) < R;
    c = icross(a, b, p);
    return c * c < R * L;
}

/* The closed segments a-b and c-d share a point (exact orientation tests). */
static bool seg_seg_meet(ipt a, ipt b, ipt c, ipt d) {
    int o1 = isgn(icross(a, b, c)), o2 = isgn(icross(a, b, d)), o3 = isgn(icross(c, d, a)), o4 = isgn(icross(c, d, b));
    if (o1 * o2 < 0 && o3 * o4 < 0) return true;
    if (o1 == 0 && idot(c, a, b) <= 0) return true; /* c on a-b */
    if (o2 == 0 && idot(d, a, b) <= 0) return true;
    if (o3 == 0 && idot(a, c, d) <= 0) return true;
    if (o4 == 0 && idot(b, c, d) <= 0) return true;
    return false;
}

/* p inside the closed (closed = true) or open polygon. */
static bool pt_in_poly(ipt p, const grid_shape *g, bool closed) {
    int i;
    for (i = 0; i < g->n; ++i) {
        int64_t c = icross(g->v[i], g->v[(i + 1) % g->n], p);
        if (closed ? c < 0 : c <= 0) return false;
    }
    return true;
}

/* Distance between two cores is less than sqrt(R) (R > 0); at most one core is a polygon. */
static bool core_dist_lt(const grid_shape *a, const grid_shape *b, int64_t R) {
    const grid_shape *p = a, *q = b;
    int i, j;
    if (a->core < b->core) {
        p = b;
        q = a;
    } /* p has the larger core */
    if (p->core == 2) {
        /* q meets the closed polygon: an endpoint inside or an edge crossing */
        for (j = 0; j < q->n; ++j)
            if (pt_in_poly(q->v[j], p, true)) return true;
        if (q->n == 2)
            for (i = 0; i < p->n; ++i)
                if (seg_seg_meet(q->v[0], q->v[1], p->v[i], p->v[(i + 1) % p->n])) return true;
        for (j = 0; j < q->n; ++j)
            for (i = 0; i < p->n; ++i)
                if (pt_seg_d2_lt(q->v[j], p->v[i], p->v[(i + 1) % p->n], R)) return true;
        if (q->n == 2)
            for (i = 0; i < p->n; ++i)
                if (pt_seg_d2_lt(p->v[i], q->v[0], q->v[1], R)) return true;
        return false;
    }
    if (p->n == 2 && q->n == 2) {
        if (seg_seg_meet(p->v[0], p->v[1], q->v[0], q->v[1])) return true;
        return pt_seg_d2_lt(q->v[0], p->v[0], p->v[1], R) || pt_seg_d2_lt(q->v[1], p->v[0], p->v[1], R) ||
               pt_seg_d2_lt(p->v[0], q->v[0], q->v[1], R) || pt_seg_d2_lt(p->v[1], q->v[0], q->v[1], R);
    }
    return pt_seg_d2_lt(q->v[0], p->v[0], p->v[p->n - 1], R);
}

/* Projection interval of a core on the (unnormalised) axis n. */
static void project(const grid_shape *g, ipt n, int64_t *lo, int64_t *hi) {
    int i;
    *lo = *hi = g->v[0].x * n.x + g->v[0].y * n.y;
    for (i = 1; i < g->n; ++i) {
        int64_t d = g->v[i].x * n.x + g->v[i].y * n.y;
        if (d < *lo) *lo = d;
        if (d > *hi) *hi = d;
    }
}

/* No line separates the two cores, touching counting as separated: the edge normals of both
 * (a segment's normal for a segment) are the candidate axes. Exact for a polygon against a
 * polygon, a segment or a point. */
static bool sat_strict(const grid_shape *a, const grid_shape *b) {
    const grid_shape *g[2];
    int k, i;
    g[0] = a;
    g[1] = b;
    for (k = 0; k < 2; ++k) {
        int edges = g[k]->n == 2 ? 1 : g[k]->n;
        if (g[k]->n < 2) continue;
        for (i = 0; i < edges; ++i) {
            ipt e0 = g[k]->v[i], e1 = g[k]->v[(i + 1) % g[k]->n], n;
            int64_t alo, ahi, blo, bhi;
            n.x = e1.y - e0.y;
            n.y = -(e1.x - e0.x);
            project(a, n, &alo, &ahi);
            project(b, n, &blo, &bhi);
            if (ahi <= blo || bhi <= alo) return false;
        }
    }
    return true;
}

/* Exact overlap by the library's touching rule. */
static bool grid_overlap(const grid_shape *a, const grid_shape *b) {
    bool a_int = a->r > 0 || a->core == 2, b_int = b->r > 0 || b->core == 2;
    if (!a_int && !b_int) {
        if (a->n == 1 && b->n == 1) return a->v[0].x == b->v[0].x && a->v[0].y == b->v[0].y;
        if (a->n == 1) return icross(b->v[0], b->v[1], a->v[0]) == 0 && idot(a->v[0], b->v[0], b->v[1]) <= 0;
        if (b->n == 1) return icross(a->v[0], a->v[1], b->v[0]) == 0 && idot(b->v[0], a->v[0], a->v[1]) <= 0;
        return seg_seg_meet(a->v[0], a->v[1], b->v[0], b->v[1]);
    }
    if (a->r > 0 || b->r > 0) {
        /* the rounded one(s): the distance between the cores is below the sum of the radii */
        if (a->core == 2 || b->core == 2 || (a->r > 0 && b->r > 0) || (a->r > 0) != (b->r > 0))
            return core_dist_lt(a, b, (a->r + b->r) * (a->r + b->r));
    }
    /* polygon cores without rounding against a polygon, a segment or a point */
    if (a->core == 2 && b->n == 1) return pt_in_poly(b->v[0], a, false);
    if (b->core == 2 && a->n == 1) return pt_in_poly(a->v[0], b, false);
    return sat_strict(a, b);
}

static int64_t irnd(test_rng *r, int lo, int hi) { return lo + (int64_t)(test_rng_next(r) % (uint64_t)(hi - lo + 1)); }
static c2d_vec2 ivec(ipt p) { return c2d_v2((c2d_real)p.x, (c2d_real)p.y); }

/* Random grid shape of a kind with coordinates in [-4, 4]. */
static grid_shape random_grid_shape(test_rng *r, c2d_shape_type kind) {
    grid_shape g;
    int i;
    memset(&g, 0, sizeof g);
    switch (kind) {
    case C2D_SHAPE_POINT:
        g.core = 0;
        g.n = 1;
        g.v[0].x = irnd(r, -4, 4);
        g.v[0].y = irnd(r, -4, 4);
        g.s = c2d_shape_from_point(ivec(g.v[0]));
        break;
    case C2D_SHAPE_SEGMENT:
        g.core = 1;
        g.n = 2;
        do {
            for (i = 0; i < 2; ++i) {
                g.v[i].x = irnd(r, -4, 4);
                g.v[i].y = irnd(r, -4, 4);
            }
        } while (g.v[0].x == g.v[1].x && g.v[0].y == g.v[1].y);
        g.s = c2d_shape_from_segment(seg((double)g.v[0].x, (double)g.v[0].y, (double)g.v[1].x, (double)g.v[1].y));
        break;
    case C2D_SHAPE_AABB: {
        int64_t lx = irnd(r, -4, 3), ly = irnd(r, -4, 3), ux = irnd(r, (int)lx + 1, 4), uy = irnd(r, (int)ly + 1, 4);
        c2d_aabb b;
        g.core = 2;
        g.n = 4;
        g.v[0].x = lx;
        g.v[0].y = ly;
        g.v[1].x = ux;
        g.v[1].y = ly;
        g.v[2].x = ux;
        g.v[2].y = uy;
        g.v[3].x = lx;
        g.v[3].y = uy;
        b.lower = ivec(g.v[0]);
        b.upper = ivec(g.v[2]);
        g.s = c2d_shape_from_aabb(b);
        break;
    }
    case C2D_SHAPE_CIRCLE:
        g.core = 0;
        g.n = 1;
        g.v[0].x = irnd(r, -3, 3);
        g.v[0].y = irnd(r, -3, 3);
        g.r = irnd(r, 1, 3);
        g.s = c2d_shape_from_circle(circ((double)g.v[0].x, (double)g.v[0].y, (double)g.r));
        break;
    case C2D_SHAPE_CAPSULE:
        g.core = 1;
        g.n = 2;
        g.r = irnd(r, 1, 2);
        for (i = 0; i < 2; ++i) {
            g.v[i].x = irnd(r, -3, 3);
            g.v[i].y = irnd(r, -3, 3);
        }
        g.s = c2d_shape_from_capsule(caps((double)g.v[0].x, (double)g.v[0].y, (double)g.v[1].x, (double)g.v[1].y, (double)g.r));
        if (g.v[0].x == g.v[1].x && g.v[0].y == g.v[1].y) {
            g.core = 0;
            g.n = 1;
        } /* a circle */
        break;
    case C2D_SHAPE_POLYGON:
    default: {
        /* hull of 3..6 random grid points (monotone chain, collinear points dropped) */
        ipt pts[6], h[12], t;
        int m, k, j;
        c2d_vec2 fv[8];
        c2d_polygon poly;
        for (;;) {
            m = 3 + (int)irnd(r, 0, C2D_MAX_POLYGON_VERTICES >= 6 ? 3 : C2D_MAX_POLYGON_VERTICES - 3); /* hull <= m vertices */
            for (i = 0; i < m; ++i) {
                pts[i].x = irnd(r, -4, 4);
                pts[i].y = irnd(r, -4, 4);
            }
            for (i = 1; i < m; ++i)
                for (j = i; j > 0 && (pts[j].x < pts[j - 1].x || (pts[j].x == pts[j - 1].x && pts[j].y < pts[j - 1].y)); --j) {
                    t = pts[j];
                    pts[j] = pts[j - 1];
                    pts[j - 1] = t;
                }
            k = 0;
            for (i = 0; i < m; ++i) {
                while (k >= 2 && icross(h[k - 2], h[k - 1], pts[i]) <= 0) --k;
                h[k++] = pts[i];
            }
            for (i = m - 2, j = k + 1; i >= 0; --i) {
                while (k >= j && icross(h[k - 2], h[k - 1], pts[i]) <= 0) --k;
                h[k++] = pts[i];
            }
            k -= 1;
            if (k >= 3) break;
        }
        g.core = 2;
        g.n = k;
        for (i = 0; i < k; ++i) {
            g.v[i] = h[i];
            fv[i] = ivec(h[i]);
        }
        assert_status(c2d_polygon_make(fv, k, &poly), C2D_OK);
        g.s = c2d_shape_from_polygon(&poly);
        break;
    }
    }
    return g;
}

/* Runs the grid comparison: with_hit = false checks overlap and containment, true checks that
 * hit and manifold agree with the exact answer. */
static void grid_exact(const char *name, bool with_hit) {
    test_rng r = prop_rng(name);
    prop_ctx c = {NULL, 0, 0, NULL, NULL, 0};
    int n = pair_iters(), ka, kb, i;
    c.test = name;
    for (ka = 0; ka < C2D_SHAPE_TYPE_COUNT; ++ka) {
        for (kb = 0; kb < C2D_SHAPE_TYPE_COUNT; ++kb) {
            const char *na = kind_name[ka], *nb = kind_name[kb];
            for (i = 0; i < n; ++i) {
                grid_shape ga = random_grid_shape(&r, (c2d_shape_type)ka), gb = random_grid_shape(&r, (c2d_shape_type)kb);
                bool expect = grid_overlap(&ga, &gb);
                c2d_hit h;
                c.iter = i;
                c.a = &ga.s;
                c.b = &gb.s;
                if (expect) ++c.deep;
                if (!with_hit) {
                    CHECK(&c, c2d_shape_overlap(&ga.s, &gb.s) == expect, "%s vs %s on the grid: overlap %d, exact answer %d", na, nb, !expect, expect);
                    if (ka == C2D_SHAPE_POINT)
                        CHECK(&c, c2d_shape_contains_point(&gb.s, ga.s.as.point) == expect, "%s contains a grid point: %d, exact answer %d", nb, !expect, expect);
                    continue;
                }
                CHECK(&c, c2d_shape_hit(&ga.s, &gb.s, &h) == expect, "%s vs %s on the grid: hit %d, exact answer %d", na, nb, !expect, expect);
                if (is_2d((c2d_shape_type)ka) && is_2d((c2d_shape_type)kb))
                    CHECK(&c, (c2d_shape_manifold(&ga.s, &gb.s).count > 0) == expect, "%s vs %s on the grid: manifold count %s, exact answer %d",
                          na, nb, expect ? "0" : "> 0", expect);
            }
        }
    }
    prop_finish(&c);
}

static void prop_grid_overlap_exact(void **state) {
    (void)state;
    grid_exact("prop_grid_overlap_exact", false);
}

static void prop_grid_hit_manifold_exact(void **state) {
    (void)state;
    grid_exact("prop_grid_hit_manifold_exact", true);
}

/* ---- the same shapes far from the origin give the same answers ---- */

/* How far a near-origin segment pair is from changing its crossing answer: the smallest distance
 * of an endpoint of either segment from the other segment (both the line and the ends matter). */
static double segment_pair_margin(c2d_segment a, c2d_segment b) {
    c2d_segment pts[4];
    double m = 1e300;
    int i;
    pts[0].p1 = pts[0].p2 = a.p1;
    pts[1].p1 = pts[1].p2 = a.p2;
    pts[2].p1 = pts[2].p2 = b.p1;
    pts[3].p1 = pts[3].p2 = b.p2;
    for (i = 0; i < 4; ++i) {
        c2d_segment_distance_result d = c2d_segment_distance(pts[i], i < 2 ? b : a);
        double v = sqrt((double)d.distance_squared);
        if (v < m) m = v;
    }
    return m;
}

static void prop_far_from_origin_same_answers(void **state) {
    test_rng r = prop_rng("prop_far_from_origin_same_answers");
    prop_ctx c = {"prop_far_from_origin_same_answers", 0, 0, NULL, NULL, 0};
    int n = pair_iters(), ka, kb, i, compared = 0;
    c2d_vec2 off = far_offset();
    (void)state;
    for (ka = 0; ka < C2D_SHAPE_TYPE_COUNT; ++ka) {
        for (kb = 0; kb < C2D_SHAPE_TYPE_COUNT; ++kb) {
            const char *na = kind_name[ka], *nb = kind_name[kb];
            for (i = 0; i < n; ++i) {
                c2d_shape a0, a1, b0, b1;
                bool o0, o1;
                double margin;
                c2d_hit h0, h1;
                c2d_distance_result d0, d1;
                random_shape_pair(&r, (c2d_shape_type)ka, 10.0, off, &a0, &a1);
                random_shape_pair(&r, (c2d_shape_type)kb, 10.0, off, &b0, &b1);
                c.iter = i;
                c.a = &a1;
                c.b = &b1;
                o0 = c2d_shape_overlap(&a0, &b0);
                o1 = c2d_shape_overlap(&a1, &b1);
                d0 = c2d_shape_distance(&a0, &b0);
                /* how far the near pair is from touching */
                if (o0 && ka == C2D_SHAPE_SEGMENT && kb == C2D_SHAPE_SEGMENT) {
                    margin = segment_pair_margin(a0.as.segment, b0.as.segment);
                } else if (o0) {
                    margin = c2d_shape_hit(&a0, &b0, &h0) ? vlen(h0.delta) : 0.0;
                } else {
                    margin = (double)d0.distance;
                }
                if (!(margin > FAR_MARGIN)) continue;
                ++compared;
                ++c.deep;
                CHECK(&c, o0 == o1, "%s vs %s: overlap %d near the origin, %d at offset %g (margin %.3g)", na, nb, o0, o1, FAR_OFFSET, margin);
                CHECK(&c, c2d_shape_overlap(&b1, &a1) == o0, "%s vs %s: reversed overlap differs far from the origin", na, nb);
                if (o0 && (is_2d((c2d_shape_type)ka) || is_2d((c2d_shape_type)kb))) {
                    bool g0 = c2d_shape_hit(&a0, &b0, &h0), g1 = c2d_shape_hit(&a1, &b1, &h1);
                    CHECK(&c, g0 && g1, "%s vs %s: hit near %d, far %d", na, nb, g0, g1);
                    if (g0 && g1) {
                        CHECK(&c, fabs(vlen(h0.delta) - vlen(h1.delta)) <= FAR_TOL, "%s vs %s: push-out length %.9g near, %.9g far",
                              na, nb, vlen(h0.delta), vlen(h1.delta));
                    }
                }
                if (!o0) {
                    d1 = c2d_shape_distance(&a1, &b1);
                    CHECK(&c, fabs((double)d0.distance - (double)d1.distance) <= FAR_TOL, "%s vs %s: distance %.9g near, %.9g far",
                          na, nb, (double)d0.distance, (double)d1.distance);
                }
            }
        }
    }
    printf("compared %d configurations at offset (%g, %g)\n", compared, FAR_OFFSET, -FAR_OFFSET);
    prop_finish(&c);
}

/* ---- ray casts far from the origin ---- */

static void prop_far_raycast_same_answers(void **state) {
    test_rng r = prop_rng("prop_far_raycast_same_answers");
    prop_ctx c = {"prop_far_raycast_same_answers", 0, 0, NULL, NULL, 0};
    int n = pair_iters() * 2, k, i, compared = 0;
    c2d_vec2 off = far_offset();
    (void)state;
    for (k = C2D_SHAPE_SEGMENT; k < C2D_SHAPE_TYPE_COUNT; ++k) {
        for (i = 0; i < n; ++i) {
            c2d_shape s0, s1, seg0;
            c2d_raycast_input in0, in1;
            c2d_vec2 o0, o1, tgt;
            c2d_hit h0, h1;
            bool g0, g1;
            double margin;
            random_shape_pair(&r, (c2d_shape_type)k, 10.0, off, &s0, &s1);
            snap(c2d_v2((c2d_real)rnd(&r, -50, 50), (c2d_real)rnd(&r, -50, 50)), off, &o0, &o1);
            tgt = c2d_v2((c2d_real)rnd(&r, -20, 20), (c2d_real)rnd(&r, -20, 20));
            in0.origin = o0;
            in0.translation = c2d_scale(c2d_sub(tgt, o0), (c2d_real)rnd(&r, 0.5, 2.0));
            in0.max_fraction = 1;
            in1 = in0;
            in1.origin = o1;
            c.iter = i;
            c.a = &s1;
            c.b = NULL;
            g0 = c2d_shape_raycast(&s0, in0, &h0);
            g1 = c2d_shape_raycast(&s1, in1, &h1);
            /* robustness margin of the near cast: its segment's distance to the shape when it
             * misses; when it hits, how deep the segment goes (the shape's push-out of it) */
            seg0.type = C2D_SHAPE_SEGMENT;
            seg0.as.segment.p1 = in0.origin;
            seg0.as.segment.p2 = c2d_add(in0.origin, in0.translation);
            if (g0) {
                c2d_hit hs;
                margin = (k != C2D_SHAPE_SEGMENT && c2d_shape_hit(&seg0, &s0, &hs)) ? vlen(hs.delta)
                                                                                    : (k == C2D_SHAPE_SEGMENT ? segment_pair_margin(seg0.as.segment, s0.as.segment) : 0.0);
            } else {
                margin = (double)c2d_shape_distance(&seg0, &s0).distance;
            }
            if (!(margin > FAR_MARGIN)) continue;
            ++compared;
            ++c.deep;
            CHECK(&c, g0 == g1, "%s: raycast %d near the origin, %d far (margin %.3g)", kind_name[k], g0, g1, margin);
            if (g0 && g1)
                CHECK(&c, fabs((double)(h0.time - h1.time)) * vlen(in0.translation) <= FAR_TOL,
                      "%s: hit time %.9g near, %.9g far", kind_name[k], (double)h0.time, (double)h1.time);
        }
    }
    printf("compared %d casts at offset (%g, %g)\n", compared, FAR_OFFSET, -FAR_OFFSET);
    prop_finish(&c);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(prop_overlap_symmetric, setup_hook, teardown_hook),
        cmocka_unit_test_setup_teardown(prop_hit_matches_overlap, setup_hook, teardown_hook),
        cmocka_unit_test_setup_teardown(prop_hit_pushout_separates, setup_hook, teardown_hook),
        cmocka_unit_test_setup_teardown(prop_hit_pushout_is_tight, setup_hook, teardown_hook),
        cmocka_unit_test_setup_teardown(prop_manifold_matches_overlap, setup_hook, teardown_hook),
        cmocka_unit_test_setup_teardown(prop_raycast_hits_surface, setup_hook, teardown_hook),
        cmocka_unit_test_setup_teardown(prop_distance_matches_overlap, setup_hook, teardown_hook),
        cmocka_unit_test_setup_teardown(prop_contains_matches_point_overlap, setup_hook, teardown_hook),
        cmocka_unit_test_setup_teardown(prop_grid_overlap_exact, setup_hook, teardown_hook),
        cmocka_unit_test_setup_teardown(prop_grid_hit_manifold_exact, setup_hook, teardown_hook),
        cmocka_unit_test_setup_teardown(prop_concave_matches_convex, setup_hook, teardown_hook),
        cmocka_unit_test_setup_teardown(prop_arc_contains_matches_definition, setup_hook, teardown_hook),
        cmocka_unit_test_setup_teardown(prop_far_from_origin_same_answers, setup_hook, teardown_hook),
        cmocka_unit_test_setup_teardown(prop_far_raycast_same_answers, setup_hook, teardown_hook),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
