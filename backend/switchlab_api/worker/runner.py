"""Warm child process that runs configs through the core, one at a time, for its worker.

The child imports the core once and then serves runs over a pipe, so a sweep point costs no
Python start-up (docs/api.md, Workers). Isolating runs in a process still lets the worker
enforce time and memory limits (it kills the child and starts another), stop a cancelled run
and use every core. Protocol, per run: the worker writes "<n> <m> <t>\\n", n bytes of canonical
config JSON, m bytes of stored CACTI answers for it (a JSON array from the PostgreSQL memo,
docs/cost-model.md "Exact method"; the core takes them instead of running CACTI) and t bytes of
the traces the config names ({id: files JSON} from PostgreSQL, loaded when the child's core does
not hold them; services/traces.py); the child
answers "<code> <n>\\n" and n bytes: code 0 with the result JSON, 2 with
the core's error object for an invalid config, 3 with {"peak_bytes"} when an allocation failed
under the memory limit (the child then exits: its heap may be fragmented or leaked). Before its
answer the child may send progress frames "p <n>\n" and n bytes of {"fraction", "done", "total",
"unit"}: the core's stepped run reports after each step, engine smpi after each replay. Before
its answer it also sends "m <n>\\n" and n bytes: the CACTI answers the run got by running CACTI
(a JSON array, usually empty), which the worker stores.
"""

from __future__ import annotations

import json
import os
import resource
import sys
import time

from ..domain.engine import FieldError, engine_info
from ..services import traces
from . import smpi

EXIT_INVALID = 2
EXIT_OUT_OF_MEMORY = 3
PROGRESS = b"p"  # header code of a progress frame
MEMO = b"m"  # header code of the frame of new CACTI answers
# Steps of a stepped run take about this long (sized by the rate of the step before), so a long
# run reports a few times a second; the first is 1/100 of the run, so a short one takes two steps
# (each step costs the core a thread hand-over).
STEP_TARGET_S = 0.5
# CPU seconds beyond the wall-clock limit before the kernel stops a run that outlived its
# worker (SIGXCPU); re-armed before each run because CPU time accumulates over the child's life.
CPU_SLACK_S = 30


def cpu_budget_s(time_limit_s: float, threads: int) -> float:
    """CPU seconds one run may use: the wall-clock limit on each thread it may run (sim.threads;
    0 = every core), plus slack."""
    return time_limit_s * (threads or os.cpu_count() or 1) + CPU_SLACK_S


def with_threads(config: str, threads: int) -> str:
    """The config with sim.threads set for the runs of engines whose one run uses them (the core's
    x-engines run_threads: the route walk); 0 leaves the core's default, every core. Not part of
    the experiment: the core leaves it out of the id and the result."""
    if threads <= 0:
        return config
    parsed = json.loads(config)
    engine = engine_info(parsed)
    if engine is None or not engine["run_threads"]:
        return config
    parsed["sim"] = {**(parsed.get("sim") if isinstance(parsed.get("sim"), dict) else {}), "threads": threads}
    return json.dumps(parsed)


def _arm_cpu_limit(time_limit_s: float, threads: int) -> None:
    used = resource.getrusage(resource.RUSAGE_SELF)
    soft = int(used.ru_utime + used.ru_stime + cpu_budget_s(time_limit_s, threads))
    hard = resource.getrlimit(resource.RLIMIT_CPU)[1]
    resource.setrlimit(resource.RLIMIT_CPU, (soft if hard == resource.RLIM_INFINITY else min(soft, hard), hard))


def run_stepped(core, config: str, report: smpi.Report) -> str:
    """core.run's result, computed in steps with a progress report after each; ValueError with
    the core's error object for an invalid config, like core.run."""
    sim = core.Simulation(config)
    if sim.error():
        raise ValueError(sim.error())
    total, unit = sim.total(), sim.work_unit()
    chunk, fraction = max(1, total // 100), 0.0
    while fraction < 1:
        t0 = time.monotonic()
        fraction = sim.step(chunk)
        chunk = max(1, int(chunk * STEP_TARGET_S / max(time.monotonic() - t0, 1e-6)))
        report(fraction, round(fraction * total), total, unit)
    return sim.result()


def run_one(core, config: str, report: smpi.Report) -> tuple[int, str]:
    try:
        engine = engine_info(json.loads(config))
        if engine is not None and not engine["runs_in_core"]:  # the core validates it; SimGrid SMPI runs it
            return 0, smpi.run(core, config, engine["twin_of"], report)
        return 0, run_stepped(core, config, report)
    except ValueError as exc:
        return EXIT_INVALID, str(exc)
    except MemoryError:
        # RLIMIT_AS refused an allocation (std::bad_alloc in the core becomes MemoryError).
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024  # Linux: KiB
        return EXIT_OUT_OF_MEMORY, json.dumps({"peak_bytes": peak})


def run_with_traces(core, config: str, report: smpi.Report, stored: dict[str, str]) -> tuple[int, str]:
    """run_one, loading the config's trace from `stored` ({id: files JSON} the worker read from
    PostgreSQL) when this child's core does not hold it (services/traces.py), then once more."""
    code, text = run_one(core, config, report)
    if code != EXIT_INVALID or not stored or not traces.names_missing_trace(json.loads(text)):
        return code, text
    for trace_id, files in stored.items():
        try:
            traces.load(json.loads(files), expect=trace_id)
        except (FieldError, RuntimeError) as exc:  # stored traces were valid: a broken row
            return EXIT_INVALID, json.dumps({"field": traces.TRACE_FIELD, "message": f"stored trace {trace_id}: {exc}"})
    return run_one(core, config, report)


def serve(time_limit_s: float, threads: int) -> int:
    import switchlab_core

    # The protocol owns the original stdout; anything else printing goes to stderr.
    out = os.fdopen(os.dup(1), "wb")
    os.dup2(2, 1)
    inp = sys.stdin.buffer

    def report(fraction: float, done: int, total: int, unit: str) -> None:
        data = json.dumps({"fraction": fraction, "done": done, "total": total, "unit": unit}).encode()
        out.write(PROGRESS + f" {len(data)}\n".encode() + data)
        out.flush()

    while True:
        header = inp.readline()
        if not header:
            return 0  # the worker closed the pipe
        size, memo_size, traces_size = (int(x) for x in header.split())
        config = inp.read(size).decode()
        if memo_size:
            switchlab_core.cacti_memo_import(inp.read(memo_size).decode())
        stored = json.loads(inp.read(traces_size)) if traces_size else {}
        _arm_cpu_limit(time_limit_s, threads)
        code, text = run_with_traces(switchlab_core, with_threads(config, threads), report, stored)
        fresh = switchlab_core.cacti_memo_take().encode()
        out.write(MEMO + f" {len(fresh)}\n".encode() + fresh)
        data = text.encode()
        out.write(f"{code} {len(data)}\n".encode() + data)
        out.flush()
        if code == EXIT_OUT_OF_MEMORY:
            return EXIT_OUT_OF_MEMORY


if __name__ == "__main__":
    sys.exit(serve(float(sys.argv[1]), int(sys.argv[2]) if len(sys.argv) > 2 else 0))
