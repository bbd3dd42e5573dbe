"""The worker's database calls survive a Postgres restart: transient errors are retried in
process with backoff, so a finished simulation is stored, not recomputed (docs/api.md, Workers)."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable
from typing import TypeVar

import psycopg
from psycopg.rows import dict_row

log = logging.getLogger("switchlab.worker")
T = TypeVar("T")

# SQLSTATEs that mean "the server went away or is not ready yet", not "this statement is wrong".
_TRANSIENT_STATES = {"57P01", "57P02", "57P03", "53300"}  # shutdown, crash, starting, too many connections


class DatabaseUnavailable(Exception):
    """The database stayed unreachable for the whole retry window."""


def is_transient(exc: BaseException) -> bool:
    if isinstance(exc, (psycopg.OperationalError, psycopg.InterfaceError)):
        state = exc.sqlstate
        # No SQLSTATE: the client lost or could not open the connection.
        return state is None or state.startswith("08") or state in _TRANSIENT_STATES
    return isinstance(exc, OSError)


# Idle connections of this worker process, reused by its tasks (a connection per call cost
# more than the rest of a small sweep point); a broken or busy one is never put back.
_idle: list[psycopg.AsyncConnection] = []


async def _connect(url: str) -> psycopg.AsyncConnection:
    while _idle:
        conn = _idle.pop()
        if not conn.closed and conn.info.transaction_status == psycopg.pq.TransactionStatus.IDLE:
            return conn
        await conn.close()
    return await psycopg.AsyncConnection.connect(url, autocommit=True, row_factory=dict_row)


async def with_database(url: str, work: Callable[[psycopg.AsyncConnection], Awaitable[T]],
                        retry_s: float, what: str) -> T:
    """work(conn) on an autocommit connection of this process; transient failures retried for retry_s."""
    deadline = time.monotonic() + retry_s
    pause = 0.5
    while True:
        conn = None
        try:
            conn = await _connect(url)
            result = await work(conn)
            _idle.append(conn)
            return result
        except Exception as exc:
            if conn is not None:
                await conn.close()
            if not is_transient(exc):
                raise
            if time.monotonic() + pause > deadline:
                raise DatabaseUnavailable(f"{what}: database unreachable for {retry_s:g} s: {exc}") from exc
            log.warning("%s: database unavailable (%s); retrying in %.1f s", what, exc, pause)
            await asyncio.sleep(pause)
            pause = min(pause * 2, 15.0)
