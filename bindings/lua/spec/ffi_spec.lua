-- The FFI layer: how the library is found, and the declared struct layouts against the C headers.
local ffi = require 'ffi'
local C2D = require 'collide2d.ffi'

-- Runs a shell command, returns its output and whether it succeeded.
local function run(cmd)
  local f = assert(io.popen(cmd .. ' 2>&1; echo "rc=$?"'))
  local out = f:read('*a')
  f:close()
  local rc = tonumber(out:match('rc=(%d+)%s*$'))
  return (out:gsub('rc=%d+%s*$', '')), rc == 0
end

local lib = os.getenv('C2D_LIB')
local root = '../..'  -- the specs run from bindings/lua

describe('collide2d.ffi', function()
  it('loads the library and knows its precision', function()
    assert.is_true(C2D.real == 'float' or C2D.real == 'double')
    assert.equals(ffi.sizeof(C2D.real), ffi.sizeof('c2d_real'))
    assert.equals(100, C2D.lib.c2d_version())  -- C2D_VERSION 0.1.0
  end)

  it('finds the library by C2D_LIB, and names it when it cannot load it', function()
    local out, ok = run('C2D_LIB=/nonexistent/libcollide2d.so luajit -e "package.path=\'./?.lua;\'..package.path; require \'bump\'"')
    assert.is_false(ok)
    assert.matches('C2D_LIB=/nonexistent/libcollide2d.so', out)
  end)

  it('finds the library on the loader path without C2D_LIB', function()
    if not lib then pending('C2D_LIB not set: the library came from the loader path already') return end
    local dir = lib:match('^(.*)/[^/]*$') or '.'
    local out, ok = run(('env -u C2D_LIB LD_LIBRARY_PATH=%q luajit -e "package.path=\'./?.lua;\'..package.path; ' ..
                         'local b = require \'bump\'; local w = b.newWorld(); w:add(1, 0, 0, 1, 1); print(w:countItems())"'):format(dir))
    assert.is_true(ok, out)
    assert.matches('^1%s', out)
  end)

  it('declares the structs with the sizes and offsets of the C headers', function()
    local cc = run('command -v cc')
    if not cc:match('/') then pending('no C compiler to compare with') return end
    local names = { 'c2d_vec2', 'c2d_transform', 'c2d_aabb', 'c2d_shape', 'c2d_collider_id', 'c2d_collider_def',
                    'c2d_world_config', 'c2d_query_filter', 'c2d_world_hit', 'c2d_move_collision',
                    'c2d_move_input', 'c2d_move_result', 'c2d_raycast_input', 'c2d_motion', 'c2d_toi_result',
                    'c2d_shape_toi_input', 'c2d_concave', 'c2d_concave_shape', 'c2d_arc', 'c2d_ellipse' }
    local fields = { { 'c2d_collider_def', 'user_data' }, { 'c2d_collider_def', 'one_way' },
                     { 'c2d_world_config', 'id_tag' }, { 'c2d_move_collision', 'bounce' },
                     { 'c2d_move_collision', 'ti' }, { 'c2d_move_input', 'capacity' },
                     { 'c2d_move_result', 'capped' }, { 'c2d_world_hit', 'hit' },
                     { 'c2d_toi_result', 'iterations' }, { 'c2d_shape_toi_input', 'max_iterations' } }
    local src = { '#include <stdio.h>', '#include <stddef.h>', '#include <collide2d.h>', 'int main(void) {' }
    local expected = {}
    for _, n in ipairs(names) do
      src[#src + 1] = ('printf("%%zu\\n", sizeof(%s));'):format(n)
      expected[#expected + 1] = ffi.sizeof(n)
    end
    for _, f in ipairs(fields) do
      src[#src + 1] = ('printf("%%zu\\n", offsetof(%s, %s));'):format(f[1], f[2])
      expected[#expected + 1] = ffi.offsetof(f[1], f[2])
    end
    src[#src + 1] = 'return 0; }'
    local dir = os.tmpname()
    os.remove(dir)
    assert(os.execute('mkdir -p ' .. dir) == 0 or true)
    local fh = assert(io.open(dir .. '/sizes.c', 'w'))
    fh:write(table.concat(src, '\n'))
    fh:close()
    local define = C2D.real == 'double' and '-DC2D_DOUBLE ' or ''
    local out, ok = run(('cc -std=c11 %s-I%s/include %s/sizes.c -o %s/sizes && %s/sizes'):format(define, root, dir, dir, dir))
    os.execute('rm -rf ' .. dir)
    assert.is_true(ok, out)
    local got = {}
    for line in out:gmatch('(%d+)\n') do got[#got + 1] = tonumber(line) end
    assert.same(got, expected)
  end)
end)
