"""Engine "smpi": engine app's system replayed by SimGrid SMPI (docs/models.md, "SimGrid SMPI mapping").

The core validates the config (engine smpi has engine app's fields and its own size limits) and
writes the replay's inputs (`switchlab_core.smpi_export`): a platform whose links carry the switch
delays of the cache model, one time-independent trace per rank (the skeleton's, or a loaded MPI
trace's rank files, traffic.pattern "mpi_trace"), the rank -> host list and the
known-good smpirun options. Each benchmark is replayed with `smpirun -replay` once with the
configured cache and once with `switch.cache: null`; the result has engine app's keys
(`app.benchmarks.<name>.{time_s, mops, relative}`, `app.relative_mean`) plus `app.simulator` and
`app.simgrid_version`.

Limits: this runs inside the worker's run child (engine_process.py), so its memory limit
(RLIMIT_AS) is inherited by smpirun, and a run stopped for time or cancelled dies with the child:
smpirun's shell gets PR_SET_PDEATHSIG from us and the simulator it starts gets it from `setpriv
--pdeathsig`, so no replay outlives the run that asked for it.

Needs SimGrid 3.32 (Debian libsimgrid-dev, installed by scripts/install.sh and the backend image).
"""

from __future__ import annotations

import copy
import ctypes
import functools
import json
import re
import signal
import subprocess
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

REPLAY_BINARY = "/usr/lib/x86_64-linux-gnu/simgrid/smpireplaymain"
# The simulator smpirun starts dies with smpirun's shell (which dies with the run child).
WRAPPER = "setpriv --pdeathsig KILL"
SIMULATED_TIME = re.compile(r"Simulated time: ([0-9.eE+-]+) seconds")
_PR_SET_PDEATHSIG = 1


class ReplayFailed(RuntimeError):
    pass


def _die_with_parent() -> None:
    ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)


@functools.lru_cache(maxsize=1)
def simgrid_version() -> str:
    out = subprocess.run(["smpirun", "-version"], capture_output=True, text=True, check=False)
    found = re.search(r"SimGrid version ([0-9.]+)", out.stdout + out.stderr)
    return found.group(1) if found else "unknown"


def _smpirun(export: dict[str, Any], trace_files: list[str], d: Path, timeout_s: float | None) -> float:
    """Simulated time (s) of one replay of the export's traces."""
    (d / "traces.txt").write_text("".join(f"{t}\n" for t in trace_files))
    cmd = ["smpirun", "-wrapper", WRAPPER, "-np", str(len(export["hosts"])), "-platform", export["platform_file"],
           "-hostfile", str(d / "hosts.txt"), "-replay", str(d / "traces.txt"), REPLAY_BINARY,
           *[f"--cfg={o}" for o in export["options"]], "--cfg=smpi/display-timing:1",
           "--log=root.thresh:warning", "--log=smpi_utils.thresh:info"]
    run = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout_s, cwd=d, preexec_fn=_die_with_parent)
    found = SIMULATED_TIME.findall(run.stdout + run.stderr)
    if run.returncode != 0 or not found:
        raise ReplayFailed(f"smpirun failed (exit {run.returncode}): {(run.stdout + run.stderr)[-2000:]}")
    return float(found[-1])


def replay_time(core: ModuleType, config: dict[str, Any], timeout_s: float | None = None) -> tuple[float, dict]:
    """(simulated run time in s, the export) of a one-benchmark engine app/smpi config: the core's
    replay plan weighs its replays' times (one replay of the whole run, or sampled repeats
    extrapolated; app/smpi_export.hpp)."""
    with tempfile.TemporaryDirectory(prefix="switchlab-smpi-") as tmp:
        d = Path(tmp)
        # The core writes the platform and the traces (they can be hundreds of MB) straight to files.
        export = json.loads(core.smpi_export(json.dumps(config), tmp))
        (d / "hosts.txt").write_text("".join(f"{h}\n" for h in export["hosts"]))
        total = sum(r["weight"] * _smpirun(export, r["trace_files"], d, timeout_s) for r in export["replays"])
    return total, export


# (fraction, done, total, unit) after each replay; runner.py sends it to the worker.
Report = Callable[[float, int, int, str], None]


# An MPI trace's run in the result's app.benchmarks (traffic.pattern "mpi_trace": the trace is the
# one benchmark, as engine app names it).
TRACE_BENCHMARK = "mpi_trace"


def _benchmarks(config: dict[str, Any]) -> list[str]:
    traffic = config["traffic"]
    return traffic["npb"].get("benchmarks", ["cg"]) if traffic.get("pattern") == "npb" else [TRACE_BENCHMARK]


def replay(core: ModuleType, config: dict[str, Any], timeout_s: float | None = None,
           report: Report | None = None) -> dict[str, Any]:
    """The result's "app" section for every benchmark of `config` (or its MPI trace), as SMPI
    simulates it. A replay (the progress unit) is one benchmark with the cache, or without it."""
    names = _benchmarks(config)
    cached = config.get("switch", {}).get("cache", {}) is not None
    planned, finished = len(names) * (2 if cached else 1), 0

    def timed(one: dict[str, Any]) -> tuple[float, dict]:
        nonlocal finished
        out = replay_time(core, one, timeout_s)
        finished += 1
        if report:
            report(finished / planned, finished, planned, "replays")
        return out

    benchmarks = {}
    for name in names:
        one = copy.deepcopy(config)
        if name != TRACE_BENCHMARK:
            one["traffic"]["npb"]["benchmarks"] = [name]
        with_cache, export = timed(one)
        if not cached:
            without = with_cache
        else:
            one.setdefault("switch", {})["cache"] = None
            without, _ = timed(one)
        mop = export["mop"]  # null for a trace: it counts no NPB operations
        benchmarks[name] = {"time_s": with_cache, "time_no_cache_s": without, "relative": without / with_cache,
                            "ranks": len(export["hosts"]), "hit_rate": export["hit_rate"],
                            "smpi_replay": export["replay"], "smpi_sample_repeats": export["sample_repeats"],
                            **({"mop": mop, "mops": mop / with_cache} if mop is not None else
                               {"trace_id": export["trace_id"]})}
    mean = sum(b["relative"] for b in benchmarks.values()) / len(benchmarks)
    return {"benchmarks": benchmarks, "relative_mean": mean, "simulator": "smpi",
            "simgrid_version": simgrid_version()}


def _as_twin(config: dict[str, Any], twin_of: str) -> dict[str, Any]:
    """The same system on engine `twin_of`: the replay's own fields (app.smpi_*) dropped."""
    app = {k: v for k, v in config.get("app", {}).items() if not k.startswith("smpi_")}
    return dict(config, engine=twin_of, app=app)


def run(core: ModuleType, config_json: str, twin_of: str, report: Report | None = None) -> str:
    """The whole result of a config on the SimGrid engine, like core.run's for the engine whose
    system it replays (`twin_of`, from the core's x-engines): the core's sections of the same
    system (topology, traffic, cost, summary) with SMPI's "app" section. Raises ValueError with
    the core's error object for an invalid config, like core.run."""
    t0 = time.monotonic()
    prepared = json.loads(core.prepare(config_json))
    if "error" in prepared:
        raise ValueError(json.dumps(prepared["error"]))
    config = prepared["config"]
    result = json.loads(core.run(json.dumps(_as_twin(config, twin_of))))
    result["app"] = replay(core, config, report=report)
    result["engine"]["name"] = config["engine"]
    result["config_hash"] = prepared["id"]
    result["summary"] = prepared["summary"]
    result["wall_time_s"] = time.monotonic() - t0
    return json.dumps(result)
