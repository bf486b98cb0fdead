/* Boolean overlap for every convex pair (src/overlap.c): a hand-computed overlapping and separated
 * case per pair, both sides of the touching boundary (exactly touching -> false, overlapping by
 * 1e-3 -> true), containment, rotated polygons, bad input, the seed documents' examples, and a
 * randomized symmetry check. Segment against segment is tested in test_segment.c. */
#include "test_util.h"

#define SQRT2 1.41421356237309504880
#define PI 3.14159265358979323846

/* ---- small helpers ---- */

static c2d_vec2 V(double x, double y) { return c2d_v2((c2d_real)x, (c2d_real)y); }

static c2d_aabb box_ltrb(double l, double t, double r, double b) {
    c2d_aabb out;
    assert_status(c2d_aabb_from_ltrb((c2d_real)l, (c2d_real)t, (c2d_real)r, (c2d_real)b, &out), C2D_OK);
    return out;
}

static c2d_aabb box_corner(double x, double y, double w, double h) {
    c2d_aabb out;
    assert_status(c2d_aabb_from_corner(V(x, y), (c2d_real)w, (c2d_real)h, &out), C2D_OK);
    return out;
}

static c2d_polygon tri(double x0, double y0, double x1, double y1, double x2, double y2) {
    double xy[6];
    xy[0] = x0;
    xy[1] = y0;
    xy[2] = x1;
    xy[3] = y1;
    xy[4] = x2;
    xy[5] = y2;
    return poly_n(3, xy);
}

/* The same capsule as a circle: a zero-length core. */
static c2d_capsule circle_as_capsule(c2d_circle c) {
    c2d_capsule k;
    k.p1 = k.p2 = c.center;
    k.radius = c.radius;
    return k;
}

/* ---- segment ---- */

static void segment_vs_aabb(void **state) {
    c2d_aabb b = box_c(1, 1, 1, 1); /* [0,2] x [0,2] */
    (void)state;
    assert_true(c2d_segment_overlap_aabb(seg(-1, 1, 3, 1), b));         /* straight through */
    assert_false(c2d_segment_overlap_aabb(seg(-1, 3, 3, 3), b));        /* above */
    assert_false(c2d_segment_overlap_aabb(seg(-1, 2, 3, 2), b));        /* along the top edge */
    assert_true(c2d_segment_overlap_aabb(seg(-1, 1.999, 3, 1.999), b)); /* 1e-3 below it */
    assert_false(c2d_segment_overlap_aabb(seg(-1, 1, 1, 3), b));        /* grazes the corner (0,2) */
    assert_true(c2d_segment_overlap_aabb(seg(-1, 0.999, 1, 2.999), b)); /* cuts the corner by 1e-3 */
    assert_false(c2d_segment_overlap_aabb(seg(-1, 1, 0, 1), b));        /* ends on the left edge */
    assert_true(c2d_segment_overlap_aabb(seg(-1, 1, 0.001, 1), b));     /* ends 1e-3 inside */
    assert_true(c2d_segment_overlap_aabb(seg(0.5, 0.5, 1.5, 1.5), b));  /* wholly inside */
    assert_true(c2d_segment_overlap_aabb(seg(1, 1, 1, 1), b));          /* zero length, inside */
    assert_false(c2d_segment_overlap_aabb(seg(0, 1, 0, 1), b));         /* zero length, on the edge */
    assert_false(c2d_segment_overlap_aabb(seg(3, -1, 5, 3), b));        /* diagonal, beside it */
}

static void segment_vs_circle(void **state) {
    c2d_circle c = circ(0, 0, 1);
    (void)state;
    assert_true(c2d_segment_overlap_circle(seg(-2, 0, 2, 0), c));
    assert_false(c2d_segment_overlap_circle(seg(-2, 2, 2, 2), c));
    assert_false(c2d_segment_overlap_circle(seg(-2, 1, 2, 1), c)); /* tangent */
    assert_true(c2d_segment_overlap_circle(seg(-2, 0.999, 2, 0.999), c));
    assert_false(c2d_segment_overlap_circle(seg(1, 0, 2, 0), c)); /* ends on the circle */
    assert_true(c2d_segment_overlap_circle(seg(0.999, 0, 2, 0), c));
    assert_false(c2d_segment_overlap_circle(seg(3, 4, 6, 8), circ(0, 0, 5))); /* end (3,4) at distance 5 */
    assert_true(c2d_segment_overlap_circle(seg(-0.1, 0, 0.1, 0), c));         /* inside */
    assert_true(c2d_segment_overlap_circle(seg(-5, -5, 5, 5), c));            /* through the center */
}

static void segment_vs_capsule(void **state) {
    c2d_capsule k = caps(0, 0, 2, 0, 1);
    (void)state;
    assert_true(c2d_segment_overlap_capsule(seg(1, -3, 1, 3), k));  /* crosses the core */
    assert_false(c2d_segment_overlap_capsule(seg(-1, 1, 3, 1), k)); /* along the flat side */
    assert_true(c2d_segment_overlap_capsule(seg(-1, 0.999, 3, 0.999), k));
    assert_false(c2d_segment_overlap_capsule(seg(3, 0, 4, 0), k)); /* touches the cap */
    assert_true(c2d_segment_overlap_capsule(seg(2.999, 0, 4, 0), k));
    assert_false(c2d_segment_overlap_capsule(seg(5, 4, 9, 4), caps(0, 0, 2, 0, 5))); /* (5,4): 3-4-5 from (2,0) */
    assert_true(c2d_segment_overlap_capsule(seg(0.5, 0.1, 1.5, -0.1), k));           /* inside */
    assert_false(c2d_segment_overlap_capsule(seg(-3, -3, -3, 3), k));
}

static void segment_vs_polygon(void **state) {
    c2d_polygon t = tri(0, 0, 4, 0, 0, 4);
    c2d_polygon d = poly_box(0, 0, 1, 1, PI / 4); /* diamond, corners at distance sqrt(2) */
    (void)state;
    assert_true(c2d_segment_overlap_polygon(seg(1, -1, 1, 5), &t));
    assert_false(c2d_segment_overlap_polygon(seg(5, -1, 5, 5), &t));
    assert_false(c2d_segment_overlap_polygon(seg(-1, 0, 5, 0), &t)); /* along the bottom edge */
    assert_true(c2d_segment_overlap_polygon(seg(-1, 0.001, 5, 0.001), &t));
    assert_false(c2d_segment_overlap_polygon(seg(-1, 3, 1, 5), &t)); /* grazes the vertex (0,4) */
    assert_false(c2d_segment_overlap_polygon(seg(2, 2, 3, 3), &t));  /* ends on the hypotenuse */
    assert_true(c2d_segment_overlap_polygon(seg(1.999, 1.999, 3, 3), &t));
    assert_true(c2d_segment_overlap_polygon(seg(0.5, 0.5, 1, 1), &t)); /* wholly inside */
    assert_true(c2d_segment_overlap_polygon(seg(1, 1, 1, 1), &t));     /* zero length inside */
    assert_true(c2d_segment_overlap_polygon(seg(-2, 0, 2, 0), &d));
    assert_false(c2d_segment_overlap_polygon(seg(-2, 1.5, 2, 1.5), &d));
    assert_true(c2d_segment_overlap_polygon(seg(-2, 1.4, 2, 1.4), &d)); /* just under the top corner */
}

/* The snippets' lineRectCollide only tests the segment against the four sides, so a segment wholly
 * inside the rectangle is reported as not colliding. The truth (and ours) is true. */
static void seed_line_rect_containment(void **state) {
    c2d_aabb r = box_corner(10, 10, 100, 50);
    (void)state;
    assert_true(c2d_segment_overlap_aabb(seg(20, 20, 90, 40), r)); /* seed: false */
    assert_true(c2d_segment_overlap_aabb(seg(0, 20, 90, 40), r));  /* crosses the left side: seed true */
}

/* ---- aabb ---- */

static void aabb_vs_aabb(void **state) {
    c2d_aabb a = box_c(0, 0, 1, 1);
    (void)state;
    assert_true(c2d_aabb_overlap_aabb(a, box_c(1.5, 0.5, 1, 1)));
    assert_false(c2d_aabb_overlap_aabb(a, box_c(5, 5, 1, 1)));
    assert_false(c2d_aabb_overlap_aabb(a, box_c(2, 0, 1, 1))); /* edge to edge */
    assert_true(c2d_aabb_overlap_aabb(a, box_c(1.999, 0, 1, 1)));
    assert_false(c2d_aabb_overlap_aabb(a, box_c(0, -2, 1, 1)));
    assert_true(c2d_aabb_overlap_aabb(a, box_c(0, -1.999, 1, 1)));
    assert_false(c2d_aabb_overlap_aabb(a, box_c(2, 2, 1, 1)));      /* corner to corner */
    assert_true(c2d_aabb_overlap_aabb(a, box_c(0, 0, 0.25, 0.25))); /* contains */
    assert_true(c2d_aabb_overlap_aabb(box_c(0, 0, 0.25, 0.25), a)); /* contained */
    assert_true(c2d_aabb_overlap_aabb(a, a));                       /* equal */
    assert_true(c2d_aabb_overlap_aabb(a, box_c(0, 0, 3, 0.5)));     /* a cross */
}

static void aabb_vs_circle(void **state) {
    c2d_aabb b = box_c(0, 0, 1, 1);
    (void)state;
    assert_true(c2d_aabb_overlap_circle(b, circ(1.5, 0, 1)));
    assert_false(c2d_aabb_overlap_circle(b, circ(2, 0, 1))); /* touches the right edge */
    assert_true(c2d_aabb_overlap_circle(b, circ(1.999, 0, 1)));
    assert_false(c2d_aabb_overlap_circle(b, circ(4, 5, 5))); /* touches corner (1,1): 3-4-5 */
    assert_true(c2d_aabb_overlap_circle(b, circ(4, 4.999, 5)));
    assert_false(c2d_aabb_overlap_circle(b, circ(3, 3, 2)));   /* near the corner, outside */
    assert_true(c2d_aabb_overlap_circle(b, circ(0, 0, 0.1)));  /* circle inside box */
    assert_true(c2d_aabb_overlap_circle(b, circ(0.5, 0, 10))); /* box inside circle */
    assert_true(c2d_aabb_overlap_circle(b, circ(1, 0, 0.01))); /* center on the edge */
}

static void aabb_vs_capsule(void **state) {
    c2d_aabb b = box_c(0, 0, 1, 1);
    (void)state;
    assert_true(c2d_aabb_overlap_capsule(b, caps(-5, 0, 5, 0, 0.1))); /* core through the box */
    assert_false(c2d_aabb_overlap_capsule(b, caps(2, -5, 2, 5, 1)));  /* side along the right edge */
    assert_true(c2d_aabb_overlap_capsule(b, caps(1.999, -5, 1.999, 5, 1)));
    assert_false(c2d_aabb_overlap_capsule(b, caps(4, 5, 4, 9, 5))); /* cap touches corner (1,1) */
    assert_true(c2d_aabb_overlap_capsule(b, caps(4, 5, 4, 9, 5.001)));
    assert_false(c2d_aabb_overlap_capsule(b, caps(3, 0, 9, 6, 1)));                    /* beside the corner, apart */
    assert_true(c2d_aabb_overlap_capsule(b, caps(0, 0, 0, 0.1, 5)));                   /* capsule contains box */
    assert_true(c2d_aabb_overlap_capsule(box_c(0, 0, 10, 10), caps(0, 0, 1, 0, 0.5))); /* box contains */
    assert_true(c2d_aabb_overlap_capsule(b, caps(1, 1, 1, 1, 0.5)));                   /* zero-length core on a corner */
}

static void aabb_vs_polygon(void **state) {
    c2d_aabb b = box_c(0, 0, 1, 1);
    c2d_polygon p;
    (void)state;
    p = poly_box(1.5, 0.5, 1, 1, 0);
    assert_true(c2d_aabb_overlap_polygon(b, &p));
    p = poly_box(2, 0, 1, 1, 0);
    assert_false(c2d_aabb_overlap_polygon(b, &p)); /* edge to edge */
    p = poly_box(1.999, 0, 1, 1, 0);
    assert_true(c2d_aabb_overlap_polygon(b, &p));
    p = tri(1, 0, 3, -1, 3, 1);
    assert_false(c2d_aabb_overlap_polygon(b, &p)); /* vertex on the right edge */
    p = tri(0.999, 0, 3, -1, 3, 1);
    assert_true(c2d_aabb_overlap_polygon(b, &p));
    p = tri(2, 0, 4, -2, 4, 2); /* apart, only the box's x axis separates */
    assert_false(c2d_aabb_overlap_polygon(b, &p));
    p = tri(-0.1, -0.1, 0.1, -0.1, 0, 0.1);
    assert_true(c2d_aabb_overlap_polygon(b, &p)); /* polygon inside the box */
    p = poly_box(0, 0, 5, 5, 0.3);
    assert_true(c2d_aabb_overlap_polygon(b, &p)); /* box inside the polygon */
    p = poly_box(0, 2.2, 1, 1, PI / 4);           /* bottom corner at y = 0.786 */
    assert_true(c2d_aabb_overlap_polygon(b, &p));
    p = poly_box(0, 2.5, 1, 1, PI / 4); /* bottom corner at y = 1.086 */
    assert_false(c2d_aabb_overlap_polygon(b, &p));
    p = poly_box(2.4, 2.4, 1, 1, PI / 4); /* diamond beside the corner: its edge separates */
    assert_false(c2d_aabb_overlap_polygon(b, &p));
}

/* MDN's AABB test: 20 x 20 entities, x, y the top-left corner, strict comparisons (touching is not
 * a collision: MDN agrees with us). */
static void seed_mdn_aabb(void **state) {
    c2d_aabb a = box_corner(50, 50, 20, 20);
    (void)state;
    assert_false(c2d_aabb_overlap_aabb(a, box_corner(70, 50, 20, 20))); /* touching: MDN false */
    assert_true(c2d_aabb_overlap_aabb(a, box_corner(69, 50, 20, 20)));
    assert_true(c2d_aabb_overlap_aabb(a, box_corner(60, 60, 20, 20)));
    assert_false(c2d_aabb_overlap_aabb(a, box_corner(50, 71, 20, 20)));
}

/* The snippets' RectsColliding uses !(a > b || ...), so rectangles that only touch "collide".
 * Ours: touching is no overlap. */
static void seed_rects_colliding(void **state) {
    c2d_aabb r1 = box_corner(0, 0, 10, 10);
    (void)state;
    assert_false(c2d_aabb_overlap_aabb(r1, box_corner(10, 0, 10, 10))); /* seed: true (touching) */
    assert_false(c2d_aabb_overlap_aabb(r1, box_corner(10, 10, 5, 5)));  /* seed: true (corner) */
    assert_true(c2d_aabb_overlap_aabb(r1, box_corner(5, 5, 10, 10)));   /* seed: true */
    assert_false(c2d_aabb_overlap_aabb(r1, box_corner(11, 0, 10, 10))); /* seed: false */
}

/* The snippets' RectCircleColliding, ported as written, to show its bug: after the two quick
 * rejections it compares the distance from the center with the full width and height instead of
 * the half extents (and subtracts the full sizes for the corner test). */
static bool seed_rect_circle(double rx, double ry, double rw, double rh, double cx, double cy, double cr) {
    double dx = fabs(cx - (rx + rw / 2)), dy = fabs(cy - (ry + rh / 2));
    if (dx > cr + rw / 2) return false;
    if (dy > cr + rh / 2) return false;
    if (dx <= rw) return true;
    if (dy <= rh) return true;
    dx -= rw;
    dy -= rh;
    return dx * dx + dy * dy <= cr * cr;
}

static void seed_rect_circle_colliding(void **state) {
    c2d_aabb r = box_corner(0, 0, 10, 10);
    (void)state;
    /* Circle at (13,13), r = 3.5 near the corner (10,10): its distance to the corner is
     * sqrt(18) = 4.24 > 3.5, so it does not touch; the seed says true. */
    assert_true(seed_rect_circle(0, 0, 10, 10, 13, 13, 3.5));
    assert_false(c2d_aabb_overlap_circle(r, circ(13, 13, 3.5)));
    /* With the half-width fix both agree: (12, 5), r = 3 reaches 1 into the right side. */
    assert_true(seed_rect_circle(0, 0, 10, 10, 12, 5, 3));
    assert_true(c2d_aabb_overlap_circle(r, circ(12, 5, 3)));
    /* Exactly touching the right side: the seed's <= says true, ours false. */
    assert_true(seed_rect_circle(0, 0, 10, 10, 13, 5, 3));
    assert_false(c2d_aabb_overlap_circle(r, circ(13, 5, 3)));
    assert_true(c2d_aabb_overlap_circle(r, circ(12.999, 5, 3)));
}

/* The rectangle tutorial (LTRB, y down) ported with its three bugs: the bottom-edge branch sets
 * isVerticalCollision = False, isContainsCollision starts out True (so every pair "collides"), and
 * neither edge test sees equal rectangles or a rectangle containing the other on one axis. Here the
 * containment flag is fixed to start False so that the vertical bug shows. */
static bool seed_tutorial(c2d_aabb r1, c2d_aabb r2) {
    double l1 = r1.lower.x, r1r = r1.upper.x, t1 = r1.lower.y, b1 = r1.upper.y;
    double l2 = r2.lower.x, r2r = r2.upper.x, t2 = r2.lower.y, b2 = r2.upper.y;
    bool horizontal = false, vertical = false, contains = false;
    if (l1 < l2 && l2 < r1r) horizontal = true;
    if (l1 < r2r && r2r < r1r) horizontal = true;
    if (t1 < t2 && t2 < b1) vertical = true;
    if (t1 < b2 && b2 < b1) vertical = false; /* the tutorial's bug */
    if (!horizontal && !vertical) {
        if (l2 < l1 && l1 < r2r && t2 < t1 && t1 < b2) contains = true;
    }
    return (horizontal && vertical) || contains;
}

static void seed_rect_tutorial(void **state) {
    c2d_aabb r1 = box_ltrb(0, 0, 10, 10);
    (void)state;
    /* Vertical bug: r2 reaches into r1 from above (its bottom edge is inside r1's rows). They
     * overlap on [5,10] x [0,5]; the tutorial says no. */
    assert_false(seed_tutorial(r1, box_ltrb(5, -5, 15, 5)));
    assert_true(c2d_aabb_overlap_aabb(r1, box_ltrb(5, -5, 15, 5)));
    /* Containment: r1 inside r2 (the tutorial's special case catches it). */
    assert_true(seed_tutorial(r1, box_ltrb(-5, -5, 15, 15)));
    assert_true(c2d_aabb_overlap_aabb(r1, box_ltrb(-5, -5, 15, 15)));
    assert_true(c2d_aabb_overlap_aabb(box_ltrb(-5, -5, 15, 15), r1));
    /* Equal rectangles (the reader's comment): the tutorial misses them. */
    assert_false(seed_tutorial(r1, box_ltrb(0, 0, 10, 10)));
    assert_true(c2d_aabb_overlap_aabb(r1, box_ltrb(0, 0, 10, 10)));
    /* A y-up box from the same LTRB numbers is the same box. */
    assert_true(c2d_aabb_overlap_aabb(box_ltrb(0, 10, 10, 0), r1));
    /* Touching: "My examples require overlap for a collision". */
    assert_false(c2d_aabb_overlap_aabb(r1, box_ltrb(10, 0, 20, 10)));
}

/* ---- circle ---- */

static void circle_vs_circle(void **state) {
    c2d_circle a = circ(0, 0, 1);
    (void)state;
    assert_true(c2d_circle_overlap_circle(a, circ(1.5, 0, 1)));
    assert_false(c2d_circle_overlap_circle(a, circ(3, 0, 1)));
    assert_false(c2d_circle_overlap_circle(a, circ(2, 0, 1))); /* touching */
    assert_true(c2d_circle_overlap_circle(a, circ(1.999, 0, 1)));
    assert_false(c2d_circle_overlap_circle(circ(0, 0, 2), circ(3, 4, 3))); /* 3-4-5 */
    assert_true(c2d_circle_overlap_circle(a, circ(0.1, 0, 0.2)));          /* contained */
    assert_true(c2d_circle_overlap_circle(circ(0.1, 0, 0.2), a));
    assert_true(c2d_circle_overlap_circle(a, a));
}

/* The snippets' CirclesColliding uses <=: touching circles "collide". Ours does not. */
static void seed_circles_colliding(void **state) {
    (void)state;
    assert_false(c2d_circle_overlap_circle(circ(0, 0, 10), circ(20, 0, 10)));  /* seed: true */
    assert_false(c2d_circle_overlap_circle(circ(0, 0, 10), circ(12, 16, 10))); /* seed: true (3-4-5 x 4) */
    assert_true(c2d_circle_overlap_circle(circ(0, 0, 10), circ(19, 0, 10)));   /* seed: true */
    assert_false(c2d_circle_overlap_circle(circ(0, 0, 10), circ(21, 0, 10)));  /* seed: false */
}

/* MDN's circles: 20-pixel entities (radius 10) whose x, y is the top-left corner of the bounding
 * square, so the center is (x + 10, y + 10); strict <, as ours. */
static void seed_mdn_circles(void **state) {
    c2d_circle a = circ(50 + 10, 50 + 10, 10);
    (void)state;
    assert_false(c2d_circle_overlap_circle(a, circ(70 + 10, 50 + 10, 10))); /* distance 20: MDN false */
    assert_true(c2d_circle_overlap_circle(a, circ(69 + 10, 50 + 10, 10)));
    assert_true(c2d_circle_overlap_circle(a, circ(62 + 10, 60 + 10, 10)));  /* distance sqrt(244) */
    assert_false(c2d_circle_overlap_circle(a, circ(62 + 10, 66 + 10, 10))); /* distance 20: 12-16-20 */
}

static void circle_vs_capsule(void **state) {
    c2d_capsule k = caps(-1, 0, 1, 0, 1);
    (void)state;
    assert_true(c2d_circle_overlap_capsule(circ(0, 1.5, 1), k));
    assert_false(c2d_circle_overlap_capsule(circ(0, 2, 1), k)); /* touching the side */
    assert_true(c2d_circle_overlap_capsule(circ(0, 1.999, 1), k));
    assert_false(c2d_circle_overlap_capsule(circ(4, 4, 3), caps(-1, 0, 1, 0, 2))); /* cap: (1,0)-(4,4) = 5 */
    assert_true(c2d_circle_overlap_capsule(circ(4, 3.999, 3), caps(-1, 0, 1, 0, 2)));
    assert_false(c2d_circle_overlap_capsule(circ(5, 5, 1), k));
    assert_true(c2d_circle_overlap_capsule(circ(0.5, 0, 0.1), k)); /* circle inside */
    assert_true(c2d_circle_overlap_capsule(circ(0, 0, 10), k));    /* capsule inside */
}

static void circle_vs_polygon(void **state) {
    c2d_polygon t = tri(0, 0, 4, 0, 0, 4);
    c2d_polygon d = poly_box(0, 0, 1, 1, PI / 4);
    (void)state;
    assert_true(c2d_circle_overlap_polygon(circ(2, -0.5, 1), &t));
    assert_false(c2d_circle_overlap_polygon(circ(2, -1, 1), &t)); /* tangent to the bottom edge */
    assert_true(c2d_circle_overlap_polygon(circ(2, -0.999, 1), &t));
    assert_false(c2d_circle_overlap_polygon(circ(7, -4, 5), &t)); /* vertex (4,0): 3-4-5 */
    assert_true(c2d_circle_overlap_polygon(circ(7, -3.999, 5), &t));
    assert_false(c2d_circle_overlap_polygon(circ(-3, -4, 5), &t));  /* vertex (0,0) */
    assert_false(c2d_circle_overlap_polygon(circ(6, 6, 2), &t));    /* beyond the hypotenuse */
    assert_true(c2d_circle_overlap_polygon(circ(1, 1, 0.1), &t));   /* circle inside */
    assert_true(c2d_circle_overlap_polygon(circ(1, 1, 20), &t));    /* polygon inside */
    assert_true(c2d_circle_overlap_polygon(circ(2, 0, 0.001), &t)); /* center on an edge */
    assert_true(c2d_circle_overlap_polygon(circ(2, 0, 1), &d));     /* diamond corner at x = 1.414 */
    assert_false(c2d_circle_overlap_polygon(circ(3, 0, 1), &d));
    assert_false(c2d_circle_overlap_polygon(circ(1.5, 1.5, 0.8), &d)); /* edge at distance 1.12 */
    assert_true(c2d_circle_overlap_polygon(circ(1.5, 1.5, 1.2), &d));
}

/* ---- capsule ---- */

static void capsule_vs_capsule(void **state) {
    c2d_capsule a = caps(0, 0, 2, 0, 0.5);
    (void)state;
    assert_true(c2d_capsule_overlap_capsule(a, caps(1, -2, 1, 2, 0.5))); /* crossing */
    assert_false(c2d_capsule_overlap_capsule(a, caps(0, 1, 2, 1, 0.5))); /* parallel, touching */
    assert_true(c2d_capsule_overlap_capsule(a, caps(0, 0.999, 2, 0.999, 0.5)));
    assert_false(c2d_capsule_overlap_capsule(a, caps(3, 0, 4, 0, 0.5))); /* end to end, touching */
    assert_true(c2d_capsule_overlap_capsule(a, caps(2.999, 0, 4, 0, 0.5)));
    assert_false(c2d_capsule_overlap_capsule(a, caps(5, 4, 9, 4, 4.5))); /* (2,0)-(5,4) = 5 */
    assert_true(c2d_capsule_overlap_capsule(a, caps(5, 4, 9, 4, 4.501)));
    assert_true(c2d_capsule_overlap_capsule(a, caps(1, 0, 1.1, 0, 0.1))); /* contained */
    assert_true(c2d_capsule_overlap_capsule(caps(1, 0, 1.1, 0, 0.1), a));
    assert_false(c2d_capsule_overlap_capsule(a, caps(-1, 3, 3, 5, 0.5)));
    {
        /* Far out (fuzz_queries, float): b's box ends at y = 0 exactly, a lies at y = -1e7, yet the
         * rounded squared distances of the segment test lost the 1e7 gap against 1e15 and called
         * it a hit, while the manifold (box test first) said no. */
        c2d_capsule fa = caps(1e-7, -1e7, -1e7, -1e7, 0.5), fb = caps(-1e7, 1e15, 1e15, 1e15, 1e15);
        c2d_hit h;
        assert_false(c2d_capsule_overlap_capsule(fa, fb));
        assert_false(c2d_capsule_overlap_capsule(fb, fa));
        assert_false(c2d_capsule_hit_capsule(fa, fb, &h));
        assert_int_equal(c2d_capsule_manifold_capsule(fa, fb).count, 0);
    }
}

static void capsule_vs_polygon(void **state) {
    c2d_polygon b = poly_box(0, 0, 1, 1, 0);
    c2d_polygon d = poly_box(0, 0, 1, 1, PI / 4);
    (void)state;
    assert_true(c2d_capsule_overlap_polygon(caps(-1, 1.25, 1, 1.25, 0.5), &b)); /* lying on top */
    assert_false(c2d_capsule_overlap_polygon(caps(-1, 1.5, 1, 1.5, 0.5), &b));  /* resting on top */
    assert_true(c2d_capsule_overlap_polygon(caps(-1, 1.499, 1, 1.499, 0.5), &b));
    assert_false(c2d_capsule_overlap_polygon(caps(4, 5, 4, 9, 5), &b)); /* cap at corner (1,1) */
    assert_true(c2d_capsule_overlap_polygon(caps(4, 5, 4, 9, 5.001), &b));
    assert_false(c2d_capsule_overlap_polygon(caps(5, 4, 9, 4, 5), &b));
    assert_true(c2d_capsule_overlap_polygon(caps(-3, 0, 3, 0, 0.1), &b));     /* core through */
    assert_true(c2d_capsule_overlap_polygon(caps(-0.1, 0, 0.1, 0, 0.1), &b)); /* inside */
    assert_true(c2d_capsule_overlap_polygon(caps(0, 0, 0, 0.5, 9), &b));      /* contains the box */
    assert_true(c2d_capsule_overlap_polygon(caps(-2, 2, 2, 2, 1), &d));       /* diamond top at 1.414 */
    assert_false(c2d_capsule_overlap_polygon(caps(-2, 2.5, 2, 2.5, 1), &d));
    assert_false(c2d_capsule_overlap_polygon(caps(2, 2, 4, 2, 0.5), &d)); /* beside an edge */
}

/* ---- polygon ---- */

static void polygon_vs_polygon(void **state) {
    c2d_polygon a = poly_box(0, 0, 1, 1, 0), b;
    (void)state;
    b = poly_box(1.5, 0.5, 1, 1, 0);
    assert_true(c2d_polygon_overlap_polygon(&a, &b));
    b = poly_box(2, 0.5, 1, 1, 0);
    assert_false(c2d_polygon_overlap_polygon(&a, &b)); /* edge to edge */
    b = poly_box(1.999, 0.5, 1, 1, 0);
    assert_true(c2d_polygon_overlap_polygon(&a, &b));
    b = poly_box(2, 2, 1, 1, 0);
    assert_false(c2d_polygon_overlap_polygon(&a, &b)); /* corner to corner */
    b = tri(1, 1, 3, 1, 2, 3);
    assert_false(c2d_polygon_overlap_polygon(&a, &b)); /* vertex on a corner */
    b = tri(0.999, 0.999, 3, 1, 2, 3);
    assert_true(c2d_polygon_overlap_polygon(&a, &b));
    b = poly_box(0, 0, 0.25, 0.25, 0.7);
    assert_true(c2d_polygon_overlap_polygon(&a, &b)); /* contains */
    assert_true(c2d_polygon_overlap_polygon(&b, &a)); /* contained */
    assert_true(c2d_polygon_overlap_polygon(&a, &a)); /* equal */
    b = poly_box(0, 1 + SQRT2 - 0.25, 1, 1, PI / 4);  /* corner 0.25 into the top */
    assert_true(c2d_polygon_overlap_polygon(&a, &b));
    b = poly_box(0, 1 + SQRT2 + 0.25, 1, 1, PI / 4);
    assert_false(c2d_polygon_overlap_polygon(&a, &b));
    b = poly_box(2.5, 2.5, 1, 1, PI / 4); /* near the corner, apart along the diagonal */
    assert_false(c2d_polygon_overlap_polygon(&a, &b));
}

/* The snippets' convexPolygonsCollide on its own example triangle [(100,100),(150,150),(50,150)]:
 * it separates only when maxA < minB, so polygons that share a vertex "collide". */
static void seed_convex_polygons_collide(void **state) {
    c2d_polygon a = tri(100, 100, 150, 150, 50, 150), b;
    (void)state;
    b = tri(200, 100, 250, 150, 150, 150);             /* shifted by 100: shares the vertex (150,150) */
    assert_false(c2d_polygon_overlap_polygon(&a, &b)); /* seed: true */
    b = tri(190, 100, 240, 150, 140, 150);             /* shifted by 90 */
    assert_true(c2d_polygon_overlap_polygon(&a, &b));  /* seed: true */
    b = tri(100, 151, 150, 201, 50, 201);              /* below it */
    assert_false(c2d_polygon_overlap_polygon(&a, &b)); /* seed: false */
    b = tri(100, 140, 105, 145, 95, 145);              /* small copy inside */
    assert_true(c2d_polygon_overlap_polygon(&a, &b));  /* seed: true */
}

/* ---- bad input: false, never a crash ---- */

static void bad_inputs_are_false(void **state) {
    c2d_real nan_r = (c2d_real)NAN, inf_r = (c2d_real)INFINITY;
    c2d_aabb b = box_c(0, 0, 1, 1), bn = b, binv = b;
    c2d_circle c = circ(0, 0, 1), cn = c, cneg = c;
    c2d_capsule k = caps(-1, 0, 1, 0, 1), kn = k;
    c2d_polygon p = poly_box(0, 0, 1, 1, 0), pn = p, pcw = p, pc = p;
    c2d_segment s = seg(-2, 0, 2, 0), sn = s;
    int i;
    (void)state;
    bn.upper.x = inf_r;
    binv.lower.x = 2;
    cn.center.y = nan_r;
    cneg.radius = -1;
    kn.radius = inf_r;
    pn.vertices[2].x = nan_r;
    for (i = 0; i < 4; ++i) pcw.vertices[i] = p.vertices[3 - i]; /* clockwise */
    pc.count = 2;
    sn.p2.x = nan_r;
    /* the box test trusts its boxes beyond NaN and inversion (collision.h): an infinite face is
     * the generic layer's to refuse */
    {
        c2d_shape sb = c2d_shape_from_aabb(b), sbn = c2d_shape_from_aabb(bn);
        assert_false(c2d_shape_overlap(&sb, &sbn));
        assert_false(c2d_shape_overlap(&sbn, &sb));
        assert_int_equal(c2d_aabb_manifold_aabb(bn, b).count, 0);
        assert_false(c2d_aabb_hit_aabb(b, bn, NULL));
    }
    assert_false(c2d_aabb_overlap_aabb(binv, b));
    assert_false(c2d_aabb_overlap_aabb(b, binv));
    assert_false(c2d_aabb_overlap_circle(b, cn));
    assert_false(c2d_aabb_overlap_circle(b, cneg));
    assert_false(c2d_aabb_overlap_capsule(b, kn));
    assert_false(c2d_aabb_overlap_polygon(b, &pn));
    assert_false(c2d_aabb_overlap_polygon(b, &pcw));
    assert_false(c2d_aabb_overlap_polygon(b, &pc));
    assert_false(c2d_circle_overlap_circle(cn, c));
    assert_false(c2d_circle_overlap_circle(cneg, c));
    assert_false(c2d_circle_overlap_capsule(c, kn));
    assert_false(c2d_circle_overlap_polygon(c, &pn));
    assert_false(c2d_capsule_overlap_capsule(kn, k));
    assert_false(c2d_capsule_overlap_polygon(k, &pcw));
    assert_false(c2d_polygon_overlap_polygon(&p, &pn));
    assert_false(c2d_polygon_overlap_polygon(&pcw, &p));
    assert_false(c2d_segment_overlap_aabb(sn, b));
    assert_false(c2d_segment_overlap_circle(sn, c));
    assert_false(c2d_segment_overlap_capsule(s, kn));
    assert_false(c2d_segment_overlap_polygon(sn, &p));
    assert_false(c2d_segment_overlap_polygon(s, &pc));
}

static int g_asserts;
static void count_assert(const char *expression, const char *file, int line, void *user) {
    (void)expression;
    (void)file;
    (void)line;
    (void)user;
    ++g_asserts;
}

/* A NULL polygon is a programmer error: the assert hook is called (in builds with asserts), and
 * a handler that returns gets false. */
static void null_polygon_asserts_and_is_false(void **state) {
    (void)state;
    g_asserts = 0;
    c2d_set_assert_handler(count_assert, NULL);
    assert_false(c2d_polygon_overlap_polygon(NULL, NULL));
    assert_false(c2d_circle_overlap_polygon(circ(0, 0, 1), NULL));
    assert_false(c2d_circle_hit_polygon(circ(0, 0, 1), NULL, NULL));
    assert_int_equal(c2d_capsule_manifold_polygon(caps(0, 0, 1, 0, 1), NULL).count, 0);
    c2d_set_assert_handler(NULL, NULL);
#ifndef NDEBUG
    assert_true(g_asserts >= 4);
#endif
}

/* ---- a hand-made sliver ---- */

/* Fuzz finding (fuzz_queries, check_pair, float): a hand-made triangle, (1e-7, 2.2e-8), (7.875,
 * 7.875), (0, 0) (c2d_polygon_make refuses it; the queries take it: its area is positive), and
 * shapes on the extension of its long edges beyond (7.875, 7.875), 1.6 away: a circle of radius
 * 1e-7 at (9, 9), a capsule from (8.5, 8.5) to (9, 9), a point capsule at (9, 9). Their cross
 * products with the long edges are a few ulps of the coordinates and rounded to 0, so the rounded
 * separating axis test found them behind every face: overlap, hit and manifold said yes, distance
 * 1.59. The exact orientations now confirm "behind every face": no overlap anywhere; a circle
 * inside the sliver's thick end still overlaps. */
static void sliver_end_extension(void **state) {
    const c2d_real e = (c2d_real)0x1.ad7f2ap-24;
    c2d_polygon p;
    c2d_circle c;
    c2d_capsule k, dot;
    c2d_hit h;
    (void)state;
    memset(&p, 0, sizeof p);
    p.count = 3;
    p.vertices[0] = V(e, (c2d_real)0x1.7ebdf8p-26);
    p.vertices[1] = V(7.875, 7.875);
    p.vertices[2] = V(0, 0);
    assert_int_equal(c2d_polygon_make(p.vertices, 3, &(c2d_polygon){0}), C2D_ERR_DEGENERATE);
    c.center = V(9, 9);
    c.radius = e;
    k.p1 = V(8.5, 8.5);
    k.p2 = V(9, 9);
    k.radius = e;
    dot.p1 = dot.p2 = V(9, 9);
    dot.radius = e;
    assert_false(c2d_circle_overlap_polygon(c, &p));
    assert_false(c2d_circle_hit_polygon(c, &p, &h));
    assert_int_equal(c2d_circle_manifold_polygon(c, &p).count, 0);
    assert_false(c2d_capsule_overlap_polygon(k, &p));
    assert_false(c2d_capsule_hit_polygon(k, &p, &h));
    assert_int_equal(c2d_capsule_manifold_polygon(k, &p).count, 0);
    assert_false(c2d_capsule_overlap_polygon(dot, &p));
    {
        c2d_shape a = c2d_shape_from_circle(c), b;
        b.type = C2D_SHAPE_POLYGON;
        b.as.polygon = p;
        assert_false(c2d_shape_overlap(&a, &b));
        assert_near(c2d_shape_distance(&a, &b).distance, 1.125 * sqrt(2.0) - 1e-7, 1e-5);
    }
    /* over the sliver's end: still an overlap */
    c.center = V(7.875, 7.875);
    c.radius = (c2d_real)0.25;
    assert_true(c2d_circle_overlap_polygon(c, &p));
    k.p1 = V(7, 7);
    k.p2 = V(9, 9);
    assert_true(c2d_capsule_overlap_polygon(k, &p));
}

/* ---- far from the origin ---- */

/* The touching and 1e-3 cases again, moved by (1e5, 1e5) in float and (1e12, 1e12) in double,
 * where a product of raw coordinates would lose them. Offsets and values keep the inputs exact. */
static void far_from_origin(void **state) {
#ifdef C2D_DOUBLE
    const double o = 1e12;
#else
    const double o = 65536;
#endif
    c2d_aabb b = box_c(o, o, 1, 1);
    c2d_polygon p = poly_box(o, o, 1, 1, 0), q;
    (void)state;
    assert_false(c2d_aabb_overlap_circle(b, circ(o + 4, o + 5, 5)));
    assert_true(c2d_aabb_overlap_circle(b, circ(o + 4, o + 4.75, 5)));
    assert_false(c2d_circle_overlap_polygon(circ(o + 4, o + 5, 5), &p));
    assert_true(c2d_circle_overlap_polygon(circ(o + 4, o + 4.75, 5), &p));
    assert_false(c2d_capsule_overlap_polygon(caps(o + 4, o + 5, o + 4, o + 9, 5), &p));
    assert_true(c2d_capsule_overlap_polygon(caps(o + 4, o + 4.75, o + 4, o + 9, 5), &p));
    assert_false(c2d_aabb_overlap_capsule(b, caps(o + 4, o + 5, o + 4, o + 9, 5)));
    assert_true(c2d_aabb_overlap_capsule(b, caps(o + 4, o + 4.75, o + 4, o + 9, 5)));
    q = tri(o + 1, o + 1, o + 3, o + 1, o + 2, o + 3);
    assert_false(c2d_polygon_overlap_polygon(&p, &q));
    q = tri(o + 0.75, o + 0.75, o + 3, o + 1, o + 2, o + 3);
    assert_true(c2d_polygon_overlap_polygon(&p, &q));
    assert_false(c2d_segment_overlap_polygon(seg(o - 1, o + 1, o + 1, o + 3), &p)); /* starts on the corner (o-1, o+1), then leaves */
    assert_true(c2d_segment_overlap_polygon(seg(o - 2, o + 0.75, o + 2, o + 0.75), &p));
    assert_false(c2d_segment_overlap_aabb(seg(o - 2, o + 1, o + 2, o + 1), b));
    assert_false(c2d_capsule_overlap_capsule(caps(o, o, o + 2, o, 0.5), caps(o + 3, o, o + 4, o, 0.5)));
    assert_true(c2d_capsule_overlap_capsule(caps(o, o, o + 2, o, 0.5), caps(o + 2.75, o, o + 4, o, 0.5)));
}

/* ---- randomized: the same question asked two ways gets the same answer ---- */

static double rnd(test_rng *r, double lo, double hi) { return test_rng_range(r, lo, hi); }

static c2d_aabb rand_box(test_rng *r) { return box_c(rnd(r, -2, 2), rnd(r, -2, 2), rnd(r, 0.1, 1.5), rnd(r, 0.1, 1.5)); }
static c2d_circle rand_circle(test_rng *r) { return circ(rnd(r, -2, 2), rnd(r, -2, 2), rnd(r, 0.1, 1.5)); }
static c2d_capsule rand_capsule(test_rng *r) {
    double x = rnd(r, -2, 2), y = rnd(r, -2, 2);
    return caps(x, y, x + rnd(r, -2, 2), y + rnd(r, -2, 2), rnd(r, 0.05, 1));
}
static c2d_segment rand_segment(test_rng *r) {
    double x = rnd(r, -3, 3), y = rnd(r, -3, 3);
    return seg(x, y, x + rnd(r, -3, 3), y + rnd(r, -3, 3));
}
static c2d_polygon rand_polygon(test_rng *r) {
    for (;;) {
        c2d_vec2 pts[C2D_MAX_POLYGON_VERTICES];
        c2d_polygon p;
        double cx = rnd(r, -2, 2), cy = rnd(r, -2, 2), s = rnd(r, 0.2, 1.5);
        int n = 3 + (int)(test_rng_next(r) % (C2D_MAX_POLYGON_VERTICES - 2)), i;
        if (test_rng_next(r) % 4 == 0) return poly_box(cx, cy, s, rnd(r, 0.1, 1.5), rnd(r, 0, PI));
        for (i = 0; i < n; ++i) pts[i] = V(cx + s * rnd(r, -1, 1), cy + s * rnd(r, -1, 1));
        if (c2d_polygon_make(pts, n, &p) == C2D_OK) return p;
    }
}

/* Same-kind pairs answer the same both ways round; cross-kind pairs answer as the same shapes in
 * another form (a box as a 4-gon, a circle as a zero-length capsule), with either argument first. */
static void random_symmetric(void **state) {
    test_rng r = test_rng_make("random_symmetric");
    int n = test_iterations(3000), i, overlaps = 0;
    (void)state;
    for (i = 0; i < n; ++i) {
        c2d_aabb b1 = rand_box(&r), b2 = rand_box(&r);
        c2d_circle c1 = rand_circle(&r), c2 = rand_circle(&r);
        c2d_capsule k1 = rand_capsule(&r), k2 = rand_capsule(&r);
        c2d_polygon p1 = rand_polygon(&r), p2 = rand_polygon(&r);
        c2d_segment s = rand_segment(&r);
        c2d_polygon pb1 = c2d_polygon_from_aabb(b1);
        c2d_capsule kc1 = circle_as_capsule(c1), kc2 = circle_as_capsule(c2);
        bool o;

        o = c2d_aabb_overlap_aabb(b1, b2);
        overlaps += o;
        assert_int_equal(o, c2d_aabb_overlap_aabb(b2, b1));
        o = c2d_circle_overlap_circle(c1, c2);
        assert_int_equal(o, c2d_circle_overlap_circle(c2, c1));
        assert_int_equal(o, c2d_capsule_overlap_capsule(kc1, kc2));
        o = c2d_capsule_overlap_capsule(k1, k2);
        assert_int_equal(o, c2d_capsule_overlap_capsule(k2, k1));
        o = c2d_polygon_overlap_polygon(&p1, &p2);
        assert_int_equal(o, c2d_polygon_overlap_polygon(&p2, &p1));

        o = c2d_aabb_overlap_polygon(b1, &p1);
        assert_int_equal(o, c2d_polygon_overlap_polygon(&pb1, &p1));
        assert_int_equal(o, c2d_polygon_overlap_polygon(&p1, &pb1));
        o = c2d_aabb_overlap_circle(b1, c1);
        assert_int_equal(o, c2d_circle_overlap_polygon(c1, &pb1));
        assert_int_equal(o, c2d_aabb_overlap_capsule(b1, kc1));
        o = c2d_aabb_overlap_capsule(b1, k1);
        assert_int_equal(o, c2d_capsule_overlap_polygon(k1, &pb1));
        o = c2d_circle_overlap_capsule(c1, k1);
        assert_int_equal(o, c2d_capsule_overlap_capsule(k1, kc1));
        assert_int_equal(o, c2d_capsule_overlap_capsule(kc1, k1));
        o = c2d_circle_overlap_polygon(c1, &p1);
        assert_int_equal(o, c2d_capsule_overlap_polygon(kc1, &p1));
        o = c2d_segment_overlap_aabb(s, b1);
        assert_int_equal(o, c2d_segment_overlap_polygon(s, &pb1));
        o = c2d_segment_overlap_circle(s, c1);
        assert_int_equal(o, c2d_segment_overlap_capsule(s, kc1));
        /* The generic entry point, both ways round. */
        {
            c2d_shape sa = c2d_shape_from_capsule(k1), sb = c2d_shape_from_polygon(&p2);
            c2d_shape ss = c2d_shape_from_segment(s), sc = c2d_shape_from_circle(c2);
            assert_int_equal(c2d_shape_overlap(&sa, &sb), c2d_shape_overlap(&sb, &sa));
            assert_int_equal(c2d_shape_overlap(&sa, &sb), c2d_capsule_overlap_polygon(k1, &p2));
            assert_int_equal(c2d_shape_overlap(&ss, &sc), c2d_shape_overlap(&sc, &ss));
            assert_int_equal(c2d_shape_overlap(&ss, &sc), c2d_segment_overlap_circle(s, c2));
        }
    }
    /* The generator must produce both answers in useful numbers. */
    assert_true(overlaps > n / 10 && overlaps < n - n / 10);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(segment_vs_aabb),
        cmocka_unit_test(segment_vs_circle),
        cmocka_unit_test(segment_vs_capsule),
        cmocka_unit_test(segment_vs_polygon),
        cmocka_unit_test(seed_line_rect_containment),
        cmocka_unit_test(aabb_vs_aabb),
        cmocka_unit_test(aabb_vs_circle),
        cmocka_unit_test(aabb_vs_capsule),
        cmocka_unit_test(aabb_vs_polygon),
        cmocka_unit_test(seed_mdn_aabb),
        cmocka_unit_test(seed_rects_colliding),
        cmocka_unit_test(seed_rect_circle_colliding),
        cmocka_unit_test(seed_rect_tutorial),
        cmocka_unit_test(circle_vs_circle),
        cmocka_unit_test(seed_circles_colliding),
        cmocka_unit_test(seed_mdn_circles),
        cmocka_unit_test(circle_vs_capsule),
        cmocka_unit_test(circle_vs_polygon),
        cmocka_unit_test(capsule_vs_capsule),
        cmocka_unit_test(capsule_vs_polygon),
        cmocka_unit_test(polygon_vs_polygon),
        cmocka_unit_test(seed_convex_polygons_collide),
        cmocka_unit_test(bad_inputs_are_false),
        cmocka_unit_test(null_polygon_asserts_and_is_false),
        cmocka_unit_test(sliver_end_extension),
        cmocka_unit_test(far_from_origin),
        cmocka_unit_test(random_symmetric),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
