/* The generic entry point: tagged shapes, per-shape helpers, and any-pair queries dispatched through
 * one const table indexed [type_a][type_b]. */
#include <stddef.h>
#include "kind.h"
#include "validate.h"

/* True when t is one of the c2d_shape_type tags below C2D_SHAPE_TYPE_COUNT. */
static bool type_known(c2d_shape_type t) { return (unsigned)t < (unsigned)C2D_SHAPE_TYPE_COUNT; }

/* Checks a shape pointer and its tag; asserts and returns false on NULL or an unknown tag. */
static bool shape_known(const c2d_shape *s) {
    bool shape_tag_known = s != NULL && type_known(s->type);
    C2D_ASSERT(shape_tag_known);
    return shape_tag_known;
}

static c2d_aabb zero_aabb(void) {
    c2d_aabb b;
    b.lower = b.upper = c2d_v2(0, 0);
    return b;
}

c2d_manifold c2d_manifold_none(void) {
    c2d_manifold m;
    int i;
    m.normal = c2d_v2(0, 0);
    for (i = 0; i < 2; ++i) {
        m.points[i].point = c2d_v2(0, 0);
        m.points[i].depth = 0;
        m.points[i].id = 0;
    }
    m.count = 0;
    return m;
}

/* The result of a refused distance query: distance 0, zero points, why in error (src/kind.h). */
c2d_distance_result c2d_distance_invalid(c2d_status why) {
    c2d_distance_result r;
    r.point_a = r.point_b = r.normal = c2d_v2(0, 0);
    r.distance = 0;
    r.iterations = 0;
    r.status = C2D_DISTANCE_INVALID_INPUT;
    r.error = why;
    return r;
}

/* ---- the kind table ----
 * One row per kind (src/kind.h): validation, bounds, containment, transform, ray cast, the core
 * view (the shape as a convex core inflated by a radius) and the support function. The rows of
 * the first six kinds are here; a kind added later brings its row in its own file. Nothing in the
 * generic layer switches on the tag: it looks the row up. */

/* The support point of a polygonal core, relative to o: the vertex farthest along dir (the first
 * of equals, so the answer does not depend on rounding ties). */
c2d_vec2 c2d_core_support(c2d_core_view c, c2d_vec2 dir, c2d_vec2 o) {
    c2d_vec2 best;
    c2d_real bd, d;
    int i;
    switch (c.form) {
    case C2D_CORE_POINT: return c2d_sub(c.p1, o);
    case C2D_CORE_SEGMENT: {
        c2d_vec2 a = c2d_sub(c.p1, o), b = c2d_sub(c.p2, o);
        return c2d_dot(dir, b) > c2d_dot(dir, a) ? b : a;
    }
    case C2D_CORE_BOX: {
        c2d_vec2 lo = c2d_sub(c.p1, o), hi = c2d_sub(c.p2, o);
        return c2d_v2(dir.x > 0 ? hi.x : lo.x, dir.y > 0 ? hi.y : lo.y);
    }
    case C2D_CORE_POLYGON:
        best = c2d_sub(c.polygon->vertices[0], o);
        bd = c2d_dot(dir, best);
        for (i = 1; i < c.polygon->count && i < C2D_MAX_POLYGON_VERTICES; ++i) {
            c2d_vec2 v = c2d_sub(c.polygon->vertices[i], o);
            d = c2d_dot(dir, v);
            if (d > bd) {
                bd = d;
                best = v;
            }
        }
        return best;
    case C2D_CORE_NONE: break;
    }
    return c2d_v2(0, 0);
}

static c2d_core_view core_view(c2d_core_form form, c2d_vec2 p1, c2d_vec2 p2, const c2d_polygon *poly, c2d_real radius) {
    c2d_core_view v;
    v.form = form;
    v.p1 = p1;
    v.p2 = p2;
    v.polygon = poly;
    v.radius = radius;
    return v;
}

c2d_aabb c2d_bounds_from_support(const c2d_shape *s) {
    const c2d_kind *k = c2d_kind_of(s->type);
    c2d_vec2 o = c2d_v2(0, 0);
    c2d_aabb b;
    b.lower = c2d_v2(k->support(s, c2d_v2(-1, 0), o).x, k->support(s, c2d_v2(0, -1), o).y);
    b.upper = c2d_v2(k->support(s, c2d_v2(1, 0), o).x, k->support(s, c2d_v2(0, 1), o).y);
    return b;
}

c2d_core_view c2d_core_none(const c2d_shape *s) {
    (void)s;
    return core_view(C2D_CORE_NONE, c2d_v2(0, 0), c2d_v2(0, 0), NULL, 0);
}

/* Two points coincide (a point has no interior, so this is its overlap). Infinities compare equal
 * to themselves, so the range check keeps invalid points from matching. */
static bool same_point(c2d_vec2 a, c2d_vec2 b) { return c2d_vec2_in_range(a) && a.x == b.x && a.y == b.y; }

/* point */
static bool point_valid(const c2d_shape *s) { return c2d_vec2_in_range(s->as.point); }
static c2d_aabb point_bounds(const c2d_shape *s) {
    c2d_aabb b;
    b.lower = b.upper = s->as.point;
    return b;
}
static bool point_contains(const c2d_shape *s, c2d_vec2 p) { return same_point(s->as.point, p); }
static c2d_shape point_transform(const c2d_shape *s, c2d_transform xf) {
    c2d_shape r = *s;
    r.as.point = c2d_transform_point(xf, s->as.point);
    return r;
}
/* a point has no interior and never blocks a ray */
static bool point_raycast(const c2d_shape *s, c2d_raycast_input in, c2d_hit *out) {
    (void)s;
    (void)in;
    (void)out;
    return false;
}
static c2d_core_view point_core(const c2d_shape *s) { return core_view(C2D_CORE_POINT, s->as.point, s->as.point, NULL, 0); }

/* segment; the static queries take a zero-length segment as its point */
static bool segment_valid(const c2d_shape *s) { return c2d_segment_is_valid(s->as.segment); }
static bool segment_usable(const c2d_shape *s) { return c2d_vec2_in_range(s->as.segment.p1) && c2d_vec2_in_range(s->as.segment.p2); }
static c2d_aabb segment_bounds(const c2d_shape *s) { return c2d_segment_aabb(s->as.segment); }
static bool segment_contains(const c2d_shape *s, c2d_vec2 p) { return c2d_segment_contains_point(s->as.segment, p); }
static c2d_shape segment_transform(const c2d_shape *s, c2d_transform xf) {
    c2d_shape r = *s;
    r.as.segment = c2d_segment_transform(s->as.segment, xf);
    return r;
}
static bool segment_raycast(const c2d_shape *s, c2d_raycast_input in, c2d_hit *out) { return c2d_segment_raycast(s->as.segment, in, out); }
static c2d_core_view segment_core(const c2d_shape *s) { return core_view(C2D_CORE_SEGMENT, s->as.segment.p1, s->as.segment.p2, NULL, 0); }

/* box */
static bool aabb_valid(const c2d_shape *s) { return c2d_aabb_is_valid(s->as.aabb); }
static c2d_aabb aabb_bounds(const c2d_shape *s) { return s->as.aabb; }
static bool aabb_contains(const c2d_shape *s, c2d_vec2 p) { return c2d_aabb_contains_point(s->as.aabb, p); }
/* A box keeps its type under a pure translation (the identity rotation, exactly); under any other
 * rotation it becomes the polygon of its four corners, rotated. */
static c2d_shape aabb_transform(const c2d_shape *s, c2d_transform xf) {
    c2d_shape r = *s;
    c2d_polygon p;
    if (xf.q.c == 1 && xf.q.s == 0) {
        r.as.aabb.lower = c2d_add(s->as.aabb.lower, xf.p);
        r.as.aabb.upper = c2d_add(s->as.aabb.upper, xf.p);
        return r;
    }
    p = c2d_polygon_from_aabb(s->as.aabb);
    p = c2d_polygon_transform(&p, xf);
    return c2d_shape_from_polygon(&p);
}
static bool aabb_raycast(const c2d_shape *s, c2d_raycast_input in, c2d_hit *out) { return c2d_aabb_raycast(s->as.aabb, in, out); }
static c2d_core_view aabb_core(const c2d_shape *s) { return core_view(C2D_CORE_BOX, s->as.aabb.lower, s->as.aabb.upper, NULL, 0); }

/* circle */
static bool circle_valid(const c2d_shape *s) { return c2d_circle_is_valid(s->as.circle); }
static c2d_aabb circle_bounds(const c2d_shape *s) { return c2d_circle_aabb(s->as.circle); }
static bool circle_contains(const c2d_shape *s, c2d_vec2 p) { return c2d_circle_contains_point(s->as.circle, p); }
static c2d_shape circle_transform(const c2d_shape *s, c2d_transform xf) {
    c2d_shape r = *s;
    r.as.circle = c2d_circle_transform(s->as.circle, xf);
    return r;
}
static bool circle_raycast(const c2d_shape *s, c2d_raycast_input in, c2d_hit *out) { return c2d_circle_raycast(s->as.circle, in, out); }
static c2d_core_view circle_core(const c2d_shape *s) { return core_view(C2D_CORE_POINT, s->as.circle.center, s->as.circle.center, NULL, s->as.circle.radius); }

/* capsule */
static bool capsule_valid(const c2d_shape *s) { return c2d_capsule_is_valid(s->as.capsule); }
static c2d_aabb capsule_bounds(const c2d_shape *s) { return c2d_capsule_aabb(s->as.capsule); }
static bool capsule_contains(const c2d_shape *s, c2d_vec2 p) { return c2d_capsule_contains_point(s->as.capsule, p); }
static c2d_shape capsule_transform(const c2d_shape *s, c2d_transform xf) {
    c2d_shape r = *s;
    r.as.capsule = c2d_capsule_transform(s->as.capsule, xf);
    return r;
}
static bool capsule_raycast(const c2d_shape *s, c2d_raycast_input in, c2d_hit *out) { return c2d_capsule_raycast(s->as.capsule, in, out); }
static c2d_core_view capsule_core(const c2d_shape *s) { return core_view(C2D_CORE_SEGMENT, s->as.capsule.p1, s->as.capsule.p2, NULL, s->as.capsule.radius); }

/* polygon; the static queries take overlap's O(n) check (c2d_polygon_usable) */
static bool polygon_valid(const c2d_shape *s) { return c2d_polygon_is_valid(&s->as.polygon); }
static bool polygon_usable(const c2d_shape *s) { return c2d_polygon_usable(&s->as.polygon); }
static c2d_aabb polygon_bounds(const c2d_shape *s) { return c2d_polygon_aabb(&s->as.polygon); }
static bool polygon_contains(const c2d_shape *s, c2d_vec2 p) { return c2d_polygon_contains_point(&s->as.polygon, p); }
static c2d_shape polygon_transform(const c2d_shape *s, c2d_transform xf) {
    c2d_shape r = *s;
    r.as.polygon = c2d_polygon_transform(&s->as.polygon, xf);
    return r;
}
static bool polygon_raycast(const c2d_shape *s, c2d_raycast_input in, c2d_hit *out) { return c2d_polygon_raycast(&s->as.polygon, in, out); }
static c2d_core_view polygon_core(const c2d_shape *s) { return core_view(C2D_CORE_POLYGON, c2d_v2(0, 0), c2d_v2(0, 0), &s->as.polygon, 0); }

/* The support function of every kind with a polygonal core. */
static c2d_vec2 core_kind_support(const c2d_shape *s, c2d_vec2 dir, c2d_vec2 o) { return c2d_core_support(c2d_kind_of(s->type)->core(s), dir, o); }

static const c2d_kind kind_point = {
    .name = "point",
    .solid = false,
    .rounded = false,
    .cast = C2D_CAST_POINT,
    .is_valid = point_valid,
    .usable = point_valid,
    .bounds = point_bounds,
    .contains = point_contains,
    .transform = point_transform,
    .raycast = point_raycast,
    .core = point_core,
    .support = core_kind_support,
};
static const c2d_kind kind_segment = {
    .name = "segment",
    .solid = false,
    .rounded = false,
    .cast = C2D_CAST_CORE,
    .is_valid = segment_valid,
    .usable = segment_usable,
    .bounds = segment_bounds,
    .contains = segment_contains,
    .transform = segment_transform,
    .raycast = segment_raycast,
    .core = segment_core,
    .support = core_kind_support,
};
static const c2d_kind kind_aabb = {
    .name = "aabb",
    .solid = true,
    .rounded = false,
    .cast = C2D_CAST_BOX,
    .is_valid = aabb_valid,
    .usable = aabb_valid,
    .bounds = aabb_bounds,
    .contains = aabb_contains,
    .transform = aabb_transform,
    .raycast = aabb_raycast,
    .core = aabb_core,
    .support = core_kind_support,
};
static const c2d_kind kind_circle = {
    .name = "circle",
    .solid = true,
    .rounded = true,
    .cast = C2D_CAST_DISK,
    .is_valid = circle_valid,
    .usable = circle_valid,
    .bounds = circle_bounds,
    .contains = circle_contains,
    .transform = circle_transform,
    .raycast = circle_raycast,
    .core = circle_core,
    .support = core_kind_support,
};
static const c2d_kind kind_capsule = {
    .name = "capsule",
    .solid = true,
    .rounded = true,
    .cast = C2D_CAST_CORE,
    .is_valid = capsule_valid,
    .usable = capsule_valid,
    .bounds = capsule_bounds,
    .contains = capsule_contains,
    .transform = capsule_transform,
    .raycast = capsule_raycast,
    .core = capsule_core,
    .support = core_kind_support,
};
static const c2d_kind kind_polygon = {
    .name = "polygon",
    .solid = true,
    .rounded = false,
    .cast = C2D_CAST_CORE,
    .is_valid = polygon_valid,
    .usable = polygon_usable,
    .bounds = polygon_bounds,
    .contains = polygon_contains,
    .transform = polygon_transform,
    .raycast = polygon_raycast,
    .core = polygon_core,
    .support = core_kind_support,
};

/* The kind table: one row per tag. */
static const c2d_kind *const k_kinds[C2D_SHAPE_TYPE_COUNT] = {
    [C2D_SHAPE_POINT] = &kind_point,
    [C2D_SHAPE_SEGMENT] = &kind_segment,
    [C2D_SHAPE_AABB] = &kind_aabb,
    [C2D_SHAPE_CIRCLE] = &kind_circle,
    [C2D_SHAPE_CAPSULE] = &kind_capsule,
    [C2D_SHAPE_POLYGON] = &kind_polygon,
    [C2D_SHAPE_ROUNDED_POLYGON] = &c2d_kind_rounded_polygon,
    [C2D_SHAPE_ELLIPSE] = &c2d_kind_ellipse,
    [C2D_SHAPE_WEDGE] = &c2d_kind_wedge,
    [C2D_SHAPE_CONCAVE] = &c2d_kind_concave,
    [C2D_SHAPE_ARC] = &c2d_kind_arc,
};

const c2d_kind *c2d_kind_of(c2d_shape_type t) { return type_known(t) ? k_kinds[t] : NULL; }

/* ---- per-shape helpers: one look-up in the kind table ---- */

bool c2d_shape_is_valid(const c2d_shape *s) {
    if (s == NULL || !type_known(s->type)) return false;
    return k_kinds[s->type]->is_valid(s);
}

/* Unknown tags assert and give a point at the origin. */
c2d_shape c2d_shape_transform(const c2d_shape *s, c2d_transform xf) {
    if (!shape_known(s)) return c2d_shape_from_point(c2d_v2(0, 0));
    return k_kinds[s->type]->transform(s, xf);
}

c2d_aabb c2d_shape_aabb(const c2d_shape *s) {
    if (!shape_known(s)) return zero_aabb();
    return k_kinds[s->type]->bounds(s);
}

/* Proxy of points (a count outside [1, C2D_MAX_POLYGON_VERTICES] gives an empty proxy, which
 * c2d_distance reports as invalid input) and a radius. Unused slots are zeroed. */
/* Writes the first count points and the radius into *p (count 0 when out of bounds); the points
 * past count are left as they are. */
static void proxy_into(c2d_proxy *p, const c2d_vec2 *points, int count, c2d_real radius) {
    int i;
    if (count < 1 || count > C2D_MAX_POLYGON_VERTICES) count = 0;
    for (i = 0; i < count; ++i) p->points[i] = points[i];
    p->count = count;
    p->radius = radius;
}

/* The core view as points and a radius: a box gives its four corners counter-clockwise, a circle
 * its center with its radius, a capsule its core with its radius. A curved core has no proxy
 * (count 0). Only the first count points are written (c2d_distance reads no further). */
static void shape_proxy_into(const c2d_shape *s, c2d_proxy *p) {
    c2d_vec2 v[4];
    c2d_core_view c;
    if (!shape_known(s)) {
        proxy_into(p, NULL, 0, 0);
        return;
    }
    c = k_kinds[s->type]->core(s);
    switch (c.form) {
    case C2D_CORE_POINT: proxy_into(p, &c.p1, 1, c.radius); return;
    case C2D_CORE_SEGMENT:
        v[0] = c.p1;
        v[1] = c.p2;
        proxy_into(p, v, 2, c.radius);
        return;
    case C2D_CORE_BOX:
        v[0] = c.p1;
        v[1] = c2d_v2(c.p2.x, c.p1.y);
        v[2] = c.p2;
        v[3] = c2d_v2(c.p1.x, c.p2.y);
        proxy_into(p, v, 4, c.radius);
        return;
    case C2D_CORE_POLYGON: proxy_into(p, c.polygon->vertices, c.polygon->count, c.radius); return;
    case C2D_CORE_NONE: break;
    }
    proxy_into(p, NULL, 0, 0);
}

c2d_proxy c2d_shape_proxy(const c2d_shape *s) {
    c2d_proxy p;
    int i;
    shape_proxy_into(s, &p);
    for (i = p.count; i < C2D_MAX_POLYGON_VERTICES; ++i) p.points[i] = c2d_v2(0, 0);
    return p;
}

bool c2d_shape_contains_point(const c2d_shape *s, c2d_vec2 p) {
    if (!shape_known(s)) return false;
    return k_kinds[s->type]->contains(s, p);
}

/* ---- pair adapters ----
 * Each adapter has exactly the table's signature and takes the shapes in the canonical order
 * point < segment < aabb < circle < capsule < polygon; the table calls it with the arguments
 * swapped (and flips the result) for the reversed order. */

typedef bool shape_overlap_fn(const c2d_shape *a, const c2d_shape *b);
typedef bool shape_hit_fn(const c2d_shape *a, const c2d_shape *b, c2d_hit *out);
typedef c2d_manifold shape_manifold_fn(const c2d_shape *a, const c2d_shape *b);
typedef c2d_distance_result shape_distance_fn(const c2d_shape *a, const c2d_shape *b);

/* A contact between a point and a point or segment has no depth: pos is the point, delta is zero,
 * and the normal is the given one. */
static void flat_hit(c2d_vec2 pos, c2d_vec2 normal, c2d_hit *out) {
    out->pos = pos;
    out->normal = normal;
    out->delta = c2d_v2(0, 0);
    out->time = 0;
}

/* Overlap: points and segments count as their closed selves, 2D shapes as their open interiors. */
static bool ov_point_point(const c2d_shape *a, const c2d_shape *b) { return same_point(a->as.point, b->as.point); }
static bool ov_point_segment(const c2d_shape *a, const c2d_shape *b) { return c2d_segment_contains_point(b->as.segment, a->as.point); }
static bool ov_point_aabb(const c2d_shape *a, const c2d_shape *b) { return c2d_aabb_contains_point(b->as.aabb, a->as.point); }
static bool ov_point_circle(const c2d_shape *a, const c2d_shape *b) { return c2d_circle_contains_point(b->as.circle, a->as.point); }
static bool ov_point_capsule(const c2d_shape *a, const c2d_shape *b) { return c2d_capsule_contains_point(b->as.capsule, a->as.point); }
static bool ov_point_polygon(const c2d_shape *a, const c2d_shape *b) { return c2d_polygon_contains_point(&b->as.polygon, a->as.point); }
static bool ov_segment_segment(const c2d_shape *a, const c2d_shape *b) { return c2d_segment_overlap_segment(a->as.segment, b->as.segment); }
static bool ov_segment_aabb(const c2d_shape *a, const c2d_shape *b) { return c2d_segment_overlap_aabb(a->as.segment, b->as.aabb); }
static bool ov_segment_circle(const c2d_shape *a, const c2d_shape *b) { return c2d_segment_overlap_circle(a->as.segment, b->as.circle); }
static bool ov_segment_capsule(const c2d_shape *a, const c2d_shape *b) { return c2d_segment_overlap_capsule(a->as.segment, b->as.capsule); }
static bool ov_segment_polygon(const c2d_shape *a, const c2d_shape *b) { return c2d_segment_overlap_polygon(a->as.segment, &b->as.polygon); }
/* the typed test trusts its boxes beyond NaN and inversion; the generic layer checks them */
static bool ov_aabb_aabb(const c2d_shape *a, const c2d_shape *b) {
    return c2d_aabb_pair_overlap_usable(a->as.aabb, b->as.aabb);
}
static bool ov_aabb_circle(const c2d_shape *a, const c2d_shape *b) { return c2d_aabb_overlap_circle(a->as.aabb, b->as.circle); }
static bool ov_aabb_capsule(const c2d_shape *a, const c2d_shape *b) { return c2d_aabb_overlap_capsule(a->as.aabb, b->as.capsule); }
static bool ov_aabb_polygon(const c2d_shape *a, const c2d_shape *b) { return c2d_aabb_overlap_polygon(a->as.aabb, &b->as.polygon); }
static bool ov_circle_circle(const c2d_shape *a, const c2d_shape *b) { return c2d_circle_overlap_circle(a->as.circle, b->as.circle); }
static bool ov_circle_capsule(const c2d_shape *a, const c2d_shape *b) { return c2d_circle_overlap_capsule(a->as.circle, b->as.capsule); }
static bool ov_circle_polygon(const c2d_shape *a, const c2d_shape *b) { return c2d_circle_overlap_polygon(a->as.circle, &b->as.polygon); }
static bool ov_capsule_capsule(const c2d_shape *a, const c2d_shape *b) { return c2d_capsule_overlap_capsule(a->as.capsule, b->as.capsule); }
static bool ov_capsule_polygon(const c2d_shape *a, const c2d_shape *b) { return c2d_capsule_overlap_polygon(a->as.capsule, &b->as.polygon); }
static bool ov_polygon_polygon(const c2d_shape *a, const c2d_shape *b) { return c2d_polygon_overlap_polygon(&a->as.polygon, &b->as.polygon); }

/* Hit. Equal points: normal (0,0), as for a zero-length segment. A point on a segment: the
 * segment's left unit normal (+90 degrees from p1 -> p2; (0,0) for zero length). */
static bool hit_point_point(const c2d_shape *a, const c2d_shape *b, c2d_hit *out) {
    if (!same_point(a->as.point, b->as.point)) return false;
    flat_hit(b->as.point, c2d_v2(0, 0), out);
    return true;
}
static bool hit_point_segment(const c2d_shape *a, const c2d_shape *b, c2d_hit *out) {
    c2d_segment s = b->as.segment;
    if (!c2d_segment_contains_point(s, a->as.point)) return false;
    flat_hit(a->as.point, c2d_normalize(c2d_left_perp(c2d_sub(s.p2, s.p1))), out);
    return true;
}
static bool hit_point_aabb(const c2d_shape *a, const c2d_shape *b, c2d_hit *out) { return c2d_point_hit_aabb(a->as.point, b->as.aabb, out); }
static bool hit_point_circle(const c2d_shape *a, const c2d_shape *b, c2d_hit *out) { return c2d_point_hit_circle(a->as.point, b->as.circle, out); }
static bool hit_point_capsule(const c2d_shape *a, const c2d_shape *b, c2d_hit *out) { return c2d_point_hit_capsule(a->as.point, b->as.capsule, out); }
static bool hit_point_polygon(const c2d_shape *a, const c2d_shape *b, c2d_hit *out) { return c2d_point_hit_polygon(a->as.point, &b->as.polygon, out); }
static bool hit_segment_segment(const c2d_shape *a, const c2d_shape *b, c2d_hit *out) { return c2d_segment_hit_segment(a->as.segment, b->as.segment, out); }
static bool hit_segment_aabb(const c2d_shape *a, const c2d_shape *b, c2d_hit *out) { return c2d_segment_hit_aabb(a->as.segment, b->as.aabb, out); }
static bool hit_segment_circle(const c2d_shape *a, const c2d_shape *b, c2d_hit *out) { return c2d_segment_hit_circle(a->as.segment, b->as.circle, out); }
static bool hit_segment_capsule(const c2d_shape *a, const c2d_shape *b, c2d_hit *out) { return c2d_segment_hit_capsule(a->as.segment, b->as.capsule, out); }
static bool hit_segment_polygon(const c2d_shape *a, const c2d_shape *b, c2d_hit *out) { return c2d_segment_hit_polygon(a->as.segment, &b->as.polygon, out); }
static bool hit_aabb_aabb(const c2d_shape *a, const c2d_shape *b, c2d_hit *out) { return c2d_aabb_hit_aabb(a->as.aabb, b->as.aabb, out); }
static bool hit_aabb_circle(const c2d_shape *a, const c2d_shape *b, c2d_hit *out) { return c2d_aabb_hit_circle(a->as.aabb, b->as.circle, out); }
static bool hit_aabb_capsule(const c2d_shape *a, const c2d_shape *b, c2d_hit *out) { return c2d_aabb_hit_capsule(a->as.aabb, b->as.capsule, out); }
static bool hit_aabb_polygon(const c2d_shape *a, const c2d_shape *b, c2d_hit *out) { return c2d_aabb_hit_polygon(a->as.aabb, &b->as.polygon, out); }
static bool hit_circle_circle(const c2d_shape *a, const c2d_shape *b, c2d_hit *out) { return c2d_circle_hit_circle(a->as.circle, b->as.circle, out); }
static bool hit_circle_capsule(const c2d_shape *a, const c2d_shape *b, c2d_hit *out) { return c2d_circle_hit_capsule(a->as.circle, b->as.capsule, out); }
static bool hit_circle_polygon(const c2d_shape *a, const c2d_shape *b, c2d_hit *out) { return c2d_circle_hit_polygon(a->as.circle, &b->as.polygon, out); }
static bool hit_capsule_capsule(const c2d_shape *a, const c2d_shape *b, c2d_hit *out) { return c2d_capsule_hit_capsule(a->as.capsule, b->as.capsule, out); }
static bool hit_capsule_polygon(const c2d_shape *a, const c2d_shape *b, c2d_hit *out) { return c2d_capsule_hit_polygon(a->as.capsule, &b->as.polygon, out); }
static bool hit_polygon_polygon(const c2d_shape *a, const c2d_shape *b, c2d_hit *out) { return c2d_polygon_hit_polygon(&a->as.polygon, &b->as.polygon, out); }

/* Manifolds exist between 2D shapes only; a point or a segment gives none. */
static c2d_manifold man_none(const c2d_shape *a, const c2d_shape *b) {
    (void)a;
    (void)b;
    return c2d_manifold_none();
}
static c2d_manifold man_aabb_aabb(const c2d_shape *a, const c2d_shape *b) { return c2d_aabb_manifold_aabb(a->as.aabb, b->as.aabb); }
static c2d_manifold man_aabb_circle(const c2d_shape *a, const c2d_shape *b) { return c2d_aabb_manifold_circle(a->as.aabb, b->as.circle); }
static c2d_manifold man_aabb_capsule(const c2d_shape *a, const c2d_shape *b) { return c2d_aabb_manifold_capsule(a->as.aabb, b->as.capsule); }
static c2d_manifold man_aabb_polygon(const c2d_shape *a, const c2d_shape *b) { return c2d_aabb_manifold_polygon(a->as.aabb, &b->as.polygon); }
static c2d_manifold man_circle_circle(const c2d_shape *a, const c2d_shape *b) { return c2d_circle_manifold_circle(a->as.circle, b->as.circle); }
static c2d_manifold man_circle_capsule(const c2d_shape *a, const c2d_shape *b) { return c2d_circle_manifold_capsule(a->as.circle, b->as.capsule); }
/* the typed manifold trusts its polygon (src/disk.c); the generic layer checks it */
static c2d_manifold man_circle_polygon(const c2d_shape *a, const c2d_shape *b) {
    if (!c2d_polygon_usable(&b->as.polygon)) return c2d_manifold_none();
    return c2d_circle_manifold_polygon(a->as.circle, &b->as.polygon);
}
static c2d_manifold man_capsule_capsule(const c2d_shape *a, const c2d_shape *b) { return c2d_capsule_manifold_capsule(a->as.capsule, b->as.capsule); }
static c2d_manifold man_capsule_polygon(const c2d_shape *a, const c2d_shape *b) { return c2d_capsule_manifold_polygon(a->as.capsule, &b->as.polygon); }
static c2d_manifold man_polygon_polygon(const c2d_shape *a, const c2d_shape *b) { return c2d_polygon_manifold_polygon(&a->as.polygon, &b->as.polygon); }

/* Core segment and radius of a kind whose core is a point or a segment (points, segments,
 * circles, capsules; a point core has zero length). */
static void round_core(const c2d_shape *s, c2d_segment *core, c2d_real *radius) {
    c2d_core_view c = k_kinds[s->type]->core(s);
    *radius = c.radius;
    core->p1 = c.p1;
    core->p2 = c.form == C2D_CORE_SEGMENT ? c.p2 : c.p1;
}

static bool segment_in_range(c2d_segment s) { return c2d_vec2_in_range(s.p1) && c2d_vec2_in_range(s.p2); }

/* Unit normal from core B toward core A, and the core distance along it, from the closest points
 * sd of the cores ca and cb. When a closest point lies inside a segment, the normal is that
 * segment's perpendicular and the distance is the other closest point's (an endpoint's) height
 * over it: both stay accurate when the cores nearly touch, where the difference of the two closest
 * points has lost most of its digits. Otherwise both are endpoints and their difference is used.
 * Returns (0,0) and distance 0 when the cores meet. */
static c2d_vec2 core_normal(c2d_segment ca, c2d_segment cb, c2d_segment_distance_result sd, c2d_real *core) {
    c2d_vec2 n;
    c2d_real h;
    *core = 0;
    if (!(sd.distance_squared > 0)) return c2d_v2(0, 0);
    if (sd.fraction2 > 0 && sd.fraction2 < 1) {
        n = c2d_unit_or_zero(c2d_left_perp(c2d_sub(cb.p2, cb.p1)));
        h = c2d_dot(n, c2d_sub(sd.closest1, cb.p1));
    } else if (sd.fraction1 > 0 && sd.fraction1 < 1) {
        n = c2d_unit_or_zero(c2d_left_perp(c2d_sub(ca.p2, ca.p1)));
        h = c2d_dot(n, c2d_sub(ca.p1, sd.closest2));
    } else {
        n = c2d_unit_or_zero(c2d_sub(sd.closest1, sd.closest2));
        h = c2d_dot(n, c2d_sub(sd.closest1, sd.closest2));
    }
    if (h < 0) {
        n = c2d_neg(n);
        h = -h;
    }
    if (!(h > 0)) return c2d_v2(0, 0);
    *core = h;
    return n;
}

/* Distance between two shapes whose cores are segments or points (points, segments, circles,
 * capsules), in closed form: the closest points of the cores (c2d_segment_distance, computed
 * relative to A's first core point), then the radii taken off along the normal. The result follows
 * c2d_distance's conventions: cores that meet give distance 0 and normal (0,0); rounded parts that
 * touch or overlap give distance 0 and one point halfway between the surfaces. */
static c2d_distance_result dist_round(const c2d_shape *a, const c2d_shape *b) {
    c2d_distance_result r = c2d_distance_invalid(C2D_ERR_OUT_OF_RANGE);
    c2d_segment ca, cb;
    c2d_real ra, rb, core;
    c2d_vec2 o, n;
    c2d_segment_distance_result sd;
    round_core(a, &ca, &ra);
    round_core(b, &cb, &rb);
    if (!segment_in_range(ca) || !segment_in_range(cb) || !(ra >= 0 && ra <= C2D_MAX_COORD) ||
        !(rb >= 0 && rb <= C2D_MAX_COORD)) {
        return r;
    }
    r.status = C2D_DISTANCE_OK;
    r.error = C2D_OK;
    o = ca.p1;
    ca.p1 = c2d_v2(0, 0);
    ca.p2 = c2d_sub(ca.p2, o);
    cb.p1 = c2d_sub(cb.p1, o);
    cb.p2 = c2d_sub(cb.p2, o);
    sd = c2d_segment_distance(ca, cb);
    n = core_normal(ca, cb, sd, &core);
    if (n.x == 0 && n.y == 0) {
        r.point_a = r.point_b = c2d_add(o, c2d_lerp(sd.closest1, sd.closest2, (c2d_real)0.5));
        return r;
    }
    r.normal = n;
    if (core > ra + rb) {
        r.distance = core - ra - rb;
        r.point_a = c2d_add(o, c2d_mul_add(sd.closest1, -ra, n));
        r.point_b = c2d_add(o, c2d_mul_add(sd.closest2, rb, n));
    } else {
        r.point_a = c2d_add(o, c2d_lerp(c2d_mul_add(sd.closest1, -ra, n), c2d_mul_add(sd.closest2, rb, n), (c2d_real)0.5));
        r.point_b = r.point_a;
    }
    return r;
}

/* A shape's core as points read in place (a polygon's own vertices) or written to buf (a box's
 * corners, counter-clockwise; a point; a segment's ends), and its radius; the count, 0 for a curved
 * core. */
static int core_points(const c2d_shape *s, c2d_vec2 buf[4], const c2d_vec2 **points, c2d_real *radius) {
    c2d_core_view c;
    if (s->type == C2D_SHAPE_POLYGON) { /* the common case, without the table's call */
        *points = s->as.polygon.vertices;
        *radius = 0;
        return s->as.polygon.count;
    }
    c = k_kinds[s->type]->core(s);
    *points = buf;
    *radius = c.radius;
    buf[0] = c.p1;
    switch (c.form) {
    case C2D_CORE_POINT: return 1;
    case C2D_CORE_SEGMENT: buf[1] = c.p2; return 2;
    case C2D_CORE_BOX:
        buf[1] = c2d_v2(c.p2.x, c.p1.y);
        buf[2] = c.p2;
        buf[3] = c2d_v2(c.p1.x, c.p2.y);
        return 4;
    case C2D_CORE_POLYGON: *points = c.polygon->vertices; return c.polygon->count;
    case C2D_CORE_NONE: break;
    }
    return 0;
}

/* Distance by GJK on the shapes' cores, read in place (no proxy copy). Both shapes passed their
 * kind's usable() rule, which implies the proxy rule; should GJK refuse them anyway, the answer is
 * INVALID_INPUT. */
static c2d_distance_result dist_gjk(const c2d_shape *a, const c2d_shape *b) {
    c2d_vec2 ba[4], bb[4];
    const c2d_vec2 *pa, *pb;
    c2d_real ra, rb;
    int na = core_points(a, ba, &pa, &ra), nb = core_points(b, bb, &pb, &rb);
    return c2d_distance_points(pa, na, ra, pb, nb, rb);
}

/* ---- the dispatch tables ---- */

/* One cell of the pair table. flip: the adapters take the shapes in the other order, so the
 * dispatcher swaps the arguments and flips the result (hit: c2d_hit_flip; manifold: normal
 * negated; distance: points swapped and normal negated; overlap is symmetric). */
typedef struct pair_entry {
    shape_overlap_fn *overlap;
    shape_hit_fn *hit;
    shape_manifold_fn *manifold;
    shape_distance_fn *distance;
    bool flip;
} pair_entry;

/* Cells of the table: a pair of one type, and a pair of two types with its reversed cell. */
#define C2D_SELF(ta, o, h, m, d) [ta][ta] = {o, h, m, d, false}
#define C2D_PAIR(ta, tb, o, h, m, d) [ta][tb] = {o, h, m, d, false}, [tb][ta] = {o, h, m, d, true}

/* A new kind against itself and the six first kinds, all through the support path; the support
 * functions put the shapes in a fixed order themselves, so no cell needs the flip flag. */
#define C2D_SUPPORT_PAIR(ta, tb)                                                                        \
  [ta][tb] = {c2d_support_overlap, c2d_support_hit, c2d_support_manifold, c2d_support_distance, false}, \
  [tb][ta] = {c2d_support_overlap, c2d_support_hit, c2d_support_manifold, c2d_support_distance, false}
#define C2D_SUPPORT_ROW(t)                                                                                                   \
  C2D_SUPPORT_PAIR(t, C2D_SHAPE_POINT), C2D_SUPPORT_PAIR(t, C2D_SHAPE_SEGMENT), C2D_SUPPORT_PAIR(t, C2D_SHAPE_AABB),         \
      C2D_SUPPORT_PAIR(t, C2D_SHAPE_CIRCLE), C2D_SUPPORT_PAIR(t, C2D_SHAPE_CAPSULE), C2D_SUPPORT_PAIR(t, C2D_SHAPE_POLYGON), \
      [t][t] = {c2d_support_overlap, c2d_support_hit, c2d_support_manifold, c2d_support_distance, false}

/* A kind made of convex pieces against another kind (src/concave_shape.c: the generic queries on
 * each piece); the pieced shape first, so the reversed cell flips. Against itself: one cell, the
 * functions put the pair in a fixed order. A kind added later needs its C2D_PIECES_PAIR line. */
#define C2D_PIECES_PAIR(tp, t)                                                                     \
  [tp][t] = {c2d_pieces_overlap, c2d_pieces_hit, c2d_pieces_manifold, c2d_pieces_distance, false}, \
  [t][tp] = {c2d_pieces_overlap, c2d_pieces_hit, c2d_pieces_manifold, c2d_pieces_distance, true}
#define C2D_PIECES_ROW(t)                                                                                                        \
  C2D_PIECES_PAIR(t, C2D_SHAPE_POINT), C2D_PIECES_PAIR(t, C2D_SHAPE_SEGMENT), C2D_PIECES_PAIR(t, C2D_SHAPE_AABB),                \
      C2D_PIECES_PAIR(t, C2D_SHAPE_CIRCLE), C2D_PIECES_PAIR(t, C2D_SHAPE_CAPSULE), C2D_PIECES_PAIR(t, C2D_SHAPE_POLYGON),        \
      C2D_PIECES_PAIR(t, C2D_SHAPE_ROUNDED_POLYGON), C2D_PIECES_PAIR(t, C2D_SHAPE_ELLIPSE), C2D_PIECES_PAIR(t, C2D_SHAPE_WEDGE), \
      C2D_PIECES_PAIR(t, C2D_SHAPE_ARC),                                                                                         \
      [t][t] = {c2d_pieces_overlap, c2d_pieces_hit, c2d_pieces_manifold, c2d_pieces_distance, false}
/* The arc's row: the other kind first, the arc second (flip for the arc first); the arc against
 * itself orders the two inside. */
#define C2D_ARC_PAIR(tb) C2D_PAIR(tb, C2D_SHAPE_ARC, c2d_arc_pair_overlap, c2d_arc_pair_hit, c2d_arc_pair_manifold, c2d_arc_pair_distance)
#define C2D_ARC_ROW                                                                                                             \
  C2D_ARC_PAIR(C2D_SHAPE_POINT), C2D_ARC_PAIR(C2D_SHAPE_SEGMENT), C2D_ARC_PAIR(C2D_SHAPE_AABB), C2D_ARC_PAIR(C2D_SHAPE_CIRCLE), \
      C2D_ARC_PAIR(C2D_SHAPE_CAPSULE), C2D_ARC_PAIR(C2D_SHAPE_POLYGON), C2D_ARC_PAIR(C2D_SHAPE_ROUNDED_POLYGON),                \
      C2D_ARC_PAIR(C2D_SHAPE_ELLIPSE), C2D_ARC_PAIR(C2D_SHAPE_WEDGE),                                                           \
      C2D_SELF(C2D_SHAPE_ARC, c2d_arc_pair_overlap, c2d_arc_pair_hit, c2d_arc_pair_manifold, c2d_arc_pair_distance)

static const pair_entry k_pairs[C2D_SHAPE_TYPE_COUNT][C2D_SHAPE_TYPE_COUNT] = {
    C2D_SELF(C2D_SHAPE_POINT, ov_point_point, hit_point_point, man_none, dist_round),
    C2D_PAIR(C2D_SHAPE_POINT, C2D_SHAPE_SEGMENT, ov_point_segment, hit_point_segment, man_none, dist_round),
    C2D_PAIR(C2D_SHAPE_POINT, C2D_SHAPE_AABB, ov_point_aabb, hit_point_aabb, man_none, dist_gjk),
    C2D_PAIR(C2D_SHAPE_POINT, C2D_SHAPE_CIRCLE, ov_point_circle, hit_point_circle, man_none, dist_round),
    C2D_PAIR(C2D_SHAPE_POINT, C2D_SHAPE_CAPSULE, ov_point_capsule, hit_point_capsule, man_none, dist_round),
    C2D_PAIR(C2D_SHAPE_POINT, C2D_SHAPE_POLYGON, ov_point_polygon, hit_point_polygon, man_none, dist_gjk),
    C2D_SELF(C2D_SHAPE_SEGMENT, ov_segment_segment, hit_segment_segment, man_none, dist_round),
    C2D_PAIR(C2D_SHAPE_SEGMENT, C2D_SHAPE_AABB, ov_segment_aabb, hit_segment_aabb, man_none, dist_gjk),
    C2D_PAIR(C2D_SHAPE_SEGMENT, C2D_SHAPE_CIRCLE, ov_segment_circle, hit_segment_circle, man_none, dist_round),
    C2D_PAIR(C2D_SHAPE_SEGMENT, C2D_SHAPE_CAPSULE, ov_segment_capsule, hit_segment_capsule, man_none, dist_round),
    C2D_PAIR(C2D_SHAPE_SEGMENT, C2D_SHAPE_POLYGON, ov_segment_polygon, hit_segment_polygon, man_none, dist_gjk),
    C2D_SELF(C2D_SHAPE_AABB, ov_aabb_aabb, hit_aabb_aabb, man_aabb_aabb, dist_gjk),
    C2D_PAIR(C2D_SHAPE_AABB, C2D_SHAPE_CIRCLE, ov_aabb_circle, hit_aabb_circle, man_aabb_circle, dist_gjk),
    C2D_PAIR(C2D_SHAPE_AABB, C2D_SHAPE_CAPSULE, ov_aabb_capsule, hit_aabb_capsule, man_aabb_capsule, dist_gjk),
    C2D_PAIR(C2D_SHAPE_AABB, C2D_SHAPE_POLYGON, ov_aabb_polygon, hit_aabb_polygon, man_aabb_polygon, dist_gjk),
    C2D_SELF(C2D_SHAPE_CIRCLE, ov_circle_circle, hit_circle_circle, man_circle_circle, dist_round),
    C2D_PAIR(C2D_SHAPE_CIRCLE, C2D_SHAPE_CAPSULE, ov_circle_capsule, hit_circle_capsule, man_circle_capsule, dist_round),
    C2D_PAIR(C2D_SHAPE_CIRCLE, C2D_SHAPE_POLYGON, ov_circle_polygon, hit_circle_polygon, man_circle_polygon, dist_gjk),
    C2D_SELF(C2D_SHAPE_CAPSULE, ov_capsule_capsule, hit_capsule_capsule, man_capsule_capsule, dist_round),
    C2D_PAIR(C2D_SHAPE_CAPSULE, C2D_SHAPE_POLYGON, ov_capsule_polygon, hit_capsule_polygon, man_capsule_polygon, dist_gjk),
    C2D_SELF(C2D_SHAPE_POLYGON, ov_polygon_polygon, hit_polygon_polygon, man_polygon_polygon, dist_gjk),
    /* kinds answered by the support-function path (src/support.c) against every kind */
    C2D_SUPPORT_ROW(C2D_SHAPE_ROUNDED_POLYGON),
    C2D_SUPPORT_ROW(C2D_SHAPE_ELLIPSE),
    C2D_SUPPORT_PAIR(C2D_SHAPE_ROUNDED_POLYGON, C2D_SHAPE_ELLIPSE),
    C2D_SUPPORT_ROW(C2D_SHAPE_WEDGE),
    C2D_SUPPORT_PAIR(C2D_SHAPE_ROUNDED_POLYGON, C2D_SHAPE_WEDGE),
    C2D_SUPPORT_PAIR(C2D_SHAPE_ELLIPSE, C2D_SHAPE_WEDGE),
    /* kinds made of convex pieces against every kind */
    C2D_PIECES_ROW(C2D_SHAPE_CONCAVE),
    /* the arc (not convex) against every kind (src/arc.c) */
    C2D_ARC_ROW,
};

#undef C2D_SELF
#undef C2D_PAIR
#undef C2D_SUPPORT_PAIR
#undef C2D_SUPPORT_ROW
#undef C2D_PIECES_PAIR
#undef C2D_PIECES_ROW
#undef C2D_ARC_PAIR
#undef C2D_ARC_ROW

/* The table cell for (a, b), or NULL (after the assert) for a NULL shape or an unknown tag. */
static const pair_entry *pair_lookup(const c2d_shape *a, const c2d_shape *b) {
    bool shape_tags_known = a != NULL && b != NULL && type_known(a->type) && type_known(b->type);
    C2D_ASSERT(shape_tags_known);
    return shape_tags_known ? &k_pairs[a->type][b->type] : NULL;
}

/* ---- generic queries ---- */

bool c2d_shape_overlap(const c2d_shape *a, const c2d_shape *b) {
    const pair_entry *e = pair_lookup(a, b);
    if (e == NULL) return false;
    return e->flip ? e->overlap(b, a) : e->overlap(a, b);
}

bool c2d_shape_hit(const c2d_shape *a, const c2d_shape *b, c2d_hit *out) {
    const pair_entry *e = pair_lookup(a, b);
    c2d_hit h;
    C2D_ASSERT(out != NULL);
    if (e == NULL || out == NULL) return false;
    if (!e->flip) return e->hit(a, b, out);
    if (!e->hit(b, a, &h)) return false;
    *out = c2d_hit_flip(h);
    return true;
}

c2d_manifold c2d_shape_manifold(const c2d_shape *a, const c2d_shape *b) {
    const pair_entry *e = pair_lookup(a, b);
    c2d_manifold m;
    if (e == NULL) return c2d_manifold_none();
    if (!e->flip) return e->manifold(a, b);
    m = e->manifold(b, a);
    if (m.count > 0) m.normal = c2d_neg(m.normal);
    return m;
}

bool c2d_shape_raycast(const c2d_shape *s, c2d_raycast_input in, c2d_hit *out) {
    C2D_ASSERT(out != NULL);
    if (!shape_known(s) || out == NULL) return false;
    return k_kinds[s->type]->raycast(s, in, out);
}

/* A shape the static queries answer for: c2d_shape_is_valid, except that a zero-length segment
 * counts (as its point) and a polygon gets overlap's O(n) check (c2d_polygon_usable). Distance
 * refuses the others, so that a shape overlap calls bad (a zero radius, an empty box, a clockwise
 * polygon) is not measured either. */
static bool shape_usable(const c2d_shape *s) { return k_kinds[s->type]->usable(s); }

/* shape_usable, and for a polygon also its scale (the largest absolute coordinate of its bounds)
 * from the same pass; *scale is -1 for the other kinds (shape_scale computes it when needed). */
static bool shape_usable_scale(const c2d_shape *s, c2d_real *scale) {
    if (s->type == C2D_SHAPE_POLYGON) return c2d_polygon_usable_scale(&s->as.polygon, scale);
    *scale = -1;
    return shape_usable(s);
}

/* The largest absolute coordinate of a shape's bounds, given shape_usable_scale's answer. */
static c2d_real shape_scale(const c2d_shape *s, c2d_real known) {
    return known >= 0 ? known : c2d_aabb_abs_max(c2d_shape_aabb(s));
}

/* The distance adapters and the overlap tests round differently, so for shapes within rounding of
 * touching they can disagree; GJK in float also loses accuracy on shapes of very different sizes
 * (a box 1e7 long against a capsule of radius 1e-7 has been seen to report 0.37 for shapes that
 * overlap). A positive distance not clear of that (at most 1024 eps times the pair's largest
 * coordinate; the overlap test is exact) is therefore checked with the overlap test, which
 * decides: when the interiors overlap, the result becomes the touching form (distance 0, one point
 * halfway between the two closest points, the normal kept). */
/* The rare end of c2d_shape_distance: a positive distance within rounding of touching is checked
 * with the overlap test (see below), in place. */
static void settle_near_touch(const c2d_shape *a, const c2d_shape *b, c2d_real scale_a, c2d_real scale_b, c2d_distance_result *r) {
    /* the pair's scale (at least 1): from the check's pass for polygons, else from the bounds */
    c2d_real scale = c2d_maxr(c2d_maxr(shape_scale(a, scale_a), shape_scale(b, scale_b)), 1);
    if (r->distance > (c2d_real)1024 * C2D_EPSILON * scale) return;
    if (c2d_shape_overlap(a, b)) {
        r->distance = 0;
        r->point_a = r->point_b = c2d_lerp(r->point_a, r->point_b, (c2d_real)0.5);
    }
}

c2d_distance_result c2d_shape_distance(const c2d_shape *a, const c2d_shape *b) {
    const pair_entry *e = pair_lookup(a, b);
    c2d_distance_result r; /* the only value returned, so that it is built in the caller's slot */
    c2d_vec2 t;
    c2d_real scale_a, scale_b;
    if (e == NULL || !shape_usable_scale(a, &scale_a) || !shape_usable_scale(b, &scale_b)) {
        c2d_status why = c2d_shape_status(a);
        r = c2d_distance_invalid(why != C2D_OK ? why : c2d_shape_status(b));
        return r;
    }
    if (e->distance == dist_gjk && !e->flip) {
        r = dist_gjk(a, b); /* the common cell, called directly so that it inlines */
    } else if (!e->flip) {
        r = e->distance(a, b);
    } else {
        r = e->distance(b, a);
        t = r.point_a;
        r.point_a = r.point_b;
        r.point_b = t;
        r.normal = c2d_neg(r.normal);
    }
    if (r.status == C2D_DISTANCE_OK && r.distance > 0) settle_near_touch(a, b, scale_a, scale_b, &r);
    return r;
}
