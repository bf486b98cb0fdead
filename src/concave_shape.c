/* The concave kind: a simple polygon of any size as a c2d_shape, held as its outline and its
 * convex pieces in caller-owned memory, placed by a transform. Nothing here allocates or copies
 * the arrays: a query places the piece it needs (one polygon on the stack) and asks the pair table
 * about it, so every other kind, present or future, works against it without new pair code. The
 * outline answers what the pieces cannot: points and segments on a diagonal between two pieces,
 * containment and the ray cast. Rules: see c2d_concave_shape_make in shape.h. */
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include "kind.h"

/* ---- the payload ---- */

static bool outline_ok(const c2d_concave *o) { return o->vertices != NULL && o->count >= 3; }

/* xf applied after inner. */
static c2d_transform compose(c2d_transform xf, c2d_transform inner) {
    c2d_transform r;
    r.q.c = xf.q.c * inner.q.c - xf.q.s * inner.q.s;
    r.q.s = xf.q.s * inner.q.c + xf.q.c * inner.q.s;
    r.p = c2d_transform_point(xf, inner.p);
    return r;
}

static bool is_identity(c2d_transform xf) { return xf.p.x == 0 && xf.p.y == 0 && xf.q.c == 1 && xf.q.s == 0; }

/* Bounds of the placed outline (the outline's own box when xf is the identity). */
static c2d_aabb placed_bounds(const c2d_concave_shape *c) {
    c2d_aabb b;
    int i;
    if (is_identity(c->xf)) return c->outline.bounds;
    b.lower = b.upper = c2d_transform_point(c->xf, c->outline.vertices[0]);
    for (i = 1; i < c->outline.count; ++i) {
        c2d_vec2 v = c2d_transform_point(c->xf, c->outline.vertices[i]);
        b.lower = c2d_v2(c2d_minr(b.lower.x, v.x), c2d_minr(b.lower.y, v.y));
        b.upper = c2d_v2(c2d_maxr(b.upper.x, v.x), c2d_maxr(b.upper.y, v.y));
    }
    return b;
}

/* What every query checks, in O(vertices + pieces): arrays present, counts in range, each piece
 * usable in its local frame and as placed by xf, xf valid, the placed bounds in range. The O(n^2) simplicity check of the outline is
 * c2d_concave_shape_is_valid's (the constructor's guarantee). */
static bool concave_usable(const c2d_concave_shape *c) {
    int i;
    c2d_aabb b;
    if (!outline_ok(&c->outline) || c->pieces == NULL || c->piece_count < 1 || c->piece_count > c->outline.count - 2) return false;
    if (!c2d_transform_is_valid(c->xf)) return false;
    for (i = 0; i < c->piece_count; ++i) {
        c2d_polygon placed;
        if (!c2d_polygon_usable(&c->pieces[i])) return false;
        if (is_identity(c->xf)) continue;
        /* the piece as the queries see it: rounding can flatten a sliver far from the origin */
        placed = c2d_polygon_transform(&c->pieces[i], c->xf);
        if (!c2d_polygon_usable(&placed)) return false;
    }
    for (i = 0; i < c->outline.count; ++i)
        if (!c2d_vec2_in_range(c->outline.vertices[i])) return false;
    b = placed_bounds(c);
    return c2d_vec2_in_range(b.lower) && c2d_vec2_in_range(b.upper);
}

/* Area of a convex polygon, in a fan from its first vertex (relative coordinates keep the
 * rounding to that of the polygon's own size). */
static c2d_real polygon_area(const c2d_polygon *p) {
    c2d_real a = 0;
    int i;
    for (i = 1; i + 1 < p->count; ++i)
        a += c2d_cross(c2d_sub(p->vertices[i], p->vertices[0]), c2d_sub(p->vertices[i + 1], p->vertices[0]));
    return a / 2;
}

bool c2d_concave_shape_is_valid(const c2d_concave_shape *c) {
    c2d_real sum = 0, tol, scale;
    int i, k, verts = 0;
    if (c == NULL || !concave_usable(c) || !c2d_concave_is_valid(&c->outline)) return false;
    for (i = 0; i < c->piece_count; ++i) {
        const c2d_polygon *p = &c->pieces[i];
        if (!c2d_polygon_is_valid(p)) return false;
        tol = (c2d_real)1e-3 * c2d_maxr(c2d_aabb_abs_max(c->outline.bounds), 1);
        for (k = 0; k < p->count; ++k) {
            c2d_vec2 v = p->vertices[k];
            if (v.x < c->outline.bounds.lower.x - tol || v.x > c->outline.bounds.upper.x + tol ||
                v.y < c->outline.bounds.lower.y - tol || v.y > c->outline.bounds.upper.y + tol)
                return false;
        }
        sum += polygon_area(p);
        verts += p->count;
    }
    /* the areas agree to 1e-3, or to the rounding of the outline's own area sum (its terms are
     * products of coordinates as large as scale) when that is larger, as for a tiny polygon far
     * from the origin */
    scale = c2d_aabb_abs_max(c->outline.bounds);
    tol = c2d_maxr((c2d_real)1e-3 * C2D_ABS(c->outline.signed_area), (c2d_real)8 * C2D_EPSILON * scale * scale * (c2d_real)(verts + c->outline.count));
    return C2D_ABS(sum - C2D_ABS(c->outline.signed_area)) <= tol;
}

c2d_status c2d_concave_shape_make(const c2d_concave *outline, c2d_polygon *pieces, int capacity, c2d_transform xf,
                                  c2d_concave_shape *out) {
    c2d_status s;
    int count = 0;
    c2d_concave_shape c;
    if (out != NULL) memset(out, 0, sizeof *out);
    if (outline == NULL || out == NULL || (pieces == NULL && capacity > 0)) return C2D_ERR_NULL_ARG;
    if (!c2d_transform_is_valid(xf)) return C2D_ERR_NOT_FINITE;
    s = c2d_concave_decompose(outline, pieces, capacity, &count);
    if (s != C2D_OK) return s;
    if (count < 1) return C2D_ERR_DEGENERATE;
    c.outline = *outline;
    c.pieces = pieces;
    c.piece_count = count;
    c.xf = xf;
    if (!concave_usable(&c)) {
        c2d_aabb b = placed_bounds(&c);
        return c2d_vec2_in_range(b.lower) && c2d_vec2_in_range(b.upper) ? C2D_ERR_DEGENERATE : C2D_ERR_OUT_OF_RANGE;
    }
    /* pieces whose areas do not add up to the outline's: an outline so thin that rounding
     * decides its area (fuzz_queries found one of area 6e-7 whose pieces summed to 41) */
    if (!c2d_concave_shape_is_valid(&c)) return C2D_ERR_DEGENERATE;
    *out = c;
    return C2D_OK;
}

c2d_polygon c2d_concave_shape_piece(const c2d_concave_shape *c, int i) {
    c2d_polygon p;
    if (c == NULL || c->pieces == NULL || i < 0 || i >= c->piece_count) {
        memset(&p, 0, sizeof p);
        return p;
    }
    if (is_identity(c->xf)) return c->pieces[i];
    return c2d_polygon_transform(&c->pieces[i], c->xf);
}

/* ---- the kind row ---- */

static const c2d_concave_shape *payload(const c2d_shape *s) { return &s->as.concave; }

static bool k_valid(const c2d_shape *s) { return c2d_concave_shape_is_valid(payload(s)); }
static bool k_usable(const c2d_shape *s) { return concave_usable(payload(s)); }
static c2d_aabb k_bounds(const c2d_shape *s) {
    c2d_aabb z;
    if (outline_ok(&payload(s)->outline) && c2d_transform_is_valid(payload(s)->xf)) return placed_bounds(payload(s));
    z.lower = z.upper = c2d_v2(0, 0);
    return z;
}
static bool k_contains(const c2d_shape *s, c2d_vec2 p) {
    const c2d_concave_shape *c = payload(s);
    if (!concave_usable(c)) return false;
    return c2d_concave_contains_point(&c->outline, c2d_inv_transform_point(c->xf, p));
}
/* Composes the transform; the arrays are not touched. */
static c2d_shape k_transform(const c2d_shape *s, c2d_transform xf) {
    c2d_shape r = *s;
    r.as.concave.xf = compose(xf, s->as.concave.xf);
    return r;
}
/* The outline's ray cast in the local frame, mapped back (a rigid map keeps the times). */
static bool k_raycast(const c2d_shape *s, c2d_raycast_input in, c2d_hit *out) {
    const c2d_concave_shape *c = payload(s);
    c2d_raycast_input li;
    c2d_hit h;
    if (!concave_usable(c) || !c2d_raycast_input_is_valid(in)) return false;
    li.origin = c2d_inv_transform_point(c->xf, in.origin);
    li.translation = c2d_inv_rotate(c->xf.q, in.translation);
    li.max_fraction = in.max_fraction;
    if (!c2d_concave_raycast(&c->outline, li, &h)) return false;
    /* a delta finite in the local frame can overflow once turned back (its components add up):
     * no hit then, as c2d_concave_raycast does for one that overflows locally */
    h.pos = c2d_transform_point(c->xf, h.pos);
    h.delta = c2d_rotate(c->xf.q, h.delta);
    if (!c2d_vec2_is_valid(h.pos) || !c2d_vec2_is_valid(h.delta)) return false;
    out->time = h.time;
    out->pos = h.pos;
    out->normal = c2d_rotate(c->xf.q, h.normal);
    out->delta = h.delta;
    return true;
}
/* The support of its hull (the placed outline's farthest vertex); the pair queries do not use it. */
static c2d_vec2 k_support(const c2d_shape *s, c2d_vec2 dir, c2d_vec2 o) {
    const c2d_concave_shape *c = payload(s);
    c2d_vec2 ld = c2d_inv_rotate(c->xf.q, dir), best = c->outline.vertices[0];
    c2d_real bd = c2d_dot(ld, best);
    int i;
    for (i = 1; i < c->outline.count; ++i) {
        c2d_real d = c2d_dot(ld, c->outline.vertices[i]);
        if (d > bd) {
            bd = d;
            best = c->outline.vertices[i];
        }
    }
    return c2d_sub(c2d_transform_point(c->xf, best), o);
}
static int k_piece_count(const c2d_shape *s) { return payload(s)->piece_count; }
static c2d_shape k_piece(const c2d_shape *s, int i) {
    c2d_polygon p = c2d_concave_shape_piece(payload(s), i);
    return c2d_shape_from_polygon(&p);
}

const c2d_kind c2d_kind_concave = {
    .name = "concave",
    .solid = true,
    .rounded = false,
    .cast = C2D_CAST_PIECES,
    .is_valid = k_valid,
    .usable = k_usable,
    .bounds = k_bounds,
    .contains = k_contains,
    .transform = k_transform,
    .raycast = k_raycast,
    .core = c2d_core_none,
    .support = k_support,
    .piece_count = k_piece_count,
    .piece = k_piece,
};

/* ---- the pair cells: a is pieced, b any shape ---- */

static const c2d_kind *kind(const c2d_shape *s) { return c2d_kind_of(s->type); }
static bool pieced(const c2d_shape *s) { return kind(s)->piece_count != NULL; }

static c2d_shape translated(const c2d_shape *s, c2d_vec2 d) {
    c2d_transform xf;
    xf.p = d;
    xf.q = c2d_rot_identity();
    return c2d_shape_transform(s, xf);
}

/* A fixed order of two pieced shapes (the placement, then the arrays' addresses), so that a pair
 * of them is always computed the same way round and each query is symmetric. */
static bool pair_before(const c2d_shape *a, const c2d_shape *b) {
    const c2d_concave_shape *p = payload(a), *q = payload(b);
    c2d_real kp[4] = {p->xf.p.x, p->xf.p.y, p->xf.q.c, p->xf.q.s}, kq[4] = {q->xf.p.x, q->xf.p.y, q->xf.q.c, q->xf.q.s};
    int i;
    for (i = 0; i < 4; ++i)
        if (kp[i] != kq[i]) return kp[i] < kq[i];
    /* the same placement: by content, never by address, so that two copies of a shape held in
     * different memory get the same answer (the JS binding's handles met this) */
    if (p->outline.count != q->outline.count) return p->outline.count < q->outline.count;
    if (p->piece_count != q->piece_count) return p->piece_count < q->piece_count;
    for (i = 0; i < p->outline.count; ++i) {
        c2d_vec2 u = p->outline.vertices[i], v = q->outline.vertices[i];
        if (u.x != v.x) return u.x < v.x;
        if (u.y != v.y) return u.y < v.y;
    }
    for (i = 0; i < p->piece_count; ++i) {
        const c2d_polygon *u = &p->pieces[i], *v = &q->pieces[i];
        int j;
        if (u->count != v->count) return u->count < v->count;
        for (j = 0; j < u->count; ++j) {
            if (u->vertices[j].x != v->vertices[j].x) return u->vertices[j].x < v->vertices[j].x;
            if (u->vertices[j].y != v->vertices[j].y) return u->vertices[j].y < v->vertices[j].y;
        }
    }
    return true; /* the same shape: either order gives the same answer */
}

/* Boxes apart by more than rounding: the shapes cannot overlap (the cheap first test). */
static bool boxes_apart(c2d_aabb a, c2d_aabb b) {
    c2d_real gap = (c2d_real)16 * C2D_EPSILON * c2d_maxr(c2d_aabb_abs_max(a), c2d_aabb_abs_max(b));
    return a.upper.x + gap < b.lower.x || b.upper.x + gap < a.lower.x || a.upper.y + gap < b.lower.y || b.upper.y + gap < a.lower.y;
}

bool c2d_pieces_overlap(const c2d_shape *a, const c2d_shape *b) {
    const c2d_kind *kb = kind(b);
    c2d_aabb bb;
    int i, n;
    if (!c2d_kind_usable(a) || !c2d_kind_usable(b)) return false;
    bb = kb->bounds(b);
    if (boxes_apart(kind(a)->bounds(a), bb)) return false;
    if (!kb->solid) {
        /* a point or a segment: against the outline, in the local frame */
        const c2d_concave_shape *c = payload(a);
        c2d_core_view v = kb->core(b);
        c2d_segment s;
        s.p1 = c2d_inv_transform_point(c->xf, v.p1);
        s.p2 = v.form == C2D_CORE_SEGMENT ? c2d_inv_transform_point(c->xf, v.p2) : s.p1;
        return c2d_concave_overlap_segment(&c->outline, s);
    }
    n = kind(a)->piece_count(a);
    for (i = 0; i < n; ++i) {
        c2d_shape p = kind(a)->piece(a, i);
        if (boxes_apart(c2d_shape_aabb(&p), bb)) continue;
        if (c2d_shape_overlap(&p, b)) return true;
    }
    return false;
}

c2d_distance_result c2d_pieces_distance(const c2d_shape *a, const c2d_shape *b) {
    c2d_distance_result best, r;
    c2d_vec2 t;
    int i, n;
    bool found = false;
    memset(&best, 0, sizeof best);
    best.status = C2D_DISTANCE_INVALID_INPUT;
    if (!c2d_kind_usable(a) || !c2d_kind_usable(b)) return best;
    if (pieced(b) && !pair_before(a, b)) {
        best = c2d_pieces_distance(b, a);
        t = best.point_a;
        best.point_a = best.point_b;
        best.point_b = t;
        best.normal = c2d_neg(best.normal);
        return best;
    }
    n = kind(a)->piece_count(a);
    for (i = 0; i < n; ++i) {
        c2d_shape p = kind(a)->piece(a, i);
        r = c2d_shape_distance(&p, b);
        if (r.status != C2D_DISTANCE_OK) return r;
        if (!found || r.distance < best.distance) {
            best = r;
            found = true;
        }
    }
    /* a point or a segment on a diagonal touches the pieces but overlaps the shape (a solid b
     * that overlaps the shape overlaps a piece, whose distance is then 0) */
    if (!kind(b)->solid && best.distance > 0 && c2d_pieces_overlap(a, b)) {
        best.distance = 0;
        best.point_a = best.point_b = c2d_lerp(best.point_a, best.point_b, (c2d_real)0.5);
    }
    return best;
}

/* ---- one push-out for the whole shape ---- */

/* x moved by d overlaps c (the whole shape). */
static bool overlaps_at(const c2d_shape *x, const c2d_shape *c, c2d_vec2 d) {
    c2d_shape m = translated(x, d);
    return c2d_shape_overlap(&m, c);
}

/* How far x must move along unit n for its box to lie beyond c's box: a distance that certainly
 * separates them (plus a margin of the boxes' size, so that rounding cannot put them back in
 * touch). */
static c2d_real full_clearance(const c2d_shape *x, const c2d_shape *c, c2d_vec2 n) {
    c2d_aabb bx = c2d_shape_aabb(x), bc = c2d_shape_aabb(c);
    c2d_real cmax = (n.x > 0 ? n.x * bc.upper.x : n.x * bc.lower.x) + (n.y > 0 ? n.y * bc.upper.y : n.y * bc.lower.y);
    c2d_real xmin = (n.x > 0 ? n.x * bx.lower.x : n.x * bx.upper.x) + (n.y > 0 ? n.y * bx.lower.y : n.y * bx.upper.y);
    c2d_real size = c2d_maxr(c2d_aabb_abs_max(bx), c2d_aabb_abs_max(bc));
    return c2d_maxr(cmax - xmin, 0) + (c2d_real)1e-3 * c2d_maxr(size, 1);
}

/* A push-out candidate. */
typedef struct push {
    c2d_real t;   /* length along n */
    c2d_vec2 n;   /* unit, from c toward x */
    c2d_vec2 pos; /* contact point on c's surface after the push */
    int piece;    /* the piece whose hit gave n (-1: none) */
    c2d_real own; /* that piece's own push-out length */
    bool walked;  /* t came from walk() */
} push;

/* From x moved by t0 * n, walks on along n past every piece of c it still overlaps: the far side
 * of piece j is where a cast from beyond the whole shape back along -n first meets it (each
 * piece is convex, so x overlaps it over one interval of t). At most one step per piece; ends
 * clear of c or at the full clearance. */
static void walk(const c2d_shape *x, const c2d_shape *c, push *p) {
    c2d_real T = full_clearance(x, c, p->n), t = p->t, nudge = 0;
    int n = kind(c)->piece_count(c), step, j;
    bool have_pos = true;
    /* one step past each piece, and room for the doubling nudges */
    for (step = 0; step <= n + 64 && t < T; ++step) {
        c2d_shape xm = translated(x, c2d_scale(p->n, t));
        if (!c2d_shape_overlap(&xm, c)) {
            p->t = t;
            if (!have_pos) {
                /* the contact point: the middle of x's box side facing c, at the push */
                c2d_aabb b = c2d_shape_aabb(&xm);
                p->pos = c2d_v2(p->n.x > 0 ? b.lower.x : (p->n.x < 0 ? b.upper.x : (b.lower.x + b.upper.x) / 2),
                                p->n.y > 0 ? b.lower.y : (p->n.y < 0 ? b.upper.y : (b.lower.y + b.upper.y) / 2));
            }
            return;
        }
        for (j = 0; j < n; ++j) {
            c2d_shape pc = kind(c)->piece(c, j);
            if (c2d_shape_overlap(&xm, &pc)) break;
        }
        if (j == n) {
            /* inside c only along a diagonal (a point or a segment, which may also be a hair off
             * the placed pieces): the first piece it moves into is the one to walk past */
            c2d_real first = 2;
            int k;
            for (k = 0; k < n; ++k) {
                c2d_shape pc = kind(c)->piece(c, k);
                c2d_sweep s = c2d_shape_cast(&xm, c2d_scale(p->n, T - t), &pc, c2d_v2(0, 0));
                if (s.has_hit && s.hit.time < first) {
                    first = s.hit.time;
                    j = k;
                }
            }
        }
        if (j == n) {
            /* none: a move along the diagonal itself, or x within rounding of the outline (the
             * outline is tested in the local frame, the pieces placed): step on by a few
             * rounding units, doubling */
            if (nudge == 0) nudge = (c2d_real)16 * C2D_EPSILON * c2d_maxr(C2D_ABS(t), c2d_aabb_abs_max(c2d_shape_aabb(c)));
            t += nudge;
            nudge *= 2;
            have_pos = false;
            continue;
        }
        {
            c2d_shape pc = kind(c)->piece(c, j), far = translated(x, c2d_scale(p->n, T));
            c2d_sweep s = c2d_shape_cast(&far, c2d_scale(p->n, t - T), &pc, c2d_v2(0, 0));
            c2d_real nt = s.has_hit ? T + s.time * (t - T) : T;
            if (s.has_hit) {
                /* the contact itself (touching is not overlapping) when the static test agrees;
                 * else the first clear point between it and the cast's safe time (backed off by
                 * C2D_SWEEP_MARGIN), by bisection */
                c2d_real lo = T + s.hit.time * (t - T), hi = nt, mid;
                int k;
                c2d_shape xe;
                if (!(lo > t)) lo = t; /* the exit within rounding of t: x at t overlaps pc */
                xe = translated(x, c2d_scale(p->n, lo));
                if (lo < nt) {
                    if (lo > t && !c2d_shape_overlap(&xe, &pc)) {
                        nt = lo;
                    } else {
                        for (k = 0; k < 64; ++k) {
                            mid = lo + (hi - lo) / 2;
                            if (!(mid > lo && mid < hi)) break;
                            xe = translated(x, c2d_scale(p->n, mid));
                            if (c2d_shape_overlap(&xe, &pc)) lo = mid;
                            else hi = mid;
                        }
                        nt = hi;
                    }
                }
            }
            have_pos = s.has_hit;
            if (s.has_hit) p->pos = s.hit.pos;
            t = nt > t ? nt : T;
        }
    }
    /* the full clearance: x's box beyond c's box along n */
    p->t = T;
    {
        c2d_shape xm = translated(x, c2d_scale(p->n, T));
        c2d_aabb b = c2d_shape_aabb(&xm);
        p->pos = c2d_v2((b.lower.x + b.upper.x) / 2, (b.lower.y + b.upper.y) / 2);
    }
}

/* The push-out of x (any shape) out of c (pieced), x and c overlapping; see shape.h. */
static push push_out(const c2d_shape *x, const c2d_shape *c) {
    push best, p;
    c2d_hit h;
    int i, n = kind(c)->piece_count(c);
    static const c2d_vec2 axes[4] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
    c2d_real scale = c2d_maxr(c2d_aabb_abs_max(c2d_shape_aabb(x)), c2d_aabb_abs_max(c2d_shape_aabb(c)));
    memset(&p, 0, sizeof p);
    memset(&best, 0, sizeof best);
    best.piece = -1;
    best.t = 0;
    best.n = c2d_v2(0, 0);
    best.pos = c2d_v2(0, 0);
    best.own = 0;
    for (i = 0; i < n; ++i) {
        c2d_shape pc = kind(c)->piece(c, i);
        if (!c2d_shape_hit(x, &pc, &h)) continue;
        p.n = h.normal;
        p.t = c2d_len(h.delta);
        p.own = p.t;
        p.pos = h.pos;
        p.piece = i;
        p.walked = false;
        if (!(c2d_len(p.n) > (c2d_real)0.5)) continue;
        if (overlaps_at(x, c, h.delta)) {
            /* a push-out that only touches its piece can overlap it by rounding once x is
             * moved: a few rounding units more first, then the walk */
            c2d_real more = (c2d_real)64 * C2D_EPSILON * c2d_maxr(scale, 1);
            if (overlaps_at(x, c, c2d_mul_add(h.delta, more, p.n))) {
                walk(x, c, &p);
                p.walked = true;
            } else {
                p.t += more;
            }
        }
        if (best.piece < 0 || p.t < best.t) best = p;
    }
    /* no piece's own push-out cleared the whole shape (or x lies only along a diagonal): try the
     * axes too, which the pieces' normals can miss (a box across a notch is best pushed out of
     * its open end) */
    if (best.piece >= 0 && !best.walked) return best;
    for (i = 0; i < 4; ++i) {
        p.n = axes[i];
        p.t = 0;
        p.own = 0;
        p.pos = c2d_v2(0, 0);
        p.piece = -1;
        p.walked = true;
        walk(x, c, &p);
        if ((best.piece < 0 && i == 0) || p.t < best.t) best = p;
    }
    return best;
}

static void write_push(push p, c2d_hit *out) {
    out->normal = p.n;
    out->delta = c2d_scale(p.n, p.t);
    out->pos = p.pos;
    out->time = 0;
}

/* Hit of the pieced a against b: push a out of b when b is pieced and comes first in the pair
 * order, else the flip of b pushed out of a. */
bool c2d_pieces_hit(const c2d_shape *a, const c2d_shape *b, c2d_hit *out) {
    c2d_hit h;
    if (!c2d_pieces_overlap(a, b)) return false;
    if (pieced(b) && !pair_before(a, b)) {
        write_push(push_out(a, b), out);
        return true;
    }
    write_push(push_out(b, a), &h);
    *out = c2d_hit_flip(h);
    return true;
}

/* The manifold of the chosen piece with the pushed shape (normal from the piece toward it),
 * its depths shifted together so that the deepest is the push-out's length (the walk beyond that
 * piece adds to every point; a point left without depth is dropped), and the normal set to the
 * push-out's own (some pairs' hit and manifold normals differ in the last bits): the whole
 * shape's hit is the rule. */
static c2d_manifold raise(c2d_manifold m, push p) {
    int i, k = 0;
    c2d_real deepest = 0, extra;
    for (i = 0; i < m.count; ++i) deepest = c2d_maxr(deepest, m.points[i].depth);
    extra = p.t - deepest;
    for (i = 0; i < m.count; ++i) {
        c2d_manifold_point q = m.points[i];
        q.depth += extra;
        if (q.depth > 0) m.points[k++] = q;
    }
    m.count = k;
    if (m.count > 0) m.normal = p.n;
    return m;
}

/* The manifold of a push-out along an axis (no piece's own normal): one point at the contact,
 * depth the push-out's length, normal n (B toward A as the caller wants it). */
static c2d_manifold axis_manifold(push p, c2d_vec2 n) {
    c2d_manifold m;
    memset(&m, 0, sizeof m);
    m.count = 1;
    m.normal = n;
    m.points[0].point = p.pos;
    m.points[0].depth = p.t;
    return m;
}

c2d_manifold c2d_pieces_manifold(const c2d_shape *a, const c2d_shape *b) {
    c2d_manifold m;
    c2d_shape pc;
    push p;
    memset(&m, 0, sizeof m);
    if (!kind(b)->solid || !c2d_pieces_overlap(a, b)) return m;
    if (pieced(b) && !pair_before(a, b)) {
        /* a pushed out of b: a against b's chosen piece, in the order its hit was taken */
        p = push_out(a, b);
        if (p.piece < 0) return axis_manifold(p, p.n);
        pc = kind(b)->piece(b, p.piece);
        return raise(c2d_shape_manifold(a, &pc), p);
    }
    /* b pushed out of a: b against a's chosen piece, flipped */
    p = push_out(b, a);
    if (p.piece < 0) return axis_manifold(p, c2d_neg(p.n));
    pc = kind(a)->piece(a, p.piece);
    m = raise(c2d_shape_manifold(b, &pc), p);
    if (m.count > 0) m.normal = c2d_neg(m.normal);
    return m;
}
