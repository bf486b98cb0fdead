/* Bump-style moves (world_move.h): bump.lua's World:check loop for any shape, over the public
 * world API only. Each leg is one c2d_world_cast_all over the swept box, made as the mover (filter
 * `self`) so that its own filter and the world's custom filter apply; the query's accept callback
 * sees every candidate, asks the move's filter for the response (inside the query, so the world
 * refuses changes), casts the mover's pieces against the candidate's pieces (c2d_world_get_piece,
 * c2d_shape_cast) and keeps the collisions in bump's order itself, so that nothing depends on a
 * buffer size. The accept callback always answers false: the query's own results are not used. */
#include <string.h>
#include "internal.h"
#include "collide2d/world_move.h"

/* Everything one move, check or project needs while a leg's query runs. */
typedef struct move_ctx {
    const c2d_world *w;
    c2d_collider_id item; /* the mover (null for a project without item) */
    uint64_t item_user;
    c2d_move_filter_fn *filter;
    void *filter_ctx;
    int32_t custom_count;
    /* the mover: a convex shape, or (concave collider) its placed pieces moved by offset */
    bool pieces;
    int32_t piece_count;
    c2d_shape shape; /* convex mover placed at the leg start */
    c2d_vec2 offset; /* concave mover: leg start - its position in the world */
    /* the leg */
    c2d_vec2 start, move;
    c2d_aabb item_aabb;
    const c2d_collider_id *visited;  /* colliders responded to in this move ... */
    const int32_t *visited_response; /* ... and their responses */
    int32_t visited_count;
    /* results: the first collision only, or every one into a caller buffer */
    bool all;
    bool found;
    bool best_again; /* best is a blocking collider hit again (a crease) */
    c2d_move_collision best;
    c2d_move_collision *buf;
    int32_t cap, n, total;
    c2d_status error;
} move_ctx;

static bool response_known(int32_t r, int32_t custom_count) {
    return (r >= C2D_RESPONSE_TOUCH && r <= C2D_RESPONSE_BOUNCE) ||
           (r >= C2D_RESPONSE_CUSTOM && r - C2D_RESPONSE_CUSTOM < custom_count);
}

/* bump's sortByTiAndDistance, then the collider index. */
static int col_cmp(const c2d_move_collision *a, const c2d_move_collision *b) {
    c2d_real da, db;
    if (a->ti != b->ti) return a->ti < b->ti ? -1 : 1;
    da = c2d_dist_sq(c2d_aabb_center(a->item_aabb), c2d_aabb_center(a->other_aabb));
    db = c2d_dist_sq(c2d_aabb_center(b->item_aabb), c2d_aabb_center(b->other_aabb));
    if (da != db) return da < db ? -1 : 1;
    return a->other.index < b->other.index ? -1 : a->other.index > b->other.index;
}

/* Keeps the first `cap` collisions in order; counts them all. */
static void keep(move_ctx *m, const c2d_move_collision *col, bool again) {
    int32_t at;
    ++m->total;
    if (!m->all) {
        if (!m->found || col_cmp(col, &m->best) < 0) {
            m->best = *col;
            m->best_again = again;
        }
        m->found = true;
        return;
    }
    if (m->cap == 0) return;
    if (m->n == m->cap && col_cmp(col, &m->buf[m->cap - 1]) >= 0) return;
    at = m->n < m->cap ? m->n : m->cap - 1;
    while (at > 0 && col_cmp(col, &m->buf[at - 1]) < 0) {
        m->buf[at] = m->buf[at - 1];
        --at;
    }
    m->buf[at] = *col;
    if (m->n < m->cap) ++m->n;
}

/* The mover's k-th shape at the leg start. */
static bool mover_piece(const move_ctx *m, int32_t k, c2d_shape *out) {
    c2d_shape placed;
    if (!m->pieces) {
        *out = m->shape;
        return true;
    }
    if (c2d_world_get_piece(m->w, m->item, k, &placed) != C2D_OK) return false;
    *out = c2d_shape_transform(&placed, c2d_transform_make(m->offset, 0));
    return true;
}

static bool is_zero(c2d_vec2 v) { return v.x == 0 && v.y == 0; }

/* The mover against one collider over the leg: every pair of pieces cast (c2d_shape_cast), the
 * earliest contact kept (at time 0, an overlap with the longest push-out first), the touch at the
 * smallest safe time of all pieces, or the push-out when overlapping. False: no collision. */
static bool collide(const move_ctx *m, c2d_collider_id id, const c2d_collider_info *info, int32_t response,
                    c2d_move_collision *col) {
    c2d_sweep best;
    c2d_real safe = 1, best_push = 0;
    bool any = false, best_ov = false, one_way = !is_zero(info->one_way);
    int32_t i, k;
    if (one_way && !(c2d_dot(m->move, info->one_way) < 0)) return false;
    memset(&best, 0, sizeof best);
    for (i = 0; i < m->piece_count; ++i) {
        c2d_shape a;
        if (!mover_piece(m, i, &a)) return false;
        for (k = 0; k < info->piece_count; ++k) {
            c2d_shape b;
            c2d_sweep sw;
            bool ov;
            if (c2d_world_get_piece(m->w, id, k, &b) != C2D_OK) return false;
            ov = c2d_shape_overlap(&a, &b);
            if (one_way && ov) return false; /* a one-way collider overlapped at the start lets go */
            sw = c2d_shape_cast(&a, m->move, &b, c2d_v2(0, 0));
            if (!sw.has_hit) continue;
            ov = ov && sw.hit.time == 0;
            if (!any || sw.hit.time < best.hit.time ||
                (sw.hit.time == best.hit.time && ov && (!best_ov || c2d_len_sq(sw.hit.delta) > best_push))) {
                best = sw;
                best_ov = ov;
                best_push = ov ? c2d_len_sq(sw.hit.delta) : 0;
            }
            if (sw.time < safe) safe = sw.time;
            any = true;
        }
    }
    if (!any) return false;
    memset(col, 0, sizeof *col);
    col->other = id;
    col->other_user_data = info->user_data;
    col->response = response;
    col->overlaps = best_ov;
    col->ti = best_ov ? 0 : best.hit.time;
    col->start = m->start;
    col->move = m->move;
    col->normal = best.hit.normal;
    col->point = best.hit.pos;
    col->item_aabb = m->item_aabb;
    col->other_aabb = info->aabb;
    if (best_ov) {
        /* the static push-out, then the sweep margin (widened for rounding) along the normal */
        c2d_real scale = c2d_maxr(c2d_aabb_abs_max(m->item_aabb), c2d_aabb_abs_max(info->aabb));
        c2d_real gap = C2D_SWEEP_MARGIN + (c2d_real)8 * C2D_EPSILON * scale;
        col->touch = c2d_add(c2d_add(m->start, best.hit.delta), c2d_scale(best.hit.normal, gap));
    } else {
        col->touch = safe > 0 ? c2d_mul_add(m->start, safe, m->move) : m->start;
    }
    col->slide = col->touch;
    col->bounce = col->touch;
    return c2d_vec2_is_valid(col->touch) && c2d_vec2_in_range(col->touch);
}

/* The response this move already gave the collider, or NONE. */
static int32_t visited(const move_ctx *m, c2d_collider_id id) {
    int32_t i;
    for (i = 0; i < m->visited_count; ++i) {
        if (c2d_collider_id_equal(m->visited[i], id)) return m->visited_response[i];
    }
    return C2D_RESPONSE_NONE;
}

/* The query's accept callback: every candidate of the swept box comes here. */
static bool move_accept(c2d_collider_id id, uint64_t user_data, void *context) {
    move_ctx *m = (move_ctx *)context;
    c2d_collider_info info;
    c2d_move_collision col;
    int32_t response, before;
    if (m->error != C2D_OK) return false;
    /* visited: a crossed collider is left out (bump); any other still blocks, without a new record */
    before = visited(m, id);
    if (before == C2D_RESPONSE_CROSS) return false;
    if (c2d_world_get(m->w, id, &info) != C2D_OK) return false;
    if (before != C2D_RESPONSE_NONE) {
        if (collide(m, id, &info, before, &col)) keep(m, &col, true);
        return false;
    }
    if (m->filter) response = m->filter(m->item, m->item_user, id, user_data, m->filter_ctx);
    else response = (info.flags & C2D_COLLIDER_SENSOR) ? C2D_RESPONSE_CROSS : C2D_RESPONSE_SLIDE;
    if (response == C2D_RESPONSE_NONE) return false;
    if (!response_known(response, m->custom_count)) {
        m->error = C2D_ERR_UNSUPPORTED;
        return false;
    }
    if (collide(m, id, &info, response, &col)) keep(m, &col, false);
    return false;
}

/* Places the mover at the leg start and runs the leg's query. */
static c2d_status project_leg(move_ctx *m, const c2d_move_input *in, c2d_vec2 start, c2d_vec2 goal,
                              c2d_transform xf, const c2d_shape *local) {
    c2d_query_filter f;
    c2d_shape sweep_shape;
    int32_t total, i;
    c2d_status s;
    if (!c2d_vec2_is_valid(start) || !c2d_vec2_is_valid(goal)) return C2D_ERR_NOT_FINITE;
    if (!c2d_vec2_in_range(start) || !c2d_vec2_in_range(goal)) return C2D_ERR_OUT_OF_RANGE;
    m->start = start;
    m->move = c2d_sub(goal, start);
    if (!c2d_vec2_in_range(m->move)) return C2D_ERR_OUT_OF_RANGE;
    m->found = false;
    m->n = 0;
    m->total = 0;
    m->error = C2D_OK;
    if (!m->pieces) {
        xf.p = start;
        m->shape = c2d_shape_transform(local, xf);
        m->item_aabb = c2d_shape_aabb(&m->shape);
        sweep_shape = m->shape;
    } else {
        m->offset = c2d_sub(start, xf.p);
        for (i = 0; i < m->piece_count; ++i) {
            c2d_shape p;
            c2d_aabb b;
            if (!mover_piece(m, i, &p)) return C2D_ERR_BAD_ID;
            b = c2d_shape_aabb(&p);
            m->item_aabb = i == 0 ? b : c2d_aabb_union(m->item_aabb, b);
        }
        sweep_shape = c2d_shape_from_aabb(m->item_aabb);
    }
    memset(&f, 0, sizeof f);
    f.flags = in->query_flags;
    f.self = m->item;
    f.accept = move_accept;
    f.context = m;
    s = c2d_world_cast_all(m->w, &sweep_shape, m->move, &f, NULL, 0, &total);
    if (s != C2D_OK) return s;
    return m->error;
}

/* The input checks shared by move, check and project. */
static c2d_status check_input(const c2d_move_input *in) {
    int32_t k;
    if (in->capacity < 0 || (in->capacity > 0 && !in->collisions)) return C2D_ERR_BAD_SIZE;
    if (in->custom_count < 0 || in->max_iterations < 0 || in->max_iterations > C2D_MOVE_MAX_ITERATIONS) {
        return C2D_ERR_BAD_SIZE;
    }
    if (in->custom_count > 0 && !in->custom) return C2D_ERR_NULL_ARG;
    for (k = 0; k < in->custom_count; ++k) {
        if (!in->custom[k].fn) return C2D_ERR_NULL_ARG;
    }
    if (in->query_flags & ~(uint32_t)(C2D_QUERY_SKIP_SENSORS | C2D_QUERY_SKIP_STATIC | C2D_QUERY_SKIP_MOVING)) {
        return C2D_ERR_UNSUPPORTED;
    }
    return C2D_OK;
}

static void result_reset(c2d_move_result *out, c2d_vec2 position) {
    memset(out, 0, sizeof *out);
    out->position = position;
}

/* Slide (bounce: twice) the part of goal - touch that goes into the normal. An axis-aligned normal
 * keeps the goal's other coordinate exactly (bump's numbers); others project. */
static c2d_vec2 redirect(c2d_vec2 touch, c2d_vec2 goal, c2d_vec2 n, bool bounce) {
    c2d_vec2 r = c2d_sub(goal, touch);
    c2d_real into = c2d_dot(r, n);
    if (!(into < 0)) return goal;
    if (n.x == 0) return c2d_v2(goal.x, bounce ? touch.y - r.y : touch.y);
    if (n.y == 0) return c2d_v2(bounce ? touch.x - r.x : touch.x, goal.y);
    return c2d_add(touch, c2d_sub(r, c2d_scale(n, (bounce ? 2 : 1) * into)));
}

bool c2d_move_respond(int32_t response, c2d_move_collision *col, c2d_vec2 *start, c2d_vec2 *goal) {
    if (!col || !start || !goal) return false;
    switch (response) {
    case C2D_RESPONSE_TOUCH:
        *start = col->touch;
        *goal = col->touch;
        return false;
    case C2D_RESPONSE_CROSS:
        return true;
    case C2D_RESPONSE_SLIDE:
        col->slide = redirect(col->touch, *goal, col->normal, false);
        *start = col->touch;
        *goal = col->slide;
        return true;
    case C2D_RESPONSE_BOUNCE:
        col->bounce = redirect(col->touch, *goal, col->normal, true);
        *start = col->touch;
        *goal = col->bounce;
        return true;
    default:
        return false;
    }
}

/* bump's World:check: legs until a response stops or nothing is hit. */
static c2d_status run_check(const c2d_world *w, c2d_collider_id id, c2d_vec2 goal, const c2d_move_input *in,
                            c2d_move_result *out, c2d_transform *out_xf) {
    c2d_collider_id seen[C2D_MOVE_MAX_ITERATIONS];
    int32_t seen_response[C2D_MOVE_MAX_ITERATIONS];
    c2d_collider_info info;
    move_ctx m;
    c2d_vec2 start;
    int32_t max_it, it = 0;
    c2d_status s;
    memset(&m, 0, sizeof m);
    s = c2d_world_get(w, id, &info);
    if (s != C2D_OK) return s;
    *out_xf = info.transform;
    result_reset(out, info.transform.p);
    if (!c2d_vec2_is_valid(goal)) return C2D_ERR_NOT_FINITE;
    if (!c2d_vec2_in_range(goal)) return C2D_ERR_OUT_OF_RANGE;
    m.w = w;
    m.item = id;
    m.item_user = info.user_data;
    m.filter = in->filter;
    m.filter_ctx = in->context;
    m.custom_count = in->custom_count;
    m.pieces = info.is_concave;
    m.piece_count = info.is_concave ? info.piece_count : 1;
    m.visited = seen;
    m.visited_response = seen_response;
    max_it = in->max_iterations ? in->max_iterations : C2D_MOVE_DEFAULT_ITERATIONS;
    start = info.transform.p;
    for (;;) {
        c2d_move_collision col;
        bool go_on;
        int32_t r;
        s = project_leg(&m, in, start, goal, info.transform, &info.shape);
        if (s != C2D_OK) break;
        if (!m.found) {
            out->position = goal;
            break;
        }
        col = m.best;
        if (m.best_again) {
            /* sliding along this leg goes back into a collider responded to before: a crease,
             * where no direction along both surfaces remains; stop short of it */
            out->position = col.touch;
            break;
        }
        if (it == max_it) {
            out->capped = true;
            out->position = col.touch;
            break;
        }
        r = col.response;
        seen[m.visited_count] = col.other;
        seen_response[m.visited_count++] = r;
        if (r >= C2D_RESPONSE_CUSTOM) {
            const c2d_move_custom_response *cr = &in->custom[r - C2D_RESPONSE_CUSTOM];
            go_on = cr->fn(&col, &start, &goal, cr->context);
        } else {
            go_on = c2d_move_respond(r, &col, &start, &goal);
        }
        if (out->total < in->capacity) in->collisions[out->total] = col;
        ++out->total;
        ++it;
        if (!go_on) {
            if (!c2d_vec2_is_valid(goal)) s = C2D_ERR_NOT_FINITE;
            else if (!c2d_vec2_in_range(goal)) s = C2D_ERR_OUT_OF_RANGE;
            else out->position = goal;
            break;
        }
    }
    if (s != C2D_OK) {
        result_reset(out, info.transform.p);
        return s;
    }
    out->count = out->total < in->capacity ? out->total : in->capacity;
    return C2D_OK;
}

/* The common entry of check and move: arguments, a zero input for NULL, the input's checks, then
 * the check itself (run_check); *xf gets the collider's transform. */
static c2d_status check_entry(const c2d_world *world, c2d_collider_id id, c2d_vec2 goal, const c2d_move_input *in,
                              c2d_move_result *out, c2d_transform *xf) {
    c2d_move_input zero;
    c2d_status s;
    if (!world || !out) return C2D_ERR_NULL_ARG;
    result_reset(out, c2d_v2(0, 0));
    if (!in) {
        memset(&zero, 0, sizeof zero);
        in = &zero;
    }
    s = check_input(in);
    if (s != C2D_OK) return s;
    return run_check(world, id, goal, in, out, xf);
}

c2d_status c2d_world_check(const c2d_world *world, c2d_collider_id id, c2d_vec2 goal, const c2d_move_input *in,
                           c2d_move_result *out) {
    c2d_transform xf;
    return check_entry(world, id, goal, in, out, &xf);
}

c2d_status c2d_world_move(c2d_world *world, c2d_collider_id id, c2d_vec2 goal, const c2d_move_input *in,
                          c2d_move_result *out) {
    c2d_transform xf;
    c2d_status s;
    s = check_entry(world, id, goal, in, out, &xf);
    if (s != C2D_OK) return s;
    if (out->position.x != xf.p.x || out->position.y != xf.p.y) {
        c2d_vec2 from = xf.p;
        xf.p = out->position;
        s = c2d_world_set_transform(world, id, xf);
        if (s != C2D_OK) {
            result_reset(out, from);
            return s;
        }
    }
    return C2D_OK;
}

c2d_status c2d_world_project(const c2d_world *world, c2d_collider_id item, const c2d_shape *shape, c2d_transform start,
                             c2d_vec2 goal, const c2d_move_input *in, c2d_move_result *out) {
    c2d_move_input zero;
    c2d_collider_info info;
    move_ctx m;
    c2d_status s;
    if (!world || !shape || !out) return C2D_ERR_NULL_ARG;
    result_reset(out, goal);
    if (!in) {
        memset(&zero, 0, sizeof zero);
        in = &zero;
    }
    memset(&info, 0, sizeof info);
    s = check_input(in);
    if (s == C2D_OK && !c2d_collider_id_is_null(item)) s = c2d_world_get(world, item, &info);
    if (s == C2D_OK && !c2d_shape_is_valid(shape)) {
        /* the world's status for this shape (checked before any work) */
        int32_t n;
        s = c2d_world_overlap_shape(world, shape, NULL, NULL, 0, &n);
        if (s == C2D_OK) s = C2D_ERR_UNSUPPORTED;
    }
    if (s == C2D_OK && (!c2d_vec2_is_valid(start.p) || !C2D_ISFINITE(start.q.c) || !C2D_ISFINITE(start.q.s))) {
        s = C2D_ERR_NOT_FINITE;
    }
    if (s == C2D_OK) {
        if (start.q.c == 0 && start.q.s == 0) start.q = c2d_rot_identity();
        if (!c2d_transform_is_valid(start)) s = C2D_ERR_BAD_SIZE;
    }
    if (s != C2D_OK) {
        result_reset(out, goal);
        return s;
    }
    memset(&m, 0, sizeof m);
    m.w = world;
    m.item = item;
    m.item_user = c2d_collider_id_is_null(item) ? 0 : info.user_data;
    m.filter = in->filter;
    m.filter_ctx = in->context;
    m.custom_count = in->custom_count;
    m.piece_count = 1;
    m.all = true;
    m.buf = in->collisions;
    m.cap = in->capacity;
    s = project_leg(&m, in, start.p, goal, start, shape);
    if (s != C2D_OK) {
        result_reset(out, goal);
        return s;
    }
    out->total = m.total;
    out->count = m.n;
    return C2D_OK;
}
