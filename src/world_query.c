/* World queries: point, box, shape overlap (ids, hits, manifolds), ray casts (first, all,
 * callback), shape casts (first, all) and the nearest collider. Each walks the broad-phase indexes
 * with the padded boxes, filters the candidates, and decides with the generic narrow phase
 * (shape.h) on the placed shapes. Nothing here writes to the world but its busy counter, and that
 * only while a user callback can run. */
#include <stdlib.h>
#include <string.h>
#include "world_internal.h"

/* ---- a caller buffer that keeps the first `cap` results of an order ---- */

typedef int cmp_fn(const void *a, const void *b);

typedef struct obuf {
    char *items;
    size_t elem;
    int32_t cap, n, total;
    bool sorted;
    cmp_fn *cmp;
} obuf;

static void obuf_init(obuf *b, void *items, size_t elem, int32_t cap, cmp_fn *cmp) {
    b->items = (char *)items;
    b->elem = elem;
    b->cap = cap;
    b->n = 0;
    b->total = 0;
    b->sorted = true;
    b->cmp = cmp;
}

static void obuf_add(obuf *b, const void *item) {
    int32_t lo, hi;
    ++b->total;
    if (b->n < b->cap) {
        memcpy(b->items + (size_t)b->n * b->elem, item, b->elem);
        ++b->n;
        b->sorted = b->n == 1;
        return;
    }
    if (b->cap == 0) return;
    if (!b->sorted) {
        qsort(b->items, (size_t)b->n, b->elem, b->cmp);
        b->sorted = true;
    }
    if (b->cmp(item, b->items + (size_t)(b->cap - 1) * b->elem) >= 0) return;
    lo = 0;
    hi = b->cap - 1; /* first position whose item is after the new one */
    while (lo < hi) {
        int32_t mid = lo + (hi - lo) / 2;
        if (b->cmp(item, b->items + (size_t)mid * b->elem) < 0) hi = mid;
        else lo = mid + 1;
    }
    memmove(b->items + (size_t)(lo + 1) * b->elem, b->items + (size_t)lo * b->elem, (size_t)(b->cap - 1 - lo) * b->elem);
    memcpy(b->items + (size_t)lo * b->elem, item, b->elem);
}

static void obuf_finish(obuf *b) {
    if (!b->sorted && b->n > 1) qsort(b->items, (size_t)b->n, b->elem, b->cmp);
    b->sorted = true;
}

static int cmp_id(const void *pa, const void *pb) {
    int32_t a = ((const c2d_collider_id *)pa)->index, b = ((const c2d_collider_id *)pb)->index;
    return a < b ? -1 : a > b;
}
static int cmp_hit_index(const void *pa, const void *pb) {
    int32_t a = ((const c2d_world_hit *)pa)->id.index, b = ((const c2d_world_hit *)pb)->id.index;
    return a < b ? -1 : a > b;
}
static int cmp_manifold_index(const void *pa, const void *pb) {
    int32_t a = ((const c2d_world_manifold *)pa)->id.index, b = ((const c2d_world_manifold *)pb)->id.index;
    return a < b ? -1 : a > b;
}
static int cmp_hit_time(const void *pa, const void *pb) {
    const c2d_world_hit *a = (const c2d_world_hit *)pa, *b = (const c2d_world_hit *)pb;
    if (a->hit.time != b->hit.time) return a->hit.time < b->hit.time ? -1 : 1;
    return a->id.index < b->id.index ? -1 : a->id.index > b->id.index;
}
static int cmp_cast_time(const void *pa, const void *pb) {
    const c2d_world_cast_hit *a = (const c2d_world_cast_hit *)pa, *b = (const c2d_world_cast_hit *)pb;
    if (a->sweep.hit.time != b->sweep.hit.time) return a->sweep.hit.time < b->sweep.hit.time ? -1 : 1;
    return a->id.index < b->id.index ? -1 : a->id.index > b->id.index;
}

/* ---- candidates ---- */

typedef struct qbase qbase;
/* Handles one candidate that passed the filter; false stops the query. */
typedef bool visit_fn(qbase *q, int32_t i);

struct qbase {
    const c2d_world *w;
    c2d_query_filter f;
    const wcollider *self;
    int32_t self_index;
    uint8_t where; /* the index being walked */
    bool stop;
    bool marked; /* the world's busy counter was raised */
    visit_fn *visit;
};

/* Filter setup. Errors: BAD_ID (self not live). */
static c2d_status q_begin(qbase *q, const c2d_world *w, const c2d_query_filter *filter, visit_fn *visit, bool callback) {
    memset(q, 0, sizeof *q);
    q->w = w;
    q->visit = visit;
    q->self_index = -1;
    if (filter) q->f = *filter;
    if (!c2d_collider_id_is_null(q->f.self)) {
        q->self = c2di_world_lookup(w, q->f.self);
        if (!q->self) return C2D_ERR_BAD_ID;
        q->self_index = q->f.self.index;
    }
    /* user code can run: raise the busy counter so that it cannot change the world */
    if (callback || q->f.accept || (q->self && w->custom)) {
        WORLD_BUSY_ADD((c2d_world *)w, 1);
        q->marked = true;
    }
    return C2D_OK;
}

static void q_end(qbase *q) {
    if (q->marked) WORLD_BUSY_ADD((c2d_world *)q->w, -1);
    q->marked = false;
}

/* Candidate i (found as `proxy` in the index being walked) passes the query filter. */
static bool q_pass(const qbase *q, int32_t i, int32_t proxy) {
    const c2d_world *w = q->w;
    const wcollider *c;
    if (i < 0 || i >= w->high) return false;
    c = &w->c[i];
    if (c->where != q->where || c->proxy != proxy) return false; /* a dead static-tree proxy */
    if (c->flags & C2D_COLLIDER_DISABLED) return false;
    if ((q->f.flags & C2D_QUERY_SKIP_SENSORS) && (c->flags & C2D_COLLIDER_SENSOR)) return false;
    if ((q->f.flags & C2D_QUERY_SKIP_STATIC) && (c->flags & C2D_COLLIDER_STATIC)) return false;
    if ((q->f.flags & C2D_QUERY_SKIP_MOVING) && !(c->flags & C2D_COLLIDER_STATIC)) return false;
    if (q->self) {
        if (i == q->self_index || !c2di_filter_bits(q->self->filter, c->filter)) return false;
        if (w->custom && !w->custom(q->f.self, q->self->user_data, c2di_world_id(w, i), c->user_data, w->custom_ctx)) return false;
    } else {
        c2d_filter qf;
        qf.category_bits = q->f.category_bits ? q->f.category_bits : ~(uint64_t)0;
        qf.mask_bits = q->f.mask_bits;
        qf.group_index = q->f.group_index;
        if (!c2di_filter_bits(qf, c->filter)) return false;
    }
    if (q->f.accept && !q->f.accept(c2di_world_id(w, i), c->user_data, q->f.context)) return false;
    return true;
}

static bool q_box_fn(int32_t proxy, uint64_t user_data, void *context) {
    qbase *q = (qbase *)context;
    int32_t i = (int32_t)user_data;
    if (!q_pass(q, i, proxy)) return true;
    if (!q->visit(q, i)) q->stop = true;
    return !q->stop;
}

/* Walks every candidate whose padded box overlaps box (point: strictly holds the point). */
static void q_walk(qbase *q, c2d_aabb box, bool point) {
    const c2d_world *w = q->w;
    if (w->static_index && !q->stop && !(q->f.flags & C2D_QUERY_SKIP_STATIC)) {
        q->where = w->static_kind == C2D_WORLD_INDEX_STATIC_TREE ? WHERE_STATIC_TREE : WHERE_STATIC;
        if (point) c2d_index_query_point(w->static_index, box.lower, q_box_fn, q);
        else c2d_index_query_aabb(w->static_index, box, q_box_fn, q);
    }
    if (!q->stop) {
        q->where = WHERE_MOVING;
        if (point) c2d_index_query_point(w->moving_index, box.lower, q_box_fn, q);
        else c2d_index_query_aabb(w->moving_index, box, q_box_fn, q);
    }
}

static c2d_status check_buffer(const void *buf, int32_t capacity) {
    if (capacity < 0 || (capacity > 0 && !buf)) return C2D_ERR_BAD_SIZE;
    return C2D_OK;
}

/* ---- overlap queries (point, box, shape) ---- */

typedef enum ov_kind { OV_IDS,
                       OV_HITS,
                       OV_MANIFOLDS } ov_kind;

typedef struct ov_query {
    qbase base;
    const c2d_shape *shape;
    ov_kind kind;
    obuf out;
} ov_query;

static bool ov_visit(qbase *qb, int32_t i) {
    ov_query *q = (ov_query *)qb;
    const wcollider *c = &qb->w->c[i];
    int32_t k;
    bool any = false;
    if (q->kind == OV_IDS) {
        if (c2di_shape_overlaps_collider(q->shape, c)) {
            c2d_collider_id id = c2di_world_id(qb->w, i);
            obuf_add(&q->out, &id);
        }
    } else if (q->kind == OV_HITS) {
        c2d_world_hit best;
        c2d_real best_len = -1;
        memset(&best, 0, sizeof best);
        if (!c2di_shape_overlaps_collider(q->shape, c)) return true;
        any = true; /* a point or segment on an internal diagonal: in no piece, hit stays zero */
        for (k = 0; k < c->piece_count; ++k) {
            c2d_hit h;
            if (!c2d_shape_overlap(q->shape, wc_piece(c, k))) continue;
            memset(&h, 0, sizeof h);
            if (!c2d_shape_hit(q->shape, wc_piece(c, k), &h)) memset(&h, 0, sizeof h);
            if (c2d_len_sq(h.delta) > best_len) {
                best_len = c2d_len_sq(h.delta);
                best.hit = h;
            }
            any = true;
        }
        if (any) {
            best.id = c2di_world_id(qb->w, i);
            best.user_data = c->user_data;
            obuf_add(&q->out, &best);
        }
    } else {
        c2d_world_manifold best;
        c2d_real best_depth = -1;
        memset(&best, 0, sizeof best);
        if (!c2di_shape_overlaps_collider(q->shape, c)) return true;
        for (k = 0; k < c->piece_count; ++k) {
            c2d_manifold m;
            c2d_real depth = 0;
            int p;
            if (!c2d_shape_overlap(q->shape, wc_piece(c, k))) continue;
            m = c2d_shape_manifold(q->shape, wc_piece(c, k));
            for (p = 0; p < m.count; ++p)
                if (m.points[p].depth > depth) depth = m.points[p].depth;
            if (!any || depth > best_depth) {
                best_depth = depth;
                best.manifold = m;
            }
            any = true;
        }
        best.id = c2di_world_id(qb->w, i);
        best.user_data = c->user_data;
        obuf_add(&q->out, &best);
    }
    return true;
}

static c2d_status overlap_query(const c2d_world *w, const c2d_shape *shape, const c2d_query_filter *filter, ov_kind kind,
                                void *buf, int32_t capacity, int32_t *out_total, bool point) {
    ov_query q;
    c2d_status s;
    c2d_aabb box;
    static const size_t sizes[3] = {sizeof(c2d_collider_id), sizeof(c2d_world_hit), sizeof(c2d_world_manifold)};
    static cmp_fn *const cmps[3] = {cmp_id, cmp_hit_index, cmp_manifold_index};
    if (out_total) *out_total = 0;
    if (!w || !shape || !out_total) return C2D_ERR_NULL_ARG;
    s = check_buffer(buf, capacity);
    if (s != C2D_OK) return s;
    s = c2d_shape_validate(shape);
    if (s != C2D_OK) return s;
    s = q_begin(&q.base, w, filter, ov_visit, false);
    if (s != C2D_OK) return s;
    q.shape = shape;
    q.kind = kind;
    obuf_init(&q.out, buf, sizes[kind], capacity, cmps[kind]);
    box = c2d_shape_aabb(shape);
    q_walk(&q.base, box, point);
    q_end(&q.base);
    obuf_finish(&q.out);
    *out_total = q.out.total;
    return C2D_OK;
}

c2d_status c2d_world_query_point(const c2d_world *w, c2d_vec2 point, const c2d_query_filter *filter, c2d_collider_id *ids,
                                 int32_t capacity, int32_t *out_total) {
    c2d_shape s = c2d_shape_from_point(point);
    return overlap_query(w, &s, filter, OV_IDS, ids, capacity, out_total, true);
}

c2d_status c2d_world_query_aabb(const c2d_world *w, c2d_aabb box, const c2d_query_filter *filter, c2d_collider_id *ids,
                                int32_t capacity, int32_t *out_total) {
    c2d_shape s = c2d_shape_from_aabb(box);
    return overlap_query(w, &s, filter, OV_IDS, ids, capacity, out_total, false);
}

c2d_status c2d_world_overlap_shape(const c2d_world *w, const c2d_shape *shape, const c2d_query_filter *filter,
                                   c2d_collider_id *ids, int32_t capacity, int32_t *out_total) {
    return overlap_query(w, shape, filter, OV_IDS, ids, capacity, out_total, false);
}

c2d_status c2d_world_overlap_shape_hits(const c2d_world *w, const c2d_shape *shape, const c2d_query_filter *filter,
                                        c2d_world_hit *hits, int32_t capacity, int32_t *out_total) {
    return overlap_query(w, shape, filter, OV_HITS, hits, capacity, out_total, false);
}

c2d_status c2d_world_overlap_shape_manifolds(const c2d_world *w, const c2d_shape *shape, const c2d_query_filter *filter,
                                             c2d_world_manifold *out, int32_t capacity, int32_t *out_total) {
    return overlap_query(w, shape, filter, OV_MANIFOLDS, out, capacity, out_total, false);
}

/* ---- ray casts ---- */

static c2d_status ray_status(c2d_raycast_input in) {
    if (!c2d_vec2_is_valid(in.origin) || !c2d_vec2_is_valid(in.translation) || (in.max_fraction != in.max_fraction)) return C2D_ERR_NOT_FINITE;
    if (in.max_fraction < 0) return C2D_ERR_BAD_SIZE;
    if (!c2d_vec2_in_range(in.origin) || !c2d_vec2_in_range(in.translation)) return C2D_ERR_OUT_OF_RANGE;
    return C2D_OK;
}

/* First entry of the ray into collider i (its earliest piece), within in.max_fraction. */
static bool ray_collider(const wcollider *c, c2d_raycast_input in, c2d_hit *out) {
    int32_t k;
    bool any = false;
    if (c->pieces) return c2d_concave_raycast(&c->wconcave, in, out);
    for (k = 0; k < c->piece_count; ++k) {
        c2d_hit h;
        if (!c2d_shape_raycast(wc_piece(c, k), in, &h)) continue;
        if (!any || h.time < out->time) *out = h;
        any = true;
    }
    return any;
}

typedef enum ray_mode { RAY_FIRST,
                        RAY_ALL,
                        RAY_CALLBACK } ray_mode;

typedef struct ray_query {
    qbase base;
    ray_mode mode;
    c2d_raycast_input in;
    c2d_real end; /* current (clipped) end */
    c2d_world_hit best;
    bool found;
    obuf out;
    c2d_world_ray_fn *fn;
    void *context;
    c2d_real clip; /* what the visitor tells the index */
} ray_query;

static bool ray_visit(qbase *qb, int32_t i) {
    ray_query *q = (ray_query *)qb;
    const wcollider *c = &qb->w->c[i];
    c2d_raycast_input in = q->in;
    c2d_world_hit wh;
    q->clip = q->end;
    if (q->mode == RAY_CALLBACK) in.max_fraction = q->end;
    if (!ray_collider(c, in, &wh.hit)) return true;
    wh.id = c2di_world_id(qb->w, i);
    wh.user_data = c->user_data;
    if (q->mode == RAY_FIRST) {
        if (!q->found || cmp_hit_time(&wh, &q->best) < 0) {
            q->best = wh;
            q->found = true;
            q->end = wh.hit.time;
            q->clip = wh.hit.time;
        }
    } else if (q->mode == RAY_ALL) {
        obuf_add(&q->out, &wh);
    } else {
        c2d_real r = q->fn(&wh, q->context);
        if (r < 0) return true;   /* skip */
        if (r == 0) return false; /* stop */
        if (r <= q->end) {
            q->end = r;
            q->clip = r;
        }
    }
    return true;
}

static c2d_real ray_index_fn(const c2d_index_ray *ray, int32_t proxy, uint64_t user_data, c2d_real fraction, void *context) {
    ray_query *q = (ray_query *)context;
    int32_t i = (int32_t)user_data;
    (void)fraction;
    if (!q_pass(&q->base, i, proxy)) return ray->max_fraction;
    if (!ray_visit(&q->base, i)) {
        q->base.stop = true;
        return -1;
    }
    return q->clip;
}

static bool ray_all_fn(int32_t proxy, uint64_t user_data, c2d_real fraction, void *context) {
    ray_query *q = (ray_query *)context;
    int32_t i = (int32_t)user_data;
    (void)fraction;
    if (!q_pass(&q->base, i, proxy)) return true;
    ray_visit(&q->base, i);
    return true;
}

static void ray_walk(ray_query *q) {
    const c2d_world *w = q->base.w;
    c2d_index *idx[2];
    uint8_t where[2];
    int n = 0, k;
    if (w->static_index && !(q->base.f.flags & C2D_QUERY_SKIP_STATIC)) {
        idx[n] = w->static_index;
        where[n++] = w->static_kind == C2D_WORLD_INDEX_STATIC_TREE ? WHERE_STATIC_TREE : WHERE_STATIC;
    }
    idx[n] = w->moving_index;
    where[n++] = WHERE_MOVING;
    for (k = 0; k < n && !q->base.stop; ++k) {
        c2d_index_ray r;
        r.origin = q->in.origin;
        r.translation = q->in.translation;
        r.max_fraction = q->end;
        q->base.where = where[k];
        if (q->mode == RAY_ALL) c2d_index_raycast_all(idx[k], r, ray_all_fn, q);
        else c2d_index_raycast(idx[k], r, ray_index_fn, q);
    }
}

static c2d_status ray_begin(ray_query *q, const c2d_world *w, c2d_raycast_input in, const c2d_query_filter *filter, ray_mode mode) {
    c2d_status s = ray_status(in);
    if (s != C2D_OK) return s;
    s = q_begin(&q->base, w, filter, ray_visit, mode == RAY_CALLBACK);
    if (s != C2D_OK) return s;
    q->mode = mode;
    q->in = in;
    q->end = in.max_fraction;
    q->found = false;
    return C2D_OK;
}

c2d_status c2d_world_raycast_first(const c2d_world *w, c2d_raycast_input ray, const c2d_query_filter *filter, c2d_world_hit *out,
                                   bool *out_found) {
    ray_query q;
    c2d_status s;
    if (out_found) *out_found = false;
    if (!w || !out_found) return C2D_ERR_NULL_ARG;
    s = ray_begin(&q, w, ray, filter, RAY_FIRST);
    if (s != C2D_OK) return s;
    ray_walk(&q);
    q_end(&q.base);
    *out_found = q.found;
    if (q.found && out) *out = q.best;
    return C2D_OK;
}

c2d_status c2d_world_raycast_all(const c2d_world *w, c2d_raycast_input ray, const c2d_query_filter *filter, c2d_world_hit *hits,
                                 int32_t capacity, int32_t *out_total) {
    ray_query q;
    c2d_status s;
    if (out_total) *out_total = 0;
    if (!w || !out_total) return C2D_ERR_NULL_ARG;
    s = check_buffer(hits, capacity);
    if (s != C2D_OK) return s;
    s = ray_begin(&q, w, ray, filter, RAY_ALL);
    if (s != C2D_OK) return s;
    obuf_init(&q.out, hits, sizeof(c2d_world_hit), capacity, cmp_hit_time);
    ray_walk(&q);
    q_end(&q.base);
    obuf_finish(&q.out);
    *out_total = q.out.total;
    return C2D_OK;
}

c2d_status c2d_world_raycast(const c2d_world *w, c2d_raycast_input ray, const c2d_query_filter *filter, c2d_world_ray_fn *fn,
                             void *context) {
    ray_query q;
    c2d_status s;
    if (!w || !fn) return C2D_ERR_NULL_ARG;
    s = ray_begin(&q, w, ray, filter, RAY_CALLBACK);
    if (s != C2D_OK) return s;
    q.fn = fn;
    q.context = context;
    ray_walk(&q);
    q_end(&q.base);
    return C2D_OK;
}

/* ---- shape casts ---- */

typedef struct cast_query {
    qbase base;
    const c2d_shape *shape;
    c2d_vec2 delta;
    bool all;
    c2d_world_cast_hit best;
    bool found;
    c2d_sweep safest; /* the sweep with the smallest safe time over every hit */
    obuf out;
} cast_query;

static bool cast_visit(qbase *qb, int32_t i) {
    cast_query *q = (cast_query *)qb;
    const wcollider *c = &qb->w->c[i];
    c2d_world_cast_hit ch;
    c2d_sweep safe;
    int32_t k;
    bool any = false;
    for (k = 0; k < c->piece_count; ++k) {
        c2d_sweep sw = c2d_shape_cast(q->shape, q->delta, wc_piece(c, k), c2d_v2(0, 0));
        if (!sw.has_hit) continue;
        if (!any || sw.hit.time < ch.sweep.hit.time) ch.sweep = sw;
        if (!any || sw.time < safe.time) safe = sw;
        any = true;
    }
    if (!any) return true;
    ch.sweep.time = safe.time;
    ch.sweep.pos = safe.pos;
    ch.id = c2di_world_id(qb->w, i);
    ch.user_data = c->user_data;
    if (q->all) {
        obuf_add(&q->out, &ch);
    } else {
        if (!q->found || cmp_cast_time(&ch, &q->best) < 0) q->best = ch;
        if (!q->found || safe.time < q->safest.time) q->safest = safe;
        q->found = true;
    }
    return true;
}

static c2d_status cast_query_run(cast_query *q, const c2d_world *w, const c2d_shape *shape, c2d_vec2 translation,
                                 const c2d_query_filter *filter) {
    c2d_status s;
    c2d_aabb a, b;
    if (!c2d_vec2_is_valid(translation)) return C2D_ERR_NOT_FINITE;
    if (!c2d_vec2_in_range(translation)) return C2D_ERR_OUT_OF_RANGE;
    s = c2d_shape_validate(shape);
    if (s != C2D_OK) return s;
    a = c2d_shape_aabb(shape);
    b = a;
    b.lower = c2d_add(b.lower, translation);
    b.upper = c2d_add(b.upper, translation);
    a = c2d_aabb_union(a, b);
    if (!c2d_vec2_in_range(a.lower) || !c2d_vec2_in_range(a.upper)) return C2D_ERR_OUT_OF_RANGE;
    s = q_begin(&q->base, w, filter, cast_visit, false);
    if (s != C2D_OK) return s;
    q->shape = shape;
    q->delta = translation;
    q->found = false;
    /* padded like the colliders' boxes, so that rounding of the moved box cannot lose a contact */
    q_walk(&q->base, c2di_world_pad(a), false);
    q_end(&q->base);
    return C2D_OK;
}

c2d_status c2d_world_cast_first(const c2d_world *w, const c2d_shape *shape, c2d_vec2 translation, const c2d_query_filter *filter,
                                c2d_world_cast_hit *out, bool *out_found) {
    cast_query q;
    c2d_status s;
    if (out_found) *out_found = false;
    if (!w || !shape || !out_found) return C2D_ERR_NULL_ARG;
    memset(&q, 0, sizeof q);
    q.all = false;
    s = cast_query_run(&q, w, shape, translation, filter);
    if (s != C2D_OK) return s;
    *out_found = q.found;
    if (q.found && out) {
        *out = q.best;
        out->sweep.time = q.safest.time;
        out->sweep.pos = q.safest.pos;
    }
    return C2D_OK;
}

c2d_status c2d_world_cast_all(const c2d_world *w, const c2d_shape *shape, c2d_vec2 translation, const c2d_query_filter *filter,
                              c2d_world_cast_hit *hits, int32_t capacity, int32_t *out_total) {
    cast_query q;
    c2d_status s;
    if (out_total) *out_total = 0;
    if (!w || !shape || !out_total) return C2D_ERR_NULL_ARG;
    s = check_buffer(hits, capacity);
    if (s != C2D_OK) return s;
    memset(&q, 0, sizeof q);
    q.all = true;
    obuf_init(&q.out, hits, sizeof(c2d_world_cast_hit), capacity, cmp_cast_time);
    s = cast_query_run(&q, w, shape, translation, filter);
    if (s != C2D_OK) return s;
    obuf_finish(&q.out);
    *out_total = q.out.total;
    return C2D_OK;
}

/* ---- nearest ---- */

typedef struct near_query {
    qbase base;
    const c2d_shape *shape;
    c2d_real max_distance;
    c2d_world_nearest_hit best;
    bool found;
} near_query;

static bool near_visit(qbase *qb, int32_t i) {
    near_query *q = (near_query *)qb;
    const wcollider *c = &qb->w->c[i];
    int32_t k;
    for (k = 0; k < c->piece_count; ++k) {
        c2d_distance_result d = c2d_shape_distance(q->shape, wc_piece(c, k));
        if (d.status == C2D_DISTANCE_INVALID_INPUT || !(d.distance <= q->max_distance)) continue;
        if (!q->found || d.distance < q->best.distance.distance ||
            (d.distance == q->best.distance.distance && i < q->best.id.index)) {
            q->best.id = c2di_world_id(qb->w, i);
            q->best.user_data = c->user_data;
            q->best.distance = d;
            q->found = true;
        }
    }
    return true;
}

c2d_status c2d_world_nearest(const c2d_world *w, const c2d_shape *shape, c2d_real max_distance, const c2d_query_filter *filter,
                             c2d_world_nearest_hit *out, bool *out_found) {
    near_query q;
    c2d_status s;
    c2d_aabb box;
    if (out_found) *out_found = false;
    if (!w || !shape || !out_found) return C2D_ERR_NULL_ARG;
    if (max_distance != max_distance) return C2D_ERR_NOT_FINITE;
    if (max_distance < 0) return C2D_ERR_BAD_SIZE;
    if (max_distance > C2D_MAX_COORD) return C2D_ERR_OUT_OF_RANGE;
    s = c2d_shape_validate(shape);
    if (s != C2D_OK) return s;
    box = c2d_shape_aabb(shape);
    box.lower = c2d_sub(box.lower, c2d_v2(max_distance, max_distance));
    box.upper = c2d_add(box.upper, c2d_v2(max_distance, max_distance));
    box = c2di_world_pad(box);
    memset(&q, 0, sizeof q);
    s = q_begin(&q.base, w, filter, near_visit, false);
    if (s != C2D_OK) return s;
    q.shape = shape;
    q.max_distance = max_distance;
    q_walk(&q.base, box, false);
    q_end(&q.base);
    *out_found = q.found;
    if (q.found && out) *out = q.best;
    return C2D_OK;
}
