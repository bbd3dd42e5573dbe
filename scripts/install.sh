#!/usr/bin/env bash
# Installs what a fresh machine lacks: Debian packages, the Python virtual environment with the
# backend's dependencies, and the frontend's npm packages. Idempotent and quick when nothing changed.
set -euo pipefail
cd "$(dirname "$0")/.."

# libsimgrid-dev: SimGrid SMPI (smpirun, the trace-replay binary) for tools/smpi_replay.py.
APT_PACKAGES=(emscripten nlohmann-json3-dev libgtest-dev chromium postgresql docker-compose
              cmake g++ make clang libclang-rt-14-dev libsimgrid-dev)
# Node.js and Python come with the machine (their own builds, not Debian's: apt's nodejs would
# conflict with the installed one), so they are checked, not installed.
for tool in node npm python3; do
  command -v "$tool" >/dev/null || { echo "error: $tool is required (node >= 20.19, python >= 3.11)"; exit 1; }
done

missing=()
for p in "${APT_PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "== installing Debian packages: ${missing[*]}"
  SUDO=""; [ "$(id -u)" = 0 ] || SUDO="sudo"
  apt_install() {
    $SUDO apt-get -o DPkg::Lock::Timeout=600 update -q &&
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get -o DPkg::Lock::Timeout=600 install -y -q --no-install-recommends "${missing[@]}"
  }
  apt_install || { echo "apt failed; retrying once"; sleep 10; apt_install; }
fi

# The Python environment, the frontend's packages and CACTI come from three different places and
# need nothing of each other but a Python with pip, so they are fetched and built side by side
# (each one's output in its own log under .run/install, printed when it ends): on a fresh machine
# this takes the longest of the three instead of their sum.
PY=${PYTHON:-python3}
logs=.run/install
mkdir -p "$logs"
[ -x .venv/bin/python ] || { echo "== creating the Python environment (.venv)"; "$PY" -m venv .venv; }
# task NAME COMMAND...: runs the command in the background with its output in NAME's log.
pids=() names=()
task() { local name=$1; shift; "$@" > "$logs/$name.log" 2>&1 & pids+=($!); names+=("$name"); }

# Python packages (re-synced when the requirements change).
req_hash=$(sha256sum backend/requirements.txt | cut -c1-16)
if [ "$(cat .venv/.req-hash 2>/dev/null)" != "$req_hash" ]; then
  echo "== pip install (backend/requirements.txt)"
  task pip bash -c '.venv/bin/pip install -q --disable-pip-version-check -r backend/requirements.txt &&
    echo "$1" > .venv/.req-hash' _ "$req_hash"
fi
# Frontend packages, exactly as locked.
lock_hash=$(sha256sum frontend/package-lock.json | cut -c1-16)
if [ ! -d frontend/node_modules ] || [ "$(cat frontend/node_modules/.lock-hash 2>/dev/null)" != "$lock_hash" ]; then
  echo "== npm ci (frontend)"
  task npm bash -c 'cd frontend && npm ci --no-audit --no-fund --loglevel=error && echo "$1" > node_modules/.lock-hash' _ "$lock_hash"
fi
# CACTI 7, the cost model's exact method (docs/cost-model.md, "Exact method"): fetched, verified
# and built into build/cacti by its own script (the docker image runs the same one). Quick when built.
task cacti env PYTHON=.venv/bin/python scripts/build_cacti.sh build/cacti

failed=0
for i in "${!pids[@]}"; do
  wait "${pids[$i]}" || { echo "error: ${names[$i]} failed"; failed=1; }
  cat "$logs/${names[$i]}.log"
done
((failed == 0)) || exit 1
echo "== install: up to date"
