"""Writes a fuzzer's seed corpus: the config of every example of the catalogue (valid and invalid),
so mutations start from realistic configs (with --booksim: the BookSim config files the importer's
tests use, tests/cross_build/booksim/). With --small (the run fuzzer), the runs are shortened
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
args = ap.parse_args()
out = pathlib.Path(args.out)
out.mkdir(parents=True, exist_ok=True)
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
