/* bench_narrow's "box2d-3" column: Box2D v3's collision functions (github.com/erincatto/box2d, never
 * part of this repository; make bench takes its source directory, with a CMake build of its static
 * library, as BOX2D_V3_DIR) called from this file, out of line, as a Box2D user calls them. The
 * shapes are converted once, before timing: polygons through b2ComputeHull and b2MakePolygon with
 * radius 0, boxes as box polygons (Box2D has no box shape: b2MakeOffsetBox), distance proxies
 * through b2MakeProxy. The world-frame rows pass the identity transform; the *_xf rows pass the
 * relative transform b2InvMulTransforms(xfA, xfB), computed in the loop as a Box2D contact does,
 * and polygon_raycast_xf moves the ray into the polygon's frame and the normal back, as Box2D's
 * shape ray cast does. b2ShapeDistance runs cold (cache count 0). Box2D v3's manifolds keep
 * speculative points (separation up to 4 * B2_LINEAR_SLOP): its hit rate is a little higher.
 * Bench code only. */
#include <box2d/box2d.h>
#include <box2d/collision.h>
#include <box2d/math_functions.h>

#include <stdlib.h>
#include <collide2d.h>
#include "bench_peers.h"

typedef struct side {
    b2Segment *seg;
    b2AABB *box;
    b2Polygon *box_poly;
    b2Circle *circle;
    b2Capsule *capsule;
    b2Polygon *poly[2], *local[2];
    b2Transform *xf;
    b2ShapeProxy *proxy[2], *local_proxy[2], *circle_proxy;
} side;

typedef struct scene {
    int n;
    side a, b;
    b2RayCastInput *ray;
} scene;

static b2Vec2 bv(c2d_vec2 v) {
    b2Vec2 r = {(float)v.x, (float)v.y};
    return r;
}

static b2Polygon make_poly(const c2d_polygon *p) {
    b2Vec2 pts[B2_MAX_POLYGON_VERTICES];
    b2Hull hull;
    int j;
    for (j = 0; j < p->count; ++j) pts[j] = bv(p->vertices[j]);
    hull = b2ComputeHull(pts, p->count);
    return b2MakePolygon(&hull, 0.0f);
}

static b2ShapeProxy make_proxy(const c2d_polygon *p) {
    b2Vec2 pts[B2_MAX_POLYGON_VERTICES];
    int j;
    for (j = 0; j < p->count; ++j) pts[j] = bv(p->vertices[j]);
    return b2MakeProxy(pts, p->count, 0.0f);
}

#define ALLOC(ptr, n) ((ptr) = malloc(sizeof *(ptr) * (size_t)(n)))

static int fill_side(side *d, const bench_side_view *s, int n) {
    int i, v;
    if (!ALLOC(d->seg, n) || !ALLOC(d->box, n) || !ALLOC(d->box_poly, n) || !ALLOC(d->circle, n) ||
        !ALLOC(d->capsule, n) || !ALLOC(d->xf, n) || !ALLOC(d->circle_proxy, n))
        return 0;
    for (v = 0; v < 2; ++v)
        if (!ALLOC(d->poly[v], n) || !ALLOC(d->local[v], n) || !ALLOC(d->proxy[v], n) || !ALLOC(d->local_proxy[v], n))
            return 0;
    for (i = 0; i < n; ++i) {
        b2Vec2 lo = bv(s->box[i].lower), hi = bv(s->box[i].upper), c;
        d->seg[i].point1 = bv(s->seg[i].p1);
        d->seg[i].point2 = bv(s->seg[i].p2);
        d->box[i].lowerBound = lo;
        d->box[i].upperBound = hi;
        c.x = 0.5f * (lo.x + hi.x);
        c.y = 0.5f * (lo.y + hi.y);
        d->box_poly[i] = b2MakeOffsetBox(0.5f * (hi.x - lo.x), 0.5f * (hi.y - lo.y), c, b2Rot_identity);
        d->circle[i].center = bv(s->circle[i].center);
        d->circle[i].radius = (float)s->circle[i].radius;
        d->capsule[i].center1 = bv(s->capsule[i].p1);
        d->capsule[i].center2 = bv(s->capsule[i].p2);
        d->capsule[i].radius = (float)s->capsule[i].radius;
        d->xf[i].p = bv(s->xf[i].p);
        d->xf[i].q.c = (float)s->xf[i].q.c;
        d->xf[i].q.s = (float)s->xf[i].q.s;
        d->circle_proxy[i] = b2MakeProxy(&d->circle[i].center, 1, d->circle[i].radius);
        for (v = 0; v < 2; ++v) {
            d->poly[v][i] = make_poly(&s->poly[v][i]);
            d->local[v][i] = make_poly(&s->local[v][i]);
            d->proxy[v][i] = make_proxy(&s->poly[v][i]);
            d->local_proxy[v][i] = make_proxy(&s->local[v][i]);
        }
    }
    return 1;
}

static const void *scene_make(const bench_scene_view *view) {
    scene *s = calloc(1, sizeof *s);
    int i;
    if (!s) return NULL;
    s->n = view->n;
    if (!ALLOC(s->ray, view->n) || !fill_side(&s->a, &view->a, view->n) || !fill_side(&s->b, &view->b, view->n))
        return NULL;
    for (i = 0; i < view->n; ++i) {
        s->ray[i].origin = bv(view->ray[i].origin);
        s->ray[i].translation = bv(view->ray[i].translation);
        s->ray[i].maxFraction = (float)view->ray[i].max_fraction;
    }
    return s;
}

#define SCENE_T scene
#include "bench_peer_common.h"

#define A (s->a)
#define B (s->b)
#define I b2Transform_identity
#define OV(call) acc.hits += (call) ? 1u : 0u;
#define MF(call) { b2LocalManifold m = (call); if (m.pointCount > 0) { acc.hits++; acc.f += m.points[0].separation; } }
#define RC(call) { b2CastOutput o = (call); if (o.hit) { acc.hits++; acc.f += o.fraction; } }
#define DIST(PA, PB, XF) { b2DistanceInput in; b2SimplexCache cache; b2DistanceOutput o; \
    in.proxyA = PA; in.proxyB = PB; in.transform = XF; in.useRadii = true; cache.count = 0; \
    o = b2ShapeDistance(&in, &cache, NULL, 0); acc.hits += o.distance > 0 ? 0u : 1u; acc.f += o.distance; }

LOOP(aabb_overlap_aabb, OV(b2AABB_Overlaps(A.box[i], B.box[i])))
LOOP(aabb_manifold_aabb, MF(b2CollidePolygons(&A.box_poly[i], &B.box_poly[i], I)))
LOOP(aabb_manifold_circle, MF(b2CollidePolygonAndCircle(&A.box_poly[i], &B.circle[i], I)))
LOOP(aabb_manifold_capsule, MF(b2CollidePolygonAndCapsule(&A.box_poly[i], &B.capsule[i], I)))
LOOP(circle_manifold_circle, MF(b2CollideCircles(&A.circle[i], &B.circle[i], I)))
LOOP(circle_manifold_capsule, MF(b2CollideCapsuleAndCircle(&B.capsule[i], &A.circle[i], I)))
LOOP(capsule_manifold_capsule, MF(b2CollideCapsules(&A.capsule[i], &B.capsule[i], I)))
LOOP(aabb_raycast, RC(b2RayCastPolygon(&B.box_poly[i], &s->ray[i])))
LOOP(circle_raycast, RC(b2RayCastCircle(&B.circle[i], &s->ray[i])))
LOOP(capsule_raycast, RC(b2RayCastCapsule(&B.capsule[i], &s->ray[i])))
LOOP(segment_raycast, RC(b2RayCastSegment(&B.seg[i], &s->ray[i], false)))
LOOP(segment_distance, {
    b2SegmentDistanceResult d = b2SegmentDistance(A.seg[i].point1, A.seg[i].point2, B.seg[i].point1, B.seg[i].point2);
    acc.hits += d.distanceSquared > 0 ? 0u : 1u;
    acc.f += d.distanceSquared;
})

LOOP(aabb_manifold_polygon, MF(b2CollidePolygons(&A.box_poly[i], &B.poly[v][i], I)))
LOOP(circle_manifold_polygon, MF(b2CollidePolygonAndCircle(&B.poly[v][i], &A.circle[i], I)))
LOOP(circle_manifold_polygon_xf, MF(b2CollidePolygonAndCircle(&B.local[v][i], &A.circle[i], b2InvMulTransforms(B.xf[i], I))))
LOOP(capsule_manifold_polygon, MF(b2CollidePolygonAndCapsule(&B.poly[v][i], &A.capsule[i], I)))
LOOP(polygon_manifold_polygon, MF(b2CollidePolygons(&A.poly[v][i], &B.poly[v][i], I)))
LOOP(polygon_manifold_polygon_xf, MF(b2CollidePolygons(&A.local[v][i], &B.local[v][i], b2InvMulTransforms(A.xf[i], B.xf[i]))))
LOOP(polygon_raycast, RC(b2RayCastPolygon(&B.poly[v][i], &s->ray[i])))
LOOP(polygon_raycast_xf, {
    b2Transform x = B.xf[i];
    b2RayCastInput in;
    b2CastOutput o;
    in.origin = b2InvTransformPoint(x, s->ray[i].origin);
    in.translation = b2InvRotateVector(x.q, s->ray[i].translation);
    in.maxFraction = s->ray[i].maxFraction;
    o = b2RayCastPolygon(&B.local[v][i], &in);
    if (o.hit) {
        b2Vec2 nrm = b2RotateVector(x.q, o.normal);
        acc.hits++;
        acc.f += o.fraction + nrm.x;
    }
})
LOOP(distance_polygon_polygon, DIST(A.proxy[v][i], B.proxy[v][i], I))
LOOP(distance_polygon_polygon_xf, DIST(A.local_proxy[v][i], B.local_proxy[v][i], b2InvMulTransforms(A.xf[i], B.xf[i])))
LOOP(distance_circle_polygon, DIST(A.circle_proxy[i], B.proxy[v][i], I))

static const bench_peer_case cases[] = {
    PLAIN(aabb_overlap_aabb), PLAIN(aabb_manifold_aabb), PLAIN(aabb_manifold_circle), PLAIN(aabb_manifold_capsule),
    PLAIN(circle_manifold_circle), PLAIN(circle_manifold_capsule), PLAIN(capsule_manifold_capsule),
    PLAIN(aabb_raycast), PLAIN(circle_raycast), PLAIN(capsule_raycast), PLAIN(segment_raycast),
    PLAIN(segment_distance),
    POLY(aabb_manifold_polygon), POLY(circle_manifold_polygon), POLY(circle_manifold_polygon_xf),
    POLY(capsule_manifold_polygon), POLY(polygon_manifold_polygon), POLY(polygon_manifold_polygon_xf),
    POLY(polygon_raycast), POLY(polygon_raycast_xf),
    POLY(distance_polygon_polygon), POLY(distance_polygon_polygon_xf), POLY(distance_circle_polygon),
};

const bench_peer bench_peer_box2d3 = {"box2d-3", scene_make, cases, (int)(sizeof cases / sizeof cases[0])};

/* ---- bench_cast: b2ShapeCast for the linear casts, b2TimeOfImpact for the rotating ones ---- */

typedef struct cast_scene {
    int n;
    b2ShapeProxy *a, *b; /* local proxies */
    b2Sweep *sa, *sb;
} cast_scene;

static b2ShapeProxy proxy_of(const c2d_proxy *p) {
    b2Vec2 pts[B2_MAX_POLYGON_VERTICES];
    int j;
    for (j = 0; j < p->count; ++j) pts[j] = bv(p->points[j]);
    return b2MakeProxy(pts, p->count, (float)p->radius);
}

static b2Sweep sweep_of(const c2d_motion *m) {
    b2Sweep s;
    s.localCenter = bv(m->local_center);
    s.c1 = bv(m->c1);
    s.c2 = bv(m->c2);
    s.q1 = b2MakeRot((float)m->a1);
    s.q2 = b2MakeRot((float)m->a2);
    return s;
}

static const void *cast_scene_make(const bench_cast_view *view) {
    cast_scene *s = calloc(1, sizeof *s);
    int i, n = view->n;
    if (!s) return NULL;
    s->n = n;
    if (!ALLOC(s->a, n) || !ALLOC(s->b, n) || !ALLOC(s->sa, n) || !ALLOC(s->sb, n)) return NULL;
    for (i = 0; i < n; ++i) {
        s->a[i] = proxy_of(&view->toi[i].a);
        s->b[i] = proxy_of(&view->toi[i].b);
        s->sa[i] = sweep_of(&view->toi[i].motion_a);
        s->sb[i] = sweep_of(&view->toi[i].motion_b);
    }
    return s;
}

static void cast_scene_free(const void *p) {
    cast_scene *s = (cast_scene *)p;
    if (!s) return;
    free(s->a); free(s->b); free(s->sa); free(s->sb);
    free(s);
}

#undef SCENE_T
#define SCENE_T cast_scene
/* b2ShapeCast keeps its A still and moves its B: our B (still) is its A, our A its B; the pose of
 * ours A in B's frame and the translation in that frame, as a Box2D world query computes them. */
LOOP(cast_linear, {
    b2ShapeCastPairInput in;
    b2CastOutput o;
    b2Transform xa = {s->sa[i].c1, s->sa[i].q1}, xb = {s->sb[i].c1, s->sb[i].q1};
    in.proxyA = s->b[i];
    in.proxyB = s->a[i];
    in.transform = b2InvMulTransforms(xb, xa);
    in.translationB = b2InvRotateVector(xb.q, b2Sub(s->sa[i].c2, s->sa[i].c1));
    in.maxFraction = 1.0f;
    in.canEncroach = false;
    o = b2ShapeCast(&in);
    acc.hits += o.hit ? 1u : 0u;
    acc.f += o.hit ? o.fraction : 1.0f;
})
LOOP(cast_rotating, {
    b2TOIInput in;
    b2TOIOutput o;
    in.proxyA = s->a[i];
    in.proxyB = s->b[i];
    in.sweepA = s->sa[i];
    in.sweepB = s->sb[i];
    in.maxFraction = 1.0f;
    o = b2TimeOfImpact(&in);
    acc.hits += o.state == b2_toiStateHit ? 1u : 0u;
    acc.f += o.fraction;
})

static void cast_either(const void *scene_ptr, int v, int passes, bench_acc *out);

typedef struct cast_handle {
    const cast_scene *scene;
    int rotate;
} cast_handle;

static const void *cast_make(const bench_cast_view *view) {
    cast_handle *h = malloc(sizeof *h);
    if (!h) return NULL;
    h->scene = cast_scene_make(view);
    h->rotate = view->rotate;
    return h->scene ? h : NULL;
}

static void cast_either(const void *scene_ptr, int v, int passes, bench_acc *out) {
    const cast_handle *h = (const cast_handle *)scene_ptr;
    if (h->rotate) cast_rotating(h->scene, v, passes, out);
    else cast_linear(h->scene, v, passes, out);
}

static void cast_free(const void *p) {
    const cast_handle *h = (const cast_handle *)p;
    if (!h) return;
    cast_scene_free(h->scene);
    free((void *)h);
}

const bench_cast_peer bench_cast_peer_box2d3 = {"box2d-3", cast_make, cast_either, cast_free};
