"""MPI traces in PostgreSQL and in this process's core (docs/api.md, "Traces").

The core keeps loaded traces in its process, by content id, up to a memory budget (least recently
used evicted); a config with traffic.pattern "mpi_trace" names one (traffic.trace_id) and every
core entry point refuses it, naming that field, unless that process holds it. So the API (when it
validates a config) and each worker's run child (when it runs one) load the trace from its stored
files when the core refuses for that reason, and try once more.
"""

from __future__ import annotations

import gzip
import json
import re
from collections.abc import Iterable
from typing import Any

from ..domain import engine
from ..domain.engine import FieldError
from ..db import repository as repo
from ..db.pool import connection

TRACE_PATTERN = "mpi_trace"
TRACE_FIELD = "traffic.trace_id"
_FULL_ID = re.compile(r"^[0-9a-f]{64}$")


def referenced(config: Any) -> list[str]:
    """The trace a config names, if it names one the way the core reads it (the core itself
    refuses any other form of traffic.trace_id, naming the field)."""
    traffic = config.get("traffic") if isinstance(config, dict) else None
    if not isinstance(traffic, dict) or traffic.get("pattern") != TRACE_PATTERN:
        return []
    trace_id = traffic.get("trace_id")
    return [trace_id] if isinstance(trace_id, str) and _FULL_ID.fullmatch(trace_id) else []


def pack(files: dict[str, str]) -> bytes:
    """What `traces.files` stores: the gzip'd JSON object the core loaded."""
    return gzip.compress(json.dumps(files, ensure_ascii=False, separators=(",", ":")).encode(), compresslevel=6)


def unpack_stored(blob: bytes) -> str:
    return gzip.decompress(blob).decode()


def load(files: dict[str, str], expect: str | None = None) -> dict[str, Any]:
    """The core's {id, summary} of `files`, now held by this process's core (FieldError naming the
    file and line if the core refuses them). `expect`: the id they were stored under."""
    out = engine.trace_load(files)
    if expect is not None and out["id"] != expect:
        raise RuntimeError(f"stored trace {expect} loads as {out['id']}")
    return out


def held(trace_id: str) -> bool:
    """Whether this process's core holds the trace now (its summary answers without an error)."""
    return not engine.core().trace_summary(trace_id).startswith('{"error"')


def names_missing_trace(error: FieldError | dict[str, Any]) -> bool:
    """Whether a core error is its refusal of a trace this process has not loaded (or evicted:
    the core keeps loaded traces up to a memory budget, least recently used first)."""
    field = error.field if isinstance(error, FieldError) else error.get("field")
    return field == TRACE_FIELD


def not_stored(trace_id: str) -> FieldError:
    return FieldError(TRACE_FIELD, f"no trace with id {trace_id} on this server",
                      allowed="the id of a trace uploaded with POST /api/traces")


def load_stored(trace_ids: Iterable[str]) -> None:
    """Load traces from PostgreSQL into this (API) process's core; an id the server does not
    store is a FieldError on traffic.trace_id."""
    for trace_id in trace_ids:
        with connection() as conn:
            blob = repo.trace_files(conn, trace_id)
        if blob is None:
            raise not_stored(trace_id)
        load(json.loads(unpack_stored(blob)), expect=trace_id)


def prepare(config: dict[str, Any]) -> engine.Prepared:
    """engine.prepare, loading the trace the config names from PostgreSQL when this process's
    core does not hold it (first use here, or evicted): no cost for a config without one."""
    try:
        return engine.prepare(config)
    except FieldError as exc:
        needed = referenced(config)
        if not needed or not names_missing_trace(exc):
            raise
        load_stored(needed)
        return engine.prepare(config)
