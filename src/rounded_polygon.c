/* The rounded-polygon kind (a convex polygon inflated by a radius, as Box2D's): constructor,
 * checks, bounds, containment, transform and an exact ray cast, plus its row of the kind table.
 * Its core view is the polygon with the radius, so the linear cast takes the exact
 * Minkowski-difference path (src/cast.c); the pair queries take the support path (src/support.c). */
#include <stddef.h>
#include "kind.h"

c2d_status c2d_rounded_polygon_make(const c2d_vec2 *points, int count, c2d_real radius, c2d_rounded_polygon *out) {
    c2d_status s;
    c2d_rounded_polygon r;
    if (out == NULL) return C2D_ERR_NULL_ARG;
    *out = (c2d_rounded_polygon){0};
    if ((s = c2d_check_real(radius)) != C2D_OK) return s;
    if (!c2d_size_in_range(radius)) return C2D_ERR_BAD_SIZE;
    if ((s = c2d_polygon_make(points, count, &r.polygon)) != C2D_OK) return s;
    r.radius = radius;
    *out = r;
    return C2D_OK;
}

bool c2d_rounded_polygon_is_valid(const c2d_rounded_polygon *p) {
    return p != NULL && c2d_size_in_range(p->radius) && c2d_polygon_is_valid(&p->polygon);
}

static bool rp_usable(const c2d_rounded_polygon *p) { return c2d_size_in_range(p->radius) && c2d_polygon_usable(&p->polygon); }

c2d_aabb c2d_rounded_polygon_aabb(const c2d_rounded_polygon *p) {
    c2d_aabb b = c2d_polygon_aabb(&p->polygon);
    b.lower = c2d_v2(b.lower.x - p->radius, b.lower.y - p->radius);
    b.upper = c2d_v2(b.upper.x + p->radius, b.upper.y + p->radius);
    return b;
}

/* The capsule of edge i: the polygon's boundary there, inflated by the radius. */
static c2d_capsule edge_capsule(const c2d_rounded_polygon *p, int i) {
    c2d_capsule c;
    c.p1 = p->polygon.vertices[i];
    c.p2 = p->polygon.vertices[i + 1 < p->polygon.count ? i + 1 : 0];
    c.radius = p->radius;
    return c;
}

/* The shape is the union of the polygon and its edge capsules. */
bool c2d_rounded_polygon_contains_point(const c2d_rounded_polygon *p, c2d_vec2 point) {
    int i;
    if (p == NULL || !rp_usable(p)) return false;
    if (c2d_polygon_contains_point(&p->polygon, point)) return true;
    for (i = 0; i < p->polygon.count; ++i) {
        if (c2d_capsule_contains_point(edge_capsule(p, i), point)) return true;
    }
    return false;
}

c2d_rounded_polygon c2d_rounded_polygon_transform(const c2d_rounded_polygon *p, c2d_transform xf) {
    c2d_rounded_polygon r = *p;
    r.polygon = c2d_polygon_transform(&p->polygon, xf);
    return r;
}

/* From outside, a ray enters the union through the first edge capsule it enters (the polygon lies
 * inside the capsules' union grown inward); from inside, the support path gives the push-out
 * normal of the origin. */
bool c2d_rounded_polygon_raycast(const c2d_rounded_polygon *p, c2d_raycast_input in, c2d_hit *out) {
    c2d_hit best, h;
    bool found = false;
    int i;
    if (p == NULL || !rp_usable(p) || !c2d_raycast_input_is_valid(in)) return false;
    if (c2d_rounded_polygon_contains_point(p, in.origin)) {
        c2d_shape pt = c2d_shape_from_point(in.origin), rp = c2d_shape_from_rounded_polygon(p);
        if (!c2d_support_hit(&pt, &rp, &h)) {
            h.normal = c2d_normalize(c2d_sub(in.origin, p->polygon.centroid));
            if (!(c2d_len_sq(h.normal) > 0)) h.normal = c2d_v2(1, 0);
        }
        out->time = 0;
        out->pos = in.origin;
        out->normal = h.normal;
        out->delta = C2D_ISFINITE(in.max_fraction) ? c2d_scale(in.translation, -in.max_fraction) : c2d_v2(0, 0);
        return c2d_vec2_is_valid(out->delta);
    }
    for (i = 0; i < p->polygon.count; ++i) {
        if (c2d_capsule_raycast(edge_capsule(p, i), in, &h) && (!found || h.time < best.time)) {
            best = h;
            found = true;
        }
    }
    if (!found) return false;
    *out = best;
    return true;
}

/* ---- the kind row ---- */

static bool k_valid(const c2d_shape *s) { return c2d_rounded_polygon_is_valid(&s->as.rounded_polygon); }
static bool k_usable(const c2d_shape *s) { return rp_usable(&s->as.rounded_polygon); }
static c2d_aabb k_bounds(const c2d_shape *s) { return c2d_rounded_polygon_aabb(&s->as.rounded_polygon); }
static bool k_contains(const c2d_shape *s, c2d_vec2 p) { return c2d_rounded_polygon_contains_point(&s->as.rounded_polygon, p); }
static c2d_shape k_transform(const c2d_shape *s, c2d_transform xf) {
    c2d_shape r = *s;
    r.as.rounded_polygon = c2d_rounded_polygon_transform(&s->as.rounded_polygon, xf);
    return r;
}
static bool k_raycast(const c2d_shape *s, c2d_raycast_input in, c2d_hit *out) { return c2d_rounded_polygon_raycast(&s->as.rounded_polygon, in, out); }
static c2d_core_view k_core(const c2d_shape *s) {
    c2d_core_view v;
    v.form = C2D_CORE_POLYGON;
    v.p1 = v.p2 = c2d_v2(0, 0);
    v.polygon = &s->as.rounded_polygon.polygon;
    v.radius = s->as.rounded_polygon.radius;
    return v;
}
static c2d_vec2 k_support(const c2d_shape *s, c2d_vec2 dir, c2d_vec2 o) { return c2d_core_support(k_core(s), dir, o); }

const c2d_kind c2d_kind_rounded_polygon = {
    .name = "rounded polygon",
    .solid = true,
    .rounded = true,
    .cast = C2D_CAST_CORE,
    .is_valid = k_valid,
    .usable = k_usable,
    .bounds = k_bounds,
    .contains = k_contains,
    .transform = k_transform,
    .raycast = k_raycast,
    .core = k_core,
    .support = k_support,
};
