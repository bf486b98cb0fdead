/* Uniform grid stored as a spatial hash, with each cell's entries in one contiguous block.
 *
 * The plane is cut into square cells; a cell that holds anything is an entry of an open-addressing
 * hash table (linear probing, backward-shift deletion) keyed by its integer coordinates, so the
 * world needs no bounds. Each cell owns a block of entries (proxy ids) in one pool; blocks come in
 * power-of-two sizes with a free list per size, so a cell's ids are scanned from one run of memory.
 * A proxy is entered in every cell its box touches; one covering more than C2D_GRID_MAX_CELLS cells
 * goes to a side list that every query tests directly. The cells hold ids only (the boxes stay in
 * the proxy table, the cell range of each proxy beside it), so a move that stays in the same cells
 * writes nothing in them, and one that changes cells touches only the cells it leaves or enters:
 * when every body moves a little each frame, most moves cost a compare.
 * One-shot pairs come from the shared strip sweep over the boxes (broadphase_pairs.c); per-frame
 * pairs, queries and rays use the cells.
 *
 * A proxy found in several cells is reported once, from its reference cell: for a box query or a
 * per-frame pair, the cell holding the lower corner of the overlap of the two boxes, which is the
 * cell (max of the two lower cell columns, max of the two lower cell rows) because the cell of a
 * coordinate is a monotone function of it; for a ray, the cell holding the point where the ray
 * enters the box. This costs no memory and no writes, so several threads may query at once.
 *
 * The cell size comes from the config, or, when that is 0, from the boxes: the first
 * C2D_GRID_SAMPLE boxes wait in the side list, then the cell edge is set to twice their mean size
 * (the larger of width and height) and they are entered in the grid. c2d_index_rebuild derives it
 * again from all the boxes (auto size only) and lays every cell's block out afresh in table order.
 *
 * Ray casts walk the cells along the ray column by column on its major axis, near to far, each
 * column widened by a bound on the rounding error; they walk only the part of the ray inside the
 * bounds of the gridded boxes, and test every proxy directly when that walk would be longer than
 * the list of proxies. */
#include <string.h>
#include "broadphase_internal.h"

/* Per-frame pairs use the strip sweep when more than one proxy in this many moved. */
#define GR_SWEEP_DIVISOR 8
/* A proxy whose box touches more cells than this goes to the side list. */
#define C2D_GRID_MAX_CELLS 64
/* With an automatic cell size, this many boxes set it. */
#define C2D_GRID_SAMPLE 32
/* Cell coordinates are clamped to +-2^30. */
#define GR_CELL_LIMIT 1073741824
/* Smallest block; block sizes are GR_MIN_BLOCK << class. */
#define GR_MIN_BLOCK 4
#define GR_CLASSES 28

typedef struct gr_entry {
    int32_t id; /* free block: next free block of the class (its first entry), or -1 */
} gr_entry;

typedef struct gr_cell {
    int32_t cx, cy;
    int32_t start; /* first entry of the block in the pool */
    int32_t count;
    int32_t cap; /* block size; 0: empty table slot */
} gr_cell;

typedef struct gr_range {
    int32_t x0, y0, x1, y1;
} gr_range;

typedef struct c2d_grid {
    c2d_index base;
    c2d_bp_proxies proxies; /* slot: -1 free, 0 in the cells, 1 + i at side[i] */
    gr_range *ranges;       /* by id (gridded proxies) */
    int32_t range_capacity;
    gr_cell *cells; /* hash table, table_size slots (a power of two), or NULL */
    int32_t table_size, cell_live;
    gr_entry *pool;
    int32_t pool_used, pool_capacity;
    int32_t free_block[GR_CLASSES];
    int32_t max_cap; /* at least every cell's block size, and GR_MIN_BLOCK */
    int32_t entry_live;
    int32_t *side; /* ids of proxies kept out of the cells */
    int32_t side_count, side_capacity;
    c2d_real cell_size, inv_cell; /* 0 until an automatic size is chosen */
    bool auto_size;
    c2d_aabb occupied; /* covers every gridded box (grows; tightened by rebuild) */
    bool has_occupied;
} c2d_grid;

static c2d_grid *gr_cast(c2d_index *index) { return (c2d_grid *)index; }
static const c2d_grid *gr_ccast(const c2d_index *index) { return (const c2d_grid *)index; }

/* ---- cells ---- */

/* floor(v / cell size), clamped to +-2^30; monotone in v. */
static int32_t gr_cell_of(const c2d_grid *g, c2d_real v) {
    c2d_real f = v * g->inv_cell;
    int32_t i;
    if (!(f > -(c2d_real)GR_CELL_LIMIT)) return -GR_CELL_LIMIT;
    if (!(f < (c2d_real)GR_CELL_LIMIT)) return GR_CELL_LIMIT;
    i = (int32_t)f;
    if ((c2d_real)i > f) --i;
    return i;
}

static gr_range gr_range_of(const c2d_grid *g, c2d_aabb b) {
    gr_range r;
    r.x0 = gr_cell_of(g, b.lower.x);
    r.y0 = gr_cell_of(g, b.lower.y);
    r.x1 = gr_cell_of(g, b.upper.x);
    r.y1 = gr_cell_of(g, b.upper.y);
    return r;
}

static int64_t gr_range_cells(gr_range r) {
    return ((int64_t)r.x1 - r.x0 + 1) * ((int64_t)r.y1 - r.y0 + 1);
}

static bool gr_fits(const c2d_grid *g, gr_range r) {
    return g->cell_size > 0 && gr_range_cells(r) <= C2D_GRID_MAX_CELLS;
}

static uint32_t gr_hash(int32_t cx, int32_t cy) {
    uint32_t h = (uint32_t)cx * 0x9E3779B1u + (uint32_t)cy * 0x7FEB352Du;
    h ^= h >> 15;
    h *= 0x846CA68Bu;
    return h ^ (h >> 16);
}

/* The table slot of cell (cx, cy), or -1. */
static int32_t gr_find(const c2d_grid *g, int32_t cx, int32_t cy) {
    uint32_t mask, h;
    if (g->cells == NULL) return -1;
    mask = (uint32_t)g->table_size - 1;
    for (h = gr_hash(cx, cy) & mask; g->cells[h].cap != 0; h = (h + 1) & mask)
        if (g->cells[h].cx == cx && g->cells[h].cy == cy) return (int32_t)h;
    return -1;
}

/* The first empty slot on (cx, cy)'s probe path (the cell must be absent, the table not full). */
static int32_t gr_empty_slot(const gr_cell *cells, int32_t table_size, int32_t cx, int32_t cy) {
    uint32_t mask = (uint32_t)table_size - 1, h;
    for (h = gr_hash(cx, cy) & mask; cells[h].cap != 0; h = (h + 1) & mask) {}
    return (int32_t)h;
}

/* Empties a slot and moves later entries of the probe run back so that lookups still find them
 * (deletion without tombstones for linear probing, Knuth 6.4 algorithm R). */
static void gr_delete_slot(c2d_grid *g, int32_t slot) {
    uint32_t mask = (uint32_t)g->table_size - 1, i = (uint32_t)slot, j = (uint32_t)slot;
    for (;;) {
        uint32_t home;
        j = (j + 1) & mask;
        if (g->cells[j].cap == 0) break;
        home = gr_hash(g->cells[j].cx, g->cells[j].cy) & mask;
        /* Move j into the hole i unless its home lies cyclically in (i, j]. */
        if (i <= j ? (i < home && home <= j) : (i < home || home <= j)) continue;
        g->cells[i] = g->cells[j];
        i = j;
    }
    g->cells[i].cap = 0;
    g->cells[i].count = 0;
    g->cell_live--;
}

/* ---- entry blocks ---- */

static int gr_class_of(int32_t cap) {
    int k = 0;
    while ((GR_MIN_BLOCK << k) < cap) ++k;
    return k;
}

/* A block of cap entries (a power-of-two multiple of GR_MIN_BLOCK): from its free list or the end
 * of the pool, whose room must have been reserved. */
static int32_t gr_block_alloc(c2d_grid *g, int32_t cap) {
    int k = gr_class_of(cap);
    int32_t b = g->free_block[k];
    if (b >= 0) {
        g->free_block[k] = g->pool[b].id;
        return b;
    }
    b = g->pool_used;
    g->pool_used += cap;
    return b;
}

static void gr_block_free(c2d_grid *g, int32_t start, int32_t cap) {
    int k = gr_class_of(cap);
    g->pool[start].id = g->free_block[k];
    g->free_block[k] = start;
}

/* No cell: the skipped range of a fresh entry. */
static const gr_range gr_no_range = {1, 1, 0, 0};

static bool gr_in_range(gr_range r, int32_t cx, int32_t cy) {
    return cx >= r.x0 && cx <= r.x1 && cy >= r.y0 && cy <= r.y1;
}

/* Room to enter a proxy in the cells of r outside skip: the table stays at most half full and the
 * pool can take every block the cells may need (a fresh block for each missing cell, a doubled one
 * for each full cell). When the pool's spare room covers a doubled largest block for every cell,
 * the cells need not be looked up. Nothing observable changes; false when out of memory. */
static bool gr_reserve_cells(c2d_grid *g, gr_range r, gr_range skip) {
    int64_t need = 0;
    int32_t cx, cy, want = g->table_size < 16 ? 16 : g->table_size;
    int64_t cells = gr_range_cells(r);
    void *p;
    if (skip.x0 <= skip.x1) {
        int32_t x0 = r.x0 > skip.x0 ? r.x0 : skip.x0, x1 = r.x1 < skip.x1 ? r.x1 : skip.x1;
        int32_t y0 = r.y0 > skip.y0 ? r.y0 : skip.y0, y1 = r.y1 < skip.y1 ? r.y1 : skip.y1;
        if (x0 <= x1 && y0 <= y1) cells -= ((int64_t)x1 - x0 + 1) * ((int64_t)y1 - y0 + 1);
    }
    while ((int64_t)want < 2 * ((int64_t)g->cell_live + cells)) {
        if (want > (1 << 29)) return false;
        want *= 2;
    }
    if (want != g->table_size) {
        gr_cell *fresh = (gr_cell *)c2d_bp_alloc(&g->base.allocator, (size_t)want * sizeof *fresh);
        int32_t i;
        if (fresh == NULL) return false;
        memset(fresh, 0, (size_t)want * sizeof *fresh);
        for (i = 0; i < g->table_size; ++i)
            if (g->cells[i].cap != 0) fresh[gr_empty_slot(fresh, want, g->cells[i].cx, g->cells[i].cy)] = g->cells[i];
        c2d_bp_free(&g->base.allocator, g->cells, (size_t)g->table_size * sizeof *g->cells);
        g->cells = fresh;
        g->table_size = want;
    }
    if ((int64_t)g->pool_capacity - g->pool_used >= cells * 2 * g->max_cap) return true;
    for (cy = r.y0; cy <= r.y1; ++cy) {
        for (cx = r.x0; cx <= r.x1; ++cx) {
            int32_t s;
            if (gr_in_range(skip, cx, cy)) continue;
            s = gr_find(g, cx, cy);
            if (s < 0) need += GR_MIN_BLOCK;
            else if (g->cells[s].count == g->cells[s].cap) need += 2 * (int64_t)g->cells[s].cap;
        }
    }
    if ((int64_t)g->pool_used + need > INT32_MAX) return false;
    p = g->pool;
    if (!c2d_bp_reserve(&g->base.allocator, &p, &g->pool_capacity, g->pool_used + (int32_t)need, sizeof *g->pool))
        return false;
    g->pool = (gr_entry *)p;
    return true;
}

static void gr_grow_occupied(c2d_grid *g, c2d_aabb box) {
    g->occupied = g->has_occupied ? c2d_aabb_union(g->occupied, box) : box;
    g->has_occupied = true;
}

/* Enters a proxy in every cell of r outside skip (room reserved by gr_reserve_cells). */
static void gr_link(c2d_grid *g, int32_t id, c2d_aabb box, gr_range r, gr_range skip) {
    int32_t cx, cy;
    for (cy = r.y0; cy <= r.y1; ++cy) {
        for (cx = r.x0; cx <= r.x1; ++cx) {
            int32_t s;
            gr_cell *c;
            if (gr_in_range(skip, cx, cy)) continue;
            s = gr_find(g, cx, cy);
            if (s < 0) {
                s = gr_empty_slot(g->cells, g->table_size, cx, cy);
                c = &g->cells[s];
                c->cx = cx;
                c->cy = cy;
                c->count = 0;
                c->cap = GR_MIN_BLOCK;
                c->start = gr_block_alloc(g, GR_MIN_BLOCK);
                g->cell_live++;
            }
            c = &g->cells[s];
            if (c->count == c->cap) {
                int32_t start = gr_block_alloc(g, 2 * c->cap);
                memcpy(&g->pool[start], &g->pool[c->start], (size_t)c->count * sizeof *g->pool);
                gr_block_free(g, c->start, c->cap);
                c->start = start;
                c->cap *= 2;
                if (c->cap > g->max_cap) g->max_cap = c->cap;
            }
            g->pool[c->start + c->count].id = id;
            c->count++;
            g->entry_live++;
        }
    }
    gr_grow_occupied(g, box);
}

/* Takes a proxy out of every cell of r outside keep (swap with the block's last entry; empty cells
 * leave). */
static void gr_unlink(c2d_grid *g, int32_t id, gr_range r, gr_range keep) {
    int32_t cx, cy;
    for (cy = r.y0; cy <= r.y1; ++cy) {
        for (cx = r.x0; cx <= r.x1; ++cx) {
            int32_t s, i;
            gr_cell *c;
            if (gr_in_range(keep, cx, cy)) continue;
            s = gr_find(g, cx, cy);
            if (s < 0) continue;
            c = &g->cells[s];
            for (i = 0; i < c->count; ++i) {
                if (g->pool[c->start + i].id != id) continue;
                g->pool[c->start + i] = g->pool[c->start + c->count - 1];
                c->count--;
                g->entry_live--;
                break;
            }
            if (c->count == 0) {
                gr_block_free(g, c->start, c->cap);
                gr_delete_slot(g, s);
            }
        }
    }
}

/* ---- the side list ---- */

static bool gr_reserve_side(c2d_grid *g) {
    void *p = g->side;
    if (g->side_count == INT32_MAX) return false;
    if (!c2d_bp_reserve(&g->base.allocator, &p, &g->side_capacity, g->side_count + 1, sizeof *g->side)) return false;
    g->side = (int32_t *)p;
    return true;
}

static void gr_side_add(c2d_grid *g, int32_t id) {
    g->side[g->side_count] = id;
    g->proxies.items[id].slot = 1 + g->side_count++;
}

static void gr_side_remove(c2d_grid *g, int32_t id) {
    int32_t slot = g->proxies.items[id].slot, last = g->side[--g->side_count];
    g->side[slot - 1] = last;
    g->proxies.items[last].slot = slot;
}

/* ---- whole-grid layout ---- */

/* The automatic cell edge: twice the mean of max(width, height); boxes of no size fall back to
 * the spread of their centers over sqrt(n), then to 1. */
static c2d_real gr_auto_cell(const c2d_grid *g) {
    c2d_real sum = 0, lo_x = 0, lo_y = 0, hi_x = 0, hi_y = 0, cell, spread;
    int32_t i, n = 0;
    for (i = 0; i < g->proxies.used; ++i) {
        const c2d_bp_proxy *p = &g->proxies.items[i];
        c2d_real w, h;
        if (p->slot < 0) continue;
        w = p->box.upper.x - p->box.lower.x;
        h = p->box.upper.y - p->box.lower.y;
        sum += (w > h ? w : h) / (c2d_real)g->proxies.live;
        if (n == 0 || p->box.lower.x < lo_x) lo_x = p->box.lower.x;
        if (n == 0 || p->box.lower.y < lo_y) lo_y = p->box.lower.y;
        if (n == 0 || p->box.upper.x > hi_x) hi_x = p->box.upper.x;
        if (n == 0 || p->box.upper.y > hi_y) hi_y = p->box.upper.y;
        ++n;
    }
    cell = 2 * sum;
    spread = c2d_maxr(hi_x - lo_x, hi_y - lo_y);
    if (!(cell > 0) && n > 0) {
        c2d_real root = 1;
        while (root * root < (c2d_real)n) root *= 2;
        cell = spread / root;
    }
    /* Keep 1 / cell finite and the cell from being lost in the coordinates' rounding. */
    {
        c2d_real big = c2d_maxr(c2d_maxr(C2D_ABS(lo_x), C2D_ABS(hi_x)), c2d_maxr(C2D_ABS(lo_y), C2D_ABS(hi_y)));
        if (cell < big * (c2d_real)1e-6) cell = big * (c2d_real)1e-6;
    }
    if (!(cell > 0) || !((c2d_real)1 / cell < (c2d_real)C2D_MAX_COORD)) cell = 1;
    return cell;
}

/* Lays the whole grid out afresh with the given cell size: every cell's block sized to its count
 * (rounded up to a power of two) and the blocks in table order. The new table and pool are made
 * before the old ones are let go, so a failure changes nothing. */
static bool gr_relayout(c2d_grid *g, c2d_real cell) {
    c2d_allocator *a = &g->base.allocator;
    c2d_real inv = (c2d_real)1 / cell, old_cell = g->cell_size, old_inv = g->inv_cell;
    int64_t entries = 0, pool_size = 0;
    int32_t table = 16, i, side_need = 0, max_cap = GR_MIN_BLOCK;
    gr_cell *cells;
    gr_entry *pool;
    void *p;
    g->cell_size = cell;
    g->inv_cell = inv;
    for (i = 0; i < g->proxies.used; ++i) {
        gr_range r;
        if (g->proxies.items[i].slot < 0) continue;
        r = gr_range_of(g, g->proxies.items[i].box);
        if (gr_fits(g, r)) entries += gr_range_cells(r);
        else ++side_need;
    }
    g->cell_size = old_cell;
    g->inv_cell = old_inv;
    while ((int64_t)table < 2 * entries) {
        if (table > (1 << 29)) return false;
        table *= 2;
    }
    if (entries * 4 > INT32_MAX) return false;
    p = g->side;
    if (!c2d_bp_reserve(a, &p, &g->side_capacity, side_need, sizeof *g->side)) return false;
    g->side = (int32_t *)p;
    p = g->ranges;
    if (!c2d_bp_reserve(a, &p, &g->range_capacity, g->proxies.used, sizeof *g->ranges)) return false;
    g->ranges = (gr_range *)p;
    cells = (gr_cell *)c2d_bp_alloc(a, (size_t)table * sizeof *cells);
    if (cells == NULL) return false;
    memset(cells, 0, (size_t)table * sizeof *cells);
    g->cell_size = cell;
    g->inv_cell = inv;
    /* Count per cell (cap doubles as "present" for now). */
    for (i = 0; i < g->proxies.used; ++i) {
        gr_range r;
        int32_t cx, cy;
        if (g->proxies.items[i].slot < 0) continue;
        r = gr_range_of(g, g->proxies.items[i].box);
        if (!gr_fits(g, r)) continue;
        for (cy = r.y0; cy <= r.y1; ++cy) {
            for (cx = r.x0; cx <= r.x1; ++cx) {
                uint32_t mask = (uint32_t)table - 1, h;
                for (h = gr_hash(cx, cy) & mask; cells[h].cap != 0; h = (h + 1) & mask)
                    if (cells[h].cx == cx && cells[h].cy == cy) break;
                if (cells[h].cap == 0) {
                    cells[h].cx = cx;
                    cells[h].cy = cy;
                    cells[h].cap = 1;
                }
                cells[h].count++;
            }
        }
    }
    for (i = 0; i < table; ++i) {
        int32_t cap = GR_MIN_BLOCK;
        if (cells[i].cap == 0) continue;
        while (cap < cells[i].count) cap *= 2;
        if (cap > max_cap) max_cap = cap;
        cells[i].cap = cap;
        cells[i].start = (int32_t)pool_size;
        cells[i].count = 0;
        pool_size += cap;
    }
    if (pool_size > INT32_MAX) pool = NULL;
    else pool = (gr_entry *)c2d_bp_alloc(a, (size_t)(pool_size > 0 ? pool_size : 1) * sizeof *pool);
    if (pool == NULL) {
        c2d_bp_free(a, cells, (size_t)table * sizeof *cells);
        g->cell_size = old_cell;
        g->inv_cell = old_inv;
        return false;
    }
    /* Commit: drop the old layout and fill the new one in id order. */
    c2d_bp_free(a, g->cells, (size_t)g->table_size * sizeof *g->cells);
    c2d_bp_free(a, g->pool, (size_t)g->pool_capacity * sizeof *g->pool);
    g->cells = cells;
    g->table_size = table;
    g->pool = pool;
    g->pool_capacity = pool_size > 0 ? (int32_t)pool_size : 1;
    g->pool_used = (int32_t)pool_size;
    for (i = 0; i < GR_CLASSES; ++i) g->free_block[i] = -1;
    g->max_cap = max_cap;
    g->cell_live = 0;
    for (i = 0; i < table; ++i)
        if (cells[i].cap != 0) g->cell_live++;
    g->entry_live = 0;
    g->side_count = 0;
    g->has_occupied = false;
    for (i = 0; i < g->proxies.used; ++i) {
        c2d_bp_proxy *px = &g->proxies.items[i];
        gr_range r;
        int32_t cx, cy;
        if (px->slot < 0) continue;
        r = gr_range_of(g, px->box);
        if (!gr_fits(g, r)) {
            gr_side_add(g, i);
            continue;
        }
        px->slot = 0;
        g->ranges[i] = r;
        for (cy = r.y0; cy <= r.y1; ++cy) {
            for (cx = r.x0; cx <= r.x1; ++cx) {
                gr_cell *c = &g->cells[gr_find(g, cx, cy)];
                g->pool[c->start + c->count].id = i;
                c->count++;
                g->entry_live++;
            }
        }
        gr_grow_occupied(g, px->box);
    }
    return true;
}

/* ---- class functions ---- */

static void gr_destroy(c2d_index *index) {
    c2d_grid *g = gr_cast(index);
    c2d_allocator a = index->allocator;
    c2d_bp_proxies_free(&g->proxies, &a);
    c2d_bp_free(&a, g->ranges, (size_t)g->range_capacity * sizeof *g->ranges);
    c2d_bp_free(&a, g->cells, (size_t)g->table_size * sizeof *g->cells);
    c2d_bp_free(&a, g->pool, (size_t)g->pool_capacity * sizeof *g->pool);
    c2d_bp_free(&a, g->side, (size_t)g->side_capacity * sizeof *g->side);
    c2d_bp_base_free(index);
    c2d_bp_free(&a, g, sizeof *g);
}

static int32_t gr_count(const c2d_index *index) { return gr_ccast(index)->proxies.live; }

/* Empties the table, the pool and the side list in place; the cell size stays. */
static void gr_clear(c2d_index *index) {
    c2d_grid *g = gr_cast(index);
    int i;
    c2d_bp_proxies_clear(&g->proxies);
    if (g->cells != NULL) memset(g->cells, 0, (size_t)g->table_size * sizeof *g->cells);
    g->cell_live = 0;
    g->pool_used = 0;
    for (i = 0; i < GR_CLASSES; ++i) g->free_block[i] = -1;
    g->max_cap = GR_MIN_BLOCK;
    g->entry_live = 0;
    g->side_count = 0;
    g->has_occupied = false;
}

static c2d_status gr_insert(c2d_index *index, c2d_aabb box, uint64_t user_data, int32_t *out_id) {
    c2d_grid *g = gr_cast(index);
    int32_t next_id = g->proxies.free_head >= 0 ? g->proxies.free_head : g->proxies.used, id;
    gr_range r = gr_range_of(g, box);
    bool fits = gr_fits(g, r);
    void *p = g->ranges;
    if (!c2d_bp_reserve(&index->allocator, &p, &g->range_capacity, next_id + 1, sizeof *g->ranges)) return C2D_ERR_OUT_OF_MEMORY;
    g->ranges = (gr_range *)p;
    if (fits ? !gr_reserve_cells(g, r, gr_no_range) : !gr_reserve_side(g)) return C2D_ERR_OUT_OF_MEMORY;
    id = c2d_bp_proxies_add(&g->proxies, &index->allocator, box, user_data);
    if (id < 0) return C2D_ERR_OUT_OF_MEMORY;
    if (fits) {
        g->proxies.items[id].slot = 0;
        g->ranges[id] = r;
        gr_link(g, id, box, r, gr_no_range);
    } else {
        gr_side_add(g, id);
    }
    /* An automatic cell size is chosen once enough boxes are known (failure: try again later). */
    if (g->cell_size == 0 && g->proxies.live >= C2D_GRID_SAMPLE) (void)gr_relayout(g, gr_auto_cell(g));
    *out_id = id;
    return C2D_OK;
}

static c2d_status gr_remove(c2d_index *index, int32_t id) {
    c2d_grid *g = gr_cast(index);
    if (!c2d_bp_proxies_live(&g->proxies, id)) return C2D_ERR_BAD_ID;
    if (g->proxies.items[id].slot > 0) gr_side_remove(g, id);
    else gr_unlink(g, id, g->ranges[id], gr_no_range);
    c2d_bp_proxies_remove(&g->proxies, id);
    return C2D_OK;
}

/* Same cells: only the proxy's box changes (the cells hold ids). Other cells of the grid: the
 * proxy leaves the cells of its old range that are not in the new one and enters the new ones that
 * were not in the old one (or moves between the cells and the side list); room is made first, so a
 * failure changes nothing. */
static c2d_status gr_move(c2d_index *index, int32_t id, c2d_aabb box) {
    c2d_grid *g = gr_cast(index);
    gr_range r = gr_range_of(g, box), old = g->ranges[id];
    bool was_side = g->proxies.items[id].slot > 0, fits = gr_fits(g, r);
    if (!was_side && fits && r.x0 == old.x0 && r.y0 == old.y0 && r.x1 == old.x1 && r.y1 == old.y1) {
        if (!c2d_bp_proxies_mark(&g->proxies, &index->allocator, id)) return C2D_ERR_OUT_OF_MEMORY;
        g->proxies.items[id].box = box;
        gr_grow_occupied(g, box);
        return C2D_OK;
    }
    if (was_side && !fits) {
        if (!c2d_bp_proxies_mark(&g->proxies, &index->allocator, id)) return C2D_ERR_OUT_OF_MEMORY;
        g->proxies.items[id].box = box;
        return C2D_OK;
    }
    if (was_side) old = gr_no_range;
    if (fits ? !gr_reserve_cells(g, r, old) : !gr_reserve_side(g)) return C2D_ERR_OUT_OF_MEMORY;
    if (!c2d_bp_proxies_mark(&g->proxies, &index->allocator, id)) return C2D_ERR_OUT_OF_MEMORY;
    if (was_side) gr_side_remove(g, id);
    else gr_unlink(g, id, old, fits ? r : gr_no_range);
    g->proxies.items[id].box = box;
    if (fits) {
        g->proxies.items[id].slot = 0;
        g->ranges[id] = r;
        gr_link(g, id, box, r, old);
    } else {
        gr_side_add(g, id);
    }
    return C2D_OK;
}

static bool gr_get(const c2d_index *index, int32_t id, c2d_aabb *box, uint64_t *user_data) {
    const c2d_grid *g = gr_ccast(index);
    if (!c2d_bp_proxies_live(&g->proxies, id)) return false;
    *box = g->proxies.items[id].box;
    *user_data = g->proxies.items[id].user_data;
    return true;
}

/* A visitor of gridded proxies; returns false to stop. */
typedef bool gr_visit_fn(void *context, int32_t id);

/* Visits, once each, the gridded proxies whose boxes overlap box (whose cell range is q): cell by
 * cell over q, or over the whole table when q has more cells than the table has slots. A proxy is
 * visited from the reference cell only: (max(its x0, q.x0), max(its y0, q.y0)). */
static bool gr_visit(const c2d_grid *g, c2d_aabb box, gr_range q, gr_visit_fn *fn, void *context) {
    const c2d_bp_proxy *items = g->proxies.items;
    int32_t cx, cy, s;
    if (g->cell_live == 0) return true;
    if (gr_range_cells(q) > (int64_t)g->table_size) {
        for (s = 0; s < g->table_size; ++s) {
            const gr_cell *c = &g->cells[s];
            int32_t i;
            if (c->cap == 0 || c->cx < q.x0 || c->cx > q.x1 || c->cy < q.y0 || c->cy > q.y1) continue;
            for (i = 0; i < c->count; ++i) {
                int32_t id = g->pool[c->start + i].id, x0, y0;
                if (!c2d_bp_overlap(items[id].box, box)) continue;
                x0 = g->ranges[id].x0;
                y0 = g->ranges[id].y0;
                if (c->cx != (x0 > q.x0 ? x0 : q.x0) || c->cy != (y0 > q.y0 ? y0 : q.y0)) continue;
                if (!fn(context, id)) return false;
            }
        }
        return true;
    }
    for (cy = q.y0; cy <= q.y1; ++cy) {
        for (cx = q.x0; cx <= q.x1; ++cx) {
            const gr_cell *c;
            int32_t i;
            s = gr_find(g, cx, cy);
            if (s < 0) continue;
            c = &g->cells[s];
            for (i = 0; i < c->count; ++i) {
                int32_t id = g->pool[c->start + i].id;
                if (!c2d_bp_overlap(items[id].box, box)) continue;
                if ((cx != q.x0 && g->ranges[id].x0 != cx) || (cy != q.y0 && g->ranges[id].y0 != cy)) continue;
                if (!fn(context, id)) return false;
            }
        }
    }
    return true;
}

typedef struct gr_query_context {
    const c2d_grid *g;
    c2d_index_query_fn *fn;
    void *context;
} gr_query_context;

static bool gr_query_visit(void *context, int32_t id) {
    const gr_query_context *q = (const gr_query_context *)context;
    return q->fn(id, q->g->proxies.items[id].user_data, q->context);
}

/* Box query: the side list, then the cells the box touches. */
static void gr_query_aabb(const c2d_index *index, c2d_aabb box, c2d_index_query_fn *fn, void *context) {
    const c2d_grid *g = gr_ccast(index);
    const c2d_bp_proxy *items = g->proxies.items;
    gr_query_context q;
    int32_t i;
    for (i = 0; i < g->side_count; ++i) {
        int32_t id = g->side[i];
        if (c2d_bp_overlap(items[id].box, box) && !fn(id, items[id].user_data, context)) return;
    }
    if (g->cell_size == 0) return;
    q.g = g;
    q.fn = fn;
    q.context = context;
    (void)gr_visit(g, box, gr_range_of(g, box), gr_query_visit, &q);
}

/* ---- ray walk ---- */

/* The cells the ray visits, column by column along its major axis (the one it moves along most, so
 * that within one column the minor coordinate changes by at most one cell). A column's cells are
 * those between the minor coordinates where the segment [0, T] enters and leaves it, widened by
 * pad on both sides; the columns are those of the segment's major extent widened by pad. pad bounds
 * the rounding of every coordinate computed here, so every cell within rounding of the segment is
 * walked, in particular the cell where the ray enters any box it hits. */
typedef struct gr_walk {
    bool major_y;
    c2d_real om, on, dm, dn; /* origin and translation: major and minor components */
    c2d_real T;              /* walk end (fraction) */
    c2d_real pad;
    int32_t k_first, k_last, k_step, n_step;
} gr_walk;

static void gr_walk_column(const c2d_grid *g, const gr_walk *w, int32_t k, int32_t *n_first, int32_t *n_last) {
    c2d_real ta = 0, tb = w->T, na, nb, lo, hi;
    if (k > -GR_CELL_LIMIT && k < GR_CELL_LIMIT) {
        c2d_real t0 = ((c2d_real)k * g->cell_size - w->pad - w->om) / w->dm;
        c2d_real t1 = ((c2d_real)k * g->cell_size + g->cell_size + w->pad - w->om) / w->dm;
        c2d_real tmin = t0 < t1 ? t0 : t1, tmax = t0 < t1 ? t1 : t0;
        ta = c2d_clampr(tmin, 0, w->T);
        tb = c2d_clampr(tmax, 0, w->T);
    }
    na = w->on + ta * w->dn;
    nb = w->on + tb * w->dn;
    lo = (na < nb ? na : nb) - w->pad;
    hi = (na < nb ? nb : na) + w->pad;
    *n_first = gr_cell_of(g, w->n_step > 0 ? lo : hi);
    *n_last = gr_cell_of(g, w->n_step > 0 ? hi : lo);
}

/* The reference cell of a hit: the cell of the entry point, clamped to the proxy's cell range. */
static void gr_ray_ref(const c2d_grid *g, const c2d_bp_ray *ray, const gr_range *r, c2d_real f, int32_t *cx, int32_t *cy) {
    int32_t x = gr_cell_of(g, ray->ray.origin.x + f * ray->ray.translation.x);
    int32_t y = gr_cell_of(g, ray->ray.origin.y + f * ray->ray.translation.y);
    *cx = x < r->x0 ? r->x0 : x > r->x1 ? r->x1
                                        : x;
    *cy = y < r->y0 ? r->y0 : y > r->y1 ? r->y1
                                        : y;
}

/* Every gridded proxy tested directly, in id order (for walks longer than the proxy list). */
static bool gr_ray_all(const c2d_grid *g, c2d_bp_ray *ray, c2d_index_raycast_fn *fn, void *context) {
    const c2d_bp_proxy *items = g->proxies.items;
    int32_t i;
    for (i = 0; i < g->proxies.used; ++i) {
        c2d_real f;
        if (items[i].slot != 0 || !c2d_bp_ray_box(ray, items[i].box, &f)) continue;
        if (!c2d_bp_ray_report(ray, fn, i, items[i].user_data, f, context)) return false;
    }
    return true;
}

static void gr_raycast(const c2d_index *index, c2d_bp_ray *ray, c2d_index_raycast_fn *fn, void *context) {
    const c2d_grid *g = gr_ccast(index);
    const c2d_bp_proxy *items = g->proxies.items;
    const c2d_index_ray *in = &ray->ray;
    gr_walk w;
    c2d_aabb area;
    c2d_real enter, scale, m_end, lo, hi;
    int32_t i, k;
    for (i = 0; i < g->side_count; ++i) {
        int32_t id = g->side[i];
        c2d_real f;
        if (c2d_bp_ray_box(ray, items[id].box, &f) && !c2d_bp_ray_report(ray, fn, id, items[id].user_data, f, context))
            return;
    }
    if (g->cell_size == 0 || g->entry_live == 0 || !g->has_occupied) return;
    /* Walk only the part of the ray inside the gridded boxes' bounds grown by a cell: this also
     * bounds rays of infinite length. */
    area.lower = c2d_v2(g->occupied.lower.x - g->cell_size, g->occupied.lower.y - g->cell_size);
    area.upper = c2d_v2(g->occupied.upper.x + g->cell_size, g->occupied.upper.y + g->cell_size);
    if (!c2d_bp_ray_cull(ray, area, &enter)) return;
    if (!ray->move_x && !ray->move_y) {
        /* A point: its own cell holds every box that can contain it. */
        int32_t cx = gr_cell_of(g, in->origin.x), cy = gr_cell_of(g, in->origin.y), s = gr_find(g, cx, cy);
        if (s < 0) return;
        for (i = 0; i < g->cells[s].count; ++i) {
            int32_t id = g->pool[g->cells[s].start + i].id;
            c2d_real f;
            if (c2d_bp_ray_box(ray, items[id].box, &f) && !c2d_bp_ray_report(ray, fn, id, items[id].user_data, f, context))
                return;
        }
        return;
    }
    w.T = ray->max_orig;
    if (ray->move_x) {
        c2d_real t1 = (area.lower.x - in->origin.x) * ray->inv_x, t2 = (area.upper.x - in->origin.x) * ray->inv_x;
        w.T = c2d_minr(w.T, c2d_maxr(t1, t2));
    }
    if (ray->move_y) {
        c2d_real t1 = (area.lower.y - in->origin.y) * ray->inv_y, t2 = (area.upper.y - in->origin.y) * ray->inv_y;
        w.T = c2d_minr(w.T, c2d_maxr(t1, t2));
    }
    if (!(w.T >= 0) || !C2D_ISFINITE(w.T)) return;
    w.major_y = ray->move_y && (!ray->move_x || C2D_ABS(in->translation.y) > C2D_ABS(in->translation.x));
    w.om = w.major_y ? in->origin.y : in->origin.x;
    w.on = w.major_y ? in->origin.x : in->origin.y;
    w.dm = w.major_y ? in->translation.y : in->translation.x;
    w.dn = w.major_y ? (ray->move_x ? in->translation.x : 0) : (ray->move_y ? in->translation.y : 0);
    scale = C2D_ABS(in->origin.x) + C2D_ABS(in->origin.y) + (C2D_ABS(w.dm) + C2D_ABS(w.dn)) * w.T +
            C2D_ABS(area.lower.x) + C2D_ABS(area.lower.y) + C2D_ABS(area.upper.x) + C2D_ABS(area.upper.y);
    w.pad = 64 * C2D_EPSILON * (scale + g->cell_size) + g->cell_size * (c2d_real)1e-3;
    w.k_step = w.dm < 0 ? -1 : 1;
    w.n_step = w.dn < 0 ? -1 : 1;
    m_end = w.om + w.dm * w.T;
    lo = c2d_minr(w.om, m_end) - w.pad;
    hi = c2d_maxr(w.om, m_end) + w.pad;
    w.k_first = gr_cell_of(g, w.k_step > 0 ? lo : hi);
    w.k_last = gr_cell_of(g, w.k_step > 0 ? hi : lo);
    /* A walk longer than the proxy list: test the proxies directly. */
    if (((int64_t)w.k_last - w.k_first) * w.k_step * 3 > (int64_t)g->proxies.live + 64) {
        (void)gr_ray_all(g, ray, fn, context);
        return;
    }
    for (k = w.k_first;; k += w.k_step) {
        int32_t n, n_first, n_last;
        /* Stop once the column starts beyond the (clipped) end of the ray. */
        if (k > -GR_CELL_LIMIT && k < GR_CELL_LIMIT) {
            c2d_real edge = (c2d_real)k * g->cell_size + (w.k_step > 0 ? -w.pad : g->cell_size + w.pad);
            if ((edge - w.om) / w.dm > in->max_fraction) return;
        }
        gr_walk_column(g, &w, k, &n_first, &n_last);
        for (n = n_first;; n += w.n_step) {
            int32_t cx = w.major_y ? n : k, cy = w.major_y ? k : n, s = gr_find(g, cx, cy);
            if (s >= 0) {
                for (i = 0; i < g->cells[s].count; ++i) {
                    int32_t id = g->pool[g->cells[s].start + i].id, rx, ry;
                    c2d_real f;
                    if (!c2d_bp_ray_box(ray, items[id].box, &f)) continue;
                    gr_ray_ref(g, ray, &g->ranges[id], f, &rx, &ry);
                    if (rx != cx || ry != cy) continue;
                    if (!c2d_bp_ray_report(ray, fn, id, items[id].user_data, f, context)) return;
                }
            }
            if (n == n_last) break;
        }
        if (k == w.k_last) break;
    }
}

/* ---- pairs ---- */

typedef struct gr_pair_context {
    c2d_grid *g;
    int32_t self;
    bool moved_filter; /* skip moved proxies with a smaller id than self */
    bool moved_only;   /* skip proxies that did not move */
} gr_pair_context;

static bool gr_pair_visit(void *context, int32_t id) {
    const gr_pair_context *p = (const gr_pair_context *)context;
    if (id == p->self) return true;
    if (p->moved_filter && p->g->proxies.items[id].link != 0 && id < p->self) return true;
    if (p->moved_only && p->g->proxies.items[id].link == 0) return true;
    c2d_bp_pairs_push(&p->g->base, p->self, id);
    return true;
}

/* The pairs of one side-list proxy: with the gridded proxies, and with the side-list proxies after
 * it (from) in the list, filtered as in gr_pair_visit. */
static void gr_side_pairs(c2d_grid *g, int32_t id, int32_t from, bool moved_filter) {
    const c2d_bp_proxy *items = g->proxies.items;
    c2d_aabb box = items[id].box;
    gr_pair_context pc;
    int32_t j;
    pc.g = g;
    pc.self = id;
    pc.moved_filter = moved_filter;
    pc.moved_only = false;
    if (g->cell_size > 0) (void)gr_visit(g, box, gr_range_of(g, box), gr_pair_visit, &pc);
    for (j = from; j < g->side_count; ++j) {
        int32_t other = g->side[j];
        if (c2d_bp_overlap(items[other].box, box)) (void)gr_pair_visit(&pc, other);
    }
}

/* Every pair from the cells, in one pass over the table: within each cell, the pairs whose
 * reference cell it is (the cell of the larger lower column and row of the two ranges) and whose
 * boxes overlap; then each side-list proxy against the cells and the side-list proxies after it.
 * With moved_only, only pairs with a moved proxy (link set, after collect_moved). */
static void gr_cell_pairs(c2d_grid *g, bool moved_only) {
    const c2d_bp_proxy *items = g->proxies.items;
    const gr_range *ranges = g->ranges;
    int32_t s, i, j;
    for (s = 0; s < g->table_size; ++s) {
        const gr_cell *c = &g->cells[s];
        const gr_entry *block;
        if (c->count < 2) continue;
        block = &g->pool[c->start];
        for (i = 0; i < c->count - 1; ++i) {
            int32_t a = block[i].id;
            gr_range ra = ranges[a];
            c2d_aabb box = items[a].box;
            bool a_moved = items[a].link != 0;
            for (j = i + 1; j < c->count; ++j) {
                int32_t b = block[j].id;
                const gr_range *rb = &ranges[b];
                if (moved_only && !a_moved && items[b].link == 0) continue;
                if ((ra.x0 > rb->x0 ? ra.x0 : rb->x0) != c->cx || (ra.y0 > rb->y0 ? ra.y0 : rb->y0) != c->cy) continue;
                if (c2d_bp_overlap(box, items[b].box)) c2d_bp_pairs_push(&g->base, a, b);
            }
        }
    }
    for (i = 0; i < g->side_count; ++i) {
        int32_t id = g->side[i];
        c2d_aabb box = items[id].box;
        gr_pair_context pc;
        pc.g = g;
        pc.self = id;
        pc.moved_filter = false;
        pc.moved_only = moved_only && items[id].link == 0;
        if (g->cell_size > 0) (void)gr_visit(g, box, gr_range_of(g, box), gr_pair_visit, &pc);
        for (j = i + 1; j < g->side_count; ++j) {
            int32_t other = g->side[j];
            if (c2d_bp_overlap(items[other].box, box)) (void)gr_pair_visit(&pc, other);
        }
    }
}

/* Whether pairing the cells' blocks is cheaper than the strip sweep: the cells must be about a box
 * across or larger (few entries per proxy), the table not much longer than the proxy list, and the
 * cells not crowded (the tests within a cell grow with the square of its count). */
static bool gr_cells_pay(const c2d_grid *g) {
    int64_t live = g->proxies.live;
    return g->cell_size > 0 && g->cell_live > 0 && (int64_t)g->entry_live <= 4 * live &&
           (int64_t)g->table_size <= 16 * live + 64 && (int64_t)g->entry_live <= 4 * (int64_t)g->cell_live;
}

/* One-shot pairs: the shared strip sweep over the proxies' boxes (broadphase_pairs.c), side list
 * included. Pairing the cells' blocks instead, which this took where gr_cells_pay holds (of the
 * bench's scenes at 100k, uniform only), cost 13-14 ms of thread CPU there against 4.5-5.2 ms for
 * the sweep. */
static c2d_status gr_find_pairs(c2d_index *index) {
    c2d_grid *g = gr_cast(index);
    if (!c2d_bp_proxies_sweep(index, &g->proxies, false)) return C2D_ERR_OUT_OF_MEMORY;
    return c2d_bp_pairs_finish(index);
}

/* Per frame: each moved proxy against its cells (reference cell only) and the side list, or, for
 * a side-list proxy, against everything; a pair of two moved proxies is kept from the smaller id.
 * When more than one proxy in GR_SWEEP_DIVISOR moved, the strip sweep with its moved filter is
 * cheaper. */
static c2d_status gr_update_pairs(c2d_index *index) {
    c2d_grid *g = gr_cast(index);
    int32_t m;
    c2d_status st;
    c2d_bp_proxies_collect_moved(&g->proxies);
    if ((int64_t)g->proxies.moved_count * GR_SWEEP_DIVISOR > g->proxies.live) {
        if (!gr_cells_pay(g)) return c2d_bp_proxies_sweep_update(index, &g->proxies);
        gr_cell_pairs(g, true);
        st = c2d_bp_pairs_finish(index);
        if (st == C2D_OK) c2d_bp_proxies_clear_moved(&g->proxies);
        else c2d_bp_proxies_keep_moved(&g->proxies);
        return st;
    }
    for (m = 0; m < g->proxies.moved_count; ++m) {
        int32_t id = g->proxies.moved[m];
        if (g->proxies.items[id].slot > 0) {
            gr_side_pairs(g, id, 0, true);
        } else {
            gr_pair_context pc;
            int32_t j;
            c2d_aabb box = g->proxies.items[id].box;
            pc.g = g;
            pc.self = id;
            pc.moved_filter = true;
            pc.moved_only = false;
            (void)gr_visit(g, box, g->ranges[id], gr_pair_visit, &pc);
            for (j = 0; j < g->side_count; ++j) {
                int32_t other = g->side[j];
                if (c2d_bp_overlap(g->proxies.items[other].box, box)) (void)gr_pair_visit(&pc, other);
            }
        }
    }
    st = c2d_bp_pairs_finish(index);
    if (st == C2D_OK) c2d_bp_proxies_clear_moved(&g->proxies);
    else c2d_bp_proxies_keep_moved(&g->proxies);
    return st;
}

/* Chooses the automatic cell size again (auto mode) and lays every block out afresh; also
 * tightens the area ray casts walk. */
static c2d_status gr_rebuild(c2d_index *index) {
    c2d_grid *g = gr_cast(index);
    c2d_real cell = g->auto_size ? gr_auto_cell(g) : g->cell_size;
    if (g->auto_size && g->proxies.live == 0) return C2D_OK;
    return gr_relayout(g, cell) ? C2D_OK : C2D_ERR_OUT_OF_MEMORY;
}

static bool gr_validate(const c2d_index *index) {
    const c2d_grid *g = gr_ccast(index);
    int64_t expected = 0;
    int32_t i, s, cells = 0, entries = 0, free_ids = 0, side = 0;
    for (i = 0; i < g->proxies.used; ++i) {
        const c2d_bp_proxy *p = &g->proxies.items[i];
        gr_range r;
        if (p->slot < 0) continue;
        r = gr_range_of(g, p->box);
        if (p->slot > 0) {
            if (p->slot - 1 >= g->side_count || g->side[p->slot - 1] != i || gr_fits(g, r)) return false;
            ++side;
            continue;
        }
        if (!gr_fits(g, r) || memcmp(&r, &g->ranges[i], sizeof r) != 0) return false;
        if (!g->has_occupied || !c2d_aabb_contains(g->occupied, p->box)) return false;
        expected += gr_range_cells(r);
    }
    for (s = 0; s < g->table_size; ++s) {
        const gr_cell *c = &g->cells[s];
        if (c->cap == 0) continue;
        ++cells;
        if (c->count <= 0 || c->count > c->cap || c->cap > g->max_cap || gr_find(g, c->cx, c->cy) != s) return false;
        if (c->start < 0 || c->start + c->cap > g->pool_used) return false;
        for (i = 0; i < c->count; ++i) {
            const gr_entry *e = &g->pool[c->start + i];
            const gr_range *r;
            if (!c2d_bp_proxies_live(&g->proxies, e->id) || g->proxies.items[e->id].slot != 0) return false;
            r = &g->ranges[e->id];
            if (c->cx < r->x0 || c->cx > r->x1 || c->cy < r->y0 || c->cy > r->y1) return false;
            ++entries;
        }
    }
    for (i = g->proxies.free_head; i >= 0 && free_ids <= g->proxies.used; i = g->proxies.items[i].link) ++free_ids;
    /* Every cell of every range holds one entry of its proxy: with no entry outside its range, equal
     * counts rule out both missing and doubled entries. */
    return entries == expected && entries == g->entry_live && cells == g->cell_live && side == g->side_count &&
           free_ids + g->proxies.live == g->proxies.used && (g->table_size == 0 || 2 * g->cell_live <= g->table_size);
}

static const c2d_index_class c2d_grid_class = {
    .name = "grid",
    .destroy = gr_destroy,
    .count = gr_count,
    .insert = gr_insert,
    .remove = gr_remove,
    .move = gr_move,
    .get = gr_get,
    .query_aabb = gr_query_aabb,
    .raycast = gr_raycast,
    .find_pairs = gr_find_pairs,
    .update_pairs = gr_update_pairs,
    .rebuild = gr_rebuild,
    .validate = gr_validate,
    .clear = gr_clear,
    .build = NULL,
};

c2d_status c2d_grid_create(const c2d_index_config *config, c2d_index **out) {
    c2d_allocator a;
    c2d_grid *g;
    int32_t capacity = 16, i;
    c2d_real cell = 0;
    if (out == NULL) return C2D_ERR_NULL_ARG;
    *out = NULL;
    if (!c2d_bp_allocator_init(&a, config)) return C2D_ERR_NULL_ARG;
    if (c2d_bp_config_status(config) != C2D_OK) return c2d_bp_config_status(config);
    if (config != NULL) {
        c2d_status s = c2d_check_real(config->cell_size);
        if (s != C2D_OK) return s;
        if (config->cell_size < 0 || config->capacity < 0) return C2D_ERR_BAD_SIZE;
        if (config->cell_size > 0 && !((c2d_real)1 / config->cell_size < (c2d_real)C2D_MAX_COORD)) return C2D_ERR_BAD_SIZE;
        cell = config->cell_size;
        if (config->capacity > 0) capacity = config->capacity;
    }
    g = (c2d_grid *)c2d_bp_alloc(&a, sizeof *g);
    if (g == NULL) return C2D_ERR_OUT_OF_MEMORY;
    memset(g, 0, sizeof *g);
    c2d_bp_base_init(&g->base, &c2d_grid_class, &a, config);
    for (i = 0; i < GR_CLASSES; ++i) g->free_block[i] = -1;
    g->max_cap = GR_MIN_BLOCK;
    g->auto_size = cell == 0;
    g->cell_size = cell;
    g->inv_cell = cell > 0 ? (c2d_real)1 / cell : (c2d_real)0;
    if (!c2d_bp_proxies_init(&g->proxies, &a, capacity)) {
        gr_destroy(&g->base);
        return C2D_ERR_OUT_OF_MEMORY;
    }
    *out = &g->base;
    return C2D_OK;
}
