"""Native and WebAssembly builds agree on configs drawn at random (README.md: same config and seed,
same result in every build). The fixed configs of test_identical.py cover each feature once; these
combine them: every choice (topology kind and its routing algorithms, buffer organisation,
allocator, flow control, injection process, cache policy, index, scope, traffic pattern) is read
from the core's own config schema, so a newly registered component is drawn without a change here.
Errors count too: both builds must refuse a combination with the same message."""
import json
import random
import subprocess
from collections import Counter
from pathlib import Path

import pytest
import switchlab_core

ROOT = Path(__file__).resolve().parents[2]
SCHEMA = json.loads(switchlab_core.schema())
COUNT = 200

# Small instances per topology kind (kinds the schema lists but this table lacks fail the test).
SIZES = {
    "mesh": lambda r: {"dims": [r.choice([2, 3, 4]) for _ in range(r.randint(1, 3))]},
    "torus": lambda r: {"dims": [r.choice([2, 4, 5]) for _ in range(r.randint(1, 3))]},
    "kary_ncube": lambda r: {"dims": [r.choice([2, 4])] * r.randint(1, 3)},
    "bmin": lambda r: {"k": r.choice([2, 4]), "stages": r.randint(1, 2)},
    "fat_tree": lambda r: {"k": r.choice([2, 4]), "n": r.randint(1, 2)},
    "single_switch": lambda r: {"ports": r.choice([2, 5, 8, 16])},
    "dragonfly": lambda r: {"p": 1, "a": 2, "h": 1, "g": 3},
    "random_regular": lambda r: {"switches": r.choice([8, 12]), "degree": 3},
    "edge_list": lambda r: {"edges": [[0, 1], [1, 2], [2, 3], [3, 0], [0, 2]]},
    "flattened_butterfly": lambda r: {"dims": [r.choice([1, 2, 3, 4]) for _ in range(r.randint(1, 3))],
                                      "concentration": r.choice([1, 2])},
}
# Patterns that need a payload of their own (covered by test_identical.py's fixed configs).
NEEDS_PAYLOAD = {"trace", "npb"}
# Injection processes driven by a trace or an application (same).
NOT_GENERATED = {"trace", "application"}


def enum(path: str) -> list:
    """The values the schema allows at a dotted path, through the top level and the per-kind rules."""
    def walk(node, keys):
        if not keys:
            return node.get("enum", [])
        props = node.get("properties", {})
        return walk(props[keys[0]], keys[1:]) if keys[0] in props else []
    found = []
    for node in [SCHEMA] + [rule["then"] for rule in SCHEMA["allOf"]]:
        found += [v for v in walk(node, path.split(".")) if v not in found]
    assert found, path
    return found


def routing_for(kind: str) -> list:
    for rule in SCHEMA["allOf"]:
        cond = rule["if"]["properties"].get("topology", {}).get("properties", {}).get("kind", {})
        if cond.get("const") == kind:
            return rule["then"]["properties"]["routing"]["properties"]["algorithm"]["enum"]
    return []


def draw(r: random.Random) -> dict:
    kind = r.choice(enum("topology.kind"))
    topology = {"kind": kind, **SIZES[kind](r)}
    cfg = {"seed": r.randint(0, 999), "topology": topology, "switch": {"cache": None}, "traffic": {}}
    if algorithms := routing_for(kind):
        cfg["routing"] = {"algorithm": r.choice(algorithms)}
    if r.random() < 0.75:
        cfg["switch"]["cache"] = {"entries": r.choice([4, 8, 16]), "ways": r.choice([1, 2, 4, "full"]),
                                  "policy": r.choice(enum("switch.cache.policy")),
                                  "index": r.choice(enum("switch.cache.index")),
                                  "scope": r.choice(enum("switch.cache.scope"))}
    pattern = r.choice([p for p in enum("traffic.pattern") if p not in NEEDS_PAYLOAD] + ["uniform"] * 3)
    cfg["traffic"]["pattern"] = pattern
    if pattern == "hotspot":
        cfg["traffic"].update(hotspots=[0], hotspot_fraction=0.3)
    if r.random() < 0.6:
        cfg["engine"] = "cycle"
        org = r.choice(enum("switch.buffer.organisation"))
        buffer = {"organisation": org, "flow_control": r.choice(enum("switch.buffer.flow_control"))}
        buffer.update({"vcs": r.choice([1, 2, 4]), "flits_per_vc": r.choice([4, 8])} if org == "vc"
                      else {"flits_per_port": r.choice([16, 32, 64])})
        cfg["switch"].update(buffer=buffer, allocator={"kind": r.choice(enum("switch.allocator.kind")),
                                                       "iterations": r.randint(1, 3)})
        process = r.choice([p for p in enum("traffic.injection.process") if p not in NOT_GENERATED])
        cfg["traffic"].update(injection={"process": process, "load": round(r.uniform(0.02, 0.9), 3)},
                              packet_flits=r.randint(1, 4))
        cfg["sim"] = {"warmup_cycles": 200, "measure_cycles": 800, "drain_cycles": 1000,
                      "mode": r.choice(["latency"] * 4 + enum("sim.mode"))}
    else:
        cfg["traffic"].update(packets=2000, warmup_packets=200)
    return cfg


def run_native(cfg: dict) -> dict:
    try:
        result = json.loads(switchlab_core.run(json.dumps(cfg)))
    except ValueError as e:  # the extension raises the error envelope
        return {"error": json.loads(str(e))}
    assert result.pop("wall_time_s") >= 0
    return result


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    r = random.Random(20261126)
    configs = [draw(r) for _ in range(COUNT)]
    d = tmp_path_factory.mktemp("random")
    files = []
    for k, cfg in enumerate(configs):
        files.append(d / f"{k:03d}.json")
        files[-1].write_text(json.dumps(cfg))
    out = subprocess.run(["node", str(ROOT / "tests/cross_build/run_wasm.mjs"), *map(str, files)],
                         capture_output=True, text=True, check=True).stdout.splitlines()
    assert len(out) == COUNT
    wasm = []
    for line in out:
        result = json.loads(line)
        if "error" not in result:
            assert result.pop("wall_time_s") >= 0
        wasm.append(result)
    return configs, [run_native(c) for c in configs], wasm


def test_every_topology_kind_has_a_small_instance():
    assert sorted(SIZES) == sorted(enum("topology.kind"))


def test_native_and_wasm_agree(runs):
    configs, native, wasm = runs
    for cfg, a, b in zip(configs, native, wasm):
        assert a == b, json.dumps(cfg)


def test_draws_run_and_cover_the_cycle_components(runs):
    """Most draws are valid (a generator of errors would test little), and every buffer organisation
    and allocator ran at least once."""
    configs, native, _ = runs
    ok = [c for c, a in zip(configs, native) if "error" not in a]
    assert len(ok) >= COUNT // 2, Counter(a["error"]["field"] for a in native if "error" in a)
    cycle = [c for c in ok if c.get("engine") == "cycle"]
    assert {c["switch"]["buffer"]["organisation"] for c in cycle} == set(enum("switch.buffer.organisation"))
    assert {c["switch"]["allocator"]["kind"] for c in cycle} == set(enum("switch.allocator.kind"))
