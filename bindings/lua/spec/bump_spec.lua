local bump = require 'bump'

describe('the module', function()
  it('is the collide2d binding, with bump\'s fields', function()
    assert.equals(require 'collide2d.bump', bump)
    assert.matches('bump v3.1.7', bump._VERSION)
    assert.is_string(bump._DESCRIPTION)
    assert.is_function(bump.newWorld)
    for _, name in ipairs { 'touch', 'cross', 'slide', 'bounce' } do
      assert.is_function(bump.responses[name])
    end
    for _, name in ipairs { 'getNearestCorner', 'getSegmentIntersectionIndices', 'getDiff', 'containsPoint',
                            'isIntersecting', 'getSquareDistance', 'detectCollision' } do
      assert.is_function(bump.rect[name])
    end
    assert.is_true(bump.REAL == 'float' or bump.REAL == 'double')
  end)

  describe('newWorld', function()
    it('makes an empty world with cell size 64 by default', function()
      local world = bump.newWorld()
      assert.equals(64, world.cellSize)
      assert.equals(0, world:countItems())
      assert.is_true(world:validate())
    end)

    it('takes a cell size', function()
      assert.equals(20, bump.newWorld(20).cellSize)
    end)

    it('refuses a cell size that is not a positive number', function()
      assert.has_error(function() bump.newWorld(-1) end)
      assert.has_error(function() bump.newWorld(0) end)
      assert.has_error(function() bump.newWorld('a') end)
      assert.has_error(function() bump.newWorld(0 / 0) end)
    end)

    it('gives each world its own responses table', function()
      local a, b = bump.newWorld(), bump.newWorld()
      a:addResponse('stop', bump.responses.touch)
      assert.equals(bump.responses.touch, a.responses.stop)
      assert.is_nil(b.responses.stop)
      assert.equals(bump.responses.slide, b.responses.slide)
    end)
  end)
end)
