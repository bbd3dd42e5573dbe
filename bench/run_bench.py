"""`make bench`: look-ups per second of the route-walk engine, native (Python extension = the
same C++ as the CLI) and WebAssembly (node), side by side, with the bare cache-kernel ceiling
measured in the same process; then the time prepare() (validation) takes on the worst configs of
docs/topologies.md "Size limits", against a small baseline config in the same run. Prints numbers
and ratios; asserts nothing."""
import json
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "build/python"))
import switchlab_core  # noqa: E402

KERNEL_LOOKUPS = 1e8


def native() -> dict:
    out = {}
    k = json.loads(switchlab_core.bench_kernel(KERNEL_LOOKUPS))
    out["cache-kernel"] = (k["lookups"], k["wall_time_s"])
    for name, cfg in json.loads((ROOT / "bench/configs.json").read_text()).items():
        r = json.loads(switchlab_core.run(json.dumps(cfg)))
        out[name] = (r["cache"]["lookups"], r["wall_time_s"])
    return out


def wasm() -> dict:
    lines = subprocess.run(["node", str(ROOT / "bench/wasm_bench.mjs"), str(KERNEL_LOOKUPS)],
                           check=True, capture_output=True, text=True).stdout.splitlines()
    return {d["name"]: (d["lookups"], d["wall_time_s"]) for d in map(json.loads, lines)}


def main() -> None:
    started = time.strftime("%Y-%m-%d %H:%M:%S")
    n, w = native(), wasm()
    print(f"route-walk benchmark ({started}); rates in million port look-ups per second")
    print(f"{'benchmark':34s} {'native':>10s} {'wasm':>10s} {'native/wasm':>12s} {'native/kernel':>14s}")
    kernel_rate = n["cache-kernel"][0] / n["cache-kernel"][1]
    for name in n:
        nr = n[name][0] / n[name][1]
        wr = w[name][0] / w[name][1]
        assert n[name][0] == w[name][0], f"{name}: native and WASM counted different look-ups"
        print(f"{name:34s} {nr / 1e6:10.1f} {wr / 1e6:10.1f} {nr / wr:12.2f} {nr / kernel_rate:14.2f}")


def prepare_worst_case() -> None:
    configs = json.loads((ROOT / "bench/prepare_configs.json").read_text())
    native_s = {}
    switchlab_core.prepare(json.dumps(next(iter(configs.values()))))  # warm-up, as in the WASM run
    for name, cfg in configs.items():
        text = json.dumps(cfg)
        t0 = time.perf_counter()
        switchlab_core.prepare(text)
        native_s[name] = time.perf_counter() - t0
    lines = subprocess.run(["node", str(ROOT / "bench/wasm_bench.mjs"), "--prepare"],
                           check=True, capture_output=True, text=True).stdout.splitlines()
    wasm_s = {d["name"]: d["wall_time_s"] for d in map(json.loads, lines)}
    base = next(iter(configs))
    print(f"\nprepare() worst cases; times in ms, ratio against '{base}' in this run")
    print(f"{'config':38s} {'native':>10s} {'wasm':>10s} {'native/base':>12s} {'wasm/base':>10s}")
    for name in configs:
        print(f"{name:38s} {native_s[name] * 1e3:10.2f} {wasm_s[name] * 1e3:10.2f} "
              f"{native_s[name] / native_s[base]:12.1f} {wasm_s[name] / wasm_s[base]:10.1f}")


if __name__ == "__main__":
    main()
    prepare_worst_case()
