# collide2d: the two commands of the README, plus the bench.
#   make demo           build the WebAssembly page and serve it on 127.0.0.1 (the main job)
#   make demo-terminal  the terminal example: a box walks through a level of mixed shapes
#   make check          every test: float, double, ASan+UBSan and Clang builds, a float build without
#                       SSE2/AVX2 (check-nosse), builds with C2D_MAX_POLYGON_VERTICES 4 and 12
#                       (check-verts4, check-verts12), the tests against the single header
#                       (check-single-header), the fuzzers (float and double), the GEOS
#                       differential test, node tests, browser test
#   make geos-diff      the GEOS differential test at length (GEOS_DIFF_CASES per build, random seed)
#   make bench          narrow, cast and broad-phase benchmarks beside Box2D 2.4 and Chipmunk; with
#                       CUTE_C2_H=/path/cute_c2.h and BOX2D_V3_DIR=/path/box2d, cute_c2 and Box2D v3
#                       too (optional peers, built outside this repository: bench/README.md)
#   make single-header  build/single/collide2d_single.h (scripts/amalgamate.py)
#   make bench-js       the Node benchmark beside detect-collisions, sat, rbush, flatbush
#   make format         clang-format over src/ include/ tests/ (.clang-format); make format-check
#                       fails on any line it would change
JOBS ?= $(shell nproc 2>/dev/null || echo 2)
BUILD ?= build

.PHONY: all demo demo-terminal check check-float check-double check-asan check-clang check-tsan check-nosse check-verts4 \
        check-verts12 check-fuzz fuzz fuzz-world deps-clang bench deps clean FORCE single-header check-single-header
.PHONY: check-geos geos-diff deps-geos

all: $(BUILD)/float/.built

deps-build:
	@scripts/deps.sh build test

$(BUILD)/%/.configured: CMakeLists.txt | deps-build
	cmake -S . -B $(BUILD)/$* $(CMAKE_FLAGS_$*) >/dev/null
	@touch $@

CMAKE_FLAGS_float  = -DCMAKE_BUILD_TYPE=RelWithDebInfo
CMAKE_FLAGS_double = -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCOLLIDE2D_DOUBLE=ON
CMAKE_FLAGS_asan   = -DCMAKE_BUILD_TYPE=Debug -DCOLLIDE2D_SANITIZE=ON
# The build matrix beyond float/double: the float build with the SSE2/AVX2 paths compiled out (the
# scalar twins that double builds and other CPUs run), and C2D_MAX_POLYGON_VERTICES at 4 and 12.
CMAKE_FLAGS_nosse   = -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCOLLIDE2D_NO_SIMD=ON
# The vertex-count builds run under ASan+UBSan (optimised, as the vector paths ship): a block read
# or a test array sized for 8 vertices is out of bounds there.
CMAKE_FLAGS_verts4  = -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCOLLIDE2D_SANITIZE=ON -DCOLLIDE2D_MAX_POLYGON_VERTICES=4
CMAKE_FLAGS_verts12 = -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCOLLIDE2D_SANITIZE=ON -DCOLLIDE2D_MAX_POLYGON_VERTICES=12
CMAKE_FLAGS_bench  = -DCMAKE_BUILD_TYPE=Release -DCOLLIDE2D_BUILD_BENCH=ON -DCOLLIDE2D_BUILD_TESTS=OFF
# The float build whose library is the single header compiled as one translation unit (the tests,
# the README example and the header tests all see collide2d_single.h; check-single-header).
CMAKE_FLAGS_single-test = -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCOLLIDE2D_SINGLE_HEADER=ON -DCOLLIDE2D_BUILD_EXAMPLES=OFF
# Clang with this machine's full instruction set: Clang fuses a * b + c into FMA by default once FMA
# is enabled, so this build checks that the library's -ffp-contract=off holds (same-bit formulas).
CMAKE_FLAGS_clang  = -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_C_FLAGS=-march=native
CMAKE_FLAGS_fuzz   = -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++ \
                     -DCOLLIDE2D_FUZZ=ON -DCOLLIDE2D_SANITIZE=ON -DCOLLIDE2D_BUILD_TESTS=OFF -DCOLLIDE2D_BUILD_EXAMPLES=OFF
CMAKE_FLAGS_fuzz-double = $(CMAKE_FLAGS_fuzz) -DCOLLIDE2D_DOUBLE=ON
# make fuzz: seconds of fuzzing (libFuzzer prints its seed; FUZZ_SEED=N repeats a run)
FUZZ_SECONDS ?= 60
FUZZ_SEED ?= 0

.PHONY: deps-build
$(BUILD)/%/.built: $(BUILD)/%/.configured FORCE
	cmake --build $(BUILD)/$* -j $(JOBS)
	@touch $@
FORCE:

# Keep the configure stamps: they are intermediate files of the pattern rules.
.SECONDARY:

# The main job: build the WebAssembly page and serve it on 127.0.0.1 (web-demo, below).
demo: web-demo

# The terminal example: a box walks through a level of mixed shapes.
demo-terminal: $(BUILD)/float/.built
	./$(BUILD)/float/examples/level_walk

check-float: $(BUILD)/float/.built
	cd $(BUILD)/float && ctest --output-on-failure --timeout 900 -j $(JOBS)
check-double: $(BUILD)/double/.built
	cd $(BUILD)/double && ctest --output-on-failure --timeout 900 -j $(JOBS)
check-asan: $(BUILD)/asan/.built
	cd $(BUILD)/asan && ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 ctest --output-on-failure --timeout 900 -j $(JOBS)

# Every test over the float build without SSE2/AVX2 (COLLIDE2D_NO_SIMD) and over builds whose
# polygons hold at most 4 and at most 12 vertices (COLLIDE2D_MAX_POLYGON_VERTICES, with ASan+UBSan).
check-nosse: $(BUILD)/nosse/.built
	cd $(BUILD)/nosse && ctest --output-on-failure --timeout 900 -j $(JOBS)
check-verts4: $(BUILD)/verts4/.built
	cd $(BUILD)/verts4 && ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 ctest --output-on-failure --timeout 900 -j $(JOBS)
check-verts12: $(BUILD)/verts12/.built
	cd $(BUILD)/verts12 && ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 ctest --output-on-failure --timeout 900 -j $(JOBS)

# Clang: the header and library under Clang's warnings, and the tests with FMA contraction asked for.
check-clang: deps-clang
	$(MAKE) $(BUILD)/clang/.built
	cd $(BUILD)/clang && ctest --output-on-failure --timeout 900 -j $(JOBS)

# libFuzzer over every generic query (tests/fuzz_queries.c) and over operation sequences on a world
# against a reference world (tests/fuzz_world.c), under ASan and UBSan, in float and in double. A finding stops the run and leaves its input in $(BUILD)/fuzz/ or $(BUILD)/fuzz-double/
# (crash-*): rerun it with ./fuzz_queries <file> there.
# check-fuzz (part of make check): FUZZ_CHECK_RUNS inputs per build from seed 1 and an empty corpus.
# The same seed does not give the same inputs on every machine (CI's machine reached a finding at
# 1.4M inputs that this one never did in 10M), so a failure elsewhere is a real input to keep: see
# the log. make fuzz: FUZZ_SECONDS from a random seed, float, corpus kept.
# 3M inputs: the arc's and the ellipse's slow cells (up to 0.2 ms a call) brought this machine from
# about 18k to 5.5k inputs a second, and 10M per build would take most of CI's time. FUZZ_CHECK_SECONDS
# caps each build's run (the inputs done by then are reported; a finding still fails).
FUZZ_CHECK_RUNS ?= 3000000
FUZZ_CHECK_SECONDS ?= 900
# fuzz_world (tests/fuzz_world.c): operation sequences on a world against a reference world
FUZZ_WORLD_RUNS ?= 30000
check-fuzz: deps-clang
	$(MAKE) $(BUILD)/fuzz/.built $(BUILD)/fuzz-double/.built
	@for b in fuzz fuzz-double; do \
	  rm -rf $(BUILD)/$$b/check-corpus && mkdir -p $(BUILD)/$$b/check-corpus; \
	  echo "check-fuzz ($$b): $(FUZZ_CHECK_RUNS) inputs from seed 1"; \
	  (cd $(BUILD)/$$b && ASAN_OPTIONS=detect_leaks=1 ./fuzz_queries -seed=1 -runs=$(FUZZ_CHECK_RUNS) -max_total_time=$(FUZZ_CHECK_SECONDS) -timeout=10 \
	    -print_final_stats=1 check-corpus > check-fuzz.log 2>&1); rc=$$?; \
	  grep -E '^(INFO: Seed|fuzz:|==|SUMMARY|stat::number_of_executed_units|Done)|ERROR' $(BUILD)/$$b/check-fuzz.log; \
	  echo "check-fuzz ($$b): exit $$rc (full log: $(BUILD)/$$b/check-fuzz.log)"; \
	  if [ $$rc -ne 0 ]; then exit $$rc; fi; \
	  rm -rf $(BUILD)/$$b/world-corpus && mkdir -p $(BUILD)/$$b/world-corpus; \
	  echo "check-fuzz ($$b): fuzz_world, $(FUZZ_WORLD_RUNS) operation sequences from seed 1"; \
	  (cd $(BUILD)/$$b && ASAN_OPTIONS=detect_leaks=1 ./fuzz_world -seed=1 -runs=$(FUZZ_WORLD_RUNS) -max_len=1024 -len_control=1 \
	    -timeout=10 -print_final_stats=1 world-corpus > check-fuzz-world.log 2>&1); rc=$$?; \
	  grep -E '^(INFO: Seed|fuzz_world:|==|SUMMARY|stat::number_of_executed_units|Done)|ERROR' $(BUILD)/$$b/check-fuzz-world.log; \
	  echo "check-fuzz ($$b): fuzz_world exit $$rc (full log: $(BUILD)/$$b/check-fuzz-world.log)"; \
	  if [ $$rc -ne 0 ]; then exit $$rc; fi; \
	done

fuzz: deps-clang
	$(MAKE) $(BUILD)/fuzz/.built
	@mkdir -p $(BUILD)/fuzz/corpus
	cd $(BUILD)/fuzz && ASAN_OPTIONS=detect_leaks=1 ./fuzz_queries -max_total_time=$(FUZZ_SECONDS) -seed=$(FUZZ_SEED) \
	  -timeout=10 -print_final_stats=1 corpus

# make fuzz-world: FUZZ_SECONDS of operation sequences on a world (tests/fuzz_world.c), random seed.
fuzz-world: deps-clang
	$(MAKE) $(BUILD)/fuzz/.built
	@mkdir -p $(BUILD)/fuzz/world-explore
	cd $(BUILD)/fuzz && ASAN_OPTIONS=detect_leaks=1 ./fuzz_world -max_total_time=$(FUZZ_SECONDS) -seed=$(FUZZ_SEED) \
	  -max_len=2048 -timeout=10 -print_final_stats=1 world-explore

deps-clang:
	@scripts/deps.sh build test clang

# GEOS differential test (tests/geos/geos_diff.c): collide2d's segment, point-in-polygon and
# polygon-pair predicates, intersection points and distances against GEOS 3.11 (Debian's
# libgeos-dev), in a float and a double build of its own (build/geos-float, build/geos-double).
# It prints its seed, the cases per category and each disagreement (%a values; rerun one case with
# --seed S --only I), and fails on any predicate disagreement or a distance or point beyond its bound.
# check-geos (part of make check): GEOS_CHECK_CASES per build from seed GEOS_CHECK_SEED.
# geos-diff: GEOS_DIFF_CASES per build from GEOS_DIFF_SEED (default: the clock, printed).
GEOS_CHECK_CASES ?= 3000000
GEOS_CHECK_SEED ?= 1
GEOS_DIFF_CASES ?= 40000000
GEOS_DIFF_SEED ?=
CMAKE_FLAGS_geos-float  = -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCOLLIDE2D_GEOS_DIFF=ON -DCOLLIDE2D_BUILD_EXAMPLES=OFF
CMAKE_FLAGS_geos-double = $(CMAKE_FLAGS_geos-float) -DCOLLIDE2D_DOUBLE=ON

deps-geos:
	@scripts/deps.sh build test geos

$(BUILD)/geos-%/geos_diff.stamp: deps-geos FORCE
	cmake -S . -B $(BUILD)/geos-$* $(CMAKE_FLAGS_geos-$*) >/dev/null
	cmake --build $(BUILD)/geos-$* -j $(JOBS) --target geos_diff
	@touch $@

check-geos: $(BUILD)/geos-float/geos_diff.stamp $(BUILD)/geos-double/geos_diff.stamp
	@rc=0; for b in float double; do \
	  ./$(BUILD)/geos-$$b/tests/geos/geos_diff --cases $(GEOS_CHECK_CASES) --seed $(GEOS_CHECK_SEED) \
	    > $(BUILD)/geos-$$b/check-geos.log 2>&1 || rc=1; \
	  head -n 1 $(BUILD)/geos-$$b/check-geos.log; sed -n '/^fixed cases/p; /^cases per test/,$$p' $(BUILD)/geos-$$b/check-geos.log; \
	  echo "check-geos ($$b): full log with each disagreement: $(BUILD)/geos-$$b/check-geos.log"; \
	done; exit $$rc

geos-diff: $(BUILD)/geos-float/geos_diff.stamp $(BUILD)/geos-double/geos_diff.stamp
	@rc=0; for b in float double; do \
	  ./$(BUILD)/geos-$$b/tests/geos/geos_diff --cases $(GEOS_DIFF_CASES) $(if $(GEOS_DIFF_SEED),--seed $(GEOS_DIFF_SEED)) \
	    > $(BUILD)/geos-$$b/geos-diff.log 2>&1 || rc=1; \
	  head -n 1 $(BUILD)/geos-$$b/geos-diff.log; sed -n '/^fixed cases/p; /^cases per test/,$$p' $(BUILD)/geos-$$b/geos-diff.log; \
	  echo "geos-diff ($$b): full log with each disagreement: $(BUILD)/geos-$$b/geos-diff.log"; \
	done; exit $$rc


# ThreadSanitizer (Clang): two threads query one world at once (tests/test_world_threads.c), and
# the broad phase's pair sweep runs on a pthread task system (tests/test_broadphase_threads.c); the
# library and each test built together with -fsanitize=thread.
TSAN_BIN = $(BUILD)/tsan/test_world_threads
check-tsan: deps-clang
	@mkdir -p $(BUILD)/tsan
	clang -std=c11 -g -O1 -fsanitize=thread -ffp-contract=off -Wall -Wextra -Werror -Wno-unused-parameter -Iinclude \
	  src/*.c src/simd/*.c tests/test_world_threads.c $$(pkg-config --cflags --libs cmocka) -lm -lpthread -o $(TSAN_BIN)
	TSAN_OPTIONS=halt_on_error=1 CMOCKA_MESSAGE_OUTPUT=stdout ./$(TSAN_BIN)
	clang -std=c11 -g -O1 -fsanitize=thread -ffp-contract=off -Wall -Wextra -Werror -Wno-unused-parameter -Iinclude \
	  src/*.c src/simd/*.c tests/test_broadphase_threads.c $$(pkg-config --cflags --libs cmocka) -lm -lpthread -o $(BUILD)/tsan/test_broadphase_threads
	TSAN_OPTIONS=halt_on_error=1 CMOCKA_MESSAGE_OUTPUT=stdout ./$(BUILD)/tsan/test_broadphase_threads

# The single-header build: scripts/amalgamate.py writes build/single/collide2d_single.h (the public
# declarations, then every src/ file under C2D_IMPLEMENTATION; see its front page).
single-header:
	python3 scripts/amalgamate.py --out $(BUILD)/single/collide2d_single.h

# Every test, the README example (also as one file with C2D_IMPLEMENTATION and no library) and the
# C/C++ header tests against the single header (CMake's COLLIDE2D_SINGLE_HEADER, float build).
check-single-header: $(BUILD)/single-test/.built
	cd $(BUILD)/single-test && ctest --output-on-failure --timeout 900 -j $(JOBS)

check: check-float check-double check-asan check-clang check-nosse check-verts4 check-verts12 check-single-header check-tsan check-fuzz check-geos check-lua web-check check-install docs
	@echo "make check: float, double, asan, clang, no-SSE, 4- and 12-vertex builds, the single header, the thread test, the fuzzers, the GEOS differential test, the Lua binding, node tests, the browser test, the install test and the API reference passed"

bench:
	@scripts/deps.sh build bench
	cmake -S . -B $(BUILD)/bench $(CMAKE_FLAGS_bench) -DCUTE_C2_H="$(CUTE_C2_H)" -DBOX2D_V3_DIR="$(BOX2D_V3_DIR)" \
	  -DBOX2D_V3_LIBRARY="$(BOX2D_V3_LIBRARY)" >/dev/null
	cmake --build $(BUILD)/bench -j $(JOBS)
	@mkdir -p $(BUILD)/bench
	./$(BUILD)/bench/bench/bench_narrow $(BUILD)/bench/narrow.jsonl
	./$(BUILD)/bench/bench/bench_cast $(BUILD)/bench/narrow.jsonl
	./$(BUILD)/bench/bench/bench_mover $(BUILD)/bench/mover.jsonl
	@echo "== bench-broad: every broad-phase index beside Box2D 2.4 and Chipmunk 7 (BENCH_QUICK=1: N <= 100k) =="
	./$(BUILD)/bench/bench/bench_broadphase $(BUILD)/bench/broadphase.jsonl
	./$(BUILD)/bench/bench/bench_world $(BUILD)/bench/world.jsonl

# The LuaJIT binding (bindings/lua): its busted specs run under LuaJIT (Debian's busted script is
# for Lua 5.x; LuaJIT runs it directly), against the float and the double shared library in turn.
# C2D_LUA_SEED=N repeats the random spec's scene.
.PHONY: check-lua
check-lua: $(BUILD)/float/.built $(BUILD)/double/.built
	@scripts/deps.sh lua
	@for b in float double; do \
	  echo "check-lua: bindings/lua/spec against $(BUILD)/$$b/libcollide2d.so"; \
	  (cd bindings/lua && C2D_LIB="$(abspath $(BUILD))/$$b/libcollide2d.so" luajit "$$(command -v busted)" \
	    --lpath='./?.lua' -o utfTerminal spec) || exit $$?; \
	done

clean:
	rm -rf $(BUILD)

# make format: clang-format (14, the house style in .clang-format) over the C sources of src/,
# include/ and tests/, in place; make format-check: the same as a check that changes nothing and
# fails on any line the style would change. CLANG_FORMAT=... picks another binary.
CLANG_FORMAT ?= $(shell command -v clang-format-14 2>/dev/null || echo clang-format)
FORMAT_FILES = $(shell find src include tests \( -name '*.c' -o -name '*.h' -o -name '*.cpp' \) | sort)
.PHONY: format format-check
format:
	$(CLANG_FORMAT) -i --style=file $(FORMAT_FILES)
format-check:
	$(CLANG_FORMAT) --dry-run --Werror --style=file $(FORMAT_FILES)

# The README's Install section run as a user would (tests/install_test.sh): configure, build and
# install into a temporary prefix ($(BUILD)/install-test/prefix), then build and run the README
# example through pkg-config (static and shared), find_package and FetchContent (this source tree,
# no network), and again after moving the installed tree.
.PHONY: check-install
check-install: deps-build
	JOBS=$(JOBS) tests/install_test.sh $(BUILD)/install-test

# The API reference from the header comments: doxygen (Debian's package) with docs/Doxyfile, whose
# input filter docs/doxygen-filter.pl makes the plain comment above each declaration its doc
# comment. Output: $(BUILD)/docs/html/index.html (about a second, so make check runs it). Fails
# on any doxygen warning except an undocumented struct field or macro (the struct's or the macro
# group's comment describes those): a public function, type or enum without its contract fails.
.PHONY: docs
docs:
	@scripts/deps.sh docs
	@rm -rf $(BUILD)/docs && mkdir -p $(BUILD)/docs
	(cat docs/Doxyfile; echo "OUTPUT_DIRECTORY = $(BUILD)/docs") | doxygen - 2> $(BUILD)/docs/warnings.log
	@if grep -v -E 'warning: Member .* \((variable|macro definition)\) of (struct|union|file) .* is not documented\.$$' \
	    $(BUILD)/docs/warnings.log | grep .; then \
	  echo "make docs: doxygen warned (above; all warnings: $(BUILD)/docs/warnings.log)"; exit 1; fi
	@echo "make docs: $(BUILD)/docs/html/index.html ($$(grep -c . $(BUILD)/docs/warnings.log) undocumented fields and macros)"

# ---- web: WebAssembly build, npm package "collide2d" (web/), live page, browser test ----
#   make web        web/dist/collide2d.wasm (Debian emscripten) and web/'s npm devDependencies (npm ci)
#   make web-check  node --test over the JS API (wasm against the native build) and the headless
#                   Chromium test of the live page (drags, arrow keys, native values, pixels)
#   make web-demo   build and serve the live page on 127.0.0.1 (WEB_PORT, default 8642), with the API
#                   reference (make docs) at /api/
#   make bench-js   Node benchmark beside detect-collisions, sat, rbush, flatbush, box-intersect
WEB_PORT ?= 8642
WEB_REF = $(abspath $(BUILD))/web-native/c2d_ref
.PHONY: web web-check web-demo bench-js deps-web web-npm

deps-web:
	@scripts/deps.sh build web

web/node_modules/.package-lock.json: web/package-lock.json | deps-web
	cd web && npm ci --no-audit --no-fund

web-npm: web/node_modules/.package-lock.json

web: deps-web web-npm
	web/scripts/build-wasm.sh

$(WEB_REF): FORCE | deps-web
	cmake -S web/native -B $(BUILD)/web-native -DCMAKE_BUILD_TYPE=Release >/dev/null
	cmake --build $(BUILD)/web-native -j $(JOBS) --target c2d_ref c2d_mover_ref

web-check: web $(WEB_REF)
	cd web && C2D_REF="$(WEB_REF)" node --test test/
	cd web && node scripts/browser-test.mjs "$(WEB_REF)"
	cd web && node scripts/platformer-test.mjs "$(dir $(WEB_REF))c2d_mover_ref"
	@echo "make web-check: node tests and browser test passed"

web-demo: web
	@$(MAKE) --no-print-directory docs || echo "make demo: make docs failed, so the page's API link lists the headers instead"
	cd web && node scripts/serve.mjs $(WEB_PORT)

bench-js: web
	@mkdir -p $(BUILD)/bench
	cd web && node bench/bench.mjs "$(abspath $(BUILD))/bench/js.jsonl"
	cd web && node bench/mover.mjs "$(abspath $(BUILD))/bench/mover.jsonl"
