/* The rounded-shape core of the narrow phase: the hit (contact point, normal, minimum push-out)
 * and the contact manifold of any two convex cores, which the pair wrappers of src/manifold.c call.
 *
 * Every pair goes through one core, the rounded polygon ("rshape"): a convex core of 1 to n
 * vertices grown by a radius. A circle is 1 point + r, a capsule 2 points + r, a segment 2 points
 * + 0, a point 1 point + 0, a box 4 points and a polygon n points. A 2-point core is a polygon with
 * two opposite edges p1->p2 and p2->p1, so it has two faces. Both shapes are first moved into a
 * local frame whose origin is a point of B, so that shapes far from the world origin compute like
 * the same shapes near it; results are moved back at the end.
 *
 * The push-out (hit) is the minimum translation of A, found as in the separating axis test (SAT):
 * - The largest separation over the faces of both cores (each face against the other core's
 *   deepest vertex) is the signed distance between the cores when they overlap: then the push-out
 *   is the sum of the radii minus that separation, along that face's normal.
 * - When the largest separation is positive the cores are apart, and the closest points lie on
 *   that face and on the other core's vertex deepest behind it (or an edge next to that vertex), so
 *   two segment-to-segment distances give the exact distance; the push-out is the sum of the radii
 *   minus the distance, along the line between the closest points. When the cores nearly meet,
 *   that line is lost in rounding; the direction is then checked against the push-out it really
 *   needs, and the best face normal is taken instead when it needs less (near_contact).
 * - Two cores of at most 2 points (capsules, segments, circles) can be collinear, where the SAT
 *   above is blind; for them the segment-to-segment distance is computed first.
 *
 * Manifolds use the reference-face-and-clip scheme (the one Box2D uses; written here): the face of largest
 * separation is the reference face (A's face is kept unless B's separates clearly more, so that
 * resting contacts do not flicker between the two), the other core's edge most anti-parallel to it
 * is the incident edge, and the incident edge is clipped to the reference face's extent, giving up
 * to two points placed midway between the two rounded surfaces. Cores that are apart and closest
 * at two vertices give one point along the line between those vertices instead. A point's id packs
 * the vertex of A (bits 8..15) and the vertex of B (bits 0..7) that produced it, so it stays the
 * same while the same features touch, whichever shape gives the reference face.
 *
 *
 * Speed. A polygon's face normals are computed from its vertices when it is loaded (the stored
 * normals are only checked for being finite), so every decision follows the same vertices as the
 * exact predicates. In float builds with SSE the loaders and the separation search work on four
 * vertices at a time (src/simd/manifold_sse.h; scalar loops decide the same pairs otherwise).
 *
 * Touching is not a hit, and hit, manifold and overlap always agree: the floating-point answer is
 * taken only when it clears the touching boundary by SURE_ULPS rounding units of the shapes' size
 * (the verdict RS_UNSURE otherwise); the wrappers settle closer calls with the pair's exact test
 * from overlap.c (for a point, the shape's strict containment test), so shapes that exactly touch
 * give false and count 0. */
#include <float.h>
#include <string.h>
#include "internal.h"
#include "simd/simd.h"
#include "rshape.h"

/* B's face becomes the reference face only when it separates more than A's by this fraction of
 * the shapes' size (a relative form of Box2D's 0.1 * linear slop). */
#define REF_BIAS ((c2d_real)1e-4)

/* ---- small vector helpers ---- */

/* Unit vector along a non-zero v, scaled by its largest component first so that tiny vectors do
 * not underflow when squared. Below about 1 / REAL_MAX (subnormal components) 1 / m overflows, so
 * those divide instead. */
c2d_vec2 c2d_unit_of(c2d_vec2 v) {
    c2d_real m = c2d_maxr(C2D_ABS(v.x), C2D_ABS(v.y)), inv = (c2d_real)1 / m;
    if (!(inv <= REAL_MAX)) return c2d_normalize(c2d_v2(v.x / m, v.y / m));
    return c2d_normalize(c2d_scale(v, inv));
}

/* ---- the rounded polygon ---- */

static inline c2d_vec2 VT(const rshape *s, int i) { return c2d_v2(s->vx[i], s->vy[i]); }
static inline c2d_vec2 NM(const rshape *s, int i) { return c2d_v2(s->nx[i], s->ny[i]); }
static inline void set_v(rshape *s, int i, c2d_vec2 v) {
    s->vx[i] = v.x;
    s->vy[i] = v.y;
}
static inline void set_n(rshape *s, int i, c2d_vec2 n) {
    s->nx[i] = n.x;
    s->ny[i] = n.y;
}
static inline int next_index(const rshape *s, int i) { return i + 1 < s->count ? i + 1 : 0; }
static inline int prev_index(const rshape *s, int i) { return i > 0 ? i - 1 : s->count - 1; }

/* Pads the unused lanes, fills the face offsets, and records the radius and the size. For the
 * point, segment and box cores (the polygon loader fills its lanes itself). */
static void rs_finish(rshape *s, c2d_real radius) {
    c2d_real m = 0;
    int i;
    for (i = 0; i < s->count; ++i) {
        m = c2d_maxr(m, c2d_maxr(C2D_ABS(s->vx[i]), C2D_ABS(s->vy[i])));
        s->off[i] = s->nx[i] * s->vx[i] + s->ny[i] * s->vy[i];
    }
    for (i = s->count; i < RS_N; ++i) {
        s->vx[i] = s->vx[0];
        s->vy[i] = s->vy[0];
        s->nx[i] = 0;
        s->ny[i] = 0;
        s->off[i] = REAL_MAX;
    }
    s->radius = radius;
    s->size = m + radius;
}

void c2d_rs_point(rshape *s, c2d_vec2 p, c2d_real radius, c2d_vec2 o) {
    set_v(s, 0, c2d_sub(p, o));
    set_n(s, 0, c2d_v2(0, 0));
    s->count = 1;
    rs_finish(s, radius);
}

/* A segment core: two opposite faces, or a single point when p1 == p2. */
void c2d_rs_segment(rshape *s, c2d_vec2 p1, c2d_vec2 p2, c2d_real radius, c2d_vec2 o) {
    c2d_vec2 d = c2d_sub(p2, p1), n;
    if (d.x == 0 && d.y == 0) {
        c2d_rs_point(s, p1, radius, o);
        return;
    }
    n = c2d_right_perp(c2d_unit_of(d));
    set_v(s, 0, c2d_sub(p1, o));
    set_v(s, 1, c2d_sub(p2, o));
    set_n(s, 0, n);
    set_n(s, 1, c2d_neg(n));
    s->count = 2;
    rs_finish(s, radius);
}

/* Box corners counter-clockwise from the lower corner (the order of c2d_polygon_from_aabb). */
void c2d_rs_aabb(rshape *s, c2d_aabb b, c2d_vec2 o) {
    set_v(s, 0, c2d_sub(b.lower, o));
    set_v(s, 1, c2d_sub(c2d_v2(b.upper.x, b.lower.y), o));
    set_v(s, 2, c2d_sub(b.upper, o));
    set_v(s, 3, c2d_sub(c2d_v2(b.lower.x, b.upper.y), o));
    set_n(s, 0, c2d_v2(0, -1));
    set_n(s, 1, c2d_v2(1, 0));
    set_n(s, 2, c2d_v2(0, 1));
    set_n(s, 3, c2d_v2(-1, 0));
    s->count = 4;
    rs_finish(s, 0);
}

/* The outward unit normal of edge i of p when its vector in the local frame is too short to
 * normalise directly (its squared length not a normal number): from the polygon's own edge when
 * that is not zero (tiny, or two vertices rounded together by the move into the local frame), by
 * c2d_normalize, which scales tiny vectors first. A zero edge (a repeated vertex) has no direction:
 * it takes the stored normal (normalised) when that is a unit vector within 1%, else the normal of
 * the next edge that is not zero (a hand-made polygon may hold anything finite there; the face
 * then repeats a neighbour's axis, which changes no separation test). (0, 0) only when every edge is zero, a
 * polygon of no area that is refused anyway. */
c2d_vec2 c2d_short_edge_normal(const c2d_polygon *p, int i) {
    const int n = p->count;
    c2d_vec2 m = p->normals[i];
    c2d_real mm = c2d_dot(m, m);
    int k;
    for (k = 0; k < n; ++k) { /* edge i itself first, then the ones after it */
        int j = i + k < n ? i + k : i + k - n;
        c2d_vec2 e = c2d_sub(p->vertices[j + 1 < n ? j + 1 : 0], p->vertices[j]);
        if (e.x != 0 || e.y != 0) {
            if (k == 0 || !(mm > (c2d_real)0.98 && mm < (c2d_real)1.02)) return c2d_normalize(c2d_right_perp(e));
            return c2d_normalize(m);
        }
    }
    return c2d_v2(0, 0);
}

/* Loading a polygon checks it on the way, in the same pass: every vertex coordinate finite and
 * within C2D_MAX_COORD, every stored normal finite, and a positive signed area (this rejects
 * clockwise, collinear and collapsed polygons, but tolerates the slightly reflex corners that
 * rounding leaves in a polygon moved far from the origin). False for a bad polygon. The face
 * normals are computed from the vertices in the local frame, not taken from the polygon: a
 * polygon moved by c2d_polygon_transform far from the origin has its vertices rounded but its
 * normals only rotated, and decisions must follow the same vertices as the exact predicates of
 * overlap.c. An edge too short to normalise takes c2d_short_edge_normal. The scalar loops below are
 * the reference; with SSE (float builds) the same values are computed four vertices at a time,
 * and a polygon with such a short edge takes the scalar loop. */
SCALAR_LOADER bool c2d_ref_rs_polygon(rshape *s, const c2d_polygon *p, c2d_vec2 o) {
    const c2d_real lim = (c2d_real)C2D_MAX_COORD;
    c2d_real area = 0, mag = 0, size = 0;
    int i, n = p->count, ok = 1;
    for (i = 0; i < n; ++i) {
        c2d_vec2 v = p->vertices[i], m = p->normals[i];
        ok &= (C2D_ABS(v.x) <= lim) & (C2D_ABS(v.y) <= lim) & (C2D_ABS(m.x) <= REAL_MAX) & (C2D_ABS(m.y) <= REAL_MAX);
        s->vx[i] = v.x - o.x;
        s->vy[i] = v.y - o.y;
    }
    if (!ok) return false;
    for (i = 0; i < n; ++i) {
        int i1 = i + 1 < n ? i + 1 : 0;
        c2d_real ex = s->vx[i1] - s->vx[i], ey = s->vy[i1] - s->vy[i], ee = ex * ex + ey * ey;
        c2d_real nx, ny;
        if (ee > REAL_MIN) {
            c2d_real len = C2D_SQRT(ee);
            nx = ey / len;
            ny = -ex / len;
        } else {
            c2d_vec2 u = c2d_short_edge_normal(p, i);
            nx = u.x;
            ny = u.y;
            ok &= (nx != 0) | (ny != 0);
        }
        s->nx[i] = nx;
        s->ny[i] = ny;
        s->off[i] = nx * s->vx[i] + ny * s->vy[i];
        area += (s->vx[i] - s->vx[0]) * ey - (s->vy[i] - s->vy[0]) * ex;
        mag += C2D_ABS((s->vx[i] - s->vx[0]) * ey) + C2D_ABS((s->vy[i] - s->vy[0]) * ex);
        size = c2d_maxr(size, c2d_maxr(C2D_ABS(s->vx[i]), C2D_ABS(s->vy[i])));
    }
    for (; i < RS_N; ++i) {
        s->vx[i] = s->vx[0];
        s->vy[i] = s->vy[0];
        s->nx[i] = 0;
        s->ny[i] = 0;
        s->off[i] = REAL_MAX;
    }
    s->count = n;
    s->radius = 0;
    s->size = size;
    return ok && (area_sure(area, mag) || c2d_polygon_usable(p));
}

/* Largest separation of b's core from a's faces (SAT): for each face of a, the signed distance of
 * b's deepest vertex from the face line, min_j n_i . w_j - off_i; the largest over the faces, and
 * that face (the first on ties). A one-point core has no face: -REAL_MAX. The inner loop runs over
 * the faces so that it vectorises. */
c2d_real c2d_ref_rs_separation(const rshape *a, const rshape *b, int *face) {
    c2d_real m[RS_N], best = -REAL_MAX;
    int i, j, f = 0;
    *face = 0;
    if (a->count < 2) return best;
    for (i = 0; i < RS_N; ++i) m[i] = REAL_MAX;
    for (j = 0; j < b->count; ++j) {
        for (i = 0; i < RS_N; ++i) m[i] = c2d_minr(m[i], a->nx[i] * b->vx[j] + a->ny[i] * b->vy[j]);
    }
    for (i = 0; i < a->count; ++i) {
        c2d_real s = m[i] - a->off[i];
        f = s > best ? i : f;
        best = c2d_maxr(best, s);
    }
    *face = f;
    return best;
}

/* c2d_ref_rs_separation for a core of at most two points (a segment's two faces, or none): the
 * same operations in the same order, without the loop over a whole block of lanes, so the same
 * bits. Capsules and segments take it. */
static inline c2d_real rs_separation_small(const rshape *a, const rshape *b, int *face) {
    c2d_real m0 = REAL_MAX, m1 = REAL_MAX, s0, s1;
    int j;
    *face = 0;
    if (a->count < 2) return -REAL_MAX;
    for (j = 0; j < b->count; ++j) {
        m0 = c2d_minr(m0, a->nx[0] * b->vx[j] + a->ny[0] * b->vy[j]);
        m1 = c2d_minr(m1, a->nx[1] * b->vx[j] + a->ny[1] * b->vy[j]);
    }
    s0 = m0 - a->off[0];
    s1 = m1 - a->off[1];
    *face = s1 > s0 ? 1 : 0;
    return c2d_maxr(s0, s1);
}

static inline c2d_real rs_separation(const rshape *a, const rshape *b, int *face) {
    if (a->count <= 2) return rs_separation_small(a, b, face);
#ifdef POLY_SSE
    return c2d_sse_rs_separation(a, b, face);
#else
    return c2d_ref_rs_separation(a, b, face);
#endif
}

/* Index of the vertex of s deepest along -n (smallest dot(n, v)); the first one on ties. */
static int rs_deepest(const rshape *s, c2d_vec2 n) {
    int i, best = 0;
    c2d_real m = c2d_dot(n, VT(s, 0));
    for (i = 1; i < s->count; ++i) {
        c2d_real d = c2d_dot(n, VT(s, i));
        if (d < m) {
            m = d;
            best = i;
        }
    }
    return best;
}

/* True when the bounding boxes of two polygons' vertices do not overlap (touching counts as
 * apart): then the polygons cannot overlap either, and the pair is settled before any polygon is
 * loaded or checked (a NaN makes every comparison fail, so bad input still goes the full way and
 * is rejected there; an answer of "apart" is never wrong for any input). Compares world
 * coordinates only, so it is exact. With SSE, two vertices per load. */
bool c2d_ref_polygon_boxes_apart(const c2d_polygon *a, const c2d_polygon *b) {
    c2d_aabb box[2];
    int k, i;
    for (k = 0; k < 2; ++k) {
        const c2d_polygon *p = k ? b : a;
        box[k].lower = box[k].upper = p->vertices[0];
        for (i = 1; i < p->count; ++i) {
            box[k].lower = c2d_vmin(box[k].lower, p->vertices[i]);
            box[k].upper = c2d_vmax(box[k].upper, p->vertices[i]);
        }
    }
    return box[0].upper.x <= box[1].lower.x || box[1].upper.x <= box[0].lower.x || box[0].upper.y <= box[1].lower.y ||
           box[1].upper.y <= box[0].lower.y;
}

/* ---- closest points of segments ---- */

typedef struct closest {
    c2d_vec2 p, q;   /* on the first and on the second segment */
    c2d_real fp, fq; /* their fractions along each segment, exactly 0 or 1 at an end */
    c2d_real dist_sq;
} closest;

/* Point of the closed segment a-b nearest to x, and its fraction (ends returned exactly). */
c2d_vec2 c2d_nearest_on_segment(c2d_vec2 x, c2d_vec2 a, c2d_vec2 b, c2d_real *t) {
    c2d_vec2 d = c2d_sub(b, a);
    c2d_real tt = c2d_dot(c2d_sub(x, a), d), dd = c2d_dot(d, d);
    if (tt <= 0) {
        *t = 0;
        return a;
    }
    if (tt >= dd) {
        *t = 1;
        return b;
    }
    *t = tt / dd;
    return c2d_mul_add(a, *t, d);
}

static inline bool opposite(c2d_real x, c2d_real y) { return (x > 0 && y < 0) || (x < 0 && y > 0); }

/* Closest points of the closed segments a1-a2 and b1-b2 (zero length allowed). Segments whose
 * endpoints lie strictly on both sides of each other's line cross: the crossing point, found from
 * ratios of signed areas of opposite sign (no near-zero determinant), at distance 0. Otherwise the
 * closest pair in 2D includes an endpoint, and the best of the four endpoint-to-segment candidates
 * is exact; this covers touching, parallel and collinear segments without special cases. On ties
 * the earlier candidate wins (an end of the first segment). */
static closest segments_closest(c2d_vec2 a1, c2d_vec2 a2, c2d_vec2 b1, c2d_vec2 b2) {
    c2d_vec2 da = c2d_sub(a2, a1), db = c2d_sub(b2, b1);
    c2d_real o1 = c2d_cross(da, c2d_sub(b1, a1)), o2 = c2d_cross(da, c2d_sub(b2, a1));
    c2d_real o3 = c2d_cross(db, c2d_sub(a1, b1)), o4 = c2d_cross(db, c2d_sub(a2, b1));
    closest r, c;
    c2d_real t;
    if (opposite(o1, o2) && opposite(o3, o4)) {
        r.fp = o3 / (o3 - o4);
        r.fq = o1 / (o1 - o2);
        r.p = r.q = c2d_mul_add(a1, r.fp, da);
        r.dist_sq = 0;
        return r;
    }
    r.p = a1;
    r.fp = 0;
    r.q = c2d_nearest_on_segment(a1, b1, b2, &r.fq);
    r.dist_sq = c2d_dist_sq(r.p, r.q);
    c.p = a2;
    c.fp = 1;
    c.q = c2d_nearest_on_segment(a2, b1, b2, &c.fq);
    c.dist_sq = c2d_dist_sq(c.p, c.q);
    if (c.dist_sq < r.dist_sq) r = c;
    c.q = b1;
    c.fq = 0;
    c.p = c2d_nearest_on_segment(b1, a1, a2, &t);
    c.fp = t;
    c.dist_sq = c2d_dist_sq(c.p, c.q);
    if (c.dist_sq < r.dist_sq) r = c;
    c.q = b2;
    c.fq = 1;
    c.p = c2d_nearest_on_segment(b2, a1, a2, &t);
    c.fp = t;
    c.dist_sq = c2d_dist_sq(c.p, c.q);
    if (c.dist_sq < r.dist_sq) r = c;
    return r;
}

/* Closest features when face `face` of core f separates best and the cores are apart: the face's
 * edge against the other core g (its segment or point, or for a polygon the two edges at its
 * vertex deepest behind the face, one of which holds g's nearest point). For a convex f the
 * nearest point of f lies on the face that separates best; the two neighbouring faces are tried
 * as well, so that rounding between nearly parallel faces (or the slightly reflex corners of a
 * polygon rounded far from the origin) cannot pick an edge that is not the nearest. f0/f1 are the
 * chosen face's vertex indices, g0/g1 those of g's edge. */
typedef struct features {
    closest c;
    int f0, f1, g0, g1;
} features;

static void try_edges(const rshape *f, int face, const rshape *g, features *best) {
    int f0 = face, f1 = next_index(f, face), e;
    int g0[2], g1[2], ng;
    if (g->count <= 2) {
        g0[0] = 0;
        g1[0] = g->count - 1;
        ng = 1;
    } else {
        int k = rs_deepest(g, NM(f, face));
        g0[0] = prev_index(g, k);
        g1[0] = k;
        g0[1] = k;
        g1[1] = next_index(g, k);
        ng = 2;
    }
    for (e = 0; e < ng; ++e) {
        closest c;
        if (g->count == 1) {
            /* a point: only its projection on the edge */
            c.q = VT(g, 0);
            c.fq = 0;
            c.p = c2d_nearest_on_segment(c.q, VT(f, f0), VT(f, f1), &c.fp);
            c.dist_sq = c2d_dist_sq(c.p, c.q);
        } else {
            c = segments_closest(VT(f, f0), VT(f, f1), VT(g, g0[e]), VT(g, g1[e]));
        }
        if (c.dist_sq < best->c.dist_sq) {
            best->c = c;
            best->f0 = f0;
            best->f1 = f1;
            best->g0 = g0[e];
            best->g1 = g1[e];
        }
    }
}

static features face_features(const rshape *f, int face, const rshape *g) {
    features r;
    r.c.dist_sq = REAL_MAX;
    r.f0 = r.f1 = r.g0 = r.g1 = 0;
    try_edges(f, face, g, &r);
    if (f->count > 2) {
        try_edges(f, prev_index(f, face), g, &r);
        try_edges(f, next_index(f, face), g, &r);
    }
    return r;
}

/* ---- the push-out ---- */

static inline c2d_real pair_scale(const rshape *a, const rshape *b) { return a->size + b->size; }

/* Cores apart at closest points pa (on A) and pb (on B), squared distance d2 > 0. */
static void apart_contact(const rshape *a, const rshape *b, c2d_vec2 pa, c2d_vec2 pb, c2d_real d2, contact *out) {
    out->normal = c2d_unit_of(c2d_sub(pa, pb));
    out->depth = positive_depth(a->radius + b->radius - C2D_SQRT(d2), pair_scale(a, b));
    out->pos = c2d_mul_add(pb, b->radius, out->normal);
}

static inline c2d_real sure_tol(const rshape *a, const rshape *b) { return SURE_ULPS * C2D_EPSILON * pair_scale(a, b); }

/* How far A must move along the unit direction u for the shapes to be apart along that axis:
 * B's extent along u minus A's, plus the radii (the support functions of the cores, so it is an
 * upper bound on the push-out along u that no rounding of closest points can spoil). */
static c2d_real rs_push_along(const rshape *a, const rshape *b, c2d_vec2 u) {
    c2d_real hi = -REAL_MAX, lo = REAL_MAX;
    int i;
    for (i = 0; i < b->count; ++i) hi = c2d_maxr(hi, c2d_dot(u, VT(b, i)));
    for (i = 0; i < a->count; ++i) lo = c2d_minr(lo, c2d_dot(u, VT(a, i)));
    return hi - lo + a->radius + b->radius;
}

static void axis_contact(const rshape *a, const rshape *b, bool owner_b, int face, c2d_real sep, contact *out);

/* Cores apart at closest points pa (on A) and pb (on B), squared distance d2 > 0, as in
 * apart_contact; sep_a / sep_b (faces face_a / face_b) are the largest face separations of the
 * cores (-REAL_MAX for a one-point core), or NULL when not yet computed.
 *
 * The minimum push-out is the sum of the radii minus the distance, along pa - pb. But when the
 * cores nearly meet (a corner of one on the other's edge, a core's end next to the other core),
 * pa and pb agree to within rounding of the shapes' size and their difference points anywhere: a
 * push-out of the right length in that direction leaves the shapes overlapping, and pos is off
 * B's surface. So the direction is checked: the push-out it really needs (rs_push_along, from the
 * vertices) must be the distance-based one to within the rounding tolerance. When it is not, the
 * minimum over the candidate directions is taken instead, each with the push-out it really needs:
 * the best face normal of either core (the normal of the edge the nearest point lies on, in
 * exact arithmetic; a SAT axis, so moving along it by r - sep separates) and the direction pa - pb
 * with its checked length. Exactly, the distance-based push-out is the minimum over all
 * directions (the distance to a convex set grows at most as fast as the point moves), and the face
 * normals then need at most the distance more, which is tiny in the cases that come here. */
static void near_contact(const rshape *a, const rshape *b, c2d_vec2 pa, c2d_vec2 pb, c2d_real d2, const c2d_real *sep_a,
                         int face_a, const c2d_real *sep_b, int face_b, contact *out) {
    c2d_real r = a->radius + b->radius, tol = sure_tol(a, b), sa, sb, need, sep;
    int fa = face_a, fb = face_b;
    bool owner_b;
    apart_contact(a, b, pa, pb, d2, out);
    need = rs_push_along(a, b, out->normal);
    if (need <= r - C2D_SQRT(d2) + tol) return; /* the direction is sound */
    sa = sep_a ? *sep_a : rs_separation(a, b, &fa);
    sb = sep_b ? *sep_b : rs_separation(b, a, &fb);
    owner_b = sb >= sa;
    sep = owner_b ? sb : sa;
    if (sep > -REAL_MAX && r - sep < need) {
        axis_contact(a, b, owner_b, owner_b ? fb : fa, sep, out);
        return;
    }
    out->depth = positive_depth(need, pair_scale(a, b));
}

/* Cores overlapping (or touching) with face `face` of the owner separating best at sep <= 0. The
 * push-out runs along that face's normal; pos is where the other core's deepest vertex lands on
 * the face, clamped to the face's edge (which matters only when two faces are parallel). Also
 * used for cores that nearly meet at sep > 0 (near_contact). */
static void axis_contact(const rshape *a, const rshape *b, bool owner_b, int face, c2d_real sep, contact *out) {
    const rshape *f = owner_b ? b : a, *g = owner_b ? a : b;
    c2d_vec2 n = NM(f, face);
    c2d_real t, depth = positive_depth(a->radius + b->radius - sep, pair_scale(a, b));
    c2d_vec2 foot = c2d_nearest_on_segment(VT(g, rs_deepest(g, n)), VT(f, face), VT(f, next_index(f, face)), &t);
    out->depth = depth;
    if (owner_b) {
        out->normal = n;
        out->pos = c2d_mul_add(foot, b->radius, n);
    } else {
        out->normal = c2d_neg(n);
        out->pos = c2d_mul_add(foot, a->radius - depth, n);
    }
}

/* The minimum push-out of A out of B (see the top of the file). RS_NO (nothing written) when the
 * shapes are clearly apart; otherwise the contact is written, and RS_UNSURE means that they are
 * within rounding of touching and the caller must ask the exact predicate. Ties between faces go
 * to B's face, so that pos follows B's surface. */
verdict c2d_rs_contact(const rshape *a, const rshape *b, contact *out) {
    c2d_real r = a->radius + b->radius, tol = sure_tol(a, b), sep_a, sep_b, sep;
    int face_a, face_b;
    bool owner_b;
    verdict v;
    if (a->count <= 2 && b->count <= 2) {
        closest c = segments_closest(VT(a, 0), VT(a, a->count - 1), VT(b, 0), VT(b, b->count - 1));
        if (c.dist_sq > 0) {
            v = judge(C2D_SQRT(c.dist_sq) - r, tol);
            if (v != RS_NO) near_contact(a, b, c.p, c.q, c.dist_sq, NULL, 0, NULL, 0, out);
            return v;
        }
        v = judge(-r, tol);
        if (v == RS_NO) return v;
        if (a->count == 1 && b->count == 1) {
            out->normal = c2d_v2(1, 0);
            out->depth = positive_depth(r, pair_scale(a, b));
            out->pos = c2d_v2(VT(b, 0).x + b->radius, VT(b, 0).y);
            return v;
        }
        sep_a = rs_separation(a, b, &face_a);
        sep_b = rs_separation(b, a, &face_b);
        owner_b = sep_b >= sep_a;
        sep = c2d_minr(owner_b ? sep_b : sep_a, 0);
        axis_contact(a, b, owner_b, owner_b ? face_b : face_a, sep, out);
        return v;
    }
    sep_a = rs_separation(a, b, &face_a);
    if (judge(sep_a - r, tol) == RS_NO) return RS_NO;
    sep_b = rs_separation(b, a, &face_b);
    if (judge(sep_b - r, tol) == RS_NO) return RS_NO;
    owner_b = sep_b >= sep_a;
    sep = owner_b ? sep_b : sep_a;
    if (sep > 0) {
        features ft = owner_b ? face_features(b, face_b, a) : face_features(a, face_a, b);
        if (ft.c.dist_sq > 0) {
            v = judge(C2D_SQRT(ft.c.dist_sq) - r, tol);
            if (v != RS_NO)
                near_contact(a, b, owner_b ? ft.c.q : ft.c.p, owner_b ? ft.c.p : ft.c.q, ft.c.dist_sq, &sep_a, face_a, &sep_b,
                             face_b, out);
            return v;
        }
        sep = 0; /* rounding: the cores touch */
    }
    v = judge(sep - r, tol);
    if (v != RS_NO) axis_contact(a, b, owner_b, owner_b ? face_b : face_a, sep, out);
    return v;
}

/* ---- manifolds ---- */

static void add_point(c2d_manifold *m, c2d_vec2 p, c2d_real depth, uint32_t id) {
    c2d_manifold_point *mp = &m->points[m->count++];
    mp->point = p;
    mp->depth = depth;
    mp->id = id;
}

/* One point midway between the surfaces of a contact. */
static void add_contact_point(c2d_manifold *m, const contact *c, c2d_vec2 o, uint32_t id) {
    m->normal = c->normal;
    add_point(m, c2d_add(o, c2d_mul_add(c->pos, (c2d_real)-0.5 * c->depth, c->normal)), c->depth, id);
}

/* Clips the incident edge i21 of inc to the side planes of the reference face i11 of ref and keeps
 * the clipped ends that lie closer to the face than the sum of the radii. Along the face's tangent
 * the face spans [0, L]; the incident edge runs the other way (counter-clockwise winding), so its
 * second vertex is clipped at 0 ("lower") and its first at L ("upper"). Each kept point sits
 * midway between the two rounded surfaces. o moves points back to the world frame. */
static void clip_edges(const rshape *ref, int i11, const rshape *inc, int i21, bool flip, c2d_vec2 o, c2d_manifold *m) {
    int i12 = next_index(ref, i11), i22 = next_index(inc, i21), k;
    c2d_vec2 v11 = VT(ref, i11), v21 = VT(inc, i21), v22 = VT(inc, i22);
    c2d_vec2 n = NM(ref, i11), t = c2d_left_perp(n);
    c2d_real r = ref->radius + inc->radius;
    c2d_real len = c2d_dot(c2d_sub(VT(ref, i12), v11), t);
    c2d_real u21 = c2d_dot(c2d_sub(v21, v11), t), u22 = c2d_dot(c2d_sub(v22, v11), t), du = u21 - u22;
    c2d_vec2 pts[2];
    int ref_idx[2], inc_idx[2];
    pts[0] = v22;
    pts[1] = v21;
    if (du > 0 && u22 < 0) pts[0] = c2d_lerp(v22, v21, c2d_minr(-u22 / du, 1));
    if (du > 0 && u21 > len) pts[1] = c2d_lerp(v22, v21, c2d_maxr((len - u22) / du, 0));
    ref_idx[0] = i11;
    inc_idx[0] = i22;
    ref_idx[1] = i12;
    inc_idx[1] = i21;
    for (k = 0; k < 2; ++k) {
        c2d_real s = c2d_dot(c2d_sub(pts[k], v11), n), depth = r - s;
        if (depth > 0) {
            c2d_vec2 p = c2d_mul_add(pts[k], (c2d_real)0.5 * (ref->radius - inc->radius - s), n);
            add_point(m, c2d_add(o, p), depth,
                      flip ? MAKE_ID(inc_idx[k], ref_idx[k]) : MAKE_ID(ref_idx[k], inc_idx[k]));
        }
    }
}

/* The contact manifold of a against b (local frame, origin o), with the verdict of c2d_rs_contact:
 * RS_NO leaves m empty; otherwise m is filled, and RS_UNSURE asks the caller for the exact
 * predicate. See the top of the file. */
verdict c2d_rs_manifold(const rshape *a, const rshape *b, c2d_vec2 o, c2d_manifold *m) {
    c2d_real r = a->radius + b->radius, tol = sure_tol(a, b), sep_a, sep_b, bias;
    int face_a, face_b, i11, i21, j;
    bool apart, flip;
    features ft;
    const rshape *ref, *inc;
    c2d_vec2 n;
    contact c;
    verdict v;
    memset(m, 0, sizeof *m);

    if (a->count == 1 || b->count == 1) {
        v = c2d_rs_contact(a, b, &c);
        if (v != RS_NO) add_contact_point(m, &c, o, 0);
        return v;
    }

    sep_a = rs_separation(a, b, &face_a);
    if (judge(sep_a - r, tol) == RS_NO) return RS_NO;
    sep_b = rs_separation(b, a, &face_b);
    if (judge(sep_b - r, tol) == RS_NO) return RS_NO;

    /* Are the cores apart? Then the exact distance decides, and closest features that are two
     * vertices give a single point. */
    if (a->count == 2 && b->count == 2) {
        ft.c = segments_closest(VT(a, 0), VT(a, 1), VT(b, 0), VT(b, 1));
        ft.f0 = 0;
        ft.f1 = 1;
        ft.g0 = 0;
        ft.g1 = 1;
        apart = ft.c.dist_sq > 0;
    } else if (sep_b >= sep_a) {
        apart = sep_b > 0;
        if (apart) {
            /* Seen from B's face: swap so that p and f* refer to A. */
            features fb = face_features(b, face_b, a);
            ft.c.p = fb.c.q;
            ft.c.q = fb.c.p;
            ft.c.fp = fb.c.fq;
            ft.c.fq = fb.c.fp;
            ft.c.dist_sq = fb.c.dist_sq;
            ft.f0 = fb.g0;
            ft.f1 = fb.g1;
            ft.g0 = fb.f0;
            ft.g1 = fb.f1;
            apart = ft.c.dist_sq > 0;
        }
    } else {
        apart = sep_a > 0;
        if (apart) {
            ft = face_features(a, face_a, b);
            apart = ft.c.dist_sq > 0;
        }
    }
    if (apart) {
        v = judge(C2D_SQRT(ft.c.dist_sq) - r, tol);
        if (v == RS_NO) return v;
        if ((ft.c.fp == 0 || ft.c.fp == 1) && (ft.c.fq == 0 || ft.c.fq == 1)) {
            apart_contact(a, b, ft.c.p, ft.c.q, ft.c.dist_sq, &c);
            add_contact_point(m, &c, o, MAKE_ID(ft.c.fp == 0 ? ft.f0 : ft.f1, ft.c.fq == 0 ? ft.g0 : ft.g1));
            return v;
        }
    } else {
        v = judge(c2d_maxr(sep_a, sep_b) - r, tol);
        if (v == RS_NO) return v;
    }

    /* Reference face (A's unless B's separates clearly more) and incident edge. */
    bias = REF_BIAS * c2d_maxr(a->size, b->size);
    flip = sep_b > sep_a + bias;
    ref = flip ? b : a;
    inc = flip ? a : b;
    i11 = flip ? face_b : face_a;
    n = NM(ref, i11);
    i21 = 0;
    {
        c2d_real best = REAL_MAX;
        for (j = 0; j < inc->count; ++j) {
            c2d_real d = c2d_dot(NM(inc, j), n);
            if (d < best) {
                best = d;
                i21 = j;
            }
        }
    }
    m->normal = flip ? n : c2d_neg(n);
    clip_edges(ref, i11, inc, i21, flip, o, m);
    if (m->count == 0) {
        /* Both clipped ends fell outside the radius (near a corner, or shapes that only just
         * overlap): keep the incident core's deepest vertex. */
        int k = rs_deepest(inc, n);
        c2d_vec2 w = VT(inc, k);
        c2d_real s = c2d_dot(c2d_sub(w, VT(ref, i11)), n);
        c2d_vec2 p = c2d_mul_add(w, (c2d_real)0.5 * (ref->radius - inc->radius - s), n);
        add_point(m, c2d_add(o, p), positive_depth(r - s, pair_scale(a, b)), flip ? MAKE_ID(k, i11) : MAKE_ID(i11, k));
    }
    return v;
}

/* ---- manifolds of shapes placed by transforms ---- */

/* p mapped by xf into *out, with the formulas of c2d_polygon_transform (the same values), written
 * in place rather than returned; p->count is already checked. */
void c2d_place_polygon(c2d_polygon *out, const c2d_polygon *p, c2d_transform xf) {
    int i, n = p->count;
    for (i = 0; i < C2D_MAX_POLYGON_VERTICES; ++i) {
        c2d_vec2 v = i < n ? p->vertices[i] : c2d_v2(0, 0), m = i < n ? p->normals[i] : c2d_v2(0, 0);
        out->vertices[i] = i < n ? c2d_transform_point(xf, v) : v;
        out->normals[i] = c2d_rotate(xf.q, m);
    }
    out->centroid = c2d_transform_point(xf, p->centroid);
    out->count = n;
}

/* a placed by rel and b loaded relative to o (into ra and rb): false when their boxes are apart
 * or either polygon is bad. The reference of c2d_sse_load_placed. */
bool c2d_ref_load_placed(rshape *ra, rshape *rb, const c2d_polygon *a, c2d_transform rel, const c2d_polygon *b, c2d_vec2 o) {
    c2d_polygon la;
    c2d_place_polygon(&la, a, rel);
    if (c2d_ref_polygon_boxes_apart(&la, b)) return false;
    return c2d_ref_rs_polygon(rb, b, o) && c2d_ref_rs_polygon(ra, &la, o);
}
