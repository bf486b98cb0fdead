/* collide2d's SSE kernels of GJK (src/distance.c), included by src/simd/simd.h when POLY_SSE is set
 * (float builds on x86 whose proxies hold whole blocks of 4 points): the proxy loader, which checks
 * the points and deals them into x and y lanes, and the support search of both proxies in one
 * step. Each gives the answer of its scalar reference in src/distance.c (c2d_ref_gjk_load,
 * c2d_ref_gjk_support): the same verdict and local points, the same support indices (lowest index
 * on ties). They are defined in a header because GJK calls the support search on every iteration:
 * src/distance.c compiles them into its own loop, and tests/test_fast_paths.c compiles them too, to
 * run each kernel and its reference on the same random inputs. */
#ifndef COLLIDE2D_DISTANCE_SSE_H
#define COLLIDE2D_DISTANCE_SSE_H

#ifdef POLY_SSE

/* A proxy's points as x and y lanes, four per block, in every block the maximum vertex count
 * needs (so the loops below have a fixed trip count and unroll); lanes past the last point repeat
 * point 0, which changes no extreme value and, being later, wins no tie. */
#define GJK_BLOCKS (C2D_MAX_POLYGON_VERTICES / 4)
typedef struct c2d_gjk_lanes {
    __m128 x[GJK_BLOCKS], y[GJK_BLOCKS];
    int blocks; /* the blocks that hold points, (count + 3) / 4 */
} c2d_gjk_lanes;

/* c2d_ref_gjk_load's kernel, fused with the transpose into lanes: one pass over the points, two at a
 * time, that checks them (|x| <= C2D_MAX_COORD, false for NaN and infinities), writes them relative
 * to origin into local[] and deals them into x and y lanes. Slots past count are never read for
 * the check: an odd count's last pair and the pairs that fill the last block take point 0 instead,
 * so a hand-built proxy with garbage in its unused slots is still accepted. */
C2D_KERNEL bool c2d_sse_gjk_load(const c2d_vec2 *points, int count, c2d_real radius, c2d_vec2 origin, c2d_vec2 *local, c2d_gjk_lanes *l) {
    __m128 pairs[2 * GJK_BLOCKS];
    __m128 o, first, limit, sign, ok;
    int loaded, q;
    if (count < 1 || count > C2D_MAX_POLYGON_VERTICES) return false;
    if (!(radius >= 0 && radius <= C2D_MAX_COORD)) return false;
    loaded = count >> 1;
    o = _mm_setr_ps(origin.x, origin.y, origin.x, origin.y);
    first = _mm_setr_ps(points[0].x, points[0].y, points[0].x, points[0].y);
    limit = _mm_set1_ps(C2D_MAX_COORD);
    sign = _mm_set1_ps(-0.0f);
    ok = _mm_cmple_ps(_mm_andnot_ps(sign, first), limit);
    for (q = 0; q < loaded; ++q) {
        __m128 v = _mm_loadu_ps(&points[2 * q].x);
        ok = _mm_and_ps(ok, _mm_cmple_ps(_mm_andnot_ps(sign, v), limit));
        pairs[q] = _mm_sub_ps(v, o);
        _mm_storeu_ps(&local[2 * q].x, pairs[q]);
    }
    if (count & 1) {
        /* the last point and point 0 */
        __m128 v = _mm_setr_ps(points[count - 1].x, points[count - 1].y, points[0].x, points[0].y);
        ok = _mm_and_ps(ok, _mm_cmple_ps(_mm_andnot_ps(sign, v), limit));
        pairs[q] = _mm_sub_ps(v, o);
        _mm_storeu_ps(&local[2 * q].x, pairs[q]);
        ++q;
    }
    for (; q < 2 * GJK_BLOCKS; ++q) pairs[q] = _mm_sub_ps(first, o);
    for (q = 0; q < GJK_BLOCKS; ++q) {
        l->x[q] = _mm_shuffle_ps(pairs[2 * q], pairs[2 * q + 1], _MM_SHUFFLE(2, 0, 2, 0));
        l->y[q] = _mm_shuffle_ps(pairs[2 * q], pairs[2 * q + 1], _MM_SHUFFLE(3, 1, 3, 1));
    }
    l->blocks = (count + 3) >> 2;
    return _mm_movemask_ps(ok) == 0xF;
}

/* Both support indices of one GJK step, four points at a time: A's point with the largest
 * projection on d and B's with the smallest (B's support in -d: negating a dot product is exact,
 * so the winner and its ties are those of c2d_ref_gjk_support with -d). Each side's extreme value is
 * spread to every lane and its lowest lane taken. The two sides share the broadcasts of d and run
 * as independent chains. When both proxies fit in the first block (4 points or fewer, the usual box
 * and quad) only that block is read: the later blocks repeat point 0, so they change neither
 * extreme nor tie (one well-predicted branch; 5-7% of a 4-vertex distance query). */
C2D_KERNEL void c2d_sse_gjk_support_pair(const c2d_gjk_lanes *a, const c2d_gjk_lanes *b, c2d_vec2 d, int *ia, int *ib) {
    __m128 dx = _mm_set1_ps(d.x), dy = _mm_set1_ps(d.y);
    __m128 pa[GJK_BLOCKS], pb[GJK_BLOCKS], ma, mb;
    unsigned mask_a = 0, mask_b = 0;
    int k;
    pa[0] = _mm_add_ps(_mm_mul_ps(a->x[0], dx), _mm_mul_ps(a->y[0], dy));
    pb[0] = _mm_add_ps(_mm_mul_ps(b->x[0], dx), _mm_mul_ps(b->y[0], dy));
    ma = pa[0];
    mb = pb[0];
#if GJK_BLOCKS > 1
    if ((a->blocks | b->blocks) == 1) {
        /* both sides in the first block (4 points or fewer): the other blocks repeat point 0 */
        ma = _mm_max_ps(ma, _mm_shuffle_ps(ma, ma, _MM_SHUFFLE(1, 0, 3, 2)));
        mb = _mm_min_ps(mb, _mm_shuffle_ps(mb, mb, _MM_SHUFFLE(1, 0, 3, 2)));
        ma = _mm_max_ps(ma, _mm_shuffle_ps(ma, ma, _MM_SHUFFLE(2, 3, 0, 1)));
        mb = _mm_min_ps(mb, _mm_shuffle_ps(mb, mb, _MM_SHUFFLE(2, 3, 0, 1)));
        mask_a = (unsigned)_mm_movemask_ps(_mm_cmpeq_ps(pa[0], ma));
        mask_b = (unsigned)_mm_movemask_ps(_mm_cmpeq_ps(pb[0], mb));
        *ia = mask_a ? c2d_lowest_bit(mask_a) : 0;
        *ib = mask_b ? c2d_lowest_bit(mask_b) : 0;
        return;
    }
#endif
    for (k = 1; k < GJK_BLOCKS; ++k) {
        pa[k] = _mm_add_ps(_mm_mul_ps(a->x[k], dx), _mm_mul_ps(a->y[k], dy));
        ma = _mm_max_ps(ma, pa[k]);
    }
    for (k = 1; k < GJK_BLOCKS; ++k) {
        pb[k] = _mm_add_ps(_mm_mul_ps(b->x[k], dx), _mm_mul_ps(b->y[k], dy));
        mb = _mm_min_ps(mb, pb[k]);
    }
    ma = _mm_max_ps(ma, _mm_shuffle_ps(ma, ma, _MM_SHUFFLE(1, 0, 3, 2)));
    mb = _mm_min_ps(mb, _mm_shuffle_ps(mb, mb, _MM_SHUFFLE(1, 0, 3, 2)));
    ma = _mm_max_ps(ma, _mm_shuffle_ps(ma, ma, _MM_SHUFFLE(2, 3, 0, 1)));
    mb = _mm_min_ps(mb, _mm_shuffle_ps(mb, mb, _MM_SHUFFLE(2, 3, 0, 1)));
    for (k = 0; k < GJK_BLOCKS; ++k) mask_a |= (unsigned)_mm_movemask_ps(_mm_cmpeq_ps(pa[k], ma)) << (4 * k);
    for (k = 0; k < GJK_BLOCKS; ++k) mask_b |= (unsigned)_mm_movemask_ps(_mm_cmpeq_ps(pb[k], mb)) << (4 * k);
    *ia = mask_a ? c2d_lowest_bit(mask_a) : 0;
    *ib = mask_b ? c2d_lowest_bit(mask_b) : 0;
}

#endif /* POLY_SSE */
#endif
