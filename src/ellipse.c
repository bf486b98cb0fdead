/* The ellipse kind: constructor, checks, bounds, containment, transform, support function and a
 * closed-form ray cast, plus its row of the kind table. Every pair query goes through the
 * support-function path (src/support.c). */
#include <stddef.h>
#include "kind.h"

/* p - center turned into the ellipse's frame. */
static c2d_vec2 to_local(c2d_ellipse e, c2d_vec2 p) { return c2d_inv_rotate(e.rotation, c2d_sub(p, e.center)); }

static bool radii_ok(c2d_real rx, c2d_real ry) {
    const c2d_real k = (c2d_real)C2D_ELLIPSE_MAX_RATIO;
    return c2d_size_in_range(rx) && c2d_size_in_range(ry) && rx <= k * ry && ry <= k * rx;
}

c2d_status c2d_ellipse_make(c2d_vec2 center, c2d_real rx, c2d_real ry, c2d_real angle, c2d_ellipse *out) {
    c2d_status s;
    c2d_ellipse e;
    if (out == NULL) return C2D_ERR_NULL_ARG;
    out->center = out->radii = c2d_v2(0, 0);
    out->rotation.c = out->rotation.s = 0;
    if ((s = c2d_check_vec2(center)) != C2D_OK) return s;
    if ((s = c2d_check_real(rx)) != C2D_OK) return s;
    if ((s = c2d_check_real(ry)) != C2D_OK) return s;
    if ((s = c2d_check_real(angle)) != C2D_OK) return s;
    if (!radii_ok(rx, ry)) return C2D_ERR_BAD_SIZE;
    e.center = center;
    e.radii = c2d_v2(rx, ry);
    e.rotation = c2d_rot_make(angle);
    *out = e;
    return C2D_OK;
}

bool c2d_ellipse_is_valid(c2d_ellipse e) {
    c2d_real m = e.rotation.c * e.rotation.c + e.rotation.s * e.rotation.s;
    return c2d_vec2_in_range(e.center) && radii_ok(e.radii.x, e.radii.y) && m > (c2d_real)0.9999 && m < (c2d_real)1.0001;
}

c2d_aabb c2d_ellipse_aabb(c2d_ellipse e) {
    c2d_real c = e.rotation.c, s = e.rotation.s, a = e.radii.x, b = e.radii.y;
    c2d_real hx = C2D_SQRT((a * c) * (a * c) + (b * s) * (b * s)), hy = C2D_SQRT((a * s) * (a * s) + (b * c) * (b * c));
    c2d_aabb box;
    box.lower = c2d_v2(e.center.x - hx, e.center.y - hy);
    box.upper = c2d_v2(e.center.x + hx, e.center.y + hy);
    return box;
}

bool c2d_ellipse_contains_point(c2d_ellipse e, c2d_vec2 p) {
    c2d_vec2 l;
    c2d_real x, y;
    if (!c2d_vec2_in_range(p)) return false;
    l = to_local(e, p);
    x = l.x / e.radii.x;
    y = l.y / e.radii.y;
    return x * x + y * y < 1;
}

c2d_ellipse c2d_ellipse_transform(c2d_ellipse e, c2d_transform xf) {
    c2d_ellipse r = e;
    r.center = c2d_transform_point(xf, e.center);
    r.rotation.c = xf.q.c * e.rotation.c - xf.q.s * e.rotation.s;
    r.rotation.s = xf.q.s * e.rotation.c + xf.q.c * e.rotation.s;
    return r;
}

/* The support point in the ellipse's frame is (a^2 dx, b^2 dy) / |(a dx, b dy)|: the point where
 * the outward normal (x / a^2, y / b^2) is parallel to d. */
static c2d_vec2 local_support(c2d_ellipse e, c2d_vec2 dir) {
    c2d_vec2 d = c2d_inv_rotate(e.rotation, dir);
    c2d_real m = c2d_maxr(C2D_ABS(d.x), C2D_ABS(d.y)), l;
    c2d_vec2 u;
    if (!(m > 0)) return c2d_v2(0, 0);
    d = c2d_v2(d.x / m, d.y / m);
    u = c2d_v2(e.radii.x * d.x, e.radii.y * d.y);
    l = c2d_len(u);
    return c2d_rotate(e.rotation, c2d_v2(e.radii.x * (u.x / l), e.radii.y * (u.y / l)));
}

c2d_vec2 c2d_ellipse_support(c2d_ellipse e, c2d_vec2 dir) { return c2d_add(e.center, local_support(e, dir)); }

/* Unit outward normal of the ellipse's level curve through the local point l (the minor axis at
 * the center). */
static c2d_vec2 local_normal(c2d_ellipse e, c2d_vec2 l) {
    c2d_vec2 g = c2d_v2(l.x / (e.radii.x * e.radii.x), l.y / (e.radii.y * e.radii.y));
    c2d_real m = c2d_maxr(C2D_ABS(g.x), C2D_ABS(g.y));
    if (!(m > 0) || !C2D_ISFINITE(m)) g = e.radii.x <= e.radii.y ? c2d_v2(1, 0) : c2d_v2(0, 1);
    else g = c2d_v2(g.x / m, g.y / m);
    return c2d_rotate(e.rotation, c2d_normalize(g));
}

/* The ellipse scaled to the unit circle: |O + t D| = 1 with O, D the local origin and translation
 * divided by the radii; the smaller root of a quadratic, taken in the stable form c / (-b + sqrt). */
bool c2d_ellipse_raycast(c2d_ellipse e, c2d_raycast_input in, c2d_hit *out) {
    c2d_vec2 lo, ld, O, D;
    c2d_real A, B, C, disc, t;
    if (!c2d_ellipse_is_valid(e) || !c2d_raycast_input_is_valid(in) || !c2d_vec2_in_range(in.origin)) return false;
    lo = to_local(e, in.origin);
    ld = c2d_inv_rotate(e.rotation, in.translation);
    O = c2d_v2(lo.x / e.radii.x, lo.y / e.radii.y);
    D = c2d_v2(ld.x / e.radii.x, ld.y / e.radii.y);
    A = c2d_dot(D, D);
    B = c2d_dot(O, D);
    C = c2d_dot(O, O) - 1;
    if (C < 0) {
        out->time = 0;
        out->pos = in.origin;
        out->normal = local_normal(e, lo);
        out->delta = C2D_ISFINITE(in.max_fraction) ? c2d_scale(in.translation, -in.max_fraction) : c2d_v2(0, 0);
        return c2d_vec2_is_valid(out->delta);
    }
    if (!(A > 0) || !(B < 0)) return false;
    disc = B * B - A * C;
    if (!(disc > 0)) return false;
    t = C / (-B + C2D_SQRT(disc));
    if (!(t <= in.max_fraction)) return false;
    out->time = t;
    out->pos = c2d_mul_add(in.origin, t, in.translation);
    out->normal = local_normal(e, c2d_mul_add(lo, t, ld));
    out->delta = C2D_ISFINITE(in.max_fraction) ? c2d_scale(in.translation, t - in.max_fraction) : c2d_v2(0, 0);
    return c2d_vec2_is_valid(out->pos) && c2d_vec2_is_valid(out->delta);
}

/* ---- the kind row ---- */

static bool k_valid(const c2d_shape *s) { return c2d_ellipse_is_valid(s->as.ellipse); }
static c2d_aabb k_bounds(const c2d_shape *s) { return c2d_ellipse_aabb(s->as.ellipse); }
/* Only a valid ellipse contains anything (c2d_ellipse_contains_point alone takes what it is given). */
static bool k_contains(const c2d_shape *s, c2d_vec2 p) { return c2d_ellipse_is_valid(s->as.ellipse) && c2d_ellipse_contains_point(s->as.ellipse, p); }
static c2d_shape k_transform(const c2d_shape *s, c2d_transform xf) {
    c2d_shape r = *s;
    r.as.ellipse = c2d_ellipse_transform(s->as.ellipse, xf);
    return r;
}
static bool k_raycast(const c2d_shape *s, c2d_raycast_input in, c2d_hit *out) { return c2d_ellipse_raycast(s->as.ellipse, in, out); }
static c2d_vec2 k_support(const c2d_shape *s, c2d_vec2 dir, c2d_vec2 o) {
    return c2d_add(c2d_sub(s->as.ellipse.center, o), local_support(s->as.ellipse, dir));
}

/* The mover's skin (kind.h): the ellipse with both semi-axes grown by r. Its point at parameter
 * u, (a + r) cos u, (b + r) sin u in the ellipse's frame, lies r from the ellipse's point at u, so
 * it lies within r of the ellipse, exactly r out at the ends of the axes. */
static int k_skin(const c2d_shape *s, c2d_real r, c2d_shape *out) {
    c2d_ellipse e = s->as.ellipse;
    e.radii = c2d_add(e.radii, c2d_v2(r, r));
    out[0] = c2d_shape_from_ellipse(e);
    return 1;
}

const c2d_kind c2d_kind_ellipse = {
    .name = "ellipse",
    .solid = true,
    .rounded = false,
    .cast = C2D_CAST_SUPPORT,
    .is_valid = k_valid,
    .usable = k_valid,
    .bounds = k_bounds,
    .contains = k_contains,
    .transform = k_transform,
    .raycast = k_raycast,
    .core = c2d_core_none,
    .support = k_support,
    .skin = k_skin,
};
