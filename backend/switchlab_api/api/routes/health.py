from __future__ import annotations

from fastapi import APIRouter

from ...domain import engine
from ...http.errors import ApiError
from ...db import repository as repo
from ...http.offload import in_health_pool
from ...db.pool import connection, reason
from ...models.common import SERVER_ERRORS, Health

router = APIRouter(tags=["health"])


@router.get("/health", operation_id="getHealth", response_model=Health, responses=SERVER_ERRORS)
async def health() -> Health:
    # Its own small thread pool: health answers even while every other thread is busy.
    down, version = await in_health_pool(_check)
    if down or version is None:
        raise ApiError(503, "; ".join(down))
    return Health(status="ok", db="ok", engine_version=version)


def _check() -> tuple[list[str], str | None]:
    """What is down, each with a reason, and the engine version."""
    down = []
    try:
        with connection(timeout=1) as conn:
            repo.ping(conn)
    except Exception as exc:  # any failure to reach Postgres means "not ready"
        # A pool timeout carries the reason of the direct connection attempt behind it.
        down.append(f"database unavailable: {reason(exc)}")
    version: str | None = None
    try:
        version = engine.engine_version()
    except engine.EngineUnavailable:
        down.append("engine unavailable: the switchlab_core extension does not load")
    return down, version
