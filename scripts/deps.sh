#!/usr/bin/env bash
# Makes sure the Debian packages a make target needs are installed.
# Usage: scripts/deps.sh <group>...   groups: build, test, clang, bench, web, lua, docs, geos
# As root it installs what is missing with apt-get; otherwise it names the missing packages and fails.
set -euo pipefail

pkgs=()
for group in "$@"; do
  case "$group" in
    build) pkgs+=(gcc g++ make cmake pkg-config) ;;
    test)  pkgs+=(libcmocka-dev) ;;
    clang) pkgs+=(clang libclang-rt-14-dev) ;;  # libclang-rt: libFuzzer and the sanitizers' runtimes
    web)   pkgs+=(emscripten chromium nodejs); command -v npm >/dev/null 2>&1 || pkgs+=(npm) ;;  # NodeSource's nodejs bundles npm
    bench) pkgs+=(libbox2d-dev libchipmunk-dev) ;;
    lua)   pkgs+=(luajit lua-busted) ;;  # bindings/lua: busted is run under LuaJIT (make check-lua)
    docs)  pkgs+=(doxygen) ;;  # make docs: the API reference from the header comments
    geos)  pkgs+=(libgeos-dev) ;;  # GEOS 3.11 C API: the differential test tests/geos/geos_diff.c
    *) echo "deps.sh: unknown group '$group'" >&2; exit 2 ;;
  esac
done

missing=()
for p in "${pkgs[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed'; then
    missing+=("$p")
  fi
done
[ ${#missing[@]} -eq 0 ] && exit 0

if [ "$(id -u)" -eq 0 ]; then
  echo "deps.sh: installing ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
else
  echo "deps.sh: missing Debian packages: ${missing[*]}" >&2
  echo "deps.sh: install them with: sudo apt-get install ${missing[*]}" >&2
  exit 1
fi
