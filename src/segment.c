/* Segment against segment: the closed intersection test, the meeting point, the push-out hit, and
 * the crossing point of two infinite lines (the snippets' "intercept point"). */
#include <stddef.h>
#include "internal.h"

/* Exact orientation sign of p against the directed line a -> b (c2d_orient_sign, internal.h). */
static inline int orient(c2d_vec2 a, c2d_vec2 b, c2d_vec2 p) { return c2d_orient_sign(a, b, p); }

/* True when x and y are both non-zero and of opposite signs. */
static inline bool opposite(int x, int y) { return x * y < 0; }

/* True when p lies in the closed bounding box of a-b. For a point already known to be collinear
 * with a and b this is exactly "p is on the closed segment". */
static inline bool in_box(c2d_vec2 p, c2d_vec2 a, c2d_vec2 b) {
    return c2d_minr(a.x, b.x) <= p.x && p.x <= c2d_maxr(a.x, b.x) &&
           c2d_minr(a.y, b.y) <= p.y && p.y <= c2d_maxr(a.y, b.y);
}

/* True when every coordinate of both segments is finite and within C2D_MAX_COORD, so that no
 * difference or product below can overflow. */
static bool segments_in_range(c2d_segment a, c2d_segment b) {
    return c2d_vec2_in_range(a.p1) && c2d_vec2_in_range(a.p2) && c2d_vec2_in_range(b.p1) &&
           c2d_vec2_in_range(b.p2);
}

/* Fraction of p along a (clamped to [0,1]); p is known to lie on a. A zero-length a gives 0. */
static c2d_real fraction_on(c2d_segment a, c2d_vec2 p) {
    c2d_vec2 ra = c2d_sub(a.p2, a.p1);
    c2d_real rr = c2d_len_sq(ra);
    if (!(rr > 0)) return 0;
    return c2d_clampr(c2d_dot(c2d_sub(p, a.p1), ra) / rr, 0, 1);
}

/* Squared distance from (px, py) to the closed segment (ax, ay)-(bx, by), in double. */
static double dist_sq_to_segment(double px, double py, double ax, double ay, double bx, double by) {
    double dx = bx - ax, dy = by - ay, wx = px - ax, wy = py - ay;
    double dd = dx * dx + dy * dy, t = dx * wx + dy * wy;
    if (t > 0 && dd > 0) {
        t = t < dd ? t / dd : 1;
        wx -= t * dx;
        wy -= t * dy;
    }
    return wx * wx + wy * wy;
}

/* The crossing point of two segments that cross properly (known from the exact signs). Two
 * candidates are formed in double: along a at t = d1 / (d1 - d2) and along b at u = d3 / (d3 - d4),
 * each clamped to its segment. When the segments are nearly parallel either ratio can be far off
 * (its signed areas are tiny and rounded), but the point then slides along its own segment and
 * stays within rounding of the other's line; the candidate nearer the other segment is kept. The
 * result is clamped into both segments' boxes (which hold the true crossing), so it lies on both
 * segments to within 4 units in the last place of the largest coordinate (collision.h). *fraction is the point's fraction along a. */
static c2d_vec2 crossing_point(c2d_segment a, c2d_segment b, c2d_real *fraction) {
    double a1x = a.p1.x, a1y = a.p1.y, a2x = a.p2.x, a2y = a.p2.y;
    double b1x = b.p1.x, b1y = b.p1.y, b2x = b.p2.x, b2y = b.p2.y;
    double rx = a2x - a1x, ry = a2y - a1y, sx = b2x - b1x, sy = b2y - b1y;
    double d1 = sx * (a1y - b1y) - sy * (a1x - b1x), d2 = sx * (a2y - b1y) - sy * (a2x - b1x);
    double d3 = rx * (b1y - a1y) - ry * (b1x - a1x), d4 = rx * (b2y - a1y) - ry * (b2x - a1x);
    double t = d1 / (d1 - d2), u = d3 / (d3 - d4);
    double px, py, qx, qy, rr;
    c2d_vec2 lo, hi, r;
    if (!(t >= 0)) t = 0; /* NaN too */
    if (t > 1) t = 1;
    if (!(u >= 0)) u = 0;
    if (u > 1) u = 1;
    px = a1x + t * rx;
    py = a1y + t * ry;
    qx = b1x + u * sx;
    qy = b1y + u * sy;
    if (dist_sq_to_segment(qx, qy, a1x, a1y, a2x, a2y) < dist_sq_to_segment(px, py, b1x, b1y, b2x, b2y)) {
        rr = rx * rx + ry * ry;
        t = rr > 0 ? ((qx - a1x) * rx + (qy - a1y) * ry) / rr : 0;
        if (!(t > 0)) t = 0;
        if (t > 1) t = 1;
        px = qx;
        py = qy;
    }
    lo = c2d_vmax(c2d_vmin(a.p1, a.p2), c2d_vmin(b.p1, b.p2));
    hi = c2d_vmin(c2d_vmax(a.p1, a.p2), c2d_vmax(b.p1, b.p2));
    r = c2d_v2(c2d_clampr((c2d_real)px, lo.x, hi.x), c2d_clampr((c2d_real)py, lo.y, hi.y));
    *fraction = (c2d_real)t;
    return r;
}

/* Where two closed segments meet, by orientation signs (Real-Time Collision Detection 5.1.9.1, and
 * the usual "d1..d4" formulation). The four signs are exact (c2d_orient2d), so the answer is the
 * exact answer for the given coordinates, near-collinear segments included.
 *
 * - Proper crossing: a's endpoints strictly on both sides of b's line and b's strictly on both sides
 *   of a's. The point comes from crossing_point.
 * - Otherwise the segments can only share points if an endpoint of one lies on the other
 *   (orientation exactly 0 and inside the other's box). This single rule covers the shared
 *   endpoint, the T-junction, collinear overlap (whose ends are such endpoints) and zero-length
 *   segments, which act as points. Parallel lines need no special case.
 * Among the shared endpoints the one with the smallest fraction along a is reported: for collinear
 * overlap that is the shared point nearest a.p1. Returns false for non-finite or out-of-range input.
 * point and fraction may be NULL. */
static bool segments_meet(c2d_segment a, c2d_segment b, c2d_vec2 *point, c2d_real *fraction) {
    int d1, d2, d3, d4;
    c2d_real t, best_t = 2;
    c2d_vec2 best_p = a.p1, ea, eb;

    if (!segments_in_range(a, b)) return false;

    /* Filters first, with each segment's direction formed once: a segment wholly on one side of
     * the other's line (the common miss) costs two filtered signs; the exact sums run only for
     * orientations within rounding of zero. */
    eb = c2d_sub(b.p2, b.p1);
    d1 = c2d_orient_filter_edge(b.p1, eb, a.p1);
    d2 = c2d_orient_filter_edge(b.p1, eb, a.p2);
    if (d1 * d2 > 0) return false;
    ea = c2d_sub(a.p2, a.p1);
    d3 = c2d_orient_filter_edge(a.p1, ea, b.p1);
    d4 = c2d_orient_filter_edge(a.p1, ea, b.p2);
    if (d3 * d4 > 0) return false;
    if (!(d1 && d2 && d3 && d4)) {
        if (!d1) d1 = orient(b.p1, b.p2, a.p1);
        if (!d2) d2 = orient(b.p1, b.p2, a.p2);
        if (!d3) d3 = orient(a.p1, a.p2, b.p1);
        if (!d4) d4 = orient(a.p1, a.p2, b.p2);
    }

    if (opposite(d1, d2) && opposite(d3, d4)) {
        if (point || fraction) {
            c2d_vec2 p = crossing_point(a, b, &t);
            if (point) *point = p;
            if (fraction) *fraction = t;
        }
        return true;
    }

    if (d1 == 0 && in_box(a.p1, b.p1, b.p2)) {
        best_t = 0;
        best_p = a.p1;
    } else {
        if (d3 == 0 && in_box(b.p1, a.p1, a.p2)) {
            t = fraction_on(a, b.p1);
            if (t < best_t) {
                best_t = t;
                best_p = b.p1;
            }
        }
        if (d4 == 0 && in_box(b.p2, a.p1, a.p2)) {
            t = fraction_on(a, b.p2);
            if (t < best_t) {
                best_t = t;
                best_p = b.p2;
            }
        }
        if (d2 == 0 && in_box(a.p2, b.p1, b.p2)) {
            if (1 < best_t) {
                best_t = 1;
                best_p = a.p2;
            }
        }
    }
    if (best_t > 1) return false;
    if (point) *point = best_p;
    if (fraction) *fraction = best_t;
    return true;
}

bool c2d_segment_overlap_segment(c2d_segment a, c2d_segment b) {
    return segments_meet(a, b, NULL, NULL);
}

bool c2d_segment_intersect_segment(c2d_segment a, c2d_segment b, c2d_vec2 *point, c2d_real *fraction_a) {
    c2d_vec2 p;
    c2d_real t;
    if (!segments_meet(a, b, &p, &t)) return false;
    if (point) *point = p;
    if (fraction_a) *fraction_a = t;
    return true;
}

/* The meeting point of segments_meet, with b's unit normal turned toward a. The side is a.p1's;
 * when a.p1 lies on b's line, a.p2's; when both do (collinear segments) the left normal of b
 * (direction p1 -> p2 rotated by +90 degrees). A zero-length b has no normal: (0,0). Segments have
 * no depth, so delta is (0,0). */
bool c2d_segment_hit_segment(c2d_segment a, c2d_segment b, c2d_hit *out) {
    c2d_vec2 p, n;
    int side;
    c2d_hit h;

    if (!segments_meet(a, b, &p, NULL)) return false;
    n = c2d_unit_or_zero(c2d_left_perp(c2d_sub(b.p2, b.p1)));
    side = orient(b.p1, b.p2, a.p1);
    if (side == 0) side = orient(b.p1, b.p2, a.p2);
    if (side < 0) n = c2d_neg(n);

    h.pos = p;
    h.normal = n;
    h.delta = c2d_v2(0, 0);
    h.time = 0;
    if (out) *out = h;
    return true;
}

/* Crossing of the infinite lines through a and b: with ra = a.p2 - a.p1 and rb = b.p2 - b.p1, the
 * point b.p1 + u * rb where u = cross(b.p1 - a.p1, ra) / cross(ra, rb) (the snippets' u2, solved
 * by Cramer's rule). Lines count as parallel when |cross(ra, rb)| <= 4 epsilon |ra| |rb|, that is
 * when the sine of the angle between them is below 4 epsilon: there the computed crossing would be
 * rounding noise (this replaces the snippets' fragile "cross == 0"). A zero-length segment has no
 * line. A crossing so far away that it leaves the coordinate range (lines nearly parallel) is
 * reported as no crossing, never as Inf. */
bool c2d_line_intersect_line(c2d_segment a, c2d_segment b, c2d_vec2 *point) {
    c2d_vec2 ra, rb, p;
    c2d_real denom, u, tol;

    if (!segments_in_range(a, b)) return false;
    ra = c2d_sub(a.p2, a.p1);
    rb = c2d_sub(b.p2, b.p1);
    denom = c2d_cross(ra, rb);
    tol = (c2d_real)4 * C2D_EPSILON * c2d_len(ra) * c2d_len(rb);
    if (!(C2D_ABS(denom) > tol)) return false;
    u = c2d_cross(c2d_sub(b.p1, a.p1), ra) / denom;
    p = c2d_mul_add(b.p1, u, rb);
    if (!c2d_vec2_in_range(p)) return false;
    if (point) *point = p;
    return true;
}
