/* Shapes: validating constructors, validity checks, transforms, bounding boxes, strict point
 * containment and closest points. The convex hull builder behind c2d_polygon_make is in hull.c.
 *
 * Every 2D shape counts only its open interior, so the containment tests use strict
 * inequalities arranged so that a NaN anywhere makes them fail. Differences are taken relative to
 * a point of the shape (its center or a vertex) before any product, so that shapes far from the
 * origin keep their precision. */
#include <string.h>
#include "internal.h"
#include "simd/simd.h"

#ifdef C2D_DOUBLE
#  define C2D_FMOD fmod
#else
#  define C2D_FMOD fmodf
#endif

#define C2D_TWO_PI ((c2d_real)6.28318530717958647692)

/* Tolerance of the is_valid checks on unit vectors and on directions that must match an edge or
 * an angle (the same 1e-3 as c2d_transform_is_valid). */
#define C2D_UNIT_TOLERANCE ((c2d_real)1e-3)

/* ------------------------------------------------------------------------------------------ */
/* small helpers */

/* NOT_FINITE when any value is NaN or infinite, else OUT_OF_RANGE when any exceeds
 * C2D_MAX_COORD, else OK. A NaN anywhere wins over a value that is merely too large. */
static c2d_status check_reals(const c2d_real *v, int n) {
    int i;
    for (i = 0; i < n; ++i) {
        if (!C2D_ISFINITE(v[i])) return C2D_ERR_NOT_FINITE;
    }
    for (i = 0; i < n; ++i) {
        if (C2D_ABS(v[i]) > C2D_MAX_COORD) return C2D_ERR_OUT_OF_RANGE;
    }
    return C2D_OK;
}

/* The bounding box of nothing: lower above upper by the whole coordinate range. It overlaps no
 * box (every strict test fails) and leaves any valid box unchanged under c2d_aabb_union. Returned
 * for shapes holding NaN or infinity so that no NaN leaks into a bounding box. */
static c2d_aabb empty_aabb(void) {
    c2d_aabb b;
    b.lower = c2d_v2(C2D_MAX_COORD, C2D_MAX_COORD);
    b.upper = c2d_v2(-C2D_MAX_COORD, -C2D_MAX_COORD);
    return b;
}

/* |v - (x, y)| within the unit tolerance (used to compare a stored unit vector with the one it
 * should be). False for NaN. */
static bool unit_matches(c2d_vec2 v, c2d_vec2 expected) {
    c2d_real dx = v.x - expected.x, dy = v.y - expected.y;
    return dx * dx + dy * dy <= C2D_UNIT_TOLERANCE * C2D_UNIT_TOLERANCE;
}

/* True when the length of v is 1 within the unit tolerance. False for NaN. */
static bool is_unit(c2d_vec2 v) {
    c2d_real l = c2d_len(v);
    return C2D_ABS(l - (c2d_real)1) <= C2D_UNIT_TOLERANCE;
}

/* The rotation of xf scaled back to unit length, so that a transform whose cosine and sine carry
 * a little drift still moves shapes rigidly (normals stay unit). A zero or non-finite rotation is
 * left as it is. */
static c2d_transform clean_transform(c2d_transform xf) {
    c2d_real m = xf.q.c * xf.q.c + xf.q.s * xf.q.s;
    /* Renormalise only a rotation that is measurably off unit length: the common case (made by
     * c2d_rot_make) costs no square root or division. */
    if (C2D_ABS(m - 1) > 4 * C2D_EPSILON) {
        c2d_real l = C2D_SQRT(m);
        if (l > 0 && C2D_ISFINITE(l)) {
            c2d_real inv = (c2d_real)1 / l;
            xf.q.c *= inv;
            xf.q.s *= inv;
        }
    }
    return xf;
}

/* ------------------------------------------------------------------------------------------ */
/* constructors */

c2d_status c2d_segment_make(c2d_vec2 p1, c2d_vec2 p2, c2d_segment *out) {
    c2d_real v[4];
    c2d_status st;
    c2d_segment s;
    if (!out) return C2D_ERR_NULL_ARG;
    v[0] = p1.x;
    v[1] = p1.y;
    v[2] = p2.x;
    v[3] = p2.y;
    s.p1 = p1;
    s.p2 = p2;
    st = check_reals(v, 4);
    if (st == C2D_OK && !c2d_segment_is_valid(s)) st = C2D_ERR_DEGENERATE;
    if (st != C2D_OK) {
        memset(out, 0, sizeof *out);
        return st;
    }
    *out = s;
    return C2D_OK;
}

/* The direction is divided by its largest component before normalising, so that tiny or huge
 * (but finite) directions normalise without underflow or overflow. */
c2d_status c2d_ray_make(c2d_vec2 origin, c2d_vec2 direction, c2d_real max_distance, c2d_ray *out) {
    c2d_real v[4];
    c2d_real m;
    c2d_status st;
    c2d_vec2 d;
    if (!out) return C2D_ERR_NULL_ARG;
    memset(out, 0, sizeof *out);
    v[0] = origin.x;
    v[1] = origin.y;
    v[2] = direction.x;
    v[3] = direction.y;
    if (!C2D_ISFINITE(v[2]) || !C2D_ISFINITE(v[3])) return C2D_ERR_NOT_FINITE;
    st = check_reals(v, 2); /* the direction is normalised, so only the origin has a range */
    if (st != C2D_OK) return st;
    m = c2d_maxr(C2D_ABS(direction.x), C2D_ABS(direction.y));
    if (!(m > 0)) return C2D_ERR_DEGENERATE;
    d = c2d_normalize(c2d_scale(direction, (c2d_real)1 / m));
    if (!(max_distance > 0)) return C2D_ERR_BAD_SIZE;
    out->origin = origin;
    out->direction = d;
    out->max_distance = max_distance;
    return C2D_OK;
}

c2d_status c2d_aabb_make(c2d_vec2 lower, c2d_vec2 upper, c2d_aabb *out) {
    c2d_real v[4];
    c2d_status st;
    if (!out) return C2D_ERR_NULL_ARG;
    memset(out, 0, sizeof *out);
    v[0] = lower.x;
    v[1] = lower.y;
    v[2] = upper.x;
    v[3] = upper.y;
    st = check_reals(v, 4);
    if (st != C2D_OK) return st;
    if (!(upper.x - lower.x >= C2D_MIN_SIZE) || !(upper.y - lower.y >= C2D_MIN_SIZE)) return C2D_ERR_BAD_SIZE;
    out->lower = lower;
    out->upper = upper;
    return C2D_OK;
}

/* The corners center -/+ half are checked again by c2d_aabb_make: they may leave the coordinate
 * range, or a half extent too small for the center's precision may round away to zero width. */
c2d_status c2d_aabb_from_center(c2d_vec2 center, c2d_vec2 half, c2d_aabb *out) {
    c2d_real v[4];
    c2d_status st;
    if (!out) return C2D_ERR_NULL_ARG;
    memset(out, 0, sizeof *out);
    v[0] = center.x;
    v[1] = center.y;
    v[2] = half.x;
    v[3] = half.y;
    st = check_reals(v, 4);
    if (st != C2D_OK) return st;
    if (!(half.x > 0) || !(half.y > 0)) return C2D_ERR_BAD_SIZE;
    return c2d_aabb_make(c2d_sub(center, half), c2d_add(center, half), out);
}

c2d_status c2d_aabb_from_corner(c2d_vec2 corner, c2d_real width, c2d_real height, c2d_aabb *out) {
    c2d_real v[4];
    c2d_status st;
    if (!out) return C2D_ERR_NULL_ARG;
    memset(out, 0, sizeof *out);
    v[0] = corner.x;
    v[1] = corner.y;
    v[2] = width;
    v[3] = height;
    st = check_reals(v, 4);
    if (st != C2D_OK) return st;
    if (!(width > 0) || !(height > 0)) return C2D_ERR_BAD_SIZE;
    return c2d_aabb_make(corner, c2d_v2(corner.x + width, corner.y + height), out);
}

/* Top and bottom are sorted, so the same call serves y-down screens (top < bottom) and y-up
 * frames (top > bottom); left must be below right. */
c2d_status c2d_aabb_from_ltrb(c2d_real left, c2d_real top, c2d_real right, c2d_real bottom, c2d_aabb *out) {
    c2d_real v[4];
    c2d_status st;
    if (!out) return C2D_ERR_NULL_ARG;
    memset(out, 0, sizeof *out);
    v[0] = left;
    v[1] = top;
    v[2] = right;
    v[3] = bottom;
    st = check_reals(v, 4);
    if (st != C2D_OK) return st;
    return c2d_aabb_make(c2d_v2(left, c2d_minr(top, bottom)), c2d_v2(right, c2d_maxr(top, bottom)), out);
}

c2d_status c2d_circle_make(c2d_vec2 center, c2d_real radius, c2d_circle *out) {
    c2d_real v[3];
    c2d_status st;
    if (!out) return C2D_ERR_NULL_ARG;
    memset(out, 0, sizeof *out);
    v[0] = center.x;
    v[1] = center.y;
    v[2] = radius;
    st = check_reals(v, 3);
    if (st != C2D_OK) return st;
    if (!(radius >= C2D_MIN_SIZE)) return C2D_ERR_BAD_SIZE; /* a zero, negative or tiny radius */
    out->center = center;
    out->radius = radius;
    return C2D_OK;
}

c2d_status c2d_capsule_make(c2d_vec2 p1, c2d_vec2 p2, c2d_real radius, c2d_capsule *out) {
    c2d_real v[5];
    c2d_status st;
    if (!out) return C2D_ERR_NULL_ARG;
    memset(out, 0, sizeof *out);
    v[0] = p1.x;
    v[1] = p1.y;
    v[2] = p2.x;
    v[3] = p2.y;
    v[4] = radius;
    st = check_reals(v, 5);
    if (st != C2D_OK) return st;
    if (!(radius >= C2D_MIN_SIZE)) return C2D_ERR_BAD_SIZE; /* a zero, negative or tiny radius */
    out->p1 = p1;
    out->p2 = p2;
    out->radius = radius;
    return C2D_OK;
}

c2d_status c2d_polygon_make_box(c2d_vec2 half, c2d_polygon *out) {
    c2d_real v[2];
    c2d_status st;
    c2d_aabb b;
    if (!out) return C2D_ERR_NULL_ARG;
    memset(out, 0, sizeof *out);
    v[0] = half.x;
    v[1] = half.y;
    st = check_reals(v, 2);
    if (st != C2D_OK) return st;
    if (!(half.x > 0) || !(half.y > 0)) return C2D_ERR_BAD_SIZE;
    b.lower = c2d_neg(half);
    b.upper = half;
    *out = c2d_polygon_from_aabb(b);
    out->centroid = c2d_v2(0, 0);
    return C2D_OK;
}

/* ---- arcs ---- */

/* Unit vector at angle a. Values within a few rounding errors of an axis are snapped onto it:
 * cos(PI/2) and sin(PI) are not exactly 0 in floating point, and without the snap an arc ending
 * at "PI/2" would end a hair past the +y axis and count a point straight above its center as
 * inside. The snap moves a direction by less than the angle's own rounding error. */
static c2d_vec2 unit_from_angle(c2d_real a) {
    const c2d_real snap = (c2d_real)16 * (c2d_real)C2D_EPSILON;
    c2d_real c = C2D_COS(a), s = C2D_SIN(a);
    if (C2D_ABS(c) < snap) return c2d_v2(0, s > 0 ? (c2d_real)1 : (c2d_real)-1);
    if (C2D_ABS(s) < snap) return c2d_v2(c > 0 ? (c2d_real)1 : (c2d_real)-1, 0);
    return c2d_v2(c, s);
}

/* a reduced into [0, 2*pi). */
static c2d_real wrap_angle(c2d_real a) {
    c2d_real r = C2D_FMOD(a, C2D_TWO_PI);
    if (r < 0) r += C2D_TWO_PI;
    if (!(r < C2D_TWO_PI)) r = 0;
    return r;
}

/* How the angular edges of a partial arc bound it, decided from the stored edge directions so
 * that the containment test always agrees with start_dir and end_dir:
 *   ARC_CONVEX: sweep below pi, the region is left of start_dir AND right of end_dir;
 *   ARC_HALF:   sweep of exactly pi, the half plane left of start_dir;
 *   ARC_REFLEX: sweep above pi, the complement of the closed convex wedge from end to start,
 *               i.e. left of start_dir OR right of end_dir;
 *   ARC_EMPTY:  start_dir == end_dir with a sweep below pi (numerically nothing). */
typedef enum arc_kind { ARC_CONVEX,
                        ARC_HALF,
                        ARC_REFLEX,
                        ARC_EMPTY } arc_kind;

static arc_kind arc_classify(c2d_vec2 start_dir, c2d_vec2 end_dir, c2d_real sweep) {
    c2d_real k = c2d_cross(start_dir, end_dir);
    if (k > 0) return ARC_CONVEX;
    if (k < 0) return ARC_REFLEX;
    if (c2d_dot(start_dir, end_dir) < 0) return ARC_HALF;
    /* Same direction: a sweep just short of 2*pi is a ring with a slit along start_dir. */
    return sweep > C2D_PI ? ARC_REFLEX : ARC_EMPTY;
}

/* Both angles are reduced into [0, 2*pi) before their difference is taken, so large or negative
 * angles lose no precision in the sweep. An end at or beyond start + 2*pi is a full ring; an end
 * below the start wraps through 2*pi (start 3*pi/2, end pi/2 is the right half, sweep pi). */
c2d_status c2d_arc_make(c2d_vec2 center, c2d_real inner_radius, c2d_real outer_radius,
                        c2d_real start_angle, c2d_real end_angle, c2d_arc *out) {
    c2d_real v[6];
    c2d_status st;
    c2d_real s, e = 0, sweep, raw;
    c2d_arc a;
    if (!out) return C2D_ERR_NULL_ARG;
    memset(out, 0, sizeof *out);
    v[0] = center.x;
    v[1] = center.y;
    v[2] = inner_radius;
    v[3] = outer_radius;
    v[4] = start_angle;
    v[5] = end_angle;
    st = check_reals(v, 6);
    if (st != C2D_OK) return st;
    if (!(inner_radius >= 0) || !(outer_radius > inner_radius)) return C2D_ERR_BAD_SIZE;
    raw = end_angle - start_angle;
    if (raw == 0) return C2D_ERR_BAD_ANGLE;
    s = wrap_angle(start_angle);
    if (raw >= C2D_TWO_PI) {
        sweep = C2D_TWO_PI;
    } else {
        e = wrap_angle(end_angle);
        sweep = e - s;
        if (sweep == 0) {
            /* end and start name the same direction: below the start this wraps to nothing */
            if (raw < 0) return C2D_ERR_BAD_ANGLE;
            sweep = C2D_TWO_PI;
        } else if (sweep < 0) {
            sweep += C2D_TWO_PI;
        }
        if (sweep > C2D_TWO_PI) sweep = C2D_TWO_PI;
    }
    a.center = center;
    a.inner_radius = inner_radius;
    a.outer_radius = outer_radius;
    a.start_angle = s;
    a.sweep_angle = sweep;
    a.start_dir = unit_from_angle(s);
    a.end_dir = sweep >= C2D_TWO_PI ? a.start_dir : unit_from_angle(e);
    if (sweep < C2D_TWO_PI && arc_classify(a.start_dir, a.end_dir, sweep) == ARC_EMPTY) return C2D_ERR_BAD_ANGLE;
    *out = a;
    return C2D_OK;
}

c2d_status c2d_wedge_make(c2d_vec2 center, c2d_real radius, c2d_real start_angle, c2d_real end_angle, c2d_arc *out) {
    return c2d_arc_make(center, 0, radius, start_angle, end_angle, out);
}

/* ------------------------------------------------------------------------------------------ */
/* validity */

/* Zero length includes a squared length that underflows to zero: such a segment has no usable
 * direction. */
bool c2d_segment_is_valid(c2d_segment s) {
    c2d_vec2 d;
    if (!c2d_vec2_in_range(s.p1) || !c2d_vec2_in_range(s.p2)) return false;
    d = c2d_sub(s.p2, s.p1);
    return c2d_len_sq(d) > 0;
}

bool c2d_ray_is_valid(c2d_ray r) {
    if (!c2d_vec2_in_range(r.origin) || !c2d_vec2_is_valid(r.direction)) return false;
    if (!is_unit(r.direction)) return false;
    return r.max_distance > 0;
}

bool c2d_aabb_is_valid(c2d_aabb b) {
    return c2d_aabb_usable(b);
}

bool c2d_circle_is_valid(c2d_circle c) {
    return c2d_vec2_in_range(c.center) && c2d_size_in_range(c.radius);
}

bool c2d_capsule_is_valid(c2d_capsule c) {
    return c2d_vec2_in_range(c.p1) && c2d_vec2_in_range(c.p2) && c2d_size_in_range(c.radius);
}

/* Strict convexity and counter-clockwise winding are checked together: every vertex must lie
 * strictly left of every edge it is not an end of. This also rejects vertex orders that turn left
 * at every corner but wind around twice (a pentagram). O(count^2) with count <= the maximum. Each
 * normal must be unit and equal the edge direction turned clockwise (outward for a CCW polygon). */
bool c2d_polygon_is_valid(const c2d_polygon *p) {
    int i, j, n;
    if (!p) return false;
    n = p->count;
    if (n < 3 || n > C2D_MAX_POLYGON_VERTICES) return false;
    for (i = 0; i < n; ++i) {
        if (!c2d_vec2_in_range(p->vertices[i]) || !c2d_vec2_is_valid(p->normals[i])) return false;
    }
    if (!c2d_vec2_in_range(p->centroid)) return false;
    for (i = 0; i < n; ++i) {
        int i2 = i + 1 < n ? i + 1 : 0;
        c2d_vec2 e = c2d_sub(p->vertices[i2], p->vertices[i]);
        c2d_vec2 expected = c2d_normalize(c2d_right_perp(e));
        /* an edge shorter than C2D_MIN_SIZE: the queries' cross products would be subnormal, whose
         * absolute rounding the unsure bands (relative to the shapes' size) do not cover */
        if (!(c2d_len_sq(e) >= (c2d_real)C2D_MIN_SIZE * (c2d_real)C2D_MIN_SIZE) || !is_unit(expected)) return false;
        if (!is_unit(p->normals[i]) || !unit_matches(p->normals[i], expected)) return false;
        for (j = 0; j < n; ++j) {
            if (j == i || j == i2) continue;
            if (!(c2d_cross(e, c2d_sub(p->vertices[j], p->vertices[i])) > 0)) return false;
        }
    }
    return true;
}

bool c2d_arc_is_valid(const c2d_arc *a) {
    bool full;
    if (!a) return false;
    if (!c2d_vec2_in_range(a->center) || !c2d_real_in_range(a->inner_radius) || !c2d_real_in_range(a->outer_radius)) return false;
    if (!(a->inner_radius >= 0) || !(a->outer_radius > a->inner_radius)) return false;
    if (!(a->start_angle >= 0) || !(a->start_angle < C2D_TWO_PI)) return false;
    if (!(a->sweep_angle > 0) || !(a->sweep_angle <= C2D_TWO_PI)) return false;
    if (!c2d_vec2_is_valid(a->start_dir) || !c2d_vec2_is_valid(a->end_dir)) return false;
    if (!is_unit(a->start_dir) || !is_unit(a->end_dir)) return false;
    if (!unit_matches(a->start_dir, unit_from_angle(a->start_angle))) return false;
    full = a->sweep_angle >= C2D_TWO_PI;
    if (!unit_matches(a->end_dir, full ? a->start_dir : unit_from_angle(a->start_angle + a->sweep_angle))) return false;
    return full || arc_classify(a->start_dir, a->end_dir, a->sweep_angle) != ARC_EMPTY;
}

/* ------------------------------------------------------------------------------------------ */
/* conversions and transforms */

/* Vertices start at the lower corner and run counter-clockwise (y up). */
c2d_polygon c2d_polygon_from_aabb(c2d_aabb b) {
    c2d_polygon p;
    memset(&p, 0, sizeof p);
    p.count = 4;
    p.vertices[0] = b.lower;
    p.vertices[1] = c2d_v2(b.upper.x, b.lower.y);
    p.vertices[2] = b.upper;
    p.vertices[3] = c2d_v2(b.lower.x, b.upper.y);
    p.normals[0] = c2d_v2(0, -1);
    p.normals[1] = c2d_v2(1, 0);
    p.normals[2] = c2d_v2(0, 1);
    p.normals[3] = c2d_v2(-1, 0);
    p.centroid = c2d_aabb_center(b);
    return p;
}

/* p mapped by xf into every slot of r (the unused ones as zeros), for 3 <= n = p->count: the scalar
 * reference of the SSE kernel c2d_sse_polygon_transform (src/simd/geometry_sse.h), which gives the
 * same bits. */
void c2d_ref_polygon_transform(c2d_polygon *r, const c2d_polygon *p, c2d_transform xf, int n) {
    int i;
    r->count = n;
    for (i = 0; i < C2D_MAX_POLYGON_VERTICES; ++i) {
        if (i < n) {
            r->vertices[i] = c2d_transform_point(xf, p->vertices[i]);
            r->normals[i] = c2d_rotate(xf.q, p->normals[i]);
        } else {
            r->vertices[i] = c2d_v2(0, 0);
            r->normals[i] = c2d_v2(0, 0);
        }
    }
    r->centroid = c2d_transform_point(xf, p->centroid);
}

/* A count outside [3, C2D_MAX_POLYGON_VERTICES] gives an empty polygon (count 0, invalid) rather
 * than reading past the arrays. Every slot is written (the unused ones as zeros), so no memset of
 * the whole struct is needed. With SSE (float builds, 8-vertex polygons) the kernel of
 * src/simd/geometry_sse.h maps two points per instruction, with the reference's bits. */
c2d_polygon c2d_polygon_transform(const c2d_polygon *p, c2d_transform xf) {
    c2d_polygon r;
    if (!p || p->count < 3 || p->count > C2D_MAX_POLYGON_VERTICES) {
        memset(&r, 0, sizeof r);
        return r;
    }
    xf = clean_transform(xf);
#ifdef C2D_TRANSFORM_SSE
    c2d_sse_polygon_transform(&r, p, xf, p->count);
#else
    c2d_ref_polygon_transform(&r, p, xf, p->count);
#endif
    return r;
}

c2d_capsule c2d_capsule_transform(c2d_capsule c, c2d_transform xf) {
    xf = clean_transform(xf);
    c.p1 = c2d_transform_point(xf, c.p1);
    c.p2 = c2d_transform_point(xf, c.p2);
    return c;
}

c2d_segment c2d_segment_transform(c2d_segment s, c2d_transform xf) {
    xf = clean_transform(xf);
    s.p1 = c2d_transform_point(xf, s.p1);
    s.p2 = c2d_transform_point(xf, s.p2);
    return s;
}

c2d_circle c2d_circle_transform(c2d_circle c, c2d_transform xf) {
    xf = clean_transform(xf);
    c.center = c2d_transform_point(xf, c.center);
    return c;
}

/* ------------------------------------------------------------------------------------------ */
/* bounding boxes: a shape holding NaN or infinity gets the empty box */

c2d_aabb c2d_segment_aabb(c2d_segment s) {
    c2d_aabb b;
    if (!c2d_vec2_is_valid(s.p1) || !c2d_vec2_is_valid(s.p2)) return empty_aabb();
    b.lower = c2d_vmin(s.p1, s.p2);
    b.upper = c2d_vmax(s.p1, s.p2);
    return b;
}

c2d_aabb c2d_circle_aabb(c2d_circle c) {
    c2d_aabb b;
    c2d_vec2 r;
    if (!c2d_vec2_is_valid(c.center) || !C2D_ISFINITE(c.radius)) return empty_aabb();
    r = c2d_v2(c.radius, c.radius);
    b.lower = c2d_sub(c.center, r);
    b.upper = c2d_add(c.center, r);
    return b;
}

c2d_aabb c2d_capsule_aabb(c2d_capsule c) {
    c2d_aabb b;
    c2d_vec2 r;
    if (!c2d_vec2_is_valid(c.p1) || !c2d_vec2_is_valid(c.p2) || !C2D_ISFINITE(c.radius)) return empty_aabb();
    r = c2d_v2(c.radius, c.radius);
    b.lower = c2d_sub(c2d_vmin(c.p1, c.p2), r);
    b.upper = c2d_add(c2d_vmax(c.p1, c.p2), r);
    return b;
}

c2d_aabb c2d_polygon_aabb(const c2d_polygon *p) {
    c2d_aabb b;
    int i;
    if (!p || p->count < 1 || p->count > C2D_MAX_POLYGON_VERTICES) return empty_aabb();
    for (i = 0; i < p->count; ++i) {
        if (!c2d_vec2_is_valid(p->vertices[i])) return empty_aabb();
    }
    b.lower = p->vertices[0];
    b.upper = p->vertices[0];
    for (i = 1; i < p->count; ++i) {
        b.lower = c2d_vmin(b.lower, p->vertices[i]);
        b.upper = c2d_vmax(b.upper, p->vertices[i]);
    }
    return b;
}

/* ------------------------------------------------------------------------------------------ */
/* point containment */

/* Containment follows the overlap tests' input rule (src/overlap.c): shapes with a coordinate or
 * size beyond C2D_MAX_COORD, NaN or infinite, contain nothing, so that c2d_shape_overlap of a point
 * and its hit agree with these. A point inside a box within range is within range itself (for the
 * round shapes below it is checked). */
bool c2d_aabb_contains_point(c2d_aabb b, c2d_vec2 p) {
    if (!c2d_aabb_is_valid(b)) return false;
    return b.lower.x < p.x && p.x < b.upper.x && b.lower.y < p.y && p.y < b.upper.y;
}

bool c2d_circle_contains_point(c2d_circle c, c2d_vec2 p) {
    c2d_vec2 d = c2d_sub(p, c.center);
    if (!c2d_size_in_range(c.radius) || !c2d_vec2_in_range(c.center) || !c2d_vec2_in_range(p)) return false;
    return c2d_len_sq(d) < c.radius * c.radius;
}

/* Distance from p to the core segment, compared squared and without a division: beyond either
 * end the nearest core point is that end; between them the squared distance to the line is
 * cross(e, d)^2 / |d|^2, so cross^2 < r^2 |d|^2 is the test. */
bool c2d_capsule_contains_point(c2d_capsule c, c2d_vec2 p) {
    c2d_vec2 d = c2d_sub(c.p2, c.p1);
    c2d_vec2 e = c2d_sub(p, c.p1);
    c2d_real r2 = c.radius * c.radius;
    c2d_real t = c2d_dot(e, d);
    c2d_real dd = c2d_len_sq(d);
    c2d_real cr;
    if (!c2d_size_in_range(c.radius)) return false;
    if (!c2d_vec2_in_range(c.p1) || !c2d_vec2_in_range(c.p2) || !c2d_vec2_in_range(p)) return false;
    if (!(t > 0) || !(dd > 0)) return c2d_len_sq(e) < r2;
    if (!(t < dd)) return c2d_dist_sq(p, c.p2) < r2;
    cr = c2d_cross(e, d);
    return !c2d_at_least(C2D_ABS(cr), c.radius, dd); /* |cr| / |d| < r, without overflow */
}

/* Strictly left of every edge (CCW polygon), by the exact orientation sign of the point against
 * each edge (c2d_orient2d), never the stored unit normals: a point on an edge is outside. */
bool c2d_polygon_contains_point(const c2d_polygon *poly, c2d_vec2 p) {
    int i, n;
    if (!poly) return false;
    n = poly->count;
    if (n < 3 || n > C2D_MAX_POLYGON_VERTICES) return false;
    for (i = 0; i < n; ++i) {
        c2d_vec2 a = poly->vertices[i];
        c2d_vec2 b = poly->vertices[i + 1 < n ? i + 1 : 0];
        if (c2d_orient_sign_edge(a, b, c2d_sub(b, a), p) <= 0) return false;
    }
    return c2d_polygon_usable(poly); /* a hand-broken polygon (range, normals, winding) is no hit */
}

/* The radial test is inner^2 < |d|^2 < outer^2. The angular test uses cross products with the
 * edge directions instead of atan2, so arcs crossing angle 0 need no special case: below pi the
 * point must be left of start_dir and right of end_dir, above pi it must be outside the closed
 * complementary wedge (left of start_dir or right of end_dir). A partial wedge's center is on
 * both edges, hence outside; a full ring has no angular edges, and a full wedge holds its center. */
bool c2d_arc_contains_point(const c2d_arc *arc, c2d_vec2 p) {
    c2d_vec2 d;
    c2d_real r2, cs, ce;
    if (!arc) return false;
    /* Hand-broken arcs (negative inner radius, empty or NaN sweep) contain nothing. */
    if (!(arc->inner_radius >= 0 && arc->sweep_angle > 0)) return false;
    d = c2d_sub(p, arc->center);
    r2 = c2d_len_sq(d);
    if (!(r2 < arc->outer_radius * arc->outer_radius)) return false;
    if (arc->sweep_angle >= C2D_TWO_PI) {
        return arc->inner_radius == 0 || r2 > arc->inner_radius * arc->inner_radius;
    }
    if (!(r2 > arc->inner_radius * arc->inner_radius)) return false;
    cs = c2d_cross(arc->start_dir, d);
    ce = c2d_cross(d, arc->end_dir);
    switch (arc_classify(arc->start_dir, arc->end_dir, arc->sweep_angle)) {
    case ARC_CONVEX: return cs > 0 && ce > 0;
    case ARC_HALF: return cs > 0;
    case ARC_REFLEX: return cs > 0 || ce > 0;
    case ARC_EMPTY: return false;
    }
    return false;
}

/* Exact orientation sign (c2d_orient2d) plus a bounding-box test; a zero-length segment holds
 * only its point. */
bool c2d_segment_contains_point(c2d_segment s, c2d_vec2 p) {
    c2d_vec2 lo = c2d_vmin(s.p1, s.p2), hi = c2d_vmax(s.p1, s.p2);
    if (!(lo.x <= p.x && p.x <= hi.x && lo.y <= p.y && p.y <= hi.y)) return false;
    if (!c2d_vec2_in_range(s.p1) || !c2d_vec2_in_range(s.p2)) return false;
    return c2d_orient_sign(s.p1, s.p2, p) == 0;
}

/* ------------------------------------------------------------------------------------------ */
/* closest points */

/* Projection onto the segment, clamped, with the division done only in the interior case so the
 * ends come back exactly. A NaN query point gives p1 (never NaN for a finite segment). */
c2d_vec2 c2d_segment_closest_point(c2d_segment s, c2d_vec2 p) {
    c2d_vec2 d = c2d_sub(s.p2, s.p1);
    c2d_real dd = c2d_len_sq(d);
    c2d_real t = c2d_dot(c2d_sub(p, s.p1), d);
    if (!(t > 0) || !(dd > 0)) return s.p1;
    if (!(t < dd)) return s.p2;
    return c2d_mul_add(s.p1, t / dd, d);
}

/* Clamp each coordinate; a NaN coordinate clamps to the lower side. */
c2d_vec2 c2d_aabb_closest_point(c2d_aabb b, c2d_vec2 p) {
    c2d_vec2 r;
    r.x = !(p.x > b.lower.x) ? b.lower.x : (p.x < b.upper.x ? p.x : b.upper.x);
    r.y = !(p.y > b.lower.y) ? b.lower.y : (p.y < b.upper.y ? p.y : b.upper.y);
    return r;
}
