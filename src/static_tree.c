/* Static tree: a packed bounding volume hierarchy built once over a fixed set of boxes (level
 * geometry).
 *
 * Built as packed R-trees are (Kamel and Faloutsos, "On packing R-trees", 1993; flatbush): the box
 * centers are quantised to a 2^16 x 2^16 grid over their bounds and radix sorted (radix.c) by
 * Morton code; the sorted boxes, 8 at a time, are the leaves; the bounds of 8 consecutive leaves
 * make a node of the next level, and so on up to a single root. The build is a sort, one pass
 * that copies the boxes in sorted order, and one pass per level over the level below (an eighth of
 * the one before): no search, no recursion.
 *
 * Every node is 8 boxes side by side (structure of arrays, 128 bytes in the float build, aligned to
 * the cache line), so a walk tests a node's 8 boxes in one branch-free pass (SSE 2 x 4, or AVX2
 * 8 at once when the CPU has it, picked when the tree is made). Children are implicit: lane k of
 * node e of a level is node 8e + k of the level below, so nodes hold boxes only. Lanes past the
 * end of a level hold an inverted infinite box, which every test rejects. Levels lie one after the
 * other from the leaves up, the root last, so the small top levels share few cache lines.
 *
 * Queries start from a table over the quadrants of the center grid at one depth (4 to 16 boxes a
 * quadrant) that gives each quadrant's first position in the sorted order: the boxes whose centers
 * lie in a quadrant are one run of it, so the boxes that can touch a small region (its quadrants,
 * grown by half the largest box size) are a few runs of leaves, tested directly. A box query tests
 * those of the box; a ray cast those of its origin's quadrant first, which usually finds the
 * closest hit and clips the ray, then those around the rest of the ray piece by piece. Where the
 * runs are too long (large regions, huge boxes), a walk from the root takes over: depth first in
 * lane order for box queries, nearest child first by entry fraction for rays. The build also
 * keeps no scratch: the sort's buffers lie in the node array, which the leaves overwrite last (a
 * build split over the task system keeps its parts' digit counters, 8 kB a part, one part per
 * 8192 boxes at most).
 *
 * All pairs: the tree joined with itself (pairs of nodes of one level whose boxes touch lead to
 * the pairs of their children, down to pairs of leaves, whose 8 x 8 boxes are tested 8 at a time),
 * the first time after a build; from the second time on, the shared strip sweep, kept. */
#include <string.h>
#include "broadphase_internal.h"

/* SSE (2 x 4 lanes) and AVX2 (8 lanes, chosen at run time) for the ray cull in the float build on
 * x86 with GCC or Clang (C2D_NO_SIMD: the portable loop, which gives the same answers). */
#if !defined(C2D_DOUBLE) && defined(__SSE2__) && (defined(__GNUC__) || defined(__clang__)) && \
    (defined(__x86_64__) || defined(__i386__)) && !defined(C2D_NO_SIMD)
#  define C2D_ST_SSE 1
#  include <immintrin.h>
#else
#  define C2D_ST_SSE 0
#endif

/* Boxes per node (leaf or inner). */
#define C2D_ST_W 8
/* Levels at most: 2^31 boxes need ceil(31 / 3) levels above the leaves. */
#define C2D_ST_MAX_LEVELS 12

#if defined(__GNUC__) || defined(__clang__)
#  define C2D_ST_PREFETCH(p) __builtin_prefetch((const void *)(p), 0, 3)
#  define C2D_ST_PREFETCH_WRITE(p) __builtin_prefetch((const void *)(p), 1, 3)
static unsigned st_lowest_bit(unsigned m) { return (unsigned)__builtin_ctz(m); }
#else
#  define C2D_ST_PREFETCH(p) ((void)(p))
#  define C2D_ST_PREFETCH_WRITE(p) ((void)(p))
static unsigned st_lowest_bit(unsigned m) {
    unsigned k = 0;
    while (!(m >> k & 1u)) ++k;
    return k;
}
#endif

/* A node: 8 boxes side by side. In a leaf, lane k holds the box at sorted position 8e + k (e: the
 * leaf's index); in an inner node, the bounds of child node 8e + k of the level below. */
typedef struct c2d_static_node {
    c2d_real s[4][C2D_ST_W]; /* lower x, lower y, upper x, upper y (C2D_ST_LX ...) */
} c2d_static_node;
#define C2D_ST_LX 0
#define C2D_ST_LY 1
#define C2D_ST_UX 2
#define C2D_ST_UY 3

typedef struct c2d_static_tree {
    c2d_index base;
    c2d_static_node *nodes;     /* leaves first, then each level above, the root last (aligned) */
    void *node_block;           /* the allocation nodes lies in */
    int32_t node_count;         /* nodes in use */
    int32_t node_capacity;      /* nodes the block holds */
    int levels;                 /* 1: the root is the only leaf */
    int32_t level_base[C2D_ST_MAX_LEVELS]; /* first node of each level (0: the leaves) */
    int32_t count;              /* boxes */
    uint32_t *ids;              /* sorted position -> id */
    uint32_t *ref;              /* id -> sorted position */
    uint64_t *user;             /* id -> user data, when has_user (kept when a build has none) */
    bool has_user;              /* false: the caller gave no user data (the id is the user data) */
    int32_t ids_capacity, ref_capacity, user_capacity; /* entries allocated (a rebuild reuses them) */
    bool reported;              /* update_pairs has reported the initial pairs */
    bool joined;                /* find_pairs has joined this build's leaves once (the next call sweeps) */
    int32_t join_pairs;         /* pairs of the last join (sizes the parts' lists of a threaded one) */
    bool swept;                 /* the shared sweep prepared by find_pairs holds this build's boxes */
    bool avx2;                  /* the ray cull may use AVX2 */
    uint32_t *part_counts;      /* a threaded build's digit counters, C2D_RADIX_SIZE per part (kept) */
    int32_t part_count_capacity;
    /* Start table: for each quadrant of depth start_depth of the 2^16 grid of box centers (in
     * Morton order), the first sorted position whose center lies in it or after it; one more
     * entry: count. NULL when start_depth is 0 or out of memory (queries walk from the root). */
    int32_t *start;
    int start_depth;
    int key_shift; /* low bits of the Morton codes the sort leaves out */
    c2d_real grid_lo[2], grid_scale[2]; /* center sum (lower + upper) -> grid cell */
    c2d_real extent[2];                 /* the largest upper - lower of any box, per axis */
    c2d_aabb bounds;                    /* of all boxes */
    c2d_real step_length;               /* a ray cast's step: half a start quadrant's side (infinite: no extent) */
} c2d_static_tree;

static c2d_static_tree *st_cast(c2d_index *index) { return (c2d_static_tree *)index; }
static const c2d_static_tree *st_ccast(const c2d_index *index) { return (const c2d_static_tree *)index; }

/* Entries of the start table of depth d: 4^d quadrants and the end. */
static int32_t st_start_entries(int d) { return ((int32_t)1 << (2 * d)) + 1; }

static c2d_aabb st_lane_box(const c2d_static_node *n, int k) {
    c2d_aabb b;
    b.lower.x = n->s[C2D_ST_LX][k];
    b.lower.y = n->s[C2D_ST_LY][k];
    b.upper.x = n->s[C2D_ST_UX][k];
    b.upper.y = n->s[C2D_ST_UY][k];
    return b;
}

static void st_set_lane(c2d_static_node *n, int k, c2d_aabb box) {
    n->s[C2D_ST_LX][k] = box.lower.x;
    n->s[C2D_ST_LY][k] = box.lower.y;
    n->s[C2D_ST_UX][k] = box.upper.x;
    n->s[C2D_ST_UY][k] = box.upper.y;
}

/* The empty lane: lower +infinity, upper -infinity; no ray or box test passes it, and it leaves a
 * node's bounds unchanged. */
static void st_set_empty(c2d_static_node *n, int k) {
    n->s[C2D_ST_LX][k] = n->s[C2D_ST_LY][k] = (c2d_real)INFINITY;
    n->s[C2D_ST_UX][k] = n->s[C2D_ST_UY][k] = -(c2d_real)INFINITY;
}

/* Nodes of a level over m entries. */
static int32_t st_nodes_over(int32_t m) { return (m + C2D_ST_W - 1) / C2D_ST_W; }

/* Nodes of the tree of n >= 1 boxes, and its levels in *levels. */
static int32_t st_node_total(int32_t n, int *levels) {
    int32_t total = 0, m = n;
    int l = 0;
    do {
        m = st_nodes_over(m);
        total += m;
        ++l;
    } while (m > 1);
    *levels = l;
    return total;
}

/* ---- build ---- */

/* The bounds of the box centers (lower + upper, which keeps the order of the midpoints without a
 * rounding division) of boxes [i0, i1) (i0 < i1) and the largest size per axis. */
static void st_center_bounds(const c2d_aabb *boxes, int32_t i0, int32_t i1, c2d_real lo[2], c2d_real hi[2], c2d_real ext[2]) {
    /* in locals, written out once: the outputs may share a cache line with another part's */
    c2d_real lx, ly, hx, hy, ex = 0, ey = 0;
    int32_t i;
    lx = hx = boxes[i0].lower.x + boxes[i0].upper.x;
    ly = hy = boxes[i0].lower.y + boxes[i0].upper.y;
    for (i = i0; i < i1; ++i) {
        c2d_real cx = boxes[i].lower.x + boxes[i].upper.x, cy = boxes[i].lower.y + boxes[i].upper.y;
        c2d_real wx = boxes[i].upper.x - boxes[i].lower.x, wy = boxes[i].upper.y - boxes[i].lower.y;
        ex = wx > ex ? wx : ex;
        ey = wy > ey ? wy : ey;
        lx = cx < lx ? cx : lx;
        hx = cx > hx ? cx : hx;
        ly = cy < ly ? cy : ly;
        hy = cy > hy ? cy : hy;
    }
    lo[0] = lx;
    lo[1] = ly;
    hi[0] = hx;
    hi[1] = hy;
    ext[0] = ex;
    ext[1] = ey;
}

/* The center grid over the centers' bounds (lo, hi) and the largest sizes (ext). */
static void st_set_grid(c2d_static_tree *t, const c2d_real lo[2], const c2d_real hi[2], const c2d_real ext[2]) {
    int k;
    for (k = 0; k < 2; ++k) {
        c2d_real extent = hi[k] - lo[k], scale = extent > 0 ? (c2d_real)65535 / extent : (c2d_real)0;
        t->grid_lo[k] = lo[k];
        t->grid_scale[k] = C2D_ISFINITE(scale) ? scale : 0;
        t->extent[k] = ext[k];
    }
}

/* The sort items of boxes [i0, i1): the Morton code of the center's grid cell (its top
 * 32 - key_shift bits: 22, two passes of the sort, up to 2^21 boxes, which still gives about a
 * cell of a 2048 x 2048 grid to each box) and the box's id. */
static void st_curve_keys(const c2d_static_tree *t, const c2d_aabb *boxes, c2d_radix32 *keys, int32_t i0, int32_t i1) {
    const c2d_real lx = t->grid_lo[0], ly = t->grid_lo[1], sx = t->grid_scale[0], sy = t->grid_scale[1];
    int32_t i;
    for (i = i0; i < i1; ++i) {
        c2d_real fx = (boxes[i].lower.x + boxes[i].upper.x - lx) * sx;
        c2d_real fy = (boxes[i].lower.y + boxes[i].upper.y - ly) * sy;
        uint32_t qx = fx < (c2d_real)65535 ? (uint32_t)fx : 65535u, qy = fy < (c2d_real)65535 ? (uint32_t)fy : 65535u;
        keys[i].key = c2d_morton16(qx, qy) >> t->key_shift;
        keys[i].value = (uint32_t)i;
    }
}

/* Orders the boxes along the Morton curve through their centers quantised over the centers'
 * bounds: returns the sorted codes, whose values are the boxes' ids (keys holds 2 * count items
 * of scratch); ties keep the input order. */
static const c2d_radix32 *st_curve_order(c2d_static_tree *t, const c2d_aabb *boxes, c2d_radix32 *keys) {
    c2d_real lo[2], hi[2], ext[2];
    st_center_bounds(boxes, 0, t->count, lo, hi, ext);
    st_set_grid(t, lo, hi, ext);
    st_curve_keys(t, boxes, keys, 0, t->count);
    return c2d_radix_sort32(keys, keys + t->count, t->count);
}

/* The bounds of a node's boxes (empty lanes change nothing). */
static c2d_aabb st_node_bounds(const c2d_static_node *n) {
    c2d_aabb b = st_lane_box(n, 0);
    int k;
    for (k = 1; k < C2D_ST_W; ++k) {
        c2d_aabb c = st_lane_box(n, k);
        b.lower.x = c.lower.x < b.lower.x ? c.lower.x : b.lower.x;
        b.lower.y = c.lower.y < b.lower.y ? c.lower.y : b.lower.y;
        b.upper.x = c.upper.x > b.upper.x ? c.upper.x : b.upper.x;
        b.upper.y = c.upper.y > b.upper.y ? c.upper.y : b.upper.y;
    }
    return b;
}

/* How far ahead (in sorted order) the leaf pass asks for the box it will read and the ref entry
 * it will write: both are indexed by id, so these accesses are random. */
#define C2D_ST_AHEAD 16

/* Sorted positions [i0, i1) of the leaves (i0 a multiple of 8): the boxes in sorted order (ids
 * already holds their ids), each id's position, the empty lanes after the last box when i1 is
 * the count, and each leaf's bounds in its lane of the level above, made while the leaf is in
 * cache. */
static void st_make_leaves(c2d_static_tree *t, const c2d_aabb *boxes, int32_t i0, int32_t i1) {
    c2d_static_node *parents = &t->nodes[st_nodes_over(t->count)];
    int32_t i = i0, e;
    for (e = i0 / C2D_ST_W; i < i1; ++e) {
        c2d_static_node *leaf = &t->nodes[e];
        for (; i < i1 && i < (e + 1) * C2D_ST_W; ++i) {
            uint32_t id = t->ids[i];
            c2d_aabb box = boxes[id];
            if (i + C2D_ST_AHEAD < i1) {
                uint32_t ahead = t->ids[i + C2D_ST_AHEAD];
                C2D_ST_PREFETCH(&boxes[ahead]);
                C2D_ST_PREFETCH_WRITE(&t->ref[ahead]);
            }
            st_set_lane(leaf, i % C2D_ST_W, box);
            t->ref[id] = (uint32_t)i;
        }
        if (i == t->count)
            for (; i % C2D_ST_W != 0; ++i) st_set_empty(leaf, i % C2D_ST_W);
        if (t->count > C2D_ST_W) st_set_lane(&parents[e / C2D_ST_W], e % C2D_ST_W, st_node_bounds(leaf));
    }
}

/* The levels above the leaves: node e of a level holds the bounds of nodes 8e..8e+7 below (the
 * lanes of the first level above the leaves are set by st_make_leaves; its empty lanes here). */
static void st_make_levels(c2d_static_tree *t) {
    int32_t below = 0, m = st_nodes_over(t->count), at = m;
    int l;
    t->level_base[0] = 0;
    for (l = 1; m > 1; ++l) {
        int32_t j, up = st_nodes_over(m);
        t->level_base[l] = at;
        for (j = l == 1 ? m : 0; j < m; ++j)
            st_set_lane(&t->nodes[at + j / C2D_ST_W], j % C2D_ST_W, st_node_bounds(&t->nodes[below + j]));
        for (j = m; j % C2D_ST_W != 0; ++j) st_set_empty(&t->nodes[at + j / C2D_ST_W], j % C2D_ST_W);
        below = at;
        at += up;
        m = up;
    }
    t->levels = l;
    t->node_count = at;
}

/* The start table from the sorted codes: entry q is the first position whose code's top
 * 2 * start_depth bits are >= q. */
static void st_make_start(c2d_static_tree *t, const c2d_radix32 *codes) {
    int32_t i, q = 0, quads = (int32_t)1 << (2 * t->start_depth), n = t->count;
    int shift = 32 - t->key_shift - 2 * t->start_depth;
    for (i = 0; i < n; ++i) {
        int32_t c = (int32_t)(codes[i].key >> shift);
        while (q <= c) t->start[q++] = i;
    }
    while (q <= quads) t->start[q++] = n;
}

/* ---- class functions ---- */

/* Frees every array (destroy, and a build's error paths). */
static void st_release(c2d_index *index) {
    c2d_static_tree *t = st_cast(index);
    const c2d_allocator *a = &index->allocator;
    if (t->node_block != NULL) c2d_bp_free(a, t->node_block, (size_t)t->node_capacity * sizeof *t->nodes + 64);
    if (t->ids != NULL) c2d_bp_free(a, t->ids, (size_t)t->ids_capacity * sizeof *t->ids);
    if (t->ref != NULL) c2d_bp_free(a, t->ref, (size_t)t->ref_capacity * sizeof *t->ref);
    if (t->user != NULL) c2d_bp_free(a, t->user, (size_t)t->user_capacity * sizeof *t->user);
    if (t->start != NULL) c2d_bp_free(a, t->start, (size_t)st_start_entries(t->start_depth) * sizeof *t->start);
    t->start = NULL;
    t->start_depth = 0;
    t->nodes = NULL;
    t->node_block = NULL;
    t->ids = t->ref = NULL;
    t->user = NULL;
    t->has_user = false;
    t->node_count = t->node_capacity = t->count = t->ids_capacity = t->ref_capacity = t->user_capacity = 0;
    t->levels = 0;
    t->reported = false;
    t->joined = t->swept = false;
}

/* c2d_index_clear: empty, with every array kept for the next build (st_fill takes them when they
 * are large enough). */
static void st_clear(c2d_index *index) {
    c2d_static_tree *t = st_cast(index);
    t->node_count = t->count = 0;
    t->levels = 0;
    t->reported = false;
    t->joined = t->swept = false;
}

static void st_destroy(c2d_index *index) {
    c2d_static_tree *t = st_cast(index);
    c2d_allocator a = index->allocator;
    st_release(index);
    c2d_bp_free(&a, t->part_counts, (size_t)t->part_count_capacity * sizeof *t->part_counts);
    c2d_bp_base_free(index);
    c2d_bp_free(&a, t, sizeof *t);
}

static int32_t st_count(const c2d_index *index) { return st_ccast(index)->count; }

static c2d_status st_insert(c2d_index *index, c2d_aabb box, uint64_t user_data, int32_t *out_id) {
    (void)index;
    (void)box;
    (void)user_data;
    (void)out_id;
    return C2D_ERR_UNSUPPORTED;
}

static c2d_status st_remove(c2d_index *index, int32_t id) {
    (void)index;
    (void)id;
    return C2D_ERR_UNSUPPORTED;
}

static c2d_status st_move(c2d_index *index, int32_t id, c2d_aabb box) {
    (void)index;
    (void)id;
    (void)box;
    return C2D_ERR_UNSUPPORTED;
}

/* The user data of an id. */
static uint64_t st_user(const c2d_static_tree *t, uint32_t id) { return t->has_user ? t->user[id] : (uint64_t)id; }

/* The box at sorted position p. */
static c2d_aabb st_box_at(const c2d_static_tree *t, uint32_t p) { return st_lane_box(&t->nodes[p / C2D_ST_W], (int)(p % C2D_ST_W)); }

static bool st_get(const c2d_index *index, int32_t id, c2d_aabb *box, uint64_t *user_data) {
    const c2d_static_tree *t = st_ccast(index);
    if (id < 0 || id >= t->count) return false;
    *box = st_box_at(t, t->ref[id]);
    *user_data = st_user(t, (uint32_t)id);
    return true;
}

/* ---- ray casts ---- */

/* A ray prepared for the node cull: origin, reciprocals (infinite on an axis the ray does not move
 * along), and per axis which side of a box it meets first (near) and last (far). */
typedef struct c2d_st_ray {
    c2d_real ox, oy, ix, iy;
    int nx, fx, ny, fy; /* rows of c2d_static_node.s */
} c2d_st_ray;

/* The closed-slab cull of a node's 8 lanes against the ray up to end: bit k of the result is set
 * when lane k may hold a box the ray hits at or before end, with its entry fraction (>= 0, finite)
 * in enter[k]. Per axis, near side t = (side - origin) * reciprocal; entry max(near x, near y, 0),
 * exit min(far x, far y, end), taken as SSE's max and min take them (a NaN, from a side exactly at
 * the origin on an axis the ray does not move along, yields the other operand: the lane may then
 * pass or not, either being safe, since the exact rule needs the origin strictly inside a box, so
 * strictly inside the lane). An empty lane (inverted infinite box) never passes. Every path gives
 * the same bits and entries. */
#define C2D_ST_MAX(a, b) ((a) > (b) ? (a) : (b))
#define C2D_ST_MIN(a, b) ((a) < (b) ? (a) : (b))
#if C2D_ST_SSE
static unsigned st_cull_sse(const c2d_static_node *n, const c2d_st_ray *r, c2d_real end, c2d_real *enter) {
    const __m128 ox = _mm_set1_ps(r->ox), oy = _mm_set1_ps(r->oy), ix = _mm_set1_ps(r->ix), iy = _mm_set1_ps(r->iy);
    const __m128 e = _mm_set1_ps(end), zero = _mm_setzero_ps(), inf = _mm_set1_ps(INFINITY);
    unsigned m = 0;
    int h;
    for (h = 0; h < C2D_ST_W; h += 4) {
        __m128 tnx = _mm_mul_ps(_mm_sub_ps(_mm_loadu_ps(&n->s[r->nx][h]), ox), ix);
        __m128 tfx = _mm_mul_ps(_mm_sub_ps(_mm_loadu_ps(&n->s[r->fx][h]), ox), ix);
        __m128 tny = _mm_mul_ps(_mm_sub_ps(_mm_loadu_ps(&n->s[r->ny][h]), oy), iy);
        __m128 tfy = _mm_mul_ps(_mm_sub_ps(_mm_loadu_ps(&n->s[r->fy][h]), oy), iy);
        __m128 tn = _mm_max_ps(tnx, _mm_max_ps(tny, zero)), tf = _mm_min_ps(tfx, _mm_min_ps(tfy, e));
        _mm_storeu_ps(enter + h, tn);
        m |= (unsigned)_mm_movemask_ps(_mm_and_ps(_mm_cmple_ps(tn, tf), _mm_cmplt_ps(tn, inf))) << h;
    }
    return m;
}

__attribute__((target("avx2"))) static unsigned st_cull_avx2(const c2d_static_node *n, const c2d_st_ray *r, c2d_real end,
                                                           c2d_real *enter) {
    const __m256 ox = _mm256_set1_ps(r->ox), oy = _mm256_set1_ps(r->oy), ix = _mm256_set1_ps(r->ix), iy = _mm256_set1_ps(r->iy);
    __m256 tnx = _mm256_mul_ps(_mm256_sub_ps(_mm256_loadu_ps(n->s[r->nx]), ox), ix);
    __m256 tfx = _mm256_mul_ps(_mm256_sub_ps(_mm256_loadu_ps(n->s[r->fx]), ox), ix);
    __m256 tny = _mm256_mul_ps(_mm256_sub_ps(_mm256_loadu_ps(n->s[r->ny]), oy), iy);
    __m256 tfy = _mm256_mul_ps(_mm256_sub_ps(_mm256_loadu_ps(n->s[r->fy]), oy), iy);
    __m256 tn = _mm256_max_ps(tnx, _mm256_max_ps(tny, _mm256_setzero_ps()));
    __m256 tf = _mm256_min_ps(tfx, _mm256_min_ps(tfy, _mm256_set1_ps(end)));
    _mm256_storeu_ps(enter, tn);
    return (unsigned)_mm256_movemask_ps(_mm256_and_ps(_mm256_cmp_ps(tn, tf, _CMP_LE_OQ), _mm256_cmp_ps(tn, _mm256_set1_ps(INFINITY), _CMP_LT_OQ)));
}

static unsigned st_cull(const c2d_static_tree *t, const c2d_static_node *n, const c2d_st_ray *r, c2d_real end, c2d_real *enter) {
    return t->avx2 ? st_cull_avx2(n, r, end, enter) : st_cull_sse(n, r, end, enter);
}
#else
static unsigned st_cull_c(const c2d_static_node *n, const c2d_st_ray *r, c2d_real end, c2d_real *enter) {
    unsigned m = 0;
    int k;
    for (k = 0; k < C2D_ST_W; ++k) {
        c2d_real tnx = (n->s[r->nx][k] - r->ox) * r->ix, tfx = (n->s[r->fx][k] - r->ox) * r->ix;
        c2d_real tny = (n->s[r->ny][k] - r->oy) * r->iy, tfy = (n->s[r->fy][k] - r->oy) * r->iy;
        c2d_real a = C2D_ST_MAX(tny, (c2d_real)0), b = C2D_ST_MIN(tfy, end);
        c2d_real tn = C2D_ST_MAX(tnx, a), tf = C2D_ST_MIN(tfx, b);
        enter[k] = tn;
        m |= (unsigned)(tn <= tf && tn < (c2d_real)INFINITY) << k;
    }
    return m;
}

static unsigned st_cull(const c2d_static_tree *t, const c2d_static_node *n, const c2d_st_ray *r, c2d_real end, c2d_real *enter) {
    (void)t;
    return st_cull_c(n, r, end, enter);
}
#endif

/* Tests leaf j: the lanes that pass the cull get the exact rule (c2d_bp_ray_box) and are reported
 * in lane order. False when the callback stopped the cast. */
static bool st_ray_leaf(const c2d_static_tree *t, int32_t j, const c2d_st_ray *r, c2d_bp_ray *ray, c2d_index_raycast_fn *fn, void *context) {
    const c2d_static_node *n = &t->nodes[j];
    c2d_real enter[C2D_ST_W];
    unsigned hits = st_cull(t, n, r, ray->ray.max_fraction, enter);
    for (; hits != 0; hits &= hits - 1) {
        unsigned k = st_lowest_bit(hits);
        c2d_real f;
        if (c2d_bp_ray_box(ray, st_lane_box(n, (int)k), &f)) {
            uint32_t id = t->ids[(uint32_t)j * C2D_ST_W + k];
            if (!c2d_bp_ray_report(ray, fn, (int32_t)id, st_user(t, id), f, context)) return false;
        }
    }
    return true;
}

/* Leaves tested so far by a cast: up to C2D_ST_DONE ranges of leaf indices. */
#define C2D_ST_DONE 32
typedef struct c2d_st_done {
    int32_t r[C2D_ST_DONE][2];
    int n;
} c2d_st_done;

static bool st_done_has(const c2d_st_done *d, int32_t j) {
    int i;
    for (i = 0; i < d->n; ++i)
        if (j >= d->r[i][0] && j <= d->r[i][1]) return true;
    return false;
}

/* Walk from the root, nearest child first: a node's passing lanes are pushed far to near by entry
 * fraction (ties: lower lane first), and a popped node entered after the current end is skipped.
 * Leaves in done (already tested) are left out. */
static void st_ray_walk(const c2d_static_tree *t, const c2d_st_ray *r, c2d_bp_ray *ray, c2d_index_raycast_fn *fn, void *context,
                        const c2d_st_done *done) {
    int32_t stack[C2D_INDEX_STACK];
    c2d_real at[C2D_INDEX_STACK];
    unsigned char level[C2D_INDEX_STACK];
    int sp = 1;
    stack[0] = t->node_count - 1;
    level[0] = (unsigned char)(t->levels - 1);
    at[0] = 0;
    while (sp > 0) {
        int32_t j, first;
        int l, base;
        unsigned hits;
        c2d_real enter[C2D_ST_W];
        --sp;
        j = stack[sp];
        l = level[sp];
        if (at[sp] > ray->ray.max_fraction) continue;
        if (l == 0) {
            if (st_done_has(done, j)) continue;
            if (!st_ray_leaf(t, j, r, ray, fn, context)) return;
            continue;
        }
        hits = st_cull(t, &t->nodes[j], r, ray->ray.max_fraction, enter);
        first = t->level_base[l - 1] + (j - t->level_base[l]) * C2D_ST_W;
        C2D_ASSERT(sp + C2D_ST_W <= C2D_INDEX_STACK);
        if (sp + C2D_ST_W > C2D_INDEX_STACK) return;
        base = sp;
        for (; hits != 0; hits &= hits - 1) {
            unsigned k = st_lowest_bit(hits);
            c2d_real e = enter[k];
            int i = sp++;
            /* Insertion into stack[base..sp), kept in decreasing entry order (nearest on top). */
            while (i > base && at[i - 1] < e) {
                stack[i] = stack[i - 1];
                at[i] = at[i - 1];
                level[i] = level[i - 1];
                --i;
            }
            stack[i] = first + (int32_t)k;
            at[i] = e;
            level[i] = (unsigned char)(l - 1);
        }
    }
}

/* A grid cell (0..65535) of one axis for a center sum v, clamped (NaN: 0). */
static uint32_t st_cell(const c2d_static_tree *t, int k, c2d_real v) {
    c2d_real f = (v - t->grid_lo[k]) * t->grid_scale[k];
    return f > 0 ? (f < (c2d_real)65535 ? (uint32_t)f : 65535u) : 0u;
}

/* Leaves of one step of a cast at most; past that it walks from the root. */
#define C2D_ST_SPAN 8 /* leaves of the one run between a block's corner quadrants taken whole */
#define C2D_ST_NEAR_LEAVES 24

/* The leaves that can hold a box touching the segment (or the box) from (x0, y0) to (x1, y1), as up to 9
 * ranges of leaf indices (ascending, disjoint) in out; returns how many, or -1 when they would be
 * more than C2D_ST_NEAR_LEAVES leaves (or a value is not finite). Such a box's center lies in the
 * segment's bounds grown by half the largest box size (in center sums: twice the bounds, grown by
 * the largest size, and by a margin for rounding and one cell each side; quantising is monotone,
 * as in the build, so no such center's cell falls outside); the cells of those bounds at the
 * deepest depth where they span at most 3 x 3 quadrants name runs of the sorted order. */
static int st_near_leaves(const c2d_static_tree *t, c2d_real x0, c2d_real y0, c2d_real x1, c2d_real y1, int32_t out[9][2]) {
    c2d_real lx = x0 < x1 ? x0 : x1, ux = x0 < x1 ? x1 : x0, ly = y0 < y1 ? y0 : y1, uy = y0 < y1 ? y1 : y0;
    c2d_real mx = (C2D_ABS(lx) + C2D_ABS(ux) + t->extent[0]) * (c2d_real)1e-5;
    c2d_real my = (C2D_ABS(ly) + C2D_ABS(uy) + t->extent[1]) * (c2d_real)1e-5;
    uint32_t cx0, cx1, cy0, cy1, row, q;
    int d = t->start_depth, shift, m = 0, i, j, x, y, nx, ny;
    int32_t leaves = 0;
    if (!C2D_ISFINITE(mx) || !C2D_ISFINITE(my)) return -1;
    cx0 = st_cell(t, 0, 2 * lx - t->extent[0] - mx);
    cx1 = st_cell(t, 0, 2 * ux + t->extent[0] + mx);
    cy0 = st_cell(t, 1, 2 * ly - t->extent[1] - my);
    cy1 = st_cell(t, 1, 2 * uy + t->extent[1] + my);
    cx0 -= cx0 > 0;
    cy0 -= cy0 > 0;
    cx1 += cx1 < 65535u;
    cy1 += cy1 < 65535u;
    while (d > 0 && ((cx1 >> (16 - d)) - (cx0 >> (16 - d)) > 2 || (cy1 >> (16 - d)) - (cy0 >> (16 - d)) > 2)) --d;
    if (d == 0) return -1;
    shift = 2 * (t->start_depth - d);
    nx = (int)((cx1 >> (16 - d)) - (cx0 >> (16 - d)));
    ny = (int)((cy1 >> (16 - d)) - (cy0 >> (16 - d)));
    {
        /* Every quadrant of the block has a code between those of its corners (Morton codes grow
         * with each coordinate): when the run between them is short, it is the answer. */
        uint32_t m0 = c2d_morton16(cx0, cy0) >> (32 - 2 * d), m1 = c2d_morton16(cx1, cy1) >> (32 - 2 * d);
        int32_t lo = t->start[m0 << shift], hi = t->start[(m1 + 1) << shift];
        if (hi <= lo) return 0;
        if ((hi - 1) / C2D_ST_W - lo / C2D_ST_W < C2D_ST_SPAN) {
            out[0][0] = lo / C2D_ST_W;
            out[0][1] = (hi - 1) / C2D_ST_W;
            return 1;
        }
    }
    /* The quadrants' codes at depth d, stepped in x and y without re-interleaving (adding 1 to the
     * x bits: set the y bits so that the carry runs through them). */
    row = c2d_morton16(cx0, cy0) >> (32 - 2 * d);
    for (y = 0; y <= ny; ++y) {
        for (x = 0, q = row; x <= nx; ++x) {
            int32_t lo = t->start[q << shift], hi = t->start[(q + 1) << shift];
            if (hi > lo) {
                /* Inserted in order of first leaf. */
                for (i = m++; i > 0 && out[i - 1][0] > lo / C2D_ST_W; --i) {
                    out[i][0] = out[i - 1][0];
                    out[i][1] = out[i - 1][1];
                }
                out[i][0] = lo / C2D_ST_W;
                out[i][1] = (hi - 1) / C2D_ST_W;
            }
            q = (((q | 0xAAAAAAAAu) + 1u) & 0x55555555u) | (q & 0xAAAAAAAAu);
        }
        row = (((row | 0x55555555u) + 2u) & 0xAAAAAAAAu) | (row & 0x55555555u);
    }
    /* Overlapping or adjacent ranges merged. */
    for (i = 0, j = -1; i < m; ++i) {
        if (j >= 0 && out[i][0] <= out[j][1] + 1) {
            if (out[i][1] > out[j][1]) out[j][1] = out[i][1];
        } else {
            ++j;
            out[j][0] = out[i][0];
            out[j][1] = out[i][1];
        }
    }
    m = j + 1;
    for (i = 0; i < m; ++i) leaves += out[i][1] - out[i][0] + 1;
    return leaves > C2D_ST_NEAR_LEAVES ? -1 : m;
}

/* The boxes of leaf j that overlap box (the strict rule: they are the users'), in lane order.
 * False when the callback stopped the query. */
static bool st_query_leaf(const c2d_static_tree *t, int32_t j, c2d_aabb box, c2d_index_query_fn *fn, void *context) {
    const c2d_static_node *n = &t->nodes[j];
    unsigned hits = 0;
    int k;
    for (k = 0; k < C2D_ST_W; ++k)
        hits |= (unsigned)(n->s[C2D_ST_LX][k] < box.upper.x && box.lower.x < n->s[C2D_ST_UX][k] && n->s[C2D_ST_LY][k] < box.upper.y &&
                           box.lower.y < n->s[C2D_ST_UY][k])
                << k;
    for (; hits != 0; hits &= hits - 1) {
        uint32_t id = t->ids[(uint32_t)j * C2D_ST_W + st_lowest_bit(hits)];
        if (!fn((int32_t)id, st_user(t, id), context)) return false;
    }
    return true;
}

/* Depth-first walk from the root, lanes in order: leaf lanes are tested with the strict rule,
 * inner lanes with the closed rule. */
static void st_query_walk(const c2d_static_tree *t, c2d_aabb box, c2d_index_query_fn *fn, void *context) {
    int32_t stack[C2D_INDEX_STACK];
    unsigned char level[C2D_INDEX_STACK];
    int sp = 0;
    stack[0] = t->node_count - 1;
    level[0] = (unsigned char)(t->levels - 1);
    sp = 1;
    while (sp > 0) {
        int32_t j = stack[--sp];
        int l = level[sp], k;
        const c2d_static_node *n = &t->nodes[j];
        unsigned hits = 0;
        if (l == 0) {
            if (!st_query_leaf(t, j, box, fn, context)) return;
            continue;
        }
        /* An unused lane holds the inverted infinite box, which the closed test alone passes for
         * a query box that is the whole plane: lower <= upper keeps it out. */
        for (k = 0; k < C2D_ST_W; ++k)
            hits |= (unsigned)(n->s[C2D_ST_LX][k] <= box.upper.x && box.lower.x <= n->s[C2D_ST_UX][k] &&
                               n->s[C2D_ST_LY][k] <= box.upper.y && box.lower.y <= n->s[C2D_ST_UY][k] &&
                               n->s[C2D_ST_LX][k] <= n->s[C2D_ST_UX][k])
                    << k;
        C2D_ASSERT(sp + C2D_ST_W <= C2D_INDEX_STACK);
        if (sp + C2D_ST_W > C2D_INDEX_STACK) return;
        /* Pushed last lane first, so that lanes are visited in order. */
        for (k = C2D_ST_W - 1; k >= 0; --k)
            if (hits >> k & 1u) {
                stack[sp] = t->level_base[l - 1] + (j - t->level_base[l]) * C2D_ST_W + k;
                level[sp] = (unsigned char)(l - 1);
                ++sp;
            }
    }
}

/* The leaves of the quadrant runs around the box (st_near_leaves), in sorted order, when they are
 * few; otherwise the walk from the root. */
static void st_query_aabb(const c2d_index *index, c2d_aabb box, c2d_index_query_fn *fn, void *context) {
    const c2d_static_tree *t = st_ccast(index);
    int32_t near[9][2], j;
    int m, i;
    if (t->count == 0) return;
    m = t->start != NULL ? st_near_leaves(t, box.lower.x, box.lower.y, box.upper.x, box.upper.y, near) : -1;
    if (m < 0) {
        st_query_walk(t, box, fn, context);
        return;
    }
    for (i = 0; i < m; ++i)
        for (j = near[i][0]; j <= near[i][1]; ++j)
            if (!st_query_leaf(t, j, box, fn, context)) return;
}

/* Steps of a cast along the ray at most before it walks from the root. */
#define C2D_ST_STEPS 8

/* The point at fraction f of the ray, per axis (the origin on an axis it does not move along). */
static c2d_real st_along(c2d_real o, c2d_real d, c2d_real f) { return d != 0 ? o + d * f : o; }

/* A cast goes along the ray in steps. First the leaves of the start quadrant around the origin
 * (its run of the sorted order), which usually finds the closest hit and clips the ray. Then,
 * piece by piece (half a start quadrant long) up to the current end, the leaves of the quadrants
 * around each piece (st_near_leaves) not tested yet; the first piece starts at the origin, the
 * next ones no earlier than where the ray enters the bounds of all boxes.
 * When a piece has too many leaves, or after C2D_ST_STEPS pieces, a walk from the root with the
 * clipped ray does the rest, skipping every leaf already tested. Every box is tested once. */
static void st_raycast(const c2d_index *index, c2d_bp_ray *ray, c2d_index_raycast_fn *fn, void *context) {
    const c2d_static_tree *t = st_ccast(index);
    const c2d_real tx = ray->ray.translation.x, ty = ray->ray.translation.y;
    c2d_st_ray r;
    c2d_st_done done;
    int32_t j, near[9][2];
    int m, i, steps;
    c2d_real s, step, len, exit = (c2d_real)INFINITY;
    if (t->count == 0) return;
    r.ox = ray->ray.origin.x;
    r.oy = ray->ray.origin.y;
    r.ix = ray->move_x ? ray->inv_x : (c2d_real)INFINITY;
    r.iy = ray->move_y ? ray->inv_y : (c2d_real)INFINITY;
    r.nx = r.ix < 0 ? C2D_ST_UX : C2D_ST_LX;
    r.fx = r.ix < 0 ? C2D_ST_LX : C2D_ST_UX;
    r.ny = r.iy < 0 ? C2D_ST_UY : C2D_ST_LY;
    r.fy = r.iy < 0 ? C2D_ST_LY : C2D_ST_UY;
    done.n = 0;
    if (t->start == NULL) {
        st_ray_walk(t, &r, ray, fn, context, &done);
        return;
    }
    {
        uint32_t q = c2d_morton16(st_cell(t, 0, 2 * r.ox), st_cell(t, 1, 2 * r.oy)) >> (32 - 2 * t->start_depth);
        int32_t lo = t->start[q], hi = t->start[q + 1], b0, b1;
        if (lo >= t->count) lo = t->count - 1;
        b0 = lo / C2D_ST_W;
        b1 = hi > lo ? (hi - 1) / C2D_ST_W : b0;
        for (j = b0; j <= b1; ++j) {
            C2D_ST_PREFETCH(&t->nodes[j]);
            C2D_ST_PREFETCH((const char *)&t->nodes[j] + 64);
        }
        for (j = b0; j <= b1; ++j)
            if (!st_ray_leaf(t, j, &r, ray, fn, context)) return;
        done.r[0][0] = b0;
        done.r[0][1] = b1;
        done.n = 1;
    }
    len = C2D_ABS(tx) > C2D_ABS(ty) ? C2D_ABS(tx) : C2D_ABS(ty);
    step = len > 0 ? t->step_length / len : (c2d_real)INFINITY;
    s = 0;
    for (steps = 0;; ++steps) {
        c2d_real end = C2D_ST_MIN(ray->ray.max_fraction, exit), e;
        if (!(s <= end)) return;
        e = s + step < end ? s + step : end;
        m = steps < C2D_ST_STEPS ? st_near_leaves(t, st_along(r.ox, tx, s), st_along(r.oy, ty, s), st_along(r.ox, tx, e), st_along(r.oy, ty, e), near) : -1;
        if (m < 0 || done.n + m > C2D_ST_DONE) {
            st_ray_walk(t, &r, ray, fn, context, &done);
            return;
        }
        for (i = 0; i < m; ++i) {
            for (j = near[i][0]; j <= near[i][1]; ++j)
                if (!st_done_has(&done, j) && !st_ray_leaf(t, j, &r, ray, fn, context)) return;
        }
        for (i = 0; i < m; ++i) {
            done.r[done.n][0] = near[i][0];
            done.r[done.n][1] = near[i][1];
            ++done.n;
        }
        if (steps == 0) {
            /* Past the first piece: where the ray enters and leaves the bounds of all boxes
             * (closed slabs, rounded as the cull rounds, so that no box is hit outside). */
            c2d_real enter = 0;
            if (ray->move_x) {
                c2d_real a = (t->bounds.lower.x - r.ox) * r.ix, b = (t->bounds.upper.x - r.ox) * r.ix;
                enter = C2D_ST_MAX(enter, C2D_ST_MIN(a, b));
                exit = C2D_ST_MIN(exit, C2D_ST_MAX(a, b));
            }
            if (ray->move_y) {
                c2d_real a = (t->bounds.lower.y - r.oy) * r.iy, b = (t->bounds.upper.y - r.oy) * r.iy;
                enter = C2D_ST_MAX(enter, C2D_ST_MIN(a, b));
                exit = C2D_ST_MIN(exit, C2D_ST_MAX(a, b));
            }
            s = C2D_ST_MAX(s + step, enter);
        } else {
            s += step;
        }
        if (!(s <= C2D_ST_MIN(ray->ray.max_fraction, exit))) return;
    }
}

/* ---- pairs: the leaves joined through the tree ---- */

/* Where joined pairs go: the index's pair list, grown as needed (chunk NULL), or a part's list
 * of a threaded join, which a task never grows: a join that might not fit marks it full. */
typedef struct st_sink {
    c2d_index *index;
    c2d_bp_chunk *chunk;
} st_sink;

/* Pairs of room a join of two leaves needs: its 64 pairs at most, and 4 more that the AVX2 join's
 * last 4-pair store may write past them. */
#define C2D_ST_ROOM (C2D_ST_W * C2D_ST_W + 4)

/* Room for at least the pairs a join of two leaves can give (C2D_ST_ROOM), so that st_join writes
 * them with no check of its own: the first free place, with the end of the room in *end; NULL when out of
 * memory (the pair list's failure is set) or when the part's list is full. */
static c2d_index_pair *st_pair_room(st_sink *k, c2d_index_pair **end) {
    if (k->chunk != NULL) {
        c2d_bp_chunk *ch = k->chunk;
        if (ch->capacity - ch->count < C2D_ST_ROOM) {
            ch->full = true;
            return NULL;
        }
        *end = ch->items + ch->capacity;
        return ch->items + ch->count;
    } else {
        c2d_bp_pairs *p = &k->index->pairs;
        if (p->capacity - p->count < C2D_ST_ROOM) {
            void *items = p->items;
            if (p->count > INT32_MAX - C2D_ST_ROOM ||
                !c2d_bp_reserve(&k->index->allocator, &items, &p->capacity, p->count + C2D_ST_ROOM, sizeof *p->items)) {
                p->failed = true;
                return NULL;
            }
            p->items = (c2d_index_pair *)items;
        }
        *end = p->items + p->capacity;
        return p->items + p->count;
    }
}

/* The pairs written up to out become part of the sink's list. */
static void st_pair_commit(st_sink *k, const c2d_index_pair *out) {
    if (k->chunk != NULL) k->chunk->count = (int32_t)(out - k->chunk->items);
    else k->index->pairs.count = (int32_t)(out - k->index->pairs.items);
}

/* Appends the pair of ids a and b (any order) at *out. */
static inline void st_put_pair(c2d_index_pair **out, uint32_t a, uint32_t b) {
    (*out)->a = (int32_t)(a < b ? a : b);
    (*out)->b = (int32_t)(a < b ? b : a);
    ++*out;
}

/* The pairs of leaf i's boxes with leaf j's (j > i), or among leaf i's own (j == i, each pair
 * once), written from out (room for 64): lane by lane of i (the lanes given) against j's 8 lanes at
 * once, by the strict rule. Padding lanes (the inverted infinite box) pass no test. Returns the end
 * of what it wrote. */
#if C2D_ST_SSE
static c2d_index_pair *st_join_sse(const c2d_static_tree *t, int32_t i, int32_t j, unsigned lanes, c2d_index_pair *out) {
    const c2d_static_node *a = &t->nodes[i], *b = &t->nodes[j];
    const uint32_t *ia = &t->ids[(uint32_t)i * C2D_ST_W], *ib = &t->ids[(uint32_t)j * C2D_ST_W];
    const __m128 blx0 = _mm_loadu_ps(&b->s[C2D_ST_LX][0]), blx1 = _mm_loadu_ps(&b->s[C2D_ST_LX][4]);
    const __m128 bly0 = _mm_loadu_ps(&b->s[C2D_ST_LY][0]), bly1 = _mm_loadu_ps(&b->s[C2D_ST_LY][4]);
    const __m128 bux0 = _mm_loadu_ps(&b->s[C2D_ST_UX][0]), bux1 = _mm_loadu_ps(&b->s[C2D_ST_UX][4]);
    const __m128 buy0 = _mm_loadu_ps(&b->s[C2D_ST_UY][0]), buy1 = _mm_loadu_ps(&b->s[C2D_ST_UY][4]);
    for (; lanes != 0; lanes &= lanes - 1) {
        const int k = (int)st_lowest_bit(lanes);
        const __m128 lx = _mm_set1_ps(a->s[C2D_ST_LX][k]), ly = _mm_set1_ps(a->s[C2D_ST_LY][k]);
        const __m128 ux = _mm_set1_ps(a->s[C2D_ST_UX][k]), uy = _mm_set1_ps(a->s[C2D_ST_UY][k]);
        __m128 m0 = _mm_and_ps(_mm_and_ps(_mm_cmplt_ps(blx0, ux), _mm_cmplt_ps(lx, bux0)), _mm_and_ps(_mm_cmplt_ps(bly0, uy), _mm_cmplt_ps(ly, buy0)));
        __m128 m1 = _mm_and_ps(_mm_and_ps(_mm_cmplt_ps(blx1, ux), _mm_cmplt_ps(lx, bux1)), _mm_and_ps(_mm_cmplt_ps(bly1, uy), _mm_cmplt_ps(ly, buy1)));
        unsigned hits = (unsigned)_mm_movemask_ps(m0) | (unsigned)_mm_movemask_ps(m1) << 4;
        if (i == j) hits &= ~((2u << k) - 1u);
        for (; hits != 0; hits &= hits - 1) st_put_pair(&out, ia[k], ib[st_lowest_bit(hits)]);
    }
    return out;
}

/* st_join_sse's tests 8 lanes at once, and its pairs made in vector lanes: (min, max) of lane k's
 * id and each of leaf j's 8 ids, packed to the front by the sweep's permute table
 * (c2d_bp_pack_pairs4) four pairs at a time, in j's lane order, with no branch per pair. The ids
 * array is padded to whole leaves (st_fill), so the 8 ids of the last leaf can be loaded; the
 * stores may write up to 4 pairs past the last one (C2D_ST_ROOM). */
__attribute__((target("avx2"))) static c2d_index_pair *st_join_avx2(const c2d_static_tree *t, int32_t i, int32_t j, unsigned lanes, c2d_index_pair *out) {
    const c2d_static_node *a = &t->nodes[i], *b = &t->nodes[j];
    const uint32_t *ia = &t->ids[(uint32_t)i * C2D_ST_W];
    const __m256i idb = _mm256_loadu_si256((const __m256i *)(const void *)&t->ids[(uint32_t)j * C2D_ST_W]);
    const __m256 blx = _mm256_loadu_ps(b->s[C2D_ST_LX]), bly = _mm256_loadu_ps(b->s[C2D_ST_LY]);
    const __m256 bux = _mm256_loadu_ps(b->s[C2D_ST_UX]), buy = _mm256_loadu_ps(b->s[C2D_ST_UY]);
    for (; lanes != 0; lanes &= lanes - 1) {
        const int k = (int)st_lowest_bit(lanes);
        const __m256 lx = _mm256_set1_ps(a->s[C2D_ST_LX][k]), ly = _mm256_set1_ps(a->s[C2D_ST_LY][k]);
        const __m256 ux = _mm256_set1_ps(a->s[C2D_ST_UX][k]), uy = _mm256_set1_ps(a->s[C2D_ST_UY][k]);
        const __m256i ida = _mm256_set1_epi32((int32_t)ia[k]);
        __m256 m = _mm256_and_ps(_mm256_and_ps(_mm256_cmp_ps(blx, ux, _CMP_LT_OQ), _mm256_cmp_ps(lx, bux, _CMP_LT_OQ)),
                                 _mm256_and_ps(_mm256_cmp_ps(bly, uy, _CMP_LT_OQ), _mm256_cmp_ps(ly, buy, _CMP_LT_OQ)));
        unsigned hits = (unsigned)_mm256_movemask_ps(m);
        __m256i lo = _mm256_min_epu32(ida, idb), hi = _mm256_max_epu32(ida, idb);
        __m256i p01 = _mm256_unpacklo_epi32(lo, hi), p23 = _mm256_unpackhi_epi32(lo, hi); /* pairs 0 1 | 4 5, 2 3 | 6 7 */
        __m256i first = _mm256_permute2x128_si256(p01, p23, 0x20), last = _mm256_permute2x128_si256(p01, p23, 0x31);
        if (i == j) hits &= ~((2u << k) - 1u);
        first = _mm256_permutevar8x32_epi32(first, _mm256_loadu_si256((const __m256i *)(const void *)c2d_bp_pack_pairs4[hits & 15u]));
        last = _mm256_permutevar8x32_epi32(last, _mm256_loadu_si256((const __m256i *)(const void *)c2d_bp_pack_pairs4[hits >> 4]));
        _mm256_storeu_si256((__m256i *)(void *)out, first);
        out += __builtin_popcount(hits & 15u);
        _mm256_storeu_si256((__m256i *)(void *)out, last);
        out += __builtin_popcount(hits >> 4);
    }
    return out;
}

static c2d_index_pair *st_join(const c2d_static_tree *t, int32_t i, int32_t j, unsigned lanes, c2d_index_pair *out) {
    return t->avx2 ? st_join_avx2(t, i, j, lanes, out) : st_join_sse(t, i, j, lanes, out);
}
#else
static c2d_index_pair *st_join(const c2d_static_tree *t, int32_t i, int32_t j, unsigned lanes, c2d_index_pair *out) {
    const c2d_static_node *a = &t->nodes[i], *b = &t->nodes[j];
    const uint32_t *ia = &t->ids[(uint32_t)i * C2D_ST_W], *ib = &t->ids[(uint32_t)j * C2D_ST_W];
    int k, h;
    for (k = 0; k < C2D_ST_W; ++k) {
        if (!(lanes >> k & 1u)) continue;
        for (h = i == j ? k + 1 : 0; h < C2D_ST_W; ++h)
            if (b->s[C2D_ST_LX][h] < a->s[C2D_ST_UX][k] && a->s[C2D_ST_LX][k] < b->s[C2D_ST_UX][h] && b->s[C2D_ST_LY][h] < a->s[C2D_ST_UY][k] &&
                a->s[C2D_ST_LY][k] < b->s[C2D_ST_UY][h])
                st_put_pair(&out, ia[k], ib[h]);
    }
    return out;
}
#endif

/* The lanes of node n whose boxes touch box (lx, ly, ux, uy) by the closed rule and are not
 * inverted (an unused lane, the inverted infinite box, fails lower <= upper), as bits. */
#if C2D_ST_SSE
static unsigned st_touch_sse(const c2d_static_node *n, c2d_real lx, c2d_real ly, c2d_real ux, c2d_real uy) {
    const __m128 bl = _mm_set1_ps(lx), bb = _mm_set1_ps(ly), br = _mm_set1_ps(ux), bt = _mm_set1_ps(uy);
    unsigned m = 0;
    int h;
    for (h = 0; h < C2D_ST_W; h += 4) {
        __m128 nlx = _mm_loadu_ps(&n->s[C2D_ST_LX][h]), nly = _mm_loadu_ps(&n->s[C2D_ST_LY][h]);
        __m128 nux = _mm_loadu_ps(&n->s[C2D_ST_UX][h]), nuy = _mm_loadu_ps(&n->s[C2D_ST_UY][h]);
        __m128 ok = _mm_and_ps(_mm_and_ps(_mm_cmple_ps(nlx, br), _mm_cmple_ps(bl, nux)), _mm_and_ps(_mm_cmple_ps(nly, bt), _mm_cmple_ps(bb, nuy)));
        m |= (unsigned)_mm_movemask_ps(_mm_and_ps(ok, _mm_cmple_ps(nlx, nux))) << h;
    }
    return m;
}

__attribute__((target("avx2"))) static unsigned st_touch_avx2(const c2d_static_node *n, c2d_real lx, c2d_real ly, c2d_real ux, c2d_real uy) {
    __m256 nlx = _mm256_loadu_ps(n->s[C2D_ST_LX]), nly = _mm256_loadu_ps(n->s[C2D_ST_LY]);
    __m256 nux = _mm256_loadu_ps(n->s[C2D_ST_UX]), nuy = _mm256_loadu_ps(n->s[C2D_ST_UY]);
    __m256 ok = _mm256_and_ps(_mm256_and_ps(_mm256_cmp_ps(nlx, _mm256_set1_ps(ux), _CMP_LE_OQ), _mm256_cmp_ps(_mm256_set1_ps(lx), nux, _CMP_LE_OQ)),
                              _mm256_and_ps(_mm256_cmp_ps(nly, _mm256_set1_ps(uy), _CMP_LE_OQ), _mm256_cmp_ps(_mm256_set1_ps(ly), nuy, _CMP_LE_OQ)));
    return (unsigned)_mm256_movemask_ps(_mm256_and_ps(ok, _mm256_cmp_ps(nlx, nux, _CMP_LE_OQ)));
}

static unsigned st_touch(const c2d_static_tree *t, const c2d_static_node *n, c2d_real lx, c2d_real ly, c2d_real ux, c2d_real uy) {
    return t->avx2 ? st_touch_avx2(n, lx, ly, ux, uy) : st_touch_sse(n, lx, ly, ux, uy);
}
#else
static unsigned st_touch(const c2d_static_tree *t, const c2d_static_node *n, c2d_real lx, c2d_real ly, c2d_real ux, c2d_real uy) {
    unsigned m = 0;
    int k;
    (void)t;
    for (k = 0; k < C2D_ST_W; ++k)
        m |= (unsigned)(n->s[C2D_ST_LX][k] <= ux && lx <= n->s[C2D_ST_UX][k] && n->s[C2D_ST_LY][k] <= uy && ly <= n->s[C2D_ST_UY][k] &&
                        n->s[C2D_ST_LX][k] <= n->s[C2D_ST_UX][k])
             << k;
    return m;
}
#endif

/* The lane pairs (k, h) of nodes a and b whose boxes touch (closed rule, lanes not inverted),
 * for each lane k of a in *out[k] as bits of h; with self (a is b), only h >= k. */
static void st_touch_pairs(const c2d_static_tree *t, const c2d_static_node *a, const c2d_static_node *b, bool self, unsigned out[C2D_ST_W]) {
    int k;
    for (k = 0; k < C2D_ST_W; ++k) {
        unsigned m = 0;
        if (a->s[C2D_ST_LX][k] <= a->s[C2D_ST_UX][k]) {
            m = st_touch(t, b, a->s[C2D_ST_LX][k], a->s[C2D_ST_LY][k], a->s[C2D_ST_UX][k], a->s[C2D_ST_UY][k]);
            if (self) m &= ~((1u << k) - 1u);
        }
        out[k] = m;
    }
}

/* The child pairs of the node pair (a, b) of level l >= 2 whose boxes touch, in order of a's lane
 * then b's (absolute node indices of level l - 1), into ca, cb; returns how many (at most 64). */
static int st_child_pairs(const c2d_static_tree *t, int32_t a, int32_t b, int l, int32_t *ca, int32_t *cb) {
    unsigned m[C2D_ST_W];
    int32_t fa = t->level_base[l - 1] + (a - t->level_base[l]) * C2D_ST_W, fb = t->level_base[l - 1] + (b - t->level_base[l]) * C2D_ST_W;
    int k, c = 0;
    st_touch_pairs(t, &t->nodes[a], &t->nodes[b], a == b, m);
    for (k = 0; k < C2D_ST_W; ++k) {
        unsigned h;
        for (h = m[k]; h != 0; h &= h - 1) {
            ca[c] = fa + k;
            cb[c] = fb + (int32_t)st_lowest_bit(h);
            ++c;
        }
    }
    return c;
}

/* Every pair once, by joining the tree with itself: from a pair of nodes (a, b) of one level,
 * a <= b, the pairs of their children whose boxes touch (for a node with itself, child k with
 * children h >= k, itself included), depth first in order of a's lane then b's, down to pairs of
 * leaves, whose boxes are joined (st_join; only leaf i's lanes that touch leaf j's bounds).
 * Children of a lower node come before those of a higher one, so every pair of leaves i <= j is
 * reached once, by one chain of ancestors, and the list has no duplicate. st_join_from runs this
 * from one node pair of level l into a sink; false when the sink could not take it all (out of
 * memory, or a part's list full). */
#define C2D_ST_JOIN_STACK (C2D_ST_W * C2D_ST_W * C2D_ST_MAX_LEVELS)
static bool st_join_from(const c2d_static_tree *t, int32_t a0, int32_t b0, int l0, st_sink *sink) {
    int32_t sa[C2D_ST_JOIN_STACK], sb[C2D_ST_JOIN_STACK];
    unsigned char sl[C2D_ST_JOIN_STACK];
    /* the list is written through out, up to end, and committed only when more room is asked for
     * and at the end, so that parts do not write their lists' shared fields at every join */
    c2d_index_pair *end = NULL, *out = st_pair_room(sink, &end);
    int sp = 1;
    if (out == NULL) return false;
    sa[0] = a0;
    sb[0] = b0;
    sl[0] = (unsigned char)l0;
    while (sp > 0) {
        int32_t a, b, ca[C2D_ST_W * C2D_ST_W], cb[C2D_ST_W * C2D_ST_W];
        int l, k, c;
        --sp;
        a = sa[sp];
        b = sb[sp];
        l = sl[sp];
        if (l == 1) {
            /* leaf i's lanes that touch leaf j's bounds (lane q of node b): the only ones that can
             * pair with it */
            unsigned m[C2D_ST_W];
            const c2d_static_node *nb = &t->nodes[b];
            int32_t fa = (a - t->level_base[1]) * C2D_ST_W, fb = (b - t->level_base[1]) * C2D_ST_W;
            st_touch_pairs(t, &t->nodes[a], nb, a == b, m);
            for (k = 0; k < C2D_ST_W; ++k) {
                unsigned h;
                for (h = m[k]; h != 0; h &= h - 1) {
                    unsigned q = st_lowest_bit(h);
                    int32_t i = fa + k, j = fb + (int32_t)q;
                    if (end - out < C2D_ST_ROOM) {
                        st_pair_commit(sink, out);
                        out = st_pair_room(sink, &end);
                        if (out == NULL) return false;
                    }
                    out = st_join(t, i, j,
                                  i == j ? (1u << C2D_ST_W) - 1u
                                         : st_touch(t, &t->nodes[i], nb->s[C2D_ST_LX][q], nb->s[C2D_ST_LY][q], nb->s[C2D_ST_UX][q], nb->s[C2D_ST_UY][q]),
                                  out);
                }
            }
            continue;
        }
        c = st_child_pairs(t, a, b, l, ca, cb);
        C2D_ASSERT(sp + c <= C2D_ST_JOIN_STACK);
        /* pushed in reverse, so that they are taken in order */
        for (k = c - 1; k >= 0; --k) {
            sa[sp] = ca[k];
            sb[sp] = cb[k];
            sl[sp] = (unsigned char)(l - 1);
            ++sp;
        }
    }
    st_pair_commit(sink, out);
    return true;
}

/* A threaded join: node pairs of one level (the frontier, in the serial order) split into equal
 * ranges, one part's list each. */
typedef struct st_join_job {
    const c2d_static_tree *t;
    const int32_t *fa, *fb;
    const int32_t *start; /* part j takes the frontier pairs [start[j], start[j + 1]) */
    const int32_t *redo;  /* NULL: item j is part j; else item j is part redo[j] */
    int level, parts;
    c2d_bp_chunk *chunks;
} st_join_job;

static void st_join_part(const st_join_job *job, int32_t part, c2d_index *index, c2d_bp_chunk *chunk) {
    st_sink sink;
    int32_t f, from = job->start[part], to = job->start[part + 1];
    sink.index = index;
    sink.chunk = chunk;
    chunk->count = 0;
    chunk->full = false;
    for (f = from; f < to; ++f)
        if (!st_join_from(job->t, job->fa[f], job->fb[f], job->level, &sink)) return;
}

static void st_join_task(int32_t start, int32_t end, int32_t worker, void *context) {
    const st_join_job *job = (const st_join_job *)context;
    int32_t j;
    (void)worker;
    for (j = start; j < end; ++j) st_join_part(job, job->redo != NULL ? job->redo[j] : j, NULL, &job->chunks[job->redo != NULL ? job->redo[j] : j]);
}

/* Node pairs of one level at most in the frontier a threaded join splits: 8 a part for the 64
 * parts at most (4 kB of stack each way). */
#define C2D_ST_FRONTIER 512

/* Makes room for want pairs in a part's list (on the calling thread). False when out of memory. */
static bool st_chunk_reserve(const c2d_allocator *a, c2d_bp_chunk *ch, int64_t want) {
    void *items = NULL;
    int32_t cap = 0;
    if (want > INT32_MAX / 2) want = INT32_MAX / 2;
    if (ch->items != NULL && ch->capacity >= want) return true;
    if (!c2d_bp_reserve(a, &items, &cap, (int32_t)want, sizeof *ch->items)) return false;
    c2d_bp_free(a, ch->items, (size_t)ch->capacity * sizeof *ch->items);
    ch->items = (c2d_index_pair *)items;
    ch->capacity = cap;
    return true;
}

/* The join split over the task system (tasks.worker_count parts): the node pairs are expanded
 * level by level from the root on this thread, in the serial order, until there are at least 8 a
 * part (or the leaves' parents are reached, or the next level would not fit the frontier: the last
 * one that did is kept); they are cut into parts of about equal work, each part writing its own
 * list (sized here, since tasks never allocate); the parts whose list filled up run again, all
 * together, with lists four times as long; the lists are concatenated in part order, which is the
 * serial join's order, whatever the number of workers. False when out of memory; *done false
 * when the tree is too small to split (the caller joins serially). */
static bool st_join_threaded(c2d_index *index, c2d_static_tree *t, bool *done) {
    c2d_bp_pairs *p = &index->pairs;
    const c2d_allocator *a = &index->allocator;
    int32_t fa[2][C2D_ST_FRONTIER], fb[2][C2D_ST_FRONTIER], start[C2D_BP_MAX_CHUNKS + 1], redo[C2D_BP_MAX_CHUNKS], n = 1, i, total = 0;
    int64_t weight = 0, sum = 0, expect;
    int parts = index->tasks.worker_count, level = t->levels - 1, cur = 0, j;
    st_join_job job;
    *done = false;
    if (parts > C2D_BP_MAX_CHUNKS) parts = C2D_BP_MAX_CHUNKS;
    fa[0][0] = fb[0][0] = t->node_count - 1;
    while (n < 8 * parts && level > 1) {
        int32_t m = 0, ca[C2D_ST_W * C2D_ST_W], cb[C2D_ST_W * C2D_ST_W];
        bool fits = true;
        for (i = 0; i < n && fits; ++i) {
            int c = st_child_pairs(t, fa[cur][i], fb[cur][i], level, ca, cb), k;
            if (m + c > C2D_ST_FRONTIER) fits = false;
            for (k = 0; k < c && fits; ++k) {
                fa[1 - cur][m] = ca[k];
                fb[1 - cur][m] = cb[k];
                ++m;
            }
        }
        if (!fits) break; /* keep this level's frontier */
        cur = 1 - cur;
        n = m;
        --level;
    }
    if (n < 2) return true;
    if (parts > n) parts = n;
    /* Parts of about equal work: a frontier pair weighs its touching child pairs (a node with
     * itself holds far more pairs than two neighbours); part j starts at the first pair where the
     * running weight reaches j / parts of the whole. The second frontier buffer holds the weights. */
    for (i = 0; i < n; ++i) {
        int32_t ca[C2D_ST_W * C2D_ST_W], cb[C2D_ST_W * C2D_ST_W];
        fa[1 - cur][i] = level > 1 ? st_child_pairs(t, fa[cur][i], fb[cur][i], level, ca, cb) + 1 : 1;
        weight += fa[1 - cur][i];
    }
    start[0] = 0;
    for (i = 0, j = 1; i < n && j < parts; ++i) {
        sum += fa[1 - cur][i];
        while (j < parts && sum * parts >= weight * j) start[j++] = i + 1;
    }
    for (; j <= parts; ++j) start[j] = n;
    if (p->chunks == NULL) {
        p->chunks = (c2d_bp_chunk *)c2d_bp_alloc(a, C2D_BP_MAX_CHUNKS * sizeof *p->chunks);
        if (p->chunks == NULL) return false;
        memset(p->chunks, 0, C2D_BP_MAX_CHUNKS * sizeof *p->chunks);
    }
    /* twice an even share of the pairs expected (the last join's, or a pair a box, whichever is
     * more), and room for a few joins */
    expect = t->join_pairs > t->count ? t->join_pairs : t->count;
    for (j = 0; j < parts; ++j)
        if (!st_chunk_reserve(a, &p->chunks[j], 2 * expect / parts + 4 * C2D_ST_ROOM)) return false;
    job.t = t;
    job.fa = fa[cur];
    job.fb = fb[cur];
    job.start = start;
    job.level = level;
    job.parts = parts;
    job.chunks = p->chunks;
    job.redo = NULL;
    c2d_bp_run_tasks(index, st_join_task, parts, &job);
    for (;;) {
        int32_t r = 0;
        for (j = 0; j < parts; ++j) {
            c2d_bp_chunk *ch = &p->chunks[j];
            if (!ch->full) continue;
            if (!st_chunk_reserve(a, ch, 4 * (int64_t)ch->capacity)) return false;
            redo[r++] = j;
        }
        if (r == 0) break;
        job.redo = redo;
        c2d_bp_run_tasks(index, st_join_task, r, &job); /* the parts listed in job.redo */
    }
    for (j = 0; j < parts; ++j) {
        if (p->chunks[j].count > INT32_MAX - total) return false;
        total += p->chunks[j].count;
    }
    {
        void *items = p->items;
        p->count = 0;
        if (!c2d_bp_reserve(a, &items, &p->capacity, total, sizeof *p->items)) return false;
        p->items = (c2d_index_pair *)items;
    }
    for (j = 0; j < parts; ++j) {
        const c2d_bp_chunk *ch = &p->chunks[j];
        if (ch->count > 0) memcpy(p->items + p->count, ch->items, (size_t)ch->count * sizeof *ch->items);
        p->count += ch->count;
    }
    *done = true;
    return true;
}

/* Boxes from which the join is split over the task system. */
#define C2D_ST_JOIN_THREAD_MIN 4096

/* Every pair once (st_join_from from the root), split over the task system when it has workers
 * and the tree is large enough. False when out of memory. */
static bool st_join_all(c2d_index *index, c2d_static_tree *t) {
    st_sink sink;
    if (t->count == 0) return true;
    if (t->levels == 1) {
        c2d_index_pair *out, *end;
        sink.index = index;
        sink.chunk = NULL;
        out = st_pair_room(&sink, &end);
        (void)end;
        if (out == NULL) return false;
        st_pair_commit(&sink, st_join(t, 0, 0, (1u << C2D_ST_W) - 1u, out));
        return true;
    }
    if (index->tasks.worker_count > 1 && t->count >= C2D_ST_JOIN_THREAD_MIN) {
        bool done;
        /* out of memory for the parts' lists: the serial join needs less */
        if (st_join_threaded(index, t, &done) && done) return true;
        index->pairs.count = 0;
        index->pairs.failed = false;
    }
    sink.index = index;
    sink.chunk = NULL;
    return st_join_from(t, t->node_count - 1, t->node_count - 1, t->levels - 1, &sink);
}

/* One-shot pairs. The first call after a build joins the tree with itself (st_join_all): it
 * needs no sort and no memory beyond the pair list (split over threads: and the parts' lists,
 * about twice as long together), so it is the cheaper one-shot (100k uniform boxes, pairs in sweep
 * order on one thread: 3.3 against 3.8 ms for the strip sweep, and 37 against 118 bytes a box held,
 * bench_broadphase --mode build). A second call on the same build prepares the shared
 * strip sweep (broadphase_pairs.c) and keeps it: every later call runs it again as it is (the
 * tree changes only in a build or clear), at about half the join's cost. */
static c2d_status st_find_pairs(c2d_index *index) {
    c2d_static_tree *t = st_cast(index);
    int32_t i;
    c2d_bp_srec *r;
    if (!t->joined) {
        index->pairs.count = 0;
        if (!st_join_all(index, t)) {
            index->pairs.count = 0;
            return C2D_ERR_OUT_OF_MEMORY;
        }
        t->joined = true;
        t->join_pairs = index->pairs.count;
        index->pairs.swept = index->pairs.count; /* unique, a < b */
        return c2d_bp_pairs_finish(index);
    }
    if (t->swept && c2d_bp_sweep_ready(index, t->count, 0u)) {
        if (!c2d_bp_sweep_run(index)) return C2D_ERR_OUT_OF_MEMORY;
        return c2d_bp_pairs_finish(index);
    }
    r = c2d_bp_sweep_reserve(index, t->count);
    if (r == NULL) return C2D_ERR_OUT_OF_MEMORY;
    /* The leaves in sorted order (the sweep sorts the records). */
    for (i = 0; i < t->count; ++i) c2d_bp_srec_set(&r[i], st_box_at(t, (uint32_t)i), (int32_t)t->ids[i], false);
    if (!c2d_bp_sweep_pairs(index, t->count, 0u)) return C2D_ERR_OUT_OF_MEMORY;
    t->swept = true;
    return c2d_bp_pairs_finish(index);
}

/* Nothing ever moves: every box counts as inserted until the first update_pairs. */
static c2d_status st_update_pairs(c2d_index *index) {
    c2d_static_tree *t = st_cast(index);
    c2d_status s;
    if (t->reported) return c2d_bp_pairs_finish(index);
    s = st_find_pairs(index);
    if (s == C2D_OK) t->reported = true;
    return s;
}

static c2d_status st_rebuild(c2d_index *index) {
    (void)index;
    return C2D_OK;
}

/* Checks the layout: ids and ref inverse permutations, each level's nodes after the level below,
 * every inner lane the exact bounds of its child node, lanes past each level's end empty, and the
 * start table ascending within [0, count]. */
static bool st_validate(const c2d_index *index) {
    const c2d_static_tree *t = st_ccast(index);
    int32_t i, m = t->count, total;
    int l, levels;
    if (t->count == 0) return t->node_count == 0;
    total = st_node_total(t->count, &levels);
    if (levels != t->levels || total != t->node_count || t->level_base[0] != 0) return false;
    for (i = 0; i < t->count; ++i)
        if (t->ids[i] >= (uint32_t)t->count || t->ref[t->ids[i]] != (uint32_t)i) return false;
    for (l = 0; l < t->levels; ++l) {
        int32_t nodes = st_nodes_over(m), j;
        int32_t next = l + 1 < t->levels ? t->level_base[l + 1] : t->node_count;
        if (next - t->level_base[l] != nodes) return false;
        for (j = m; j < nodes * C2D_ST_W; ++j) {
            c2d_aabb b = st_lane_box(&t->nodes[t->level_base[l] + j / C2D_ST_W], j % C2D_ST_W);
            if (!(b.lower.x == (c2d_real)INFINITY && b.lower.y == (c2d_real)INFINITY && b.upper.x == -(c2d_real)INFINITY &&
                  b.upper.y == -(c2d_real)INFINITY))
                return false;
        }
        if (l > 0)
            for (j = 0; j < m; ++j) {
                c2d_aabb lane = st_lane_box(&t->nodes[t->level_base[l] + j / C2D_ST_W], j % C2D_ST_W);
                c2d_aabb child = st_node_bounds(&t->nodes[t->level_base[l - 1] + j]);
                if (memcmp(&lane, &child, sizeof lane) != 0) return false;
            }
        m = nodes;
    }
    if (t->start != NULL) {
        int32_t q, quads = (int32_t)1 << (2 * t->start_depth);
        if (t->start[quads] != t->count) return false;
        for (q = 0; q < quads; ++q)
            if (t->start[q] < 0 || t->start[q] > t->start[q + 1]) return false;
    }
    return true;
}

static c2d_status st_build(c2d_index *index, const c2d_aabb *boxes, const uint64_t *user_data, int32_t count);

static const c2d_index_class c2d_static_tree_class = {
    .name = "static_tree",
    .destroy = st_destroy,
    .count = st_count,
    .insert = st_insert,
    .remove = st_remove,
    .move = st_move,
    .get = st_get,
    .query_aabb = st_query_aabb,
    .raycast = st_raycast,
    .find_pairs = st_find_pairs,
    .update_pairs = st_update_pairs,
    .rebuild = st_rebuild,
    .validate = st_validate,
    .clear = st_clear,
    .build = st_build,
};

/* Frees an array of *capacity items of size bytes, if any. */
static void st_drop(const c2d_allocator *a, void **items, int32_t *capacity, size_t size) {
    if (*items != NULL) c2d_bp_free(a, *items, (size_t)*capacity * size);
    *items = NULL;
    *capacity = 0;
}

/* An array of items of size bytes: the old one (*old, taken) when it holds at least least items,
 * else a new one of want items (the old one freed). Its capacity in *capacity (0: NULL, out of
 * memory). */
static void *st_take(const c2d_allocator *a, void **old, int32_t *old_capacity, int32_t least, int32_t want, size_t size,
                     int32_t *capacity) {
    void *p = NULL;
    if (*old != NULL && *old_capacity >= least) {
        p = *old;
        *capacity = *old_capacity;
        *old = NULL;
        *old_capacity = 0;
        return p;
    }
    st_drop(a, old, old_capacity, size);
    p = c2d_bp_alloc(a, (size_t)want * size);
    *capacity = p != NULL ? want : 0;
    return p;
}

/* Boxes from which a bulk build is split over the task system, and boxes a part at least. */
#define C2D_ST_BUILD_THREAD_MIN 16384
#define C2D_ST_BUILD_PART 8192

/* The passes of a bulk build split over the task system (st_build_threaded). */
enum { ST_BUILD_BOUNDS, ST_BUILD_KEYS, ST_BUILD_COUNT, ST_BUILD_SCATTER, ST_BUILD_IDS, ST_BUILD_LEAVES };

/* A bulk build in parts: in every pass part j takes the range [j n / parts, (j + 1) n / parts) of
 * the boxes, or of the sorted positions (the leaves' pass: whole groups of 64, so that no two
 * parts write one node of the leaves or of the level above), and writes only that range and its
 * own slots: the tree is the one the serial build makes, whatever the number of parts. */
typedef struct st_build_job {
    c2d_static_tree *t;
    const c2d_aabb *boxes;
    const uint64_t *user_data;
    c2d_radix32 *src, *dst; /* the sort's pass: from src into dst */
    c2d_real lo[C2D_BP_MAX_CHUNKS][2], hi[C2D_BP_MAX_CHUNKS][2], ext[C2D_BP_MAX_CHUNKS][2];
    int32_t n, parts;
    int pass, shift;
} st_build_job;

static void st_build_task(int32_t start, int32_t end, int32_t worker, void *context) {
    st_build_job *job = (st_build_job *)context;
    c2d_static_tree *t = job->t;
    int32_t j, i;
    (void)worker;
    for (j = start; j < end; ++j) {
        int32_t i0 = (int32_t)((int64_t)job->n * j / job->parts), i1 = (int32_t)((int64_t)job->n * (j + 1) / job->parts);
        uint32_t *counts = t->part_counts + (size_t)j * C2D_RADIX_SIZE;
        switch (job->pass) {
        case ST_BUILD_BOUNDS:
            st_center_bounds(job->boxes, i0, i1, job->lo[j], job->hi[j], job->ext[j]);
            if (job->user_data != NULL) memcpy(t->user + i0, job->user_data + i0, (size_t)(i1 - i0) * sizeof *t->user);
            break;
        case ST_BUILD_KEYS:
            st_curve_keys(t, job->boxes, job->src, i0, i1);
            break;
        case ST_BUILD_COUNT:
            c2d_radix32_count(job->src, i0, i1, job->shift, counts);
            break;
        case ST_BUILD_SCATTER:
            c2d_radix32_scatter(job->src, job->dst, i0, i1, job->shift, counts);
            break;
        case ST_BUILD_IDS:
            for (i = i0; i < i1; ++i) t->ids[i] = job->src[i].value;
            break;
        default: { /* ST_BUILD_LEAVES, and the lanes of the level above them */
            int32_t groups = (job->n + 63) / 64;
            i0 = (int32_t)((int64_t)groups * j / job->parts) * 64;
            i1 = (int32_t)((int64_t)groups * (j + 1) / job->parts) * 64;
            if (i1 > job->n) i1 = job->n;
            if (i0 < i1) st_make_leaves(t, job->boxes, i0, i1);
        }
        }
    }
}

/* st_fill's sort, sorted ids, start table and leaves (with the lanes of the level above them)
 * split over the task system in tasks.worker_count parts: the centers' bounds and the keys by
 * ranges of boxes, the radix sort's passes (each part counts its range's digits, then scatters
 * its range from its own first position per digit, which keeps the sort stable), the ids, then
 * the leaves; the start table is made on this thread. False (nothing done) when the counters
 * cannot be had: the serial build then runs. */
static bool st_build_threaded(c2d_static_tree *t, const c2d_aabb *boxes, const uint64_t *user_data, c2d_radix32 *keys) {
    c2d_index *index = &t->base;
    st_build_job job;
    void *counts = t->part_counts;
    int32_t parts = index->tasks.worker_count, j, n = t->count;
    uint32_t d;
    int k;
    c2d_real lo[2], hi[2], ext[2];
    /* At least C2D_ST_BUILD_PART boxes a part: each radix pass adds parts x 2048 counters to sum on
     * this thread, and the tree keeps them (8 kB a part) */
    if (parts > n / C2D_ST_BUILD_PART) parts = n / C2D_ST_BUILD_PART;
    if (parts > C2D_BP_MAX_CHUNKS) parts = C2D_BP_MAX_CHUNKS;
    if (parts < 2) return false;
    if (!c2d_bp_reserve(&index->allocator, &counts, &t->part_count_capacity, parts * (int32_t)C2D_RADIX_SIZE, sizeof *t->part_counts))
        return false;
    t->part_counts = (uint32_t *)counts;
    job.t = t;
    job.boxes = boxes;
    job.user_data = user_data;
    job.n = n;
    job.parts = parts;
    job.src = keys;
    job.dst = keys + n;
    job.pass = ST_BUILD_BOUNDS;
    c2d_bp_run_tasks(index, st_build_task, parts, &job);
    lo[0] = job.lo[0][0];
    lo[1] = job.lo[0][1];
    hi[0] = job.hi[0][0];
    hi[1] = job.hi[0][1];
    ext[0] = ext[1] = 0;
    for (j = 0; j < parts; ++j)
        for (k = 0; k < 2; ++k) {
            lo[k] = job.lo[j][k] < lo[k] ? job.lo[j][k] : lo[k];
            hi[k] = job.hi[j][k] > hi[k] ? job.hi[j][k] : hi[k];
            ext[k] = job.ext[j][k] > ext[k] ? job.ext[j][k] : ext[k];
        }
    st_set_grid(t, lo, hi, ext);
    job.pass = ST_BUILD_KEYS;
    c2d_bp_run_tasks(index, st_build_task, parts, &job);
    for (job.shift = 0; job.shift < 32 - t->key_shift; job.shift += C2D_RADIX_BITS) {
        uint32_t at = 0, first = 0, d0;
        c2d_radix32 *swap;
        job.pass = ST_BUILD_COUNT;
        c2d_bp_run_tasks(index, st_build_task, parts, &job);
        /* A digit that every key shares needs no pass (as in c2d_radix_sort32). */
        d0 = (job.src[0].key >> job.shift) & (C2D_RADIX_SIZE - 1u);
        for (j = 0; j < parts; ++j) first += t->part_counts[(size_t)j * C2D_RADIX_SIZE + d0];
        if (first == (uint32_t)n) continue;
        /* Part j's first position per digit: the digit's start, then the parts before j. */
        for (d = 0; d < C2D_RADIX_SIZE; ++d)
            for (j = 0; j < parts; ++j) {
                uint32_t *c = &t->part_counts[(size_t)j * C2D_RADIX_SIZE + d], m = *c;
                *c = at;
                at += m;
            }
        job.pass = ST_BUILD_SCATTER;
        c2d_bp_run_tasks(index, st_build_task, parts, &job);
        swap = job.src;
        job.src = job.dst;
        job.dst = swap;
    }
    if (t->start != NULL) st_make_start(t, job.src);
    job.pass = ST_BUILD_IDS;
    c2d_bp_run_tasks(index, st_build_task, parts, &job);
    job.pass = ST_BUILD_LEAVES;
    c2d_bp_run_tasks(index, st_build_task, parts, &job);
    return true;
}

/* Builds the tree of count checked boxes, into the old arrays where they are large enough (out of
 * memory leaves the tree empty). */
static c2d_status st_fill(c2d_static_tree *t, const c2d_aabb *boxes, const uint64_t *user_data, int32_t count) {
    const c2d_allocator *a = &t->base.allocator;
    size_t n = (size_t)count;
    /* A rebuild keeps the arrays that are large enough (and with them their pages: fresh pages
     * cost a fault each); the rest is freed. The node block has 64 bytes more than its nodes, for
     * the alignment. */
    void *old_block = t->node_block, *old_ids = t->ids, *old_ref = t->ref, *old_user = t->user;
    int32_t *old_start = t->start;
    int old_depth = t->start_depth;
    int32_t old_node_capacity = t->node_capacity, old_ids_capacity = t->ids_capacity, old_ref_capacity = t->ref_capacity,
            old_user_capacity = t->user_capacity, total;
    int levels;
    bool threaded;
    t->node_block = NULL;
    t->ids = t->ref = NULL;
    t->user = NULL;
    t->start = NULL;
    st_release(&t->base);
    t->start = old_start; /* freed with the tree on failure, replaced below when of another depth */
    t->start_depth = old_depth;
    if (count > INT32_MAX / 2 || count == 0) {
        if (old_block != NULL) c2d_bp_free(a, old_block, (size_t)old_node_capacity * sizeof *t->nodes + 64);
        st_drop(a, &old_ids, &old_ids_capacity, sizeof *t->ids);
        st_drop(a, &old_ref, &old_ref_capacity, sizeof *t->ref);
        st_drop(a, &old_user, &old_user_capacity, sizeof *t->user);
        st_release(&t->base);
        return count == 0 ? C2D_OK : C2D_ERR_OUT_OF_MEMORY;
    }
    total = st_node_total(count, &levels);
    if (old_block != NULL && old_node_capacity >= total) {
        t->node_block = old_block;
        t->node_capacity = old_node_capacity;
    } else {
        if (old_block != NULL) c2d_bp_free(a, old_block, (size_t)old_node_capacity * sizeof *t->nodes + 64);
        t->node_block = c2d_bp_alloc(a, (size_t)total * sizeof *t->nodes + 64);
        t->node_capacity = t->node_block != NULL ? total : 0;
    }
    /* ids padded to whole leaves: the AVX2 join loads a leaf's 8 ids at once */
    t->ids = (uint32_t *)st_take(a, &old_ids, &old_ids_capacity, st_nodes_over(count) * C2D_ST_W, st_nodes_over(count) * C2D_ST_W,
                                 sizeof *t->ids, &t->ids_capacity);
    t->ref = (uint32_t *)st_take(a, &old_ref, &old_ref_capacity, count, count, sizeof *t->ref, &t->ref_capacity);
    /* The user table is kept by a build without user data, for the next one with. */
    if (user_data != NULL) t->user = (uint64_t *)st_take(a, &old_user, &old_user_capacity, count, count, sizeof *t->user, &t->user_capacity);
    else {
        t->user = (uint64_t *)old_user;
        t->user_capacity = old_user_capacity;
    }
    if (t->node_block == NULL || t->ids == NULL || t->ref == NULL || (user_data != NULL && t->user == NULL)) {
        st_release(&t->base);
        return C2D_ERR_OUT_OF_MEMORY;
    }
    t->nodes = (c2d_static_node *)(void *)((char *)t->node_block + (64 - (uintptr_t)t->node_block % 64) % 64);
    t->has_user = user_data != NULL;
    t->count = count;
    threaded = t->base.tasks.worker_count > 1 && count >= C2D_ST_BUILD_THREAD_MIN;
    {
        /* The sort's two buffers (16 bytes a box) lie in the node block (at least an eighth of a
         * node, 16 bytes in the float build, a box), which the leaves overwrite only once the
         * sorted ids and the start table are taken from them: no scratch memory. */
        c2d_radix32 *keys = (c2d_radix32 *)(void *)t->nodes;
        const c2d_radix32 *codes;
        int depth = 0;
        int32_t i;
        C2D_ASSERT((size_t)total * sizeof *t->nodes >= 2 * n * sizeof *keys);
        t->key_shift = count <= ((int32_t)1 << 21) ? 10 : 0;
        /* The start table's quadrants hold about 4 to 16 boxes (depth at most 9: 2^18 entries);
         * it is kept from the last build when of the same depth. Without room for it casts
         * start at the root alone. */
        while (depth < 9 && ((int64_t)4 << (2 * depth + 2)) <= (int64_t)count) ++depth;
        if (t->start != NULL && depth != t->start_depth) {
            c2d_bp_free(a, t->start, (size_t)st_start_entries(t->start_depth) * sizeof *t->start);
            t->start = NULL;
        }
        if (t->start == NULL && depth > 0) t->start = (int32_t *)c2d_bp_alloc(a, (size_t)st_start_entries(depth) * sizeof *t->start);
        t->start_depth = t->start != NULL ? depth : 0;
        if (threaded && !st_build_threaded(t, boxes, user_data, keys)) threaded = false;
        if (!threaded) { /* (the threaded build copies the user data in its first pass) */
            if (t->has_user) memcpy(t->user, user_data, n * sizeof *t->user);
            codes = st_curve_order(t, boxes, keys);
            if (t->start != NULL) st_make_start(t, codes);
            for (i = 0; i < count; ++i) t->ids[i] = codes[i].value;
            st_make_leaves(t, boxes, 0, count);
        }
        for (i = count; i % C2D_ST_W != 0; ++i) t->ids[i] = 0; /* the padding (no lane of it ever pairs) */
    }
    st_make_levels(t);
    t->bounds = st_node_bounds(&t->nodes[t->node_count - 1]);
    {
        /* A start quadrant's side along axis k is 2^(16 - depth) cells of 1 / (2 scale). */
        int k;
        t->step_length = (c2d_real)INFINITY;
        for (k = 0; k < 2; ++k)
            if (t->grid_scale[k] > 0) {
                c2d_real side = (c2d_real)((int32_t)1 << (16 - t->start_depth)) / (4 * t->grid_scale[k]);
                if (side < t->step_length) t->step_length = side;
            }
    }
    return C2D_OK;
}

/* The static tree's bulk build is its create path (boxes checked by c2d_index_build). */
static c2d_status st_build(c2d_index *index, const c2d_aabb *boxes, const uint64_t *user_data, int32_t count) {
    return st_fill(st_cast(index), boxes, user_data, count);
}

/* True when every box passes the create checks (corners within C2D_MAX_COORD, which is false for
 * NaN and infinities, and lower <= upper): one pass without branches, so that only bad input pays
 * for the loop that finds the first bad box and its status. */
static bool st_boxes_ok(const c2d_aabb *boxes, int32_t count) {
    const c2d_real lim = (c2d_real)C2D_MAX_COORD;
    int32_t i;
    int ok = 1;
    for (i = 0; i < count; ++i) {
        c2d_aabb b = boxes[i];
        ok &= (C2D_ABS(b.lower.x) <= lim) & (C2D_ABS(b.lower.y) <= lim) & (C2D_ABS(b.upper.x) <= lim) & (C2D_ABS(b.upper.y) <= lim) &
              (b.lower.x <= b.upper.x) & (b.lower.y <= b.upper.y);
    }
    return ok != 0;
}

c2d_status c2d_static_tree_create(const c2d_index_config *config, const c2d_aabb *boxes, const uint64_t *user_data,
                                  int32_t count, c2d_index **out) {
    c2d_allocator a;
    c2d_static_tree *t;
    c2d_status s;
    int32_t i;
    if (out == NULL) return C2D_ERR_NULL_ARG;
    *out = NULL;
    if (!c2d_bp_allocator_init(&a, config)) return C2D_ERR_NULL_ARG;
    if (c2d_bp_config_status(config) != C2D_OK) return c2d_bp_config_status(config);
    if (count < 0) return C2D_ERR_BAD_SIZE;
    if (count > 0 && boxes == NULL) return C2D_ERR_NULL_ARG;
    if (count > INT32_MAX / 2) return C2D_ERR_OUT_OF_MEMORY;
    if (!st_boxes_ok(boxes, count))
        for (i = 0; i < count; ++i) {
            s = c2d_check_vec2(boxes[i].lower);
            if (s == C2D_OK) s = c2d_check_vec2(boxes[i].upper);
            if (s != C2D_OK) return s;
            if (!(boxes[i].lower.x <= boxes[i].upper.x && boxes[i].lower.y <= boxes[i].upper.y)) return C2D_ERR_BAD_SIZE;
        }
    t = (c2d_static_tree *)c2d_bp_alloc(&a, sizeof *t);
    if (t == NULL) return C2D_ERR_OUT_OF_MEMORY;
    memset(t, 0, sizeof *t);
    c2d_bp_base_init(&t->base, &c2d_static_tree_class, &a, config);
#if C2D_ST_SSE
    t->avx2 = __builtin_cpu_supports("avx2") != 0;
#endif
    s = st_fill(t, boxes, user_data, count);
    if (s != C2D_OK) {
        st_destroy(&t->base);
        return s;
    }
    *out = &t->base;
    return C2D_OK;
}
