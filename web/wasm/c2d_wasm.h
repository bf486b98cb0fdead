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

/* Every encoded kind number is its c2d_shape_type. */
#define W_CONCAVE C2D_SHAPE_CONCAVE
#define W_ARC C2D_SHAPE_ARC

/* The most outline vertices a concave polygon may have in the encoded form (its pieces, at most
 * count - 2 of them, live in the decoded block: see w_shape_bytes); beyond it w_decode returns
 * C2D_ERR_TOO_MANY_POINTS. */
#define W_MAX_CONCAVE_VERTICES 8192

/* A decoded shape: every kind goes through the generic c2d_shape. A concave
 * polygon's outline points at the vertex doubles of the encoded run (which must stay alive while
 * the shape is used) and its pieces at the block's bytes after this struct (w_shape_bytes). */
typedef struct w_shape {
    int kind;
    c2d_shape convex;
} w_shape;

/* Number of doubles the encoded shape at e occupies, or 0 when the kind or count is unknown. */
int w_encoded_length(const double *e);
/* Bytes the decoded block of the encoded shape at e needs: the w_shape, then (for a concave
 * polygon of n vertices, n <= W_MAX_CONCAVE_VERTICES) room for n - 2 pieces. */
int w_shape_bytes(const double *e);
/* Decodes one shape into the block s of `bytes` bytes through the library's constructors; returns
 * C2D_OK, the constructor's error (BUFFER_TOO_SMALL: a block smaller than w_shape_bytes), or
 * W_BAD_ENCODING. */
int w_decode(const double *e, w_shape *s, int bytes);
/* Decodes into one of two static blocks (slot 0 or 1, grown as needed, reused by the next call
 * with that slot), for the functions that take encoded runs; *out is set even on error. */
int w_decode_tmp(const double *e, int slot, w_shape **out);
/* Writes the encoded run of a shape in c2d_shape to out (3 + 2 * C2D_MAX_POLYGON_VERTICES doubles
 * suffice); returns its length, 0 for an unknown tag. */
int w_encode(const c2d_shape *s, double *out);

#endif
