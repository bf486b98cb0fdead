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

#if defined(__GNUC__)
#  define C2D_NOINLINE __attribute__((noinline))
#elif defined(_MSC_VER)
#  define C2D_NOINLINE __declspec(noinline)
#else
#  define C2D_NOINLINE
#endif

/* Origin and translation of a cast input. The input arrives on the stack, where the caller's
 * copy of its first 16 bytes is usually one 16-byte store; with SSE they are read back with one
 * load of that size (narrower loads from inside such a store wait for it to reach the cache on
 * some CPUs) and split into lanes. */
static inline void ray_load(const c2d_raycast_input *in, c2d_real *ox, c2d_real *oy, c2d_real *dx, c2d_real *dy) {
#ifdef C2D_NARROW_SSE
    __m128 v = _mm_loadu_ps((const float *)in);
    *ox = _mm_cvtss_f32(v);
    *oy = _mm_cvtss_f32(_mm_shuffle_ps(v, v, 1));
    *dx = _mm_cvtss_f32(_mm_movehl_ps(v, v));
    *dy = _mm_cvtss_f32(_mm_shuffle_ps(v, v, 3));
#else
    *ox = in->origin.x;
    *oy = in->origin.y;
    *dx = in->translation.x;
    *dy = in->translation.y;
#endif
}

/* The two components of a vector that arrived in a register (SSE: split in the register; a plain
 * member access makes the compiler store the pair to the stack and read it back in halves). */
static inline void vec2_split(c2d_vec2 v, c2d_real *x, c2d_real *y) {
#ifdef C2D_NARROW_SSE
    double bits;
    __m128 w;
    memcpy(&bits, &v, sizeof bits);
    w = _mm_castpd_ps(_mm_set_sd(bits));
    *x = _mm_cvtss_f32(w);
    *y = _mm_cvtss_f32(_mm_shuffle_ps(w, w, 1));
#else
    *x = v.x;
    *y = v.y;
#endif
}

#ifdef C2D_NARROW_SSE
/* A vector that arrived in a register as the lanes (x, y, 0, 0) (through a double: taking its
 * address would make the compiler store it to the stack first). */
static inline __m128 vec2_vector(c2d_vec2 v) {
    double bits;
    memcpy(&bits, &v, sizeof bits);
    return _mm_castpd_ps(_mm_set_sd(bits));
}
#endif

/* Square root of a value the caller knows to be >= 0 (no errno path: with SSE the instruction
 * alone, otherwise the builtin, which the compiler may still guard). */
static inline c2d_real ray_sqrt(c2d_real x) {
#ifdef C2D_NARROW_SSE
    return _mm_cvtss_f32(_mm_sqrt_ss(_mm_set1_ps(x))); /* set1: a shuffle; set_ss goes through an integer register */
#else
    return C2D_SQRT(x);
#endif
}

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
#ifdef C2D_NARROW_SSE
/* The general box cast, out of line: the fast path below tail-calls it for every case it leaves. */
static C2D_NOINLINE bool box_cast_plain(__m128 box, __m128 od, c2d_real mf, c2d_hit *out) {
    c2d_aabb b;
    c2d_raycast_input in;
    _mm_storel_pi((__m64 *)&b.lower, box);
    _mm_storeh_pi((__m64 *)&b.upper, box);
    _mm_storel_pi((__m64 *)&in.origin, od);
    _mm_storeh_pi((__m64 *)&in.translation, od);
    in.max_fraction = mf;
    return box_cast(b, 0, 0, in, out);
}

/* (lower.x, lower.y, upper.x, upper.y) straight from the registers the box arrives in (through
 * doubles: taking the box's address would make the compiler store it to the stack first). */
static inline __m128 box_vector(c2d_aabb b) {
    double lo, hi;
    memcpy(&lo, &b.lower, sizeof lo);
    memcpy(&hi, &b.upper, sizeof hi);
    return _mm_castpd_ps(_mm_unpacklo_pd(_mm_set_sd(lo), _mm_set_sd(hi)));
}

/* Vector constants of the box cast whose lanes 2-3 are unused (unequal lanes make the compiler
 * load them from memory in one step instead of broadcasting a scalar). */
static const int32_t ray_y_lane[4] = {0, -1, 0, 0};
static const float ray_minus_zero[4] = {-0.0f, -0.0f, 0.0f, 0.0f};
static const float ray_one[4] = {1.0f, 1.0f, 0.0f, 0.0f};

bool c2d_aabb_raycast(c2d_aabb b, c2d_raycast_input in, c2d_hit *out) {
    const __m128 zero = _mm_setzero_ps(), magnitude = _mm_castsi128_ps(_mm_set1_epi32(0x7fffffff));
    __m128 box = box_vector(b);
    __m128 od = _mm_loadu_ps((const float *)&in); /* ox oy dx dy: the caller's copy is one 16-byte store */
    __m128 mfv = _mm_load1_ps(&in.max_fraction);
    __m128 ov = _mm_movelh_ps(od, od), dv = _mm_movehl_ps(od, od);
    /* moving down each axis (both lanes twice): the sign bit set, so that a still axis (+0 or
     * -0) gets the faces that make its times -inf and +inf, which rule nothing out */
    __m128 down = _mm_castsi128_ps(_mm_srai_epi32(_mm_castps_si128(dv), 31));
    __m128 faces, t, ts, ok, bad, tn, pick, pos, nrm, delta;
    c2d_real mf = _mm_cvtss_f32(mfv), tnf;
    /* The entry faces (the lower one when moving up an axis) in lanes 0-1, the exit faces in
     * lanes 2-3, picked by the sign of d before dividing: the same times as ordering the two
     * face times of an axis by min/max (rounding keeps their order), one step shorter. An
     * inverted or flat box gets an entry after its exit, which is no hit, as in box_cast. A still
     * axis gives +-inf (inside its slab: no constraint, as in box_cast) or NaN (on a face line:
     * 0/0), and NaN fails every comparison below: no hit, as in box_cast. */
    faces = select_ps(down, _mm_shuffle_ps(box, box, _MM_SHUFFLE(1, 0, 3, 2)), box);
    t = _mm_div_ps(_mm_sub_ps(faces, ov), dv); /* entry x, entry y, exit x, exit y */
    /* Both entries before both exits and before max_fraction, both exits after 0 (each lane of t
     * takes part, so a NaN anywhere is a miss). */
    ok = _mm_cmplt_ps(_mm_shuffle_ps(t, t, _MM_SHUFFLE(1, 0, 1, 0)), _mm_shuffle_ps(t, t, _MM_SHUFFLE(2, 3, 3, 2)));
    ok = _mm_and_ps(ok, _mm_cmplt_ps(_mm_movelh_ps(t, zero), _mm_shuffle_ps(mfv, t, _MM_SHUFFLE(3, 2, 0, 0))));
    /* Range check, beside the division: |coordinate| + |coordinate| <= C2D_MAX_COORD lane by
     * lane over the input and the box (NaN and infinities fail it). Then no time is NaN but for
     * a still axis on a face line, and pos cannot overflow. It joins the decision, so that one
     * branch (the one a scene cannot predict) settles the common cases; anything out of range
     * goes to the general cast. */
    bad = _mm_cmpnle_ps(_mm_add_ps(_mm_and_ps(od, magnitude), _mm_and_ps(box, magnitude)), _mm_set1_ps(C2D_MAX_COORD));
    if (_mm_movemask_ps(_mm_andnot_ps(bad, ok)) != 0xF) {
        if (_mm_movemask_ps(bad) != 0) return box_cast_plain(box, od, mf, out);
        return false;
    }
    /* max_fraction beyond C2D_MAX_COORD (but finite) could overflow delta; negative or NaN
     * max_fraction never gets here with a time >= 0 */
    if (!(mf <= C2D_MAX_COORD) && mf != (c2d_real)INFINITY) return box_cast_plain(box, od, mf, out);
    ts = _mm_shuffle_ps(t, t, _MM_SHUFFLE(3, 2, 0, 1)); /* entry y, entry x */
    tn = _mm_max_ps(t, ts); /* the later entry, in lanes 0 and 1 */
    tnf = _mm_cvtss_f32(tn);
    if (tnf < 0) return box_cast_plain(box, od, mf, out); /* origin inside */
    if (out) {
        /* The entry axis: x when its entry time is strictly the later one, else y (as in
         * slab_axis). Its coordinate snaps onto the face; the other one is o + t * d at the
         * entry time, which for each lane is the other lane's entry time (ts), so pos does not
         * wait for tn. The normal is -1 on the entry axis when moving up it, else +1. */
        pick = _mm_cmplt_ps(ts, t);
        pick = _mm_xor_ps(_mm_shuffle_ps(pick, pick, 0), _mm_loadu_ps((const float *)ray_y_lane));
        pos = select_ps(pick, faces, _mm_add_ps(ov, _mm_mul_ps(ts, dv)));
        nrm = _mm_and_ps(pick, _mm_or_ps(_mm_andnot_ps(down, _mm_loadu_ps(ray_minus_zero)), _mm_loadu_ps(ray_one)));
        delta = mf < (c2d_real)INFINITY ? _mm_mul_ps(dv, _mm_sub_ps(tn, mfv)) : zero;
        _mm_storel_pi((__m64 *)&out->pos, pos);
        _mm_storel_pi((__m64 *)&out->normal, nrm);
        _mm_storel_pi((__m64 *)&out->delta, delta);
        out->time = tnf + (c2d_real)0; /* a zero entry time is +0, as in box_cast */
    }
    return true;
}
#else
bool c2d_aabb_raycast(c2d_aabb b, c2d_raycast_input in, c2d_hit *out) {
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
#endif

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
#ifdef C2D_DOUBLE
#  define RAY_FAST_RANGE 1e70
#  define RAY_FAST_MIN_DD 1e-250
#else
#  define RAY_FAST_RANGE 1e9f
#  define RAY_FAST_MIN_DD 1e-30f
#endif

/* How far |n|^2 may be from 1 for one Newton step n * (3 - |n|^2) / 2 to make n unit to the
 * precision of c2d_real (the step leaves an error of about 1.5 d^2 for |n| = 1 + d): 2^-10 in
 * float (room for a 12-bit reciprocal of r), 2^-26 in double. Farther off (an origin very far
 * from a small circle) the general code normalises exactly. */
#ifdef C2D_DOUBLE
#  define RAY_NEWTON_TOL (1.0 / 67108864.0)
#else
#  define RAY_NEWTON_TOL (1.0f / 1024.0f)
#endif

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
    ray_load(&in, &ox, &oy, &dx, &dy);
    vec2_split(c.center, &cx, &cy);
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
    t = (mm - rr) / (ray_sqrt(hh) - md);
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
    /* the end disks */
    dlen = robust_length(in.translation);
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
static bool xf_hit_to_world(c2d_transform xf, const c2d_hit *h, c2d_hit *out) {
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
        if (num < nearest) { nearest = num; inner = i; }
        if (den < 0) {
            c2d_real t = num / den;
            if (t > lower) { lower = t; enter = i; }
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

#ifdef C2D_NARROW_SSE
/* polygon_cast_general with every argument in a register (a jump from the fast path). */
static C2D_NOINLINE bool polygon_cast_slow(const c2d_polygon *p, __m128 od, c2d_real mf, c2d_hit *out) {
    c2d_raycast_input in;
    _mm_storel_pi((__m64 *)&in.origin, od);
    _mm_storeh_pi((__m64 *)&in.translation, od);
    in.max_fraction = mf;
    return polygon_cast_general(p, in, out);
}

static bool polygon_raycast_vec(const c2d_polygon *p, __m128 od, __m128 mfv, c2d_hit *out);

/* Constants of the _xf cast: the signs of the inverse rotation's second term (s, -s), p's unused
 * lanes (-0, which adds nothing to any value, -0 included), and the limits of a hit's delta and
 * of the position (|delta.x|, |delta.y|, |px|, |py|; see polygon_cast_sse). */
static const float ray_xf_sign[4] = {0.0f, -0.0f, 0.0f, -0.0f};
static const float ray_xf_p_pad[4] = {0.0f, 0.0f, -0.0f, -0.0f};
static const float ray_xf_limit[4] = {0x1p126f, 0x1p126f, (float)C2D_MAX_COORD, (float)C2D_MAX_COORD};

/* c2d_polygon_raycast_xf in its plain form, with the transform and the world ray in registers:
 * c = lane 0 of xc, s = lane 0 of xsi, p = lanes 0-1 of pv, wod = (origin, translation). The fast
 * path jumps here for everything it leaves (a transform that is unusable or needs renormalising,
 * input the plain cast hands to the general code), so both give the same bits. */
static C2D_NOINLINE bool polygon_cast_xf_slow(const c2d_polygon *p, __m128 wod, c2d_real mf, __m128 xc, __m128 xsi,
                                              __m128 pv, c2d_hit *out) {
    c2d_transform xf;
    c2d_vec2 o, d;
    c2d_hit h;
    xf.q.c = _mm_cvtss_f32(xc);
    xf.q.s = _mm_cvtss_f32(xsi);
    _mm_storel_pi((__m64 *)&xf.p, pv);
    if (!c2d_xf_usable(&xf)) return false;
    o = c2d_inv_transform_point(xf, c2d_v2(_mm_cvtss_f32(wod), _mm_cvtss_f32(_mm_shuffle_ps(wod, wod, 1))));
    d = c2d_inv_rotate(xf.q, c2d_v2(_mm_cvtss_f32(_mm_movehl_ps(wod, wod)), _mm_cvtss_f32(_mm_shuffle_ps(wod, wod, 3))));
    if (!polygon_raycast_vec(p, _mm_setr_ps(o.x, o.y, d.x, d.y), _mm_set_ss(mf), &h)) return false;
    return xf_hit_to_world(xf, &h, out);
}

/* Two pairs of points (x0 y0 x1 y1) and (x2 y2 x3 y3) as lanes: x in *x, y in *y. */
static inline void soa_pairs(__m128 a, __m128 b, __m128 *x, __m128 *y) {
    *x = _mm_shuffle_ps(a, b, _MM_SHUFFLE(2, 0, 2, 0));
    *y = _mm_shuffle_ps(a, b, _MM_SHUFFLE(3, 1, 3, 1));
}

/* Four consecutive points as lanes: x in *x, y in *y (two 16-byte loads and two shuffles). */
static inline void soa4(const c2d_vec2 *v, __m128 *x, __m128 *y) {
    soa_pairs(_mm_loadu_ps(&v[0].x), _mm_loadu_ps(&v[2].x), x, y);
}

/* Lanes of a block of four edges: the valid ones (index < m) and the last one (index m - 1). */
static inline __m128 lanes_below(int m) {
    return _mm_castsi128_ps(_mm_cmpgt_epi32(_mm_set1_epi32(m), _mm_setr_epi32(0, 1, 2, 3)));
}
static inline __m128 lane_at(int k) {
    return _mm_castsi128_ps(_mm_cmpeq_epi32(_mm_set1_epi32(k), _mm_setr_epi32(0, 1, 2, 3)));
}

/* (a1, a2, a3, b0): lanes shifted down by one, the last one taken from the next block. */
static inline __m128 next_lanes(__m128 a, __m128 b) {
    return _mm_shuffle_ps(a, _mm_shuffle_ps(a, b, _MM_SHUFFLE(0, 0, 3, 3)), _MM_SHUFFLE(2, 0, 2, 1));
}

/* One block of four edges of the Cyrus-Beck clip (the same products, in the same order, as
 * polygon_cast_general): the entry bound *lo (max over edges facing the ray, -inf for the rest),
 * the exit bound *hi (min over edges facing away, +inf for the rest), the lanes that rule every
 * time out (parallel edges with the origin on or in front of their line) and the lanes whose
 * numerator or denominator is not finite. The entry times of the block are kept for picking the
 * entry edge. */
typedef struct poly_block {
    __m128 x, y;       /* vertices */
    __m128 t_enter;    /* entry time of each edge facing the ray, -inf for the others */
    __m128 away;       /* edges with the origin on or in front of their line and the ray not
                        * moving in (den >= 0, num <= 0): each alone rules every time out */
} poly_block;

static inline void poly_clip_block(const c2d_vec2 *v, const c2d_vec2 *nrm, __m128 valid, int full, int first, __m128 ox,
                                   __m128 oy, __m128 dx, __m128 dy, poly_block *blk, __m128 *lo, __m128 *hi, __m128 *bad) {
    const __m128 zero = _mm_setzero_ps(), inf = _mm_set1_ps(INFINITY), minus_inf = _mm_set1_ps(-INFINITY);
    __m128 nx, ny, num, den, t, enter, leave;
    soa4(v, &blk->x, &blk->y);
    soa4(nrm, &nx, &ny);
    num = _mm_add_ps(_mm_mul_ps(nx, _mm_sub_ps(blk->x, ox)), _mm_mul_ps(ny, _mm_sub_ps(blk->y, oy)));
    den = _mm_add_ps(_mm_mul_ps(nx, dx), _mm_mul_ps(ny, dy));
    t = _mm_div_ps(num, den);
    blk->away = _mm_and_ps(_mm_cmpge_ps(den, zero), _mm_cmple_ps(num, zero));
    if (!full) blk->away = _mm_and_ps(blk->away, valid);
    /* Edges split by the sign bit of den: set (den < 0, or -0) bounds the entry, clear the exit.
     * A parallel edge (den = +-0) then needs no case of its own: num > 0 (origin behind it) gives
     * the time that rules nothing out (-inf entry, +inf exit), num < 0 the one that rules every
     * time out, and num = 0 gives 0/0 = NaN, which joins the lanes that go to the general code
     * with those whose num or den is not finite ((num + den) * 0 is NaN). */
    enter = _mm_castsi128_ps(_mm_srai_epi32(_mm_castps_si128(den), 31));
    if (full) {
        blk->t_enter = select_ps(enter, t, minus_inf);
        leave = select_ps(enter, inf, t);
    } else { /* lanes past the last vertex rule nothing */
        leave = _mm_andnot_ps(enter, valid);
        blk->t_enter = select_ps(_mm_and_ps(enter, valid), t, minus_inf);
        leave = select_ps(leave, t, inf);
    }
    /* the first block starts the bounds (a max with -inf would be one more step) */
    *lo = first ? blk->t_enter : _mm_max_ps(*lo, blk->t_enter);
    *hi = first ? leave : _mm_min_ps(*hi, leave);
    {
        __m128 nan = _mm_cmpunord_ps(t, _mm_mul_ps(_mm_add_ps(num, den), zero));
        if (!full) nan = _mm_and_ps(nan, valid);
        *bad = first ? nan : _mm_or_ps(*bad, nan);
    }
}

/* The vertices of a block without a strict left turn, !(cross(e_i, e_i+1) > 0) with
 * e_i = v_i+1 - v_i as polygon_cast_general computes it (exn/eyn: the next edges; NaN is bad). */
static inline __m128 turns_bad(__m128 ex, __m128 ey, __m128 exn, __m128 eyn) {
    const __m128 all = _mm_castsi128_ps(_mm_set1_epi32(-1));
    return _mm_andnot_ps(_mm_cmpgt_ps(_mm_sub_ps(_mm_mul_ps(ex, eyn), _mm_mul_ps(ey, exn)), _mm_setzero_ps()), all);
}

/* The lanes whose stored normal (nx, ny) is not one the cast may use for edge e: the cast takes its
 * slab planes and its output normal from the stored normals, so a hand-made polygon with normals
 * that are not unit (within 1% in |n|^2) or not within about 8 degrees of their edge's outward
 * perpendicular is bad input, never hit (the rule of the sweeps' convex_ccw in cast.c; NaN is bad).
 * polygon_cast_general applies the same test (normal_fits). */
static inline __m128 normals_bad(__m128 nx, __m128 ny, __m128 ex, __m128 ey) {
    __m128 nn = _mm_add_ps(_mm_mul_ps(nx, nx), _mm_mul_ps(ny, ny)), along = _mm_sub_ps(_mm_mul_ps(nx, ey), _mm_mul_ps(ny, ex));
    __m128 ee = _mm_add_ps(_mm_mul_ps(ex, ex), _mm_mul_ps(ey, ey));
    __m128 ok = _mm_and_ps(_mm_cmpgt_ps(nn, _mm_set1_ps(0.98f)), _mm_cmplt_ps(nn, _mm_set1_ps(1.02f)));
    ok = _mm_and_ps(ok, _mm_and_ps(_mm_cmpgt_ps(along, _mm_setzero_ps()), _mm_cmpgt_ps(_mm_mul_ps(along, along), _mm_mul_ps(_mm_set1_ps(0.98f), ee))));
    return _mm_andnot_ps(ok, _mm_castsi128_ps(_mm_set1_epi32(-1)));
}

/* Horizontal max of four lanes, in every lane. */
static inline __m128 hmax4_all(__m128 v) {
    v = _mm_max_ps(v, _mm_shuffle_ps(v, v, _MM_SHUFFLE(1, 0, 3, 2)));
    return _mm_max_ps(v, _mm_shuffle_ps(v, v, _MM_SHUFFLE(2, 3, 0, 1)));
}

/* Convex polygon cast, SSE: the general Cyrus-Beck clip with four edges per vector step and one
 * division per step, branch-free over the edges, written once for up to four vertices and once
 * for up to eight (wide; both inline, so each count has its own short path; more vertices, in a
 * build with a larger C2D_MAX_POLYGON_VERTICES, take the general code). Branches are kept
 * few, and the one a scene cannot predict (miss or hit) early: an edge with the origin on or in
 * front of its line and the ray not moving in rules the ray out before any division, so most
 * misses end there; the rest are decided by one branch on all the time bounds at once. An
 * origin inside, or numbers that are not finite, go to the general code. The polygon's own
 * check (counter-clockwise and strictly convex at every vertex) is needed only before reporting
 * a hit (a bad polygon is never hit, and NaN never makes a hit), so a miss skips it; it runs on
 * vectors too, with the vertices and edges shifted by one lane (the last lane wrapping to the
 * first vertex). */
static inline bool polygon_cast_sse(const c2d_polygon *p, int n, __m128 od, __m128 mfv, c2d_hit *out, int wide, int full,
                                    int xf, __m128 xc, __m128 xsi, __m128 pv, __m128 wod, int xbad) {
    const __m128 zero = _mm_setzero_ps(), all = _mm_castsi128_ps(_mm_set1_epi32(-1));
    __m128 ox = _mm_shuffle_ps(od, od, _MM_SHUFFLE(0, 0, 0, 0)), oy = _mm_shuffle_ps(od, od, _MM_SHUFFLE(1, 1, 1, 1));
    __m128 dx = _mm_shuffle_ps(od, od, _MM_SHUFFLE(2, 2, 2, 2)), dy = _mm_shuffle_ps(od, od, _MM_SHUFFLE(3, 3, 3, 3));
    __m128 lo = _mm_set1_ps(-INFINITY), hi = _mm_set1_ps(INFINITY), bad = zero;
    __m128 valid_a = wide || full ? all : lanes_below(n), valid_b = !wide ? zero : full ? all : lanes_below(n - 4);
    __m128 tn, hit_bad, pos, delta, dv;
    poly_block a, b;
    b.x = b.y = b.t_enter = b.away = zero; /* used only when wide (some compilers cannot see that) */
    c2d_real mf = _mm_cvtss_f32(mfv), lower;
    int enter;
    poly_clip_block(p->vertices, p->normals, valid_a, full || wide, 1, ox, oy, dx, dy, &a, &lo, &hi, &bad);
    /* A quick miss that needs no division (so its branch is decided early): the origin on or in
     * front of an edge's line with the ray not moving in. The exact clip below says the same
     * (that edge's exit time is <= 0, or it is parallel and blocks); NaN never takes this. */
    if (wide) {
        poly_clip_block(p->vertices + 4, p->normals + 4, valid_b, full, 0, ox, oy, dx, dy, &b, &lo, &hi, &bad);
        a.away = _mm_or_ps(a.away, b.away);
    }
    /* (_xf: not when the rotation is one the plain form rejects or renormalises, xbad = 1: a
     * mask of at most four bits never exceeds xbad << 4; it joins the bad lanes below instead) */
    if (_mm_movemask_ps(a.away) > (xf ? xbad << 4 : 0)) return false;
    /* The decision: the latest entry before the earliest exit and before max_fraction, the
     * earliest exit after 0, and no bad lane (NaN lanes are bad, so the horizontal max and min,
     * which may drop a NaN, see none). */
    tn = hmax4_all(lo);
    mfv = _mm_shuffle_ps(mfv, mfv, 0);
    lower = _mm_cvtss_f32(tn);
    {
        /* lane by lane: the entry bound before every exit bound and max_fraction, every exit
         * bound after 0 */
        __m128 ok = _mm_and_ps(_mm_cmplt_ps(tn, _mm_min_ps(hi, mfv)), _mm_cmplt_ps(zero, hi));
        int m = _mm_movemask_ps(bad) | (xf ? xbad : 0);
        /* (_xf: a mask of four bits never equals 0xF | xbad << 4 for xbad = 1) */
        if (_mm_movemask_ps(_mm_andnot_ps(bad, ok)) != (xf ? 0xF | xbad << 4 : 0xF)) {
            if (m != 0) return xf ? polygon_cast_xf_slow(p, wod, mf, xc, xsi, pv, out) : polygon_cast_slow(p, od, mf, out);
            return false;
        }
    }

    /* A hit: a strict left turn at every vertex, cross(e_i, e_i+1) > 0 with e_i = v_i+1 - v_i. */
    if (!wide) {
        /* rotating the block by one lane wraps correctly for four vertices; fewer need the last
         * valid lane patched */
        __m128 xn = _mm_shuffle_ps(a.x, a.x, _MM_SHUFFLE(0, 3, 2, 1)), yn = _mm_shuffle_ps(a.y, a.y, _MM_SHUFFLE(0, 3, 2, 1));
        __m128 ex, ey, exn, eyn, wrap = full ? zero : lane_at(n - 1);
        if (!full) {
            xn = select_ps(wrap, _mm_shuffle_ps(a.x, a.x, 0), xn);
            yn = select_ps(wrap, _mm_shuffle_ps(a.y, a.y, 0), yn);
        }
        ex = _mm_sub_ps(xn, a.x);
        ey = _mm_sub_ps(yn, a.y);
        exn = _mm_shuffle_ps(ex, ex, _MM_SHUFFLE(0, 3, 2, 1));
        eyn = _mm_shuffle_ps(ey, ey, _MM_SHUFFLE(0, 3, 2, 1));
        if (!full) {
            exn = select_ps(wrap, _mm_shuffle_ps(ex, ex, 0), exn);
            eyn = select_ps(wrap, _mm_shuffle_ps(ey, ey, 0), eyn);
        }
        {
            __m128 nx, ny;
            soa4(p->normals, &nx, &ny);
            hit_bad = _mm_or_ps(turns_bad(ex, ey, exn, eyn), normals_bad(nx, ny, ex, ey));
        }
        if (!full) hit_bad = _mm_and_ps(hit_bad, valid_a);
    } else if (full) {
        /* eight: the vertices from 1, 2, 5 and 6 on as lanes, read again from memory (fewer
         * shuffles than shifting the blocks; the last ones wrap to vertex 0), give the edges and
         * the next edges of both blocks */
        const c2d_vec2 *v = p->vertices;
        __m128 v01 = _mm_loadu_ps(&v[0].x), v67 = _mm_loadu_ps(&v[6].x);
        __m128 x1, y1, x2, y2, x5, y5, x6, y6, exa, eya, exb, eyb;
        soa4(v + 1, &x1, &y1);
        soa4(v + 2, &x2, &y2);
        soa_pairs(_mm_loadu_ps(&v[5].x), _mm_shuffle_ps(v67, v01, _MM_SHUFFLE(1, 0, 3, 2)), &x5, &y5);
        soa_pairs(v67, v01, &x6, &y6);
        exa = _mm_sub_ps(x1, a.x);
        eya = _mm_sub_ps(y1, a.y);
        exb = _mm_sub_ps(x5, b.x);
        eyb = _mm_sub_ps(y5, b.y);
        hit_bad = _mm_or_ps(turns_bad(exa, eya, _mm_sub_ps(x2, x1), _mm_sub_ps(y2, y1)), turns_bad(exb, eyb, _mm_sub_ps(x6, x5), _mm_sub_ps(y6, y5)));
        {
            __m128 nxa, nya, nxb, nyb;
            soa4(p->normals, &nxa, &nya);
            soa4(p->normals + 4, &nxb, &nyb);
            hit_bad = _mm_or_ps(hit_bad, _mm_or_ps(normals_bad(nxa, nya, exa, eya), normals_bad(nxb, nyb, exb, eyb)));
        }
    } else {
        /* five to seven across two blocks: (a1 a2 a3 b0) and (b1 b2 b3 a0), the last valid lane
         * of the second patched to wrap */
        __m128 xna = next_lanes(a.x, b.x), yna = next_lanes(a.y, b.y), xnb = next_lanes(b.x, a.x), ynb = next_lanes(b.y, a.y);
        __m128 exa, eya, exb, eyb, exna, eyna, exnb, eynb, wrap = lane_at(n - 5);
        xnb = select_ps(wrap, _mm_shuffle_ps(a.x, a.x, 0), xnb);
        ynb = select_ps(wrap, _mm_shuffle_ps(a.y, a.y, 0), ynb);
        exa = _mm_sub_ps(xna, a.x);
        eya = _mm_sub_ps(yna, a.y);
        exb = _mm_sub_ps(xnb, b.x);
        eyb = _mm_sub_ps(ynb, b.y);
        exna = next_lanes(exa, exb);
        eyna = next_lanes(eya, eyb);
        exnb = select_ps(wrap, _mm_shuffle_ps(exa, exa, 0), next_lanes(exb, exa));
        eynb = select_ps(wrap, _mm_shuffle_ps(eya, eya, 0), next_lanes(eyb, eya));
        hit_bad = _mm_or_ps(_mm_and_ps(turns_bad(exb, eyb, exnb, eynb), valid_b), turns_bad(exa, eya, exna, eyna));
        {
            __m128 nxa, nya, nxb, nyb;
            soa4(p->normals, &nxa, &nya);
            soa4(p->normals + 4, &nxb, &nyb);
            hit_bad = _mm_or_ps(hit_bad, _mm_or_ps(normals_bad(nxa, nya, exa, eya), _mm_and_ps(normals_bad(nxb, nyb, exb, eyb), valid_b)));
        }
    }
    /* the time: a zero entry time is +0, as in the general code (a negative one, the origin
     * inside, goes to the general code below) */
    tn = _mm_max_ps(tn, zero);
    dv = _mm_movehl_ps(od, od);
    pos = _mm_add_ps(od, _mm_mul_ps(tn, dv));
    /* (time - max_fraction) * d, or 0 for an unbounded ray (the mask clears -inf * d) */
    delta = _mm_and_ps(_mm_cmplt_ps(mfv, _mm_set1_ps(INFINITY)), _mm_mul_ps(dv, _mm_sub_ps(tn, mfv)));
    /* One branch checks the hit: the polygon's turns (hit_bad so far), a time >= 0 (else the
     * origin is inside) and a finite pos and delta (a huge translation can overflow: then
     * nothing, as finish_hit). */
    if (xf) {
        /* The _xf cast checks the values it maps back to world instead: the rotated ones cannot
         * overflow while every local one is at most 2^126 in magnitude (|c| and |s| are at most
         * 1 + 2 eps, so a rotated component stays below 2^127 (1 + 3 eps), and p, within
         * C2D_MAX_COORD, adds less than one of its units in the last place). The position is
         * checked here too (the entry checked only the rotation: a miss is a miss for any
         * position). Anything beyond (a huge translation or normal, a position out of range, NaN)
         * goes to the plain form, which decides it, so there is one branch before the result. */
        const __m128 magnitude = _mm_castsi128_ps(_mm_set1_epi32(0x7fffffff));
        __m128 pn;
        enter = _mm_movemask_ps(_mm_cmpeq_ps(a.t_enter, tn));
        if (wide) enter |= _mm_movemask_ps(_mm_cmpeq_ps(b.t_enter, tn)) << 4;
        /* (bit 7 keeps the index inside the array when no lane matched, which is no hit: then
         * the branch below leaves before the normal is used) */
        pn = _mm_loadh_pi(pos, (const __m64 *)(p->normals + c2d_lowest_bit((unsigned)enter | 0x80u))); /* pos, normal */
        hit_bad = _mm_or_ps(hit_bad, _mm_cmpnle_ps(_mm_and_ps(pn, magnitude), _mm_set1_ps(0x1p126f)));
        hit_bad = _mm_or_ps(hit_bad, _mm_cmpnle_ps(_mm_and_ps(_mm_movelh_ps(delta, pv), magnitude), _mm_loadu_ps(ray_xf_limit)));
        if ((_mm_movemask_ps(hit_bad) != 0) | (lower < 0)) return polygon_cast_xf_slow(p, wod, mf, xc, xsi, pv, out);
        if (out) {
            /* Back to world, as c2d_transform_point and c2d_rotate compute it: pos and the
             * normal in one vector (adjacent in c2d_hit, one store), delta in another. The
             * forward rotation is c * v - (s, -s) * (v swapped) (the same bits as adding the
             * negated product); p + (-0) keeps every bit of the rotated normal. */
            const __m128 xp = _mm_or_ps(pv, _mm_loadu_ps(ray_xf_p_pad)); /* px, py, -0, -0 */
            pn = _mm_add_ps(_mm_sub_ps(_mm_mul_ps(xc, pn), _mm_mul_ps(xsi, _mm_shuffle_ps(pn, pn, _MM_SHUFFLE(2, 3, 0, 1)))), xp);
            delta = _mm_sub_ps(_mm_mul_ps(xc, delta), _mm_mul_ps(xsi, _mm_shuffle_ps(delta, delta, _MM_SHUFFLE(2, 3, 0, 1))));
            _mm_storeu_ps(&out->pos.x, pn);
            _mm_storel_pi((__m64 *)&out->delta, delta);
            _mm_store_ss(&out->time, tn);
        }
        return true;
    }
    hit_bad = _mm_or_ps(hit_bad, _mm_cmpunord_ps(zero, _mm_mul_ps(_mm_movelh_ps(pos, delta), zero)));
    if ((_mm_movemask_ps(hit_bad) != 0) | (lower < 0)) {
        if (lower < 0) return polygon_cast_slow(p, od, mf, out); /* origin inside */
        return false;
    }
    if (out) {
        /* the entry edge: the first one whose entry time is the bound (as the general loop keeps it) */
        enter = _mm_movemask_ps(_mm_cmpeq_ps(a.t_enter, tn));
        if (wide) enter |= _mm_movemask_ps(_mm_cmpeq_ps(b.t_enter, tn)) << 4;
        enter = c2d_lowest_bit((unsigned)enter);
        _mm_storel_pi((__m64 *)&out->pos, pos);
        out->normal = p->normals[enter];
        _mm_storel_pi((__m64 *)&out->delta, delta);
        _mm_store_ss(&out->time, tn);
    }
    return true;
}

/* The vector code reads whole blocks of four vertices and four normals: the narrow form (3 and 4
 * vertices) needs arrays of at least 4, the wide one (5 to 8 vertices) arrays of at least 8.
 * Polygons of more than 8 vertices (builds with a larger C2D_MAX_POLYGON_VERTICES), and every
 * polygon of a build whose arrays are too short for a form, take the general code. */
#define RAY_SSE_NARROW (C2D_MAX_POLYGON_VERTICES >= 4)
#define RAY_SSE_WIDE (C2D_MAX_POLYGON_VERTICES >= 8)

/* One function per shape of the vector code (separate, so that the compiler lays each out on
 * its own; the public function jumps to one). Four and eight vertices (boxes, the common shapes)
 * need no lane masks. */
#if RAY_SSE_NARROW
static C2D_NOINLINE bool polygon_cast_4(const c2d_polygon *p, __m128 od, __m128 mfv, c2d_hit *out) {
    return polygon_cast_sse(p, 4, od, mfv, out, 0, 1, 0, od, od, od, od, 0);
}
static C2D_NOINLINE bool polygon_cast_3(const c2d_polygon *p, __m128 od, __m128 mfv, c2d_hit *out) {
    return polygon_cast_sse(p, 3, od, mfv, out, 0, 0, 0, od, od, od, od, 0);
}
#endif
#if RAY_SSE_WIDE
static C2D_NOINLINE bool polygon_cast_8(const c2d_polygon *p, __m128 od, __m128 mfv, c2d_hit *out) {
    return polygon_cast_sse(p, 8, od, mfv, out, 1, 1, 0, od, od, od, od, 0);
}
static C2D_NOINLINE bool polygon_cast_5to7(const c2d_polygon *p, __m128 od, __m128 mfv, c2d_hit *out) {
    return polygon_cast_sse(p, p->count, od, mfv, out, 1, 0, 0, od, od, od, od, 0);
}
#endif

/* The same for c2d_polygon_raycast_xf: od is the ray in the polygon's frame, and the hit goes back
 * to world before it is written (xc, xs, xp and wod as in polygon_cast_xf_slow). */
#if RAY_SSE_NARROW
static C2D_NOINLINE bool polygon_cast_xf_4(const c2d_polygon *p, __m128 od, __m128 mfv, c2d_hit *out, __m128 xc, __m128 xsi,
                                           __m128 pv, __m128 wod, int xbad) {
    return polygon_cast_sse(p, 4, od, mfv, out, 0, 1, 1, xc, xsi, pv, wod, xbad);
}
static C2D_NOINLINE bool polygon_cast_xf_3(const c2d_polygon *p, __m128 od, __m128 mfv, c2d_hit *out, __m128 xc, __m128 xsi,
                                           __m128 pv, __m128 wod, int xbad) {
    return polygon_cast_sse(p, 3, od, mfv, out, 0, 0, 1, xc, xsi, pv, wod, xbad);
}
#endif
#if RAY_SSE_WIDE
static C2D_NOINLINE bool polygon_cast_xf_8(const c2d_polygon *p, __m128 od, __m128 mfv, c2d_hit *out, __m128 xc, __m128 xsi,
                                           __m128 pv, __m128 wod, int xbad) {
    return polygon_cast_sse(p, 8, od, mfv, out, 1, 1, 1, xc, xsi, pv, wod, xbad);
}
static C2D_NOINLINE bool polygon_cast_xf_5to7(const c2d_polygon *p, __m128 od, __m128 mfv, c2d_hit *out, __m128 xc,
                                              __m128 xsi, __m128 pv, __m128 wod, int xbad) {
    return polygon_cast_sse(p, p->count, od, mfv, out, 1, 0, 1, xc, xsi, pv, wod, xbad);
}
#endif

/* c2d_polygon_raycast with the ray already in registers: od = (origin, translation), mfv's lane 0
 * = max_fraction. */
static bool polygon_raycast_vec(const c2d_polygon *p, __m128 od, __m128 mfv, c2d_hit *out) {
    int n;
    if (!p) return false;
    n = p->count;
#if RAY_SSE_NARROW
    if (n == 4) return polygon_cast_4(p, od, mfv, out);
#endif
#if RAY_SSE_WIDE
    if (n == 8) return polygon_cast_8(p, od, mfv, out);
#endif
#if RAY_SSE_NARROW
    if (n == 3) return polygon_cast_3(p, od, mfv, out);
#endif
    if (n < 3 || n > C2D_MAX_POLYGON_VERTICES) return false;
#if RAY_SSE_WIDE
    if (n < 8) return polygon_cast_5to7(p, od, mfv, out);
#endif
    return polygon_cast_slow(p, od, _mm_cvtss_f32(mfv), out); /* more than 8 vertices */
}

bool c2d_polygon_raycast(const c2d_polygon *p, c2d_raycast_input in, c2d_hit *out) {
    return polygon_raycast_vec(p, _mm_loadu_ps((const float *)&in), _mm_load_ss(&in.max_fraction), out);
}
#else
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
    ray_load(&in, &ox, &oy, &dx, &dy);
    vec2_split(s.p1, &ax, &ay);
    vec2_split(s.p2, &bx, &by);
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
    fast = (size <= RAY_FAST_RANGE) & ((mf <= RAY_FAST_RANGE) | (mf == (c2d_real)INFINITY)) & (ee >= RAY_FAST_MIN_DD);
    if (!(fast & (den > 0) & (tn >= 0) & (sn >= 0) & (sn <= den) & ((mf == (c2d_real)INFINITY) | (tn <= mf * den)))) {
        if (!fast) return segment_cast_slow(s.p1, s.p2, c2d_v2(ox, oy), c2d_v2(dx, dy), mf, out);
        return false;
    }
    t = tn / den;
    t = t < mf ? t : mf;
    if (!(t <= REAL_MAX)) return false; /* an unbounded ray nearly parallel: no finite time */
    if (out) {
        inv_len = flip / ray_sqrt(ee);
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
#ifdef C2D_NARROW_SSE

bool c2d_polygon_raycast_xf(const c2d_polygon *p, c2d_transform xf, c2d_raycast_input in, c2d_hit *out) {
    __m128 wod = _mm_loadu_ps((const float *)&in); /* ox oy dx dy: the caller's copy is one 16-byte store */
    __m128 mfv = _mm_load_ss(&in.max_fraction);
    __m128 pv = vec2_vector(xf.p), qv = vec2_vector(c2d_v2(xf.q.c, xf.q.s)); /* (px, py, 0, 0), (c, s, 0, 0) */
    __m128 xc = _mm_shuffle_ps(qv, qv, 0);
    __m128 xsi = _mm_xor_ps(_mm_shuffle_ps(qv, qv, _MM_SHUFFLE(1, 1, 1, 1)), _mm_loadu_ps(ray_xf_sign)); /* s, -s, s, -s */
    __m128 w = _mm_sub_ps(wod, pv), od, qq;
    c2d_real m;
    int n, bad;
    /* inverse rotation of (ox - px, oy - py) and (dx, dy): c * w + (s, -s) * (w swapped) */
    od = _mm_add_ps(_mm_mul_ps(xc, w), _mm_mul_ps(xsi, _mm_shuffle_ps(w, w, _MM_SHUFFLE(2, 3, 0, 1))));
    /* The fast rotation: |c*c + s*s - 1| <= 4 eps (c2d_xf_usable accepts it as it is), compared
     * as the range it is (m - 1 is exact for m in [0.5, 2], and any m outside fails both forms);
     * NaN fails. Otherwise bad is 1, which the cast treats as a lane that is not finite (an
     * integer beside the mapped ray, which starts the cast's longest chain of latencies, rather
     * than on it): a rotation that the plain form renormalises could turn a miss into a hit. The
     * position is checked only before a hit (no position makes a miss a hit). */
    qq = _mm_mul_ps(qv, qv);
    m = _mm_cvtss_f32(_mm_add_ss(qq, _mm_shuffle_ps(qq, qq, 1)));
    bad = !((m >= 1 - 4 * C2D_EPSILON) & (m <= 1 + 4 * C2D_EPSILON));
    if (!p) return false;
    n = p->count;
#if RAY_SSE_NARROW
    if (n == 4) return polygon_cast_xf_4(p, od, mfv, out, xc, xsi, pv, wod, bad);
#endif
#if RAY_SSE_WIDE
    if (n == 8) return polygon_cast_xf_8(p, od, mfv, out, xc, xsi, pv, wod, bad);
#endif
#if RAY_SSE_NARROW
    if (n == 3) return polygon_cast_xf_3(p, od, mfv, out, xc, xsi, pv, wod, bad);
#endif
    if (n < 3 || n > C2D_MAX_POLYGON_VERTICES) return false;
#if RAY_SSE_WIDE
    if (n < 8) return polygon_cast_xf_5to7(p, od, mfv, out, xc, xsi, pv, wod, bad);
#endif
    (void)od;
    (void)bad;
    return polygon_cast_xf_slow(p, wod, _mm_cvtss_f32(mfv), xc, xsi, pv, out); /* more than 8 vertices */
}
#else
bool c2d_polygon_raycast_xf(const c2d_polygon *p, c2d_transform xf, c2d_raycast_input in, c2d_hit *out) {
    c2d_hit h;
    if (!c2d_xf_usable(&xf)) return false;
    in.origin = c2d_inv_transform_point(xf, in.origin);
    in.translation = c2d_inv_rotate(xf.q, in.translation);
    if (!c2d_polygon_raycast(p, in, &h)) return false;
    return xf_hit_to_world(xf, &h, out);
}
#endif
