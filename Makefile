# SwitchLab: `make run` installs, builds and starts everything; `make test` installs, builds and
# runs every test suite. Other targets: build, bench, clean (see README.md).
SHELL := /bin/bash
ROOT := $(CURDIR)
VENV_PY := $(ROOT)/.venv/bin/python
export NODE_PATH := /usr/share/nodejs
JOBS ?= 2

.PHONY: run test build install build-native build-wasm build-frontend bench clean gen-api \
        test-core test-cross test-api test-frontend test-e2e test-compose build-fuzz test-fuzz fuzz

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
# (pthreads, for cross-origin isolated pages and node). A failed compile stops make (an older
# module left in build/ must never pass for the new one).
build-wasm:
	@emcmake cmake -S wasm-core -B build/wasm -DCMAKE_BUILD_TYPE=Release -DSWITCHLAB_TESTS=OFF > build-wasm.log 2>&1 || { cat build-wasm.log; exit 1; }
	@cmake --build build/wasm -j$(JOBS) > build-wasm.log 2>&1; rc=$$?; grep -Ev '^\[|^-- |make\[[0-9]\]' build-wasm.log; exit $$rc
	@test -f build/wasm/switchlab_core.wasm && test -f build/wasm/switchlab_core_mt.wasm && test -f build/wasm/switchlab_core_mt.worker.js
	@rm -f build-wasm.log

# frontend/src/api/schema.gen.ts from the API's OpenAPI document (commit the result).
gen-api:
	@$(VENV_PY) scripts/gen_api.py

build-frontend: build-wasm
	@cd frontend && npm run --silent build

run: build
	@$(VENV_PY) scripts/stack.py --state-dir .run/dev --pg-port 54329 --api-port 8000 --ui-dir frontend/dist

test:
	@scripts/test.sh

# The individual suites (scripts/test.sh runs them all and prints a summary).
test-core:
	@cd build/native && ctest --output-on-failure -j$(JOBS)
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
test-compose:
	@SWITCHLAB_API_TOKEN=compose-validation docker-compose -f docker-compose.yml config -q && echo "docker-compose.yml: valid"

# libFuzzer over the core's prepare() with ASan + UBSan (clang; its own build folder).
FUZZ_RUN = cd build/fuzz && $(VENV_PY) $(ROOT)/wasm-core/fuzz/seeds.py seeds && mkdir -p corpus && \
  rm -rf corpus-test && mkdir corpus-test && \
  ./prepare_fuzzer -max_len=4096 -rss_limit_mb=1024 -timeout=10 -dict=$(ROOT)/wasm-core/fuzz/json.dict -print_final_stats=1
build-fuzz:
	@CXX=clang++-14 cmake -S wasm-core/fuzz -B build/fuzz -DCMAKE_BUILD_TYPE=RelWithDebInfo > build-fuzz.log 2>&1 || { cat build-fuzz.log; exit 1; }
	@cmake --build build/fuzz -j$(JOBS) --target prepare_fuzzer 2>&1 | grep -Ev '^\[|^-- |make\[[0-9]\]' || true
	@test -x build/fuzz/prepare_fuzzer
	@rm -f build-fuzz.log
# Short, reproducible run in make test (fixed seed and run count); `make fuzz` runs for an hour.
test-fuzz: build-fuzz
	@$(FUZZ_RUN) -seed=1 -runs=200000 corpus-test seeds
fuzz: build-fuzz
	@$(FUZZ_RUN) -max_total_time=$${FUZZ_SECONDS:-3600} corpus seeds

bench: build
	@$(VENV_PY) bench/run_bench.py
	@$(VENV_PY) bench/cycle_bench.py
	@$(VENV_PY) bench/api_bench.py

clean:
	rm -rf build .run frontend/dist tests/e2e/screenshots
