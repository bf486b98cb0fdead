/* collide2d private: the world's data, shared by world.c, world_query.c and tilemap.c. Not installed. */
#ifndef COLLIDE2D_WORLD_INTERNAL_H
#define COLLIDE2D_WORLD_INTERNAL_H

#include "internal.h"
#include "collide2d/world.h"

#if defined(__STDC_VERSION__) && __STDC_VERSION__ >= 201112L && !defined(__STDC_NO_ATOMICS__)
#  include <stdatomic.h>
typedef atomic_int world_busy_t;
#  define WORLD_BUSY_ADD(w, d) atomic_fetch_add(&(w)->busy, (d))
#  define WORLD_BUSY_GET(w) atomic_load(&(w)->busy)
#else
typedef volatile int world_busy_t;
#  define WORLD_BUSY_ADD(w, d) ((w)->busy += (d))
#  define WORLD_BUSY_GET(w) ((w)->busy)
#endif

/* Where a collider's proxy lives. */
enum {
    WHERE_NONE = 0,        /* free slot */
    WHERE_STATIC_TREE = 1, /* the bulk-built static tree (proxy = position in it) */
    WHERE_STATIC = 2,      /* the static index when it is a dynamic kind */
    WHERE_MOVING = 3       /* the movers' index (movers, and statics waiting for the rebuild) */
};

typedef struct wcollider {
    c2d_shape local;      /* convex local shape (unused when concave) */
    c2d_shape world;      /* placed convex shape (unused when concave) */
    c2d_shape *pieces;    /* concave: piece_count local pieces, then piece_count placed ones */
    c2d_vec2 *verts;      /* concave: the world's copy of the local outline, then the placed one */
    c2d_concave concave;  /* concave: the local polygon over verts */
    c2d_concave wconcave; /* concave: the placed polygon over verts + count (points and segments
                             are tested against it: they can lie on an internal diagonal) */
    int32_t piece_count;  /* 1 for convex */
    c2d_transform xf;
    c2d_aabb aabb; /* tight placed bounds */
    c2d_aabb box;  /* padded bounds, as given to the index */
    c2d_aabb fat;  /* events' fat box: holds box; a mover's is box grown by the world's margin
                      when it was last set, a static's (or a far mover's) is box itself */
    int32_t cand;  /* first end of its candidate-pair list (c2d_world.ends), or -1 */
    c2d_filter filter;
    uint32_t flags;
    c2d_vec2 one_way;
    uint64_t user_data;
    int32_t proxy;
    int32_t next_free;
    uint16_t generation;
    uint8_t where;
    uint8_t dirty;
    uint8_t refat; /* its fat box changed (or it was put in an index): candidates to find again */
} wcollider;

/* One end of a candidate pair: record r has ends 2r and 2r + 1, end 2r in the list of the collider
 * that end 2r + 1 names, and the other way round. A free record keeps the next free one in the
 * next field of its end 2r. */
typedef struct wcand_end {
    int32_t other;      /* the collider at the far end */
    int32_t next, prev; /* neighbours in the owner's list (-1: none) */
} wcand_end;

/* A pair overlapping at the last update, a < b (indices), with the generations it was found at. */
typedef struct wpair {
    int32_t a, b;
    uint16_t ga, gb;
    uint64_t ua, ub;
} wpair;

struct c2d_world {
    c2d_allocator alloc;
    wcollider *c;
    int32_t cap, high, count, free_head, max_colliders;
    c2d_world_index static_kind, moving_kind;
    c2d_index_config icfg;
    c2d_index *static_index; /* NULL while a static tree would be empty */
    c2d_index *moving_index;
    int32_t pending, tombstones; /* static-tree statics waiting in moving_index; dead static-tree proxies */
    int32_t *dirty;
    int32_t dirty_count, dirty_cap;
    uint64_t *dirty_keys; /* scratch of c2d_world_update's spatial sort of the dirty list */
    int32_t dirty_keys_cap;
    bool all_dirty;
    wpair *pairs;
    int32_t pair_count, pair_cap;
    wcand_end *ends; /* candidate pairs: colliders whose fat boxes may overlap */
    int32_t end_cap, cand_used, cand_free, cand_count;
    c2d_world_event *events;
    int32_t event_count, event_cap;
    c2d_world_pair_fn *custom;
    void *custom_ctx;
    uint16_t tag;
    world_busy_t busy;
};

/* The placed shape of piece k. */
static inline const c2d_shape *wc_piece(const wcollider *c, int32_t k) {
    return c->pieces ? &c->pieces[c->piece_count + k] : &c->world;
}
/* A query or collider shape overlaps collider c (points and segments against a concave outline,
 * anything with an area against its pieces). */
bool c2di_shape_overlaps_collider(const c2d_shape *q, const wcollider *c);
/* Live collider slot for a handle, or NULL. */
const wcollider *c2di_world_lookup(const c2d_world *w, c2d_collider_id id);
/* The handle of slot i. */
static inline c2d_collider_id c2di_world_id(const c2d_world *w, int32_t i) {
    c2d_collider_id id;
    id.index = i;
    id.world = w->tag;
    id.generation = w->c[i].generation;
    return id;
}
/* The bits and groups of two filters allow a pair. */
bool c2di_filter_bits(c2d_filter a, c2d_filter b);
/* Padded index box of a tight box (never below the tight box, clamped to C2D_MAX_COORD). */
c2d_aabb c2di_world_pad(c2d_aabb b);
/* Placed shapes of two colliders overlap (any pair of pieces). */
bool c2di_colliders_overlap(const wcollider *a, const wcollider *b);

#endif
