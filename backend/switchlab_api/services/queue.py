"""Create or re-queue runs and defer their tasks on the caller's connection/transaction."""

from __future__ import annotations

from collections.abc import Iterable

import psycopg

from ..domain.engine import Prepared, engine_version
from ..db import repository as repo
from ..worker.tasks import run_experiment


def store_experiments(conn: psycopg.Connection, items: Iterable[Prepared]) -> None:
    # In id order, like ensure_runs: concurrent sweeps sharing experiments take their rows in the
    # same order, so neither can hold one the other waits for while waiting for one it holds.
    repo.insert_experiments(conn, ({"id": p.id, "config": p.config, "canonical": p.text}
                                   for p in sorted(items, key=lambda p: p.id)), engine_version())


def ensure_runs(conn: psycopg.Connection, ids: list[str]) -> dict[str, int]:
    """Make sure every experiment has a live run; returns {experiment_id: run_id}.

    New runs are created queued, failed/cancelled ones are re-queued; done/queued/running
    runs are left alone, which is how identical points share one computation. Must be called
    inside a transaction: the row locks taken here make concurrent submitters enqueue once.
    """
    unique = sorted(set(ids))
    if not unique:
        return {}
    to_enqueue = repo.insert_runs(conn, unique) + repo.requeue_finished_runs(conn, unique)
    if to_enqueue:
        # Same connection => the jobs commit or roll back with the rows above.
        deferrer = run_experiment.configure(connection=conn)
        jobs = deferrer.batch_defer(*({"experiment_id": e} for e in to_enqueue))
        repo.set_job_ids(conn, zip(jobs, to_enqueue))
    return repo.run_ids(conn, unique)
