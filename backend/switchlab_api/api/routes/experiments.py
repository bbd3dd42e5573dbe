from __future__ import annotations

from fastapi import APIRouter, Path, Response

from ...core.engine import canonicalize
from ...core.errors import ApiError
from ...core.jsonvalues import check_json_values
from ...core.limits import check_caps
from ...models.common import ERROR_RESPONSES, ID_PATTERN, WRITE_RESPONSES, ErrorResponse
from ...models.experiment import ExperimentAccepted, ExperimentConfig, ExperimentOut
from ...services import ids
from ...services.queue import ensure_runs, store_experiments
from ..deps import ConnDep, SettingsDep, WriteAuth

router = APIRouter(prefix="/experiments", tags=["experiments"])


@router.post(
    "",
    operation_id="createExperiment",
    status_code=202,
    response_model=ExperimentAccepted,
    dependencies=[WriteAuth],
    responses={200: {"model": ExperimentAccepted, "description": "already computed; result included"},
               **ERROR_RESPONSES, **WRITE_RESPONSES},
)
def create_experiment(body: ExperimentConfig, conn: ConnDep, settings: SettingsDep,
                      response: Response) -> ExperimentAccepted:
    config = body.model_dump()
    check_json_values(config)
    canon = canonicalize(config)
    check_caps(canon.config, settings)
    with conn.transaction():
        store_experiments(conn, [canon])
        ensure_runs(conn, [canon.id])
        row = conn.execute("SELECT status, result FROM runs WHERE experiment_id = %s",
                           (canon.id,)).fetchone()
    location = f"/api/experiments/{canon.id}"
    response.headers["Location"] = location
    if row["status"] == "done":
        response.status_code = 200
        return ExperimentAccepted(id=canon.id, status="done", location=location, result=row["result"])
    return ExperimentAccepted(id=canon.id, status=row["status"], location=location)


@router.get(
    "/{experiment_id}",
    operation_id="getExperiment",
    response_model=ExperimentOut,
    responses={404: {"model": ErrorResponse}, 409: {"model": ErrorResponse}, **ERROR_RESPONSES},
)
def get_experiment(
    conn: ConnDep,
    experiment_id: str = Path(description="full id or a unique prefix of at least 6 hex characters",
                              json_schema_extra={"pattern": ID_PATTERN}),
) -> ExperimentOut:
    full = ids.resolve(conn, "experiments", experiment_id, "experiment")
    row = conn.execute(
        "SELECT e.id, e.config, e.engine_version, e.created_at, r.status, r.result, r.error,"
        " r.attempts, r.worker, r.queued_at, r.started_at, r.finished_at"
        " FROM experiments e JOIN runs r ON r.experiment_id = e.id WHERE e.id = %s",
        (full,),
    ).fetchone()
    if row is None:  # an experiment row always gets its run in the same transaction
        raise ApiError(404, [{"field": "id", "message": f"no experiment with id {full}"}])
    return ExperimentOut(**row, ui_url=f"/e/{full}")
