-- collide2d.shape: shapes of every kind and c2d_shape_time_of_impact, with hand-computed times
-- (the same cases as web/test/toi.test.mjs), the statuses and the errors naming the C status.
local shape = require 'collide2d.shape'
local bump = require 'bump'

-- float builds round to about 7 digits; the times below are known to that
local EPS = bump.REAL == 'float' and 2e-6 or 1e-9
local TARGET = 1e-4 -- C2D_TOI_TARGET (C2D_SWEEP_MARGIN): a hit keeps a gap in [target, 1.25 target]

local function near(actual, expected, tol, what)
  if not (math.abs(actual - expected) <= tol) then
    error(('%s: %.17g, expected %.17g within %g'):format(what or 'value', actual, expected, tol), 2)
  end
end

local function circle(x, y, r) return { type = 'circle', x = x, y = y, r = r } end
local rod = { type = 'polygon', points = { -2, -0.05, 2, -0.05, 2, 0.05, -2, 0.05 } }
local u = { type = 'concave', points = { 0, 0, 3, 0, 3, 3, 2, 3, 2, 1, 1, 1, 1, 3, 0, 3 } }
local arc = { type = 'arc', x = 0, y = 0, inner = 1, outer = 2, start = 0, ['end'] = math.pi }

describe('collide2d.shape.timeOfImpact', function()
  it('a circle sliding into a circle stops the target gap short of contact', function()
    -- centers 10 apart closing at 10 per step: contact at t = 0.3; the gap kept is 1e-4 to 1.25e-4
    for _, pair in ipairs({ { circle(0, 0, 1), circle(0, 0, 1) }, { shape.new(circle(0, 0, 1)), shape.new(circle(0, 0, 1)) } }) do
      local r = shape.timeOfImpact(pair[1], { c1 = { x = -5, y = 0 }, c2 = { x = 5, y = 0 } }, pair[2])
      assert.equals('hit', r.status)
      assert.is_true(r.t >= 0.3 - 1.25 * TARGET / 10 - EPS and r.t <= 0.3 - TARGET / 10 + EPS, 't ' .. r.t)
      near(r.normal.x, -1, EPS, 'normal.x') -- from B toward A (A comes from the left)
      near(r.normal.y, 0, EPS, 'normal.y')
      near(r.point.x, -1, 1e-4, 'point.x')
      near(r.point.y, 0, EPS, 'point.y')
      assert.is_true(r.iterations >= 1)
    end
  end)

  it('a spinning rod meets a circle that its end positions would not show', function()
    -- a quarter turn about its center; the circle (r 0.1) at (0, 1.5) is met when
    -- 1.5 cos(theta) = 0.05 + 0.1
    local r = shape.timeOfImpact(rod, { a2 = math.pi / 2 }, circle(0, 1.5, 0.1))
    assert.equals('hit', r.status)
    local t = math.acos(0.1) / (math.pi / 2) -- 0.93623...
    assert.is_true(r.t <= t and r.t > t - 1e-3, ('t %.17g vs contact %.17g'):format(r.t, t))
    near(r.normal.x, math.sin(math.acos(0.1)), 1e-3, 'normal.x')
    near(r.normal.y, -0.1, 1e-3, 'normal.y')
  end)

  it('a concave U and an arc', function()
    -- a box falls into the U's notch (floor y = 1) past the mouth its convex hull would close:
    -- its bottom reaches the floor at center y 1.3, t = 3.7 / 4.5
    local box = { type = 'aabb', minX = -0.3, minY = -0.3, maxX = 0.3, maxY = 0.3 }
    local r = shape.timeOfImpact(box, { c1 = { x = 1.5, y = 5 }, c2 = { x = 1.5, y = 0.5 } }, u)
    assert.equals('hit', r.status)
    near(r.t, 3.7 / 4.5, 1e-4, 'box into the U')
    assert.is_true(r.t < 3.7 / 4.5)
    near(r.normal.y, 1, 1e-5, 'normal.y')
    -- a circle going round inside the arc's hole never meets it
    r = shape.timeOfImpact(circle(0.5, 0, 0.3), { a2 = math.pi }, arc)
    assert.equals('separated', r.status)
    assert.equals(1, r.t)
    -- a small circle at radius 1.5 turns up from angle -pi/2 into the ring's band at angle 0,
    -- less its half-width asin(0.05 / 1.5)
    r = shape.timeOfImpact(circle(0, -1.5, 0.05), { a2 = math.pi / 2 }, shape.new(arc))
    assert.equals('hit', r.status)
    local t = (math.pi / 2 - math.asin(0.05 / 1.5)) / (math.pi / 2)
    assert.is_true(r.t <= t and r.t > t - 1e-3, ('t %.17g vs contact %.17g'):format(r.t, t))
  end)

  it('every kind answers', function()
    local kinds = {
      { type = 'point', x = 0, y = 0 }, { type = 'segment', x1 = -0.5, y1 = 0, x2 = 0.5, y2 = 0 },
      { type = 'aabb', minX = -0.5, minY = -0.5, maxX = 0.5, maxY = 0.5 },
      { type = 'rect', x = -0.5, y = -0.5, width = 1, height = 1 }, circle(0, 0, 0.5),
      { type = 'capsule', x1 = -0.3, y1 = 0, x2 = 0.3, y2 = 0, r = 0.2 },
      { type = 'polygon', points = { { x = -0.5, y = -0.5 }, { x = 0.5, y = -0.5 }, { x = 0, y = 0.5 } } },
      { type = 'roundedPolygon', points = { -0.3, -0.3, 0.3, -0.3, 0, 0.3 }, r = 0.2 },
      { type = 'ellipse', x = 0, y = 0, rx = 0.5, ry = 0.25, angle = 0.3 },
      { type = 'wedge', x = 0, y = 0, r = 0.5, start = 0, ['end'] = 2 },
      { type = 'concave', points = { -0.5, -0.5, 0.5, -0.5, 0.5, 0.5, 0, 0, -0.5, 0.5 } },
      { type = 'arc', x = 0, y = 0, inner = 0.3, outer = 0.5, start = 0, ['end'] = 4 },
    }
    -- every kind slides from x = -5 into a still box at the origin (half size 1) while turning:
    -- each reaches at most 0.71 from its center, so the hit comes when the center is 1 to 1.71
    -- from the box's face x = -1: t between 3.29 / 10 and 4 / 10
    local wall = { type = 'aabb', minX = -1, minY = -1, maxX = 1, maxY = 1 }
    for _, k in ipairs(kinds) do
      local r = shape.timeOfImpact(k, { c1 = { x = -5, y = 0 }, c2 = { x = 5, y = 0 }, a2 = 1 }, wall)
      assert.equals('hit', r.status, k.type)
      assert.is_true(r.t >= 0.32 and r.t <= 0.4, k.type .. ' t ' .. r.t)
      near(r.normal.x, -1, 1e-3, k.type .. ' normal.x')
    end
  end)

  it('statuses and options', function()
    local r = shape.timeOfImpact(circle(0, 0, 1), nil, circle(1, 0, 1))
    assert.equals('overlapped', r.status)
    assert.equals(0, r.t)
    assert.same({ x = 0, y = 0 }, r.normal)
    r = shape.timeOfImpact(circle(0, 0, 1), { c2 = { x = 1, y = 0 } }, circle(5, 0, 1), nil, { tMax = 0.5 })
    assert.equals('separated', r.status)
    assert.equals(0.5, r.t)
    -- a target of 0.5 stops at gap 0.5 to 0.625: t in [0.2375, 0.25]
    r = shape.timeOfImpact(circle(0, 0, 1), { c1 = { x = -5, y = 0 }, c2 = { x = 5, y = 0 } }, circle(0, 0, 1), nil, { target = 0.5 })
    assert.equals('hit', r.status)
    assert.is_true(r.t <= 0.25 + EPS and r.t >= 0.2375 - EPS, 't ' .. r.t)
    r = shape.timeOfImpact(rod, { a2 = math.pi / 2 }, circle(0, 1.5, 0.1), nil, { maxIterations = 1 })
    assert.equals('maxIterations', r.status)
    assert.is_true(r.t < 0.94)
  end)

  it('bad input raises an error naming the C status', function()
    local far = bump.REAL == 'float' and 1e20 or 1e200
    local cases = {
      { function() shape.timeOfImpact(circle(0, 0, 1), { c2 = { x = 0 / 0, y = 0 } }, circle(5, 0, 1)) end, 'C2D_ERR_NOT_FINITE' },
      { function() shape.timeOfImpact(circle(0, 0, 1), { a2 = math.huge }, circle(5, 0, 1)) end, 'C2D_ERR_NOT_FINITE' },
      { function() shape.timeOfImpact(circle(0, 0, 1), nil, circle(5, 0, 1), nil, { tMax = 2 }) end, 'C2D_ERR_BAD_SIZE' },
      { function() shape.timeOfImpact(circle(0, 0, 1), nil, circle(5, 0, 1), nil, { target = -1 }) end, 'C2D_ERR_BAD_SIZE' },
      { function() shape.timeOfImpact(circle(0, 0, 1), { c2 = { x = far, y = 0 } }, circle(5, 0, 1)) end, 'C2D_ERR_OUT_OF_RANGE' },
      { function() shape.timeOfImpact(circle(0, 0, -1), nil, circle(5, 0, 1)) end, 'C2D_ERR_BAD_SIZE' },
      { function() shape.timeOfImpact({ type = 'point', x = 0 / 0, y = 0 }, nil, circle(5, 0, 1)) end, 'C2D_ERR_NOT_FINITE' },
      { function() shape.new({ type = 'polygon', points = { 0, 0, 1, 0, 2, 0 } }) end, 'C2D_ERR_DEGENERATE' },
    }
    for i, c in ipairs(cases) do
      local ok, msg = pcall(c[1])
      assert.is_false(ok, 'case ' .. i)
      assert.matches(c[2], msg, 1, true)
      assert.matches('shape_spec.lua:%d+:', msg) -- at the caller's line
    end
    -- misuse that is not the library's: Lua errors with the field's name
    local ok, msg = pcall(shape.timeOfImpact, { type = 'circle', x = 0, y = 0 }, nil, circle(5, 0, 1))
    assert.is_false(ok)
    assert.matches('circle.r must be a number', msg, 1, true)
    ok, msg = pcall(shape.timeOfImpact, circle(0, 0, 1), { c1 = { x = 1 } }, circle(5, 0, 1))
    assert.matches('motionA.c1 must be', msg, 1, true)
    ok, msg = pcall(shape.new, { type = 'blob' })
    assert.matches('unknown shape type blob', msg, 1, true)
  end)
end)
