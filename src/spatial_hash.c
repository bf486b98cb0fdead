/* Spatial hash: a uniform grid of square cells stored sparsely in a hash table (Teschner et al.,
 * "Optimized spatial hashing for collision detection of deformable objects", 2003; Chipmunk's
 * cpSpaceHash). Each proxy is entered in every cell its box touches, as one entry (proxy, cell)
 * chained into the bucket of that cell; buckets may be shared by colliding cells, so entries keep
 * their cell and are filtered by it. A proxy covering more than C2D_HASH_MAX_CELLS cells goes to a
 * side list that every query tests directly, so one huge box cannot flood the table.
 *
 * Results equal brute force on the users' boxes: cells only choose candidates (the cell of a
 * coordinate is a monotone function of it, so overlapping boxes always share a cell), every
 * candidate is tested with the exact rules, and a candidate seen in several cells is reported only
 * from one canonical cell: for boxes, the lowest cell of the overlap of the two cell ranges; for
 * rays, the first cell of the proxy's range that the ray's walk visits. */
#include <string.h>
#include "broadphase_internal.h"

#define C2D_HASH_MAX_CELLS 64
#define C2D_HASH_CELL_LIMIT 1073741824  /* cell coordinates are clamped to +-2^30 */

typedef struct c2d_hash_entry {
    int32_t proxy;
    int32_t next;      /* next entry in the bucket, or in the free list; -1 ends */
    int32_t cx, cy;
} c2d_hash_entry;

typedef struct c2d_hash_range {
    int32_t x0, y0, x1, y1;
} c2d_hash_range;

typedef struct c2d_spatial_hash {
    c2d_index base;
    c2d_bp_proxies proxies;        /* slot: -1 free, 0 in the cells, 1 + i at oversized[i] */
    c2d_hash_range *ranges;        /* by id */
    int32_t range_capacity;
    int32_t *buckets;              /* first entry of each bucket, or -1 */
    int32_t bucket_count;          /* a power of two */
    c2d_hash_entry *entries;
    int32_t entry_capacity, entry_used, entry_free, entry_live;
    int32_t *oversized;            /* ids of proxies too big for the cells */
    int32_t oversized_count, oversized_capacity;
    c2d_real cell_size, inv_cell;
    c2d_aabb occupied;             /* covers every box in the cells (grows; tightened by rebuild) */
    bool has_occupied;
} c2d_spatial_hash;

static c2d_spatial_hash *sh_cast(c2d_index *index) { return (c2d_spatial_hash *)index; }
static const c2d_spatial_hash *sh_ccast(const c2d_index *index) { return (const c2d_spatial_hash *)index; }

/* ---- cells ---- */

/* floor(v / cell size), clamped to +-2^30; monotone in v (so it never separates overlapping boxes). */
static int32_t sh_cell(const c2d_spatial_hash *h, c2d_real v) {
    c2d_real f = v * h->inv_cell;
    int32_t i;
    if (!(f > -(c2d_real)C2D_HASH_CELL_LIMIT)) return -C2D_HASH_CELL_LIMIT;
    if (!(f < (c2d_real)C2D_HASH_CELL_LIMIT)) return C2D_HASH_CELL_LIMIT;
    i = (int32_t)f;
    if ((c2d_real)i > f) --i;
    return i;
}

static c2d_hash_range sh_range(const c2d_spatial_hash *h, c2d_aabb b) {
    c2d_hash_range r;
    r.x0 = sh_cell(h, b.lower.x);
    r.y0 = sh_cell(h, b.lower.y);
    r.x1 = sh_cell(h, b.upper.x);
    r.y1 = sh_cell(h, b.upper.y);
    return r;
}

static int64_t sh_range_cells(c2d_hash_range r) {
    return ((int64_t)r.x1 - r.x0 + 1) * ((int64_t)r.y1 - r.y0 + 1);
}

static uint32_t sh_hash(int32_t cx, int32_t cy) {
    uint32_t v = (uint32_t)cx * 0x9E3779B1u ^ (uint32_t)cy * 0x85EBCA77u;
    return v ^ (v >> 15);
}

static int32_t *sh_bucket(const c2d_spatial_hash *h, int32_t cx, int32_t cy) {
    return &h->buckets[sh_hash(cx, cy) & (uint32_t)(h->bucket_count - 1)];
}

/* ---- entries and buckets ---- */

/* Room for n more entries without allocating later. */
static bool sh_reserve_entries(c2d_spatial_hash *h, int32_t n) {
    void *e = h->entries;
    int32_t free_count = 0, i;
    for (i = h->entry_free; i >= 0 && free_count < n; i = h->entries[i].next) ++free_count;
    if (free_count >= n) return true;
    if (h->entry_used > INT32_MAX - n) return false;
    if (!c2d_bp_reserve(&h->base.allocator, &e, &h->entry_capacity, h->entry_used + n - free_count, sizeof *h->entries))
        return false;
    h->entries = (c2d_hash_entry *)e;
    return true;
}

/* Re-chains every entry into a table of bucket_count buckets (a power of two). False (table
 * unchanged) when out of memory; the old table still works, only with longer chains. */
static bool sh_rehash(c2d_spatial_hash *h, int32_t bucket_count) {
    int32_t *fresh, i;
    fresh = (int32_t *)c2d_bp_alloc(&h->base.allocator, (size_t)bucket_count * sizeof *fresh);
    if (fresh == NULL) return false;
    for (i = 0; i < bucket_count; ++i) fresh[i] = -1;
    for (i = 0; i < h->bucket_count; ++i) {
        int32_t e = h->buckets[i];
        while (e >= 0) {
            int32_t next = h->entries[e].next;
            int32_t *b = &fresh[sh_hash(h->entries[e].cx, h->entries[e].cy) & (uint32_t)(bucket_count - 1)];
            h->entries[e].next = *b;
            *b = e;
            e = next;
        }
    }
    c2d_bp_free(&h->base.allocator, h->buckets, (size_t)h->bucket_count * sizeof *h->buckets);
    h->buckets = fresh;
    h->bucket_count = bucket_count;
    return true;
}

/* Enters a proxy in every cell of its range (entries must have been reserved). */
static void sh_link(c2d_spatial_hash *h, int32_t id, c2d_hash_range r) {
    int32_t cx, cy;
    for (cy = r.y0; cy <= r.y1; ++cy) {
        for (cx = r.x0; cx <= r.x1; ++cx) {
            int32_t e, *b;
            if (h->entry_free >= 0) {
                e = h->entry_free;
                h->entry_free = h->entries[e].next;
            } else {
                e = h->entry_used++;
            }
            b = sh_bucket(h, cx, cy);
            h->entries[e].proxy = id;
            h->entries[e].cx = cx;
            h->entries[e].cy = cy;
            h->entries[e].next = *b;
            *b = e;
            h->entry_live++;
        }
    }
}

/* Removes a proxy's entry from every cell of its range. */
static void sh_unlink(c2d_spatial_hash *h, int32_t id, c2d_hash_range r) {
    int32_t cx, cy;
    for (cy = r.y0; cy <= r.y1; ++cy) {
        for (cx = r.x0; cx <= r.x1; ++cx) {
            int32_t *link = sh_bucket(h, cx, cy);
            while (*link >= 0) {
                c2d_hash_entry *e = &h->entries[*link];
                if (e->proxy == id && e->cx == cx && e->cy == cy) {
                    int32_t dead = *link;
                    *link = e->next;
                    e->next = h->entry_free;
                    e->proxy = -1;
                    h->entry_free = dead;
                    h->entry_live--;
                    break;
                }
                link = &e->next;
            }
        }
    }
}

static void sh_grow_occupied(c2d_spatial_hash *h, c2d_aabb box) {
    h->occupied = h->has_occupied ? c2d_aabb_union(h->occupied, box) : box;
    h->has_occupied = true;
}

/* Places a proxy (its box and range set) in the cells or the oversized list; the room was reserved. */
static void sh_place(c2d_spatial_hash *h, int32_t id) {
    c2d_hash_range r = h->ranges[id];
    if (sh_range_cells(r) > C2D_HASH_MAX_CELLS) {
        h->oversized[h->oversized_count] = id;
        h->proxies.items[id].slot = 1 + h->oversized_count++;
    } else {
        h->proxies.items[id].slot = 0;
        sh_link(h, id, r);
        sh_grow_occupied(h, h->proxies.items[id].box);
    }
}

/* Takes a proxy out of the cells or the oversized list. */
static void sh_unplace(c2d_spatial_hash *h, int32_t id) {
    int32_t slot = h->proxies.items[id].slot;
    if (slot > 0) {
        int32_t last = h->oversized[--h->oversized_count];
        h->oversized[slot - 1] = last;
        h->proxies.items[last].slot = slot;
    } else {
        sh_unlink(h, id, h->ranges[id]);
    }
}

/* Makes room for placing a proxy with range r: its entries or an oversized slot, a range slot for
 * ids up to max_id, and a larger table when the load gets high (optional). */
static bool sh_reserve_place(c2d_spatial_hash *h, c2d_hash_range r, int32_t max_id) {
    void *p;
    if (max_id >= h->range_capacity) {
        p = h->ranges;
        if (!c2d_bp_reserve(&h->base.allocator, &p, &h->range_capacity, max_id + 1, sizeof *h->ranges)) return false;
        h->ranges = (c2d_hash_range *)p;
    }
    if (sh_range_cells(r) > C2D_HASH_MAX_CELLS) {
        p = h->oversized;
        if (h->oversized_count == INT32_MAX ||
            !c2d_bp_reserve(&h->base.allocator, &p, &h->oversized_capacity, h->oversized_count + 1, sizeof *h->oversized))
            return false;
        h->oversized = (int32_t *)p;
        return true;
    }
    if (!sh_reserve_entries(h, (int32_t)sh_range_cells(r))) return false;
    if (h->entry_live + (int32_t)sh_range_cells(r) > h->bucket_count && h->bucket_count < (1 << 28))
        (void)sh_rehash(h, h->bucket_count * 2);
    return true;
}

/* ---- class functions ---- */

static void sh_destroy(c2d_index *index) {
    c2d_spatial_hash *h = sh_cast(index);
    c2d_allocator a = index->allocator;
    c2d_bp_proxies_free(&h->proxies, &a);
    c2d_bp_free(&a, h->ranges, (size_t)h->range_capacity * sizeof *h->ranges);
    c2d_bp_free(&a, h->buckets, (size_t)h->bucket_count * sizeof *h->buckets);
    c2d_bp_free(&a, h->entries, (size_t)h->entry_capacity * sizeof *h->entries);
    c2d_bp_free(&a, h->oversized, (size_t)h->oversized_capacity * sizeof *h->oversized);
    c2d_bp_base_free(index);
    c2d_bp_free(&a, h, sizeof *h);
}

static int32_t sh_count(const c2d_index *index) { return sh_ccast(index)->proxies.live; }

static c2d_status sh_insert(c2d_index *index, c2d_aabb box, uint64_t user_data, int32_t *out_id) {
    c2d_spatial_hash *h = sh_cast(index);
    c2d_hash_range r = sh_range(h, box);
    int32_t next_id = h->proxies.free_head >= 0 ? h->proxies.free_head : h->proxies.used;
    int32_t id;
    if (!sh_reserve_place(h, r, next_id)) return C2D_ERR_OUT_OF_MEMORY;
    id = c2d_bp_proxies_add(&h->proxies, &index->allocator, box, user_data);
    if (id < 0) return C2D_ERR_OUT_OF_MEMORY;
    h->ranges[id] = r;
    sh_place(h, id);
    *out_id = id;
    return C2D_OK;
}

static c2d_status sh_remove(c2d_index *index, int32_t id) {
    c2d_spatial_hash *h = sh_cast(index);
    if (!c2d_bp_proxies_live(&h->proxies, id)) return C2D_ERR_BAD_ID;
    sh_unplace(h, id);
    c2d_bp_proxies_remove(&h->proxies, id);
    return C2D_OK;
}

/* A move within the same cells only replaces the box; otherwise the proxy leaves its cells and
 * enters the new ones (room for them is made first, so a failure changes nothing). */
static c2d_status sh_move(c2d_index *index, int32_t id, c2d_aabb box) {
    c2d_spatial_hash *h = sh_cast(index);
    c2d_hash_range r = sh_range(h, box), old = h->ranges[id];
    bool was_big = h->proxies.items[id].slot > 0;
    bool is_big = sh_range_cells(r) > C2D_HASH_MAX_CELLS;
    if (!c2d_bp_proxies_mark(&h->proxies, &index->allocator, id)) return C2D_ERR_OUT_OF_MEMORY;
    if (was_big == is_big && (is_big || memcmp(&r, &old, sizeof r) == 0)) {
        h->proxies.items[id].box = box;
        if (!is_big) sh_grow_occupied(h, box);
        h->ranges[id] = r;
        return C2D_OK;
    }
    if (!sh_reserve_place(h, r, id)) return C2D_ERR_OUT_OF_MEMORY;
    sh_unplace(h, id);
    h->proxies.items[id].box = box;
    h->ranges[id] = r;
    sh_place(h, id);
    return C2D_OK;
}

static bool sh_get(const c2d_index *index, int32_t id, c2d_aabb *box, uint64_t *user_data) {
    const c2d_spatial_hash *h = sh_ccast(index);
    if (!c2d_bp_proxies_live(&h->proxies, id)) return false;
    *box = h->proxies.items[id].box;
    *user_data = h->proxies.items[id].user_data;
    return true;
}

/* Box query: the oversized list, then the query's cells (or every proxy when the query covers more
 * cells than there are entries). A proxy found in a cell is reported from the lowest cell of the
 * overlap of its range with the query's range only. */
static void sh_query_aabb(const c2d_index *index, c2d_aabb box, c2d_index_query_fn *fn, void *context) {
    const c2d_spatial_hash *h = sh_ccast(index);
    const c2d_bp_proxy *items = h->proxies.items;
    c2d_hash_range q = sh_range(h, box);
    int32_t i, cx, cy;
    for (i = 0; i < h->oversized_count; ++i) {
        int32_t id = h->oversized[i];
        if (c2d_bp_overlap(items[id].box, box) && !fn(id, items[id].user_data, context)) return;
    }
    if (sh_range_cells(q) > (int64_t)h->entry_live + 16) {
        for (i = 0; i < h->proxies.used; ++i)
            if (items[i].slot == 0 && c2d_bp_overlap(items[i].box, box) && !fn(i, items[i].user_data, context)) return;
        return;
    }
    for (cy = q.y0; cy <= q.y1; ++cy) {
        for (cx = q.x0; cx <= q.x1; ++cx) {
            int32_t e = *sh_bucket(h, cx, cy);
            for (; e >= 0; e = h->entries[e].next) {
                const c2d_hash_entry *en = &h->entries[e];
                const c2d_hash_range *r;
                if (en->cx != cx || en->cy != cy) continue;
                r = &h->ranges[en->proxy];
                if (cx != (r->x0 > q.x0 ? r->x0 : q.x0) || cy != (r->y0 > q.y0 ? r->y0 : q.y0)) continue;
                if (c2d_bp_overlap(items[en->proxy].box, box) && !fn(en->proxy, items[en->proxy].user_data, context))
                    return;
            }
        }
    }
}

/* ---- ray walk ---- */

/* The cells a ray visits, column by column along its major axis (the one it moves along most, so
 * the minor coordinate changes by at most one cell size per column): for each column, the cells
 * between the minor coordinates where the segment enters and leaves it, widened by delta (a bound
 * on the rounding error) on both sides. The set is a deterministic function of the ray and T. */
typedef struct c2d_hash_walk {
    bool major_y;               /* the major axis is y */
    c2d_real om, on, dm, dn;    /* origin and translation, major and minor components */
    c2d_real T;                 /* walk end (fraction) */
    c2d_real delta;             /* padding, length units */
    int32_t k_first, k_last;    /* major cells, in walk order */
    int k_step, n_step;         /* +1 or -1 */
} c2d_hash_walk;

static void sh_walk_column(const c2d_spatial_hash *h, const c2d_hash_walk *w, int32_t k, int32_t *n_first,
                           int32_t *n_last) {
    c2d_real ta = 0, tb = w->T, na, nb, lo, hi;
    /* A column at the clamp limit stands for everything beyond it: take the whole ray. */
    if (w->dm != 0 && k > -C2D_HASH_CELL_LIMIT && k < C2D_HASH_CELL_LIMIT) {
        c2d_real t0 = ((c2d_real)k * h->cell_size - w->om) / w->dm;
        c2d_real t1 = ((c2d_real)k * h->cell_size + h->cell_size - w->om) / w->dm;
        c2d_real tmin = t0 < t1 ? t0 : t1, tmax = t0 < t1 ? t1 : t0;
        ta = tmin < 0 ? 0 : tmin > w->T ? w->T : tmin;
        tb = tmax < 0 ? 0 : tmax > w->T ? w->T : tmax;
    }
    na = w->on + ta * w->dn;
    nb = w->on + tb * w->dn;
    lo = (na < nb ? na : nb) - w->delta;
    hi = (na < nb ? nb : na) + w->delta;
    if (w->n_step > 0) {
        *n_first = sh_cell(h, lo);
        *n_last = sh_cell(h, hi);
    } else {
        *n_first = sh_cell(h, hi);
        *n_last = sh_cell(h, lo);
    }
}

/* Whether (k, n) is the first cell of range r (major/minor bounds m0..m1, n0..n1) in walk order. */
static bool sh_walk_first(const c2d_spatial_hash *h, const c2d_hash_walk *w, int32_t m0, int32_t m1, int32_t n0,
                          int32_t n1, int32_t k, int32_t n) {
    int32_t j = w->k_step > 0 ? (m0 > w->k_first ? m0 : w->k_first) : (m1 < w->k_first ? m1 : w->k_first);
    for (;; j += w->k_step) {
        int32_t a, b, lo, hi;
        sh_walk_column(h, w, j, &a, &b);
        lo = a < b ? a : b;
        hi = a < b ? b : a;
        if (lo < n0) lo = n0;
        if (hi > n1) hi = n1;
        if (lo <= hi) return j == k && n == (w->n_step > 0 ? lo : hi);
        if (j == k) return false;
    }
}

static c2d_real sh_absr(c2d_real v) { return v < 0 ? -v : v; }

static void sh_raycast(const c2d_index *index, c2d_bp_ray *ray, c2d_index_raycast_fn *fn, void *context) {
    const c2d_spatial_hash *h = sh_ccast(index);
    const c2d_bp_proxy *items = h->proxies.items;
    const c2d_index_ray *in = &ray->ray;
    c2d_hash_walk w;
    c2d_aabb area;
    c2d_real enter, span, scale;
    int32_t i, k;
    for (i = 0; i < h->oversized_count; ++i) {
        int32_t id = h->oversized[i];
        c2d_real f;
        if (c2d_bp_ray_box(ray, items[id].box, &f) && !c2d_bp_ray_report(ray, fn, id, items[id].user_data, f, context))
            return;
    }
    if (!h->has_occupied || h->entry_live == 0) return;
    /* Walk only the part of the ray inside the occupied area (grown by a cell): this also bounds
     * rays of infinite length. */
    area.lower = c2d_v2(h->occupied.lower.x - h->cell_size, h->occupied.lower.y - h->cell_size);
    area.upper = c2d_v2(h->occupied.upper.x + h->cell_size, h->occupied.upper.y + h->cell_size);
    if (!c2d_bp_ray_cull(ray, area, &enter)) return;
    w.T = ray->max_orig;
    if (ray->move_x) {
        c2d_real t1 = (area.lower.x - in->origin.x) * ray->inv_x, t2 = (area.upper.x - in->origin.x) * ray->inv_x;
        c2d_real t = t1 > t2 ? t1 : t2;
        if (t < w.T) w.T = t;
    }
    if (ray->move_y) {
        c2d_real t1 = (area.lower.y - in->origin.y) * ray->inv_y, t2 = (area.upper.y - in->origin.y) * ray->inv_y;
        c2d_real t = t1 > t2 ? t1 : t2;
        if (t < w.T) w.T = t;
    }
    if (!ray->move_x && !ray->move_y) w.T = 0;
    if (!(w.T >= 0) || !C2D_ISFINITE(w.T)) return;
    w.major_y = sh_absr(in->translation.y) > sh_absr(in->translation.x);
    w.om = w.major_y ? in->origin.y : in->origin.x;
    w.on = w.major_y ? in->origin.x : in->origin.y;
    w.dm = w.major_y ? (ray->move_y ? in->translation.y : 0) : (ray->move_x ? in->translation.x : 0);
    w.dn = w.major_y ? (ray->move_x ? in->translation.x : 0) : (ray->move_y ? in->translation.y : 0);
    span = sh_absr(in->origin.x) + sh_absr(in->origin.y) + (sh_absr(w.dm) + sh_absr(w.dn)) * w.T;
    scale = sh_absr(area.lower.x) + sh_absr(area.lower.y) + sh_absr(area.upper.x) + sh_absr(area.upper.y);
    w.delta = 64 * C2D_EPSILON * (span + scale + h->cell_size) + h->cell_size * (c2d_real)1e-3;
    w.k_step = w.dm < 0 ? -1 : 1;
    w.n_step = w.dn < 0 ? -1 : 1;
    {
        c2d_real m_end = w.om + w.dm * w.T;
        c2d_real lo = (w.om < m_end ? w.om : m_end) - w.delta, hi = (w.om < m_end ? m_end : w.om) + w.delta;
        w.k_first = sh_cell(h, w.k_step > 0 ? lo : hi);
        w.k_last = sh_cell(h, w.k_step > 0 ? hi : lo);
    }
    for (k = w.k_first;; k += w.k_step) {
        int32_t n, n_first, n_last;
        /* Stop once the column starts beyond the (clipped) end of the ray. */
        if (w.dm != 0 && k > -C2D_HASH_CELL_LIMIT && k < C2D_HASH_CELL_LIMIT) {
            c2d_real edge = (c2d_real)k * h->cell_size + (w.k_step > 0 ? -w.delta : h->cell_size + w.delta);
            if ((edge - w.om) / w.dm > in->max_fraction) return;
        }
        sh_walk_column(h, &w, k, &n_first, &n_last);
        for (n = n_first;; n += w.n_step) {
            int32_t cx = w.major_y ? n : k, cy = w.major_y ? k : n;
            int32_t e = *sh_bucket(h, cx, cy);
            for (; e >= 0; e = h->entries[e].next) {
                const c2d_hash_entry *en = &h->entries[e];
                const c2d_hash_range *r;
                c2d_real f;
                if (en->cx != cx || en->cy != cy) continue;
                r = &h->ranges[en->proxy];
                if (!c2d_bp_ray_box(ray, items[en->proxy].box, &f)) continue;
                if (w.major_y ? !sh_walk_first(h, &w, r->y0, r->y1, r->x0, r->x1, k, n)
                              : !sh_walk_first(h, &w, r->x0, r->x1, r->y0, r->y1, k, n)) continue;
                if (!c2d_bp_ray_report(ray, fn, en->proxy, items[en->proxy].user_data, f, context)) return;
            }
            if (n == n_last) break;
        }
        if (k == w.k_last) break;
    }
}

/* ---- pairs ---- */

/* Pairs of entries sharing a cell, each pair kept only in the lowest cell of the overlap of the two
 * ranges; then every oversized proxy against everything. */
static c2d_status sh_find_pairs(c2d_index *index) {
    c2d_spatial_hash *h = sh_cast(index);
    const c2d_bp_proxy *items = h->proxies.items;
    int32_t b, i, j;
    for (b = 0; b < h->bucket_count; ++b) {
        int32_t e1, e2;
        for (e1 = h->buckets[b]; e1 >= 0; e1 = h->entries[e1].next) {
            const c2d_hash_entry *a = &h->entries[e1];
            const c2d_hash_range *ra = &h->ranges[a->proxy];
            for (e2 = a->next; e2 >= 0; e2 = h->entries[e2].next) {
                const c2d_hash_entry *c = &h->entries[e2];
                const c2d_hash_range *rc;
                if (c->cx != a->cx || c->cy != a->cy) continue;
                rc = &h->ranges[c->proxy];
                if (a->cx != (ra->x0 > rc->x0 ? ra->x0 : rc->x0) || a->cy != (ra->y0 > rc->y0 ? ra->y0 : rc->y0)) continue;
                if (c2d_bp_overlap(items[a->proxy].box, items[c->proxy].box)) c2d_bp_pairs_push(index, a->proxy, c->proxy);
            }
        }
    }
    for (i = 0; i < h->oversized_count; ++i) {
        int32_t id = h->oversized[i];
        for (j = 0; j < h->proxies.used; ++j) {
            if (items[j].slot < 0 || j == id || (items[j].slot > 0 && items[j].slot - 1 < i)) continue;
            if (c2d_bp_overlap(items[id].box, items[j].box)) c2d_bp_pairs_push(index, id, j);
        }
    }
    return c2d_bp_pairs_finish(index);
}

/* Each moved proxy against its cells' entries (lowest shared cell only) and the oversized list, or
 * against everything when it is oversized itself; a pair of two moved proxies is kept from the
 * smaller id's side. */
static c2d_status sh_update_pairs(c2d_index *index) {
    c2d_spatial_hash *h = sh_cast(index);
    const c2d_bp_proxy *items;
    int32_t m, j;
    c2d_status s;
    c2d_bp_proxies_collect_moved(&h->proxies);
    items = h->proxies.items;
    for (m = 0; m < h->proxies.moved_count; ++m) {
        int32_t id = h->proxies.moved[m];
        c2d_aabb box = items[id].box;
        if (items[id].slot > 0) {
            for (j = 0; j < h->proxies.used; ++j) {
                if (items[j].slot < 0 || j == id || (items[j].link != 0 && j < id)) continue;
                if (c2d_bp_overlap(items[j].box, box)) c2d_bp_pairs_push(index, id, j);
            }
        } else {
            c2d_hash_range q = h->ranges[id];
            int32_t cx, cy;
            for (cy = q.y0; cy <= q.y1; ++cy) {
                for (cx = q.x0; cx <= q.x1; ++cx) {
                    int32_t e = *sh_bucket(h, cx, cy);
                    for (; e >= 0; e = h->entries[e].next) {
                        const c2d_hash_entry *en = &h->entries[e];
                        const c2d_hash_range *r;
                        int32_t other = en->proxy;
                        if (en->cx != cx || en->cy != cy || other == id || (items[other].link != 0 && other < id)) continue;
                        r = &h->ranges[other];
                        if (cx != (r->x0 > q.x0 ? r->x0 : q.x0) || cy != (r->y0 > q.y0 ? r->y0 : q.y0)) continue;
                        if (c2d_bp_overlap(items[other].box, box)) c2d_bp_pairs_push(index, id, other);
                    }
                }
            }
            for (j = 0; j < h->oversized_count; ++j) {
                int32_t other = h->oversized[j];
                if (items[other].link != 0 && other < id) continue;
                if (c2d_bp_overlap(items[other].box, box)) c2d_bp_pairs_push(index, id, other);
            }
        }
    }
    s = c2d_bp_pairs_finish(index);
    if (s == C2D_OK) c2d_bp_proxies_clear_moved(&h->proxies);
    else c2d_bp_proxies_keep_moved(&h->proxies);
    return s;
}

/* Tightens the occupied area to the boxes now in the cells and sizes the table to the entries. */
static c2d_status sh_rebuild(c2d_index *index) {
    c2d_spatial_hash *h = sh_cast(index);
    int32_t i, want = 16;
    h->has_occupied = false;
    for (i = 0; i < h->proxies.used; ++i)
        if (h->proxies.items[i].slot == 0) sh_grow_occupied(h, h->proxies.items[i].box);
    while (want < h->entry_live && want < (1 << 28)) want *= 2;
    if (want != h->bucket_count && !sh_rehash(h, want)) return C2D_ERR_OUT_OF_MEMORY;
    return C2D_OK;
}

static bool sh_validate(const c2d_index *index) {
    const c2d_spatial_hash *h = sh_ccast(index);
    int64_t expected = 0;
    int32_t i, chained = 0, free_entries = 0, free_ids = 0;
    for (i = 0; i < h->proxies.used; ++i) {
        const c2d_bp_proxy *p = &h->proxies.items[i];
        c2d_hash_range r;
        if (p->slot < 0) continue;
        r = sh_range(h, p->box);
        if (memcmp(&r, &h->ranges[i], sizeof r) != 0) return false;
        if (p->slot > 0) {
            if (p->slot - 1 >= h->oversized_count || h->oversized[p->slot - 1] != i) return false;
            if (sh_range_cells(r) <= C2D_HASH_MAX_CELLS) return false;
        } else {
            if (sh_range_cells(r) > C2D_HASH_MAX_CELLS) return false;
            if (!h->has_occupied || !c2d_aabb_contains(h->occupied, p->box)) return false;
            expected += sh_range_cells(r);
        }
    }
    for (i = 0; i < h->bucket_count; ++i) {
        int32_t e;
        for (e = h->buckets[i]; e >= 0 && chained <= h->entry_used; e = h->entries[e].next) {
            const c2d_hash_entry *en = &h->entries[e];
            const c2d_hash_range *r;
            if (en->proxy < 0 || !c2d_bp_proxies_live(&h->proxies, en->proxy) || h->proxies.items[en->proxy].slot != 0) return false;
            if ((sh_hash(en->cx, en->cy) & (uint32_t)(h->bucket_count - 1)) != (uint32_t)i) return false;
            r = &h->ranges[en->proxy];
            if (en->cx < r->x0 || en->cx > r->x1 || en->cy < r->y0 || en->cy > r->y1) return false;
            ++chained;
        }
    }
    for (i = h->entry_free; i >= 0 && free_entries <= h->entry_used; i = h->entries[i].next) ++free_entries;
    for (i = h->proxies.free_head; i >= 0 && free_ids <= h->proxies.used; i = h->proxies.items[i].link) ++free_ids;
    /* Every cell of every range holds exactly one entry of that proxy: the counts must agree and no
     * entry may be outside its range (checked above); duplicates would raise the count. */
    return chained == expected && chained == h->entry_live && chained + free_entries == h->entry_used &&
           free_ids + h->proxies.live == h->proxies.used;
}

static const c2d_index_class c2d_spatial_hash_class = {
    .name = "spatial_hash",
    .destroy = sh_destroy,
    .count = sh_count,
    .insert = sh_insert,
    .remove = sh_remove,
    .move = sh_move,
    .get = sh_get,
    .query_aabb = sh_query_aabb,
    .raycast = sh_raycast,
    .find_pairs = sh_find_pairs,
    .update_pairs = sh_update_pairs,
    .rebuild = sh_rebuild,
    .validate = sh_validate,
};

c2d_status c2d_spatial_hash_create(const c2d_index_config *config, c2d_index **out) {
    c2d_allocator a;
    c2d_spatial_hash *h;
    int32_t capacity = 16, buckets = 16, i;
    c2d_real cell = 1;
    if (out == NULL) return C2D_ERR_NULL_ARG;
    *out = NULL;
    if (!c2d_bp_allocator_init(&a, config)) return C2D_ERR_NULL_ARG;
    if (config != NULL) {
        c2d_status s = c2d_check_real(config->cell_size);
        if (s != C2D_OK) return s;
        if (config->cell_size < 0 || config->capacity < 0) return C2D_ERR_BAD_SIZE;
        if (config->cell_size > 0) cell = config->cell_size;
        if (config->capacity > 0) capacity = config->capacity;
    }
    if (!((c2d_real)1 / cell < (c2d_real)C2D_MAX_COORD * 1024)) return C2D_ERR_BAD_SIZE;   /* 1/cell must be finite */
    while (buckets < capacity && buckets < (1 << 20)) buckets *= 2;
    h = (c2d_spatial_hash *)c2d_bp_alloc(&a, sizeof *h);
    if (h == NULL) return C2D_ERR_OUT_OF_MEMORY;
    memset(h, 0, sizeof *h);
    c2d_bp_base_init(&h->base, &c2d_spatial_hash_class, &a);
    h->cell_size = cell;
    h->inv_cell = (c2d_real)1 / cell;
    h->entry_free = -1;
    h->buckets = (int32_t *)c2d_bp_alloc(&a, (size_t)buckets * sizeof *h->buckets);
    if (h->buckets != NULL) h->bucket_count = buckets;
    if (h->buckets == NULL || !c2d_bp_proxies_init(&h->proxies, &a, capacity)) {
        sh_destroy(&h->base);
        return C2D_ERR_OUT_OF_MEMORY;
    }
    for (i = 0; i < buckets; ++i) h->buckets[i] = -1;
    *out = &h->base;
    return C2D_OK;
}
