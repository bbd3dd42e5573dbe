"""The native CLI, the Python extension and the WebAssembly modules (one-thread and threaded) must
return identical results for the same config and seed (README.md; docs/engines.md, Limits). Only wall
time may differ."""
import json
import subprocess
import sys
from pathlib import Path

import pytest
import switchlab_core

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "backend"))
from switchlab_api.worker.runner import run_stepped  # noqa: E402  (the server worker's stepped run)
CLI = ROOT / "build/native/bin/switchlab-sim"
EXAMPLES = ROOT / "examples"

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
    "random-ids": {**BASE, "topology": {"kind": "torus", "dims": [5, 4], "node_ids": "random"},
                   "switch": {"cache": {"entries": 16, "ways": 4}, "cam": {"key_bits": 7}, "lag_links": 3}},
    "no-cache": {**BASE, "switch": {"cache": None}},
    "mesh-conc": {"seed": 8, "topology": {"kind": "mesh", "dims": [3, 3, 2], "concentration": 2},
                  "switch": {"cache": {"entries": 8, "ways": 2}}, "traffic": {"packets": 5000}},
    "options": {**BASE, "switch": {"cache": {"entries": 32, "ways": 4, "prefetch": "all_to_all", "scope": "switch"},
                                   "lag_links": 4}, "output": {"per_port": True}},
    # 3C from 1 in 4 tags (64 destinations > 16 entries: the sampled shadow, estimates by largest remainder).
    "sampled-3c": {**BASE, "topology": {"kind": "torus", "dims": [8, 8]},
                   "switch": {"cache": {"entries": 16, "ways": 4, "classify_sampling": 4}}},
    "monitored": {**BASE, "topology": {"kind": "torus", "dims": [7, 7, 7]}, "monitor": {"samples": 10}},
    "bmin": {**BASE, "topology": {"kind": "bmin", "k": 4, "stages": 2}, "routing": {"algorithm": "turnaround"}},
    "single-switch": {**BASE, "topology": {"kind": "single_switch", "ports": 16}},
    "random-regular": {**BASE, "topology": {"kind": "random_regular", "switches": 32, "degree": 4, "concentration": 2},
                       "routing": {"algorithm": "updown"}},
    "edge-list": {**BASE, "topology": {"kind": "edge_list", "edges": [[0, 1], [1, 2], [2, 3], [3, 0], [0, 2]]},
                  "routing": {"algorithm": "shortest_path"}},
    "valiant": {**BASE, "topology": {"kind": "dragonfly", "p": 2, "a": 4, "h": 2, "g": 9}, "routing": {"algorithm": "valiant"}},
    "zipf": {**BASE, "traffic": {"pattern": "zipf", "packets": 20000}},
    "hotspot": {**BASE, "traffic": {"pattern": "hotspot", "hotspots": [3], "hotspot_fraction": 0.2, "packets": 20000}},
    "transpose": {**BASE, "topology": {"kind": "torus", "dims": [4, 4]}, "traffic": {"pattern": "transpose", "packets": 5000}},
    "permutation": {**BASE, "traffic": {"pattern": "random_permutation", "packets": 5000}},
    "jobs": {**BASE, "traffic": {"pattern": "uniform", "packets": 5000, "jobs": {"preset": "pwa_like"}}},
    "trace": {**BASE, "traffic": {"pattern": "trace", "packets": 500, "trace": "0,0,5,4096\n1,3,7,100\n2,19,1,9000"}},
    "npb-routewalk": {**BASE, "traffic": {"pattern": "npb", "packets": 20000, "npb": {
        "benchmarks": ["mg", "ft"], "class": "S", "ranks": 16, "placement": "random", "packet_bytes": 4096}}},
    "npb-app": {"seed": 2, "engine": "app", "topology": {"kind": "dragonfly", "p": 2, "a": 4, "h": 2, "g": 9},
                "routing": {"algorithm": "valiant"},
                "switch": {"link_gbps": 100, "delays_ns": {"rc_hit": 1, "rc_miss": 12, "other": 40}},
                "node": {"gflops": 300}, "app": {"hit_rate": 0.97, "overhead_ns": 150},
                "traffic": {"pattern": "npb", "npb": {"benchmarks": ["bt", "cg", "dt", "dt_sh", "dt_wh", "ep", "ft", "graph500",
                                                                     "is", "lu", "mg", "sp"],
                                                      "class": "W", "ranks": 64, "placement": "random"}}},
    # Cycle engine (docs/engines.md, Cycle engine): VCs, shared buffers with a cache and CAM,
    # random allocation, bursts and the saturation bisection.
    "cycle-mesh-vc": {"seed": 5, "engine": "cycle", "topology": {"kind": "mesh", "dims": [4, 4]},
                      "switch": {"cache": None, "buffer": {"organisation": "vc", "vcs": 2, "flits_per_vc": 4}},
                      "traffic": {"injection": {"load": 0.3}, "packet_flits": 3},
                      "sim": {"warmup_cycles": 500, "measure_cycles": 2000, "drain_cycles": 2000}},
    "cycle-damq-cache": {"seed": 6, "engine": "cycle", "topology": {"kind": "torus", "dims": [4, 4]},
                         "switch": {"cache": {"entries": 8, "ways": 2}, "cam": {"search_cycles": 2},
                                    "buffer": {"organisation": "damq", "flits_per_port": 20,
                                               "flow_control": "virtual_cut_through"},
                                    "pipeline_cycles": {"rc_miss": 4}, "allocator": {"kind": "pim", "iterations": 2}},
                         "traffic": {"injection": {"process": "on_off", "load": 0.1, "burst_flits": 16},
                                     "packet_flits": 2},
                         "sim": {"warmup_cycles": 500, "measure_cycles": 2000, "drain_cycles": 2000,
                                 "trace_packets": 8}},
    # Seed 003's adaptive climb: ports chosen by the room downstream, a drawn tie-break, traced routes.
    "cycle-bmin-adaptive": {"seed": 10, "engine": "cycle", "topology": {"kind": "bmin", "k": 2, "stages": 4},
                            "routing": {"algorithm": "turnaround_adaptive"},
                            "switch": {"cache": {"entries": 4, "ways": 2},
                                       "buffer": {"organisation": "damq", "flits_per_port": 24}},
                            "traffic": {"pattern": "transpose", "injection": {"load": 0.4}, "packet_flits": 4},
                            "sim": {"warmup_cycles": 500, "measure_cycles": 2000, "drain_cycles": 2000,
                                    "trace_packets": 8}},
    "cycle-saturation": {"seed": 7, "engine": "cycle", "topology": {"kind": "single_switch", "ports": 8},
                         "switch": {"cache": None, "buffer": {"organisation": "hipiqs", "flits_per_port": 16}},
                         "traffic": {"injection": {"load": 0.5}},
                         "sim": {"warmup_cycles": 200, "measure_cycles": 1000, "drain_cycles": 1000,
                                 "mode": "saturation", "bisection_steps": 4}},
    # Curve mode: the bisection, then the curve's loads on every core (threads natively and in the
    # threaded module, one after another in the one-thread module): the same bytes in every build.
    "cycle-curve": {"seed": 9, "engine": "cycle", "topology": {"kind": "mesh", "dims": [3, 3]},
                    "switch": {"cache": {"entries": 4, "ways": 2}, "buffer": {"organisation": "vc", "vcs": 2, "flits_per_vc": 4}},
                    "traffic": {"pattern": "all_to_all"},
                    "sim": {"warmup_cycles": 200, "measure_cycles": 800, "drain_cycles": 800,
                            "mode": "curve", "bisection_steps": 3, "curve_points": 5}},
    # Packet size mixes (their own random stream) and a job mix; trace replay at timestamps in ns.
    "cycle-size-mix-jobs": {"seed": 8, "engine": "cycle", "topology": {"kind": "mesh", "dims": [4, 4]},
                            "switch": {"cache": {"entries": 4, "ways": 2},
                                       "buffer": {"organisation": "voq", "flits_per_port": 40}},
                            "traffic": {"pattern": "bit_reverse", "jobs": {"sizes": [8, 4]},
                                        "injection": {"load": 0.25},
                                        "size_mix": {"flits": [1, 4, 8], "weights": [5, 2, 1]}},
                            "sim": {"warmup_cycles": 500, "measure_cycles": 2000, "drain_cycles": 2000}},
    "cycle-trace-replay": {"seed": 9, "engine": "cycle", "topology": {"kind": "torus", "dims": [4, 4]},
                           "switch": {"cache": {"entries": 4, "ways": 1}, "clock_ghz": 1.5,
                                      "pipeline_cycles": {"rc_miss": 3}},
                           "traffic": {"pattern": "trace", "mtu_bytes": 256, "packet_flits": 4,
                                       "trace": "time,src,dst,bytes\n0,0,15,4096\n10.5,3,15,2048\n"
                                                "11,15,0,100\n400,7,8,0\n401.2,8,7,9000\n",
                                       "injection": {"process": "trace", "time_unit": "ns"}},
                           "sim": {"warmup_cycles": 0, "measure_cycles": 3000, "drain_cycles": 2000,
                                   "trace_packets": 6}},
    "cycle-application": {"seed": 10, "engine": "cycle", "topology": {"kind": "mesh", "dims": [4, 4]},
                          "switch": {"cache": {"entries": 4, "ways": 2}, "pipeline_cycles": {"rc_miss": 4}},
                          "traffic": {"pattern": "npb", "packet_flits": 4,
                                      "npb": {"benchmarks": ["is", "dt"], "class": "S", "ranks": 16,
                                              "packet_bytes": 128, "placement": "random"},
                                      "injection": {"process": "application", "gflops": 20}},
                          "sim": {"warmup_cycles": 0, "measure_cycles": 1000000, "drain_cycles": 0}},
}
# Every example of the catalogue (examples/README.md), shortened to keep the suite fast. The
# all-to-all prefetch is dropped too (it routes every node pair, 16.7M on the 4,096-node fat tree);
# the "options" config above covers it.
for f in sorted(EXAMPLES.glob("*.json")):
    cfg = json.loads(f.read_text())["config"]
    if cfg.get("engine") == "cycle":
        cfg["sim"] = {"warmup_cycles": 500, "measure_cycles": 2000, "drain_cycles": 2000}
    else:
        cfg["traffic"]["packets"] = 20000
        cfg["traffic"]["warmup_packets"] = 2000
    (cfg["switch"].get("cache") or {}).pop("prefetch", None)
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
    wasm_lines, wasm_mt_lines = (
        subprocess.run(["node", str(ROOT / "tests/cross_build/run_wasm.mjs"), *flag, *map(str, files)],
                       check=True, capture_output=True, text=True).stdout.splitlines() for flag in ([], ["--threaded"]))
    out = {}
    for (name, cfg), path, wasm, wasm_mt in zip(CONFIGS.items(), files, wasm_lines, wasm_mt_lines):
        cli = subprocess.run([str(CLI), "run", str(path)], check=True, capture_output=True, text=True).stdout
        py = switchlab_core.run(json.dumps(cfg))
        out[name] = tuple(strip(json.loads(x)) for x in (cli, py, wasm, wasm_mt))
    return out


@pytest.mark.parametrize("name", list(CONFIGS))
def test_four_builds_identical(results, name):
    """The threaded WASM build runs route walks on every core (sim.threads defaults to 0)."""
    cli, py, wasm, wasm_mt = results[name]
    if cli["engine"]["name"] == "app":  # the application time model: a time per benchmark
        assert all(b["time_s"] > 0 for b in cli["app"]["benchmarks"].values())
    else:
        assert cli["cache"]["lookups"] > 0
    assert cli == py
    assert cli == wasm
    assert cli == wasm_mt


def test_examples_all_ran():
    assert {"example-tofu-6d", "example-torus-4d-switchable", "example-torus-9x9x9-m128-uniform",
            "example-fattree-16ary-3tree", "example-dragonfly-16x16"} <= set(CONFIGS)
    assert len([c for c in CONFIGS if c.startswith("example-")]) == len(list(EXAMPLES.glob("*.json")))


def test_cost_and_models_identical(tmp_path):
    """The cost report and a simulating closed-form model (seed 002's content store) agree too."""
    cfg = tmp_path / "cfg.json"
    cfg.write_text(json.dumps(CONFIGS["lru-crc32"]))
    cli_cost = json.loads(subprocess.run([str(CLI), "cost", str(cfg)], check=True, capture_output=True, text=True).stdout)
    assert cli_cost == json.loads(switchlab_core.cost(cfg.read_text()))
    cli_icn = json.loads(subprocess.run([str(CLI), "model", "icn_cache_sim", "{}"], check=True, capture_output=True,
                                        text=True).stdout)
    assert cli_icn == json.loads(switchlab_core.model("icn_cache_sim", "{}"))
    wasm = subprocess.run(["node", "-e", WASM_COST_AND_MODEL, str(cfg)], check=True, capture_output=True,
                          text=True, cwd=ROOT).stdout.splitlines()
    assert json.loads(wasm[0]) == cli_cost
    assert json.loads(wasm[1]) == cli_icn


# CACTI's module first (as run_wasm.mjs): the core then prices cost.method cacti as natively.
WASM_COST_AND_MODEL = """
const fs = require('fs');
import('./wasm-core/bindings/wasm/load_node.mjs').then(async ({ loadCacti, loadCore }) => {
  await loadCacti();
  const core = await loadCore();
  console.log(core.cost(fs.readFileSync(process.argv[1], 'utf8')));
  console.log(core.model('icn_cache_sim', '{}'));
});
"""


@pytest.mark.parametrize("path", sorted((EXAMPLES / "invalid").glob("*.json")), ids=lambda p: p.stem)
def test_invalid_examples_rejected_everywhere(tmp_path, path):
    example = json.loads(path.read_text())
    field = example["error_field"]
    bad = tmp_path / "config.json"
    bad.write_text(json.dumps(example["config"]))
    cli = subprocess.run([str(CLI), "run", str(bad)], capture_output=True, text=True)
    assert cli.returncode == 2
    assert f"error: {field}:" in cli.stderr
    with pytest.raises(ValueError) as e:
        switchlab_core.run(bad.read_text())
    assert json.loads(str(e.value))["field"] == field
    wasm = subprocess.run(["node", str(ROOT / "tests/cross_build/run_wasm.mjs"), str(bad)],
                          check=True, capture_output=True, text=True).stdout
    assert json.loads(wasm)["error"]["field"] == field


def wasm_call(fn: str, *files) -> list[str]:
    return subprocess.run(["node", str(ROOT / "tests/cross_build/run_wasm.mjs"), "--fn", fn, *map(str, files)],
                          check=True, capture_output=True, text=True).stdout.splitlines()


def example_config_files(tmp_path) -> list[Path]:
    """Every example's config, valid and invalid, as a file of its own."""
    paths = sorted(EXAMPLES.glob("*.json")) + sorted((EXAMPLES / "invalid").glob("*.json"))
    files = []
    for i, p in enumerate(paths):
        f = tmp_path / f"{i}.json"
        f.write_text(json.dumps(json.loads(p.read_text())["config"]))
        files.append(f)
    return files


def test_prepare_identical_for_every_example(tmp_path):
    """prepare() (normalized config, id, summary or the error) is the same answer in every build."""
    files = example_config_files(tmp_path)
    for f, wasm in zip(files, wasm_call("prepare", *files)):
        cli = subprocess.run([str(CLI), "prepare", str(f)], capture_output=True, text=True)
        py = json.loads(switchlab_core.prepare(f.read_text()))
        assert json.loads(wasm) == py
        if "error" in py:
            assert cli.returncode == 2 and f"error: {py['error']['field']}:" in cli.stderr
        else:
            assert json.loads(cli.stdout) == py and py["summary"]["nodes"] > 0


def test_topology_drawing_identical(tmp_path):
    """topology_drawing() (the drawing description: layout hint, links, port names and classes, or
    the error) is the same answer natively, in Python and in WASM, for every example and for one
    config of every topology kind (CONFIGS)."""
    files = example_config_files(tmp_path)
    for name, cfg in CONFIGS.items():
        f = tmp_path / f"{name}.json"
        f.write_text(json.dumps(cfg))
        files.append(f)
    kinds = set()
    for f, wasm in zip(files, wasm_call("topology_drawing", *files), strict=True):
        cli = subprocess.run([str(CLI), "drawing", str(f)], capture_output=True, text=True)
        py = json.loads(switchlab_core.topology_drawing(f.read_text()))
        assert json.loads(wasm) == py, f.name
        if "error" in py:
            assert cli.returncode == 2 and f"error: {py['error']['field']}:" in cli.stderr
        else:
            assert json.loads(cli.stdout) == py
            kinds.add(py["kind"])
    assert {"torus", "mesh", "fat_tree", "bmin", "dragonfly", "random_regular", "edge_list", "single_switch"} <= kinds


def test_schemas_identical():
    cli = subprocess.run([str(CLI), "schema"], check=True, capture_output=True, text=True).stdout
    cli_results = subprocess.run([str(CLI), "schema", "--results"], check=True, capture_output=True, text=True).stdout
    assert json.loads(cli) == json.loads(switchlab_core.schema()) == json.loads(wasm_call("schema")[0])
    assert json.loads(cli_results) == json.loads(switchlab_core.results_schema()) == \
        json.loads(wasm_call("resultsSchema")[0])


def test_wasm_glue_never_evals():
    """The UI's Content-Security-Policy has no 'unsafe-eval' (docs/security.md): the WASM builds
    link with -sDYNAMIC_EXECUTION=0 so embind builds its functions without eval. The threaded
    build's pthread worker script has one eval, in its node-only importScripts stand-in, which an
    ES-module build never calls (its workers import() the module)."""
    for name in ("switchlab_core.mjs", "switchlab_core_mt.mjs"):
        glue = (ROOT / "build" / "wasm" / name).read_text()
        assert "new Function(" not in glue and "eval" not in glue, name
    worker = (ROOT / "build" / "wasm" / "switchlab_core_mt.worker.js").read_text()
    assert "new Function(" not in worker
    assert worker.count("eval") == worker.count('importScripts:function(f){(0,eval)(fs.readFileSync(f,"utf8"))}') == 1


STEPPED = ["lru-crc32", "npb-app", "cycle-mesh-vc", "cycle-damq-cache"]


@pytest.mark.parametrize("name", STEPPED)
def test_stepped_run_in_python_identical(name):
    """The server's worker runs the core in steps to report progress (worker/runner.py): its
    result is run()'s, its reports rise to 1 in the engine's work units."""
    text = json.dumps(CONFIGS[name])
    reports = []
    stepped = json.loads(run_stepped(switchlab_core, text, lambda *r: reports.append(r)))
    whole = json.loads(switchlab_core.run(text))
    stepped.pop("wall_time_s"), whole.pop("wall_time_s")
    assert stepped == whole
    fractions = [r[0] for r in reports]
    assert fractions == sorted(fractions) and fractions[-1] == 1
    unit = {"cycle": "cycles", "app": "evaluations"}.get(CONFIGS[name].get("engine"), "packets")
    assert {r[3] for r in reports} == {unit} and reports[-1][1] == reports[-1][2] > 0


def test_stepped_run_of_an_invalid_config_raises_the_error_object():
    with pytest.raises(ValueError) as err:
        run_stepped(switchlab_core, json.dumps({"topology": {"kind": "torus", "dims": [0]}}), lambda *r: None)
    assert json.loads(str(err.value))["field"].startswith("topology.dims")
