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
 * table, so every leaf test is made on them: fat boxes only prune. */
#include <string.h>
#include "broadphase_internal.h"

typedef struct c2d_tree_node {
    c2d_aabb box;      /* leaf: fat box; internal: union of the children's boxes */
    int32_t parent;    /* -1 at the root; free node: next free node */
    int32_t child1;    /* -1 for a leaf */
    int32_t child2;    /* leaf: proxy id */
    int32_t height;    /* 0 for a leaf, -1 for a free node */
} c2d_tree_node;

typedef struct c2d_dynamic_tree {
    c2d_index base;
    c2d_bp_proxies proxies;
    c2d_tree_node *nodes;
    int32_t node_capacity;
    int32_t node_used;     /* nodes below this have been handed out at least once */
    int32_t node_free;     /* free list head, or -1 */
    int32_t root;
    c2d_real margin;       /* >= 0 */
    c2d_real prediction;   /* >= 0 */
} c2d_dynamic_tree;

#define C2D_PAIR_STACK 512

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
    while (i >= 0 && free_count < extra) { ++free_count; i = t->nodes[i].parent; }
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
    if (dx < 0) f.lower.x += dx; else f.upper.x += dx;
    if (dy < 0) f.lower.y += dy; else f.upper.y += dy;
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
    if (na->child1 == c) na->child1 = give; else na->child2 = give;
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

/* ---- class functions ---- */

static void dt_destroy(c2d_index *index) {
    c2d_dynamic_tree *t = dt_cast(index);
    c2d_allocator a = index->allocator;
    c2d_bp_proxies_free(&t->proxies, &a);
    c2d_bp_free(&a, t->nodes, (size_t)t->node_capacity * sizeof *t->nodes);
    c2d_bp_base_free(index);
    c2d_bp_free(&a, t, sizeof *t);
}

static int32_t dt_count(const c2d_index *index) {
    return dt_ccast(index)->proxies.live;
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

/* All pairs by one simultaneous descent of the tree against itself: a node paired with itself
 * splits into its two children paired with themselves and with each other; two different nodes
 * whose fat boxes touch split the taller one. Every pair of leaves is met at most once. */
static c2d_status dt_find_pairs(c2d_index *index) {
    c2d_dynamic_tree *t = dt_cast(index);
    int32_t stack[2 * C2D_PAIR_STACK];
    int sp = 0;
    if (t->root >= 0) {
        stack[sp++] = t->root;
        stack[sp++] = t->root;
    }
    while (sp > 0) {
        int32_t y = stack[--sp], x = stack[--sp];
        const c2d_tree_node *nx = &t->nodes[x], *ny = &t->nodes[y];
        C2D_ASSERT(sp + 6 <= 2 * C2D_PAIR_STACK);
        if (sp + 6 > 2 * C2D_PAIR_STACK) break;
        if (x == y) {
            if (dt_is_leaf(nx)) continue;
            stack[sp++] = nx->child1; stack[sp++] = nx->child2;
            stack[sp++] = nx->child2; stack[sp++] = nx->child2;
            stack[sp++] = nx->child1; stack[sp++] = nx->child1;
            continue;
        }
        if (!c2d_bp_overlap_closed(nx->box, ny->box)) continue;
        if (dt_is_leaf(nx) && dt_is_leaf(ny)) {
            if (c2d_bp_overlap(t->proxies.items[nx->child2].box, t->proxies.items[ny->child2].box))
                c2d_bp_pairs_push(index, nx->child2, ny->child2);
        } else if (dt_is_leaf(ny) || (!dt_is_leaf(nx) && nx->height >= ny->height)) {
            stack[sp++] = nx->child2; stack[sp++] = y;
            stack[sp++] = nx->child1; stack[sp++] = y;
        } else {
            stack[sp++] = x; stack[sp++] = ny->child2;
            stack[sp++] = x; stack[sp++] = ny->child1;
        }
    }
    return c2d_bp_pairs_finish(index);
}

/* Per frame: each moved proxy's box is run down the tree; a pair of two moved proxies is kept
 * only from the smaller id's walk so that it appears once. */
static c2d_status dt_update_pairs(c2d_index *index) {
    c2d_dynamic_tree *t = dt_cast(index);
    const c2d_bp_proxy *items;
    int32_t i;
    c2d_status s;
    c2d_bp_proxies_collect_moved(&t->proxies);
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

/* Orders leaves[0..n) so that the first half has the smaller box centers along axis (Hoare
 * quickselect with a middle pivot; deterministic). */
static void dt_select(const c2d_tree_node *nodes, int32_t *leaves, int32_t n, int32_t k, int axis) {
    int32_t lo = 0, hi = n - 1;
    while (lo < hi) {
        const c2d_aabb *pb = &nodes[leaves[lo + (hi - lo) / 2]].box;
        c2d_real pivot = axis == 0 ? pb->lower.x + pb->upper.x : pb->lower.y + pb->upper.y;
        int32_t i = lo, j = hi;
        while (i <= j) {
            for (;;) {
                const c2d_aabb *b = &nodes[leaves[i]].box;
                if (!((axis == 0 ? b->lower.x + b->upper.x : b->lower.y + b->upper.y) < pivot)) break;
                ++i;
            }
            for (;;) {
                const c2d_aabb *b = &nodes[leaves[j]].box;
                if (!((axis == 0 ? b->lower.x + b->upper.x : b->lower.y + b->upper.y) > pivot)) break;
                --j;
            }
            if (i <= j) {
                int32_t tmp = leaves[i];
                leaves[i] = leaves[j];
                leaves[j] = tmp;
                ++i;
                --j;
            }
        }
        if (k <= j) hi = j;
        else if (k >= i) lo = i;
        else break;
    }
}

/* Top-down median split along the longer axis of the leaves' centers. Halves differ by at most
 * one leaf, so sibling heights differ by at most one: the result is AVL balanced. Recursion depth
 * is log2 n. */
static int32_t dt_build(c2d_dynamic_tree *t, int32_t *leaves, int32_t n) {
    c2d_real minx, maxx, miny, maxy;
    int32_t i, mid, a, b, parent;
    if (n == 1) return leaves[0];
    minx = maxx = t->nodes[leaves[0]].box.lower.x + t->nodes[leaves[0]].box.upper.x;
    miny = maxy = t->nodes[leaves[0]].box.lower.y + t->nodes[leaves[0]].box.upper.y;
    for (i = 1; i < n; ++i) {
        const c2d_aabb *bx = &t->nodes[leaves[i]].box;
        c2d_real cx = bx->lower.x + bx->upper.x, cy = bx->lower.y + bx->upper.y;
        if (cx < minx) minx = cx;
        if (cx > maxx) maxx = cx;
        if (cy < miny) miny = cy;
        if (cy > maxy) maxy = cy;
    }
    mid = n / 2;
    dt_select(t->nodes, leaves, n, mid, (maxx - minx) >= (maxy - miny) ? 0 : 1);
    a = dt_build(t, leaves, mid);
    b = dt_build(t, leaves + mid, n - mid);
    parent = dt_alloc_node(t);
    t->nodes[parent].child1 = a;
    t->nodes[parent].child2 = b;
    t->nodes[a].parent = parent;
    t->nodes[b].parent = parent;
    dt_refit(t, parent);
    return parent;
}

/* Full rebuild: the leaves keep their nodes (proxies point at them), every internal node is freed
 * and the hierarchy above the leaves is rebuilt by dt_build. Only the leaf list is allocated, first,
 * so running out of memory leaves the tree untouched. */
static c2d_status dt_rebuild(c2d_index *index) {
    c2d_dynamic_tree *t = dt_cast(index);
    int32_t n = t->proxies.live, i, k = 0;
    int32_t *leaves;
    if (n < 3) return C2D_OK;
    leaves = (int32_t *)c2d_bp_alloc(&index->allocator, (size_t)n * sizeof *leaves);
    if (leaves == NULL) return C2D_ERR_OUT_OF_MEMORY;
    for (i = 0; i < t->node_used; ++i) {
        c2d_tree_node *node = &t->nodes[i];
        if (node->height < 0) continue;
        if (dt_is_leaf(node)) leaves[k++] = i;
        else dt_free_node(t, i);
    }
    C2D_ASSERT(k == n);
    t->root = dt_build(t, leaves, k);
    t->nodes[t->root].parent = -1;
    c2d_bp_free(&index->allocator, leaves, (size_t)n * sizeof *leaves);
    return C2D_OK;
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
};

c2d_status c2d_dynamic_tree_create(const c2d_index_config *config, c2d_index **out) {
    c2d_allocator a;
    c2d_dynamic_tree *t;
    int32_t capacity = 16;
    c2d_real margin = C2D_INDEX_DEFAULT_MARGIN, prediction = 0;
    if (out == NULL) return C2D_ERR_NULL_ARG;
    *out = NULL;
    if (!c2d_bp_allocator_init(&a, config)) return C2D_ERR_NULL_ARG;
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
    c2d_bp_base_init(&t->base, &c2d_dynamic_tree_class, &a);
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
