"""Run one config in a warm child process under this server's time and memory limits.

Each worker keeps up to its concurrency of children (runner.py) that have loaded the core
once. A child runs under RLIMIT_AS (memory), re-arms RLIMIT_CPU a little above the wall-clock
limit before each run, and dies with its worker (PR_SET_PDEATHSIG): a worker killed with SIGKILL
leaves no simulation running on its own (docs/api.md, Workers). A run over the time limit or
cancelled kills its child (a new one is started for the next run). Every outcome is final and
deterministic for the config and the limits, so none is retried; the message says which limit
was hit and by how much.
"""

from __future__ import annotations

import asyncio
import ctypes
import json
import resource
import signal
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..domain import engine
from . import runner

_PR_SET_PDEATHSIG = 1
# Called with each progress report of a run: {"fraction", "done", "total", "unit"} (runner.py).
OnProgress = Callable[[dict[str, Any]], None]


@dataclass
class CactiMemo:
    """A run's CACTI answers (docs/cost-model.md, "Exact method"): those stored in PostgreSQL
    for its arrays, sent to the child, and those the child got by running CACTI, to store."""

    known: list[dict[str, Any]] = field(default_factory=list)
    fresh: list[dict[str, Any]] = field(default_factory=list)


@dataclass(frozen=True)
class Limits:
    time_s: float
    memory_bytes: int
    threads: int = 0  # route-walk threads per run (runner.py); 0: every core


def _gb(n: float) -> str:
    return f"{n / 1e9:.2f} GB"


def _child_setup(limits: Limits) -> None:
    """Runs in the child between fork and exec: only async-signal-safe work."""
    resource.setrlimit(resource.RLIMIT_AS, (limits.memory_bytes, limits.memory_bytes))
    libc = ctypes.CDLL(None, use_errno=True)
    libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)


class Child:
    def __init__(self, proc: asyncio.subprocess.Process):
        self.proc = proc
        # stderr is drained all the time (a full pipe would block the child); its tail explains a crash.
        self._tail = bytearray()
        self._drain = asyncio.create_task(self._keep_tail())

    async def _keep_tail(self) -> None:
        assert self.proc.stderr is not None
        while chunk := await self.proc.stderr.read(65536):
            self._tail = (self._tail + chunk)[-2000:]

    @classmethod
    async def start(cls, limits: Limits) -> Child:
        proc = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "switchlab_api.worker.runner", str(limits.time_s), str(limits.threads),
            stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE, preexec_fn=lambda: _child_setup(limits),
            limit=2**31 - 1,  # a result is one line-less blob read by length; no line limit
        )
        return cls(proc)

    async def run(self, canonical: str, on_progress: OnProgress, memo: CactiMemo,
                  traces: dict[str, str]) -> tuple[int, bytes]:
        """(code, payload); code is the child's exit code (negative: signal) if it died. The
        child's progress frames go to on_progress as they come; its new CACTI answers to memo.
        `traces`: {id: files JSON} of the traces the config names (the child loads those it lacks)."""
        assert self.proc.stdin is not None and self.proc.stdout is not None
        data, known = canonical.encode(), json.dumps(memo.known).encode() if memo.known else b""
        files = json.dumps(traces).encode() if traces else b""
        try:
            self.proc.stdin.write(f"{len(data)} {len(known)} {len(files)}\n".encode() + data + known + files)
            await self.proc.stdin.drain()
            while header := await self.proc.stdout.readline():
                code, size = header.split()
                payload = await self.proc.stdout.readexactly(int(size))
                if code == runner.MEMO:
                    memo.fresh = json.loads(payload)
                elif code != runner.PROGRESS:
                    return int(code), payload
                else:
                    on_progress(json.loads(payload))
        except (BrokenPipeError, ConnectionResetError, asyncio.IncompleteReadError):
            pass
        return await self.proc.wait(), b""

    async def kill(self) -> None:
        if self.proc.returncode is None:
            self.proc.kill()
        await self.proc.wait()

    async def stderr_tail(self) -> str:
        await self.kill()
        await self._drain
        return self._tail.decode(errors="replace")


class ChildPool:
    """Idle warm children of this worker process; at most `concurrency` exist at once."""

    def __init__(self) -> None:
        self._idle: list[Child] = []

    async def acquire(self, limits: Limits) -> Child:
        while self._idle:
            child = self._idle.pop()
            if child.proc.returncode is None:
                return child
        return await Child.start(limits)

    def release(self, child: Child) -> None:
        if child.proc.returncode is None:
            self._idle.append(child)


POOL = ChildPool()


def _estimated_bytes(canonical: str) -> float | None:
    try:
        return engine.prepare(json.loads(canonical)).summary.get("memory_bytes")
    except (engine.FieldError, engine.EngineUnavailable, ValueError):
        return None


def _failure(kind: str, message: str, **extra: Any) -> tuple[str, dict[str, Any]]:
    return "failed", {"field": None, "message": message, "kind": kind, **extra}


async def run_engine(canonical: str, limits: Limits, on_progress: OnProgress,
                     memo: CactiMemo | None = None, traces: dict[str, str] | None = None) -> tuple[str, dict[str, Any]]:
    """("done", result) or ("failed", error object with field, message, kind). `traces`: the
    stored files of the traces the config names, {id: files JSON} (services/traces.py)."""
    child = await POOL.acquire(limits)
    t0 = time.monotonic()
    try:
        code, out = await asyncio.wait_for(child.run(canonical, on_progress, memo or CactiMemo(), traces or {}),
                                           limits.time_s)
    except asyncio.TimeoutError:
        await child.kill()
        return _failure("time_limit", f"the run exceeded this server's time limit of {limits.time_s:g} s "
                        f"(SWITCHLAB_RUN_TIME_LIMIT_S) and was stopped after {time.monotonic() - t0:.1f} s",
                        limit_s=limits.time_s)
    except BaseException:
        # Cancelled (user cancel or worker shutdown): never leave the simulation running.
        await child.kill()
        raise
    if code in (0, runner.EXIT_INVALID) and child.proc.returncode is None:
        POOL.release(child)
    if code == 0:
        return "done", json.loads(out)
    if code == runner.EXIT_INVALID:
        try:
            return "failed", {**json.loads(out), "kind": "invalid_config"}
        except ValueError:
            return _failure("engine_error", out.decode(errors="replace"))
    if code == runner.EXIT_OUT_OF_MEMORY and out:
        await child.kill()
        peak = json.loads(out).get("peak_bytes", 0)
        estimated = _estimated_bytes(canonical)
        estimate = f"; the core estimated ~{_gb(estimated)} for this config" if estimated else ""
        return _failure("memory_limit", f"the run exceeded this server's memory limit of "
                        f"{_gb(limits.memory_bytes)} (SWITCHLAB_RUN_MEMORY_BYTES): an allocation failed "
                        f"with {_gb(peak)} resident{estimate}",
                        limit_bytes=limits.memory_bytes, peak_bytes=peak)
    if code == -signal.SIGXCPU:
        cpu_s = int(runner.cpu_budget_s(limits.time_s, limits.threads))
        return _failure("time_limit", f"the run used more than {cpu_s} s of CPU time (SWITCHLAB_RUN_TIME_LIMIT_S on "
                        "each of its threads, plus slack) and was stopped", limit_s=limits.time_s)
    tail = await child.stderr_tail()
    how = f"was killed by signal {-code}" if code < 0 else f"exited with code {code}"
    return _failure("engine_crash", f"the engine {how}: {tail}".rstrip(": "))
