#!/usr/bin/env python3
"""Generate the UI's experiment-config type from the core's config schema.

scripts/gen_api.py (make gen-api) calls generate(), which writes frontend/src/config/config.gen.ts;
tests/api/test_generated_client.py fails while the committed file differs from what it produces.

Our own generator rather than a JSON-Schema-to-TypeScript package: the schema discriminates its
sections with `if`/`then` branches keyed by `x-discriminator` (topology.kind, traffic.pattern,
engine), which such packages drop. Here a section whose own field discriminates (topology by kind,
traffic by pattern) becomes a union with one member per value; fields that other discriminators
add (routing.algorithm by topology kind, sim.* by engine) are merged into their section as
optional fields, the union of their types where branches differ. Every field is optional and may
be null, as in the core, which reads an absent or null field as its default (switch.cache: null
is "no cache"). No section takes fields the schema does not name, so a misspelt field is a type
error.
"""

from __future__ import annotations

import json
import os
import pathlib
import sys
from typing import Any, Callable, Optional, Tuple

ROOT = pathlib.Path(__file__).resolve().parents[1]
DEFAULT_OUT = ROOT / "frontend" / "src" / "config" / "config.gen.ts"

Cond = Optional[Tuple[str, Any]]  # (discriminator path, value), or None for the base schema
Schema = dict[str, Any]


def core_schema() -> Schema:
    # The native build's Python extension (make build-native), as tests/api/conftest.py finds it.
    sys.path.insert(0, os.environ.get("SWITCHLAB_ENGINE_PATH", str(ROOT / "build" / "python")))
    import switchlab_core

    return json.loads(switchlab_core.schema())


def pascal(path: str) -> str:
    return "".join(part[:1].upper() + part[1:] for seg in path.split(".") for part in seg.split("_"))


class Generator:
    def __init__(self, schema: Schema):
        self.schema = schema
        # The base schema and every branch's `then`, each with the condition it holds under.
        self.roots: list[tuple[Cond, Schema]] = [(None, schema)]
        for branch in schema.get("allOf", []):
            d = branch["x-discriminator"]
            self.roots.append(((d["path"], d["value"]), branch["then"]))
        self.discriminators = sorted({c[0] for c, _ in self.roots if c})
        self.decls: dict[str, str] = {}

    def nodes(self, path: str, keep: Callable[[Cond], bool]) -> list[tuple[Cond, Schema]]:
        out = []
        for cond, root in self.roots:
            if not keep(cond):
                continue
            node: Any = root
            for key in path.split(".") if path else []:
                node = node.get("properties", {}).get(key) if isinstance(node, dict) else None
            if isinstance(node, dict):
                out.append((cond, node))
        return out

    def type_at(self, path: str, keep: Callable[[Cond], bool]) -> str:
        nodes = self.nodes(path, keep)
        if any(n.get("type") == "object" or "properties" in n for _, n in nodes):
            return self.object_type(path, keep, nodes)
        return union([t for _, n in nodes for t in leaf(n)])

    def object_type(self, path: str, keep: Callable[[Cond], bool], nodes: list[tuple[Cond, Schema]]) -> str:
        name = pascal(path) if path else "Config"
        own = [d for d in self.discriminators if d.rsplit(".", 1)[0] == path and "." in d]
        if own:
            # One member per value of the section's own discriminator (topology.kind, traffic.pattern).
            disc = own[0]
            key = disc.rsplit(".", 1)[1]
            base = next(n for c, n in nodes if c is None)["properties"][key]
            members = []
            for value in base["enum"]:
                member = f"{name}{pascal(key)}{pascal(str(value))}"
                def keep_value(c: Cond, v=value) -> bool:
                    return keep(c) and (c is None or c[0] != disc or c[1] == v)
                self.declare(member, self.fields(path, keep_value, {key: json.dumps(value)}),
                             f"{path} with {key} {json.dumps(value)}")
                members.append(member)
            self.decls[name] = f"export type {name} =\n  | " + "\n  | ".join(members) + ";\n"
            return name
        self.declare(name, self.fields(path, keep, {}), self.doc(nodes, full=False))
        return name

    def fields(self, path: str, keep: Callable[[Cond], bool], fixed: dict[str, str]) -> list[str]:
        keys: dict[str, None] = {}
        for _, n in self.nodes(path, keep):
            keys.update(dict.fromkeys(n.get("properties", {})))
        lines = []
        for key in sorted(keys):
            sub = f"{path}.{key}" if path else key
            doc = self.doc(self.nodes(sub, keep))
            if doc:
                lines.append(f"  /** {doc} */")
            if key in fixed:
                # The default value's member may leave its discriminator out, as the core does.
                default = json.dumps(self.nodes(sub, keep)[0][1].get("default"))
                lines.append(f"  {key}{'?' if fixed[key] == default else ''}: {fixed[key]};")
            else:
                lines.append(f"  {key}?: {self.type_at(sub, keep)} | null;")
        return lines

    @staticmethod
    def doc(nodes: list[tuple[Cond, Schema]], full: bool = True) -> str:
        """The base schema's doc of a field; else the branches' docs, each under its condition."""
        text = describe if full else lambda n: escape(n.get("description", ""))
        base = [n for c, n in nodes if c is None]
        if base:
            return text(base[0])
        docs: dict[str, list[Tuple[str, Any]]] = {}
        for c, n in nodes:
            docs.setdefault(text(n), []).append(c)
        if len(docs) == 1:
            return next(iter(docs))

        # One entry per distinct doc, naming the discriminator values it holds under.
        def when(conds: list[Tuple[str, Any]]) -> str:
            if len({d for d, _ in conds}) == 1:
                return f"{conds[0][0]} {', '.join(str(v) for _, v in conds)}"
            return ", ".join(f"{d} {v}" for d, v in conds)
        return " ".join(f"{when(conds)}: {doc}" for doc, conds in docs.items())

    def declare(self, name: str, lines: list[str], doc: Optional[str]) -> None:
        head = f"/** {escape(doc)} */\n" if doc else ""
        decl = head + f"export interface {name} {{\n" + "\n".join(lines) + "\n}\n"
        # A section nested in a union member is named by its path alone, so it must not differ by member.
        if self.decls.setdefault(name, decl) != decl:
            raise SystemExit(f"{name}: differs between union members; give it a name per member")

    def render(self) -> str:
        self.type_at("", lambda c: True)
        header = (
            "// Generated by scripts/gen_config_type.py from the core's config schema (`switchlab-sim schema`);\n"
            "// do not edit: run `make gen-api`. tests/api/test_generated_client.py checks it is current.\n\n"
            "import type { Json } from './types';\n\n"
        )
        return header + "\n".join(self.decls[k] for k in sorted(self.decls))


def leaf(n: Schema) -> list[str]:
    """The alternatives of a field's type (a union's members)."""
    if "const" in n:
        return [json.dumps(n["const"])]
    if "enum" in n:
        return [json.dumps(v) for v in n["enum"]]
    if "oneOf" in n:
        return [t for x in n["oneOf"] for t in leaf(x)]
    t = n.get("type")
    if t in ("integer", "number"):
        return ["number"]
    if t in ("string", "boolean"):
        return [t]
    if t == "array":
        return [f"Array<{union(leaf(n.get('items', {})))}>"]
    if t == "object" and "properties" in n:
        fields = "; ".join(f"{k}?: {union(leaf(v))} | null" for k, v in sorted(n["properties"].items()))
        return [f"{{ {fields} }}"]
    return ["Json"]


def union(types: list[str]) -> str:
    return " | ".join(dict.fromkeys(types)) if types else "Json"


def describe(n: Schema) -> str:
    bits = [n.get("description", "")]
    if n.get("x-unit"):
        bits.append(f"[{n['x-unit']}]")
    if "minimum" in n or "maximum" in n:
        bits.append(f"range {n.get('minimum', '')}..{n.get('maximum', n.get('x-maximum', ''))}")
    if "default" in n:
        bits.append(f"default {json.dumps(n['default'])}")
    return escape(" ".join(b for b in bits if b))


def escape(text: str) -> str:
    return text.replace("*/", "*\\/")


def generate(out: pathlib.Path) -> None:
    body = Generator(core_schema()).render()
    out.write_text(body)
