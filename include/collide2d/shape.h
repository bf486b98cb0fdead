/* collide2d: the generic entry point. A tagged shape and one function per query for any pair,
 * dispatched through a const table; reversed pairs reuse the same entry with the result flipped. */
#ifndef COLLIDE2D_SHAPE_H
#define COLLIDE2D_SHAPE_H

#include "collision.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Kinds of convex shape the generic entry point handles. */
typedef enum c2d_shape_type {
    C2D_SHAPE_POINT = 0,
    C2D_SHAPE_SEGMENT = 1,
    C2D_SHAPE_AABB = 2,
    C2D_SHAPE_CIRCLE = 3,
    C2D_SHAPE_CAPSULE = 4,
    C2D_SHAPE_POLYGON = 5,
    C2D_SHAPE_TYPE_COUNT = 6
} c2d_shape_type;

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
    } as;
} c2d_shape;

/* Tagged point. */
static inline c2d_shape c2d_shape_from_point(c2d_vec2 p) { c2d_shape s; s.type = C2D_SHAPE_POINT; s.as.point = p; return s; }
/* Tagged segment. */
static inline c2d_shape c2d_shape_from_segment(c2d_segment v) { c2d_shape s; s.type = C2D_SHAPE_SEGMENT; s.as.segment = v; return s; }
/* Tagged box. */
static inline c2d_shape c2d_shape_from_aabb(c2d_aabb v) { c2d_shape s; s.type = C2D_SHAPE_AABB; s.as.aabb = v; return s; }
/* Tagged circle. */
static inline c2d_shape c2d_shape_from_circle(c2d_circle v) { c2d_shape s; s.type = C2D_SHAPE_CIRCLE; s.as.circle = v; return s; }
/* Tagged capsule. */
static inline c2d_shape c2d_shape_from_capsule(c2d_capsule v) { c2d_shape s; s.type = C2D_SHAPE_CAPSULE; s.as.capsule = v; return s; }
/* Tagged polygon (copied). */
static inline c2d_shape c2d_shape_from_polygon(const c2d_polygon *v) { c2d_shape s; s.type = C2D_SHAPE_POLYGON; s.as.polygon = *v; return s; }

/* True when the tag is known and the payload passes its is_valid check. */
C2D_API bool c2d_shape_is_valid(const c2d_shape *s);
/* Shape mapped by xf. A box under a rotation other than identity becomes a polygon. */
C2D_API c2d_shape c2d_shape_transform(const c2d_shape *s, c2d_transform xf);
/* Tight bounding box (a point gives a zero-size box). */
C2D_API c2d_aabb c2d_shape_aabb(const c2d_shape *s);
/* GJK proxy of the shape. */
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
/* Distance and closest points (GJK, or closed form where one exists). */
C2D_API c2d_distance_result c2d_shape_distance(const c2d_shape *a, const c2d_shape *b);

#ifdef __cplusplus
}
#endif

#endif /* COLLIDE2D_SHAPE_H */
