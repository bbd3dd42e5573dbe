from __future__ import annotations

import hashlib
from typing import Any

from fastapi import APIRouter, Path, Query, Request, Response

from ...domain.caps import check_caps
from ...settings import Settings, get_settings
from ...domain.engine import Prepared
from ...http.errors import ApiError
from ...http.offload import in_core_pool, in_db_pool
from ...db import repository as repo
from ...db.pool import connection
from ...models.common import BY_ID_ERRORS, SERVER_ERRORS, ID_DESCRIPTION, ID_PATTERN, WRITE_ERRORS, error_responses
from ...models import history as h
from ...models.experiment import (ArrayPage, ExperimentAccepted, ExperimentConfig, ExperimentOut, ExperimentPresence,
                                  StoredArray)
from ...services import history, ids, result_arrays, traces
from ...services.finished_cache import FinishedCache
from ...services.result_arrays import PAGE_ITEMS
from ...services.queue import ensure_runs, store_experiments
from ..deps import JsonBody, JsonBodyRoute, SettingsDep, WriteAuth

router = APIRouter(prefix="/experiments", tags=["experiments"], route_class=JsonBodyRoute)
# Documented (validated by ids.resolve) so generated clients and fuzzers send plausible ids.
ExperimentId = Path(description=ID_DESCRIPTION, json_schema_extra={"pattern": ID_PATTERN})


@router.post(
    "",
    operation_id="createExperiment",
    status_code=202,
    response_model=ExperimentAccepted,
    dependencies=[WriteAuth, JsonBody],
    responses={200: {"model": ExperimentAccepted, "description": "already computed; result included"},
               **SERVER_ERRORS, **WRITE_ERRORS},
)
async def create_experiment(body: ExperimentConfig, settings: SettingsDep,
                            response: Response) -> ExperimentAccepted:
    # Validation first, in the core's pool, holding no database connection while it runs.
    prepared = await in_core_pool(_prepare_within_caps, body.model_dump(), settings)
    state = await in_db_pool(_store, prepared)
    location = f"/api/experiments/{prepared.id}"
    response.headers["Location"] = location
    if state["status"] == "done":
        response.status_code = 200
        return ExperimentAccepted(id=prepared.id, status="done", location=location, result=state["result"])
    return ExperimentAccepted(id=prepared.id, status=state["status"], location=location)


def _prepare_within_caps(config: dict[str, Any], settings: Settings) -> Prepared:
    prepared = traces.prepare(config)  # the one parse of this submission (and its trace, if it names one)
    check_caps(prepared.summary, settings)
    return prepared


def _store(prepared: Prepared) -> dict[str, Any]:
    with connection() as conn, conn.transaction():
        store_experiments(conn, [prepared])
        repo.mark_submitted_directly(conn, prepared.id)
        ensure_runs(conn, [prepared.id])
        return repo.run_state(conn, prepared.id)


@router.get("", operation_id="listExperiments", response_model=h.ExperimentList,
            responses={**error_responses(422), **SERVER_ERRORS})
async def list_experiments(limit: h.Limit = 50, before: h.Before = None, engine: h.Engine = None,
                           status: h.ExperimentStatusFilter = None, name: h.Name = None,
                           created_after: h.CreatedAfter = None, created_before: h.CreatedBefore = None,
                           direct: h.Direct = None) -> h.ExperimentList:
    """The server's experiments, newest first, `limit` per page (docs/api.md, History)."""
    f = history.history_filter(engine, status, name, created_after, created_before, before)
    return await in_db_pool(_list, f, direct, limit)


def _list(f: repo.HistoryFilter, direct: bool | None, limit: int) -> h.ExperimentList:
    with connection() as conn:
        rows = repo.list_experiments(conn, f, direct, limit + 1)
    items = [h.ExperimentListItem(**r, location=f"/api/experiments/{r['id']}", ui_url=f"/e/{r['id']}")
             for r in rows[:limit]]
    return h.ExperimentList(items=items, next_cursor=history.next_cursor(rows, limit))


@router.get(
    "/{experiment_id}",
    operation_id="getExperiment",
    response_model=ExperimentOut,
    responses={**BY_ID_ERRORS, **SERVER_ERRORS,
               304: {"description": "not modified: the If-None-Match ETag is this finished experiment's"}},
)
async def get_experiment(
    request: Request,
    experiment_id: str = ExperimentId,
) -> Response:
    cached = FINISHED.get(experiment_id)  # only full lowercase ids are ever stored
    if cached is None:
        full, body, status = await in_db_pool(_load, experiment_id)
        if status != "done":
            return Response(body, media_type="application/json", headers={"Cache-Control": "no-cache"})
        etag = '"' + hashlib.sha256(body).hexdigest()[:32] + '"'
        if experiment_id == full:
            FINISHED.put(full, etag, body)
    else:
        full, (etag, body) = experiment_id, cached
    # A done experiment never changes (its id is its content; results are written once), so it
    # is cached for good when named by its full id; a prefix could some day become ambiguous.
    cache = IMMUTABLE if experiment_id.lower() == full else "no-cache"
    headers = {"ETag": etag, "Cache-Control": cache}
    if _matches(request.headers.get("if-none-match", ""), etag):
        return Response(status_code=304, headers=headers)
    return Response(body, media_type="application/json", headers=headers)


@router.delete(
    "/{experiment_id}",
    operation_id="cancelExperiment",
    response_model=ExperimentOut,
    dependencies=[WriteAuth],
    responses={**BY_ID_ERRORS, **SERVER_ERRORS, **error_responses(401)},
)
async def cancel_experiment(experiment_id: str = ExperimentId) -> Response:
    """Cancel a queued or running run: its worker kills the simulation and no result is stored.
    A finished run (done, failed, cancelled) is left as it is. Answers the experiment's state;
    submitting the config again runs it anew."""
    body = await in_db_pool(_cancel, experiment_id)
    return Response(body, media_type="application/json", headers={"Cache-Control": "no-cache"})


def _cancel(experiment_id: str) -> bytes:
    with connection() as conn:
        full = ids.resolve(conn, "experiments", experiment_id, "experiment")
        # Also when a sweep shares the run: the user asked for this experiment to stop.
        with conn.transaction():
            repo.cancel_runs(conn, list(repo.run_ids(conn, [full]).values()))
    return _load(full)[1]


@router.get(
    "/{experiment_id}/presence",
    operation_id="getExperimentPresence",
    response_model=ExperimentPresence,
    responses={**error_responses(409, 422), **SERVER_ERRORS},
)
async def get_experiment_presence(
    experiment_id: str = ExperimentId,
) -> ExperimentPresence:
    """Whether the server holds the experiment: 200 with status `absent` when it does not, so a
    client asking whether a run exists (the explorer's SMPI twin) gets no 404 to log."""
    return await in_db_pool(_presence, experiment_id)


def _presence(experiment_id: str) -> ExperimentPresence:
    with connection() as conn:
        try:
            full = ids.resolve(conn, "experiments", experiment_id, "experiment")
        except ApiError as e:
            if e.status != 404:
                raise
            return ExperimentPresence(id=experiment_id.lower(), status="absent")
        state = repo.run_state(conn, full)
    return ExperimentPresence(id=full, status=state["status"] if state else "absent")


IMMUTABLE = "public, max-age=31536000, immutable"
FINISHED = FinishedCache(get_settings().finished_cache_bytes)


def _matches(if_none_match: str, etag: str) -> bool:
    # RFC 9110: a list of entity tags compared weakly (W/ ignored), or "*" for any.
    tags = {t.strip().removeprefix("W/") for t in if_none_match.split(",")}
    return "*" in tags or etag in tags


def _load(experiment_id: str) -> tuple[str, bytes, str]:
    """(full id, JSON body, status); the connection is held for the two queries only."""
    with connection() as conn:
        full = ids.resolve(conn, "experiments", experiment_id, "experiment")
        record = repo.get_experiment(conn, full)
    if record is None:  # an experiment row always gets its run in the same transaction
        raise ApiError(404, f"no experiment with id {full}", field="id")
    arrays = {path: StoredArray(length=a["length"], href=f"/api/experiments/{full}/arrays/{path}")
              for path, a in (record.pop("arrays") or {}).items()} or None
    out = ExperimentOut(**record, arrays=arrays, ui_url=f"/e/{full}")
    return full, out.model_dump_json().encode(), out.status


@router.get(
    "/{experiment_id}/arrays/{path}",
    operation_id="getExperimentArray",
    response_model=ArrayPage,
    responses={**BY_ID_ERRORS, **SERVER_ERRORS},
)
async def get_experiment_array(
    experiment_id: str = ExperimentId,
    path: str = Path(description="dotted path listed in the experiment's `arrays`", max_length=200),
    offset: int = Query(0, ge=0, le=2**31, description="first item"),
    limit: int = Query(PAGE_ITEMS, ge=1, le=PAGE_ITEMS, description=f"items to return, at most {PAGE_ITEMS}"),
) -> ArrayPage:
    return await in_db_pool(_load_array, experiment_id, path, offset, limit)


def _load_array(experiment_id: str, path: str, offset: int, limit: int) -> ArrayPage:
    with connection() as conn:
        full = ids.resolve(conn, "experiments", experiment_id, "experiment")
        stored = repo.stored_arrays(conn, full)  # not the whole result: it may be megabytes
        if path not in stored:
            raise ApiError(404, f"experiment {full} has no stored array {path!r}"
                           + (f"; it has {', '.join(sorted(stored))}" if stored else ""), field="path")
        length = stored[path]["length"]
        first, last = offset // PAGE_ITEMS, max(offset, offset + limit - 1) // PAGE_ITEMS
        pages = repo.array_pages(conn, full, path, first, last) if offset < length else []
    return ArrayPage(path=path, offset=offset, length=length,
                     items=result_arrays.read_slice(pages, first, offset, limit))
