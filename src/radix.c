/* The broad phase's one radix sort: a least-significant-digit radix sort of (key, value) items
 * (bulk builds) or of bare 64-bit keys (short pair lists). The order-preserving integer keys of
 * coordinates and the Morton codes of quantised points are inline in broadphase_internal.h.
 *
 * LSD radix sort: the items are distributed by the lowest digit of their keys, stably, then by the
 * next, and so on (Knuth, TAOCP vol. 3, 5.2.5). One read pass builds the histograms of every digit;
 * a digit that is the same in every key needs no pass. No comparisons, so the time does not depend
 * on how the keys are ordered, and equal keys keep their input order. */
#include <string.h>
#include "broadphase_internal.h"

#define C2D_RADIX_MASK (C2D_RADIX_SIZE - 1u)

/* One sort per item type: histograms of every digit in one read pass, then a stable scatter pass
 * per digit that varies, between the two buffers. KEY(x) is the key of item x. */
#define C2D_RADIX_SORT(name, item, key_bits, KEY)                                                     \
  item *name(item *a, item *tmp, int32_t n) {                                                         \
    enum { PASSES = ((key_bits) + C2D_RADIX_BITS - 1) / C2D_RADIX_BITS };                             \
    uint32_t counts[PASSES][C2D_RADIX_SIZE];                                                          \
    int32_t i;                                                                                        \
    int k;                                                                                            \
    if (n <= 1) return a;                                                                             \
    memset(counts, 0, sizeof counts);                                                                 \
    for (i = 0; i < n; ++i)                                                                           \
      for (k = 0; k < PASSES; ++k) counts[k][(KEY(a[i]) >> (k * C2D_RADIX_BITS)) & C2D_RADIX_MASK]++; \
    for (k = 0; k < PASSES; ++k) {                                                                    \
      uint32_t *c = counts[k], sum = 0, d;                                                            \
      int shift = k * C2D_RADIX_BITS;                                                                 \
      item *t;                                                                                        \
      if (c[(KEY(a[0]) >> shift) & C2D_RADIX_MASK] == (uint32_t)n) continue;                          \
      for (d = 0; d < C2D_RADIX_SIZE; ++d) {                                                          \
        uint32_t x = c[d];                                                                            \
        c[d] = sum;                                                                                   \
        sum += x;                                                                                     \
      }                                                                                               \
      for (i = 0; i < n; ++i) tmp[c[(KEY(a[i]) >> shift) & C2D_RADIX_MASK]++] = a[i];                 \
      t = a;                                                                                          \
      a = tmp;                                                                                        \
      tmp = t;                                                                                        \
    }                                                                                                 \
    return a;                                                                                         \
  }

#define C2D_ITEM_KEY(x) ((x).key)
#define C2D_BARE_KEY(x) (x)
C2D_RADIX_SORT(c2d_radix_sort32, c2d_radix32, 32, C2D_ITEM_KEY)
C2D_RADIX_SORT(c2d_radix_sort64, c2d_radix64, 64, C2D_ITEM_KEY)
C2D_RADIX_SORT(c2d_radix_sort_u64, uint64_t, 64, C2D_BARE_KEY)


/* The sort in parts (a bulk build over the task system): the counters of the digit at shift over
 * a[lo..hi), and the stable scatter of a[lo..hi) into out from the positions in at (each part's
 * first position per digit: the digit's start plus the counts of the parts before it). */
void c2d_radix32_count(const c2d_radix32 *a, int32_t lo, int32_t hi, int shift, uint32_t *counts) {
    int32_t i;
    memset(counts, 0, C2D_RADIX_SIZE * sizeof *counts);
    for (i = lo; i < hi; ++i) counts[(a[i].key >> shift) & C2D_RADIX_MASK]++;
}

void c2d_radix32_scatter(const c2d_radix32 *a, c2d_radix32 *out, int32_t lo, int32_t hi, int shift, uint32_t *at) {
    int32_t i;
    for (i = lo; i < hi; ++i) out[at[(a[i].key >> shift) & C2D_RADIX_MASK]++] = a[i];
}
