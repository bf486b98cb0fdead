-- collide2d.bump: bump.lua's API (v3.1.7) over collide2d's world, with LuaJIT's FFI.
--
--   local bump = require 'collide2d.bump'     (or require 'bump', through bindings/lua/bump.lua)
--   local world = bump.newWorld(64)
--   world:add(player, x, y, w, h)
--   local ax, ay, cols, len = world:move(player, goalX, goalY, filter)
--
-- Every item is an axis-aligned rectangle: a box collider [0, w] x [0, h] in its local frame,
-- placed at (x, y) (its left-top corner in bump's y-down screen terms). Collisions, queries and
-- positions come from the C library (c2d_world_project, c2d_world_query_*, c2d_world_raycast_all);
-- the move loop (check), the responses and the filters run here in Lua, in bump's own protocol, so
-- that custom responses written for bump (which call world:project) run unchanged.
--
-- Differences from bump.lua (collide2d's touching rule and limits): see bindings/lua/README.md.
local ffi = require 'ffi'
local C2D = require 'collide2d.ffi'
local C = C2D.lib

local floor, ceil, min, max, huge = math.floor, math.ceil, math.min, math.max, math.huge
local type, tostring, error, pairs, select = type, tostring, error, pairs, select

local bump = {
  _VERSION     = 'collide2d-bump 0.1.0 (bump v3.1.7 API)',
  _BUMP_VERSION = 'bump v3.1.7',
  _URL         = 'collide2d: bindings/lua',
  _DESCRIPTION = "bump.lua's World API over the collide2d C library (LuaJIT FFI)",
  _LICENSE     = 'same as collide2d',
  REAL         = C2D.real,   -- 'float' or 'double': the precision of the loaded library
}

------------------------------------------
-- C helpers
------------------------------------------

local C2D_SHAPE_AABB = 2

-- Raises a Lua error for a failed C call, pointing at the caller of the World method (level 4 from
-- C2D.check_status: it, this function, the method, its caller).
local function check_status(status, what)
  C2D.check_status(status, what, 4)
end

local id_t = ffi.typeof('c2d_collider_id')
local ids_t = ffi.typeof('c2d_collider_id[?]')
local hits_t = ffi.typeof('c2d_world_hit[?]')
local cols_t = ffi.typeof('c2d_move_collision[?]')
local def_t = ffi.typeof('c2d_collider_def')
local shape_t = ffi.typeof('c2d_shape')
local int1_t = ffi.typeof('int32_t[1]')
local world_pp_t = ffi.typeof('c2d_world*[1]')
local aabb_t = ffi.typeof('c2d_aabb')
local vec2_t = ffi.typeof('c2d_vec2')
local xf_t = ffi.typeof('c2d_transform')
local ray_t = ffi.typeof('c2d_raycast_input')
local move_in_t = ffi.typeof('c2d_move_input')
local move_out_t = ffi.typeof('c2d_move_result')

-- Scratch objects shared by every world (the binding is single-threaded, as a Lua state is).
local total1 = int1_t()
local scratch_shape = shape_t()
local scratch_in = move_in_t()
local scratch_out = move_out_t()

local function box_shape(w, h)
  scratch_shape.type = C2D_SHAPE_AABB
  local b = scratch_shape.as.aabb
  b.lower.x, b.lower.y, b.upper.x, b.upper.y = 0, 0, w, h
  return scratch_shape
end

local function transform_at(x, y)
  local t = xf_t()
  t.p.x, t.p.y, t.q.c, t.q.s = x, y, 1, 0
  return t
end

------------------------------------------
-- Argument checks (bump's messages)
------------------------------------------

-- level: 3 when called from a World method (1: this function, 2: the method, 3: its caller).
local function assertType(desiredType, value, name, level)
  if type(value) ~= desiredType then
    error(name .. ' must be a ' .. desiredType .. ', but was ' .. tostring(value) .. '(a ' .. type(value) .. ')', level or 3)
  end
end

local function assertIsPositiveNumber(value, name, level)
  if type(value) ~= 'number' or not (value > 0) then
    error(name .. ' must be a positive number, but was ' .. tostring(value) .. '(' .. type(value) .. ')', level or 3)
  end
end

local function assertIsRect(x, y, w, h)
  assertType('number', x, 'x', 4)
  assertType('number', y, 'y', 4)
  assertIsPositiveNumber(w, 'w', 4)
  assertIsPositiveNumber(h, 'h', 4)
end

------------------------------------------
-- Rectangle functions (bump.rect): plain Lua, same contracts as bump's, collide2d's touching rule
------------------------------------------

local function nearest(x, a, b)
  if math.abs(a - x) < math.abs(b - x) then return a else return b end
end

local function rect_getNearestCorner(x, y, w, h, px, py)
  return nearest(px, x, x + w), nearest(py, y, y + h)
end

-- Liang-Barsky clip of the segment (x1,y1)-(x2,y2) against the rect, starting from the parameter
-- range [ti1, ti2] (default [0, 1]). Returns ti1, ti2 and the normals of the sides where the clipped
-- segment enters (nx1, ny1) and leaves (nx2, ny2), or nil when the clipped range is empty or the
-- segment runs along a side.
local function rect_getSegmentIntersectionIndices(x, y, w, h, x1, y1, x2, y2, ti1, ti2)
  ti1, ti2 = ti1 or 0, ti2 or 1
  local dx, dy = x2 - x1, y2 - y1
  local nx1, ny1, nx2, ny2 = 0, 0, 0, 0
  -- each side: outward normal (nx, ny), p = -(d . n), q = distance from the start to the side's line
  local sides = {
    { -1, 0, -dx, x1 - x }, { 1, 0, dx, x + w - x1 },
    { 0, -1, -dy, y1 - y }, { 0, 1, dy, y + h - y1 },
  }
  for i = 1, 4 do
    local s = sides[i]
    local nx, ny, p, q = s[1], s[2], s[3], s[4]
    if p == 0 then
      if q <= 0 then return nil end
    else
      local r = q / p
      if p < 0 then
        if r > ti2 then return nil end
        if r > ti1 then ti1, nx1, ny1 = r, nx, ny end
      else
        if r < ti1 then return nil end
        if r < ti2 then ti2, nx2, ny2 = r, nx, ny end
      end
    end
  end
  return ti1, ti2, nx1, ny1, nx2, ny2
end

local function rect_getDiff(x1, y1, w1, h1, x2, y2, w2, h2)
  return x2 - x1 - w1, y2 - y1 - h1, w1 + w2, h1 + h2
end

-- Strictly inside (collide2d: a point on the border is not inside; bump: more than 1e-10 inside).
local function rect_containsPoint(x, y, w, h, px, py)
  return px > x and py > y and px < x + w and py < y + h
end

-- Interiors overlap (touching is not intersecting, as in bump).
local function rect_isIntersecting(x1, y1, w1, h1, x2, y2, w2, h2)
  return x1 < x2 + w2 and x2 < x1 + w1 and y1 < y2 + h2 and y2 < y1 + h1
end

local function rect_getSquareDistance(x1, y1, w1, h1, x2, y2, w2, h2)
  local dx = x1 - x2 + (w1 - w2) / 2
  local dy = y1 - y2 + (h1 - h2) / 2
  return dx * dx + dy * dy
end

-- The collision table of one C record: bump's fields, with exact Lua rects for itemRect/otherRect.
local function collision_table(r, item, other, x, y, w, h, otherRect, responseName)
  local touch = { x = tonumber(r.touch.x), y = tonumber(r.touch.y) }
  return {
    item = item, other = other, type = responseName,
    overlaps = r.overlaps, ti = tonumber(r.ti),
    move = { x = tonumber(r.move.x), y = tonumber(r.move.y) },
    normal = { x = tonumber(r.normal.x), y = tonumber(r.normal.y) },
    touch = touch,
    itemRect = { x = x, y = y, w = w, h = h },
    otherRect = otherRect,
  }
end

local detect_world -- a private world for bump.rect.detectCollision (made on first use)

-- The collision of rect 1 moving to (goalX, goalY) with rect 2 (static), as world:project gives
-- it, or nil: collide2d's rules (touching is no collision, touch backed off, overlaps at ti 0).
local function rect_detectCollision(x1, y1, w1, h1, x2, y2, w2, h2, goalX, goalY)
  detect_world = detect_world or bump.newWorld()
  local other = {}
  detect_world:add(other, x2, y2, w2, h2)
  local ok, cols, len = pcall(detect_world.project, detect_world, nil, x1, y1, w1, h1, goalX, goalY)
  detect_world:remove(other)
  if not ok then error(cols, 2) end
  if len == 0 then return nil end
  local col = cols[1]
  col.item, col.other, col.type = nil, nil, nil
  return col
end

bump.rect = {
  getNearestCorner              = rect_getNearestCorner,
  getSegmentIntersectionIndices = rect_getSegmentIntersectionIndices,
  getDiff                       = rect_getDiff,
  containsPoint                 = rect_containsPoint,
  isIntersecting                = rect_isIntersecting,
  getSquareDistance             = rect_getSquareDistance,
  detectCollision               = rect_detectCollision,
}

------------------------------------------
-- Grid functions (bump's cell coordinates; collide2d itself indexes with a dynamic tree)
------------------------------------------

local function grid_toWorld(cellSize, cx, cy)
  return (cx - 1) * cellSize, (cy - 1) * cellSize
end

local function grid_toCell(cellSize, x, y)
  return floor(x / cellSize) + 1, floor(y / cellSize) + 1
end

local function grid_toCellRect(cellSize, x, y, w, h)
  local cx, cy = grid_toCell(cellSize, x, y)
  local cr, cb = ceil((x + w) / cellSize), ceil((y + h) / cellSize)
  return cx, cy, cr - cx + 1, cb - cy + 1
end

------------------------------------------
-- Responses (bump's protocol: (world, col, x,y,w,h, goalX, goalY, filter) -> goalX, goalY, cols, len)
------------------------------------------

local touch = function(world, col, x, y, w, h, goalX, goalY, filter)
  return col.touch.x, col.touch.y, {}, 0
end

local cross = function(world, col, x, y, w, h, goalX, goalY, filter)
  local cols, len = world:project(col.item, x, y, w, h, goalX, goalY, filter)
  return goalX, goalY, cols, len
end

-- Slide: the goal loses its motion along the normal (for bump's axis-aligned normals, the goal's
-- coordinate on the normal's axis becomes the touch's, the other is kept exactly).
local slide = function(world, col, x, y, w, h, goalX, goalY, filter)
  goalX = goalX or x
  goalY = goalY or y
  local tch, move, n = col.touch, col.move, col.normal
  if move.x ~= 0 or move.y ~= 0 then
    if n.y == 0 then
      goalX = tch.x
    elseif n.x == 0 then
      goalY = tch.y
    else
      local d = (goalX - tch.x) * n.x + (goalY - tch.y) * n.y
      goalX, goalY = goalX - d * n.x, goalY - d * n.y
    end
  end
  col.slide = { x = goalX, y = goalY }
  local cols, len = world:project(col.item, tch.x, tch.y, w, h, goalX, goalY, filter)
  return goalX, goalY, cols, len
end

-- Bounce: what is left of the motion after touch, reflected about the surface.
local bounce = function(world, col, x, y, w, h, goalX, goalY, filter)
  goalX = goalX or x
  goalY = goalY or y
  local tch, move, n = col.touch, col.move, col.normal
  local bx, by = tch.x, tch.y
  if move.x ~= 0 or move.y ~= 0 then
    local rx, ry = goalX - tch.x, goalY - tch.y
    local d = rx * n.x + ry * n.y
    if n.y == 0 then rx = -rx elseif n.x == 0 then ry = -ry
    else rx, ry = rx - 2 * d * n.x, ry - 2 * d * n.y end
    bx, by = tch.x + rx, tch.y + ry
  end
  col.bounce = { x = bx, y = by }
  local cols, len = world:project(col.item, tch.x, tch.y, w, h, bx, by, filter)
  return bx, by, cols, len
end

bump.responses = { touch = touch, cross = cross, slide = slide, bounce = bounce }

------------------------------------------
-- World
------------------------------------------

local World = {}
local World_mt = { __index = World }

local defaultFilter = function() return 'slide' end

-- The live rect of an item, or bump's error.
local function getRectOrError(self, item, level)
  local rect = self.rects[item]
  if not rect then
    error('Item ' .. tostring(item) .. ' must be added to the world before getting its rect. ' ..
          'Use world:add(item, x,y,w,h) to add it first.', level)
  end
  return rect
end

-- Grows the world's scratch buffer of ctype t (field name) to hold n entries.
local function buffer(self, field, t, n)
  local cap = self[field .. 'Cap']
  if n > cap then
    cap = max(n, cap * 2)
    self[field] = t(cap)
    self[field .. 'Cap'] = cap
  end
  return self[field], self[field .. 'Cap']
end

-- Items of a list of collider ids, in the C order (by collider index), through filter(item).
local function items_of_ids(self, ids, n, filter)
  local items, len = {}, 0
  local byIndex = self.byIndex
  for i = 0, n - 1 do
    local item = byIndex[ids[i].index]
    if not filter or filter(item) then
      len = len + 1
      items[len] = item
    end
  end
  return items, len
end

function World:addResponse(name, response)
  self.responses[name] = response
end

-- Every collision of the rect moved in a straight line from (x, y) to (goalX, goalY), except with
-- item itself, sorted by ti then distance (then collider index); filter(item, other) gives each
-- collision's type, or nil/false to drop it.
function World:project(item, x, y, w, h, goalX, goalY, filter)
  assertIsRect(x, y, w, h)
  goalX = goalX or x
  goalY = goalY or y
  assertType('number', goalX, 'goalX')
  assertType('number', goalY, 'goalY')
  filter = filter or defaultFilter

  local itemId = id_t()
  if item ~= nil and self.rects[item] then itemId = self.ids[item] end
  local goal = vec2_t(goalX, goalY)
  local start = transform_at(x, y)
  local shape = box_shape(w, h)
  local inp = scratch_in
  local buf, cap = self.colBuf, self.colBufCap
  inp.collisions, inp.capacity = buf, cap
  check_status(C.c2d_world_project(self.cworld, itemId, shape, start, goal, inp, scratch_out), 'project')
  local total = scratch_out.total
  if total > cap then
    buf, cap = buffer(self, 'colBuf', cols_t, total)
    inp.collisions, inp.capacity = buf, cap
    check_status(C.c2d_world_project(self.cworld, itemId, box_shape(w, h), start, goal, inp, scratch_out), 'project')
    total = scratch_out.count
  end
  inp.collisions, inp.capacity = nil, 0

  -- Read every record before calling the filter (a filter may use the world, and so the buffer).
  local records = {}
  for i = 0, total - 1 do
    local r = buf[i]
    local other = self.byIndex[r.other.index]
    records[i + 1] = collision_table(r, item, other, x, y, w, h, nil, nil)
  end
  local collisions, len = {}, 0
  for i = 1, total do
    local col = records[i]
    local responseName = filter(item, col.other)
    if responseName then
      local orect = self.rects[col.other]
      col.type = responseName
      col.otherRect = orect and { x = orect.x, y = orect.y, w = orect.w, h = orect.h } or nil
      len = len + 1
      collisions[len] = col
    end
  end
  return collisions, len
end

function World:countCells()
  local seen, count, cellSize = {}, 0, self.cellSize
  for _, r in pairs(self.rects) do
    local cl, ct, cw, ch = grid_toCellRect(cellSize, r.x, r.y, r.w, r.h)
    for cy = ct, ct + ch - 1 do
      local row = seen[cy]
      if not row then row = {}; seen[cy] = row end
      for cx = cl, cl + cw - 1 do
        if not row[cx] then row[cx] = true; count = count + 1 end
      end
    end
  end
  return count
end

function World:hasItem(item)
  return item ~= nil and self.rects[item] ~= nil
end

function World:getItems()
  local items, len = {}, 0
  for index = 0, self.highIndex do
    local item = self.byIndex[index]
    if item ~= nil then
      len = len + 1
      items[len] = item
    end
  end
  return items, len
end

function World:countItems()
  return self.count
end

function World:getRect(item)
  local rect = getRectOrError(self, item, 3)
  return rect.x, rect.y, rect.w, rect.h
end

function World:toWorld(cx, cy)
  return grid_toWorld(self.cellSize, cx, cy)
end

function World:toCell(x, y)
  return grid_toCell(self.cellSize, x, y)
end

--- Query methods

-- Items whose rect's interior overlaps the given rect's (touching is not overlapping), by
-- collider index, through filter(item).
function World:queryRect(x, y, w, h, filter)
  assertIsRect(x, y, w, h)
  local box = aabb_t()
  box.lower.x, box.lower.y, box.upper.x, box.upper.y = x, y, x + w, y + h
  local ids, cap = self.idBuf, self.idBufCap
  check_status(C.c2d_world_query_aabb(self.cworld, box, nil, ids, cap, total1), 'queryRect')
  if total1[0] > cap then
    ids, cap = buffer(self, 'idBuf', ids_t, total1[0])
    check_status(C.c2d_world_query_aabb(self.cworld, box, nil, ids, cap, total1), 'queryRect')
  end
  return items_of_ids(self, ids, total1[0], filter)
end

-- Items whose rect strictly contains the point, by collider index, through filter(item).
function World:queryPoint(x, y, filter)
  assertType('number', x, 'x')
  assertType('number', y, 'y')
  local p = vec2_t(x, y)
  local ids, cap = self.idBuf, self.idBufCap
  check_status(C.c2d_world_query_point(self.cworld, p, nil, ids, cap, total1), 'queryPoint')
  if total1[0] > cap then
    ids, cap = buffer(self, 'idBuf', ids_t, total1[0])
    check_status(C.c2d_world_query_point(self.cworld, p, nil, ids, cap, total1), 'queryPoint')
  end
  return items_of_ids(self, ids, total1[0], filter)
end

-- The items the segment enters (c2d_world_raycast_all: by entry time along the segment, then
-- collider index) with, per item, bump's info: ti1, ti2 (the segment's parameters where it enters
-- and leaves the rect, clipped to [0, 1]).
local function segment_infos(self, x1, y1, x2, y2, filter)
  assertType('number', x1, 'x1')
  assertType('number', y1, 'y1')
  assertType('number', x2, 'x2')
  assertType('number', y2, 'y2')
  local ray = ray_t()
  ray.origin.x, ray.origin.y = x1, y1
  ray.translation.x, ray.translation.y = x2 - x1, y2 - y1
  ray.max_fraction = 1
  local hits, cap = self.hitBuf, self.hitBufCap
  check_status(C.c2d_world_raycast_all(self.cworld, ray, nil, hits, cap, total1), 'querySegment')
  if total1[0] > cap then
    hits, cap = buffer(self, 'hitBuf', hits_t, total1[0])
    check_status(C.c2d_world_raycast_all(self.cworld, ray, nil, hits, cap, total1), 'querySegment')
  end
  local n = total1[0]
  local found = {}
  for i = 0, n - 1 do
    found[i + 1] = { item = self.byIndex[hits[i].id.index], time = tonumber(hits[i].hit.time) }
  end
  local infos, len = {}, 0
  for i = 1, n do
    local item = found[i].item
    if not filter or filter(item) then
      local r = self.rects[item]
      local ti1, ti2 = rect_getSegmentIntersectionIndices(r.x, r.y, r.w, r.h, x1, y1, x2, y2, 0, 1)
      if not ti1 then ti1, ti2 = found[i].time, found[i].time end -- a hit at the rounding limit
      len = len + 1
      infos[len] = { item = item, ti1 = ti1, ti2 = ti2 }
    end
  end
  return infos, len
end

function World:querySegment(x1, y1, x2, y2, filter)
  local infos, len = segment_infos(self, x1, y1, x2, y2, filter)
  local items = {}
  for i = 1, len do items[i] = infos[i].item end
  return items, len
end

function World:querySegmentWithCoords(x1, y1, x2, y2, filter)
  local infos, len = segment_infos(self, x1, y1, x2, y2, filter)
  local dx, dy = x2 - x1, y2 - y1
  for i = 1, len do
    local info = infos[i]
    info.x1, info.y1 = x1 + dx * info.ti1, y1 + dy * info.ti1
    info.x2, info.y2 = x1 + dx * info.ti2, y1 + dy * info.ti2
  end
  return infos, len
end

--- Main methods

function World:add(item, x, y, w, h)
  if item == nil then error('item must not be nil', 2) end
  if self.rects[item] then
    error('Item ' .. tostring(item) .. ' added to the world twice.', 2)
  end
  assertIsRect(x, y, w, h)

  local def = def_t()
  def.shape.type = C2D_SHAPE_AABB
  def.shape.as.aabb.upper.x, def.shape.as.aabb.upper.y = w, h
  def.transform = transform_at(x, y)
  local id = id_t()
  check_status(C.c2d_world_add(self.cworld, def, id), 'add')

  self.rects[item] = { x = x, y = y, w = w, h = h }
  self.ids[item] = id
  self.byIndex[id.index] = item
  if id.index > self.highIndex then self.highIndex = id.index end
  self.count = self.count + 1
  return item
end

function World:remove(item)
  getRectOrError(self, item, 3)
  local id = self.ids[item]
  check_status(C.c2d_world_remove(self.cworld, id), 'remove')
  self.rects[item] = nil
  self.ids[item] = nil
  self.byIndex[id.index] = nil
  self.count = self.count - 1
end

function World:update(item, x2, y2, w2, h2)
  local rect = getRectOrError(self, item, 3)
  w2, h2 = w2 or rect.w, h2 or rect.h
  assertIsRect(x2, y2, w2, h2)
  if rect.x == x2 and rect.y == y2 and rect.w == w2 and rect.h == h2 then return end
  local id = self.ids[item]
  if rect.w ~= w2 or rect.h ~= h2 then
    check_status(C.c2d_world_set_shape(self.cworld, id, box_shape(w2, h2)), 'update')
  end
  if rect.x ~= x2 or rect.y ~= y2 then
    local status = C.c2d_world_set_transform(self.cworld, id, transform_at(x2, y2))
    if status ~= 0 and (rect.w ~= w2 or rect.h ~= h2) then
      C.c2d_world_set_shape(self.cworld, id, box_shape(rect.w, rect.h)) -- all or nothing
    end
    check_status(status, 'update')
  end
  rect.x, rect.y, rect.w, rect.h = x2, y2, w2, h2
end

function World:move(item, goalX, goalY, filter)
  local actualX, actualY, cols, len = self:check(item, goalX, goalY, filter)
  self:update(item, actualX, actualY)
  return actualX, actualY, cols, len
end

function World:check(item, goalX, goalY, filter)
  filter = filter or defaultFilter
  local rect = getRectOrError(self, item, 3)

  local visited = { [item] = true }
  local visitedFilter = function(itm, other)
    if visited[other] then return false end
    return filter(itm, other)
  end

  local cols, len = {}, 0
  local x, y, w, h = rect.x, rect.y, rect.w, rect.h
  local projected_cols, projected_len = self:project(item, x, y, w, h, goalX, goalY, visitedFilter)
  goalX, goalY = goalX or x, goalY or y

  while projected_len > 0 do
    local col = projected_cols[1]
    len = len + 1
    cols[len] = col
    visited[col.other] = true

    local response = self.responses[col.type]
    if not response then
      error(('Unknown collision type: %s (%s)'):format(tostring(col.type), type(col.type)), 2)
    end
    goalX, goalY, projected_cols, projected_len = response(self, col, x, y, w, h, goalX, goalY, visitedFilter)
  end

  return goalX, goalY, cols, len
end

------------------------------------------
-- Public library functions
------------------------------------------

bump.newWorld = function(cellSize)
  cellSize = cellSize or 64
  assertIsPositiveNumber(cellSize, 'cellSize')
  local pp = world_pp_t()
  check_status(C.c2d_world_create(nil, pp), 'newWorld')
  local cworld = ffi.gc(pp[0], C.c2d_world_destroy)
  local world = setmetatable({
    cellSize  = cellSize,
    rects     = {},     -- item -> {x, y, w, h}: exactly the numbers given (bump's world.rects)
    responses = {},
    cworld    = cworld, -- the c2d_world
    ids       = {},     -- item -> c2d_collider_id
    byIndex   = {},     -- collider index -> item
    highIndex = -1,
    count     = 0,
    idBuf = ids_t(64), idBufCap = 64,
    hitBuf = hits_t(64), hitBufCap = 64,
    colBuf = cols_t(64), colBufCap = 64,
  }, World_mt)

  world:addResponse('touch', touch)
  world:addResponse('cross', cross)
  world:addResponse('slide', slide)
  world:addResponse('bounce', bounce)
  return world
end

-- True when the C world's own self-check passes (for tests).
function World:validate()
  return C.c2d_world_validate(self.cworld) and C.c2d_world_count(self.cworld) == self.count
end

return bump
