-- collide2d.ffi: loads libcollide2d with LuaJIT's FFI and declares the part of its C API that the
-- Lua binding uses (base, shapes and their constructors, world, world moves, time of impact), with
-- c2d_real as the library was built.
--
-- The library is found by the environment variable C2D_LIB (a path to libcollide2d.so) when it is
-- set, otherwise by the system loader's usual search (ffi.load("collide2d"): LD_LIBRARY_PATH, the
-- ld.so cache, /usr/lib, ...). The struct layouts below mirror include/collide2d/*.h and must be
-- kept in step with them (spec/ffi_spec.lua checks the sizes the binding depends on).
local ffi = require 'ffi'

local path = os.getenv('C2D_LIB')
local ok, lib = pcall(ffi.load, (path and path ~= '') and path or 'collide2d')
if not ok then
  error(('collide2d: cannot load the shared library (%s): %s. Build it (make build/float/.built gives ' ..
         'build/float/libcollide2d.so) and set C2D_LIB to its path, or install it where the loader ' ..
         'finds it.'):format(path and ('C2D_LIB=' .. path) or 'ffi.load("collide2d")', tostring(lib)), 2)
end

-- Declarations that do not depend on the scalar type, to ask the library which one it has.
if not pcall(ffi.typeof, 'c2d_world') then
  ffi.cdef [[
    typedef struct c2d_world c2d_world;
    bool c2d_is_double(void);
    int c2d_version(void);
    const char *c2d_status_string(int status);
  ]]
end

local real = lib.c2d_is_double() and 'double' or 'float'

if pcall(ffi.typeof, 'c2d_real') then
  -- Declared already in this Lua state (another copy of the module): it must be the same type.
  if ffi.sizeof('c2d_real') ~= ffi.sizeof(real) then
    error('collide2d: this Lua state declared c2d_real as a different type than ' .. real ..
          ', which the library at hand uses; one Lua state can use one precision only', 2)
  end
else
  ffi.cdef('typedef ' .. real .. ' c2d_real;')
  ffi.cdef [[
    typedef struct c2d_vec2 { c2d_real x, y; } c2d_vec2;
    typedef struct c2d_rot { c2d_real c, s; } c2d_rot;
    typedef struct c2d_transform { c2d_vec2 p; c2d_rot q; } c2d_transform;
    typedef struct c2d_segment { c2d_vec2 p1, p2; } c2d_segment;
    typedef struct c2d_aabb { c2d_vec2 lower, upper; } c2d_aabb;
    typedef struct c2d_circle { c2d_vec2 center; c2d_real radius; } c2d_circle;
    typedef struct c2d_capsule { c2d_vec2 p1, p2; c2d_real radius; } c2d_capsule;
    typedef struct c2d_polygon {
      c2d_vec2 vertices[8]; c2d_vec2 normals[8]; c2d_vec2 centroid; int count;
    } c2d_polygon;
    typedef struct c2d_hit { c2d_vec2 pos; c2d_vec2 normal; c2d_vec2 delta; c2d_real time; } c2d_hit;
    typedef struct c2d_raycast_input { c2d_vec2 origin; c2d_vec2 translation; c2d_real max_fraction; } c2d_raycast_input;
    typedef struct c2d_rounded_polygon { c2d_polygon polygon; c2d_real radius; } c2d_rounded_polygon;
    typedef struct c2d_ellipse { c2d_vec2 center; c2d_vec2 radii; c2d_rot rotation; } c2d_ellipse;
    typedef struct c2d_arc {
      c2d_vec2 center; c2d_real inner_radius, outer_radius; c2d_real start_angle; c2d_real sweep_angle;
      c2d_vec2 start_dir; c2d_vec2 end_dir;
    } c2d_arc;
    typedef struct c2d_concave { const c2d_vec2 *vertices; int count; c2d_aabb bounds; c2d_real signed_area; } c2d_concave;
    typedef struct c2d_concave_shape {
      c2d_concave outline; const c2d_polygon *pieces; int piece_count; c2d_transform xf;
    } c2d_concave_shape;
    /* every member of the C union: the concave one holds pointers, which set its alignment */
    typedef struct c2d_shape {
      int type;
      union { c2d_vec2 point; c2d_segment segment; c2d_aabb aabb; c2d_circle circle;
              c2d_capsule capsule; c2d_polygon polygon; c2d_rounded_polygon rounded_polygon;
              c2d_ellipse ellipse; c2d_arc wedge; c2d_concave_shape concave; c2d_arc arc; } as;
    } c2d_shape;

    typedef struct c2d_allocator {
      void *(*alloc)(size_t size, void *context);
      void (*free)(void *ptr, size_t size, void *context);
      void *context;
    } c2d_allocator;

    typedef struct c2d_collider_id { int32_t index; uint16_t world; uint16_t generation; } c2d_collider_id;
    typedef struct c2d_filter { uint64_t category_bits; uint64_t mask_bits; int32_t group_index; } c2d_filter;
    typedef struct c2d_collider_def {
      c2d_shape shape; const c2d_concave *concave; c2d_transform transform; c2d_filter filter;
      uint32_t flags; c2d_vec2 one_way; uint64_t user_data;
    } c2d_collider_def;
    typedef struct c2d_world_config {
      c2d_allocator allocator; int32_t capacity; int32_t max_colliders; int static_index;
      int moving_index; c2d_real cell_size; uint16_t id_tag;
    } c2d_world_config;
    typedef bool c2d_world_accept_fn(c2d_collider_id id, uint64_t user_data, void *context);
    typedef struct c2d_query_filter {
      uint64_t category_bits; uint64_t mask_bits; int32_t group_index; uint32_t flags;
      c2d_collider_id self; c2d_world_accept_fn *accept; void *context;
    } c2d_query_filter;
    typedef struct c2d_world_hit { c2d_collider_id id; uint64_t user_data; c2d_hit hit; } c2d_world_hit;

    int c2d_world_create(const c2d_world_config *config, c2d_world **out);
    int c2d_world_destroy(c2d_world *world);
    bool c2d_world_validate(const c2d_world *world);
    int32_t c2d_world_count(const c2d_world *world);
    bool c2d_world_contains(const c2d_world *world, c2d_collider_id id);
    int c2d_world_add(c2d_world *world, const c2d_collider_def *def, c2d_collider_id *out_id);
    int c2d_world_remove(c2d_world *world, c2d_collider_id id);
    int c2d_world_set_transform(c2d_world *world, c2d_collider_id id, c2d_transform transform);
    int c2d_world_set_shape(c2d_world *world, c2d_collider_id id, const c2d_shape *shape);
    int c2d_world_query_point(const c2d_world *world, c2d_vec2 point, const c2d_query_filter *filter,
                              c2d_collider_id *ids, int32_t capacity, int32_t *out_total);
    int c2d_world_query_aabb(const c2d_world *world, c2d_aabb box, const c2d_query_filter *filter,
                             c2d_collider_id *ids, int32_t capacity, int32_t *out_total);
    int c2d_world_raycast_all(const c2d_world *world, c2d_raycast_input ray, const c2d_query_filter *filter,
                              c2d_world_hit *hits, int32_t capacity, int32_t *out_total);

    typedef struct c2d_move_collision {
      c2d_collider_id other; uint64_t other_user_data; int32_t response; bool overlaps; c2d_real ti;
      c2d_vec2 start; c2d_vec2 move; c2d_vec2 normal; c2d_vec2 touch; c2d_vec2 point;
      c2d_aabb item_aabb; c2d_aabb other_aabb; c2d_vec2 slide; c2d_vec2 bounce;
    } c2d_move_collision;
    typedef int32_t c2d_move_filter_fn(c2d_collider_id item, uint64_t item_user_data, c2d_collider_id other,
                                       uint64_t other_user_data, void *context);
    typedef bool c2d_move_response_fn(c2d_move_collision *collision, c2d_vec2 *start, c2d_vec2 *goal, void *context);
    typedef struct c2d_move_custom_response { c2d_move_response_fn *fn; void *context; } c2d_move_custom_response;
    typedef struct c2d_move_input {
      c2d_move_filter_fn *filter; void *context; const c2d_move_custom_response *custom; int32_t custom_count;
      uint32_t query_flags; int32_t max_iterations; c2d_move_collision *collisions; int32_t capacity;
    } c2d_move_input;
    typedef struct c2d_move_result { c2d_vec2 position; int32_t count; int32_t total; bool capped; } c2d_move_result;
    int c2d_world_project(const c2d_world *world, c2d_collider_id item, const c2d_shape *shape,
                          c2d_transform start, c2d_vec2 goal, const c2d_move_input *in, c2d_move_result *out);

    /* shapes (collide2d.shape): the validating constructors of geometry.h and shape.h */
    int c2d_segment_make(c2d_vec2 p1, c2d_vec2 p2, c2d_segment *out);
    int c2d_aabb_make(c2d_vec2 lower, c2d_vec2 upper, c2d_aabb *out);
    int c2d_circle_make(c2d_vec2 center, c2d_real radius, c2d_circle *out);
    int c2d_capsule_make(c2d_vec2 p1, c2d_vec2 p2, c2d_real radius, c2d_capsule *out);
    int c2d_polygon_make(const c2d_vec2 *points, int count, c2d_polygon *out);
    int c2d_rounded_polygon_make(const c2d_vec2 *points, int count, c2d_real radius, c2d_rounded_polygon *out);
    int c2d_ellipse_make(c2d_vec2 center, c2d_real rx, c2d_real ry, c2d_real angle, c2d_ellipse *out);
    int c2d_convex_wedge_make(c2d_vec2 center, c2d_real radius, c2d_real start_angle, c2d_real end_angle, c2d_arc *out);
    int c2d_arc_shape_make(c2d_vec2 center, c2d_real inner_radius, c2d_real outer_radius, c2d_real start_angle,
                           c2d_real end_angle, c2d_arc *out);
    int c2d_concave_make(const c2d_vec2 *vertices, int count, c2d_concave *out);
    int c2d_concave_shape_make(const c2d_concave *outline, c2d_polygon *pieces, int capacity, c2d_transform xf,
                               c2d_concave_shape *out);

    /* time of impact (collision.h, shape.h); the status enums as int */
    typedef struct c2d_motion { c2d_vec2 local_center; c2d_vec2 c1, c2; c2d_real a1, a2; } c2d_motion;
    typedef struct c2d_toi_result {
      int status; int error; c2d_real t; c2d_vec2 normal; c2d_vec2 point; int iterations;
    } c2d_toi_result;
    typedef struct c2d_shape_toi_input {
      const c2d_shape *a, *b; c2d_motion motion_a, motion_b; c2d_real t_max; c2d_real target; int max_iterations;
    } c2d_shape_toi_input;
    c2d_toi_result c2d_shape_time_of_impact(const c2d_shape_toi_input *input);
  ]]
end

-- The C names of c2d_status's errors, after C2D_ERR_.
local STATUS_NAMES = {
  [-1] = 'NULL_ARG', [-2] = 'NOT_FINITE', [-3] = 'OUT_OF_RANGE', [-4] = 'BAD_SIZE', [-5] = 'DEGENERATE',
  [-6] = 'TOO_MANY_POINTS', [-7] = 'SELF_INTERSECTING', [-8] = 'BAD_ANGLE', [-9] = 'OUT_OF_MEMORY',
  [-10] = 'UNSUPPORTED', [-11] = 'BAD_ID', [-12] = 'BUSY', [-13] = 'FULL', [-14] = 'BUFFER_TOO_SMALL',
  [-15] = 'NUMERICAL',
}

-- Raises a Lua error for a failed C call at the given level (default 3: the caller of the
-- function that called check_status): 'collide2d: <what> failed: <message> (C2D_ERR_<NAME>)<extra>'.
local function check_status(status, what, level, extra)
  if status ~= 0 then
    error(('collide2d: %s failed: %s (C2D_ERR_%s)%s'):format(what, ffi.string(lib.c2d_status_string(status)),
          STATUS_NAMES[status] or tostring(status), extra or ''), level or 3)
  end
end

return {
  lib = lib,          -- the loaded library (C functions)
  real = real,        -- 'float' or 'double': c2d_real of this library
  path = path,        -- C2D_LIB when it was used, else nil
  check_status = check_status,
}
