/* c2d_ref: the native reference for the browser test. Reads one query per line on stdin, runs it
 * through the same flat surface as the wasm build (web/wasm/c2d_wasm.c) over the native library,
 * and prints one JSON value per line, shaped like the JavaScript API's result (web/src/index.js).
 *
 * A line is an operation name and numbers; shapes appear in their encoded form (kind, numbers):
 *   overlap A B | hit A B | manifold A B | distance A B | contains A x y
 *   raycast A ox oy tx ty max | cast A dax day B dbx dby | sweep_into A dx dy n S1 .. Sn
 *   aabb_sweep box4 dx dy box4 | aabb_sweep_into box4 dx dy n box4 .. | padded box4 px py ox oy tx ty
 *   seg_intersect seg4 seg4 | toi A B motion8_a motion8_b t_max target max_iterations
 * (a motion: local center x y, c1 x y, c2 x y, a1 a2)
 * Numbers are read with strtod, so "nan" and "inf" work, and printed with 17 significant digits.
 *
 * World ops (web/wasm/c2d_wasm_world.c) act on one world that lives across lines; a line may hold
 * several of them separated by ';' (only the last one's result is printed), so that a recorded
 * case can carry the scene it ran in:
 *   wnew | wadd A x y angle category mask group flags one_way_x one_way_y | wremove h | wxf h x y angle
 *   wpoint x y | waabb x0 y0 x1 y1 | wshape A | wray ox oy tx ty max all | wcast A dx dy all
 *   wnearest A max | wupdate | wfilter n r0 .. r(n-1) (the responses by the other's index; others
 *   slide) | wmove h gx gy use_filter custom_count | wcheck (the same) | wproject item A sx sy angle gx gy use_filter
 * The only custom response (number 0) goes on from touch toward (touch.x, goal.y) ("stickx"). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int w_length(const double *e);
int w_overlap(const double *ea, const double *eb);
int w_hit(const double *ea, const double *eb, double *out);
int w_contains(const double *e, double x, double y);
int w_raycast(const double *e, double ox, double oy, double tx, double ty, double max_fraction, double *out);
int w_aabb_raycast_padded(const double *box, double pad_x, double pad_y, double ox, double oy,
                          double tx, double ty, double max_fraction, double *out);
int w_cast(const double *ea, double dax, double day, const double *eb, double dbx, double dby, double *out);
int w_sweep_into(const double *ea, double dx, double dy, const double *es, int count, double *out);
int w_aabb_sweep_aabb(const double *ba, double dx, double dy, const double *bb, double *out);
int w_aabb_sweep_into(const double *ba, double dx, double dy, const double *boxes, int count, double *out);
int w_manifold(const double *ea, const double *eb, double *out);
int w_distance(const double *ea, const double *eb, double *out);
int w_segment_intersect(const double *sa, const double *sb, double *out);
int w_time_of_impact(const double *ea, const double *eb, double t_max, double target, int max_iterations, double *io);

#define MAXN 65536
static double v[MAXN];

/* ---- the world ---- */
typedef struct c2d_world c2d_world;
c2d_world *w_world_create(int static_index, int moving_index, double cell_size, int max_colliders, int tag);
int w_world_destroy(c2d_world *w);
int w_world_add(c2d_world *w, const double *e, double x, double y, double angle, double category,
                double mask, int group, int flags, double one_way_x, double one_way_y, double *out);
int w_world_remove(c2d_world *w, double h);
int w_world_set_transform(c2d_world *w, double h, double x, double y, double angle);
int w_world_query_point(const c2d_world *w, double x, double y, const double *qf, double *out, int capacity);
int w_world_query_aabb(const c2d_world *w, double x0, double y0, double x1, double y1, const double *qf, double *out, int capacity);
int w_world_overlap_shape(const c2d_world *w, const double *e, const double *qf, int with_hits, double *out, int capacity);
int w_world_raycast(const c2d_world *w, double ox, double oy, double tx, double ty, double max_fraction,
                    const double *qf, int all, double *out, int capacity);
int w_world_cast(const c2d_world *w, const double *e, double dx, double dy, const double *qf, int all, double *out, int capacity);
int w_world_nearest(const c2d_world *w, const double *e, double max_distance, const double *qf, double *out);
int w_world_update(c2d_world *w, double *out, int capacity);
int w_world_move(c2d_world *w, double h, double gx, double gy, int filter_ctx, int custom_count,
                 int query_flags, int max_iterations, double *out, int capacity);
int w_world_check(c2d_world *w, double h, double gx, double gy, int filter_ctx, int custom_count,
                  int query_flags, int max_iterations, double *out, int capacity);
int w_world_project(c2d_world *w, double item, const double *e, double sx, double sy, double angle,
                    double gx, double gy, int filter_ctx, int query_flags, double *out, int capacity);
int w_js_move_filter(int ctx, double item, double other);
int w_js_response(int ctx, int k, double *block);

#define WCAP 4096
#define WCOL 26
static c2d_world *world;
static double wout[4 + WCOL * WCAP];
static int wtable[1024], wtable_n;

/* The move filter of the script: wtable by the other's index, slide beyond it. */
int w_js_move_filter(int ctx, double item, double other) {
    long long index = (long long)(other / 4294967296.0);
    (void)ctx; (void)item;
    return index < wtable_n ? wtable[index] : 3;
}

/* Custom response 0, "stickx": from touch toward (touch.x, goal.y). */
int w_js_response(int ctx, int k, double *block) {
    (void)ctx; (void)k;
    block[WCOL] = block[10]; block[WCOL + 1] = block[11];
    block[WCOL + 2] = block[10];
    return 1;
}

/* A number as JSON (non-finite values, which the library never returns, as null). */
static void num(double x) {
    if (isfinite(x)) printf("%.17g", x == 0 ? 0.0 : x);
    else printf("null");
}

static void vec(const char *name, double x, double y) {
    printf("\"%s\":{\"x\":", name); num(x); printf(",\"y\":"); num(y); printf("}");
}

static void hit(int r, const double *o) {
    if (r != 1) { printf("null"); return; }
    printf("{"); vec("pos", o[0], o[1]); printf(","); vec("normal", o[2], o[3]);
    printf(","); vec("delta", o[4], o[5]); printf(",\"time\":"); num(o[6]); printf("}");
}

static void sweep(const double *o, int index, int with_index) {
    printf("{\"hit\":"); hit(o[0] != 0 ? 1 : 0, o + 4);
    printf(","); vec("pos", o[1], o[2]); printf(",\"time\":"); num(o[3]);
    if (with_index) printf(",\"index\":%d", index);
    printf("}");
}

static void unsupported(int r) {
    printf("{\"error\":%d}", r);
}

/* Runs one world op on the numbers in v; prints its JSON result. Returns 0 for an unknown op. */
static int world_op(const char *op, int n) {
    int r, i, l;
    (void)n;
    if (!strcmp(op, "wnew")) {
        if (world) w_world_destroy(world);
        world = w_world_create(0, 0, 0, 0, 1);
        wtable_n = 0;
        printf(world ? "true" : "false");
    } else if (!strcmp(op, "wadd")) {
        l = w_length(v);
        r = w_world_add(world, v, v[l], v[l + 1], v[l + 2], v[l + 3], v[l + 4], (int)v[l + 5], (int)v[l + 6], v[l + 7], v[l + 8], wout);
        if (r) printf("{\"error\":%d}", r); else num(wout[0]);
    } else if (!strcmp(op, "wremove")) {
        printf("%d", w_world_remove(world, v[0]));
    } else if (!strcmp(op, "wxf")) {
        printf("%d", w_world_set_transform(world, v[0], v[1], v[2], v[3]));
    } else if (!strcmp(op, "wpoint") || !strcmp(op, "waabb")) {
        r = !strcmp(op, "wpoint") ? w_world_query_point(world, v[0], v[1], NULL, wout, WCAP)
                                  : w_world_query_aabb(world, v[0], v[1], v[2], v[3], NULL, wout, WCAP);
        if (r < 0) { unsupported(r); return 1; }
        printf("[");
        for (i = 0; i < r; i++) { printf(i ? ",{\"id\":" : "{\"id\":"); num(wout[i]); printf("}"); }
        printf("]");
    } else if (!strcmp(op, "wshape") || !strcmp(op, "wray")) {
        int first = 0;
        if (!strcmp(op, "wshape")) r = w_world_overlap_shape(world, v, NULL, 1, wout, WCAP);
        else { first = v[5] == 0; r = w_world_raycast(world, v[0], v[1], v[2], v[3], v[4], NULL, first ? 0 : 1, wout, WCAP); }
        if (r < 0) { unsupported(r); return 1; }
        if (first && r == 0) { printf("null"); return 1; }
        if (!first) printf("[");
        for (i = 0; i < r; i++) {
            printf(i ? ",{\"id\":" : "{\"id\":"); num(wout[8 * i]); printf(",\"hit\":"); hit(1, wout + 8 * i + 1); printf("}");
        }
        if (!first) printf("]");
    } else if (!strcmp(op, "wcast")) {
        l = w_length(v);
        r = w_world_cast(world, v, v[l], v[l + 1], NULL, (int)v[l + 2], wout, WCAP);
        if (r < 0) { unsupported(r); return 1; }
        if (!v[l + 2] && r == 0) { printf("null"); return 1; }
        if (v[l + 2]) printf("[");
        for (i = 0; i < r; i++) {
            const double *o = wout + 12 * i;
            printf(i ? ",{\"id\":" : "{\"id\":"); num(o[0]);
            printf(",\"sweep\":{\"hit\":"); hit(o[1] != 0, o + 5); printf(","); vec("pos", o[2], o[3]);
            printf(",\"time\":"); num(o[4]); printf("}}");
        }
        if (v[l + 2]) printf("]");
    } else if (!strcmp(op, "wnearest")) {
        l = w_length(v);
        r = w_world_nearest(world, v, v[l], NULL, wout);
        if (r < 0) { unsupported(r); return 1; }
        if (r == 0) { printf("null"); return 1; }
        printf("{\"id\":"); num(wout[0]); printf(","); vec("pointA", wout[1], wout[2]); printf(",");
        vec("pointB", wout[3], wout[4]); printf(","); vec("normal", wout[5], wout[6]);
        printf(",\"distance\":"); num(wout[7]); printf("}");
    } else if (!strcmp(op, "wupdate")) {
        static const char *types[] = {"begin", "stay", "end"};
        r = w_world_update(world, wout, WCAP);
        if (r < 0) { unsupported(r); return 1; }
        printf("[");
        for (i = 0; i < r; i++) {
            printf(i ? ",{\"type\":\"%s\",\"a\":" : "{\"type\":\"%s\",\"a\":", types[(int)wout[3 * i]]);
            num(wout[3 * i + 1]); printf(",\"b\":"); num(wout[3 * i + 2]); printf("}");
        }
        printf("]");
    } else if (!strcmp(op, "wfilter")) {
        wtable_n = (int)v[0];
        for (i = 0; i < wtable_n && i < 1024; i++) wtable[i] = (int)v[1 + i];
        printf("true");
    } else if (!strcmp(op, "wmove") || !strcmp(op, "wcheck") || !strcmp(op, "wproject")) {
        if (!strcmp(op, "wproject")) {
            l = w_length(v + 1) + 1;
            r = w_world_project(world, v[0], v + 1, v[l], v[l + 1], v[l + 2], v[l + 3], v[l + 4], v[l + 5] != 0 ? 0 : -1, 0, wout, WCAP);
        } else {
            r = (!strcmp(op, "wmove") ? w_world_move : w_world_check)(world, v[0], v[1], v[2], v[3] != 0 ? 0 : -1, (int)v[4], 0, 0, wout, WCAP);
        }
        if (r < 0) { unsupported(r); return 1; }
        printf("{\"x\":"); num(wout[0]); printf(",\"y\":"); num(wout[1]);
        printf(",\"total\":%d,\"capped\":%s,\"collisions\":[", r, wout[3] != 0 ? "true" : "false");
        for (i = 0; i < (int)wout[2]; i++) {
            const double *o = wout + 4 + WCOL * i;
            printf(i ? ",{\"other\":" : "{\"other\":"); num(o[0]);
            printf(",\"response\":%d,\"overlaps\":%s,\"ti\":", (int)o[1], o[2] != 0 ? "true" : "false"); num(o[3]);
            printf(","); vec("normal", o[8], o[9]); printf(","); vec("touch", o[10], o[11]);
            printf(","); vec("slide", o[22], o[23]); printf(","); vec("bounce", o[24], o[25]); printf("}");
        }
        printf("]}");
    } else {
        return 0;
    }
    return 1;
}

/* Reads the numbers after the op name at p into v; returns their count. */
static int read_numbers(char *p) {
    int n = 0;
    char *end;
    for (;;) {
        double x = strtod(p, &end);
        if (end == p || n >= MAXN) break;
        v[n++] = x;
        p = end;
    }
    return n;
}

int main(void) {
    char *line = NULL;
    size_t cap = 0;
    while (getline(&line, &cap, stdin) > 0) {
        char op[32] = {0}, *p = line, *end;
        int n = 0, i, r;
        double o[32] = {0};
        if (sscanf(p, "%31s", op) != 1) continue;
        if (op[0] == 'w') {
            /* world ops: ';'-separated, only the last result printed */
            char *cmd = line, *semi;
            for (;;) {
                semi = strchr(cmd, ';');
                if (semi) *semi = 0;
                if (sscanf(cmd, "%31s", op) == 1) {
                    char *q = strstr(cmd, op) + strlen(op);
                    n = read_numbers(q);
                    if (semi) {
                        FILE *keep = stdout;
                        stdout = fopen("/dev/null", "w");
                        world_op(op, n);
                        fclose(stdout);
                        stdout = keep;
                    } else if (!world_op(op, n)) {
                        printf("{\"error\":\"unknown op %s\"}", op);
                    }
                }
                if (!semi) break;
                cmd = semi + 1;
            }
            printf("\n");
            fflush(stdout);
            continue;
        }
        p = strstr(p, op) + strlen(op);
        for (;;) {
            double x = strtod(p, &end);
            if (end == p || n >= MAXN) break;
            v[n++] = x;
            p = end;
        }
        if (!strcmp(op, "overlap") || !strcmp(op, "hit") || !strcmp(op, "manifold") || !strcmp(op, "distance")) {
            const double *a = v, *b = v + w_length(v);
            if (!strcmp(op, "overlap")) {
                r = w_overlap(a, b);
                if (r < 0) unsupported(r); else printf(r ? "true" : "false");
            } else if (!strcmp(op, "hit")) {
                r = w_hit(a, b, o);
                if (r < 0) unsupported(r); else hit(r, o);
            } else if (!strcmp(op, "manifold")) {
                r = w_manifold(a, b, o);
                if (r < 0) { unsupported(r); }
                else {
                    printf("{"); vec("normal", o[0], o[1]); printf(",\"points\":[");
                    for (i = 0; i < r; i++) {
                        printf(i ? ",{\"x\":" : "{\"x\":"); num(o[3 + 4 * i]);
                        printf(",\"y\":"); num(o[4 + 4 * i]);
                        printf(",\"depth\":"); num(o[5 + 4 * i]);
                        printf(",\"id\":"); num(o[6 + 4 * i]); printf("}");
                    }
                    printf("]}");
                }
            } else {
                r = w_distance(a, b, o);
                if (r < 0) unsupported(r);
                else if (r == 0) printf("null");
                else {
                    printf("{"); vec("pointA", o[0], o[1]); printf(","); vec("pointB", o[2], o[3]);
                    printf(","); vec("normal", o[4], o[5]); printf(",\"distance\":"); num(o[6]);
                    printf(",\"iterations\":"); num(o[7]); printf("}");
                }
            }
        } else if (!strcmp(op, "contains")) {
            int l = w_length(v);
            printf(w_contains(v, v[l], v[l + 1]) ? "true" : "false");
        } else if (!strcmp(op, "raycast")) {
            int l = w_length(v);
            r = w_raycast(v, v[l], v[l + 1], v[l + 2], v[l + 3], v[l + 4], o);
            if (r < 0) unsupported(r); else hit(r, o);
        } else if (!strcmp(op, "cast")) {
            int la = w_length(v);
            const double *b = v + la + 2;
            int lb = w_length(b);
            r = w_cast(v, v[la], v[la + 1], b, b[lb], b[lb + 1], o);
            if (r < 0) unsupported(r); else sweep(o, 0, 0);
        } else if (!strcmp(op, "sweep_into")) {
            int la = w_length(v);
            r = w_sweep_into(v, v[la], v[la + 1], v + la + 3, (int)v[la + 2], o);
            if (r < -1) unsupported(r); else sweep(o, r, 1);
        } else if (!strcmp(op, "aabb_sweep")) {
            w_aabb_sweep_aabb(v, v[4], v[5], v + 6, o);
            sweep(o, 0, 0);
        } else if (!strcmp(op, "aabb_sweep_into")) {
            r = w_aabb_sweep_into(v, v[4], v[5], v + 7, (int)v[6], o);
            sweep(o, r, 1);
        } else if (!strcmp(op, "padded")) {
            r = w_aabb_raycast_padded(v, v[4], v[5], v[6], v[7], v[8], v[9], 1, o);
            hit(r, o);
        } else if (!strcmp(op, "toi")) {
            /* the JavaScript API's timeOfImpact result, or {"error", "t"} for C2D_TOI_FAILED */
            static const char *names[] = {"hit", "separated", "overlapped", "", "maxIterations"};
            int la = w_length(v), lb = w_length(v + la);
            const double *m = v + la + lb;
            for (i = 0; i < 16; i++) o[i] = m[i];
            r = w_time_of_impact(v, v + la, m[16], m[17], (int)m[18], o);
            if (r < -1) unsupported(r);
            else if (r == -1) { printf("{\"error\":%d,\"t\":", (int)o[1]); num(o[2]); printf("}"); }
            else {
                printf("{\"status\":\"%s\",\"t\":", names[r]); num(o[2]);
                printf(","); vec("normal", o[3], o[4]); printf(","); vec("point", o[5], o[6]);
                printf(",\"iterations\":"); num(o[7]); printf("}");
            }
        } else if (!strcmp(op, "seg_intersect")) {
            r = w_segment_intersect(v, v + 4, o);
            if (r != 1) printf("null");
            else { printf("{\"x\":"); num(o[0]); printf(",\"y\":"); num(o[1]); printf(",\"fraction\":"); num(o[2]); printf("}"); }
        } else {
            printf("{\"error\":\"unknown op %s\"}", op);
        }
        printf("\n");
        fflush(stdout);
    }
    free(line);
    return 0;
}
