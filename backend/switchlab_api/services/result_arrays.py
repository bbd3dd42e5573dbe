"""Bounded result storage: long arrays (per-port, per-switch) leave the result document for
compressed pages in run_arrays, paged by GET /api/experiments/{id}/arrays/{path}; what stays
inline is capped in bytes (docs/api.md, Results). Over a cap the run fails, saying so."""

from __future__ import annotations

import json
import zlib
from dataclasses import dataclass, field
from typing import Any

from ..settings import Settings

# Items per stored page: also the most one API read returns.
PAGE_ITEMS = 65_536


@dataclass
class Stored:
    status: str
    result: dict[str, Any] | None
    error: dict[str, Any] | None
    # path -> list of (page index, item count, zlib-compressed JSON array)
    pages: dict[str, list[tuple[int, int, bytes]]] = field(default_factory=dict)

    @property
    def arrays(self) -> dict[str, dict[str, int]] | None:
        return {p: {"length": sum(n for _, n, _ in pages)} for p, pages in self.pages.items()} or None


def read_slice(pages: list[tuple[int, bytes]], first_page: int, offset: int, limit: int) -> list[Any]:
    """Items offset..offset+limit of an array from its stored pages first_page.. (in order)."""
    items: list[Any] = []
    for _, data in pages:
        items.extend(json.loads(zlib.decompress(data)))
    start = offset - first_page * PAGE_ITEMS
    return items[start:start + limit]


def _take_long_arrays(obj: dict[str, Any], limit: int, prefix: str, out: dict[str, list[Any]]) -> None:
    for key in list(obj):
        value, path = obj[key], f"{prefix}{key}"
        if isinstance(value, list) and len(value) > limit:
            out[path] = obj.pop(key)
        elif isinstance(value, dict):
            _take_long_arrays(value, limit, f"{path}.", out)


def _paginate(items: list[Any]) -> list[tuple[int, int, bytes]]:
    return [(i // PAGE_ITEMS, len(chunk), zlib.compress(json.dumps(chunk, separators=(",", ":")).encode(), 6))
            for i in range(0, len(items), PAGE_ITEMS) for chunk in [items[i:i + PAGE_ITEMS]]]


def _too_large(what: str, size: int, cap: int, env: str) -> Stored:
    return Stored("failed", None, {
        "field": None, "kind": "result_too_large", "limit_bytes": cap, "size_bytes": size,
        "message": f"the run's {what} is {size / 1e6:,.1f} MB, over this server's limit of "
                   f"{cap / 1e6:,.1f} MB ({env}); shrink the topology or turn off per-port output"})


def store(status: str, payload: dict[str, Any], settings: Settings) -> Stored:
    if status != "done":
        return Stored(status, None, payload)
    arrays: dict[str, list[Any]] = {}
    _take_long_arrays(payload, settings.result_inline_items, "", arrays)
    inline = len(json.dumps(payload, separators=(",", ":")))
    if inline > settings.max_result_bytes:
        return _too_large("result (without its long arrays)", inline, settings.max_result_bytes,
                          "SWITCHLAB_MAX_RESULT_BYTES")
    pages = {path: _paginate(items) for path, items in arrays.items()}
    packed = sum(len(data) for p in pages.values() for _, _, data in p)
    if packed > settings.max_array_bytes:
        return _too_large("compressed per-port/per-switch arrays", packed, settings.max_array_bytes,
                          "SWITCHLAB_MAX_ARRAY_BYTES")
    return Stored("done", payload, None, pages)
