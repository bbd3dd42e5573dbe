"""Tasks run by `procrastinate worker`.

Exactly-once results: the run row is claimed with a conditional UPDATE and the result is
written with another one that only matches while this job still owns the row, so a retried,
duplicated or late job can never add or overwrite a result.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import socket
import sys
from typing import Any

import psycopg
from procrastinate import JobContext, RetryStrategy
from psycopg.rows import dict_row

from ..core.config import get_settings
from ..core.jsonvalues import dig
from ..db import repository as repo
from .app import app

log = logging.getLogger("switchlab.worker")
settings = get_settings()

RUN_TASK = "switchlab.run_experiment"


# runs columns kept next to the full result, for indexing and quick queries (migrations/).
HEADLINE = {"lookups": "cache.lookups", "hits": "cache.hits", "hit_rate": "cache.hit_rate",
            "latency_mean_ns": "latency_ns.zero_load.mean", "wall_time_s": "wall_time_s"}


def _num(value: Any) -> float | int | None:
    return value if isinstance(value, (int, float)) and not isinstance(value, bool) else None


def headline(result: dict[str, Any]) -> dict[str, Any]:
    return {column: _num(dig(result, path)) for column, path in HEADLINE.items()}


async def run_engine(canonical: str, time_limit_s: float) -> tuple[str, dict[str, Any]]:
    """Run one config in a child process; returns ("done", result) or ("failed", error)."""
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "switchlab_api.worker.runner",
        stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    try:
        out, err = await asyncio.wait_for(proc.communicate(canonical.encode()), time_limit_s)
    except asyncio.TimeoutError:
        proc.kill()
        await proc.wait()
        return "failed", {"field": None, "message": f"run exceeded the time limit of {time_limit_s:g} s"}
    except BaseException:
        # Cancelled (user cancel or worker shutdown): never leave the simulation running.
        proc.kill()
        await proc.wait()
        raise
    if proc.returncode == 0:
        return "done", json.loads(out)
    if proc.returncode == 2:
        try:
            return "failed", json.loads(out)
        except ValueError:
            return "failed", {"field": None, "message": out.decode(errors="replace")}
    tail = err.decode(errors="replace")[-2000:]
    return "failed", {"field": None, "message": f"engine exited with code {proc.returncode}: {tail}"}


@app.task(
    name=RUN_TASK,
    queue=settings.queue,
    pass_context=True,
    # Only infrastructure failures (database gone) are retried; engine errors are final.
    retry=RetryStrategy(
        max_attempts=20, wait=2,
        retry_exceptions={psycopg.OperationalError, psycopg.InterfaceError, OSError},
    ),
)
async def run_experiment(context: JobContext, experiment_id: str) -> str:
    worker = context.worker_name or f"{socket.gethostname()}:{os.getpid()}"
    job_id = context.job.id
    async with await psycopg.AsyncConnection.connect(
        settings.database_url, autocommit=True, row_factory=dict_row
    ) as conn:
        canonical = await repo.claim_run(conn, experiment_id, job_id, worker)
    if canonical is None:
        return "skipped"  # done, cancelled, or re-queued under another job
    status, payload = await run_engine(canonical, settings.run_time_limit_s)
    if status == "done" and payload.get("config_hash") not in (None, experiment_id):
        log.warning("result hash %s differs from id %s", payload.get("config_hash"), experiment_id)
    done = status == "done"
    async with await psycopg.AsyncConnection.connect(settings.database_url, autocommit=True) as conn:
        await repo.finish_run(conn, experiment_id, job_id, status, payload if done else None,
                              None if done else payload,
                              headline(payload) if done else dict.fromkeys(HEADLINE))
    return status


@app.periodic(cron="* * * * * */5", periodic_id="recover_stalled")
@app.task(name="switchlab.recover_stalled", queue=settings.queue, queueing_lock="recover_stalled",
          pass_context=True)
async def recover_stalled(context: JobContext, timestamp: int) -> int:
    """Re-queue jobs whose worker stopped heartbeating (kill -9, lost machine)."""
    manager = context.app.job_manager
    stalled = await manager.get_stalled_jobs(seconds_since_heartbeat=settings.stalled_after_s)
    count = 0
    for job in stalled:
        if job.id == context.job.id:
            continue
        await manager.retry_job(job)
        count += 1
    if count:
        log.warning("re-queued %d stalled job(s)", count)
    return count
