from __future__ import annotations

from typing import Literal

from pydantic import BaseModel

RunStatus = Literal["queued", "running", "done", "failed", "cancelled"]


class ErrorItem(BaseModel):
    field: str
    message: str


class ErrorResponse(BaseModel):
    detail: list[ErrorItem] | str


class Health(BaseModel):
    status: Literal["ok", "unavailable"]
    db: Literal["ok", "down"]
    engine_version: str | None


ERROR_RESPONSES = {
    422: {"model": ErrorResponse, "description": "Invalid input; names the field and allowed range"},
}
