# SwitchLab: `make run` installs, builds and starts everything; `make test` installs, builds and
# runs every test suite; `make check` is the fast loop while working. Other targets: build, bench,
# clean (see README.md).
SHELL := /bin/bash
ROOT := $(CURDIR)
VENV_PY := $(ROOT)/.venv/bin/python
export NODE_PATH := /usr/share/nodejs
JOBS ?= 2

.PHONY: run test check build install build-native build-wasm build-frontend bench bench-trend clean gen-api \
        test-core test-cacti-rows test-cacti-rows-wasm test-cross test-api test-bench test-frontend test-e2e test-compose build-fuzz \
        test-fuzz fuzz

install:
	@scripts/install.sh

build: install build-native build-wasm build-frontend

# Native CLI, gtest suite and the Python extension (build/python/switchlab_core*.so).
build-native:
	@cmake -S wasm-core -B build/native -DCMAKE_BUILD_TYPE=Release -DSWITCHLAB_PYTHON=ON \
	  -DSWITCHLAB_PYTHON_OUT=$(ROOT)/build/python -DPython3_EXECUTABLE=$(VENV_PY) \
	  -Dpybind11_DIR="$$($(VENV_PY) -m pybind11 --cmakedir)" > build-native.log 2>&1 || { cat build-native.log; exit 1; }
	@cmake --build build/native -j$(JOBS) > build-native.log 2>&1; rc=$$?; grep -Ev '^\[|^-- |make\[[0-9]\]' build-native.log; exit $$rc
	@test -x build/native/bin/switchlab-sim
	@rm -f build-native.log

# WebAssembly ES modules: build/wasm/switchlab_core.mjs + .wasm, and switchlab_core_mt.* with threads
# (pthreads, for cross-origin isolated pages and node); CACTI 7 as cacti.* and cacti_mt.* (from the
# source scripts/install.sh unpacks into build/cacti/src; docs/cost-model.md section 8). A failed
# compile stops make (an older module left in build/ must never pass for the new one).
build-wasm:
	@emcmake cmake -S wasm-core -B build/wasm -DCMAKE_BUILD_TYPE=Release -DSWITCHLAB_TESTS=OFF > build-wasm.log 2>&1 || { cat build-wasm.log; exit 1; }
	@cmake --build build/wasm -j$(JOBS) > build-wasm.log 2>&1; rc=$$?; grep -Ev '^\[|^-- |make\[[0-9]\]' build-wasm.log; exit $$rc
	@test -f build/wasm/switchlab_core.wasm && test -f build/wasm/switchlab_core_mt.wasm && test -f build/wasm/switchlab_core_mt.worker.js
	@test -f build/wasm/cacti.wasm && test -f build/wasm/cacti_mt.wasm && test -f build/wasm/cacti_mt.worker.js
	@rm -f build-wasm.log

# frontend/src/api/schema.gen.ts from the API's OpenAPI document and frontend/src/config/config.gen.ts
# from the core's config schema (commit the results).
gen-api:
	@$(VENV_PY) scripts/gen_api.py

build-frontend: build-wasm
	@cd frontend && npm run --silent build

run: build
	@$(VENV_PY) scripts/stack.py --state-dir .run/dev --pg-port 54329 --api-port 8000 --ui-dir frontend/dist

test:
	@scripts/test.sh

# The loop to run while working: the core's unit tier (ctest label `unit`; `validation` is the
# rest), the API tests not marked slow (real PostgreSQL, in-process API), the benchmark history's
# tests (tests/bench, about 2 s) and vitest. Builds what
# they need (native core, extension, WASM core for vitest) first. `make test` runs everything.
check: install build-native build-wasm
	@set -o pipefail; start=$$(date +%s); \
	  (cd build/native && ctest -L unit -j$(JOBS) --output-on-failure | grep -Ev "^ *Start |Test +#[0-9]+: .* Passed") && \
	  $(VENV_PY) -m pytest -q -m "not slow" tests/api && $(VENV_PY) -m pytest -q tests/bench && \
	  (cd frontend && npm run --silent test) && \
	  echo "===== make check passed in $$(( $$(date +%s) - start )) s (tests only, build excluded)"

# The individual suites (scripts/test.sh runs them all and prints a summary).
test-core:
	@cd build/native && ctest --output-on-failure -j$(JOBS)
# Every row of wasm-core/data/cacti/ through the exact path (about 15 min of CACTI; make test runs a
# spread sample of them, CactiRows.SpreadSampleReproducedToPrintedPrecision).
test-cacti-rows:
	@build/native/switchlab_tests --gtest_also_run_disabled_tests --gtest_filter='CactiRows.*'
# The same rows through CACTI's WebAssembly modules (one-thread and threaded) against native CACTI,
# report line for line (over an hour; make test runs 25 of them, tests/cross_build/test_cacti_wasm.py).
# SWITCHLAB_CACTI_ROWS=N spreads N rows per file instead of all.
test-cacti-rows-wasm:
	@SWITCHLAB_CACTI_ROWS=$${SWITCHLAB_CACTI_ROWS:-all} $(VENV_PY) -m pytest -q tests/cross_build/test_cacti_wasm.py
test-cross:
	@$(VENV_PY) -m pytest -q tests/cross_build
test-api:
	@$(VENV_PY) -m pytest -q tests/api
test-frontend:
	@cd frontend && npm run --silent test
# Browser tests (Playwright Test, tests/e2e/*.spec.mjs). Results keep arrays over 12 items out of line, so they
# exercise the paged arrays. The specs import @playwright/test from the frontend's node_modules (one npm ci installs
# everything), reached by a local symlink.
test-e2e:
	@ln -sfn ../../frontend/node_modules tests/e2e/node_modules
	@SWITCHLAB_RESULT_INLINE_ITEMS=12 $(VENV_PY) scripts/stack.py --state-dir .run/e2e --pg-port 54331 --api-port 8765 --ui-dir frontend/dist -- \
		frontend/node_modules/.bin/playwright test -c tests/e2e/playwright.config.mjs
# The benchmark history's writer and reader (bench/record.py, bench/trend.py) on the committed history.
test-bench:
	@$(VENV_PY) -m pytest -q tests/bench
test-compose:
	@SWITCHLAB_API_TOKEN=compose-validation docker-compose -f docker-compose.yml config -q && echo "docker-compose.yml: valid"

# libFuzzer with ASan + UBSan (clang; its own build folder): prepare_fuzzer over the core's
# prepare(), run_fuzzer over whole runs of the configs it accepts (small ones; its seeds are the
# examples shortened, and the cycle example with every organisation and allocator), booksim_fuzzer
# over the BookSim importer (seeds: the importer tests' BookSim files), trace_fuzzer over the MPI
# trace loader and engine app's replay of what it accepts (seeds: the test traces).
# FUZZ_RUN: fuzzer, seeds.py options, then the corpus folders and options.
FUZZ_RUN = cd build/fuzz && $(VENV_PY) $(ROOT)/wasm-core/fuzz/seeds.py seeds-$(1) $(2) && mkdir -p corpus-$(1) && \
  rm -rf corpus-test-$(1) && mkdir corpus-test-$(1) && \
  ./$(1) -max_len=4096 -rss_limit_mb=2048 -timeout=20 -dict=$(ROOT)/wasm-core/fuzz/json.dict -print_final_stats=1
FUZZERS = prepare_fuzzer run_fuzzer booksim_fuzzer trace_fuzzer
.PHONY: $(addprefix fuzz-short-,$(FUZZERS))
build-fuzz:
	@CXX=clang++-14 cmake -S wasm-core/fuzz -B build/fuzz -DCMAKE_BUILD_TYPE=Release > build-fuzz.log 2>&1 || { cat build-fuzz.log; exit 1; }
	@cmake --build build/fuzz -j$(JOBS) --target $(FUZZERS) 2>&1 | grep -Ev '^\[|^-- |make\[[0-9]\]' || true
	@for f in $(FUZZERS); do test -x build/fuzz/$$f || exit 1; done
	@rm -f build-fuzz.log
# Short, reproducible runs in make test (fixed seed and run count), the fuzzers side by side (each
# is one thread; --output-sync keeps each one's output together); `make fuzz` runs each for an hour.
test-fuzz: build-fuzz
	@$(MAKE) --no-print-directory -j$(JOBS) --output-sync=target $(addprefix fuzz-short-,$(FUZZERS))
fuzz-short-prepare_fuzzer:
	@$(call FUZZ_RUN,prepare_fuzzer,) -seed=1 -runs=200000 corpus-test-prepare_fuzzer seeds-prepare_fuzzer
fuzz-short-run_fuzzer:
	@$(call FUZZ_RUN,run_fuzzer,--small) -seed=1 -runs=100000 corpus-test-run_fuzzer seeds-run_fuzzer
fuzz-short-booksim_fuzzer:
	@$(call FUZZ_RUN,booksim_fuzzer,--booksim) -seed=1 -runs=100000 corpus-test-booksim_fuzzer seeds-booksim_fuzzer
fuzz-short-trace_fuzzer:
	@$(call FUZZ_RUN,trace_fuzzer,--trace) -seed=1 -runs=30000 corpus-test-trace_fuzzer seeds-trace_fuzzer
fuzz: build-fuzz
	@$(call FUZZ_RUN,prepare_fuzzer,) -max_total_time=$${FUZZ_SECONDS:-3600} corpus-prepare_fuzzer seeds-prepare_fuzzer
	@$(call FUZZ_RUN,run_fuzzer,--small) -max_total_time=$${FUZZ_SECONDS:-3600} corpus-run_fuzzer seeds-run_fuzzer
	@$(call FUZZ_RUN,booksim_fuzzer,--booksim) -max_total_time=$${FUZZ_SECONDS:-3600} corpus-booksim_fuzzer seeds-booksim_fuzzer
	@$(call FUZZ_RUN,trace_fuzzer,--trace) -max_total_time=$${FUZZ_SECONDS:-3600} corpus-trace_fuzzer seeds-trace_fuzzer

# Prints every number and records the run in one history file, bench/results/<UTC time>-<commit>.json
# (bench/record.py); `make bench-trend` prints each metric's trend over that history.
bench: build
	@export SWITCHLAB_BENCH_RESULT="$$($(VENV_PY) bench/record.py --new-path)" && \
	  $(VENV_PY) bench/run_bench.py && $(VENV_PY) bench/cycle_bench.py && $(VENV_PY) bench/api_bench.py && \
	  $(VENV_PY) bench/cacti_bench.py && $(VENV_PY) bench/cacti_wasm_bench.py && $(VENV_PY) bench/trace_bench.py && \
	  echo "recorded in $$SWITCHLAB_BENCH_RESULT; make bench-trend shows the trend"
bench-trend:
	@$(VENV_PY) bench/trend.py

clean:
	rm -rf build .run frontend/dist tests/e2e/screenshots
