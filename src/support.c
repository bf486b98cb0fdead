/* The support-function path: overlap, hit, manifold, distance, ray cast and linear cast for any
 * pair of convex kinds that give a support function (c2d_kind.support) and a radius, before any
 * hand-written pair code exists.
 *
 * Every shape is a convex core inflated by a radius. The core pair is measured on the Minkowski
 * difference M = core(A) - core(B), which the two support functions give point by point:
 * s_M(u) = s_A(u) - s_B(-u).
 * - Distance: GJK (E. Gilbert, D. Johnson, S. Keerthi, 1988), in the form of G. van den Bergen,
 *   "Collision Detection in Interactive 3D Environments" (2003), ch. 4: the simplex's point
 *   closest to the origin by Voronoi regions, stopped when a new support point no longer brings
 *   the bound v.v - v.w down by a relative tolerance (a curved core converges, never ends).
 * - Depth of cores that meet: EPA (van den Bergen, 2001, "Proximity queries and penetration depth
 *   computation on 3D game objects"), in 2D: grow a polygon inside M from the GJK triangle toward
 *   its edge nearest the origin until the support along that edge's normal gains no more than the
 *   tolerance.
 * - Both give the separation sep of the shapes (core distance or minus core depth, less the radii)
 *   with a normal from B toward A. Overlap is sep < -tol: the touching rule, with touching decided
 *   within tol (a few rounding units of the coordinates); hit, manifold and distance are read off
 *   the same numbers, so the four always agree.
 * - Ray and linear casts: conservative advancement (B. Mirtich, 1996): at each step the separation
 *   along the current normal is a lower bound of the distance that shrinks at the approach speed,
 *   so the step to its zero never passes the first contact; stop within tol of contact.
 * All work is relative to the center of B's box, so far from the origin nothing large is rounded.
 */
#include <stddef.h>
#include "kind.h"
#include "validate.h"

#define GJK_MAX_ITER 128
#define EPA_MAX 128
#define CA_MAX_ITER 64

/* A shape as the support path sees it: its kind, its radius, a shift added to its points (the
 * linear cast moves A), and the origin o all points are relative to. */
typedef struct sp_shape {
    const c2d_shape *s;
    const c2d_kind *k;
    c2d_real radius;
    c2d_vec2 shift;
} sp_shape;

/* One vertex of the simplex or polytope: the support points of A and B and their difference. */
typedef struct sp_vertex {
    c2d_vec2 a, b, w;
} sp_vertex;

/* The separation of two shapes and where it was measured (relative to o). */
typedef struct sp_result {
    c2d_real sep;    /* core distance less the radii; negative when overlapping */
    c2d_vec2 normal; /* unit, from B toward A; (0,0) when undecided */
    c2d_vec2 pa, pb; /* surface points of A and B along the normal */
    bool cores_meet; /* the cores overlap or touch */
    int iterations;
} sp_result;

static c2d_vec2 unit_or_zero(c2d_vec2 v) {
    c2d_real m = c2d_maxr(C2D_ABS(v.x), C2D_ABS(v.y)), l;
    if (!(m > 0) || !C2D_ISFINITE(m)) return c2d_v2(0, 0);
    v = c2d_v2(v.x / m, v.y / m);
    l = c2d_len(v);
    return c2d_v2(v.x / l, v.y / l);
}

static bool is_zero_vec(c2d_vec2 v) { return v.x == 0 && v.y == 0; }

static sp_vertex support_m(const sp_shape *A, const sp_shape *B, c2d_vec2 o, c2d_vec2 u) {
    sp_vertex v;
    v.a = c2d_add(A->k->support(A->s, u, o), A->shift);
    v.b = c2d_add(B->k->support(B->s, c2d_neg(u), o), B->shift);
    v.w = c2d_sub(v.a, v.b);
    return v;
}

static c2d_real box_extent(c2d_aabb b, c2d_vec2 o) {
    return c2d_maxr(c2d_maxr(C2D_ABS(b.lower.x - o.x), C2D_ABS(b.lower.y - o.y)),
                    c2d_maxr(C2D_ABS(b.upper.x - o.x), C2D_ABS(b.upper.y - o.y)));
}

/* The origin's foot on the line through p and q: the line's unit normal times its offset. Taken
 * from the normal rather than from the barycentric sum, whose rounding (eps times the vertices'
 * size) can leave a direction exactly along an axis, where a box's support point ties along a
 * whole face and GJK would stall on one corner. */
static c2d_vec2 foot_on_line(c2d_vec2 p, c2d_vec2 q) {
    c2d_vec2 n = unit_or_zero(c2d_left_perp(c2d_sub(q, p)));
    return c2d_scale(n, c2d_dot(n, p));
}

/* The point of the simplex v[0..*n) closest to the origin; the simplex is reduced to the vertices
 * that support it and bc gets their barycentric weights. Returns true when the origin is inside a
 * full triangle. */
static bool closest_on_simplex(sp_vertex *v, int *n, c2d_real *bc, c2d_vec2 *closest) {
    if (*n == 1) {
        bc[0] = 1;
        *closest = v[0].w;
        return false;
    }
    if (*n == 2) {
        c2d_vec2 e = c2d_sub(v[1].w, v[0].w);
        c2d_real d1 = c2d_dot(v[1].w, e), d2 = -c2d_dot(v[0].w, e);
        if (!(d2 > 0)) {
            *n = 1;
            bc[0] = 1;
            *closest = v[0].w;
            return false;
        }
        if (!(d1 > 0)) {
            v[0] = v[1];
            *n = 1;
            bc[0] = 1;
            *closest = v[0].w;
            return false;
        }
        bc[0] = d1 / (d1 + d2);
        bc[1] = d2 / (d1 + d2);
        *closest = foot_on_line(v[0].w, v[1].w);
        return false;
    }
    {
        c2d_vec2 w1 = v[0].w, w2 = v[1].w, w3 = v[2].w;
        c2d_vec2 e12 = c2d_sub(w2, w1), e13 = c2d_sub(w3, w1), e23 = c2d_sub(w3, w2);
        c2d_real d12_1 = c2d_dot(w2, e12), d12_2 = -c2d_dot(w1, e12);
        c2d_real d13_1 = c2d_dot(w3, e13), d13_2 = -c2d_dot(w1, e13);
        c2d_real d23_1 = c2d_dot(w3, e23), d23_2 = -c2d_dot(w2, e23);
        c2d_real n123 = c2d_cross(e12, e13);
        c2d_real u1 = n123 * c2d_cross(w2, w3), u2 = n123 * c2d_cross(w3, w1), u3 = n123 * c2d_cross(w1, w2);
        c2d_real sum;
        if (d12_2 <= 0 && d13_2 <= 0) {
            *n = 1;
            bc[0] = 1;
            *closest = w1;
            return false;
        }
        if (d12_1 > 0 && d12_2 > 0 && u3 <= 0) {
            *n = 2;
            bc[0] = d12_1 / (d12_1 + d12_2);
            bc[1] = d12_2 / (d12_1 + d12_2);
            *closest = foot_on_line(w1, w2);
            return false;
        }
        if (d13_1 > 0 && d13_2 > 0 && u2 <= 0) {
            v[1] = v[2];
            *n = 2;
            bc[0] = d13_1 / (d13_1 + d13_2);
            bc[1] = d13_2 / (d13_1 + d13_2);
            *closest = foot_on_line(w1, w3);
            return false;
        }
        if (d12_1 <= 0 && d23_2 <= 0) {
            v[0] = v[1];
            *n = 1;
            bc[0] = 1;
            *closest = w2;
            return false;
        }
        if (d13_1 <= 0 && d23_1 <= 0) {
            v[0] = v[2];
            *n = 1;
            bc[0] = 1;
            *closest = w3;
            return false;
        }
        if (d23_1 > 0 && d23_2 > 0 && u1 <= 0) {
            v[0] = v[2];
            *n = 2;
            bc[0] = d23_2 / (d23_1 + d23_2);
            bc[1] = d23_1 / (d23_1 + d23_2);
            *closest = foot_on_line(v[0].w, v[1].w);
            return false;
        }
        sum = u1 + u2 + u3;
        if (!(sum != 0)) sum = 1;
        bc[0] = u1 / sum;
        bc[1] = u2 / sum;
        bc[2] = u3 / sum;
        *closest = c2d_v2(0, 0);
        return true;
    }
}

/* EPA from a simplex whose hull holds the origin (or nearly): the depth of the cores and the
 * outward normal n of M's boundary nearest the origin, with the core points there. */
static void epa(const sp_shape *A, const sp_shape *B, c2d_vec2 o, sp_vertex *simplex, int n, c2d_real tol,
                sp_result *r) {
    sp_vertex P[EPA_MAX];
    int count, i, iter, best = 0;
    c2d_real best_h = 0;
    c2d_vec2 best_n = c2d_v2(0, 0);
    for (i = 0; i < n; ++i) P[i] = simplex[i];
    count = n;
    /* grow a point or a segment through the origin into a triangle */
    if (count == 1) {
        P[1] = support_m(A, B, o, c2d_v2(1, 0));
        if (c2d_len_sq(c2d_sub(P[1].w, P[0].w)) > 0) count = 2;
        else {
            P[1] = support_m(A, B, o, c2d_v2(-1, 0));
            if (c2d_len_sq(c2d_sub(P[1].w, P[0].w)) > 0) count = 2;
        }
    }
    if (count == 2) {
        c2d_vec2 e = c2d_sub(P[1].w, P[0].w), p = c2d_left_perp(e);
        sp_vertex c1 = support_m(A, B, o, p), c2 = support_m(A, B, o, c2d_neg(p));
        c2d_real a1 = C2D_ABS(c2d_cross(e, c2d_sub(c1.w, P[0].w))), a2 = C2D_ABS(c2d_cross(e, c2d_sub(c2.w, P[0].w)));
        P[2] = a1 >= a2 ? c1 : c2;
        if (c2d_maxr(a1, a2) > 0) count = 3;
    }
    if (count < 3) {
        /* M is flat about the origin: the cores only touch */
        r->sep = 0;
        r->normal = c2d_v2(0, 0);
        r->pa = r->pb = P[0].a;
        r->cores_meet = true;
        return;
    }
    if (c2d_cross(c2d_sub(P[1].w, P[0].w), c2d_sub(P[2].w, P[0].w)) < 0) {
        sp_vertex t = P[1];
        P[1] = P[2];
        P[2] = t;
    }
    for (iter = 0; iter < EPA_MAX; ++iter) {
        sp_vertex w;
        best_h = (c2d_real)INFINITY;
        for (i = 0; i < count; ++i) {
            int j = i + 1 < count ? i + 1 : 0;
            c2d_vec2 nn = unit_or_zero(c2d_right_perp(c2d_sub(P[j].w, P[i].w)));
            c2d_real h;
            if (is_zero_vec(nn)) continue;
            h = c2d_dot(nn, P[i].w);
            if (h < best_h) {
                best_h = h;
                best_n = nn;
                best = i;
            }
        }
        if (!(best_h < (c2d_real)INFINITY)) break;
        if (count == EPA_MAX) break;
        w = support_m(A, B, o, best_n);
        if (!(c2d_dot(best_n, w.w) - best_h > tol)) break;
        for (i = count; i > best + 1; --i) P[i] = P[i - 1];
        P[best + 1] = w;
        ++count;
    }
    r->iterations += iter;
    {
        int j = best + 1 < count ? best + 1 : 0;
        c2d_vec2 e = c2d_sub(P[j].w, P[best].w), p = c2d_scale(best_n, best_h);
        c2d_real ee = c2d_dot(e, e), t = ee > 0 ? c2d_clampr(c2d_dot(c2d_sub(p, P[best].w), e) / ee, 0, 1) : 0;
        c2d_vec2 ca = c2d_lerp(P[best].a, P[j].a, t), cb = c2d_lerp(P[best].b, P[j].b, t);
        c2d_real depth = c2d_maxr(best_h, 0);
        /* A moves by -p to get out: the normal from B toward A is -n */
        r->normal = c2d_neg(best_n);
        r->sep = -depth - A->radius - B->radius;
        r->pa = c2d_mul_add(ca, -A->radius, r->normal);
        r->pb = c2d_mul_add(cb, B->radius, r->normal);
        r->cores_meet = true;
    }
}

/* The separation of A and B (relative to o) with its normal and surface points; tol is the
 * absolute tolerance of the iterations. */
static sp_result separation(const sp_shape *A, const sp_shape *B, c2d_vec2 o, c2d_real tol) {
    sp_vertex v[3];
    c2d_real bc[3] = {1, 0, 0};
    c2d_vec2 closest = c2d_v2(0, 0), u;
    int n = 1, iter;
    bool inside = false, meet = false;
    c2d_real prev_vv = (c2d_real)INFINITY;
    sp_vertex last;
    sp_result r;
    c2d_real rel = (c2d_real)64 * C2D_EPSILON;
    r.iterations = 0;
    r.cores_meet = false;
    u = c2d_sub(A->k->support(A->s, c2d_v2(1, 0), o), B->k->support(B->s, c2d_v2(1, 0), o));
    u = c2d_add(u, c2d_sub(A->shift, B->shift));
    if (is_zero_vec(u)) u = c2d_v2(1, 0);
    v[0] = support_m(A, B, o, c2d_neg(u));
    last.a = last.b = last.w = c2d_v2((c2d_real)NAN, (c2d_real)NAN);
    for (iter = 0; iter < GJK_MAX_ITER; ++iter) {
        sp_vertex w;
        c2d_real vv, gain;
        int i;
        bool dup = false;
        inside = closest_on_simplex(v, &n, bc, &closest);
        if (inside) break;
        vv = c2d_dot(closest, closest);
        if (!(vv > tol * tol)) break;
        if (!(vv < prev_vv)) {
            /* no progress: the last support point was dropped by a triangle too thin for the
             * Voronoi tests in rounded arithmetic. If it lay past the origin, the cores meet
             * within rounding of M's boundary: EPA decides with that triangle. */
            if (last.w.x == last.w.x && c2d_dot(closest, last.w) < 0 && n == 2) {
                v[2] = last;
                n = 3;
                meet = true;
            }
            break;
        }
        prev_vv = vv;
        w = support_m(A, B, o, c2d_neg(closest));
        /* the distance bound |v| can improve by at most (v.v - v.w) / |v|: stop when that is below
         * the relative tolerance or the absolute one (the rounding of the coordinates) */
        gain = vv - c2d_dot(closest, w.w);
        if (gain <= rel * vv || gain <= tol * C2D_SQRT(vv)) break;
        for (i = 0; i < n; ++i) dup |= w.w.x == v[i].w.x && w.w.y == v[i].w.y;
        if (dup) break;
        last = w;
        v[n++] = w;
    }
    r.iterations = iter + 1;
    if (!inside && !meet && c2d_dot(closest, closest) > tol * tol) {
        c2d_vec2 ca = c2d_v2(0, 0), cb = c2d_v2(0, 0);
        c2d_real d = c2d_len(closest);
        int i;
        for (i = 0; i < n; ++i) {
            ca = c2d_mul_add(ca, bc[i], v[i].a);
            cb = c2d_mul_add(cb, bc[i], v[i].b);
        }
        r.normal = unit_or_zero(closest);
        r.sep = d - A->radius - B->radius;
        r.pa = c2d_mul_add(ca, -A->radius, r.normal);
        r.pb = c2d_mul_add(cb, B->radius, r.normal);
        return r;
    }
    epa(A, B, o, v, n, tol, &r);
    return r;
}

/* ---- the static queries ---- */

/* A pair made ready: both shapes checked, the origin and the tolerance. */
typedef struct sp_pair {
    sp_shape A, B;
    c2d_vec2 o;
    c2d_real tol;
} sp_pair;

static bool make_shape(const c2d_shape *s, sp_shape *out) {
    const c2d_kind *k = s != NULL ? c2d_kind_of(s->type) : NULL;
    if (k == NULL || !k->usable(s)) return false;
    out->s = s;
    out->k = k;
    out->radius = k->core(s).radius;
    out->shift = c2d_v2(0, 0);
    return true;
}

/* The tolerance of the path: rounding units of the coordinates (relative to o) and radii. */
static c2d_real pair_tol(const sp_pair *p) {
    c2d_real ext = c2d_maxr(box_extent(p->A.k->bounds(p->A.s), p->o), box_extent(p->B.k->bounds(p->B.s), p->o));
    return (c2d_real)64 * C2D_EPSILON * ext;
}

static bool make_pair(const c2d_shape *a, const c2d_shape *b, sp_pair *p) {
    if (!make_shape(a, &p->A) || !make_shape(b, &p->B)) return false;
    p->o = c2d_aabb_center(p->B.k->bounds(b));
    p->tol = pair_tol(p);
    return true;
}

/* Order of two shapes of one kind, so that (a, b) and (b, a) are computed alike: by their boxes,
 * then by a support point in a fixed direction. */
static bool shape_after(const c2d_shape *a, const c2d_shape *b) {
    const c2d_kind *k = c2d_kind_of(a->type);
    c2d_aabb ba = k->bounds(a), bb = k->bounds(b);
    c2d_real ka[6], kb[6];
    c2d_vec2 sa = k->support(a, c2d_v2((c2d_real)0.6, (c2d_real)0.8), c2d_v2(0, 0));
    c2d_vec2 sb = k->support(b, c2d_v2((c2d_real)0.6, (c2d_real)0.8), c2d_v2(0, 0));
    int i;
    ka[0] = ba.lower.x;
    ka[1] = ba.lower.y;
    ka[2] = ba.upper.x;
    ka[3] = ba.upper.y;
    ka[4] = sa.x;
    ka[5] = sa.y;
    kb[0] = bb.lower.x;
    kb[1] = bb.lower.y;
    kb[2] = bb.upper.x;
    kb[3] = bb.upper.y;
    kb[4] = sb.x;
    kb[5] = sb.y;
    for (i = 0; i < 6; ++i) {
        if (ka[i] != kb[i]) return ka[i] > kb[i];
    }
    return false;
}

/* The separation of a and b in world coordinates; false for unusable input. */
static bool query(const c2d_shape *a, const c2d_shape *b, sp_result *out) {
    sp_pair p;
    bool swap = a != NULL && b != NULL && c2d_kind_of(a->type) != NULL && c2d_kind_of(b->type) != NULL &&
                (a->type > b->type || (a->type == b->type && shape_after(a, b)));
    if (swap) {
        const c2d_shape *t = a;
        a = b;
        b = t;
    }
    if (!make_pair(a, b, &p)) return false;
    *out = separation(&p.A, &p.B, p.o, p.tol);
    out->pa = c2d_add(out->pa, p.o);
    out->pb = c2d_add(out->pb, p.o);
    if (!(C2D_ISFINITE(out->sep) && c2d_vec2_is_valid(out->pa) && c2d_vec2_is_valid(out->pb))) return false;
    /* touching within the tolerance is not overlapping */
    if (out->sep < 0 && !(out->sep < -p.tol)) out->sep = 0;
    if (swap) {
        c2d_vec2 t = out->pa;
        out->pa = out->pb;
        out->pb = t;
        out->normal = c2d_neg(out->normal);
    }
    return true;
}

bool c2d_support_overlap(const c2d_shape *a, const c2d_shape *b) {
    sp_result r;
    return query(a, b, &r) && r.sep < 0 && !is_zero_vec(r.normal);
}

bool c2d_support_hit(const c2d_shape *a, const c2d_shape *b, c2d_hit *out) {
    sp_result r;
    if (!query(a, b, &r) || !(r.sep < 0) || is_zero_vec(r.normal)) return false;
    out->pos = r.pb;
    out->normal = r.normal;
    out->delta = c2d_scale(r.normal, -r.sep);
    out->time = 0;
    return true;
}

c2d_manifold c2d_support_manifold(const c2d_shape *a, const c2d_shape *b) {
    c2d_manifold m = c2d_manifold_none();
    sp_result r;
    /* manifolds exist between 2D shapes only */
    if (a == NULL || b == NULL || c2d_kind_of(a->type) == NULL || c2d_kind_of(b->type) == NULL) return m;
    if (!c2d_kind_of(a->type)->solid || !c2d_kind_of(b->type)->solid) return m;
    if (!query(a, b, &r) || !(r.sep < 0) || is_zero_vec(r.normal)) return m;
    m.normal = r.normal;
    m.points[0].point = c2d_lerp(r.pa, r.pb, (c2d_real)0.5);
    m.points[0].depth = -r.sep;
    m.count = 1;
    return m;
}

c2d_distance_result c2d_support_distance(const c2d_shape *a, const c2d_shape *b) {
    c2d_distance_result d;
    sp_result r;
    d.point_a = d.point_b = d.normal = c2d_v2(0, 0);
    d.distance = 0;
    d.iterations = 0;
    d.status = C2D_DISTANCE_INVALID_INPUT;
    if (!query(a, b, &r)) {
        d.error = c2d_shape_status(a);
        if (d.error == C2D_OK) d.error = c2d_shape_status(b);
        /* usable shapes whose answer overflows (far apart near C2D_MAX_COORD) */
        if (d.error == C2D_OK) d.error = C2D_ERR_OUT_OF_RANGE;
        return d;
    }
    d.status = C2D_DISTANCE_OK;
    d.error = C2D_OK;
    d.iterations = r.iterations;
    if (r.sep > 0) {
        d.distance = r.sep;
        d.point_a = r.pa;
        d.point_b = r.pb;
        d.normal = r.normal;
        return d;
    }
    d.point_a = d.point_b = c2d_lerp(r.pa, r.pb, (c2d_real)0.5);
    d.normal = r.cores_meet ? c2d_v2(0, 0) : r.normal;
    return d;
}

/* ---- casts: conservative advancement ---- */

/* A moving by t*d against a still B: the first t in [0, t_max] where they come within tol. Returns
 * 0 (miss), 1 (contact at *t) or 2 (within tol at the start). */
static int advance(sp_pair *p, c2d_vec2 d, c2d_real t_max, c2d_real *t_out, c2d_vec2 *normal, c2d_vec2 *pos) {
    c2d_real t = 0;
    int iter;
    *t_out = 0;
    *normal = c2d_v2(0, 0);
    *pos = c2d_v2(0, 0);
    for (iter = 0; iter < CA_MAX_ITER; ++iter) {
        sp_result r;
        c2d_real speed, lower, hb;
        p->A.shift = c2d_scale(d, t);
        r = separation(&p->A, &p->B, p->o, p->tol);
        if (!C2D_ISFINITE(r.sep)) return 0;
        if (!(r.sep > p->tol) || is_zero_vec(r.normal)) {
            *normal = r.normal;
            *pos = c2d_add(r.pb, p->o);
            *t_out = t;
            return t > 0 ? 1 : 2;
        }
        speed = -c2d_dot(d, r.normal);
        if (!(speed > 0)) return 0;
        /* the separation along the normal: a lower bound of the distance, linear in t */
        hb = c2d_dot(r.normal, p->B.k->support(p->B.s, r.normal, p->o));
        lower = c2d_dot(r.normal, c2d_add(p->A.k->support(p->A.s, c2d_neg(r.normal), p->o), p->A.shift)) - hb - p->A.radius - p->B.radius;
        lower = c2d_minr(lower, r.sep);
        if (!(lower > (c2d_real)0.5 * p->tol)) lower = c2d_maxr(lower, (c2d_real)0.75 * p->tol);
        t += (lower - (c2d_real)0.5 * p->tol) / speed;
        if (!(t <= t_max)) return 0;
    }
    /* the cap: stop short, where the shapes are still apart */
    *t_out = t;
    p->A.shift = c2d_scale(d, t);
    {
        sp_result r = separation(&p->A, &p->B, p->o, p->tol);
        *normal = r.normal;
        *pos = c2d_add(r.pb, p->o);
    }
    return t > 0 ? 1 : 2;
}

int c2d_support_cast(const c2d_shape *a, const c2d_shape *b, c2d_vec2 d, c2d_real *t, c2d_vec2 *normal, c2d_vec2 *pos) {
    sp_pair p;
    if (!make_pair(a, b, &p)) {
        *t = 0;
        *normal = *pos = c2d_v2(0, 0);
        return 0;
    }
    p.tol = c2d_maxr(p.tol, (c2d_real)64 * C2D_EPSILON * c2d_maxr(C2D_ABS(d.x), C2D_ABS(d.y)));
    return advance(&p, d, 1, t, normal, pos);
}

bool c2d_support_raycast(const c2d_shape *s, c2d_raycast_input in, c2d_hit *out) {
    c2d_shape pt;
    sp_pair p;
    c2d_real t, tmax;
    c2d_vec2 n, pos;
    int r;
    if (!c2d_raycast_input_is_valid(in) || !c2d_vec2_in_range(in.origin)) return false;
    pt = c2d_shape_from_point(in.origin);
    if (!make_pair(&pt, s, &p)) return false;
    tmax = in.max_fraction;
    if (!C2D_ISFINITE(tmax)) {
        /* an unbounded ray: far enough to pass the whole shape */
        c2d_real len = c2d_len(in.translation);
        if (!(len > 0)) tmax = 0;
        else tmax = ((c2d_real)4 * box_extent(p.B.k->bounds(s), in.origin) + (c2d_real)1) / len;
    }
    p.tol = c2d_maxr(p.tol, (c2d_real)64 * C2D_EPSILON * box_extent(p.B.k->bounds(s), in.origin));
    r = advance(&p, in.translation, tmax, &t, &n, &pos);
    if (r == 0) return false;
    if (r == 2) {
        /* inside at the start (or touching and moving in): time 0 with the push-out normal */
        if (!s || !c2d_kind_of(s->type)->contains(s, in.origin)) {
            if (!(c2d_dot(n, in.translation) < 0)) return false;
        }
        t = 0;
    }
    if (is_zero_vec(n)) n = unit_or_zero(c2d_neg(in.translation));
    if (is_zero_vec(n)) n = c2d_v2(1, 0);
    {
        /* a translation so long that the hit's delta or point overflows is no hit (as
         * c2d_concave_raycast), never a non-finite one */
        c2d_vec2 hp = c2d_mul_add(in.origin, t, in.translation);
        c2d_vec2 hd = C2D_ISFINITE(in.max_fraction) ? c2d_scale(in.translation, t - in.max_fraction) : c2d_v2(0, 0);
        if (!c2d_vec2_is_valid(hp) || !c2d_vec2_is_valid(hd)) return false;
        out->time = t;
        out->pos = hp;
        out->normal = n;
        out->delta = hd;
    }
    return true;
}

bool c2d_shape_raycast_support(const c2d_shape *s, c2d_raycast_input in, c2d_hit *out) {
    bool ok = s != NULL && c2d_kind_of(s->type) != NULL && out != NULL;
    C2D_ASSERT(ok);
    if (!ok) return false;
    /* a point never blocks a ray */
    if (!c2d_kind_of(s->type)->solid && c2d_kind_of(s->type)->cast == C2D_CAST_POINT) return false;
    /* a kind made of pieces: the earliest hit of its pieces */
    if (c2d_kind_of(s->type)->piece_count != NULL) {
        const c2d_kind *k = c2d_kind_of(s->type);
        int i, n = k->usable(s) ? k->piece_count(s) : 0;
        bool found = false;
        c2d_hit h;
        for (i = 0; i < n; ++i) {
            c2d_shape p = k->piece(s, i);
            if (c2d_shape_raycast_support(&p, in, &h) && (!found || h.time < out->time)) {
                *out = h;
                found = true;
            }
        }
        return found;
    }
    return c2d_support_raycast(s, in, out);
}
