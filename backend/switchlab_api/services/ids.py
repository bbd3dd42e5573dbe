"""Resolve full or short (unique prefix) content-hash ids."""

from __future__ import annotations

import re

import psycopg
from psycopg import sql

from ..core.errors import ApiError

MIN_PREFIX = 6
_HEX = re.compile(r"^[0-9a-f]+$")


def resolve(conn: psycopg.Connection, table: str, ident: str, what: str) -> str:
    ident = ident.lower()
    # fullmatch: '$' in match() would let a trailing newline through.
    if not _HEX.fullmatch(ident) or not (MIN_PREFIX <= len(ident) <= 64):
        raise ApiError(422, [{"field": "id", "message": f"must be {MIN_PREFIX} to 64 hex characters"}])
    # LIKE on a hex-only string: no wildcard injection; table name is a fixed identifier.
    rows = conn.execute(
        sql.SQL("SELECT id FROM {} WHERE id LIKE %s ORDER BY id LIMIT 2").format(sql.Identifier(table)),
        (ident + "%",),
    ).fetchall()
    if not rows:
        raise ApiError(404, [{"field": "id", "message": f"no {what} with id {ident}"}])
    if len(rows) > 1:
        raise ApiError(409, [{"field": "id", "message": f"prefix {ident} is ambiguous; give more characters"}])
    return rows[0]["id"]
