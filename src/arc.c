/* The arc kind: an annular sector (c2d_arc; inner radius 0 gives a wedge of any angle), which is
 * not convex, so none of its pair queries can go through the support path. Its boundary is made
 * of at most four features: the outer and inner circle arcs and the two radial sides. Every pair
 * query here works on those features against the other shape, seen through its kind row:
 *   - a polygonal core (point, segment, box, polygon) inflated by the core view's radius: exact
 *     (closed-form feature distances, and crossings with the lines and circles that bound it);
 *   - another arc or a wedge: exact the same way;
 *   - any other curved kind (the ellipse): its boundary walked through its support function, to
 *     C2D_ELLIPSE_TOLERANCE.
 * The math is in docs/design.md ("The arc kind"). */
#include <stddef.h>
#include "kind.h"
#include "rshape.h"
#include "validate.h"

#define ARC_PI ((c2d_real)3.14159265358979323846)
#define ARC_TWO_PI ((c2d_real)6.28318530717958647692)
#define ARC_MAX_CURVES (2 * C2D_MAX_POLYGON_VERTICES + 4)
#define ARC_MAX_PARAMS (2 * ARC_MAX_CURVES + 2)
/* the walk keeps at most ARC_WALK_MAX pieces on the stack (about 17 kB in float, 33 kB in double) */
#define ARC_WALK_MAX 320
#define ARC_WALK_START 16
#define ARC_WALK_TOL ((c2d_real)C2D_ELLIPSE_TOLERANCE / 2 < (c2d_real)1 / 1024 ? (c2d_real)C2D_ELLIPSE_TOLERANCE / 2 : (c2d_real)1 / 1024)
#define ARC_WALK_GOLDEN 48
#define ARC_CA_MAX_ITER 1024
#define ARC_PUSH_SAMPLES 16

/* ---- the shape ---- */

c2d_status c2d_arc_shape_make(c2d_vec2 center, c2d_real inner_radius, c2d_real outer_radius, c2d_real start_angle, c2d_real end_angle,
                              c2d_arc *out) {
    c2d_status s = c2d_arc_make(center, inner_radius, outer_radius, start_angle, end_angle, out);
    if (s != C2D_OK) return s;
    if (!(outer_radius - inner_radius >= (c2d_real)C2D_MIN_SIZE)) {
        c2d_arc zero = {{0, 0}, 0, 0, 0, 0, {0, 0}, {0, 0}};
        *out = zero;
        return C2D_ERR_BAD_SIZE;
    }
    return C2D_OK;
}

bool c2d_arc_shape_is_valid(const c2d_arc *a) {
    return a != NULL && c2d_arc_is_valid(a) && a->outer_radius <= C2D_MAX_COORD &&
           a->outer_radius - a->inner_radius >= (c2d_real)C2D_MIN_SIZE;
}

/* Angle of v from the +x axis, minus a0, wrapped into [0, 2 pi). */
static c2d_real rel_angle(c2d_vec2 v, c2d_real a0) {
    c2d_real t = C2D_ATAN2(v.y, v.x) - a0;
    /* a valid a0 lies in [0, 2 pi), so t is in (-3 pi, pi] and two turns up are enough; anything
     * else (an unchecked shape's bounds) or a sum that rounds to 2 pi gives 0 */
    if (t < 0) t += ARC_TWO_PI;
    if (t < 0) t += ARC_TWO_PI;
    if (!(t >= 0 && t < ARC_TWO_PI)) t = 0;
    return t;
}

static c2d_vec2 unit_at(c2d_real a) { return c2d_v2(C2D_COS(a), C2D_SIN(a)); }

/* Whether the direction v (nonzero) lies in the closed sweep from the unit ds to the unit de (of
 * angle sw), by the signs of two cross products as c2d_arc_contains_point decides (no atan2). */
static bool sweep_has(c2d_vec2 ds, c2d_vec2 de, c2d_real sw, c2d_vec2 v) {
    c2d_real k = c2d_cross(ds, de), cs = c2d_cross(ds, v), ce = c2d_cross(v, de);
    if (sw >= ARC_TWO_PI) return true;
    if (k > 0) return cs >= 0 && ce >= 0;
    if (k < 0) return cs >= 0 || ce >= 0;
    if (c2d_dot(ds, de) < 0) return cs >= 0;
    /* ds == de: a slit ring (sweep near 2 pi) or a sweep near 0 */
    return sw > ARC_PI ? true : (cs == 0 && c2d_dot(ds, v) > 0);
}

/* The farthest point along dir of the sector's hull: the outer circle's point along dir when dir
 * lies within the sweep, else the farthest of the four corners (or the center of a wedge). */
static c2d_vec2 arc_support(const c2d_arc *w, c2d_vec2 dir, c2d_vec2 o) {
    c2d_vec2 c = c2d_sub(w->center, o), best, p[4];
    c2d_real bd, d, l = c2d_len(dir);
    int i;
    p[0] = c2d_mul_add(c, w->outer_radius, w->start_dir);
    p[1] = c2d_mul_add(c, w->outer_radius, w->end_dir);
    p[2] = c2d_mul_add(c, w->inner_radius, w->start_dir);
    p[3] = c2d_mul_add(c, w->inner_radius, w->end_dir);
    best = p[0];
    bd = c2d_dot(dir, best);
    for (i = 1; i < 4; ++i) {
        if ((d = c2d_dot(dir, p[i])) > bd) {
            bd = d;
            best = p[i];
        }
    }
    if (l > 0 && sweep_has(w->start_dir, w->end_dir, w->sweep_angle, dir)) {
        c2d_vec2 q = c2d_mul_add(c, w->outer_radius / l, dir);
        if (c2d_dot(dir, q) > bd) best = q;
    }
    return best;
}

/* ---- boundary features: radial segments and circle arcs, parameter u in [0, 1] ---- */

typedef struct feat {
    bool curved;
    c2d_vec2 a, b; /* segment ends (a == b: a point) */
    c2d_vec2 c;    /* circle arc: center, radius, start angle and sweep, start and end directions */
    c2d_real r, a0, sw;
    c2d_vec2 ds, de;
} feat;

static feat seg_feat(c2d_vec2 a, c2d_vec2 b) {
    feat f;
    f.curved = false;
    f.a = a;
    f.b = b;
    f.c = a;
    f.r = f.a0 = f.sw = 0;
    f.ds = f.de = c2d_v2(0, 0);
    return f;
}

/* A circle arc of the sector s at radius r (its ends on the sides' directions). */
static feat arc_feat(const c2d_arc *s, c2d_real r) {
    feat f;
    f.curved = true;
    f.c = s->center;
    f.r = r;
    f.a0 = s->start_angle;
    f.sw = s->sweep_angle;
    f.ds = s->start_dir;
    f.de = s->end_dir;
    f.a = c2d_mul_add(f.c, r, f.ds);
    f.b = c2d_mul_add(f.c, r, f.de);
    return f;
}

static c2d_vec2 feat_at(const feat *f, c2d_real u) {
    if (!f->curved) return c2d_lerp(f->a, f->b, u);
    if (u <= 0) return f->a;
    if (u >= 1) return f->b;
    return c2d_mul_add(f->c, f->r, unit_at(f->a0 + u * f->sw));
}

/* The features of a sector: outer arc, inner arc (a ring only), and the radial sides (unless the
 * sweep is a full turn). */
static int arc_features(const c2d_arc *s, feat f[4]) {
    int n = 0;
    f[n++] = arc_feat(s, s->outer_radius);
    if (s->inner_radius > 0) f[n++] = arc_feat(s, s->inner_radius);
    if (s->sweep_angle < ARC_TWO_PI) {
        f[n++] = seg_feat(c2d_mul_add(s->center, s->inner_radius, s->start_dir), c2d_mul_add(s->center, s->outer_radius, s->start_dir));
        f[n++] = seg_feat(c2d_mul_add(s->center, s->inner_radius, s->end_dir), c2d_mul_add(s->center, s->outer_radius, s->end_dir));
    }
    return n;
}

/* Closest point of feature f to p. */
static c2d_vec2 feat_closest(const feat *f, c2d_vec2 p) {
    if (!f->curved) {
        c2d_vec2 e = c2d_sub(f->b, f->a);
        c2d_real ee = c2d_dot(e, e), t;
        if (!(ee > 0)) return f->a;
        t = c2d_dot(c2d_sub(p, f->a), e) / ee;
        t = t < 0 ? 0 : (t > 1 ? 1 : t);
        return c2d_mul_add(f->a, t, e);
    } else {
        c2d_vec2 v = c2d_sub(p, f->c);
        c2d_real l = c2d_len(v);
        if (l > 0 && sweep_has(f->ds, f->de, f->sw, v)) return c2d_mul_add(f->c, f->r / l, v);
        return c2d_dist(p, f->a) <= c2d_dist(p, f->b) ? f->a : f->b;
    }
}

/* ---- curves bounding a region: lines and circles ---- */

typedef struct curve {
    bool circle;
    c2d_vec2 p, d; /* line through p along d; circle of center p */
    c2d_real r;
} curve;

static curve line_curve(c2d_vec2 p, c2d_vec2 d) {
    curve c;
    c.circle = false;
    c.p = p;
    c.d = d;
    c.r = 0;
    return c;
}

static curve circle_curve(c2d_vec2 p, c2d_real r) {
    curve c;
    c.circle = true;
    c.p = p;
    c.d = c2d_v2(0, 0);
    c.r = r;
    return c;
}

/* Appends the parameters u in [0, 1] where f crosses or touches curve k (pt NULL), or the points
 * themselves (into pt, u unused). */
static int feat_cross_at(const feat *f, const curve *k, c2d_real *u, c2d_vec2 *pt, int n) {
    c2d_vec2 pts[2];
    int np = 0, i;
    if (!f->curved) {
        c2d_vec2 e = c2d_sub(f->b, f->a), w = c2d_sub(f->a, k->p);
        if (!k->circle) {
            c2d_real den = c2d_cross(k->d, e);
            if (den != 0) {
                c2d_real t = -c2d_cross(k->d, w) / den;
                if (t >= 0 && t <= 1) {
                    if (pt != NULL) pt[n++] = c2d_mul_add(f->a, t, e);
                    else u[n++] = t;
                }
            }
        } else {
            c2d_real A = c2d_dot(e, e), B = c2d_dot(w, e), C = c2d_dot(w, w) - k->r * k->r, disc, q;
            if (!(A > 0)) return n;
            disc = B * B - A * C;
            if (disc < 0) return n;
            q = C2D_SQRT(disc);
            for (i = 0; i < 2; ++i) {
                c2d_real t = (-B + (i ? q : -q)) / A;
                if (t >= 0 && t <= 1) {
                    if (pt != NULL) pt[n++] = c2d_mul_add(f->a, t, e);
                    else u[n++] = t;
                }
            }
        }
        return n;
    }
    if (!k->circle) {
        c2d_real dl = c2d_len(k->d), h2;
        c2d_vec2 dn, foot;
        if (!(dl > 0)) return n;
        dn = c2d_scale(k->d, 1 / dl);
        foot = c2d_mul_add(k->p, c2d_dot(dn, c2d_sub(f->c, k->p)), dn);
        h2 = f->r * f->r - c2d_len_sq(c2d_sub(f->c, foot));
        if (h2 < 0) return n;
        pts[np++] = c2d_mul_add(foot, C2D_SQRT(h2), dn);
        pts[np++] = c2d_mul_add(foot, -C2D_SQRT(h2), dn);
    } else {
        c2d_vec2 e = c2d_sub(k->p, f->c);
        c2d_real D = c2d_len(e), a, h2;
        if (!(D > 0)) return n;
        e = c2d_scale(e, 1 / D);
        a = (D * D + f->r * f->r - k->r * k->r) / (2 * D);
        h2 = f->r * f->r - a * a;
        if (h2 < 0) return n;
        pts[np++] = c2d_mul_add(c2d_mul_add(f->c, a, e), C2D_SQRT(h2), c2d_left_perp(e));
        pts[np++] = c2d_mul_add(c2d_mul_add(f->c, a, e), -C2D_SQRT(h2), c2d_left_perp(e));
    }
    for (i = 0; i < np; ++i) {
        c2d_real t;
        if (pt != NULL) {
            if (sweep_has(f->ds, f->de, f->sw, c2d_sub(pts[i], f->c))) pt[n++] = pts[i];
            continue;
        }
        t = rel_angle(c2d_sub(pts[i], f->c), f->a0);
        if (t <= f->sw) u[n++] = t / f->sw;
    }
    return n;
}

static int feat_cross(const feat *f, const curve *k, c2d_real *u, int n) { return feat_cross_at(f, k, u, NULL, n); }

static void sort_reals(c2d_real *u, int n) {
    int i, j;
    for (i = 1; i < n; ++i) {
        c2d_real v = u[i];
        for (j = i; j > 0 && u[j - 1] > v; --j) u[j] = u[j - 1];
        u[j] = v;
    }
}

typedef bool contains_fn(const void *ctx, c2d_vec2 p);

/* Whether closed feature f has a point in the open region given by its containment test and a set
 * of curves covering its boundary: the points of f inside form an open subset of f whose ends lie
 * where f crosses those curves, so the ends of f, the crossings and the middles between them
 * are enough to test. */
static bool feat_meets(const feat *f, const curve *k, int nk, contains_fn *in, const void *ctx) {
    c2d_real u[ARC_MAX_PARAMS];
    int n = 0, i;
    u[n++] = 0;
    u[n++] = 1;
    for (i = 0; i < nk && n + 2 <= ARC_MAX_PARAMS; ++i) n = feat_cross(f, &k[i], u, n);
    sort_reals(u, n);
    for (i = 0; i < n; ++i) {
        if (in(ctx, feat_at(f, u[i]))) return true;
        if (i + 1 < n && u[i + 1] > u[i] && in(ctx, feat_at(f, (c2d_real)0.5 * (u[i] + u[i + 1])))) return true;
    }
    return false;
}

static int arc_curves(const c2d_arc *s, curve *k) {
    int n = 0;
    k[n++] = circle_curve(s->center, s->outer_radius);
    if (s->inner_radius > 0) k[n++] = circle_curve(s->center, s->inner_radius);
    k[n++] = line_curve(s->center, s->start_dir);
    k[n++] = line_curve(s->center, s->end_dir);
    return n;
}

/* The point of the segment [a, b] nearest p (a when the segment has no length). */
static c2d_vec2 seg_closest(c2d_vec2 p, c2d_vec2 a, c2d_vec2 b) {
    c2d_vec2 e = c2d_sub(b, a), w = c2d_sub(p, a);
    c2d_real ee = c2d_dot(e, e), t = ee > 0 ? c2d_dot(w, e) / ee : 0;
    t = t < 0 ? 0 : (t > 1 ? 1 : t);
    return c2d_mul_add(a, t, e);
}

/* Distance from p to the segment [a, b]. */
static c2d_real seg_dist(c2d_vec2 p, c2d_vec2 a, c2d_vec2 b) { return c2d_dist(p, seg_closest(p, a, b)); }

/* ---- the other shape, seen through its kind row ---- */

typedef enum other_form { OTHER_CORE,
                          OTHER_ARC,
                          OTHER_CURVED } other_form;

typedef struct other {
    const c2d_shape *s;
    const c2d_kind *k;
    other_form form;
    c2d_core_view core;
    c2d_polygon box; /* a box core as a polygon */
    const c2d_polygon *poly;
    c2d_real radius;
    c2d_vec2 ref; /* a point of the shape (inside it when it has an interior) */
} other;

static bool is_arc_kind(const c2d_kind *k) { return k == &c2d_kind_arc || k == &c2d_kind_wedge; }

static void other_make(const c2d_shape *s, other *o) {
    int i;
    o->s = s;
    o->k = c2d_kind_of(s->type);
    o->core = o->k->core(s);
    o->poly = NULL;
    o->radius = o->core.radius;
    if (o->core.form != C2D_CORE_NONE) {
        o->form = OTHER_CORE;
        switch (o->core.form) {
        case C2D_CORE_POINT: o->ref = o->core.p1; break;
        case C2D_CORE_SEGMENT: o->ref = c2d_lerp(o->core.p1, o->core.p2, (c2d_real)0.5); break;
        case C2D_CORE_BOX:
            o->box = c2d_polygon_from_aabb(s->as.aabb);
            o->box.vertices[0] = o->core.p1;
            o->box.vertices[1] = c2d_v2(o->core.p2.x, o->core.p1.y);
            o->box.vertices[2] = o->core.p2;
            o->box.vertices[3] = c2d_v2(o->core.p1.x, o->core.p2.y);
            o->poly = &o->box;
            break;
        case C2D_CORE_POLYGON: o->poly = o->core.polygon; break;
        case C2D_CORE_NONE: break;
        }
        if (o->poly != NULL) {
            o->ref = c2d_v2(0, 0);
            for (i = 0; i < o->poly->count; ++i) o->ref = c2d_add(o->ref, o->poly->vertices[i]);
            o->ref = c2d_scale(o->ref, (c2d_real)1 / (c2d_real)o->poly->count);
        }
    } else if (is_arc_kind(o->k)) {
        const c2d_arc *a = &s->as.arc;
        o->form = OTHER_ARC;
        o->ref = c2d_mul_add(a->center, (c2d_real)0.5 * (a->inner_radius + a->outer_radius), unit_at(a->start_angle + (c2d_real)0.5 * a->sweep_angle));
    } else {
        o->form = OTHER_CURVED;
        o->ref = c2d_aabb_center(o->k->bounds(s));
    }
}

/* The curves covering the boundary of a core shape: its edges' lines, or with a radius the
 * circles at its vertices and the lines offset by the radius. */
static int core_curves(const other *o, curve *k) {
    int n = 0, i;
    c2d_real R = o->radius;
    if (o->poly != NULL) {
        const c2d_polygon *p = o->poly;
        for (i = 0; i < p->count; ++i) {
            c2d_vec2 v = p->vertices[i], w = p->vertices[i + 1 < p->count ? i + 1 : 0];
            c2d_vec2 nrm = c2d_unit_or_zero(c2d_right_perp(c2d_sub(w, v)));
            k[n++] = line_curve(c2d_mul_add(v, R, nrm), c2d_sub(w, v));
            if (R > 0) k[n++] = circle_curve(v, R);
        }
        return n;
    }
    if (R > 0) k[n++] = circle_curve(o->core.p1, R);
    if (o->core.form == C2D_CORE_SEGMENT && R > 0) {
        c2d_vec2 e = c2d_sub(o->core.p2, o->core.p1), nrm = c2d_unit_or_zero(c2d_left_perp(e));
        k[n++] = circle_curve(o->core.p2, R);
        if (nrm.x != 0 || nrm.y != 0) {
            k[n++] = line_curve(c2d_mul_add(o->core.p1, R, nrm), e);
            k[n++] = line_curve(c2d_mul_add(o->core.p1, -R, nrm), e);
        }
    }
    return n;
}

/* The sector's containment without its validity check (the pair queries checked it first). */
static bool arc_in(const void *ctx, c2d_vec2 p) { return c2d_arc_contains_point(&((const c2d_shape *)ctx)->as.arc, p); }

static bool shape_in(const void *ctx, c2d_vec2 p) {
    const c2d_shape *s = (const c2d_shape *)ctx;
    return c2d_kind_of(s->type)->contains(s, p);
}

/* The core shape's own closed features (a point, a segment or the polygon's edges). */
static int core_feats(const other *o, feat *f) {
    int n = 0, i;
    if (o->poly != NULL) {
        for (i = 0; i < o->poly->count; ++i) f[n++] = seg_feat(o->poly->vertices[i], o->poly->vertices[i + 1 < o->poly->count ? i + 1 : 0]);
        return n;
    }
    f[n++] = seg_feat(o->core.p1, o->core.form == C2D_CORE_SEGMENT ? o->core.p2 : o->core.p1);
    return n;
}

/* p in the closed sector. */
static bool arc_closed_contains(const c2d_arc *s, c2d_vec2 p) {
    c2d_vec2 v = c2d_sub(p, s->center);
    c2d_real r2 = c2d_len_sq(v);
    if (r2 > s->outer_radius * s->outer_radius || r2 < s->inner_radius * s->inner_radius) return false;
    if (s->sweep_angle >= ARC_TWO_PI || r2 == 0) return true;
    return sweep_has(s->start_dir, s->end_dir, s->sweep_angle, v) || (c2d_cross(s->start_dir, v) == 0 && c2d_dot(s->start_dir, v) > 0) ||
           (c2d_cross(v, s->end_dir) == 0 && c2d_dot(s->end_dir, v) > 0);
}

/* p in the closed polygon. */
static bool poly_closed_contains(const c2d_polygon *p, c2d_vec2 q) {
    int i;
    for (i = 0; i < p->count; ++i) {
        c2d_vec2 v = p->vertices[i], w = p->vertices[i + 1 < p->count ? i + 1 : 0];
        if (c2d_cross(c2d_sub(w, v), c2d_sub(q, v)) < 0) return false;
    }
    return true;
}

/* ---- overlap ---- */

/* How far a core shape (its core inflated by its radius) reaches from the sector's center: the
 * least and the greatest distance of its points from the center, and the least and greatest of
 * cross(start_dir, x - center) and cross(x - center, end_dir) (the sides' lines), each exact to
 * rounding (a convex core's farthest point from anything is a vertex). */
typedef struct reach {
    c2d_real dmin, dmax, smin, smax, emin, emax, margin;
} reach;

static reach core_reach(const other *o, const c2d_arc *s) {
    reach r;
    c2d_vec2 v[2];
    const c2d_vec2 *vs = v;
    int n, i;
    c2d_real scale = c2d_maxr(C2D_ABS(s->center.x), C2D_ABS(s->center.y)) + s->outer_radius + o->radius;
    if (o->poly != NULL) {
        vs = o->poly->vertices;
        n = o->poly->count;
    } else {
        v[0] = o->core.p1;
        v[1] = o->core.form == C2D_CORE_SEGMENT ? o->core.p2 : o->core.p1;
        n = 2;
    }
    r.dmin = r.smin = r.emin = (c2d_real)INFINITY;
    r.dmax = r.smax = r.emax = -(c2d_real)INFINITY;
    for (i = 0; i < n; ++i) {
        c2d_vec2 d = c2d_sub(vs[i], s->center);
        c2d_real cs = c2d_cross(s->start_dir, d), ce = c2d_cross(d, s->end_dir);
        r.dmax = c2d_maxr(r.dmax, c2d_len(d));
        r.smin = c2d_minr(r.smin, cs);
        r.smax = c2d_maxr(r.smax, cs);
        r.emin = c2d_minr(r.emin, ce);
        r.emax = c2d_maxr(r.emax, ce);
        scale = c2d_maxr(scale, c2d_maxr(C2D_ABS(vs[i].x), C2D_ABS(vs[i].y)));
        r.dmin = c2d_minr(r.dmin, seg_dist(s->center, vs[i], vs[i + 1 < n ? i + 1 : 0]));
    }
    if (o->poly != NULL && poly_closed_contains(o->poly, s->center)) r.dmin = 0;
    r.dmin -= o->radius;
    r.dmax += o->radius;
    r.smin -= o->radius;
    r.smax += o->radius;
    r.emin -= o->radius;
    r.emax += o->radius;
    r.margin = (c2d_real)64 * C2D_EPSILON * scale;
    return r;
}

/* A sure "apart" from the reach alone (beyond a rounding margin, so that a verdict near touching
 * is left to the exact feature test): the core shape lies outside the outer circle, inside the
 * hole, or beyond a side's line (a sweep up to pi lies on the inner side of both lines; a larger
 * one only misses what is beyond both). */
static bool reach_apart(const reach *r, const c2d_arc *s) {
    if (r->dmin >= s->outer_radius + r->margin) return true;
    if (s->inner_radius > 0 && r->dmax <= s->inner_radius - r->margin) return true;
    if (s->sweep_angle >= ARC_TWO_PI) return false;
    if (s->sweep_angle <= ARC_PI) return r->smax <= -r->margin || r->emax <= -r->margin;
    return r->smax <= -r->margin && r->emax <= -r->margin;
}

/* Whether feature i of arc_features (outer arc, inner arc, start side, end side) surely has no
 * point inside the core shape: the shape does not reach its circle, or lies wholly on one side of
 * its line. */
static bool reach_misses(const reach *r, const c2d_arc *s, const feat *f) {
    if (f->curved) return f->r == s->outer_radius ? r->dmax < f->r - r->margin : r->dmin > f->r + r->margin;
    if (f->b.x == c2d_mul_add(s->center, s->outer_radius, s->start_dir).x && f->b.y == c2d_mul_add(s->center, s->outer_radius, s->start_dir).y)
        return r->smin > r->margin || r->smax < -r->margin;
    return r->emin > r->margin || r->emax < -r->margin;
}

/* Open interiors meet (points and segments: their closed selves). For a region X with an interior
 * (open, connected) and the sector S: X meets S exactly when S holds X's inner reference point or a
 * feature of S has a point inside X (X is then not inside S, so it crosses S's boundary). A core
 * shape is first measured from S's center (core_reach): a sure miss needs no feature test, and a
 * feature the shape cannot reach is skipped. */
static bool overlap_with(const other *o, const c2d_arc *s, const c2d_shape *ss) {
    feat f[4];
    curve k[ARC_MAX_CURVES];
    int nf, nk, i;
    reach r;
    if (c2d_arc_contains_point(s, o->ref)) return true;
    if (o->form == OTHER_CORE) {
        r = core_reach(o, s);
        if (reach_apart(&r, s)) return false;
    }
    if (o->form == OTHER_CORE && !o->k->solid) {
        /* a point or a segment: its own points against S's boundary curves */
        feat g = seg_feat(o->core.p1, o->core.form == C2D_CORE_SEGMENT ? o->core.p2 : o->core.p1);
        nk = arc_curves(s, k);
        return feat_meets(&g, k, nk, arc_in, ss);
    }
    nf = arc_features(s, f);
    nk = o->form == OTHER_ARC ? arc_curves(&o->s->as.arc, k) : core_curves(o, k);
    for (i = 0; i < nf; ++i) {
        if (o->form == OTHER_CORE && reach_misses(&r, s, &f[i])) continue;
        if (feat_meets(&f[i], k, nk, o->form == OTHER_ARC ? arc_in : shape_in, o->s)) return true;
    }
    return false;
}

/* ---- distance ---- */

typedef struct closest {
    c2d_real d;
    c2d_vec2 pa, pb;
} closest;

static void consider(closest *c, c2d_vec2 pa, c2d_vec2 pb) {
    c2d_real d = c2d_dist(pa, pb);
    if (d < c->d) {
        c->d = d;
        c->pa = pa;
        c->pb = pb;
    }
}

/* Closest points of two features: the minimum is at an end of one, at a crossing, or (both
 * inside) on the normal through a circle's center: the foot of that center on a segment, or the
 * line of the two centers for two circle arcs. Each candidate point of one is paired with its
 * closest point on the other. */
static void feat_feat(const feat *f, const feat *g, closest *c) {
    c2d_vec2 q[12];
    int nq = 0, i, side;
    for (side = 0; side < 2; ++side) {
        const feat *x = side ? g : f, *y = side ? f : g;
        curve k = y->curved ? circle_curve(y->c, y->r) : line_curve(y->a, c2d_sub(y->b, y->a));
        nq = 0;
        q[nq++] = x->a;
        q[nq++] = x->b;
        nq = feat_cross_at(x, &k, NULL, q, nq);
        if (y->curved && !x->curved) {
            /* the foot of y's center on x */
            feat h = *x;
            q[nq++] = feat_closest(&h, y->c);
        }
        if (y->curved && x->curved) {
            c2d_vec2 e = c2d_unit_or_zero(c2d_sub(y->c, x->c));
            if (e.x != 0 || e.y != 0) {
                for (i = -1; i <= 1; i += 2) {
                    c2d_vec2 p = c2d_mul_add(x->c, (c2d_real)i * x->r, e);
                    if (sweep_has(x->ds, x->de, x->sw, c2d_sub(p, x->c))) q[nq++] = p;
                }
            } else {
                /* concentric: x's points at the angles of y's ends */
                c2d_vec2 ends[2];
                ends[0] = y->a;
                ends[1] = y->b;
                for (i = 0; i < 2; ++i) {
                    c2d_vec2 v = c2d_unit_or_zero(c2d_sub(ends[i], x->c));
                    if ((v.x != 0 || v.y != 0) && sweep_has(x->ds, x->de, x->sw, v)) q[nq++] = c2d_mul_add(x->c, x->r, v);
                }
            }
        }
        for (i = 0; i < nq; ++i) {
            c2d_vec2 p = feat_closest(y, q[i]);
            if (side) consider(c, p, q[i]);
            else consider(c, q[i], p);
        }
    }
}

/* A lower bound of the distance between two features, from their supporting circles and
 * segments alone (the sweeps left out): two segments' bounding boxes' gap; a segment and a circle
 * arc, how far the segment is outside the circle or inside it; two circle arcs, how far apart or
 * nested their circles are. */
static c2d_real feat_lower_bound(const feat *f, const feat *g) {
    c2d_real v;
    if (!f->curved && !g->curved) {
        c2d_real gx = c2d_maxr(c2d_minr(f->a.x, f->b.x) - c2d_maxr(g->a.x, g->b.x), c2d_minr(g->a.x, g->b.x) - c2d_maxr(f->a.x, f->b.x));
        c2d_real gy = c2d_maxr(c2d_minr(f->a.y, f->b.y) - c2d_maxr(g->a.y, g->b.y), c2d_minr(g->a.y, g->b.y) - c2d_maxr(f->a.y, f->b.y));
        v = c2d_maxr(gx, gy);
    } else if (f->curved && g->curved) {
        c2d_real D = c2d_dist(f->c, g->c);
        v = c2d_maxr(D - f->r - g->r, C2D_ABS(f->r - g->r) - D);
    } else {
        const feat *x = f->curved ? g : f, *y = f->curved ? f : g;
        v = c2d_maxr(seg_dist(y->c, x->a, x->b) - y->r, y->r - c2d_maxr(c2d_dist(x->a, y->c), c2d_dist(x->b, y->c)));
    }
    return c2d_maxr(v, 0);
}

/* Closest points of the closed core (or sector) X and the closed sector S: zero when one holds a
 * point of the other, else the closest pair of features. */
static closest closest_with(const other *o, const c2d_arc *s) {
    feat fs[4], fo[C2D_MAX_POLYGON_VERTICES > 4 ? C2D_MAX_POLYGON_VERTICES : 4];
    int ns = arc_features(s, fs), no, i, j;
    closest c;
    c.d = (c2d_real)INFINITY;
    c.pa = c.pb = o->ref;
    if (o->form == OTHER_ARC) no = arc_features(&o->s->as.arc, fo);
    else no = core_feats(o, fo);
    /* a point of each boundary piece of one inside the other (a ring's boundary has two) */
    for (i = 0; i < no; ++i) {
        if (arc_closed_contains(s, fo[i].a)) {
            c.d = 0;
            c.pa = c.pb = fo[i].a;
            return c;
        }
    }
    for (j = 0; j < ns; ++j) {
        if ((o->poly != NULL && poly_closed_contains(o->poly, fs[j].a)) || (o->form == OTHER_ARC && arc_closed_contains(&o->s->as.arc, fs[j].a))) {
            c.d = 0;
            c.pa = c.pb = fs[j].a;
            return c;
        }
    }
    /* the feature pairs in the order of a lower bound of their distance; a pair whose bound is
     * above the least distance found cannot give a smaller one */
    {
        c2d_real lb[4 * (C2D_MAX_POLYGON_VERTICES > 4 ? C2D_MAX_POLYGON_VERTICES : 4)];
        int ord[4 * (C2D_MAX_POLYGON_VERTICES > 4 ? C2D_MAX_POLYGON_VERTICES : 4)], np = 0, k, m;
        for (i = 0; i < no; ++i)
            for (j = 0; j < ns; ++j) {
                c2d_real v = feat_lower_bound(&fo[i], &fs[j]);
                for (m = np++; m > 0 && lb[m - 1] > v; --m) {
                    lb[m] = lb[m - 1];
                    ord[m] = ord[m - 1];
                }
                lb[m] = v;
                ord[m] = i * 4 + j;
            }
        for (k = 0; k < np && !(lb[k] > c.d); ++k) feat_feat(&fo[ord[k] / 4], &fs[ord[k] % 4], &c);
    }
    return c;
}

/* Signed distance of p to the sector, closed form: negative inside (minus the distance to its
 * boundary). Within the sweep the nearest boundary point outside the ring is on the circle
 * crossed; outside the sweep it is on a radial side. *on is the nearest point of the closed
 * sector (p itself inside). */
static c2d_real arc_signed(const c2d_arc *s, c2d_vec2 p, c2d_vec2 *on) {
    c2d_vec2 v = c2d_sub(p, s->center), a1, b1, a2, b2;
    c2d_real l = c2d_len(v), cs = c2d_cross(s->start_dir, v), ce = c2d_cross(v, s->end_dir), d1, d2, d;
    bool full = s->sweep_angle >= ARC_TWO_PI, convex = s->sweep_angle <= ARC_PI;
    bool in_sweep = full || (convex ? (cs >= 0 && ce >= 0) : (cs >= 0 || ce >= 0));
    bool open_sweep = full || (convex ? (cs > 0 && ce > 0) : (cs > 0 || ce > 0));
    *on = p;
    if (!full) {
        a1 = c2d_mul_add(s->center, s->inner_radius, s->start_dir);
        b1 = c2d_mul_add(s->center, s->outer_radius, s->start_dir);
        a2 = c2d_mul_add(s->center, s->inner_radius, s->end_dir);
        b2 = c2d_mul_add(s->center, s->outer_radius, s->end_dir);
        d1 = seg_dist(p, a1, b1);
        d2 = seg_dist(p, a2, b2);
    } else {
        a1 = b1 = a2 = b2 = s->center;
        d1 = d2 = (c2d_real)INFINITY;
    }
    if (in_sweep && l > 0) {
        if (l >= s->outer_radius) {
            *on = c2d_mul_add(s->center, s->outer_radius / l, v);
            return l - s->outer_radius;
        }
        if (l <= s->inner_radius) {
            *on = c2d_mul_add(s->center, s->inner_radius / l, v);
            return s->inner_radius - l;
        }
        if (open_sweep) {
            d = c2d_minr(c2d_minr(s->outer_radius - l, s->inner_radius > 0 ? l - s->inner_radius : (c2d_real)INFINITY), c2d_minr(d1, d2));
            return -d;
        }
        return 0;
    }
    if (l == 0 || full) {
        /* the center: in a ring's hole, inside a full disk, or a wedge's apex */
        *on = c2d_mul_add(s->center, s->inner_radius, s->start_dir);
        if (s->inner_radius > 0) return s->inner_radius;
        *on = p;
        return full ? -s->outer_radius : 0;
    }
    /* outside the sweep (or at the apex): the nearest point is on a radial side */
    *on = d1 <= d2 ? seg_closest(p, a1, b1) : seg_closest(p, a2, b2);
    return c2d_minr(d1, d2);
}

/* The boundary point of a curved convex kind whose outward normal is at angle phi. */
static c2d_vec2 walk_point(const other *o, c2d_real phi) { return o->k->support(o->s, unit_at(phi), c2d_v2(0, 0)); }

/* A piece of the walk: normal angles [p0, p1], their boundary points and signed distances. */
typedef struct walk_piece {
    c2d_real p0, p1, f0, f1, lb;
    c2d_vec2 x0, x1, u0, u1; /* points and unit normals at p0 and p1 */
} walk_piece;

/* A piece of the walk with a lower bound of the signed distance on it. The boundary between its
 * two points turns by dp < pi/2, so its length is at most L = chord / cos(dp / 2) (it lies in the
 * triangle of the chord and the two tangents), and the signed distance is 1-Lipschitz: no point
 * of the piece is below (f0 + f1 - L) / 2. */
static walk_piece make_piece(c2d_real p0, c2d_real p1, c2d_real f0, c2d_real f1, c2d_vec2 x0, c2d_vec2 x1, c2d_vec2 u0, c2d_vec2 u1) {
    walk_piece w;
    /* cos(dp / 2) = |u0 + u1| / 2 */
    c2d_real L = (c2d_real)2 * c2d_dist(x0, x1) / c2d_len(c2d_add(u0, u1));
    w.p0 = p0;
    w.p1 = p1;
    w.f0 = f0;
    w.f1 = f1;
    w.x0 = x0;
    w.x1 = x1;
    w.u0 = u0;
    w.u1 = u1;
    w.lb = (c2d_real)0.5 * (f0 + f1 - L);
    return w;
}

static void heap_push(walk_piece *h, int *n, walk_piece w) {
    int i = (*n)++;
    while (i > 0 && h[(i - 1) / 2].lb > w.lb) {
        h[i] = h[(i - 1) / 2];
        i = (i - 1) / 2;
    }
    h[i] = w;
}

static walk_piece heap_pop(walk_piece *h, int *n) {
    walk_piece top = h[0], last = h[--*n];
    int i = 0;
    for (;;) {
        int c = 2 * i + 1;
        if (c >= *n) break;
        if (c + 1 < *n && h[c + 1].lb < h[c].lb) ++c;
        if (!(h[c].lb < last.lb)) break;
        h[i] = h[c];
        i = c;
    }
    if (*n > 0) h[i] = last;
    return top;
}

/* The walk's tolerance: ARC_WALK_TOL of the shape's size, and no less than rounding. */
static c2d_real walk_tol(const other *o, const c2d_arc *s) {
    c2d_aabb b = o->k->bounds(o->s);
    return c2d_maxr(c2d_maxr(b.upper.x - b.lower.x, b.upper.y - b.lower.y) * (c2d_real)ARC_WALK_TOL,
                    (c2d_real)64 * C2D_EPSILON * c2d_maxr(c2d_aabb_abs_max(b), s->outer_radius + c2d_maxr(C2D_ABS(s->center.x), C2D_ABS(s->center.y))));
}

/* A curved convex kind against the sector: the least signed distance to S of its boundary points,
 * walked by the support function's normal angle, by branch and bound: ARC_WALK_START pieces, then
 * the piece with the least lower bound (make_piece) is split in two until no piece can be below
 * the least sample found by more than a tolerance (walk_tol), or a sample is inside S, or (overlap
 * only, stop_inside) no piece can be. At most ARC_WALK_MAX samples. */
static c2d_real walk_min(const other *o, const c2d_arc *s, bool stop_inside, c2d_vec2 *pa, c2d_vec2 *pb) {
    walk_piece h[ARC_WALK_MAX];
    c2d_real best, tol, f, lo = -ARC_TWO_PI / ARC_WALK_START, hi = ARC_TWO_PI / ARC_WALK_START;
    c2d_vec2 on, x, first;
    int n = 0, evals = 0, i;
    c2d_aabb b = o->k->bounds(o->s);
    c2d_real tol_g = c2d_maxr(b.upper.x - b.lower.x, b.upper.y - b.lower.y) * (c2d_real)C2D_ELLIPSE_TOLERANCE / 16;
    tol = walk_tol(o, s);
    first = *pa = walk_point(o, 0);
    best = arc_signed(s, first, pb);
    if (best < 0) return best;
    {
        c2d_real f0 = best, p0 = 0;
        c2d_vec2 x0 = first, u0 = c2d_v2(1, 0);
        for (i = 1; i <= ARC_WALK_START; ++i) {
            c2d_real p1 = ARC_TWO_PI * (c2d_real)i / ARC_WALK_START;
            c2d_vec2 u1 = i == ARC_WALK_START ? c2d_v2(1, 0) : unit_at(p1);
            x = i == ARC_WALK_START ? first : o->k->support(o->s, u1, c2d_v2(0, 0));
            f = i == ARC_WALK_START ? best : arc_signed(s, x, &on);
            if (f < best) {
                best = f;
                *pa = x;
                *pb = on;
                lo = p0;
                hi = p1 + ARC_TWO_PI / ARC_WALK_START;
                if (best < 0) return best;
            }
            heap_push(h, &n, make_piece(p0, p1, f0, f, x0, x, u0, u1));
            p0 = p1;
            f0 = f;
            x0 = x;
            u0 = u1;
        }
    }
    evals = ARC_WALK_START;
    while (n > 0 && evals < ARC_WALK_MAX && n + 1 < ARC_WALK_MAX) {
        walk_piece w = heap_pop(h, &n);
        c2d_real pm;
        c2d_vec2 um;
        if (!(w.lb < best - tol)) break;
        if (stop_inside && !(w.lb < 0)) break;
        pm = (c2d_real)0.5 * (w.p0 + w.p1);
        if (!(pm > w.p0 && pm < w.p1)) continue;
        /* the bisector of the two normals is the normal at the middle angle */
        um = c2d_unit_or_zero(c2d_add(w.u0, w.u1));
        x = o->k->support(o->s, um, c2d_v2(0, 0));
        f = arc_signed(s, x, &on);
        ++evals;
        if (f < best) {
            best = f;
            *pa = x;
            *pb = on;
            lo = w.p0;
            hi = w.p1;
            if (best < 0) return best;
        }
        heap_push(h, &n, make_piece(w.p0, pm, w.f0, f, w.x0, x, w.u0, um));
        heap_push(h, &n, make_piece(pm, w.p1, f, w.f1, x, w.x1, um, w.u1));
    }
    if (stop_inside && !(best < tol)) return best;
    /* the best sample's neighbours bracket a local least: golden section within them */
    {
        const c2d_real g = (c2d_real)0.381966;
        c2d_real m1 = lo + g * (hi - lo), m2 = hi - g * (hi - lo), f1, f2;
        c2d_vec2 x1 = walk_point(o, m1), x2 = walk_point(o, m2), on1, on2;
        f1 = arc_signed(s, x1, &on1);
        f2 = arc_signed(s, x2, &on2);
        for (i = 0; i < ARC_WALK_GOLDEN && m2 > m1 && c2d_dist(x1, x2) > tol_g; ++i) {
            if (f1 < best) best = f1, *pa = x1, *pb = on1;
            if (f2 < best) best = f2, *pa = x2, *pb = on2;
            if (best < 0) return best;
            if (f1 <= f2) {
                hi = m2;
                m2 = m1, x2 = x1, f2 = f1, on2 = on1;
                m1 = lo + g * (hi - lo);
                x1 = walk_point(o, m1);
                f1 = arc_signed(s, x1, &on1);
            } else {
                lo = m1;
                m1 = m2, x1 = x2, f1 = f2, on1 = on2;
                m2 = hi - g * (hi - lo);
                x2 = walk_point(o, m2);
                f2 = arc_signed(s, x2, &on2);
            }
        }
        if (f1 < best) best = f1, *pa = x1, *pb = on1;
        if (f2 < best) best = f2, *pa = x2, *pb = on2;
    }
    return best;
}

/* The gap between the two shapes' bounding boxes (negative when they overlap), less a rounding
 * allowance: a lower bound of their distance. */
static c2d_real boxes_gap(c2d_aabb x, c2d_aabb y) {
    c2d_real gx = c2d_maxr(x.lower.x - y.upper.x, y.lower.x - x.upper.x), gy = c2d_maxr(x.lower.y - y.upper.y, y.lower.y - x.upper.y);
    c2d_real scale = c2d_maxr(c2d_maxr(c2d_aabb_abs_max(x), c2d_aabb_abs_max(y)), 1);
    return c2d_maxr(gx, gy) - (c2d_real)64 * C2D_EPSILON * scale;
}

static c2d_real box_gap(const c2d_shape *a, const c2d_shape *b) { return boxes_gap(c2d_shape_aabb(a), c2d_shape_aabb(b)); }

/* ---- the pair queries, other shape first, the sector second ---- */

/* A point inside the sector: mid-radius at mid-angle. */
static c2d_vec2 arc_ref(const c2d_arc *s) {
    return c2d_mul_add(s->center, (c2d_real)0.5 * (s->inner_radius + s->outer_radius), unit_at(s->start_angle + (c2d_real)0.5 * s->sweep_angle));
}

static bool pair_overlap(const c2d_shape *a, const c2d_shape *b) {
    other o;
    if (!c2d_kind_usable(a) || !c2d_kind_usable(b) || box_gap(a, b) > 0) return false;
    other_make(a, &o);
    if (o.form == OTHER_CURVED) {
        c2d_vec2 pa, pb;
        if (o.k->contains(a, arc_ref(&b->as.arc))) return true;
        return walk_min(&o, &b->as.arc, true, &pa, &pb) < 0;
    }
    return overlap_with(&o, &b->as.arc, b);
}

static c2d_distance_result pair_distance(const c2d_shape *a, const c2d_shape *b) {
    c2d_distance_result r = c2d_distance_invalid(C2D_ERR_OUT_OF_RANGE);
    other o;
    closest c;
    c2d_real R;
    if (!c2d_kind_usable(a) || !c2d_kind_usable(b)) {
        c2d_status why = c2d_shape_status(a);
        return c2d_distance_invalid(why != C2D_OK ? why : c2d_shape_status(b));
    }
    r.status = C2D_DISTANCE_OK;
    r.error = C2D_OK;
    other_make(a, &o);
    if (o.form == OTHER_CURVED) {
        /* a walk that ends at least its tolerance clear proves no boundary point inside S
         * (the overlap test's walk would find none); nearer, or with S inside the shape, the
         * overlap test decides */
        R = 0;
        c.d = walk_min(&o, &b->as.arc, false, &c.pa, &c.pb);
        if (c.d < 0 || ((c.d < walk_tol(&o, &b->as.arc) || o.k->contains(a, arc_ref(&b->as.arc))) && pair_overlap(a, b))) c.d = 0;
    } else {
        R = o.radius;
        c = closest_with(&o, &b->as.arc);
        /* agree with the overlap test, as c2d_shape_distance promises, for a shape that passes
         * the queries' O(n) rule without being convex (a hand-made polygon) too */
        if (c.d > R && pair_overlap(a, b)) c.d = 0;
    }
    if (c.d > R && c2d_vec2_is_valid(c.pa)) {
        r.normal = c2d_unit_or_zero(c2d_sub(c.pa, c.pb));
        r.distance = c.d - R;
        r.point_a = c2d_mul_add(c.pa, -R, r.normal);
        r.point_b = c.pb;
        if (r.normal.x != 0 || r.normal.y != 0) return r;
    }
    r.distance = 0;
    r.normal = c2d_v2(0, 0);
    r.point_a = r.point_b = c2d_lerp(c.pa, c.pb, (c2d_real)0.5);
    return r;
}

/* A shape translated by d. */
static c2d_shape moved(const c2d_shape *s, c2d_vec2 d) {
    c2d_transform xf;
    xf.p = d;
    xf.q.c = 1;
    xf.q.s = 0;
    return c2d_shape_transform(s, xf);
}

static c2d_real box_size(c2d_aabb b) { return c2d_maxr(b.upper.x - b.lower.x, b.upper.y - b.lower.y); }

/* Conservative advancement on the exact distance: a moves by t*d against a still b. Translation
 * moves no point faster than |d|, so a step of (distance - tol/2) / |d| never passes a contact.
 * Returns 0 (miss before t_max), 1 (within tol at *t > 0) or 2 (within tol at the start); *normal
 * points from b toward a, *pos is on b. */
static int advance(const c2d_shape *a, const c2d_shape *b, c2d_vec2 d, c2d_real t_max, c2d_real *t_out, c2d_vec2 *normal, c2d_vec2 *pos) {
    c2d_real len = c2d_len(d), t = 0, tol;
    int it;
    c2d_aabb ba = c2d_shape_aabb(a), bb = c2d_shape_aabb(b);
    tol = (c2d_real)0.1 * (c2d_real)C2D_ELLIPSE_TOLERANCE * c2d_maxr(box_size(ba), box_size(bb));
    tol = c2d_maxr(tol, (c2d_real)256 * C2D_EPSILON * c2d_maxr(c2d_maxr(c2d_aabb_abs_max(ba), c2d_aabb_abs_max(bb)), len));
    *t_out = 0;
    *normal = *pos = c2d_v2(0, 0);
    if (!(len > 0)) return 0;
    for (it = 0; it < ARC_CA_MAX_ITER; ++it) {
        c2d_shape at = moved(a, c2d_scale(d, t));
        c2d_distance_result r;
        c2d_real gap = boxes_gap(c2d_shape_aabb(&at), bb); /* b stays put */
        if (gap > tol) {
            /* far apart: the boxes' gap is a lower bound of the distance */
            t += (gap - (c2d_real)0.5 * tol) / len;
            if (!(t <= t_max)) return 0;
            continue;
        }
        r = c2d_shape_distance(&at, b);
        if (r.status != C2D_DISTANCE_OK) return 0;
        if (!(r.distance > tol)) {
            *t_out = t;
            *normal = r.normal;
            *pos = r.point_b;
            return t > 0 ? 1 : 2;
        }
        t += (r.distance - (c2d_real)0.5 * tol) / len;
        if (!(t <= t_max)) return 0;
    }
    {
        c2d_shape at = moved(a, c2d_scale(d, t));
        c2d_distance_result r = c2d_shape_distance(&at, b);
        *t_out = t;
        *normal = r.normal;
        *pos = r.point_b;
    }
    return t > 0 ? 1 : 2;
}

int c2d_arc_cast(const c2d_shape *a, const c2d_shape *b, c2d_vec2 d, c2d_real *t, c2d_vec2 *normal, c2d_vec2 *pos) {
    int r = advance(a, b, d, 1, t, normal, pos), k;
    if (r != 2 || c2d_dot(d, *normal) < 0 || c2d_shape_overlap(a, b)) return r;
    /* Touching at the start and not moving into the nearest boundary: two convex shapes part from
     * here, but with an arc they can meet again further on (a graze along its inner curve, the
     * far side of its hole). Step off the contact by 2^-20 of the move, then by larger steps, and
     * advance from the first position clear of b; a step that overlaps is a contact at time 0. */
    for (k = 20; k >= 4; k -= 4) {
        c2d_real ts = (c2d_real)1 / (c2d_real)(1L << k), t2;
        c2d_shape at = moved(a, c2d_scale(d, ts));
        int r2;
        if (c2d_shape_overlap(&at, b)) {
            c2d_manifold m = c2d_shape_manifold(&at, b);
            if (m.count == 0 || !(c2d_dot(d, m.normal) < 0)) return r;
            *t = 0;
            *normal = m.normal;
            *pos = m.points[0].point;
            return 1;
        }
        r2 = advance(&at, b, c2d_scale(d, 1 - ts), 1, &t2, normal, pos);
        if (r2 == 0) return 0;
        if (r2 == 1) {
            *t = ts + (1 - ts) * t2;
            return 1;
        }
    }
    return advance(a, b, d, 1, t, normal, pos); /* still touching after 1/16 of the move: as at the start */
}

/* The first time t > 0 at which x + t n (x inside the sector) crosses one of the sector's circles
 * or its sides' lines: x cannot leave the sector sooner, so a shape holding x stays overlapping
 * for every push along n below it. */
static c2d_real first_crossing(const c2d_arc *s, c2d_vec2 x, c2d_vec2 n) {
    c2d_vec2 w = c2d_sub(x, s->center);
    c2d_real B = c2d_dot(w, n), C = c2d_len_sq(w), t = (c2d_real)INFINITY, disc, dn;
    disc = B * B - (C - s->outer_radius * s->outer_radius);
    if (disc > 0) t = c2d_minr(t, c2d_maxr(-B + C2D_SQRT(disc), 0));
    if (s->inner_radius > 0) {
        disc = B * B - (C - s->inner_radius * s->inner_radius);
        if (disc > 0 && -B - C2D_SQRT(disc) > 0) t = c2d_minr(t, -B - C2D_SQRT(disc));
    }
    if (s->sweep_angle < ARC_TWO_PI) {
        if ((dn = c2d_cross(s->start_dir, n)) != 0 && -c2d_cross(s->start_dir, w) / dn > 0) t = c2d_minr(t, -c2d_cross(s->start_dir, w) / dn);
        if ((dn = c2d_cross(s->end_dir, n)) != 0 && -c2d_cross(s->end_dir, w) / dn > 0) t = c2d_minr(t, -c2d_cross(s->end_dir, w) / dn);
    }
    return C2D_ISFINITE(t) ? t : 0;
}

/* A lower bound of every clear push along n: the latest first crossing over the points of a that
 * lie inside the sector (0 when none does), taken at the given points of a and, with a radius R
 * around them (a rounded core), at the points R behind them and R to either side. */
static c2d_real push_bound(const c2d_arc *s, const c2d_vec2 *x, int nx, c2d_real R, c2d_vec2 n) {
    c2d_real lb = 0;
    int i, j;
    for (i = 0; i < nx; ++i) {
        for (j = 0; j < (R > 0 ? 4 : 1); ++j) {
            c2d_vec2 p = j == 0 ? x[i] : c2d_mul_add(x[i], R, j == 1 ? c2d_neg(n) : (j == 2 ? c2d_left_perp(n) : c2d_right_perp(n)));
            if (c2d_arc_contains_point(s, p)) lb = c2d_maxr(lb, first_crossing(s, p, n));
        }
    }
    return lb;
}

/* The least push of a (overlapping b) along the unit n found to leave it clear. a started far out
 * along n and advanced back gives a clear push (every larger one is clear too); pushes below it
 * (first growing geometrically, then in ARC_PUSH_SAMPLES even steps) are then tried in order, and at the first clear one a is
 * advanced back toward the last overlapping one: where it first touches is the push (a non-convex
 * b can have a clear window nearer than the far side). A hint (a corner's push back across a
 * circle) is tried first the same way. Pushes below lb (push_bound) are known to overlap and are not
 * tried, nor any above limit (the least push found along another direction). */
static bool push_along(const c2d_shape *a, const c2d_shape *b, c2d_vec2 n, c2d_real hint, c2d_real lb, c2d_real limit, c2d_real far, c2d_real *push,
                       c2d_vec2 *pos) {
    c2d_shape start = moved(a, c2d_scale(n, far));
    c2d_real t, p_far, prev = 0;
    c2d_vec2 nn, q;
    int i;
    if (advance(&start, b, c2d_scale(n, -far), 1, &t, &nn, pos) != 1) return false;
    p_far = far * (1 - t);
    *push = p_far;
    if (hint > 0 && hint < p_far) {
        /* the push that takes one poking corner back across its circle, if that clears */
        c2d_real p = hint * (1 + (c2d_real)1e-3) + (c2d_real)1e-3 * (c2d_real)C2D_ELLIPSE_TOLERANCE * far;
        c2d_shape at = moved(a, c2d_scale(n, p));
        int r;
        if (!c2d_shape_overlap(&at, b) && (r = advance(&at, b, c2d_scale(n, -p), 1, &t, &nn, &q)) != 0) {
            *push = r == 1 ? p * (1 - t) : p;
            *pos = q;
            return true;
        }
    }
    for (i = 1; i < 2 * ARC_PUSH_SAMPLES; ++i) {
        /* geometric steps up to p_far / ARC_PUSH_SAMPLES (a clear window just past the start),
         * then even ones */
        c2d_real p = i < ARC_PUSH_SAMPLES ? p_far / (c2d_real)ARC_PUSH_SAMPLES / (c2d_real)(1L << (ARC_PUSH_SAMPLES - i))
                                          : p_far * (c2d_real)(i - ARC_PUSH_SAMPLES + 1) / ARC_PUSH_SAMPLES;
        c2d_shape at;
        if (!(prev < limit)) break; /* no push here can beat the least found */
        if (p < lb) {
            /* a point of a is still inside the sector after this push */
            prev = p;
            continue;
        }
        at = moved(a, c2d_scale(n, p));
        if (c2d_shape_overlap(&at, b)) {
            prev = p;
            continue;
        }
        if (advance(&at, b, c2d_scale(n, prev - p), 1, &t, &nn, &q) == 1) {
            *push = p - t * (p - prev);
            *pos = q;
        }
        break;
    }
    return true;
}

/* The push-out: the least of the pushes along the candidate directions (out from the sector's
 * center through a's box center, the reverse, each radial side's outward normal, and from each
 * corner of a that pokes across the inner or the outer circle straight back across it), each
 * found by push_along, so each leaves the shapes apart. Normal: the chosen direction (B toward A). */
static bool pair_hit(const c2d_shape *a, const c2d_shape *b, c2d_hit *out) {
    const c2d_arc *s = &b->as.arc;
    other o;
    c2d_real hints[4 + 2 * C2D_MAX_POLYGON_VERTICES] = {0};
    c2d_real lbs[4 + 2 * C2D_MAX_POLYGON_VERTICES];
    c2d_vec2 dirs[4 + 2 * C2D_MAX_POLYGON_VERTICES], u, pos, best_pos = c2d_v2(0, 0), best_n, vs[(C2D_MAX_POLYGON_VERTICES > 4 ? C2D_MAX_POLYGON_VERTICES : 4) + 1];
    c2d_real far, best = (c2d_real)INFINITY, p;
    c2d_aabb ba, bb;
    int nd = 0, i, nv = 0;
    if (!pair_overlap(a, b)) return false;
    other_make(a, &o);
    ba = c2d_shape_aabb(a);
    bb = c2d_shape_aabb(b);
    u = c2d_unit_or_zero(c2d_sub(c2d_aabb_center(ba), s->center));
    if (u.x == 0 && u.y == 0) u = unit_at(s->start_angle + (c2d_real)0.5 * s->sweep_angle);
    dirs[nd++] = u;
    dirs[nd++] = c2d_neg(u);
    if (s->sweep_angle < ARC_TWO_PI) {
        dirs[nd++] = c2d_right_perp(s->start_dir);
        dirs[nd++] = c2d_left_perp(s->end_dir);
    }
    /* a corner of a poking into the ring from the hole or from outside: straight back out */
    if (o.form == OTHER_CORE) {
        feat f[C2D_MAX_POLYGON_VERTICES];
        int nf = core_feats(&o, f);
        for (i = 0; i < nf; ++i) vs[nv++] = f[i].a;
        if (o.poly == NULL) vs[nv++] = f[0].b;
    } else if (o.form == OTHER_ARC) {
        feat f[4];
        int nf = arc_features(&a->as.arc, f);
        for (i = 0; i < nf; ++i) vs[nv++] = f[i].a;
    }
    for (i = 0; i < nv; ++i) {
        c2d_vec2 v = c2d_sub(vs[i], s->center), w = c2d_unit_or_zero(v);
        c2d_real l = c2d_len(v), R = o.form == OTHER_CORE ? o.radius : 0;
        if (w.x == 0 && w.y == 0) continue;
        if (s->inner_radius > 0 && l < s->inner_radius + R && l + R > s->inner_radius) {
            hints[nd] = l + R - s->inner_radius;
            dirs[nd++] = c2d_neg(w);
        }
        if (l + R > s->outer_radius && l < s->outer_radius + R) {
            hints[nd] = s->outer_radius + R - l;
            dirs[nd++] = w;
        }
    }
    far = (c2d_real)2 * (box_size(ba) + box_size(bb) + c2d_dist(c2d_aabb_center(ba), c2d_aabb_center(bb))) + 1;
    best_n = u;
    /* the directions in the order of a lower bound of their push (push_bound over a's corners
     * and its reference point); one whose bound is not below the least push found is skipped */
    if (o.form != OTHER_CURVED || o.k->contains(a, o.ref)) vs[nv++] = o.ref;
    for (i = 0; i < nd; ++i) {
        int j;
        c2d_real v = push_bound(s, vs, nv, o.form == OTHER_CORE ? o.radius : 0, dirs[i]), h = hints[i];
        c2d_vec2 d = dirs[i];
        for (j = i; j > 0 && lbs[j - 1] > v; --j) {
            lbs[j] = lbs[j - 1];
            dirs[j] = dirs[j - 1];
            hints[j] = hints[j - 1];
        }
        lbs[j] = v;
        dirs[j] = d;
        hints[j] = h;
    }
    for (i = 0; i < nd && lbs[i] < best; ++i) {
        if (push_along(a, b, dirs[i], hints[i], lbs[i], best, far, &p, &pos) && p < best) {
            best = p;
            best_n = dirs[i];
            best_pos = pos;
        }
    }
    if (!(best < (c2d_real)INFINITY)) {
        best = far;
        best_pos = s->center;
    }
    out->normal = best_n;
    out->delta = c2d_scale(best_n, best);
    out->pos = best_pos;
    out->time = 0;
    return c2d_vec2_is_valid(out->delta) && c2d_vec2_is_valid(out->pos);
}

/* Where the push-out is a radial side's normal and a has a flat face against that side (a polygon
 * edge, or a capsule's or segment's core, within about 2.5 degrees of parallel): that face clipped
 * to the side, two points, each at its own depth, shifted so the deeper one has the hit's depth.
 * Returns false (one point then) for any other contact. */
static bool side_points(const other *o, const c2d_arc *s, c2d_vec2 n, c2d_real depth, c2d_manifold *m) {
    c2d_vec2 p, q, t, v1, v2, e;
    c2d_real L, s1, s2, d1, d2, best = 2, tmp;
    int i;
    if (n.x == c2d_right_perp(s->start_dir).x && n.y == c2d_right_perp(s->start_dir).y) {
        p = c2d_mul_add(s->center, s->inner_radius, s->start_dir);
        q = c2d_mul_add(s->center, s->outer_radius, s->start_dir);
    } else if (n.x == c2d_left_perp(s->end_dir).x && n.y == c2d_left_perp(s->end_dir).y) {
        p = c2d_mul_add(s->center, s->inner_radius, s->end_dir);
        q = c2d_mul_add(s->center, s->outer_radius, s->end_dir);
    } else {
        return false;
    }
    if (o->form != OTHER_CORE || o->core.form == C2D_CORE_POINT) return false;
    if (o->poly != NULL) {
        /* the edge whose outward normal is most against n */
        v1 = v2 = o->poly->vertices[0];
        for (i = 0; i < o->poly->count; ++i) {
            c2d_vec2 a = o->poly->vertices[i], b = o->poly->vertices[i + 1 < o->poly->count ? i + 1 : 0];
            c2d_real d = c2d_dot(c2d_unit_or_zero(c2d_right_perp(c2d_sub(b, a))), n);
            if (d < best) {
                best = d;
                v1 = a;
                v2 = b;
            }
        }
        if (!(best < (c2d_real)-0.999)) return false;
    } else {
        v1 = o->core.p1;
        v2 = o->core.p2;
        e = c2d_unit_or_zero(c2d_sub(v2, v1));
        if (!(C2D_ABS(c2d_dot(e, n)) < (c2d_real)0.0447) || (e.x == 0 && e.y == 0)) return false;
    }
    t = c2d_sub(q, p);
    L = c2d_len(t);
    t = c2d_scale(t, 1 / L);
    s1 = c2d_dot(c2d_sub(v1, p), t);
    s2 = c2d_dot(c2d_sub(v2, p), t);
    if (s1 > s2) {
        e = v1, v1 = v2, v2 = e;
        tmp = s1, s1 = s2, s2 = tmp;
    }
    if (!(s2 > 0 && s1 < L) || !(s2 > s1)) return false;
    if (s1 < 0) v1 = c2d_lerp(v1, v2, -s1 / (s2 - s1)), s1 = 0;
    if (s2 > L) v2 = c2d_lerp(v1, v2, (L - s1) / (s2 - s1)), s2 = L;
    d1 = c2d_dot(c2d_sub(p, v1), n) + o->radius;
    d2 = c2d_dot(c2d_sub(p, v2), n) + o->radius;
    if (d2 > d1) {
        e = v1, v1 = v2, v2 = e;
        tmp = d1, d1 = d2, d2 = tmp;
    }
    if (!(d2 > 0) || !(C2D_ABS(d1 - depth) <= (c2d_real)0.01 * depth + (c2d_real)C2D_ELLIPSE_TOLERANCE * L)) return false;
    d2 += depth - d1;
    if (!(d2 > 0)) return false;
    m->points[0].point = c2d_mul_add(v1, (c2d_real)0.5 * depth - o->radius, n);
    m->points[0].depth = depth;
    m->points[0].id = 0;
    m->points[1].point = c2d_mul_add(v2, (c2d_real)0.5 * d2 - o->radius, n);
    m->points[1].depth = d2;
    m->points[1].id = 1;
    m->count = 2;
    return true;
}

/* One point where the contact is curved (the hit's point and depth); two where a flat face of a
 * lies against a radial side along the push-out (side_points). */
static c2d_manifold pair_manifold(const c2d_shape *a, const c2d_shape *b) {
    c2d_manifold m = c2d_manifold_none();
    c2d_hit h;
    other o;
    c2d_real depth;
    if (!c2d_kind_of(a->type)->solid || !c2d_kind_of(b->type)->solid) return m;
    if (!pair_hit(a, b, &h)) return m;
    /* Overlapping shapes whose push-out comes out 0 (with an ellipse in the pair its distance is
     * within C2D_ELLIPSE_TOLERANCE of the scene's size: fuzz_queries found an arc of radius 1.6
     * against an ellipse 63,000 long) still touch deeper than nothing: a depth of rounding size, as
     * in the other manifolds. */
    depth = positive_depth(c2d_len(h.delta), box_size(c2d_shape_aabb(a)) + box_size(c2d_shape_aabb(b)));
    m.normal = h.normal;
    other_make(a, &o);
    if (side_points(&o, &b->as.arc, h.normal, depth, &m)) return m;
    m.points[0].point = h.pos;
    m.points[0].depth = depth;
    m.count = 1;
    return m;
}

/* Two sectors: put in a fixed order (by their coordinates) so each query is symmetric to the bit. */
static bool arcs_swapped(const c2d_shape *a, const c2d_shape *b) {
    const c2d_arc *x = &a->as.arc, *y = &b->as.arc;
    if (a->type != b->type) return a->type > b->type;
    if (x->center.x != y->center.x) return x->center.x > y->center.x;
    if (x->center.y != y->center.y) return x->center.y > y->center.y;
    if (x->outer_radius != y->outer_radius) return x->outer_radius > y->outer_radius;
    if (x->inner_radius != y->inner_radius) return x->inner_radius > y->inner_radius;
    if (x->start_angle != y->start_angle) return x->start_angle > y->start_angle;
    return x->sweep_angle > y->sweep_angle;
}

/* The entries of the pair table: the other shape first; with two sectors the order is fixed. */
bool c2d_arc_pair_overlap(const c2d_shape *a, const c2d_shape *b) {
    if (is_arc_kind(c2d_kind_of(a->type)) && arcs_swapped(a, b)) return pair_overlap(b, a);
    return pair_overlap(a, b);
}

bool c2d_arc_pair_hit(const c2d_shape *a, const c2d_shape *b, c2d_hit *out) {
    c2d_hit h;
    if (is_arc_kind(c2d_kind_of(a->type)) && arcs_swapped(a, b)) {
        if (!pair_hit(b, a, &h)) return false;
        *out = c2d_hit_flip(h);
        return true;
    }
    return pair_hit(a, b, out);
}

c2d_manifold c2d_arc_pair_manifold(const c2d_shape *a, const c2d_shape *b) {
    c2d_manifold m;
    if (is_arc_kind(c2d_kind_of(a->type)) && arcs_swapped(a, b)) {
        m = pair_manifold(b, a);
        if (m.count > 0) m.normal = c2d_neg(m.normal);
        return m;
    }
    return pair_manifold(a, b);
}

c2d_distance_result c2d_arc_pair_distance(const c2d_shape *a, const c2d_shape *b) {
    c2d_distance_result r;
    c2d_vec2 t;
    if (is_arc_kind(c2d_kind_of(a->type)) && arcs_swapped(a, b)) {
        r = pair_distance(b, a);
        t = r.point_a;
        r.point_a = r.point_b;
        r.point_b = t;
        r.normal = c2d_neg(r.normal);
        return r;
    }
    return pair_distance(a, b);
}

/* ---- ray cast ---- */

/* The origin's nearest boundary, as an outward normal. */
static c2d_vec2 nearest_normal(const c2d_arc *s, c2d_vec2 p) {
    c2d_vec2 v = c2d_sub(p, s->center), on;
    c2d_real l = c2d_len(v), best = s->outer_radius - l, d;
    c2d_vec2 n = l > 0 ? c2d_scale(v, 1 / l) : s->start_dir;
    if (s->inner_radius > 0 && (d = l - s->inner_radius) < best) {
        best = d;
        n = c2d_neg(n);
    }
    if (s->sweep_angle < ARC_TWO_PI) {
        feat side = seg_feat(c2d_mul_add(s->center, s->inner_radius, s->start_dir), c2d_mul_add(s->center, s->outer_radius, s->start_dir));
        on = feat_closest(&side, p);
        if ((d = c2d_dist(on, p)) < best) {
            best = d;
            n = c2d_right_perp(s->start_dir);
        }
        side = seg_feat(c2d_mul_add(s->center, s->inner_radius, s->end_dir), c2d_mul_add(s->center, s->outer_radius, s->end_dir));
        on = feat_closest(&side, p);
        if (c2d_dist(on, p) < best) n = c2d_left_perp(s->end_dir);
    }
    return n;
}

/* Exact: the ray's crossings of the two circles and the two radial lines, in order; the first
 * crossing after which the ray is inside is the entry, its normal that of the curve crossed. An
 * origin inside: time 0 with the nearest boundary's normal. */
bool c2d_arc_raycast(const c2d_arc *s, c2d_raycast_input in, c2d_hit *out) {
    curve k[4];
    int nk, n = 0, i, j, which[ARC_MAX_PARAMS];
    c2d_real u[ARC_MAX_PARAMS], tmax, ts, te;
    feat ray;
    if (!c2d_arc_shape_is_valid(s) || !c2d_raycast_input_is_valid(in) || !c2d_vec2_in_range(in.origin) || out == NULL) return false;
    tmax = in.max_fraction;
    if (c2d_arc_contains_point(s, in.origin)) {
        out->time = 0;
        out->pos = in.origin;
        out->normal = nearest_normal(s, in.origin);
        out->delta = C2D_ISFINITE(tmax) ? c2d_scale(in.translation, -tmax) : c2d_v2(0, 0);
        return c2d_vec2_is_valid(out->delta);
    }
    if (!C2D_ISFINITE(tmax)) {
        c2d_real l = c2d_len(in.translation);
        if (!(l > 0)) return false;
        tmax = (c2d_dist(in.origin, s->center) + s->outer_radius) * 2 / l + 1;
    }
    /* only the part of the ray near the outer circle (a long ray's parameter would lose the digits
     * of a small shape) */
    {
        c2d_real dd = c2d_len_sq(in.translation), tc, h;
        if (!(dd > 0)) return false;
        tc = c2d_dot(c2d_sub(s->center, in.origin), in.translation) / dd;
        h = (c2d_real)2 * s->outer_radius / C2D_SQRT(dd);
        ts = c2d_maxr(0, tc - h);
        te = c2d_minr(tmax, tc + h);
        if (!(te > ts)) return false;
    }
    ray = seg_feat(c2d_mul_add(in.origin, ts, in.translation), c2d_mul_add(in.origin, te, in.translation));
    nk = arc_curves(s, k);
    for (i = 0; i < nk; ++i) {
        int m = feat_cross(&ray, &k[i], u, n);
        for (j = n; j < m; ++j) which[j] = i;
        n = m;
    }
    /* sort by parameter, keeping which curve each came from */
    for (i = 1; i < n; ++i) {
        c2d_real v = u[i];
        int w = which[i];
        for (j = i; j > 0 && u[j - 1] > v; --j) {
            u[j] = u[j - 1];
            which[j] = which[j - 1];
        }
        u[j] = v;
        which[j] = w;
    }
    for (i = 0; i < n; ++i) {
        c2d_real next = i + 1 < n ? u[i + 1] : 1;
        c2d_vec2 p, n2;
        if (!(next > u[i]) || !c2d_arc_contains_point(s, feat_at(&ray, (c2d_real)0.5 * (u[i] + next)))) continue;
        p = feat_at(&ray, u[i]);
        if (k[which[i]].circle) {
            n2 = c2d_unit_or_zero(c2d_sub(p, s->center));
            if (k[which[i]].r < s->outer_radius) n2 = c2d_neg(n2);
        } else {
            /* arc_curves puts the start side's line before the end side's, last */
            n2 = which[i] == nk - 2 ? c2d_right_perp(s->start_dir) : c2d_left_perp(s->end_dir);
        }
        if (n2.x == 0 && n2.y == 0) n2 = c2d_neg(c2d_unit_or_zero(in.translation));
        out->time = c2d_minr(ts + u[i] * (te - ts), te);
        out->pos = p;
        out->normal = n2;
        out->delta = C2D_ISFINITE(in.max_fraction) ? c2d_scale(in.translation, out->time - in.max_fraction) : c2d_v2(0, 0);
        return c2d_vec2_is_valid(out->pos) && c2d_vec2_is_valid(out->delta);
    }
    return false;
}

/* ---- the kind row ---- */

static bool k_valid(const c2d_shape *s) { return c2d_arc_shape_is_valid(&s->as.arc); }
static c2d_vec2 k_support(const c2d_shape *s, c2d_vec2 dir, c2d_vec2 o) { return arc_support(&s->as.arc, dir, o); }
/* Only a valid arc contains anything (c2d_arc_contains_point alone takes what it is given). */
static bool k_contains(const c2d_shape *s, c2d_vec2 p) { return c2d_arc_shape_is_valid(&s->as.arc) && c2d_arc_contains_point(&s->as.arc, p); }
/* A translation moves the center; a rotation makes the sector again at its turned start angle (so
 * its directions match its angles as c2d_arc_is_valid wants), or turns its directions if that is
 * refused. Shared with the convex wedge (src/kind.h). */
c2d_arc c2d_arc_transformed(const c2d_arc *w, c2d_transform xf) {
    c2d_arc r = *w, m;
    c2d_real start;
    r.center = c2d_transform_point(xf, w->center);
    if (xf.q.c == 1 && xf.q.s == 0) return r;
    start = w->start_angle + c2d_rot_angle(xf.q);
    if (c2d_arc_make(r.center, w->inner_radius, w->outer_radius, start, start + w->sweep_angle, &m) == C2D_OK) return m;
    r.start_dir = c2d_rotate(xf.q, w->start_dir);
    r.end_dir = c2d_rotate(xf.q, w->end_dir);
    return r;
}
static c2d_shape k_transform(const c2d_shape *s, c2d_transform xf) {
    c2d_shape r = *s;
    r.as.arc = c2d_arc_transformed(&s->as.arc, xf);
    return r;
}
static bool k_raycast(const c2d_shape *s, c2d_raycast_input in, c2d_hit *out) { return c2d_arc_raycast(&s->as.arc, in, out); }

/* The mover's skin (kind.h): the sector's, shared with the wedge (src/wedge.c). */
static int k_skin(const c2d_shape *s, c2d_real r, c2d_shape *out) { return c2d_sector_skin(&s->as.arc, r, out); }

const c2d_kind c2d_kind_arc = {
    .name = "arc",
    .solid = true,
    .rounded = false,
    .cast = C2D_CAST_DISTANCE,
    .is_valid = k_valid,
    .usable = k_valid,
    .bounds = c2d_bounds_from_support,
    .contains = k_contains,
    .transform = k_transform,
    .raycast = k_raycast,
    .core = c2d_core_none,
    .support = k_support,
    .skin = k_skin,
};
