/* Uniform grid stored as a spatial hash, with each cell's entries in one contiguous block.
 *
 * The plane is cut into square cells, grouped in tiles of 2 x 2 cells; a tile that holds anything
 * is a 40-byte slot of an open-addressing hash table (linear probing, backward-shift deletion, at
 * most 3/4 full, any size: the home slot is the hash scaled to the table) keyed by its integer
 * coordinates, so the world needs no bounds and a cell costs 10 bytes of table, not a key of its
 * own. Each cell owns a block of entries (4-byte proxy ids); block sizes are 1 to 8, then four
 * a doubling (10, 12, 14, 16, 20, ...), with a free list per size, so a cell's ids are scanned
 * from one run of memory and waste little. Blocks are cut from fixed chunks of GR_CHUNK ids (the first chunk starts small
 * and doubles up to that); a block never crosses a chunk and a full-size chunk never moves, so the
 * entries never grow by copying them all (that copy was a frame spike); a block longer than a
 * chunk gets an allocation of its own (a clear keeps it for the blocks to come).
 * A proxy is entered in every cell its box touches; one covering more than C2D_GRID_MAX_CELLS cells
 * goes to a side list that every query tests directly. The cells hold ids only (the boxes stay in
 * the proxy table, and a proxy's cell range is computed again from its box where needed; the low
 * bytes of its lower cell column and row, which the reference-cell rule reads for every candidate,
 * sit in the proxy's slot field, so no memory a proxy is spent on them), so a move that stays in
 * the same cells writes nothing in them, and one that changes cells touches only the cells it
 * leaves or enters: when every body moves a little each frame, most moves cost a compare.
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
/* A proxy whose box touches more cells than this goes to the side list (at most 64: a range's
 * width and height minus one are kept in 6 bits each). */
#define C2D_GRID_MAX_CELLS 64
/* With an automatic cell size, this many boxes set it. */
#define C2D_GRID_SAMPLE 32
/* Cell coordinates are clamped to +-2^30. */
#define GR_CELL_LIMIT 1073741824
/* A proxy's slot: -1 free; below GR_SIDE gridded, with the low bytes of its lower cell column and
 * row (x0 & 255 | (y0 & 255) << 8), which name them within any cell of its range (at most 64 cells
 * across); GR_SIDE + i at side[i]. */
#define GR_SIDE 65536
/* Entry chunks: GR_CHUNK ids each (the first one grows from GR_FIRST_CHUNK). */
#define GR_CHUNK_BITS 12
#define GR_CHUNK (1 << GR_CHUNK_BITS)
#define GR_FIRST_CHUNK 64
/* A cell's count and block class share 32 bits: at most GR_COUNT_MAX ids in one cell. */
#define GR_COUNT_BITS 25
#define GR_COUNT_MAX ((1u << GR_COUNT_BITS) - 1)
/* Block classes: sizes 1 to 8, then four a doubling (10, 12, 14, 16, 20, 24, 28, 32, 40, ...);
 * class 95 holds 2^25 (class + 1 takes 7 bits). */
#define GR_CLASSES 96

typedef struct gr_cell {
    int32_t start; /* the block: first id's place in the pool (>= 0), or -1 - r for region r */
    uint32_t cc;   /* count | (class + 1) << GR_COUNT_BITS; 0: empty cell */
} gr_cell;

/* A table slot: a tile of 2 x 2 cells, so that the key is paid once for four cells (a full table
 * slot costs 10 bytes a cell, not 16). The keys sit in an array of their own before the tiles (one
 * allocation), so that a probe reads 8-byte keys, eight a cache line, and then one tile. kx, ky:
 * the tile's column and row, floor(cell / 2), plus GR_TILE_BIAS (at least 1); kx 0: empty slot.
 * Cell (cx, cy) is cell[(cx & 1) | (cy & 1) << 1] of its tile. */
typedef struct gr_key {
    int32_t kx, ky;
} gr_key;

typedef struct gr_tile {
    gr_cell cell[4];
} gr_tile;
#define GR_TILE_BIAS ((1u << 29) + 1u)

typedef struct gr_range {
    int32_t x0, y0, x1, y1;
} gr_range;

typedef struct gr_chunk {
    int32_t *ids;
    int32_t cap;  /* GR_CHUNK, or less for a first chunk still growing */
    int32_t busy; /* a region: holds a block (0: kept for reuse after a clear) */
} gr_chunk;

/* The entries: blocks cut from chunks by a bump pointer, free blocks on a list per class (a free
 * block's first id links to the next), blocks longer than a chunk in regions of their own. */
typedef struct gr_pool {
    gr_chunk *chunks;
    int32_t chunk_count, chunk_capacity;
    int32_t used;      /* bump pointer: place (chunk << GR_CHUNK_BITS | offset) of the next new block */
    int32_t first_cap; /* the size of a first chunk */
    int max_class;     /* at least every block's class since the last reset */
    int32_t free_block[GR_CLASSES];
    gr_chunk *regions; /* ids NULL: an unused entry */
    int32_t region_count, region_capacity;
} gr_pool;

typedef struct c2d_grid {
    c2d_index base;
    c2d_bp_proxies proxies; /* slot: see GR_SIDE */
    gr_key *keys;   /* hash table: table_size keys, then the tiles (cells), or NULL */
    gr_tile *cells;
    int32_t table_size, tile_live, cell_live;
    gr_pool pool;
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

static bool gr_is_side(const c2d_grid *g, int32_t id) { return g->proxies.items[id].slot >= GR_SIDE; }

/* Marks a proxy as gridded with cell range r. */
static void gr_set_range(c2d_grid *g, int32_t id, gr_range r) {
    g->proxies.items[id].slot = (int32_t)(((uint32_t)r.x0 & 255u) | ((uint32_t)r.y0 & 255u) << 8);
}

/* Whether a gridded proxy's lower cell column (row) is c, for a column (row) c of its range. */
static bool gr_x0_is(int32_t slot, int32_t c) { return (((uint32_t)slot ^ (uint32_t)c) & 255u) == 0; }
static bool gr_y0_is(int32_t slot, int32_t c) { return ((((uint32_t)slot >> 8) ^ (uint32_t)c) & 255u) == 0; }

/* A gridded proxy's lower cell column (row), from a column (row) c of its range. */
static int32_t gr_x0_from(int32_t slot, int32_t c) { return c - (int32_t)(((uint32_t)c - (uint32_t)slot) & 255u); }
static int32_t gr_y0_from(int32_t slot, int32_t c) { return c - (int32_t)(((uint32_t)c - ((uint32_t)slot >> 8)) & 255u); }

static uint32_t gr_hash(int32_t cx, int32_t cy) {
    uint32_t h = (uint32_t)cx * 0x9E3779B1u + (uint32_t)cy * 0x7FEB352Du;
    h ^= h >> 15;
    h *= 0x846CA68Bu;
    return h ^ (h >> 16);
}

/* The home slot of (cx, cy) in a table of size slots: the hash scaled to the size. */
static uint32_t gr_home(int32_t cx, int32_t cy, int32_t size) {
    return (uint32_t)(((uint64_t)gr_hash(cx, cy) * (uint32_t)size) >> 32);
}

static int32_t gr_count(const gr_cell *c) { return (int32_t)(c->cc & GR_COUNT_MAX); }
static int gr_class(const gr_cell *c) { return (int)(c->cc >> GR_COUNT_BITS) - 1; }
static int32_t gr_class_size(int k) { return k < 8 ? k + 1 : (5 + (k - 8) % 4) << ((k - 8) / 4 + 1); }

/* The smallest class holding count ids. */
static int gr_class_for(int32_t count) {
    int k = 0;
    while (gr_class_size(k) < count) ++k;
    return k;
}

/* The tile key of a cell column or row (cell coordinates are within +-2^30). */
static int32_t gr_tile_key(int32_t c) { return (int32_t)((((uint32_t)c + (1u << 30)) >> 1) + 1u); }
/* The first cell column or row of a tile key. */
static int32_t gr_tile_first(int32_t k) { return (int32_t)((((uint32_t)k - 1u) << 1) - (1u << 30)); }
static int gr_quarter(int32_t cx, int32_t cy) { return (int)(((uint32_t)cx & 1u) | ((uint32_t)cy & 1u) << 1); }

/* The table slot of tile (kx, ky), or -1. */
static int32_t gr_find_tile(const c2d_grid *g, int32_t kx, int32_t ky) {
    uint32_t size, h;
    if (g->keys == NULL) return -1;
    size = (uint32_t)g->table_size;
    for (h = gr_home(kx, ky, g->table_size); g->keys[h].kx != 0; h = h + 1 == size ? 0 : h + 1)
        if (g->keys[h].kx == kx && g->keys[h].ky == ky) return (int32_t)h;
    return -1;
}

/* Cell (cx, cy), or NULL when it holds nothing. */
static gr_cell *gr_find(const c2d_grid *g, int32_t cx, int32_t cy) {
    int32_t s = gr_find_tile(g, gr_tile_key(cx), gr_tile_key(cy));
    gr_cell *c;
    if (s < 0) return NULL;
    c = &g->cells[s].cell[gr_quarter(cx, cy)];
    return c->cc != 0 ? c : NULL;
}

/* The first empty slot on (kx, ky)'s probe path (the tile must be absent, the table not full). */
static int32_t gr_empty_slot(const gr_key *keys, int32_t table_size, int32_t kx, int32_t ky) {
    uint32_t h;
    for (h = gr_home(kx, ky, table_size); keys[h].kx != 0; h = h + 1 == (uint32_t)table_size ? 0 : h + 1) {}
    return (int32_t)h;
}

/* Empties a slot and moves later entries of the probe run back so that lookups still find them
 * (deletion without tombstones for linear probing, Knuth 6.4 algorithm R). */
static void gr_delete_slot(c2d_grid *g, int32_t slot) {
    uint32_t size = (uint32_t)g->table_size, i = (uint32_t)slot, j = (uint32_t)slot;
    for (;;) {
        uint32_t home;
        j = j + 1 == size ? 0 : j + 1;
        if (g->keys[j].kx == 0) break;
        home = gr_home(g->keys[j].kx, g->keys[j].ky, g->table_size);
        /* Move j into the hole i unless its home lies cyclically in (i, j]. */
        if (i <= j ? (i < home && home <= j) : (i < home || home <= j)) continue;
        g->keys[i] = g->keys[j];
        g->cells[i] = g->cells[j];
        i = j;
    }
    g->keys[i].kx = 0;
    g->keys[i].ky = 0;
    memset(&g->cells[i], 0, sizeof g->cells[i]);
    g->tile_live--;
}

/* An empty table of size slots: its keys, then its tiles, in one zeroed allocation; false when
 * out of memory. */
static bool gr_table_alloc(const c2d_allocator *a, int32_t size, gr_key **keys, gr_tile **tiles) {
    gr_key *k;
    if ((size_t)size > SIZE_MAX / (sizeof(gr_key) + sizeof(gr_tile))) return false;
    k = (gr_key *)c2d_bp_alloc(a, (size_t)size * (sizeof(gr_key) + sizeof(gr_tile)));
    if (k == NULL) return false;
    memset(k, 0, (size_t)size * (sizeof(gr_key) + sizeof(gr_tile)));
    *keys = k;
    *tiles = (gr_tile *)(void *)(k + size);
    return true;
}

static void gr_table_free(const c2d_allocator *a, gr_key *keys, int32_t size) {
    c2d_bp_free(a, keys, (size_t)size * (sizeof(gr_key) + sizeof(gr_tile)));
}

/* A table of want slots holding the tiles of the old one; false (nothing changed) when out of
 * memory. */
static bool gr_rehash(c2d_grid *g, int32_t want) {
    gr_key *keys;
    gr_tile *tiles;
    int32_t i;
    if (!gr_table_alloc(&g->base.allocator, want, &keys, &tiles)) return false;
    for (i = 0; i < g->table_size; ++i) {
        int32_t s;
        if (g->keys[i].kx == 0) continue;
        s = gr_empty_slot(keys, want, g->keys[i].kx, g->keys[i].ky);
        keys[s] = g->keys[i];
        tiles[s] = g->cells[i];
    }
    gr_table_free(&g->base.allocator, g->keys, g->table_size);
    g->keys = keys;
    g->cells = tiles;
    g->table_size = want;
    return true;
}

/* ---- entry blocks ---- */

static void gr_pool_init(gr_pool *p, int32_t first_cap) {
    int k;
    memset(p, 0, sizeof *p);
    for (k = 0; k < GR_CLASSES; ++k) p->free_block[k] = -1;
    p->first_cap = first_cap;
}

/* Forgets every block; the chunks and the regions stay for reuse. */
static void gr_pool_reset(const c2d_allocator *a, gr_pool *p) {
    int32_t i;
    int k;
    (void)a;
    for (i = 0; i < p->region_count; ++i) p->regions[i].busy = 0;
    p->used = 0;
    p->max_class = 0;
    for (k = 0; k < GR_CLASSES; ++k) p->free_block[k] = -1;
}

static void gr_pool_free(const c2d_allocator *a, gr_pool *p) {
    int32_t i;
    for (i = 0; i < p->region_count; ++i) c2d_bp_free(a, p->regions[i].ids, (size_t)p->regions[i].cap * sizeof(int32_t));
    for (i = 0; i < p->chunk_count; ++i) c2d_bp_free(a, p->chunks[i].ids, (size_t)p->chunks[i].cap * sizeof(int32_t));
    c2d_bp_free(a, p->chunks, (size_t)p->chunk_capacity * sizeof *p->chunks);
    c2d_bp_free(a, p->regions, (size_t)p->region_capacity * sizeof *p->regions);
    memset(p, 0, sizeof *p);
}

/* The ids of the block at start. */
static int32_t *gr_ids(const gr_pool *p, int32_t start) {
    if (start < 0) return p->regions[-1 - start].ids;
    return p->chunks[start >> GR_CHUNK_BITS].ids + (start & (GR_CHUNK - 1));
}

static void gr_push_free(gr_pool *p, int32_t start, int k) {
    gr_ids(p, start)[0] = p->free_block[k];
    p->free_block[k] = start;
}

/* Makes the chunk at the bump pointer hold size more ids (size <= GR_CHUNK): the only chunk, still
 * small, is doubled (its ids copied, at most GR_CHUNK); otherwise the rest of the chunk goes to
 * the free lists and the bump pointer moves to the next chunk, made if need be. False when out of
 * memory (the pool may have moved on to a new chunk, nothing else). */
static bool gr_bump_room(const c2d_allocator *a, gr_pool *p, int32_t size) {
    for (;;) {
        int32_t c = p->used >> GR_CHUNK_BITS, off = p->used & (GR_CHUNK - 1);
        if (c < p->chunk_count && off + size <= p->chunks[c].cap) return true;
        if (c < p->chunk_count && p->chunk_count == 1 && p->chunks[0].cap < GR_CHUNK) {
            int32_t cap = p->chunks[0].cap * 2;
            int32_t *ids;
            while (cap < off + size) cap *= 2;
            if (cap > GR_CHUNK) cap = GR_CHUNK;
            ids = (int32_t *)c2d_bp_alloc(a, (size_t)cap * sizeof *ids);
            if (ids == NULL) return false;
            memcpy(ids, p->chunks[0].ids, (size_t)off * sizeof *ids);
            c2d_bp_free(a, p->chunks[0].ids, (size_t)p->chunks[0].cap * sizeof *ids);
            p->chunks[0].ids = ids;
            p->chunks[0].cap = cap;
            continue;
        }
        if (c < p->chunk_count) {
            int32_t rest = p->chunks[c].cap - off;
            while (rest >= 1) {
                int j = gr_class_for(rest);
                if (gr_class_size(j) > rest) --j;
                gr_push_free(p, p->used, j);
                p->used += gr_class_size(j);
                rest -= gr_class_size(j);
            }
            if (c + 1 > (INT32_MAX >> GR_CHUNK_BITS)) return false;
            p->used = (c + 1) << GR_CHUNK_BITS;
            continue;
        }
        {
            /* A new chunk at the end. */
            void *v = p->chunks;
            int32_t cap = c == 0 ? p->first_cap : GR_CHUNK;
            int32_t *ids;
            if (cap < GR_FIRST_CHUNK) cap = GR_FIRST_CHUNK;
            while (cap < size) cap *= 2;
            if (cap > GR_CHUNK) cap = GR_CHUNK;
            if (!c2d_bp_reserve(a, &v, &p->chunk_capacity, c + 1, sizeof *p->chunks)) return false;
            p->chunks = (gr_chunk *)v;
            ids = (int32_t *)c2d_bp_alloc(a, (size_t)cap * sizeof *ids);
            if (ids == NULL) return false;
            p->chunks[c].ids = ids;
            p->chunks[c].cap = cap;
            p->chunk_count = c + 1;
        }
    }
}

/* A block of class k: from its free list, a region of its own (longer than a chunk), or the bump
 * pointer. False when out of memory (the pool may have gained a chunk, nothing else). */
static bool gr_block_alloc(const c2d_allocator *a, gr_pool *p, int k, int32_t *out) {
    int32_t size = gr_class_size(k);
    if (k > p->max_class) p->max_class = k;
    if (p->free_block[k] >= 0) {
        *out = p->free_block[k];
        p->free_block[k] = gr_ids(p, *out)[0];
        return true;
    }
    if (size > GR_CHUNK) {
        int32_t r;
        for (r = 0; r < p->region_count; ++r) {
            if (p->regions[r].ids != NULL && !p->regions[r].busy && p->regions[r].cap >= size) {
                p->regions[r].busy = 1;
                *out = -1 - r;
                return true;
            }
        }
        for (r = 0; r < p->region_count && p->regions[r].ids != NULL; ++r) {}
        if (r == p->region_count) {
            void *v = p->regions;
            if (!c2d_bp_reserve(a, &v, &p->region_capacity, r + 1, sizeof *p->regions)) return false;
            p->regions = (gr_chunk *)v;
        }
        p->regions[r].ids = (int32_t *)c2d_bp_alloc(a, (size_t)size * sizeof(int32_t));
        if (p->regions[r].ids == NULL) return false;
        p->regions[r].cap = size;
        p->regions[r].busy = 1;
        if (r == p->region_count) p->region_count++;
        *out = -1 - r;
        return true;
    }
    if (!gr_bump_room(a, p, size)) return false;
    *out = p->used;
    p->used += size;
    return true;
}

static void gr_block_free(const c2d_allocator *a, gr_pool *p, int32_t start, int k) {
    if (start < 0) {
        gr_chunk *r = &p->regions[-1 - start];
        c2d_bp_free(a, r->ids, (size_t)r->cap * sizeof(int32_t));
        r->ids = NULL;
        r->busy = 0;
        return;
    }
    gr_push_free(p, start, k);
}

/* Moves a full cell's ids to a block of the next class (in place when its region is long enough).
 * False when out of memory (nothing changed). */
static bool gr_grow(const c2d_allocator *a, gr_pool *p, gr_cell *c) {
    int k = gr_class(c);
    int32_t start;
    if ((uint32_t)gr_count(c) == GR_COUNT_MAX) return false;
    if (c->start >= 0 || p->regions[-1 - c->start].cap < gr_class_size(k + 1)) {
        if (!gr_block_alloc(a, p, k + 1, &start)) return false;
        memcpy(gr_ids(p, start), gr_ids(p, c->start), (size_t)gr_count(c) * sizeof(int32_t));
        gr_block_free(a, p, c->start, k);
        c->start = start;
    } else if (k + 1 > p->max_class) {
        p->max_class = k + 1;
    }
    c->cc = (uint32_t)gr_count(c) | (uint32_t)(k + 2) << GR_COUNT_BITS;
    return true;
}

/* No cell: the skipped range of a fresh entry. */
static const gr_range gr_no_range = {1, 1, 0, 0};

static bool gr_in_range(gr_range r, int32_t cx, int32_t cy) {
    return cx >= r.x0 && cx <= r.x1 && cy >= r.y0 && cy <= r.y1;
}

/* Room to enter a proxy in the cells of r outside skip, so that gr_link cannot run out of memory:
 * the table stays at most 3/4 full, and either the chunk at the bump pointer is made to hold a
 * block one class above the largest for every cell (the cells need not be looked up), or every full cell
 * among them gets its next larger block now and a smallest block waits on its free list for each
 * missing cell. Nothing observable changes; false when out of memory. */
static bool gr_reserve_cells(c2d_grid *g, gr_range r, gr_range skip) {
    const c2d_allocator *a = &g->base.allocator;
    int32_t cx, cy, missing = 0, i, blocks[C2D_GRID_MAX_CELLS];
    int64_t cells = gr_range_cells(r);
    if (skip.x0 <= skip.x1) {
        int32_t x0 = r.x0 > skip.x0 ? r.x0 : skip.x0, x1 = r.x1 < skip.x1 ? r.x1 : skip.x1;
        int32_t y0 = r.y0 > skip.y0 ? r.y0 : skip.y0, y1 = r.y1 < skip.y1 ? r.y1 : skip.y1;
        if (x0 <= x1 && y0 <= y1) cells -= ((int64_t)x1 - x0 + 1) * ((int64_t)y1 - y0 + 1);
    }
    if (4 * ((int64_t)g->tile_live + cells) > 3 * (int64_t)g->table_size) {
        /* Grown to 2/3 full: at most 3/4 between growths (the copies add up to several times the
         * table, each a one-off, and a moving scene keeps about the same tiles). */
        int64_t want = ((int64_t)g->tile_live + cells) * 3 / 2 + 1;
        if (want < 16) want = 16;
        if (want > (1 << 28)) return false;
        if (!gr_rehash(g, (int32_t)want)) return false;
    }
    if (g->pool.max_class + 1 < GR_CLASSES && cells * gr_class_size(g->pool.max_class + 1) <= GR_CHUNK)
        return gr_bump_room(a, &g->pool, (int32_t)cells * gr_class_size(g->pool.max_class + 1));
    for (cy = r.y0; cy <= r.y1; ++cy) {
        for (cx = r.x0; cx <= r.x1; ++cx) {
            gr_cell *c;
            if (gr_in_range(skip, cx, cy)) continue;
            c = gr_find(g, cx, cy);
            if (c == NULL) {
                ++missing;
                continue;
            }
            /* a cell of GR_COUNT_MAX ids takes no more (its count would carry into the class bits) */
            if ((uint32_t)gr_count(c) == GR_COUNT_MAX) return false;
            if (gr_count(c) == gr_class_size(gr_class(c)) && !gr_grow(a, &g->pool, c)) return false;
        }
    }
    for (i = 0; i < missing; ++i) {
        if (gr_block_alloc(a, &g->pool, 0, &blocks[i])) continue;
        while (i > 0) gr_push_free(&g->pool, blocks[--i], 0);
        return false;
    }
    while (i > 0) gr_push_free(&g->pool, blocks[--i], 0);
    return true;
}

static void gr_grow_occupied(c2d_grid *g, c2d_aabb box) {
    g->occupied = g->has_occupied ? c2d_aabb_union(g->occupied, box) : box;
    g->has_occupied = true;
}

/* Enters a proxy in every cell of r outside skip (room made by gr_reserve_cells: the blocks come
 * from the free lists or the bump pointer's chunk). */
static void gr_link(c2d_grid *g, int32_t id, c2d_aabb box, gr_range r, gr_range skip) {
    const c2d_allocator *a = &g->base.allocator;
    int32_t cx, cy;
    for (cy = r.y0; cy <= r.y1; ++cy) {
        for (cx = r.x0; cx <= r.x1; ++cx) {
            int32_t kx = gr_tile_key(cx), ky = gr_tile_key(cy), s;
            gr_cell *c;
            if (gr_in_range(skip, cx, cy)) continue;
            s = gr_find_tile(g, kx, ky);
            if (s < 0) {
                s = gr_empty_slot(g->keys, g->table_size, kx, ky);
                memset(&g->cells[s], 0, sizeof g->cells[s]);
                g->keys[s].kx = kx;
                g->keys[s].ky = ky;
                g->tile_live++;
            }
            c = &g->cells[s].cell[gr_quarter(cx, cy)];
            if (c->cc == 0) {
                c->cc = 1u << GR_COUNT_BITS;
                (void)gr_block_alloc(a, &g->pool, 0, &c->start);
                g->cell_live++;
            }
            if (gr_count(c) == gr_class_size(gr_class(c))) (void)gr_grow(a, &g->pool, c);
            gr_ids(&g->pool, c->start)[gr_count(c)] = id;
            c->cc++;
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
            int32_t s, i, n, *ids;
            gr_tile *t;
            gr_cell *c;
            if (gr_in_range(keep, cx, cy)) continue;
            s = gr_find_tile(g, gr_tile_key(cx), gr_tile_key(cy));
            if (s < 0) continue;
            t = &g->cells[s];
            c = &t->cell[gr_quarter(cx, cy)];
            if (c->cc == 0) continue;
            n = gr_count(c);
            ids = gr_ids(&g->pool, c->start);
            for (i = 0; i < n; ++i) {
                if (ids[i] != id) continue;
                ids[i] = ids[n - 1];
                c->cc--;
                g->entry_live--;
                break;
            }
            if (gr_count(c) == 0) {
                gr_block_free(&g->base.allocator, &g->pool, c->start, gr_class(c));
                c->cc = 0;
                g->cell_live--;
                if ((t->cell[0].cc | t->cell[1].cc | t->cell[2].cc | t->cell[3].cc) == 0) gr_delete_slot(g, s);
            }
        }
    }
}

/* ---- the side list ---- */

static bool gr_reserve_side(c2d_grid *g) {
    void *p = g->side;
    if (g->side_count >= INT32_MAX - GR_SIDE) return false;
    if (!c2d_bp_reserve(&g->base.allocator, &p, &g->side_capacity, g->side_count + 1, sizeof *g->side)) return false;
    g->side = (int32_t *)p;
    return true;
}

static void gr_side_add(c2d_grid *g, int32_t id) {
    g->side[g->side_count] = id;
    g->proxies.items[id].slot = GR_SIDE + g->side_count++;
}

static void gr_side_remove(c2d_grid *g, int32_t id) {
    int32_t slot = g->proxies.items[id].slot, last = g->side[--g->side_count];
    g->side[slot - GR_SIDE] = last;
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

/* Lays the whole grid out afresh with the given cell size: a table sized to the cells (at most 2/3
 * full), every cell's block the smallest class holding its count, and the blocks in table order.
 * The new table and pool are made before the old ones are let go, so a failure changes nothing. */
static bool gr_relayout(c2d_grid *g, c2d_real cell) {
    c2d_allocator *a = &g->base.allocator;
    c2d_real inv = (c2d_real)1 / cell, old_cell = g->cell_size, old_inv = g->inv_cell;
    int64_t entries = 0, pool_size = 0, want;
    int32_t table = 16, i, q, side_need = 0, live = 0, tiles = 0, first = GR_FIRST_CHUNK;
    gr_key *keys;
    gr_tile *cells;
    gr_pool pool;
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
    if (2 * entries > table) {
        if (entries > (1 << 27)) return false;
        table = (int32_t)(2 * entries);
    }
    p = g->side;
    if (!c2d_bp_reserve(a, &p, &g->side_capacity, side_need, sizeof *g->side)) return false;
    g->side = (int32_t *)p;
    if (!gr_table_alloc(a, table, &keys, &cells)) return false;
    g->cell_size = cell;
    g->inv_cell = inv;
    /* Count per cell (cc is the count for now). */
    for (i = 0; i < g->proxies.used; ++i) {
        gr_range r;
        int32_t cx, cy;
        if (g->proxies.items[i].slot < 0) continue;
        r = gr_range_of(g, g->proxies.items[i].box);
        if (!gr_fits(g, r)) continue;
        for (cy = r.y0; cy <= r.y1; ++cy) {
            for (cx = r.x0; cx <= r.x1; ++cx) {
                int32_t kx = gr_tile_key(cx), ky = gr_tile_key(cy);
                gr_cell *c;
                uint32_t h;
                for (h = gr_home(kx, ky, table); keys[h].kx != 0; h = h + 1 == (uint32_t)table ? 0 : h + 1)
                    if (keys[h].kx == kx && keys[h].ky == ky) break;
                if (keys[h].kx == 0) {
                    keys[h].kx = kx;
                    keys[h].ky = ky;
                    ++tiles;
                }
                c = &cells[h].cell[gr_quarter(cx, cy)];
                if (c->cc == 0) ++live;
                c->cc++;
            }
        }
    }
    /* The counting table (sized for the entries) shrinks to the tiles. */
    want = (int64_t)tiles + tiles / 2 + 1;
    if (want < 16) want = 16;
    if (want < table) {
        gr_key *fit_keys;
        gr_tile *fit;
        if (!gr_table_alloc(a, (int32_t)want, &fit_keys, &fit)) goto fail_cells;
        for (i = 0; i < table; ++i) {
            int32_t slot;
            if (keys[i].kx == 0) continue;
            slot = gr_empty_slot(fit_keys, (int32_t)want, keys[i].kx, keys[i].ky);
            fit_keys[slot] = keys[i];
            fit[slot] = cells[i];
        }
        gr_table_free(a, keys, table);
        keys = fit_keys;
        cells = fit;
        table = (int32_t)want;
    }
    for (i = 0; i < table; ++i)
        for (q = 0; q < 4; ++q)
            if (cells[i].cell[q].cc != 0) {
                if (cells[i].cell[q].cc > GR_COUNT_MAX) goto fail_cells;
                pool_size += gr_class_size(gr_class_for((int32_t)cells[i].cell[q].cc));
            }
    while (first < pool_size && first < GR_CHUNK) first *= 2;
    gr_pool_init(&pool, first);
    for (i = 0; i < table; ++i) {
        for (q = 0; q < 4; ++q) {
            gr_cell *c = &cells[i].cell[q];
            int k;
            if (c->cc == 0) continue;
            k = gr_class_for((int32_t)c->cc);
            if (!gr_block_alloc(a, &pool, k, &c->start)) {
                gr_pool_free(a, &pool);
                goto fail_cells;
            }
            c->cc = (uint32_t)(k + 1) << GR_COUNT_BITS;
        }
    }
    /* Commit: drop the old layout and fill the new one in id order. */
    gr_table_free(a, g->keys, g->table_size);
    gr_pool_free(a, &g->pool);
    g->keys = keys;
    g->cells = cells;
    g->table_size = table;
    g->pool = pool;
    g->cell_live = live;
    g->tile_live = tiles;
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
        gr_set_range(g, i, r);
        for (cy = r.y0; cy <= r.y1; ++cy) {
            for (cx = r.x0; cx <= r.x1; ++cx) {
                gr_cell *c = gr_find(g, cx, cy);
                gr_ids(&g->pool, c->start)[gr_count(c)] = i;
                c->cc++;
                g->entry_live++;
            }
        }
        gr_grow_occupied(g, px->box);
    }
    return true;
fail_cells:
    gr_table_free(a, keys, table);
    g->cell_size = old_cell;
    g->inv_cell = old_inv;
    return false;
}

/* ---- class functions ---- */

static void gr_destroy(c2d_index *index) {
    c2d_grid *g = gr_cast(index);
    c2d_allocator a = index->allocator;
    c2d_bp_proxies_free(&g->proxies, &a);
    gr_table_free(&a, g->keys, g->table_size);
    gr_pool_free(&a, &g->pool);
    c2d_bp_free(&a, g->side, (size_t)g->side_capacity * sizeof *g->side);
    c2d_bp_base_free(index);
    c2d_bp_free(&a, g, sizeof *g);
}

static int32_t gr_proxy_count(const c2d_index *index) { return gr_ccast(index)->proxies.live; }

/* Empties the table, the pool and the side list in place (the pool's chunks are kept, blocks of
 * their own let go); the cell size stays. */
static void gr_clear(c2d_index *index) {
    c2d_grid *g = gr_cast(index);
    c2d_bp_proxies_clear(&g->proxies);
    if (g->keys != NULL) memset(g->keys, 0, (size_t)g->table_size * (sizeof(gr_key) + sizeof(gr_tile)));
    g->cell_live = 0;
    g->tile_live = 0;
    gr_pool_reset(&index->allocator, &g->pool);
    g->entry_live = 0;
    g->side_count = 0;
    g->has_occupied = false;
}

static c2d_status gr_insert(c2d_index *index, c2d_aabb box, uint64_t user_data, int32_t *out_id) {
    c2d_grid *g = gr_cast(index);
    int32_t id;
    gr_range r = gr_range_of(g, box);
    bool fits = gr_fits(g, r);
    if (fits ? !gr_reserve_cells(g, r, gr_no_range) : !gr_reserve_side(g)) return C2D_ERR_OUT_OF_MEMORY;
    id = c2d_bp_proxies_add(&g->proxies, &index->allocator, box, user_data);
    if (id < 0) return C2D_ERR_OUT_OF_MEMORY;
    if (fits) {
        gr_set_range(g, id, r);
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
    if (gr_is_side(g, id)) gr_side_remove(g, id);
    else gr_unlink(g, id, gr_range_of(g, g->proxies.items[id].box), gr_no_range);
    c2d_bp_proxies_remove(&g->proxies, id);
    return C2D_OK;
}

/* Same cells: only the proxy's box changes (the cells hold ids). Other cells of the grid: the
 * proxy leaves the cells of its old range that are not in the new one and enters the new ones that
 * were not in the old one (or moves between the cells and the side list); room is made first, so a
 * failure changes nothing. */
static c2d_status gr_move(c2d_index *index, int32_t id, c2d_aabb box) {
    c2d_grid *g = gr_cast(index);
    gr_range r = gr_range_of(g, box), old;
    bool was_side = gr_is_side(g, id), fits = gr_fits(g, r);
    if (!was_side) old = gr_range_of(g, g->proxies.items[id].box);
    else old = gr_no_range;
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
    if (fits ? !gr_reserve_cells(g, r, old) : !gr_reserve_side(g)) return C2D_ERR_OUT_OF_MEMORY;
    if (!c2d_bp_proxies_mark(&g->proxies, &index->allocator, id)) return C2D_ERR_OUT_OF_MEMORY;
    if (was_side) gr_side_remove(g, id);
    else gr_unlink(g, id, old, fits ? r : gr_no_range);
    g->proxies.items[id].box = box;
    if (fits) {
        gr_set_range(g, id, r);
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
 * cell over q, or over the whole table when q has more cells than the table's tiles have. A proxy is
 * visited from the reference cell only: (max(its x0, q.x0), max(its y0, q.y0)). */
static bool gr_visit(const c2d_grid *g, c2d_aabb box, gr_range q, gr_visit_fn *fn, void *context) {
    const c2d_bp_proxy *items = g->proxies.items;
    int32_t cx, cy, s, k;
    if (g->cell_live == 0) return true;
    if (gr_range_cells(q) > 4 * (int64_t)g->table_size) {
        for (s = 0; s < g->table_size; ++s) {
            const gr_tile *t = &g->cells[s];
            if (g->keys[s].kx == 0) continue;
            for (k = 0; k < 4; ++k) {
                const gr_cell *c = &t->cell[k];
                const int32_t *ids;
                int32_t i, n;
                cx = gr_tile_first(g->keys[s].kx) + (k & 1);
                cy = gr_tile_first(g->keys[s].ky) + (k >> 1);
                if (c->cc == 0 || cx < q.x0 || cx > q.x1 || cy < q.y0 || cy > q.y1) continue;
                ids = gr_ids(&g->pool, c->start);
                n = gr_count(c);
                for (i = 0; i < n; ++i) {
                    int32_t id = ids[i], x0, y0;
                    if (!c2d_bp_overlap(items[id].box, box)) continue;
                    x0 = gr_x0_from(items[id].slot, cx);
                    y0 = gr_y0_from(items[id].slot, cy);
                    if (cx != (x0 > q.x0 ? x0 : q.x0) || cy != (y0 > q.y0 ? y0 : q.y0)) continue;
                    if (!fn(context, id)) return false;
                }
            }
        }
        return true;
    }
    for (cy = q.y0; cy <= q.y1; ++cy) {
        for (cx = q.x0; cx <= q.x1; ++cx) {
            const gr_cell *c = gr_find(g, cx, cy);
            const int32_t *ids;
            int32_t i, n;
            if (c == NULL) continue;
            ids = gr_ids(&g->pool, c->start);
            n = gr_count(c);
            for (i = 0; i < n; ++i) {
                int32_t id = ids[i];
                if (!c2d_bp_overlap(items[id].box, box)) continue;
                if ((cx != q.x0 && !gr_x0_is(items[id].slot, cx)) || (cy != q.y0 && !gr_y0_is(items[id].slot, cy))) continue;
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
        if (items[i].slot < 0 || items[i].slot >= GR_SIDE || !c2d_bp_ray_box(ray, items[i].box, &f)) continue;
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
        const gr_cell *c = gr_find(g, gr_cell_of(g, in->origin.x), gr_cell_of(g, in->origin.y));
        const int32_t *ids;
        int32_t n;
        if (c == NULL) return;
        ids = gr_ids(&g->pool, c->start);
        n = gr_count(c);
        for (i = 0; i < n; ++i) {
            int32_t id = ids[i];
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
            int32_t cx = w.major_y ? n : k, cy = w.major_y ? k : n;
            const gr_cell *c = gr_find(g, cx, cy);
            if (c != NULL) {
                const int32_t *ids = gr_ids(&g->pool, c->start);
                int32_t count = gr_count(c);
                for (i = 0; i < count; ++i) {
                    int32_t id = ids[i], rx, ry;
                    c2d_real f;
                    gr_range r;
                    if (!c2d_bp_ray_box(ray, items[id].box, &f)) continue;
                    r = gr_range_of(g, g->proxies.items[id].box);
                    gr_ray_ref(g, ray, &r, f, &rx, &ry);
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
    int64_t s;
    int32_t i, j;
    for (s = 0; s < 4 * (int64_t)g->table_size; ++s) {
        const gr_cell *c = &g->cells[s >> 2].cell[s & 3];
        const int32_t *block;
        int32_t n = gr_count(c), cx, cy;
        if (n < 2) continue;
        cx = gr_tile_first(g->keys[s >> 2].kx) + (int32_t)(s & 1);
        cy = gr_tile_first(g->keys[s >> 2].ky) + (int32_t)((s >> 1) & 1);
        block = gr_ids(&g->pool, c->start);
        for (i = 0; i < n - 1; ++i) {
            int32_t a = block[i];
            int32_t sa = items[a].slot;
            bool ax = gr_x0_is(sa, cx), ay = gr_y0_is(sa, cy);
            c2d_aabb box = items[a].box;
            bool a_moved = items[a].link != 0;
            for (j = i + 1; j < n; ++j) {
                int32_t b = block[j];
                int32_t sb;
                if (moved_only && !a_moved && items[b].link == 0) continue;
                /* max(x0 of a, x0 of b) is the cell's column when either is (both are at most it). */
                sb = items[b].slot;
                if (!(ax || gr_x0_is(sb, cx)) || !(ay || gr_y0_is(sb, cy))) continue;
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
        if (gr_is_side(g, id)) {
            gr_side_pairs(g, id, 0, true);
        } else {
            gr_pair_context pc;
            int32_t j;
            c2d_aabb box = g->proxies.items[id].box;
            pc.g = g;
            pc.self = id;
            pc.moved_filter = true;
            pc.moved_only = false;
            (void)gr_visit(g, box, gr_range_of(g, g->proxies.items[id].box), gr_pair_visit, &pc);
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

/* Whether a block [start, start + size) lies in the pool: inside one chunk below the bump pointer,
 * or a region of that size. */
static bool gr_block_ok(const gr_pool *p, int32_t start, int32_t size) {
    int32_t c;
    if (start < 0) {
        const gr_chunk *r = -1 - start < p->region_count ? &p->regions[-1 - start] : NULL;
        return r != NULL && r->ids != NULL && r->busy && r->cap >= size;
    }
    c = start >> GR_CHUNK_BITS;
    return c < p->chunk_count && (start & (GR_CHUNK - 1)) + size <= p->chunks[c].cap && start + size <= p->used;
}

static bool gr_validate(const c2d_index *index) {
    const c2d_grid *g = gr_ccast(index);
    int64_t expected = 0;
    int64_t t4;
    int32_t i, s, cells = 0, tiles = 0, entries = 0, free_ids = 0, side = 0;
    for (i = 0; i < g->proxies.used; ++i) {
        const c2d_bp_proxy *p = &g->proxies.items[i];
        gr_range r;
        if (p->slot < 0) continue;
        r = gr_range_of(g, p->box);
        if (p->slot >= GR_SIDE) {
            if (p->slot - GR_SIDE >= g->side_count || g->side[p->slot - GR_SIDE] != i || gr_fits(g, r)) return false;
            ++side;
            continue;
        }
        if (!gr_fits(g, r) || !gr_x0_is(p->slot, r.x0) || !gr_y0_is(p->slot, r.y0) || p->slot >> 16 != 0) return false;
        if (!g->has_occupied || !c2d_aabb_contains(g->occupied, p->box)) return false;
        expected += gr_range_cells(r);
    }
    for (s = 0; s < g->table_size; ++s) {
        const gr_tile *t = &g->cells[s];
        if (g->keys[s].kx == 0) {
            if ((t->cell[0].cc | t->cell[1].cc | t->cell[2].cc | t->cell[3].cc) != 0) return false;
            continue;
        }
        if ((t->cell[0].cc | t->cell[1].cc | t->cell[2].cc | t->cell[3].cc) == 0) return false;
        if (gr_find_tile(g, g->keys[s].kx, g->keys[s].ky) != s) return false;
        ++tiles;
    }
    for (t4 = 0; t4 < 4 * (int64_t)g->table_size; ++t4) {
        const gr_cell *c = &g->cells[t4 >> 2].cell[t4 & 3];
        const int32_t *ids;
        int32_t n = gr_count(c), cx, cy;
        if (c->cc == 0) continue;
        ++cells;
        cx = gr_tile_first(g->keys[t4 >> 2].kx) + (int32_t)(t4 & 1);
        cy = gr_tile_first(g->keys[t4 >> 2].ky) + (int32_t)((t4 >> 1) & 1);
        if (n <= 0 || gr_class(c) < 0 || gr_class(c) >= GR_CLASSES || n > gr_class_size(gr_class(c)) || gr_find(g, cx, cy) != c) return false;
        if (!gr_block_ok(&g->pool, c->start, gr_class_size(gr_class(c)))) return false;
        ids = gr_ids(&g->pool, c->start);
        for (i = 0; i < n; ++i) {
            gr_range r;
            if (!c2d_bp_proxies_live(&g->proxies, ids[i]) || g->proxies.items[ids[i]].slot >= GR_SIDE) return false;
            r = gr_range_of(g, g->proxies.items[ids[i]].box);
            if (cx < r.x0 || cx > r.x1 || cy < r.y0 || cy > r.y1) return false;
            ++entries;
        }
    }
    for (i = g->proxies.free_head; i >= 0 && free_ids <= g->proxies.used; i = g->proxies.items[i].link) ++free_ids;
    /* Every cell of every range holds one entry of its proxy: with no entry outside its range, equal
     * counts rule out both missing and doubled entries. */
    return entries == expected && entries == g->entry_live && cells == g->cell_live && tiles == g->tile_live &&
           side == g->side_count && free_ids + g->proxies.live == g->proxies.used &&
           (g->table_size == 0 || 4 * (int64_t)g->tile_live <= 3 * (int64_t)g->table_size);
}

static const c2d_index_class c2d_grid_class = {
    .name = "grid",
    .destroy = gr_destroy,
    .count = gr_proxy_count,
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
    int32_t capacity = 16;
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
    gr_pool_init(&g->pool, GR_FIRST_CHUNK);
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
