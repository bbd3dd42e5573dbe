"""Resolve full content-hash ids, or unique prefixes of at least 96 bits (never short ones)."""

from __future__ import annotations

import re

import psycopg

from ..http.errors import ApiError
from ..db import repository as repo
from ..models.common import MIN_ID_HEX

_HEX = re.compile(r"^[0-9a-f]+$")


def resolve(conn: psycopg.Connection, table: repo.Table, ident: str, what: str) -> str:
    ident = ident.lower()
    # fullmatch: '$' in match() would let a trailing newline through.
    if not _HEX.fullmatch(ident) or not (MIN_ID_HEX <= len(ident) <= 64):
        raise ApiError(422, "not an id", field="id", allowed=f"{MIN_ID_HEX} to 64 hex characters")
    found = repo.ids_with_prefix(conn, table, ident)
    if not found:
        raise ApiError(404, f"no {what} with id {ident}", field="id")
    if len(found) > 1:
        raise ApiError(409, f"prefix {ident} is ambiguous; give more characters", field="id")
    return found[0]
