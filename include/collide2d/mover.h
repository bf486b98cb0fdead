/* SPDX-License-Identifier: MIT */
/* collide2d: the character mover. Moves one collider of a world (of any kind the world accepts,
 * a concave polygon included) by a desired translation: it slides along what it meets, keeps a skin gap from every
 * surface, climbs slopes up to a limit, steps up stairs, snaps down to the ground, stands on
 * one-way platforms and rides moving ones. Built on the world's public queries only; see
 * docs/character.md for the algorithm and each setting.
 *
 *   c2d_mover m; c2d_mover_config cfg = {0};      (zero fields: defaults; y up)
 *   c2d_mover_init(&m, world, player_id, &cfg);   (player_id: a collider already in the world)
 *   each frame:
 *     c2d_mover_input in = {0}; c2d_mover_result r;
 *     in.translation = c2d_v2(vx * dt, vy * dt);  (gravity included by the caller)
 *     c2d_mover_move(&m, world, &in, NULL, 0, &r); (moves the collider; r says what happened)
 *     if (r.grounded) vy = 0;
 *
 * Arcs (annular sectors, the one kind that is not convex as a single piece), as the mover or as
 * what it meets: a graze on an arc is followed past (the mover's real shape is cast along the rest
 * of the move), and the arc's cast does not stop at a touching start. The arc's casts stop within
 * a tolerance, not exactly, so a call that met an arc (or moves one) ends with a check: if the
 * real shape overlaps something solid there, the move ends at the last clear position along its
 * path (found for near-tangent contacts with an arc's inner circle, 3e-7 apart before a move of
 * 2e-6).
 *
 * Moving platforms: the mover remembers the collider it stands on and that collider's transform
 * at the end of each call. At the next call, if that collider has moved since (the caller moved
 * it with c2d_world_set_transform before calling), the mover is first carried by the platform's
 * motion (translation and rotation about the platform's origin applied to the mover's position),
 * then makes the desired move. Nothing else is needed from the caller.
 *
 * One-way colliders (c2d_world_set_one_way, direction w): the mover treats one as solid only
 * while the mover lies wholly on its solid side (its lowest point along w at or above the
 * collider's highest, within the skin) and moves against w; so it stands on it from above and
 * passes through from below or the side. c2d_mover_input.drop_through passes down through all
 * of them for that call.
 *
 * Determinism: the same inputs (world, mover, input) give bit-identical results. */
#ifndef COLLIDE2D_MOVER_H
#define COLLIDE2D_MOVER_H

#include "world.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Settings of a mover. Zero-initialise it ({0}); every zero field means its default. Lengths are
 * in world units; "height" below is the mover shape's extent along up. */
typedef struct c2d_mover_config {
    c2d_vec2 up;              /* unit "up" (normalised when stored); (0,0): (0, 1) */
    c2d_real skin;            /* gap kept between the mover and every surface, > 0;
                                 0: 1% of the height */
    bool no_slide;            /* false (default): slide along what it meets; true: stop at the
                                 first contact */
    c2d_real max_slope;       /* steepest ground it can walk up, radians from up, in (0, pi/2);
                                 steeper surfaces are walls; 0: pi/4 (45 degrees) */
    c2d_real min_slide_slope; /* ground at least this steep (radians, in (0, pi/2]) lets a
                                 downward move slide down it; on gentler ground the mover stays
                                 put; 0: max_slope */
    c2d_real step_height;     /* step-up: highest step it climbs when grounded and blocked by a
                                 wall, >= 0; 0: no step-up */
    c2d_real step_min_width;  /* step-up: free width the step's top must offer, >= 0; 0: half
                                 the mover's width (its extent across up) */
    c2d_real snap_distance;   /* snap to ground: how far down it looks for the ground after a
                                 move that was grounded and not moving up, >= 0; 0: no snap */
    int32_t max_iterations;   /* casts per move (each contact costs one), in [1, 64]; 0: 4 */
    c2d_query_filter filter;  /* what the mover collides with; `self` is always set to the
                                 mover's collider (its own filter and the world's custom filter
                                 decide, see c2d_query_filter); sensors are always skipped */
} c2d_mover_config;

/* A mover: caller-owned, made by c2d_mover_init. Treat the fields as read-only. */
typedef struct c2d_mover {
    c2d_collider_id collider;       /* the moved collider */
    c2d_mover_config config;        /* the settings with every default resolved */
    bool grounded;                  /* grounded at the end of the last move */
    c2d_collider_id ground;         /* the collider it stood on (null when not grounded) */
    c2d_transform ground_transform; /* that collider's transform at the end of the last move */
    c2d_vec2 ground_normal;         /* its surface normal there (unit, toward the mover) */
} c2d_mover;

/* What one c2d_mover_move call is asked to do. Zero-initialise it. */
typedef struct c2d_mover_input {
    c2d_vec2 translation; /* desired move this call (world units, gravity included) */
    bool drop_through;    /* pass through every one-way collider during this call */
} c2d_mover_input;

/* Kinds of contact, by the surface normal n (toward the mover) and up. */
typedef enum c2d_mover_contact_kind {
    C2D_MOVER_GROUND = 0, /* n . up >= cos(max_slope): ground it can stand on */
    C2D_MOVER_WALL = 1,   /* between: a wall, or ground too steep to climb */
    C2D_MOVER_CEILING = 2 /* n . up <= -cos(max_slope) */
} c2d_mover_contact_kind;

/* One surface the mover met during a call. */
typedef struct c2d_mover_contact {
    c2d_collider_id id;
    uint64_t user_data;
    c2d_vec2 point;  /* contact point on the collider's surface */
    c2d_vec2 normal; /* unit surface normal from the collider toward the mover, after
                        seam correction (docs/character.md) */
    c2d_mover_contact_kind kind;
} c2d_mover_contact;

/* What a call did. */
typedef struct c2d_mover_result {
    c2d_vec2 position;       /* the collider's final transform.p */
    c2d_vec2 moved;          /* position minus the start position (carry and recovery included) */
    c2d_vec2 carried;        /* the part of moved that a moving platform carried */
    c2d_vec2 recovered;      /* the push out of an overlap at the start (0,0 when none) */
    bool started_inside;     /* the mover's shape overlapped a solid collider at the start */
    bool stuck;              /* it started inside and found no push that gets out without
                                passing through another collider: it stayed where it was */
    bool grounded;           /* on climbable ground at the end (within the skin) */
    c2d_vec2 ground_normal;  /* that ground's normal (toward the mover); (0,0) when not grounded */
    c2d_collider_id ground;  /* that ground's collider; null when not grounded */
    c2d_real ground_angle;   /* angle between ground_normal and up, radians; 0 when not grounded */
    bool hit_wall;           /* it met a wall (or too steep a slope) during the call */
    c2d_vec2 wall_normal;    /* the last wall's normal; (0,0) when none */
    bool hit_ceiling;        /* it met a ceiling during the call */
    c2d_vec2 ceiling_normal; /* the last ceiling's normal; (0,0) when none */
    bool stepped;            /* it stepped up a step */
    bool snapped;            /* it snapped down to the ground */
    int32_t contact_count;   /* contacts met, in order (the total, even beyond the buffer) */
} c2d_mover_result;

/* Makes a mover for a live collider of world, of any kind the world accepts (NULL config: all
 * defaults). Validates the settings and resolves the defaults into mover->config; *mover is
 * written only on success. Errors: NULL_ARG (mover, world), BAD_ID (collider),
 * BUFFER_TOO_SMALL (a concave collider of more than 16 convex pieces), NOT_FINITE (a NaN setting),
 * BAD_SIZE (skin, step or snap negative; a zero default skin, from a shape of no height such as a
 * point or a flat segment: give it a skin; max_iterations outside [0, 64]; up neither (0,0) nor
 * normalisable), BAD_ANGLE (max_slope or min_slide_slope outside their ranges), OUT_OF_RANGE
 * (a length above C2D_MAX_COORD). */
C2D_API c2d_status c2d_mover_init(c2d_mover *mover, const c2d_world *world, c2d_collider_id collider,
                                  const c2d_mover_config *config);

/* Moves the mover's collider by input->translation as the algorithm of docs/character.md allows
 * and sets its transform in the world (rotation unchanged). contacts (may be NULL with capacity 0)
 * receives the first min(total, capacity) contacts met, in order; out->contact_count the total.
 * *out may be NULL. On an error nothing changes (mover, world, *out, contacts).
 * Errors: NULL_ARG (mover, world, input), NOT_FINITE (a NaN or infinite translation),
 * OUT_OF_RANGE (translation or final position beyond C2D_MAX_COORD), BAD_SIZE (capacity < 0,
 * or contacts NULL with capacity > 0; settings in mover->config that c2d_mover_init would refuse),
 * BAD_ID (the collider is no longer live), BUFFER_TOO_SMALL (its shape became a concave polygon
 * of more than 16 pieces), BUSY, OUT_OF_MEMORY (from c2d_world_set_transform). */
C2D_API c2d_status c2d_mover_move(c2d_mover *mover, c2d_world *world, const c2d_mover_input *input,
                                  c2d_mover_contact *contacts, int32_t capacity, c2d_mover_result *out);

/* Forgets the ground it stood on (no platform carry at the next move, no snap): call after
 * teleporting the collider with c2d_world_set_transform. NULL allowed. */
C2D_API void c2d_mover_reset(c2d_mover *mover);

#ifdef __cplusplus
}
#endif

#endif /* COLLIDE2D_MOVER_H */
