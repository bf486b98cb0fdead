-- Drop-in name for bump.lua: require 'bump' gives collide2d's binding (collide2d/bump.lua) when
-- bindings/lua/?.lua is on package.path.
return require 'collide2d.bump'
