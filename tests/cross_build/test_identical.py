"""The native CLI, the Python extension and the WebAssembly module must return identical results
for the same config and seed (DESIGN.md non-negotiable #1). Only wall time may differ."""
import json
import subprocess
from pathlib import Path

import pytest
import switchlab_core

ROOT = Path(__file__).resolve().parents[2]
CLI = ROOT / "build/native/bin/switchlab-sim"
EXAMPLES = ROOT.parent / "shared/examples"

BASE = {"seed": 3, "topology": {"kind": "torus", "dims": [5, 4]},
        "switch": {"cache": {"entries": 16, "ways": 4}}, "traffic": {"packets": 20000, "warmup_packets": 1000}}


def variant(**cache):
    cfg = json.loads(json.dumps(BASE))
    cfg["switch"]["cache"].update(cache)
    return cfg


CONFIGS = {
    "lru-crc32": variant(),
    "plru-crc16": variant(policy="plru", index="crc16"),
    "fifo-xor": variant(policy="fifo", index="xor_fold"),
    "random-low": variant(policy="random", index="low_bits"),
    "lfu-full": variant(policy="lfu", ways="full"),
    "lru-full": variant(entries=32, ways="full"),
    "switchable": variant(index="switchable"),
    "no-cache": {**BASE, "switch": {"cache": None}},
    "mesh-conc": {"seed": 8, "topology": {"kind": "mesh", "dims": [3, 3, 2], "concentration": 2},
                  "switch": {"cache": {"entries": 8, "ways": 2}}, "traffic": {"packets": 5000}},
}
# The shared examples that this build can run, shortened to keep the suite fast.
for f in sorted(EXAMPLES.glob("*.json")):
    cfg = json.loads(f.read_text())
    if f.name.startswith("bad-") or switchlab_core.validate(json.dumps(cfg)):
        continue
    cfg["traffic"]["packets"] = 20000
    cfg["traffic"]["warmup_packets"] = 2000
    CONFIGS["example-" + f.stem] = cfg


def strip(result: dict) -> dict:
    result = dict(result)
    assert result.pop("wall_time_s") >= 0
    return result


@pytest.fixture(scope="module")
def results(tmp_path_factory):
    d = tmp_path_factory.mktemp("configs")
    files = []
    for name, cfg in CONFIGS.items():
        p = d / f"{name}.json"
        p.write_text(json.dumps(cfg))
        files.append(p)
    wasm_lines = subprocess.run(["node", str(ROOT / "tests/cross_build/run_wasm.mjs"), *map(str, files)],
                                check=True, capture_output=True, text=True).stdout.splitlines()
    out = {}
    for (name, cfg), path, wasm in zip(CONFIGS.items(), files, wasm_lines):
        cli = subprocess.run([str(CLI), "run", str(path)], check=True, capture_output=True, text=True).stdout
        py = switchlab_core.run(json.dumps(cfg))
        out[name] = tuple(strip(json.loads(x)) for x in (cli, py, wasm))
    return out


@pytest.mark.parametrize("name", list(CONFIGS))
def test_three_builds_identical(results, name):
    cli, py, wasm = results[name]
    assert cli["cache"]["lookups"] > 0
    assert cli == py
    assert cli == wasm


def test_examples_all_ran():
    assert {"example-tofu-6d", "example-torus-4d-switchable", "example-torus-9x9x9-m128-uniform",
            "example-fattree-16ary-3tree", "example-dragonfly-16x16"} <= set(CONFIGS)


def test_bad_example_rejected_everywhere(tmp_path):
    bad = EXAMPLES / "bad-ways.json"
    cli = subprocess.run([str(CLI), "run", str(bad)], capture_output=True, text=True)
    assert cli.returncode == 2
    assert "switch.cache.ways" in cli.stderr
    with pytest.raises(ValueError) as e:
        switchlab_core.run(bad.read_text())
    assert json.loads(str(e.value))["field"] == "switch.cache.ways"
    wasm = subprocess.run(["node", str(ROOT / "tests/cross_build/run_wasm.mjs"), str(bad)],
                          check=True, capture_output=True, text=True).stdout
    assert json.loads(wasm)["error"]["field"] == "switch.cache.ways"
