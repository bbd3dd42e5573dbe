"""Thin wrapper over the C++ core's Python extension (module switchlab_core).

The extension is the single source of truth for validation, the normalized config, the
experiment id, the size of a run (prepare's summary), the schemas and their units; this
module only turns its JSON into Python objects.
"""

from __future__ import annotations

import importlib
import json
from dataclasses import dataclass
from collections.abc import Callable
from functools import lru_cache
from types import ModuleType
from typing import Any


class EngineUnavailable(RuntimeError):
    pass


@dataclass
class FieldError(Exception):
    """The core's error object {field, message, allowed}, or one of ours in the same shape."""

    field: str
    message: str
    allowed: str | None = None

    def as_dict(self) -> dict[str, str | None]:
        return {"field": self.field or None, "message": self.message, "allowed": self.allowed}


_core: ModuleType | None = None


def core() -> ModuleType:
    global _core
    if _core is None:
        try:
            _core = importlib.import_module("switchlab_core")
        except ImportError as exc:  # the native build is missing or broken
            raise EngineUnavailable(f"switchlab_core not importable: {exc}") from exc
    return _core


def field_error(obj: dict[str, Any]) -> FieldError:
    allowed = obj.get("allowed")
    return FieldError(str(obj.get("field") or ""), str(obj.get("message", "invalid")),
                      None if allowed is None else str(allowed))


def engine_version() -> str:
    return core().engine_version()


@dataclass(frozen=True)
class Prepared:
    """prepare()'s answer for a valid config: the one parse of a submission."""

    id: str
    config: dict[str, Any]  # normalized, defaults filled in
    summary: dict[str, Any]  # size and estimated work of the run; units in results_schema()

    @property
    def text(self) -> str:
        # What workers run; sorted and compact like the core's own canonical form.
        return json.dumps(self.config, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def prepare(config: dict[str, Any]) -> Prepared:
    """Validate, normalize, hash and size a config; raises FieldError if the core rejects it."""
    out = json.loads(core().prepare(json.dumps(config)))
    if "error" in out:
        raise field_error(out["error"])
    return Prepared(id=out["id"], config=out["config"], summary=out["summary"])


def import_booksim(text: str) -> dict[str, Any]:
    """A BookSim 2.0 config file as a cycle-engine config {config, unmodelled, defaults, notes};
    raises FieldError naming the file's line if the core cannot translate it."""
    out = json.loads(core().import_booksim(text))
    if "error" in out:
        raise field_error(out["error"])
    return out


def _core_json(call: Callable[[], str]) -> dict[str, Any]:
    """A core answer as JSON; its error object (returned, or raised as ValueError) as FieldError."""
    try:
        out = json.loads(call())
    except ValueError as exc:
        try:
            raise field_error(json.loads(str(exc))) from None
        except ValueError:
            raise FieldError("", str(exc)) from None
    if isinstance(out, dict) and "error" in out:
        raise field_error(out["error"])
    return out


def trace_load(files: dict[str, str]) -> dict[str, Any]:
    """Parse, validate and keep an MPI time-independent trace in this process's core: `files` maps
    each file's name to its text (one rank file, or the index file and its rank files). Answers
    {id, summary}; raises FieldError naming the file and line the core refused."""
    return _core_json(lambda: core().trace_load(json.dumps(files)))


@lru_cache
def trace_limits() -> dict[str, Any]:
    """The core's limits on a trace (files, ranks, bytes, lines): the one source of truth."""
    return json.loads(core().trace_limits())


@lru_cache
def config_schema() -> dict[str, Any]:
    return json.loads(core().schema())


def default_engine() -> str:
    """The engine of a config without `engine`, as the core's schema declares it."""
    return config_schema()["properties"]["engine"]["default"]


def engine_info(config: Any) -> dict[str, Any] | None:
    """The core's description of the engine a config picks (the schema's x-engines entry: whether
    it runs in the core, the summary key that measures its work, whether one run uses sim.threads),
    or None for a config that is not an object or names no engine the core has (the core refuses it)."""
    if not isinstance(config, dict):
        return None
    name = config.get("engine", default_engine())
    return next((e for e in config_schema()["x-engines"] if e["name"] == name), None)


@lru_cache
def results_schema() -> dict[str, Any]:
    return json.loads(core().results_schema())
