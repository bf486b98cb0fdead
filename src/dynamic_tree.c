/* Dynamic AABB tree: a binary bounding volume hierarchy over fat boxes, updated incrementally.
 *
 * The technique is the one of Box2D's b2DynamicTree and Bullet's btDbvt (after Goldsmith and
 * Salmon's incremental hierarchy construction): each leaf holds a proxy's box grown by a margin
 * (and optionally stretched along its motion), so small moves change nothing; a box that leaves its
 * fat box is removed and re-inserted. Insertion walks down from the root choosing, at each node,
 * the child whose box grows least in perimeter (the 2D surface area heuristic); rotations on the
 * way back up keep the two subtrees of every node within one level of height (AVL balance), which
 * bounds the height by 1.44 log2 n and so the traversal stacks. Internal nodes live in one array
 * and refer to their children by index; freed nodes form a free list. The users' exact boxes live
 * in the proxy table, so every leaf test is made on them: fat boxes only prune.
 *
 * Memory (about 61 bytes a proxy in float builds, 97 in double): leaves are not nodes. A leaf is
 * its proxy record (the user's box, user data, the parent node, and the fat box as four 8-bit
 * offsets from the user's box in steps of margin / DT_FAT_STEPS); a child reference is a node index
 * (>= 0) or a leaf (~id, < 0). So n proxies take n records and n - 1 internal nodes (a box and
 * three indices; the heights are bytes in an array of their own), and the moved proxies are a
 * bitset. A box that moves inside its fat box keeps the fat box, re-encoded around the new box
 * and rounded inwards, so it can only shrink and the boxes above still hold it; an internal box
 * therefore holds the union of its children's (equal to it after every change of structure).
 *
 * Insertion in arbitrary order builds trees that queries cross about twice as slowly as a top-down
 * build (median splits, nodes laid out depth-first). The tree rebuilds itself that way in full when
 * it has doubled since its last full rebuild; under motion it instead rebuilds one slice (a subtree
 * of up to 1024 leaves) at a time, in place, paid by the moves' re-insertions, so no frame carries
 * a whole rebuild. A leaf that leaves its fat box is not re-inserted at once: the boxes above it
 * grow to hold its new fat box and its re-insertion waits, paid half a re-insertion by each move
 * (dt_move), so that boxes which leave their fat boxes together (same speed, same margin) do not
 * make every other frame carry all the re-insertions. One-shot pairs, and per-frame pairs when many
 * proxies moved, come from the shared strip sweep (broadphase_pairs.c). */
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
/* A fat box's sides lie 0..255 steps of margin / DT_FAT_STEPS outside the user's box: up to about
 * 8 margins, which bounds the prediction's stretch. */
#define DT_FAT_STEPS 32
/* Empty tree (the root reference), and the parent of a free proxy id. */
#define DT_NULL INT32_MIN
#define DT_FREE_ID (-2)
/* Height byte of a free node. */
#define DT_FREE_NODE 255u

/* A proxy, which is also its tree leaf. */
typedef struct dt_proxy {
    c2d_aabb box;       /* the user's box */
    uint64_t user_data; /* free id: the next free id, or -1 */
    int32_t parent;     /* the leaf's parent node; -1 when the leaf is the root; DT_FREE_ID when free */
    uint8_t fat[4];     /* fat box: steps outside box.lower.x, lower.y, upper.x, upper.y */
} dt_proxy;

/* An internal node. A reference r to a child is a node index (r >= 0) or a leaf (r = ~id < 0). */
typedef struct dt_node {
    c2d_aabb box;     /* holds the children's boxes (a leaf's: its fat box) */
    int32_t parent;   /* -1 at the root; free node: next free node */
    int32_t child[2]; /* references */
} dt_node;

typedef struct c2d_dynamic_tree {
    c2d_index base;
    dt_proxy *items;
    int32_t capacity;
    int32_t used;      /* ids below this have been handed out at least once */
    int32_t live;      /* proxies in the tree */
    int32_t free_head; /* first free id, or -1 */
    uint64_t *moved;   /* bit per id: marked moved since the last update_pairs */
    uint64_t *pending; /* bit per id: left its fat box, enlarged in place, not yet re-inserted */
    int32_t moved_words, pending_words;
    int32_t moved_count, pending_count;
    int32_t pending_cursor; /* word where the search for the next pending leaf starts */
    int32_t pay;            /* half re-insertions of pending leaves earned by moves and not spent */
    dt_node *nodes;
    uint8_t *height; /* per node: 1 + the taller child's height (a leaf's is 0); DT_FREE_NODE when free */
    int32_t node_capacity, height_capacity;
    int32_t node_used; /* nodes below this have been handed out at least once */
    int32_t node_free; /* free list head, or -1 */
    int32_t root;      /* reference, or DT_NULL */
    c2d_real margin;     /* >= 0 */
    c2d_real prediction; /* >= 0 */
    c2d_real step;       /* margin / DT_FAT_STEPS */
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

static bool dt_live(const c2d_dynamic_tree *t, int32_t id) {
    return id >= 0 && id < t->used && t->items[id].parent != DT_FREE_ID;
}

/* ---- fat boxes ---- */

/* A proxy's fat box: its box with each side moved out by its steps. */
static c2d_aabb dt_fat(const c2d_dynamic_tree *t, const dt_proxy *p) {
    c2d_aabb f;
    c2d_real s = t->step;
    f.lower = c2d_v2(p->box.lower.x - (c2d_real)p->fat[0] * s, p->box.lower.y - (c2d_real)p->fat[1] * s);
    f.upper = c2d_v2(p->box.upper.x + (c2d_real)p->fat[2] * s, p->box.upper.y + (c2d_real)p->fat[3] * s);
    return f;
}

/* Steps from a box's side out to bound (the fat box's side, on the outer side: below for sign < 0,
 * above for sign > 0): the most whose stepped side, computed as dt_fat does, stays within bound.
 * The quotient only gives the start; the exact comparisons decide, so a box that did not move
 * gets its own steps back. */
static uint8_t dt_steps(c2d_real side, c2d_real bound, c2d_real step, int sign) {
    c2d_real k = step > 0 ? (sign < 0 ? side - bound : bound - side) / step : 0;
    uint32_t d = k >= 255 ? 255u : k > 0 ? (uint32_t)k : 0u;
    int up;
    if (step <= 0) return 0;
    /* Up by at most two (the quotient's rounding; far from the origin a step may be below the
     * coordinates' resolution, and then every count would pass), then down as far as needed. */
    if (sign < 0) {
        for (up = 0; up < 2 && d < 255 && side - (c2d_real)(d + 1) * step >= bound; ++up) ++d;
        while (d > 0 && side - (c2d_real)d * step < bound) --d;
    } else {
        for (up = 0; up < 2 && d < 255 && side + (c2d_real)(d + 1) * step <= bound; ++up) ++d;
        while (d > 0 && side + (c2d_real)d * step > bound) --d;
    }
    return (uint8_t)d;
}

/* Stores the largest fat box within f (which holds the proxy's box) that the steps can say. */
static void dt_set_fat(const c2d_dynamic_tree *t, dt_proxy *p, c2d_aabb f) {
    p->fat[0] = dt_steps(p->box.lower.x, f.lower.x, t->step, -1);
    p->fat[1] = dt_steps(p->box.lower.y, f.lower.y, t->step, -1);
    p->fat[2] = dt_steps(p->box.upper.x, f.upper.x, t->step, 1);
    p->fat[3] = dt_steps(p->box.upper.y, f.upper.y, t->step, 1);
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

/* ---- references ---- */

static c2d_aabb dt_ref_box(const c2d_dynamic_tree *t, int32_t r) {
    return r >= 0 ? t->nodes[r].box : dt_fat(t, &t->items[~r]);
}

static int32_t dt_ref_height(const c2d_dynamic_tree *t, int32_t r) {
    return r >= 0 ? (int32_t)t->height[r] : 0;
}

static void dt_set_parent(c2d_dynamic_tree *t, int32_t r, int32_t parent) {
    if (r >= 0) t->nodes[r].parent = parent;
    else t->items[~r].parent = parent;
}

/* ---- moved bits ---- */

/* The position of the lowest set bit of bits (not 0). */
static int32_t dt_lowest_bit(uint64_t bits) {
    uint32_t low = (uint32_t)bits;
    return low != 0 ? c2d_lowest_bit(low) : 32 + c2d_lowest_bit((uint32_t)(bits >> 32));
}

static bool dt_is_moved(const c2d_dynamic_tree *t, int32_t id) {
    return (t->moved[id >> 6] >> (id & 63)) & 1u;
}

static void dt_mark(c2d_dynamic_tree *t, int32_t id) {
    uint64_t bit = (uint64_t)1 << (id & 63);
    if (t->moved[id >> 6] & bit) return;
    t->moved[id >> 6] |= bit;
    t->moved_count++;
}

static void dt_unmark(c2d_dynamic_tree *t, int32_t id) {
    uint64_t bit = (uint64_t)1 << (id & 63);
    if (!(t->moved[id >> 6] & bit)) return;
    t->moved[id >> 6] &= ~bit;
    t->moved_count--;
}

static bool dt_is_pending(const c2d_dynamic_tree *t, int32_t id) {
    return (t->pending[id >> 6] >> (id & 63)) & 1u;
}

static void dt_set_pending(c2d_dynamic_tree *t, int32_t id, bool on) {
    uint64_t bit = (uint64_t)1 << (id & 63);
    if (((t->pending[id >> 6] & bit) != 0) == on) return;
    t->pending[id >> 6] ^= bit;
    t->pending_count += on ? 1 : -1;
}

static void dt_clear_pending(c2d_dynamic_tree *t) {
    if (t->pending_words > 0) memset(t->pending, 0, (size_t)t->pending_words * sizeof *t->pending);
    t->pending_count = 0;
    t->pay = 0;
}

/* ---- memory ---- */

/* Room for at least words words of bits in *bits (new words zeroed). */
static bool dt_reserve_bits(c2d_dynamic_tree *t, uint64_t **bits, int32_t *capacity, int32_t words) {
    void *mem = *bits;
    int32_t old = *capacity;
    if (!c2d_bp_reserve(&t->base.allocator, &mem, capacity, words, sizeof **bits)) return false;
    *bits = (uint64_t *)mem;
    if (*capacity > old) memset(*bits + old, 0, (size_t)(*capacity - old) * sizeof **bits);
    return true;
}

/* Room for ids below needed: proxy records, moved and pending bits. */
static bool dt_reserve_ids(c2d_dynamic_tree *t, int32_t needed) {
    void *items = t->items;
    int32_t words = (int32_t)(((int64_t)needed + 63) / 64);
    if (!c2d_bp_reserve(&t->base.allocator, &items, &t->capacity, needed, sizeof *t->items)) return false;
    t->items = (dt_proxy *)items;
    return dt_reserve_bits(t, &t->moved, &t->moved_words, words) && dt_reserve_bits(t, &t->pending, &t->pending_words, words);
}

/* Makes sure extra nodes can be taken (from the free list or new room) without failing later. */
static bool dt_reserve_nodes(c2d_dynamic_tree *t, int32_t extra) {
    int32_t free_count = 0, i = t->node_free, needed;
    void *nodes, *height;
    while (i >= 0 && free_count < extra) {
        ++free_count;
        i = t->nodes[i].parent;
    }
    if (free_count >= extra) return true;
    if (t->node_used > INT32_MAX - extra) return false;
    needed = t->node_used + extra - free_count;
    nodes = t->nodes;
    height = t->height;
    if (!c2d_bp_reserve(&t->base.allocator, &nodes, &t->node_capacity, needed, sizeof *t->nodes)) return false;
    t->nodes = (dt_node *)nodes;
    if (!c2d_bp_reserve(&t->base.allocator, &height, &t->height_capacity, needed, sizeof *t->height)) return false;
    t->height = (uint8_t *)height;
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
    t->height[n] = 1;
    return n;
}

static void dt_free_node(c2d_dynamic_tree *t, int32_t n) {
    t->nodes[n].parent = t->node_free;
    t->height[n] = DT_FREE_NODE;
    t->node_free = n;
}

/* ---- structure ---- */

/* Refreshes a node's height and box from its children. */
static void dt_refit(c2d_dynamic_tree *t, int32_t n) {
    dt_node *node = &t->nodes[n];
    int32_t ha = dt_ref_height(t, node->child[0]), hb = dt_ref_height(t, node->child[1]);
    t->height[n] = (uint8_t)(1 + (ha > hb ? ha : hb));
    node->box = c2d_aabb_union(dt_ref_box(t, node->child[0]), dt_ref_box(t, node->child[1]));
}

static void dt_replace_child(c2d_dynamic_tree *t, int32_t parent, int32_t old_child, int32_t new_child) {
    if (parent < 0) {
        t->root = new_child;
    } else if (t->nodes[parent].child[0] == old_child) {
        t->nodes[parent].child[0] = new_child;
    } else {
        t->nodes[parent].child[1] = new_child;
    }
}

/* AVL rotation for a node whose children differ in height by 2: its taller child c moves up into
 * its place; c keeps its own taller child and hands the shorter one down to the old node. In a
 * hierarchy the order of children is free, so this single rotation always restores balance (the
 * double rotation of an ordered AVL tree is not needed). Returns the subtree's new root. */
static int32_t dt_balance(c2d_dynamic_tree *t, int32_t a) {
    dt_node *na = &t->nodes[a];
    int32_t c, f, g, keep, give, hb, hc;
    if (t->height[a] < 2) return a;
    hb = dt_ref_height(t, na->child[0]);
    hc = dt_ref_height(t, na->child[1]);
    if (hc - hb > 1) {
        c = na->child[1];
    } else if (hb - hc > 1) {
        c = na->child[0];
    } else {
        return a;
    }
    f = t->nodes[c].child[0];
    g = t->nodes[c].child[1];
    if (dt_ref_height(t, f) > dt_ref_height(t, g)) {
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
    if (na->child[0] == c) na->child[0] = give;
    else na->child[1] = give;
    dt_set_parent(t, give, a);
    na->parent = c;
    t->nodes[c].child[0] = a;
    t->nodes[c].child[1] = keep;
    dt_set_parent(t, keep, c);
    dt_refit(t, a);
    dt_refit(t, c);
    return c;
}

/* Walks from node n toward the root, rebalancing and refitting every node on the way, and stops
 * at a node that neither rotated nor changed its box or height: the nodes above it depend only on
 * it and are as they were. */
static void dt_fix_upwards(c2d_dynamic_tree *t, int32_t n) {
    while (n >= 0) {
        int32_t m = dt_balance(t, n);
        if (m == n) {
            c2d_aabb old = t->nodes[n].box;
            uint8_t old_height = t->height[n];
            c2d_aabb b;
            dt_refit(t, n);
            b = t->nodes[n].box;
            if (old_height == t->height[n] && b.lower.x == old.lower.x && b.lower.y == old.lower.y &&
                b.upper.x == old.upper.x && b.upper.y == old.upper.y)
                return;
        }
        n = t->nodes[m].parent;
    }
}

/* Chooses the leaf's sibling and links the leaf in (one free node must be available). Descent
 * picks the child whose box grows least in perimeter (ties: the nearer center); a parent may only
 * be made above a node of height <= 1, which keeps the AVL invariant repairable by single
 * rotations on the way up. At a node of height 1 the choice between pairing with the node itself
 * and descending to one of its leaves is made by comparing the perimeter each option adds. */
static void dt_insert_leaf(c2d_dynamic_tree *t, int32_t id) {
    c2d_aabb box = dt_fat(t, &t->items[id]);
    int32_t sibling, old_parent, parent, leaf = ~id;
    if (t->root == DT_NULL) {
        t->root = leaf;
        t->items[id].parent = -1;
        return;
    }
    sibling = t->root;
    while (sibling >= 0) {
        const dt_node *n = &t->nodes[sibling];
        int32_t r1 = n->child[0], r2 = n->child[1];
        c2d_aabb b1 = dt_ref_box(t, r1), b2 = dt_ref_box(t, r2);
        c2d_real combined = dt_perimeter(c2d_aabb_union(n->box, box));
        c2d_real cost1 = dt_perimeter(c2d_aabb_union(b1, box)) - (r1 < 0 ? 0 : dt_perimeter(b1));
        c2d_real cost2 = dt_perimeter(c2d_aabb_union(b2, box)) - (r2 < 0 ? 0 : dt_perimeter(b2));
        if (t->height[sibling] <= 1) {
            /* Pairing here costs a parent of perimeter `combined`; descending costs the new parent
             * under this node plus this node's growth. */
            c2d_real growth = combined - dt_perimeter(n->box);
            c2d_real best_child = cost1 <= cost2 ? cost1 : cost2;
            if (combined <= best_child + growth) break;
        }
        if (cost1 == cost2) {
            /* A tie (typically the box fits in both children: no growth) goes to the child whose
             * center is nearer, as in Box2D v3. */
            cost1 = dt_center_distance(b1, box);
            cost2 = dt_center_distance(b2, box);
        }
        sibling = cost1 <= cost2 ? r1 : r2;
    }
    old_parent = sibling >= 0 ? t->nodes[sibling].parent : t->items[~sibling].parent;
    parent = dt_alloc_node(t);
    t->nodes[parent].parent = old_parent;
    t->nodes[parent].child[0] = sibling;
    t->nodes[parent].child[1] = leaf;
    dt_set_parent(t, sibling, parent);
    t->items[id].parent = parent;
    dt_replace_child(t, old_parent, sibling, parent);
    /* The new node is refitted here: a node taken from the free list may still hold the very box
     * it would get, which would stop dt_fix_upwards at once. */
    dt_refit(t, parent);
    dt_fix_upwards(t, old_parent);
}

/* Unlinks a leaf: its sibling takes the parent's place and the parent node is freed. */
static void dt_remove_leaf(c2d_dynamic_tree *t, int32_t id) {
    int32_t parent = t->items[id].parent, grand, sibling;
    if (parent < 0) {
        t->root = DT_NULL;
        return;
    }
    grand = t->nodes[parent].parent;
    sibling = t->nodes[parent].child[0] == ~id ? t->nodes[parent].child[1] : t->nodes[parent].child[0];
    dt_replace_child(t, grand, parent, sibling);
    dt_set_parent(t, sibling, grand);
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
    if (t->live < DT_AUTO_REBUILD_MIN) return;
    if (t->live / 2 >= t->full_size) {
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
    c2d_bp_free(&a, t->items, (size_t)t->capacity * sizeof *t->items);
    c2d_bp_free(&a, t->moved, (size_t)t->moved_words * sizeof *t->moved);
    c2d_bp_free(&a, t->pending, (size_t)t->pending_words * sizeof *t->pending);
    c2d_bp_free(&a, t->nodes, (size_t)t->node_capacity * sizeof *t->nodes);
    c2d_bp_free(&a, t->height, (size_t)t->height_capacity * sizeof *t->height);
    c2d_bp_free(&a, t->slice_mem, t->slice_bytes);
    c2d_bp_base_free(index);
    c2d_bp_free(&a, t, sizeof *t);
}

static int32_t dt_count(const c2d_index *index) {
    return dt_ccast(index)->live;
}

/* Forgets every node and proxy; the arrays stay. */
static void dt_clear(c2d_index *index) {
    c2d_dynamic_tree *t = dt_cast(index);
    if (t->moved_words > 0) memset(t->moved, 0, (size_t)t->moved_words * sizeof *t->moved);
    t->used = 0;
    t->live = 0;
    t->free_head = -1;
    t->moved_count = 0;
    dt_clear_pending(t);
    t->node_used = 0;
    t->node_free = -1;
    t->root = DT_NULL;
    t->churn = 0;
    t->full_size = 0;
    t->credit = 0;
    t->cursor = 0;
}

/* Bulk build: one record per box, then one top-down build (fewer than 3 leaves are linked one by
 * one). */
static c2d_status dt_bulk(c2d_index *index, const c2d_aabb *boxes, const uint64_t *user_data, int32_t count) {
    c2d_dynamic_tree *t = dt_cast(index);
    int32_t i;
    c2d_status s;
    dt_clear(index);
    if (count == 0) return C2D_OK;
    if (count == INT32_MAX || !dt_reserve_nodes(t, count) || !dt_reserve_ids(t, count)) return C2D_ERR_OUT_OF_MEMORY;
    for (i = 0; i < count; ++i) {
        dt_proxy *p = &t->items[i];
        p->box = boxes[i];
        p->user_data = user_data != NULL ? user_data[i] : (uint64_t)i;
        p->parent = -1;
        dt_set_fat(t, p, dt_fatten(t, boxes[i], c2d_v2(0, 0)));
        dt_mark(t, i);
    }
    t->used = t->live = count;
    if (count < 3) {
        for (i = 0; i < count; ++i) dt_insert_leaf(t, i);
        return C2D_OK;
    }
    s = dt_rebuild(index);
    if (s != C2D_OK) dt_clear(index);
    return s;
}

static c2d_status dt_insert(c2d_index *index, c2d_aabb box, uint64_t user_data, int32_t *out_id) {
    c2d_dynamic_tree *t = dt_cast(index);
    int32_t id;
    dt_proxy *p;
    if (!dt_reserve_nodes(t, 1)) return C2D_ERR_OUT_OF_MEMORY;
    if (t->free_head >= 0) {
        id = t->free_head;
        t->free_head = (int32_t)(int64_t)t->items[id].user_data;
    } else {
        /* Ids stay below INT32_MAX, so that every leaf reference ~id differs from DT_NULL. */
        if (t->used >= INT32_MAX - 1 || !dt_reserve_ids(t, t->used + 1)) return C2D_ERR_OUT_OF_MEMORY;
        id = t->used++;
    }
    p = &t->items[id];
    p->box = box;
    p->user_data = user_data;
    p->parent = -1;
    dt_set_fat(t, p, dt_fatten(t, box, c2d_v2(0, 0)));
    t->live++;
    dt_mark(t, id);
    dt_insert_leaf(t, id);
    dt_churn(t, false);
    *out_id = id;
    return C2D_OK;
}

static c2d_status dt_remove(c2d_index *index, int32_t id) {
    c2d_dynamic_tree *t = dt_cast(index);
    if (!dt_live(t, id)) return C2D_ERR_BAD_ID;
    dt_remove_leaf(t, id);
    dt_unmark(t, id);
    dt_set_pending(t, id, false);
    t->items[id].parent = DT_FREE_ID;
    t->items[id].user_data = (uint64_t)(int64_t)t->free_head;
    t->free_head = id;
    t->live--;
    if (t->full_size > t->live) t->full_size = t->live;
    return C2D_OK;
}

/* Grows the boxes above a leaf until one holds its (new) fat box: what a re-insertion would cost
 * is put off, and the leaf is marked pending. */
static void dt_enlarge(c2d_dynamic_tree *t, int32_t id) {
    c2d_aabb f = dt_fat(t, &t->items[id]);
    int32_t n = t->items[id].parent;
    while (n >= 0 && !c2d_aabb_contains(t->nodes[n].box, f)) {
        t->nodes[n].box = c2d_aabb_union(t->nodes[n].box, f);
        n = t->nodes[n].parent;
    }
    dt_set_pending(t, id, true);
}

/* Re-inserts the next pending leaf (there must be one), from the cursor on in id order. */
static void dt_reinsert_next(c2d_dynamic_tree *t) {
    int32_t words = (int32_t)(((int64_t)t->used + 63) / 64), w = t->pending_cursor, id;
    if (w >= words) w = 0;
    while (t->pending[w] == 0) w = w + 1 < words ? w + 1 : 0;
    t->pending_cursor = w;
    id = w * 64 + dt_lowest_bit(t->pending[w]);
    dt_set_pending(t, id, false);
    dt_remove_leaf(t, id);
    dt_insert_leaf(t, id);
    dt_churn(t, true);
}

/* A move keeps the leaf where it is while the new box stays inside the fat box and the fat box is
 * not much larger than a fresh one would be (a box that shrank, or stopped moving after a long
 * predicted stretch); the fat box is then said again around the new box (rounded inwards, so it
 * may shrink by less than a step a side). Otherwise the leaf gets a fresh fat box, and the boxes
 * above it grow to hold it (dt_enlarge): its re-insertion waits. Every move, whether it left its
 * fat box or not, pays for half a re-insertion of a waiting leaf (two while more than half the
 * leaves wait). So when many boxes leave their fat boxes in the same frame (bodies of one speed
 * and one margin do so together, every few frames), their re-insertions are spread over the
 * frames that follow instead of all falling in that one. */
static c2d_status dt_move(c2d_index *index, int32_t id, c2d_aabb box) {
    c2d_dynamic_tree *t = dt_cast(index);
    dt_proxy *p = &t->items[id];
    c2d_aabb fat = dt_fat(t, p), fresh, loose;
    c2d_vec2 disp;
    c2d_real slack;
    dt_mark(t, id);
    disp = c2d_scale(c2d_add(c2d_sub(box.lower, p->box.lower), c2d_sub(box.upper, p->box.upper)), (c2d_real)0.5);
    fresh = dt_fatten(t, box, disp);
    slack = 4 * t->margin;
    loose.lower = c2d_v2(fresh.lower.x - slack, fresh.lower.y - slack);
    loose.upper = c2d_v2(fresh.upper.x + slack, fresh.upper.y + slack);
    p->box = box;
    if (c2d_aabb_contains(fat, box) && c2d_aabb_contains(loose, fat)) {
        dt_set_fat(t, p, fat);
    } else {
        dt_set_fat(t, p, fresh);
        dt_enlarge(t, id);
    }
    t->pay += (int64_t)t->pending_count * 2 > t->live ? 4 : 1;
    while (t->pay >= 2 && t->pending_count > 0) {
        t->pay -= 2;
        dt_reinsert_next(t);
    }
    if (t->pending_count == 0) t->pay = 0;
    return C2D_OK;
}

static bool dt_get(const c2d_index *index, int32_t id, c2d_aabb *box, uint64_t *user_data) {
    const c2d_dynamic_tree *t = dt_ccast(index);
    if (!dt_live(t, id)) return false;
    *box = t->items[id].box;
    *user_data = t->items[id].user_data;
    return true;
}

/* The depth-first walk of a box down the tree, pruned by closed tests on the nodes' boxes, shared
 * by the box query and the per-frame pairs: each leaf reached is handed to visit (with ctx), which
 * tests it and returns false to stop the walk. It is inlined into each caller with its own visitor,
 * so the visit is a direct call the compiler folds in (the per-frame pairs are a hot loop). A walk
 * that would overflow the stack stops (asserted). */
#if defined(__GNUC__)
__attribute__((always_inline))
#endif
static inline void dt_walk(const c2d_dynamic_tree *t, c2d_aabb box, bool (*visit)(const c2d_dynamic_tree *t, int32_t id, void *ctx), void *ctx) {
    int32_t stack[C2D_INDEX_STACK];
    int sp = 0;
    stack[sp++] = t->root;
    while (sp > 0) {
        int32_t r = stack[--sp];
        if (r < 0) {
            if (!visit(t, ~r, ctx)) return;
        } else {
            const dt_node *n = &t->nodes[r];
            if (!c2d_bp_overlap_closed(n->box, box)) continue;
            C2D_ASSERT(sp + 2 <= C2D_INDEX_STACK);
            if (sp + 2 > C2D_INDEX_STACK) return;
            stack[sp++] = n->child[1];
            stack[sp++] = n->child[0];
        }
    }
}

/* dt_query_aabb's leaf: the user's callback for a box overlapping the query's (strictly). */
typedef struct dt_query_ctx {
    c2d_aabb box;
    c2d_index_query_fn *fn;
    void *context;
} dt_query_ctx;

static bool dt_query_leaf(const c2d_dynamic_tree *t, int32_t id, void *ctx) {
    const dt_query_ctx *q = (const dt_query_ctx *)ctx;
    const dt_proxy *p = &t->items[id];
    return !c2d_bp_overlap(p->box, q->box) || q->fn(id, p->user_data, q->context);
}

/* Leaves are tested on the users' boxes. */
static void dt_query_aabb(const c2d_index *index, c2d_aabb box, c2d_index_query_fn *fn, void *context) {
    const c2d_dynamic_tree *t = dt_ccast(index);
    dt_query_ctx q;
    if (t->root == DT_NULL) return;
    q.box = box;
    q.fn = fn;
    q.context = context;
    dt_walk(t, box, dt_query_leaf, &q);
}

/* The culling box of a reference for rays: a node's box, a leaf's own box. */
static c2d_aabb dt_ray_box(const c2d_dynamic_tree *t, int32_t r) {
    return r >= 0 ? t->nodes[r].box : t->items[~r].box;
}

/* Depth-first walk pruned by the slab test with the current (clipped) end of the ray. Children
 * are tested when their parent is opened and pushed farther first, with the fraction where the ray
 * enters them; a popped node is skipped when the callback has since clipped the ray before it. */
static void dt_raycast(const c2d_index *index, c2d_bp_ray *ray, c2d_index_raycast_fn *fn, void *context) {
    const c2d_dynamic_tree *t = dt_ccast(index);
    int32_t stack[C2D_INDEX_STACK];
    c2d_real enter[C2D_INDEX_STACK];
    int sp = 0;
    if (t->root == DT_NULL || !c2d_bp_ray_cull(ray, dt_ray_box(t, t->root), &enter[0])) return;
    stack[sp++] = t->root;
    while (sp > 0) {
        int32_t r;
        --sp;
        if (enter[sp] > ray->ray.max_fraction) continue;
        r = stack[sp];
        if (r < 0) {
            const dt_proxy *p = &t->items[~r];
            c2d_real f;
            if (c2d_bp_ray_box(ray, p->box, &f) && !c2d_bp_ray_report(ray, fn, ~r, p->user_data, f, context)) return;
        } else {
            const dt_node *n = &t->nodes[r];
            c2d_real e1 = 0, e2 = 0;
            bool h1 = c2d_bp_ray_cull(ray, dt_ray_box(t, n->child[0]), &e1);
            bool h2 = c2d_bp_ray_cull(ray, dt_ray_box(t, n->child[1]), &e2);
            C2D_ASSERT(sp + 2 <= C2D_INDEX_STACK);
            if (sp + 2 > C2D_INDEX_STACK) return;
            if (h1 && h2) {
                bool near1 = e1 <= e2;
                stack[sp] = near1 ? n->child[1] : n->child[0];
                enter[sp++] = near1 ? e2 : e1;
                stack[sp] = near1 ? n->child[0] : n->child[1];
                enter[sp++] = near1 ? e1 : e2;
            } else if (h1 || h2) {
                stack[sp] = h1 ? n->child[0] : n->child[1];
                enter[sp++] = h1 ? e1 : e2;
            }
        }
    }
}

/* The shared strip sweep (broadphase_pairs.c) over every proxy's box; with moved_only, only the
 * pairs with a moved proxy. False when out of memory. */
static bool dt_sweep(c2d_index *index, bool moved_only) {
    c2d_dynamic_tree *t = dt_cast(index);
    int32_t i, n = 0;
    c2d_bp_srec *r = c2d_bp_sweep_reserve(index, t->live);
    if (r == NULL) return false;
    for (i = 0; i < t->used; ++i) {
        const dt_proxy *p = &t->items[i];
        if (p->parent == DT_FREE_ID) continue;
        c2d_bp_srec_set(&r[n++], p->box, i, moved_only && dt_is_moved(t, i));
    }
    return c2d_bp_sweep_pairs(index, n, moved_only ? C2D_SWEEP_FILTER : 0u);
}

/* All pairs: the shared strip sweep, which is several times faster than descending the tree
 * against itself. */
static c2d_status dt_find_pairs(c2d_index *index) {
    if (!dt_sweep(index, false)) return C2D_ERR_OUT_OF_MEMORY;
    return c2d_bp_pairs_finish(index);
}

/* dt_update_pairs' leaf: a pair of the moved proxy id with another whose box overlaps (strictly);
 * a pair of two moved proxies only from the smaller id's walk. */
typedef struct dt_pairs_ctx {
    c2d_index *index;
    int32_t id;
    c2d_aabb box;
} dt_pairs_ctx;

static bool dt_pairs_leaf(const c2d_dynamic_tree *t, int32_t other, void *ctx) {
    const dt_pairs_ctx *q = (const dt_pairs_ctx *)ctx;
    if (other == q->id || (other < q->id && dt_is_moved(t, other))) return true;
    if (c2d_bp_overlap(t->items[other].box, q->box)) c2d_bp_pairs_push(q->index, q->id, other);
    return true;
}

/* Per frame: each moved proxy's box is run down the tree (the moved bits are read a word at a
 * time); a pair of two moved proxies is kept only from the smaller id's walk so that it appears
 * once. When more than one proxy in DT_SWEEP_DIVISOR moved, the strip sweep with its moved filter
 * is cheaper than the queries. The moves are forgotten only when the pairs were made. */
static c2d_status dt_update_pairs(c2d_index *index) {
    c2d_dynamic_tree *t = dt_cast(index);
    const dt_proxy *items = t->items;
    int32_t w, words = (int32_t)(((int64_t)t->used + 63) / 64);
    c2d_status s;
    if ((int64_t)t->moved_count * DT_SWEEP_DIVISOR > t->live) {
        s = dt_sweep(index, true) ? c2d_bp_pairs_finish(index) : C2D_ERR_OUT_OF_MEMORY;
    } else {
        for (w = 0; w < words && t->moved_count > 0; ++w) {
            uint64_t bits = t->moved[w];
            while (bits != 0) {
                dt_pairs_ctx q;
                q.index = index;
                q.id = w * 64 + dt_lowest_bit(bits);
                bits &= bits - 1u;
                q.box = items[q.id].box;
                dt_walk(t, q.box, dt_pairs_leaf, &q);
            }
        }
        s = c2d_bp_pairs_finish(index);
    }
    if (s == C2D_OK && t->moved_count > 0) {
        memset(t->moved, 0, (size_t)words * sizeof *t->moved);
        t->moved_count = 0;
    }
    return s;
}

/* Scratch of a rebuild: every leaf's fat-box center and id, and the leaves' order along x and
 * along y (as positions in items), both kept for the current subtree in the same range. */
typedef struct dt_builder {
    c2d_dynamic_tree *tree;
    c2d_real *cx, *cy;
    int32_t *leaf;
    int32_t *order[2]; /* items sorted by center x, by center y */
    int32_t *tmp;
    c2d_radix32 *sort; /* 2 per item: the radix sort's items and its second buffer */
    unsigned char *left; /* per item: in the left half of the current split */
    int32_t next;        /* next fresh node (slice rebuild: next entry of pool) */
    int32_t *pool;       /* slice rebuild: the slice's nodes below its root, in index order */
} dt_builder;

/* Sorts the n items by one coordinate into out: radix.c's sort on the coordinate scaled to 22 bits
 * (two 11-bit passes), or to 11 bits (one pass) for the 2048 items or fewer of a slice. Any order
 * is a valid tree; this one makes the median splits good. */
static void dt_sort_axis(const c2d_real *c, int32_t n, int32_t *out, c2d_radix32 *sort) {
    c2d_real lo = c[0], hi = c[0], scale, top = (c2d_real)((1u << (n <= 2048 ? 11 : 22)) - 1u);
    const c2d_radix32 *sorted;
    int32_t i;
    for (i = 1; i < n; ++i) {
        if (c[i] < lo) lo = c[i];
        if (c[i] > hi) hi = c[i];
    }
    scale = hi > lo ? top / (hi - lo) : (c2d_real)0;
    if (!C2D_ISFINITE(scale)) scale = 0;
    for (i = 0; i < n; ++i) {
        c2d_real f = (c[i] - lo) * scale;
        sort[i].key = f > 0 ? (f < top ? (uint32_t)f : (uint32_t)top) : 0u;
        sort[i].value = (uint32_t)i;
    }
    sorted = c2d_radix_sort32(sort, sort + n, n);
    for (i = 0; i < n; ++i) out[i] = (int32_t)sorted[i].value;
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
        b->tmp[lo + kr] = v; /* the range's own part of tmp: ranges may be split at once */
        kl += b->left[v];
        kr += !b->left[v];
    }
    memcpy(other + kl, b->tmp + lo, (size_t)kr * sizeof *other);
}

/* Builds the subtree of the items in positions [lo, hi) of both orders and returns its reference;
 * internal nodes are numbered in depth-first order (a node, then its first child's subtree, then
 * its second's, so that walks read memory forwards). Top-down median split along the axis where
 * the centers spread more: the order along that axis splits at its middle, and the other order is
 * partitioned stably to match. Halves differ by at most one leaf, so sibling heights differ by at
 * most one and the result is AVL balanced. Recursion depth is log2 n. */
static int32_t dt_build(dt_builder *b, int32_t lo, int32_t hi, int32_t parent) {
    c2d_dynamic_tree *t = b->tree;
    int32_t node, mid = lo + (hi - lo) / 2;
    if (hi - lo == 1) {
        int32_t id = b->leaf[b->order[0][lo]];
        t->items[id].parent = parent;
        return ~id;
    }
    node = b->next++;
    t->nodes[node].parent = parent;
    dt_partition(b, lo, hi, mid);
    t->nodes[node].child[0] = dt_build(b, lo, mid, node);
    t->nodes[node].child[1] = dt_build(b, mid, hi, node);
    dt_refit(t, node);
    return node;
}

/* Leaves from which a rebuild (and a bulk build) splits its subtrees over the task system. */
#define DT_BUILD_THREAD_MIN 16384
/* Subtrees at most that the top of a threaded rebuild hands to tasks (a part gets about 8). */
#define DT_BUILD_SUBTREES 1024

/* A subtree of a threaded rebuild: items [lo, hi) of both orders, its parent, and the index of its
 * first internal node (internal nodes are numbered depth first, so a subtree of m leaves takes the
 * m - 1 indices from there on, whoever builds it). */
typedef struct dt_subtree {
    int32_t lo, hi, parent, node;
} dt_subtree;

typedef struct dt_build_job {
    const dt_builder *b;
    const dt_subtree *subs;
} dt_build_job;

/* Builds subtrees [start, end) of the job, each with the builder's arrays and its own node count. */
static void dt_build_task(int32_t start, int32_t end, int32_t worker, void *context) {
    const dt_build_job *job = (const dt_build_job *)context;
    int32_t j;
    (void)worker;
    for (j = start; j < end; ++j) {
        dt_builder local = *job->b;
        local.next = job->subs[j].node;
        (void)dt_build(&local, job->subs[j].lo, job->subs[j].hi, job->subs[j].parent);
    }
}

/* The top of a threaded rebuild: dt_build's splits down to ranges of at most cut items, which are
 * recorded in subs (in depth-first order) with the node indices they will take, and left to tasks;
 * the internal nodes made here are listed in post order in top (children before their parent), to
 * be refitted once the subtrees are built. */
static int32_t dt_build_top(dt_builder *b, int32_t lo, int32_t hi, int32_t parent, int32_t cut, dt_subtree *subs, int32_t *nsubs,
                            int32_t *top, int32_t *ntop) {
    c2d_dynamic_tree *t = b->tree;
    int32_t node, mid = lo + (hi - lo) / 2;
    if (hi - lo == 1) return dt_build(b, lo, hi, parent);
    if (hi - lo <= cut) {
        dt_subtree *st = &subs[(*nsubs)++];
        st->lo = lo;
        st->hi = hi;
        st->parent = parent;
        st->node = b->next;
        b->next += hi - lo - 1;
        return st->node;
    }
    node = b->next++;
    t->nodes[node].parent = parent;
    dt_partition(b, lo, hi, mid);
    t->nodes[node].child[0] = dt_build_top(b, lo, mid, node, cut, subs, nsubs, top, ntop);
    t->nodes[node].child[1] = dt_build_top(b, mid, hi, node, cut, subs, nsubs, top, ntop);
    top[(*ntop)++] = node;
    return node;
}

/* dt_build of all n leaves split over the task system: the splits of the top levels on this
 * thread, the subtrees below them (about 8 a part) as tasks, then the top's boxes. The tree is
 * dt_build's, node for node. */
static int32_t dt_build_threaded(c2d_index *index, dt_builder *b, int32_t n) {
    c2d_dynamic_tree *t = b->tree;
    dt_subtree subs[DT_BUILD_SUBTREES];
    int32_t top[DT_BUILD_SUBTREES], nsubs = 0, ntop = 0, parts = index->tasks.worker_count, i, root;
    dt_build_job job;
    if (parts > C2D_BP_MAX_CHUNKS) parts = C2D_BP_MAX_CHUNKS;
    /* ranges of at most n / (4 parts) items: at most 8 parts subtrees (each range is over half a cut) */
    root = dt_build_top(b, 0, n, -1, n / (4 * parts) + 1, subs, &nsubs, top, &ntop);
    job.b = b;
    job.subs = subs;
    c2d_bp_run_tasks(index, dt_build_task, nsubs, &job);
    for (i = 0; i < ntop; ++i) dt_refit(t, top[i]);
    return root;
}

/* Bytes of scratch for a rebuild of n leaves: cx, cy; leaf, order x, order y, tmp; pool; the sort's
 * 2 items a leaf; left. */
static size_t dt_scratch_bytes(int32_t n) {
    return (size_t)n * (2 * sizeof(c2d_real) + 5 * sizeof(int32_t) + 2 * sizeof(c2d_radix32) + 1);
}

/* Lays out the builder's arrays for up to n leaves in mem (dt_scratch_bytes(n) bytes). */
static void dt_builder_init(dt_builder *b, c2d_dynamic_tree *t, void *mem, int32_t n) {
    b->tree = t;
    b->sort = (c2d_radix32 *)mem;
    b->cx = (c2d_real *)(void *)(b->sort + 2 * n);
    b->cy = b->cx + n;
    b->leaf = (int32_t *)(void *)(b->cy + n);
    b->order[0] = b->leaf + n;
    b->order[1] = b->order[0] + n;
    b->tmp = b->order[1] + n;
    b->pool = b->tmp + n;
    b->left = (unsigned char *)(void *)(b->pool + n);
    b->next = 0;
}

/* Full rebuild from the leaves' fat boxes, in place: the internal nodes are numbered afresh in
 * depth-first order and the nodes past the tree are free. The scratch is allocated first, so
 * running out of memory leaves the tree untouched. */
static c2d_status dt_rebuild(c2d_index *index) {
    c2d_dynamic_tree *t = dt_cast(index);
    int32_t n = t->live, i, k = 0;
    dt_builder b;
    size_t scratch;
    void *mem;
    t->churn = 0;
    t->full_size = n;
    t->credit = 0;
    t->cursor = 0;
    if (n < 3) return C2D_OK;
    dt_clear_pending(t);
    scratch = dt_scratch_bytes(n);
    mem = c2d_bp_alloc(&index->allocator, scratch);
    if (mem == NULL) return C2D_ERR_OUT_OF_MEMORY;
    dt_builder_init(&b, t, mem, n);
    for (i = 0; i < t->used; ++i) {
        c2d_aabb f;
        if (t->items[i].parent == DT_FREE_ID) continue;
        f = dt_fat(t, &t->items[i]);
        b.cx[k] = f.lower.x + f.upper.x;
        b.cy[k] = f.lower.y + f.upper.y;
        b.leaf[k] = i;
        ++k;
    }
    C2D_ASSERT(k == n);
    dt_sort_axis(b.cx, n, b.order[0], b.sort);
    dt_sort_axis(b.cy, n, b.order[1], b.sort);
    t->root = index->tasks.worker_count > 1 && n >= DT_BUILD_THREAD_MIN ? dt_build_threaded(index, &b, n) : dt_build(&b, 0, n, -1);
    /* Nodes after the tree are free: handed out again from node_used on. */
    t->node_used = b.next;
    t->node_free = -1;
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

static void dt_build_slice(dt_builder *b, int32_t lo, int32_t hi, int k, int32_t parent, int32_t node);

/* One part of a slice: a leaf, or the next node of the pool built as a tree of height k. */
static int32_t dt_build_slice_part(dt_builder *b, int32_t lo, int32_t hi, int k, int32_t parent) {
    int32_t node;
    if (hi - lo == 1) {
        int32_t id = b->leaf[b->order[0][lo]];
        b->tree->items[id].parent = parent;
        return ~id;
    }
    node = b->pool[b->next++];
    dt_build_slice(b, lo, hi, k, parent, node);
    return node;
}

/* Rebuilds the slice's items in positions [lo, hi) of both orders (at least 2) into node `node`,
 * as a tree of height exactly k; the nodes below it come from the pool (the slice's old nodes,
 * sorted) in depth-first order, so a walk reads the slice's memory forwards, and each leaf's proxy
 * learns its new parent. The split is the one of dt_build, moved off the median only as far as the
 * height requires, so the slice root keeps its height and the tree above it stays balanced. */
static void dt_build_slice(dt_builder *b, int32_t lo, int32_t hi, int k, int32_t parent, int32_t node) {
    dt_node *nodes = b->tree->nodes;
    int32_t n = hi - lo, mid;
    int k1 = 0, k2 = 0;
    nodes[node].parent = parent;
    mid = lo + dt_split_exact(n, k, &k1, &k2);
    dt_partition(b, lo, hi, mid);
    nodes[node].child[0] = dt_build_slice_part(b, lo, mid, k1, node);
    nodes[node].child[1] = dt_build_slice_part(b, mid, hi, k2, node);
    dt_refit(b->tree, node);
    C2D_ASSERT(b->tree->height[node] == k);
}

/* Spends the credit on one slice once it pays for a slice: the next subtree, from the cursor on in
 * node order, whose height is at most H while its parent's is more (H from DT_SLICE_HEIGHT_MIN to
 * DT_SLICE_HEIGHT_MAX, as the tree holds 64 slices), is rebuilt in place by median splits of its
 * leaves' fat-box centers. Its root keeps its node, its height and (the union of the same leaves)
 * a box within its old one, so nothing above it needs a change. The scratch is kept; out of memory
 * skips the step. */
static void dt_slice_step(c2d_dynamic_tree *t) {
    int H = DT_SLICE_HEIGHT_MIN, sp = 0;
    int32_t cap, i, scanned, root = -1, m = 0, below = 0, stack[DT_SLICE_HEIGHT_MAX + 2];
    const c2d_radix32 *sorted;
    size_t bytes;
    dt_builder b;
    while (H < DT_SLICE_HEIGHT_MAX && ((int32_t)64 << (H + 1)) <= t->live) ++H;
    cap = (int32_t)1 << H;
    if (t->credit < cap / 2 || t->root < 0) return;
    for (scanned = 0, i = t->cursor; scanned < t->node_used; ++scanned, ++i) {
        int32_t h, parent;
        if (i >= t->node_used) i = 0;
        h = t->height[i];
        if (h > H) continue; /* free nodes too */
        parent = t->nodes[i].parent;
        if (parent < 0 || t->height[parent] > H) {
            root = i;
            break;
        }
    }
    if (root < 0) return;
    t->cursor = root + 1;
    bytes = dt_scratch_bytes(cap);
    if (t->slice_bytes < bytes) {
        void *mem = c2d_bp_alloc(&t->base.allocator, bytes);
        if (mem == NULL) return;
        c2d_bp_free(&t->base.allocator, t->slice_mem, t->slice_bytes);
        t->slice_mem = mem;
        t->slice_bytes = bytes;
    }
    dt_builder_init(&b, t, t->slice_mem, cap);
    /* Every node below the root goes to the pool; the leaves' centers and ids are kept aside. */
    stack[sp++] = t->nodes[root].child[1];
    stack[sp++] = t->nodes[root].child[0];
    while (sp > 0) {
        int32_t r = stack[--sp];
        if (r < 0) {
            c2d_aabb f = dt_fat(t, &t->items[~r]);
            b.cx[m] = f.lower.x + f.upper.x;
            b.cy[m] = f.lower.y + f.upper.y;
            b.leaf[m++] = ~r;
        } else {
            b.sort[below].key = (uint32_t)r;
            b.sort[below++].value = 0;
            stack[sp++] = t->nodes[r].child[1];
            stack[sp++] = t->nodes[r].child[0];
        }
    }
    sorted = c2d_radix_sort32(b.sort, b.sort + below, below);
    for (i = 0; i < below; ++i) b.pool[i] = (int32_t)sorted[i].key;
    dt_sort_axis(b.cx, m, b.order[0], b.sort);
    dt_sort_axis(b.cy, m, b.order[1], b.sort);
    t->credit -= m;
    dt_build_slice(&b, 0, m, t->height[root], t->nodes[root].parent, root);
}

/* Checks the subtree of reference r; returns its leaf count, or -1 on a broken invariant. */
static int32_t dt_validate_ref(const c2d_dynamic_tree *t, int32_t r, int32_t parent, int depth) {
    const dt_node *node;
    int32_t a, b, h, d, ha, hb;
    if (depth > 64) return -1;
    if (r < 0) {
        int32_t id = ~r;
        if (!dt_live(t, id) || t->items[id].parent != parent) return -1;
        return c2d_aabb_contains(dt_fat(t, &t->items[id]), t->items[id].box) ? 1 : -1;
    }
    if (r >= t->node_used) return -1;
    node = &t->nodes[r];
    if (node->parent != parent || t->height[r] == DT_FREE_NODE) return -1;
    a = dt_validate_ref(t, node->child[0], r, depth + 1);
    b = dt_validate_ref(t, node->child[1], r, depth + 1);
    if (a < 0 || b < 0) return -1;
    ha = dt_ref_height(t, node->child[0]);
    hb = dt_ref_height(t, node->child[1]);
    h = 1 + (ha > hb ? ha : hb);
    d = ha - hb;
    if (t->height[r] != h || d > 1 || d < -1) return -1;
    /* The box holds the children's (equal to their union until a leaf's fat box shrank). */
    if (!c2d_aabb_contains(node->box, c2d_aabb_union(dt_ref_box(t, node->child[0]), dt_ref_box(t, node->child[1]))))
        return -1;
    return a + b;
}

static bool dt_validate(const c2d_index *index) {
    const c2d_dynamic_tree *t = dt_ccast(index);
    int32_t leaves = 0, free_nodes = 0, free_ids = 0, moved = 0, pending = 0, i;
    if (t->root != DT_NULL) {
        leaves = dt_validate_ref(t, t->root, -1, 0);
        if (leaves < 0) return false;
    }
    if (leaves != t->live) return false;
    for (i = t->node_free; i >= 0 && free_nodes <= t->node_used; i = t->nodes[i].parent) {
        if (t->height[i] != DT_FREE_NODE) return false;
        ++free_nodes;
    }
    if ((leaves > 0 ? leaves - 1 : 0) + free_nodes != t->node_used) return false;
    for (i = t->free_head; i >= 0 && free_ids <= t->used; i = (int32_t)(int64_t)t->items[i].user_data) {
        if (i >= t->used || t->items[i].parent != DT_FREE_ID || dt_is_moved(t, i)) return false;
        ++free_ids;
    }
    for (i = 0; i < t->used; ++i) {
        moved += dt_is_moved(t, i);
        pending += dt_is_pending(t, i);
        if (dt_is_pending(t, i) && !dt_live(t, i)) return false;
    }
    return free_ids + t->live == t->used && moved == t->moved_count && pending == t->pending_count;
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
    t->root = DT_NULL;
    t->node_free = -1;
    t->free_head = -1;
    t->margin = margin;
    t->prediction = prediction;
    t->step = margin / DT_FAT_STEPS;
    if (capacity == INT32_MAX) --capacity;
    if (!dt_reserve_ids(t, capacity) || !dt_reserve_nodes(t, capacity)) {
        dt_destroy(&t->base);
        return C2D_ERR_OUT_OF_MEMORY;
    }
    *out = &t->base;
    return C2D_OK;
}
