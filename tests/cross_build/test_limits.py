"""Validation of any config stays small (docs/contract.md, "prepare"; docs/topologies.md, "Size
limits"): the worst configs of every topology kind, each prepared by the native CLI in a process
limited to 256 MB of address space, with its exact outcome; the Python extension and the WASM
module give the same answer. Speed is never asserted (timeout is only a hang guard): the memory
limit is what proves prepare() builds nothing large (the 4,096-switch graph's all-pairs tables, or
the 16.7 M-node BMIN's description, would not fit)."""
import json
import resource
import subprocess
from pathlib import Path

import pytest
import switchlab_core

ROOT = Path(__file__).resolve().parents[2]
CLI = ROOT / "build/native/bin/switchlab-sim"
ADDRESS_SPACE = 256 * 2**20

# A circulant graph of 4,096 switches, each linked to its 64 successors: 262,144 links (the most
# an edge list may have) of degree 128.
CIRCULANT = [[i, (i + j) % 4096] for i in range(4096) for j in range(1, 65)]
SMALL_CACHE = {"cache": {"entries": 64}}


def summary(nodes, switches, ports, links, max_hops, caches, lookups, memory_bytes, cache_bytes_per_port=257):
    # cache_bytes_per_port: 4 B per entry + a flag; 257 for SMALL_CACHE (64 entries), 8,193 for the default 2,048.
    return {"nodes": nodes, "switches": switches, "ports_per_switch": ports, "input_ports": switches * ports,
            "links": links, "max_hops": max_hops, "caches": caches, "packets": 100000, "lookups": lookups,
            "memory_bytes": memory_bytes, "cache_bytes_per_port": cache_bytes_per_port}


# name -> (config, expected summary (without engine/topology) or the error's field)
WORST = {
    "random-regular-4096x128-updown": (
        {"topology": {"kind": "random_regular", "switches": 4096, "degree": 128}, "routing": {"algorithm": "updown"}},
        # max_hops: the bound 2 x 3 levels + 1; memory: 2,048-entry caches (4.3 GB dense) kept sparsely,
        # 8 B per cache + 80 B per set the 700,000 look-ups touch at most, 16 B of counters per port,
        # 32 MiB of routing tables (built by a run only), and 3C's shadow: 80 B per cache, 128 B per
        # shadow that remembers a tag, 64/3 B per tag it may remember (at most one per look-up) and
        # up to 24 B per tag in its recency list (MissClassifier::bytes).
        summary(4096, 4096, 129, 262144, 7, 528384, 700000, 243872854, 8193)),
    "random-regular-4096x128-shortest": (
        {"topology": {"kind": "random_regular", "switches": 4096, "degree": 128}},
        summary(4096, 4096, 129, 262144, 7, 528384, 700000, 243872854, 8193)),
    "edge-list-262144-links": (
        {"topology": {"kind": "edge_list", "edges": CIRCULANT}, "routing": {"algorithm": "updown"}},
        summary(4096, 4096, 129, 262144, 65, 528384, 6500000, 970806187, 8193)),  # 32 levels from root 0
    "bmin-16ary-6stage-tornado": (
        {"topology": {"kind": "bmin", "k": 16, "stages": 6}, "traffic": {"pattern": "tornado"}}, "topology.stages"),
    # SMALL_CACHE (64 entries, 256 B of tags per cache) on these three: the look-ups touch fewer caches
    # than there are, each committing at least its 4 KB page, so the bound is the whole tag array.
    "bmin-16ary-5stage": (
        {"topology": {"kind": "bmin", "k": 16, "stages": 5}, "switch": SMALL_CACHE},
        summary(1048576, 327680, 32, 4194304, 9, 10485760, 900000, 6531342080)),
    "torus-1024x1024-tornado": (
        {"topology": {"kind": "torus", "dims": [1024, 1024]}, "switch": SMALL_CACHE, "traffic": {"pattern": "tornado"}},
        summary(1048576, 1048576, 5, 2097152, 1025, 5242880, 102500000, 8505426347)),
    "fat-tree-32ary-4tree": (
        {"topology": {"kind": "fat_tree", "k": 32, "n": 4}, "switch": SMALL_CACHE},
        summary(1048576, 131072, 64, 3145728, 7, 8388608, 700000, 5221606998)),
    "dragonfly-64-256-64-64": (
        {"topology": {"kind": "dragonfly", "p": 64, "a": 256, "h": 64, "g": 64}, "switch": SMALL_CACHE},
        summary(1048576, 16384, 383, 2613120, 4, 6275072, 400000, 3884577110)),
    "single-switch-65535": ({"topology": {"kind": "single_switch", "ports": 65535}, "switch": SMALL_CACHE},
                            summary(65535, 1, 65535, 0, 1, 65535, 100000, 52767094)),
    # Just over a limit, one of each kind.
    "over-torus": ({"topology": {"kind": "torus", "dims": [1024, 1025]}}, "topology.dims"),
    "over-mesh": ({"topology": {"kind": "mesh", "dims": [1024, 1024], "concentration": 2}}, "topology.dims"),
    "over-kary-ncube": ({"topology": {"kind": "kary_ncube", "dims": [4096] * 8}}, "topology.dims"),
    "over-bmin": ({"topology": {"kind": "bmin", "k": 4, "stages": 10}}, "topology.stages"),
    "over-fat-tree": ({"topology": {"kind": "fat_tree", "k": 32, "n": 4, "oversubscription": 2}}, "topology.n"),
    "over-dragonfly": ({"topology": {"kind": "dragonfly", "p": 64, "a": 256, "h": 64, "g": 65}}, "topology.g"),
    "over-dragonfly-links": ({"topology": {"kind": "dragonfly", "p": 1, "a": 256, "h": 64, "g": 206}}, "topology.g"),
    "over-random-regular": ({"topology": {"kind": "random_regular", "switches": 4097}}, "topology.switches"),
    "over-edge-list": ({"topology": {"kind": "edge_list", "edges": [[0, 4096]]}}, "topology.edges[0]"),
    "over-single-switch": ({"topology": {"kind": "single_switch", "ports": 65536}}, "topology.ports"),
    "65000-nested-arrays": ("[" * 65000 + "]" * 65000, "config"),
}


def limited() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (ADDRESS_SPACE, ADDRESS_SPACE))


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    d = tmp_path_factory.mktemp("worst")
    out = {}
    for name, (config, _) in WORST.items():
        out[name] = d / f"{name}.json"
        out[name].write_text(config if isinstance(config, str) else json.dumps(config))
    return out


@pytest.mark.parametrize("name", list(WORST))
def test_prepare_worst_case_within_256_mb(files, name):
    expected = WORST[name][1]
    cli = subprocess.run([str(CLI), "prepare", str(files[name])], capture_output=True, text=True,
                         preexec_fn=limited, timeout=60)
    if isinstance(expected, str):
        assert cli.returncode == 2, cli.stderr[-500:]
        assert cli.stderr.startswith(f"error: {expected}: "), cli.stderr[:500]
        return
    assert cli.returncode == 0, cli.stderr[-500:]
    prepared = json.loads(cli.stdout)
    # Graph kinds: route statistics appear only once routing tables exist, i.e. in results.
    assert "max_switch_hops" not in prepared["topology"]
    got = prepared["summary"]
    assert got.pop("engine") == "routewalk"
    assert got.pop("topology") == WORST[name][0]["topology"]["kind"]
    assert got == expected


def test_worst_cases_identical_in_every_build(files):
    names = list(WORST)
    wasm = subprocess.run(["node", str(ROOT / "tests/cross_build/run_wasm.mjs"), "--fn", "prepare",
                           *(str(files[n]) for n in names)], check=True, capture_output=True, text=True,
                          timeout=600).stdout.splitlines()
    for name, w in zip(names, wasm):
        py = json.loads(switchlab_core.prepare(files[name].read_text()))
        assert json.loads(w) == py, name
        cli = subprocess.run([str(CLI), "prepare", str(files[name])], capture_output=True, text=True, timeout=60)
        if "error" in py:
            assert cli.stderr.startswith(f"error: {py['error']['field']}: "), name
        else:
            assert json.loads(cli.stdout) == py, name


@pytest.mark.parametrize("config, line", [
    # A range error's message states the range: the CLI says it once.
    ({"topology": {"kind": "torus", "dims": [4, 4], "concentration": 0}},
     "error: topology.concentration: must be an integer in [1, 64], got 0"),
    # Otherwise the allowed text follows the message.
    ({"topology": {"kind": "torus", "dims": [4, 4]}, "switch": {"cache": {"entries": 64, "ways": 3}}},
     "error: switch.cache.ways: must divide entries (64) so that every set has the same ways; got 3 "
     "(allowed: a divisor of entries (64), or \"full\")"),
    # An unknown field: the known ones are listed once, as the allowed text.
    ({"topology": {"kind": "torus", "dims": [4, 4]}, "browser": True},
     "error: browser: unknown field (allowed: one of: cost, engine, hardware, monitor, name, output, routing, seed, "
     "sim, switch, topology, traffic)"),
])
def test_cli_error_line_states_the_allowed_values_once(tmp_path, config, line):
    path = tmp_path / "bad.json"
    path.write_text(json.dumps({"engine": "routewalk", **config}))
    cli = subprocess.run([str(CLI), "prepare", str(path)], capture_output=True, text=True, timeout=60)
    assert (cli.returncode, cli.stdout, cli.stderr) == (2, "", line + "\n")
