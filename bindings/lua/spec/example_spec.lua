-- The LÖVE example (examples/mdn/main.lua) under a stub `love` table: it loads, builds MDN's
-- scene, and arrow keys held for many frames slide the player among the statics, never into one.
describe('examples/mdn (LÖVE, stubbed)', function()
  local held, drawn = {}, {}
  local stub = {
    filesystem = { getSource = function() return 'examples/mdn' end },
    window = { setTitle = function() end, setMode = function() end },
    keyboard = { isDown = function(k) return held[k] == true end },
    event = { quit = function() end },
    graphics = {
      setColor = function() end,
      rectangle = function(mode, x, y, w, h) drawn[#drawn + 1] = { x, y, w, h } end,
      print = function() end,
    },
  }

  it('loads, moves the player with slide responses, and draws', function()
    _G.love = stub
    package.loaded['collide2d.bump'] = nil  -- the example sets its own path first; same module either way
    local scene = dofile('examples/mdn/main.lua')
    love.load()
    local world, player = scene.world, scene.player
    assert.equals(101, world:countItems())
    assert.same({ 500, 500, 20, 20 }, { world:getRect(player) })
    assert.same({ 176, 14 }, { scene.statics[1].x, scene.statics[1].y }) -- as the live page's figure

    local plan = { { 'left', 240 }, { 'up', 240 }, { 'right', 60 }, { 'down', 120 }, { 'left', 120 } }
    local frames, collided = 0, 0
    for _, leg in ipairs(plan) do
      held = { [leg[1]] = true }
      for _ = 1, leg[2] do
        local x0, y0 = world:getRect(player)
        love.update(1 / 60)
        frames = frames + 1
        local x, y = world:getRect(player)
        if next(scene.hit) then collided = collided + 1 end
        assert.same({}, world:queryRect(x, y, 20, 20, function(o) return o ~= player end))
        assert.is_true(math.abs(x - x0) <= 2.5 + 1e-9 and math.abs(y - y0) <= 2.5 + 1e-9)
      end
    end
    held = {}
    drawn = {}
    love.draw()
    assert.equals(101, #drawn)
    assert.is_true(collided > 0, 'the walk should meet some statics')
    assert.is_true(world:validate())
    _G.love = nil
  end)
end)
