/* GEOS differential test: collide2d's predicates, intersection points and distances against GEOS
 * (C API, reentrant functions), on generated inputs: random, integer-grid, near-collinear (points on
 * a line, then moved by a few ulps) and shared-vertex configurations, each at unit, tiny (1e-6),
 * huge (1e6 and more) scale and far from the origin.
 *
 * Every input is made in c2d_real (float or double build) and handed to GEOS converted to double,
 * which is exact. Each collide2d predicate is mapped onto the DE-9IM relation that means the same:
 *   c2d_segment_overlap_segment / _intersect_segment (closed segments)  GEOSIntersects(line, line)
 *   c2d_polygon_contains_point, c2d_concave_contains_point (open)       relate(poly, point) "T********"
 *   c2d_polygon_overlap_polygon, c2d_concave_overlap_concave (open)     relate(a, b) "T********"
 * Distances (c2d_segment_distance, c2d_shape_distance on polygon pairs) are compared with a long
 * double reference (0 when GEOS says the closed shapes intersect, else the smallest endpoint-to-
 * segment distance) and must agree within DIST_ULPS * C2D_EPSILON * M, M the largest absolute input
 * coordinate of the case. A point from c2d_segment_intersect_segment must lie within
 * POINT_ULPS * C2D_EPSILON * M of both segments (long double distance), and for a proper crossing
 * near GEOSIntersection's point (the bound grows as 1/sin of the crossing angle, the conditioning of
 * the crossing point).
 *
 * Usage: geos_diff [--cases N] [--seed S] [--only I] [--show N]
 *   Each case i draws from its own generator seeded by (S, i): --only I reruns case I alone.
 * Exit status: 0 when every predicate agrees and every distance and point is within its bound. */
#include <collide2d.h>
#include <geos_c.h>

#include <float.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef c2d_real R;
typedef long double LD;

/* Bounds, in units of C2D_EPSILON times the largest absolute coordinate of the case. */
#define POINT_ULPS 4.0L /* intersection point to each segment */
#define DIST_ULPS 16.0L /* c2d_segment_distance and c2d_shape_distance against the reference */

#ifdef C2D_DOUBLE
#  define BUILD_NAME "double"
#  define NEXT_R nextafter
#  define HUGE_EXP_MAX 12.0
#  define FAR_EXP_MIN 6.0
#  define FAR_EXP_MAX 12.0
#else
#  define BUILD_NAME "float"
#  define NEXT_R nextafterf
#  define HUGE_EXP_MAX 10.0
#  define FAR_EXP_MIN 3.0
#  define FAR_EXP_MAX 6.5
#endif

/* ---------------------------------------------------------------- RNG (splitmix64) */
typedef struct rng {
    uint64_t s;
} rng;
static uint64_t rng_next(rng *r) {
    uint64_t z = (r->s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}
static double rng_unit(rng *r) { return (double)(rng_next(r) >> 11) * 0x1.0p-53; }
static double urange(rng *r, double lo, double hi) { return lo + (hi - lo) * rng_unit(r); }
static int irange(rng *r, int lo, int hi) { return lo + (int)(rng_next(r) % (uint64_t)(hi - lo + 1)); }

/* ---------------------------------------------------------------- categories */
enum { T_SEG,
       T_PT_CONVEX,
       T_PT_CONCAVE,
       T_CONVEX_PAIR,
       T_CONCAVE_PAIR,
       T_COUNT };
static const char *const test_name[T_COUNT] = {"segment-segment", "point-in-convex", "point-in-concave",
                                               "convex-pair", "concave-pair"};
enum { K_RANDOM,
       K_GRID,
       K_COLLINEAR,
       K_SHARED,
       K_COUNT };
static const char *const kind_name[K_COUNT] = {"random", "grid", "near-collinear", "shared"};
enum { F_UNIT,
       F_TINY,
       F_HUGE,
       F_FAR,
       F_COUNT };
static const char *const frame_name[F_COUNT] = {"unit", "tiny", "huge", "far"};

/* What is compared; each row is counted separately. */
enum {
    C_SEG_OVERLAP,    /* c2d_segment_overlap_segment vs GEOSIntersects */
    C_SEG_INTERSECT,  /* c2d_segment_intersect_segment's bool vs GEOSIntersects */
    C_SEG_POINT,      /* its point within POINT_ULPS of both segments */
    C_SEG_POINT_GEOS, /* its point near GEOSIntersection's point (proper crossings) */
    C_SEG_DIST,       /* c2d_segment_distance vs reference */
    C_PT_CONVEX,      /* c2d_polygon_contains_point vs relate T******** */
    C_PT_CONCAVE,     /* c2d_concave_contains_point vs relate T******** */
    C_CONVEX_PAIR,    /* c2d_polygon_overlap_polygon vs relate T******** */
    C_CONVEX_DIST,    /* c2d_shape_distance (polygons) vs reference */
    C_CONCAVE_PAIR,   /* c2d_concave_overlap_concave vs relate T******** */
    C_CMP_COUNT
};
static const char *const cmp_name[C_CMP_COUNT] = {
    "segment overlap (closed) vs GEOSIntersects", "segment intersect bool vs GEOSIntersects",
    "intersection point within 4 ulps of both segments", "intersection point vs GEOSIntersection",
    "segment distance within 16 ulps", "point in convex polygon (open) vs relate T********",
    "point in concave polygon (open) vs relate T********", "convex pair interiors vs relate T********",
    "convex pair c2d_shape_distance within 16 ulps", "concave pair interiors vs relate T********"};
static const int cmp_is_predicate[C_CMP_COUNT] = {1, 1, 0, 0, 0, 1, 1, 1, 0, 1};

static long long n_cases[T_COUNT][K_COUNT], n_skipped[T_COUNT][K_COUNT];
static long long n_cmp[C_CMP_COUNT][K_COUNT], n_bad[C_CMP_COUNT][K_COUNT];
static long long n_bad_yes[C_CMP_COUNT], n_bad_no[C_CMP_COUNT]; /* c2d says yes / no against GEOS */
static long long n_bad_frame[C_CMP_COUNT][F_COUNT];
static LD worst_ulps[C_CMP_COUNT];
static long long n_geos_vs_ref_dist;     /* GEOSDistance away from the long double reference (sanity) */
static long long n_relate_vs_orient;     /* GEOS relate against the verdict from GEOS's orientation test (sanity) */
static long long n_hull_not_strict;      /* c2d_polygon_make hulls with a vertex not a strict left turn */
static long long n_concave_geos_invalid; /* c2d_concave_make accepted, GEOSisValid refused (skipped) */
static int show_max = 8;
static int shown[C_CMP_COUNT];

static long long g_case; /* the case running (negative: a fixed case) */

/* ---------------------------------------------------------------- GEOS helpers */
static GEOSContextHandle_t G;
static long long n_geos_exceptions, n_geos_exc_test[T_COUNT];
static void geos_error(const char *message, void *user) {
    (void)user;
    if (n_geos_exceptions < 5) printf("GEOS: %s\n", message);
}
static void geos_notice(const char *message, void *user) {
    (void)message;
    (void)user;
} /* isValid's reasons */
static GEOSGeometry *g_line(c2d_vec2 a, c2d_vec2 b) {
    double buf[4] = {(double)a.x, (double)a.y, (double)b.x, (double)b.y};
    return GEOSGeom_createLineString_r(G, GEOSCoordSeq_copyFromBuffer_r(G, buf, 2, 0, 0));
}
static GEOSGeometry *g_point(c2d_vec2 p) { return GEOSGeom_createPointFromXY_r(G, (double)p.x, (double)p.y); }
static GEOSGeometry *g_poly(const c2d_vec2 *v, int n) {
    double buf[2 * 65];
    int i;
    for (i = 0; i <= n; i++) {
        buf[2 * i] = (double)v[i % n].x;
        buf[2 * i + 1] = (double)v[i % n].y;
    }
    return GEOSGeom_createPolygon_r(G, GEOSGeom_createLinearRing_r(G, GEOSCoordSeq_copyFromBuffer_r(G, buf, (unsigned)n + 1, 0, 0)),
                                    NULL, 0);
}
/* A GEOS exception (GEOS's own robustness failure, e.g. a TopologyException in relate) makes the
 * case count as refused by GEOS: it is counted, its first few printed, and it is not compared. */
static int g_exception;
static int g_check(char c, const char *what) {
    if (c == 2) {
        if (n_geos_exceptions < 5) printf("GEOS exception in %s (case %lld); the case is not compared\n", what, g_case);
        g_exception = 1;
        return 0;
    }
    return c;
}
static int g_orient(c2d_vec2 a, c2d_vec2 b, c2d_vec2 c) {
    return GEOSOrientationIndex_r(G, (double)a.x, (double)a.y, (double)b.x, (double)b.y, (double)c.x, (double)c.y);
}

/* ---------------------------------------------------------------- long double geometry (reference) */
static LD ld_point_segment(c2d_vec2 p, c2d_vec2 a, c2d_vec2 b) {
    LD dx = (LD)b.x - (LD)a.x, dy = (LD)b.y - (LD)a.y, px = (LD)p.x - (LD)a.x, py = (LD)p.y - (LD)a.y;
    LD l2 = dx * dx + dy * dy, t = l2 > 0 ? (px * dx + py * dy) / l2 : 0;
    if (t < 0) t = 0;
    if (t > 1) t = 1;
    px -= t * dx;
    py -= t * dy;
    return sqrtl(px * px + py * py);
}
/* Distance of two closed segments known (from GEOS) not to intersect: an endpoint is nearest. */
static LD ld_segment_segment(c2d_vec2 a1, c2d_vec2 a2, c2d_vec2 b1, c2d_vec2 b2) {
    LD d = ld_point_segment(a1, b1, b2), e;
    if ((e = ld_point_segment(a2, b1, b2)) < d) d = e;
    if ((e = ld_point_segment(b1, a1, a2)) < d) d = e;
    if ((e = ld_point_segment(b2, a1, a2)) < d) d = e;
    return d;
}
static LD absmax(const c2d_vec2 *v, int n, LD m) {
    int i;
    for (i = 0; i < n; i++) {
        if (fabsl((LD)v[i].x) > m) m = fabsl((LD)v[i].x);
        if (fabsl((LD)v[i].y) > m) m = fabsl((LD)v[i].y);
    }
    return m;
}

/* ---------------------------------------------------------------- input generation */
typedef struct frame {
    int f;
    double s, ox, oy;
} frame;

static frame make_frame(rng *r, int kind) {
    frame fr;
    fr.f = irange(r, 0, F_COUNT - 1);
    fr.ox = fr.oy = 0;
    switch (fr.f) {
    case F_UNIT: fr.s = kind == K_GRID ? 1 : urange(r, 0.5, 20); break;
    case F_TINY: fr.s = kind == K_GRID ? 0x1p-20 : 1e-6 * urange(r, 0.5, 2); break;
    case F_HUGE: fr.s = kind == K_GRID ? 0x1p20 : pow(10, urange(r, 6, HUGE_EXP_MAX)); break;
    default:
        /* the shapes 1/1000 to 1/3 of their distance from the origin across: smaller ones are
         * so coarsely quantized in float that every product is exact */
        fr.ox = (rng_next(r) & 1 ? 1 : -1) * pow(10, urange(r, FAR_EXP_MIN, FAR_EXP_MAX));
        fr.oy = (rng_next(r) & 1 ? 1 : -1) * pow(10, urange(r, FAR_EXP_MIN, FAR_EXP_MAX));
        fr.s = kind == K_GRID ? 1 : fabs(fr.ox) * pow(10, urange(r, -3, -0.5));
        if (kind == K_GRID) {
            fr.ox = floor(fr.ox);
            fr.oy = floor(fr.oy);
        }
        break;
    }
    return fr;
}
static c2d_vec2 map(const frame *fr, double ux, double uy) {
    return c2d_v2((R)((LD)fr->ox + (LD)fr->s * ux), (R)((LD)fr->oy + (LD)fr->s * uy));
}
static R nudge(R x, int k) {
    for (; k > 0; k--) x = NEXT_R(x, (R)INFINITY);
    for (; k < 0; k++) x = NEXT_R(x, -(R)INFINITY);
    return x;
}
static c2d_vec2 nudge2(rng *r, c2d_vec2 p, int ulps) {
    return c2d_v2(nudge(p.x, irange(r, -ulps, ulps)), nudge(p.y, irange(r, -ulps, ulps)));
}
/* a + t (b - a), computed in long double and rounded once. */
static c2d_vec2 lerp_round(c2d_vec2 a, c2d_vec2 b, LD t) {
    return c2d_v2((R)((LD)a.x + t * ((LD)b.x - (LD)a.x)), (R)((LD)a.y + t * ((LD)b.y - (LD)a.y)));
}
static c2d_vec2 rand_point(rng *r, const frame *fr, int kind) {
    if (kind == K_GRID) return map(fr, irange(r, -6, 6), irange(r, -6, 6));
    return map(fr, urange(r, -1, 1), urange(r, -1, 1));
}
static int veq(c2d_vec2 a, c2d_vec2 b) { return a.x == b.x && a.y == b.y; }

/* Segment pair (the fixed cases aside). */
static void gen_segments(rng *r, const frame *fr, int kind, c2d_vec2 s[4]) {
    int i;
    if (kind == K_RANDOM || kind == K_GRID) {
        for (i = 0; i < 4; i++) s[i] = rand_point(r, fr, kind);
    } else if (kind == K_COLLINEAR) {
        double cx = urange(r, -1, 1), cy = urange(r, -1, 1), ang = urange(r, 0, 6.283185307179586);
        double dx = cos(ang), dy = sin(ang);
        int ulps = irange(r, 0, 3);
        for (i = 0; i < 4; i++) {
            double t = urange(r, -1, 1);
            s[i] = nudge2(r, map(fr, cx + t * dx, cy + t * dy), ulps);
        }
    } else { /* shared: an endpoint, a T-junction, a reversed or sub-segment */
        s[0] = rand_point(r, fr, K_RANDOM);
        s[1] = rand_point(r, fr, K_RANDOM);
        switch (irange(r, 0, 4)) {
        case 0:
            s[2] = s[irange(r, 0, 1)];
            s[3] = rand_point(r, fr, K_RANDOM);
            break;
        case 1:
            s[2] = lerp_round(s[0], s[1], urange(r, 0, 1));
            s[3] = rand_point(r, fr, K_RANDOM);
            break;
        case 2:
            s[2] = s[1];
            s[3] = s[0];
            break;
        case 3:
            s[2] = s[irange(r, 0, 1)];
            s[3] = lerp_round(s[0], s[1], urange(r, -1, 2));
            break;
        default:
            s[2] = lerp_round(s[0], s[1], urange(r, -0.5, 1.5));
            s[3] = lerp_round(s[0], s[1], urange(r, -0.5, 1.5));
            break;
        }
        if (rng_next(r) & 1) {
            c2d_vec2 t = s[2];
            s[2] = s[3];
            s[3] = t;
        }
    }
}

/* Convex polygon from a point cloud in normalized coordinates (shifted by (sx, sy)). */
static int convex_made(const c2d_vec2 *pts, int n, c2d_polygon *out) {
    int i;
    if (c2d_polygon_make(pts, n, out) != C2D_OK) return 0;
    for (i = 0; i < out->count; i++)
        if (g_orient(out->vertices[i], out->vertices[(i + 1) % out->count], out->vertices[(i + 2) % out->count]) <= 0) {
            n_hull_not_strict++;
            break;
        }
    return 1;
}
static int gen_convex(rng *r, const frame *fr, int kind, double sx, double sy, c2d_polygon *out) {
    c2d_vec2 pts[C2D_MAX_POLYGON_VERTICES];
    int n = irange(r, 3, C2D_MAX_POLYGON_VERTICES), i;
    for (i = 0; i < n; i++) {
        if (kind == K_GRID) pts[i] = map(fr, sx + irange(r, -4, 4), sy + irange(r, -4, 4));
        else pts[i] = map(fr, sx + urange(r, -1, 1), sy + urange(r, -1, 1));
    }
    return convex_made(pts, n, out);
}
/* Star-shaped simple polygon, either winding. */
#define MAX_CONCAVE 16
static int gen_concave(rng *r, const frame *fr, int kind, double sx, double sy, c2d_vec2 *v, int *count) {
    double ang[MAX_CONCAVE];
    int n = irange(r, 4, 12), i, j;
    for (i = 0; i < n; i++) ang[i] = urange(r, 0, 6.283185307179586);
    for (i = 1; i < n; i++) /* insertion sort */
        for (j = i; j > 0 && ang[j - 1] > ang[j]; j--) {
            double t = ang[j];
            ang[j] = ang[j - 1];
            ang[j - 1] = t;
        }
    for (i = 0; i < n; i++) {
        double rad = urange(r, 0.25, 1);
        if (kind == K_GRID) v[i] = map(fr, sx + floor(6 * rad * cos(ang[i]) + 0.5), sy + floor(6 * rad * sin(ang[i]) + 0.5));
        else v[i] = map(fr, sx + rad * cos(ang[i]), sy + rad * sin(ang[i]));
    }
    if (rng_next(r) & 1)
        for (i = 0; i < n / 2; i++) {
            c2d_vec2 t = v[i];
            v[i] = v[n - 1 - i];
            v[n - 1 - i] = t;
        }
    *count = n;
    return 1;
}
/* Orders points by angle around their average (a star-shaped polygon when they are spread out). */
static void sort_around(c2d_vec2 *v, int n) {
    double cx = 0, cy = 0, key[MAX_CONCAVE];
    int i, j;
    for (i = 0; i < n; i++) {
        cx += (double)v[i].x / n;
        cy += (double)v[i].y / n;
    }
    for (i = 0; i < n; i++) key[i] = atan2((double)v[i].y - cy, (double)v[i].x - cx);
    for (i = 1; i < n; i++)
        for (j = i; j > 0 && key[j - 1] > key[j]; j--) {
            double k = key[j];
            c2d_vec2 t = v[j];
            key[j] = key[j - 1];
            v[j] = v[j - 1];
            key[j - 1] = k;
            v[j - 1] = t;
        }
}
/* A query point against polygon vertices v[0..n). */
static c2d_vec2 gen_query_point(rng *r, const frame *fr, int kind, const c2d_vec2 *v, int n) {
    int i = irange(r, 0, n - 1);
    c2d_vec2 a = v[i], b = v[(i + 1) % n];
    switch (kind) {
    case K_GRID: return map(fr, irange(r, -6, 6), irange(r, -6, 6));
    case K_COLLINEAR: return nudge2(r, lerp_round(a, b, urange(r, -0.2, 1.2)), irange(r, 0, 2));
    case K_SHARED: return (rng_next(r) & 1) ? a : lerp_round(a, b, 0.5L);
    default: {
        LD lx = v[0].x, hx = v[0].x, ly = v[0].y, hy = v[0].y, t;
        int k;
        for (k = 1; k < n; k++) {
            if (v[k].x < lx) lx = v[k].x;
            if (v[k].x > hx) hx = v[k].x;
            if (v[k].y < ly) ly = v[k].y;
            if (v[k].y > hy) hy = v[k].y;
        }
        t = (LD)urange(r, -0.1, 1.1);
        lx = lx + t * (hx - lx);
        t = (LD)urange(r, -0.1, 1.1);
        ly = ly + t * (hy - ly);
        return c2d_v2((R)lx, (R)ly);
    }
    }
}
/* Points for a second polygon beside edge i of v (near-collinear: the edge's ends moved by a few
 * ulps; shared: the edge's ends exactly), plus points on its outer side (or anywhere). */
static int gen_beside(rng *r, const frame *fr, int kind, const c2d_vec2 *v, int n, c2d_vec2 *out, int max) {
    int i = irange(r, 0, n - 1), m = 0, k, extra;
    c2d_vec2 a = v[i], b = v[(i + 1) % n];
    LD ex = (LD)b.x - (LD)a.x, ey = (LD)b.y - (LD)a.y;
    LD sgn;
    /* outward side: away from the polygon's vertex average */
    LD cx = 0, cy = 0;
    for (k = 0; k < n; k++) {
        cx += v[k].x;
        cy += v[k].y;
    }
    cx /= n;
    cy /= n;
    sgn = (ex * (cy - (LD)a.y) - ey * (cx - (LD)a.x)) > 0 ? -1 : 1; /* sign of left normal pointing out */
    if (kind == K_COLLINEAR) {
        int ulps = irange(r, 0, 3);
        if (rng_next(r) & 1) {
            out[m++] = nudge2(r, a, ulps);
            out[m++] = nudge2(r, b, ulps);
        } else { /* slid along the edge's line */
            out[m++] = nudge2(r, lerp_round(a, b, urange(r, -0.5, 0.9)), ulps);
            out[m++] = nudge2(r, lerp_round(a, b, urange(r, 0.1, 1.5)), ulps);
        }
    } else {
        out[m++] = a;
        if (rng_next(r) & 1) out[m++] = b;
    }
    extra = irange(r, 1, 3) + (m < 2);
    for (k = 0; k < extra && m < max; k++) {
        if (rng_next(r) % 4 == 0) {
            out[m++] = rand_point(r, fr, K_RANDOM);
        } else {
            LD t = (LD)urange(r, -0.3, 1.3), h = sgn * (LD)urange(r, 0.05, 1); /* h edge lengths out */
            out[m++] = c2d_v2((R)((LD)a.x + t * ex - h * ey), (R)((LD)a.y + t * ey + h * ex));
        }
    }
    return m;
}

/* ---------------------------------------------------------------- reporting */
static uint64_t g_seed;
static int g_kind;
static frame g_frame;
static int failures;

static void print_pts(const char *name, const c2d_vec2 *v, int n) {
    int i;
    printf("    %s (%d):", name, n);
    for (i = 0; i < n; i++) printf(" (%a, %a)", (double)v[i].x, (double)v[i].y);
    printf("\n     = ");
    for (i = 0; i < n; i++) printf(" (%.9g, %.9g)", (double)v[i].x, (double)v[i].y);
    printf("\n");
}
/* Records a comparison; returns 1 when the detail should be printed. */
static int record(int c, int bad, int c2d_yes) {
    if (g_exception) return 0;
    n_cmp[c][g_kind]++;
    if (!bad) return 0;
    n_bad[c][g_kind]++;
    n_bad_frame[c][g_frame.f]++;
    if (c2d_yes) n_bad_yes[c]++;
    else n_bad_no[c]++;
    failures++;
    if (shown[c] >= show_max) return 0;
    shown[c]++;
    printf("DISAGREE [%s] case %lld (rerun: --seed %" PRIu64 " --only %lld), %s input, %s frame (scale %g, offset %g, %g):\n",
           cmp_name[c], g_case, g_seed, g_case, g_case < 0 ? "fixed" : kind_name[g_kind], frame_name[g_frame.f], g_frame.s,
           g_frame.ox, g_frame.oy);
    return 1;
}
static void note_ulps(int c, LD u) {
    if (u > worst_ulps[c]) worst_ulps[c] = u;
}

/* ---------------------------------------------------------------- the comparisons */
static void check_segments(const c2d_vec2 s[4]) {
    c2d_segment a, b;
    GEOSGeometry *ga, *gb;
    int geos, ov, is;
    c2d_vec2 p;
    R fa;
    LD M = absmax(s, 4, 0), unit = (LD)C2D_EPSILON * M, ref, d;
    c2d_segment_distance_result sd;

    a.p1 = s[0];
    a.p2 = s[1];
    b.p1 = s[2];
    b.p2 = s[3];
    ga = g_line(a.p1, a.p2);
    gb = g_line(b.p1, b.p2);
    geos = g_check(GEOSIntersects_r(G, ga, gb), "Intersects");

    ov = c2d_segment_overlap_segment(a, b);
    if (record(C_SEG_OVERLAP, ov != geos, ov)) {
        print_pts("a", s, 2);
        print_pts("b", s + 2, 2);
        printf("    c2d_segment_overlap_segment = %d, GEOSIntersects = %d\n", ov, geos);
    }
    is = c2d_segment_intersect_segment(a, b, &p, &fa);
    if (record(C_SEG_INTERSECT, is != geos, is)) {
        print_pts("a", s, 2);
        print_pts("b", s + 2, 2);
        printf("    c2d_segment_intersect_segment = %d, GEOSIntersects = %d\n", is, geos);
        if (is) printf("    its point (%a, %a) = (%.9g, %.9g)\n", (double)p.x, (double)p.y, (double)p.x, (double)p.y);
    }
    if (is) {
        LD da = ld_point_segment(p, a.p1, a.p2), db = ld_point_segment(p, b.p1, b.p2);
        LD worst = (da > db ? da : db) / unit;
        note_ulps(C_SEG_POINT, worst);
        if (record(C_SEG_POINT, !(worst <= POINT_ULPS), 1)) {
            print_pts("a", s, 2);
            print_pts("b", s + 2, 2);
            printf("    point (%a, %a) = (%.9g, %.9g): %.3Lg from a, %.3Lg from b (bound %.3Lg = %g ulps of M=%.9Lg)\n",
                   (double)p.x, (double)p.y, (double)p.x, (double)p.y, da, db, POINT_ULPS * unit, (double)POINT_ULPS, M);
        }
        /* proper crossing: compare with GEOS's point */
        if (geos) {
            int o1 = g_orient(a.p1, a.p2, b.p1), o2 = g_orient(a.p1, a.p2, b.p2);
            int o3 = g_orient(b.p1, b.p2, a.p1), o4 = g_orient(b.p1, b.p2, a.p2);
            if (o1 * o2 < 0 && o3 * o4 < 0) {
                GEOSGeometry *gi = GEOSIntersection_r(G, ga, gb);
                double qx, qy;
                if (gi && GEOSGeomTypeId_r(G, gi) == GEOS_POINT && GEOSGeomGetX_r(G, gi, &qx) && GEOSGeomGetY_r(G, gi, &qy)) {
                    LD ax = (LD)a.p2.x - a.p1.x, ay = (LD)a.p2.y - a.p1.y, bx = (LD)b.p2.x - b.p1.x, by = (LD)b.p2.y - b.p1.y;
                    LD sin_t = fabsl(ax * by - ay * bx) / (sqrtl(ax * ax + ay * ay) * sqrtl(bx * bx + by * by));
                    LD dq = hypotl((LD)p.x - (LD)qx, (LD)p.y - (LD)qy);
                    /* any point within POINT_ULPS of both lines is within POINT_ULPS * 2 / sin of the
                     * crossing; GEOS's own double point adds a few double ulps */
                    LD bound = POINT_ULPS * unit * (1 + 2 / sin_t) + 8 * (LD)DBL_EPSILON * M;
                    note_ulps(C_SEG_POINT_GEOS, dq / (unit * (1 + 2 / sin_t)));
                    if (record(C_SEG_POINT_GEOS, !(dq <= bound), 1)) {
                        print_pts("a", s, 2);
                        print_pts("b", s + 2, 2);
                        printf("    c2d point (%a, %a), GEOS point (%a, %a): %.3Lg apart, bound %.3Lg (sin of angle %.3Lg)\n",
                               (double)p.x, (double)p.y, qx, qy, dq, bound, sin_t);
                    }
                }
                if (gi) GEOSGeom_destroy_r(G, gi);
            }
        }
    }
    /* distance */
    ref = geos ? 0 : ld_segment_segment(a.p1, a.p2, b.p1, b.p2);
    {
        double gd;
        if (GEOSDistance_r(G, ga, gb, &gd) && fabsl((LD)gd - ref) > 8 * (LD)DBL_EPSILON * M + 4 * (LD)LDBL_EPSILON * M)
            n_geos_vs_ref_dist++;
    }
    sd = c2d_segment_distance(a, b);
    d = sqrtl((LD)sd.distance_squared);
    note_ulps(C_SEG_DIST, fabsl(d - ref) / unit);
    if (record(C_SEG_DIST, !(fabsl(d - ref) <= DIST_ULPS * unit), d < ref)) {
        print_pts("a", s, 2);
        print_pts("b", s + 2, 2);
        printf("    c2d_segment_distance = %.9Lg (squared %a), reference %.9Lg (GEOS intersects %d), bound %.3Lg\n", d,
               (double)sd.distance_squared, ref, geos, DIST_ULPS * unit);
    }
    GEOSGeom_destroy_r(G, ga);
    GEOSGeom_destroy_r(G, gb);
}

static int relate_interiors(const GEOSGeometry *x, const GEOSGeometry *y) {
    return g_check(GEOSRelatePattern_r(G, x, y, "T********"), "RelatePattern");
}

static void check_point_convex(const c2d_polygon *poly, c2d_vec2 p) {
    GEOSGeometry *gp = g_poly(poly->vertices, poly->count), *gq = g_point(p);
    int geos = relate_interiors(gp, gq), c = c2d_polygon_contains_point(poly, p), i, inside = 1;
    for (i = 0; i < poly->count; i++) /* CCW hull: strictly left of every edge */
        if (g_orient(poly->vertices[i], poly->vertices[(i + 1) % poly->count], p) <= 0) inside = 0;
    if (!g_exception && inside != geos) {
        n_relate_vs_orient++;
        printf("SANITY: point-in-convex relate %d, orientation %d (case %lld)\n", geos, inside, g_case);
    }
    if (record(C_PT_CONVEX, c != geos, c)) {
        print_pts("polygon", poly->vertices, poly->count);
        print_pts("point", &p, 1);
        printf("    c2d_polygon_contains_point = %d, GEOS interior = %d\n", c, geos);
    }
    GEOSGeom_destroy_r(G, gp);
    GEOSGeom_destroy_r(G, gq);
}

static int concave_ok(const c2d_vec2 *v, int n, c2d_concave *out, GEOSGeometry **g) {
    if (c2d_concave_make(v, n, out) != C2D_OK) return 0;
    *g = g_poly(v, n);
    if (g_check(GEOSisValid_r(G, *g), "isValid") != 1) { /* c2d accepted a polygon GEOS calls invalid: skip */
        n_concave_geos_invalid++;
        GEOSGeom_destroy_r(G, *g);
        return 0;
    }
    return 1;
}

static void check_point_concave(const c2d_vec2 *v, int n, const c2d_concave *cc, GEOSGeometry *gp, c2d_vec2 p) {
    GEOSGeometry *gq = g_point(p);
    int geos = relate_interiors(gp, gq), c = c2d_concave_contains_point(cc, p);
    if (record(C_PT_CONCAVE, c != geos, c)) {
        print_pts("concave", v, n);
        print_pts("point", &p, 1);
        printf("    c2d_concave_contains_point = %d, GEOS interior = %d\n", c, geos);
    }
    GEOSGeom_destroy_r(G, gq);
}

static void check_convex_pair(const c2d_polygon *pa, const c2d_polygon *pb) {
    GEOSGeometry *ga = g_poly(pa->vertices, pa->count), *gb = g_poly(pb->vertices, pb->count);
    int geos = relate_interiors(ga, gb), c = c2d_polygon_overlap_polygon(pa, pb);
    int touch = g_check(GEOSIntersects_r(G, ga, gb), "Intersects");
    LD M = absmax(pb->vertices, pb->count, absmax(pa->vertices, pa->count, 0)), unit = (LD)C2D_EPSILON * M, ref, d;
    c2d_shape sa = c2d_shape_from_polygon(pa), sb = c2d_shape_from_polygon(pb);
    c2d_distance_result dr;
    int i, j;

    /* Separating axis with GEOS's orientation test: the interiors of two convex polygons are
     * disjoint exactly when every vertex of one lies on or right of some edge of the other. */
    {
        int sep = 0, pass;
        for (pass = 0; pass < 2 && !sep; pass++) {
            const c2d_polygon *e = pass ? pb : pa, *o = pass ? pa : pb;
            for (i = 0; i < e->count && !sep; i++) {
                int all = 1;
                for (j = 0; j < o->count && all; j++)
                    if (g_orient(e->vertices[i], e->vertices[(i + 1) % e->count], o->vertices[j]) > 0) all = 0;
                sep = all;
            }
        }
        if (!g_exception && sep == geos) {
            n_relate_vs_orient++;
            printf("SANITY: convex pair relate %d, separating axis %d (case %lld)\n", geos, !sep, g_case);
        }
    }
    if (record(C_CONVEX_PAIR, c != geos, c)) {
        print_pts("A", pa->vertices, pa->count);
        print_pts("B", pb->vertices, pb->count);
        printf("    c2d_polygon_overlap_polygon = %d, GEOS interiors intersect = %d (closed intersect %d)\n", c, geos, touch);
    }
    if (touch) {
        ref = 0;
    } else {
        ref = INFINITY;
        for (i = 0; i < pa->count; i++)
            for (j = 0; j < pb->count; j++) {
                LD e = ld_segment_segment(pa->vertices[i], pa->vertices[(i + 1) % pa->count], pb->vertices[j],
                                          pb->vertices[(j + 1) % pb->count]);
                if (e < ref) ref = e;
            }
    }
    {
        double gd;
        if (GEOSDistance_r(G, ga, gb, &gd) && fabsl((LD)gd - ref) > 8 * (LD)DBL_EPSILON * M + 4 * (LD)LDBL_EPSILON * M)
            n_geos_vs_ref_dist++;
    }
    dr = c2d_shape_distance(&sa, &sb);
    d = (LD)dr.distance;
    note_ulps(C_CONVEX_DIST, fabsl(d - ref) / unit);
    if (record(C_CONVEX_DIST, dr.status != C2D_DISTANCE_OK || !(fabsl(d - ref) <= DIST_ULPS * unit), d < ref)) {
        print_pts("A", pa->vertices, pa->count);
        print_pts("B", pb->vertices, pb->count);
        printf("    c2d_shape_distance = %.9Lg (status %d), reference %.9Lg (GEOS intersects %d), bound %.3Lg\n", d,
               (int)dr.status, ref, touch, DIST_ULPS * unit);
    }
    GEOSGeom_destroy_r(G, ga);
    GEOSGeom_destroy_r(G, gb);
}

static void check_concave_pair(const c2d_vec2 *va, int na, const c2d_concave *ca, GEOSGeometry *ga, const c2d_vec2 *vb, int nb,
                               const c2d_concave *cb, GEOSGeometry *gb) {
    int geos = relate_interiors(ga, gb), c = c2d_concave_overlap_concave(ca, cb);
    if (record(C_CONCAVE_PAIR, c != geos, c)) {
        print_pts("A", va, na);
        print_pts("B", vb, nb);
        printf("    c2d_concave_overlap_concave = %d, GEOS interiors intersect = %d\n", c, geos);
    }
}

/* ---------------------------------------------------------------- one case */
static void run_case(uint64_t seed, long long i) {
    rng r;
    int t = (int)(i % T_COUNT), kind;
    r.s = seed ^ ((uint64_t)i * 0xD1B54A32D192ED03ull);
    rng_next(&r);
    kind = irange(&r, 0, K_COUNT - 1);
    g_case = i;
    g_kind = kind;
    g_frame = make_frame(&r, kind);
    n_cases[t][kind]++;
    g_exception = 0;
    switch (t) {
    case T_SEG: {
        c2d_vec2 s[4];
        gen_segments(&r, &g_frame, kind, s);
        if (veq(s[0], s[1]) || veq(s[2], s[3])) {
            n_skipped[t][kind]++;
            return;
        } /* zero length */
        check_segments(s);
        break;
    }
    case T_PT_CONVEX: {
        c2d_polygon poly;
        if (!gen_convex(&r, &g_frame, kind, 0, 0, &poly)) {
            n_skipped[t][kind]++;
            return;
        }
        check_point_convex(&poly, gen_query_point(&r, &g_frame, kind, poly.vertices, poly.count));
        break;
    }
    case T_PT_CONCAVE: {
        c2d_vec2 v[MAX_CONCAVE];
        int n;
        c2d_concave cc;
        GEOSGeometry *gp;
        gen_concave(&r, &g_frame, kind, 0, 0, v, &n);
        if (!concave_ok(v, n, &cc, &gp)) {
            n_skipped[t][kind]++;
            return;
        }
        check_point_concave(v, n, &cc, gp, gen_query_point(&r, &g_frame, kind, v, n));
        GEOSGeom_destroy_r(G, gp);
        break;
    }
    case T_CONVEX_PAIR: {
        c2d_polygon pa, pb;
        if (!gen_convex(&r, &g_frame, kind, 0, 0, &pa)) {
            n_skipped[t][kind]++;
            return;
        }
        if (kind == K_RANDOM || kind == K_GRID) {
            double sh = kind == K_GRID ? 6 : 1.5;
            double sx = urange(&r, -sh, sh), sy = urange(&r, -sh, sh);
            if (kind == K_GRID) {
                sx = floor(sx);
                sy = floor(sy);
            }
            if (!gen_convex(&r, &g_frame, kind, sx, sy, &pb)) {
                n_skipped[t][kind]++;
                return;
            }
        } else {
            c2d_vec2 pts[C2D_MAX_POLYGON_VERTICES];
            int m = gen_beside(&r, &g_frame, kind, pa.vertices, pa.count, pts, C2D_MAX_POLYGON_VERTICES);
            if (!convex_made(pts, m, &pb)) {
                n_skipped[t][kind]++;
                return;
            }
        }
        check_convex_pair(&pa, &pb);
        break;
    }
    default: {
        c2d_vec2 va[MAX_CONCAVE], vb[MAX_CONCAVE];
        int na, nb;
        c2d_concave ca, cb;
        GEOSGeometry *ga, *gb;
        gen_concave(&r, &g_frame, kind, 0, 0, va, &na);
        if (!concave_ok(va, na, &ca, &ga)) {
            n_skipped[t][kind]++;
            return;
        }
        if (kind == K_RANDOM || kind == K_GRID) {
            double sx = urange(&r, -1.5, 1.5), sy = urange(&r, -1.5, 1.5);
            if (kind == K_GRID) {
                sx = floor(6 * sx);
                sy = floor(6 * sy);
            }
            gen_concave(&r, &g_frame, kind, sx, sy, vb, &nb);
        } else {
            nb = gen_beside(&r, &g_frame, kind, va, na, vb, 5);
            if (nb < 3) vb[nb++] = rand_point(&r, &g_frame, K_RANDOM);
            sort_around(vb, nb);
        }
        if (!concave_ok(vb, nb, &cb, &gb)) {
            GEOSGeom_destroy_r(G, ga);
            n_skipped[t][kind]++;
            return;
        }
        check_concave_pair(va, na, &ca, ga, vb, nb, &cb, gb);
        GEOSGeom_destroy_r(G, ga);
        GEOSGeom_destroy_r(G, gb);
        break;
    }
    }
    if (g_exception) {
        n_geos_exceptions++;
        n_geos_exc_test[t]++;
        n_skipped[t][kind]++;
    }
}

/* Fixed cases: issue 14's bug 1 (nearly collinear segments 0.44 apart said to cross) and bug 2 (a
 * crossing point 0.72 from segment b), as float values (exact in the double build too). */
static void run_fixed(void) {
    static const float bug1[4][2] = {{2.36603332f, 1.87543225f}, {-8.67180157f, -2.20856667f}, {-9.08526993f, -2.36154985f}, {-9.39965916f, -2.4778738f}};
    static const float bug2[4][2] = {{6.04322863f, 4.20820236f}, {8.53342533f, -9.88255787f}, {6.41656494f, 2.09568167f}, {5.31770706f, 8.31356049f}};
    c2d_vec2 s[4];
    int k;
    g_exception = 0;
    g_kind = K_COLLINEAR;
    g_frame.f = F_UNIT;
    g_frame.s = 1;
    g_frame.ox = g_frame.oy = 0;
    g_case = -1;
    for (k = 0; k < 4; k++) s[k] = c2d_v2((R)bug1[k][0], (R)bug1[k][1]);
    check_segments(s);
    g_kind = K_RANDOM;
    g_case = -2;
    for (k = 0; k < 4; k++) s[k] = c2d_v2((R)bug2[k][0], (R)bug2[k][1]);
    check_segments(s);
}

int main(int argc, char **argv) {
    long long cases = 1000000, only = -1, i;
    uint64_t seed = (uint64_t)time(NULL);
    int a, c, k, f, fixed_failures;
    clock_t t0 = clock();
    for (a = 1; a < argc; a++) {
        if (!strcmp(argv[a], "--cases") && a + 1 < argc) cases = atoll(argv[++a]);
        else if (!strcmp(argv[a], "--seed") && a + 1 < argc) seed = strtoull(argv[++a], NULL, 0);
        else if (!strcmp(argv[a], "--only") && a + 1 < argc) only = atoll(argv[++a]);
        else if (!strcmp(argv[a], "--show") && a + 1 < argc) show_max = atoi(argv[++a]);
        else {
            fprintf(stderr, "usage: %s [--cases N] [--seed S] [--only I] [--show N]\n", argv[0]);
            return 2;
        }
    }
    if (c2d_is_double() != (sizeof(R) == sizeof(double))) {
        fprintf(stderr, "geos_diff: library and test disagree on C2D_DOUBLE\n");
        return 2;
    }
    G = GEOS_init_r();
    GEOSContext_setNoticeMessageHandler_r(G, geos_notice, NULL);
    GEOSContext_setErrorMessageHandler_r(G, geos_error, NULL);
    g_seed = seed;
    printf("geos_diff (%s build, GEOS %s): seed %" PRIu64 ", %lld cases%s\n", BUILD_NAME, GEOSversion(), seed,
           only >= 0 ? 1LL : cases, only >= 0 ? " (one case rerun)" : "");

    run_fixed();
    fixed_failures = failures;
    printf("fixed cases (issue 14 bugs 1 and 2): %d disagreement(s)\n", fixed_failures);
    if (only >= 0) run_case(seed, only);
    else
        for (i = 0; i < cases; i++) run_case(seed, i);

    printf("\ncases per test and input kind (run / skipped: an input collide2d or GEOS refused):\n");
    printf("  %-18s", "");
    for (k = 0; k < K_COUNT; k++) printf(" %22s", kind_name[k]);
    printf("\n");
    for (c = 0; c < T_COUNT; c++) {
        printf("  %-18s", test_name[c]);
        for (k = 0; k < K_COUNT; k++) printf(" %12lld / %7lld", n_cases[c][k] - n_skipped[c][k], n_skipped[c][k]);
        printf("\n");
    }
    printf("\ncomparisons: disagreements / compared, per input kind; c2d-yes and c2d-no (or too-small and too-large) counts; worst error in ulps of M\n");
    for (c = 0; c < C_CMP_COUNT; c++) {
        long long tot = 0, bad = 0;
        for (k = 0; k < K_COUNT; k++) {
            tot += n_cmp[c][k];
            bad += n_bad[c][k];
        }
        printf("  %-52s %s %lld / %lld  [", cmp_name[c], bad ? "FAIL" : "ok  ", bad, tot);
        for (k = 0; k < K_COUNT; k++) printf("%s%s %lld/%lld", k ? ", " : "", kind_name[k], n_bad[c][k], n_cmp[c][k]);
        printf("]");
        if (bad) {
            printf(cmp_is_predicate[c] ? " c2d yes/GEOS no %lld, c2d no/GEOS yes %lld" : " below %lld, above %lld", n_bad_yes[c], n_bad_no[c]);
            printf(" (frames:");
            for (f = 0; f < F_COUNT; f++) printf(" %s %lld", frame_name[f], n_bad_frame[c][f]);
            printf(")");
        }
        if (!cmp_is_predicate[c]) printf(" worst %.3Lg", worst_ulps[c]);
        printf("\n");
    }
    printf("  (sanity: GEOSDistance beyond 8 double ulps of the long double reference: %lld; GEOS relate against\n"
           "   GEOS orientation (point in convex, separating axis): %lld)\n",
           n_geos_vs_ref_dist, n_relate_vs_orient);
    printf("  (GEOS exceptions, cases not compared and counted as skipped: %lld:", n_geos_exceptions);
    for (c = 0; c < T_COUNT; c++) printf(" %s %lld", test_name[c], n_geos_exc_test[c]);
    printf(")\n");
    printf("  (info, not counted: c2d_polygon_make hulls with a vertex that is not a strict left turn: %lld;\n"
           "   c2d_concave_make accepted a polygon GEOSisValid refuses, skipped: %lld)\n",
           n_hull_not_strict, n_concave_geos_invalid);
    printf("\ngeos_diff (%s): %s, %d disagreement(s) (%d in the fixed cases), %.1f s\n", BUILD_NAME, failures ? "FAIL" : "pass",
           failures, fixed_failures, (double)(clock() - t0) / CLOCKS_PER_SEC);
    GEOS_finish_r(G);
    return failures || n_relate_vs_orient ? 1 : 0;
}
