/* collide2d narrow-phase benchmark, beside Box2D 2.4 where the two libraries share a query.
 *
 * Usage: bench_narrow [out.jsonl] [--filter SUBSTR] [--reps N] [--n N] [--target-ms MS] [--seed S]
 *
 * Method. For each density ("sparse": few hits, "dense": mostly hits) one scene of n random pairs
 * (fixed seed) is generated before any timing: every shape kind on both sides, polygons of 4 and 8
 * vertices, rays, and the Box2D copies of the same data (converted once, outside the timing). A
 * case loops over all n pairs, so the branch predictor cannot learn one answer, and folds every
 * result into an accumulator that ends in a volatile sink, so nothing is optimised away. One timed
 * repetition runs the loop `passes` times (calibrated to about --target-ms); the reported figure
 * is the median of --reps repetitions (clock_gettime(CLOCK_MONOTONIC)), divided by calls. When a
 * case has a Box2D row, the two implementations' repetitions alternate, so both see the same
 * machine noise.
 *
 * Output: a table on stdout (case, impl, ns/op, box2d/ours) and one JSON object per measurement
 * in the JSONL file (suite, case, impl, ns_per_op, n, vertices, density, reps, ...). */
#include <collide2d.h>
#include <box2d/box2d.h>
#include <box2d/b2_distance.h>

#include <time.h>
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include "bench_util.h"
#include "bench_peers.h"

namespace {

using namespace bench;

const char *const kOurs = "collide2d";
const char *const kBox2d = "box2d-2.4";
const char *const kBox2dWorld = "box2d-2.4+world";
const char *const kRefCall = "ref-call";
const char *const kRefInline = "ref-inline";
const char *const kTu = "collide2d-tu";
const int kVertexCounts[2] = {4, 8};
/* Columns of the table, in this order; a column shows when some case has that impl. */
const char *const kColumns[] = {"collide2d", "collide2d-tu", "box2d-2.4", "box2d-2.4+world", "box2d-3", "cute_c2",
                                "ref-call", "ref-inline"};
/* The peers whose best time each row compares with (box2d-2.4+world gives more output; the
 * strict comparison is with b2Collide* alone, as the targets say). */
const char *const kPeers[] = {"box2d-2.4", "box2d-3", "cute_c2"};

/* The optional columns built into this binary (bench/CMakeLists.txt): collide2d through the single
 * header in the caller's translation unit, cute_c2 (CUTE_C2_H) and Box2D v3 (BOX2D_V3_DIR). */
std::vector<const bench_peer *> optional_peers() {
    std::vector<const bench_peer *> p;
#ifdef C2D_BENCH_SINGLE_TU
    p.push_back(&bench_peer_tu);
#endif
#ifdef C2D_BENCH_BOX2D_V3
    p.push_back(&bench_peer_box2d3);
#endif
#ifdef C2D_BENCH_CUTE_C2
    p.push_back(&bench_peer_cute_c2);
#endif
    return p;
}

struct Options {
    const char *json_path = nullptr;
    const char *filter = nullptr;
    int n = 4096;
    int reps = 11;
    double target_ms = 0.5;
    uint64_t seed = 0xC011DE2DULL;
};

const double kTau = 6.283185307179586;

c2d_vec2 v2(double x, double y) { return c2d_v2((c2d_real)x, (c2d_real)y); }
b2Vec2 tob2(c2d_vec2 v) { return b2Vec2((float)v.x, (float)v.y); }
c2d_vec2 unit(double angle) { return v2(std::cos(angle), std::sin(angle)); }
c2d_vec2 along(c2d_vec2 c, c2d_vec2 u, double t) { return v2((double)c.x + t * (double)u.x, (double)c.y + t * (double)u.y); }

/* ---- the scene: n pairs (A[i], B[i]) of every shape kind, plus rays aimed at B[i] ---- */

/* One side of the pairs. Every shape of index i on a side shares a center and a size s (its
 * bounding radius is at most about s), so the placement rule below sets the hit rate for every
 * shape kind at once. */
struct Side {
    std::vector<c2d_vec2> point;
    std::vector<c2d_segment> seg;
    std::vector<c2d_aabb> box;
    std::vector<c2d_circle> circle;
    std::vector<c2d_capsule> capsule;
    std::vector<c2d_polygon> poly[2];   /* world frame, 4 and 8 vertices */
    std::vector<c2d_polygon> local[2];  /* the same polygons in their local frame */
    std::vector<c2d_transform> xf;      /* local -> world */
    std::vector<c2d_proxy> proxy[2];
    std::vector<c2d_proxy> circle_proxy;
    std::vector<c2d_shape> shape_poly[2];

    std::vector<b2AABB> b_box;
    std::vector<b2CircleShape> b_circle;
    std::vector<b2EdgeShape> b_edge;
    std::vector<b2PolygonShape> b_poly[2];   /* world-space vertices, used with identity transforms */
    std::vector<b2PolygonShape> b_local[2];  /* local vertices, used with b_xf */
    std::vector<b2Transform> b_xf;
    std::vector<b2Vec2> b_verts[2];          /* world vertices, 8 slots per pair (distance proxies) */
    std::vector<b2Vec2> b_local_verts[2];
    std::vector<b2Vec2> b_center;            /* circle centers (distance proxies) */
};

struct Scene {
    const char *density;
    int n;
    Side a, b;
    std::vector<c2d_raycast_input> ray;
    std::vector<b2RayCastInput> b_ray;
    std::vector<b2DistanceInput> b_dist[2], b_dist_xf[2], b_dist_circle[2];
};

/* A convex polygon of exactly k vertices around the origin: k points near a circle of radius
 * size, evenly spread in angle with some jitter, hulled by c2d_polygon_make. */
c2d_polygon random_local_polygon(Rng &rng, int k, double size) {
    for (int attempt = 0; attempt < 1000; ++attempt) {
        c2d_vec2 pts[8];
        double step = kTau / k, a0 = rng.range(0, kTau);
        for (int j = 0; j < k; ++j) {
            double ang = a0 + j * step + rng.range(-0.25, 0.25) * step;
            double rad = size * rng.range(0.85, 1.0);
            pts[j] = v2(rad * std::cos(ang), rad * std::sin(ang));
        }
        c2d_polygon p;
        if (c2d_polygon_make(pts, k, &p) == C2D_OK && p.count == k) return p;
    }
    std::fprintf(stderr, "bench_narrow: c2d_polygon_make never produced a %d-gon\n", k);
    std::exit(1);
}

b2PolygonShape box2d_polygon(const c2d_vec2 *v, int count) {
    b2Vec2 pts[b2_maxPolygonVertices];
    for (int j = 0; j < count; ++j) pts[j] = tob2(v[j]);
    b2PolygonShape s;
    s.Set(pts, count);
    s.m_radius = 0.0f; /* drop Box2D's skin so both libraries see the same geometry */
    return s;
}

void resize_side(Side &s, int n) {
    s.point.resize(n); s.seg.resize(n); s.box.resize(n); s.circle.resize(n); s.capsule.resize(n);
    s.xf.resize(n); s.circle_proxy.resize(n);
    s.b_box.resize(n); s.b_circle.resize(n); s.b_edge.resize(n); s.b_xf.resize(n); s.b_center.resize(n);
    for (int v = 0; v < 2; ++v) {
        s.poly[v].resize(n); s.local[v].resize(n); s.proxy[v].resize(n); s.shape_poly[v].resize(n);
        s.b_poly[v].resize(n); s.b_local[v].resize(n);
        s.b_verts[v].resize((size_t)n * 8); s.b_local_verts[v].resize((size_t)n * 8);
    }
}

/* Fills index i of a side with shapes centered on c, of size s. */
void fill_side(Side &sd, int i, Rng &rng, c2d_vec2 c, double s) {
    sd.point[i] = c;
    c2d_vec2 u = unit(rng.range(0, kTau));
    sd.seg[i].p1 = along(c, u, -s);
    sd.seg[i].p2 = along(c, u, s);
    c2d_vec2 half = v2(s * rng.range(0.5, 1.0), s * rng.range(0.5, 1.0));
    sd.box[i].lower = c2d_sub(c, half);
    sd.box[i].upper = c2d_add(c, half);
    sd.circle[i].center = c;
    sd.circle[i].radius = (c2d_real)(s * rng.range(0.8, 1.0));
    double cr = s * rng.range(0.3, 0.5);
    u = unit(rng.range(0, kTau));
    sd.capsule[i].p1 = along(c, u, -(s - cr));
    sd.capsule[i].p2 = along(c, u, s - cr);
    sd.capsule[i].radius = (c2d_real)cr;
    sd.xf[i] = c2d_transform_make(c, (c2d_real)rng.range(0, kTau));
    sd.circle_proxy[i] = c2d_make_proxy(&sd.circle[i].center, 1, sd.circle[i].radius);

    sd.b_box[i].lowerBound = tob2(sd.box[i].lower);
    sd.b_box[i].upperBound = tob2(sd.box[i].upper);
    sd.b_circle[i].m_p = tob2(c);
    sd.b_circle[i].m_radius = (float)sd.circle[i].radius;
    sd.b_edge[i].SetTwoSided(tob2(sd.seg[i].p1), tob2(sd.seg[i].p2));
    b2Rot q;
    q.c = (float)sd.xf[i].q.c;
    q.s = (float)sd.xf[i].q.s;
    sd.b_xf[i] = b2Transform(tob2(c), q);
    sd.b_center[i] = tob2(c);

    for (int v = 0; v < 2; ++v) {
        int k = kVertexCounts[v];
        sd.local[v][i] = random_local_polygon(rng, k, s);
        sd.poly[v][i] = c2d_polygon_transform(&sd.local[v][i], sd.xf[i]);
        const c2d_polygon &w = sd.poly[v][i];
        sd.proxy[v][i] = c2d_make_proxy(w.vertices, w.count, 0);
        sd.shape_poly[v][i] = c2d_shape_from_polygon(&w);
        sd.b_poly[v][i] = box2d_polygon(w.vertices, w.count);
        sd.b_local[v][i] = box2d_polygon(sd.local[v][i].vertices, sd.local[v][i].count);
        for (int j = 0; j < k; ++j) {
            sd.b_verts[v][(size_t)i * 8 + j] = tob2(w.vertices[j]);
            sd.b_local_verts[v][(size_t)i * 8 + j] = tob2(sd.local[v][i].vertices[j]);
        }
    }
}

/* Builds a scene. B[i] is centered uniformly in a 100 x 100 square; A[i] is placed at distance d
 * from it with d = u * (sA + sB) (dense: mostly overlapping) or d uniform over the area of a disc
 * of radius 3.5 * (sA + sB) (sparse: few overlaps). Rays start outside B's bounding circle
 * (1.5 to 3 sizes away) and aim at a point within 0.6 sB (dense) or 4 sB (sparse) of B's center,
 * with a segment long enough to pass through B. */
void build_scene(Scene &sc, const char *density, int n, uint64_t seed) {
    bool dense = std::strcmp(density, "dense") == 0;
    Rng rng{seed};
    sc.density = density;
    sc.n = n;
    resize_side(sc.a, n);
    resize_side(sc.b, n);
    sc.ray.resize(n);
    sc.b_ray.resize(n);
    for (int v = 0; v < 2; ++v) {
        sc.b_dist[v].resize(n); sc.b_dist_xf[v].resize(n); sc.b_dist_circle[v].resize(n);
    }
    b2Transform ident;
    ident.SetIdentity();
    for (int i = 0; i < n; ++i) {
        double sa = rng.range(0.5, 1.5), sb = rng.range(0.5, 1.5);
        c2d_vec2 cb = v2(rng.range(-50, 50), rng.range(-50, 50));
        double d = dense ? rng.uni() * (sa + sb) : 3.5 * (sa + sb) * std::sqrt(rng.uni());
        c2d_vec2 ca = along(cb, unit(rng.range(0, kTau)), d);
        fill_side(sc.a, i, rng, ca, sa);
        fill_side(sc.b, i, rng, cb, sb);

        c2d_vec2 origin = along(cb, unit(rng.range(0, kTau)), sb * rng.range(1.5, 3.0));
        c2d_vec2 aim = along(cb, unit(rng.range(0, kTau)), sb * (dense ? 0.6 : 4.0) * std::sqrt(rng.uni()));
        c2d_raycast_input &r = sc.ray[i];
        r.origin = origin;
        r.translation = c2d_scale(c2d_sub(aim, origin), (c2d_real)rng.range(1.2, 2.0));
        r.max_fraction = 1;
        sc.b_ray[i].p1 = tob2(r.origin);
        sc.b_ray[i].p2 = tob2(c2d_add(r.origin, r.translation));
        sc.b_ray[i].maxFraction = 1.0f;

        for (int v = 0; v < 2; ++v) {
            int ka = sc.a.poly[v][i].count, kb = sc.b.poly[v][i].count;
            b2DistanceInput &w = sc.b_dist[v][i];
            w.proxyA.Set(&sc.a.b_verts[v][(size_t)i * 8], ka, 0.0f);
            w.proxyB.Set(&sc.b.b_verts[v][(size_t)i * 8], kb, 0.0f);
            w.transformA = ident;
            w.transformB = ident;
            w.useRadii = true;
            b2DistanceInput &x = sc.b_dist_xf[v][i];
            x.proxyA.Set(&sc.a.b_local_verts[v][(size_t)i * 8], ka, 0.0f);
            x.proxyB.Set(&sc.b.b_local_verts[v][(size_t)i * 8], kb, 0.0f);
            x.transformA = sc.a.b_xf[i];
            x.transformB = sc.b.b_xf[i];
            x.useRadii = true;
            b2DistanceInput &c = sc.b_dist_circle[v][i];
            c.proxyA.Set(&sc.a.b_center[i], 1, sc.a.b_circle[i].m_radius);
            c.proxyB.Set(&sc.b.b_verts[v][(size_t)i * 8], kb, 0.0f);
            c.transformA = ident;
            c.transformB = ident;
            c.useRadii = true;
        }
    }
}

/* ---- timing (harness in bench_util.h) ---- */

struct Case {
    std::string name;
    int vertices;      /* polygon vertex count, 0 when no polygon is involved */
    const char *density;
    int n;
    std::vector<Impl> impls;  /* collide2d first, then Box2D when shared */
};

/* ---- the cases ---- */

/* Case list builder: ours() starts a case with the collide2d row, box2d() adds the Box2D row. */
struct Builder {
    std::vector<Case> cases;
    const Scene *sc = nullptr;
    int vertices = 0;

    void ours(const std::string &name, RunFn run) {
        Case c;
        c.name = name;
        c.vertices = vertices;
        c.density = sc->density;
        c.n = sc->n;
        Impl im;
        im.name = kOurs;
        im.run = run;
        c.impls.push_back(im);
        cases.push_back(c);
    }
    void add(const char *impl, RunFn run) {
        Impl im;
        im.name = impl;
        im.run = run;
        cases.back().impls.push_back(im);
    }
    void box2d(RunFn run) { add(kBox2d, run); }
};

/* Per-pair bodies. OV: boolean overlap; HIT: hit with out pointer; MF: manifold. Arguments are
 * expressions of i. */
#define OV(call) [=](int i, Acc &acc) { (void)i; acc.hits += (call) ? 1u : 0u; }
#define HIT(fn, ARG_A, ARG_B) [=](int i, Acc &acc) { c2d_hit h; if (fn(ARG_A, ARG_B, &h)) { acc.hits++; acc.f += h.delta.x; } }
#define MF(call) [=](int i, Acc &acc) { c2d_manifold m = (call); if (m.count > 0) { acc.hits++; acc.f += m.points[0].depth; } }
#define RC(fn, shape) [=](int i, Acc &acc) { c2d_hit h; if (fn(shape, R[i], &h)) { acc.hits++; acc.f += h.time; } }
#define B2MF(call) [=](int i, Acc &acc) { b2Manifold m; call; if (m.pointCount > 0) { acc.hits++; acc.f += m.points[0].localPoint.x; } }
/* b2Collide* followed by b2WorldManifold::Initialize: world normal, points and separations, the
 * output a c2d_manifold holds. */
#define B2WM(call, XA_, RA_, XB_, RB_) [=](int i, Acc &acc) { b2Manifold m; call; if (m.pointCount > 0) { \
    b2WorldManifold w; w.Initialize(&m, XA_, RA_, XB_, RB_); acc.hits++; acc.f += w.separations[0] + w.normal.x; } }
#define B2RC(obj, ...) [=](int i, Acc &acc) { b2RayCastOutput o; if (obj.RayCast(&o, BR[i] __VA_ARGS__)) { acc.hits++; acc.f += o.fraction; } }

/* Reference points for reading the AABB rows (bench code, not a library): the same strict test
 * as an out-of-line call that no optimisation can see through, and inline, branch-free. */
__attribute__((noinline, noipa)) bool ref_aabb_overlap_call(c2d_aabb a, c2d_aabb b) {
    return (a.lower.x < b.upper.x) & (b.lower.x < a.upper.x) & (a.lower.y < b.upper.y) & (b.lower.y < a.upper.y);
}
inline bool ref_aabb_overlap_inline(const c2d_aabb &a, const c2d_aabb &b) {
    return (a.lower.x < b.upper.x) & (b.lower.x < a.upper.x) & (a.lower.y < b.upper.y) & (b.lower.y < a.upper.y);
}

/* Cases without polygons. */
void add_plain_cases(Builder &b, const Scene &s) {
    const int n = s.n;
    b.sc = &s;
    b.vertices = 0;
    const c2d_vec2 *PtA = s.a.point.data();
    const c2d_segment *SA = s.a.seg.data(), *SB = s.b.seg.data();
    const c2d_aabb *AA = s.a.box.data(), *AB = s.b.box.data();
    const c2d_circle *CA = s.a.circle.data(), *CB = s.b.circle.data();
    const c2d_capsule *KA = s.a.capsule.data(), *KB = s.b.capsule.data();
    const c2d_raycast_input *R = s.ray.data();
    const b2AABB *bAA = s.a.b_box.data(), *bAB = s.b.b_box.data();
    const b2CircleShape *bCA = s.a.b_circle.data(), *bCB = s.b.b_circle.data();
    const b2EdgeShape *bEB = s.b.b_edge.data();
    const b2RayCastInput *BR = s.b_ray.data();
    b2Transform I;
    I.SetIdentity();

    b.ours("segment_overlap_segment", loop(n, OV(c2d_segment_overlap_segment(SA[i], SB[i]))));
    b.ours("segment_overlap_aabb", loop(n, OV(c2d_segment_overlap_aabb(SA[i], AB[i]))));
    b.ours("segment_overlap_circle", loop(n, OV(c2d_segment_overlap_circle(SA[i], CB[i]))));
    b.ours("segment_overlap_capsule", loop(n, OV(c2d_segment_overlap_capsule(SA[i], KB[i]))));
    b.ours("aabb_overlap_aabb", loop(n, OV(c2d_aabb_overlap_aabb(AA[i], AB[i]))));
    b.box2d(loop(n, OV(b2TestOverlap(bAA[i], bAB[i]))));
    b.ours("reference_aabb_overlap", loop(n, OV(ref_aabb_overlap_call(AA[i], AB[i]))));
    b.cases.back().impls[0].name = kRefCall;
    b.add(kRefInline, loop(n, OV(ref_aabb_overlap_inline(AA[i], AB[i]))));
    b.ours("aabb_overlap_circle", loop(n, OV(c2d_aabb_overlap_circle(AA[i], CB[i]))));
    b.ours("aabb_overlap_capsule", loop(n, OV(c2d_aabb_overlap_capsule(AA[i], KB[i]))));
    b.ours("circle_overlap_circle", loop(n, OV(c2d_circle_overlap_circle(CA[i], CB[i]))));
    b.box2d(loop(n, OV(b2TestOverlap(&bCA[i], 0, &bCB[i], 0, I, I))));
    b.ours("circle_overlap_capsule", loop(n, OV(c2d_circle_overlap_capsule(CA[i], KB[i]))));
    b.ours("capsule_overlap_capsule", loop(n, OV(c2d_capsule_overlap_capsule(KA[i], KB[i]))));

    b.ours("point_hit_aabb", loop(n, HIT(c2d_point_hit_aabb, PtA[i], AB[i])));
    b.ours("point_hit_circle", loop(n, HIT(c2d_point_hit_circle, PtA[i], CB[i])));
    b.ours("point_hit_capsule", loop(n, HIT(c2d_point_hit_capsule, PtA[i], KB[i])));
    b.ours("segment_hit_segment", loop(n, HIT(c2d_segment_hit_segment, SA[i], SB[i])));
    b.ours("segment_hit_aabb", loop(n, HIT(c2d_segment_hit_aabb, SA[i], AB[i])));
    b.ours("segment_hit_circle", loop(n, HIT(c2d_segment_hit_circle, SA[i], CB[i])));
    b.ours("segment_hit_capsule", loop(n, HIT(c2d_segment_hit_capsule, SA[i], KB[i])));
    b.ours("aabb_hit_aabb", loop(n, HIT(c2d_aabb_hit_aabb, AA[i], AB[i])));
    b.ours("aabb_hit_circle", loop(n, HIT(c2d_aabb_hit_circle, AA[i], CB[i])));
    b.ours("aabb_hit_capsule", loop(n, HIT(c2d_aabb_hit_capsule, AA[i], KB[i])));
    b.ours("circle_hit_circle", loop(n, HIT(c2d_circle_hit_circle, CA[i], CB[i])));
    b.ours("circle_hit_capsule", loop(n, HIT(c2d_circle_hit_capsule, CA[i], KB[i])));
    b.ours("capsule_hit_capsule", loop(n, HIT(c2d_capsule_hit_capsule, KA[i], KB[i])));

    b.ours("aabb_manifold_aabb", loop(n, MF(c2d_aabb_manifold_aabb(AA[i], AB[i]))));
    b.ours("aabb_manifold_circle", loop(n, MF(c2d_aabb_manifold_circle(AA[i], CB[i]))));
    b.ours("aabb_manifold_capsule", loop(n, MF(c2d_aabb_manifold_capsule(AA[i], KB[i]))));
    b.ours("circle_manifold_circle", loop(n, MF(c2d_circle_manifold_circle(CA[i], CB[i]))));
    b.box2d(loop(n, B2MF(b2CollideCircles(&m, &bCA[i], I, &bCB[i], I))));
    b.add(kBox2dWorld, loop(n, B2WM(b2CollideCircles(&m, &bCA[i], I, &bCB[i], I), I, bCA[i].m_radius, I, bCB[i].m_radius)));
    b.ours("circle_manifold_capsule", loop(n, MF(c2d_circle_manifold_capsule(CA[i], KB[i]))));
    b.ours("capsule_manifold_capsule", loop(n, MF(c2d_capsule_manifold_capsule(KA[i], KB[i]))));

    b.ours("aabb_raycast", loop(n, RC(c2d_aabb_raycast, AB[i])));
    b.box2d(loop(n, B2RC(bAB[i], )));
    b.ours("aabb_raycast_padded", loop(n, [=](int i, Acc &acc) {
        c2d_hit h;
        if (c2d_aabb_raycast_padded(AB[i], c2d_v2((c2d_real)0.25, (c2d_real)0.25), R[i], &h)) { acc.hits++; acc.f += h.time; }
    }));
    b.ours("circle_raycast", loop(n, RC(c2d_circle_raycast, CB[i])));
    b.box2d(loop(n, B2RC(bCB[i], , I, 0)));
    b.ours("capsule_raycast", loop(n, RC(c2d_capsule_raycast, KB[i])));
    b.ours("segment_raycast", loop(n, RC(c2d_segment_raycast, SB[i])));
    b.box2d(loop(n, B2RC(bEB[i], , I, 0)));

    b.ours("segment_distance", loop(n, [=](int i, Acc &acc) {
        c2d_segment_distance_result d = c2d_segment_distance(SA[i], SB[i]);
        acc.hits += d.distance_squared > 0 ? 0u : 1u;
        acc.f += d.distance_squared;
    }));
}

/* Cases with a polygon of kVertexCounts[v] vertices. */
void add_polygon_cases(Builder &b, const Scene &s, int v) {
    const int n = s.n;
    b.sc = &s;
    b.vertices = kVertexCounts[v];
    const c2d_vec2 *PtA = s.a.point.data();
    const c2d_segment *SA = s.a.seg.data();
    const c2d_aabb *AA = s.a.box.data();
    const c2d_circle *CA = s.a.circle.data();
    const c2d_capsule *KA = s.a.capsule.data();
    const c2d_polygon *PA = s.a.poly[v].data(), *PB = s.b.poly[v].data();
    const c2d_polygon *LA = s.a.local[v].data(), *LB = s.b.local[v].data();
    const c2d_transform *XA = s.a.xf.data(), *XB = s.b.xf.data();
    const c2d_proxy *QA = s.a.proxy[v].data(), *QB = s.b.proxy[v].data(), *QCA = s.a.circle_proxy.data();
    const c2d_shape *GA = s.a.shape_poly[v].data(), *GB = s.b.shape_poly[v].data();
    const c2d_raycast_input *R = s.ray.data();
    const b2CircleShape *bCA = s.a.b_circle.data();
    const b2PolygonShape *bPA = s.a.b_poly[v].data(), *bPB = s.b.b_poly[v].data();
    const b2PolygonShape *bLA = s.a.b_local[v].data(), *bLB = s.b.b_local[v].data();
    const b2Transform *bXA = s.a.b_xf.data(), *bXB = s.b.b_xf.data();
    const b2RayCastInput *BR = s.b_ray.data();
    const b2DistanceInput *bD = s.b_dist[v].data(), *bDX = s.b_dist_xf[v].data(), *bDC = s.b_dist_circle[v].data();
    b2Transform I;
    I.SetIdentity();

    /* the transform the *_xf rows pay for, alone */
    b.ours("polygon_transform", loop(n, [=](int i, Acc &acc) {
        c2d_polygon p = c2d_polygon_transform(&LB[i], XB[i]);
        acc.hits += p.count > 0 ? 1u : 0u;
        acc.f += p.vertices[0].x;
    }));

    /* overlap */
    b.ours("segment_overlap_polygon", loop(n, OV(c2d_segment_overlap_polygon(SA[i], &PB[i]))));
    b.ours("aabb_overlap_polygon", loop(n, OV(c2d_aabb_overlap_polygon(AA[i], &PB[i]))));
    b.ours("circle_overlap_polygon", loop(n, OV(c2d_circle_overlap_polygon(CA[i], &PB[i]))));
    b.box2d(loop(n, OV(b2TestOverlap(&bPB[i], 0, &bCA[i], 0, I, I))));
    b.ours("circle_overlap_polygon_xf", loop(n, [=](int i, Acc &acc) {
        c2d_polygon pb = c2d_polygon_transform(&LB[i], XB[i]);
        acc.hits += c2d_circle_overlap_polygon(CA[i], &pb) ? 1u : 0u;
    }));
    b.box2d(loop(n, OV(b2TestOverlap(&bLB[i], 0, &bCA[i], 0, bXB[i], I))));
    b.ours("capsule_overlap_polygon", loop(n, OV(c2d_capsule_overlap_polygon(KA[i], &PB[i]))));
    b.ours("polygon_overlap_polygon", loop(n, OV(c2d_polygon_overlap_polygon(&PA[i], &PB[i]))));
    b.box2d(loop(n, OV(b2TestOverlap(&bPA[i], 0, &bPB[i], 0, I, I))));
    b.ours("polygon_overlap_polygon_xf", loop(n, [=](int i, Acc &acc) {
        c2d_polygon pa = c2d_polygon_transform(&LA[i], XA[i]);
        c2d_polygon pb = c2d_polygon_transform(&LB[i], XB[i]);
        acc.hits += c2d_polygon_overlap_polygon(&pa, &pb) ? 1u : 0u;
    }));
    b.box2d(loop(n, OV(b2TestOverlap(&bLA[i], 0, &bLB[i], 0, bXA[i], bXB[i]))));
    b.ours("shape_overlap(polygon,polygon)", loop(n, OV(c2d_shape_overlap(&GA[i], &GB[i]))));

    /* hit */
    b.ours("point_hit_polygon", loop(n, HIT(c2d_point_hit_polygon, PtA[i], &PB[i])));
    b.ours("segment_hit_polygon", loop(n, HIT(c2d_segment_hit_polygon, SA[i], &PB[i])));
    b.ours("aabb_hit_polygon", loop(n, HIT(c2d_aabb_hit_polygon, AA[i], &PB[i])));
    b.ours("circle_hit_polygon", loop(n, HIT(c2d_circle_hit_polygon, CA[i], &PB[i])));
    b.ours("capsule_hit_polygon", loop(n, HIT(c2d_capsule_hit_polygon, KA[i], &PB[i])));
    b.ours("polygon_hit_polygon", loop(n, HIT(c2d_polygon_hit_polygon, &PA[i], &PB[i])));
    b.ours("shape_hit(polygon,polygon)", loop(n, HIT(c2d_shape_hit, &GA[i], &GB[i])));

    /* manifold */
    b.ours("aabb_manifold_polygon", loop(n, MF(c2d_aabb_manifold_polygon(AA[i], &PB[i]))));
    b.ours("circle_manifold_polygon", loop(n, MF(c2d_circle_manifold_polygon(CA[i], &PB[i]))));
    b.box2d(loop(n, B2MF(b2CollidePolygonAndCircle(&m, &bPB[i], I, &bCA[i], I))));
    b.add(kBox2dWorld, loop(n, B2WM(b2CollidePolygonAndCircle(&m, &bPB[i], I, &bCA[i], I), I, 0.0f, I, bCA[i].m_radius)));
    b.ours("circle_manifold_polygon_xf", loop(n, MF(c2d_circle_manifold_polygon_xf(CA[i], &LB[i], XB[i]))));
    b.box2d(loop(n, B2MF(b2CollidePolygonAndCircle(&m, &bLB[i], bXB[i], &bCA[i], I))));
    b.add(kBox2dWorld, loop(n, B2WM(b2CollidePolygonAndCircle(&m, &bLB[i], bXB[i], &bCA[i], I), bXB[i], 0.0f, I, bCA[i].m_radius)));
    b.ours("capsule_manifold_polygon", loop(n, MF(c2d_capsule_manifold_polygon(KA[i], &PB[i]))));
    b.ours("polygon_manifold_polygon", loop(n, MF(c2d_polygon_manifold_polygon(&PA[i], &PB[i]))));
    b.box2d(loop(n, B2MF(b2CollidePolygons(&m, &bPA[i], I, &bPB[i], I))));
    b.add(kBox2dWorld, loop(n, B2WM(b2CollidePolygons(&m, &bPA[i], I, &bPB[i], I), I, 0.0f, I, 0.0f)));
    b.ours("polygon_manifold_polygon_xf", loop(n, MF(c2d_polygon_manifold_polygon_xf(&LA[i], XA[i], &LB[i], XB[i]))));
    b.box2d(loop(n, B2MF(b2CollidePolygons(&m, &bLA[i], bXA[i], &bLB[i], bXB[i]))));
    b.add(kBox2dWorld, loop(n, B2WM(b2CollidePolygons(&m, &bLA[i], bXA[i], &bLB[i], bXB[i]), bXA[i], 0.0f, bXB[i], 0.0f)));
    b.ours("shape_manifold(polygon,polygon)", loop(n, MF(c2d_shape_manifold(&GA[i], &GB[i]))));

    /* ray cast */
    b.ours("polygon_raycast", loop(n, RC(c2d_polygon_raycast, &PB[i])));
    b.box2d(loop(n, B2RC(bPB[i], , I, 0)));
    b.ours("polygon_raycast_xf", loop(n, [=](int i, Acc &acc) {
        c2d_hit h;
        if (c2d_polygon_raycast_xf(&LB[i], XB[i], R[i], &h)) { acc.hits++; acc.f += h.time + h.normal.x; }
    }));
    b.box2d(loop(n, B2RC(bLB[i], , bXB[i], 0)));

    /* GJK distance (cold: Box2D's simplex cache starts empty, collide2d has none) */
    b.ours("distance_polygon_polygon", loop(n, [=](int i, Acc &acc) {
        c2d_distance_result d = c2d_distance(&QA[i], &QB[i], 0);
        acc.hits += d.distance > 0 ? 0u : 1u;
        acc.f += d.distance;
    }));
    b.box2d(loop(n, [=](int i, Acc &acc) {
        b2SimplexCache cache;
        cache.count = 0;
        b2DistanceOutput o;
        b2Distance(&o, &cache, &bD[i]);
        acc.hits += o.distance > 0 ? 0u : 1u;
        acc.f += o.distance;
    }));
    /* the generic entry point on the same pairs (it checks both shapes, then runs GJK) */
    b.ours("shape_distance(polygon,polygon)", loop(n, [=](int i, Acc &acc) {
        c2d_distance_result d = c2d_shape_distance(&GA[i], &GB[i]);
        acc.hits += d.distance > 0 ? 0u : 1u;
        acc.f += d.distance;
    }));
    b.ours("distance_polygon_polygon_xf", loop(n, [=](int i, Acc &acc) {
        c2d_proxy qa, qb;
        qa.count = LA[i].count;
        qb.count = LB[i].count;
        qa.radius = qb.radius = 0;
        for (int j = 0; j < qa.count; ++j) qa.points[j] = c2d_transform_point(XA[i], LA[i].vertices[j]);
        for (int j = 0; j < qb.count; ++j) qb.points[j] = c2d_transform_point(XB[i], LB[i].vertices[j]);
        c2d_distance_result d = c2d_distance(&qa, &qb, 0);
        acc.hits += d.distance > 0 ? 0u : 1u;
        acc.f += d.distance;
    }));
    b.box2d(loop(n, [=](int i, Acc &acc) {
        b2SimplexCache cache;
        cache.count = 0;
        b2DistanceOutput o;
        b2Distance(&o, &cache, &bDX[i]);
        acc.hits += o.distance > 0 ? 0u : 1u;
        acc.f += o.distance;
    }));
    b.ours("distance_circle_polygon", loop(n, [=](int i, Acc &acc) {
        c2d_distance_result d = c2d_distance(&QCA[i], &QB[i], 0);
        acc.hits += d.distance > 0 ? 0u : 1u;
        acc.f += d.distance;
    }));
    b.box2d(loop(n, [=](int i, Acc &acc) {
        b2SimplexCache cache;
        cache.count = 0;
        b2DistanceOutput o;
        b2Distance(&o, &cache, &bDC[i]);
        acc.hits += o.distance > 0 ? 0u : 1u;
        acc.f += o.distance;
    }));
}

#undef OV
#undef HIT
#undef MF
#undef RC
#undef B2MF
#undef B2WM
#undef B2RC

/* ---- the optional columns (bench_peers.h) ---- */

bench_side_view side_view(const Side &sd) {
    bench_side_view v;
    v.point = sd.point.data();
    v.seg = sd.seg.data();
    v.box = sd.box.data();
    v.circle = sd.circle.data();
    v.capsule = sd.capsule.data();
    for (int k = 0; k < 2; ++k) {
        v.poly[k] = sd.poly[k].data();
        v.local[k] = sd.local[k].data();
        v.proxy[k] = sd.proxy[k].data();
    }
    v.xf = sd.xf.data();
    v.circle_proxy = sd.circle_proxy.data();
    return v;
}

/* Adds each optional peer's row to every case it shares (same name, polygon or not), reading its
 * own copy of the same scene. */
void add_optional_peers(std::vector<Case> &cases, const Scene *scenes, int scene_count) {
    for (const bench_peer *peer : optional_peers()) {
        std::vector<const void *> handle(scene_count);
        for (int d = 0; d < scene_count; ++d) {
            bench_scene_view view;
            view.n = scenes[d].n;
            view.a = side_view(scenes[d].a);
            view.b = side_view(scenes[d].b);
            view.ray = scenes[d].ray.data();
            handle[d] = peer->scene_make(&view);
            if (!handle[d]) {
                std::fprintf(stderr, "bench_narrow: %s could not convert the scene\n", peer->impl);
                std::exit(1);
            }
        }
        for (Case &c : cases) {
            int d = 0;
            while (d < scene_count && std::strcmp(scenes[d].density, c.density) != 0) ++d;
            if (d == scene_count || c.impls[0].name != kOurs) continue;
            for (int k = 0; k < peer->count; ++k) {
                const bench_peer_case &pc = peer->cases[k];
                if (c.name != pc.name || (pc.polygon != 0) != (c.vertices != 0)) continue;
                bench_peer_fn *fn = pc.fn;
                const void *h = handle[d];
                int v = c.vertices == 8 ? 1 : 0;
                Impl im;
                im.name = peer->impl;
                im.run = [fn, h, v](int passes, Acc &acc) {
                    bench_acc a = {acc.hits, acc.f};
                    fn(h, v, passes, &a);
                    acc.hits = a.hits;
                    acc.f = a.f;
                };
                c.impls.push_back(im);
            }
        }
    }
}

const Impl *find_impl(const Case &c, const char *name) {
    for (const Impl &im : c.impls)
        if (im.name == name) return &im;
    return nullptr;
}

/* The fastest of the peers (kPeers) on this case, or null. */
const Impl *best_peer(const Case &c) {
    const Impl *best = nullptr;
    for (const char *p : kPeers) {
        const Impl *im = find_impl(c, p);
        if (im && (!best || im->median < best->median)) best = im;
    }
    return best;
}

/* ---- output ---- */

std::string cpu_model() {
    std::string model = "unknown";
    FILE *f = std::fopen("/proc/cpuinfo", "r");
    if (!f) return model;
    char line[512];
    while (std::fgets(line, sizeof line, f)) {
        if (std::strncmp(line, "model name", 10) == 0) {
            const char *p = std::strchr(line, ':');
            if (p) {
                model = p + 2;
                while (!model.empty() && (model.back() == '\n' || model.back() == ' ')) model.pop_back();
            }
            break;
        }
    }
    std::fclose(f);
    return model;
}

void print_notes(const Options &opt) {
    std::printf("collide2d narrow-phase benchmark (collide2d %d.%d.%d, %s; Box2D b2_version %d.%d.%d)\n",
                C2D_VERSION_MAJOR, C2D_VERSION_MINOR, C2D_VERSION_PATCH, c2d_is_double() ? "double" : "float",
                b2_version.major, b2_version.minor, b2_version.revision);
    std::printf("cpu: %s; load average at start: %.2f\n", cpu_model().c_str(), load_average());
    std::printf("n = %d pairs per case, fixed seed 0x%llx, median of %d repetitions of ~%.1f ms each\n",
                opt.n, (unsigned long long)opt.seed, opt.reps, opt.target_ms);
    std::printf(
        "notes:\n"
        "  - Box2D's polygon functions get identity transforms and world-space vertices; the *_xf rows\n"
        "    give Box2D local vertices plus real transforms. collide2d's manifold and ray *_xf rows call the\n"
        "    transform-taking queries (c2d_circle_manifold_polygon_xf, c2d_polygon_manifold_polygon_xf,\n"
        "    c2d_polygon_raycast_xf: local polygons plus transforms, as Box2D); the distance *_xf rows map\n"
        "    each vertex into a c2d_proxy before the query.\n"
        "  - Box2D polygons use m_radius = 0 (its 0.01 skin removed) so both libraries see the same shapes.\n"
        "  - Box2D is Debian's shared libbox2d (called through the PLT); collide2d is the static library\n"
        "    built here in Release. b2TestOverlap(b2AABB, b2AABB) is inline in Box2D's header, and so is\n"
        "    c2d_aabb_overlap_aabb in collision.h when the compiler takes its inline form (GCC, Clang);\n"
        "    every other query on both sides is an out-of-line library call.\n"
        "  - b2Manifold holds local points and no depths; collide2d's manifold holds the world normal,\n"
        "    points and depths. The box2d-2.4 rows time b2Collide* alone (the target compares with these);\n"
        "    the box2d-2.4+world rows add b2WorldManifold::Initialize, which gives Box2D users the same\n"
        "    output as ours. b2Distance runs cold (cache.count = 0).\n"
        "  - Box2D counts touching as overlap and b2TestOverlap(shapes) is GJK with a 10*eps tolerance,\n"
        "    so hit rates can differ slightly. Ray origins are all outside the shapes.\n"
        "  - reference_aabb_overlap (bench code, not a library) shows the floor for the AABB rows: the\n"
        "    same strict test as an out-of-line call (ref-call) and inlined branch-free (ref-inline);\n"
        "    these two rows are not written to the JSON file.\n"
        "  - hit%% is the fraction of pairs reported as hits (overlap, count > 0, distance 0), collide2d's.\n"
        "  - optional columns (bench/README.md): collide2d-tu = the same collide2d queries compiled into the\n"
        "    caller's file through collide2d_single.h (C2D_STATIC), as cute_c2 users compile cute_c2;\n"
        "    cute_c2 (CUTE_C2_H), compiled into its loops' file; box2d-3 (BOX2D_V3_DIR), its static library.\n"
        "    Box2D v3 boxes are box polygons (it has no box shape), its *_xf rows pass b2InvMulTransforms,\n"
        "    its manifolds keep speculative points. best = the fastest of box2d-2.4, box2d-3 and cute_c2;\n"
        "    best/ours above 1 means collide2d (the library) is faster, best/tu the same for collide2d-tu.\n");
    std::printf("optional columns in this binary:");
    for (const bench_peer *p : optional_peers()) std::printf(" %s", p->impl);
    std::printf("%s\n\n", optional_peers().empty() ? " none (make bench CUTE_C2_H=... BOX2D_V3_DIR=...)" : "");
}

/* The columns that this run shows: every kColumns entry some case has. */
std::vector<std::string> table_columns(const std::vector<Case> &cases) {
    std::vector<std::string> cols;
    for (const char *name : kColumns)
        for (const Case &c : cases)
            if (find_impl(c, name)) {
                cols.push_back(name);
                break;
            }
    return cols;
}

void print_header(const std::vector<std::string> &cols) {
    std::printf("%-32s %2s %-6s %6s", "case", "v", "dens", "hit%");
    for (const std::string &col : cols) std::printf(" %*s", std::max(9, (int)col.size()), col.c_str());
    std::printf("  %-9s %9s %9s\n", "best", "best/ours", "best/tu");
}

/* One line per case: ns per call (median) in each column. */
void print_case(const Case &c, const std::vector<std::string> &cols) {
    char v[8] = "-";
    if (c.vertices) std::snprintf(v, sizeof v, "%d", c.vertices);
    std::printf("%-32s %2s %-6s %6.1f", c.name.c_str(), v, c.density, 100.0 * c.impls[0].hit_rate);
    for (const std::string &col : cols) {
        const Impl *im = find_impl(c, col.c_str());
        int w = std::max(9, (int)col.size());
        if (im) std::printf(" %*.2f", w, im->median);
        else std::printf(" %*s", w, "-");
    }
    const Impl *best = best_peer(c);
    const Impl *tu = find_impl(c, kTu);
    if (best) {
        std::printf("  %-9s %9.2f", best->name.c_str(), best->median / c.impls[0].median);
        if (tu) std::printf(" %9.2f", best->median / tu->median);
    }
    std::printf("\n");
    std::fflush(stdout);
}

void write_json(FILE *f, const Case &c, const Options &opt, double load) {
    for (size_t k = 0; k < c.impls.size(); ++k) {
        const Impl &im = c.impls[k];
        if (im.name == kRefCall || im.name == kRefInline) continue; /* reference rows: terminal only */
        std::fprintf(f,
                     "{\"suite\":\"narrow\",\"case\":\"%s\",\"impl\":\"%s\",\"ns_per_op\":%.4f,\"ns_min\":%.4f,"
                     "\"n\":%d,\"vertices\":%d,\"density\":\"%s\",\"reps\":%d,\"passes\":%d,\"hit_rate\":%.4f,"
                     "\"precision\":\"%s\",\"load1\":%.2f",
                     c.name.c_str(), im.name.c_str(), im.median, im.min, c.n, c.vertices, c.density, opt.reps,
                     im.passes, im.hit_rate, c2d_is_double() ? "double" : "float", load);
        if (im.name == kBox2d || im.name == kBox2dWorld)
            std::fprintf(f, ",\"ratio_box2d_over_ours\":%.4f", im.median / c.impls[0].median);
        else if (k > 0)
            std::fprintf(f, ",\"ratio_over_ours\":%.4f", im.median / c.impls[0].median);
        std::fprintf(f, "}\n");
    }
}

/* The targets of the issue, checked against the medians of this run. */
int report_targets(const std::vector<Case> &cases) {
    struct Target { const char *name; int vertices; double max_ns; };
    const Target targets[] = {
        {"aabb_overlap_aabb", 0, 2.0},
        {"polygon_manifold_polygon", 8, 100.0},
        {"distance_polygon_polygon", 8, 100.0},
        {"aabb_raycast", 0, 4.0},
    };
    int missed = 0;
    std::printf("\ntargets (medians of this run):\n");
    for (const Target &t : targets) {
        for (const Case &c : cases) {
            if (c.name != t.name || c.vertices != t.vertices) continue;
            bool ok = c.impls[0].median <= t.max_ns;
            missed += ok ? 0 : 1;
            std::printf("  %-4s %-28s %s %-6s %8.2f ns  (target <= %.0f ns)\n", ok ? "ok" : "MISS", t.name,
                        t.vertices ? "8v" : "  ", c.density, c.impls[0].median, t.max_ns);
        }
    }
    /* The generic entry point against GJK alone on the same pairs (issue 15: within 1.3x); both
     * rows must be in the run (e.g. --filter distance). */
    for (const Case &c : cases) {
        if (c.name != "shape_distance(polygon,polygon)") continue;
        for (const Case &g : cases) {
            if (g.name != "distance_polygon_polygon" || g.vertices != c.vertices || std::strcmp(g.density, c.density) != 0) continue;
            double ratio = c.impls[0].median / g.impls[0].median;
            std::printf("  %-4s shape_distance / distance      %s %-6s %8.2f  (%.2f / %.2f ns, target <= 1.30)\n",
                        ratio <= 1.3 ? "ok" : "MISS", c.vertices == 8 ? "8v" : "4v", c.density, ratio, c.impls[0].median,
                        g.impls[0].median);
        }
    }
    int shared = 0, slower = 0;
    for (const Case &c : cases) {
        if (c.impls.size() < 2 || c.impls[1].name != kBox2d) continue;
        ++shared;
        double ratio = c.impls[1].median / c.impls[0].median;
        if (ratio < 1.0) {
            ++slower;
            std::printf("  MISS slower than Box2D: %-28s %s %-6s ours %.2f ns, box2d %.2f ns (ratio %.2f)\n",
                        c.name.c_str(), c.vertices == 8 ? "8v" : c.vertices == 4 ? "4v" : "  ", c.density,
                        c.impls[0].median, c.impls[1].median, ratio);
        }
    }
    std::printf("  %-4s never slower than Box2D 2.4: %d of %d shared cases slower\n", slower ? "MISS" : "ok", slower,
                shared);
    /* The manifold rows also against b2Collide* + b2WorldManifold (the same output as ours); shown
     * beside the strict count above, which stays the target. */
    int world = 0, world_slower = 0;
    for (const Case &c : cases) {
        if (c.impls.size() < 3 || c.impls[2].name != kBox2dWorld) continue;
        ++world;
        if (c.impls[2].median < c.impls[0].median) ++world_slower;
    }
    if (world)
        std::printf("  info manifold rows against Box2D 2.4 + b2WorldManifold (same output): %d of %d slower\n",
                    world_slower, world);
    /* Every row against the fastest peer (Box2D 2.4, Box2D v3, cute_c2): the speed target. */
    int peer_shared = 0, peer_slower = 0, tu_slower = 0;
    bool any_new = false;
    for (const Case &c : cases) any_new = any_new || find_impl(c, "box2d-3") || find_impl(c, "cute_c2");
    if (any_new) {
        std::printf("\nrows slower than the fastest peer (box2d-2.4, box2d-3, cute_c2):\n");
        for (const Case &c : cases) {
            const Impl *best = best_peer(c);
            if (!best || c.impls[0].name != kOurs) continue;
            ++peer_shared;
            const Impl *tu = find_impl(c, kTu);
            bool slow = best->median < c.impls[0].median, tslow = tu && best->median < tu->median;
            peer_slower += slow ? 1 : 0;
            tu_slower += tslow ? 1 : 0;
            if (slow || tslow) {
                std::printf("  MISS %-30s %s %-6s ours %7.2f ns", c.name.c_str(),
                            c.vertices == 8 ? "8v" : c.vertices == 4 ? "4v" : "  ", c.density, c.impls[0].median);
                if (tu) std::printf(", tu %7.2f ns", tu->median);
                std::printf(", %s %7.2f ns (best/ours %.2f)\n", best->name.c_str(), best->median,
                            best->median / c.impls[0].median);
            }
        }
        std::printf("  %-4s never slower than the fastest peer: %d of %d shared cases slower (library), %d (collide2d-tu)\n",
                    peer_slower ? "MISS" : "ok", peer_slower, peer_shared, tu_slower);
    }
    return missed + slower;
}

int parse_args(int argc, char **argv, Options &opt) {
    for (int i = 1; i < argc; ++i) {
        const char *a = argv[i];
        bool has = i + 1 < argc;
        if (!std::strcmp(a, "--filter") && has) opt.filter = argv[++i];
        else if (!std::strcmp(a, "--reps") && has) opt.reps = std::atoi(argv[++i]);
        else if (!std::strcmp(a, "--n") && has) opt.n = std::atoi(argv[++i]);
        else if (!std::strcmp(a, "--target-ms") && has) opt.target_ms = std::atof(argv[++i]);
        else if (!std::strcmp(a, "--seed") && has) opt.seed = std::strtoull(argv[++i], nullptr, 0);
        else if (a[0] != '-' && !opt.json_path) opt.json_path = a;
        else {
            std::fprintf(stderr,
                         "usage: %s [out.jsonl] [--filter SUBSTR] [--reps N] [--n N] [--target-ms MS] [--seed S]\n",
                         argv[0]);
            return 1;
        }
    }
    if (opt.reps < 1 || opt.n < 1 || !(opt.target_ms > 0)) {
        std::fprintf(stderr, "bench_narrow: --reps, --n and --target-ms must be positive\n");
        return 1;
    }
    return 0;
}

}  // namespace

int main(int argc, char **argv) {
    Options opt;
    if (parse_args(argc, argv, opt)) return 2;
    FILE *json = nullptr;
    if (opt.json_path) {
        json = std::fopen(opt.json_path, "w");
        if (!json) {
            std::perror(opt.json_path);
            return 1;
        }
    }
    print_notes(opt);

    static Scene scenes[2];
    const char *densities[2] = {"sparse", "dense"};
    Builder b;
    for (int d = 0; d < 2; ++d) build_scene(scenes[d], densities[d], opt.n, opt.seed + (uint64_t)d);
    for (int d = 0; d < 2; ++d) {
        add_plain_cases(b, scenes[d]);
        for (int v = 0; v < 2; ++v) add_polygon_cases(b, scenes[d], v);
    }
    add_optional_peers(b.cases, scenes, 2);
    /* Group the table by case name: each case's 4/8-vertex and sparse/dense rows sit together. */
    std::vector<Case> run;
    std::vector<std::string> order;
    for (const Case &c : b.cases)
        if (std::find(order.begin(), order.end(), c.name) == order.end()) order.push_back(c.name);
    for (const std::string &name : order)
        for (int v : {0, 4, 8})
            for (const Case &c : b.cases)
                if (c.name == name && c.vertices == v && (!opt.filter || c.name.find(opt.filter) != std::string::npos))
                    run.push_back(c);

    std::vector<std::string> cols = table_columns(run);
    print_header(cols);
    for (Case &c : run) {
        measure(c, opt.reps, opt.target_ms);
        print_case(c, cols);
        if (json) write_json(json, c, opt, load_average());
    }
    int missed = report_targets(run);
    std::printf("load average at end: %.2f%s\n", load_average(),
                json ? (std::string("; JSON lines in ") + opt.json_path).c_str() : "");
    if (json) std::fclose(json);
    (void)missed;  /* a benchmark reports; it does not fail the build */
    return 0;
}
