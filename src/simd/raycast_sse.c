/* collide2d's SSE kernels of the ray casts (float builds on x86: C2D_NARROW_SSE, src/simd/simd.h).
 * Each kernel gives the bits of its scalar reference in src/raycast.c (c2d_ref_*), which it calls
 * for every input it leaves (tests/test_fast_paths.c runs both on the same random inputs). The
 * public functions in src/raycast.c call these when SSE is compiled in. */
#include <float.h>
#include <string.h>
#include "simd.h"

#ifdef C2D_NARROW_SSE

/* The general box cast, out of line: the fast path below tail-calls it for every case it leaves. */
static C2D_SIMD_NOINLINE bool box_cast_plain(__m128 box, __m128 od, c2d_real mf, c2d_hit *out) {
    c2d_aabb b;
    c2d_raycast_input in;
    _mm_storel_pi((__m64 *)&b.lower, box);
    _mm_storeh_pi((__m64 *)&b.upper, box);
    _mm_storel_pi((__m64 *)&in.origin, od);
    _mm_storeh_pi((__m64 *)&in.translation, od);
    in.max_fraction = mf;
    return c2d_ref_box_cast(b, 0, 0, in, out);
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
    tn = _mm_max_ps(t, ts);                             /* the later entry, in lanes 0 and 1 */
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

/* polygon_cast_general with every argument in a register (a jump from the fast path). */
static C2D_SIMD_NOINLINE bool polygon_cast_slow(const c2d_polygon *p, __m128 od, c2d_real mf, c2d_hit *out) {
    c2d_raycast_input in;
    _mm_storel_pi((__m64 *)&in.origin, od);
    _mm_storeh_pi((__m64 *)&in.translation, od);
    in.max_fraction = mf;
    return c2d_ref_polygon_raycast(p, in, out);
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
static C2D_SIMD_NOINLINE bool polygon_cast_xf_slow(const c2d_polygon *p, __m128 wod, c2d_real mf, __m128 xc, __m128 xsi,
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
    return c2d_xf_hit_to_world(xf, &h, out);
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
    __m128 x, y;    /* vertices */
    __m128 t_enter; /* entry time of each edge facing the ray, -inf for the others */
    __m128 away;    /* edges with the origin on or in front of their line and the ray not
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
    __m128 valid_a = wide || full ? all : lanes_below(n), valid_b = !wide ? zero : full ? all
                                                                                        : lanes_below(n - 4);
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
#  define RAY_SSE_NARROW (C2D_MAX_POLYGON_VERTICES >= 4)
#  define RAY_SSE_WIDE (C2D_MAX_POLYGON_VERTICES >= 8)

/* One function per shape of the vector code (separate, so that the compiler lays each out on
 * its own; the public function jumps to one). Four and eight vertices (boxes, the common shapes)
 * need no lane masks. */
#  if RAY_SSE_NARROW
static C2D_SIMD_NOINLINE bool polygon_cast_4(const c2d_polygon *p, __m128 od, __m128 mfv, c2d_hit *out) {
    return polygon_cast_sse(p, 4, od, mfv, out, 0, 1, 0, od, od, od, od, 0);
}
static C2D_SIMD_NOINLINE bool polygon_cast_3(const c2d_polygon *p, __m128 od, __m128 mfv, c2d_hit *out) {
    return polygon_cast_sse(p, 3, od, mfv, out, 0, 0, 0, od, od, od, od, 0);
}
#  endif
#  if RAY_SSE_WIDE
static C2D_SIMD_NOINLINE bool polygon_cast_8(const c2d_polygon *p, __m128 od, __m128 mfv, c2d_hit *out) {
    return polygon_cast_sse(p, 8, od, mfv, out, 1, 1, 0, od, od, od, od, 0);
}
static C2D_SIMD_NOINLINE bool polygon_cast_5to7(const c2d_polygon *p, __m128 od, __m128 mfv, c2d_hit *out) {
    return polygon_cast_sse(p, p->count, od, mfv, out, 1, 0, 0, od, od, od, od, 0);
}
#  endif

/* The same for c2d_polygon_raycast_xf: od is the ray in the polygon's frame, and the hit goes back
 * to world before it is written (xc, xs, xp and wod as in polygon_cast_xf_slow). */
#  if RAY_SSE_NARROW
static C2D_SIMD_NOINLINE bool polygon_cast_xf_4(const c2d_polygon *p, __m128 od, __m128 mfv, c2d_hit *out, __m128 xc, __m128 xsi,
                                                __m128 pv, __m128 wod, int xbad) {
    return polygon_cast_sse(p, 4, od, mfv, out, 0, 1, 1, xc, xsi, pv, wod, xbad);
}
static C2D_SIMD_NOINLINE bool polygon_cast_xf_3(const c2d_polygon *p, __m128 od, __m128 mfv, c2d_hit *out, __m128 xc, __m128 xsi,
                                                __m128 pv, __m128 wod, int xbad) {
    return polygon_cast_sse(p, 3, od, mfv, out, 0, 0, 1, xc, xsi, pv, wod, xbad);
}
#  endif
#  if RAY_SSE_WIDE
static C2D_SIMD_NOINLINE bool polygon_cast_xf_8(const c2d_polygon *p, __m128 od, __m128 mfv, c2d_hit *out, __m128 xc, __m128 xsi,
                                                __m128 pv, __m128 wod, int xbad) {
    return polygon_cast_sse(p, 8, od, mfv, out, 1, 1, 1, xc, xsi, pv, wod, xbad);
}
static C2D_SIMD_NOINLINE bool polygon_cast_xf_5to7(const c2d_polygon *p, __m128 od, __m128 mfv, c2d_hit *out, __m128 xc,
                                                   __m128 xsi, __m128 pv, __m128 wod, int xbad) {
    return polygon_cast_sse(p, p->count, od, mfv, out, 1, 0, 1, xc, xsi, pv, wod, xbad);
}
#  endif

/* c2d_polygon_raycast with the ray already in registers: od = (origin, translation), mfv's lane 0
 * = max_fraction. */
static bool polygon_raycast_vec(const c2d_polygon *p, __m128 od, __m128 mfv, c2d_hit *out) {
    int n;
    if (!p) return false;
    n = p->count;
#  if RAY_SSE_NARROW
    if (n == 4) return polygon_cast_4(p, od, mfv, out);
#  endif
#  if RAY_SSE_WIDE
    if (n == 8) return polygon_cast_8(p, od, mfv, out);
#  endif
#  if RAY_SSE_NARROW
    if (n == 3) return polygon_cast_3(p, od, mfv, out);
#  endif
    if (n < 3 || n > C2D_MAX_POLYGON_VERTICES) return false;
#  if RAY_SSE_WIDE
    if (n < 8) return polygon_cast_5to7(p, od, mfv, out);
#  endif
    return polygon_cast_slow(p, od, _mm_cvtss_f32(mfv), out); /* more than 8 vertices */
}

bool c2d_polygon_raycast(const c2d_polygon *p, c2d_raycast_input in, c2d_hit *out) {
    return polygon_raycast_vec(p, _mm_loadu_ps((const float *)&in), _mm_load_ss(&in.max_fraction), out);
}

bool c2d_polygon_raycast_xf(const c2d_polygon *p, c2d_transform xf, c2d_raycast_input in, c2d_hit *out) {
    __m128 wod = _mm_loadu_ps((const float *)&in); /* ox oy dx dy: the caller's copy is one 16-byte store */
    __m128 mfv = _mm_load_ss(&in.max_fraction);
    __m128 pv = c2d_lanes_of(xf.p), qv = c2d_lanes_of(c2d_v2(xf.q.c, xf.q.s)); /* (px, py, 0, 0), (c, s, 0, 0) */
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
#  if RAY_SSE_NARROW
    if (n == 4) return polygon_cast_xf_4(p, od, mfv, out, xc, xsi, pv, wod, bad);
#  endif
#  if RAY_SSE_WIDE
    if (n == 8) return polygon_cast_xf_8(p, od, mfv, out, xc, xsi, pv, wod, bad);
#  endif
#  if RAY_SSE_NARROW
    if (n == 3) return polygon_cast_xf_3(p, od, mfv, out, xc, xsi, pv, wod, bad);
#  endif
    if (n < 3 || n > C2D_MAX_POLYGON_VERTICES) return false;
#  if RAY_SSE_WIDE
    if (n < 8) return polygon_cast_xf_5to7(p, od, mfv, out, xc, xsi, pv, wod, bad);
#  endif
    (void)od;
    (void)bad;
    return polygon_cast_xf_slow(p, wod, _mm_cvtss_f32(mfv), xc, xsi, pv, out); /* more than 8 vertices */
}

#else
/* ISO C wants a translation unit to declare something. */
typedef int c2d_raycast_sse_unused;
#endif
