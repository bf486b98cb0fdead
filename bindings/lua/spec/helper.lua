-- Shared helpers of the binding's specs.
local assert = require 'luassert'
local H = {}

-- collide2d's touch stops C2D_SWEEP_MARGIN (1e-4, growing with the coordinates) short of the
-- contact, and a float build rounds to about 7 digits: positions are compared within this.
H.TOL = 2e-3

function H.near(a, b, tol)
  return math.abs(a - b) <= (tol or H.TOL)
end

-- Asserts that two lists of numbers agree within tol.
function H.assert_near_list(expected, actual, tol)
  assert.equals(#expected, #actual)
  for i = 1, #expected do
    if not H.near(expected[i], actual[i], tol) then
      error(('entry %d: expected %s, got %s (all: {%s})'):format(i, tostring(expected[i]), tostring(actual[i]),
            table.concat((function() local t = {} for j = 1, #actual do t[j] = tostring(actual[j]) end return t end)(), ', ')), 2)
    end
  end
end

function H.collect(t, field)
  local res = {}
  for i, v in ipairs(t) do res[i] = v[field] end
  return res
end

function H.sorted(t)
  table.sort(t)
  return t
end

return H
