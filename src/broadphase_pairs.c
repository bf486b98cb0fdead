/* The broad phase's pair output and its shared one-shot pair search.
 *
 * Pair list: the index functions push pairs in any order; finish sorts them by (a, b) and drops
 * duplicates. A long list (at least one pair per eight ids) is counting-sorted by b, then by a;
 * over very many ids it is bucketed by a instead and each bucket's few b values sorted in place;
 * a short list is radix sorted as (a, b) keys. A list written by the sweep, which meets every pair
 * once, skips the pass that drops duplicates, and with C2D_PAIR_ORDER_SWEEP the sort too: it is
 * handed out in the order of the serial sweep (a threaded sweep merges its parts into that order).
 *
 * Pair search: every index finds its one-shot pairs (and its per-frame pairs when many proxies
 * moved) with one strip sweep over copies of the boxes, which beats walking any hierarchy. The
 * copies are cut into horizontal strips by their lower side (about two mean box heights each) and
 * ordered by strip (one counting-sort pass over memory), then by their left side inside each
 * strip while it is in cache (8-bit counting-sort passes), and copied into arrays per coordinate.
 * Then every box is tested against the boxes after it in its strip that start before it ends,
 * four at a time (SSE2 compares, or plain C; on a CPU with AVX2, picked at run time, a block's
 * pairs are made in vector lanes and packed by one permute into one store, the base path staying
 * the reference that tests/test_fast_paths.c compares it with), and every box whose top reaches into the next strip
 * against that strip's boxes from a cursor that follows its left side, less the widest box of that
 * strip; a box taller than a strip also searches the strips above the next one. A pair is met
 * exactly once: within the strip of both lower sides, or from the box with the lower strip. It is
 * the box pruning of Terdiman's sweep-and-prune notes cut into strips, as in the "grid-sorted"
 * sweeps of particle codes.
 *
 * The sweep is prepared (layout, strips, the arrays per coordinate) and then run; an index may
 * prepare it in its bulk build (c2d_bp_sweep_prepare_strips, for records it sorted itself) and
 * run it again while the prepared sweep is kept, that is, until the next c2d_bp_sweep_reserve.
 *
 * The keys are monotone functions of the coordinates (the strip of a lower side, the left side
 * scaled into 2^k buckets), so a box can only overlap another whose key range meets its own; every
 * candidate is then tested with the exact overlap rule on the users' boxes, so the keys decide the
 * work, never the answer. Results do not depend on the order in which boxes come in. */
#include <string.h>
#include "broadphase_internal.h"

/* ---- memory of the pair list ---- */

bool c2d_bp_pairs_grow(c2d_index *index) {
    c2d_bp_pairs *p = &index->pairs;
    void *items = p->items;
    if (p->count == INT32_MAX ||
        !c2d_bp_reserve(&index->allocator, &items, &p->capacity, p->count + 1, sizeof *p->items)) {
        p->failed = true;
        return false;
    }
    p->items = (c2d_index_pair *)items;
    return true;
}

/* Makes room for needed uint32 counters in p->counts. */
static bool c2d_bp_reserve_counts(c2d_index *index, int64_t needed) {
    c2d_bp_pairs *p = &index->pairs;
    void *c = p->counts;
    if (needed > INT32_MAX) return false;
    if (!c2d_bp_reserve(&index->allocator, &c, &p->count_capacity, (int32_t)needed, sizeof *p->counts)) return false;
    p->counts = (uint32_t *)c;
    return true;
}

bool c2d_bp_reserve_keys(c2d_index *index, int32_t needed) {
    c2d_bp_pairs *p = &index->pairs;
    int32_t kcap = 0, scap = 0;
    void *k = NULL, *sc = NULL;
    if (p->key_capacity >= needed) return true;
    if (!c2d_bp_reserve(&index->allocator, &k, &kcap, needed, sizeof(uint64_t))) return false;
    if (!c2d_bp_reserve(&index->allocator, &sc, &scap, kcap, sizeof(uint64_t)) || scap != kcap) {
        c2d_bp_free(&index->allocator, k, (size_t)kcap * sizeof(uint64_t));
        c2d_bp_free(&index->allocator, sc, (size_t)scap * sizeof(uint64_t));
        return false;
    }
    c2d_bp_free(&index->allocator, p->keys, (size_t)p->key_capacity * sizeof *p->keys);
    c2d_bp_free(&index->allocator, p->scratch, (size_t)p->key_capacity * sizeof *p->scratch);
    p->keys = (uint64_t *)k;
    p->scratch = (uint64_t *)sc;
    p->key_capacity = kcap;
    return true;
}

/* ---- sorting the pair list ---- */

/* Up to this many ids, two id-sized histograms stay in cache. */
#define C2D_PAIRS_CACHED_IDS 262144

/* Long lists: an LSD radix sort with one digit per id, that is, a stable counting sort by b and
 * then by a, with both histograms made in one pass. No comparisons and no branches on the data;
 * duplicates end up next to each other and are dropped by a last pass, which a unique list (a
 * sweep's) skips. */
static bool c2d_bp_pairs_sort_buckets(c2d_index *index, int32_t max_id, bool unique) {
    c2d_bp_pairs *p = &index->pairs;
    int32_t n = p->count, i, out = 0, ids = max_id + 1;
    uint32_t *ca, *cb, sa = 0, sb = 0;
    c2d_index_pair *tmp, *items = p->items;
    if (!c2d_bp_reserve_counts(index, 2 * (int64_t)ids) || !c2d_bp_reserve_keys(index, n)) return false;
    ca = p->counts;
    cb = ca + ids;
    tmp = (c2d_index_pair *)(void *)p->keys;
    memset(ca, 0, 2 * (size_t)ids * sizeof *ca);
    for (i = 0; i < n; ++i) {
        ca[items[i].a]++;
        cb[items[i].b]++;
    }
    for (i = 0; i < ids; ++i) {
        uint32_t x = ca[i], y = cb[i];
        ca[i] = sa;
        cb[i] = sb;
        sa += x;
        sb += y;
    }
    for (i = 0; i < n; ++i) tmp[cb[items[i].b]++] = items[i];
    for (i = 0; i < n; ++i) items[ca[tmp[i].a]++] = tmp[i];
    if (unique) return true;
    for (i = 0; i < n; ++i) {
        if (out > 0 && items[i].a == items[out - 1].a && items[i].b == items[out - 1].b) continue;
        items[out++] = items[i];
    }
    p->count = out;
    return true;
}

/* Heapsort step: places x, taken from slot j, into the max-heap v[0..n) below j. */
static void sift_down(int32_t *v, int32_t j, int32_t x, int32_t n) {
    while (2 * j + 1 < n) {
        int32_t c = 2 * j + 1;
        if (c + 1 < n && v[c + 1] > v[c]) ++c;
        if (!(v[c] > x)) break;
        v[j] = v[c];
        j = c;
    }
    v[j] = x;
}

/* Sorts v[0..n) ascending: insertion sort for short runs, heapsort (no recursion, no memory) for
 * long ones, which only a box overlapping very many others produces. */
static void c2d_bp_sort_ids(int32_t *v, int32_t n) {
    int32_t i, j, end;
    if (n <= 24) {
        for (i = 1; i < n; ++i) {
            int32_t x = v[i];
            for (j = i; j > 0 && v[j - 1] > x; --j) v[j] = v[j - 1];
            v[j] = x;
        }
        return;
    }
    for (i = n / 2 - 1; i >= 0; --i) sift_down(v, i, v[i], n);
    for (end = n - 1; end > 0; --end) {
        int32_t x = v[end];
        v[end] = v[0];
        sift_down(v, 0, x, end);
    }
}

/* Long lists over many ids (where two id-sized histograms no longer fit in cache): count the
 * pairs of each a, place every b in its a's bucket, sort each bucket in place and write the pairs
 * back without duplicates. */
static bool c2d_bp_pairs_sort_grouped(c2d_index *index, int32_t max_id) {
    c2d_bp_pairs *p = &index->pairs;
    int32_t n = p->count, i, a, out = 0;
    uint32_t *start, sum = 0;
    int32_t *bs;
    if (!c2d_bp_reserve_counts(index, (int64_t)max_id + 2) || !c2d_bp_reserve_keys(index, (n + 1) / 2)) return false;
    start = p->counts;
    bs = (int32_t *)(void *)p->keys;
    memset(start, 0, ((size_t)max_id + 2) * sizeof *start);
    for (i = 0; i < n; ++i) start[p->items[i].a + 1]++;
    for (a = 0; a <= max_id; ++a) {
        sum += start[a + 1];
        start[a + 1] = sum;
    }
    for (i = 0; i < n; ++i) bs[start[p->items[i].a]++] = p->items[i].b;
    /* start[a] is now the end of a's bucket, which is where the next one starts. */
    for (a = 0, i = 0; a <= max_id; ++a) {
        int32_t end = (int32_t)start[a], k;
        if (end - i > 1) c2d_bp_sort_ids(bs + i, end - i);
        for (k = i; k < end; ++k) {
            if (k > i && bs[k] == bs[k - 1]) continue;
            p->items[out].a = a;
            p->items[out].b = bs[k];
            ++out;
        }
        i = end;
    }
    p->count = out;
    return true;
}

/* Short lists: each pair becomes one integer key (a << bits) | b, bits just wide enough for the
 * largest id, sorted by the broad phase's radix sort (radix.c: stable, no comparisons, passes
 * whose digit is the same for every key skipped). */
static bool c2d_bp_pairs_sort_keys(c2d_index *index, int32_t max_id) {
    c2d_bp_pairs *p = &index->pairs;
    int32_t i, n = p->count, out = 0;
    int bits = 1;
    const uint64_t *src;
    if (!c2d_bp_reserve_keys(index, n)) return false;
    while (bits < 31 && ((int64_t)1 << bits) <= (int64_t)max_id) ++bits;
    for (i = 0; i < n; ++i) p->keys[i] = ((uint64_t)(uint32_t)p->items[i].a << bits) | (uint32_t)p->items[i].b;
    src = c2d_radix_sort_u64(p->keys, p->scratch, n);
    for (i = 0; i < n; ++i) {
        if (i > 0 && src[i] == src[i - 1]) continue;
        p->items[out].a = (int32_t)(src[i] >> bits);
        p->items[out].b = (int32_t)(src[i] & (((uint64_t)1 << bits) - 1));
        ++out;
    }
    p->count = out;
    return true;
}

c2d_status c2d_bp_pairs_finish(c2d_index *index) {
    c2d_bp_pairs *p = &index->pairs;
    int32_t i, max_id = 0;
    bool ok = !p->failed, unique = p->swept == p->count;
    p->swept = 0;
    if (ok && unique && index->pair_order == C2D_PAIR_ORDER_SWEEP) return C2D_OK;
    if (ok && p->count > 1) {
        for (i = 0; i < p->count; ++i)
            if (p->items[i].b > max_id) max_id = p->items[i].b;
        if (p->count < max_id / 8) ok = c2d_bp_pairs_sort_keys(index, max_id);
        else if (max_id < C2D_PAIRS_CACHED_IDS) ok = c2d_bp_pairs_sort_buckets(index, max_id, unique);
        else ok = c2d_bp_pairs_sort_grouped(index, max_id);
    }
    if (!ok) {
        p->count = 0;
        return C2D_ERR_OUT_OF_MEMORY;
    }
    return C2D_OK;
}

/* ---- the strip sweep ---- */

/* Strips are about this many mean box heights tall. */
#define C2D_SWEEP_STRIP_HEIGHTS 2
/* Left sides are scaled into about this many buckets per mean box width. */
#define C2D_SWEEP_BUCKETS_PER_WIDTH 4
/* At most this many bits for the buckets of the left sides. */
#define C2D_SWEEP_BUCKET_BITS 24
/* At most this many strips. */
#define C2D_SWEEP_MAX_STRIPS 65536
/* Keys have at most this many bits, so that they also compare as signed integers and the pad key
 * is larger than any of them. */
#define C2D_SWEEP_KEY_BITS 30
#define C2D_SWEEP_PAD_KEY 0x7fffffffu
/* Records after the last one, with the pad key, so that a block of 4 may read past the end. */
#define C2D_SWEEP_PAD 8

/* SSE2 blocks on x86 with GCC or Clang (define C2D_NO_SIMD to build the portable path instead). */
#if defined(__SSE2__) && (defined(__GNUC__) || defined(__clang__)) && !defined(C2D_NO_SIMD)
#  define C2D_SWEEP_SSE2 1
#  include <emmintrin.h>
#else
#  define C2D_SWEEP_SSE2 0
#endif

/* The AVX2 pair output, picked at run time (x86 with GCC or Clang). */
#if C2D_SWEEP_SSE2 && (defined(__x86_64__) || defined(__i386__))
#  define C2D_SWEEP_AVX2 1
#  include <immintrin.h>
#else
#  define C2D_SWEEP_AVX2 0
#endif

#define C2D_SWEEP_SOA_BYTES(cap) (((size_t)(cap) + C2D_SWEEP_PAD) * (4 * sizeof(c2d_real) + 4 * sizeof(uint32_t)))

void c2d_bp_sweep_free(c2d_index *index) {
    c2d_bp_pairs *p = &index->pairs;
    c2d_bp_free(&index->allocator, p->sstrips, (size_t)p->sstrip_capacity * sizeof *p->sstrips);
    p->sstrips = NULL;
    p->sstrip_capacity = 0;
    p->prepared.valid = false;
    if (p->srec_capacity == 0) return;
    c2d_bp_free(&index->allocator, p->srecs, (size_t)p->srec_capacity * sizeof *p->srecs);
    c2d_bp_free(&index->allocator, p->srecs2, (size_t)p->srec_capacity * sizeof *p->srecs2);
    c2d_bp_free(&index->allocator, p->sa0, C2D_SWEEP_SOA_BYTES(p->srec_capacity));
    p->srecs = p->srecs2 = NULL;
    p->sa0 = p->sa1 = p->sb0 = p->sb1 = NULL;
    p->skey = p->sidm = p->slast = p->slist = NULL;
    p->srec_capacity = 0;
}

c2d_bp_srec *c2d_bp_sweep_reserve(c2d_index *index, int32_t n) {
    c2d_bp_pairs *p = &index->pairs;
    int32_t cap = p->srec_capacity < 16 ? 16 : p->srec_capacity;
    c2d_bp_srec *a, *b;
    void *soa;
    p->prepared.valid = false;
    if (n < 1) n = 1;
    if (n <= p->srec_capacity) return p->srecs;
    if (n > INT32_MAX - C2D_SWEEP_PAD) return NULL;
    /* Exactly n the first time (an index of fixed size needs no more), then growth by half. */
    cap = p->srec_capacity == 0 || cap > INT32_MAX / 3 * 2 ? n : cap + cap / 2;
    if (cap < n) cap = n;
    if (cap > INT32_MAX - C2D_SWEEP_PAD) cap = INT32_MAX - C2D_SWEEP_PAD;
    if ((size_t)cap + C2D_SWEEP_PAD > SIZE_MAX / (4 * sizeof(c2d_real) + 4 * sizeof(uint32_t))) return NULL;
    /* Every buffer is made afresh (their contents need not survive) before the old ones go. */
    a = (c2d_bp_srec *)c2d_bp_alloc(&index->allocator, (size_t)cap * sizeof *a);
    b = a != NULL ? (c2d_bp_srec *)c2d_bp_alloc(&index->allocator, (size_t)cap * sizeof *b) : NULL;
    soa = b != NULL ? c2d_bp_alloc(&index->allocator, C2D_SWEEP_SOA_BYTES(cap)) : NULL;
    if (soa == NULL) {
        c2d_bp_free(&index->allocator, a, (size_t)cap * sizeof *a);
        c2d_bp_free(&index->allocator, b, (size_t)cap * sizeof *b);
        return NULL;
    }
    c2d_bp_sweep_free(index);
    p->srecs = a;
    p->srecs2 = b;
    p->srec_capacity = cap;
    /* The structure-of-arrays copy the sweep reads: four coordinate arrays, then keys, ids, last
     * keys and the list of records reaching the next strip. */
    p->sa0 = (c2d_real *)soa;
    p->sa1 = p->sa0 + cap + C2D_SWEEP_PAD;
    p->sb0 = p->sa1 + cap + C2D_SWEEP_PAD;
    p->sb1 = p->sb0 + cap + C2D_SWEEP_PAD;
    p->skey = (uint32_t *)(void *)(p->sb1 + cap + C2D_SWEEP_PAD);
    p->sidm = p->skey + cap + C2D_SWEEP_PAD;
    p->slast = p->sidm + cap + C2D_SWEEP_PAD;
    p->slist = p->slast + cap + C2D_SWEEP_PAD;
    return a;
}

typedef c2d_bp_sweep_layout c2d_sweep_layout;

#define sw_bucket c2d_bp_sweep_bucket
#define sw_strip c2d_bp_sweep_strip

/* Chooses strips and buckets from the boxes' spread: strips C2D_SWEEP_STRIP_HEIGHTS mean heights
 * tall (at most n / 2 + 1 of them), about C2D_SWEEP_BUCKETS_PER_WIDTH buckets per mean width, and
 * keys of at most C2D_SWEEP_KEY_BITS bits; tall when a box is taller than a strip. */
void c2d_bp_sweep_layout_init(c2d_bp_sweep_layout *l, const c2d_bp_sweep_stats *st, int32_t n) {
    c2d_real span = st->b_hi - st->b_lo, height, buckets;
    int32_t strips;
    int sbits = 0, qbits = 1;
    memset(l, 0, sizeof *l);
    height = (c2d_real)C2D_SWEEP_STRIP_HEIGHTS * st->h;
    if (height < span / (c2d_real)(n / 2 + 1)) height = span / (c2d_real)(n / 2 + 1);
    strips = 1;
    if (span > 0 && height > 0) {
        c2d_real c = span / height;
        strips = c < (c2d_real)(C2D_SWEEP_MAX_STRIPS - 1) ? (int32_t)c + 1 : C2D_SWEEP_MAX_STRIPS;
    }
    l->b_lo = st->b_lo;
    l->b_inv = strips > 1 ? (c2d_real)strips / span : (c2d_real)0;
    if (!C2D_ISFINITE(l->b_inv)) {
        l->b_inv = 0;
        strips = 1;
    }
    l->strips = strips;
    while (((int32_t)1 << sbits) < strips) ++sbits;
    /* Buckets: a few per mean width over the sweep axis's span. */
    span = st->a_hi - st->a_lo;
    buckets = st->w > 0 ? span / st->w * (c2d_real)C2D_SWEEP_BUCKETS_PER_WIDTH : (c2d_real)n / (c2d_real)strips;
    while (qbits < C2D_SWEEP_BUCKET_BITS && qbits < C2D_SWEEP_KEY_BITS - sbits && (c2d_real)((int32_t)1 << qbits) < buckets)
        ++qbits;
    l->qbits = qbits;
    l->qmax = ((uint32_t)1 << qbits) - 1;
    l->a_lo = st->a_lo;
    l->a_inv = span > 0 ? (c2d_real)((int32_t)1 << qbits) / span : (c2d_real)0;
    if (!C2D_ISFINITE(l->a_inv)) l->a_inv = 0;
    l->tall = st->max_h * l->b_inv >= (c2d_real)0.9375;
}

/* The layout of the records (their statistics in one pass). */
static void sw_layout(const c2d_bp_srec *r, int32_t n, c2d_sweep_layout *l) {
    c2d_bp_sweep_stats st;
    c2d_real inv_n = (c2d_real)1 / (c2d_real)n;
    int32_t i;
    st.a_lo = r[0].a0;
    st.a_hi = r[0].a1;
    st.b_lo = st.b_hi = r[0].b0;
    st.w = st.h = st.max_h = 0;
    for (i = 0; i < n; ++i) c2d_bp_sweep_stats_add(&st, r[i].a0, r[i].a1, r[i].b0, r[i].b1, inv_n);
    c2d_bp_sweep_layout_init(l, &st, n);
}

/* The records in structure-of-arrays form, sorted by key, with C2D_SWEEP_PAD pad records. */
typedef struct sw_soa {
    const uint32_t *key, *idm;
    const c2d_real *a0, *a1, *b0, *b1;
} sw_soa;

/* One record e looking at others: its sides (and broadcast for SIMD) and id. */
typedef struct sw_probe {
#if C2D_SWEEP_SSE2 && defined(C2D_DOUBLE)
    __m128d a0, a1, b0, b1;
#elif C2D_SWEEP_SSE2
    __m128 a0, a1, b0, b1;
#endif
    c2d_real sa0, sa1, sb0, sb1;
    uint32_t idm;
    bool filter; /* only pairs with a moved record, and e has not moved */
} sw_probe;

static inline void sw_probe_set(sw_probe *p, const sw_soa *s, int32_t i, bool filter) {
#if C2D_SWEEP_SSE2 && defined(C2D_DOUBLE)
    p->a0 = _mm_set1_pd(s->a0[i]);
    p->a1 = _mm_set1_pd(s->a1[i]);
    p->b0 = _mm_set1_pd(s->b0[i]);
    p->b1 = _mm_set1_pd(s->b1[i]);
#elif C2D_SWEEP_SSE2
    p->a0 = _mm_set1_ps(s->a0[i]);
    p->a1 = _mm_set1_ps(s->a1[i]);
    p->b0 = _mm_set1_ps(s->b0[i]);
    p->b1 = _mm_set1_ps(s->b1[i]);
#endif
    p->sa0 = s->a0[i];
    p->sa1 = s->a1[i];
    p->sb0 = s->b0[i];
    p->sb1 = s->b1[i];
    p->idm = s->idm[i];
    p->filter = filter && (p->idm & C2D_SWEEP_MOVED) == 0;
}

/* The paths of the sweep's box tests, which give the same list in the same order: plain C (the
 * reference), SSE2 blocks of 4, and SSE2 blocks of 4 with the pairs made and packed in AVX2 lanes,
 * picked at run time (C2D_SWEEP_PATH_* chooses one for tests). Blocks of 8 with AVX2 compares were
 * measured 5-10% slower on 100k uniform boxes: a record meets about 1 candidate in its own strip
 * and 2-3 in the next, so a wider block only adds a second pack and store. */
enum { SW_SCALAR = 0, SW_SSE2 = 1, SW_AVX2 = 2 };

/* Tests the probe against the 4 records from f on: bit j of *in set when record f + j has a key
 * <= last, bit j of the result when it also overlaps the probe (the exact rule) and passes the
 * moved filter. Ordered compares are false for NaN, as in the scalar rule. path SW_SCALAR: plain
 * C; any other: SSE2 where built. */
__attribute__((always_inline)) static inline unsigned sw_block(const sw_soa *s, int32_t f, uint32_t last, const sw_probe *p,
                                                               unsigned *in, int path) {
    unsigned bits;
    int j;
#if C2D_SWEEP_SSE2
    if (path != SW_SCALAR) {
        __m128i k = _mm_loadu_si128((const __m128i *)(const void *)(s->key + f));
        *in = (unsigned)_mm_movemask_ps(_mm_castsi128_ps(_mm_cmpgt_epi32(_mm_set1_epi32((int32_t)last + 1), k)));
#  ifdef C2D_DOUBLE
        {
            __m128d lo = _mm_and_pd(_mm_cmplt_pd(_mm_loadu_pd(s->a0 + f), p->a1), _mm_cmplt_pd(p->a0, _mm_loadu_pd(s->a1 + f)));
            __m128d hi = _mm_and_pd(_mm_cmplt_pd(_mm_loadu_pd(s->a0 + f + 2), p->a1), _mm_cmplt_pd(p->a0, _mm_loadu_pd(s->a1 + f + 2)));
            lo = _mm_and_pd(lo, _mm_and_pd(_mm_cmplt_pd(_mm_loadu_pd(s->b0 + f), p->b1), _mm_cmplt_pd(p->b0, _mm_loadu_pd(s->b1 + f))));
            hi = _mm_and_pd(hi, _mm_and_pd(_mm_cmplt_pd(_mm_loadu_pd(s->b0 + f + 2), p->b1), _mm_cmplt_pd(p->b0, _mm_loadu_pd(s->b1 + f + 2))));
            bits = (unsigned)_mm_movemask_pd(lo) | ((unsigned)_mm_movemask_pd(hi) << 2);
        }
#  else
        {
            __m128 m = _mm_and_ps(_mm_cmplt_ps(_mm_loadu_ps(s->a0 + f), p->a1), _mm_cmplt_ps(p->a0, _mm_loadu_ps(s->a1 + f)));
            m = _mm_and_ps(m, _mm_and_ps(_mm_cmplt_ps(_mm_loadu_ps(s->b0 + f), p->b1), _mm_cmplt_ps(p->b0, _mm_loadu_ps(s->b1 + f))));
            bits = (unsigned)_mm_movemask_ps(m);
        }
#  endif
        if (p->filter) bits &= (unsigned)_mm_movemask_ps(_mm_castsi128_ps(_mm_loadu_si128((const __m128i *)(const void *)(s->idm + f))));
        return bits & *in;
    }
#endif
    (void)path;
    *in = 0;
    bits = 0;
    for (j = 0; j < 4; ++j) {
        *in |= (unsigned)(s->key[f + j] <= last) << j;
        bits |= (unsigned)((s->a0[f + j] < p->sa1) & (p->sa0 < s->a1[f + j]) & (s->b0[f + j] < p->sb1) &
                           (p->sb0 < s->b1[f + j]) & (!p->filter || (s->idm[f + j] & C2D_SWEEP_MOVED) != 0))
                << j;
    }
    return bits & *in;
}

/* The sweep's pair output: a write position kept in registers; a block's 4 candidate pairs are
 * always written and the position advances past the ones that overlap, so no branch depends on
 * the outcome of a test. The list is *items (capacity *capacity); a is the allocator that grows
 * it, or NULL in a task (which stops when the list is full instead). */
typedef struct sw_out {
    c2d_index_pair *w, *end;
    c2d_index_pair **items;
    int32_t *capacity;
    const c2d_allocator *a;
} sw_out;

/* Makes room for at least 8 more pairs (the list doubles); false when out of memory or in a task. */
static bool sw_out_grow(sw_out *o) {
    void *items = *o->items;
    int32_t used = o->w != NULL ? (int32_t)(o->w - *o->items) : 0;
    if (o->a == NULL || used > INT32_MAX - 8 || !c2d_bp_reserve(o->a, &items, o->capacity, used + 8, sizeof **o->items))
        return false;
    *o->items = (c2d_index_pair *)items;
    o->w = *o->items + used;
    o->end = *o->items + *o->capacity;
    return true;
}

static void sw_out_init(sw_out *o, c2d_index_pair **items, int32_t *capacity, int32_t used, const c2d_allocator *a) {
    o->items = items;
    o->capacity = capacity;
    o->a = a;
    o->w = *items != NULL ? *items + used : NULL;
    o->end = *items != NULL ? *items + *capacity : NULL;
}

/* Tests the probe against the records from f on, in blocks of 4, while their keys are <= last,
 * and writes the overlapping pairs (a < b). False when the list is full and cannot grow. */
__attribute__((always_inline)) static inline bool sw_scan(sw_out *o, const sw_soa *s, int32_t f, uint32_t last,
                                                          const sw_probe *p, int path) {
    int32_t id = (int32_t)(p->idm & ~C2D_SWEEP_MOVED);
    for (;; f += 4) {
        unsigned in, bits = sw_block(s, f, last, p, &in, path);
        int j;
        if (o->end - o->w < 4 && !sw_out_grow(o)) return false;
        for (j = 0; j < 4; ++j) {
            int32_t other = (int32_t)(s->idm[f + j] & ~C2D_SWEEP_MOVED);
            o->w->a = id < other ? id : other;
            o->w->b = id < other ? other : id;
            o->w += (bits >> j) & 1u;
        }
        if (!(in & 8u)) break;
    }
    return true;
}

/* For each 4-bit mask of overlapping candidates, the 32-bit lanes of their pairs packed to the
 * front (pair j is lanes 2j and 2j + 1), in candidate order (AVX2 permutes of the sweep and of the
 * static tree's join). */
const int32_t c2d_bp_pack_pairs4[16][8] = {
    {0, 1, 2, 3, 4, 5, 6, 7}, {0, 1, 2, 3, 4, 5, 6, 7}, {2, 3, 0, 1, 4, 5, 6, 7}, {0, 1, 2, 3, 4, 5, 6, 7}, {4, 5, 0, 1, 2, 3, 6, 7}, {0, 1, 4, 5, 2, 3, 6, 7}, {2, 3, 4, 5, 0, 1, 6, 7}, {0, 1, 2, 3, 4, 5, 6, 7}, {6, 7, 0, 1, 2, 3, 4, 5}, {0, 1, 6, 7, 2, 3, 4, 5}, {2, 3, 6, 7, 0, 1, 4, 5}, {0, 1, 2, 3, 6, 7, 4, 5}, {4, 5, 6, 7, 0, 1, 2, 3}, {0, 1, 4, 5, 6, 7, 2, 3}, {2, 3, 4, 5, 6, 7, 0, 1}, {0, 1, 2, 3, 4, 5, 6, 7}};

#if C2D_SWEEP_AVX2

/* sw_scan with the same box test and the same output, the pairs of a block made as (min, max) of
 * the ids in vector lanes and packed by one permute into one 32-byte store (the list always has
 * room for 4 more pairs), instead of four dependent scalar writes. */
__attribute__((target("avx2"))) static inline bool sw_scan_avx2(sw_out *o, const sw_soa *s, int32_t f, uint32_t last, const sw_probe *p) {
    const __m128i id = _mm_set1_epi32((int32_t)(p->idm & ~C2D_SWEEP_MOVED)), clear = _mm_set1_epi32(INT32_MAX);
    c2d_index_pair *w = o->w;
    for (;; f += 4) {
        unsigned in, bits = sw_block(s, f, last, p, &in, SW_SSE2);
        __m128i other, lo, hi;
        __m256i both;
        if (o->end - w < 4) {
            o->w = w;
            if (!sw_out_grow(o)) return false;
            w = o->w;
        }
        other = _mm_and_si128(_mm_loadu_si128((const __m128i *)(const void *)(s->idm + f)), clear);
        lo = _mm_min_epi32(id, other);
        hi = _mm_max_epi32(id, other);
        both = _mm256_set_m128i(_mm_unpackhi_epi32(lo, hi), _mm_unpacklo_epi32(lo, hi));
        both = _mm256_permutevar8x32_epi32(both, _mm256_loadu_si256((const __m256i *)(const void *)c2d_bp_pack_pairs4[bits]));
        _mm256_storeu_si256((__m256i *)(void *)w, both);
        w += __builtin_popcount(bits);
        if (!(in & 8u)) break;
    }
    o->w = w;
    return true;
}
#endif

/* First position in [lo, hi) whose key is >= from (keys are sorted there). */
static int32_t sw_search(const uint32_t *key, int32_t lo, int32_t hi, uint32_t from) {
    while (lo < hi) {
        int32_t mid = lo + (hi - lo) / 2;
        if (key[mid] < from) lo = mid + 1;
        else hi = mid;
    }
    return lo;
}

/* What every part of one sweep reads (nothing here is written while the parts run). */
typedef struct sw_sweep {
    sw_soa soa;
    c2d_sweep_layout l;
    const uint32_t *start, *reach, *last, *list;
    bool filter, tall;
    int path; /* SW_SCALAR, SW_SSE2 or SW_AVX2 */
} sw_sweep;

/* One part of the sweep: records *i to i_end against the later records of their strip, then the
 * entries *k to k_end of the list of records reaching into the next strip against the strips
 * above. A record's pairs are written whole or not at all: when the list is full, the record's
 * pairs are taken back, *i or *k tells where to go on and the result is false. */
#if C2D_SWEEP_AVX2
#  define SW_SCAN(path, o, s, f, last, p) ((path) == SW_AVX2 ? sw_scan_avx2(o, s, f, last, p) : sw_scan(o, s, f, last, p, path))
#else
#  define SW_SCAN(path, o, s, f, last, p) sw_scan(o, s, f, last, p, path)
#endif

__attribute__((always_inline)) static inline bool sw_part_with(const sw_sweep *w, sw_out *o, int32_t *i_at, int32_t i_end, int32_t *k_at, int32_t k_end,
                                                               int path) {
    const sw_soa *soa = &w->soa;
    const c2d_sweep_layout *l = &w->l;
    /* Local positions and output (the pair writes could otherwise alias them). */
    c2d_index_pair *out = o->w;
    int32_t i = *i_at, k = *k_at;
    bool ok = true;
    for (; i < i_end; ++i) {
        sw_probe pr;
        o->w = out;
        sw_probe_set(&pr, soa, i, w->filter);
        if (!SW_SCAN(path, o, soa, i + 1, w->last[i], &pr)) {
            ok = false;
            break;
        }
        out = o->w;
    }
    /* Each record reaching into the next strip against that strip's records from a cursor that
     * follows its left side, less the strip's reach (records before it end too early); a record
     * reaching further up searches each strip above by binary search. */
    if (ok) {
        int32_t c = 0, s = -1, r;
        uint32_t nbase = 0, nreach = 0, one = (uint32_t)1 << l->qbits;
        for (; k < k_end; ++k) {
            sw_probe pr;
            uint32_t q0, from;
            int32_t rs;
            o->w = out;
            r = (int32_t)w->list[k];
            rs = (int32_t)(soa->key[r] >> l->qbits);
            q0 = soa->key[r] & l->qmax;
            if (rs != s) {
                s = rs;
                c = (int32_t)w->start[s + 1];
                nbase = (uint32_t)(s + 1) << l->qbits;
                nreach = w->reach[s + 1];
            }
            from = nbase | (q0 > nreach ? q0 - nreach : 0);
            /* Keys past the strip are larger than from, so these stop by themselves. */
            while (soa->key[c + 3] < from) c += 4;
            c += (int32_t)(soa->key[c] < from) + (int32_t)(soa->key[c + 1] < from) + (int32_t)(soa->key[c + 2] < from);
            sw_probe_set(&pr, soa, r, w->filter);
            ok = SW_SCAN(path, o, soa, c, w->last[r] + one, &pr);
            if (ok && w->tall) {
                int32_t t, top = sw_strip(l, soa->b1[r]);
                for (t = s + 2; ok && t <= top; ++t) {
                    uint32_t tb = (uint32_t)t << l->qbits;
                    int32_t f = sw_search(soa->key, (int32_t)w->start[t], (int32_t)w->start[t + 1], tb | (q0 > w->reach[t] ? q0 - w->reach[t] : 0));
                    ok = SW_SCAN(path, o, soa, f, tb | (w->last[r] & l->qmax), &pr);
                }
            }
            if (!ok) break;
            out = o->w;
        }
    }
    /* A record's pairs are kept whole or taken back (out is where they started). */
    o->w = out;
    *i_at = i;
    *k_at = k;
    return ok;
}

static bool sw_part_scalar(const sw_sweep *w, sw_out *o, int32_t *i_at, int32_t i_end, int32_t *k_at, int32_t k_end) {
    return sw_part_with(w, o, i_at, i_end, k_at, k_end, SW_SCALAR);
}

#if C2D_SWEEP_SSE2
static bool sw_part_sse2(const sw_sweep *w, sw_out *o, int32_t *i_at, int32_t i_end, int32_t *k_at, int32_t k_end) {
    return sw_part_with(w, o, i_at, i_end, k_at, k_end, SW_SSE2);
}
#endif

#if C2D_SWEEP_AVX2
__attribute__((target("avx2"))) static bool sw_part_avx2(const sw_sweep *w, sw_out *o, int32_t *i_at, int32_t i_end, int32_t *k_at, int32_t k_end) {
    return sw_part_with(w, o, i_at, i_end, k_at, k_end, SW_AVX2);
}
#endif

/* One part of the sweep on the path the sweep chose (all give the same list). */
static bool sw_part(const sw_sweep *w, sw_out *o, int32_t *i_at, int32_t i_end, int32_t *k_at, int32_t k_end) {
#if C2D_SWEEP_AVX2
    if (w->path == SW_AVX2) return sw_part_avx2(w, o, i_at, i_end, k_at, k_end);
#endif
#if C2D_SWEEP_SSE2
    if (w->path == SW_SSE2) return sw_part_sse2(w, o, i_at, i_end, k_at, k_end);
#endif
    return sw_part_scalar(w, o, i_at, i_end, k_at, k_end);
}

/* A threaded sweep: the parts the tasks run. */
typedef struct sw_job {
    const sw_sweep *w;
    c2d_bp_chunk *chunks;
} sw_job;

/* Runs (or goes on with) a part into its list: its records first, noting where their pairs end,
 * then its entries of the reaching list. False when the list is full (a allocator NULL) or out of
 * memory. */
static bool sw_chunk_run(const sw_sweep *w, c2d_bp_chunk *ch, const c2d_allocator *a) {
    sw_out o;
    bool ok = true;
    sw_out_init(&o, &ch->items, &ch->capacity, ch->count, a);
    if (ch->split < 0) {
        int32_t k = ch->k;
        ok = sw_part(w, &o, &ch->i, ch->i_end, &k, k);
        if (ok) ch->split = (int32_t)(o.w - ch->items);
    }
    ok = ok && sw_part(w, &o, &ch->i, ch->i_end, &ch->k, ch->k_end);
    ch->count = (int32_t)(o.w - ch->items);
    return ok;
}

/* The task: parts [start, end), each into its own list, which never grows here. */
static void sw_task(int32_t start, int32_t end, int32_t worker, void *context) {
    const sw_job *job = (const sw_job *)context;
    int32_t j;
    (void)worker;
    for (j = start; j < end; ++j) {
        c2d_bp_chunk *ch = &job->chunks[j];
        ch->full = !sw_chunk_run(job->w, ch, NULL);
    }
}

/* Proxies from which a pair sweep is split over the task system. */
#define C2D_SWEEP_THREAD_MIN 4096

/* The sweep split into parts over the user's task system: equal ranges of records and of the
 * reaching list, each part's list sized from the last sweep (made here, before the tasks, as the
 * tasks never allocate); parts whose list filled up are finished on this thread, and the lists
 * are concatenated in part order. False when out of memory. */
static bool sw_threaded(c2d_index *index, const sw_sweep *w, int32_t n, int32_t reaching) {
    c2d_bp_pairs *p = &index->pairs;
    const c2d_allocator *a = &index->allocator;
    int32_t parts = index->tasks.worker_count, j, total = 0;
    sw_job job;
    if (parts > C2D_BP_MAX_CHUNKS) parts = C2D_BP_MAX_CHUNKS;
    if (p->chunks == NULL) {
        p->chunks = (c2d_bp_chunk *)c2d_bp_alloc(a, C2D_BP_MAX_CHUNKS * sizeof *p->chunks);
        if (p->chunks == NULL) return false;
        memset(p->chunks, 0, C2D_BP_MAX_CHUNKS * sizeof *p->chunks);
    }
    for (j = 0; j < parts; ++j) {
        c2d_bp_chunk *ch = &p->chunks[j];
        int32_t want = n / parts + 64;
        if (ch->items == NULL || ch->capacity < want) {
            void *items = NULL;
            int32_t cap = 0;
            if (!c2d_bp_reserve(a, &items, &cap, want, sizeof *ch->items)) return false;
            c2d_bp_free(a, ch->items, (size_t)ch->capacity * sizeof *ch->items);
            ch->items = (c2d_index_pair *)items;
            ch->capacity = cap;
        }
        ch->count = 0;
        ch->split = -1;
        ch->full = false;
        ch->i = (int32_t)((int64_t)n * j / parts);
        ch->i_end = (int32_t)((int64_t)n * (j + 1) / parts);
        ch->k = (int32_t)((int64_t)reaching * j / parts);
        ch->k_end = (int32_t)((int64_t)reaching * (j + 1) / parts);
    }
    job.w = w;
    job.chunks = p->chunks;
    c2d_bp_run_tasks(index, sw_task, parts, &job);
    for (j = 0; j < parts; ++j) {
        c2d_bp_chunk *ch = &p->chunks[j];
        if (ch->full && !sw_chunk_run(w, ch, a)) return false;
        if (ch->count > INT32_MAX - total) return false;
        total += ch->count;
    }
    {
        void *items = p->items;
        p->count = 0;
        if (!c2d_bp_reserve(a, &items, &p->capacity, total, sizeof *p->items)) return false;
        p->items = (c2d_index_pair *)items;
    }
    /* Every part's pairs of its records, then every part's pairs of its reaching entries: the
     * order of the serial sweep. */
    for (j = 0; j < 2 * parts; ++j) {
        const c2d_bp_chunk *ch = &p->chunks[j % parts];
        int32_t from = j < parts ? 0 : ch->split, to = j < parts ? ch->split : ch->count;
        if (to > from) memcpy(p->items + p->count, ch->items + from, (size_t)(to - from) * sizeof *ch->items);
        p->count += to - from;
    }
    p->swept = p->count;
    return true;
}

uint32_t *c2d_bp_sweep_strips(c2d_index *index, int32_t strips) {
    c2d_bp_pairs *p = &index->pairs;
    void *st = p->sstrips;
    p->prepared.valid = false;
    if (!c2d_bp_reserve(&index->allocator, &st, &p->sstrip_capacity, 2 * (strips + 1), sizeof *p->sstrips)) return NULL;
    p->sstrips = (uint32_t *)st;
    memset(p->sstrips, 0, 2 * ((size_t)strips + 1) * sizeof *p->sstrips);
    return p->sstrips;
}

/* The last step of preparing: a sequential copy of the n records in src (in strip and bucket
 * order, keys set, the strips' starts in pairs.sstrips) into the structure of arrays the sweep
 * reads, and the prepared layout kept. */
static void sw_prepare_soa(c2d_bp_pairs *p, c2d_sweep_layout l, const c2d_bp_srec *src, int32_t n, unsigned flags) {
    uint32_t *reach = p->sstrips + l.strips + 1;
    uint32_t reaching = 0;
    int32_t i;
    /* A sequential copy into the structure of arrays the sweep reads (scattering into several
     * arrays at once is much slower), with each record's last key (its strip and the bucket of its
     * right side), each strip's reach (its widest record, in buckets) and the list of the records
     * whose top reaches into the next strip. */
    {
        c2d_real *a0 = p->sa0, *a1 = p->sa1, *b0 = p->sb0, *b1 = p->sb1;
        uint32_t *key = p->skey, *idm = p->sidm, *last = p->slast, *list = p->slist;
        for (i = 0; i < n; ++i) {
            const c2d_bp_srec *r = &src[i];
            uint32_t st = r->key >> l.qbits, q1 = sw_bucket(&l, r->a1), wd = q1 - (r->key & l.qmax);
            key[i] = r->key;
            idm[i] = r->idm;
            last[i] = (st << l.qbits) | q1;
            a0[i] = r->a0;
            a1[i] = r->a1;
            b0[i] = r->b0;
            b1[i] = r->b1;
            if (wd > reach[st]) reach[st] = wd;
            list[reaching] = (uint32_t)i;
            reaching += (uint32_t)sw_strip(&l, r->b1) > st;
        }
        for (i = n; i < n + C2D_SWEEP_PAD; ++i) {
            key[i] = C2D_SWEEP_PAD_KEY;
            idm[i] = last[i] = 0;
            a0[i] = a1[i] = b0[i] = b1[i] = 0;
        }
    }
    l.n = n;
    l.reaching = (int32_t)reaching;
    l.flags = flags;
    l.valid = true;
    p->prepared = l;
}

bool c2d_bp_sweep_prepare_strips(c2d_index *index, int32_t n, unsigned flags, const c2d_bp_sweep_layout *l) {
    if (n < 2) return c2d_bp_sweep_prepare(index, n, flags);
    sw_prepare_soa(&index->pairs, *l, index->pairs.srecs, n, flags);
    return true;
}

bool c2d_bp_sweep_prepare(c2d_index *index, int32_t n, unsigned flags) {
    c2d_bp_pairs *p = &index->pairs;
    c2d_sweep_layout l;
    c2d_bp_srec *src = p->srecs, *dst = p->srecs2;
    bool presorted = (flags & C2D_SWEEP_PRESORTED) != 0;
    uint32_t *start, sum;
    int32_t i, s, strips;
    p->prepared.valid = false;
    if (n < 2) {
        memset(&l, 0, sizeof l);
        l.n = n;
        l.flags = flags;
        l.valid = true;
        p->prepared = l;
        return true;
    }
    sw_layout(src, n, &l);
    strips = l.strips;
    /* The strips' starts (+ 1) and reach, kept with the prepared sweep. */
    start = c2d_bp_sweep_strips(index, strips);
    if (start == NULL) return false;
    /* The strips are counted by a pass that only reads; the keys are written as the records are
     * moved (a pass writing them in place would move every record through memory once more). */
    if (strips > 1) {
        for (i = 0; i < n; ++i) start[sw_strip(&l, src[i].b0) + 1]++;
    } else {
        start[1] = (uint32_t)n;
        for (i = 0; i < n; ++i) src[i].key = sw_bucket(&l, src[i].a0);
    }
    /* First by strip, one pass over memory (start[s + 1] counted strip s: summed, start[s] is the
     * strip's first position, advanced to its end as the strip is written, then shifted back). */
    for (s = 0, sum = 0; s <= strips; ++s) {
        sum += start[s];
        start[s] = sum;
    }
    if (strips > 1) {
        for (i = 0; i < n; ++i) {
            c2d_bp_srec r = src[i];
            int32_t st = sw_strip(&l, r.b0);
            r.key = c2d_bp_sweep_key(&l, st, r.a0);
            dst[start[st]++] = r;
        }
        for (s = strips; s > 0; --s) start[s] = start[s - 1];
        start[0] = 0;
        {
            c2d_bp_srec *t = src;
            src = dst;
            dst = t;
        }
    }
    /* Then each strip by bucket while it is in cache: LSD passes of 8 bits, stable. Records sorted
     * by a0 already are in bucket order after the stable strip pass. */
    if (!presorted) {
        int passes = (l.qbits + 7) / 8, k;
        for (s = 0; s < strips; ++s) {
            c2d_bp_srec *a = src + start[s], *b = dst + start[s];
            int32_t m = (int32_t)(start[s + 1] - start[s]);
            for (k = 0; k < passes; ++k) {
                uint32_t counts[256], total = 0;
                int shift = 8 * k;
                memset(counts, 0, sizeof counts);
                for (i = 0; i < m; ++i) counts[(a[i].key >> shift) & 255u]++;
                for (i = 0; i < 256; ++i) {
                    uint32_t c = counts[i];
                    counts[i] = total;
                    total += c;
                }
                for (i = 0; i < m; ++i) b[counts[(a[i].key >> shift) & 255u]++] = a[i];
                {
                    c2d_bp_srec *t = a;
                    a = b;
                    b = t;
                }
            }
        }
        if (passes % 2 != 0) {
            c2d_bp_srec *t = src;
            src = dst;
            dst = t;
        }
    }
    sw_prepare_soa(p, l, src, n, flags);
    return true;
}

/* Runs the prepared sweep on this thread or over the task system. */
bool c2d_bp_sweep_run(c2d_index *index) {
    c2d_bp_pairs *p = &index->pairs;
    const c2d_sweep_layout *l = &p->prepared;
    int32_t i, n = l->n;
    sw_sweep w;
    if (!l->valid) return false;
    if (n < 2) return true;
    w.soa.key = p->skey;
    w.soa.idm = p->sidm;
    w.soa.a0 = p->sa0;
    w.soa.a1 = p->sa1;
    w.soa.b0 = p->sb0;
    w.soa.b1 = p->sb1;
    w.l = *l;
    w.start = p->sstrips;
    w.reach = p->sstrips + l->strips + 1;
    w.last = p->slast;
    w.list = p->slist;
    w.filter = (l->flags & C2D_SWEEP_FILTER) != 0;
    w.tall = l->tall;
    w.path = SW_SCALAR;
#if C2D_SWEEP_SSE2
    if (p->sweep_path != C2D_SWEEP_PATH_SCALAR) w.path = SW_SSE2;
#endif
#if C2D_SWEEP_AVX2
    if (p->sweep_path == C2D_SWEEP_PATH_AUTO && __builtin_cpu_supports("avx2")) w.path = SW_AVX2;
#endif
    if (index->tasks.worker_count > 1 && n >= C2D_SWEEP_THREAD_MIN) {
        if (!sw_threaded(index, &w, n, l->reaching)) {
            p->failed = true;
            return false;
        }
        return true;
    }
    {
        sw_out out;
        int32_t k = 0;
        i = 0;
        sw_out_init(&out, &p->items, &p->capacity, 0, &index->allocator);
        if (out.w == NULL && !sw_out_grow(&out)) {
            p->failed = true;
            return false;
        }
        if (!sw_part(&w, &out, &i, n, &k, l->reaching)) {
            p->failed = true;
            return false;
        }
        p->count = (int32_t)(out.w - p->items);
        p->swept = p->count;
    }
    return !p->failed;
}

bool c2d_bp_sweep_pairs(c2d_index *index, int32_t n, unsigned flags) {
    return c2d_bp_sweep_prepare(index, n, flags) && c2d_bp_sweep_run(index);
}

bool c2d_bp_proxies_sweep(c2d_index *index, const c2d_bp_proxies *t, bool moved_only) {
    int32_t i, n = 0;
    c2d_bp_srec *r = c2d_bp_sweep_reserve(index, t->live);
    if (r == NULL) return false;
    for (i = 0; i < t->used; ++i) {
        const c2d_bp_proxy *p = &t->items[i];
        if (p->slot < 0) continue;
        c2d_bp_srec_set(&r[n++], p->box, i, moved_only && p->link != 0);
    }
    return c2d_bp_sweep_pairs(index, n, moved_only ? C2D_SWEEP_FILTER : 0u);
}

c2d_status c2d_bp_proxies_sweep_update(c2d_index *index, c2d_bp_proxies *t) {
    c2d_status s = c2d_bp_proxies_sweep(index, t, true) ? c2d_bp_pairs_finish(index) : C2D_ERR_OUT_OF_MEMORY;
    if (s == C2D_OK) c2d_bp_proxies_clear_moved(t);
    else c2d_bp_proxies_keep_moved(t);
    return s;
}
