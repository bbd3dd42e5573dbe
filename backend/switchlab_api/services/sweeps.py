"""Sweep creation (validate every point, then one transaction), progress and result rows."""

from __future__ import annotations

import hashlib
import json
from datetime import datetime, timezone
from typing import Any

import psycopg
from psycopg.types.json import Jsonb

from ..core.config import Settings
from ..core.engine import Canonical, FieldError, canonicalize, engine_version
from ..core.errors import ApiError
from ..core.limits import check_caps
from . import axes as axes_mod
from .queue import cancel_runs, ensure_runs, store_experiments

MAX_REPORTED_ERRORS = 20


def _error_field(field: str, axis_names: list[str]) -> str:
    """Point the error at the part of the request the user must change."""
    for name in axis_names:
        if field == name or field.startswith(name + ".") or name.startswith(field + "."):
            return f"axes.{name}"
    return f"base.{field}" if field else "base"


def plan(base: dict[str, Any], raw_axes: Any, settings: Settings) -> tuple[dict[str, list[Any]], list[tuple[dict[str, Any], Canonical]]]:
    try:
        parsed = axes_mod.parse_axes(raw_axes)
    except FieldError as exc:
        raise ApiError(422, [exc.as_dict()]) from exc
    total = axes_mod.count_points(parsed)
    if total > settings.sweep_max_points:
        raise ApiError(422, [{"field": "axes", "message": f"{total} points exceed the sweep cap: allowed range 1..{settings.sweep_max_points}"}])
    names = list(parsed)
    points: list[tuple[dict[str, Any], Canonical]] = []
    errors: list[dict[str, Any]] = []
    cache: dict[str, Canonical | FieldError] = {}
    for index, (values, config) in enumerate(axes_mod.expand(base, parsed)):
        key = json.dumps(config, sort_keys=True)
        outcome = cache.get(key)
        if outcome is None:
            try:
                outcome = canonicalize(config)
                check_caps(outcome.config, settings)
            except FieldError as exc:
                outcome = exc
            cache[key] = outcome
        if isinstance(outcome, FieldError):
            if len(errors) < MAX_REPORTED_ERRORS:
                errors.append({"field": _error_field(outcome.field, names), "message": outcome.message,
                               "point": index, "values": values})
            continue
        points.append((values, outcome))
    if errors:
        raise ApiError(422, errors)  # nothing has been written yet
    return parsed, points


def sweep_id(parsed: dict[str, list[Any]], points: list[tuple[dict[str, Any], Canonical]]) -> str:
    payload = json.dumps({"engine": engine_version(), "axes": parsed,
                          "points": [c.id for _, c in points]}, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(payload.encode()).hexdigest()


def create(conn: psycopg.Connection, name: str, base: dict[str, Any], raw_axes: dict[str, Any],
           parsed: dict[str, list[Any]], points: list[tuple[dict[str, Any], Canonical]]) -> tuple[str, bool]:
    """Write sweep, experiments, runs, points and jobs in one transaction; returns (id, created)."""
    sid = sweep_id(parsed, points)
    with conn.transaction():
        created = conn.execute(
            "INSERT INTO sweeps (id, name, base, axes, axis_names, total, unique_points)"
            " VALUES (%s, %s, %s, %s, %s, %s, %s) ON CONFLICT (id) DO NOTHING RETURNING id",
            (sid, name, Jsonb(base), Jsonb(raw_axes), list(parsed), len(points),
             len({c.id for _, c in points})),
        ).fetchone() is not None
        if not created:
            conn.execute("SELECT 1 FROM sweeps WHERE id = %s FOR UPDATE", (sid,))
        store_experiments(conn, {c.id: c for _, c in points}.values())
        run_ids = ensure_runs(conn, [c.id for _, c in points])
        if created:
            with conn.cursor() as cur:
                cur.executemany(
                    "INSERT INTO sweep_points (sweep_id, idx, experiment_id, run_id, axis_values)"
                    " VALUES (%s, %s, %s, %s, %s)",
                    [(sid, i, c.id, run_ids[c.id], Jsonb(values)) for i, (values, c) in enumerate(points)],
                )
        else:
            # Resubmitting revives a cancelled sweep; ensure_runs re-queued its cancelled points.
            conn.execute("UPDATE sweeps SET cancelled_at = NULL WHERE id = %s", (sid,))
    return sid, created


def progress(conn: psycopg.Connection, sid: str, created_at: datetime) -> dict[str, Any]:
    counts = conn.execute(
        "SELECT count(*) AS total,"
        " count(*) FILTER (WHERE r.status = 'done') AS done,"
        " count(*) FILTER (WHERE r.status = 'failed') AS failed,"
        " count(*) FILTER (WHERE r.status = 'cancelled') AS cancelled,"
        " count(*) FILTER (WHERE r.status = 'running') AS running,"
        " count(*) FILTER (WHERE r.status = 'queued') AS queued,"
        " count(DISTINCT r.id) AS unique_points,"
        " count(DISTINCT r.id) FILTER (WHERE r.status IN ('queued', 'running')) AS remaining_runs,"
        " count(DISTINCT r.id) FILTER (WHERE r.status IN ('done', 'failed') AND r.finished_at >= %s) AS finished_runs,"
        " min(r.started_at) FILTER (WHERE r.finished_at >= %s) AS first_start,"
        " max(r.finished_at) FILTER (WHERE r.finished_at >= %s) AS last_finish"
        " FROM sweep_points p JOIN runs r ON r.id = p.run_id WHERE p.sweep_id = %s",
        (created_at, created_at, created_at, sid),
    ).fetchone()
    eta: float | None = None
    if counts["remaining_runs"] == 0:
        eta = 0.0
    elif counts["finished_runs"] and counts["first_start"] and counts["last_finish"]:
        # Throughput so far (all workers together) extrapolated to what is left.
        elapsed = max((datetime.now(timezone.utc) - counts["first_start"]).total_seconds(), 1e-3)
        eta = counts["remaining_runs"] * elapsed / counts["finished_runs"]
    total = counts["total"]
    return {
        "total": total, "unique_points": counts["unique_points"], "done": counts["done"],
        "failed": counts["failed"], "cancelled": counts["cancelled"], "running": counts["running"],
        "queued": counts["queued"], "fraction_done": (counts["done"] / total) if total else 0.0,
        "eta_s": eta,
    }


def status_of(p: dict[str, Any], cancelled: bool) -> str:
    if cancelled:
        return "cancelled"
    if p["queued"] + p["running"] > 0:
        return "running" if p["running"] + p["done"] + p["failed"] > 0 else "queued"
    return "failed" if p["total"] and p["failed"] == p["total"] else "done"


def cancel(conn: psycopg.Connection, sid: str) -> None:
    with conn.transaction():
        conn.execute("UPDATE sweeps SET cancelled_at = coalesce(cancelled_at, now()) WHERE id = %s", (sid,))
        # Runs shared with another live sweep keep going: that sweep still needs them.
        rows = conn.execute(
            "SELECT DISTINCT p.run_id FROM sweep_points p JOIN runs r ON r.id = p.run_id"
            " WHERE p.sweep_id = %s AND r.status IN ('queued', 'running')"
            " AND NOT EXISTS (SELECT 1 FROM sweep_points q JOIN sweeps s ON s.id = q.sweep_id"
            "   WHERE q.run_id = p.run_id AND q.sweep_id <> %s AND s.cancelled_at IS NULL)",
            (sid, sid),
        ).fetchall()
        cancel_runs(conn, [r["run_id"] for r in rows])


# Headline result columns of every results row, with their units.
RESULT_COLUMNS: list[tuple[str, str | None]] = [
    ("cache.lookups", "count"), ("cache.hits", "count"), ("cache.hit_rate", "fraction"),
    ("cache.misses.compulsory", "count"), ("cache.misses.capacity", "count"),
    ("cache.misses.conflict", "count"),
    ("latency_ns.zero_load.mean", "ns"), ("latency_ns.zero_load.p50", "ns"),
    ("latency_ns.zero_load.p99", "ns"), ("latency_ns.zero_load.max", "ns"),
    ("cost.cache.area_mm2", "mm2"), ("cost.cache.access_ns", "ns"),
    ("cost.cache.read_energy_nJ", "nJ"), ("cost.cache.leakage_mW", "mW"),
    ("wall_time_s", "s"), ("engine.version", None),
]


def axis_unit(name: str) -> str | None:
    last = name.rsplit(".", 1)[-1]
    if last.endswith("_ns") or ".delays_ns." in f".{name}.":
        return "ns"
    if last in ("entries", "packets", "warmup_packets"):
        return "count"
    return None


def columns(axis_names: list[str]) -> list[dict[str, str | None]]:
    cols: list[dict[str, str | None]] = [
        {"name": "point", "unit": None}, {"name": "experiment_id", "unit": None},
        {"name": "status", "unit": None},
    ]
    cols += [{"name": n, "unit": axis_unit(n)} for n in axis_names]
    cols += [{"name": n, "unit": u} for n, u in RESULT_COLUMNS]
    cols.append({"name": "error", "unit": None})
    return cols


def _dig(data: Any, path: str) -> Any:
    for key in path.split("."):
        if not isinstance(data, dict):
            return None
        data = data.get(key)
    return data


def result_rows(conn: psycopg.Connection, sid: str, axis_names: list[str], after: int,
                limit: int) -> tuple[list[list[Any]], str | None]:
    rows = conn.execute(
        "SELECT p.idx, p.experiment_id, p.axis_values, r.status, r.result, r.error"
        " FROM sweep_points p JOIN runs r ON r.id = p.run_id"
        " WHERE p.sweep_id = %s AND p.idx > %s ORDER BY p.idx LIMIT %s",
        (sid, after, limit + 1),
    ).fetchall()
    more = len(rows) > limit
    rows = rows[:limit]
    out = []
    for r in rows:
        result = r["result"] or {}
        out.append(
            [r["idx"], r["experiment_id"], r["status"]]
            + [r["axis_values"].get(n) for n in axis_names]
            + [_dig(result, n) for n, _ in RESULT_COLUMNS]
            + [(r["error"] or {}).get("message")]
        )
    return out, (str(rows[-1]["idx"]) if more and rows else None)
