/* SPDX-License-Identifier: MIT */
/* collide2d: the narrow phase. Stateless queries between two shapes; no allocation, no world.
 *
 * Conventions (docs/design.md has the full text):
 * - Pair functions are named c2d_<a>_<query>_<b>(a, b, ...); A is the "mover", B the obstacle.
 * - Touching is not a hit: shapes overlap only when their interiors share a point (a point or a
 *   segment, having no interior, counts as itself). Resting or sliding contact is no hit.
 * - Every normal is a unit vector pointing from B toward A: the direction A must move to get out.
 * - hit.delta is added to A's position to separate the shapes (B does not move).
 * - Outputs are written only when the function returns true, and never hold NaN.
 * - Invalid input (NaN, Inf, negative sizes) never crashes and never reports a hit, except in the
 *   two queries that trust their shapes (c2d_aabb_overlap_aabb, c2d_circle_manifold_polygon and
 *   its _xf form), whose contracts say what a hand-made shape gets (never a crash or a NaN). */
#ifndef COLLIDE2D_COLLISION_H
#define COLLIDE2D_COLLISION_H

#include "geometry.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The intersect article's Hit, for static tests, ray casts and sweeps (world frame). */
typedef struct c2d_hit {
    c2d_vec2 pos;    /* point of contact: on B's surface (static tests) or where the ray/sweep hits */
    c2d_vec2 normal; /* unit surface normal of B at pos, pointing from B toward A (or against the ray) */
    c2d_vec2 delta;  /* static tests: push-out added to A to separate; ray casts: (time - max) * translation,
                        the move that takes the segment's end back to pos; (0,0) for unbounded rays */
    c2d_real time;   /* ray casts and sweeps: fraction of the translation at the hit; 0 for static tests */
} c2d_hit;

/* One contact point of a manifold. */
typedef struct c2d_manifold_point {
    c2d_vec2 point; /* world point midway between the two surfaces */
    c2d_real depth; /* penetration depth along the normal, > 0 */
    uint32_t id;    /* feature key, stable across frames while the same features touch */
} c2d_manifold_point;

/* Contact manifold for physics: up to 2 points sharing one normal. count == 0: no overlap. */
typedef struct c2d_manifold {
    c2d_vec2 normal; /* unit, from B toward A */
    c2d_manifold_point points[2];
    int count;
} c2d_manifold;

/* Input of every ray or segment cast: the points origin + t * translation for t in
 * [0, max_fraction]. A segment p1-p2 is translation = p2 - p1, max_fraction = 1; a ray is a unit
 * direction with max_fraction = its length (may be +INFINITY). A zero translation is a point test. */
typedef struct c2d_raycast_input {
    c2d_vec2 origin;
    c2d_vec2 translation;
    c2d_real max_fraction;
} c2d_raycast_input;

/* The intersect article's Sweep: the result of moving A by a delta against B. */
typedef struct c2d_sweep {
    bool has_hit;  /* true when A hits B during the move */
    c2d_hit hit;   /* valid when has_hit: hit.time is the exact time of first contact */
    c2d_vec2 pos;  /* safe position of A's reference point (center): where A stops, not touching B */
    c2d_real time; /* backed-off fraction in [0,1] (1 without a hit) that gives pos */
} c2d_sweep;

/* Cast input from a segment (t is the fraction of the segment). */
static inline c2d_raycast_input c2d_segment_cast_input(c2d_segment s) {
    c2d_raycast_input in;
    in.origin = s.p1;
    in.translation = c2d_sub(s.p2, s.p1);
    in.max_fraction = 1;
    return in;
}
/* Cast input from a ray (t is the distance along the unit direction). */
static inline c2d_raycast_input c2d_ray_cast_input(c2d_ray r) {
    c2d_raycast_input in;
    in.origin = r.origin;
    in.translation = r.direction;
    in.max_fraction = r.max_distance;
    return in;
}
/* True when origin/translation are finite and max_fraction is >= 0 (may be +INFINITY). */
C2D_API bool c2d_raycast_input_is_valid(c2d_raycast_input in);
/* The same hit seen from the other side: normal and delta negated, pos moved onto A's surface. */
C2D_API c2d_hit c2d_hit_flip(c2d_hit h);

/* ---- boolean overlap: fast yes/no, no manifold ---- */

/* Segments share at least one point: crossings, a shared endpoint, a T-junction and collinear
 * overlap all count (segments have no interior; this is the closed rule of the snippets). */
C2D_API bool c2d_segment_overlap_segment(c2d_segment a, c2d_segment b);
/* Segment passes through the box's open interior (touching a corner or running along an edge is no hit). */
C2D_API bool c2d_segment_overlap_aabb(c2d_segment s, c2d_aabb b);
/* Segment passes within less than the radius of the center. */
C2D_API bool c2d_segment_overlap_circle(c2d_segment s, c2d_circle c);
/* Segment passes within less than the radius of the capsule's core. */
C2D_API bool c2d_segment_overlap_capsule(c2d_segment s, c2d_capsule c);
/* Segment passes through the polygon's open interior. */
C2D_API bool c2d_segment_overlap_polygon(c2d_segment s, const c2d_polygon *p);
/* ---- inline queries (GCC and Clang; define C2D_NO_INLINE to turn them off) ----
 * The smallest queries cost little more than the call that reaches them, so their bodies are
 * here, as GNU `extern inline` (this copy only inlines; the exported function stays the one that
 * bindings, function pointers and other compilers call). Two kinds:
 * - C2D_INLINE_BODY: the whole query, with no rounded arithmetic in its decision
 *   (c2d_aabb_overlap_aabb). src/overlap.c defines C2D_EMIT_INLINE_BODIES to compile these same
 *   bodies as the exported functions.
 * - C2D_INLINE_FRONT: a fast front of a query whose answer compares rounded products (the
 *   circles). It is compiled with the caller's flags, which may fuse a * b + c into one rounding
 *   (-ffp-contract=fast, Clang by default with -march=native or -mfma) where the library, built
 *   with -ffp-contract=off, rounds twice. So a front decides only when its squared distance
 *   clears the squared radius by C2D_FRONT_MARGIN (16 machine epsilons of it, several times what
 *   any fusing, evaluation order or optimisation level can move it), and calls the exported
 *   function otherwise: its answer (true or false, count 0 or 1) is the exported function's for
 *   every input, bad input included, under any flags but -ffast-math (which drops NaN
 *   comparisons). Output values (a manifold's normal, depth and point) are the exported
 *   function's bits without fusing and within a few units in the last place with it.
 *   What a hand-made, unchecked struct gets from a front is what the exported function gives it:
 *   false (count 0) for a NaN, an infinity, a coordinate beyond C2D_MAX_COORD, a radius or box
 *   width below C2D_MIN_SIZE (negative included) or an inverted box; the checks cost a few
 *   branch-free comparisons on the sure-hit path only (a sure miss needs none), and a manifold
 *   always has a unit normal, finite values and a depth > 0. Inside the library (C2D_BUILDING, and
 *   the single header's C2D_IMPLEMENTATION file) fronts are off: its files call the exported
 *   functions. */
#if defined(__GNUC__) && !defined(_WIN32) && !defined(C2D_NO_INLINE)
#  define C2DI_GNU_INLINE extern __inline__ __attribute__((__gnu_inline__)) C2D_API
#  if !defined(C2D_BUILDING)
#    define C2D_INLINE_FRONT C2DI_GNU_INLINE
#  endif
#endif
#if defined(C2D_EMIT_INLINE_BODIES)
#  define C2D_INLINE_BODY C2D_API
#elif defined(C2DI_GNU_INLINE)
#  define C2D_INLINE_BODY C2DI_GNU_INLINE
#endif
/* Relative margin of the fronts: a squared distance below (1 - margin) r^2 is a sure hit, above
 * (1 + margin) r^2 a sure miss (NaN fails both tests: a miss). dx * dx + dy * dy, fused or not,
 * in any order or with wider intermediates, lies within about one epsilon of its exact value, so
 * two ways of computing it differ by at most about two; the margin leaves room for the rounding
 * of r^2 and of the bounds, and keeps a sure hit's depth r - dist above the manifold's floor of
 * one epsilon of the size (tests/test_inline.c fails with the margin at 0). */
#define C2D_FRONT_MARGIN (16 * C2D_EPSILON)
/* A front's fallback, only on the rare unsure path: the pointer p to the exported function,
 * hidden from the optimiser (an empty asm that "may change" it), so that the front is never
 * inlined into its own fallback (GCC would turn that into a loop that never reaches the library).
 * The fronts pass it copies of their arguments made there, so that GCC builds the by-value
 * arguments in the unsure path and not on every call. C2DI_LIKELY marks the sure path. */
#define C2DI_OPAQUE(p) __asm__("" : "+r"(p))
/* The unsure path of a front of two circles: return the hidden exported function fn's answer on
 * copies of a and b made there. */
#define C2DI_RETURN_EXPORTED_CIRCLES(fn, a, b)                                                     \
    do {                                                                                         \
        c2d_circle c2d_front_a, c2d_front_b;                                                               \
        c2d_front_a.center.x = (a).center.x, c2d_front_a.center.y = (a).center.y, c2d_front_a.radius = (a).radius; \
        c2d_front_b.center.x = (b).center.x, c2d_front_b.center.y = (b).center.y, c2d_front_b.radius = (b).radius; \
        C2DI_OPAQUE(fn);                                                                         \
        return fn(c2d_front_a, c2d_front_b);                                                               \
    } while (0)
#define C2DI_MAXR(x, y) ((x) > (y) ? (x) : (y))
/* The exported functions' input checks of two circles, for a front's sure hit (no value is NaN
 * there, else d2 or r would be, and both centers are finite): every coordinate and radius within
 * C2D_MAX_COORD, both radii at least C2D_MIN_SIZE; one largest and one least value, no branch. */
#define C2DI_CIRCLES_OK(a, b)                                                                                                \
    ((C2DI_MAXR(C2DI_MAXR(C2DI_MAXR(C2D_ABS((a).center.x), C2D_ABS((a).center.y)), C2DI_MAXR(C2D_ABS((b).center.x), C2D_ABS((b).center.y))), \
                C2DI_MAXR((a).radius, (b).radius)) <= (c2d_real)C2D_MAX_COORD) &                                                \
     (((a).radius < (b).radius ? (a).radius : (b).radius) >= (c2d_real)C2D_MIN_SIZE))
#define C2DI_LIKELY(x) __builtin_expect(!!(x), 1)

/* Open boxes intersect (containment included). The comparisons only, as Box2D's b2TestOverlap
 * (check once, then trust: a box from c2d_aabb_make or c2d_shape_aabb is valid): false for a NaN
 * and for an empty or inverted box (upper <= lower on an axis). A hand-made box that
 * c2d_aabb_is_valid refuses otherwise (an infinite coordinate, one beyond C2D_MAX_COORD, a width
 * below C2D_MIN_SIZE) is compared as it is: an unspecified true or false, nothing else (there is
 * no output to hold a NaN). c2d_shape_overlap checks both boxes first. A C2D_INLINE_BODY. */
C2D_API bool c2d_aabb_overlap_aabb(c2d_aabb a, c2d_aabb b);
#ifdef C2D_INLINE_BODY
C2D_INLINE_BODY bool c2d_aabb_overlap_aabb(c2d_aabb a, c2d_aabb b) {
    /* Without a branch (& rather than &&): the caller branches once on the answer. The four
     * separating-axis tests and the four that each box is not inverted; each coordinate takes part
     * in strict comparisons that a NaN fails. */
    return (a.lower.x < b.upper.x) & (b.lower.x < a.upper.x) & (a.lower.y < b.upper.y) & (b.lower.y < a.upper.y) & (a.lower.x < a.upper.x) &
           (a.lower.y < a.upper.y) & (b.lower.x < b.upper.x) & (b.lower.y < b.upper.y);
}
#endif
/* Box and circle interiors intersect (containment included). A C2D_INLINE_FRONT. */
C2D_API bool c2d_aabb_overlap_circle(c2d_aabb b, c2d_circle c);
#ifdef C2D_INLINE_FRONT
C2D_INLINE_FRONT bool c2d_aabb_overlap_circle(c2d_aabb b, c2d_circle c) {
    /* the box point nearest the center, as the exported function's clamp (minimum, then maximum) */
    const c2d_real lim = (c2d_real)C2D_MAX_COORD, lo = (c2d_real)C2D_MIN_SIZE;
    c2d_real nx = c.center.x < b.upper.x ? c.center.x : b.upper.x, ny = c.center.y < b.upper.y ? c.center.y : b.upper.y;
    c2d_real dx, dy, d2, rr = c.radius * c.radius;
    bool (*exported)(c2d_aabb, c2d_circle) = c2d_aabb_overlap_circle;
    nx = nx > b.lower.x ? nx : b.lower.x;
    ny = ny > b.lower.y ? ny : b.lower.y;
    dx = nx - c.center.x;
    dy = ny - c.center.y;
    d2 = dx * dx + dy * dy;
    if (d2 < rr * ((c2d_real)1 - C2D_FRONT_MARGIN)) {
        /* a sure hit: the input checks, without a branch. The center is finite here (else d2
         * would be NaN) and the radius is not NaN, but the clamp can hide a NaN box, so its
         * values meet comparisons that fail for NaN: faces in range and widths at least
         * C2D_MIN_SIZE (which puts every face in range). */
        c2d_real big = C2DI_MAXR(C2DI_MAXR(C2D_ABS(c.center.x), C2D_ABS(c.center.y)), c.radius);
        return (b.lower.x >= -lim) & (b.lower.y >= -lim) & (b.upper.x <= lim) & (b.upper.y <= lim) & (b.upper.x - b.lower.x >= lo) &
               (b.upper.y - b.lower.y >= lo) & (big <= lim) & (c.radius >= lo);
    }
    if (C2DI_LIKELY(!(d2 <= rr * ((c2d_real)1 + C2D_FRONT_MARGIN)))) return false; /* a sure miss, or NaN */
    {
        c2d_aabb bb;
        c2d_circle cc;
        bb.lower.x = b.lower.x, bb.lower.y = b.lower.y, bb.upper.x = b.upper.x, bb.upper.y = b.upper.y;
        cc.center.x = c.center.x, cc.center.y = c.center.y, cc.radius = c.radius;
        C2DI_OPAQUE(exported);
        return exported(bb, cc);
    }
}
#endif
/* Box and capsule interiors intersect. */
C2D_API bool c2d_aabb_overlap_capsule(c2d_aabb b, c2d_capsule c);
/* Box and polygon interiors intersect. */
C2D_API bool c2d_aabb_overlap_polygon(c2d_aabb b, const c2d_polygon *p);
/* Centers closer than the sum of the radii. A C2D_INLINE_FRONT. */
C2D_API bool c2d_circle_overlap_circle(c2d_circle a, c2d_circle b);
#ifdef C2D_INLINE_FRONT
C2D_INLINE_FRONT bool c2d_circle_overlap_circle(c2d_circle a, c2d_circle b) {
    c2d_real dx = a.center.x - b.center.x, dy = a.center.y - b.center.y, r = a.radius + b.radius;
    c2d_real d2 = dx * dx + dy * dy, rr = r * r;
    bool (*exported)(c2d_circle, c2d_circle) = c2d_circle_overlap_circle;
    if (d2 < rr * ((c2d_real)1 - C2D_FRONT_MARGIN)) return C2DI_CIRCLES_OK(a, b); /* a sure hit, if the input is good */
    if (C2DI_LIKELY(!(d2 <= rr * ((c2d_real)1 + C2D_FRONT_MARGIN)))) return false; /* a sure miss, or NaN */
    C2DI_RETURN_EXPORTED_CIRCLES(exported, a, b);
}
#endif
/* Circle and capsule interiors intersect. */
C2D_API bool c2d_circle_overlap_capsule(c2d_circle a, c2d_capsule b);
/* Circle and polygon interiors intersect. */
C2D_API bool c2d_circle_overlap_polygon(c2d_circle a, const c2d_polygon *b);
/* Capsule interiors intersect. */
C2D_API bool c2d_capsule_overlap_capsule(c2d_capsule a, c2d_capsule b);
/* Capsule and polygon interiors intersect. */
C2D_API bool c2d_capsule_overlap_polygon(c2d_capsule a, const c2d_polygon *b);
/* Convex polygon interiors intersect (separating axis test; containment included). */
C2D_API bool c2d_polygon_overlap_polygon(const c2d_polygon *a, const c2d_polygon *b);

/* ---- hit: overlap plus contact point, normal and push-out (minimum translation) ---- */

/* Point strictly inside the box: pushed out through the nearest edge (the article's intersectPoint). */
C2D_API bool c2d_point_hit_aabb(c2d_vec2 p, c2d_aabb b, c2d_hit *out);
/* Point strictly inside the circle: pushed out radially (center: along +x). */
C2D_API bool c2d_point_hit_circle(c2d_vec2 p, c2d_circle c, c2d_hit *out);
/* Point strictly inside the capsule: pushed out away from the core. */
C2D_API bool c2d_point_hit_capsule(c2d_vec2 p, c2d_capsule c, c2d_hit *out);
/* Point strictly inside the polygon: pushed out through the nearest edge. */
C2D_API bool c2d_point_hit_polygon(c2d_vec2 p, const c2d_polygon *poly, c2d_hit *out);
/* Segments share a point: pos is that point (for collinear overlap: the shared point nearest a.p1),
 * delta is (0,0), normal is b's unit normal on a.p1's side ((0,0) when b has zero length). */
C2D_API bool c2d_segment_hit_segment(c2d_segment a, c2d_segment b, c2d_hit *out);
/* Segment through the box: minimum translation that moves the segment out. */
C2D_API bool c2d_segment_hit_aabb(c2d_segment s, c2d_aabb b, c2d_hit *out);
/* Segment through the circle: minimum translation that moves the segment out. */
C2D_API bool c2d_segment_hit_circle(c2d_segment s, c2d_circle c, c2d_hit *out);
/* Segment through the capsule: minimum translation that moves the segment out. */
C2D_API bool c2d_segment_hit_capsule(c2d_segment s, c2d_capsule c, c2d_hit *out);
/* Segment through the polygon: minimum translation that moves the segment out. */
C2D_API bool c2d_segment_hit_polygon(c2d_segment s, const c2d_polygon *p, c2d_hit *out);
/* Boxes overlap: a pushed out along the axis of least overlap (the article's intersectAABB). */
C2D_API bool c2d_aabb_hit_aabb(c2d_aabb a, c2d_aabb b, c2d_hit *out);
/* Box and circle overlap: the box is pushed out of the circle. */
C2D_API bool c2d_aabb_hit_circle(c2d_aabb a, c2d_circle b, c2d_hit *out);
/* Box and capsule overlap: the box is pushed out. */
C2D_API bool c2d_aabb_hit_capsule(c2d_aabb a, c2d_capsule b, c2d_hit *out);
/* Box and polygon overlap: the box is pushed out. */
C2D_API bool c2d_aabb_hit_polygon(c2d_aabb a, const c2d_polygon *b, c2d_hit *out);
/* Circles overlap: a pushed out along the line of centers (concentric: along +x). */
C2D_API bool c2d_circle_hit_circle(c2d_circle a, c2d_circle b, c2d_hit *out);
/* Circle and capsule overlap: the circle is pushed out. */
C2D_API bool c2d_circle_hit_capsule(c2d_circle a, c2d_capsule b, c2d_hit *out);
/* Circle and polygon overlap: the circle is pushed out. */
C2D_API bool c2d_circle_hit_polygon(c2d_circle a, const c2d_polygon *b, c2d_hit *out);
/* Capsules overlap: a pushed out. */
C2D_API bool c2d_capsule_hit_capsule(c2d_capsule a, c2d_capsule b, c2d_hit *out);
/* Capsule and polygon overlap: the capsule is pushed out. */
C2D_API bool c2d_capsule_hit_polygon(c2d_capsule a, const c2d_polygon *b, c2d_hit *out);
/* Polygons overlap: a pushed out along the axis of least penetration. */
C2D_API bool c2d_polygon_hit_polygon(const c2d_polygon *a, const c2d_polygon *b, c2d_hit *out);

/* ---- manifolds: up to 2 contact points for physics (count 0 when not overlapping) ---- */

/* Box vs box (2 points when edges are parallel). */
C2D_API c2d_manifold c2d_aabb_manifold_aabb(c2d_aabb a, c2d_aabb b);
/* Box vs circle (1 point). */
C2D_API c2d_manifold c2d_aabb_manifold_circle(c2d_aabb a, c2d_circle b);
/* Box vs capsule (up to 2 points). */
C2D_API c2d_manifold c2d_aabb_manifold_capsule(c2d_aabb a, c2d_capsule b);
/* Box vs polygon (up to 2 points). */
C2D_API c2d_manifold c2d_aabb_manifold_polygon(c2d_aabb a, const c2d_polygon *b);
/* Circle vs circle (1 point): normal along the line of centers (concentric: +x), the point
 * midway between the surfaces. A C2D_INLINE_FRONT. */
C2D_API c2d_manifold c2d_circle_manifold_circle(c2d_circle a, c2d_circle b);
#ifdef C2D_INLINE_FRONT
C2D_INLINE_FRONT c2d_manifold c2d_circle_manifold_circle(c2d_circle a, c2d_circle b) {
    c2d_real dx = a.center.x - b.center.x, dy = a.center.y - b.center.y, r = a.radius + b.radius;
    c2d_real d2 = dx * dx + dy * dy, rr = r * r;
    c2d_manifold m = {{0, 0}, {{{0, 0}, 0, 0}, {{0, 0}, 0, 0}}, 0};
    c2d_manifold (*exported)(c2d_circle, c2d_circle) = c2d_circle_manifold_circle;
    /* A sure hit with centers apart (d2 at least C2D_MIN_SIZE squared, a normal number): the
     * input checks of c2d_circle_overlap_circle's front, then the exported function's formulas.
     * Its depth r - dist clears the exported function's floor (an epsilon of the size) by the
     * margin, so it is used as it is. */
    if ((d2 < rr * ((c2d_real)1 - C2D_FRONT_MARGIN)) & (d2 >= (c2d_real)C2D_MIN_SIZE * (c2d_real)C2D_MIN_SIZE)) {
        c2d_real dist, nx, ny, depth;
        if (!C2DI_CIRCLES_OK(a, b)) return m;
        dist = C2D_SQRT(d2);
        nx = dx / dist;
        ny = dy / dist;
        depth = r - dist;
        m.normal.x = nx;
        m.normal.y = ny;
        m.points[0].point.x = b.center.x + (nx * b.radius + (c2d_real)-0.5 * depth * nx);
        m.points[0].point.y = b.center.y + (ny * b.radius + (c2d_real)-0.5 * depth * ny);
        m.points[0].depth = depth;
        m.count = 1;
        return m;
    }
    if (C2DI_LIKELY(!(d2 <= rr * ((c2d_real)1 + C2D_FRONT_MARGIN)))) return m; /* a sure miss, or NaN */
    C2DI_RETURN_EXPORTED_CIRCLES(exported, a, b);
}
#endif
/* Circle vs capsule (1 point). */
C2D_API c2d_manifold c2d_circle_manifold_capsule(c2d_circle a, c2d_capsule b);
/* Circle vs polygon (1 point). Trusts the polygon (check once, then trust: one from
 * c2d_polygon_make or c2d_polygon_transform is valid): its vertices are not range-checked, its
 * stored normals are not read, its winding is not checked. A hand-made polygon that
 * c2d_polygon_is_valid refuses gets an unspecified count 0 or 1; what stays for any bits is that
 * NULL or a count outside 3..C2D_MAX_POLYGON_VERTICES gives count 0, a vertex that is not finite
 * gives count 0, nothing is read beyond count, and a manifold holds a unit normal, finite values
 * and a depth > 0. The circle is checked as everywhere. c2d_shape_manifold checks the polygon
 * (c2d_polygon_usable's rule) first. */
C2D_API c2d_manifold c2d_circle_manifold_polygon(c2d_circle a, const c2d_polygon *b);
/* Capsule vs capsule (2 points when parallel and overlapping along their length). */
C2D_API c2d_manifold c2d_capsule_manifold_capsule(c2d_capsule a, c2d_capsule b);
/* Capsule vs polygon (up to 2 points). */
C2D_API c2d_manifold c2d_capsule_manifold_polygon(c2d_capsule a, const c2d_polygon *b);
/* Polygon vs polygon: SAT reference face plus clipping (up to 2 points). */
C2D_API c2d_manifold c2d_polygon_manifold_polygon(const c2d_polygon *a, const c2d_polygon *b);
/* Circle (world frame) vs polygon b in its local frame placed by xf_b: the circle is mapped into
 * b's frame, solved there as c2d_circle_manifold_polygon (which trusts b), and the manifold mapped
 * back to world. A transform with a position beyond C2D_MAX_COORD, NaN, or c*c + s*s outside (0.5, 2) gives
 * count 0; a rotation slightly off unit length is renormalised (as in c2d_polygon_transform). */
C2D_API c2d_manifold c2d_circle_manifold_polygon_xf(c2d_circle a, const c2d_polygon *b, c2d_transform xf_b);
/* Polygons in their local frames placed by xf_a and xf_b: a is mapped into b's frame (once), the
 * pair solved there as c2d_polygon_manifold_polygon, the manifold mapped back to world. Transforms
 * are checked as in c2d_circle_manifold_polygon_xf. */
C2D_API c2d_manifold c2d_polygon_manifold_polygon_xf(const c2d_polygon *a, c2d_transform xf_a, const c2d_polygon *b, c2d_transform xf_b);

/* ---- ray and segment casts: first entry into the shape's interior ---- */
/* All return true on a hit with out->time in [0, max_fraction]; an origin strictly inside gives
 * time 0 and the normal of the nearest boundary. Grazing a corner or running along an edge is
 * no hit. A zero translation is a point test. */

/* Ray vs box (slab test without 0*inf). */
C2D_API bool c2d_aabb_raycast(c2d_aabb b, c2d_raycast_input in, c2d_hit *out);
/* Ray vs box grown by padding on each side (the article's paddingX/paddingY; padding >= 0). */
C2D_API bool c2d_aabb_raycast_padded(c2d_aabb b, c2d_vec2 padding, c2d_raycast_input in, c2d_hit *out);
/* Ray vs circle. */
C2D_API bool c2d_circle_raycast(c2d_circle c, c2d_raycast_input in, c2d_hit *out);
/* Range of the circle cast's fast path (src/raycast.c), which the front below mirrors: every
 * coordinate difference, translation component and radius within C2DI_RAY_FAST_RANGE, a squared
 * translation of at least C2DI_RAY_FAST_MIN_DD, |n|^2 within C2DI_RAY_NEWTON_TOL of 1. */
#ifdef C2D_DOUBLE
#  define C2DI_RAY_FAST_RANGE 1e70
#  define C2DI_RAY_FAST_MIN_DD 1e-250
#  define C2DI_RAY_NEWTON_TOL (1.0 / 67108864.0)
#  define C2DI_RAY_FRONT_TINY 1e-200
#else
#  define C2DI_RAY_FAST_RANGE 1e9f
#  define C2DI_RAY_FAST_MIN_DD 1e-30f
#  define C2DI_RAY_NEWTON_TOL (1.0f / 1024.0f)
#  define C2DI_RAY_FRONT_TINY 1e-18f
#endif
/* Relative margin of the circle cast's front: 2^-8, far coarser than C2D_FRONT_MARGIN, because
 * the cast's decisions (entry time below max_fraction, |n|^2 near 1) sit after a square root and
 * a division that amplify the difference fusing makes. */
#define C2DI_RAY_FRONT_MARGIN ((c2d_real)0.00390625)
#ifdef C2D_INLINE_FRONT
/* The circle cast's front. It decides only where the exported function surely takes its fast
 * path (src/raycast.c) to the same answer, whatever fusing moves (m is the origin relative to the
 * center, d the translation, cr = m x d, hh = r^2 |d|^2 - cr^2, mu the margin above):
 * - always: the fast path's range checks, each cleared by mu, r^2 |d|^2 >= C2DI_RAY_FRONT_TINY
 *   (no rounding error is subnormal) and the origin outside by mu, |m|^2 >= (1 + mu) r^2;
 * - a sure hit: max_fraction in the fast path's range (exact), |m|^2 <= 2^16 r^2 (an origin
 *   at most 256 radii away, which bounds the cross product's rounding, at most a few epsilons of
 *   |m| |d|, to about 2^10 epsilons of r |d|), hh > mu r^2 |d|^2 (its rounding is at most about
 *   2^11 epsilons of r^2 |d|^2, and then m.d is surely negative: |m.d|^2 = |m|^2 |d|^2 - cr^2 >
 *   mu r^2 |d|^2), t < (1 - 2^-5) max_fraction and |n|^2 within half the Newton tolerance of 1
 *   (with the cancellations in |m|^2 - r^2 and hh bounded by the margins, fusing moves t by a
 *   few hundred epsilons of it and the hit point by about 2^10 epsilons of r);
 * - a sure miss: m.d > mu (|mx dx| + |my dy|) or hh < -mu (r^2 |d|^2 + |cr| (|mx dy| + |my dx|))
 *   (the rounding bounds of m.d and hh times many), or a sure entry at t >= (1 + 2^-5) max_fraction.
 * Everything else (NaN, infinities, out of range, near tangency, near the surface, t near
 * max_fraction, a far origin's hit) calls the exported function. A hit's formulas are the fast
 * path's, so without fusing its output is the exported bits. tests/test_inline.c checks this on
 * near-tangent rays under -ffp-contract=fast -march=native (it fails with the margins at 0). */
C2D_INLINE_FRONT bool c2d_circle_raycast(c2d_circle c, c2d_raycast_input in, c2d_hit *out) {
    const c2d_real mu = C2DI_RAY_FRONT_MARGIN;
    c2d_real mx = in.origin.x - c.center.x, my = in.origin.y - c.center.y, dx = in.translation.x, dy = in.translation.y;
    c2d_real r = c.radius, mf = in.max_fraction;
    c2d_real mm = mx * mx + my * my, rr = r * r, dd = dx * dx + dy * dy, md = mx * dx + my * dy, cr = mx * dy - my * dx;
    c2d_real rd = rr * dd, hh = rd - cr * cr;
    bool (*exported)(c2d_circle, c2d_raycast_input, c2d_hit *) = c2d_circle_raycast;
    bool ok = (mm + dd <= (c2d_real)C2DI_RAY_FAST_RANGE * (c2d_real)C2DI_RAY_FAST_RANGE * (1 - mu)) &
              (dd >= (c2d_real)C2DI_RAY_FAST_MIN_DD * (1 + mu)) & (mm >= rr * (1 + mu)) & (r >= (c2d_real)C2D_MIN_SIZE) &
              (rd >= (c2d_real)C2DI_RAY_FRONT_TINY);
    if (C2DI_LIKELY(ok)) {
        if ((md < 0) & (hh > mu * rd) & (mm <= rr * (c2d_real)65536) & ((mf <= (c2d_real)C2DI_RAY_FAST_RANGE) | (mf == (c2d_real)INFINITY))) {
            /* a sure entry: the fast path's formulas */
            c2d_real t = (mm - rr) / (C2D_SQRT(hh) - md), rx, ry, inv_r, nx, ny, nn;
            if (t >= mf * ((c2d_real)1 + (c2d_real)0.03125)) return false;
            inv_r = (c2d_real)1 / r;
            rx = mx + t * dx;
            ry = my + t * dy;
            nx = rx * inv_r;
            ny = ry * inv_r;
            nn = nx * nx + ny * ny;
            if (C2DI_LIKELY((t < mf * ((c2d_real)1 - (c2d_real)0.03125)) & (nn > 1 - (c2d_real)0.5 * (c2d_real)C2DI_RAY_NEWTON_TOL) &
                            (nn < 1 + (c2d_real)0.5 * (c2d_real)C2DI_RAY_NEWTON_TOL))) {
                if (out) {
                    c2d_real k = (c2d_real)1.5 - (c2d_real)0.5 * nn;
                    out->pos.x = c.center.x + rx;
                    out->pos.y = c.center.y + ry;
                    out->normal.x = nx * k;
                    out->normal.y = ny * k;
                    out->delta.x = mf < (c2d_real)INFINITY ? (t - mf) * dx : 0;
                    out->delta.y = mf < (c2d_real)INFINITY ? (t - mf) * dy : 0;
                    out->time = t;
                }
                return true;
            }
        } else {
            /* a sure miss, receding or passing by, with the rounding bounds of m.d and hh */
            c2d_real eh = mu * (rd + C2D_ABS(cr) * (C2D_ABS(mx * dy) + C2D_ABS(my * dx)));
            c2d_real em = mu * (C2D_ABS(mx * dx) + C2D_ABS(my * dy));
            if ((md > em) | (hh < -eh)) return false;
        }
    }
    {
        c2d_circle c2d_front_c;
        c2d_raycast_input c2d_front_in;
        c2d_front_c.center.x = c.center.x, c2d_front_c.center.y = c.center.y, c2d_front_c.radius = c.radius;
        c2d_front_in.origin.x = in.origin.x, c2d_front_in.origin.y = in.origin.y;
        c2d_front_in.translation.x = in.translation.x, c2d_front_in.translation.y = in.translation.y;
        c2d_front_in.max_fraction = in.max_fraction;
        C2DI_OPAQUE(exported);
        return exported(c2d_front_c, c2d_front_in, out);
    }
}
#endif
/* Ray vs capsule. */
C2D_API bool c2d_capsule_raycast(c2d_capsule c, c2d_raycast_input in, c2d_hit *out);
/* Ray vs convex polygon. */
C2D_API bool c2d_polygon_raycast(const c2d_polygon *p, c2d_raycast_input in, c2d_hit *out);
/* Ray (world frame) vs a polygon in its local frame placed by xf: the ray is mapped into the
 * polygon's frame, cast there as c2d_polygon_raycast, and pos, normal and delta mapped back to
 * world (time is frame-free). Transforms are checked as in c2d_circle_manifold_polygon_xf; an
 * unusable one gives no hit. */
C2D_API bool c2d_polygon_raycast_xf(const c2d_polygon *p, c2d_transform xf, c2d_raycast_input in, c2d_hit *out);
/* Ray vs segment: the ray must cross the segment's line at a point of the closed segment; a ray
 * running along the segment has no single hit point and reports none. Normal faces the origin. */
C2D_API bool c2d_segment_raycast(c2d_segment s, c2d_raycast_input in, c2d_hit *out);

/* ---- segment intersection points (the snippets) ---- */

/* Where segments a and b meet (closed rule as c2d_segment_overlap_segment, exact). Writes the point
 * (collinear overlap: the shared point nearest a.p1) and, if non-NULL, a's fraction there. A
 * crossing point lies in both segments' boxes and within 4 units in the last place of the largest
 * coordinate magnitude of the four ends from each segment (measured: 0.71 in float, 3.0 in double). */
C2D_API bool c2d_segment_intersect_segment(c2d_segment a, c2d_segment b, c2d_vec2 *point, c2d_real *fraction_a);
/* Where the infinite lines through a and b cross; false when they are parallel or a segment has zero length. */
C2D_API bool c2d_line_intersect_line(c2d_segment a, c2d_segment b, c2d_vec2 *point);

/* ---- concave (simple) polygons ---- */

/* Interiors intersect, containment of either in the other included. Symmetric. O(n*m). */
C2D_API bool c2d_concave_overlap_concave(const c2d_concave *a, const c2d_concave *b);
/* Concave and convex polygon interiors intersect, containment included. */
C2D_API bool c2d_concave_overlap_polygon(const c2d_concave *a, const c2d_polygon *b);
/* Concave polygon and circle interiors intersect, containment included. */
C2D_API bool c2d_concave_overlap_circle(const c2d_concave *a, c2d_circle b);
/* Segment passes through the concave polygon's interior (a segment wholly inside counts). */
C2D_API bool c2d_concave_overlap_segment(const c2d_concave *a, c2d_segment b);
/* First entry of the ray into the concave polygon's interior (origin inside: time 0). */
C2D_API bool c2d_concave_raycast(const c2d_concave *p, c2d_raycast_input in, c2d_hit *out);

/* ---- the article's sweeps (moving AABB vs static AABBs) ---- */

/* Moves box a by delta against static box b. Hit at the first time the interiors would overlap
 * (touching then moving into b: time 0; sliding along or moving away: no hit; already overlapping:
 * time 0 with the static push-out normal; zero delta: the static test). sweep.time backs off by
 * C2D_SWEEP_MARGIN so a at sweep.pos does not touch b. */
C2D_API c2d_sweep c2d_aabb_sweep_aabb(c2d_aabb a, c2d_vec2 delta, c2d_aabb b);
/* Sweeps box a through many statics; returns the nearest hit. Ties in time go to the static with
 * the smallest (lower.x, lower.y, upper.x, upper.y), whatever the array order. *hit_index (may be
 * NULL) gets the index of the static hit, or -1. */
C2D_API c2d_sweep c2d_aabb_sweep_into(c2d_aabb a, c2d_vec2 delta, const c2d_aabb *statics, int count, int *hit_index);

/* ---- distance (GJK) ---- */

/* A convex shape for GJK: the hull of points, inflated by radius. */
typedef struct c2d_proxy {
    c2d_vec2 points[C2D_MAX_POLYGON_VERTICES];
    int count;
    c2d_real radius;
} c2d_proxy;

/* How a distance query ended: >= 0 an outcome, < 0 a failure (the error model of base.h). */
typedef enum c2d_distance_status {
    C2D_DISTANCE_INVALID_INPUT = -1, /* failure: the input was rejected, error says why; the result is
                                        distance 0, zero points. c2d_distance: C2D_ERR_NULL_ARG (a NULL
                                        proxy), C2D_ERR_DEGENERATE (no point), C2D_ERR_TOO_MANY_POINTS,
                                        C2D_ERR_NOT_FINITE, C2D_ERR_OUT_OF_RANGE (beyond C2D_MAX_COORD),
                                        C2D_ERR_BAD_SIZE (a negative radius) */
    C2D_DISTANCE_OK = 0,             /* converged */
    C2D_DISTANCE_MAX_ITERATIONS = 1  /* hit the iteration cap: result is an upper bound */
} c2d_distance_status;

/* Result of a distance query (world frame). */
typedef struct c2d_distance_result {
    c2d_vec2 point_a;  /* closest point on A's surface (radius included) */
    c2d_vec2 point_b;  /* closest point on B's surface */
    c2d_vec2 normal;   /* unit, from B toward A; (0,0) when the cores overlap */
    c2d_real distance; /* >= 0; 0 when touching or overlapping */
    int iterations;    /* GJK iterations used */
    c2d_distance_status status;
    c2d_status error; /* C2D_OK, or why the input was rejected (status C2D_DISTANCE_INVALID_INPUT) */
} c2d_distance_result;

/* Result of the closest points between two segments. */
typedef struct c2d_segment_distance_result {
    c2d_vec2 closest1, closest2;   /* on segment 1 and 2 */
    c2d_real fraction1, fraction2; /* their fractions along each segment, in [0,1] */
    c2d_real distance_squared;
} c2d_segment_distance_result;

/* Proxy of the first count points and a radius (>= 0 for c2d_distance to accept it). count must be
 * in [1, C2D_MAX_POLYGON_VERTICES]: a larger count asserts, then keeps the first
 * C2D_MAX_POLYGON_VERTICES points; NULL points or count < 1 asserts, then gives an empty proxy. */
C2D_API c2d_proxy c2d_make_proxy(const c2d_vec2 *points, int count, c2d_real radius);
/* Closest points of two segments (closed form; zero-length segments allowed). Crossing segments
 * give their crossing point and distance_squared 0; when several pairs are closest (parallel
 * segments), one with an endpoint of s1, else of s2. Non-finite or out-of-range input gives zero
 * points and fractions and distance_squared = C2D_MAX_COORD squared. */
C2D_API c2d_segment_distance_result c2d_segment_distance(c2d_segment s1, c2d_segment s2);
/* Distance and closest points of two convex proxies by GJK. max_iterations <= 0 means
 * C2D_GJK_MAX_ITERATIONS; iterations counts support searches. When the cores overlap or touch,
 * point_a == point_b is a point common to both cores; when only the rounded parts touch or
 * overlap, point_a == point_b is the point halfway between the two surfaces along the normal. */
C2D_API c2d_distance_result c2d_distance(const c2d_proxy *a, const c2d_proxy *b, int max_iterations);

/* ---- time of impact: two shapes that translate and rotate over one step (src/cast.c) ----
 * Linear casts of any shape pair without rotation: c2d_shape_cast and c2d_shape_sweep_into in shape.h. */

/* Default iteration cap of c2d_time_of_impact (used when input.max_iterations <= 0). */
#ifndef C2D_TOI_DEFAULT_ITERATIONS
#  define C2D_TOI_DEFAULT_ITERATIONS 64
#endif

/* Default gap (length units) at which c2d_time_of_impact stops (used when input.target == 0). */
#ifndef C2D_TOI_TARGET
#  define C2D_TOI_TARGET C2D_SWEEP_MARGIN
#endif

/* Motion of a shape over one step (Box2D's sweep): local_center, a point in the shape's local
 * frame (usually its centroid), moves in a straight line from c1 (t = 0) to c2 (t = 1) in the
 * world while the shape turns uniformly about it from angle a1 to a2 (radians). */
typedef struct c2d_motion {
    c2d_vec2 local_center;
    c2d_vec2 c1, c2;
    c2d_real a1, a2;
} c2d_motion;

/* The motion's transform at time t: maps a local point p to c(t) + rot(a(t)) * (p - local_center),
 * c(t) = c1 + t * (c2 - c1), a(t) = a1 + t * (a2 - a1). */
C2D_API c2d_transform c2d_motion_transform(c2d_motion m, c2d_real t);

/* Input of c2d_time_of_impact; a zeroed field means its default. */
typedef struct c2d_toi_input {
    c2d_proxy a, b; /* the shapes in their local frames (e.g. c2d_shape_proxy of a local shape) */
    c2d_motion motion_a, motion_b;
    c2d_real t_max;     /* end of the searched interval, in (0, 1]; 0 means 1 */
    c2d_real target;    /* gap to stop at (length, >= 0); 0 means C2D_TOI_TARGET. Raised to
                           32 machine epsilons of the scene's size so rounding cannot close it */
    int max_iterations; /* <= 0 means C2D_TOI_DEFAULT_ITERATIONS */
} c2d_toi_input;

/* How a time-of-impact query ended: >= 0 an outcome, < 0 a failure (the error model of base.h). */
typedef enum c2d_toi_status {
    C2D_TOI_FAILED = -1,       /* failure, error says why. Rejected input, t = 0: C2D_ERR_NULL_ARG (no
                                  input), a proxy's error as in c2d_distance, C2D_ERR_NOT_FINITE or
                                  C2D_ERR_OUT_OF_RANGE (a motion, t_max or target), C2D_ERR_BAD_SIZE
                                  (t_max outside (0, 1], a negative target). C2D_ERR_NUMERICAL: t is
                                  the last time known to keep the target gap */
    C2D_TOI_HIT = 0,           /* the gap comes down to the target at t (within [target, 1.25 target]) */
    C2D_TOI_SEPARATED = 1,     /* the gap stays above the target until t_max; t = t_max */
    C2D_TOI_OVERLAPPED = 2,    /* the shapes touch or overlap at t = 0 (distance 0); t = 0 */
    C2D_TOI_MAX_ITERATIONS = 4 /* the cap came first: t keeps the target gap, no contact found yet */
} c2d_toi_status;

/* Result of c2d_time_of_impact. Never holds NaN. */
typedef struct c2d_toi_result {
    c2d_toi_status status;
    c2d_status error; /* C2D_OK, or why the query failed (status C2D_TOI_FAILED) */
    c2d_real t;       /* in [0, t_max], as the status says */
    c2d_vec2 normal;  /* C2D_TOI_HIT: unit normal from B toward A at t; otherwise (0,0) */
    c2d_vec2 point;   /* C2D_TOI_HIT: world point midway between the closest points at t; otherwise (0,0) */
    int iterations;   /* distance evaluations used */
} c2d_toi_result;

/* First time in [0, t_max] at which the gap between a and b, moving by their motions, comes down
 * to the target, by conservative advancement on GJK distance: it never steps past the first
 * contact, however fast the shapes turn. A start with a gap below the target counts from where the
 * shapes are (the target becomes half that gap), so touching and sliding away is no hit; a gap
 * below the rounding floor is a hit at 0 if the motion can close it and separated otherwise. */
C2D_API c2d_toi_result c2d_time_of_impact(const c2d_toi_input *input);

#ifdef __cplusplus
}
#endif

#endif /* COLLIDE2D_COLLISION_H */
