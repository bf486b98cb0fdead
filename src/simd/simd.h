/* collide2d's SIMD in one place (internal, not installed).
 *
 * The narrow phase and the ray casts are written in scalar C in their algorithm files
 * (src/manifold.c, src/raycast.c, src/overlap.c); those scalar functions are the reference. Where
 * a four-lane SSE form of a function measured clearly faster than the reference (bench/bench_narrow,
 * float build against COLLIDE2D_NO_SIMD), that form is a kernel here: declared below, defined in
 * src/simd/ (one file per algorithm file), giving the reference's bits for every input (tests/test_fast_paths.c runs both
 * on the same random inputs and compares them), and handing to the reference whatever it leaves.
 * A twin that measures within 10% of its reference is deleted rather than kept.
 *
 * C2D_NARROW_SSE (src/internal.h) is defined when the kernels are compiled in: float builds on
 * x86 with SSE2, unless C2D_NO_SIMD (CMake's COLLIDE2D_NO_SIMD, which make check-nosse tests). */
#ifndef COLLIDE2D_SIMD_H
#define COLLIDE2D_SIMD_H

#include <string.h>
#include "../internal.h"
#include "../rshape.h"

#if defined(__GNUC__)
#  define C2D_SIMD_NOINLINE __attribute__((noinline))
#elif defined(_MSC_VER)
#  define C2D_SIMD_NOINLINE __declspec(noinline)
#else
#  define C2D_SIMD_NOINLINE
#endif

#ifdef C2D_NARROW_SSE
#  include <emmintrin.h>

/* Lane-wise a where mask is set, else b. */
static inline __m128 select_ps(__m128 mask, __m128 a, __m128 b) { return _mm_or_ps(_mm_and_ps(mask, a), _mm_andnot_ps(mask, b)); }

/* A vector that arrived in a register as the lanes (x, y, 0, 0) (through a double: taking its
 * address would make the compiler store it to the stack first). */
static inline __m128 c2d_lanes_of(c2d_vec2 v) {
    double bits;
    memcpy(&bits, &v, sizeof bits);
    return _mm_castpd_ps(_mm_set_sd(bits));
}
#endif

/* The narrow phase's kernels need whole blocks of 4 vertices in a polygon's arrays. */
#if defined(C2D_NARROW_SSE) && (C2D_MAX_POLYGON_VERTICES % 4 == 0)
#  define POLY_SSE 1
#endif

/* ---- register helpers, used by the scalar code too (same bits either way) ---- */

/* The square root of x >= 0: with SSE the instruction alone, without the errno guard that sqrtf
 * carries; otherwise C2D_SQRT. */
static inline c2d_real c2d_sqrt_nonneg(c2d_real x) {
#ifdef C2D_NARROW_SSE
    return _mm_cvtss_f32(_mm_sqrt_ss(_mm_set1_ps(x))); /* set1: a shuffle; set_ss goes through an integer register */
#else
    return C2D_SQRT(x);
#endif
}

/* The two components of a vector that arrived in a register (SSE: split in the register; a plain
 * member access makes the compiler store the pair to the stack and read it back in halves). */
static inline void c2d_vec2_split(c2d_vec2 v, c2d_real *x, c2d_real *y) {
#ifdef C2D_NARROW_SSE
    __m128 w = c2d_lanes_of(v);
    *x = _mm_cvtss_f32(w);
    *y = _mm_cvtss_f32(_mm_shuffle_ps(w, w, 1));
#else
    *x = v.x;
    *y = v.y;
#endif
}

/* Origin and translation of a cast input. The input arrives on the stack, where the caller's
 * copy of its first 16 bytes is usually one 16-byte store; with SSE they are read back with one
 * load of that size (narrower loads from inside such a store wait for it to reach the cache on
 * some CPUs) and split into lanes. */
static inline void c2d_ray_load(const c2d_raycast_input *in, c2d_real *ox, c2d_real *oy, c2d_real *dx, c2d_real *dy) {
#ifdef C2D_NARROW_SSE
    __m128 v = _mm_loadu_ps((const float *)in);
    *ox = _mm_cvtss_f32(v);
    *oy = _mm_cvtss_f32(_mm_shuffle_ps(v, v, 1));
    *dx = _mm_cvtss_f32(_mm_movehl_ps(v, v));
    *dy = _mm_cvtss_f32(_mm_shuffle_ps(v, v, 3));
#else
    *ox = in->origin.x;
    *oy = in->origin.y;
    *dx = in->translation.x;
    *dy = in->translation.y;
#endif
}

/* ---- polygon transform (src/geometry.c: reference; src/simd/geometry_sse.h: kernel) ---- */

/* p mapped by xf into every slot of r, for 3 <= n = p->count <= C2D_MAX_POLYGON_VERTICES and a
 * clean transform: the scalar reference. The kernel, c2d_sse_polygon_transform (same contract and
 * bits), is compiled in when C2D_TRANSFORM_SSE is set (float builds on x86, 8-vertex polygons). */
void c2d_ref_polygon_transform(c2d_polygon *r, const c2d_polygon *p, c2d_transform xf, int n);
#include "geometry_sse.h"

/* ---- GJK (src/distance.c: references; src/simd/distance_sse.h: kernels) ---- */

/* The scalar references, whatever the build:
 * - c2d_ref_gjk_load: checks a proxy's points and radius (1 to C2D_MAX_POLYGON_VERTICES points,
 *   |x| <= C2D_MAX_COORD, 0 <= radius <= C2D_MAX_COORD) and writes them relative to origin into
 *   local; false for a bad proxy;
 * - c2d_ref_gjk_support: the index of the point with the largest projection on d, the lowest on ties.
 * The kernels (POLY_SSE): c2d_sse_gjk_load, the same check and points, also dealt into the lanes of
 * a c2d_gjk_lanes; c2d_sse_gjk_support_pair, both supports of one step (A's in d, B's in -d). */
bool c2d_ref_gjk_load(const c2d_vec2 *points, int count, c2d_real radius, c2d_vec2 origin, c2d_vec2 *local);
int c2d_ref_gjk_support(const c2d_vec2 *points, int count, c2d_vec2 d);

/* ---- ray casts (src/raycast.c: references; src/simd/raycast_sse.c: kernels) ---- */

/* The scalar references, whatever the build (the public casts when SSE is not compiled in). */
bool c2d_ref_aabb_raycast(c2d_aabb b, c2d_raycast_input in, c2d_hit *out);
bool c2d_ref_polygon_raycast(const c2d_polygon *p, c2d_raycast_input in, c2d_hit *out);
bool c2d_ref_polygon_raycast_xf(const c2d_polygon *p, c2d_transform xf, c2d_raycast_input in, c2d_hit *out);
/* Pieces of src/raycast.c that the kernels call on the paths they leave: the box cast with a
 * padding (c2d_aabb_raycast_padded's body, no checks of its own beyond the cast's) and the move of
 * a hit in a polygon's frame back to world. */
bool c2d_ref_box_cast(c2d_aabb b, c2d_real px, c2d_real py, c2d_raycast_input in, c2d_hit *out);
bool c2d_xf_hit_to_world(c2d_transform xf, const c2d_hit *h, c2d_hit *out);

/* The kernels: with SSE, src/simd/raycast_sse.c defines the public c2d_aabb_raycast,
 * c2d_polygon_raycast and c2d_polygon_raycast_xf themselves (a layer of call between would copy
 * the input struct, and the kernels' 16-byte load of it would then wait on two 8-byte stores);
 * without it, src/raycast.c defines them as the references. */

/* ---- overlap tests (src/overlap.c: lanes_min_proj, the reference) ---- */

#ifdef C2D_NARROW_SSE
/* Smallest of nx * (x[j] - px) + ny * (y[j] - py) over the first `lanes` lanes (a multiple of 4),
 * four lanes at a time: the projection kernel of the overlap tests' separating axis test. */
static inline c2d_real c2d_sse_lanes_min_proj(const c2d_real *x, const c2d_real *y, int lanes, c2d_real nx, c2d_real ny, c2d_real px,
                                              c2d_real py) {
    __m128 vnx = _mm_set1_ps(nx), vny = _mm_set1_ps(ny), vpx = _mm_set1_ps(px), vpy = _mm_set1_ps(py);
    __m128 m = _mm_set1_ps(FLT_MAX);
    int k;
    for (k = 0; k < lanes; k += 4) {
        __m128 dx = _mm_sub_ps(_mm_loadu_ps(x + k), vpx), dy = _mm_sub_ps(_mm_loadu_ps(y + k), vpy);
        m = _mm_min_ps(m, _mm_add_ps(_mm_mul_ps(vnx, dx), _mm_mul_ps(vny, dy)));
    }
    m = _mm_min_ps(m, _mm_movehl_ps(m, m));
    m = _mm_min_ss(m, _mm_shuffle_ps(m, m, 1));
    return _mm_cvtss_f32(m);
}
#endif

/* ---- hits and manifolds (src/manifold.c: references; src/simd/manifold_sse.c: kernels) ---- */

/* The scalar references (src/manifold.c, which calls the kernels instead when POLY_SSE is set):
 * - c2d_ref_rs_polygon: loads p into s relative to o, checking it on the way; false for a bad
 *   polygon;
 * - c2d_ref_rs_separation: the largest separation of b's core from a's faces, and that face;
 * - c2d_ref_polygon_boxes_apart: true when the polygons' vertex boxes do not overlap;
 * - c2d_ref_disk_polygon: the circle (center c, radius r; a point when is_point) against p: its
 *   verdict, and the contact in a frame at c unless RS_NO or RS_BAD;
 * - c2d_ref_load_placed: a placed by rel and b, loaded relative to o; false when their boxes are
 *   apart or either is bad.
 * c2d_place_polygon is p mapped by xf (the values of c2d_polygon_transform). */
bool c2d_ref_rs_polygon(rshape *s, const c2d_polygon *p, c2d_vec2 o);
c2d_real c2d_ref_rs_separation(const rshape *a, const rshape *b, int *face);
bool c2d_ref_polygon_boxes_apart(const c2d_polygon *a, const c2d_polygon *b);
verdict c2d_ref_disk_polygon(c2d_vec2 c, c2d_real r, bool is_point, const c2d_polygon *p, contact *out);
bool c2d_ref_load_placed(rshape *ra, rshape *rb, const c2d_polygon *a, c2d_transform rel, const c2d_polygon *b, c2d_vec2 o);
void c2d_place_polygon(c2d_polygon *out, const c2d_polygon *p, c2d_transform xf);

/* The kernels (c2d_sse_rs_polygon, c2d_sse_rs_separation, c2d_sse_polygon_boxes_apart,
 * c2d_sse_disk_polygon, c2d_sse_load_placed: the references' contracts), defined in
 * src/simd/manifold_sse.h so that they inline into the hot paths. */
#ifdef POLY_SSE
#  include "manifold_sse.h"
#  include "distance_sse.h"
#endif

/* The scalar references of the kernels stay out of line in SSE builds, where they run only for
 * rare inputs, so that they do not bloat the hot functions around them. */
#if defined(POLY_SSE) && defined(__GNUC__)
#  define SCALAR_LOADER __attribute__((noinline, cold))
#else
#  define SCALAR_LOADER
#endif

/* The polygon loader, the vertex-box early miss and the placed pair's loader: the kernels when
 * compiled in, else the references above. */
static inline bool c2d_rs_polygon(rshape *s, const c2d_polygon *p, c2d_vec2 o) {
#ifdef POLY_SSE
    return c2d_sse_rs_polygon(s, p, o);
#else
    return c2d_ref_rs_polygon(s, p, o);
#endif
}

static inline bool c2d_polygon_boxes_apart(const c2d_polygon *a, const c2d_polygon *b) {
#ifdef POLY_SSE
    return c2d_sse_polygon_boxes_apart(a, b);
#else
    return c2d_ref_polygon_boxes_apart(a, b);
#endif
}

static inline bool c2d_load_placed(rshape *ra, rshape *rb, const c2d_polygon *a, c2d_transform rel, const c2d_polygon *b, c2d_vec2 o) {
#ifdef POLY_SSE
    return c2d_sse_load_placed(ra, rb, a, rel, b, o);
#else
    return c2d_ref_load_placed(ra, rb, a, rel, b, o);
#endif
}

#endif
