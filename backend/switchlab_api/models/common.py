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


ID_PATTERN = "^[0-9a-fA-F]{6,64}$"

ERROR_RESPONSES = {
    422: {"model": ErrorResponse, "description": "Invalid input; names the field and allowed range"},
}

# Write endpoints: the optional API token and the body size limit answer before validation.
WRITE_RESPONSES = {
    401: {"model": ErrorResponse, "description": "SWITCHLAB_API_TOKEN is set and the bearer token is missing or wrong"},
    413: {"model": ErrorResponse, "description": "request body over SWITCHLAB_MAX_BODY_BYTES"},
}
