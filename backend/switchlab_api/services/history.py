"""The server-wide history (GET /api/experiments, GET /api/sweeps): query parameters into a
repository filter, and the opaque paging cursor, the (created_at, id) key of a page's last row."""

from __future__ import annotations

import re
from datetime import datetime, timedelta, timezone

from ..domain.engine import config_schema
from ..http.errors import ApiError
from ..db import repository as repo

_EPOCH = datetime(1970, 1, 1, tzinfo=timezone.utc)
# Microseconds since 1970 (Postgres keeps timestamps to the microsecond), then the full id.
CURSOR_PATTERN = "^[0-9]{1,19}_[0-9a-f]{64}$"
_CURSOR = re.compile(CURSOR_PATTERN)


def cursor_of(created_at: datetime, ident: str) -> str:
    return f"{(created_at - _EPOCH) // timedelta(microseconds=1)}_{ident}"


def _key_of(cursor: str) -> tuple[datetime, str]:
    bad = ApiError(422, "not a cursor of this list", field="before", allowed="the next_cursor of a previous page")
    if not _CURSOR.fullmatch(cursor):
        raise bad
    micros, ident = cursor.split("_")
    try:
        return _EPOCH + timedelta(microseconds=int(micros)), ident
    except OverflowError:  # beyond year 9999: no row was created then
        raise bad from None


def engines() -> list[str]:
    """The engines the core knows (its config schema: one source of truth)."""
    return list(config_schema()["properties"]["engine"]["enum"])


def _utc(moment: datetime | None) -> datetime | None:
    # A time without a zone is read as UTC, the zone every timestamp of the API is given in.
    return moment.replace(tzinfo=timezone.utc) if moment is not None and moment.tzinfo is None else moment


def history_filter(engine: str | None, status: str | None, name: str | None, created_after: datetime | None,
                   created_before: datetime | None, before: str | None) -> repo.HistoryFilter:
    if engine is not None and engine not in engines():
        raise ApiError(422, f"must be one of the core's engines; got {engine!r}", field="engine",
                       allowed="one of: " + ", ".join(engines()))
    if name is not None and "\x00" in name:  # Postgres text cannot hold it (found by schemathesis: a 500)
        raise ApiError(422, "contains U+0000", field="name", allowed="text without U+0000")
    return {"engine": engine, "status": status, "name": name, "created_after": _utc(created_after),
            "created_before": _utc(created_before), "before": None if before is None else _key_of(before)}


def next_cursor(rows: list, limit: int) -> str | None:
    """The cursor after a page read with limit + 1 rows: None when there is no further row."""
    if len(rows) <= limit:
        return None
    last = rows[limit - 1]
    return cursor_of(last["created_at"], last["id"])
