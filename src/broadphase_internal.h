/* collide2d private: the broad-phase interface shared by the index implementations. Not installed.
 *
 * Each index embeds struct c2d_index as its first member and points it at a file-static const
 * class table (designated initialisers, exact signatures). The exported c2d_index_* functions in
 * broadphase.c validate arguments once and forward through the table, so implementations may
 * assume valid ids, finite boxes with lower <= upper, and non-NULL callbacks. */
#ifndef COLLIDE2D_BROADPHASE_INTERNAL_H
#define COLLIDE2D_BROADPHASE_INTERNAL_H

#include <string.h>
#include "internal.h"

/* Traversal stack size of queries and ray casts (node indices). A depth-first walk needs at most
 * height + 1 entries; the dynamic tree keeps AVL balance (height <= 1.44 log2 n, under 46 for 2^31
 * leaves) and the static tree's nearest-first walk, 8 wide, pushes at most 8 entries on each of
 * its at most 12 levels. */
#define C2D_INDEX_STACK 128

/* A ray prepared for box tests. ray.max_fraction is the current end (clipped by the callback);
 * max_orig is the end the hit rule uses. inv_x/inv_y are 1/translation on axes the ray moves along. */
typedef struct c2d_bp_ray {
    c2d_index_ray ray;
    c2d_real inv_x, inv_y;
    bool move_x, move_y;
    c2d_real max_orig;
} c2d_bp_ray;

typedef struct c2d_index_class {
    const char *name;
    void (*destroy)(c2d_index *index);
    int32_t (*count)(const c2d_index *index);
    c2d_status (*insert)(c2d_index *index, c2d_aabb box, uint64_t user_data, int32_t *out_id);
    c2d_status (*remove)(c2d_index *index, int32_t id);
    c2d_status (*move)(c2d_index *index, int32_t id, c2d_aabb box);
    /* True and fills box/user (never NULL here) when id is a live proxy. */
    bool (*get)(const c2d_index *index, int32_t id, c2d_aabb *box, uint64_t *user_data);
    void (*query_aabb)(const c2d_index *index, c2d_aabb box, c2d_index_query_fn *fn, void *context);
    void (*raycast)(const c2d_index *index, c2d_bp_ray *ray, c2d_index_raycast_fn *fn, void *context);
    /* Push every overlapping pair with c2d_bp_pairs_push (any order), then return
     * c2d_bp_pairs_finish (which sorts). The list starts empty. */
    c2d_status (*find_pairs)(c2d_index *index);
    /* The same for the pairs involving moved proxies; forget the moves only when finish succeeds. */
    c2d_status (*update_pairs)(c2d_index *index);
    c2d_status (*rebuild)(c2d_index *index);
    bool (*validate)(const c2d_index *index);
    /* Empty the index, keeping its memory. */
    void (*clear)(c2d_index *index);
    /* Replace every proxy with the boxes (checked; user_data may be NULL: ids). NULL: clear, then
     * insert each box in order (ids 0..count-1). On failure the index is left empty. */
    c2d_status (*build)(c2d_index *index, const c2d_aabb *boxes, const uint64_t *user_data, int32_t count);
} c2d_index_class;

/* A box copied for the shared pair sweep (broadphase_pairs.c): a0/a1 its sides along the sweep
 * axis, b0/b1 across it (callers fill x as a and y as b), idm the proxy id with C2D_SWEEP_MOVED
 * set for a moved proxy (used with C2D_SWEEP_FILTER); key is the sweep's own. */
typedef struct c2d_bp_srec {
    uint32_t key;
    uint32_t idm;
    c2d_real a0, a1, b0, b1;
} c2d_bp_srec;

/* A part of a pair sweep run by a task: its own output list (kept across calls) and where it
 * stopped when that list was full (workers never allocate; the calling thread grows the list and
 * finishes the part). */
typedef struct c2d_bp_chunk {
    c2d_index_pair *items;
    int32_t capacity, count;
    int32_t split;    /* length of the list when its records were done (-1 before): the pairs of the
                         reaching list follow, so that the merged list has the serial order */
    int32_t i, i_end; /* records whose pairs with later records of their strip it finds */
    int32_t k, k_end; /* entries of the list of records reaching into the next strip */
    bool full;
} c2d_bp_chunk;

/* For each 4-bit mask, the 32-bit lanes of the masked pairs of 4 packed to the front, in order
 * (broadphase_pairs.c): the AVX2 permute that writes a block's pairs in one store. */
extern const int32_t c2d_bp_pack_pairs4[16][8];

/* At most this many parts of a threaded sweep. */
#define C2D_BP_MAX_CHUNKS 64

/* Where a sweep puts boxes: bucket(v) = floor((v - a_lo) * a_inv) clamped to [0, qmax] along the
 * sweep axis, strip(v) = floor((v - b_lo) * b_inv) clamped to [0, strips - 1] across it (both
 * monotone in v whatever the rounding), and what else a prepared sweep keeps for its run: the
 * record count and flags it was prepared for, the length of its list of records reaching into
 * the next strip, and whether a box is taller than a strip. */
typedef struct c2d_bp_sweep_layout {
    c2d_real a_lo, a_inv, b_lo, b_inv;
    uint32_t qmax;
    int qbits;
    int32_t strips;
    int32_t n, reaching;
    unsigned flags;
    bool tall;
    bool valid; /* the sweep's arrays hold this layout (cleared by c2d_bp_sweep_reserve) */
} c2d_bp_sweep_layout;

/* The output list of the pair functions and the scratch of the pair sweep, owned by the index. */
typedef struct c2d_bp_pairs {
    c2d_index_pair *items;
    uint64_t *keys, *scratch;        /* sort buffers, each key_capacity long */
    uint32_t *counts;                /* counters of the sorts and the sweep */
    c2d_bp_srec *srecs, *srecs2;     /* sweep records (callers fill srecs) and the sort's second buffer */
    c2d_real *sa0, *sa1, *sb0, *sb1; /* the sweep's structure-of-arrays copy (one block from sa0) */
    uint32_t *skey, *sidm, *slast, *slist;
    uint32_t *sstrips;            /* a prepared sweep's strip starts (strips + 1), then reaches */
    c2d_bp_sweep_layout prepared; /* the layout of the prepared sweep in the arrays above */
    int32_t count, capacity, key_capacity, count_capacity, srec_capacity, sstrip_capacity;
    bool failed;          /* a push ran out of memory */
    int32_t swept;        /* count of the list a sweep wrote (unique, a < b), 0 after finish */
    int32_t sweep_path;   /* C2D_SWEEP_PATH_*: tests compare the sweep's paths with it */
    c2d_bp_chunk *chunks; /* parts of a threaded sweep (C2D_BP_MAX_CHUNKS once made) */
} c2d_bp_pairs;

/* The base every index starts with. */
/* One part of a batch query (broadphase_batch.c): a contiguous range of queries and the ids they
 * found, in a buffer the part fills but never grows (tasks do not allocate). */
typedef struct c2d_bp_batch_part {
    int32_t *ids;
    int32_t capacity, used; /* ids[0..used): the answers of queries [first, next) */
    int32_t first, next, end; /* the part's queries are [first, end); next: the first not answered */
} c2d_bp_batch_part;

/* The output of c2d_index_query_aabb_batch, kept for later calls (freed by destroy). */
typedef struct c2d_bp_batch {
    int32_t *offsets, *ids;
    int32_t offset_capacity, id_capacity;
    c2d_bp_batch_part *parts; /* C2D_BP_MAX_CHUNKS once made */
} c2d_bp_batch;

struct c2d_index {
    const c2d_index_class *klass;
    c2d_allocator allocator;
    c2d_task_system tasks; /* worker_count < 2 or no enqueue: serial */
    c2d_pair_order pair_order; /* SWEEP: a list the sweep wrote is handed out unsorted */
    c2d_bp_pairs pairs;
    c2d_bp_batch batch;
};

/* ---- memory (broadphase.c): the one allocation choke point ---- */

/* Resolves a config into an allocator (defaults to malloc/free). False when alloc is set without free. */
bool c2d_bp_allocator_init(c2d_allocator *out, const c2d_index_config *config);
void *c2d_bp_alloc(const c2d_allocator *a, size_t size);
void c2d_bp_free(const c2d_allocator *a, void *ptr, size_t size);
/* Makes room for at least needed elements of elem_size bytes in *items (capacity in *capacity),
 * growing geometrically and keeping the contents. False (nothing changed) when out of memory. */
bool c2d_bp_reserve(const c2d_allocator *a, void **items, int32_t *capacity, int32_t needed, size_t elem_size);
/* Runs items [0, items) of task over the index's task system (all on this thread without one). */
void c2d_bp_run_tasks(c2d_index *index, c2d_task_fn *task, int32_t items, void *job);
/* The config's checks shared by every create function: NULL_ARG for enqueue without finish or
 * the reverse, BAD_SIZE for a negative worker count. NULL is fine. */
c2d_status c2d_bp_config_status(const c2d_index_config *config);
/* Initialises the base (class, allocator, task system from config (may be NULL), empty pair list). */
void c2d_bp_base_init(c2d_index *index, const c2d_index_class *klass, const c2d_allocator *a,
                      const c2d_index_config *config);
/* Frees the base's pair and batch buffers. */
void c2d_bp_base_free(c2d_index *index);
/* Frees the batch query's buffers (broadphase_batch.c). */
void c2d_bp_batch_free(c2d_index *index);

/* ---- pair output and the shared pair sweep (broadphase_pairs.c) ---- */

/* Makes room for needed 64-bit keys in pairs.keys and pairs.scratch (kept for later calls; bulk
 * builds borrow them as radix-sort buffers). False when out of memory (nothing lost). */
bool c2d_bp_reserve_keys(c2d_index *index, int32_t needed);

bool c2d_bp_pairs_grow(c2d_index *index);
/* Sorts the pushed pairs and drops duplicates (a list the sweep wrote, unique already, stays in the
 * sweep's order when the index's pair_order is C2D_PAIR_ORDER_SWEEP): OK, or OUT_OF_MEMORY (list
 * emptied) when a push or the sort ran out of memory. */
c2d_status c2d_bp_pairs_finish(c2d_index *index);

#define C2D_SWEEP_MOVED 0x80000000u
/* The sweep's box tests and pair output: the AVX2 pair output when the CPU has it (the default,
 * 0), the base path (SSE2 blocks of 4 where built, else plain C), or plain C, the reference that
 * the other paths must equal pair for pair, in the same order. */
#define C2D_SWEEP_PATH_AUTO 0
#define C2D_SWEEP_PATH_BASE 1
#define C2D_SWEEP_PATH_SCALAR 2
#define C2D_SWEEP_FILTER 1u    /* push only pairs with a record whose idm has C2D_SWEEP_MOVED */
#define C2D_SWEEP_PRESORTED 2u /* the records are already sorted by a0 (ties in any order) */

/* Room for n sweep records: index->pairs.srecs, which the caller then fills; NULL when out of
 * memory (nothing lost). Forgets the prepared sweep. */
c2d_bp_srec *c2d_bp_sweep_reserve(c2d_index *index, int32_t n);
/* Frees the sweep's buffers (c2d_bp_base_free calls it). */
void c2d_bp_sweep_free(c2d_index *index);
/* Pushes every overlapping pair (the exact rule) among the n records in pairs.srecs, in any order,
 * each once. The records are reordered. False when out of memory (some pairs may be pushed). */
bool c2d_bp_sweep_pairs(c2d_index *index, int32_t n, unsigned flags);
/* c2d_bp_sweep_pairs in two steps, so that a bulk build can do the first: prepare sorts the n
 * records in pairs.srecs into strips and lays them out for the sweep (false when out of memory,
 * then nothing is prepared); run pushes their pairs, and can run again while the prepared sweep is
 * kept, that is, until the next c2d_bp_sweep_reserve. */
bool c2d_bp_sweep_prepare(c2d_index *index, int32_t n, unsigned flags);
bool c2d_bp_sweep_run(c2d_index *index);
/* The boxes' spread a layout is chosen from: bounds of the sides along the sweep axis (a), bounds
 * of the lower sides across it (b), the mean width and height (sums of size / n) and the largest
 * height. Start the bounds at any one box and the sums at 0, then add every box. */
typedef struct c2d_bp_sweep_stats {
    c2d_real a_lo, a_hi, b_lo, b_hi, w, h, max_h;
} c2d_bp_sweep_stats;
static inline void c2d_bp_sweep_stats_add(c2d_bp_sweep_stats *st, c2d_real a0, c2d_real a1, c2d_real b0, c2d_real b1,
                                          c2d_real inv_n) {
    c2d_real bh = b1 - b0;
    if (a0 < st->a_lo) st->a_lo = a0;
    if (a1 > st->a_hi) st->a_hi = a1;
    if (b0 < st->b_lo) st->b_lo = b0;
    if (b0 > st->b_hi) st->b_hi = b0;
    if (bh > st->max_h) st->max_h = bh;
    st->w += (a1 - a0) * inv_n;
    st->h += bh * inv_n;
}
/* The sweep's layout for n boxes (n >= 2) of this spread (strips, buckets, tall). */
void c2d_bp_sweep_layout_init(c2d_bp_sweep_layout *l, const c2d_bp_sweep_stats *st, int32_t n);
static inline uint32_t c2d_bp_sweep_bucket(const c2d_bp_sweep_layout *l, c2d_real v) {
    c2d_real f = (v - l->a_lo) * l->a_inv;
    if (!(f > 0)) return 0;
    if (!(f < (c2d_real)l->qmax)) return l->qmax;
    return (uint32_t)f;
}
static inline int32_t c2d_bp_sweep_strip(const c2d_bp_sweep_layout *l, c2d_real v) {
    c2d_real f = (v - l->b_lo) * l->b_inv;
    if (!(f > 0)) return 0;
    if (!(f < (c2d_real)(l->strips - 1))) return l->strips - 1;
    return (int32_t)f;
}
/* The sweep key of a box in its strip: the strip, then the bucket of its lower side. */
static inline uint32_t c2d_bp_sweep_key(const c2d_bp_sweep_layout *l, int32_t strip, c2d_real a0) {
    return ((uint32_t)strip << l->qbits) | c2d_bp_sweep_bucket(l, a0);
}
/* 2 (strips + 1) zeroed counters (the strips' starts, then their reach), kept with the sweep;
 * NULL when out of memory. Forgets the prepared sweep. */
uint32_t *c2d_bp_sweep_strips(c2d_index *index, int32_t strips);
/* c2d_bp_sweep_prepare for a caller that sorted the records itself (a bulk build): the n records
 * in pairs.srecs are in order of their keys (c2d_bp_sweep_key with layout l), and the counters of
 * c2d_bp_sweep_strips hold each strip's first position, start[strips] = n. */
bool c2d_bp_sweep_prepare_strips(c2d_index *index, int32_t n, unsigned flags, const c2d_bp_sweep_layout *l);
/* True when a sweep of n records with these flags is prepared. */
static inline bool c2d_bp_sweep_ready(const c2d_index *index, int32_t n, unsigned flags) {
    const c2d_bp_sweep_layout *l = &index->pairs.prepared;
    return l->valid && l->n == n && l->flags == flags;
}
/* Fills a sweep record from a box. */
static inline void c2d_bp_srec_set(c2d_bp_srec *r, c2d_aabb box, int32_t id, bool moved) {
    r->idm = (uint32_t)id | (moved ? C2D_SWEEP_MOVED : 0u);
    r->a0 = box.lower.x;
    r->a1 = box.upper.x;
    r->b0 = box.lower.y;
    r->b1 = box.upper.y;
}
/* Appends a pair (any order of the two ids). Sets pairs.failed when out of memory. */
static inline void c2d_bp_pairs_push(c2d_index *index, int32_t a, int32_t b) {
    c2d_bp_pairs *p = &index->pairs;
    if (p->count == p->capacity && !c2d_bp_pairs_grow(index)) return;
    p->items[p->count].a = a < b ? a : b;
    p->items[p->count].b = a < b ? b : a;
    p->count++;
}

/* ---- the radix sort of bulk builds (radix.c) ---- */

/* Items to sort: a key and what it belongs to (an id, a position). */
typedef struct c2d_radix32 {
    uint32_t key;
    uint32_t value;
} c2d_radix32;
typedef struct c2d_radix64 {
    uint64_t key;
    uint32_t value;
} c2d_radix64;

/* Stable LSD radix sorts of a[0..n) by key, using tmp (n items) as the second buffer; return the
 * buffer (a or tmp) that holds the sorted items. */
c2d_radix32 *c2d_radix_sort32(c2d_radix32 *a, c2d_radix32 *tmp, int32_t n);
c2d_radix64 *c2d_radix_sort64(c2d_radix64 *a, c2d_radix64 *tmp, int32_t n);
/* The same for bare 64-bit keys (the pair list's (a, b) keys). */
uint64_t *c2d_radix_sort_u64(uint64_t *a, uint64_t *tmp, int32_t n);
/* Digits of 11 bits: three passes for 32-bit keys, six for 64-bit keys; 2048 counters stay in L1. */
#define C2D_RADIX_BITS 11
#define C2D_RADIX_SIZE (1u << C2D_RADIX_BITS)
/* c2d_radix_sort32 in parts (radix.c): counters (C2D_RADIX_SIZE) of the digit at shift over
 * a[lo..hi), and the stable scatter of a[lo..hi) into out from at (per digit, where the part's
 * first item goes; advanced). */
void c2d_radix32_count(const c2d_radix32 *a, int32_t lo, int32_t hi, int shift, uint32_t *counts);
void c2d_radix32_scatter(const c2d_radix32 *a, c2d_radix32 *out, int32_t lo, int32_t hi, int shift, uint32_t *at);

/* An unsigned integer with the order of the c2d_real values (-0 just before +0; no NaN), and the
 * items and sort for it: 32 bits in the float build, 64 in the double build. */
#ifdef C2D_DOUBLE
typedef uint64_t c2d_radix_key;
typedef c2d_radix64 c2d_radix_item;
#  define c2d_radix_sort_keys c2d_radix_sort64
#else
typedef uint32_t c2d_radix_key;
typedef c2d_radix32 c2d_radix_item;
#  define c2d_radix_sort_keys c2d_radix_sort32
#endif
static inline c2d_radix_key c2d_radix_key_of(c2d_real v) {
    c2d_radix_key u;
    memcpy(&u, &v, sizeof u);
    /* IEEE 754: flip every bit of a negative number, only the sign bit of a positive one. */
    return (u >> (8 * sizeof u - 1)) ? ~u : u | ((c2d_radix_key)1 << (8 * sizeof u - 1));
}

/* Morton (Z-order) code of the cell (x, y) of a 2^16 x 2^16 grid, x, y < 2^16: the bits of y and x
 * interleaved, y's higher, so that the top two bits name the quadrant (bit 1: upper half, bit 0:
 * right half), the next two the quadrant within it, and so on. Inline, for loops over many points
 * (a bulk build's keys, a ray cast's quadrants): each coordinate's bits spread to every other bit
 * by four shift-and-mask steps. */
static inline uint32_t c2d_morton16_spread(uint32_t v) {
    v &= 0xffffu;
    v = (v | v << 8) & 0x00ff00ffu;
    v = (v | v << 4) & 0x0f0f0f0fu;
    v = (v | v << 2) & 0x33333333u;
    return (v | v << 1) & 0x55555555u;
}
static inline uint32_t c2d_morton16(uint32_t x, uint32_t y) { return c2d_morton16_spread(y) << 1 | c2d_morton16_spread(x); }

/* ---- the proxy table shared by the dynamic indexes: ids, boxes, user data, moved flags ---- */

typedef struct c2d_bp_proxy {
    c2d_aabb box; /* the user's box */
    uint64_t user_data;
    int32_t slot; /* index-specific (tree: leaf node); -1 when the id is free */
    int32_t link; /* live: moved state (0 not moved, 1 moved); free: next free id or -1 */
} c2d_bp_proxy;

typedef struct c2d_bp_proxies {
    c2d_bp_proxy *items;
    int32_t capacity;
    int32_t used;      /* ids below this have been handed out at least once */
    int32_t live;      /* proxies in the index */
    int32_t free_head; /* first free id below used, or -1 */
    int32_t *moved;    /* ids marked moved since the last update_pairs (may hold stale ids) */
    int32_t moved_count, moved_capacity;
} c2d_bp_proxies;

bool c2d_bp_proxies_init(c2d_bp_proxies *t, const c2d_allocator *a, int32_t capacity);
void c2d_bp_proxies_free(c2d_bp_proxies *t, const c2d_allocator *a);
/* A new id with the given box and user data, marked moved; -1 when out of memory. */
int32_t c2d_bp_proxies_add(c2d_bp_proxies *t, const c2d_allocator *a, c2d_aabb box, uint64_t user_data);
/* Frees an id (must be live). */
void c2d_bp_proxies_remove(c2d_bp_proxies *t, int32_t id);
/* Forgets every proxy (ids start again from 0), keeping the memory. */
void c2d_bp_proxies_clear(c2d_bp_proxies *t);
/* Marks a live id moved. False when out of memory (then nothing is changed). */
bool c2d_bp_proxies_mark(c2d_bp_proxies *t, const c2d_allocator *a, int32_t id);
/* Compacts the moved list to the unique live moved ids, in the order they were first marked. */
void c2d_bp_proxies_collect_moved(c2d_bp_proxies *t);
/* After collect_moved, when the pairs could not be made: keeps the moves for the next call. */
void c2d_bp_proxies_keep_moved(c2d_bp_proxies *t);
/* Clears every moved flag and empties the moved list (after collect_moved). */
void c2d_bp_proxies_clear_moved(c2d_bp_proxies *t);
/* The pair sweep (broadphase_pairs.c) over every live proxy; with moved_only, only pairs with a
 * proxy whose link is set (moved, after collect_moved). False when out of memory. */
bool c2d_bp_proxies_sweep(c2d_index *index, const c2d_bp_proxies *t, bool moved_only);
/* A whole per-frame update_pairs by the sweep (after collect_moved): pairs with a moved proxy,
 * finish, and the moves cleared (OK) or kept (OUT_OF_MEMORY). For frames where so many proxies
 * moved that querying each would cost more. */
c2d_status c2d_bp_proxies_sweep_update(c2d_index *index, c2d_bp_proxies *t);

static inline bool c2d_bp_proxies_live(const c2d_bp_proxies *t, int32_t id) {
    return id >= 0 && id < t->used && t->items[id].slot >= 0;
}

/* ---- box and ray rules (see broadphase.h) ---- */

/* The overlap rule on the users' boxes (strict). */
static inline bool c2d_bp_overlap(c2d_aabb a, c2d_aabb b) {
    return a.lower.x < b.upper.x && b.lower.x < a.upper.x && a.lower.y < b.upper.y && b.lower.y < a.upper.y;
}
/* Closed overlap, for culling with boxes that enclose the users' boxes: never false when the
 * strict rule holds for boxes inside a and b. */
static inline bool c2d_bp_overlap_closed(c2d_aabb a, c2d_aabb b) {
    return a.lower.x <= b.upper.x && b.lower.x <= a.upper.x && a.lower.y <= b.upper.y && b.lower.y <= a.upper.y;
}

/* Prepares a ray (already validated: finite origin and translation, max_fraction >= 0). */
void c2d_bp_ray_init(c2d_bp_ray *r, c2d_index_ray ray);

/* Culling test against an enclosing box (closed slabs, current end): passes whenever
 * c2d_bp_ray_box passes for a box inside b. Monotone rounding of (side - origin) * inv keeps this
 * conservative in floating point. */
static inline bool c2d_bp_ray_cull(const c2d_bp_ray *r, c2d_aabb b, c2d_real *enter) {
    c2d_real lo = 0, hi = r->ray.max_fraction;
    if (r->move_x) {
        c2d_real t1 = (b.lower.x - r->ray.origin.x) * r->inv_x, t2 = (b.upper.x - r->ray.origin.x) * r->inv_x;
        c2d_real tmin = t1 < t2 ? t1 : t2, tmax = t1 < t2 ? t2 : t1;
        lo = tmin > lo ? tmin : lo;
        hi = tmax < hi ? tmax : hi;
    } else if (!(b.lower.x <= r->ray.origin.x && r->ray.origin.x <= b.upper.x)) {
        return false;
    }
    if (r->move_y) {
        c2d_real t1 = (b.lower.y - r->ray.origin.y) * r->inv_y, t2 = (b.upper.y - r->ray.origin.y) * r->inv_y;
        c2d_real tmin = t1 < t2 ? t1 : t2, tmax = t1 < t2 ? t2 : t1;
        lo = tmin > lo ? tmin : lo;
        hi = tmax < hi ? tmax : hi;
    } else if (!(b.lower.y <= r->ray.origin.y && r->ray.origin.y <= b.upper.y)) {
        return false;
    }
    *enter = lo;
    return lo <= hi;
}

/* One axis of the exact hit rule: intersects [lo, hi] (with open flags) with the axis's interval. */
static inline bool c2d_bp_ray_axis(bool moves, c2d_real o, c2d_real inv, c2d_real bl, c2d_real bu, c2d_real *lo,
                                   bool *lo_open, c2d_real *hi, bool *hi_open) {
    c2d_real t1, t2, tmin, tmax;
    bool open;
    if (!moves) return bl < o && o < bu;
    t1 = (bl - o) * inv;
    t2 = (bu - o) * inv;
    tmin = t1 < t2 ? t1 : t2;
    tmax = t1 < t2 ? t2 : t1;
    open = bl < bu;
    if (tmin > *lo) {
        *lo = tmin;
        *lo_open = open;
    } else if (tmin == *lo) {
        *lo_open = *lo_open || open;
    }
    if (tmax < *hi) {
        *hi = tmax;
        *hi_open = open;
    } else if (tmax == *hi) {
        *hi_open = *hi_open || open;
    }
    return true;
}

/* The exact hit rule of broadphase.h on a user's box, as an intersection of parameter intervals:
 * [0, max_orig] closed, then per axis an open slab interval (box of positive size) or a single
 * closed parameter (flat box). Non-empty when lower < upper, or lower == upper with both ends
 * closed. True with the entry fraction when hit and entered at or before the current end. */
static inline bool c2d_bp_ray_box(const c2d_bp_ray *r, c2d_aabb b, c2d_real *fraction) {
    c2d_real lo = 0, hi = r->max_orig;
    bool lo_open = false, hi_open = false;
    if (!c2d_bp_ray_axis(r->move_x, r->ray.origin.x, r->inv_x, b.lower.x, b.upper.x, &lo, &lo_open, &hi, &hi_open)) return false;
    if (!c2d_bp_ray_axis(r->move_y, r->ray.origin.y, r->inv_y, b.lower.y, b.upper.y, &lo, &lo_open, &hi, &hi_open)) return false;
    if (!(lo < hi || (lo == hi && !lo_open && !hi_open))) return false;
    if (!(lo <= r->ray.max_fraction) || !C2D_ISFINITE(lo)) return false;
    *fraction = lo;
    return true;
}

/* Calls the user's ray callback and applies its answer; false when the callback asked to stop. */
static inline bool c2d_bp_ray_report(c2d_bp_ray *r, c2d_index_raycast_fn *fn, int32_t id, uint64_t user_data,
                                     c2d_real fraction, void *context) {
    c2d_real f = fn(&r->ray, id, user_data, fraction, context);
    if (f < 0) return false;
    if (f <= r->ray.max_fraction) r->ray.max_fraction = f;
    return true;
}

#endif
