/* SPDX-License-Identifier: MIT */
/* collide2d: bump-style moves in a world (bump.lua's move, check and project, for any shape). A
 * layer above the world: src/world_move.c uses only the public API of world.h.
 *
 *   c2d_move_collision cols[16];
 *   c2d_move_input in = {0};                 (zero: SLIDE against solids, CROSS through sensors)
 *   c2d_move_result r;
 *   in.collisions = cols; in.capacity = 16;
 *   c2d_world_move(w, player, goal, &in, &r);    (player's transform.p is now r.position)
 *   for (i = 0; i < r.count; ++i) ... cols[i].other, cols[i].normal ...
 *
 * Positions are the collider's transform position (c2d_transform.p, the origin of its local frame;
 * bump's x, y); the rotation never changes. A move is a loop of legs, bump's World:check:
 *   1. project the leg (start -> goal): every collider the mover would hit on the straight path,
 *      except itself and those already in this move's list (the visited set), for which the
 *      filter returns a response other than NONE;
 *   2. none: the mover ends at the leg's goal. Otherwise the first collision (order below) is
 *      appended to the list, its collider is marked visited, and its response gives the next leg:
 *      TOUCH   stops at touch;
 *      CROSS   keeps the leg (start, goal): the collider is only recorded;
 *      SLIDE   goes on from touch toward `slide`: the goal minus its motion into the normal;
 *      BOUNCE  goes on from touch toward `bounce`: that motion reflected;
 *      custom  c2d_move_response_fn sets the next leg's start and goal, or stops;
 *   3. repeat. Each collider responds at most once per move, so the loop ends; max_iterations caps
 *      it all the same (out->capped). A collider already crossed is left out of later legs (bump's
 *      visited set); one that got any other response still blocks them: a later leg that would
 *      enter it again (a slide along a second surface heading back into the first, a crease)
 *      stops at its touch, with no second record (bump leaves it out and passes through).
 *
 * Order: by ti (exact time of contact along the leg), then by the squared distance between the
 * centers of the mover's box (at the leg start) and the other's box (bump's sortByTiAndDistance),
 * then by collider index. Deterministic: the same world and inputs give bit-identical results.
 *
 * Differences from bump.lua (collide2d's rules kept; docs/design.md "bump.lua compatibility"):
 *   - touching is not a hit: a mover resting on, or sliding along, a surface gets no collision,
 *     and nor does a path through a corner that only touches it (bump skips that case by DELTA);
 *   - touch is backed off: the mover stops C2D_SWEEP_MARGIN short of the contact along its path
 *     (bump: exactly in contact). ti is still the exact time of contact. A diagonal move that
 *     touches a collider also backs off sideways, by up to the margin: a neighbour exactly flush
 *     with the mover's side (bump's "slides with every element" spec) is then hit as well;
 *   - an overlap at the start of a leg is a hit at ti = 0 (bump: ti = minus the overlap area, so
 *     deeper overlaps first) and touch is the static push-out (c2d_shape_hit's delta plus the
 *     margin along the normal, bump: back along the move, or the smallest corner displacement
 *     when not moving); SLIDE and BOUNCE then change only motion going into the normal;
 *   - a CROSS leg continues from its own start (bump: from the item's position before the move);
 *   - normals are unit vectors of any direction (bump: axis-aligned). SLIDE and BOUNCE with an
 *     axis-aligned normal give bump's numbers exactly (the goal's other coordinate is kept);
 *   - one-way colliders (c2d_world_set_one_way) block only a leg moving against their direction
 *     that does not start overlapping them; otherwise they are ignored (not recorded);
 *   - the filter may be asked several times about one pair in a move (once per leg, as bump's);
 *     a response it returns that is not known gives C2D_ERR_UNSUPPORTED (bump: an error).
 *
 * Callbacks: the filter runs inside a world query, so any change of the world it tries is refused
 * with C2D_ERR_BUSY. Custom responses get no world and must not change it (they are not guarded);
 * if one does, the move goes on with the world as it then is (a removed mover gives BAD_ID).
 *
 * Output buffer: the first min(total, capacity) collisions of the move, in the order they were
 * responded to, go to in->collisions; out->total counts them all. The move itself never depends
 * on the capacity (0 is fine). Threads: c2d_world_check and c2d_world_project do not change the
 * world (queries); c2d_world_move does (at its end, c2d_world_set_transform). */
#ifndef COLLIDE2D_WORLD_MOVE_H
#define COLLIDE2D_WORLD_MOVE_H

#include "world.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Default cap on the responses of one move (c2d_move_input.max_iterations 0). */
#define C2D_MOVE_DEFAULT_ITERATIONS 64
/* Largest accepted max_iterations (the visited set lives on the stack). */
#define C2D_MOVE_MAX_ITERATIONS 256

/* Responses a filter returns (int32_t). C2D_RESPONSE_CUSTOM + k names in->custom[k]. */
enum {
    C2D_RESPONSE_NONE = 0,   /* ignore the other collider (bump: nil / false) */
    C2D_RESPONSE_TOUCH = 1,  /* stop at the contact */
    C2D_RESPONSE_CROSS = 2,  /* pass through, recording it */
    C2D_RESPONSE_SLIDE = 3,  /* slide along the contact (bump's default) */
    C2D_RESPONSE_BOUNCE = 4, /* reflect the rest of the motion */
    C2D_RESPONSE_CUSTOM = 16 /* + k: the custom response in->custom[k] */
};

/* One collision of a move (A = the mover, B = other). Positions are transform positions. */
typedef struct c2d_move_collision {
    c2d_collider_id other;
    uint64_t other_user_data;
    int32_t response;    /* what the filter returned for this pair */
    bool overlaps;       /* the mover overlapped other at the start of the leg */
    c2d_real ti;         /* exact time of contact along the leg, in [0, 1] (0 when overlaps) */
    c2d_vec2 start;      /* where the leg began (bump's itemRect x, y) */
    c2d_vec2 move;       /* the leg's goal - start */
    c2d_vec2 normal;     /* unit, from other toward the mover */
    c2d_vec2 touch;      /* where the mover stops before other (backed off; overlaps: pushed out) */
    c2d_vec2 point;      /* contact point on other's surface (overlaps: c2d_shape_hit's pos) */
    c2d_aabb item_aabb;  /* the mover's box at the leg start */
    c2d_aabb other_aabb; /* other's box */
    c2d_vec2 slide;      /* SLIDE: the goal it slid toward; otherwise touch */
    c2d_vec2 bounce;     /* BOUNCE: the goal it bounced toward; otherwise touch */
} c2d_move_collision;

/* Filter of a move: the response of the mover (item; for c2d_world_project the item given there,
 * maybe null, with user data 0) to another collider. Called for every collider near the leg's
 * path that passes the query flags, the colliders' own filters and the world's custom filter,
 * before the exact test (so a collider may get a response and yet not be hit, as in bump). Any
 * world change it tries is refused (C2D_ERR_BUSY). */
typedef int32_t c2d_move_filter_fn(c2d_collider_id item, uint64_t item_user_data, c2d_collider_id other,
                                   uint64_t other_user_data, void *context);

/* Custom response (bump's addResponse). Called with the collision just appended (it may write
 * collision->slide / bounce, which are recorded) and the leg: *start, *goal. Set *start and *goal
 * to the next leg and return true to go on, or set *goal to the final position and return false
 * to stop there. The built-in responses are c2d_move_respond. Must not change the world. */
typedef bool c2d_move_response_fn(c2d_move_collision *collision, c2d_vec2 *start, c2d_vec2 *goal, void *context);

/* A custom response and its context. */
typedef struct c2d_move_custom_response {
    c2d_move_response_fn *fn;
    void *context;
} c2d_move_custom_response;

/* Options of a move, check or project. Zero-initialise it ({0}); a NULL input means all zeros. */
typedef struct c2d_move_input {
    c2d_move_filter_fn *filter;             /* NULL: SLIDE for solids, CROSS for sensors */
    void *context;                          /* passed to filter */
    const c2d_move_custom_response *custom; /* custom responses, C2D_RESPONSE_CUSTOM + k */
    int32_t custom_count;
    uint32_t query_flags;           /* C2D_QUERY_* bits: colliders left out of the move */
    int32_t max_iterations;         /* responses per move; 0: C2D_MOVE_DEFAULT_ITERATIONS */
    c2d_move_collision *collisions; /* caller buffer (NULL with capacity 0) */
    int32_t capacity;
} c2d_move_input;

/* What a move, check or project gives back. */
typedef struct c2d_move_result {
    c2d_vec2 position; /* where the mover ends (project: the goal) */
    int32_t count;     /* collisions written: min(total, capacity) */
    int32_t total;     /* collisions of the move */
    bool capped;       /* max_iterations responses were made and another collision followed: the
                          mover stops at that collision's touch, which is not recorded */
} c2d_move_result;

/* Moves collider id toward goal (a transform position), colliding on the way as described above,
 * and places it where it ends (c2d_world_set_transform with its rotation kept). On any error the
 * world is unchanged, out->position is the collider's position and the counts are 0 (the buffer
 * may hold partial records). Errors: NULL_ARG (world, out, a custom response without fn),
 * BAD_ID (id), NOT_FINITE / OUT_OF_RANGE (goal, or a leg a custom response set), BAD_SIZE
 * (capacity < 0 or a NULL buffer with capacity > 0, custom_count < 0, max_iterations outside
 * [0, C2D_MOVE_MAX_ITERATIONS]), UNSUPPORTED (a response the filter returned is unknown, or
 * query_flags has unknown bits), BUSY (called from a callback of this world), and the errors of
 * c2d_world_cast_all and c2d_world_set_transform. */
C2D_API c2d_status c2d_world_move(c2d_world *world, c2d_collider_id id, c2d_vec2 goal, const c2d_move_input *in,
                                  c2d_move_result *out);

/* c2d_world_move without moving: where the collider would end and its collisions (bump's
 * check). Errors as c2d_world_move, except BUSY and set_transform's. */
C2D_API c2d_status c2d_world_check(const c2d_world *world, c2d_collider_id id, c2d_vec2 goal, const c2d_move_input *in,
                                   c2d_move_result *out);

/* Every collision of a shape moved in a straight line, without responses (bump's project): the
 * convex shape, given in a local frame and placed by start (rotation kept), moves until start.p
 * reaches goal. Collisions in the order above, the first min(total, capacity) kept; each has the
 * response the filter chose but its slide / bounce are its touch. item (may be null) is left out
 * and is what the world's and the colliders' filters see (a query as that collider); in->filter
 * gets it with its user data. max_iterations is not used. out->position = goal. Errors: NULL_ARG,
 * BAD_ID (item not null and not live), the shape errors of c2d_world_cast_all, NOT_FINITE /
 * OUT_OF_RANGE (start, goal), BAD_SIZE, UNSUPPORTED as c2d_world_move. */
C2D_API c2d_status c2d_world_project(const c2d_world *world, c2d_collider_id item, const c2d_shape *shape,
                                     c2d_transform start, c2d_vec2 goal, const c2d_move_input *in,
                                     c2d_move_result *out);

/* Applies a built-in response (TOUCH, CROSS, SLIDE, BOUNCE) to a collision and its leg, as a move
 * does (bump.responses): writes collision->slide or ->bounce, sets the next *start and *goal, and
 * returns true when the move goes on. NONE, custom or unknown responses: false, nothing changed. */
C2D_API bool c2d_move_respond(int32_t response, c2d_move_collision *collision, c2d_vec2 *start, c2d_vec2 *goal);

#ifdef __cplusplus
}
#endif

#endif /* COLLIDE2D_WORLD_MOVE_H */
