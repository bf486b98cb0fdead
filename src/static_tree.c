/* Static tree: a bounding volume hierarchy built once over a fixed set of boxes (level geometry).
 *
 * Built from a sort, as packed R-trees and linear BVHs are (Kamel and Faloutsos, "On packing
 * R-trees", 1993; Lauterbach et al., "Fast BVH construction on GPUs", 2009): the box centers are
 * quantised to a 2^16 x 2^16 grid over their bounds and radix sorted (radix.c) by Morton code, so
 * that the boxes of every quadrant of that grid, at every depth, form one run of the sorted order.
 * The tree is then that quadtree, read off the sorted codes by binary search: a node per run of
 * more than four boxes, a lane per non-empty sub-quadrant, no node where a single sub-quadrant
 * holds the whole run, and small sub-quadrants opened into the free lanes (as when a binary tree
 * is collapsed into a wide one), so nodes follow the quadrants and overlap little. Runs of equal
 * codes are cut into four near-equal parts. The build is a sort and a walk over the sorted codes.
 *
 * Nodes are 4 wide (as in Wald et al., "Getting rid of packets", 2008, and Embree's BVH4): a node
 * holds its four children's boxes side by side, so a walk tests four boxes per node in one
 * branch-free pass, and lanes that hold a single box hold the user's box itself and its id (no
 * leaf nodes, no second copy of the boxes), so that a report needs no other memory than the node
 * (and the user data, when the caller gave any). Nodes are in depth-first order, so a walk meets
 * the boxes in sorted ("leaf") order.
 *
 * Every node holds all the boxes whose centers lie in its quadrant, so a table over the quadrants
 * of the top levels (down to about 16 boxes a quadrant) names, for each, the deepest node holding
 * it; ray casts and box queries start there (from the quadrant that holds every center a
 * touching box can have) instead of descending the top of the tree. */
#include <string.h>
#include "broadphase_internal.h"

/* SSE for the four-lane ray test in the float build on x86 with GCC or Clang (C2D_NO_SIMD: the
 * portable loop, which gives the same answers). */
#if !defined(C2D_DOUBLE) && defined(__SSE2__) && (defined(__GNUC__) || defined(__clang__)) && !defined(C2D_NO_SIMD)
#  define C2D_ST_SSE 1
#  include <emmintrin.h>
#else
#  define C2D_ST_SSE 0
#endif

/* Depth of the tree's deepest node: 16 quadrant levels, then up to 15 levels that cut runs of
 * equal codes (at most 2^30 boxes) four ways. */
#define C2D_STATIC_MAX_DEPTH 31

/* A 4-wide node: its children's boxes side by side (structure of arrays), so that one pass over
 * the four lanes tests them all. Lane k holds a child node (child[k] >= 0, its index), an item
 * (child[k] < 0: the box of id ~child[k], and the lane's box is the user's box exactly), or
 * nothing (child[k] == C2D_STATIC_NONE; only after the used lanes). */
#define C2D_STATIC_WIDTH 4
/* Helpers of the ray walk. */
#if defined(__GNUC__) || defined(__clang__)
static unsigned st_lowest_bit(unsigned m) { return (unsigned)__builtin_ctz(m); }
static unsigned st_highest_bit(unsigned m) { return 31u - (unsigned)__builtin_clz(m); }
#else
static unsigned st_lowest_bit(unsigned m) {
    unsigned k = 0;
    while (!(m >> k & 1u)) ++k;
    return k;
}
static unsigned st_highest_bit(unsigned m) {
    unsigned k = 31;
    while (!(m >> k & 1u)) --k;
    return k;
}
#endif
#define C2D_STATIC_NONE INT32_MIN
/* A hint that *p will be read soon (no effect on results). */
#if defined(__GNUC__) || defined(__clang__)
#  define C2D_ST_PREFETCH(p) __builtin_prefetch((const void *)(p), 0, 3)
#  define C2D_ST_PREFETCH_WRITE(p) __builtin_prefetch((const void *)(p), 1, 3)
#else
#  define C2D_ST_PREFETCH(p) ((void)(p))
#  define C2D_ST_PREFETCH_WRITE(p) ((void)(p))
#endif
typedef struct c2d_static_wnode {
    c2d_real lx[C2D_STATIC_WIDTH], ly[C2D_STATIC_WIDTH], ux[C2D_STATIC_WIDTH], uy[C2D_STATIC_WIDTH];
    int32_t child[C2D_STATIC_WIDTH];
} c2d_static_wnode;

typedef struct c2d_static_tree {
    c2d_index base;
    c2d_static_wnode *nodes; /* depth-first order, root first */
    int32_t node_count;
    int32_t node_capacity;               /* nodes allocated (at most an eighth past node_count once built) */
    int32_t count;                       /* boxes */
    uint32_t *ref;                       /* id -> the lane holding its box (node * C2D_STATIC_WIDTH + lane) */
    uint64_t *user;                      /* id -> user data; NULL when the caller gave none (the id is the user data) */
    int32_t ref_capacity, user_capacity; /* entries allocated (a rebuild reuses them) */
    bool reported;                       /* update_pairs has reported the initial pairs */
    /* Start table of the ray walk: for every quadrant of depth 0..start_depth of the 2^16 grid
     * of box centers (depth d: 2^d x 2^d of them, row by row after those of depth d - 1), the
     * deepest node that holds every box whose center lies in it (NULL when start_depth is 0 or
     * out of memory: walks start at the root). */
    int32_t *start;
    int start_depth;
    c2d_real grid_lo[2], grid_scale[2]; /* center sum (lower + upper) -> grid cell */
    c2d_real extent[2];                 /* the largest upper - lower of any box, per axis */
} c2d_static_tree;

/* Entries of the start table up to depth d: 1 + 4 + ... + 4^d. */
static int32_t st_start_entries(int d) { return (int32_t)((((int64_t)1 << (2 * d + 2)) - 1) / 3); }

static c2d_static_tree *st_cast(c2d_index *index) { return (c2d_static_tree *)index; }
static const c2d_static_tree *st_ccast(const c2d_index *index) { return (const c2d_static_tree *)index; }

static c2d_aabb st_lane_box(const c2d_static_wnode *n, int k) {
    c2d_aabb b;
    b.lower.x = n->lx[k];
    b.lower.y = n->ly[k];
    b.upper.x = n->ux[k];
    b.upper.y = n->uy[k];
    return b;
}

/* ---- build ---- */

/* Sets lane k of node n to box and child. */
static void st_set_lane(c2d_static_wnode *n, int k, c2d_aabb box, int32_t child) {
    n->lx[k] = box.lower.x;
    n->ly[k] = box.lower.y;
    n->ux[k] = box.upper.x;
    n->uy[k] = box.upper.y;
    n->child[k] = child;
}

/* Orders the boxes along the Morton curve through their centers (lower + upper, which keeps the
 * order of the midpoints without a rounding division) quantised over the centers' bounds: returns
 * the sorted codes, whose values are the boxes' ids (keys holds 2 * count items of scratch). */
static const c2d_radix32 *st_curve_order(c2d_static_tree *t, const c2d_aabb *boxes, c2d_radix32 *keys) {
    int32_t i, n = t->count;
    c2d_real lo[2], hi[2], scale[2];
    c2d_radix32 *sorted;
    int k;
    c2d_real ext[2] = {0, 0};
    lo[0] = hi[0] = boxes[0].lower.x + boxes[0].upper.x;
    lo[1] = hi[1] = boxes[0].lower.y + boxes[0].upper.y;
    /* The centers' bounds and the largest size per axis, in one pass. */
    for (i = 0; i < n; ++i) {
        c2d_real cx = boxes[i].lower.x + boxes[i].upper.x, cy = boxes[i].lower.y + boxes[i].upper.y;
        c2d_real ex = boxes[i].upper.x - boxes[i].lower.x, ey = boxes[i].upper.y - boxes[i].lower.y;
        lo[0] = cx < lo[0] ? cx : lo[0];
        hi[0] = cx > hi[0] ? cx : hi[0];
        lo[1] = cy < lo[1] ? cy : lo[1];
        hi[1] = cy > hi[1] ? cy : hi[1];
        ext[0] = ex > ext[0] ? ex : ext[0];
        ext[1] = ey > ext[1] ? ey : ext[1];
    }
    for (k = 0; k < 2; ++k) {
        c2d_real extent = hi[k] - lo[k];
        scale[k] = extent > 0 ? (c2d_real)65535 / extent : (c2d_real)0;
        if (!C2D_ISFINITE(scale[k])) scale[k] = 0;
        t->grid_lo[k] = lo[k];
        t->grid_scale[k] = scale[k];
        t->extent[k] = ext[k];
    }
    for (i = 0; i < n; ++i) {
        c2d_real fx = (boxes[i].lower.x + boxes[i].upper.x - lo[0]) * scale[0];
        c2d_real fy = (boxes[i].lower.y + boxes[i].upper.y - lo[1]) * scale[1];
        uint32_t qx = fx < (c2d_real)65535 ? (uint32_t)fx : 65535u, qy = fy < (c2d_real)65535 ? (uint32_t)fy : 65535u;
        keys[i].key = c2d_morton16(qx, qy);
        keys[i].value = (uint32_t)i;
    }
    sorted = c2d_radix_sort32(keys, keys + n, n);
    return sorted;
}

/* The build's inputs: the tree, the sorted codes (values: ids) and the caller's boxes. The boxes
 * are read through the codes (no copy in sorted order: each is read once for its lane and once
 * more per node it starts). */
typedef struct c2d_static_build {
    c2d_static_tree *t;
    bool failed;              /* out of memory while growing the nodes */
    const c2d_radix32 *codes; /* sorted */
    const c2d_aabb *boxes;    /* by id */
} c2d_static_build;

/* The box at leaf-order position i. */
static c2d_aabb st_leaf(const c2d_static_build *b, int32_t i) { return b->boxes[b->codes[i].value]; }

/* How far ahead (in leaf order) st_item_lane asks for the box it will read and the ref entry it
 * will write: the walk meets the item lanes in leaf order, and both are indexed by id, so these
 * accesses are random (asking ahead cut the walk from about 90 to 66 ms at 1M boxes here). */
#define C2D_STATIC_AHEAD 32

/* Fills lane k of node w with the box at leaf-order position i; returns that box. */
static c2d_aabb st_item_lane(c2d_static_build *b, int32_t w, int k, int32_t i) {
    c2d_static_tree *t = b->t;
    int32_t id = (int32_t)b->codes[i].value;
    c2d_aabb box = b->boxes[id];
    if (i + C2D_STATIC_AHEAD < t->count) {
        uint32_t ahead = b->codes[i + C2D_STATIC_AHEAD].value;
        C2D_ST_PREFETCH(&b->boxes[ahead]);
        C2D_ST_PREFETCH_WRITE(&t->ref[ahead]);
    }
    st_set_lane(&t->nodes[w], k, box, ~id);
    t->ref[id] = (uint32_t)w * C2D_STATIC_WIDTH + (uint32_t)k;
    return box;
}

/* Leading zero bits of a nonzero value. */
#if defined(__GNUC__) || defined(__clang__)
static int st_leading_zeros32(uint32_t v) { return __builtin_clz(v); }
#else
static int st_leading_zeros32(uint32_t v) {
    int n = 0;
    while (!(v & 0x80000000u)) {
        v <<= 1;
        ++n;
    }
    return n;
}
#endif

/* First position in [lo, hi) whose code's digit at shift is >= d (digits are sorted there), by a
 * binary search whose steps are selects, not branches (the outcome of each is a coin toss). */
static int32_t st_digit_bound(const c2d_radix32 *codes, int32_t lo, int32_t hi, int shift, uint32_t d) {
    int32_t len = hi - lo;
    if (len <= 0) return lo;
    while (len > 1) {
        int32_t half = len / 2;
        lo = (codes[lo + half - 1].key >> shift & 3u) < d ? lo + half : lo;
        len -= half;
    }
    return lo + (int32_t)((codes[lo].key >> shift & 3u) < d);
}

/* A run of leaf-order positions [lo, hi) whose codes share their top 2 * depth bits. */
typedef struct c2d_static_run {
    int32_t lo, hi;
    int depth;
} c2d_static_run;

/* Cuts a run of more than one box into its non-empty sub-quadrants, going down while a single
 * one holds them all; a run of equal codes is cut into up to four near-equal parts (a run of at
 * most four boxes into single boxes). Returns the parts (2 to 4), in order. */
static int st_split(const c2d_radix32 *codes, c2d_static_run r, c2d_static_run out[C2D_STATIC_WIDTH]) {
    int parts = 0, k;
    int32_t m = r.hi - r.lo;
    if (m <= C2D_STATIC_WIDTH) {
        for (k = 0; k < m; ++k) {
            out[k].lo = r.lo + k;
            out[k].hi = r.lo + k + 1;
            out[k].depth = r.depth;
        }
        return (int)m;
    }
    {
        /* The first quadrant depth where the run's first and last codes (so the run) differ. */
        uint32_t diff = codes[r.lo].key ^ codes[r.hi - 1].key;
        if (diff != 0) {
            int depth = st_leading_zeros32(diff) / 2, shift = 2 * (15 - depth);
            int32_t at = r.lo;
            uint32_t d;
            for (d = 1; d <= 4; ++d) {
                int32_t c = d < 4 ? st_digit_bound(codes, at, r.hi, shift, d) : r.hi;
                if (c > at) {
                    out[parts].lo = at;
                    out[parts].hi = c;
                    out[parts].depth = depth + 1;
                    ++parts;
                }
                at = c;
            }
            return parts;
        }
    }
    for (k = 0; k < C2D_STATIC_WIDTH; ++k) {
        out[k].lo = r.lo + (int32_t)((int64_t)m * k / C2D_STATIC_WIDTH);
        out[k].hi = r.lo + (int32_t)((int64_t)m * (k + 1) / C2D_STATIC_WIDTH);
        out[k].depth = 16;
    }
    return C2D_STATIC_WIDTH;
}

/* Makes the node of run r, whose parts (st_split) are the parts[0..part_count), and its subtree;
 * returns its box. The lanes start as r's parts; then, as in collapsing a binary tree into a wide
 * one, the largest part that is not a single box is opened into its own parts while they fit in
 * the free lanes. A lane that cannot open keeps its parts for its own node (each run is split
 * once). */
static c2d_aabb st_make(c2d_static_build *b, c2d_static_run r, const c2d_static_run *parts_of_r, int part_count) {
    c2d_static_tree *t = b->t;
    int32_t w;
    c2d_static_run lane[C2D_STATIC_WIDTH], sub[C2D_STATIC_WIDTH][C2D_STATIC_WIDTH];
    int parts, k, j, subn[C2D_STATIC_WIDTH]; /* subn[k] > 0: lane k cannot open; its parts are sub[k] */
    c2d_aabb box;
    if (t->node_count == t->node_capacity) {
        /* Grown by half (rarely: the first guess is half a node per box; there are at most as
         * many nodes as boxes). */
        void *nodes = t->nodes;
        int32_t want = t->node_capacity + t->node_capacity / 2 + 1;
        if (want > t->count) want = t->count;
        if (b->failed || !c2d_bp_reserve(&t->base.allocator, &nodes, &t->node_capacity, want, sizeof *t->nodes)) {
            b->failed = true;
            return st_leaf(b, r.lo);
        }
        t->nodes = (c2d_static_wnode *)nodes;
    }
    w = t->node_count++;
    if (t->start != NULL && r.depth <= t->start_depth) {
        /* The quadrant's row and column: the even and odd bits of its code's top 2 * depth bits. */
        uint32_t code = r.depth > 0 ? b->codes[r.lo].key >> (32 - 2 * r.depth) : 0u, px = 0, py = 0;
        for (j = 0; j < r.depth; ++j) {
            px |= (code >> (2 * j) & 1u) << j;
            py |= (code >> (2 * j + 1) & 1u) << j;
        }
        t->start[st_start_entries(r.depth - 1) + (int32_t)(py << r.depth | px)] = w;
    }
    parts = part_count;
    for (k = 0; k < parts; ++k) {
        lane[k] = parts_of_r[k];
        subn[k] = 0;
    }
    for (;;) {
        int best = -1, m;
        for (k = 0; k < parts; ++k)
            if (lane[k].hi - lane[k].lo > 1 && subn[k] == 0 && (best < 0 || lane[k].hi - lane[k].lo > lane[best].hi - lane[best].lo)) best = k;
        if (best < 0) break;
        m = st_split(b->codes, lane[best], sub[best]);
        if (parts - 1 + m > C2D_STATIC_WIDTH) {
            subn[best] = m;
            continue;
        }
        /* Open: the lanes after best (and their kept parts) move up by m - 1. */
        for (k = parts - 1; k > best; --k) {
            lane[k + m - 1] = lane[k];
            subn[k + m - 1] = subn[k];
            for (j = 0; j < subn[k]; ++j) sub[k + m - 1][j] = sub[k][j];
        }
        for (k = m - 1; k >= 0; --k) {
            lane[best + k] = sub[best][k];
            subn[best + k] = 0;
        }
        parts += m - 1;
    }
    for (k = 0; k < parts; ++k) {
        c2d_aabb lb;
        if (lane[k].hi - lane[k].lo == 1) {
            lb = st_item_lane(b, w, k, lane[k].lo);
        } else {
            int32_t child = t->node_count;
            lb = st_make(b, lane[k], sub[k], subn[k]);
            st_set_lane(&t->nodes[w], k, lb, child);
        }
        box = k > 0 ? c2d_aabb_union(box, lb) : lb;
    }
    for (k = parts; k < C2D_STATIC_WIDTH; ++k) st_set_lane(&t->nodes[w], k, st_lane_box(&t->nodes[w], 0), C2D_STATIC_NONE);
    return box;
}

/* Builds the tree over the sorted boxes. */
static void st_make_tree(c2d_static_build *b) {
    c2d_static_run root, parts[C2D_STATIC_WIDTH];
    root.lo = 0;
    root.hi = b->t->count;
    root.depth = 0;
    b->t->node_count = 0;
    (void)st_make(b, root, parts, st_split(b->codes, root, parts));
}

/* ---- class functions ---- */

/* Frees the tree's arrays (a static tree keeps no room beyond its boxes). */
/* Frees every array (destroy, and a build's error paths). */
static void st_release(c2d_index *index) {
    c2d_static_tree *t = st_cast(index);
    const c2d_allocator *a = &index->allocator;
    c2d_bp_free(a, t->nodes, (size_t)t->node_capacity * sizeof *t->nodes);
    c2d_bp_free(a, t->ref, (size_t)t->ref_capacity * sizeof *t->ref);
    if (t->user != NULL) c2d_bp_free(a, t->user, (size_t)t->user_capacity * sizeof *t->user);
    if (t->start != NULL) c2d_bp_free(a, t->start, (size_t)st_start_entries(t->start_depth) * sizeof *t->start);
    t->start = NULL;
    t->start_depth = 0;
    t->nodes = NULL;
    t->ref = NULL;
    t->user = NULL;
    t->node_count = t->node_capacity = t->count = t->ref_capacity = t->user_capacity = 0;
    t->reported = false;
}

/* c2d_index_clear: empty, with the node array, id table and user table kept for the next build
 * (st_fill takes them when they are large enough); only the small start table is freed. */
static void st_clear(c2d_index *index) {
    c2d_static_tree *t = st_cast(index);
    if (t->start != NULL) c2d_bp_free(&index->allocator, t->start, (size_t)st_start_entries(t->start_depth) * sizeof *t->start);
    t->start = NULL;
    t->start_depth = 0;
    t->node_count = t->count = 0;
    t->reported = false;
}

static void st_destroy(c2d_index *index) {
    c2d_static_tree *t = st_cast(index);
    c2d_allocator a = index->allocator;
    st_release(index);
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

/* The user data of the box in an item lane (child c < 0). */
static uint64_t st_user(const c2d_static_tree *t, int32_t c) { return t->user != NULL ? t->user[~c] : (uint64_t)~c; }

static bool st_get(const c2d_index *index, int32_t id, c2d_aabb *box, uint64_t *user_data) {
    const c2d_static_tree *t = st_ccast(index);
    if (id < 0 || id >= t->count) return false;
    uint32_t ref = t->ref[id];
    *box = st_lane_box(&t->nodes[ref / C2D_STATIC_WIDTH], (int)(ref % C2D_STATIC_WIDTH));
    *user_data = st_user(t, ~id);
    return true;
}

/* Leading zero bits of a nonzero 16-bit value. */
static int st_leading_zeros16(uint32_t v) { return st_leading_zeros32(v) - 16; }

/* A grid cell (0..65535) of one axis for a center sum v, clamped (NaN: 0). */
static uint32_t st_cell(const c2d_static_tree *t, int k, c2d_real v) {
    c2d_real f = (v - t->grid_lo[k]) * t->grid_scale[k];
    return f > 0 ? (f < (c2d_real)65535 ? (uint32_t)f : 65535u) : 0u;
}

/* The node to start a walk from for the segment from (x0, y0) to (x1, y1): the start table's
 * entry for the deepest quadrant that holds the cells of every center a box touching the segment
 * can have (the segment's bounds, in center sums, grown by the largest box size and a margin for
 * rounding, and by one cell each side). Quantising is monotone, as in the build, so no such
 * box's cell falls outside. The root when the table is missing or a value is not finite. */
static int32_t st_start_node(const c2d_static_tree *t, c2d_real x0, c2d_real y0, c2d_real x1, c2d_real y1) {
    c2d_real lx = x0 < x1 ? x0 : x1, ux = x0 < x1 ? x1 : x0, ly = y0 < y1 ? y0 : y1, uy = y0 < y1 ? y1 : y0;
    c2d_real mx = (C2D_ABS(lx) + C2D_ABS(ux) + t->extent[0]) * (c2d_real)1e-5;
    c2d_real my = (C2D_ABS(ly) + C2D_ABS(uy) + t->extent[1]) * (c2d_real)1e-5;
    uint32_t cx0, cx1, cy0, cy1, diff;
    int d;
    if (t->start == NULL || !C2D_ISFINITE(mx) || !C2D_ISFINITE(my)) return 0;
    cx0 = st_cell(t, 0, 2 * lx - t->extent[0] - mx);
    cx1 = st_cell(t, 0, 2 * ux + t->extent[0] + mx);
    cy0 = st_cell(t, 1, 2 * ly - t->extent[1] - my);
    cy1 = st_cell(t, 1, 2 * uy + t->extent[1] + my);
    cx0 -= cx0 > 0;
    cy0 -= cy0 > 0;
    cx1 += cx1 < 65535u;
    cy1 += cy1 < 65535u;
    /* The quadrant depth: the leading bits the corners share on both axes (16-bit cells). */
    diff = (cx0 ^ cx1) | (cy0 ^ cy1) | (1u << (15 - t->start_depth));
    d = st_leading_zeros16(diff);
    return t->start[st_start_entries(d - 1) + (int32_t)((cy0 >> (16 - d)) << d | cx0 >> (16 - d))];
}

/* The start table's entry for the deepest quadrant holding the cell of the point (x, y) (as a
 * center: 2x, 2y in center sums); the root without a table. Its node holds every box whose center
 * lies in that quadrant, and lies at or below the node st_start_node gives for any segment from
 * the point: that node holds an enclosing quadrant, and the nodes holding a set form a chain. */
static int32_t st_start_point(const c2d_static_tree *t, c2d_real x, c2d_real y) {
    int d = t->start_depth;
    uint32_t cx, cy;
    if (t->start == NULL) return 0;
    cx = st_cell(t, 0, 2 * x) >> (16 - d);
    cy = st_cell(t, 1, 2 * y) >> (16 - d);
    return t->start[st_start_entries(d - 1) + (int32_t)(cy << d | cx)];
}

/* Depth-first walk from the start node of the box (st_start_node): item lanes are tested with the
 * strict rule (their boxes are the users'), node lanes with the closed rule; lanes are visited in
 * order. */
static void st_query_aabb(const c2d_index *index, c2d_aabb box, c2d_index_query_fn *fn, void *context) {
    const c2d_static_tree *t = st_ccast(index);
    int32_t stack[C2D_INDEX_STACK];
    int sp = 0;
    if (t->count == 0) return;
    stack[sp++] = st_start_node(t, box.lower.x, box.lower.y, box.upper.x, box.upper.y);
    while (sp > 0) {
        const c2d_static_wnode *n = &t->nodes[stack[--sp]];
        int32_t push[C2D_STATIC_WIDTH];
        int k, np = 0;
        for (k = 0; k < C2D_STATIC_WIDTH; ++k) {
            int32_t c = n->child[k];
            if (c == C2D_STATIC_NONE) break;
            if (c < 0) {
                if (n->lx[k] < box.upper.x && box.lower.x < n->ux[k] && n->ly[k] < box.upper.y && box.lower.y < n->uy[k] &&
                    !fn(~c, st_user(t, c), context))
                    return;
            } else if (n->lx[k] <= box.upper.x && box.lower.x <= n->ux[k] && n->ly[k] <= box.upper.y && box.lower.y <= n->uy[k]) {
                push[np++] = c;
            }
        }
        C2D_ASSERT(sp + np <= C2D_INDEX_STACK);
        if (sp + np > C2D_INDEX_STACK) return;
        while (np > 0) stack[sp++] = push[--np];
    }
}

/* The closed-slab cull of the four lanes of a node against the ray from (ox, oy) with reciprocals
 * (ix, iy) (infinite on an axis the ray does not move along) and current end: bit k of the result
 * is set when lane k is used and passes, with its entry fraction in lo[k] (finite, >= 0); bit k of
 * *items is set when lane k is not a node. */
#if C2D_ST_SSE
static unsigned st_lanes(const c2d_static_wnode *n, c2d_real ox, c2d_real oy, c2d_real ix, c2d_real iy, c2d_real end,
                         c2d_real *lo, unsigned *items) {
    const __m128 vox = _mm_set1_ps(ox), voy = _mm_set1_ps(oy), vix = _mm_set1_ps(ix), viy = _mm_set1_ps(iy);
    __m128 x1 = _mm_mul_ps(_mm_sub_ps(_mm_loadu_ps(n->lx), vox), vix);
    __m128 x2 = _mm_mul_ps(_mm_sub_ps(_mm_loadu_ps(n->ux), vox), vix);
    __m128 y1 = _mm_mul_ps(_mm_sub_ps(_mm_loadu_ps(n->ly), voy), viy);
    __m128 y2 = _mm_mul_ps(_mm_sub_ps(_mm_loadu_ps(n->uy), voy), viy);
    __m128 a = _mm_max_ps(_mm_min_ps(x1, x2), _mm_min_ps(y1, y2));
    __m128 b = _mm_min_ps(_mm_max_ps(x1, x2), _mm_max_ps(y1, y2));
    __m128 l = _mm_max_ps(a, _mm_setzero_ps()), h = _mm_min_ps(b, _mm_set1_ps(end));
    __m128 ok = _mm_and_ps(_mm_cmple_ps(l, h), _mm_cmplt_ps(l, _mm_set1_ps(INFINITY)));
    __m128i child = _mm_loadu_si128((const __m128i *)(const void *)n->child);
    __m128i used = _mm_cmpeq_epi32(child, _mm_set1_epi32(C2D_STATIC_NONE));
    _mm_storeu_ps(lo, l);
    *items = (unsigned)_mm_movemask_ps(_mm_castsi128_ps(child));
    return (unsigned)_mm_movemask_ps(_mm_andnot_ps(_mm_castsi128_ps(used), ok));
}
#else
static unsigned st_lanes(const c2d_static_wnode *n, c2d_real ox, c2d_real oy, c2d_real ix, c2d_real iy, c2d_real end,
                         c2d_real *lo, unsigned *items) {
    unsigned hits = 0, neg = 0;
    int k;
    for (k = 0; k < C2D_STATIC_WIDTH; ++k) {
        c2d_real x1 = (n->lx[k] - ox) * ix, x2 = (n->ux[k] - ox) * ix;
        c2d_real y1 = (n->ly[k] - oy) * iy, y2 = (n->uy[k] - oy) * iy;
        c2d_real xn = x1 < x2 ? x1 : x2, xf = x1 < x2 ? x2 : x1;
        c2d_real yn = y1 < y2 ? y1 : y2, yf = y1 < y2 ? y2 : y1;
        c2d_real a = xn > yn ? xn : yn, b = xf < yf ? xf : yf;
        c2d_real l = a > 0 ? a : 0, h = b < end ? b : end;
        lo[k] = l;
        hits |= (unsigned)(n->child[k] != C2D_STATIC_NONE && l <= h && l < (c2d_real)INFINITY) << k;
        neg |= (unsigned)(n->child[k] < 0) << k;
    }
    *items = neg;
    return hits;
}
#endif

/* Closest-first ray walk with an explicit stack of (node, entry fraction). A node's four lanes are
 * culled in one pass with closed slabs against the current end (the moving axes as in
 * c2d_bp_ray_cull; an axis the ray does not move along uses an infinite reciprocal, so that the
 * slab is everything or nothing: strictly outside gives an empty interval, and where the origin
 * lies on a side the lane may pass or not, either being safe since the exact rule then needs the
 * origin strictly inside a box within the lane's). Item lanes that pass get the exact rule
 * (c2d_bp_ray_box) and are reported at once, which clips the ray before the node lanes are
 * pushed far to near in the order the ray's direction signs give the Morton quadrants (a sort by
 * entry fraction cost 28% more instructions per ray for the same nodes visited); a popped node
 * entered after the current end is skipped. The walk starts at node `from` and leaves out the
 * subtree of node `skip`; false when the callback stopped it. */
static bool st_walk(const c2d_static_tree *t, c2d_bp_ray *ray, c2d_index_raycast_fn *fn, void *context, int32_t from, int32_t skip) {
    const c2d_static_wnode *nodes = t->nodes;
    int32_t stack[C2D_INDEX_STACK];
    c2d_real enter[C2D_INDEX_STACK];
    const c2d_real ox = ray->ray.origin.x, oy = ray->ray.origin.y;
    const c2d_real ix = ray->move_x ? ray->inv_x : (c2d_real)INFINITY;
    const c2d_real iy = ray->move_y ? ray->inv_y : (c2d_real)INFINITY;
    /* The Morton quadrant (x bit 0, y bit 1) the ray meets first: the one on the side it comes from. */
    const unsigned near = (ray->ray.translation.x < 0 ? 1u : 0u) | (ray->ray.translation.y < 0 ? 2u : 0u);
    int sp = 0;
    stack[0] = from;
    enter[0] = 0;
    sp = 1;
    while (sp > 0) {
        const c2d_static_wnode *n;
        c2d_real lo[C2D_STATIC_WIDTH];
        unsigned hits, items, m, k;
        --sp;
        if (enter[sp] > ray->ray.max_fraction || stack[sp] == skip) continue;
        n = &nodes[stack[sp]];
        /* The four lanes at once, branch-free (SSE in the float build on x86). */
        hits = st_lanes(n, ox, oy, ix, iy, ray->ray.max_fraction, lo, &items);
        /* Items first (their reports clip the ray), lane by lane. */
        items &= hits;
        for (m = items; m != 0; m &= m - 1) {
            int32_t c;
            c2d_real f;
            k = st_lowest_bit(m);
            c = n->child[k];
            if (c2d_bp_ray_box(ray, st_lane_box(n, (int)k), &f) && !c2d_bp_ray_report(ray, fn, ~c, st_user(t, c), f, context))
                return false;
        }
        hits &= ~items;
        /* Node lanes, far to near by the ray's direction signs: lanes follow the Morton order of
         * their centers (x the low bit, y the high bit of the quadrant), so lane k ^ near comes
         * before lane (k + 1) ^ near along the ray. The mask of passing node lanes is permuted
         * into that order (bit k: lane k ^ near) and its bits pushed from the highest (no sort;
         * most nodes push none or one). */
        if (near & 1u) hits = (hits & 0x5u) << 1 | (hits >> 1 & 0x5u);
        if (near & 2u) hits = (hits & 0x3u) << 2 | (hits >> 2 & 0x3u);
        C2D_ASSERT(sp + C2D_STATIC_WIDTH <= C2D_INDEX_STACK);
        if (sp + C2D_STATIC_WIDTH > C2D_INDEX_STACK) return false;
        while (hits != 0) {
            unsigned lane;
            k = st_highest_bit(hits);
            hits &= ~(1u << k);
            lane = k ^ near;
            stack[sp] = n->child[lane];
            enter[sp] = lo[lane];
            ++sp;
        }
    }
    return true;
}

/* Cache lines of nodes asked for at the start of a ray cast (1 KB: the first walk's subtree and
 * what follows it; 100k boxes, random rays, process CPU time: 0 lines 310 ns a ray, 10 lines
 * 275, 16 lines 255, 32 lines 250; asking for the second walk's too gained nothing). */
#define C2D_STATIC_PREFETCH_LINES 16

/* Two walks. The first starts at the start node of the ray's origin (a subtree of about 16 boxes
 * whose centers lie in the deepest quadrant holding the origin) and casts the whole ray there,
 * which usually finds the closest hit and clips the ray to it; the second starts at the start
 * node of what is left of the ray, skipping the first walk's subtree (the second start node is
 * always the first or one of its ancestors: both hold the origin's quadrant, and the nodes
 * holding a set of boxes form a chain). Every box is met once, as by one walk from the root, in
 * which neither walk descends the top of the tree. (Starting the second walk instead at the up to
 * four deepest quadrants covering what is left of the ray, so as not to climb to the root when
 * that region crosses the grid's middle, visited 7% fewer nodes and measured the same.) */
static void st_raycast(const c2d_index *index, c2d_bp_ray *ray, c2d_index_raycast_fn *fn, void *context) {
    const c2d_static_tree *t = st_ccast(index);
    const c2d_real ox = ray->ray.origin.x, oy = ray->ray.origin.y;
    int32_t first, second;
    if (t->count == 0) return;
    first = st_start_point(t, ox, oy);
    {
        /* The first walk's subtree (about 16 boxes, 7 nodes) follows its root in memory
         * (depth-first order): its lines are asked for at once rather than one level at a time
         * (the walk waits on memory far more than it computes). */
        const char *p = (const char *)&t->nodes[first], *end = (const char *)(t->nodes + t->node_count);
        int j;
        for (j = 0; j < C2D_STATIC_PREFETCH_LINES && p + 64 * j < end; ++j) C2D_ST_PREFETCH(p + 64 * j);
    }
    if (!st_walk(t, ray, fn, context, first, -1) || first == 0) return;
    second = st_start_node(t, ox, oy, ox + ray->ray.translation.x * ray->ray.max_fraction, oy + ray->ray.translation.y * ray->ray.max_fraction);
    if (second != first) (void)st_walk(t, ray, fn, context, second, first);
}

/* One-shot pairs: the shared strip sweep over the boxes (broadphase_pairs.c), which is faster than
 * descending the tree against itself. */
static c2d_status st_find_pairs(c2d_index *index) {
    c2d_static_tree *t = st_cast(index);
    int32_t i;
    c2d_bp_srec *r = c2d_bp_sweep_reserve(index, t->count);
    int32_t out = 0;
    if (r == NULL) return C2D_ERR_OUT_OF_MEMORY;
    /* The item lanes in node order (memory order; the sweep sorts the records). */
    for (i = 0; i < t->node_count; ++i) {
        const c2d_static_wnode *n = &t->nodes[i];
        int k;
        for (k = 0; k < C2D_STATIC_WIDTH; ++k)
            if (n->child[k] < 0 && n->child[k] != C2D_STATIC_NONE) c2d_bp_srec_set(&r[out++], st_lane_box(n, k), ~n->child[k], false);
    }
    C2D_ASSERT(out == t->count);
    if (!c2d_bp_sweep_pairs(index, t->count, 0u)) return C2D_ERR_OUT_OF_MEMORY;
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

/* Checks a subtree: lanes used from the first, node lanes enclose their child's lanes and point
 * forward, item lanes hold ids whose lane they are. Returns the items seen or -1. */
static int32_t st_validate_node(const c2d_static_tree *t, int32_t ni, int depth, int32_t *next_item) {
    const c2d_static_wnode *n;
    int32_t seen = 0;
    int k;
    if (ni < 0 || ni >= t->node_count || depth > C2D_STATIC_MAX_DEPTH) return -1;
    n = &t->nodes[ni];
    if (n->child[0] == C2D_STATIC_NONE) return -1;
    for (k = 0; k < C2D_STATIC_WIDTH; ++k) {
        int32_t c = n->child[k], s;
        c2d_aabb lane = st_lane_box(n, k);
        if (c == C2D_STATIC_NONE) {
            for (; k < C2D_STATIC_WIDTH; ++k)
                if (n->child[k] != C2D_STATIC_NONE) return -1;
            break;
        }
        if (c < 0) {
            int32_t id = ~c;
            if (id >= t->count || t->ref[id] != (uint32_t)ni * C2D_STATIC_WIDTH + (uint32_t)k) return -1;
            ++*next_item;
            ++seen;
        } else {
            const c2d_static_wnode *cn;
            int j;
            if (c <= ni || c >= t->node_count) return -1;
            cn = &t->nodes[c];
            for (j = 0; j < C2D_STATIC_WIDTH && cn->child[j] != C2D_STATIC_NONE; ++j)
                if (!c2d_aabb_contains(lane, st_lane_box(cn, j))) return -1;
            s = st_validate_node(t, c, depth + 1, next_item);
            if (s < 0) return -1;
            seen += s;
        }
    }
    return seen;
}

static bool st_validate(const c2d_index *index) {
    const c2d_static_tree *t = st_ccast(index);
    int32_t next = 0;
    int32_t i;
    if (t->count == 0) return t->node_count == 0;
    if (t->start != NULL)
        for (i = 0; i < st_start_entries(t->start_depth); ++i)
            if (t->start[i] < 0 || t->start[i] >= t->node_count) return false;
    return st_validate_node(t, 0, 0, &next) == t->count && next == t->count && t->node_count <= t->count;
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

/* Builds the tree of count checked boxes, into the old arrays where they are large enough (out of
 * memory leaves the tree empty). */
static c2d_status st_fill(c2d_static_tree *t, const c2d_aabb *boxes, const uint64_t *user_data, int32_t count) {
    const c2d_allocator *a = &t->base.allocator;
    size_t n = (size_t)count;
    /* A rebuild keeps the arrays that are large enough (and with them their pages: fresh pages
     * cost a fault each); the rest is freed. */
    void *old_nodes = t->nodes, *old_ref = t->ref, *old_user = t->user;
    int32_t old_node_capacity = t->node_capacity, old_ref_capacity = t->ref_capacity, old_user_capacity = t->user_capacity;
    t->nodes = NULL;
    t->ref = NULL;
    t->user = NULL;
    st_release(&t->base);
    if (count > INT32_MAX / 2 || count == 0) {
        st_drop(a, &old_nodes, &old_node_capacity, sizeof *t->nodes);
        st_drop(a, &old_ref, &old_ref_capacity, sizeof *t->ref);
        st_drop(a, &old_user, &old_user_capacity, sizeof *t->user);
        return count == 0 ? C2D_OK : C2D_ERR_OUT_OF_MEMORY;
    }
    t->ref = (uint32_t *)st_take(a, &old_ref, &old_ref_capacity, count, count, sizeof *t->ref, &t->ref_capacity);
    t->user = user_data != NULL ? (uint64_t *)st_take(a, &old_user, &old_user_capacity, count, count, sizeof *t->user, &t->user_capacity) : NULL;
    st_drop(a, &old_user, &old_user_capacity, sizeof *t->user);
    if (t->ref == NULL || (user_data != NULL && t->user == NULL)) {
        st_drop(a, &old_nodes, &old_node_capacity, sizeof *t->nodes);
        st_release(&t->base);
        return C2D_ERR_OUT_OF_MEMORY;
    }
    if (t->user != NULL) memcpy(t->user, user_data, n * sizeof *t->user);
    t->count = count;
    {
        /* The sort's two buffers are scratch, kept until the nodes are made. */
        size_t key_size = 2 * n * sizeof(c2d_radix32);
        c2d_radix32 *keys = (c2d_radix32 *)c2d_bp_alloc(a, key_size);
        c2d_static_build b;
        int32_t i;
        if (keys == NULL) {
            st_drop(a, &old_nodes, &old_node_capacity, sizeof *t->nodes);
            st_release(&t->base);
            return C2D_ERR_OUT_OF_MEMORY;
        }
        b.t = t;
        b.boxes = boxes;
        b.codes = st_curve_order(t, boxes, keys);
        /* Every node has two lanes or more (a lone box's root one), so there are at most count
         * nodes, and at least (count - 1) / 3; they are made into room for half as many (or the
         * old nodes' room when it holds a third: a rebuild of the same boxes fits it exactly),
         * grown if need be (st_make), and copied into an array of their exact count only when
         * more than an eighth of it is spare. */
        b.failed = false;
        /* The start table reaches the depth where quadrants hold about 16 boxes, at most 6
         * (5461 entries); without room for it walks start at the root. */
        t->start_depth = 0;
        while (t->start_depth < 8 && ((int64_t)16 << (2 * t->start_depth + 2)) <= (int64_t)count) ++t->start_depth;
        t->start = t->start_depth > 0 ? (int32_t *)c2d_bp_alloc(a, (size_t)st_start_entries(t->start_depth) * sizeof *t->start) : NULL;
        if (t->start == NULL) t->start_depth = 0;
        else
            for (i = 0; i < st_start_entries(t->start_depth); ++i) t->start[i] = -1;
        t->nodes = (c2d_static_wnode *)st_take(a, &old_nodes, &old_node_capacity, count / 3 + 1, count / 2 + 1, sizeof *t->nodes, &t->node_capacity);
        if (t->nodes != NULL) st_make_tree(&b);
        /* A quadrant with no node of its own is held whole by its parent's node. */
        if (t->start != NULL) {
            int d;
            for (d = 1; d <= t->start_depth; ++d) {
                int32_t base = st_start_entries(d - 1), up = st_start_entries(d - 2), q;
                for (q = 0; q < ((int32_t)1 << (2 * d)); ++q) {
                    int32_t px = q & (((int32_t)1 << d) - 1), py = q >> d;
                    if (t->start[base + q] < 0) t->start[base + q] = t->start[up + ((py >> 1) << (d - 1) | px >> 1)];
                }
            }
        }
        if (t->nodes != NULL && !b.failed && t->node_capacity - t->node_count > t->node_count / 8) {
            c2d_static_wnode *exact = (c2d_static_wnode *)c2d_bp_alloc(a, (size_t)t->node_count * sizeof *t->nodes);
            if (exact != NULL) {
                memcpy(exact, t->nodes, (size_t)t->node_count * sizeof *t->nodes);
                c2d_bp_free(a, t->nodes, (size_t)t->node_capacity * sizeof *t->nodes);
                t->nodes = exact;
                t->node_capacity = t->node_count;
            }
        }
        if (b.failed) {
            c2d_bp_free(a, t->nodes, (size_t)t->node_capacity * sizeof *t->nodes);
            t->nodes = NULL;
            t->node_capacity = 0;
        }
        c2d_bp_free(a, keys, key_size);
        if (t->nodes == NULL) {
            t->node_count = 0;
            st_release(&t->base);
            return C2D_ERR_OUT_OF_MEMORY;
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
    s = st_fill(t, boxes, user_data, count);
    if (s != C2D_OK) {
        st_destroy(&t->base);
        return s;
    }
    *out = &t->base;
    return C2D_OK;
}
