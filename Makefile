# collide2d: the two commands of the README, plus the bench.
#   make demo    build and run the demo (the main job)
#   make check   build and run every test: float, double, and ASan+UBSan builds
#   make bench   narrow-phase benchmarks beside Box2D 2.4 (build/bench/*.jsonl)
JOBS ?= $(shell nproc 2>/dev/null || echo 2)
BUILD ?= build

.PHONY: all demo check check-float check-double check-asan bench deps clean

all: $(BUILD)/float/.built

deps-build:
	@scripts/deps.sh build test

$(BUILD)/%/.configured: CMakeLists.txt | deps-build
	cmake -S . -B $(BUILD)/$* $(CMAKE_FLAGS_$*) >/dev/null
	@touch $@

CMAKE_FLAGS_float  = -DCMAKE_BUILD_TYPE=RelWithDebInfo
CMAKE_FLAGS_double = -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCOLLIDE2D_DOUBLE=ON
CMAKE_FLAGS_asan   = -DCMAKE_BUILD_TYPE=Debug -DCOLLIDE2D_SANITIZE=ON
CMAKE_FLAGS_bench  = -DCMAKE_BUILD_TYPE=Release -DCOLLIDE2D_BUILD_BENCH=ON -DCOLLIDE2D_BUILD_TESTS=OFF

.PHONY: deps-build
$(BUILD)/%/.built: $(BUILD)/%/.configured FORCE
	cmake --build $(BUILD)/$* -j $(JOBS)
	@touch $@
FORCE:

# Keep the configure stamps: they are intermediate files of the pattern rules.
.SECONDARY:

demo: $(BUILD)/float/.built
	./$(BUILD)/float/examples/level_walk

check-float: $(BUILD)/float/.built
	cd $(BUILD)/float && ctest --output-on-failure -j $(JOBS)
check-double: $(BUILD)/double/.built
	cd $(BUILD)/double && ctest --output-on-failure -j $(JOBS)
check-asan: $(BUILD)/asan/.built
	cd $(BUILD)/asan && ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 ctest --output-on-failure -j $(JOBS)

check: check-float check-double check-asan
	@echo "make check: float, double and asan builds passed"

bench:
	@scripts/deps.sh build bench
	cmake -S . -B $(BUILD)/bench $(CMAKE_FLAGS_bench) >/dev/null
	cmake --build $(BUILD)/bench -j $(JOBS)
	@mkdir -p $(BUILD)/bench
	./$(BUILD)/bench/bench/bench_narrow $(BUILD)/bench/narrow.jsonl

clean:
	rm -rf $(BUILD)
