from __future__ import annotations

from fastapi import APIRouter
from fastapi.responses import JSONResponse

from ...core import engine
from ...core.db import get_pool
from ...models.common import Health

router = APIRouter(tags=["health"])


@router.get("/health", operation_id="getHealth", response_model=Health,
            responses={503: {"model": Health, "description": "database or engine unavailable"}})
def health() -> JSONResponse:
    db_ok = True
    try:
        with get_pool().connection(timeout=2) as conn:
            conn.execute("SELECT 1")
    except Exception:  # any failure to reach Postgres means "not ready"
        db_ok = False
    try:
        version: str | None = engine.engine_version()
    except engine.EngineUnavailable:
        version = None
    ok = db_ok and version is not None
    body = Health(status="ok" if ok else "unavailable", db="ok" if db_ok else "down",
                  engine_version=version)
    return JSONResponse(body.model_dump(), status_code=200 if ok else 503)
