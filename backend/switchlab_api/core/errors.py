"""Every error leaves the API as JSON {"detail": [{"field", "message"}...]}; never a traceback."""

from __future__ import annotations

import logging
from typing import Any

import psycopg
from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from psycopg_pool import PoolTimeout
from starlette.exceptions import HTTPException as StarletteHTTPException

from .engine import EngineUnavailable, FieldError

log = logging.getLogger("switchlab.api")


class ApiError(Exception):
    def __init__(self, status: int, detail: list[dict[str, Any]] | str):
        self.status = status
        self.detail = detail


def unprocessable(errors: list[FieldError] | FieldError) -> ApiError:
    errs = errors if isinstance(errors, list) else [errors]
    return ApiError(422, [e.as_dict() if isinstance(e, FieldError) else e for e in errs])


def _field_from_loc(loc: tuple[Any, ...] | list[Any]) -> str:
    parts = [str(p) for p in loc]
    # FastAPI prefixes with "body"/"query"/"path"; keep the source only when nothing else names it.
    if len(parts) > 1 and parts[0] in ("body", "query", "path", "header"):
        parts = parts[1:]
    return ".".join(parts)


def _validation_item(e: dict[str, Any]) -> dict[str, str]:
    if e.get("type") == "json_invalid":
        # loc is ("body", <byte offset>): the offset is not a field, so name the body.
        loc = e.get("loc", ())
        where = f" at position {loc[1]}" if len(loc) > 1 else ""
        reason = (e.get("ctx") or {}).get("error", "")
        return {"field": "body", "message": f"invalid JSON{where}" + (f": {reason}" if reason else "")}
    return {"field": _field_from_loc(e.get("loc", ())), "message": e.get("msg", "invalid")}


# FastAPI's answer when the body cannot be parsed at all (e.g. nested deeper than the parser allows).
_UNPARSEABLE_BODY = "There was an error parsing the body"


def install(app: FastAPI) -> None:
    @app.exception_handler(ApiError)
    async def _api_error(_: Request, exc: ApiError) -> JSONResponse:
        return JSONResponse({"detail": exc.detail}, status_code=exc.status)

    @app.exception_handler(FieldError)
    async def _field_error(_: Request, exc: FieldError) -> JSONResponse:
        return JSONResponse({"detail": [exc.as_dict()]}, status_code=422)

    @app.exception_handler(RequestValidationError)
    async def _validation(_: Request, exc: RequestValidationError) -> JSONResponse:
        detail = [_validation_item(e) for e in exc.errors()]
        return JSONResponse({"detail": detail}, status_code=422)

    @app.exception_handler(StarletteHTTPException)
    async def _http(_: Request, exc: StarletteHTTPException) -> JSONResponse:
        if exc.status_code == 400 and exc.detail == _UNPARSEABLE_BODY:
            # Same contract as every other invalid input: 422 naming the field.
            return JSONResponse({"detail": [{"field": "body", "message": "could not be parsed as JSON"
                                             " (malformed or nested too deeply)"}]}, status_code=422)
        return JSONResponse({"detail": exc.detail}, status_code=exc.status_code, headers=exc.headers)

    @app.exception_handler(EngineUnavailable)
    async def _engine(_: Request, exc: EngineUnavailable) -> JSONResponse:
        return JSONResponse({"detail": str(exc)}, status_code=503)

    @app.exception_handler(PoolTimeout)
    @app.exception_handler(psycopg.OperationalError)
    async def _db_down(_: Request, exc: Exception) -> JSONResponse:
        log.warning("database unavailable: %s", exc)
        return JSONResponse({"detail": "database unavailable, retry later"}, status_code=503)

    @app.exception_handler(Exception)
    async def _unexpected(_: Request, exc: Exception) -> JSONResponse:
        log.exception("unhandled error")  # the traceback goes to the log, not to the client
        return JSONResponse({"detail": "internal error"}, status_code=500)
