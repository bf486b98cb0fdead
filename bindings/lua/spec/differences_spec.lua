-- bump.rect and bump.responses, and each documented difference from bump.lua (README.md,
-- "Differences from bump.lua"): what collide2d gives, with bump's answer in the comment.
local bump = require 'bump'
local H = require 'spec.helper'
local near_list, collect = H.assert_near_list, H.collect
local detect, responses = bump.rect.detectCollision, bump.responses

-- touch and normal of rect (x,y,w,h) moved to (gx, gy) against (ox,oy,ow,oh)
local function touch(x, y, w, h, ox, oy, ow, oh, gx, gy)
  local col = detect(x, y, w, h, ox, oy, ow, oh, gx, gy)
  return { col.touch.x, col.touch.y, col.normal.x, col.normal.y }
end

local function respond(kind, x, y, w, h, ox, oy, ow, oh, gx, gy)
  local col = detect(x, y, w, h, ox, oy, ow, oh, gx, gy)
  responses[kind](bump.newWorld(), col, x, y, w, h, gx, gy)
  return { col.touch.x, col.touch.y, col.normal.x, col.normal.y, col[kind].x, col[kind].y }
end

describe('bump.rect', function()
  it('detectCollision: nil when the rects never meet or only touch', function()
    assert.is_nil(detect(0, 0, 1, 1, 5, 5, 1, 1, 0, 0))
    assert.is_nil(detect(0, 0, 1, 1, 5, 5, 1, 1, 0, 1))
    assert.is_nil(detect(0, 0, 1, 1, 1, 0, 1, 1))            -- side by side
    assert.is_nil(detect(0, 16, 16, 16, 16, 0, 16, 16, -1, 15)) -- moving away from a shared corner
    assert.is_nil(detect(0, 0, 1, 1, 1, 1, 1, 1, 5, -5))    -- sliding past a shared corner
  end)

  it('detectCollision: moving, from each side', function()
    local c = detect(1, 1, 1, 1, 5, 0, 1, 2, 6, 1)
    assert.is_false(c.overlaps)
    assert.is_true(H.near(0.6, c.ti, 1e-6))
    assert.same({ x = -1, y = 0 }, c.normal)
    assert.same({ x = 5, y = 0 }, c.move)
    assert.same({ x = 1, y = 1, w = 1, h = 1 }, c.itemRect)
    assert.same({ x = 5, y = 0, w = 1, h = 2 }, c.otherRect)
    c = detect(6, 0, 1, 1, 1, 0, 1, 1, 1, 1)
    assert.is_true(H.near(0.8, c.ti, 1e-6))
    assert.same({ x = 1, y = 0 }, c.normal)
    c = detect(0, 0, 1, 1, 0, 4, 1, 1, 0, 5)
    assert.is_true(H.near(0.6, c.ti, 1e-6))
    assert.same({ x = 0, y = -1 }, c.normal)
    c = detect(0, 4, 1, 1, 0, 0, 1, 1, 0, -1)
    assert.is_true(H.near(0.6, c.ti, 1e-6))
    assert.same({ x = 0, y = 1 }, c.normal)
  end)

  it('the small rect helpers', function()
    assert.same({ 0, 5 }, { bump.rect.getNearestCorner(0, 0, 10, 5, 2, 4) })
    assert.same({ 1, 2, 5, 9 }, { bump.rect.getDiff(2, 0, 3, 4, 6, 6, 2, 5) })
    assert.is_true(bump.rect.containsPoint(0, 0, 2, 2, 1, 1))
    assert.is_false(bump.rect.containsPoint(0, 0, 2, 2, 2, 1))
    assert.is_true(bump.rect.isIntersecting(0, 0, 2, 2, 1, 1, 2, 2))
    assert.is_false(bump.rect.isIntersecting(0, 0, 2, 2, 2, 0, 2, 2))
    assert.equals(2, bump.rect.getSquareDistance(0, 0, 2, 2, 1, 1, 2, 2))
    local t1, t2, nx1, ny1, nx2, ny2 = bump.rect.getSegmentIntersectionIndices(0, 0, 10, 10, -5, 5, 15, 5)
    assert.same({ 0.25, 0.75, -1, 0, 1, 0 }, { t1, t2, nx1, ny1, nx2, ny2 })
    assert.is_nil(bump.rect.getSegmentIntersectionIndices(0, 0, 10, 10, -5, 0, 15, 0)) -- along a side
  end)
end)

describe('bump.responses', function()
  it('touch on static overlaps: the smallest push-out (as bump)', function()
    near_list({ -1, -2, 0, -1 }, touch(-1, -1, 2, 2, 0, 0, 8, 8))
    near_list({ 3, -2, 0, -1 }, touch(3, -1, 2, 2, 0, 0, 8, 8))
    near_list({ -2, 3, -1, 0 }, touch(-1, 3, 2, 2, 0, 0, 8, 8))
    near_list({ 3, 8, 0, 1 }, touch(3, 3, 2, 2, 0, 0, 8, 8))
    near_list({ 8, 3, 1, 0 }, touch(7, 3, 2, 2, 0, 0, 8, 8))
    near_list({ 7, 8, 0, 1 }, touch(7, 7, 2, 2, 0, 0, 8, 8))
  end)

  it('touch on tunnels: where the item first meets the other (as bump, backed off)', function()
    near_list({ -2, 3, -1, 0 }, touch(-3, 3, 2, 2, 0, 0, 8, 8, 3, 3))
    near_list({ 8, 3, 1, 0 }, touch(9, 3, 2, 2, 0, 0, 8, 8, 3, 3))
    near_list({ 3, -2, 0, -1 }, touch(3, -3, 2, 2, 0, 0, 8, 8, 3, 3))
    near_list({ 3, 8, 0, 1 }, touch(3, 9, 2, 2, 0, 0, 8, 8, 3, 3))
    local t = touch(-3, 3, 2, 2, 0, 0, 8, 8, 3, 3)
    assert.is_true(t[1] < -2)  -- collide2d: stops short of the contact (bump: exactly -2)
  end)

  it('slide and bounce over tunnels (as bump)', function()
    near_list({ 7, 8, 0, 1, 1, 8 }, respond('slide', 10, 10, 2, 2, 0, 0, 8, 8, 1, 4))
    near_list({ 8, 7, 1, 0, 8, 1 }, respond('slide', 10, 10, 2, 2, 0, 0, 8, 8, 4, 1))
    near_list({ 7, 8, 0, 1, 1, 12 }, respond('bounce', 10, 10, 2, 2, 0, 0, 8, 8, 1, 4))
    near_list({ 8, 7, 1, 0, 12, 1 }, respond('bounce', 10, 10, 2, 2, 0, 0, 8, 8, 4, 1))
    -- the slid goal keeps the goal's other coordinate exactly
    assert.equals(1, respond('slide', 10, 10, 2, 2, 0, 0, 8, 8, 1, 4)[5])
  end)
end)

describe('differences from bump.lua', function()
  local world
  before_each(function() world = bump.newWorld() end)

  it('1. touch is backed off from the contact; ti is the exact time of contact', function()
    local a = world:add('a', 0, 0, 1, 1)
    world:add('b', 0, 2, 1, 1)
    local x, y, cols = world:move(a, 0, 5, function() return 'touch' end)
    assert.equals(0, x)
    assert.is_true(y < 1 and y > 1 - 1e-3)                -- bump: exactly 1
    assert.is_true(H.near(0.2, cols[1].ti, 1e-6))          -- bump: 0.2
    assert.same({}, world:queryRect(x, y, 1, 1, function(o) return o ~= a end))
  end)

  it('2. a diagonal move that touches one item also backs off sideways, and hits a flush neighbour', function()
    -- bump's "slides with every element": bump ends at (1, 5) with one collision (c), sliding
    -- down past b, which is exactly flush with the mover's side after the first touch.
    local a = world:add('a', 0, 0, 1, 1)
    world:add('b', 0, 2, 1, 2)
    world:add('c', 2, 1, 1, 1)
    local x, y, cols, len = world:move(a, 5, 5)
    near_list({ 1, 1 }, { x, y })
    assert.equals(2, len)
    assert.same({ 'c', 'b' }, collect(cols, 'other'))
    -- a gap of a margin, not of zero, lets the slide through
    world:update(a, 0, 0)
    world:update('b', -0.01, 2)
    x, y, cols, len = world:move(a, 5, 5)
    near_list({ 1, 5 }, { x, y })
    assert.same({ 'c' }, collect(cols, 'other'))
  end)

  it('3. an overlap at the start is a collision at ti 0, pushed out the shortest way', function()
    -- bump: ti is minus the overlap area and touch goes back along the move:
    -- touch(3,3,2,2, 0,0,8,8, 4,5) is (0.5, -2) with normal (0, -1) in bump.
    local col = detect(3, 3, 2, 2, 0, 0, 8, 8, 4, 5)
    assert.is_true(col.overlaps)
    assert.equals(0, col.ti)
    near_list({ 3, 8, 0, 1 }, { col.touch.x, col.touch.y, col.normal.x, col.normal.y })
    near_list({ 3, 8, 0, 1, 4, 8 }, respond('slide', 3, 3, 2, 2, 0, 0, 8, 8, 4, 5))   -- bump: {0.5,-2, 0,-1, 4,-2}
    near_list({ 3, 8, 0, 1, 4, 11 }, respond('bounce', 3, 3, 2, 2, 0, 0, 8, 8, 4, 5)) -- bump: {0.5,-2, 0,-1, 4,-9}
  end)

  it('4. overlaps at the start are ordered by the distance between the centers', function()
    world:add('left', 0, 0, 10, 10)
    world:add('right', 9, 0, 10, 10)
    local cols = world:project({}, 8, 0, 4, 4)  -- 2 x 4 inside left, 3 x 4 inside right
    assert.same({ 'right', 'left' }, collect(cols, 'other'))
    assert.same({ 0, 0 }, collect(cols, 'ti'))     -- bump: {-12, -8}
  end)

  it('5. a move exactly through a corner: the normal of the tie is collide2d\'s', function()
    local col = detect(10, 10, 2, 2, 0, 0, 8, 8, 1, 1)
    assert.is_false(col.overlaps)
    assert.is_true(H.near(2 / 9, col.ti, 1e-6))
    near_list({ 8, 8 }, { col.touch.x, col.touch.y })
    assert.same({ x = 0, y = 1 }, col.normal)       -- bump: (1, 0)
  end)

  it('6. a segment wholly inside an item finds it', function()
    world:add('box', 0, 0, 10, 10)
    assert.same({ 'box' }, world:querySegment(2, 2, 3, 3))  -- bump: {}
    local info = world:querySegmentWithCoords(2, 2, 3, 3)[1]
    assert.same({ 0, 1, 2, 2, 3, 3 }, { info.ti1, info.ti2, info.x1, info.y1, info.x2, info.y2 })
  end)

  it('7. the filter is asked only about the items the path hits', function()
    world:add('near', 5, 0, 1, 1)
    world:add('beside', 0, 3, 1, 1)  -- inside the box of the move, off its path
    local asked = {}
    world:check(world:add('me', 0, 0, 1, 1), 8, 0, function(_, o) asked[#asked + 1] = o; return 'cross' end)
    assert.same({ 'near' }, asked)        -- bump also asks about 'beside'
  end)

  it('8. lists come in collider order, the same every run', function()
    for i = 1, 20 do world:add(i, i, 0, 1, 1) end
    world:remove(5)
    world:add(5, 5, 0, 1, 1)
    local items = world:getItems()
    local again = world:getItems()
    assert.same(items, again)
    assert.same(items, world:queryRect(0, 0, 30, 1))
  end)

  it('9. numbers bump would take: non-finite, too large, too thin', function()
    assert.has_error(function() world:add('nan', 0 / 0, 0, 1, 1) end)
    assert.has_error(function() world:add('inf', 0, 1 / 0, 1, 1) end)
    local thin = bump.REAL == 'float' and 1e-30 or 1e-200  -- below C2D_MIN_SIZE
    assert.has_error(function() world:add('thin', 0, 0, thin, 1) end)
    assert.equals(0, world:countItems())
  end)

  it('10. results from the library have its precision; the numbers given are kept exactly', function()
    local a = world:add('a', 0.1, 0.2, 0.3, 0.7)
    assert.same({ 0.1, 0.2, 0.3, 0.7 }, { world:getRect(a) })
    local x, y = world:move(a, 10.1, 0.2)   -- nothing hit: the goal, exactly
    assert.same({ 10.1, 0.2 }, { x, y })
    world:add('wall', 20, 0, 1, 1)
    local _, _, cols = world:move(a, 30.1, 0.2)
    if bump.REAL == 'float' then
      assert.is_true(H.near(cols[1].ti, (19.7 - 10.1) / 20, 1e-6))
    else
      assert.is_true(H.near(cols[1].ti, (19.7 - 10.1) / 20, 1e-12))
    end
  end)
end)
