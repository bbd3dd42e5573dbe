"""prepare()'s memory estimate (summary.memory_bytes) bounds what a run really uses (docs/contract.md,
"prepare"): the API's per-run memory cap and the core's own 16 GiB limit trust it. Each config runs
in the native CLI as a child of a fresh Python process, which reports the child's peak resident
set; the peak must not pass the estimate plus what the program itself needs before any config (its
code, the topology's description and the result JSON: BASE)."""
import json
import resource
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CLI = ROOT / "build/native/bin/switchlab-sim"
BASE = 48 * 2**20  # B: the CLI running a 4x4 torus peaks at about 6 MB

# Peak resident set (bytes) of the CLI running the config at `path`, from a process of its own, so
# that no earlier child's peak is reported.
PEAK = """
import resource, subprocess, sys
subprocess.run([sys.argv[1], "run", sys.argv[2]], check=True, stdout=subprocess.DEVNULL)
print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss * 1024)
"""

CONFIGS = {
    # 148,992 caches of 16 KB (2.4 GB dense) of which the run touches at most 8,800: committed page by
    # page. Asked for huge pages, the bank committed 2 MB per touched cache, the whole 2.4 GB, against
    # an estimate of 185 MB (found by wasm-core/fuzz/run_fuzzer.cpp).
    "dragonfly-scattered-caches": {
        "engine": "routewalk", "topology": {"kind": "dragonfly", "p": 1, "a": 96, "h": 1, "g": 16},
        "switch": {"cache": {"entries": 4096, "ways": 4}},
        "traffic": {"pattern": "uniform", "warmup_packets": 200, "packets": 2000}},
    # Every cache looked up: the whole bank in huge pages.
    "torus-every-cache": {
        "engine": "routewalk", "topology": {"kind": "torus", "dims": [8, 8, 8]},
        "switch": {"cache": {"entries": 2048, "ways": 4}},
        "traffic": {"pattern": "uniform", "warmup_packets": 20000, "packets": 200000}},
    # 64-entry caches (256 B each, 16 per page) touched sparsely: a page per touched cache at most.
    "fat-tree-small-caches": {
        "engine": "routewalk", "topology": {"kind": "fat_tree", "k": 16, "n": 3},
        "switch": {"cache": {"entries": 64}},
        "traffic": {"pattern": "uniform", "warmup_packets": 100, "packets": 1000}},
    # Far past saturation the source queues hold most of the 11 M packets created: 24 B each (the
    # estimate counted 16, 177 MiB against a 291 MiB peak), and every buffer slot may hold a packet
    # with its 33-hop route.
    "cycle-saturated-source-queues": {
        "engine": "cycle", "topology": {"kind": "torus", "dims": [32, 32]}, "switch": {"cache": None},
        "traffic": {"pattern": "uniform", "injection": {"load": 1.0}, "packet_flits": 1},
        "sim": {"warmup_cycles": 1000, "measure_cycles": 5000, "drain_cycles": 5000}},
    # The cycle engine's estimate counts its buffers, caches and source queues.
    "cycle-mesh-caches": {
        "engine": "cycle", "topology": {"kind": "mesh", "dims": [16, 16]},
        "switch": {"cache": {"entries": 1024, "ways": 4}},
        "traffic": {"pattern": "uniform", "injection": {"load": 0.2}, "packet_flits": 4},
        "sim": {"warmup_cycles": 500, "measure_cycles": 2000, "drain_cycles": 2000}},
    # Exact 3C with more destinations than entries: the shadow remembers every tag a cache has seen,
    # evicted ones too (4.5 M here, 345 MB peak; estimated at 108 MB when it counted `entries` tags
    # per cache at 44 B).
    "routewalk-3c-shadow-switch-scope": {
        "engine": "routewalk", "topology": {"kind": "torus", "dims": [32, 32, 32]},
        "switch": {"cache": {"entries": 64, "scope": "switch"}}, "traffic": {"pattern": "uniform", "packets": 1000000}},
    # Every (input, output) queue of a DAMQ may take its input's whole buffer: a ring of
    # flits_per_port slots each, ports^2 rings per switch (420 MB here; estimated at 12 MB when the
    # estimate counted one buffer per port).
    "cycle-damq-high-radix": {
        "engine": "cycle", "topology": {"kind": "single_switch", "ports": 128}, "switch": {"cache": None,
        "buffer": {"organisation": "damq", "flits_per_port": 1024}},
        "traffic": {"pattern": "uniform", "injection": {"load": 0.05}},
        "sim": {"warmup_cycles": 100, "measure_cycles": 300, "drain_cycles": 300}},
    # VC allocation over (ports x VCs) = 16,384 input VCs: its request rows and columns grow with
    # the square (a 136 MB peak; the estimate counted a ports^2 matrix, about 5 MB in all).
    "cycle-vc-allocator-high-radix": {
        "engine": "cycle", "topology": {"kind": "single_switch", "ports": 256}, "switch": {"cache": None,
        "buffer": {"organisation": "vc", "vcs": 64, "flits_per_vc": 4}},
        "traffic": {"pattern": "uniform", "injection": {"load": 0.05}},
        "sim": {"warmup_cycles": 100, "measure_cycles": 300, "drain_cycles": 300}},
    # A wide torus at light load for a few cycles: each of its 2.6 M VOQ slots could hold a packet
    # with a 65-hop route, but the run creates 12,300 packets (2.4 GB estimated before, 86 MB used).
    "cycle-wide-torus-light-load": {
        "engine": "cycle", "topology": {"kind": "torus", "dims": [64, 64]}, "switch": {"cache": None,
        "buffer": {"organisation": "voq", "flits_per_port": 128}},
        "traffic": {"injection": {"load": 0.1}},
        "sim": {"warmup_cycles": 10, "measure_cycles": 10, "drain_cycles": 10}},
}


def estimate_of(path):
    prepared = subprocess.run([str(CLI), "prepare", str(path)], check=True, capture_output=True, text=True)
    return json.loads(prepared.stdout)["summary"]["memory_bytes"]


def peak_of(path):
    return int(subprocess.run([sys.executable, "-c", PEAK, str(CLI), str(path)], check=True, capture_output=True,
                              text=True, timeout=300).stdout)


@pytest.mark.parametrize("name", list(CONFIGS))
def test_peak_memory_within_the_estimate(tmp_path, name):
    path = tmp_path / f"{name}.json"
    path.write_text(json.dumps(CONFIGS[name]))
    estimate, peak = estimate_of(path), peak_of(path)
    assert peak <= estimate + BASE, f"{name}: peak {peak / 2**20:.0f} MiB, estimate {estimate / 2**20:.0f} MiB"


def test_light_load_estimate_counts_the_packets_a_run_creates(tmp_path):
    """A short light run is not sized as if every buffer slot held a packet of its own."""
    path = tmp_path / "light.json"
    path.write_text(json.dumps(CONFIGS["cycle-wide-torus-light-load"]))
    estimate, peak = estimate_of(path), peak_of(path)
    assert estimate <= 2 * peak, f"estimate {estimate / 2**20:.0f} MiB, peak {peak / 2**20:.0f} MiB"


def test_cli_out_of_memory_is_a_message(tmp_path):
    """A process capped below what a run needs (here 600 MB of address space for a 1.07 GB run) gets a
    message and exit 1, not an abort."""
    config = json.loads(json.dumps(CONFIGS["cycle-wide-torus-light-load"]))
    config["switch"]["buffer"]["flits_per_port"] = 2048
    path = tmp_path / "big.json"
    path.write_text(json.dumps(config))
    assert estimate_of(path) > 900e6

    def cap():
        resource.setrlimit(resource.RLIMIT_AS, (600 * 2**20, 600 * 2**20))

    r = subprocess.run([str(CLI), "run", str(path)], capture_output=True, text=True, preexec_fn=cap, timeout=120)
    assert r.returncode == 1, r.stderr
    assert r.stdout == ""
    assert r.stderr.startswith("error: out of memory: this process may not allocate what the run needs"), r.stderr
