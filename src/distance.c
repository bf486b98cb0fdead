/* Distance queries: closest points of two segments in closed form, and GJK between convex proxies. */
#include <stddef.h>
#include <float.h>
#include "internal.h"
#include "simd/simd.h"

/* Copies up to C2D_MAX_POLYGON_VERTICES points into a proxy. A count outside
 * [1, C2D_MAX_POLYGON_VERTICES] or NULL points is a programmer error: it asserts, then a larger
 * count keeps the first points and NULL or a count below 1 gives an empty proxy (which c2d_distance
 * rejects). Unused slots are zeroed so the struct never holds garbage. */
c2d_proxy c2d_make_proxy(const c2d_vec2 *points, int count, c2d_real radius) {
    c2d_proxy p;
    int i;
    C2D_ASSERT(points != NULL && count >= 1 && count <= C2D_MAX_POLYGON_VERTICES);
    if (points == NULL || count < 1) count = 0;
    if (count > C2D_MAX_POLYGON_VERTICES) count = C2D_MAX_POLYGON_VERTICES;
    for (i = 0; i < count; ++i) p.points[i] = points[i];
    for (; i < C2D_MAX_POLYGON_VERTICES; ++i) p.points[i] = c2d_v2(0, 0);
    p.count = count;
    p.radius = radius;
    return p;
}

/* Point of the segment o + s*d (s in [0,1]) nearest to q, as its fraction. dd = |d|^2; a
 * zero-length segment gives fraction 0. */
static c2d_real closest_fraction(c2d_vec2 o, c2d_vec2 d, c2d_real dd, c2d_vec2 q) {
    c2d_real t;
    if (!(dd > 0)) return 0;
    t = c2d_dot(c2d_sub(q, o), d) / dd;
    return c2d_clampr(t, 0, 1);
}

/* Closest points of two closed segments, the careful way: the path of c2d_segment_distance for
 * the pairs its closed form leaves (within rounding of touching or of parallel, or a zero length).
 * In the frame of s1.p1 for precision.
 *
 * If the segments cross properly (each one's endpoints strictly on both sides of the other's line)
 * the answer is the crossing point, found as the ratio of the two signed areas, which lies in [0,1]
 * by construction. Otherwise the closest pair always has an endpoint of one segment on one side:
 * the answer is the best of the four endpoint-to-segment projections. This needs no parallel
 * special case and no division by a near-zero determinant (the usual closed form of Real-Time
 * Collision Detection 5.1.9 solves a 2x2 system instead and has to guard that determinant), and
 * zero-length segments are just points.
 *
 * Choosing by squared distance alone is fragile near a corner: an endpoint-to-endpoint pair and the
 * pair where one of those endpoints projects just inside the other segment differ in distance only
 * to second order, below rounding, yet their points differ to first order. So a projection that was
 * clamped to an endpoint E is dropped when E's own projection onto the first segment lands strictly
 * inside it (that pair is never farther). Remaining ties go to the first candidate in the order
 * s1.p1, s1.p2, s2.p1, s2.p2. Non-finite or out-of-range input gives zero points and fractions and
 * a huge distance_squared (C2D_MAX_COORD squared), so that no "closer than" test can pass. */
static c2d_segment_distance_result segment_distance_careful(c2d_segment s1, c2d_segment s2) {
    c2d_segment_distance_result r;
    c2d_vec2 o = s1.p1;
    c2d_vec2 d1 = c2d_sub(s1.p2, s1.p1);
    c2d_vec2 q1 = c2d_sub(s2.p1, o), q2 = c2d_sub(s2.p2, o);
    c2d_vec2 d2 = c2d_sub(q2, q1);
    c2d_real dd1 = c2d_len_sq(d1), dd2 = c2d_len_sq(d2);
    c2d_real best = 0;
    c2d_vec2 ends[4], foot[4];
    c2d_real t[4], dist2[4];
    int k, chosen = -1;

    if (!c2d_vec2_in_range(s1.p1) || !c2d_vec2_in_range(s1.p2) || !c2d_vec2_in_range(s2.p1) ||
        !c2d_vec2_in_range(s2.p2)) {
        r.closest1 = r.closest2 = c2d_v2(0, 0);
        r.fraction1 = r.fraction2 = 0;
        r.distance_squared = (c2d_real)C2D_MAX_COORD * (c2d_real)C2D_MAX_COORD;
        return r;
    }

    /* A proper crossing, decided by the exact orientation signs (s2's endpoints against s1's line,
     * and s1's against s2's): distance 0 at the crossing point of c2d_segment_intersect_segment
     * (within 4 ulps of both segments). Rounded signs called near-collinear segments 0.2 apart
     * crossing (GEOS differential test). */
    if (c2d_orient_sign(s1.p1, s1.p2, s2.p1) * c2d_orient_sign(s1.p1, s1.p2, s2.p2) < 0 &&
        c2d_orient_sign(s2.p1, s2.p2, s1.p1) * c2d_orient_sign(s2.p1, s2.p2, s1.p2) < 0) {
        c2d_vec2 x = s1.p1;
        c2d_real f1 = 0;
        (void)c2d_segment_intersect_segment(s1, s2, &x, &f1);
        r.fraction1 = f1;
        r.fraction2 = closest_fraction(q1, d2, dd2, c2d_sub(x, o));
        r.closest1 = x;
        r.closest2 = x;
        r.distance_squared = 0;
        return r;
    }

    /* Each endpoint projected onto the other segment. */
    ends[0] = c2d_v2(0, 0);
    ends[1] = d1;
    ends[2] = q1;
    ends[3] = q2;
    for (k = 0; k < 4; ++k) {
        if (k < 2) {
            t[k] = closest_fraction(q1, d2, dd2, ends[k]);
            foot[k] = c2d_mul_add(q1, t[k], d2);
        } else {
            t[k] = closest_fraction(c2d_v2(0, 0), d1, dd1, ends[k]);
            foot[k] = c2d_scale(d1, t[k]);
        }
        dist2[k] = c2d_dist_sq(ends[k], foot[k]);
    }
    for (k = 0; k < 4; ++k) {
        /* The candidate of the endpoint this projection was clamped to, if it was. */
        int other = (k < 2 ? 2 : 0) + (t[k] == 1 ? 1 : 0);
        if ((t[k] == 0 || t[k] == 1) && t[other] > 0 && t[other] < 1) continue;
        if (chosen < 0 || dist2[k] < best) {
            chosen = k;
            best = dist2[k];
        }
    }
    if (chosen < 2) {
        r.closest1 = ends[chosen];
        r.closest2 = foot[chosen];
        r.fraction1 = (c2d_real)chosen;
        r.fraction2 = t[chosen];
    } else {
        r.closest1 = foot[chosen];
        r.closest2 = ends[chosen];
        r.fraction1 = t[chosen];
        r.fraction2 = (c2d_real)(chosen - 2);
    }
    r.closest1 = c2d_add(o, r.closest1);
    r.closest2 = c2d_add(o, r.closest2);
    r.distance_squared = best;
    /* Within rounding of 0: when an end lies exactly on the other segment (a T-junction, a shared
     * end, collinear overlap: the exact test says they meet), the distance is 0 at that end; its
     * rounded projection could sit an ulp away (4.8e-7 on a T-junction of the integer grid, found by
     * the GEOS differential test). */
    if (best > 0) {
        c2d_real sc = c2d_maxr(c2d_maxr(dd1, dd2), c2d_maxr(c2d_len_sq(q1), c2d_len_sq(q2)));
        if (best <= 4096 * C2D_EPSILON * C2D_EPSILON * sc && c2d_segment_overlap_segment(s1, s2)) {
            c2d_vec2 e = chosen == 0 ? s1.p1 : chosen == 1 ? s1.p2
                                           : chosen == 2   ? s2.p1
                                                           : s2.p2;
            r.closest1 = e;
            r.closest2 = e;
            r.distance_squared = 0;
        }
    }
    return r;
}

/* The determinant e x (p - a) of c2d_orient_filter_edge, with its rounding bound in *bound and the
 * filter's decided sign in *sign (+1, -1, or 0 when rounding could have changed it). */
static inline c2d_real orient_det(c2d_vec2 a, c2d_vec2 e, c2d_vec2 p, c2d_real *bound, int *sign) {
    c2d_real px = p.x - a.x, py = p.y - a.y;
    c2d_real l = e.x * py, r = e.y * px, det = l - r;
    *bound = c2d_orient_bound(l, r);
    *sign = (det > *bound) - (-det > *bound);
    return det;
}

/* Closest points of two closed segments.
 *
 * First the four orientations of each segment's ends against the other's line, through the filter
 * of the exact predicate (src/predicates.c). When the filter decides all four:
 * - a proper crossing (each segment's ends strictly on both sides of the other's line): the answer
 *   is the crossing point, at the fraction of s1 given by the ratio of two of those signed areas
 *   (in [0,1] by construction, and the point within rounding of both lines whatever the angle),
 *   with its foot on s2 as fraction2, distance 0;
 * - otherwise the segments are surely apart, and the answer is the classic clamped solution of
 *   the two-parameter closest-point problem (Real-Time Collision Detection 5.1.9): the lines'
 *   closest parameter on s1, clamped; the foot of that point on s2, clamped; if it was clamped, the
 *   foot of that end of s2 back on s1, clamped. In 2D the lines' parameter is the same ratio of
 *   signed areas (when s1's ends are on one side of s2's line it is outside [0,1], so it is just the
 *   end nearer that line): every quantity is of second degree in the coordinates (no overflow in
 *   float across C2D_MAX_COORD) and the points are an end and its foot, each computed directly.
 * The careful path (segment_distance_careful, above) takes what is left: pairs the filter cannot
 * decide (touching, collinear, within rounding of either), zero-length segments, lines parallel
 * within rounding (where its tie rule, an end of s1 first, applies) and the rare pair that
 * rounding leaves with both points inside. Non-finite or out-of-range input gives zero points and
 * fractions and a huge distance_squared (C2D_MAX_COORD squared), so that no "closer than" test can
 * pass. */
c2d_segment_distance_result c2d_segment_distance(c2d_segment s1, c2d_segment s2) {
    c2d_segment_distance_result r;
    c2d_vec2 e1 = c2d_sub(s1.p2, s1.p1), e2 = c2d_sub(s2.p2, s2.p1);
    c2d_vec2 q1, q2, l1, l2;
    c2d_real o1, o2, b1, b2, b3, b4, aa, ee, bb, t1, t2;
    int g1, g2, g3, g4;
    const c2d_real lim = (c2d_real)C2D_MAX_COORD;
    /* every coordinate within lim: their sum of magnitudes when it is (a rounded sum of magnitudes
     * is at least each of them, and a NaN or an infinity makes it fail), else one by one */
    c2d_real sum = ((C2D_ABS(s1.p1.x) + C2D_ABS(s1.p1.y)) + (C2D_ABS(s1.p2.x) + C2D_ABS(s1.p2.y))) +
                   ((C2D_ABS(s2.p1.x) + C2D_ABS(s2.p1.y)) + (C2D_ABS(s2.p2.x) + C2D_ABS(s2.p2.y)));
    if (!(sum <= lim) && !(c2d_vec2_in_range(s1.p1) && c2d_vec2_in_range(s1.p2) && c2d_vec2_in_range(s2.p1) && c2d_vec2_in_range(s2.p2))) {
        r.closest1 = r.closest2 = c2d_v2(0, 0);
        r.fraction1 = r.fraction2 = 0;
        r.distance_squared = lim * lim;
        return r;
    }
    /* s1's ends against s2's line (o1, o2), s2's ends against s1's line (signs only) */
    o1 = orient_det(s2.p1, e2, s1.p1, &b1, &g1);
    o2 = orient_det(s2.p1, e2, s1.p2, &b2, &g2);
    (void)orient_det(s1.p1, e1, s2.p1, &b3, &g3);
    (void)orient_det(s1.p1, e1, s2.p2, &b4, &g4);
    if (g1 * g2 < 0 && g3 * g4 < 0) {
        c2d_vec2 x = c2d_scale(e1, o1 / (o1 - o2)); /* relative to s1.p1 */
        r.fraction1 = o1 / (o1 - o2);
        /* x's foot on s2 (not o3 / (o3 - o4), which for a shallow crossing can put the point at
         * fraction2 some ulps along s2 from x): in [0,1] as the crossing is inside s2 */
        r.fraction2 = c2d_clampr(c2d_dot(c2d_sub(x, c2d_sub(s2.p1, s1.p1)), e2) / c2d_len_sq(e2), 0, 1);
        r.closest1 = r.closest2 = c2d_add(s1.p1, x);
        r.distance_squared = 0;
        return r;
    }
    if (g1 * g2 * g3 * g4 == 0 || !(C2D_ABS(o1 - o2) > 2 * (b1 + b2))) return segment_distance_careful(s1, s2);
    /* apart, not parallel: in the frame of s1.p1 */
    q1 = c2d_sub(s2.p1, s1.p1);
    q2 = c2d_sub(s2.p2, s1.p1);
    e2 = c2d_sub(q2, q1);
    aa = c2d_len_sq(e1);
    ee = c2d_len_sq(e2);
    bb = c2d_dot(e1, e2);
    if (!(aa > 0) || !(ee > 0)) return segment_distance_careful(s1, s2); /* a length whose square underflows */
    t1 = g1 != g2 ? o1 / (o1 - o2) : (C2D_ABS(o1) <= C2D_ABS(o2) ? (c2d_real)0 : (c2d_real)1);
    t2 = (bb * t1 - c2d_dot(e2, q1)) / ee;
    if (t2 < 0) {
        t2 = 0;
        t1 = c2d_clampr(c2d_dot(e1, q1) / aa, 0, 1);
    } else if (t2 > 1) {
        t2 = 1;
        t1 = c2d_clampr(c2d_dot(e1, q2) / aa, 0, 1);
    } else if (t1 > 0 && t1 < 1) {
        return segment_distance_careful(s1, s2); /* both inside: never so for apart segments */
    }
    l1 = c2d_scale(e1, t1);
    l2 = t2 == 1 ? q2 : c2d_mul_add(q1, t2, e2);
    r.fraction1 = t1;
    r.fraction2 = t2;
    r.distance_squared = c2d_dist_sq(l1, l2);
    r.closest1 = t1 == 0 ? s1.p1 : t1 == 1 ? s1.p2 : c2d_add(s1.p1, l1);
    r.closest2 = t2 == 0 ? s2.p1 : t2 == 1 ? s2.p2 : c2d_add(s1.p1, l2);
    return r;
}

/* ---- GJK ----
 *
 * The Gilbert-Johnson-Keerthi distance algorithm works on the Minkowski difference A - B: the
 * shapes' distance is the distance from the origin to that convex set, and its vertices are
 * differences a_i - b_j of the proxies' points. GJK keeps a simplex (1 to 3 such vertices), finds
 * the point of the simplex nearest the origin with the Voronoi-region solver of Real-Time Collision
 * Detection 9.5 (barycentric coordinates from dot and cross products, no matrix inverse), drops the
 * vertices that do not support that point, and asks both proxies for the support vertex in the
 * direction of the origin. It stops when the new vertex is already in the simplex, when it brings
 * the simplex no closer to the origin, when the origin lies inside the simplex (the cores overlap)
 * or at the iteration cap. Erin Catto's GDC 2010 talk "Computing Distance" describes the same
 * scheme; the radii are applied at the end, moving the closest core points along the normal.
 *
 * All work is done relative to A's first point, so that proxies far from the origin keep their
 * precision. */

/* One simplex vertex: w = a - b (local frame) for the support points a = A[ia] and b = B[ib], and
 * the barycentric weight of this vertex in the closest point. */
typedef struct gjk_vertex {
    c2d_vec2 w;
    c2d_real bary;
    int ia, ib;
} gjk_vertex;

typedef struct gjk_simplex {
    gjk_vertex v[3];
    int count;
} gjk_simplex;

/* Index of the point with the largest projection on d (the lowest index on ties): the reference
 * of the SSE support search (src/simd/distance_sse.h). Even and odd
 * indices are scanned as two independent chains, which halves the dependency chain of the
 * compare-and-select loop; the two winners are merged at the end. */
SCALAR_LOADER int c2d_ref_gjk_support(const c2d_vec2 *points, int count, c2d_vec2 d) {
    int best0 = 0, best1 = 0, i;
    c2d_real value0 = c2d_dot(points[0], d);
    c2d_real value1 = count > 1 ? c2d_dot(points[1], d) : value0;
    if (count > 1) best1 = 1;
    for (i = 2; i + 1 < count; i += 2) {
        c2d_real v0 = c2d_dot(points[i], d), v1 = c2d_dot(points[i + 1], d);
        if (v0 > value0) {
            value0 = v0;
            best0 = i;
        }
        if (v1 > value1) {
            value1 = v1;
            best1 = i + 1;
        }
    }
    if (i < count) {
        c2d_real v0 = c2d_dot(points[i], d);
        if (v0 > value0) {
            value0 = v0;
            best0 = i;
        }
    }
    if (value1 > value0 || (value1 == value0 && best1 < best0)) return best1;
    return best0;
}

static gjk_vertex make_vertex(const c2d_vec2 *la, int ia, const c2d_vec2 *lb, int ib) {
    gjk_vertex v;
    v.w = c2d_sub(la[ia], lb[ib]);
    v.bary = 1;
    v.ia = ia;
    v.ib = ib;
    return v;
}

/* Closest point of segment w1-w2 to the origin. The unnormalised barycentric weights of w1 and w2
 * are dot(w2, e) and -dot(w1, e) with e = w2 - w1; a weight <= 0 puts the origin in the other
 * vertex's region and the simplex shrinks to that vertex. */
static void solve2(gjk_simplex *s) {
    c2d_vec2 w1 = s->v[0].w, w2 = s->v[1].w;
    c2d_vec2 e12 = c2d_sub(w2, w1);
    c2d_real u2 = -c2d_dot(w1, e12);
    c2d_real u1;
    if (u2 <= 0) {
        s->v[0].bary = 1;
        s->count = 1;
        return;
    }
    u1 = c2d_dot(w2, e12);
    if (u1 <= 0) {
        s->v[0] = s->v[1];
        s->v[0].bary = 1;
        s->count = 1;
        return;
    }
    /* A quotient of positives, at most 1: cannot overflow even for a tiny edge. */
    s->v[0].bary = u1 / (u1 + u2);
    s->v[1].bary = 1 - s->v[0].bary;
    s->count = 2;
}

/* Closest point of triangle w1-w2-w3 to the origin, by testing its Voronoi regions: three vertex
 * regions (both adjacent edge weights <= 0), three edge regions (both edge weights > 0 and the
 * opposite triangle weight <= 0), else the interior. The triangle weights are signed areas;
 * multiplying them by the sign of the whole triangle's area (not by the area itself) keeps their
 * signs without forming fourth powers of the coordinates, which could overflow in float. */
static void solve3(gjk_simplex *s) {
    c2d_vec2 w1 = s->v[0].w, w2 = s->v[1].w, w3 = s->v[2].w;
    c2d_vec2 e12 = c2d_sub(w2, w1), e13 = c2d_sub(w3, w1), e23 = c2d_sub(w3, w2);
    c2d_real d12_1 = c2d_dot(w2, e12), d12_2 = -c2d_dot(w1, e12);
    c2d_real d13_1 = c2d_dot(w3, e13), d13_2 = -c2d_dot(w1, e13);
    c2d_real d23_1 = c2d_dot(w3, e23), d23_2 = -c2d_dot(w2, e23);
    c2d_real n123 = c2d_cross(e12, e13);
    c2d_real sign = n123 > 0 ? (c2d_real)1 : (n123 < 0 ? (c2d_real)-1 : (c2d_real)0);
    c2d_real d123_1 = sign * c2d_cross(w2, w3);
    c2d_real d123_2 = sign * c2d_cross(w3, w1);
    c2d_real d123_3 = sign * c2d_cross(w1, w2);
    c2d_real sum;

    if (d12_2 <= 0 && d13_2 <= 0) { /* vertex w1 */
        s->v[0].bary = 1;
        s->count = 1;
        return;
    }
    if (d12_1 > 0 && d12_2 > 0 && d123_3 <= 0) { /* edge w1-w2 */
        s->v[0].bary = d12_1 / (d12_1 + d12_2);
        s->v[1].bary = 1 - s->v[0].bary;
        s->count = 2;
        return;
    }
    if (d13_1 > 0 && d13_2 > 0 && d123_2 <= 0) { /* edge w1-w3 */
        s->v[0].bary = d13_1 / (d13_1 + d13_2);
        s->v[2].bary = 1 - s->v[0].bary;
        s->v[1] = s->v[2];
        s->count = 2;
        return;
    }
    if (d12_1 <= 0 && d23_2 <= 0) { /* vertex w2 */
        s->v[0] = s->v[1];
        s->v[0].bary = 1;
        s->count = 1;
        return;
    }
    if (d13_1 <= 0 && d23_1 <= 0) { /* vertex w3 */
        s->v[0] = s->v[2];
        s->v[0].bary = 1;
        s->count = 1;
        return;
    }
    if (d23_1 > 0 && d23_2 > 0 && d123_1 <= 0) { /* edge w2-w3 */
        s->v[2].bary = d23_2 / (d23_1 + d23_2);
        s->v[0] = s->v[1];
        s->v[0].bary = 1 - s->v[2].bary;
        s->v[1] = s->v[2];
        s->count = 2;
        return;
    }
    sum = d123_1 + d123_2 + d123_3;
    if (!(sum > 0)) {
        /* A flat triangle whose tests all failed through rounding: fall back to one of its edges. */
        s->v[1] = s->v[2];
        s->count = 2;
        solve2(s);
        return;
    }
    /* Interior: the origin is inside the triangle. */
    s->v[0].bary = d123_1 / sum;
    s->v[1].bary = d123_2 / sum;
    s->v[2].bary = d123_3 / sum;
    s->count = 3;
}

/* Direction from the (solved) simplex toward the origin; (0,0) when the origin lies on it. For an
 * edge the direction is the edge's perpendicular on the origin's side, which is more accurate than
 * negating the closest point when the edge passes near the origin. The side is w1 x w2, the very
 * product solve3 signs to drop a triangle to this edge (w1 x w2 = e12 x -w1, but rounded
 * differently): with the origin within rounding of the edge's line, the other form could point
 * back at the vertex solve3 just dropped, GJK would stop on it as a duplicate, and an overlap
 * deep across that line would read as a gap of rounding size. */
static c2d_vec2 search_direction(const gjk_simplex *s) {
    c2d_vec2 e12;
    c2d_real side;
    if (s->count == 1) return c2d_neg(s->v[0].w);
    e12 = c2d_sub(s->v[1].w, s->v[0].w);
    side = c2d_cross(s->v[0].w, s->v[1].w);
    if (side > 0) return c2d_left_perp(e12);
    if (side < 0) return c2d_right_perp(e12);
    return c2d_v2(0, 0);
}

/* Validates a proxy (1 to C2D_MAX_POLYGON_VERTICES finite points and a radius >= 0, all within
 * C2D_MAX_COORD) and copies its points relative to origin: the reference of the SSE loader. */
SCALAR_LOADER bool c2d_ref_gjk_load(const c2d_vec2 *points, int count, c2d_real radius, c2d_vec2 origin, c2d_vec2 *local) {
    int i, ok = 1;
    if (count < 1 || count > C2D_MAX_POLYGON_VERTICES) return false;
    if (!(radius >= 0 && radius <= C2D_MAX_COORD)) return false;
    /* One comparison per coordinate: |x| <= C2D_MAX_COORD is false for NaN and infinities too. */
    for (i = 0; i < count; ++i) {
        ok &= (C2D_ABS(points[i].x) <= C2D_MAX_COORD) & (C2D_ABS(points[i].y) <= C2D_MAX_COORD);
        local[i] = c2d_sub(points[i], origin);
    }
    return ok != 0;
}

/* The order of the reasons: a NaN fails the range test too, so finiteness is asked first. Only the
 * rejected input comes here: the loaders above decide, this says why. */
c2d_status c2d_proxy_status(const c2d_proxy *p) {
    int i;
    bool finite, in_range;
    if (p == NULL) return C2D_ERR_NULL_ARG;
    if (p->count < 1) return C2D_ERR_DEGENERATE;
    if (p->count > C2D_MAX_POLYGON_VERTICES) return C2D_ERR_TOO_MANY_POINTS;
    finite = C2D_ISFINITE(p->radius) != 0;
    in_range = C2D_ABS(p->radius) <= C2D_MAX_COORD;
    for (i = 0; i < p->count; ++i) {
        finite = finite && C2D_ISFINITE(p->points[i].x) && C2D_ISFINITE(p->points[i].y);
        in_range = in_range && C2D_ABS(p->points[i].x) <= C2D_MAX_COORD && C2D_ABS(p->points[i].y) <= C2D_MAX_COORD;
    }
    if (!finite) return C2D_ERR_NOT_FINITE;
    if (!in_range) return C2D_ERR_OUT_OF_RANGE;
    if (p->radius < 0) return C2D_ERR_BAD_SIZE;
    return C2D_OK;
}

/* The result for rejected proxies: distance 0, zero points, the reason in error. */
static c2d_distance_result rejected(const c2d_proxy *a, const c2d_proxy *b) {
    c2d_distance_result r;
    c2d_status e = c2d_proxy_status(a);
    r.point_a = r.point_b = r.normal = c2d_v2(0, 0);
    r.distance = 0;
    r.iterations = 0;
    r.status = C2D_DISTANCE_INVALID_INPUT;
    r.error = e != C2D_OK ? e : c2d_proxy_status(b);
    /* the loaders and c2d_proxy_status state one rule; a reason is always found */
    C2D_ASSERT(r.error != C2D_OK);
    if (r.error == C2D_OK) r.error = C2D_ERR_OUT_OF_RANGE;
    return r;
}

/* GJK distance of the point sets pa[0..na) and pb[0..nb) inflated by ra and rb; see the block
 * comment above. When either set fails the proxy rule: rejected(qa, qb) when qa is not NULL (the
 * proxies the sets came from), else status C2D_DISTANCE_INVALID_INPUT with error
 * C2D_ERR_DEGENERATE, as a mark only (the caller says why). Taking the proxies lets c2d_distance
 * return this result as it is: a copy of it in the caller, just written field by field, stalled
 * the 16-byte loads of that copy (2-4% of a query). */
static c2d_distance_result gjk_points(const c2d_vec2 *pa_in, int na, c2d_real ra_in, const c2d_vec2 *pb_in, int nb,
                                      c2d_real rb_in, int max_iterations, const c2d_proxy *qa, const c2d_proxy *qb) {
    c2d_distance_result r;
    c2d_vec2 la[C2D_MAX_POLYGON_VERTICES], lb[C2D_MAX_POLYGON_VERTICES];
#ifdef POLY_SSE
    c2d_gjk_lanes sa, sb;
#endif
    c2d_vec2 origin, pa, pb, d = c2d_v2(0, 0), n = c2d_v2(0, 0);
    gjk_simplex s;
    int saved_ia[3], saved_ib[3], saved_count, iter = 0, i;
    bool overlap = false, duplicate;
    c2d_real core, ra, rb;

    r.point_a = r.point_b = r.normal = c2d_v2(0, 0);
    r.distance = 0;
    r.iterations = 0;
    r.status = C2D_DISTANCE_OK;
    r.error = C2D_OK;
    origin = na >= 1 ? pa_in[0] : c2d_v2(0, 0);
#ifdef POLY_SSE
    if (na < 1 || !c2d_vec2_in_range(origin) || !c2d_sse_gjk_load(pa_in, na, ra_in, origin, la, &sa) ||
        !c2d_sse_gjk_load(pb_in, nb, rb_in, origin, lb, &sb)) {
#else
    if (na < 1 || !c2d_vec2_in_range(origin) || !c2d_ref_gjk_load(pa_in, na, ra_in, origin, la) ||
        !c2d_ref_gjk_load(pb_in, nb, rb_in, origin, lb)) {
#endif
        if (qa != NULL) return rejected(qa, qb);
        r.status = C2D_DISTANCE_INVALID_INPUT;
        r.error = C2D_ERR_DEGENERATE;
        return r;
    }
    if (max_iterations <= 0) max_iterations = C2D_GJK_MAX_ITERATIONS;

    s.v[0] = make_vertex(la, 0, lb, 0);
    s.count = 1;
    for (;;) {
        saved_count = s.count;
        for (i = 0; i < saved_count; ++i) {
            saved_ia[i] = s.v[i].ia;
            saved_ib[i] = s.v[i].ib;
        }
        if (s.count == 2) solve2(&s);
        else if (s.count == 3) solve3(&s);
        if (s.count == 3) {
            overlap = true;
            break;
        }
        d = search_direction(&s);
        if (d.x == 0 && d.y == 0) {
            overlap = true;
            break;
        }
        if (iter >= max_iterations) {
            r.status = C2D_DISTANCE_MAX_ITERATIONS;
            break;
        }
        ++iter;
#ifdef POLY_SSE
        {
            int ia, ib;
            c2d_sse_gjk_support_pair(&sa, &sb, d, &ia, &ib);
            s.v[s.count] = make_vertex(la, ia, lb, ib);
        }
#else
        s.v[s.count] = make_vertex(la, c2d_ref_gjk_support(la, na, d), lb, c2d_ref_gjk_support(lb, nb, c2d_neg(d)));
#endif
        duplicate = false;
        for (i = 0; i < saved_count; ++i) {
            if (s.v[s.count].ia == saved_ia[i] && s.v[s.count].ib == saved_ib[i]) duplicate = true;
        }
        /* Converged: the new vertex is already known or gets no closer to the origin along d. */
        if (duplicate || !(c2d_dot(c2d_sub(s.v[s.count].w, s.v[0].w), d) > 0)) break;
        ++s.count;
    }
    r.iterations = iter;

    /* Closest core points from the barycentric weights (a common point when the cores overlap). */
    pa = c2d_scale(la[s.v[0].ia], s.v[0].bary);
    pb = c2d_scale(lb[s.v[0].ib], s.v[0].bary);
    for (i = 1; i < s.count; ++i) {
        pa = c2d_mul_add(pa, s.v[i].bary, la[s.v[i].ia]);
        pb = c2d_mul_add(pb, s.v[i].bary, lb[s.v[i].ib]);
    }
    /* Normal and core distance: from the vertex itself, or from the edge's perpendicular. A
     * direction too small to normalise means the cores touch. */
    if (!overlap) {
        n = c2d_unit_or_zero(c2d_neg(d));
        overlap = n.x == 0 && n.y == 0;
    }
    if (overlap) {
        r.point_a = r.point_b = c2d_add(origin, c2d_lerp(pa, pb, (c2d_real)0.5));
        return r;
    }
    core = c2d_dot(s.v[0].w, n);
    if (!(core > 0)) core = 0;
    ra = ra_in;
    rb = rb_in;
    r.normal = n;
    if (core > ra + rb) {
        r.distance = core - ra - rb;
        r.point_a = c2d_add(origin, c2d_mul_add(pa, -ra, n));
        r.point_b = c2d_add(origin, c2d_mul_add(pb, rb, n));
    } else {
        /* The rounded surfaces touch or overlap: one point halfway between them. */
        r.point_a = c2d_add(origin, c2d_lerp(c2d_mul_add(pa, -ra, n), c2d_mul_add(pb, rb, n), (c2d_real)0.5));
        r.point_b = r.point_a;
    }
    return r;
}

c2d_distance_result c2d_distance(const c2d_proxy *a, const c2d_proxy *b, int max_iterations) {
    if (a == NULL || b == NULL) return rejected(a, b);
    return gjk_points(a->points, a->count, a->radius, b->points, b->count, b->radius, max_iterations, a, b);
}

c2d_distance_result c2d_distance_points(const c2d_vec2 *pa, int na, c2d_real ra, const c2d_vec2 *pb, int nb, c2d_real rb) {
    return gjk_points(pa, na, ra, pb, nb, rb, 0, NULL, NULL);
}
