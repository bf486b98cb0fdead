/* Static tree: a bounding volume hierarchy built once over a fixed set of boxes (level geometry).
 *
 * Construction is top-down with binned surface-area splitting (Wald, "On fast construction of
 * SAH-based bounding volume hierarchies", 2007), with perimeter as the 2D surface area: the box
 * centers are dropped into 16 bins along each axis and the split plane between bins that minimises
 * perimeter(left) * count(left) + perimeter(right) * count(right) wins. Nodes are laid out flat in
 * depth-first order, so a node's first child is the next node and only the second child's index is
 * stored (as in pbrt's linear BVH); leaves hold up to 4 boxes, stored contiguously in leaf order
 * with their ids and user data. Past C2D_STATIC_MAX_DEPTH levels the build switches to median
 * splits, which bounds the height (and the traversal stacks) for any input. */
#include <string.h>
#include "broadphase_internal.h"

#define C2D_STATIC_LEAF_SIZE 4
#define C2D_STATIC_BINS 16
#define C2D_STATIC_MAX_DEPTH 48

typedef struct c2d_static_node {
    c2d_aabb box;
    int32_t start;    /* internal: index of the second child; leaf: first item (leaf order) */
    int32_t count;    /* leaf: number of items (>= 1); internal: 0 */
} c2d_static_node;

typedef struct c2d_static_tree {
    c2d_index base;
    c2d_static_node *nodes;
    int32_t node_count;
    int32_t count;        /* boxes */
    c2d_aabb *boxes;      /* leaf order */
    int32_t *ids;         /* leaf order: the box's id (position in the caller's array) */
    uint64_t *user;       /* leaf order */
    int32_t *position;    /* id -> leaf-order position */
    bool reported;        /* update_pairs has reported the initial pairs */
} c2d_static_tree;

static c2d_static_tree *st_cast(c2d_index *index) { return (c2d_static_tree *)index; }
static const c2d_static_tree *st_ccast(const c2d_index *index) { return (const c2d_static_tree *)index; }

static c2d_real st_perimeter(c2d_aabb b) { return (b.upper.x - b.lower.x) + (b.upper.y - b.lower.y); }

/* ---- build ---- */

typedef struct c2d_static_build {
    c2d_static_tree *tree;
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
    c2d_static_tree *t = sb->tree;
    int32_t node = t->node_count++, i, left;
    c2d_aabb box = sb->boxes[items[0]];
    for (i = 1; i < n; ++i) box = c2d_aabb_union(box, sb->boxes[items[i]]);
    t->nodes[node].box = box;
    if (n <= C2D_STATIC_LEAF_SIZE) {
        t->nodes[node].start = (int32_t)(items - sb->items);
        t->nodes[node].count = n;
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
    t->nodes[node].start = st_build(sb, items + left, n - left, depth + 1);
    t->nodes[node].count = 0;
    return node;
}

/* ---- class functions ---- */

static void st_destroy(c2d_index *index) {
    c2d_static_tree *t = st_cast(index);
    c2d_allocator a = index->allocator;
    size_t n = (size_t)t->count;
    c2d_bp_free(&a, t->nodes, (n > 0 ? 2 * n : 1) * sizeof *t->nodes);
    c2d_bp_free(&a, t->boxes, n * sizeof *t->boxes);
    c2d_bp_free(&a, t->ids, n * sizeof *t->ids);
    c2d_bp_free(&a, t->user, n * sizeof *t->user);
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
    *user_data = t->user[t->position[id]];
    return true;
}

/* Depth-first walk pruned by closed tests on the node boxes; leaf buckets test the users' boxes. */
static void st_query_aabb(const c2d_index *index, c2d_aabb box, c2d_index_query_fn *fn, void *context) {
    const c2d_static_tree *t = st_ccast(index);
    int32_t stack[C2D_INDEX_STACK];
    int sp = 0;
    if (t->count == 0) return;
    stack[sp++] = 0;
    while (sp > 0) {
        int32_t ni = stack[--sp];
        const c2d_static_node *n = &t->nodes[ni];
        if (!c2d_bp_overlap_closed(n->box, box)) continue;
        if (n->count > 0) {
            int32_t i, end = n->start + n->count;
            for (i = n->start; i < end; ++i)
                if (c2d_bp_overlap(t->boxes[i], box) && !fn(t->ids[i], t->user[i], context)) return;
        } else {
            C2D_ASSERT(sp + 2 <= C2D_INDEX_STACK);
            if (sp + 2 > C2D_INDEX_STACK) return;
            stack[sp++] = n->start;
            stack[sp++] = ni + 1;
        }
    }
}

/* As the dynamic tree's ray cast: children tested when opened, nearer one first, skipped when
 * popped if the ray has been clipped before them. */
static void st_raycast(const c2d_index *index, c2d_bp_ray *ray, c2d_index_raycast_fn *fn, void *context) {
    const c2d_static_tree *t = st_ccast(index);
    int32_t stack[C2D_INDEX_STACK];
    c2d_real enter[C2D_INDEX_STACK];
    int sp = 0;
    if (t->count == 0 || !c2d_bp_ray_cull(ray, t->nodes[0].box, &enter[0])) return;
    stack[sp++] = 0;
    while (sp > 0) {
        int32_t ni;
        const c2d_static_node *n;
        --sp;
        if (enter[sp] > ray->ray.max_fraction) continue;
        ni = stack[sp];
        n = &t->nodes[ni];
        if (n->count > 0) {
            int32_t i, end = n->start + n->count;
            for (i = n->start; i < end; ++i) {
                c2d_real f;
                /* The closed slab test first: cheap, and it rejects most items. */
                if (!c2d_bp_ray_cull(ray, t->boxes[i], &f)) continue;
                if (c2d_bp_ray_box(ray, t->boxes[i], &f) && !c2d_bp_ray_report(ray, fn, t->ids[i], t->user[i], f, context))
                    return;
            }
        } else {
            c2d_real e1 = 0, e2 = 0;
            bool h1 = c2d_bp_ray_cull(ray, t->nodes[ni + 1].box, &e1);
            bool h2 = c2d_bp_ray_cull(ray, t->nodes[n->start].box, &e2);
            C2D_ASSERT(sp + 2 <= C2D_INDEX_STACK);
            if (sp + 2 > C2D_INDEX_STACK) return;
            if (h1 && h2) {
                bool near1 = e1 <= e2;
                stack[sp] = near1 ? n->start : ni + 1;
                enter[sp++] = near1 ? e2 : e1;
                stack[sp] = near1 ? ni + 1 : n->start;
                enter[sp++] = near1 ? e1 : e2;
            } else if (h1 || h2) {
                stack[sp] = h1 ? ni + 1 : n->start;
                enter[sp++] = h1 ? e1 : e2;
            }
        }
    }
}

/* One-shot pairs: the shared strip sweep over the boxes (broadphase_pairs.c), which is faster than
 * descending the tree against itself. */
static c2d_status st_find_pairs(c2d_index *index) {
    c2d_static_tree *t = st_cast(index);
    int32_t i;
    c2d_bp_srec *r = c2d_bp_sweep_reserve(index, t->count);
    if (r == NULL) return C2D_ERR_OUT_OF_MEMORY;
    for (i = 0; i < t->count; ++i) c2d_bp_srec_set(&r[i], t->boxes[i], t->ids[i], false);
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

/* Checks a subtree: boxes enclose children and items, leaves are in order. Returns the items seen
 * or -1. */
static int32_t st_validate_node(const c2d_static_tree *t, int32_t ni, int depth, int32_t *next_item) {
    const c2d_static_node *n;
    if (ni < 0 || ni >= t->node_count || depth > C2D_STATIC_MAX_DEPTH + 33) return -1;
    n = &t->nodes[ni];
    if (n->count > 0) {
        int32_t i;
        if (n->start != *next_item || n->count > C2D_STATIC_LEAF_SIZE || n->start + n->count > t->count) return -1;
        for (i = n->start; i < n->start + n->count; ++i) {
            if (!c2d_aabb_contains(n->box, t->boxes[i])) return -1;
            if (t->ids[i] < 0 || t->ids[i] >= t->count || t->position[t->ids[i]] != i) return -1;
        }
        *next_item += n->count;
        return n->count;
    } else {
        int32_t a, b;
        if (n->start <= ni + 1) return -1;
        if (!c2d_aabb_contains(n->box, t->nodes[ni + 1].box) || !c2d_aabb_contains(n->box, t->nodes[n->start].box)) return -1;
        a = st_validate_node(t, ni + 1, depth + 1, next_item);
        if (a < 0) return -1;
        b = st_validate_node(t, n->start, depth + 1, next_item);
        return b < 0 ? -1 : a + b;
    }
}

static bool st_validate(const c2d_index *index) {
    const c2d_static_tree *t = st_ccast(index);
    int32_t next = 0;
    if (t->count == 0) return t->node_count == 0;
    return st_validate_node(t, 0, 0, &next) == t->count && next == t->count && t->node_count <= 2 * t->count;
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
    t->nodes = (c2d_static_node *)c2d_bp_alloc(&a, (n > 0 ? 2 * n : 1) * sizeof *t->nodes);
    t->boxes = (c2d_aabb *)c2d_bp_alloc(&a, n * sizeof *t->boxes);
    t->ids = (int32_t *)c2d_bp_alloc(&a, n * sizeof *t->ids);
    t->user = (uint64_t *)c2d_bp_alloc(&a, n * sizeof *t->user);
    t->position = (int32_t *)c2d_bp_alloc(&a, n * sizeof *t->position);
    if (!t->nodes || !t->boxes || !t->ids || !t->user || !t->position) {
        st_destroy(&t->base);
        return C2D_ERR_OUT_OF_MEMORY;
    }
    if (count > 0) {
        /* ids[] doubles as the build's item array: partitioning in place leaves it in leaf order. */
        for (i = 0; i < count; ++i) t->ids[i] = i;
        sb.tree = t;
        sb.boxes = boxes;
        sb.items = t->ids;
        st_build(&sb, t->ids, count, 0);
        for (i = 0; i < count; ++i) {
            int32_t id = t->ids[i];
            t->boxes[i] = boxes[id];
            t->user[i] = user_data != NULL ? user_data[id] : (uint64_t)id;
            t->position[id] = i;
        }
    }
    *out = &t->base;
    return C2D_OK;
}
