/* Why a shape is refused, by both rules: the queries' (c2d_shape_status, the slow half of the
 * checks of src/validate.h: the queries decide with the kind's usable() rule, and only a shape that
 * rule rejects comes here to be given its c2d_status) and the constructors' (c2d_shape_validate,
 * the reason c2d_shape_is_valid says no, which the world applies to every shape it is given). */
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

/* ---- the constructors' rule (c2d_shape_is_valid), with its reason: c2d_shape_validate ---- */

static bool shape_finite(const c2d_shape *s) {
    switch (s->type) {
    case C2D_SHAPE_POINT: return c2d_vec2_is_valid(s->as.point);
    case C2D_SHAPE_SEGMENT: return c2d_vec2_is_valid(s->as.segment.p1) && c2d_vec2_is_valid(s->as.segment.p2);
    case C2D_SHAPE_AABB: return c2d_vec2_is_valid(s->as.aabb.lower) && c2d_vec2_is_valid(s->as.aabb.upper);
    case C2D_SHAPE_CIRCLE: return c2d_vec2_is_valid(s->as.circle.center) && C2D_ISFINITE(s->as.circle.radius);
    case C2D_SHAPE_CAPSULE:
        return c2d_vec2_is_valid(s->as.capsule.p1) && c2d_vec2_is_valid(s->as.capsule.p2) && C2D_ISFINITE(s->as.capsule.radius);
    case C2D_SHAPE_POLYGON: {
        int i, n = s->as.polygon.count;
        if (n < 0 || n > C2D_MAX_POLYGON_VERTICES) return true; /* a count problem, not a NaN */
        for (i = 0; i < n; ++i)
            if (!c2d_vec2_is_valid(s->as.polygon.vertices[i]) || !c2d_vec2_is_valid(s->as.polygon.normals[i])) return false;
        return c2d_vec2_is_valid(s->as.polygon.centroid);
    }
    case C2D_SHAPE_ROUNDED_POLYGON: {
        c2d_shape p = c2d_shape_from_polygon(&s->as.rounded_polygon.polygon);
        return shape_finite(&p) && C2D_ISFINITE(s->as.rounded_polygon.radius);
    }
    case C2D_SHAPE_ELLIPSE:
        return c2d_vec2_is_valid(s->as.ellipse.center) && c2d_vec2_is_valid(s->as.ellipse.radii) &&
               C2D_ISFINITE(s->as.ellipse.rotation.c) && C2D_ISFINITE(s->as.ellipse.rotation.s);
    case C2D_SHAPE_WEDGE:
    case C2D_SHAPE_ARC:
        return c2d_vec2_is_valid(s->as.wedge.center) && C2D_ISFINITE(s->as.wedge.outer_radius) && C2D_ISFINITE(s->as.wedge.sweep_angle) &&
               C2D_ISFINITE(s->as.wedge.start_angle) && c2d_vec2_is_valid(s->as.wedge.start_dir) && c2d_vec2_is_valid(s->as.wedge.end_dir);
    case C2D_SHAPE_CONCAVE: {
        const c2d_concave_shape *c = &s->as.concave;
        int i;
        if (!c2d_vec2_is_valid(c->xf.p) || !C2D_ISFINITE(c->xf.q.c) || !C2D_ISFINITE(c->xf.q.s)) return false;
        if (c->outline.vertices == NULL) return true; /* a structure problem, not a NaN */
        for (i = 0; i < c->outline.count; ++i)
            if (!c2d_vec2_is_valid(c->outline.vertices[i])) return false;
        return true;
    }
    case C2D_SHAPE_TYPE_COUNT: break;
    }
    return true;
}

static bool shape_in_range(const c2d_shape *s) {
    switch (s->type) {
    case C2D_SHAPE_POINT: return c2d_vec2_in_range(s->as.point);
    case C2D_SHAPE_SEGMENT: return c2d_vec2_in_range(s->as.segment.p1) && c2d_vec2_in_range(s->as.segment.p2);
    case C2D_SHAPE_AABB: return c2d_vec2_in_range(s->as.aabb.lower) && c2d_vec2_in_range(s->as.aabb.upper);
    case C2D_SHAPE_CIRCLE: return c2d_vec2_in_range(s->as.circle.center) && s->as.circle.radius <= C2D_MAX_COORD;
    case C2D_SHAPE_CAPSULE:
        return c2d_vec2_in_range(s->as.capsule.p1) && c2d_vec2_in_range(s->as.capsule.p2) && s->as.capsule.radius <= C2D_MAX_COORD;
    case C2D_SHAPE_POLYGON: {
        int i, n = s->as.polygon.count;
        if (n < 0 || n > C2D_MAX_POLYGON_VERTICES) return true;
        for (i = 0; i < n; ++i)
            if (!c2d_vec2_in_range(s->as.polygon.vertices[i])) return false;
        return true;
    }
    case C2D_SHAPE_ROUNDED_POLYGON: {
        c2d_shape p = c2d_shape_from_polygon(&s->as.rounded_polygon.polygon);
        return shape_in_range(&p) && s->as.rounded_polygon.radius <= C2D_MAX_COORD;
    }
    case C2D_SHAPE_ELLIPSE:
        return c2d_vec2_in_range(s->as.ellipse.center) && s->as.ellipse.radii.x <= C2D_MAX_COORD && s->as.ellipse.radii.y <= C2D_MAX_COORD;
    case C2D_SHAPE_CONCAVE: {
        c2d_aabb b;
        int i;
        if (s->as.concave.outline.vertices == NULL) return true;
        for (i = 0; i < s->as.concave.outline.count; ++i)
            if (!c2d_vec2_in_range(s->as.concave.outline.vertices[i])) return false;
        b = c2d_shape_aabb(s);
        return c2d_vec2_in_range(b.lower) && c2d_vec2_in_range(b.upper);
    }
    case C2D_SHAPE_WEDGE:
    case C2D_SHAPE_ARC: return c2d_vec2_in_range(s->as.wedge.center) && s->as.wedge.outer_radius <= C2D_MAX_COORD;
    case C2D_SHAPE_TYPE_COUNT: break;
    }
    return true;
}

c2d_status c2d_shape_validate(const c2d_shape *s) {
    if (!s) return C2D_ERR_NULL_ARG;
    if ((unsigned)s->type >= (unsigned)C2D_SHAPE_TYPE_COUNT) return C2D_ERR_UNSUPPORTED;
    if (!shape_finite(s)) return C2D_ERR_NOT_FINITE;
    if (!shape_in_range(s)) return C2D_ERR_OUT_OF_RANGE;
    if (c2d_shape_is_valid(s)) return C2D_OK;
    switch (s->type) {
    case C2D_SHAPE_AABB:
    case C2D_SHAPE_CIRCLE:
    case C2D_SHAPE_CAPSULE:
    case C2D_SHAPE_ELLIPSE: return C2D_ERR_BAD_SIZE;
    case C2D_SHAPE_WEDGE: return s->as.wedge.outer_radius > 0 && s->as.wedge.inner_radius == 0 ? C2D_ERR_BAD_ANGLE : C2D_ERR_BAD_SIZE;
    case C2D_SHAPE_ROUNDED_POLYGON:
        if (!c2d_polygon_is_valid(&s->as.rounded_polygon.polygon)) {
            return (s->as.rounded_polygon.polygon.count > C2D_MAX_POLYGON_VERTICES) ? C2D_ERR_TOO_MANY_POINTS : C2D_ERR_DEGENERATE;
        }
        return C2D_ERR_BAD_SIZE;
    case C2D_SHAPE_POLYGON:
        return (s->as.polygon.count > C2D_MAX_POLYGON_VERTICES) ? C2D_ERR_TOO_MANY_POINTS : C2D_ERR_DEGENERATE;
    case C2D_SHAPE_CONCAVE:
        if (s->as.concave.outline.vertices == NULL || s->as.concave.pieces == NULL) return C2D_ERR_NULL_ARG;
        if (!c2d_transform_is_valid(s->as.concave.xf)) return C2D_ERR_NOT_FINITE;
        return C2D_ERR_DEGENERATE;
    default: return C2D_ERR_DEGENERATE;
    }
}
