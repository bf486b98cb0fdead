/* The header's inline fronts (collision.h, C2D_INLINE_FRONT) against the exported functions.
 * tests/CMakeLists.txt compiles this file with -ffp-contract=fast (and -march=native where the
 * compiler takes it: FMA on this machine), the flags a caller may use, and once more at -O0
 * (test_inline_o0); the library itself is built with -ffp-contract=off. A call by name here takes
 * the front; the exported function is called through a pointer the compiler cannot see through.
 * On random pairs at every scale and far from the origin placed within a few units in the last
 * place of touching, on both sides, and on bad input, the front's answer must be the exported
 * function's: the same bool, the same manifold count, and a manifold within rounding of the
 * exported one. */
#include "test_util.h"

#ifndef C2D_INLINE_FRONT
#  define C2D_INLINE_FRONT_OFF 1 /* no fronts with this compiler: the checks compare the function with itself */
#endif

typedef bool (*overlap_cc)(c2d_circle, c2d_circle);
typedef bool (*overlap_bc)(c2d_aabb, c2d_circle);
typedef c2d_manifold (*manifold_cc)(c2d_circle, c2d_circle);

/* The exported functions, through pointers the optimiser cannot follow back to the fronts. */
#ifdef __GNUC__
#  define HIDE(f) __asm__("" : "+r"(f))
#else
#  define HIDE(f) (void)0
#endif
static overlap_cc exported_cc(void) {
    overlap_cc f = c2d_circle_overlap_circle;
    HIDE(f);
    return f;
}
static overlap_bc exported_bc(void) {
    overlap_bc f = c2d_aabb_overlap_circle;
    HIDE(f);
    return f;
}
static manifold_cc exported_mcc(void) {
    manifold_cc f = c2d_circle_manifold_circle;
    HIDE(f);
    return f;
}

#ifdef C2D_DOUBLE
#  define NEXT_UP(x) nextafter((x), INFINITY)
#  define NEXT_DOWN(x) nextafter((x), -INFINITY)
#else
#  define NEXT_UP(x) nextafterf((x), INFINITY)
#  define NEXT_DOWN(x) nextafterf((x), -INFINITY)
#endif

/* Counts of the cases each test saw on each side of touching (the exported answer). */
typedef struct tally {
    long hits, misses, disagreements;
} tally;

/* c2d_real with a random mantissa in [lo, hi) times a random power of two in [2^-e, 2^e]. */
static c2d_real scaled(test_rng *rng, double lo, double hi, int e) {
    return (c2d_real)ldexp(test_rng_range(rng, lo, hi), (int)test_rng_range(rng, -e, e + 1));
}

/* The real that is k units in the last place away from x. */
static c2d_real ulps(c2d_real x, int k) {
    while (k > 0) {
        x = NEXT_UP(x);
        --k;
    }
    while (k < 0) {
        x = NEXT_DOWN(x);
        ++k;
    }
    return x;
}

/* Counts a manifold of the front that differs from the exported one in its count, has a depth
 * that is not positive, or values beyond rounding (the front may fuse what the library rounds
 * twice). */
static void check_manifold_pair(c2d_manifold f, c2d_manifold e, tally *t) {
    double tol, ptol;
    bool ok;
    if (f.count != e.count) {
        t->disagreements++;
        return;
    }
    if (e.count == 0) return;
    tol = 64 * C2D_EPSILON;
    ptol = 64 * C2D_EPSILON * (fabs((double)e.points[0].point.x) + fabs((double)e.points[0].point.y) + (double)e.points[0].depth);
    ok = fabs((double)f.normal.x - (double)e.normal.x) <= tol && fabs((double)f.normal.y - (double)e.normal.y) <= tol &&
         fabs((double)f.points[0].point.x - (double)e.points[0].point.x) <= ptol &&
         fabs((double)f.points[0].point.y - (double)e.points[0].point.y) <= ptol && f.points[0].depth > 0 &&
         fabs((double)f.points[0].depth - (double)e.points[0].depth) <= ptol && f.points[0].id == e.points[0].id;
    if (!ok) t->disagreements++;
}

/* Two circles whose centers are (a.radius + b.radius) apart plus a few ulps of either sign, in a
 * random direction, at a random scale and place. */
static void circle_pair_near_touching(test_rng *rng, c2d_circle *a, c2d_circle *b) {
    double scale = ldexp(1.0, (int)test_rng_range(rng, -12, 13));
    double angle = test_rng_range(rng, 0, 6.283185307179586);
    double far = test_rng_range(rng, 0, 1) < 0.3 ? ldexp(1.0, (int)test_rng_range(rng, 0, 16)) * scale : scale;
    double r, dist;
    b->center = c2d_v2((c2d_real)test_rng_range(rng, -far, far), (c2d_real)test_rng_range(rng, -far, far));
    a->radius = (c2d_real)(scale * test_rng_range(rng, 0.01, 1));
    b->radius = (c2d_real)(scale * test_rng_range(rng, 0.01, 1));
    r = (double)(a->radius + b->radius);
    dist = r * (1 + (double)C2D_EPSILON * test_rng_range(rng, -8, 8));
    a->center = c2d_v2((c2d_real)((double)b->center.x + dist * cos(angle)), (c2d_real)((double)b->center.y + dist * sin(angle)));
    /* axis-aligned and grid cases: exactly touching in exact arithmetic */
    if (test_rng_range(rng, 0, 1) < 0.1) a->center = c2d_v2(b->center.x + a->radius + b->radius, b->center.y);
    a->center.x = ulps(a->center.x, (int)test_rng_range(rng, -3, 4));
    a->center.y = ulps(a->center.y, (int)test_rng_range(rng, -3, 4));
}

/* Front and exported function agree on circle pairs within a few ulps of touching, on both sides. */
static void test_circle_fronts_near_touching(void **state) {
    test_rng rng = test_rng_make("test_circle_fronts_near_touching");
    overlap_cc ov = exported_cc();
    manifold_cc mf = exported_mcc();
    tally t = {0, 0, 0}, tm = {0, 0, 0};
    int i, n = test_iterations(400000);
    (void)state;
    for (i = 0; i < n; ++i) {
        c2d_circle a, b;
        bool e, f;
        circle_pair_near_touching(&rng, &a, &b);
        e = ov(a, b);
        f = c2d_circle_overlap_circle(a, b);
        if (e) t.hits++;
        else t.misses++;
        if (e != f) {
            if (t.disagreements < 5)
                printf("overlap disagrees at case %d: a (%a, %a) r %a, b (%a, %a) r %a: front %d, exported %d\n", i,
                       (double)a.center.x, (double)a.center.y, (double)a.radius, (double)b.center.x, (double)b.center.y,
                       (double)b.radius, f, e);
            t.disagreements++;
        }
        check_manifold_pair(c2d_circle_manifold_circle(a, b), mf(a, b), &tm);
    }
    printf("circle pairs near touching: %ld hits, %ld misses, %ld overlap and %ld manifold disagreements\n", t.hits, t.misses,
           t.disagreements, tm.disagreements);
    /* both sides of the boundary were reached, often */
    assert_true(t.hits > n / 10 && t.misses > n / 10);
    assert_int_equal(t.disagreements, 0);
    assert_int_equal(tm.disagreements, 0);
}

/* A box and a circle whose center lies a radius (plus a few ulps of either sign) from an edge or
 * a corner of the box, outside or inside. */
static void box_circle_near_touching(test_rng *rng, c2d_aabb *b, c2d_circle *c) {
    double scale = ldexp(1.0, (int)test_rng_range(rng, -12, 13));
    double far = test_rng_range(rng, 0, 1) < 0.3 ? ldexp(1.0, (int)test_rng_range(rng, 0, 16)) * scale : scale;
    double cx = test_rng_range(rng, -far, far), cy = test_rng_range(rng, -far, far);
    double hx = scale * test_rng_range(rng, 0.05, 1), hy = scale * test_rng_range(rng, 0.05, 1);
    double r, angle, px, py;
    int corner = test_rng_range(rng, 0, 1) < 0.5;
    b->lower = c2d_v2((c2d_real)(cx - hx), (c2d_real)(cy - hy));
    b->upper = c2d_v2((c2d_real)(cx + hx), (c2d_real)(cy + hy));
    c->radius = (c2d_real)(scale * test_rng_range(rng, 0.01, 1));
    r = (double)c->radius * (1 + (double)C2D_EPSILON * test_rng_range(rng, -8, 8));
    if (corner) {
        /* beyond the upper-right corner, in its quadrant */
        angle = test_rng_range(rng, 0.05, 1.52);
        px = (double)b->upper.x + r * cos(angle);
        py = (double)b->upper.y + r * sin(angle);
    } else {
        /* right of the right edge, level with it */
        px = (double)b->upper.x + r;
        py = test_rng_range(rng, (double)b->lower.y, (double)b->upper.y);
    }
    c->center = c2d_v2((c2d_real)px, (c2d_real)py);
    c->center.x = ulps(c->center.x, (int)test_rng_range(rng, -3, 4));
    c->center.y = ulps(c->center.y, (int)test_rng_range(rng, -3, 4));
}

static void test_box_circle_front_near_touching(void **state) {
    test_rng rng = test_rng_make("test_box_circle_front_near_touching");
    overlap_bc ov = exported_bc();
    tally t = {0, 0, 0};
    int i, n = test_iterations(400000);
    (void)state;
    for (i = 0; i < n; ++i) {
        c2d_aabb b;
        c2d_circle c;
        bool e, f;
        box_circle_near_touching(&rng, &b, &c);
        e = ov(b, c);
        f = c2d_aabb_overlap_circle(b, c);
        if (e) t.hits++;
        else t.misses++;
        if (e != f) {
            if (t.disagreements < 5)
                printf("box-circle disagrees at case %d: box (%a, %a)-(%a, %a), circle (%a, %a) r %a: front %d, exported %d\n", i,
                       (double)b.lower.x, (double)b.lower.y, (double)b.upper.x, (double)b.upper.y, (double)c.center.x,
                       (double)c.center.y, (double)c.radius, f, e);
            t.disagreements++;
        }
    }
    printf("box-circle pairs near touching: %ld hits, %ld misses, %ld disagreements\n", t.hits, t.misses, t.disagreements);
    assert_true(t.hits > n / 10 && t.misses > n / 10);
    assert_int_equal(t.disagreements, 0);
}

/* Random pairs anywhere (mostly clear hits and misses: the fronts' own decisions). */
static void test_fronts_random(void **state) {
    test_rng rng = test_rng_make("test_fronts_random");
    overlap_cc ov = exported_cc();
    overlap_bc obc = exported_bc();
    manifold_cc mf = exported_mcc();
    tally tm = {0, 0, 0};
    int i, n = test_iterations(200000), hits = 0;
    (void)state;
    for (i = 0; i < n; ++i) {
        c2d_circle a, b;
        c2d_aabb box;
        a.center = c2d_v2(scaled(&rng, -1, 1, 20), scaled(&rng, -1, 1, 20));
        b.center = c2d_v2(a.center.x + scaled(&rng, -1, 1, 4), a.center.y + scaled(&rng, -1, 1, 4));
        a.radius = scaled(&rng, 0, 1, 4);
        b.radius = scaled(&rng, 0, 1, 4);
        box.lower = b.center;
        box.upper = c2d_v2(b.center.x + scaled(&rng, 0, 1, 4), b.center.y + scaled(&rng, 0, 1, 4));
        hits += ov(a, b);
        assert_int_equal(c2d_circle_overlap_circle(a, b), ov(a, b));
        assert_int_equal(c2d_aabb_overlap_circle(box, a), obc(box, a));
        check_manifold_pair(c2d_circle_manifold_circle(a, b), mf(a, b), &tm);
    }
    assert_int_equal(tm.disagreements, 0);
    assert_true(hits > n / 20 && hits < n - n / 20);
}

/* Bad input: NaN, infinities, negative, zero and tiny radii, coordinates beyond C2D_MAX_COORD, an
 * inverted box. The front gives the exported answer, which is false and count 0. */
static void test_fronts_bad_input(void **state) {
    const c2d_real nan = (c2d_real)NAN, inf = (c2d_real)INFINITY, big = (c2d_real)C2D_MAX_COORD * 4;
    const c2d_real tiny = (c2d_real)C2D_MIN_SIZE / 4;
    const c2d_real vals[] = {0, 1, -1, (c2d_real)0.5, nan, inf, -inf, big, -big, tiny, -tiny, (c2d_real)C2D_MAX_COORD};
    const int nv = (int)(sizeof vals / sizeof vals[0]);
    overlap_cc ov = exported_cc();
    overlap_bc obc = exported_bc();
    manifold_cc mf = exported_mcc();
    int i, j, k;
    (void)state;
    /* every value in every slot of a touching-or-overlapping base pair */
    for (i = 0; i < 6; ++i) {
        for (j = 0; j < nv; ++j) {
            for (k = 0; k < 2; ++k) {
                c2d_circle a = circ(0, 0, 1), b = circ(k ? (c2d_real)1.5 : 0, 0, 1);
                c2d_aabb box;
                c2d_manifold m;
                c2d_real *slot[6] = {&a.center.x, &a.center.y, &a.radius, &b.center.x, &b.center.y, &b.radius};
                *slot[i] = vals[j];
                box.lower = c2d_v2(b.center.x - b.radius, b.center.y - b.radius);
                box.upper = c2d_v2(b.center.x + b.radius, b.center.y + b.radius);
                assert_int_equal(c2d_circle_overlap_circle(a, b), ov(a, b));
                assert_int_equal(c2d_aabb_overlap_circle(box, a), obc(box, a));
                m = c2d_circle_manifold_circle(a, b);
                assert_int_equal(m.count, mf(a, b).count);
                if (m.count) {
                    assert_true(isfinite((double)m.normal.x) && isfinite((double)m.normal.y) && m.points[0].depth > 0);
                    assert_true(isfinite((double)m.points[0].point.x) && isfinite((double)m.points[0].point.y));
                }
                /* a NaN, an infinity, a negative, tiny or out-of-range size never hits */
                if (isnan((double)vals[j]) || isinf((double)vals[j]) || ((i == 2 || i == 5) && !(vals[j] >= C2D_MIN_SIZE)) ||
                    fabs((double)vals[j]) > C2D_MAX_COORD) {
                    assert_false(c2d_circle_overlap_circle(a, b));
                    assert_int_equal(m.count, 0);
                }
            }
        }
    }
    /* an inverted box, a NaN box (which the clamp alone would hide), an out-of-range box */
    {
        c2d_circle c = circ(0, 0, 1);
        c2d_aabb box;
        box.lower = c2d_v2(1, -1);
        box.upper = c2d_v2(-1, 1);
        assert_false(c2d_aabb_overlap_circle(box, c));
        box.lower = c2d_v2(nan, -1);
        box.upper = c2d_v2(1, 1);
        assert_false(c2d_aabb_overlap_circle(box, c));
        box.lower = c2d_v2(-big, -1);
        assert_false(c2d_aabb_overlap_circle(box, c));
        assert_int_equal(c2d_aabb_overlap_circle(box, c), obc(box, c));
    }
}

/* Hand-made touching cases on the grid, both sides: touching is no hit. */
static void test_fronts_touching_rule(void **state) {
    (void)state;
    assert_false(c2d_circle_overlap_circle(circ(0, 0, 1), circ(2, 0, 1)));
    assert_true(c2d_circle_overlap_circle(circ(0, 0, 1), circ(1.999, 0, 1)));
    assert_false(c2d_circle_overlap_circle(circ(0, 0, 2.5), circ(3, 4, 2.5)));
    assert_true(c2d_circle_overlap_circle(circ(0, 0, 2.5), circ(3, 4, 2.501)));
    assert_int_equal(c2d_circle_manifold_circle(circ(0, 0, 2.5), circ(3, 4, 2.5)).count, 0);
    assert_int_equal(c2d_circle_manifold_circle(circ(3, 4, 2.5), circ(0, 0, 2.501)).count, 1);
    assert_false(c2d_aabb_overlap_circle(box_c(0, 0, 1, 1), circ(2, 0, 1)));
    assert_true(c2d_aabb_overlap_circle(box_c(0, 0, 1, 1), circ(1.999, 0, 1)));
    assert_false(c2d_aabb_overlap_circle(box_c(0, 0, 1, 1), circ(4, 5, 5)));
    assert_true(c2d_aabb_overlap_circle(box_c(0, 0, 1, 1), circ(4, 5, 5.001)));
    /* the manifold of an overlapping pair: normal from b toward a, point midway between surfaces */
    {
        c2d_manifold m = c2d_circle_manifold_circle(circ(3, 0, 2), circ(0, 0, 2));
        assert_int_equal(m.count, 1);
        assert_near(m.normal.x, 1, 1e-6);
        assert_near(m.normal.y, 0, 1e-6);
        assert_near(m.points[0].depth, 1, 1e-6);
        assert_near(m.points[0].point.x, 1.5, 1e-6);
    }
}

typedef bool (*raycast_c)(c2d_circle, c2d_raycast_input, c2d_hit *);
static raycast_c exported_rc(void) {
    raycast_c f = c2d_circle_raycast;
    HIDE(f);
    return f;
}

/* The circle cast's front against the exported function on one input: the same answer, and on a
 * hit outputs within rounding amplified by the entry's geometry (the front may fuse): the normal
 * within 2^12 epsilons, the point, the time times |d| and the delta within 2^12 epsilons of the
 * scene's size (|center| + |origin - center| + r + |d| max_fraction when finite). */
static void check_ray_pair(c2d_circle c, c2d_raycast_input in, tally *t, double *worst) {
    raycast_c rc = exported_rc();
    c2d_hit hf, he;
    bool f, e;
    memset(&hf, 0, sizeof hf);
    memset(&he, 0, sizeof he);
    f = c2d_circle_raycast(c, in, &hf);
    e = rc(c, in, &he);
    assert_int_equal(f, c2d_circle_raycast(c, in, NULL));
    if (f != e) {
        t->disagreements++;
        return;
    }
    if (!e) {
        t->misses++;
        return;
    }
    t->hits++;
    {
        double dl = sqrt((double)in.translation.x * in.translation.x + (double)in.translation.y * in.translation.y);
        double mx = (double)in.origin.x - c.center.x, my = (double)in.origin.y - c.center.y;
        double size = fabs((double)c.center.x) + fabs((double)c.center.y) + sqrt(mx * mx + my * my) + c.radius +
                      (isfinite((double)in.max_fraction) ? dl * in.max_fraction : 0);
        double tol = 4096 * (double)C2D_EPSILON, err;
        err = fabs((double)hf.normal.x - he.normal.x) + fabs((double)hf.normal.y - he.normal.y);
        err = fmax(err, (fabs((double)hf.pos.x - he.pos.x) + fabs((double)hf.pos.y - he.pos.y)) / size);
        err = fmax(err, fabs((double)hf.time - he.time) * dl / size);
        err = fmax(err, (fabs((double)hf.delta.x - he.delta.x) + fabs((double)hf.delta.y - he.delta.y)) / size);
        if (err > *worst) *worst = err;
        if (!(err <= tol) || !(hf.time >= 0) || !(hf.time <= in.max_fraction)) t->disagreements++;
    }
}

/* A circle at a random scale and place, and a ray whose line passes at r (1 + delta) from the
 * center: delta a few epsilons of either sign (tangent within rounding) or up to twice the front's
 * margin (its sure-hit bound), from an origin 1 + 2^-k radii to 2^9 radii away (the front's cap is
 * 2^8), with a length that ends near the entry (t near max_fraction), as a segment or a ray. */
static void ray_near_tangent(test_rng *rng, c2d_circle *c, c2d_raycast_input *in) {
    double scale = ldexp(1.0, (int)test_rng_range(rng, -12, 13));
    double far = test_rng_range(rng, 0, 1) < 0.3 ? ldexp(1.0, (int)test_rng_range(rng, 0, 16)) * scale : scale;
    double a = test_rng_range(rng, 0, 6.283185307179586), ux = cos(a), uy = sin(a);
    double r = scale * test_rng_range(rng, 0.01, 1), pick = test_rng_range(rng, 0, 1), delta, along, side, len, entry;
    if (pick < 0.4)
        delta = (double)C2D_EPSILON * test_rng_range(rng, -16, 16);
    else if (pick < 0.7)
        delta = -2 * (double)C2DI_RAY_FRONT_MARGIN * test_rng_range(rng, 0, 1);
    else
        delta = -test_rng_range(rng, 0, 1);
    side = r * (1 + delta);
    along = test_rng_range(rng, 0, 1) < 0.3 ? r * ldexp(1.0, -(int)test_rng_range(rng, 1, 20)) : r * ldexp(test_rng_range(rng, 1, 2), (int)test_rng_range(rng, 0, 9));
    c->center = c2d_v2((c2d_real)test_rng_range(rng, -far, far), (c2d_real)test_rng_range(rng, -far, far));
    c->radius = (c2d_real)r;
    /* origin: back along u from the closest approach, which sits at side from the center */
    entry = side < r ? along - sqrt(r * r - side * side) : along;
    if (!(entry > 0)) entry = along;
    in->origin = c2d_v2((c2d_real)((double)c->center.x - uy * side - ux * along), (c2d_real)((double)c->center.y + ux * side - uy * along));
    in->origin.x = ulps(in->origin.x, (int)test_rng_range(rng, -3, 4));
    in->origin.y = ulps(in->origin.y, (int)test_rng_range(rng, -3, 4));
    len = entry * (test_rng_range(rng, 0, 1) < 0.5 ? 1 + test_rng_range(rng, -0.1, 0.1) : 1 + (double)C2D_EPSILON * test_rng_range(rng, -64, 64));
    if (!(len > 0)) len = along;
    if (test_rng_range(rng, 0, 1) < 0.5) {
        in->translation = c2d_v2((c2d_real)(ux * len), (c2d_real)(uy * len));
        in->max_fraction = 1;
    } else {
        in->translation = c2d_v2((c2d_real)ux, (c2d_real)uy);
        in->max_fraction = test_rng_range(rng, 0, 1) < 0.2 ? (c2d_real)INFINITY : (c2d_real)len;
    }
}

/* Front and exported circle cast agree on rays near tangency, near the surface, ending near the
 * entry, and at random. */
static void test_circle_raycast_front(void **state) {
    test_rng rng = test_rng_make("test_circle_raycast_front");
    tally t = {0, 0, 0}, tr = {0, 0, 0};
    double worst = 0;
    int i, n = test_iterations(400000);
    (void)state;
    for (i = 0; i < n; ++i) {
        c2d_circle c;
        c2d_raycast_input in;
        ray_near_tangent(&rng, &c, &in);
        check_ray_pair(c, in, &t, &worst);
        /* random: anywhere, at every scale */
        c.center = c2d_v2(scaled(&rng, -1, 1, 20), scaled(&rng, -1, 1, 20));
        c.radius = scaled(&rng, 0, 1, 4);
        in.origin = c2d_v2(c.center.x + scaled(&rng, -1, 1, 6), c.center.y + scaled(&rng, -1, 1, 6));
        in.translation = c2d_v2(scaled(&rng, -1, 1, 6), scaled(&rng, -1, 1, 6));
        in.max_fraction = test_rng_range(&rng, 0, 1) < 0.8 ? 1 : (c2d_real)INFINITY;
        check_ray_pair(c, in, &tr, &worst);
    }
    printf("circle cast front: near tangent %ld hits %ld misses, random %ld hits %ld misses, worst difference %.3g epsilons\n", t.hits,
           t.misses, tr.hits, tr.misses, worst / (double)C2D_EPSILON);
    assert_int_equal(t.disagreements, 0);
    assert_int_equal(tr.disagreements, 0);
    assert_true(t.hits > n / 10 && t.misses > n / 10);
    assert_true(tr.hits > n / 50 && tr.misses > n / 10);
}

/* Bad input in every slot of a hitting cast: the front gives the exported answer, and a hit has
 * finite values. */
static void test_circle_raycast_front_bad_input(void **state) {
    const c2d_real nan = (c2d_real)NAN, inf = (c2d_real)INFINITY, big = (c2d_real)C2D_MAX_COORD * 4;
    const c2d_real tiny = (c2d_real)C2D_MIN_SIZE / 4;
    const c2d_real vals[] = {0, 1, -1, (c2d_real)0.5, nan, inf, -inf, big, -big, tiny, -tiny, (c2d_real)C2D_MAX_COORD, (c2d_real)1e-30};
    const int nv = (int)(sizeof vals / sizeof vals[0]);
    raycast_c rc = exported_rc();
    int i, j;
    (void)state;
    for (i = 0; i < 8; ++i) {
        for (j = 0; j < nv; ++j) {
            c2d_circle c = circ(0, 0, 1);
            c2d_raycast_input in;
            c2d_hit h, he;
            bool f;
            c2d_real *slot[8] = {&c.center.x, &c.center.y, &c.radius, &in.origin.x, &in.origin.y, &in.translation.x, &in.translation.y, &in.max_fraction};
            in.origin = c2d_v2(-3, (c2d_real)0.25);
            in.translation = c2d_v2(4, 0);
            in.max_fraction = 1;
            *slot[i] = vals[j];
            f = c2d_circle_raycast(c, in, &h);
            assert_int_equal(f, rc(c, in, &he));
            if (f) {
                assert_true(isfinite((double)h.pos.x) && isfinite((double)h.pos.y) && isfinite((double)h.normal.x) &&
                            isfinite((double)h.normal.y) && isfinite((double)h.delta.x) && isfinite((double)h.delta.y));
                assert_true(h.time >= 0 && h.time <= in.max_fraction);
            }
            if (isnan((double)vals[j]) || ((i == 2) && !(vals[j] >= C2D_MIN_SIZE))) assert_false(f);
        }
    }
    /* the touching rule: a tangent ray and a ray ending on the surface do not hit */
    {
        c2d_raycast_input in;
        in.origin = c2d_v2(-3, 1);
        in.translation = c2d_v2(6, 0);
        in.max_fraction = 1;
        assert_false(c2d_circle_raycast(circ(0, 0, 1), in, NULL));
        in.origin = c2d_v2(-3, 0);
        in.translation = c2d_v2(2, 0);
        assert_false(c2d_circle_raycast(circ(0, 0, 1), in, NULL));
        in.translation = c2d_v2(4, 0);
        assert_true(c2d_circle_raycast(circ(0, 0, 1), in, NULL));
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_circle_fronts_near_touching), cmocka_unit_test(test_box_circle_front_near_touching),
        cmocka_unit_test(test_fronts_random), cmocka_unit_test(test_fronts_bad_input), cmocka_unit_test(test_fronts_touching_rule),
        cmocka_unit_test(test_circle_raycast_front), cmocka_unit_test(test_circle_raycast_front_bad_input),
    };
#ifdef C2D_INLINE_FRONT_OFF
    printf("note: this compiler has no inline fronts; the exported functions are compared with themselves\n");
#endif
    return cmocka_run_group_tests(tests, NULL, NULL);
}
