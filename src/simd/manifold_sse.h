/* collide2d's SSE kernels of the narrow phase, included by src/simd/simd.h when POLY_SSE is set
 * (float builds on x86 whose polygon arrays hold whole blocks of 4 vertices): the polygon loader,
 * the separation search, the bounding-box early-out, the circle's nearest-feature search, and the
 * loader of a polygon placed by a transform. Each gives the bits of its scalar reference in
 * src/manifold.c (c2d_ref_*) and hands it every input it leaves.
 *
 * They are defined here, in a header, because they sit on the hot paths of src/manifold.c: as
 * calls into another file they cost 1.1-1.4x on the circle-polygon rows of bench_narrow. So
 * src/manifold.c compiles them into its own code, and tests/test_fast_paths.c compiles them too,
 * to run each kernel and its reference on the same random inputs. */
#ifndef COLLIDE2D_MANIFOLD_SSE_H
#define COLLIDE2D_MANIFOLD_SSE_H

#include <float.h>
#include <string.h>

/* A kernel that a file including this header may leave unused. */
#if defined(__GNUC__)
#  define C2D_KERNEL static __attribute__((unused))
#else
#  define C2D_KERNEL static
#endif

#ifdef POLY_SSE

#  define RS_BLOCKS (RS_N / 4)

/* (a1 a2 a3 b0): a's lanes moved down by one, b's first lane entering at the top. */
static inline __m128 shift_in(__m128 a, __m128 b) {
    __m128 t = _mm_move_ss(a, b);
    return _mm_shuffle_ps(t, t, _MM_SHUFFLE(0, 3, 2, 1));
}

/* The largest of the four lanes, in every lane. */
static inline __m128 hmax_ps(__m128 v) {
    v = _mm_max_ps(v, _mm_shuffle_ps(v, v, _MM_SHUFFLE(1, 0, 3, 2)));
    return _mm_max_ps(v, _mm_shuffle_ps(v, v, _MM_SHUFFLE(2, 3, 0, 1)));
}

/* Vertices 4k..4k+3 of p as lanes: x in *x, y in *y (two 16-byte loads and two shuffles; lanes past
 * the count hold whatever the arrays hold there). */
static FORCE_INLINE void block_xy(const c2d_polygon *p, int k, __m128 *x, __m128 *y) {
    const float *v = &p->vertices[4 * k].x;
    __m128 v01 = _mm_loadu_ps(v), v23 = _mm_loadu_ps(v + 4);
    *x = _mm_shuffle_ps(v01, v23, _MM_SHUFFLE(2, 0, 2, 0));
    *y = _mm_shuffle_ps(v01, v23, _MM_SHUFFLE(3, 1, 3, 1));
}

/* A polygon's vertices as lanes, four per block, relative to the local origin; lanes past the
 * last vertex repeat vertex 0, and live marks the lanes that hold a vertex. */
typedef struct poly_lanes {
    __m128 x[RS_BLOCKS], y[RS_BLOCKS], live[RS_BLOCKS];
    int blocks;
} poly_lanes;

/* Loads the vertex lanes relative to o. False when a vertex coordinate is not finite or beyond
 * C2D_MAX_COORD (|x| <= limit is false for NaN and infinities). Blocks that hold four vertices
 * skip the padding work. */
/* Block k of the vertex lanes (x, y: the vertices' coordinates, checked as they are): its live
 * mask, the padding lanes past the count set to vertex 0 (x0, y0: block 0's lane 0, taken
 * while block 0 is loaded), and the lanes stored relative to (ox, oy). Returns the lanes that fail the range check
 * (|x| <= limit is false for NaN and infinities), as movemask bits. */
static inline int poly_lanes_block(poly_lanes *l, int k, int n, __m128 *x, __m128 *y, __m128 x0, __m128 y0, __m128 ox, __m128 oy) {
    const __m128 sign = _mm_set1_ps(-0.0f), lim = _mm_set1_ps(C2D_MAX_COORD);
    __m128 ok = _mm_and_ps(_mm_cmple_ps(_mm_andnot_ps(sign, *x), lim), _mm_cmple_ps(_mm_andnot_ps(sign, *y), lim));
    int bad;
    if (4 * k + 4 <= n) {
        l->live[k] = _mm_castsi128_ps(_mm_set1_epi32(-1));
        bad = _mm_movemask_ps(ok) ^ 0xF;
    } else {
        __m128 live = _mm_castsi128_ps(_mm_cmplt_epi32(_mm_setr_epi32(4 * k, 4 * k + 1, 4 * k + 2, 4 * k + 3), _mm_set1_epi32(n)));
        l->live[k] = live;
        bad = _mm_movemask_ps(_mm_andnot_ps(ok, live));
        *x = select_ps(live, *x, x0);
        *y = select_ps(live, *y, y0);
    }
    l->x[k] = _mm_sub_ps(*x, ox);
    l->y[k] = _mm_sub_ps(*y, oy);
    return bad;
}

static inline bool poly_lanes_load(poly_lanes *l, const c2d_polygon *p, c2d_vec2 o) {
    const __m128 ox = _mm_set1_ps(o.x), oy = _mm_set1_ps(o.y);
    __m128 x0 = _mm_setzero_ps(), y0 = x0;
    int n = p->count, k, bad = 0;
    l->blocks = (n + 3) >> 2;
    for (k = 0; k < RS_BLOCKS && k < l->blocks; ++k) {
        __m128 x, y;
        block_xy(p, k, &x, &y);
        if (k == 0) {
            x0 = _mm_shuffle_ps(x, x, 0);
            y0 = _mm_shuffle_ps(y, y, 0);
        }
        bad |= poly_lanes_block(l, k, n, &x, &y, x0, y0, ox, oy);
    }
    return bad == 0;
}

/* True when every stored normal is finite (it is not used otherwise, but a polygon holding a NaN
 * or an infinity is invalid input). The normals are tested as (x, y) pairs, two per load. */
static inline bool poly_normals_finite(const c2d_polygon *p) {
    const __m128 sign = _mm_set1_ps(-0.0f), big = _mm_set1_ps(FLT_MAX);
    int n = p->count, k, bad = 0;
    for (k = 0; 4 * k < n && k < RS_BLOCKS; ++k) {
        const float *m = &p->normals[4 * k].x;
        int ok01 = _mm_movemask_ps(_mm_cmple_ps(_mm_andnot_ps(sign, _mm_loadu_ps(m)), big));
        int ok23 = _mm_movemask_ps(_mm_cmple_ps(_mm_andnot_ps(sign, _mm_loadu_ps(m + 4)), big));
        int need01 = 4 * k + 1 < n ? 0xF : 0x3, need23 = (4 * k + 2 < n ? 0x3 : 0) | (4 * k + 3 < n ? 0xC : 0);
        bad |= (need01 & ~ok01) | (need23 & ~ok23);
    }
    return bad == 0;
}

/* Edges of block k (vertex i to vertex i+1) and their squared lengths. */
static inline void poly_edges(const poly_lanes *l, int k, __m128 *ex, __m128 *ey, __m128 *ee) {
    int k1 = k + 1 < l->blocks ? k + 1 : 0;
    *ex = _mm_sub_ps(shift_in(l->x[k], l->x[k1]), l->x[k]);
    *ey = _mm_sub_ps(shift_in(l->y[k], l->y[k1]), l->y[k]);
    *ee = _mm_add_ps(_mm_mul_ps(*ex, *ex), _mm_mul_ps(*ey, *ey));
}

/* True when some vertex-holding lane of the block has an edge too short to normalise. */
static inline bool short_edge(const poly_lanes *l, int k, __m128 ee) {
    return _mm_movemask_ps(_mm_and_ps(_mm_cmple_ps(ee, _mm_set1_ps(FLT_MIN)), l->live[k])) != 0;
}

/* Twice the signed area as the sum of cross(v_i - v_0, e_i), one term per lane (padding lanes
 * have e = 0), and the magnitudes of the products into *mag (area_sure). */
static inline __m128 area_terms(const poly_lanes *l, int k, __m128 ex, __m128 ey, __m128 *mag) {
    __m128 x0 = _mm_shuffle_ps(l->x[0], l->x[0], 0), y0 = _mm_shuffle_ps(l->y[0], l->y[0], 0), sign = _mm_set1_ps(-0.0f);
    __m128 a = _mm_mul_ps(_mm_sub_ps(l->x[k], x0), ey), b = _mm_mul_ps(_mm_sub_ps(l->y[k], y0), ex);
    *mag = _mm_add_ps(*mag, _mm_add_ps(_mm_andnot_ps(sign, a), _mm_andnot_ps(sign, b)));
    return _mm_sub_ps(a, b);
}

static inline c2d_real area_sum(__m128 area) {
    area = _mm_add_ps(area, _mm_movehl_ps(area, area));
    area = _mm_add_ss(area, _mm_shuffle_ps(area, area, 1));
    return _mm_cvtss_f32(area);
}

/* rs_polygon's work once the vertex lanes (relative to the local origin) are loaded: 1 when the
 * polygon is good, 0 when its area is not surely positive (the caller then asks
 * c2d_polygon_usable), -1 when an edge is too short for the vector form (the caller then runs
 * rs_polygon_scalar). */
C2D_KERNEL int rs_polygon_lanes(rshape *s, const poly_lanes *l, int count) {
    const __m128 sign = _mm_set1_ps(-0.0f), big = _mm_set1_ps(FLT_MAX);
    __m128 area = _mm_setzero_ps(), size = _mm_setzero_ps(), mag = _mm_setzero_ps();
    int k;
    for (k = 0; k < RS_BLOCKS && k < l->blocks; ++k) {
        __m128 ex, ey, ee, len, nx, ny;
        poly_edges(l, k, &ex, &ey, &ee);
        if (short_edge(l, k, ee)) return -1;
        len = _mm_sqrt_ps(ee);
        nx = _mm_and_ps(_mm_div_ps(ey, len), l->live[k]);
        ny = _mm_and_ps(_mm_div_ps(_mm_sub_ps(_mm_setzero_ps(), ex), len), l->live[k]);
        area = _mm_add_ps(area, area_terms(l, k, ex, ey, &mag));
        size = _mm_max_ps(size, _mm_max_ps(_mm_andnot_ps(sign, l->x[k]), _mm_andnot_ps(sign, l->y[k])));
        _mm_storeu_ps(s->vx + 4 * k, l->x[k]);
        _mm_storeu_ps(s->vy + 4 * k, l->y[k]);
        _mm_storeu_ps(s->nx + 4 * k, nx);
        _mm_storeu_ps(s->ny + 4 * k, ny);
        _mm_storeu_ps(s->off + 4 * k, select_ps(l->live[k], _mm_add_ps(_mm_mul_ps(nx, l->x[k]), _mm_mul_ps(ny, l->y[k])), big));
    }
    s->count = count;
    s->radius = 0;
    s->size = _mm_cvtss_f32(hmax_ps(size));
    return area_sure(area_sum(area), area_sum(mag)) ? 1 : 0;
}

C2D_KERNEL bool c2d_sse_rs_polygon(rshape *s, const c2d_polygon *p, c2d_vec2 o) {
    poly_lanes l;
    int r;
    if (!poly_lanes_load(&l, p, o) || !poly_normals_finite(p)) return false;
    r = rs_polygon_lanes(s, &l, p->count);
    return r < 0 ? c2d_ref_rs_polygon(s, p, o) : (r > 0 || c2d_polygon_usable(p));
}

/* poly_lanes_load of p placed by xf, without building the placed polygon: each local vertex is
 * mapped in its lane with the formulas and operation order of place_polygon (the same bits), the
 * placed coordinates are checked as poly_lanes_load checks them, and *box receives their bounding
 * box (lower x, lower y, upper x, upper y: the value poly_box gives for the placed polygon). */
C2D_KERNEL bool poly_lanes_load_placed(poly_lanes *l, const c2d_polygon *p, c2d_transform xf, c2d_vec2 o, __m128 *box) {
    const __m128 tx = _mm_set1_ps(xf.p.x), ty = _mm_set1_ps(xf.p.y), c = _mm_set1_ps(xf.q.c);
    const __m128 sn = _mm_set1_ps(xf.q.s), nsn = _mm_set1_ps(-xf.q.s);
    const __m128 ox = _mm_set1_ps(o.x), oy = _mm_set1_ps(o.y);
    __m128 lo_x = _mm_set1_ps(FLT_MAX), lo_y = lo_x, hi_x = _mm_set1_ps(-FLT_MAX), hi_y = hi_x, x0 = lo_x, y0 = lo_x;
    int n = p->count, k, bad = 0;
    l->blocks = (n + 3) >> 2;
    for (k = 0; k < RS_BLOCKS && k < l->blocks; ++k) {
        __m128 lx, ly, x, y;
        block_xy(p, k, &lx, &ly);
        x = _mm_add_ps(tx, _mm_add_ps(_mm_mul_ps(c, lx), _mm_mul_ps(nsn, ly)));
        y = _mm_add_ps(ty, _mm_add_ps(_mm_mul_ps(c, ly), _mm_mul_ps(sn, lx)));
        if (k == 0) {
            x0 = _mm_shuffle_ps(x, x, 0);
            y0 = _mm_shuffle_ps(y, y, 0);
        }
        bad |= poly_lanes_block(l, k, n, &x, &y, x0, y0, ox, oy);
        lo_x = _mm_min_ps(lo_x, x);
        lo_y = _mm_min_ps(lo_y, y);
        hi_x = _mm_max_ps(hi_x, x);
        hi_y = _mm_max_ps(hi_y, y);
    }
    lo_x = _mm_min_ps(lo_x, _mm_shuffle_ps(lo_x, lo_x, _MM_SHUFFLE(1, 0, 3, 2)));
    lo_x = _mm_min_ps(lo_x, _mm_shuffle_ps(lo_x, lo_x, _MM_SHUFFLE(2, 3, 0, 1)));
    lo_y = _mm_min_ps(lo_y, _mm_shuffle_ps(lo_y, lo_y, _MM_SHUFFLE(1, 0, 3, 2)));
    lo_y = _mm_min_ps(lo_y, _mm_shuffle_ps(lo_y, lo_y, _MM_SHUFFLE(2, 3, 0, 1)));
    *box = _mm_movelh_ps(_mm_unpacklo_ps(lo_x, lo_y), _mm_unpacklo_ps(hmax_ps(hi_x), hmax_ps(hi_y)));
    return bad == 0;
}
/* The vertex lanes of block k (vertices 4k..4k+3) in world coordinates; lanes past the last
 * vertex repeat vertex 0 (live marks the others). */
static FORCE_INLINE void disk_block_load(const c2d_polygon *p, int k, __m128 *x, __m128 *y, __m128 *live) {
    int n = p->count;
    block_xy(p, k, x, y);
#  if defined(__GNUC__)
    /* full blocks (boxes and 8-gons) laid out as the straight path */
    if (__builtin_expect(4 * k + 4 <= n, 1)) {
#  else
    if (4 * k + 4 <= n) {
#  endif
        *live = _mm_castsi128_ps(_mm_set1_epi32(-1));
    } else {
        *live = _mm_castsi128_ps(_mm_cmplt_epi32(_mm_setr_epi32(4 * k, 4 * k + 1, 4 * k + 2, 4 * k + 3), _mm_set1_epi32(n)));
        *x = select_ps(*live, *x, _mm_set1_ps(p->vertices[0].x));
        *y = select_ps(*live, *y, _mm_set1_ps(p->vertices[0].y));
    }
}

/* One block of the first pass of disk_polygon: d = c - v and the edges e to the next vertices
 * (xn, yn: the next block, whose first lane is the next vertex of the last lane), the numerators
 * s = cross(d, e), squared lengths ee and s^2 (l), and the exact separating-edge test
 * (edge_separates, returned as a lane mask). Padding lanes have e = 0, so s = 0 there. */
static FORCE_INLINE int disk_block_edges(__m128 x, __m128 y, __m128 xn, __m128 yn, __m128 cx, __m128 cy, __m128 rr, bool is_point,
                                         __m128 *dx, __m128 *dy, __m128 *ex, __m128 *ey, __m128 *ee, __m128 *s, __m128 *l) {
    __m128 q, pl, pm;
    *dx = _mm_sub_ps(cx, x);
    *dy = _mm_sub_ps(cy, y);
    *ex = _mm_sub_ps(shift_in(x, xn), x);
    *ey = _mm_sub_ps(shift_in(y, yn), y);
    pl = _mm_mul_ps(*dx, *ey);
    pm = _mm_mul_ps(*dy, *ex);
    *s = _mm_sub_ps(pl, pm);
    if (is_point) { /* point_separates: outside by more than the rounding of s */
        const __m128 sign = _mm_set1_ps(-0.0f);
        __m128 bound = _mm_add_ps(_mm_mul_ps(_mm_set1_ps(C2D_ORIENT_BOUND_REL), _mm_add_ps(_mm_andnot_ps(sign, pl), _mm_andnot_ps(sign, pm))),
                                  _mm_set1_ps(C2D_ORIENT_BOUND_ABS));
        *ee = _mm_add_ps(_mm_mul_ps(*ex, *ex), _mm_mul_ps(*ey, *ey));
        *l = _mm_mul_ps(*s, *s);
        return _mm_movemask_ps(_mm_cmpgt_ps(*s, bound));
    }
    *ee = _mm_add_ps(_mm_mul_ps(*ex, *ex), _mm_mul_ps(*ey, *ey));
    *l = _mm_mul_ps(*s, *s);
    q = _mm_mul_ps(rr, *ee);
    /* l >= q and l <= FLT_MAX imply q <= FLT_MAX; q below FLT_MIN is c2d_at_least's other branch */
    return _mm_movemask_ps(_mm_and_ps(_mm_and_ps(_mm_cmpgt_ps(*s, _mm_setzero_ps()), _mm_cmpge_ps(*l, q)),
                                      _mm_and_ps(_mm_cmple_ps(*l, _mm_set1_ps(FLT_MAX)),
                                                 _mm_or_ps(_mm_cmpge_ps(q, _mm_set1_ps(FLT_MIN)), _mm_cmpeq_ps(rr, _mm_setzero_ps())))));
}

/* The polygon's checks for one block, folded into values that the hit path tests anyway, so that
 * they cost no branch of their own: the largest |coordinate| of the block's vertices goes into
 * *big (compared with C2D_MAX_COORD once), and the returned lanes are +0 when the stored normals
 * of the block's vertices (read as (x, y) pairs from m) are finite and NaN otherwise (n - n). They
 * are added into the area sums, so that a bad normal fails the area test and sends the pair to
 * the scalar form, which finds the polygon bad. A NaN vertex is lost by the max, but it makes the
 * numerators s of its edges NaN, which fails the area test in the same way. */
static FORCE_INLINE __m128 disk_block_checks(__m128 x, __m128 y, __m128 live, const float *m, __m128 *big) {
    const __m128 sign = _mm_set1_ps(-0.0f);
    __m128 m01 = _mm_loadu_ps(m), m23 = _mm_loadu_ps(m + 4);
    *big = _mm_max_ps(*big, _mm_max_ps(_mm_andnot_ps(sign, x), _mm_andnot_ps(sign, y)));
    return _mm_add_ps(_mm_and_ps(_mm_sub_ps(m01, m01), _mm_unpacklo_ps(live, live)), _mm_and_ps(_mm_sub_ps(m23, m23), _mm_unpackhi_ps(live, live)));
}

/* One block of the second pass: the squared distance from the center to each edge (val), as
 * point-segment distances, s^2 / ee when the foot falls inside the edge (perp) and |d|^2 to the
 * edge's first vertex otherwise; the edge's last vertex is the next lane's first. Padding lanes
 * give FLT_MAX. For a center inside a convex polygon the least of these is the least line
 * distance too (the nearest edge line's foot lies on its edge), so one formula serves both. */
static FORCE_INLINE __m128 disk_block_dist(__m128 live, __m128 dx, __m128 dy, __m128 ex, __m128 ey, __m128 ee, __m128 l, __m128 *perp) {
    __m128 t = _mm_add_ps(_mm_mul_ps(dx, ex), _mm_mul_ps(dy, ey)), d0 = _mm_add_ps(_mm_mul_ps(dx, dx), _mm_mul_ps(dy, dy));
    *perp = _mm_and_ps(_mm_cmpgt_ps(t, _mm_setzero_ps()), _mm_cmplt_ps(t, ee));
    return select_ps(live, select_ps(*perp, _mm_div_ps(l, ee), d0), _mm_set1_ps(FLT_MAX));
}

/* v, computed here: an empty asm that the compiler must feed keeps it from sinking the work into
 * the branch that uses it, where it would wait for the search instead of running beside it. */
static FORCE_INLINE __m128 early_ps(__m128 v) {
#  if defined(__GNUC__)
    __asm__(""
            : "+x"(v));
#  endif
    return v;
}

/* The smallest of the four lanes, in every lane. */
static FORCE_INLINE __m128 hmin_ps(__m128 v) {
    v = _mm_min_ps(v, _mm_shuffle_ps(v, v, _MM_SHUFFLE(1, 0, 3, 2)));
    return _mm_min_ps(v, _mm_shuffle_ps(v, v, _MM_SHUFFLE(2, 3, 0, 1)));
}

/* min(m, nx * px + ny * py): one point against four faces. */
static inline __m128 face_min(__m128 m, __m128 nx, __m128 ny, __m128 px, __m128 py) {
    return _mm_min_ps(m, _mm_add_ps(_mm_mul_ps(nx, px), _mm_mul_ps(ny, py)));
}

/* Largest separation of b's core from a's faces (SAT): for each face of a, the signed distance of
 * b's deepest vertex from the face line, min_j n_i . w_j - off_i; the largest over the faces, and
 * that face (the first on ties). A one-point core has no face: -REAL_MAX. Four faces at a time
 * against one vertex at a time, so that no horizontal reduction is needed until the end; b's
 * vertices are read four at a time and spread lane by lane (their padding lanes repeat vertex 0,
 * which leaves every minimum unchanged). Cores of up to 8 vertices take the straight-line form. */
C2D_KERNEL c2d_real c2d_sse_rs_separation(const rshape *a, const rshape *b, int *face) {
    __m128 m[RS_BLOCKS], best;
    int blocks = (a->count + 3) >> 2, j, k;
    unsigned mask = 0;
    *face = 0;
    if (a->count < 2) return -REAL_MAX;
    for (k = 0; k < RS_BLOCKS; ++k) m[k] = _mm_set1_ps(FLT_MAX);
#  if RS_BLOCKS == 2
    if (blocks <= 2) {
        const __m128 nx0 = _mm_loadu_ps(a->nx), ny0 = _mm_loadu_ps(a->ny);
        __m128 m0 = m[0], m1 = m[1];
        if (blocks == 1) {
            for (j = 0; j < b->count; j += 4) {
                __m128 bx = _mm_loadu_ps(b->vx + j), by = _mm_loadu_ps(b->vy + j);
                m0 = face_min(m0, nx0, ny0, _mm_shuffle_ps(bx, bx, 0x00), _mm_shuffle_ps(by, by, 0x00));
                m0 = face_min(m0, nx0, ny0, _mm_shuffle_ps(bx, bx, 0x55), _mm_shuffle_ps(by, by, 0x55));
                m0 = face_min(m0, nx0, ny0, _mm_shuffle_ps(bx, bx, 0xAA), _mm_shuffle_ps(by, by, 0xAA));
                m0 = face_min(m0, nx0, ny0, _mm_shuffle_ps(bx, bx, 0xFF), _mm_shuffle_ps(by, by, 0xFF));
            }
        } else {
            const __m128 nx1 = _mm_loadu_ps(a->nx + 4), ny1 = _mm_loadu_ps(a->ny + 4);
            for (j = 0; j < b->count; j += 4) {
                __m128 bx = _mm_loadu_ps(b->vx + j), by = _mm_loadu_ps(b->vy + j), px, py;
                px = _mm_shuffle_ps(bx, bx, 0x00);
                py = _mm_shuffle_ps(by, by, 0x00);
                m0 = face_min(m0, nx0, ny0, px, py);
                m1 = face_min(m1, nx1, ny1, px, py);
                px = _mm_shuffle_ps(bx, bx, 0x55);
                py = _mm_shuffle_ps(by, by, 0x55);
                m0 = face_min(m0, nx0, ny0, px, py);
                m1 = face_min(m1, nx1, ny1, px, py);
                px = _mm_shuffle_ps(bx, bx, 0xAA);
                py = _mm_shuffle_ps(by, by, 0xAA);
                m0 = face_min(m0, nx0, ny0, px, py);
                m1 = face_min(m1, nx1, ny1, px, py);
                px = _mm_shuffle_ps(bx, bx, 0xFF);
                py = _mm_shuffle_ps(by, by, 0xFF);
                m0 = face_min(m0, nx0, ny0, px, py);
                m1 = face_min(m1, nx1, ny1, px, py);
            }
        }
        m[0] = m0;
        m[1] = m1;
    } else
#  endif
    {
        for (j = 0; j < b->count; ++j) {
            __m128 px = _mm_set1_ps(b->vx[j]), py = _mm_set1_ps(b->vy[j]);
            for (k = 0; k < RS_BLOCKS && k < blocks; ++k) m[k] = face_min(m[k], _mm_loadu_ps(a->nx + 4 * k), _mm_loadu_ps(a->ny + 4 * k), px, py);
        }
    }
    best = _mm_set1_ps(-FLT_MAX);
    for (k = 0; k < RS_BLOCKS && k < blocks; ++k) {
        m[k] = _mm_sub_ps(m[k], _mm_loadu_ps(a->off + 4 * k));
        best = _mm_max_ps(best, m[k]);
    }
    best = hmax_ps(best);
    for (k = 0; k < RS_BLOCKS && k < blocks; ++k) mask |= (unsigned)_mm_movemask_ps(_mm_cmpeq_ps(m[k], best)) << (4 * k);
    if (mask != 0) *face = c2d_lowest_bit(mask);
    return _mm_cvtss_f32(best);
}

static inline __m128 poly_vertex_box(const c2d_polygon *p) {
    const float *v = &p->vertices[0].x;
    __m128 lo = _mm_loadu_ps(v), hi = lo, t;
    int i, n = p->count;
    for (i = 2; i + 1 < n; i += 2) {
        t = _mm_loadu_ps(v + 2 * i);
        lo = _mm_min_ps(lo, t);
        hi = _mm_max_ps(hi, t);
    }
    if (i < n) {
        t = _mm_loadl_pi(lo, (const __m64 *)(const void *)(v + 2 * i)); /* 8-byte load, no alignment needed */
        t = _mm_movelh_ps(t, t);
        lo = _mm_min_ps(lo, t);
        hi = _mm_max_ps(hi, t);
    }
    lo = _mm_min_ps(lo, _mm_movehl_ps(lo, lo));
    hi = _mm_max_ps(hi, _mm_movehl_ps(hi, hi));
    return _mm_movelh_ps(lo, hi); /* lower x, lower y, upper x, upper y */
}

/* Two boxes as poly_box gives them: true when they do not overlap (touching counts as apart). */
static inline bool boxes_apart(__m128 ba, __m128 bb) {
    __m128 apart = _mm_or_ps(_mm_cmple_ps(_mm_movehl_ps(ba, ba), bb), _mm_cmple_ps(_mm_movehl_ps(bb, bb), ba));
    return (_mm_movemask_ps(apart) & 3) != 0;
}

C2D_KERNEL bool c2d_sse_polygon_boxes_apart(const c2d_polygon *a, const c2d_polygon *b) {
    return boxes_apart(poly_vertex_box(a), poly_vertex_box(b));
}

C2D_KERNEL bool c2d_sse_load_placed(rshape *ra, rshape *rb, const c2d_polygon *a, c2d_transform rel, const c2d_polygon *b, c2d_vec2 o) {
    /* a is placed lane by lane as it is loaded (poly_lanes_load_placed), with the values that
     * c2d_place_polygon would store; the placed polygon is built only when the scalar loader or
     * the area rule needs it. Its stored normals are checked in the local frame. */
    poly_lanes l;
    __m128 box;
    int ok;
    if (!poly_lanes_load_placed(&l, a, rel, o, &box) || boxes_apart(box, poly_vertex_box(b)) || !poly_normals_finite(a) ||
        !c2d_sse_rs_polygon(rb, b, o))
        return false;
    ok = rs_polygon_lanes(ra, &l, a->count);
    if (ok <= 0) {
        c2d_polygon la;
        c2d_place_polygon(&la, a, rel);
        ok = ok < 0 ? c2d_ref_rs_polygon(ra, &la, o) : c2d_polygon_usable(&la);
    }
    return ok != 0;
}

/* disk_polygon_scalar's pairs, four vertices at a time, for polygons of up to two blocks. The
 * vertices are loaded once, as world lanes (d = c - v_i, e_i = v_i+1 - v_i):
 * 1. The exact separating-edge test (edge_separates) on all edges: a miss costs a load, a few
 *    products and no check, since that answer is the exact test's for any polygon. Block 0 is
 *    tested alone first, so that most misses of an 8-vertex polygon skip block 1.
 * 2. The checks a hit needs (those of disk_ok and disk_face_scalar): circle and vertices in range,
 *    stored normals finite, a positive signed area; the numerators s_i = cross(d_i, e_i) are minus
 *    the shoelace terms of the area about the center, so the winding check costs two sums. The
 *    circle's check is one branch (disk_ok); the polygon's take none of their own: a failure joins
 *    the rare conditions below that send the pair to disk_polygon_scalar, which checks everything
 *    again and gives RS_BAD.
 * 3. The nearest feature: the least of the point-segment distances, each a line distance when the
 *    foot lies inside the edge, else the distance to the edge's first vertex (its last vertex is
 *    the next edge's first). All are squared (s_i^2 / ee_i, |d_i|^2), so the search takes one
 *    division per block and no root; the 1 / |e_i| that the contact needs are computed beside it,
 *    not after it. When no s_i is positive (the exact test's "inside" too) the center is inside
 *    every edge line; the nearest edge is then the one of least line distance (the face of
 *    greatest separation, whose foot lies on the edge of a convex polygon), and the contact runs
 *    along its normal whatever the lane's foot test said.
 *    Unlike Box2D's face-then-Voronoi scheme this needs no branch per region, and it finds the
 *    nearest point also across the slightly reflex corners of a polygon rounded far from the
 *    origin.
 * Then the decision and contact as in disk_polygon_scalar (judge with SURE_ULPS). Bad input, a
 * polygon with an edge too short to normalise, a doubtful area sum, a squared numerator beyond the
 * float range (polygons larger than about 4e9), a least squared distance below FLT_MIN (a center on
 * an edge line or a vertex, or within 1e-19 of one, where squares underflow to 0 and tie with the
 * true nearest feature), or more than 8 vertices goes to disk_polygon_scalar. */
static FORCE_INLINE verdict disk_polygon_blocks(c2d_vec2 c, c2d_real r, bool is_point, const c2d_polygon *p, contact *out, int blocks, bool trust) {
    const __m128 cx = _mm_set1_ps(c.x), cy = _mm_set1_ps(c.y), rr = _mm_set1_ps(r * r), zero = _mm_setzero_ps();
    const __m128 sign = _mm_set1_ps(-0.0f), big = _mm_set1_ps(FLT_MAX), tiny = _mm_set1_ps(FLT_MIN);
    __m128 x0, y0, live0, dx0, dy0, ex0, ey0, ee0, s0, l0, perp0, val0, m, sum, cut, size, inv0, nan, coord;
    /* lanes of d, e, 1 / |e| and s, read back for the nearest feature */
    float ld[4 * RS_BLOCKS], le[4 * RS_BLOCKS], lf[4 * RS_BLOCKS], lg[4 * RS_BLOCKS], lh[4 * RS_BLOCKS], ls[4 * RS_BLOCKS];
    unsigned mask, pmask;
    int f, out_lanes;
    c2d_real scale, tol, dist, dmin;
#  if RS_BLOCKS < 2
    (void)blocks; /* a build with at most 4 vertices: one block only */
#  endif
    disk_block_load(p, 0, &x0, &y0, &live0);
#  if RS_BLOCKS >= 2
    if (blocks == 2) {
        __m128 x1, y1, live1, dx1, dy1, ex1, ey1, ee1, s1, l1, perp1, val1, inv1;
        disk_block_load(p, 1, &x1, &y1, &live1);
        if (disk_block_edges(x0, y0, x1, y1, cx, cy, rr, is_point, &dx0, &dy0, &ex0, &ey0, &ee0, &s0, &l0)) return RS_NO;
        if (disk_block_edges(x1, y1, x0, y0, cx, cy, rr, is_point, &dx1, &dy1, &ex1, &ey1, &ee1, &s1, &l1)) return RS_NO;
        if (!c2d_disk_ok(c, r, is_point)) return RS_BAD;
        coord = zero;
        nan = trust ? zero : _mm_add_ps(disk_block_checks(x0, y0, live0, &p->normals[0].x, &coord), disk_block_checks(x1, y1, live1, &p->normals[4].x, &coord));
        /* short edges and squared numerators beyond the float range go to the scalar form */
        cut = _mm_or_ps(_mm_and_ps(live0, _mm_or_ps(_mm_cmple_ps(ee0, tiny), _mm_cmpnle_ps(l0, big))),
                        _mm_and_ps(live1, _mm_or_ps(_mm_cmple_ps(ee1, tiny), _mm_cmpnle_ps(l1, big))));
        out_lanes = _mm_movemask_ps(_mm_cmpgt_ps(s0, zero)) | _mm_movemask_ps(_mm_cmpgt_ps(s1, zero));
        /* twice the area about the center (-sum s) and the sum of |s| (padding lanes: s = 0) */
        sum = _mm_add_ps(_mm_unpacklo_ps(s0, _mm_andnot_ps(sign, s0)), _mm_unpackhi_ps(s0, _mm_andnot_ps(sign, s0)));
        sum = _mm_add_ps(sum, _mm_add_ps(_mm_unpacklo_ps(s1, _mm_andnot_ps(sign, s1)), _mm_unpackhi_ps(s1, _mm_andnot_ps(sign, s1))));
        inv0 = early_ps(_mm_div_ps(_mm_set1_ps(1.0f), _mm_sqrt_ps(ee0)));
        inv1 = early_ps(_mm_div_ps(_mm_set1_ps(1.0f), _mm_sqrt_ps(ee1)));
        val0 = disk_block_dist(live0, dx0, dy0, ex0, ey0, ee0, l0, &perp0);
        val1 = disk_block_dist(live1, dx1, dy1, ex1, ey1, ee1, l1, &perp1);
        m = hmin_ps(_mm_min_ps(val0, val1));
        mask = (unsigned)_mm_movemask_ps(_mm_cmpeq_ps(val0, m)) | ((unsigned)_mm_movemask_ps(_mm_cmpeq_ps(val1, m)) << 4);
        pmask = (unsigned)_mm_movemask_ps(perp0) | ((unsigned)_mm_movemask_ps(perp1) << 4);
        /* block 1's lanes, for the scalar tail below (read only when the nearest feature is there) */
        _mm_storeu_ps(ld + 4, dx1);
        _mm_storeu_ps(le + 4, dy1);
        _mm_storeu_ps(lf + 4, ex1);
        _mm_storeu_ps(lg + 4, ey1);
        _mm_storeu_ps(lh + 4, inv1);
        _mm_storeu_ps(ls + 4, s1);
        size = _mm_max_ps(_mm_max_ps(_mm_andnot_ps(sign, dx0), _mm_andnot_ps(sign, dy0)), _mm_max_ps(_mm_andnot_ps(sign, dx1), _mm_andnot_ps(sign, dy1)));
    } else
#  endif
    {
        if (disk_block_edges(x0, y0, x0, y0, cx, cy, rr, is_point, &dx0, &dy0, &ex0, &ey0, &ee0, &s0, &l0)) return RS_NO;
        if (!c2d_disk_ok(c, r, is_point)) return RS_BAD;
        coord = zero;
        nan = trust ? zero : disk_block_checks(x0, y0, live0, &p->normals[0].x, &coord);
        cut = _mm_and_ps(live0, _mm_or_ps(_mm_cmple_ps(ee0, tiny), _mm_cmpnle_ps(l0, big)));
        out_lanes = _mm_movemask_ps(_mm_cmpgt_ps(s0, zero));
        sum = _mm_add_ps(_mm_unpacklo_ps(s0, _mm_andnot_ps(sign, s0)), _mm_unpackhi_ps(s0, _mm_andnot_ps(sign, s0)));
        inv0 = early_ps(_mm_div_ps(_mm_set1_ps(1.0f), _mm_sqrt_ps(ee0)));
        val0 = disk_block_dist(live0, dx0, dy0, ex0, ey0, ee0, l0, &perp0);
        m = hmin_ps(val0);
        mask = (unsigned)_mm_movemask_ps(_mm_cmpeq_ps(val0, m));
        pmask = (unsigned)_mm_movemask_ps(perp0);
        size = _mm_max_ps(_mm_andnot_ps(sign, dx0), _mm_andnot_ps(sign, dy0));
    }
    /* the checks of disk_block_checks: a failure takes the scalar form, which checks everything
     * again and gives RS_BAD */
    cut = _mm_or_ps(cut, _mm_cmpnle_ps(coord, _mm_set1_ps(C2D_MAX_COORD)));
    /* sum = (-2 area, sum |s|, ., .) after the last fold; NaN when a stored normal is not finite */
    sum = _mm_add_ps(sum, nan);
    sum = _mm_add_ps(sum, _mm_movehl_ps(sum, sum));
    dmin = _mm_cvtss_f32(m);
    if (_mm_movemask_ps(cut) || (!trust && !(-_mm_cvtss_f32(sum) > 32 * C2D_EPSILON * _mm_cvtss_f32(_mm_shuffle_ps(sum, sum, 1)))) || mask == 0 ||
        !(dmin >= FLT_MIN))
        return c2d_ref_disk_polygon(c, r, is_point, p, out);
    f = c2d_lowest_bit(mask);
    scale = _mm_cvtss_f32(hmax_ps(size)) + r;
    tol = SURE_ULPS * C2D_EPSILON * scale;
    if (((pmask >> f) & 1u) || !out_lanes) {
        /* the nearest point is the foot on edge f: out along its normal (inward for a center
         * inside that edge's line but outside the polygon, which only a polygon that is not
         * convex can give) */
        c2d_real inv, sep;
        c2d_vec2 n;
        verdict v;
        _mm_storeu_ps(lf, ex0);
        _mm_storeu_ps(lg, ey0);
        _mm_storeu_ps(lh, inv0);
        _mm_storeu_ps(ls, s0);
        inv = lh[f]; /* 1 / |e_f|, computed beside the search rather than after it */
        sep = ls[f] * inv;
        n = c2d_v2(lg[f] * inv, -lf[f] * inv);
        if (out_lanes && sep < 0) {
            n = c2d_neg(n);
            sep = -sep;
        }
        v = judge(sep - r, tol);
        if (v != RS_NO) face_contact(out, n, sep, r, scale);
        return v;
    }
    /* the nearest point is vertex f, at d from the center */
    {
        c2d_vec2 d;
        verdict v;
        _mm_storeu_ps(ld, dx0);
        _mm_storeu_ps(le, dy0);
        d = c2d_v2(ld[f], le[f]);
        dist = C2D_SQRT(dmin);
        v = judge(dist - r, tol);
        if (v != RS_NO) point_contact(out, c2d_neg(d), dist, r, scale);
        return v;
    }
}

/* disk_polygon_blocks for one block or for two, as separate copies: with the block count decided
 * first, the two copies share no code, so the registers of one do not constrain the other (with a
 * common tail the compiler spilled more values before the separating-edge test). trust skips the
 * polygon's checks (c2d_sse_disk_polygon_trusted). */
static FORCE_INLINE verdict disk_polygon_kernel(c2d_vec2 c, c2d_real r, bool is_point, const c2d_polygon *p, contact *out, bool trust) {
#  if RS_BLOCKS > 2
    if (p->count > 8) return c2d_ref_disk_polygon(c, r, is_point, p, out); /* a build with more vertices than two blocks */
#  endif
#  if RS_BLOCKS >= 2
    if (p->count > 4) return disk_polygon_blocks(c, r, is_point, p, out, 2, trust);
#  endif
    return disk_polygon_blocks(c, r, is_point, p, out, 1, trust);
}

static FORCE_INLINE verdict c2d_sse_disk_polygon(c2d_vec2 c, c2d_real r, bool is_point, const c2d_polygon *p, contact *out) {
    return disk_polygon_kernel(c, r, is_point, p, out, false);
}

/* c2d_sse_disk_polygon for a circle and a polygon taken as valid ("check once, then trust",
 * design.md): the same search without the polygon's own checks (vertices within C2D_MAX_COORD,
 * stored normals finite, a positive signed area), which a polygon made by c2d_polygon_make or
 * moved by c2d_polygon_transform passes by construction. The stored normals are not read. What
 * stays is what keeps the arithmetic safe for any bit pattern: the count (by the caller), the
 * circle's checks, and the conditions that send a pair to the checked scalar form (an edge too
 * short to normalise or a squared numerator beyond the float range, which a vertex that is not
 * finite always causes, and a nearest distance that is NaN or underflows). */
static FORCE_INLINE verdict c2d_sse_disk_polygon_trusted(c2d_vec2 c, c2d_real r, const c2d_polygon *p, contact *out) {
    return disk_polygon_kernel(c, r, false, p, out, true);
}

#endif

#endif
