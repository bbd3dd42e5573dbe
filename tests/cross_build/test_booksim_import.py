"""BookSim 2.0 configs in (docs/engines.md, "BookSim configs in"): the core's one importer, reached by the native
CLI (`switchlab-sim import booksim FILE`), the Python extension (`import_booksim`) and both WASM modules
(`importBooksim`), gives the same answer in all of them; keys SwitchLab does not model are listed with their line;
bad files are errors naming the line. The configs in tests/cross_build/booksim/ were written for these tests from
BookSim's documented keys (not copied from BookSim)."""
import json
import subprocess
from pathlib import Path

import pytest
import switchlab_core

ROOT = Path(__file__).resolve().parents[2]
CLI = ROOT / "build/native/bin/switchlab-sim"
CONFIGS = ROOT / "tests/cross_build/booksim"
FILES = sorted(CONFIGS.glob("*.cfg"))

# BookSim 2.0 on this 8x8 mesh at 0.05 packets/node/cycle (1-flit packets): mean packet latency 33.4 cycles,
# measured beside SwitchLab on 2026-11-25 with BookSim built from its repository (docs/engines.md, Cycle engine,
# "What it reproduces"; examples/booksim-mesh-8x8-cycle.json).
BOOKSIM_MESH_LATENCY = 33.4


def cli_import(path: Path) -> subprocess.CompletedProcess:
    return subprocess.run([str(CLI), "import", "booksim", str(path)], capture_output=True, text=True, timeout=60)


def wasm_import(paths: list[Path], threaded: bool = False) -> list[str]:
    flag = ["--threaded"] if threaded else []
    out = subprocess.run(["node", str(ROOT / "tests/cross_build/run_wasm.mjs"), *flag, "--fn", "importBooksim",
                          *map(str, paths)], check=True, capture_output=True, text=True, timeout=120).stdout
    return out.splitlines()


def test_native_python_and_wasm_give_the_same_answer(tmp_path):
    bad = tmp_path / "flatfly.cfg"
    bad.write_text("// a flattened butterfly\ntopology = flatfly;\nk = 4;\nn = 2;\n")
    paths = FILES + [bad]
    python = [switchlab_core.import_booksim(p.read_text()) for p in paths]
    native = [cli_import(p) for p in paths]
    for p, py, cli in zip(paths, python, native):
        if p == bad:
            assert cli.returncode == 2
        else:
            assert cli.returncode == 0 and cli.stdout == py + "\n", p
    assert wasm_import(paths) == python
    assert wasm_import(paths, threaded=True) == python


def test_the_8x8_mesh_gives_booksims_latency_within_5_percent():
    answer = json.loads(switchlab_core.import_booksim((CONFIGS / "mesh88.cfg").read_text()))
    assert answer["config"] == {
        "engine": "cycle", "seed": 0, "routing": {"algorithm": "dor"},
        "topology": {"kind": "mesh", "dims": [8, 8], "concentration": 1},
        "switch": {"cache": None, "buffer": {"organisation": "vc", "vcs": 4, "flits_per_vc": 8},
                   "allocator": {"kind": "islip", "iterations": 1},
                   "pipeline_cycles": {"rc_hit": 1, "rc_miss": 1, "rc_no_cache": 1, "va": 1, "sa": 1, "st": 1},
                   "link_cycles": 1},
        "traffic": {"pattern": "uniform", "include_self": True, "packet_flits": 1,
                    "injection": {"process": "bernoulli", "load": 0.05}},
        "sim": {"mode": "latency", "warmup_cycles": 3000, "measure_cycles": 10000, "drain_cycles": 10000},
    }
    # Every key of the file is translated or listed; none is dropped.
    assert answer["unmodelled"] == [
        {"key": "use_read_write", "value": "0", "line": 29, "reason": "SwitchLab has no request/reply traffic"},
        {"key": "input_speedup", "value": "1", "line": 30, "reason": "SwitchLab's crossbar has no input speedup (1)"}]
    assert {d["key"]: d["value"] for d in answer["defaults"]} == {
        "c": "1", "injection_rate_uses_flits": "0", "max_samples": "10", "packet_size_rate": "1",
        "sample_period": "1000", "seed": "0", "st_prepare_delay": "0", "warmup_periods": "3"}
    result = json.loads(switchlab_core.run(json.dumps(answer["config"])))
    latency = result["latency_cycles"]["packet"]["mean"]
    assert abs(latency - BOOKSIM_MESH_LATENCY) <= 0.05 * BOOKSIM_MESH_LATENCY, latency
    assert not result["saturated"]


def test_defaults_mixes_allocators_and_trees():
    torus = json.loads(switchlab_core.import_booksim((CONFIGS / "torus44-mix.cfg").read_text()))
    cfg = torus["config"]
    # BookSim's defaults fill what the file leaves out: 16 VCs of 8 flits, iSLIP, one-cycle stages.
    assert cfg["switch"]["buffer"] == {"organisation": "vc", "vcs": 16, "flits_per_vc": 8}
    assert cfg["topology"] == {"kind": "torus", "dims": [4, 4], "concentration": 1}
    # Packets per node per cycle become flits: 0.02 x (3 x 1 + 1 x 4) / 4.
    assert cfg["traffic"] == {"pattern": "transpose", "size_mix": {"flits": [1, 4], "weights": [3, 1]},
                              "injection": {"process": "bernoulli", "load": pytest.approx(0.035, abs=1e-15)}}
    assert cfg["sim"] == {"mode": "latency", "warmup_cycles": 1500, "measure_cycles": 5000, "drain_cycles": 5000}
    assert cfg["seed"] == 7
    assert [(u["key"], u["line"]) for u in torus["unmodelled"]] == [("wait_for_tail_credit", 11), ("vc_allocator", 12)]
    tree = json.loads(switchlab_core.import_booksim((CONFIGS / "fattree-4ary-3tree.cfg").read_text()))
    assert tree["config"]["topology"] == {"kind": "fat_tree", "k": 4, "n": 3}
    assert tree["config"]["routing"] == {"algorithm": "updown"}
    assert tree["config"]["traffic"]["pattern"] == "random_permutation"
    assert [u["key"] for u in tree["unmodelled"]] == ["hold_switch_for_packet"]
    for answer in (torus, tree):
        assert json.loads(switchlab_core.prepare(json.dumps(answer["config"])))["id"]


@pytest.mark.parametrize("text,field,message,allowed", [
    ("topology = mesh;\nk = 8;\ntopology = torus;\n", "line 3", "topology is given again (first on line 1)",
     "each key once per file"),
    ("topology = mesh;\nk = 8\nn = 2;\n", "line 2", "k: the value ends without ';'", "key = value; on one line"),
    ("// comment\n\ntopology = flatfly;\n", "line 3", "topology = flatfly is not modelled by SwitchLab's cycle engine",
     "one of: fattree, mesh, torus"),
    ("topology = mesh;\nk = 8;\nn = 2;\n", "routing_function (BookSim's default)",
     "routing_function = none is not modelled by SwitchLab's cycle engine", "one of: dim_order, dor"),
    ("topology = mesh;\nrouting_function = dor;\nk = eight;\n", "line 3", "k = eight: not an integer in [2, 1048576]",
     "an integer in [2, 1048576]"),
    ("topology = mesh;\nrouting_function = dor;\n= 3;\n", "line 3", "expected a key (a name such as num_vcs), found '='",
     "key = value; statements and // comments"),
    ("topology = mesh;\nrouting_function = dor;\nsim_type = throughput;\n", "line 3",
     "sim_type = throughput is not modelled by SwitchLab's cycle engine", "one of: latency"),
])
def test_bad_files_name_the_line(tmp_path, text, field, message, allowed):
    error = json.loads(switchlab_core.import_booksim(text))["error"]
    assert error == {"field": field, "message": message, "allowed": allowed}
    (tmp_path / "bad.cfg").write_text(text)
    out = cli_import(tmp_path / "bad.cfg")
    assert out.returncode == 2 and out.stdout == "" and out.stderr.startswith(f"error: {field}: {message}")


def test_a_value_the_core_rejects_is_reported_at_its_line():
    # 0.5 packets of 4 flits per node per cycle is a load of 2 flits/node/cycle: above what a node can offer.
    text = "topology = mesh;\nrouting_function = dor;\npacket_size = 4;\ninjection_rate = 0.5;\n"
    error = json.loads(switchlab_core.import_booksim(text))["error"]
    assert error["field"] == "line 4"
    assert error["message"].startswith("injection_rate (SwitchLab field traffic.injection.load): ")
    assert error["allowed"]
