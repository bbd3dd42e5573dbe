from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field

RunStatus = Literal["queued", "running", "done", "failed", "cancelled"]

ErrorCode = Literal[
    "bad_request", "unauthorized", "forbidden", "not_found", "method_not_allowed", "conflict",
    "payload_too_large", "unsupported_media_type", "invalid_config", "invalid_trace", "invalid_request",
    "internal", "unavailable",
]


FIELD_PATH = ("dotted path of the offending field, list items as the core writes them (topology.dims[1]); "
              "null when no single field is at fault")


class FieldProblem(BaseModel):
    """What the core (or a server cap) says about one field."""

    field: str | None = Field(description=FIELD_PATH)
    message: str
    allowed: str | None = Field(default=None, description="what the field accepts, e.g. 'an integer in [1, 2048]'")


class PointError(FieldProblem):
    point: int = Field(description="index of the sweep point (row-major over the axes)")
    values: dict[str, Any] = Field(description="the point's axis values")


class ErrorBody(BaseModel):
    code: ErrorCode
    message: str
    field: str | None = Field(description=FIELD_PATH)
    allowed: str | None
    points: list[PointError] | None = Field(
        default=None, description="sweeps only: every failing point (at most 20); field/message are the first's")


class ErrorResponse(BaseModel):
    """The one error envelope of every 4xx/5xx answer (docs/api.md, Errors)."""

    error: ErrorBody


class Health(BaseModel):
    status: Literal["ok"]
    db: Literal["ok"]
    engine_version: str


# Reads and share links need 96 bits of an id (24 hex characters), so ids cannot be enumerated
# by walking short prefixes (docs/security.md).
MIN_ID_HEX = 24
ID_PATTERN = f"^[0-9a-fA-F]{{{MIN_ID_HEX},64}}$"
ID_DESCRIPTION = f"full id (64 hex characters) or a unique prefix of at least {MIN_ID_HEX} of them"

_DESCRIPTIONS = {
    400: "the body is not parseable JSON (field 'body'), or a CORS preflight was refused",
    401: "SWITCHLAB_API_TOKEN is set and the bearer token is missing or wrong",
    404: "no resource with this id",
    409: "the id prefix matches more than one resource",
    413: "request body over SWITCHLAB_MAX_BODY_BYTES",
    415: "Content-Type is not application/json",
    422: "invalid input; names the field and what it allows",
    500: "internal error (details are in the server log only)",
    503: "the database or the simulation engine is unavailable",
}


def error_responses(*statuses: int) -> dict[int | str, dict[str, Any]]:
    return {s: {"model": ErrorResponse, "description": _DESCRIPTIONS[s]} for s in statuses}


# Every operation can answer 500/503; those with parameters or a body add 422, reads by id
# 404/409, writes 400/401/413/415.
SERVER_ERRORS = error_responses(500, 503)
BY_ID_ERRORS = error_responses(404, 409, 422)
WRITE_ERRORS = error_responses(400, 401, 413, 415, 422)
