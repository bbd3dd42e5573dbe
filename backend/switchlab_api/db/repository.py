"""All SQL of the API and the workers (tables: migrations/; model: docs/api.md, Data model).

Functions take the caller's connection so the caller decides the transaction; rows come back
as dicts (the pool's dict_row factory) typed by the TypedDicts below.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime
from typing import Any, Literal, TypedDict

import psycopg
from psycopg import sql
from psycopg.types.json import Jsonb

Table = Literal["experiments", "sweeps", "traces"]


class ExperimentRecord(TypedDict):
    id: str
    config: dict[str, Any]
    engine_version: str
    created_at: datetime
    status: str
    result: dict[str, Any] | None
    error: dict[str, Any] | None
    arrays: dict[str, dict[str, int]] | None
    progress: dict[str, Any] | None
    attempts: int
    worker: str | None
    queued_at: datetime
    started_at: datetime | None
    finished_at: datetime | None


class NewExperiment(TypedDict):
    id: str
    config: dict[str, Any]
    canonical: str  # the JSON text workers run


class RunState(TypedDict):
    status: str
    result: dict[str, Any] | None


class NewSweep(TypedDict):
    id: str
    name: str
    base: dict[str, Any]
    axes: dict[str, Any]
    axis_names: list[str]
    total: int
    unique_points: int


class SweepRecord(NewSweep):
    created_at: datetime
    cancelled_at: datetime | None


class SweepRunCounts(TypedDict):
    total: int
    done: int
    failed: int
    cancelled: int
    running: int
    queued: int
    unique_points: int
    remaining_runs: int
    finished_runs: int
    first_start: datetime | None
    last_finish: datetime | None
    status: str


class PointRow(TypedDict):
    idx: int
    experiment_id: str
    axis_values: dict[str, Any]
    status: str
    result: dict[str, Any] | None
    error: dict[str, Any] | None


def ping(conn: psycopg.Connection) -> None:
    conn.execute("SELECT 1")


def ids_with_prefix(conn: psycopg.Connection, table: Table, prefix: str, limit: int = 2) -> list[str]:
    """Ids starting with `prefix`, which must be lowercase hex (no LIKE wildcards)."""
    rows = conn.execute(
        sql.SQL("SELECT id FROM {} WHERE id LIKE %s ORDER BY id LIMIT %s").format(sql.Identifier(table)),
        (prefix + "%", limit),
    ).fetchall()
    return [r["id"] for r in rows]


# ---- experiments and runs -----------------------------------------------------------------

def insert_experiments(conn: psycopg.Connection, items: Iterable[NewExperiment], engine_version: str) -> None:
    with conn.cursor() as cur:
        cur.executemany(
            "INSERT INTO experiments (id, config, canonical, engine_version) VALUES (%s, %s, %s, %s)"
            " ON CONFLICT (id) DO NOTHING",
            [(e["id"], Jsonb(e["config"]), e["canonical"], engine_version) for e in items],
        )


def insert_runs(conn: psycopg.Connection, experiment_ids: list[str]) -> list[str]:
    """Queued runs for experiments that have none; returns the experiments that got one."""
    rows = conn.execute(
        "INSERT INTO runs (experiment_id) SELECT unnest(%s::text[])"
        " ON CONFLICT (experiment_id) DO NOTHING RETURNING experiment_id",
        (experiment_ids,),
    ).fetchall()
    return [r["experiment_id"] for r in rows]


def requeue_finished_runs(conn: psycopg.Connection, experiment_ids: list[str]) -> list[str]:
    """Failed or cancelled runs back to queued; returns their experiments."""
    rows = conn.execute(
        "UPDATE runs SET status = 'queued', queued_at = now(), started_at = NULL,"
        " finished_at = NULL, error = NULL, worker = NULL, progress = NULL"
        " WHERE experiment_id = ANY(%s) AND status IN ('failed', 'cancelled')"
        " RETURNING experiment_id",
        (experiment_ids,),
    ).fetchall()
    return [r["experiment_id"] for r in rows]


def set_job_ids(conn: psycopg.Connection, jobs: Iterable[tuple[int, str]]) -> None:
    """(job_id, experiment_id) pairs: the queue job now responsible for each run."""
    with conn.cursor() as cur:
        cur.executemany("UPDATE runs SET job_id = %s WHERE experiment_id = %s", list(jobs))


def run_ids(conn: psycopg.Connection, experiment_ids: list[str]) -> dict[str, int]:
    rows = conn.execute("SELECT experiment_id, id FROM runs WHERE experiment_id = ANY(%s)",
                        (experiment_ids,)).fetchall()
    return {r["experiment_id"]: r["id"] for r in rows}


def run_state(conn: psycopg.Connection, experiment_id: str) -> RunState | None:
    return conn.execute("SELECT status, result FROM runs WHERE experiment_id = %s", (experiment_id,)).fetchone()


def get_experiment(conn: psycopg.Connection, experiment_id: str) -> ExperimentRecord | None:
    return conn.execute(
        "SELECT e.id, e.config, e.engine_version, e.created_at, r.status, r.result, r.error, r.arrays,"
        " r.progress, r.attempts, r.worker, r.queued_at, r.started_at, r.finished_at"
        " FROM experiments e JOIN runs r ON r.experiment_id = e.id WHERE e.id = %s",
        (experiment_id,),
    ).fetchone()


def cancel_runs(conn: psycopg.Connection, ids: list[int]) -> int:
    """Mark queued/running runs cancelled and cancel (queued) or abort (running) their jobs."""
    rows = conn.execute(
        "UPDATE runs SET status = 'cancelled', finished_at = now()"
        " WHERE id = ANY(%s) AND status IN ('queued', 'running') RETURNING job_id",
        (ids,),
    ).fetchall()
    job_ids = [r["job_id"] for r in rows if r["job_id"] is not None]
    for job_id in job_ids:
        conn.execute("SELECT procrastinate_cancel_job_v1(%s, true, false)", (job_id,))
    return len(job_ids)


# ---- sweeps -------------------------------------------------------------------------------

def insert_sweep(conn: psycopg.Connection, sweep: NewSweep) -> bool:
    """True if the sweep is new; an existing one is locked for the rest of the transaction."""
    created = conn.execute(
        "INSERT INTO sweeps (id, name, base, axes, axis_names, total, unique_points)"
        " VALUES (%s, %s, %s, %s, %s, %s, %s) ON CONFLICT (id) DO NOTHING RETURNING id",
        (sweep["id"], sweep["name"], Jsonb(sweep["base"]), Jsonb(sweep["axes"]), sweep["axis_names"],
         sweep["total"], sweep["unique_points"]),
    ).fetchone() is not None
    if not created:
        conn.execute("SELECT 1 FROM sweeps WHERE id = %s FOR UPDATE", (sweep["id"],))
    return created


def insert_sweep_points(conn: psycopg.Connection, sweep_id: str,
                        points: Iterable[tuple[str, int, dict[str, Any]]]) -> None:
    """(experiment_id, run_id, axis_values) in point order."""
    with conn.cursor() as cur:
        cur.executemany(
            "INSERT INTO sweep_points (sweep_id, idx, experiment_id, run_id, axis_values)"
            " VALUES (%s, %s, %s, %s, %s)",
            [(sweep_id, i, e, r, Jsonb(v)) for i, (e, r, v) in enumerate(points)],
        )


def set_sweep_cancelled(conn: psycopg.Connection, sweep_id: str, cancelled: bool) -> None:
    """Cancelling marks only a sweep with a point left to run: a finished one stays done/failed."""
    if cancelled:
        conn.execute(
            "UPDATE sweeps s SET cancelled_at = coalesce(cancelled_at, now()) WHERE id = %s AND EXISTS ("
            " SELECT 1 FROM sweep_points p JOIN runs r ON r.id = p.run_id"
            " WHERE p.sweep_id = s.id AND r.status IN ('queued', 'running'))", (sweep_id,))
    else:
        conn.execute("UPDATE sweeps SET cancelled_at = NULL WHERE id = %s", (sweep_id,))


def get_sweep(conn: psycopg.Connection, sweep_id: str) -> SweepRecord | None:
    return conn.execute(
        "SELECT id, name, base, axes, axis_names, total, unique_points, created_at, cancelled_at"
        " FROM sweeps WHERE id = %s", (sweep_id,),
    ).fetchone()


# A sweep's point counts by run status, and run counts and timings since the sweep was created
# (for the ETA): one LATERAL subquery over sweep_points for the sweep row `s`.
_SWEEP_COUNTS = (
    "LATERAL (SELECT count(*) AS total,"
    " count(*) FILTER (WHERE r.status = 'done') AS done,"
    " count(*) FILTER (WHERE r.status = 'failed') AS failed,"
    " count(*) FILTER (WHERE r.status = 'cancelled') AS cancelled,"
    " count(*) FILTER (WHERE r.status = 'running') AS running,"
    " count(*) FILTER (WHERE r.status = 'queued') AS queued,"
    " count(DISTINCT r.id) AS unique_points,"
    " count(DISTINCT r.id) FILTER (WHERE r.status IN ('queued', 'running')) AS remaining_runs,"
    " count(DISTINCT r.id) FILTER (WHERE r.status IN ('done', 'failed') AND r.finished_at >= s.created_at) AS finished_runs,"
    " min(r.started_at) FILTER (WHERE r.finished_at >= s.created_at) AS first_start,"
    " max(r.finished_at) FILTER (WHERE r.finished_at >= s.created_at) AS last_finish"
    " FROM sweep_points p JOIN runs r ON r.id = p.run_id WHERE p.sweep_id = s.id) c"
)
# Its status (docs/api.md, Sweeps): cancelled once cancelled with points left; queued until a point
# has started; running while points are queued or running; failed when every point failed; else done.
_SWEEP_STATUS = (
    "CASE WHEN s.cancelled_at IS NOT NULL THEN 'cancelled'"
    " WHEN c.queued + c.running > 0 THEN"
    "  CASE WHEN c.running + c.done + c.failed > 0 THEN 'running' ELSE 'queued' END"
    " WHEN c.total > 0 AND c.failed = c.total THEN 'failed' ELSE 'done' END"
)


def sweep_run_counts(conn: psycopg.Connection, sweep_id: str) -> SweepRunCounts:
    """Point counts by run status, the sweep's status, and run counts and timings since it was created."""
    return conn.execute(
        f"SELECT c.*, {_SWEEP_STATUS} AS status FROM sweeps s CROSS JOIN {_SWEEP_COUNTS} WHERE s.id = %s",
        (sweep_id,),
    ).fetchone()


def mark_submitted_directly(conn: psycopg.Connection, experiment_id: str) -> None:
    """The experiment was submitted on its own, so no sweep's cancel may cancel its run."""
    conn.execute("UPDATE experiments SET submitted_directly = true WHERE id = %s AND NOT submitted_directly",
                 (experiment_id,))


def live_runs_only_in(conn: psycopg.Connection, sweep_id: str) -> list[int]:
    """Queued/running runs of the sweep that nothing else needs: no other live (not cancelled)
    sweep, and no submission of the experiment on its own."""
    rows = conn.execute(
        "SELECT DISTINCT p.run_id FROM sweep_points p JOIN runs r ON r.id = p.run_id"
        " JOIN experiments e ON e.id = p.experiment_id"
        " WHERE p.sweep_id = %(sid)s AND r.status IN ('queued', 'running') AND NOT e.submitted_directly"
        " AND NOT EXISTS (SELECT 1 FROM sweep_points q JOIN sweeps s ON s.id = q.sweep_id"
        "   WHERE q.run_id = p.run_id AND q.sweep_id <> %(sid)s AND s.cancelled_at IS NULL)",
        {"sid": sweep_id},
    ).fetchall()
    return [r["run_id"] for r in rows]


def sweep_points(conn: psycopg.Connection, sweep_id: str, after: int, limit: int) -> list[PointRow]:
    """Points with index > after, in order, with their run's status, result and error."""
    return conn.execute(
        "SELECT p.idx, p.experiment_id, p.axis_values, r.status, r.result, r.error"
        " FROM sweep_points p JOIN runs r ON r.id = p.run_id"
        " WHERE p.sweep_id = %s AND p.idx > %s ORDER BY p.idx LIMIT %s",
        (sweep_id, after, limit),
    ).fetchall()


# ---- the server-wide history (newest first, keyset-paged) -----------------------------------

class HistoryFilter(TypedDict):
    """What a history list is narrowed to; None = any."""

    engine: str | None
    status: str | None
    name: str | None  # a case-insensitive substring of the name
    created_after: datetime | None  # strictly after
    created_before: datetime | None  # strictly before
    before: tuple[datetime, str] | None  # the (created_at, id) key of the last row of the previous page


class ExperimentListRow(TypedDict):
    id: str
    name: str
    engine: str
    topology: str | None
    created_at: datetime
    submitted_directly: bool
    status: str
    finished_at: datetime | None
    hit_rate: float | None
    wall_time_s: float | None
    progress_fraction: float | None


class SweepListRow(SweepRunCounts):
    id: str
    name: str
    total: int
    created_at: datetime
    cancelled_at: datetime | None
    engines: list[str]


def _like_substring(text: str) -> str:
    # ILIKE's wildcards and its escape character are matched literally.
    return "%" + text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"


def _history_conditions(f: HistoryFilter, alias: str, name: str,
                        engine: sql.Composable) -> tuple[list[sql.Composable], dict[str, Any]]:
    """WHERE terms (and their parameters) shared by both lists, for the table aliased `alias`;
    `name` is the name's column expression, `engine` a condition on %(engine)s."""
    created = alias + ".created_at"
    terms: list[sql.Composable] = []
    if f["engine"] is not None:
        terms.append(engine)
    if f["name"] is not None:
        terms.append(sql.SQL(name + " ILIKE %(name)s"))
    if f["created_after"] is not None:
        terms.append(sql.SQL(created + " > %(created_after)s"))
    if f["created_before"] is not None:
        terms.append(sql.SQL(created + " < %(created_before)s"))
    if f["before"] is not None:
        terms.append(sql.SQL(f"({created}, {alias}.id) < (%(before_at)s, %(before_id)s)"))
    params = {"engine": f["engine"], "name": None if f["name"] is None else _like_substring(f["name"]),
              "created_after": f["created_after"], "created_before": f["created_before"],
              "before_at": f["before"][0] if f["before"] else None, "before_id": f["before"][1] if f["before"] else None}
    return terms, params


def _where(terms: list[sql.Composable]) -> sql.Composable:
    return sql.SQL(" WHERE ") + sql.SQL(" AND ").join(terms) if terms else sql.SQL("")


def list_experiments(conn: psycopg.Connection, f: HistoryFilter, direct: bool | None, limit: int) -> list[ExperimentListRow]:
    """Experiments newest first (created_at, then id, descending), `limit` of them."""
    terms, params = _history_conditions(f, "e", "e.config ->> 'name'",
                                        sql.SQL("e.config ->> 'engine' = %(engine)s"))
    if f["status"] is not None:
        terms.append(sql.SQL("r.status = %(status)s"))
    if direct is not None:
        terms.append(sql.SQL("e.submitted_directly = %(direct)s"))
    query = sql.SQL(
        "SELECT e.id, coalesce(e.config ->> 'name', '') AS name, e.config ->> 'engine' AS engine,"
        " e.config -> 'topology' ->> 'kind' AS topology, e.created_at, e.submitted_directly, r.status,"
        " r.finished_at, r.hit_rate, r.wall_time_s, (r.progress ->> 'fraction')::float8 AS progress_fraction"
        " FROM experiments e JOIN runs r ON r.experiment_id = e.id{} ORDER BY e.created_at DESC, e.id DESC LIMIT %(limit)s"
    ).format(_where(terms))
    return conn.execute(query, {**params, "status": f["status"], "direct": direct, "limit": limit}).fetchall()


def list_sweeps(conn: psycopg.Connection, f: HistoryFilter, limit: int) -> list[SweepListRow]:
    """Sweeps newest first (created_at, then id, descending) with their point counts and status;
    the engine filter keeps sweeps with a point of that engine."""
    terms, params = _history_conditions(
        f, "s", "s.name",
        sql.SQL("EXISTS (SELECT 1 FROM sweep_points q JOIN experiments x ON x.id = q.experiment_id"
                " WHERE q.sweep_id = s.id AND x.config ->> 'engine' = %(engine)s)"))
    inner = sql.SQL(
        "SELECT s.id, s.name, s.created_at, s.cancelled_at, c.*, {status} AS status,"
        " ARRAY(SELECT DISTINCT x.config ->> 'engine' FROM sweep_points q JOIN experiments x ON x.id = q.experiment_id"
        "  WHERE q.sweep_id = s.id ORDER BY 1) AS engines"
        " FROM sweeps s CROSS JOIN {counts}{where}"
    ).format(status=sql.SQL(_SWEEP_STATUS), counts=sql.SQL(_SWEEP_COUNTS), where=_where(terms))
    outer = sql.SQL("SELECT * FROM ({inner}) h{status} ORDER BY created_at DESC, id DESC LIMIT %(limit)s").format(
        inner=inner, status=sql.SQL(" WHERE status = %(status)s") if f["status"] is not None else sql.SQL(""))
    return conn.execute(outer, {**params, "status": f["status"], "limit": limit}).fetchall()


# ---- traces (migrations/008_traces.sql) ---------------------------------------------------

class NewTrace(TypedDict):
    id: str
    name: str
    files: bytes  # gzip of the JSON {file name: text}
    file_names: list[str]
    bytes: int
    summary: dict[str, Any]


class TraceRecord(TypedDict):
    id: str
    name: str
    file_names: list[str]
    bytes: int
    compressed_bytes: int
    summary: dict[str, Any]
    created_at: datetime


_TRACE_COLUMNS = "id, name, file_names, bytes, compressed_bytes, summary, created_at"


def insert_trace(conn: psycopg.Connection, t: NewTrace) -> bool:
    """True if the trace is new; the same content uploaded again keeps its first row."""
    return conn.execute(
        "INSERT INTO traces (id, name, files, file_names, bytes, compressed_bytes, summary)"
        " VALUES (%s, %s, %s, %s, %s, %s, %s) ON CONFLICT (id) DO NOTHING RETURNING id",
        (t["id"], t["name"], t["files"], t["file_names"], t["bytes"], len(t["files"]), Jsonb(t["summary"])),
    ).fetchone() is not None


def get_trace(conn: psycopg.Connection, trace_id: str) -> TraceRecord | None:
    return conn.execute(f"SELECT {_TRACE_COLUMNS} FROM traces WHERE id = %s", (trace_id,)).fetchone()


def trace_files(conn: psycopg.Connection, trace_id: str) -> bytes | None:
    row = conn.execute("SELECT files FROM traces WHERE id = %s", (trace_id,)).fetchone()
    return None if row is None else row["files"]


def list_traces(conn: psycopg.Connection, limit: int) -> list[TraceRecord]:
    return conn.execute(f"SELECT {_TRACE_COLUMNS} FROM traces ORDER BY created_at DESC, id DESC LIMIT %s",
                        (limit,)).fetchall()


# ---- workers (async connections) ----------------------------------------------------------

async def claim_run(conn: psycopg.AsyncConnection, experiment_id: str, job_id: int, worker: str) -> str | None:
    """Mark the run running under this job; returns the config text to run, or None if the run
    is done, cancelled or owned by another job (exactly-once results, docs/api.md)."""
    cur = await conn.execute(
        "UPDATE runs r SET status = 'running', started_at = now(), finished_at = NULL,"
        " worker = %(worker)s, attempts = r.attempts + 1, error = NULL, progress = NULL"
        " FROM experiments e"
        " WHERE e.id = r.experiment_id AND r.experiment_id = %(id)s"
        " AND r.job_id = %(job_id)s AND r.status IN ('queued', 'running')"
        " RETURNING e.canonical",
        {"id": experiment_id, "job_id": job_id, "worker": worker},
    )
    row = await cur.fetchone()
    return None if row is None else row["canonical"]


async def trace_files_of(conn: psycopg.AsyncConnection, trace_ids: list[str]) -> dict[str, bytes]:
    """{id: stored files} of the traces a run needs (a missing one is left out)."""
    cur = await conn.execute("SELECT id, files FROM traces WHERE id = ANY(%s)", (trace_ids,))
    return {r["id"]: r["files"] for r in await cur.fetchall()}


async def finish_run(conn: psycopg.AsyncConnection, experiment_id: str, job_id: int, status: str,
                     result: dict[str, Any] | None, error: dict[str, Any] | None,
                     headline: dict[str, Any], arrays: dict[str, dict[str, int]] | None = None,
                     pages: dict[str, list[tuple[int, int, bytes]]] | None = None) -> bool:
    """Store the outcome (and the result's paged arrays) in one transaction, only while this
    job still owns the running run; False if it no longer does."""
    async with conn.transaction():
        cur = await conn.execute(
            "UPDATE runs SET status = %(status)s, finished_at = now(), result = %(result)s, error = %(error)s,"
            " arrays = %(arrays)s, lookups = %(lookups)s, hits = %(hits)s, hit_rate = %(hit_rate)s,"
            " latency_mean_ns = %(latency_mean_ns)s, wall_time_s = %(wall_time_s)s,"
            # A failed run keeps how far it got (a time limit's message then has its context).
            " progress = CASE WHEN %(status)s = 'done' THEN NULL ELSE progress END"
            " WHERE experiment_id = %(id)s AND job_id = %(job_id)s AND status = 'running' RETURNING id",
            {"id": experiment_id, "job_id": job_id, "status": status,
             "result": None if result is None else Jsonb(result),
             "error": None if error is None else Jsonb(error),
             "arrays": None if arrays is None else Jsonb(arrays), **headline},
        )
        row = await cur.fetchone()
        if row is None:
            return False
        run_id = row["id"]
        await conn.execute("DELETE FROM run_arrays WHERE run_id = %s", (run_id,))
        if pages:
            async with conn.cursor() as c:
                await c.executemany(
                    "INSERT INTO run_arrays (run_id, path, page, items, data) VALUES (%s, %s, %s, %s, %s)",
                    [(run_id, path, page, n, data) for path, rows in pages.items() for page, n, data in rows])
        return True


async def set_progress(conn: psycopg.AsyncConnection, experiment_id: str, job_id: int,
                       progress: dict[str, Any]) -> None:
    """The run's latest progress report, stamped with the database's clock; only while this job
    still owns the running run (a late report never lands on a finished or cancelled one)."""
    await conn.execute(
        "UPDATE runs SET progress = %s::jsonb || jsonb_build_object('updated_at', now())"
        " WHERE experiment_id = %s AND job_id = %s AND status = 'running'",
        (Jsonb(progress), experiment_id, job_id))


async def cacti_memo_get(conn: psycopg.AsyncConnection, keys: list[str]) -> list[dict[str, Any]]:
    """Stored CACTI answers for these memo keys (migrations/007_cacti_memo.sql)."""
    if not keys:
        return []
    cur = await conn.execute("SELECT key, cfg, exit_code, out FROM cacti_memo WHERE key = ANY(%s)", (keys,))
    return list(await cur.fetchall())


async def cacti_memo_put(conn: psycopg.AsyncConnection, entries: list[dict[str, Any]]) -> None:
    """Adds CACTI answers a run got; a key stored already (another worker's run) is left as it is."""
    if not entries:
        return
    async with conn.cursor() as c:
        await c.executemany(
            "INSERT INTO cacti_memo (key, cfg, exit_code, out) VALUES (%s, %s, %s, %s) ON CONFLICT (key) DO NOTHING",
            [(e["key"], e["cfg"], e["exit_code"], e["out"]) for e in entries])


async def fail_runs_of_failed_jobs(conn: psycopg.AsyncConnection) -> int:
    """Every run reaches a terminal state: a run still queued/running whose job has failed for
    good (retries exhausted, task crashed) is marked failed with the reason."""
    cur = await conn.execute(
        "UPDATE runs r SET status = 'failed', finished_at = now(), error = jsonb_build_object("
        " 'field', NULL, 'kind', 'job_failed', 'message',"
        " 'the run could not be completed: its job failed after ' || r.attempts || ' attempt(s); see the worker log')"
        " FROM procrastinate_jobs j"
        " WHERE j.id = r.job_id AND j.status = 'failed' AND r.status IN ('queued', 'running')"
    )
    return cur.rowcount


def stored_arrays(conn: psycopg.Connection, experiment_id: str) -> dict[str, dict[str, int]]:
    """{path: {"length"}} of the arrays kept out of an experiment's result (none: {})."""
    row = conn.execute("SELECT arrays FROM runs WHERE experiment_id = %s", (experiment_id,)).fetchone()
    return (row or {}).get("arrays") or {}


def array_pages(conn: psycopg.Connection, experiment_id: str, path: str, first: int, last: int) -> list[tuple[int, bytes]]:
    """(items, compressed data) of pages first..last of one stored array, in order."""
    rows = conn.execute(
        "SELECT a.items, a.data FROM run_arrays a JOIN runs r ON r.id = a.run_id"
        " WHERE r.experiment_id = %s AND a.path = %s AND a.page BETWEEN %s AND %s ORDER BY a.page",
        (experiment_id, path, first, last),
    ).fetchall()
    return [(r["items"], r["data"]) for r in rows]
