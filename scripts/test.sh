#!/usr/bin/env bash
# `make test`: installs, builds, runs every suite, keeps going after a failure, prints a summary
# with each step's duration and the total, and exits non-zero if any step failed.
#
# Two lanes share the machine (docs/testing.md, "make test: everything, in two lanes"):
#   builds: build-wasm, build-frontend, build-fuzz, then the fuzzers, at nice 10;
#   tests:  build-native, then the suites one after another at normal priority, each waiting for
#           the build it needs.
# The tests lane gets the cores whenever it wants them, so every suite runs as fast as it would
# alone, and the builds take the cycles it leaves: API tests wait on PostgreSQL and HTTP, browser
# tests on pages, and one suite at a time rarely keeps both cores busy. Each step's output goes to
# .run/test/<step>.log and is printed whole when the step ends, so the lanes never interleave.
set -uo pipefail
cd "$(dirname "$0")/.."
start=$(date +%s)
logs=.run/test
rm -rf "$logs" && mkdir -p "$logs"
make --no-print-directory install || { echo "INSTALL FAILED"; exit 1; }

# step NAME TARGET...: runs the make targets, then prints the log and records "rc seconds cpu":
# cpu is the CPU seconds (user + sys) of the processes the step waited for, which leaves out
# what they did not reap (the browser's renderers in test-e2e).
step() {
  local name=$1 t0 rc=0 cpu TIMEFORMAT='%U %S'
  shift
  t0=$(date +%s)
  { time make --no-print-directory "$@" > "$logs/$name.log" 2>&1; } 2> "$logs/$name.time" || rc=1
  cpu=$(awk '{printf "%.0f", $1 + $2}' "$logs/$name.time")
  echo "$rc $(( $(date +%s) - t0 )) $cpu" > "$logs/$name.status"
  flock "$logs/print.lock" bash -c 'echo "===== $1 ($2, $3 s, $4 CPU s)"; cat "$5"' _ "$name" \
    "$( ((rc)) && echo FAILED || echo passed)" "$(( $(date +%s) - t0 ))" "$cpu" "$logs/$name.log"
  return $rc
}
# needs NAME STEP: waits for STEP to end; true if it passed, else records NAME as not run (so
# whatever waits for NAME stops waiting too).
needs() {
  until [ -f "$logs/$2.status" ]; do sleep 2; done
  read -r rc _ < "$logs/$2.status"
  ((rc == 0)) && return 0
  echo "1 0" > "$logs/$1.status"
  flock "$logs/print.lock" echo "===== $1 (not run: $2 failed)"
  return 1
}

builds_lane() {
  step build-wasm build-wasm
  if needs build-frontend build-wasm; then step build-frontend build-frontend; fi
  step test-fuzz test-fuzz
}
tests_lane() {
  step build-native build-native || return 1
  step test-core test-core
  step test-api test-api
  step test-bench test-bench
  step test-compose test-compose
  if needs test-cross build-wasm; then step test-cross test-cross; fi
  if needs test-frontend build-wasm; then step test-frontend test-frontend; fi
  if needs test-e2e build-frontend; then step test-e2e test-e2e; fi
}

# The lane gets a process group of its own (job control), so that a failed native build stops all
# of it. Not a session of its own (setsid): the kernel's autogroups share the CPU fairly between
# sessions whatever their nice values, which left the native build at half the machine.
set -m
nice -n 10 bash -c "$(declare -p logs); $(declare -f step needs builds_lane); builds_lane" &
builds=$!
set +m
tests_lane
read -r native_rc _ < "$logs/build-native.status"
if ((native_rc)); then
  kill -- -"$builds" 2>/dev/null
  echo "BUILD FAILED (build-native)"
  exit 1
fi
wait $builds

failed=()
echo "===== summary (step: result, seconds, CPU seconds)"
for f in build-native build-wasm build-frontend test-core test-api test-bench test-compose test-cross \
         test-frontend test-e2e test-fuzz; do
  if [ -f "$logs/$f.status" ]; then read -r rc secs cpu < "$logs/$f.status"; else rc=1; secs=0; fi
  ((rc)) && failed+=("$f")
  printf '  %-15s %-7s %5s %6s\n' "$f" "$( ((rc)) && echo FAILED || echo passed)" "$secs" "${cpu:-0}"
done
echo "===== make test finished in $(( $(date +%s) - start )) s"
((${#failed[@]})) && echo "failed: ${failed[*]}"
# What failed, from each failed step's log, in a few lines: CI shows only the end of this output.
# Playwright's closing list (the indented "tests/e2e/spec:line:col › title" lines), pytest's
# "FAILED ..." lines, ctest's failed-test lines, the sanitizers' summaries and each error's first line.
for f in "${failed[@]}"; do
  [ -f "$logs/$f.log" ] || continue
  grep -E '^ +tests/e2e/[^ ]+:[0-9]+:[0-9]+ › |^(FAILED|ERROR) |^ *[0-9]+ - .*\((Failed|Timeout|SEGFAULT|Subprocess)|^SUMMARY: |==ERROR: |^ +Error: ' \
    "$logs/$f.log" | awk '!seen[$0]++' | head -8 | sed "s/^ */  $f: /"
done
exit $((${#failed[@]} > 0))
