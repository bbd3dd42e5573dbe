#!/usr/bin/env python3
"""Per-rank statistics of a SimGrid SMPI time-independent trace (`smpirun -trace-ti`), as kept in
wasm-core/tests/data/npb_real/stats.json and compared with the NPB skeletons
(docs/models.md, "Skeletons against the real NPB").

Per rank: calls and bytes per MPI operation type, and compute (the trace's `compute` amounts times
--scale, the calibration of docs/models.md). Bytes are what the call sends: the message of a
send/isend; the buffer of an allreduce, reduce or bcast (every member counts it, root or not); the
whole send buffer of an alltoall (per-destination block x ranks) or alltoallv (the sum of its send
counts). Receives, waits and barriers are counted as calls only (recv/irecv bytes mirror the sends).
Ranks with identical operation statistics are grouped; compute stays per rank.

Usage: ti_stats.py INDEX.ti [--scale F] [--ranks R]   (prints JSON)
"""
import argparse
import json
import sys
from collections import defaultdict
from pathlib import Path

# SimGrid 3.32's datatype ids in TI traces -> bytes (measured with MPI_Type_size against the ids
# smpirun -trace-ti writes for each C and Fortran predefined type; 2026-11-28). A trace line without
# a datatype means bytes (SMPI replay's default type).
DATATYPE_BYTES = {0: 8, 1: 4, 2: 1, 3: 2, 4: 8, 5: 4, 6: 1, 7: 8, 20: 8, 23: 4, 25: 8, 26: 16, 36: 16,
                  38: 4, 40: 8, 42: 8, 43: 16, 48: 8}

CALL_ONLY = {"recv", "irecv", "wait", "waitall", "barrier", "init", "finalize", "comm_size", "comm_split",
             "comm_dup", "test"}


class TraceError(ValueError):
    pass


def dtype(fields: list[str], i: int, where: str) -> int:
    if len(fields) <= i:
        return 1
    t = int(fields[i])
    if t not in DATATYPE_BYTES:
        raise TraceError(f"{where}: unknown datatype id {t}")
    return DATATYPE_BYTES[t]


def rank_stats(path: Path, ranks: int) -> tuple[float, dict[str, list[float]]]:
    compute = 0.0
    ops: dict[str, list[float]] = defaultdict(lambda: [0, 0])
    for n, line in enumerate(path.read_text().splitlines(), 1):
        f = line.split()
        if not f:
            continue
        where, op = f"{path}:{n}", f[1]
        if op == "compute":
            compute += float(f[2])
            continue
        if op in ("send", "isend"):  # rank send dst tag count [type]
            nbytes = int(f[4]) * dtype(f, 5, where)
            op = "p2p"
        elif op in ("allreduce", "reduce"):  # count comp [root] type
            nbytes = int(f[2]) * dtype(f, 4 if op == "allreduce" else 5, where)
        elif op == "bcast":  # count root type
            nbytes = int(f[2]) * dtype(f, 4, where)
        elif op == "alltoall":  # send_count recv_count send_type recv_type
            nbytes = int(f[2]) * dtype(f, 4, where) * ranks
        elif op == "alltoallv":  # send_size send_counts... recv_size recv_counts... send_type recv_type
            sends = [int(x) for x in f[3:3 + ranks]]
            nbytes = sum(sends) * dtype(f, 4 + 2 * ranks, where)
        elif op in CALL_ONLY:
            nbytes = 0
        else:
            raise TraceError(f"{where}: operation {op!r} not handled")
        ops[op][0] += 1
        ops[op][1] += nbytes
    return compute, {k: [int(v[0]), int(v[1])] for k, v in sorted(ops.items())
                     if k not in ("init", "finalize", "wait", "waitall", "recv", "irecv")}


def trace_stats(index: Path, scale: float = 1.0) -> dict:
    files = [index.parent / line.strip() for line in index.read_text().splitlines() if line.strip()]
    # The index lists rank files in rank order: "..._rank-<r+1>.txt".
    files.sort(key=lambda p: int(p.stem.rsplit("-", 1)[1]))
    ranks = len(files)
    per_rank = [rank_stats(p, ranks) for p in files]
    groups: dict[str, list[int]] = {}
    for r, (_, ops) in enumerate(per_rank):
        groups.setdefault(json.dumps(ops, sort_keys=True), []).append(r)
    return {
        "ranks": ranks,
        "compute": [round(c * scale, 1) for c, _ in per_rank],
        "ops": [{"ranks": rs, "ops": json.loads(k)} for k, rs in groups.items()],
    }


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("index", type=Path)
    ap.add_argument("--scale", type=float, default=1.0)
    a = ap.parse_args()
    try:
        print(json.dumps(trace_stats(a.index, a.scale)))
    except TraceError as e:
        sys.exit(str(e))
