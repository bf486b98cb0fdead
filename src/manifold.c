/* The pair wrappers of the narrow phase: every public hit and manifold of a convex pair that is
 * not a disk against a polygon or a circle (those are in src/disk.c). Each checks its inputs
 * (after a free early miss where the pair has one), loads both shapes as rounded cores relative
 * to a point of B (so that shapes far from the world origin compute like the same shapes near it),
 * asks the rounded-shape core (src/rshape.c), and settles an unsure verdict with the pair's exact
 * test from overlap.c, so that hit, manifold and overlap always agree. A few pairs have a closed
 * form instead (box-box, box-circle, circle-capsule), faster than the core and giving its contact.
 * Bad input gives false / count 0 and writes nothing. */
#include <float.h>
#include <string.h>
#include "internal.h"
#include "simd/simd.h"
#include "rshape.h"

/* ---- the pairs that the rounded-shape core answers: one row each ----
 *
 * The kind adapters give, for each kind, its input check (the cheap one of src/validate.h; a
 * polygon's values are checked by its loader), its origin (the local frame is placed at a point of
 * B) and its loader into a rounded core. A row then names the kinds of A and B, a free early miss
 * (0 when the pair has none) and the pair's exact test, which settles the core's unsure verdicts:
 * overlap.c's predicate, or for a point the shape's own strict containment test, so that hit,
 * manifold and overlap always agree. Each row expands to the public functions (CORE_HIT,
 * CORE_MANIFOLD): check both, load B then A relative to B's origin, ask the core, settle. */

static inline bool ok_point(c2d_vec2 p) { return c2d_point_ok(p); }
static inline bool ok_segment(c2d_segment s) { return c2d_segment_ok(s); }
static inline bool ok_aabb(c2d_aabb b) { return c2d_aabb_usable(b); }
static inline bool ok_circle(c2d_circle c) { return c2d_circle_ok(c); }
static inline bool ok_capsule(c2d_capsule c) { return c2d_capsule_ok(c); }
static inline bool ok_polygon(const c2d_polygon *p) { return c2d_polygon_present(p); }

static inline c2d_vec2 origin_aabb(c2d_aabb b) { return b.lower; }
static inline c2d_vec2 origin_circle(c2d_circle c) { return c.center; }
static inline c2d_vec2 origin_capsule(c2d_capsule c) { return c.p1; }
static inline c2d_vec2 origin_polygon(const c2d_polygon *p) { return p->vertices[0]; }

/* The loaders; false only for a polygon that fails its checks. */
static inline bool load_point(rshape *s, c2d_vec2 p, c2d_vec2 o) {
    c2d_rs_point(s, p, 0, o);
    return true;
}
static inline bool load_segment(rshape *s, c2d_segment v, c2d_vec2 o) {
    c2d_rs_segment(s, v.p1, v.p2, 0, o);
    return true;
}
static inline bool load_aabb(rshape *s, c2d_aabb b, c2d_vec2 o) {
    c2d_rs_aabb(s, b, o);
    return true;
}
static inline bool load_circle(rshape *s, c2d_circle c, c2d_vec2 o) {
    c2d_rs_point(s, c.center, c.radius, o);
    return true;
}
static inline bool load_capsule(rshape *s, c2d_capsule c, c2d_vec2 o) {
    c2d_rs_segment(s, c.p1, c.p2, c.radius, o);
    return true;
}
static inline bool load_polygon(rshape *s, const c2d_polygon *p, c2d_vec2 o) { return c2d_rs_polygon(s, p, o); }

#define CORE_HIT(ka, TA, kb, TB, early, exact)                        \
  bool c2d_##ka##_hit_##kb(TA a, TB b, c2d_hit *out) {                \
    rshape ra, rb;                                                    \
    contact k;                                                        \
    verdict v;                                                        \
    c2d_vec2 o;                                                       \
    if (!ok_##ka(a) || !ok_##kb(b) || (early)) return false;          \
    o = origin_##kb(b);                                               \
    if (!load_##kb(&rb, b, o) || !load_##ka(&ra, a, o)) return false; \
    v = c2d_rs_contact(&ra, &rb, &k);                                 \
    return rs_finish_hit(v, v == RS_UNSURE && (exact), &k, o, out);   \
  }

#define CORE_MANIFOLD(ka, TA, kb, TB, early, exact)                                 \
  c2d_manifold c2d_##ka##_manifold_##kb(TA a, TB b) {                               \
    rshape ra, rb;                                                                  \
    c2d_manifold m;                                                                 \
    verdict v;                                                                      \
    c2d_vec2 o;                                                                     \
    if (!ok_##ka(a) || !ok_##kb(b) || (early)) return rs_empty_manifold();          \
    o = origin_##kb(b);                                                             \
    if (!load_##kb(&rb, b, o) || !load_##ka(&ra, a, o)) return rs_empty_manifold(); \
    v = c2d_rs_manifold(&ra, &rb, o, &m);                                           \
    return rs_finish_manifold(v, v == RS_UNSURE && (exact), &m);                    \
  }

typedef const c2d_polygon *polygon_ptr;

/* The table. The first column says which functions the core gives for the pair: hit (the hit
 * only: its manifold has a closed form or a body of its own below) or both (hit and manifold).
 * Not here: point-box and box-box hits (closed forms below) and the disks against polygons and
 * circles (src/disk.c). */
#define CORE_PAIRS(X)                                                                       \
  X(hit, point, c2d_vec2, circle, c2d_circle, 0, c2d_circle_contains_point(b, a))           \
  X(hit, point, c2d_vec2, capsule, c2d_capsule, 0, c2d_capsule_contains_point(b, a))        \
  X(hit, segment, c2d_segment, aabb, c2d_aabb, 0, c2d_segment_overlap_aabb(a, b))           \
  X(hit, segment, c2d_segment, circle, c2d_circle, 0, c2d_segment_overlap_circle(a, b))     \
  X(hit, segment, c2d_segment, capsule, c2d_capsule, 0, c2d_segment_overlap_capsule(a, b))  \
  X(hit, segment, c2d_segment, polygon, polygon_ptr, 0, c2d_segment_overlap_polygon(a, b))  \
  X(hit, aabb, c2d_aabb, circle, c2d_circle, 0, c2d_aabb_overlap_circle(a, b))              \
  X(both, aabb, c2d_aabb, capsule, c2d_capsule, 0, c2d_aabb_overlap_capsule(a, b))          \
  X(both, aabb, c2d_aabb, polygon, polygon_ptr, 0, c2d_aabb_overlap_polygon(a, b))          \
  X(hit, circle, c2d_circle, capsule, c2d_capsule, 0, c2d_circle_overlap_capsule(a, b))     \
  X(hit, capsule, c2d_capsule, capsule, c2d_capsule, 0, c2d_capsule_overlap_capsule(a, b))  \
  X(both, capsule, c2d_capsule, polygon, polygon_ptr, 0, c2d_capsule_overlap_polygon(a, b)) \
  X(hit, polygon, polygon_ptr, polygon, polygon_ptr, c2d_polygon_boxes_apart(a, b), c2d_polygon_overlap_polygon(a, b))

#define HIT_ROW(which, ka, TA, kb, TB, early, exact) CORE_HIT(ka, TA, kb, TB, early, exact)
#define MANIFOLD_ROW(which, ka, TA, kb, TB, early, exact) MANIFOLD_ROW_##which(ka, TA, kb, TB, early, exact)
#define MANIFOLD_ROW_hit(ka, TA, kb, TB, early, exact)
#define MANIFOLD_ROW_both(ka, TA, kb, TB, early, exact) CORE_MANIFOLD(ka, TA, kb, TB, early, exact)

CORE_PAIRS(HIT_ROW)
CORE_PAIRS(MANIFOLD_ROW)

/* ---- closed forms and bodies of their own ---- */

/* ---- hits: a point against a box, two boxes ---- */

/* The article's intersectPoint: the point is pushed out through the nearest edge; on a tie between
 * the axes it leaves along y, and from the exact center it leaves toward +x / +y (the article's
 * sign(0) = 1). Push distances are formed as single differences (upper - p, p - lower), so the
 * answers are exact for exact inputs. */
bool c2d_point_hit_aabb(c2d_vec2 p, c2d_aabb b, c2d_hit *out) {
    c2d_real right, left, up, down, px, py, sx, sy;
    if (!c2d_point_ok(p) || !c2d_aabb_usable(b) || !c2d_aabb_contains_point(b, p)) return false;
    right = b.upper.x - p.x;
    left = p.x - b.lower.x;
    up = b.upper.y - p.y;
    down = p.y - b.lower.y;
    sx = right <= left ? (c2d_real)1 : (c2d_real)-1;
    sy = up <= down ? (c2d_real)1 : (c2d_real)-1;
    px = right <= left ? right : left;
    py = up <= down ? up : down;
    if (out) {
        if (px < py) {
            out->delta = c2d_v2(px * sx, 0);
            out->normal = c2d_v2(sx, 0);
            out->pos = c2d_v2(sx > 0 ? b.upper.x : b.lower.x, p.y);
        } else {
            out->delta = c2d_v2(0, py * sy);
            out->normal = c2d_v2(0, sy);
            out->pos = c2d_v2(p.x, sy > 0 ? b.upper.y : b.lower.y);
        }
        out->time = 0;
    }
    return true;
}

/* The article's intersectAABB: a is pushed out along the axis of least overlap (y on a tie), toward
 * the side of its center (+ when the centers coincide). pos is on B's edge at A's center along that
 * edge, clamped to B's extent so that it always lies on B's surface (the article leaves it
 * unclamped; the two agree whenever A's center is within B's extent along the edge). */
bool c2d_aabb_hit_aabb(c2d_aabb a, c2d_aabb b, c2d_hit *out) {
    c2d_real right, left, up, down, px, py, sx, sy;
    if (!c2d_aabb_pair_overlap_usable(a, b)) return false;
    right = b.upper.x - a.lower.x; /* move a right until its left edge meets b's right edge */
    left = a.upper.x - b.lower.x;
    up = b.upper.y - a.lower.y;
    down = a.upper.y - b.lower.y;
    sx = right <= left ? (c2d_real)1 : (c2d_real)-1;
    sy = up <= down ? (c2d_real)1 : (c2d_real)-1;
    px = right <= left ? right : left;
    py = up <= down ? up : down;
    if (out) {
        c2d_vec2 ca = c2d_aabb_center(a);
        if (px < py) {
            out->delta = c2d_v2(px * sx, 0);
            out->normal = c2d_v2(sx, 0);
            out->pos = c2d_v2(sx > 0 ? b.upper.x : b.lower.x, c2d_clampr(ca.y, b.lower.y, b.upper.y));
        } else {
            out->delta = c2d_v2(0, py * sy);
            out->normal = c2d_v2(0, sy);
            out->pos = c2d_v2(c2d_clampr(ca.x, b.lower.x, b.upper.x), sy > 0 ? b.upper.y : b.lower.y);
        }
        out->time = 0;
    }
    return true;
}

/* ---- manifolds ---- */

/* Two boxes, in closed form (the rounded-shape core gives the same contact, slower): the
 * decision is c2d_aabb_pair_overlap_usable (c2d_aabb_overlap_aabb's strict test with both boxes'
 * checks folded into its comparisons). The reference face is A's face of least penetration (the first of bottom, right, top,
 * left on ties: for boxes B's faces give the same separations, so the core keeps A's face too),
 * the incident edge B's opposite face, clipped to the overlap of the two extents along the face:
 * two points midway between the faces, both at the full depth, with the core's ids. Every value
 * is a difference or a minimum of coordinates, so the points and depths are exact up to one
 * rounding (the core's clipping rounded a little more). */
c2d_manifold c2d_aabb_manifold_aabb(c2d_aabb a, c2d_aabb b) {
    c2d_manifold m;
    c2d_real s[4], best, h, lo, hi;
    int f, k;
    if (!c2d_aabb_pair_overlap_usable(a, b)) return rs_empty_manifold();
    s[0] = a.lower.y - b.upper.y;                                 /* A's bottom face: separation of B's top */
    s[1] = b.lower.x - a.upper.x;                                 /* right */
    s[2] = b.lower.y - a.upper.y;                                 /* top */
    s[3] = a.lower.x - b.upper.x;                                 /* left */
    f = 0;
    best = s[0];
    for (k = 1; k < 4; ++k) {
        if (s[k] > best) {
            best = s[k];
            f = k;
        }
    }
    h = (c2d_real)-0.5 * best; /* half the depth (> 0: the boxes overlap strictly) */
    m.points[0].depth = m.points[1].depth = -best;
    if (f == 0 || f == 2) {
        lo = c2d_maxr(a.lower.x, b.lower.x);
        hi = c2d_minr(a.upper.x, b.upper.x);
    } else {
        lo = c2d_maxr(a.lower.y, b.lower.y);
        hi = c2d_minr(a.upper.y, b.upper.y);
    }
    switch (f) {
    case 0: /* A on top of B: B's top face clipped; A's corners 0, 1 against B's 3, 2 */
        m.normal = c2d_v2(0, 1);
        m.points[0].point = c2d_v2(lo, b.upper.y - h);
        m.points[1].point = c2d_v2(hi, b.upper.y - h);
        m.points[0].id = MAKE_ID(0, 3);
        m.points[1].id = MAKE_ID(1, 2);
        break;
    case 1: /* A left of B */
        m.normal = c2d_v2(-1, 0);
        m.points[0].point = c2d_v2(b.lower.x + h, lo);
        m.points[1].point = c2d_v2(b.lower.x + h, hi);
        m.points[0].id = MAKE_ID(1, 0);
        m.points[1].id = MAKE_ID(2, 3);
        break;
    case 2: /* A below B */
        m.normal = c2d_v2(0, -1);
        m.points[0].point = c2d_v2(hi, b.lower.y + h);
        m.points[1].point = c2d_v2(lo, b.lower.y + h);
        m.points[0].id = MAKE_ID(2, 1);
        m.points[1].id = MAKE_ID(3, 0);
        break;
    default: /* A right of B */
        m.normal = c2d_v2(1, 0);
        m.points[0].point = c2d_v2(b.upper.x - h, hi);
        m.points[1].point = c2d_v2(b.upper.x - h, lo);
        m.points[0].id = MAKE_ID(3, 2);
        m.points[1].id = MAKE_ID(0, 1);
        break;
    }
    m.count = 2;
    return m;
}

/* A box against a circle, in closed form (the rounded-shape core gives the same contact, slower).
 * The decision is c2d_aabb_overlap_circle's own test (the center's squared distance to the box,
 * from the clamped center, below r^2; false for NaN), so the common miss costs no check; the
 * checks run only for a hit. A center outside the box: along the line from the center to its
 * nearest point of the box (a difference of coordinates, so its direction is good to rounding
 * even when the center nearly touches the box). A center inside (or on the boundary): out
 * through A's face nearest to it (the first of bottom, right, top, left on ties), as the core
 * does. */
c2d_manifold c2d_aabb_manifold_circle(c2d_aabb a, c2d_circle b) {
    c2d_vec2 c = b.center, d, n;
    c2d_real r = b.radius, d2, depth;
    /* the clamp as a least and a largest value (no branch), as c2d_aabb_overlap_circle's */
    d = c2d_v2(c2d_maxr(c2d_minr(c.x, a.upper.x), a.lower.x) - c.x, c2d_maxr(c2d_minr(c.y, a.upper.y), a.lower.y) - c.y);
    d2 = d.x * d.x + d.y * d.y;
    if (!(d2 < r * r) || !(c2d_aabb_usable(a) && c2d_circle_ok(b))) return rs_empty_manifold();
    if (d2 > 0) {
        c2d_real dist = C2D_SQRT(d2);
        n = d2 >= REAL_MIN ? rs_div_vec2(d, dist) : c2d_unit_of(d);
        depth = positive_depth(r - dist, c2d_maxr(C2D_ABS(d.x), C2D_ABS(d.y)) + r);
        return rs_single_point(n, c2d_mul_add(c, r - (c2d_real)0.5 * depth, n), depth, 0);
    } else {
        c2d_real s[4], best;
        c2d_vec2 foot;
        int f = 0, k;
        s[0] = a.lower.y - c.y; /* the center's (non-positive) separation from A's bottom face */
        s[1] = c.x - a.upper.x;
        s[2] = c.y - a.upper.y;
        s[3] = a.lower.x - c.x;
        best = s[0];
        for (k = 1; k < 4; ++k) {
            if (s[k] > best) {
                best = s[k];
                f = k;
            }
        }
        switch (f) {
        case 0:
            n = c2d_v2(0, 1);
            foot = c2d_v2(c.x, a.lower.y);
            break;
        case 1:
            n = c2d_v2(-1, 0);
            foot = c2d_v2(a.upper.x, c.y);
            break;
        case 2:
            n = c2d_v2(0, -1);
            foot = c2d_v2(c.x, a.upper.y);
            break;
        default:
            n = c2d_v2(1, 0);
            foot = c2d_v2(a.lower.x, c.y);
            break;
        }
        depth = r - best; /* >= r > 0 */
        return rs_single_point(n, c2d_mul_add(foot, (c2d_real)0.5 * depth, n), depth, 0);
    }
}

/* The rounded-shape core's manifold of a circle and a capsule: the general path, for the pairs
 * that the closed form below leaves to it. */
#if defined(__GNUC__)
__attribute__((noinline, cold))
#endif
static c2d_manifold
circle_capsule_core(c2d_circle a, c2d_capsule b) {
    rshape ra, rb;
    c2d_manifold m;
    verdict v;
    c2d_vec2 o = b.p1;
    c2d_rs_segment(&rb, b.p1, b.p2, b.radius, o);
    c2d_rs_point(&ra, a.center, a.radius, o);
    v = c2d_rs_manifold(&ra, &rb, o, &m);
    return rs_finish_manifold(v, v == RS_UNSURE && c2d_circle_overlap_capsule(a, b), &m);
}

/* A circle against a capsule, in closed form: the capsule's core point nearest the center (in a
 * frame at p1), then
 * - a clear miss (distance beyond the sum of the radii by SURE_ULPS rounding units of the size,
 *   or a NaN-free infinity) returns at once, before any check: no input gets a hit from it;
 * - otherwise c2d_circle_overlap_capsule decides (checks and the exact test), so that manifold and
 *   overlap agree;
 * - a hit whose center lies clearly off the core (16 times that margin) takes the line from the
 *   nearest point to the center as its normal, as the core does; closer centers, whose direction
 *   is lost in rounding, go to the core (circle_capsule_core). */
c2d_manifold c2d_circle_manifold_capsule(c2d_circle a, c2d_capsule b) {
    c2d_vec2 c = c2d_sub(a.center, b.p1), d = c2d_sub(b.p2, b.p1), e, n, q;
    c2d_real r = a.radius + b.radius, dd = c2d_dot(d, d), t = c2d_dot(c, d), d2, scale, tol, dist, depth;
    t = t <= 0 ? 0 : (t >= dd ? 1 : t / dd);
    q = c2d_scale(d, t);
    e = c2d_sub(c, q);
    d2 = c2d_dot(e, e);
    scale = c2d_maxr(c2d_maxr(C2D_ABS(c.x), C2D_ABS(c.y)), c2d_maxr(C2D_ABS(d.x), C2D_ABS(d.y))) + r; /* the core's pair_scale */
    tol = SURE_ULPS * C2D_EPSILON * scale;
    if (d2 >= (r + tol) * (r + tol)) return rs_empty_manifold();
    if (!c2d_circle_overlap_capsule(a, b)) return rs_empty_manifold();
    if (!(d2 >= (16 * tol) * (16 * tol)) || d2 < REAL_MIN) return circle_capsule_core(a, b);
    dist = C2D_SQRT(d2);
    n = rs_div_vec2(e, dist);
    depth = positive_depth(r - dist, scale);
    return rs_single_point(n, c2d_add(b.p1, c2d_mul_add(q, b.radius - (c2d_real)0.5 * depth, n)), depth, 0);
}

c2d_manifold c2d_capsule_manifold_capsule(c2d_capsule a, c2d_capsule b) {
    rshape ra, rb;
    c2d_manifold m;
    verdict v;
    c2d_vec2 o;
    if (c2d_capsule_boxes_apart(a, b) || !c2d_capsule_ok(a) || !c2d_capsule_ok(b)) return rs_empty_manifold();
    o = b.p1;
    c2d_rs_segment(&rb, b.p1, b.p2, b.radius, o);
    c2d_rs_segment(&ra, a.p1, a.p2, a.radius, o);
    v = c2d_rs_manifold(&ra, &rb, o, &m);
    return rs_finish_manifold(v, v == RS_UNSURE && c2d_capsule_overlap_capsule(a, b), &m);
}

/* The body of c2d_polygon_manifold_polygon and of its _xf form, once a and b are loaded relative
 * to o (ra, rb): the manifold in that frame into *m, an unsure verdict settled by the exact test of
 * a (placed by *rel first when rel is not NULL: the _xf form builds the placed polygon only here)
 * and b. False when they do not overlap. */
static bool polygon_pair(const rshape *ra, const rshape *rb, c2d_vec2 o, const c2d_polygon *a, const c2d_transform *rel,
                         const c2d_polygon *b, c2d_manifold *m) {
    verdict v = c2d_rs_manifold(ra, rb, o, m);
    if (v != RS_UNSURE) return v == RS_YES;
    if (rel) {
        c2d_polygon la;
        c2d_place_polygon(&la, a, *rel);
        return c2d_polygon_overlap_polygon(&la, b);
    }
    return c2d_polygon_overlap_polygon(a, b);
}

c2d_manifold c2d_polygon_manifold_polygon(const c2d_polygon *a, const c2d_polygon *b) {
    rshape ra, rb;
    c2d_manifold m;
    c2d_vec2 o;
    if (!c2d_polygon_present(a) || !c2d_polygon_present(b) || c2d_polygon_boxes_apart(a, b)) return rs_empty_manifold();
    o = b->vertices[0];
    if (!c2d_rs_polygon(&rb, b, o) || !c2d_rs_polygon(&ra, a, o) || !polygon_pair(&ra, &rb, o, a, NULL, b, &m)) return rs_empty_manifold();
    return m;
}

/* a is placed in b's local frame by the relative transform xf_b^-1 * xf_a and the pair is solved
 * there by c2d_polygon_manifold_polygon, so only a's vertices are moved (once). */
c2d_manifold c2d_polygon_manifold_polygon_xf(const c2d_polygon *a, c2d_transform xf_a, const c2d_polygon *b, c2d_transform xf_b) {
    c2d_transform rel;
    c2d_manifold m;
    if (!c2d_polygon_present(a) || !c2d_polygon_present(b) || !c2d_xf_usable(&xf_a) || !c2d_xf_usable(&xf_b)) return rs_empty_manifold();
    rel.q.c = xf_b.q.c * xf_a.q.c + xf_b.q.s * xf_a.q.s; /* q_b^-1 * q_a */
    rel.q.s = xf_b.q.c * xf_a.q.s - xf_b.q.s * xf_a.q.c;
    rel.p = c2d_inv_transform_point(xf_b, xf_a.p);
    /* the body of c2d_polygon_manifold_polygon (polygon_pair), whose manifold is then mapped to
     * world field by field (a whole-struct copy of a manifold just written field by field stalls
     * the loads) */
    {
        rshape ra, rb;
        c2d_manifold r;
        c2d_vec2 o = b->vertices[0];
        if (!c2d_load_placed(&ra, &rb, a, rel, b, o) || !polygon_pair(&ra, &rb, o, a, &rel, b, &m)) return rs_empty_manifold();
        r.normal = c2d_rotate(xf_b.q, m.normal);
        r.points[0].point = c2d_transform_point(xf_b, m.points[0].point);
        r.points[0].depth = m.points[0].depth;
        r.points[0].id = m.points[0].id;
        r.points[1].point = m.count > 1 ? c2d_transform_point(xf_b, m.points[1].point) : c2d_v2(0, 0);
        r.points[1].depth = m.points[1].depth;
        r.points[1].id = m.points[1].id;
        r.count = m.count;
        return r;
    }
}
