/* The shape-kind table: one const entry per c2d_shape_type, the only place the generic layer
 * (src/shape.c, src/cast.c) learns what a kind is. Private; not installed. */
#ifndef COLLIDE2D_KIND_H
#define COLLIDE2D_KIND_H

#include "internal.h"

/* What the linear cast (src/cast.c) can do with a kind; the cast picks its path from the pair
 * of these. */
typedef enum c2d_cast_kind {
    C2D_CAST_BOX,     /* an axis-aligned box: the exact box sweep against another box */
    C2D_CAST_POINT,   /* a point: a ray cast of the point against the other shape */
    C2D_CAST_DISK,    /* a c2d_circle payload: a ray cast against the circle of the summed radius */
    C2D_CAST_CORE,    /* a polygonal core plus a radius: the exact Minkowski-difference cast */
    C2D_CAST_SUPPORT, /* only a support function: conservative advancement (src/support.c) */
    C2D_CAST_PIECES,  /* made of convex pieces (piece_count, piece): each piece cast, then settled */
    C2D_CAST_DISTANCE /* not convex: conservative advancement on c2d_shape_distance (src/arc.c) */
} c2d_cast_kind;

/* The form of a kind's polygonal core. */
typedef enum c2d_core_form {
    C2D_CORE_NONE,    /* no polygonal core (a curved core such as the ellipse's) */
    C2D_CORE_POINT,   /* p1 */
    C2D_CORE_SEGMENT, /* p1-p2 (may coincide) */
    C2D_CORE_BOX,     /* lower p1, upper p2 */
    C2D_CORE_POLYGON  /* *polygon */
} c2d_core_form;

/* A shape seen as a convex core inflated by a radius (the rounded-shape view of Box2D), without
 * copying: a view into the shape it came from. */
typedef struct c2d_core_view {
    c2d_core_form form;
    c2d_vec2 p1, p2;
    const c2d_polygon *polygon;
    c2d_real radius; /* 0 for kinds without one */
} c2d_core_view;

/* One row of the kind table. Every function takes a shape of this kind (the caller has looked the
 * tag up); none allocates. */
typedef struct c2d_kind {
    const char *name;
    bool solid;                             /* has an interior (points and segments count as their closed selves) */
    bool rounded;                           /* the core view's radius belongs to the shape (circle, capsule, rounded polygon) */
    c2d_cast_kind cast;                     /* what the linear cast needs */
    bool (*is_valid)(const c2d_shape *s);   /* what the constructor guarantees */
    bool (*usable)(const c2d_shape *s);     /* what the static queries and distance accept */
    c2d_aabb (*bounds)(const c2d_shape *s); /* tight box */
    bool (*contains)(const c2d_shape *s, c2d_vec2 p);
    c2d_shape (*transform)(const c2d_shape *s, c2d_transform xf);
    bool (*raycast)(const c2d_shape *s, c2d_raycast_input in, c2d_hit *out);
    c2d_core_view (*core)(const c2d_shape *s); /* form C2D_CORE_NONE when curved */
    /* The core's point farthest along dir (radius not included), relative to o. */
    c2d_vec2 (*support)(const c2d_shape *s, c2d_vec2 dir, c2d_vec2 o);
    /* Kinds made of convex pieces (cast C2D_CAST_PIECES; NULL for the others): how many, and
     * piece i as a shape in the world frame. */
    int (*piece_count)(const c2d_shape *s);
    c2d_shape (*piece)(const c2d_shape *s, int i);
    /* Kinds without a core view that are not pieced (NULL for the others, whose core view grows by
     * its radius): the shape grown by r > 0 as up to C2D_SKIN_PARTS shapes written to out, whose
     * union holds the shape and lies within r of it; returns how many (0 when they cannot be
     * made). Used by the character mover for its skin (src/mover.c). */
    int (*skin)(const c2d_shape *s, c2d_real r, c2d_shape *out);
} c2d_kind;

/* Most shapes a kind's skin() writes. */
#define C2D_SKIN_PARTS 4

/* The rows of the kinds that live in their own files. */
extern const c2d_kind c2d_kind_rounded_polygon; /* src/rounded_polygon.c */
extern const c2d_kind c2d_kind_ellipse;         /* src/ellipse.c */
extern const c2d_kind c2d_kind_wedge;           /* src/wedge.c */
extern const c2d_kind c2d_kind_concave;         /* src/concave_shape.c */
extern const c2d_kind c2d_kind_arc;             /* src/arc.c */

/* A sector (arc or wedge) placed by a rigid transform: the center moved, and for a rotation the
 * sector made again at its turned start angle, or its directions turned if that is refused
 * (src/arc.c). */
c2d_arc c2d_arc_transformed(const c2d_arc *w, c2d_transform xf);

/* The skin of a sector (arc or wedge, src/wedge.c): exactly the points within r of it, as the
 * sector with its radii grown by r (the inner one down to 0), a capsule of radius r along each
 * radial side (none for a full ring), and, when r exceeds the inner radius, the disk of radius
 * r - inner about the center. Returns the count (0 when the grown sector cannot be made). */
int c2d_sector_skin(const c2d_arc *w, c2d_real r, c2d_shape *out);

/* The row of a tag, or NULL for an unknown one (src/shape.c). */
const c2d_kind *c2d_kind_of(c2d_shape_type t);
/* The shape's own row accepts it (what the static queries and distance take); false for NULL or
 * an unknown tag. */
static inline bool c2d_kind_usable(const c2d_shape *s) {
    const c2d_kind *k = s != NULL ? c2d_kind_of(s->type) : NULL;
    return k != NULL && k->usable(s);
}

/* The core view of a curved kind: form C2D_CORE_NONE, no radius (src/shape.c). */
c2d_core_view c2d_core_none(const c2d_shape *s);

/* The tight box of a kind from its support function along the four axes (src/shape.c). */
c2d_aabb c2d_bounds_from_support(const c2d_shape *s);

/* An empty manifold (count 0, all zero) and the distance of invalid input (src/shape.c). */
c2d_manifold c2d_manifold_none(void);
c2d_distance_result c2d_distance_invalid(c2d_status why);

/* The support point of a polygonal core view (every kind with one uses it; src/shape.c). */
c2d_vec2 c2d_core_support(c2d_core_view c, c2d_vec2 dir, c2d_vec2 o);

/* ---- the support-function path (src/support.c) ----
 * Any pair of kinds with a support function: GJK on the cores for distance, EPA for the depth of
 * overlapping cores, the radii taken off along the normal. The shapes are checked with the kind's
 * usable(); unusable shapes never overlap and give C2D_DISTANCE_INVALID_INPUT (error: c2d_shape_status). overlap, hit,
 * manifold and distance come from one computation, so they agree; the pair is put in a fixed
 * order first, so each query is symmetric to the bit. */
bool c2d_support_overlap(const c2d_shape *a, const c2d_shape *b);
bool c2d_support_hit(const c2d_shape *a, const c2d_shape *b, c2d_hit *out);
c2d_manifold c2d_support_manifold(const c2d_shape *a, const c2d_shape *b);
c2d_distance_result c2d_support_distance(const c2d_shape *a, const c2d_shape *b);
/* Ray cast of any support kind by conservative advancement (a point cast against the shape). */
bool c2d_support_raycast(const c2d_shape *s, c2d_raycast_input in, c2d_hit *out);
/* Linear cast by conservative advancement: a moving by d against a still b, both usable. Returns
 * 0 for a miss, 1 for a first contact at *t (normal B toward A, *pos on B's surface), 2 when the
 * shapes overlap or touch at the start (*normal: the push-out direction, may be zero). */
int c2d_support_cast(const c2d_shape *a, const c2d_shape *b, c2d_vec2 d, c2d_real *t, c2d_vec2 *normal, c2d_vec2 *pos);

/* ---- kinds made of convex pieces (src/concave_shape.c) ----
 * The pair cells of such a kind against every kind: a is the pieced shape, b any shape (another
 * pieced one included); each answer is one for the whole shape, built from the generic queries on
 * its pieces (see c2d_concave_shape_make in shape.h for the rules). */
bool c2d_pieces_overlap(const c2d_shape *a, const c2d_shape *b);
bool c2d_pieces_hit(const c2d_shape *a, const c2d_shape *b, c2d_hit *out);
c2d_manifold c2d_pieces_manifold(const c2d_shape *a, const c2d_shape *b);
c2d_distance_result c2d_pieces_distance(const c2d_shape *a, const c2d_shape *b);
/* ---- the arc's pair queries (src/arc.c) ----
 * Any kind against an arc, in either order but with the arc second unless both are sectors (arc
 * or wedge; then the order is fixed inside, so each query is symmetric to the bit). Exact for
 * kinds with a polygonal core and for sectors; C2D_ELLIPSE_TOLERANCE for other curved kinds. */
bool c2d_arc_pair_overlap(const c2d_shape *a, const c2d_shape *b);
bool c2d_arc_pair_hit(const c2d_shape *a, const c2d_shape *b, c2d_hit *out);
c2d_manifold c2d_arc_pair_manifold(const c2d_shape *a, const c2d_shape *b);
c2d_distance_result c2d_arc_pair_distance(const c2d_shape *a, const c2d_shape *b);
/* Linear cast of a by d against a still b by conservative advancement on c2d_shape_distance; the
 * return and outputs as c2d_support_cast's. */
int c2d_arc_cast(const c2d_shape *a, const c2d_shape *b, c2d_vec2 d, c2d_real *t, c2d_vec2 *normal, c2d_vec2 *pos);

#endif /* COLLIDE2D_KIND_H */
