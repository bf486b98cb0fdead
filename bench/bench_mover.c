/* Mover benchmark, native: the scene of web/bench/mover.mjs (the same generator, controller and
 * settings) through c2d_mover_move. 10 bands of terrain x 2100 columns of separate unit tile
 * boxes (about 100k) with 45 degree slopes and 0.4-high steps; 1000 movers (box, circle, capsule,
 * octagon in turn; scene "boxes": all boxes) walk, turn, jump and step for 100 frames at 1/60 s;
 * movers share a negative group (they collide with the level only). Prints microseconds per
 * mover per frame (median of 3 runs from the spawn points) and appends JSON lines
 * {suite: "mover", scene, n, impl, us_per_mover_frame, ...} to argv[1] (its rows from an earlier run
 * are replaced; the Node rows stay). BENCH_QUICK=1: 400 columns,
 * 200 movers. Bench code only. */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <collide2d.h>

#define BANDS 10
#define FRAMES 100
#define RUNS 3
static int COLUMNS = 2100, MOVERS = 1000;
static const double DT = 1.0 / 60, RUN = 6, JUMP = 12, GRAVITY = 30;
static const double DEG = 3.14159265358979323846 / 180;

/* mulberry32, as in mover.mjs */
static uint32_t rng_state;
static double rnd(void) {
    uint32_t t;
    rng_state += 0x6D2B79F5u;
    t = rng_state;
    t = (t ^ (t >> 15)) * (t | 1u);
    t ^= t + (t ^ (t >> 7)) * (t | 61u);
    return (double)(t ^ (t >> 14)) / 4294967296.0;
}

static double now_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static void add_box(c2d_world *w, double x0, double y0, double x1, double y1) {
    c2d_collider_def d;
    c2d_aabb b;
    c2d_collider_id id;
    memset(&d, 0, sizeof d);
    c2d_aabb_make(c2d_v2(0, 0), c2d_v2((c2d_real)(x1 - x0), (c2d_real)(y1 - y0)), &b);
    d.shape = c2d_shape_from_aabb(b);
    d.transform = c2d_transform_make(c2d_v2((c2d_real)x0, (c2d_real)y0), 0);
    d.flags = C2D_COLLIDER_STATIC;
    c2d_world_add(w, &d, &id);
}

static void add_tri(c2d_world *w, double ax, double ay, double bx, double by, double cx, double cy) {
    c2d_collider_def d;
    c2d_polygon p;
    c2d_vec2 pts[3];
    c2d_collider_id id;
    memset(&d, 0, sizeof d);
    pts[0] = c2d_v2((c2d_real)ax, (c2d_real)ay);
    pts[1] = c2d_v2((c2d_real)bx, (c2d_real)by);
    pts[2] = c2d_v2((c2d_real)cx, (c2d_real)cy);
    c2d_polygon_make(pts, 3, &p);
    d.shape = c2d_shape_from_polygon(&p);
    d.transform = c2d_transform_identity();
    d.flags = C2D_COLLIDER_STATIC;
    c2d_world_add(w, &d, &id);
}

typedef struct { int shape; double x, y; } spawn;

/* Drops this program's rows from an earlier run (the Node rows of mover.mjs stay). */
static void drop_native_rows(const char *path) {
    FILE *f = fopen(path, "r");
    char *buf = NULL, *line = NULL;
    size_t cap = 0, len = 0, used = 0;
    if (!f) return;
    while (getline(&line, &cap, f) > 0) {
        size_t n = strlen(line);
        if (strstr(line, "\"impl\":\"collide2d native")) continue;
        if (used + n + 1 > len) {
            char *nb;
            len = 2 * (used + n + 1);
            nb = (char *)realloc(buf, len);
            if (!nb) { free(buf); free(line); fclose(f); return; }
            buf = nb;
        }
        memcpy(buf + used, line, n);
        used += n;
    }
    fclose(f);
    free(line);
    f = fopen(path, "w");
    if (f) { if (used) fwrite(buf, 1, used, f); fclose(f); }
    free(buf);
}

static int cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

int main(int argc, char **argv) {
    const char *out_path = argc > 1 ? argv[1] : "build/bench/mover.jsonl";
    int *ground, b, c, y, i, f, rep, scene, tiles = 0, tris = 0, steps = 0;
    c2d_world *w;
    c2d_world_config wc;
    FILE *out;
    if (getenv("BENCH_QUICK") && !strcmp(getenv("BENCH_QUICK"), "1")) { COLUMNS = 400; MOVERS = 200; }
    ground = (int *)calloc((size_t)BANDS * COLUMNS, sizeof *ground);
    memset(&wc, 0, sizeof wc);
    wc.capacity = 110000;
    if (c2d_world_create(&wc, &w) != C2D_OK) return 1;
    for (b = 0; b < BANDS; b++) {
        double Y = 40.0 * b;
        int cur = 2, *h = ground + b * COLUMNS;
        rng_state = 1000u + (uint32_t)b;
        for (c = 0; c < COLUMNS; c++) {
            double u = rnd();
            if (c > 2 && c < COLUMNS - 3) { if (u < 0.15 && cur < 4) cur++; else if (u < 0.3 && cur > 0) cur--; }
            h[c] = (c == 0 || c == COLUMNS - 1) ? 10 : cur;
        }
        for (c = 0; c < COLUMNS; c++)
            for (y = -3; y < h[c]; y++) { add_box(w, c, Y + y, c + 1, Y + y + 1); tiles++; }
        for (c = 1; c < COLUMNS - 2; c++) {
            double u = rnd();
            if (h[c + 1] == h[c] + 1 && u < 0.5) { add_tri(w, c, Y + h[c], c + 1, Y + h[c], c + 1, Y + h[c] + 1); tris++; }
            else if (h[c + 1] == h[c] - 1 && u < 0.5) { add_tri(w, c + 1, Y + h[c + 1], c + 2, Y + h[c + 1], c + 1, Y + h[c + 1] + 1); tris++; }
            else if (h[c + 1] == h[c] && h[c + 2] == h[c] && u < 0.1) { add_box(w, c + 1, Y + h[c], c + 2, Y + h[c] + 0.4); steps++; }
        }
    }
    drop_native_rows(out_path);
    out = fopen(out_path, "a");
    printf("mover scene (native, %s): %d tiles, %d slopes, %d steps, %d movers, %d frames (median of %d runs)\n",
           sizeof(c2d_real) == 8 ? "double" : "float", tiles, tris, steps, MOVERS, FRAMES, RUNS);
    for (scene = 0; scene < 2; scene++) {
        spawn *sp = (spawn *)calloc((size_t)MOVERS, sizeof *sp);
        c2d_mover *m = (c2d_mover *)calloc((size_t)MOVERS, sizeof *m);
        c2d_collider_id *ids = (c2d_collider_id *)calloc((size_t)MOVERS, sizeof *ids);
        double *dir = (double *)calloc((size_t)MOVERS, sizeof(double)), *vy = (double *)calloc((size_t)MOVERS, sizeof(double));
        unsigned char *gr = (unsigned char *)calloc((size_t)MOVERS, 1), *blk = (unsigned char *)calloc((size_t)MOVERS, 1);
        double times[RUNS], grounded_frac[RUNS], adx_mean[RUNS], med;
        c2d_mover_config cfg;
        memset(&cfg, 0, sizeof cfg);
        cfg.skin = (c2d_real)0.02;
        cfg.max_slope = cfg.min_slide_slope = (c2d_real)(50 * DEG);
        cfg.step_height = (c2d_real)0.5;
        cfg.step_min_width = (c2d_real)0.2;
        cfg.snap_distance = (c2d_real)0.5;
        for (i = 0; i < MOVERS; i++) {
            int band = i % BANDS, col = 20 + (COLUMNS / (MOVERS / BANDS) - 1) * (i / BANDS);
            c2d_collider_def d;
            c2d_filter flt;
            memset(&d, 0, sizeof d);
            sp[i].shape = scene == 1 ? 0 : i % 4;
            sp[i].x = col + 0.5;
            sp[i].y = 40.0 * band + ground[band * COLUMNS + col] + 1.5;
            if (sp[i].shape == 0) { c2d_aabb a; c2d_aabb_make(c2d_v2(-0.4f, -0.7f), c2d_v2(0.4f, 0.7f), &a); d.shape = c2d_shape_from_aabb(a); }
            else if (sp[i].shape == 1) { c2d_circle a; c2d_circle_make(c2d_v2(0, 0), 0.5f, &a); d.shape = c2d_shape_from_circle(a); }
            else if (sp[i].shape == 2) { c2d_capsule a; c2d_capsule_make(c2d_v2(0, -0.3f), c2d_v2(0, 0.3f), 0.4f, &a); d.shape = c2d_shape_from_capsule(a); }
            else {
                c2d_vec2 pts[8];
                c2d_polygon p;
                int k;
                for (k = 0; k < 8; k++) pts[k] = c2d_v2((c2d_real)(0.5 * cos((k + 0.5) * 3.14159265358979323846 / 4)), (c2d_real)(0.6 * sin((k + 0.5) * 3.14159265358979323846 / 4)));
                c2d_polygon_make(pts, 8, &p);
                d.shape = c2d_shape_from_polygon(&p);
            }
            d.transform = c2d_transform_make(c2d_v2((c2d_real)sp[i].x, (c2d_real)sp[i].y), 0);
            memset(&flt, 0, sizeof flt);
            flt.group_index = -1;
            d.filter = flt;
            if (c2d_world_add(w, &d, &ids[i]) != C2D_OK || c2d_mover_init(&m[i], w, ids[i], &cfg) != C2D_OK) { fprintf(stderr, "mover %d refused\n", i); return 1; }
        }
        { const c2d_world_event *ev; int32_t n; c2d_world_update(w, &ev, &n); }
        for (rep = 0; rep < RUNS; rep++) {
            double ms = 0, grounded = 0, adx = 0;
            for (i = 0; i < MOVERS; i++) {
                c2d_world_set_transform(w, ids[i], c2d_transform_make(c2d_v2((c2d_real)sp[i].x, (c2d_real)sp[i].y), 0));
                c2d_mover_reset(&m[i]);
                dir[i] = 1; vy[i] = 0; gr[i] = 0; blk[i] = 0;
            }
            for (f = 0; f < FRAMES; f++) {
                double t0 = now_ms();
                for (i = 0; i < MOVERS; i++) {
                    c2d_mover_input in;
                    c2d_mover_result r;
                    double dx, dy;
                    if ((f + 7 * i) % (60 + (i % 50)) == 0) dir[i] = -dir[i];
                    if (gr[i] && (blk[i] || (f + i) % 45 == 0)) vy[i] = JUMP;
                    vy[i] = fmax(vy[i] - GRAVITY * DT, -20);
                    dx = dir[i] * RUN * DT;
                    dy = vy[i] * DT;
                    memset(&in, 0, sizeof in);
                    in.translation = c2d_v2((c2d_real)dx, (c2d_real)dy);
                    if (c2d_mover_move(&m[i], w, &in, NULL, 0, &r) != C2D_OK) { fprintf(stderr, "move failed\n"); return 1; }
                    gr[i] = r.grounded;
                    if (r.grounded && vy[i] < 0) vy[i] = 0;
                    if (r.hit_ceiling && vy[i] > 0) vy[i] = 0;
                    blk[i] = fabs((double)r.moved.x) < 0.5 * fabs(dx);
                    grounded += r.grounded;
                    adx += fabs((double)r.moved.x);
                }
                ms += now_ms() - t0;
            }
            times[rep] = 1000 * ms / ((double)MOVERS * FRAMES);
            grounded_frac[rep] = grounded / ((double)MOVERS * FRAMES);
            adx_mean[rep] = adx / ((double)MOVERS * FRAMES);
        }
        {
            double sorted[RUNS];
            int k, mid = 0;
            memcpy(sorted, times, sizeof sorted);
            qsort(sorted, RUNS, sizeof(double), cmp_double);
            med = sorted[RUNS / 2];
            for (k = 0; k < RUNS; k++) if (times[k] == med) mid = k;
            printf("mover %-7s collide2d native (%s)                   %8.3f us/mover/frame  grounded %.1f%%  mean |dx| %.4f  (target <= 3 us)\n",
                   scene ? "boxes" : "mixed", sizeof(c2d_real) == 8 ? "double" : "float", med, 100 * grounded_frac[mid], adx_mean[mid]);
            if (out) fprintf(out, "{\"suite\":\"mover\",\"scene\":\"%s\",\"n\":%d,\"tiles\":%d,\"impl\":\"collide2d native %s\",\"frames\":%d,\"us_per_mover_frame\":%.4f,\"grounded_frac\":%.4f,\"mean_abs_dx\":%.4f,\"target_us\":3}\n",
                             scene ? "boxes" : "mixed", MOVERS, tiles, sizeof(c2d_real) == 8 ? "double" : "float", FRAMES, med, grounded_frac[mid], adx_mean[mid]);
        }
        for (i = 0; i < MOVERS; i++) c2d_world_remove(w, ids[i]);
        free(sp); free(m); free(ids); free(dir); free(vy); free(gr); free(blk);
    }
    if (out) fclose(out);
    c2d_world_destroy(w);
    free(ground);
    return 0;
}
