/* The rounded-shape core of the narrow phase (internal, not installed): the types that
 * src/manifold.c's algorithm and the SSE kernels of src/simd/manifold_sse.c share. See the top of
 * src/manifold.c for the method. */
#ifndef COLLIDE2D_RSHAPE_H
#define COLLIDE2D_RSHAPE_H

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
#define FORCE_INLINE inline __attribute__((always_inline))
#else
#define FORCE_INLINE inline
#endif

/* How sure a decision is (see SURE_ULPS). */
typedef enum verdict {
    RS_NO = 0, RS_YES = 1, RS_UNSURE = 2,
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
    int count;           /* 1, 2, or 3..RS_MAX */
    c2d_real radius;     /* >= 0 */
    c2d_real size;       /* largest |coordinate| of the core in the local frame, plus the radius */
} rshape;

/* Twice a polygon's signed area as a loader sums it (in its own frame and order), clearly positive:
 * beyond the rounding of its terms, whose magnitudes sum to mag (for terms a*b - c*d, mag sums
 * |a*b| + |c*d|). A loader that is not sure asks c2d_polygon_usable (overlap.c's rule, on the
 * polygon's own coordinates), so that a sliver whose area is within rounding of zero is accepted or
 * refused exactly as the overlap tests do. */
static inline bool area_sure(c2d_real area, c2d_real mag) { return area > 32 * C2D_EPSILON * mag; }

typedef struct contact {
    c2d_vec2 normal;  /* unit, from B toward A */
    c2d_real depth;   /* > 0: A moved by normal * depth touches B */
    c2d_vec2 pos;     /* on B's surface, where A touches it after the push (local frame) */
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



#endif
