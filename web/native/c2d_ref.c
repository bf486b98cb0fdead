/* c2d_ref: the native reference for the browser test. Reads one query per line on stdin, runs it
 * through the same flat surface as the wasm build (web/wasm/c2d_wasm.c) over the native library,
 * and prints one JSON value per line, shaped like the JavaScript API's result (web/src/index.js).
 *
 * A line is an operation name and numbers; shapes appear in their encoded form (kind, numbers):
 *   overlap A B | hit A B | manifold A B | distance A B | contains A x y
 *   raycast A ox oy tx ty max | cast A dax day B dbx dby | sweep_into A dx dy n S1 .. Sn
 *   aabb_sweep box4 dx dy box4 | aabb_sweep_into box4 dx dy n box4 .. | padded box4 px py ox oy tx ty
 *   seg_intersect seg4 seg4
 * Numbers are read with strtod, so "nan" and "inf" work, and printed with 17 significant digits. */
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

#define MAXN 65536
static double v[MAXN];

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

int main(void) {
    char *line = NULL;
    size_t cap = 0;
    while (getline(&line, &cap, stdin) > 0) {
        char op[32] = {0}, *p = line, *end;
        int n = 0, i, r;
        double o[32] = {0};
        if (sscanf(p, "%31s", op) != 1) continue;
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
