/* collide2d private helpers shared by the src/ files. Not installed. */
#ifndef COLLIDE2D_INTERNAL_H
#define COLLIDE2D_INTERNAL_H

#include <float.h>
/* The layers below the world only: nothing here sees world.h, world_move.h or mover.h (the world's
 * files include them through world_internal.h or themselves). */
#include "collide2d/base.h"
#include "collide2d/math.h"
#include "collide2d/geometry.h"
#include "collide2d/collision.h"
#include "collide2d/shape.h"
#include "collide2d/broadphase.h"

/* Largest and smallest positive normal c2d_real (REAL_MAX, REAL_MIN). */
#ifdef C2D_DOUBLE
#  define REAL_MAX DBL_MAX
#  define REAL_MIN DBL_MIN
#else
#  define REAL_MAX FLT_MAX
#  define REAL_MIN FLT_MIN
#endif

/* SSE2 paths of the float build: C2D_NARROW_SSE is defined when they are compiled in (float
 * builds on x86, unless C2D_NO_SIMD: CMake's COLLIDE2D_NO_SIMD, which make check-nosse tests). The
 * narrow phase's, the ray casts', GJK's and the polygon transform's kernels live in src/simd/
 * behind src/simd/simd.h (which includes <emmintrin.h>), beside the scalar references in the
 * algorithm files. */
#if !defined(C2D_DOUBLE) && !defined(C2D_NO_SIMD) && (defined(__SSE2__) || defined(_M_X64))
#  define C2D_NARROW_SSE 1
#endif

/* Debug check: calls the assert hook when cond is false (library built without NDEBUG, or with
 * C2D_ENABLE_ASSERT). The caller must still return its safe fallback after the check. */
#if !defined(NDEBUG) || defined(C2D_ENABLE_ASSERT)
#  define C2D_ASSERT(cond) ((cond) ? (void)0 : c2d_assert_failed(#  cond, __FILE__, __LINE__))
#else
#  define C2D_ASSERT(cond) ((void)0)
#endif

void c2d_assert_failed(const char *expression, const char *file, int line);

/* True when x is finite and |x| <= C2D_MAX_COORD. */
static inline bool c2d_real_in_range(c2d_real x) { return C2D_ISFINITE(x) && C2D_ABS(x) <= C2D_MAX_COORD; }
/* True when both components are finite and within C2D_MAX_COORD. */
static inline bool c2d_vec2_in_range(c2d_vec2 v) { return c2d_real_in_range(v.x) && c2d_real_in_range(v.y); }
/* A radius the queries answer for: from C2D_MIN_SIZE (its square a normal number) to
 * C2D_MAX_COORD; false for NaN. */
static inline bool c2d_size_in_range(c2d_real r) { return r >= (c2d_real)C2D_MIN_SIZE && r <= (c2d_real)C2D_MAX_COORD; }

/* A box the queries answer for (c2d_aabb_is_valid): corners within C2D_MAX_COORD (|x| <= limit is
 * false for NaN and infinities) and width and height at least C2D_MIN_SIZE. */
static inline bool c2d_aabb_usable(c2d_aabb b) {
    const c2d_real lim = (c2d_real)C2D_MAX_COORD;
    return C2D_ABS(b.lower.x) <= lim && C2D_ABS(b.lower.y) <= lim && C2D_ABS(b.upper.x) <= lim && C2D_ABS(b.upper.y) <= lim &&
           b.upper.x - b.lower.x >= (c2d_real)C2D_MIN_SIZE && b.upper.y - b.lower.y >= (c2d_real)C2D_MIN_SIZE;
}

/* c2d_aabb_overlap_aabb and c2d_aabb_usable of both boxes, without a branch (& rather than &&;
 * the ternaries are minimum and maximum instructions), for the box hit and manifold and the
 * generic layer, which refuse the boxes that the typed overlap test trusts: the four
 * separating-axis tests, in which each coordinate takes part in one strict comparison that a NaN
 * fails; the least width at least C2D_MIN_SIZE (no empty or inverted box); the least lower face
 * >= -C2D_MAX_COORD and the greatest upper face <= C2D_MAX_COORD (with positive widths, every
 * coordinate in range). */
static inline bool c2d_aabb_pair_overlap_usable(c2d_aabb a, c2d_aabb b) {
    const c2d_real lim = (c2d_real)C2D_MAX_COORD;
    c2d_real wa = a.upper.x - a.lower.x, wb = b.upper.x - b.lower.x, ha = a.upper.y - a.lower.y, hb = b.upper.y - b.lower.y;
    c2d_real lx = a.lower.x < b.lower.x ? a.lower.x : b.lower.x, ly = a.lower.y < b.lower.y ? a.lower.y : b.lower.y;
    c2d_real ux = a.upper.x > b.upper.x ? a.upper.x : b.upper.x, uy = a.upper.y > b.upper.y ? a.upper.y : b.upper.y;
    wa = wa < wb ? wa : wb;
    ha = ha < hb ? ha : hb;
    wa = wa < ha ? wa : ha;
    lx = lx < ly ? lx : ly;
    ux = ux > uy ? ux : uy;
    return (a.lower.x < b.upper.x) & (b.lower.x < a.upper.x) & (a.lower.y < b.upper.y) & (b.lower.y < a.upper.y) &
           (wa >= (c2d_real)C2D_MIN_SIZE) & (lx >= -lim) & (ux <= lim);
}

/* s >= r * sqrt(ee) for r > 0 and ee > 0, compared as s^2 >= r^2 * ee (exact on a grid) while the
 * squares are normal numbers, else with one square root: coordinates near C2D_MAX_COORD make
 * fourth powers that overflow, and features near 1e-20 (float) make ones that underflow, where
 * 0 >= 0 would call a tiny edge separating. A NaN gives false. */
static inline bool c2d_at_least(c2d_real s, c2d_real r, c2d_real ee) {
    c2d_real l, q;
    if (!(s > 0)) return false;
    l = s * s;
    q = r * r * ee;
    if (l <= REAL_MAX && q <= REAL_MAX && q >= REAL_MIN) return l >= q;
    return s / C2D_SQRT(ee) >= r;
}

/* Status for one coordinate value: OK, NOT_FINITE or OUT_OF_RANGE. */
static inline c2d_status c2d_check_real(c2d_real x) {
    if (!C2D_ISFINITE(x)) return C2D_ERR_NOT_FINITE;
    if (C2D_ABS(x) > C2D_MAX_COORD) return C2D_ERR_OUT_OF_RANGE;
    return C2D_OK;
}
/* Status for a vector: OK, NOT_FINITE or OUT_OF_RANGE. */
static inline c2d_status c2d_check_vec2(c2d_vec2 v) {
    c2d_status s = c2d_check_real(v.x);
    return s != C2D_OK ? s : c2d_check_real(v.y);
}
/* A transform the _xf queries accept (src/manifold.c, src/raycast.c): position within
 * C2D_MAX_COORD, rotation with c*c + s*s in (0.5, 2) (false for NaN), scaled back to unit length
 * when it is measurably off (as c2d_polygon_transform does). */
static inline bool c2d_xf_usable(c2d_transform *xf) {
    c2d_real m = xf->q.c * xf->q.c + xf->q.s * xf->q.s;
    if (!(C2D_ABS(xf->p.x) <= (c2d_real)C2D_MAX_COORD && C2D_ABS(xf->p.y) <= (c2d_real)C2D_MAX_COORD)) return false;
    if (!(m > (c2d_real)0.5 && m < 2)) return false;
    if (C2D_ABS(m - 1) > 4 * C2D_EPSILON) {
        c2d_real inv = (c2d_real)1 / C2D_SQRT(m);
        xf->q.c *= inv;
        xf->q.s *= inv;
    }
    return true;
}
/* Index of the lowest set bit of a non-zero mask (a loop would mispredict on every call). */
static inline int c2d_lowest_bit(unsigned mask) {
#if defined(__GNUC__)
    return __builtin_ctz(mask);
#else
    int i = 0;
    while (!(mask & 1u)) {
        mask >>= 1;
        ++i;
    }
    return i;
#endif
}
/* v / |v|, or (0,0) for a zero or non-finite v (src/distance.c, src/segment.c). Divides, rather
 * than multiplying by 1 / |v|; a length whose square would under- or overflow (outside
 * C2D_NORMALIZE_TINY .. C2D_NORMALIZE_HUGE) is measured on v scaled by its largest component. */
static inline c2d_vec2 c2d_unit_or_zero(c2d_vec2 v) {
    c2d_real l = c2d_len(v), m;
    if (l >= C2D_NORMALIZE_TINY && l <= C2D_NORMALIZE_HUGE) return c2d_v2(v.x / l, v.y / l);
    m = C2D_ABS(v.x) > C2D_ABS(v.y) ? C2D_ABS(v.x) : C2D_ABS(v.y);
    if (!(m > 0) || !(m <= REAL_MAX)) return c2d_v2(0, 0);
    v = c2d_v2(v.x / m, v.y / m);
    l = c2d_len(v);
    return c2d_v2(v.x / l, v.y / l);
}
static inline c2d_real c2d_minr(c2d_real a, c2d_real b) { return a < b ? a : b; }
static inline c2d_real c2d_maxr(c2d_real a, c2d_real b) { return a > b ? a : b; }
static inline c2d_real c2d_clampr(c2d_real x, c2d_real lo, c2d_real hi) { return x < lo ? lo : (x > hi ? hi : x); }
/* Largest absolute coordinate of a box (a scale for rounding allowances). */
static inline c2d_real c2d_aabb_abs_max(c2d_aabb b) {
    return c2d_maxr(c2d_maxr(C2D_ABS(b.lower.x), C2D_ABS(b.lower.y)), c2d_maxr(C2D_ABS(b.upper.x), C2D_ABS(b.upper.y)));
}

/* lo > hi by more than the rounding of lo and hi, each computed with one rounding from exact
 * values: then the exact lo is above the exact hi. False for NaN and infinities. */
static inline bool c2d_surely_above(c2d_real lo, c2d_real hi) { return lo - hi > 4 * C2D_EPSILON * (C2D_ABS(lo) + C2D_ABS(hi)); }

/* True when the bounding boxes of two capsules surely do not overlap (touching counts as apart),
 * so that neither can the capsules: a clear miss for any input, good or bad, before any check.
 * A NaN or an infinity gives false. */
static inline bool c2d_capsule_boxes_apart(c2d_capsule a, c2d_capsule b) {
    return c2d_surely_above(c2d_minr(b.p1.x, b.p2.x) - b.radius, c2d_maxr(a.p1.x, a.p2.x) + a.radius) ||
           c2d_surely_above(c2d_minr(a.p1.x, a.p2.x) - a.radius, c2d_maxr(b.p1.x, b.p2.x) + b.radius) ||
           c2d_surely_above(c2d_minr(b.p1.y, b.p2.y) - b.radius, c2d_maxr(a.p1.y, a.p2.y) + a.radius) ||
           c2d_surely_above(c2d_minr(a.p1.y, a.p2.y) - a.radius, c2d_maxr(b.p1.y, b.p2.y) + b.radius);
}

/* Why c2d_distance refuses a proxy, C2D_OK when it accepts it: C2D_ERR_NULL_ARG, C2D_ERR_DEGENERATE
 * (count < 1), C2D_ERR_TOO_MANY_POINTS, C2D_ERR_NOT_FINITE, C2D_ERR_OUT_OF_RANGE, C2D_ERR_BAD_SIZE
 * (a negative radius), in that order of precedence (src/distance.c). */
c2d_status c2d_proxy_status(const c2d_proxy *p);

/* c2d_distance on two point sets (pa[0..na), pb[0..nb), radii ra, rb) read in place, for callers
 * that hold their points elsewhere than in a c2d_proxy (c2d_shape_distance). Where c2d_distance
 * would refuse the sets as proxies: status C2D_DISTANCE_INVALID_INPUT with C2D_ERR_DEGENERATE (the
 * caller, which checked its shapes, does not expect it) (src/distance.c). */
c2d_distance_result c2d_distance_points(const c2d_vec2 *pa, int na, c2d_real ra, const c2d_vec2 *pb, int nb, c2d_real rb);

/* Slab test of a point moving by d against an open box (src/raycast.c; used by the box ray casts
 * and sweeps). lo/hi are the box's lower/upper faces measured from the point's start, so the point
 * is inside at time t when lo < t*d < hi on both axes. True when that open set of times is
 * non-empty and meets [0, max_fraction); then *t_enter is its start (negative or -inf: inside at
 * t = 0) and *axis the entry face's axis (0 x, 1 y, -1 none). No 0 * inf; NaN gives false. */
bool c2d_slab_cast(c2d_vec2 lo, c2d_vec2 hi, c2d_vec2 d, c2d_real max_fraction, c2d_real *t_enter, int *axis);

/* Twice the signed area of a polygon (count 3..C2D_MAX_POLYGON_VERTICES), summed as a fan from
 * vertex 0 in one fixed expression and order: the area term of the polygon rule, shared by
 * c2d_polygon_usable and c2d_polygon_usable_scale (src/validate.h) so that both accept the same
 * polygons by construction (the library is built with -ffp-contract=off). */
static inline c2d_real c2d_polygon_fan_area(const c2d_polygon *p) {
    c2d_real area = 0;
    c2d_vec2 v0 = p->vertices[0];
    int i;
    for (i = 1; i + 1 < p->count; ++i) area += c2d_cross(c2d_sub(p->vertices[i], v0), c2d_sub(p->vertices[i + 1], v0));
    return area;
}

/* A polygon is usable when its count fits, every vertex coordinate is within C2D_MAX_COORD, every
 * stored normal is finite (the same rules as the loaders of manifold.c, so that overlap, hit and
 * manifold accept the same polygons), and its signed area is positive (this rejects clockwise, collinear and collapsed polygons, but tolerates
 * the slightly reflex corners that rounding leaves in a polygon moved far from the origin). One
 * pass, no branch per value. Looser than c2d_polygon_is_valid (O(n^2)): a hand-made polygon that
 * is not convex can pass, and then gets finite answers that need not agree (design.md).
 * Shared by the overlap tests (src/overlap.c), the manifold loaders' doubtful cases (src/manifold.c),
 * convex containment (src/geometry.c) and c2d_shape_distance (src/shape.c). NULL gives false. */
static inline bool c2d_polygon_usable(const c2d_polygon *p) {
    const c2d_real lim = (c2d_real)C2D_MAX_COORD;
    int i, n, ok = 1;
    if (p == NULL) return false;
    n = p->count;
    if (n < 3 || n > C2D_MAX_POLYGON_VERTICES) return false;
    for (i = 0; i < n; ++i) {
        c2d_vec2 a = p->vertices[i], m = p->normals[i];
        ok &= (C2D_ABS(a.x) <= lim) & (C2D_ABS(a.y) <= lim) & (C2D_ABS(m.x) <= REAL_MAX) & (C2D_ABS(m.y) <= REAL_MAX);
    }
    return ok && c2d_polygon_fan_area(p) > 0;
}

/* Exact orientation (src/predicates.c): the sign of the determinant of (a, b, c) given as doubles
 * (+1 when c is left of the directed line a -> b, y up; -1 right; 0 collinear). The slow path of
 * c2d_orient_sign. */
int c2d_orient2d_exact(double ax, double ay, double bx, double by, double cx, double cy);

/* The filter of the exact orientation of (a, b, p) (see src/predicates.c for the range), given
 * e = b - a as rounded by the caller (so that several points can be tested against one edge): the
 * determinant e x (p - a) in the build's own precision with Shewchuk's error bound
 * (3 + 16 u) u (|l| + |r|) for its products l, r and unit roundoff u, plus an absolute term for
 * products that underflow. Returns +1 or -1 when the rounded determinant clears the bound (that is
 * then the exact sign), 0 when it does not (the exact sum must decide: c2d_orient2d_exact).
 * Branch-free, so that callers can filter several orientations and branch once. */
#ifdef C2D_DOUBLE
#  define C2D_ORIENT_BOUND_REL 3.3306690738754716e-16 /* (3 + 16 u) u, u = 2^-53 */
#  define C2D_ORIENT_BOUND_ABS 1e-300
#else
#  define C2D_ORIENT_BOUND_REL 1.7881396e-07f /* (3 + 16 u) u, u = 2^-24 */
#  define C2D_ORIENT_BOUND_ABS 1e-44f         /* 8 subnormal steps */
#endif
/* The filter's bound of a determinant l - r of two rounded products l and r. */
static inline c2d_real c2d_orient_bound(c2d_real l, c2d_real r) { return C2D_ORIENT_BOUND_REL * (C2D_ABS(l) + C2D_ABS(r)) + C2D_ORIENT_BOUND_ABS; }

static inline int c2d_orient_filter_edge(c2d_vec2 a, c2d_vec2 e, c2d_vec2 p) {
    c2d_real px = p.x - a.x, py = p.y - a.y;
    c2d_real l = e.x * py, r = e.y * px, det = l - r;
    c2d_real bound = c2d_orient_bound(l, r);
    return (det > bound) - (-det > bound);
}

/* c2d_orient_filter_edge for the points a, b, p. */
static inline int c2d_orient_filter(c2d_vec2 a, c2d_vec2 b, c2d_vec2 p) {
    c2d_vec2 e = {b.x - a.x, b.y - a.y};
    return c2d_orient_filter_edge(a, e, p);
}

/* The exact sign of orient(a, b, p) with e = b - a rounded by the caller. */
static inline int c2d_orient_sign_edge(c2d_vec2 a, c2d_vec2 b, c2d_vec2 e, c2d_vec2 p) {
    int s = c2d_orient_filter_edge(a, e, p);
    if (s) return s;
    return c2d_orient2d_exact((double)a.x, (double)a.y, (double)b.x, (double)b.y, (double)p.x, (double)p.y);
}

/* The exact sign of orient(a, b, c): +1 left of a -> b (y up), -1 right, 0 collinear. The filter,
 * then the exact sum for the rare triples within rounding of collinear. A NaN coordinate gives an
 * unspecified sign; the callers check their input first. */
static inline int c2d_orient_sign(c2d_vec2 a, c2d_vec2 b, c2d_vec2 c) {
    int s = c2d_orient_filter(a, b, c);
    if (s) return s;
    return c2d_orient2d_exact((double)a.x, (double)a.y, (double)b.x, (double)b.y, (double)c.x, (double)c.y);
}

/* Back-off rule of every sweep (src/sweep.c, src/cast.c): the safe time for a first contact at
 * t_hit stops short by C2D_SWEEP_MARGIN measured along the path (path_length = |delta| > 0) plus a
 * rounding allowance of 8 machine epsilons of coord_scale (the largest coordinate involved)
 * divided by normal_speed (|delta . normal|, the approach speed along the contact normal). The
 * allowance keeps the gap along the normal positive after the caller rounds pos + time * delta,
 * also for shallow approaches where the margin alone would shrink below the rounding. Clamped to
 * [0, 1]; a zero normal_speed gives 0. */
static inline c2d_real c2d_sweep_safe_time(c2d_real t_hit, c2d_real path_length, c2d_real normal_speed, c2d_real coord_scale) {
    c2d_real t = t_hit - (C2D_SWEEP_MARGIN / path_length + (c2d_real)8 * C2D_EPSILON * coord_scale / normal_speed);
    if (!(t > 0)) return 0;
    return t < 1 ? t : 1;
}

#endif
