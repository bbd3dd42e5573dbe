from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

SweepStatus = Literal["queued", "running", "done", "failed", "cancelled"]


class SweepCreate(BaseModel):
    model_config = ConfigDict(
        extra="forbid",  # a misspelt key is a 422, not silently ignored (docs/api.md)
        json_schema_extra={
            "example": {
                "name": "ways vs entries",
                "base": {"seed": 1, "topology": {"kind": "torus", "dims": [4, 4]},
                         "switch": {"cache": {"entries": 64, "ways": 4}},
                         "traffic": {"pattern": "uniform", "packets": 2000}},
                "axes": {"switch.cache.entries": {"from": 64, "to": 256, "mul": 2},
                         "switch.cache.ways": [1, 2, 4]},
            }
        }
    )
    name: str = Field(default="", max_length=200)
    base: dict[str, Any]
    axes: dict[str, Any] = Field(description="field path -> list of values, or {from,to,mul|step}")


class Progress(BaseModel):
    total: int
    unique_points: int
    done: int
    failed: int
    cancelled: int
    running: int
    queued: int
    fraction_done: float
    eta_s: float | None = Field(description="estimated seconds to completion; null until a point has finished")


class SweepSummary(BaseModel):
    """What a sweep's answer and its row in the history list (GET /api/sweeps) share."""

    id: str
    name: str
    status: SweepStatus
    progress: Progress
    created_at: datetime
    cancelled_at: datetime | None
    location: str
    results_url: str
    ui_url: str


class SweepOut(SweepSummary):
    axes: dict[str, Any]
    axis_names: list[str]
    base: dict[str, Any]


class Column(BaseModel):
    name: str
    unit: str | None


class SweepResultsPage(BaseModel):
    sweep_id: str
    columns: list[Column]
    rows: list[list[Any]]
    next_cursor: str | None
