/* Disks against polygons and circles: the hits and manifolds of a circle (or a point, a disk of
 * radius 0) against a polygon, and of two circles, on a path lighter than the rounded-shape core
 * (src/rshape.c).
 *
 * Circle (and point) against polygon works in a frame at the circle's center (disk_polygon):
 * Box2D's face-of-greatest-separation and Voronoi-region scheme in the scalar form, and in the SSE
 * form (src/simd/manifold_sse.h) the least of the point-segment distances to the edges (the same
 * nearest point, without a branch per region). It starts with the exact test's own first step: an
 * edge whose line keeps the circle at least r away, computed with the operations of
 * c2d_circle_overlap_polygon (edge_separates), so that a clear miss is that test's answer for any
 * polygon, good or bad, and costs no check; the polygon's checks run only when a hit is possible.
 * The hits keep those checks; the manifolds trust their polygon ("check once, then trust",
 * design.md) and run the SSE search without them (c2d_sse_disk_polygon_trusted), which is what a
 * dense scene pays for. Calls within rounding of touching go to the exact test of overlap.c (for a
 * point, strict containment). Circle against circle decides with the exact test of overlap.c
 * directly. */
#include <float.h>
#include <string.h>
#include "internal.h"
#include "simd/simd.h"
#include "rshape.h"

/* The face of a polygon that a point is farthest outside of (or least inside): its index, unit
 * normal and signed separation, with the polygon's size (see disk_face_scalar). */
typedef struct disk_face {
    c2d_real sep, size;
    c2d_vec2 normal;
    int face;
} disk_face;

/* True when the line of a polygon edge e_i keeps a circle (center c, r*r = rr) at least r away
 * on its outer side: s = cross(c - v_i, e_i) > 0 and s^2 >= r^2 |e_i|^2 with both squares finite
 * and r^2 |e_i|^2 a normal number (ee = |e_i|^2; else c2d_at_least divides, and this says no).
 * The operations and their order are those of c2d_circle_overlap_polygon's first loop
 * (c2d_at_least, internal.h) on the same world coordinates, so the bits are the same, and that
 * exact test then answers false too, whatever the rest of the polygon holds (a bad polygon gives
 * false there as well). Circles only: a point (r = 0) takes point_separates. */
static inline bool edge_separates(c2d_real s, c2d_real rr, c2d_real ee) {
    c2d_real l = s * s, q = rr * ee;
    return s > 0 && l <= REAL_MAX && q <= REAL_MAX && (q >= REAL_MIN || rr == 0) && l >= q;
}

/* For a point (r = 0): true when it lies strictly outside the edge line, by a margin that the
 * rounding of s = cross(d, e) cannot close (d = c - v_i, e = v_i+1 - v_i; Shewchuk's bound of the
 * exact orientation's filter, internal.h), so that c2d_polygon_contains_point's exact signs say
 * "outside" too. Points within rounding of the line go on to the search, where they are unsure. */
static inline bool point_separates(c2d_vec2 d, c2d_vec2 e) {
    c2d_real l = d.x * e.y, m = d.y * e.x;
    return l - m > c2d_orient_bound(l, m);
}

/* The search of a circle (center c, radius r >= 0; a point when r = 0) against a polygon's faces,
 * with the polygon's checks, in one function (disk_polygon's first half):
 * 1. The exact separating-edge test (edge_separates) over all edges: RS_NO when an edge line keeps
 *    the circle away, before anything is checked, since that miss is the exact test's answer for
 *    any polygon.
 * 2. The checks a hit needs, those of c2d_rs_polygon: every vertex coordinate finite and within
 *    C2D_MAX_COORD, every stored normal finite, a positive signed area (RS_BAD otherwise).
 * 3. The face of greatest separation cross(c - v_i, e_i) / |e_i| (the first on ties), with its
 *    outward unit normal computed from the vertices (the stored normals are not trusted; an edge
 *    too short to normalise takes c2d_short_edge_normal), and the polygon's size (largest |v_i - c|
 *    coordinate). RS_YES with df filled in.
 * This scalar form is the reference; with SSE (float builds) disk_face_search computes the same
 * four vertices at a time and comes here for a polygon with a short edge or a doubtful area. */
SCALAR_LOADER static verdict disk_face_scalar(const c2d_polygon *p, c2d_vec2 c, c2d_real r, disk_face *df) {
    const c2d_real lim = (c2d_real)C2D_MAX_COORD, rr = r * r;
    c2d_real area = 0, mag = 0, size = 0, best = -REAL_MAX;
    const c2d_vec2 v0 = p->vertices[0];
    int i, n = p->count, ok = 1, f = 0;
    for (i = 0; i < n; ++i) {
        c2d_vec2 v = p->vertices[i], e = c2d_sub(p->vertices[i + 1 < n ? i + 1 : 0], v), d = c2d_sub(c, v);
        if (r > 0 ? edge_separates(c2d_cross(d, e), rr, c2d_dot(e, e)) : point_separates(d, e)) return RS_NO;
    }
    for (i = 0; i < n; ++i) {
        c2d_vec2 v = p->vertices[i], m = p->normals[i], a = c2d_sub(v, c);
        ok &= (C2D_ABS(v.x) <= lim) & (C2D_ABS(v.y) <= lim) & (C2D_ABS(m.x) <= REAL_MAX) & (C2D_ABS(m.y) <= REAL_MAX);
        size = c2d_maxr(size, c2d_maxr(C2D_ABS(a.x), C2D_ABS(a.y)));
    }
    if (!ok) return RS_BAD;
    /* The edges (and the area's terms) from the polygon's own coordinates, as the vector form loads
     * them: differences of vertices first moved into the center's frame lose the polygon's shape
     * when the center is far away (a circle 1.4e7 from a triangle 28 wide was called inside). */
    for (i = 0; i < n; ++i) {
        c2d_vec2 w = p->vertices[i], a = c2d_sub(w, c), e = c2d_sub(p->vertices[i + 1 < n ? i + 1 : 0], w), g = c2d_sub(w, v0);
        c2d_real ee = c2d_dot(e, e), s;
        if (ee > REAL_MIN) {
            s = c2d_cross(e, a) / C2D_SQRT(ee);
        } else {
            c2d_vec2 u = c2d_short_edge_normal(p, i);
            if (u.x == 0 && u.y == 0) return RS_BAD;
            s = -c2d_dot(u, a);
        }
        f = s > best ? i : f;
        best = c2d_maxr(best, s);
        area += c2d_cross(g, e);
        mag += C2D_ABS(g.x * e.y) + C2D_ABS(g.y * e.x);
    }
    if (!area_sure(area, mag) && !c2d_polygon_usable(p)) return RS_BAD;
    df->face = f;
    df->sep = best;
    {
        c2d_vec2 e = c2d_sub(p->vertices[f + 1 < n ? f + 1 : 0], p->vertices[f]);
        c2d_real ee = c2d_dot(e, e), len;
        if (ee > REAL_MIN) {
            len = C2D_SQRT(ee);
            df->normal = c2d_v2(e.y / len, -e.x / len);
        } else {
            df->normal = c2d_short_edge_normal(p, f);
        }
    }
    df->size = size;
    return RS_YES;
}

/* A circle (or a point: r = 0) against a polygon, as in Box2D's b2CollidePolygonAndCircle: the
 * polygon's face of greatest separation from the center (disk_face_search, which settles the
 * clear misses exactly and checks the polygon before anything else), then, for a center outside
 * that face, the face's Voronoi regions. RS_BAD for a bad circle (disk_ok) or polygon. Computed
 * in a frame at the center (c = (0,0) there; the caller's origin is the center). The reference
 * form, and the one of double builds; with SSE disk_polygon below decides the same pairs four
 * vertices at a time. */
SCALAR_LOADER verdict c2d_ref_disk_polygon(c2d_vec2 o, c2d_real r, bool is_point, const c2d_polygon *p, contact *out) {
    c2d_vec2 c = c2d_v2(0, 0), q;
    c2d_real best, scale, tol, d2;
    int n = p->count, face;
    disk_face df;
    verdict v;
    if (!c2d_disk_ok(o, r, is_point)) return RS_BAD;
    v = disk_face_scalar(p, o, r, &df);
    if (v != RS_YES) return v;
    best = df.sep;
    face = df.face;
    scale = df.size + r;
    tol = SURE_ULPS * C2D_EPSILON * scale;
    if (judge(best - r, tol) == RS_NO) return RS_NO;
    if (best > 0) {
        /* Voronoi regions of the best face (Box2D's scheme): beyond one of its ends the nearest
         * point is that vertex, or (across a slightly reflex corner) a point of the next edge
         * around it; otherwise it is straight across the face. */
        int f1 = face + 1 < n ? face + 1 : 0;
        c2d_vec2 v1 = c2d_sub(p->vertices[face], o), v2 = c2d_sub(p->vertices[f1], o);
        c2d_vec2 e = c2d_sub(p->vertices[f1], p->vertices[face]); /* the polygon's own edge (see disk_face_scalar) */
        c2d_real u1 = c2d_dot(c2d_sub(c, v1), e), u2 = -c2d_dot(c2d_sub(c, v2), e);
        if (u1 > 0 && u2 > 0) {
            v = judge(best - r, tol);
            if (v != RS_NO) {
                face_contact(out, df.normal, best, r, scale);
            }
            return v;
        }
        {
            int end = u1 <= 0 ? face : f1;
            int other = u1 <= 0 ? (face > 0 ? face - 1 : n - 1) : (f1 + 1 < n ? f1 + 1 : 0);
            c2d_real t, dd;
            c2d_vec2 w = c2d_nearest_on_segment(c, c2d_sub(p->vertices[end], o), c2d_sub(p->vertices[other], o), &t);
            q = u1 <= 0 ? v1 : v2;
            d2 = c2d_dist_sq(c, q);
            dd = c2d_dist_sq(c, w);
            if (dd < d2) {
                d2 = dd;
                q = w;
            }
        }
        if (d2 > 0) {
            c2d_real d = C2D_SQRT(d2);
            v = judge(d - r, tol);
            if (v != RS_NO) {
                point_contact(out, q, d, r, scale);
            }
            return v;
        }
        best = 0; /* rounding: the center is on the boundary */
    }
    /* inside (or on the boundary): out through the nearest face, whose foot lies on its edge */
    v = judge(best - r, tol);
    if (v != RS_NO) {
        face_contact(out, df.normal, best, r, scale);
    }
    return v;
}

/* The circle's search: the SSE kernel (src/simd/manifold_sse.c) when compiled in, else the
 * reference above. */
static FORCE_INLINE verdict disk_polygon(c2d_vec2 c, c2d_real r, bool is_point, const c2d_polygon *p, contact *out) {
#ifdef POLY_SSE
    return c2d_sse_disk_polygon(c, r, is_point, p, out);
#else
    return c2d_ref_disk_polygon(c, r, is_point, p, out);
#endif
}

/* Circle a against circle b, relative to b's center. The decision is the exact test of
 * c2d_circle_overlap_circle itself (squared distance of the centers below the squared sum of the
 * radii), so no unsure band is needed; then the push-out runs along the line of centers
 * (concentric circles: along +x). */
static bool disk_disk(c2d_circle a, c2d_circle b, contact *out) {
    c2d_vec2 d = c2d_sub(a.center, b.center), n = c2d_v2(1, 0);
    c2d_real r = a.radius + b.radius, d2 = c2d_dot(d, d), dist = 0;
    c2d_real scale = c2d_maxr(C2D_ABS(d.x), C2D_ABS(d.y)) + r;
    if (!(d2 < r * r)) return false;
    if (d2 > 0) {
        dist = C2D_SQRT(d2);
        n = d2 >= REAL_MIN ? c2d_v2(d.x / dist, d.y / dist) : c2d_unit_of(d);
    }
    out->normal = n;
    out->depth = positive_depth(r - dist, scale);
    out->pos = c2d_scale(n, b.radius);
    return true;
}

/* A point is a disk of radius 0: its early miss is sure against the exact signs (point_separates),
 * and the unsure calls go to the exact containment test. */
bool c2d_point_hit_polygon(c2d_vec2 p, const c2d_polygon *poly, c2d_hit *out) {
    contact k = {{0, 0}, 0, {0, 0}}; /* written only on a hit; zeroed to keep compilers calm */
    verdict v;
    if (!c2d_point_ok(p) || !c2d_polygon_present(poly)) return false;
    v = disk_polygon(p, 0, true, poly, &k);
    if (v == RS_BAD) return false;
    return rs_finish_hit(v, v == RS_UNSURE && c2d_polygon_contains_point(poly, p), &k, p, out);
}

bool c2d_circle_hit_circle(c2d_circle a, c2d_circle b, c2d_hit *out) {
    contact k;
    if (!c2d_circle_ok(a) || !c2d_circle_ok(b) || !disk_disk(a, b, &k)) return false;
    return rs_finish_hit(RS_YES, true, &k, b.center, out);
}

bool c2d_circle_hit_polygon(c2d_circle a, const c2d_polygon *b, c2d_hit *out) {
    contact k = {{0, 0}, 0, {0, 0}}; /* written only on a hit; zeroed to keep compilers calm */
    verdict v;
    if (!c2d_polygon_present(b)) return false;
    v = disk_polygon(a.center, a.radius, false, b, &k);
    if (v == RS_BAD) return false;
    return rs_finish_hit(v, v == RS_UNSURE && c2d_circle_overlap_polygon(a, b), &k, a.center, out);
}

/* The overlap test comes first (false for NaN), so that the common miss costs one comparison;
 * the input checks run only for a possible hit. Past the test no input is NaN and both centers are
 * finite (d2 and r would be NaN or d2 infinite), so the checks of circle_ok reduce to one largest
 * and one least value, without branches. Then disk_disk's contact, written straight into the
 * manifold. */
c2d_manifold c2d_circle_manifold_circle(c2d_circle a, c2d_circle b) {
    c2d_vec2 d, n = c2d_v2(1, 0);
    c2d_real r = a.radius + b.radius, d2, dist = 0, depth;
    d = c2d_sub(a.center, b.center);
    d2 = c2d_dot(d, d);
    if (!(d2 < r * r) || !c2d_circle_pair_ok(a, b)) return rs_empty_manifold();
    if (d2 > 0) {
        dist = c2d_sqrt_nonneg(d2);
        n = d2 >= REAL_MIN ? rs_div_vec2(d, dist) : c2d_unit_of(d);
    }
    depth = positive_depth(r - dist, c2d_maxr(C2D_ABS(d.x), C2D_ABS(d.y)) + r);
    return rs_single_point(n, c2d_add(b.center, c2d_mul_add(c2d_scale(n, b.radius), (c2d_real)-0.5 * depth, n)), depth, 0);
}

/* c2d_circle_overlap_polygon for the rare unsure calls, out of line with the circle as scalars, so
 * that the hot path keeps no copy of the circle in memory for it. */
#if defined(__GNUC__)
__attribute__((noinline, cold))
#endif
static bool
circle_polygon_exact(c2d_real x, c2d_real y, c2d_real r, const c2d_polygon *b) {
    c2d_circle c;
    c.center = c2d_v2(x, y);
    c.radius = r;
    return c2d_circle_overlap_polygon(c, b);
}

/* The contact of a circle and a polygon taken as valid (local frame at the circle's center) when
 * they overlap: with SSE the kernel without the polygon's checks (c2d_sse_disk_polygon_trusted),
 * else the checked reference. */
static FORCE_INLINE bool circle_polygon_contact(c2d_circle a, const c2d_polygon *b, contact *k) {
    verdict v;
    if (!c2d_polygon_present(b)) return false;
#ifdef POLY_SSE
    v = c2d_sse_disk_polygon_trusted(a.center, a.radius, b, k);
#else
    v = c2d_ref_disk_polygon(a.center, a.radius, false, b, k);
#endif
    return v == RS_YES || (v == RS_UNSURE && circle_polygon_exact(a.center.x, a.center.y, a.radius, b));
}

c2d_manifold c2d_circle_manifold_polygon(c2d_circle a, const c2d_polygon *b) {
    contact k; /* written on every path that reads it */
    if (!circle_polygon_contact(a, b, &k)) return rs_empty_manifold();
    return rs_one_point_manifold(&k, a.center, 0);
}

/* The circle's center is mapped into b's local frame (c2d_inv_transform_point) and the pair is
 * solved there by c2d_circle_manifold_polygon, so b's vertices are never moved or rounded. */
/* c2d_xf_usable's checks of xf, combined without branches (the rare rescaling keeps its own, and
 * writes the rescaled rotation back), and the point p moved into xf's frame (*local). False for a
 * transform that the _xf queries refuse. In float SSE builds the transform and the point are
 * worked on in the registers they arrive in, as lanes (x, y, ., .): through the scalars the
 * compiler would move them to the stack and back, on the path to the first decision. */
static FORCE_INLINE bool point_in_frame(c2d_vec2 p, c2d_transform *xf, c2d_vec2 *local) {
    const c2d_real lim = (c2d_real)C2D_MAX_COORD;
    const c2d_real mq = xf->q.c * xf->q.c + xf->q.s * xf->q.s;
    if (!((C2D_ABS(xf->p.x) <= lim) & (C2D_ABS(xf->p.y) <= lim) & (mq > (c2d_real)0.5) & (mq < 2))) return false;
    if (C2D_ABS(mq - 1) > 4 * C2D_EPSILON) {
        c2d_real inv = (c2d_real)1 / C2D_SQRT(mq);
        xf->q.c *= inv;
        xf->q.s *= inv;
    }
    *local = c2d_inv_transform_point(*xf, p);
    return true;
}

c2d_manifold c2d_circle_manifold_polygon_xf(c2d_circle a, const c2d_polygon *b, c2d_transform xf_b) {
    contact k; /* written on every path that reads it */
    if (!point_in_frame(a.center, &xf_b, &a.center)) return rs_empty_manifold();
    if (!circle_polygon_contact(a, b, &k)) return rs_empty_manifold();
    /* the manifold of c2d_circle_manifold_polygon, then mapped to world */
    k.pos = c2d_transform_point(xf_b, c2d_add(a.center, c2d_mul_add(k.pos, (c2d_real)-0.5 * k.depth, k.normal)));
    k.normal = c2d_rotate(xf_b.q, k.normal);
    {
        c2d_manifold m;
        m.normal = k.normal;
        m.points[0].point = k.pos;
        m.points[0].depth = k.depth;
        m.points[0].id = 0;
        m.points[1].point = c2d_v2(0, 0);
        m.points[1].depth = 0;
        m.points[1].id = 0;
        m.count = 1;
        return m;
    }
}
