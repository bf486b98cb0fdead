/* Concave (simple) polygons: c2d_concave_make / is_valid, containment, overlap with concave and
 * convex polygons, circles and segments, and ray casts. */
#include "test_util.h"

#ifdef C2D_DOUBLE
#  define C2D_NEXTAFTER nextafter
#else
#  define C2D_NEXTAFTER nextafterf
#endif

/* A concave polygon together with the vertex storage it points into. Pass by pointer only: a copy
 * would keep pointing at the original's storage. */
typedef struct cc {
    c2d_vec2 v[64];
    c2d_concave c;
} cc;

/* Fills *out from a flat list x0,y0,x1,y1,... of n points, optionally reversed (flipping the
 * winding) and shifted by (dx, dy); fails the test when c2d_concave_make rejects it. */
static void cc_make(cc *out, int n, const double *xy, bool reverse, double dx, double dy) {
    int i;
    assert_true(n <= 64);
    for (i = 0; i < n; ++i) {
        int k = reverse ? n - 1 - i : i;
        out->v[i] = c2d_v2((c2d_real)(xy[2 * k] + dx), (c2d_real)(xy[2 * k + 1] + dy));
    }
    assert_status(c2d_concave_make(out->v, n, &out->c), C2D_OK);
}

/* Status of c2d_concave_make on a flat point list. */
static c2d_status try_make(int n, const double *xy) {
    c2d_vec2 v[16];
    c2d_concave c;
    c2d_status s;
    int i;
    for (i = 0; i < n; ++i) v[i] = c2d_v2((c2d_real)xy[2 * i], (c2d_real)xy[2 * i + 1]);
    s = c2d_concave_make(v, n, &c);
    if (s != C2D_OK) {
        /* Zeroed on failure. */
        assert_null(c.vertices);
        assert_int_equal(c.count, 0);
        assert_near(c.signed_area, 0, 0);
    }
    return s;
}

/* Convex polygon from counter-clockwise points, built by hand (vertices, normals, centroid) so that
 * these tests need nothing but the concave code. */
static c2d_polygon convex_n(int n, const double *xy, double dx, double dy) {
    c2d_polygon p;
    int i;
    memset(&p, 0, sizeof p);
    assert_true(n >= 3 && n <= C2D_MAX_POLYGON_VERTICES);
    p.count = n;
    for (i = 0; i < n; ++i) p.vertices[i] = c2d_v2((c2d_real)(xy[2 * i] + dx), (c2d_real)(xy[2 * i + 1] + dy));
    for (i = 0; i < n; ++i) {
        c2d_vec2 e = c2d_sub(p.vertices[(i + 1) % n], p.vertices[i]);
        p.normals[i] = c2d_normalize(c2d_right_perp(e));
        p.centroid = c2d_add(p.centroid, c2d_scale(p.vertices[i], (c2d_real)1 / (c2d_real)n));
    }
    return p;
}

/* Axis-aligned rectangle as a flat CCW list. */
static void rect_xy(double *xy, double x0, double y0, double x1, double y1) {
    xy[0] = x0;
    xy[1] = y0;
    xy[2] = x1;
    xy[3] = y0;
    xy[4] = x1;
    xy[5] = y1;
    xy[6] = x0;
    xy[7] = y1;
}

/* L: a 2x2 square with the top-right unit square (the notch, x in (1,2), y in (1,2)) removed.
 * Reflex vertex at (1,1). Area 3. */
static const double L_XY[] = {0, 0, 2, 0, 2, 1, 1, 1, 1, 2, 0, 2};
/* U: a 3x3 square with the notch x in (1,2), y in (1,3) removed; the notch's mouth is y = 3.
 * Reflex vertices at (2,1) and (1,1). Area 7. */
static const double U_XY[] = {0, 0, 3, 0, 3, 3, 2, 3, 2, 1, 1, 1, 1, 3, 0, 3};

static void make_valid_shapes(void **state) {
    cc l, lr, u;
    static const double straight[] = {0, 0, 1, 0, 2, 0, 2, 2, 0, 2};
    (void)state;
    cc_make(&l, 6, L_XY, false, 0, 0);
    assert_int_equal(l.c.count, 6);
    assert_ptr_equal(l.c.vertices, l.v);
    assert_near(l.c.signed_area, 3, TOL);
    assert_vec_near(l.c.bounds.lower, 0, 0, 0);
    assert_vec_near(l.c.bounds.upper, 2, 2, 0);
    assert_true(c2d_concave_is_valid(&l.c));
    cc_make(&lr, 6, L_XY, true, 0, 0);
    assert_near(lr.c.signed_area, -3, TOL);
    assert_true(c2d_concave_is_valid(&lr.c));
    cc_make(&u, 8, U_XY, false, 0, 0);
    assert_near(u.c.signed_area, 7, TOL);
    assert_vec_near(u.c.bounds.upper, 3, 3, 0);
    /* A vertex in the middle of a straight run is allowed. */
    assert_status(try_make(5, straight), C2D_OK);
    /* Far from the origin. */
    cc_make(&l, 6, L_XY, false, 1e5, -1e5);
    assert_near(l.c.signed_area, 3, 1e-2);
}

static void make_errors(void **state) {
    static const double bowtie[] = {0, 0, 1, 1, 1, 0, 0, 1};
    static const double repeated[] = {0, 0, 1, 0, 1, 0, 0, 1};
    static const double pinch[] = {0, 0, 2, 0, 1, 1, 2, 2, 0, 2, 1, 1};
    static const double closing[] = {0, 0, 1, 0, 0, 1, 0, 0};
    static const double collinear[] = {0, 0, 1, 0, 2, 0, 3, 0};
    static const double collinear_back[] = {0, 0, 3, 0, 1, 0};
    static const double same[] = {1, 1, 1, 1, 1, 1};
    static const double foldback[] = {0, 0, 2, 0, 2, 2, 2, 1};
    static const double vertex_on_edge[] = {0, 0, 4, 0, 4, 4, 2, 0, 0, 4};
    static const double edges_overlap[] = {0, 0, 4, 0, 4, 2, 3, 0, 2, 2};
    static const double tri[] = {0, 0, 1, 0, 0, 1};
    double bad[6] = {0, 0, 1, 0, 0, 1};
    c2d_vec2 v[3];
    c2d_concave c;
    (void)state;
    assert_status(try_make(4, bowtie), C2D_ERR_SELF_INTERSECTING);
    assert_status(try_make(4, repeated), C2D_ERR_SELF_INTERSECTING);
    assert_status(try_make(6, pinch), C2D_ERR_SELF_INTERSECTING);
    assert_status(try_make(4, closing), C2D_ERR_SELF_INTERSECTING);
    assert_status(try_make(4, foldback), C2D_ERR_SELF_INTERSECTING);
    assert_status(try_make(5, vertex_on_edge), C2D_ERR_SELF_INTERSECTING);
    assert_status(try_make(5, edges_overlap), C2D_ERR_SELF_INTERSECTING);
    assert_status(try_make(4, collinear), C2D_ERR_DEGENERATE);
    assert_status(try_make(3, collinear_back), C2D_ERR_DEGENERATE);
    assert_status(try_make(3, same), C2D_ERR_DEGENERATE);
    assert_status(try_make(2, tri), C2D_ERR_DEGENERATE);
    assert_status(try_make(0, tri), C2D_ERR_DEGENERATE);
    assert_status(try_make(-1, tri), C2D_ERR_DEGENERATE);
    assert_status(try_make(3, tri), C2D_OK);
    bad[3] = NAN;
    assert_status(try_make(3, bad), C2D_ERR_NOT_FINITE);
    bad[3] = INFINITY;
    assert_status(try_make(3, bad), C2D_ERR_NOT_FINITE);
    bad[3] = (double)C2D_MAX_COORD * 10.0;
    assert_status(try_make(3, bad), C2D_ERR_OUT_OF_RANGE);
    v[0] = c2d_v2(0, 0);
    v[1] = c2d_v2(1, 0);
    v[2] = c2d_v2(0, 1);
    assert_status(c2d_concave_make(NULL, 3, &c), C2D_ERR_NULL_ARG);
    assert_status(c2d_concave_make(v, 3, NULL), C2D_ERR_NULL_ARG);
}

static void is_valid_rejects_hand_made(void **state) {
    cc l;
    c2d_concave c;
    c2d_vec2 v[3];
    (void)state;
    cc_make(&l, 6, L_XY, false, 0, 0);
    assert_false(c2d_concave_is_valid(NULL));
    c = l.c;
    c.bounds.upper.x = 3;
    assert_false(c2d_concave_is_valid(&c));
    c = l.c;
    c.signed_area = -3;
    assert_false(c2d_concave_is_valid(&c));
    c = l.c;
    c.signed_area = 2;
    assert_false(c2d_concave_is_valid(&c));
    c = l.c;
    c.count = 2;
    assert_false(c2d_concave_is_valid(&c));
    v[0] = c2d_v2(0, 0);
    v[1] = c2d_v2(NAN, 0);
    v[2] = c2d_v2(0, 1);
    c = l.c;
    c.vertices = v;
    c.count = 3;
    assert_false(c2d_concave_is_valid(&c));
}

/* Point containment on the L in both windings: both sides of every kind of boundary. */
static void contains_point_l_shape(void **state) {
    cc ls[2];
    int w;
    (void)state;
    cc_make(&ls[0], 6, L_XY, false, 0, 0);
    cc_make(&ls[1], 6, L_XY, true, 0, 0);
    for (w = 0; w < 2; ++w) {
        const c2d_concave *l = &ls[w].c;
        assert_true(c2d_concave_contains_point(l, c2d_v2(0.5f, 0.5f)));
        assert_true(c2d_concave_contains_point(l, c2d_v2(1.5f, 0.5f)));
        assert_true(c2d_concave_contains_point(l, c2d_v2(0.5f, 1.5f)));
        /* The notch. */
        assert_false(c2d_concave_contains_point(l, c2d_v2(1.5f, 1.5f)));
        /* On the notch's edges and its reflex vertex: outside. */
        assert_false(c2d_concave_contains_point(l, c2d_v2(1, 1.5f)));
        assert_false(c2d_concave_contains_point(l, c2d_v2(1.5f, 1)));
        assert_false(c2d_concave_contains_point(l, c2d_v2(1, 1)));
        /* Just either side of them. */
        assert_true(c2d_concave_contains_point(l, c2d_v2(0.999f, 1.5f)));
        assert_false(c2d_concave_contains_point(l, c2d_v2(1.001f, 1.5f)));
        assert_true(c2d_concave_contains_point(l, c2d_v2(1.5f, 0.999f)));
        assert_false(c2d_concave_contains_point(l, c2d_v2(1.5f, 1.001f)));
        assert_true(c2d_concave_contains_point(l, c2d_v2(0.999f, 0.999f)));
        assert_false(c2d_concave_contains_point(l, c2d_v2(1.001f, 1.001f)));
        /* Outer vertices and edges. */
        assert_false(c2d_concave_contains_point(l, c2d_v2(0, 0)));
        assert_false(c2d_concave_contains_point(l, c2d_v2(2, 1)));
        assert_false(c2d_concave_contains_point(l, c2d_v2(1, 0)));
        assert_false(c2d_concave_contains_point(l, c2d_v2(2, 0.5f)));
        assert_false(c2d_concave_contains_point(l, c2d_v2(0.5f, 2)));
        assert_false(c2d_concave_contains_point(l, c2d_v2(0, 1)));
        assert_true(c2d_concave_contains_point(l, c2d_v2(0.001f, 1)));
        assert_true(c2d_concave_contains_point(l, c2d_v2(1.999f, 0.5f)));
        /* A horizontal line through vertices: y = 1 passes (2,1) and (1,1). */
        assert_true(c2d_concave_contains_point(l, c2d_v2(0.5f, 1)));
        assert_false(c2d_concave_contains_point(l, c2d_v2(2.5f, 1)));
        assert_false(c2d_concave_contains_point(l, c2d_v2(-0.5f, 1)));
        /* Outside, bad input. */
        assert_false(c2d_concave_contains_point(l, c2d_v2(3, 3)));
        assert_false(c2d_concave_contains_point(l, c2d_v2(NAN, 0.5f)));
        assert_false(c2d_concave_contains_point(l, c2d_v2(0.5f, INFINITY)));
    }
    assert_false(c2d_concave_contains_point(NULL, c2d_v2(0.5f, 0.5f)));
}

static void contains_point_u_shape(void **state) {
    cc us[2];
    int w;
    (void)state;
    cc_make(&us[0], 8, U_XY, false, 0, 0);
    cc_make(&us[1], 8, U_XY, true, 0, 0);
    for (w = 0; w < 2; ++w) {
        const c2d_concave *u = &us[w].c;
        assert_false(c2d_concave_contains_point(u, c2d_v2(1.5f, 2)));
        assert_false(c2d_concave_contains_point(u, c2d_v2(1.5f, 1)));
        assert_true(c2d_concave_contains_point(u, c2d_v2(1.5f, 0.999f)));
        assert_true(c2d_concave_contains_point(u, c2d_v2(1.5f, 0.5f)));
        assert_true(c2d_concave_contains_point(u, c2d_v2(0.5f, 2.5f)));
        assert_true(c2d_concave_contains_point(u, c2d_v2(2.5f, 2.5f)));
        assert_false(c2d_concave_contains_point(u, c2d_v2(1.5f, 3)));
        /* Ray from (0.5, 3 - tiny) toward +x crosses both arms' inner edges. */
        assert_true(c2d_concave_contains_point(u, c2d_v2(0.5f, 2.999f)));
        assert_false(c2d_concave_contains_point(u, c2d_v2(1.5f, 2.999f)));
    }
}

/* Runs overlap_concave on every winding combination, both argument orders. */
static void expect_cc_overlap(int na, const double *a, int nb, const double *b, bool expected) {
    int wa, wb;
    for (wa = 0; wa < 2; ++wa) {
        for (wb = 0; wb < 2; ++wb) {
            cc pa, pb;
            cc_make(&pa, na, a, wa != 0, 0, 0);
            cc_make(&pb, nb, b, wb != 0, 0, 0);
            assert_true(c2d_concave_overlap_concave(&pa.c, &pb.c) == expected);
            assert_true(c2d_concave_overlap_concave(&pb.c, &pa.c) == expected);
            /* Far from the origin, in float too (all these coordinates are multiples of 1/64). */
            cc_make(&pa, na, a, wa != 0, 1e5, 1e5);
            cc_make(&pb, nb, b, wb != 0, 1e5, 1e5);
            assert_true(c2d_concave_overlap_concave(&pa.c, &pb.c) == expected);
            assert_true(c2d_concave_overlap_concave(&pb.c, &pa.c) == expected);
        }
    }
}

/* The snippets' polygonsCollide only tests edges against edges, so it says false for a polygon
 * wholly inside another. The right answer is true. */
static void seed_polygons_collide_containment(void **state) {
    double big[8];
    static const double small_tri[] = {4, 4, 6, 4, 5, 6};
    (void)state;
    rect_xy(big, 0, 0, 10, 10);
    expect_cc_overlap(4, big, 3, small_tri, true);
    /* Concave inside concave: a small L deep inside the big L's arm... and inside the U's arm. */
    {
        static const double small_l[] = {0.25, 0.25, 0.75, 0.25, 0.75, 0.5, 0.5, 0.5, 0.5, 0.75, 0.25, 0.75};
        expect_cc_overlap(8, U_XY, 6, small_l, true);
        expect_cc_overlap(6, L_XY, 6, small_l, true);
    }
}

static void overlap_identical_and_shared(void **state) {
    double a[8], b[8];
    (void)state;
    expect_cc_overlap(6, L_XY, 6, L_XY, true);
    expect_cc_overlap(8, U_XY, 8, U_XY, true);
    /* Sharing an edge: no. Pushed together by 1/64: yes. */
    rect_xy(a, 0, 0, 1, 1);
    rect_xy(b, 1, 0, 2, 1);
    expect_cc_overlap(4, a, 4, b, false);
    rect_xy(b, 1 - 1.0 / 64, 0, 2, 1);
    expect_cc_overlap(4, a, 4, b, true);
    rect_xy(b, 1 + 1.0 / 64, 0, 2, 1);
    expect_cc_overlap(4, a, 4, b, false);
    /* Sharing part of an edge (b slid up by half). */
    rect_xy(b, 1, 0.5, 2, 1.5);
    expect_cc_overlap(4, a, 4, b, false);
    /* Touching at a vertex: no; overlapping a corner by a little: yes. */
    rect_xy(b, 1, 1, 2, 2);
    expect_cc_overlap(4, a, 4, b, false);
    rect_xy(b, 1 - 1.0 / 64, 1 - 1.0 / 64, 2, 2);
    expect_cc_overlap(4, a, 4, b, true);
    /* A square inside a bigger one, sharing two edges and a corner: yes (containment). */
    rect_xy(b, 0, 0, 0.5, 0.5);
    expect_cc_overlap(4, a, 4, b, true);
}

static void overlap_notches(void **state) {
    double sq[8];
    (void)state;
    /* The unit square filling the L's notch shares two edges with it: no. */
    rect_xy(sq, 1, 1, 2, 2);
    expect_cc_overlap(6, L_XY, 4, sq, false);
    rect_xy(sq, 1 - 1.0 / 64, 1, 2, 2);
    expect_cc_overlap(6, L_XY, 4, sq, true);
    rect_xy(sq, 1, 1 - 1.0 / 64, 2, 2);
    expect_cc_overlap(6, L_XY, 4, sq, true);
    rect_xy(sq, 1 + 1.0 / 64, 1 + 1.0 / 64, 2, 2);
    expect_cc_overlap(6, L_XY, 4, sq, false);
    /* A bar in the U's notch touching both arms' inner edges: no; a little wider: yes. */
    rect_xy(sq, 1, 1.5, 2, 2.5);
    expect_cc_overlap(8, U_XY, 4, sq, false);
    rect_xy(sq, 1 - 1.0 / 64, 1.5, 2, 2.5);
    expect_cc_overlap(8, U_XY, 4, sq, true);
    rect_xy(sq, 1, 1.5, 2 + 1.0 / 64, 2.5);
    expect_cc_overlap(8, U_XY, 4, sq, true);
    /* A bar bridging the notch's mouth, resting on both arms' tops: no; sunk a little: yes. */
    rect_xy(sq, 0.5, 3, 2.5, 4);
    expect_cc_overlap(8, U_XY, 4, sq, false);
    rect_xy(sq, 0.5, 3 - 1.0 / 64, 2.5, 4);
    expect_cc_overlap(8, U_XY, 4, sq, true);
    /* An L nested in the U's notch, touching the notch's bottom and left wall. */
    {
        static const double l_in[] = {1, 1, 2, 1, 2, 1.5, 1.5, 1.5, 1.5, 3, 1, 3};
        expect_cc_overlap(8, U_XY, 6, l_in, false);
        /* Against the L it sits in the L's notch and above it: touching only. */
        expect_cc_overlap(6, L_XY, 6, l_in, false);
    }
    /* A tall bar standing in the notch, touching both walls and sticking out of the mouth. */
    {
        static const double bar[] = {1, 2, 2, 2, 2, 5, 1, 5};
        expect_cc_overlap(8, U_XY, 4, bar, false);
    }
}

/* Triangles with a vertex on the L's reflex corner: the wedge test decides. */
static void overlap_at_reflex_vertex(void **state) {
    static const double in_notch[] = {1, 1, 3, 1, 3, 3};
    static const double into_l[] = {1, 1, 0.25, 0.5, 0.5, 0.25};
    static const double poke[] = {1, 1 - 1.0 / 64, 3, 1, 3, 3};
    static const double t_touch[] = {1, 2, 2, 3, 0, 3};
    static const double t_poke[] = {1, 2 - 1.0 / 64, 2, 3, 0, 3};
    double sq[8];
    (void)state;
    expect_cc_overlap(6, L_XY, 3, in_notch, false);
    expect_cc_overlap(6, L_XY, 3, into_l, true);
    expect_cc_overlap(6, L_XY, 3, poke, true);
    /* A triangle's apex touching the middle of the square's top edge: no; poking in: yes. */
    rect_xy(sq, 0, 0, 2, 2);
    expect_cc_overlap(4, sq, 3, t_touch, false);
    expect_cc_overlap(4, sq, 3, t_poke, true);
    /* Crossing bars: proper edge crossings. */
    {
        double h[8], v[8];
        rect_xy(h, -2, -0.5, 2, 0.5);
        rect_xy(v, -0.5, -2, 0.5, 2);
        expect_cc_overlap(4, h, 4, v, true);
    }
}

static void overlap_bad_input(void **state) {
    cc l;
    c2d_concave bad;
    c2d_vec2 v[4];
    (void)state;
    cc_make(&l, 6, L_XY, false, 0, 0);
    assert_false(c2d_concave_overlap_concave(NULL, &l.c));
    assert_false(c2d_concave_overlap_concave(&l.c, NULL));
    /* A hand-made polygon holding NaN, even with plausible bounds and area. */
    v[0] = c2d_v2(0, 0);
    v[1] = c2d_v2(2, 0);
    v[2] = c2d_v2(NAN, 2);
    v[3] = c2d_v2(0, 2);
    bad = l.c;
    bad.vertices = v;
    bad.count = 4;
    assert_false(c2d_concave_overlap_concave(&bad, &l.c));
    assert_false(c2d_concave_overlap_concave(&l.c, &bad));
    assert_false(c2d_concave_contains_point(&bad, c2d_v2(0.5f, 0.5f)));
    assert_false(c2d_concave_overlap_segment(&bad, seg(0.5, 0.5, 0.6, 0.6)));
    assert_false(c2d_concave_overlap_circle(&bad, circ(0.5, 0.5, 0.1)));
    bad = l.c;
    bad.signed_area = NAN;
    assert_false(c2d_concave_overlap_concave(&bad, &l.c));
    bad = l.c;
    bad.count = 0;
    assert_false(c2d_concave_overlap_concave(&bad, &l.c));
}

static void overlap_convex_polygon(void **state) {
    cc ls[2];
    double xy[8];
    int w;
    (void)state;
    cc_make(&ls[0], 6, L_XY, false, 0, 0);
    cc_make(&ls[1], 6, L_XY, true, 0, 0);
    for (w = 0; w < 2; ++w) {
        const c2d_concave *l = &ls[w].c;
        c2d_polygon p;
        rect_xy(xy, 1, 1, 2, 2);
        p = convex_n(4, xy, 0, 0);
        assert_false(c2d_concave_overlap_polygon(l, &p));
        p = convex_n(4, xy, -1.0 / 64, 0);
        assert_true(c2d_concave_overlap_polygon(l, &p));
        /* Small box inside the L. */
        rect_xy(xy, 0.25, 0.25, 0.75, 0.75);
        p = convex_n(4, xy, 0, 0);
        assert_true(c2d_concave_overlap_polygon(l, &p));
        /* The L inside a big box. */
        rect_xy(xy, -5, -5, 5, 5);
        p = convex_n(4, xy, 0, 0);
        assert_true(c2d_concave_overlap_polygon(l, &p));
        /* A box against the L's left side, and the same box nudged in. */
        rect_xy(xy, -1, 0, 0, 2);
        p = convex_n(4, xy, 0, 0);
        assert_false(c2d_concave_overlap_polygon(l, &p));
        p = convex_n(4, xy, 1.0 / 64, 0);
        assert_true(c2d_concave_overlap_polygon(l, &p));
        /* A triangle in the notch with its corner at the reflex vertex. */
        {
            static const double t[] = {1, 1, 2, 1, 2, 2};
            p = convex_n(3, t, 0, 0);
            assert_false(c2d_concave_overlap_polygon(l, &p));
            p = convex_n(3, t, -1.0 / 64, -1.0 / 64);
            assert_true(c2d_concave_overlap_polygon(l, &p));
        }
        /* Bad polygon. */
        rect_xy(xy, 0, 0, 1, 1);
        p = convex_n(4, xy, 0, 0);
        p.vertices[1].x = NAN;
        assert_false(c2d_concave_overlap_polygon(l, &p));
        p = convex_n(4, xy, 0, 0);
        p.count = C2D_MAX_POLYGON_VERTICES + 1;
        assert_false(c2d_concave_overlap_polygon(l, &p));
        assert_false(c2d_concave_overlap_polygon(l, NULL));
    }
}

static void overlap_circle(void **state) {
    cc ls[2];
    int w;
    (void)state;
    cc_make(&ls[0], 6, L_XY, false, 0, 0);
    cc_make(&ls[1], 6, L_XY, true, 0, 0);
    for (w = 0; w < 2; ++w) {
        const c2d_concave *l = &ls[w].c;
        c2d_circle bad;
        /* In the notch, tangent to both notch edges: no; slightly larger: yes. */
        assert_false(c2d_concave_overlap_circle(l, circ(1.5, 1.5, 0.5)));
        assert_true(c2d_concave_overlap_circle(l, circ(1.5, 1.5, 0.501)));
        /* Centered on the reflex corner's diagonal, reaching only toward the corner. */
        assert_false(c2d_concave_overlap_circle(l, circ(1.5, 1.5, 0.3)));
        /* Tangent to the outer left edge from outside: no; overlapping: yes. */
        assert_false(c2d_concave_overlap_circle(l, circ(-1, 0.5, 1)));
        assert_true(c2d_concave_overlap_circle(l, circ(-1, 0.5, 1.001)));
        /* Reaching the outer corner (0,0) exactly (distance 5): no; a little more: yes. */
        assert_false(c2d_concave_overlap_circle(l, circ(-3, -4, 5)));
        assert_true(c2d_concave_overlap_circle(l, circ(-3, -4, 5.001)));
        /* Containment both ways, center on the boundary. */
        assert_true(c2d_concave_overlap_circle(l, circ(0.5, 0.5, 0.1)));
        assert_true(c2d_concave_overlap_circle(l, circ(1, 1, 10)));
        assert_true(c2d_concave_overlap_circle(l, circ(1, 1, 0.01)));
        assert_true(c2d_concave_overlap_circle(l, circ(2, 0, 0.01)));
        /* Bad circles. */
        bad.center = c2d_v2(0.5f, 0.5f);
        bad.radius = 0;
        assert_false(c2d_concave_overlap_circle(l, bad));
        bad.radius = -1;
        assert_false(c2d_concave_overlap_circle(l, bad));
        bad.radius = (c2d_real)NAN;
        assert_false(c2d_concave_overlap_circle(l, bad));
        bad.radius = (c2d_real)INFINITY;
        assert_false(c2d_concave_overlap_circle(l, bad));
        bad.radius = 1;
        bad.center.x = (c2d_real)NAN;
        assert_false(c2d_concave_overlap_circle(l, bad));
    }
    assert_false(c2d_concave_overlap_circle(NULL, circ(0, 0, 1)));
}

static void overlap_segment_u_shape(void **state) {
    cc us[2];
    int w;
    (void)state;
    cc_make(&us[0], 8, U_XY, false, 0, 0);
    cc_make(&us[1], 8, U_XY, true, 0, 0);
    for (w = 0; w < 2; ++w) {
        const c2d_concave *u = &us[w].c;
        /* Across the notch's mouth, vertex to vertex, and along both arms' tops: no. */
        assert_false(c2d_concave_overlap_segment(u, seg(1, 3, 2, 3)));
        assert_false(c2d_concave_overlap_segment(u, seg(-1, 3, 4, 3)));
        assert_false(c2d_concave_overlap_segment(u, seg(0.5, 3, 2.5, 3)));
        assert_true(c2d_concave_overlap_segment(u, seg(0.5, 2.999, 2.5, 2.999)));
        /* Inside the notch: no. Across the notch through both arms: yes. */
        assert_false(c2d_concave_overlap_segment(u, seg(1.25, 2.5, 1.75, 2.5)));
        assert_false(c2d_concave_overlap_segment(u, seg(1, 2.5, 2, 2.5)));
        assert_true(c2d_concave_overlap_segment(u, seg(0.5, 2, 2.5, 2)));
        assert_true(c2d_concave_overlap_segment(u, seg(0.999, 2.5, 2, 2.5)));
        /* Wholly inside. */
        assert_true(c2d_concave_overlap_segment(u, seg(0.25, 0.25, 0.75, 0.75)));
        /* Along the bottom edge, and beyond it: no. */
        assert_false(c2d_concave_overlap_segment(u, seg(0, 0, 3, 0)));
        assert_false(c2d_concave_overlap_segment(u, seg(-1, 0, 4, 0)));
        assert_false(c2d_concave_overlap_segment(u, seg(0.5, 0, 2.5, 0)));
        /* Along the notch's bottom and walls. */
        assert_true(c2d_concave_overlap_segment(u, seg(0.5, 1, 2.5, 1))); /* y = 1 is inside the left arm */
        assert_false(c2d_concave_overlap_segment(u, seg(1, 1, 2, 1)));
        assert_false(c2d_concave_overlap_segment(u, seg(1, 1, 1, 3)));
        assert_true(c2d_concave_overlap_segment(u, seg(1, 0.5, 1, 3))); /* x = 1, y < 1 is inside */
        /* From the notch to the reflex vertex (1,1): no; through it into the body: yes. */
        assert_false(c2d_concave_overlap_segment(u, seg(1.5, 2, 1, 1)));
        assert_true(c2d_concave_overlap_segment(u, seg(1.5, 2, 0.5, 0)));
        assert_true(c2d_concave_overlap_segment(u, seg(1.5, 2, 2.5, 0)));
        /* Grazing the outer corner (0,0): no; clipping it: yes. */
        assert_false(c2d_concave_overlap_segment(u, seg(-1, 1, 1, -1)));
        assert_true(c2d_concave_overlap_segment(u, seg(-1, 1.015625, 1, -0.984375)));
        assert_false(c2d_concave_overlap_segment(u, seg(-1, 0.984375, 1, -1.015625)));
        /* Zero-length segments are points. */
        assert_true(c2d_concave_overlap_segment(u, seg(0.5, 0.5, 0.5, 0.5)));
        assert_false(c2d_concave_overlap_segment(u, seg(1.5, 2, 1.5, 2)));
        assert_false(c2d_concave_overlap_segment(u, seg(0, 1, 0, 1)));
        /* Bad input. */
        assert_false(c2d_concave_overlap_segment(u, seg(NAN, 0.5, 0.5, 0.5)));
        assert_false(c2d_concave_overlap_segment(u, seg(-INFINITY, 0.5, INFINITY, 0.5)));
    }
    assert_false(c2d_concave_overlap_segment(NULL, seg(0, 0, 1, 1)));
}

/* Casts a ray with a unit direction; max may be INFINITY. */
static bool ray(const c2d_concave *p, double ox, double oy, double dx, double dy, double max, c2d_hit *h) {
    c2d_raycast_input in;
    in.origin = c2d_v2((c2d_real)ox, (c2d_real)oy);
    in.translation = c2d_v2((c2d_real)dx, (c2d_real)dy);
    in.max_fraction = (c2d_real)max;
    return c2d_concave_raycast(p, in, h);
}

static void raycast_u_shape(void **state) {
    cc us[2];
    int w;
    (void)state;
    cc_make(&us[0], 8, U_XY, false, 0, 0);
    cc_make(&us[1], 8, U_XY, true, 0, 0);
    for (w = 0; w < 2; ++w) {
        const c2d_concave *u = &us[w].c;
        c2d_hit h;
        /* Down into the notch: through the open mouth to the notch's bottom at (1.5, 1). */
        assert_true(ray(u, 1.5, 5, 0, -1, 10, &h));
        assert_near(h.time, 4, TOL);
        assert_vec_near(h.pos, 1.5, 1, TOL);
        assert_vec_near(h.normal, 0, 1, TOL);
        assert_vec_near(h.delta, 0, 6, TOL);
        assert_hit_finite(h);
        assert_true(ray(u, 1.5, 5, 0, -1, INFINITY, &h));
        assert_near(h.time, 4, TOL);
        assert_vec_near(h.delta, 0, 0, 0);
        /* As a segment cast: fraction 0.8 of (0,-5); delta takes the end back to the hit. */
        assert_true(ray(u, 1.5, 5, 0, -5, 1, &h));
        assert_near(h.time, 0.8, TOL);
        assert_vec_near(h.pos, 1.5, 1, TOL);
        assert_vec_near(h.delta, 0, 1, TOL);
        /* Ending exactly on the notch's bottom: touching, no hit. A little further: hit. */
        assert_false(ray(u, 1.5, 5, 0, -4, 1, &h));
        assert_true(ray(u, 1.5, 5, 0, -4.25, 1, &h));
        assert_near(h.time, 4 / 4.25, TOL);
        /* Along the mouth line y = 3 (along both arms' tops): no hit. */
        assert_false(ray(u, -1, 3, 1, 0, INFINITY, &h));
        assert_false(ray(u, 4, 3, -1, 0, INFINITY, &h));
        /* Along the bottom edge: no hit. */
        assert_false(ray(u, -1, 0, 1, 0, INFINITY, &h));
        /* Horizontal, from the left into the left arm. */
        assert_true(ray(u, -1, 2, 1, 0, INFINITY, &h));
        assert_near(h.time, 1, TOL);
        assert_vec_near(h.pos, 0, 2, TOL);
        assert_vec_near(h.normal, -1, 0, TOL);
        /* From inside the notch into either arm. */
        assert_true(ray(u, 1.5, 2, 1, 0, INFINITY, &h));
        assert_near(h.time, 0.5, TOL);
        assert_vec_near(h.pos, 2, 2, TOL);
        assert_vec_near(h.normal, -1, 0, TOL);
        assert_true(ray(u, 1.5, 2, -1, 0, INFINITY, &h));
        assert_vec_near(h.pos, 1, 2, TOL);
        assert_vec_near(h.normal, 1, 0, TOL);
        /* From the notch straight at the reflex vertex (1,1) and beyond, into the body: enters at
         * the vertex; the reported normal is the notch wall's (+x) or floor's (+y), whichever faces
         * the ray more: the direction (-1,-2)/sqrt(5) faces the floor more. */
        assert_true(ray(u, 1.5, 2, -1 / sqrt(5.0), -2 / sqrt(5.0), INFINITY, &h));
        assert_near(h.time, sqrt(1.25), TOL);
        assert_vec_near(h.pos, 1, 1, TOL);
        assert_vec_near(h.normal, 0, 1, TOL);
        /* Grazing the outer corner (0,0): no hit. */
        assert_false(ray(u, -1, 1, 1 / sqrt(2.0), -1 / sqrt(2.0), INFINITY, &h));
        /* Origin strictly inside: time 0, pos = origin, nearest boundary's normal. */
        assert_true(ray(u, 0.25, 2, 0, 1, 10, &h));
        assert_near(h.time, 0, 0);
        assert_vec_near(h.pos, 0.25, 2, TOL);
        assert_vec_near(h.normal, -1, 0, TOL);
        assert_vec_near(h.delta, 0, -10, TOL);
        assert_true(ray(u, 1.5, 0.875, 1, 0, INFINITY, &h));
        assert_vec_near(h.normal, 0, 1, TOL);
        /* Inside, nearest to the reflex vertex (2,1): the way out is toward it. */
        assert_true(ray(u, 2.25, 0.75, 0, 1, INFINITY, &h));
        assert_vec_near(h.normal, -0.70710678118654752, 0.70710678118654752, TOL);
        /* Origin on an edge: moving in is a hit at time 0, moving out or along is not. */
        assert_true(ray(u, 0, 1.5, 1, 0, INFINITY, &h));
        assert_near(h.time, 0, 0);
        assert_vec_near(h.normal, -1, 0, TOL);
        assert_false(ray(u, 0, 1.5, -1, 0, INFINITY, &h));
        assert_false(ray(u, 0, 1.5, 0, 1, INFINITY, &h));
        /* Origin on the corner (0,0) moving diagonally in. */
        assert_true(ray(u, 0, 0, 1 / sqrt(2.0), 1 / sqrt(2.0), INFINITY, &h));
        assert_near(h.time, 0, 0);
        assert_vec_near(h.pos, 0, 0, 0);
        assert_near(c2d_len(h.normal), 1, TOL);
        /* Zero translation or zero length: the point test. */
        assert_true(ray(u, 0.5, 0.5, 0, 0, 1, &h));
        assert_near(h.time, 0, 0);
        assert_false(ray(u, 1.5, 2, 0, 0, 1, &h));
        assert_false(ray(u, 1.5, 5, 0, -1, 0, &h));
        /* Missing entirely, and bad input. */
        assert_false(ray(u, 5, 5, 1, 0, INFINITY, &h));
        assert_false(ray(u, -1, 2, 1, 0, 0.5, &h));
        assert_false(ray(u, NAN, 2, 1, 0, INFINITY, &h));
        assert_false(ray(u, -1, 2, 1, NAN, INFINITY, &h));
        assert_false(ray(u, -1, 2, 1, 0, NAN, &h));
        assert_false(ray(u, -1, 2, 1, 0, -1, &h));
    }
}

static void raycast_l_reflex_vertex(void **state) {
    cc ls[2];
    int w;
    (void)state;
    cc_make(&ls[0], 6, L_XY, false, 0, 0);
    cc_make(&ls[1], 6, L_XY, true, 0, 0);
    for (w = 0; w < 2; ++w) {
        const c2d_concave *l = &ls[w].c;
        c2d_hit h, untouched;
        /* Along the notch's floor (y = 1) from the right: runs on the edge, then enters at the
         * reflex vertex (1,1); the notch wall's normal (+x) faces the ray. */
        assert_true(ray(l, 3, 1, -1, 0, INFINITY, &h));
        assert_near(h.time, 2, TOL);
        assert_vec_near(h.pos, 1, 1, TOL);
        assert_vec_near(h.normal, 1, 0, TOL);
        /* The same line the other way runs along the bottom arm's top and leaves: from the left
         * it is inside from x = 0. */
        assert_true(ray(l, -1, 1, 1, 0, INFINITY, &h));
        assert_near(h.time, 1, TOL);
        assert_vec_near(h.normal, -1, 0, TOL);
        /* Along the top edge y = 2 from the right: touches (1,2) and runs along to (0,2): no. */
        assert_false(ray(l, 3, 2, -1, 0, INFINITY, &h));
        /* No hit writes nothing. */
        memset(&h, 0x5a, sizeof h);
        memset(&untouched, 0x5a, sizeof untouched);
        assert_false(ray(l, 3, 3, 1, 1, INFINITY, &h));
        assert_memory_equal(&h, &untouched, sizeof h);
    }
}

/* The U near (1e5, 1e5) answers like the U near 0 (in float the coordinates there step by 1/128). */
static void far_from_origin(void **state) {
    cc u;
    c2d_hit h;
    double o = 1e5;
    (void)state;
    cc_make(&u, 8, U_XY, false, o, o);
    assert_false(c2d_concave_contains_point(&u.c, c2d_v2((c2d_real)(o + 1.5), (c2d_real)(o + 2))));
    assert_true(c2d_concave_contains_point(&u.c, c2d_v2((c2d_real)(o + 1.5), (c2d_real)(o + 0.5))));
    assert_false(c2d_concave_contains_point(&u.c, c2d_v2((c2d_real)(o + 1), (c2d_real)(o + 2))));
    assert_true(c2d_concave_contains_point(&u.c, c2d_v2((c2d_real)(o + 1 - 1.0 / 64), (c2d_real)(o + 2))));
    assert_false(c2d_concave_overlap_segment(&u.c, seg(o + 1, o + 3, o + 2, o + 3)));
    assert_false(c2d_concave_overlap_segment(&u.c, seg(o + 1.5, o + 2, o + 1, o + 1)));
    assert_true(c2d_concave_overlap_segment(&u.c, seg(o + 1.5, o + 2, o + 0.5, o)));
    assert_false(c2d_concave_overlap_circle(&u.c, circ(o + 1.5, o + 2, 0.5)));
    assert_true(c2d_concave_overlap_circle(&u.c, circ(o + 1.5, o + 2, 0.5 + 1.0 / 64)));
    assert_true(ray(&u.c, o + 1.5, o + 5, 0, -1, INFINITY, &h));
    assert_near(h.time, 4, TOL);
    assert_vec_near(h.normal, 0, 1, TOL);
    assert_near(h.pos.y, o + 1, 1.0 / 64);
    assert_false(ray(&u.c, o - 1, o + 3, 1, 0, INFINITY, &h));
}

/* ---- randomized ---- */

/* Random star-shaped polygon about (cx, cy): n angles, one in each of n equal sectors (so they
 * strictly increase), radii in [0.2, 1]. Star-shaped about the center, hence simple. */
static void random_star(test_rng *rng, cc *out, int n, double cx, double cy, bool reverse) {
    double xy[128];
    int i;
    for (i = 0; i < n; ++i) {
        double a = (i + 0.1 + 0.8 * test_rng_range(rng, 0, 1)) * 2 * 3.14159265358979323846 / n;
        double r = test_rng_range(rng, 0.2, 1);
        xy[2 * i] = r * cos(a);
        xy[2 * i + 1] = r * sin(a);
    }
    cc_make(out, n, xy, reverse, cx, cy);
}

/* Winding number of the (float) outline around p, in double: the independent check. */
static int winding_number(const c2d_concave *c, double px, double py) {
    double total = 0;
    int i;
    for (i = 0; i < c->count; ++i) {
        c2d_vec2 a = c->vertices[i], b = c->vertices[(i + 1) % c->count];
        double ax = a.x - px, ay = a.y - py, bx = b.x - px, by = b.y - py;
        total += atan2(ax * by - ay * bx, ax * bx + ay * by);
    }
    return (int)floor(total / (2 * 3.14159265358979323846) + 0.5);
}

/* Distance from p to the outline, in double. */
static double boundary_distance(const c2d_concave *c, double px, double py) {
    double best = 1e300;
    int i;
    for (i = 0; i < c->count; ++i) {
        c2d_vec2 a = c->vertices[i], b = c->vertices[(i + 1) % c->count];
        double ex = (double)b.x - a.x, ey = (double)b.y - a.y, ee = ex * ex + ey * ey;
        double t = ee > 0 ? ((px - a.x) * ex + (py - a.y) * ey) / ee : 0, d;
        if (t < 0) t = 0;
        if (t > 1) t = 1;
        d = hypot(px - (a.x + t * ex), py - (a.y + t * ey));
        if (d < best) best = d;
    }
    return best;
}

/* c2d_concave_contains_point against the winding number on a grid of points at least 1e-3 from
 * the boundary, for random star-shaped polygons of both windings; a grid point on a vertex or
 * edge must be outside. */
static void random_contains_point_vs_winding(void **state) {
    test_rng rng = test_rng_make("random_contains_point_vs_winding");
    int iters = test_iterations(300), k;
    (void)state;
    for (k = 0; k < iters; ++k) {
        cc p;
        int n = 3 + (int)test_rng_range(&rng, 0, 30), gx, gy;
        double cx = test_rng_range(&rng, -5, 5), cy = test_rng_range(&rng, -5, 5);
        random_star(&rng, &p, n, cx, cy, (k & 1) != 0);
        for (gx = 0; gx <= 24; ++gx) {
            for (gy = 0; gy <= 24; ++gy) {
                double px = cx - 1.1 + 2.2 * gx / 24.0, py = cy - 1.1 + 2.2 * gy / 24.0;
                c2d_vec2 q = c2d_v2((c2d_real)px, (c2d_real)py);
                bool inside = c2d_concave_contains_point(&p.c, q);
                if (boundary_distance(&p.c, q.x, q.y) < 1e-3) continue;
                assert_true(inside == (winding_number(&p.c, q.x, q.y) != 0));
            }
        }
        /* Vertices and edge midpoints (exact when the edge is axis-aligned, else near) are never
         * strictly inside when exactly on the outline. */
        {
            int i;
            for (i = 0; i < n; ++i) assert_false(c2d_concave_contains_point(&p.c, p.v[i]));
        }
    }
}

/* x moved by k units in the last place of c2d_real (k < 0: down). */
static c2d_real nextafter_real(c2d_real x, int k) {
    for (; k > 0; --k) x = (c2d_real)C2D_NEXTAFTER(x, (c2d_real)INFINITY);
    for (; k < 0; ++k) x = (c2d_real)C2D_NEXTAFTER(x, -(c2d_real)INFINITY);
    return x;
}

/* Points within rounding of an edge: which side they lie on is a rounded orientation, so the
 * answer may go either way, but it must not depend on the winding. The same outline made
 * clockwise and counter-clockwise gives the same containment, and for a convex outline the same
 * as c2d_polygon_contains_point. The first case is the one found by test_properties
 * (C2D_TEST_SEED=14, float): a point 1e-8 from an edge of a triangle, once judged differently by
 * the clockwise outline. */
static void winding_independent_near_edges(void **state) {
    static const double tri[] = {-0.670764744, -1.82656956, 0.322876424, -1.8877362, -0.648252189, -0.0486492366};
    test_rng rng = test_rng_make("winding_independent_near_edges");
    int iters = test_iterations(2000), k, mismatches = 0;
    (void)state;
    for (k = 0; k <= iters; ++k) {
        double xy[16];
        int n = 3, i, j;
        c2d_polygon poly;
        cc ccw, cw;
        if (k == 0) {
            memcpy(xy, tri, sizeof tri);
        } else {
            /* a random convex polygon: points on a circle at increasing angles */
            double cx = test_rng_range(&rng, -8, 8), cy = test_rng_range(&rng, -8, 8), r = test_rng_range(&rng, 0.01, 4);
            n = 3 + (int)test_rng_range(&rng, 0, 6);
            for (i = 0; i < n; ++i) {
                double a = (i + 0.1 + 0.8 * test_rng_range(&rng, 0, 1)) * 2 * 3.14159265358979323846 / n;
                xy[2 * i] = cx + r * cos(a);
                xy[2 * i + 1] = cy + r * sin(a);
            }
        }
        cc_make(&ccw, n, xy, false, 0, 0);
        cc_make(&cw, n, xy, true, 0, 0);
        if (c2d_polygon_make(ccw.v, n, &poly) != C2D_OK || poly.count != n) continue;
        for (i = 0; i < n; ++i) {
            c2d_vec2 a = ccw.v[i], b = ccw.v[(i + 1) % n];
            for (j = 0; j < 24; ++j) {
                /* a rounded point of the edge, nudged by a few units in the last place */
                double t = k == 0 && i == 0 && j == 0 ? -1 : test_rng_range(&rng, 0.05, 0.95);
                c2d_vec2 q;
                bool in_ccw, in_cw, in_poly;
                if (t < 0) {
                    q = c2d_v2((c2d_real)0.062779665, (c2d_real)-1.39517474);
                } else {
                    q = c2d_v2((c2d_real)((double)a.x + t * ((double)b.x - (double)a.x)), (c2d_real)((double)a.y + t * ((double)b.y - (double)a.y)));
                    q.x = nextafter_real(q.x, (int)test_rng_range(&rng, -3, 4));
                    q.y = nextafter_real(q.y, (int)test_rng_range(&rng, -3, 4));
                }
                {
                    /* a cast ending at q from a point outside: the same answer and time either way */
                    c2d_vec2 m = c2d_v2((a.x + b.x) / 2, (a.y + b.y) / 2), from;
                    c2d_raycast_input in;
                    c2d_hit h1, h2;
                    bool g1, g2;
                    from = c2d_add(m, c2d_scale(c2d_v2(b.y - a.y, a.x - b.x), (c2d_real)test_rng_range(&rng, 0.5, 3)));
                    from = c2d_add(from, c2d_scale(c2d_sub(b, a), (c2d_real)test_rng_range(&rng, -1, 1)));
                    in = c2d_segment_cast_input(seg((double)from.x, (double)from.y, (double)q.x, (double)q.y));
                    g1 = c2d_concave_raycast(&ccw.c, in, &h1);
                    g2 = c2d_concave_raycast(&cw.c, in, &h2);
                    if (g1 != g2 || (g1 && h1.time != h2.time)) {
                        if (mismatches++ < 5)
                            printf("case %d edge %d: cast (%.9g, %.9g)-(%.9g, %.9g): ccw %d (time %.9g), cw %d (time %.9g)\n", k, i,
                                   (double)from.x, (double)from.y, (double)q.x, (double)q.y, g1, g1 ? (double)h1.time : 0.0, g2,
                                   g2 ? (double)h2.time : 0.0);
                    }
                }
                in_ccw = c2d_concave_contains_point(&ccw.c, q);
                in_cw = c2d_concave_contains_point(&cw.c, q);
                in_poly = c2d_polygon_contains_point(&poly, q);
                if (in_ccw != in_cw || in_ccw != in_poly) {
                    if (mismatches++ < 5)
                        printf("case %d edge %d: point (%.9g, %.9g): ccw %d, cw %d, convex %d\n", k, i, (double)q.x, (double)q.y, in_ccw,
                               in_cw, in_poly);
                }
            }
        }
    }
    assert_int_equal(mismatches, 0);
}

/* Random pairs of star polygons: overlap is symmetric and winding-independent, and agrees with
 * sampling: a sample point strictly inside both forces true. Random segments: overlap_segment
 * agrees with a segment cast (a segment enters the interior exactly when the cast hits before its
 * end), including segments between polygon vertices, which hit the degenerate paths. */
static void random_overlap_properties(void **state) {
    test_rng rng = test_rng_make("random_overlap_properties");
    int iters = test_iterations(300), k;
    (void)state;
    for (k = 0; k < iters; ++k) {
        cc a, b, ar, br;
        int na = 3 + (int)test_rng_range(&rng, 0, 12), nb = 3 + (int)test_rng_range(&rng, 0, 12);
        double bx = test_rng_range(&rng, -2, 2), by = test_rng_range(&rng, -2, 2);
        test_rng copy;
        bool r;
        int s;
        copy = rng;
        random_star(&rng, &a, na, 0, 0, false);
        rng = copy;
        random_star(&rng, &ar, na, 0, 0, true);
        copy = rng;
        random_star(&rng, &b, nb, bx, by, false);
        rng = copy;
        random_star(&rng, &br, nb, bx, by, true);
        r = c2d_concave_overlap_concave(&a.c, &b.c);
        assert_true(r == c2d_concave_overlap_concave(&b.c, &a.c));
        assert_true(r == c2d_concave_overlap_concave(&ar.c, &b.c));
        assert_true(r == c2d_concave_overlap_concave(&a.c, &br.c));
        assert_true(r == c2d_concave_overlap_concave(&br.c, &ar.c));
        if (!r) {
            for (s = 0; s < 200; ++s) {
                c2d_vec2 q = c2d_v2((c2d_real)test_rng_range(&rng, -1, 1), (c2d_real)test_rng_range(&rng, -1, 1));
                assert_false(c2d_concave_contains_point(&a.c, q) && c2d_concave_contains_point(&b.c, q));
            }
        }
        assert_true(c2d_concave_overlap_concave(&a.c, &a.c));
        assert_true(c2d_concave_overlap_concave(&a.c, &ar.c));

        for (s = 0; s < 20; ++s) {
            c2d_segment g;
            c2d_raycast_input in;
            c2d_hit h;
            bool o, hit;
            if (s % 2 == 0) {
                g.p1 = a.v[(int)test_rng_range(&rng, 0, na)];
                g.p2 = a.v[(int)test_rng_range(&rng, 0, na)];
            } else {
                g = seg(test_rng_range(&rng, -1.5, 1.5), test_rng_range(&rng, -1.5, 1.5),
                        test_rng_range(&rng, -1.5, 1.5), test_rng_range(&rng, -1.5, 1.5));
            }
            o = c2d_concave_overlap_segment(&a.c, g);
            assert_true(o == c2d_concave_overlap_segment(&ar.c, g));
            assert_true(o == c2d_concave_overlap_segment(&a.c, seg(g.p2.x, g.p2.y, g.p1.x, g.p1.y)));
            in = c2d_segment_cast_input(g);
            hit = c2d_concave_raycast(&a.c, in, &h);
            assert_true(o == hit);
            if (hit) {
                assert_hit_finite(h);
                assert_true(h.time >= 0 && h.time < 1);
                assert_near(c2d_len(h.normal), 1, TOL);
            }
            /* A sample of the segment strictly inside, clear of the boundary, forces true (a
             * computed point on a segment lying along an edge may round to either side of it). */
            {
                int m;
                for (m = 1; m < 8; ++m) {
                    c2d_vec2 q = c2d_lerp(g.p1, g.p2, (c2d_real)m / 8);
                    if (c2d_concave_contains_point(&a.c, q) && boundary_distance(&a.c, q.x, q.y) > 1e-4) assert_true(o);
                }
            }
        }
    }
}

/* A "skyline": k unit columns of heights h[0..k-1] standing on a base, turned by rot quarter turns
 * and placed at (ox, oy). A simple rectilinear polygon on the integer grid, with straight vertices
 * where neighbouring columns have equal heights. */
typedef struct skyline {
    int k, h[5], rot, ox, oy;
} skyline;

static void sky_random(test_rng *rng, skyline *s) {
    int i;
    s->k = 1 + (int)test_rng_range(rng, 0, 4);
    for (i = 0; i < s->k; ++i) s->h[i] = 1 + (int)test_rng_range(rng, 0, 3);
    s->rot = (int)test_rng_range(rng, 0, 4);
    s->ox = (int)test_rng_range(rng, 0, 5);
    s->oy = (int)test_rng_range(rng, 0, 5);
}

/* Local to world for the quarter turn. */
static void sky_map(const skyline *s, int lx, int ly, int *wx, int *wy) {
    switch (s->rot) {
    case 0:
        *wx = s->ox + lx;
        *wy = s->oy + ly;
        break;
    case 1:
        *wx = s->ox - ly;
        *wy = s->oy + lx;
        break;
    case 2:
        *wx = s->ox - lx;
        *wy = s->oy - ly;
        break;
    default:
        *wx = s->ox + ly;
        *wy = s->oy - lx;
        break;
    }
}

/* Is the unit cell whose lower-left world corner is (cx, cy) inside the skyline? Maps the cell's
 * center back to local coordinates: the independent oracle. */
static bool sky_has_cell(const skyline *s, int cx, int cy) {
    double wx = cx + 0.5 - s->ox, wy = cy + 0.5 - s->oy, lx, ly;
    int c, r;
    switch (s->rot) {
    case 0:
        lx = wx;
        ly = wy;
        break;
    case 1:
        lx = wy;
        ly = -wx;
        break;
    case 2:
        lx = -wx;
        ly = -wy;
        break;
    default:
        lx = -wy;
        ly = wx;
        break;
    }
    c = (int)floor(lx);
    r = (int)floor(ly);
    return c >= 0 && c < s->k && r >= 0 && r < s->h[c];
}

/* Outline of the skyline as a concave polygon, starting at a random vertex, either winding. */
static void sky_make(test_rng *rng, const skyline *s, cc *out) {
    int lx[16], ly[16], n = 0, c, i, start;
    double xy[32];
    bool reverse = test_rng_range(rng, 0, 1) < 0.5;
    lx[n] = 0;
    ly[n++] = 0;
    lx[n] = s->k;
    ly[n++] = 0;
    lx[n] = s->k;
    ly[n++] = s->h[s->k - 1];
    for (c = s->k - 1; c >= 1; --c) {
        lx[n] = c;
        ly[n++] = s->h[c];
        if (s->h[c - 1] != s->h[c]) {
            lx[n] = c;
            ly[n++] = s->h[c - 1];
        }
    }
    lx[n] = 0;
    ly[n++] = s->h[0];
    start = (int)test_rng_range(rng, 0, n);
    for (i = 0; i < n; ++i) {
        int wx, wy;
        sky_map(s, lx[(start + i) % n], ly[(start + i) % n], &wx, &wy);
        xy[2 * i] = wx;
        xy[2 * i + 1] = wy;
    }
    cc_make(out, n, xy, reverse, 0, 0);
}

/* Random skylines on the integer grid, where shared edges, shared vertices, T-junctions and
 * collinear runs are the rule: overlap_concave must equal the exact cell oracle (two grid polygons
 * overlap exactly when some unit cell is inside both). Segments with integer endpoints: the
 * overlap test agrees with the segment cast, and with sampling at cell-aligned points. */
static void random_grid_polygons(void **state) {
    test_rng rng = test_rng_make("random_grid_polygons");
    int iters = test_iterations(2000), k;
    (void)state;
    for (k = 0; k < iters; ++k) {
        skyline sa, sb;
        cc a, b;
        bool expected = false;
        int x, y, s;
        sky_random(&rng, &sa);
        sky_random(&rng, &sb);
        sky_make(&rng, &sa, &a);
        sky_make(&rng, &sb, &b);
        for (x = -5; x < 10 && !expected; ++x) {
            for (y = -5; y < 10 && !expected; ++y) expected = sky_has_cell(&sa, x, y) && sky_has_cell(&sb, x, y);
        }
        assert_true(c2d_concave_overlap_concave(&a.c, &b.c) == expected);
        assert_true(c2d_concave_overlap_concave(&b.c, &a.c) == expected);
        for (s = 0; s < 10; ++s) {
            c2d_segment g = seg(floor(test_rng_range(&rng, -1, 7)), floor(test_rng_range(&rng, -1, 7)),
                                floor(test_rng_range(&rng, -1, 7)), floor(test_rng_range(&rng, -1, 7)));
            bool o = c2d_concave_overlap_segment(&a.c, g);
            c2d_hit h;
            int m;
            assert_true(o == c2d_concave_raycast(&a.c, c2d_segment_cast_input(g), &h));
            /* Points at 1/16 steps: exact in float; one strictly inside forces true, and a
             * segment that enters has such a point unless it only enters a sliver (it cannot:
             * integer endpoints and integer vertices give pieces at least 1/64 long). */
            {
                bool any = false;
                for (m = 0; m <= 64 && !any; ++m) {
                    c2d_vec2 q = c2d_lerp(g.p1, g.p2, (c2d_real)m / 64);
                    any = c2d_concave_contains_point(&a.c, q);
                }
                assert_true(any == o);
            }
        }
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(make_valid_shapes),
        cmocka_unit_test(make_errors),
        cmocka_unit_test(is_valid_rejects_hand_made),
        cmocka_unit_test(contains_point_l_shape),
        cmocka_unit_test(contains_point_u_shape),
        cmocka_unit_test(seed_polygons_collide_containment),
        cmocka_unit_test(overlap_identical_and_shared),
        cmocka_unit_test(overlap_notches),
        cmocka_unit_test(overlap_at_reflex_vertex),
        cmocka_unit_test(overlap_bad_input),
        cmocka_unit_test(overlap_convex_polygon),
        cmocka_unit_test(overlap_circle),
        cmocka_unit_test(overlap_segment_u_shape),
        cmocka_unit_test(raycast_u_shape),
        cmocka_unit_test(raycast_l_reflex_vertex),
        cmocka_unit_test(far_from_origin),
        cmocka_unit_test(random_contains_point_vs_winding),
        cmocka_unit_test(winding_independent_near_edges),
        cmocka_unit_test(random_overlap_properties),
        cmocka_unit_test(random_grid_polygons),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
