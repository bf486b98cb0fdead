/* Convex hull of a point cloud of any size, without allocation: c2d_polygon_make.
 *
 * Algorithm: gift wrapping (Jarvis march). Start at the lexicographically smallest point (least
 * x, then least y), which is always a hull vertex, and repeatedly pick as the next vertex the
 * candidate that leaves every other point on its left (the most clockwise direction seen from the
 * current vertex; among exactly collinear candidates the farthest). That walks the hull
 * counter-clockwise (y up) in O(n * h) time and reads the input in place, so only the hull
 * itself needs storage.
 *
 * Tolerances, relative to the cloud's size s (the larger side of its bounding box), with
 * tol = C2D_WELD_TOLERANCE * s:
 * - welding: candidates closer than tol to the current vertex are skipped, and the walk closes
 *   when it returns within tol of the start;
 * - near-collinear points: each time a vertex is appended, the vertex before it is dropped while
 *   it lies less than tol outside the chord joining its neighbours; a final pass does the same
 *   around the closing corner. Dropping as we go keeps the working set near the final size, so
 *   a cloud of any size whose hull simplifies to at most C2D_MAX_POLYGON_VERTICES succeeds.
 *
 * Precision: every difference is taken between two input points (current vertex and candidate)
 * and scaled by a power of two that brings the cloud's size near 1, which is exact, so that
 * squared lengths neither underflow for tiny clouds nor lose digits far from the origin. The
 * output vertices are the input points themselves, bit for bit. */
#include <string.h>
#include "internal.h"

#ifdef C2D_DOUBLE
#  define C2D_FREXP frexp
#  define C2D_LDEXP ldexp
#  define C2D_NEXTAFTER nextafter
#else
#  define C2D_FREXP frexpf
#  define C2D_LDEXP ldexpf
#  define C2D_NEXTAFTER nextafterf
#endif

/* Vertices the walk may hold before near-collinear removal has the last word. Removal as we go
 * only ever looks at the newest corner; the closing pass can drop a few more at the seam. */
#define HULL_CAPACITY (C2D_MAX_POLYGON_VERTICES + 4)

/* (b - a) * scale: the difference of two input points in the hull's scaled units. */
static c2d_vec2 scaled_diff(c2d_vec2 b, c2d_vec2 a, c2d_real scale) {
    return c2d_v2((b.x - a.x) * scale, (b.y - a.y) * scale);
}

/* True when corner m (between a and b, walking counter-clockwise) is not a genuine convex corner:
 * it lies less than tol outside the chord a-b, on it, or inside it. The distance of m from the
 * chord is -cross(b - a, m - a) / |b - a|. */
static bool corner_is_flat(c2d_vec2 a, c2d_vec2 m, c2d_vec2 b, c2d_real scale, c2d_real tol) {
    c2d_vec2 ab = scaled_diff(b, a, scale);
    c2d_vec2 am = scaled_diff(m, a, scale);
    return !(c2d_cross(ab, am) < -tol * c2d_len(ab));
}

/* The rounded area centroid c, or if rounding put it on or outside an edge (a hull only a few
 * representable steps wide at its position, such as 2^22 wide at x = 2.6e13 in float) the first of
 * its eight one-step neighbours that c2d_polygon_contains_point accepts. False when none is
 * inside: a hull one step wide has no representable point strictly inside. */
static bool place_centroid(c2d_polygon *p, c2d_vec2 c) {
    static const int steps[9][2] = {{0, 0}, {1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1}};
    const c2d_real far = (c2d_real)2 * (c2d_real)C2D_MAX_COORD;
    int k;
    for (k = 0; k < 9; ++k) {
        c2d_vec2 q = c;
        if (steps[k][0]) q.x = C2D_NEXTAFTER(c.x, steps[k][0] * far);
        if (steps[k][1]) q.y = C2D_NEXTAFTER(c.y, steps[k][1] * far);
        if (c2d_polygon_contains_point(p, q)) {
            p->centroid = q;
            return true;
        }
    }
    return false;
}

c2d_status c2d_polygon_make(const c2d_vec2 *points, int count, c2d_polygon *out) {
    int hull[HULL_CAPACITY];
    int n = 0, i, start = 0, cur, steps;
    c2d_vec2 lo, hi, cen;
    c2d_real size, scale, tol, tol2, area;
    int exponent;
    bool closed = false;

    if (!out) return C2D_ERR_NULL_ARG;
    memset(out, 0, sizeof *out);
    if (!points) return C2D_ERR_NULL_ARG;
    if (count < 3) {
        for (i = 0; i < count; ++i) {
            if (!c2d_vec2_is_valid(points[i])) return C2D_ERR_NOT_FINITE;
        }
        return C2D_ERR_DEGENERATE;
    }

    /* Validate, find the start point and the bounding box. */
    for (i = 0; i < count; ++i) {
        if (!c2d_vec2_is_valid(points[i])) return C2D_ERR_NOT_FINITE;
    }
    for (i = 0; i < count; ++i) {
        if (!c2d_vec2_in_range(points[i])) return C2D_ERR_OUT_OF_RANGE;
    }
    lo = hi = points[0];
    for (i = 1; i < count; ++i) {
        c2d_vec2 p = points[i], s = points[start];
        if (p.x < s.x || (p.x == s.x && p.y < s.y)) start = i;
        lo = c2d_vmin(lo, p);
        hi = c2d_vmax(hi, p);
    }
    size = c2d_maxr(hi.x - lo.x, hi.y - lo.y);
    if (!(size > 0)) return C2D_ERR_DEGENERATE;
    (void)C2D_FREXP(size, &exponent);
    scale = C2D_LDEXP((c2d_real)1, -exponent); /* size * scale in [0.5, 1) */
    tol = C2D_WELD_TOLERANCE * (size * scale);
    tol2 = tol * tol;

    /* Gift wrapping with welding and near-collinear removal as we go. Each step appends one exact
     * hull vertex, and the exact hull has at most count vertices, so count + 1 steps bound the
     * walk even if rounding were to make it circle. */
    hull[n++] = start;
    cur = start;
    for (steps = 0; steps <= count; ++steps) {
        int best = -1;
        c2d_vec2 bv = c2d_v2(0, 0);
        for (i = 0; i < count; ++i) {
            c2d_vec2 v = scaled_diff(points[i], points[cur], scale);
            c2d_real cr;
            if (!(c2d_len_sq(v) > tol2)) continue; /* the current vertex and points welded to it */
            if (best < 0) {
                best = i;
                bv = v;
                continue;
            }
            cr = c2d_cross(bv, v);
            if (cr < 0 || (cr == 0 && c2d_dot(bv, v) > 0 && c2d_len_sq(v) > c2d_len_sq(bv))) {
                best = i;
                bv = v;
            }
        }
        if (best < 0) return C2D_ERR_DEGENERATE; /* every point welds to the start */
        if (best == start || !(c2d_len_sq(scaled_diff(points[best], points[start], scale)) > tol2)) {
            closed = true;
            break;
        }
        if (n == HULL_CAPACITY) return C2D_ERR_TOO_MANY_POINTS;
        hull[n++] = best;
        cur = best;
        while (n >= 3 && corner_is_flat(points[hull[n - 3]], points[hull[n - 2]], points[hull[n - 1]], scale, tol)) {
            hull[n - 2] = hull[n - 1];
            --n;
        }
    }
    if (!closed) return C2D_ERR_DEGENERATE;

    /* Closing pass: the corners at the seam (and any cascade) were never tested. */
    for (;;) {
        bool removed = false;
        for (i = 0; i < n && n >= 3; ++i) {
            int a = hull[(i + n - 1) % n], m = hull[i], b = hull[(i + 1) % n];
            if (corner_is_flat(points[a], points[m], points[b], scale, tol)) {
                memmove(&hull[i], &hull[i + 1], (size_t)(n - i - 1) * sizeof hull[0]);
                --n;
                removed = true;
                break;
            }
        }
        if (!removed || n < 3) break;
    }
    if (n < 3) return C2D_ERR_DEGENERATE;
    if (n > C2D_MAX_POLYGON_VERTICES) return C2D_ERR_TOO_MANY_POINTS;

    /* Vertices, outward normals, and the area centroid as a fan of triangles from vertex 0:
     * centroid = v0 + sum(cross(a, b) * (a + b)) / (3 * sum(cross(a, b))) over the fan's edges
     * a-b taken relative to v0, in scaled units. */
    area = 0;
    cen = c2d_v2(0, 0);
    for (i = 0; i < n; ++i) {
        int j = i + 1 < n ? i + 1 : 0;
        c2d_vec2 e = scaled_diff(points[hull[j]], points[hull[i]], scale);
        out->vertices[i] = points[hull[i]];
        out->normals[i] = c2d_normalize(c2d_right_perp(e));
        if (i >= 1 && j >= 1) {
            c2d_vec2 a = scaled_diff(points[hull[i]], points[hull[0]], scale);
            c2d_vec2 b = scaled_diff(points[hull[j]], points[hull[0]], scale);
            c2d_real cr = c2d_cross(a, b);
            area += cr;
            cen = c2d_mul_add(cen, cr, c2d_add(a, b));
        }
    }
    out->count = n;
    if (!(area > 0)) {
        memset(out, 0, sizeof *out);
        return C2D_ERR_DEGENERATE;
    }
    cen = c2d_scale(c2d_scale(cen, (c2d_real)1 / ((c2d_real)3 * area)), (c2d_real)1 / scale);
    out->centroid = c2d_add(points[hull[0]], cen);

    /* The walk guarantees strict convexity; this guards against anything rounding could break
     * (for instance a cloud so small that its normals cannot be normalised). The centroid must be
     * strictly inside by the library's own containment test. */
    if (!c2d_polygon_is_valid(out) || !place_centroid(out, out->centroid)) {
        memset(out, 0, sizeof *out);
        return C2D_ERR_DEGENERATE;
    }
    return C2D_OK;
}
