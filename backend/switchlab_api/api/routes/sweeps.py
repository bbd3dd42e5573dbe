from __future__ import annotations

import csv
import io
import json
from typing import Any, Literal

from fastapi import APIRouter, Path, Query, Response

from ...domain.engine import Prepared
from ...http.errors import ApiError
from ...http.offload import in_core_pool, in_db_pool
from ...db import repository as repo
from ...db.pool import connection
from ...models.common import BY_ID_ERRORS, ID_DESCRIPTION, ID_PATTERN, SERVER_ERRORS, WRITE_ERRORS, error_responses
from ...models import history as h
from ...models.sweep import SweepCreate, SweepOut, SweepResultsPage
from ...services import history, ids
from ...services import sweeps as svc
from ..deps import ConnDep, JsonBody, JsonBodyRoute, SettingsDep, WriteAuth

router = APIRouter(prefix="/sweeps", tags=["sweeps"], route_class=JsonBodyRoute)
# Documented (validated by ids.resolve) so generated clients and fuzzers send plausible ids.
SweepId = Path(description=ID_DESCRIPTION,
               json_schema_extra={"pattern": ID_PATTERN})


def _load(conn: ConnDep, ident: str) -> SweepOut:
    sid = ids.resolve(conn, "sweeps", ident, "sweep")
    row = repo.get_sweep(conn, sid)
    counts = repo.sweep_run_counts(conn, sid)
    return SweepOut(
        id=sid, name=row["name"], status=counts["status"], progress=svc.progress(counts),
        axes=row["axes"], axis_names=row["axis_names"], base=row["base"],
        created_at=row["created_at"], cancelled_at=row["cancelled_at"],
        location=f"/api/sweeps/{sid}", results_url=f"/api/sweeps/{sid}/results", ui_url=f"/s/{sid}",
    )


@router.post("", operation_id="createSweep", status_code=202, response_model=SweepOut,
             dependencies=[WriteAuth, JsonBody],
             responses={200: {"model": SweepOut, "description": "identical sweep already exists"},
                        **SERVER_ERRORS, **WRITE_ERRORS})
async def create_sweep(body: SweepCreate, settings: SettingsDep, response: Response) -> SweepOut:
    # Every point is validated in the core's pool before a database connection is taken.
    parsed, points = await in_core_pool(svc.plan, body.base, body.axes, settings)
    sid, created, out = await in_db_pool(_create, body, parsed, points)
    response.status_code = 202 if created else 200
    response.headers["Location"] = f"/api/sweeps/{sid}"
    return out


def _create(body: SweepCreate, parsed: dict[str, list[Any]],
            points: list[tuple[dict[str, Any], Prepared]]) -> tuple[str, bool, SweepOut]:
    with connection() as conn:
        sid, created = svc.create(conn, body.name, body.base, body.axes, parsed, points)
        return sid, created, _load(conn, sid)


@router.get("", operation_id="listSweeps", response_model=h.SweepList,
            responses={**error_responses(422), **SERVER_ERRORS})
def list_sweeps(conn: ConnDep, limit: h.Limit = 50, before: h.Before = None, engine: h.Engine = None,
                status: h.SweepStatusFilter = None, name: h.Name = None, created_after: h.CreatedAfter = None,
                created_before: h.CreatedBefore = None) -> h.SweepList:
    """The server's sweeps, newest first, `limit` per page (docs/api.md, History)."""
    f = history.history_filter(engine, status, name, created_after, created_before, before)
    rows = repo.list_sweeps(conn, f, limit + 1)
    items = [h.SweepListItem(id=r["id"], name=r["name"], status=r["status"], engines=r["engines"],
                             progress=svc.progress(r), created_at=r["created_at"], cancelled_at=r["cancelled_at"],
                             location=f"/api/sweeps/{r['id']}", results_url=f"/api/sweeps/{r['id']}/results",
                             ui_url=f"/s/{r['id']}")
             for r in rows[:limit]]
    return h.SweepList(items=items, next_cursor=history.next_cursor(rows, limit))


@router.get("/{sweep_id}", operation_id="getSweep", response_model=SweepOut,
            responses={**BY_ID_ERRORS, **SERVER_ERRORS})
def get_sweep(conn: ConnDep, sweep_id: str = SweepId) -> SweepOut:
    return _load(conn, sweep_id)


@router.delete("/{sweep_id}", operation_id="cancelSweep", response_model=SweepOut,
               dependencies=[WriteAuth], responses={**BY_ID_ERRORS, **SERVER_ERRORS, **error_responses(401)})
def cancel_sweep(conn: ConnDep, sweep_id: str = SweepId) -> SweepOut:
    sid = ids.resolve(conn, "sweeps", sweep_id, "sweep")
    svc.cancel(conn, sid)
    return _load(conn, sid)


def _csv_cell(value: Any) -> Any:
    # Lists/objects (e.g. topology.dims) stay one cell as compact JSON.
    return json.dumps(value, separators=(",", ":")) if isinstance(value, (list, dict)) else value


@router.get("/{sweep_id}/results", operation_id="getSweepResults", response_model=SweepResultsPage,
            responses={**BY_ID_ERRORS, **SERVER_ERRORS,
                       200: {"content": {"text/csv": {}}, "description": "JSON page, or CSV with format=csv"}})
def sweep_results(
    conn: ConnDep,
    sweep_id: str = SweepId,
    format: Literal["json", "csv"] = "json",
    limit: int = Query(default=1000, ge=1, le=10_000),
    cursor: str | None = Query(default=None, description="next_cursor of the previous page",
                               json_schema_extra={"pattern": "^[0-9]{1,18}$"}),
) -> Any:
    sid = ids.resolve(conn, "sweeps", sweep_id, "sweep")
    after = -1
    if cursor is not None:
        # ASCII digits only: str.isdigit() also accepts e.g. '²', which int() rejects (was a 500).
        if not (cursor.isascii() and cursor.isdigit() and len(cursor) <= 18):
            raise ApiError(422, "not a cursor of this sweep", field="cursor",
                           allowed="the next_cursor of a previous page")
        after = int(cursor)
    sweep = repo.get_sweep(conn, sid)
    axis_names, result_names = sweep["axis_names"], svc.result_columns(svc.sweep_engines(sweep))
    rows, next_cursor = svc.result_rows(conn, sid, axis_names, result_names, after, limit)
    cols = svc.columns(axis_names, result_names)
    if format == "json":
        return SweepResultsPage(sweep_id=sid, columns=cols, rows=rows, next_cursor=next_cursor)
    buf = io.StringIO()
    writer = csv.writer(buf, lineterminator="\n")
    writer.writerow([f"{c['name']} [{c['unit']}]" if c["unit"] else c["name"] for c in cols])
    writer.writerows([[_csv_cell(v) for v in row] for row in rows])
    headers = {"Content-Disposition": f'attachment; filename="sweep-{sid[:12]}.csv"'}
    if next_cursor is not None:
        headers["X-Next-Cursor"] = next_cursor
    return Response(buf.getvalue(), media_type="text/csv", headers=headers)
