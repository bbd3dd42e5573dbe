from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from .common import FieldProblem, RunStatus


class ExperimentConfig(BaseModel):
    """An experiment config; the core validates it (see GET /api/schema for every field)."""

    model_config = ConfigDict(
        extra="allow",
        json_schema_extra={
            "example": {
                "seed": 1,
                "topology": {"kind": "torus", "dims": [4, 4]},
                "switch": {"cache": {"entries": 64, "ways": 4}},
                "traffic": {"pattern": "uniform", "packets": 2000},
            }
        },
    )


class ExperimentAccepted(BaseModel):
    id: str = Field(description="content hash of the canonical config + engine version")
    status: RunStatus
    location: str
    result: dict[str, Any] | None = None


class ExperimentPresence(BaseModel):
    """Whether the server holds an experiment, and its run's status if it does."""

    id: str = Field(description="the full id when the server holds the experiment, else the id asked for")
    status: RunStatus | Literal["absent"] = Field(description="the run's status, or absent: no such experiment here")


class RunError(FieldProblem):
    """Why a run failed."""

    kind: str | None = Field(
        default=None, description="invalid_config, time_limit, memory_limit, result_too_large, engine_crash, "
                                  "storage or job_failed (docs/api.md, Workers)")


class RunProgress(BaseModel):
    """How far a run is: its worker's last report (at most about once a second)."""

    fraction: float = Field(ge=0, le=1, description="share of the run's work done, 0 to 1")
    done: int = Field(ge=0, description="work units done, in `unit`")
    total: int = Field(ge=0, description="work units of the whole run, in `unit`")
    unit: str = Field(description="what done and total count: packets (engine routewalk), cycles (cycle), "
                                  "evaluations (app) or replays (smpi: each benchmark with and without the cache)")
    updated_at: datetime = Field(description="when the worker reported it")


class StoredArray(BaseModel):
    """A long result array kept out of `result` (per-port / per-switch data of big networks)."""

    length: int = Field(description="number of items")
    href: str = Field(description="where to page it: GET with ?offset=&limit=")


class ArrayPage(BaseModel):
    path: str = Field(description="dotted path of the array in the result, e.g. cache.by_port")
    offset: int
    length: int = Field(description="items in the whole array")
    items: list[Any]


class ExperimentOut(BaseModel):
    id: str
    status: RunStatus
    config: dict[str, Any]
    engine_version: str
    result: dict[str, Any] | None
    arrays: dict[str, StoredArray] | None = Field(
        default=None, description="result arrays too long to inline (SWITCHLAB_RESULT_INLINE_ITEMS), by dotted "
                                  "path; each is absent from `result` and paged at its href")
    error: RunError | None
    progress: RunProgress | None = Field(
        default=None, description="while running, how far the run is; after a cancel or failure, how far it got; "
                                  "null before the first report and once done")
    attempts: int
    worker: str | None
    created_at: datetime
    queued_at: datetime
    started_at: datetime | None
    finished_at: datetime | None
    ui_url: str
