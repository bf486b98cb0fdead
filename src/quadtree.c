/* Loose quadtree (Ulrich, "Loose octrees", Game Programming Gems, 2000, in two dimensions).
 *
 * Every node owns a square cell; its loose bounds are the cell grown to twice its size (looseness
 * factor 2) around the same center. A box is stored in exactly one node: when it is inserted or
 * moved it goes down from the root to the child of the quadrant holding the box's center for as
 * long as that child's loose bounds still contain the whole box. A missing child is made only
 * below a node that already holds QT_BUCKET proxies itself (so a leaf holds several boxes and the
 * nodes cost less memory than the proxies), at most C2D_QUAD_MAX_DEPTH levels below the root;
 * otherwise the box stays where the walk stopped (a root that grows later, or nodes made later for
 * other boxes, do not move it: the next move of the box, or c2d_index_rebuild, does). Since a box
 * at most half as wide as a cell always fits the loose bounds of the cell holding its center, a
 * box settles at most at the level matching its size, and moving it needs no more than a re-walk
 * of one path. Nodes are freed as soon as their subtree is empty; a root left with one child and
 * no boxes hands over to that child. When a box's center leaves the root's cell, or the box its loose
 * bounds, the root grows: a new root of twice the size, shifted towards the box, adopts the old
 * one as a child.
 *
 * Memory: a node is its cell (center, half edge), its tight bounds, links and counts (56 bytes in
 * float builds); the loose bounds are computed from the cell, a node's quadrant from its center and
 * its parent's, its depth during the walk down. The proxies of a node are a doubly linked list
 * through one array indexed by proxy id (8 bytes a proxy), the boxes stay in the shared proxy
 * table. Walks need no stack: nodes keep parent links, and a walk steps to the next sibling or
 * climbs. Box walks and ray casts cull by each node's tight bounds (the union of the boxes linked
 * into its subtree, widened as boxes come and recomputed by c2d_index_rebuild), so culling never
 * loses a box whatever the rounding of the cells; the loose bounds only decide where a box is
 * stored. Rays visit the children nearest the ray's start first. One-shot pairs come from the
 * shared strip sweep over the boxes (broadphase_pairs.c), not from the tree. */
#include <string.h>
#include "broadphase_internal.h"

/* Per-frame pairs use the strip sweep when more than one proxy in this many moved. */
#define QT_SWEEP_DIVISOR 64
/* A node gets a child only once it holds this many proxies itself (fewer, larger leaves: at one
 * proxy a cell, the nodes would cost more memory than the proxies). */
#define QT_BUCKET 8
/* Levels below the root that insertion may create. */
#define C2D_QUAD_MAX_DEPTH 24

typedef struct qt_node {
    c2d_aabb tight;   /* union of the boxes in the subtree as they were linked (it only grows until
                         c2d_index_rebuild, so it may be larger, never smaller); valid while
                         count > 0 */
    c2d_vec2 center;  /* of the cell */
    c2d_real half;    /* half the cell's edge; the loose bounds are center +- 2 half (qt_loose) */
    int32_t parent;   /* -1 at the root; free node: next free node */
    int32_t child[4]; /* by quadrant (bit 0: x >= center.x, bit 1: y >= center.y); -1 none */
    int32_t first;    /* first proxy stored here, or -1 */
    int32_t count;    /* proxies in the subtree; -1 for a free node */
} qt_node;

typedef struct qt_link {
    int32_t next, prev; /* the proxies of one node, a doubly linked list */
} qt_link;

typedef struct c2d_quadtree {
    c2d_index base;
    c2d_bp_proxies proxies; /* slot: the node holding the proxy */
    qt_link *links;         /* by id */
    int32_t link_capacity;
    qt_node *nodes;
    int32_t node_capacity, node_used, node_free, node_live;
    int32_t root; /* -1 when empty */
} c2d_quadtree;

static c2d_quadtree *qt_cast(c2d_index *index) { return (c2d_quadtree *)index; }
static const c2d_quadtree *qt_ccast(const c2d_index *index) { return (const c2d_quadtree *)index; }

static bool qt_contains(c2d_aabb outer, c2d_aabb inner) {
    return outer.lower.x <= inner.lower.x && outer.lower.y <= inner.lower.y && inner.upper.x <= outer.upper.x &&
           inner.upper.y <= outer.upper.y;
}

static c2d_aabb qt_square(c2d_vec2 c, c2d_real h) {
    c2d_aabb b;
    b.lower = c2d_v2(c.x - h, c.y - h);
    b.upper = c2d_v2(c.x + h, c.y + h);
    return b;
}

static c2d_vec2 qt_center_of(c2d_aabb b) {
    return c2d_v2((b.lower.x + b.upper.x) * (c2d_real)0.5, (b.lower.y + b.upper.y) * (c2d_real)0.5);
}

/* ---- nodes ---- */

/* Room for n more nodes without allocating later. The array grows by a quarter (not doubling): the
 * nodes are about a quarter of the tree's memory, and growth is rare once the tree is full. */
static bool qt_reserve_nodes(c2d_quadtree *t, int32_t n) {
    int64_t want;
    qt_node *fresh;
    if (t->node_live > INT32_MAX - n || t->node_used > INT32_MAX - n) return false;
    if (t->node_capacity - t->node_live >= n) return true;
    want = (int64_t)t->node_capacity + t->node_capacity / 4;
    if (want < (int64_t)t->node_used + n) want = (int64_t)t->node_used + n;
    if (want < 64) want = 64;
    if (want > INT32_MAX) want = INT32_MAX;
    if ((uint64_t)want > SIZE_MAX / sizeof *t->nodes) return false;
    fresh = (qt_node *)c2d_bp_alloc(&t->base.allocator, (size_t)want * sizeof *fresh);
    if (fresh == NULL) return false;
    if (t->nodes != NULL) {
        memcpy(fresh, t->nodes, (size_t)t->node_used * sizeof *fresh);
        c2d_bp_free(&t->base.allocator, t->nodes, (size_t)t->node_capacity * sizeof *t->nodes);
    }
    t->nodes = fresh;
    t->node_capacity = (int32_t)want;
    return true;
}

/* A new empty node (room must have been reserved). */
static int32_t qt_new_node(c2d_quadtree *t, c2d_vec2 center, c2d_real half) {
    int32_t n, q;
    qt_node *node;
    if (t->node_free >= 0) {
        n = t->node_free;
        t->node_free = t->nodes[n].parent;
    } else {
        n = t->node_used++;
    }
    node = &t->nodes[n];
    node->center = center;
    node->half = half;
    node->parent = -1;
    for (q = 0; q < 4; ++q) node->child[q] = -1;
    node->first = -1;
    node->count = 0;
    t->node_live++;
    return n;
}

static void qt_free_node(c2d_quadtree *t, int32_t n) {
    t->nodes[n].parent = t->node_free;
    t->nodes[n].count = -1;
    t->node_free = n;
    t->node_live--;
}

/* The loose bounds: the cell grown to twice its edge around its center. */
static c2d_aabb qt_loose(const qt_node *n) { return qt_square(n->center, 2 * n->half); }

/* Proxies stored in node n itself (its count less its children's). */
static int32_t qt_own(const c2d_quadtree *t, int32_t n) {
    int32_t q, own = t->nodes[n].count;
    for (q = 0; q < 4; ++q)
        if (t->nodes[n].child[q] >= 0) own -= t->nodes[t->nodes[n].child[q]].count;
    return own;
}

static int32_t qt_quadrant(const qt_node *n, c2d_vec2 c) {
    return (c.x >= n->center.x ? 1 : 0) | (c.y >= n->center.y ? 2 : 0);
}

/* The quadrant of non-root node n in its parent, from the two centers (a child made by qt_target
 * has a center strictly on its quadrant's side of the parent's; a grown root files the old one
 * under this same test). */
static int32_t qt_quadrant_of(const c2d_quadtree *t, int32_t n) {
    return qt_quadrant(&t->nodes[t->nodes[n].parent], t->nodes[n].center);
}

/* Whether the root can take box: its loose bounds hold the box and its cell holds the box's
 * center (so that the walk down finds the center inside each cell it passes and the box can sink
 * as deep as its size allows). */
static bool qt_root_holds(const qt_node *r, c2d_aabb box, c2d_vec2 c) {
    return qt_contains(qt_loose(r), box) && r->center.x - r->half <= c.x && c.x <= r->center.x + r->half &&
           r->center.y - r->half <= c.y && c.y <= r->center.y + r->half;
}

/* Doubles the root towards box until it can take it (one node per step, reserved first: a failure
 * leaves a valid, merely larger, tree). */
static bool qt_grow_root(c2d_quadtree *t, c2d_aabb box) {
    c2d_vec2 c = qt_center_of(box);
    if (t->root < 0) {
        c2d_real h = c2d_maxr(box.upper.x - box.lower.x, box.upper.y - box.lower.y);
        c2d_real scale = c2d_maxr(C2D_ABS(c.x), C2D_ABS(c.y)) * (c2d_real)(1.0 / 1024.0);
        if (h < scale) h = scale;
        if (!(h > 0)) h = 1;
        if (!qt_reserve_nodes(t, 1)) return false;
        t->root = qt_new_node(t, c, h);
    }
    while (!qt_root_holds(&t->nodes[t->root], box, c)) {
        qt_node *old;
        c2d_vec2 nc;
        c2d_real h;
        int32_t r, q;
        if (!qt_reserve_nodes(t, 1)) return false;
        old = &t->nodes[t->root];
        h = old->half;
        nc = c2d_v2(old->center.x + (c.x >= old->center.x ? h : -h), old->center.y + (c.y >= old->center.y ? h : -h));
        r = qt_new_node(t, nc, 2 * h);
        old = &t->nodes[t->root];
        t->nodes[r].count = old->count;
        q = qt_quadrant(&t->nodes[r], old->center);
        old->parent = r;
        t->nodes[r].child[q] = t->root;
        t->nodes[r].tight = old->tight;
        t->root = r;
    }
    return true;
}

/* The node a box (inside the root's loose bounds) belongs in: down from the root through the
 * children of the quadrants holding its center while their loose bounds contain it. Missing
 * children are made (room for C2D_QUAD_MAX_DEPTH nodes must have been reserved). */
static int32_t qt_target(c2d_quadtree *t, c2d_aabb box) {
    c2d_vec2 c = qt_center_of(box);
    int32_t n = t->root, depth = 0;
    for (;;) {
        qt_node *node = &t->nodes[n];
        int32_t q = qt_quadrant(node, c), k = node->child[q];
        if (k >= 0) {
            if (!qt_contains(qt_loose(&t->nodes[k]), box)) return n;
            n = k;
            ++depth;
            continue;
        }
        if (depth >= C2D_QUAD_MAX_DEPTH || qt_own(t, n) < QT_BUCKET) return n;
        {
            c2d_real ch = node->half * (c2d_real)0.5;
            c2d_vec2 cc = c2d_v2(node->center.x + ((q & 1) ? ch : -ch), node->center.y + ((q & 2) ? ch : -ch));
            c2d_aabb loose = qt_square(cc, node->half);
            /* Rounding must leave the child inside its parent and distinct from it. */
            if (!(ch > 0) || cc.x == node->center.x || cc.y == node->center.y || !qt_contains(qt_loose(node), loose) ||
                !qt_contains(loose, box))
                return n;
            k = qt_new_node(t, cc, ch);
            node = &t->nodes[n];
            t->nodes[k].parent = n;
            node->child[q] = k;
            n = k;
            ++depth;
        }
    }
}

/* Adds or removes one proxy from the counts on the path from n to the root. */
static void qt_count_path(c2d_quadtree *t, int32_t n, int32_t delta) {
    for (; n >= 0; n = t->nodes[n].parent) t->nodes[n].count += delta;
}

/* Widens the tight bounds from n up to the root to hold box, with the parents' copies; stops at
 * the first node that already holds it (every ancestor's bounds hold its descendants'). A node
 * whose count is 0 has no bounds yet and takes the box's. */
static void qt_widen_path(c2d_quadtree *t, int32_t n, c2d_aabb box) {
    while (n >= 0) {
        qt_node *node = &t->nodes[n];
        if (node->count > 0 && qt_contains(node->tight, box)) return;
        node->tight = node->count > 0 ? c2d_aabb_union(node->tight, box) : box;
        n = node->parent;
    }
}

static void qt_link_proxy(c2d_quadtree *t, int32_t id, int32_t n) {
    qt_node *node = &t->nodes[n];
    t->links[id].prev = -1;
    t->links[id].next = node->first;
    if (node->first >= 0) t->links[node->first].prev = id;
    node->first = id;
    t->proxies.items[id].slot = n;
    qt_widen_path(t, n, t->proxies.items[id].box);
    qt_count_path(t, n, 1);
}

static void qt_unlink_proxy(c2d_quadtree *t, int32_t id) {
    int32_t n = t->proxies.items[id].slot;
    qt_link *l = &t->links[id];
    if (l->prev >= 0) t->links[l->prev].next = l->next;
    else t->nodes[n].first = l->next;
    if (l->next >= 0) t->links[l->next].prev = l->prev;
    qt_count_path(t, n, -1);
}

/* Frees the empty nodes from n upwards, then drops root levels that hold nothing but one child. */
static void qt_prune(c2d_quadtree *t, int32_t n) {
    while (n >= 0 && t->nodes[n].count == 0) {
        int32_t parent = t->nodes[n].parent;
        if (parent >= 0) t->nodes[parent].child[qt_quadrant_of(t, n)] = -1;
        else t->root = -1;
        qt_free_node(t, n);
        n = parent;
    }
    while (t->root >= 0) {
        qt_node *r = &t->nodes[t->root];
        int32_t q, only = -1, kids = 0;
        if (r->first >= 0) break;
        for (q = 0; q < 4; ++q)
            if (r->child[q] >= 0) {
                only = r->child[q];
                ++kids;
            }
        if (kids != 1) break;
        qt_free_node(t, t->root);
        t->nodes[only].parent = -1;
        t->root = only;
    }
}

/* ---- walks ---- */

/* The next node of a depth-first walk of the subtree under top, children in the given quadrant
 * order: the first child of n when descend is true and n has one, else the next sibling of n or of
 * its nearest ancestor below top that has one; -1 at the end. */
static int32_t qt_next(const c2d_quadtree *t, int32_t n, bool descend, int32_t top, const int32_t order[4]) {
    int32_t k;
    if (descend) {
        for (k = 0; k < 4; ++k) {
            int32_t c = t->nodes[n].child[order[k]];
            if (c >= 0) return c;
        }
    }
    while (n != top) {
        int32_t parent = t->nodes[n].parent, q = qt_quadrant_of(t, n), pos = 0;
        while (order[pos] != q) ++pos;
        for (k = pos + 1; k < 4; ++k) {
            int32_t c = t->nodes[parent].child[order[k]];
            if (c >= 0) return c;
        }
        n = parent;
    }
    return -1;
}

/* The next node of a depth-first walk of the subtree under top that visits only the nodes whose
 * tight bounds meet box (closed test), children in quadrant order: as qt_next, but a child is
 * tested on its parent's copy of its bounds before it is stepped to, so nodes that the box misses
 * are never read. The caller tests top itself. */
static int32_t qt_next_box(const c2d_quadtree *t, int32_t n, int32_t top, c2d_aabb box) {
    int32_t k;
    for (k = 0; k < 4; ++k) {
        int32_t c = t->nodes[n].child[k];
        if (c >= 0 && c2d_bp_overlap_closed(t->nodes[c].tight, box)) return c;
    }
    while (n != top) {
        const qt_node *p = &t->nodes[t->nodes[n].parent];
        for (k = qt_quadrant_of(t, n) + 1; k < 4; ++k)
            if (p->child[k] >= 0 && c2d_bp_overlap_closed(t->nodes[p->child[k]].tight, box)) return p->child[k];
        n = t->nodes[n].parent;
    }
    return -1;
}

/* ---- class functions ---- */

static void qt_destroy(c2d_index *index) {
    c2d_quadtree *t = qt_cast(index);
    c2d_allocator a = index->allocator;
    c2d_bp_proxies_free(&t->proxies, &a);
    c2d_bp_free(&a, t->links, (size_t)t->link_capacity * sizeof *t->links);
    c2d_bp_free(&a, t->nodes, (size_t)t->node_capacity * sizeof *t->nodes);
    c2d_bp_base_free(index);
    c2d_bp_free(&a, t, sizeof *t);
}

static int32_t qt_count(const c2d_index *index) { return qt_ccast(index)->proxies.live; }

/* Forgets every node and proxy; the arrays stay. */
static void qt_clear(c2d_index *index) {
    c2d_quadtree *t = qt_cast(index);
    c2d_bp_proxies_clear(&t->proxies);
    t->node_used = 0;
    t->node_free = -1;
    t->node_live = 0;
    t->root = -1;
}

/* Makes the root cover box and reserves the nodes a placement may create. */
static bool qt_prepare(c2d_quadtree *t, c2d_aabb box) {
    return qt_grow_root(t, box) && qt_reserve_nodes(t, C2D_QUAD_MAX_DEPTH + 1);
}

static c2d_status qt_insert(c2d_index *index, c2d_aabb box, uint64_t user_data, int32_t *out_id) {
    c2d_quadtree *t = qt_cast(index);
    int32_t next_id = t->proxies.free_head >= 0 ? t->proxies.free_head : t->proxies.used, id;
    void *p = t->links;
    bool ok = c2d_bp_reserve(&index->allocator, &p, &t->link_capacity, next_id + 1, sizeof *t->links);
    t->links = (qt_link *)p;
    if (!ok || !qt_prepare(t, box)) {
        if (t->root >= 0 && t->nodes[t->root].count == 0) qt_prune(t, t->root);
        return C2D_ERR_OUT_OF_MEMORY;
    }
    id = c2d_bp_proxies_add(&t->proxies, &index->allocator, box, user_data);
    if (id < 0) {
        if (t->nodes[t->root].count == 0) qt_prune(t, t->root);
        return C2D_ERR_OUT_OF_MEMORY;
    }
    qt_link_proxy(t, id, qt_target(t, box));
    *out_id = id;
    return C2D_OK;
}

static c2d_status qt_remove(c2d_index *index, int32_t id) {
    c2d_quadtree *t = qt_cast(index);
    int32_t n;
    if (!c2d_bp_proxies_live(&t->proxies, id)) return C2D_ERR_BAD_ID;
    n = t->proxies.items[id].slot;
    qt_unlink_proxy(t, id);
    c2d_bp_proxies_remove(&t->proxies, id);
    qt_prune(t, n);
    return C2D_OK;
}

/* The path from the root is walked again; the proxy changes node only when the target differs. */
static c2d_status qt_move(c2d_index *index, int32_t id, c2d_aabb box) {
    c2d_quadtree *t = qt_cast(index);
    int32_t old = t->proxies.items[id].slot, n;
    if (!qt_prepare(t, box)) return C2D_ERR_OUT_OF_MEMORY;
    if (!c2d_bp_proxies_mark(&t->proxies, &index->allocator, id)) return C2D_ERR_OUT_OF_MEMORY;
    t->proxies.items[id].box = box;
    n = qt_target(t, box);
    if (n != old) {
        qt_unlink_proxy(t, id);
        qt_link_proxy(t, id, n);
        qt_prune(t, old);
    } else {
        qt_widen_path(t, n, box);
    }
    return C2D_OK;
}

static bool qt_get(const c2d_index *index, int32_t id, c2d_aabb *box, uint64_t *user_data) {
    const c2d_quadtree *t = qt_ccast(index);
    if (!c2d_bp_proxies_live(&t->proxies, id)) return false;
    *box = t->proxies.items[id].box;
    *user_data = t->proxies.items[id].user_data;
    return true;
}

/* Calls fn for the proxies of the subtree under top that overlap box; false when fn stopped. */
static bool qt_walk_box(const c2d_quadtree *t, int32_t top, c2d_aabb box, c2d_index_query_fn *fn, void *context) {
    const c2d_bp_proxy *items = t->proxies.items;
    int32_t n = t->nodes[top].count > 0 && c2d_bp_overlap_closed(t->nodes[top].tight, box) ? top : -1;
    for (; n >= 0; n = qt_next_box(t, n, top, box)) {
        int32_t id;
        for (id = t->nodes[n].first; id >= 0; id = t->links[id].next)
            if (c2d_bp_overlap(items[id].box, box) && !fn(id, items[id].user_data, context)) return false;
    }
    return true;
}

static void qt_query_aabb(const c2d_index *index, c2d_aabb box, c2d_index_query_fn *fn, void *context) {
    const c2d_quadtree *t = qt_ccast(index);
    if (t->root >= 0) (void)qt_walk_box(t, t->root, box, fn, context);
}

/* Depth-first, children in the order the ray meets their cells when it starts in the first one:
 * the quadrant on the side the ray comes from first, the opposite one last. Subtrees whose loose
 * bounds the (clipped) ray misses are skipped. */
static void qt_raycast(const c2d_index *index, c2d_bp_ray *ray, c2d_index_raycast_fn *fn, void *context) {
    const c2d_quadtree *t = qt_ccast(index);
    const c2d_bp_proxy *items = t->proxies.items;
    int32_t order[4], q0, n = t->root;
    q0 = (ray->ray.translation.x < 0 ? 1 : 0) | (ray->ray.translation.y < 0 ? 2 : 0);
    if (C2D_ABS(ray->ray.translation.x) >= C2D_ABS(ray->ray.translation.y)) {
        order[0] = q0;
        order[1] = q0 ^ 1;
        order[2] = q0 ^ 2;
        order[3] = q0 ^ 3;
    } else {
        order[0] = q0;
        order[1] = q0 ^ 2;
        order[2] = q0 ^ 1;
        order[3] = q0 ^ 3;
    }
    while (n >= 0) {
        c2d_real enter;
        bool open = c2d_bp_ray_cull(ray, t->nodes[n].tight, &enter);
        if (open) {
            int32_t id;
            for (id = t->nodes[n].first; id >= 0; id = t->links[id].next) {
                c2d_real f;
                if (c2d_bp_ray_box(ray, items[id].box, &f) && !c2d_bp_ray_report(ray, fn, id, items[id].user_data, f, context))
                    return;
            }
        }
        n = qt_next(t, n, open, t->root, order);
    }
}

/* ---- pairs ---- */

/* Pushes the pairs of proxy self with the proxies of the tree that overlap its box, leaving out
 * moved proxies with a smaller id (their own walk finds the pair). */
static void qt_pairs_box(c2d_quadtree *t, int32_t self) {
    const c2d_bp_proxy *items = t->proxies.items;
    c2d_aabb box = items[self].box;
    int32_t n = c2d_bp_overlap_closed(t->nodes[t->root].tight, box) ? t->root : -1;
    for (; n >= 0; n = qt_next_box(t, n, t->root, box)) {
        int32_t id;
        for (id = t->nodes[n].first; id >= 0; id = t->links[id].next) {
            if (id == self || (items[id].link != 0 && id < self)) continue;
            if (c2d_bp_overlap(items[id].box, box)) c2d_bp_pairs_push(&t->base, self, id);
        }
    }
}

/* One-shot pairs: the shared strip sweep over the proxies' boxes (broadphase_pairs.c). */
static c2d_status qt_find_pairs(c2d_index *index) {
    c2d_quadtree *t = qt_cast(index);
    if (!c2d_bp_proxies_sweep(index, &t->proxies, false)) return C2D_ERR_OUT_OF_MEMORY;
    return c2d_bp_pairs_finish(index);
}

/* Per frame: each moved proxy's box is run down the tree; a pair of two moved proxies is kept
 * only from the smaller id's walk. When more than one proxy in QT_SWEEP_DIVISOR moved, the strip
 * sweep with its moved filter is cheaper. */
static c2d_status qt_update_pairs(c2d_index *index) {
    c2d_quadtree *t = qt_cast(index);
    int32_t m;
    c2d_status s;
    c2d_bp_proxies_collect_moved(&t->proxies);
    if ((int64_t)t->proxies.moved_count * QT_SWEEP_DIVISOR > t->proxies.live)
        return c2d_bp_proxies_sweep_update(index, &t->proxies);
    for (m = 0; m < t->proxies.moved_count; ++m) {
        int32_t id = t->proxies.moved[m];
        qt_pairs_box(t, id);
    }
    s = c2d_bp_pairs_finish(index);
    if (s == C2D_OK) c2d_bp_proxies_clear_moved(&t->proxies);
    else c2d_bp_proxies_keep_moved(&t->proxies);
    return s;
}

/* Walks every proxy down again from the current root (after the root grew, boxes stored high up
 * may now fit deeper). On failure the proxies not yet walked stay where they were. */
static c2d_status qt_rebuild(c2d_index *index) {
    c2d_quadtree *t = qt_cast(index);
    int32_t id, k;
    for (id = 0; id < t->proxies.used; ++id) {
        int32_t old, n;
        if (!c2d_bp_proxies_live(&t->proxies, id)) continue;
        if (!qt_reserve_nodes(t, C2D_QUAD_MAX_DEPTH + 1)) return C2D_ERR_OUT_OF_MEMORY;
        old = t->proxies.items[id].slot;
        n = qt_target(t, t->proxies.items[id].box);
        if (n != old) {
            qt_unlink_proxy(t, id);
            qt_link_proxy(t, id, n);
            qt_prune(t, old);
        }
    }
    /* Tight bounds afresh (they only grow between rebuilds): every count is zeroed, which makes
     * every node boundless for qt_widen_path, and every proxy is counted and widened in again. */
    for (k = 0; k < t->node_used; ++k)
        if (t->nodes[k].count >= 0) t->nodes[k].count = 0;
    for (id = 0; id < t->proxies.used; ++id) {
        if (!c2d_bp_proxies_live(&t->proxies, id)) continue;
        qt_widen_path(t, t->proxies.items[id].slot, t->proxies.items[id].box);
        qt_count_path(t, t->proxies.items[id].slot, 1);
    }
    return C2D_OK;
}

static bool qt_validate(const c2d_index *index) {
    const c2d_quadtree *t = qt_ccast(index);
    int32_t n, live_nodes = 0, free_nodes = 0, free_ids = 0, proxies = 0, i;
    if (t->root < 0) return t->proxies.live == 0 && t->node_live == 0;
    if (t->nodes[t->root].parent != -1) return false;
    for (n = 0; n < t->node_used; ++n) {
        const qt_node *node = &t->nodes[n];
        int32_t q, sum = 0, id, prev = -1;
        if (node->count < 0) continue;
        ++live_nodes;
        if (n != t->root) {
            const qt_node *p;
            if (node->parent < 0 || node->parent >= t->node_used) return false;
            p = &t->nodes[node->parent];
            if (p->child[qt_quadrant(p, node->center)] != n || p->half <= node->half) return false;
            if (!qt_contains(p->tight, node->tight) || node->count <= 0) return false;
        }
        for (q = 0; q < 4; ++q) {
            if (node->child[q] < 0) continue;
            if (t->nodes[node->child[q]].parent != n) return false;
            sum += t->nodes[node->child[q]].count;
        }
        for (id = node->first; id >= 0 && sum <= t->proxies.live; id = t->links[id].next) {
            if (!c2d_bp_proxies_live(&t->proxies, id) || t->proxies.items[id].slot != n) return false;
            if (t->links[id].prev != prev || !qt_contains(qt_loose(node), t->proxies.items[id].box)) return false;
            if (!qt_contains(node->tight, t->proxies.items[id].box)) return false;
            prev = id;
            ++sum;
            ++proxies;
        }
        if (sum != node->count) return false;
    }
    for (n = t->node_free; n >= 0 && free_nodes <= t->node_used; n = t->nodes[n].parent) ++free_nodes;
    for (i = t->proxies.free_head; i >= 0 && free_ids <= t->proxies.used; i = t->proxies.items[i].link) ++free_ids;
    return live_nodes == t->node_live && live_nodes + free_nodes == t->node_used && proxies == t->proxies.live &&
           t->nodes[t->root].count == proxies && free_ids + proxies == t->proxies.used;
}

static const c2d_index_class c2d_quadtree_class = {
    .name = "quadtree",
    .destroy = qt_destroy,
    .count = qt_count,
    .insert = qt_insert,
    .remove = qt_remove,
    .move = qt_move,
    .get = qt_get,
    .query_aabb = qt_query_aabb,
    .raycast = qt_raycast,
    .find_pairs = qt_find_pairs,
    .update_pairs = qt_update_pairs,
    .rebuild = qt_rebuild,
    .validate = qt_validate,
    .clear = qt_clear,
    .build = NULL,
};

c2d_status c2d_quadtree_create(const c2d_index_config *config, c2d_index **out) {
    c2d_allocator a;
    c2d_quadtree *t;
    void *links;
    int32_t capacity = 16;
    if (out == NULL) return C2D_ERR_NULL_ARG;
    *out = NULL;
    if (!c2d_bp_allocator_init(&a, config)) return C2D_ERR_NULL_ARG;
    if (c2d_bp_config_status(config) != C2D_OK) return c2d_bp_config_status(config);
    if (config != NULL) {
        if (config->capacity < 0) return C2D_ERR_BAD_SIZE;
        if (config->capacity > 0) capacity = config->capacity;
    }
    t = (c2d_quadtree *)c2d_bp_alloc(&a, sizeof *t);
    if (t == NULL) return C2D_ERR_OUT_OF_MEMORY;
    memset(t, 0, sizeof *t);
    c2d_bp_base_init(&t->base, &c2d_quadtree_class, &a, config);
    t->root = -1;
    t->node_free = -1;
    if (!c2d_bp_proxies_init(&t->proxies, &a, capacity)) {
        qt_destroy(&t->base);
        return C2D_ERR_OUT_OF_MEMORY;
    }
    links = NULL;
    if (!c2d_bp_reserve(&a, &links, &t->link_capacity, capacity, sizeof *t->links)) {
        qt_destroy(&t->base);
        return C2D_ERR_OUT_OF_MEMORY;
    }
    t->links = (qt_link *)links;
    *out = &t->base;
    return C2D_OK;
}
