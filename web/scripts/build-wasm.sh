#!/usr/bin/env bash
# Builds web/dist/collide2d.wasm: the C library plus web/wasm/c2d_wasm.c, double precision, as a
# standalone WebAssembly module (no emscripten JS glue: web/src/index.js instantiates it).
# Uses Debian's emscripten (scripts/deps.sh web). Rebuilds only when a source is newer.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
out="$root/web/dist/collide2d.wasm"
srcs=("$root"/src/*.c "$root"/src/simd/*.c "$root"/web/wasm/*.c)
if [ -f "$out" ] && [ -z "$(find "${srcs[@]}" "$root"/src/*.h "$root"/web/wasm "$root"/include -newer "$out" 2>/dev/null | head -1)" ] \
   && [ "$out" -nt "$0" ]; then
  exit 0
fi
mkdir -p "$root/web/dist"
# Debian's emcc runs its JS tools with the system node and needs the Debian node modules.
export NODE_PATH="${NODE_PATH:-/usr/share/nodejs}"
# The first build compiles emscripten's libc into its cache; use a private cache when the
# system one is not writable.
if [ -z "${EM_CACHE:-}" ] && [ ! -w /usr/share/emscripten/cache ]; then
  export EM_CACHE="$root/build/web/emcache"
fi
emcc -O3 -DC2D_DOUBLE -DNDEBUG -I"$root/include" "${srcs[@]}" \
  -Wall -Wextra -Wno-missing-prototypes -Wno-bitwise-instead-of-logical \
  -sSTANDALONE_WASM --no-entry -sALLOW_MEMORY_GROWTH=1 -sINITIAL_MEMORY=8MB -sTOTAL_STACK=1MB \
  -sEXPORTED_FUNCTIONS=_malloc,_free --js-library "$root/web/wasm/imports.js" -o "${out%.wasm}.tmp.wasm"
mv "${out%.wasm}.tmp.wasm" "$out"
echo "web: built $out ($(stat -c %s "$out") bytes)"
