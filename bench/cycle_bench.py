"""`make bench`, cycle engine: simulated cycles and flit-hops per second on BookSim 2.0's reference
configs (8x8 mesh at four loads, 16x16 torus with 2-cycle channels as BookSim gives every torus
channel), native (Python extension = the same C++ as the CLI) and WebAssembly (node), beside
BookSim2's published cycles per second on a 2-core machine (the figures the cycle-engine
specification quotes; not measured here). Prints numbers and ratios; asserts nothing."""
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "build/python"))
import switchlab_core  # noqa: E402


def rates(result: dict) -> tuple:
    wall = result["wall_time_s"]
    return result["cycles"]["simulated"] / wall, result["cycles"]["flit_hops"] / wall, result["saturated"]


def main() -> None:
    started = time.strftime("%Y-%m-%d %H:%M:%S")
    configs = json.loads((ROOT / "bench/cycle_configs.json").read_text())
    with tempfile.TemporaryDirectory() as d:
        files = []
        for name, entry in configs.items():
            p = Path(d) / f"{name}.json"
            p.write_text(json.dumps(entry["config"]))
            files.append(p)
        wasm = subprocess.run(["node", str(ROOT / "tests/cross_build/run_wasm.mjs"), *map(str, files)],
                              check=True, capture_output=True, text=True).stdout.splitlines()
    print(f"cycle-engine benchmark ({started}); simulated cycles/s and million flit-hops/s")
    print(f"{'config':20s} {'native c/s':>11s} {'wasm c/s':>10s} {'BookSim2 c/s':>13s} {'native/BookSim2':>16s} "
          f"{'native Mfh/s':>13s} {'native/wasm':>12s}")
    for (name, entry), w in zip(configs.items(), wasm):
        nc, nf, sat = rates(json.loads(switchlab_core.run(json.dumps(entry["config"]))))
        wc, _, _ = rates(json.loads(w))
        b = entry["booksim2_cycles_per_s"]
        print(f"{name:20s} {nc:11.0f} {wc:10.0f} {b:13d} {nc / b:16.1f} {nf / 1e6:13.2f} {nc / wc:12.2f}"
              + ("  (saturated)" if sat else ""))


if __name__ == "__main__":
    main()
