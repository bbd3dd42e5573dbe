"""Parse a JSON request body once and reject what it must not hold: a key repeated in one
object, and values Python parses but Postgres (or strict JSON) cannot store. Also: the one
notation of a field path in errors, and reading a value at a dotted path.

Python's json accepts NaN/Infinity and strings with U+0000 or lone surrogates; Postgres jsonb
and text reject them, and strict JSON cannot even echo them back in an error. Found by
fuzzing: each of them used to end in a 500 at INSERT time. Checked before anything else so the
client gets a 422 naming the exact field.
"""

from __future__ import annotations

import json
import math
from collections import Counter
from collections.abc import Iterable, Iterator
from typing import Any

from ..domain.engine import FieldError, config_schema

# A key of the path from the body's root: an object key or a list index.
Key = str | int
# The path to a node, built only when an error names it: (parent's link, key), None at the root.
Link = tuple[Any, Key] | None


def field_path(keys: Iterable[Key]) -> str:
    """The core's notation (wasm-core json_errors.cpp): `axes.x[0].k`. A lone surrogate in a key is
    escaped so the path can be encoded in the answer."""
    out = ""
    for key in keys:
        if isinstance(key, int):
            out += f"[{key}]"
        else:
            shown = key.encode("utf-8", "backslashreplace").decode("utf-8")
            out += f".{shown}" if out else shown
    return out


def _path(link: Link) -> str:
    keys: list[Key] = []
    while link is not None:
        link, key = link
        keys.append(key)
    return field_path(reversed(keys)) or "body"


STORABLE = "text without U+0000 or lone surrogates"


def _string_problem(s: str) -> str | None:
    if "\x00" in s:
        return "must not contain the NUL character (U+0000)"
    if not s.isascii():
        try:
            s.encode("utf-8")
        except UnicodeEncodeError:
            return "must be valid Unicode (no lone surrogate \\ud800-\\udfff)"
    return None


def _walk(value: Any) -> Iterator[tuple[Any, Link]]:
    """Every value with the link to its path, depth first in document order."""
    # Iterative: a body nested close to the parser's limit must not hit the recursion limit here.
    stack: list[tuple[Any, Link]] = [(value, None)]
    while stack:
        node, link = stack.pop()
        yield node, link
        if isinstance(node, dict):
            stack.extend((child, (link, key)) for key, child in reversed(node.items()))
        elif isinstance(node, list):
            stack.extend((node[i], (link, i)) for i in range(len(node) - 1, -1, -1))


class _Overflow(float):
    """A number literal beyond a double (1e400): valid JSON, as RFC 8259 sets no range, that Python
    reads as infinity. Told apart from the NaN/Infinity literals, which are not JSON."""


def _float(text: str) -> float:
    value = float(text)
    return value if math.isfinite(value) else _Overflow(value)


def _value_problem(node: Any, link: Link) -> FieldError | None:
    """A non-finite number or an unstorable string (keys included) at this node."""
    if isinstance(node, _Overflow):  # in the core's words for the same number (its schema's x-json-errors)
        words = config_schema()["x-json-errors"]["number_overflow"]
        return FieldError(_path(link), words["message"], words["allowed"])
    if isinstance(node, float) and not math.isfinite(node):
        return FieldError(_path(link), "must be a finite number (NaN and Infinity are not JSON)", "a finite number")
    if isinstance(node, str):
        problem = _string_problem(node)
        return FieldError(_path(link), problem, STORABLE) if problem else None
    if isinstance(node, dict):
        for key in node:
            problem = _string_problem(key)
            if problem:
                return FieldError(_path((link, key)), f"field name {problem}", STORABLE)
    return None


class _RepeatedKeys(dict):
    """A JSON object that repeats a key, as json.loads builds it (the last value wins), plus how
    often each repeated key was given."""

    repeated: dict[str, int]


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    obj = dict(pairs)
    if len(obj) == len(pairs):
        return obj
    marked = _RepeatedKeys(obj)
    marked.repeated = {key: n for key, n in Counter(key for key, _ in pairs).items() if n > 1}
    return marked


def parse_json_body(raw: bytes) -> tuple[Any, FieldError | None]:
    """The body parsed once, and what is wrong with it (None: nothing): the first object that
    repeats a key, in document order (an object before the objects inside it); else the first
    non-finite number or unstorable string.

    Python's json (and so FastAPI) silently keeps the last value of a repeated key, so
    {"load": 0.1, "load": 0.9} would run with 0.9 whatever the sender meant.
    """
    parsed = json.loads(raw, object_pairs_hook=_object, parse_float=_float)
    first_value_problem: FieldError | None = None
    for node, link in _walk(parsed):
        if isinstance(node, _RepeatedKeys):
            key, times = next(iter(node.repeated.items()))
            return parsed, FieldError(_path((link, key)), f"is given {times} times in the same object",
                                      "each key at most once per object")
        if first_value_problem is None:
            first_value_problem = _value_problem(node, link)
    return parsed, first_value_problem


def dig(data: Any, path: str) -> Any:
    """The value at a dotted path of nested objects, or None where the path does not exist."""
    for key in path.split("."):
        if not isinstance(data, dict):
            return None
        data = data.get(key)
    return data
