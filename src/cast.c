/* Continuous collision: the linear cast of one convex shape against another (c2d_shape_cast),
 * sweeping a shape through many statics (c2d_shape_sweep_into), and the time of impact of two
 * shapes that translate and rotate over one step (c2d_time_of_impact; c2d_shape_time_of_impact
 * for any kind).
 *
 * Shape cast. A moved by t*d overlaps a still B exactly when t*d lies in the Minkowski difference
 * M = B - A = { b - a }. Every shape here is a convex core (a point, a segment or a
 * counter-clockwise polygon) inflated by a radius (circles and capsules; zero for the others), so
 * M is the core difference P = core(B) + (-core(A)), inflated by R = rA + rB. P is built exactly
 * as a convex polygon by merging the two cores' edges in angle order (the linear-time Minkowski
 * sum of convex polygons, de Berg et al., "Computational Geometry", section 13.3), keeping for
 * every vertex the pair of core vertices it came from and for every edge the shape it belongs to.
 * The cast is then a ray cast of the point t*d, t in [0, 1], against M:
 * - R = 0: Cyrus-Beck clipping against P's open half-planes (closed ones when neither shape has an
 *   interior: two segments, or a point and a segment, count as their closed selves);
 * - R > 0: the earliest entry through one of P's edges pushed out by R or into one of the disks of
 *   radius R around its vertices (the boundary of the rounded polygon is made of exactly those).
 * Every comparison is strict the way the touching rule needs: a ray that runs along a face or is
 * tangent to a disk never enters, one that starts on the boundary and moves inward enters at t = 0.
 * The contact point comes from the features the entry face or vertex was built from. All work is
 * relative to a vertex of B, so that shapes far from the origin behave like the same shapes near
 * it. Cheaper closed forms are used where they exist: box against box (c2d_aabb_sweep_aabb), a
 * point against a 2D shape (a ray cast), circle against circle (a ray cast against the circle of
 * the summed radius). */
#include <stddef.h>
#include "kind.h"
#include "validate.h"

/* ------------------------------------------------------------------------------------------ */
/* small helpers */

/* Length of v, scaled first so that the squares can neither overflow nor underflow. */
static c2d_real safe_length(c2d_vec2 v) {
    c2d_real m = c2d_maxr(C2D_ABS(v.x), C2D_ABS(v.y));
    c2d_real x, y;
    if (!(m > 0)) return 0;
    x = v.x / m;
    y = v.y / m;
    return m * C2D_SQRT(x * x + y * y);
}

static bool is_zero(c2d_vec2 v) { return v.x == 0 && v.y == 0; }

static c2d_real vec_scale(c2d_vec2 v) { return c2d_maxr(C2D_ABS(v.x), C2D_ABS(v.y)); }

/* The convexity checks of a polygon the cast can use, on its vertices v and normals nrm (count n
 * in [3, C2D_MAX_POLYGON_VERTICES], all finite): a strict left turn at every vertex, unit normals
 * on the outer side of their edges, and normals that go once around the circle (a star that winds
 * twice turns left everywhere too). O(n) and without square roots, unlike c2d_polygon_is_valid,
 * so that every cast can afford it; a polygon that fails never hits. */
static bool convex_ccw(const c2d_vec2 *v, const c2d_vec2 *nrm, int n) {
    int i, turns = 0;
    c2d_vec2 e = c2d_sub(v[1], v[0]);
    for (i = 0; i < n; ++i) {
        int i1 = i + 1 < n ? i + 1 : 0, i2 = i1 + 1 < n ? i1 + 1 : 0;
        c2d_vec2 e2 = c2d_sub(v[i2], v[i1]), ni = nrm[i], nn = nrm[i1];
        c2d_real m2 = c2d_len_sq(ni), along = c2d_dot(ni, c2d_right_perp(e));
        if (!(c2d_cross(e, e2) > 0)) return false;
        if (!(m2 > (c2d_real)0.99 && m2 < (c2d_real)1.01)) return false;
        /* the normal within about 8 degrees of the edge's outward perpendicular */
        if (!(along > 0) || !(along * along > (c2d_real)0.98 * c2d_len_sq(e))) return false;
        /* a step from the upper half of the circle of directions into the lower half */
        if (!(ni.x > 0 || (ni.x == 0 && ni.y < 0)) && (nn.x > 0 || (nn.x == 0 && nn.y < 0))) ++turns;
        e = e2;
    }
    return turns == 1;
}

/* Vertices within C2D_MAX_COORD and finite normals (|x| <= limit is false for NaN and infinities
 * too, so one comparison per coordinate). */
static bool polygon_finite(const c2d_polygon *p) {
    int i, fine = 1;
    for (i = 0; i < p->count; ++i) {
        c2d_vec2 pv = p->vertices[i], pn = p->normals[i];
        fine &= (C2D_ABS(pv.x) <= C2D_MAX_COORD) & (C2D_ABS(pv.y) <= C2D_MAX_COORD) & (C2D_ABS(pn.x) <= 2) & (C2D_ABS(pn.y) <= 2);
    }
    return fine != 0;
}

/* A polygon the cast can use: 3 to C2D_MAX_POLYGON_VERTICES finite vertices passing convex_ccw. */
static bool polygon_usable(const c2d_polygon *p) {
    if (p->count < 3 || p->count > C2D_MAX_POLYGON_VERTICES || !polygon_finite(p)) return false;
    return convex_ccw(p->vertices, p->normals, p->count);
}

/* A radius the cast accepts with a polygonal core: none for a kind without one, else one within
 * the sizes of c2d_size_in_range (a rounded polygon of radius 0 is not one). */
static bool radius_usable(const c2d_kind *k, c2d_real r) { return k->rounded ? c2d_size_in_range(r) : r == 0; }

/* A shape the cast accepts: the kind's is_valid, except that a polygonal core gets the O(n) check
 * above (and its radius, if any, is checked). c is the shape's core view. */
static bool cast_usable(const c2d_shape *s, const c2d_kind *k, c2d_core_view c) {
    if (c.form == C2D_CORE_POLYGON) return polygon_usable(c.polygon) && radius_usable(k, c.radius);
    return k->is_valid(s);
}

static bool shape_usable(const c2d_shape *s) {
    const c2d_kind *k = c2d_kind_of(s->type);
    /* only a polygonal core needs the view (the boxes, points and disks of the cheap paths skip it) */
    if (k->cast == C2D_CAST_CORE) return cast_usable(s, k, k->core(s));
    /* a pieced kind's is_valid is O(n^2) (the outline's simplicity); the cast takes its usable() */
    if (k->cast == C2D_CAST_PIECES) return k->usable(s);
    return k->is_valid(s);
}

/* ------------------------------------------------------------------------------------------ */
/* convex cores and their Minkowski difference */

/* A shape's core relative to an origin: one point, a segment (two vertices, the edges v0->v1 and
 * v1->v0 with opposite normals) or a counter-clockwise polygon; n[i] is the outward unit normal
 * of the edge v[i] -> v[i+1]. */
typedef struct cast_core {
    c2d_vec2 v[C2D_MAX_POLYGON_VERTICES];
    c2d_vec2 n[C2D_MAX_POLYGON_VERTICES];
    int count;
    c2d_real radius;
} cast_core;

/* Core from two points; a pair that coincides is a single point. */
static void core_pair(cast_core *c, c2d_vec2 p1, c2d_vec2 p2, c2d_vec2 o) {
    c2d_vec2 n;
    c->v[0] = c2d_sub(p1, o);
    c->v[1] = c2d_sub(p2, o);
    n = c2d_unit_or_zero(c2d_right_perp(c2d_sub(c->v[1], c->v[0])));
    if (is_zero(n)) {
        c->count = 1;
        return;
    }
    c->n[0] = n;
    c->n[1] = c2d_neg(n);
    c->count = 2;
}

/* Loads the core of shape s relative to o, checking it on the way (shape_usable's checks): false for a shape the cast does not
 * accept. *extent (may be NULL) gets the largest absolute coordinate of the core relative to o
 * plus the radius, for the rounding allowance of the back-off. */
static bool load_core(const c2d_shape *s, c2d_vec2 o, cast_core *c, c2d_real *extent) {
    int i;
    c2d_real ext = 0;
    const c2d_kind *k = c2d_kind_of(s->type);
    c2d_core_view v = k->core(s);
    /* convexity is checked on the polygon as given: a small polygon far from o can lose a strict
     * turn when its vertices are rounded relative to o (a 0.07-wide 7-gon 320 away was refused
     * and never hit); the cast works from the normals and edge lines, which such rounding only
     * moves by ulps */
    if (!cast_usable(s, k, v)) return false;
    c->radius = v.radius;
    c->count = 1;
    switch (v.form) {
    case C2D_CORE_POINT: c->v[0] = c2d_sub(v.p1, o); break;
    case C2D_CORE_SEGMENT: core_pair(c, v.p1, v.p2, o); break;
    case C2D_CORE_BOX: {
        c2d_vec2 lo = c2d_sub(v.p1, o), hi = c2d_sub(v.p2, o);
        c->v[0] = lo;
        c->v[1] = c2d_v2(hi.x, lo.y);
        c->v[2] = hi;
        c->v[3] = c2d_v2(lo.x, hi.y);
        c->n[0] = c2d_v2(0, -1);
        c->n[1] = c2d_v2(1, 0);
        c->n[2] = c2d_v2(0, 1);
        c->n[3] = c2d_v2(-1, 0);
        c->count = 4;
        break;
    }
    case C2D_CORE_POLYGON:
        for (i = 0; i < v.polygon->count; ++i) {
            c->v[i] = c2d_sub(v.polygon->vertices[i], o);
            c->n[i] = v.polygon->normals[i];
        }
        c->count = v.polygon->count;
        break;
    case C2D_CORE_NONE: return false;
    }
    if (extent) {
        for (i = 0; i < c->count; ++i) ext = c2d_maxr(ext, vec_scale(c->v[i]));
        *extent = ext + c->radius;
    }
    return true;
}

/* The core reflected through the origin: still counter-clockwise (a half turn). */
static void negate_core(cast_core *c) {
    int i;
    for (i = 0; i < c->count; ++i) {
        c->v[i] = c2d_neg(c->v[i]);
        c->n[i] = c2d_neg(c->n[i]);
    }
}

#define MINK_MAX (2 * C2D_MAX_POLYGON_VERTICES)

/* Which shape an edge of the difference comes from. */
enum { FROM_B = 1,
       FROM_A = 2,
       FROM_BOTH = 3 };

/* The difference P = core(B) + (-core(A)): vertex v[k] = B.v[ib[k]] + (-A).v[ia[k]]; edge k runs
 * from v[k] to v[k+1] with outward unit normal n[k], its line is n[k] . x = h[k], and it is an
 * edge of B's core moved by a vertex of A's (FROM_B), the reverse (FROM_A), or parallel edges of
 * both (FROM_BOTH). One vertex is a point; two are a segment (edges 0 and 1 run both ways). */
typedef struct mink {
    c2d_vec2 v[MINK_MAX];
    c2d_vec2 n[MINK_MAX];
    c2d_real h[MINK_MAX];
    unsigned char ib[MINK_MAX], ia[MINK_MAX], src[MINK_MAX];
    int count;
    c2d_real radius;
} mink;

/* The half of the circle of edge directions an edge lies in, from its outward normal n (the edge
 * direction is n turned +90 degrees): 0 for directions in [0, pi), 1 for [pi, 2 pi). */
static int normal_half(c2d_vec2 n) { return (n.x > 0 || (n.x == 0 && n.y < 0)) ? 0 : 1; }

/* Angle order of two edges given by their normals: -1 when p's direction comes first in
 * [0, 2 pi), 1 when q's does, 0 for the same direction. Halves first, so no angle is computed and
 * opposite directions can never compare equal. */
static int angle_order(c2d_vec2 p, c2d_vec2 q) {
    int hp = normal_half(p), hq = normal_half(q);
    c2d_real c;
    if (hp != hq) return hp < hq ? -1 : 1;
    c = c2d_cross(p, q);
    return c > 0 ? -1 : (c < 0 ? 1 : 0);
}

/* The edge a core's angle order starts with: the one in the lower half whose predecessor is in
 * the upper half (read from the normals, so rounding in the vertices cannot disagree with it). */
static int first_edge(const cast_core *c) {
    int i;
    for (i = 0; i < c->count && c->count > 1; ++i) {
        int prev = i == 0 ? c->count - 1 : i - 1;
        if (normal_half(c->n[i]) == 0 && normal_half(c->n[prev]) == 1) return i;
    }
    return 0;
}

/* Minkowski sum of two cores (p is B's core, q is A's core already negated): both edge cycles,
 * each started at its first edge in angle order, are merged like two sorted lists; parallel edges
 * of the same direction become one edge. The first vertex is the sum of the two start vertices.
 * When exactly one core is a point the sum is the other core translated. */
static void minkowski(const cast_core *p, const cast_core *q, mink *m) {
    int np = p->count > 1 ? p->count : 0, nq = q->count > 1 ? q->count : 0;
    int sp, sq, i = 0, j = 0, k = 0;
    m->radius = p->radius + q->radius;
    if ((np == 0) != (nq == 0)) {
        /* a lone point: the other core translated, in its own order */
        const cast_core *poly = np ? p : q;
        c2d_vec2 t = np ? q->v[0] : p->v[0];
        for (k = 0; k < poly->count; ++k) {
            m->v[k] = c2d_add(poly->v[k], t);
            m->n[k] = poly->n[k];
            m->h[k] = c2d_dot(m->n[k], m->v[k]);
            m->ib[k] = (unsigned char)(np ? k : 0);
            m->ia[k] = (unsigned char)(np ? 0 : k);
            m->src[k] = (unsigned char)(np ? FROM_B : FROM_A);
        }
        m->count = poly->count;
        return;
    }
    sp = first_edge(p);
    sq = first_edge(q);
    for (;;) {
        int ip = (sp + i) % p->count, iq = (sq + j) % q->count, order;
        m->v[k] = c2d_add(p->v[ip], q->v[iq]);
        m->ib[k] = (unsigned char)ip;
        m->ia[k] = (unsigned char)iq;
        if (i == np && j == nq) {
            /* two points: a single vertex and no edge */
            m->n[k] = c2d_v2(0, 0);
            m->h[k] = 0;
            m->src[k] = FROM_BOTH;
            ++k;
            break;
        }
        order = i == np ? 1 : (j == nq ? -1 : angle_order(p->n[ip], q->n[iq]));
        m->n[k] = order <= 0 ? p->n[ip] : q->n[iq];
        m->src[k] = (unsigned char)(order < 0 ? FROM_B : (order > 0 ? FROM_A : FROM_BOTH));
        if (order <= 0) ++i;
        if (order >= 0) ++j;
        m->h[k] = c2d_dot(m->n[k], m->v[k]);
        ++k;
        if (i == np && j == nq) break;
    }
    m->count = k;
}

/* ------------------------------------------------------------------------------------------ */
/* the ray cast of t*d against the difference */

enum { CAST_MISS = 0,
       CAST_ENTER = 1,
       CAST_INSIDE = 2 };

/* Outcome of a cast against the difference: a miss, an entry at time t through a feature, or a
 * start already inside (feature then names the nearest boundary, for the caller's fallback).
 * feature is an edge index, or a vertex index when vertex is true; normal points out of M there. */
typedef struct cast_result {
    int kind;
    c2d_real t;
    c2d_vec2 normal;
    int feature;
    bool vertex;
} cast_result;

static cast_result cast_miss(void) {
    cast_result r;
    r.kind = CAST_MISS;
    r.t = 0;
    r.normal = c2d_v2(0, 0);
    r.feature = 0;
    r.vertex = false;
    return r;
}

static cast_result cast_make(int kind, c2d_real t, c2d_vec2 normal, int feature, bool vertex) {
    cast_result r;
    r.kind = kind;
    r.t = t;
    r.normal = normal;
    r.feature = feature;
    r.vertex = vertex;
    return r;
}

/* Nearest boundary feature of the core polygon P to the origin, the squared distance to it (0 when
 * the origin is strictly inside P) and the unit normal pointing from that feature toward the
 * origin (from strictly inside: the normal of the nearest edge). A two-vertex P only looks at the
 * edge whose normal faces the origin. fallback is the normal for an origin on a lone vertex. */
static c2d_real nearest_feature(const mink *m, c2d_vec2 fallback, c2d_vec2 *normal, int *feature, bool *vertex) {
    int k, K = m->count, best_k = 0;
    c2d_real best = (c2d_real)INFINITY, best_s = 0;
    if (K == 1) {
        *feature = 0;
        *vertex = true;
        *normal = c2d_unit_or_zero(c2d_neg(m->v[0]));
        if (is_zero(*normal)) *normal = fallback;
        return c2d_len_sq(m->v[0]);
    }
    if (K >= 3) {
        c2d_real hmin = (c2d_real)INFINITY;
        int kmin = 0;
        for (k = 0; k < K; ++k) {
            if (m->h[k] < hmin) {
                hmin = m->h[k];
                kmin = k;
            }
        }
        if (hmin > 0) {
            *feature = kmin;
            *vertex = false;
            *normal = m->n[kmin];
            return 0;
        }
    }
    for (k = 0; k < K; ++k) {
        c2d_vec2 a = m->v[k], e = c2d_sub(m->v[(k + 1) % K], a);
        c2d_real ee = c2d_len_sq(e), s = 0, d2;
        if (K == 2 && k != (m->h[0] <= 0 ? 0 : 1)) continue;
        if (ee > 0) s = c2d_clampr(-c2d_dot(a, e) / ee, 0, 1);
        d2 = c2d_len_sq(c2d_mul_add(a, s, e));
        if (d2 < best) {
            best = d2;
            best_k = k;
            best_s = s;
        }
    }
    if (best_s > 0 && best_s < 1) {
        *feature = best_k;
        *vertex = false;
        *normal = m->n[best_k];
        return best;
    }
    *feature = best_s >= 1 ? (best_k + 1) % K : best_k;
    *vertex = true;
    *normal = c2d_unit_or_zero(c2d_neg(m->v[*feature]));
    if (is_zero(*normal)) {
        *feature = best_k;
        *vertex = false;
        *normal = m->n[best_k];
    }
    return best;
}

/* Cyrus-Beck clipping of t*d against P's half-planes n . x < h (open) or n . x <= h (closed, for
 * two shapes without interior). An edge parallel to d keeps the whole line or none of it; entry
 * and exit times must leave a non-empty interval meeting [0, 1) (open: a corner graze or an entry
 * at t = 1 is no hit) or [0, 1] (closed). Starting strictly inside (open), or inside or on the
 * boundary (closed: the shapes already share a point), gives CAST_INSIDE. */
static cast_result cast_polygon(const mink *m, c2d_vec2 d, bool closed) {
    c2d_real lower = -(c2d_real)INFINITY, upper = (c2d_real)INFINITY;
    int k, enter = -1, inner = 0;
    c2d_real hmin = (c2d_real)INFINITY, slide = 0, near = vec_scale(d);
    if (!closed) {
        /* a path that starts within rounding of a face's line (h <= 8 eps times the coordinates)
         * and runs along it or out of it (n . d >= -4 eps |d|) never gets deeper than rounding
         * behind that face: whether rounding puts it a hair inside is noise (sliding across the
         * seam of two tiles would otherwise hit the next tile's side at time 0). It is no hit
         * here; the static test at the end decides. */
        for (k = 0; k < m->count; ++k) near = c2d_maxr(near, vec_scale(m->v[k]));
        near *= (c2d_real)8 * C2D_EPSILON;
        slide = (c2d_real)4 * C2D_EPSILON * safe_length(d);
    }
    for (k = 0; k < m->count; ++k) {
        c2d_real den = c2d_dot(m->n[k], d), h = m->h[k];
        if (h < hmin) {
            hmin = h;
            inner = k;
        }
        if (!closed && den >= -slide && h <= near) return cast_miss();
        if (den < 0) {
            c2d_real t = h / den;
            if (t > lower) {
                lower = t;
                enter = k;
            }
        } else if (den > 0) {
            c2d_real t = h / den;
            if (t < upper) upper = t;
        } else if (closed ? !(h >= 0) : !(h > 0)) {
            return cast_miss();
        }
    }
    if (closed) {
        if (!(lower <= upper) || !(lower <= 1) || !(upper >= 0)) return cast_miss();
        if (lower <= 0) return cast_make(CAST_INSIDE, 0, m->n[inner], inner, false);
    } else {
        if (!(lower < upper) || !(lower < 1) || !(upper > 0)) return cast_miss();
        if (lower < 0) return cast_make(CAST_INSIDE, 0, m->n[inner], inner, false);
    }
    if (enter < 0) return cast_miss();
    return cast_make(CAST_ENTER, lower > 0 ? lower : 0, m->n[enter], enter, false);
}

/* Closed cast against a P of one or two vertices (a point and a point, a point and a segment, or
 * two parallel segments). Crossing the segment's line at a point of the closed segment is a hit
 * with the segment's normal facing the start; moving along the line enters at the nearer endpoint,
 * and a lone point is hit only by passing exactly through it (both with the normal -d/|d|). */
static cast_result cast_closed_small(const mink *m, c2d_vec2 d) {
    c2d_vec2 back = c2d_unit_or_zero(c2d_neg(d));
    c2d_vec2 v0 = m->v[0];
    c2d_real dd = c2d_dot(d, d);
    if (m->count == 1) {
        c2d_real t;
        if (is_zero(v0)) return cast_make(CAST_INSIDE, 0, back, 0, true);
        if (c2d_cross(d, v0) != 0) return cast_miss();
        t = c2d_dot(d, v0) / dd;
        if (!(t > 0) || !(t <= 1)) return cast_miss();
        return cast_make(CAST_ENTER, t, back, 0, true);
    } else {
        c2d_vec2 e = c2d_sub(m->v[1], v0);
        c2d_real den = c2d_cross(d, e);
        if (den != 0) {
            c2d_real tn = c2d_cross(v0, e), sn = c2d_cross(v0, d), t;
            int face;
            if (den < 0) {
                den = -den;
                tn = -tn;
                sn = -sn;
            }
            if (!(tn >= 0) || !(tn <= den) || !(sn >= 0) || !(sn <= den)) return cast_miss();
            face = m->h[0] <= 0 ? 0 : 1;
            if (!(tn > 0)) return cast_make(CAST_INSIDE, 0, m->n[face], face, false);
            t = c2d_clampr(tn / den, 0, 1);
            return cast_make(CAST_ENTER, t, m->n[face], face, false);
        }
        if (c2d_cross(e, v0) != 0) return cast_miss();
        {
            /* moving along the segment's line */
            c2d_real t0 = c2d_dot(d, v0) / dd, t1 = c2d_dot(d, m->v[1]) / dd;
            c2d_real tn = c2d_minr(t0, t1), tf = c2d_maxr(t0, t1);
            if (tn <= 0 && tf >= 0) return cast_make(CAST_INSIDE, 0, back, 0, true);
            if (!(tn > 0) || !(tn <= 1)) return cast_miss();
            return cast_make(CAST_ENTER, tn, back, t0 <= t1 ? 0 : 1, true);
        }
    }
}

/* Entry time (fraction of d; u = d / len, len = |d|) of the point t*d into the open disk of radius
 * r around c, for a start outside or on its circle. Geometric form (Ray Tracing Gems, ch. 7): tc
 * is the distance to the closest approach and q the start's offset from c there, formed
 * explicitly so that the squared half chord r^2 - |q|^2 does not subtract two large squares; the
 * near root is (|c|^2 - r^2) / (tc + half chord), which does not cancel near the surface. Moving
 * away or along a tangent does not enter. */
static bool disk_entry(c2d_vec2 c, c2d_vec2 u, c2d_real len, c2d_real r, c2d_real *t) {
    c2d_real tc = c2d_dot(c, u), h2, s;
    c2d_vec2 q;
    if (!(tc > 0)) return false;
    q = c2d_mul_add(c2d_neg(c), tc, u);
    h2 = r * r - c2d_dot(q, q);
    if (!(h2 > 0)) return false;
    s = (c2d_dot(c, c) - r * r) / (tc + C2D_SQRT(h2));
    *t = s > 0 ? s / len : 0;
    return true;
}

/* Squared distance from the point p to the core polygon P (0 when p is strictly inside), with
 * nearest_feature's normal and feature: P moved by -p, so that p is the origin. */
static c2d_real feature_at(const mink *m, c2d_vec2 p, c2d_vec2 fallback, c2d_vec2 *normal, int *feature, bool *vertex) {
    mink s;
    int k;
    s.count = m->count;
    s.radius = m->radius;
    for (k = 0; k < m->count; ++k) {
        s.v[k] = c2d_sub(m->v[k], p);
        s.n[k] = m->n[k];
        s.h[k] = c2d_dot(s.n[k], s.v[k]);
    }
    return nearest_feature(&s, fallback, normal, feature, vertex);
}

/* Whether the point p on the circle of vertex k's disk (radius R) lies outside the vertex's
 * normal cone (between the normals of its two edges; for a segment, the half-plane beyond its
 * end) so far that it is inside M by more than rounding: a point at depth delta inside M is
 * sqrt(2 R delta) beyond the cone's side, and delta is required above 4 eps times the coordinates'
 * scale, so that a vertex entry at a junction that rounding alone put outside is kept as it is. */
static bool outside_cone(const mink *m, int k, c2d_vec2 p, c2d_real R) {
    int K = m->count, j;
    c2d_vec2 vk = m->v[k], rel = c2d_sub(p, vk);
    c2d_real lim = (c2d_real)8 * R * C2D_EPSILON * (vec_scale(p) + vec_scale(vk));
    for (j = 0; j < (K == 2 ? 1 : 2); ++j) {
        c2d_vec2 w = K == 2 ? m->v[1 - k] : m->v[j == 0 ? (k == 0 ? K - 1 : k - 1) : (k + 1) % K];
        c2d_real s = c2d_dot(rel, c2d_unit_or_zero(c2d_sub(vk, w)));
        if (s < 0 && s * s > lim) return true;
    }
    return false;
}

/* Cast of t*d against P inflated by R > 0. Strictly within R of P at the start is CAST_INSIDE
 * (an edge line with the start R or more in front of it proves the start is outside, so the exact
 * distance is only computed when no edge does). Otherwise the first entry is the earliest of:
 * crossing an edge's line pushed out by R, inward, at a point whose foot lies on the closed edge;
 * and entering one of the vertex disks. Tangent or sliding paths enter neither, and an entry at
 * t = 1 (touching at the end) is no hit. */
static cast_result cast_rounded(const mink *m, c2d_vec2 d) {
    c2d_real R = m->radius, best = (c2d_real)INFINITY, hmin = (c2d_real)INFINITY, len;
    c2d_vec2 best_n = c2d_v2(0, 0), u;
    int k, K = m->count, best_f = 0;
    bool best_v = false;
    for (k = 0; k < K && K >= 2; ++k) hmin = c2d_minr(hmin, m->h[k]);
    if (!(hmin <= -R)) {
        c2d_vec2 nn;
        int f;
        bool vtx;
        c2d_real d2 = nearest_feature(m, c2d_unit_or_zero(c2d_neg(d)), &nn, &f, &vtx);
        if (d2 < R * R) return cast_make(CAST_INSIDE, 0, nn, f, vtx);
    }
    for (k = 0; k < K && K >= 2; ++k) {
        c2d_real den = c2d_dot(m->n[k], d), t, s;
        c2d_vec2 e, foot;
        if (!(den < 0) || !(-m->h[k] - R >= 0)) continue;
        t = (m->h[k] + R) / den;
        if (!(t < best)) continue;
        e = c2d_sub(m->v[(k + 1) % K], m->v[k]);
        foot = c2d_sub(c2d_mul_add(c2d_scale(m->n[k], -R), t, d), m->v[k]);
        s = c2d_dot(foot, e);
        if (!(s >= 0) || !(s <= c2d_dot(e, e))) continue;
        best = t;
        best_n = m->n[k];
        best_f = k;
        best_v = false;
    }
    len = safe_length(d);
    u = c2d_v2(d.x / len, d.y / len);
    for (k = 0; k < K; ++k) {
        c2d_real t;
        c2d_vec2 rel;
        if (!disk_entry(m->v[k], u, len, R, &t) || !(t < best)) continue;
        rel = c2d_sub(c2d_scale(d, t), m->v[k]);
        {
            /* a squared length below REAL_MIN has lost its precision (a normal 0.35% off unit was
             * seen): such a rel is normalised scaled, by unit_or_zero */
            c2d_real l2 = c2d_len_sq(rel);
            if (l2 >= REAL_MIN && C2D_ISFINITE(l2)) {
                rel = c2d_scale(rel, (c2d_real)1 / C2D_SQRT(l2));
            } else {
                rel = c2d_unit_or_zero(rel);
                if (is_zero(rel)) continue;
            }
        }
        best = t;
        best_n = rel;
        best_f = k;
        best_v = true;
    }
    if (K >= 2) {
        /* P lies inside M, so a path that crosses P enters M no later than it enters P. Near the
         * point where an edge pushed out by R meets a vertex disk, a path at a shallow angle
         * crosses the edge's line close to the edge's end and is nearly tangent to the disk: both
         * tests above are then ill-conditioned (rounding of order eps * |v| against an R that may
         * be far smaller) and can both reject it. So P is cast too, by the R = 0 rule (Cyrus-Beck
         * on its open half-planes; a segment core by the closed crossing), and when it is crossed
         * but no rounded entry was found, the entry is the last crossing of P's edge lines and
         * vertex bevels pushed out by R: the entry into a bevelled offset of P that contains M,
         * never later than the entry into M and equal to it at such a junction (clamped to the
         * entry into P). */
        cast_result core = K >= 3 ? cast_polygon(m, d, false) : cast_closed_small(m, d);
        if (core.kind == CAST_ENTER && !(best < 1)) {
            c2d_real tm = -(c2d_real)INFINITY;
            c2d_vec2 nm = core.normal;
            int km = core.feature;
            for (k = 0; k < K; ++k) {
                /* edge k's line pushed out by R, and the bevel at vertex k: the tangent of its disk
                 * across the bisector of its two normals (for a segment core: the end's direction),
                 * so that the offset region has no long mitre spikes */
                int kp = k == 0 ? K - 1 : k - 1;
                c2d_vec2 bis = K == 2 ? c2d_sub(m->v[k], m->v[1 - k]) : c2d_add(m->n[kp], m->n[k]);
                c2d_real den = c2d_dot(m->n[k], d), t;
                if (den < 0) {
                    t = (m->h[k] + R) / den;
                    if (t > tm) {
                        tm = t;
                        nm = m->n[k];
                        km = k;
                    }
                }
                bis = c2d_unit_or_zero(bis);
                den = c2d_dot(bis, d);
                if (den < 0) {
                    t = (c2d_dot(bis, m->v[k]) + R) / den;
                    if (t > tm) {
                        tm = t;
                        nm = m->n[k];
                        km = k;
                    }
                }
            }
            return cast_make(CAST_ENTER, c2d_clampr(tm, 0, core.t), nm, km, false);
        }
    }
    if (best < 1 && best_v && K >= 2 && outside_cone(m, best_f, c2d_scale(d, best), R)) {
        /* The entry found is on a vertex disk but inside M (outside the vertex's normal cone), so
         * the path entered M earlier, through a feature both tests above rejected: near the
         * junction of an edge pushed out by R and a vertex disk, crossed at a shallow angle, both
         * are ill-conditioned. The distance from t*d to P less R is convex in t (M is convex),
         * positive at 0 (the start is outside) and negative at best: the entry is its one root
         * there, found by bisection on the distance itself (well conditioned across the path);
         * the entry returned is the last time found clear (distance R or more). */
        c2d_real lo = 0, hi = best;
        c2d_vec2 fb = c2d_unit_or_zero(c2d_neg(d));
        int it;
        for (it = 0; it < 2 * (int)(sizeof(c2d_real) * 8); ++it) {
            c2d_real mid = lo + (hi - lo) / 2;
            c2d_vec2 nn;
            int f;
            bool vtx;
            if (!(mid > lo) || !(mid < hi)) break;
            if (feature_at(m, c2d_scale(d, mid), fb, &nn, &f, &vtx) < R * R) hi = mid;
            else lo = mid;
        }
        (void)feature_at(m, c2d_scale(d, lo), fb, &best_n, &best_f, &best_v);
        best = lo;
    }
    if (!(best < 1)) return cast_miss();
    return cast_make(CAST_ENTER, best, best_n, best_f, best_v);
}

/* Contact point on B's surface (relative to the origin, B at its start pose) for a contact at time
 * t through a feature of M with normal n: a vertex of M is a vertex of B's core touching A; an
 * edge of A's core touches a vertex of B's; an edge of B's core is touched by a vertex of A's,
 * where A's surface point is its core vertex moved by t*d less rA*n; parallel edges touch along
 * an interval, whose middle is taken (the sweep article's rule for boxes). */
static c2d_vec2 contact_point(const cast_core *cb, const cast_core *qa, const mink *m, cast_result r, c2d_vec2 d) {
    c2d_vec2 n = r.normal;
    int k = r.feature, kn;
    if (r.vertex) return c2d_mul_add(cb->v[m->ib[k]], cb->radius, n);
    kn = (k + 1) % m->count;
    if (m->src[k] == FROM_A) return c2d_mul_add(cb->v[m->ib[k]], cb->radius, n);
    if (m->src[k] == FROM_B) return c2d_mul_add(c2d_mul_add(c2d_neg(qa->v[m->ia[k]]), r.t, d), -qa->radius, n);
    {
        c2d_vec2 b0 = cb->v[m->ib[k]], e = c2d_sub(cb->v[m->ib[kn]], b0);
        c2d_vec2 shift = c2d_mul_add(c2d_scale(d, r.t), -m->radius, n);
        c2d_vec2 a0 = c2d_add(c2d_neg(qa->v[m->ia[k]]), shift), a1 = c2d_add(c2d_neg(qa->v[m->ia[kn]]), shift);
        c2d_real ee = c2d_dot(e, e), s0, s1, lo, hi, s;
        if (!(ee > 0)) return c2d_mul_add(b0, cb->radius, n);
        s0 = c2d_dot(c2d_sub(a0, b0), e);
        s1 = c2d_dot(c2d_sub(a1, b0), e);
        lo = c2d_maxr(0, c2d_minr(s0, s1));
        hi = c2d_minr(ee, c2d_maxr(s0, s1));
        s = c2d_clampr(lo + (c2d_real)0.5 * (hi - lo), 0, ee);
        return c2d_mul_add(c2d_mul_add(b0, s / ee, e), cb->radius, n);
    }
}

/* ------------------------------------------------------------------------------------------ */
/* assembling the sweep */

/* A contact found by one of the cast paths, in world coordinates with B at its start pose. */
typedef struct contact {
    int kind; /* CAST_MISS, CAST_ENTER or CAST_INSIDE (then normal/pos are the fallback) */
    c2d_real t;
    c2d_vec2 normal;
    c2d_vec2 pos;
} contact;

/* A sweep that moves the whole way (or, for unusable input, not at all). */
static c2d_sweep sweep_none(c2d_vec2 center, c2d_vec2 delta_a, bool usable) {
    c2d_sweep s;
    s.has_hit = false;
    s.hit.pos = c2d_v2(0, 0);
    s.hit.normal = c2d_v2(0, 0);
    s.hit.delta = c2d_v2(0, 0);
    s.hit.time = 0;
    s.time = 1;
    s.pos = c2d_add(center, delta_a);
    if (!usable || !c2d_vec2_is_valid(s.pos)) {
        s.time = 0;
        s.pos = c2d_vec2_is_valid(center) ? center : c2d_v2(0, 0);
    }
    return s;
}

static bool sweep_finite(const c2d_sweep *s) {
    return c2d_vec2_is_valid(s->pos) && C2D_ISFINITE(s->time) && c2d_vec2_is_valid(s->hit.pos) &&
           c2d_vec2_is_valid(s->hit.normal) && c2d_vec2_is_valid(s->hit.delta) && C2D_ISFINITE(s->hit.time);
}

/* A point of the shape (its first defining point), the origin its cast works relative to. */
static c2d_vec2 shape_anchor(const c2d_shape *s) {
    const c2d_kind *k = c2d_kind_of(s->type);
    c2d_core_view v = k->core(s);
    switch (v.form) {
    case C2D_CORE_POINT:
    case C2D_CORE_SEGMENT:
    case C2D_CORE_BOX: return v.p1;
    case C2D_CORE_POLYGON: return v.polygon->vertices[0];
    case C2D_CORE_NONE: break;
    }
    return c2d_aabb_center(k->bounds(s));
}

/* The general path: the Minkowski difference of the two cores (loaded relative to o, a vertex of
 * B; qa already negated). closed: neither shape has an interior. */
static contact cast_general(const cast_core *cb, const cast_core *qa, c2d_vec2 o, c2d_vec2 d, bool closed) {
    mink m;
    cast_result r;
    contact c;
    minkowski(cb, qa, &m);
    if (m.radius > 0) r = cast_rounded(&m, d);
    else if (closed && m.count <= 2) r = cast_closed_small(&m, d);
    else r = cast_polygon(&m, d, closed);
    c.kind = r.kind;
    c.t = r.t;
    c.normal = r.normal;
    c.pos = c2d_v2(0, 0);
    if (r.kind != CAST_MISS) c.pos = c2d_add(o, contact_point(cb, qa, &m, r, d));
    return c;
}

/* A point against a 2D shape: a ray cast of the point (or, flipped, of B's point against A). A
 * hit at time 0 (the point inside or on the boundary moving in) is returned as CAST_INSIDE with the
 * ray cast's normal, for the caller's static test. */
static contact cast_point(const c2d_shape *a, const c2d_kind *ka, const c2d_shape *b, c2d_vec2 d) {
    contact c;
    c2d_raycast_input in;
    c2d_hit h;
    bool flip = ka->cast != C2D_CAST_POINT;
    c2d_vec2 p = flip ? c2d_kind_of(b->type)->core(b).p1 : ka->core(a).p1;
    c.kind = CAST_MISS;
    c.t = 0;
    c.normal = c.pos = c2d_v2(0, 0);
    in.origin = p;
    in.translation = flip ? c2d_neg(d) : d;
    in.max_fraction = 1;
    if (!c2d_shape_raycast(flip ? a : b, in, &h)) return c;
    c.kind = h.time > 0 ? CAST_ENTER : CAST_INSIDE;
    c.t = h.time;
    c.normal = flip ? c2d_neg(h.normal) : h.normal;
    c.pos = flip ? p : h.pos;
    return c;
}

/* Circle against circle: A's center against the circle of the summed radius around B's center
 * (centers closer than that sum: CAST_INSIDE, with the normal along the line of centers). */
static contact cast_circles(c2d_circle a, c2d_circle b, c2d_vec2 d) {
    contact c;
    c2d_raycast_input in;
    c2d_circle sum;
    c2d_hit h;
    c2d_vec2 m = c2d_sub(a.center, b.center);
    c.kind = CAST_MISS;
    c.t = 0;
    c.normal = c.pos = c2d_v2(0, 0);
    sum.center = b.center;
    sum.radius = a.radius + b.radius;
    if (c2d_dot(m, m) < sum.radius * sum.radius) {
        c.kind = CAST_INSIDE;
        c.normal = c2d_unit_or_zero(m);
        if (is_zero(c.normal)) c.normal = c2d_unit_or_zero(c2d_neg(d));
        c.pos = c2d_mul_add(b.center, b.radius, c.normal);
        return c;
    }
    in.origin = a.center;
    in.translation = d;
    in.max_fraction = 1;
    if (!c2d_circle_raycast(sum, in, &h)) return c;
    c.kind = CAST_ENTER;
    c.t = h.time;
    c.normal = h.normal;
    c.pos = c2d_mul_add(b.center, b.radius, h.normal);
    return c;
}

/* A pair of kinds with only a support function between them: conservative advancement
 * (src/support.c). Its contact time is at or before the first contact, within its tolerance. */
static contact cast_support(const c2d_shape *a, const c2d_shape *b, c2d_vec2 d) {
    contact c;
    int r = c2d_support_cast(a, b, d, &c.t, &c.normal, &c.pos);
    c.kind = r == 1 ? CAST_ENTER : (r == 2 ? CAST_INSIDE : CAST_MISS);
    return c;
}

/* The cast's paths, chosen from the two kinds' cast needs (c2d_kind.cast). */
typedef enum cast_path {
    PATH_BOXES,   /* two boxes: c2d_aabb_sweep_aabb */
    PATH_POINT,   /* a point against a solid: a ray cast */
    PATH_DISKS,   /* two circles: a ray cast against the summed circle */
    PATH_CORES,   /* polygonal cores with radii: the Minkowski difference */
    PATH_SUPPORT, /* a convex kind known only by its support function: conservative advancement */
    PATH_DISTANCE /* a kind that is not convex (the arc): conservative advancement on its distance */
} cast_path;

static cast_path choose_path(const c2d_kind *ka, const c2d_kind *kb) {
    if (ka->cast == C2D_CAST_BOX && kb->cast == C2D_CAST_BOX) return PATH_BOXES;
    if ((ka->cast == C2D_CAST_POINT && kb->solid) || (kb->cast == C2D_CAST_POINT && ka->solid)) return PATH_POINT;
    if (ka->cast == C2D_CAST_DISK && kb->cast == C2D_CAST_DISK) return PATH_DISKS;
    if (ka->cast == C2D_CAST_DISTANCE || kb->cast == C2D_CAST_DISTANCE) return PATH_DISTANCE;
    if (ka->cast != C2D_CAST_SUPPORT && kb->cast != C2D_CAST_SUPPORT) return PATH_CORES;
    return PATH_SUPPORT;
}

/* True when box a moved by pa and box b moved by pb are apart by more than the rounding of moving
 * them: the shapes inside them cannot overlap (each moved shape lies within its box moved, up to
 * that rounding). The static test's cheap first step (overlap_at, settle1). */
static bool moved_boxes_apart(c2d_aabb a, c2d_vec2 pa, c2d_aabb b, c2d_vec2 pb) {
    c2d_real gap;
    a.lower = c2d_add(a.lower, pa);
    a.upper = c2d_add(a.upper, pa);
    b.lower = c2d_add(b.lower, pb);
    b.upper = c2d_add(b.upper, pb);
    gap = (c2d_real)16 * C2D_EPSILON * c2d_maxr(c2d_aabb_abs_max(a), c2d_aabb_abs_max(b));
    return a.upper.x + gap < b.lower.x || b.upper.x + gap < a.lower.x || a.upper.y + gap < b.lower.y ||
           b.upper.y + gap < a.lower.y;
}

/* The static test the returned positions answer to: a translated by t * da overlaps any of the
 * count shapes bs translated by t * db (c2d_shape_transform with that translation, as a caller
 * moves them; c2d_shape_overlap). The index of the first one that overlaps, or -1. */
static int overlap_at(const c2d_shape *a, c2d_vec2 da, const c2d_shape *bs, int count, c2d_vec2 db, c2d_real t) {
    c2d_transform xa, xb;
    c2d_shape ma;
    c2d_aabb ba;
    bool moved = false;
    int i;
    xa.q = xb.q = c2d_rot_identity();
    xa.p = c2d_scale(da, t);
    xb.p = c2d_scale(db, t);
    ba = c2d_shape_aabb(a);
    for (i = 0; i < count; ++i) {
        c2d_shape mb;
        if (c2d_kind_of(bs[i].type) == NULL) continue;
        /* the common miss costs two boxes instead of two shape copies and an overlap test */
        if (moved_boxes_apart(ba, xa.p, c2d_shape_aabb(&bs[i]), xb.p)) continue;
        if (!moved) {
            ma = c2d_shape_transform(a, xa);
            moved = true;
        }
        mb = c2d_shape_transform(&bs[i], xb);
        if (c2d_shape_overlap(&ma, &mb)) return i;
    }
    return -1;
}

/* Makes the position a sweep returns clear under the static test (overlap_at), hit or no hit.
 * The closed forms decide in rounded arithmetic and a caller's translation rounds again, so a
 * path that slides along a face (no hit, time 1) or a back-off along a nearly parallel path can
 * end where c2d_shape_overlap finds an overlap of a few ulps. When s.time overlaps (and is not
 * 0: a start that already overlaps keeps time 0), the time steps back along the path by
 * C2D_SWEEP_MARGIN, then twice that, four times, ..., down to 0 (the start, which the cast found
 * clear), until the static test finds it clear; that is the new s.time. A sweep without a hit
 * then gets one: the overlapping time just after the clear one, narrowed by bisection (the first
 * time the static test agrees with), with c2d_shape_hit's normal and point there (the shape it
 * names in *hit_shape, may be NULL). d is the relative motion, ca a's start center. */
static c2d_sweep settle(const c2d_shape *a, c2d_vec2 da, const c2d_shape *bs, int count, c2d_vec2 db, c2d_vec2 ca,
                        c2d_sweep s, int *hit_shape) {
    c2d_vec2 d = c2d_sub(da, db);
    c2d_real len = safe_length(d), step, lo, hi;
    int i, j = s.time > 0 ? overlap_at(a, da, bs, count, db, s.time) : -1, jh;
    if (j < 0 || !(len > 0)) return s;
    hi = s.time;
    jh = j;
    step = C2D_SWEEP_MARGIN / len;
    for (;;) {
        lo = s.time - step;
        if (!(lo > 0)) {
            lo = 0;
            break;
        }
        j = overlap_at(a, da, bs, count, db, lo);
        if (j < 0) break;
        hi = lo;
        jh = j;
        step *= 2;
    }
    if (lo == 0 && (j = overlap_at(a, da, bs, count, db, 0)) >= 0) {
        /* already overlapping at the start (by a hair the closed forms took for sliding): the
         * static push-out at time 0, as for any overlapping start */
        if (c2d_shape_hit(a, &bs[j], &s.hit)) {
            s.has_hit = true;
            s.time = 0;
            s.pos = ca;
            if (hit_shape) *hit_shape = j;
            return s;
        }
    }
    /* bisection between the clear lo and the overlapping hi: the first time the static test
     * agrees with for a new hit; and when no step back was clear short of the start, the last
     * clear time before the overlap (a move so short that it rounds to the start is clear), so
     * that a slide never returns time 0 */
    if (!s.has_hit || lo == 0) {
        for (i = 0; i < 64; ++i) {
            c2d_real mid = lo + (c2d_real)0.5 * (hi - lo);
            if (!(mid > lo && mid < hi)) break;
            j = overlap_at(a, da, bs, count, db, mid);
            if (j < 0) {
                lo = mid;
            } else {
                hi = mid;
                jh = j;
            }
        }
    }
    s.time = lo;
    s.pos = c2d_mul_add(ca, lo, da);
    if (s.has_hit) return s;
    {
        c2d_transform xa, xb;
        c2d_shape ma, mb;
        xa.q = xb.q = c2d_rot_identity();
        xa.p = c2d_scale(da, hi);
        xb.p = c2d_scale(db, hi);
        ma = c2d_shape_transform(a, xa);
        mb = c2d_shape_transform(&bs[jh], xb);
        if (!c2d_shape_hit(&ma, &mb, &s.hit)) {
            s.hit.normal = c2d_unit_or_zero(c2d_neg(d));
            s.hit.pos = c2d_aabb_center(c2d_shape_aabb(&ma));
        }
    }
    s.has_hit = true;
    s.hit.time = hi;
    s.hit.delta = c2d_scale(d, hi - 1);
    if (hit_shape) *hit_shape = jh;
    return s;
}

/* settle for one static, with the two shapes' boxes known: when the boxes moved to s.time are
 * apart by more than the rounding of moving them, the position is clear without copies. */
static c2d_sweep settle1(const c2d_shape *a, c2d_vec2 da, const c2d_shape *b, c2d_vec2 db, c2d_vec2 ca, c2d_sweep s,
                         c2d_aabb box_a, c2d_aabb box_b) {
    if (s.time > 0 && moved_boxes_apart(box_a, c2d_scale(da, s.time), box_b, c2d_scale(db, s.time))) return s;
    return settle(a, da, b, 1, db, ca, s, NULL);
}

/* A cast where a or b is made of convex pieces: a start in overlap gets the whole shape's push-out
 * (c2d_shape_hit); otherwise each piece is cast (a's when a is pieced, else b's; a pieced piece
 * against a pieced shape recurses once), the earliest hit is kept (ties within rounding: the
 * normal most against the motion, then the first piece) and the smallest safe time over the
 * pieces, then settled against the whole shape, as for sweep_into. */
static c2d_sweep cast_pieces(const c2d_shape *a, const c2d_kind *ka, c2d_vec2 da, const c2d_shape *b, const c2d_kind *kb, c2d_vec2 db) {
    c2d_vec2 ca = c2d_aabb_center(ka->bounds(a)), d;
    c2d_sweep s, r;
    c2d_real safe = 1;
    bool on_a = ka->cast == C2D_CAST_PIECES;
    int i, n, idx = -1;
    if (!shape_usable(a) || !c2d_vec2_in_range(da) || !c2d_vec2_in_range(db)) return sweep_none(ca, da, false);
    s = sweep_none(ca, da, true);
    if (!shape_usable(b)) return s;
    d = c2d_sub(da, db);
    if (!c2d_vec2_in_range(d)) return sweep_none(ca, da, false);
    if (c2d_shape_hit(a, b, &s.hit)) {
        s.has_hit = true;
        s.time = 0;
        s.pos = ca;
        return s;
    }
    if (is_zero(d)) return s;
    n = on_a ? ka->piece_count(a) : kb->piece_count(b);
    for (i = 0; i < n; ++i) {
        c2d_shape p = on_a ? ka->piece(a, i) : kb->piece(b, i);
        r = on_a ? c2d_shape_cast(&p, da, b, db) : c2d_shape_cast(a, da, &p, db);
        safe = c2d_minr(safe, r.time);
        if (!r.has_hit) continue;
        /* the earliest; among pieces hit at the same time (within rounding: two pieces meeting a
         * face at once, one of them by a corner), the normal most against the motion, so that a
         * face meeting a face reports the face's normal */
        if (idx < 0 || r.hit.time < s.hit.time - (c2d_real)16 * C2D_EPSILON ||
            (r.hit.time <= s.hit.time + (c2d_real)16 * C2D_EPSILON && c2d_dot(d, r.hit.normal) < c2d_dot(d, s.hit.normal))) {
            s.hit = r.hit;
            idx = i;
        }
    }
    s.has_hit = idx >= 0;
    s.time = safe;
    s.pos = c2d_mul_add(ca, safe, da);
    return settle(a, da, b, 1, db, ca, s, NULL);
}

/* The shape cast; see shape.h. Order of work: input checks, the zero-motion static test, then one
 * cast path; a start inside goes to c2d_shape_hit for the push-out, and only if that (computed
 * differently) finds no overlap is it treated as touching: a hit at time 0 when the motion goes
 * into the nearest boundary, none otherwise. The safe time follows c2d_sweep_safe_time with the
 * approach speed along the contact normal. */
c2d_sweep c2d_shape_cast(const c2d_shape *a, c2d_vec2 delta_a, const c2d_shape *b, c2d_vec2 delta_b) {
    c2d_sweep s;
    c2d_vec2 ca, d, o = c2d_v2(0, 0);
    c2d_aabb box_a, box_b;
    c2d_real scale, ext_b = 0, speed;
    cast_core cb, qa;
    contact c;
    cast_path path;
    bool closed;
    const c2d_kind *ka = a != NULL ? c2d_kind_of(a->type) : NULL, *kb = b != NULL ? c2d_kind_of(b->type) : NULL;
    bool ok = ka != NULL && kb != NULL;
    C2D_ASSERT(ok);
    if (!ok) return sweep_none(c2d_v2(0, 0), c2d_v2(0, 0), false);
    if (ka->cast == C2D_CAST_PIECES || kb->cast == C2D_CAST_PIECES) return cast_pieces(a, ka, delta_a, b, kb, delta_b);
    box_a = c2d_shape_aabb(a);
    ca = c2d_aabb_center(box_a);
    path = choose_path(ka, kb);
    if (path == PATH_CORES) {
        o = shape_anchor(b);
        ok = load_core(a, o, &qa, NULL);
    } else {
        ok = shape_usable(a);
    }
    if (!ok || !c2d_vec2_in_range(delta_a) || !c2d_vec2_in_range(delta_b)) return sweep_none(ca, delta_a, false);
    s = sweep_none(ca, delta_a, true);
    if (!(path == PATH_CORES ? load_core(b, o, &cb, &ext_b) : shape_usable(b))) return s;
    d = c2d_sub(delta_a, delta_b);
    if (!c2d_vec2_in_range(d)) return sweep_none(ca, delta_a, false);
    if (is_zero(d)) {
        if (c2d_shape_hit(a, b, &s.hit)) {
            s.has_hit = true;
            s.time = 0;
            s.pos = ca;
        }
        return s;
    }
    box_b = c2d_shape_aabb(b);
    scale = path == PATH_CORES ? vec_scale(o) + ext_b : c2d_aabb_abs_max(box_b);
    scale = c2d_maxr(c2d_maxr(c2d_aabb_abs_max(box_a), scale), c2d_maxr(vec_scale(delta_a), vec_scale(delta_b)));
    closed = !ka->solid && !kb->solid;
    switch (path) {
    case PATH_BOXES: {
        c2d_sweep r = c2d_aabb_sweep_aabb(a->as.aabb, d, b->as.aabb);
        if (!r.has_hit) return settle1(a, delta_a, b, delta_b, ca, s, box_a, box_b);
        r.hit.pos = c2d_mul_add(r.hit.pos, r.hit.time, delta_b);
        r.pos = c2d_mul_add(ca, r.time, delta_a);
        return sweep_finite(&r) ? settle1(a, delta_a, b, delta_b, ca, r, box_a, box_b) : sweep_none(ca, delta_a, false);
    }
    case PATH_POINT: c = cast_point(a, ka, b, d); break;
    case PATH_DISKS: c = cast_circles(a->as.circle, b->as.circle, d); break; /* C2D_CAST_DISK: a c2d_circle */
    case PATH_CORES:
        negate_core(&qa);
        c = cast_general(&cb, &qa, o, d, closed);
        break;
    case PATH_SUPPORT: c = cast_support(a, b, d); break;
    case PATH_DISTANCE: {
        int r = c2d_arc_cast(a, b, d, &c.t, &c.normal, &c.pos);
        c.kind = r == 1 ? CAST_ENTER : (r == 2 ? CAST_INSIDE : CAST_MISS);
        break;
    }
    }
    if (c.kind == CAST_INSIDE) {
        /* overlapping at the start: the static push-out; touching (the static test finds no
         * overlap): a hit at time 0 if the motion goes into the nearest boundary */
        if (c2d_shape_hit(a, b, &s.hit)) {
            s.has_hit = true;
            s.time = 0;
            s.pos = ca;
            return s;
        }
        if (!(c2d_dot(d, c.normal) < 0)) return settle1(a, delta_a, b, delta_b, ca, s, box_a, box_b);
        c.kind = CAST_ENTER;
        c.t = 0;
    }
    if (c.kind != CAST_ENTER) return settle1(a, delta_a, b, delta_b, ca, s, box_a, box_b);
    speed = C2D_ABS(c2d_dot(d, c.normal));
    /* A path parallel to the contact face within the rounding of a unit normal (|d . n| at most
     * 4 eps |d|) is sliding along it: that the rounded dot product says "in" is noise, and the
     * back-off rule would give it time 0, stopping a slide for good. Such a path is no hit by the
     * closed forms; the static test at its end decides (settle). Points and segments among
     * themselves keep their closed rule (a point running along a segment hits its end). */
    if (!closed && !(speed > (c2d_real)4 * C2D_EPSILON * safe_length(d))) return settle1(a, delta_a, b, delta_b, ca, s, box_a, box_b);
    s.has_hit = true;
    s.hit.time = c.t;
    s.hit.normal = c.normal;
    s.hit.pos = c2d_mul_add(c.pos, c.t, delta_b);
    s.hit.delta = c2d_scale(d, c.t - 1);
    s.time = c2d_sweep_safe_time(c.t, safe_length(d), speed, scale);
    s.pos = c2d_mul_add(ca, s.time, delta_a);
    if (!sweep_finite(&s)) return sweep_none(ca, delta_a, false);
    /* The shapes are apart before the first contact; the back-off leaves C2D_SWEEP_MARGIN * speed /
     * |d| along the normal. When that alone is 256 rounding units of the scale, far beyond the
     * error of the contact time, the position is clear without the static test. Grazing paths,
     * where it is not, are settled. */
    if (s.time > 0 && C2D_SWEEP_MARGIN * speed >= (c2d_real)256 * C2D_EPSILON * scale * safe_length(d)) return s;
    return settle1(a, delta_a, b, delta_b, ca, s, box_a, box_b);
}

/* ------------------------------------------------------------------------------------------ */
/* sweeping through many statics */

/* The numbers that order shapes for tie-breaking: the tag, then the defining coordinates. */
static int shape_key(const c2d_shape *s, c2d_real *k) {
    int i, n = 0;
    const c2d_kind *kind = c2d_kind_of(s->type);
    c2d_core_view v = kind->core(s);
    k[n++] = (c2d_real)s->type;
    switch (v.form) {
    case C2D_CORE_POINT:
        k[n++] = v.p1.x;
        k[n++] = v.p1.y;
        break;
    case C2D_CORE_SEGMENT:
    case C2D_CORE_BOX:
        k[n++] = v.p1.x;
        k[n++] = v.p1.y;
        k[n++] = v.p2.x;
        k[n++] = v.p2.y;
        break;
    case C2D_CORE_POLYGON:
        k[n++] = (c2d_real)v.polygon->count;
        for (i = 0; i < v.polygon->count && i < C2D_MAX_POLYGON_VERTICES; ++i) {
            k[n++] = v.polygon->vertices[i].x;
            k[n++] = v.polygon->vertices[i].y;
        }
        break;
    case C2D_CORE_NONE: {
        /* a curved core: its bounding box */
        c2d_aabb bb = kind->bounds(s);
        k[n++] = bb.lower.x;
        k[n++] = bb.lower.y;
        k[n++] = bb.upper.x;
        k[n++] = bb.upper.y;
        break;
    }
    }
    if (kind->rounded) k[n++] = v.radius;
    return n;
}

/* p before q in the lexicographic order of their keys. */
static bool shape_before(const c2d_shape *p, const c2d_shape *q) {
    c2d_real kp[2 + 2 * C2D_MAX_POLYGON_VERTICES], kq[2 + 2 * C2D_MAX_POLYGON_VERTICES];
    int np = shape_key(p, kp), nq = shape_key(q, kq), i;
    for (i = 0; i < np && i < nq; ++i) {
        if (kp[i] != kq[i]) return kp[i] < kq[i];
    }
    return np < nq;
}

/* The article's sweepInto for any shape: cast against each static, keep the earliest contact
 * (ties to the static first in shape_before's order, so the answer does not depend on the array
 * order), and return the smallest safe time over every static hit, so that the safe position keeps
 * clear of everything the move would enter, not only the nearest. */
c2d_sweep c2d_shape_sweep_into(const c2d_shape *a, c2d_vec2 delta, const c2d_shape *statics, int count, int *hit_index) {
    c2d_sweep best, s;
    c2d_vec2 ca;
    c2d_real safe = 1;
    int i, idx = -1;
    bool ok = a != NULL && c2d_kind_of(a->type) != NULL;
    C2D_ASSERT(ok);
    if (hit_index) *hit_index = -1;
    if (!ok) return sweep_none(c2d_v2(0, 0), c2d_v2(0, 0), false);
    ca = c2d_aabb_center(c2d_shape_aabb(a));
    if (!shape_usable(a) || !c2d_vec2_in_range(delta)) return sweep_none(ca, delta, false);
    best = sweep_none(ca, delta, true);
    if (statics == NULL) return best;
    for (i = 0; i < count; ++i) {
        if (c2d_kind_of(statics[i].type) == NULL) continue;
        s = c2d_shape_cast(a, delta, &statics[i], c2d_v2(0, 0));
        safe = c2d_minr(safe, s.time);
        if (!s.has_hit) continue;
        if (idx < 0 || s.hit.time < best.hit.time ||
            (s.hit.time == best.hit.time && shape_before(&statics[i], &statics[idx]))) {
            best = s;
            idx = i;
        }
    }
    best.time = safe;
    best.pos = c2d_mul_add(ca, safe, delta);
    /* each cast's time is clear of its own static; the smallest is checked against all of them */
    {
        int j = -1;
        best = settle(a, delta, statics, count, c2d_v2(0, 0), ca, best, &j);
        if (idx < 0) idx = j;
    }
    if (hit_index) *hit_index = idx;
    return best;
}

/* ------------------------------------------------------------------------------------------ */
/* time of impact with rotation: conservative advancement */

c2d_transform c2d_motion_transform(c2d_motion m, c2d_real t) {
    c2d_transform xf;
    c2d_vec2 c = c2d_v2(m.c1.x + t * (m.c2.x - m.c1.x), m.c1.y + t * (m.c2.y - m.c1.y));
    xf.q = c2d_rot_make(m.a1 + t * (m.a2 - m.a1));
    xf.p = c2d_sub(c, c2d_rotate(xf.q, m.local_center));
    return xf;
}

/* A proxy the time of impact accepts: 1 to C2D_MAX_POLYGON_VERTICES points within C2D_MAX_COORD
 * and a radius in [0, C2D_MAX_COORD]. */
/* Why a motion is refused, or C2D_OK: C2D_ERR_NOT_FINITE, or C2D_ERR_OUT_OF_RANGE for a value or a
 * displacement beyond C2D_MAX_COORD. */
static c2d_status motion_status(c2d_motion m) {
    c2d_vec2 d;
    if (!(C2D_ISFINITE(m.local_center.x) && C2D_ISFINITE(m.local_center.y) && C2D_ISFINITE(m.c1.x) && C2D_ISFINITE(m.c1.y) &&
          C2D_ISFINITE(m.c2.x) && C2D_ISFINITE(m.c2.y) && C2D_ISFINITE(m.a1) && C2D_ISFINITE(m.a2))) {
        return C2D_ERR_NOT_FINITE;
    }
    d = c2d_sub(m.c2, m.c1);
    if (!(c2d_vec2_in_range(m.local_center) && c2d_vec2_in_range(m.c1) && c2d_vec2_in_range(m.c2) &&
          c2d_real_in_range(m.a1) && c2d_real_in_range(m.a2) && c2d_vec2_in_range(d))) {
        return C2D_ERR_OUT_OF_RANGE;
    }
    return C2D_OK;
}

/* Why the motions, t_max or target of a time-of-impact input are refused, or C2D_OK. */
static c2d_status toi_settings_status(c2d_motion ma, c2d_motion mb, c2d_real t_max, c2d_real target) {
    c2d_status s;
    if ((s = motion_status(ma)) != C2D_OK || (s = motion_status(mb)) != C2D_OK) return s;
    if (!C2D_ISFINITE(t_max) || !C2D_ISFINITE(target)) return C2D_ERR_NOT_FINITE;
    if (target > C2D_MAX_COORD) return C2D_ERR_OUT_OF_RANGE;
    if (!(t_max >= 0 && t_max <= 1) || target < 0) return C2D_ERR_BAD_SIZE;
    return C2D_OK;
}

/* Why a time-of-impact input is refused, or C2D_OK (the reasons of c2d_toi_status). */
static c2d_status toi_input_status(const c2d_toi_input *in) {
    c2d_status s;
    if ((s = c2d_proxy_status(&in->a)) != C2D_OK || (s = c2d_proxy_status(&in->b)) != C2D_OK) return s;
    return toi_settings_status(in->motion_a, in->motion_b, in->t_max, in->target);
}

/* The proxy placed by its motion at time t, relative to the origin o (o is subtracted from the
 * start position before anything is added, so far from the origin nothing large is rounded). */
static void place_proxy(const c2d_proxy *local, c2d_motion m, c2d_vec2 o, c2d_real t, c2d_proxy *out) {
    c2d_rot q = c2d_rot_make(m.a1 + t * (m.a2 - m.a1));
    c2d_vec2 c = c2d_v2((m.c1.x - o.x) + t * (m.c2.x - m.c1.x), (m.c1.y - o.y) + t * (m.c2.y - m.c1.y));
    int i;
    for (i = 0; i < local->count; ++i) out->points[i] = c2d_add(c, c2d_rotate(q, c2d_sub(local->points[i], m.local_center)));
    for (; i < C2D_MAX_POLYGON_VERTICES; ++i) out->points[i] = c2d_v2(0, 0);
    out->count = local->count;
    out->radius = local->radius;
}

/* Largest distance of a proxy's points from its rotation center. */
static c2d_real proxy_reach(const c2d_proxy *p, c2d_vec2 center) {
    c2d_real r = 0;
    int i;
    for (i = 0; i < p->count; ++i) r = c2d_maxr(r, safe_length(c2d_sub(p->points[i], center)));
    return r;
}

/* Largest lever arm of a placed proxy about its rotation center c, across the unit axis u: the
 * largest |cross(u, p - c)| over its points. */
static c2d_real lever_arm(const c2d_proxy *p, c2d_vec2 c, c2d_vec2 u) {
    c2d_real w = 0;
    int i;
    for (i = 0; i < p->count; ++i) w = c2d_maxr(w, C2D_ABS(c2d_cross(u, c2d_sub(p->points[i], c))));
    return w;
}

/* Separation of two placed proxies along the unit axis u (from B toward A): the gap between B's
 * support in +u and A's support in -u, radii included. Never more than their distance. */
static c2d_real axis_separation(const c2d_proxy *a, const c2d_proxy *b, c2d_vec2 u) {
    c2d_real amin = (c2d_real)INFINITY, bmax = -(c2d_real)INFINITY;
    int i;
    for (i = 0; i < a->count; ++i) amin = c2d_minr(amin, c2d_dot(u, a->points[i]));
    for (i = 0; i < b->count; ++i) bmax = c2d_maxr(bmax, c2d_dot(u, b->points[i]));
    return amin - bmax - a->radius - b->radius;
}

static c2d_toi_result toi_result(c2d_toi_status status, c2d_real t, int iterations) {
    c2d_toi_result r;
    r.status = status;
    r.error = C2D_OK;
    r.t = t;
    r.normal = c2d_v2(0, 0);
    r.point = c2d_v2(0, 0);
    r.iterations = iterations;
    return r;
}

/* A failed query: status C2D_TOI_FAILED, error the reason. */
static c2d_toi_result toi_failed(c2d_status error, c2d_real t, int iterations) {
    c2d_toi_result r = toi_result(C2D_TOI_FAILED, t, iterations);
    r.error = error;
    return r;
}

/* The start and stop rules of both advancements, on the distance dr at time t (iteration iter):
 * overlapping or touching at the start ends the query; a start within the target window moves the
 * target to half the starting gap (so touching and sliding away is no hit), or, closer than twice
 * the rounding floor, ends it with a hit at 0 when the motion is closing and separated otherwise;
 * a gap within [target, target + tol] is the hit. Contact after the start (distance 0, or no
 * normal) means rounding broke the step's bound (a turn through so many radians that the angle
 * a1 + t (a2 - a1) moves in coarse steps): C2D_ERR_NUMERICAL at t_safe, the time of the previous
 * iteration, which kept the gap. true with *out set when the query ends here. */
static bool toi_window(const c2d_distance_result *dr, int iter, c2d_real t, c2d_real t_safe, c2d_real t_max, c2d_vec2 o,
                       c2d_real floor_gap, bool closing, c2d_real *target, c2d_real *tol, c2d_toi_result *out) {
    c2d_real gap = dr->distance;
    if (iter > 1 && (!(gap > 0) || is_zero(dr->normal))) {
        *out = toi_failed(C2D_ERR_NUMERICAL, t_safe, iter);
        return true;
    }
    if (iter == 1) {
        if (!(gap > 0) || is_zero(dr->normal)) {
            *out = toi_result(C2D_TOI_OVERLAPPED, 0, iter);
            return true;
        }
        if (gap < *target + *tol) {
            if (!(gap > (c2d_real)2 * floor_gap)) {
                *out = toi_result(closing ? C2D_TOI_HIT : C2D_TOI_SEPARATED, closing ? 0 : t_max, iter);
                if (closing) {
                    out->normal = dr->normal;
                    out->point = c2d_add(o, c2d_lerp(dr->point_a, dr->point_b, (c2d_real)0.5));
                }
                return true;
            }
            *target = (c2d_real)0.5 * gap;
            *tol = (c2d_real)0.25 * *target;
        }
    }
    if (gap < *target + *tol) {
        *out = toi_result(C2D_TOI_HIT, t, iter);
        out->normal = dr->normal;
        out->point = c2d_add(o, c2d_lerp(dr->point_a, dr->point_b, (c2d_real)0.5));
        return true;
    }
    return false;
}

/* Conservative advancement (B. Mirtich, "Impulse-based dynamic simulation of rigid body systems",
 * 1996, ch. 3; E. Catto, "Continuous Collision", GDC 2013). At the current time t the GJK distance
 * gives the gap and the normal u. The separation along any fixed axis is a lower bound of the
 * distance, and along u it can shrink no faster than rate = the centers' approach speed along u +
 * |angular speed| * reach for each shape (reach: its farthest point from its rotation center). So
 * the gap stays at or above target until t + (sep - target) / rate, and the step jumps there: the
 * time never passes the first contact, however fast the shapes turn. A second bound, also safe,
 * allows longer steps near contact: a point turning at w closes along u at no more than
 * w * (its lever arm across u now + reach * w * elapsed), which integrates to a quadratic in the
 * step; the larger of the two steps is taken. It stops when the gap is within
 * [target, target + target/4] (hit), when the step would reach t_max or nothing closes the gap
 * (separated), or at the iteration cap. A start within the target window moves the target to half
 * the starting gap, so that touching and sliding is no hit; a start closer than the rounding floor
 * is a hit at 0 if anything could close the gap, separated otherwise. */
c2d_toi_result c2d_time_of_impact(const c2d_toi_input *input) {
    c2d_proxy pa, pb;
    c2d_motion ma, mb;
    c2d_vec2 o, va, vb;
    c2d_real t = 0, t_safe = 0, t_max, target, tol, floor_gap, reach_a, reach_b, wa, wb, rot, scale;
    int iter = 0, max_iter;
    if (input == NULL) {
        C2D_ASSERT(input != NULL);
        return toi_failed(C2D_ERR_NULL_ARG, 0, 0);
    }
    {
        c2d_status s = toi_input_status(input);
        if (s != C2D_OK) return toi_failed(s, 0, 0);
    }
    ma = input->motion_a;
    mb = input->motion_b;
    t_max = input->t_max == 0 ? (c2d_real)1 : input->t_max;
    max_iter = input->max_iterations > 0 ? input->max_iterations : C2D_TOI_DEFAULT_ITERATIONS;

    o = mb.c1;
    va = c2d_sub(ma.c2, ma.c1);
    vb = c2d_sub(mb.c2, mb.c1);
    reach_a = proxy_reach(&input->a, ma.local_center);
    reach_b = proxy_reach(&input->b, mb.local_center);
    wa = C2D_ABS(ma.a2 - ma.a1);
    wb = C2D_ABS(mb.a2 - mb.a1);
    rot = wa * reach_a + wb * reach_b;
    if (!C2D_ISFINITE(rot)) return toi_failed(C2D_ERR_OUT_OF_RANGE, 0, 0);
    scale = c2d_maxr(c2d_maxr(vec_scale(c2d_sub(ma.c1, o)), vec_scale(c2d_sub(ma.c2, o))), vec_scale(c2d_sub(mb.c2, o)));
    scale = c2d_maxr(scale, c2d_maxr(reach_a + input->a.radius, reach_b + input->b.radius));
    floor_gap = (c2d_real)32 * C2D_EPSILON * scale;
    target = input->target > 0 ? input->target : C2D_TOI_TARGET;
    target = c2d_maxr(target, floor_gap);
    tol = (c2d_real)0.25 * target;

    for (;;) {
        c2d_distance_result dr;
        c2d_real gap, sep, rate, t_next;
        place_proxy(&input->a, ma, o, t, &pa);
        place_proxy(&input->b, mb, o, t, &pb);
        dr = c2d_distance(&pa, &pb, 0);
        ++iter;
        /* a motion that carries a shape beyond C2D_MAX_COORD: rejected input, t = 0 (collision.h) */
        if (dr.status == C2D_DISTANCE_INVALID_INPUT) return toi_failed(dr.error, 0, iter);
        gap = dr.distance;
        rate = rot - c2d_dot(c2d_sub(va, vb), dr.normal);
        {
            c2d_toi_result r;
            if (toi_window(&dr, iter, t, t_safe, t_max, o, floor_gap, rate > 0, &target, &tol, &r)) return r;
        }
        sep = c2d_minr(axis_separation(&pa, &pb, dr.normal), gap);
        if (!(sep > target)) return toi_failed(C2D_ERR_NUMERICAL, t, iter);
        if (!(rate > 0)) return toi_result(C2D_TOI_SEPARATED, t_max, iter);
        t_next = t + (sep - target) / rate;
        if (rot > 0) {
            /* the tighter bound: a point turning at w closes along u at no more than
             * w * (lever arm now + reach * w * elapsed), so over a step h the separation shrinks by
             * at most lin * h + lever * h + quad * h^2; the larger of the two safe steps is safe */
            c2d_vec2 ca_t = c2d_v2((ma.c1.x - o.x) + t * va.x, (ma.c1.y - o.y) + t * va.y);
            c2d_vec2 cb_t = c2d_v2((mb.c1.x - o.x) + t * vb.x, (mb.c1.y - o.y) + t * vb.y);
            c2d_real lin = rate - rot;
            c2d_real lever = wa * lever_arm(&pa, ca_t, dr.normal) + wb * lever_arm(&pb, cb_t, dr.normal);
            c2d_real quad = (c2d_real)0.5 * (wa * wa * reach_a + wb * wb * reach_b);
            c2d_real bq = lin + lever, cq = sep - target;
            c2d_real den = bq + C2D_SQRT(bq * bq + (c2d_real)4 * quad * cq);
            if (den > 0) t_next = c2d_maxr(t_next, t + (c2d_real)2 * cq / den);
        }
        if (!(t_next < t_max)) return toi_result(C2D_TOI_SEPARATED, t_max, iter);
        if (iter >= max_iter) return toi_result(C2D_TOI_MAX_ITERATIONS, t_next, iter);
        t_safe = t;
        t = t_next;
    }
}

/* ------------------------------------------------------------------------------------------ */
/* time of impact with rotation for any kind (c2d_shape_time_of_impact) */

/* The motion's transform at time t, relative to the origin o (as place_proxy). */
static c2d_transform motion_xf(c2d_motion m, c2d_vec2 o, c2d_real t) {
    c2d_transform xf;
    xf.q = c2d_rot_make(m.a1 + t * (m.a2 - m.a1));
    xf.p = c2d_sub(c2d_v2((m.c1.x - o.x) + t * (m.c2.x - m.c1.x), (m.c1.y - o.y) + t * (m.c2.y - m.c1.y)),
                   c2d_rotate(xf.q, m.local_center));
    return xf;
}

/* The farthest corner of a local shape's box from its rotation center: at least the farthest point
 * of the shape, so |angular speed| * reach bounds the speed of every point about the center. */
static c2d_real shape_reach(const c2d_shape *s, const c2d_kind *k, c2d_vec2 center) {
    c2d_aabb b = k->bounds(s);
    c2d_real dx = c2d_maxr(C2D_ABS(b.lower.x - center.x), C2D_ABS(b.upper.x - center.x));
    c2d_real dy = c2d_maxr(C2D_ABS(b.lower.y - center.y), C2D_ABS(b.upper.y - center.y));
    return safe_length(c2d_v2(dx, dy));
}

static c2d_toi_result shape_toi(const c2d_shape *a, const c2d_shape *b, const c2d_shape_toi_input *in);

/* Two kinds with a GJK proxy: c2d_time_of_impact on their proxies. */
static c2d_toi_result toi_proxies(const c2d_shape *a, const c2d_shape *b, const c2d_shape_toi_input *in) {
    c2d_toi_input p;
    p.a = c2d_shape_proxy(a);
    p.b = c2d_shape_proxy(b);
    p.motion_a = in->motion_a;
    p.motion_b = in->motion_b;
    p.t_max = in->t_max;
    p.target = in->target;
    p.max_iterations = in->max_iterations;
    return c2d_time_of_impact(&p);
}

/* A concave shape (a, or else b, is made of convex pieces): each piece against the other shape.
 * Every piece keeps its target gap up to its own t (conservative advancement never steps past a
 * contact), so the smallest t over the pieces is safe for the whole shape (the rule of the linear
 * cast's cast_pieces): its status and contact are that piece's (a hit, the cap, or a numerical
 * failure, whose t is also the last safe time of its piece only, so the other pieces are still
 * asked); a piece that overlaps at the start makes the whole shape overlap, and rejected input
 * fails it; all separated is separated. Ties keep the first piece.
 * One case the pieces cannot see: the other shape lying along a diagonal between two pieces (a
 * point on it, a segment along it) is within rounding of touching each piece, and each one's start
 * rule calls that touching (separated, or a hit at 0) while it lies inside the whole shape. So
 * unless a piece already said overlapped, the whole shapes at the start are asked too, by the
 * library's rule (c2d_shape_overlap): interiors that meet there make the answer overlapped. */
static c2d_toi_result toi_pieces(const c2d_shape *a, const c2d_kind *ka, const c2d_shape *b, const c2d_kind *kb,
                                 const c2d_shape_toi_input *in) {
    bool on_a = ka->cast == C2D_CAST_PIECES;
    int i, n = on_a ? ka->piece_count(a) : kb->piece_count(b), iter = 0;
    c2d_real t_max = in->t_max == 0 ? (c2d_real)1 : in->t_max;
    c2d_toi_result best = toi_result(C2D_TOI_SEPARATED, t_max, 0);
    for (i = 0; i < n; ++i) {
        c2d_shape p = on_a ? ka->piece(a, i) : kb->piece(b, i);
        c2d_toi_result r = on_a ? shape_toi(&p, b, in) : shape_toi(a, &p, in);
        iter += r.iterations;
        if ((r.status == C2D_TOI_FAILED && r.error != C2D_ERR_NUMERICAL) || r.status == C2D_TOI_OVERLAPPED) {
            r.iterations = iter;
            return r;
        }
        if (r.status != C2D_TOI_SEPARATED && r.t < best.t) best = r;
    }
    best.iterations = iter;
    {
        c2d_vec2 o = in->motion_b.c1;
        c2d_shape pa = c2d_shape_transform(a, motion_xf(in->motion_a, o, 0)), pb = c2d_shape_transform(b, motion_xf(in->motion_b, o, 0));
        if (c2d_shape_overlap(&pa, &pb)) return toi_result(C2D_TOI_OVERLAPPED, 0, iter);
    }
    return best;
}

/* Conservative advancement on c2d_shape_distance (for pairs with a kind that has no GJK proxy:
 * the arc, ellipse and wedge). Unlike GJK's normal, the distance of a shape that is not convex
 * gives no separating axis to project on, so the step uses the plain bound: no point of A moves
 * relative to B faster than rate = |va - vb| + |wa| reach_a + |wb| reach_b, so the distance
 * shrinks no faster than that and the gap stays above target until t + (gap - target) / rate.
 * The start rules and the stop window are c2d_time_of_impact's. A kind with only a support
 * function in the pair (ellipse, wedge: cast C2D_CAST_SUPPORT) has a distance within
 * C2D_ELLIPSE_TOLERANCE of the scene's size, so the target is raised to twice that: the true gap
 * then stays at or above half the target. */
static c2d_toi_result toi_distance(const c2d_shape *a, const c2d_kind *ka, const c2d_shape *b, const c2d_kind *kb,
                                   const c2d_shape_toi_input *in) {
    c2d_motion ma = in->motion_a, mb = in->motion_b;
    c2d_vec2 o = mb.c1, va = c2d_sub(ma.c2, ma.c1), vb = c2d_sub(mb.c2, mb.c1);
    c2d_real t = 0, t_safe = 0, t_max = in->t_max == 0 ? (c2d_real)1 : in->t_max;
    c2d_real reach_a = shape_reach(a, ka, ma.local_center), reach_b = shape_reach(b, kb, mb.local_center);
    c2d_real wa = C2D_ABS(ma.a2 - ma.a1), wb = C2D_ABS(mb.a2 - mb.a1);
    c2d_real rot = wa * reach_a + wb * reach_b, speed = rot + safe_length(c2d_sub(va, vb));
    c2d_real scale, floor_gap, target, tol;
    int iter = 0, max_iter = in->max_iterations > 0 ? in->max_iterations : C2D_TOI_DEFAULT_ITERATIONS;
    if (!C2D_ISFINITE(speed)) return toi_failed(C2D_ERR_OUT_OF_RANGE, 0, 0);
    scale = c2d_maxr(c2d_maxr(vec_scale(c2d_sub(ma.c1, o)), vec_scale(c2d_sub(ma.c2, o))), vec_scale(c2d_sub(mb.c2, o)));
    scale = c2d_maxr(scale, c2d_maxr(reach_a, reach_b));
    floor_gap = (c2d_real)32 * C2D_EPSILON * scale;
    target = in->target > 0 ? in->target : C2D_TOI_TARGET;
    target = c2d_maxr(target, floor_gap);
    if (ka->cast == C2D_CAST_SUPPORT || kb->cast == C2D_CAST_SUPPORT) {
        target = c2d_maxr(target, (c2d_real)2 * (c2d_real)C2D_ELLIPSE_TOLERANCE * scale);
    }
    tol = (c2d_real)0.25 * target;
    for (;;) {
        c2d_transform xa = motion_xf(ma, o, t), xb = motion_xf(mb, o, t);
        c2d_shape pa = c2d_shape_transform(a, xa), pb = c2d_shape_transform(b, xb);
        c2d_distance_result dr = c2d_shape_distance(&pa, &pb);
        c2d_real gap, t_next;
        ++iter;
        /* a motion that carries a shape beyond C2D_MAX_COORD: rejected input, t = 0 (collision.h) */
        if (dr.status == C2D_DISTANCE_INVALID_INPUT) return toi_failed(dr.error, 0, iter);
        gap = dr.distance;
        {
            /* closing: the approach speed along the normal (rotation counted in full), as in
             * c2d_time_of_impact; only the start within rounding of touching reads it. A shape
             * that is not convex (the arc) can be entered by a motion along its surface (along a
             * radial side past the center, along the inner circle), so there any such start may
             * close: a hit at 0 */
            bool convex = ka->cast != C2D_CAST_DISTANCE && kb->cast != C2D_CAST_DISTANCE;
            c2d_toi_result r;
            if (toi_window(&dr, iter, t, t_safe, t_max, o, floor_gap, !convex || rot - c2d_dot(c2d_sub(va, vb), dr.normal) > 0, &target,
                           &tol, &r))
                return r;
        }
        if (!(speed > 0)) return toi_result(C2D_TOI_SEPARATED, t_max, iter);
        t_next = t + (gap - target) / speed;
        if (!(t_next > t)) return toi_failed(C2D_ERR_NUMERICAL, t, iter);
        if (!(t_next < t_max)) return toi_result(C2D_TOI_SEPARATED, t_max, iter);
        if (iter >= max_iter) return toi_result(C2D_TOI_MAX_ITERATIONS, t_next, iter);
        t_safe = t;
        t = t_next;
    }
}

/* One pair of usable shapes, by what their kind rows say: pieces first, then proxies, then the
 * distance. */
static c2d_toi_result shape_toi(const c2d_shape *a, const c2d_shape *b, const c2d_shape_toi_input *in) {
    const c2d_kind *ka = c2d_kind_of(a->type), *kb = c2d_kind_of(b->type);
    if (ka->cast == C2D_CAST_PIECES || kb->cast == C2D_CAST_PIECES) return toi_pieces(a, ka, b, kb, in);
    if (ka->core(a).form != C2D_CORE_NONE && kb->core(b).form != C2D_CORE_NONE) return toi_proxies(a, b, in);
    return toi_distance(a, ka, b, kb, in);
}

c2d_toi_result c2d_shape_time_of_impact(const c2d_shape_toi_input *input) {
    c2d_status s;
    if (input == NULL || input->a == NULL || input->b == NULL) {
        C2D_ASSERT(input != NULL && input->a != NULL && input->b != NULL);
        return toi_failed(C2D_ERR_NULL_ARG, 0, 0);
    }
    if (!c2d_kind_usable(input->a) || !c2d_kind_usable(input->b)) {
        s = c2d_shape_status(input->a);
        if (s == C2D_OK) s = c2d_shape_status(input->b);
        return toi_failed(s == C2D_OK ? C2D_ERR_DEGENERATE : s, 0, 0);
    }
    s = toi_settings_status(input->motion_a, input->motion_b, input->t_max, input->target);
    if (s != C2D_OK) return toi_failed(s, 0, 0);
    return shape_toi(input->a, input->b, input);
}
