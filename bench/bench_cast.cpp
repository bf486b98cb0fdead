/* collide2d continuous-collision benchmark: c2d_shape_cast for every convex pair and
 * c2d_time_of_impact with rotation, beside Box2D 2.4's b2TimeOfImpact (and b2ShapeCast) where
 * Box2D has the same pair.
 *
 * Usage: bench_cast [out.jsonl] [--filter SUBSTR] [--reps N] [--n N] [--target-ms MS] [--seed S]
 * The JSON lines are appended (make bench runs bench_narrow first, which starts the file).
 *
 * Method. For each pair of shape kinds one scene of n casts (fixed seed) is built before any
 * timing: B anywhere in a 100 x 100 square, A two to six sizes away, A's motion aimed within three
 * sizes of B's center with a length of 0.6 to 2 times the distance (about half of the casts hit),
 * polygons of 4 and 8 vertices, and the Box2D copies of the same data. A case loops over all n
 * casts and folds each result into an accumulator that ends in a volatile sink. One repetition
 * runs the loop `passes` times (calibrated to about --target-ms); the figure is the median of
 * --reps repetitions, divided by the number of casts; the implementations' repetitions alternate
 * so they see the same machine noise.
 *
 * What is compared. c2d_shape_cast is a closed form (a ray cast against the Minkowski difference)
 * that returns the exact contact time, normal, point and a backed-off safe position.
 * b2TimeOfImpact is conservative advancement with a separating-axis root finder on GJK; for a
 * linear cast it gets sweeps without rotation and stops at a core distance of b2_linearSlop.
 * b2ShapeCast (Box2D's B moves, its A stays: the roles are swapped) is Box2D 2.4's GJK ray cast. Box2D has circles,
 * edges (segments) and polygons (boxes are polygons), so points and capsules have no Box2D row.
 * The toi_rot_* cases turn both shapes (up to half a turn each way) while they move, and time
 * c2d_time_of_impact against b2TimeOfImpact on the same proxies and sweeps. Box2D polygons keep
 * m_radius = 0 so both libraries see the same shapes.
 *
 * Output: a table on stdout and one JSON object per measurement, suite "cast":
 *   {"suite":"cast","case":"cast_circle_polygon","impl":"collide2d","ns_per_op":..,"ns_min":..,
 *    "n":2048,"vertices":8,"density":"mixed","reps":11,"passes":..,"hit_rate":..,"precision":"float",
 *    "load1":..}
 * Box2D rows add "ratio_box2d_over_ours" (above 1: collide2d is faster), and so do the optional peers'
 * rows (the field keeps its name): with CUTE_C2_H, cute_c2's c2TOI on the linear casts (it has no
 * rotation); with BOX2D_V3_DIR, Box2D v3's b2ShapeCast on the linear casts and b2TimeOfImpact on the
 * rotating ones (bench_peers.h, bench/README.md). */
#include <collide2d.h>
#include <box2d/box2d.h>
#include <box2d/b2_distance.h>
#include <box2d/b2_time_of_impact.h>

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
const char *const kBoxToi = "box2d-2.4";
const char *const kBoxCast = "box2d-2.4-shapecast";
const double kTau = 6.283185307179586;

struct Options {
    const char *json_path = nullptr;
    const char *filter = nullptr;
    int n = 2048;
    int reps = 11;
    double target_ms = 0.5;
    uint64_t seed = 0xCA57C0DEULL;
};

c2d_vec2 v2(double x, double y) { return c2d_v2((c2d_real)x, (c2d_real)y); }
b2Vec2 tob2(c2d_vec2 v) { return b2Vec2((float)v.x, (float)v.y); }

const char *kind_name(int t) {
    static const char *names[] = {"point", "segment", "aabb", "circle", "capsule", "polygon"};
    return names[t];
}
bool box2d_has(int t) { return t == C2D_SHAPE_SEGMENT || t == C2D_SHAPE_AABB || t == C2D_SHAPE_CIRCLE || t == C2D_SHAPE_POLYGON; }

/* A convex polygon of exactly k vertices around the origin (points near a circle of radius size,
 * evenly spread in angle with a little jitter, hulled by c2d_polygon_make). */
c2d_polygon local_polygon(Rng &rng, int k, double size) {
    for (int attempt = 0; attempt < 1000; ++attempt) {
        c2d_vec2 pts[8];
        double step = kTau / k, a0 = rng.range(0, kTau);
        for (int j = 0; j < k; ++j) {
            double ang = a0 + j * step + rng.range(-0.2, 0.2) * step;
            double rad = size * rng.range(0.85, 1.0);
            pts[j] = v2(rad * std::cos(ang), rad * std::sin(ang));
        }
        c2d_polygon p;
        if (c2d_polygon_make(pts, k, &p) == C2D_OK && p.count == k) return p;
    }
    std::fprintf(stderr, "bench_cast: c2d_polygon_make never produced a %d-gon\n", k);
    std::exit(1);
}

/* A shape of kind t in its local frame (centered on the origin), of size s, with the points Box2D
 * needs for the same shape (local vertices and a radius). */
struct Local {
    c2d_shape shape;
    b2Vec2 verts[8];
    int count;
    float radius;
};

Local make_local(Rng &rng, int t, int vertices, double s) {
    Local l;
    double ang = rng.range(0, kTau);
    c2d_vec2 u = v2(std::cos(ang), std::sin(ang));
    switch (t) {
    case C2D_SHAPE_POINT: l.shape = c2d_shape_from_point(v2(0, 0)); break;
    case C2D_SHAPE_SEGMENT: {
        c2d_segment sg;
        sg.p1 = c2d_scale(u, (c2d_real)-s);
        sg.p2 = c2d_scale(u, (c2d_real)s);
        l.shape = c2d_shape_from_segment(sg);
        break;
    }
    case C2D_SHAPE_AABB: {
        c2d_aabb b;
        c2d_vec2 h = v2(s * rng.range(0.5, 1), s * rng.range(0.5, 1));
        b.lower = c2d_neg(h);
        b.upper = h;
        l.shape = c2d_shape_from_aabb(b);
        break;
    }
    case C2D_SHAPE_CIRCLE: {
        c2d_circle c;
        c.center = v2(0, 0);
        c.radius = (c2d_real)(s * rng.range(0.8, 1));
        l.shape = c2d_shape_from_circle(c);
        break;
    }
    case C2D_SHAPE_CAPSULE: {
        c2d_capsule c;
        double r = s * rng.range(0.3, 0.5);
        c.p1 = c2d_scale(u, (c2d_real)-(s - r));
        c.p2 = c2d_scale(u, (c2d_real)(s - r));
        c.radius = (c2d_real)r;
        l.shape = c2d_shape_from_capsule(c);
        break;
    }
    default: {
        c2d_polygon p = local_polygon(rng, vertices, s);
        l.shape = c2d_shape_from_polygon(&p);
        break;
    }
    }
    c2d_proxy px = c2d_shape_proxy(&l.shape);
    l.count = px.count;
    l.radius = (float)px.radius;
    for (int j = 0; j < px.count; ++j) l.verts[j] = tob2(px.points[j]);
    return l;
}

/* ---- a scene: n casts of one pair ---- */

struct Scene {
    int ta, tb, vertices;
    bool rotate;
    std::vector<c2d_shape> a, b;          /* world shapes (linear casts) */
    std::vector<c2d_vec2> delta;          /* A's motion; B stays */
    std::vector<c2d_toi_input> toi;       /* the same casts as time-of-impact input */
    std::vector<Local> la, lb;            /* local shapes (storage of the Box2D proxies) */
    std::vector<b2TOIInput> b_toi;
    std::vector<b2ShapeCastInput> b_cast;
};

c2d_motion motion(c2d_vec2 c1, c2d_vec2 c2, double a1, double a2) {
    c2d_motion m;
    m.local_center = v2(0, 0);
    m.c1 = c1;
    m.c2 = c2;
    m.a1 = (c2d_real)a1;
    m.a2 = (c2d_real)a2;
    return m;
}

b2Sweep b2sweep(const c2d_motion &m) {
    b2Sweep s;
    s.localCenter = b2Vec2(0, 0);
    s.c0 = tob2(m.c1);
    s.c = tob2(m.c2);
    s.a0 = (float)m.a1;
    s.a = (float)m.a2;
    s.alpha0 = 0;
    return s;
}

void build_scene(Scene &sc, int ta, int tb, int vertices, bool rotate, int n, uint64_t seed) {
    Rng rng{seed ^ ((uint64_t)ta << 8) ^ ((uint64_t)tb << 16) ^ ((uint64_t)vertices << 24) ^ (rotate ? 1ULL << 32 : 0)};
    sc.ta = ta;
    sc.tb = tb;
    sc.vertices = vertices;
    sc.rotate = rotate;
    sc.a.resize(n); sc.b.resize(n); sc.delta.resize(n); sc.toi.resize(n);
    sc.la.resize(n); sc.lb.resize(n); sc.b_toi.resize(n); sc.b_cast.resize(n);
    for (int i = 0; i < n; ++i) {
        double sa = rng.range(0.5, 1.5), sb = rng.range(0.5, 1.5);
        c2d_vec2 cb = v2(rng.range(-50, 50), rng.range(-50, 50));
        double ang = rng.range(0, kTau), dist = rng.range(2, 6) * (sa + sb);
        c2d_vec2 ca = v2(cb.x + dist * std::cos(ang), cb.y + dist * std::sin(ang));
        c2d_vec2 aim = v2(cb.x + rng.range(-3, 3) * sb, cb.y + rng.range(-3, 3) * sb);
        double len = rng.range(0.6, 2.0);
        c2d_vec2 d = v2(len * (aim.x - ca.x), len * (aim.y - ca.y));
        double a1 = rotate ? rng.range(0, kTau) : 0, b1 = rotate ? rng.range(0, kTau) : 0;
        double a2 = rotate ? a1 + rng.range(-kTau / 2, kTau / 2) : 0, b2 = rotate ? b1 + rng.range(-kTau / 2, kTau / 2) : 0;
        sc.la[i] = make_local(rng, ta, vertices, sa);
        sc.lb[i] = make_local(rng, tb, vertices, sb);
        sc.a[i] = c2d_shape_transform(&sc.la[i].shape, c2d_transform_make(ca, 0));
        sc.b[i] = c2d_shape_transform(&sc.lb[i].shape, c2d_transform_make(cb, 0));
        sc.delta[i] = d;
        c2d_toi_input &in = sc.toi[i];
        std::memset(&in, 0, sizeof in);
        in.a = c2d_shape_proxy(&sc.la[i].shape);
        in.b = c2d_shape_proxy(&sc.lb[i].shape);
        in.motion_a = motion(ca, c2d_add(ca, d), a1, a2);
        in.motion_b = motion(cb, cb, b1, b2);
        b2TOIInput &bt = sc.b_toi[i];
        bt.proxyA.Set(sc.la[i].verts, sc.la[i].count, sc.la[i].radius);
        bt.proxyB.Set(sc.lb[i].verts, sc.lb[i].count, sc.lb[i].radius);
        bt.sweepA = b2sweep(in.motion_a);
        bt.sweepB = b2sweep(in.motion_b);
        bt.tMax = 1.0f;
        b2ShapeCastInput &bc = sc.b_cast[i];
        /* b2ShapeCast keeps its A still and moves its B: our B is its A, our A (moving by d) its B */
        bc.proxyA = bt.proxyB;
        bc.proxyB = bt.proxyA;
        bc.transformA.Set(tob2(cb), 0.0f);
        bc.transformB.Set(tob2(ca), 0.0f);
        bc.translationB = tob2(d);
    }
}

/* ---- timing (harness in bench_util.h) ---- */

struct Case {
    std::string name;
    int vertices;
    int n;
    std::vector<Impl> impls;  /* collide2d first */
};

/* ---- the cases ---- */

void add_cast_case(std::vector<Case> &cases, const Scene &sc, int n) {
    Case c;
    c.name = std::string("cast_") + kind_name(sc.ta) + "_" + kind_name(sc.tb);
    c.vertices = (sc.ta == C2D_SHAPE_POLYGON || sc.tb == C2D_SHAPE_POLYGON) ? sc.vertices : 0;
    c.n = n;
    const c2d_shape *A = sc.a.data(), *B = sc.b.data();
    const c2d_vec2 *D = sc.delta.data();
    c.impls.push_back({kOurs, loop(n, [A, B, D](int i, Acc &acc) {
        c2d_sweep s = c2d_shape_cast(&A[i], D[i], &B[i], c2d_v2(0, 0));
        acc.hits += s.has_hit;
        acc.f += (double)s.time;
    })});
    if (box2d_has(sc.ta) && box2d_has(sc.tb)) {
        const b2TOIInput *T = sc.b_toi.data();
        c.impls.push_back({kBoxToi, loop(n, [T](int i, Acc &acc) {
            b2TOIOutput out;
            b2TimeOfImpact(&out, &T[i]);
            acc.hits += out.state == b2TOIOutput::e_touching;
            acc.f += (double)out.t;
        })});
        const b2ShapeCastInput *S = sc.b_cast.data();
        c.impls.push_back({kBoxCast, loop(n, [S](int i, Acc &acc) {
            b2ShapeCastOutput out;
            bool hit = b2ShapeCast(&out, &S[i]);
            acc.hits += hit;
            acc.f += hit ? (double)out.lambda : 1.0;
        })});
    }
    cases.push_back(std::move(c));
}

void add_toi_case(std::vector<Case> &cases, const Scene &sc, int n) {
    Case c;
    c.name = std::string("toi_rot_") + kind_name(sc.ta) + "_" + kind_name(sc.tb);
    c.vertices = (sc.ta == C2D_SHAPE_POLYGON || sc.tb == C2D_SHAPE_POLYGON) ? sc.vertices : 0;
    c.n = n;
    const c2d_toi_input *I = sc.toi.data();
    c.impls.push_back({kOurs, loop(n, [I](int i, Acc &acc) {
        c2d_toi_result r = c2d_time_of_impact(&I[i]);
        acc.hits += r.status == C2D_TOI_HIT;
        acc.f += (double)r.t;
    })});
    if (box2d_has(sc.ta) && box2d_has(sc.tb)) {
        const b2TOIInput *T = sc.b_toi.data();
        c.impls.push_back({kBoxToi, loop(n, [T](int i, Acc &acc) {
            b2TOIOutput out;
            b2TimeOfImpact(&out, &T[i]);
            acc.hits += out.state == b2TOIOutput::e_touching;
            acc.f += (double)out.t;
        })});
    }
    cases.push_back(std::move(c));
}

/* The optional peers built into this binary (bench/CMakeLists.txt). */
std::vector<const bench_cast_peer *> optional_peers() {
    std::vector<const bench_cast_peer *> p;
#ifdef C2D_BENCH_BOX2D_V3
    p.push_back(&bench_cast_peer_box2d3);
#endif
#ifdef C2D_BENCH_CUTE_C2
    p.push_back(&bench_cast_peer_cute_c2);
#endif
    return p;
}

/* Adds each optional peer that has this query to the case; the scenes it made go to `made`. */
void add_optional_peers(Case &c, const Scene &sc, int n,
                        std::vector<std::pair<const bench_cast_peer *, const void *>> &made) {
    bench_cast_view view;
    view.n = n;
    view.kind_a = sc.ta;
    view.kind_b = sc.tb;
    view.rotate = sc.rotate ? 1 : 0;
    view.toi = sc.toi.data();
    for (const bench_cast_peer *peer : optional_peers()) {
        const void *h = peer->scene_make(&view);
        if (!h) continue;
        made.push_back({peer, h});
        bench_peer_fn *fn = peer->fn;
        Impl im;
        im.name = peer->impl;
        im.run = [fn, h](int passes, Acc &acc) {
            bench_acc a = {acc.hits, acc.f};
            fn(h, 0, passes, &a);
            acc.hits = a.hits;
            acc.f = a.f;
        };
        c.impls.push_back(im);
    }
}

/* ---- output ---- */

void print_case(const Case &c) {
    for (size_t k = 0; k < c.impls.size(); ++k) {
        const Impl &im = c.impls[k];
        char ratio[32] = "";
        if (k > 0) std::snprintf(ratio, sizeof ratio, "%.2f", im.median / c.impls[0].median);
        char v[8] = "-";
        if (c.vertices) std::snprintf(v, sizeof v, "%d", c.vertices);
        std::printf("%-28s %2s %-20s %9.2f %9.2f %6.1f %11s\n", k == 0 ? c.name.c_str() : "", k == 0 ? v : "", im.name.c_str(),
                    im.median, im.min, 100.0 * im.hit_rate, ratio);
    }
    std::fflush(stdout);
}

void write_json(FILE *f, const Case &c, const Options &opt, double load) {
    for (size_t k = 0; k < c.impls.size(); ++k) {
        const Impl &im = c.impls[k];
        std::fprintf(f,
                     "{\"suite\":\"cast\",\"case\":\"%s\",\"impl\":\"%s\",\"ns_per_op\":%.4f,\"ns_min\":%.4f,"
                     "\"n\":%d,\"vertices\":%d,\"density\":\"mixed\",\"reps\":%d,\"passes\":%d,\"hit_rate\":%.4f,"
                     "\"precision\":\"%s\",\"load1\":%.2f",
                     c.name.c_str(), im.name.c_str(), im.median, im.min, c.n, c.vertices, opt.reps, im.passes, im.hit_rate,
                     c2d_is_double() ? "double" : "float", load);
        if (k > 0) std::fprintf(f, ",\"ratio_box2d_over_ours\":%.4f", im.median / c.impls[0].median);
        std::fprintf(f, "}\n");
    }
}

}  // namespace

int main(int argc, char **argv) {
    Options opt;
    for (int i = 1; i < argc; ++i) {
        const char *a = argv[i];
        auto value = [&]() -> const char * {
            if (i + 1 >= argc) {
                std::fprintf(stderr, "bench_cast: %s needs a value\n", a);
                std::exit(2);
            }
            return argv[++i];
        };
        if (!std::strcmp(a, "--filter")) opt.filter = value();
        else if (!std::strcmp(a, "--reps")) opt.reps = std::atoi(value());
        else if (!std::strcmp(a, "--n")) opt.n = std::atoi(value());
        else if (!std::strcmp(a, "--target-ms")) opt.target_ms = std::atof(value());
        else if (!std::strcmp(a, "--seed")) opt.seed = std::strtoull(value(), nullptr, 0);
        else if (a[0] != '-' && !opt.json_path) opt.json_path = a;
        else {
            std::fprintf(stderr, "usage: %s [out.jsonl] [--filter SUBSTR] [--reps N] [--n N] [--target-ms MS] [--seed S]\n", argv[0]);
            return 2;
        }
    }
    if (opt.reps < 1 || opt.n < 1 || !(opt.target_ms > 0)) {
        std::fprintf(stderr, "bench_cast: --reps, --n and --target-ms must be positive\n");
        return 2;
    }
    FILE *json = nullptr;
    if (opt.json_path) {
        json = std::fopen(opt.json_path, "a");
        if (!json) {
            std::perror(opt.json_path);
            return 1;
        }
    }
    double load = load_average();
    std::printf("collide2d cast benchmark (collide2d %d.%d.%d, %s; Box2D %d.%d.%d); n = %d casts per case, "
                "median of %d repetitions of ~%.1f ms; load average %.2f\n",
                C2D_VERSION_MAJOR, C2D_VERSION_MINOR, C2D_VERSION_PATCH, c2d_is_double() ? "double" : "float",
                b2_version.major, b2_version.minor, b2_version.revision, opt.n, opt.reps, opt.target_ms, load);
    std::printf("  cast_*: c2d_shape_cast (exact contact, normal, point, safe position) beside b2TimeOfImpact on\n"
                "  sweeps without rotation and b2ShapeCast (GJK ray cast); toi_rot_*: both shapes also turn.\n");
    std::printf("  optional peers in this binary:");
    for (const bench_cast_peer *p : optional_peers()) std::printf(" %s", p->impl);
    std::printf("%s\n", optional_peers().empty() ? " none (make bench CUTE_C2_H=... BOX2D_V3_DIR=...)" : "");
    std::printf("  box2d-3: b2ShapeCast on cast_*, b2TimeOfImpact on toi_rot_* (its sweeps interpolate the rotation\n"
                "  by nlerp, not by angle: the same end poses, not the same path); cute_c2: c2TOI on cast_* only.\n\n");
    std::printf("%-28s %2s %-20s %9s %9s %6s %11s\n", "case", "v", "impl", "ns/op", "min", "hit%", "box2d/ours");

    std::vector<Case> cases;
    for (int ta = 0; ta < C2D_SHAPE_TYPE_COUNT; ++ta) {
        for (int tb = ta; tb < C2D_SHAPE_TYPE_COUNT; ++tb) {
            bool poly = ta == C2D_SHAPE_POLYGON || tb == C2D_SHAPE_POLYGON;
            for (int v : {4, 8}) {
                if (!poly && v == 8) continue;
                std::string name = std::string("cast_") + kind_name(ta) + "_" + kind_name(tb);
                if (opt.filter && name.find(opt.filter) == std::string::npos) continue;
                Scene sc;
                build_scene(sc, ta, tb, v, false, opt.n, opt.seed);
                size_t first = cases.size();
                add_cast_case(cases, sc, opt.n);
                std::vector<std::pair<const bench_cast_peer *, const void *>> made;
                add_optional_peers(cases.back(), sc, opt.n, made);
                for (size_t k = first; k < cases.size(); ++k) {
                    measure(cases[k], opt.reps, opt.target_ms);
                    print_case(cases[k]);
                    if (json) write_json(json, cases[k], opt, load);
                }
                for (auto &m : made) m.first->scene_free(m.second);
            }
        }
    }
    const int rot_pairs[][2] = {{C2D_SHAPE_POLYGON, C2D_SHAPE_POLYGON}, {C2D_SHAPE_CIRCLE, C2D_SHAPE_POLYGON},
                                {C2D_SHAPE_CAPSULE, C2D_SHAPE_POLYGON}, {C2D_SHAPE_CAPSULE, C2D_SHAPE_CAPSULE},
                                {C2D_SHAPE_SEGMENT, C2D_SHAPE_POLYGON}};
    for (const auto &pr : rot_pairs) {
        for (int v : {4, 8}) {
            if (v == 8 && pr[0] != C2D_SHAPE_POLYGON && pr[1] != C2D_SHAPE_POLYGON) continue;
            std::string name = std::string("toi_rot_") + kind_name(pr[0]) + "_" + kind_name(pr[1]);
            if (opt.filter && name.find(opt.filter) == std::string::npos) continue;
            Scene sc;
            build_scene(sc, pr[0], pr[1], v, true, opt.n, opt.seed);
            size_t first = cases.size();
            add_toi_case(cases, sc, opt.n);
            std::vector<std::pair<const bench_cast_peer *, const void *>> made;
            add_optional_peers(cases.back(), sc, opt.n, made);
            for (size_t k = first; k < cases.size(); ++k) {
                measure(cases[k], opt.reps, opt.target_ms);
                print_case(cases[k]);
                if (json) write_json(json, cases[k], opt, load);
            }
            for (auto &m : made) m.first->scene_free(m.second);
        }
    }
    if (json) std::fclose(json);
    std::printf("\n%zu cases%s%s\n", cases.size(), json ? "; JSON lines appended to " : "", json ? opt.json_path : "");
    return 0;
}
