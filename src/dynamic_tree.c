/* Dynamic AABB tree: a binary bounding volume hierarchy over fat boxes, updated incrementally.
 *
 * The technique is the one of Box2D's b2DynamicTree and Bullet's btDbvt (after Goldsmith and
 * Salmon's incremental hierarchy construction): each leaf holds a proxy's box grown by a margin
 * (and optionally stretched along its motion), so small moves change nothing; a box that leaves its
 * fat box is removed and re-inserted. Insertion walks down from the root choosing, at each node,
 * the child whose box grows least in perimeter (the 2D surface area heuristic); rotations on the
 * way back up keep the two subtrees of every node within one level of height (AVL balance), which
 * bounds the height by 1.44 log2 n and so the traversal stacks. Nodes live in one array and refer
 * to each other by index; freed nodes form a free list. The users' exact boxes live in the proxy
 * table, so every leaf test is made on them: fat boxes only prune.
 *
 * Insertion in arbitrary order builds trees that queries cross about twice as slowly as a top-down
 * build (median splits, nodes laid out depth-first). The tree rebuilds itself that way in full when
 * it has doubled since its last full rebuild; under motion it instead rebuilds one slice (a subtree
 * of up to 1024 leaves) at a time, in place, paid by the moves' re-insertions, so no frame carries
 * a whole rebuild. One-shot pairs, and per-frame pairs when many proxies moved, come from the
 * shared strip sweep (broadphase_pairs.c). */
#include <string.h>
#include "broadphase_internal.h"

/* Per-frame pairs use the strip sweep when more than one proxy in this many moved. */
#define DT_SWEEP_DIVISOR 64
/* A tree of at least this many proxies rebuilds itself in full once it holds twice as many as at its
 * last full rebuild, and otherwise keeps its quality by rebuilding one slice at a time. */
#define DT_AUTO_REBUILD_MIN 1024
/* Leaves of slice rebuild earned by each re-insertion of a moved leaf. */
#define DT_SLICE_CREDIT 1
/* Slices are subtrees of height at most 6..10 (up to 64..1024 leaves), one per 64th of the tree. */
#define DT_SLICE_HEIGHT_MIN 6
#define DT_SLICE_HEIGHT_MAX 10

typedef struct c2d_tree_node {
    c2d_aabb box;   /* leaf: fat box; internal: union of the children's boxes */
    int32_t parent; /* -1 at the root; free node: next free node */
    int32_t child1; /* -1 for a leaf */
    int32_t child2; /* leaf: proxy id */
    int32_t height; /* 0 for a leaf, -1 for a free node */
} c2d_tree_node;

typedef struct c2d_dynamic_tree {
    c2d_index base;
    c2d_bp_proxies proxies;
    c2d_tree_node *nodes;
    int32_t node_capacity;
    int32_t node_used; /* nodes below this have been handed out at least once */
    int32_t node_free; /* free list head, or -1 */
    int32_t root;
    c2d_real margin;     /* >= 0 */
    c2d_real prediction; /* >= 0 */
    int32_t churn;       /* leaves inserted or re-inserted since the last rebuild */
    int32_t full_size;   /* proxies at the last full rebuild */
    int32_t credit;      /* leaves the slice rebuilds may still rebuild */
    int32_t cursor;      /* node index where the search for the next slice starts */
    void *slice_mem;     /* kept scratch of the slice rebuilds */
    size_t slice_bytes;
} c2d_dynamic_tree;

static c2d_status dt_rebuild(c2d_index *index);
static void dt_slice_step(c2d_dynamic_tree *t);

static c2d_dynamic_tree *dt_cast(c2d_index *index) { return (c2d_dynamic_tree *)index; }
static const c2d_dynamic_tree *dt_ccast(const c2d_index *index) { return (const c2d_dynamic_tree *)index; }

static c2d_real dt_perimeter(c2d_aabb b) {
    return (b.upper.x - b.lower.x) + (b.upper.y - b.lower.y);
}

/* Twice the Manhattan distance between two box centers. */
static c2d_real dt_center_distance(c2d_aabb a, c2d_aabb b) {
    return C2D_ABS((a.lower.x + a.upper.x) - (b.lower.x + b.upper.x)) + C2D_ABS((a.lower.y + a.upper.y) - (b.lower.y + b.upper.y));
}

static bool dt_is_leaf(const c2d_tree_node *n) { return n->child1 < 0; }

/* ---- node pool ---- */

/* Makes sure extra nodes can be taken (from the free list or new room) without failing later. */
static bool dt_reserve_nodes(c2d_dynamic_tree *t, int32_t extra) {
    int32_t free_count = 0, i = t->node_free;
    void *nodes;
    while (i >= 0 && free_count < extra) {
        ++free_count;
        i = t->nodes[i].parent;
    }
    if (free_count >= extra) return true;
    if (t->node_used > INT32_MAX - extra) return false;
    nodes = t->nodes;
    if (!c2d_bp_reserve(&t->base.allocator, &nodes, &t->node_capacity, t->node_used + extra - free_count, sizeof *t->nodes))
        return false;
    t->nodes = (c2d_tree_node *)nodes;
    return true;
}

/* Takes a node (room must have been reserved). */
static int32_t dt_alloc_node(c2d_dynamic_tree *t) {
    int32_t n;
    if (t->node_free >= 0) {
        n = t->node_free;
        t->node_free = t->nodes[n].parent;
    } else {
        n = t->node_used++;
    }
    t->nodes[n].parent = -1;
    t->nodes[n].child1 = -1;
    t->nodes[n].child2 = -1;
    t->nodes[n].height = 0;
    return n;
}

static void dt_free_node(c2d_dynamic_tree *t, int32_t n) {
    t->nodes[n].parent = t->node_free;
    t->nodes[n].height = -1;
    t->nodes[n].child1 = -1;
    t->node_free = n;
}

/* The fat box of a user's box: grown by the margin on every side and, with prediction, stretched
 * by prediction times the displacement on the side it moves toward. */
static c2d_aabb dt_fatten(const c2d_dynamic_tree *t, c2d_aabb box, c2d_vec2 displacement) {
    c2d_aabb f;
    c2d_real dx = t->prediction * displacement.x, dy = t->prediction * displacement.y;
    f.lower = c2d_v2(box.lower.x - t->margin, box.lower.y - t->margin);
    f.upper = c2d_v2(box.upper.x + t->margin, box.upper.y + t->margin);
    if (dx < 0) f.lower.x += dx;
    else f.upper.x += dx;
    if (dy < 0) f.lower.y += dy;
    else f.upper.y += dy;
    return f;
}

/* ---- structure ---- */

/* Refreshes a node's height and box from its children. */
static void dt_refit(c2d_dynamic_tree *t, int32_t n) {
    c2d_tree_node *node = &t->nodes[n];
    const c2d_tree_node *a = &t->nodes[node->child1], *b = &t->nodes[node->child2];
    node->height = 1 + (a->height > b->height ? a->height : b->height);
    node->box = c2d_aabb_union(a->box, b->box);
}

static void dt_replace_child(c2d_dynamic_tree *t, int32_t parent, int32_t old_child, int32_t new_child) {
    if (parent < 0) {
        t->root = new_child;
    } else if (t->nodes[parent].child1 == old_child) {
        t->nodes[parent].child1 = new_child;
    } else {
        t->nodes[parent].child2 = new_child;
    }
}

/* AVL rotation for a node whose children differ in height by 2: its taller child c moves up into
 * its place; c keeps its own taller child and hands the shorter one down to the old node. In a
 * hierarchy the order of children is free, so this single rotation always restores balance (the
 * double rotation of an ordered AVL tree is not needed). Returns the subtree's new root. */
static int32_t dt_balance(c2d_dynamic_tree *t, int32_t a) {
    c2d_tree_node *na = &t->nodes[a];
    int32_t c, f, g, keep, give;
    int32_t hb, hc;
    if (dt_is_leaf(na) || na->height < 2) return a;
    hb = t->nodes[na->child1].height;
    hc = t->nodes[na->child2].height;
    if (hc - hb > 1) {
        c = na->child2;
    } else if (hb - hc > 1) {
        c = na->child1;
    } else {
        return a;
    }
    f = t->nodes[c].child1;
    g = t->nodes[c].child2;
    if (t->nodes[f].height > t->nodes[g].height) {
        keep = f;
        give = g;
    } else {
        keep = g;
        give = f;
    }
    /* c takes a's place under a's parent. */
    t->nodes[c].parent = na->parent;
    dt_replace_child(t, na->parent, a, c);
    /* a keeps its shorter child and receives give; c gets a and keep. */
    if (na->child1 == c) na->child1 = give;
    else na->child2 = give;
    t->nodes[give].parent = a;
    na->parent = c;
    t->nodes[c].child1 = a;
    t->nodes[c].child2 = keep;
    t->nodes[keep].parent = c;
    dt_refit(t, a);
    dt_refit(t, c);
    return c;
}

/* Walks from n to the root, rebalancing and refitting every node on the way. */
static void dt_fix_upwards(c2d_dynamic_tree *t, int32_t n) {
    while (n >= 0) {
        n = dt_balance(t, n);
        dt_refit(t, n);
        n = t->nodes[n].parent;
    }
}

/* Chooses the leaf's sibling and links the leaf in (one free node must be available). Descent
 * picks the child whose box grows least in perimeter (ties: the nearer center); a parent may only
 * be made above a node of height <= 1, which keeps the AVL invariant repairable by single
 * rotations on the way up. At a
 * node of height 1 the choice between pairing with the node itself and descending to one of its
 * leaves is made by comparing the perimeter each option adds. */
static void dt_insert_leaf(c2d_dynamic_tree *t, int32_t leaf) {
    c2d_aabb box = t->nodes[leaf].box;
    int32_t sibling, old_parent, parent;
    if (t->root < 0) {
        t->root = leaf;
        t->nodes[leaf].parent = -1;
        return;
    }
    sibling = t->root;
    while (!dt_is_leaf(&t->nodes[sibling])) {
        const c2d_tree_node *n = &t->nodes[sibling];
        const c2d_tree_node *c1 = &t->nodes[n->child1], *c2 = &t->nodes[n->child2];
        c2d_real combined = dt_perimeter(c2d_aabb_union(n->box, box));
        c2d_real cost1 = dt_perimeter(c2d_aabb_union(c1->box, box)) - (dt_is_leaf(c1) ? 0 : dt_perimeter(c1->box));
        c2d_real cost2 = dt_perimeter(c2d_aabb_union(c2->box, box)) - (dt_is_leaf(c2) ? 0 : dt_perimeter(c2->box));
        if (n->height <= 1) {
            /* Pairing here costs a parent of perimeter `combined`; descending costs the new parent
             * under this node plus this node's growth. */
            c2d_real growth = combined - dt_perimeter(n->box);
            c2d_real best_child = cost1 <= cost2 ? cost1 : cost2;
            if (combined <= best_child + growth) break;
        }
        if (cost1 == cost2) {
            /* A tie (typically the box fits in both children: no growth) goes to the child whose
             * center is nearer, as in Box2D v3. */
            cost1 = dt_center_distance(c1->box, box);
            cost2 = dt_center_distance(c2->box, box);
        }
        sibling = cost1 <= cost2 ? n->child1 : n->child2;
    }
    old_parent = t->nodes[sibling].parent;
    parent = dt_alloc_node(t);
    t->nodes[parent].parent = old_parent;
    t->nodes[parent].child1 = sibling;
    t->nodes[parent].child2 = leaf;
    t->nodes[sibling].parent = parent;
    t->nodes[leaf].parent = parent;
    dt_replace_child(t, old_parent, sibling, parent);
    dt_fix_upwards(t, parent);
}

/* Unlinks a leaf: its sibling takes the parent's place and the parent node is freed. */
static void dt_remove_leaf(c2d_dynamic_tree *t, int32_t leaf) {
    int32_t parent, grand, sibling;
    if (leaf == t->root) {
        t->root = -1;
        return;
    }
    parent = t->nodes[leaf].parent;
    grand = t->nodes[parent].parent;
    sibling = t->nodes[parent].child1 == leaf ? t->nodes[parent].child2 : t->nodes[parent].child1;
    dt_replace_child(t, grand, parent, sibling);
    t->nodes[sibling].parent = grand;
    dt_free_node(t, parent);
    dt_fix_upwards(t, grand);
}

/* Counts a leaf insertion (moved: a re-insertion by a move). Incremental insertion in arbitrary
 * order builds trees that queries cross about twice as slowly as a top-down build. In a tree of at
 * least DT_AUTO_REBUILD_MIN proxies, growth to twice the proxies of the last full rebuild rebuilds
 * the whole tree (O(1) amortised per insertion). Moves only shuffle the leaves, and a full rebuild
 * would stall the frame it falls in (20 ms at 100k proxies), so each re-insertion by a move earns
 * DT_SLICE_CREDIT leaves of rebuild instead, spent one slice (a subtree of up to 1024 leaves) at a
 * time as soon as they pay for one: the work follows the churn, frame by frame, and every slice
 * comes round again once the churn reaches the size of the tree (twice that rate made frames of
 * 100k proxies no faster). Out of memory only postpones either. */
static void dt_churn(c2d_dynamic_tree *t, bool moved) {
    if (t->churn < INT32_MAX) t->churn++;
    if (t->proxies.live < DT_AUTO_REBUILD_MIN) return;
    if (t->proxies.live / 2 >= t->full_size) {
        (void)dt_rebuild(&t->base);
        return;
    }
    if (!moved) return;
    if (t->credit < INT32_MAX - DT_SLICE_CREDIT) t->credit += DT_SLICE_CREDIT;
    dt_slice_step(t);
}

/* ---- class functions ---- */

static void dt_destroy(c2d_index *index) {
    c2d_dynamic_tree *t = dt_cast(index);
    c2d_allocator a = index->allocator;
    c2d_bp_proxies_free(&t->proxies, &a);
    c2d_bp_free(&a, t->nodes, (size_t)t->node_capacity * sizeof *t->nodes);
    c2d_bp_free(&a, t->slice_mem, t->slice_bytes);
    c2d_bp_base_free(index);
    c2d_bp_free(&a, t, sizeof *t);
}

static int32_t dt_count(const c2d_index *index) {
    return dt_ccast(index)->proxies.live;
}

/* Forgets every node and proxy; the arrays stay. */
static void dt_clear(c2d_index *index) {
    c2d_dynamic_tree *t = dt_cast(index);
    c2d_bp_proxies_clear(&t->proxies);
    t->node_used = 0;
    t->node_free = -1;
    t->root = -1;
    t->churn = 0;
    t->full_size = 0;
    t->credit = 0;
    t->cursor = 0;
}

/* Bulk build: one leaf per box in the kept arrays, then one top-down build (dt_rebuild finds the
 * leaves by scanning the nodes, linked or not); fewer than 3 leaves are linked one by one. */
static c2d_status dt_bulk(c2d_index *index, const c2d_aabb *boxes, const uint64_t *user_data, int32_t count) {
    c2d_dynamic_tree *t = dt_cast(index);
    void *items = t->proxies.items, *moved = t->proxies.moved;
    int32_t i;
    c2d_status s;
    dt_clear(index);
    if (count == 0) return C2D_OK;
    if (count > INT32_MAX / 2 || !dt_reserve_nodes(t, 2 * count) ||
        !c2d_bp_reserve(&index->allocator, &items, &t->proxies.capacity, count, sizeof *t->proxies.items)) return C2D_ERR_OUT_OF_MEMORY;
    t->proxies.items = (c2d_bp_proxy *)items;
    if (!c2d_bp_reserve(&index->allocator, &moved, &t->proxies.moved_capacity, count, sizeof *t->proxies.moved))
        return C2D_ERR_OUT_OF_MEMORY;
    t->proxies.moved = (int32_t *)moved;
    for (i = 0; i < count; ++i) {
        c2d_bp_proxy *p = &t->proxies.items[i];
        int32_t leaf = dt_alloc_node(t);
        t->nodes[leaf].box = dt_fatten(t, boxes[i], c2d_v2(0, 0));
        t->nodes[leaf].child2 = i;
        p->box = boxes[i];
        p->user_data = user_data != NULL ? user_data[i] : (uint64_t)i;
        p->slot = leaf;
        p->link = 1;
        t->proxies.moved[i] = i;
    }
    t->proxies.used = t->proxies.live = t->proxies.moved_count = count;
    if (count < 3) {
        for (i = 0; i < count; ++i) dt_insert_leaf(t, t->proxies.items[i].slot);
        return C2D_OK;
    }
    s = dt_rebuild(index);
    if (s != C2D_OK) dt_clear(index);
    return s;
}

static c2d_status dt_insert(c2d_index *index, c2d_aabb box, uint64_t user_data, int32_t *out_id) {
    c2d_dynamic_tree *t = dt_cast(index);
    int32_t id, leaf;
    if (!dt_reserve_nodes(t, 2)) return C2D_ERR_OUT_OF_MEMORY;
    id = c2d_bp_proxies_add(&t->proxies, &index->allocator, box, user_data);
    if (id < 0) return C2D_ERR_OUT_OF_MEMORY;
    leaf = dt_alloc_node(t);
    t->nodes[leaf].box = dt_fatten(t, box, c2d_v2(0, 0));
    t->nodes[leaf].child2 = id;
    t->proxies.items[id].slot = leaf;
    dt_insert_leaf(t, leaf);
    dt_churn(t, false);
    *out_id = id;
    return C2D_OK;
}

static c2d_status dt_remove(c2d_index *index, int32_t id) {
    c2d_dynamic_tree *t = dt_cast(index);
    int32_t leaf;
    if (!c2d_bp_proxies_live(&t->proxies, id)) return C2D_ERR_BAD_ID;
    leaf = t->proxies.items[id].slot;
    dt_remove_leaf(t, leaf);
    dt_free_node(t, leaf);
    c2d_bp_proxies_remove(&t->proxies, id);
    if (t->full_size > t->proxies.live) t->full_size = t->proxies.live;
    return C2D_OK;
}

/* A move keeps the leaf where it is while the new box stays inside the fat box and the fat box is
 * not much larger than a fresh one would be (a box that shrank, or stopped moving after a long
 * predicted stretch); otherwise the leaf is re-inserted with a fresh fat box. */
static c2d_status dt_move(c2d_index *index, int32_t id, c2d_aabb box) {
    c2d_dynamic_tree *t = dt_cast(index);
    c2d_bp_proxy *p = &t->proxies.items[id];
    int32_t leaf = p->slot;
    c2d_aabb fat = t->nodes[leaf].box, fresh, loose;
    c2d_vec2 disp;
    c2d_real slack;
    if (!c2d_bp_proxies_mark(&t->proxies, &index->allocator, id)) return C2D_ERR_OUT_OF_MEMORY;
    p = &t->proxies.items[id];
    disp = c2d_scale(c2d_add(c2d_sub(box.lower, p->box.lower), c2d_sub(box.upper, p->box.upper)), (c2d_real)0.5);
    fresh = dt_fatten(t, box, disp);
    slack = 4 * t->margin;
    loose.lower = c2d_v2(fresh.lower.x - slack, fresh.lower.y - slack);
    loose.upper = c2d_v2(fresh.upper.x + slack, fresh.upper.y + slack);
    p->box = box;
    if (c2d_aabb_contains(fat, box) && c2d_aabb_contains(loose, fat)) return C2D_OK;
    dt_remove_leaf(t, leaf);
    t->nodes[leaf].box = fresh;
    dt_insert_leaf(t, leaf);
    dt_churn(t, true);
    return C2D_OK;
}

static bool dt_get(const c2d_index *index, int32_t id, c2d_aabb *box, uint64_t *user_data) {
    const c2d_dynamic_tree *t = dt_ccast(index);
    if (!c2d_bp_proxies_live(&t->proxies, id)) return false;
    *box = t->proxies.items[id].box;
    *user_data = t->proxies.items[id].user_data;
    return true;
}

/* Depth-first walk pruned by closed tests on the fat boxes; leaves are tested on the users' boxes. */
static void dt_query_aabb(const c2d_index *index, c2d_aabb box, c2d_index_query_fn *fn, void *context) {
    const c2d_dynamic_tree *t = dt_ccast(index);
    int32_t stack[C2D_INDEX_STACK];
    int sp = 0;
    if (t->root < 0) return;
    stack[sp++] = t->root;
    while (sp > 0) {
        const c2d_tree_node *n = &t->nodes[stack[--sp]];
        if (!c2d_bp_overlap_closed(n->box, box)) continue;
        if (dt_is_leaf(n)) {
            const c2d_bp_proxy *p = &t->proxies.items[n->child2];
            if (c2d_bp_overlap(p->box, box) && !fn(n->child2, p->user_data, context)) return;
        } else {
            C2D_ASSERT(sp + 2 <= C2D_INDEX_STACK);
            if (sp + 2 > C2D_INDEX_STACK) return;
            stack[sp++] = n->child2;
            stack[sp++] = n->child1;
        }
    }
}

/* Depth-first walk pruned by the slab test with the current (clipped) end of the ray. Children
 * are tested when their parent is opened and pushed farther first, with the fraction where the ray
 * enters them; a popped node is skipped when the callback has since clipped the ray before it. */
static void dt_raycast(const c2d_index *index, c2d_bp_ray *ray, c2d_index_raycast_fn *fn, void *context) {
    const c2d_dynamic_tree *t = dt_ccast(index);
    int32_t stack[C2D_INDEX_STACK];
    c2d_real enter[C2D_INDEX_STACK];
    int sp = 0;
    if (t->root < 0 || !c2d_bp_ray_cull(ray, t->nodes[t->root].box, &enter[0])) return;
    stack[sp++] = t->root;
    while (sp > 0) {
        const c2d_tree_node *n;
        --sp;
        if (enter[sp] > ray->ray.max_fraction) continue;
        n = &t->nodes[stack[sp]];
        if (dt_is_leaf(n)) {
            const c2d_bp_proxy *p = &t->proxies.items[n->child2];
            c2d_real f;
            if (c2d_bp_ray_box(ray, p->box, &f) && !c2d_bp_ray_report(ray, fn, n->child2, p->user_data, f, context))
                return;
        } else {
            c2d_real e1 = 0, e2 = 0;
            bool h1 = c2d_bp_ray_cull(ray, t->nodes[n->child1].box, &e1);
            bool h2 = c2d_bp_ray_cull(ray, t->nodes[n->child2].box, &e2);
            C2D_ASSERT(sp + 2 <= C2D_INDEX_STACK);
            if (sp + 2 > C2D_INDEX_STACK) return;
            if (h1 && h2) {
                bool near1 = e1 <= e2;
                stack[sp] = near1 ? n->child2 : n->child1;
                enter[sp++] = near1 ? e2 : e1;
                stack[sp] = near1 ? n->child1 : n->child2;
                enter[sp++] = near1 ? e1 : e2;
            } else if (h1 || h2) {
                stack[sp] = h1 ? n->child1 : n->child2;
                enter[sp++] = h1 ? e1 : e2;
            }
        }
    }
}

/* All pairs: the shared strip sweep over the proxies' boxes (broadphase_pairs.c), which is several
 * times faster than descending the tree against itself. */
static c2d_status dt_find_pairs(c2d_index *index) {
    c2d_dynamic_tree *t = dt_cast(index);
    if (!c2d_bp_proxies_sweep(index, &t->proxies, false)) return C2D_ERR_OUT_OF_MEMORY;
    return c2d_bp_pairs_finish(index);
}

/* Per frame: each moved proxy's box is run down the tree; a pair of two moved proxies is kept
 * only from the smaller id's walk so that it appears once. When more than one proxy in
 * DT_SWEEP_DIVISOR moved, the strip sweep with its moved filter is cheaper than the queries. */
static c2d_status dt_update_pairs(c2d_index *index) {
    c2d_dynamic_tree *t = dt_cast(index);
    const c2d_bp_proxy *items;
    int32_t i;
    c2d_status s;
    c2d_bp_proxies_collect_moved(&t->proxies);
    if ((int64_t)t->proxies.moved_count * DT_SWEEP_DIVISOR > t->proxies.live)
        return c2d_bp_proxies_sweep_update(index, &t->proxies);
    items = t->proxies.items;
    for (i = 0; i < t->proxies.moved_count; ++i) {
        int32_t id = t->proxies.moved[i];
        c2d_aabb box = items[id].box;
        int32_t stack[C2D_INDEX_STACK];
        int sp = 0;
        stack[sp++] = t->root;
        while (sp > 0) {
            const c2d_tree_node *n = &t->nodes[stack[--sp]];
            if (!c2d_bp_overlap_closed(n->box, box)) continue;
            if (dt_is_leaf(n)) {
                int32_t other = n->child2;
                if (other == id || (items[other].link != 0 && other < id)) continue;
                if (c2d_bp_overlap(items[other].box, box)) c2d_bp_pairs_push(index, id, other);
            } else {
                C2D_ASSERT(sp + 2 <= C2D_INDEX_STACK);
                if (sp + 2 > C2D_INDEX_STACK) break;
                stack[sp++] = n->child2;
                stack[sp++] = n->child1;
            }
        }
    }
    s = c2d_bp_pairs_finish(index);
    if (s == C2D_OK) c2d_bp_proxies_clear_moved(&t->proxies);
    else c2d_bp_proxies_keep_moved(&t->proxies);
    return s;
}

/* Scratch of a rebuild: every leaf's box center and old node, and the leaves' order along x and
 * along y (as positions in items), both kept for the current subtree in the same range. */
typedef struct dt_builder {
    c2d_dynamic_tree *tree;
    const c2d_tree_node *old;
    c2d_tree_node *fresh;
    c2d_real *cx, *cy;
    int32_t *leaf;
    int32_t *order[2]; /* items sorted by center x, by center y */
    int32_t *tmp;
    unsigned char *left; /* per item: in the left half of the current split */
    int32_t next;        /* next fresh node (slice rebuild: next entry of pool) */
    int32_t *pool;       /* slice rebuild: the slice's nodes below its root, in index order */
    c2d_aabb *boxes;     /* slice rebuild: every leaf's fat box (leaf: its proxy id) */
} dt_builder;

/* Sorts the n items by one coordinate into out: an LSD radix sort on the coordinate scaled to 16
 * bits (two 8-bit passes, stable, no comparisons). Any order is a valid tree; this one makes the
 * median splits good. */
static void dt_sort_axis(const c2d_real *c, int32_t n, int32_t *out, int32_t *tmp, uint32_t *key, uint32_t *key2) {
    c2d_real lo = c[0], hi = c[0], scale;
    uint32_t counts[256];
    int32_t i;
    int shift;
    for (i = 1; i < n; ++i) {
        if (c[i] < lo) lo = c[i];
        if (c[i] > hi) hi = c[i];
    }
    scale = hi > lo ? (c2d_real)65535 / (hi - lo) : (c2d_real)0;
    if (!C2D_ISFINITE(scale)) scale = 0;
    for (i = 0; i < n; ++i) {
        c2d_real f = (c[i] - lo) * scale;
        key[i] = f > 0 ? (f < (c2d_real)65535 ? (uint32_t)f : 65535u) : 0u;
        tmp[i] = i;
    }
    for (shift = 0; shift < 16; shift += 8) {
        uint32_t sum = 0;
        int32_t *src = shift == 0 ? tmp : out, *dst = shift == 0 ? out : tmp;
        const uint32_t *ks = shift == 0 ? key : key2;
        uint32_t *kd = shift == 0 ? key2 : key;
        memset(counts, 0, sizeof counts);
        for (i = 0; i < n; ++i) counts[(ks[i] >> shift) & 255u]++;
        for (i = 0; i < 256; ++i) {
            uint32_t x = counts[i];
            counts[i] = sum;
            sum += x;
        }
        for (i = 0; i < n; ++i) {
            uint32_t d = counts[(ks[i] >> shift) & 255u]++;
            dst[d] = src[i];
            kd[d] = ks[i];
        }
    }
    /* Two passes: the result is back in tmp; copy to out. */
    memcpy(out, tmp, (size_t)n * sizeof *out);
}

/* Splits the items in positions [lo, hi) of both orders at mid along the axis where their centers
 * spread more: the first mid - lo of that axis's order go left, and the other order is partitioned
 * stably to match (left items to the front, right ones after). */
static void dt_partition(dt_builder *b, int32_t lo, int32_t hi, int32_t mid) {
    int axis = (b->cx[b->order[0][hi - 1]] - b->cx[b->order[0][lo]]) >= (b->cy[b->order[1][hi - 1]] - b->cy[b->order[1][lo]]) ? 0 : 1;
    int32_t *split = b->order[axis], *other = b->order[1 - axis], i, kl, kr;
    for (i = lo; i < hi; ++i) b->left[split[i]] = i < mid;
    for (i = lo, kl = lo, kr = 0; i < hi; ++i) {
        int32_t v = other[i];
        other[kl] = v;
        b->tmp[kr] = v;
        kl += b->left[v];
        kr += !b->left[v];
    }
    memcpy(other + kl, b->tmp, (size_t)kr * sizeof *other);
}

/* Builds the subtree of the items in positions [lo, hi) of both orders into fresh, in depth-first
 * order (a node, then its first child's subtree, then its second's, so that walks read memory
 * forwards). Top-down median split along the axis where the centers spread more: the order along
 * that axis splits at its middle, and the other order is partitioned stably to match. Halves
 * differ by at most one leaf, so sibling heights differ by at most one and the result is AVL
 * balanced. Recursion depth is log2 n. */
static int32_t dt_build(dt_builder *b, int32_t lo, int32_t hi, int32_t parent) {
    int32_t node = b->next++, n = hi - lo, mid = lo + (hi - lo) / 2;
    c2d_tree_node *f = &b->fresh[node];
    f->parent = parent;
    if (n == 1) {
        const c2d_tree_node *leaf = &b->old[b->leaf[b->order[0][lo]]];
        f->box = leaf->box;
        f->child1 = -1;
        f->child2 = leaf->child2;
        f->height = 0;
        b->tree->proxies.items[leaf->child2].slot = node;
        return node;
    }
    dt_partition(b, lo, hi, mid);
    f->child1 = dt_build(b, lo, mid, node);
    f->child2 = dt_build(b, mid, hi, node);
    f = &b->fresh[node];
    f->box = c2d_aabb_union(b->fresh[f->child1].box, b->fresh[f->child2].box);
    f->height = 1 + (b->fresh[f->child1].height > b->fresh[f->child2].height ? b->fresh[f->child1].height
                                                                             : b->fresh[f->child2].height);
    return node;
}

/* Full rebuild from the leaves' fat boxes into a fresh node array laid out depth-first; the nodes
 * past the tree are free. All memory (the new array and the scratch, in one block) is allocated
 * first, so running out of memory leaves the tree untouched. */
static c2d_status dt_rebuild(c2d_index *index) {
    c2d_dynamic_tree *t = dt_cast(index);
    int32_t n = t->proxies.live, i, k = 0;
    dt_builder b;
    size_t scratch;
    unsigned char *mem;
    uint32_t *key, *key2;
    t->churn = 0;
    t->full_size = n;
    t->credit = 0;
    t->cursor = 0;
    if (n < 3) return C2D_OK;
    /* cx, cy; leaf, order x, order y, tmp, key, key2; left. */
    scratch = (size_t)n * (2 * sizeof(c2d_real) + 6 * sizeof(int32_t) + 1);
    mem = (unsigned char *)c2d_bp_alloc(&index->allocator, scratch);
    b.fresh = mem != NULL ? (c2d_tree_node *)c2d_bp_alloc(&index->allocator, (size_t)t->node_capacity * sizeof *b.fresh) : NULL;
    if (b.fresh == NULL) {
        c2d_bp_free(&index->allocator, mem, scratch);
        return C2D_ERR_OUT_OF_MEMORY;
    }
    b.tree = t;
    b.old = t->nodes;
    b.cx = (c2d_real *)(void *)mem;
    b.cy = b.cx + n;
    b.leaf = (int32_t *)(void *)(b.cy + n);
    b.order[0] = b.leaf + n;
    b.order[1] = b.order[0] + n;
    b.tmp = b.order[1] + n;
    key = (uint32_t *)(void *)(b.tmp + n);
    key2 = key + n;
    b.left = (unsigned char *)(void *)(key2 + n);
    b.next = 0;
    for (i = 0; i < t->node_used; ++i) {
        const c2d_tree_node *node = &t->nodes[i];
        if (node->height < 0 || !dt_is_leaf(node)) continue;
        b.cx[k] = node->box.lower.x + node->box.upper.x;
        b.cy[k] = node->box.lower.y + node->box.upper.y;
        b.leaf[k] = i;
        ++k;
    }
    C2D_ASSERT(k == n);
    dt_sort_axis(b.cx, n, b.order[0], b.tmp, key, key2);
    dt_sort_axis(b.cy, n, b.order[1], b.tmp, key, key2);
    t->root = dt_build(&b, 0, n, -1);
    /* Nodes after the tree are free: handed out again from node_used on. */
    t->node_used = b.next;
    t->node_free = -1;
    c2d_bp_free(&index->allocator, t->nodes, (size_t)t->node_capacity * sizeof *t->nodes);
    t->nodes = b.fresh;
    c2d_bp_free(&index->allocator, mem, scratch);
    return C2D_OK;
}

/* Fewest leaves of an AVL-balanced tree of height k (k <= DT_SLICE_HEIGHT_MAX + 1). */
static const int32_t dt_avl_min_leaves[] = {1, 2, 3, 5, 8, 13, 21, 34, 55, 89, 144, 233};

/* The size of the first part when m leaves make a balanced tree of height exactly k (m must allow
 * it): the sizes nearest the median for which both parts can be balanced trees whose heights are
 * k - 1 and k - 1 or k - 2, whichever part is the shorter; *k1, *k2 get the parts' heights. */
static int32_t dt_split_exact(int32_t m, int k, int *k1, int *k2) {
    int32_t best = -1, want = m / 2;
    int opt;
    for (opt = 0; opt < 3; ++opt) {
        int a = opt == 2 ? k - 2 : k - 1, c = opt == 1 ? k - 2 : k - 1;
        int32_t lo, hi, pick;
        if (a < 0 || c < 0) continue;
        lo = dt_avl_min_leaves[a] > m - ((int32_t)1 << c) ? dt_avl_min_leaves[a] : m - ((int32_t)1 << c);
        hi = ((int32_t)1 << a) < m - dt_avl_min_leaves[c] ? ((int32_t)1 << a) : m - dt_avl_min_leaves[c];
        if (lo > hi) continue;
        pick = want < lo ? lo : want > hi ? hi
                                          : want;
        if (best < 0 || (pick > want ? pick - want : want - pick) < (best > want ? best - want : want - best)) {
            best = pick;
            *k1 = a;
            *k2 = c;
        }
    }
    return best;
}

/* Rebuilds the slice's items in positions [lo, hi) of both orders into node `node`, as a tree of
 * height exactly k; the nodes below it come from the pool (the slice's old nodes, sorted) in
 * depth-first order, so a walk reads the slice's memory forwards, and each leaf's proxy learns its
 * new node. The split is the one of dt_build, moved off the median only as far as the height
 * requires, so the slice root keeps its height and the tree above it stays balanced. */
static void dt_build_slice(dt_builder *b, int32_t lo, int32_t hi, int k, int32_t parent, int32_t node) {
    c2d_tree_node *nodes = b->tree->nodes;
    int32_t n = hi - lo, mid, c1, c2;
    int k1 = 0, k2 = 0;
    nodes[node].parent = parent;
    if (n == 1) {
        int32_t item = b->order[0][lo], id = b->leaf[item];
        nodes[node].box = b->boxes[item];
        nodes[node].child1 = -1;
        nodes[node].child2 = id;
        nodes[node].height = 0;
        b->tree->proxies.items[id].slot = node;
        return;
    }
    mid = lo + dt_split_exact(n, k, &k1, &k2);
    dt_partition(b, lo, hi, mid);
    c1 = b->pool[b->next++];
    nodes[node].child1 = c1;
    dt_build_slice(b, lo, mid, k1, node, c1);
    c2 = b->pool[b->next++];
    nodes[node].child2 = c2;
    dt_build_slice(b, mid, hi, k2, node, c2);
    dt_refit(b->tree, node);
    C2D_ASSERT(nodes[node].height == k);
}

/* Spends the credit on one slice once it pays for a slice: the next subtree, from the cursor on in
 * node order, whose height is at most H while its parent's is more (H from DT_SLICE_HEIGHT_MIN to
 * DT_SLICE_HEIGHT_MAX, as the tree holds 64 slices), is rebuilt in place by median splits of its
 * leaves' fat-box centers. Its root keeps its node, its height and (the union of the same leaves)
 * its box, so nothing above it changes. The scratch is kept; out of memory skips the step. */
static void dt_slice_step(c2d_dynamic_tree *t) {
    int H = DT_SLICE_HEIGHT_MIN, sp = 0, k;
    int32_t cap, i, scanned, root = -1, m = 0, below = 0, stack[DT_SLICE_HEIGHT_MAX + 2];
    uint32_t *key, *key2;
    c2d_radix32 *sorting, *sorted;
    size_t bytes;
    dt_builder b;
    while (H < DT_SLICE_HEIGHT_MAX && ((int32_t)64 << (H + 1)) <= t->proxies.live) ++H;
    cap = (int32_t)1 << H;
    if (t->credit < cap / 2 || t->root < 0) return;
    for (scanned = 0, i = t->cursor; scanned < t->node_used; ++scanned, ++i) {
        const c2d_tree_node *n;
        if (i >= t->node_used) i = 0;
        n = &t->nodes[i];
        if (n->height >= 1 && n->height <= H && (n->parent < 0 || t->nodes[n->parent].height > H)) {
            root = i;
            break;
        }
    }
    if (root < 0) return;
    t->cursor = root + 1;
    /* sort of the pool (2 x 2 per item); boxes; cx, cy; leaf, order x, order y, tmp, key, key2;
     * pool (2 per item); left. */
    bytes = (size_t)cap * (4 * sizeof(c2d_radix32) + sizeof(c2d_aabb) + 2 * sizeof(c2d_real) + 8 * sizeof(int32_t) + 1);
    if (t->slice_bytes < bytes) {
        void *mem = c2d_bp_alloc(&t->base.allocator, bytes);
        if (mem == NULL) return;
        c2d_bp_free(&t->base.allocator, t->slice_mem, t->slice_bytes);
        t->slice_mem = mem;
        t->slice_bytes = bytes;
    }
    b.tree = t;
    b.old = t->nodes;
    b.fresh = t->nodes;
    sorting = (c2d_radix32 *)t->slice_mem;
    b.boxes = (c2d_aabb *)(void *)(sorting + 4 * cap);
    b.cx = (c2d_real *)(void *)(b.boxes + cap);
    b.cy = b.cx + cap;
    b.leaf = (int32_t *)(void *)(b.cy + cap);
    b.order[0] = b.leaf + cap;
    b.order[1] = b.order[0] + cap;
    b.tmp = b.order[1] + cap;
    b.pool = b.tmp + cap;
    key = (uint32_t *)(void *)(b.pool + 2 * cap);
    key2 = key + cap;
    b.left = (unsigned char *)(void *)(key2 + cap);
    b.next = 0;
    /* Every node below the root goes to the pool; the leaves' boxes and proxies are kept aside. */
    stack[sp++] = root;
    while (sp > 0) {
        int32_t j = stack[--sp];
        const c2d_tree_node *n = &t->nodes[j];
        if (j != root) {
            sorting[below].key = (uint32_t)j;
            sorting[below++].value = 0;
        }
        if (dt_is_leaf(n)) {
            b.boxes[m] = n->box;
            b.cx[m] = n->box.lower.x + n->box.upper.x;
            b.cy[m] = n->box.lower.y + n->box.upper.y;
            b.leaf[m++] = n->child2;
        } else {
            stack[sp++] = n->child2;
            stack[sp++] = n->child1;
        }
    }
    sorted = c2d_radix_sort32(sorting, sorting + 2 * cap, below);
    for (i = 0; i < below; ++i) b.pool[i] = (int32_t)sorted[i].key;
    k = t->nodes[root].height;
    dt_sort_axis(b.cx, m, b.order[0], b.tmp, key, key2);
    dt_sort_axis(b.cy, m, b.order[1], b.tmp, key, key2);
    t->credit -= m;
    dt_build_slice(&b, 0, m, k, t->nodes[root].parent, root);
}

/* Checks a subtree; returns its leaf count, or -1 on a broken invariant. */
static int32_t dt_validate_node(const c2d_dynamic_tree *t, int32_t n, int32_t parent, int depth) {
    const c2d_tree_node *node;
    int32_t a, b;
    if (n < 0 || n >= t->node_used || depth > 64) return -1;
    node = &t->nodes[n];
    if (node->parent != parent || node->height < 0) return -1;
    if (dt_is_leaf(node)) {
        int32_t id = node->child2;
        if (node->height != 0 || !c2d_bp_proxies_live(&t->proxies, id) || t->proxies.items[id].slot != n) return -1;
        if (!c2d_aabb_contains(node->box, t->proxies.items[id].box)) return -1;
        return 1;
    }
    a = dt_validate_node(t, node->child1, n, depth + 1);
    b = dt_validate_node(t, node->child2, n, depth + 1);
    if (a < 0 || b < 0) return -1;
    {
        const c2d_tree_node *c1 = &t->nodes[node->child1], *c2 = &t->nodes[node->child2];
        c2d_aabb u = c2d_aabb_union(c1->box, c2->box);
        int32_t h = 1 + (c1->height > c2->height ? c1->height : c2->height);
        int32_t d = c1->height - c2->height;
        if (node->height != h || d > 1 || d < -1) return -1;
        if (memcmp(&u, &node->box, sizeof u) != 0) return -1;
    }
    return a + b;
}

static bool dt_validate(const c2d_index *index) {
    const c2d_dynamic_tree *t = dt_ccast(index);
    int32_t leaves = 0, free_nodes = 0, free_ids = 0, i;
    if (t->root >= 0) {
        leaves = dt_validate_node(t, t->root, -1, 0);
        if (leaves < 0) return false;
    }
    if (leaves != t->proxies.live) return false;
    for (i = t->node_free; i >= 0 && free_nodes <= t->node_used; i = t->nodes[i].parent) {
        if (t->nodes[i].height != -1) return false;
        ++free_nodes;
    }
    if ((leaves > 0 ? 2 * leaves - 1 : 0) + free_nodes != t->node_used) return false;
    for (i = t->proxies.free_head; i >= 0 && free_ids <= t->proxies.used; i = t->proxies.items[i].link) {
        if (t->proxies.items[i].slot != -1) return false;
        ++free_ids;
    }
    return free_ids + t->proxies.live == t->proxies.used;
}

static const c2d_index_class c2d_dynamic_tree_class = {
    .name = "dynamic_tree",
    .destroy = dt_destroy,
    .count = dt_count,
    .insert = dt_insert,
    .remove = dt_remove,
    .move = dt_move,
    .get = dt_get,
    .query_aabb = dt_query_aabb,
    .raycast = dt_raycast,
    .find_pairs = dt_find_pairs,
    .update_pairs = dt_update_pairs,
    .rebuild = dt_rebuild,
    .validate = dt_validate,
    .clear = dt_clear,
    .build = dt_bulk,
};

c2d_status c2d_dynamic_tree_create(const c2d_index_config *config, c2d_index **out) {
    c2d_allocator a;
    c2d_dynamic_tree *t;
    int32_t capacity = 16;
    c2d_real margin = C2D_INDEX_DEFAULT_MARGIN, prediction = 0;
    if (out == NULL) return C2D_ERR_NULL_ARG;
    *out = NULL;
    if (!c2d_bp_allocator_init(&a, config)) return C2D_ERR_NULL_ARG;
    if (c2d_bp_config_status(config) != C2D_OK) return c2d_bp_config_status(config);
    if (config != NULL) {
        c2d_status s = c2d_check_real(config->margin);
        if (s == C2D_OK) s = c2d_check_real(config->prediction);
        if (s != C2D_OK) return s;
        if (config->prediction < 0 || config->capacity < 0) return C2D_ERR_BAD_SIZE;
        if (config->capacity > 0) capacity = config->capacity;
        if (config->margin > 0) margin = config->margin;
        else if (config->margin < 0) margin = 0;
        prediction = config->prediction;
    }
    t = (c2d_dynamic_tree *)c2d_bp_alloc(&a, sizeof *t);
    if (t == NULL) return C2D_ERR_OUT_OF_MEMORY;
    memset(t, 0, sizeof *t);
    c2d_bp_base_init(&t->base, &c2d_dynamic_tree_class, &a, config);
    t->root = -1;
    t->node_free = -1;
    t->margin = margin;
    t->prediction = prediction;
    if (!c2d_bp_proxies_init(&t->proxies, &a, capacity) || !dt_reserve_nodes(t, capacity > INT32_MAX / 2 ? INT32_MAX : 2 * capacity)) {
        dt_destroy(&t->base);
        return C2D_ERR_OUT_OF_MEMORY;
    }
    *out = &t->base;
    return C2D_OK;
}
