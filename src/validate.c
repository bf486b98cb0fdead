/* Why a shape is refused (the slow half of the checks of src/validate.h): the queries decide with
 * the kind's usable() rule, and only a shape that rule rejects comes here to be given its
 * c2d_status. */
#include "kind.h"
#include "validate.h"

/* Finite, then within C2D_MAX_COORD: the reason for the first value that fails, or C2D_OK. */
static c2d_status value_status(c2d_real x) {
    if (!C2D_ISFINITE(x)) return C2D_ERR_NOT_FINITE;
    return C2D_ABS(x) <= (c2d_real)C2D_MAX_COORD ? C2D_OK : C2D_ERR_OUT_OF_RANGE;
}
static c2d_status point_status(c2d_vec2 p) {
    c2d_status s = value_status(p.x);
    return s != C2D_OK ? s : value_status(p.y);
}
/* NOT_FINITE outranks OUT_OF_RANGE whichever value comes first. */
static c2d_status worse(c2d_status a, c2d_status b) {
    if (a == C2D_ERR_NOT_FINITE || b == C2D_ERR_NOT_FINITE) return C2D_ERR_NOT_FINITE;
    return a != C2D_OK ? a : b;
}

static c2d_status polygon_status(const c2d_polygon *p) {
    c2d_status s = C2D_OK;
    int i;
    if (p->count < 3) return C2D_ERR_DEGENERATE;
    if (p->count > C2D_MAX_POLYGON_VERTICES) return C2D_ERR_TOO_MANY_POINTS;
    for (i = 0; i < p->count; ++i) {
        s = worse(s, point_status(p->vertices[i]));
        if (!C2D_ISFINITE(p->normals[i].x) || !C2D_ISFINITE(p->normals[i].y)) s = C2D_ERR_NOT_FINITE;
    }
    return s;
}

c2d_status c2d_shape_status(const c2d_shape *s) {
    const c2d_kind *k;
    c2d_core_view c;
    c2d_status st;
    if (s == NULL) return C2D_ERR_NULL_ARG;
    k = c2d_kind_of(s->type);
    if (k == NULL) return C2D_ERR_UNSUPPORTED;
    if (k->usable(s)) return C2D_OK;
    c = k->core(s);
    switch (c.form) {
    case C2D_CORE_POLYGON:
        st = polygon_status(c.polygon);
        break;
    case C2D_CORE_NONE: {
        /* a curved core: its bounds carry any NaN or overflow of its values */
        c2d_aabb b = k->bounds(s);
        st = worse(point_status(b.lower), point_status(b.upper));
        break;
    }
    default:
        st = worse(point_status(c.p1), point_status(c.p2));
        if (c.form == C2D_CORE_BOX && st == C2D_OK) return C2D_ERR_BAD_SIZE; /* empty or too thin */
        break;
    }
    if (st != C2D_OK) return st;
    st = value_status(c.radius);
    if (st != C2D_OK) return st;
    /* everything is in range: a size too small (a radius) or a shape with no area or length */
    return k->rounded && c.radius < (c2d_real)C2D_MIN_SIZE ? C2D_ERR_BAD_SIZE : C2D_ERR_DEGENERATE;
}
