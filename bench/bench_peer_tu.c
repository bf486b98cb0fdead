/* bench_narrow's "collide2d-tu" column: collide2d's queries compiled into this file through the
 * single header (make single-header; CMake generates it for the bench), as cute_c2's users compile
 * cute_c2 into theirs, so that the compiler may inline them into the loops. C2D_STATIC keeps this
 * copy to this file, beside the linked libcollide2d that the "collide2d" column calls. Same loops
 * and inputs as bench_narrow.cpp's collide2d rows. Bench code only. */
#define C2D_IMPLEMENTATION
#define C2D_STATIC
#include "collide2d_single.h"
#include "bench_peers.h"
#include <stdlib.h>

#define SCENE_T bench_scene_view
#include "bench_peer_common.h"

#define A (s->a)
#define B (s->b)
#define R (s->ray)
#define OV(call) acc.hits += (call) ? 1u : 0u;
#define MF(call) { c2d_manifold m = (call); if (m.count > 0) { acc.hits++; acc.f += m.points[0].depth; } }
#define RC(fn, shape) { c2d_hit h; if (fn(shape, R[i], &h)) { acc.hits++; acc.f += h.time; } }
#define DIST(pa, pb) { c2d_distance_result d = c2d_distance(pa, pb, 0); acc.hits += d.distance > 0 ? 0u : 1u; acc.f += d.distance; }

LOOP(aabb_overlap_aabb, OV(c2d_aabb_overlap_aabb(A.box[i], B.box[i])))
LOOP(aabb_overlap_circle, OV(c2d_aabb_overlap_circle(A.box[i], B.circle[i])))
LOOP(aabb_overlap_capsule, OV(c2d_aabb_overlap_capsule(A.box[i], B.capsule[i])))
LOOP(circle_overlap_circle, OV(c2d_circle_overlap_circle(A.circle[i], B.circle[i])))
LOOP(circle_overlap_capsule, OV(c2d_circle_overlap_capsule(A.circle[i], B.capsule[i])))
LOOP(capsule_overlap_capsule, OV(c2d_capsule_overlap_capsule(A.capsule[i], B.capsule[i])))
LOOP(aabb_manifold_aabb, MF(c2d_aabb_manifold_aabb(A.box[i], B.box[i])))
LOOP(aabb_manifold_circle, MF(c2d_aabb_manifold_circle(A.box[i], B.circle[i])))
LOOP(aabb_manifold_capsule, MF(c2d_aabb_manifold_capsule(A.box[i], B.capsule[i])))
LOOP(circle_manifold_circle, MF(c2d_circle_manifold_circle(A.circle[i], B.circle[i])))
LOOP(circle_manifold_capsule, MF(c2d_circle_manifold_capsule(A.circle[i], B.capsule[i])))
LOOP(capsule_manifold_capsule, MF(c2d_capsule_manifold_capsule(A.capsule[i], B.capsule[i])))
LOOP(aabb_raycast, RC(c2d_aabb_raycast, B.box[i]))
LOOP(circle_raycast, RC(c2d_circle_raycast, B.circle[i]))
LOOP(capsule_raycast, RC(c2d_capsule_raycast, B.capsule[i]))
LOOP(segment_raycast, RC(c2d_segment_raycast, B.seg[i]))
LOOP(segment_distance, {
    c2d_segment_distance_result d = c2d_segment_distance(A.seg[i], B.seg[i]);
    acc.hits += d.distance_squared > 0 ? 0u : 1u;
    acc.f += d.distance_squared;
})

LOOP(aabb_overlap_polygon, OV(c2d_aabb_overlap_polygon(A.box[i], &B.poly[v][i])))
LOOP(circle_overlap_polygon, OV(c2d_circle_overlap_polygon(A.circle[i], &B.poly[v][i])))
LOOP(circle_overlap_polygon_xf, {
    c2d_polygon pb = c2d_polygon_transform(&B.local[v][i], B.xf[i]);
    OV(c2d_circle_overlap_polygon(A.circle[i], &pb))
})
LOOP(capsule_overlap_polygon, OV(c2d_capsule_overlap_polygon(A.capsule[i], &B.poly[v][i])))
LOOP(polygon_overlap_polygon, OV(c2d_polygon_overlap_polygon(&A.poly[v][i], &B.poly[v][i])))
LOOP(polygon_overlap_polygon_xf, {
    c2d_polygon pa = c2d_polygon_transform(&A.local[v][i], A.xf[i]);
    c2d_polygon pb = c2d_polygon_transform(&B.local[v][i], B.xf[i]);
    OV(c2d_polygon_overlap_polygon(&pa, &pb))
})
LOOP(aabb_manifold_polygon, MF(c2d_aabb_manifold_polygon(A.box[i], &B.poly[v][i])))
LOOP(circle_manifold_polygon, MF(c2d_circle_manifold_polygon(A.circle[i], &B.poly[v][i])))
LOOP(circle_manifold_polygon_xf, MF(c2d_circle_manifold_polygon_xf(A.circle[i], &B.local[v][i], B.xf[i])))
LOOP(capsule_manifold_polygon, MF(c2d_capsule_manifold_polygon(A.capsule[i], &B.poly[v][i])))
LOOP(polygon_manifold_polygon, MF(c2d_polygon_manifold_polygon(&A.poly[v][i], &B.poly[v][i])))
LOOP(polygon_manifold_polygon_xf,
     MF(c2d_polygon_manifold_polygon_xf(&A.local[v][i], A.xf[i], &B.local[v][i], B.xf[i])))
LOOP(polygon_raycast, RC(c2d_polygon_raycast, &B.poly[v][i]))
LOOP(polygon_raycast_xf, {
    c2d_hit h;
    if (c2d_polygon_raycast_xf(&B.local[v][i], B.xf[i], R[i], &h)) { acc.hits++; acc.f += h.time + h.normal.x; }
})
LOOP(distance_polygon_polygon, DIST(&A.proxy[v][i], &B.proxy[v][i]))
LOOP(distance_polygon_polygon_xf, {
    c2d_proxy qa, qb;
    int j;
    qa.count = A.local[v][i].count;
    qb.count = B.local[v][i].count;
    qa.radius = qb.radius = 0;
    for (j = 0; j < qa.count; ++j) qa.points[j] = c2d_transform_point(A.xf[i], A.local[v][i].vertices[j]);
    for (j = 0; j < qb.count; ++j) qb.points[j] = c2d_transform_point(B.xf[i], B.local[v][i].vertices[j]);
    DIST(&qa, &qb)
})
LOOP(distance_circle_polygon, DIST(&A.circle_proxy[i], &B.proxy[v][i]))

static const bench_peer_case cases[] = {
    PLAIN(aabb_overlap_aabb), PLAIN(aabb_overlap_circle), PLAIN(aabb_overlap_capsule),
    PLAIN(circle_overlap_circle), PLAIN(circle_overlap_capsule), PLAIN(capsule_overlap_capsule),
    PLAIN(aabb_manifold_aabb), PLAIN(aabb_manifold_circle), PLAIN(aabb_manifold_capsule),
    PLAIN(circle_manifold_circle), PLAIN(circle_manifold_capsule), PLAIN(capsule_manifold_capsule),
    PLAIN(aabb_raycast), PLAIN(circle_raycast), PLAIN(capsule_raycast), PLAIN(segment_raycast),
    PLAIN(segment_distance),
    POLY(aabb_overlap_polygon), POLY(circle_overlap_polygon), POLY(circle_overlap_polygon_xf),
    POLY(capsule_overlap_polygon), POLY(polygon_overlap_polygon), POLY(polygon_overlap_polygon_xf),
    POLY(aabb_manifold_polygon), POLY(circle_manifold_polygon), POLY(circle_manifold_polygon_xf),
    POLY(capsule_manifold_polygon), POLY(polygon_manifold_polygon), POLY(polygon_manifold_polygon_xf),
    POLY(polygon_raycast), POLY(polygon_raycast_xf),
    POLY(distance_polygon_polygon), POLY(distance_polygon_polygon_xf), POLY(distance_circle_polygon),
};

/* A copy of the view: this column reads collide2d's own arrays. */
static const void *scene_make(const bench_scene_view *view) {
    bench_scene_view *copy = (bench_scene_view *)malloc(sizeof *copy);
    if (copy) *copy = *view;
    return copy;
}

const bench_peer bench_peer_tu = {"collide2d-tu", scene_make, cases, (int)(sizeof cases / sizeof cases[0])};
