/* SPDX-License-Identifier: MIT */
/* collide2d: vectors, rotations and transforms, all passed by value, all inline.
 * Frame convention: collide2d never assumes which way y points. Angles are radians measured from
 * +x toward +y (counter-clockwise when y points up, clockwise on a y-down screen). */
#ifndef COLLIDE2D_MATH_H
#define COLLIDE2D_MATH_H

#include <math.h>
#include "base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A 2D vector or point (length units). */
typedef struct c2d_vec2 {
    c2d_real x, y;
} c2d_vec2;

/* A rotation stored as cosine and sine of its angle; c*c + s*s == 1. */
typedef struct c2d_rot {
    c2d_real c, s;
} c2d_rot;

/* A rigid transform: rotate by q, then translate by p. Maps a local point v to p + q*v. */
typedef struct c2d_transform {
    c2d_vec2 p;
    c2d_rot q;
} c2d_transform;

/* c2d_normalize's range for the direct formula: lengths whose squares are normal numbers. */
#ifdef C2D_DOUBLE
#  define C2D_NORMALIZE_TINY 1e-150
#  define C2D_NORMALIZE_HUGE 1e150
#else
#  define C2D_NORMALIZE_TINY 1e-18f
#  define C2D_NORMALIZE_HUGE 1e18f
#endif

#ifdef C2D_DOUBLE
#  define C2D_SQRT sqrt
#  define C2D_ABS fabs
#  define C2D_COS cos
#  define C2D_SIN sin
#  define C2D_ATAN2 atan2
#  define C2D_ISFINITE(x) isfinite(x)
#else
#  define C2D_SQRT sqrtf
#  define C2D_ABS fabsf
#  define C2D_COS cosf
#  define C2D_SIN sinf
#  define C2D_ATAN2 atan2f
#  define C2D_ISFINITE(x) isfinite(x)
#endif

/* Pi as a c2d_real. */
#define C2D_PI ((c2d_real)3.14159265358979323846)

/* Makes a vector. */
static inline c2d_vec2 c2d_v2(c2d_real x, c2d_real y) {
    c2d_vec2 v;
    v.x = x;
    v.y = y;
    return v;
}
/* a + b. */
static inline c2d_vec2 c2d_add(c2d_vec2 a, c2d_vec2 b) { return c2d_v2(a.x + b.x, a.y + b.y); }
/* a - b. */
static inline c2d_vec2 c2d_sub(c2d_vec2 a, c2d_vec2 b) { return c2d_v2(a.x - b.x, a.y - b.y); }
/* -a. */
static inline c2d_vec2 c2d_neg(c2d_vec2 a) { return c2d_v2(-a.x, -a.y); }
/* s * a. */
static inline c2d_vec2 c2d_scale(c2d_vec2 a, c2d_real s) { return c2d_v2(a.x * s, a.y * s); }
/* a + s * b. */
static inline c2d_vec2 c2d_mul_add(c2d_vec2 a, c2d_real s, c2d_vec2 b) { return c2d_v2(a.x + s * b.x, a.y + s * b.y); }
/* Dot product. */
static inline c2d_real c2d_dot(c2d_vec2 a, c2d_vec2 b) { return a.x * b.x + a.y * b.y; }
/* 2D cross product a.x*b.y - a.y*b.x: positive when b is counter-clockwise from a (y up). */
static inline c2d_real c2d_cross(c2d_vec2 a, c2d_vec2 b) { return a.x * b.y - a.y * b.x; }
/* a rotated by +90 degrees: (-a.y, a.x). */
static inline c2d_vec2 c2d_left_perp(c2d_vec2 a) { return c2d_v2(-a.y, a.x); }
/* a rotated by -90 degrees: (a.y, -a.x). */
static inline c2d_vec2 c2d_right_perp(c2d_vec2 a) { return c2d_v2(a.y, -a.x); }
/* Squared length. */
static inline c2d_real c2d_len_sq(c2d_vec2 a) { return a.x * a.x + a.y * a.y; }
/* Length. */
static inline c2d_real c2d_len(c2d_vec2 a) { return C2D_SQRT(a.x * a.x + a.y * a.y); }
/* Squared distance between two points. */
static inline c2d_real c2d_dist_sq(c2d_vec2 a, c2d_vec2 b) { return c2d_len_sq(c2d_sub(a, b)); }
/* Distance between two points. */
static inline c2d_real c2d_dist(c2d_vec2 a, c2d_vec2 b) { return c2d_len(c2d_sub(a, b)); }
/* Component-wise minimum. */
static inline c2d_vec2 c2d_vmin(c2d_vec2 a, c2d_vec2 b) { return c2d_v2(a.x < b.x ? a.x : b.x, a.y < b.y ? a.y : b.y); }
/* Component-wise maximum. */
static inline c2d_vec2 c2d_vmax(c2d_vec2 a, c2d_vec2 b) { return c2d_v2(a.x > b.x ? a.x : b.x, a.y > b.y ? a.y : b.y); }
/* Linear interpolation a + t*(b - a). */
static inline c2d_vec2 c2d_lerp(c2d_vec2 a, c2d_vec2 b, c2d_real t) { return c2d_v2(a.x + t * (b.x - a.x), a.y + t * (b.y - a.y)); }
/* Unit vector along a, or (0,0) when a is zero or not finite. Also for vectors whose squared length
 * underflows or overflows (components below about 1e-19 or above 1e19 in float): those are scaled
 * by their largest component first. */
static inline c2d_vec2 c2d_normalize(c2d_vec2 a) {
    c2d_real l = c2d_len(a), m;
    if (l >= C2D_NORMALIZE_TINY && l <= C2D_NORMALIZE_HUGE) return c2d_scale(a, (c2d_real)1 / l);
    m = C2D_ABS(a.x) > C2D_ABS(a.y) ? C2D_ABS(a.x) : C2D_ABS(a.y);
    if (!(m > 0) || !C2D_ISFINITE(a.x) || !C2D_ISFINITE(a.y)) return c2d_v2(0, 0);
    a = c2d_v2(a.x / m, a.y / m);
    return c2d_scale(a, (c2d_real)1 / c2d_len(a));
}
/* True when both components are finite. */
static inline bool c2d_vec2_is_valid(c2d_vec2 a) { return C2D_ISFINITE(a.x) && C2D_ISFINITE(a.y); }

/* Rotation by angle (radians). */
static inline c2d_rot c2d_rot_make(c2d_real angle) {
    c2d_rot q;
    q.c = C2D_COS(angle);
    q.s = C2D_SIN(angle);
    return q;
}
/* The identity rotation. */
static inline c2d_rot c2d_rot_identity(void) {
    c2d_rot q;
    q.c = 1;
    q.s = 0;
    return q;
}
/* Angle of a rotation in (-pi, pi]. */
static inline c2d_real c2d_rot_angle(c2d_rot q) { return C2D_ATAN2(q.s, q.c); }
/* Rotates v by q. */
static inline c2d_vec2 c2d_rotate(c2d_rot q, c2d_vec2 v) { return c2d_v2(q.c * v.x - q.s * v.y, q.s * v.x + q.c * v.y); }
/* Rotates v by the inverse of q. */
static inline c2d_vec2 c2d_inv_rotate(c2d_rot q, c2d_vec2 v) { return c2d_v2(q.c * v.x + q.s * v.y, -q.s * v.x + q.c * v.y); }

/* Transform from a position and an angle (radians). */
static inline c2d_transform c2d_transform_make(c2d_vec2 p, c2d_real angle) {
    c2d_transform t;
    t.p = p;
    t.q = c2d_rot_make(angle);
    return t;
}
/* The identity transform. */
static inline c2d_transform c2d_transform_identity(void) {
    c2d_transform t;
    t.p = c2d_v2(0, 0);
    t.q = c2d_rot_identity();
    return t;
}
/* Maps a local point to world: p + q*v. */
static inline c2d_vec2 c2d_transform_point(c2d_transform t, c2d_vec2 v) { return c2d_add(t.p, c2d_rotate(t.q, v)); }
/* Maps a world point to local: q^-1 * (v - p). */
static inline c2d_vec2 c2d_inv_transform_point(c2d_transform t, c2d_vec2 v) { return c2d_inv_rotate(t.q, c2d_sub(v, t.p)); }
/* True when the transform is finite and its rotation is unit length (within 1e-3). */
static inline bool c2d_transform_is_valid(c2d_transform t) {
    c2d_real m;
    if (!c2d_vec2_is_valid(t.p) || !C2D_ISFINITE(t.q.c) || !C2D_ISFINITE(t.q.s)) return false;
    m = t.q.c * t.q.c + t.q.s * t.q.s;
    return m > (c2d_real)0.999 && m < (c2d_real)1.001;
}

#ifdef __cplusplus
}
#endif

#endif /* COLLIDE2D_MATH_H */
