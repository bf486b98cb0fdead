-- MDN's 2D collision scene on collide2d's bump binding, for LÖVE 11 (Debian's `love`):
-- a player box moved by the arrow keys among 100 static boxes, sliding along them.
--
--   make build/float/.built
--   C2D_LIB=$PWD/build/float/libcollide2d.so love bindings/lua/examples/mdn
--
-- The statics come from the same seeded generator as the live page's MDN figure (mulberry32, seed
-- 20240601): 100 boxes of 20 x 20 in [0, 520) x [0, 520); the player (20 x 20) starts at (500, 500).
-- It is red, and green while it touches a static (the statics it hit this frame are green too).
local here = (love and love.filesystem and love.filesystem.getSource and love.filesystem.getSource()) or '.'
package.path = here .. '/../../?.lua;' .. package.path
local bump = require 'collide2d.bump'
local bit = require 'bit'

local SPEED = 150          -- pixels per second
local SIZE = 20

-- Math.imul(x, y): the low 32 bits of the product, signed (exact through 64-bit integers).
local function imul(x, y) return bit.tobit(tonumber(bit.band(x * 1LL * y, 0xffffffffLL))) end

-- mulberry32, as web/page/page.js: numbers in [0, 1) from a 32-bit seed.
local function rng(seed)
  local a = bit.tobit(seed)
  return function()
    a = bit.tobit(a + 0x6D2B79F5)
    local t = a
    t = imul(bit.bxor(t, bit.rshift(t, 15)), bit.bor(t, 1))
    t = bit.bxor(t, bit.tobit(t + imul(bit.bxor(t, bit.rshift(t, 7)), bit.bor(t, 61))))
    local u = bit.bxor(t, bit.rshift(t, 14))
    if u < 0 then u = u + 4294967296 end
    return u / 4294967296
  end
end

local scene = {}

function scene.build()
  local world = bump.newWorld(64)
  local random = rng(20240601)
  local statics = {}
  for i = 1, 100 do
    local s = { name = 'static' .. i, x = math.floor(random() * 500), y = math.floor(random() * 500) }
    statics[i] = s
  end
  local player = { name = 'player' }
  -- statics overlapping each other are fine; the player starts where the page's entity does
  for _, s in ipairs(statics) do world:add(s, s.x, s.y, SIZE, SIZE) end
  world:add(player, 500, 500, SIZE, SIZE)
  scene.world, scene.statics, scene.player = world, statics, player
  scene.hit = {}
  return scene
end

-- Moves the player by (dx, dy) with slide responses; remembers what it hit.
function scene.step(dx, dy)
  local world, player = scene.world, scene.player
  local x, y = world:getRect(player)
  local ax, ay, cols, len = world:move(player, x + dx, y + dy)  -- bump's default: slide
  scene.hit = {}
  for i = 1, len do scene.hit[cols[i].other] = true end
  -- touching counts as "colliding" on MDN's page too; collide2d's touch stops just short, so look
  -- a hair around the player for the colour
  local near = world:queryRect(ax - 0.01, ay - 0.01, SIZE + 0.02, SIZE + 0.02, function(o) return o ~= player end)
  for _, o in ipairs(near) do scene.hit[o] = true end
  return ax, ay, cols, len
end

if love then
  function love.load()
    scene.build()
    love.window.setTitle('collide2d bump binding: MDN 2D collision')
    love.window.setMode(560, 560)
  end

  function love.update(dt)
    local k = love.keyboard.isDown
    local dx, dy = 0, 0
    if k('left') then dx = dx - SPEED * dt end
    if k('right') then dx = dx + SPEED * dt end
    if k('up') then dy = dy - SPEED * dt end
    if k('down') then dy = dy + SPEED * dt end
    if dx ~= 0 or dy ~= 0 then scene.step(dx, dy) end
  end

  function love.draw()
    local g = love.graphics
    for _, s in ipairs(scene.statics) do
      if scene.hit[s] then g.setColor(0.2, 0.7, 0.2) else g.setColor(0.2, 0.3, 0.8) end
      g.rectangle('fill', s.x, s.y, SIZE, SIZE)
    end
    local x, y = scene.world:getRect(scene.player)
    if next(scene.hit) then g.setColor(0.2, 0.8, 0.2) else g.setColor(0.9, 0.2, 0.2) end
    g.rectangle('fill', x, y, SIZE, SIZE)
    g.setColor(1, 1, 1)
    g.print(('arrow keys to move  (%.1f, %.1f)  %s'):format(x, y, bump._VERSION), 8, 540)
  end

  function love.keypressed(key)
    if key == 'escape' then love.event.quit() end
  end
end

return scene
