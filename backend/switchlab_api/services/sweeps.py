"""Sweep creation (validate every point, then one transaction), progress and result rows."""

from __future__ import annotations

import hashlib
import json
import re
from datetime import datetime, timezone
from typing import Any

import psycopg

from ..domain.caps import check_caps
from ..settings import Settings
from ..domain.engine import FieldError, Prepared, config_schema, default_engine, engine_version
from ..http.errors import INVALID_CONFIG, ApiError
from ..http.jsonvalues import dig
from ..http.offload import stop_if_abandoned
from ..domain.units import config_unit, result_unit
from ..db import repository as repo
from . import axes as axes_mod, traces
from .queue import ensure_runs, store_experiments

MAX_REPORTED_ERRORS = 20


# The core's field for the whole document (e.g. nested too deeply; docs/security.md): the base.
CORE_DOCUMENT = "config"


def _error_field(field: str, axis_names: list[str]) -> str:
    """Point the error at the part of the request the user must change."""
    if field == CORE_DOCUMENT:
        return "base"
    # The core writes list items as dims[1], an axis name as dims.1 (axes.set_path).
    dotted = re.sub(r"\[(\d+)\]", r".\1", field)
    for name in axis_names:
        if dotted == name or dotted.startswith(name + ".") or name.startswith(dotted + "."):
            return f"axes.{name}"
    return f"base.{field}" if field else "base"


def _as_normalized(values: dict[str, Any], prepared: Prepared) -> dict[str, Any]:
    """A point's axis values as the core read them (1000.0 entries -> 1000, 1 load -> 1.0), so the
    table and CSV show what ran; a value the normalized config does not hold stays as given."""
    out = {}
    for name, given in values.items():
        read = dig(prepared.config, name)
        out[name] = given if read is None else read
    return out


def plan(base: dict[str, Any], raw_axes: Any, settings: Settings) -> tuple[dict[str, list[Any]], list[tuple[dict[str, Any], Prepared]]]:
    parsed = axes_mod.parse_axes(raw_axes)
    total = axes_mod.count_points(parsed)
    if total > settings.sweep_max_points:
        raise FieldError("axes", f"{total} points exceed this server's sweep cap",
                         allowed=f"1 to {settings.sweep_max_points} points (SWITCHLAB_SWEEP_MAX_POINTS)")
    names = list(parsed)
    points: list[tuple[dict[str, Any], Prepared]] = []
    errors: list[dict[str, Any]] = []
    cache: dict[str, Prepared | FieldError] = {}
    stored_bytes = 0
    try:
        for index, (values, config) in enumerate(axes_mod.expand(base, parsed)):
            stop_if_abandoned()  # 10,000 points of a big config outlast the request's core timeout
            key = json.dumps(config, sort_keys=True)
            outcome = cache.get(key)
            if outcome is None:
                try:
                    outcome = traces.prepare(config)  # a point may name a trace of its own
                    check_caps(outcome.summary, settings)
                except FieldError as exc:
                    outcome = exc
                else:
                    stored_bytes += len(outcome.text)
                    _check_stored_bytes(stored_bytes, index + 1, settings)
                cache[key] = outcome
            if isinstance(outcome, FieldError):
                if len(errors) < MAX_REPORTED_ERRORS:
                    errors.append({**outcome.as_dict(), "field": _error_field(outcome.field, names),
                                   "point": index, "values": values})
                continue
            points.append((_as_normalized(values, outcome), outcome))
    except RecursionError:  # copying the base recurses per level; the core allows far fewer anyway
        depth = config_schema()["x-limits"]["json_depth"]
        raise FieldError("base", "nests arrays/objects too deeply to be copied into each point",
                         f"a JSON document nested at most {depth} levels deep") from None
    if errors:  # nothing has been written yet
        first = errors[0]
        raise ApiError(422, first["message"], field=first["field"], allowed=first["allowed"],
                       code=INVALID_CONFIG, points=errors)
    return parsed, points


def _check_stored_bytes(stored: int, points: int, settings: Settings) -> None:
    """Stop at once when the point configs seen so far outgrow the cap: each is stored (and held
    while validating), so a big base times many points would fill the database."""
    cap = settings.sweep_max_bytes
    if stored > cap:
        raise FieldError("axes", f"the first {points} points already hold {stored:,} bytes of config "
                         f"(~{stored // points:,} bytes each); this server stores at most {cap:,} per sweep",
                         allowed=f"at most {cap:,} bytes of point configs per sweep (SWITCHLAB_SWEEP_MAX_BYTES): "
                                 "fewer points or a smaller base")


def sweep_id(parsed: dict[str, list[Any]], points: list[tuple[dict[str, Any], Prepared]]) -> str:
    payload = json.dumps({"engine": engine_version(), "axes": parsed,
                          "points": [c.id for _, c in points]}, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(payload.encode()).hexdigest()


def create(conn: psycopg.Connection, name: str, base: dict[str, Any], raw_axes: dict[str, Any],
           parsed: dict[str, list[Any]], points: list[tuple[dict[str, Any], Prepared]]) -> tuple[str, bool]:
    """Write sweep, experiments, runs, points and jobs in one transaction; returns (id, created)."""
    sid = sweep_id(parsed, points)
    unique = {c.id: c for _, c in points}
    sweep: repo.NewSweep = {"id": sid, "name": name, "base": base, "axes": raw_axes, "axis_names": list(parsed),
                            "total": len(points), "unique_points": len(unique)}
    with conn.transaction():
        created = repo.insert_sweep(conn, sweep)
        store_experiments(conn, unique.values())
        run_ids = ensure_runs(conn, list(unique))
        if created:
            repo.insert_sweep_points(conn, sid, ((c.id, run_ids[c.id], values) for values, c in points))
        else:
            # Resubmitting revives a cancelled sweep; ensure_runs re-queued its cancelled points.
            repo.set_sweep_cancelled(conn, sid, False)
    return sid, created


def progress(counts: repo.SweepRunCounts) -> dict[str, Any]:
    """A sweep's progress from its point counts (repo.sweep_run_counts, or a row of repo.list_sweeps)."""
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


def cancel(conn: psycopg.Connection, sid: str) -> None:
    with conn.transaction():
        repo.set_sweep_cancelled(conn, sid, True)
        # Runs shared with another live sweep keep going: that sweep still needs them.
        repo.cancel_runs(conn, repo.live_runs_only_in(conn, sid))


def result_columns(engines: list[str]) -> list[str]:
    """A sweep's result columns: the summary, then the headline keys each engine its points use
    declares in the core (the config schema's x-engines; units from the results schema), then the
    run's wall time and engine version."""
    headline = {e["name"]: e["headline"] for e in config_schema()["x-engines"]}
    names = ["summary.nodes", "summary.switches"]
    for engine in engines:
        names += [n for n in headline.get(engine, []) if n not in names]
    return names + ["wall_time_s", "engine.version"]


def sweep_engines(sweep: dict[str, Any]) -> list[str]:
    """The engines a sweep's points run: the base's, then any given as an axis, in order."""
    engines = [sweep["base"].get("engine", default_engine())]
    axis = sweep["axes"].get("engine") if isinstance(sweep["axes"], dict) else None
    for e in axis if isinstance(axis, list) else []:
        if isinstance(e, str) and e not in engines:
            engines.append(e)
    return engines


def columns(axis_names: list[str], result_names: list[str]) -> list[dict[str, str | None]]:
    cols: list[dict[str, str | None]] = [
        {"name": "point", "unit": None}, {"name": "experiment_id", "unit": None},
        {"name": "status", "unit": None},
    ]
    cols += [{"name": n, "unit": config_unit(n)} for n in axis_names]
    cols += [{"name": n, "unit": result_unit(n)} for n in result_names]
    cols.append({"name": "error", "unit": None})
    return cols


def result_rows(conn: psycopg.Connection, sid: str, axis_names: list[str], result_names: list[str],
                after: int, limit: int) -> tuple[list[list[Any]], str | None]:
    rows = repo.sweep_points(conn, sid, after, limit + 1)
    more = len(rows) > limit
    rows = rows[:limit]
    out = []
    for r in rows:
        result = r["result"] or {}
        out.append(
            [r["idx"], r["experiment_id"], r["status"]]
            + [r["axis_values"].get(n) for n in axis_names]
            + [dig(result, n) for n in result_names]
            + [(r["error"] or {}).get("message")]
        )
    return out, (str(rows[-1]["idx"]) if more and rows else None)
