from __future__ import annotations

from fastapi import APIRouter

from ...core import engine
from ...core.errors import ApiError
from ...db import repository as repo
from ...core.offload import in_health_pool
from ...db.pool import connection
from ...models.common import SERVER_ERRORS, Health

router = APIRouter(tags=["health"])


@router.get("/health", operation_id="getHealth", response_model=Health, responses=SERVER_ERRORS)
async def health() -> Health:
    # Its own small thread pool: health answers even while every other thread is busy.
    down, version = await in_health_pool(_check)
    if down or version is None:
        raise ApiError(503, f"{' and '.join(down)} unavailable")
    return Health(status="ok", db="ok", engine_version=version)


def _check() -> tuple[list[str], str | None]:
    down = []
    try:
        with connection(timeout=2) as conn:
            repo.ping(conn)
    except Exception:  # any failure to reach Postgres means "not ready"
        down.append("database")
    version: str | None = None
    try:
        version = engine.engine_version()
    except engine.EngineUnavailable:
        down.append("engine")
    return down, version
