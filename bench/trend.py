"""`make bench-trend`: every metric of the benchmark history (bench/results/*.json, written by
`make bench` through bench/record.py), section by section: its latest value with unit, date and
commit, its target and whether the latest value meets it, the values before it (newest first) and
the change from the previous one.

    .venv/bin/python bench/trend.py [--last N] [--section S] [DIR]

A ratio's target (a row with a baseline) is checked on the ratio, which is then shown beside the
value. Runs on different machines are mixed in one history; the machine of each latest value is
listed under its section."""
from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import record  # noqa: E402


def fmt(x: float) -> str:
    """Three significant figures at most, thousands separated: rates of 354,065 and ratios of 1.26."""
    if x == 0 or abs(x) >= 100:
        return f"{x:,.0f}"
    return f"{x:.3g}" if abs(x) >= 0.01 else f"{x:.2g}"


def history(folder: Path) -> list[dict]:
    runs = [record.load(p) for p in sorted(folder.glob("*.json"))]
    return sorted(runs, key=lambda r: r["date"])


def series(runs: list[dict]) -> dict:
    """(section, name) -> [(run, row)] oldest first; sections in SECTIONS order, a section's rows in
    the order of the newest run that has them (the order its script prints them)."""
    out: dict = {}
    for run in reversed(runs):
        for r in run["rows"]:
            out.setdefault((r["section"], r["name"]), []).insert(0, (run, r))
    order = list(record.SECTIONS)
    return dict(sorted(out.items(), key=lambda kv: order.index(kv[0][0])))


def shown(r: dict) -> str:
    text = f"{fmt(r['value'])} {r['unit']}"
    if "ratio" in r:
        text += f" ({fmt(r['ratio'])}x {r['baseline']['label']})"
    return text


def verdict(r: dict) -> str:
    if "target" not in r:
        return ""
    return "met" if record.target_met(r["target"], r.get("ratio", r["value"])) else "MISSED"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("folder", nargs="?", type=Path, default=record.RESULTS, help="history folder (default bench/results)")
    ap.add_argument("--last", type=int, default=4, help="earlier values shown per metric (default 4)")
    ap.add_argument("--section", choices=list(record.SECTIONS), help="only this section")
    args = ap.parse_args(argv)
    try:
        runs = history(args.folder)
    except ValueError as exc:
        print(f"trend.py: {exc}", file=sys.stderr)
        return 2
    if not runs:
        print(f"trend.py: no history files (*.json) in {args.folder}; `make bench` writes them", file=sys.stderr)
        return 2
    print(f"benchmark history: {len(runs)} runs in {args.folder}, {runs[0]['date'][:10]} to {runs[-1]['date'][:10]}")
    section = None
    all_series = series(runs)
    for (sec, name), points in all_series.items():
        if args.section and sec != args.section:
            continue
        if sec != section:
            section = sec
            width = max(len(n) for (s, n) in all_series if s == sec)
            latest = {pts[-1][0]["machine"]["cpu"] for (s, _), pts in all_series.items() if s == sec}
            print(f"\n{record.SECTIONS[sec]} [{sec}]; latest values measured on: {'; '.join(sorted(latest))}")
            print(f"  {'metric':{width}s}  {'latest':46s} {'target':>7s} {'':6s} {'date':10s} {'commit':8s} "
                  f"{'change':>7s}  earlier (newest first)")
        run, last = points[-1]
        before = [p[1] for p in points[:-1]][::-1]
        change = ""
        if before and before[0]["value"] and before[0]["unit"] == last["unit"]:
            change = f"{(last['value'] / before[0]['value'] - 1) * 100:+.1f}%"
        earlier = ", ".join(fmt(r["value"]) + ("" if r["unit"] == last["unit"] else f" {r['unit']}")
                            for r in before[:args.last]) or "-"
        print(f"  {name:{width}s}  {shown(last):46s} {last.get('target', '-'):>7s} {verdict(last):6s} "
              f"{run['date'][:10]:10s} {(run['commit'] or '?')[:8]:8s} {change:>7s}  {earlier}")
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except BrokenPipeError:  # `make bench-trend | head`: the reader has what it wanted
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
