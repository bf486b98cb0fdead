/* bench_narrow's "cute_c2" column: cute_c2.h (github.com/RandyGaul/cute_headers, never part of this
 * repository; make bench takes its path as CUTE_C2_H) compiled into this file as its users do, so
 * that its small queries may inline into the loops. Its shapes are converted from the scene once,
 * before timing: polygons through c2MakePoly, transforms as c2x, rays as c2Ray with a unit
 * direction and t = the translation's length. c2GJK runs without a cache. Bench code only. */
#define CUTE_C2_IMPLEMENTATION
#include <cute_c2.h>

#include <math.h>
#include <stdlib.h>
#include <collide2d.h>
#include "bench_peers.h"

typedef struct side {
    c2v *point;
    c2AABB *box;
    c2Circle *circle;
    c2Capsule *capsule;
    c2Poly *poly[2], *local[2];
    c2x *xf;
} side;

typedef struct scene {
    int n;
    side a, b;
    c2Ray *ray;
} scene;

static c2v cv(c2d_vec2 v) { return c2V((float)v.x, (float)v.y); }

static c2Poly make_poly(const c2d_polygon *p) {
    c2Poly q;
    int j;
    q.count = p->count;
    for (j = 0; j < p->count; ++j) q.verts[j] = cv(p->vertices[j]);
    c2MakePoly(&q);
    return q;
}

static int fill_side(side *d, const bench_side_view *s, int n) {
    int i, v;
    d->point = malloc(sizeof *d->point * (size_t)n);
    d->box = malloc(sizeof *d->box * (size_t)n);
    d->circle = malloc(sizeof *d->circle * (size_t)n);
    d->capsule = malloc(sizeof *d->capsule * (size_t)n);
    d->xf = malloc(sizeof *d->xf * (size_t)n);
    if (!d->point || !d->box || !d->circle || !d->capsule || !d->xf) return 0;
    for (v = 0; v < 2; ++v) {
        d->poly[v] = malloc(sizeof(c2Poly) * (size_t)n);
        d->local[v] = malloc(sizeof(c2Poly) * (size_t)n);
        if (!d->poly[v] || !d->local[v]) return 0;
    }
    for (i = 0; i < n; ++i) {
        d->point[i] = cv(s->point[i]);
        d->box[i].min = cv(s->box[i].lower);
        d->box[i].max = cv(s->box[i].upper);
        d->circle[i].p = cv(s->circle[i].center);
        d->circle[i].r = (float)s->circle[i].radius;
        d->capsule[i].a = cv(s->capsule[i].p1);
        d->capsule[i].b = cv(s->capsule[i].p2);
        d->capsule[i].r = (float)s->capsule[i].radius;
        d->xf[i].p = cv(s->xf[i].p);
        d->xf[i].r.c = (float)s->xf[i].q.c;
        d->xf[i].r.s = (float)s->xf[i].q.s;
        for (v = 0; v < 2; ++v) {
            d->poly[v][i] = make_poly(&s->poly[v][i]);
            d->local[v][i] = make_poly(&s->local[v][i]);
        }
    }
    return 1;
}

static const void *scene_make(const bench_scene_view *view) {
    scene *s = calloc(1, sizeof *s);
    int i;
    if (!s) return NULL;
    s->n = view->n;
    s->ray = malloc(sizeof *s->ray * (size_t)view->n);
    if (!s->ray || !fill_side(&s->a, &view->a, view->n) || !fill_side(&s->b, &view->b, view->n)) return NULL;
    for (i = 0; i < view->n; ++i) {
        double tx = (double)view->ray[i].translation.x, ty = (double)view->ray[i].translation.y;
        double len = sqrt(tx * tx + ty * ty) * (double)view->ray[i].max_fraction;
        s->ray[i].p = cv(view->ray[i].origin);
        s->ray[i].d = c2V((float)(tx / sqrt(tx * tx + ty * ty)), (float)(ty / sqrt(tx * tx + ty * ty)));
        s->ray[i].t = (float)len;
    }
    return s;
}

#define SCENE_T scene
#include "bench_peer_common.h"

#define A (s->a)
#define B (s->b)
#define OV(call) acc.hits += (call) ? 1u : 0u;
#define MF(call) { c2Manifold m; call; if (m.count > 0) { acc.hits++; acc.f += m.depths[0]; } }
#define RC(call) { c2Raycast o; if (call) { acc.hits++; acc.f += o.t; } }
#define GJK(pa, ta, xa, pb, tb, xb) { c2v ca, cb; int it; float d = c2GJK(pa, ta, xa, pb, tb, xb, &ca, &cb, 1, &it, NULL); \
    acc.hits += d > 0 ? 0u : 1u; acc.f += d; }

LOOP(aabb_overlap_aabb, OV(c2AABBtoAABB(A.box[i], B.box[i])))
LOOP(aabb_overlap_circle, OV(c2CircletoAABB(B.circle[i], A.box[i])))
LOOP(aabb_overlap_capsule, OV(c2AABBtoCapsule(A.box[i], B.capsule[i])))
LOOP(circle_overlap_circle, OV(c2CircletoCircle(A.circle[i], B.circle[i])))
LOOP(circle_overlap_capsule, OV(c2CircletoCapsule(A.circle[i], B.capsule[i])))
LOOP(capsule_overlap_capsule, OV(c2CapsuletoCapsule(A.capsule[i], B.capsule[i])))
LOOP(aabb_manifold_aabb, MF(c2AABBtoAABBManifold(A.box[i], B.box[i], &m)))
LOOP(aabb_manifold_circle, MF(c2CircletoAABBManifold(B.circle[i], A.box[i], &m)))
LOOP(aabb_manifold_capsule, MF(c2AABBtoCapsuleManifold(A.box[i], B.capsule[i], &m)))
LOOP(circle_manifold_circle, MF(c2CircletoCircleManifold(A.circle[i], B.circle[i], &m)))
LOOP(circle_manifold_capsule, MF(c2CircletoCapsuleManifold(A.circle[i], B.capsule[i], &m)))
LOOP(capsule_manifold_capsule, MF(c2CapsuletoCapsuleManifold(A.capsule[i], B.capsule[i], &m)))
LOOP(aabb_raycast, RC(c2RaytoAABB(s->ray[i], B.box[i], &o)))
LOOP(circle_raycast, RC(c2RaytoCircle(s->ray[i], B.circle[i], &o)))
LOOP(capsule_raycast, RC(c2RaytoCapsule(s->ray[i], B.capsule[i], &o)))

LOOP(aabb_overlap_polygon, OV(c2AABBtoPoly(A.box[i], &B.poly[v][i], NULL)))
LOOP(circle_overlap_polygon, OV(c2CircletoPoly(A.circle[i], &B.poly[v][i], NULL)))
LOOP(circle_overlap_polygon_xf, OV(c2CircletoPoly(A.circle[i], &B.local[v][i], &B.xf[i])))
LOOP(capsule_overlap_polygon, OV(c2CapsuletoPoly(A.capsule[i], &B.poly[v][i], NULL)))
LOOP(polygon_overlap_polygon, OV(c2PolytoPoly(&A.poly[v][i], NULL, &B.poly[v][i], NULL)))
LOOP(polygon_overlap_polygon_xf, OV(c2PolytoPoly(&A.local[v][i], &A.xf[i], &B.local[v][i], &B.xf[i])))
LOOP(aabb_manifold_polygon, MF(c2AABBtoPolyManifold(A.box[i], &B.poly[v][i], NULL, &m)))
LOOP(circle_manifold_polygon, MF(c2CircletoPolyManifold(A.circle[i], &B.poly[v][i], NULL, &m)))
LOOP(circle_manifold_polygon_xf, MF(c2CircletoPolyManifold(A.circle[i], &B.local[v][i], &B.xf[i], &m)))
LOOP(capsule_manifold_polygon, MF(c2CapsuletoPolyManifold(A.capsule[i], &B.poly[v][i], NULL, &m)))
LOOP(polygon_manifold_polygon, MF(c2PolytoPolyManifold(&A.poly[v][i], NULL, &B.poly[v][i], NULL, &m)))
LOOP(polygon_manifold_polygon_xf, MF(c2PolytoPolyManifold(&A.local[v][i], &A.xf[i], &B.local[v][i], &B.xf[i], &m)))
LOOP(polygon_raycast, RC(c2RaytoPoly(s->ray[i], &B.poly[v][i], NULL, &o)))
LOOP(polygon_raycast_xf, {
    c2Raycast o;
    if (c2RaytoPoly(s->ray[i], &B.local[v][i], &B.xf[i], &o)) { acc.hits++; acc.f += o.t + o.n.x; }
})
LOOP(distance_polygon_polygon, GJK(&A.poly[v][i], C2_TYPE_POLY, NULL, &B.poly[v][i], C2_TYPE_POLY, NULL))
LOOP(distance_polygon_polygon_xf, GJK(&A.local[v][i], C2_TYPE_POLY, &A.xf[i], &B.local[v][i], C2_TYPE_POLY, &B.xf[i]))
LOOP(distance_circle_polygon, GJK(&A.circle[i], C2_TYPE_CIRCLE, NULL, &B.poly[v][i], C2_TYPE_POLY, NULL))

static const bench_peer_case cases[] = {
    PLAIN(aabb_overlap_aabb), PLAIN(aabb_overlap_circle), PLAIN(aabb_overlap_capsule),
    PLAIN(circle_overlap_circle), PLAIN(circle_overlap_capsule), PLAIN(capsule_overlap_capsule),
    PLAIN(aabb_manifold_aabb), PLAIN(aabb_manifold_circle), PLAIN(aabb_manifold_capsule),
    PLAIN(circle_manifold_circle), PLAIN(circle_manifold_capsule), PLAIN(capsule_manifold_capsule),
    PLAIN(aabb_raycast), PLAIN(circle_raycast), PLAIN(capsule_raycast),
    POLY(aabb_overlap_polygon), POLY(circle_overlap_polygon), POLY(circle_overlap_polygon_xf),
    POLY(capsule_overlap_polygon), POLY(polygon_overlap_polygon), POLY(polygon_overlap_polygon_xf),
    POLY(aabb_manifold_polygon), POLY(circle_manifold_polygon), POLY(circle_manifold_polygon_xf),
    POLY(capsule_manifold_polygon), POLY(polygon_manifold_polygon), POLY(polygon_manifold_polygon_xf),
    POLY(polygon_raycast), POLY(polygon_raycast_xf),
    POLY(distance_polygon_polygon), POLY(distance_polygon_polygon_xf), POLY(distance_circle_polygon),
};

const bench_peer bench_peer_cute_c2 = {"cute_c2", scene_make, cases, (int)(sizeof cases / sizeof cases[0])};

/* ---- bench_cast: c2TOI (linear casts; cute_c2 has no rotating time of impact) ---- */

typedef struct cast_shape {
    C2_TYPE type;
    union {
        c2Circle circle;
        c2AABB box;
        c2Capsule capsule;
        c2Poly poly;
    } u;
} cast_shape;

typedef struct cast_scene {
    int n;
    cast_shape *a, *b;
    c2x *xa, *xb;
    c2v *va;
} cast_scene;

/* A c2d_shape_type's local proxy as the cute_c2 shape of that kind (points: circles of radius 0,
 * segments: capsules of radius 0). */
static cast_shape cast_shape_of(int kind, const c2d_proxy *p) {
    cast_shape s;
    int j;
    switch (kind) {
    case C2D_SHAPE_POINT:
    case C2D_SHAPE_CIRCLE:
        s.type = C2_TYPE_CIRCLE;
        s.u.circle.p = cv(p->points[0]);
        s.u.circle.r = (float)p->radius;
        break;
    case C2D_SHAPE_SEGMENT:
    case C2D_SHAPE_CAPSULE:
        s.type = C2_TYPE_CAPSULE;
        s.u.capsule.a = cv(p->points[0]);
        s.u.capsule.b = cv(p->points[1]);
        s.u.capsule.r = (float)p->radius;
        break;
    default: /* boxes and polygons: their vertices */
        s.type = C2_TYPE_POLY;
        s.u.poly.count = p->count;
        for (j = 0; j < p->count; ++j) s.u.poly.verts[j] = cv(p->points[j]);
        c2MakePoly(&s.u.poly);
        break;
    }
    return s;
}

static const void *cast_scene_make(const bench_cast_view *view) {
    cast_scene *s;
    int i, n = view->n;
    if (view->rotate) return NULL;
    s = calloc(1, sizeof *s);
    if (!s) return NULL;
    s->n = n;
    s->a = malloc(sizeof *s->a * (size_t)n);
    s->b = malloc(sizeof *s->b * (size_t)n);
    s->xa = malloc(sizeof *s->xa * (size_t)n);
    s->xb = malloc(sizeof *s->xb * (size_t)n);
    s->va = malloc(sizeof *s->va * (size_t)n);
    if (!s->a || !s->b || !s->xa || !s->xb || !s->va) return NULL;
    for (i = 0; i < n; ++i) {
        const c2d_toi_input *t = &view->toi[i];
        s->a[i] = cast_shape_of(view->kind_a, &t->a);
        s->b[i] = cast_shape_of(view->kind_b, &t->b);
        s->xa[i] = c2xIdentity();
        s->xa[i].p = cv(t->motion_a.c1);
        s->xb[i] = c2xIdentity();
        s->xb[i].p = cv(t->motion_b.c1);
        s->va[i] = c2Sub(cv(t->motion_a.c2), cv(t->motion_a.c1));
    }
    return s;
}

static void cast_scene_free(const void *p) {
    cast_scene *s = (cast_scene *)p;
    if (!s) return;
    free(s->a); free(s->b); free(s->xa); free(s->xb); free(s->va);
    free(s);
}

#undef SCENE_T
#define SCENE_T cast_scene
LOOP(cast_toi, {
    c2TOIResult r = c2TOI(&s->a[i].u, s->a[i].type, &s->xa[i], s->va[i], &s->b[i].u, s->b[i].type, &s->xb[i], c2V(0, 0), 1);
    acc.hits += r.hit ? 1u : 0u;
    acc.f += r.toi;
})

const bench_cast_peer bench_cast_peer_cute_c2 = {"cute_c2", cast_scene_make, cast_toi, cast_scene_free};
