"""Reject JSON values that Python parses but Postgres (or strict JSON) cannot store, and bodies
that repeat a key; read a value at a dotted path.

Python's json accepts NaN/Infinity and strings with U+0000 or lone surrogates; Postgres jsonb
and text reject them, and strict JSON cannot even echo them back in an error. Found by
fuzzing: each of them used to end in a 500 at INSERT time. Checked before anything else so the
client gets a 422 naming the exact field.
"""

from __future__ import annotations

import json
import math
from collections import Counter
from collections.abc import Iterator
from typing import Any

from .engine import FieldError


def _string_problem(s: str) -> str | None:
    if "\x00" in s:
        return "must not contain the NUL character (U+0000)"
    try:
        s.encode("utf-8")
    except UnicodeEncodeError:
        return "must be valid Unicode (no lone surrogate \\ud800-\\udfff)"
    return None


def _child_path(path: str, key: Any) -> str:
    # The path is echoed in the error: escape a lone surrogate so it can be encoded.
    shown = str(key).encode("utf-8", "backslashreplace").decode("utf-8")
    return f"{path}.{shown}" if path else shown


def _walk(value: Any, field: str) -> Iterator[tuple[Any, str]]:
    """Every value with its dotted path, depth first in document order."""
    # Iterative: a body nested close to the parser's limit must not hit the recursion limit here.
    stack: list[tuple[Any, str]] = [(value, field)]
    while stack:
        node, path = stack.pop()
        yield node, path
        if isinstance(node, dict):
            stack.extend((child, _child_path(path, key)) for key, child in reversed(node.items()))
        elif isinstance(node, list):
            stack.extend((node[i], _child_path(path, i)) for i in range(len(node) - 1, -1, -1))


def check_json_values(value: Any, field: str = "") -> None:
    """Raise FieldError for the first non-finite number or unstorable string (keys included)."""
    for node, path in _walk(value, field):
        if isinstance(node, float) and not math.isfinite(node):
            raise FieldError(path or "body", "must be a finite number (NaN and Infinity are not JSON)")
        if isinstance(node, str):
            problem = _string_problem(node)
            if problem:
                raise FieldError(path or "body", problem)
        elif isinstance(node, dict):
            for key in node:
                problem = _string_problem(str(key))
                if problem:
                    raise FieldError(_child_path(path, key), f"field name {problem}")


class _ParsedObject(dict):
    """A JSON object as json.loads builds it (the last of repeated keys wins), plus how often each
    repeated key was given."""

    repeated: dict[str, int]


def _parsed_object(pairs: list[tuple[str, Any]]) -> _ParsedObject:
    obj = _ParsedObject(pairs)
    counts = Counter(key for key, _ in pairs) if len(obj) < len(pairs) else Counter()
    obj.repeated = {key: n for key, n in counts.items() if n > 1}
    return obj


def check_duplicate_keys(raw: bytes) -> None:
    """Raise FieldError naming a key given twice in one object of a JSON body: the first such
    object in document order, an object before the objects inside it.

    Python's json (and so FastAPI) silently keeps the last value of a repeated key, so
    {"load": 0.1, "load": 0.9} would run with 0.9 whatever the sender meant.
    """
    parsed = json.loads(raw, object_pairs_hook=_parsed_object)
    for node, path in _walk(parsed, ""):
        if isinstance(node, _ParsedObject) and node.repeated:
            key, times = next(iter(node.repeated.items()))
            raise FieldError(_child_path(path, key), f"is given {times} times in the same object",
                             "each key at most once per object")


def dig(data: Any, path: str) -> Any:
    """The value at a dotted path of nested objects, or None where the path does not exist."""
    for key in path.split("."):
        if not isinstance(data, dict):
            return None
        data = data.get(key)
    return data
