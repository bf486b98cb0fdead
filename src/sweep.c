/* The intersect article's sweeps: a box moving by a delta against static boxes.
 *
 * Sweeping box a against box b is a ray cast of a's center against b grown by a's half extents
 * (the Minkowski sum; the article's sweepAABB through intersectSegment with padding). Here the
 * grown box is measured directly from a's edges (b.lower - a.upper, b.upper - a.lower) rather than
 * from a rounded center and half size, so boxes that exactly touch stay exactly touching. */
#include "internal.h"

/* Length of delta, scaled first so the squares cannot overflow. */
static c2d_real delta_length(c2d_vec2 v) {
    c2d_real m = c2d_maxr(C2D_ABS(v.x), C2D_ABS(v.y));
    c2d_real x, y;
    if (!(m > 0)) return 0;
    x = v.x / m;
    y = v.y / m;
    return m * C2D_SQRT(x * x + y * y);
}

/* A sweep that moves the whole way (or, for unusable input, not at all). */
static c2d_sweep sweep_miss(c2d_aabb a, c2d_vec2 delta, bool usable) {
    c2d_sweep s;
    c2d_vec2 c = c2d_aabb_center(a);
    s.has_hit = false;
    s.hit.pos = c2d_v2(0, 0);
    s.hit.normal = c2d_v2(0, 0);
    s.hit.delta = c2d_v2(0, 0);
    s.hit.time = 0;
    s.time = 1;
    s.pos = c2d_add(c, delta);
    if (!usable || !c2d_vec2_is_valid(s.pos)) {
        s.time = 0;
        s.pos = c2d_vec2_is_valid(c) ? c : c2d_v2(0, 0);
    }
    return s;
}

/* Moving box against static box. Both boxes must be valid (c2d_aabb_is_valid: finite, in range,
 * positive width and height); anything else is never hit. Already overlapping gives the static
 * push-out of c2d_aabb_hit_aabb at time 0; a zero delta is that static test alone. Otherwise the
 * slab test on the grown box gives the first time the open boxes overlap: touching and moving in
 * is time 0, sliding along a face never enters.
 * hit.pos is the middle of the contact on b's entered face; hit.delta is (time - 1) * delta as
 * the article's (1 - t) * -delta.
 * Back-off: the safe time stops short of the contact by C2D_SWEEP_MARGIN measured along the path
 * (divided by |delta|), plus a rounding allowance of 8 machine epsilons (8 to 16 ulps) of the
 * largest coordinate on the hit axis divided by the speed along that axis. The allowance keeps
 * the gap along the hit normal positive after the caller rounds a + time * delta or pos +- half,
 * also for shallow approaches where the margin alone would shrink below the rounding. A box that
 * starts in contact stays where it is. */
c2d_sweep c2d_aabb_sweep_aabb(c2d_aabb a, c2d_vec2 delta, c2d_aabb b) {
    c2d_sweep s;
    c2d_vec2 lo, hi, ca;
    c2d_real tn = 0, dk, sk;
    int axis = -1;
    if (!c2d_aabb_is_valid(a) || !c2d_vec2_is_valid(delta)) return sweep_miss(a, delta, false);
    s = sweep_miss(a, delta, true);
    if (!c2d_aabb_is_valid(b)) return s;
    ca = c2d_aabb_center(a);
    if (delta.x == 0 && delta.y == 0) {
        if (c2d_aabb_hit_aabb(a, b, &s.hit)) {
            s.has_hit = true;
            s.time = 0;
            s.pos = ca;
        }
        return s;
    }
    lo = c2d_v2(b.lower.x - a.upper.x, b.lower.y - a.upper.y);
    hi = c2d_v2(b.upper.x - a.lower.x, b.upper.y - a.lower.y);
    if (!c2d_slab_cast(lo, hi, delta, 1, &tn, &axis)) return s;
    if (tn < 0 || axis < 0) {
        if (!c2d_aabb_hit_aabb(a, b, &s.hit)) return s;
        s.has_hit = true;
        s.time = 0;
        s.pos = ca;
        return s;
    }
    if (!(tn > 0)) tn = 0;
    s.has_hit = true;
    s.hit.time = tn;
    s.hit.delta = c2d_scale(delta, tn - 1);
    if (axis == 0) {
        c2d_real ylo = c2d_maxr(a.lower.y + tn * delta.y, b.lower.y);
        c2d_real yhi = c2d_minr(a.upper.y + tn * delta.y, b.upper.y);
        dk = delta.x;
        s.hit.normal = c2d_v2(dk > 0 ? (c2d_real)-1 : (c2d_real)1, 0);
        s.hit.pos = c2d_v2(dk > 0 ? b.lower.x : b.upper.x,
                           c2d_clampr(ylo + (c2d_real)0.5 * (yhi - ylo), b.lower.y, b.upper.y));
        sk = c2d_maxr(c2d_maxr(C2D_ABS(a.lower.x), C2D_ABS(a.upper.x)),
                      c2d_maxr(c2d_maxr(C2D_ABS(b.lower.x), C2D_ABS(b.upper.x)), C2D_ABS(dk)));
    } else {
        c2d_real xlo = c2d_maxr(a.lower.x + tn * delta.x, b.lower.x);
        c2d_real xhi = c2d_minr(a.upper.x + tn * delta.x, b.upper.x);
        dk = delta.y;
        s.hit.normal = c2d_v2(0, dk > 0 ? (c2d_real)-1 : (c2d_real)1);
        s.hit.pos = c2d_v2(c2d_clampr(xlo + (c2d_real)0.5 * (xhi - xlo), b.lower.x, b.upper.x),
                           dk > 0 ? b.lower.y : b.upper.y);
        sk = c2d_maxr(c2d_maxr(C2D_ABS(a.lower.y), C2D_ABS(a.upper.y)),
                      c2d_maxr(c2d_maxr(C2D_ABS(b.lower.y), C2D_ABS(b.upper.y)), C2D_ABS(dk)));
    }
    s.time = c2d_sweep_safe_time(tn, delta_length(delta), C2D_ABS(dk), sk);
    s.pos = c2d_mul_add(ca, s.time, delta);
    if (!c2d_vec2_is_valid(s.pos) || !c2d_vec2_is_valid(s.hit.pos) || !c2d_vec2_is_valid(s.hit.delta)) {
        return sweep_miss(a, delta, false);
    }
    return s;
}

/* (lower.x, lower.y, upper.x, upper.y) of p before that of q. */
static bool box_before(c2d_aabb p, c2d_aabb q) {
    if (p.lower.x != q.lower.x) return p.lower.x < q.lower.x;
    if (p.lower.y != q.lower.y) return p.lower.y < q.lower.y;
    if (p.upper.x != q.upper.x) return p.upper.x < q.upper.x;
    return p.upper.y < q.upper.y;
}

/* The article's sweepInto: sweep against each static and keep the earliest hit (by exact contact
 * time, ties to the smallest box so the answer does not depend on the array order). The safe time
 * returned is the smallest safe time over every static hit, so the safe position keeps clear of
 * every box the move would enter, not only the nearest one. */
c2d_sweep c2d_aabb_sweep_into(c2d_aabb a, c2d_vec2 delta, const c2d_aabb *statics, int count, int *hit_index) {
    c2d_sweep best;
    c2d_real safe = 1;
    int i, idx = -1;
    if (!c2d_aabb_is_valid(a) || !c2d_vec2_is_valid(delta)) {
        if (hit_index) *hit_index = -1;
        return sweep_miss(a, delta, false);
    }
    best = sweep_miss(a, delta, true);
    if (statics) {
        for (i = 0; i < count; ++i) {
            c2d_sweep s = c2d_aabb_sweep_aabb(a, delta, statics[i]);
            if (!s.has_hit) continue;
            safe = c2d_minr(safe, s.time);
            if (idx < 0 || s.hit.time < best.hit.time ||
                (s.hit.time == best.hit.time && box_before(statics[i], statics[idx]))) {
                best = s;
                idx = i;
            }
        }
    }
    if (idx >= 0) {
        best.time = safe;
        best.pos = c2d_mul_add(c2d_aabb_center(a), safe, delta);
    }
    if (hit_index) *hit_index = idx;
    return best;
}
