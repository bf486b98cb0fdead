/* The tile-map helper: a grid of solid and one-way cells becomes few static boxes in a world.
 *
 * Greedy maximal rectangles: in row-major order, from each solid cell not yet covered take the
 * longest run of uncovered solid cells along the row, then grow it row by row while the whole run
 * of the next row is solid and uncovered. Every solid cell ends in exactly one box. It is not the
 * minimum cover (that is NP-hard for rectilinear polygons with holes), but on typical level maps
 * it is within a few boxes of it, and it is linear in the cells covered. One-way cells become one
 * box per horizontal run, so that each one-way box is a single ledge with a solid top. */
#include <stdlib.h>
#include <string.h>
#include "world_internal.h"

typedef struct rect {
    int32_t c0, r0, c1, r1; /* cells [c0, c1) x [r0, r1) */
    bool one_way;
} rect;

static bool cell_solid(uint8_t v) { return v != C2D_TILE_EMPTY && v != C2D_TILE_ONE_WAY; }

/* The rectangles of the map (rects may be NULL to count them); used marks covered cells. */
static int32_t tile_rects(const c2d_tilemap *m, uint8_t *used, rect *rects) {
    int32_t r, c, n = 0, cols = m->columns, rows = m->rows;
    memset(used, 0, (size_t)cols * (size_t)rows);
    for (r = 0; r < rows; ++r) {
        for (c = 0; c < cols; ++c) {
            size_t at = (size_t)r * (size_t)cols + (size_t)c;
            uint8_t v = m->cells[at];
            int32_t c1, r1;
            if (v == C2D_TILE_EMPTY || used[at]) continue;
            if (v == C2D_TILE_ONE_WAY) {
                for (c1 = c; c1 < cols && m->cells[(size_t)r * cols + c1] == C2D_TILE_ONE_WAY; ++c1) used[(size_t)r * cols + c1] = 1;
                if (rects) {
                    rects[n].c0 = c;
                    rects[n].c1 = c1;
                    rects[n].r0 = r;
                    rects[n].r1 = r + 1;
                    rects[n].one_way = true;
                }
                ++n;
                continue;
            }
            for (c1 = c; c1 < cols && cell_solid(m->cells[(size_t)r * cols + c1]) && !used[(size_t)r * cols + c1]; ++c1) {}
            for (r1 = r + 1; r1 < rows; ++r1) {
                int32_t k;
                for (k = c; k < c1; ++k)
                    if (!cell_solid(m->cells[(size_t)r1 * cols + k]) || used[(size_t)r1 * cols + k]) break;
                if (k < c1) break;
            }
            {
                int32_t rr, k;
                for (rr = r; rr < r1; ++rr)
                    for (k = c; k < c1; ++k) used[(size_t)rr * cols + k] = 1;
            }
            if (rects) {
                rects[n].c0 = c;
                rects[n].c1 = c1;
                rects[n].r0 = r;
                rects[n].r1 = r1;
                rects[n].one_way = false;
            }
            ++n;
        }
    }
    return n;
}

c2d_status c2d_world_add_tilemap(c2d_world *w, const c2d_tilemap *m, c2d_collider_id *ids, int32_t capacity, int32_t *out_count) {
    size_t cells;
    uint8_t *used;
    rect *rects = NULL;
    int32_t n, k, added = 0;
    c2d_status s = C2D_OK;
    c2d_vec2 up, far_corner;
    if (out_count) *out_count = 0;
    if (!w || !m || !out_count || !m->cells) return C2D_ERR_NULL_ARG;
    if (capacity < 0 || (capacity > 0 && !ids)) return C2D_ERR_BAD_SIZE;
    if (m->columns <= 0 || m->rows <= 0) return C2D_ERR_BAD_SIZE;
    if ((size_t)m->columns > ((size_t)-1) / (size_t)m->rows || (int64_t)m->columns * m->rows > INT32_MAX) return C2D_ERR_BAD_SIZE;
    if (!c2d_vec2_is_valid(m->origin) || !c2d_vec2_is_valid(m->cell_size) || !c2d_vec2_is_valid(m->one_way)) return C2D_ERR_NOT_FINITE;
    if (!(m->cell_size.x > 0) || !(m->cell_size.y > 0)) return C2D_ERR_BAD_SIZE;
    if (!c2d_vec2_in_range(m->origin) || !c2d_vec2_in_range(m->cell_size) || !c2d_vec2_in_range(m->one_way)) return C2D_ERR_OUT_OF_RANGE;
    far_corner = c2d_v2(m->origin.x + (c2d_real)m->columns * m->cell_size.x, m->origin.y + (c2d_real)m->rows * m->cell_size.y);
    if (!c2d_vec2_in_range(far_corner)) return C2D_ERR_OUT_OF_RANGE;
    if (WORLD_BUSY_GET(w) > 0) return C2D_ERR_BUSY;
    up = (m->one_way.x == 0 && m->one_way.y == 0) ? c2d_v2(0, 1) : m->one_way;
    cells = (size_t)m->columns * (size_t)m->rows;
    used = (uint8_t *)w->alloc.alloc(cells, w->alloc.context);
    if (!used) return C2D_ERR_OUT_OF_MEMORY;
    n = tile_rects(m, used, NULL);
    *out_count = n;
    if (n > capacity) s = C2D_ERR_BUFFER_TOO_SMALL;
    else if (n > w->max_colliders - w->count) s = C2D_ERR_FULL;
    if (s == C2D_OK && n > 0) {
        rects = (rect *)w->alloc.alloc((size_t)n * sizeof(rect), w->alloc.context);
        if (!rects) s = C2D_ERR_OUT_OF_MEMORY;
    }
    if (s == C2D_OK && n > 0) {
        tile_rects(m, used, rects);
        for (k = 0; k < n && s == C2D_OK; ++k) {
            c2d_collider_def def;
            c2d_aabb box;
            memset(&def, 0, sizeof def);
            box.lower = c2d_v2(m->origin.x + (c2d_real)rects[k].c0 * m->cell_size.x, m->origin.y + (c2d_real)rects[k].r0 * m->cell_size.y);
            box.upper = c2d_v2(m->origin.x + (c2d_real)rects[k].c1 * m->cell_size.x, m->origin.y + (c2d_real)rects[k].r1 * m->cell_size.y);
            def.shape = c2d_shape_from_aabb(box);
            def.transform = c2d_transform_identity();
            def.filter = m->filter;
            def.flags = C2D_COLLIDER_STATIC;
            def.one_way = rects[k].one_way ? up : c2d_v2(0, 0);
            def.user_data = m->user_data;
            s = c2d_world_add(w, &def, &ids[k]);
            if (s == C2D_OK) ++added;
        }
        if (s != C2D_OK) {
            /* nothing added: take back what was */
            for (k = 0; k < added; ++k) c2d_world_remove(w, ids[k]);
            *out_count = 0;
        }
    }
    if (s == C2D_ERR_FULL) *out_count = 0;
    if (rects) w->alloc.free(rects, (size_t)n * sizeof(rect), w->alloc.context);
    w->alloc.free(used, cells, w->alloc.context);
    return s;
}
