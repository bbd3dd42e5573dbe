"""Warm child process that runs configs through the core, one at a time, for its worker.

The child imports the core once and then serves runs over a pipe, so a sweep point costs no
Python start-up (docs/api.md, Workers). Isolating runs in a process still lets the worker
enforce time and memory limits (it kills the child and starts another), stop a cancelled run
and use every core. Protocol, per run: the worker writes "<n>\\n" and n bytes of canonical
config JSON; the child answers "<code> <n>\\n" and n bytes: code 0 with the result JSON, 2 with
the core's error object for an invalid config, 3 with {"peak_bytes"} when an allocation failed
under the memory limit (the child then exits: its heap may be fragmented or leaked).
"""

from __future__ import annotations

import json
import os
import resource
import sys

from . import smpi

EXIT_INVALID = 2
EXIT_OUT_OF_MEMORY = 3
# CPU seconds beyond the wall-clock limit before the kernel stops a run that outlived its
# worker (SIGXCPU); re-armed before each run because CPU time accumulates over the child's life.
CPU_SLACK_S = 30


def _arm_cpu_limit(time_limit_s: float) -> None:
    used = resource.getrusage(resource.RUSAGE_SELF)
    soft = int(used.ru_utime + used.ru_stime + time_limit_s) + CPU_SLACK_S
    hard = resource.getrlimit(resource.RLIMIT_CPU)[1]
    resource.setrlimit(resource.RLIMIT_CPU, (soft if hard == resource.RLIM_INFINITY else min(soft, hard), hard))


def run_one(core, config: str) -> tuple[int, str]:
    try:
        if json.loads(config).get("engine") == "smpi":  # the core validates it; SimGrid runs it
            return 0, smpi.run(core, config)
        return 0, core.run(config)
    except ValueError as exc:
        return EXIT_INVALID, str(exc)
    except MemoryError:
        # RLIMIT_AS refused an allocation (std::bad_alloc in the core becomes MemoryError).
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024  # Linux: KiB
        return EXIT_OUT_OF_MEMORY, json.dumps({"peak_bytes": peak})


def serve(time_limit_s: float) -> int:
    import switchlab_core

    # The protocol owns the original stdout; anything else printing goes to stderr.
    out = os.fdopen(os.dup(1), "wb")
    os.dup2(2, 1)
    inp = sys.stdin.buffer
    while True:
        header = inp.readline()
        if not header:
            return 0  # the worker closed the pipe
        config = inp.read(int(header)).decode()
        _arm_cpu_limit(time_limit_s)
        code, text = run_one(switchlab_core, config)
        data = text.encode()
        out.write(f"{code} {len(data)}\n".encode() + data)
        out.flush()
        if code == EXIT_OUT_OF_MEMORY:
            return EXIT_OUT_OF_MEMORY


if __name__ == "__main__":
    sys.exit(serve(float(sys.argv[1])))
