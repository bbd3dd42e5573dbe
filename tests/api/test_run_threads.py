"""Route-walk runs on the workers' threads (SWITCHLAB_RUN_THREADS -> the core's sim.threads): the
warm child runs the config with the threads set and returns the same result as a one-thread run
(the setting is not part of the experiment), and its CPU-time cap grows with the threads so a
multi-threaded run is not stopped at a fraction of the wall-clock limit."""
from __future__ import annotations

import json
import os
import subprocess
import sys

from conftest import ENGINE_PATH, EXAMPLES, ROOT
from switchlab_api.worker import runner


def test_threads_go_into_route_walk_configs_only():
    cfg = json.dumps({"topology": {"kind": "torus", "dims": [4, 4]}})
    assert runner.with_threads(cfg, 0) == cfg  # 0: the core's default, every core
    assert json.loads(runner.with_threads(cfg, 3))["sim"] == {"threads": 3}
    cycle = json.dumps({"engine": "cycle", "sim": {"measure_cycles": 100}})
    assert runner.with_threads(cycle, 3) == cycle


def test_cpu_budget_is_the_wall_limit_on_every_thread():
    assert runner.cpu_budget_s(100, 1) == 100 + runner.CPU_SLACK_S
    assert runner.cpu_budget_s(100, 4) == 400 + runner.CPU_SLACK_S
    assert runner.cpu_budget_s(100, 0) == 100 * (os.cpu_count() or 1) + runner.CPU_SLACK_S


def _child_run(config: str, threads: int) -> dict:
    """One run through the real warm child (python -m switchlab_api.worker.runner) and its pipe protocol."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT / "backend"), ENGINE_PATH])}
    data = config.encode()
    out = subprocess.run([sys.executable, "-m", "switchlab_api.worker.runner", "60", str(threads)],
                         input=f"{len(data)} 0 0\n".encode() + data, capture_output=True, env=env, timeout=120, check=True).stdout
    while True:  # progress frames ("p <n>") and the new CACTI answers ("m <n>") come before the answer
        header, _, out = out.partition(b"\n")
        code, size = header.split()
        body, out = out[:int(size)], out[int(size):]
        if code not in (runner.PROGRESS, runner.MEMO):
            break
    assert int(code) == 0, body[:500]
    result = json.loads(body)
    result.pop("wall_time_s")
    return result


def test_a_threaded_run_in_the_child_gives_the_one_thread_result():
    config = json.loads((EXAMPLES / "seed001-fig12-21cube-128-entries.json").read_text())["config"]
    config["traffic"]["packets"] = 20000
    text = json.dumps(config)
    one, three = _child_run(text, 1), _child_run(text, 3)
    assert one == three
    assert one["cache"]["lookups"] > 20000
