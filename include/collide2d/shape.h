/* SPDX-License-Identifier: MIT */
/* collide2d: the generic entry point. A tagged shape and one function per query for any pair,
 * dispatched through a const table; reversed pairs reuse the same entry with the result flipped. */
#ifndef COLLIDE2D_SHAPE_H
#define COLLIDE2D_SHAPE_H

#include "collision.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Kinds of shape the generic entry point handles (all convex but the concave polygon, queried as
 * its convex pieces, and the arc). New kinds are appended (bindings use the numbers). */
typedef enum c2d_shape_type {
    C2D_SHAPE_POINT = 0,
    C2D_SHAPE_SEGMENT = 1,
    C2D_SHAPE_AABB = 2,
    C2D_SHAPE_CIRCLE = 3,
    C2D_SHAPE_CAPSULE = 4,
    C2D_SHAPE_POLYGON = 5,
    C2D_SHAPE_ROUNDED_POLYGON = 6, /* a convex polygon inflated by a radius (c2d_rounded_polygon) */
    C2D_SHAPE_ELLIPSE = 7,         /* a rotated ellipse (c2d_ellipse) */
    C2D_SHAPE_WEDGE = 8,           /* a circular sector of angle <= pi (c2d_arc, inner radius 0) */
    C2D_SHAPE_CONCAVE = 9,         /* a simple polygon of any size, as its convex pieces (c2d_concave_shape) */
    C2D_SHAPE_ARC = 10,            /* an annular sector of any sweep, not convex (c2d_arc) */
    C2D_SHAPE_TYPE_COUNT = 11
} c2d_shape_type;

/* A convex polygon inflated by radius > 0: every point within radius of the polygon (Box2D's
 * rounded polygon), world frame. Make one with c2d_rounded_polygon_make. */
typedef struct c2d_rounded_polygon {
    c2d_polygon polygon;
    c2d_real radius;
} c2d_rounded_polygon;

/* An ellipse: the points p with (x/radii.x)^2 + (y/radii.y)^2 < 1, where (x, y) is p - center
 * turned back by rotation (radii.x lies along the rotated x axis), world frame. Make one with
 * c2d_ellipse_make. Queries on it are exact for containment, bounds, transform and ray casts (to
 * rounding) and within C2D_ELLIPSE_TOLERANCE of its size for the pair queries (src/support.c). */
typedef struct c2d_ellipse {
    c2d_vec2 center;
    c2d_vec2 radii;   /* semi-axes, each in [C2D_MIN_SIZE, C2D_MAX_COORD], ratio at most C2D_ELLIPSE_MAX_RATIO */
    c2d_rot rotation; /* unit */
} c2d_ellipse;

/* Relative tolerance of the support-function path (overlap, hit, manifold, distance and casts
 * for the pairs without a closed form, e.g. every pair with an ellipse): depths, distances and
 * contact times are within this fraction of the pair's size (tests/test_kinds.c checks it on
 * shapes of size 0.2 to 5); normals of curved shapes within about its square root. */
#ifdef C2D_DOUBLE
#  define C2D_ELLIPSE_TOLERANCE 1e-10
#else
#  define C2D_ELLIPSE_TOLERANCE 1e-3f
#endif

/* Largest ratio of an ellipse's semi-axes (c2d_ellipse_make refuses more). In float the support
 * path keeps C2D_ELLIPSE_TOLERANCE only so far: measured against the double build on ellipse-arc
 * distances, a 1e4:1 ellipse erred by at most 2.3e-5 of its size and a 7e5:1 needle by 2.8e-2. */
#ifdef C2D_DOUBLE
#  define C2D_ELLIPSE_MAX_RATIO 1e6
#else
#  define C2D_ELLIPSE_MAX_RATIO 1e4f
#endif

/* A concave (simple) polygon as a shape: its outline and its convex pieces, both in a local frame
 * and both in caller-owned memory that must outlive the shape (nothing is copied or allocated),
 * placed in the world by xf. Make one with c2d_concave_shape_make; c2d_shape_transform composes
 * xf and touches neither array. Queries see it as its pieces placed by xf, with one answer per
 * query (src/concave_shape.c): see c2d_concave_shape_make for the rules. */
typedef struct c2d_concave_shape {
    c2d_concave outline;       /* local frame (its vertices array is the caller's) */
    const c2d_polygon *pieces; /* local frame: convex, counter-clockwise, their union the outline's interior */
    int piece_count;           /* in [1, outline.count - 2] */
    c2d_transform xf;          /* local to world */
} c2d_concave_shape;

/* A tagged shape (world frame). Pass by const pointer; build with the c2d_shape_from_* helpers. */
typedef struct c2d_shape {
    c2d_shape_type type;
    union {
        c2d_vec2 point;
        c2d_segment segment;
        c2d_aabb aabb;
        c2d_circle circle;
        c2d_capsule capsule;
        c2d_polygon polygon;
        c2d_rounded_polygon rounded_polygon;
        c2d_ellipse ellipse;
        c2d_arc wedge;
        c2d_concave_shape concave;
        c2d_arc arc;
    } as;
} c2d_shape;

/* Tagged point. */
static inline c2d_shape c2d_shape_from_point(c2d_vec2 p) {
    c2d_shape s;
    s.type = C2D_SHAPE_POINT;
    s.as.point = p;
    return s;
}
/* Tagged segment. */
static inline c2d_shape c2d_shape_from_segment(c2d_segment v) {
    c2d_shape s;
    s.type = C2D_SHAPE_SEGMENT;
    s.as.segment = v;
    return s;
}
/* Tagged box. */
static inline c2d_shape c2d_shape_from_aabb(c2d_aabb v) {
    c2d_shape s;
    s.type = C2D_SHAPE_AABB;
    s.as.aabb = v;
    return s;
}
/* Tagged circle. */
static inline c2d_shape c2d_shape_from_circle(c2d_circle v) {
    c2d_shape s;
    s.type = C2D_SHAPE_CIRCLE;
    s.as.circle = v;
    return s;
}
/* Tagged capsule. */
static inline c2d_shape c2d_shape_from_capsule(c2d_capsule v) {
    c2d_shape s;
    s.type = C2D_SHAPE_CAPSULE;
    s.as.capsule = v;
    return s;
}
/* Tagged polygon (copied). */
static inline c2d_shape c2d_shape_from_polygon(const c2d_polygon *v) {
    c2d_shape s;
    s.type = C2D_SHAPE_POLYGON;
    s.as.polygon = *v;
    return s;
}

/* Tagged rounded polygon (copied). */
static inline c2d_shape c2d_shape_from_rounded_polygon(const c2d_rounded_polygon *v) {
    c2d_shape s;
    s.type = C2D_SHAPE_ROUNDED_POLYGON;
    s.as.rounded_polygon = *v;
    return s;
}
/* Tagged ellipse. */
static inline c2d_shape c2d_shape_from_ellipse(c2d_ellipse v) {
    c2d_shape s;
    s.type = C2D_SHAPE_ELLIPSE;
    s.as.ellipse = v;
    return s;
}

/* Tagged convex wedge (copied; make it with c2d_convex_wedge_make). */
static inline c2d_shape c2d_shape_from_wedge(const c2d_arc *v) {
    c2d_shape s;
    s.type = C2D_SHAPE_WEDGE;
    s.as.wedge = *v;
    return s;
}

/* Tagged concave polygon (the payload is copied; its outline and pieces arrays are not). */
static inline c2d_shape c2d_shape_from_concave(const c2d_concave_shape *v) {
    c2d_shape s;
    s.type = C2D_SHAPE_CONCAVE;
    s.as.concave = *v;
    return s;
}

/* ---- concave polygon as a shape (src/concave_shape.c) ---- */

/* Splits outline (c2d_concave_decompose) into the caller's pieces array (capacity at least
 * outline->count - 2 always suffices) and makes the shape: outline and pieces in the local frame,
 * placed by xf. Nothing is copied: outline->vertices and pieces must outlive the shape. Errors:
 * NULL_ARG, NOT_FINITE (xf, or its rotation not unit), those of c2d_concave_decompose
 * (BUFFER_TOO_SMALL, DEGENERATE, SELF_INTERSECTING, ...), OUT_OF_RANGE (placed bounds), DEGENERATE
 * (a piece that rounding flattens once placed by xf, which the queries refuse too, as one that
 * c2d_shape_transform has turned so; or pieces whose areas do not sum to the outline's, for an
 * outline so thin that rounding decides its area). O(n^2), as c2d_concave_decompose.
 * The rules of its queries, X being any other shape (another concave one included):
 * - overlap: X overlaps a piece; a point or a segment (no interior: counted as its closed self)
 *   is tested against the outline instead (c2d_concave_contains_point,
 *   c2d_concave_overlap_segment), so that one lying on a diagonal between two pieces is inside;
 * - distance: the smallest over the pieces (0 on overlap);
 * - ray cast: the outline's first entry (c2d_concave_raycast), in the local frame;
 * - hit: ONE push-out that separates X from the whole shape. Candidates are the hits of X with
 *   each piece it overlaps (plus a few rounding units when the moved X still overlaps its piece
 *   by rounding); a candidate whose push-out leaves X overlapping the shape is walked further
 *   along its own normal, past each piece it still overlaps (a linear cast back from beyond the
 *   shape finds the piece's far side), up to a point clear of the whole shape; when no piece's
 *   own push-out clears it (or X, a point or a segment, lies only along a diagonal between
 *   pieces), the four axis directions are walked too. The shortest candidate wins (ties: the
 *   first piece, then +x, -x, +y, -y). Limit: it is the shortest along those directions, not
 *   always the shortest of all. Whatever the case the push-out is finite and leaves no overlap
 *   under c2d_shape_overlap (tests/test_kinds.c); at worst X's box is moved beyond the shape's;
 * - manifold: the manifold of X with the piece whose hit gave the chosen normal, its normal set
 *   to c2d_shape_hit's and its depths shifted together so that the deepest is the push-out's
 *   length (a point left without depth is dropped); for an axis push-out, one point at the hit's
 *   contact with that depth; count 0 for points and segments as for every kind;
 * - linear casts: the earliest piece hit (pieces hit at the same time within rounding: the normal
 *   most against the motion, so a face meeting a face gives the face's normal, not a corner's),
 *   the smallest safe time over the pieces, then checked
 *   against the whole shape as c2d_shape_cast promises;
 * - two concave shapes: pieces against pieces, in a fixed order of the pair so that each answer is
 *   symmetric; hit and manifold are O(pieces^2) casts and tests, meant for few pieces. */
C2D_API c2d_status c2d_concave_shape_make(const c2d_concave *outline, c2d_polygon *pieces, int capacity, c2d_transform xf,
                                          c2d_concave_shape *out);
/* What c2d_concave_shape_make produces: a valid outline (O(n^2)), 1 to count - 2 valid pieces
 * whose areas sum to the outline's (relative 1e-3) inside its bounds, a valid xf, placed bounds
 * in range. */
C2D_API bool c2d_concave_shape_is_valid(const c2d_concave_shape *c);
/* Piece i (in [0, piece_count)) placed in the world frame; a zero polygon for a bad index. */
C2D_API c2d_polygon c2d_concave_shape_piece(const c2d_concave_shape *c, int i);
/* Tagged arc (copied; make it with c2d_arc_shape_make). */
static inline c2d_shape c2d_shape_from_arc(const c2d_arc *v) {
    c2d_shape s;
    s.type = C2D_SHAPE_ARC;
    s.as.arc = *v;
    return s;
}

/* ---- arc: annular sector (src/arc.c) ---- */

/* Annular sector as c2d_arc_make (inner radius 0: a wedge of any sweep) that the generic entry
 * point takes. Errors: those of c2d_arc_make; BAD_SIZE (outer minus inner radius below
 * C2D_MIN_SIZE). Its pair queries are exact (to rounding) against every kind but the ellipse,
 * which is within C2D_ELLIPSE_TOLERANCE of the pair's size in float, and in double within 1/1024
 * of the ellipse's size (only the best region found is refined to C2D_ELLIPSE_TOLERANCE); its push-out is the least of the
 * pushes along a few directions (out from its center through the other shape, the reverse, each
 * radial side's outward normal, and back across the inner or outer circle from each corner of the
 * other shape that pokes across it), each found by conservative advancement and so at most
 * C2D_ELLIPSE_TOLERANCE / 10 of the pair's size beyond a clear push along that direction, never
 * short: it separates, but is not always the least translation that would. Its manifold has the
 * hit's point and depth, and a second point where a flat face lies against a radial side. */
C2D_API c2d_status c2d_arc_shape_make(c2d_vec2 center, c2d_real inner_radius, c2d_real outer_radius, c2d_real start_angle,
                                      c2d_real end_angle, c2d_arc *out);
/* What c2d_arc_shape_make produces. */
C2D_API bool c2d_arc_shape_is_valid(const c2d_arc *a);
/* Ray or segment cast, exact: the first crossing of its two circles and two radial sides after
 * which the ray is inside (normal outward of the curve crossed); an origin inside: time 0 with
 * the nearest side's outward normal. */
C2D_API bool c2d_arc_raycast(const c2d_arc *a, c2d_raycast_input in, c2d_hit *out);

/* ---- convex wedge (src/wedge.c) ---- */

/* Circular sector from start_angle to end_angle (as c2d_wedge_make) that is convex: its angle at
 * most pi. Errors: those of c2d_wedge_make; BAD_SIZE (radius below C2D_MIN_SIZE), BAD_ANGLE (an
 * angle above pi). Its ray cast is exact (its three sides); its pair queries go through the support
 * path (C2D_ELLIPSE_TOLERANCE). */
C2D_API c2d_status c2d_convex_wedge_make(c2d_vec2 center, c2d_real radius, c2d_real start_angle, c2d_real end_angle, c2d_arc *out);
/* What c2d_convex_wedge_make produces. */
C2D_API bool c2d_convex_wedge_is_valid(const c2d_arc *w);

/* ---- rounded polygon (src/rounded_polygon.c) ---- */

/* Hull of points (as c2d_polygon_make) inflated by radius. Errors: those of c2d_polygon_make;
 * NOT_FINITE, OUT_OF_RANGE or BAD_SIZE (below C2D_MIN_SIZE) for the radius; NULL_ARG. */
C2D_API c2d_status c2d_rounded_polygon_make(const c2d_vec2 *points, int count, c2d_real radius, c2d_rounded_polygon *out);
/* What c2d_rounded_polygon_make produces (its polygon valid, its radius in range). */
C2D_API bool c2d_rounded_polygon_is_valid(const c2d_rounded_polygon *p);
/* Tight bounding box: the polygon's grown by the radius. */
C2D_API c2d_aabb c2d_rounded_polygon_aabb(const c2d_rounded_polygon *p);
/* Point strictly inside (closer than radius to the polygon, or inside it). */
C2D_API bool c2d_rounded_polygon_contains_point(const c2d_rounded_polygon *p, c2d_vec2 point);
/* The rounded polygon mapped by xf. */
C2D_API c2d_rounded_polygon c2d_rounded_polygon_transform(const c2d_rounded_polygon *p, c2d_transform xf);
/* Ray or segment cast (exact: the first entry into an edge capsule; an origin inside: time 0 with
 * the nearest boundary's normal, from the support path). */
C2D_API bool c2d_rounded_polygon_raycast(const c2d_rounded_polygon *p, c2d_raycast_input in, c2d_hit *out);

/* ---- ellipse (src/ellipse.c) ---- */

/* Ellipse of semi-axes rx (along the direction of angle, radians) and ry. Errors: NOT_FINITE,
 * OUT_OF_RANGE (center, radii or |angle| beyond C2D_MAX_COORD), BAD_SIZE (a radius below
 * C2D_MIN_SIZE, or one more than C2D_ELLIPSE_MAX_RATIO times the other: 1e4 in float, 1e6 in
 * double); NULL_ARG. */
C2D_API c2d_status c2d_ellipse_make(c2d_vec2 center, c2d_real rx, c2d_real ry, c2d_real angle, c2d_ellipse *out);
/* What c2d_ellipse_make produces (rotation unit within 1e-4). */
C2D_API bool c2d_ellipse_is_valid(c2d_ellipse e);
/* Tight bounding box. */
C2D_API c2d_aabb c2d_ellipse_aabb(c2d_ellipse e);
/* Point strictly inside. */
C2D_API bool c2d_ellipse_contains_point(c2d_ellipse e, c2d_vec2 p);
/* The ellipse mapped by xf. */
C2D_API c2d_ellipse c2d_ellipse_transform(c2d_ellipse e, c2d_transform xf);
/* Point of the ellipse farthest along dir (the center for a zero dir). */
C2D_API c2d_vec2 c2d_ellipse_support(c2d_ellipse e, c2d_vec2 dir);
/* Ray or segment cast in closed form (a tangent ray does not hit; an origin inside: time 0 with
 * the normal of the ellipse's level curve through the origin). */
C2D_API bool c2d_ellipse_raycast(c2d_ellipse e, c2d_raycast_input in, c2d_hit *out);

/* True when the tag is known and the payload passes its is_valid check. */
C2D_API bool c2d_shape_is_valid(const c2d_shape *s);
/* Why c2d_shape_is_valid refuses s, or C2D_OK when it accepts it; the rule the world applies to
 * the shapes it is given. Checked in this order: C2D_ERR_NULL_ARG, C2D_ERR_UNSUPPORTED (an unknown
 * tag), C2D_ERR_NOT_FINITE (any NaN or infinity), C2D_ERR_OUT_OF_RANGE (a coordinate or size beyond
 * C2D_MAX_COORD), then the kind's own reason: C2D_ERR_BAD_SIZE (a radius, extent or box too small),
 * C2D_ERR_BAD_ANGLE (a wedge's sweep), C2D_ERR_TOO_MANY_POINTS, C2D_ERR_DEGENERATE (anything else). */
C2D_API c2d_status c2d_shape_validate(const c2d_shape *s);
/* Shape mapped by xf. A box under a rotation other than identity becomes a polygon. */
C2D_API c2d_shape c2d_shape_transform(const c2d_shape *s, c2d_transform xf);
/* Tight bounding box (a point gives a zero-size box). */
C2D_API c2d_aabb c2d_shape_aabb(const c2d_shape *s);
/* GJK proxy of the shape (its core points and radius); a curved kind (ellipse, wedge, arc) or a
 * concave one has none:
 * count 0, which c2d_distance and c2d_time_of_impact refuse. */
C2D_API c2d_proxy c2d_shape_proxy(const c2d_shape *s);
/* Point strictly inside (points and segments: the point lies on them). */
C2D_API bool c2d_shape_contains_point(const c2d_shape *s, c2d_vec2 p);

/* Interiors of a and b intersect (the library's touching rule). Symmetric. An unknown tag asserts
 * (see c2d_set_assert_handler) and returns false. */
C2D_API bool c2d_shape_overlap(const c2d_shape *a, const c2d_shape *b);
/* Overlap plus contact point, normal (B toward A) and push-out delta for A. */
C2D_API bool c2d_shape_hit(const c2d_shape *a, const c2d_shape *b, c2d_hit *out);
/* Contact manifold (normal B toward A); count 0 without overlap or for point/segment pairs. */
C2D_API c2d_manifold c2d_shape_manifold(const c2d_shape *a, const c2d_shape *b);
/* Ray or segment cast against the shape (a point never blocks a ray). */
C2D_API bool c2d_shape_raycast(const c2d_shape *s, c2d_raycast_input in, c2d_hit *out);
/* The same cast through the support-function path (conservative advancement on GJK distance,
 * src/support.c) for any kind, whatever closed form its kind has: a reference for tests and new
 * convex kinds (an arc is cast against its convex hull). Hits at most C2D_ELLIPSE_TOLERANCE (relative) before the exact time, never after it. */
C2D_API bool c2d_shape_raycast_support(const c2d_shape *s, c2d_raycast_input in, c2d_hit *out);
/* Distance and closest points (GJK, or closed form where one exists). Agrees with
 * c2d_shape_overlap: the distance is 0 whenever that test says the interiors overlap. A shape that
 * test refuses (out of range or not finite, a zero or negative radius, an empty box, a polygon
 * with a bad count, non-finite normals or a non-positive area) gives C2D_DISTANCE_INVALID_INPUT
 * with the reason in error: C2D_ERR_NULL_ARG, C2D_ERR_UNSUPPORTED (an unknown tag),
 * C2D_ERR_NOT_FINITE, C2D_ERR_OUT_OF_RANGE, C2D_ERR_TOO_MANY_POINTS, C2D_ERR_BAD_SIZE (a radius
 * below C2D_MIN_SIZE, an empty box) or C2D_ERR_DEGENERATE (a polygon's count or area). */
C2D_API c2d_distance_result c2d_shape_distance(const c2d_shape *a, const c2d_shape *b);

/* ---- continuous collision: linear casts (src/cast.c; with rotation: c2d_time_of_impact) ---- */

/* Linear cast: a moves by delta_a while b moves by delta_b (constant velocities over the step;
 * the time depends only on delta_a - delta_b). hit.time is the first time the interiors overlap
 * (points and segments count as their closed selves); hit.normal (B toward A) and hit.pos (on B's
 * surface, B moved by hit.time * delta_b) describe the contact; hit.delta is
 * (hit.time - 1) * (delta_a - delta_b). sweep.time backs off from hit.time by C2D_SWEEP_MARGIN
 * along the relative path plus a rounding allowance (the rule of c2d_aabb_sweep_aabb), so that a
 * moved by time * delta_a and b moved by time * delta_b do not touch; sweep.pos is then the center
 * of a's bounding box. Already overlapping: time 0 with c2d_shape_hit's push-out; touching then
 * moving in: time 0; sliding along or moving away: no hit; zero relative motion: the static test.
 * No hit: time 1, pos = a's center + delta_a. Every position returned (hit or no hit, unless a
 * already overlaps b at the start) is clear under c2d_shape_overlap with a translated by
 * time * delta_a and b by time * delta_b (c2d_shape_transform): when rounding puts it in
 * overlap (a slide exactly along a face), time steps back along the path by C2D_SWEEP_MARGIN,
 * doubling, then bisects, to a clear time > 0; a cast without a hit then reports one at the first
 * time the static test finds overlap, with c2d_shape_hit's normal and point there. A path within
 * rounding of parallel to the face it would enter (|d . n| <= 4 eps |d|) slides: no hit but by
 * that static check. Invalid a or delta (or NULL, unknown tag: asserts):
 * no hit, time 0, pos = a's center (or (0,0)); an invalid b is never hit. Polygons are checked in
 * O(n): finite, counter-clockwise, strictly convex, unit normals within about 8 degrees of their
 * edges'. Exact closed forms, no iteration (Minkowski difference of the two shapes, src/cast.c),
 * for every pair of kinds with a polygonal core; a pair with a curved kind (ellipse, wedge) takes
 * conservative advancement (src/support.c), whose contact time is at most C2D_ELLIPSE_TOLERANCE
 * early and never late; a pair with an arc (not convex) takes conservative advancement on the exact
 * distance (src/arc.c), at most C2D_ELLIPSE_TOLERANCE / 10 of the pair's size early, never late
 * (a point against an arc: its exact ray cast). */
C2D_API c2d_sweep c2d_shape_cast(const c2d_shape *a, c2d_vec2 delta_a, const c2d_shape *b, c2d_vec2 delta_b);
/* Sweeps a by delta through count static shapes (the article's sweepInto): the earliest hit of
 * c2d_shape_cast, ties in hit time going to the static first in the order (type, then its
 * coordinates) whatever the array order. sweep.time is the smallest safe time over every static
 * hit (or no hit), then checked against all of them as above, so sweep.pos keeps clear of every
 * static under c2d_shape_overlap. *hit_index (may be NULL) gets the index of the
 * static hit, or -1. Invalid statics are skipped. */
C2D_API c2d_sweep c2d_shape_sweep_into(const c2d_shape *a, c2d_vec2 delta, const c2d_shape *statics, int count, int *hit_index);

/* ---- continuous collision with rotation for any kind (src/cast.c) ---- */

/* Input of c2d_shape_time_of_impact: c2d_toi_input with shapes instead of proxies; a zeroed field
 * means its default. */
typedef struct c2d_shape_toi_input {
    const c2d_shape *a, *b; /* the shapes in their local frames, placed by their motions */
    c2d_motion motion_a, motion_b;
    c2d_real t_max;     /* as c2d_toi_input.t_max */
    c2d_real target;    /* as c2d_toi_input.target (raised further for an ellipse or wedge, below) */
    int max_iterations; /* as c2d_toi_input.max_iterations, per convex pair for a concave shape */
} c2d_shape_toi_input;

/* c2d_time_of_impact for any pair of kinds, with the same statuses, normal (B toward A), point
 * and never-tunnels guarantee. Each kind goes its own way through the kind table: two kinds with a
 * GJK proxy (c2d_shape_proxy) are c2d_time_of_impact itself; a concave shape is the earliest over
 * its convex pieces (each piece against the other shape; t the smallest safe time over the pieces,
 * iterations summed; overlapped also when the whole shapes overlap at the start by
 * c2d_shape_overlap, as a shape lying along a diagonal between pieces does); any other pair (an arc, ellipse or wedge in it) is conservative advancement
 * on c2d_shape_distance with the motion bound |relative velocity| + sum of |angular speed| times
 * reach (the farthest corner of the shape's local box from its rotation center). That distance is
 * exact to rounding for arcs against polygonal kinds and sectors; with an ellipse or wedge in the
 * pair it is within C2D_ELLIPSE_TOLERANCE of the scene's size, so the target is raised to twice
 * that and the gap kept at t is at least half the target. With an arc in the pair, a start within
 * the rounding floor of touching is a hit at 0 whatever the motion (a motion along an arc's radial
 * side or inner circle can enter it), not c2d_time_of_impact's separated for a motion that does
 * not close the gap along the normal. Rejected input: C2D_TOI_FAILED with
 * C2D_ERR_NULL_ARG (no input or shape), a shape's c2d_shape_distance reason, or the motion, t_max
 * and target reasons of c2d_time_of_impact. */
C2D_API c2d_toi_result c2d_shape_time_of_impact(const c2d_shape_toi_input *input);

#ifdef __cplusplus
}
#endif

#endif /* COLLIDE2D_SHAPE_H */
