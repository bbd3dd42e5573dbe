"""`make bench`: MPI trace import and the application time model over a trace (issue 32). A
64-rank time-independent trace of a class-A-sized run is built here: a halo exchange on a ring
plus an allreduce, ITERATIONS times, about 2.2 million lines. It stands in for a real 64-rank NPB
class A trace, because SMPI does not run one on this machine in reasonable time (docs/models.md,
"Skeletons against the real NPB"). Then, natively, three numbers:
- the core's trace_load (parse, validate by matching, store) in lines per second;
- engine app's replay of the trace on an 8x8 torus;
- the route walk over its message stream.
Prints the numbers, records them (bench/record.py) and asserts nothing."""
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "build/python"))
import switchlab_core  # noqa: E402

import record  # noqa: E402  (bench/: the script's own folder)

RANKS = 64
ITERATIONS = 5000
HALO_DOUBLES = 4096  # 32 KiB per message (datatype 0 = MPI_DOUBLE in SimGrid 3.32's ids)


def rank_text(r: int) -> str:
    left, right = (r - 1) % RANKS, (r + 1) % RANKS
    step = (f"{r} compute 1000000\n"
            f"{r} irecv {left} 1 {HALO_DOUBLES} 0\n{r} irecv {right} 2 {HALO_DOUBLES} 0\n"
            f"{r} isend {right} 1 {HALO_DOUBLES} 0\n{r} isend {left} 2 {HALO_DOUBLES} 0\n"
            f"{r} waitall 4\n{r} allreduce 1 1 0\n")
    return f"{r} init\n" + step * ITERATIONS + f"{r} finalize\n"


def main() -> None:
    files = {f"rank-{r}.txt": rank_text(r) for r in range(RANKS)}
    lines = sum(t.count("\n") for t in files.values())
    text = json.dumps(files)
    t0 = time.perf_counter()
    loaded = json.loads(switchlab_core.trace_load(text))
    load_s = time.perf_counter() - t0
    if "error" in loaded:
        raise SystemExit(f"trace_load refused the bench trace: {loaded['error']}")
    base = {"topology": {"kind": "torus", "dims": [8, 8]},
            "traffic": {"pattern": "mpi_trace", "trace_id": loaded["id"]}}
    app = json.loads(switchlab_core.run(json.dumps({**base, "engine": "app"})))
    walk = json.loads(switchlab_core.run(json.dumps({**base, "engine": "routewalk"})))
    print(f"MPI trace, {RANKS} ranks, {lines:,} lines (synthetic halo + allreduce, {ITERATIONS} iterations), native")
    print(f"  trace_load: {load_s:.2f} s = {lines / load_s / 1e6:.2f} M lines/s")
    print(f"  engine app over it, 8x8 torus: {app['wall_time_s']:.2f} s")
    print(f"  route walk over its message stream: {walk['wall_time_s']:.2f} s, "
          f"{walk['cache']['lookups'] / walk['wall_time_s'] / 1e6:.1f} M look-ups/s")
    record.row("app", f"MPI trace import, {RANKS} ranks, {lines / 1e6:.1f} M lines", lines / load_s / 1e6, "M lines/s")
    record.row("app", f"engine app over a {RANKS}-rank trace ({lines / 1e6:.1f} M lines), 8x8 torus",
               app["wall_time_s"], "s", target="< 10")
    record.row("app", f"route walk over a {RANKS}-rank trace's messages, 8x8 torus", walk["wall_time_s"], "s")


if __name__ == "__main__":
    main()
