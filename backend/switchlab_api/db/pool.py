"""One psycopg connection pool per API process; the SQL itself is in repository.py."""

from __future__ import annotations

import logging
import threading
from collections.abc import Iterator
from contextlib import contextmanager

import psycopg
from psycopg.rows import dict_row
from psycopg_pool import ConnectionPool, PoolTimeout

log = logging.getLogger("switchlab.api")

_pool: ConnectionPool | None = None
_renewing = threading.Lock()
MAX_SIZE = 8
_in_use = 0  # connections handed out by connection() and not yet returned
_in_use_lock = threading.Lock()


def _new_pool(url: str) -> ConnectionPool:
    # autocommit: reads need no transaction; writes open an explicit one (conn.transaction()).
    # check: connections broken by a Postgres restart are replaced instead of failing requests.
    pool = ConnectionPool(
        url,
        min_size=1,
        max_size=MAX_SIZE,
        kwargs={"autocommit": True, "row_factory": dict_row},
        check=ConnectionPool.check_connection,
        open=False,
    )
    pool.open(wait=False)  # the API starts even while Postgres is still coming up
    return pool


def open_pool(url: str) -> ConnectionPool:
    global _pool
    _pool = _new_pool(url)
    return _pool


def close_pool() -> None:
    global _pool
    if _pool is not None:
        _pool.close()
        _pool = None


def get_pool() -> ConnectionPool:
    assert _pool is not None, "pool not opened (app lifespan not started)"
    return _pool


def reason(exc: Exception) -> str:
    """Why the database could not be used, in the driver's words ("Connection refused", "the
    database system is shutting down") but without the server address it names."""
    lines = str(exc).strip().splitlines()
    return lines[0].rsplit("failed: ", 1)[-1] if lines else type(exc).__name__


def _unreachable(url: str) -> str | None:
    """Why a direct connection fails, or None when it works."""
    try:
        psycopg.connect(url, connect_timeout=2).close()
        return None
    except psycopg.OperationalError as exc:
        return reason(exc)


def _renew(stale: ConnectionPool) -> ConnectionPool:
    """A fresh pool in place of one whose lost connections are still being re-made on the
    pool's exponential backoff (after a long outage, the next attempt can be minutes away)."""
    global _pool
    with _renewing:
        if _pool is stale:
            log.warning("database reachable but the pool is still reconnecting: opening a fresh pool")
            _pool = _new_pool(stale.conninfo)
            threading.Thread(target=stale.close, kwargs={"timeout": 5}, daemon=True).start()
        return _pool


def _acquire(timeout: float) -> tuple[ConnectionPool, psycopg.Connection]:
    pool = get_pool()
    try:
        return pool, pool.getconn(timeout=timeout)
    except PoolTimeout:
        # Renew only a pool that lost connections, never one merely busy under load.
        if _in_use >= MAX_SIZE:
            raise
        reason = _unreachable(pool.conninfo)
        if reason is not None:
            raise PoolTimeout(reason) from None
        pool = _renew(pool)
        return pool, pool.getconn(timeout=timeout)


@contextmanager
def connection(timeout: float = 10) -> Iterator[psycopg.Connection]:
    """A pooled connection for the `with` block only (hold it for the queries, nothing longer)."""
    global _in_use
    pool, conn = _acquire(timeout)
    with _in_use_lock:
        _in_use += 1
    try:
        yield conn
    finally:
        with _in_use_lock:
            _in_use -= 1
        pool.putconn(conn)


def get_conn() -> Iterator[psycopg.Connection]:
    with connection() as conn:
        yield conn
