/* The rounded-shape core of the narrow phase (internal, not installed): the types that
 * src/manifold.c's algorithm and the SSE kernels of src/simd/manifold_sse.c share. See the top of
 * src/manifold.c for the method. */
#ifndef COLLIDE2D_RSHAPE_H
#define COLLIDE2D_RSHAPE_H

#include <string.h>
#include "internal.h"
#include "validate.h"

/* Room for a box even if C2D_MAX_POLYGON_VERTICES is set to 3, rounded up to whole blocks of 4
 * lanes: the unused lanes repeat vertex 0, so that loops over whole blocks need no remainder and
 * min/max over them are unchanged. */
#define RS_MAX (C2D_MAX_POLYGON_VERTICES > 4 ? C2D_MAX_POLYGON_VERTICES : 4)
#define RS_N (((RS_MAX) + 3) / 4 * 4)

/* A decision is sure when it clears the touching boundary by this many rounding units of the
 * shapes' size; closer calls are settled by the exact predicates of overlap.c. */
#define SURE_ULPS ((c2d_real)256)

/* For the small helpers of the circle-polygon path, which must melt into their caller so that
 * their vector values stay in registers. */
#if defined(__GNUC__)
#  define FORCE_INLINE inline __attribute__((always_inline))
#else
#  define FORCE_INLINE inline
#endif

/* How sure a decision is (see SURE_ULPS). */
typedef enum verdict {
    RS_NO = 0,
    RS_YES = 1,
    RS_UNSURE = 2,
    RS_BAD = 3 /* invalid input */
} verdict;

/* A depth kept strictly positive. When the shapes only just overlap (as settled by the exact
 * predicates of overlap.c), the rounded depth can come out zero or slightly negative, and is
 * replaced by a rounding-sized one (scale is the shapes' size). */
static inline c2d_real positive_depth(c2d_real depth, c2d_real scale) {
    c2d_real tiny = C2D_EPSILON * scale;
    if (!(tiny > 0)) tiny = REAL_MIN;
    return depth > tiny ? depth : tiny;
}

/* A convex core of 1 to RS_MAX vertices grown by a radius. */
typedef struct rshape {
    /* core vertices, counter-clockwise, local frame, as separate x and y lanes (so that loops over
     * them vectorise); lanes from count to the end of its block of 4 repeat vertex 0 */
    c2d_real vx[RS_N], vy[RS_N];
    /* face i (count >= 2): outward unit normal of the edge from vertex i to vertex i+1, and its
     * offset n_i . v_i. Lanes from count to the end of the block hold no face: normal (0,0) and
     * offset REAL_MAX, so that they never give the largest separation. */
    c2d_real nx[RS_N], ny[RS_N], off[RS_N];
    int count;       /* 1, 2, or 3..RS_MAX */
    c2d_real radius; /* >= 0 */
    c2d_real size;   /* largest |coordinate| of the core in the local frame, plus the radius */
} rshape;

/* Twice a polygon's signed area as a loader sums it (in its own frame and order), clearly positive:
 * beyond the rounding of its terms, whose magnitudes sum to mag (for terms a*b - c*d, mag sums
 * |a*b| + |c*d|). A loader that is not sure asks c2d_polygon_usable (overlap.c's rule, on the
 * polygon's own coordinates), so that a sliver whose area is within rounding of zero is accepted or
 * refused exactly as the overlap tests do. */
static inline bool area_sure(c2d_real area, c2d_real mag) { return area > 32 * C2D_EPSILON * mag; }

typedef struct contact {
    c2d_vec2 normal; /* unit, from B toward A */
    c2d_real depth;  /* > 0: A moved by normal * depth touches B */
    c2d_vec2 pos;    /* on B's surface, where A touches it after the push (local frame) */
} contact;

/* The contact of a disk of radius r centred at the local origin whose nearest feature of the
 * polygon is a face with outward normal n at signed distance sep: out along n, foot on the face. */
static inline void face_contact(contact *out, c2d_vec2 n, c2d_real sep, c2d_real r, c2d_real scale) {
    out->normal = n;
    out->depth = positive_depth(r - sep, scale);
    out->pos = c2d_scale(n, -sep);
}

/* The contact of the same disk whose nearest point of the polygon is q at distance d > 0 (a vertex
 * or a point of an edge beside the best face): out along the line from q to the center. A d too
 * small to have a normal square (below C2D_NORMALIZE_TINY) came from a subnormal squared length
 * and has lost its precision (a normal 0.18% long was seen): the direction is then normalised on
 * its own. */
static inline void point_contact(contact *out, c2d_vec2 q, c2d_real d, c2d_real r, c2d_real scale) {
    c2d_vec2 nq = c2d_sub(c2d_v2(0, 0), q);
    out->normal = d >= (c2d_real)C2D_NORMALIZE_TINY ? c2d_scale(nq, (c2d_real)1 / d) : c2d_normalize(nq);
    out->depth = positive_depth(r - d, scale);
    out->pos = q;
}

/* gap is a distance (or separation) minus the sum of the radii: negative means overlap. */
static inline verdict judge(c2d_real gap, c2d_real tol) {
    if (gap >= tol) return RS_NO;
    if (gap <= -tol) return RS_YES;
    return RS_UNSURE;
}

/* A point's id in a manifold: the vertex of A (bits 8..15) and the vertex of B (bits 0..7). */
#define MAKE_ID(ia, ib) (((uint32_t)(ia) << 8) | (uint32_t)(ib))

/* ---- the rounded-shape core (src/rshape.c) ---- */

/* Unit vector along a non-zero v, scaled by its largest component first so that tiny vectors do
 * not underflow when squared. */
c2d_vec2 c2d_unit_of(c2d_vec2 v);
/* The outward unit normal of edge i of p when its vector is too short to normalise directly. */
c2d_vec2 c2d_short_edge_normal(const c2d_polygon *p, int i);
/* Cores relative to the origin o: a point (or a circle's center) grown by radius, a segment (or a
 * capsule's core; one point when p1 == p2) grown by radius, a box. The polygon's loader, which
 * checks the polygon, is c2d_rs_polygon (src/simd/simd.h). */
/* Point of the closed segment a-b nearest to x, and its fraction (ends returned exactly). */
c2d_vec2 c2d_nearest_on_segment(c2d_vec2 x, c2d_vec2 a, c2d_vec2 b, c2d_real *t);
void c2d_rs_point(rshape *s, c2d_vec2 p, c2d_real radius, c2d_vec2 o);
void c2d_rs_segment(rshape *s, c2d_vec2 p1, c2d_vec2 p2, c2d_real radius, c2d_vec2 o);
void c2d_rs_aabb(rshape *s, c2d_aabb b, c2d_vec2 o);
/* The push-out of a from b (the hit, local frame) with its verdict; *out is written unless RS_NO. */
verdict c2d_rs_contact(const rshape *a, const rshape *b, contact *out);
/* The contact manifold of a against b (world frame: the local frame's origin is o) with its
 * verdict; *m is written unless RS_NO. */
verdict c2d_rs_manifold(const rshape *a, const rshape *b, c2d_vec2 o, c2d_manifold *m);

/* ---- results, shared by the pair wrappers (src/manifold.c, src/disk.c) ---- */

/* v / s in both coordinates. */
static inline c2d_vec2 rs_div_vec2(c2d_vec2 v, c2d_real s) { return c2d_v2(v.x / s, v.y / s); }

/* A manifold of one point (world frame), built in one piece. */
static inline c2d_manifold rs_single_point(c2d_vec2 normal, c2d_vec2 point, c2d_real depth, uint32_t id) {
    c2d_manifold m;
    m.normal = normal;
    m.points[0].point = point;
    m.points[0].depth = depth;
    m.points[0].id = id;
    m.points[1].point = c2d_v2(0, 0);
    m.points[1].depth = 0;
    m.points[1].id = 0;
    m.count = 1;
    return m;
}

/* A manifold of one point midway between the surfaces of a contact (local frame, origin o). */
static inline c2d_manifold rs_one_point_manifold(const contact *c, c2d_vec2 o, uint32_t id) {
    return rs_single_point(c->normal, c2d_add(o, c2d_mul_add(c->pos, (c2d_real)-0.5 * c->depth, c->normal)), c->depth, id);
}

/* Writes the world-frame hit (out may be NULL) when the verdict, settled by the exact predicate
 * when unsure, is an overlap. */
static inline bool rs_finish_hit(verdict v, bool exact, const contact *c, c2d_vec2 o, c2d_hit *out) {
    if (v == RS_NO || (v == RS_UNSURE && !exact)) return false;
    if (out) {
        out->pos = c2d_add(o, c->pos);
        out->normal = c->normal;
        out->delta = c2d_scale(c->normal, c->depth);
        out->time = 0;
    }
    return true;
}

/* The manifold when the verdict, settled by the exact predicate when unsure, is an overlap. */
static inline c2d_manifold rs_finish_manifold(verdict v, bool exact, const c2d_manifold *m) {
    c2d_manifold e;
    if (v == RS_YES || (v == RS_UNSURE && exact)) return *m;
    memset(&e, 0, sizeof e);
    return e;
}

static inline c2d_manifold rs_empty_manifold(void) {
    c2d_manifold m;
    memset(&m, 0, sizeof m);
    return m;
}

#endif
