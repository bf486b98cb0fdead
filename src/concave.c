/* Concave (simple) polygons: the validating constructor, point containment, overlap with concave
 * and convex polygons, circles and segments, and ray casts.
 *
 * Every query works on a "ring": a closed outline of vertices with a known winding. A concave
 * polygon is a ring; so is a convex c2d_polygon. All decisions are made with exact orientation signs
 * (c2d_orient2d), never with tolerances, and no intersection point is computed and then re-tested,
 * so outlines that share vertices or edges exactly are seen to touch, not to overlap, and a point
 * exactly on a slanted edge is on the boundary. (The ray cast's entry time is a rounded ratio.) */
#include <stddef.h>
#include "internal.h"

/* A closed outline: n >= 3 vertices, sign +1 for counter-clockwise (y up), -1 for clockwise. */
typedef struct ring {
    const c2d_vec2 *v;
    int n;
    c2d_real sign;
    c2d_aabb bounds;
} ring;

/* Where a point lies relative to a ring. */
typedef enum ring_location {
    LOC_OUTSIDE = 0,
    LOC_INSIDE = 1,
    LOC_ON_EDGE = 2,  /* strictly inside edge index (between vertex index and the next) */
    LOC_ON_VERTEX = 3 /* equal to vertex index */
} ring_location;

/* Exact sign of the orientation of p against the directed line a -> b: +1 left (y up), -1 right,
 * 0 collinear (c2d_orient_sign, internal.h). */
static inline int orient(c2d_vec2 a, c2d_vec2 b, c2d_vec2 p) { return c2d_orient_sign(a, b, p); }

/* Twice the signed area of (a, b, p), rounded, for the ray cast's entry time: formed from the
 * ring edge's counter-clockwise start (a in a counter-clockwise ring, b in a clockwise one,
 * negated), so that an outline and its reversal give the same bits. */
static inline c2d_real edge_orient_value(c2d_real sign, c2d_vec2 a, c2d_vec2 b, c2d_vec2 p) {
    return sign > 0 ? c2d_cross(c2d_sub(b, a), c2d_sub(p, a)) : -c2d_cross(c2d_sub(a, b), c2d_sub(p, b));
}

/* True when x and y are both non-zero and of opposite signs (NaN is neither). */
static inline bool opposite(c2d_real x, c2d_real y) {
    return (x > 0 && y < 0) || (x < 0 && y > 0);
}

/* Sign of a rounded value: +1, -1, or 0 (NaN too). */
static inline int sign_of(c2d_real x) { return (x > 0) - (x < 0); }

static inline bool same_point(c2d_vec2 a, c2d_vec2 b) { return a.x == b.x && a.y == b.y; }
static inline int next_index(int i, int n) { return i + 1 == n ? 0 : i + 1; }
static inline int prev_index(int i, int n) { return i == 0 ? n - 1 : i - 1; }

/* Open boxes intersect (boxes that only touch do not). */
static inline bool boxes_overlap_open(c2d_aabb a, c2d_aabb b) {
    return a.lower.x < b.upper.x && b.lower.x < a.upper.x && a.lower.y < b.upper.y && b.lower.y < a.upper.y;
}

/* Closed box of two points. */
static inline c2d_aabb box_of(c2d_vec2 a, c2d_vec2 b) {
    c2d_aabb r;
    r.lower = c2d_vmin(a, b);
    r.upper = c2d_vmax(a, b);
    return r;
}

/* Closed boxes intersect (touching counts). */
static inline bool boxes_overlap_closed(c2d_aabb a, c2d_aabb b) {
    return a.lower.x <= b.upper.x && b.lower.x <= a.upper.x && a.lower.y <= b.upper.y && b.lower.y <= a.upper.y;
}

/* ---------------------------------------------------------------------------------------------
 * Construction and validation
 * ------------------------------------------------------------------------------------------- */

/* Signed area by the shoelace formula, summed as a fan of triangles from vertex 0 so that outlines
 * far from the origin keep their precision. */
static c2d_real signed_area_of(const c2d_vec2 *v, int n) {
    c2d_real sum = 0;
    int i;
    for (i = 1; i + 1 < n; ++i) sum += c2d_cross(c2d_sub(v[i], v[0]), c2d_sub(v[i + 1], v[0]));
    return (c2d_real)0.5 * sum;
}

/* True when the closed segments a0-a1 and b0-b1 share a point (the same rule as
 * c2d_segment_overlap_segment, on coordinates already known to be in range). */
static bool edges_touch(c2d_vec2 a0, c2d_vec2 a1, c2d_vec2 b0, c2d_vec2 b1) {
    int d1, d2, d3, d4;
    if (!boxes_overlap_closed(box_of(a0, a1), box_of(b0, b1))) return false;
    d1 = orient(b0, b1, a0);
    d2 = orient(b0, b1, a1);
    d3 = orient(a0, a1, b0);
    d4 = orient(a0, a1, b1);
    if (d1 * d2 < 0 && d3 * d4 < 0) return true;
    /* Not a proper crossing: they share a point only if an endpoint of one lies on the other
     * (the collinear box test is exact once the orientation is exactly zero). */
    if (d1 == 0 && boxes_overlap_closed(box_of(a0, a0), box_of(b0, b1))) return true;
    if (d2 == 0 && boxes_overlap_closed(box_of(a1, a1), box_of(b0, b1))) return true;
    if (d3 == 0 && boxes_overlap_closed(box_of(b0, b0), box_of(a0, a1))) return true;
    if (d4 == 0 && boxes_overlap_closed(box_of(b1, b1), box_of(a0, a1))) return true;
    return false;
}

/* Validates an outline and fills a c2d_concave over it. Checks, in order:
 * - count >= 3, then every vertex finite and within C2D_MAX_COORD;
 * - not all vertices equal or collinear (DEGENERATE), so that a flat outline is reported as
 *   degenerate rather than as self-touching;
 * - simplicity, O(n^2): no zero-length edge, and two edges that are not neighbours may not share
 *   any point. This also catches a repeated vertex (the edges around it touch) and two neighbours
 *   folding back over each other: if W -> N turns back along P -> W, then either N lies on P-W
 *   (touching the edge after N) or P lies on W-N (touching the edge before P). A vertex in the
 *   middle of a straight run is allowed;
 * - a non-zero signed area (float rounding could still produce 0 for a sliver).
 * The bounds are the vertices' box; the signed area is positive for counter-clockwise (y up). */
static c2d_status concave_build(const c2d_vec2 *v, int n, c2d_concave *out) {
    int i, j, k;
    c2d_real area;
    c2d_aabb bounds;
    bool flat = true;

    if (n < 3) return C2D_ERR_DEGENERATE;
    for (i = 0; i < n; ++i) {
        c2d_status s = c2d_check_vec2(v[i]);
        if (s != C2D_OK) return s;
    }

    k = 1;
    while (k < n && same_point(v[k], v[0])) ++k;
    if (k < n) {
        for (i = 1; i < n && flat; ++i) flat = orient(v[0], v[k], v[i]) == 0;
    }
    if (flat) return C2D_ERR_DEGENERATE;

    for (i = 0; i < n; ++i) {
        c2d_vec2 a0 = v[i], a1 = v[next_index(i, n)];
        if (same_point(a0, a1)) return C2D_ERR_SELF_INTERSECTING;
        for (j = i + 2; j < n; ++j) {
            if (i == 0 && j == n - 1) continue; /* neighbours through vertex 0 */
            if (edges_touch(a0, a1, v[j], v[next_index(j, n)])) return C2D_ERR_SELF_INTERSECTING;
        }
    }

    area = signed_area_of(v, n);
    if (!(area > 0 || area < 0)) return C2D_ERR_DEGENERATE;

    bounds.lower = bounds.upper = v[0];
    for (i = 1; i < n; ++i) {
        bounds.lower = c2d_vmin(bounds.lower, v[i]);
        bounds.upper = c2d_vmax(bounds.upper, v[i]);
    }
    out->vertices = v;
    out->count = n;
    out->bounds = bounds;
    out->signed_area = area;
    return C2D_OK;
}

c2d_status c2d_concave_make(const c2d_vec2 *vertices, int count, c2d_concave *out) {
    c2d_concave c;
    c2d_status s;
    if (out == NULL) return C2D_ERR_NULL_ARG;
    out->vertices = NULL;
    out->count = 0;
    out->bounds.lower = out->bounds.upper = c2d_v2(0, 0);
    out->signed_area = 0;
    if (vertices == NULL) return C2D_ERR_NULL_ARG;
    s = concave_build(vertices, count, &c);
    if (s == C2D_OK) *out = c;
    return s;
}

/* Rebuilds the polygon from its vertices and compares. The bounds must match exactly (they are a
 * min/max); the signed area must have the same sign and agree to a relative 1e-3, so that an area
 * computed by another (equally valid) summation order is accepted. */
bool c2d_concave_is_valid(const c2d_concave *p) {
    c2d_concave c;
    c2d_real diff;
    if (p == NULL || p->vertices == NULL) return false;
    if (concave_build(p->vertices, p->count, &c) != C2D_OK) return false;
    if (!same_point(c.bounds.lower, p->bounds.lower) || !same_point(c.bounds.upper, p->bounds.upper)) return false;
    if (!((c.signed_area > 0 && p->signed_area > 0) || (c.signed_area < 0 && p->signed_area < 0))) return false;
    diff = C2D_ABS(c.signed_area - p->signed_area);
    return diff <= (c2d_real)1e-3 * C2D_ABS(c.signed_area);
}

/* ---------------------------------------------------------------------------------------------
 * Rings
 * ------------------------------------------------------------------------------------------- */

/* Ring over a concave polygon. Queries never trust blindly: a NULL or short outline, a zero or NaN
 * signed area, bounds out of range, or a vertex outside the stored bounds (which also catches NaN
 * and out-of-range vertices) gives false, and the query reports no hit. O(n). */
static bool ring_from_concave(const c2d_concave *c, ring *r) {
    int i;
    if (c == NULL || c->vertices == NULL || c->count < 3) return false;
    if (!(c->signed_area > 0 || c->signed_area < 0)) return false;
    if (!c2d_vec2_in_range(c->bounds.lower) || !c2d_vec2_in_range(c->bounds.upper)) return false;
    for (i = 0; i < c->count; ++i) {
        c2d_vec2 p = c->vertices[i];
        if (!(p.x >= c->bounds.lower.x && p.x <= c->bounds.upper.x && p.y >= c->bounds.lower.y &&
              p.y <= c->bounds.upper.y))
            return false;
    }
    r->v = c->vertices;
    r->n = c->count;
    r->sign = c->signed_area > 0 ? (c2d_real)1 : (c2d_real)-1;
    r->bounds = c->bounds;
    return true;
}

/* Ring over a convex polygon's vertices. The winding is measured rather than assumed, so a
 * hand-made clockwise polygon still gets correct answers. Invalid count, non-finite or
 * out-of-range vertices, or zero area give false. O(n). */
static bool ring_from_polygon(const c2d_polygon *p, ring *r) {
    int i;
    c2d_real area;
    if (p == NULL || p->count < 3 || p->count > C2D_MAX_POLYGON_VERTICES) return false;
    for (i = 0; i < p->count; ++i) {
        if (!c2d_vec2_in_range(p->vertices[i])) return false;
    }
    area = signed_area_of(p->vertices, p->count);
    /* A convex polygon is counter-clockwise by contract: a clockwise one is bad input, no hit. */
    if (!(area > 0)) return false;
    r->v = p->vertices;
    r->n = p->count;
    r->sign = area > 0 ? (c2d_real)1 : (c2d_real)-1;
    r->bounds.lower = r->bounds.upper = p->vertices[0];
    for (i = 1; i < p->count; ++i) {
        r->bounds.lower = c2d_vmin(r->bounds.lower, p->vertices[i]);
        r->bounds.upper = c2d_vmax(r->bounds.upper, p->vertices[i]);
    }
    return true;
}

/* Locates p: on a vertex, on an edge, inside or outside. The crossing-number rule (count the edges
 * that a ray from p toward +x crosses; odd means inside; O'Rourke, "Computational Geometry in C",
 * ch. 7) is made exact at the boundary:
 * - an edge is counted with the half-open rule (its lower end belongs to it, its upper end does
 *   not), so a ray through a vertex counts it once or not at all, and horizontal edges never;
 * - which side of an edge p lies on is an exact orientation sign, not a computed x-intercept;
 * - an orientation of exactly zero with p strictly between the edge's ends means p is on the
 *   edge, and p equal to a vertex is reported as that vertex, before any counting matters.
 * *index receives the vertex or edge index for the two boundary cases. */
static ring_location ring_locate(const ring *r, c2d_vec2 p, int *index) {
    bool inside = false;
    int i;
    for (i = 0; i < r->n; ++i) {
        c2d_vec2 a = r->v[i], b = r->v[next_index(i, r->n)];
        int c;
        if (same_point(p, a)) {
            *index = i;
            return LOC_ON_VERTEX;
        }
        if (p.y < c2d_minr(a.y, b.y) || p.y > c2d_maxr(a.y, b.y)) continue;
        c = orient(a, b, p);
        if (c == 0) {
            c2d_vec2 e = c2d_sub(b, a);
            if (c2d_dot(c2d_sub(p, a), e) > 0 && c2d_dot(c2d_sub(p, b), e) < 0) {
                *index = i;
                return LOC_ON_EDGE;
            }
            continue;
        }
        if (a.y <= p.y && p.y < b.y) {
            if (c > 0) inside = !inside; /* upward edge, p on its left: the ray crosses it */
        } else if (b.y <= p.y && p.y < a.y) {
            if (c < 0) inside = !inside; /* downward edge, p on its right */
        }
    }
    return inside ? LOC_INSIDE : LOC_OUTSIDE;
}

/* Does a direction d leaving a vertex point strictly into the ring's interior? The interior near a
 * vertex is the wedge between its outgoing edge and its reversed incoming edge (on the left of
 * both edges for a counter-clockwise ring). At a convex vertex (turn > 0) d must be strictly left
 * of both edges, at a reflex vertex (turn < 0) strictly left of either, at a straight vertex
 * strictly left of the line. Directions along an edge are on the boundary and do not count. The
 * signs come already multiplied by the ring's winding: turn of (prev, w, next), cout of d against
 * the outgoing edge, cin of d against the incoming edge. */
static bool wedge_signs_enter(int turn, int cout, int cin) {
    if (turn > 0) return cout > 0 && cin > 0;
    if (turn < 0) return cout > 0 || cin > 0;
    return cout > 0;
}

/* Does the direction from vertex i toward the point q (q != v[i]) enter the interior? Exact. */
static bool wedge_enters_toward(const ring *r, int i, c2d_vec2 q) {
    int s = r->sign > 0 ? 1 : -1;
    c2d_vec2 w = r->v[i], prev = r->v[prev_index(i, r->n)], next = r->v[next_index(i, r->n)];
    return wedge_signs_enter(s * orient(prev, w, next), s * orient(w, next, q), s * orient(prev, w, q));
}

/* The same for a direction d given as a vector (the ray cast), with rounded cross products. */
static bool wedge_enters_dir(const ring *r, int i, c2d_vec2 d) {
    c2d_vec2 w = r->v[i];
    c2d_vec2 ein = c2d_sub(w, r->v[prev_index(i, r->n)]);
    c2d_vec2 eout = c2d_sub(r->v[next_index(i, r->n)], w);
    return wedge_signs_enter(sign_of(r->sign * c2d_cross(ein, eout)), sign_of(r->sign * c2d_cross(eout, d)),
                             sign_of(r->sign * c2d_cross(ein, d)));
}

/* Do the points just beyond p on the way to q (q != p) lie in the ring's interior? On an edge's
 * interior the way in is the edge's inner side: q strictly on it (p lies on the edge's line, so
 * the side of q is the side of the direction q - p). Exact. */
static bool point_enters(const ring *r, c2d_vec2 p, c2d_vec2 q) {
    int idx = 0;
    switch (ring_locate(r, p, &idx)) {
    case LOC_INSIDE: return true;
    case LOC_ON_EDGE: return (r->sign > 0 ? 1 : -1) * orient(r->v[idx], r->v[next_index(idx, r->n)], q) > 0;
    case LOC_ON_VERTEX: return wedge_enters_toward(r, idx, q);
    case LOC_OUTSIDE: break;
    }
    return false;
}

/* Does the closed segment p-q (p != q) have a point strictly inside the ring?
 *
 * 1. An edge crossing the segment properly (interiors crossing at one point) puts segment points
 *    on the interior side: yes.
 * 2. Otherwise the ring's boundary meets the open segment only at ring vertices lying on it and in
 *    collinear runs ending at such vertices or at p, q. These event points cut the segment into
 *    pieces that are each wholly inside, wholly outside or wholly on the boundary. Walking from p
 *    to q, an inside piece starts at p or at a ring vertex on the segment, and from there the
 *    direction toward q locally enters the interior. So it is enough to test that direction,
 *    exactly and locally, leaving p (inside, or a half-plane or wedge test when p is on the
 *    boundary) and leaving each ring vertex on the open segment (a wedge test).
 * No point is ever computed, so a segment lying on an edge or touching a vertex cannot be pushed
 * inside by rounding. O(n). */
static bool segment_enters_ring(const ring *r, c2d_vec2 p, c2d_vec2 q) {
    c2d_vec2 d = c2d_sub(q, p);
    c2d_aabb sb = box_of(p, q);
    int i;

    /* Only a segment reaching into the open bounds can reach the open interior. */
    if (!boxes_overlap_open(sb, r->bounds)) return false;

    for (i = 0; i < r->n; ++i) {
        c2d_vec2 a0 = r->v[i], a1 = r->v[next_index(i, r->n)];
        if (!boxes_overlap_closed(box_of(a0, a1), sb)) continue;
        if (orient(a0, a1, p) * orient(a0, a1, q) < 0 && orient(p, q, a0) * orient(p, q, a1) < 0) return true;
    }

    if (point_enters(r, p, q)) return true;

    for (i = 0; i < r->n; ++i) {
        c2d_vec2 w = r->v[i];
        if (w.x < sb.lower.x || w.x > sb.upper.x || w.y < sb.lower.y || w.y > sb.upper.y) continue;
        if (orient(p, q, w) != 0) continue;
        if (!(c2d_dot(c2d_sub(w, p), d) > 0 && c2d_dot(c2d_sub(w, q), d) < 0)) continue;
        if (wedge_enters_toward(r, i, q)) return true;
    }
    return false;
}

/* A point strictly inside the ring, in O(n), after the classic proof that every polygon has a
 * diagonal (Meisters; O'Rourke, "Computational Geometry in C", ch. 1). The lowest (then leftmost) vertex V is strictly convex. If no other vertex lies
 * strictly inside the triangle (P, V, N) formed with its neighbours, no edge enters that triangle
 * and its centroid is inside. Otherwise the vertex Q inside it farthest from line P-N makes V-Q an
 * internal diagonal, and its midpoint is inside. False only when rounding flattens the triangle. */
static bool ring_interior_point(const ring *r, c2d_vec2 *out) {
    int i, iv = 0, ip, in, best = -1;
    c2d_vec2 v, p, n, pn;
    c2d_real tri, best_h = 0;

    for (i = 1; i < r->n; ++i) {
        c2d_vec2 w = r->v[i], b = r->v[iv];
        if (w.y < b.y || (w.y == b.y && w.x < b.x)) iv = i;
    }
    ip = prev_index(iv, r->n);
    in = next_index(iv, r->n);
    v = r->v[iv];
    p = c2d_sub(r->v[ip], v);
    n = c2d_sub(r->v[in], v);
    pn = c2d_sub(p, n);
    tri = c2d_cross(n, p); /* orientation of (V, N, P) */
    if (!(tri > 0 || tri < 0)) return false;

    for (i = 0; i < r->n; ++i) {
        c2d_vec2 x;
        c2d_real o1, o2, o3;
        if (i == iv || i == ip || i == in) continue;
        x = c2d_sub(r->v[i], v);
        o1 = c2d_cross(n, x);
        o2 = c2d_cross(pn, c2d_sub(x, n));
        o3 = c2d_cross(c2d_neg(p), c2d_sub(x, p));
        if (tri < 0) {
            o1 = -o1;
            o2 = -o2;
            o3 = -o3;
        }
        if (o1 > 0 && o2 > 0 && o3 > 0 && o2 > best_h) {
            best_h = o2; /* twice the area of (N, P, Q): proportional to Q's height over P-N */
            best = i;
        }
    }
    if (best >= 0) *out = c2d_mul_add(v, (c2d_real)0.5, c2d_sub(r->v[best], v));
    else *out = c2d_mul_add(v, (c2d_real)1 / (c2d_real)3, c2d_add(p, n));
    return true;
}

/* Interiors of two rings intersect.
 *
 * If some point of B's boundary lies strictly inside A, the interiors meet (every neighbourhood of
 * a boundary point holds interior points of B). If none does, A's interior is a connected set that
 * misses B's boundary, so it lies wholly inside B or wholly outside. Then any vertex of A that is
 * not on B's boundary decides, exactly: strictly inside B, A's interior near it is inside B (they
 * overlap); strictly outside, it is outside (they do not). Only when every vertex of A lies on B's
 * boundary is an interior point of A tested (ring_interior_point: a diagonal's midpoint or an
 * ear's centroid). This covers containment either way and identical outlines, and two outlines
 * that only share edges or vertices give false. O(n * m) with box culling per edge. (An interior
 * point alone, rounded, was wrong for thin triangles: the GEOS differential test.) */
static bool ring_overlap_ring(const ring *a, const ring *b) {
    c2d_vec2 ip;
    int j, idx = 0;
    if (!boxes_overlap_open(a->bounds, b->bounds)) return false;
    for (j = 0; j < b->n; ++j) {
        c2d_vec2 b0 = b->v[j], b1 = b->v[next_index(j, b->n)];
        if (same_point(b0, b1)) continue;
        if (segment_enters_ring(a, b0, b1)) return true;
    }
    for (j = 0; j < a->n; ++j) {
        ring_location loc = ring_locate(b, a->v[j], &idx);
        if (loc == LOC_INSIDE) return true;
        if (loc == LOC_OUTSIDE) return false;
    }
    return ring_interior_point(a, &ip) && ring_locate(b, ip, &idx) == LOC_INSIDE;
}

/* ---------------------------------------------------------------------------------------------
 * Public queries
 * ------------------------------------------------------------------------------------------- */

bool c2d_concave_contains_point(const c2d_concave *poly, c2d_vec2 p) {
    ring r;
    int idx = 0;
    if (poly == NULL) return false;
    if (!(p.x > poly->bounds.lower.x && p.x < poly->bounds.upper.x && p.y > poly->bounds.lower.y &&
          p.y < poly->bounds.upper.y))
        return false;
    if (!ring_from_concave(poly, &r)) return false;
    return ring_locate(&r, p, &idx) == LOC_INSIDE;
}

/* Total order of two rings by their vertex lists (count, then coordinates in order); equal lists
 * compare equal, and then either order gives the same answer. */
static bool ring_before(const ring *a, const ring *b) {
    int i;
    if (a->n != b->n) return a->n < b->n;
    for (i = 0; i < a->n; ++i) {
        if (a->v[i].x != b->v[i].x) return a->v[i].x < b->v[i].x;
        if (a->v[i].y != b->v[i].y) return a->v[i].y < b->v[i].y;
    }
    return false;
}

/* ring_overlap_ring tests one outline's boundary and interior point against the other, and near
 * the rounding limit (an outline inside another, at a much smaller scale, with all its vertices on
 * the other's boundary) the two ways can differ; the pair is taken in one fixed order (ring_before)
 * so that (a, b) and (b, a) give the same answer. */
bool c2d_concave_overlap_concave(const c2d_concave *a, const c2d_concave *b) {
    ring ra, rb;
    if (!ring_from_concave(a, &ra) || !ring_from_concave(b, &rb)) return false;
    return ring_before(&rb, &ra) ? ring_overlap_ring(&rb, &ra) : ring_overlap_ring(&ra, &rb);
}

bool c2d_concave_overlap_polygon(const c2d_concave *a, const c2d_polygon *b) {
    ring ra, rb;
    if (!ring_from_concave(a, &ra) || !ring_from_polygon(b, &rb)) return false;
    /* Walk the convex polygon's few edges against the concave outline. */
    return ring_overlap_ring(&ra, &rb);
}

/* The circle's open disk meets the polygon's interior exactly when the center is strictly inside,
 * or some boundary point is closer to the center than the radius (a center on the boundary is at
 * distance 0). Distances are taken relative to each edge's start. */
bool c2d_concave_overlap_circle(const c2d_concave *a, c2d_circle b) {
    ring r;
    c2d_vec2 c = b.center;
    c2d_real rad = b.radius, rr;
    int i, idx = 0;

    if (!ring_from_concave(a, &r)) return false;
    if (!c2d_vec2_in_range(c) || !c2d_size_in_range(rad)) return false;
    if (!(c.x - rad < r.bounds.upper.x && c.x + rad > r.bounds.lower.x && c.y - rad < r.bounds.upper.y &&
          c.y + rad > r.bounds.lower.y))
        return false;
    rr = rad * rad;
    for (i = 0; i < r.n; ++i) {
        c2d_vec2 a0 = r.v[i];
        c2d_vec2 e = c2d_sub(r.v[next_index(i, r.n)], a0);
        c2d_vec2 w = c2d_sub(c, a0);
        c2d_real ee = c2d_len_sq(e), t = 0;
        if (ee > 0) t = c2d_clampr(c2d_dot(w, e) / ee, 0, 1);
        if (c2d_len_sq(c2d_sub(w, c2d_scale(e, t))) < rr) return true;
    }
    return ring_locate(&r, c, &idx) == LOC_INSIDE;
}

bool c2d_concave_overlap_segment(const c2d_concave *a, c2d_segment b) {
    ring r;
    int idx = 0;
    if (!ring_from_concave(a, &r)) return false;
    if (!c2d_vec2_in_range(b.p1) || !c2d_vec2_in_range(b.p2)) return false;
    if (same_point(b.p1, b.p2)) return ring_locate(&r, b.p1, &idx) == LOC_INSIDE;
    return segment_enters_ring(&r, b.p1, b.p2);
}

/* Outward unit normal of edge i. */
static c2d_vec2 edge_normal(const ring *r, int i) {
    c2d_vec2 e = c2d_sub(r->v[next_index(i, r->n)], r->v[i]);
    c2d_vec2 n = r->sign > 0 ? c2d_right_perp(e) : c2d_left_perp(e);
    c2d_real m = c2d_maxr(C2D_ABS(n.x), C2D_ABS(n.y));
    if (!(m > 0)) return c2d_v2(0, 0); /* zero-length edge of a hand-made outline */
    return c2d_normalize(c2d_scale(n, (c2d_real)1 / m));
}

/* Normal for an origin strictly inside: the way out through the nearest boundary point. On an
 * edge's interior that is the edge's outward normal; at a vertex (a reflex corner) it is the
 * direction from the origin to that vertex. */
static c2d_vec2 nearest_boundary_normal(const ring *r, c2d_vec2 o) {
    int i, best = 0;
    c2d_real best_d = 0, best_t = 0;
    c2d_vec2 best_w = c2d_v2(0, 0), n;
    for (i = 0; i < r->n; ++i) {
        c2d_vec2 a0 = r->v[i];
        c2d_vec2 e = c2d_sub(r->v[next_index(i, r->n)], a0);
        c2d_vec2 w = c2d_sub(o, a0);
        c2d_real ee = c2d_len_sq(e), t = 0, d;
        if (ee > 0) t = c2d_clampr(c2d_dot(w, e) / ee, 0, 1);
        d = c2d_len_sq(c2d_sub(w, c2d_scale(e, t)));
        if (i == 0 || d < best_d) {
            best = i;
            best_d = d;
            best_t = t;
            best_w = c2d_sub(c2d_scale(e, t), w); /* origin -> closest point */
        }
    }
    if (best_t > 0 && best_t < 1) return edge_normal(r, best);
    {
        c2d_real m = c2d_maxr(C2D_ABS(best_w.x), C2D_ABS(best_w.y));
        if (!(m > 0)) return edge_normal(r, best);
        n = c2d_normalize(c2d_scale(best_w, (c2d_real)1 / m));
    }
    return n;
}

/* Normal reported when a ray enters through vertex i: of the two edges meeting there, the outward
 * normal that faces the ray most. */
static c2d_vec2 vertex_normal(const ring *r, int i, c2d_vec2 d) {
    c2d_vec2 n0 = edge_normal(r, prev_index(i, r->n)), n1 = edge_normal(r, i);
    return c2d_dot(n0, d) <= c2d_dot(n1, d) ? n0 : n1;
}

/* Writes a cast hit if every field is finite and the normal is not zero. delta is
 * (time - max_fraction) * translation, or (0,0) for an unbounded ray. */
static bool write_cast_hit(c2d_raycast_input in, c2d_real t, c2d_vec2 pos, c2d_vec2 normal, c2d_hit *out) {
    c2d_hit h;
    h.pos = pos;
    h.normal = normal;
    h.time = t;
    h.delta = C2D_ISFINITE(in.max_fraction) ? c2d_scale(in.translation, t - in.max_fraction) : c2d_v2(0, 0);
    if (!c2d_vec2_is_valid(h.pos) || !c2d_vec2_is_valid(h.normal) || !c2d_vec2_is_valid(h.delta) ||
        !C2D_ISFINITE(h.time) || !(c2d_len_sq(h.normal) > 0))
        return false;
    if (out) *out = h;
    return true;
}

/* First entry of origin + t * d (t in [0, max_fraction)) into the interior. An origin strictly
 * inside is a hit at time 0. Otherwise an entry happens where the path leaves the boundary into
 * the interior, which is one of:
 * - a transversal crossing of an edge's interior, moving to the edge's inner side. The edge's ends
 *   lie strictly on opposite sides of the ray's line (signed areas s0, s1 relative to the origin)
 *   and the ray's parameter there is orient(edge, origin) / (s1 - s0): no near-zero division
 *   (edge_orient, so that both windings give the same parameter);
 * - a vertex on the ray's line (s0 exactly 0) from which d points strictly into the wedge.
 * An origin on an edge or vertex moving inward is the t = 0 case of these. A ray running along an
 * edge or grazing a corner enters nowhere. An entry at max_fraction (ending on the boundary) is
 * touching, not a hit. */
bool c2d_concave_raycast(const c2d_concave *p, c2d_raycast_input in, c2d_hit *out) {
    ring r;
    c2d_vec2 o = in.origin, d = in.translation, best_n = c2d_v2(0, 0);
    c2d_real dd, best_t = 0;
    bool found = false;
    int i, idx = 0;

    if (!ring_from_concave(p, &r)) return false;
    if (!c2d_vec2_in_range(o) || !c2d_vec2_in_range(d) || !(in.max_fraction >= 0)) return false;

    if (ring_locate(&r, o, &idx) == LOC_INSIDE) return write_cast_hit(in, 0, o, nearest_boundary_normal(&r, o), out);
    dd = c2d_len_sq(d);
    if (!(dd > 0) || !(in.max_fraction > 0)) return false;

    if (C2D_ISFINITE(in.max_fraction)) {
        c2d_vec2 end = c2d_mul_add(o, in.max_fraction, d);
        if (c2d_vec2_is_valid(end) && !boxes_overlap_open(box_of(o, end), r.bounds)) return false;
    }

    for (i = 0; i < r.n; ++i) {
        c2d_vec2 a0 = r.v[i], a1 = r.v[next_index(i, r.n)];
        c2d_real s0 = c2d_cross(d, c2d_sub(a0, o));
        c2d_real s1 = c2d_cross(d, c2d_sub(a1, o));
        c2d_real t;
        if (opposite(s0, s1) && r.sign * (s0 - s1) > 0) {
            t = edge_orient_value(r.sign, a0, a1, o) / (s1 - s0); /* the same bits for either winding */
            if (t == 0) t = 0;                                    /* no -0 in the output */
            if (t >= 0 && t < in.max_fraction && (!found || t < best_t)) {
                found = true;
                best_t = t;
                best_n = edge_normal(&r, i);
            }
        }
        if (s0 == 0) {
            t = c2d_dot(c2d_sub(a0, o), d) / dd;
            if (t >= 0 && t < in.max_fraction && (!found || t < best_t) && wedge_enters_dir(&r, i, d)) {
                found = true;
                best_t = t;
                best_n = vertex_normal(&r, i, d);
            }
        }
    }
    if (!found) return false;
    return write_cast_hit(in, best_t, c2d_mul_add(o, best_t, d), best_n, out);
}
