/* collide2d's input checks in one place (internal, not installed): one rule per kind of primitive,
 * shared by the overlap tests (src/overlap.c), the hits and manifolds (src/manifold.c) and their
 * SSE kernels (src/simd/). Boxes: c2d_aabb_usable; polygons: c2d_polygon_usable (both in
 * src/internal.h, which the rest of the library reads them from). Each check is one comparison
 * per value where it can be: |x| <= limit fails for NaN and infinities. */
#ifndef COLLIDE2D_VALIDATE_H
#define COLLIDE2D_VALIDATE_H

#include <math.h>
#include <stdint.h>
#include <string.h>
#include "internal.h"

/* A point: both coordinates within C2D_MAX_COORD. */
static inline bool c2d_point_ok(c2d_vec2 p) { return C2D_ABS(p.x) <= (c2d_real)C2D_MAX_COORD && C2D_ABS(p.y) <= (c2d_real)C2D_MAX_COORD; }
/* A segment: both ends are points (any length, zero included). */
static inline bool c2d_segment_ok(c2d_segment s) { return c2d_point_ok(s.p1) && c2d_point_ok(s.p2); }
/* A circle: its center is a point and its radius a size (c2d_size_in_range). */
static inline bool c2d_circle_ok(c2d_circle c) { return c2d_point_ok(c.center) && c2d_size_in_range(c.radius); }
/* A capsule: both core ends are points and its radius a size. */
static inline bool c2d_capsule_ok(c2d_capsule c) { return c2d_point_ok(c.p1) && c2d_point_ok(c.p2) && c2d_size_in_range(c.radius); }
/* The center and radius of a circle (radius a size) or of a point (is_point: radius 0), the rules
 * above written without a branch. */
static inline bool c2d_disk_ok(c2d_vec2 c, c2d_real r, bool is_point) {
    const c2d_real lim = (c2d_real)C2D_MAX_COORD;
    return (C2D_ABS(c.x) <= lim) & (C2D_ABS(c.y) <= lim) & (is_point ? r == 0 : (r >= (c2d_real)C2D_MIN_SIZE) & (r <= lim));
}
/* c2d_circle_ok for both circles, for two circles that passed their overlap test (so no value is
 * NaN and both centers are finite): one largest and one least value, without a branch. */
static inline bool c2d_circle_pair_ok(c2d_circle a, c2d_circle b) {
    c2d_real big = c2d_maxr(c2d_maxr(c2d_maxr(C2D_ABS(a.center.x), C2D_ABS(a.center.y)), c2d_maxr(C2D_ABS(b.center.x), C2D_ABS(b.center.y))),
                            c2d_maxr(a.radius, b.radius));
    return (big <= (c2d_real)C2D_MAX_COORD) & (c2d_minr(a.radius, b.radius) >= (c2d_real)C2D_MIN_SIZE);
}
/* A polygon the queries answer for: c2d_polygon_usable. A NULL pointer is a programmer error
 * (asserted), then false. */
static inline bool c2d_polygon_ok(const c2d_polygon *p) {
    C2D_ASSERT(p != NULL);
    return c2d_polygon_usable(p);
}
/* The bits of a c2d_real as a signed integer of its size. For a value without its sign bit the
 * integer is not negative, the integers order as the values do, and every infinity and NaN lies
 * above every finite value. (Signed, so that SSE2's integer compare does the maxima.) */
#ifdef C2D_DOUBLE
typedef int64_t c2d_real_bits;
#  define C2D_REAL_ABS_MASK INT64_MAX
#else
typedef int32_t c2d_real_bits;
#  define C2D_REAL_ABS_MASK INT32_MAX
#endif

/* c2d_polygon_usable and the polygon's scale in one pass: *scale gets the largest absolute vertex
 * coordinate (the c2d_aabb_abs_max of its bounds) when the polygon is usable. Same rule: the
 * count fits, every vertex coordinate is within C2D_MAX_COORD, every normal is finite and the area
 * is positive, the area from the same c2d_polygon_fan_area (internal.h), so both accept exactly the
 * same polygons. Two forms of one rule because each is the faster one where it is used (measured
 * on bench_narrow, 2026-11-27): this one's fixed slots, several lanes at a time, keep
 * c2d_shape_distance's 8-vertex rows at 1.23-1.25x c2d_distance (1.31-1.35x through the count
 * loop); c2d_polygon_usable's count loop keeps the 4-vertex overlap tests 15-20% faster than this
 * form. The value checks are
 * integer maxima of the magnitudes' bits over all C2D_MAX_POLYGON_VERTICES slots (slots past count
 * count as 0), with no branch, so the compiler does them several lanes at a time; the largest
 * vertex magnitude is then the scale itself. No division, no square root. */
static inline bool c2d_polygon_usable_scale(const c2d_polygon *p, c2d_real *scale) {
    c2d_real_bits vb[2 * C2D_MAX_POLYGON_VERTICES], nb[2 * C2D_MAX_POLYGON_VERTICES], lim, inf_bits, vmax = 0, nmax = 0;
    const c2d_real limit = (c2d_real)C2D_MAX_COORD, inf = (c2d_real)INFINITY;
    c2d_real area, big;
    int i, n;
    C2D_ASSERT(p != NULL);
    if (p == NULL) return false;
    n = p->count;
    if (n < 3 || n > C2D_MAX_POLYGON_VERTICES) return false;
    memcpy(vb, p->vertices, sizeof vb);
    memcpy(nb, p->normals, sizeof nb);
    for (i = 0; i < 2 * C2D_MAX_POLYGON_VERTICES; ++i) {
        c2d_real_bits in = i < 2 * n ? C2D_REAL_ABS_MASK : 0;
        c2d_real_bits v = vb[i] & in, m = nb[i] & in;
        vmax = v > vmax ? v : vmax;
        nmax = m > nmax ? m : nmax;
    }
    area = c2d_polygon_fan_area(p);
    memcpy(&lim, &limit, sizeof lim);
    memcpy(&inf_bits, &inf, sizeof inf_bits);
    memcpy(&big, &vmax, sizeof big);
    *scale = big;
    return vmax <= lim && nmax < inf_bits && area > 0;
}
/* A polygon pointer that can be read: not NULL (asserted) and a count that fits. The manifold
 * loaders check its values in the pass that loads them, with the rule of c2d_polygon_usable. */
static inline bool c2d_polygon_present(const c2d_polygon *p) {
    C2D_ASSERT(p != NULL);
    return p != NULL && p->count >= 3 && p->count <= C2D_MAX_POLYGON_VERTICES;
}

/* Why the queries refuse a shape (its kind's usable() rule), C2D_OK when they accept it:
 * C2D_ERR_NULL_ARG, C2D_ERR_UNSUPPORTED (an unknown tag), C2D_ERR_NOT_FINITE, C2D_ERR_OUT_OF_RANGE,
 * C2D_ERR_TOO_MANY_POINTS, C2D_ERR_BAD_SIZE (a radius below C2D_MIN_SIZE, an empty box),
 * C2D_ERR_DEGENERATE (anything else: a polygon's count or area, a curved shape's sizes). Slow: ask
 * it once a query has refused its input (src/validate.c). */
c2d_status c2d_shape_status(const c2d_shape *s);

#endif
