/* Ray and segment casts: the first point where origin + t * translation, t in [0, max_fraction],
 * enters a shape's open interior (segments: crosses the closed segment).
 *
 * Every cast works relative to the shape (a vertex, a center or the ray origin is subtracted
 * first) so that shapes far from the origin behave like the same shapes near it. Touching is
 * not a hit: a ray that grazes a corner, runs along an edge or ends exactly on the surface
 * reports nothing. A hit is written only when every output component is finite.
 *
 * Speed: the box, circle, segment and polygon casts each have a fast path for the common case
 * (every input finite and in a range where no product overflows, the origin outside) and a
 * general path for the rest, with the same answers. The fast paths are shaped by the branch a
 * scene cannot predict, hit or miss: the input checks are folded into that branch, it comes as
 * early as the arithmetic allows, and misses skip all work that only a hit needs. */
#include <float.h>
#include <string.h>
#include "internal.h"
#include "simd/simd.h"

#if defined(__GNUC__)
#  define C2D_NOINLINE __attribute__((noinline))
#elif defined(_MSC_VER)
#  define C2D_NOINLINE __declspec(noinline)
#else
#  define C2D_NOINLINE
#endif

/* Length of v without overflow or underflow in the squares: the plain formula inside a safe
 * range, otherwise the vector is scaled by its largest component first. */
static c2d_real robust_length(c2d_vec2 v) {
#ifdef C2D_DOUBLE
    const c2d_real lo = 1e-150, hi = 1e150;
#else
    const c2d_real lo = 1e-18f, hi = 1e18f;
#endif
    c2d_real ax = C2D_ABS(v.x), ay = C2D_ABS(v.y);
    c2d_real m = ax > ay ? ax : ay;
    c2d_real x, y;
    if (!(m > 0)) return 0;
    if (m > lo && m < hi) return C2D_SQRT(v.x * v.x + v.y * v.y);
    x = v.x / m;
    y = v.y / m;
    return m * C2D_SQRT(x * x + y * y);
}

/* Writes a finished hit. delta is (time - max_fraction) * translation, the move that takes the
 * end of the cast back to pos, or (0,0) for an unbounded ray. Returns false (writing nothing)
 * when any component came out NaN or infinite, which only happens for absurdly large inputs. */
static inline bool finish_hit(c2d_raycast_input in, c2d_real time, c2d_vec2 pos, c2d_vec2 normal, c2d_hit *out) {
    c2d_hit h;
    h.time = time;
    h.pos = pos;
    h.normal = normal;
    if (C2D_ISFINITE(in.max_fraction)) h.delta = c2d_scale(in.translation, time - in.max_fraction);
    else h.delta = c2d_v2(0, 0);
    if (!C2D_ISFINITE(h.time) || !c2d_vec2_is_valid(h.pos) || !c2d_vec2_is_valid(h.normal) ||
        !c2d_vec2_is_valid(h.delta)) {
        return false;
    }
    if (out) *out = h;
    return true;
}

bool c2d_raycast_input_is_valid(c2d_raycast_input in) {
    return c2d_vec2_is_valid(in.origin) && c2d_vec2_is_valid(in.translation) && in.max_fraction >= 0;
}

c2d_hit c2d_hit_flip(c2d_hit h) {
    c2d_hit f;
    f.pos = c2d_sub(h.pos, h.delta);
    f.normal = c2d_neg(h.normal);
    f.delta = c2d_neg(h.delta);
    f.time = h.time;
    return f;
}

/* One axis of the slab test (Kay and Kajiya; the intersect article's intersectSegment), written so
 * that no 0 * inf can appear. The interior is the open interval lo < t*d < hi. A moving axis gives
 * an entry and an exit time (ordered by the sign of d, so an empty slab stays empty) that narrow
 * (*tn, *tf); entering through a corner (equal times) the later axis wins, so y, as in the
 * article. A still axis either holds the whole line (lo < 0 < hi strictly) or none of it. False
 * when the axis rules out every time (also for NaN). */
static inline bool slab_axis(c2d_real lo, c2d_real hi, c2d_real d, int k, c2d_real *tn, c2d_real *tf, int *axis) {
    c2d_real t1, t2;
    if (!(lo <= hi)) return false; /* NaN or an empty slab */
    if (d > 0) {
        t1 = lo / d;
        t2 = hi / d;
    } else if (d < 0) {
        t1 = hi / d;
        t2 = lo / d;
    } else {
        return d == 0 && lo < 0 && hi > 0; /* a still axis, or a NaN direction */
    }
    if (t1 >= *tn) {
        *tn = t1;
        *axis = k;
    }
    if (t2 < *tf) *tf = t2;
    return true;
}

/* The slab test on both axes. The open intervals intersect to (t_enter, t_exit), which must be
 * non-empty and meet [0, max_fraction): equal entry and exit times (a corner graze) or an entry
 * at max_fraction (ending on the surface) are no hit. Inline in the box casts; c2d_slab_cast is
 * the same test for the sweeps. */
static inline bool slab_cast(c2d_vec2 lo, c2d_vec2 hi, c2d_vec2 d, c2d_real max_fraction, c2d_real *t_enter, int *axis) {
    c2d_real tn = -(c2d_real)INFINITY, tf = (c2d_real)INFINITY;
    int ax = -1;
    if (!slab_axis(lo.x, hi.x, d.x, 0, &tn, &tf, &ax) || !slab_axis(lo.y, hi.y, d.y, 1, &tn, &tf, &ax)) return false;
    if (!(tn < tf) || !(tn < max_fraction) || !(tf > 0)) return false;
    *t_enter = tn;
    *axis = ax;
    return true;
}

bool c2d_slab_cast(c2d_vec2 lo, c2d_vec2 hi, c2d_vec2 d, c2d_real max_fraction, c2d_real *t_enter, int *axis) {
    return slab_cast(lo, hi, d, max_fraction, t_enter, axis);
}

/* Box cast shared by c2d_aabb_raycast and the padded version (inlined into both, so the plain
 * cast folds the zero padding away). The face distances are measured from the origin before the
 * padding is added, so far from the world origin the subtraction of two nearby coordinates stays
 * exact. Entering through a face snaps that coordinate of pos onto the face. From strictly inside,
 * the normal is the nearest face's, ties going first to the higher face of an axis and then to y
 * (the article's intersectPoint). */
static inline bool box_cast(c2d_aabb b, c2d_real px, c2d_real py, c2d_raycast_input in, c2d_hit *out) {
    c2d_vec2 o = in.origin, d = in.translation, lo, hi, pos, n;
    c2d_real tn = 0, time;
    int axis = -1;
    if (!c2d_raycast_input_is_valid(in)) return false;
    if (!c2d_vec2_is_valid(b.lower) || !c2d_vec2_is_valid(b.upper)) return false;
    if (!(px >= 0) || !(py >= 0) || !C2D_ISFINITE(px) || !C2D_ISFINITE(py)) return false;
    lo = c2d_v2((b.lower.x - o.x) - px, (b.lower.y - o.y) - py);
    hi = c2d_v2((b.upper.x - o.x) + px, (b.upper.y - o.y) + py);
    if (!slab_cast(lo, hi, d, in.max_fraction, &tn, &axis)) return false;
    n = c2d_v2(0, 0);
    if (tn < 0) {
        /* origin strictly inside: push out through the nearest face */
        c2d_real dx = hi.x < -lo.x ? hi.x : -lo.x, sx = hi.x <= -lo.x ? (c2d_real)1 : (c2d_real)-1;
        c2d_real dy = hi.y < -lo.y ? hi.y : -lo.y, sy = hi.y <= -lo.y ? (c2d_real)1 : (c2d_real)-1;
        if (dx < dy) n.x = sx;
        else n.y = sy;
        return finish_hit(in, 0, o, n, out);
    }
    time = tn > 0 ? tn : (c2d_real)0;
    pos = c2d_mul_add(o, time, d);
    if (axis == 0) {
        n.x = d.x > 0 ? (c2d_real)-1 : (c2d_real)1;
        pos.x = d.x > 0 ? b.lower.x - px : b.upper.x + px;
    } else {
        n.y = d.y > 0 ? (c2d_real)-1 : (c2d_real)1;
        pos.y = d.y > 0 ? b.lower.y - py : b.upper.y + py;
    }
    return finish_hit(in, time, pos, n, out);
}

/* The common case of box_cast without padding, written out for speed: a ray that moves on both
 * axes from outside the box. The four face times are formed as in slab_axis (divisions, not
 * products with a reciprocal, so that a corner graze gives exactly equal entry and exit times)
 * and ordered by the sign of d. Anything else (a still axis, an origin inside the box, input that
 * is not finite) goes through box_cast, so both give the same answers.
 *
 * With SSE (float builds) the code is shaped by what a scene cannot predict, whether the ray
 * hits: the four times are one vector division, the miss/hit decision is one branch taken as
 * early as possible, with the input range check folded into it (a check in integer compares
 * that runs beside the division), and the hit is built without branches. The input is read with
 * one 16-byte load where the caller's copy of it was one 16-byte store (narrower loads from
 * inside that store wait for it to reach the cache on some CPUs). */
bool c2d_ref_aabb_raycast(c2d_aabb b, c2d_raycast_input in, c2d_hit *out) {
    c2d_vec2 o = in.origin, d = in.translation, pos, n, delta;
    c2d_real lx, ly, hx, hy, ax, bx, ay, by, t1x, t2x, t1y, t2y, tn, tf, mf = in.max_fraction;
    bool y_enters;
    if (!(C2D_ABS(o.x) <= REAL_MAX) || !(C2D_ABS(o.y) <= REAL_MAX) || !(C2D_ABS(d.x) <= REAL_MAX) ||
        !(C2D_ABS(d.y) <= REAL_MAX) || !(mf >= 0) || !c2d_vec2_is_valid(b.lower) || !c2d_vec2_is_valid(b.upper))
        return false;
    if (d.x == 0 || d.y == 0) return box_cast(b, 0, 0, in, out);
    lx = b.lower.x - o.x;
    ly = b.lower.y - o.y;
    hx = b.upper.x - o.x;
    hy = b.upper.y - o.y;
    if (!(lx <= hx) || !(ly <= hy)) return false;
    ax = lx / d.x;
    bx = hx / d.x;
    ay = ly / d.y;
    by = hy / d.y;
    t1x = ax < bx ? ax : bx;
    t2x = ax < bx ? bx : ax;
    t1y = ay < by ? ay : by;
    t2y = ay < by ? by : ay;
    y_enters = t1y >= t1x;
    tn = y_enters ? t1y : t1x;
    tf = t2x < t2y ? t2x : t2y;
    if (!(tn < tf) || !(tn < mf) || !(tf > 0)) return false;
    if (tn < 0) return box_cast(b, 0, 0, in, out);
    if (!(tn > 0)) tn = 0; /* a zero entry time is +0, as in box_cast */
    pos = c2d_mul_add(o, tn, d);
    n = c2d_v2(0, 0);
    if (y_enters) {
        n.y = d.y > 0 ? (c2d_real)-1 : (c2d_real)1;
        pos.y = d.y > 0 ? b.lower.y : b.upper.y;
    } else {
        n.x = d.x > 0 ? (c2d_real)-1 : (c2d_real)1;
        pos.x = d.x > 0 ? b.lower.x : b.upper.x;
    }
    delta = mf < (c2d_real)INFINITY ? c2d_scale(d, tn - mf) : c2d_v2(0, 0);
    /* a huge translation can still overflow: then report nothing, as finish_hit does */
    if (!(C2D_ABS(pos.x) <= REAL_MAX) || !(C2D_ABS(pos.y) <= REAL_MAX) || !(C2D_ABS(delta.x) <= REAL_MAX) ||
        !(C2D_ABS(delta.y) <= REAL_MAX))
        return false;
    if (out) {
        out->pos = pos;
        out->normal = n;
        out->delta = delta;
        out->time = tn;
    }
    return true;
}

/* With SSE the kernel of src/simd/raycast_sse.c is this function (defined there, so that the
 * input the caller stored is read straight from its stack slot). */
#ifndef C2D_NARROW_SSE
bool c2d_aabb_raycast(c2d_aabb b, c2d_raycast_input in, c2d_hit *out) {
    return c2d_ref_aabb_raycast(b, in, out);
}
#endif

/* box_cast out of line, for the slow path of the SSE kernel (src/simd/raycast_sse.c). */
bool c2d_ref_box_cast(c2d_aabb b, c2d_real px, c2d_real py, c2d_raycast_input in, c2d_hit *out) { return box_cast(b, px, py, in, out); }

bool c2d_aabb_raycast_padded(c2d_aabb b, c2d_vec2 padding, c2d_raycast_input in, c2d_hit *out) {
    return box_cast(b, padding.x, padding.y, in, out);
}

/* Entry of a moving point into an open disk, for an origin not strictly inside it. m is the
 * origin relative to the center, u the unit direction, len the length of the translation.
 * Geometric form of the quadratic (Ray Tracing Gems, ch. 7 "Precision Improvements for Ray/Sphere
 * Intersection"): tc is the distance to the closest approach, q the closest point, and
 * h^2 = r^2 - |q|^2 the discriminant, which avoids subtracting two large squares for a far
 * origin. The near root is then taken as c / (tc + h) with c = |m|^2 - r^2, which does not
 * cancel when the origin is close to the surface. A tangent ray (h^2 == 0) or a receding one
 * does not enter. Writes the fraction and the hit point relative to the center. */
static bool disk_entry(c2d_vec2 m, c2d_vec2 u, c2d_real len, c2d_real r, c2d_real *t, c2d_vec2 *rel) {
    c2d_real tc = -c2d_dot(m, u), h2, h, c, s;
    c2d_vec2 q;
    if (!(tc > 0)) return false;
    q = c2d_mul_add(m, tc, u);
    h2 = r * r - c2d_dot(q, q);
    if (!(h2 > 0)) return false;
    h = C2D_SQRT(h2);
    c = c2d_dot(m, m) - r * r;
    s = c / (tc + h);
    if (!(s > 0)) s = 0;
    *t = s / len;
    *rel = c2d_mul_add(m, s, u);
    return true;
}

/* The general circle cast: input checks, the origin inside, robust lengths for tiny or huge
 * translations. c2d_circle_raycast runs it for whatever its fast path leaves. */
static bool circle_cast_general(c2d_circle c, c2d_raycast_input in, c2d_hit *out) {
    c2d_vec2 m, u, rel, n;
    c2d_real len, t = 0;
    if (!c2d_raycast_input_is_valid(in)) return false;
    if (!c2d_vec2_is_valid(c.center) || !(c.radius >= C2D_MIN_SIZE) || !C2D_ISFINITE(c.radius)) return false;
    m = c2d_sub(in.origin, c.center);
    if (c2d_dot(m, m) < c.radius * c.radius) {
        /* origin strictly inside: the nearest boundary is radially out (center: +x) */
        n = c2d_normalize(m);
        if (n.x == 0 && n.y == 0) n.x = 1;
        return finish_hit(in, 0, in.origin, n, out);
    }
    len = robust_length(in.translation);
    if (!(len > 0) || !C2D_ISFINITE(len)) return false;
    u = c2d_scale(in.translation, (c2d_real)1 / len);
    if (!disk_entry(m, u, len, c.radius, &t, &rel)) return false;
    if (!(t < in.max_fraction)) return false;
    n = c2d_normalize(rel);
    if (n.x == 0 && n.y == 0) return false;
    return finish_hit(in, t, c2d_add(c.center, rel), n, out);
}

/* Range of the fast circle and polygon casts: with every coordinate, translation component and
 * radius of magnitude at most RAY_FAST_RANGE, products of four of them stay finite; a
 * translation of squared length below RAY_FAST_MIN_DD (zero moves included) is left to the
 * general code, which measures it without underflow. */
#define RAY_FAST_RANGE C2DI_RAY_FAST_RANGE
#define RAY_FAST_MIN_DD C2DI_RAY_FAST_MIN_DD

/* How far |n|^2 may be from 1 for one Newton step n * (3 - |n|^2) / 2 to make n unit to the
 * precision of c2d_real (the step leaves an error of about 1.5 d^2 for |n| = 1 + d): 2^-10 in
 * float (room for a 12-bit reciprocal of r), 2^-26 in double. Farther off (an origin very far
 * from a small circle) the general code normalises exactly. */
#define RAY_NEWTON_TOL C2DI_RAY_NEWTON_TOL

/* circle_cast_general with every argument in a register, so that the fast path reaches it by a
 * jump (with the input on the stack the compiler would copy it and keep a frame). */
static C2D_NOINLINE bool circle_cast_slow(c2d_vec2 center, c2d_real radius, c2d_vec2 origin, c2d_vec2 translation,
                                          c2d_real max_fraction, c2d_hit *out) {
    c2d_circle c;
    c2d_raycast_input in;
    c.center = center;
    c.radius = radius;
    in.origin = origin;
    in.translation = translation;
    in.max_fraction = max_fraction;
    return circle_cast_general(c, in, out);
}

/* Circle cast, fast path. With m the origin relative to the center and d the translation, the
 * ray enters the open disk when it approaches the center (m.d < 0) and its line passes closer
 * than r: the closest approach is |m x d| / |d|, so that is H = r^2 |d|^2 - (m x d)^2 > 0 (the
 * geometric discriminant of the intersect articles, scaled by |d|^2: the cross product does not
 * cancel for a far origin, and a tangent ray gives H = 0, no hit). The entry time is then the
 * near root in the form that does not cancel for an origin near the surface,
 * t = (|m|^2 - r^2) / (sqrt(H) - m.d): one square root and one division, none for a miss.
 *
 * The fast path needs |m|^2 + |d|^2 <= RAY_FAST_RANGE^2 (which fails for NaN and infinities),
 * |d|^2 >= RAY_FAST_MIN_DD and the origin not inside; then no product overflows and a miss is a
 * miss. That check (with r > 0) joins the miss decision in one branch; whatever fails it goes to
 * circle_cast_general. A hit further needs max_fraction in range. The normal is the
 * hit point over r, brought to unit length by one Newton step (to the precision of c2d_real
 * while |n|^2 is within RAY_NEWTON_TOL of 1; beyond, the general code), instead of a second
 * square root and division. */
bool c2d_circle_raycast(c2d_circle c, c2d_raycast_input in, c2d_hit *out) {
    c2d_real ox, oy, dx, dy, cx, cy, r = c.radius, mf = in.max_fraction;
    c2d_real mx, my, mm, rr, dd, md, cr, hh, t, rx, ry, inv_r, nx, ny, nn;
    bool fast;
    c2d_ray_load(&in, &ox, &oy, &dx, &dy);
    c2d_vec2_split(c.center, &cx, &cy);
    mx = ox - cx;
    my = oy - cy;
    mm = mx * mx + my * my;
    rr = r * r;
    dd = dx * dx + dy * dy;
    md = mx * dx + my * dy;
    cr = mx * dy - my * dx;
    hh = rr * dd - cr * cr;
    inv_r = (c2d_real)1 / r;
    fast = (mm + dd <= RAY_FAST_RANGE * RAY_FAST_RANGE) & (dd >= RAY_FAST_MIN_DD) & (mm >= rr) & (r >= (c2d_real)C2D_MIN_SIZE);
    if (!(fast & (md < 0) & (hh > 0))) {
        if (!fast) return circle_cast_slow(c.center, r, c2d_v2(ox, oy), c2d_v2(dx, dy), mf, out);
        return false; /* receding, tangent or passing by */
    }
    /* a hit needs max_fraction in range (it bounds delta); pos = c + rel cannot overflow
     * (|rel| <= RAY_FAST_RANGE is far below half a unit in the last place of the largest finite
     * value) */
    if (!((mf <= RAY_FAST_RANGE) | (mf == (c2d_real)INFINITY)))
        return circle_cast_slow(c.center, r, c2d_v2(ox, oy), c2d_v2(dx, dy), mf, out);
    t = (mm - rr) / (c2d_sqrt_nonneg(hh) - md);
    if (!(t < mf)) return false;
    rx = mx + t * dx;
    ry = my + t * dy;
    nx = rx * inv_r;
    ny = ry * inv_r;
    nn = nx * nx + ny * ny;
    if (!((nn > 1 - RAY_NEWTON_TOL) & (nn < 1 + RAY_NEWTON_TOL))) return circle_cast_slow(c.center, r, c2d_v2(ox, oy), c2d_v2(dx, dy), mf, out);
    if (out) {
        c2d_real k = (c2d_real)1.5 - (c2d_real)0.5 * nn;
        out->pos = c2d_v2(cx + rx, cy + ry);
        out->normal = c2d_v2(nx * k, ny * k);
        out->delta = mf < (c2d_real)INFINITY ? c2d_v2((t - mf) * dx, (t - mf) * dy) : c2d_v2(0, 0);
        out->time = t;
    }
    return true;
}

/* True when the ray's whole line surely keeps the capsule at least its radius away: both core ends
 * on the same side of the line, each farther than r by more than the rounding of the cross
 * products (their terms' magnitudes times 4 units of rounding, and 4 more on r |d|). Then no t
 * enters the open capsule: a miss, decided before the capsule's frame is built. A zero (or
 * underflowing) translation, a point test, gives false, and so does overflow (an infinity or a
 * NaN). */
static bool ray_line_clears_capsule(c2d_capsule c, c2d_raycast_input in) {
    c2d_vec2 d = in.translation, w1 = c2d_sub(c.p1, in.origin), w2 = c2d_sub(c.p2, in.origin);
    c2d_real c1 = c2d_cross(d, w1), c2 = c2d_cross(d, w2);
    c2d_real e1 = 4 * C2D_EPSILON * (C2D_ABS(d.x * w1.y) + C2D_ABS(d.y * w1.x));
    c2d_real e2 = 4 * C2D_EPSILON * (C2D_ABS(d.x * w2.y) + C2D_ABS(d.y * w2.x));
    c2d_real need = c.radius * C2D_SQRT(d.x * d.x + d.y * d.y) * (1 + 4 * C2D_EPSILON);
    return (need > 0) & ((c1 > 0) == (c2 > 0)) & (C2D_ABS(c1) - e1 >= need) & (C2D_ABS(c2) - e2 >= need);
}

/* Capsule cast in the capsule's own frame (x along the core p1 -> p2, y to its left), origin at
 * p1. The open capsule is the union of an open rectangle and two open end disks, so the first
 * entry into it is the earliest of: crossing one of the two side lines y = +-r inward at an x on
 * the core's span, and entering either end disk. From strictly inside (distance to the core < r)
 * the normal points away from the nearest core point; a point on the core itself takes the
 * core's left normal. A capsule with a zero-length core is a circle. */
bool c2d_capsule_raycast(c2d_capsule c, c2d_raycast_input in, c2d_hit *out) {
    c2d_vec2 e, ex, ey, w, u, best_n = c2d_v2(0, 0), best_pos = c2d_v2(0, 0), rel;
    c2d_real len, r = c.radius, lx, ly, dx, dy, cx, dlen, t, best_t = (c2d_real)INFINITY;
    bool found = false;
    int k;
    if (!c2d_raycast_input_is_valid(in)) return false;
    if (!c2d_vec2_is_valid(c.p1) || !c2d_vec2_is_valid(c.p2) || !(r >= C2D_MIN_SIZE) || !C2D_ISFINITE(r)) return false;
    if (ray_line_clears_capsule(c, in)) return false;
    e = c2d_sub(c.p2, c.p1);
    len = robust_length(e);
    if (!C2D_ISFINITE(len)) return false;
    if (!(len > 0)) {
        c2d_circle circle;
        circle.center = c.p1;
        circle.radius = r;
        return c2d_circle_raycast(circle, in, out);
    }
    ex = c2d_scale(e, (c2d_real)1 / len);
    ey = c2d_left_perp(ex);
    w = c2d_sub(in.origin, c.p1);
    lx = c2d_dot(w, ex);
    ly = c2d_dot(w, ey);
    cx = c2d_clampr(lx, 0, len);
    if ((lx - cx) * (lx - cx) + ly * ly < r * r) {
        c2d_vec2 n = c2d_normalize(c2d_sub(w, c2d_scale(ex, cx)));
        if (n.x == 0 && n.y == 0) n = ey;
        return finish_hit(in, 0, in.origin, n, out);
    }
    dx = c2d_dot(in.translation, ex);
    dy = c2d_dot(in.translation, ey);
    /* the side lines, crossed inward */
    if ((ly >= r && dy < 0) || (ly <= -r && dy > 0)) {
        c2d_real side = ly > 0 ? r : -r;
        c2d_real x;
        t = (side - ly) / dy;
        x = lx + t * dx;
        if (x >= 0 && x <= len && t < best_t) {
            best_t = t;
            best_n = ly > 0 ? ey : c2d_neg(ey);
            best_pos = c2d_add(c.p1, c2d_add(c2d_scale(ex, x), c2d_scale(ey, side)));
            found = true;
        }
    }
    /* the end disks, unless a side line was crossed: from outside, the ray is above (or below)
     * both disks until it crosses that line, so the crossing is its first entry */
    dlen = found ? 0 : robust_length(in.translation);
    if (dlen > 0 && C2D_ISFINITE(dlen)) {
        u = c2d_scale(in.translation, (c2d_real)1 / dlen);
        for (k = 0; k < 2; ++k) {
            c2d_vec2 center = k == 0 ? c.p1 : c.p2;
            if (disk_entry(c2d_sub(in.origin, center), u, dlen, r, &t, &rel) && t < best_t) {
                c2d_vec2 n = c2d_normalize(rel);
                if (n.x == 0 && n.y == 0) continue;
                best_t = t;
                best_n = n;
                best_pos = c2d_add(center, rel);
                found = true;
            }
        }
    }
    if (!found || !(best_t < in.max_fraction)) return false;
    if (!(best_t > 0)) best_t = 0;
    return finish_hit(in, best_t, best_pos, best_n, out);
}

/* A hit of c2d_polygon_raycast_xf, found in the polygon's frame, mapped back to world (pos by the
 * transform, normal and delta by its rotation) and written when every component is finite (a
 * huge translation can overflow in the rotation; then nothing, as finish_hit). */
bool c2d_xf_hit_to_world(c2d_transform xf, const c2d_hit *h, c2d_hit *out) {
    c2d_hit w;
    w.pos = c2d_transform_point(xf, h->pos);
    w.normal = c2d_rotate(xf.q, h->normal);
    w.delta = c2d_rotate(xf.q, h->delta);
    w.time = h->time;
    if (!c2d_vec2_is_valid(w.pos) || !c2d_vec2_is_valid(w.normal) || !c2d_vec2_is_valid(w.delta)) return false;
    if (out) *out = w;
    return true;
}

/* Convex polygon cast by Cyrus-Beck clipping: each edge's open half-plane n.(p - v) < 0 bounds t
 * from below (edges facing the ray), from above (edges facing away), or, for an edge parallel to
 * the ray, holds always (origin strictly behind it) or never (in front of it or on its line,
 * which is how a ray along an edge misses). Each half-plane is measured from its own vertex.
 * The open interval must be non-empty and meet [0, max_fraction). From strictly inside the normal
 * is that of the nearest edge (lowest index on a tie). A polygon that is not counter-clockwise
 * and strictly convex at every vertex is invalid input and is never hit. */
/* A stored normal the cast may use for edge e (normals_bad's rule, scalar). */
static bool normal_fits(c2d_vec2 n, c2d_vec2 e) {
    c2d_real nn = c2d_dot(n, n), along = n.x * e.y - n.y * e.x;
    return nn > (c2d_real)0.98 && nn < (c2d_real)1.02 && along > 0 && along * along > (c2d_real)0.98 * c2d_dot(e, e);
}

static bool polygon_cast_general(const c2d_polygon *p, c2d_raycast_input in, c2d_hit *out) {
    c2d_real lower = -(c2d_real)INFINITY, upper = (c2d_real)INFINITY, time;
    c2d_real nearest = (c2d_real)INFINITY;
    int i, enter = -1, inner = 0;
    if (!p || !c2d_raycast_input_is_valid(in)) return false;
    if (p->count < 3 || p->count > C2D_MAX_POLYGON_VERTICES) return false;
    for (i = 0; i < p->count; ++i) {
        /* finite, and a strict left turn at every vertex: rejects clockwise, collinear and
         * collapsed polygons, which have no interior in the library's sense */
        c2d_vec2 v0 = p->vertices[i], v1 = p->vertices[(i + 1) % p->count];
        c2d_vec2 v2 = p->vertices[(i + 2) % p->count];
        if (!c2d_vec2_is_valid(v0) || !normal_fits(p->normals[i], c2d_sub(v1, v0))) return false;
        if (!(c2d_cross(c2d_sub(v1, v0), c2d_sub(v2, v1)) > 0)) return false;
    }
    for (i = 0; i < p->count; ++i) {
        c2d_vec2 n = p->normals[i];
        c2d_real num = c2d_dot(n, c2d_sub(p->vertices[i], in.origin)); /* > 0: origin behind the edge */
        c2d_real den = c2d_dot(n, in.translation);
        /* products that overflowed (a huge normal or coordinate): such an edge bounds nothing
         * that can be trusted, so no hit (NaN never makes a hit) */
        if (!C2D_ISFINITE(num) || !C2D_ISFINITE(den)) return false;
        if (num < nearest) {
            nearest = num;
            inner = i;
        }
        if (den < 0) {
            c2d_real t = num / den;
            if (t > lower) {
                lower = t;
                enter = i;
            }
        } else if (den > 0) {
            c2d_real t = num / den;
            if (t < upper) upper = t;
        } else if (!(num > 0)) {
            return false;
        }
        if (!(lower < upper)) return false;
    }
    if (!(lower < in.max_fraction) || !(upper > 0)) return false;
    if (lower < 0) return finish_hit(in, 0, in.origin, p->normals[inner], out);
    time = lower > 0 ? lower : (c2d_real)0;
    return finish_hit(in, time, c2d_mul_add(in.origin, time, in.translation), p->normals[enter], out);
}

/* The scalar reference of the polygon cast (src/simd/raycast_sse.c's kernel falls back to it). */
bool c2d_ref_polygon_raycast(const c2d_polygon *p, c2d_raycast_input in, c2d_hit *out) { return polygon_cast_general(p, in, out); }

/* With SSE the kernel of src/simd/raycast_sse.c is this function (defined there, so that the
 * input the caller stored is read straight from its stack slot). */
#ifndef C2D_NARROW_SSE
bool c2d_polygon_raycast(const c2d_polygon *p, c2d_raycast_input in, c2d_hit *out) {
    return polygon_cast_general(p, in, out);
}
#endif

/* Ray against a closed segment: solve origin + t*d = p1 + s*e relative to p1 with two cross
 * products and compare the numerators against the denominator instead of dividing, so a hit
 * exactly at an endpoint or at the end of the cast is kept (a segment has no interior; its
 * closed self counts). Parallel or collinear rays, a zero translation and a zero-length
 * segment cannot cross the segment's line and report no hit. The normal faces the ray. */
static bool segment_cast_general(c2d_segment s, c2d_raycast_input in, c2d_hit *out) {
    c2d_vec2 e, w, d = in.translation, n;
    c2d_real den, tn, sn, t, frac;
    if (!c2d_raycast_input_is_valid(in)) return false;
    if (!c2d_vec2_is_valid(s.p1) || !c2d_vec2_is_valid(s.p2)) return false;
    e = c2d_sub(s.p2, s.p1);
    w = c2d_sub(in.origin, s.p1);
    den = c2d_cross(d, e);
    tn = c2d_cross(e, w); /* t = tn / den */
    sn = c2d_cross(d, w); /* fraction along the segment = sn / den */
    if (den < 0) {
        den = -den;
        tn = -tn;
        sn = -sn;
    }
    if (!(den > 0) || !C2D_ISFINITE(den)) return false;
    if (!(tn >= 0) || !(sn >= 0) || !(sn <= den)) return false;
    if (C2D_ISFINITE(in.max_fraction) && !(tn <= in.max_fraction * den)) return false;
    t = c2d_minr(tn / den, in.max_fraction);
    frac = c2d_clampr(sn / den, 0, 1);
    n = c2d_normalize(c2d_left_perp(e));
    if (c2d_dot(n, d) > 0) n = c2d_neg(n);
    return finish_hit(in, t, c2d_mul_add(s.p1, frac, e), n, out);
}

/* segment_cast_general with every argument in a register (a jump from the fast path). */
static C2D_NOINLINE bool segment_cast_slow(c2d_vec2 p1, c2d_vec2 p2, c2d_vec2 origin, c2d_vec2 translation, c2d_real max_fraction,
                                           c2d_hit *out) {
    c2d_segment s;
    c2d_raycast_input in;
    s.p1 = p1;
    s.p2 = p2;
    in.origin = origin;
    in.translation = translation;
    in.max_fraction = max_fraction;
    return segment_cast_general(s, in, out);
}

/* Segment cast, fast path: the same solve as segment_cast_general (cross products relative to
 * p1, the numerators compared against the denominator, so hits exactly at an end are kept), with
 * the denominator's sign folded in by flipping signs instead of a branch, and the normal facing
 * the ray taken from that sign (d . left_perp(e) = -den) instead of a second dot product. With
 * every input of magnitude at most RAY_FAST_RANGE (a sum of magnitudes: NaN and infinities fail
 * it) no product overflows; anything else goes to segment_cast_general. The length of e and its
 * reciprocal do not depend on the ray, so they run beside the decision. */
bool c2d_segment_raycast(c2d_segment s, c2d_raycast_input in, c2d_hit *out) {
    c2d_real ox, oy, dx, dy, ax, ay, bx, by, mf = in.max_fraction;
    c2d_real ex, ey, ee, wx, wy, den, tn, sn, flip, size, inv_len, t, frac;
    bool fast;
    c2d_ray_load(&in, &ox, &oy, &dx, &dy);
    c2d_vec2_split(s.p1, &ax, &ay);
    c2d_vec2_split(s.p2, &bx, &by);
    ex = bx - ax;
    ey = by - ay;
    wx = ox - ax;
    wy = oy - ay;
    den = dx * ey - dy * ex;
    tn = ex * wy - ey * wx; /* t = tn / den */
    sn = dx * wy - dy * wx; /* fraction along the segment = sn / den */
    flip = den < 0 ? (c2d_real)-1 : (c2d_real)1;
    den *= flip;
    tn *= flip;
    sn *= flip;
    size = ((C2D_ABS(ox) + C2D_ABS(oy)) + (C2D_ABS(dx) + C2D_ABS(dy))) + ((C2D_ABS(ax) + C2D_ABS(ay)) + (C2D_ABS(bx) + C2D_ABS(by)));
    ee = ex * ex + ey * ey;
    /* in range, and e long enough to normalise (the general code gives a tiny segment a zero normal) */
    /* mf >= 0 too: a negative max_fraction times a tiny den can underflow to -0 and let tn = 0 pass */
    fast = (size <= RAY_FAST_RANGE) & (mf >= 0) & ((mf <= RAY_FAST_RANGE) | (mf == (c2d_real)INFINITY)) & (ee >= RAY_FAST_MIN_DD);
    if (!(fast & (den > 0) & (tn >= 0) & (sn >= 0) & (sn <= den) & ((mf == (c2d_real)INFINITY) | (tn <= mf * den)))) {
        if (!fast) return segment_cast_slow(s.p1, s.p2, c2d_v2(ox, oy), c2d_v2(dx, dy), mf, out);
        return false;
    }
    t = tn / den;
    t = t < mf ? t : mf;
    if (!(t <= REAL_MAX)) return false; /* an unbounded ray nearly parallel: no finite time */
    if (out) {
        inv_len = flip / c2d_sqrt_nonneg(ee);
        frac = sn / den;
        frac = frac < 1 ? frac : 1;
        out->pos = c2d_v2(ax + frac * ex, ay + frac * ey);
        out->normal = c2d_v2(-ey * inv_len, ex * inv_len);
        out->delta = mf < (c2d_real)INFINITY ? c2d_v2((t - mf) * dx, (t - mf) * dy) : c2d_v2(0, 0);
        out->time = t;
    }
    return true;
}

/* The ray in the polygon's frame: origin by the inverse transform, translation by the inverse
 * rotation (a non-finite input stays non-finite and the cast rejects it); the hit comes back by
 * the forward transform.
 *
 * With SSE the transform's check runs beside the mapping and joins the cast's own decisions
 * instead of a branch of its own: a rotation that c2d_xf_usable would reject or renormalise
 * counts as a lane that is not finite, which the cast hands to its general code, here
 * polygon_cast_xf_slow (the plain form: check, map, cast, map back); the position joins the
 * check of a hit. Origin and translation are mapped as one vector
 * (lanes ox - px, oy - py, dx, dy), with the products and sums of c2d_inv_transform_point and
 * c2d_inv_rotate, so the bits are the same; the hit goes back to world in the cast itself,
 * written straight to out. */
bool c2d_ref_polygon_raycast_xf(const c2d_polygon *p, c2d_transform xf, c2d_raycast_input in, c2d_hit *out) {
    c2d_hit h;
    if (!c2d_xf_usable(&xf)) return false;
    in.origin = c2d_inv_transform_point(xf, in.origin);
    in.translation = c2d_inv_rotate(xf.q, in.translation);
    if (!c2d_ref_polygon_raycast(p, in, &h)) return false;
    return c2d_xf_hit_to_world(xf, &h, out);
}

/* With SSE the kernel of src/simd/raycast_sse.c is this function (defined there, so that the
 * input the caller stored is read straight from its stack slot). */
#ifndef C2D_NARROW_SSE
bool c2d_polygon_raycast_xf(const c2d_polygon *p, c2d_transform xf, c2d_raycast_input in, c2d_hit *out) {
    return c2d_ref_polygon_raycast_xf(p, xf, in, out);
}
#endif
