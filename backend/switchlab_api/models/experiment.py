from __future__ import annotations

from datetime import datetime
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from .common import FieldProblem, RunStatus


class ExperimentConfig(BaseModel):
    """An experiment config; the core validates it (see GET /api/schema for every field)."""

    model_config = ConfigDict(
        extra="allow",
        json_schema_extra={
            "example": {
                "seed": 1, "engine": "routewalk",
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


class ExperimentOut(BaseModel):
    id: str
    status: RunStatus
    config: dict[str, Any]
    engine_version: str
    result: dict[str, Any] | None
    error: FieldProblem | None
    attempts: int
    worker: str | None
    created_at: datetime
    queued_at: datetime
    started_at: datetime | None
    finished_at: datetime | None
    ui_url: str
