"""Create or re-queue runs and defer their tasks on the caller's connection/transaction."""

from __future__ import annotations

from collections.abc import Iterable

import psycopg
from psycopg.types.json import Jsonb

from ..core.engine import Canonical, engine_version
from ..worker.app import app as queue_app
from ..worker.tasks import run_experiment


def store_experiments(conn: psycopg.Connection, items: Iterable[Canonical]) -> None:
    version = engine_version()
    with conn.cursor() as cur:
        cur.executemany(
            "INSERT INTO experiments (id, config, canonical, engine_version) VALUES (%s, %s, %s, %s)"
            " ON CONFLICT (id) DO NOTHING",
            [(c.id, Jsonb(c.config), c.text, version) for c in items],
        )


def ensure_runs(conn: psycopg.Connection, ids: list[str]) -> dict[str, int]:
    """Make sure every experiment has a live run; returns {experiment_id: run_id}.

    New runs are created queued, failed/cancelled ones are re-queued; done/queued/running
    runs are left alone, which is how identical points share one computation. Must be called
    inside a transaction: the row locks taken here make concurrent submitters enqueue once.
    """
    unique = sorted(set(ids))
    if not unique:
        return {}
    to_enqueue: list[str] = []
    with conn.cursor() as cur:
        cur.execute(
            "INSERT INTO runs (experiment_id) SELECT unnest(%s::text[])"
            " ON CONFLICT (experiment_id) DO NOTHING RETURNING experiment_id",
            (unique,),
        )
        to_enqueue += [r["experiment_id"] for r in cur.fetchall()]
        cur.execute(
            "UPDATE runs SET status = 'queued', queued_at = now(), started_at = NULL,"
            " finished_at = NULL, error = NULL, worker = NULL"
            " WHERE experiment_id = ANY(%s) AND status IN ('failed', 'cancelled')"
            " RETURNING experiment_id",
            (unique,),
        )
        to_enqueue += [r["experiment_id"] for r in cur.fetchall()]
        if to_enqueue:
            # Same connection => the jobs commit or roll back with the rows above.
            deferrer = run_experiment.configure(connection=conn)
            jobs = deferrer.batch_defer(*({"experiment_id": e} for e in to_enqueue))
            cur.executemany(
                "UPDATE runs SET job_id = %s WHERE experiment_id = %s",
                [(job_id, e) for job_id, e in zip(jobs, to_enqueue)],
            )
        cur.execute("SELECT experiment_id, id FROM runs WHERE experiment_id = ANY(%s)", (unique,))
        return {r["experiment_id"]: r["id"] for r in cur.fetchall()}


def cancel_runs(conn: psycopg.Connection, run_ids: list[int]) -> int:
    """Mark runs cancelled and cancel (queued) or abort (running) their jobs."""
    if not run_ids:
        return 0
    with conn.cursor() as cur:
        cur.execute(
            "UPDATE runs SET status = 'cancelled', finished_at = now()"
            " WHERE id = ANY(%s) AND status IN ('queued', 'running') RETURNING job_id",
            (run_ids,),
        )
        job_ids = [r["job_id"] for r in cur.fetchall() if r["job_id"] is not None]
        for job_id in job_ids:
            cur.execute("SELECT procrastinate_cancel_job_v1(%s, true, false)", (job_id,))
    return len(job_ids)


__all__ = ["store_experiments", "ensure_runs", "cancel_runs", "queue_app"]
