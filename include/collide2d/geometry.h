/* SPDX-License-Identifier: MIT */
/* collide2d: shapes. Plain values made by validating constructors, plus per-shape helpers:
 * validity checks, bounding boxes, transforms and point containment.
 *
 * Touching rule (one rule for the whole library, see docs/design.md): a 2D shape (AABB, circle,
 * capsule, polygon, concave polygon, arc) counts only its open interior. A point exactly on the
 * boundary is NOT inside; shapes that only touch do NOT overlap. */
#ifndef COLLIDE2D_GEOMETRY_H
#define COLLIDE2D_GEOMETRY_H

#include "math.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A line segment from p1 to p2 (world frame). */
typedef struct c2d_segment {
    c2d_vec2 p1, p2;
} c2d_segment;

/* A ray: origin, unit direction and the distance it reaches (may be +INFINITY). */
typedef struct c2d_ray {
    c2d_vec2 origin;
    c2d_vec2 direction;
    c2d_real max_distance;
} c2d_ray;

/* An axis-aligned box from lower (smallest x and y) to upper (largest x and y), world frame. */
typedef struct c2d_aabb {
    c2d_vec2 lower, upper;
} c2d_aabb;

/* A circle: center and radius >= C2D_MIN_SIZE (world frame). */
typedef struct c2d_circle {
    c2d_vec2 center;
    c2d_real radius;
} c2d_circle;

/* A capsule: every point within radius (>= C2D_MIN_SIZE) of the segment p1-p2 (world frame). p1 == p2 is a circle. */
typedef struct c2d_capsule {
    c2d_vec2 p1, p2;
    c2d_real radius;
} c2d_capsule;

/* A convex polygon: count in [3, C2D_MAX_POLYGON_VERTICES] vertices in counter-clockwise order
 * (y up), normals[i] is the outward unit normal of the edge vertices[i] -> vertices[i+1].
 * Make one with c2d_polygon_make (any point cloud) or c2d_polygon_make_box; place it in the world
 * with c2d_polygon_transform. The coordinates are in whatever frame the caller built them in. */
typedef struct c2d_polygon {
    c2d_vec2 vertices[C2D_MAX_POLYGON_VERTICES];
    c2d_vec2 normals[C2D_MAX_POLYGON_VERTICES];
    c2d_vec2 centroid;
    int count;
} c2d_polygon;

/* A simple (non-self-intersecting) polygon of any size and either winding. The vertex storage is
 * owned by the caller and must outlive the c2d_concave; collide2d never copies or frees it. */
typedef struct c2d_concave {
    const c2d_vec2 *vertices;
    int count;
    c2d_aabb bounds;      /* bounding box of the vertices */
    c2d_real signed_area; /* > 0 counter-clockwise (y up), < 0 clockwise; never 0 */
} c2d_concave;

/* An annular sector: points with inner_radius < distance < outer_radius from center whose angle
 * lies strictly between start_angle and start_angle + sweep_angle (radians, from +x toward +y).
 * A wedge is an arc with inner_radius == 0. Make one with c2d_arc_make or c2d_wedge_make. */
typedef struct c2d_arc {
    c2d_vec2 center;
    c2d_real inner_radius, outer_radius;
    c2d_real start_angle; /* in [0, 2*pi) */
    c2d_real sweep_angle; /* in (0, 2*pi]; 2*pi is a full ring */
    c2d_vec2 start_dir;   /* unit vector at start_angle */
    c2d_vec2 end_dir;     /* unit vector at start_angle + sweep_angle */
} c2d_arc;

/* ---- constructors: each validates, writes *out only on success (zeroed on failure) ---- */

/* Segment p1-p2. Errors: NOT_FINITE, OUT_OF_RANGE, DEGENERATE (p1 == p2), NULL_ARG. */
C2D_API c2d_status c2d_segment_make(c2d_vec2 p1, c2d_vec2 p2, c2d_segment *out);
/* Ray; direction need not be unit (it is normalised). max_distance may be +INFINITY.
 * Errors: NOT_FINITE (origin/direction), OUT_OF_RANGE, DEGENERATE (zero direction), BAD_SIZE (max_distance <= 0 or NaN). */
C2D_API c2d_status c2d_ray_make(c2d_vec2 origin, c2d_vec2 direction, c2d_real max_distance, c2d_ray *out);
/* AABB from its two corners lower <= upper. Errors: NOT_FINITE, OUT_OF_RANGE, BAD_SIZE (width or height below C2D_MIN_SIZE). */
C2D_API c2d_status c2d_aabb_make(c2d_vec2 lower, c2d_vec2 upper, c2d_aabb *out);
/* AABB from center and half extents (the intersect article's form). Errors as c2d_aabb_make; BAD_SIZE if a half extent <= 0 or the width comes out below C2D_MIN_SIZE. */
C2D_API c2d_status c2d_aabb_from_center(c2d_vec2 center, c2d_vec2 half, c2d_aabb *out);
/* AABB from the corner with smallest x and y, a width and a height (MDN and the snippets' form:
 * on a y-down screen the corner is the top-left). Errors as c2d_aabb_make. */
C2D_API c2d_status c2d_aabb_from_corner(c2d_vec2 corner, c2d_real width, c2d_real height, c2d_aabb *out);
/* AABB from left, top, right, bottom edges (the rectangle tutorial's form). left < right is
 * required; top and bottom may come in either order, so y may point up or down. Errors as c2d_aabb_make. */
C2D_API c2d_status c2d_aabb_from_ltrb(c2d_real left, c2d_real top, c2d_real right, c2d_real bottom, c2d_aabb *out);
/* Circle. Errors: NOT_FINITE, OUT_OF_RANGE, BAD_SIZE (radius < C2D_MIN_SIZE, zero or negative). */
C2D_API c2d_status c2d_circle_make(c2d_vec2 center, c2d_real radius, c2d_circle *out);
/* Capsule around segment p1-p2 (p1 == p2 allowed: a circle). Errors: NOT_FINITE, OUT_OF_RANGE, BAD_SIZE (radius < C2D_MIN_SIZE). */
C2D_API c2d_status c2d_capsule_make(c2d_vec2 p1, c2d_vec2 p2, c2d_real radius, c2d_capsule *out);
/* Convex hull of any point cloud (any order, any winding, duplicates allowed): welds points closer
 * than C2D_WELD_TOLERANCE * cloud size, drops collinear points, winds CCW, computes normals and
 * centroid (the area centroid rounded, or a neighbour one representable step away where rounding
 * put it on an edge; c2d_polygon_contains_point holds for it). Errors: NULL_ARG, NOT_FINITE,
 * OUT_OF_RANGE, DEGENERATE (fewer than 3 distinct points, all collinear, an edge shorter than
 * C2D_MIN_SIZE, or no representable point strictly inside near the centroid), TOO_MANY_POINTS
 * (hull needs more than C2D_MAX_POLYGON_VERTICES vertices). */
C2D_API c2d_status c2d_polygon_make(const c2d_vec2 *points, int count, c2d_polygon *out);
/* Box polygon centered on the origin with half extents half (rotate/place with c2d_polygon_transform).
 * Errors: NOT_FINITE, OUT_OF_RANGE, BAD_SIZE. */
C2D_API c2d_status c2d_polygon_make_box(c2d_vec2 half, c2d_polygon *out);
/* Concave (simple) polygon over caller-owned vertices, either winding, no repeated closing vertex.
 * Errors: NULL_ARG, NOT_FINITE, OUT_OF_RANGE, DEGENERATE (count < 3 or zero area),
 * SELF_INTERSECTING (two edges cross or touch, other than neighbours at their shared vertex). O(n^2). */
C2D_API c2d_status c2d_concave_make(const c2d_vec2 *vertices, int count, c2d_concave *out);
/* Splits a concave polygon into convex pieces whose union is its interior (no two overlap): an
 * ear-clipping triangulation whose triangles are then merged across their shared diagonals while
 * the merge stays strictly convex and within C2D_MAX_POLYGON_VERTICES (Hertel-Mehlhorn); pieces
 * come out counter-clockwise, c2d_polygon_is_valid. At most count - 2 pieces. Writes the first
 * min(total, capacity) to pieces (NULL allowed with capacity 0) and the total to *out_count.
 * Errors: NULL_ARG, the errors of c2d_concave_is_valid's checks (NOT_FINITE, OUT_OF_RANGE,
 * DEGENERATE, SELF_INTERSECTING), DEGENERATE (a piece too thin for c2d_polygon_is_valid),
 * BUFFER_TOO_SMALL (capacity < total; the first capacity pieces are written). O(n^2); works on the
 * stack for count <= 256, larger polygons take scratch memory from malloc (OUT_OF_MEMORY). */
C2D_API c2d_status c2d_concave_decompose(const c2d_concave *poly, c2d_polygon *pieces, int capacity, int *out_count);
/* Arc (annular sector) from start_angle to end_angle going toward increasing angle (radians; an
 * end below the start wraps through 2*pi; end - start >= 2*pi is a full ring).
 * Errors: NOT_FINITE, OUT_OF_RANGE, BAD_SIZE (inner < 0 or outer <= inner), BAD_ANGLE (end == start). */
C2D_API c2d_status c2d_arc_make(c2d_vec2 center, c2d_real inner_radius, c2d_real outer_radius,
                                c2d_real start_angle, c2d_real end_angle, c2d_arc *out);
/* Wedge (circular sector): an arc with inner radius 0. Errors as c2d_arc_make. */
C2D_API c2d_status c2d_wedge_make(c2d_vec2 center, c2d_real radius, c2d_real start_angle,
                                  c2d_real end_angle, c2d_arc *out);

/* ---- validity: true when the value is what its constructor would accept ---- */

/* Segment: finite, in range, p1 != p2. */
C2D_API bool c2d_segment_is_valid(c2d_segment s);
/* Ray: finite origin, unit direction (within 1e-3), max_distance > 0 (may be +INFINITY). */
C2D_API bool c2d_ray_is_valid(c2d_ray r);
/* AABB: finite, in range, lower < upper on both axes. */
C2D_API bool c2d_aabb_is_valid(c2d_aabb b);
/* Circle: finite, in range, radius >= C2D_MIN_SIZE. */
C2D_API bool c2d_circle_is_valid(c2d_circle c);
/* Capsule: finite, in range, radius >= C2D_MIN_SIZE. */
C2D_API bool c2d_capsule_is_valid(c2d_capsule c);
/* Polygon: 3..max vertices, finite, in range, every edge at least C2D_MIN_SIZE long, strictly
 * convex, counter-clockwise, unit normals matching the edges. A clockwise ("wrongly wound")
 * polygon is not valid. */
C2D_API bool c2d_polygon_is_valid(const c2d_polygon *p);
/* Concave: what c2d_concave_make accepts, and bounds/signed_area match the vertices. O(n^2). */
C2D_API bool c2d_concave_is_valid(const c2d_concave *p);
/* Arc: what c2d_arc_make produces. */
C2D_API bool c2d_arc_is_valid(const c2d_arc *a);

/* ---- conversions and transforms ---- */

/* The AABB as a 4-vertex polygon (same frame). */
C2D_API c2d_polygon c2d_polygon_from_aabb(c2d_aabb b);
/* Polygon with every vertex mapped by xf (normals rotated, centroid moved). */
C2D_API c2d_polygon c2d_polygon_transform(const c2d_polygon *p, c2d_transform xf);
/* Capsule with both core points mapped by xf. */
C2D_API c2d_capsule c2d_capsule_transform(c2d_capsule c, c2d_transform xf);
/* Segment with both points mapped by xf. */
C2D_API c2d_segment c2d_segment_transform(c2d_segment s, c2d_transform xf);
/* Circle with its center mapped by xf. */
C2D_API c2d_circle c2d_circle_transform(c2d_circle c, c2d_transform xf);

/* ---- bounding boxes ---- */

/* Tight bounding box of a segment (may have zero width or height). */
C2D_API c2d_aabb c2d_segment_aabb(c2d_segment s);
/* Tight bounding box of a circle. */
C2D_API c2d_aabb c2d_circle_aabb(c2d_circle c);
/* Tight bounding box of a capsule. */
C2D_API c2d_aabb c2d_capsule_aabb(c2d_capsule c);
/* Tight bounding box of a polygon. */
C2D_API c2d_aabb c2d_polygon_aabb(const c2d_polygon *p);

/* Center of a box. */
static inline c2d_vec2 c2d_aabb_center(c2d_aabb b) { return c2d_v2((c2d_real)0.5 * (b.lower.x + b.upper.x), (c2d_real)0.5 * (b.lower.y + b.upper.y)); }
/* Half extents of a box. */
static inline c2d_vec2 c2d_aabb_extents(c2d_aabb b) { return c2d_v2((c2d_real)0.5 * (b.upper.x - b.lower.x), (c2d_real)0.5 * (b.upper.y - b.lower.y)); }
/* Smallest box holding both. */
static inline c2d_aabb c2d_aabb_union(c2d_aabb a, c2d_aabb b) {
    c2d_aabb r;
    r.lower = c2d_vmin(a.lower, b.lower);
    r.upper = c2d_vmax(a.upper, b.upper);
    return r;
}
/* True when b lies inside a, boundaries allowed to coincide (for broad-phase fat boxes). */
static inline bool c2d_aabb_contains(c2d_aabb a, c2d_aabb b) {
    return a.lower.x <= b.lower.x && a.lower.y <= b.lower.y && b.upper.x <= a.upper.x && b.upper.y <= a.upper.y;
}

/* ---- exact predicates (src/predicates.c) ---- */

/* Exact sign of the orientation of (a, b, c): +1 when c lies strictly left of the directed line
 * a -> b (counter-clockwise turn, y up), -1 strictly right, 0 collinear; 0 for a non-finite input.
 * Exact for coordinates within C2D_MAX_COORD: every such float input, and in double when every
 * non-zero coordinate has magnitude at least 2^-460 (src/predicates.c); a rounded filter settles
 * clear cases at the cost of a cross product. Every boolean decision of the library that rests on
 * orientation uses it. */
C2D_API int c2d_orient2d(c2d_vec2 a, c2d_vec2 b, c2d_vec2 c);

/* ---- point containment (strict: a point on the boundary is outside) ----
 * Shapes and points with a coordinate or size beyond C2D_MAX_COORD, NaN or infinite, contain
 * nothing and are contained by nothing (the overlap tests' input rule). */

/* Point strictly inside the box. */
C2D_API bool c2d_aabb_contains_point(c2d_aabb b, c2d_vec2 p);
/* Point strictly inside the circle. */
C2D_API bool c2d_circle_contains_point(c2d_circle c, c2d_vec2 p);
/* Point strictly inside the capsule. */
C2D_API bool c2d_capsule_contains_point(c2d_capsule c, c2d_vec2 p);
/* Point strictly inside the convex polygon. */
C2D_API bool c2d_polygon_contains_point(const c2d_polygon *poly, c2d_vec2 p);
/* Point strictly inside the concave polygon (crossing rule; boundary points are outside). */
C2D_API bool c2d_concave_contains_point(const c2d_concave *poly, c2d_vec2 p);
/* Point strictly inside the arc or wedge. */
C2D_API bool c2d_arc_contains_point(const c2d_arc *arc, c2d_vec2 p);
/* Point on the closed segment (segments have no interior, so their endpoints count; exact
 * orientation test, no tolerance). */
C2D_API bool c2d_segment_contains_point(c2d_segment s, c2d_vec2 p);

/* ---- closest points ---- */

/* Point of the closed segment nearest to p. */
C2D_API c2d_vec2 c2d_segment_closest_point(c2d_segment s, c2d_vec2 p);
/* Point of the closed box nearest to p (p itself when inside). */
C2D_API c2d_vec2 c2d_aabb_closest_point(c2d_aabb b, c2d_vec2 p);

#ifdef __cplusplus
}
#endif

#endif /* COLLIDE2D_GEOMETRY_H */
