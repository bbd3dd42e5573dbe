"""Run one config in a child process under this server's time and memory limits.

The child gets RLIMIT_AS (memory), RLIMIT_CPU a little above the wall-clock limit, and dies with
its worker (PR_SET_PDEATHSIG): a worker killed with SIGKILL leaves no simulation running on its
own (docs/api.md, Workers). Every outcome is final and deterministic for the config and the
limits, so none of them is retried; the message says which limit was hit and by how much.
"""

from __future__ import annotations

import asyncio
import ctypes
import json
import resource
import signal
import sys
import time
from dataclasses import dataclass
from typing import Any

from ..core import engine
from . import runner

_PR_SET_PDEATHSIG = 1
# CPU seconds beyond the wall-clock limit before the kernel stops an orphaned child (SIGXCPU).
_CPU_SLACK_S = 30


@dataclass(frozen=True)
class Limits:
    time_s: float
    memory_bytes: int


def _gb(n: float) -> str:
    return f"{n / 1e9:.2f} GB"


def _child_setup(limits: Limits) -> None:
    """Runs in the child between fork and exec: only async-signal-safe work."""
    resource.setrlimit(resource.RLIMIT_AS, (limits.memory_bytes, limits.memory_bytes))
    cpu = int(limits.time_s) + _CPU_SLACK_S
    resource.setrlimit(resource.RLIMIT_CPU, (cpu, cpu + 5))
    libc = ctypes.CDLL(None, use_errno=True)
    libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)


def _failure(kind: str, message: str, **extra: Any) -> tuple[str, dict[str, Any]]:
    return "failed", {"field": None, "message": message, "kind": kind, **extra}


def _estimated_bytes(canonical: str) -> float | None:
    try:
        return engine.prepare(json.loads(canonical)).summary.get("memory_bytes")
    except (engine.FieldError, engine.EngineUnavailable, ValueError):
        return None


async def run_engine(canonical: str, limits: Limits) -> tuple[str, dict[str, Any]]:
    """("done", result) or ("failed", error object with field, message, kind)."""
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "switchlab_api.worker.runner",
        stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE, preexec_fn=lambda: _child_setup(limits),
    )
    t0 = time.monotonic()
    try:
        out, err = await asyncio.wait_for(proc.communicate(canonical.encode()), limits.time_s)
    except asyncio.TimeoutError:
        proc.kill()
        await proc.wait()
        return _failure("time_limit", f"the run exceeded this server's time limit of {limits.time_s:g} s "
                        f"(SWITCHLAB_RUN_TIME_LIMIT_S) and was stopped after {time.monotonic() - t0:.1f} s",
                        limit_s=limits.time_s)
    except BaseException:
        # Cancelled (user cancel or worker shutdown): never leave the simulation running.
        proc.kill()
        await proc.wait()
        raise
    code = proc.returncode
    if code == 0:
        return "done", json.loads(out)
    if code == runner.EXIT_INVALID:
        try:
            return "failed", {**json.loads(out), "kind": "invalid_config"}
        except ValueError:
            return _failure("engine_error", out.decode(errors="replace"))
    if code == runner.EXIT_OUT_OF_MEMORY:
        peak = json.loads(out).get("peak_bytes", 0)
        estimated = _estimated_bytes(canonical)
        estimate = f"; the core estimated ~{_gb(estimated)} for this config" if estimated else ""
        return _failure("memory_limit", f"the run exceeded this server's memory limit of "
                        f"{_gb(limits.memory_bytes)} (SWITCHLAB_RUN_MEMORY_BYTES): an allocation failed "
                        f"with {_gb(peak)} resident{estimate}",
                        limit_bytes=limits.memory_bytes, peak_bytes=peak)
    if code == -signal.SIGXCPU:
        return _failure("time_limit", f"the run used more than {int(limits.time_s) + _CPU_SLACK_S} s of CPU "
                        "time (SWITCHLAB_RUN_TIME_LIMIT_S plus slack) and was stopped", limit_s=limits.time_s)
    tail = err.decode(errors="replace")[-2000:]
    how = f"was killed by signal {-code}" if code < 0 else f"exited with code {code}"
    return _failure("engine_crash", f"the engine {how}: {tail}".rstrip(": "))
