"""One psycopg connection pool per API process; the SQL itself is in repository.py."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import AbstractContextManager

import psycopg
from psycopg.rows import dict_row
from psycopg_pool import ConnectionPool

_pool: ConnectionPool | None = None


def open_pool(url: str) -> ConnectionPool:
    global _pool
    # autocommit: reads need no transaction; writes open an explicit one (conn.transaction()).
    # check: connections broken by a Postgres restart are replaced instead of failing requests.
    _pool = ConnectionPool(
        url,
        min_size=1,
        max_size=8,
        kwargs={"autocommit": True, "row_factory": dict_row},
        check=ConnectionPool.check_connection,
        open=False,
    )
    _pool.open(wait=False)  # the API starts even while Postgres is still coming up
    return _pool


def close_pool() -> None:
    global _pool
    if _pool is not None:
        _pool.close()
        _pool = None


def get_pool() -> ConnectionPool:
    assert _pool is not None, "pool not opened (app lifespan not started)"
    return _pool


def connection(timeout: float = 10) -> AbstractContextManager[psycopg.Connection]:
    """A pooled connection for the `with` block only (hold it for the queries, nothing longer)."""
    return get_pool().connection(timeout=timeout)


def get_conn() -> Iterator[psycopg.Connection]:
    with connection() as conn:
        yield conn
