"""Typed dependencies shared by the routes."""

from __future__ import annotations

from typing import Annotated

import psycopg
from fastapi import Depends, Request

from ..core.config import Settings, get_settings
from ..core.errors import ApiError
from ..core.jsonvalues import check_duplicate_keys
from ..core.security import require_write_token
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


async def require_json_body(request: Request) -> None:
    """A body sent as JSON whose objects name each key once (422 naming a repeated one)."""
    require_json_media_type(request)
    raw = await request.body()  # already read (and parsed) by FastAPI: cached, not read twice
    if raw:
        check_duplicate_keys(raw)


JsonBody = Depends(require_json_body)
