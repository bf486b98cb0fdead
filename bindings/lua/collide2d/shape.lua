-- collide2d.shape: collide2d's shapes of every kind and their time of impact, with LuaJIT's FFI.
--
--   local shape = require 'collide2d.shape'
--   local rod = shape.new { type = 'polygon', points = { -2,-0.05, 2,-0.05, 2,0.05, -2,0.05 } }
--   local r = shape.timeOfImpact(rod, { a2 = math.pi / 2 }, { type = 'circle', x = 0, y = 1.5, r = 0.1 })
--   print(r.status, r.t)          --> hit  0.9362...
--
-- Shapes are tables with the fields of the JavaScript API (web/README.md), checked by the C
-- library's constructors: point {x, y}; segment {x1, y1, x2, y2}; aabb {minX, minY, maxX, maxY};
-- rect {x, y, width, height}; circle {x, y, r}; capsule {x1, y1, x2, y2, r}; polygon {points};
-- roundedPolygon {points, r}; ellipse {x, y, rx, ry, angle = 0}; wedge {x, y, r, start, end};
-- concave {points} (a simple polygon of any winding); arc {x, y, inner, outer, start, end}.
-- points is a list of {x = .., y = ..} or a flat list of numbers. Angles are radians.
--
-- A bad shape or bad input raises an error naming the C status, as the world's calls do
-- ('collide2d: circle failed: ... (C2D_ERR_BAD_SIZE)').
local ffi = require 'ffi'
local C2D = require 'collide2d.ffi'
local C = C2D.lib
local check_status = C2D.check_status

local shape_t = ffi.typeof('c2d_shape')
local vec2_t = ffi.typeof('c2d_vec2')
local vec2s_t = ffi.typeof('c2d_vec2[?]')
local polygons_t = ffi.typeof('c2d_polygon[?]')
local concave_t = ffi.typeof('c2d_concave')
local xf_t = ffi.typeof('c2d_transform')
local toi_in_t = ffi.typeof('c2d_shape_toi_input')

local M = {}

-- The c2d_shape_type numbers (bindings use them: shape.h appends new kinds only).
local KIND = { point = 0, segment = 1, aabb = 2, rect = 2, circle = 3, capsule = 4, polygon = 5, roundedPolygon = 6,
               ellipse = 7, wedge = 8, concave = 9, arc = 10 }
M.KIND = KIND

-- A made shape: the c2d_shape, and what it points into (a concave polygon's vertices and pieces).
local Shape = {}
Shape.__index = Shape

local function num(desc, field)
  local v = desc[field]
  if type(v) ~= 'number' then
    error(('collide2d: %s.%s must be a number, but was %s'):format(desc.type, field, tostring(v)), 5)
  end
  return v
end

local function v2(x, y) return vec2_t(x, y) end

-- The points of desc as a c2d_vec2 array and their count.
local function points(desc)
  local p = desc.points
  if type(p) ~= 'table' then error(('collide2d: %s.points must be a list'):format(desc.type), 5) end
  local flat = type(p[1]) == 'number'
  local n = flat and #p / 2 or #p
  if flat and #p % 2 ~= 0 then error(('collide2d: %s.points needs an even count of numbers'):format(desc.type), 5) end
  local arr = vec2s_t(math.max(n, 1))
  for i = 0, n - 1 do
    local x, y
    if flat then x, y = p[2 * i + 1], p[2 * i + 2] else x, y = p[i + 1] and p[i + 1].x, p[i + 1] and p[i + 1].y end
    if type(x) ~= 'number' or type(y) ~= 'number' then
      error(('collide2d: %s.points[%d] must be numbers'):format(desc.type, i + 1), 5)
    end
    arr[i].x, arr[i].y = x, y
  end
  return arr, n
end

-- Each kind's constructor: fills s (a c2d_shape) from desc, returns the C status and what the
-- shape points into.
local MAKE = {
  point = function(d, s) s.as.point = v2(num(d, 'x'), num(d, 'y')) return 0 end,
  segment = function(d, s)
    return C.c2d_segment_make(v2(num(d, 'x1'), num(d, 'y1')), v2(num(d, 'x2'), num(d, 'y2')), s.as.segment)
  end,
  aabb = function(d, s)
    return C.c2d_aabb_make(v2(num(d, 'minX'), num(d, 'minY')), v2(num(d, 'maxX'), num(d, 'maxY')), s.as.aabb)
  end,
  rect = function(d, s)
    local x, y = num(d, 'x'), num(d, 'y')
    return C.c2d_aabb_make(v2(x, y), v2(x + num(d, 'width'), y + num(d, 'height')), s.as.aabb)
  end,
  circle = function(d, s) return C.c2d_circle_make(v2(num(d, 'x'), num(d, 'y')), num(d, 'r'), s.as.circle) end,
  capsule = function(d, s)
    return C.c2d_capsule_make(v2(num(d, 'x1'), num(d, 'y1')), v2(num(d, 'x2'), num(d, 'y2')), num(d, 'r'), s.as.capsule)
  end,
  polygon = function(d, s)
    local p, n = points(d)
    return C.c2d_polygon_make(p, n, s.as.polygon)
  end,
  roundedPolygon = function(d, s)
    local p, n = points(d)
    return C.c2d_rounded_polygon_make(p, n, num(d, 'r'), s.as.rounded_polygon)
  end,
  ellipse = function(d, s)
    local angle = d.angle == nil and 0 or num(d, 'angle')
    return C.c2d_ellipse_make(v2(num(d, 'x'), num(d, 'y')), num(d, 'rx'), num(d, 'ry'), angle, s.as.ellipse)
  end,
  wedge = function(d, s)
    return C.c2d_convex_wedge_make(v2(num(d, 'x'), num(d, 'y')), num(d, 'r'), num(d, 'start'), num(d, 'end'), s.as.wedge)
  end,
  arc = function(d, s)
    return C.c2d_arc_shape_make(v2(num(d, 'x'), num(d, 'y')), num(d, 'inner'), num(d, 'outer'), num(d, 'start'),
                                num(d, 'end'), s.as.arc)
  end,
  concave = function(d, s)
    local p, n = points(d)
    local outline = concave_t()
    local st = C.c2d_concave_make(p, n, outline)
    if st ~= 0 then return st end
    -- at most n - 2 convex pieces, at the identity (the points are the shape's local frame)
    local cap = math.max(n - 2, 1)
    local pieces = polygons_t(cap)
    local xf = xf_t()
    xf.q.c = 1
    return C.c2d_concave_shape_make(outline, pieces, cap, xf, s.as.concave), { p, pieces }
  end,
}

-- The made shape of desc (a table, or a made shape as it is). Errors point at the caller of the
-- API function that called this one (the messages of num and points likewise).
local function make(desc)
  if getmetatable(desc) == Shape then return desc end
  local fill = type(desc) == 'table' and MAKE[desc.type]
  if not fill then
    error(('collide2d: unknown shape type %s'):format(tostring(type(desc) == 'table' and desc.type or desc)), 3)
  end
  local s = shape_t()
  s.type = KIND[desc.type]
  local st, keep = fill(desc, s)
  check_status(st, desc.type, 4)
  return setmetatable({ type = desc.type, desc = desc, c = s, keep = keep }, Shape)
end

-- Makes a shape from its table (see above); raises an error naming the C status when the
-- library's constructor refuses it. A made shape can be passed wherever a table is, and is checked
-- once instead of on every call.
function M.new(desc)
  local s = make(desc)
  return s
end

local function vec_arg(v, what)
  if type(v) ~= 'table' or type(v.x) ~= 'number' or type(v.y) ~= 'number' then
    error(('collide2d: timeOfImpact: %s must be {x = number, y = number}'):format(what), 4)
  end
  return v
end

local function number_arg(v, what, level)
  if type(v) ~= 'number' then error(('collide2d: timeOfImpact: %s must be a number'):format(what), level or 4) end
  return v
end

-- Writes a motion table {localCenter, c1, c2, a1, a2} (every field optional: localCenter (0, 0),
-- c1 = localCenter, c2 = c1, a1 = 0, a2 = a1) into m (a c2d_motion).
local function put_motion(m, t, name)
  t = t or {}
  local lc = vec_arg(t.localCenter or { x = 0, y = 0 }, name .. '.localCenter')
  local c1 = vec_arg(t.c1 or lc, name .. '.c1')
  local c2 = vec_arg(t.c2 or c1, name .. '.c2')
  local a1 = number_arg(t.a1 or 0, name .. '.a1')
  m.local_center.x, m.local_center.y = lc.x, lc.y
  m.c1.x, m.c1.y, m.c2.x, m.c2.y = c1.x, c1.y, c2.x, c2.y
  m.a1, m.a2 = a1, number_arg(t.a2 or a1, name .. '.a2')
end

local TOI_STATUS = { [0] = 'hit', [1] = 'separated', [2] = 'overlapped', [4] = 'maxIterations' }

-- Time of impact (c2d_shape_time_of_impact): the first time t in [0, tMax] at which the gap
-- between a and b, each moving by its motion over one step, comes down to the target gap; it never
-- steps past the first contact. a and b are shape tables or made shapes of any kind, read in their
-- local frames (their own numbers). A motion {localCenter, c1, c2, a1, a2} moves the local point
-- localCenter (default (0, 0)) in a straight line from c1 (t = 0; default localCenter) to c2
-- (t = 1; default c1) while the shape turns about it from angle a1 to a2 (radians; defaults 0 and
-- a1); nil: the shape stays where its numbers put it. options: tMax in (0, 1] (default 1), target
-- (gap to stop at, >= 0; 0: C2D_TOI_TARGET), maxIterations (0: C2D_TOI_DEFAULT_ITERATIONS).
-- Returns {status, t, normal = {x, y}, point = {x, y}, iterations}: status 'hit' (the gap is down
-- to the target at t; normal from B toward A, point midway between the closest points),
-- 'separated' (t = tMax), 'overlapped' (touching or overlapping at t = 0) or 'maxIterations' (t
-- keeps the target gap); normal and point are (0, 0) unless 'hit'. A bad shape, motion or option
-- raises an error naming the C status (C2D_ERR_NOT_FINITE, C2D_ERR_OUT_OF_RANGE, C2D_ERR_BAD_SIZE,
-- ...), as does a numerical failure (C2D_ERR_NUMERICAL, with the last time known to keep the gap).
function M.timeOfImpact(a, motionA, b, motionB, options)
  local sa, sb = make(a), make(b)
  options = options or {}
  local input = toi_in_t()
  input.a, input.b = sa.c, sb.c
  put_motion(input.motion_a, motionA, 'motionA')
  put_motion(input.motion_b, motionB, 'motionB')
  input.t_max = number_arg(options.tMax or 1, 'options.tMax', 3)
  input.target = number_arg(options.target or 0, 'options.target', 3)
  input.max_iterations = number_arg(options.maxIterations or 0, 'options.maxIterations', 3)
  local r = C.c2d_shape_time_of_impact(input)
  if r.status < 0 then
    check_status(r.error, 'timeOfImpact', 3, r.error == -15 and (' at t = %.17g'):format(tonumber(r.t)) or nil)
  end
  return {
    status = TOI_STATUS[r.status] or tostring(r.status),
    t = tonumber(r.t),
    normal = { x = tonumber(r.normal.x), y = tonumber(r.normal.y) },
    point = { x = tonumber(r.point.x), y = tonumber(r.point.y) },
    iterations = r.iterations,
  }
end

return M
