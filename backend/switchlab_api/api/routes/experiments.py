from __future__ import annotations

from fastapi import APIRouter, Path, Response

from ...core.caps import check_caps
from ...core.engine import prepare
from ...core.errors import ApiError
from ...core.jsonvalues import check_json_values
from ...db import repository as repo
from ...models.common import BY_ID_ERRORS, SERVER_ERRORS, ID_PATTERN, WRITE_ERRORS
from ...models.experiment import ExperimentAccepted, ExperimentConfig, ExperimentOut
from ...services import ids
from ...services.queue import ensure_runs, store_experiments
from ..deps import ConnDep, JsonBody, SettingsDep, WriteAuth

router = APIRouter(prefix="/experiments", tags=["experiments"])


@router.post(
    "",
    operation_id="createExperiment",
    status_code=202,
    response_model=ExperimentAccepted,
    dependencies=[WriteAuth, JsonBody],
    responses={200: {"model": ExperimentAccepted, "description": "already computed; result included"},
               **SERVER_ERRORS, **WRITE_ERRORS},
)
def create_experiment(body: ExperimentConfig, conn: ConnDep, settings: SettingsDep,
                      response: Response) -> ExperimentAccepted:
    config = body.model_dump()
    check_json_values(config)
    prepared = prepare(config)  # the one parse of this submission
    check_caps(prepared.summary, settings)
    with conn.transaction():
        store_experiments(conn, [prepared])
        ensure_runs(conn, [prepared.id])
        state = repo.run_state(conn, prepared.id)
    location = f"/api/experiments/{prepared.id}"
    response.headers["Location"] = location
    if state["status"] == "done":
        response.status_code = 200
        return ExperimentAccepted(id=prepared.id, status="done", location=location, result=state["result"])
    return ExperimentAccepted(id=prepared.id, status=state["status"], location=location)


@router.get(
    "/{experiment_id}",
    operation_id="getExperiment",
    response_model=ExperimentOut,
    responses={**BY_ID_ERRORS, **SERVER_ERRORS},
)
def get_experiment(
    conn: ConnDep,
    experiment_id: str = Path(description="full id or a unique prefix of at least 6 hex characters",
                              json_schema_extra={"pattern": ID_PATTERN}),
) -> ExperimentOut:
    full = ids.resolve(conn, "experiments", experiment_id, "experiment")
    record = repo.get_experiment(conn, full)
    if record is None:  # an experiment row always gets its run in the same transaction
        raise ApiError(404, f"no experiment with id {full}", field="id")
    return ExperimentOut(**record, ui_url=f"/e/{full}")
