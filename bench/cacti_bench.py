"""`make bench`: CACTI 7 behind the cost model (docs/cost-model.md, "Exact method"), natively
through the Python extension (the same C++ as the CLI and the workers): the time of one CACTI run
per array (cache shapes and CAMs, each run once with an empty memo), then a 1,000-point cost sweep
over 10 distinct caches with the memo (10 CACTI runs) and without it (the memo emptied before every
point, so every point runs CACTI; measured on the first POINTS_NO_MEMO points and scaled to 1,000,
as printed). Prints numbers; asserts nothing."""
import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "build/python"))
import switchlab_core as core  # noqa: E402

BASE = {"topology": {"kind": "torus", "dims": [4, 4]}, "traffic": {"packets": 100}}
SHAPES = [(256, 4), (512, 4), (1024, 2), (1024, 4), (2048, 4), (2048, 16), (4096, 4), (8192, 8), (16384, 4), (2048, "full")]
CAMS = [(1024, 24, False), (49152, 24, False), (49152, 24, True), (524288, 64, False)]
PRIME_CACHE = (512, 2)
PRIME_CAM = {"entries": 2048, "key_bits": 64, "with_result": True}
POINTS = 1000
POINTS_NO_MEMO = 100


def cache_config(entries, ways):
    return {**BASE, "switch": {"cache": {"entries": entries, "ways": ways}}}


def cost(config):
    out = json.loads(core.cost(json.dumps(config)))
    if "error" in out or "error" in out["cost"]["cache"]:
        raise SystemExit(f"cost failed: {out}")
    return out


def main():
    print("== CACTI 7 per array (native, one run each, memo emptied before)")
    # Each timed call finds everything but the measured array in the memo (PRIME_* are not measured).
    per_array = []
    for entries, ways in SHAPES:
        core.cacti_memo_clear()
        cost(cache_config(*PRIME_CACHE))
        t0 = time.perf_counter()
        cost(cache_config(entries, ways))
        per_array.append(time.perf_counter() - t0)
        print(f"  cache {entries} x 12 B, {ways}{'' if ways == 'full' else '-way'}: {per_array[-1]:.3f} s")
    for entries, bits, result in CAMS:
        core.cacti_memo_clear()
        cost({**cache_config(2048, 4), "switch": {"cache": {"entries": 2048, "ways": 4}, "cam": PRIME_CAM}})
        t0 = time.perf_counter()
        cost({**BASE, "switch": {"cache": {"entries": 2048, "ways": 4},
                                 "cam": {"entries": entries, "key_bits": bits, "with_result": result}}})
        per_array.append(time.perf_counter() - t0)
        print(f"  CAM {entries} x {bits} bit{' + 4 B result' if result else ''}: {per_array[-1]:.3f} s")
    print(f"  median {statistics.median(per_array):.3f} s, max {max(per_array):.3f} s per array")

    configs = [cache_config(e, w) for e, w in SHAPES]
    print(f"== {POINTS}-point cost sweep over {len(configs)} distinct caches (+ one CAM)")
    core.cacti_memo_clear()
    t0 = time.perf_counter()
    for i in range(POINTS):
        cost(configs[i % len(configs)])
    with_memo = time.perf_counter() - t0
    stats = json.loads(core.cacti_memo_stats())
    print(f"  with the memo: {with_memo:.2f} s, CACTI runs {stats['runs']}, memo answers {stats['hits']}")
    t0 = time.perf_counter()
    for i in range(POINTS_NO_MEMO):
        core.cacti_memo_clear()
        cost(configs[i % len(configs)])
    no_memo = time.perf_counter() - t0
    print(f"  without the memo: {no_memo:.2f} s for {POINTS_NO_MEMO} points (every point runs CACTI for its "
          f"cache and the CAM) -> {no_memo * POINTS / POINTS_NO_MEMO:.0f} s for {POINTS} (scaled)")
    print(f"  memo speed-up: {no_memo * POINTS / POINTS_NO_MEMO / with_memo:.0f}x")


if __name__ == "__main__":
    main()
