/* Batch box queries (c2d_index_query_aabb_batch): many c2d_index_query_aabb calls at once, split
 * over the index's task system.
 *
 * The queries are cut into parts, contiguous ranges of equal size, one per worker. A part answers
 * its queries in order into its own id buffer and writes each query's count into offsets[q + 1]
 * (every query belongs to one part, so the parts write disjoint slots). A task never allocates:
 * when a part's buffer fills up in the middle of a query, the part drops that query's partial
 * answer and stops there. Back on the calling thread, the stopped parts' buffers grow (to the
 * part's rate so far times what is left, and at least double) and the parts that are not done run
 * again from where they stopped, until every part is done. Then the counts become offsets and the
 * parts' ids are copied, in part order, into one array. The answer of query q is therefore what
 * c2d_index_query_aabb reports for boxes[q], in its order, whatever the number of workers.
 *
 * Buffers stay in the index (they are sized from the last call's rate), so a game that runs the
 * same batch every frame allocates nothing after the first frames. */
#include <string.h>
#include "broadphase_internal.h"

/* Fewer queries than this per worker run on the calling thread alone. */
#define BATCH_MIN_PER_PART 64

typedef struct batch_job {
    const c2d_index *index;
    const c2d_aabb *boxes;
    int32_t *counts; /* offsets + 1: counts[q] is query q's number of ids */
    c2d_bp_batch_part *parts;
} batch_job;

typedef struct part_sink {
    c2d_bp_batch_part *part;
    int32_t start; /* used when the current query began */
    bool full;
} part_sink;

static bool sink_push(int32_t id, uint64_t user_data, void *context) {
    part_sink *s = (part_sink *)context;
    c2d_bp_batch_part *p = s->part;
    (void)user_data;
    if (p->used == p->capacity) {
        s->full = true;
        return false;
    }
    p->ids[p->used++] = id;
    return true;
}

/* Answers the part's queries from next until it is done or its buffer is full. */
static void run_part(const batch_job *job, c2d_bp_batch_part *p) {
    part_sink s;
    s.part = p;
    s.full = false;
    while (p->next < p->end) {
        const c2d_aabb box = job->boxes[p->next];
        s.start = p->used;
        c2d_index_query_aabb(job->index, box, sink_push, &s);
        if (s.full) {
            p->used = s.start; /* the query is answered again, whole, after the buffer grows */
            return;
        }
        job->counts[p->next] = p->used - s.start;
        p->next++;
    }
}

static void batch_task(int32_t start, int32_t end, int32_t worker, void *context) {
    const batch_job *job = (const batch_job *)context;
    int32_t j;
    (void)worker;
    for (j = start; j < end; ++j) run_part(job, &job->parts[j]);
}

/* Room for a part that stopped: its rate so far over the queries left, a quarter more, and at
 * least twice its buffer. */
static bool grow_part(const c2d_allocator *a, c2d_bp_batch_part *p) {
    int64_t done = p->next - p->first, left = p->end - p->next, want;
    void *items = p->ids;
    want = done > 0 ? (int64_t)p->used + (int64_t)p->used * left / done : 0;
    want += want / 4 + 64;
    if (want < 2 * (int64_t)p->capacity) want = 2 * (int64_t)p->capacity;
    if (want > INT32_MAX) want = INT32_MAX;
    if (!c2d_bp_reserve(a, &items, &p->capacity, (int32_t)want, sizeof *p->ids)) return false;
    p->ids = (int32_t *)items;
    return true;
}

void c2d_bp_batch_free(c2d_index *index) {
    c2d_bp_batch *b = &index->batch;
    const c2d_allocator *a = &index->allocator;
    c2d_bp_free(a, b->offsets, (size_t)b->offset_capacity * sizeof *b->offsets);
    c2d_bp_free(a, b->ids, (size_t)b->id_capacity * sizeof *b->ids);
    if (b->parts != NULL) {
        int32_t j;
        for (j = 0; j < C2D_BP_MAX_CHUNKS; ++j) c2d_bp_free(a, b->parts[j].ids, (size_t)b->parts[j].capacity * sizeof *b->parts[j].ids);
        c2d_bp_free(a, b->parts, C2D_BP_MAX_CHUNKS * sizeof *b->parts);
    }
    memset(b, 0, sizeof *b);
}

static c2d_status batch_fail(c2d_index_batch *out, c2d_status status) {
    out->offsets = NULL;
    out->ids = NULL;
    out->count = 0;
    return status;
}

c2d_status c2d_index_query_aabb_batch(c2d_index *index, const c2d_aabb *boxes, int32_t count, c2d_index_batch *out) {
    c2d_bp_batch *b;
    const c2d_allocator *a;
    batch_job job;
    void *mem;
    int32_t parts, j, q;
    int64_t total;
    if (out == NULL) return C2D_ERR_NULL_ARG;
    if (index == NULL || (boxes == NULL && count > 0)) return batch_fail(out, C2D_ERR_NULL_ARG);
    if (count < 0 || count == INT32_MAX) return batch_fail(out, C2D_ERR_BAD_SIZE);
    b = &index->batch;
    a = &index->allocator;
    mem = b->offsets;
    if (!c2d_bp_reserve(a, &mem, &b->offset_capacity, count + 1, sizeof *b->offsets)) return batch_fail(out, C2D_ERR_OUT_OF_MEMORY);
    b->offsets = (int32_t *)mem;
    if (b->parts == NULL) {
        b->parts = (c2d_bp_batch_part *)c2d_bp_alloc(a, C2D_BP_MAX_CHUNKS * sizeof *b->parts);
        if (b->parts == NULL) return batch_fail(out, C2D_ERR_OUT_OF_MEMORY);
        memset(b->parts, 0, C2D_BP_MAX_CHUNKS * sizeof *b->parts);
    }
    parts = 1;
    if (index->tasks.enqueue != NULL && index->tasks.worker_count > 1) {
        parts = index->tasks.worker_count < C2D_BP_MAX_CHUNKS ? index->tasks.worker_count : C2D_BP_MAX_CHUNKS;
        if (parts > count / BATCH_MIN_PER_PART) parts = count / BATCH_MIN_PER_PART;
        if (parts < 1) parts = 1;
    }
    for (j = 0; j < parts; ++j) {
        c2d_bp_batch_part *p = &b->parts[j];
        p->first = p->next = (int32_t)((int64_t)count * j / parts);
        p->end = (int32_t)((int64_t)count * (j + 1) / parts);
        p->used = 0;
    }
    job.index = index;
    job.boxes = boxes;
    job.counts = b->offsets + 1;
    job.parts = b->parts;
    for (;;) {
        int32_t waiting = 0;
        if (parts > 1) {
            void *handle = index->tasks.enqueue(batch_task, parts, 1, &job, index->tasks.context);
            if (handle != NULL) index->tasks.finish(handle, index->tasks.context);
        } else {
            batch_task(0, 1, 0, &job);
        }
        for (j = 0; j < parts; ++j) {
            c2d_bp_batch_part *p = &b->parts[j];
            if (p->next == p->end) continue;
            if (!grow_part(a, p)) return batch_fail(out, C2D_ERR_OUT_OF_MEMORY);
            ++waiting;
        }
        if (waiting == 0) break;
        /* the parts that are done return at once */
    }
    /* counts to offsets, then the parts' ids in order */
    total = 0;
    for (q = 0; q < count; ++q) total += b->offsets[q + 1];
    if (total > INT32_MAX - 1) return batch_fail(out, C2D_ERR_BAD_SIZE); /* more ids than an int32_t offset holds */
    b->offsets[0] = 0;
    for (q = 0; q < count; ++q) b->offsets[q + 1] += b->offsets[q];
    mem = b->ids;
    if (!c2d_bp_reserve(a, &mem, &b->id_capacity, total > 0 ? (int32_t)total : 1, sizeof *b->ids))
        return batch_fail(out, C2D_ERR_OUT_OF_MEMORY);
    b->ids = (int32_t *)mem;
    for (j = 0; j < parts; ++j) {
        const c2d_bp_batch_part *p = &b->parts[j];
        if (p->used > 0) memcpy(b->ids + b->offsets[p->first], p->ids, (size_t)p->used * sizeof *p->ids);
    }
    out->offsets = b->offsets;
    out->ids = b->ids;
    out->count = count;
    return C2D_OK;
}
