/* Boolean overlap for every convex pair: the fast yes/no path. Nothing here builds a manifold,
 * and square roots are avoided (squared distances are compared with squared radii). These are also
 * the predicates the hits and manifolds of manifold.c decide with.
 *
 * One rule everywhere: 2D shapes count only their open interiors, so shapes that merely touch do
 * not overlap; a segment has no interior and counts as its closed self. Every comparison is written
 * so that a NaN makes it fail, and every input is checked first (finite, within C2D_MAX_COORD,
 * positive sizes, polygons wound counter-clockwise), so bad input gives false.
 *
 * Two tools cover all pairs:
 * - The separating axis test (SAT) for pairs without a radius (segment, box, polygon). The open
 *   interior of one shape meets the other shape exactly when the origin lies in the open interior
 *   of their Minkowski difference, a convex polygon whose edge normals are the edge normals of the
 *   two shapes; so the shapes overlap unless some such axis has the two projections at most
 *   touching. Containment needs no special case: no axis separates a shape from one it contains.
 * - Distance between cores for rounded shapes (circle = point + radius, capsule = segment +
 *   radius): the interiors meet when the closed cores come closer than the sum of the radii.
 *   Against a polygon, the SAT gives a lower bound of that distance and settles most cases; only
 *   cores that are disjoint but within the radius need an exact distance.
 * Every product is formed from differences of nearby points, so shapes far from the origin give
 * the answers of the same shapes near it, and every decision compares products of coordinate
 * differences (never a projected point or a normalised vector), so shapes that exactly touch on an
 * integer grid get the exact answer, false. Polygon faces are taken from the vertices; the stored
 * normals are only checked for being finite. (Segment against segment lives in segment.c.) */
/* Compile the header's C2D_INLINE_BODY queries (c2d_aabb_overlap_aabb) as the exported functions. */
#define C2D_EMIT_INLINE_BODIES 1
#include <float.h>
#include "internal.h"
#include "validate.h"
#include "simd/simd.h"

/* Input checks: src/validate.h (one rule per kind, shared with src/manifold.c). */

/* ---- exact-on-the-grid predicates ----
 * Distances are never formed by projecting onto a segment (a fraction like 0.4 is not exact).
 * Instead each test compares products of coordinate differences, which are exact for inputs on an
 * integer (or any coarse binary) grid, so shapes that exactly touch there give false. */

/* True when p lies closer than r to the closed segment a-b (zero length allowed). Beyond either
 * end the distance is to that end; alongside the segment it is |cross(d, w)| / |d|, compared
 * without the division. */
static bool point_near_segment(c2d_vec2 p, c2d_vec2 a, c2d_vec2 b, c2d_real r) {
    c2d_vec2 d = c2d_sub(b, a), w = c2d_sub(p, a);
    c2d_real t = c2d_dot(w, d), dd = c2d_dot(d, d);
    if (t <= 0) return c2d_len_sq(w) < r * r;
    if (t >= dd) return c2d_dist_sq(p, b) < r * r;
    return !c2d_at_least(C2D_ABS(c2d_cross(d, w)), r, dd);
}

/* True when the closed segments a1-a2 and b1-b2 come closer than r. Segments that cross have
 * distance zero; otherwise (in 2D) the closest pair always includes an endpoint, so one of the four
 * endpoint-to-segment tests decides. This covers touching, collinear and zero-length segments
 * without special cases. */
static bool segments_near(c2d_vec2 a1, c2d_vec2 a2, c2d_vec2 b1, c2d_vec2 b2, c2d_real r) {
    if (c2d_orient_sign(a1, a2, b1) * c2d_orient_sign(a1, a2, b2) < 0 &&
        c2d_orient_sign(b1, b2, a1) * c2d_orient_sign(b1, b2, a2) < 0)
        return true;
    return point_near_segment(a1, b1, b2, r) || point_near_segment(a2, b1, b2, r) ||
           point_near_segment(b1, a1, a2, r) || point_near_segment(b2, a1, a2, r);
}

/* ---- shared convex cores ----
 * A polygon's faces are taken from its vertices: edge e = v[i+1] - v[i] of a counter-clockwise
 * polygon has the interior on its left, so cross(e, w - v[i]) > 0 means w is strictly inside that
 * face's half-plane, and cross(w - v[i], e) / |e| is w's distance outside it. */

/* A static filter for the orientations of one query (Shewchuk's static bound): when every point
 * involved lies within r (max-norm) of one point, every coordinate difference is at most 2r, so a
 * rounded e x (q - v) has |l| + |r| <= 8 r^2 and its error is below this bound (9 for the rounding
 * of r itself). One bound per query instead of one per orientation. */
static inline c2d_real static_bound(c2d_real r) { return 9 * C2D_ORIENT_BOUND_REL * r * r + C2D_ORIENT_BOUND_ABS; }

/* Largest max-norm distance of p from o. */
static inline c2d_real reach(c2d_vec2 p, c2d_vec2 o) { return c2d_maxr(C2D_ABS(p.x - o.x), C2D_ABS(p.y - o.y)); }

/* Exact sign of orient(a, a + e, p) given the rounded determinant's static bound (static_bound). */
static inline int orient_static(c2d_vec2 a, c2d_vec2 b, c2d_vec2 e, c2d_vec2 p, c2d_real bound) {
    c2d_real det = c2d_cross(e, c2d_sub(p, a));
    if (det > bound) return 1;
    if (det < -bound) return -1;
    return c2d_orient_sign(a, b, p);
}

/* True when the line through p1-p2 cuts the open interior of the convex vertex set v: some vertex
 * strictly on each side (exact signs; bound: static_bound over p1, p2 and v). A zero-length
 * segment has no line and never separates (returns true). */
static bool line_cuts(c2d_vec2 p1, c2d_vec2 p2, const c2d_vec2 *v, int count, c2d_real bound) {
    c2d_vec2 d = c2d_sub(p2, p1);
    bool neg = false, pos = false;
    int i;
    if (p1.x == p2.x && p1.y == p2.y) return true;
    for (i = 0; i < count && !(neg && pos); ++i) {
        int o = orient_static(p1, p2, d, v[i], bound);
        neg |= o < 0;
        pos |= o > 0;
    }
    return neg && pos;
}

/* Rounded segment (core p1-p2, radius r > 0) against a convex polygon. The separating axis test on
 * the polygon's faces and the segment's normal settles most cases: one axis with the cores at least
 * r apart means no overlap; no axis with the cores apart at all means they touch or cross, so the
 * rounded interiors overlap. Otherwise the cores are disjoint but close, and the exact distance,
 * the smallest segment-to-edge distance, decides. */
static bool rounded_segment_overlaps_convex(const c2d_vec2 *v, int count, c2d_vec2 p1, c2d_vec2 p2, c2d_real r) {
    c2d_vec2 d = c2d_sub(p2, p1);
    bool apart = false, near = false;
    int i;
    for (i = 0; i < count; ++i) {
        c2d_vec2 e = c2d_sub(v[i + 1 < count ? i + 1 : 0], v[i]), d1 = c2d_sub(p1, v[i]), d2 = c2d_sub(p2, v[i]);
        c2d_real l1 = d1.x * e.y, r1 = d1.y * e.x, l2 = d2.x * e.y, r2 = d2.y * e.x;
        c2d_real s = c2d_minr(l1 - r1, l2 - r2);
        if (c2d_at_least(s, r, c2d_dot(e, e))) return false;
        apart |= s > 0;
        /* within the orientation filter's bound (of the larger end's products) of the edge line */
        near |= s > -c2d_maxr(c2d_orient_bound(l1, r1), c2d_orient_bound(l2, r2));
    }
    if (c2d_dot(d, d) >= REAL_MIN) { /* a core too short to square is a point: no axis of its own */
        c2d_real lo = REAL_MAX, hi = -REAL_MAX, dd = c2d_dot(d, d), bound = 0;
        for (i = 0; i < count; ++i) {
            c2d_vec2 w = c2d_sub(v[i], p1);
            c2d_real l = d.x * w.y, rr = d.y * w.x, o = l - rr;
            lo = c2d_minr(lo, o);
            hi = c2d_maxr(hi, o);
            bound = c2d_maxr(bound, c2d_orient_bound(l, rr));
        }
        if (c2d_at_least(lo, r, dd) || c2d_at_least(-hi, r, dd)) return false;
        apart |= lo > 0 || hi < 0;
        /* a vertex within the orientation filter's bound of the core's line (the largest bound of
         * any vertex) */
        near |= c2d_minr(C2D_ABS(lo), C2D_ABS(hi)) <= bound;
    }
    if (!apart && !near) return true;
    if (!apart) {
        /* The rounded tests found the cores not apart on any axis; the exact orientations confirm
         * it (outside_some_edge: rounding can hide a core just outside a sliver's edge line), on the
         * polygon's faces (both ends outside one face) and on the core's own line (every vertex
         * strictly on one side). */
        int k, side = 0;
        bool one_side = c2d_dot(d, d) >= REAL_MIN;
        for (i = 0; i < count && !apart; ++i) {
            c2d_vec2 w = v[i + 1 < count ? i + 1 : 0], e = c2d_sub(w, v[i]);
            apart = c2d_orient_sign_edge(v[i], w, e, p1) < 0 && c2d_orient_sign_edge(v[i], w, e, p2) < 0;
        }
        for (i = 0; i < count && one_side && !apart; ++i) {
            k = c2d_orient_sign_edge(p1, p2, d, v[i]);
            if (k == 0 || (side != 0 && k != side)) one_side = false;
            side = k;
        }
        if (!apart && !one_side) return true;
    }
    for (i = 0; i < count; ++i) {
        if (segments_near(p1, p2, v[i], v[i + 1 < count ? i + 1 : 0], r)) return true;
    }
    return false;
}

/* Smallest of nx * (x[j] - px) + ny * (y[j] - py) over the first `lanes` lanes (a multiple of 4):
 * the projection kernel of the separating axis test. With SSE (float builds) four lanes at a time;
 * otherwise a scalar loop with four independent minima (one running minimum would be a long
 * dependency chain). Products of coordinate differences, as everywhere: exact on a grid. */
static inline c2d_real lanes_min_proj(const c2d_real *x, const c2d_real *y, int lanes, c2d_real nx, c2d_real ny,
                                      c2d_real px, c2d_real py) {
#ifdef C2D_NARROW_SSE
    return c2d_sse_lanes_min_proj(x, y, lanes, nx, ny, px, py);
#else
    c2d_real m0 = REAL_MAX, m1 = REAL_MAX, m2 = REAL_MAX, m3 = REAL_MAX;
    int k;
    for (k = 0; k < lanes; k += 4) {
        m0 = c2d_minr(m0, nx * (x[k] - px) + ny * (y[k] - py));
        m1 = c2d_minr(m1, nx * (x[k + 1] - px) + ny * (y[k + 1] - py));
        m2 = c2d_minr(m2, nx * (x[k + 2] - px) + ny * (y[k + 2] - py));
        m3 = c2d_minr(m3, nx * (x[k + 3] - px) + ny * (y[k + 3] - py));
    }
    return c2d_minr(c2d_minr(m0, m1), c2d_minr(m2, m3));
#endif
}

/* A polygon's vertices relative to a local origin, as x and y lanes padded to whole blocks of 4
 * with copies of vertex 0. */
#define LANES_N (((C2D_MAX_POLYGON_VERTICES) + 3) / 4 * 4)
typedef struct lanes {
    c2d_real x[LANES_N], y[LANES_N];
    int count, blocks;
    c2d_real scale; /* largest |coordinate| of the lanes */
} lanes;

static void lanes_load(lanes *l, const c2d_polygon *p, c2d_vec2 o) {
    c2d_real x0 = p->vertices[0].x - o.x, y0 = p->vertices[0].y - o.y, m = 0;
    int i;
    l->count = p->count;
    l->blocks = (p->count + 3) & ~3;
    for (i = 0; i < LANES_N; ++i) {
        l->x[i] = i < p->count ? p->vertices[i].x - o.x : x0;
        l->y[i] = i < p->count ? p->vertices[i].y - o.y : y0;
        m = c2d_maxr(m, c2d_maxr(C2D_ABS(l->x[i]), C2D_ABS(l->y[i])));
    }
    l->scale = m;
}

/* True when no vertex of b lies strictly left of the directed edge v -> w (exact signs). */
static bool face_separates_exact(c2d_vec2 v, c2d_vec2 w, const c2d_polygon *b) {
    int j;
    for (j = 0; j < b->count; ++j) {
        if (c2d_orient_sign(v, w, b->vertices[j]) > 0) return false;
    }
    return true;
}

/* True when some face of a has all of b's vertices on its outer closed side (a separating axis
 * with the projections at most touching). Per face: the most negative cross(w - v, e) over b's
 * vertices w (cross(e, w - v) > 0 for a vertex strictly inside) must not be below 0. That value is
 * rounded (lanes relative to a local origin); within `band` of 0, which bounds its rounding error,
 * the exact signs on the polygons' own vertices decide (face_separates_exact). An edge of zero
 * length (a repeated vertex) has no axis and is skipped: the other edges of a convex polygon
 * already give every axis the test needs. pa and pb are the polygons behind a and b. */
static inline bool polygon_face_separates(const lanes *a, const lanes *b, const c2d_polygon *pa, const c2d_polygon *pb,
                                          c2d_real band) {
    int i, n = a->count;
    for (i = 0; i < n; ++i) {
        int k = i + 1 < n ? i + 1 : 0;
        c2d_real ex = a->x[k] - a->x[i], ey = a->y[k] - a->y[i], m;
        if (ex == 0 && ey == 0) { /* vanished in the local frame: the vertices decide */
            c2d_vec2 v = pa->vertices[i], w = pa->vertices[k];
            if (!(v.x == w.x && v.y == w.y) && face_separates_exact(v, w, pb)) return true;
            continue;
        }
        m = lanes_min_proj(b->x, b->y, b->blocks, ey, -ex, a->x[i], a->y[i]);
        if (m < -band) continue;
        if (m > band || face_separates_exact(pa->vertices[i], pa->vertices[k], pb)) return true;
    }
    return false;
}

/* The four corners of a box, counter-clockwise from the lower corner. */
static void aabb_corners(c2d_aabb b, c2d_vec2 *v) {
    v[0] = b.lower;
    v[1] = c2d_v2(b.upper.x, b.lower.y);
    v[2] = b.upper;
    v[3] = c2d_v2(b.lower.x, b.upper.y);
}

/* ---- segment ---- */

/* SAT on x, y and the segment's normal: the segment's extent must reach strictly into the box on
 * each axis, and the segment's line must have box corners strictly on both sides. */
bool c2d_segment_overlap_aabb(c2d_segment s, c2d_aabb b) {
    c2d_vec2 v[4];
    if (!c2d_segment_ok(s) || !c2d_aabb_usable(b)) return false;
    if (!(c2d_maxr(s.p1.x, s.p2.x) > b.lower.x && c2d_minr(s.p1.x, s.p2.x) < b.upper.x)) return false;
    if (!(c2d_maxr(s.p1.y, s.p2.y) > b.lower.y && c2d_minr(s.p1.y, s.p2.y) < b.upper.y)) return false;
    aabb_corners(b, v);
    return line_cuts(s.p1, s.p2, v, 4,
                     static_bound(c2d_maxr(c2d_maxr(reach(s.p2, s.p1), reach(b.lower, s.p1)), reach(b.upper, s.p1))));
}

bool c2d_segment_overlap_circle(c2d_segment s, c2d_circle c) {
    if (!c2d_segment_ok(s) || !c2d_circle_ok(c)) return false;
    return point_near_segment(c.center, s.p1, s.p2, c.radius);
}

bool c2d_segment_overlap_capsule(c2d_segment s, c2d_capsule c) {
    if (!c2d_segment_ok(s) || !c2d_capsule_ok(c)) return false;
    return segments_near(s.p1, s.p2, c.p1, c.p2, c.radius);
}

/* SAT: every polygon face must have an end of the segment strictly inside its half-plane, and the
 * segment's line must cut the polygon. */
bool c2d_segment_overlap_polygon(c2d_segment s, const c2d_polygon *p) {
    c2d_real r, bound;
    int i, n;
    if (!c2d_segment_ok(s) || !c2d_polygon_ok(p)) return false;
    n = p->count;
    r = reach(s.p2, s.p1);
    for (i = 0; i < n; ++i) r = c2d_maxr(r, reach(p->vertices[i], s.p1));
    bound = static_bound(r);
    for (i = 0; i < n; ++i) {
        c2d_vec2 v = p->vertices[i], w = p->vertices[i + 1 < n ? i + 1 : 0], e = c2d_sub(w, v);
        c2d_real o1, o2;
        if (v.x == w.x && v.y == w.y) continue; /* a repeated vertex: no face */
        o1 = c2d_cross(e, c2d_sub(s.p1, v));
        o2 = c2d_cross(e, c2d_sub(s.p2, v));
        if (o1 > bound || o2 > bound) continue;       /* an end surely inside this face */
        if (o1 < -bound && o2 < -bound) return false; /* both surely outside */
        if (!(c2d_orient_sign(v, w, s.p1) > 0 || c2d_orient_sign(v, w, s.p2) > 0)) return false;
    }
    return line_cuts(s.p1, s.p2, p->vertices, p->count, bound);
}

/* ---- aabb ---- */

/* c2d_aabb_overlap_aabb: its body is in collision.h, compiled here as the exported function
 * (C2D_EMIT_INLINE_BODIES, defined at the top of this file). */

/* The box point nearest the center (the center itself when inside) must be closer than the radius.
 * The offset is formed relative to the center. */
bool c2d_aabb_overlap_circle(c2d_aabb b, c2d_circle c) {
    /* the clamp as a least and a largest value (no branch; the same as clamping for a box the
     * checks accept, and c2d_aabb_manifold_circle's) */
    c2d_real dx = c2d_maxr(c2d_minr(c.center.x, b.upper.x), b.lower.x) - c.center.x;
    c2d_real dy = c2d_maxr(c2d_minr(c.center.y, b.upper.y), b.lower.y) - c.center.y;
    /* the test first (any input may take it: floats do not trap), the checks only for a yes */
    return dx * dx + dy * dy < c.radius * c.radius && c2d_aabb_usable(b) && c2d_circle_ok(c);
}

bool c2d_aabb_overlap_capsule(c2d_aabb b, c2d_capsule c) {
    c2d_vec2 v[4];
    if (!c2d_aabb_usable(b) || !c2d_capsule_ok(c)) return false;
    aabb_corners(b, v);
    return rounded_segment_overlaps_convex(v, 4, c.p1, c.p2, c.radius);
}

/* SAT: the box's two axes (the polygon's extent against the box's) and the polygon's faces (the box
 * corner deepest behind each face must be strictly inside it). */
bool c2d_aabb_overlap_polygon(c2d_aabb b, const c2d_polygon *p) {
    c2d_real lx = REAL_MAX, ly = REAL_MAX, hx = -REAL_MAX, hy = -REAL_MAX, bound;
    int i, n;
    if (!c2d_aabb_usable(b) || !c2d_polygon_ok(p)) return false;
    n = p->count;
    for (i = 0; i < p->count; ++i) {
        c2d_vec2 v = p->vertices[i];
        lx = c2d_minr(lx, v.x);
        hx = c2d_maxr(hx, v.x);
        ly = c2d_minr(ly, v.y);
        hy = c2d_maxr(hy, v.y);
    }
    if (!(lx < b.upper.x && hx > b.lower.x && ly < b.upper.y && hy > b.lower.y)) return false;
    /* every point involved lies in the union of the two boxes */
    bound = static_bound((c2d_real)0.5 * c2d_maxr(c2d_maxr(hx, b.upper.x) - c2d_minr(lx, b.lower.x), c2d_maxr(hy, b.upper.y) - c2d_minr(ly, b.lower.y)) * (c2d_real)2);
    for (i = 0; i < n; ++i) {
        c2d_vec2 v = p->vertices[i], w = p->vertices[i + 1 < n ? i + 1 : 0];
        c2d_vec2 corner;
        if (v.x == w.x && v.y == w.y) continue; /* a repeated vertex: no face */
        /* the corner deepest behind the face: smallest dot with the outward normal (e.y, -e.x),
         * chosen from the signs of the edge's components (exact) */
        corner = c2d_v2(w.y > v.y ? b.lower.x : b.upper.x, w.x < v.x ? b.lower.y : b.upper.y);
        if (!(orient_static(v, w, c2d_sub(w, v), corner, bound) > 0)) return false;
    }
    return true;
}

/* ---- circle ---- */

/* The test first (any input may take it: floats do not trap), the checks only for a yes. */
bool c2d_circle_overlap_circle(c2d_circle a, c2d_circle b) {
    c2d_real r = a.radius + b.radius;
    return c2d_dist_sq(a.center, b.center) < r * r && c2d_circle_pair_ok(a, b);
}

/* The exact test first (any input may take it), the checks only for a yes. */
bool c2d_circle_overlap_capsule(c2d_circle a, c2d_capsule b) {
    return point_near_segment(a.center, b.p1, b.p2, a.radius + b.radius) && c2d_circle_ok(a) && c2d_capsule_ok(b);
}

/* True when p lies strictly outside one of the edge lines of the convex polygon v[0..n), by the
 * exact orientation (c2d_orient_sign_edge: the filter, then the exact sum only within rounding). The
 * rounded test that the callers run first can miss it: a point beyond the end of a sliver, on
 * the extension of its long edges, has cross products there of a few ulps of its coordinates,
 * which round to 0 (fuzz_queries: a circle of radius 1e-7 at (9, 9) and the sliver (1e-7, 2e-8),
 * (7.875, 7.875), (0, 0) were said to overlap 1.6 apart). */
static bool outside_some_edge(const c2d_vec2 *v, int n, c2d_vec2 p) {
    int i;
    for (i = 0; i < n; ++i) {
        c2d_vec2 w = v[i + 1 < n ? i + 1 : 0];
        if (c2d_orient_sign_edge(v[i], w, c2d_sub(w, v[i]), p) < 0) return true;
    }
    return false;
}

/* A face with the center at least the radius outside means no overlap; a center behind every face
 * (or on the boundary, by the exact orientations) means overlap. Otherwise the center is outside
 * but closer than the radius to the face lines it is outside of, and the exact distance to the
 * edges decides. */
bool c2d_circle_overlap_polygon(c2d_circle a, const c2d_polygon *b) {
    bool apart = false, near = false;
    int i, n;
    if (!c2d_circle_ok(a) || !c2d_polygon_ok(b)) return false;
    n = b->count;
    for (i = 0; i < n; ++i) {
        c2d_vec2 v = b->vertices[i], e = c2d_sub(b->vertices[i + 1 < n ? i + 1 : 0], v), d = c2d_sub(a.center, v);
        c2d_real l = d.x * e.y, r = d.y * e.x, s = l - r;
        if (c2d_at_least(s, a.radius, c2d_dot(e, e))) return false;
        apart |= s > 0;
        /* within the orientation filter's bound of the edge line: its sign is the exact one's only
         * after outside_some_edge */
        near |= s > -c2d_orient_bound(l, r);
    }
    if (!apart && (!near || !outside_some_edge(b->vertices, n, a.center))) return true;
    for (i = 0; i < n; ++i) {
        if (point_near_segment(a.center, b->vertices[i], b->vertices[i + 1 < n ? i + 1 : 0], a.radius)) return true;
    }
    return false;
}

/* ---- capsule ---- */

/* Boxes that are surely apart first: exact, where the squared distances of segments_near round
 * (far from the origin they can call a gap of a few ulps of the coordinates a hit, and the
 * manifold, which starts from the same box test, would disagree). */
bool c2d_capsule_overlap_capsule(c2d_capsule a, c2d_capsule b) {
    c2d_real r;
    if (c2d_capsule_boxes_apart(a, b) || !c2d_capsule_ok(a) || !c2d_capsule_ok(b)) return false;
    r = a.radius + b.radius;
    return segments_near(a.p1, a.p2, b.p1, b.p2, r);
}

bool c2d_capsule_overlap_polygon(c2d_capsule a, const c2d_polygon *b) {
    if (!c2d_capsule_ok(a) || !c2d_polygon_ok(b)) return false;
    return rounded_segment_overlaps_convex(b->vertices, b->count, a.p1, a.p2, a.radius);
}

/* ---- polygon ---- */

/* Both polygons are loaded relative to the same point, the lower of their first vertices (x, then
 * y), so that far from the origin the rounded projections stay small. Each projection's rounding
 * error (from moving the vertices to that origin, the edge and offset differences, two products
 * and a sum) is at most about 24 machine epsilons of S^2, S the largest lane coordinate; the band
 * is 64 of them (plus the smallest normal, for products that underflow), and decisions inside it
 * are exact, so the answer is the exact answer for the polygons' coordinates and symmetric. */
bool c2d_polygon_overlap_polygon(const c2d_polygon *a, const c2d_polygon *b) {
    lanes la, lb;
    c2d_vec2 o, ob;
    c2d_real sc, band;
    if (!c2d_polygon_ok(a) || !c2d_polygon_ok(b)) return false;
    o = a->vertices[0];
    ob = b->vertices[0];
    if (ob.x < o.x || (ob.x == o.x && ob.y < o.y)) o = ob;
    lanes_load(&la, a, o);
    lanes_load(&lb, b, o);
    sc = c2d_maxr(la.scale, lb.scale);
    band = 64 * C2D_EPSILON * sc * sc + 4 * REAL_MIN;
    return !polygon_face_separates(&la, &lb, a, b, band) && !polygon_face_separates(&lb, &la, b, a, band);
}
