/* Hits (contact point, normal, minimum push-out) and contact manifolds for every convex pair.
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
 *   minus the distance, along the line between the closest points.
 * - Two cores of at most 2 points (capsules, segments, circles) can be collinear, where the SAT
 *   above is blind; for them the segment-to-segment distance is computed first.
 *
 * Manifolds follow the reference-face-and-clip scheme of Box2D (Erin Catto): the face of largest
 * separation is the reference face (A's face is kept unless B's separates clearly more, so that
 * resting contacts do not flicker between the two), the other core's edge most anti-parallel to it
 * is the incident edge, and the incident edge is clipped to the reference face's extent, giving up
 * to two points placed midway between the two rounded surfaces. Cores that are apart and closest
 * at two vertices give one point along the line between those vertices instead. A point's id packs
 * the vertex of A (bits 8..15) and the vertex of B (bits 0..7) that produced it, so it stays the
 * same while the same features touch, whichever shape gives the reference face.
 *
 * Circle (and point) against polygon has a lighter path of its own (disk_polygon), Box2D's
 * face-of-greatest-separation and Voronoi-region scheme.
 *
 * Touching is not a hit, and hit, manifold and overlap always agree: the floating-point answer is
 * taken only when it clears the touching boundary by SURE_ULPS rounding units of the shapes' size;
 * closer calls are settled by the pair's exact test from overlap.c (for a point, the shape's strict
 * containment test), so shapes that exactly touch give false and count 0. Inputs are checked
 * first; bad input gives false / count 0 and writes nothing. */
#include <float.h>
#include <string.h>
#include "internal.h"
#if !defined(C2D_DOUBLE) && (defined(__SSE2__) || defined(_M_X64))
#define C2D_NARROW_SSE 1
#include <emmintrin.h>
#endif

#ifdef C2D_DOUBLE
#define REAL_MAX DBL_MAX
#define REAL_MIN DBL_MIN
#else
#define REAL_MAX FLT_MAX
#define REAL_MIN FLT_MIN
#endif

/* Room for a box even if C2D_MAX_POLYGON_VERTICES is set to 3, rounded up to whole blocks of 4
 * lanes: the unused lanes repeat vertex 0, so that loops over whole blocks need no remainder and
 * min/max over them are unchanged. */
#define RS_MAX (C2D_MAX_POLYGON_VERTICES > 4 ? C2D_MAX_POLYGON_VERTICES : 4)
#define RS_N (((RS_MAX) + 3) / 4 * 4)

/* A decision is sure when it clears the touching boundary by this many rounding units of the
 * shapes' size; closer calls are settled by the exact predicates of overlap.c. */
#define SURE_ULPS ((c2d_real)256)

/* B's face becomes the reference face only when it separates more than A's by this fraction of
 * the shapes' size (a relative form of Box2D's 0.1 * linear slop). */
#define REF_BIAS ((c2d_real)1e-4)

#define MAKE_ID(ia, ib) (((uint32_t)(ia) << 8) | (uint32_t)(ib))

/* ---- input checks (the same rules as overlap.c) ---- */

static inline bool point_ok(c2d_vec2 p) { return c2d_vec2_in_range(p); }
static inline bool size_ok(c2d_real r) { return r > 0 && r <= (c2d_real)C2D_MAX_COORD; }
static inline bool segment_ok(c2d_segment s) { return point_ok(s.p1) && point_ok(s.p2); }
static inline bool aabb_ok(c2d_aabb b) {
    return point_ok(b.lower) && point_ok(b.upper) && b.lower.x < b.upper.x && b.lower.y < b.upper.y;
}
static inline bool circle_ok(c2d_circle c) { return point_ok(c.center) && size_ok(c.radius); }
static inline bool capsule_ok(c2d_capsule c) { return point_ok(c.p1) && point_ok(c.p2) && size_ok(c.radius); }

/* A polygon pointer that can be read: not NULL (a programmer error, asserted) and a count that
 * fits. Its values are checked while it is loaded (rs_polygon). */
static bool polygon_present(const c2d_polygon *p) {
    C2D_ASSERT(p != NULL);
    return p != NULL && p->count >= 3 && p->count <= C2D_MAX_POLYGON_VERTICES;
}

/* ---- small vector helpers ---- */

/* Unit vector along a non-zero v, scaled by its largest component first so that tiny vectors do
 * not underflow when squared. */
static c2d_vec2 unit_of(c2d_vec2 v) {
    c2d_real m = c2d_maxr(C2D_ABS(v.x), C2D_ABS(v.y));
    return c2d_normalize(c2d_scale(v, (c2d_real)1 / m));
}

/* A depth kept strictly positive. When the shapes only just overlap (as settled by the exact
 * predicates of overlap.c), the rounded depth can come out zero or slightly negative, and is
 * replaced by a rounding-sized one (scale is the shapes' size). */
static c2d_real positive_depth(c2d_real depth, c2d_real scale) {
    c2d_real tiny = C2D_EPSILON * scale;
    if (!(tiny > 0)) tiny = REAL_MIN;
    return depth > tiny ? depth : tiny;
}

/* ---- the rounded polygon ---- */

typedef struct rshape {
    /* core vertices, counter-clockwise, local frame, as separate x and y lanes (so that loops over
     * them vectorise); lanes >= count repeat vertex 0 */
    c2d_real vx[RS_N], vy[RS_N];
    /* outward unit normal of the edge from vertex i to vertex i+1 (count >= 2) */
    c2d_real nx[RS_N], ny[RS_N];
    int count;           /* 1, 2, or 3..RS_MAX */
    c2d_real radius;     /* >= 0 */
    c2d_real size;       /* largest |coordinate| of the core in the local frame, plus the radius */
} rshape;

static inline c2d_vec2 VT(const rshape *s, int i) { return c2d_v2(s->vx[i], s->vy[i]); }
static inline c2d_vec2 NM(const rshape *s, int i) { return c2d_v2(s->nx[i], s->ny[i]); }
static inline void set_v(rshape *s, int i, c2d_vec2 v) { s->vx[i] = v.x; s->vy[i] = v.y; }
static inline void set_n(rshape *s, int i, c2d_vec2 n) { s->nx[i] = n.x; s->ny[i] = n.y; }
static inline int next_index(const rshape *s, int i) { return i + 1 < s->count ? i + 1 : 0; }
static inline int prev_index(const rshape *s, int i) { return i > 0 ? i - 1 : s->count - 1; }

/* Pads the unused lanes and records the radius and the size. */
static void rs_finish(rshape *s, c2d_real radius) {
    c2d_real m = 0;
    int i;
    for (i = 0; i < s->count; ++i) m = c2d_maxr(m, c2d_maxr(C2D_ABS(s->vx[i]), C2D_ABS(s->vy[i])));
    for (i = s->count; i < RS_N; ++i) {
        s->vx[i] = s->vx[0];
        s->vy[i] = s->vy[0];
        s->nx[i] = s->nx[0];
        s->ny[i] = s->ny[0];
    }
    s->radius = radius;
    s->size = m + radius;
}

static void rs_point(rshape *s, c2d_vec2 p, c2d_real radius, c2d_vec2 o) {
    set_v(s, 0, c2d_sub(p, o));
    set_n(s, 0, c2d_v2(0, 0));
    s->count = 1;
    rs_finish(s, radius);
}

/* A segment core: two opposite faces, or a single point when p1 == p2. */
static void rs_segment(rshape *s, c2d_vec2 p1, c2d_vec2 p2, c2d_real radius, c2d_vec2 o) {
    c2d_vec2 d = c2d_sub(p2, p1), n;
    if (d.x == 0 && d.y == 0) {
        rs_point(s, p1, radius, o);
        return;
    }
    n = c2d_right_perp(unit_of(d));
    set_v(s, 0, c2d_sub(p1, o));
    set_v(s, 1, c2d_sub(p2, o));
    set_n(s, 0, n);
    set_n(s, 1, c2d_neg(n));
    s->count = 2;
    rs_finish(s, radius);
}

/* Box corners counter-clockwise from the lower corner (the order of c2d_polygon_from_aabb). */
static void rs_aabb(rshape *s, c2d_aabb b, c2d_vec2 o) {
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

/* Loads a polygon, checking it on the way: every value finite and within range, and a
 * positive signed area (this rejects clockwise, collinear and collapsed polygons, but tolerates the
 * slightly reflex corners that rounding leaves in a polygon moved far from the origin). False for
 * a bad polygon. The stored normals are used when they match the edges to a few rounding units
 * (as the constructors and transforms make them); otherwise all normals are recomputed from the
 * vertices, so that decisions always follow the same vertices as the exact predicates of
 * overlap.c. */
static bool rs_polygon(rshape *s, const c2d_polygon *p, c2d_vec2 o) {
    const c2d_real lim = (c2d_real)C2D_MAX_COORD, k = 16 * C2D_EPSILON;
    c2d_vec2 v0 = p->vertices[0];
    c2d_real area = 0, mag = 0, unit_err = 0, perp_err = -REAL_MAX, side = -REAL_MAX;
    int i, n = p->count;
    /* Checks are accumulated arithmetically (no per-value branch or flag): the sum of magnitudes
     * carries any NaN or infinity and bounds the range; the worst normal length error, excess over
     * perpendicular, and side (the normal must be on the edge's right: outward) are running maxima. */
    for (i = 0; i < n; ++i) {
        c2d_vec2 a = p->vertices[i], b = p->vertices[i + 1 < n ? i + 1 : 0], m = p->normals[i];
        c2d_vec2 e = c2d_sub(b, a);
        c2d_real ne = c2d_dot(m, e);
        mag += (C2D_ABS(a.x) + C2D_ABS(a.y)) + (C2D_ABS(m.x) + C2D_ABS(m.y));
        unit_err = c2d_maxr(unit_err, C2D_ABS(c2d_dot(m, m) - 1));
        perp_err = c2d_maxr(perp_err, ne * ne - k * k * c2d_dot(e, e));
        side = c2d_maxr(side, c2d_cross(e, m));
        s->vx[i] = a.x - o.x;
        s->vy[i] = a.y - o.y;
        s->nx[i] = m.x;
        s->ny[i] = m.y;
        area += c2d_cross(c2d_sub(a, v0), c2d_sub(b, v0));
    }
    if (!(mag <= (c2d_real)(4 * n) * lim) || !(area > 0)) return false;
    if (!(unit_err <= k && perp_err <= 0 && side < 0)) {
        for (i = 0; i < n; ++i) {
            c2d_vec2 e = c2d_sub(p->vertices[i + 1 < n ? i + 1 : 0], p->vertices[i]);
            c2d_real ee = c2d_dot(e, e);
            if (ee > REAL_MIN) set_n(s, i, c2d_scale(c2d_right_perp(e), (c2d_real)1 / C2D_SQRT(ee)));
        }
    }
    s->count = n;
    rs_finish(s, 0);
    return true;
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

/* Smallest of nx * (x[j] - px) + ny * (y[j] - py) over the first `lanes` lanes (a multiple of 4):
 * the projection kernel of the separating axis test. With SSE (float builds) four lanes at a time;
 * otherwise a scalar loop with four independent minima (one running minimum would be a long
 * dependency chain). Products of coordinate differences, as everywhere: exact on a grid. */
static inline c2d_real lanes_min_proj(const c2d_real *x, const c2d_real *y, int lanes, c2d_real nx, c2d_real ny,
                                      c2d_real px, c2d_real py) {
#ifdef C2D_NARROW_SSE
    __m128 vnx = _mm_set1_ps(nx), vny = _mm_set1_ps(ny), vpx = _mm_set1_ps(px), vpy = _mm_set1_ps(py);
    __m128 m = _mm_set1_ps(FLT_MAX);
    int k;
    for (k = 0; k < lanes; k += 4) {
        __m128 dx = _mm_sub_ps(_mm_loadu_ps(x + k), vpx), dy = _mm_sub_ps(_mm_loadu_ps(y + k), vpy);
        m = _mm_min_ps(m, _mm_add_ps(_mm_mul_ps(vnx, dx), _mm_mul_ps(vny, dy)));
    }
    m = _mm_min_ps(m, _mm_movehl_ps(m, m));
    m = _mm_min_ss(m, _mm_shuffle_ps(m, m, 1));
    return _mm_cvtss_f32(m);
#else
    c2d_real m0 = REAL_MAX, m1 = REAL_MAX, m2 = REAL_MAX, m3 = REAL_MAX;
    int k;
    for (k = 0; k < lanes; k += 4) {
        m0 = c2d_minr(m0, nx * (x[k] - px) + ny * (y[k] - py));
        m1 = c2d_minr(m1, nx * (x[k + 1] - px) + ny * (y[k + 1] - py));
        m2 = c2d_minr(m2, nx * (x[k + 2] - px) + ny * (y[k + 2] - py));
        m3 = c2d_minr(m3, nx * (x[k + 3] - px) + ny * (y[k + 3] - py));
    }
    return c2d_minr(c2d_minr(m0, m1), c2d_minr(m2, m3));
#endif
}

/* Largest separation of b's core from a's faces (SAT): for each face of a, the signed distance of
 * b's deepest vertex from the face line; the largest over the faces, and that face (the first on
 * ties). A one-point core has no face: -REAL_MAX. */
static c2d_real rs_separation(const rshape *a, const rshape *b, int *face) {
    c2d_real best = -REAL_MAX;
    int i, lanes = (b->count + 3) & ~3, f = 0;
    *face = 0;
    if (a->count < 2) return best;
    for (i = 0; i < a->count; ++i) {
        c2d_vec2 n = NM(a, i), v = VT(a, i);
        c2d_real s;
        if (b->count <= 2) {
            s = c2d_dot(n, c2d_sub(VT(b, 0), v));
            if (b->count == 2) s = c2d_minr(s, c2d_dot(n, c2d_sub(VT(b, 1), v)));
        } else {
            s = lanes_min_proj(b->vx, b->vy, lanes, n.x, n.y, v.x, v.y);
        }
        f = s > best ? i : f;
        best = c2d_maxr(best, s);
    }
    *face = f;
    return best;
}

/* ---- closest points of segments ---- */

typedef struct closest {
    c2d_vec2 p, q;      /* on the first and on the second segment */
    c2d_real fp, fq;    /* their fractions along each segment, exactly 0 or 1 at an end */
    c2d_real dist_sq;
} closest;

/* Point of the closed segment a-b nearest to x, and its fraction (ends returned exactly). */
static c2d_vec2 nearest_on_segment(c2d_vec2 x, c2d_vec2 a, c2d_vec2 b, c2d_real *t) {
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
    r.p = a1; r.fp = 0; r.q = nearest_on_segment(a1, b1, b2, &r.fq); r.dist_sq = c2d_dist_sq(r.p, r.q);
    c.p = a2; c.fp = 1; c.q = nearest_on_segment(a2, b1, b2, &c.fq); c.dist_sq = c2d_dist_sq(c.p, c.q);
    if (c.dist_sq < r.dist_sq) r = c;
    c.q = b1; c.fq = 0; c.p = nearest_on_segment(b1, a1, a2, &t); c.fp = t; c.dist_sq = c2d_dist_sq(c.p, c.q);
    if (c.dist_sq < r.dist_sq) r = c;
    c.q = b2; c.fq = 1; c.p = nearest_on_segment(b2, a1, a2, &t); c.fp = t; c.dist_sq = c2d_dist_sq(c.p, c.q);
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
        g0[0] = prev_index(g, k); g1[0] = k;
        g0[1] = k; g1[1] = next_index(g, k);
        ng = 2;
    }
    for (e = 0; e < ng; ++e) {
        closest c;
        if (g->count == 1) {
            /* a point: only its projection on the edge */
            c.q = VT(g, 0);
            c.fq = 0;
            c.p = nearest_on_segment(c.q, VT(f, f0), VT(f, f1), &c.fp);
            c.dist_sq = c2d_dist_sq(c.p, c.q);
        } else {
            c = segments_closest(VT(f, f0), VT(f, f1), VT(g, g0[e]), VT(g, g1[e]));
        }
        if (c.dist_sq < best->c.dist_sq) {
            best->c = c;
            best->f0 = f0; best->f1 = f1; best->g0 = g0[e]; best->g1 = g1[e];
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

typedef struct contact {
    c2d_vec2 normal;  /* unit, from B toward A */
    c2d_real depth;   /* > 0: A moved by normal * depth touches B */
    c2d_vec2 pos;     /* on B's surface, where A touches it after the push (local frame) */
} contact;

static inline c2d_real pair_scale(const rshape *a, const rshape *b) { return a->size + b->size; }

/* Cores apart at closest points pa (on A) and pb (on B), squared distance d2 > 0. */
static void apart_contact(const rshape *a, const rshape *b, c2d_vec2 pa, c2d_vec2 pb, c2d_real d2, contact *out) {
    out->normal = unit_of(c2d_sub(pa, pb));
    out->depth = positive_depth(a->radius + b->radius - C2D_SQRT(d2), pair_scale(a, b));
    out->pos = c2d_mul_add(pb, b->radius, out->normal);
}

/* Cores overlapping (or touching) with face `face` of the owner separating best at sep <= 0. The
 * push-out runs along that face's normal; pos is where the other core's deepest vertex lands on
 * the face, clamped to the face's edge (which matters only when two faces are parallel). */
static void axis_contact(const rshape *a, const rshape *b, bool owner_b, int face, c2d_real sep, contact *out) {
    const rshape *f = owner_b ? b : a, *g = owner_b ? a : b;
    c2d_vec2 n = NM(f, face);
    c2d_real t, depth = positive_depth(a->radius + b->radius - sep, pair_scale(a, b));
    c2d_vec2 foot = nearest_on_segment(VT(g, rs_deepest(g, n)), VT(f, face), VT(f, next_index(f, face)), &t);
    out->depth = depth;
    if (owner_b) {
        out->normal = n;
        out->pos = c2d_mul_add(foot, b->radius, n);
    } else {
        out->normal = c2d_neg(n);
        out->pos = c2d_mul_add(foot, a->radius - depth, n);
    }
}

/* How sure a decision is (see SURE_ULPS). */
typedef enum verdict { RS_NO = 0, RS_YES = 1, RS_UNSURE = 2, RS_BAD = 3 /* invalid input */ } verdict;

/* gap is a distance (or separation) minus the sum of the radii: negative means overlap. */
static verdict judge(c2d_real gap, c2d_real tol) {
    if (gap >= tol) return RS_NO;
    if (gap <= -tol) return RS_YES;
    return RS_UNSURE;
}

static inline c2d_real sure_tol(const rshape *a, const rshape *b) { return SURE_ULPS * C2D_EPSILON * pair_scale(a, b); }

/* The minimum push-out of A out of B (see the top of the file). RS_NO (nothing written) when the
 * shapes are clearly apart; otherwise the contact is written, and RS_UNSURE means that they are
 * within rounding of touching and the caller must ask the exact predicate. Ties between faces go
 * to B's face, so that pos follows B's surface. */
static verdict rs_contact(const rshape *a, const rshape *b, contact *out) {
    c2d_real r = a->radius + b->radius, tol = sure_tol(a, b), sep_a, sep_b, sep;
    int face_a, face_b;
    bool owner_b;
    verdict v;
    if (a->count <= 2 && b->count <= 2) {
        closest c = segments_closest(VT(a, 0), VT(a, a->count - 1), VT(b, 0), VT(b, b->count - 1));
        if (c.dist_sq > 0) {
            v = judge(C2D_SQRT(c.dist_sq) - r, tol);
            if (v != RS_NO) apart_contact(a, b, c.p, c.q, c.dist_sq, out);
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
                apart_contact(a, b, owner_b ? ft.c.q : ft.c.p, owner_b ? ft.c.p : ft.c.q, ft.c.dist_sq, out);
            return v;
        }
        sep = 0; /* rounding: the cores touch */
    }
    v = judge(sep - r, tol);
    if (v != RS_NO) axis_contact(a, b, owner_b, owner_b ? face_b : face_a, sep, out);
    return v;
}

/* A circle (or a point: r = 0) against a polygon, without building a rounded polygon: one pass
 * checks the polygon (as rs_polygon) and finds the face of greatest separation, as in Box2D's
 * b2CollidePolygonAndCircle; a center outside that face is then placed in the face's Voronoi
 * regions. RS_BAD for a bad polygon. Local frame at the
 * polygon's vertex 0, written to *origin. Stored normals that do not match the edges send the pair
 * through the general rounded-polygon path. */
static verdict disk_polygon(c2d_vec2 center, c2d_real r, const c2d_polygon *p, contact *out, c2d_vec2 *origin) {
    const c2d_real lim = (c2d_real)C2D_MAX_COORD, k = 16 * C2D_EPSILON;
    c2d_vec2 o = p->vertices[0], c = c2d_sub(center, o);
    c2d_real area = 0, best = -REAL_MAX, size = 0, scale, tol, d2;
    c2d_real mag = 0, unit_err = 0, perp_err = -REAL_MAX, side = -REAL_MAX;
    bool match;
    int i, n = p->count, face = 0;
    c2d_vec2 q = c;
    verdict v;
    *origin = o;
    /* Checks are accumulated arithmetically (no per-value branch or flag): the sum of magnitudes
     * carries any NaN or infinity and bounds the range; the worst normal error, perpendicularity
     * excess and side are running maxima. */
    for (i = 0; i < n; ++i) {
        c2d_vec2 a = p->vertices[i], b = p->vertices[i + 1 < n ? i + 1 : 0], m = p->normals[i];
        c2d_vec2 e = c2d_sub(b, a), la = c2d_sub(a, o);
        c2d_real ne = c2d_dot(m, e), sep = c2d_dot(m, c2d_sub(c, la));
        mag += (C2D_ABS(a.x) + C2D_ABS(a.y)) + (C2D_ABS(m.x) + C2D_ABS(m.y));
        unit_err = c2d_maxr(unit_err, C2D_ABS(c2d_dot(m, m) - 1));
        perp_err = c2d_maxr(perp_err, ne * ne - k * k * c2d_dot(e, e));
        side = c2d_maxr(side, c2d_cross(e, m));
        area += c2d_cross(la, c2d_sub(b, o));
        size = c2d_maxr(size, c2d_maxr(C2D_ABS(la.x), C2D_ABS(la.y)));
        face = sep > best ? i : face;
        best = c2d_maxr(best, sep);
    }
    if (!(mag <= (c2d_real)(4 * n) * lim) || !(area > 0)) return RS_BAD;
    match = unit_err <= k && perp_err <= 0 && side < 0;
    if (!match) {
        rshape ra, rb;
        rs_polygon(&rb, p, o);
        rs_point(&ra, center, r, o);
        return rs_contact(&ra, &rb, out);
    }
    scale = size + c2d_maxr(C2D_ABS(c.x), C2D_ABS(c.y)) + r;
    tol = SURE_ULPS * C2D_EPSILON * scale;
    if (judge(best - r, tol) == RS_NO) return RS_NO;
    if (best > 0) {
        /* Voronoi regions of the best face (Box2D's scheme): beyond one of its ends the nearest
         * point is that vertex, or (across a slightly reflex corner) a point of the next edge
         * around it; otherwise it is straight across the face. */
        int f1 = face + 1 < n ? face + 1 : 0;
        c2d_vec2 v1 = c2d_sub(p->vertices[face], o), v2 = c2d_sub(p->vertices[f1], o);
        c2d_real u1 = c2d_dot(c2d_sub(c, v1), c2d_sub(v2, v1)), u2 = c2d_dot(c2d_sub(c, v2), c2d_sub(v1, v2));
        if (u1 > 0 && u2 > 0) {
            v = judge(best - r, tol);
            if (v != RS_NO) {
                out->normal = p->normals[face];
                out->depth = positive_depth(r - best, scale);
                out->pos = c2d_mul_add(c, -best, out->normal);
            }
            return v;
        }
        {
            int end = u1 <= 0 ? face : f1;
            int other = u1 <= 0 ? (face > 0 ? face - 1 : n - 1) : (f1 + 1 < n ? f1 + 1 : 0);
            c2d_real t;
            q = u1 <= 0 ? v1 : v2;
            d2 = c2d_dist_sq(c, q);
            {
                c2d_vec2 w = nearest_on_segment(c, c2d_sub(p->vertices[end], o), c2d_sub(p->vertices[other], o), &t);
                c2d_real dd = c2d_dist_sq(c, w);
                if (dd < d2) {
                    d2 = dd;
                    q = w;
                }
            }
        }
        if (d2 > 0) {
            c2d_real d = C2D_SQRT(d2);
            v = judge(d - r, tol);
            if (v != RS_NO) {
                out->normal = c2d_scale(c2d_sub(c, q), (c2d_real)1 / d);
                out->depth = positive_depth(r - d, scale);
                out->pos = q;
            }
            return v;
        }
        best = 0; /* rounding: the center is on the boundary */
    }
    /* inside (or on the boundary): out through the nearest face, whose foot lies on its edge */
    v = judge(best - r, tol);
    if (v != RS_NO) {
        out->normal = p->normals[face];
        out->depth = positive_depth(r - best, scale);
        out->pos = c2d_mul_add(c, -best, out->normal);
    }
    return v;
}

/* Writes the world-frame hit (out may be NULL) when the verdict, settled by the exact predicate
 * when unsure, is an overlap. */
static bool finish_hit(verdict v, bool exact, const contact *c, c2d_vec2 o, c2d_hit *out) {
    if (v == RS_NO || (v == RS_UNSURE && !exact)) return false;
    if (out) {
        out->pos = c2d_add(o, c->pos);
        out->normal = c->normal;
        out->delta = c2d_scale(c->normal, c->depth);
        out->time = 0;
    }
    return true;
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
    ref_idx[0] = i11; inc_idx[0] = i22;
    ref_idx[1] = i12; inc_idx[1] = i21;
    for (k = 0; k < 2; ++k) {
        c2d_real s = c2d_dot(c2d_sub(pts[k], v11), n), depth = r - s;
        if (depth > 0) {
            c2d_vec2 p = c2d_mul_add(pts[k], (c2d_real)0.5 * (ref->radius - inc->radius - s), n);
            add_point(m, c2d_add(o, p), depth,
                      flip ? MAKE_ID(inc_idx[k], ref_idx[k]) : MAKE_ID(ref_idx[k], inc_idx[k]));
        }
    }
}

/* The contact manifold of a against b (local frame, origin o), with the verdict of rs_contact:
 * RS_NO leaves m empty; otherwise m is filled, and RS_UNSURE asks the caller for the exact
 * predicate. See the top of the file. */
static verdict rs_manifold(const rshape *a, const rshape *b, c2d_vec2 o, c2d_manifold *m) {
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
        v = rs_contact(a, b, &c);
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
        ft.f0 = 0; ft.f1 = 1; ft.g0 = 0; ft.g1 = 1;
        apart = ft.c.dist_sq > 0;
    } else if (sep_b >= sep_a) {
        apart = sep_b > 0;
        if (apart) {
            /* Seen from B's face: swap so that p and f* refer to A. */
            features fb = face_features(b, face_b, a);
            ft.c.p = fb.c.q; ft.c.q = fb.c.p; ft.c.fp = fb.c.fq; ft.c.fq = fb.c.fp; ft.c.dist_sq = fb.c.dist_sq;
            ft.f0 = fb.g0; ft.f1 = fb.g1; ft.g0 = fb.f0; ft.g1 = fb.f1;
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

/* The manifold when the verdict, settled by the exact predicate when unsure, is an overlap. */
static c2d_manifold finish_manifold(verdict v, bool exact, const c2d_manifold *m) {
    c2d_manifold e;
    if (v == RS_YES || (v == RS_UNSURE && exact)) return *m;
    memset(&e, 0, sizeof e);
    return e;
}

/* ---- hits: a point ---- */

/* The article's intersectPoint: the point is pushed out through the nearest edge; on a tie between
 * the axes it leaves along y, and from the exact center it leaves toward +x / +y (the article's
 * sign(0) = 1). Push distances are formed as single differences (upper - p, p - lower), so the
 * answers are exact for exact inputs. */
bool c2d_point_hit_aabb(c2d_vec2 p, c2d_aabb b, c2d_hit *out) {
    c2d_real right, left, up, down, px, py, sx, sy;
    if (!point_ok(p) || !aabb_ok(b) || !c2d_aabb_contains_point(b, p)) return false;
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

/* Every other hit and manifold below runs the rounded-polygon core; when the core is unsure (the
 * shapes are within rounding of touching) the pair's exact test decides: overlap.c's predicate, or
 * for a point the shape's own strict containment test. So hit, manifold and overlap always agree. */

bool c2d_point_hit_circle(c2d_vec2 p, c2d_circle c, c2d_hit *out) {
    rshape a, b;
    contact k;
    verdict v;
    if (!point_ok(p) || !circle_ok(c)) return false;
    rs_point(&b, c.center, c.radius, c.center);
    rs_point(&a, p, 0, c.center);
    v = rs_contact(&a, &b, &k);
    return finish_hit(v, v == RS_UNSURE && c2d_circle_contains_point(c, p), &k, c.center, out);
}

bool c2d_point_hit_capsule(c2d_vec2 p, c2d_capsule c, c2d_hit *out) {
    rshape a, b;
    contact k;
    verdict v;
    if (!point_ok(p) || !capsule_ok(c)) return false;
    rs_segment(&b, c.p1, c.p2, c.radius, c.p1);
    rs_point(&a, p, 0, c.p1);
    v = rs_contact(&a, &b, &k);
    return finish_hit(v, v == RS_UNSURE && c2d_capsule_contains_point(c, p), &k, c.p1, out);
}

bool c2d_point_hit_polygon(c2d_vec2 p, const c2d_polygon *poly, c2d_hit *out) {
    contact k;
    verdict v;
    c2d_vec2 o;
    if (!point_ok(p) || !polygon_present(poly)) return false;
    v = disk_polygon(p, 0, poly, &k, &o);
    if (v == RS_BAD) return false;
    return finish_hit(v, v == RS_UNSURE && c2d_polygon_contains_point(poly, p), &k, o, out);
}

bool c2d_segment_hit_aabb(c2d_segment s, c2d_aabb b, c2d_hit *out) {
    rshape ra, rb;
    contact k;
    verdict v;
    c2d_vec2 o;
    if (!segment_ok(s) || !aabb_ok(b)) return false;
    o = b.lower;
    rs_aabb(&rb, b, o);
    rs_segment(&ra, s.p1, s.p2, 0, o);
    v = rs_contact(&ra, &rb, &k);
    return finish_hit(v, v == RS_UNSURE && c2d_segment_overlap_aabb(s, b), &k, o, out);
}

bool c2d_segment_hit_circle(c2d_segment s, c2d_circle c, c2d_hit *out) {
    rshape ra, rb;
    contact k;
    verdict v;
    c2d_vec2 o;
    if (!segment_ok(s) || !circle_ok(c)) return false;
    o = c.center;
    rs_point(&rb, c.center, c.radius, o);
    rs_segment(&ra, s.p1, s.p2, 0, o);
    v = rs_contact(&ra, &rb, &k);
    return finish_hit(v, v == RS_UNSURE && c2d_segment_overlap_circle(s, c), &k, o, out);
}

bool c2d_segment_hit_capsule(c2d_segment s, c2d_capsule c, c2d_hit *out) {
    rshape ra, rb;
    contact k;
    verdict v;
    c2d_vec2 o;
    if (!segment_ok(s) || !capsule_ok(c)) return false;
    o = c.p1;
    rs_segment(&rb, c.p1, c.p2, c.radius, o);
    rs_segment(&ra, s.p1, s.p2, 0, o);
    v = rs_contact(&ra, &rb, &k);
    return finish_hit(v, v == RS_UNSURE && c2d_segment_overlap_capsule(s, c), &k, o, out);
}

bool c2d_segment_hit_polygon(c2d_segment s, const c2d_polygon *p, c2d_hit *out) {
    rshape ra, rb;
    contact k;
    verdict v;
    c2d_vec2 o;
    if (!segment_ok(s) || !polygon_present(p)) return false;
    o = p->vertices[0];
    if (!rs_polygon(&rb, p, o)) return false;
    rs_segment(&ra, s.p1, s.p2, 0, o);
    v = rs_contact(&ra, &rb, &k);
    return finish_hit(v, v == RS_UNSURE && c2d_segment_overlap_polygon(s, p), &k, o, out);
}

/* ---- hits: box, circle, capsule, polygon ---- */

/* The article's intersectAABB: a is pushed out along the axis of least overlap (y on a tie), toward
 * the side of its center (+ when the centers coincide). pos is on B's edge at A's center along that
 * edge, clamped to B's extent so that it always lies on B's surface (the article leaves it
 * unclamped; the two agree whenever A's center is within B's extent along the edge). */
bool c2d_aabb_hit_aabb(c2d_aabb a, c2d_aabb b, c2d_hit *out) {
    c2d_real right, left, up, down, px, py, sx, sy;
    if (!c2d_aabb_overlap_aabb(a, b)) return false;
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

bool c2d_aabb_hit_circle(c2d_aabb a, c2d_circle b, c2d_hit *out) {
    rshape ra, rb;
    contact k;
    verdict v;
    c2d_vec2 o;
    if (!aabb_ok(a) || !circle_ok(b)) return false;
    o = b.center;
    rs_point(&rb, b.center, b.radius, o);
    rs_aabb(&ra, a, o);
    v = rs_contact(&ra, &rb, &k);
    return finish_hit(v, v == RS_UNSURE && c2d_aabb_overlap_circle(a, b), &k, o, out);
}

bool c2d_aabb_hit_capsule(c2d_aabb a, c2d_capsule b, c2d_hit *out) {
    rshape ra, rb;
    contact k;
    verdict v;
    c2d_vec2 o;
    if (!aabb_ok(a) || !capsule_ok(b)) return false;
    o = b.p1;
    rs_segment(&rb, b.p1, b.p2, b.radius, o);
    rs_aabb(&ra, a, o);
    v = rs_contact(&ra, &rb, &k);
    return finish_hit(v, v == RS_UNSURE && c2d_aabb_overlap_capsule(a, b), &k, o, out);
}

bool c2d_aabb_hit_polygon(c2d_aabb a, const c2d_polygon *b, c2d_hit *out) {
    rshape ra, rb;
    contact k;
    verdict v;
    c2d_vec2 o;
    if (!aabb_ok(a) || !polygon_present(b)) return false;
    o = b->vertices[0];
    if (!rs_polygon(&rb, b, o)) return false;
    rs_aabb(&ra, a, o);
    v = rs_contact(&ra, &rb, &k);
    return finish_hit(v, v == RS_UNSURE && c2d_aabb_overlap_polygon(a, b), &k, o, out);
}

bool c2d_circle_hit_circle(c2d_circle a, c2d_circle b, c2d_hit *out) {
    rshape ra, rb;
    contact k;
    verdict v;
    c2d_vec2 o;
    if (!circle_ok(a) || !circle_ok(b)) return false;
    o = b.center;
    rs_point(&rb, b.center, b.radius, o);
    rs_point(&ra, a.center, a.radius, o);
    v = rs_contact(&ra, &rb, &k);
    return finish_hit(v, v == RS_UNSURE && c2d_circle_overlap_circle(a, b), &k, o, out);
}

bool c2d_circle_hit_capsule(c2d_circle a, c2d_capsule b, c2d_hit *out) {
    rshape ra, rb;
    contact k;
    verdict v;
    c2d_vec2 o;
    if (!circle_ok(a) || !capsule_ok(b)) return false;
    o = b.p1;
    rs_segment(&rb, b.p1, b.p2, b.radius, o);
    rs_point(&ra, a.center, a.radius, o);
    v = rs_contact(&ra, &rb, &k);
    return finish_hit(v, v == RS_UNSURE && c2d_circle_overlap_capsule(a, b), &k, o, out);
}

bool c2d_circle_hit_polygon(c2d_circle a, const c2d_polygon *b, c2d_hit *out) {
    contact k;
    verdict v;
    c2d_vec2 o;
    if (!circle_ok(a) || !polygon_present(b)) return false;
    v = disk_polygon(a.center, a.radius, b, &k, &o);
    if (v == RS_BAD) return false;
    return finish_hit(v, v == RS_UNSURE && c2d_circle_overlap_polygon(a, b), &k, o, out);
}

bool c2d_capsule_hit_capsule(c2d_capsule a, c2d_capsule b, c2d_hit *out) {
    rshape ra, rb;
    contact k;
    verdict v;
    c2d_vec2 o;
    if (!capsule_ok(a) || !capsule_ok(b)) return false;
    o = b.p1;
    rs_segment(&rb, b.p1, b.p2, b.radius, o);
    rs_segment(&ra, a.p1, a.p2, a.radius, o);
    v = rs_contact(&ra, &rb, &k);
    return finish_hit(v, v == RS_UNSURE && c2d_capsule_overlap_capsule(a, b), &k, o, out);
}

bool c2d_capsule_hit_polygon(c2d_capsule a, const c2d_polygon *b, c2d_hit *out) {
    rshape ra, rb;
    contact k;
    verdict v;
    c2d_vec2 o;
    if (!capsule_ok(a) || !polygon_present(b)) return false;
    o = b->vertices[0];
    if (!rs_polygon(&rb, b, o)) return false;
    rs_segment(&ra, a.p1, a.p2, a.radius, o);
    v = rs_contact(&ra, &rb, &k);
    return finish_hit(v, v == RS_UNSURE && c2d_capsule_overlap_polygon(a, b), &k, o, out);
}

bool c2d_polygon_hit_polygon(const c2d_polygon *a, const c2d_polygon *b, c2d_hit *out) {
    rshape ra, rb;
    contact k;
    verdict v;
    c2d_vec2 o;
    if (!polygon_present(a) || !polygon_present(b)) return false;
    o = b->vertices[0];
    if (!rs_polygon(&rb, b, o) || !rs_polygon(&ra, a, o)) return false;
    v = rs_contact(&ra, &rb, &k);
    return finish_hit(v, v == RS_UNSURE && c2d_polygon_overlap_polygon(a, b), &k, o, out);
}

/* ---- manifolds ---- */

static c2d_manifold empty_manifold(void) {
    c2d_manifold m;
    memset(&m, 0, sizeof m);
    return m;
}

c2d_manifold c2d_aabb_manifold_aabb(c2d_aabb a, c2d_aabb b) {
    rshape ra, rb;
    c2d_manifold m;
    verdict v;
    c2d_vec2 o;
    if (!aabb_ok(a) || !aabb_ok(b)) return empty_manifold();
    o = b.lower;
    rs_aabb(&rb, b, o);
    rs_aabb(&ra, a, o);
    v = rs_manifold(&ra, &rb, o, &m);
    return finish_manifold(v, v == RS_UNSURE && c2d_aabb_overlap_aabb(a, b), &m);
}

c2d_manifold c2d_aabb_manifold_circle(c2d_aabb a, c2d_circle b) {
    rshape ra, rb;
    c2d_manifold m;
    verdict v;
    c2d_vec2 o;
    if (!aabb_ok(a) || !circle_ok(b)) return empty_manifold();
    o = b.center;
    rs_point(&rb, b.center, b.radius, o);
    rs_aabb(&ra, a, o);
    v = rs_manifold(&ra, &rb, o, &m);
    return finish_manifold(v, v == RS_UNSURE && c2d_aabb_overlap_circle(a, b), &m);
}

c2d_manifold c2d_aabb_manifold_capsule(c2d_aabb a, c2d_capsule b) {
    rshape ra, rb;
    c2d_manifold m;
    verdict v;
    c2d_vec2 o;
    if (!aabb_ok(a) || !capsule_ok(b)) return empty_manifold();
    o = b.p1;
    rs_segment(&rb, b.p1, b.p2, b.radius, o);
    rs_aabb(&ra, a, o);
    v = rs_manifold(&ra, &rb, o, &m);
    return finish_manifold(v, v == RS_UNSURE && c2d_aabb_overlap_capsule(a, b), &m);
}

c2d_manifold c2d_aabb_manifold_polygon(c2d_aabb a, const c2d_polygon *b) {
    rshape ra, rb;
    c2d_manifold m;
    verdict v;
    c2d_vec2 o;
    if (!aabb_ok(a) || !polygon_present(b)) return empty_manifold();
    o = b->vertices[0];
    if (!rs_polygon(&rb, b, o)) return empty_manifold();
    rs_aabb(&ra, a, o);
    v = rs_manifold(&ra, &rb, o, &m);
    return finish_manifold(v, v == RS_UNSURE && c2d_aabb_overlap_polygon(a, b), &m);
}

c2d_manifold c2d_circle_manifold_circle(c2d_circle a, c2d_circle b) {
    rshape ra, rb;
    c2d_manifold m;
    verdict v;
    c2d_vec2 o;
    if (!circle_ok(a) || !circle_ok(b)) return empty_manifold();
    o = b.center;
    rs_point(&rb, b.center, b.radius, o);
    rs_point(&ra, a.center, a.radius, o);
    v = rs_manifold(&ra, &rb, o, &m);
    return finish_manifold(v, v == RS_UNSURE && c2d_circle_overlap_circle(a, b), &m);
}

c2d_manifold c2d_circle_manifold_capsule(c2d_circle a, c2d_capsule b) {
    rshape ra, rb;
    c2d_manifold m;
    verdict v;
    c2d_vec2 o;
    if (!circle_ok(a) || !capsule_ok(b)) return empty_manifold();
    o = b.p1;
    rs_segment(&rb, b.p1, b.p2, b.radius, o);
    rs_point(&ra, a.center, a.radius, o);
    v = rs_manifold(&ra, &rb, o, &m);
    return finish_manifold(v, v == RS_UNSURE && c2d_circle_overlap_capsule(a, b), &m);
}

c2d_manifold c2d_circle_manifold_polygon(c2d_circle a, const c2d_polygon *b) {
    c2d_manifold m;
    contact k;
    verdict v;
    c2d_vec2 o;
    memset(&m, 0, sizeof m);
    if (!circle_ok(a) || !polygon_present(b)) return m;
    v = disk_polygon(a.center, a.radius, b, &k, &o);
    if (v == RS_NO || v == RS_BAD || (v == RS_UNSURE && !c2d_circle_overlap_polygon(a, b))) return m;
    add_contact_point(&m, &k, o, 0);
    return m;
}

c2d_manifold c2d_capsule_manifold_capsule(c2d_capsule a, c2d_capsule b) {
    rshape ra, rb;
    c2d_manifold m;
    verdict v;
    c2d_vec2 o;
    if (!capsule_ok(a) || !capsule_ok(b)) return empty_manifold();
    o = b.p1;
    rs_segment(&rb, b.p1, b.p2, b.radius, o);
    rs_segment(&ra, a.p1, a.p2, a.radius, o);
    v = rs_manifold(&ra, &rb, o, &m);
    return finish_manifold(v, v == RS_UNSURE && c2d_capsule_overlap_capsule(a, b), &m);
}

c2d_manifold c2d_capsule_manifold_polygon(c2d_capsule a, const c2d_polygon *b) {
    rshape ra, rb;
    c2d_manifold m;
    verdict v;
    c2d_vec2 o;
    if (!capsule_ok(a) || !polygon_present(b)) return empty_manifold();
    o = b->vertices[0];
    if (!rs_polygon(&rb, b, o)) return empty_manifold();
    rs_segment(&ra, a.p1, a.p2, a.radius, o);
    v = rs_manifold(&ra, &rb, o, &m);
    return finish_manifold(v, v == RS_UNSURE && c2d_capsule_overlap_polygon(a, b), &m);
}

c2d_manifold c2d_polygon_manifold_polygon(const c2d_polygon *a, const c2d_polygon *b) {
    rshape ra, rb;
    c2d_manifold m;
    verdict v;
    c2d_vec2 o;
    if (!polygon_present(a) || !polygon_present(b)) return empty_manifold();
    o = b->vertices[0];
    if (!rs_polygon(&rb, b, o) || !rs_polygon(&ra, a, o)) return empty_manifold();
    v = rs_manifold(&ra, &rb, o, &m);
    return finish_manifold(v, v == RS_UNSURE && c2d_polygon_overlap_polygon(a, b), &m);
}
