"""Every error leaves the API in one envelope, never a traceback (docs/api.md, "Errors"):

    {"error": {"code": "invalid_config", "message": "...", "field": "switch.cache.ways" | null,
               "allowed": "an integer in [1, 2048] that divides entries" | null}}

`field` and `allowed` come from the core's error object when the core rejected the input.
"""

from __future__ import annotations

import json
import logging
from typing import Any

import psycopg
from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from psycopg_pool import PoolTimeout
from starlette.exceptions import HTTPException as StarletteHTTPException

from . import declared
from ..domain.engine import EngineUnavailable, FieldError
from .head import allow_with_head, request_method
from .jsonvalues import field_path

log = logging.getLogger("switchlab.api")

# The code of each status; 422 is refined by where the bad input is (see ApiError.code).
CODES: dict[int, str] = {
    400: "bad_request", 401: "unauthorized", 403: "forbidden", 404: "not_found",
    405: "method_not_allowed", 409: "conflict", 413: "payload_too_large",
    415: "unsupported_media_type", 422: "invalid_request", 500: "internal", 503: "unavailable",
}
# 422 for the request body (a config or a sweep); path and query errors stay invalid_request.
INVALID_CONFIG = "invalid_config"


def code_for(status: int) -> str:
    return CODES.get(status, "bad_request" if status < 500 else "internal")


class ApiError(Exception):
    """An error answer; `points` lists every failing sweep point (sweeps only)."""

    def __init__(self, status: int, message: str, *, field: str | None = None, allowed: str | None = None,
                 code: str | None = None, points: list[dict[str, Any]] | None = None,
                 headers: dict[str, str] | None = None):
        super().__init__(message)
        self.status = status
        self.code = code or code_for(status)
        self.message = message
        self.field = field
        self.allowed = allowed
        self.points = points
        self.headers = headers

    @classmethod
    def invalid(cls, exc: FieldError) -> ApiError:
        return cls(422, exc.message, field=exc.field or None, allowed=exc.allowed, code=INVALID_CONFIG)

    def body(self) -> dict[str, Any]:
        err: dict[str, Any] = {"code": self.code, "message": self.message, "field": self.field,
                               "allowed": self.allowed}
        if self.points is not None:
            err["points"] = self.points
        return {"error": err}

    def response(self) -> JSONResponse:
        return JSONResponse(self.body(), status_code=self.status, headers=self.headers)


def _field_from_loc(loc: tuple[Any, ...] | list[Any]) -> str:
    parts = [p if isinstance(p, int) else str(p) for p in loc]
    # FastAPI prefixes with "body"/"query"/"path"; keep the source only when nothing else names it.
    if len(parts) > 1 and parts[0] in ("body", "query", "path", "header"):
        parts = parts[1:]
    return field_path(parts)


def unparseable(message: str) -> ApiError:
    return ApiError(400, message, field="body", allowed="a JSON document (Content-Type: application/json)")


def _preview(value: Any) -> str:
    shown = json.dumps(value, default=str)  # ASCII: a lone surrogate stays encodable
    return shown if len(shown) <= 60 else shown[:57] + "..."


def _validation_message(e: dict[str, Any], allowed: str | None) -> str:
    if e.get("type") == "extra_forbidden":
        return "unknown field"  # the core's words for a key it does not declare
    if e.get("type") == "missing":
        return "is required"
    if allowed is None:
        return e.get("msg", "invalid")
    return f"must be {allowed}; got {_preview(e.get('input'))}"


def from_validation(e: dict[str, Any], route: Any) -> ApiError:
    """FastAPI's first validation error in our envelope; `route` (request.scope["route"]) holds
    the declaration its `allowed` is read from."""
    loc = e.get("loc", ())
    if e.get("type") == "json_invalid":
        # loc is ("body", <byte offset>): the offset is not a field, so name the body.
        where = f" at position {loc[1]}" if len(loc) > 1 else ""
        reason = (e.get("ctx") or {}).get("error", "")
        return unparseable(f"invalid JSON{where}" + (f": {reason}" if reason else ""))
    in_body = bool(loc) and loc[0] == "body"
    allowed = declared.allowed_for(route, e)
    return ApiError(422, _validation_message(e, allowed), field=_field_from_loc(loc), allowed=allowed,
                    code=INVALID_CONFIG if in_body else None)


# FastAPI's answer when the body cannot be parsed at all (e.g. nested deeper than the parser allows).
_UNPARSEABLE_BODY = "There was an error parsing the body"


# The name of ui.py's GET catch-all route.
UI_CATCH_ALL = "ui"


def _only_the_ui_matched(request: Request) -> bool:
    """A 405 for an /api path that only the UI's GET catch-all matched: no endpoint has that
    path, whatever the method (Starlette answers 405 for the first route matching a path)."""
    path = request.url.path
    return (path == "/api" or path.startswith("/api/")) and \
        getattr(request.scope.get("route"), "name", None) == UI_CATCH_ALL


def no_such_endpoint(path: str, headers: dict[str, str] | None = None) -> ApiError:
    return ApiError(404, f"no such endpoint: {path}", headers=headers)


def method_not_allowed(scope: Any, path: str, allow: str | None, headers: dict[str, str] | None = None) -> ApiError:
    """The one 405 answer: names the method asked for and the path; `allow` (the path's methods)
    gains HEAD wherever GET is allowed, in the body and the Allow header."""
    allow = allow_with_head(allow)
    return ApiError(405, f"{request_method(scope)} is not allowed on {path}", allowed=allow,
                    headers={**(headers or {}), "Allow": allow} if allow else headers)


def _from_http(request: Request, exc: StarletteHTTPException) -> ApiError:
    headers = dict(exc.headers or {})
    if isinstance(exc.__cause__, ApiError):  # raised while FastAPI read the body (size limit)
        return exc.__cause__
    if exc.status_code == 400 and exc.detail == _UNPARSEABLE_BODY:
        return unparseable("could not be parsed as JSON (malformed or nested too deeply)")
    if exc.status_code == 404:
        return no_such_endpoint(request.url.path, headers)
    if exc.status_code == 405 and _only_the_ui_matched(request):
        return no_such_endpoint(request.url.path)
    if exc.status_code == 405:
        allow = headers.pop("Allow", None) or headers.pop("allow", None)
        return method_not_allowed(request.scope, request.url.path, allow, headers)
    return ApiError(exc.status_code, str(exc.detail), headers=headers)


def install(app: FastAPI) -> None:
    @app.exception_handler(ApiError)
    async def _api_error(_: Request, exc: ApiError) -> JSONResponse:
        return exc.response()

    @app.exception_handler(FieldError)
    async def _field_error(_: Request, exc: FieldError) -> JSONResponse:
        return ApiError.invalid(exc).response()

    @app.exception_handler(RequestValidationError)
    async def _validation(request: Request, exc: RequestValidationError) -> JSONResponse:
        return from_validation(exc.errors()[0], request.scope.get("route")).response()

    @app.exception_handler(StarletteHTTPException)
    async def _http(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        return _from_http(request, exc).response()

    @app.exception_handler(EngineUnavailable)
    async def _engine(_: Request, exc: EngineUnavailable) -> JSONResponse:
        return ApiError(503, f"the simulation engine is unavailable: {exc}").response()

    @app.exception_handler(PoolTimeout)
    @app.exception_handler(psycopg.OperationalError)
    async def _db_down(_: Request, exc: Exception) -> JSONResponse:
        log.warning("database unavailable: %s", exc)
        return ApiError(503, "database unavailable, retry later").response()

    @app.exception_handler(Exception)
    async def _unexpected(_: Request, exc: Exception) -> JSONResponse:
        log.exception("unhandled error")  # the traceback goes to the log, not to the client
        return ApiError(500, "internal error").response()
