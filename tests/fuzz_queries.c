/* libFuzzer target: arbitrary bytes become two shapes (any bit pattern: NaN, infinities,
 * denormals, out-of-range and grid coordinates, hand-made polygon structs), a ray, a point and two
 * moves; every generic query runs on them, under ASan and UBSan, and the library's promises are
 * checked on each input:
 *  - no crash, no undefined behaviour, no NaN or infinity in an output that reports a result;
 *  - overlap is symmetric; an invalid shape overlaps nothing;
 *  - hit and manifold agree with overlap; distance is 0 whenever overlap says yes;
 *  - a ray or sweep hit lies within its move (time in range) and has a unit normal;
 *  - a polygon the constructor accepts is valid and contains its centroid;
 *  - the concave tests are symmetric and agree with the convex ones on an accepted convex outline;
 *  - the transform-taking queries (_xf) give finite unit outputs, nothing for a bad transform, and
 *    for an exact unit rotation the plain query's answer in the polygon's frame;
 *  - the time of impact of two moving, turning shapes of any kind (check_toi) keeps its status
 *    contract and never steps past the first contact.
 * Built with Clang only (COLLIDE2D_FUZZ=ON); `make check-fuzz` runs it for a fixed time and
 * libFuzzer prints its seed ("INFO: Seed:"); rerun one with -seed=N, or a saved input by path. */
#include <collide2d.h>

#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct bytes {
    const uint8_t *p;
    size_t n;
} bytes;

static uint8_t take_byte(bytes *b) {
    uint8_t v = 0;
    if (b->n > 0) {
        v = *b->p++;
        b->n--;
    }
    return v;
}

/* A coordinate: mostly small grid values (so that exact touching, shared edges and collinear
 * points are common), sometimes a raw bit pattern or a special value. */
static c2d_real take_real(bytes *b) {
    static const double special[] = {0.0, -0.0, NAN, INFINITY, -INFINITY, 1e-40, -1e-300, (double)C2D_MAX_COORD,
                                     -(double)C2D_MAX_COORD, (double)C2D_MAX_COORD * 1.5, 3.4e38, 1e300, 0.5, 1e7, -1e7, 1e-7};
    uint8_t mode = take_byte(b);
    if (mode < 200) return (c2d_real)((int8_t)take_byte(b)) / 8;
    if (mode < 240) {
        uint32_t u = 0;
        float f;
        int i;
        for (i = 0; i < 4; ++i) u = (u << 8) | take_byte(b);
        memcpy(&f, &u, sizeof f);
        return (c2d_real)f;
    }
    return (c2d_real)special[mode % (sizeof special / sizeof special[0])];
}

static c2d_vec2 take_vec(bytes *b) {
    c2d_real x = take_real(b);
    return c2d_v2(x, take_real(b));
}

static void take_points(bytes *b, c2d_vec2 *pts, int n) {
    int i;
    for (i = 0; i < n; ++i) pts[i] = take_vec(b);
}

/* A polygon: from the constructor (any status), or a struct filled by hand, as a careless caller
 * might (wrong winding, stale normals, a bad count). */
static c2d_polygon take_polygon(bytes *b) {
    c2d_polygon p;
    c2d_vec2 pts[C2D_MAX_POLYGON_VERTICES + 4];
    uint8_t how = take_byte(b);
    int n = 1 + take_byte(b) % (C2D_MAX_POLYGON_VERTICES + 3), i;
    memset(&p, 0, sizeof p);
    take_points(b, pts, n);
    if (how < 200) {
        if (c2d_polygon_make(pts, n, &p) == C2D_OK) {
            if (!c2d_polygon_is_valid(&p)) {
                fprintf(stderr, "fuzz: c2d_polygon_make accepted a polygon that c2d_polygon_is_valid rejects\n");
                abort();
            }
            if (!c2d_polygon_contains_point(&p, p.centroid)) {
                fprintf(stderr, "fuzz: an accepted polygon does not contain its centroid\n");
                abort();
            }
        }
        return p;
    }
    p.count = n <= C2D_MAX_POLYGON_VERTICES ? n : (int)(int8_t)take_byte(b);
    for (i = 0; i < C2D_MAX_POLYGON_VERTICES && i < n; ++i) {
        p.vertices[i] = pts[i];
        p.normals[i] = how & 1 ? take_vec(b) : c2d_normalize(c2d_v2(pts[(i + 1) % n].y - pts[i].y, pts[i].x - pts[(i + 1) % n].x));
    }
    p.centroid = take_vec(b);
    return p;
}

/* Storage of the concave shapes' outlines and pieces (caller-owned in the API): a ring of slots,
 * more than the shapes alive at once. */
#define FUZZ_CC_SLOTS 4
#define FUZZ_CC_MAXV 12
static c2d_vec2 g_cc_verts[FUZZ_CC_SLOTS][FUZZ_CC_MAXV];
static c2d_polygon g_cc_pieces[FUZZ_CC_SLOTS][FUZZ_CC_MAXV];
static int g_cc_next;

/* A concave shape: from the constructors (any status: a refused one stays all zero), then
 * perhaps its transform, piece count or pieces pointer spoilt by hand. */
static void take_concave(bytes *b, c2d_concave_shape *out) {
    int slot = g_cc_next++ % FUZZ_CC_SLOTS, n = 3 + take_byte(b) % (FUZZ_CC_MAXV - 2);
    c2d_concave outline;
    c2d_vec2 pos;
    c2d_real angle;
    uint8_t how;
    take_points(b, g_cc_verts[slot], n);
    pos = take_vec(b);
    angle = take_real(b);
    how = take_byte(b);
    memset(out, 0, sizeof *out);
    if (c2d_concave_make(g_cc_verts[slot], n, &outline) == C2D_OK &&
        c2d_concave_shape_make(&outline, g_cc_pieces[slot], FUZZ_CC_MAXV, c2d_transform_make(pos, angle), out) == C2D_OK &&
        !c2d_concave_shape_is_valid(out)) {
        fprintf(stderr, "fuzz: c2d_concave_shape_make accepted a shape that c2d_concave_shape_is_valid rejects\n");
        abort();
    }
    if (how >= 200) {
        switch (how % 4) {
        case 0:
            out->xf.q.c = take_real(b);
            out->xf.q.s = take_real(b);
            break;
        case 1: out->xf.p = take_vec(b); break;
        case 2:
            out->piece_count = (int)(int8_t)take_byte(b);
            if (out->piece_count > 0) out->piece_count += FUZZ_CC_MAXV;
            break;
        default: out->pieces = NULL; break;
        }
    }
}

static c2d_shape take_shape(bytes *b) {
    c2d_shape s;
    memset(&s, 0, sizeof s);
    s.type = (c2d_shape_type)(take_byte(b) % C2D_SHAPE_TYPE_COUNT);
    switch (s.type) {
    case C2D_SHAPE_ROUNDED_POLYGON:
        s.as.rounded_polygon.polygon = take_polygon(b);
        s.as.rounded_polygon.radius = take_real(b);
        break;
    case C2D_SHAPE_ELLIPSE: {
        c2d_vec2 c = take_vec(b), r = take_vec(b);
        c2d_real angle = take_real(b);
        /* from the constructor (any status), or filled by hand */
        if (take_byte(b) < 200) {
            if (c2d_ellipse_make(c, r.x, r.y, angle, &s.as.ellipse) == C2D_OK && !c2d_ellipse_is_valid(s.as.ellipse)) {
                fprintf(stderr, "fuzz: c2d_ellipse_make accepted an ellipse that c2d_ellipse_is_valid rejects\n");
                abort();
            }
        } else {
            s.as.ellipse.center = c;
            s.as.ellipse.radii = r;
            s.as.ellipse.rotation.c = angle;
            s.as.ellipse.rotation.s = take_real(b);
        }
        break;
    }
    case C2D_SHAPE_WEDGE: {
        c2d_vec2 c = take_vec(b), r = take_vec(b);
        c2d_real e = take_real(b);
        if (take_byte(b) < 200) {
            if (c2d_convex_wedge_make(c, r.x, r.y, e, &s.as.wedge) == C2D_OK && !c2d_convex_wedge_is_valid(&s.as.wedge)) {
                fprintf(stderr, "fuzz: c2d_convex_wedge_make accepted a wedge that c2d_convex_wedge_is_valid rejects\n");
                abort();
            }
        } else {
            s.as.wedge.center = c;
            s.as.wedge.outer_radius = r.x;
            s.as.wedge.start_angle = r.y;
            s.as.wedge.sweep_angle = e;
            s.as.wedge.start_dir = take_vec(b);
            s.as.wedge.end_dir = take_vec(b);
        }
        break;
    }
    case C2D_SHAPE_ARC: {
        c2d_vec2 c = take_vec(b), r = take_vec(b), a = take_vec(b);
        if (take_byte(b) < 200) {
            if (c2d_arc_shape_make(c, r.x, r.y, a.x, a.y, &s.as.arc) == C2D_OK && !c2d_arc_shape_is_valid(&s.as.arc)) {
                fprintf(stderr, "fuzz: c2d_arc_shape_make accepted an arc that c2d_arc_shape_is_valid rejects\n");
                abort();
            }
        } else {
            s.as.arc.center = c;
            s.as.arc.inner_radius = r.x;
            s.as.arc.outer_radius = r.y;
            s.as.arc.start_angle = a.x;
            s.as.arc.sweep_angle = a.y;
            s.as.arc.start_dir = take_vec(b);
            s.as.arc.end_dir = take_vec(b);
        }
        break;
    }
    case C2D_SHAPE_POINT: s.as.point = take_vec(b); break;
    case C2D_SHAPE_SEGMENT:
        s.as.segment.p1 = take_vec(b);
        s.as.segment.p2 = take_vec(b);
        break;
    case C2D_SHAPE_AABB:
        s.as.aabb.lower = take_vec(b);
        s.as.aabb.upper = take_vec(b);
        break;
    case C2D_SHAPE_CIRCLE:
        s.as.circle.center = take_vec(b);
        s.as.circle.radius = take_real(b);
        break;
    case C2D_SHAPE_CAPSULE:
        s.as.capsule.p1 = take_vec(b);
        s.as.capsule.p2 = take_vec(b);
        s.as.capsule.radius = take_real(b);
        break;
    case C2D_SHAPE_CONCAVE: take_concave(b, &s.as.concave); break;
    default: s.as.polygon = take_polygon(b); break;
    }
    return s;
}

static const char *const type_name[] = {"point", "segment", "aabb", "circle", "capsule", "polygon", "rounded polygon", "ellipse", "wedge", "concave", "arc"};

/* The raw words of a failing shape, in hex floats, to rebuild the case in a unit test. */
static void dump_shape(const char *name, const c2d_shape *s) {
    const c2d_real *w = (const c2d_real *)(const void *)&s->as;
    size_t i, n = sizeof s->as / sizeof(c2d_real);
    if (n > 12) n = 12;
    fprintf(stderr, "fuzz: %s = %s {", name, (unsigned)s->type < sizeof type_name / sizeof *type_name ? type_name[s->type] : "?");
    for (i = 0; i < n; ++i) fprintf(stderr, "%s%a", i ? ", " : "", (double)w[i]);
    fprintf(stderr, "}\n");
}

#define REQUIRE(cond, what)                                                                            \
  do {                                                                                                 \
    if (!(cond)) {                                                                                     \
      fprintf(stderr, "fuzz: %s (%s vs %s): %s\n", what, type_name[a.type], type_name[b.type], #cond); \
      dump_shape("a", &a);                                                                             \
      dump_shape("b", &b);                                                                             \
      abort();                                                                                         \
    }                                                                                                  \
  } while (0)

static int finite_real(c2d_real x) { return isfinite((double)x); }
static int finite_vec(c2d_vec2 v) { return finite_real(v.x) && finite_real(v.y); }
static int unit_vec(c2d_vec2 v) { return fabs(sqrt((double)v.x * v.x + (double)v.y * v.y) - 1) < 1e-3; }
static int hit_ok(const c2d_hit *h) { return finite_vec(h->pos) && finite_vec(h->delta) && finite_real(h->time) && unit_vec(h->normal); }

/* The library's assert hook: a NULL or an unknown tag is a programmer error, and none is made
 * here, so any assert is a finding. */
static void on_assert(const char *expr, const char *file, int line, void *user) {
    (void)user;
    fprintf(stderr, "fuzz: C2D_ASSERT(%s) at %s:%d\n", expr, file, line);
    abort();
}

static int in_range(c2d_vec2 v) { return fabs((double)v.x) <= (double)C2D_MAX_COORD && fabs((double)v.y) <= (double)C2D_MAX_COORD; }

/* The polygons the static queries answer for (design.md, "Queries never trust blindly"; the rule of
 * overlap.c's polygon_ok, computed the same way): count, vertices within range (or only finite,
 * when range is false), finite normals, and a positive signed area summed as a fan from vertex 0. */
static bool polygon_rule(const c2d_polygon *p, bool range) {
    c2d_real area = 0;
    int i;
    if (p->count < 3 || p->count > C2D_MAX_POLYGON_VERTICES) return false;
    for (i = 0; i < p->count; ++i) {
        c2d_vec2 u = p->vertices[i];
        if (!(range ? in_range(u) : finite_vec(u)) || !finite_vec(p->normals[i])) return false;
        if (i >= 1 && i + 1 < p->count) area += c2d_cross(c2d_sub(u, p->vertices[0]), c2d_sub(p->vertices[i + 1], p->vertices[0]));
    }
    return area > 0;
}

/* A shape the queries must answer for: c2d_shape_is_valid, except that a zero-length segment (which
 * no constructor makes) is defined for queries as its point, and hand-made polygons as above. */
static bool usable(const c2d_shape *s) {
    if (s->type == C2D_SHAPE_SEGMENT) return in_range(s->as.segment.p1) && in_range(s->as.segment.p2);
    if (s->type == C2D_SHAPE_POLYGON) return polygon_rule(&s->as.polygon, true);
    if (s->type == C2D_SHAPE_ROUNDED_POLYGON)
        return polygon_rule(&s->as.rounded_polygon.polygon, true) && s->as.rounded_polygon.radius >= C2D_MIN_SIZE &&
               s->as.rounded_polygon.radius <= C2D_MAX_COORD;
    return c2d_shape_is_valid(s);
}

/* Input that may never give a hit (collision.h: "NaN, Inf, negative sizes"): a coordinate that is
 * not finite, a radius that is not positive, an empty or inverted box, a polygon refused as above
 * apart from its range. Finite coordinates beyond C2D_MAX_COORD are not on this list: some queries
 * answer for them, and the other promises (symmetry, agreement, finite outputs) still hold. */
static bool bad(const c2d_shape *s) {
    switch (s->type) {
    case C2D_SHAPE_POINT: return !finite_vec(s->as.point);
    case C2D_SHAPE_SEGMENT: return !finite_vec(s->as.segment.p1) || !finite_vec(s->as.segment.p2);
    case C2D_SHAPE_AABB:
        return !finite_vec(s->as.aabb.lower) || !finite_vec(s->as.aabb.upper) || !(s->as.aabb.upper.x - s->as.aabb.lower.x >= C2D_MIN_SIZE) ||
               !(s->as.aabb.upper.y - s->as.aabb.lower.y >= C2D_MIN_SIZE);
    case C2D_SHAPE_CIRCLE: return !finite_vec(s->as.circle.center) || !(s->as.circle.radius >= C2D_MIN_SIZE) || !finite_real(s->as.circle.radius);
    case C2D_SHAPE_CAPSULE:
        return !finite_vec(s->as.capsule.p1) || !finite_vec(s->as.capsule.p2) || !(s->as.capsule.radius >= C2D_MIN_SIZE) || !finite_real(s->as.capsule.radius);
    case C2D_SHAPE_ROUNDED_POLYGON:
        return !polygon_rule(&s->as.rounded_polygon.polygon, false) || !(s->as.rounded_polygon.radius >= C2D_MIN_SIZE) ||
               !finite_real(s->as.rounded_polygon.radius);
    /* the curved kinds, the arc and the concave kind answer only for what their constructors make */
    case C2D_SHAPE_ELLIPSE:
    case C2D_SHAPE_WEDGE:
    case C2D_SHAPE_CONCAVE:
    case C2D_SHAPE_ARC: return !c2d_shape_is_valid(s);
    default: return !polygon_rule(&s->as.polygon, false);
    }
}

/* A shape a ray cast may hit: casts take any finite shape (no C2D_MAX_COORD limit, design.md) with
 * positive radii; a polygon needs a usable count and finite vertices. */
static bool castable(const c2d_shape *s) {
    int i;
    switch (s->type) {
    case C2D_SHAPE_POINT: return false;
    case C2D_SHAPE_SEGMENT: return finite_vec(s->as.segment.p1) && finite_vec(s->as.segment.p2);
    case C2D_SHAPE_AABB: return finite_vec(s->as.aabb.lower) && finite_vec(s->as.aabb.upper);
    case C2D_SHAPE_CIRCLE: return finite_vec(s->as.circle.center) && finite_real(s->as.circle.radius) && s->as.circle.radius >= C2D_MIN_SIZE;
    case C2D_SHAPE_CAPSULE:
        return finite_vec(s->as.capsule.p1) && finite_vec(s->as.capsule.p2) && finite_real(s->as.capsule.radius) && s->as.capsule.radius >= C2D_MIN_SIZE;
    case C2D_SHAPE_ROUNDED_POLYGON: return !bad(s);
    case C2D_SHAPE_ELLIPSE:
    case C2D_SHAPE_WEDGE:
    case C2D_SHAPE_CONCAVE:
    case C2D_SHAPE_ARC: return c2d_shape_is_valid(s);
    default:
        if (s->as.polygon.count < 3 || s->as.polygon.count > C2D_MAX_POLYGON_VERTICES) return false;
        for (i = 0; i < s->as.polygon.count; ++i)
            if (!finite_vec(s->as.polygon.vertices[i])) return false;
        return true;
    }
}

static bool flat(const c2d_shape *s) { return s->type == C2D_SHAPE_POINT || s->type == C2D_SHAPE_SEGMENT; }

/* hit_ok for a hit between a and b: two flat shapes (points, segments) that meet may have no
 * normal, (0,0), as documented for equal points and zero-length segments. */
static int pair_hit_ok(const c2d_shape *a, const c2d_shape *b, c2d_hit h) {
    if (flat(a) && flat(b) && h.normal.x == 0 && h.normal.y == 0) h.normal = c2d_v2(1, 0);
    return hit_ok(&h);
}

/* A polygon that passes the queries' O(n) rule but not c2d_polygon_is_valid (not convex, say) gets
 * finite answers that need not agree with each other (design.md): agreement is checked only
 * without one. */
static bool trusted(const c2d_shape *s) {
    if (s->type == C2D_SHAPE_ROUNDED_POLYGON) return c2d_polygon_is_valid(&s->as.rounded_polygon.polygon);
    return s->type != C2D_SHAPE_POLYGON || c2d_polygon_is_valid(&s->as.polygon);
}

static void check_pair(c2d_shape a, c2d_shape b, bytes *in) {
    bool va = usable(&a), vb = usable(&b), agree = trusted(&a) && trusted(&b);
    bool o = c2d_shape_overlap(&a, &b), h;
    c2d_hit hit;
    c2d_manifold m;
    c2d_distance_result d;
    c2d_raycast_input ray;
    c2d_sweep sw;
    c2d_vec2 p, da, db;
    int i;

    REQUIRE(o == c2d_shape_overlap(&b, &a), "overlap is not symmetric");
    REQUIRE(!o || (!bad(&a) && !bad(&b)), "a bad shape overlaps");

    h = c2d_shape_hit(&a, &b, &hit);
    REQUIRE(h == o || !agree, "hit disagrees with overlap");
    if (h) REQUIRE(pair_hit_ok(&a, &b, hit), "hit output not finite or normal not unit");

    m = c2d_shape_manifold(&a, &b);
    REQUIRE(m.count >= 0 && m.count <= 2, "manifold count out of range");
    if (a.type != C2D_SHAPE_POINT && a.type != C2D_SHAPE_SEGMENT && b.type != C2D_SHAPE_POINT && b.type != C2D_SHAPE_SEGMENT)
        REQUIRE((m.count > 0) == o || !agree, "manifold disagrees with overlap");
    else
        REQUIRE(m.count == 0, "manifold for a point or segment pair");
    if (m.count > 0) REQUIRE(unit_vec(m.normal), "manifold normal not unit");
    for (i = 0; i < m.count; ++i) REQUIRE(finite_vec(m.points[i].point) && finite_real(m.points[i].depth) && m.points[i].depth > 0, "manifold point not finite or depth not positive");

    d = c2d_shape_distance(&a, &b);
    if (d.status != C2D_DISTANCE_INVALID_INPUT) {
        REQUIRE(va && vb, "distance of an invalid shape");
        REQUIRE(finite_real(d.distance) && d.distance >= 0 && finite_vec(d.point_a) && finite_vec(d.point_b) && finite_vec(d.normal), "distance output not finite");
        REQUIRE(!o || d.distance == 0, "overlapping shapes at a positive distance"); /* by construction */
    } else {
        REQUIRE(!(c2d_shape_is_valid(&a) && c2d_shape_is_valid(&b)), "valid shapes called invalid by distance");
        REQUIRE(!o, "distance refuses shapes that overlap");
    }

    ray.origin = take_vec(in);
    ray.translation = take_vec(in);
    ray.max_fraction = take_real(in);
    if (c2d_shape_raycast(&a, ray, &hit)) {
        REQUIRE(castable(&a) && c2d_raycast_input_is_valid(ray), "a ray hit on invalid input");
        REQUIRE(hit_ok(&hit) && hit.time >= 0 && hit.time <= ray.max_fraction, "ray hit out of range");
    }

    p = take_vec(in);
    if (c2d_shape_contains_point(&a, p)) REQUIRE(!bad(&a) && finite_vec(p), "a bad shape or point contains");

    da = take_vec(in);
    db = take_vec(in);
    sw = c2d_shape_cast(&a, da, &b, db);
    REQUIRE(sw.time >= 0 && sw.time <= 1, "sweep time out of [0, 1]");
    if (sw.has_hit) {
        REQUIRE(!bad(&a) && !bad(&b), "a sweep hit on a bad shape");
        REQUIRE(pair_hit_ok(&a, &b, sw.hit) && sw.hit.time >= 0 && sw.hit.time <= 1 && sw.time <= sw.hit.time && finite_vec(sw.pos), "sweep hit not finite or out of range");
    }
}

/* Distance from q to the closed outline v[0..n-1], in long double, and the outline's scale (largest
 * coordinate magnitude, at least 1). */
static long double outline_distance(const c2d_vec2 *v, int n, c2d_vec2 q, long double *scale) {
    long double best = INFINITY;
    int i;
    *scale = 1;
    for (i = 0; i < n; ++i) {
        long double ax = v[i].x, ay = v[i].y, bx = v[(i + 1) % n].x, by = v[(i + 1) % n].y;
        long double ex = bx - ax, ey = by - ay, t = 0, dx, dy, ee = ex * ex + ey * ey;
        if (ee > 0) t = ((q.x - ax) * ex + (q.y - ay) * ey) / ee;
        t = t < 0 ? 0 : (t > 1 ? 1 : t);
        dx = q.x - (ax + t * ex);
        dy = q.y - (ay + t * ey);
        if (sqrtl(dx * dx + dy * dy) < best) best = sqrtl(dx * dx + dy * dy);
        if (fabsl(ax) > *scale) *scale = fabsl(ax);
        if (fabsl(ay) > *scale) *scale = fabsl(ay);
    }
    return best;
}

/* Concave outlines from the same bytes: symmetric overlap, and on an outline that is also a convex
 * polygon, the convex answers away from the boundary. The two are separate code (crossing rule,
 * half-planes) and round differently, so within 1e-5 of the outline's scale (float rounding is
 * about 1e-7 of it) either answer is right. */
static void check_concave(bytes *in) {
    c2d_vec2 pa[12], pb[12];
    c2d_concave ca, cb;
    c2d_polygon cp;
    c2d_circle circle;
    c2d_vec2 q;
    int na = 3 + take_byte(in) % 10, nb = 3 + take_byte(in) % 10;
    bool ok_a, ok_b;
    take_points(in, pa, na);
    take_points(in, pb, nb);
    ok_a = c2d_concave_make(pa, na, &ca) == C2D_OK;
    ok_b = c2d_concave_make(pb, nb, &cb) == C2D_OK;
    q = take_vec(in);
    circle.center = take_vec(in);
    circle.radius = take_real(in);
    if (ok_a && ok_b && c2d_concave_overlap_concave(&ca, &cb) != c2d_concave_overlap_concave(&cb, &ca)) {
        fprintf(stderr, "fuzz: concave overlap is not symmetric\n");
        abort();
    }
    if (ok_a && c2d_polygon_make(pa, na, &cp) == C2D_OK && cp.count == na) {
        /* the hull kept every point: the outline is convex (either winding) */
        long double scale, dq = outline_distance(pa, na, q, &scale), dc = outline_distance(pa, na, circle.center, &scale);
        const long double tol = 1e-5L * (scale + (fabs((double)circle.radius) < 1e30 ? fabs((double)circle.radius) : 0));
        if (dq > tol && c2d_concave_contains_point(&ca, q) != c2d_polygon_contains_point(&cp, q)) {
            fprintf(stderr, "fuzz: concave and convex containment disagree\n");
            abort();
        }
        if (dc > tol && fabsl(dc - circle.radius) > tol && c2d_concave_overlap_circle(&ca, circle) != c2d_circle_overlap_polygon(circle, &cp)) {
            fprintf(stderr, "fuzz: concave and convex circle overlap disagree\n");
            abort();
        }
    }
}

/* A transform: mostly an exact unit rotation from a table (then the _xf queries must give the
 * plain query's answer on the mapped input), sometimes raw values (bad or unnormalised ones). */
static c2d_transform take_transform(bytes *b, bool *exact) {
    static const float rot[][2] = {{1, 0}, {0, 1}, {-1, 0}, {0, -1}, {0.6f, 0.8f}, {0.8f, -0.6f}, {-0.28f, 0.96f}, {0.96f, 0.28f}};
    c2d_transform t;
    uint8_t k = take_byte(b);
    t.p = take_vec(b);
    if (k < 200) {
        t.q.c = (c2d_real)rot[k % 8][0];
        t.q.s = (c2d_real)rot[k % 8][1];
    } else {
        t.q.c = take_real(b);
        t.q.s = take_real(b);
    }
    /* the queries renormalise a rotation whose c^2 + s^2 is more than 4 epsilon from 1 */
    *exact = fabs((double)(t.q.c * t.q.c + t.q.s * t.q.s) - 1) <= 4 * (double)C2D_EPSILON && in_range(t.p);
    return t;
}

static bool xf_bad(c2d_transform t) {
    c2d_real mq = t.q.c * t.q.c + t.q.s * t.q.s;
    return !in_range(t.p) || !(mq > (c2d_real)0.5 && mq < 2);
}

#define REQUIRE1(cond, what)                          \
  do {                                                \
    if (!(cond)) {                                    \
      fprintf(stderr, "fuzz: %s: %s\n", what, #cond); \
      abort();                                        \
    }                                                 \
  } while (0)

/* The transform-taking queries (_xf): finite unit outputs, nothing for a bad transform or shape,
 * and for an exact unit rotation the plain query's answer on the input mapped into the polygon's
 * frame (which is how they are defined). */
static void check_xf(bytes *in) {
    c2d_shape sa = take_shape(in), sb = take_shape(in), sc = take_shape(in);
    bool exact_a, exact_b;
    c2d_transform xa = take_transform(in, &exact_a), xb = take_transform(in, &exact_b);
    c2d_polygon pa = sa.as.polygon, pb = sb.as.polygon;
    c2d_circle c;
    c2d_raycast_input ray, local;
    c2d_manifold m, ml;
    c2d_hit h, hl;
    bool r, rl;
    int i;
    if (sa.type != C2D_SHAPE_POLYGON) pa = sb.as.polygon; /* any bytes: most are not polygons */
    c.center = take_vec(in);
    c.radius = take_real(in);
    (void)sc;
    m = c2d_circle_manifold_polygon_xf(c, &pb, xb);
    REQUIRE1(m.count == 0 || m.count == 1, "circle_manifold_polygon_xf count");
    if (m.count) {
        REQUIRE1(!xf_bad(xb) && c.radius >= C2D_MIN_SIZE, "circle_manifold_polygon_xf hit on bad input");
        REQUIRE1(unit_vec(m.normal) && finite_vec(m.points[0].point) && m.points[0].depth > 0 && finite_real(m.points[0].depth), "circle_manifold_polygon_xf output");
    }
    if (exact_b) {
        c2d_circle lc = c;
        lc.center = c2d_inv_transform_point(xb, c.center);
        ml = c2d_circle_manifold_polygon(lc, &pb);
        REQUIRE1((m.count > 0) == (ml.count > 0), "circle_manifold_polygon_xf disagrees with the plain query in b's frame");
    }
    m = c2d_polygon_manifold_polygon_xf(&pa, xa, &pb, xb);
    REQUIRE1(m.count >= 0 && m.count <= 2, "polygon_manifold_polygon_xf count");
    if (m.count) REQUIRE1(!xf_bad(xa) && !xf_bad(xb) && unit_vec(m.normal), "polygon_manifold_polygon_xf hit on bad input or normal");
    for (i = 0; i < m.count; ++i) REQUIRE1(finite_vec(m.points[i].point) && finite_real(m.points[i].depth) && m.points[i].depth > 0, "polygon_manifold_polygon_xf point");
    ray.origin = take_vec(in);
    ray.translation = take_vec(in);
    ray.max_fraction = take_real(in);
    r = c2d_polygon_raycast_xf(&pb, xb, ray, &h);
    if (r) {
        REQUIRE1(!xf_bad(xb) && c2d_raycast_input_is_valid(ray), "polygon_raycast_xf hit on bad input");
        REQUIRE1(hit_ok(&h) && h.time >= 0 && h.time <= ray.max_fraction, "polygon_raycast_xf output");
    }
    if (exact_b) {
        local = ray;
        local.origin = c2d_inv_transform_point(xb, ray.origin);
        local.translation = c2d_inv_rotate(xb.q, ray.translation);
        rl = c2d_polygon_raycast(&pb, local, &hl);
        /* a finite local hit can overflow when mapped back to world: then no hit (collision.h) */
        REQUIRE1(r == rl || (rl && !r), "polygon_raycast_xf hits where the plain cast in the polygon's frame does not");
        if (r) REQUIRE1(h.time == hl.time, "polygon_raycast_xf time differs from the plain cast's");
    }
}

/* A motion: mostly c2 near c1 and a2 near a1 (grid steps), sometimes both ends free. */
static c2d_motion take_motion(bytes *b) {
    c2d_motion m;
    uint8_t how = take_byte(b);
    m.local_center = take_vec(b);
    m.c1 = take_vec(b);
    m.c2 = how & 1 ? take_vec(b) : c2d_add(m.c1, take_vec(b));
    m.a1 = take_real(b);
    m.a2 = how & 2 ? take_real(b) : m.a1 + take_real(b) / 4;
    return m;
}

static c2d_shape toi_placed(const c2d_shape *local, c2d_motion m, c2d_real t) { return c2d_shape_transform(local, c2d_motion_transform(m, t)); }

static double vec_mag(c2d_vec2 v) { return fmax(fabs((double)v.x), fabs((double)v.y)); }
static double box_mag(c2d_aabb b) { return fmax(vec_mag(b.lower), vec_mag(b.upper)); }

/* The size of the numbers that placing a local shape by a motion rounds: its local coordinates,
 * the motion's positions, and the largest angle times the shape's reach from its rotation center
 * (the angle a1 + t (a2 - a1) is rounded to about epsilon |angle|, which moves a turned point by
 * that times its lever arm). */
static double motion_scale(const c2d_shape *local, c2d_motion m) {
    double lc = vec_mag(m.local_center), reach = box_mag(c2d_shape_aabb(local)) + lc;
    double pos = fmax(lc, fmax(vec_mag(m.c1), vec_mag(m.c2)));
    return fmax(fmax(pos, reach), fmax(fabs((double)m.a1), fabs((double)m.a2)) * reach);
}

static bool curved(const c2d_shape *s) { return s->type == C2D_SHAPE_ELLIPSE || s->type == C2D_SHAPE_WEDGE; }

/* The motions, settings and result of a failing time-of-impact case, in hex floats. */
static void dump_toi(const c2d_shape_toi_input *q, const c2d_toi_result *r) {
    const c2d_motion *m[2] = {&q->motion_a, &q->motion_b};
    int k;
    for (k = 0; k < 2; ++k)
        fprintf(stderr, "fuzz: motion %c: local_center {%a, %a} c1 {%a, %a} c2 {%a, %a} a1 %a a2 %a\n", "ab"[k], (double)m[k] -> local_center.x,
                (double)m[k]->local_center.y, (double)m[k]->c1.x, (double)m[k]->c1.y, (double)m[k]->c2.x, (double)m[k]->c2.y, (double)m[k]->a1,
                (double)m[k]->a2);
    fprintf(stderr, "fuzz: t_max %a target %a max_iterations %d -> status %d error %d t %a normal {%a, %a} point {%a, %a} iterations %d\n",
            (double)q->t_max, (double)q->target, q->max_iterations, (int)r->status, (int)r->error, (double)r->t, (double)r->normal.x,
            (double)r->normal.y, (double)r->point.x, (double)r->point.y, r->iterations);
}

#define REQUIRE_TOI(cond, what)    \
  do {                             \
    if (!(cond)) dump_toi(&q, &r); \
    REQUIRE(cond, what);           \
  } while (0)

/* c2d_shape_time_of_impact on two local shapes of any kind under two motions: a status of the enum
 * with its error (FAILED and only FAILED carries one; t = 0 but for C2D_ERR_NUMERICAL), finite
 * outputs, t in [0, t_max] as the status says, a unit normal on a hit and (0,0) otherwise, a bad
 * shape or setting refused; and safety (shape.h: "never tunnels"): at t, and at t/4, t/2, 3t/4,
 * the placed shapes do not overlap deeper than rounding (64 epsilons of the scene's size, which
 * counts the numbers placing rounds, motion_scale: at 1e15 in float a concave shape's pieces and
 * its outline differ by about 1e8) or, with an ellipse or wedge, whose distance is within
 * C2D_ELLIPSE_TOLERANCE of the scene's size, that tolerance. */
static void check_toi(bytes *in) {
    c2d_shape a = take_shape(in), b = take_shape(in);
    c2d_shape_toi_input q;
    c2d_toi_result r;
    c2d_real t_max;
    uint8_t opt;
    int i;
    memset(&q, 0, sizeof q);
    q.a = &a;
    q.b = &b;
    q.motion_a = take_motion(in);
    q.motion_b = take_motion(in);
    opt = take_byte(in);
    q.t_max = opt & 1 ? take_real(in) : 0;
    q.target = opt & 2 ? take_real(in) : 0;
    q.max_iterations = opt & 4 ? (int)(int8_t)take_byte(in) : 0;
    t_max = q.t_max == 0 ? 1 : q.t_max;
    r = c2d_shape_time_of_impact(&q);
    REQUIRE_TOI(finite_real(r.t) && finite_vec(r.normal) && finite_vec(r.point) && r.iterations >= 0, "toi output not finite");
    REQUIRE_TOI(r.status == C2D_TOI_FAILED || r.status == C2D_TOI_HIT || r.status == C2D_TOI_SEPARATED || r.status == C2D_TOI_OVERLAPPED ||
                    r.status == C2D_TOI_MAX_ITERATIONS,
                "toi status outside the enum");
    REQUIRE_TOI((r.status == C2D_TOI_FAILED) == (r.error != C2D_OK) && r.error <= 0, "toi error without FAILED or FAILED without error");
    if (r.status == C2D_TOI_FAILED) {
        REQUIRE_TOI(r.error == C2D_ERR_NUMERICAL ? r.t >= 0 && r.t <= t_max : r.t == 0, "toi failure's t");
    } else {
        REQUIRE_TOI(r.t >= 0 && r.t <= t_max, "toi t outside [0, t_max]");
        REQUIRE_TOI(!bad(&a) && !bad(&b), "toi answers for a bad shape");
        REQUIRE_TOI(q.t_max >= 0 && q.t_max <= 1 && q.target >= 0 && finite_real(q.target), "toi answers for a bad t_max or target");
    }
    if (r.status == C2D_TOI_HIT) REQUIRE_TOI(unit_vec(r.normal), "toi hit normal not unit");
    else REQUIRE_TOI(r.normal.x == 0 && r.normal.y == 0 && r.point.x == 0 && r.point.y == 0, "toi normal or point without a hit");
    if (r.status == C2D_TOI_SEPARATED) REQUIRE_TOI(r.t == t_max, "toi separated before t_max");
    if (r.status == C2D_TOI_OVERLAPPED) REQUIRE_TOI(r.t == 0, "toi overlapped after 0");
    if (r.t <= 0 || r.status == C2D_TOI_OVERLAPPED || (r.status == C2D_TOI_FAILED && r.error != C2D_ERR_NUMERICAL)) return;
    if (!(usable(&a) && usable(&b) && trusted(&a) && trusted(&b))) return;
    for (i = 4; i >= 1; --i) {
        c2d_real s = r.t * (c2d_real)i / 4;
        c2d_shape pa = toi_placed(&a, q.motion_a, s), pb = toi_placed(&b, q.motion_b, s);
        c2d_hit h;
        if (c2d_shape_overlap(&pa, &pb)) {
            double scale = fmax(fmax(1, fmax(box_mag(c2d_shape_aabb(&pa)), box_mag(c2d_shape_aabb(&pb)))),
                                fmax(motion_scale(&a, q.motion_a), motion_scale(&b, q.motion_b)));
            double depth = 0, tol;
            /* the rounding floor (32 epsilons of the scene, which the target is raised to), twice;
             * an ellipse's or wedge's distance tolerance */
            tol = fmax(64 * (double)C2D_EPSILON, curved(&a) || curved(&b) ? (double)C2D_ELLIPSE_TOLERANCE : 0) * scale;
            if (c2d_shape_hit(&pa, &pb, &h)) depth = sqrt((double)h.delta.x * h.delta.x + (double)h.delta.y * h.delta.y);
            if (depth > tol) {
                fprintf(stderr, "fuzz: the shapes overlap at %a (%d/4 of t) by %g (tolerance %g)\n", (double)s, i, depth, tol);
                REQUIRE_TOI(0, "toi stepped past the first contact");
            }
        }
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    bytes in;
    c2d_shape a, b;
    in.p = data;
    in.n = size;
    c2d_set_assert_handler(on_assert, NULL);
    if (size < 2) return 0;
    if (data[0] % 4 == 1) {
        check_concave(&in);
        return 0;
    }
    if (data[0] % 4 == 2) {
        check_xf(&in);
        return 0;
    }
    if (data[0] % 4 == 3) {
        check_toi(&in);
        return 0;
    }
    a = take_shape(&in);
    b = take_shape(&in);
    check_pair(a, b, &in);
    return 0;
}
