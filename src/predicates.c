/* Exact orientation of three points: the sign of twice the signed area of triangle (a, b, c),
 * decided without rounding error.
 *
 * The method is Shewchuk's ("Adaptive Precision Floating-Point Arithmetic and Fast Robust
 * Geometric Predicates", 1997), written here from the paper:
 * 1. A filter (c2d_orient_sign in internal.h, inlined where it is used): the determinant
 *    (a - c) x (b - c) in the build's precision, with the paper's a-priori bound on its rounding
 *    error, (3 + 16 u) u (|l| + |r|) for its two products l and r and unit roundoff u (2^-24 in
 *    float, 2^-53 in double), plus a few of the smallest subnormal steps for products that
 *    underflow. A value beyond the bound has the exact sign. This settles all but near-collinear
 *    triples at about the cost of the rounded cross product.
 * 2. Otherwise the six products of the expanded determinant
 *        ax by - ax cy - ay bx + ay cx + bx cy - by cx
 *    are formed exactly, each as a sum of two doubles (Dekker's product; a float build's
 *    coordinates are exact in double and so are their products), and summed exactly into a
 *    nonoverlapping expansion (the paper's Grow-Expansion with zero elimination). The component of
 *    largest magnitude has the sign of the whole sum.
 * Exactness needs round-to-nearest double arithmetic without contraction (the build passes
 * -ffp-contract=off) and no overflow or underflow in the products. Coordinates within
 * C2D_MAX_COORD cannot overflow (1e15 in float, 1e100 in double). In a float build nothing can
 * underflow either, so the sign is exact for every finite input in range. In a double build it is
 * exact when every non-zero coordinate has magnitude at least 2^-460 (about 1e-138); below that
 * the low half of a product can be lost and the sign is that of a determinant correct to about
 * 1e-300. */
#include <string.h>
#include "internal.h"

/* x + y = a + b exactly, x = fl(a + b) (Knuth's TwoSum, for any order of magnitudes). */
static inline void two_sum(double a, double b, double *x, double *y) {
    double s = a + b;
    double bv = s - a;
    double av = s - bv;
    *x = s;
    *y = (a - av) + (b - bv);
}

/* a = hi + lo with hi holding the upper 26 bits (Veltkamp's split; the factor is 2^27 + 1). */
static inline void split(double a, double *hi, double *lo) {
    double c = 134217729.0 * a;
    double big = c - a;
    *hi = c - big;
    *lo = a - *hi;
}

/* x + y = a * b exactly, x = fl(a * b) (Dekker's product). */
static inline void two_product(double a, double b, double *x, double *y) {
    double ahi, alo, bhi, blo, p = a * b, err;
    split(a, &ahi, &alo);
    split(b, &bhi, &blo);
    err = p - ahi * bhi;
    err -= alo * bhi;
    err -= ahi * blo;
    *x = p;
    *y = alo * blo - err;
}

/* h = e + b, where e holds n nonoverlapping components in increasing magnitude (zeros removed);
 * h gets the same form and at most n + 1 components. Returns the count. */
static int grow_expansion(int n, const double *e, double b, double *h) {
    double q = b, part;
    int i, m = 0;
    for (i = 0; i < n; ++i) {
        two_sum(q, e[i], &q, &part);
        if (part != 0) h[m++] = part;
    }
    if (q != 0) h[m++] = q;
    return m;
}

int c2d_orient2d_exact(double ax, double ay, double bx, double by, double cx, double cy) {
    double terms[12], e[13], t[13];
    int i, n = 0;
    two_product(ax, by, &terms[0], &terms[1]);
    two_product(-ax, cy, &terms[2], &terms[3]);
    two_product(-ay, bx, &terms[4], &terms[5]);
    two_product(ay, cx, &terms[6], &terms[7]);
    two_product(bx, cy, &terms[8], &terms[9]);
    two_product(-by, cx, &terms[10], &terms[11]);
    for (i = 0; i < 12; ++i) {
        if (terms[i] == 0) continue;
        n = grow_expansion(n, e, terms[i], t);
        memcpy(e, t, (size_t)n * sizeof(double));
    }
    if (n == 0) return 0;
    return e[n - 1] > 0 ? 1 : -1;
}

int c2d_orient2d(c2d_vec2 a, c2d_vec2 b, c2d_vec2 c) {
    if (!C2D_ISFINITE(a.x) || !C2D_ISFINITE(a.y) || !C2D_ISFINITE(b.x) || !C2D_ISFINITE(b.y) ||
        !C2D_ISFINITE(c.x) || !C2D_ISFINITE(c.y))
        return 0;
    return c2d_orient_sign(a, b, c);
}
