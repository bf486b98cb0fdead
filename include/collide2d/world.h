/* SPDX-License-Identifier: MIT */
/* collide2d: the world. A set of shaped colliders that callers add, move and query, with filters,
 * flags, generation-checked handles, overlap events and a tile-map helper. It sits on the broad
 * phase (broadphase.h) and the generic narrow phase (shape.h); nothing below includes it.
 *
 *   c2d_world *w; c2d_collider_id id, ground; c2d_collider_def def = {0};
 *   c2d_world_create(NULL, &w);                             (NULL config: all defaults)
 *   def.shape = c2d_shape_from_circle(circle);              (local frame)
 *   def.transform = c2d_transform_make(c2d_v2(3, 4), 0);    (placed in the world)
 *   c2d_world_add(w, &def, &id);
 *   c2d_world_set_transform(w, id, xf);                     (every frame, for what moved)
 *   c2d_world_update(w, &events, &event_count);             (begin / stay / end overlap events)
 *   c2d_world_raycast_first(w, ray, NULL, &hit, &found);    (NULL filter: every collider)
 *   c2d_world_destroy(w);
 *
 * Colliders: every convex kind c2d_shape holds, given in a local frame and placed by a
 * c2d_transform (a box under a rotation becomes a polygon, as c2d_shape_transform), and concave
 * polygons, which the world copies and splits into convex pieces (c2d_concave_decompose; given as
 * def->concave, or as a C2D_SHAPE_CONCAVE shape, whose outline is copied as placed by its own
 * transform and split again: the world keeps nothing of the caller's arrays); every
 * query answers once per collider, whatever its piece count. A concave collider is tested as its
 * pieces by shapes with an area; points and segments, which can lie exactly on a diagonal between
 * two pieces, are tested against its placed outline (c2d_concave_contains_point,
 * c2d_concave_overlap_segment), and rays too (c2d_concave_raycast), so that they never fall
 * between the pieces. Casts and distances use the pieces.
 *
 * Touching rule: as everywhere in collide2d, shapes that only touch do not overlap, a ray that
 * only grazes does not hit, and a cast that only slides along does not hit.
 *
 * Order: results are deterministic. Lists of colliders are sorted by collider index (id.index,
 * ascending); timed results (ray and cast hits) by time, then by index; the nearest collider is
 * the smallest distance, then the smallest index; events by the pair (a.index, b.index).
 *
 * Output buffers: list queries write the first min(total, capacity) results in that order into a
 * caller buffer (NULL allowed when capacity is 0) and the total into *out_total, so a call with
 * capacity 0 sizes the buffer; the results kept are always the first ones in the order, never
 * an arbitrary subset. Queries never allocate.
 *
 * Threads: queries take a const c2d_world and do not change it (no lazy work, no caches), so
 * several threads may query one world at once, as long as no thread changes it meanwhile.
 * Changes (add, remove, set_*, update, tile maps) need exclusive access.
 *
 * Callbacks (the world's custom filter, a query filter's accept function, the ray callback) must
 * not change the world: a change called while a query or an update of this world runs (in this
 * thread or another) is refused with C2D_ERR_BUSY and changes nothing.
 *
 * Handles: c2d_collider_id {index, world tag, generation}. A removed collider's slot is reused
 * with the next generation; a handle whose generation or world tag does not match, whose index is
 * out of range, or which is the null id gets C2D_ERR_BAD_ID, never a crash. Generations are 16
 * bits: a handle kept across 65535 reuses of its slot can match again (as Box2D's). */
#ifndef COLLIDE2D_WORLD_H
#define COLLIDE2D_WORLD_H

#include "shape.h"
#include "broadphase.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A world: opaque. Make one with c2d_world_create, free it with c2d_world_destroy. */
typedef struct c2d_world c2d_world;

/* Handle of a collider. The all-zero value is the null id, which no collider ever has. */
typedef struct c2d_collider_id {
    int32_t index;       /* slot in the world, >= 0; results are ordered by it */
    uint16_t world;      /* the world's tag (c2d_world_config.id_tag); never 0 in a live handle */
    uint16_t generation; /* slot reuse count, never 0 in a live handle */
} c2d_collider_id;

/* The null id (no collider). */
static inline c2d_collider_id c2d_collider_id_null(void) {
    c2d_collider_id id;
    id.index = 0;
    id.world = 0;
    id.generation = 0;
    return id;
}
/* True for the null id (generation 0). */
static inline bool c2d_collider_id_is_null(c2d_collider_id id) { return id.generation == 0; }
/* True when both handles are the same (index, world tag and generation). */
static inline bool c2d_collider_id_equal(c2d_collider_id a, c2d_collider_id b) {
    return a.index == b.index && a.world == b.world && a.generation == b.generation;
}

/* Collision filter (Box2D's). Two colliders may collide when they share a non-zero group_index:
 * a positive shared group always collides, a negative one never does; otherwise when
 * (a.category_bits & b.mask_bits) != 0 and (b.category_bits & a.mask_bits) != 0. Zero means
 * default: category_bits 0 is 1, mask_bits 0 is every bit (to collide with nothing, disable the
 * collider or use a negative group). The world's custom filter, when set, is asked last. */
typedef struct c2d_filter {
    uint64_t category_bits; /* what this collider is; 0: 1 */
    uint64_t mask_bits;     /* what it collides with; 0: all bits */
    int32_t group_index;    /* 0: no group */
} c2d_filter;

/* True when colliders with these filters may collide (the rule above, zero fields as defaults;
 * the world's custom filter is not asked). Symmetric. */
C2D_API bool c2d_filter_allows(c2d_filter a, c2d_filter b);

/* Collider flags (bits of c2d_collider_def.flags and c2d_world_set_flags). 0: a moving, solid,
 * enabled collider. */
enum {
    C2D_COLLIDER_STATIC = 1,  /* level geometry: kept in the static index (see c2d_world_config);
                                 it may still be moved, at the cost of a rebuild */
    C2D_COLLIDER_SENSOR = 2,  /* reports overlap events and queries find it (unless the query
                                 skips sensors), but it is not solid: movers should pass through */
    C2D_COLLIDER_DISABLED = 4 /* in the world, but no query finds it and it has no events */
};

/* What c2d_world_add takes. Zero-initialise it ({0}); zero fields mean defaults. */
typedef struct c2d_collider_def {
    c2d_shape shape;            /* convex shape in the collider's local frame (used when concave is NULL) */
    const c2d_concave *concave; /* a concave polygon in the local frame instead of shape (valid per
                                   c2d_concave_is_valid); the world copies its vertices */
    c2d_transform transform;    /* places the local frame in the world; a rotation with c = s = 0
                                   (the zeroed struct) means no rotation */
    c2d_filter filter;          /* zero: collides with everything */
    uint32_t flags;             /* C2D_COLLIDER_* bits */
    c2d_vec2 one_way;           /* (0,0): not one-way; otherwise the direction the collider is solid
                                   from (normalised when stored), see c2d_world_set_one_way */
    uint64_t user_data;         /* returned with every result and event */
} c2d_collider_def;

/* Everything c2d_world_get tells about a collider. */
typedef struct c2d_collider_info {
    c2d_shape shape;           /* local convex shape (type C2D_SHAPE_POLYGON, count 0 when concave) */
    c2d_concave concave;       /* local concave polygon when is_concave (vertices owned by the world,
                                  valid until the collider's shape changes or it is removed) */
    c2d_concave world_concave; /* the placed outline when is_concave (world-owned, valid as concave) */
    bool is_concave;
    int32_t piece_count; /* convex pieces in the world (1 for a convex shape) */
    c2d_transform transform;
    c2d_aabb aabb;     /* tight world bounding box of the placed shape */
    c2d_filter filter; /* as given (zero fields stay zero) */
    uint32_t flags;
    c2d_vec2 one_way; /* unit direction, or (0,0) when not one-way */
    uint64_t user_data;
} c2d_collider_info;

/* Which broad-phase index holds static or moving colliders. */
typedef enum c2d_world_index {
    C2D_WORLD_INDEX_DEFAULT = 0,     /* statics: STATIC_TREE; movers: DYNAMIC_TREE */
    C2D_WORLD_INDEX_STATIC_TREE = 1, /* bulk-built tree, statics only: rebuilt by c2d_world_update
                                        when statics changed (never inside a query); statics added,
                                        moved or changed since wait in the movers' index until then */
    C2D_WORLD_INDEX_DYNAMIC_TREE = 2,
    C2D_WORLD_INDEX_GRID = 3, /* cell size from c2d_world_config.cell_size (0: derived) */
    C2D_WORLD_INDEX_QUADTREE = 4,
    C2D_WORLD_INDEX_SWEEP_PRUNE = 5
} c2d_world_index;

/* Options of c2d_world_create. Zero-initialise it; every zero field means "default". */
typedef struct c2d_world_config {
    c2d_allocator allocator;      /* alloc == NULL: malloc and free; alloc set: free must be set too */
    int32_t capacity;             /* colliders to reserve room for; 0: a small default */
    int32_t max_colliders;        /* add refuses more (C2D_ERR_FULL); 0: unlimited (INT32_MAX - 1) */
    c2d_world_index static_index; /* index of static colliders; 0: STATIC_TREE */
    c2d_world_index moving_index; /* index of moving colliders; 0: DYNAMIC_TREE (STATIC_TREE: UNSUPPORTED) */
    c2d_real cell_size;           /* grid cell size when a GRID is chosen; 0: derived from the boxes */
    uint16_t id_tag;              /* stamped into every handle so that another world's handles are
                                     refused; 0: derived from the world's address (then two worlds
                                     share a tag with odds of about 1 in 65535) */
} c2d_world_config;

/* Custom pair filter of a world (c2d_world_set_custom_filter): asked after the bits of both
 * filters allowed the pair, for overlap events and for queries made as a collider (query filter
 * `self`). Return true to let the pair collide. It should answer the same for the same pair
 * until the filter is set again: pairs of unchanged colliders are not asked again. Must not change the world (C2D_ERR_BUSY). */
typedef bool c2d_world_pair_fn(c2d_collider_id a, uint64_t user_a, c2d_collider_id b, uint64_t user_b, void *context);

/* Per-candidate callback of a query filter: return true to keep the collider in the results. */
typedef bool c2d_world_accept_fn(c2d_collider_id id, uint64_t user_data, void *context);

/* Query filter bits (c2d_query_filter.flags). */
enum {
    C2D_QUERY_SKIP_SENSORS = 1, /* leave out sensor colliders */
    C2D_QUERY_SKIP_STATIC = 2,  /* leave out static colliders */
    C2D_QUERY_SKIP_MOVING = 4   /* leave out moving colliders */
};

/* Which colliders a query sees. Zero-initialised (or a NULL pointer): every enabled collider.
 * A collider is seen when it is enabled, passes flags, passes the bits (as c2d_filter_allows with
 * the query's category/mask/group standing for the other collider; category 0 here means all bits,
 * mask 0 all bits), and accept (if set) returns true. With self set, the query is made as that
 * collider: self is left out, and self's own filter plus the world's custom filter decide instead
 * of category/mask/group (for a mover casting its own shape). */
typedef struct c2d_query_filter {
    uint64_t category_bits;      /* 0: all bits */
    uint64_t mask_bits;          /* 0: all bits */
    int32_t group_index;         /* 0: no group */
    uint32_t flags;              /* C2D_QUERY_* bits */
    c2d_collider_id self;        /* non-null: query as this collider (it must be live: else BAD_ID) */
    c2d_world_accept_fn *accept; /* optional, called after every other test passed */
    void *context;               /* passed to accept */
} c2d_query_filter;

/* One collider found by a point, box, shape or ray query. */
typedef struct c2d_world_hit {
    c2d_collider_id id;
    uint64_t user_data;
    c2d_hit hit; /* shape hits: c2d_shape_hit(query shape as A, collider as B): normal from the
                    collider toward the query shape, delta moves the query shape out; ray hits:
                    c2d_shape_raycast, hit.time is the fraction along the ray */
} c2d_world_hit;

/* One collider and its contact manifold against a query shape (A = query shape, B = collider). */
typedef struct c2d_world_manifold {
    c2d_collider_id id;
    uint64_t user_data;
    c2d_manifold manifold; /* c2d_shape_manifold; count 0 for pairs without manifolds (points, segments) */
} c2d_world_manifold;

/* One collider hit by a shape cast (A = cast shape moving by the translation, B = the collider). */
typedef struct c2d_world_cast_hit {
    c2d_collider_id id;
    uint64_t user_data;
    c2d_sweep sweep; /* c2d_shape_cast(shape, translation, collider, (0,0)); has_hit is true */
} c2d_world_cast_hit;

/* The nearest collider to a shape (A = query shape, B = the collider). */
typedef struct c2d_world_nearest_hit {
    c2d_collider_id id;
    uint64_t user_data;
    c2d_distance_result distance; /* c2d_shape_distance(query shape, collider) */
} c2d_world_nearest_hit;

/* Ray callback of c2d_world_raycast: called with each collider the ray hits (exact hit,
 * hit->hit.time <= the current end), in the broad phase's traversal order (near to far only
 * roughly), at most once per collider. Return:
 *   a negative value: skip this collider and go on unchanged;
 *   a value in [0, current end]: clip the ray there (0 stops; hit->hit.time keeps the nearest);
 *   anything larger, or NaN: go on unclipped. */
typedef c2d_real c2d_world_ray_fn(const c2d_world_hit *hit, void *context);

/* Kinds of overlap event. */
typedef enum c2d_world_event_type {
    C2D_EVENT_BEGIN = 0, /* the pair started to overlap since the previous update */
    C2D_EVENT_STAY = 1,  /* the pair overlapped at the previous update and still does */
    C2D_EVENT_END = 2    /* the pair overlapped at the previous update and no longer does (or one
                            of them was removed, disabled, or its filter now refuses the pair) */
} c2d_world_event_type;

/* An overlap event between two colliders, a.index < b.index. */
typedef struct c2d_world_event {
    c2d_world_event_type type;
    c2d_collider_id a, b;    /* END events may hold handles that are no longer live */
    uint64_t user_a, user_b; /* user data (the last known, for removed colliders) */
} c2d_world_event;

/* Tile-map cell values (c2d_tilemap.cells). Any other non-zero value counts as SOLID. */
enum {
    C2D_TILE_EMPTY = 0,
    C2D_TILE_SOLID = 1,
    C2D_TILE_ONE_WAY = 2
};

/* A grid of cells for c2d_world_add_tilemap. Cell (column c, row r) is cells[r * columns + c]
 * and covers [origin.x + c * cell_size.x, origin.x + (c + 1) * cell_size.x] x
 * [origin.y + r * cell_size.y, origin.y + (r + 1) * cell_size.y] (row 0 at origin.y). */
typedef struct c2d_tilemap {
    const uint8_t *cells;
    int32_t columns, rows; /* > 0 */
    c2d_vec2 origin;
    c2d_vec2 cell_size; /* > 0 on both axes */
    c2d_vec2 one_way;   /* direction one-way cells are solid from; (0,0): (0, 1) (y up; on a
                           y-down screen pass (0, -1)) */
    c2d_filter filter;  /* given to every collider made */
    uint64_t user_data; /* given to every collider made */
} c2d_tilemap;

/* ---- the world ---- */

/* Makes an empty world (NULL config: all defaults).
 * Errors: NULL_ARG (out, or an allocator with alloc but no free), BAD_SIZE (capacity or
 * max_colliders < 0), UNSUPPORTED (an unknown index kind, or STATIC_TREE for movers), NOT_FINITE /
 * OUT_OF_RANGE / BAD_SIZE (cell_size), OUT_OF_MEMORY. */
C2D_API c2d_status c2d_world_create(const c2d_world_config *config, c2d_world **out);

/* Frees the world and everything it allocated (NULL allowed). Refused while busy (then it
 * returns C2D_ERR_BUSY and frees nothing); C2D_OK otherwise. */
C2D_API c2d_status c2d_world_destroy(c2d_world *world);

/* Expensive self-check of every internal invariant (handles, free list, indexes and their boxes,
 * cached world shapes, event pairs); for tests and debugging. False for NULL. */
C2D_API bool c2d_world_validate(const c2d_world *world);

/* Number of colliders in the world (enabled or not). 0 for NULL. */
C2D_API int32_t c2d_world_count(const c2d_world *world);

/* Handles of every collider, by index. Output buffer rule above. Errors: NULL_ARG. */
C2D_API c2d_status c2d_world_get_ids(const c2d_world *world, c2d_collider_id *ids, int32_t capacity, int32_t *out_total);

/* True when id is a live collider of this world. */
C2D_API bool c2d_world_contains(const c2d_world *world, c2d_collider_id id);

/* ---- colliders ---- */

/* Adds a collider and writes its handle to *out_id (the null id on failure).
 * Errors: NULL_ARG, NOT_FINITE / OUT_OF_RANGE (transform, shape, or the placed shape),
 * BAD_SIZE / DEGENERATE / SELF_INTERSECTING (an invalid shape or concave polygon),
 * UNSUPPORTED (unknown shape type or flag bits), FULL, BUSY, OUT_OF_MEMORY. */
C2D_API c2d_status c2d_world_add(c2d_world *world, const c2d_collider_def *def, c2d_collider_id *out_id);

/* Removes a collider; its handle becomes stale. Its overlap pairs end at the next update.
 * Errors: NULL_ARG, BAD_ID, BUSY. */
C2D_API c2d_status c2d_world_remove(c2d_world *world, c2d_collider_id id);

/* Places the collider's local frame (a rotation with c = s = 0 means none). On error the collider
 * keeps its old transform. Errors: NULL_ARG, BAD_ID, NOT_FINITE, OUT_OF_RANGE (the transform or
 * the placed shape), BUSY, OUT_OF_MEMORY. */
C2D_API c2d_status c2d_world_set_transform(c2d_world *world, c2d_collider_id id, c2d_transform transform);

/* Gives the collider a new convex local shape (replacing a concave one too). Errors as
 * c2d_world_add's shape errors, plus BAD_ID, BUSY; on error nothing changes. */
C2D_API c2d_status c2d_world_set_shape(c2d_world *world, c2d_collider_id id, const c2d_shape *shape);

/* Gives the collider a new concave local shape (copied). Errors as c2d_world_set_shape. */
C2D_API c2d_status c2d_world_set_concave(c2d_world *world, c2d_collider_id id, const c2d_concave *concave);

/* Sets the collider's filter. Errors: NULL_ARG, BAD_ID, BUSY. */
C2D_API c2d_status c2d_world_set_filter(c2d_world *world, c2d_collider_id id, c2d_filter filter);

/* Sets the collider's C2D_COLLIDER_* flags (moving it between the static and moving indexes when
 * C2D_COLLIDER_STATIC changes). Errors: NULL_ARG, BAD_ID, UNSUPPORTED (unknown bits), BUSY,
 * OUT_OF_MEMORY. */
C2D_API c2d_status c2d_world_set_flags(c2d_world *world, c2d_collider_id id, uint32_t flags);

/* One-way collider: direction (normalised when stored) is the side it is solid from. A one-way
 * collider blocks only motion against its direction (delta . direction < 0) of a shape that does
 * not overlap it at the start: a platform with direction (0, 1) holds what falls on it and lets
 * through what jumps up into it. That rule belongs to the movers built on the world; for every
 * query and for events a one-way collider is an ordinary collider. (0,0) makes it two-way again.
 * Errors: NULL_ARG, BAD_ID, NOT_FINITE, OUT_OF_RANGE, BUSY. */
C2D_API c2d_status c2d_world_set_one_way(c2d_world *world, c2d_collider_id id, c2d_vec2 direction);

/* Sets the collider's user data. Errors: NULL_ARG, BAD_ID, BUSY. */
C2D_API c2d_status c2d_world_set_user_data(c2d_world *world, c2d_collider_id id, uint64_t user_data);

/* Installs the world's custom pair filter (NULL removes it); every pair is filtered again at the
 * next update. Errors: NULL_ARG (world), BUSY. */
C2D_API c2d_status c2d_world_set_custom_filter(c2d_world *world, c2d_world_pair_fn *fn, void *context);

/* Everything about a collider. Errors: NULL_ARG, BAD_ID. */
C2D_API c2d_status c2d_world_get(const c2d_world *world, c2d_collider_id id, c2d_collider_info *out);

/* The collider's placed (world-frame) convex shape, or its piece-th convex piece when concave
 * (piece in [0, piece_count)); exactly what the queries test. Errors: NULL_ARG, BAD_ID,
 * OUT_OF_RANGE (piece). */
C2D_API c2d_status c2d_world_get_piece(const c2d_world *world, c2d_collider_id id, int32_t piece, c2d_shape *out);

/* True when the two live colliders may collide: both enabled, not the same, not both static,
 * their filters allow it and so does the custom filter (asked here). False for bad ids. */
C2D_API bool c2d_world_pair_allowed(const c2d_world *world, c2d_collider_id a, c2d_collider_id b);

/* ---- queries: const, no allocation, safe from several threads at once ----
 * Each takes a filter (NULL: every enabled collider). Invalid input gets a status and *out_total
 * (or *out_found) is 0 / false. Common errors: NULL_ARG (world or a required out pointer),
 * BAD_SIZE (capacity < 0, or a buffer NULL with capacity > 0), BAD_ID (filter->self not live). */

/* Colliders whose interior holds the point (c2d_shape_overlap with the point: on a segment or a
 * point collider counts), by index. Errors: NOT_FINITE, OUT_OF_RANGE (point). */
C2D_API c2d_status c2d_world_query_point(const c2d_world *world, c2d_vec2 point, const c2d_query_filter *filter,
                                         c2d_collider_id *ids, int32_t capacity, int32_t *out_total);

/* Colliders whose interior overlaps the box's (c2d_shape_overlap with the box; touching is not
 * overlap), by index. Errors: NOT_FINITE, OUT_OF_RANGE, BAD_SIZE (box not c2d_aabb_is_valid). */
C2D_API c2d_status c2d_world_query_aabb(const c2d_world *world, c2d_aabb box, const c2d_query_filter *filter,
                                        c2d_collider_id *ids, int32_t capacity, int32_t *out_total);

/* Colliders overlapping a world-frame shape (c2d_shape_overlap), by index.
 * Errors: NOT_FINITE, OUT_OF_RANGE, BAD_SIZE, DEGENERATE, UNSUPPORTED (shape not valid). */
C2D_API c2d_status c2d_world_overlap_shape(const c2d_world *world, const c2d_shape *shape, const c2d_query_filter *filter,
                                           c2d_collider_id *ids, int32_t capacity, int32_t *out_total);

/* The same colliders with c2d_shape_hit's contact and push-out (shape as A). A concave collider
 * gives the hit of its piece with the longest push-out (ties: the first piece); a point or segment
 * inside a concave collider only along a diagonal between pieces gets an all-zero hit. Errors as above. */
C2D_API c2d_status c2d_world_overlap_shape_hits(const c2d_world *world, const c2d_shape *shape, const c2d_query_filter *filter,
                                                c2d_world_hit *hits, int32_t capacity, int32_t *out_total);

/* The same colliders with c2d_shape_manifold (shape as A). A concave collider gives the manifold
 * of its piece with the deepest point (ties: the first piece). Errors as above. */
C2D_API c2d_status c2d_world_overlap_shape_manifolds(const c2d_world *world, const c2d_shape *shape,
                                                     const c2d_query_filter *filter, c2d_world_manifold *out,
                                                     int32_t capacity, int32_t *out_total);

/* Nearest hit of the ray (c2d_shape_raycast per collider; a point collider never blocks a ray):
 * smallest hit.time, then smallest index. *out (may be NULL) is written only when *out_found.
 * Errors: NOT_FINITE (origin, translation or max_fraction NaN), BAD_SIZE (max_fraction < 0),
 * OUT_OF_RANGE (origin). An infinite max_fraction is allowed. */
C2D_API c2d_status c2d_world_raycast_first(const c2d_world *world, c2d_raycast_input ray, const c2d_query_filter *filter,
                                           c2d_world_hit *out, bool *out_found);

/* Every collider the ray hits, by hit.time then index (a concave collider: its first entry, c2d_concave_raycast).
 * Errors as c2d_world_raycast_first, plus the buffer errors. */
C2D_API c2d_status c2d_world_raycast_all(const c2d_world *world, c2d_raycast_input ray, const c2d_query_filter *filter,
                                         c2d_world_hit *hits, int32_t capacity, int32_t *out_total);

/* Ray cast through a callback that can clip or skip (c2d_world_ray_fn). Errors as
 * c2d_world_raycast_first, plus NULL_ARG (fn). */
C2D_API c2d_status c2d_world_raycast(const c2d_world *world, c2d_raycast_input ray, const c2d_query_filter *filter,
                                     c2d_world_ray_fn *fn, void *context);

/* First collider hit by a world-frame shape moving by translation (c2d_shape_cast against each
 * candidate of the swept box): smallest hit.time, then index. out->sweep.time and .pos are the
 * smallest safe time over every collider hit (as c2d_shape_sweep_into), so that pos is clear of
 * all of them; out->sweep.hit is the first collider's. Colliders overlapped at the start are hit
 * at time 0 (use filter->self or accept to leave the mover itself out). *out may be NULL.
 * Errors: the shape errors of c2d_world_overlap_shape, NOT_FINITE / OUT_OF_RANGE (translation or
 * the swept box). */
C2D_API c2d_status c2d_world_cast_first(const c2d_world *world, const c2d_shape *shape, c2d_vec2 translation,
                                        const c2d_query_filter *filter, c2d_world_cast_hit *out, bool *out_found);

/* Every collider the cast hits, by hit.time then index, each with its own c2d_shape_cast result
 * (a concave collider: its earliest piece hit, with the smallest safe time of its pieces).
 * Errors as c2d_world_cast_first, plus the buffer errors. */
C2D_API c2d_status c2d_world_cast_all(const c2d_world *world, const c2d_shape *shape, c2d_vec2 translation,
                                      const c2d_query_filter *filter, c2d_world_cast_hit *hits, int32_t capacity,
                                      int32_t *out_total);

/* The collider nearest to a world-frame shape with c2d_shape_distance <= max_distance (0 when
 * touching or overlapping): smallest distance, then index. *out (may be NULL) written when found.
 * Errors: the shape errors, NOT_FINITE / BAD_SIZE (max_distance NaN or < 0), OUT_OF_RANGE
 * (max_distance > C2D_MAX_COORD). */
C2D_API c2d_status c2d_world_nearest(const c2d_world *world, const c2d_shape *shape, c2d_real max_distance,
                                     const c2d_query_filter *filter, c2d_world_nearest_hit *out, bool *out_found);

/* ---- update and events ---- */

/* Brings the world up to date and reports overlap events: first rebuilds the static tree when
 * statics were added, moved, changed or removed since the last update (the only place it is
 * rebuilt); then compares the pairs overlapping now (c2d_shape_overlap between the placed shapes,
 * for pairs c2d_world_pair_allowed allows, sensors included, never two statics) with those of the
 * previous update: BEGIN, STAY and END events sorted by (a.index, b.index), no duplicates (when a
 * slot was reused since, the old pair's END comes before the new pair's BEGIN). Only
 * pairs with a collider changed since the last update (added, removed, set_transform, set_shape,
 * set_concave, set_filter, set_flags) are tested again; the custom filter is asked again only for
 * those (all pairs after set_custom_filter). *events points into memory owned by the world, valid
 * until the next change or destroy; events may be NULL when only the count is wanted.
 * Errors: NULL_ARG (world, count), BUSY, OUT_OF_MEMORY (the world keeps its previous pairs and
 * changes, and the next update reports them). */
C2D_API c2d_status c2d_world_update(c2d_world *world, const c2d_world_event **events, int32_t *out_count);

/* ---- tile maps ---- */

/* Adds the fewest colliders it reasonably can for the map (greedy maximal rectangles: from the
 * first free solid cell in row-major order, the widest run, then as many rows as the run fits
 * in), as static boxes; runs of one-way cells along a row become separate static one-way boxes
 * (direction map->one_way). Every solid cell is covered by exactly one box, nothing else is.
 * The handles go to ids in that order and their number to *out_count; when capacity is too small
 * nothing is added, *out_count is the number needed and the result is BUFFER_TOO_SMALL (ids may
 * be NULL with capacity 0 to size it). Errors: NULL_ARG, BAD_SIZE (columns, rows or cell size
 * <= 0, or columns * rows overflowing), NOT_FINITE, OUT_OF_RANGE (origin, cell_size, the map's
 * extent), BUFFER_TOO_SMALL, FULL (nothing added), BUSY, OUT_OF_MEMORY (nothing added). */
C2D_API c2d_status c2d_world_add_tilemap(c2d_world *world, const c2d_tilemap *map, c2d_collider_id *ids,
                                         int32_t capacity, int32_t *out_count);

#ifdef __cplusplus
}
#endif

#endif /* COLLIDE2D_WORLD_H */
