/* Sort and sweep (sweep and prune) along one axis.
 *
 * The persistent structure is one array of the proxies' boxes kept sorted by their lower side on
 * the sweep axis (the idea of Baraff's and Cohen et al.'s sweep and prune, here on box minima only
 * as in Terdiman's "box pruning"). Records hold (min, max) on the sweep axis and (min, max) on the
 * other one, 16 bytes in float, so sweeps stream through memory. A small move shifts its record
 * to its new place (insertion sort: frame-to-frame coherence keeps this short); inserts and long
 * moves go to an unsorted pending tail, and removals leave dead records in place. The pair
 * functions and, when the tail or the dead grow large, insert and move merge the tail back in:
 * the broad phase's radix sort (radix.c) of its keys (the coordinates mapped to order-preserving
 * unsigned integers) and one merge pass. A "reach" bound (every live width, rounded up) lets box queries, ray casts
 * and per-frame pairs walk backwards from a binary-searched position and stop early.
 *
 * One-shot pairs first pick the axis whose box centers have the larger variance (a crowded axis,
 * such as every box on one vertical line, would make every record overlap every other along it)
 * and re-sort when it changes. A sweep along one axis alone still meets about sqrt(n) records per
 * box for uniformly spread boxes, so the sorted records go to the shared strip sweep
 * (broadphase_pairs.c), which cuts them into strips across the other axis and needs no sort along
 * this one. A bulk build prepares that sweep in its own passes (their out-of-order gather split
 * over the user's task system when it has one), and the prepared sweep is kept
 * until something changes, so find_pairs after a build (or again) only runs it. Per-frame pairs walk forwards and (by the reach bound) backwards from each moved
 * record, four records at a time with SSE2; when those walks grow longer than a few passes over
 * the array (many moves, or one very wide box) they are abandoned for the strip sweep keeping only
 * pairs with a moved record, so a frame never costs much more than a one-shot search.
 *
 * Every test on a candidate is the exact overlap or ray rule on the users' boxes (the records are
 * copies of them), so results never depend on the strips, keys or bounds, only the work does. */
#include <string.h>
#include "broadphase_internal.h"

/* SSE2 walks on x86 with GCC or Clang (C2D_NO_SIMD builds the portable path instead). */
#if defined(__SSE2__) && (defined(__GNUC__) || defined(__clang__)) && !defined(C2D_NO_SIMD)
#  define SP_SSE2 1
#  include <xmmintrin.h>
#else
#  define SP_SSE2 0
#endif

/* A move that would shift its record further than SP_SHIFT_LIMIT + count / 1024 positions goes to
 * the pending tail instead. */
#define SP_SHIFT_LIMIT 64
/* Per-frame pairs switch from walks to the strip sweep after this many records tested per record
 * in the array (a record tested in a walk costs about a thirtieth of one in the sweep). */
#ifndef SP_WALK_FACTOR
#  define SP_WALK_FACTOR 32
#endif
/* The pending tail is merged in once it holds more than SP_PENDING_MIN records and more than
 * 1/SP_PENDING_SHARE of the sorted part. A merge moves the whole array, so a run of n inserts into
 * an empty index moves about n (1 + SP_PENDING_SHARE) records in all, while a query scans at most
 * count / (SP_PENDING_SHARE + 1) pending records. */
#define SP_PENDING_MIN 64
/* A bulk build reads the boxes in sorted order, so out of order; it asks for the box this many
 * records ahead (a million boxes no longer fit in cache, and the loop's work per record hides
 * fewer misses than a bare copy would). */
#define SP_PREFETCH 16
#define SP_PENDING_SHARE 2

/* A box seen along the sweep axis (a) and the other axis (b). */
typedef struct sp_rec {
    c2d_real amin, amax, bmin, bmax;
} sp_rec;

typedef struct c2d_sweep_prune {
    c2d_index base;
    c2d_bp_proxies proxies; /* slot: the record's position */
    sp_rec *recs;           /* by position: [0, sorted) sorted by amin, [sorted, count) pending */
    int32_t *ids;           /* by position; -1: dead record (kept for the order) */
    int32_t rec_capacity, id_capacity;
    int32_t count, sorted, dead;
    int axis;       /* sweep axis: 0 x, 1 y */
    c2d_real reach; /* fl(amin + reach) >= amax for every live record in [0, sorted) */
    /* Unchanged since a bulk build or a one-shot pair search, which chose the axis and left every
     * record sorted; the sweep either prepared (the base's) serves find_pairs while it is kept. */
    bool settled;
    /* scratch of merges and sorts, held only while one runs */
    sp_rec *recs2;
    int32_t *ids2;
    int32_t rec2_capacity, id2_capacity;
    int32_t reserved; /* config.capacity (16 by default): a merge's second buffer has at least this room */
    c2d_radix_item *items, *items2;
    int32_t item_capacity, item2_capacity;
    uint32_t *part_counts; /* a threaded bulk build's per part and strip counters (kept) */
    int32_t part_count_capacity;
} c2d_sweep_prune;

static c2d_sweep_prune *sp_cast(c2d_index *index) { return (c2d_sweep_prune *)index; }
static const c2d_sweep_prune *sp_ccast(const c2d_index *index) { return (const c2d_sweep_prune *)index; }

/* ---- records and keys ---- */

static sp_rec sp_rec_of(c2d_aabb b, int axis) {
    sp_rec r;
    if (axis == 0) {
        r.amin = b.lower.x;
        r.amax = b.upper.x;
        r.bmin = b.lower.y;
        r.bmax = b.upper.y;
    } else {
        r.amin = b.lower.y;
        r.amax = b.upper.y;
        r.bmin = b.lower.x;
        r.bmax = b.upper.x;
    }
    return r;
}

static c2d_aabb sp_box_of(const sp_rec *r, int axis) {
    c2d_aabb b;
    if (axis == 0) {
        b.lower.x = r->amin;
        b.upper.x = r->amax;
        b.lower.y = r->bmin;
        b.upper.y = r->bmax;
    } else {
        b.lower.y = r->amin;
        b.upper.y = r->amax;
        b.lower.x = r->bmin;
        b.upper.x = r->bmax;
    }
    return b;
}

/* The overlap rule of broadphase.h on two records of the same axis order. */
static bool sp_overlap(const sp_rec *p, const sp_rec *q) {
    return p->amin < q->amax && q->amin < p->amax && p->bmin < q->bmax && q->bmin < p->bmax;
}

/* An upper bound W of the record's width such that fl(amin + W) >= amax: the rounded width can
 * fall short of the true one by half an ulp, the factor 1 + 4 eps more than makes up for it, and
 * rounding is monotone, so fl(amin + W) >= fl(amin + true width) = amax. */
static c2d_real sp_reach_of(const sp_rec *r) {
    return (r->amax - r->amin) * ((c2d_real)1 + 4 * C2D_EPSILON);
}

/* ---- storage ---- */

static bool sp_reserve(c2d_sweep_prune *s, void **p, int32_t *cap, int32_t needed, size_t size) {
    return c2d_bp_reserve(&s->base.allocator, p, cap, needed, size);
}

/* Room for n records at the end of the array. */
static bool sp_reserve_tail(c2d_sweep_prune *s, int32_t n) {
    void *r = s->recs, *d = s->ids;
    bool ok;
    if (s->count > INT32_MAX - n) return false;
    ok = sp_reserve(s, &r, &s->rec_capacity, s->count + n, sizeof *s->recs);
    s->recs = (sp_rec *)r;
    ok = ok && sp_reserve(s, &d, &s->id_capacity, s->count + n, sizeof *s->ids);
    s->ids = (int32_t *)d;
    return ok;
}

/* Room for n records in the second buffer and n sort items in each item buffer. The second
 * buffer becomes the main one (sp_swap_buffers), so it gets at least the room config.capacity
 * asked for: inserts up to it then do not grow the array again by halves (at 100k boxes, 1.73
 * records of room a box otherwise). Not more: a merge every frame (any insert or long move) would
 * otherwise allocate and free the whole grown array each time. */
static bool sp_reserve_scratch(c2d_sweep_prune *s, int32_t n) {
    void *r = s->recs2, *d = s->ids2, *i1 = s->items, *i2 = s->items2;
    int32_t room = n > s->reserved ? n : s->reserved;
    bool ok = sp_reserve(s, &r, &s->rec2_capacity, room, sizeof *s->recs2);
    s->recs2 = (sp_rec *)r;
    ok = ok && sp_reserve(s, &d, &s->id2_capacity, room, sizeof *s->ids2);
    s->ids2 = (int32_t *)d;
    ok = ok && sp_reserve(s, &i1, &s->item_capacity, n, sizeof *s->items);
    s->items = (c2d_radix_item *)i1;
    ok = ok && sp_reserve(s, &i2, &s->item2_capacity, n, sizeof *s->items2);
    s->items2 = (c2d_radix_item *)i2;
    return ok;
}

/* Frees the scratch of a merge or sort (the index keeps no memory it does not use). */
static void sp_free_scratch(c2d_sweep_prune *s) {
    const c2d_allocator *a = &s->base.allocator;
    c2d_bp_free(a, s->recs2, (size_t)s->rec2_capacity * sizeof *s->recs2);
    c2d_bp_free(a, s->ids2, (size_t)s->id2_capacity * sizeof *s->ids2);
    c2d_bp_free(a, s->items, (size_t)s->item_capacity * sizeof *s->items);
    c2d_bp_free(a, s->items2, (size_t)s->item2_capacity * sizeof *s->items2);
    s->recs2 = NULL;
    s->ids2 = NULL;
    s->items = s->items2 = NULL;
    s->rec2_capacity = s->id2_capacity = s->item_capacity = s->item2_capacity = 0;
}

/* Makes the second buffer the main one (after a merge or sort wrote n sorted records there). */
static void sp_swap_buffers(c2d_sweep_prune *s, int32_t n) {
    sp_rec *r = s->recs;
    int32_t *d = s->ids, c;
    int32_t i;
    s->recs = s->recs2;
    s->recs2 = r;
    s->ids = s->ids2;
    s->ids2 = d;
    c = s->rec_capacity;
    s->rec_capacity = s->rec2_capacity;
    s->rec2_capacity = c;
    c = s->id_capacity;
    s->id_capacity = s->id2_capacity;
    s->id2_capacity = c;
    s->count = s->sorted = n;
    s->dead = 0;
    s->reach = 0;
    for (i = 0; i < n; ++i) {
        c2d_real w = sp_reach_of(&s->recs[i]);
        if (w > s->reach) s->reach = w;
        s->proxies.items[s->ids[i]].slot = i;
    }
}

/* Drops the dead records in place (no allocation), keeping the sorted part sorted. */
static void sp_compact(c2d_sweep_prune *s) {
    int32_t p, out = 0, sorted = -1;
    for (p = 0; p < s->count; ++p) {
        if (p == s->sorted) sorted = out;
        if (s->ids[p] < 0) continue;
        s->recs[out] = s->recs[p];
        s->ids[out] = s->ids[p];
        s->proxies.items[s->ids[out]].slot = out;
        ++out;
    }
    s->sorted = sorted < 0 ? out : sorted;
    s->count = out;
    s->dead = 0;
}

/* Brings every live record into the sorted part: the pending tail is radix-sorted and merged with
 * the sorted part, dead records are dropped. False (nothing changed) when out of memory. */
static bool sp_consolidate(c2d_sweep_prune *s) {
    int32_t p, np = 0, i, j, out = 0, live = s->count - s->dead;
    c2d_radix_item *sorted_items;
    if (s->sorted == s->count) {
        if (s->dead > 0) sp_compact(s);
        return true;
    }
    if (!sp_reserve_scratch(s, s->count)) {
        sp_free_scratch(s);
        return false;
    }
    for (p = s->sorted; p < s->count; ++p) {
        if (s->ids[p] < 0) continue;
        s->items[np].key = c2d_radix_key_of(s->recs[p].amin);
        s->items[np].value = (uint32_t)p;
        ++np;
    }
    sorted_items = c2d_radix_sort_keys(s->items, s->items2, np);
    i = 0;
    j = 0;
    while (out < live) {
        int32_t src;
        while (i < s->sorted && s->ids[i] < 0) ++i;
        if (j >= np || (i < s->sorted && s->recs[i].amin <= s->recs[(int32_t)sorted_items[j].value].amin)) src = i++;
        else src = (int32_t)sorted_items[j++].value;
        s->recs2[out] = s->recs[src];
        s->ids2[out] = s->ids[src];
        ++out;
    }
    sp_swap_buffers(s, live);
    sp_free_scratch(s);
    return true;
}

/* Sorts every live record along the other axis (radix sort of all keys; the records hold both
 * axes, so they are read in place). False (nothing changed) when out of memory. */
static bool sp_sort_all(c2d_sweep_prune *s) {
    int32_t p, n = 0;
    c2d_radix_item *sorted_items;
    if (!sp_reserve_scratch(s, s->count)) {
        sp_free_scratch(s);
        return false;
    }
    for (p = 0; p < s->count; ++p) {
        if (s->ids[p] < 0) continue;
        s->items[n].key = c2d_radix_key_of(s->recs[p].bmin);
        s->items[n].value = (uint32_t)p;
        ++n;
    }
    sorted_items = c2d_radix_sort_keys(s->items, s->items2, n);
    for (p = 0; p < n; ++p) {
        const sp_rec *r = &s->recs[sorted_items[p].value];
        sp_rec *o = &s->recs2[p];
        o->amin = r->bmin;
        o->amax = r->bmax;
        o->bmin = r->amin;
        o->bmax = r->amax;
        s->ids2[p] = s->ids[sorted_items[p].value];
    }
    s->axis = 1 - s->axis;
    sp_swap_buffers(s, n);
    sp_free_scratch(s);
    return true;
}

/* Merges the pending tail early when it, or the dead records, have grown large. Allocation
 * failure only postpones it. */
static void sp_tidy(c2d_sweep_prune *s) {
    int32_t pending = s->count - s->sorted;
    if (pending > SP_PENDING_MIN && pending > s->sorted / SP_PENDING_SHARE) (void)sp_consolidate(s);
    else if (s->dead > SP_PENDING_MIN && s->dead > s->count / 2) sp_compact(s);
}

/* First position in [0, sorted) whose amin is >= v (strict: > v), by binary search. */
static int32_t sp_lower_bound(const c2d_sweep_prune *s, c2d_real v, bool strict) {
    int32_t lo = 0, hi = s->sorted;
    while (lo < hi) {
        int32_t mid = lo + (hi - lo) / 2;
        bool before = strict ? s->recs[mid].amin <= v : s->recs[mid].amin < v;
        if (before) lo = mid + 1;
        else hi = mid;
    }
    return lo;
}

/* ---- class functions ---- */

static void sp_destroy(c2d_index *index) {
    c2d_sweep_prune *s = sp_cast(index);
    c2d_allocator a = index->allocator;
    c2d_bp_proxies_free(&s->proxies, &a);
    c2d_bp_free(&a, s->recs, (size_t)s->rec_capacity * sizeof *s->recs);
    c2d_bp_free(&a, s->ids, (size_t)s->id_capacity * sizeof *s->ids);
    c2d_bp_free(&a, s->recs2, (size_t)s->rec2_capacity * sizeof *s->recs2);
    c2d_bp_free(&a, s->ids2, (size_t)s->id2_capacity * sizeof *s->ids2);
    c2d_bp_free(&a, s->items, (size_t)s->item_capacity * sizeof *s->items);
    c2d_bp_free(&a, s->items2, (size_t)s->item2_capacity * sizeof *s->items2);
    c2d_bp_free(&a, s->part_counts, (size_t)s->part_count_capacity * sizeof *s->part_counts);
    c2d_bp_base_free(index);
    c2d_bp_free(&a, s, sizeof *s);
}

static int32_t sp_count(const c2d_index *index) { return sp_ccast(index)->proxies.live; }

/* Forgets every record and proxy; the arrays stay. */
static void sp_clear(c2d_index *index) {
    c2d_sweep_prune *s = sp_cast(index);
    c2d_bp_proxies_clear(&s->proxies);
    s->count = s->sorted = s->dead = 0;
    s->reach = 0;
    s->settled = false;
}

/* Sorted positions from which a bulk build splits its gather over the task system. */
#define SP_BUILD_THREAD_MIN 4096

/* A bulk build split over the task system: each part takes an equal range of sorted positions
 * (and the same range of ids) and writes only its own ranges and its own counters, so the
 * records, the sweep's strips and the proxies come out as the serial loop writes them. */
typedef struct sp_build_job {
    c2d_sweep_prune *s;
    const c2d_aabb *boxes;
    const uint64_t *user_data;
    const c2d_radix_item *sorted;
    int32_t *rank;
    c2d_bp_srec *srecs;
    const c2d_bp_sweep_layout *l;
    uint32_t *counts; /* part j's counter of strip k at j * strips + k */
    c2d_real reach[C2D_BP_MAX_CHUNKS];
    int32_t n, parts, strips;
    int axis, phase;
} sp_build_job;

/* Phase 0: the records of the part's sorted positions (boxes read out of order), each id's
 * position, the part's reach and its records per strip. Phase 1 (the counters now the part's
 * first position in each strip): the part's records placed in their strips, and the proxies of
 * the part's ids. */
static void sp_build_task(int32_t start, int32_t end, int32_t worker, void *context) {
    sp_build_job *job = (sp_build_job *)context;
    c2d_sweep_prune *s = job->s;
    const c2d_bp_sweep_layout *l = job->l;
    int32_t j, i;
    (void)worker;
    for (j = start; j < end; ++j) {
        int32_t i0 = (int32_t)((int64_t)job->n * j / job->parts), i1 = (int32_t)((int64_t)job->n * (j + 1) / job->parts);
        uint32_t *counts = job->counts + (size_t)j * (size_t)job->strips;
        if (job->phase == 0) {
            c2d_real reach = 0;
            for (i = i0; i < i1; ++i) {
                int32_t id = (int32_t)job->sorted[i].value;
                c2d_real w;
                sp_rec r;
#if defined(__GNUC__) || defined(__clang__)
                if (i + SP_PREFETCH < i1) __builtin_prefetch(&job->boxes[job->sorted[i + SP_PREFETCH].value]);
#endif
                r = sp_rec_of(job->boxes[id], job->axis);
                s->recs[i] = r;
                s->ids[i] = id;
                job->rank[id] = i;
                w = sp_reach_of(&r);
                reach = w > reach ? w : reach;
                counts[c2d_bp_sweep_strip(l, r.bmin)]++;
            }
            job->reach[j] = reach;
        } else {
            for (i = i0; i < i1; ++i) {
                const sp_rec *r = &s->recs[i];
                int32_t st = c2d_bp_sweep_strip(l, r->bmin);
                c2d_bp_srec *o = &job->srecs[counts[st]++];
                c2d_bp_proxy *p = &s->proxies.items[i];
                o->key = c2d_bp_sweep_key(l, st, r->amin);
                o->idm = (uint32_t)s->ids[i];
                o->a0 = r->amin;
                o->a1 = r->amax;
                o->b0 = r->bmin;
                o->b1 = r->bmax;
                p->box = job->boxes[i];
                p->user_data = job->user_data != NULL ? job->user_data[i] : (uint64_t)i;
                p->slot = job->rank[i];
                p->link = 1;
                s->proxies.moved[i] = i;
            }
        }
    }
}

/* Runs a phase of the job over the user's task system (or its parts one after the other on this
 * thread when there is none). */
static void sp_build_phase(c2d_index *index, sp_build_job *job, int phase) {
    job->phase = phase;
    c2d_bp_run_tasks(index, sp_build_task, job->parts, job);
}

/* The gather of a bulk build in parts over the task system; start holds each strip's first
 * position (start[strips] = n) and is left so. False (nothing done) when the counters cannot be
 * had; the serial loop then does the work. */
static bool sp_build_threaded(c2d_sweep_prune *s, const c2d_aabb *boxes, const uint64_t *user_data,
                              const c2d_radix_item *sorted, int32_t *rank, c2d_bp_srec *srecs, const c2d_bp_sweep_layout *l,
                              const uint32_t *start, int32_t n, int axis, c2d_real *reach) {
    c2d_index *index = &s->base;
    sp_build_job job;
    void *counts = s->part_counts;
    int32_t parts = index->tasks.worker_count, j, k;
    if (parts > C2D_BP_MAX_CHUNKS) parts = C2D_BP_MAX_CHUNKS;
    if ((int64_t)parts * l->strips > INT32_MAX ||
        !c2d_bp_reserve(&index->allocator, &counts, &s->part_count_capacity, parts * l->strips, sizeof *s->part_counts))
        return false;
    s->part_counts = (uint32_t *)counts;
    memset(s->part_counts, 0, (size_t)parts * (size_t)l->strips * sizeof *s->part_counts);
    job.s = s;
    job.boxes = boxes;
    job.user_data = user_data;
    job.sorted = sorted;
    job.rank = rank;
    job.srecs = srecs;
    job.l = l;
    job.counts = s->part_counts;
    job.n = n;
    job.parts = parts;
    job.strips = l->strips;
    job.axis = axis;
    sp_build_phase(index, &job, 0);
    /* Each part's first position in each strip: the strip's start, then the parts before it. */
    for (k = 0; k < l->strips; ++k) {
        uint32_t at = start[k];
        for (j = 0; j < parts; ++j) {
            uint32_t *c = &job.counts[(size_t)j * (size_t)l->strips + (size_t)k], m = *c;
            *c = at;
            at += m;
        }
    }
    sp_build_phase(index, &job, 1);
    for (j = 0; j < parts; ++j) *reach = job.reach[j] > *reach ? job.reach[j] : *reach;
    return true;
}

/* Bulk build: the axis where the box centers spread more (kept unless the other one's variance is
 * larger by a quarter, as sp_prepare_axis decides), one radix sort of the lower sides along it in
 * the base's kept key buffers, and the records written in that order: no insert, no merge, and no
 * allocation once the arrays are large enough. The same passes prepare the one-shot pair sweep
 * (its layout, strips and arrays), so that find_pairs after a build only runs it. */
static c2d_status sp_build(c2d_index *index, const c2d_aabb *boxes, const uint64_t *user_data, int32_t n) {
    c2d_sweep_prune *s = sp_cast(index);
    c2d_bp_proxies *t = &s->proxies;
    void *items = t->items, *moved = t->moved;
    c2d_radix_item *keys, *sorted;
    c2d_bp_srec *srecs = NULL;
    c2d_bp_sweep_stats stats[2];
    c2d_bp_sweep_layout l;
    uint32_t *start = NULL;
    int32_t *rank;
    c2d_real sum[2] = {0, 0}, sq[2] = {0, 0}, inv_n, reach = 0;
    int32_t i, key_words, n_serial;
    bool threaded = false;
    int axis = s->axis;
    sp_clear(index);
    if (n == 0) return C2D_OK;
    key_words = (int32_t)(((size_t)n * sizeof(c2d_radix_item) + 7) / 8);
    if ((size_t)n * sizeof(c2d_radix_item) / 8 > (size_t)INT32_MAX - 1 || !sp_reserve_tail(s, n) ||
        !c2d_bp_reserve(&index->allocator, &items, &t->capacity, n, sizeof *t->items)) return C2D_ERR_OUT_OF_MEMORY;
    t->items = (c2d_bp_proxy *)items;
    if (!c2d_bp_reserve(&index->allocator, &moved, &t->moved_capacity, n, sizeof *t->moved)) return C2D_ERR_OUT_OF_MEMORY;
    t->moved = (int32_t *)moved; /* kept before the next reserve can fail: the capacity is already the new one's */
    if (!c2d_bp_reserve_keys(index, key_words)) return C2D_ERR_OUT_OF_MEMORY;
    /* Variance of the centers per axis, relative to the first box's, scaled by 1/n as summed, and
     * the spread the pair sweep's layout needs, for either axis as the sweep axis: per axis k (0 x,
     * 1 y) the bounds of the lower sides, the largest upper side, the mean and largest size (the
     * sums of c2d_bp_sweep_stats_add, each kept once for both layouts). */
    inv_n = (c2d_real)1 / (c2d_real)n;
    {
        c2d_real lo_min[2], lo_max[2], up_max[2], size_sum[2] = {0, 0}, size_max[2] = {0, 0};
        const c2d_real rx = boxes[0].lower.x, ry = boxes[0].lower.y;
        lo_min[0] = lo_max[0] = rx;
        lo_min[1] = lo_max[1] = ry;
        up_max[0] = boxes[0].upper.x;
        up_max[1] = boxes[0].upper.y;
        for (i = 0; i < n; ++i) {
            c2d_aabb b = boxes[i];
            c2d_real dx = (b.lower.x - rx) + (b.upper.x - rx), dy = (b.lower.y - ry) + (b.upper.y - ry);
            c2d_real wx = b.upper.x - b.lower.x, wy = b.upper.y - b.lower.y;
            sum[0] += dx * inv_n;
            sq[0] += dx * dx * inv_n;
            sum[1] += dy * inv_n;
            sq[1] += dy * dy * inv_n;
            lo_min[0] = b.lower.x < lo_min[0] ? b.lower.x : lo_min[0];
            lo_min[1] = b.lower.y < lo_min[1] ? b.lower.y : lo_min[1];
            lo_max[0] = b.lower.x > lo_max[0] ? b.lower.x : lo_max[0];
            lo_max[1] = b.lower.y > lo_max[1] ? b.lower.y : lo_max[1];
            up_max[0] = b.upper.x > up_max[0] ? b.upper.x : up_max[0];
            up_max[1] = b.upper.y > up_max[1] ? b.upper.y : up_max[1];
            size_max[0] = wx > size_max[0] ? wx : size_max[0];
            size_max[1] = wy > size_max[1] ? wy : size_max[1];
            size_sum[0] += wx * inv_n;
            size_sum[1] += wy * inv_n;
        }
        for (i = 0; i < 2; ++i) {
            stats[i].a_lo = lo_min[i];
            stats[i].a_hi = up_max[i];
            stats[i].b_lo = lo_min[1 - i];
            stats[i].b_hi = lo_max[1 - i];
            stats[i].w = size_sum[i];
            stats[i].h = size_sum[1 - i];
            stats[i].max_h = size_max[1 - i];
        }
    }
    {
        c2d_real var_this = sq[axis] - sum[axis] * sum[axis], var_other = sq[1 - axis] - sum[1 - axis] * sum[1 - axis];
        if (n >= 2 && var_other > var_this * (c2d_real)1.25) axis = 1 - axis;
    }
    s->axis = axis;
    /* The pair sweep is prepared here (out of memory only leaves it to find_pairs): its records
     * are counted by strip as the keys are made and placed in their strips as the sorted records
     * are written; within a strip they come in order of their lower sides, so of their buckets. */
    if (n >= 2) {
        srecs = c2d_bp_sweep_reserve(index, n);
        if (srecs != NULL) {
            c2d_bp_sweep_layout_init(&l, &stats[axis], n);
            start = c2d_bp_sweep_strips(index, l.strips);
        }
    }
    keys = (c2d_radix_item *)(void *)index->pairs.keys;
    for (i = 0; i < n; ++i) {
        keys[i].key = c2d_radix_key_of(axis == 0 ? boxes[i].lower.x : boxes[i].lower.y);
        keys[i].value = (uint32_t)i;
        if (start != NULL) start[c2d_bp_sweep_strip(&l, axis == 0 ? boxes[i].lower.y : boxes[i].lower.x) + 1]++;
    }
    if (start != NULL) {
        uint32_t total = 0, c;
        int32_t k;
        for (k = 0; k <= l.strips; ++k) {
            c = start[k];
            total += c;
            start[k] = total;
        }
    }
    sorted = c2d_radix_sort_keys(keys, (c2d_radix_item *)(void *)index->pairs.scratch, n);
    /* The records in sorted order (reading the boxes out of order), each id's position in the
     * buffer the sort no longer needs, then the proxies in id order: one scattered pass instead of
     * scattered writes of whole proxies. */
    rank = (int32_t *)(void *)(sorted == keys ? index->pairs.scratch : index->pairs.keys);
    n_serial = n;
    if (start != NULL && index->tasks.worker_count > 1 && n >= SP_BUILD_THREAD_MIN &&
        sp_build_threaded(s, boxes, user_data, sorted, rank, srecs, &l, start, n, axis, &reach)) {
        threaded = true;
        n_serial = 0;
    }
    for (i = 0; i < n_serial; ++i) {
        int32_t id = (int32_t)sorted[i].value;
        c2d_real w;
        sp_rec r;
#if defined(__GNUC__) || defined(__clang__)
        if (i + SP_PREFETCH < n) __builtin_prefetch(&boxes[sorted[i + SP_PREFETCH].value]);
#endif
        r = sp_rec_of(boxes[id], axis);
        s->recs[i] = r;
        s->ids[i] = id;
        rank[id] = i;
        w = sp_reach_of(&r);
        reach = w > reach ? w : reach;
        if (start != NULL) {
            int32_t st = c2d_bp_sweep_strip(&l, r.bmin);
            c2d_bp_srec *o = &srecs[start[st]++];
            o->key = c2d_bp_sweep_key(&l, st, r.amin);
            o->idm = (uint32_t)id;
            o->a0 = r.amin;
            o->a1 = r.amax;
            o->b0 = r.bmin;
            o->b1 = r.bmax;
        }
    }
    for (i = 0; i < n_serial; ++i) {
        c2d_bp_proxy *p = &t->items[i];
        p->box = boxes[i];
        p->user_data = user_data != NULL ? user_data[i] : (uint64_t)i;
        p->slot = rank[i];
        p->link = 1;
        t->moved[i] = i;
    }
    s->reach = reach;
    s->settled = true;
    s->count = s->sorted = n;
    t->used = t->live = t->moved_count = n;
    if (start != NULL) {
        /* The serial loop advanced start[k] to strip k's end, which is strip k + 1's start (the
         * threaded parts left it alone). */
        int32_t k;
        if (!threaded) {
            for (k = l.strips; k > 0; --k) start[k] = start[k - 1];
            start[0] = 0;
        }
        (void)c2d_bp_sweep_prepare_strips(index, n, C2D_SWEEP_PRESORTED, &l);
    }
    return C2D_OK;
}

static c2d_status sp_insert(c2d_index *index, c2d_aabb box, uint64_t user_data, int32_t *out_id) {
    c2d_sweep_prune *s = sp_cast(index);
    int32_t id;
    s->settled = false;
    sp_tidy(s);
    if (!sp_reserve_tail(s, 1)) return C2D_ERR_OUT_OF_MEMORY;
    id = c2d_bp_proxies_add(&s->proxies, &index->allocator, box, user_data);
    if (id < 0) return C2D_ERR_OUT_OF_MEMORY;
    s->recs[s->count] = sp_rec_of(box, s->axis);
    s->ids[s->count] = id;
    s->proxies.items[id].slot = s->count++;
    *out_id = id;
    return C2D_OK;
}

static c2d_status sp_remove(c2d_index *index, int32_t id) {
    c2d_sweep_prune *s = sp_cast(index);
    if (!c2d_bp_proxies_live(&s->proxies, id)) return C2D_ERR_BAD_ID;
    s->settled = false;
    s->ids[s->proxies.items[id].slot] = -1;
    s->dead++;
    c2d_bp_proxies_remove(&s->proxies, id);
    if (s->dead > SP_PENDING_MIN && s->dead > s->count / 2) sp_compact(s);
    return C2D_OK;
}

/* A record in the pending tail is rewritten in place. A sorted one is shifted to its new place
 * when that is at most SP_SHIFT_LIMIT + count / 1024 positions away (one step of insertion sort); otherwise it
 * dies where it is and a fresh copy joins the pending tail. Room is made before anything changes. */
static c2d_status sp_move(c2d_index *index, int32_t id, c2d_aabb box) {
    c2d_sweep_prune *s = sp_cast(index);
    sp_rec r = sp_rec_of(box, s->axis);
    int32_t p, k, steps = 0, limit;
    s->settled = false;
    sp_tidy(s);
    limit = SP_SHIFT_LIMIT + s->count / 1024;
    p = s->proxies.items[id].slot;
    if (p >= s->sorted) {
        if (!c2d_bp_proxies_mark(&s->proxies, &index->allocator, id)) return C2D_ERR_OUT_OF_MEMORY;
        s->recs[p] = r;
        s->proxies.items[id].box = box;
        return C2D_OK;
    }
    /* How far would the record travel? */
    k = p;
    if (r.amin < s->recs[p].amin) {
        while (k > 0 && s->recs[k - 1].amin > r.amin && steps <= limit) {
            --k;
            ++steps;
        }
    } else {
        while (k + 1 < s->sorted && s->recs[k + 1].amin < r.amin && steps <= limit) {
            ++k;
            ++steps;
        }
    }
    if (steps > limit) {
        if (!sp_reserve_tail(s, 1)) return C2D_ERR_OUT_OF_MEMORY;
        if (!c2d_bp_proxies_mark(&s->proxies, &index->allocator, id)) return C2D_ERR_OUT_OF_MEMORY;
        s->ids[p] = -1;
        s->dead++;
        s->recs[s->count] = r;
        s->ids[s->count] = id;
        s->proxies.items[id].slot = s->count++;
        s->proxies.items[id].box = box;
        return C2D_OK;
    }
    if (!c2d_bp_proxies_mark(&s->proxies, &index->allocator, id)) return C2D_ERR_OUT_OF_MEMORY;
    for (; p > k; --p) {
        s->recs[p] = s->recs[p - 1];
        s->ids[p] = s->ids[p - 1];
        if (s->ids[p] >= 0) s->proxies.items[s->ids[p]].slot = p;
    }
    for (; p < k; ++p) {
        s->recs[p] = s->recs[p + 1];
        s->ids[p] = s->ids[p + 1];
        if (s->ids[p] >= 0) s->proxies.items[s->ids[p]].slot = p;
    }
    s->recs[k] = r;
    s->ids[k] = id;
    s->proxies.items[id].slot = k;
    s->proxies.items[id].box = box;
    {
        c2d_real w = sp_reach_of(&r);
        if (w > s->reach) s->reach = w;
    }
    return C2D_OK;
}

static bool sp_get(const c2d_index *index, int32_t id, c2d_aabb *box, uint64_t *user_data) {
    const c2d_sweep_prune *s = sp_ccast(index);
    if (!c2d_bp_proxies_live(&s->proxies, id)) return false;
    *box = s->proxies.items[id].box;
    *user_data = s->proxies.items[id].user_data;
    return true;
}

/* Box query: the sorted records with amin below the query's amax, walked backwards until the
 * reach bound shows that no earlier record can reach the query's amin; then the pending tail. */
static void sp_query_aabb(const c2d_index *index, c2d_aabb box, c2d_index_query_fn *fn, void *context) {
    const c2d_sweep_prune *s = sp_ccast(index);
    sp_rec q = sp_rec_of(box, s->axis);
    int32_t p;
    for (p = sp_lower_bound(s, q.amax, false) - 1; p >= 0; --p) {
        const sp_rec *r = &s->recs[p];
        int32_t id = s->ids[p];
        if (r->amin + s->reach <= q.amin) break;
        if (id >= 0 && sp_overlap(r, &q) && !fn(id, s->proxies.items[id].user_data, context)) return;
    }
    for (p = s->sorted; p < s->count; ++p) {
        int32_t id = s->ids[p];
        if (id >= 0 && sp_overlap(&s->recs[p], &q) && !fn(id, s->proxies.items[id].user_data, context)) return;
    }
}

/* Tests one record against the ray and reports a hit; false when the callback asked to stop. */
static bool sp_ray_record(const c2d_sweep_prune *s, c2d_bp_ray *ray, int32_t p, c2d_index_raycast_fn *fn,
                          void *context) {
    int32_t id = s->ids[p];
    c2d_real f;
    if (id < 0 || !c2d_bp_ray_box(ray, sp_box_of(&s->recs[p], s->axis), &f)) return true;
    return c2d_bp_ray_report(ray, fn, id, s->proxies.items[id].user_data, f, context);
}

/* Ray cast: along the sweep axis the ray meets records in amin order (forwards when it moves
 * towards +a, backwards when towards -a), so the walk goes near to far and stops once the next
 * record starts beyond the current (clipped) end. The stop tests repeat the rounding of the ray
 * rule's own slab computation, (side - origin) * inverse, which is monotone in the side, so no
 * record that the exact rule would accept is ever skipped. Then the pending tail. */
static void sp_raycast(const c2d_index *index, c2d_bp_ray *ray, c2d_index_raycast_fn *fn, void *context) {
    const c2d_sweep_prune *s = sp_ccast(index);
    bool moves = s->axis == 0 ? ray->move_x : ray->move_y;
    c2d_real o = s->axis == 0 ? ray->ray.origin.x : ray->ray.origin.y;
    c2d_real inv = s->axis == 0 ? ray->inv_x : ray->inv_y;
    int32_t p;
    if (!moves) {
        /* The origin must lie strictly inside on this axis. */
        for (p = sp_lower_bound(s, o, false) - 1; p >= 0; --p) {
            if (s->recs[p].amin + s->reach <= o) break;
            if (!sp_ray_record(s, ray, p, fn, context)) return;
        }
    } else if (inv > 0) {
        /* Records whose bound fl(amin + reach) < o end before the origin. */
        int32_t lo = 0, hi = s->sorted;
        while (lo < hi) {
            int32_t mid = lo + (hi - lo) / 2;
            if (s->recs[mid].amin + s->reach < o) lo = mid + 1;
            else hi = mid;
        }
        for (p = lo; p < s->sorted; ++p) {
            if ((s->recs[p].amin - o) * inv > ray->ray.max_fraction) break;
            if (!sp_ray_record(s, ray, p, fn, context)) return;
        }
    } else {
        for (p = sp_lower_bound(s, o, true) - 1; p >= 0; --p) {
            if (((s->recs[p].amin + s->reach) - o) * inv > ray->ray.max_fraction) break;
            if (!sp_ray_record(s, ray, p, fn, context)) return;
        }
    }
    for (p = s->sorted; p < s->count; ++p)
        if (!sp_ray_record(s, ray, p, fn, context)) return;
}

/* ---- pairs ---- */

/* Spread of the live records along one axis: variance of the centers, extent, mean size. */
typedef struct sp_axis_stats {
    c2d_real var, lo, hi, mean_size;
} sp_axis_stats;

/* Statistics of both axes (index 0: the records' a, 1: their b) in one pass. Centers are taken
 * relative to the first live record's so that far-away worlds keep their precision, and the
 * squares are scaled by 1/n as they are summed so that they cannot overflow. */
static int32_t sp_stats(const c2d_sweep_prune *s, sp_axis_stats st[2]) {
    c2d_real ref[2] = {0, 0}, sum[2] = {0, 0}, sq[2] = {0, 0}, size[2] = {0, 0}, inv_n;
    int32_t p, n = 0, k;
    for (k = 0; k < 2; ++k) st[k].var = st[k].lo = st[k].hi = st[k].mean_size = 0;
    if (s->count - s->dead <= 0) return 0;
    inv_n = (c2d_real)1 / (c2d_real)(s->count - s->dead);
    for (p = 0; p < s->count; ++p) {
        const sp_rec *r = &s->recs[p];
        c2d_real lo[2], hi[2];
        if (s->ids[p] < 0) continue;
        lo[0] = r->amin;
        hi[0] = r->amax;
        lo[1] = r->bmin;
        hi[1] = r->bmax;
        if (n == 0) {
            for (k = 0; k < 2; ++k) {
                ref[k] = lo[k];
                st[k].lo = lo[k];
                st[k].hi = hi[k];
            }
        }
        for (k = 0; k < 2; ++k) {
            c2d_real d = (lo[k] - ref[k]) + (hi[k] - ref[k]);
            sum[k] += d * inv_n;
            sq[k] += d * d * inv_n;
            size[k] += (hi[k] - lo[k]) * inv_n;
            if (lo[k] < st[k].lo) st[k].lo = lo[k];
            if (hi[k] > st[k].hi) st[k].hi = hi[k];
        }
        ++n;
    }
    for (k = 0; k < 2; ++k) {
        st[k].var = sq[k] - sum[k] * sum[k];
        st[k].mean_size = size[k];
    }
    return n;
}

/* Picks the sweep axis and brings every live record into the sorted part: the axis is the one with
 * the larger variance of box centers, kept unless the other one's is larger by a quarter (nearly
 * square scenes would otherwise flip it, and each flip re-sorts everything); a new axis sorts
 * every live record afresh (no merge first), the same axis merges the pending tail. Returns the
 * live count, or -1 when out of memory. */
static int32_t sp_prepare_axis(c2d_sweep_prune *s) {
    sp_axis_stats stats[2];
    int32_t n;
    if (s->settled) return s->count; /* sorted, no dead records, the axis chosen */
    n = sp_stats(s, stats);
    if (n >= 2 && stats[1].var > stats[0].var * (c2d_real)1.25) return sp_sort_all(s) ? n : -1;
    return sp_consolidate(s) ? n : -1;
}

/* Runs the shared strip sweep (broadphase_pairs.c) on the records, which are already in order
 * along its sweep axis (consolidated: no dead records, no pending tail). With filter, records of
 * moved proxies are marked and only their pairs are pushed. */
static bool sp_sweep(c2d_sweep_prune *s, bool filter) {
    const c2d_bp_proxy *items = s->proxies.items;
    c2d_bp_srec *r = c2d_bp_sweep_reserve(&s->base, s->count);
    int32_t p;
    if (r == NULL) return false;
    for (p = 0; p < s->count; ++p) {
        int32_t id = s->ids[p];
        r[p].idm = (uint32_t)id | (filter && items[id].link != 0 ? C2D_SWEEP_MOVED : 0u);
        r[p].a0 = s->recs[p].amin;
        r[p].a1 = s->recs[p].amax;
        r[p].b0 = s->recs[p].bmin;
        r[p].b1 = s->recs[p].bmax;
    }
    return c2d_bp_sweep_pairs(&s->base, s->count, C2D_SWEEP_PRESORTED | (filter ? C2D_SWEEP_FILTER : 0u));
}

/* One-shot pairs: the better axis, then the shared strip sweep. While nothing has changed since
 * a bulk build or the last one-shot search, the sweep either prepared is kept and only runs. */
static c2d_status sp_find_pairs(c2d_index *index) {
    c2d_sweep_prune *s = sp_cast(index);
    int32_t n;
    if (s->settled && c2d_bp_sweep_ready(index, s->count, C2D_SWEEP_PRESORTED)) {
        if (!c2d_bp_sweep_run(index)) return C2D_ERR_OUT_OF_MEMORY;
        return c2d_bp_pairs_finish(index);
    }
    n = sp_prepare_axis(s);
    if (n < 0 || !sp_sweep(s, false)) return C2D_ERR_OUT_OF_MEMORY;
    s->settled = true;
    return c2d_bp_pairs_finish(index);
}

/* The pairs of the record at position pm (all records sorted, none dead): forwards while records
 * start before it ends, then backwards while the reach bound says that an earlier record can still
 * reach its start (fl(amin + reach) > its amin, the scalar test's own rounding). With SSE2 four
 * records are tested at once, transposed from their rows; a block past the stopping point holds
 * only records the exact test rejects anyway. Returns the records tested. */
static int64_t sp_walk(c2d_sweep_prune *s, int32_t pm) {
    const sp_rec *recs = s->recs, r = s->recs[pm];
    const int32_t *ids = s->ids;
    int32_t id = ids[pm], q = pm + 1, n = s->count;
    int64_t tested = 0;
#if SP_SSE2 && !defined(C2D_DOUBLE)
    const __m128 ramin = _mm_set1_ps(r.amin), ramax = _mm_set1_ps(r.amax), rbmin = _mm_set1_ps(r.bmin),
                 rbmax = _mm_set1_ps(r.bmax), reach = _mm_set1_ps(s->reach);
    for (; q + 4 <= n; q += 4) {
        __m128 x0 = _mm_loadu_ps(&recs[q].amin), x1 = _mm_loadu_ps(&recs[q + 1].amin);
        __m128 x2 = _mm_loadu_ps(&recs[q + 2].amin), x3 = _mm_loadu_ps(&recs[q + 3].amin), go;
        unsigned bits;
        _MM_TRANSPOSE4_PS(x0, x1, x2, x3); /* x0: amin, x1: amax, x2: bmin, x3: bmax */
        go = _mm_cmplt_ps(x0, ramax);
        bits = (unsigned)_mm_movemask_ps(_mm_and_ps(_mm_and_ps(go, _mm_cmplt_ps(ramin, x1)),
                                                    _mm_and_ps(_mm_cmplt_ps(x2, rbmax), _mm_cmplt_ps(rbmin, x3))));
        tested += 4;
        for (; bits != 0; bits &= bits - 1) c2d_bp_pairs_push(&s->base, id, ids[q + __builtin_ctz(bits)]);
        if (_mm_movemask_ps(go) != 15) goto backwards;
    }
#endif
    for (; q < n && recs[q].amin < r.amax; ++q, ++tested)
        if (sp_overlap(&r, &recs[q])) c2d_bp_pairs_push(&s->base, id, ids[q]);
#if SP_SSE2 && !defined(C2D_DOUBLE)
backwards:
#endif
    q = pm - 1;
#if SP_SSE2 && !defined(C2D_DOUBLE)
    for (; q >= 3; q -= 4) {
        __m128 x0 = _mm_loadu_ps(&recs[q - 3].amin), x1 = _mm_loadu_ps(&recs[q - 2].amin);
        __m128 x2 = _mm_loadu_ps(&recs[q - 1].amin), x3 = _mm_loadu_ps(&recs[q].amin), go;
        unsigned bits;
        _MM_TRANSPOSE4_PS(x0, x1, x2, x3);
        go = _mm_cmpgt_ps(_mm_add_ps(x0, reach), ramin);
        bits = (unsigned)_mm_movemask_ps(_mm_and_ps(_mm_and_ps(_mm_cmplt_ps(x0, ramax), _mm_cmplt_ps(ramin, x1)),
                                                    _mm_and_ps(_mm_cmplt_ps(x2, rbmax), _mm_cmplt_ps(rbmin, x3))));
        tested += 4;
        for (; bits != 0; bits &= bits - 1) c2d_bp_pairs_push(&s->base, id, ids[q - 3 + __builtin_ctz(bits)]);
        if (_mm_movemask_ps(go) != 15) return tested;
    }
#endif
    for (; q >= 0 && recs[q].amin + s->reach > r.amin; --q, ++tested)
        if (sp_overlap(&r, &recs[q])) c2d_bp_pairs_push(&s->base, id, ids[q]);
    return tested;
}

/* Per-frame pairs. With every record sorted, a pair (p, q), p before q, with a moved record is
 * found by walking forwards from p when p moved and backwards from q (bounded by the reach) when q
 * moved; a pair of two moved records is pushed twice and finish drops the copy. The walks cost
 * about the sweep-axis window of each moved box, which grows like the square root of n for boxes
 * spread over a square; once they have tested more than SP_WALK_FACTOR records per record in the
 * array, their pairs are dropped and the strip sweep runs instead, keeping only pairs with a moved
 * record, so a frame never costs much more than a one-shot search; walks that the mean density
 * along the axis says would cost twice that much are not started. */
static c2d_status sp_update_pairs(c2d_index *index) {
    c2d_sweep_prune *s = sp_cast(index);
    int32_t m, k;
    int64_t tested = 0, budget;
    c2d_status st;
    if (!sp_consolidate(s)) return C2D_ERR_OUT_OF_MEMORY;
    c2d_bp_proxies_collect_moved(&s->proxies);
    k = s->proxies.moved_count;
    budget = SP_WALK_FACTOR * (int64_t)s->count + 64;
    /* Walks expected (from the mean density along the axis) to cost twice the budget are not even
     * started. */
    if (s->count > 1) {
        c2d_real extent = s->recs[s->count - 1].amin - s->recs[0].amin + s->reach, span = 0;
        for (m = 0; m < k; ++m) {
            const sp_rec *r = &s->recs[s->proxies.items[s->proxies.moved[m]].slot];
            span += (r->amax - r->amin) + s->reach;
        }
        if (extent > 0 && span / extent * (c2d_real)s->count > (c2d_real)(2 * budget)) tested = budget + 1;
    }
    for (m = 0; m < k && tested <= budget; ++m) tested += sp_walk(s, s->proxies.items[s->proxies.moved[m]].slot);
    if (tested > budget) {
        index->pairs.count = 0;
        index->pairs.failed = false;
        if (!sp_sweep(s, true)) {
            c2d_bp_proxies_keep_moved(&s->proxies);
            return C2D_ERR_OUT_OF_MEMORY;
        }
    }
    st = c2d_bp_pairs_finish(index);
    if (st == C2D_OK) c2d_bp_proxies_clear_moved(&s->proxies);
    else c2d_bp_proxies_keep_moved(&s->proxies);
    return st;
}

/* Merges the pending tail, picks the axis with the larger spread and re-sorts along it. */
static c2d_status sp_rebuild(c2d_index *index) {
    return sp_prepare_axis(sp_cast(index)) < 0 ? C2D_ERR_OUT_OF_MEMORY : C2D_OK;
}

static bool sp_validate(const c2d_index *index) {
    const c2d_sweep_prune *s = sp_ccast(index);
    int32_t p, live = 0, dead = 0, free_ids = 0, i;
    if (s->sorted < 0 || s->sorted > s->count || s->count > s->rec_capacity || s->count > s->id_capacity) return false;
    for (p = 0; p < s->count; ++p) {
        int32_t id = s->ids[p];
        if (p + 1 < s->sorted && !(s->recs[p].amin <= s->recs[p + 1].amin)) return false;
        if (id < 0) {
            ++dead;
            continue;
        }
        if (!c2d_bp_proxies_live(&s->proxies, id) || s->proxies.items[id].slot != p) return false;
        {
            sp_rec r = sp_rec_of(s->proxies.items[id].box, s->axis);
            if (memcmp(&r, &s->recs[p], sizeof r) != 0) return false;
            if (p < s->sorted && !(r.amin + s->reach >= r.amax)) return false;
        }
        ++live;
    }
    for (i = s->proxies.free_head; i >= 0 && free_ids <= s->proxies.used; i = s->proxies.items[i].link) ++free_ids;
    return dead == s->dead && live == s->proxies.live && free_ids + live == s->proxies.used;
}

static const c2d_index_class c2d_sweep_prune_class = {
    .name = "sweep_prune",
    .destroy = sp_destroy,
    .count = sp_count,
    .insert = sp_insert,
    .remove = sp_remove,
    .move = sp_move,
    .get = sp_get,
    .query_aabb = sp_query_aabb,
    .raycast = sp_raycast,
    .find_pairs = sp_find_pairs,
    .update_pairs = sp_update_pairs,
    .rebuild = sp_rebuild,
    .validate = sp_validate,
    .clear = sp_clear,
    .build = sp_build,
};

c2d_status c2d_sweep_prune_create(const c2d_index_config *config, c2d_index **out) {
    c2d_allocator a;
    c2d_sweep_prune *s;
    int32_t capacity = 16;
    if (out == NULL) return C2D_ERR_NULL_ARG;
    *out = NULL;
    if (!c2d_bp_allocator_init(&a, config)) return C2D_ERR_NULL_ARG;
    if (c2d_bp_config_status(config) != C2D_OK) return c2d_bp_config_status(config);
    if (config != NULL) {
        if (config->capacity < 0) return C2D_ERR_BAD_SIZE;
        if (config->capacity > 0) capacity = config->capacity;
    }
    s = (c2d_sweep_prune *)c2d_bp_alloc(&a, sizeof *s);
    if (s == NULL) return C2D_ERR_OUT_OF_MEMORY;
    memset(s, 0, sizeof *s);
    c2d_bp_base_init(&s->base, &c2d_sweep_prune_class, &a, config);
    s->reserved = capacity;
    if (!c2d_bp_proxies_init(&s->proxies, &a, capacity) || !sp_reserve_tail(s, capacity)) {
        sp_destroy(&s->base);
        return C2D_ERR_OUT_OF_MEMORY;
    }
    *out = &s->base;
    return C2D_OK;
}
