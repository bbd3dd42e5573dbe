"""Blocking work leaves the event loop, so `/api/health` and every other request keep being
answered while a big config is validated (the core releases the GIL while it works).

Core calls (validation, schemas) run in their own bounded pool of `SWITCHLAB_CORE_THREADS`
threads: a burst of slow validations queues there instead of taking every worker thread.
Database work runs in anyio's default pool; health has a small pool of its own so it never
waits behind either.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache, partial
from typing import TypeVar

import anyio.from_thread
import anyio.to_thread
from anyio import CapacityLimiter

from ..settings import get_settings
from .errors import ApiError

T = TypeVar("T")


@cache
def _limiter(name: str) -> CapacityLimiter:
    return CapacityLimiter(get_settings().core_threads if name == "core" else 2)


async def in_core_pool(fn: Callable[..., T], *args: object) -> T:
    """fn(*args) in the core's pool, answered within SWITCHLAB_CORE_TIMEOUT_S: past it the request
    gets 503 and the thread is abandoned to finish its current core call (the core bounds its own
    work by checking a config's size before building anything, so this is a last resort); a loop
    of calls stops at its next stop_if_abandoned()."""
    timeout = get_settings().core_timeout_s
    try:
        with anyio.fail_after(timeout):
            return await anyio.to_thread.run_sync(partial(fn, *args), limiter=_limiter("core"),
                                                  abandon_on_cancel=True)
    except TimeoutError:
        raise ApiError(503, f"the simulation core did not answer within {timeout:g} s "
                       "(SWITCHLAB_CORE_TIMEOUT_S); the server is busy, retry later") from None


def stop_if_abandoned() -> None:
    """Called between the steps of a long job in the core's pool (a sweep's points): once its
    request has been answered 503, stop instead of holding a core thread for work nobody reads."""
    anyio.from_thread.check_cancelled()


async def in_db_pool(fn: Callable[..., T], *args: object) -> T:
    return await anyio.to_thread.run_sync(partial(fn, *args))


async def in_health_pool(fn: Callable[..., T], *args: object) -> T:
    return await anyio.to_thread.run_sync(partial(fn, *args), limiter=_limiter("health"))
