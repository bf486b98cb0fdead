/* Convex decomposition of a concave (simple) polygon, for the world's concave colliders.
 *
 * Ear clipping (Meisters' two-ears theorem): walk the outline counter-clockwise and cut off a
 * convex vertex whose triangle with its two neighbours holds no other vertex (on its border
 * included), until one triangle is left; vertices exactly collinear with their neighbours are
 * dropped first, as they add no area. Then Hertel-Mehlhorn: merge two pieces across the diagonal
 * they share while the union stays strictly convex and within C2D_MAX_POLYGON_VERTICES; that gives
 * at most four times the fewest convex pieces. Every decision is an orientation sign of input
 * vertices, so the pieces cover the polygon's interior exactly and never overlap. */
#include <stdlib.h>
#include <string.h>
#include "internal.h"

/* Twice the signed area of (a, b, p), relative to a: > 0 when p is left of a -> b. */
/* Exact orientation sign of p against a -> b (c2d_orient2d): ears and convexity are decided exactly. */
static int orient3(c2d_vec2 a, c2d_vec2 b, c2d_vec2 p) { return c2d_orient_sign(a, b, p); }

/* p inside triangle (a, b, c) (counter-clockwise) or on its border. */
static bool in_triangle(c2d_vec2 a, c2d_vec2 b, c2d_vec2 c, c2d_vec2 p) {
    return orient3(a, b, p) >= 0 && orient3(b, c, p) >= 0 && orient3(c, a, p) >= 0;
}

/* A piece under construction: indices into the counter-clockwise vertex list. */
typedef struct piece {
    int v[C2D_MAX_POLYGON_VERTICES];
    int n;
    bool dead;
} piece;

/* Merges piece b into a across their shared edge when the union is strictly convex and small
 * enough; true when merged. */
static bool try_merge(piece *a, const piece *b, const c2d_vec2 *pts) {
    int i, j, k, n;
    int out[2 * C2D_MAX_POLYGON_VERTICES];
    if (a->n + b->n - 2 > C2D_MAX_POLYGON_VERTICES) return false;
    for (i = 0; i < a->n; ++i) {
        int a0 = a->v[i], a1 = a->v[(i + 1) % a->n];
        for (j = 0; j < b->n; ++j) {
            if (b->v[j] != a1 || b->v[(j + 1) % b->n] != a0) continue;
            /* a's outline up to a0 (from a1 round), then b's outline from a0 round to a1 */
            n = 0;
            for (k = 0; k < a->n; ++k) out[n++] = a->v[(i + 1 + k) % a->n]; /* a1 ... a0 */
            for (k = 2; k < b->n; ++k) out[n++] = b->v[(j + k) % b->n];     /* after a0, before a1 */
            for (k = 0; k < n; ++k) {
                if (!(orient3(pts[out[(k + n - 1) % n]], pts[out[k]], pts[out[(k + 1) % n]]) > 0)) return false;
            }
            memcpy(a->v, out, (size_t)n * sizeof(int));
            a->n = n;
            return true;
        }
    }
    return false;
}

/* The c2d_polygon of a strictly convex counter-clockwise piece, built from its own vertices (no
 * welding); falls back to c2d_polygon_make's hull when rounding leaves the direct form invalid. */
static c2d_status make_piece(const piece *pc, const c2d_vec2 *pts, c2d_polygon *out) {
    c2d_polygon p;
    c2d_vec2 o = pts[pc->v[0]], c = c2d_v2(0, 0);
    c2d_real area = 0;
    int i;
    memset(&p, 0, sizeof p);
    p.count = pc->n;
    for (i = 0; i < pc->n; ++i) p.vertices[i] = pts[pc->v[i]];
    for (i = 0; i < pc->n; ++i) {
        c2d_vec2 e = c2d_sub(p.vertices[(i + 1) % pc->n], p.vertices[i]);
        p.normals[i] = c2d_normalize(c2d_right_perp(e));
    }
    for (i = 1; i + 1 < pc->n; ++i) {
        c2d_vec2 e1 = c2d_sub(p.vertices[i], o), e2 = c2d_sub(p.vertices[i + 1], o);
        c2d_real a = c2d_cross(e1, e2);
        area += a;
        c = c2d_add(c, c2d_scale(c2d_add(e1, e2), a));
    }
    if (area > 0) p.centroid = c2d_add(o, c2d_scale(c, (c2d_real)1 / (3 * area)));
    else p.centroid = o;
    if (c2d_polygon_is_valid(&p) && c2d_polygon_contains_point(&p, p.centroid)) {
        *out = p;
        return C2D_OK;
    }
    if (c2d_polygon_make(p.vertices, p.count, out) == C2D_OK && out->count == pc->n) return C2D_OK;
    return C2D_ERR_DEGENERATE;
}

/* Makes *t the live triangle piece (a, b, c). */
static void set_triangle(piece *t, int a, int b, int c) {
    t->v[0] = a;
    t->v[1] = b;
    t->v[2] = c;
    t->n = 3;
    t->dead = false;
}

/* Ear clipping and merging over n counter-clockwise points; scratch holds n ints (next), n ints
 * (prev) and n pieces. */
static c2d_status decompose_ccw(const c2d_vec2 *pts, int n, int *next, int *prev, piece *pieces,
                                c2d_polygon *out, int capacity, int *out_count) {
    int i, j, left = n, cur, guard, np = 0, total = 0;
    c2d_status st = C2D_OK;
    for (i = 0; i < n; ++i) {
        next[i] = (i + 1) % n;
        prev[i] = (i + n - 1) % n;
    }
    cur = 0;
    guard = 0;
    while (left > 3) {
        int p = prev[cur], q = next[cur];
        int o = orient3(pts[p], pts[cur], pts[q]);
        bool ear = false;
        if (o > 0) {
            ear = true;
            for (j = next[q]; j != p; j = next[j]) {
                if (in_triangle(pts[p], pts[cur], pts[q], pts[j])) {
                    ear = false;
                    break;
                }
            }
        }
        if (ear || o == 0) {
            /* an ear becomes a piece; a straight-through vertex (o == 0) is just dropped, the
             * outline keeps its area; either way the vertex leaves the outline */
            if (ear) set_triangle(&pieces[np++], p, cur, q);
            next[p] = q;
            prev[q] = p;
            --left;
            cur = p;
            guard = 0;
            continue;
        }
        cur = q;
        if (++guard > 2 * left) return C2D_ERR_DEGENERATE; /* no ear: the outline is not simple */
    }
    {
        int p = prev[cur], q = next[cur];
        if (!(orient3(pts[p], pts[cur], pts[q]) > 0)) {
            if (np == 0) return C2D_ERR_DEGENERATE;
        } else {
            set_triangle(&pieces[np++], p, cur, q);
        }
    }
    /* Hertel-Mehlhorn: merge across shared diagonals while convex */
    for (i = 0; i < np; ++i) {
        bool merged;
        if (pieces[i].dead) continue;
        do {
            merged = false;
            for (j = i + 1; j < np; ++j) {
                if (pieces[j].dead) continue;
                if (try_merge(&pieces[i], &pieces[j], pts)) {
                    pieces[j].dead = true;
                    merged = true;
                }
            }
        } while (merged);
    }
    for (i = 0; i < np; ++i) {
        if (pieces[i].dead) continue;
        if (total < capacity) {
            c2d_status s = make_piece(&pieces[i], pts, &out[total]);
            if (s != C2D_OK) return s;
        } else {
            c2d_polygon tmp;
            c2d_status s = make_piece(&pieces[i], pts, &tmp);
            if (s != C2D_OK) return s;
            st = C2D_ERR_BUFFER_TOO_SMALL;
        }
        ++total;
    }
    *out_count = total;
    return st;
}

/* The status c2d_concave_make would give for these vertices (the polygon was already checked
 * by c2d_concave_is_valid when this is called). */
static c2d_status concave_status(const c2d_concave *poly) {
    c2d_concave tmp;
    c2d_status s;
    if (!poly->vertices) return C2D_ERR_NULL_ARG;
    s = c2d_concave_make(poly->vertices, poly->count, &tmp);
    return s != C2D_OK ? s : C2D_ERR_DEGENERATE;
}

c2d_status c2d_concave_decompose(const c2d_concave *poly, c2d_polygon *pieces, int capacity, int *out_count) {
    enum { STACK_N = 256 };
    c2d_vec2 pts_stack[STACK_N];
    int next_stack[STACK_N], prev_stack[STACK_N];
    piece pieces_stack[STACK_N];
    c2d_vec2 *pts = pts_stack;
    int *next = next_stack, *prev = prev_stack;
    piece *scratch = pieces_stack;
    void *heap = NULL;
    c2d_status st;
    int i, n;
    if (out_count) *out_count = 0;
    if (!poly || !out_count || (capacity > 0 && !pieces)) return C2D_ERR_NULL_ARG;
    if (capacity < 0) return C2D_ERR_BAD_SIZE;
    if (!c2d_concave_is_valid(poly)) return concave_status(poly);
    n = poly->count;
    if (n > STACK_N) {
        size_t bytes = (size_t)n * (sizeof(c2d_vec2) + 2 * sizeof(int) + sizeof(piece));
        if ((size_t)n > ((size_t)-1) / (sizeof(c2d_vec2) + 2 * sizeof(int) + sizeof(piece))) return C2D_ERR_OUT_OF_MEMORY;
        heap = malloc(bytes);
        if (!heap) return C2D_ERR_OUT_OF_MEMORY;
        scratch = (piece *)heap;
        pts = (c2d_vec2 *)(scratch + n);
        next = (int *)(pts + n);
        prev = next + n;
    }
    /* counter-clockwise copy */
    for (i = 0; i < n; ++i) pts[i] = poly->signed_area > 0 ? poly->vertices[i] : poly->vertices[n - 1 - i];
    st = decompose_ccw(pts, n, next, prev, scratch, pieces, capacity, out_count);
    if (st != C2D_OK && st != C2D_ERR_BUFFER_TOO_SMALL) *out_count = 0;
    free(heap);
    return st;
}
