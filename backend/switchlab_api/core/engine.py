"""Thin wrapper over the C++ core's Python extension (module switchlab_core).

The extension is the single source of truth for validation, canonical form and the
content hash; this module only turns its error JSON into FieldError objects.
"""

from __future__ import annotations

import importlib
import json
from dataclasses import dataclass
from types import ModuleType
from typing import Any


class EngineUnavailable(RuntimeError):
    pass


@dataclass
class FieldError(Exception):
    field: str
    message: str

    def as_dict(self) -> dict[str, str]:
        return {"field": self.field, "message": self.message}


_core: ModuleType | None = None


def core() -> ModuleType:
    global _core
    if _core is None:
        try:
            _core = importlib.import_module("switchlab_core")
        except ImportError as exc:  # the native build is missing or broken
            raise EngineUnavailable(f"switchlab_core not importable: {exc}") from exc
    return _core


def parse_error(text: str) -> FieldError:
    try:
        data = json.loads(text)
        return FieldError(str(data.get("field", "")), str(data.get("message", text)))
    except (ValueError, AttributeError):
        return FieldError("", text)


def engine_version() -> str:
    return core().engine_version()


@dataclass(frozen=True)
class Canonical:
    id: str
    text: str  # exactly the bytes the hash covers
    config: dict[str, Any]


def canonicalize(config: dict[str, Any]) -> Canonical:
    """Validate, normalise and hash a config; raises FieldError if the core rejects it."""
    m = core()
    raw = json.dumps(config)
    err = m.validate(raw)
    if err:
        raise parse_error(err)
    try:
        text = m.normalize(raw)
        cid = m.config_hash(raw)
    except ValueError as exc:
        raise parse_error(str(exc)) from exc
    return Canonical(id=cid, text=text, config=json.loads(text))


def json_schema() -> dict[str, Any] | None:
    fn = getattr(core(), "schema", None)
    if fn is None:
        return None
    return json.loads(fn())
