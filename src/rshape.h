/* The rounded-shape core of the narrow phase (internal): see src/manifold.c. */
#ifndef COLLIDE2D_RSHAPE_H
#define COLLIDE2D_RSHAPE_H
#include "internal.h"
#endif
