from __future__ import annotations

from fastapi import APIRouter

from ...core import engine
from ...core.errors import ApiError
from ...db import repository as repo
from ...db.pool import get_pool
from ...models.common import SERVER_ERRORS, Health

router = APIRouter(tags=["health"])


@router.get("/health", operation_id="getHealth", response_model=Health, responses=SERVER_ERRORS)
def health() -> Health:
    down = []
    try:
        with get_pool().connection(timeout=2) as conn:
            repo.ping(conn)
    except Exception:  # any failure to reach Postgres means "not ready"
        down.append("database")
    version: str | None = None
    try:
        version = engine.engine_version()
    except engine.EngineUnavailable:
        down.append("engine")
    if down or version is None:
        raise ApiError(503, f"{' and '.join(down)} unavailable")
    return Health(status="ok", db="ok", engine_version=version)
