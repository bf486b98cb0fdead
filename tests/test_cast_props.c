/* Property tests of the linear shape cast (src/cast.c, issue 14): shallow-angle crossings and
 * casts along surfaces. Each prints its seed (C2D_TEST_SEED repeats it) and its case count;
 * C2D_PROP_ITERS sets the count (the default is a few seconds of make check; the bar is
 * C2D_PROP_ITERS=1000000).
 *
 * test_cast_shallow_crossings: a solid mover (box, circle, capsule, polygon) crosses a target of
 * every kind (point, segment, box, circle, capsule with radius 1e-4 up to the target's size,
 * polygon) on a long path within +-6 degrees of one of its faces (a segment's or capsule's axis,
 * a box side, a polygon edge, a circle's tangent), up to 300 from the origin. The mover's center
 * passes through a point P0 of the target at time f, so the shapes overlap there by at least the
 * mover's size. Counted: a miss (no hit, or a hit after a sampled time whose static overlap is
 * deeper than the rounding tolerance TOL_K * eps * scale), a false hit (distance at the hit time
 * above that tolerance), and an unsafe position (c2d_shape_overlap true at sweep.time).
 *
 * test_cast_along_surfaces: a mover rests exactly on a surface (a polygon ramp, a segment, a box,
 * a capsule's flat side, a row of tiles through c2d_shape_sweep_into) with slopes p:q from 0:1 to
 * 4:3, under the 8 symmetries of the square, and moves exactly along it (or along it and away)
 * for four casts in a row, each from the position the last one returned (the mover translated by
 * sweep.time * delta, as a caller moves it). In half the cases every coordinate is a small dyadic
 * number, so the rest and the motion are exact; in the other half the contact point is a real
 * number, rounded (a rest the static test finds overlapping is skipped), and the motion has 20
 * significant bits (still exactly parallel). Counted: an overlapping end position, and a cast that returns
 * time 0 (a slide that stops for good). */
#include "test_util.h"

#ifdef C2D_DOUBLE
#  define EPS 2.220446049250313e-16
#else
#  define EPS 1.1920929e-7
#endif
/* the rounding tolerance of the shallow test, in units of eps times the largest coordinate */
#define TOL_K 16

static long prop_iterations(long dflt) {
    const char *env = getenv("C2D_PROP_ITERS");
    long n = (env && *env) ? atol(env) : dflt;
    return n < 1 ? 1 : n;
}

static c2d_vec2 V(double x, double y) { return c2d_v2((c2d_real)x, (c2d_real)y); }

static const char *kind_name(c2d_shape_type t) {
    static const char *names[] = {"point", "segment", "aabb", "circle", "capsule", "polygon"};
    return (unsigned)t < 6u ? names[t] : "?";
}

/* s translated by t * d, as a caller moves a shape (c2d_shape_transform, identity rotation). */
static c2d_shape moved(const c2d_shape *s, c2d_vec2 d, c2d_real t) {
    c2d_transform xf;
    xf.p = c2d_scale(d, t);
    xf.q = c2d_rot_identity();
    return c2d_shape_transform(s, xf);
}

/* log-uniform in [lo, hi] */
static double log_range(test_rng *r, double lo, double hi) { return exp(test_rng_range(r, log(lo), log(hi))); }

/* ---------------------------------------------------------------- shallow crossings */

/* A convex polygon of 3 to 8 vertices on a circle of radius about size around c, turned. */
static c2d_polygon random_polygon(test_rng *r, c2d_vec2 c, double size) {
    for (;;) {
        c2d_vec2 pts[8];
        c2d_polygon p;
        int k = 3 + (int)(test_rng_next(r) % 6), j;
        double step = 2 * C2D_PI / k, a0 = test_rng_range(r, 0, 2 * C2D_PI);
        for (j = 0; j < k; ++j) {
            double ang = a0 + j * step + test_rng_range(r, -0.2, 0.2) * step, rad = size * test_rng_range(r, 0.6, 1.0);
            pts[j] = V(c.x + rad * cos(ang), c.y + rad * sin(ang));
        }
        if (c2d_polygon_make(pts, k, &p) == C2D_OK) return p;
    }
}

/* A solid mover of kind t (box, circle, capsule, polygon) of size about s centered at c. */
static c2d_shape random_mover(test_rng *r, c2d_shape_type t, c2d_vec2 c, double s) {
    double ang = test_rng_range(r, 0, 2 * C2D_PI), cr;
    c2d_vec2 u = V(cos(ang), sin(ang));
    c2d_polygon p;
    switch (t) {
    case C2D_SHAPE_AABB: return c2d_shape_from_aabb(box_c(c.x, c.y, s * test_rng_range(r, 0.3, 1), s * test_rng_range(r, 0.3, 1)));
    case C2D_SHAPE_CIRCLE: return c2d_shape_from_circle(circ(c.x, c.y, s * test_rng_range(r, 0.5, 1)));
    case C2D_SHAPE_CAPSULE:
        cr = s * test_rng_range(r, 0.3, 0.6);
        return c2d_shape_from_capsule(caps(c.x - (s - cr) * u.x, c.y - (s - cr) * u.y, c.x + (s - cr) * u.x, c.y + (s - cr) * u.y, cr));
    default: p = random_polygon(r, c, s); return c2d_shape_from_polygon(&p);
    }
}

/* A target of kind t of size about s near c, with a face direction *w (unit) and a point *p0 of
 * the target on that face (on the core for a segment or capsule). */
static c2d_shape random_target(test_rng *r, c2d_shape_type t, c2d_vec2 c, double s, c2d_vec2 *w, c2d_vec2 *p0) {
    /* the point P0 along the face: anywhere (a quarter of the time) or within 1e-4 to 0.1 of its end */
    double ang = test_rng_range(r, 0, 2 * C2D_PI), f = (test_rng_next(r) % 4 == 0) ? test_rng_range(r, 0.1, 0.9) : 1 - log_range(r, 1e-4, 0.1);
    c2d_vec2 u = V(cos(ang), sin(ang));
    c2d_shape b;
    *w = u;
    switch (t) {
    case C2D_SHAPE_POINT:
        *p0 = c;
        return c2d_shape_from_point(c);
    case C2D_SHAPE_SEGMENT:
    case C2D_SHAPE_CAPSULE: {
        c2d_vec2 q1 = V(c.x - s * u.x, c.y - s * u.y), q2 = V(c.x + s * u.x, c.y + s * u.y);
        *w = c2d_sub(q2, q1);
        *w = c2d_scale(*w, 1 / c2d_len(*w));
        *p0 = c2d_lerp(q1, q2, (c2d_real)f);
        if (t == C2D_SHAPE_SEGMENT) return c2d_shape_from_segment(seg(q1.x, q1.y, q2.x, q2.y));
        return c2d_shape_from_capsule(caps(q1.x, q1.y, q2.x, q2.y, log_range(r, 1e-4, (test_rng_next(r) % 4) ? 1e-2 : s)));
    }
    case C2D_SHAPE_AABB: {
        double hx = s * test_rng_range(r, 0.3, 1), hy = s * test_rng_range(r, 0.3, 1);
        int side = (int)(test_rng_next(r) % 4);
        b = c2d_shape_from_aabb(box_c(c.x, c.y, hx, hy));
        if (side < 2) {
            *w = V(1, 0);
            *p0 = V((double)b.as.aabb.lower.x + f * 2 * hx, side ? (double)b.as.aabb.upper.y : (double)b.as.aabb.lower.y);
        } else {
            *w = V(0, 1);
            *p0 = V(side == 3 ? (double)b.as.aabb.upper.x : (double)b.as.aabb.lower.x, (double)b.as.aabb.lower.y + f * 2 * hy);
        }
        return b;
    }
    case C2D_SHAPE_CIRCLE:
        b = c2d_shape_from_circle(circ(c.x, c.y, s));
        *p0 = V(c.x + s * u.x, c.y + s * u.y);
        *w = c2d_right_perp(u);
        return b;
    default: {
        c2d_polygon p = random_polygon(r, c, s);
        int k = (int)(test_rng_next(r) % (uint64_t)p.count);
        c2d_vec2 v0 = p.vertices[k], v1 = p.vertices[(k + 1) % p.count];
        *w = c2d_sub(v1, v0);
        *w = c2d_scale(*w, 1 / c2d_len(*w));
        *p0 = c2d_lerp(v0, v1, (c2d_real)f);
        return c2d_shape_from_polygon(&p);
    }
    }
}

/* Depth of the static overlap of a and b moved to time t (the length of c2d_shape_hit's push-out,
 * or the tolerance itself when only c2d_shape_overlap says so), 0 when they do not overlap. */
static double depth_at(const c2d_shape *a, c2d_vec2 da, const c2d_shape *b, c2d_real t, double tol) {
    c2d_shape ma = moved(a, da, t);
    c2d_hit h;
    if (!c2d_shape_overlap(&ma, b)) return 0;
    if (!c2d_shape_hit(&ma, b, &h)) return tol;
    return (double)c2d_len(h.delta);
}

static void test_cast_shallow_crossings(void **state) {
    test_rng r = test_rng_make("test_cast_shallow_crossings");
    long n = prop_iterations(200000), i, misses = 0, false_hits = 0, unsafe = 0, hits = 0, deep = 0;
    (void)state;
    {
        /* issue 14's reproducer: a box of half extents 0.02 crossing a capsule of radius 1e-4 at
         * about 3.5 degrees from its axis, through the capsule's end (e7d4559: no hit; the bare
         * core segment is hit at 0.495389) */
        c2d_shape a = c2d_shape_from_aabb(box_c(-90.2748489, 232.275421, 0.02, 0.02));
        c2d_shape b = c2d_shape_from_capsule(caps(0.626187623, -1.36304402, -0.626187623, 1.36304402, 1e-4));
        c2d_vec2 d = V(181.00795, -466.085968);
        c2d_sweep s = c2d_shape_cast(&a, d, &b, V(0, 0));
        c2d_shape me = moved(&a, d, s.time);
        print_message("  issue 14 capsule: hit %d at %.9g, time %.9g\n", s.has_hit, (double)s.hit.time, (double)s.time);
        if (!s.has_hit || !(s.hit.time <= (c2d_real)0.4954)) ++misses;
        if (c2d_shape_overlap(&me, &b)) ++unsafe;
    }
    {
        /* a circle crossing a capsule ~0.2 degrees from its axis, entering beside vertex 0 where
         * its pushed-out edge meets its disk (both closed forms reject the entry there): the shapes
         * overlap from t ~ 0.7797 (e7d4559: hit at 0.786199, through the far vertex's disk) */
        c2d_shape a = c2d_shape_from_circle(circ(-0x1.29e332p+6, -0x1.2bef1cp+9, 0x1.5d1c68p-6));
        c2d_shape b = c2d_shape_from_capsule(caps(0x1.11b262p+7, 0x1.4eea2p+1, 0x1.1524a8p+7, 0x1.dd0c12p+2, 0x1.a28c6ap-10));
        c2d_vec2 d = V(0x1.0ef798p+8, 0x1.8239dep+9);
        c2d_sweep s = c2d_shape_cast(&a, d, &b, V(0, 0));
        c2d_shape me = moved(&a, d, s.time);
        print_message("  capsule junction: hit %d at %.9g, time %.9g\n", s.has_hit, (double)s.hit.time, (double)s.time);
        if (!s.has_hit || !(s.hit.time <= (c2d_real)0.7800)) ++misses;
        if (c2d_shape_overlap(&me, &b)) ++unsafe;
    }
    {
        /* a circle moving parallel to a segment's core, whose own crossing time is ill-conditioned:
         * no hit may be reported where the shapes are apart (a widened core fallback gave one) */
        c2d_shape a = c2d_shape_from_circle(circ(-107.375633, 66.8508301, 0.0212988015));
        c2d_shape b = c2d_shape_from_segment(seg(-48.8720055, -56.8651848, -50.5901222, -53.2314491));
        c2d_vec2 d = V(120.313828, -254.42334);
        c2d_sweep s = c2d_shape_cast(&a, d, &b, V(0, 0));
        c2d_shape me = moved(&a, d, s.time);
        double scale = 107.375633 + 66.8508301 + 120.313828 + 254.42334 + 50.5901222 + 56.8651848;
        print_message("  segment parallel: hit %d at %.9g, time %.9g\n", s.has_hit, (double)s.hit.time, (double)s.time);
        if (s.has_hit) {
            c2d_shape mh = moved(&a, d, s.hit.time);
            if ((double)c2d_shape_distance(&mh, &b).distance > TOL_K * EPS * scale) ++false_hits;
        }
        if (c2d_shape_overlap(&me, &b)) ++unsafe;
    }
    for (i = 0; i < n; ++i) {
        c2d_shape_type tb = (c2d_shape_type)(i % 6), ta = (c2d_shape_type)(C2D_SHAPE_AABB + (i / 6) % 4);
        /* half the cases in the hard regime of issue 14: a small mover on a long path far from the
         * origin (coordinates of 50 to 1000 against sizes of 0.02 to 0.1 and radii from 1e-4) */
        bool hard = (i / 24) % 2 == 1;
        double reach = hard ? log_range(&r, 50, 300) : log_range(&r, 1, 300), ang = test_rng_range(&r, 0, 2 * C2D_PI);
        c2d_vec2 cb = V(reach * cos(ang), reach * sin(ang)), w, p0, d, start, u;
        double sb = hard ? log_range(&r, 0.5, 3) : log_range(&r, 0.05, 20), sa = hard ? log_range(&r, 0.02, 0.1) : log_range(&r, 0.02, 5);
        double alpha = test_rng_range(&r, -6, 6) * C2D_PI / 180, f = test_rng_range(&r, 0.2, 0.8), len, scale, tol, dt;
        c2d_shape b = random_target(&r, tb, cb, sb, &w, &p0), a;
        c2d_sweep s;
        int j;
        bool missed = false;
        if (test_rng_next(&r) & 1) w = c2d_neg(w);
        u = V(cos(alpha) * w.x - sin(alpha) * w.y, sin(alpha) * w.x + cos(alpha) * w.y);
        len = fmax(40 * (sa + sb), hard ? log_range(&r, 200, 1000) : log_range(&r, 1, 1000));
        start = V(p0.x - f * len * u.x, p0.y - f * len * u.y);
        d = V(len * u.x, len * u.y);
        a = random_mover(&r, ta, start, sa);
        scale = fabs(start.x) + fabs(start.y) + len + fabs(cb.x) + fabs(cb.y) + sb + sa;
        tol = TOL_K * EPS * scale;
        s = c2d_shape_cast(&a, d, &b, V(0, 0));
        if (s.has_hit) ++hits;
        /* samples around the time the mover's center passes P0 */
        dt = 2 * (sa + sb) / len / 16;
        for (j = -16; j <= 16; ++j) {
            double t = f + j * dt, dep;
            if (t < 0 || t > 1) continue;
            dep = depth_at(&a, d, &b, (c2d_real)t, tol);
            if (dep > tol) {
                if (j == 0) ++deep;
                if (!s.has_hit || (double)s.hit.time > t) missed = true;
            }
        }
        if (missed) {
            if (misses < 5) {
                print_message("  miss: %s moving by (%.9g, %.9g) from (%.9g, %.9g) vs %s near (%.9g, %.9g): hit %d at %.9g\n",
                              kind_name(ta), (double)d.x, (double)d.y, (double)start.x, (double)start.y, kind_name(tb),
                              (double)cb.x, (double)cb.y, s.has_hit, (double)s.hit.time);
            }
            if (misses < 5 && a.type == C2D_SHAPE_CIRCLE && b.type == C2D_SHAPE_CAPSULE) {
                print_message("    circle (%a, %a) r %a, d (%a, %a), capsule (%a, %a)-(%a, %a) r %a\n", (double)a.as.circle.center.x,
                              (double)a.as.circle.center.y, (double)a.as.circle.radius, (double)d.x, (double)d.y,
                              (double)b.as.capsule.p1.x, (double)b.as.capsule.p1.y, (double)b.as.capsule.p2.x,
                              (double)b.as.capsule.p2.y, (double)b.as.capsule.radius);
            }
            if (misses < 5 && a.type == C2D_SHAPE_POLYGON) {
                int q;
                for (q = 0; q < a.as.polygon.count; ++q) print_message("    v %.9g %.9g\n", (double)a.as.polygon.vertices[q].x, (double)a.as.polygon.vertices[q].y);
                if (b.type == C2D_SHAPE_CIRCLE) print_message("    circle %.9g %.9g r %.9g\n", (double)b.as.circle.center.x, (double)b.as.circle.center.y, (double)b.as.circle.radius);
            }
            ++misses;
        }
        if (s.has_hit) {
            c2d_shape ma = moved(&a, d, s.hit.time);
            double gap = (double)c2d_shape_distance(&ma, &b).distance;
            if (gap > tol) {
                if (false_hits < 5) {
                    print_message("  false hit: %s moving by (%.9g, %.9g) from (%.9g, %.9g) vs %s near (%.9g, %.9g): gap %g at %.9g\n",
                                  kind_name(ta), (double)d.x, (double)d.y, (double)start.x, (double)start.y, kind_name(tb), (double)cb.x,
                                  (double)cb.y, gap, (double)s.hit.time);
                    if (a.type == C2D_SHAPE_CIRCLE && b.type == C2D_SHAPE_SEGMENT) print_message("    r %.9g seg (%.9g, %.9g)-(%.9g, %.9g)\n", (double)a.as.circle.radius, (double)b.as.segment.p1.x, (double)b.as.segment.p1.y, (double)b.as.segment.p2.x, (double)b.as.segment.p2.y);
                }
                ++false_hits;
            }
        }
        {
            c2d_shape me = moved(&a, d, s.time);
            if (c2d_shape_overlap(&me, &b)) {
                if (unsafe < 5) print_message("  unsafe: %s vs %s, overlap at sweep.time %.9g\n", kind_name(ta), kind_name(tb), (double)s.time);
                ++unsafe;
            }
        }
    }
    print_message("  %ld shallow crossings: %ld hits, %ld deep at the crossing; %ld misses, %ld false hits, %ld overlapping positions\n",
                  n, hits, deep, misses, false_hits, unsafe);
    /* the generator works: nearly every case crosses deeply */
    assert_true(deep > n * 9 / 10);
    assert_int_equal(misses, 0);
    assert_int_equal(false_hits, 0);
    assert_int_equal(unsafe, 0);
}

/* ---------------------------------------------------------------- casts along surfaces */

/* One of the 8 symmetries of the square (exact on every coordinate): swap x and y, then negate
 * x and/or y. */
typedef struct sym {
    int swap, nx, ny;
} sym;

static c2d_vec2 sym_v(sym g, c2d_vec2 v) {
    c2d_vec2 r = g.swap ? c2d_v2(v.y, v.x) : v;
    if (g.nx) r.x = -r.x;
    if (g.ny) r.y = -r.y;
    return r;
}

static c2d_shape sym_shape(sym g, const c2d_shape *s) {
    c2d_shape o = *s;
    int i;
    switch (s->type) {
    case C2D_SHAPE_POINT: o.as.point = sym_v(g, s->as.point); break;
    case C2D_SHAPE_SEGMENT:
        o.as.segment.p1 = sym_v(g, s->as.segment.p1);
        o.as.segment.p2 = sym_v(g, s->as.segment.p2);
        break;
    case C2D_SHAPE_AABB: {
        c2d_vec2 p = sym_v(g, s->as.aabb.lower), q = sym_v(g, s->as.aabb.upper);
        o.as.aabb.lower = c2d_v2(p.x < q.x ? p.x : q.x, p.y < q.y ? p.y : q.y);
        o.as.aabb.upper = c2d_v2(p.x < q.x ? q.x : p.x, p.y < q.y ? q.y : p.y);
        break;
    }
    case C2D_SHAPE_CIRCLE: o.as.circle.center = sym_v(g, s->as.circle.center); break;
    case C2D_SHAPE_CAPSULE:
        o.as.capsule.p1 = sym_v(g, s->as.capsule.p1);
        o.as.capsule.p2 = sym_v(g, s->as.capsule.p2);
        break;
    case C2D_SHAPE_POLYGON: {
        c2d_vec2 pts[C2D_MAX_POLYGON_VERTICES];
        c2d_polygon p;
        for (i = 0; i < s->as.polygon.count; ++i) pts[i] = sym_v(g, s->as.polygon.vertices[i]);
        assert_status(c2d_polygon_make(pts, s->as.polygon.count, &p), C2D_OK);
        o = c2d_shape_from_polygon(&p);
        break;
    }
    default: break;
    }
    return o;
}

static c2d_shape poly_pts(const c2d_vec2 *pts, int n) {
    c2d_polygon p;
    assert_status(c2d_polygon_make(pts, n, &p), C2D_OK);
    return c2d_shape_from_polygon(&p);
}

/* uniform dyadic in [lo, hi] with step 2^-k */
static double dyadic(test_rng *r, double lo, double hi, int k) {
    double q = ldexp(1, k);
    return floor(test_rng_range(r, lo * q, hi * q + 1)) / q;
}

enum { SURF_RAMP,
       SURF_SEGMENT,
       SURF_BOX,
       SURF_CAPSULE,
       SURF_TILES,
       SURF_COUNT };
static const char *surf_name[] = {"ramp", "segment", "box", "capsule", "tiles"};

static void test_cast_along_surfaces(void **state) {
    static const int slopes[][2] = {{1, 0}, {2, 1}, {1, 1}, {1, 2}, {3, 1}, {1, 3}, {4, 3}, {3, 4}, {5, 2}, {4, 1}};
    test_rng r = test_rng_make("test_cast_along_surfaces");
    long n = prop_iterations(200000), i, casts = 0, overlapping = 0, stopped = 0, hits = 0, skipped = 0;
    (void)state;
    for (i = 0; i < n; ++i) {
        int surf = (int)(i % SURF_COUNT), sl = (int)((i / SURF_COUNT) % 10), mk = (int)((i / 50) % 5), step, nb = 1, k;
        double p = slopes[sl][0], q = slopes[sl][1], e = ldexp(1, (int)(test_rng_next(&r) % 9) - 4);
        double x0 = e * dyadic(&r, -256, 256, 0), y0 = e * dyadic(&r, -256, 256, 0), W = 64, D = 8 * e;
        double s0 = dyadic(&r, W / 4, W / 2, 4), cx, cy, hx = e * dyadic(&r, 0.125, 4, 3), hy = e * dyadic(&r, 0.125, 4, 3);
        double k_len = dyadic(&r, 1.0 / 64, W / 32, 6), away = (test_rng_next(&r) & 1) ? dyadic(&r, 1.0 / 256, 1.0 / 32, 8) : 0;
        double dir = (test_rng_next(&r) & 1) ? 1 : -1;
        /* half the cases rest and move by real numbers, not dyadic: the rest is then within
         * rounding (skipped when the static test finds it overlapping) and every position rounds */
        bool rounded = (test_rng_next(&r) & 1) != 0;
        sym g;
        c2d_shape bs[8], a;
        c2d_vec2 d, pts[4];
        bool flat = q == 0;
        g.swap = (int)(test_rng_next(&r) & 1);
        g.nx = (int)(test_rng_next(&r) & 1);
        g.ny = (int)(test_rng_next(&r) & 1);
        /* the surface: the line through (x0, y0) along (p, q), solid below it (outward normal (-q, p)) */
        if ((surf == SURF_BOX || surf == SURF_CAPSULE) && !flat) surf = SURF_RAMP;
        switch (surf) {
        case SURF_RAMP:
            pts[0] = V(x0, y0);
            pts[1] = V(x0 + e * W * p, y0 + e * W * q);
            pts[2] = V(x0 + e * W * p, y0 + e * W * q - D);
            pts[3] = V(x0, y0 - D);
            bs[0] = poly_pts(pts, 4);
            break;
        case SURF_SEGMENT: bs[0] = c2d_shape_from_segment(seg(x0, y0, x0 + e * W * p, y0 + e * W * q)); break;
        case SURF_BOX: bs[0] = c2d_shape_from_aabb(box_c(x0 + e * W * p / 2, y0 - D / 2, e * W * p / 2, D / 2)); break;
        case SURF_CAPSULE: {
            double cr = e * dyadic(&r, 1.0 / 8, 2, 3);
            bs[0] = c2d_shape_from_capsule(caps(x0, y0 - cr, x0 + e * W * p, y0 - cr, cr));
            break;
        }
        default:
            nb = 8;
            for (k = 0; k < nb; ++k) {
                double t0 = e * W * k / nb, t1 = e * W * (k + 1) / nb;
                if (flat && (k & 1)) {
                    bs[k] = c2d_shape_from_aabb(box_c(x0 + (t0 + t1) * p / 2, y0 - D / 2, (t1 - t0) * p / 2, D / 2));
                } else {
                    pts[0] = V(x0 + t0 * p, y0 + t0 * q);
                    pts[1] = V(x0 + t1 * p, y0 + t1 * q);
                    pts[2] = V(x0 + t1 * p, y0 + t1 * q - D);
                    pts[3] = V(x0 + t0 * p, y0 + t0 * q - D);
                    bs[k] = poly_pts(pts, 4);
                }
            }
            break;
        }
        if (rounded) {
            s0 = test_rng_range(&r, W / 4, W / 2);
            /* 20 significant bits: k_len * p and k_len * q stay exact, the motion exactly parallel */
            k_len = dyadic(&r, 1.0 / 64, W / 32, 20 - 1);
        }
        /* the mover, resting on the line at the contact point (x0, y0) + e * s0 * (p, q) */
        cx = x0 + e * s0 * p;
        cy = y0 + e * s0 * q;
        if (!flat && (mk == 2 || mk == 3)) mk = (int)(i % 2);
        switch (mk) {
        case 0: a = c2d_shape_from_aabb(box_c(cx - hx, cy + hy, hx, hy)); break; /* lowest corner (upper.x, lower.y) */
        case 1:
            pts[0] = V(cx - 2 * hx, cy);
            pts[1] = V(cx, cy);
            pts[2] = V(cx, cy + 2 * hy);
            pts[3] = V(cx - 2 * hx, cy + 2 * hy);
            a = poly_pts(pts, 4);
            break;
        case 2: a = c2d_shape_from_circle(circ(cx, cy + hy, hy)); break;
        case 3: a = c2d_shape_from_capsule(caps(cx - hx, cy + hy, cx + hx, cy + hy, hy)); break;
        default:
            /* a triangle with its bottom face on the slope (face against face) */
            pts[0] = V(cx - 2 * e * p, cy - 2 * e * q);
            pts[1] = V(cx, cy);
            pts[2] = V(cx - e * p - hy * q, cy - e * q + hy * p);
            a = poly_pts(pts, 3);
            break;
        }
        d = V(dir * e * k_len * p - away * e * q, dir * e * k_len * q + away * e * p);
        a = sym_shape(g, &a);
        for (k = 0; k < nb; ++k) bs[k] = sym_shape(g, &bs[k]);
        d = sym_v(g, d);
        {
            int ov = 0;
            for (k = 0; k < nb; ++k) ov |= c2d_shape_overlap(&a, &bs[k]);
            if (ov) {
                ++skipped;
                continue;
            }
        }
        for (step = 0; step < 4; ++step) {
            c2d_sweep s;
            int hit_index = -1, ov = 0;
            if (nb == 1) s = c2d_shape_cast(&a, d, &bs[0], V(0, 0));
            else s = c2d_shape_sweep_into(&a, d, bs, nb, &hit_index);
            ++casts;
            if (s.has_hit) ++hits;
            a = moved(&a, d, s.time);
            for (k = 0; k < nb; ++k) ov |= c2d_shape_overlap(&a, &bs[k]);
            if (ov) {
                if (overlapping < 5) print_message("  overlap: %s on %s %d:%d, step %d, time %.9g\n", kind_name(a.type), surf_name[surf], (int)p, (int)q, step, (double)s.time);
                ++overlapping;
                break;
            }
            if (!(s.time > 0)) {
                if (stopped < 5) {
                    print_message("  stopped: %s on %s %d:%d, step %d, hit %d at %.9g, normal (%.9g, %.9g), delta (%.9g, %.9g)\n", kind_name(a.type),
                                  surf_name[surf], (int)p, (int)q, step, s.has_hit, (double)s.hit.time, (double)s.hit.normal.x,
                                  (double)s.hit.normal.y, (double)d.x, (double)d.y);
                }
                ++stopped;
                break;
            }
        }
    }
    print_message("  %ld surfaces (%ld skipped: overlapping at rest), %ld casts, %ld hits; %ld overlapping positions, %ld stopped slides\n",
                  n, skipped, casts, hits, overlapping, stopped);
    assert_true(skipped < n / 2);
    assert_true(casts > 3 * (n - skipped));
    assert_int_equal(overlapping, 0);
    assert_int_equal(stopped, 0);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_cast_shallow_crossings),
        cmocka_unit_test(test_cast_along_surfaces),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
