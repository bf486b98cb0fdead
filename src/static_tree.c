/* Static tree: a bounding volume hierarchy built once over a fixed set of boxes (level geometry).
 *
 * Construction is top-down with binned surface-area splitting (Wald, "On fast construction of
 * SAH-based bounding volume hierarchies", 2007), with perimeter as the 2D surface area: the box
 * centers are dropped into 16 bins along each axis and the split plane between bins that minimises
 * perimeter(left) * count(left) + perimeter(right) * count(right) wins; leaves hold up to 4 boxes.
 * Past C2D_STATIC_MAX_DEPTH levels the build switches to median splits, which bounds the height
 * (and the traversal stacks) for any input. That binary tree is scratch: it is collapsed into a
 * 4-wide tree (as in Wald et al., "Getting rid of packets", 2008, and Embree's BVH4) whose nodes
 * hold their four children's boxes side by side, so a walk tests four boxes per node in one
 * branch-free pass, and whose bottom lanes are the users' boxes themselves (no separate leaf
 * nodes). Each wide node gathers the lanes of a binary frontier below one binary node, so a
 * depth-first walk keeps at most one pending lane per binary level: the stacks stay within the
 * binary height. The boxes are also stored in leaf order (for get and pairs), and each box's id and
 * user data side by side, so that a report costs one cache miss. */
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

#define C2D_STATIC_LEAF_SIZE 4
#define C2D_STATIC_BINS 16
#define C2D_STATIC_MAX_DEPTH 48

/* A node of the binary build tree (temporary: the walks use the 4-wide nodes below). */
typedef struct c2d_static_node {
    c2d_aabb box;
    int32_t start;    /* internal: index of the second child; leaf: first item (leaf order) */
    int32_t count;    /* leaf: number of items (>= 1); internal: 0 */
} c2d_static_node;

/* A 4-wide node: its children's boxes side by side (structure of arrays), so that one pass over
 * the four lanes tests them all. Lane k holds a child node (child[k] >= 0, its index), an item
 * (child[k] < 0: leaf-order position ~child[k], and the lane's box is the user's box exactly), or
 * nothing (child[k] == C2D_STATIC_NONE; only after the used lanes). */
#define C2D_STATIC_WIDTH 4
/* Helpers of the ray walk. */
#if defined(__GNUC__) || defined(__clang__)
static unsigned st_lowest_bit(unsigned m) { return (unsigned)__builtin_ctz(m); }
#else
static unsigned st_lowest_bit(unsigned m) {
    unsigned k = 0;
    while (!(m >> k & 1u)) ++k;
    return k;
}
#endif
/* Orders two keys decreasing (compiles to conditional moves). */
#define C2D_ST_SORT2(a, b) do { uint64_t hi_ = (a) > (b) ? (a) : (b), lo_ = (a) > (b) ? (b) : (a); (a) = hi_; (b) = lo_; } while (0)
/* The bits of f as a float: for f >= 0 (not NaN) they order as the values. */
static uint64_t st_float_bits(c2d_real f) {
    float x = (float)f;
    uint32_t u;
    memcpy(&u, &x, sizeof u);
    return u;
}
#define C2D_STATIC_NONE INT32_MIN
typedef struct c2d_static_wnode {
    c2d_real lx[C2D_STATIC_WIDTH], ly[C2D_STATIC_WIDTH], ux[C2D_STATIC_WIDTH], uy[C2D_STATIC_WIDTH];
    int32_t child[C2D_STATIC_WIDTH];
} c2d_static_wnode;

/* A box's id (position in the caller's array) and user data. */
typedef struct c2d_static_item {
    uint64_t user;
    int32_t id;
} c2d_static_item;

typedef struct c2d_static_tree {
    c2d_index base;
    c2d_static_wnode *nodes;  /* depth-first order, root first */
    int32_t node_count;
    int32_t count;        /* boxes */
    c2d_aabb *boxes;      /* leaf order */
    c2d_static_item *items;  /* leaf order: what a report needs, in one cache line */
    int32_t *position;    /* id -> leaf-order position */
    bool reported;        /* update_pairs has reported the initial pairs */
} c2d_static_tree;

static c2d_static_tree *st_cast(c2d_index *index) { return (c2d_static_tree *)index; }
static const c2d_static_tree *st_ccast(const c2d_index *index) { return (const c2d_static_tree *)index; }

static c2d_real st_perimeter(c2d_aabb b) { return (b.upper.x - b.lower.x) + (b.upper.y - b.lower.y); }

/* ---- build ---- */

typedef struct c2d_static_build {
    c2d_static_node *nodes;  /* the binary tree */
    int32_t node_count;
    const c2d_aabb *boxes;   /* the caller's, by id */
    int32_t *items;          /* ids being partitioned in place; ends up in leaf order */
} c2d_static_build;

static c2d_real st_center(const c2d_aabb *b, int axis) {
    return axis == 0 ? b->lower.x + b->upper.x : b->lower.y + b->upper.y;
}

/* Bin of a center along an axis; the same function for counting and partitioning. */
static int st_bin(c2d_real c, c2d_real lo, c2d_real scale) {
    c2d_real f = (c - lo) * scale;
    int b = f > 0 ? (int)f : 0;
    return b < C2D_STATIC_BINS ? b : C2D_STATIC_BINS - 1;
}

/* Orders items[0..n) so that the first k have the smaller centers along axis (quickselect). */
static void st_select(const c2d_aabb *boxes, int32_t *items, int32_t n, int32_t k, int axis) {
    int32_t lo = 0, hi = n - 1;
    while (lo < hi) {
        c2d_real pivot = st_center(&boxes[items[lo + (hi - lo) / 2]], axis);
        int32_t i = lo, j = hi;
        while (i <= j) {
            while (st_center(&boxes[items[i]], axis) < pivot) ++i;
            while (st_center(&boxes[items[j]], axis) > pivot) --j;
            if (i <= j) {
                int32_t t = items[i];
                items[i] = items[j];
                items[j] = t;
                ++i;
                --j;
            }
        }
        if (k <= j) hi = j;
        else if (k >= i) lo = i;
        else break;
    }
}

/* Finds the best binned-SAH split of items[0..n); returns the left count (0 when no plane splits
 * the items, e.g. all centers equal). */
static int32_t st_sah_split(const c2d_aabb *boxes, int32_t *items, int32_t n) {
    c2d_real cmin[2], cmax[2];
    c2d_real best_cost = 0, best_scale = 0;
    int best_axis = -1, best_plane = 0, axis;
    int32_t i, left;
    for (axis = 0; axis < 2; ++axis) {
        cmin[axis] = cmax[axis] = st_center(&boxes[items[0]], axis);
        for (i = 1; i < n; ++i) {
            c2d_real c = st_center(&boxes[items[i]], axis);
            if (c < cmin[axis]) cmin[axis] = c;
            if (c > cmax[axis]) cmax[axis] = c;
        }
    }
    for (axis = 0; axis < 2; ++axis) {
        c2d_aabb bin_box[C2D_STATIC_BINS], acc = boxes[items[0]];
        int32_t bin_count[C2D_STATIC_BINS];
        c2d_real right_cost[C2D_STATIC_BINS];
        c2d_real extent = cmax[axis] - cmin[axis], scale;
        int32_t acc_count;
        int b;
        if (!(extent > 0)) continue;
        scale = (c2d_real)C2D_STATIC_BINS / extent;
        if (!C2D_ISFINITE(scale)) continue;
        for (b = 0; b < C2D_STATIC_BINS; ++b) bin_count[b] = 0;
        for (i = 0; i < n; ++i) {
            const c2d_aabb *bx = &boxes[items[i]];
            b = st_bin(st_center(bx, axis), cmin[axis], scale);
            bin_box[b] = bin_count[b]++ ? c2d_aabb_union(bin_box[b], *bx) : *bx;
        }
        /* Sweep from the right to price every plane's right side, then from the left. */
        acc_count = 0;
        for (b = C2D_STATIC_BINS - 1; b > 0; --b) {
            if (bin_count[b]) { acc = acc_count ? c2d_aabb_union(acc, bin_box[b]) : bin_box[b]; acc_count += bin_count[b]; }
            right_cost[b] = acc_count ? st_perimeter(acc) * (c2d_real)acc_count : 0;
            if (!acc_count) right_cost[b] = -1;
        }
        acc_count = 0;
        for (b = 0; b < C2D_STATIC_BINS - 1; ++b) {
            c2d_real cost;
            if (bin_count[b]) { acc = acc_count ? c2d_aabb_union(acc, bin_box[b]) : bin_box[b]; acc_count += bin_count[b]; }
            if (acc_count == 0 || acc_count == n || right_cost[b + 1] < 0) continue;
            cost = st_perimeter(acc) * (c2d_real)acc_count + right_cost[b + 1];
            if (best_axis < 0 || cost < best_cost) {
                best_cost = cost;
                best_axis = axis;
                best_plane = b + 1;
                best_scale = scale;
            }
        }
    }
    if (best_axis < 0) return 0;
    /* Partition: bins below the plane to the front. */
    left = 0;
    for (i = 0; i < n; ++i) {
        if (st_bin(st_center(&boxes[items[i]], best_axis), cmin[best_axis], best_scale) < best_plane) {
            int32_t t = items[i];
            items[i] = items[left];
            items[left] = t;
            ++left;
        }
    }
    return left;
}

/* Builds the subtree of items[0..n) at the next free node; returns that node's index. */
static int32_t st_build(c2d_static_build *sb, int32_t *items, int32_t n, int depth) {
    c2d_static_node *nodes = sb->nodes;
    int32_t node = sb->node_count++, i, left;
    c2d_aabb box = sb->boxes[items[0]];
    for (i = 1; i < n; ++i) box = c2d_aabb_union(box, sb->boxes[items[i]]);
    nodes[node].box = box;
    if (n <= C2D_STATIC_LEAF_SIZE) {
        nodes[node].start = (int32_t)(items - sb->items);
        nodes[node].count = n;
        return node;
    }
    left = depth < C2D_STATIC_MAX_DEPTH ? st_sah_split(sb->boxes, items, n) : 0;
    if (left <= 0 || left >= n) {
        c2d_real ex, ey;
        left = n / 2;
        ex = box.upper.x - box.lower.x;
        ey = box.upper.y - box.lower.y;
        st_select(sb->boxes, items, n, left, ex >= ey ? 0 : 1);
    }
    st_build(sb, items, left, depth + 1);
    {
        int32_t second = st_build(sb, items + left, n - left, depth + 1);
        sb->nodes[node].start = second;
        sb->nodes[node].count = 0;
    }
    return node;
}

/* ---- the 4-wide tree: the binary tree collapsed ---- */

typedef struct c2d_static_collapse {
    const c2d_static_node *bin;   /* the binary tree */
    const c2d_aabb *boxes;        /* leaf order */
    c2d_static_wnode *nodes;      /* out */
    int32_t node_count;
} c2d_static_collapse;

/* A lane candidate while a wide node is gathered: a binary node (>= 0) or an item (~position). */
static c2d_real st_cand_perimeter(const c2d_static_collapse *c, int32_t cand) {
    return cand >= 0 ? st_perimeter(c->bin[cand].box) : (c2d_real)-1;
}

/* Builds the wide node for binary node b and its subtree; returns its index. The lanes start as
 * b's children (or items); then the candidate with the largest perimeter is opened while the lanes
 * fit: an internal binary node gives its two children, a binary leaf its items. Opening in place
 * keeps the lanes in leaf order, so a depth-first walk of the lanes meets the items in order. */
static int32_t st_collapse(c2d_static_collapse *c, int32_t b) {
    int32_t cand[C2D_STATIC_WIDTH], w = c->node_count++;
    int n = 0, k;
    const c2d_static_node *bn = &c->bin[b];
    c2d_static_wnode *wn;
    if (bn->count > 0) {
        for (k = 0; k < bn->count; ++k) cand[n++] = ~(bn->start + k);
    } else {
        cand[n++] = b + 1;
        cand[n++] = bn->start;
    }
    for (;;) {
        int best = -1, add = 0;
        c2d_real best_p = 0;
        for (k = 0; k < n; ++k) {
            const c2d_static_node *cn;
            int grow;
            if (cand[k] < 0) continue;
            cn = &c->bin[cand[k]];
            grow = cn->count > 0 ? cn->count - 1 : 1;
            if (n + grow > C2D_STATIC_WIDTH) continue;
            if (best < 0 || st_cand_perimeter(c, cand[k]) > best_p) {
                best = k;
                best_p = st_cand_perimeter(c, cand[k]);
                add = grow;
            }
        }
        if (best < 0) break;
        {
            const c2d_static_node *cn = &c->bin[cand[best]];
            int32_t open[C2D_STATIC_WIDTH];
            int m = 0;
            if (cn->count > 0) {
                for (k = 0; k < cn->count; ++k) open[m++] = ~(cn->start + k);
            } else {
                open[m++] = cand[best] + 1;
                open[m++] = cn->start;
            }
            for (k = n - 1; k > best; --k) cand[k + add] = cand[k];
            for (k = 0; k < m; ++k) cand[best + k] = open[k];
            n += add;
        }
    }
    for (k = 0; k < C2D_STATIC_WIDTH; ++k) {
        c2d_aabb box;
        int32_t child;
        if (k < n && cand[k] < 0) {
            box = c->boxes[~cand[k]];
            child = cand[k];
        } else if (k < n) {
            box = c->bin[cand[k]].box;
            child = st_collapse(c, cand[k]);
        } else {
            box = c->bin[b].box;   /* an unused lane: any finite box; never tested */
            child = C2D_STATIC_NONE;
        }
        wn = &c->nodes[w];
        wn->lx[k] = box.lower.x;
        wn->ly[k] = box.lower.y;
        wn->ux[k] = box.upper.x;
        wn->uy[k] = box.upper.y;
        wn->child[k] = child;
    }
    return w;
}

static c2d_aabb st_lane_box(const c2d_static_wnode *n, int k) {
    c2d_aabb b;
    b.lower.x = n->lx[k];
    b.lower.y = n->ly[k];
    b.upper.x = n->ux[k];
    b.upper.y = n->uy[k];
    return b;
}

/* ---- class functions ---- */

static void st_destroy(c2d_index *index) {
    c2d_static_tree *t = st_cast(index);
    c2d_allocator a = index->allocator;
    size_t n = (size_t)t->count;
    c2d_bp_free(&a, t->nodes, (size_t)t->node_count * sizeof *t->nodes);
    c2d_bp_free(&a, t->boxes, n * sizeof *t->boxes);
    c2d_bp_free(&a, t->items, n * sizeof *t->items);
    c2d_bp_free(&a, t->position, n * sizeof *t->position);
    c2d_bp_base_free(index);
    c2d_bp_free(&a, t, sizeof *t);
}

static int32_t st_count(const c2d_index *index) { return st_ccast(index)->count; }

static c2d_status st_insert(c2d_index *index, c2d_aabb box, uint64_t user_data, int32_t *out_id) {
    (void)index; (void)box; (void)user_data; (void)out_id;
    return C2D_ERR_UNSUPPORTED;
}

static c2d_status st_remove(c2d_index *index, int32_t id) {
    (void)index; (void)id;
    return C2D_ERR_UNSUPPORTED;
}

static c2d_status st_move(c2d_index *index, int32_t id, c2d_aabb box) {
    (void)index; (void)id; (void)box;
    return C2D_ERR_UNSUPPORTED;
}

static bool st_get(const c2d_index *index, int32_t id, c2d_aabb *box, uint64_t *user_data) {
    const c2d_static_tree *t = st_ccast(index);
    if (id < 0 || id >= t->count) return false;
    *box = t->boxes[t->position[id]];
    *user_data = t->items[t->position[id]].user;
    return true;
}

/* Depth-first walk: item lanes are tested with the strict rule (their boxes are the users'), node
 * lanes with the closed rule; lanes are visited in order. */
static void st_query_aabb(const c2d_index *index, c2d_aabb box, c2d_index_query_fn *fn, void *context) {
    const c2d_static_tree *t = st_ccast(index);
    int32_t stack[C2D_INDEX_STACK];
    int sp = 0;
    if (t->count == 0) return;
    stack[sp++] = 0;
    while (sp > 0) {
        const c2d_static_wnode *n = &t->nodes[stack[--sp]];
        int32_t push[C2D_STATIC_WIDTH];
        int k, np = 0;
        for (k = 0; k < C2D_STATIC_WIDTH; ++k) {
            int32_t c = n->child[k];
            if (c == C2D_STATIC_NONE) break;
            if (c < 0) {
                if (n->lx[k] < box.upper.x && box.lower.x < n->ux[k] && n->ly[k] < box.upper.y && box.lower.y < n->uy[k] &&
                    !fn(t->items[~c].id, t->items[~c].user, context))
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
 * pushed far to near; a popped node entered after the current end is skipped. */
static void st_raycast(const c2d_index *index, c2d_bp_ray *ray, c2d_index_raycast_fn *fn, void *context) {
    const c2d_static_tree *t = st_ccast(index);
    const c2d_static_wnode *nodes = t->nodes;
    /* Room for a whole node's lanes past the bound: the pushes below write all four. */
    int32_t stack[C2D_INDEX_STACK + C2D_STATIC_WIDTH];
    c2d_real enter[C2D_INDEX_STACK + C2D_STATIC_WIDTH];
    const c2d_real ox = ray->ray.origin.x, oy = ray->ray.origin.y;
    const c2d_real ix = ray->move_x ? ray->inv_x : (c2d_real)INFINITY;
    const c2d_real iy = ray->move_y ? ray->inv_y : (c2d_real)INFINITY;
    int sp = 0;
    if (t->count == 0) return;
    stack[0] = 0;
    enter[0] = 0;
    sp = 1;
    while (sp > 0) {
        const c2d_static_wnode *n;
        c2d_real lo[C2D_STATIC_WIDTH];
        uint64_t key[C2D_STATIC_WIDTH];
        unsigned hits, items, m, k;
        int np;
        --sp;
        if (enter[sp] > ray->ray.max_fraction) continue;
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
            if (c2d_bp_ray_box(ray, st_lane_box(n, (int)k), &f) && !c2d_bp_ray_report(ray, fn, t->items[~c].id, t->items[~c].user, f, context))
                return;
        }
        hits &= ~items;
        /* Node lanes, sorted far to near without branches: a key per lane that orders by entry
         * (the bits of a non-negative float order as its value) then by lane, 0 for a lane that
         * missed; a sorting network puts the keys in decreasing order and every lane is written
         * to the stack, of which the first np (the hits, farthest first) are kept. */
        for (k = 0; k < C2D_STATIC_WIDTH; ++k) {
            uint64_t keep = (uint64_t)0 - (uint64_t)(hits >> k & 1u);
            key[k] = ((st_float_bits(lo[k]) + 1u) << 8 | (uint64_t)(C2D_STATIC_WIDTH - 1 - k)) & keep;
        }
        C2D_ST_SORT2(key[0], key[1]);
        C2D_ST_SORT2(key[2], key[3]);
        C2D_ST_SORT2(key[0], key[2]);
        C2D_ST_SORT2(key[1], key[3]);
        C2D_ST_SORT2(key[1], key[2]);
        np = (int)(0x4332322132212110ull >> (4 * hits) & 0xfu);   /* bits set in hits (4 bits) */
        C2D_ASSERT(sp + np <= C2D_INDEX_STACK);
        if (sp + np > C2D_INDEX_STACK) return;
        for (k = 0; k < C2D_STATIC_WIDTH; ++k) {
            unsigned lane = C2D_STATIC_WIDTH - 1 - (unsigned)(key[k] & 0xffu);
            stack[sp + (int)k] = n->child[lane];
            enter[sp + (int)k] = lo[lane];
        }
        sp += np;
    }
}

/* One-shot pairs: the shared strip sweep over the boxes (broadphase_pairs.c), which is faster than
 * descending the tree against itself. */
static c2d_status st_find_pairs(c2d_index *index) {
    c2d_static_tree *t = st_cast(index);
    int32_t i;
    c2d_bp_srec *r = c2d_bp_sweep_reserve(index, t->count);
    if (r == NULL) return C2D_ERR_OUT_OF_MEMORY;
    for (i = 0; i < t->count; ++i) c2d_bp_srec_set(&r[i], t->boxes[i], t->items[i].id, false);
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
 * forward, item lanes hold the user's box and meet the items in leaf order. Returns the items
 * seen or -1. */
static int32_t st_validate_node(const c2d_static_tree *t, int32_t ni, int depth, int32_t *next_item) {
    const c2d_static_wnode *n;
    int32_t seen = 0;
    int k;
    if (ni < 0 || ni >= t->node_count || depth > C2D_STATIC_MAX_DEPTH + 33) return -1;
    n = &t->nodes[ni];
    if (n->child[0] == C2D_STATIC_NONE) return -1;
    for (k = 0; k < C2D_STATIC_WIDTH; ++k) {
        int32_t c = n->child[k], s;
        c2d_aabb lane = st_lane_box(n, k);
        if (c == C2D_STATIC_NONE) {
            for (; k < C2D_STATIC_WIDTH; ++k) if (n->child[k] != C2D_STATIC_NONE) return -1;
            break;
        }
        if (c < 0) {
            int32_t i = ~c;
            if (i != *next_item || i >= t->count) return -1;
            if (memcmp(&lane, &t->boxes[i], sizeof lane) != 0) return -1;
            if (t->items[i].id < 0 || t->items[i].id >= t->count || t->position[t->items[i].id] != i) return -1;
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
    if (t->count == 0) return t->node_count == 0;
    return st_validate_node(t, 0, 0, &next) == t->count && next == t->count && t->node_count <= t->count;
}

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
};

c2d_status c2d_static_tree_create(const c2d_index_config *config, const c2d_aabb *boxes, const uint64_t *user_data,
                                  int32_t count, c2d_index **out) {
    c2d_allocator a;
    c2d_static_tree *t;
    c2d_static_build sb;
    size_t n;
    int32_t i;
    if (out == NULL) return C2D_ERR_NULL_ARG;
    *out = NULL;
    if (!c2d_bp_allocator_init(&a, config)) return C2D_ERR_NULL_ARG;
    if (count < 0) return C2D_ERR_BAD_SIZE;
    if (count > 0 && boxes == NULL) return C2D_ERR_NULL_ARG;
    if (count > INT32_MAX / 2) return C2D_ERR_OUT_OF_MEMORY;
    for (i = 0; i < count; ++i) {
        c2d_status s = c2d_check_vec2(boxes[i].lower);
        if (s == C2D_OK) s = c2d_check_vec2(boxes[i].upper);
        if (s != C2D_OK) return s;
        if (!(boxes[i].lower.x <= boxes[i].upper.x && boxes[i].lower.y <= boxes[i].upper.y)) return C2D_ERR_BAD_SIZE;
    }
    n = (size_t)count;
    t = (c2d_static_tree *)c2d_bp_alloc(&a, sizeof *t);
    if (t == NULL) return C2D_ERR_OUT_OF_MEMORY;
    memset(t, 0, sizeof *t);
    c2d_bp_base_init(&t->base, &c2d_static_tree_class, &a);
    t->count = count;
    t->boxes = (c2d_aabb *)c2d_bp_alloc(&a, n * sizeof *t->boxes);
    t->items = (c2d_static_item *)c2d_bp_alloc(&a, n * sizeof *t->items);
    t->position = (int32_t *)c2d_bp_alloc(&a, n * sizeof *t->position);
    if (!t->boxes || !t->items || !t->position) {
        st_destroy(&t->base);
        return C2D_ERR_OUT_OF_MEMORY;
    }
    if (count > 0) {
        /* The binary tree and a wide-node array as large as the wide tree can be (at most one node
         * per box: every node has two lanes or more, but a lone box's root) are scratch; the wide
         * nodes are then copied into an array of their exact count. */
        size_t bin_size = 2 * n * sizeof(c2d_static_node), wide_size = n * sizeof(c2d_static_wnode);
        c2d_static_node *bin = (c2d_static_node *)c2d_bp_alloc(&a, bin_size);
        c2d_static_wnode *wide = (c2d_static_wnode *)c2d_bp_alloc(&a, wide_size);
        c2d_static_collapse sc;
        if (bin == NULL || wide == NULL) {
            c2d_bp_free(&a, bin, bin != NULL ? bin_size : 0);
            c2d_bp_free(&a, wide, wide != NULL ? wide_size : 0);
            st_destroy(&t->base);
            return C2D_ERR_OUT_OF_MEMORY;
        }
        /* position[] doubles as the build's item array: partitioning in place leaves the ids in
         * leaf order, which the items then take before position[] gets its real contents. */
        for (i = 0; i < count; ++i) t->position[i] = i;
        sb.nodes = bin;
        sb.node_count = 0;
        sb.boxes = boxes;
        sb.items = t->position;
        st_build(&sb, t->position, count, 0);
        for (i = 0; i < count; ++i) {
            int32_t id = t->position[i];
            t->boxes[i] = boxes[id];
            t->items[i].user = user_data != NULL ? user_data[id] : (uint64_t)id;
            t->items[i].id = id;
        }
        for (i = 0; i < count; ++i) t->position[t->items[i].id] = i;
        sc.bin = bin;
        sc.boxes = t->boxes;
        sc.nodes = wide;
        sc.node_count = 0;
        st_collapse(&sc, 0);
        C2D_ASSERT(sc.node_count <= count);
        t->nodes = (c2d_static_wnode *)c2d_bp_alloc(&a, (size_t)sc.node_count * sizeof *t->nodes);
        if (t->nodes != NULL) {
            memcpy(t->nodes, wide, (size_t)sc.node_count * sizeof *t->nodes);
            t->node_count = sc.node_count;
        }
        c2d_bp_free(&a, bin, bin_size);
        c2d_bp_free(&a, wide, wide_size);
        if (t->nodes == NULL) {
            st_destroy(&t->base);
            return C2D_ERR_OUT_OF_MEMORY;
        }
    }
    *out = &t->base;
    return C2D_OK;
}
