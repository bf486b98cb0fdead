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
 *
 * Seams ("ghost collisions"): a cast that meets the corner of a box, polygon or segment where a
 * neighbour collider (or piece) continues one of the corner's two faces in the same line takes
 * that face's normal instead of the corner's (internal-edge normal correction); a hit whose
 * normal, so corrected, does not oppose the move does not block. The skin keeps the mover clear
 * of the floor's top, so at a seam the only contacts are these corner ties and rounding-deep
 * touches of the next tile's side, both of which the correction removes. */
#include <string.h>
#include "internal.h"
#include "collide2d/mover.h"

#define MOVER_HIT_BUFFER 16
#define MOVER_NEIGHBOURS 16
#define MOVER_SET 16

typedef struct mctx {
    c2d_world *world;
    c2d_collider_id self;
    c2d_shape local;      /* the mover's local convex shape */
    c2d_shape local_skin; /* the same grown by the skin */
    c2d_rot q;            /* the collider's rotation (kept) */
    c2d_vec2 up;
    c2d_real skin, cos_max, cos_slide;
    c2d_query_filter filter;
    bool drop;
    const c2d_collider_id *ignore; /* colliders a cast leaves out */
    int32_t ignore_count;
    c2d_mover_contact *contacts;
    int32_t capacity, contact_count;
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

/* Largest dot(dir, x) over the shape. */
static c2d_real support(const c2d_shape *s, c2d_vec2 d) {
    c2d_real best, v;
    int i;
    switch (s->type) {
    case C2D_SHAPE_POINT: return c2d_dot(d, s->as.point);
    case C2D_SHAPE_SEGMENT: return c2d_maxr(c2d_dot(d, s->as.segment.p1), c2d_dot(d, s->as.segment.p2));
    case C2D_SHAPE_AABB:
        return (d.x > 0 ? d.x * s->as.aabb.upper.x : d.x * s->as.aabb.lower.x) +
               (d.y > 0 ? d.y * s->as.aabb.upper.y : d.y * s->as.aabb.lower.y);
    case C2D_SHAPE_CIRCLE: return c2d_dot(d, s->as.circle.center) + s->as.circle.radius * c2d_len(d);
    case C2D_SHAPE_CAPSULE:
        return c2d_maxr(c2d_dot(d, s->as.capsule.p1), c2d_dot(d, s->as.capsule.p2)) + s->as.capsule.radius * c2d_len(d);
    case C2D_SHAPE_POLYGON:
        best = c2d_dot(d, s->as.polygon.vertices[0]);
        for (i = 1; i < s->as.polygon.count; ++i) {
            v = c2d_dot(d, s->as.polygon.vertices[i]);
            if (v > best) best = v;
        }
        return best;
    case C2D_SHAPE_ROUNDED_POLYGON:
    case C2D_SHAPE_ELLIPSE:
    case C2D_SHAPE_WEDGE:
    case C2D_SHAPE_CONCAVE:
    case C2D_SHAPE_ARC: /* not a mover's shape (shape_kind_ok) */
    case C2D_SHAPE_TYPE_COUNT: break;
    }
    return 0;
}

/* The shape grown by r: radii grow, a box's faces and a polygon's edges move out by r. */
static c2d_shape grow(const c2d_shape *s, c2d_real r) {
    c2d_shape g = *s;
    int i, n;
    switch (s->type) {
    case C2D_SHAPE_AABB:
        g.as.aabb.lower = c2d_sub(s->as.aabb.lower, c2d_v2(r, r));
        g.as.aabb.upper = c2d_add(s->as.aabb.upper, c2d_v2(r, r));
        break;
    case C2D_SHAPE_CIRCLE: g.as.circle.radius += r; break;
    case C2D_SHAPE_CAPSULE: g.as.capsule.radius += r; break;
    case C2D_SHAPE_POLYGON:
        /* vertex i lies on edges i-1 and i: move it by r along both normals' bisector, scaled so
         * that each edge moves out by exactly r */
        n = s->as.polygon.count;
        for (i = 0; i < n; ++i) {
            c2d_vec2 a = s->as.polygon.normals[(i + n - 1) % n], b = s->as.polygon.normals[i];
            c2d_real k = r / ((c2d_real)1 + c2d_dot(a, b));
            g.as.polygon.vertices[i] = c2d_mul_add(s->as.polygon.vertices[i], k, c2d_add(a, b));
        }
        break;
    default: break;
    }
    return g;
}

static c2d_shape shape_at(const mctx *c, c2d_vec2 pos, bool skin) {
    c2d_transform xf;
    xf.p = pos;
    xf.q = c->q;
    return c2d_shape_transform(skin ? &c->local_skin : &c->local, xf);
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
    c2d_shape real;
    c2d_real low;
    if (c->drop) return false;
    real = shape_at(c, pos, false);
    low = -support(&real, c2d_neg(info->one_way));
    return low >= collider_support(c->world, id, info->piece_count, info->one_way) - c->skin * (c2d_real)0.5;
}

/* ---- seams: internal-edge normal correction ---- */

/* Faces of a convex piece through the point v (within tol): calls back with each face normal.
 * A segment is a face both ways. Circles, capsules and points have no flat face with a corner. */
static bool face_through(const c2d_shape *s, c2d_vec2 v, c2d_real tol, c2d_vec2 normal) {
    c2d_vec2 a[C2D_MAX_POLYGON_VERTICES], m[C2D_MAX_POLYGON_VERTICES];
    int i, n = 0;
    if (s->type == C2D_SHAPE_AABB) {
        c2d_vec2 lo = s->as.aabb.lower, hi = s->as.aabb.upper;
        a[0] = lo;
        m[0] = c2d_v2(0, -1);
        a[1] = c2d_v2(hi.x, lo.y);
        m[1] = c2d_v2(1, 0);
        a[2] = hi;
        m[2] = c2d_v2(0, 1);
        a[3] = c2d_v2(lo.x, hi.y);
        m[3] = c2d_v2(-1, 0);
        n = 4;
    } else if (s->type == C2D_SHAPE_POLYGON) {
        n = s->as.polygon.count;
        for (i = 0; i < n; ++i) {
            a[i] = s->as.polygon.vertices[i];
            m[i] = s->as.polygon.normals[i];
        }
    } else if (s->type == C2D_SHAPE_SEGMENT) {
        c2d_vec2 e = c2d_sub(s->as.segment.p2, s->as.segment.p1), p = c2d_normalize(c2d_right_perp(e));
        c2d_real len = c2d_len(e), t = c2d_dot(c2d_sub(v, s->as.segment.p1), e) / len;
        if (len <= 0 || C2D_ABS(c2d_dot(c2d_sub(v, s->as.segment.p1), p)) > tol || t < -tol || t > len + tol) return false;
        return C2D_ABS(c2d_dot(p, normal)) >= (c2d_real)1 - (c2d_real)1e-3;
    } else {
        return false;
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
        int i, count = 0;
        if (c2d_world_get_piece(c->world, id, k, &s) != C2D_OK) continue;
        if (s.type == C2D_SHAPE_AABB) {
            c2d_vec2 lo = s.as.aabb.lower, hi = s.as.aabb.upper;
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
        } else if (s.type == C2D_SHAPE_POLYGON) {
            count = s.as.polygon.count;
            for (i = 0; i < count; ++i) {
                vert[i] = s.as.polygon.vertices[i];
                fa[i] = s.as.polygon.normals[(i + count - 1) % count];
                fb[i] = s.as.polygon.normals[i];
            }
        } else if (s.type == C2D_SHAPE_SEGMENT) {
            c2d_vec2 f = c2d_normalize(c2d_right_perp(c2d_sub(s.as.segment.p2, s.as.segment.p1)));
            if (c2d_dot(f, n) < 0) f = c2d_neg(f);
            vert[0] = s.as.segment.p1;
            vert[1] = s.as.segment.p2;
            fa[0] = fb[0] = fa[1] = fb[1] = f;
            count = 2;
        }
        for (i = 0; i < count; ++i) {
            bool flat_a, flat_b;
            if (c2d_dist_sq(vert[i], p) > tol * tol) continue;
            if (s.type == C2D_SHAPE_SEGMENT) {
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

/* Casts the skin shape from pos by d. Returns the fraction of d it can move (the smallest safe
 * time of the blocking hits) and the first blocking hit, seam-corrected, in *out. One-way
 * colliders block by the one-way rule; a hit whose (corrected) normal does not oppose d does
 * not block. */
static c2d_real cast_move(const mctx *c, c2d_vec2 pos, c2d_vec2 d, mhit *out) {
    c2d_world_cast_hit hits[MOVER_HIT_BUFFER];
    int32_t total = 0, i, n;
    c2d_real safe = 1;
    c2d_shape s;
    out->hit = false;
    if (d.x == 0 && d.y == 0) return 1;
    s = shape_at(c, pos, true);
    if (c2d_world_cast_all(c->world, &s, d, &c->filter, hits, MOVER_HIT_BUFFER, &total) != C2D_OK) return 0;
    n = total < MOVER_HIT_BUFFER ? total : MOVER_HIT_BUFFER;
    for (i = 0; i < n; ++i) {
        const c2d_world_cast_hit *h = &hits[i];
        c2d_collider_info info;
        c2d_vec2 normal;
        if (c->ignore_count > 0 && id_in(c->ignore, c->ignore_count, h->id)) continue;
        if (c2d_world_get(c->world, h->id, &info) != C2D_OK) continue;
        if (info.one_way.x != 0 || info.one_way.y != 0) {
            if (c2d_dot(d, info.one_way) >= 0 || !one_way_above(c, pos, h->id, &info)) continue;
        }
        normal = seam_normal(c, h->id, info.piece_count, h->sweep.hit.pos, h->sweep.hit.normal);
        if (c2d_dot(d, normal) >= 0) continue;
        if (!out->hit) {
            out->hit = true;
            out->id = h->id;
            out->user_data = h->user_data;
            out->point = h->sweep.hit.pos;
            out->normal = normal;
        }
        safe = c2d_minr(safe, h->sweep.time);
    }
    /* more hits than the buffer and none blocked: stop where the buffer's knowledge ends */
    if (!out->hit && total > n) safe = hits[n - 1].sweep.time;
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

/* How far the shape s must move along u to leave collider id (0 when it does not overlap). */
static c2d_real exit_distance(const mctx *c, const c2d_shape *s, c2d_collider_id id, int32_t pieces, c2d_vec2 u) {
    c2d_real best = 0;
    c2d_aabb sb = c2d_shape_aabb(s);
    int32_t k;
    for (k = 0; k < pieces; ++k) {
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
    int32_t total = 0, i, n;
    bool added = false;
    c2d_shape s = shape_at(c, pos, skin);
    if (c2d_world_overlap_shape_hits(c->world, &s, &c->filter, hits, MOVER_SET, &total) != C2D_OK) return false;
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
    return added;
}

/* True when the real shape moved from pos by d meets no solid collider outside the set. */
static bool path_clear(const mctx *c, c2d_vec2 pos, c2d_vec2 d, const oset *set) {
    c2d_world_cast_hit buf[MOVER_HIT_BUFFER];
    int32_t total = 0, m;
    c2d_shape rs = shape_at(c, pos, false);
    if (c2d_world_cast_all(c->world, &rs, d, &c->filter, buf, MOVER_HIT_BUFFER, &total) != C2D_OK) return false;
    for (m = 0; m < total && m < MOVER_HIT_BUFFER; ++m) {
        c2d_collider_info info;
        if (id_in(set->id, set->n, buf[m].id)) continue;
        if (c2d_world_get(c->world, buf[m].id, &info) != C2D_OK) continue;
        if (info.one_way.x != 0 || info.one_way.y != 0) continue;
        return false;
    }
    return total <= MOVER_HIT_BUFFER;
}

/* Finds the shortest push out of every collider of the set whose path meets no other collider.
 * true with *push set when found (or when the set is empty). */
static bool best_push(const mctx *c, c2d_vec2 pos, bool skin, const oset *set, c2d_vec2 *push) {
    c2d_vec2 dirs[MOVER_SET + MOVER_SET * (MOVER_SET - 1) / 2 + 1];
    c2d_real best = -1;
    int32_t nd = 0, i, j, k;
    c2d_shape s = shape_at(c, pos, skin);
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
            e = exit_distance(c, &s, set->id[i], set->pieces[i], u);
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

static bool shape_kind_ok(c2d_shape_type t) {
    return t == C2D_SHAPE_AABB || t == C2D_SHAPE_CIRCLE || t == C2D_SHAPE_CAPSULE || t == C2D_SHAPE_POLYGON;
}

static bool finite_len(c2d_real x) { return C2D_ISFINITE(x); }

/* Checks a config and resolves its defaults for a placed shape. */
static c2d_status resolve(const c2d_mover_config *in, const c2d_shape *placed, c2d_mover_config *out) {
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
    height = support(placed, r.up) + support(placed, c2d_neg(r.up));
    across = c2d_left_perp(r.up);
    width = support(placed, across) + support(placed, c2d_neg(across));
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

/* The collider's local shape, rotation and placed shape; an error for what a mover cannot move. */
static c2d_status mover_shape(const c2d_world *w, c2d_collider_id id, c2d_shape *local, c2d_rot *q, c2d_shape *placed) {
    c2d_collider_info info;
    c2d_status st = c2d_world_get(w, id, &info);
    if (st != C2D_OK) return st;
    if (info.is_concave || !shape_kind_ok(info.shape.type)) return C2D_ERR_UNSUPPORTED;
    *local = info.shape;
    *q = info.transform.q;
    if (q->c == 0 && q->s == 0) *q = c2d_rot_identity();
    return c2d_world_get_piece(w, id, 0, placed);
}

c2d_status c2d_mover_init(c2d_mover *mover, const c2d_world *world, c2d_collider_id collider, const c2d_mover_config *config) {
    c2d_mover_config zero, r;
    c2d_shape local, placed;
    c2d_rot q;
    c2d_status st;
    if (!mover || !world) return C2D_ERR_NULL_ARG;
    st = mover_shape(world, collider, &local, &q, &placed);
    if (st != C2D_OK) return st;
    memset(&zero, 0, sizeof zero);
    st = resolve(config ? config : &zero, &placed, &r);
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
    c2d_shape placed;
    c2d_mover_result r;
    c2d_vec2 start, pos, rem, normals[64], carry = c2d_v2(0, 0), rec;
    c2d_transform xf, ground_xf;
    mctx c;
    mhit hit, ground_hit;
    c2d_status st;
    bool grounded_before, stuck, ground_seen = false;
    int32_t it, nn = 0;
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
    st = mover_shape(world, mover->collider, &c.local, &c.q, &placed);
    if (st != C2D_OK) return st;
    c.skin = cfg->skin;
    c.local_skin = grow(&c.local, c.skin);
    c.up = cfg->up;
    c.cos_max = C2D_COS(cfg->max_slope);
    c.cos_slide = C2D_COS(cfg->min_slide_slope);
    c.filter = cfg->filter;
    c.filter.self = mover->collider;
    c.filter.flags |= C2D_QUERY_SKIP_SENSORS;
    c.drop = input->drop_through;
    c.contacts = contacts;
    c.capacity = capacity;

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
