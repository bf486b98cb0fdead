/* SPDX-License-Identifier: MIT */
/* collide2d: 2D collision detection in C. The one include for users.
 *
 *   #include <collide2d.h>
 *   c2d_aabb a, b; c2d_hit hit;
 *   c2d_aabb_from_center(c2d_v2(0, 0), c2d_v2(1, 1), &a);
 *   c2d_aabb_from_center(c2d_v2(1.5f, 0), c2d_v2(1, 1), &b);
 *   if (c2d_aabb_hit_aabb(a, b, &hit)) { ... hit.delta moves a out of b ... }
 *
 * Layers, each including only the ones above it:
 *   collide2d/base.h       precision, status codes, limits, assert hook
 *   collide2d/math.h       vectors, rotations, transforms (inline)
 *   collide2d/geometry.h   shapes, constructors, validity, bounds, point containment, exact
 *                          orientation (c2d_orient2d), concave decomposition
 *   collide2d/collision.h  narrow phase: overlap, hit, manifold, ray cast, sweep, distance
 *   collide2d/shape.h      generic tagged shape and any-pair queries
 *   collide2d/broadphase.h spatial indexes (trees, grid, quadtree, sort and sweep), pairs, batch box tests
 *   collide2d/world.h      the world: colliders, filters, handles, queries, overlap events, tile maps
 *   collide2d/world_move.h bump-style moves over the world: move, check, project, responses
 *   collide2d/mover.h      the character mover: move-and-slide through a world, slopes, steps, platforms
 * See README.md for the query table and docs/design.md for the conventions. */
#ifndef COLLIDE2D_H
#define COLLIDE2D_H

#include "collide2d/base.h"
#include "collide2d/math.h"
#include "collide2d/geometry.h"
#include "collide2d/collision.h"
#include "collide2d/shape.h"
#include "collide2d/broadphase.h"
#include "collide2d/world.h"
#include "collide2d/world_move.h"
#include "collide2d/mover.h"

#endif /* COLLIDE2D_H */
