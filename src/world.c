/* The world: colliders, handles, filters, the two broad-phase indexes, the lazy static rebuild,
 * and overlap events (begin / stay / end) in c2d_world_update. Queries are in world_query.c, the
 * tile-map helper in tilemap.c. */
#include <stdlib.h>
#include <string.h>
#include "world_internal.h"
#include "broadphase_internal.h"

/* ---- memory ---- */

static void *default_alloc(size_t size, void *context) {
    (void)context;
    return malloc(size);
}
static void default_free(void *ptr, size_t size, void *context) {
    (void)size;
    (void)context;
    free(ptr);
}

static void *w_alloc(const c2d_world *w, size_t size) { return size ? w->alloc.alloc(size, w->alloc.context) : NULL; }
static void w_free(const c2d_world *w, void *p, size_t size) {
    if (p) w->alloc.free(p, size, w->alloc.context);
}

/* Grows *items (elem bytes each) to hold at least needed; false on overflow or no memory. */
static bool w_reserve(const c2d_world *w, void **items, int32_t *cap, int32_t needed, size_t elem) {
    int32_t n;
    void *p;
    if (needed <= *cap) return true;
    n = *cap > 0 ? *cap : 16;
    while (n < needed) {
        if (n > INT32_MAX / 2) {
            n = needed;
            break;
        }
        n *= 2;
    }
    if ((size_t)n > ((size_t)-1) / elem) return false;
    p = w_alloc(w, (size_t)n * elem);
    if (!p) return false;
    if (*items) {
        memcpy(p, *items, (size_t)*cap * elem);
        w_free(w, *items, (size_t)*cap * elem);
    }
    *items = p;
    *cap = n;
    return true;
}

/* ---- filters ---- */

bool c2di_filter_bits(c2d_filter a, c2d_filter b) {
    uint64_t ca = a.category_bits ? a.category_bits : 1, cb = b.category_bits ? b.category_bits : 1;
    uint64_t ma = a.mask_bits ? a.mask_bits : ~(uint64_t)0, mb = b.mask_bits ? b.mask_bits : ~(uint64_t)0;
    if (a.group_index != 0 && a.group_index == b.group_index) return a.group_index > 0;
    return (ca & mb) != 0 && (cb & ma) != 0;
}

bool c2d_filter_allows(c2d_filter a, c2d_filter b) { return c2di_filter_bits(a, b); }

/* ---- shapes ---- */

c2d_aabb c2di_world_pad(c2d_aabb b) {
    const c2d_real lim = (c2d_real)C2D_MAX_COORD;
    c2d_real m = C2D_ABS(b.lower.x), pad;
    if (C2D_ABS(b.lower.y) > m) m = C2D_ABS(b.lower.y);
    if (C2D_ABS(b.upper.x) > m) m = C2D_ABS(b.upper.x);
    if (C2D_ABS(b.upper.y) > m) m = C2D_ABS(b.upper.y);
    /* a few rounding steps of the largest coordinate, and at least C2D_MIN_SIZE: every point of the
     * shape then lies strictly inside the box, also for flat shapes (segments, points) */
    pad = m * (8 * (c2d_real)C2D_EPSILON) + 4 * (c2d_real)C2D_MIN_SIZE;
    b.lower.x -= pad;
    b.lower.y -= pad;
    b.upper.x += pad;
    b.upper.y += pad;
    if (b.lower.x < -lim) b.lower.x = -lim;
    if (b.lower.y < -lim) b.lower.y = -lim;
    if (b.upper.x > lim) b.upper.x = lim;
    if (b.upper.y > lim) b.upper.y = lim;
    return b;
}

bool c2di_shape_overlaps_collider(const c2d_shape *q, const wcollider *c) {
    int32_t k;
    if (c->pieces && q->type == C2D_SHAPE_POINT) return c2d_concave_contains_point(&c->wconcave, q->as.point);
    if (c->pieces && q->type == C2D_SHAPE_SEGMENT) return c2d_concave_overlap_segment(&c->wconcave, q->as.segment);
    /* a shape with an area overlaps the union of the pieces' closures in an open set, which meets
     * some piece's interior */
    for (k = 0; k < c->piece_count; ++k)
        if (c2d_shape_overlap(q, wc_piece(c, k))) return true;
    return false;
}

bool c2di_colliders_overlap(const wcollider *a, const wcollider *b) {
    int32_t i;
    if (a->pieces && b->pieces) return c2d_concave_overlap_concave(&a->wconcave, &b->wconcave);
    if (a->pieces) {
        const wcollider *t = a;
        a = b;
        b = t;
    }
    /* a is convex here */
    for (i = 0; i < a->piece_count; ++i)
        if (c2di_shape_overlaps_collider(wc_piece(a, i), b)) return true;
    return false;
}

/* The transform as stored: a zero rotation means none. Errors: NOT_FINITE, OUT_OF_RANGE. */
static c2d_status norm_transform(c2d_transform *xf) {
    if (xf->q.c == 0 && xf->q.s == 0) xf->q = c2d_rot_identity();
    if (!c2d_vec2_is_valid(xf->p) || !C2D_ISFINITE(xf->q.c) || !C2D_ISFINITE(xf->q.s)) return C2D_ERR_NOT_FINITE;
    if (!c2d_vec2_in_range(xf->p)) return C2D_ERR_OUT_OF_RANGE;
    if (!c2d_transform_is_valid(*xf)) return C2D_ERR_BAD_SIZE; /* rotation not unit */
    return C2D_OK;
}

/* Places a shape; checks the placed shape and its bounds. */
static c2d_status place(const c2d_shape *local, c2d_transform xf, c2d_shape *out, c2d_aabb *bounds) {
    c2d_aabb b;
    c2d_status s;
    *out = c2d_shape_transform(local, xf);
    s = c2d_shape_validate(out);
    if (s != C2D_OK) return s; /* rounding may break a polygon */
    b = c2d_shape_aabb(out);
    if (!c2d_vec2_in_range(b.lower) || !c2d_vec2_in_range(b.upper)) return C2D_ERR_OUT_OF_RANGE;
    *bounds = b;
    return C2D_OK;
}

/* ---- the geometry of a collider, built aside and swapped in ---- */

typedef struct geom {
    c2d_shape local, world;
    c2d_shape *pieces;
    c2d_vec2 *verts;
    c2d_concave concave, wconcave;
    int32_t piece_count;
    c2d_aabb aabb;
} geom;

static void geom_free(const c2d_world *w, geom *g) {
    if (g->pieces) w_free(w, g->pieces, (size_t)g->piece_count * 2 * sizeof(c2d_shape));
    if (g->verts) w_free(w, g->verts, (size_t)g->concave.count * 2 * sizeof(c2d_vec2));
    g->pieces = NULL;
    g->verts = NULL;
}

static geom geom_of(const wcollider *c) {
    geom g;
    g.local = c->local;
    g.world = c->world;
    g.pieces = c->pieces;
    g.verts = c->verts;
    g.concave = c->concave;
    g.wconcave = c->wconcave;
    g.piece_count = c->piece_count;
    g.aabb = c->aabb;
    return g;
}

static void geom_store(wcollider *c, const geom *g) {
    c->local = g->local;
    c->world = g->world;
    c->pieces = g->pieces;
    c->verts = g->verts;
    c->concave = g->concave;
    c->wconcave = g->wconcave;
    c->piece_count = g->piece_count;
    c->aabb = g->aabb;
}

/* The placed outline of a concave polygon (vertices at out_v), with its bounds and area. */
static void place_outline(const c2d_concave *local, c2d_vec2 *out_v, c2d_transform xf, c2d_concave *out) {
    int i, n = local->count;
    c2d_real area = 0;
    for (i = 0; i < n; ++i) out_v[i] = c2d_transform_point(xf, local->vertices[i]);
    out->vertices = out_v;
    out->count = n;
    out->bounds.lower = out->bounds.upper = out_v[0];
    for (i = 0; i < n; ++i) {
        c2d_vec2 a = c2d_sub(out_v[i], out_v[0]), b = c2d_sub(out_v[(i + 1) % n], out_v[0]);
        area += c2d_cross(a, b);
        out->bounds.lower = c2d_vmin(out->bounds.lower, out_v[i]);
        out->bounds.upper = c2d_vmax(out->bounds.upper, out_v[i]);
    }
    out->signed_area = (c2d_real)0.5 * area;
}

/* Places g (local parts set) by xf: world shape(s) and bounds. */
static c2d_status geom_place(geom *g, c2d_transform xf) {
    c2d_status s;
    int32_t k;
    if (!g->pieces) return place(&g->local, xf, &g->world, &g->aabb);
    for (k = 0; k < g->piece_count; ++k) {
        c2d_aabb b;
        s = place(&g->pieces[k], xf, &g->pieces[g->piece_count + k], &b);
        if (s != C2D_OK) return s;
        g->aabb = k == 0 ? b : c2d_aabb_union(g->aabb, b);
    }
    place_outline(&g->concave, g->verts + g->concave.count, xf, &g->wconcave);
    return C2D_OK;
}

/* New geometry from a convex local shape, placed by xf. */
static c2d_status geom_convex(geom *g, const c2d_shape *shape, c2d_transform xf) {
    c2d_status s = c2d_shape_validate(shape);
    memset(g, 0, sizeof *g);
    if (s != C2D_OK) return s;
    g->local = *shape;
    g->piece_count = 1;
    return geom_place(g, xf);
}

/* New geometry from a concave local polygon (copied, decomposed), placed by xf. */
static c2d_status geom_concave(const c2d_world *w, geom *g, const c2d_concave *cc, c2d_transform xf) {
    c2d_status s;
    c2d_polygon *tmp;
    int n, k, count = 0;
    size_t tmp_bytes;
    memset(g, 0, sizeof *g);
    if (!cc || !cc->vertices) return C2D_ERR_NULL_ARG;
    if (cc->count < 3) return C2D_ERR_DEGENERATE;
    if (!c2d_concave_is_valid(cc)) {
        c2d_concave t;
        s = c2d_concave_make(cc->vertices, cc->count, &t);
        return s != C2D_OK ? s : C2D_ERR_DEGENERATE; /* bounds or area fields not matching */
    }
    n = cc->count;
    tmp_bytes = (size_t)(n - 2) * sizeof(c2d_polygon);
    tmp = (c2d_polygon *)w_alloc(w, tmp_bytes);
    if (!tmp) return C2D_ERR_OUT_OF_MEMORY;
    s = c2d_concave_decompose(cc, tmp, n - 2, &count);
    if (s != C2D_OK) {
        w_free(w, tmp, tmp_bytes);
        return s;
    }
    g->verts = (c2d_vec2 *)w_alloc(w, (size_t)n * 2 * sizeof(c2d_vec2));
    g->pieces = (c2d_shape *)w_alloc(w, (size_t)count * 2 * sizeof(c2d_shape));
    g->piece_count = count;
    g->concave = *cc;
    if (!g->verts || !g->pieces) {
        w_free(w, tmp, tmp_bytes);
        geom_free(w, g);
        return C2D_ERR_OUT_OF_MEMORY;
    }
    memcpy(g->verts, cc->vertices, (size_t)n * sizeof(c2d_vec2));
    g->concave.vertices = g->verts;
    for (k = 0; k < count; ++k) g->pieces[k] = c2d_shape_from_polygon(&tmp[k]);
    w_free(w, tmp, tmp_bytes);
    memset(&g->local, 0, sizeof g->local);
    g->local.type = C2D_SHAPE_POLYGON;
    s = geom_place(g, xf);
    if (s != C2D_OK) geom_free(w, g);
    return s;
}

/* New geometry from any local shape, placed by xf: a concave shape (C2D_SHAPE_CONCAVE) becomes a
 * concave collider (its outline placed by its own transform, copied and decomposed anew: the
 * world keeps nothing of the caller's arrays), any other kind a convex one. */
static c2d_status geom_shape(const c2d_world *w, geom *g, const c2d_shape *shape, c2d_transform xf) {
    const c2d_concave_shape *c;
    c2d_vec2 *v;
    c2d_concave placed;
    c2d_status s;
    size_t bytes;
    int i;
    if (!shape || shape->type != C2D_SHAPE_CONCAVE) return geom_convex(g, shape, xf);
    memset(g, 0, sizeof *g);
    s = c2d_shape_validate(shape);
    if (s != C2D_OK) return s;
    c = &shape->as.concave;
    if (c->xf.p.x == 0 && c->xf.p.y == 0 && c->xf.q.c == 1 && c->xf.q.s == 0) return geom_concave(w, g, &c->outline, xf);
    bytes = (size_t)c->outline.count * sizeof(c2d_vec2);
    v = (c2d_vec2 *)w_alloc(w, bytes);
    if (!v) return C2D_ERR_OUT_OF_MEMORY;
    for (i = 0; i < c->outline.count; ++i) v[i] = c2d_transform_point(c->xf, c->outline.vertices[i]);
    s = c2d_concave_make(v, c->outline.count, &placed);
    if (s == C2D_OK) s = geom_concave(w, g, &placed, xf);
    w_free(w, v, bytes);
    return s;
}

/* ---- handles ---- */

const wcollider *c2di_world_lookup(const c2d_world *w, c2d_collider_id id) {
    const wcollider *c;
    if (!w || id.generation == 0 || id.world != w->tag || id.index < 0 || id.index >= w->high) return NULL;
    c = &w->c[id.index];
    if (c->where == WHERE_NONE || c->generation != id.generation) return NULL;
    return c;
}

static wcollider *lookup_mut(c2d_world *w, c2d_collider_id id) { return (wcollider *)c2di_world_lookup(w, id); }

bool c2d_world_contains(const c2d_world *world, c2d_collider_id id) { return c2di_world_lookup(world, id) != NULL; }

int32_t c2d_world_count(const c2d_world *world) { return world ? world->count : 0; }

static bool busy(const c2d_world *w) { return WORLD_BUSY_GET((c2d_world *)w) > 0; }

/* Marks slot i changed since the last update. */
static c2d_status mark_dirty(c2d_world *w, int32_t i) {
    if (w->c[i].dirty) return C2D_OK;
    if (!w_reserve(w, (void **)&w->dirty, &w->dirty_cap, w->dirty_count + 1, sizeof(int32_t))) return C2D_ERR_OUT_OF_MEMORY;
    w->dirty[w->dirty_count++] = i;
    w->c[i].dirty = 1;
    return C2D_OK;
}

/* ---- candidate pairs of the overlap events ----
 *
 * c2d_world_update tests exactly only candidate pairs: colliders whose fat boxes may overlap. A
 * mover's fat box is its padded box grown by WORLD_FAT_MARGIN on each side when it was set; it
 * stays while the box is inside it and not more than 2 margins smaller on any side (a box that
 * shrank by a rotation or a new shape gets a fresh one). A static's fat box is its box. Whenever a
 * fat box is set ("refat"), the collider's candidates are dropped and found again with an index
 * query of its fat box grown by 3 margins: the indexes hold the padded boxes, and every other fat
 * box is within 2 margins of its collider's box, so this finds every collider whose fat box
 * overlaps (1 margin is left for rounding). Two colliders whose boxes overlap therefore have fat
 * boxes that overlap, and the later of the two refats found the pair. A mover that moves inside
 * its fat box queries no index: update walks its candidate list. Movers beyond WORLD_FAR (where
 * the margin is a few rounding steps) keep their box as fat box, so that rounding cannot matter.
 * Candidates ignore filters and flags other than static (both static: never a candidate), so
 * that set_filter and set_flags need no new search; update asks the pair rule for the candidates of
 * changed colliders whose boxes overlap, the pairs the index queries found before this cache. */
#define WORLD_FAT_MARGIN ((c2d_real)C2D_INDEX_DEFAULT_MARGIN)
#define WORLD_FAR (WORLD_FAT_MARGIN / (64 * (c2d_real)C2D_EPSILON))

static bool box_same(c2d_aabb a, c2d_aabb b) {
    return a.lower.x == b.lower.x && a.lower.y == b.lower.y && a.upper.x == b.upper.x && a.upper.y == b.upper.y;
}

static c2d_aabb box_grow(c2d_aabb b, c2d_real m) {
    b.lower.x -= m;
    b.lower.y -= m;
    b.upper.x += m;
    b.upper.y += m;
    return b;
}

/* A collider whose fat box is larger than its box: a mover whose box lies within WORLD_FAR. */
static bool has_margin(const wcollider *c) {
    c2d_aabb b = c->box;
    if (c->flags & C2D_COLLIDER_STATIC) return false;
    return C2D_ABS(b.lower.x) <= WORLD_FAR && C2D_ABS(b.lower.y) <= WORLD_FAR && C2D_ABS(b.upper.x) <= WORLD_FAR &&
           C2D_ABS(b.upper.y) <= WORLD_FAR;
}

/* The fat box still fits the box (see above). */
static bool fat_fits(const wcollider *c) {
    if (!has_margin(c)) return box_same(c->fat, c->box);
    return c2d_aabb_contains(c->fat, c->box) && c2d_aabb_contains(box_grow(c->box, 2 * WORLD_FAT_MARGIN), c->fat);
}

/* After a change of slot i's box (or flags, force): a fresh fat box when the old one does not fit. */
static void refresh_fat(wcollider *c, bool force) {
    if (!force && fat_fits(c)) return;
    c->fat = has_margin(c) ? box_grow(c->box, WORLD_FAT_MARGIN) : c->box;
    c->refat = 1;
}

/* Takes end e out of the list of collider owner. */
static void cand_unlink(c2d_world *w, int32_t owner, int32_t e) {
    const wcand_end *x = &w->ends[e];
    if (x->prev >= 0) w->ends[x->prev].next = x->next;
    else w->c[owner].cand = x->next;
    if (x->next >= 0) w->ends[x->next].prev = x->prev;
}

static void cand_link(c2d_world *w, int32_t owner, int32_t e, int32_t other) {
    wcand_end *x = &w->ends[e];
    x->other = other;
    x->prev = -1;
    x->next = w->c[owner].cand;
    if (x->next >= 0) w->ends[x->next].prev = e;
    w->c[owner].cand = e;
}

/* Drops every candidate pair of slot i. */
static void cand_drop_all(c2d_world *w, int32_t i) {
    while (w->c[i].cand >= 0) {
        int32_t e = w->c[i].cand, r = e >> 1;
        cand_unlink(w, i, e);
        cand_unlink(w, w->ends[e].other, e ^ 1);
        w->ends[2 * r].next = w->cand_free;
        w->cand_free = r;
        --w->cand_count;
    }
}

/* Adds the candidate pair (i, j); false when out of memory. */
static bool cand_add(c2d_world *w, int32_t i, int32_t j) {
    int32_t r;
    if (w->cand_free >= 0) {
        r = w->cand_free;
        w->cand_free = w->ends[2 * r].next;
    } else {
        if (w->cand_used >= INT32_MAX / 2 - 1 ||
            !w_reserve(w, (void **)&w->ends, &w->end_cap, 2 * (w->cand_used + 1), sizeof(wcand_end)))
            return false;
        r = w->cand_used++;
    }
    cand_link(w, i, 2 * r, j);
    cand_link(w, j, 2 * r + 1, i);
    ++w->cand_count;
    return true;
}

/* ---- create / destroy ---- */

static c2d_status make_index(c2d_world_index kind, const c2d_index_config *cfg, c2d_index **out) {
    switch (kind) {
    case C2D_WORLD_INDEX_DYNAMIC_TREE: return c2d_dynamic_tree_create(cfg, out);
    case C2D_WORLD_INDEX_GRID: return c2d_grid_create(cfg, out);
    case C2D_WORLD_INDEX_QUADTREE: return c2d_quadtree_create(cfg, out);
    case C2D_WORLD_INDEX_SWEEP_PRUNE: return c2d_sweep_prune_create(cfg, out);
    default: return C2D_ERR_UNSUPPORTED;
    }
}

c2d_status c2d_world_create(const c2d_world_config *config, c2d_world **out) {
    c2d_world_config cfg;
    c2d_allocator al;
    c2d_world *w;
    c2d_status s;
    if (!out) return C2D_ERR_NULL_ARG;
    *out = NULL;
    if (config) cfg = *config;
    else memset(&cfg, 0, sizeof cfg);
    if (cfg.allocator.alloc && !cfg.allocator.free) return C2D_ERR_NULL_ARG;
    if (cfg.capacity < 0 || cfg.max_colliders < 0) return C2D_ERR_BAD_SIZE;
    if (cfg.static_index == C2D_WORLD_INDEX_DEFAULT) cfg.static_index = C2D_WORLD_INDEX_STATIC_TREE;
    if (cfg.moving_index == C2D_WORLD_INDEX_DEFAULT) cfg.moving_index = C2D_WORLD_INDEX_DYNAMIC_TREE;
    if ((unsigned)cfg.static_index > (unsigned)C2D_WORLD_INDEX_SWEEP_PRUNE) return C2D_ERR_UNSUPPORTED;
    if ((unsigned)cfg.moving_index > (unsigned)C2D_WORLD_INDEX_SWEEP_PRUNE || cfg.moving_index == C2D_WORLD_INDEX_STATIC_TREE)
        return C2D_ERR_UNSUPPORTED;
    if (!C2D_ISFINITE(cfg.cell_size)) return C2D_ERR_NOT_FINITE;
    if (cfg.cell_size < 0) return C2D_ERR_BAD_SIZE;
    if (cfg.cell_size > C2D_MAX_COORD) return C2D_ERR_OUT_OF_RANGE;
    al = cfg.allocator;
    if (!al.alloc) {
        al.alloc = default_alloc;
        al.free = default_free;
        al.context = NULL;
    }
    w = (c2d_world *)al.alloc(sizeof *w, al.context);
    if (!w) return C2D_ERR_OUT_OF_MEMORY;
    memset(w, 0, sizeof *w);
    w->alloc = al;
    w->free_head = -1;
    w->cand_free = -1;
    w->max_colliders = cfg.max_colliders ? cfg.max_colliders : INT32_MAX - 1;
    w->static_kind = cfg.static_index;
    w->moving_kind = cfg.moving_index;
    w->icfg.allocator = al;
    w->icfg.capacity = cfg.capacity;
    w->icfg.cell_size = cfg.cell_size;
    w->tag = cfg.id_tag;
    if (w->tag == 0) {
        uint64_t h = (uint64_t)(uintptr_t)w * 0x9E3779B97F4A7C15ull;
        w->tag = (uint16_t)(h >> 48);
        if (w->tag == 0) w->tag = 1;
    }
#if defined(__STDC_VERSION__) && __STDC_VERSION__ >= 201112L && !defined(__STDC_NO_ATOMICS__)
    atomic_init(&w->busy, 0);
#endif
    s = make_index(w->moving_kind, &w->icfg, &w->moving_index);
    if (s == C2D_OK && w->static_kind != C2D_WORLD_INDEX_STATIC_TREE) s = make_index(w->static_kind, &w->icfg, &w->static_index);
    if (s == C2D_OK && cfg.capacity > 0 && !w_reserve(w, (void **)&w->c, &w->cap, cfg.capacity, sizeof(wcollider)))
        s = C2D_ERR_OUT_OF_MEMORY;
    if (s != C2D_OK) {
        c2d_world_destroy(w);
        return s;
    }
    *out = w;
    return C2D_OK;
}

c2d_status c2d_world_destroy(c2d_world *w) {
    int32_t i;
    c2d_allocator al;
    if (!w) return C2D_OK;
    if (busy(w)) return C2D_ERR_BUSY;
    for (i = 0; i < w->high; ++i) {
        if (w->c[i].where != WHERE_NONE) {
            geom g = geom_of(&w->c[i]);
            geom_free(w, &g);
        }
    }
    c2d_index_destroy(w->static_index);
    c2d_index_destroy(w->moving_index);
    w_free(w, w->c, (size_t)w->cap * sizeof(wcollider));
    w_free(w, w->dirty, (size_t)w->dirty_cap * sizeof(int32_t));
    w_free(w, w->dirty_keys, (size_t)w->dirty_keys_cap * sizeof(uint64_t));
    w_free(w, w->pairs, (size_t)w->pair_cap * sizeof(wpair));
    w_free(w, w->events, (size_t)w->event_cap * sizeof(c2d_world_event));
    w_free(w, w->ends, (size_t)w->end_cap * sizeof(wcand_end));
    al = w->alloc;
    al.free(w, sizeof *w, al.context);
    return C2D_OK;
}

/* ---- placement in the indexes ---- */

/* Puts slot i (geometry, flags and box set; where NONE) into its index. */
static c2d_status index_put(c2d_world *w, int32_t i) {
    wcollider *c = &w->c[i];
    c2d_status s;
    bool st = (c->flags & C2D_COLLIDER_STATIC) != 0;
    if (st && w->static_kind != C2D_WORLD_INDEX_STATIC_TREE) {
        s = c2d_index_insert(w->static_index, c->box, (uint64_t)i, &c->proxy);
        if (s == C2D_OK) c->where = WHERE_STATIC;
        return s;
    }
    s = c2d_index_insert(w->moving_index, c->box, (uint64_t)i, &c->proxy);
    if (s != C2D_OK) return s;
    c->where = WHERE_MOVING;
    if (st) ++w->pending;
    return C2D_OK;
}

/* Takes slot i out of its index (where becomes NONE). */
static void index_take(c2d_world *w, int32_t i) {
    wcollider *c = &w->c[i];
    switch (c->where) {
    case WHERE_STATIC_TREE: ++w->tombstones; break;
    case WHERE_STATIC: c2d_index_remove(w->static_index, c->proxy); break;
    case WHERE_MOVING:
        c2d_index_remove(w->moving_index, c->proxy);
        if (c->flags & C2D_COLLIDER_STATIC) --w->pending;
        break;
    default: break;
    }
    c->where = WHERE_NONE;
    c->proxy = -1;
}

/* Gives slot i its new box in place (same index), or re-places it out of the static tree. */
static c2d_status index_update_box(c2d_world *w, int32_t i, c2d_aabb box) {
    wcollider *c = &w->c[i];
    c2d_aabb old = c->box;
    c2d_status s;
    uint8_t where = c->where;
    int32_t proxy = c->proxy;
    switch (where) {
    case WHERE_STATIC: return c2d_index_move(w->static_index, c->proxy, box);
    case WHERE_MOVING: return c2d_index_move(w->moving_index, c->proxy, box);
    case WHERE_STATIC_TREE:
        c->box = box;
        c->where = WHERE_NONE;
        s = index_put(w, i);
        if (s != C2D_OK) {
            c->box = old;
            c->where = where;
            c->proxy = proxy;
            return s;
        }
        ++w->tombstones;
        return C2D_OK;
    default: return C2D_ERR_BAD_ID;
    }
}

/* ---- colliders ---- */

c2d_status c2d_world_add(c2d_world *w, const c2d_collider_def *def, c2d_collider_id *out_id) {
    c2d_transform xf;
    c2d_status s;
    geom g;
    int32_t i;
    wcollider *c;
    if (out_id) *out_id = c2d_collider_id_null();
    if (!w || !def || !out_id) return C2D_ERR_NULL_ARG;
    if (busy(w)) return C2D_ERR_BUSY;
    if (def->flags & ~(uint32_t)(C2D_COLLIDER_STATIC | C2D_COLLIDER_SENSOR | C2D_COLLIDER_DISABLED)) return C2D_ERR_UNSUPPORTED;
    if (w->count >= w->max_colliders) return C2D_ERR_FULL;
    if (!c2d_vec2_is_valid(def->one_way)) return C2D_ERR_NOT_FINITE;
    if (!c2d_vec2_in_range(def->one_way)) return C2D_ERR_OUT_OF_RANGE;
    xf = def->transform;
    s = norm_transform(&xf);
    if (s != C2D_OK) return s;
    s = def->concave ? geom_concave(w, &g, def->concave, xf) : geom_shape(w, &g, &def->shape, xf);
    if (s != C2D_OK) return s;
    /* a slot: the free list, else a new one */
    if (w->free_head >= 0) {
        i = w->free_head;
    } else {
        if (w->high == INT32_MAX || !w_reserve(w, (void **)&w->c, &w->cap, w->high + 1, sizeof(wcollider))) {
            geom_free(w, &g);
            return C2D_ERR_OUT_OF_MEMORY;
        }
        i = w->high;
        memset(&w->c[i], 0, sizeof(wcollider));
        w->c[i].next_free = -1;
        w->c[i].cand = -1;
    }
    c = &w->c[i];
    /* room for the dirty entry first, so that nothing fails after the index insert */
    if (!c->dirty && !w_reserve(w, (void **)&w->dirty, &w->dirty_cap, w->dirty_count + 1, sizeof(int32_t))) {
        geom_free(w, &g);
        return C2D_ERR_OUT_OF_MEMORY;
    }
    geom_store(c, &g);
    c->xf = xf;
    c->box = c2di_world_pad(c->aabb);
    c->filter = def->filter;
    c->flags = def->flags;
    refresh_fat(c, true);
    c->one_way = c2d_len_sq(def->one_way) > 0 ? c2d_normalize(def->one_way) : c2d_v2(0, 0);
    c->user_data = def->user_data;
    c->where = WHERE_NONE;
    s = index_put(w, i);
    if (s != C2D_OK) {
        geom_free(w, &g);
        c->pieces = NULL;
        c->verts = NULL;
        return s;
    }
    if (i == w->high) {
        ++w->high;
    } else {
        w->free_head = c->next_free;
    }
    c->next_free = -1;
    c->generation = (uint16_t)(c->generation + 1);
    if (c->generation == 0) c->generation = 1;
    ++w->count;
    mark_dirty(w, i); /* room reserved above */
    *out_id = c2di_world_id(w, i);
    return C2D_OK;
}

c2d_status c2d_world_remove(c2d_world *w, c2d_collider_id id) {
    wcollider *c;
    geom g;
    if (!w) return C2D_ERR_NULL_ARG;
    c = lookup_mut(w, id);
    if (!c) return C2D_ERR_BAD_ID;
    if (busy(w)) return C2D_ERR_BUSY;
    index_take(w, id.index);
    cand_drop_all(w, id.index);
    c->refat = 0;
    g = geom_of(c);
    geom_free(w, &g);
    c->pieces = NULL;
    c->verts = NULL;
    c->piece_count = 0;
    c->next_free = w->free_head;
    w->free_head = id.index;
    --w->count;
    /* its pairs end at the next update by their generation; no dirty entry needed */
    return C2D_OK;
}

/* Common start of the setters: the live slot, busy check, and room for a dirty entry. */
static c2d_status setter(c2d_world *w, c2d_collider_id id, wcollider **out) {
    wcollider *c;
    if (!w) return C2D_ERR_NULL_ARG;
    c = lookup_mut(w, id);
    if (!c) return C2D_ERR_BAD_ID;
    if (busy(w)) return C2D_ERR_BUSY;
    if (!c->dirty && !w_reserve(w, (void **)&w->dirty, &w->dirty_cap, w->dirty_count + 1, sizeof(int32_t)))
        return C2D_ERR_OUT_OF_MEMORY;
    *out = c;
    return C2D_OK;
}

/* Swaps in new geometry (and transform) for slot i, updating its index box. */
static c2d_status apply_geom(c2d_world *w, int32_t i, geom *g, c2d_transform xf, bool owns_new) {
    wcollider *c = &w->c[i];
    c2d_aabb box = c2di_world_pad(g->aabb);
    c2d_status s = index_update_box(w, i, box);
    geom old;
    if (s != C2D_OK) {
        if (owns_new) geom_free(w, g);
        return s;
    }
    old = geom_of(c);
    if (owns_new) geom_free(w, &old);
    geom_store(c, g);
    c->xf = xf;
    c->box = box;
    refresh_fat(c, false);
    mark_dirty(w, i);
    return C2D_OK;
}

c2d_status c2d_world_set_transform(c2d_world *w, c2d_collider_id id, c2d_transform xf) {
    wcollider *c;
    geom g;
    c2d_status s = setter(w, id, &c);
    int32_t k;
    c2d_shape placed[1];
    if (s != C2D_OK) return s;
    s = norm_transform(&xf);
    if (s != C2D_OK) return s;
    g = geom_of(c);
    if (!g.pieces) {
        s = place(&g.local, xf, &g.world, &g.aabb);
        if (s != C2D_OK) return s;
        return apply_geom(w, id.index, &g, xf, false);
    }
    /* concave: check every placed piece first, then write them in place */
    for (k = 0; k < g.piece_count; ++k) {
        c2d_aabb b;
        s = place(&g.pieces[k], xf, placed, &b);
        if (s != C2D_OK) return s;
        g.aabb = k == 0 ? b : c2d_aabb_union(g.aabb, b);
    }
    s = index_update_box(w, id.index, c2di_world_pad(g.aabb));
    if (s != C2D_OK) return s;
    for (k = 0; k < g.piece_count; ++k) g.pieces[g.piece_count + k] = c2d_shape_transform(&g.pieces[k], xf);
    place_outline(&c->concave, c->verts + c->concave.count, xf, &c->wconcave);
    c->aabb = g.aabb;
    c->box = c2di_world_pad(g.aabb);
    c->xf = xf;
    refresh_fat(c, false);
    mark_dirty(w, id.index);
    return C2D_OK;
}

c2d_status c2d_world_set_shape(c2d_world *w, c2d_collider_id id, const c2d_shape *shape) {
    wcollider *c;
    geom g;
    c2d_status s = setter(w, id, &c);
    if (s != C2D_OK) return s;
    if (!shape) return C2D_ERR_NULL_ARG;
    s = geom_shape(w, &g, shape, c->xf);
    if (s != C2D_OK) return s;
    return apply_geom(w, id.index, &g, c->xf, true);
}

c2d_status c2d_world_set_concave(c2d_world *w, c2d_collider_id id, const c2d_concave *concave) {
    wcollider *c;
    geom g;
    c2d_status s = setter(w, id, &c);
    if (s != C2D_OK) return s;
    if (!concave) return C2D_ERR_NULL_ARG;
    s = geom_concave(w, &g, concave, c->xf);
    if (s != C2D_OK) return s;
    return apply_geom(w, id.index, &g, c->xf, true);
}

c2d_status c2d_world_set_filter(c2d_world *w, c2d_collider_id id, c2d_filter filter) {
    wcollider *c;
    c2d_status s = setter(w, id, &c);
    if (s != C2D_OK) return s;
    c->filter = filter;
    mark_dirty(w, id.index);
    return C2D_OK;
}

c2d_status c2d_world_set_flags(c2d_world *w, c2d_collider_id id, uint32_t flags) {
    wcollider *c;
    c2d_status s = setter(w, id, &c);
    uint32_t old;
    if (s != C2D_OK) return s;
    if (flags & ~(uint32_t)(C2D_COLLIDER_STATIC | C2D_COLLIDER_SENSOR | C2D_COLLIDER_DISABLED)) return C2D_ERR_UNSUPPORTED;
    old = c->flags;
    if ((old ^ flags) & C2D_COLLIDER_STATIC) {
        uint8_t where = c->where;
        int32_t proxy = c->proxy;
        /* insert into the new place first, so that a failure leaves the collider where it was */
        c->flags = flags;
        c->where = WHERE_NONE;
        s = index_put(w, id.index);
        if (s != C2D_OK) {
            c->flags = old;
            c->where = where;
            c->proxy = proxy;
            return s;
        }
        {
            uint8_t nw = c->where;
            int32_t np = c->proxy;
            c->where = where;
            c->proxy = proxy;
            c->flags = old;
            index_take(w, id.index);
            c->where = nw;
            c->proxy = np;
            c->flags = flags;
        }
        refresh_fat(c, true);
    } else {
        c->flags = flags;
    }
    mark_dirty(w, id.index);
    return C2D_OK;
}

c2d_status c2d_world_set_one_way(c2d_world *w, c2d_collider_id id, c2d_vec2 direction) {
    wcollider *c;
    c2d_status s = setter(w, id, &c);
    if (s != C2D_OK) return s;
    if (!c2d_vec2_is_valid(direction)) return C2D_ERR_NOT_FINITE;
    if (!c2d_vec2_in_range(direction)) return C2D_ERR_OUT_OF_RANGE;
    c->one_way = c2d_len_sq(direction) > 0 ? c2d_normalize(direction) : c2d_v2(0, 0);
    return C2D_OK;
}

c2d_status c2d_world_set_user_data(c2d_world *w, c2d_collider_id id, uint64_t user_data) {
    wcollider *c;
    c2d_status s = setter(w, id, &c);
    if (s != C2D_OK) return s;
    c->user_data = user_data;
    return C2D_OK;
}

c2d_status c2d_world_set_custom_filter(c2d_world *w, c2d_world_pair_fn *fn, void *context) {
    if (!w) return C2D_ERR_NULL_ARG;
    if (busy(w)) return C2D_ERR_BUSY;
    w->custom = fn;
    w->custom_ctx = context;
    w->all_dirty = true;
    return C2D_OK;
}

c2d_status c2d_world_get(const c2d_world *w, c2d_collider_id id, c2d_collider_info *out) {
    const wcollider *c;
    if (!w || !out) return C2D_ERR_NULL_ARG;
    c = c2di_world_lookup(w, id);
    if (!c) return C2D_ERR_BAD_ID;
    memset(out, 0, sizeof *out);
    out->shape = c->local;
    out->is_concave = c->pieces != NULL;
    if (out->is_concave) {
        out->concave = c->concave;
        out->world_concave = c->wconcave;
    }
    out->piece_count = c->piece_count;
    out->transform = c->xf;
    out->aabb = c->aabb;
    out->filter = c->filter;
    out->flags = c->flags;
    out->one_way = c->one_way;
    out->user_data = c->user_data;
    return C2D_OK;
}

c2d_status c2d_world_get_piece(const c2d_world *w, c2d_collider_id id, int32_t piece, c2d_shape *out) {
    const wcollider *c;
    if (!w || !out) return C2D_ERR_NULL_ARG;
    c = c2di_world_lookup(w, id);
    if (!c) return C2D_ERR_BAD_ID;
    if (piece < 0 || piece >= c->piece_count) return C2D_ERR_OUT_OF_RANGE;
    *out = *wc_piece(c, piece);
    return C2D_OK;
}

c2d_status c2d_world_get_ids(const c2d_world *w, c2d_collider_id *ids, int32_t capacity, int32_t *out_total) {
    int32_t i, n = 0;
    if (out_total) *out_total = 0;
    if (!w || !out_total) return C2D_ERR_NULL_ARG;
    if (capacity < 0 || (capacity > 0 && !ids)) return C2D_ERR_BAD_SIZE;
    for (i = 0; i < w->high; ++i) {
        if (w->c[i].where == WHERE_NONE) continue;
        if (n < capacity) ids[n] = c2di_world_id(w, i);
        ++n;
    }
    *out_total = n;
    return C2D_OK;
}

/* Pair rule without the custom filter: both enabled, not both static, the bits allow it. */
static bool pair_bits(const wcollider *a, const wcollider *b) {
    if ((a->flags | b->flags) & C2D_COLLIDER_DISABLED) return false;
    if ((a->flags & b->flags) & C2D_COLLIDER_STATIC) return false;
    return c2di_filter_bits(a->filter, b->filter);
}

/* The full pair rule; the caller has marked the world busy when a custom filter is set. */
static bool pair_ok(const c2d_world *w, int32_t ia, int32_t ib) {
    const wcollider *a = &w->c[ia], *b = &w->c[ib];
    if (!pair_bits(a, b)) return false;
    if (w->custom && !w->custom(c2di_world_id(w, ia), a->user_data, c2di_world_id(w, ib), b->user_data, w->custom_ctx))
        return false;
    return true;
}

bool c2d_world_pair_allowed(const c2d_world *w, c2d_collider_id a, c2d_collider_id b) {
    c2d_world *mw = (c2d_world *)w;
    bool r;
    if (!c2di_world_lookup(w, a) || !c2di_world_lookup(w, b) || a.index == b.index) return false;
    WORLD_BUSY_ADD(mw, 1);
    r = pair_ok(w, a.index, b.index);
    WORLD_BUSY_ADD(mw, -1);
    return r;
}

/* ---- update: lazy static rebuild and overlap events ---- */

/* Rebuilds the static tree from every static collider; pending ones leave the movers' index. */
static c2d_status rebuild_statics(c2d_world *w) {
    c2d_aabb *boxes = NULL;
    uint64_t *ud = NULL;
    int32_t i, n = 0, k;
    c2d_index *tree = NULL;
    c2d_status s = C2D_OK;
    for (i = 0; i < w->high; ++i)
        if (w->c[i].where != WHERE_NONE && (w->c[i].flags & C2D_COLLIDER_STATIC)) ++n;
    if (n > 0) {
        boxes = (c2d_aabb *)w_alloc(w, (size_t)n * sizeof(c2d_aabb));
        ud = (uint64_t *)w_alloc(w, (size_t)n * sizeof(uint64_t));
        if (!boxes || !ud) s = C2D_ERR_OUT_OF_MEMORY;
        if (s == C2D_OK) {
            k = 0;
            for (i = 0; i < w->high; ++i) {
                if (w->c[i].where == WHERE_NONE || !(w->c[i].flags & C2D_COLLIDER_STATIC)) continue;
                boxes[k] = w->c[i].box;
                ud[k] = (uint64_t)i;
                ++k;
            }
            s = c2d_static_tree_create(&w->icfg, boxes, ud, n, &tree);
        }
    }
    if (s == C2D_OK) {
        k = 0;
        for (i = 0; i < w->high; ++i) {
            wcollider *c = &w->c[i];
            if (c->where == WHERE_NONE || !(c->flags & C2D_COLLIDER_STATIC)) continue;
            if (c->where == WHERE_MOVING) c2d_index_remove(w->moving_index, c->proxy);
            c->where = WHERE_STATIC_TREE;
            c->proxy = k++;
        }
        c2d_index_destroy(w->static_index);
        w->static_index = tree;
        w->pending = 0;
        w->tombstones = 0;
    }
    w_free(w, boxes, (size_t)n * sizeof(c2d_aabb));
    w_free(w, ud, (size_t)n * sizeof(uint64_t));
    return s;
}

static int cmp_pair(const void *pa, const void *pb) {
    const wpair *a = (const wpair *)pa, *b = (const wpair *)pb;
    if (a->a != b->a) return a->a < b->a ? -1 : 1;
    if (a->b != b->b) return a->b < b->b ? -1 : 1;
    return 0;
}

typedef struct cand_search {
    c2d_world *w;
    int32_t self;
    uint8_t where; /* the index being searched */
    bool oom;
} cand_search;

/* Index query callback of a refat: every live collider found becomes a candidate of self. */
static bool cand_search_fn(int32_t proxy, uint64_t user_data, void *context) {
    cand_search *cs = (cand_search *)context;
    c2d_world *w = cs->w;
    int32_t j = (int32_t)user_data, i = cs->self;
    const wcollider *b;
    if (j == i || j < 0 || j >= w->high) return true;
    b = &w->c[j];
    if (b->where != cs->where || b->proxy != proxy) return true; /* a dead static-tree proxy */
    if (b->refat && j < i) return true;                          /* added by j's own search */
    if (!cand_add(w, i, j)) {
        cs->oom = true;
        return false;
    }
    return true;
}

/* Finds the candidates of every refat collider in the dirty list again (see "candidate pairs"). */
static c2d_status find_candidates(c2d_world *w) {
    cand_search cs;
    int32_t d;
    for (d = 0; d < w->dirty_count; ++d) {
        int32_t i = w->dirty[d];
        if (w->c[i].refat) cand_drop_all(w, i);
    }
    cs.w = w;
    cs.oom = false;
    for (d = 0; d < w->dirty_count && !cs.oom; ++d) {
        const wcollider *c;
        c2d_aabb q;
        cs.self = w->dirty[d];
        c = &w->c[cs.self];
        if (c->where == WHERE_NONE || !c->refat) continue;
        q = box_grow(c->fat, 3 * WORLD_FAT_MARGIN);
        if (!(c->flags & C2D_COLLIDER_STATIC) && w->static_index) {
            cs.where = w->static_kind == C2D_WORLD_INDEX_STATIC_TREE ? WHERE_STATIC_TREE : WHERE_STATIC;
            c2d_index_query_aabb(w->static_index, q, cand_search_fn, &cs);
        }
        cs.where = WHERE_MOVING;
        if (!cs.oom) c2d_index_query_aabb(w->moving_index, q, cand_search_fn, &cs);
    }
    return cs.oom ? C2D_ERR_OUT_OF_MEMORY : C2D_OK;
}

typedef struct pair_found {
    wpair *found;
    int32_t count, cap;
} pair_found;

/* The overlapping allowed pairs of the changed colliders, from their candidates: the pairs whose
 * boxes overlap (the rule of the indexes) are asked the pair rule, then tested exactly. A pair of
 * two changed colliders is taken from the one with the smaller index. The caller has marked the
 * world busy. */
static c2d_status find_changed_pairs(c2d_world *w, pair_found *pf) {
    int32_t d;
    for (d = 0; d < w->dirty_count; ++d) {
        int32_t i = w->dirty[d], e;
        const wcollider *a = &w->c[i];
        if (a->where == WHERE_NONE || (a->flags & C2D_COLLIDER_DISABLED)) continue;
        for (e = a->cand; e >= 0; e = w->ends[e].next) {
            int32_t j = w->ends[e].other;
            const wcollider *b = &w->c[j];
            wpair *p;
            int32_t lo, hi;
            if (b->dirty && j < i) continue;
            if (!c2d_bp_overlap(a->box, b->box)) continue;
            if (!pair_ok(w, i, j)) continue;
            if (!c2di_colliders_overlap(a, b)) continue;
            if (!w_reserve(w, (void **)&pf->found, &pf->cap, pf->count + 1, sizeof(wpair))) return C2D_ERR_OUT_OF_MEMORY;
            p = &pf->found[pf->count++];
            lo = i < j ? i : j;
            hi = i < j ? j : i;
            p->a = lo;
            p->b = hi;
            p->ga = w->c[lo].generation;
            p->gb = w->c[hi].generation;
            p->ua = w->c[lo].user_data;
            p->ub = w->c[hi].user_data;
        }
    }
    return C2D_OK;
}

static bool pair_live(const c2d_world *w, const wpair *p) {
    return w->c[p->a].where != WHERE_NONE && w->c[p->a].generation == p->ga && w->c[p->b].where != WHERE_NONE &&
           w->c[p->b].generation == p->gb;
}

static bool push_event(c2d_world *w, c2d_world_event *ev, int32_t *n, int32_t cap, c2d_world_event_type type, const wpair *p) {
    c2d_world_event *e;
    if (*n >= cap) return false;
    e = &ev[(*n)++];
    e->type = type;
    e->a.index = p->a;
    e->a.world = w->tag;
    e->a.generation = p->ga;
    e->b.index = p->b;
    e->b.world = w->tag;
    e->b.generation = p->gb;
    e->user_a = p->ua;
    e->user_b = p->ub;
    return true;
}

/* Spreads the low 16 bits of v to the even bits (Morton code half). */
static uint32_t spread_bits(uint32_t v) {
    v &= 0xFFFFu;
    v = (v | (v << 8)) & 0x00FF00FFu;
    v = (v | (v << 4)) & 0x0F0F0F0Fu;
    v = (v | (v << 2)) & 0x33333333u;
    v = (v | (v << 1)) & 0x55555555u;
    return v;
}

/* Grid coordinate in [0, 65535] of x along [lo, lo + 65535 / scale]. */
static uint32_t grid16(c2d_real x, c2d_real lo, c2d_real scale) {
    c2d_real g = (x - lo) * scale;
    if (!(g > 0)) return 0;
    if (g >= (c2d_real)65535) return 65535u;
    return (uint32_t)g;
}

/* Orders the dirty list along a Z-order curve of the colliders' box centers, so that consecutive
 * pair searches walk neighbouring parts of the indexes and find them in cache (about a quarter less
 * time for 10k movers among 100k statics). The pairs found do not depend on the order: they are
 * sorted afterwards. Short lists are left as they are, and so is the list when the scratch memory
 * cannot be had (the update then runs in the old order). */
static void sort_dirty_spatially(c2d_world *w) {
    int32_t n = w->dirty_count, d;
    uint64_t *keys, *tmp, *src, *dst;
    c2d_real lox = 0, loy = 0, hix = 0, hiy = 0, sx, sy;
    bool any = false;
    int pass;
    if (n < 256 || n > INT32_MAX / 2) return;
    if (!w_reserve(w, (void **)&w->dirty_keys, &w->dirty_keys_cap, 2 * n, sizeof(uint64_t))) return;
    keys = w->dirty_keys;
    tmp = keys + n;
    /* pass 1: the centers (kept in the scratch, so that each collider is read once) and their bounds */
    for (d = 0; d < n; ++d) {
        const wcollider *c = &w->c[w->dirty[d]];
        c2d_real cx, cy;
        if (c->where == WHERE_NONE) {
            keys[d] = 0;
            tmp[d] = 0;
            continue;
        }
        cx = (c->box.lower.x + c->box.upper.x) * (c2d_real)0.5;
        cy = (c->box.lower.y + c->box.upper.y) * (c2d_real)0.5;
        memcpy(&keys[d], &cx, sizeof cx); /* c2d_real is at most 8 bytes */
        memcpy(&tmp[d], &cy, sizeof cy);
        if (!any || cx < lox) lox = cx;
        if (!any || cx > hix) hix = cx;
        if (!any || cy < loy) loy = cy;
        if (!any || cy > hiy) hiy = cy;
        any = true;
    }
    sx = hix > lox ? (c2d_real)65535 / (hix - lox) : 0;
    sy = hiy > loy ? (c2d_real)65535 / (hiy - loy) : 0;
    /* pass 2: the Morton code of the grid cell above the slot index (free slots: code 0) */
    for (d = 0; d < n; ++d) {
        c2d_real cx, cy;
        memcpy(&cx, &keys[d], sizeof cx);
        memcpy(&cy, &tmp[d], sizeof cy);
        keys[d] = ((uint64_t)(spread_bits(grid16(cx, lox, sx)) | (spread_bits(grid16(cy, loy, sy)) << 1)) << 32) |
                  (uint32_t)w->dirty[d];
    }
    /* LSD radix sort on the code (the high 32 bits), 8 bits per pass; stable, so deterministic */
    src = keys;
    dst = tmp;
    for (pass = 0; pass < 4; ++pass) {
        int32_t count[257];
        int shift = 32 + 8 * pass, b;
        memset(count, 0, sizeof count);
        for (d = 0; d < n; ++d) ++count[((src[d] >> shift) & 0xFFu) + 1];
        for (b = 0; b < 256; ++b) count[b + 1] += count[b];
        for (d = 0; d < n; ++d) dst[count[(src[d] >> shift) & 0xFFu]++] = src[d];
        tmp = src;
        src = dst;
        dst = tmp;
    }
    for (d = 0; d < n; ++d) w->dirty[d] = (int32_t)(uint32_t)(src[d] & 0xFFFFFFFFu);
}

c2d_status c2d_world_update(c2d_world *w, const c2d_world_event **events, int32_t *out_count) {
    pair_found ps;
    wpair *next = NULL;
    int32_t next_cap = 0, nn = 0, i, d, k, oi, ni, ev_cap = 0, ev_n = 0;
    c2d_world_event *ev = NULL;
    c2d_status s = C2D_OK;
    if (events) *events = NULL;
    if (out_count) *out_count = 0;
    if (!w || !out_count) return C2D_ERR_NULL_ARG;
    if (busy(w)) return C2D_ERR_BUSY;
    if (w->static_kind == C2D_WORLD_INDEX_STATIC_TREE && (w->pending > 0 || w->tombstones > 0)) {
        s = rebuild_statics(w);
        if (s != C2D_OK) return s;
    }
    if (w->all_dirty) {
        for (i = 0; i < w->high; ++i)
            if (w->c[i].where != WHERE_NONE && mark_dirty(w, i) != C2D_OK) return C2D_ERR_OUT_OF_MEMORY;
    }
    sort_dirty_spatially(w);
    memset(&ps, 0, sizeof ps);
    s = find_candidates(w);
    if (s == C2D_OK) {
        WORLD_BUSY_ADD(w, 1);
        s = find_changed_pairs(w, &ps);
        WORLD_BUSY_ADD(w, -1);
    }
    if (s == C2D_OK && ps.count > 1) qsort(ps.found, (size_t)ps.count, sizeof(wpair), cmp_pair);
    /* next pairs: the old ones between unchanged live colliders, merged with the found ones */
    if (s == C2D_OK && !w_reserve(w, (void **)&next, &next_cap, w->pair_count + ps.count + 1, sizeof(wpair)))
        s = C2D_ERR_OUT_OF_MEMORY;
    if (s == C2D_OK) {
        oi = 0;
        ni = 0;
        while (oi < w->pair_count || ni < ps.count) {
            const wpair *o = NULL;
            while (oi < w->pair_count) {
                const wpair *p = &w->pairs[oi];
                if (pair_live(w, p) && !w->c[p->a].dirty && !w->c[p->b].dirty) {
                    o = p;
                    break;
                }
                ++oi;
            }
            if (o && (ni >= ps.count || cmp_pair(o, &ps.found[ni]) < 0)) {
                next[nn] = *o;
                next[nn].ua = w->c[o->a].user_data;
                next[nn].ub = w->c[o->b].user_data;
                ++nn;
                ++oi;
            } else if (ni < ps.count) {
                next[nn++] = ps.found[ni++];
            } else {
                break;
            }
        }
        /* events: old against next, by (a, b); a reused slot ends the old pair before the new begins */
        ev_cap = w->pair_count + nn;
        if (ev_cap > 0 && !w_reserve(w, (void **)&w->events, &w->event_cap, ev_cap, sizeof(c2d_world_event)))
            s = C2D_ERR_OUT_OF_MEMORY;
    }
    if (s == C2D_OK) {
        ev = w->events;
        oi = 0;
        k = 0;
        while (oi < w->pair_count || k < nn) {
            int c = oi >= w->pair_count ? 1 : k >= nn ? -1
                                                      : cmp_pair(&w->pairs[oi], &next[k]);
            if (c < 0) {
                push_event(w, ev, &ev_n, ev_cap, C2D_EVENT_END, &w->pairs[oi++]);
            } else if (c > 0) {
                push_event(w, ev, &ev_n, ev_cap, C2D_EVENT_BEGIN, &next[k++]);
            } else if (w->pairs[oi].ga == next[k].ga && w->pairs[oi].gb == next[k].gb) {
                push_event(w, ev, &ev_n, ev_cap, C2D_EVENT_STAY, &next[k]);
                ++oi;
                ++k;
            } else {
                push_event(w, ev, &ev_n, ev_cap, C2D_EVENT_END, &w->pairs[oi++]);
                push_event(w, ev, &ev_n, ev_cap, C2D_EVENT_BEGIN, &next[k++]);
            }
        }
        /* commit */
        w_free(w, w->pairs, (size_t)w->pair_cap * sizeof(wpair));
        w->pairs = next;
        w->pair_cap = next_cap;
        w->pair_count = nn;
        next = NULL;
        for (d = 0; d < w->dirty_count; ++d) {
            w->c[w->dirty[d]].dirty = 0;
            w->c[w->dirty[d]].refat = 0;
        }
        w->dirty_count = 0;
        w->all_dirty = false;
        w->event_count = ev_n;
        if (events) *events = w->events;
        *out_count = ev_n;
    }
    w_free(w, next, (size_t)next_cap * sizeof(wpair));
    w_free(w, ps.found, (size_t)ps.cap * sizeof(wpair));
    return s;
}

/* ---- validation ---- */

typedef struct find_ctx {
    int32_t want;
    int32_t hits;
} find_ctx;

static bool find_fn(int32_t proxy, uint64_t user_data, void *context) {
    find_ctx *f = (find_ctx *)context;
    (void)proxy;
    if ((int32_t)user_data == f->want) ++f->hits;
    return true;
}

static bool same_vec(c2d_vec2 a, c2d_vec2 b) { return a.x == b.x && a.y == b.y; }

/* The same shape to the bit (the fields its type uses). */
static bool same_shape_bits(const c2d_shape *a, const c2d_shape *b) {
    int i;
    if (a->type != b->type || !c2d_shape_is_valid(b)) return false;
    switch (a->type) {
    case C2D_SHAPE_POINT: return same_vec(a->as.point, b->as.point);
    case C2D_SHAPE_SEGMENT: return same_vec(a->as.segment.p1, b->as.segment.p1) && same_vec(a->as.segment.p2, b->as.segment.p2);
    case C2D_SHAPE_AABB: return box_same(a->as.aabb, b->as.aabb);
    case C2D_SHAPE_CIRCLE: return same_vec(a->as.circle.center, b->as.circle.center) && a->as.circle.radius == b->as.circle.radius;
    case C2D_SHAPE_CAPSULE:
        return same_vec(a->as.capsule.p1, b->as.capsule.p1) && same_vec(a->as.capsule.p2, b->as.capsule.p2) &&
               a->as.capsule.radius == b->as.capsule.radius;
    case C2D_SHAPE_POLYGON:
        if (a->as.polygon.count != b->as.polygon.count || !same_vec(a->as.polygon.centroid, b->as.polygon.centroid)) return false;
        for (i = 0; i < a->as.polygon.count; ++i)
            if (!same_vec(a->as.polygon.vertices[i], b->as.polygon.vertices[i]) || !same_vec(a->as.polygon.normals[i], b->as.polygon.normals[i]))
                return false;
        return true;
    default: return false;
    }
}

typedef struct cand_check {
    const c2d_world *w;
    int32_t self;
    uint8_t where;
    bool missing;
} cand_check;

static bool cand_check_fn(int32_t proxy, uint64_t user_data, void *context) {
    cand_check *cc = (cand_check *)context;
    const c2d_world *w = cc->w;
    int32_t j = (int32_t)user_data, e;
    const wcollider *b;
    if (j <= cc->self || j >= w->high) return true;
    b = &w->c[j];
    if (b->where != cc->where || b->proxy != proxy || b->refat) return true;
    if ((w->c[cc->self].flags & b->flags) & C2D_COLLIDER_STATIC) return true;
    for (e = w->c[cc->self].cand; e >= 0; e = w->ends[e].next)
        if (w->ends[e].other == j) return true;
    cc->missing = true;
    return false;
}

bool c2d_world_validate(const c2d_world *w) {
    int32_t i, live = 0, freed = 0, f, pending = 0, in_static = 0, in_moving = 0, d, k;
    if (!w || w->high > w->cap || w->count < 0 || w->count > w->max_colliders) return false;
    if ((w->moving_index && !c2d_index_validate(w->moving_index)) || (w->static_index && !c2d_index_validate(w->static_index)))
        return false;
    /* the free list holds exactly the free slots, each once */
    for (f = w->free_head; f >= 0; f = w->c[f].next_free) {
        if (f >= w->high || w->c[f].where != WHERE_NONE || ++freed > w->high) return false;
    }
    for (i = 0; i < w->high; ++i) {
        const wcollider *c = &w->c[i];
        c2d_aabb box, bounds;
        uint64_t ud;
        if (c->where == WHERE_NONE) continue;
        ++live;
        if (c->generation == 0 || c->piece_count < 1) return false;
        if ((c->pieces == NULL) != (c->verts == NULL)) return false;
        if (!c2d_transform_is_valid(c->xf)) return false;
        /* cached placed shapes are the local ones placed by the transform, and the bounds theirs */
        for (k = 0; k < c->piece_count; ++k) {
            const c2d_shape *loc = c->pieces ? &c->pieces[k] : &c->local;
            c2d_shape placed = c2d_shape_transform(loc, c->xf);
            c2d_aabb b;
            if (!same_shape_bits(&placed, wc_piece(c, k))) return false;
            b = c2d_shape_aabb(&placed);
            bounds = k == 0 ? b : c2d_aabb_union(bounds, b);
        }
        if (!box_same(bounds, c->aabb) || !box_same(c2di_world_pad(c->aabb), c->box)) return false;
        if (!c2d_aabb_contains(c->box, c->aabb)) return false;
        /* the fat box fits, or the collider will find its candidates again at the next update */
        if (c->refat ? !c->dirty : !fat_fits(c)) return false;
        if (c->pieces) {
            if (!c2d_concave_is_valid(&c->concave) || c->concave.vertices != c->verts) return false;
            if (c->wconcave.vertices != c->verts + c->concave.count || c->wconcave.count != c->concave.count) return false;
            for (k = 0; k < c->concave.count; ++k)
                if (!same_vec(c->wconcave.vertices[k], c2d_transform_point(c->xf, c->concave.vertices[k]))) return false;
        }
        if (c->one_way.x != 0 || c->one_way.y != 0) {
            c2d_real l = c2d_len_sq(c->one_way);
            if (!(l > (c2d_real)0.999 && l < (c2d_real)1.001)) return false;
        }
        switch (c->where) {
        case WHERE_STATIC_TREE:
            if (!(c->flags & C2D_COLLIDER_STATIC) || w->static_kind != C2D_WORLD_INDEX_STATIC_TREE || !w->static_index) return false;
            if (c2d_index_get(w->static_index, c->proxy, &box, &ud) != C2D_OK || ud != (uint64_t)i || !box_same(box, c->box)) return false;
            break;
        case WHERE_STATIC:
            if (!(c->flags & C2D_COLLIDER_STATIC) || w->static_kind == C2D_WORLD_INDEX_STATIC_TREE) return false;
            if (c2d_index_get(w->static_index, c->proxy, &box, &ud) != C2D_OK || ud != (uint64_t)i || !box_same(box, c->box)) return false;
            ++in_static;
            break;
        case WHERE_MOVING:
            if ((c->flags & C2D_COLLIDER_STATIC) && w->static_kind != C2D_WORLD_INDEX_STATIC_TREE) return false;
            if (c->flags & C2D_COLLIDER_STATIC) ++pending;
            if (c2d_index_get(w->moving_index, c->proxy, &box, &ud) != C2D_OK || ud != (uint64_t)i || !box_same(box, c->box)) return false;
            ++in_moving;
            break;
        default: return false;
        }
        /* the index finds it by its own box exactly once */
        {
            find_ctx fc;
            fc.want = i;
            fc.hits = 0;
            c2d_index_query_aabb(c->where == WHERE_MOVING ? w->moving_index : w->static_index, c->box, find_fn, &fc);
            if (fc.hits != 1) return false;
        }
    }
    if (live != w->count || live + freed != w->high || pending != w->pending) return false;
    if (c2d_index_count(w->moving_index) != in_moving) return false;
    if (w->static_kind != C2D_WORLD_INDEX_STATIC_TREE && c2d_index_count(w->static_index) != in_static) return false;
    if (w->static_kind == C2D_WORLD_INDEX_STATIC_TREE && w->static_index &&
        c2d_index_count(w->static_index) < 0) return false;
    /* the dirty list: each flagged slot once */
    for (d = 0; d < w->dirty_count; ++d) {
        int32_t j = w->dirty[d];
        if (j < 0 || j >= w->high || !w->c[j].dirty) return false;
    }
    {
        int32_t flagged = 0;
        for (i = 0; i < w->high; ++i) flagged += w->c[i].dirty ? 1 : 0;
        if (flagged != w->dirty_count) return false;
    }
    /* candidate lists: linked both ways, each end in the list its partner names, live colliders */
    {
        int32_t ends = 0;
        for (i = 0; i < w->high; ++i) {
            int32_t e, prev = -1;
            if (w->c[i].where == WHERE_NONE) {
                if (w->c[i].cand != -1 || w->c[i].refat) return false;
                continue;
            }
            for (e = w->c[i].cand; e >= 0; e = w->ends[e].next) {
                int32_t j;
                if (e >= 2 * w->cand_used || ++ends > 2 * w->cand_count) return false;
                j = w->ends[e].other;
                if (w->ends[e].prev != prev || w->ends[e ^ 1].other != i) return false;
                if (j < 0 || j >= w->high || j == i || w->c[j].where == WHERE_NONE) return false;
                prev = e;
            }
        }
        if (ends != 2 * w->cand_count) return false;
    }
    /* every two colliders whose boxes overlap, not both static and neither to search again, are a
     * candidate pair */
    for (i = 0; i < w->high; ++i) {
        const wcollider *c = &w->c[i];
        cand_check cc;
        if (c->where == WHERE_NONE || c->refat) continue;
        cc.w = w;
        cc.self = i;
        cc.missing = false;
        if (!(c->flags & C2D_COLLIDER_STATIC) && w->static_index) {
            cc.where = w->static_kind == C2D_WORLD_INDEX_STATIC_TREE ? WHERE_STATIC_TREE : WHERE_STATIC;
            c2d_index_query_aabb(w->static_index, c->box, cand_check_fn, &cc);
        }
        cc.where = WHERE_MOVING;
        c2d_index_query_aabb(w->moving_index, c->box, cand_check_fn, &cc);
        if (cc.missing) return false;
    }
    /* pairs: sorted, a < b, no duplicates, within the slots */
    for (k = 0; k < w->pair_count; ++k) {
        const wpair *p = &w->pairs[k];
        if (p->a < 0 || p->a >= p->b || p->b >= w->high) return false;
        if (k > 0 && cmp_pair(&w->pairs[k - 1], p) >= 0) return false;
    }
    return true;
}
