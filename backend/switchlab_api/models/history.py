"""The server-wide history: its query parameters (declared once, used by both lists) and pages."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated

from fastapi import Query
from pydantic import BaseModel, Field

from ..services.history import CURSOR_PATTERN
from .common import RunStatus
from .sweep import SweepStatus, SweepSummary

MAX_LIST_ITEMS = 200

Limit = Annotated[int, Query(ge=1, le=MAX_LIST_ITEMS, description=f"items per page, at most {MAX_LIST_ITEMS}")]
Before = Annotated[str | None, Query(description="next_cursor of the previous page: the items created before its last",
                                     json_schema_extra={"pattern": CURSOR_PATTERN})]
Engine = Annotated[str | None, Query(max_length=64, description="only this engine's (an `engine` of GET /api/schema)")]
Name = Annotated[str | None, Query(max_length=200, description="only names containing this text, case-insensitive")]
CreatedAfter = Annotated[datetime | None, Query(description="only created after this time (ISO 8601; UTC if no zone)")]
CreatedBefore = Annotated[datetime | None, Query(description="only created before this time (ISO 8601; UTC if no zone)")]
ExperimentStatusFilter = Annotated[RunStatus | None, Query(description="only experiments whose run has this status")]
SweepStatusFilter = Annotated[SweepStatus | None, Query(description="only sweeps with this status")]
Direct = Annotated[bool | None, Query(description="true: only experiments submitted on their own (POST /api/experiments); "
                                                  "false: only those that are sweep points alone")]


class ExperimentListItem(BaseModel):
    id: str
    name: str = Field(description="the config's name, '' when it has none")
    engine: str
    topology: str | None = Field(description="the config's topology kind")
    status: RunStatus
    created_at: datetime
    finished_at: datetime | None
    submitted_directly: bool = Field(description="submitted on its own, not only as a sweep point")
    hit_rate: float | None = Field(description="cache hit rate of the run, a fraction; null without a cache or a result")
    wall_time_s: float | None = Field(description="the run's wall time in seconds")
    progress_fraction: float | None = Field(description="while running, its worker's last report, 0 to 1")
    location: str
    ui_url: str


class ExperimentList(BaseModel):
    items: list[ExperimentListItem] = Field(description="newest first")
    next_cursor: str | None = Field(description="pass as `before` for the next (older) page; null on the last page")


class SweepListItem(SweepSummary):
    engines: list[str] = Field(description="the engines its points run")


class SweepList(BaseModel):
    items: list[SweepListItem] = Field(description="newest first")
    next_cursor: str | None = Field(description="pass as `before` for the next (older) page; null on the last page")
