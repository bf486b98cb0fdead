/* Status strings, version, and the assert hook. */
#include <stdio.h>
#include <stdlib.h>
#include "internal.h"

const char *c2d_status_string(c2d_status status) {
    switch (status) {
    case C2D_OK: return "ok";
    case C2D_ERR_NULL_ARG: return "a required pointer argument is NULL";
    case C2D_ERR_NOT_FINITE: return "NaN or infinity in the input";
    case C2D_ERR_OUT_OF_RANGE: return "coordinate or size beyond C2D_MAX_COORD";
    case C2D_ERR_BAD_SIZE: return "size is zero or negative";
    case C2D_ERR_DEGENERATE: return "degenerate geometry (zero length or area, collinear, too few distinct points)";
    case C2D_ERR_TOO_MANY_POINTS: return "more vertices than the shape can hold";
    case C2D_ERR_SELF_INTERSECTING: return "polygon edges cross or touch";
    case C2D_ERR_BAD_ANGLE: return "angle range covers nothing";
    case C2D_ERR_OUT_OF_MEMORY: return "out of memory";
    case C2D_ERR_UNSUPPORTED: return "operation not supported by this object";
    case C2D_ERR_BAD_ID: return "proxy id not in the index, or collider handle null, stale or foreign";
    case C2D_ERR_BUSY: return "world changed while one of its queries or updates runs";
    case C2D_ERR_FULL: return "the world holds its maximum number of colliders";
    case C2D_ERR_BUFFER_TOO_SMALL: return "caller buffer too small";
    case C2D_ERR_NUMERICAL: return "rounding left no answer the computation can vouch for";
    }
    return "unknown status";
}

int c2d_version(void) { return C2D_VERSION; }

bool c2d_is_double(void) {
#ifdef C2D_DOUBLE
    return true;
#else
    return false;
#endif
}

static c2d_assert_fn *g_assert_fn = NULL;
static void *g_assert_user = NULL;

void c2d_set_assert_handler(c2d_assert_fn *handler, void *user) {
    g_assert_fn = handler;
    g_assert_user = user;
}

void c2d_assert_failed(const char *expression, const char *file, int line) {
    if (g_assert_fn) {
        g_assert_fn(expression, file, line, g_assert_user);
        return;
    }
    fprintf(stderr, "collide2d: assertion failed: %s (%s:%d)\n", expression, file, line);
    abort();
}
