/* The wedge kind: a circular sector of angle at most pi (a c2d_arc with inner radius 0), which
 * is convex: the hull of its center and its arc. Constructor, checks and the support function
 * here; bounds come from the support function, containment from c2d_arc_contains_point, the ray
 * cast from its three sides, and every pair query from the support-function path (src/support.c). */
#include <stddef.h>
#include "kind.h"

#define WEDGE_PI ((c2d_real)3.14159265358979323846)

c2d_status c2d_convex_wedge_make(c2d_vec2 center, c2d_real radius, c2d_real start_angle, c2d_real end_angle, c2d_arc *out) {
    c2d_status s = c2d_wedge_make(center, radius, start_angle, end_angle, out);
    if (s != C2D_OK) return s;
    if (!(radius >= (c2d_real)C2D_MIN_SIZE)) s = C2D_ERR_BAD_SIZE;
    else if (!(out->sweep_angle <= WEDGE_PI)) s = C2D_ERR_BAD_ANGLE;
    if (s != C2D_OK) {
        c2d_arc zero = {{0, 0}, 0, 0, 0, 0, {0, 0}, {0, 0}};
        *out = zero;
    }
    return s;
}

bool c2d_convex_wedge_is_valid(const c2d_arc *w) {
    return w != NULL && c2d_arc_is_valid(w) && w->inner_radius == 0 && w->outer_radius >= (c2d_real)C2D_MIN_SIZE &&
           w->sweep_angle <= WEDGE_PI;
}

/* The farthest of the center, the two arc ends and, when dir points into the sector's angle, the
 * arc's point along dir. */
static c2d_vec2 wedge_support(const c2d_arc *w, c2d_vec2 dir, c2d_vec2 o) {
    c2d_vec2 c = c2d_sub(w->center, o), best = c, p;
    c2d_real bd = c2d_dot(dir, c), d, l = c2d_len(dir);
    p = c2d_mul_add(c, w->outer_radius, w->start_dir);
    if ((d = c2d_dot(dir, p)) > bd) {
        bd = d;
        best = p;
    }
    p = c2d_mul_add(c, w->outer_radius, w->end_dir);
    if ((d = c2d_dot(dir, p)) > bd) {
        bd = d;
        best = p;
    }
    if (l > 0 && c2d_cross(w->start_dir, dir) >= 0 && c2d_cross(dir, w->end_dir) >= 0) {
        p = c2d_mul_add(c, w->outer_radius / l, dir);
        if ((d = c2d_dot(dir, p)) > bd) best = p;
    }
    return best;
}

/* See kind.h. A point within r of the sector has a nearest point on it: inside an arc (the point
 * then lies on the same ray, within r across the arc: in the grown sector, or, past the center,
 * in the disk of radius r - inner) or on a radial side, corners included (in its capsule). */
int c2d_sector_skin(const c2d_arc *w, c2d_real r, c2d_shape *out) {
    c2d_arc g;
    c2d_real ri = w->inner_radius, ro = w->outer_radius;
    int n = 0;
    if (c2d_arc_shape_make(w->center, ri > r ? ri - r : 0, ro + r, w->start_angle, w->start_angle + w->sweep_angle, &g) != C2D_OK) return 0;
    out[n++] = c2d_shape_from_arc(&g);
    if (w->sweep_angle < (c2d_real)2 * WEDGE_PI) {
        c2d_capsule side;
        side.radius = r;
        side.p1 = c2d_mul_add(w->center, ri, w->start_dir);
        side.p2 = c2d_mul_add(w->center, ro, w->start_dir);
        out[n++] = c2d_shape_from_capsule(side);
        side.p1 = c2d_mul_add(w->center, ri, w->end_dir);
        side.p2 = c2d_mul_add(w->center, ro, w->end_dir);
        out[n++] = c2d_shape_from_capsule(side);
    }
    if (ri > 0 && ri < r) {
        c2d_circle hole;
        hole.center = w->center;
        hole.radius = r - ri;
        out[n++] = c2d_shape_from_circle(hole);
    }
    return n;
}

/* ---- the kind row ---- */

static bool k_valid(const c2d_shape *s) { return c2d_convex_wedge_is_valid(&s->as.wedge); }
static int k_skin(const c2d_shape *s, c2d_real r, c2d_shape *out) { return c2d_sector_skin(&s->as.wedge, r, out); }
static c2d_vec2 k_support(const c2d_shape *s, c2d_vec2 dir, c2d_vec2 o) { return wedge_support(&s->as.wedge, dir, o); }
/* Only a valid wedge contains anything (c2d_arc_contains_point alone takes what it is given). */
static bool k_contains(const c2d_shape *s, c2d_vec2 p) { return c2d_convex_wedge_is_valid(&s->as.wedge) && c2d_arc_contains_point(&s->as.wedge, p); }
/* The sector placed by xf (c2d_arc_transformed, src/arc.c). */
static c2d_shape k_transform(const c2d_shape *s, c2d_transform xf) {
    c2d_shape r = *s;
    r.as.wedge = c2d_arc_transformed(&s->as.wedge, xf);
    return r;
}
/* From outside, the first entry through one of the three sides: a flat side crossed while
 * moving against its outward normal, or the circle entered at a point within the sector's angle.
 * An origin inside: time 0 with the support path's push-out normal. */
static bool k_raycast(const c2d_shape *s, c2d_raycast_input in, c2d_hit *out) {
    const c2d_arc *w = &s->as.wedge;
    c2d_hit best, h;
    bool found = false;
    c2d_circle disk;
    c2d_segment side;
    c2d_vec2 tip;
    if (!c2d_convex_wedge_is_valid(w) || !c2d_raycast_input_is_valid(in)) return false;
    if (c2d_arc_contains_point(w, in.origin)) return c2d_support_raycast(s, in, out);
    disk.center = w->center;
    disk.radius = w->outer_radius;
    if (c2d_circle_raycast(disk, in, &h)) {
        c2d_vec2 r = c2d_sub(h.pos, w->center);
        if (c2d_cross(w->start_dir, r) >= 0 && c2d_cross(r, w->end_dir) >= 0) {
            best = h;
            found = true;
        }
    }
    side.p1 = w->center;
    tip = c2d_mul_add(w->center, w->outer_radius, w->start_dir);
    side.p2 = tip;
    if (c2d_dot(in.translation, c2d_right_perp(w->start_dir)) < 0 && c2d_segment_raycast(side, in, &h) && (!found || h.time < best.time)) {
        h.normal = c2d_right_perp(w->start_dir);
        best = h;
        found = true;
    }
    side.p2 = c2d_mul_add(w->center, w->outer_radius, w->end_dir);
    if (c2d_dot(in.translation, c2d_left_perp(w->end_dir)) < 0 && c2d_segment_raycast(side, in, &h) && (!found || h.time < best.time)) {
        h.normal = c2d_left_perp(w->end_dir);
        best = h;
        found = true;
    }
    if (found) *out = best;
    return found;
}

const c2d_kind c2d_kind_wedge = {
    .name = "wedge",
    .solid = true,
    .rounded = false,
    .cast = C2D_CAST_SUPPORT,
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
