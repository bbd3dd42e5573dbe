"""What a request input accepts, read from its own declaration (a route's Query/Path
constraints, Literal choices, a body model's fields), so a 422 can say it without a second
copy of the limits. The wording follows the core's ("an integer in [1, 64]", "one of: a, b").
"""

from __future__ import annotations

from datetime import datetime
from types import UnionType
from typing import Any, Literal, Union, get_args, get_origin

import annotated_types as at
from fastapi.routing import APIRoute
from pydantic import BaseModel
from pydantic.fields import FieldInfo


def _model_of(info: FieldInfo) -> type[BaseModel] | None:
    kind = info.annotation
    return kind if isinstance(kind, type) and issubclass(kind, BaseModel) else None


def _allowed_keys(model: type[BaseModel]) -> str:
    return "one of: " + ", ".join(sorted(f.alias or name for name, f in model.model_fields.items()))


def _integer(metadata: list[Any]) -> str:
    lo = next((m.ge for m in metadata if isinstance(m, at.Ge)), None)
    hi = next((m.le for m in metadata if isinstance(m, at.Le)), None)
    if lo is None and hi is None:
        return "an integer"
    return f"an integer in [{'-inf' if lo is None else lo}, {'inf' if hi is None else hi}]"


def _string(metadata: list[Any]) -> str:
    longest = next((m.max_length for m in metadata if isinstance(m, at.MaxLen)), None)
    return "a string" if longest is None else f"a string of at most {longest} characters"


def _optional_of(kind: Any) -> Any:
    """X of an optional input declared `X | None` (the None is its absence), else the type itself."""
    args = get_args(kind) if get_origin(kind) in (Union, UnionType) else ()
    present = [a for a in args if a is not type(None)]
    return present[0] if len(args) == 2 and len(present) == 1 else kind


def _describe(info: FieldInfo) -> str | None:
    """The allowed values of a declared input, or None when its type says nothing short."""
    kind = _optional_of(info.annotation)
    if kind is datetime:
        return "an ISO 8601 date-time, e.g. 2026-11-28T13:00:00Z (UTC if no zone is given)"
    if kind is bool:
        return "true or false"
    if get_origin(kind) is Literal:
        return "one of: " + ", ".join(str(choice) for choice in get_args(kind))
    if kind is int:
        return _integer(info.metadata)
    if kind is str:
        return _string(info.metadata)
    if get_origin(kind) is dict or _model_of(info):
        return "a JSON object"
    return None


def _body_field(route: APIRoute, path: list[Any]) -> FieldInfo | None:
    # The body is one model (not embedded), so FastAPI's loc after "body" is a path in it.
    info = route.body_field.field_info if route.body_field else None
    for key in path:
        model = _model_of(info) if info else None
        if model is None:
            return None
        info = next((f for name, f in model.model_fields.items() if (f.alias or name) == key), None)
    return info


def _param(route: APIRoute, source: str, name: Any) -> FieldInfo | None:
    params = {"query": route.dependant.query_params, "path": route.dependant.path_params}.get(source, [])
    return next((p.field_info for p in params if p.alias == name), None)


def _declared_field(route: APIRoute, loc: tuple[Any, ...] | list[Any]) -> FieldInfo | None:
    """The declaration of the input at a FastAPI error location, e.g. ("query", "limit")."""
    if not loc:
        return None
    source, *path = loc
    if source == "body":
        return _body_field(route, path)
    return _param(route, source, path[0]) if len(path) == 1 else None


def allowed_for(route: Any, error: dict[str, Any]) -> str | None:
    """The `allowed` text of a FastAPI validation error: what its input (or, for an unknown key,
    the object holding it) is declared to accept."""
    if not isinstance(route, APIRoute):
        return None
    loc = list(error.get("loc", ()))
    if error.get("type") == "extra_forbidden":
        holder = _declared_field(route, loc[:-1])
        model = _model_of(holder) if holder else None
        return _allowed_keys(model) if model else None
    info = _declared_field(route, loc)
    return _describe(info) if info else None
