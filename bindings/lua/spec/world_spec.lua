-- bump's documented World behaviour, on the collide2d binding (values chosen here; where collide2d's
-- touching rule gives other numbers, the test says so and differences_spec.lua holds the detail).
local bump = require 'bump'
local H = require 'spec.helper'
local collect, sorted, near_list = H.collect, H.sorted, H.assert_near_list

describe('World', function()
  local world
  before_each(function() world = bump.newWorld() end)
  after_each(function() assert.is_true(world:validate()) end)

  describe(':add', function()
    it('returns the item and keeps its rect exactly', function()
      local item = {}
      assert.equals(item, world:add(item, 0.1, -2.5, 3.3, 4))
      assert.same({ 0.1, -2.5, 3.3, 4 }, { world:getRect(item) })
      assert.same({ x = 0.1, y = -2.5, w = 3.3, h = 4 }, world.rects[item])
    end)

    it('takes any non-nil Lua value as an item', function()
      for _, item in ipairs { 'name', 7, true, false, {}, function() end } do
        world:add(item, 0, 0, 1, 1)
        assert.is_true(world:hasItem(item))
      end
      assert.equals(6, world:countItems())
    end)

    it('counts the grid cells the rects cover (countCells)', function()
      world:add({}, 1, 1, 10, 10)
      assert.equals(1, world:countCells())
      world:add({}, 130, 130, 5, 5)
      assert.equals(2, world:countCells())
      world:add({}, 1, 1, 100, 5)      -- cells (1,1) and (2,1): one more
      assert.equals(3, world:countCells())
      world:add({}, 200, 200, 64, 64)  -- x from 200 to 264 spans cells 4..5, same for y: 4 cells
      assert.equals(7, world:countCells())
    end)
  end)

  describe(':update', function()
    it('moves and resizes the item', function()
      local a = world:add('a', 0, 0, 10, 10)
      world:update(a, 40, 30, 5, 6)
      assert.same({ 40, 30, 5, 6 }, { world:getRect(a) })
      assert.same({ 'a' }, world:queryPoint(42, 33))
      assert.same({}, world:queryPoint(46, 33))
    end)

    it('keeps width and height when none are given', function()
      local a = world:add('a', 0, 0, 10, 20)
      world:update(a, 3, 4)
      assert.same({ 3, 4, 10, 20 }, { world:getRect(a) })
    end)
  end)

  describe(':remove', function()
    it('takes the item out of the world and its queries', function()
      local a = world:add('a', 0, 0, 10, 10)
      world:add('b', 20, 0, 10, 10)
      assert.equals(1, #world:project({}, 5, 0, 1, 1))
      world:remove(a)
      assert.equals(0, #world:project({}, 5, 0, 1, 1))
      assert.is_false(world:hasItem(a))
      assert.same({ 'b' }, world:getItems())
    end)

    it('lets the item be added again', function()
      local a = world:add('a', 0, 0, 10, 10)
      world:remove(a)
      world:add(a, 50, 50, 1, 1)
      assert.same({ 50, 50, 1, 1 }, { world:getRect(a) })
      assert.same({ 'a' }, world:queryPoint(50.5, 50.5))
    end)
  end)

  describe(':toCell and :toWorld', function()
    it('use bump\'s 1-based cells of cellSize', function()
      assert.same({ 1, 1 }, { world:toCell(0, 0) })
      assert.same({ 1, 1 }, { world:toCell(63.5, 10) })
      assert.same({ 2, 3 }, { world:toCell(64, 130) })
      assert.same({ 0, -1 }, { world:toCell(-0.5, -65) })
      assert.same({ 0, 0 }, { world:toWorld(1, 1) })
      assert.same({ 64, 128 }, { world:toWorld(2, 3) })
      assert.same({ -128, 0 }, { world:toWorld(-1, 1) })
    end)
  end)

  describe(':project', function()
    it('is empty in an empty world', function()
      local cols, len = world:project({}, 1, 2, 3, 4)
      assert.same({}, cols)
      assert.equals(0, len)
    end)

    it('finds what the rect overlaps without moving', function()
      world:add('a', 0, 0, 10, 10)
      world:add('far', 15, 17, 10, 10)
      local cols, len = world:project({}, 4, 6, 10, 10)
      assert.equals(1, len)
      assert.equals('a', cols[1].other)
      assert.is_true(cols[1].overlaps)
    end)

    it('finds what the path tunnels through', function()
      world:add('thin', 2, 0, 1, 1)
      local cols = world:project({}, -6, 0, 4, 1, 6, 0)
      assert.equals(1, #cols)
      assert.is_false(cols[1].overlaps)
      assert.is_true(H.near(1 / 3, cols[1].ti, 1e-6))      -- the right side reaches x = 2 a third of the way
      near_list({ -2, 0 }, { cols[1].touch.x, cols[1].touch.y })
      assert.same({ x = -1, y = 0 }, cols[1].normal)
    end)

    it('finds a rect that starts touching and moves in', function()
      world:add('wall', 0, 0, 30, 100)
      local cols = world:project({}, 30, 40, 20, 20, 28, 40)
      assert.equals(1, #cols)
      assert.same({ x = 1, y = 0 }, cols[1].normal)
    end)

    it('sorts the collisions by ti', function()
      world:add('b', 70, 0, 10, 10)
      world:add('c', 50, 0, 10, 10)
      world:add('d', 90, 0, 10, 10)
      local cols = world:project({}, 110, 0, 10, 10, 10, 0)
      assert.same({ 'd', 'b', 'c' }, collect(cols, 'other'))
      near_list({ 0.1, 0.3, 0.5 }, collect(cols, 'ti'), 1e-6)
    end)

    it('gives bump\'s collision fields', function()
      local other = world:add('o', 10, 0, 5, 5)
      local me = {}
      local cols = world:project(me, 0, 0, 5, 5, 20, 0)
      local c = cols[1]
      assert.equals(me, c.item)
      assert.equals(other, c.other)
      assert.equals('slide', c.type)
      assert.is_false(c.overlaps)
      assert.is_true(H.near(0.25, c.ti, 1e-6))
      assert.same({ x = 20, y = 0 }, c.move)
      assert.same({ x = -1, y = 0 }, c.normal)
      near_list({ 5, 0 }, { c.touch.x, c.touch.y })
      assert.is_true(c.touch.x < 5)  -- backed off: not touching
      assert.same({ x = 0, y = 0, w = 5, h = 5 }, c.itemRect)
      assert.same({ x = 10, y = 0, w = 5, h = 5 }, c.otherRect)
    end)

    it('leaves the item itself out', function()
      local a = world:add('a', 0, 0, 10, 10)
      assert.equals(0, #world:project(a, 0, 0, 10, 10, 5, 5))
    end)

    it('asks the filter for each collision\'s type and drops nil and false', function()
      world:add('b', 70, 0, 10, 10)
      world:add('c', 50, 0, 10, 10)
      local d = world:add('d', 90, 0, 10, 10)
      local asked = {}
      local cols, len = world:project('me', 110, 0, 10, 10, 10, 0, function(item, other)
        assert.equals('me', item)
        asked[#asked + 1] = other
        if other == 'c' then return false end
        return other ~= d and 'touch'
      end)
      assert.equals(1, len)
      assert.equals('b', cols[1].other)
      assert.equals('touch', cols[1].type)
      assert.same({ 'b', 'c', 'd' }, sorted(asked))
    end)
  end)

  describe(':queryRect', function()
    local a, b, c, d
    before_each(function()
      a = world:add('a', 10, 0, 10, 10)
      b = world:add('b', 70, 0, 10, 10)
      c = world:add('c', 50, 0, 10, 10)
      d = world:add('d', 90, 0, 10, 10)
    end)

    it('gives the items the rect overlaps', function()
      assert.same({ b, c }, sorted(world:queryRect(55, 5, 20, 20)))
      local items, len = world:queryRect(0, 5, 100, 20)
      assert.same({ a, b, c, d }, sorted(items))
      assert.equals(4, len)
      assert.same({}, world:queryRect(20, 0, 30, 10))  -- touches a and c only
    end)

    it('keeps the items the filter accepts', function()
      local filter = function(other) return other ~= c end
      assert.same({ b }, sorted(world:queryRect(55, 5, 20, 20, filter)))
      assert.same({ a, b, d }, sorted(world:queryRect(0, 5, 100, 20, filter)))
    end)

    it('finds items far away and large ones', function()
      local big = world:add('big', -1e5, -1e5, 2e5, 2e5)
      local far = world:add('far', 1e6, -3e6, 1, 1)
      assert.same({ 'a', 'big' }, sorted(world:queryRect(12, 2, 1, 1)))
      assert.same({ far }, world:queryRect(1e6 + 0.25, -3e6 + 0.25, 0.5, 0.5))
      assert.truthy(big)
    end)
  end)

  describe(':queryPoint', function()
    local a, b, c
    before_each(function()
      a = world:add('a', 10, 0, 10, 10)
      b = world:add('b', 15, 0, 10, 10)
      c = world:add('c', 20, 0, 10, 10)
    end)

    it('gives the items whose rect holds the point', function()
      assert.same({}, world:queryPoint(4, 5))
      assert.same({ a }, world:queryPoint(14, 5))
      assert.same({ a, b }, sorted(world:queryPoint(16, 5)))
      assert.same({ b, c }, sorted(world:queryPoint(21, 5)))
      assert.same({ c }, world:queryPoint(26, 5))
      assert.same({}, world:queryPoint(31, 5))
    end)

    it('does not count the border', function()
      assert.same({ b }, world:queryPoint(20, 5))   -- on a's right side and c's left side
      assert.same({}, world:queryPoint(12, 0))      -- on a's top side
    end)

    it('keeps the items the filter accepts', function()
      local filter = function(other) return other ~= b end
      assert.same({ a }, world:queryPoint(16, 5, filter))
      assert.same({ c }, world:queryPoint(21, 5, filter))
    end)
  end)

  describe(':querySegment', function()
    it('is empty in an empty world', function()
      assert.same({}, world:querySegment(0, 0, 1, 1))
    end)

    it('does not count a segment that only touches a border or corner', function()
      world:add('a', 10, 0, 5, 5)
      world:add('c', 20, 0, 5, 5)
      assert.same({}, world:querySegment(0, 5, 10, 0))
      assert.same({}, world:querySegment(15, 5, 20, 0))
      assert.same({}, world:querySegment(0, 5, 30, 5))   -- along the bottom sides
    end)

    describe('with items in a row', function()
      local a, b, c
      before_each(function()
        a = world:add('a', 5, 0, 5, 10)
        b = world:add('b', 15, 0, 5, 10)
        c = world:add('c', 25, 0, 5, 10)
      end)

      it('gives the items in the order the segment reaches them', function()
        assert.same({ a }, world:querySegment(0, 5, 11, 5))
        assert.same({ a, b }, world:querySegment(0, 5, 17, 5))
        assert.same({ a, b, c }, world:querySegment(0, 5, 30, 5))
        assert.same({ b, c }, world:querySegment(17, 5, 26, 5))
        assert.same({ c }, world:querySegment(22, 5, 26, 5))
        assert.same({ a }, world:querySegment(11, 5, 0, 5))
        assert.same({ b, a }, world:querySegment(17, 5, 0, 5))
        assert.same({ c, b, a }, world:querySegment(30, 5, 0, 5))
        assert.same({ c, b }, world:querySegment(26, 5, 17, 5))
        local items, len = world:querySegment(26, 5, 22, 5)
        assert.same({ c }, items)
        assert.equals(1, len)
      end)

      it('keeps the items the filter accepts', function()
        local filter = function(other) return other == b end
        assert.same({}, world:querySegment(0, 5, 11, 5, filter))
        assert.same({ b }, world:querySegment(0, 5, 30, 5, filter))
        assert.same({ b }, world:querySegment(30, 5, 0, 5, filter))
        assert.same({}, world:querySegment(26, 5, 22, 5, filter))
      end)

      it('gives where the segment enters and leaves each item (querySegmentWithCoords)', function()
        local infos, len = world:querySegmentWithCoords(0, 5, 30, 5)
        assert.equals(3, len)
        assert.same({ a, b, c }, collect(infos, 'item'))
        near_list({ 5 / 30, 15 / 30, 25 / 30 }, collect(infos, 'ti1'), 1e-12)
        near_list({ 10 / 30, 20 / 30, 1 }, collect(infos, 'ti2'), 1e-12)
        near_list({ 5, 15, 25 }, collect(infos, 'x1'), 1e-9)
        near_list({ 10, 20, 30 }, collect(infos, 'x2'), 1e-9)
        near_list({ 5, 5, 5 }, collect(infos, 'y1'), 0)
        near_list({ 5, 5, 5 }, collect(infos, 'y2'), 0)
        -- a segment starting inside b: entered at 0
        infos = world:querySegmentWithCoords(17, 2, 27, 7)
        assert.same({ b, c }, collect(infos, 'item'))
        assert.equals(0, infos[1].ti1)
        assert.is_true(H.near(0.3, infos[1].ti2, 1e-12))
        assert.same({ 17, 2 }, { infos[1].x1, infos[1].y1 })
        near_list({ 20, 3.5 }, { infos[1].x2, infos[1].y2 }, 1e-12)
        near_list({ 25, 6, 27, 7 }, { infos[2].x1, infos[2].y1, infos[2].x2, infos[2].y2 }, 1e-12)
      end)
    end)
  end)

  describe(':hasItem', function()
    it('tells whether the world holds an item', function()
      local item = {}
      assert.is_false(world:hasItem(item))
      world:add(item, 0, 0, 1, 1)
      assert.is_true(world:hasItem(item))
    end)

    it('answers false for anything else, nil included', function()
      assert.is_false(world:hasItem(false))
      assert.is_false(world:hasItem(1))
      assert.is_false(world:hasItem('x'))
      assert.is_false(world:hasItem(nil))
      assert.is_false(world:hasItem())
    end)
  end)

  describe(':getItems and :countItems', function()
    it('give every item and their number', function()
      world:add('a', 1, 1, 1, 1)
      world:add('b', 2, 2, 2, 2)
      world:add('c', 3, 3, 3, 3)
      world:remove('b')
      local items, len = world:getItems()
      assert.same({ 'a', 'c' }, sorted(items))
      assert.equals(2, len)
      assert.equals(2, world:countItems())
    end)
  end)

  describe(':move and :check', function()
    it('move freely to the goal, exactly, without collisions', function()
      local item = world:add({}, 0, 0, 1, 1)
      assert.same({ 1.3, -7.1, {}, 0 }, { world:move(item, 1.3, -7.1) })
      assert.same({ 1.3, -7.1, 1, 1 }, { world:getRect(item) })
    end)

    it('stay put without a goal', function()
      local item = world:add({}, 2, 3, 1, 1)
      assert.same({ 2, 3, {}, 0 }, { world:move(item) })
    end)

    it('touch: stop at the first item', function()
      local a = world:add('a', 0, 0, 1, 1)
      world:add('b', 0, 2, 1, 1)
      world:add('c', 0, 3, 1, 1)
      local x, y, cols, len = world:move(a, 0, 5, function() return 'touch' end)
      near_list({ 0, 1 }, { x, y })
      assert.equals(1, len)
      assert.same({ 'b' }, collect(cols, 'other'))
      assert.same({ 'touch' }, collect(cols, 'type'))
      assert.same({ x, y, 1, 1 }, { world:getRect(a) })
    end)

    it('cross: go through, recording every item', function()
      local a = world:add('a', 0, 0, 1, 1)
      world:add('b', 0, 2, 1, 1)
      world:add('c', 0, 3, 1, 1)
      local x, y, cols, len = world:move(a, 0, 5, function() return 'cross' end)
      assert.same({ 0, 5 }, { x, y })
      assert.equals(2, len)
      assert.same({ 'b', 'c' }, collect(cols, 'other'))
      assert.same({ 'cross', 'cross' }, collect(cols, 'type'))
      assert.same({ 0, 5, 1, 1 }, { world:getRect(a) })
    end)

    it('slide: keep the motion along the surface (the default response)', function()
      local a = world:add('a', 0, 0, 1, 1)
      world:add('wall', 2, -10, 1, 20)
      local x, y, cols, len = world:move(a, 5, 5)
      near_list({ 1, 5 }, { x, y })
      assert.equals(5, y)               -- the slid coordinate is the goal's, exactly
      assert.equals(1, len)
      assert.equals('slide', cols[1].type)
      assert.same({ x = cols[1].touch.x, y = 5 }, cols[1].slide)
    end)

    it('slide: along a floor of separate tiles without stopping at the seams', function()
      local a = world:add('a', 0, -1, 1, 1)
      for i = 0, 9 do world:add('tile' .. i, i, 0, 1, 1) end
      local x, y, cols, len = world:move(a, 8.5, -1)
      assert.same({ 8.5, -1, 0 }, { x, y, len })  -- resting on the floor touches it: no collision
      x, y, cols, len = world:move(a, 3, 2)        -- pushed down and left: lands and slides
      assert.equals(3, x)
      assert.is_true(H.near(-1, y) and y <= -1)
      assert.equals(1, len)
      assert.same({ x = 0, y = -1 }, cols[1].normal)
    end)

    it('bounce: reflect the rest of the motion', function()
      local a = world:add('a', 0, 0, 1, 1)
      world:add('b', 0, 2, 1, 2)
      local x, y, cols, len = world:move(a, 0, 5, function() return 'bounce' end)
      near_list({ 0, -3 }, { x, y })
      assert.equals(1, len)
      assert.same({ 'b' }, collect(cols, 'other'))
      near_list({ 0, -3 }, { cols[1].bounce.x, cols[1].bounce.y })
      assert.same({ x, y, 1, 1 }, { world:getRect(a) })
    end)

    it('meet each item once, in the order of the collisions', function()
      local a = world:add('a', 0, 0, 1, 1)
      world:add('b', 3, 0, 1, 1)
      world:add('c', 6, 0, 1, 1)
      local _, _, cols = world:move(a, 10, 0, function(_, other)
        return other == 'b' and 'cross' or 'touch'
      end)
      assert.same({ 'b', 'c' }, collect(cols, 'other'))
      assert.same({ 'cross', 'touch' }, collect(cols, 'type'))
    end)

    it('check: the same answer without moving', function()
      local a = world:add('a', 0, 0, 1, 1)
      world:add('b', 0, 2, 1, 1)
      local x, y, cols, len = world:check(a, 0, 5, function() return 'touch' end)
      near_list({ 0, 1 }, { x, y })
      assert.equals(1, len)
      assert.same({ 0, 0, 1, 1 }, { world:getRect(a) })
    end)

    it('custom responses written for bump (addResponse)', function()
      -- a response that stops at the touch and projects nothing more, in bump's protocol
      world:addResponse('stick', function(w, col, x, y, wd, ht, goalX, goalY, filter)
        assert.equals(world, w)
        assert.is_function(filter)
        return col.touch.x, col.touch.y, {}, 0
      end)
      -- one that crosses, then climbs: the rest of the move goes up, through world:project
      world:addResponse('ladder', function(w, col, x, y, wd, ht, goalX, goalY, filter)
        local gx, gy = col.touch.x, col.touch.y - 3
        local cols, len = w:project(col.item, col.touch.x, col.touch.y, wd, ht, gx, gy, filter)
        return gx, gy, cols, len
      end)
      local a = world:add('a', 0, 0, 1, 1)
      world:add('glue', 3, 0, 1, 1)
      local x, y, cols = world:move(a, 6, 0, function() return 'stick' end)
      near_list({ 2, 0 }, { x, y })
      assert.equals('stick', cols[1].type)
      world:update(a, 0, 10)
      world:add('rungs', 3, 9, 1, 3)
      x, y, cols = world:move(a, 6, 10, function(_, o) return o == 'rungs' and 'ladder' end)
      near_list({ 2, 7 }, { x, y })
      assert.same({ 'rungs' }, collect(cols, 'other'))
    end)
  end)

  it('never leaves a slid mover overlapping anything (random scene)', function()
    local seed = tonumber(os.getenv('C2D_LUA_SEED') or '') or os.time()
    print(('\n[world_spec] random slide scene: seed %d (C2D_LUA_SEED=%d repeats it)'):format(seed, seed))
    math.randomseed(seed)
    local r = math.random
    for i = 1, 60 do world:add('wall' .. i, r(-50, 50), r(-50, 50), r(1, 12), r(1, 12)) end
    local movers = {}
    for i = 1, 20 do
      local x, y = r(-60, 60) + 0.5, r(-60, 60) + 0.25
      while #world:queryRect(x, y, 2, 3) > 0 do x, y = r(-60, 60) + 0.5, r(-60, 60) + 0.25 end
      movers[i] = world:add('mover' .. i, x, y, 2, 3)
    end
    for step = 1, 40 do
      for _, m in ipairs(movers) do
        local x, y = world:getRect(m)
        local ax, ay = world:move(m, x + r(-8, 8) + r(), y + r(-8, 8) + r())
        local w, h = select(3, world:getRect(m))
        local hits = world:queryRect(ax, ay, w, h, function(o) return o ~= m end)
        assert.same({}, hits, ('mover %s overlaps at step %d (seed %d)'):format(m, step, seed))
      end
    end
  end)
end)
