"""Writes a fuzzer's seed corpus: the config of every example of the catalogue (valid and invalid),
so mutations start from realistic configs (with --booksim: the BookSim config files the importer's
tests use, tests/cross_build/booksim/; with --trace: the MPI traces of wasm-core/tests/data/ti, each
as its files cut by "@@ <name>" lines, the trace fuzzer's input format). With --small (the run fuzzer), the runs are shortened
to its work bounds and the cycle example is repeated with every buffer organisation and allocator
on a 4x4 mesh, so each input runs in milliseconds. Generated at build time, never committed."""
import argparse
import copy
import json
import pathlib

root = pathlib.Path(__file__).resolve().parents[2]
ap = argparse.ArgumentParser()
ap.add_argument("out")
ap.add_argument("--small", action="store_true")
ap.add_argument("--booksim", action="store_true")
ap.add_argument("--trace", action="store_true")
args = ap.parse_args()
out = pathlib.Path(args.out)
out.mkdir(parents=True, exist_ok=True)
if args.trace:
    # The folders of plain-text traces (npb/ holds archives).
    traces = [sorted(p for p in d.iterdir() if p.suffix == ".txt")
              for d in sorted((root / "wasm-core/tests/data/ti").iterdir()) if d.is_dir()]
    traces = [t for t in traces if t]
    # Small hand-written ones too: p2p, a rendezvous send, a v-collective.
    tiny = {"a": "0 init\n0 compute 1000\n0 isend 1 0 10 0\n0 wait 0 1 0\n0 allreduce 1 0 0\n0 finalize\n",
            "b": "1 init\n1 irecv 0 0 10 0\n1 waitall 1\n1 allreduce 1 0 0\n1 alltoallv 8 4 4 8 4 4 0 0\n1 finalize\n"}
    tiny["a"] = tiny["a"].replace("0 finalize", "0 alltoallv 8 4 4 8 4 4 0 0\n0 finalize")
    seeds = ["".join(f"@@ {p.name}\n{p.read_text()}" for p in files) for files in traces]
    seeds.append("".join(f"@@ {n}\n{t}" for n, t in tiny.items()))
    seeds.append("0 send 1 0 100000\n1 recv 0 0 100000\n")
    for i, text in enumerate(seeds):
        (out / f"{i:03d}.txt").write_text(text)
    raise SystemExit(0)
if args.booksim:
    for i, path in enumerate(sorted(root.glob("tests/cross_build/booksim/*.cfg"))):
        (out / f"{i:03d}.cfg").write_text(path.read_text())
    raise SystemExit(0)
configs = [json.loads(p.read_text())["config"] for p in sorted(root.glob("examples/**/*.json"))]
if args.small:
    for cfg in configs:
        if cfg.get("engine") == "cycle":
            cfg["sim"] = {"warmup_cycles": 100, "measure_cycles": 400, "drain_cycles": 400}
        elif "traffic" in cfg:
            cfg["traffic"].update(packets=2000, warmup_packets=200)
        ((cfg.get("switch") or {}).get("cache") or {}).pop("prefetch", None)
    base = next(c for c in configs if c.get("engine") == "cycle" and c["topology"]["kind"] == "mesh")
    for org in ("input_fifo", "vc", "voq", "damq", "hipiqs", "central", "output_queued"):
        for alloc in ("round_robin", "islip", "pim", "wavefront", "separable_input_first"):
            cfg = copy.deepcopy(base)
            cfg["topology"]["dims"] = [4, 4]
            buffer = {"organisation": org, "vcs": 2, "flits_per_vc": 8} if org == "vc" else \
                {"organisation": org, "flits_per_port": 16}
            cfg["switch"].update(buffer=buffer, allocator={"kind": alloc, "iterations": 2})
            cfg["traffic"].update(packet_flits=4)
            configs.append(cfg)
for i, cfg in enumerate(configs):
    (out / f"{i:03d}.json").write_text(json.dumps(cfg))
