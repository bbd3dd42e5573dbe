"""Typed dependencies shared by the routes, and the route class that parses a JSON body once."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Coroutine
from typing import Annotated, Any

import anyio.to_thread
import psycopg
from fastapi import Depends, Request, Response
from fastapi.routing import APIRoute

from ..settings import Settings, get_settings
from ..http.errors import ApiError, unparseable
from ..domain.engine import FieldError
from ..http.jsonvalues import parse_json_body
from ..http.security import require_write_token
from ..db.pool import get_conn

ConnDep = Annotated[psycopg.Connection, Depends(get_conn)]
SettingsDep = Annotated[Settings, Depends(get_settings)]
WriteAuth = Depends(require_write_token)


def require_json_media_type(request: Request) -> None:
    """415 unless a body is sent as JSON (FastAPI would otherwise report a type error on it)."""
    media = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if media == "application/json" or (media.startswith("application/") and media.endswith("+json")):
        return
    # A chunked body has no Content-Length but is a body all the same.
    has_body = request.headers.get("content-length") not in (None, "0") or "transfer-encoding" in request.headers
    if not media and not has_body:
        return  # no body at all: validation names the missing body
    got = f"Content-Type {media}" if media else "no Content-Type"
    raise ApiError(415, f"the request body must be JSON sent as Content-Type: application/json ({got} was sent)",
                   field="Content-Type", allowed="application/json")


class JsonBodyRequest(Request):
    """FastAPI reads a JSON body through request.json(): here it is parsed once, off the event
    loop, and checked in the same pass; the problem found waits for require_json_body, so a
    missing token (401) or a wrong Content-Type (415) is still answered first."""

    body_problem: FieldError | None = None

    async def json(self) -> Any:
        if not hasattr(self, "_json"):
            raw = await self.body()
            try:
                # Up to SWITCHLAB_MAX_BODY_BYTES of JSON: other requests are answered meanwhile.
                self._json, self.body_problem = await anyio.to_thread.run_sync(parse_json_body, raw)
            except json.JSONDecodeError:
                raise  # FastAPI names its position
            # FastAPI answers any other error here with a bare 400; errors.py answers with its cause.
            except UnicodeDecodeError as exc:
                raise unparseable(f"is not UTF-8 text (byte {exc.start}: {exc.reason})") from None
            except RecursionError:
                raise unparseable("nests arrays/objects too deeply to be parsed") from None
            except ValueError:  # Python's cap on the digits of an integer it converts
                raise unparseable(f"holds an integer of more than {sys.get_int_max_str_digits()} digits") from None
        return self._json


class JsonBodyRoute(APIRoute):
    def get_route_handler(self) -> Callable[[Request], Coroutine[Any, Any, Response]]:
        handler = super().get_route_handler()

        async def with_json_body(request: Request) -> Response:
            return await handler(JsonBodyRequest(request.scope, request.receive))

        return with_json_body


async def require_json_body(request: JsonBodyRequest) -> None:
    """A body sent as JSON whose objects name each key once and whose values Postgres can store
    (422 naming the first that is not)."""
    require_json_media_type(request)
    if request.body_problem is not None:
        raise request.body_problem


JsonBody = Depends(require_json_body)
