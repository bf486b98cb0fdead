/* What the two files of the flat C surface share (web/wasm/c2d_wasm.c: shapes and the broad
 * phase; web/wasm/c2d_wasm_world.c: the world and its moves). Not a public header. */
#ifndef C2D_WASM_H
#define C2D_WASM_H

#include <collide2d.h>

#ifdef __EMSCRIPTEN__
#  include <emscripten/emscripten.h>
#  define W_API EMSCRIPTEN_KEEPALIVE
#else
#  define W_API
#endif

/* Returned by a query when the pair of kinds has no function in the library. */
#define W_UNSUPPORTED (-100)
/* Returned by w_decode when the encoded kind or count is unknown (a bug in the caller). */
#define W_BAD_ENCODING (-101)

/* The encoded kinds outside c2d_shape (their numbers are the ones C2D_SHAPE_CONCAVE and
 * C2D_SHAPE_ARC take in issue 15); every other kind number is its c2d_shape_type. */
#define W_CONCAVE 9
#define W_ARC 10

/* A decoded shape: convex kinds go through the generic c2d_shape; concave polygons point at the
 * vertex doubles of the encoded run (which must stay alive during the call). */
typedef struct w_shape {
    int kind;
    c2d_shape convex;
    c2d_concave concave;
    c2d_arc arc;
} w_shape;

/* Number of doubles the encoded shape at e occupies, or 0 when the kind or count is unknown. */
int w_encoded_length(const double *e);
/* Decodes one shape through the library's constructors; returns C2D_OK, the constructor's error,
 * or W_BAD_ENCODING. */
int w_decode(const double *e, w_shape *s);
/* Writes the encoded run of a shape in c2d_shape to out (3 + 2 * C2D_MAX_POLYGON_VERTICES doubles
 * suffice); returns its length, 0 for an unknown tag. */
int w_encode(const c2d_shape *s, double *out);

#endif
