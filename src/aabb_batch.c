/* Batch test: one box against many boxes stored as four coordinate arrays (structure of arrays).
 *
 * Each path evaluates the overlap rule min_x[i] < q.upper.x && q.lower.x < max_x[i] (and the same
 * in y) for a whole register of boxes at once, turns the lane results into a bit mask and writes
 * the set bits' indices in ascending order. The SIMD paths use ordered compares, which are false
 * for NaN just like the scalar C comparisons, so all paths give identical answers. The x86 paths
 * are compiled with per-function target attributes (no global -mavx2), and AUTO asks the CPU at run
 * time (__builtin_cpu_supports) whether AVX2 is there; no state is cached. With C2D_NO_SIMD only
 * the scalar path is compiled: SSE2 and AVX2 are then unsupported and AUTO is the scalar path. */
#include "broadphase_internal.h"

#if (defined(__GNUC__) || defined(__clang__)) && (defined(__x86_64__) || defined(__i386__)) && !defined(C2D_NO_SIMD)
#  define C2D_BATCH_X86 1
#  include <immintrin.h>
#else
#  define C2D_BATCH_X86 0
#endif

/* Appends index i to the hit list (only counted once the buffer is full). */
#define C2D_BATCH_EMIT(i)                    \
  do {                                       \
    if (total < capacity) hits[total] = (i); \
    ++total;                                 \
  } while (0)

static int32_t batch_scalar(c2d_aabb q, const c2d_aabb_soa *s, int32_t begin, int32_t *hits, int32_t capacity,
                            int32_t total) {
    int32_t i;
    for (i = begin; i < s->count; ++i)
        if (s->min_x[i] < q.upper.x && q.lower.x < s->max_x[i] && s->min_y[i] < q.upper.y && q.lower.y < s->max_y[i])
            C2D_BATCH_EMIT(i);
    return total;
}

#if C2D_BATCH_X86

__attribute__((target("sse2"))) static int32_t batch_sse2(c2d_aabb q, const c2d_aabb_soa *s, int32_t *hits, int32_t capacity) {
    int32_t i = 0, total = 0, n = s->count;
#  ifdef C2D_DOUBLE
    const __m128d qlx = _mm_set1_pd(q.lower.x), qly = _mm_set1_pd(q.lower.y);
    const __m128d qux = _mm_set1_pd(q.upper.x), quy = _mm_set1_pd(q.upper.y);
    for (; i + 2 <= n; i += 2) {
        __m128d m = _mm_and_pd(_mm_cmplt_pd(_mm_loadu_pd(s->min_x + i), qux), _mm_cmplt_pd(qlx, _mm_loadu_pd(s->max_x + i)));
        m = _mm_and_pd(m, _mm_and_pd(_mm_cmplt_pd(_mm_loadu_pd(s->min_y + i), quy), _mm_cmplt_pd(qly, _mm_loadu_pd(s->max_y + i))));
        unsigned bits = (unsigned)_mm_movemask_pd(m);
#  else
    const __m128 qlx = _mm_set1_ps(q.lower.x), qly = _mm_set1_ps(q.lower.y);
    const __m128 qux = _mm_set1_ps(q.upper.x), quy = _mm_set1_ps(q.upper.y);
    for (; i + 4 <= n; i += 4) {
        __m128 m = _mm_and_ps(_mm_cmplt_ps(_mm_loadu_ps(s->min_x + i), qux), _mm_cmplt_ps(qlx, _mm_loadu_ps(s->max_x + i)));
        m = _mm_and_ps(m, _mm_and_ps(_mm_cmplt_ps(_mm_loadu_ps(s->min_y + i), quy), _mm_cmplt_ps(qly, _mm_loadu_ps(s->max_y + i))));
        unsigned bits = (unsigned)_mm_movemask_ps(m);
#  endif
        while (bits != 0) {
            C2D_BATCH_EMIT(i + (int32_t)__builtin_ctz(bits));
            bits &= bits - 1;
        }
    }
    return batch_scalar(q, s, i, hits, capacity, total);
}

__attribute__((target("avx2"))) static int32_t batch_avx2(c2d_aabb q, const c2d_aabb_soa *s, int32_t *hits, int32_t capacity) {
    int32_t i = 0, total = 0, n = s->count;
#  ifdef C2D_DOUBLE
    const __m256d qlx = _mm256_set1_pd(q.lower.x), qly = _mm256_set1_pd(q.lower.y);
    const __m256d qux = _mm256_set1_pd(q.upper.x), quy = _mm256_set1_pd(q.upper.y);
    for (; i + 4 <= n; i += 4) {
        __m256d m = _mm256_and_pd(_mm256_cmp_pd(_mm256_loadu_pd(s->min_x + i), qux, _CMP_LT_OQ),
                                  _mm256_cmp_pd(qlx, _mm256_loadu_pd(s->max_x + i), _CMP_LT_OQ));
        m = _mm256_and_pd(m, _mm256_and_pd(_mm256_cmp_pd(_mm256_loadu_pd(s->min_y + i), quy, _CMP_LT_OQ),
                                           _mm256_cmp_pd(qly, _mm256_loadu_pd(s->max_y + i), _CMP_LT_OQ)));
        unsigned bits = (unsigned)_mm256_movemask_pd(m);
#  else
    const __m256 qlx = _mm256_set1_ps(q.lower.x), qly = _mm256_set1_ps(q.lower.y);
    const __m256 qux = _mm256_set1_ps(q.upper.x), quy = _mm256_set1_ps(q.upper.y);
    for (; i + 8 <= n; i += 8) {
        __m256 m = _mm256_and_ps(_mm256_cmp_ps(_mm256_loadu_ps(s->min_x + i), qux, _CMP_LT_OQ),
                                 _mm256_cmp_ps(qlx, _mm256_loadu_ps(s->max_x + i), _CMP_LT_OQ));
        m = _mm256_and_ps(m, _mm256_and_ps(_mm256_cmp_ps(_mm256_loadu_ps(s->min_y + i), quy, _CMP_LT_OQ),
                                           _mm256_cmp_ps(qly, _mm256_loadu_ps(s->max_y + i), _CMP_LT_OQ)));
        unsigned bits = (unsigned)_mm256_movemask_ps(m);
#  endif
        while (bits != 0) {
            C2D_BATCH_EMIT(i + (int32_t)__builtin_ctz(bits));
            bits &= bits - 1;
        }
    }
    return batch_scalar(q, s, i, hits, capacity, total);
}

static bool batch_has_avx2(void) {
    return __builtin_cpu_supports("avx2") != 0;
}

#endif /* C2D_BATCH_X86 */

bool c2d_batch_path_supported(c2d_batch_path path) {
    switch (path) {
    case C2D_BATCH_AUTO:
    case C2D_BATCH_SCALAR:
        return true;
    case C2D_BATCH_SSE2:
        return C2D_BATCH_X86 != 0;
    case C2D_BATCH_AVX2:
#if C2D_BATCH_X86
        return batch_has_avx2();
#else
        return false;
#endif
    }
    return false;
}

c2d_status c2d_aabb_overlap_batch_path(c2d_batch_path path, c2d_aabb box, const c2d_aabb_soa *boxes, int32_t *hits,
                                       int32_t capacity, int32_t *out_count) {
    if (out_count == NULL) return C2D_ERR_NULL_ARG;
    *out_count = 0;
    if (!c2d_batch_path_supported(path)) return C2D_ERR_UNSUPPORTED;
    if (boxes == NULL || boxes->count <= 0) return C2D_OK;
    if (!boxes->min_x || !boxes->min_y || !boxes->max_x || !boxes->max_y) return C2D_OK;
    if (!(box.lower.x <= box.upper.x && box.lower.y <= box.upper.y)) return C2D_OK; /* also NaN */
    if (hits == NULL || capacity < 0) capacity = 0;
#if C2D_BATCH_X86
    if (path == C2D_BATCH_AUTO) path = batch_has_avx2() ? C2D_BATCH_AVX2 : C2D_BATCH_SSE2;
    if (path == C2D_BATCH_AVX2) {
        *out_count = batch_avx2(box, boxes, hits, capacity);
        return C2D_OK;
    }
    if (path == C2D_BATCH_SSE2) {
        *out_count = batch_sse2(box, boxes, hits, capacity);
        return C2D_OK;
    }
#endif
    *out_count = batch_scalar(box, boxes, 0, hits, capacity, 0);
    return C2D_OK;
}

int32_t c2d_aabb_overlap_batch(c2d_aabb box, const c2d_aabb_soa *boxes, int32_t *hits, int32_t capacity) {
    int32_t count = 0;
    (void)c2d_aabb_overlap_batch_path(C2D_BATCH_AUTO, box, boxes, hits, capacity, &count);
    return count;
}
