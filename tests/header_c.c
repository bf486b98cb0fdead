/* Compiled under C99, C11 and C17 with -pedantic: the public header must be clean in each. */
#include <collide2d.h>
int c2d_header_c_probe(void);
int c2d_header_c_probe(void) { return C2D_VERSION + (int)sizeof(c2d_shape); }
