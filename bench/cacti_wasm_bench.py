"""`make bench`: CACTI 7's time per array as WebAssembly (build/wasm/cacti*.mjs), in node and in
headless Chromium, each with the one-thread and the threaded module (bench/cacti_wasm_bench.mjs),
beside native CACTI (build/cacti/cacti, a process per run, as the native core runs it). The arrays:
seed 000's table (2,048 x 12 B, 4-way, 45 nm), the default CAM forwarding table (49,152 x 24-bit
keys, 45 nm) and a large cache (65,536 x 64 B, 16-way, 90 nm). First run and best of REPS; asserts
nothing (docs/cost-model.md section 8; bench/cacti_bench.py times the native exact path and memo)."""
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
import cacti_rows  # noqa: E402  (CACTI's cache.cfg with a row's settings, as the rows were made)

CACTI_DIR = ROOT / "build/cacti"
REPS = 2
ARRAYS = {
    "seed000 2048x12B 4-way 45nm": cacti_rows.cache_spec(2048, 4, 12, 45),
    "CAM 49152x24b 45nm": cacti_rows.cam_spec("cam", 49152, 24, 45),
    "cache 65536x64B 16-way 90nm": cacti_rows.cache_spec(65536, 16, 64, 90),
}


def native(configs: dict) -> dict:
    out = {}
    with tempfile.TemporaryDirectory() as tmp:
        for name, text in configs.items():
            cfg = Path(tmp) / "run.cfg"
            cfg.write_text(text)
            times = []
            for _ in range(REPS + 1):
                t0 = time.perf_counter()
                subprocess.run([str(CACTI_DIR / "cacti"), "-infile", str(cfg)], cwd=CACTI_DIR, check=True,
                               capture_output=True)
                times.append(time.perf_counter() - t0)
            out[name] = (times[0], min(times[1:]))
    return out


def wasm(env: str, configs: dict) -> dict:
    with tempfile.NamedTemporaryFile("w", suffix=".json") as f:
        json.dump(configs, f)
        f.flush()
        lines = subprocess.run(["node", str(ROOT / "bench/cacti_wasm_bench.mjs"), env, f.name, str(REPS)],
                               check=True, capture_output=True, text=True).stdout.splitlines()
    return {(d["build"], d["name"]): (d["first_s"], d["best_s"]) for d in map(json.loads, lines)}


def main() -> None:
    template = (CACTI_DIR / "src/cache.cfg").read_text()
    configs = {name: cacti_rows.cfg_text(template, spec) for name, spec in ARRAYS.items()}
    nat, node, browser = native(configs), wasm("node", configs), wasm("browser", configs)
    sizes = {f: (ROOT / "build/wasm" / f).stat().st_size for f in ("cacti.wasm", "cacti_mt.wasm")}
    print(f"\nCACTI 7 time per array ({time.strftime('%Y-%m-%d %H:%M:%S')}, {os.cpu_count()} cores; the threaded "
          f"module searches on 4 threads); seconds, first run / best of {REPS}; modules cacti.wasm "
          f"{sizes['cacti.wasm'] / 1024:.0f} KiB, cacti_mt.wasm {sizes['cacti_mt.wasm'] / 1024:.0f} KiB")
    cols = ["native", "node 1t", "node mt", "chromium 1t", "chromium mt"]
    print(f"{'array':30s} " + " ".join(f"{c:>15s}" for c in cols) + f" {'chromium 1t/native':>19s}")
    for name in configs:
        cells = [nat[name], node[("one-thread", name)], node[("threaded", name)],
                 browser[("one-thread", name)], browser[("threaded", name)]]
        print(f"{name:30s} " + " ".join(f"{a:7.2f} /{b:6.2f}" for a, b in cells)
              + f" {browser[('one-thread', name)][1] / nat[name][1]:19.2f}")


if __name__ == "__main__":
    main()
