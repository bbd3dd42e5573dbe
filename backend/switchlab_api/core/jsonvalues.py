"""Reject JSON values that Python parses but Postgres (or strict JSON) cannot store; read a
value at a dotted path.

Python's json accepts NaN/Infinity and strings with U+0000 or lone surrogates; Postgres jsonb
and text reject them, and strict JSON cannot even echo them back in an error. Found by
fuzzing: each of them used to end in a 500 at INSERT time. Checked before anything else so the
client gets a 422 naming the exact field.
"""

from __future__ import annotations

import math
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


def check_json_values(value: Any, field: str = "") -> None:
    """Raise FieldError for the first non-finite number or unstorable string (keys included)."""
    # Iterative: a body nested close to the parser's limit must not hit the recursion limit here.
    stack: list[tuple[Any, str]] = [(value, field)]
    while stack:
        node, path = stack.pop()
        if isinstance(node, float) and not math.isfinite(node):
            raise FieldError(path or "body", "must be a finite number (NaN and Infinity are not JSON)")
        if isinstance(node, str):
            problem = _string_problem(node)
            if problem:
                raise FieldError(path or "body", problem)
        elif isinstance(node, dict):
            for key, child in node.items():
                key_s = str(key)
                # The path is echoed in the error: escape a lone surrogate so it can be encoded.
                shown = key_s.encode("utf-8", "backslashreplace").decode("utf-8")
                child_path = f"{path}.{shown}" if path else shown
                problem = _string_problem(key_s)
                if problem:
                    raise FieldError(child_path, f"field name {problem}")
                stack.append((child, child_path))
        elif isinstance(node, list):
            stack.extend((child, f"{path}.{i}" if path else str(i)) for i, child in enumerate(node))


def dig(data: Any, path: str) -> Any:
    """The value at a dotted path of nested objects, or None where the path does not exist."""
    for key in path.split("."):
        if not isinstance(data, dict):
            return None
        data = data.get(key)
    return data
