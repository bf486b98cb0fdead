/* The optional columns of bench_narrow, each in a C translation unit of its own:
 *   bench_peer_tu.c       collide2d through collide2d_single.h (C2D_IMPLEMENTATION, C2D_STATIC):
 *                         the queries compiled into the calling file, as a single-header user has them
 *   bench_peer_cute_c2.c  cute_c2 (CUTE_C2_IMPLEMENTATION in that file, as its users compile it)
 *   bench_peer_box2d3.c   Box2D v3 (its static library)
 * Each converts the scene (collide2d's arrays) into its own types once, before any timing, and
 * gives a table of loops named as bench_narrow's cases; a loop runs `passes` times over the n pairs
 * and folds each result into the accumulator, as bench_narrow's own loops do. Bench code only.
 * Include collide2d's declarations (collide2d.h or collide2d_single.h) before this file. */
#ifndef COLLIDE2D_BENCH_PEERS_H
#define COLLIDE2D_BENCH_PEERS_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The accumulator of bench_util.h (bench::Acc), in C. */
typedef struct bench_acc {
    uint64_t hits;
    double f;
} bench_acc;

/* One side of the scene's pairs (bench_narrow.cpp's Side), index i of every array for pair i.
 * poly/local/proxy: [0] 4 vertices, [1] 8 vertices. */
typedef struct bench_side_view {
    const c2d_vec2 *point;
    const c2d_segment *seg;
    const c2d_aabb *box;
    const c2d_circle *circle;
    const c2d_capsule *capsule;
    const c2d_polygon *poly[2];  /* world frame */
    const c2d_polygon *local[2]; /* local frame, placed by xf */
    const c2d_transform *xf;
    const c2d_proxy *proxy[2];
    const c2d_proxy *circle_proxy;
} bench_side_view;

/* A scene: n pairs (a[i], b[i]) and a ray aimed at b[i]. */
typedef struct bench_scene_view {
    int n;
    bench_side_view a, b;
    const c2d_raycast_input *ray;
} bench_scene_view;

/* Runs a case `passes` times over the scene's pairs; v: 0 for 4-vertex polygons, 1 for 8. */
typedef void bench_peer_fn(const void *scene, int v, int passes, bench_acc *acc);

/* A case a peer shares with collide2d: bench_narrow's case name; polygon: 1 when the case has a
 * polygon (run at 4 and 8 vertices), 0 when it has none. */
typedef struct bench_peer_case {
    const char *name;
    int polygon;
    bench_peer_fn *fn;
} bench_peer_case;

/* A peer: its column name, a scene converter (its copy lives until the program ends; NULL when
 * it cannot convert the scene) and its case table (count cases). */
typedef struct bench_peer {
    const char *impl;
    const void *(*scene_make)(const bench_scene_view *view);
    const bench_peer_case *cases;
    int count;
} bench_peer;

/* bench_cast's scenes: n casts of one pair of kinds (c2d_shape_type), each given as bench_cast.cpp's
 * c2d_toi_input (the shapes' local proxies and their motions; B stays put; in the linear cases
 * neither turns, in the rotating ones both do). */
typedef struct bench_cast_view {
    int n;
    int kind_a, kind_b;
    int rotate;
    const c2d_toi_input *toi;
} bench_cast_view;

/* A peer of bench_cast: scene_make converts a scene, or gives NULL when the peer has no such
 * query (cute_c2 has no rotation); fn runs the casts (v is unused); scene_free frees a scene. */
typedef struct bench_cast_peer {
    const char *impl;
    const void *(*scene_make)(const bench_cast_view *view);
    bench_peer_fn *fn;
    void (*scene_free)(const void *scene);
} bench_cast_peer;

extern const bench_cast_peer bench_cast_peer_cute_c2; /* c2TOI, linear casts only */
extern const bench_cast_peer bench_cast_peer_box2d3;  /* b2ShapeCast (linear), b2TimeOfImpact (rotating) */

extern const bench_peer bench_peer_tu;      /* bench_peer_tu.c */
extern const bench_peer bench_peer_cute_c2; /* bench_peer_cute_c2.c */
extern const bench_peer bench_peer_box2d3;  /* bench_peer_box2d3.c */

#ifdef __cplusplus
}
#endif

#endif
