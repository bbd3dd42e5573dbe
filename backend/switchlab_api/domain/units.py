"""Units of config fields and result keys, read from the core's JSON Schemas (x-unit).

The config schema is discriminated by topology kind (allOf/if/then), so a field such as
topology.dims lives in a `then` branch; every branch is searched. Result units come from the
core's units(), which applies the results schema's rule (docs/contract.md).
"""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any

from . import engine


def _children(node: dict[str, Any], part: str) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    props = node.get("properties") or {}
    if part in props:
        out.append(props[part])
    elif isinstance(node.get("additionalProperties"), dict):
        out.append(node["additionalProperties"])
    if part.isascii() and part.isdigit() and isinstance(node.get("items"), dict):
        out.append(node["items"])
    for branch in node.get("allOf") or []:
        for key in ("then", "else"):
            if isinstance(branch.get(key), dict):
                out += _children(branch[key], part)
    return out


def _nodes(schema: dict[str, Any], path: str) -> list[dict[str, Any]]:
    """The schema nodes that declare a dotted path (list indices allowed); [] if undeclared."""
    nodes = [schema]
    for part in path.split("."):
        nodes = [child for n in nodes for child in _children(n, part)]
    return nodes


def _unit_of(nodes: list[dict[str, Any]]) -> str | None:
    for node in nodes:
        if "x-unit" in node:
            return str(node["x-unit"])
        if isinstance(node.get("items"), dict) and "x-unit" in node["items"]:
            return str(node["items"]["x-unit"])  # a list of values: the unit of its items
    return None


def config_unit(path: str) -> str | None:
    return _unit_of(_nodes(engine.config_schema(), path))


@lru_cache(maxsize=1024)
def result_unit(path: str) -> str | None:
    """The core's own answer (its units() applies the results schema's rule), never re-derived here."""
    doc: Any = 0
    for part in reversed(path.split(".")):
        doc = {part: doc}
    return json.loads(engine.core().units(json.dumps(doc))).get(path) or None
