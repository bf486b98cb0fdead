/* SPDX-License-Identifier: MIT */
/* collide2d: base definitions: precision, export macro, status codes, limits, assert hook.
 * Part of the collide2d public API. Include <collide2d.h> rather than this file. */
#ifndef COLLIDE2D_BASE_H
#define COLLIDE2D_BASE_H

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Library version: major * 10000 + minor * 100 + patch. */
#define C2D_VERSION_MAJOR 0
#define C2D_VERSION_MINOR 1
#define C2D_VERSION_PATCH 0
#define C2D_VERSION (C2D_VERSION_MAJOR * 10000 + C2D_VERSION_MINOR * 100 + C2D_VERSION_PATCH)

/* Symbol visibility. Define C2D_SHARED when building or using the shared library. */
#if defined(C2D_SHARED) && defined(_WIN32)
#  ifdef C2D_BUILDING
#    define C2D_API __declspec(dllexport)
#  else
#    define C2D_API __declspec(dllimport)
#  endif
#elif defined(C2D_SHARED) && defined(__GNUC__)
#  define C2D_API __attribute__((visibility("default")))
#else
#  define C2D_API
#endif

/* Scalar type: float by default; define C2D_DOUBLE (CMake option COLLIDE2D_DOUBLE) for double.
 * The library and every program using it must agree on this choice. */
#ifdef C2D_DOUBLE
typedef double c2d_real;
/* Largest accepted absolute coordinate or size; constructors reject anything larger. */
#  define C2D_MAX_COORD 1.0e100
/* Smallest accepted radius (circles, capsules), box width or height, and polygon edge: its square
 * is still a normal number, so the squared comparisons and cross products of the queries do not
 * underflow; smaller sizes are C2D_ERR_BAD_SIZE (polygon edges: C2D_ERR_DEGENERATE). */
#  define C2D_MIN_SIZE 1.0e-150
/* Machine epsilon of c2d_real. */
#  define C2D_EPSILON 2.2204460492503131e-16
#else
typedef float c2d_real;
/* Largest accepted absolute coordinate or size; constructors reject anything larger. */
#  define C2D_MAX_COORD 1.0e15f
/* Smallest accepted radius (circles, capsules), box width or height, and polygon edge: its square
 * is still a normal number, so the squared comparisons and cross products of the queries do not
 * underflow; smaller sizes are C2D_ERR_BAD_SIZE (polygon edges: C2D_ERR_DEGENERATE). */
#  define C2D_MIN_SIZE 1.0e-18f
/* Machine epsilon of c2d_real. */
#  define C2D_EPSILON 1.1920929e-7f
#endif

/* Maximum vertex count of a convex polygon (compile-time; at least 3). Override before building. */
#ifndef C2D_MAX_POLYGON_VERTICES
#  define C2D_MAX_POLYGON_VERTICES 8
#endif

/* Default GJK iteration cap used when a caller passes 0. */
#ifndef C2D_GJK_MAX_ITERATIONS
#  define C2D_GJK_MAX_ITERATIONS 32
#endif

/* Relative tolerance (fraction of the point cloud's size) under which hull points are welded
 * together and near-collinear hull points are dropped. */
#ifndef C2D_WELD_TOLERANCE
#  define C2D_WELD_TOLERANCE ((c2d_real)1e-4)
#endif

/* Sweep back-off: the gap (length units) left between a swept shape's safe position and the shape
 * it hit. The actual gap also grows with the coordinates so that rounding cannot close it. */
#ifndef C2D_SWEEP_MARGIN
#  define C2D_SWEEP_MARGIN ((c2d_real)1e-4)
#endif

/* The error model: every failure in the library is a negative c2d_status saying why, and only a
 * failure is negative. C2D_OK is 0.
 * - A function that can only succeed or fail (constructors, the world, the indexes) returns it.
 * - A query that also reports an outcome (c2d_distance, c2d_shape_distance, c2d_time_of_impact)
 *   returns a result whose status is >= 0 for every outcome (converged, hit, separated, iteration
 *   cap ...) and negative for a failure (C2D_DISTANCE_INVALID_INPUT, C2D_TOI_FAILED); the result's
 *   error field then holds the c2d_status that says why (it is C2D_OK otherwise).
 * - The fast yes/no queries (overlap, hit, manifold, ray cast) answer "no" (false, count 0) for
 *   input they cannot use, as they answer for shapes that miss: validate with the constructors or
 *   the *_is_valid functions (shape.h, geometry.h) to learn why. */
typedef enum c2d_status {
    C2D_OK = 0,                     /* success */
    C2D_ERR_NULL_ARG = -1,          /* a required pointer argument is NULL */
    C2D_ERR_NOT_FINITE = -2,        /* a NaN or an infinity in the input */
    C2D_ERR_OUT_OF_RANGE = -3,      /* a coordinate or size larger than C2D_MAX_COORD */
    C2D_ERR_BAD_SIZE = -4,          /* a size (radius, half extent, distance) is zero or negative,
                                       or a radius or box width is below C2D_MIN_SIZE */
    C2D_ERR_DEGENERATE = -5,        /* zero length, zero area, collinear or fewer than 3 distinct points */
    C2D_ERR_TOO_MANY_POINTS = -6,   /* more vertices than the shape can hold */
    C2D_ERR_SELF_INTERSECTING = -7, /* a polygon's edges cross or touch each other */
    C2D_ERR_BAD_ANGLE = -8,         /* an angle range that covers nothing */
    C2D_ERR_OUT_OF_MEMORY = -9,     /* the allocator returned NULL, or a count would overflow */
    C2D_ERR_UNSUPPORTED = -10,      /* the object does not support this operation */
    C2D_ERR_BAD_ID = -11,           /* a proxy id that is not in the index, or a collider handle that is
                                       null, stale, out of range or from another world */
    C2D_ERR_BUSY = -12,             /* a world change called while a query or update of that world runs
                                       (from one of its callbacks): refused, nothing changed */
    C2D_ERR_FULL = -13,             /* the world holds its max_colliders already */
    C2D_ERR_BUFFER_TOO_SMALL = -14, /* a caller buffer cannot hold the result (the needed count is reported) */
    C2D_ERR_NUMERICAL = -15         /* rounding left no answer the computation can vouch for (time of
                                       impact: the gap fell below the target between two steps) */
} c2d_status;

/* A short, static, English description of a status code; never NULL. */
C2D_API const char *c2d_status_string(c2d_status status);

/* The library version this binary was built as (compare with C2D_VERSION). */
C2D_API int c2d_version(void);

/* True when the library was built with double precision (must match C2D_DOUBLE in the caller). */
C2D_API bool c2d_is_double(void);

/* Assert hook: called when a debug check fails (library built without NDEBUG, or with
 * C2D_ENABLE_ASSERT). The default handler prints the message to stderr and aborts. A custom
 * handler may return, in which case the failing function continues with its documented safe
 * fallback result (never a crash, never NaN). user is the pointer given to c2d_set_assert_handler. */
typedef void c2d_assert_fn(const char *expression, const char *file, int line, void *user);

/* Installs the assert handler (NULL restores the default). Not thread-safe against running queries. */
C2D_API void c2d_set_assert_handler(c2d_assert_fn *handler, void *user);

#ifdef __cplusplus
}
#endif

#endif /* COLLIDE2D_BASE_H */
