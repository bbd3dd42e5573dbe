#!/usr/bin/env python3
"""Run an engine-app config (NPB skeletons) through SimGrid SMPI's trace replay.

The core writes the inputs (`switchlab_core.smpi_export`, docs/models.md Sec. 5, "SimGrid SMPI
mapping"): a platform whose links carry the switch delays of the cache model, one time-independent
trace per rank, the rank -> host list and the smpirun options. This script runs `smpirun -replay`
with SimGrid's replay binary once per benchmark with the configured cache and once with
`switch.cache: null`, and returns the time model's result keys:
{"app": {"benchmarks": {name: {"time_s", "mops", "relative", "time_no_cache_s"}}, "relative_mean"}}.

Needs SimGrid 3.32 (Debian libsimgrid-dev, installed by scripts/install.sh) and the Python extension
(build/python). Usage: .venv/bin/python tools/smpi_replay.py CONFIG.json
"""
import copy
import json
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "build/python"))
import switchlab_core  # noqa: E402

REPLAY_BINARY = "/usr/lib/x86_64-linux-gnu/simgrid/smpireplaymain"
SIMULATED_TIME = re.compile(r"Simulated time: ([0-9.eE+-]+) seconds")


def replay_time(config: dict, timeout_s: float = 600) -> tuple[float, float]:
    """(simulated run time in s, the benchmark's operation count in Mop) of a one-benchmark config."""
    export = json.loads(switchlab_core.smpi_export(json.dumps(config)))
    with tempfile.TemporaryDirectory(prefix="switchlab-smpi-") as tmp:
        d = Path(tmp)
        (d / "platform.xml").write_text(export["platform_xml"])
        traces = []
        for rank, text in enumerate(export["traces"]):
            traces.append(d / f"rank{rank}.txt")
            traces[-1].write_text(text)
        (d / "traces.txt").write_text("".join(f"{t}\n" for t in traces))
        (d / "hosts.txt").write_text("".join(f"{h}\n" for h in export["hosts"]))
        cmd = ["smpirun", "-np", str(len(traces)), "-platform", str(d / "platform.xml"),
               "-hostfile", str(d / "hosts.txt"), "-replay", str(d / "traces.txt"), REPLAY_BINARY,
               *[f"--cfg={o}" for o in export["options"]], "--cfg=smpi/display-timing:1",
               "--log=root.thresh:warning", "--log=smpi_utils.thresh:info"]
        run = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout_s, cwd=tmp)
    found = SIMULATED_TIME.findall(run.stdout + run.stderr)
    if run.returncode != 0 or not found:
        raise RuntimeError(f"smpirun failed ({run.returncode}): {(run.stdout + run.stderr)[-2000:]}")
    return float(found[-1]), export["mop"]


def replay(config: dict) -> dict:
    benchmarks = {}
    for name in config["traffic"]["npb"].get("benchmarks", ["cg"]):
        one = copy.deepcopy(config)
        one["traffic"]["npb"]["benchmarks"] = [name]
        with_cache, mop = replay_time(one)
        if one.get("switch", {}).get("cache", {}) is None:
            without = with_cache
        else:
            one.setdefault("switch", {})["cache"] = None
            without, _ = replay_time(one)
        benchmarks[name] = {"time_s": with_cache, "mops": mop / with_cache, "relative": without / with_cache,
                            "time_no_cache_s": without}
    mean = sum(b["relative"] for b in benchmarks.values()) / len(benchmarks)
    return {"app": {"benchmarks": benchmarks, "relative_mean": mean}}


if __name__ == "__main__":
    print(json.dumps(replay(json.loads(Path(sys.argv[1]).read_text())), indent=1))
