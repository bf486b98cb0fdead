/* The broad-phase interface: argument checks and forwarding through each index's class table,
 * the allocator choke point, the shared proxy table and the box/ray rules. The pair list and the
 * shared pair sweep are in broadphase_pairs.c. */
#include <stdlib.h>
#include <string.h>
#include "broadphase_internal.h"

/* ---- memory ---- */

static void *c2d_default_alloc(size_t size, void *context) {
    (void)context;
    return malloc(size);
}

static void c2d_default_free(void *ptr, size_t size, void *context) {
    (void)size;
    (void)context;
    free(ptr);
}

bool c2d_bp_allocator_init(c2d_allocator *out, const c2d_index_config *config) {
    if (config == NULL || config->allocator.alloc == NULL) {
        out->alloc = c2d_default_alloc;
        out->free = c2d_default_free;
        out->context = NULL;
        return true;
    }
    if (config->allocator.free == NULL) return false;
    *out = config->allocator;
    return true;
}

void *c2d_bp_alloc(const c2d_allocator *a, size_t size) {
    return a->alloc(size == 0 ? 1 : size, a->context);
}

void c2d_bp_free(const c2d_allocator *a, void *ptr, size_t size) {
    if (ptr != NULL) a->free(ptr, size == 0 ? 1 : size, a->context);
}

void c2d_bp_run_tasks(c2d_index *index, c2d_task_fn *task, int32_t items, void *job) {
    if (index->tasks.enqueue != NULL) {
        void *handle = index->tasks.enqueue(task, items, 1, job, index->tasks.context);
        if (handle != NULL) index->tasks.finish(handle, index->tasks.context);
    } else {
        task(0, items, 0, job);
    }
}

bool c2d_bp_reserve(const c2d_allocator *a, void **items, int32_t *capacity, int32_t needed, size_t elem_size) {
    int32_t cap = *capacity;
    void *fresh;
    if (needed <= cap) return true;
    if (needed < 0) return false;
    if (*items == NULL) cap = needed > 16 ? needed : 16; /* a first block: what is asked for */
    else if (cap < 16) cap = 16;
    while (cap < needed) cap = cap > INT32_MAX / 2 ? INT32_MAX : cap * 2;
    if ((size_t)cap > SIZE_MAX / elem_size) return false;
    fresh = c2d_bp_alloc(a, (size_t)cap * elem_size);
    if (fresh == NULL) return false;
    if (*items != NULL) {
        memcpy(fresh, *items, (size_t)*capacity * elem_size);
        c2d_bp_free(a, *items, (size_t)*capacity * elem_size);
    }
    *items = fresh;
    *capacity = cap;
    return true;
}

c2d_status c2d_bp_config_status(const c2d_index_config *config) {
    if (config == NULL) return C2D_OK;
    if ((config->tasks.enqueue == NULL) != (config->tasks.finish == NULL)) return C2D_ERR_NULL_ARG;
    if (config->tasks.worker_count < 0) return C2D_ERR_BAD_SIZE;
    if (config->pair_order != C2D_PAIR_ORDER_SORTED && config->pair_order != C2D_PAIR_ORDER_SWEEP) return C2D_ERR_OUT_OF_RANGE;
    return C2D_OK;
}

void c2d_bp_base_init(c2d_index *index, const c2d_index_class *klass, const c2d_allocator *a,
                      const c2d_index_config *config) {
    memset(&index->pairs, 0, sizeof index->pairs);
    memset(&index->batch, 0, sizeof index->batch);
    memset(&index->tasks, 0, sizeof index->tasks);
    index->klass = klass;
    index->allocator = *a;
    index->pair_order = C2D_PAIR_ORDER_SORTED;
    if (config != NULL) {
        index->tasks = config->tasks;
        index->pair_order = config->pair_order;
    }
}

void c2d_bp_base_free(c2d_index *index) {
    c2d_bp_pairs *p = &index->pairs;
    c2d_bp_free(&index->allocator, p->items, (size_t)p->capacity * sizeof *p->items);
    c2d_bp_free(&index->allocator, p->keys, (size_t)p->key_capacity * sizeof *p->keys);
    c2d_bp_free(&index->allocator, p->scratch, (size_t)p->key_capacity * sizeof *p->scratch);
    c2d_bp_free(&index->allocator, p->counts, (size_t)p->count_capacity * sizeof *p->counts);
    c2d_bp_sweep_free(index);
    c2d_bp_batch_free(index);
    if (p->chunks != NULL) {
        int32_t i;
        for (i = 0; i < C2D_BP_MAX_CHUNKS; ++i)
            c2d_bp_free(&index->allocator, p->chunks[i].items, (size_t)p->chunks[i].capacity * sizeof *p->chunks[i].items);
        c2d_bp_free(&index->allocator, p->chunks, C2D_BP_MAX_CHUNKS * sizeof *p->chunks);
    }
    memset(p, 0, sizeof *p);
}

/* Runs a pair-producing class function and hands out its sorted list. */
static c2d_status c2d_bp_pairs_run(c2d_index *index, c2d_status (*produce)(c2d_index *),
                                   const c2d_index_pair **pairs, int32_t *count) {
    c2d_status s;
    index->pairs.count = 0;
    index->pairs.failed = false;
    s = produce(index);
    if (s != C2D_OK) {
        index->pairs.count = 0;
        *pairs = NULL;
        *count = 0;
        return s;
    }
    *pairs = index->pairs.items;
    *count = index->pairs.count;
    return C2D_OK;
}

/* ---- proxies ---- */

bool c2d_bp_proxies_init(c2d_bp_proxies *t, const c2d_allocator *a, int32_t capacity) {
    void *items = NULL;
    memset(t, 0, sizeof *t);
    t->free_head = -1;
    if (capacity > 0 && !c2d_bp_reserve(a, &items, &t->capacity, capacity, sizeof *t->items)) return false;
    t->items = (c2d_bp_proxy *)items;
    return true;
}

void c2d_bp_proxies_free(c2d_bp_proxies *t, const c2d_allocator *a) {
    c2d_bp_free(a, t->items, (size_t)t->capacity * sizeof *t->items);
    c2d_bp_free(a, t->moved, (size_t)t->moved_capacity * sizeof *t->moved);
    memset(t, 0, sizeof *t);
    t->free_head = -1;
}

void c2d_bp_proxies_clear(c2d_bp_proxies *t) {
    t->used = 0;
    t->live = 0;
    t->free_head = -1;
    t->moved_count = 0;
}

bool c2d_bp_proxies_mark(c2d_bp_proxies *t, const c2d_allocator *a, int32_t id) {
    c2d_bp_proxy *p = &t->items[id];
    if (p->link != 0) return true;
    if (t->moved_count == t->moved_capacity) {
        void *m = t->moved;
        if (t->moved_count == INT32_MAX ||
            !c2d_bp_reserve(a, &m, &t->moved_capacity, t->moved_count + 1, sizeof *t->moved)) return false;
        t->moved = (int32_t *)m;
    }
    t->moved[t->moved_count++] = id;
    p->link = 1;
    return true;
}

int32_t c2d_bp_proxies_add(c2d_bp_proxies *t, const c2d_allocator *a, c2d_aabb box, uint64_t user_data) {
    int32_t id;
    c2d_bp_proxy *p;
    /* Room in the moved list first, so that a failure leaves nothing half done. */
    if (t->moved_count == t->moved_capacity) {
        void *m = t->moved;
        if (t->moved_count == INT32_MAX ||
            !c2d_bp_reserve(a, &m, &t->moved_capacity, t->moved_count + 1, sizeof *t->moved)) return -1;
        t->moved = (int32_t *)m;
    }
    if (t->free_head >= 0) {
        id = t->free_head;
        t->free_head = t->items[id].link;
    } else {
        void *items = t->items;
        if (t->used == INT32_MAX || !c2d_bp_reserve(a, &items, &t->capacity, t->used + 1, sizeof *t->items)) return -1;
        t->items = (c2d_bp_proxy *)items;
        id = t->used++;
    }
    p = &t->items[id];
    p->box = box;
    p->user_data = user_data;
    p->slot = 0;
    p->link = 1;
    t->moved[t->moved_count++] = id;
    t->live++;
    return id;
}

void c2d_bp_proxies_remove(c2d_bp_proxies *t, int32_t id) {
    c2d_bp_proxy *p = &t->items[id];
    p->slot = -1;
    p->link = t->free_head;
    t->free_head = id;
    t->live--;
}

void c2d_bp_proxies_collect_moved(c2d_bp_proxies *t) {
    int32_t i, n = 0;
    /* An id removed (and maybe re-added) after being marked may appear twice or be free now: keep
     * the first entry of each live moved id, using link == 2 as "already kept". */
    for (i = 0; i < t->moved_count; ++i) {
        int32_t id = t->moved[i];
        if (!c2d_bp_proxies_live(t, id) || t->items[id].link != 1) continue;
        t->items[id].link = 2;
        t->moved[n++] = id;
    }
    t->moved_count = n;
}

void c2d_bp_proxies_keep_moved(c2d_bp_proxies *t) {
    int32_t i;
    for (i = 0; i < t->moved_count; ++i) t->items[t->moved[i]].link = 1;
}

void c2d_bp_proxies_clear_moved(c2d_bp_proxies *t) {
    int32_t i;
    for (i = 0; i < t->moved_count; ++i) t->items[t->moved[i]].link = 0;
    t->moved_count = 0;
}

/* ---- rays ---- */

void c2d_bp_ray_init(c2d_bp_ray *r, c2d_index_ray ray) {
    c2d_real ix = ray.translation.x != 0 ? (c2d_real)1 / ray.translation.x : (c2d_real)0;
    c2d_real iy = ray.translation.y != 0 ? (c2d_real)1 / ray.translation.y : (c2d_real)0;
    r->ray = ray;
    r->max_orig = ray.max_fraction;
    r->move_x = ix != 0 && C2D_ISFINITE(ix);
    r->move_y = iy != 0 && C2D_ISFINITE(iy);
    r->inv_x = r->move_x ? ix : 0;
    r->inv_y = r->move_y ? iy : 0;
}

/* ---- the exported interface ---- */

static bool c2d_bp_box_status(c2d_aabb box, c2d_status *s) {
    c2d_status st = c2d_check_vec2(box.lower);
    if (st == C2D_OK) st = c2d_check_vec2(box.upper);
    if (st == C2D_OK && !(box.lower.x <= box.upper.x && box.lower.y <= box.upper.y)) st = C2D_ERR_BAD_SIZE;
    *s = st;
    return st == C2D_OK;
}

void c2d_index_destroy(c2d_index *index) {
    if (index != NULL) index->klass->destroy(index);
}

const char *c2d_index_name(const c2d_index *index) {
    return index != NULL ? index->klass->name : "";
}

int32_t c2d_index_count(const c2d_index *index) {
    return index != NULL ? index->klass->count(index) : 0;
}

c2d_status c2d_index_insert(c2d_index *index, c2d_aabb box, uint64_t user_data, int32_t *out_id) {
    c2d_status s;
    if (index == NULL || out_id == NULL) return C2D_ERR_NULL_ARG;
    if (!c2d_bp_box_status(box, &s)) return s;
    return index->klass->insert(index, box, user_data, out_id);
}

c2d_status c2d_index_remove(c2d_index *index, int32_t id) {
    if (index == NULL) return C2D_ERR_NULL_ARG;
    return index->klass->remove(index, id);
}

c2d_status c2d_index_move(c2d_index *index, int32_t id, c2d_aabb box) {
    c2d_status s;
    c2d_aabb old;
    uint64_t user;
    if (index == NULL) return C2D_ERR_NULL_ARG;
    if (!index->klass->get(index, id, &old, &user)) return C2D_ERR_BAD_ID;
    if (!c2d_bp_box_status(box, &s)) return s;
    return index->klass->move(index, id, box);
}

c2d_status c2d_index_get(const c2d_index *index, int32_t id, c2d_aabb *box, uint64_t *user_data) {
    c2d_aabb b;
    uint64_t u;
    if (index == NULL) return C2D_ERR_NULL_ARG;
    if (!index->klass->get(index, id, &b, &u)) return C2D_ERR_BAD_ID;
    if (box != NULL) *box = b;
    if (user_data != NULL) *user_data = u;
    return C2D_OK;
}

void c2d_index_query_aabb(const c2d_index *index, c2d_aabb box, c2d_index_query_fn *fn, void *context) {
    if (index == NULL || fn == NULL) return;
    if (!(box.lower.x <= box.upper.x && box.lower.y <= box.upper.y)) return; /* also NaN */
    index->klass->query_aabb(index, box, fn, context);
}

/* A point query is the box query with a zero-size box: the overlap rule then reads
 * lower < point < upper on both axes. */
void c2d_index_query_point(const c2d_index *index, c2d_vec2 point, c2d_index_query_fn *fn, void *context) {
    c2d_aabb box;
    if (index == NULL || fn == NULL || !c2d_vec2_is_valid(point)) return;
    box.lower = point;
    box.upper = point;
    index->klass->query_aabb(index, box, fn, context);
}

static bool c2d_bp_ray_valid(c2d_index_ray ray) {
    return c2d_vec2_is_valid(ray.origin) && c2d_vec2_is_valid(ray.translation) && ray.max_fraction >= 0;
}

void c2d_index_raycast(const c2d_index *index, c2d_index_ray ray, c2d_index_raycast_fn *fn, void *context) {
    c2d_bp_ray r;
    if (index == NULL || fn == NULL || !c2d_bp_ray_valid(ray)) return;
    c2d_bp_ray_init(&r, ray);
    index->klass->raycast(index, &r, fn, context);
}

/* raycast_all rides on the clipping ray cast: its callback never clips, so every hit box is seen. */
typedef struct c2d_bp_all_context {
    c2d_index_ray_hit_fn *fn;
    void *context;
} c2d_bp_all_context;

static c2d_real c2d_bp_all_callback(const c2d_index_ray *ray, int32_t id, uint64_t user_data, c2d_real fraction,
                                    void *context) {
    const c2d_bp_all_context *all = (const c2d_bp_all_context *)context;
    return all->fn(id, user_data, fraction, all->context) ? ray->max_fraction : (c2d_real)-1;
}

void c2d_index_raycast_all(const c2d_index *index, c2d_index_ray ray, c2d_index_ray_hit_fn *fn, void *context) {
    c2d_bp_ray r;
    c2d_bp_all_context all;
    if (index == NULL || fn == NULL || !c2d_bp_ray_valid(ray)) return;
    all.fn = fn;
    all.context = context;
    c2d_bp_ray_init(&r, ray);
    index->klass->raycast(index, &r, c2d_bp_all_callback, &all);
}

c2d_status c2d_index_find_pairs(c2d_index *index, const c2d_index_pair **pairs, int32_t *count) {
    if (index == NULL || pairs == NULL || count == NULL) return C2D_ERR_NULL_ARG;
    return c2d_bp_pairs_run(index, index->klass->find_pairs, pairs, count);
}

c2d_status c2d_index_update_pairs(c2d_index *index, const c2d_index_pair **pairs, int32_t *count) {
    if (index == NULL || pairs == NULL || count == NULL) return C2D_ERR_NULL_ARG;
    return c2d_bp_pairs_run(index, index->klass->update_pairs, pairs, count);
}

c2d_status c2d_index_rebuild(c2d_index *index) {
    if (index == NULL) return C2D_ERR_NULL_ARG;
    return index->klass->rebuild(index);
}

c2d_status c2d_index_clear(c2d_index *index) {
    if (index == NULL) return C2D_ERR_NULL_ARG;
    index->klass->clear(index);
    return C2D_OK;
}

/* Boxes checked per block of c2d_bp_boxes_ok. */
#define C2D_BP_CHECK_BLOCK 256

/* True when every box passes c2d_bp_box_status: the same rule (|coordinate| <= C2D_MAX_COORD,
 * which NaN and infinities fail, and lower <= upper) folded without branches over blocks, which
 * the compiler can vectorise; the caller looks for the first failing box only when this fails. */
static bool c2d_bp_boxes_ok(const c2d_aabb *boxes, int32_t count) {
    const c2d_real m = (c2d_real)C2D_MAX_COORD;
    int32_t i, j;
    for (i = 0; i < count; i += C2D_BP_CHECK_BLOCK) {
        int32_t end = count - i < C2D_BP_CHECK_BLOCK ? count : i + C2D_BP_CHECK_BLOCK;
        unsigned ok = 1;
        for (j = i; j < end; ++j) {
            c2d_aabb b = boxes[j];
            ok &= (unsigned)(C2D_ABS(b.lower.x) <= m) & (unsigned)(C2D_ABS(b.lower.y) <= m) & (unsigned)(C2D_ABS(b.upper.x) <= m) &
                  (unsigned)(C2D_ABS(b.upper.y) <= m) & (unsigned)(b.lower.x <= b.upper.x) & (unsigned)(b.lower.y <= b.upper.y);
        }
        if (!ok) return false;
    }
    return true;
}

c2d_status c2d_index_build(c2d_index *index, const c2d_aabb *boxes, const uint64_t *user_data, int32_t count) {
    int32_t i;
    c2d_status s;
    if (index == NULL || (count > 0 && boxes == NULL)) return C2D_ERR_NULL_ARG;
    if (count < 0) return C2D_ERR_BAD_SIZE;
    if (!c2d_bp_boxes_ok(boxes, count))
        for (i = 0; i < count; ++i)
            if (!c2d_bp_box_status(boxes[i], &s)) return s;
    if (index->klass->build != NULL) return index->klass->build(index, boxes, user_data, count);
    /* The generic path: the kept memory, one insert per box (ids come out as 0, 1, ...). */
    index->klass->clear(index);
    for (i = 0; i < count; ++i) {
        int32_t id;
        s = index->klass->insert(index, boxes[i], user_data != NULL ? user_data[i] : (uint64_t)i, &id);
        if (s != C2D_OK) {
            index->klass->clear(index);
            return s;
        }
    }
    return C2D_OK;
}

bool c2d_index_validate(const c2d_index *index) {
    return index != NULL && index->klass->validate(index);
}
