/* The narrow phase's fast paths give the same answers as the general code they shortcut:
 * the header-inline c2d_aabb_overlap_aabb against the exported function (hand cases and random
 * boxes), the early-outs of the polygon and circle manifolds (bounding boxes) on both sides of the
 * touching boundary, polygons moved far from the origin by c2d_polygon_transform (rounded vertices,
 * merely rotated normals) agreeing with the exact overlap test, polygons with an edge too short to
 * normalise (the scalar fallback of the vector loaders), circle-polygon (its exact separating-edge
 * miss on both sides of the boundary, bad polygons clear of and over the circle, its nearest
 * feature against the general rounded-polygon path, and wrong stored normals, which it does not
 * use, changing nothing), the direct circle-circle contact, the vector c2d_polygon_transform against the scalar
 * point and rotation formulas, the manifolds of polygons placed by transforms against the exact
 * tests in the polygon's frame, and the ray casts' fast paths: c2d_aabb_raycast against the
 * general box cast that c2d_aabb_raycast_padded runs, c2d_polygon_raycast and its _xf form (the
 * SSE kernels of src/simd/raycast_sse.c in SSE builds) against the library's scalar references
 * (bit-identical answers), c2d_segment_raycast against its documented algorithm written out here,
 * c2d_circle_raycast against a double-precision solve, each with awkward inputs (NaN, infinities,
 * signed zeros, denormals, huge values) and on both sides of the fast paths' range limits; and
 * the narrow phase's SSE kernels (src/simd/manifold_sse.h, compiled into this test as into
 * src/manifold.c) against their scalar references on the same random inputs. */
#include "test_util.h"
/* The library's internal header of its SIMD kernels and their scalar references (src/simd/simd.h):
 * the narrow-phase kernels are compiled into this test as they are into src/manifold.c. */
#include "simd/simd.h"
/* The broad phase's internal header: its pair sweep can be told to take its base path. */
#include "broadphase_internal.h"

static c2d_vec2 V(double x, double y) { return c2d_v2((c2d_real)x, (c2d_real)y); }

static c2d_aabb box_raw(double lx, double ly, double ux, double uy) {
    c2d_aabb b;
    b.lower = V(lx, ly);
    b.upper = V(ux, uy);
    return b;
}

/* ---- inline AABB overlap ---- */

typedef bool (*aabb_pair_fn)(c2d_aabb, c2d_aabb);

/* Through a volatile function pointer, so that the exported definition runs, not the inline one. */
static bool exported_aabb_overlap(c2d_aabb a, c2d_aabb b) {
    volatile aabb_pair_fn f = c2d_aabb_overlap_aabb;
    return f(a, b);
}

static void expect_aabb(c2d_aabb a, c2d_aabb b, bool expected) {
    assert_int_equal(c2d_aabb_overlap_aabb(a, b), expected);
    assert_int_equal(exported_aabb_overlap(a, b), expected);
    assert_int_equal(c2d_aabb_overlap_aabb(b, a), expected);
    assert_int_equal(exported_aabb_overlap(b, a), expected);
}

static void aabb_inline_hand_cases(void **state) {
    const double inf = INFINITY, nan = NAN;
    c2d_aabb unit = box_raw(0, 0, 1, 1);
    (void)state;
    expect_aabb(unit, box_raw(0.5, 0.5, 2, 2), true);
    expect_aabb(unit, box_raw(1, 0, 2, 1), false);            /* shared edge x = 1: touching */
    expect_aabb(unit, box_raw(0.999, 0, 2, 1), true);         /* overlapping by 0.001 */
    expect_aabb(unit, box_raw(0, 1, 1, 2), false);            /* shared edge y = 1 */
    expect_aabb(unit, box_raw(1, 1, 2, 2), false);            /* shared corner */
    expect_aabb(unit, box_raw(0.25, 0.25, 0.75, 0.75), true); /* containment */
    expect_aabb(unit, box_raw(-5, -5, 5, 5), true);
    expect_aabb(unit, box_raw(2, 0, 3, 1), false);
    /* NaN, empty and inverted boxes never overlap anything, not even a box that contains them */
    expect_aabb(box_raw(-5, -5, 5, 5), box_raw(0.5, 0.5, 0.2, 0.7), false); /* inverted x */
    expect_aabb(box_raw(-5, -5, 5, 5), box_raw(0.5, 0.5, 0.5, 0.7), false); /* zero width */
    expect_aabb(box_raw(-5, -5, 5, 5), box_raw(1, 1, -1, -1), false);       /* inverted */
    expect_aabb(box_raw(-5, -5, 5, 5), box_raw(inf, 0, inf, 1), false);     /* empty at +inf */
    expect_aabb(box_raw(-5, -5, 5, 5), box_raw(nan, 0, 1, 1), false);
    expect_aabb(box_raw(-5, -5, 5, 5), box_raw(0, nan, 1, 1), false);
    expect_aabb(box_raw(-5, -5, 5, 5), box_raw(0, 0, nan, 1), false);
    expect_aabb(box_raw(-5, -5, 5, 5), box_raw(0, 0, 1, nan), false);
}

/* Random boxes on a coarse grid (so that touching is common), some inverted or empty: the inline
 * and exported versions agree with each other and with the plain strict-interval test on valid
 * boxes. */
static void aabb_inline_random(void **state) {
    test_rng r = test_rng_make("aabb_inline_random");
    int n = test_iterations(20000), i;
    (void)state;
    for (i = 0; i < n; ++i) {
        double c[8];
        int k;
        c2d_aabb a, b;
        bool valid, expected;
        for (k = 0; k < 8; ++k) c[k] = (double)(int)test_rng_range(&r, -4, 5);
        a = box_raw(c[0], c[1], c[2], c[3]);
        b = box_raw(c[4], c[5], c[6], c[7]);
        valid = c[0] < c[2] && c[1] < c[3] && c[4] < c[6] && c[5] < c[7];
        expected = valid && c[0] < c[6] && c[4] < c[2] && c[1] < c[7] && c[5] < c[3];
        assert_int_equal(c2d_aabb_overlap_aabb(a, b), expected);
        assert_int_equal(exported_aabb_overlap(a, b), expected);
    }
}

/* Every coordinate of an overlapping pair, in turn, set to NaN: never an overlap, in either
 * order, inline or exported. Set to +inf or -inf: the box test trusts its boxes beyond NaN and
 * inversion (collision.h), so it answers as the comparisons do (an upper face at +inf or a lower
 * face at -inf still overlaps, the others make the box empty); the generic layer, the hit and the
 * manifold refuse every one. */
static void aabb_inline_special_values(void **state) {
    const double specials[3] = {NAN, INFINITY, -INFINITY};
    int slot, k;
    (void)state;
    for (slot = 0; slot < 8; ++slot) {
        for (k = 0; k < 3; ++k) {
            double c[8] = {0, 0, 2, 2, 1, 1, 3, 3};
            c2d_aabb a, b;
            c2d_shape sa, sb;
            bool upper = (slot & 3) >= 2, grows = k == 0 ? false : upper ? k == 1 : k == 2;
            c[slot] = specials[k];
            a = box_raw(c[0], c[1], c[2], c[3]);
            b = box_raw(c[4], c[5], c[6], c[7]);
            expect_aabb(a, b, grows);
            sa = c2d_shape_from_aabb(a);
            sb = c2d_shape_from_aabb(b);
            assert_false(c2d_shape_overlap(&sa, &sb));
            assert_false(c2d_shape_overlap(&sb, &sa));
            assert_false(c2d_aabb_hit_aabb(a, b, NULL));
            assert_int_equal(c2d_aabb_manifold_aabb(a, b).count, 0);
            assert_int_equal(c2d_aabb_manifold_aabb(b, a).count, 0);
        }
    }
    expect_aabb(box_raw(0, 0, 2, 2), box_raw(1, 1, 3, 3), true);
}

/* ---- polygon and circle early-outs on both sides of the boundary ---- */

/* Unit square [0,1]^2 as a polygon, shifted by (dx, dy). */
static c2d_polygon square_at(double dx, double dy) {
    static const double xy[8] = {0, 0, 1, 0, 1, 1, 0, 1};
    double p[8];
    int i;
    for (i = 0; i < 4; ++i) {
        p[2 * i] = xy[2 * i] + dx;
        p[2 * i + 1] = xy[2 * i + 1] + dy;
    }
    return poly_n(4, p);
}

static void polygon_boxes_touching(void **state) {
    c2d_polygon a = square_at(0, 0), b;
    c2d_manifold m;
    c2d_hit h;
    (void)state;
    /* sharing the edge x = 1: the bounding boxes touch, nothing overlaps */
    b = square_at(1, 0.25);
    m = c2d_polygon_manifold_polygon(&a, &b);
    assert_int_equal(m.count, 0);
    assert_false(c2d_polygon_hit_polygon(&a, &b, &h));
    assert_false(c2d_polygon_overlap_polygon(&a, &b));
    /* overlapping by 1/64 along x: A is pushed back by exactly that, normal (-1, 0) */
    b = square_at(1 - 1.0 / 64, 0.25);
    m = c2d_polygon_manifold_polygon(&a, &b);
    assert_int_equal(m.count, 2);
    assert_vec_near(m.normal, -1, 0, TOL);
    assert_near(m.points[0].depth, 1.0 / 64, TOL);
    assert_near(m.points[1].depth, 1.0 / 64, TOL);
    assert_true(c2d_polygon_hit_polygon(&a, &b, &h));
    assert_vec_near(h.delta, -1.0 / 64, 0, TOL);
    assert_true(c2d_polygon_overlap_polygon(&a, &b));
    /* far apart: settled by the boxes */
    b = square_at(5, 5);
    assert_int_equal(c2d_polygon_manifold_polygon(&a, &b).count, 0);
}

static void circle_polygon_box_boundary(void **state) {
    c2d_polygon sq = poly_box(0, 0, 1, 1, 0); /* [-1,1]^2 */
    c2d_manifold m;
    c2d_hit h;
    (void)state;
    /* the circle reaching exactly to the face x = 1: touching */
    m = c2d_circle_manifold_polygon(circ(1.75, 0, 0.75), &sq);
    assert_int_equal(m.count, 0);
    assert_false(c2d_circle_hit_polygon(circ(1.75, 0, 0.75), &sq, &h));
    /* 0.25 deep: the point is midway between the surfaces x = 1 and x = 0.75 */
    m = c2d_circle_manifold_polygon(circ(1.5, 0, 0.75), &sq);
    assert_int_equal(m.count, 1);
    assert_vec_near(m.normal, 1, 0, TOL);
    assert_near(m.points[0].depth, 0.25, TOL);
    assert_vec_near(m.points[0].point, 0.875, 0, TOL);
    assert_true(c2d_circle_hit_polygon(circ(1.5, 0, 0.75), &sq, &h));
    assert_vec_near(h.pos, 1, 0, TOL);
    assert_vec_near(h.delta, 0.25, 0, TOL);
    /* in the corner region: the box test passes, the exact distance decides. The corner (1,1) is
     * sqrt(2) * 0.5 = 0.7071 from (1.5, 1.5). */
    assert_int_equal(c2d_circle_manifold_polygon(circ(1.5, 1.5, 0.7), &sq).count, 0);
    m = c2d_circle_manifold_polygon(circ(1.5, 1.5, 0.75), &sq);
    assert_int_equal(m.count, 1);
    assert_vec_near(m.normal, 0.7071067811865476, 0.7071067811865476, TOL);
    assert_near(m.points[0].depth, 0.75 - 0.7071067811865476, TOL);
    /* a point (radius 0) on the face is not inside; just inside is */
    assert_false(c2d_point_hit_polygon(V(1, 0.5), &sq, &h));
    assert_true(c2d_point_hit_polygon(V(0.99, 0.5), &sq, &h));
    assert_vec_near(h.normal, 1, 0, TOL);
    assert_near(h.delta.x, 0.01, TOL);
}

/* ---- circle-polygon: stored normals do not matter ---- */

/* A copy of p whose stored normals are turned by angle (radians). Circle-polygon once trusted
 * stored normals that matched their edges; it now derives every normal from the vertices, and
 * these tests keep checking that turned normals change no answer. */
static c2d_polygon turned_normals(const c2d_polygon *p, double angle) {
    c2d_polygon q = *p;
    c2d_rot rot = c2d_rot_make((c2d_real)angle);
    int i;
    for (i = 0; i < q.count; ++i) q.normals[i] = c2d_rotate(rot, q.normals[i]);
    return q;
}

/* Both sides of the touching boundary on a polygon built by c2d_polygon_make, across a face, at a
 * corner (3-4-5 distances: exact) and for a point near a face (radius 0). Then the same cases with
 * the stored normals turned: the same answers. */
static void circle_polygon_stored_normals_boundary(void **state) {
    /* a 4-vertex build drops the corner (3,5), which no case below comes near */
#if C2D_MAX_POLYGON_VERTICES >= 5
    const c2d_vec2 pts[5] = {V(1, 1), V(5, 1), V(5, 3), V(3, 5), V(1, 3)};
#else
    const c2d_vec2 pts[4] = {V(1, 1), V(5, 1), V(5, 3), V(1, 3)};
#endif
    c2d_polygon made, turned;
    int pass;
    (void)state;
    assert_status(c2d_polygon_make(pts, (int)(sizeof pts / sizeof pts[0]), &made), C2D_OK);
    turned = turned_normals(&made, 1e-2);
    for (pass = 0; pass < 2; ++pass) {
        const c2d_polygon *p = pass ? &turned : &made;
        c2d_manifold m;
        c2d_hit h;
        /* below the face y = 1: touching, then 0.25 deep */
        assert_int_equal(c2d_circle_manifold_polygon(circ(3, 0, 1), p).count, 0);
        assert_false(c2d_circle_hit_polygon(circ(3, 0, 1), p, &h));
        m = c2d_circle_manifold_polygon(circ(3, 0.25, 1), p);
        assert_int_equal(m.count, 1);
        assert_vec_near(m.normal, 0, -1, TOL);
        assert_near(m.points[0].depth, 0.25, TOL);
        assert_vec_near(m.points[0].point, 3, 1.125, TOL);
        /* the corner (5,1) from (8,-3): distance 5 exactly */
        assert_int_equal(c2d_circle_manifold_polygon(circ(8, -3, 5), p).count, 0);
        m = c2d_circle_manifold_polygon(circ(8, -3, 5.5), p);
        assert_int_equal(m.count, 1);
        assert_vec_near(m.normal, 0.6, -0.8, TOL);
        assert_near(m.points[0].depth, 0.5, TOL);
        /* the corner (1,1) from (-2,-3) with the next corner's edge near: still the corner */
        assert_int_equal(c2d_circle_manifold_polygon(circ(-2, -3, 5), p).count, 0);
        assert_int_equal(c2d_circle_manifold_polygon(circ(-2, -3, 5.001), p).count, 1);
        /* center inside, nearest face x = 5 (0.5 away): out through it */
        m = c2d_circle_manifold_polygon(circ(4.5, 2, 0.25), p);
        assert_int_equal(m.count, 1);
        assert_vec_near(m.normal, 1, 0, pass ? 1e-3 : TOL);
        assert_near(m.points[0].depth, 0.75, pass ? 1e-3 : TOL);
        /* points near the face x = 5: on it, and inside by 2^-12, 2^-16 and 2^-20 of its length */
        assert_false(c2d_point_hit_polygon(V(5, 2), p, &h));
        assert_true(c2d_point_hit_polygon(V(5 - 1.0 / 4096, 2), p, &h));
        assert_true(c2d_point_hit_polygon(V(5 - 1.0 / 65536, 2), p, &h));
        assert_true(c2d_point_hit_polygon(V(5 - 1.0 / 1048576, 2), p, &h));
        assert_false(c2d_point_hit_polygon(V(5 + 1.0 / 1048576, 2), p, &h));
#if C2D_MAX_POLYGON_VERTICES >= 5 /* the slanted face is the pentagon's */
        /* a circle reaching just past the slanted face from outside, and just short of it: its
         * exact distance is (8 - x - y) / sqrt(2) for a center (x, y) beyond it */
        assert_int_equal(c2d_circle_manifold_polygon(circ(4, 5, 0.7), p).count, 0);
        assert_int_equal(c2d_circle_manifold_polygon(circ(4, 5, 0.71), p).count, 1);
#endif
    }
}

/* What a trusting query still promises for any polygon (collision.h): one or two points, a unit
 * normal, finite values and a positive depth. */
static void assert_manifold_sane(const c2d_manifold *m) {
    int i;
    assert_true(m->count == 1 || m->count == 2);
    assert_true(isfinite((double)m->normal.x) && isfinite((double)m->normal.y));
    assert_true(fabs(hypot((double)m->normal.x, (double)m->normal.y) - 1) <= 1e-3);
    for (i = 0; i < m->count; ++i) {
        assert_true(isfinite((double)m->points[i].point.x) && isfinite((double)m->points[i].point.y));
        assert_true(isfinite((double)m->points[i].depth) && m->points[i].depth > 0);
    }
}

/* Wrong stored normals on otherwise valid vertices. The manifold trusts its polygon and does not
 * read them (collision.h): a NaN normal gives a finite manifold, in SSE builds the very manifold of
 * the polygon with its right normals; the hit (which checks) gives nothing. Zero, reversed or turned
 * normals are not used and the answers agree with the exact overlap test. */
static void circle_polygon_untrusted_normals(void **state) {
    c2d_polygon sq = poly_box(0, 0, 1, 1, 0), p;
    c2d_hit h;
    int i;
    (void)state;
    p = sq;
    p.normals[2].y = (c2d_real)NAN;
    for (i = 0; i < 2; ++i) {
        c2d_circle c = i == 0 ? circ(0, 0, 0.5) : circ(1.25, 0, 0.5);
        c2d_manifold m = c2d_circle_manifold_polygon(c, &p), good = c2d_circle_manifold_polygon(c, &sq);
        assert_int_equal(good.count, 1);
        assert_false(c2d_circle_hit_polygon(c, &p, &h));
        if (m.count) assert_manifold_sane(&m);
#ifdef POLY_SSE
        assert_memory_equal(&m, &good, sizeof m);
#endif
    }
    p = sq;
    p.normals[1] = V(0, 0);
    assert_int_equal(c2d_circle_manifold_polygon(circ(1.5, 0, 0.5), &p).count, 0);
    assert_int_equal(c2d_circle_manifold_polygon(circ(1.25, 0, 0.5), &p).count, 1);
    for (i = 0; i < 4; ++i) p.normals[i] = c2d_neg(sq.normals[i]);
    assert_int_equal(c2d_circle_manifold_polygon(circ(1.5, 0, 0.5), &p).count, 0);
    assert_int_equal(c2d_circle_manifold_polygon(circ(1.25, 0, 0.5), &p).count, 1);
    assert_int_equal(c2d_circle_manifold_polygon(circ(0.5, 0.25, 0.1), &p).count, 1);
    p = turned_normals(&sq, 0.3);
    assert_int_equal(c2d_circle_manifold_polygon(circ(1.5, 0, 0.5), &p).count, 0);
    assert_int_equal(c2d_circle_manifold_polygon(circ(1.25, 0, 0.5), &p).count, 1);
}

/* A random convex polygon of 3 to 8 vertices and size (its radius, 0.2 to 3) about its origin,
 * turned and placed up to far_max from the world origin. False when c2d_polygon_make rejects it. */
static bool random_placed_polygon(test_rng *r, double far_max, c2d_polygon *p, double *size_out) {
    c2d_vec2 pts[C2D_MAX_POLYGON_VERTICES];
    c2d_polygon local;
    int k, count = 3 + (int)(test_rng_next(r) % (C2D_MAX_POLYGON_VERTICES - 2));
    double far = test_rng_range(r, 0, far_max), ang = test_rng_range(r, 0, 6.283185307), size = test_rng_range(r, 0.2, 3);
    for (k = 0; k < count; ++k) {
        double t = 6.283185307 * (k + test_rng_range(r, 0.1, 0.9)) / count;
        pts[k] = V(size * cos(t) * test_rng_range(r, 0.5, 1.0), size * sin(t) * test_rng_range(r, 0.5, 1.0));
    }
    if (c2d_polygon_make(pts, count, &local) != C2D_OK) return false;
    *p = c2d_polygon_transform(&local, c2d_transform_make(V(far * cos(ang), far * sin(ang)), (c2d_real)test_rng_range(r, 0, 6.3)));
    *size_out = size;
    return true;
}

/* Check once, then trust: c2d_circle_manifold_polygon trusts its polygon (it skips the range,
 * normal and winding checks), c2d_circle_hit_polygon and c2d_circle_overlap_polygon check it. On
 * polygons from c2d_polygon_make, placed by c2d_polygon_transform up to 1000 from the origin, the
 * three agree for every circle (count 1 exactly when there is a hit and an overlap), and the
 * manifold's normal is the hit's and its depth the hit's push-out. Half the circles have a radius
 * within 4 rounding units of their distance to the polygon (c2d_shape_distance), so that unsure
 * calls are common (circle_polygon_stored_matches_derived places them about touching). */
static void circle_polygon_trusted_agrees(void **state) {
    test_rng r = test_rng_make("circle_polygon_trusted_agrees");
    int iters = test_iterations(20000), it, hits = 0, misses = 0;
    (void)state;
    for (it = 0; it < iters; ++it) {
        c2d_polygon p;
        double size;
        c2d_vec2 far;
        c2d_circle c;
        c2d_manifold m;
        c2d_hit h;
        bool hit, ov;
        int k;
        if (!random_placed_polygon(&r, test_rng_next(&r) % 2 ? 1000 : 10, &p, &size)) continue;
        k = (int)(test_rng_next(&r) % (unsigned)p.count);
        far = c2d_add(p.vertices[k], c2d_scale(c2d_normalize(c2d_sub(p.vertices[k], p.centroid)), (c2d_real)test_rng_range(&r, -0.5, 0.5) * (c2d_real)size));
        c.center = far;
        c.radius = (c2d_real)(size * test_rng_range(&r, 0.05, 1));
        if (test_rng_next(&r) % 2) { /* a radius at the distance to the polygon, within rounding */
            c2d_distance_result d;
            c2d_shape sc = c2d_shape_from_point(c.center), sp = c2d_shape_from_polygon(&p);
            d = c2d_shape_distance(&sc, &sp);
            if (d.distance > 0) c.radius = d.distance * (c2d_real)(1 + test_rng_range(&r, -4, 4) * (double)C2D_EPSILON);
            if (!(c.radius >= (c2d_real)C2D_MIN_SIZE)) continue;
        }
        m = c2d_circle_manifold_polygon(c, &p);
        hit = c2d_circle_hit_polygon(c, &p, &h);
        ov = c2d_circle_overlap_polygon(c, &p);
        if (m.count != (int)hit || hit != ov)
            printf("circle (%.9g %.9g) r %.9g: manifold %d, hit %d, overlap %d\n", (double)c.center.x, (double)c.center.y, (double)c.radius, m.count,
                   (int)hit, (int)ov);
        assert_int_equal(m.count, (int)hit);
        assert_int_equal(hit, ov);
        if (hit) {
            double tol = 64 * (double)C2D_EPSILON * (size + fabs((double)c.center.x) + fabs((double)c.center.y));
            ++hits;
            assert_manifold_sane(&m);
            assert_true(fabs((double)m.normal.x - (double)h.normal.x) <= 1e-3 && fabs((double)m.normal.y - (double)h.normal.y) <= 1e-3);
            assert_true(fabs((double)m.points[0].depth - hypot((double)h.delta.x, (double)h.delta.y)) <= tol + 1e-3 * (double)m.points[0].depth);
        } else {
            ++misses;
        }
    }
    printf("circle_polygon_trusted_agrees: %d hits, %d misses\n", hits, misses);
    assert_true(hits > iters / 10 && misses > iters / 10);
}

/* What a hand-made polygon gets from the trusting manifold (collision.h), under ASan in
 * make check-asan: any bit pattern in the vertices and normals, any count. A count outside
 * 3..C2D_MAX_POLYGON_VERTICES gives count 0; a vertex that is not finite gives count 0; anything
 * else gives count 0 or 1 with a unit normal, finite values and a positive depth, and nothing is
 * read past the count (the polygon sits at the end of a heap block of exactly its size). */
static void circle_polygon_trusted_hand_made(void **state) {
    test_rng r = test_rng_make("circle_polygon_trusted_hand_made");
    int iters = test_iterations(20000), it, hits = 0;
    (void)state;
    for (it = 0; it < iters; ++it) {
        c2d_polygon *p = (c2d_polygon *)malloc(sizeof *p);
        c2d_manifold m;
        c2d_circle c = circ(test_rng_range(&r, -2, 2), test_rng_range(&r, -2, 2), test_rng_range(&r, 0.1, 2));
        int i, n = (int)(test_rng_next(&r) % (C2D_MAX_POLYGON_VERTICES + 3)), nonfinite = 0;
        assert_non_null(p);
        memset(p, 0, sizeof *p);
        for (i = 0; i < C2D_MAX_POLYGON_VERTICES; ++i) {
            unsigned kind = (unsigned)(test_rng_next(&r) % 16);
            double x = test_rng_range(&r, -2, 2), y = test_rng_range(&r, -2, 2);
            if (kind == 0) x = NAN;
            else if (kind == 1) y = INFINITY;
            else if (kind == 2) x = 1e30;
            else if (kind == 3) y = -3e38;
            p->vertices[i] = V(x, y);
            if (i < n && !(isfinite((double)p->vertices[i].x) && isfinite((double)p->vertices[i].y))) nonfinite = 1;
            kind = (unsigned)(test_rng_next(&r) % 8);
            p->normals[i] = kind == 0 ? V(NAN, 0) : kind == 1 ? V(0, 0) : kind == 2 ? V(1e30, -INFINITY) : V(test_rng_range(&r, -1, 1), test_rng_range(&r, -1, 1));
        }
        p->count = n;
        m = c2d_circle_manifold_polygon(c, p);
        if (n < 3 || n > C2D_MAX_POLYGON_VERTICES || nonfinite) assert_int_equal(m.count, 0);
        else if (m.count) {
            ++hits;
            assert_int_equal(m.count, 1);
            assert_manifold_sane(&m);
        }
        m = c2d_circle_manifold_polygon_xf(c, p, c2d_transform_make(V(0.5, -0.25), 0.7f));
        if (n < 3 || n > C2D_MAX_POLYGON_VERTICES || nonfinite) assert_int_equal(m.count, 0);
        else if (m.count) assert_manifold_sane(&m);
        free(p);
    }
    printf("circle_polygon_trusted_hand_made: %d manifolds of %d hand-made polygons\n", hits, iters);
    assert_true(hits > 0);
}

/* Random polygons (3 to 8 vertices, made and then placed by c2d_polygon_transform up to 1000
 * from the origin) against circles placed about touching: the manifold and the hit agree with the
 * exact overlap test, and with the same polygon whose normals are turned (same count, depths and
 * normals); points (radius 0) agree with the strict containment test. */
static void circle_polygon_stored_matches_derived(void **state) {
    test_rng r = test_rng_make("circle_polygon_stored_matches_derived");
    int n = test_iterations(20000), i, hits = 0, inside = 0;
    (void)state;
    for (i = 0; i < n; ++i) {
        double size;
        c2d_polygon p, q;
        c2d_circle c;
        c2d_manifold m, mq;
        c2d_hit h;
        bool o;
        if (!random_placed_polygon(&r, 1000, &p, &size)) continue;
        q = turned_normals(&p, 1e-2);
        {
            double d = size * test_rng_range(&r, 0, 2.2), a2 = test_rng_range(&r, 0, 6.283185307);
            c.center = V((double)p.centroid.x + d * cos(a2), (double)p.centroid.y + d * sin(a2));
            c.radius = (c2d_real)(size * test_rng_range(&r, 0.001, 1.0));
        }
        o = c2d_circle_overlap_polygon(c, &p);
        m = c2d_circle_manifold_polygon(c, &p);
        mq = c2d_circle_manifold_polygon(c, &q);
        assert_int_equal(m.count, o ? 1 : 0);
        assert_int_equal(mq.count, m.count);
        assert_int_equal(c2d_circle_hit_polygon(c, &p, &h), o);
        if (o) {
            double tol = 1e-3 * (size + (double)c.radius);
            ++hits;
            assert_true(m.points[0].depth > 0 && isfinite((double)m.points[0].depth));
            assert_near(c2d_len(m.normal), 1, 1e-4);
            assert_near(m.points[0].depth, mq.points[0].depth, tol);
            /* the two paths may pick different faces only when their depths tie */
            if (fabs((double)c2d_dot(m.normal, mq.normal) - 1) > 1e-3) assert_near(m.points[0].depth, mq.points[0].depth, 1e-4 * size);
            assert_near(h.delta.x, m.normal.x * m.points[0].depth, tol);
            assert_near(h.delta.y, m.normal.y * m.points[0].depth, tol);
        }
        /* the center as a point */
        o = c2d_polygon_contains_point(&p, c.center);
        inside += o;
        assert_int_equal(c2d_point_hit_polygon(c.center, &p, &h), o);
        assert_int_equal(c2d_point_hit_polygon(c.center, &q, &h), o);
    }
    assert_true(hits > n / 10 && hits < n - n / 10);
    assert_true(inside > n / 20);
}

/* ---- circle-polygon: the exact separating-edge miss first, checks only before a hit ---- */

/* Both sides of each boundary the circle-polygon path decides on its own: an edge line that keeps
 * the circle exactly r away (the exact test's first step: a miss), the same face reached by a
 * little more, and a corner region where no edge line separates and the vertex distance decides
 * (3-4-5 distances in eighths: exact). Then bad polygons, placed both clear of the circle (a miss,
 * whatever the polygon holds) and over it (never a hit). */
static void circle_polygon_exact_miss_boundary(void **state) {
    const c2d_polygon sq = poly_box(0, 0, 1, 1, 0); /* [-1,1]^2 */
    c2d_polygon p;
    c2d_manifold m;
    c2d_hit h;
    const double eps = 1.0 / 1024;
    int i;
    (void)state;
    /* the line x = 1 keeps the circle exactly 0.5 away: touching, count 0 */
    assert_int_equal(c2d_circle_manifold_polygon(circ(1.5, 0.5, 0.5), &sq).count, 0);
    assert_false(c2d_circle_hit_polygon(circ(1.5, 0.5, 0.5), &sq, &h));
    assert_false(c2d_circle_overlap_polygon(circ(1.5, 0.5, 0.5), &sq));
    /* beyond the edge's end along its line: the line still separates, exactly */
    assert_int_equal(c2d_circle_manifold_polygon(circ(3, 5, 2), &sq).count, 0);
    /* eps deeper: across the face */
    m = c2d_circle_manifold_polygon(circ(1.5, 0.5, 0.5 + eps), &sq);
    assert_int_equal(m.count, 1);
    assert_vec_near(m.normal, 1, 0, TOL);
    assert_near(m.points[0].depth, eps, TOL);
    assert_vec_near(m.points[0].point, 1 - eps / 2, 0.5, TOL);
    assert_true(c2d_circle_hit_polygon(circ(1.5, 0.5, 0.5 + eps), &sq, &h));
    assert_vec_near(h.delta, eps, 0, TOL);
    /* corner (1,1) at (0.375, 0.5) from the center: distance 0.625 exactly; no edge line
     * separates (the lines are 0.375 and 0.5 away), so the vertex decides */
    assert_int_equal(c2d_circle_manifold_polygon(circ(1.375, 1.5, 0.625), &sq).count, 0);
    assert_false(c2d_circle_hit_polygon(circ(1.375, 1.5, 0.625), &sq, &h));
    assert_false(c2d_circle_overlap_polygon(circ(1.375, 1.5, 0.625), &sq));
    m = c2d_circle_manifold_polygon(circ(1.375, 1.5, 0.625 + eps), &sq);
    assert_int_equal(m.count, 1);
    assert_vec_near(m.normal, 0.6, 0.8, TOL);
    assert_near(m.points[0].depth, eps, TOL);
    assert_true(c2d_circle_overlap_polygon(circ(1.375, 1.5, 0.625 + eps), &sq));
    /* a center inside, nearest the face x = 1 (0.5 away): out through it */
    m = c2d_circle_manifold_polygon(circ(0.5, 0.25, 0.125), &sq);
    assert_int_equal(m.count, 1);
    assert_vec_near(m.normal, 1, 0, TOL);
    assert_near(m.points[0].depth, 0.625, TOL);
    /* the same with stored normals that are finite but wrong (zero, reversed): they are not used */
    for (i = 0; i < 2; ++i) {
        int j;
        p = sq;
        for (j = 0; j < 4; ++j) p.normals[j] = i == 0 ? V(0, 0) : c2d_neg(sq.normals[j]);
        m = c2d_circle_manifold_polygon(circ(0.5, 0.25, 0.125), &p);
        assert_int_equal(m.count, 1);
        assert_vec_near(m.normal, 1, 0, TOL);
        assert_near(m.points[0].depth, 0.625, TOL);
        assert_int_equal(c2d_circle_manifold_polygon(circ(1.375, 1.5, 0.625), &p).count, 0);
        assert_int_equal(c2d_circle_manifold_polygon(circ(1.375, 1.5, 0.625 + eps), &p).count, 1);
    }
    /* bad polygons: a miss when clear of the circle, never a hit over it */
    for (i = 0; i < 7; ++i) {
        p = sq;
        switch (i) {
        case 0: p.vertices[2].x = (c2d_real)NAN; break;
        case 1: p.vertices[2].y = (c2d_real)INFINITY; break;
        case 2: p.vertices[2] = V(2e15, 2e15); break; /* beyond C2D_MAX_COORD in float builds */
        case 3: p.normals[1].x = (c2d_real)NAN; break;
        case 4: p.normals[3].y = (c2d_real)-INFINITY; break;
        case 5: {
            c2d_vec2 t = p.vertices[1];
            p.vertices[1] = p.vertices[3];
            p.vertices[3] = t;
        } break; /* clockwise */
        default:
            p.vertices[1] = p.vertices[0];
            p.vertices[2] = p.vertices[0];
            p.vertices[3] = p.vertices[0];
            break; /* collapsed */
        }
#ifdef C2D_DOUBLE
        if (i == 2) p.vertices[2] = V(2e100, 2e100);
#endif
        assert_false(c2d_circle_hit_polygon(circ(0, 0, 0.5), &p, &h));
        assert_false(c2d_circle_overlap_polygon(circ(0, 0, 0.5), &p));
        assert_false(c2d_point_hit_polygon(V(0.25, 0.25), &p, &h));
        assert_int_equal(c2d_circle_manifold_polygon(circ(-5, 0, 0.5), &p).count, 0); /* clear miss */
        {
            /* the manifold trusts its polygon (collision.h): count 0 for a vertex that is not finite
             * and for the collapsed polygon (edges too short to measure); an unspecified count with
             * sane values for the others (out of range, bad normals, clockwise) */
            c2d_manifold m[3];
            int j;
            m[0] = c2d_circle_manifold_polygon(circ(0, 0, 0.5), &p);
            m[1] = c2d_circle_manifold_polygon(circ(0.5, 0.25, 2), &p);
            m[2] = c2d_circle_manifold_polygon_xf(circ(0, 0, 0.5), &p, c2d_transform_identity());
            for (j = 0; j < 3; ++j) {
                if (i == 0 || i == 1 || i == 6) assert_int_equal(m[j].count, 0);
                else if (m[j].count) assert_manifold_sane(&m[j]);
            }
        }
    }
    /* counts out of range, and a bad circle over a good polygon */
    p = sq;
    p.count = 2;
    assert_int_equal(c2d_circle_manifold_polygon(circ(0, 0, 0.5), &p).count, 0);
    p.count = C2D_MAX_POLYGON_VERTICES + 1;
    assert_int_equal(c2d_circle_manifold_polygon(circ(0, 0, 0.5), &p).count, 0);
    {
        /* hand-made circles (c2d_circle_make would refuse them) */
        const double bad[5][3] = {{0, 0, 0}, {0, 0, -1}, {0, 0, NAN}, {NAN, 0, 0.5}, {0, 0, 2e15}};
        for (i = 0; i < 5; ++i) {
            c2d_circle c;
            c.center = V(bad[i][0], bad[i][1]);
            c.radius = (c2d_real)bad[i][2];
#ifdef C2D_DOUBLE
            if (i == 4) c.radius = 2e100;
#endif
            assert_int_equal(c2d_circle_manifold_polygon(c, &sq).count, 0);
            assert_false(c2d_circle_hit_polygon(c, &sq, &h));
            assert_int_equal(c2d_circle_manifold_polygon_xf(c, &sq, c2d_transform_identity()).count, 0);
        }
    }
}

/* Random polygons (3 to 8 vertices, placed up to 100 from the origin) against circles about
 * touching and overlapping: the manifold agrees with the exact overlap test and the hit, and its
 * depth and normal with the general rounded-polygon path (a zero-length capsule, which runs the
 * separating-axis code of rs_contact) within rounding, so a wrong nearest feature (face against
 * vertex region, the wrong face) would show. */
static void circle_polygon_matches_general_path(void **state) {
    test_rng r = test_rng_make("circle_polygon_matches_general_path");
    int n = test_iterations(20000), i, hits = 0, inside = 0, outside = 0;
    (void)state;
    for (i = 0; i < n; ++i) {
        double size;
        c2d_polygon p;
        c2d_circle c;
        c2d_capsule cap;
        c2d_manifold m;
        c2d_hit h, g;
        bool o;
        if (!random_placed_polygon(&r, 100, &p, &size)) continue;
        {
            double d = size * test_rng_range(&r, 0, 2.2), a2 = test_rng_range(&r, 0, 6.283185307);
            c.center = V((double)p.centroid.x + d * cos(a2), (double)p.centroid.y + d * sin(a2));
            c.radius = (c2d_real)(size * test_rng_range(&r, 0.01, 1.0));
        }
        o = c2d_circle_overlap_polygon(c, &p);
        m = c2d_circle_manifold_polygon(c, &p);
        assert_int_equal(m.count, o ? 1 : 0);
        assert_int_equal(c2d_circle_hit_polygon(c, &p, &h), o);
        cap.p1 = cap.p2 = c.center;
        cap.radius = c.radius;
        if (o && c2d_capsule_hit_polygon(cap, &p, &g)) {
            double far = hypot((double)p.centroid.x, (double)p.centroid.y); /* the placement, to within size */
            double tol = 1e-4 * (size + (double)c.radius + 1e-3 * far);
            double depth = (double)c2d_len(g.delta);
            ++hits;
            inside += c2d_polygon_contains_point(&p, c.center);
            assert_true(m.points[0].depth > 0 && isfinite((double)m.points[0].depth));
            assert_near(c2d_len(m.normal), 1, 1e-4);
            assert_near(m.points[0].depth, depth, tol);
            /* the same direction, unless two features are equally near (then the depths agree) */
            if (fabs((double)c2d_dot(m.normal, g.normal) - 1) > 1e-3) {
                assert_true(depth > 1e-3 * size);
                assert_near(m.points[0].depth, depth, 1e-4 * size);
            } else if (!c2d_polygon_contains_point(&p, c.center)) {
                /* outside: the contact point lies on the polygon's surface along the normal */
                c2d_vec2 surf = c2d_sub(c.center, c2d_scale(m.normal, c.radius - m.points[0].depth));
                ++outside;
                assert_near(c2d_dist(h.pos, surf), 0, tol);
            }
            assert_near(h.delta.x, m.normal.x * m.points[0].depth, tol);
            assert_near(h.delta.y, m.normal.y * m.points[0].depth, tol);
        }
    }
    /* the placement covers the cases: overlaps with the center inside and outside */
    assert_true(hits > n / 10);
    assert_true(inside > n / 20 && inside < hits - n / 20);
    assert_true(outside > n / 50);
}

/* ---- far from the origin: transformed polygons whose normals no longer match the vertices ---- */

/* Polygons built near the origin and moved far away by c2d_polygon_transform: their vertices are
 * rounded at the far position while their normals are only rotated, so stored normals and edges
 * disagree by far more than rounding. Manifold, hit and overlap must still agree, also for pairs
 * close to touching. */
static void far_transformed_polygons_agree(void **state) {
    test_rng r = test_rng_make("far_transformed_polygons_agree");
#ifdef C2D_DOUBLE
    const double far = 1e12;
#else
    const double far = 3e4;
#endif
    int n = test_iterations(3000), i, hits = 0;
    (void)state;
    for (i = 0; i < n; ++i) {
        c2d_vec2 pts[C2D_MAX_POLYGON_VERTICES];
        int k, count = 3 + (int)(test_rng_next(&r) % (C2D_MAX_POLYGON_VERTICES - 2)), j;
        c2d_polygon local, pa, pb;
        c2d_transform xa, xb;
        double ang = test_rng_range(&r, 0, 6.283185307), gap;
        c2d_circle c;
        bool o, oc;
        c2d_manifold m;
        c2d_hit h;
        for (k = 0; k < count; ++k) {
            double t = 6.283185307 * (k + test_rng_range(&r, 0.1, 0.9)) / count;
            pts[k] = V(cos(t) * test_rng_range(&r, 0.9, 1.0), sin(t) * test_rng_range(&r, 0.9, 1.0));
        }
        assert_status(c2d_polygon_make(pts, count, &local), C2D_OK);
        xb = c2d_transform_make(V(far, -far), (c2d_real)test_rng_range(&r, 0, 6.3));
        /* A's center at a distance near 2 (about touching for these sizes) in a random direction */
        /* (triangles and quadrilaterals alone, in a 4-vertex build, reach less far: nearer) */
        gap = C2D_MAX_POLYGON_VERTICES >= 5 ? test_rng_range(&r, 1.6, 2.2) : test_rng_range(&r, 1.1, 1.7);
        xa = c2d_transform_make(V(far + gap * cos(ang), -far + gap * sin(ang)), (c2d_real)test_rng_range(&r, 0, 6.3));
        pa = c2d_polygon_transform(&local, xa);
        pb = c2d_polygon_transform(&local, xb);
        o = c2d_polygon_overlap_polygon(&pa, &pb);
        m = c2d_polygon_manifold_polygon(&pa, &pb);
        assert_int_equal(m.count > 0, o);
        assert_int_equal(c2d_polygon_hit_polygon(&pa, &pb, &h), o);
        if (o) {
            ++hits;
            assert_hit_finite(h);
            for (j = 0; j < m.count; ++j) assert_true(m.points[j].depth > 0);
        }
        /* a circle near B's boundary */
        c.center = V(far + gap * 0.6 * cos(ang), -far + gap * 0.6 * sin(ang));
        c.radius = (c2d_real)test_rng_range(&r, 0.05, 0.6);
        oc = c2d_circle_overlap_polygon(c, &pb);
        assert_int_equal(c2d_circle_manifold_polygon(c, &pb).count > 0, oc);
        assert_int_equal(c2d_circle_hit_polygon(c, &pb, &h), oc);
    }
    /* the placement straddles the boundary: both answers occur */
    assert_true(hits > n / 10 && hits < n - n / 10);
}

/* ---- edges too short to normalise: the scalar fallback of the vector loaders ---- */

static void short_edge_polygon(void **state) {
#ifdef C2D_DOUBLE
    const double tiny = 1e-160;
#else
    const double tiny = 1e-20;
#endif
    c2d_polygon p;
    c2d_manifold m;
    c2d_hit h;
    int i;
    (void)state;
    /* (0,0) -> (tiny,0) -> (1,1) -> (0,1): the first edge's squared length underflows, so that
     * edge keeps its stored normal (0,-1) */
    memset(&p, 0, sizeof p);
    p.count = 4;
    p.vertices[0] = V(0, 0);
    p.vertices[1] = V(tiny, 0);
    p.vertices[2] = V(1, 1);
    p.vertices[3] = V(0, 1);
    for (i = 0; i < 4; ++i) p.normals[i] = c2d_normalize(c2d_right_perp(c2d_sub(p.vertices[(i + 1) % 4], p.vertices[i])));
    p.normals[0] = V(0, -1);
    p.centroid = V(0.4, 0.5);
    /* a circle straight below the corner at the origin, 0.1 deep: the short face separates best,
     * and the corner's region gives the normal */
    m = c2d_circle_manifold_polygon(circ(0, -0.4, 0.5), &p);
    assert_int_equal(m.count, 1);
    assert_vec_near(m.normal, 0, -1, TOL);
    assert_near(m.points[0].depth, 0.1, TOL);
    assert_true(c2d_circle_hit_polygon(circ(0, -0.4, 0.5), &p, &h));
    assert_hit_finite(h);
    assert_vec_near(h.delta, 0, -0.1, TOL);
    assert_int_equal(c2d_circle_manifold_polygon(circ(0, -0.5, 0.5), &p).count, 0); /* touching */
    /* a small box wholly inside, and one wholly outside: manifolds agree with overlap either way */
    {
        c2d_polygon in_box = poly_box(0.2, 0.6, 0.1, 0.1, 0), out_box = poly_box(0.8, 0.2, 0.1, 0.1, 0);
        m = c2d_polygon_manifold_polygon(&in_box, &p);
        assert_true(m.count > 0);
        assert_true(c2d_polygon_overlap_polygon(&in_box, &p));
        for (i = 0; i < m.count; ++i) assert_true(m.points[i].depth > 0 && isfinite((double)m.points[i].depth));
        m = c2d_polygon_manifold_polygon(&p, &in_box);
        assert_true(m.count > 0);
        assert_true(c2d_polygon_overlap_polygon(&p, &in_box)); /* the short edge vanishes in in_box's frame */
        assert_int_equal(c2d_polygon_manifold_polygon(&out_box, &p).count, 0);
        assert_false(c2d_polygon_overlap_polygon(&out_box, &p));
    }
}

/* ---- circles ---- */

static void circle_circle_direct(void **state) {
    c2d_manifold m;
    c2d_hit h;
    (void)state;
    /* centers 3 apart, radii 1 and 2.5: 0.5 deep, normal from B toward A */
    m = c2d_circle_manifold_circle(circ(3, 0, 1), circ(0, 0, 2.5));
    assert_int_equal(m.count, 1);
    assert_vec_near(m.normal, 1, 0, TOL);
    assert_near(m.points[0].depth, 0.5, TOL);
    assert_vec_near(m.points[0].point, 2.25, 0, TOL); /* midway between x = 2.5 and x = 2 */
    assert_true(c2d_circle_hit_circle(circ(0, 3, 1), circ(0, 0, 2.5), &h));
    assert_vec_near(h.normal, 0, 1, TOL);
    assert_vec_near(h.pos, 0, 2.5, TOL);
    assert_vec_near(h.delta, 0, 0.5, TOL);
    /* exactly touching: nothing */
    assert_int_equal(c2d_circle_manifold_circle(circ(3.5, 0, 1), circ(0, 0, 2.5)).count, 0);
    assert_false(c2d_circle_hit_circle(circ(3.5, 0, 1), circ(0, 0, 2.5), &h));
    /* concentric: pushed out along +x by the sum of the radii */
    m = c2d_circle_manifold_circle(circ(7, 7, 1), circ(7, 7, 2));
    assert_int_equal(m.count, 1);
    assert_vec_near(m.normal, 1, 0, 0);
    assert_near(m.points[0].depth, 3, TOL);
    /* bad radii never hit */
    assert_int_equal(c2d_circle_manifold_circle(circ(0, 0, 1), (c2d_circle){V(0.5, 0), (c2d_real)-1}).count, 0);
    assert_int_equal(c2d_circle_manifold_circle(circ(0, 0, 1), (c2d_circle){V(0.5, 0), (c2d_real)INFINITY}).count, 0);
}

/* ---- c2d_polygon_transform: the vector form against the scalar formulas ---- */

static bool same_bits(c2d_vec2 a, c2d_vec2 b) { return memcmp(&a, &b, sizeof a) == 0; }

/* Random polygons of 3 to C2D_MAX_POLYGON_VERTICES vertices (every count occurs) under random
 * transforms: every vertex, normal and the centroid are bit-identical to c2d_transform_point and
 * c2d_rotate (the rotation is kept exactly as made, below the renormalising threshold), the count
 * is kept and every unused slot is zero, also when the input's unused slots hold garbage. */
static void polygon_transform_matches_scalar(void **state) {
    test_rng r = test_rng_make("polygon_transform_matches_scalar");
    int n = test_iterations(5000), i;
    (void)state;
    for (i = 0; i < n; ++i) {
        c2d_vec2 pts[C2D_MAX_POLYGON_VERTICES];
        int count = 3 + i % (C2D_MAX_POLYGON_VERTICES - 2), k;
        double scale = test_rng_range(&r, 0.01, 100), far = test_rng_range(&r, 0, 1) < 0.5 ? 10 : 1e4;
        c2d_polygon local, w;
        c2d_transform xf;
        for (k = 0; k < count; ++k) {
            double t = 6.283185307 * (k + test_rng_range(&r, 0.1, 0.9)) / count;
            pts[k] = V(scale * cos(t), scale * sin(t));
        }
        if (c2d_polygon_make(pts, count, &local) != C2D_OK || local.count != count) continue;
        for (k = count; k < C2D_MAX_POLYGON_VERTICES; ++k) {
            local.vertices[k] = V(NAN, 1e30);
            local.normals[k] = V(-INFINITY, 3);
        }
        xf = c2d_transform_make(V(test_rng_range(&r, -far, far), test_rng_range(&r, -far, far)), (c2d_real)test_rng_range(&r, -4, 4));
        w = c2d_polygon_transform(&local, xf);
        assert_int_equal(w.count, count);
        if (fabs((double)(xf.q.c * xf.q.c + xf.q.s * xf.q.s) - 1) > 4 * C2D_EPSILON) continue; /* renormalised */
        for (k = 0; k < count; ++k) {
            assert_true(same_bits(w.vertices[k], c2d_transform_point(xf, local.vertices[k])));
            assert_true(same_bits(w.normals[k], c2d_rotate(xf.q, local.normals[k])));
        }
        for (; k < C2D_MAX_POLYGON_VERTICES; ++k) {
            assert_true(w.vertices[k].x == 0 && w.vertices[k].y == 0 && w.normals[k].x == 0 && w.normals[k].y == 0);
        }
        assert_true(same_bits(w.centroid, c2d_transform_point(xf, local.centroid)));
        /* and the library's own reference (the scalar loop that builds without SSE run) */
        {
            c2d_polygon ref;
            memset(&ref, 0x55, sizeof ref);
            c2d_ref_polygon_transform(&ref, &local, xf, count);
            assert_memory_equal(ref.vertices, w.vertices, sizeof w.vertices);
            assert_memory_equal(ref.normals, w.normals, sizeof w.normals);
            assert_true(same_bits(ref.centroid, w.centroid));
            assert_int_equal(ref.count, w.count);
        }
    }
}

/* ---- manifolds of polygons placed by transforms (the _xf queries) ---- */

static c2d_transform xf_make(double x, double y, double angle) { return c2d_transform_make(V(x, y), (c2d_real)angle); }

/* Hand cases on both sides of the touching boundary (translations and quarter turns that are
 * exact), and transforms that are not usable. */
static void xf_manifolds_hand(void **state) {
    c2d_polygon unit = poly_box(0, 0, 1, 1, 0); /* [-1,1]^2 in its local frame */
    c2d_transform at = xf_make(10, 20, 0), bad;
    c2d_manifold m;
    (void)state;
    /* circle right of the box placed at (10,20): touching at x = 11.5 - 0.5, then 0.25 deep */
    assert_int_equal(c2d_circle_manifold_polygon_xf(circ(11.5, 20, 0.5), &unit, at).count, 0);
    m = c2d_circle_manifold_polygon_xf(circ(11.25, 20, 0.5), &unit, at);
    assert_int_equal(m.count, 1);
    assert_vec_near(m.normal, 1, 0, TOL);
    assert_near(m.points[0].depth, 0.25, TOL);
    assert_vec_near(m.points[0].point, 10.875, 20, TOL);
    /* box A placed at (12, 20): edges touch at x = 11; then 0.5 deep, normal from B toward A */
    assert_int_equal(c2d_polygon_manifold_polygon_xf(&unit, xf_make(12, 20, 0), &unit, at).count, 0);
    m = c2d_polygon_manifold_polygon_xf(&unit, xf_make(11.5, 20, 0), &unit, at);
    assert_int_equal(m.count, 2);
    assert_vec_near(m.normal, 1, 0, TOL);
    assert_near(m.points[0].depth, 0.5, TOL);
    assert_near(m.points[1].depth, 0.5, TOL);
    /* B turned a quarter: the same answers, the points in the world frame */
    m = c2d_circle_manifold_polygon_xf(circ(10, 21.25, 0.5), &unit, xf_make(10, 20, 1.5707963267948966));
    assert_int_equal(m.count, 1);
    assert_vec_near(m.normal, 0, 1, 1e-3);
    assert_near(m.points[0].depth, 0.25, 1e-3);
    /* unusable transforms: nothing */
    bad = at;
    bad.p.x = (c2d_real)NAN;
    assert_int_equal(c2d_circle_manifold_polygon_xf(circ(10, 20, 0.5), &unit, bad).count, 0);
    assert_int_equal(c2d_polygon_manifold_polygon_xf(&unit, at, &unit, bad).count, 0);
    assert_int_equal(c2d_polygon_manifold_polygon_xf(&unit, bad, &unit, at).count, 0);
    bad = at;
    bad.q.c = bad.q.s = 0;
    assert_int_equal(c2d_circle_manifold_polygon_xf(circ(10, 20, 0.5), &unit, bad).count, 0);
    assert_int_equal(c2d_polygon_manifold_polygon_xf(&unit, at, &unit, bad).count, 0);
    bad = at;
    bad.p.y = (c2d_real)INFINITY;
    assert_int_equal(c2d_polygon_manifold_polygon_xf(&unit, at, &unit, bad).count, 0);
    bad = at;
    bad.q.c = (c2d_real)1.001; /* slightly off unit: renormalised, still a hit */
    assert_int_equal(c2d_circle_manifold_polygon_xf(circ(11.25, 20, 0.5), &unit, bad).count, 1);
    /* a bad polygon or a bad circle: nothing */
    assert_int_equal(c2d_circle_manifold_polygon_xf((c2d_circle){V(10, 20), -1}, &unit, at).count, 0);
    assert_int_equal(c2d_circle_manifold_polygon_xf((c2d_circle){V(NAN, 20), 1}, &unit, at).count, 0);
    {
        c2d_polygon broken = unit;
        broken.vertices[2].x = (c2d_real)NAN;
        assert_int_equal(c2d_circle_manifold_polygon_xf(circ(10, 20, 0.5), &broken, at).count, 0);
        assert_int_equal(c2d_polygon_manifold_polygon_xf(&broken, at, &unit, at).count, 0);
        assert_int_equal(c2d_polygon_manifold_polygon_xf(&unit, at, &broken, at).count, 0);
    }
}

/* Random pairs near touching: the _xf queries agree with the exact overlap tests of the same
 * geometry in B's local frame (the circle's center, or polygon A, mapped there the same way),
 * give finite positive depths, unit normals, and points near B placed in the world. */
static void xf_manifolds_random(void **state) {
    test_rng r = test_rng_make("xf_manifolds_random");
    int n = test_iterations(4000), i, hits = 0;
    (void)state;
    for (i = 0; i < n; ++i) {
        c2d_vec2 pts[C2D_MAX_POLYGON_VERTICES];
        int k, count = 3 + (int)(test_rng_next(&r) % (C2D_MAX_POLYGON_VERTICES - 2)), j;
        c2d_polygon la, lb, a_in_b;
        c2d_transform xa, xb, rel;
        double ang = test_rng_range(&r, 0, 6.283185307), gap = C2D_MAX_POLYGON_VERTICES >= 5 ? test_rng_range(&r, 1.5, 2.3)
                                                                                             : test_rng_range(&r, 1.1, 1.7); /* 3-4 vertices reach less far */
        double bx = test_rng_range(&r, -100, 100), by = test_rng_range(&r, -100, 100);
        c2d_circle c, cl;
        c2d_manifold m;
        bool o;
        for (k = 0; k < count; ++k) {
            double t = 6.283185307 * (k + test_rng_range(&r, 0.1, 0.9)) / count;
            pts[k] = V(cos(t) * test_rng_range(&r, 0.9, 1.0), sin(t) * test_rng_range(&r, 0.9, 1.0));
        }
        assert_status(c2d_polygon_make(pts, count, &la), C2D_OK);
        lb = la;
        xb = xf_make(bx, by, test_rng_range(&r, 0, 6.3));
        xa = xf_make(bx + gap * cos(ang), by + gap * sin(ang), test_rng_range(&r, 0, 6.3));
        /* polygon pair: the same relative transform as the query builds */
        rel.q.c = xb.q.c * xa.q.c + xb.q.s * xa.q.s;
        rel.q.s = xb.q.c * xa.q.s - xb.q.s * xa.q.c;
        rel.p = c2d_inv_transform_point(xb, xa.p);
        if (fabs((double)(rel.q.c * rel.q.c + rel.q.s * rel.q.s) - 1) > 4 * C2D_EPSILON) continue; /* renormalised there */
        a_in_b = c2d_polygon_transform(&la, rel);
        o = c2d_polygon_overlap_polygon(&a_in_b, &lb);
        m = c2d_polygon_manifold_polygon_xf(&la, xa, &lb, xb);
        assert_int_equal(m.count > 0, o);
        if (o) {
            ++hits;
            assert_near(c2d_len(m.normal), 1, 1e-3);
            for (j = 0; j < m.count; ++j) {
                assert_true(m.points[j].depth > 0 && isfinite((double)m.points[j].depth));
                assert_true(c2d_dist(m.points[j].point, xb.p) < 3);
            }
        }
        /* circle pair */
        c.center = V(bx + 0.6 * gap * cos(ang), by + 0.6 * gap * sin(ang));
        c.radius = (c2d_real)test_rng_range(&r, 0.05, 0.6);
        cl = c;
        cl.center = c2d_inv_transform_point(xb, c.center);
        o = c2d_circle_overlap_polygon(cl, &lb);
        m = c2d_circle_manifold_polygon_xf(c, &lb, xb);
        assert_int_equal(m.count > 0, o);
        if (o) {
            c2d_manifold ml = c2d_circle_manifold_polygon(cl, &lb);
            assert_int_equal(ml.count, 1);
            assert_near(m.points[0].depth, ml.points[0].depth, TOL);
            assert_near(c2d_len(m.normal), 1, 1e-3);
            assert_true(c2d_dist(m.points[0].point, xb.p) < 2);
        }
    }
    assert_true(hits > n / 10 && hits < n - n / 10);
}

/* c2d_polygon_manifold_polygon_xf places A lane by lane as it loads it (float builds with SSE)
 * instead of building the placed polygon: the pair must be solved exactly as
 * c2d_polygon_manifold_polygon solves A placed by c2d_polygon_transform (same count, depths and
 * ids, bit for bit), for every vertex count (partial blocks of lanes), also near touching. */
static void xf_polygon_matches_placed(void **state) {
    test_rng r = test_rng_make("xf_polygon_matches_placed");
    int n = test_iterations(4000), i, j, hits = 0;
    (void)state;
    for (i = 0; i < n; ++i) {
        c2d_vec2 pts[C2D_MAX_POLYGON_VERTICES];
        int k, count = 3 + (int)(test_rng_next(&r) % (C2D_MAX_POLYGON_VERTICES - 2));
        c2d_polygon la, lb, a_in_b;
        c2d_transform xa, xb, rel;
        double ang = test_rng_range(&r, 0, 6.283185307), gap = C2D_MAX_POLYGON_VERTICES >= 5 ? test_rng_range(&r, 1.5, 2.3)
                                                                                             : test_rng_range(&r, 1.1, 1.7); /* 3-4 vertices reach less far */
        double bx = test_rng_range(&r, -100, 100), by = test_rng_range(&r, -100, 100);
        c2d_manifold m, ml;
        for (k = 0; k < count; ++k) {
            double t = 6.283185307 * (k + test_rng_range(&r, 0.1, 0.9)) / count;
            pts[k] = V(cos(t) * test_rng_range(&r, 0.9, 1.0), sin(t) * test_rng_range(&r, 0.9, 1.0));
        }
        assert_status(c2d_polygon_make(pts, count, &la), C2D_OK);
        assert_status(c2d_polygon_make(pts, count, &lb), C2D_OK);
        xb = xf_make(bx, by, test_rng_range(&r, 0, 6.3));
        xa = xf_make(bx + gap * cos(ang), by + gap * sin(ang), test_rng_range(&r, 0, 6.3));
        rel.q.c = xb.q.c * xa.q.c + xb.q.s * xa.q.s;
        rel.q.s = xb.q.c * xa.q.s - xb.q.s * xa.q.c;
        rel.p = c2d_inv_transform_point(xb, xa.p);
        if (fabs((double)(rel.q.c * rel.q.c + rel.q.s * rel.q.s) - 1) > 4 * C2D_EPSILON) continue;
        if (fabs((double)(xa.q.c * xa.q.c + xa.q.s * xa.q.s) - 1) > 4 * C2D_EPSILON) continue;
        if (fabs((double)(xb.q.c * xb.q.c + xb.q.s * xb.q.s) - 1) > 4 * C2D_EPSILON) continue;
        a_in_b = c2d_polygon_transform(&la, rel);
        m = c2d_polygon_manifold_polygon_xf(&la, xa, &lb, xb);
        ml = c2d_polygon_manifold_polygon(&a_in_b, &lb);
        assert_int_equal(m.count, ml.count);
        for (j = 0; j < m.count; ++j) {
            assert_true(m.points[j].depth == ml.points[j].depth);
            assert_int_equal(m.points[j].id, ml.points[j].id);
        }
        hits += m.count > 0;
    }
    assert_true(hits > n / 10 && hits < n - n / 10);
}

/* The placed loader's rare ways out: an edge too short for the vector form (the placed polygon is
 * then built for the scalar loader), a NaN or an infinity in A's local vertices or normals, and a
 * vertex placed beyond C2D_MAX_COORD. */
static void xf_polygon_placed_edge_cases(void **state) {
#ifdef C2D_DOUBLE
    const double tiny = 1e-160;
#else
    const double tiny = 1e-20;
#endif
    c2d_polygon unit = poly_box(0, 0, 1, 1, 0), p;
    c2d_transform at = xf_make(10, 20, 0);
    c2d_manifold m;
    int i;
    (void)state;
    /* (-1,-1) -> (-1+tiny,-1) -> (1,1) -> (-1,1): a short first edge; A placed at (11.5, 20)
     * overlaps B (placed at (10, 20)) by 0.5 along x, and touches it at (12, 20) */
    memset(&p, 0, sizeof p);
    p.count = 4;
    p.vertices[0] = V(-1, -1);
    p.vertices[1] = V(-1 + tiny, -1);
    p.vertices[2] = V(1, 1);
    p.vertices[3] = V(-1, 1);
    for (i = 0; i < 4; ++i) p.normals[i] = c2d_normalize(c2d_right_perp(c2d_sub(p.vertices[(i + 1) % 4], p.vertices[i])));
    p.normals[0] = V(0, -1);
    p.centroid = V(-0.3, 0.3);
    m = c2d_polygon_manifold_polygon_xf(&p, xf_make(11.5, 20, 0), &unit, at);
    assert_int_equal(m.count > 0, true);
    assert_near(m.points[0].depth, 0.5, TOL);
    assert_vec_near(m.normal, 1, 0, TOL);
    assert_int_equal(c2d_polygon_manifold_polygon_xf(&p, xf_make(13, 20, 0), &unit, at).count, 0);
    /* bad local values in A: nothing */
    p = unit;
    p.vertices[3].y = (c2d_real)INFINITY;
    assert_int_equal(c2d_polygon_manifold_polygon_xf(&p, xf_make(11.5, 20, 0), &unit, at).count, 0);
    p = unit;
    p.normals[1].x = (c2d_real)NAN;
    assert_int_equal(c2d_polygon_manifold_polygon_xf(&p, xf_make(11.5, 20, 0), &unit, at).count, 0);
    /* a long triangle whose placed corner lands beyond C2D_MAX_COORD although every input is in
     * range, while its placed box still overlaps B's: nothing */
    memset(&p, 0, sizeof p);
    p.count = 3;
    p.vertices[0] = V(-0.9 * (double)C2D_MAX_COORD, -1);
    p.vertices[1] = V(0.9 * (double)C2D_MAX_COORD, -1);
    p.vertices[2] = V(0, 1);
    for (i = 0; i < 3; ++i) p.normals[i] = c2d_normalize(c2d_right_perp(c2d_sub(p.vertices[(i + 1) % 3], p.vertices[i])));
    assert_int_equal(c2d_polygon_manifold_polygon_xf(&p, xf_make(0.2 * (double)C2D_MAX_COORD, 0, 0), &unit, xf_make(0, 0, 0)).count, 0);
    assert_true(c2d_polygon_manifold_polygon_xf(&p, xf_make(0, 0, 0), &unit, xf_make(0, 0, 0)).count > 0);
    /* and the unmodified box on both sides of touching */
    assert_int_equal(c2d_polygon_manifold_polygon_xf(&unit, xf_make(12, 20, 0), &unit, at).count, 0);
    assert_int_equal(c2d_polygon_manifold_polygon_xf(&unit, xf_make(11.999, 20, 0), &unit, at).count, 2);
}

/* circle_manifold_circle tests the overlap first and the inputs after: bad input that passes
 * the overlap comparison still gives nothing. */
static void circle_circle_checks_after_overlap(void **state) {
    (void)state;
    assert_int_equal(c2d_circle_manifold_circle(circ(0, 0, 5), (c2d_circle){V(1, 0), (c2d_real)-1}).count, 0);
    assert_int_equal(c2d_circle_manifold_circle(circ(0, 0, 5), (c2d_circle){V(1, 0), 0}).count, 0);
    { /* beyond C2D_MAX_COORD, yet overlapping by the comparison */
        double big = 10 * (double)C2D_MAX_COORD;
        assert_int_equal(c2d_circle_manifold_circle((c2d_circle){V(big, 0), (c2d_real)big}, (c2d_circle){V(big, 0), 1}).count, 0);
    }
    assert_int_equal(c2d_circle_manifold_circle(circ(0, 0, 1), circ(1.999, 0, 1)).count, 1);
    assert_int_equal(c2d_circle_manifold_circle(circ(0, 0, 1), circ(2, 0, 1)).count, 0);
}

/* ---- ray vs box: the fast path against the general box cast ---- */

static bool hits_equal(const c2d_hit *a, const c2d_hit *b) {
    return a->time == b->time && a->pos.x == b->pos.x && a->pos.y == b->pos.y && a->normal.x == b->normal.x &&
           a->normal.y == b->normal.y && a->delta.x == b->delta.x && a->delta.y == b->delta.y;
}

/* c2d_aabb_raycast has a fast path of its own; c2d_aabb_raycast_padded with zero padding runs the
 * general slab test. Over random rays on a coarse grid (corner grazes, edge runs, still axes,
 * origins inside and on the surface all occur) the two give bit-identical answers. */
static void aabb_raycast_matches_general(void **state) {
    test_rng r = test_rng_make("aabb_raycast_matches_general");
    int n = test_iterations(20000), i, hits = 0;
    (void)state;
    for (i = 0; i < n; ++i) {
        c2d_aabb b = box_raw(-2, -1, 2, 1);
        c2d_raycast_input in;
        c2d_hit h1, h2;
        bool g1, g2;
        in.origin = V((double)(int)test_rng_range(&r, -6, 7), (double)(int)test_rng_range(&r, -4, 5));
        in.translation = V((double)(int)test_rng_range(&r, -8, 9), (double)(int)test_rng_range(&r, -8, 9));
        in.max_fraction = test_rng_next(&r) % 4 == 0 ? (c2d_real)INFINITY : (c2d_real)test_rng_range(&r, 0, 2);
        memset(&h1, 0, sizeof h1);
        memset(&h2, 0, sizeof h2);
        g1 = c2d_aabb_raycast(b, in, &h1);
        g2 = c2d_aabb_raycast_padded(b, V(0, 0), in, &h2);
        assert_int_equal(g1, g2);
        if (g1) {
            ++hits;
            assert_true(hits_equal(&h1, &h2));
        }
        /* the scalar reference of the kernel (src/raycast.c) */
        memset(&h2, 0, sizeof h2);
        assert_int_equal(c2d_ref_aabb_raycast(b, in, &h2), g1);
        if (g1) assert_memory_equal(&h1, &h2, sizeof h1);
    }
    assert_true(hits > n / 10);
}

/* One value from a list of awkward ones: zeros of both signs, the range limit and just past it,
 * huge finite values, infinities, NaN, tiny (denormal) values, or a plain coordinate. */
static double awkward(test_rng *r, double plain) {
    static const double special[] = {0.0, -0.0, 1e15, -1e15, 1.0000001e15, -1.0000001e15, 3e38, -3e38,
                                     INFINITY, -INFINITY, NAN, 1e-45, -1e-45, 1e-30};
    uint64_t k = test_rng_next(r) % 200;
    if (k < sizeof special / sizeof special[0]) return special[k];
    return plain;
}

/* The fast box ray against the general cast with real-valued (not grid) coordinates and every
 * input now and then replaced by an awkward value: inverted and flat boxes, translations with a
 * zero, denormal or huge component, max_fraction negative, NaN, zero, huge or infinite, values
 * beside C2D_MAX_COORD (where the fast path hands over to the general cast). Answers and hits must
 * be identical, and a hit never holds a non-finite value. */
static void aabb_raycast_awkward_inputs(void **state) {
    test_rng r = test_rng_make("aabb_raycast_awkward_inputs");
    int n = test_iterations(100000), i, hits = 0;
    (void)state;
    for (i = 0; i < n; ++i) {
        double lx = test_rng_range(&r, -3, 3), ly = test_rng_range(&r, -3, 3);
        double ux = lx + test_rng_range(&r, -0.5, 3), uy = ly + test_rng_range(&r, -0.5, 3);
        c2d_aabb b = box_raw(awkward(&r, lx), awkward(&r, ly), awkward(&r, ux), awkward(&r, uy));
        c2d_raycast_input in;
        c2d_hit h1, h2;
        bool g1, g2;
        double ox = test_rng_range(&r, -6, 6), oy = test_rng_range(&r, -6, 6);
        double tx = lx + test_rng_range(&r, -1, 4) - ox, ty = ly + test_rng_range(&r, -1, 4) - oy; /* toward the box */
        in.origin = V(awkward(&r, ox), awkward(&r, oy));
        in.translation = V(awkward(&r, tx), awkward(&r, ty));
        in.max_fraction = (c2d_real)awkward(&r, test_rng_next(&r) % 4 == 0 ? INFINITY : test_rng_range(&r, -0.2, 2));
        memset(&h1, 0, sizeof h1);
        memset(&h2, 0, sizeof h2);
        g1 = c2d_aabb_raycast(b, in, &h1);
        g2 = c2d_aabb_raycast_padded(b, V(0, 0), in, &h2);
        assert_int_equal(g1, g2);
        if (g1) {
            ++hits;
            assert_true(hits_equal(&h1, &h2));
            assert_hit_finite(h1);
        }
        assert_int_equal(c2d_aabb_raycast(b, in, NULL), g2);
    }
    printf("aabb_raycast_awkward_inputs: %d hits of %d\n", hits, n);
    assert_true(hits > n / 20);
}

/* Both sides of the fast path's range limit: coordinates at C2D_MAX_COORD stay on the fast path,
 * just beyond it the general cast answers; both give the same hit. */
static void aabb_raycast_range_limit(void **state) {
    const double m = (double)C2D_MAX_COORD;
    c2d_raycast_input in;
    c2d_hit h1, h2;
    int k;
    (void)state;
    for (k = 0; k < 2; ++k) {
        double big = k == 0 ? m : m * 1.001;
        c2d_aabb b = box_raw(big * 0.5, -1, big, 1);
        in.origin = V(0, 0);
        in.translation = V(big, 0.25);
        in.max_fraction = 1;
        assert_true(c2d_aabb_raycast(b, in, &h1));
        assert_true(c2d_aabb_raycast_padded(b, V(0, 0), in, &h2));
        assert_true(hits_equal(&h1, &h2));
        assert_near(h1.time, 0.5, TOL);
        assert_vec_near(h1.normal, -1, 0, 0);
    }
    /* a huge finite max_fraction: delta would overflow, so no hit (as finish_hit) */
    in.origin = V(-4, 0);
    in.translation = V(1e20, 0);
    in.max_fraction = (c2d_real)1e30;
    assert_int_equal(c2d_aabb_raycast(box_raw(-1, -1, 1, 1), in, &h1),
                     c2d_aabb_raycast_padded(box_raw(-1, -1, 1, 1), V(0, 0), in, &h2));
}

/* Hand cases: entering each face, the corner graze, ending on the surface. */
static void aabb_raycast_hand(void **state) {
    c2d_aabb b = box_raw(-2, -1, 2, 1);
    c2d_raycast_input in;
    c2d_hit h;
    (void)state;
    in.max_fraction = 1;
    in.origin = V(-6, 0.5);
    in.translation = V(8, 0); /* enters x = -2 at t = 0.5 */
    assert_true(c2d_aabb_raycast(b, in, &h));
    assert_near(h.time, 0.5, TOL);
    assert_vec_near(h.pos, -2, 0.5, TOL);
    assert_vec_near(h.normal, -1, 0, 0);
    assert_vec_near(h.delta, -4, 0, TOL);
    in.origin = V(1, 5);
    in.translation = V(-1, -8); /* enters y = 1 at t = 0.5 */
    assert_true(c2d_aabb_raycast(b, in, &h));
    assert_near(h.time, 0.5, TOL);
    assert_vec_near(h.pos, 0.5, 1, TOL);
    assert_vec_near(h.normal, 0, 1, 0);
    in.origin = V(-4, 1);
    in.translation = V(4, -4); /* through the corner (-2, -1) only at t = 0.5: a graze */
    assert_false(c2d_aabb_raycast(b, in, &h));
    in.origin = V(-4, 1.01);
    assert_true(c2d_aabb_raycast(b, in, &h)); /* passing just inside the corner: enters through x = -2 */
    assert_vec_near(h.normal, -1, 0, 0);
    in.origin = V(-6, 0);
    in.translation = V(4, 0.5); /* ends exactly on x = -2 */
    assert_false(c2d_aabb_raycast(b, in, &h));
}

/* ---- ray vs circle: the fast path against a double-precision solve ---- */

/* First entry of o + t d, t in [0, mf], into the open disk, solved in double: 1 hit (time, normal),
 * 0 miss, -1 too close to call (tangent or ending on the surface, within rel_margin). */
static int circle_reference(double cx, double cy, double r, double ox, double oy, double dx, double dy, double mf,
                            double rel_margin, double *t_out, double *nx, double *ny) {
    double mx = ox - cx, my = oy - cy, dd = dx * dx + dy * dy, md = mx * dx + my * dy, mm = mx * mx + my * my;
    double cr = mx * dy - my * dx, hh = r * r * dd - cr * cr, t;
    if (mm < r * r * (1 + rel_margin)) return -1; /* inside or nearly on the surface: not what this test is about */
    if (dd == 0 || md >= 0) return 0;
    if (fabs(hh) <= rel_margin * r * r * dd) return -1;
    if (hh < 0) return 0;
    t = (mm - r * r) / (sqrt(hh) - md);
    if (fabs(t - mf) <= rel_margin * (1 + fabs(mf))) return -1;
    if (!(t < mf)) return 0;
    *t_out = t;
    *nx = (mx + t * dx) / r;
    *ny = (my + t * dy) / r;
    return 1;
}

/* Random rays against random circles, with coordinates from near the origin to beyond the fast
 * path's limits (scales 1e6 to 1e13 around its range of 1e9 in float, translations of 1e-25 to
 * 1e-8 around its |d|^2 floor of 1e-30; double: 1e60 to 1e75, where the double solve itself still holds, and 1e-140 to 1e-110): every clear hit and clear miss agrees with the double solve, hits have the
 * right time, point and a unit normal. Awkward inputs never give a non-finite hit. */
static void circle_raycast_matches_reference(void **state) {
    test_rng r = test_rng_make("circle_raycast_matches_reference");
    int n = test_iterations(100000), i, hits = 0, misses = 0;
    (void)state;
    for (i = 0; i < n; ++i) {
        /* scale: ordinary, near the float fast range, or tiny translations */
        int kind = (int)(test_rng_next(&r) % 4);
        double big = sizeof(c2d_real) == 4 ? test_rng_range(&r, 6, 13) : test_rng_range(&r, 60, 75);
        double tiny = sizeof(c2d_real) == 4 ? test_rng_range(&r, -25, -8) : test_rng_range(&r, -140, -110);
        double scale = kind == 1 ? pow(10, big) : 1;
        double dscale = kind == 2 ? pow(10, tiny) : scale;
        double cx = test_rng_range(&r, -5, 5) * scale, cy = test_rng_range(&r, -5, 5) * scale;
        double rad = test_rng_range(&r, 0.2, 3) * scale;
        double ox = cx + test_rng_range(&r, -12, 12) * scale, oy = cy + test_rng_range(&r, -12, 12) * scale;
        double ax = cx + test_rng_range(&r, -4, 4) * scale - ox, ay = cy + test_rng_range(&r, -4, 4) * scale - oy;
        double k = test_rng_range(&r, 0.2, 1.6), dx = ax * k * dscale / scale, dy = ay * k * dscale / scale;
        double mf = kind == 2 ? scale / dscale : (test_rng_next(&r) % 4 == 0 ? INFINITY : 1);
        c2d_circle c;
        c2d_raycast_input in;
        c2d_hit h;
        double t = 0, nx = 0, ny = 0;
        int expect;
        bool got;
        c.center = V(cx, cy);
        c.radius = (c2d_real)rad;
        in.origin = V(ox, oy);
        in.translation = V(dx, dy);
        in.max_fraction = (c2d_real)mf;
        /* the reference sees the float-rounded inputs */
        expect = circle_reference(c.center.x, c.center.y, c.radius, in.origin.x, in.origin.y, in.translation.x,
                                  in.translation.y, in.max_fraction, 1e-3, &t, &nx, &ny);
        got = c2d_circle_raycast(c, in, &h);
        if ((expect == 0 && got) || (expect == 1 && !got))
            printf("circle mismatch: c (%.9g %.9g) r %.9g o (%.9g %.9g) d (%.9g %.9g) mf %g expect %d t %g\n",
                   (double)c.center.x, (double)c.center.y, (double)c.radius, (double)in.origin.x, (double)in.origin.y,
                   (double)in.translation.x, (double)in.translation.y, (double)in.max_fraction, expect, t);
        if (expect == 0) {
            assert_false(got);
            ++misses;
        }
        if (expect == 1) {
            assert_true(got);
            ++hits;
            assert_hit_finite(h);
            assert_near(h.time, t, 1e-3 * (1 + fabs(t)));
            /* unit to the precision of c2d_real (the Newton step), not just to the test tolerance */
            assert_near(hypot(h.normal.x, h.normal.y), 1, 8 * (sizeof(c2d_real) == 4 ? 1.1920929e-7 : 2.220446e-16));
            assert_near(h.normal.x, nx, 2e-3);
            assert_near(h.normal.y, ny, 2e-3);
            assert_near(h.pos.x, cx + nx * rad, 2e-3 * rad);
            assert_near(h.pos.y, cy + ny * rad, 2e-3 * rad);
        }
        if (got) assert_hit_finite(h);
    }
    printf("circle_raycast_matches_reference: %d hits, %d misses\n", hits, misses);
    assert_true(hits > n / 10 && misses > n / 10);
}

/* Awkward inputs (NaN, infinities, huge and denormal values, zero or negative radius, odd
 * max_fraction) never crash, never give a hit for bad input, never write a non-finite value. */
static void circle_raycast_awkward_inputs(void **state) {
    test_rng r = test_rng_make("circle_raycast_awkward_inputs");
    int n = test_iterations(100000), i;
    (void)state;
    for (i = 0; i < n; ++i) {
        double cx = test_rng_range(&r, -3, 3), cy = test_rng_range(&r, -3, 3), ox = test_rng_range(&r, -8, 8),
               oy = test_rng_range(&r, -8, 8);
        c2d_circle c;
        c2d_raycast_input in;
        c2d_hit h;
        bool valid;
        c.center = V(awkward(&r, cx), awkward(&r, cy));
        c.radius = (c2d_real)awkward(&r, test_rng_range(&r, 0.2, 3));
        in.origin = V(awkward(&r, ox), awkward(&r, oy));
        in.translation = V(awkward(&r, cx - ox), awkward(&r, cy - oy));
        in.max_fraction = (c2d_real)awkward(&r, test_rng_next(&r) % 4 == 0 ? INFINITY : 1);
        valid = c2d_raycast_input_is_valid(in) && c2d_vec2_is_valid(c.center) && c.radius > 0 && isfinite(c.radius);
        memset(&h, 0, sizeof h);
        if (c2d_circle_raycast(c, in, &h)) {
            assert_true(valid);
            assert_hit_finite(h);
            assert_true(h.time >= 0 && h.time <= in.max_fraction);
        }
    }
}

/* ---- ray vs convex polygon: the vector path against the scalar algorithm ---- */

/* The scalar reference of the polygon cast (src/raycast.c: Cyrus-Beck, each half-plane measured
 * from its own vertex, a polygon that is not counter-clockwise and strictly convex never hit). In
 * SSE builds c2d_polygon_raycast is the kernel of src/simd/raycast_sse.c, whose answers must be
 * bit-identical to it; elsewhere the two are the same function. */
static bool polygon_cast_reference(const c2d_polygon *p, c2d_raycast_input in, c2d_hit *out) {
    return c2d_ref_polygon_raycast(p, in, out);
}

/* A random convex polygon of n vertices (3..8) around (cx, cy), built by c2d_polygon_make; now and
 * then spoiled by hand: a vertex or normal replaced by an awkward value, two vertices swapped
 * (clockwise or self-intersecting), a vertex moved onto its neighbours' line (collinear), or the
 * vertices reversed. Slots past the count hold garbage. */
static c2d_polygon random_cast_polygon(test_rng *r, int n, double cx, double cy, double size) {
    c2d_polygon p;
    c2d_vec2 pts[C2D_MAX_POLYGON_VERTICES];
    int i, k;
    do {
        double a0 = test_rng_range(r, 0, 6.283185307179586);
        for (i = 0; i < n; ++i) {
            double a = a0 + 6.283185307179586 * (i + test_rng_range(r, -0.3, 0.3)) / n;
            double rad = size * test_rng_range(r, 0.6, 1.0);
            pts[i] = V(cx + rad * cos(a), cy + rad * sin(a));
        }
    } while (c2d_polygon_make(pts, n, &p) != C2D_OK || p.count != n);
    for (i = n; i < C2D_MAX_POLYGON_VERTICES; ++i) {
        p.vertices[i] = V(awkward(r, test_rng_range(r, -9, 9)), test_rng_range(r, -9, 9));
        p.normals[i] = V(awkward(r, test_rng_range(r, -1, 1)), test_rng_range(r, -1, 1));
    }
    k = (int)(test_rng_next(r) % 40);
    i = (int)(test_rng_next(r) % (uint64_t)n);
    if (k == 0) p.vertices[i].x = (c2d_real)awkward(r, p.vertices[i].x);
    if (k == 1) p.normals[i].y = (c2d_real)awkward(r, p.normals[i].y);
    if (k == 2) {
        c2d_vec2 t = p.vertices[i];
        p.vertices[i] = p.vertices[(i + 1) % n];
        p.vertices[(i + 1) % n] = t;
    }
    if (k == 3) { /* onto the line of its neighbours: no strict turn there */
        c2d_vec2 a = p.vertices[(i + n - 1) % n], b = p.vertices[(i + 1) % n];
        p.vertices[i] = c2d_v2((a.x + b.x) / 2, (a.y + b.y) / 2);
    }
    if (k == 4) {
        c2d_polygon q = p;
        for (i = 0; i < n; ++i) p.vertices[i] = q.vertices[n - 1 - i];
    }
    return p;
}

/* Random rays (aimed near the polygon, from outside and inside, long, short, unbounded, with
 * awkward components now and then) against random polygons of every count: answers and hits
 * identical to the scalar algorithm. Boxes and diamonds with exact normals add the grazes and
 * edge runs on both sides of the touching boundary. */
static void polygon_raycast_matches_reference(void **state) {
    test_rng r = test_rng_make("polygon_raycast_matches_reference");
    int iters = test_iterations(100000), it, hits = 0, misses = 0, counts[C2D_MAX_POLYGON_VERTICES + 1] = {0}, c;
    (void)state;
    for (it = 0; it < iters; ++it) {
        int n = 3 + (int)(test_rng_next(&r) % (C2D_MAX_POLYGON_VERTICES - 2));
        double cx = test_rng_range(&r, -5, 5), cy = test_rng_range(&r, -5, 5), size = test_rng_range(&r, 0.5, 3);
        c2d_polygon p;
        c2d_raycast_input in;
        c2d_hit h1, h2;
        bool g1, g2;
        double ox, oy, tx, ty;
        if (test_rng_next(&r) % 8 == 0) { /* a box or a diamond with exact normals, grid rays */
            p = test_rng_next(&r) % 2 ? poly_box(0, 0, 2, 1, 0) : poly_box(0, 0, 1, 1, C2D_PI / 4);
            ox = (double)(int)test_rng_range(&r, -5, 6);
            oy = (double)(int)test_rng_range(&r, -4, 5);
            tx = (double)(int)test_rng_range(&r, -8, 9);
            ty = (double)(int)test_rng_range(&r, -8, 9);
            n = p.count;
        } else {
            p = random_cast_polygon(&r, n, cx, cy, size);
            ox = cx + test_rng_range(&r, -3, 3) * size;
            oy = cy + test_rng_range(&r, -3, 3) * size;
            tx = (cx + test_rng_range(&r, -1.5, 1.5) * size - ox) * test_rng_range(&r, 0.3, 2.5);
            ty = (cy + test_rng_range(&r, -1.5, 1.5) * size - oy) * test_rng_range(&r, 0.3, 2.5);
        }
        in.origin = V(awkward(&r, ox), awkward(&r, oy));
        in.translation = V(awkward(&r, tx), awkward(&r, ty));
        in.max_fraction = (c2d_real)awkward(&r, test_rng_next(&r) % 4 == 0 ? INFINITY : test_rng_range(&r, 0, 1.5));
        memset(&h1, 0, sizeof h1);
        memset(&h2, 0, sizeof h2);
        g1 = c2d_polygon_raycast(&p, in, &h1);
        g2 = polygon_cast_reference(&p, in, &h2);
        if (g1 != g2) {
            printf("polygon mismatch (n %d): got %d, reference %d; o (%.9g %.9g) d (%.9g %.9g) mf %.9g\n", n, g1, g2,
                   (double)in.origin.x, (double)in.origin.y, (double)in.translation.x, (double)in.translation.y,
                   (double)in.max_fraction);
        }
        assert_int_equal(g1, g2);
        assert_int_equal(c2d_polygon_raycast(&p, in, NULL), g2);
        if (g1) {
            ++hits;
            ++counts[n];
            assert_true(hits_equal(&h1, &h2));
            assert_hit_finite(h1);
        } else {
            ++misses;
        }
    }
    printf("polygon_raycast_matches_reference: %d hits, %d misses; hits by count 3..%d:", hits, misses, C2D_MAX_POLYGON_VERTICES);
    for (c = 3; c <= C2D_MAX_POLYGON_VERTICES; ++c) printf(" %d", counts[c]);
    printf("\n");
    assert_true(hits > iters / 10 && misses > iters / 10);
}

/* A ray from (-5, 0.25) along +x over 10 (it enters the box of half-width 1 at the origin at
 * time 0.4), and the identity transform. */
static void unit_box_ray(c2d_raycast_input *in, c2d_transform *xf) {
    in->origin = V(-5, 0.25);
    in->translation = V(10, 0);
    in->max_fraction = 1;
    xf->p = V(0, 0);
    xf->q.c = 1;
    xf->q.s = 0;
}

/* A hand-made polygon with a huge (finite) normal component is never hit, by either cast: its
 * edge's products overflow, and the normal is not unit (the casts take their slab planes and
 * output normal from the stored normals, so they refuse ones that do not fit their edges); with the
 * normal back to unit length the same ray hits. */
static void polygon_raycast_overflowing_normal(void **state) {
    c2d_polygon box = poly_box(0, 0, 1, 1, 0), bad;
    c2d_raycast_input in;
    c2d_transform xf;
    c2d_hit h;
    int i;
    (void)state;
    unit_box_ray(&in, &xf);
    assert_true(c2d_polygon_raycast(&box, in, &h));
    assert_true(c2d_polygon_raycast_xf(&box, xf, in, &h));
    for (i = 0; i < 4; ++i) {
        bad = box;
        bad.normals[i] = c2d_scale(bad.normals[i], (c2d_real)(sizeof(c2d_real) == 4 ? 3e38 : 1.7e308));
        assert_false(c2d_polygon_raycast(&bad, in, &h));
        assert_false(c2d_polygon_raycast_xf(&bad, xf, in, &h));
        /* both sides of the normal rule: 0.5% long is used, 2% long is not; 5 degrees off is used,
         * 12 degrees off is not */
        bad = box;
        bad.normals[i] = c2d_scale(box.normals[i], (c2d_real)1.005);
        assert_true(c2d_polygon_raycast(&bad, in, &h) && c2d_polygon_raycast_xf(&bad, xf, in, &h));
        bad.normals[i] = c2d_scale(box.normals[i], (c2d_real)1.02);
        assert_false(c2d_polygon_raycast(&bad, in, &h) || c2d_polygon_raycast_xf(&bad, xf, in, &h));
        bad.normals[i] = c2d_rotate(c2d_rot_make((c2d_real)0.0873), box.normals[i]);
        assert_true(c2d_polygon_raycast(&bad, in, &h) && c2d_polygon_raycast_xf(&bad, xf, in, &h));
        bad.normals[i] = c2d_rotate(c2d_rot_make((c2d_real)0.2094), box.normals[i]);
        assert_false(c2d_polygon_raycast(&bad, in, &h) || c2d_polygon_raycast_xf(&bad, xf, in, &h));
    }
}

/* ---- ray vs polygon placed by a transform: the fast path against the plain form ---- */

/* The scalar reference of the _xf cast (src/raycast.c: the transform checked as c2d_xf_usable
 * does, the ray mapped into the polygon's frame, the reference cast, the hit mapped back). The
 * kernel of src/simd/raycast_sse.c must give the same bits. */
static bool polygon_cast_xf_reference(const c2d_polygon *p, c2d_transform xf, c2d_raycast_input in, c2d_hit *out) {
    return c2d_ref_polygon_raycast_xf(p, xf, in, out);
}

/* Random local polygons (spoiled now and then, as above), transforms and rays with awkward values:
 * positions beside C2D_MAX_COORD, rotations whose c*c + s*s lies on both sides of the 4 eps
 * tolerance (the vector path hands those to the plain form), at 0.5 and 2, zero, NaN or infinite;
 * the answers and every bit of the hits equal the plain form, and a NULL out gives the same
 * answer. Grid rays against a box turned a quarter turn add the corner grazes and edge runs. */
static void polygon_raycast_xf_matches_reference(void **state) {
    test_rng r = test_rng_make("polygon_raycast_xf_matches_reference");
    int iters = test_iterations(100000), it, hits = 0, misses = 0, scaled = 0, k;
    (void)state;
    for (it = 0; it < iters; ++it) {
        int n = 3 + (int)(test_rng_next(&r) % (C2D_MAX_POLYGON_VERTICES - 2));
        double size = test_rng_range(&r, 0.5, 3), ang = test_rng_range(&r, -4, 4);
        c2d_polygon p;
        c2d_transform xf;
        c2d_raycast_input in;
        c2d_hit h1, h2;
        bool g1, g2;
        double ox, oy, tx, ty, px = test_rng_range(&r, -50, 50), py = test_rng_range(&r, -50, 50);
        if (test_rng_next(&r) % 8 == 0) { /* a box turned a quarter turn, grid rays */
            p = poly_box(0, 0, 2, 1, 0);
            ang = C2D_PI / 2;
            px = (double)(int)px;
            py = (double)(int)py;
            ox = px + (double)(int)test_rng_range(&r, -5, 6);
            oy = py + (double)(int)test_rng_range(&r, -4, 5);
            tx = (double)(int)test_rng_range(&r, -8, 9);
            ty = (double)(int)test_rng_range(&r, -8, 9);
        } else {
            p = random_cast_polygon(&r, n, test_rng_range(&r, -1, 1), test_rng_range(&r, -1, 1), size);
            ox = px + test_rng_range(&r, -3, 3) * size;
            oy = py + test_rng_range(&r, -3, 3) * size;
            tx = (px + test_rng_range(&r, -1.5, 1.5) * size - ox) * test_rng_range(&r, 0.3, 2.5);
            ty = (py + test_rng_range(&r, -1.5, 1.5) * size - oy) * test_rng_range(&r, 0.3, 2.5);
        }
        xf.p = V(awkward(&r, px), awkward(&r, py));
        xf.q = ang == C2D_PI / 2 ? c2d_rot_make((c2d_real)0) : c2d_rot_make((c2d_real)ang);
        if (ang == C2D_PI / 2) {
            xf.q.c = 0;
            xf.q.s = 1;
        }
        k = (int)(test_rng_next(&r) % 16);
        if (k < 6) { /* off unit length by a few eps: on both sides of the tolerance */
            double f = 1 + (double)(test_rng_next(&r) % 9) * (double)C2D_EPSILON * (k < 3 ? 0.5 : -0.5);
            xf.q.c = (c2d_real)(xf.q.c * f);
            xf.q.s = (c2d_real)(xf.q.s * f);
            ++scaled;
        } else if (k == 6) { /* far off: renormalised, or rejected past 0.5 and 2 */
            double f = test_rng_next(&r) % 2 ? test_rng_range(&r, 0.6, 1.5) : (test_rng_next(&r) % 2 ? sqrt(0.5) : sqrt(2.0));
            xf.q.c = (c2d_real)(xf.q.c * f);
            xf.q.s = (c2d_real)(xf.q.s * f);
        } else if (k == 7) {
            xf.q.c = (c2d_real)awkward(&r, xf.q.c);
            xf.q.s = (c2d_real)awkward(&r, xf.q.s);
        }
        in.origin = V(awkward(&r, ox), awkward(&r, oy));
        in.translation = V(awkward(&r, tx), awkward(&r, ty));
        in.max_fraction = (c2d_real)awkward(&r, test_rng_next(&r) % 4 == 0 ? INFINITY : test_rng_range(&r, 0, 1.5));
        memset(&h1, 0, sizeof h1);
        memset(&h2, 0, sizeof h2);
        g1 = c2d_polygon_raycast_xf(&p, xf, in, &h1);
        g2 = polygon_cast_xf_reference(&p, xf, in, &h2);
        if (g1 != g2) {
            printf("polygon xf mismatch (n %d): got %d, reference %d; p (%.9g %.9g) q (%.9g %.9g) o (%.9g %.9g) d (%.9g %.9g) mf %.9g\n",
                   p.count, g1, g2, (double)xf.p.x, (double)xf.p.y, (double)xf.q.c, (double)xf.q.s, (double)in.origin.x,
                   (double)in.origin.y, (double)in.translation.x, (double)in.translation.y, (double)in.max_fraction);
        }
        assert_int_equal(g1, g2);
        assert_int_equal(c2d_polygon_raycast_xf(&p, xf, in, NULL), g2);
        if (g1) {
            ++hits;
            assert_memory_equal(&h1, &h2, sizeof h1);
            assert_hit_finite(h1);
        } else {
            ++misses;
        }
    }
    printf("polygon_raycast_xf_matches_reference: %d hits, %d misses, %d rotations a few eps off\n", hits, misses, scaled);
    assert_true(hits > iters / 10 && misses > iters / 10);
}

/* The transform's tolerance on both sides, by hand: a rotation 2 eps off unit length is used as it
 * is, one 16 eps off is renormalised; both hit where the unit rotation does, with the same time. A
 * position exactly at C2D_MAX_COORD is accepted, the next float beyond it is not. */
static void polygon_raycast_xf_transform_boundaries(void **state) {
    c2d_polygon box = poly_box(0, 0, 1, 1, 0);
    c2d_transform xf;
    c2d_hit h0, h1;
    c2d_raycast_input in;
    double f;
    (void)state;
    unit_box_ray(&in, &xf);
    assert_true(c2d_polygon_raycast_xf(&box, xf, in, &h0));
    assert_true(h0.time == (c2d_real)0.4);
    for (f = 2; f <= 16; f *= 8) {
        xf.q.c = (c2d_real)(1 + f * (double)C2D_EPSILON);
        assert_true(c2d_polygon_raycast_xf(&box, xf, in, &h1));
        assert_true(polygon_cast_xf_reference(&box, xf, in, &h0));
        assert_memory_equal(&h0, &h1, sizeof h1);
        assert_near(h1.time, 0.4, 1e-5);
    }
    xf.q.c = 1;
    xf.p = V(0, (double)(c2d_real)C2D_MAX_COORD);
    in.origin = V(-5, (double)(c2d_real)C2D_MAX_COORD);
    assert_true(c2d_polygon_raycast_xf(&box, xf, in, &h1));
    xf.p.y = nextafterf((float)xf.p.y, INFINITY);
    if (sizeof(c2d_real) == 8) xf.p.y = (c2d_real)nextafter((double)(c2d_real)C2D_MAX_COORD, INFINITY);
    in.origin.y = xf.p.y;
    assert_false(c2d_polygon_raycast_xf(&box, xf, in, &h1));
}

/* ---- ray vs segment: the fast path against the documented solve ---- */

/* The documented segment cast (src/raycast.c): cross products relative to p1, numerators compared
 * against the denominator, the normal faces the ray; written out with the same operations, so
 * hits must be bit-identical. */
static bool segment_cast_reference(c2d_segment s, c2d_raycast_input in, c2d_hit *out) {
    c2d_vec2 e, w, d = in.translation, n;
    c2d_real den, tn, sn, t, frac;
    c2d_hit h;
    if (!c2d_raycast_input_is_valid(in) || !c2d_vec2_is_valid(s.p1) || !c2d_vec2_is_valid(s.p2)) return false;
    e = c2d_sub(s.p2, s.p1);
    w = c2d_sub(in.origin, s.p1);
    den = c2d_cross(d, e);
    tn = c2d_cross(e, w);
    sn = c2d_cross(d, w);
    if (den < 0) {
        den = -den;
        tn = -tn;
        sn = -sn;
    }
    if (!(den > 0) || !isfinite(den)) return false;
    if (!(tn >= 0) || !(sn >= 0) || !(sn <= den)) return false;
    if (isfinite(in.max_fraction) && !(tn <= in.max_fraction * den)) return false;
    t = tn / den < in.max_fraction ? tn / den : in.max_fraction;
    frac = sn / den;
    frac = frac < 0 ? 0 : (frac > 1 ? 1 : frac);
    n = c2d_normalize(c2d_left_perp(e));
    if (c2d_dot(n, d) > 0) n = c2d_neg(n);
    h.time = t;
    h.pos = c2d_mul_add(s.p1, frac, e);
    h.normal = n;
    h.delta = isfinite(in.max_fraction) ? c2d_scale(d, t - in.max_fraction) : c2d_v2(0, 0);
    if (!isfinite(h.time) || !c2d_vec2_is_valid(h.pos) || !c2d_vec2_is_valid(h.normal) || !c2d_vec2_is_valid(h.delta))
        return false;
    *out = h;
    return true;
}

/* Random rays against random segments at scales from 1 to beyond the fast path's range, with
 * grid cases (hits exactly at an end, at the end of the cast, from the segment itself, along it)
 * and awkward values: answers identical to the documented solve; hits identical except that the
 * normal of a nearly parallel ray may take the other side (the fast path reads the side from the
 * denominator's sign, the solve from a rounded dot product), so it is compared up to sign then. */
static void segment_raycast_matches_reference(void **state) {
    test_rng r = test_rng_make("segment_raycast_matches_reference");
    int iters = test_iterations(100000), it, hits = 0;
    (void)state;
    for (it = 0; it < iters; ++it) {
        double sc = test_rng_next(&r) % 4 == 0 ? pow(10, sizeof(c2d_real) == 4 ? test_rng_range(&r, 6, 12) : test_rng_range(&r, 60, 80)) : 1;
        bool grid = test_rng_next(&r) % 4 == 0;
        double v[4], o[2], d[2];
        int k;
        c2d_segment sg;
        c2d_raycast_input in;
        c2d_hit h1, h2;
        bool g1, g2;
        for (k = 0; k < 4; ++k) v[k] = grid ? (double)(int)test_rng_range(&r, -3, 4) : test_rng_range(&r, -5, 5) * sc;
        for (k = 0; k < 2; ++k) o[k] = grid ? (double)(int)test_rng_range(&r, -5, 6) : test_rng_range(&r, -8, 8) * sc;
        for (k = 0; k < 2; ++k) d[k] = grid ? (double)(int)test_rng_range(&r, -6, 7) : test_rng_range(&r, -15, 15) * sc;
        sg.p1 = V(awkward(&r, v[0]), awkward(&r, v[1]));
        sg.p2 = V(awkward(&r, v[2]), awkward(&r, v[3]));
        in.origin = V(awkward(&r, o[0]), awkward(&r, o[1]));
        in.translation = V(awkward(&r, d[0]), awkward(&r, d[1]));
        in.max_fraction = (c2d_real)awkward(&r, test_rng_next(&r) % 4 == 0 ? INFINITY : (grid ? 1 : test_rng_range(&r, 0, 1.5)));
        memset(&h1, 0, sizeof h1);
        memset(&h2, 0, sizeof h2);
        g1 = c2d_segment_raycast(sg, in, &h1);
        g2 = segment_cast_reference(sg, in, &h2);
        if (g1 != g2)
            printf("segment mismatch: got %d, reference %d; p1 (%.9g %.9g) p2 (%.9g %.9g) o (%.9g %.9g) d (%.9g %.9g) mf %.9g\n",
                   g1, g2, (double)sg.p1.x, (double)sg.p1.y, (double)sg.p2.x, (double)sg.p2.y, (double)in.origin.x,
                   (double)in.origin.y, (double)in.translation.x, (double)in.translation.y, (double)in.max_fraction);
        assert_int_equal(g1, g2);
        assert_int_equal(c2d_segment_raycast(sg, in, NULL), g2);
        if (g1) {
            ++hits;
            assert_hit_finite(h1);
            assert_true(h1.time == h2.time && h1.pos.x == h2.pos.x && h1.pos.y == h2.pos.y && h1.delta.x == h2.delta.x &&
                        h1.delta.y == h2.delta.y);
            assert_true((h1.normal.x == h2.normal.x && h1.normal.y == h2.normal.y) ||
                        (h1.normal.x == -h2.normal.x && h1.normal.y == -h2.normal.y));
        }
    }
    printf("segment_raycast_matches_reference: %d hits\n", hits);
    assert_true(hits > iters / 20);
}

/* ---- the narrow phase's SSE kernels against their scalar references (src/simd/simd.h) ---- */

#ifdef POLY_SSE
/* Lanes a[0..n) and b[0..n) hold the same values (+0 and -0 count as equal: the kernel forms -x as
 * 0 - x; no decision or output of the narrow phase tells them apart). */
static void assert_same_lanes(const c2d_real *a, const c2d_real *b, int n) {
    int i;
    for (i = 0; i < n; ++i) {
        if (!(a[i] == b[i])) printf("lane %d: kernel %.9g, reference %.9g\n", i, (double)a[i], (double)b[i]);
        assert_true(a[i] == b[i]);
    }
}

/* Two loaded cores agree: count, radius and size, and every lane of the blocks of 4 that hold a
 * vertex (the kernel writes whole blocks only; lanes past the count in a block repeat vertex 0 and
 * hold no face in both). */
static void assert_same_rshape(const rshape *a, const rshape *b) {
    int lanes = (a->count + 3) / 4 * 4;
    assert_int_equal(a->count, b->count);
    assert_true(a->radius == b->radius && a->size == b->size);
    assert_same_lanes(a->vx, b->vx, lanes);
    assert_same_lanes(a->vy, b->vy, lanes);
    assert_same_lanes(a->nx, b->nx, lanes);
    assert_same_lanes(a->ny, b->ny, lanes);
    assert_same_lanes(a->off, b->off, lanes);
}

/* A random polygon for the kernels: random_cast_polygon's (spoiled now and then: awkward values,
 * swapped or reversed vertices, a collinear vertex), now and then moved far from the origin or
 * given a repeated vertex (an edge too short for the vector loader). */
static c2d_polygon kernel_polygon(test_rng *r, double *cx, double *cy, double *size) {
    int n = 3 + (int)(test_rng_next(r) % (C2D_MAX_POLYGON_VERTICES - 2));
    double far = test_rng_next(r) % 8 == 0 ? 1e5 : 5;
    c2d_polygon p;
    *cx = test_rng_range(r, -far, far);
    *cy = test_rng_range(r, -far, far);
    *size = test_rng_range(r, far > 5 ? 1 : 0.01, 3); /* polygons that float coordinates can still hold */
    p = random_cast_polygon(r, n, *cx, *cy, *size);
    if (test_rng_next(r) % 32 == 0) p.vertices[1] = p.vertices[0];
    return p;
}
#endif

/* GJK's proxy loader and support search: the SSE kernels of src/simd/distance_sse.h and their
 * scalar references in src/distance.c on the same random proxies (1 to C2D_MAX_POLYGON_VERTICES
 * points, with repeated points, points on a grid so that projections tie, spoiled coordinates
 * (NaN, infinities, out of range) and bad radii, and garbage in the unused slots): the same
 * verdict, the same local points, and for every direction (axis-aligned ones included, where ties
 * are common, and zero) the same support indices for A in d and for B in -d. */
static void kernels_gjk_loader_and_support(void **state) {
#ifdef POLY_SSE
    test_rng r = test_rng_make("kernels_gjk_loader_and_support");
    const double spoil[5] = {NAN, INFINITY, -INFINITY, 1e30, -1e30};
    int iters = test_iterations(50000), it, good = 0, bad = 0, ties = 0;
    (void)state;
    for (it = 0; it < iters; ++it) {
        c2d_vec2 pa[C2D_MAX_POLYGON_VERTICES], pb[C2D_MAX_POLYGON_VERTICES];
        c2d_vec2 la1[C2D_MAX_POLYGON_VERTICES], la2[C2D_MAX_POLYGON_VERTICES], lb1[C2D_MAX_POLYGON_VERTICES],
            lb2[C2D_MAX_POLYGON_VERTICES];
        c2d_gjk_lanes sa, sb;
        int na = 1 + (int)(test_rng_next(&r) % C2D_MAX_POLYGON_VERTICES), nb = 1 + (int)(test_rng_next(&r) % C2D_MAX_POLYGON_VERTICES);
        double far = test_rng_range(&r, 0, 1) < 0.5 ? 10 : 1e5;
        bool grid = test_rng_next(&r) % 2 == 0, ga1, ga2, gb1, gb2;
        c2d_real ra = (c2d_real)test_rng_range(&r, 0, 2), rb = (c2d_real)test_rng_range(&r, 0, 2);
        c2d_vec2 origin;
        int k, j;
        for (k = 0; k < C2D_MAX_POLYGON_VERTICES; ++k) {
            /* grid points tie on axis-aligned directions; the unused slots hold whatever is there */
            pa[k] = grid ? V(floor(test_rng_range(&r, -3, 3)), floor(test_rng_range(&r, -3, 3)))
                         : V(test_rng_range(&r, -far, far), test_rng_range(&r, -far, far));
            pb[k] = grid ? V(floor(test_rng_range(&r, -3, 3)), floor(test_rng_range(&r, -3, 3)))
                         : V(test_rng_range(&r, -far, far), test_rng_range(&r, -far, far));
        }
        if (na > 1 && test_rng_next(&r) % 4 == 0) pa[na - 1] = pa[0];
        if (test_rng_next(&r) % 16 == 0) pa[test_rng_next(&r) % (unsigned)na].x = (c2d_real)spoil[test_rng_next(&r) % 5];
        if (test_rng_next(&r) % 16 == 0) pb[test_rng_next(&r) % (unsigned)nb].y = (c2d_real)spoil[test_rng_next(&r) % 5];
        if (test_rng_next(&r) % 32 == 0) ra = (c2d_real)(test_rng_next(&r) % 2 ? -1.0 : NAN);
        if (test_rng_next(&r) % 64 == 0) {
            na = 0; /* and counts outside the range */
            nb = C2D_MAX_POLYGON_VERTICES + 1;
        }
        origin = pa[0];
        memset(la1, 0, sizeof la1);
        memset(la2, 0, sizeof la2);
        memset(lb1, 0, sizeof lb1);
        memset(lb2, 0, sizeof lb2);
        memset(&sa, 0, sizeof sa);
        memset(&sb, 0, sizeof sb);
        ga1 = c2d_sse_gjk_load(pa, na, ra, origin, la1, &sa);
        ga2 = c2d_ref_gjk_load(pa, na, ra, origin, la2);
        gb1 = c2d_sse_gjk_load(pb, nb, rb, origin, lb1, &sb);
        gb2 = c2d_ref_gjk_load(pb, nb, rb, origin, lb2);
        assert_int_equal(ga1, ga2);
        assert_int_equal(gb1, gb2);
        if (!(ga1 && gb1)) {
            ++bad;
            continue;
        }
        ++good;
        assert_memory_equal(la1, la2, sizeof(c2d_vec2) * (size_t)na);
        assert_memory_equal(lb1, lb2, sizeof(c2d_vec2) * (size_t)nb);
        for (j = 0; j < 12; ++j) {
            c2d_vec2 d;
            int ia, ib, ra_i, rb_i;
            if (j < 4) d = V(j == 0 ? 1 : j == 1 ? -1 : 0, j == 2 ? 1 : j == 3 ? -1 : 0);
            else if (j == 4) d = V(0, 0);
            else d = V(test_rng_range(&r, -2, 2), test_rng_range(&r, -2, 2));
            c2d_sse_gjk_support_pair(&sa, &sb, d, &ia, &ib);
            ra_i = c2d_ref_gjk_support(la2, na, d);
            rb_i = c2d_ref_gjk_support(lb2, nb, c2d_neg(d));
            assert_int_equal(ia, ra_i);
            assert_int_equal(ib, rb_i);
            {
                int m, tied = 0;
                for (m = 0; m < na; ++m) tied += c2d_dot(la2[m], d) == c2d_dot(la2[ra_i], d);
                ties += tied > 1;
            }
        }
    }
    print_message("kernels_gjk_loader_and_support: %d good, %d refused, %d support searches with tied points\n", good, bad, ties);
    assert_true(good > iters / 2 && bad > iters / 20 && ties > iters);
#else
    (void)state;
    skip(); /* no SSE kernels in this build */
#endif
}

/* The polygon loader, the separation search and the box early-out: the SSE kernels and their
 * scalar references on the same random polygons (good, spoiled and far from the origin), bit for
 * bit. */
static void kernels_polygon_loader_and_separation(void **state) {
#ifdef POLY_SSE
    test_rng r = test_rng_make("kernels_polygon_loader_and_separation");
    int iters = test_iterations(50000), it, good = 0, bad = 0, apart = 0;
    (void)state;
    for (it = 0; it < iters; ++it) {
        double cx, cy, size, cx2, cy2, size2;
        c2d_polygon a = kernel_polygon(&r, &cx, &cy, &size), b = kernel_polygon(&r, &cx2, &cy2, &size2);
        /* the local origin: a point of b in the library (checked before any load), here also beside it */
        c2d_vec2 o = V(cx2 + test_rng_range(&r, -1, 1) * size2, cy2);
        rshape s1, s2, t1, t2;
        bool g1, g2;
        memset(&s1, 0, sizeof s1);
        memset(&s2, 0, sizeof s2);
        if (test_rng_next(&r) % 2) b.vertices[0] = V(cx + test_rng_range(&r, -2, 2) * size, cy + test_rng_range(&r, -2, 2) * size);
        g1 = c2d_sse_rs_polygon(&s1, &a, o);
        g2 = c2d_ref_rs_polygon(&s2, &a, o);
        assert_int_equal(g1, g2);
        /* the box early-out's answers agree where no coordinate is NaN (a NaN takes part in no
         * comparison, and the bad polygon is refused by the loader either way) */
        if (c2d_polygon_usable(&a) && c2d_polygon_usable(&b)) {
            assert_int_equal(c2d_sse_polygon_boxes_apart(&a, &b), c2d_ref_polygon_boxes_apart(&a, &b));
            apart += c2d_ref_polygon_boxes_apart(&a, &b);
        }
        if (!g1) {
            ++bad;
            continue;
        }
        ++good;
        assert_same_rshape(&s1, &s2);
        memset(&t1, 0, sizeof t1);
        memset(&t2, 0, sizeof t2);
        if (c2d_sse_rs_polygon(&t1, &b, o) && c2d_ref_rs_polygon(&t2, &b, o)) {
            int f1, f2;
            c2d_real v1, v2;
            assert_same_rshape(&t1, &t2);
            v1 = c2d_sse_rs_separation(&s1, &t1, &f1);
            v2 = c2d_ref_rs_separation(&s2, &t2, &f2);
            assert_memory_equal(&v1, &v2, sizeof v1);
            assert_int_equal(f1, f2);
            v1 = c2d_sse_rs_separation(&t1, &s1, &f1);
            v2 = c2d_ref_rs_separation(&t2, &s2, &f2);
            assert_memory_equal(&v1, &v2, sizeof v1);
            assert_int_equal(f1, f2);
        }
    }
    printf("kernels_polygon_loader_and_separation: %d good polygons, %d bad, %d pairs with apart boxes\n", good, bad, apart);
    assert_true(good > iters / 2 && bad > iters / 100 && apart > iters / 100);
#else
    (void)state;
    skip(); /* no narrow-phase kernels in this build: the references are the only code */
#endif
}

/* The loader of a polygon placed by a transform (the _xf manifold): kernel and reference on random
 * local polygons, transforms (a few eps off unit length now and then) and partners, bit for bit. */
static void kernels_placed_loader(void **state) {
#ifdef POLY_SSE
    test_rng r = test_rng_make("kernels_placed_loader");
    int iters = test_iterations(50000), it, loaded = 0;
    (void)state;
    for (it = 0; it < iters; ++it) {
        double cx, cy, size, cx2, cy2, size2;
        c2d_polygon a = kernel_polygon(&r, &cx, &cy, &size), b = kernel_polygon(&r, &cx2, &cy2, &size2);
        c2d_transform rel = c2d_transform_make(V(cx2 - cx + test_rng_range(&r, -2, 2) * size2, cy2 - cy + test_rng_range(&r, -2, 2) * size2),
                                               (c2d_real)test_rng_range(&r, -4, 4));
        rshape a1, b1, a2, b2;
        bool g1, g2;
        if (test_rng_next(&r) % 4 == 0) {
            double f = 1 + (double)(test_rng_next(&r) % 9) * (double)C2D_EPSILON;
            rel.q.c = (c2d_real)(rel.q.c * f);
            rel.q.s = (c2d_real)(rel.q.s * f);
        }
        memset(&a1, 0, sizeof a1);
        memset(&b1, 0, sizeof b1);
        memset(&a2, 0, sizeof a2);
        memset(&b2, 0, sizeof b2);
        g1 = c2d_sse_load_placed(&a1, &b1, &a, rel, &b, b.vertices[0]);
        g2 = c2d_ref_load_placed(&a2, &b2, &a, rel, &b, b.vertices[0]);
        assert_int_equal(g1, g2);
        if (g1) {
            ++loaded;
            assert_same_rshape(&a1, &a2);
            assert_same_rshape(&b1, &b2);
        }
    }
    printf("kernels_placed_loader: %d of %d pairs loaded\n", loaded, iters);
    assert_true(loaded > iters / 10 && loaded < iters - iters / 10);
#else
    (void)state;
    skip();
#endif
}

/* The circle's nearest-feature search: the kernel (the least point-segment distance, four edges at
 * a time) and the reference (Box2D's face and Voronoi regions) on random circles and points near
 * random polygons. The verdicts agree (no and bad count as one: no contact), except that one may be unsure where the other is sure (the
 * two round the gap differently, by a few units of the shapes' size, which matters only at the
 * edge of the unsure band); the depths agree to 64 rounding units of the shapes' size, normals and
 * positions to 8 sqrt(eps) (stated tolerances, see below: the formulas differ). */
static void kernels_disk_polygon(void **state) {
#ifdef POLY_SSE
    test_rng r = test_rng_make("kernels_disk_polygon");
    int iters = test_iterations(100000), it, yes = 0, band = 0, nonconvex = 0, counts[4] = {0};
    (void)state;
    for (it = 0; it < iters; ++it) {
        double cx, cy, size;
        c2d_polygon p = kernel_polygon(&r, &cx, &cy, &size);
        bool is_point = test_rng_next(&r) % 4 == 0;
        c2d_vec2 c = V(awkward(&r, cx + test_rng_range(&r, -2, 2) * size), cy + test_rng_range(&r, -2, 2) * size);
        c2d_real rad = is_point ? 0 : (c2d_real)(size * test_rng_range(&r, 0.01, 1));
        contact k1, k2;
        verdict v1, v2;
        bool convex = c2d_polygon_is_valid(&p);
        memset(&k1, 0, sizeof k1);
        memset(&k2, 0, sizeof k2);
        v1 = c2d_sse_disk_polygon(c, rad, is_point, &p, &k1);
        v2 = c2d_ref_disk_polygon(c, rad, is_point, &p, &k2);
        ++counts[v2];
        /* no contact either way: the kernel settles a clear miss before it checks the circle (that
         * miss is the exact test's answer for any input), the reference checks the circle first */
        if ((v1 == RS_NO || v1 == RS_BAD) && (v2 == RS_NO || v2 == RS_BAD)) continue;
        /* a polygon that passes the loaders' rule but is not convex (a spoiled one) gets finite
         * answers that need not agree (design.md): only the kernel's finite contact is checked */
        if (!convex) {
            ++nonconvex;
            if (v1 == RS_YES || v1 == RS_UNSURE) assert_true(isfinite(k1.depth) && isfinite(k1.normal.x) && isfinite(k1.pos.y));
            continue;
        }
        if (v1 != v2) {
            printf("disk kernel %d, reference %d: c (%.9g %.9g) r %.9g\n", (int)v1, (int)v2, (double)c.x, (double)c.y, (double)rad);
            assert_true(v1 == RS_UNSURE || v2 == RS_UNSURE);
            ++band;
            continue;
        }
        if (v1 == RS_YES || v1 == RS_UNSURE) {
            double scale = 4 * size + fabs((double)c.x - cx) + fabs((double)c.y - cy) + (double)rad, tol = 64 * (double)C2D_EPSILON * scale;
            ++yes;
            /* The kernel compares squared distances, which tie within rounding when the center is
             * within sqrt(eps) of a Voronoi boundary; it may then take the vertex where the
             * reference takes the foot on the edge beside it (seen: normals 3.5e-4 apart, feet
             * 5.8e-5 apart, depths equal to 1e-8). Normal and position therefore agree to
             * 8 sqrt(eps) of the shapes' size (the direction to within 8 sqrt(eps)), the depth to
             * 64 rounding units. */
            assert_true(fabs((double)k1.normal.x - (double)k2.normal.x) <= 8 * sqrt((double)C2D_EPSILON));
            assert_true(fabs((double)k1.normal.y - (double)k2.normal.y) <= 8 * sqrt((double)C2D_EPSILON));
            assert_true(fabs((double)k1.pos.x - (double)k2.pos.x) <= 8 * sqrt((double)C2D_EPSILON) * scale);
            assert_true(fabs((double)k1.pos.y - (double)k2.pos.y) <= 8 * sqrt((double)C2D_EPSILON) * scale);
            assert_true(fabs((double)k1.depth - (double)k2.depth) <= tol);
        }
    }
    printf("kernels_disk_polygon: reference no %d, yes %d, unsure %d, bad %d; %d contacts compared, %d band disagreements, "
           "%d hits on polygons that are not convex\n",
           counts[RS_NO], counts[RS_YES], counts[RS_UNSURE], counts[RS_BAD], yes, band, nonconvex);
    assert_true(counts[RS_NO] > iters / 10 && counts[RS_YES] > iters / 10 && counts[RS_BAD] > iters / 100);
#else
    (void)state;
    skip();
#endif
}

/* ---- the pair sweep's AVX2 output against its base path ---- */

/* Every pair of the index's one-shot list with the sweep on path (C2D_SWEEP_PATH_*), copied out. */
static c2d_index_pair *sweep_pairs_on(c2d_index *index, int32_t path, int32_t *count) {
    const c2d_index_pair *pairs = NULL;
    c2d_index_pair *copy;
    index->pairs.sweep_path = path;
    assert_status(c2d_index_find_pairs(index, &pairs, count), C2D_OK);
    copy = (c2d_index_pair *)malloc(((size_t)*count + 1) * sizeof *copy);
    assert_non_null(copy);
    if (*count > 0) memcpy(copy, pairs, (size_t)*count * sizeof *copy);
    return copy;
}

static int pair_order_cmp(const void *p, const void *q) {
    const c2d_index_pair *x = (const c2d_index_pair *)p, *y = (const c2d_index_pair *)q;
    if (x->a != y->a) return x->a < y->a ? -1 : 1;
    return x->b < y->b ? -1 : x->b > y->b;
}

/* The sweep's three paths (the AVX2 pair output when this CPU has it, the base path: SSE2 blocks
 * of 4 where built, and plain C, the reference) give the same list in the same order (the indexes use
 * C2D_PAIR_ORDER_SWEEP, so the lists come unsorted, as the sweep wrote them) on random scenes:
 * sparse and dense, boxes on an integer grid (touching edges, equal sides), a few very tall or
 * wide boxes (the strips above; more than 4 candidates per block), for the static tree,
 * sweep-and-prune and dynamic tree, serial and split into 3 parts; the plain-C list, sorted, also
 * equals brute force, pair for pair (so no duplicates either), on the static tree's smaller scenes
 * and every sixth split one. The static tree's first list after its build comes from the join of
 * its leaves (st_join_all), not from the sweep: sorted, it is the sweep's. */
static void sweep_pair_paths_match(void **state) {
    test_rng r = test_rng_make("sweep_pair_paths_match");
    int round, rounds = test_iterations(24), compared = 0, total_pairs = 0;
    (void)state;
    printf("sweep_pair_paths_match: AVX2 on this CPU: %s (the sweep takes it only in x86 builds with SSE2)\n",
#if defined(__GNUC__) && (defined(__x86_64__) || defined(__i386__))
           __builtin_cpu_supports("avx2") ? "yes" : "no"
#else
           "no"
#endif
    );
    for (round = 0; round < rounds; ++round) {
        int32_t n = 200 + (int32_t)(test_rng_next(&r) % 9000), i, kind, na, nb;
        int scene = round % 4;
        double side = sqrt((double)n / (scene == 1 ? 3.0 : 0.5));
        c2d_aabb *boxes = (c2d_aabb *)malloc((size_t)n * sizeof *boxes);
        assert_non_null(boxes);
        for (i = 0; i < n; ++i) {
            double x = test_rng_range(&r, 0, side), y = test_rng_range(&r, 0, side);
            double w = test_rng_range(&r, 0.5, 1.5), h = test_rng_range(&r, 0.5, 1.5);
            if (scene == 2) {
                x = floor(x);
                y = floor(y);
                w = 1 + (double)(test_rng_next(&r) % 2);
                h = w;
            }
            if (scene == 3 && i % 97 == 0) {
                if (i % 2) h = side / 3;
                else w = side / 2;
            }
            boxes[i] = box_raw(x, y, x + w, y + h);
        }
        for (kind = 0; kind < 6; ++kind) {
            c2d_index_config config;
            c2d_index *index = NULL;
            c2d_index_pair *a, *b, *c, *joined = NULL;
            int32_t nc, nj = 0;
            memset(&config, 0, sizeof config);
            config.tasks.worker_count = kind >= 3 ? 3 : 0;
            config.pair_order = C2D_PAIR_ORDER_SWEEP;
            if (kind % 3 == 0) assert_status(c2d_static_tree_create(&config, boxes, NULL, n, &index), C2D_OK);
            else if (kind % 3 == 1) assert_status(c2d_sweep_prune_create(&config, &index), C2D_OK);
            else assert_status(c2d_dynamic_tree_create(&config, &index), C2D_OK);
            if (kind % 3 != 0) assert_status(c2d_index_build(index, boxes, NULL, n), C2D_OK);
            /* the static tree's first call after a build joins its leaves; the sweep comes after */
            if (kind % 3 == 0) joined = sweep_pairs_on(index, C2D_SWEEP_PATH_AUTO, &nj);
            a = sweep_pairs_on(index, C2D_SWEEP_PATH_SCALAR, &na);
            b = sweep_pairs_on(index, C2D_SWEEP_PATH_BASE, &nb);
            c = sweep_pairs_on(index, C2D_SWEEP_PATH_AUTO, &nc);
            assert_int_equal(na, nb);
            assert_int_equal(na, nc);
            assert_true(na == 0 || memcmp(a, b, (size_t)na * sizeof *a) == 0);
            assert_true(na == 0 || memcmp(a, c, (size_t)na * sizeof *a) == 0);
            qsort(a, (size_t)na, sizeof *a, pair_order_cmp);
            if (joined != NULL) {
                qsort(joined, (size_t)nj, sizeof *joined, pair_order_cmp);
                assert_int_equal(nj, na);
                assert_true(na == 0 || memcmp(a, joined, (size_t)na * sizeof *a) == 0);
                free(joined);
                joined = NULL;
            }
            if ((kind == 0 && n <= 3000) || (kind == 3 && round % 6 == 0)) {
                int32_t j, k = 0;
                for (i = 0; i < n; ++i)
                    for (j = i + 1; j < n; ++j)
                        if (c2d_aabb_overlap_aabb(boxes[i], boxes[j])) {
                            assert_true(k < na);
                            assert_int_equal(a[k].a, i);
                            assert_int_equal(a[k].b, j);
                            ++k;
                        }
                assert_int_equal(k, na);
            }
            total_pairs += na;
            ++compared;
            free(a);
            free(b);
            free(c);
            c2d_index_destroy(index);
        }
        free(boxes);
    }
    printf("sweep_pair_paths_match: %d lists compared, %d pairs\n", compared, total_pairs);
    assert_true(total_pairs > rounds * 1000);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(sweep_pair_paths_match),
        cmocka_unit_test(aabb_inline_hand_cases),
        cmocka_unit_test(aabb_inline_random),
        cmocka_unit_test(aabb_inline_special_values),
        cmocka_unit_test(polygon_boxes_touching),
        cmocka_unit_test(circle_polygon_box_boundary),
        cmocka_unit_test(circle_polygon_stored_normals_boundary),
        cmocka_unit_test(circle_polygon_untrusted_normals),
        cmocka_unit_test(circle_polygon_stored_matches_derived),
        cmocka_unit_test(circle_polygon_exact_miss_boundary),
        cmocka_unit_test(circle_polygon_matches_general_path),
        cmocka_unit_test(far_transformed_polygons_agree),
        cmocka_unit_test(short_edge_polygon),
        cmocka_unit_test(circle_circle_direct),
        cmocka_unit_test(aabb_raycast_matches_general),
        cmocka_unit_test(aabb_raycast_hand),
        cmocka_unit_test(polygon_transform_matches_scalar),
        cmocka_unit_test(xf_manifolds_hand),
        cmocka_unit_test(xf_manifolds_random),
        cmocka_unit_test(xf_polygon_matches_placed),
        cmocka_unit_test(xf_polygon_placed_edge_cases),
        cmocka_unit_test(circle_circle_checks_after_overlap),
        cmocka_unit_test(aabb_raycast_awkward_inputs),
        cmocka_unit_test(aabb_raycast_range_limit),
        cmocka_unit_test(circle_raycast_matches_reference),
        cmocka_unit_test(circle_raycast_awkward_inputs),
        cmocka_unit_test(polygon_raycast_matches_reference),
        cmocka_unit_test(polygon_raycast_overflowing_normal),
        cmocka_unit_test(polygon_raycast_xf_matches_reference),
        cmocka_unit_test(polygon_raycast_xf_transform_boundaries),
        cmocka_unit_test(segment_raycast_matches_reference),
        cmocka_unit_test(kernels_gjk_loader_and_support),
        cmocka_unit_test(kernels_polygon_loader_and_separation),
        cmocka_unit_test(kernels_placed_loader),
        cmocka_unit_test(kernels_disk_polygon),
        cmocka_unit_test(circle_polygon_trusted_agrees),
        cmocka_unit_test(circle_polygon_trusted_hand_made),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
