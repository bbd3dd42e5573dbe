"""Sweep axes: parse lists/ranges, expand the cartesian product, set values by dotted path."""

from __future__ import annotations

import copy
import itertools
import math
from math import prod
from typing import Any

from ..domain.engine import FieldError

MAX_RANGE_VALUES = 100_000  # guards a single range before the product cap is checked
# Characters of an axis name, like a sweep's name: a config path is a few short keys, and each
# part nests the point's config one level deeper.
MAX_AXIS_NAME = 200
RANGE_KEYS = ("from", "mul", "step", "to")
RANGE_FORMS = '{"from": a, "to": b, "mul": m > 1} or {"from": a, "to": b, "step": s > 0}'


def _finite_number(v: Any) -> bool:
    # isfinite only on floats: math.isfinite(10**400) raises OverflowError.
    return isinstance(v, (int, float)) and not isinstance(v, bool) and (isinstance(v, int) or math.isfinite(v))


def _range_values(field: str, spec: dict[str, Any]) -> list[Any]:
    unknown = next((key for key in spec if key not in RANGE_KEYS), None)
    if unknown is not None:
        raise FieldError(f"{field}.{unknown}", "unknown field", "one of: " + ", ".join(RANGE_KEYS))
    if "from" not in spec or "to" not in spec or ("mul" in spec) == ("step" in spec):
        raise FieldError(field, f"a range is {RANGE_FORMS}", RANGE_FORMS)
    start, stop = spec["from"], spec["to"]
    if not all(_finite_number(v) for v in spec.values()):
        raise FieldError(field, "range bounds, mul and step must be finite numbers", "finite numbers")
    if stop < start:
        raise FieldError(field, f"'to' ({stop}) must be >= 'from' ({start})", f"'to' >= {start}")
    values: list[Any] = []
    v = start
    if "mul" in spec:
        if spec["mul"] <= 1 or start <= 0:
            raise FieldError(field, "'mul' must be > 1 and 'from' must be > 0", "'mul' > 1 and 'from' > 0")
        while v <= stop and len(values) <= MAX_RANGE_VALUES:
            values.append(v)
            v = v * spec["mul"]
    else:
        if spec["step"] <= 0:
            raise FieldError(field, "'step' must be > 0", "'step' > 0")
        i = 0
        while v <= stop and len(values) <= MAX_RANGE_VALUES:
            values.append(v)
            i += 1
            v = start + i * spec["step"]  # multiply, not accumulate: no float drift
    if len(values) > MAX_RANGE_VALUES:
        raise FieldError(field, f"range has more than {MAX_RANGE_VALUES} values", f"at most {MAX_RANGE_VALUES} values")
    return values


def parse_axes(axes: Any) -> dict[str, list[Any]]:
    if not isinstance(axes, dict) or not axes:
        raise FieldError("axes", "must be a non-empty object {field.path: [values] | range}",
                         "a non-empty object {field.path: [values] | range}")
    out: dict[str, list[Any]] = {}
    for path, spec in axes.items():
        if len(path) > MAX_AXIS_NAME:  # named by its length: the error must not echo all of it
            raise FieldError("axes", f"an axis name is {len(path)} characters long",
                             f"a dotted field path of at most {MAX_AXIS_NAME} characters")
        field = f"axes.{path}"
        if not path or any(not part for part in path.split(".")):
            raise FieldError(field, "axis name must be a dotted field path such as switch.cache.ways",
                             "a dotted field path such as switch.cache.ways")
        if isinstance(spec, list):
            if not spec:
                raise FieldError(field, "list of values must not be empty", "a non-empty list of values")
            out[path] = spec
        elif isinstance(spec, dict):
            out[path] = _range_values(field, spec)
        else:
            raise FieldError(field, "must be a list of values or a range object", f"[values] or {RANGE_FORMS}")
    return out


def count_points(axes: dict[str, list[Any]]) -> int:
    return prod(len(v) for v in axes.values())


def set_path(config: dict[str, Any], path: str, value: Any) -> None:
    """Set a dotted path, creating missing objects; numeric parts index into lists."""
    node: Any = config
    parts = path.split(".")
    for i, part in enumerate(parts):
        last = i == len(parts) - 1
        if isinstance(node, list):
            # isascii: str.isdigit() accepts '²', which int() rejects (was a 500).
            if not (part.isascii() and part.isdigit()) or int(part) >= len(node):
                raise FieldError(f"axes.{path}", f"'{part}' is not an index of a list of {len(node)}",
                                 f"an index in [0, {len(node) - 1}]" if node else "no index: the list is empty")
            if last:
                node[int(part)] = copy.deepcopy(value)
            else:
                node = node[int(part)]
        elif isinstance(node, dict):
            if last:
                node[part] = copy.deepcopy(value)
            else:
                node = node.setdefault(part, {})
        else:
            raise FieldError(f"axes.{path}", f"'{'.'.join(parts[:i])}' is not an object",
                             "a path through objects and list indices")


def expand(base: dict[str, Any], axes: dict[str, list[Any]]):
    """Yield (axis_values, config) in row-major order (last axis varies fastest)."""
    names = list(axes)
    for combo in itertools.product(*(axes[n] for n in names)):
        config = copy.deepcopy(base)
        for name, value in zip(names, combo):
            set_path(config, name, value)
        yield dict(zip(names, combo)), config
