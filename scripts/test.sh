#!/usr/bin/env bash
# `make test`: installs, builds, then runs every suite, keeps going after a failure, prints a
# summary and the total duration, and exits non-zero if any suite failed.
set -uo pipefail
cd "$(dirname "$0")/.."
start=$(date +%s)
make --no-print-directory build || { echo "BUILD FAILED"; exit 1; }
suites=(test-core test-cross test-api test-bench test-frontend test-e2e test-compose test-fuzz)
passed=0; failed=0; failed_names=()
for s in "${suites[@]}"; do
  echo "===== $s"
  if make --no-print-directory "$s"; then passed=$((passed+1)); else failed=$((failed+1)); failed_names+=("$s"); fi
done
echo "===== make test finished in $(( $(date +%s) - start )) s"
((failed)) && echo "failed suites: ${failed_names[*]}"
echo "suites: $passed passed, $failed failed"
exit $((failed > 0))
