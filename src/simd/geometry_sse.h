/* collide2d's SSE kernel of src/geometry.c, included by src/simd/simd.h in float builds on x86
 * with 8-vertex polygons (C2D_TRANSFORM_SSE): c2d_polygon_transform's body, two points per
 * instruction, as (x0 y0 x1 y1) * c + (y0 x0 y1 x1) * (-s s -s s) + (px py px py): the same products
 * and sums, in the same order, as c2d_transform_point and c2d_rotate, so it gives the scalar loop's
 * bits (the reference, in src/geometry.c; tests/test_fast_paths.c compares them on random
 * polygons). It is a header so that it stays inline in c2d_polygon_transform, whose stores it
 * orders for the caller's copy of the result (below). */
#ifndef COLLIDE2D_GEOMETRY_SSE_H
#define COLLIDE2D_GEOMETRY_SSE_H

#if defined(C2D_NARROW_SSE) && (C2D_MAX_POLYGON_VERTICES == 8)
#  define C2D_TRANSFORM_SSE 1

/* r = p mapped by xf, for a polygon with 3 <= n = p->count <= 8 and a clean transform (the caller
 * checks both); every slot of r is written, the unused ones as zeros. */
static inline void c2d_sse_polygon_transform(c2d_polygon *out, const c2d_polygon *p, c2d_transform xf, int n) {
    c2d_polygon *const rp = out;
    int i;
    /* (px py px py), (c c c c) and (-s s -s s), built from the scalars with shuffles */
    const __m128 pp = _mm_unpacklo_ps(_mm_set_ss(xf.p.x), _mm_set_ss(xf.p.y));
    const __m128 qs = _mm_unpacklo_ps(_mm_set_ss(-xf.q.s), _mm_set_ss(xf.q.s));
    const __m128 t = _mm_movelh_ps(pp, pp), s = _mm_movelh_ps(qs, qs), zero = _mm_setzero_ps();
    const __m128 c = _mm_shuffle_ps(_mm_set_ss(xf.q.c), _mm_set_ss(xf.q.c), 0);
    const float *pv = &p->vertices[0].x, *pn = &p->normals[0].x;
    float *rv = &rp->vertices[0].x, *rn = &rp->normals[0].x;
    __m128 v, m, tail;
    /* Points are mapped two at a time; lanes of points at or past n are stored as zero
     * (reading all 8 slots stays inside the arrays). The caller receives r through a copy
     * that GCC makes with 16-byte loads, one of them across the end of the normals and the
     * centroid; that load can only take its bytes from a single recent store, so the last
     * pair of normals and then the tail (last normal's y, centroid, count) are stored first,
     * and have left the store queue by the time the copy reads them. */
    m = _mm_loadu_ps(pn + 12);
    m = _mm_add_ps(_mm_mul_ps(c, m), _mm_mul_ps(s, _mm_shuffle_ps(m, m, _MM_SHUFFLE(2, 3, 0, 1))));
    m = _mm_and_ps(m, _mm_castsi128_ps(_mm_cmpgt_epi32(_mm_set1_epi32(n), _mm_setr_epi32(6, 6, 7, 7))));
    _mm_storeu_ps(rn + 12, m);
    v = _mm_movelh_ps(_mm_loadl_pi(zero, (const __m64 *)(const void *)&p->centroid), zero);
    v = _mm_add_ps(t, _mm_add_ps(_mm_mul_ps(c, v), _mm_mul_ps(s, _mm_shuffle_ps(v, v, _MM_SHUFFLE(2, 3, 0, 1)))));
    tail = _mm_shuffle_ps(v, _mm_castsi128_ps(_mm_cvtsi32_si128(n)), _MM_SHUFFLE(0, 0, 1, 1)); /* cy cy n n */
    tail = _mm_shuffle_ps(_mm_shuffle_ps(m, v, _MM_SHUFFLE(1, 0, 3, 3)), tail, _MM_SHUFFLE(2, 0, 2, 0));
    _mm_storeu_ps(rn + 15, tail);
    for (i = 0; i < 8; i += 2) {
        __m128 live = _mm_castsi128_ps(_mm_cmpgt_epi32(_mm_set1_epi32(n), _mm_setr_epi32(i, i, i + 1, i + 1)));
        v = _mm_loadu_ps(pv + 2 * i);
        v = _mm_add_ps(t, _mm_add_ps(_mm_mul_ps(c, v), _mm_mul_ps(s, _mm_shuffle_ps(v, v, _MM_SHUFFLE(2, 3, 0, 1)))));
        _mm_storeu_ps(rv + 2 * i, _mm_and_ps(v, live));
        if (i < 6) {
            m = _mm_loadu_ps(pn + 2 * i);
            m = _mm_add_ps(_mm_mul_ps(c, m), _mm_mul_ps(s, _mm_shuffle_ps(m, m, _MM_SHUFFLE(2, 3, 0, 1))));
            _mm_storeu_ps(rn + 2 * i, _mm_and_ps(m, live));
        }
    }

}
#endif

#endif
