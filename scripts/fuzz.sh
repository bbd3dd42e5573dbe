#!/usr/bin/env bash
# libFuzzer over the core's prepare() (wasm-core/fuzz/prepare_fuzzer.cpp) with ASan + UBSan, in
# its own build folder (build/fuzz), for SECONDS seconds: `scripts/fuzz.sh 60` (make test-fuzz),
# `scripts/fuzz.sh 3600` (make fuzz). Seeds: the example configs, copied fresh at every run;
# the corpus libFuzzer grows stays in build/fuzz/corpus. Exits non-zero on any finding (crash,
# sanitizer report, leak, time-out, out-of-memory); the input is saved in build/fuzz/artifacts.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
out=build/fuzz
mkdir -p "$out"
cmake -S wasm-core -B "$out" -DCMAKE_CXX_COMPILER=clang++-14 -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DSWITCHLAB_FUZZ=ON -DSWITCHLAB_TESTS=OFF > "$out/configure.log" 2>&1 || { cat "$out/configure.log"; exit 1; }
cmake --build "$out" -j"${JOBS:-2}" --target prepare_fuzzer 2>&1 | grep -Ev '^\[|^-- |make\[[0-9]\]' || true
test -x "$out/bin/prepare_fuzzer"
rm -rf "$out/seeds" && mkdir -p "$out/seeds" "$out/corpus" "$out/artifacts"
cp examples/*.json "$out/seeds/"
# Time-out and memory limits well above what any config may take to validate (< 1 s, < 256 MB
# natively; ASan is several times slower and heavier).
status=0
"$out/bin/prepare_fuzzer" -max_total_time="$seconds" -dict=wasm-core/fuzz/json.dict -max_len=4096 \
  -timeout=30 -rss_limit_mb=2048 -print_final_stats=1 -artifact_prefix="$out/artifacts/" \
  "$out/corpus" "$out/seeds" > "$out/last.log" 2>&1 || status=$?
grep -E '^Done|stat::number_of_executed_units|ERROR|SUMMARY|artifact' "$out/last.log" || true
if ((status)); then
  echo "fuzz: FINDING (exit $status); see $out/last.log"
  tail -40 "$out/last.log"
  exit 1
fi
echo "fuzz: $(grep -oE 'Done [0-9]+ runs in [0-9]+ second' "$out/last.log" | sed 's/Done //;s/ second/ s/'), 0 crashes"
