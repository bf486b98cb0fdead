/* c2d_wasm: the flat C surface that the JavaScript layer calls in the WebAssembly build (and that
 * the native reference program web/native/c2d_ref.c calls, so both run the same code).
 *
 * JavaScript cannot pass C structs, so every shape travels as a short run of doubles in the wasm
 * heap: a kind number, then the kind's numbers (see W_* below). w_decode turns such a run into the
 * library's shape values through the validating constructors, so a malformed or non-finite shape
 * is reported as invalid and then never hits anything, the library's rule for bad input. Results
 * come back as runs of doubles written to an output area the caller owns. Only the broad-phase
 * indexes and the sweep-into arrays allocate; every narrow-phase call works on the stack.
 *
 * The build is double precision (C2D_DOUBLE), so a JavaScript number passes through unchanged. */
#include <stdlib.h>
#include <string.h>
#include <collide2d.h>
#include <collide2d/broadphase.h>

#ifndef C2D_DOUBLE
#  error "c2d_wasm.c is built with C2D_DOUBLE: JavaScript numbers are doubles"
#endif

#include "c2d_wasm.h"

/* ---- the encoded form: one row per shape kind ----
 * A run is the kind number, then, for a kind with a point list, the point count n, then the
 * kind's fixed numbers, then n points (x y each). The kind numbers are the library's
 * c2d_shape_type numbers, so no kind needs translation. A new kind is one row of W_KINDS (with
 * its decode and encode functions) plus one row of SHAPES in web/src/index.js. */
enum { W_POINT = C2D_SHAPE_POINT, W_SEGMENT = C2D_SHAPE_SEGMENT, W_AABB = C2D_SHAPE_AABB, W_CIRCLE = C2D_SHAPE_CIRCLE,
       W_POLYGON = C2D_SHAPE_POLYGON, W_KIND_COUNT = W_ARC + 1 };

static c2d_vec2 w_v(const double *p) { return c2d_v2(p[0], p[1]); }
static const c2d_vec2 *w_points(const double *e, int fixed) { return (const c2d_vec2 *)(const void *)(e + 2 + fixed); }

typedef int w_decode_fn(const double *e, w_shape *s);
/* Writes the run of a shape of the row's kind (kinds in c2d_shape only); returns its length. */
typedef int w_encode_fn(const c2d_shape *s, double *out);

static int w_decode_point(const double *e, w_shape *s) {
    s->convex = c2d_shape_from_point(w_v(e + 1));
    if (!c2d_vec2_is_valid(w_v(e + 1))) return C2D_ERR_NOT_FINITE;
    if (!(C2D_ABS(e[1]) <= C2D_MAX_COORD && C2D_ABS(e[2]) <= C2D_MAX_COORD)) return C2D_ERR_OUT_OF_RANGE;
    return C2D_OK;
}
static int w_encode_point(const c2d_shape *s, double *o) { o[1] = s->as.point.x; o[2] = s->as.point.y; return 3; }

static int w_decode_segment(const double *e, w_shape *s) {
    int st = c2d_segment_make(w_v(e + 1), w_v(e + 3), &s->convex.as.segment);
    s->convex.type = C2D_SHAPE_SEGMENT;
    return st;
}
static int w_encode_segment(const c2d_shape *s, double *o) {
    o[1] = s->as.segment.p1.x; o[2] = s->as.segment.p1.y; o[3] = s->as.segment.p2.x; o[4] = s->as.segment.p2.y;
    return 5;
}

static int w_decode_aabb(const double *e, w_shape *s) {
    int st = c2d_aabb_make(w_v(e + 1), w_v(e + 3), &s->convex.as.aabb);
    s->convex.type = C2D_SHAPE_AABB;
    return st;
}
static int w_encode_aabb(const c2d_shape *s, double *o) {
    o[1] = s->as.aabb.lower.x; o[2] = s->as.aabb.lower.y; o[3] = s->as.aabb.upper.x; o[4] = s->as.aabb.upper.y;
    return 5;
}

static int w_decode_circle(const double *e, w_shape *s) {
    int st = c2d_circle_make(w_v(e + 1), e[3], &s->convex.as.circle);
    s->convex.type = C2D_SHAPE_CIRCLE;
    return st;
}
static int w_encode_circle(const c2d_shape *s, double *o) {
    o[1] = s->as.circle.center.x; o[2] = s->as.circle.center.y; o[3] = s->as.circle.radius;
    return 4;
}

static int w_decode_capsule(const double *e, w_shape *s) {
    int st = c2d_capsule_make(w_v(e + 1), w_v(e + 3), e[5], &s->convex.as.capsule);
    s->convex.type = C2D_SHAPE_CAPSULE;
    return st;
}
static int w_encode_capsule(const c2d_shape *s, double *o) {
    o[1] = s->as.capsule.p1.x; o[2] = s->as.capsule.p1.y; o[3] = s->as.capsule.p2.x; o[4] = s->as.capsule.p2.y;
    o[5] = s->as.capsule.radius;
    return 6;
}

static int w_decode_polygon(const double *e, w_shape *s) {
    int st = c2d_polygon_make(w_points(e, 0), (int)e[1], &s->convex.as.polygon);
    s->convex.type = C2D_SHAPE_POLYGON;
    return st;
}
/* The n vertices of p after the count and `fixed` numbers; returns the run's length. */
static int w_encode_vertices(const c2d_polygon *p, int fixed, double *o) {
    int i;
    o[1] = p->count;
    for (i = 0; i < p->count; i++) {
        o[2 + fixed + 2 * i] = p->vertices[i].x;
        o[3 + fixed + 2 * i] = p->vertices[i].y;
    }
    return 2 + fixed + 2 * p->count;
}
static int w_encode_polygon(const c2d_shape *s, double *o) { return w_encode_vertices(&s->as.polygon, 0, o); }

/* n r points */
static int w_decode_rounded_polygon(const double *e, w_shape *s) {
    int st = c2d_rounded_polygon_make(w_points(e, 1), (int)e[1], e[2], &s->convex.as.rounded_polygon);
    s->convex.type = C2D_SHAPE_ROUNDED_POLYGON;
    return st;
}
static int w_encode_rounded_polygon(const c2d_shape *s, double *o) {
    o[2] = s->as.rounded_polygon.radius;
    return w_encode_vertices(&s->as.rounded_polygon.polygon, 1, o);
}

/* x y rx ry angle */
static int w_decode_ellipse(const double *e, w_shape *s) {
    int st = c2d_ellipse_make(w_v(e + 1), e[3], e[4], e[5], &s->convex.as.ellipse);
    s->convex.type = C2D_SHAPE_ELLIPSE;
    return st;
}
static int w_encode_ellipse(const c2d_shape *s, double *o) {
    const c2d_ellipse *v = &s->as.ellipse;
    o[1] = v->center.x; o[2] = v->center.y; o[3] = v->radii.x; o[4] = v->radii.y;
    o[5] = (v->rotation.s == 0 && v->rotation.c >= 0) ? 0 : c2d_rot_angle(v->rotation);
    return 6;
}

/* x y r start end (a convex wedge: end - start at most pi) */
static int w_decode_wedge(const double *e, w_shape *s) {
    int st = c2d_convex_wedge_make(w_v(e + 1), e[3], e[4], e[5], &s->convex.as.wedge);
    s->convex.type = C2D_SHAPE_WEDGE;
    return st;
}
static int w_encode_wedge(const c2d_shape *s, double *o) {
    const c2d_arc *v = &s->as.wedge;
    o[1] = v->center.x; o[2] = v->center.y; o[3] = v->outer_radius;
    o[4] = v->start_angle; o[5] = v->start_angle + v->sweep_angle;
    return 6;
}

/* n points (a simple polygon, either winding): the outline, which points into the run; w_decode
 * then splits it into the block's pieces (w_concave_pieces) */
static int w_decode_concave(const double *e, w_shape *s) {
    s->convex.type = C2D_SHAPE_CONCAVE;
    if (e[1] > W_MAX_CONCAVE_VERTICES) return C2D_ERR_TOO_MANY_POINTS;
    return c2d_concave_make(w_points(e, 0), (int)e[1], &s->convex.as.concave.outline);
}

/* Where a block's pieces start: after the w_shape, 8-byte aligned (w_shape_size). */
static int w_head_bytes(void) { return (int)((sizeof(w_shape) + 7) / 8 * 8); }

/* Splits the decoded outline of s into the pieces stored after it in its block of `bytes` bytes,
 * the shape at the identity transform (the encoded points are the world frame). */
static int w_concave_pieces(w_shape *s, int bytes) {
    c2d_concave outline = s->convex.as.concave.outline;
    c2d_polygon *pieces = (c2d_polygon *)(void *)((char *)s + w_head_bytes());
    int capacity = bytes > w_head_bytes() ? (bytes - w_head_bytes()) / (int)sizeof(c2d_polygon) : 0;
    return c2d_concave_shape_make(&outline, capacity > 0 ? pieces : NULL, capacity, c2d_transform_identity(),
                                  &s->convex.as.concave);
}

/* x y inner outer start end (inner 0: a sector of any angle) */
static int w_decode_arc(const double *e, w_shape *s) {
    int st = c2d_arc_shape_make(w_v(e + 1), e[3], e[4], e[5], e[6], &s->convex.as.arc);
    s->convex.type = C2D_SHAPE_ARC;
    return st;
}
static int w_encode_arc(const c2d_shape *s, double *o) {
    const c2d_arc *v = &s->as.arc;
    o[1] = v->center.x; o[2] = v->center.y; o[3] = v->inner_radius; o[4] = v->outer_radius;
    o[5] = v->start_angle; o[6] = v->start_angle + v->sweep_angle;
    return 7;
}

typedef struct w_kind {
    int fixed;              /* numbers after the kind (after the count for a kind with points) */
    bool points;            /* a count n and n points follow */
    w_decode_fn *decode;    /* through the library's validating constructor */
    w_encode_fn *encode;    /* the inverse for the kinds in c2d_shape (NULL: none) */
} w_kind;

/* Indexed by kind number. */
static const w_kind W_KINDS[W_KIND_COUNT] = {
    [C2D_SHAPE_POINT] = { 2, false, w_decode_point, w_encode_point },
    [C2D_SHAPE_SEGMENT] = { 4, false, w_decode_segment, w_encode_segment },
    [C2D_SHAPE_AABB] = { 4, false, w_decode_aabb, w_encode_aabb },
    [C2D_SHAPE_CIRCLE] = { 3, false, w_decode_circle, w_encode_circle },
    [C2D_SHAPE_CAPSULE] = { 5, false, w_decode_capsule, w_encode_capsule },
    [C2D_SHAPE_POLYGON] = { 0, true, w_decode_polygon, w_encode_polygon },
    [C2D_SHAPE_ROUNDED_POLYGON] = { 1, true, w_decode_rounded_polygon, w_encode_rounded_polygon },
    [C2D_SHAPE_ELLIPSE] = { 5, false, w_decode_ellipse, w_encode_ellipse },
    [C2D_SHAPE_WEDGE] = { 5, false, w_decode_wedge, w_encode_wedge },
    [W_CONCAVE] = { 0, true, w_decode_concave, NULL },
    [W_ARC] = { 6, false, w_decode_arc, w_encode_arc },
};

static const w_kind *w_kind_of(double k) {
    if (!(k >= 0 && k < W_KIND_COUNT) || k != (int)k || !W_KINDS[(int)k].decode) return NULL;
    return &W_KINDS[(int)k];
}

/* Number of doubles the encoded shape at e occupies, or 0 when the kind or count is unknown. */
int w_encoded_length(const double *e) {
    const w_kind *k = w_kind_of(e[0]);
    double n;
    if (!k) return 0;
    if (!k->points) return 1 + k->fixed;
    n = e[1];
    if (!(n >= 0 && n <= 1e6) || n != (int)n) return 0;
    return 2 + k->fixed + 2 * (int)n;
}

/* Bytes the decoded block of the encoded shape at e needs (0 when malformed). */
int w_shape_bytes(const double *e) {
    int n;
    if (w_encoded_length(e) == 0) return 0;
    if (e[0] != W_CONCAVE || e[1] > W_MAX_CONCAVE_VERTICES) return w_head_bytes();
    n = (int)e[1];
    return w_head_bytes() + (n > 2 ? n - 2 : 0) * (int)sizeof(c2d_polygon); /* at most n - 2 pieces */
}

/* Decodes one shape into the block s of `bytes` bytes through the library's constructors; returns
 * C2D_OK, the constructor's error, or W_BAD_ENCODING. */
int w_decode(const double *e, w_shape *s, int bytes) {
    const w_kind *k = w_kind_of(e[0]);
    int st;
    memset(s, 0, sizeof *s);
    if (!k || w_encoded_length(e) == 0) return W_BAD_ENCODING;
    s->kind = (int)e[0];
    st = k->decode(e, s);
    if (st == C2D_OK && s->kind == W_CONCAVE) st = w_concave_pieces(s, bytes);
    return st;
}

/* The two static blocks of w_decode_tmp: a convex kind uses w_tmp_head, a concave polygon the
 * grown block (freed never: the next concave reuses it). */
static w_shape w_tmp_head[2];
static w_shape *w_tmp_block[2];
static int w_tmp_bytes[2];

int w_decode_tmp(const double *e, int slot, w_shape **out) {
    int need = w_shape_bytes(e);
    *out = &w_tmp_head[slot];
    if (need <= (int)sizeof(w_shape)) return w_decode(e, *out, (int)sizeof(w_shape));
    if (need > w_tmp_bytes[slot]) {
        w_shape *p = (w_shape *)realloc(w_tmp_block[slot], (size_t)need);
        if (!p) {
            memset(*out, 0, sizeof **out);
            (*out)->kind = (int)e[0];
            return C2D_ERR_OUT_OF_MEMORY;
        }
        w_tmp_block[slot] = p;
        w_tmp_bytes[slot] = need;
    }
    *out = w_tmp_block[slot];
    return w_decode(e, *out, w_tmp_bytes[slot]);
}

/* The run of a shape in c2d_shape (out holds 3 + 2 * C2D_MAX_POLYGON_VERTICES doubles); returns
 * its length, 0 for an unknown tag. */
int w_encode(const c2d_shape *s, double *out) {
    const w_kind *k = w_kind_of(s->type);
    if (!k || !k->encode) return 0;
    out[0] = s->type;
    return k->encode(s, out);
}

/* The kinds that live in c2d_shape (every query goes through the generic entry points). */
static bool w_is_convex(const w_shape *s) { return s->kind < C2D_SHAPE_TYPE_COUNT; }

/* The functions on decoded shapes (shape handles, below); the encoded-run functions decode and
 * check, then call them. */
W_API int w_overlap_s(const w_shape *a, const w_shape *b);
W_API int w_hit_s(const w_shape *a, const w_shape *b, double *out);
W_API int w_contains_s(const w_shape *s, double x, double y);
W_API int w_raycast_s(const w_shape *s, double ox, double oy, double tx, double ty, double max_fraction, double *out);
W_API int w_cast_s(const w_shape *a, double dax, double day, const w_shape *b, double dbx, double dby, double *out);
W_API int w_manifold_s(const w_shape *a, const w_shape *b, double *out);
W_API int w_distance_s(const w_shape *a, const w_shape *b, double *out);
W_API int w_time_of_impact_s(const w_shape *a, const w_shape *b, double t_max, double target, int max_iterations,
                             double *io);
W_API int w_bounds_s(const w_shape *s, double *out);

static void w_put_hit(const c2d_hit *h, double *out) {
    out[0] = h->pos.x; out[1] = h->pos.y;
    out[2] = h->normal.x; out[3] = h->normal.y;
    out[4] = h->delta.x; out[5] = h->delta.y;
    out[6] = h->time;
}

static void w_put_sweep(const c2d_sweep *sw, double *out) {
    out[0] = sw->has_hit ? 1 : 0;
    out[1] = sw->pos.x; out[2] = sw->pos.y;
    out[3] = sw->time;
    if (sw->has_hit) w_put_hit(&sw->hit, out + 4);
    else memset(out + 4, 0, 7 * sizeof(double));
}

/* Status of the encoded shape (C2D_OK, a c2d_status, or W_BAD_ENCODING). */
W_API int w_validate(const double *e) {
    w_shape *s;
    return w_decode_tmp(e, 0, &s);
}

/* Length in doubles of the encoded shape, 0 when malformed. */
W_API int w_length(const double *e) { return w_encoded_length(e); }

/* The library's message for a status code (static storage). */
W_API const char *w_status_string(int status) { return c2d_status_string((c2d_status)status); }

W_API int w_is_double(void) { return c2d_is_double() ? 1 : 0; }
W_API int w_version(void) { return c2d_version(); }

/* Point strictly inside the shape (segments and points: on them). */
W_API int w_contains(const double *e, double x, double y) {
    w_shape *s;
    if (w_decode_tmp(e, 0, &s) != C2D_OK) return 0;
    return w_contains_s(s, x, y);
}

/* Interiors of a and b intersect: 1 or 0; W_UNSUPPORTED for pairs the library lacks. An invalid
 * shape never overlaps. */
W_API int w_overlap(const double *ea, const double *eb) {
    w_shape *a, *b;
    int sa = w_decode_tmp(ea, 0, &a), sb = w_decode_tmp(eb, 1, &b);
    if (sa == W_BAD_ENCODING || sb == W_BAD_ENCODING) return W_BAD_ENCODING;
    if (!w_is_convex(a) || !w_is_convex(b)) return W_UNSUPPORTED;
    if (sa != C2D_OK || sb != C2D_OK) return 0;
    return w_overlap_s(a, b);
}

/* Static hit of convex a and b: writes 7 doubles (pos, normal, delta, time) when it returns 1. */
W_API int w_hit(const double *ea, const double *eb, double *out) {
    w_shape *a, *b;
    int sa = w_decode_tmp(ea, 0, &a), sb = w_decode_tmp(eb, 1, &b);
    if (sa == W_BAD_ENCODING || sb == W_BAD_ENCODING) return W_BAD_ENCODING;
    if (!w_is_convex(a) || !w_is_convex(b)) return W_UNSUPPORTED;
    if (sa != C2D_OK || sb != C2D_OK) return 0;
    return w_hit_s(a, b, out);
}

/* Ray or segment cast origin + t * translation, t in [0, max_fraction], against the shape:
 * writes 7 doubles (a hit) when it returns 1. */
W_API int w_raycast(const double *e, double ox, double oy, double tx, double ty, double max_fraction, double *out) {
    w_shape *s;
    int st = w_decode_tmp(e, 0, &s);
    if (st == W_BAD_ENCODING) return st;
    if (!w_is_convex(s)) return W_UNSUPPORTED;
    if (st != C2D_OK) return 0;
    return w_raycast_s(s, ox, oy, tx, ty, max_fraction, out);
}

/* The intersect article's padded segment test against a box. Writes 7 doubles on a hit. */
W_API int w_aabb_raycast_padded(const double *box, double pad_x, double pad_y, double ox, double oy,
                                double tx, double ty, double max_fraction, double *out) {
    c2d_aabb b;
    c2d_hit h;
    c2d_raycast_input in;
    if (c2d_aabb_make(w_v(box), w_v(box + 2), &b) != C2D_OK) return 0;
    in.origin = c2d_v2(ox, oy);
    in.translation = c2d_v2(tx, ty);
    in.max_fraction = max_fraction;
    if (!c2d_aabb_raycast_padded(b, c2d_v2(pad_x, pad_y), in, &h)) return 0;
    w_put_hit(&h, out);
    return 1;
}

/* Linear cast of a moving by (dax, day) against b moving by (dbx, dby): writes 11 doubles
 * (has_hit, pos, time, hit) and returns has_hit. */
W_API int w_cast(const double *ea, double dax, double day, const double *eb, double dbx, double dby, double *out) {
    w_shape *a, *b;
    int sa = w_decode_tmp(ea, 0, &a), sb = w_decode_tmp(eb, 1, &b);
    if (sa == W_BAD_ENCODING || sb == W_BAD_ENCODING) return W_BAD_ENCODING;
    if (w_is_convex(a) && w_is_convex(b) && (sa != C2D_OK || sb != C2D_OK)) {
        memset(out, 0, 11 * sizeof(double));
        return 0;
    }
    return w_cast_s(a, dax, day, b, dbx, dby, out);
}

/* Sweeps a by (dx, dy) through count encoded statics laid end to end at es: writes 11 doubles
 * (as w_cast) and returns the index of the static hit, -1 for none. */
W_API int w_sweep_into(const double *ea, double dx, double dy, const double *es, int count, double *out) {
    w_shape *a, *s;
    c2d_shape *statics;
    char *blocks;
    const double *e = es;
    c2d_sweep sw;
    size_t total = 0, at = 0;
    int i, len, bytes, hit_index = -1;
    if (w_decode_tmp(ea, 0, &a) == W_BAD_ENCODING) return W_BAD_ENCODING;
    if (!w_is_convex(a) || count < 0) return W_UNSUPPORTED;
    /* one allocation: the c2d_shape array, then a decoded block per static (a concave one's
     * pieces must outlive the loop) */
    for (i = 0; i < count; i++) {
        len = w_encoded_length(e);
        if (len == 0) return W_BAD_ENCODING;
        total += (size_t)w_shape_bytes(e);
        e += len;
    }
    statics = (c2d_shape *)malloc(sizeof(c2d_shape) * (size_t)(count > 0 ? count : 1) + total);
    if (!statics) return C2D_ERR_OUT_OF_MEMORY;
    blocks = (char *)(statics + (count > 0 ? count : 1));
    for (i = 0; i < count; i++) {
        len = w_encoded_length(es);
        bytes = w_shape_bytes(es);
        s = (w_shape *)(void *)(blocks + at);
        at += (size_t)bytes;
        if (w_decode(es, s, bytes) == W_BAD_ENCODING) { free(statics); return W_BAD_ENCODING; }
        if (!w_is_convex(s)) { free(statics); return W_UNSUPPORTED; }
        statics[i] = s->convex;
        es += len;
    }
    sw = c2d_shape_sweep_into(&a->convex, c2d_v2(dx, dy), statics, count, &hit_index);
    free(statics);
    w_put_sweep(&sw, out);
    return hit_index;
}

/* The article's sweepAABB: box a (4 doubles) moved by (dx, dy) against box b. Writes 11 doubles. */
W_API int w_aabb_sweep_aabb(const double *ba, double dx, double dy, const double *bb, double *out) {
    c2d_aabb a, b;
    c2d_sweep sw;
    memcpy(&a, ba, sizeof a);
    memcpy(&b, bb, sizeof b);
    sw = c2d_aabb_sweep_aabb(a, c2d_v2(dx, dy), b);
    w_put_sweep(&sw, out);
    return sw.has_hit ? 1 : 0;
}

/* The article's sweepInto over count boxes (4 doubles each). Writes 11 doubles, returns the
 * index of the box hit or -1. */
W_API int w_aabb_sweep_into(const double *ba, double dx, double dy, const double *boxes, int count, double *out) {
    c2d_aabb a, *statics;
    c2d_sweep sw;
    int hit_index = -1;
    if (count < 0) return W_UNSUPPORTED;
    statics = (c2d_aabb *)malloc(sizeof(c2d_aabb) * (size_t)(count > 0 ? count : 1));
    if (!statics) return C2D_ERR_OUT_OF_MEMORY;
    memcpy(&a, ba, sizeof a);
    memcpy(statics, boxes, sizeof(c2d_aabb) * (size_t)count);
    sw = c2d_aabb_sweep_into(a, c2d_v2(dx, dy), statics, count, &hit_index);
    free(statics);
    w_put_sweep(&sw, out);
    return hit_index;
}

/* Contact manifold: writes 11 doubles (normal, count, then x y depth id per point); returns count. */
W_API int w_manifold(const double *ea, const double *eb, double *out) {
    w_shape *a, *b;
    int sa = w_decode_tmp(ea, 0, &a), sb = w_decode_tmp(eb, 1, &b);
    if (sa == W_BAD_ENCODING || sb == W_BAD_ENCODING) return W_BAD_ENCODING;
    if (!w_is_convex(a) || !w_is_convex(b)) return W_UNSUPPORTED;
    if (sa != C2D_OK || sb != C2D_OK) {
        memset(out, 0, 11 * sizeof(double));
        return 0;
    }
    return w_manifold_s(a, b, out);
}

/* Distance: writes 9 doubles (point_a, point_b, normal, distance, iterations, status); returns 1
 * when the query ran (status OK or MAX_ITERATIONS), 0 for invalid shapes (status < 0). */
W_API int w_distance(const double *ea, const double *eb, double *out) {
    w_shape *a, *b;
    int sa = w_decode_tmp(ea, 0, &a), sb = w_decode_tmp(eb, 1, &b);
    if (sa == W_BAD_ENCODING || sb == W_BAD_ENCODING) return W_BAD_ENCODING;
    if (!w_is_convex(a) || !w_is_convex(b)) return W_UNSUPPORTED;
    if (sa != C2D_OK || sb != C2D_OK) return 0;
    return w_distance_s(a, b, out);
}

/* Time of impact (c2d_shape_time_of_impact) of a and b, each in its local frame (the encoded
 * numbers) and placed by its motion. io holds the two motions on entry, 8 doubles each (local
 * center x y, c1 x y, c2 x y, a1, a2: motion A, then motion B) and gets 8 doubles (status, error,
 * t, normal x y, point x y, iterations), as w_time_of_impact_s. An invalid shape gives status
 * C2D_TOI_FAILED with its constructor's error and t = 0. Returns the c2d_toi_status. */
W_API int w_time_of_impact(const double *ea, const double *eb, double t_max, double target, int max_iterations,
                           double *io) {
    w_shape *a, *b;
    int sa = w_decode_tmp(ea, 0, &a), sb = w_decode_tmp(eb, 1, &b);
    if (sa == W_BAD_ENCODING || sb == W_BAD_ENCODING) return W_BAD_ENCODING;
    if (!w_is_convex(a) || !w_is_convex(b)) return W_UNSUPPORTED;
    if (sa != C2D_OK || sb != C2D_OK) {
        memset(io, 0, 8 * sizeof(double));
        io[0] = C2D_TOI_FAILED;
        io[1] = sa != C2D_OK ? sa : sb;
        return C2D_TOI_FAILED;
    }
    return w_time_of_impact_s(a, b, t_max, target, max_iterations, io);
}

/* Where segments a and b (4 doubles each) meet: writes x, y, fraction along a; returns 1 or 0. */
W_API int w_segment_intersect(const double *sa, const double *sb, double *out) {
    c2d_segment a, b;
    c2d_vec2 p;
    c2d_real f;
    memcpy(&a, sa, sizeof a);
    memcpy(&b, sb, sizeof b);
    if (!c2d_segment_intersect_segment(a, b, &p, &f)) return 0;
    out[0] = p.x; out[1] = p.y; out[2] = f;
    return 1;
}

/* Where the infinite lines through a and b cross: writes x, y; returns 1 or 0. */
W_API int w_line_intersect(const double *sa, const double *sb, double *out) {
    c2d_segment a, b;
    c2d_vec2 p;
    memcpy(&a, sa, sizeof a);
    memcpy(&b, sb, sizeof b);
    if (!c2d_line_intersect_line(a, b, &p)) return 0;
    out[0] = p.x; out[1] = p.y;
    return 1;
}

/* Tight bounding box of the shape: writes 4 doubles; returns 1, or 0 for an invalid shape. */
W_API int w_bounds(const double *e, double *out) {
    w_shape *s;
    if (w_decode_tmp(e, 0, &s) != C2D_OK) return 0;
    return w_bounds_s(s, out);
}

/* The convex hull the library builds for an encoded polygon: writes 2 * count doubles, returns
 * count (0 when invalid). out must hold 2 * C2D_MAX_POLYGON_VERTICES doubles. */
W_API int w_polygon_hull(const double *e, double *out) {
    w_shape s;
    int i;
    if (w_decode(e, &s, (int)sizeof s) != C2D_OK || s.kind != W_POLYGON) return 0;
    for (i = 0; i < s.convex.as.polygon.count; i++) {
        out[2 * i] = s.convex.as.polygon.vertices[i].x;
        out[2 * i + 1] = s.convex.as.polygon.vertices[i].y;
    }
    return s.convex.as.polygon.count;
}

W_API int w_max_polygon_vertices(void) { return C2D_MAX_POLYGON_VERTICES; }

/* ---- shape handles: shapes decoded once into wasm memory, then passed by pointer ----
 * The JS Shape object owns a block of w_shape_size() bytes followed by its encoded run (a concave
 * polygon points into that run). w_shape_set decodes it and returns the constructor's status; the
 * JS layer refuses to use a shape whose status is not C2D_OK, so the *_s functions below take
 * valid shapes only. Plain-object calls decode into two scratch handles and use the same functions. */

W_API int w_shape_size(void) { return w_head_bytes(); }

/* Bytes a block needs for a concave polygon of n vertices (w_shape_bytes), for the JS layer to
 * size a handle before the run is written. */
W_API int w_concave_block_bytes(int n) {
    if (n > W_MAX_CONCAVE_VERTICES) return w_head_bytes();
    return w_head_bytes() + (n > 2 ? n - 2 : 0) * (int)sizeof(c2d_polygon);
}

/* Decodes the encoded run e into the block s of `bytes` bytes: C2D_OK, the constructor's error
 * (BUFFER_TOO_SMALL: fewer than w_shape_block_bytes) or W_BAD_ENCODING. */
W_API int w_shape_set(w_shape *s, const double *e, int bytes) { return w_decode(e, s, bytes); }

/* Bytes of the block a decoded shape uses (fewer than w_shape_bytes when a concave polygon has
 * fewer pieces than n - 2): a handle keeps only these. */
W_API int w_shape_used_bytes(const w_shape *s) {
    if (s->kind != W_CONCAVE) return w_head_bytes();
    return w_head_bytes() + s->convex.as.concave.piece_count * (int)sizeof(c2d_polygon);
}

/* Overlap of two valid shapes: 1 or 0, W_UNSUPPORTED for a pair the library lacks. */
W_API int w_overlap_s(const w_shape *a, const w_shape *b) {
    const c2d_shape *sa = &a->convex, *sb = &b->convex;
    if (!w_is_convex(a) || !w_is_convex(b)) return W_UNSUPPORTED;
    return c2d_shape_overlap(sa, sb);
}

/* Hit of two valid convex shapes: writes 7 doubles when it returns 1. */
W_API int w_hit_s(const w_shape *a, const w_shape *b, double *out) {
    c2d_hit h;
    const c2d_shape *sa = &a->convex, *sb = &b->convex;
    if (!w_is_convex(a) || !w_is_convex(b)) return W_UNSUPPORTED;
    if (!c2d_shape_hit(sa, sb, &h)) return 0;
    w_put_hit(&h, out);
    return 1;
}

/* Point strictly inside a valid shape (segments and points: on them). */
W_API int w_contains_s(const w_shape *s, double x, double y) {
    c2d_vec2 p = c2d_v2(x, y);
    if (!c2d_vec2_is_valid(p)) return 0;
    return c2d_shape_contains_point(&s->convex, p);
}

/* Ray cast against a valid shape (as w_raycast). */
W_API int w_raycast_s(const w_shape *s, double ox, double oy, double tx, double ty, double max_fraction, double *out) {
    c2d_hit h;
    c2d_raycast_input in;
    bool r;
    if (!w_is_convex(s)) return W_UNSUPPORTED;
    in.origin = c2d_v2(ox, oy);
    in.translation = c2d_v2(tx, ty);
    in.max_fraction = max_fraction;
    r = c2d_shape_raycast(&s->convex, in, &h);
    if (!r) return 0;
    w_put_hit(&h, out);
    return 1;
}

/* Linear cast of valid convex shapes (as w_cast). */
W_API int w_cast_s(const w_shape *a, double dax, double day, const w_shape *b, double dbx, double dby, double *out) {
    c2d_sweep sw;
    const c2d_shape *sa = &a->convex, *sb = &b->convex;
    if (!w_is_convex(a) || !w_is_convex(b)) return W_UNSUPPORTED;
    sw = c2d_shape_cast(sa, c2d_v2(dax, day), sb, c2d_v2(dbx, dby));
    w_put_sweep(&sw, out);
    return sw.has_hit ? 1 : 0;
}

/* Manifold of valid convex shapes (as w_manifold). */
W_API int w_manifold_s(const w_shape *a, const w_shape *b, double *out) {
    c2d_manifold m;
    int i;
    const c2d_shape *sa = &a->convex, *sb = &b->convex;
    if (!w_is_convex(a) || !w_is_convex(b)) return W_UNSUPPORTED;
    memset(out, 0, 11 * sizeof(double));
    m = c2d_shape_manifold(sa, sb);
    out[0] = m.normal.x; out[1] = m.normal.y; out[2] = m.count;
    for (i = 0; i < m.count && i < 2; i++) {
        out[3 + 4 * i] = m.points[i].point.x;
        out[4 + 4 * i] = m.points[i].point.y;
        out[5 + 4 * i] = m.points[i].depth;
        out[6 + 4 * i] = (double)m.points[i].id;
    }
    return m.count;
}

/* Distance of valid convex shapes (as w_distance). */
W_API int w_distance_s(const w_shape *a, const w_shape *b, double *out) {
    c2d_distance_result d;
    const c2d_shape *sa = &a->convex, *sb = &b->convex;
    if (!w_is_convex(a) || !w_is_convex(b)) return W_UNSUPPORTED;
    d = c2d_shape_distance(sa, sb);
    out[0] = d.point_a.x; out[1] = d.point_a.y;
    out[2] = d.point_b.x; out[3] = d.point_b.y;
    out[4] = d.normal.x; out[5] = d.normal.y;
    out[6] = d.distance; out[7] = d.iterations; out[8] = (double)d.status;
    return d.status < 0 ? 0 : 1;
}

static c2d_motion w_motion(const double *m) {
    c2d_motion r;
    r.local_center = w_v(m);
    r.c1 = w_v(m + 2);
    r.c2 = w_v(m + 4);
    r.a1 = m[6];
    r.a2 = m[7];
    return r;
}

/* Time of impact of valid shapes (as w_time_of_impact): reads the motions from io[0..15], writes
 * the result to io[0..7]; returns the c2d_toi_status (C2D_TOI_FAILED: io[1] is the error). */
W_API int w_time_of_impact_s(const w_shape *a, const w_shape *b, double t_max, double target, int max_iterations,
                             double *io) {
    c2d_shape_toi_input in;
    c2d_toi_result r;
    if (!w_is_convex(a) || !w_is_convex(b)) return W_UNSUPPORTED;
    memset(&in, 0, sizeof in);
    in.a = &a->convex;
    in.b = &b->convex;
    in.motion_a = w_motion(io);
    in.motion_b = w_motion(io + 8);
    in.t_max = t_max;
    in.target = target;
    in.max_iterations = max_iterations;
    r = c2d_shape_time_of_impact(&in);
    io[0] = r.status; io[1] = r.error; io[2] = r.t;
    io[3] = r.normal.x; io[4] = r.normal.y; io[5] = r.point.x; io[6] = r.point.y;
    io[7] = r.iterations;
    return r.status;
}

/* Tight bounding box of a valid shape: writes 4 doubles; returns 1. */
W_API int w_bounds_s(const w_shape *s, double *out) {
    c2d_aabb b;
    b = c2d_shape_aabb(&s->convex);
    out[0] = b.lower.x; out[1] = b.lower.y; out[2] = b.upper.x; out[3] = b.upper.y;
    return 1;
}

/* Batch overlap: out[i] = overlap of as[i] and bs[i] (valid shapes), for i < count. Returns
 * count, or W_UNSUPPORTED at the first pair the library lacks (out is then partly written). */
W_API int w_overlap_many(const w_shape *const *as, const w_shape *const *bs, int count, uint8_t *out) {
    int i, r;
    for (i = 0; i < count; i++) {
        r = w_overlap_s(as[i], bs[i]);
        if (r < 0) return r;
        out[i] = (uint8_t)r;
    }
    return count;
}

/* Batch hit over count pairs of valid convex shapes: for each pair that overlaps, writes its pair
 * number to index and 6 doubles (normal, delta, pos) to hits. Returns the number of hits, or
 * W_UNSUPPORTED when a shape is not convex (nothing is computed then). */
W_API int w_hit_many(const w_shape *const *as, const w_shape *const *bs, int count, int32_t *index, double *hits) {
    int i, n = 0;
    c2d_hit h;
    for (i = 0; i < count; i++) {
        if (!w_is_convex(as[i]) || !w_is_convex(bs[i])) return W_UNSUPPORTED;
    }
    for (i = 0; i < count; i++) {
        const c2d_shape *a = &as[i]->convex, *b = &bs[i]->convex;
        if (a->type == C2D_SHAPE_CIRCLE && b->type == C2D_SHAPE_CIRCLE) {
            /* the decision of c2d_circle_hit_circle (valid circles), taken here for the misses */
            c2d_vec2 d = c2d_sub(a->as.circle.center, b->as.circle.center);
            c2d_real r = a->as.circle.radius + b->as.circle.radius;
            if (!(c2d_dot(d, d) < r * r)) continue;
        }
        if (!c2d_shape_hit(a, b, &h)) continue;
        index[n] = i;
        hits[6 * n] = h.normal.x; hits[6 * n + 1] = h.normal.y;
        hits[6 * n + 2] = h.delta.x; hits[6 * n + 3] = h.delta.y;
        hits[6 * n + 4] = h.pos.x; hits[6 * n + 5] = h.pos.y;
        n++;
    }
    return n;
}

/* ---- broad phase: thin forwarders over c2d_index ---- */

/* Creates an index: kind 0 dynamic tree, 2 grid (1, the former spatial hash, also makes a grid),
 * 3 quadtree, 4 sort and sweep.
 * Returns the index pointer, 0 on failure. */
W_API c2d_index *w_index_create(int kind, double cell_size, double margin) {
    c2d_index_config cfg;
    c2d_index *index = NULL;
    c2d_status st;
    memset(&cfg, 0, sizeof cfg);
    cfg.cell_size = cell_size;
    cfg.margin = margin;
    switch (kind) {
    case 0: st = c2d_dynamic_tree_create(&cfg, &index); break;
    case 1:
    case 2: st = c2d_grid_create(&cfg, &index); break;
    case 3: st = c2d_quadtree_create(&cfg, &index); break;
    case 4: st = c2d_sweep_prune_create(&cfg, &index); break;
    default: return NULL;
    }
    return st == C2D_OK ? index : NULL;
}

/* A static tree over count boxes (4 doubles each: min x, min y, max x, max y, the layout of
 * c2d_aabb), read in place; 0 on failure. */
W_API c2d_index *w_static_tree_create(const double *boxes, int count) {
    c2d_index *index = NULL;
    c2d_status st = c2d_static_tree_create(NULL, (const c2d_aabb *)(const void *)boxes, NULL, count, &index);
    return st == C2D_OK ? index : NULL;
}

W_API void w_index_destroy(c2d_index *index) { c2d_index_destroy(index); }
W_API int w_index_count(const c2d_index *index) { return c2d_index_count(index); }

static c2d_aabb w_box(double x0, double y0, double x1, double y1) {
    c2d_aabb b;
    b.lower = c2d_v2(x0, y0);
    b.upper = c2d_v2(x1, y1);
    return b;
}

/* Inserts a box; returns its id (>= 0) or a negative c2d_status. */
W_API int w_index_insert(c2d_index *index, double x0, double y0, double x1, double y1, double user_data) {
    int32_t id = -1;
    c2d_status st = c2d_index_insert(index, w_box(x0, y0, x1, y1), (uint64_t)(user_data >= 0 ? user_data : 0), &id);
    return st == C2D_OK ? id : (int)st;
}

W_API int w_index_move(c2d_index *index, int id, double x0, double y0, double x1, double y1) {
    return c2d_index_move(index, id, w_box(x0, y0, x1, y1));
}

W_API int w_index_remove(c2d_index *index, int id) { return c2d_index_remove(index, id); }

/* Moves count proxies: ids[i] gets boxes[4i..4i+3]. Returns C2D_OK or the first error. */
W_API int w_index_move_many(c2d_index *index, const int32_t *ids, const double *boxes, int count) {
    int i;
    c2d_status st, first = C2D_OK;
    for (i = 0; i < count; i++) {
        const double *b = boxes + 4 * i;
        st = c2d_index_move(index, ids[i], w_box(b[0], b[1], b[2], b[3]));
        if (st != C2D_OK && first == C2D_OK) first = st;
    }
    return first;
}

/* Collects ids into a caller buffer, counting past its end so the caller can size it. */
typedef struct w_collect {
    int32_t *out;
    int capacity, total;
} w_collect;

static bool w_collect_id(int32_t id, uint64_t user_data, void *context) {
    w_collect *c = (w_collect *)context;
    (void)user_data;
    if (c->total < c->capacity) c->out[c->total] = id;
    c->total++;
    return true;
}

/* Ids whose boxes overlap the box: writes up to capacity ids, returns the total. */
W_API int w_index_query_aabb(const c2d_index *index, double x0, double y0, double x1, double y1,
                             int32_t *out, int capacity) {
    w_collect c;
    c.out = out; c.capacity = capacity; c.total = 0;
    c2d_index_query_aabb(index, w_box(x0, y0, x1, y1), w_collect_id, &c);
    return c.total;
}

/* Ids whose boxes hold the point strictly inside. */
W_API int w_index_query_point(const c2d_index *index, double x, double y, int32_t *out, int capacity) {
    w_collect c;
    c.out = out; c.capacity = capacity; c.total = 0;
    c2d_index_query_point(index, c2d_v2(x, y), w_collect_id, &c);
    return c.total;
}

/* Ray casts over an index: the boxes the segment origin + t * translation, 0 <= t <= max_fraction,
 * enters (broadphase.h's hit rule). */
typedef struct w_ray_collect {
    int32_t *ids;
    double *fractions;
    int capacity, total;
    int32_t best_id;
    double best;
} w_ray_collect;

/* Nearest box: clips the ray at each hit; ties at one fraction go to the smallest id. */
static c2d_real w_ray_first(const c2d_index_ray *ray, int32_t id, uint64_t user_data, c2d_real fraction, void *context) {
    w_ray_collect *c = (w_ray_collect *)context;
    (void)ray; (void)user_data;
    if (c->best_id < 0 || fraction < c->best || (fraction == c->best && id < c->best_id)) {
        c->best = fraction;
        c->best_id = id;
    }
    return fraction;
}

static bool w_ray_all(int32_t id, uint64_t user_data, c2d_real fraction, void *context) {
    w_ray_collect *c = (w_ray_collect *)context;
    (void)user_data;
    if (c->total < c->capacity) {
        c->ids[c->total] = id;
        c->fractions[c->total] = fraction;
    }
    c->total++;
    return true;
}

/* all == 0: the nearest box hit: writes its id and entry fraction to ids[0] / fractions[0] and
 * returns 1, or returns 0 when the ray hits nothing. all != 0: every box hit, in traversal order:
 * writes up to capacity (id, fraction) pairs and returns the total (may exceed capacity). An
 * invalid ray (NaN, max_fraction < 0) hits nothing. */
W_API int w_index_raycast(const c2d_index *index, double ox, double oy, double tx, double ty, double max_fraction,
                          int all, int32_t *ids, double *fractions, int capacity) {
    w_ray_collect c;
    c2d_index_ray ray;
    ray.origin = c2d_v2(ox, oy);
    ray.translation = c2d_v2(tx, ty);
    ray.max_fraction = max_fraction;
    c.ids = ids; c.fractions = fractions; c.capacity = capacity; c.total = 0;
    c.best_id = -1; c.best = 0;
    if (all) {
        c2d_index_raycast_all(index, ray, w_ray_all, &c);
        return c.total;
    }
    c2d_index_raycast(index, ray, w_ray_first, &c);
    if (c.best_id < 0) return 0;
    ids[0] = c.best_id;
    fractions[0] = c.best;
    return 1;
}

/* All overlapping pairs (update != 0: only pairs with a moved proxy). Writes the address of the
 * index-owned pair array to *slot and returns the pair count, or a negative c2d_status. */
W_API int w_index_pairs(c2d_index *index, int update, const c2d_index_pair **slot) {
    int32_t n = 0;
    c2d_status st = update ? c2d_index_update_pairs(index, slot, &n) : c2d_index_find_pairs(index, slot, &n);
    return st == C2D_OK ? n : (int)st;
}

/* Pair count and the boxes' own test for SoA batches: indices of boxes overlapping the box. */
W_API int w_aabb_overlap_batch(double x0, double y0, double x1, double y1, const double *min_x,
                               const double *min_y, const double *max_x, const double *max_y,
                               int count, int32_t *hits, int capacity) {
    c2d_aabb_soa soa;
    soa.min_x = min_x; soa.min_y = min_y; soa.max_x = max_x; soa.max_y = max_y; soa.count = count;
    return c2d_aabb_overlap_batch(w_box(x0, y0, x1, y1), &soa, hits, capacity);
}

/* ---- bodies: a structure-of-arrays batch of circles and boxes for many moving objects ----
 * kinds[i] is W_CIRCLE (x y r in params[4i..]) or W_AABB (min_x min_y max_x max_y). Each step the
 * caller moves the numbers in place, calls w_bodies_sync to move every proxy, then w_bodies_collide
 * to get the colliding pairs (broad phase pairs confirmed by the exact test) with their push-outs. */

static c2d_aabb w_body_box(int kind, const double *p) {
    if (kind == W_CIRCLE) return w_box(p[0] - p[2], p[1] - p[2], p[0] + p[2], p[1] + p[2]);
    return w_box(p[0], p[1], p[2], p[3]);
}

static c2d_shape w_body_shape(int kind, const double *p) {
    c2d_shape s;
    if (kind == W_CIRCLE) {
        s.type = C2D_SHAPE_CIRCLE;
        s.as.circle.center = c2d_v2(p[0], p[1]);
        s.as.circle.radius = p[2];
    } else {
        s.type = C2D_SHAPE_AABB;
        s.as.aabb = w_box(p[0], p[1], p[2], p[3]);
    }
    return s;
}

/* Inserts (first call, when ids[0] < 0) or moves every body's proxy. Returns C2D_OK or the first error. */
W_API int w_bodies_sync(c2d_index *index, const int32_t *kinds, const double *params, int32_t *ids, int count) {
    int i;
    c2d_status st, first = C2D_OK;
    for (i = 0; i < count; i++) {
        c2d_aabb b = w_body_box(kinds[i], params + 4 * i);
        if (ids[i] < 0) st = c2d_index_insert(index, b, (uint64_t)i, &ids[i]);
        else st = c2d_index_move(index, ids[i], b);
        if (st != C2D_OK && first == C2D_OK) first = st;
    }
    return first;
}

/* Finds every pair of overlapping bodies: broad-phase pairs (proxy ids map back to bodies through
 * the user data), each confirmed by c2d_shape_hit. Writes up to capacity entries of 2 ints
 * (body a, body b) to pairs and, if hits is not NULL, 4 doubles (normal, delta) to hits.
 * Returns the number of colliding pairs (may exceed capacity), or a negative c2d_status. */
W_API int w_bodies_collide(c2d_index *index, const int32_t *kinds, const double *params,
                           int32_t *pairs, double *hits, int capacity) {
    const c2d_index_pair *bp = NULL;
    int32_t n = 0, i;
    int total = 0;
    c2d_status st = c2d_index_find_pairs(index, &bp, &n);
    if (st != C2D_OK) return (int)st;
    for (i = 0; i < n; i++) {
        uint64_t ua = 0, ub = 0;
        c2d_shape sa, sb;
        c2d_hit h;
        c2d_index_get(index, bp[i].a, NULL, &ua);
        c2d_index_get(index, bp[i].b, NULL, &ub);
        sa = w_body_shape(kinds[ua], params + 4 * ua);
        sb = w_body_shape(kinds[ub], params + 4 * ub);
        if (!c2d_shape_hit(&sa, &sb, &h)) continue;
        if (total < capacity) {
            pairs[2 * total] = (int32_t)ua;
            pairs[2 * total + 1] = (int32_t)ub;
            if (hits) {
                hits[4 * total] = h.normal.x; hits[4 * total + 1] = h.normal.y;
                hits[4 * total + 2] = h.delta.x; hits[4 * total + 3] = h.delta.y;
            }
        }
        total++;
    }
    return total;
}
