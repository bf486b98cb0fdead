/* collide2d world benchmark (suite "world"): the world's queries beside Box2D 2.4's b2World and
 * Chipmunk 7's cpSpace on the same shapes, bump-style slide moves, and overlap-event updates.
 *
 * Usage: bench_world [out.jsonl] [--quick] [--reps N] [--queries Q] [--case SUBSTR] [--impl SUBSTR] [--seed S]
 * (--impl times only the matching implementations and prints no ratios: for perf record.)
 * BENCH_QUICK=1 in the environment is --quick: 10k statics, 100 and 1k movers, fewer queries.
 *
 * Scene (fixed seed). 100k static colliders in a square of 2000 x 2000 (quick: 10k at the same
 * density): 25% axis-aligned boxes, 20% convex polygons (3 to 8 vertices, rotated), 20% circles,
 * 20% capsules (rotated) and 15% segments (rotated), sizes about 0.3 to 1.5; then 10k moving
 * colliders (circles, boxes, capsules) placed where they overlap nothing. Scene "1k movers" is the
 * statics plus the first 1k movers; "10k movers" adds the other 9k.
 *   collide2d: c2d_world (default config: bulk-built static tree, dynamic tree for movers), each
 *              collider a local shape placed by a transform; c2d_world_update once after building.
 *   Box2D 2.4: b2World, one static (movers: kinematic) body per collider with its transform,
 *              fixtures with m_radius = 0 (Box2D's polygon skin removed, so that both see the same
 *              shapes). Box2D 2.4 has no capsule: a capsule is one body with three fixtures, a box
 *              polygon and a circle at each end, whose union is exactly the capsule. Segments are
 *              two-sided b2EdgeShapes.
 *   Chipmunk 7: cpSpace, statics as world-space shapes on the space's static body, movers on one
 *              kinematic body each; capsules are cpSegmentShapes with a radius, segments radius 0,
 *              polygons cpPolyShapeNewRaw with the same vertices. Debian's libchipmunk is built
 *              with debug assertions compiled in (cpAssertSoft and friends are live), which costs
 *              it some speed: its figures are those of the Debian package, not of a release build.
 *
 * Rows (each a fixed list of queries, every implementation answering the same list):
 *   ray_20, ray_200   first hit of a ray of length 20 / 200 from a point inside no collider:
 *                     c2d_world_raycast_first; b2World::RayCast with a closest-hit callback (returns
 *                     the fraction); cpSpaceSegmentQueryFirst (radius 0).
 *   aabb              every collider overlapping a 10 x 10 box: c2d_world_query_aabb (exact shape
 *                     test); Box2D exact: b2World::QueryAABB, the fixture's tight box, then
 *                     b2TestOverlap against the box polygon, counted once per body; Box2D fat:
 *                     QueryAABB alone (fat-AABB candidates, per fixture: a different, larger
 *                     answer); Chipmunk exact: cpSpaceShapeQuery with a box shape; Chipmunk bb:
 *                     cpSpaceBBQuery (shapes whose tight box overlaps: a larger answer).
 *   point             every collider holding a point (half of them at a collider's center):
 *                     c2d_world_query_point; Box2D: QueryAABB of the point + b2Fixture::TestPoint,
 *                     once per body; Chipmunk: cpSpacePointQuery with distance 0 (every shape
 *                     strictly inside), and cpSpacePointQueryNearest with distance 0 (one shape
 *                     only: a smaller answer, shown for reference).
 *   shape             every collider overlapping a query shape (circle r 1, box 2 x 2, hexagon r 1):
 *                     c2d_world_overlap_shape; Box2D: QueryAABB + tight box + b2TestOverlap, once
 *                     per body; Chipmunk: cpSpaceShapeQuery (which also computes contact points:
 *                     that is its API).
 *   The ratio on our row is ours / the best peer that gives the same answer (the exact rows; below
 *   1: collide2d is faster); on a peer row it is ours / that peer. Answers are compared query by
 *   query before timing (mismatch counts printed: touching and rounding differ slightly).
 *   move_slide        c2d_world_move with the default input (SLIDE against solids) for every mover
 *                     toward its position plus its velocity (0.5 per frame, random direction), on
 *                     a world of the statics plus 1k or 10k movers; ns per mover, median frame of
 *                     F frames; c2d_world_update (untimed) between frames. No peer has bump's move.
 *   events_update     10k movers each moved by up to 0.05 per axis (c2d_world_set_transform,
 *                     timed separately), then c2d_world_update: median and 99th-percentile ms.
 *
 * Timing: bench_util.h's measure(): every implementation runs the query list once to warm up, then
 * --reps (11; quick 5) interleaved repetitions; the figure is the median ns per query. Single
 * thread. Output: a table on stdout with the targets beside the numbers, and one JSON
 * object per measurement in the JSONL file (suite "world", case, impl, n, ns_per_op or median_ms,
 * ratio, ...). */
#include <collide2d.h>
#include <box2d/box2d.h>
#include <chipmunk/chipmunk.h>
#ifdef C2D_BENCH_HAVE_MOVES
#include <collide2d/world_move.h>
#endif

#include <time.h>
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "bench_util.h"

namespace {

using namespace bench;

typedef c2d_real real;

#ifdef C2D_DOUBLE
const char *const kPrecision = "double";
#else
const char *const kPrecision = "float";
#endif

const double kTau = 6.283185307179586;

struct Options {
    const char *json_path = nullptr;
    bool quick = false;
    int reps = 0;      /* 0: 11 (quick 5) */
    int queries = 0;   /* 0: 10000 (quick 2000) */
    std::string only;  /* only cases whose name contains this */
    std::string impl;  /* only implementations whose name contains this (e.g. for perf record) */
    uint64_t seed = 0x3017D5EEDULL;
};

void die(const char *what, c2d_status s) {
    fprintf(stderr, "bench_world: %s failed: status %d\n", what, (int)s);
    exit(1);
}

/* ---- scene ---- */

enum Kind { BOX = 0, POLY = 1, CIRCLE = 2, CAPSULE = 3, SEGMENT = 4 };
const char *const kKindNames[5] = {"box", "polygon", "circle", "capsule", "segment"};

/* One collider in its local frame plus its placement, in doubles (every library gets it from here). */
struct Body {
    Kind kind;
    double x, y, angle;  /* boxes: angle 0 */
    double a, b;         /* box: half extents; circle: radius a; capsule: half length a, radius b;
                            segment: half length a */
    int nv = 0;          /* polygon: local vertices (counter-clockwise, as c2d_polygon_make made them) */
    double v[8][2];
    c2d_shape local;     /* collide2d's local shape */
};

c2d_vec2 v2(double x, double y) { return c2d_v2((real)x, (real)y); }

void make_local(Body &bd, Rng &rng) {
    switch (bd.kind) {
    case BOX: {
        c2d_aabb box;
        box.lower = v2(-bd.a, -bd.b);
        box.upper = v2(bd.a, bd.b);
        bd.local = c2d_shape_from_aabb(box);
        break;
    }
    case POLY: {
        /* n points on a circle with angles at least 0.35 apart: strictly convex */
        int n = 3 + (int)rng.below(6);
        double r = bd.a;
        for (;;) {
            double ang[8];
            for (int i = 0; i < n; ++i) ang[i] = rng.range(0, kTau);
            for (int i = 1; i < n; ++i) /* insertion sort (std::sort trips GCC 12's -Warray-bounds here) */
                for (int j = i; j > 0 && ang[j - 1] > ang[j]; --j) std::swap(ang[j - 1], ang[j]);
            bool ok = true;
            for (int i = 0; i < n; ++i) {
                double gap = i + 1 < n ? ang[i + 1] - ang[i] : ang[0] + kTau - ang[i];
                if (gap < 0.35 || gap > 2.6) ok = false;
            }
            if (!ok) continue;
            c2d_vec2 p[8];
            for (int i = 0; i < n; ++i) p[i] = v2(r * std::cos(ang[i]), r * std::sin(ang[i]));
            c2d_polygon poly;
            if (c2d_polygon_make(p, n, &poly) != C2D_OK || poly.count != n) continue;
            bd.local = c2d_shape_from_polygon(&poly);
            bd.nv = poly.count;
            for (int i = 0; i < n; ++i) {
                bd.v[i][0] = (double)poly.vertices[i].x;
                bd.v[i][1] = (double)poly.vertices[i].y;
            }
            break;
        }
        break;
    }
    case CIRCLE: {
        c2d_circle c;
        c.center = v2(0, 0);
        c.radius = (real)bd.a;
        bd.local = c2d_shape_from_circle(c);
        break;
    }
    case CAPSULE: {
        c2d_capsule c;
        c.p1 = v2(-bd.a, 0);
        c.p2 = v2(bd.a, 0);
        c.radius = (real)bd.b;
        bd.local = c2d_shape_from_capsule(c);
        break;
    }
    case SEGMENT: {
        c2d_segment s;
        s.p1 = v2(-bd.a, 0);
        s.p2 = v2(bd.a, 0);
        bd.local = c2d_shape_from_segment(s);
        break;
    }
    }
}

c2d_transform xf_of(const Body &bd) {
    c2d_transform xf;
    xf.p = v2(bd.x, bd.y);
    xf.q = bd.kind == BOX ? c2d_rot_identity() : c2d_rot_make((real)bd.angle);
    return xf;
}

/* world-space point of a local point */
void to_world(const Body &bd, double lx, double ly, double &wx, double &wy) {
    double c = bd.kind == BOX ? 1.0 : std::cos(bd.angle), s = bd.kind == BOX ? 0.0 : std::sin(bd.angle);
    wx = bd.x + c * lx - s * ly;
    wy = bd.y + s * lx + c * ly;
}

Body random_static(Rng &rng, double extent) {
    Body bd;
    double u = rng.uni();
    bd.kind = u < 0.25 ? BOX : u < 0.45 ? POLY : u < 0.65 ? CIRCLE : u < 0.85 ? CAPSULE : SEGMENT;
    bd.x = rng.range(0, extent);
    bd.y = rng.range(0, extent);
    bd.angle = bd.kind == BOX ? 0 : rng.range(0, kTau);
    switch (bd.kind) {
    case BOX: bd.a = rng.range(0.3, 1.5); bd.b = rng.range(0.3, 1.5); break;
    case POLY: bd.a = rng.range(0.4, 1.5); break;
    case CIRCLE: bd.a = rng.range(0.3, 1.0); break;
    case CAPSULE: bd.a = rng.range(0.3, 1.2); bd.b = rng.range(0.15, 0.5); break;
    case SEGMENT: bd.a = rng.range(0.5, 2.0); break;
    }
    make_local(bd, rng);
    return bd;
}

Body random_mover(Rng &rng, double extent) {
    Body bd;
    int k = (int)rng.below(3);
    bd.kind = k == 0 ? CIRCLE : k == 1 ? BOX : CAPSULE;
    bd.x = rng.range(5, extent - 5);
    bd.y = rng.range(5, extent - 5);
    bd.angle = bd.kind == BOX ? 0 : rng.range(0, kTau);
    switch (bd.kind) {
    case BOX: bd.a = rng.range(0.3, 0.6); bd.b = rng.range(0.3, 0.8); break;
    case CIRCLE: bd.a = rng.range(0.3, 0.6); break;
    default: bd.a = rng.range(0.2, 0.5); bd.b = rng.range(0.2, 0.4); break;
    }
    make_local(bd, rng);
    return bd;
}

/* ---- collide2d ---- */

c2d_world *ours_new() {
    c2d_world *w = nullptr;
    c2d_status s = c2d_world_create(nullptr, &w);
    if (s != C2D_OK) die("c2d_world_create", s);
    return w;
}

c2d_collider_id ours_add(c2d_world *w, const Body &bd, bool moving, uint64_t user) {
    c2d_collider_def def;
    memset(&def, 0, sizeof def);
    def.shape = bd.local;
    def.transform = xf_of(bd);
    def.flags = moving ? 0u : (uint32_t)C2D_COLLIDER_STATIC;
    def.user_data = user;
    c2d_collider_id id;
    c2d_status s = c2d_world_add(w, &def, &id);
    if (s != C2D_OK) die("c2d_world_add", s);
    return id;
}

void ours_update(c2d_world *w) {
    const c2d_world_event *ev;
    int32_t count;
    c2d_status s = c2d_world_update(w, &ev, &count);
    if (s != C2D_OK) die("c2d_world_update", s);
}

/* ---- Box2D ---- */

b2Vec2 tob2(double x, double y) { return b2Vec2((float)x, (float)y); }

struct B2Scene {
    std::unique_ptr<b2World> world;
    std::vector<b2Body *> bodies;
    B2Scene() : world(new b2World(b2Vec2(0, 0))) {}
    void add(const Body &bd, bool moving, uintptr_t user) {
        b2BodyDef def;
        def.type = moving ? b2_kinematicBody : b2_staticBody;
        def.position = tob2(bd.x, bd.y);
        def.angle = (float)(bd.kind == BOX ? 0 : bd.angle);
        def.userData.pointer = user;
        b2Body *body = world->CreateBody(&def);
        b2FixtureDef fd;
        fd.userData.pointer = user;
        switch (bd.kind) {
        case BOX: {
            b2PolygonShape p;
            p.SetAsBox((float)bd.a, (float)bd.b);
            p.m_radius = 0;
            fd.shape = &p;
            body->CreateFixture(&fd);
            break;
        }
        case POLY: {
            b2Vec2 v[8];
            for (int i = 0; i < bd.nv; ++i) v[i] = tob2(bd.v[i][0], bd.v[i][1]);
            b2PolygonShape p;
            p.Set(v, bd.nv);
            p.m_radius = 0;
            fd.shape = &p;
            body->CreateFixture(&fd);
            break;
        }
        case CIRCLE: {
            b2CircleShape c;
            c.m_radius = (float)bd.a;
            fd.shape = &c;
            body->CreateFixture(&fd);
            break;
        }
        case CAPSULE: {
            b2PolygonShape p;
            p.SetAsBox((float)bd.a, (float)bd.b);
            p.m_radius = 0;
            fd.shape = &p;
            body->CreateFixture(&fd);
            for (int e = -1; e <= 1; e += 2) {
                b2CircleShape c;
                c.m_radius = (float)bd.b;
                c.m_p = tob2(e * bd.a, 0);
                fd.shape = &c;
                body->CreateFixture(&fd);
            }
            break;
        }
        case SEGMENT: {
            b2EdgeShape e;
            e.SetTwoSided(tob2(-bd.a, 0), tob2(bd.a, 0));
            e.m_radius = 0;
            fd.shape = &e;
            body->CreateFixture(&fd);
            break;
        }
        }
        bodies.push_back(body);
    }
};

/* closest hit (b2World::RayCast: the callback returns the fraction to clip the ray) */
struct B2RayFirst : b2RayCastCallback {
    float best = 2;
    float ReportFixture(b2Fixture *, const b2Vec2 &, const b2Vec2 &, float fraction) override {
        if (fraction < best) best = fraction;
        return fraction;
    }
};

/* fat candidates, per fixture */
struct B2CountAll : b2QueryCallback {
    uint64_t n = 0;
    bool ReportFixture(b2Fixture *) override {
        ++n;
        return true;
    }
};

/* exact: the fixture's tight box against the query box, then b2TestOverlap with the query shape
 * (or TestPoint for a point), each body counted once (capsules have three fixtures) */
struct B2Exact : b2QueryCallback {
    const b2Shape *shape = nullptr;  /* query shape at identity, or null for a point */
    b2AABB box;
    b2Vec2 point;
    uint32_t *stamp = nullptr;
    uint32_t query = 0;
    uint64_t n = 0;
    bool ReportFixture(b2Fixture *f) override {
        uintptr_t id = f->GetUserData().pointer;
        if (stamp[id] == query) return true;
        const b2Transform &xf = f->GetBody()->GetTransform();
        if (!shape) {
            if (!f->TestPoint(point)) return true;
        } else {
            b2AABB tight;
            f->GetShape()->ComputeAABB(&tight, xf, 0);
            if (!b2TestOverlap(tight, box)) return true;
            static const b2Transform ident = [] {
                b2Transform t;
                t.SetIdentity();
                return t;
            }();
            if (!b2TestOverlap(shape, 0, f->GetShape(), 0, ident, xf)) return true;
        }
        stamp[id] = query;
        ++n;
        return true;
    }
};

/* ---- Chipmunk ---- */

cpVect tocp(double x, double y) { return cpv((cpFloat)x, (cpFloat)y); }

struct CpScene {
    cpSpace *space;
    std::vector<cpShape *> shapes;
    std::vector<cpBody *> bodies;
    CpScene() : space(cpSpaceNew()) {}
    ~CpScene() {
        for (cpShape *s : shapes) {
            cpSpaceRemoveShape(space, s);
            cpShapeFree(s);
        }
        for (cpBody *b : bodies) {
            cpSpaceRemoveBody(space, b);
            cpBodyFree(b);
        }
        cpSpaceFree(space);
    }
    void add(const Body &bd, bool moving, uintptr_t user) {
        cpBody *body;
        cpShape *s = nullptr;
        if (moving) {
            body = cpSpaceAddBody(space, cpBodyNewKinematic());
            cpBodySetPosition(body, tocp(bd.x, bd.y));
            cpBodySetAngle(body, (cpFloat)(bd.kind == BOX ? 0 : bd.angle));
            bodies.push_back(body);
            switch (bd.kind) {
            case BOX: s = cpBoxShapeNew2(body, cpBBNew(-bd.a, -bd.b, bd.a, bd.b), 0); break;
            case CIRCLE: s = cpCircleShapeNew(body, (cpFloat)bd.a, cpvzero); break;
            case CAPSULE: s = cpSegmentShapeNew(body, tocp(-bd.a, 0), tocp(bd.a, 0), (cpFloat)bd.b); break;
            default: fprintf(stderr, "bench_world: mover kind\n"); exit(1);
            }
        } else {
            body = cpSpaceGetStaticBody(space);
            double ax, ay, bx, by;
            switch (bd.kind) {
            case BOX: s = cpBoxShapeNew2(body, cpBBNew(bd.x - bd.a, bd.y - bd.b, bd.x + bd.a, bd.y + bd.b), 0); break;
            case POLY: {
                cpVect v[8];
                for (int i = 0; i < bd.nv; ++i) {
                    to_world(bd, bd.v[i][0], bd.v[i][1], ax, ay);
                    v[i] = tocp(ax, ay);
                }
                s = cpPolyShapeNewRaw(body, bd.nv, v, 0);
                break;
            }
            case CIRCLE: s = cpCircleShapeNew(body, (cpFloat)bd.a, tocp(bd.x, bd.y)); break;
            case CAPSULE:
            case SEGMENT:
                to_world(bd, -bd.a, 0, ax, ay);
                to_world(bd, bd.a, 0, bx, by);
                s = cpSegmentShapeNew(body, tocp(ax, ay), tocp(bx, by), bd.kind == CAPSULE ? (cpFloat)bd.b : 0);
                break;
            }
        }
        cpShapeSetUserData(s, (cpDataPointer)user);
        cpSpaceAddShape(space, s);
        shapes.push_back(s);
    }
};

void cp_count_bb(cpShape *, void *data) { ++*(uint64_t *)data; }
void cp_count_point(cpShape *, cpVect, cpFloat, cpVect, void *data) { ++*(uint64_t *)data; }
void cp_count_shape(cpShape *, cpContactPointSet *, void *data) { ++*(uint64_t *)data; }

/* ---- query lists ---- */

struct QShape {
    c2d_shape ours;      /* world frame */
    b2Shape *b2 = nullptr;
    cpShape *cp = nullptr;
    b2AABB b2box;
};

struct Queries {
    std::vector<c2d_raycast_input> ray20, ray200;
    std::vector<c2d_aabb> boxes;
    std::vector<c2d_vec2> points;
    std::vector<QShape> shapes;
    std::vector<QShape> box_shapes;   /* the boxes as shapes, for Box2D's and Chipmunk's exact box tests */
    cpBody *cp_body = nullptr;        /* holds the Chipmunk query shapes (identity, not in a space) */
    std::vector<std::unique_ptr<b2Shape>> b2_owned;
    ~Queries() {
        for (std::vector<QShape> *v : {&shapes, &box_shapes})
            for (QShape &q : *v)
                if (q.cp) cpShapeFree(q.cp);
        if (cp_body) cpBodyFree(cp_body);
    }
};

QShape make_qshape(Queries &qs, const c2d_shape &s) {
    QShape q;
    q.ours = s;
    c2d_aabb bb = c2d_shape_aabb(&s);
    q.b2box.lowerBound = tob2(bb.lower.x, bb.lower.y);
    q.b2box.upperBound = tob2(bb.upper.x, bb.upper.y);
    if (s.type == C2D_SHAPE_CIRCLE) {
        b2CircleShape *c = new b2CircleShape;
        c->m_radius = (float)s.as.circle.radius;
        c->m_p = tob2(s.as.circle.center.x, s.as.circle.center.y);
        q.b2 = c;
        q.cp = cpCircleShapeNew(qs.cp_body, (cpFloat)s.as.circle.radius, tocp(s.as.circle.center.x, s.as.circle.center.y));
    } else if (s.type == C2D_SHAPE_AABB) {
        b2PolygonShape *p = new b2PolygonShape;
        b2Vec2 v[4] = {tob2(s.as.aabb.lower.x, s.as.aabb.lower.y), tob2(s.as.aabb.upper.x, s.as.aabb.lower.y),
                       tob2(s.as.aabb.upper.x, s.as.aabb.upper.y), tob2(s.as.aabb.lower.x, s.as.aabb.upper.y)};
        p->Set(v, 4);
        p->m_radius = 0;
        q.b2 = p;
        q.cp = cpBoxShapeNew2(qs.cp_body, cpBBNew(s.as.aabb.lower.x, s.as.aabb.lower.y, s.as.aabb.upper.x, s.as.aabb.upper.y), 0);
    } else {
        const c2d_polygon &pg = s.as.polygon;
        b2Vec2 v[8];
        cpVect cv[8];
        for (int i = 0; i < pg.count; ++i) {
            v[i] = tob2(pg.vertices[i].x, pg.vertices[i].y);
            cv[i] = tocp(pg.vertices[i].x, pg.vertices[i].y);
        }
        b2PolygonShape *p = new b2PolygonShape;
        p->Set(v, pg.count);
        p->m_radius = 0;
        q.b2 = p;
        q.cp = cpPolyShapeNewRaw(qs.cp_body, pg.count, cv, 0);
    }
    qs.b2_owned.emplace_back(q.b2);
    cpShapeUpdate(q.cp, cpTransformIdentity);
    return q;
}

/* ---- results ---- */

struct Row {
    std::string scene, cas, impl;
    int64_t n = 0;          /* colliders in the scene (moves, events: movers) */
    int64_t queries = 0;
    double ns = 0, ns_min = 0, median_ms = 0, p99_ms = 0;
    double per_query = 0;   /* results per query (rays: hit rate) */
    double ratio = -1;      /* ours / best same-answer peer (our row), ours / this peer (peer row) */
    bool same_answer = true;
    std::string note;
};

struct Report {
    FILE *json = nullptr;
    std::vector<Row> rows;
    int statics = 0;
    bool quick = false;
    void emit(const Row &r) {
        rows.push_back(r);
        if (!json) return;
        fprintf(json, "{\"suite\":\"world\",\"scene\":\"%s\",\"case\":\"%s\",\"impl\":\"%s\",\"n\":%lld,\"statics\":%d", r.scene.c_str(),
                r.cas.c_str(), r.impl.c_str(), (long long)r.n, statics);
        if (r.median_ms > 0) fprintf(json, ",\"median_ms\":%.6g,\"p99_ms\":%.6g", r.median_ms, r.p99_ms);
        else fprintf(json, ",\"ns_per_op\":%.5g,\"ns_min\":%.5g,\"queries\":%lld", r.ns, r.ns_min, (long long)r.queries);
        fprintf(json, ",\"per_op\":%.5g", r.per_query);
        if (r.ratio >= 0) fprintf(json, ",\"ratio\":%.4g", r.ratio);
        fprintf(json, ",\"same_answer\":%s,\"precision\":\"%s\",\"quick\":%s,\"load1\":%.2f", r.same_answer ? "true" : "false", kPrecision,
                quick ? "true" : "false", load_average());
        if (!r.note.empty()) fprintf(json, ",\"note\":\"%s\"", r.note.c_str());
        fprintf(json, "}\n");
        fflush(json);
    }
};

struct QCase {
    int n = 0;
    std::vector<Impl> impls;
    std::vector<bool> same;  /* per impl: gives the same answer as ours (ours is impls[0]) */
};

bool wanted(const Options &opt, const std::string &name) { return opt.only.empty() || name.find(opt.only) != std::string::npos; }

void run_qcase(const Options &opt, Report &rep, const std::string &scene, const std::string &name, int64_t colliders, QCase &c,
               const std::string &check) {
    int reps = opt.reps > 0 ? opt.reps : opt.quick ? 5 : 11;
    if (!opt.impl.empty()) {
        QCase keep;
        keep.n = c.n;
        for (size_t k = 0; k < c.impls.size(); ++k)
            if (c.impls[k].name.find(opt.impl) != std::string::npos) {
                keep.impls.push_back(c.impls[k]);
                keep.same.push_back(c.same[k] && k > 0);
            }
        if (keep.impls.empty()) return;
        measure(keep, reps, 0.5);
        printf("  %-10s %-14s (--impl %s: no ratios)\n", scene.c_str(), name.c_str(), opt.impl.c_str());
        for (const Impl &im : keep.impls)
            printf("      %-22s %10.1f ns/query (min %8.1f)  %7.3f per query\n", im.name.c_str(), im.median, im.min, im.hit_rate);
        return;
    }
    measure(c, reps, 0.5);
    double best_peer = 0;
    for (size_t k = 1; k < c.impls.size(); ++k)
        if (c.same[k] && (best_peer == 0 || c.impls[k].median < best_peer)) best_peer = c.impls[k].median;
    const Impl &ours = c.impls[0];
    printf("  %-10s %-14s", scene.c_str(), name.c_str());
    printf("%s\n", check.c_str());
    for (size_t k = 0; k < c.impls.size(); ++k) {
        const Impl &im = c.impls[k];
        Row r;
        r.scene = scene;
        r.cas = name;
        r.impl = im.name;
        r.n = colliders;
        r.queries = c.n;
        r.ns = im.median;
        r.ns_min = im.min;
        r.per_query = im.hit_rate;
        r.same_answer = c.same[k];
        if (k == 0) r.ratio = best_peer > 0 ? ours.median / best_peer : -1;
        else r.ratio = ours.median / im.median;
        printf("      %-22s %10.1f ns/query (min %8.1f)  %7.3f per query  ", im.name.c_str(), im.median, im.min, im.hit_rate);
        if (k == 0) printf("ours/best same-answer peer %.2f\n", r.ratio);
        else printf("ours/this %.2f%s\n", r.ratio, c.same[k] ? "" : "  (different answer, for reference)");
        rep.emit(r);
    }
}

/* ---- the query rows on one scene ---- */

struct Scenes {
    c2d_world *ours = nullptr;
    B2Scene b2;
    CpScene cp;
    std::vector<uint32_t> stamp;
    int count = 0;
};

void run_queries(const Options &opt, Report &rep, Scenes &sc, Queries &qs, const std::string &scene) {
    const c2d_world *w = sc.ours;
    b2World *bw = sc.b2.world.get();
    cpSpace *space = sc.cp.space;
    const cpShapeFilter all = CP_SHAPE_FILTER_ALL;
    uint32_t *stamp = sc.stamp.data();
    uint32_t *query_no = new uint32_t(1);  /* the Box2D per-body stamps' query counter */
    std::unique_ptr<uint32_t> qguard(query_no);

    for (int which = 0; which < 2; ++which) {
        const std::vector<c2d_raycast_input> &rays = which == 0 ? qs.ray20 : qs.ray200;
        std::string name = which == 0 ? "ray_20" : "ray_200";
        if (!wanted(opt, name)) continue;
        int n = (int)rays.size();
        /* answers compared before timing */
        int miss = 0;
        for (int i = 0; i < n; ++i) {
            c2d_world_hit h;
            bool found;
            c2d_world_raycast_first(w, rays[i], nullptr, &h, &found);
            const c2d_raycast_input &r = rays[i];
            B2RayFirst cb;
            bw->RayCast(&cb, tob2(r.origin.x, r.origin.y), tob2(r.origin.x + r.translation.x, r.origin.y + r.translation.y));
            cpSegmentQueryInfo info;
            cpShape *hit = cpSpaceSegmentQueryFirst(space, tocp(r.origin.x, r.origin.y),
                                                    tocp(r.origin.x + r.translation.x, r.origin.y + r.translation.y), 0, all, &info);
            double t0 = found ? (double)h.hit.time : 2, t1 = cb.best <= 1 ? cb.best : 2, t2 = hit ? info.alpha : 2;
            double tol = 1e-3 * 20 / (which == 0 ? 20 : 200);
            if (std::fabs(t0 - t1) > tol || std::fabs(t0 - t2) > tol) ++miss;
        }
        char check[128];
        snprintf(check, sizeof check, "(answers: %d of %d rays differ in hit or fraction by > 0.001 units)", miss, n);
        QCase c;
        c.n = n;
        const c2d_raycast_input *rp = rays.data();
        c.impls.push_back({"collide2d", loop(n, [w, rp](int i, Acc &acc) {
                               c2d_world_hit h;
                               bool found;
                               c2d_world_raycast_first(w, rp[i], nullptr, &h, &found);
                               if (found) {
                                   ++acc.hits;
                                   acc.f += h.hit.time;
                               }
                           })});
        c.impls.push_back({"box2d_raycast", loop(n, [bw, rp](int i, Acc &acc) {
                               B2RayFirst cb;
                               const c2d_raycast_input &r = rp[i];
                               bw->RayCast(&cb, b2Vec2(r.origin.x, r.origin.y),
                                           b2Vec2(r.origin.x + r.translation.x, r.origin.y + r.translation.y));
                               if (cb.best <= 1) {
                                   ++acc.hits;
                                   acc.f += cb.best;
                               }
                           })});
        c.impls.push_back({"chipmunk_segment_first", loop(n, [space, rp, all](int i, Acc &acc) {
                               const c2d_raycast_input &r = rp[i];
                               cpSegmentQueryInfo info;
                               if (cpSpaceSegmentQueryFirst(space, cpv(r.origin.x, r.origin.y),
                                                            cpv(r.origin.x + r.translation.x, r.origin.y + r.translation.y), 0, all, &info)) {
                                   ++acc.hits;
                                   acc.f += info.alpha;
                               }
                           })});
        c.same = {true, true, true};
        run_qcase(opt, rep, scene, name, sc.count, c, check);
    }

    if (wanted(opt, "aabb")) {
        int n = (int)qs.boxes.size();
        const c2d_aabb *bp = qs.boxes.data();
        const QShape *sp = qs.box_shapes.data();
        int differ = 0;
        std::vector<c2d_collider_id> buf(4096);
        for (int i = 0; i < n; ++i) {
            int32_t total;
            c2d_world_query_aabb(w, bp[i], nullptr, buf.data(), (int32_t)buf.size(), &total);
            B2Exact e;
            e.shape = sp[i].b2;
            e.box = sp[i].b2box;
            e.stamp = stamp;
            e.query = ++*query_no;
            bw->QueryAABB(&e, sp[i].b2box);
            uint64_t ncp = 0;
            cpSpaceShapeQuery(space, sp[i].cp, cp_count_shape, &ncp);
            if ((uint64_t)total != e.n || (uint64_t)total != ncp) ++differ;
        }
        char check[128];
        snprintf(check, sizeof check, "(answers: %d of %d boxes differ in count between the exact rows)", differ, n);
        QCase c;
        c.n = n;
        c2d_collider_id *ids = buf.data();
        int32_t cap = (int32_t)buf.size();
        c.impls.push_back({"collide2d", loop(n, [w, bp, ids, cap](int i, Acc &acc) {
                               int32_t total;
                               c2d_world_query_aabb(w, bp[i], nullptr, ids, cap, &total);
                               acc.hits += (uint64_t)total;
                           })});
        c.impls.push_back({"box2d_query_exact", loop(n, [bw, sp, stamp, query_no](int i, Acc &acc) {
                               B2Exact e;
                               e.shape = sp[i].b2;
                               e.box = sp[i].b2box;
                               e.stamp = stamp;
                               e.query = ++*query_no;
                               bw->QueryAABB(&e, sp[i].b2box);
                               acc.hits += e.n;
                           })});
        c.impls.push_back({"chipmunk_shape_query", loop(n, [space, sp](int i, Acc &acc) {
                               uint64_t k = 0;
                               cpSpaceShapeQuery(space, sp[i].cp, cp_count_shape, &k);
                               acc.hits += k;
                           })});
        c.impls.push_back({"box2d_query_fat", loop(n, [bw, sp](int i, Acc &acc) {
                               B2CountAll cb;
                               bw->QueryAABB(&cb, sp[i].b2box);
                               acc.hits += cb.n;
                           })});
        c.impls.push_back({"chipmunk_bb_query", loop(n, [space, bp, all](int i, Acc &acc) {
                               uint64_t k = 0;
                               cpSpaceBBQuery(space, cpBBNew(bp[i].lower.x, bp[i].lower.y, bp[i].upper.x, bp[i].upper.y), all, cp_count_bb, &k);
                               acc.hits += k;
                           })});
        c.same = {true, true, true, false, false};
        run_qcase(opt, rep, scene, "aabb", sc.count, c, check);
    }

    if (wanted(opt, "point")) {
        int n = (int)qs.points.size();
        const c2d_vec2 *pp = qs.points.data();
        int differ = 0;
        c2d_collider_id ids[64];
        for (int i = 0; i < n; ++i) {
            int32_t total;
            c2d_world_query_point(w, pp[i], nullptr, ids, 64, &total);
            B2Exact e;
            e.point = b2Vec2(pp[i].x, pp[i].y);
            e.box.lowerBound = e.box.upperBound = e.point;
            e.stamp = stamp;
            e.query = ++*query_no;
            bw->QueryAABB(&e, e.box);
            uint64_t ncp = 0;
            cpSpacePointQuery(space, cpv(pp[i].x, pp[i].y), 0, all, cp_count_point, &ncp);
            if ((uint64_t)total != e.n || (uint64_t)total != ncp) ++differ;
        }
        char check[128];
        snprintf(check, sizeof check, "(answers: %d of %d points differ in count between the exact rows)", differ, n);
        QCase c;
        c.n = n;
        c.impls.push_back({"collide2d", loop(n, [w, pp](int i, Acc &acc) {
                               c2d_collider_id out[64];
                               int32_t total;
                               c2d_world_query_point(w, pp[i], nullptr, out, 64, &total);
                               acc.hits += (uint64_t)total;
                           })});
        c.impls.push_back({"box2d_query_testpoint", loop(n, [bw, pp, stamp, query_no](int i, Acc &acc) {
                               B2Exact e;
                               e.point = b2Vec2(pp[i].x, pp[i].y);
                               e.box.lowerBound = e.box.upperBound = e.point;
                               e.stamp = stamp;
                               e.query = ++*query_no;
                               bw->QueryAABB(&e, e.box);
                               acc.hits += e.n;
                           })});
        c.impls.push_back({"chipmunk_point_query", loop(n, [space, pp, all](int i, Acc &acc) {
                               uint64_t k = 0;
                               cpSpacePointQuery(space, cpv(pp[i].x, pp[i].y), 0, all, cp_count_point, &k);
                               acc.hits += k;
                           })});
        c.impls.push_back({"chipmunk_point_nearest", loop(n, [space, pp, all](int i, Acc &acc) {
                               cpPointQueryInfo info;
                               if (cpSpacePointQueryNearest(space, cpv(pp[i].x, pp[i].y), 0, all, &info)) ++acc.hits;
                           })});
        c.same = {true, true, true, false};
        run_qcase(opt, rep, scene, "point", sc.count, c, check);
    }

    if (wanted(opt, "shape")) {
        int n = (int)qs.shapes.size();
        const QShape *sp = qs.shapes.data();
        int differ = 0;
        std::vector<c2d_collider_id> buf(1024);
        for (int i = 0; i < n; ++i) {
            int32_t total;
            c2d_world_overlap_shape(w, &sp[i].ours, nullptr, buf.data(), (int32_t)buf.size(), &total);
            B2Exact e;
            e.shape = sp[i].b2;
            e.box = sp[i].b2box;
            e.stamp = stamp;
            e.query = ++*query_no;
            bw->QueryAABB(&e, sp[i].b2box);
            uint64_t ncp = 0;
            cpSpaceShapeQuery(space, sp[i].cp, cp_count_shape, &ncp);
            if ((uint64_t)total != e.n || (uint64_t)total != ncp) ++differ;
        }
        char check[128];
        snprintf(check, sizeof check, "(answers: %d of %d shapes differ in count between the rows)", differ, n);
        QCase c;
        c.n = n;
        c2d_collider_id *ids = buf.data();
        int32_t cap = (int32_t)buf.size();
        c.impls.push_back({"collide2d", loop(n, [w, sp, ids, cap](int i, Acc &acc) {
                               int32_t total;
                               c2d_world_overlap_shape(w, &sp[i].ours, nullptr, ids, cap, &total);
                               acc.hits += (uint64_t)total;
                           })});
        c.impls.push_back({"box2d_query_testoverlap", loop(n, [bw, sp, stamp, query_no](int i, Acc &acc) {
                               B2Exact e;
                               e.shape = sp[i].b2;
                               e.box = sp[i].b2box;
                               e.stamp = stamp;
                               e.query = ++*query_no;
                               bw->QueryAABB(&e, sp[i].b2box);
                               acc.hits += e.n;
                           })});
        c.impls.push_back({"chipmunk_shape_query", loop(n, [space, sp](int i, Acc &acc) {
                               uint64_t k = 0;
                               cpSpaceShapeQuery(space, sp[i].cp, cp_count_shape, &k);
                               acc.hits += k;
                           })});
        c.same = {true, true, true};
        run_qcase(opt, rep, scene, "shape", sc.count, c, check);
    }
}

/* ---- moves and events (collide2d only) ---- */

std::string scene_name(int m) {
    char b[32];
    if (m >= 1000 && m % 1000 == 0) snprintf(b, sizeof b, "%dk movers", m / 1000);
    else snprintf(b, sizeof b, "%d movers", m);
    return b;
}

c2d_world *ours_world(const std::vector<Body> &statics, const std::vector<Body> &movers, int m, std::vector<c2d_collider_id> &ids) {
    c2d_world *w = ours_new();
    for (size_t i = 0; i < statics.size(); ++i) ours_add(w, statics[i], false, i);
    ids.clear();
    for (int i = 0; i < m; ++i) ids.push_back(ours_add(w, movers[(size_t)i], true, statics.size() + (size_t)i));
    ours_update(w);
    return w;
}

double percentile(std::vector<double> v, double p) {
    if (v.empty()) return 0;
    std::sort(v.begin(), v.end());
    size_t k = (size_t)std::ceil(p * (double)v.size()) - 1;
    return v[std::min(k, v.size() - 1)];
}

void run_moves(const Options &opt, Report &rep, const std::vector<Body> &statics, const std::vector<Body> &movers, int m) {
    std::string name = "move_slide";
    if (!wanted(opt, name)) return;
    std::string sn = scene_name(m);
    const char *scene = sn.c_str();
#ifdef C2D_BENCH_HAVE_MOVES
    std::vector<c2d_collider_id> ids;
    c2d_world *w = ours_world(statics, movers, m, ids);
    Rng rng{opt.seed ^ 0x5A5A};
    std::vector<c2d_vec2> pos((size_t)m), vel((size_t)m);
    for (int i = 0; i < m; ++i) {
        pos[(size_t)i] = v2(movers[(size_t)i].x, movers[(size_t)i].y);
        double a = rng.range(0, kTau);
        vel[(size_t)i] = v2(0.5 * std::cos(a), 0.5 * std::sin(a));
    }
    int frames = opt.quick ? 10 : 30;
    std::vector<double> per;
    uint64_t collisions = 0, moves = 0;
    c2d_move_input in;
    memset(&in, 0, sizeof in);
    for (int f = 0; f < frames; ++f) {
        double t0 = now_ns();
        for (int i = 0; i < m; ++i) {
            c2d_move_result r;
            c2d_vec2 goal = c2d_add(pos[(size_t)i], vel[(size_t)i]);
            c2d_status s = c2d_world_move(w, ids[(size_t)i], goal, &in, &r);
            if (s != C2D_OK) die("c2d_world_move", s);
            pos[(size_t)i] = r.position;
            collisions += (uint64_t)r.total;
        }
        per.push_back((now_ns() - t0) / m);
        moves += (uint64_t)m;
        ours_update(w);
        /* every 10 frames the movers turn around, so that they keep meeting what they slid along */
        if (f % 10 == 9)
            for (c2d_vec2 &v : vel) v = c2d_v2(-v.y, v.x);
    }
    c2d_world_destroy(w);
    Row r;
    r.scene = scene;
    r.cas = name;
    r.impl = "collide2d";
    r.n = m;
    r.queries = moves;
    r.ns = median(per);
    r.ns_min = minimum(per);
    r.per_query = (double)collisions / (double)moves;
    r.note = "no peer: Box2D and Chipmunk have no bump-style move";
    printf("  %-10s %-14s collide2d %10.1f ns per mover (min %.1f), median of %d frames, %.3f collisions per move\n", scene, name.c_str(),
           r.ns, r.ns_min, frames, r.per_query);
    rep.emit(r);
#else
    (void)statics;
    (void)movers;
    Row r;
    r.scene = scene;
    r.cas = name;
    r.impl = "collide2d";
    r.n = m;
    r.ns = -1;
    r.note = "not run: c2d_world_move is not in this build (src/world_move.c missing)";
    printf("  %-10s %-14s NOT RUN: c2d_world_move is not in this build (src/world_move.c missing)\n", scene, name.c_str());
    rep.rows.push_back(r);
    if (rep.json)
        fprintf(rep.json, "{\"suite\":\"world\",\"scene\":\"%s\",\"case\":\"%s\",\"impl\":\"collide2d\",\"n\":%d,\"skipped\":true,\"note\":\"%s\"}\n",
                scene, name.c_str(), m, r.note.c_str());
#endif
}

void run_events(const Options &opt, Report &rep, const std::vector<Body> &statics, const std::vector<Body> &movers, int m) {
    std::string name = "events_update";
    if (!wanted(opt, name)) return;
    std::string sn = scene_name(m);
    const char *scene = sn.c_str();
    std::vector<c2d_collider_id> ids;
    c2d_world *w = ours_world(statics, movers, m, ids);
    Rng rng{opt.seed ^ 0xE7E7};
    std::vector<c2d_transform> xf((size_t)m);
    for (int i = 0; i < m; ++i) xf[(size_t)i] = xf_of(movers[(size_t)i]);
    int frames = opt.quick ? 50 : 200;
    std::vector<double> upd, setx;
    uint64_t events = 0, begins = 0;
    for (int f = 0; f < frames; ++f) {
        double t0 = now_ns();
        for (int i = 0; i < m; ++i) {
            c2d_transform &t = xf[(size_t)i];
            t.p = c2d_add(t.p, v2(rng.range(-0.05, 0.05), rng.range(-0.05, 0.05)));
            c2d_status s = c2d_world_set_transform(w, ids[(size_t)i], t);
            if (s != C2D_OK) die("c2d_world_set_transform", s);
        }
        double t1 = now_ns();
        const c2d_world_event *ev;
        int32_t count;
        c2d_status s = c2d_world_update(w, &ev, &count);
        double t2 = now_ns();
        if (s != C2D_OK) die("c2d_world_update", s);
        for (int32_t k = 0; k < count; ++k) begins += ev[k].type == C2D_EVENT_BEGIN;
        events += (uint64_t)count;
        setx.push_back((t1 - t0) / m);
        upd.push_back((t2 - t1) * 1e-6);
    }
    c2d_world_destroy(w);
    Row r;
    r.scene = scene;
    r.cas = name;
    r.impl = "collide2d";
    r.n = m;
    r.queries = frames;
    r.median_ms = median(upd);
    r.p99_ms = percentile(upd, 0.99);
    r.per_query = (double)events / frames;
    char note[160];
    snprintf(note, sizeof note, "set_transform %.1f ns per mover (median frame, not in median_ms); %.1f begin events per update", median(setx),
             (double)begins / frames);
    r.note = note;
    printf("  %-10s %-14s collide2d median %.3f ms, p99 %.3f ms per update (%d frames), %.1f events per update (%.1f begin);\n"
           "                            c2d_world_set_transform beforehand: %.1f ns per mover\n",
           scene, name.c_str(), r.median_ms, r.p99_ms, frames, r.per_query, (double)begins / frames, median(setx));
    rep.emit(r);
}

/* ---- targets ---- */

void print_targets(const Report &rep) {
    printf("\ntargets of the issue (medians, single thread):\n");
    for (const Row &r : rep.rows) {
        if (r.impl != "collide2d") continue;
        if (r.cas.rfind("ray", 0) == 0)
            printf("  world ray cast <= 1 us          %-10s %-8s %8.3f us   %s\n", r.scene.c_str(), r.cas.c_str(), r.ns * 1e-3,
                   r.ns <= 1000 ? "MET" : "MISSED");
        else if (r.cas == "move_slide") {
            if (r.ns < 0) printf("  slide move <= 1.5 us per mover  %-10s NOT RUN (no c2d_world_move in this build)\n", r.scene.c_str());
            else
                printf("  slide move <= 1.5 us per mover  %-10s %8.3f us   %s\n", r.scene.c_str(), r.ns * 1e-3, r.ns <= 1500 ? "MET" : "MISSED");
        } else if (r.cas == "events_update" && r.n >= 10000)
            printf("  events update, 10k movers <= 2 ms %-8s %8.3f ms (p99 %.3f)   %s\n", r.scene.c_str(), r.median_ms, r.p99_ms,
                   r.median_ms <= 2 ? "MET" : "MISSED");
    }
    int won = 0, total = 0;
    std::string losses;
    for (const Row &r : rep.rows) {
        if (r.impl != "collide2d" || r.ratio < 0) continue;
        ++total;
        if (r.ratio < 1) ++won;
        else {
            char buf[160];
            snprintf(buf, sizeof buf, "    %s %s: ours / best same-answer peer = %.2f\n", r.scene.c_str(), r.cas.c_str(), r.ratio);
            losses += buf;
        }
    }
    printf("  faster than every peer on every row: %s (%d of %d rows; ratio ours / best peer with the same answer)\n",
           won == total ? "MET" : "MISSED", won, total);
    printf("%s", losses.c_str());
}

}  // namespace

int main(int argc, char **argv) {
    Options opt;
    const char *q = getenv("BENCH_QUICK");
    if (q && *q && strcmp(q, "0") != 0) opt.quick = true;
    for (int i = 1; i < argc; ++i) {
        std::string a = argv[i];
        auto value = [&](const char *what) -> const char * {
            if (i + 1 >= argc) {
                fprintf(stderr, "bench_world: %s needs a value\n", what);
                exit(2);
            }
            return argv[++i];
        };
        if (a == "--quick") opt.quick = true;
        else if (a == "--reps") opt.reps = atoi(value("--reps"));
        else if (a == "--queries") opt.queries = atoi(value("--queries"));
        else if (a == "--case") opt.only = value("--case");
        else if (a == "--impl") opt.impl = value("--impl");
        else if (a == "--seed") opt.seed = strtoull(value("--seed"), nullptr, 0);
        else if (a[0] == '-') {
            fprintf(stderr, "usage: bench_world [out.jsonl] [--quick] [--reps N] [--queries Q] [--case SUBSTR] [--impl SUBSTR] [--seed S]\n");
            return 2;
        } else opt.json_path = argv[i];
    }
    Report rep;
    rep.quick = opt.quick;
    if (opt.json_path) {
        rep.json = fopen(opt.json_path, "w");
        if (!rep.json) {
            fprintf(stderr, "bench_world: cannot write %s\n", opt.json_path);
            return 2;
        }
    }
    const int n_static = opt.quick ? 10000 : 100000;
    const int m_small = opt.quick ? 100 : 1000, m_large = opt.quick ? 1000 : 10000;
    const double extent = 2000.0 * std::sqrt(n_static / 100000.0);
    const int nq = opt.queries > 0 ? opt.queries : opt.quick ? 2000 : 10000;
    rep.statics = n_static;
    double start = now_ns();

    printf("collide2d world benchmark (%s build, %s; seed %#llx)\n", kPrecision,
           opt.quick ? "QUICK: 10k statics, 100 / 1k movers" : "100k statics, 1k / 10k movers", (unsigned long long)opt.seed);
    printf("  scene: %d statics in %.0f x %.0f (25%% boxes, 20%% polygons 3-8 vertices, 20%% circles, 20%% capsules, 15%% segments)\n"
           "         plus movers (circles, boxes, capsules) placed free of any overlap\n",
           n_static, extent, extent);
    printf("  peers: Box2D 2.4.1 (Debian libbox2d) b2World, static / kinematic bodies, fixtures with m_radius 0; a capsule is a box\n"
           "         fixture and two circle fixtures on one body (Box2D 2.4 has no capsule shape)\n"
           "         Chipmunk 7.0.3 (Debian libchipmunk7) cpSpace; Debian's Chipmunk is a DEBUG build (assertions compiled in)\n");
    printf("  %d queries per row, median of %d interleaved repetitions; ratio = ours / peer (below 1: collide2d faster)\n", nq,
           opt.reps > 0 ? opt.reps : opt.quick ? 5 : 11);

    /* statics and movers */
    Rng rng{opt.seed};
    std::vector<Body> statics, movers;
    statics.reserve((size_t)n_static);
    for (int i = 0; i < n_static; ++i) statics.push_back(random_static(rng, extent));
    Scenes sc;
    sc.ours = ours_new();
    for (int i = 0; i < n_static; ++i) {
        ours_add(sc.ours, statics[(size_t)i], false, (uint64_t)i);
        sc.b2.add(statics[(size_t)i], false, (uintptr_t)i);
        sc.cp.add(statics[(size_t)i], false, (uintptr_t)i);
    }
    ours_update(sc.ours);
    /* movers placed where they overlap nothing (statics or earlier movers) */
    {
        int tries = 0;
        while ((int)movers.size() < m_large) {
            Body bd = random_mover(rng, extent);
            c2d_shape placed = c2d_shape_transform(&bd.local, xf_of(bd));
            int32_t total = 0;
            c2d_world_overlap_shape(sc.ours, &placed, nullptr, nullptr, 0, &total);
            ++tries;
            if (total != 0) continue;
            movers.push_back(bd);
            ours_add(sc.ours, bd, true, (uint64_t)(n_static + (int)movers.size() - 1));
        }
        printf("  movers: %d placed in %d tries\n", m_large, tries);
    }

    /* query lists (shared by both scenes) */
    Queries qs;
    qs.cp_body = cpBodyNewKinematic();
    {
        c2d_world *probe = sc.ours;  /* statics and every mover */
        ours_update(probe);
        for (int which = 0; which < 2; ++which) {
            double len = which == 0 ? 20 : 200;
            std::vector<c2d_raycast_input> &v = which == 0 ? qs.ray20 : qs.ray200;
            while ((int)v.size() < nq) {
                c2d_vec2 o = v2(rng.range(0, extent), rng.range(0, extent));
                int32_t total;
                c2d_world_query_point(probe, o, nullptr, nullptr, 0, &total);
                if (total != 0) continue;  /* origins inside no collider: the libraries differ there */
                double a = rng.range(0, kTau);
                c2d_raycast_input in;
                in.origin = o;
                in.translation = v2(len * std::cos(a), len * std::sin(a));
                in.max_fraction = 1;
                v.push_back(in);
            }
        }
        c2d_world_destroy(probe);
        sc.ours = nullptr;
    }
    for (int i = 0; i < nq; ++i) {
        c2d_aabb b;
        double x = rng.range(0, extent - 10), y = rng.range(0, extent - 10);
        b.lower = v2(x, y);
        b.upper = v2(x + 10, y + 10);
        qs.boxes.push_back(b);
        qs.box_shapes.push_back(make_qshape(qs, c2d_shape_from_aabb(b)));
        c2d_vec2 p;
        if (i % 2) p = v2(rng.range(0, extent), rng.range(0, extent));
        else {
            const Body &bd = statics[(size_t)rng.below(n_static)];
            p = v2(bd.x + rng.range(-0.2, 0.2), bd.y + rng.range(-0.2, 0.2));
        }
        qs.points.push_back(p);
        double cx = rng.range(2, extent - 2), cy = rng.range(2, extent - 2);
        c2d_shape s;
        if (i % 3 == 0) {
            c2d_circle c;
            c.center = v2(cx, cy);
            c.radius = 1;
            s = c2d_shape_from_circle(c);
        } else if (i % 3 == 1) {
            c2d_aabb bb;
            bb.lower = v2(cx - 1, cy - 1);
            bb.upper = v2(cx + 1, cy + 1);
            s = c2d_shape_from_aabb(bb);
        } else {
            c2d_vec2 p6[6];
            double a0 = rng.range(0, kTau);
            for (int k = 0; k < 6; ++k) p6[k] = v2(cx + std::cos(a0 + k * kTau / 6), cy + std::sin(a0 + k * kTau / 6));
            c2d_polygon pg;
            if (c2d_polygon_make(p6, 6, &pg) != C2D_OK) die("c2d_polygon_make", C2D_ERR_DEGENERATE);
            s = c2d_shape_from_polygon(&pg);
        }
        qs.shapes.push_back(make_qshape(qs, s));
    }

    /* scene 1: statics + the first m_small movers; scene 2: all m_large */
    sc.ours = ours_new();
    for (int i = 0; i < n_static; ++i) ours_add(sc.ours, statics[(size_t)i], false, (uint64_t)i);
    sc.stamp.assign((size_t)(n_static + m_large), 0);
    int placed = 0;
    for (int phase = 0; phase < 2; ++phase) {
        int m = phase == 0 ? m_small : m_large;
        for (; placed < m; ++placed) {
            const Body &bd = movers[(size_t)placed];
            ours_add(sc.ours, bd, true, (uint64_t)(n_static + placed));
            sc.b2.add(bd, true, (uintptr_t)(n_static + placed));
            sc.cp.add(bd, true, (uintptr_t)(n_static + placed));
        }
        ours_update(sc.ours);
        sc.count = n_static + m;
        std::string scene = scene_name(m);
        printf("\nscene \"%s\": %d colliders\n", scene.c_str(), sc.count);
        run_queries(opt, rep, sc, qs, scene);
    }
    c2d_world_destroy(sc.ours);
    sc.ours = nullptr;

    printf("\nmoves and events (collide2d only: neither peer has a bump-style move or kinematic-vs-static events)\n");
    run_moves(opt, rep, statics, movers, m_small);
    run_moves(opt, rep, statics, movers, m_large);
    run_events(opt, rep, statics, movers, m_large);

    print_targets(rep);
    printf("\ntotal time %.1f s\n", (now_ns() - start) * 1e-9);
    if (rep.json) fclose(rep.json);
    return 0;
}
