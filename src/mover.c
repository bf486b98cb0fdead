/* The character mover (mover.h): cast-and-slide of one world collider, built on the world's
 * public queries only.
 *
 * The algorithm (docs/character.md has the long form):
 *   1. Platform carry: when the collider it stood on has moved since the last call, move along
 *      with it (a cast that leaves that collider out).
 *   2. Recovery: the mover's shape grown by the skin ("the skin shape") must not overlap a solid
 *      collider. If it does, try pushes along each overlap's normal (and the sum of each pair):
 *      the push along a direction is the longest exit distance over the overlapped colliders,
 *      measured by casting back from outside; a push is taken only when a cast along it, leaving
 *      out the overlapped colliders, meets nothing else. The shortest such push wins.
 *   3. Iterations: cast the skin shape along what remains of the move; stop at the cast's safe
 *      time before the first blocking hit; classify the surface (ground, wall, ceiling); on a wall
 *      while grounded try a step up; project what remains onto the surface (ground keeps the
 *      horizontal speed and drops or slides the downward part by min_slide_slope; walls never
 *      lift); a move that would go back into an earlier surface of this call stops (a crease).
 *   4. Probe the ground within the skin (and settle onto it when not moving up); otherwise snap
 *      down by snap_distance when it was grounded and is not moving up.
 *   5. Only when the move met an arc or moves one (an arc is not convex, and its casts stop within
 *      a tolerance): if the real shape ends overlapping something solid, end at the last clear
 *      position along the path instead.
 *
 * A graze (a first contact whose normal does not oppose the move) lets the move go on: two convex
 * shapes part after it. With an arc on either side they need not, so the real shape is cast along
 * the rest of the move against that collider and its first contact decides (past_graze).
 *
 * Seams ("ghost collisions"): a cast that meets the corner of a box, polygon or segment where a
 * neighbour collider (or piece) continues one of the corner's two faces in the same line takes
 * that face's normal instead of the corner's (internal-edge normal correction); a hit whose
 * normal, so corrected, does not oppose the move does not block. The skin keeps the mover clear
 * of the floor's top, so at a seam the only contacts are these corner ties and rounding-deep
 * touches of the next tile's side, both of which the correction removes. */
#include <string.h>
#include "kind.h"
#include "collide2d/mover.h"

#define MOVER_HIT_BUFFER 16
#define MOVER_NEIGHBOURS 16
#define MOVER_SET 16
/* Most parts of the mover's shape: a concave collider's convex pieces, or the skin's shapes. */
#define MOVER_PARTS 16
#define MOVER_SKIN (MOVER_PARTS + C2D_SKIN_PARTS)

typedef struct mctx {
    c2d_world *world;
    c2d_collider_id self;
    c2d_shape local[MOVER_PARTS]; /* the mover's local shape: one shape, or a concave one's pieces */
    int32_t local_count;
    c2d_shape skin_part[MOVER_SKIN]; /* the same grown by the skin (a kind's skin may take several shapes) */
    int32_t skin_count;
    c2d_rot q;            /* the collider's rotation (kept) */
    c2d_vec2 up;
    c2d_real skin, cos_max, cos_slide;
    c2d_query_filter filter;
    bool drop;
    const c2d_collider_id *ignore; /* colliders a cast leaves out */
    int32_t ignore_count;
    c2d_mover_contact *contacts;
    int32_t capacity, contact_count;
    bool *met_arc; /* set when a cast met an arc collider (see c2d_mover_move's last check) */
} mctx;

typedef struct mhit {
    bool hit;
    c2d_collider_id id;
    uint64_t user_data;
    c2d_vec2 point, normal;
} mhit;

/* ---- small geometry ---- */

/* A length that covers a few roundings of coordinates near p. */
static c2d_real round_len(c2d_vec2 p) {
    return (c2d_real)16 * C2D_EPSILON * ((c2d_real)1 + c2d_maxr(C2D_ABS(p.x), C2D_ABS(p.y)));
}

/* Largest dot(dir, x) over the shape, from its kind's support function and core radius. */
static c2d_real support(const c2d_shape *s, c2d_vec2 d) {
    const c2d_kind *k = c2d_kind_of(s->type);
    if (k == NULL) return 0;
    return c2d_dot(d, k->support(s, d, c2d_v2(0, 0))) + k->core(s).radius * c2d_len(d);
}

/* The shape grown by r > 0, as shapes whose union it is (returns how many, 0 when it cannot be
 * grown): a kind's core view inflated by its radius grows by r (a point becomes a circle, a
 * segment a capsule; a box's faces and a polygon's edges move out by r, or with round set the
 * polygon becomes a rounded polygon of radius r; a rounded polygon's radius grows); a kind
 * without a core view gives its skin() (kind.h). round is for a concave shape's pieces: a piece's
 * sharp corner may lie inside the shape's wider one, where moving its edges out would poke a spike
 * through the shape's skin. */
static int32_t grow(const c2d_shape *s, c2d_real r, bool round, c2d_shape *out) {
    const c2d_kind *k = c2d_kind_of(s->type);
    c2d_core_view cv;
    int i, n;
    if (k == NULL) return 0;
    if (k->skin != NULL) return k->skin(s, r, out);
    cv = k->core(s);
    switch (cv.form) {
    case C2D_CORE_POINT: {
        c2d_circle g;
        g.center = cv.p1;
        g.radius = cv.radius + r;
        out[0] = c2d_shape_from_circle(g);
        return 1;
    }
    case C2D_CORE_SEGMENT: {
        c2d_capsule g;
        g.p1 = cv.p1;
        g.p2 = cv.p2;
        g.radius = cv.radius + r;
        out[0] = c2d_shape_from_capsule(g);
        return 1;
    }
    case C2D_CORE_BOX: {
        c2d_aabb g;
        g.lower = c2d_sub(cv.p1, c2d_v2(r, r));
        g.upper = c2d_add(cv.p2, c2d_v2(r, r));
        out[0] = c2d_shape_from_aabb(g);
        return 1;
    }
    case C2D_CORE_POLYGON:
        if (cv.radius > 0 || round) {
            c2d_rounded_polygon g;
            g.polygon = *cv.polygon;
            g.radius = cv.radius + r;
            out[0] = c2d_shape_from_rounded_polygon(&g);
            return 1;
        }
        /* vertex i lies on edges i-1 and i: move it by r along both normals' bisector, scaled so
         * that each edge moves out by exactly r */
        out[0] = c2d_shape_from_polygon(cv.polygon);
        n = cv.polygon->count;
        for (i = 0; i < n; ++i) {
            c2d_vec2 a = cv.polygon->normals[(i + n - 1) % n], b = cv.polygon->normals[i];
            c2d_real f = r / ((c2d_real)1 + c2d_dot(a, b));
            out[0].as.polygon.vertices[i] = c2d_mul_add(cv.polygon->vertices[i], f, c2d_add(a, b));
        }
        return 1;
    case C2D_CORE_NONE: break;
    }
    return 0;
}

/* The mover's shape (or, with skin, its skin shape) placed at pos, as parts written to out;
 * returns how many. */
static int32_t body_at(const mctx *c, c2d_vec2 pos, bool skin, c2d_shape *out) {
    c2d_transform xf;
    int32_t i, n = skin ? c->skin_count : c->local_count;
    xf.p = pos;
    xf.q = c->q;
    for (i = 0; i < n; ++i) out[i] = c2d_shape_transform(skin ? &c->skin_part[i] : &c->local[i], xf);
    return n;
}

/* Largest dot(d, x) over the mover's shape placed at pos. */
static c2d_real body_support(const mctx *c, c2d_vec2 pos, c2d_vec2 d) {
    c2d_shape parts[MOVER_SKIN];
    int32_t i, n = body_at(c, pos, false, parts);
    c2d_real best = -(c2d_real)C2D_MAX_COORD * 4;
    for (i = 0; i < n; ++i) best = c2d_maxr(best, support(&parts[i], d));
    return best;
}

static bool id_in(const c2d_collider_id *ids, int32_t n, c2d_collider_id id) {
    int32_t i;
    for (i = 0; i < n; ++i)
        if (c2d_collider_id_equal(ids[i], id)) return true;
    return false;
}

/* Highest dot(w, x) over every piece of a collider. */
static c2d_real collider_support(const c2d_world *w, c2d_collider_id id, int32_t pieces, c2d_vec2 d) {
    c2d_real best = -(c2d_real)C2D_MAX_COORD * 4;
    int32_t k;
    c2d_shape s;
    for (k = 0; k < pieces; ++k)
        if (c2d_world_get_piece(w, id, k, &s) == C2D_OK) best = c2d_maxr(best, support(&s, d));
    return best;
}

/* The one-way rule: a one-way collider (direction w) holds the mover only when the mover lies
 * wholly on its solid side (lowest point along w at or above the collider's highest, within
 * half the skin) and is not dropping through. */
static bool one_way_above(const mctx *c, c2d_vec2 pos, c2d_collider_id id, const c2d_collider_info *info) {
    c2d_real low;
    if (c->drop) return false;
    low = -body_support(c, pos, c2d_neg(info->one_way));
    return low >= collider_support(c->world, id, info->piece_count, info->one_way) - c->skin * (c2d_real)0.5;
}

/* ---- seams: internal-edge normal correction ---- */

/* The core view of a piece when it has flat faces meeting at corners (a box, a polygon or a
 * segment core without radius); false for the rest (rounded and curved kinds, points). */
static bool sharp_core(const c2d_shape *s, c2d_core_view *cv) {
    const c2d_kind *k = c2d_kind_of(s->type);
    if (k == NULL) return false;
    *cv = k->core(s);
    return cv->radius == 0 && (cv->form == C2D_CORE_BOX || cv->form == C2D_CORE_POLYGON || cv->form == C2D_CORE_SEGMENT);
}

/* Faces of a convex piece through the point v (within tol) with this normal. A segment is a face
 * both ways. Rounded and curved kinds and points have no flat face with a corner. */
static bool face_through(const c2d_shape *s, c2d_vec2 v, c2d_real tol, c2d_vec2 normal) {
    c2d_vec2 a[C2D_MAX_POLYGON_VERTICES], m[C2D_MAX_POLYGON_VERTICES];
    c2d_core_view cv;
    int i, n = 0;
    if (!sharp_core(s, &cv)) return false;
    if (cv.form == C2D_CORE_BOX) {
        c2d_vec2 lo = cv.p1, hi = cv.p2;
        a[0] = lo;
        m[0] = c2d_v2(0, -1);
        a[1] = c2d_v2(hi.x, lo.y);
        m[1] = c2d_v2(1, 0);
        a[2] = hi;
        m[2] = c2d_v2(0, 1);
        a[3] = c2d_v2(lo.x, hi.y);
        m[3] = c2d_v2(-1, 0);
        n = 4;
    } else if (cv.form == C2D_CORE_POLYGON) {
        n = cv.polygon->count;
        for (i = 0; i < n; ++i) {
            a[i] = cv.polygon->vertices[i];
            m[i] = cv.polygon->normals[i];
        }
    } else {
        c2d_vec2 e = c2d_sub(cv.p2, cv.p1), p = c2d_normalize(c2d_right_perp(e));
        c2d_real len = c2d_len(e), t = c2d_dot(c2d_sub(v, cv.p1), e) / len;
        if (len <= 0 || C2D_ABS(c2d_dot(c2d_sub(v, cv.p1), p)) > tol || t < -tol || t > len + tol) return false;
        return C2D_ABS(c2d_dot(p, normal)) >= (c2d_real)1 - (c2d_real)1e-3;
    }
    for (i = 0; i < n; ++i) {
        c2d_vec2 b = a[(i + 1) % n], e = c2d_sub(b, a[i]);
        c2d_real len = c2d_len(e), t;
        if (c2d_dot(m[i], normal) < (c2d_real)1 - (c2d_real)1e-3) continue;
        if (C2D_ABS(c2d_dot(c2d_sub(v, a[i]), m[i])) > tol || len <= 0) continue;
        t = c2d_dot(c2d_sub(v, a[i]), e) / len;
        if (t >= -tol && t <= len + tol) return true;
    }
    return false;
}

/* Does a collider other than (id, piece) have a face through v with this normal? */
static bool neighbour_face(const mctx *c, c2d_collider_id id, int32_t piece, c2d_vec2 v, c2d_real tol, c2d_vec2 normal) {
    c2d_collider_id near[MOVER_NEIGHBOURS];
    int32_t total = 0, i, k, n;
    c2d_aabb box;
    c2d_collider_info info;
    c2d_shape s;
    box.lower = c2d_sub(v, c2d_v2(tol, tol));
    box.upper = c2d_add(v, c2d_v2(tol, tol));
    if (c2d_world_query_aabb(c->world, box, &c->filter, near, MOVER_NEIGHBOURS, &total) != C2D_OK) return false;
    n = total < MOVER_NEIGHBOURS ? total : MOVER_NEIGHBOURS;
    for (i = 0; i < n; ++i) {
        if (c2d_world_get(c->world, near[i], &info) != C2D_OK) continue;
        for (k = 0; k < info.piece_count; ++k) {
            if (c2d_collider_id_equal(near[i], id) && k == piece) continue;
            if (c2d_world_get_piece(c->world, near[i], k, &s) != C2D_OK) continue;
            if (face_through(&s, v, tol, normal)) return true;
        }
    }
    return false;
}

/* The normal a cast's hit on collider id at p should have: when p is a corner of one of its
 * pieces and a neighbour continues one of the corner's faces in line, that face's normal. */
static c2d_vec2 seam_normal(const mctx *c, c2d_collider_id id, int32_t pieces, c2d_vec2 p, c2d_vec2 n) {
    c2d_real tol = c2d_maxr(c->skin * (c2d_real)0.25, round_len(p));
    int32_t k;
    c2d_shape s;
    for (k = 0; k < pieces; ++k) {
        c2d_vec2 vert[C2D_MAX_POLYGON_VERTICES], fa[C2D_MAX_POLYGON_VERTICES], fb[C2D_MAX_POLYGON_VERTICES];
        c2d_core_view cv;
        int i, count = 0;
        if (c2d_world_get_piece(c->world, id, k, &s) != C2D_OK || !sharp_core(&s, &cv)) continue;
        if (cv.form == C2D_CORE_BOX) {
            c2d_vec2 lo = cv.p1, hi = cv.p2;
            vert[0] = lo;
            fa[0] = c2d_v2(-1, 0);
            fb[0] = c2d_v2(0, -1);
            vert[1] = c2d_v2(hi.x, lo.y);
            fa[1] = c2d_v2(0, -1);
            fb[1] = c2d_v2(1, 0);
            vert[2] = hi;
            fa[2] = c2d_v2(1, 0);
            fb[2] = c2d_v2(0, 1);
            vert[3] = c2d_v2(lo.x, hi.y);
            fa[3] = c2d_v2(0, 1);
            fb[3] = c2d_v2(-1, 0);
            count = 4;
        } else if (cv.form == C2D_CORE_POLYGON) {
            count = cv.polygon->count;
            for (i = 0; i < count; ++i) {
                vert[i] = cv.polygon->vertices[i];
                fa[i] = cv.polygon->normals[(i + count - 1) % count];
                fb[i] = cv.polygon->normals[i];
            }
        } else {
            c2d_vec2 f = c2d_normalize(c2d_right_perp(c2d_sub(cv.p2, cv.p1)));
            if (c2d_dot(f, n) < 0) f = c2d_neg(f);
            vert[0] = cv.p1;
            vert[1] = cv.p2;
            fa[0] = fb[0] = fa[1] = fb[1] = f;
            count = 2;
        }
        for (i = 0; i < count; ++i) {
            bool flat_a, flat_b;
            if (c2d_dist_sq(vert[i], p) > tol * tol) continue;
            if (cv.form == C2D_CORE_SEGMENT) {
                /* a segment's end: the line continues when a neighbour has a face along it */
                if (neighbour_face(c, id, k, vert[i], tol, fa[i])) return fa[i];
                return n;
            }
            /* face a continued in line by a neighbour: face b is covered there, and the surface
             * at the corner is face a's (and the other way round) */
            flat_a = neighbour_face(c, id, k, vert[i], tol, fa[i]);
            flat_b = neighbour_face(c, id, k, vert[i], tol, fb[i]);
            if (flat_a && !flat_b) return fa[i];
            if (flat_b && !flat_a) return fb[i];
            if (flat_a && flat_b) return c2d_dot(fa[i], n) >= c2d_dot(fb[i], n) ? fa[i] : fb[i];
            return n;
        }
    }
    return n;
}

/* ---- the cast ---- */

/* Whether a shape is one of the kinds that are not convex as one piece (the arc): for them a
 * first contact that does not oppose the move (a graze on a corner or a curve) does not mean the
 * shapes part afterwards, as it does for two convex shapes. */
static bool not_convex(const c2d_shape *s) { return s->type == C2D_SHAPE_ARC; }

/* A graze of the skin shape on collider id, where the mover or the collider is not convex: the
 * shapes need not part after it, so the mover's real shape (a skin inside the skin shape, clear of
 * the collider at pos) is cast along the whole move against each piece, and its first contact
 * decides. Returns the fraction the mover may move: 1 when the real shape never touches the
 * collider; the safe fraction of its first contact, with *block set and that contact's normal and
 * point when it opposes d (the move slides there); the safe fraction without a contact when the
 * real shape grazes too (the move ends there). */
static c2d_real past_graze(const mctx *c, c2d_vec2 pos, c2d_vec2 d, c2d_collider_id id, int32_t pieces, bool *block, c2d_vec2 *normal,
                           c2d_vec2 *point) {
    c2d_shape real[MOVER_PARTS];
    c2d_real first = 2, safe = 1;
    int32_t n = body_at(c, pos, false, real), i, k;
    *block = false;
    for (k = 0; k < pieces; ++k) {
        c2d_shape o;
        if (c2d_world_get_piece(c->world, id, k, &o) != C2D_OK) return 0;
        for (i = 0; i < n; ++i) {
            c2d_sweep sw = c2d_shape_cast(&real[i], d, &o, c2d_v2(0, 0));
            if (!sw.has_hit) continue;
            safe = c2d_minr(safe, sw.time);
            if (sw.hit.time < first) {
                first = sw.hit.time;
                *block = c2d_dot(d, sw.hit.normal) < 0;
                *normal = sw.hit.normal;
                *point = sw.hit.pos;
            }
        }
    }
    return safe;
}

/* Keeps a part's first blocking hit on collider h->id (at point, with normal, at time) when it is
 * the earliest so far (*first): the hit cast_move reports. */
static void take_first(mhit *out, c2d_real *first, const c2d_world_cast_hit *h, c2d_vec2 point, c2d_vec2 normal, c2d_real time) {
    if (out->hit && !(time < *first)) return;
    out->hit = true;
    out->id = h->id;
    out->user_data = h->user_data;
    out->point = point;
    out->normal = normal;
    *first = time;
}

/* Casts the skin shape from pos by d. Returns the fraction of d it can move (the smallest safe
 * time of the blocking hits) and the first blocking hit, seam-corrected, in *out. One-way
 * colliders block by the one-way rule; a hit whose (corrected) normal does not oppose d does
 * not block. */
static c2d_real cast_move(const mctx *c, c2d_vec2 pos, c2d_vec2 d, mhit *out) {
    c2d_world_cast_hit hits[MOVER_HIT_BUFFER];
    c2d_shape parts[MOVER_SKIN];
    int32_t p, np;
    c2d_real safe = 1, first = 0;
    out->hit = false;
    if (d.x == 0 && d.y == 0) return 1;
    np = body_at(c, pos, true, parts);
    /* each part of the skin shape is cast; the first blocking hit is the earliest over the parts
     * (the first part on ties) and the safe time the smallest */
    for (p = 0; p < np; ++p) {
        int32_t total = 0, i, n;
        bool blocked = false;
        if (c2d_world_cast_all(c->world, &parts[p], d, &c->filter, hits, MOVER_HIT_BUFFER, &total) != C2D_OK) return 0;
        n = total < MOVER_HIT_BUFFER ? total : MOVER_HIT_BUFFER;
        for (i = 0; i < n; ++i) {
            const c2d_world_cast_hit *h = &hits[i];
            c2d_collider_info info;
            c2d_vec2 normal;
            if (c->ignore_count > 0 && id_in(c->ignore, c->ignore_count, h->id)) continue;
            if (c2d_world_get(c->world, h->id, &info) != C2D_OK) continue;
            if (info.shape.type == C2D_SHAPE_ARC && c->met_arc != NULL) *c->met_arc = true;
            if (info.one_way.x != 0 || info.one_way.y != 0) {
                if (c2d_dot(d, info.one_way) >= 0 || !one_way_above(c, pos, h->id, &info)) continue;
            }
            normal = seam_normal(c, h->id, info.piece_count, h->sweep.hit.pos, h->sweep.hit.normal);
            if (c2d_dot(d, normal) >= 0) {
                /* a graze: two convex shapes part after it; with an arc on either side the path
                 * past it is followed (a stop there leaves no contact to slide on: the move ends) */
                if (not_convex(&parts[p]) || info.shape.type == C2D_SHAPE_ARC) {
                    bool block;
                    c2d_vec2 gn = c2d_v2(0, 0), gp = c2d_v2(0, 0);
                    c2d_real gt = past_graze(c, pos, d, h->id, info.piece_count, &block, &gn, &gp);
                    if (block && !blocked) {
                        blocked = true;
                        take_first(out, &first, h, gp, gn, gt);
                    }
                    safe = c2d_minr(safe, gt);
                }
                continue;
            }
            if (!blocked) {
                blocked = true;
                take_first(out, &first, h, h->sweep.hit.pos, normal, h->sweep.hit.time);
            }
            safe = c2d_minr(safe, h->sweep.time);
        }
        /* more hits than the buffer and none blocked: stop where the buffer's knowledge ends */
        if (!blocked && total > n) safe = c2d_minr(safe, hits[n - 1].sweep.time);
    }
    return safe < 0 ? 0 : safe;
}

static c2d_mover_contact_kind classify(const mctx *c, c2d_vec2 n) {
    c2d_real u = c2d_dot(n, c->up);
    if (u >= c->cos_max) return C2D_MOVER_GROUND;
    if (u <= -c->cos_max) return C2D_MOVER_CEILING;
    return C2D_MOVER_WALL;
}

static void add_contact(mctx *c, const mhit *h, c2d_mover_contact_kind kind) {
    if (c->contact_count < c->capacity) {
        c2d_mover_contact *k = &c->contacts[c->contact_count];
        k->id = h->id;
        k->user_data = h->user_data;
        k->point = h->point;
        k->normal = h->normal;
        k->kind = kind;
    }
    ++c->contact_count;
}

/* Removes the part of v going into the surface n. */
static c2d_vec2 clip(c2d_vec2 v, c2d_vec2 n) {
    c2d_real k = c2d_dot(v, n);
    return k < 0 ? c2d_mul_add(v, -k, n) : v;
}

/* What remains of a move after meeting surface n (see the file's comment). */
static c2d_vec2 slide(const mctx *c, c2d_vec2 rem, c2d_vec2 n, c2d_mover_contact_kind kind) {
    c2d_real v = c2d_dot(rem, c->up);
    c2d_vec2 h = c2d_mul_add(rem, -v, c->up), vert = c2d_scale(c->up, v);
    if (kind == C2D_MOVER_GROUND) {
        /* along the ground at the same speed across up: h plus the rise that keeps it on the plane */
        c2d_vec2 h2 = c2d_mul_add(h, -c2d_dot(h, n) / c2d_dot(c->up, n), c->up);
        if (v < 0) vert = c2d_dot(n, c->up) > c->cos_slide ? c2d_v2(0, 0) : clip(vert, n);
        return c2d_add(h2, vert);
    }
    if (kind == C2D_MOVER_WALL) {
        /* a wall (or too steep a slope) stops the move across up and never lifts the mover;
         * the part along up slides along it */
        c2d_vec2 nh = c2d_mul_add(n, -c2d_dot(n, c->up), c->up);
        c2d_real l = c2d_len(nh);
        if (l > 0) h = clip(h, c2d_scale(nh, 1 / l));
        return clip(c2d_add(h, clip(vert, n)), n);
    }
    return clip(rem, n);
}

/* ---- recovery ---- */

/* How far the shape s (count parts) must move along u to leave collider id (0 when it does not
 * overlap): the longest over its parts and the collider's pieces. */
static c2d_real exit_distance(const mctx *c, const c2d_shape *parts, int32_t count, c2d_collider_id id, int32_t pieces, c2d_vec2 u) {
    c2d_real best = 0;
    int32_t k, j;
    for (j = 0; j < count; ++j)
        for (k = 0; k < pieces; ++k) {
        const c2d_shape *s = &parts[j];
        c2d_aabb sb = c2d_shape_aabb(s);
        c2d_shape p, far;
        c2d_aabb pb;
        c2d_real L;
        c2d_sweep sw;
        c2d_transform xf;
        if (c2d_world_get_piece(c->world, id, k, &p) != C2D_OK) continue;
        pb = c2d_shape_aabb(&p);
        L = C2D_ABS(u.x) * ((sb.upper.x - sb.lower.x) + (pb.upper.x - pb.lower.x)) +
            C2D_ABS(u.y) * ((sb.upper.y - sb.lower.y) + (pb.upper.y - pb.lower.y)) + c->skin;
        xf.p = c2d_scale(u, L);
        xf.q = c2d_rot_identity();
        far = c2d_shape_transform(s, xf);
        sw = c2d_shape_cast(&far, c2d_scale(u, -L), &p, c2d_v2(0, 0));
        if (sw.has_hit) best = c2d_maxr(best, L * ((c2d_real)1 - sw.hit.time));
        }
    return best;
}

typedef struct oset {
    c2d_collider_id id[MOVER_SET];
    c2d_vec2 normal[MOVER_SET];
    int32_t pieces[MOVER_SET];
    bool one_way[MOVER_SET];
    int32_t n;
} oset;

/* Adds the solid colliders the shape (skin or real) overlaps at pos to the set; true when any
 * was added. One-way colliders count only when the mover lies on their solid side, and then only
 * for pushes along their direction. */
static bool gather(const mctx *c, c2d_vec2 pos, bool skin, oset *set) {
    c2d_world_hit hits[MOVER_SET];
    c2d_shape parts[MOVER_SKIN];
    int32_t total = 0, i, n, p, np = body_at(c, pos, skin, parts);
    bool added = false;
    for (p = 0; p < np; ++p) {
    if (c2d_world_overlap_shape_hits(c->world, &parts[p], &c->filter, hits, MOVER_SET, &total) != C2D_OK) return false;
    n = total < MOVER_SET ? total : MOVER_SET;
    for (i = 0; i < n && set->n < MOVER_SET; ++i) {
        c2d_collider_info info;
        bool ow;
        if (id_in(set->id, set->n, hits[i].id)) continue;
        if (c2d_world_get(c->world, hits[i].id, &info) != C2D_OK) continue;
        ow = info.one_way.x != 0 || info.one_way.y != 0;
        if (ow && !one_way_above(c, pos, hits[i].id, &info)) continue;
        set->id[set->n] = hits[i].id;
        set->normal[set->n] = ow ? info.one_way : hits[i].hit.normal;
        set->pieces[set->n] = info.piece_count;
        set->one_way[set->n] = ow;
        ++set->n;
        added = true;
    }
    }
    return added;
}

/* True when the real shape moved from pos by d meets no solid collider outside the set. */
static bool path_clear(const mctx *c, c2d_vec2 pos, c2d_vec2 d, const oset *set) {
    c2d_world_cast_hit buf[MOVER_HIT_BUFFER];
    c2d_shape parts[MOVER_SKIN];
    int32_t total = 0, m, p, np = body_at(c, pos, false, parts);
    for (p = 0; p < np; ++p) {
        if (c2d_world_cast_all(c->world, &parts[p], d, &c->filter, buf, MOVER_HIT_BUFFER, &total) != C2D_OK) return false;
        for (m = 0; m < total && m < MOVER_HIT_BUFFER; ++m) {
            c2d_collider_info info;
            if (id_in(set->id, set->n, buf[m].id)) continue;
            if (c2d_world_get(c->world, buf[m].id, &info) != C2D_OK) continue;
            if (info.one_way.x != 0 || info.one_way.y != 0) continue;
            return false;
        }
        if (total > MOVER_HIT_BUFFER) return false;
    }
    return true;
}

/* Finds the shortest push out of every collider of the set whose path meets no other collider.
 * true with *push set when found (or when the set is empty). */
static bool best_push(const mctx *c, c2d_vec2 pos, bool skin, const oset *set, c2d_vec2 *push) {
    c2d_vec2 dirs[MOVER_SET + MOVER_SET * (MOVER_SET - 1) / 2 + 1];
    c2d_real best = -1;
    int32_t nd = 0, i, j, k;
    c2d_shape parts[MOVER_SKIN];
    int32_t np = body_at(c, pos, skin, parts);
    *push = c2d_v2(0, 0);
    if (set->n == 0) return true;
    for (i = 0; i < set->n; ++i) {
        dirs[nd++] = set->normal[i];
        for (j = i + 1; j < set->n; ++j) {
            c2d_vec2 sum = c2d_add(set->normal[i], set->normal[j]);
            if (c2d_len_sq(sum) > (c2d_real)1e-6) dirs[nd++] = c2d_normalize(sum);
        }
    }
    dirs[nd++] = c->up;
    for (k = 0; k < nd; ++k) {
        c2d_vec2 u = dirs[k], d;
        c2d_real L = 0;
        if (!c2d_vec2_is_valid(u) || c2d_len_sq(u) < (c2d_real)0.5) continue;
        for (i = 0; i < set->n; ++i) {
            c2d_real e;
            /* never deeper into a solid member: that would be leaving through it */
            if (!set->one_way[i] && c2d_dot(u, set->normal[i]) < -(c2d_real)1e-3) {
                L = -1;
                break;
            }
            /* a one-way collider is left only along its direction; other pushes pass it */
            if (set->one_way[i] && c2d_dot(u, set->normal[i]) < (c2d_real)0.999) continue;
            e = exit_distance(c, parts, np, set->id[i], set->pieces[i], u);
            L = c2d_maxr(L, e);
        }
        if (L <= 0) continue;
        L += c2d_maxr(round_len(pos), c->skin * (c2d_real)0.01);
        if (best >= 0 && L >= best) continue;
        d = c2d_scale(u, L);
        /* the path out must not pass through anything outside the set: the real shape's cast
         * meets no other solid collider (the skin shape may come near one: the next round
         * pushes it off that too) */
        if (!path_clear(c, pos, d, set)) continue;
        best = L;
        *push = d;
    }
    return best >= 0;
}

/* Gets the mover out of what it overlaps (see the file's comment). Returns the push made; sets
 * *stuck when the real shape overlaps and no push was found. */
static c2d_vec2 recover(const mctx *c, c2d_vec2 pos, bool *stuck) {
    oset set;
    c2d_vec2 total = c2d_v2(0, 0), push;
    int round, pass;
    *stuck = false;
    for (pass = 0; pass < 2; ++pass) {
        bool skin = pass == 0;
        c2d_vec2 p = pos;
        bool ok = true;
        set.n = 0;
        total = c2d_v2(0, 0);
        if (!gather(c, p, skin, &set)) return total;
        for (round = 0; round < 4; ++round) {
            if (!best_push(c, p, skin, &set, &push)) {
                ok = false;
                break;
            }
            p = c2d_add(p, push);
            total = c2d_add(total, push);
            if (!gather(c, p, skin, &set)) break;
            if (round == 3) ok = false;
        }
        if (ok) return total;
    }
    {
        /* no way out: stay; stuck when the real shape overlaps something solid */
        set.n = 0;
        *stuck = gather(c, pos, false, &set);
    }
    return c2d_v2(0, 0);
}

/* ---- settings ---- */

static bool finite_len(c2d_real x) { return C2D_ISFINITE(x); }

/* Checks a config and resolves its defaults for the collider id (pieces: its piece count). */
static c2d_status resolve(const c2d_mover_config *in, const c2d_world *w, c2d_collider_id id, int32_t pieces, c2d_mover_config *out) {
    c2d_mover_config r = *in;
    c2d_real height, width, half_pi = C2D_PI * (c2d_real)0.5;
    c2d_vec2 across;
    if (!c2d_vec2_is_valid(r.up) || !finite_len(r.skin) || !finite_len(r.max_slope) ||
        !finite_len(r.min_slide_slope) || !finite_len(r.step_height) || !finite_len(r.step_min_width) ||
        !finite_len(r.snap_distance))
        return C2D_ERR_NOT_FINITE;
    if (r.up.x == 0 && r.up.y == 0) r.up = c2d_v2(0, 1);
    if (c2d_len_sq(r.up) < (c2d_real)1e-12 || c2d_len_sq(r.up) > (c2d_real)1e12) return C2D_ERR_BAD_SIZE;
    r.up = c2d_normalize(r.up);
    if (r.skin < 0 || r.step_height < 0 || r.step_min_width < 0 || r.snap_distance < 0) return C2D_ERR_BAD_SIZE;
    if (r.skin > C2D_MAX_COORD || r.step_height > C2D_MAX_COORD || r.step_min_width > C2D_MAX_COORD ||
        r.snap_distance > C2D_MAX_COORD)
        return C2D_ERR_OUT_OF_RANGE;
    if (r.max_iterations < 0 || r.max_iterations > 64) return C2D_ERR_BAD_SIZE;
    if (r.max_slope == 0) r.max_slope = C2D_PI * (c2d_real)0.25;
    if (!(r.max_slope > 0 && r.max_slope < half_pi)) return C2D_ERR_BAD_ANGLE;
    if (r.min_slide_slope == 0) r.min_slide_slope = r.max_slope;
    if (!(r.min_slide_slope > 0 && r.min_slide_slope <= half_pi)) return C2D_ERR_BAD_ANGLE;
    if (r.max_iterations == 0) r.max_iterations = 4;
    height = collider_support(w, id, pieces, r.up) + collider_support(w, id, pieces, c2d_neg(r.up));
    across = c2d_left_perp(r.up);
    width = collider_support(w, id, pieces, across) + collider_support(w, id, pieces, c2d_neg(across));
    if (r.skin == 0) r.skin = height * (c2d_real)0.01;
    if (!(r.skin > 0)) return C2D_ERR_BAD_SIZE;
    if (r.step_min_width == 0) r.step_min_width = width * (c2d_real)0.5;
    r.filter.flags |= C2D_QUERY_SKIP_SENSORS;
    *out = r;
    return C2D_OK;
}

/* The settings a move accepts: what resolve() gives (a caller may have written the fields). */
static bool resolved_ok(const c2d_mover_config *r) {
    c2d_real half_pi = C2D_PI * (c2d_real)0.5, l;
    if (!c2d_vec2_is_valid(r->up)) return false;
    l = c2d_len_sq(r->up);
    if (!(l > (c2d_real)0.999 && l < (c2d_real)1.001)) return false;
    if (!(r->skin > 0 && r->skin <= C2D_MAX_COORD)) return false;
    if (!(r->max_slope > 0 && r->max_slope < half_pi)) return false;
    if (!(r->min_slide_slope > 0 && r->min_slide_slope <= half_pi)) return false;
    if (!(r->step_height >= 0 && r->step_height <= C2D_MAX_COORD)) return false;
    if (!(r->step_min_width >= 0 && r->step_min_width <= C2D_MAX_COORD)) return false;
    if (!(r->snap_distance >= 0 && r->snap_distance <= C2D_MAX_COORD)) return false;
    return r->max_iterations >= 1 && r->max_iterations <= 64;
}

/* The collider's local shape as parts (one shape, or a concave collider's convex pieces as the
 * world makes them) and its rotation; *pieces gets the collider's piece count. An error for what
 * a mover cannot move: a concave collider of more than MOVER_PARTS pieces (BUFFER_TOO_SMALL). */
static c2d_status mover_body(const c2d_world *w, c2d_collider_id id, c2d_shape *local, int32_t *count, c2d_rot *q, bool *concave) {
    c2d_collider_info info;
    c2d_status st = c2d_world_get(w, id, &info);
    if (st != C2D_OK) return st;
    *q = info.transform.q;
    if (q->c == 0 && q->s == 0) *q = c2d_rot_identity();
    *concave = info.is_concave;
    if (info.is_concave) {
        c2d_polygon part[MOVER_PARTS];
        int n = 0, i;
        st = c2d_concave_decompose(&info.concave, part, MOVER_PARTS, &n);
        if (st != C2D_OK) return st;
        for (i = 0; i < n; ++i) local[i] = c2d_shape_from_polygon(&part[i]);
        *count = n;
        return C2D_OK;
    }
    if (c2d_kind_of(info.shape.type) == NULL) return C2D_ERR_UNSUPPORTED;
    local[0] = info.shape;
    *count = 1;
    return C2D_OK;
}

/* The skin shape's parts: each part of the mover's shape grown by r (grow; pieces: the parts are
 * a concave shape's pieces). */
static c2d_status mover_skin(const c2d_shape *local, int32_t count, bool pieces, c2d_real r, c2d_shape *skin, int32_t capacity,
                             int32_t *skin_count) {
    int32_t i, n = 0, k;
    for (i = 0; i < count; ++i) {
        if (n + C2D_SKIN_PARTS > capacity) return C2D_ERR_BUFFER_TOO_SMALL;
        k = grow(&local[i], r, pieces, &skin[n]);
        if (k <= 0) return C2D_ERR_DEGENERATE;
        n += k;
    }
    *skin_count = n;
    return C2D_OK;
}

c2d_status c2d_mover_init(c2d_mover *mover, const c2d_world *world, c2d_collider_id collider, const c2d_mover_config *config) {
    c2d_mover_config zero, r;
    c2d_shape local[MOVER_PARTS], skin[MOVER_SKIN];
    c2d_rot q;
    int32_t count = 0, skin_count = 0;
    bool concave = false;
    c2d_collider_info info;
    c2d_status st;
    if (!mover || !world) return C2D_ERR_NULL_ARG;
    st = mover_body(world, collider, local, &count, &q, &concave);
    if (st != C2D_OK) return st;
    st = c2d_world_get(world, collider, &info);
    if (st != C2D_OK) return st;
    memset(&zero, 0, sizeof zero);
    st = resolve(config ? config : &zero, world, collider, info.piece_count, &r);
    if (st != C2D_OK) return st;
    st = mover_skin(local, count, concave, r.skin, skin, MOVER_SKIN, &skin_count);
    if (st != C2D_OK) return st;
    memset(mover, 0, sizeof *mover);
    mover->collider = collider;
    mover->config = r;
    mover->config.filter.self = collider;
    mover->ground = c2d_collider_id_null();
    return C2D_OK;
}

void c2d_mover_reset(c2d_mover *mover) {
    if (!mover) return;
    mover->grounded = false;
    mover->ground = c2d_collider_id_null();
    memset(&mover->ground_transform, 0, sizeof mover->ground_transform);
    mover->ground_normal = c2d_v2(0, 0);
}

/* ---- the move ---- */

static bool same_transform(c2d_transform a, c2d_transform b) {
    return a.p.x == b.p.x && a.p.y == b.p.y && a.q.c == b.q.c && a.q.s == b.q.s;
}

/* Tries a step up from pos for the remaining move rem (see the file's comment). */
static bool try_step(mctx *c, const c2d_mover_config *cfg, c2d_vec2 pos, c2d_vec2 rem, c2d_vec2 *out_pos, mhit *land) {
    c2d_vec2 h = c2d_mul_add(rem, -c2d_dot(rem, c->up), c->up), dir, lifted_pos, probe_pos, p2;
    c2d_real hl = c2d_len(h), t, lift, reach;
    mhit hit;
    if (hl <= round_len(pos)) return false;
    dir = c2d_scale(h, 1 / hl);
    t = cast_move(c, pos, c2d_scale(c->up, cfg->step_height), &hit);
    lift = cfg->step_height * t;
    if (lift <= c->skin) return false;
    lifted_pos = c2d_mul_add(pos, lift, c->up);
    /* the way forward over the step must be free for the move and for the step's least width */
    reach = c2d_maxr(hl, cfg->step_min_width);
    t = cast_move(c, lifted_pos, c2d_scale(dir, reach), &hit);
    if (hit.hit) return false;
    probe_pos = c2d_mul_add(lifted_pos, reach, dir);
    t = cast_move(c, probe_pos, c2d_scale(c->up, -(lift + c->skin)), &hit);
    if (!hit.hit || classify(c, hit.normal) != C2D_MOVER_GROUND) return false;
    p2 = c2d_mul_add(lifted_pos, hl, dir);
    t = cast_move(c, p2, c2d_scale(c->up, -(lift + c->skin)), &hit);
    if (!hit.hit || classify(c, hit.normal) != C2D_MOVER_GROUND) return false;
    p2 = c2d_mul_add(p2, -(lift + c->skin) * t, c->up);
    if (c2d_dot(c2d_sub(p2, pos), c->up) <= round_len(pos)) return false;
    *out_pos = p2;
    *land = hit;
    return true;
}

c2d_status c2d_mover_move(c2d_mover *mover, c2d_world *world, const c2d_mover_input *input, c2d_mover_contact *contacts,
                          int32_t capacity, c2d_mover_result *out) {
    const c2d_mover_config *cfg;
    c2d_collider_info info;
    c2d_mover_result r;
    c2d_vec2 start, pos, rem, normals[64], carry = c2d_v2(0, 0), rec;
    c2d_transform xf, ground_xf;
    mctx c;
    mhit hit, ground_hit;
    c2d_status st;
    bool grounded_before, stuck, ground_seen = false, met_arc = false;
    c2d_vec2 path[66]; /* where the move was after recovery and after each cast (the last check) */
    int32_t it, nn = 0, np = 0;
    c2d_real t;
    if (!mover || !world || !input) return C2D_ERR_NULL_ARG;
    if (!c2d_vec2_is_valid(input->translation)) return C2D_ERR_NOT_FINITE;
    if (C2D_ABS(input->translation.x) > C2D_MAX_COORD || C2D_ABS(input->translation.y) > C2D_MAX_COORD) return C2D_ERR_OUT_OF_RANGE;
    if (capacity < 0 || (capacity > 0 && !contacts)) return C2D_ERR_BAD_SIZE;
    cfg = &mover->config;
    if (!resolved_ok(cfg)) return C2D_ERR_BAD_SIZE;
    st = c2d_world_get(world, mover->collider, &info);
    if (st != C2D_OK) return st;

    memset(&c, 0, sizeof c);
    c.world = world;
    c.self = mover->collider;
    {
        bool concave = false;
        st = mover_body(world, mover->collider, c.local, &c.local_count, &c.q, &concave);
        if (st != C2D_OK) return st;
        c.skin = cfg->skin;
        st = mover_skin(c.local, c.local_count, concave, c.skin, c.skin_part, MOVER_SKIN, &c.skin_count);
    }
    if (st != C2D_OK) return st;
    c.up = cfg->up;
    c.cos_max = C2D_COS(cfg->max_slope);
    c.cos_slide = C2D_COS(cfg->min_slide_slope);
    c.filter = cfg->filter;
    c.filter.self = mover->collider;
    c.filter.flags |= C2D_QUERY_SKIP_SENSORS;
    c.drop = input->drop_through;
    c.contacts = contacts;
    c.capacity = capacity;
    c.met_arc = &met_arc;
    {
        int32_t i;
        for (i = 0; i < c.local_count; ++i)
            if (c.local[i].type == C2D_SHAPE_ARC) met_arc = true;
    }

    memset(&r, 0, sizeof r);
    start = pos = info.transform.p;
    grounded_before = mover->grounded;

    /* 1. carried by the platform it stood on */
    {
        c2d_collider_info g;
        if (mover->grounded && c2d_world_get(world, mover->ground, &g) == C2D_OK && !same_transform(g.transform, mover->ground_transform)) {
            c2d_vec2 target = c2d_transform_point(g.transform, c2d_inv_transform_point(mover->ground_transform, pos));
            c2d_vec2 d = c2d_sub(target, pos);
            if (c2d_vec2_is_valid(d)) {
                c.ignore = &mover->ground;
                c.ignore_count = 1;
                t = cast_move(&c, pos, d, &hit);
                carry = c2d_scale(d, t);
                pos = c2d_add(pos, carry);
                c.ignore = NULL;
                c.ignore_count = 0;
            }
        }
    }

    /* 2. out of any overlap */
    {
        oset s;
        s.n = 0;
        r.started_inside = gather(&c, pos, false, &s);
    }
    rec = recover(&c, pos, &stuck);
    r.stuck = stuck;
    pos = c2d_add(pos, rec);
    path[np++] = pos;

    /* 3. cast and slide */
    rem = input->translation;
    ground_hit.hit = false;
    for (it = 0; it < cfg->max_iterations; ++it) {
        c2d_mover_contact_kind kind;
        c2d_vec2 next;
        int32_t j;
        if (c2d_len_sq(rem) == 0) break;
        t = cast_move(&c, pos, rem, &hit);
        pos = c2d_mul_add(pos, t, rem);
        if (np < 65) path[np++] = pos;
        if (!hit.hit) {
            rem = c2d_v2(0, 0);
            break;
        }
        rem = c2d_scale(rem, (c2d_real)1 - t);
        kind = classify(&c, hit.normal);
        add_contact(&c, &hit, kind);
        if (kind == C2D_MOVER_GROUND) {
            ground_seen = true;
            ground_hit = hit;
        } else if (kind == C2D_MOVER_WALL) {
            r.hit_wall = true;
            r.wall_normal = hit.normal;
        } else {
            r.hit_ceiling = true;
            r.ceiling_normal = hit.normal;
        }
        if (cfg->no_slide) break;
        if (kind == C2D_MOVER_WALL && cfg->step_height > 0 && !r.stepped && (grounded_before || ground_seen)) {
            c2d_vec2 stepped;
            mhit land;
            if (try_step(&c, cfg, pos, rem, &stepped, &land)) {
                pos = stepped;
                r.stepped = true;
                ground_seen = true;
                ground_hit = land;
                add_contact(&c, &land, C2D_MOVER_GROUND);
                rem = c2d_v2(0, 0);
                break;
            }
        }
        next = slide(&c, rem, hit.normal, kind);
        /* a crease: going back into an earlier surface of this call; in 2D nothing is left */
        for (j = 0; j < nn; ++j)
            if (c2d_dot(next, normals[j]) < -(c2d_real)1e-5 * c2d_len(next)) {
                next = c2d_v2(0, 0);
                break;
            }
        if (nn < 64) normals[nn++] = hit.normal;
        rem = next;
    }

    /* 4. probe the ground; when it is gone, snap down to it if the mover was grounded (at the
     * start or during the move) and is not moving up */
    t = cast_move(&c, pos, c2d_scale(c.up, -c.skin), &hit);
    if (hit.hit && classify(&c, hit.normal) == C2D_MOVER_GROUND && c2d_dot(input->translation, c.up) <= c.skin) {
        /* not moving up: settle onto the ground, so a grounded mover always rests at the skin gap
         * (a landing that ends within the skin of the floor would otherwise stand a little high) */
        if (c2d_dot(input->translation, c.up) <= 0 && t > 0) pos = c2d_mul_add(pos, -c.skin * t, c.up);
        ground_hit = hit;
        r.grounded = true;
    } else if ((grounded_before || ground_seen) && cfg->snap_distance > 0 && c2d_dot(input->translation, c.up) <= 0) {
        t = cast_move(&c, pos, c2d_scale(c.up, -cfg->snap_distance), &hit);
        if (hit.hit && classify(&c, hit.normal) == C2D_MOVER_GROUND) {
            pos = c2d_mul_add(pos, -cfg->snap_distance * t, c.up);
            r.snapped = true;
            r.grounded = true;
            ground_hit = hit;
            add_contact(&c, &hit, C2D_MOVER_GROUND);
        }
    }

    /* 5. An arc (the one kind not convex as one piece) was met, or is the mover: its casts stop
     * within a tolerance rather than exactly, and rare near-tangent contacts with its inner circle
     * can end a call overlapping by a rounding-sized amount. Then the move ends at the last
     * position along its path whose real shape is clear (the position after recovery, if need be),
     * when that one was clear. */
    if (met_arc && !stuck) {
        oset s;
        s.n = 0;
        if (gather(&c, pos, false, &s)) {
            int32_t k = np;
            while (k-- > 0) {
                s.n = 0;
                if (!gather(&c, path[k], false, &s)) break;
            }
            if (k >= 0) pos = path[k];
        }
    }

    if (!c2d_vec2_is_valid(pos) || C2D_ABS(pos.x) > C2D_MAX_COORD || C2D_ABS(pos.y) > C2D_MAX_COORD) return C2D_ERR_OUT_OF_RANGE;
    xf = info.transform;
    xf.p = pos;
    if (pos.x != start.x || pos.y != start.y) {
        st = c2d_world_set_transform(world, mover->collider, xf);
        if (st != C2D_OK) return st;
    }

    r.position = pos;
    r.moved = c2d_sub(pos, start);
    r.carried = carry;
    r.recovered = rec;
    r.contact_count = c.contact_count;
    if (r.grounded) {
        c2d_collider_info g;
        r.ground = ground_hit.id;
        r.ground_normal = ground_hit.normal;
        r.ground_angle = C2D_ATAN2(C2D_ABS(c2d_cross(c.up, ground_hit.normal)), c2d_dot(c.up, ground_hit.normal));
        ground_xf = c2d_world_get(world, ground_hit.id, &g) == C2D_OK ? g.transform : c2d_transform_identity();
        mover->grounded = true;
        mover->ground = ground_hit.id;
        mover->ground_transform = ground_xf;
        mover->ground_normal = ground_hit.normal;
    } else {
        r.ground = c2d_collider_id_null();
        c2d_mover_reset(mover);
    }
    if (out) *out = r;
    return C2D_OK;
}
