#!/usr/bin/env bash
# make check-install: the README's install steps, run as a user would, into a temporary prefix.
#   1. the README's install block (CMake configure / build / install), with $HOME/.local replaced
#      by <work>/prefix and build/release by <work>/build;
#   2. the README example built and run through pkg-config (collide2d: static, no runtime path
#      needed; collide2d-shared with the rpath the README gives), through find_package (the README's
#      CMake project) and through FetchContent (the README's CMake project, pointed at this source
#      tree with FETCHCONTENT_SOURCE_DIR_COLLIDE2D, so no network);
#   3. the prefix moved elsewhere, then pkg-config and find_package again (both are relocatable).
# Every program must print the example's "// prints:" line. Usage: tests/install_test.sh <work dir>
set -euo pipefail

src=$(cd "$(dirname "$0")/.." && pwd)
[ $# -eq 1 ] || { echo "usage: $0 <work dir>" >&2; exit 2; }
work=$(realpath -m "$1")
rm -rf "$work"
mkdir -p "$work"
prefix="$work/prefix"
jobs=${JOBS:-2}
unset PKG_CONFIG_PATH LD_LIBRARY_PATH CMAKE_PREFIX_PATH

fail() { echo "check-install: FAIL: $*" >&2; exit 1; }

# The fenced code between <!-- readme-NAME:begin --> and <!-- readme-NAME:end --> in README.md.
block() {
  local text
  text=$(awk -v b="<!-- readme-$1:begin -->" -v e="<!-- readme-$1:end -->" '
    $0 == b { on = 1; next }
    $0 == e { on = 0; next }
    on && /^```/ { fence = !fence; next }
    on && fence { print }' "$src/README.md")
  [ -n "$text" ] || fail "README.md has no code between the readme-$1 markers"
  printf '%s\n' "$text"
}

# The example's expected line, and its source in each project directory.
block example > "$work/example.c"
expect=$(sed -n 's|^// prints: ||p' "$work/example.c")
[ -n "$expect" ] || fail "the README example has no '// prints:' line"

# Runs a built example and checks its output; $2 says whether it may need libcollide2d.so.
run_example() {
  local exe=$1 linkage=$2 out
  out=$("$exe") || fail "$exe exited with $? (output: $out)"
  printf '  %s: %s\n' "${exe#"$work"/}" "$(printf '%s' "$out" | tr '\n' ' ')"
  case "$out" in *"$expect"*) ;; *) fail "$exe did not print '$expect'" ;; esac
  # (ldd's output is read whole: grep -q in a pipe under pipefail can fail on ldd's SIGPIPE)
  local loads so
  loads=$(ldd "$exe" | grep libcollide2d || true)
  if [ "$linkage" = static ] && [ -n "$loads" ]; then
    fail "$exe needs the shared library, the static one was expected: $loads"
  fi
  if [ "$linkage" = shared ]; then
    so=$(printf '%s\n' "$loads" | sed -n 's|.* => \(/[^ ]*\) .*|\1|p')
    [ -n "$so" ] && [ "$(realpath "$so")" = "$(realpath "$libdir/libcollide2d.so.0")" ] \
      || fail "$exe does not load $libdir/libcollide2d.so.0: ${loads:-no libcollide2d}"
  fi
}

echo "== check-install: the README's install block into $prefix"
block install | sed -e "s|\$HOME/\.local|$prefix|g" -e "s|build/release|$work/build|g" \
  -e "s|-j [0-9]*|-j $jobs|" > "$work/install.sh"
cat "$work/install.sh"
(cd "$src" && bash -euo pipefail "$work/install.sh") > "$work/install.log" 2>&1 \
  || { tail -30 "$work/install.log"; fail "the README's install commands failed (log: $work/install.log)"; }
libdir=$(dirname "$(find "$prefix" -name libcollide2d.a | head -1)")
[ -f "$libdir/libcollide2d.a" ] || fail "no libcollide2d.a under $prefix"

# The README's pkg-config commands, run with the README's PKG_CONFIG_PATH (under the prefix).
pkgconfig_builds() {
  local dir=$1
  rm -rf "$dir" && mkdir -p "$dir" && cp "$work/example.c" "$dir/"
  block pkg-config | sed -e "s|\$HOME/\.local|$prefix|g" -e "s|/lib/pkgconfig|/${libdir#"$prefix"/}/pkgconfig|g" \
    > "$dir/build.sh"
  (cd "$dir" && bash -euo pipefail build.sh) > "$dir/build.log" 2>&1 \
    || { cat "$dir/build.log"; fail "the README's pkg-config commands failed"; }
  [ -x "$dir/example" ] && [ -x "$dir/example-shared" ] \
    || fail "the README's pkg-config block must build example (collide2d) and example-shared (collide2d-shared)"
  run_example "$dir/example" static
  run_example "$dir/example-shared" shared
}

# The README's find_package project, configured with CMAKE_PREFIX_PATH=<prefix>.
find_package_build() {
  local dir=$1
  rm -rf "$dir" && mkdir -p "$dir" && cp "$work/example.c" "$dir/"
  block find-package > "$dir/CMakeLists.txt"
  (cmake -S "$dir" -B "$dir/build" -DCMAKE_PREFIX_PATH="$prefix" && cmake --build "$dir/build") \
    > "$dir/build.log" 2>&1 || { cat "$dir/build.log"; fail "the README's find_package project failed"; }
  run_example "$dir/build/app" static
}

echo "== check-install: pkg-config"
pkgconfig_builds "$work/pkg-config"
echo "== check-install: find_package"
find_package_build "$work/find-package"

echo "== check-install: FetchContent (FETCHCONTENT_SOURCE_DIR_COLLIDE2D=$src, disconnected)"
dir="$work/fetch-content"
mkdir -p "$dir" && cp "$work/example.c" "$dir/"
block fetch-content > "$dir/CMakeLists.txt"
(cmake -S "$dir" -B "$dir/build" -DFETCHCONTENT_SOURCE_DIR_COLLIDE2D="$src" -DFETCHCONTENT_FULLY_DISCONNECTED=ON \
  && cmake --build "$dir/build" -j "$jobs") > "$dir/build.log" 2>&1 \
  || { cat "$dir/build.log"; fail "the README's FetchContent project failed"; }
run_example "$dir/build/app" static

echo "== check-install: the prefix moved to $work/moved"
mv "$prefix" "$work/moved"
prefix="$work/moved"
libdir="$prefix/${libdir#"$work/prefix"/}"
pkgconfig_builds "$work/pkg-config-moved"
find_package_build "$work/find-package-moved"

echo "check-install: passed (pkg-config static and shared, find_package, FetchContent, moved prefix)"
