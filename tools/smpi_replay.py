#!/usr/bin/env python3
"""Run an engine app or smpi config (NPB skeletons) through SimGrid SMPI's trace replay and print
the "app" section (engine smpi's, as the workers compute it: switchlab_api.worker.smpi).

Needs SimGrid 3.32 (Debian libsimgrid-dev, installed by scripts/install.sh) and the Python extension
(build/python). Usage: .venv/bin/python tools/smpi_replay.py CONFIG.json
"""
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "build/python"), str(ROOT / "backend")]
import switchlab_core  # noqa: E402
from switchlab_api.worker import smpi  # noqa: E402


def replay(config: dict, timeout_s: float = 600) -> dict:
    return {"app": smpi.replay(switchlab_core, config, timeout_s)}


if __name__ == "__main__":
    print(json.dumps(replay(json.loads(Path(sys.argv[1]).read_text())), indent=1))
