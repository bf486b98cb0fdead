/* c2d_mover_ref: native replay of a mover trace for the browser test. Reads one call per line on
 * stdin and runs it through the same flat surface as the wasm build (web/wasm/c2d_mover_wasm.c)
 * over the native library (double precision); prints one line per call:
 *   world CAP                        -> "ok" or "error"       (a new current world)
 *   add FLAGS OWX OWY X Y SHAPE...   -> the collider's number or a negative status
 *   set C X Y                        -> status
 *   filter C CATEGORY MASK GROUP     -> status
 *   update                           -> status
 *   mover C UPX UPY SKIN NOSLIDE MAXSLOPE MINSLIDE STEPH STEPW SNAP ITERS -> number or status
 *   move M DX DY DROP                -> status, then the WM_OUT_LEN result doubles (%.17g)
 *   reset M                          -> status
 * (web/src/mover.js writes these lines as its trace.) Numbers are read with strtod, exactly. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct wm_world wm_world;
wm_world *wm_world_create(int32_t capacity);
void wm_world_destroy(wm_world *w);
double *wm_out(wm_world *w);
int32_t wm_add(wm_world *w, const double *e, uint32_t flags, double owx, double owy, double x, double y);
int32_t wm_set_position(wm_world *w, int32_t c, double x, double y);
int32_t wm_update(wm_world *w);
int32_t wm_set_filter(wm_world *w, int32_t c, double category, double mask, int32_t group);
int32_t wm_mover_create(wm_world *w, int32_t c, const double *cfg);
int32_t wm_mover_move(wm_world *w, int32_t m, double dx, double dy, int32_t drop);
int32_t wm_mover_reset(wm_world *w, int32_t m);

#define WM_OUT_LEN 72
#define MAXN 256

int main(void) {
    char *line = NULL;
    size_t cap = 0;
    wm_world *w = NULL;
    while (getline(&line, &cap, stdin) > 0) {
        char op[16] = {0}, *p = line, *end;
        double v[MAXN] = {0};
        int n = 0, i;
        if (sscanf(p, "%15s", op) != 1) continue;
        p = strstr(p, op) + strlen(op);
        for (;;) {
            double x = strtod(p, &end);
            if (end == p || n >= MAXN) break;
            v[n++] = x;
            p = end;
        }
        if (!strcmp(op, "world")) {
            wm_world_destroy(w);
            w = wm_world_create((int32_t)v[0]);
            printf(w ? "ok" : "error");
        } else if (!strcmp(op, "add")) {
            printf("%d", (int)wm_add(w, v + 5, (uint32_t)v[0], v[1], v[2], v[3], v[4]));
        } else if (!strcmp(op, "set")) {
            printf("%d", (int)wm_set_position(w, (int32_t)v[0], v[1], v[2]));
        } else if (!strcmp(op, "filter")) {
            printf("%d", (int)wm_set_filter(w, (int32_t)v[0], v[1], v[2], (int32_t)v[3]));
        } else if (!strcmp(op, "update")) {
            printf("%d", (int)wm_update(w));
        } else if (!strcmp(op, "mover")) {
            printf("%d", (int)wm_mover_create(w, (int32_t)v[0], v + 1));
        } else if (!strcmp(op, "move")) {
            int32_t st = wm_mover_move(w, (int32_t)v[0], v[1], v[2], (int32_t)v[3]);
            printf("%d", (int)st);
            if (st == 0) {
                const double *o = wm_out(w);
                for (i = 0; i < WM_OUT_LEN; i++) printf(" %.17g", o[i]);
            }
        } else if (!strcmp(op, "reset")) {
            printf("%d", (int)wm_mover_reset(w, (int32_t)v[0]));
        } else {
            printf("unknown %s", op);
        }
        printf("\n");
    }
    wm_world_destroy(w);
    free(line);
    return 0;
}
