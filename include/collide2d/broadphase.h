/* SPDX-License-Identifier: MIT */
/* collide2d: the broad phase. Spatial indexes over axis-aligned boxes ("proxies") behind one
 * interface, and a batch test of one box against many boxes stored as arrays.
 *
 *   c2d_index *tree; int32_t id; const c2d_index_pair *pairs; int32_t n;
 *   c2d_dynamic_tree_create(NULL, &tree);               (NULL config: defaults, malloc/free)
 *   c2d_index_insert(tree, box, (uint64_t)my_object, &id);
 *   c2d_index_move(tree, id, new_box);                  (every frame, for what moved)
 *   c2d_index_update_pairs(tree, &pairs, &n);           (pairs involving moved proxies)
 *   c2d_index_destroy(tree);
 *
 * Needs only math.h and geometry.h (c2d_aabb): the broad phase does not know about shapes.
 *
 * Overlap rule, the same for every index and every query (it is the narrow phase's touching
 * rule applied to boxes): boxes a and b overlap when
 *     a.lower.x < b.upper.x && b.lower.x < a.upper.x && a.lower.y < b.upper.y && b.lower.y < a.upper.y
 * For boxes of positive size this says their open interiors intersect: boxes that only touch do
 * not overlap. A box may have zero width or height (a segment's bounds); along that axis it then
 * counts as its closed extent against boxes of positive size, but two boxes that are both flat on
 * the same line never overlap. Pad such boxes if collinear or touching segments must be found.
 * Every answer equals brute force over the boxes given to insert/move with this rule exactly:
 * fattened boxes are an internal detail of some indexes and never leak into results.
 *
 * Precision: boxes are stored as c2d_aabb (c2d_real) and compared without arithmetic, so results
 * do not depend on the distance from the origin. Ray casts subtract the ray origin first.
 *
 * Ids: insert returns an int32_t id >= 0; ids of removed proxies are reused. Each proxy also keeps
 * a uint64_t user_data (store a pointer as (uint64_t)(uintptr_t)ptr).
 *
 * Order: pair lists are sorted by (a, b) with a < b and hold no duplicates (a config may ask for
 * the sweep's own order instead: c2d_pair_order). Query and ray
 * callbacks run in the index's traversal order, which is deterministic: the same calls in the
 * same order (same build, same precision) give the same callback order.
 *
 * Memory: all memory comes from the allocator in the config (default malloc/free), only in
 * create, insert, move, build, rebuild, the pair functions and the batch query
 * (c2d_index_query_aabb_batch); queries and ray casts never allocate.
 * No global state: different indexes may be used from different threads; one index may be
 * queried by several threads at once when nobody modifies it. Callbacks must not modify the index
 * they are called from. */
#ifndef COLLIDE2D_BROADPHASE_H
#define COLLIDE2D_BROADPHASE_H

#include <stddef.h>
#include "geometry.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Memory hooks. alloc returns size bytes aligned like malloc, or NULL; free releases a block
 * (size is the size it was allocated with). context is passed to both. */
typedef struct c2d_allocator {
    void *(*alloc)(size_t size, void *context);
    void (*free)(void *ptr, size_t size, void *context);
    void *context;
} c2d_allocator;

/* Work the library hands to the user's task system: run items [start, end) of a task on worker
 * number worker (0 <= worker < worker_count, one worker at a time per number). */
typedef void c2d_task_fn(int32_t start, int32_t end, int32_t worker, void *task_context);

/* Starts task over the items [0, item_count), split into ranges of at least min_range items that
 * may run on different threads, at once or later. Returns a handle for finish, or NULL when every
 * item has already run (finish is then not called). */
typedef void *c2d_enqueue_task_fn(c2d_task_fn *task, int32_t item_count, int32_t min_range, void *task_context,
                                  void *user_context);

/* Returns once every item of the task behind handle (from enqueue) has run. */
typedef void c2d_finish_task_fn(void *handle, void *user_context);

/* The user's task system, as Box2D v3's: the library creates no thread. Zero-initialised (or
 * worker_count < 2): everything runs on the calling thread. Each pair call (find_pairs, and
 * update_pairs when it sweeps; a sparse grid pairs its cells serially) of an index of at least
 * 4096 proxies splits its sweep (the static tree: its join) into worker_count parts, each writing
 * its own list, merged in order,
 * and sweep-and-prune's c2d_index_build of at least 4096 boxes splits the writing of its sorted
 * records the same way, the static tree's build (and create) of at least 16384 boxes its sort and
 * its passes, the dynamic tree's rebuild (c2d_index_rebuild, and its bulk build) of at least 16384
 * leaves its subtrees, as c2d_index_query_aabb_batch splits its queries; results are identical
 * whatever worker_count is. enqueue and finish are called from the thread that called the index, within
 * that call; the task functions touch only the index's memory and never call the allocator. */
typedef struct c2d_task_system {
    int32_t worker_count;         /* threads that may run tasks at once (>= 0; at most 64 are used) */
    c2d_enqueue_task_fn *enqueue; /* NULL: run inline; set: finish must be set too */
    c2d_finish_task_fn *finish;
    void *context; /* passed to enqueue and finish as user_context */
} c2d_task_system;

/* Default fat-box margin of the dynamic tree (length units, added on each side). */
#ifndef C2D_INDEX_DEFAULT_MARGIN
#  define C2D_INDEX_DEFAULT_MARGIN ((c2d_real)0.1)
#endif

/* Order of the pair lists of c2d_index_find_pairs and c2d_index_update_pairs (c2d_index_config).
 * Either way every pair has a < b and no pair comes twice. */
typedef enum c2d_pair_order {
    C2D_PAIR_ORDER_SORTED = 0, /* sorted by (a, b): the default */
    /* A list found by the shared sweep comes in the order the sweep met its pairs, which is not
     * sorted but is deterministic: the same calls in the same order (same build, same precision)
     * give the same list, whatever tasks.worker_count is. It saves the sort of the list (about
     * two fifths of a one-shot search of 100k boxes). The static tree's join of itself (its first
     * find_pairs after a build) gives its list in the join's order, deterministic in the same way.
     * Lists found another way (per-frame queries or walks, a sparse grid's cells) still come
     * sorted. */
    C2D_PAIR_ORDER_SWEEP = 1
} c2d_pair_order;

/* Options for creating an index. Zero-initialise it ({0}); every zero field means "default".
 * A NULL config pointer means all defaults. */
typedef struct c2d_index_config {
    c2d_allocator allocator; /* alloc == NULL: malloc and free; alloc set: free must be set too */
    int32_t capacity;        /* dynamic indexes: proxies to reserve room for; 0: a small default */
    c2d_real margin;         /* dynamic tree: fat-box margin on each side; 0: C2D_INDEX_DEFAULT_MARGIN;
                                negative: no margin (every move that changes the box re-inserts) */
    c2d_real prediction;     /* dynamic tree: a re-inserted fat box also stretches by prediction times
                                the move of the box's center since the previous insert/move (>= 0;
                                0: none; Box2D 2.4 uses 4 with one move per time step) */
    c2d_real cell_size;      /* grid: edge of a square cell (> 0); 0: derived from the boxes (see
                                c2d_grid_create) */
    c2d_task_system tasks;   /* threads for the pair sweep, bulk builds and batch queries (see c2d_task_system); zero: none */
    c2d_pair_order pair_order; /* order of the pair lists; 0 (C2D_PAIR_ORDER_SORTED): sorted by (a, b) */
} c2d_index_config;

/* A spatial index: opaque. Make one with a create function below, free it with c2d_index_destroy. */
typedef struct c2d_index c2d_index;

/* A pair of proxies whose boxes overlap, a < b. */
typedef struct c2d_index_pair {
    int32_t a, b;
} c2d_index_pair;

/* A ray for the indexes: the closed segment origin + t * translation, 0 <= t <= max_fraction
 * (max_fraction >= 0, may be +INFINITY). Same fields as collision.h's c2d_raycast_input.
 *
 * Hit rule: the ray hits a box when one of its points lies in the box, "in" meaning, per axis:
 * strictly between the sides where the box has positive size, on the side where the box has zero
 * size; an axis along which the ray does not move (translation component 0, or so small that its
 * reciprocal overflows) needs the origin strictly between the sides. So a ray grazing a corner or
 * running along an edge does not hit, and a ray crossing a segment's flat bounds does. The hit's
 * fraction is the smallest such t (0 when the origin is inside); a box first reached at a t that
 * overflows to infinity is not hit. A zero translation is a point test. */
typedef struct c2d_index_ray {
    c2d_vec2 origin;
    c2d_vec2 translation;
    c2d_real max_fraction;
} c2d_index_ray;

/* Query callback: called once per proxy found. Return true to go on, false to stop the query. */
typedef bool c2d_index_query_fn(int32_t id, uint64_t user_data, void *context);

/* Ray callback of c2d_index_raycast: called for each proxy whose box the ray hits at a fraction
 * <= ray->max_fraction, where ray->max_fraction is the current (clipped) end. fraction is where the
 * ray enters the proxy's box (do the exact shape test here). Return:
 *   a value in [0, ray->max_fraction]: clip the ray there (boxes entered at exactly that fraction
 *     are still reported, so ties can be broken); returning ray->max_fraction continues unclipped;
 *   a negative value: stop at once;
 *   anything else (larger, NaN): continue unclipped. */
typedef c2d_real c2d_index_raycast_fn(const c2d_index_ray *ray, int32_t id, uint64_t user_data,
                                      c2d_real fraction, void *context);

/* Ray callback of c2d_index_raycast_all: every proxy the ray hits, with the fraction where it enters
 * the proxy's box. Return true to go on, false to stop. */
typedef bool c2d_index_ray_hit_fn(int32_t id, uint64_t user_data, c2d_real fraction, void *context);

/* ---- the indexes ---- */

/* Every create function also returns NULL_ARG for a config with tasks.enqueue but no tasks.finish
 * (or the reverse), BAD_SIZE for tasks.worker_count < 0 and OUT_OF_RANGE for a pair_order that is
 * not a c2d_pair_order. */

/* Dynamic AABB tree (for moving objects): a binary tree of fat boxes (the box grown by the margin)
 * with incremental insert/remove/move, surface-area-guided insertion and AVL-style rotations that
 * bound its height. Moving a box within its fat box costs no tree change. A box that leaves its fat
 * box gets a fresh one at once (the boxes above it grow to hold it) and its re-insertion waits:
 * each move pays for half a waiting re-insertion (two while more than half the proxies wait), so
 * that boxes leaving their fat boxes in the same frame spread that work over the next frames. The
 * fat box's sides are kept in steps of margin / 32, at most 255 steps out, which also bounds the
 * prediction's stretch (so margin 0 means no prediction either). c2d_index_rebuild rebuilds it
 * top-down (median split) from the current fat boxes. In a tree of at least 1024 proxies, insert
 * does the same by itself once the tree holds twice as many proxies as at its last full rebuild,
 * and every re-insertion of a moved leaf pays for rebuilding one more leaf the same way, one
 * subtree of up to 1024 leaves at a time (incremental insertion builds slower trees; the work of
 * moves is spread so that no single call carries a whole rebuild). About 61 bytes a proxy in
 * float builds, 97 in double builds.
 * Errors: NULL_ARG (out, or an allocator with alloc but no free), NOT_FINITE / OUT_OF_RANGE (margin,
 * prediction), BAD_SIZE (prediction < 0, capacity < 0), OUT_OF_MEMORY. */
C2D_API c2d_status c2d_dynamic_tree_create(const c2d_index_config *config, c2d_index **out);

/* Static tree (for level geometry): a packed R-tree built once from count boxes: radix sorted along
 * a Morton curve through their centers, 8 consecutive boxes a leaf, the bounds of 8 consecutive
 * nodes a node of the level above (a sort and one pass per level; no surface-area search), with
 * a table of where each quadrant of the centers' grid starts in the sorted order, from which ray
 * casts and box queries begin. About 27 bytes a box in float builds (35 with user data), peak
 * included: the sort runs within the node array. Proxy ids are the array
 * positions 0..count-1; user_data may be NULL (then each proxy's user_data is its id). Insert,
 * remove and move return C2D_ERR_UNSUPPORTED: build a new one to change it. Every query works;
 * find_pairs joins the tree with itself the first time after a build (no sort, no memory beyond
 * the pair list) and keeps the shared strip sweep from the second time on (each later call runs it
 * again); update_pairs reports all pairs the first time and none afterwards (nothing ever moves).
 * Errors: NULL_ARG (out, or boxes with count > 0), BAD_SIZE (count < 0, or a box with
 * lower > upper), NOT_FINITE, OUT_OF_RANGE (a box), OUT_OF_MEMORY. */
C2D_API c2d_status c2d_static_tree_create(const c2d_index_config *config, const c2d_aabb *boxes,
                                          const uint64_t *user_data, int32_t count, c2d_index **out);

/* Uniform grid stored sparsely: square cells of config->cell_size hashed into a table (no world
 * bounds), each cell's proxy ids in one contiguous block; each box is entered in every cell it
 * touches. A move within the same cells costs a compare; one-shot pairs, and per-frame pairs when
 * many proxies moved, come from the cells when they are sparse (at most a few boxes per cell).
 * Best when boxes are of similar size and a cell is about one box across. cell_size 0 derives the
 * cell from the boxes: twice the mean size (larger of width and height) of the first 32 boxes, and
 * again of all boxes at each c2d_index_rebuild. Boxes covering more than 64 cells are kept in a
 * side list that every query tests. Ray casts walk the cells along the ray, near to far;
 * c2d_index_rebuild also lays every cell's block out afresh and tightens the area they walk.
 * A cell holds at most 2^25 - 1 boxes: an insert, move or build that would add one more returns
 * OUT_OF_MEMORY (nothing changed).
 * Errors: NULL_ARG (out, or an allocator with alloc but no free), NOT_FINITE / OUT_OF_RANGE
 * (cell_size), BAD_SIZE (cell_size < 0 or too small for 1 / cell_size, capacity < 0), OUT_OF_MEMORY. */
C2D_API c2d_status c2d_grid_create(const c2d_index_config *config, c2d_index **out);

/* Loose quadtree (looseness factor 2): an inserted or moved box goes down from the root through the
 * quadrants holding the box's center while the next node's loose bounds (its cell grown to twice
 * the size) contain it; a missing node is made only below one that already holds 8 boxes itself,
 * at most 24 levels below the root, which grows when a box leaves it. About 55-64 bytes a proxy in
 * float builds. Needs no tuning for unbounded worlds and mixed box sizes. c2d_index_rebuild walks
 * every box down again from the current root.
 * Errors: NULL_ARG (out, or an allocator with alloc but no free), BAD_SIZE (capacity < 0), OUT_OF_MEMORY. */
C2D_API c2d_status c2d_quadtree_create(const c2d_index_config *config, c2d_index **out);

/* Sort and sweep: boxes kept sorted along one axis (the one where the box centers spread more,
 * chosen again by find_pairs and rebuild) by insertion sort as they move; one-shot pairs sweep them
 * in strips across the other axis. Inserts and long moves wait in an unsorted list (tested by every
 * query) until the next pair call or rebuild, or until it grows long. About 56 bytes a proxy in
 * float builds after inserts up to config.capacity (88 in double builds); its bulk build keeps the
 * prepared pair sweep besides (about 180). Errors: as c2d_quadtree_create. */
C2D_API c2d_status c2d_sweep_prune_create(const c2d_index_config *config, c2d_index **out);

/* Frees the index and everything it allocated. NULL is allowed. */
C2D_API void c2d_index_destroy(c2d_index *index);

/* Short name of the index kind ("dynamic_tree", "static_tree", ...); "" for NULL. */
C2D_API const char *c2d_index_name(const c2d_index *index);

/* Number of proxies in the index. */
C2D_API int32_t c2d_index_count(const c2d_index *index);

/* ---- proxies ---- */

/* Adds a box (lower <= upper on both axes; zero width or height allowed) and returns its id in
 * *out_id. The new proxy counts as moved for c2d_index_update_pairs.
 * Errors: NULL_ARG, NOT_FINITE, OUT_OF_RANGE, BAD_SIZE (lower > upper), OUT_OF_MEMORY, UNSUPPORTED. */
C2D_API c2d_status c2d_index_insert(c2d_index *index, c2d_aabb box, uint64_t user_data, int32_t *out_id);

/* Removes a proxy; its id may be handed out again by a later insert.
 * Errors: NULL_ARG, BAD_ID, UNSUPPORTED. */
C2D_API c2d_status c2d_index_remove(c2d_index *index, int32_t id);

/* Gives a proxy a new box (rules as insert). It counts as moved for c2d_index_update_pairs even when
 * the box is unchanged. Errors: NULL_ARG, BAD_ID, NOT_FINITE, OUT_OF_RANGE, BAD_SIZE,
 * OUT_OF_MEMORY, UNSUPPORTED. On error the proxy keeps its old box. */
C2D_API c2d_status c2d_index_move(c2d_index *index, int32_t id, c2d_aabb box);

/* A proxy's box and user data (either pointer may be NULL). Errors: NULL_ARG (index), BAD_ID. */
C2D_API c2d_status c2d_index_get(const c2d_index *index, int32_t id, c2d_aabb *box, uint64_t *user_data);

/* ---- queries: no allocation; nothing is reported for invalid input (NaN, lower > upper) ---- */

/* Calls fn for every proxy whose box overlaps box (the overlap rule above; box may be flat). */
C2D_API void c2d_index_query_aabb(const c2d_index *index, c2d_aabb box, c2d_index_query_fn *fn, void *context);

/* Calls fn for every proxy whose box holds point strictly inside (lower < point < upper on both axes). */
C2D_API void c2d_index_query_point(const c2d_index *index, c2d_vec2 point, c2d_index_query_fn *fn, void *context);

/* First hit through a callback that can clip the ray (like Box2D's tree ray cast): see
 * c2d_index_raycast_fn. To find the nearest box, return fraction from the callback. Proxies are
 * visited roughly near to far; the callback sees each proxy hit at most once. */
C2D_API void c2d_index_raycast(const c2d_index *index, c2d_index_ray ray, c2d_index_raycast_fn *fn, void *context);

/* Calls fn for every proxy whose box the ray hits, in traversal order (not sorted by fraction). */
C2D_API void c2d_index_raycast_all(const c2d_index *index, c2d_index_ray ray, c2d_index_ray_hit_fn *fn, void *context);

/* ---- pairs ---- */

/* Every pair of overlapping proxies (one-shot). *pairs points into memory owned by the index,
 * valid until the next pair call, change or destroy; sorted by (a, b), a < b, no duplicates (with
 * C2D_PAIR_ORDER_SWEEP in the config: a < b, no duplicates, in the sweep's deterministic order).
 * Every index but a sparse grid finds them with the same sort-and-sweep over copies of the boxes
 * (the fastest way for all pairs); a grid with at most a few boxes per cell pairs its cells.
 * On error *pairs is NULL and *count 0. Errors: NULL_ARG, OUT_OF_MEMORY. */
C2D_API c2d_status c2d_index_find_pairs(c2d_index *index, const c2d_index_pair **pairs, int32_t *count);

/* Per-frame pairs: every overlapping pair with at least one proxy inserted or moved since the last
 * update_pairs (find_pairs does not reset this), then forgets the moves. Pairs of two unmoved
 * proxies are unchanged since the last call, so a caller keeps its full pair set current by dropping
 * its pairs that involve a moved or removed proxy and adding these. Output as find_pairs.
 * Errors: NULL_ARG, OUT_OF_MEMORY (the moves are then kept for the next call). */
C2D_API c2d_status c2d_index_update_pairs(c2d_index *index, const c2d_index_pair **pairs, int32_t *count);

/* ---- maintenance ---- */

/* Rebuilds the index's internal structure for query speed (dynamic tree: top-down rebuild;
 * indexes that are always in shape: nothing). Results of queries do not change.
 * Errors: NULL_ARG, OUT_OF_MEMORY (the index is left as it was). */
C2D_API c2d_status c2d_index_rebuild(c2d_index *index);

/* Removes every proxy and keeps the index's memory for the proxies to come (a game that fills the
 * index every frame allocates nothing after the first frame). Ids start again from 0. The grid keeps
 * its cell size. Errors: NULL_ARG. */
C2D_API c2d_status c2d_index_clear(c2d_index *index);

/* Replaces every proxy with the count boxes in one bulk step: box i gets id i and user_data[i]
 * (user_data may be NULL: then each proxy's user_data is its id), every proxy counts as moved for
 * c2d_index_update_pairs, and memory is reused as by c2d_index_clear. Every index kind accepts it:
 * sweep-and-prune sorts once (no per-box insert or merge) and reuses all its memory; the static
 * tree is built afresh as by c2d_static_tree_create, into its kept arrays when they are large
 * enough (then it allocates nothing); the dynamic tree links the leaves and builds
 * once top-down (its build scratch is allocated each time); the grid and the quadtree insert the
 * boxes one by one into the kept memory. Boxes follow the rules of insert and are all checked
 * before anything changes. Errors: NULL_ARG (index, or boxes with count > 0), BAD_SIZE (count < 0,
 * a box with lower > upper), NOT_FINITE, OUT_OF_RANGE, OUT_OF_MEMORY (the index is then empty). */
C2D_API c2d_status c2d_index_build(c2d_index *index, const c2d_aabb *boxes, const uint64_t *user_data, int32_t count);

/* Expensive self-check of the index's internal invariants (for tests and debugging). */
C2D_API bool c2d_index_validate(const c2d_index *index);

/* The answers of a batch query: query q found the ids ids[offsets[q]] .. ids[offsets[q + 1] - 1]
 * (offsets has count + 1 entries, offsets[0] = 0). The arrays belong to the index and stay valid
 * until its next batch call or its destruction. */
typedef struct c2d_index_batch {
    const int32_t *offsets;
    const int32_t *ids;
    int32_t count; /* the number of queries */
} c2d_index_batch;

/* Box queries for count boxes at once: query q gives the ids c2d_index_query_aabb(index, boxes[q])
 * reports, in the same order (a box with lower > upper or NaN finds nothing). With the index's task
 * system (config.tasks, worker_count >= 2) and at least 64 queries per worker, the queries are
 * split into worker_count contiguous ranges that run at once; the answer does not depend on the
 * number of workers. The index must not change during the call, and batch calls on one index must
 * not overlap (they write the index's kept buffers; other queries may run beside them); it
 * allocates only on the calling thread (the output and per-range buffers, kept for later calls). Errors (out then holds count 0
 * and NULL arrays): NULL_ARG (index or out NULL, boxes NULL with count > 0), BAD_SIZE (count < 0,
 * or more than INT32_MAX - 1 ids in all), OUT_OF_MEMORY. */
C2D_API c2d_status c2d_index_query_aabb_batch(c2d_index *index, const c2d_aabb *boxes, int32_t count, c2d_index_batch *out);

/* ---- batch: one box against many boxes in structure-of-arrays layout ---- */

/* count boxes; box i is [min_x[i], max_x[i]] x [min_y[i], max_y[i]]. The arrays are the caller's. */
typedef struct c2d_aabb_soa {
    const c2d_real *min_x;
    const c2d_real *min_y;
    const c2d_real *max_x;
    const c2d_real *max_y;
    int32_t count;
} c2d_aabb_soa;

/* Code path for the batch test. AUTO picks the best one the CPU supports at run time. */
typedef enum c2d_batch_path {
    C2D_BATCH_AUTO = 0,
    C2D_BATCH_SCALAR = 1,
    C2D_BATCH_SSE2 = 2, /* x86 with GCC or Clang, library not built with C2D_NO_SIMD */
    C2D_BATCH_AVX2 = 3  /* the same, on a CPU with AVX2 */
} c2d_batch_path;

/* True when path can run here (AUTO and SCALAR always can). */
C2D_API bool c2d_batch_path_supported(c2d_batch_path path);

/* Indices i (ascending) of the boxes that overlap box (the overlap rule above; a box with NaN
 * never overlaps). Writes the first min(total, capacity) of them to hits (may be NULL when
 * capacity is 0) and returns the total, so a first call with capacity 0 sizes the buffer.
 * Returns 0 when boxes or one of its arrays is NULL, count <= 0, or box has lower > upper or NaN. */
C2D_API int32_t c2d_aabb_overlap_batch(c2d_aabb box, const c2d_aabb_soa *boxes, int32_t *hits, int32_t capacity);

/* The same with a forced code path (for tests and benchmarks); the total goes to *out_count.
 * Errors: NULL_ARG (out_count), UNSUPPORTED (path not available here; *out_count is 0). */
C2D_API c2d_status c2d_aabb_overlap_batch_path(c2d_batch_path path, c2d_aabb box, const c2d_aabb_soa *boxes,
                                               int32_t *hits, int32_t capacity, int32_t *out_count);

#ifdef __cplusplus
}
#endif

#endif /* COLLIDE2D_BROADPHASE_H */
