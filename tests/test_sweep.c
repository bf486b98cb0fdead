/* The intersect article's sweeps: a moving box against one static box (c2d_aabb_sweep_aabb) and
 * through many (c2d_aabb_sweep_into). Hand-computed contact times, normals and points; the
 * resting / sliding / into / away / overlapping / zero-delta table; the safe position never
 * touching what was hit; no tunnelling through thin walls; invalid input; far from the origin. */
#include "test_util.h"

/* a moved by time * delta, computed as a caller would. */
static c2d_aabb moved(c2d_aabb a, c2d_vec2 delta, c2d_real time) {
    c2d_aabb m;
    m.lower = c2d_mul_add(a.lower, time, delta);
    m.upper = c2d_mul_add(a.upper, time, delta);
    return m;
}
/* a re-centered on pos (the sweep's reference point) with its own half extents. */
static c2d_aabb recentered(c2d_aabb a, c2d_vec2 pos) {
    c2d_vec2 h = c2d_aabb_extents(a);
    c2d_aabb m;
    m.lower = c2d_sub(pos, h);
    m.upper = c2d_add(pos, h);
    return m;
}
/* True when the boxes are apart with a strictly positive gap on some axis (not even touching). */
static bool apart(c2d_aabb p, c2d_aabb q) {
    return q.lower.x - p.upper.x > 0 || p.lower.x - q.upper.x > 0 ||
           q.lower.y - p.upper.y > 0 || p.lower.y - q.upper.y > 0;
}

/* Open boxes overlap (computed here so this test does not depend on other query files). */
static bool boxes_overlap(c2d_aabb p, c2d_aabb q) {
    return p.lower.x < q.upper.x && q.lower.x < p.upper.x && p.lower.y < q.upper.y && q.lower.y < p.upper.y;
}
static c2d_real min_real(c2d_real x, c2d_real y) { return x < y ? x : y; }

static void assert_sweep_finite(c2d_sweep s) {
    assert_hit_finite(s.hit);
    assert_true(isfinite((double)s.pos.x) && isfinite((double)s.pos.y) && isfinite((double)s.time));
    assert_true(s.time >= 0 && s.time <= 1);
}

/* ---------------------------------------------------------------- one static box */

/* The article's figure "the sweep test prevents A from moving into B": A (half 1) at (-5,0)
 * moves by (10,0) toward B (half 2) at the origin; their faces meet when -4 + 10t = -2.
 * The article backs off by EPSILON = 1e-8 in time, which is no distance at all for a long move
 * and below float resolution; here the back-off is C2D_SWEEP_MARGIN in distance (1e-5 in time
 * for this move) plus a rounding allowance, and the box at the safe position keeps a gap. */
static void seed_sweep_stops_a_before_b(void **state) {
    c2d_aabb a = box_c(-5, 0, 1, 1), b = box_c(0, 0, 2, 2);
    c2d_vec2 d = c2d_v2(10, 0);
    c2d_sweep s = c2d_aabb_sweep_aabb(a, d, b);
    (void)state;
    assert_true(s.has_hit);
    assert_sweep_finite(s);
    assert_near(s.hit.time, 0.2, TOL);
    assert_vec_near(s.hit.normal, -1, 0, 0);
    assert_vec_near(s.hit.pos, -2, 0, TOL);
    assert_vec_near(s.hit.delta, -8, 0, TOL);
    assert_true(s.time < s.hit.time);
    assert_true(s.time > 0.2 - 1e-4);
    assert_near(s.pos.x, -5 + 10 * (double)s.time, TOL);
    assert_near(s.pos.y, 0, 0);
    assert_true(apart(moved(a, d, s.time), b));
    assert_true(apart(recentered(a, s.pos), b));
    /* the gap is about the margin: 1e-4 (plus rounding allowance) */
    assert_true((double)b.lower.x - (double)moved(a, d, s.time).upper.x >= 0.9e-4);
    assert_true((double)b.lower.x - (double)moved(a, d, s.time).upper.x <= 1e-3);
}

/* The article's figure "if B is padded with the size of A, this segment test is the same as
 * sweeping A": the sweep and the padded ray cast of A's center agree. */
static void seed_sweep_is_padded_segment(void **state) {
    c2d_aabb a = box_c(-5, -5, 1, 0.5), b = box_c(0, 0, 2, 2);
    c2d_vec2 d = c2d_v2(8, 6);
    c2d_raycast_input in;
    c2d_sweep s = c2d_aabb_sweep_aabb(a, d, b);
    c2d_hit h;
    (void)state;
    in.origin = c2d_aabb_center(a);
    in.translation = d;
    in.max_fraction = 1;
    assert_true(c2d_aabb_raycast_padded(b, c2d_aabb_extents(a), in, &h));
    assert_true(s.has_hit);
    /* x: -4 + 8t = -2 at t = 0.25; y: -4.5 + 6t = -2 at t = 5/12: the y face is entered last */
    assert_near(s.hit.time, 5.0 / 12.0, TOL);
    assert_near(h.time, 5.0 / 12.0, TOL);
    assert_vec_near(s.hit.normal, 0, -1, 0);
    assert_vec_near(h.normal, 0, -1, 0);
    assert_vec_near(s.hit.delta, (5.0 / 12.0 - 1) * 8, (5.0 / 12.0 - 1) * 6, TOL);
    assert_vec_near(h.delta, (5.0 / 12.0 - 1) * 8, (5.0 / 12.0 - 1) * 6, TOL);
    /* contact: A's x span at t = 5/12 is [-6 + 10/3, -4 + 10/3] = [-8/3, -2/3], on B: [-2, -2/3] */
    assert_vec_near(s.hit.pos, -4.0 / 3.0, -2, TOL);
    assert_true(apart(moved(a, d, s.time), b));
}

/* The article moves the hit point by normalize(delta) * half and clamps it to B. For a box
 * hitting off-center it lands at A's center height (1.5 here); collide2d puts it in the middle
 * of the contact on B's face: A spans y in [0.5, 2.5], B in [-2, 2], so y = 1.25. For a diagonal
 * move the article's point can even end inside B; collide2d's is always on the entered face. */
static void seed_sweep_hit_pos_on_face(void **state) {
    c2d_aabb b = box_c(0, 0, 2, 2);
    c2d_sweep s = c2d_aabb_sweep_aabb(box_c(-5, 1.5, 1, 1), c2d_v2(10, 0), b);
    (void)state;
    assert_true(s.has_hit);
    assert_vec_near(s.hit.pos, -2, 1.25, TOL);
    /* diagonal: A (half 1) from (-5,-5) by (8,6) enters through B's bottom at t = 1/3, where A's
     * x span is [-10/3, -4/3]: the contact on B is x in [-2, -4/3] */
    s = c2d_aabb_sweep_aabb(box_c(-5, -5, 1, 1), c2d_v2(8, 6), b);
    assert_true(s.has_hit);
    assert_near(s.hit.time, 1.0 / 3.0, TOL);
    assert_vec_near(s.hit.normal, 0, -1, 0);
    assert_vec_near(s.hit.pos, -5.0 / 3.0, -2, TOL);
}

/* A resting on top of B (touching) under every kind of move. */
static void test_sweep_resting_table(void **state) {
    c2d_aabb b = box_c(0, 0, 2, 2), a = box_c(0, 3, 1, 1);
    c2d_sweep s;
    (void)state;
    /* sliding along the face: no hit, the whole move */
    s = c2d_aabb_sweep_aabb(a, c2d_v2(5, 0), b);
    assert_false(s.has_hit);
    assert_near(s.time, 1, 0);
    assert_vec_near(s.pos, 5, 3, 0);
    /* moving into B: hit at time 0, nothing of the move is safe */
    s = c2d_aabb_sweep_aabb(a, c2d_v2(5, -1), b);
    assert_true(s.has_hit);
    assert_sweep_finite(s);
    assert_near(s.hit.time, 0, 0);
    assert_vec_near(s.hit.normal, 0, 1, 0);
    assert_vec_near(s.hit.pos, 0, 2, TOL);
    assert_vec_near(s.hit.delta, -5, 1, TOL);
    assert_near(s.time, 0, 0);
    assert_vec_near(s.pos, 0, 3, 0);
    /* moving away */
    s = c2d_aabb_sweep_aabb(a, c2d_v2(0, 1), b);
    assert_false(s.has_hit);
    assert_vec_near(s.pos, 0, 4, 0);
    s = c2d_aabb_sweep_aabb(a, c2d_v2(-3, 2), b);
    assert_false(s.has_hit);
    /* zero delta: the static test; touching is no hit */
    s = c2d_aabb_sweep_aabb(a, c2d_v2(0, 0), b);
    assert_false(s.has_hit);
    assert_near(s.time, 1, 0);
    assert_vec_near(s.pos, 0, 3, 0);
    /* beside B (touching its right face): sliding up is nothing, pushing left is a hit at 0 */
    a = box_c(3, 0, 1, 1);
    assert_false(c2d_aabb_sweep_aabb(a, c2d_v2(0, 5), b).has_hit);
    s = c2d_aabb_sweep_aabb(a, c2d_v2(-1, 5), b);
    assert_true(s.has_hit);
    assert_near(s.hit.time, 0, 0);
    assert_vec_near(s.hit.normal, 1, 0, 0);
    /* the contact at time 0: A's y span [-1, 1] on B's right face */
    assert_vec_near(s.hit.pos, 2, 0, TOL);
}

static void test_sweep_overlapping(void **state) {
    c2d_aabb b = box_c(0, 0, 2, 2), a = box_c(0, 2.5, 1, 1); /* 0.5 deep through the top */
    c2d_sweep s;
    int k;
    const c2d_vec2 moves[4] = {{3, 0}, {0, -1}, {0, 1}, {0, 0}};
    (void)state;
    for (k = 0; k < 4; ++k) {
        s = c2d_aabb_sweep_aabb(a, moves[k], b);
        assert_true(s.has_hit);
        assert_sweep_finite(s);
        assert_near(s.hit.time, 0, 0);
        assert_near(s.time, 0, 0);
        assert_vec_near(s.pos, 0, 2.5, 0);
        assert_vec_near(s.hit.normal, 0, 1, 0);
        assert_vec_near(s.hit.delta, 0, 0.5, TOL);
        assert_vec_near(s.hit.pos, 0, 2, TOL);
    }
    /* deeper along y than x: pushed out sideways through the nearer right face */
    s = c2d_aabb_sweep_aabb(box_c(2.5, 0.5, 1, 1), c2d_v2(1, 1), b);
    assert_true(s.has_hit);
    assert_vec_near(s.hit.normal, 1, 0, 0);
    assert_vec_near(s.hit.delta, 0.5, 0, TOL);
    assert_vec_near(s.hit.pos, 2, 0.5, TOL);
    /* A inside B: out through the face its center is nearest */
    s = c2d_aabb_sweep_aabb(box_c(0, -1.2, 0.5, 0.5), c2d_v2(0, 0), b);
    assert_true(s.has_hit);
    assert_vec_near(s.hit.normal, 0, -1, 0);
    assert_vec_near(s.hit.delta, 0, -1.3, TOL);
    assert_vec_near(s.hit.pos, 0, -2, TOL);
}

/* A sweep that starts overlapping reports the static c2d_aabb_hit_aabb, field for field, whatever
 * the move (random overlapping boxes). */
static void test_sweep_overlap_matches_static_hit(void **state) {
    test_rng r = test_rng_make("sweep_overlap_matches_static_hit");
    const int iters = test_iterations(20000);
    int it, checked = 0;
    c2d_sweep s;
    (void)state;
    for (it = 0; it < iters; ++it) {
        c2d_aabb a = box_c(test_rng_range(&r, -3, 3), test_rng_range(&r, -3, 3),
                           test_rng_range(&r, 0.1, 3), test_rng_range(&r, 0.1, 3));
        c2d_aabb b = box_c(test_rng_range(&r, -3, 3), test_rng_range(&r, -3, 3),
                           test_rng_range(&r, 0.1, 3), test_rng_range(&r, 0.1, 3));
        c2d_vec2 d = it % 2 ? c2d_v2(0, 0) : c2d_v2((c2d_real)test_rng_range(&r, -5, 5), (c2d_real)test_rng_range(&r, -5, 5));
        c2d_hit h;
        bool got = c2d_aabb_hit_aabb(a, b, &h);
        s = c2d_aabb_sweep_aabb(a, d, b);
        if (!got) continue;
        ++checked;
        assert_true(s.has_hit);
        assert_memory_equal(&s.hit.normal, &h.normal, sizeof h.normal);
        assert_memory_equal(&s.hit.delta, &h.delta, sizeof h.delta);
        assert_memory_equal(&s.hit.pos, &h.pos, sizeof h.pos);
        assert_near(s.hit.time, 0, 0);
        assert_near(s.time, 0, 0);
    }
    assert_true(checked > iters / 10);
}

static void test_sweep_corner(void **state) {
    c2d_aabb b = box_c(0, 0, 1, 1);
    c2d_sweep s;
    (void)state;
    /* A = [-4,-2] x [0,2] moving (4,4) meets B only at the corner (-1,1) at t = 0.25 */
    s = c2d_aabb_sweep_aabb(box_c(-3, 1, 1, 1), c2d_v2(4, 4), b);
    assert_false(s.has_hit);
    assert_near(s.time, 1, 0);
    /* 0.01 lower: overlapping for t in (0.25, 0.2525), entered through B's left face */
    s = c2d_aabb_sweep_aabb(box_c(-3, 0.99, 1, 1), c2d_v2(4, 4), b);
    assert_true(s.has_hit);
    assert_near(s.hit.time, 0.25, TOL);
    assert_vec_near(s.hit.normal, -1, 0, 0);
    assert_vec_near(s.hit.pos, -1, 0.995, TOL);
    /* corner to corner along the diagonal: both faces at once, the y face wins as in the ray cast */
    s = c2d_aabb_sweep_aabb(box_c(-3, -3, 1, 1), c2d_v2(4, 4), b);
    assert_true(s.has_hit);
    assert_near(s.hit.time, 0.25, TOL);
    assert_vec_near(s.hit.normal, 0, -1, 0);
    assert_vec_near(s.hit.pos, -1, -1, TOL);
    assert_true(apart(moved(box_c(-3, -3, 1, 1), c2d_v2(4, 4), s.time), b));
}

static void test_sweep_end_on_surface(void **state) {
    c2d_aabb b = box_c(0, 0, 2, 2), a = box_c(-5, 0, 1, 1);
    c2d_sweep s;
    (void)state;
    s = c2d_aabb_sweep_aabb(a, c2d_v2(2, 0), b); /* ends touching */
    assert_false(s.has_hit);
    assert_vec_near(s.pos, -3, 0, 0);
    s = c2d_aabb_sweep_aabb(a, c2d_v2(2.001, 0), b);
    assert_true(s.has_hit);
    assert_near(s.hit.time, 2 / 2.001, TOL);
    assert_true(apart(moved(a, c2d_v2(2.001, 0), s.time), b));
}

/* Zero-size boxes are invalid (c2d_aabb_is_valid needs positive width and height): a box with
 * no interior overlaps nothing, so a zero-width wall in the path is not hit either. Points are
 * swept with c2d_aabb_raycast. */
static void test_sweep_zero_size_boxes(void **state) {
    c2d_aabb b = box_c(0, 0, 2, 2), a = box_c(-5, 0, 1, 1), pt, wall;
    c2d_sweep s;
    (void)state;
    pt.lower = pt.upper = c2d_v2(-5, 0);
    s = c2d_aabb_sweep_aabb(pt, c2d_v2(10, 0), b);
    assert_false(s.has_hit);
    assert_sweep_finite(s);
    assert_near(s.time, 0, 0);
    pt.lower = pt.upper = c2d_v2((c2d_real)0.5, (c2d_real)1.5); /* inside b */
    assert_false(c2d_aabb_sweep_aabb(pt, c2d_v2(0, 0), b).has_hit);
    wall.lower = c2d_v2(3, -5);
    wall.upper = c2d_v2(3, 5);
    s = c2d_aabb_sweep_aabb(a, c2d_v2(10, 0), wall);
    assert_false(s.has_hit);
    assert_near(s.time, 1, 0);
    assert_vec_near(s.pos, 5, 0, 0);
}

static void test_sweep_invalid(void **state) {
    c2d_aabb b = box_c(0, 0, 2, 2), a = box_c(-5, 0, 1, 1), bad;
    c2d_sweep s;
    (void)state;
    /* a bad move: no hit, and no move */
    s = c2d_aabb_sweep_aabb(a, c2d_v2((c2d_real)NAN, 0), b);
    assert_false(s.has_hit);
    assert_sweep_finite(s);
    assert_near(s.time, 0, 0);
    assert_vec_near(s.pos, -5, 0, 0);
    s = c2d_aabb_sweep_aabb(a, c2d_v2(0, (c2d_real)INFINITY), b);
    assert_false(s.has_hit);
    assert_sweep_finite(s);
    assert_vec_near(s.pos, -5, 0, 0);
    /* a bad moving box: no hit, finite outputs */
    bad = a;
    bad.lower.x = (c2d_real)NAN;
    s = c2d_aabb_sweep_aabb(bad, c2d_v2(10, 0), b);
    assert_false(s.has_hit);
    assert_sweep_finite(s);
    bad = a;
    bad.lower.x = 10; /* inverted */
    s = c2d_aabb_sweep_aabb(bad, c2d_v2(10, 0), b);
    assert_false(s.has_hit);
    assert_sweep_finite(s);
    /* a bad static box is never hit: the whole move */
    bad = b;
    bad.upper.y = (c2d_real)NAN;
    s = c2d_aabb_sweep_aabb(a, c2d_v2(10, 0), bad);
    assert_false(s.has_hit);
    assert_sweep_finite(s);
    assert_vec_near(s.pos, 5, 0, 0);
    bad = b;
    bad.lower.x = (c2d_real)-INFINITY;
    s = c2d_aabb_sweep_aabb(a, c2d_v2(10, 0), bad);
    assert_false(s.has_hit);
    assert_sweep_finite(s);
}

static void test_sweep_far_from_origin(void **state) {
    const double o = 1e6;
    c2d_aabb a = box_c(o - 5, o, 1, 1), b = box_c(o, o, 2, 2);
    c2d_vec2 d = c2d_v2(10, 0);
    c2d_sweep s = c2d_aabb_sweep_aabb(a, d, b);
    (void)state;
    assert_true(s.has_hit);
    assert_near(s.hit.time, 0.2, TOL);
    assert_vec_near(s.hit.normal, -1, 0, 0);
    assert_vec_near(s.hit.pos, o - 2, o, 0.07);
    assert_true(s.time < s.hit.time);
    assert_true(apart(moved(a, d, s.time), b));
    assert_true(apart(recentered(a, s.pos), b));
    /* resting on top far away: still sliding, still no hit */
    a = box_c(o, o + 3, 1, 1);
    assert_false(c2d_aabb_sweep_aabb(a, c2d_v2(5, 0), b).has_hit);
    assert_true(c2d_aabb_sweep_aabb(a, c2d_v2(5, -1), b).has_hit);
}

/* ---------------------------------------------------------------- many static boxes */

/* The article's sweepInto: a box moving right through three pillars stops at the nearest one,
 * whatever order the pillars are listed in; a box off the path is ignored. */
static void seed_sweep_into_nearest(void **state) {
    c2d_aabb a = box_c(0, 0, 0.5, 0.5);
    c2d_vec2 d = c2d_v2(10, 0);
    c2d_aabb statics[4];
    int order[4][4] = {{0, 1, 2, 3}, {3, 2, 1, 0}, {1, 3, 0, 2}, {2, 0, 3, 1}};
    c2d_aabb pillars[4];
    int k, i, idx = 99;
    (void)state;
    pillars[0] = box_c(9, 0, 0.5, 2);
    pillars[1] = box_c(3, 0, 0.5, 2); /* nearest: 0.5 + 10t = 2.5 at t = 0.2 */
    pillars[2] = box_c(6, 0, 0.5, 2);
    pillars[3] = box_c(5, 5, 1, 1); /* off the path */
    for (k = 0; k < 4; ++k) {
        c2d_sweep s;
        for (i = 0; i < 4; ++i) statics[i] = pillars[order[k][i]];
        s = c2d_aabb_sweep_into(a, d, statics, 4, &idx);
        assert_true(s.has_hit);
        assert_sweep_finite(s);
        assert_int_equal(order[k][idx], 1);
        assert_near(s.hit.time, 0.2, TOL);
        assert_vec_near(s.hit.normal, -1, 0, 0);
        assert_vec_near(s.hit.pos, 2.5, 0, TOL);
        assert_true(s.time < 0.2);
        for (i = 0; i < 4; ++i) assert_true(apart(moved(a, d, s.time), statics[i]));
    }
}

static void test_sweep_into_tie_break(void **state) {
    c2d_aabb a = box_c(0, 0, 0.5, 0.5);
    c2d_vec2 d = c2d_v2(10, 0);
    c2d_aabb up = box_c(3, 1, 0.5, 0.6), down = box_c(3, -1, 0.5, 0.6); /* both met at t = 0.2 */
    c2d_aabb list1[2], list2[2];
    int idx = 99;
    c2d_sweep s;
    (void)state;
    list1[0] = up;
    list1[1] = down;
    list2[0] = down;
    list2[1] = up;
    s = c2d_aabb_sweep_into(a, d, list1, 2, &idx);
    assert_true(s.has_hit);
    assert_int_equal(idx, 1); /* down has the smaller lower.y */
    assert_vec_near(s.hit.pos, 2.5, -0.45, TOL);
    s = c2d_aabb_sweep_into(a, d, list2, 2, &idx);
    assert_int_equal(idx, 0);
    assert_vec_near(s.hit.pos, 2.5, -0.45, TOL);
}

static void test_sweep_into_empty_and_invalid(void **state) {
    c2d_aabb a = box_c(0, 0, 0.5, 0.5), statics[2];
    c2d_sweep s;
    int idx = 99;
    (void)state;
    s = c2d_aabb_sweep_into(a, c2d_v2(10, 0), NULL, 3, &idx);
    assert_false(s.has_hit);
    assert_int_equal(idx, -1);
    assert_near(s.time, 1, 0);
    assert_vec_near(s.pos, 10, 0, 0);
    idx = 99;
    s = c2d_aabb_sweep_into(a, c2d_v2(10, 0), statics, 0, &idx);
    assert_false(s.has_hit);
    assert_int_equal(idx, -1);
    s = c2d_aabb_sweep_into(a, c2d_v2(10, 0), statics, -1, NULL);
    assert_false(s.has_hit);
    /* a NaN static is skipped, the good one is hit */
    statics[0] = box_c(3, 0, 0.5, 2);
    statics[0].lower.y = (c2d_real)NAN;
    statics[1] = box_c(6, 0, 0.5, 2);
    s = c2d_aabb_sweep_into(a, c2d_v2(10, 0), statics, 2, &idx);
    assert_true(s.has_hit);
    assert_int_equal(idx, 1);
    assert_near(s.hit.time, 0.5, TOL);
    /* a bad move: nothing hit, no move */
    statics[0] = box_c(3, 0, 0.5, 2);
    s = c2d_aabb_sweep_into(a, c2d_v2((c2d_real)NAN, 0), statics, 2, &idx);
    assert_false(s.has_hit);
    assert_int_equal(idx, -1);
    assert_sweep_finite(s);
    assert_vec_near(s.pos, 0, 0, 0);
    /* zero delta: the static test against each; the overlapped one is reported */
    s = c2d_aabb_sweep_into(box_c(3.2, 0, 0.5, 0.5), c2d_v2(0, 0), statics, 2, &idx);
    assert_true(s.has_hit);
    assert_int_equal(idx, 0);
    assert_vec_near(s.hit.normal, 1, 0, 0);
    assert_vec_near(s.hit.delta, 0.8, 0, TOL);
}

/* The safe time of sweep_into is the smallest safe time over every box hit: a box met a moment
 * later at a shallow angle needs a longer back-off than the nearest one met head-on. */
static void test_sweep_into_safe_for_all(void **state) {
    c2d_aabb a = box_c(0, 0, 0.5, 0.5);
    c2d_vec2 d = c2d_v2(10, 0.01);
    c2d_aabb statics[2];
    c2d_sweep s, s0, s1;
    int idx = 99;
    (void)state;
    statics[0] = box_c(2.5 + 0.5 + 1e-3, 0, 0.5, 5);    /* wall, met head-on at t = 0.2001 */
    statics[1] = box_c(0, 0.5 + 0.002001 + 10, 50, 10); /* ceiling, met at t = 0.2001 */
    s0 = c2d_aabb_sweep_aabb(a, d, statics[0]);
    s1 = c2d_aabb_sweep_aabb(a, d, statics[1]);
    s = c2d_aabb_sweep_into(a, d, statics, 2, &idx);
    assert_true(s0.has_hit && s1.has_hit && s.has_hit);
    assert_near(s.time, min_real(s0.time, s1.time), 0);
    assert_true(apart(moved(a, d, s.time), statics[0]));
    assert_true(apart(moved(a, d, s.time), statics[1]));
}

/* ---------------------------------------------------------------- randomized */

/* Thin walls in the way of long moves: every sweep must hit the wall (no tunnelling), at the time
 * a double-precision solve gives, and stop with a positive gap before it. */
static void test_sweep_no_tunnelling(void **state) {
    test_rng r = test_rng_make("sweep_no_tunnelling");
    const int iters = test_iterations(100000);
    int it;
    (void)state;
    for (it = 0; it < iters; ++it) {
        double wx = test_rng_range(&r, -50, 50), thick = pow(10, test_rng_range(&r, -4, -1));
        double hx = test_rng_range(&r, 0.05, 2), hy = test_rng_range(&r, 0.05, 2);
        double gap = pow(10, test_rng_range(&r, -3, 1));
        double cx = wx - gap - hx, cy = test_rng_range(&r, -20, 20);
        double dx = gap + thick + 2 * hx + test_rng_range(&r, 0, 50), dy = test_rng_range(&r, -20, 20);
        c2d_aabb wall, a = box_c(cx, cy, hx, hy);
        c2d_vec2 d = c2d_v2((c2d_real)dx, (c2d_real)dy);
        c2d_sweep s;
        double t;
        assert_status(c2d_aabb_make(c2d_v2((c2d_real)wx, -1000), c2d_v2((c2d_real)(wx + thick), 1000), &wall), C2D_OK);
        if (!(wall.lower.x - a.upper.x > 0)) continue; /* rounding closed the start gap */
        s = c2d_aabb_sweep_aabb(a, d, wall);
        assert_true(s.has_hit);
        assert_sweep_finite(s);
        assert_vec_near(s.hit.normal, -1, 0, 0);
        t = ((double)wall.lower.x - (double)a.upper.x) / (double)d.x;
        assert_near(s.hit.time, t, sizeof(c2d_real) == 4 ? 1e-5 : 1e-12);
        assert_true(apart(moved(a, d, s.time), wall));
        assert_true(wall.lower.x - moved(a, d, s.time).upper.x > 0);
    }
}

/* Random boxes and moves: a hit after time 0 leaves the box at the safe time clear of b (a
 * positive gap even after rounding), agrees with a double-precision solve, and puts hit.pos on
 * b's boundary; a miss is confirmed by sampling the path. */
static void test_sweep_random_safe(void **state) {
    test_rng r = test_rng_make("sweep_random_safe");
    const int iters = test_iterations(50000);
    const double tol = sizeof(c2d_real) == 4 ? 1e-4 : 1e-10;
    int it, hits = 0, misses = 0, k;
    (void)state;
    for (it = 0; it < iters; ++it) {
        double scale = it % 4 == 3 ? 1e4 : 1; /* every fourth case far from the origin */
        double ox = test_rng_range(&r, -1, 1) * scale, oy = test_rng_range(&r, -1, 1) * scale;
        c2d_aabb b = box_c(ox + test_rng_range(&r, -5, 5), oy + test_rng_range(&r, -5, 5),
                           test_rng_range(&r, 0.01, 4), test_rng_range(&r, 0.01, 4));
        c2d_aabb a = box_c(ox + test_rng_range(&r, -15, 15), oy + test_rng_range(&r, -15, 15),
                           test_rng_range(&r, 0.01, 3), test_rng_range(&r, 0.01, 3));
        /* aimed at b (with some spread), sometimes sliding (d.y = 0) or very shallow */
        double aim = test_rng_range(&r, 0.2, 1.6);
        c2d_vec2 to = c2d_sub(c2d_aabb_center(b), c2d_aabb_center(a));
        c2d_vec2 d = c2d_v2((c2d_real)(((double)to.x + test_rng_range(&r, -6, 6)) * aim),
                            (c2d_real)(((double)to.y + test_rng_range(&r, -6, 6)) * aim));
        c2d_sweep s;
        if (it % 7 == 0) d.y = 0;
        if (it % 7 == 1) d.y = (c2d_real)(d.y * 1e-4);
        if (boxes_overlap(a, b)) continue;
        s = c2d_aabb_sweep_aabb(a, d, b);
        assert_sweep_finite(s);
        if (s.has_hit) {
            /* reference: the open-interval slab in double */
            double tn = -INFINITY, tf = INFINITY, lo[2], hi[2], dv[2];
            lo[0] = (double)b.lower.x - (double)a.upper.x;
            hi[0] = (double)b.upper.x - (double)a.lower.x;
            lo[1] = (double)b.lower.y - (double)a.upper.y;
            hi[1] = (double)b.upper.y - (double)a.lower.y;
            dv[0] = d.x;
            dv[1] = d.y;
            for (k = 0; k < 2; ++k) {
                if (dv[k] != 0) {
                    double t1 = (dv[k] > 0 ? lo[k] : hi[k]) / dv[k], t2 = (dv[k] > 0 ? hi[k] : lo[k]) / dv[k];
                    tn = fmax(tn, t1);
                    tf = fmin(tf, t2);
                }
            }
            ++hits;
            assert_true(tn < tf + tol && tn < 1 + tol);
            assert_near(s.hit.time, fmax(tn, 0), tol);
            assert_true(s.time <= s.hit.time);
            if (s.hit.time > 0) {
                assert_true(apart(moved(a, d, s.time), b));
                assert_true(apart(recentered(a, s.pos), b));
            }
            /* hit.pos on b's boundary, the normal along one axis */
            assert_true(fabs((double)s.hit.pos.x - (double)b.lower.x) <= tol * scale ||
                        fabs((double)s.hit.pos.x - (double)b.upper.x) <= tol * scale ||
                        fabs((double)s.hit.pos.y - (double)b.lower.y) <= tol * scale ||
                        fabs((double)s.hit.pos.y - (double)b.upper.y) <= tol * scale);
            assert_near(fabs((double)s.hit.normal.x) + fabs((double)s.hit.normal.y), 1, 0);
        } else {
            ++misses;
            assert_near(s.time, 1, 0);
            for (k = 0; k <= 16; ++k) {
                double u = k / 16.0;
                double l0 = (double)a.lower.x + u * d.x, u0 = (double)a.upper.x + u * d.x;
                double l1 = (double)a.lower.y + u * d.y, u1 = (double)a.upper.y + u * d.y;
                double ox_ = fmin(u0, (double)b.upper.x) - fmax(l0, (double)b.lower.x);
                double oy_ = fmin(u1, (double)b.upper.y) - fmax(l1, (double)b.lower.y);
                assert_false(ox_ > tol * scale && oy_ > tol * scale);
            }
        }
    }
    printf("sweep_random_safe: %d hits, %d misses\n", hits, misses);
    assert_true(hits > iters / 20 && misses > iters / 20);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(seed_sweep_stops_a_before_b),
        cmocka_unit_test(seed_sweep_is_padded_segment),
        cmocka_unit_test(seed_sweep_hit_pos_on_face),
        cmocka_unit_test(test_sweep_resting_table),
        cmocka_unit_test(test_sweep_overlapping),
        cmocka_unit_test(test_sweep_overlap_matches_static_hit),
        cmocka_unit_test(test_sweep_corner),
        cmocka_unit_test(test_sweep_end_on_surface),
        cmocka_unit_test(test_sweep_zero_size_boxes),
        cmocka_unit_test(test_sweep_invalid),
        cmocka_unit_test(test_sweep_far_from_origin),
        cmocka_unit_test(seed_sweep_into_nearest),
        cmocka_unit_test(test_sweep_into_tie_break),
        cmocka_unit_test(test_sweep_into_empty_and_invalid),
        cmocka_unit_test(test_sweep_into_safe_for_all),
        cmocka_unit_test(test_sweep_no_tunnelling),
        cmocka_unit_test(test_sweep_random_safe),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
