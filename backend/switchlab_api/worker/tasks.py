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
from typing import Any

import psycopg
from procrastinate import JobContext, RetryStrategy

from ..domain import engine
from ..settings import get_settings
from ..http.jsonvalues import dig
from ..db import repository as repo
from ..services import result_arrays, traces
from .app import app
from .db_retry import DatabaseUnavailable, with_database
from .engine_process import CactiMemo, Limits, run_engine
from .progress import ProgressWriter

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


def _limits() -> Limits:
    return Limits(time_s=settings.run_time_limit_s, memory_bytes=settings.run_memory_bytes, threads=settings.run_threads)


async def _db(work, what: str, retry_s: float | None = None):
    return await with_database(settings.database_url, work,
                               settings.db_retry_s if retry_s is None else retry_s, what)


async def _trace_files(trace_ids: list[str]) -> dict[str, str]:
    """{id: files JSON} of the run's traces, for the run child (which loads what its core lacks),
    and loaded into this process's core too, which reads the config for its CACTI inputs. Traces
    are never deleted and were checked when the config was submitted; a missing one makes the
    child refuse the config, naming traffic.trace_id."""
    if not trace_ids:
        return {}
    blobs = await _db(lambda conn: repo.trace_files_of(conn, trace_ids), "read the run's trace")
    files = {i: traces.unpack_stored(b) for i, b in blobs.items()}
    for trace_id, text in files.items():
        if not traces.held(trace_id):  # parsing a large trace takes seconds: off the event loop
            await asyncio.to_thread(traces.load, json.loads(text), trace_id)
    return files


@app.task(
    name=RUN_TASK,
    queue=settings.queue,
    pass_context=True,
    # Only a database that stayed away for the whole in-process retry window is retried here;
    # every engine outcome (done, invalid, time or memory limit, crash) is final.
    retry=RetryStrategy(max_attempts=5, wait=30, exponential_wait=2, retry_exceptions={DatabaseUnavailable}),
)
async def run_experiment(context: JobContext, experiment_id: str) -> str:
    worker = context.worker_name or f"{socket.gethostname()}:{os.getpid()}"
    job_id = context.job.id
    canonical = await _db(lambda conn: repo.claim_run(conn, experiment_id, job_id, worker), "claim")
    if canonical is None:
        return "skipped"  # done, cancelled, or re-queued under another job
    # One attempt per report (retry window 0): a late progress report is worth nothing.
    progress = ProgressWriter(lambda p: _db(lambda conn: repo.set_progress(conn, experiment_id, job_id, p),
                                            "store progress", retry_s=0))
    # The trace the config names, from PostgreSQL, for the run child (services/traces.py).
    stored = await _trace_files(traces.referenced(json.loads(canonical)))
    # CACTI's answers for this run's arrays from PostgreSQL (docs/cost-model.md, "Exact method"):
    # the core runs CACTI only for arrays no worker has priced before, and the new answers are stored.
    keys = [a["key"] for a in json.loads(engine.core().cacti_inputs(canonical))]
    memo = CactiMemo(known=await _db(lambda conn: repo.cacti_memo_get(conn, keys), "read the CACTI memo"))
    try:
        status, payload = await run_engine(canonical, _limits(), progress.report, memo, stored)
    finally:
        progress.stop()  # also when the job is aborted (DELETE /api/experiments/{id})
    if status == "done" and payload.get("config_hash") not in (None, experiment_id):
        log.warning("result hash %s differs from id %s", payload.get("config_hash"), experiment_id)
    out = result_arrays.store(status, payload, settings)

    def finish(o: result_arrays.Stored):
        done = o.status == "done"
        return lambda conn: repo.finish_run(
            conn, experiment_id, job_id, o.status, o.result, o.error,
            headline(o.result) if done else dict.fromkeys(HEADLINE), o.arrays, o.pages)

    try:
        await _db(finish(out), "store result")
    except psycopg.Error as exc:  # with_database turned transient errors into DatabaseUnavailable
        # Postgres refused this outcome for good (e.g. a value it cannot store): retrying would
        # fail the same way, so the run ends failed with the reason instead.
        log.exception("storing the outcome of %s failed", experiment_id)
        out = result_arrays.Stored("failed", None, {
            "field": None, "kind": "storage", "message": f"the database refused the result: {exc}"})
        await _db(finish(out), "store failure")
    if memo.fresh:  # an optimisation: a database that is away now costs a later run a CACTI run
        try:
            await _db(lambda conn: repo.cacti_memo_put(conn, memo.fresh), "store CACTI answers", retry_s=0)
        except (DatabaseUnavailable, psycopg.Error):
            log.warning("could not store %d CACTI answer(s) of %s", len(memo.fresh), experiment_id)
    return out.status


@app.periodic(cron="* * * * * */5", periodic_id="recover_stalled")
@app.task(name="switchlab.recover_stalled", queue=settings.queue, queueing_lock="recover_stalled",
          pass_context=True)
async def recover_stalled(context: JobContext, timestamp: int) -> int:
    """Re-queue jobs whose worker stopped heartbeating (kill -9, lost machine), and end the
    runs of jobs that failed for good, so every run reaches a terminal state."""
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
    failed = await _db(repo.fail_runs_of_failed_jobs, "finalize runs of failed jobs")
    if failed:
        log.warning("marked %d run(s) of failed jobs failed", failed)
    return count
