/* level_walk: moves a box through a small level of mixed shapes and prints every hit and where the
 * box stopped. Each scripted move is cut into substeps no longer than a quarter of the box, so the
 * box cannot skip over anything; after each substep the box is pushed out of every shape it
 * overlaps (c2d_shape_hit gives the push-out), and the walls and floor, which are boxes, are met
 * with the intersect article's exact sweep (c2d_aabb_sweep_into). Coordinates: y points up. */
#include <stdio.h>
#include <collide2d.h>

typedef struct level_shape {
    const char *name;
    c2d_shape shape;
} level_shape;

#define MAX_SHAPES 16

static int build_level(level_shape *out, c2d_aabb *walls, int *wall_count) {
    int n = 0, w = 0;
    c2d_aabb box;
    c2d_circle circle;
    c2d_capsule capsule;
    c2d_polygon poly;
    const c2d_vec2 ramp[3] = {{14, 0}, {20, 0}, {20, 3}};

    /* Floor and two walls: boxes, swept exactly. */
    if (c2d_aabb_from_ltrb(-5, 0, 40, -1, &box) != C2D_OK) return -1;
    walls[w++] = box;
    if (c2d_aabb_from_ltrb(-6, 12, -5, -1, &box) != C2D_OK) return -1;
    walls[w++] = box;
    if (c2d_aabb_from_ltrb(40, 12, 41, -1, &box) != C2D_OK) return -1;
    walls[w++] = box;

    /* Round and slanted things: pushed out after each substep. */
    if (c2d_circle_make(c2d_v2(8, 1), 1.5f, &circle) != C2D_OK) return -1;
    out[n].name = "boulder (circle)"; out[n++].shape = c2d_shape_from_circle(circle);
    if (c2d_polygon_make(ramp, 3, &poly) != C2D_OK) return -1;
    out[n].name = "ramp (triangle)"; out[n++].shape = c2d_shape_from_polygon(&poly);
    if (c2d_capsule_make(c2d_v2(24, 4), c2d_v2(30, 4), 0.5f, &capsule) != C2D_OK) return -1;
    out[n].name = "log (capsule)"; out[n++].shape = c2d_shape_from_capsule(capsule);
    if (c2d_polygon_make_box(c2d_v2(1, 1), &poly) != C2D_OK) return -1;
    poly = c2d_polygon_transform(&poly, c2d_transform_make(c2d_v2(34, 1.0f), 0.3f));
    out[n].name = "crate (rotated box)"; out[n++].shape = c2d_shape_from_polygon(&poly);

    *wall_count = w;
    return n;
}

static c2d_aabb box_at(c2d_vec2 center, c2d_vec2 half) {
    c2d_aabb b;
    b.lower = c2d_sub(center, half);
    b.upper = c2d_add(center, half);
    return b;
}

/* First contact with one shape during one scripted move, and how many contacts (sweep stops and
 * push-outs) it had. */
typedef struct contact_log {
    int count;
    c2d_hit first;
    bool swept;
} contact_log;

static void log_hit(contact_log *log, c2d_hit hit, bool swept) {
    if (log->count++ == 0) {
        log->first = hit;
        log->swept = swept;
    }
}

int main(void) {
    level_shape shapes[MAX_SHAPES];
    c2d_aabb walls[4];
    const char *wall_names[3] = {"floor", "left wall", "right wall"};
    int wall_count = 0, shape_count, m, hits = 0;
    const c2d_vec2 half = {0.5f, 0.5f};
    c2d_vec2 pos = {0, 0.5f};
    /* The scripted moves: walk right, jump over the boulder, walk, climb the ramp, cross the log,
     * fall down, and run into the crate, which stops the box. */
    const c2d_vec2 moves[] = {{6, 0}, {3, 4}, {6, -4}, {6, 2}, {8, 0}, {4, -6}, {12, 0}};
    const int move_count = (int)(sizeof moves / sizeof moves[0]);

    shape_count = build_level(shapes, walls, &wall_count);
    if (shape_count < 0) {
        fprintf(stderr, "level_walk: could not build the level\n");
        return 1;
    }
    printf("collide2d %d.%d.%d level walk (%s precision): box of half size (%.1f, %.1f) starts at (%.2f, %.2f)\n",
           C2D_VERSION_MAJOR, C2D_VERSION_MINOR, C2D_VERSION_PATCH, c2d_is_double() ? "double" : "float",
           (double)half.x, (double)half.y, (double)pos.x, (double)pos.y);

    for (m = 0; m < move_count; ++m) {
        contact_log wall_log[4] = {{0}}, shape_log[MAX_SHAPES] = {{0}};
        c2d_vec2 move = moves[m];
        int steps = (int)(c2d_len(move) / (half.x * 0.5f)) + 1, s, i, k, pass;
        printf("move %d: by (%.2f, %.2f)\n", m + 1, (double)move.x, (double)move.y);
        for (s = 0; s < steps; ++s) {
            /* Collide and slide against the boxes: sweep, stop at the safe position, drop the part
             * of the remaining motion that goes into the surface, and sweep the rest. */
            c2d_vec2 rest = c2d_scale(move, (c2d_real)1 / (c2d_real)steps);
            for (k = 0; k < 3 && c2d_len_sq(rest) > 0; ++k) {
                int wall_index = -1;
                c2d_sweep sweep = c2d_aabb_sweep_into(box_at(pos, half), rest, walls, wall_count, &wall_index);
                pos = sweep.pos;
                if (!sweep.has_hit) break;
                log_hit(&wall_log[wall_index], sweep.hit, true);
                rest = c2d_scale(rest, 1 - sweep.time);
                rest = c2d_sub(rest, c2d_scale(sweep.hit.normal, c2d_dot(rest, sweep.hit.normal)));
            }
            /* Push out of everything else (and of the boxes, should a push-out lead into one). */
            for (pass = 0; pass < 4; ++pass) {
                bool pushed = false;
                for (i = 0; i < shape_count + wall_count; ++i) {
                    c2d_shape mover = c2d_shape_from_aabb(box_at(pos, half));
                    c2d_shape wall = c2d_shape_from_aabb(i < shape_count ? walls[0] : walls[i - shape_count]);
                    const c2d_shape *other = i < shape_count ? &shapes[i].shape : &wall;
                    c2d_hit hit;
                    if (c2d_shape_hit(&mover, other, &hit)) {
                        pos = c2d_add(pos, hit.delta);
                        log_hit(i < shape_count ? &shape_log[i] : &wall_log[i - shape_count], hit, false);
                        pushed = true;
                    }
                }
                if (!pushed) break;
            }
        }
        for (i = 0; i < shape_count + wall_count; ++i) {
            const contact_log *log = i < shape_count ? &shape_log[i] : &wall_log[i - shape_count];
            if (log->count == 0) continue;
            hits += log->count;
            printf("  hit %-20s first at (%.3f, %.3f), normal (%.2f, %.2f), %s; %d contact%s\n",
                   i < shape_count ? shapes[i].name : wall_names[i - shape_count], (double)log->first.pos.x,
                   (double)log->first.pos.y, (double)log->first.normal.x + 0.0, (double)log->first.normal.y + 0.0,
                   log->swept ? "swept to a stop" : "pushed out", log->count, log->count == 1 ? "" : "s");
        }
        printf("  -> box at (%.3f, %.3f)\n", (double)pos.x, (double)pos.y);
    }
    printf("stopped at (%.3f, %.3f) after %d contacts\n", (double)pos.x, (double)pos.y, hits);
    return 0;
}
