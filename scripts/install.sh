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

# Python virtual environment (re-synced when the requirements change).
PY=${PYTHON:-python3}
req_hash=$(sha256sum backend/requirements.txt | cut -c1-16)
if [ ! -x .venv/bin/python ] || [ "$(cat .venv/.req-hash 2>/dev/null)" != "$req_hash" ]; then
  echo "== creating the Python environment (.venv)"
  [ -x .venv/bin/python ] || "$PY" -m venv .venv
  .venv/bin/pip install -q --disable-pip-version-check -r backend/requirements.txt
  echo "$req_hash" > .venv/.req-hash
fi

# Frontend packages, exactly as locked.
lock_hash=$(sha256sum frontend/package-lock.json | cut -c1-16)
if [ ! -d frontend/node_modules ] || [ "$(cat frontend/node_modules/.lock-hash 2>/dev/null)" != "$lock_hash" ]; then
  echo "== npm ci (frontend)"
  (cd frontend && npm ci --no-audit --no-fund --loglevel=error)
  echo "$lock_hash" > frontend/node_modules/.lock-hash
fi
# CACTI 7, the cost model's exact method (docs/cost-model.md, "Exact method"): fetched, verified
# and built into build/cacti by its own script (the docker image runs the same one).
PYTHON=.venv/bin/python scripts/build_cacti.sh build/cacti

echo "== install: up to date"
