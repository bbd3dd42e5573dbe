"""The benchmark history: every `make bench` run leaves one JSON file in bench/results/, and
bench/trend.py reads them all. A bench script reports each number it prints with one call:

    import record                       # bench/ is on sys.path when a bench/*.py script runs
    record.row("cycle", "8x8 mesh 0.05, native", 354065, "cycles/CPU-s",
               target=">= 20", baseline=("BookSim2 run here", 20980))

- section: which table of docs/benchmarks.md the number belongs to, one of SECTIONS.
- name: the row, unique within its section and stable across runs (trend.py follows it by name).
- value, unit: the number as measured and its unit ("M look-ups/s", "ms", "x" for a ratio ...).
- target (optional): "<op> <number>" with op one of >=, <=, >, <, e.g. ">= 100". It is read in the
  row's unit, and applies to the ratio when there is a baseline, to the value otherwise.
- baseline (optional): (label, value in the same unit), what the value is compared with; the file
  then also holds ratio = value / baseline.

Rows go to the file named by the environment variable SWITCHLAB_BENCH_RESULT (`make bench` sets it
once, so its three scripts share one file); a script run alone starts a file of its own. Each row is
written at once (the file is replaced whole, never half-written), so a bench that fails half-way
keeps what it measured. `python bench/record.py --new-path` prints the path for a new run.

File format (format 1): {"format", "date" (UTC, ISO 8601), "commit" (short hash), "dirty" (the
work tree had changes), "machine": {"cpu", "cores"}, "provenance", "rows": [{"section", "name",
"value", "unit", "target"?, "baseline"?: {"label", "value"}, "ratio"?}]}."""
from __future__ import annotations

import datetime
import json
import math
import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "bench/results"
FORMAT = 1
ENV = "SWITCHLAB_BENCH_RESULT"
# docs/benchmarks.md has one table per section, in this order.
SECTIONS = {
    "routewalk": "Route walk",
    "cycle": "Cycle engine",
    "app": "Application time model",
    "smpi": "SMPI replay",
    "cost": "Cost model",
    "wasm": "WebAssembly against native",
    "prepare": "Validation (prepare)",
    "backend": "Backend and API",
}
TARGET = re.compile(r"^(>=|<=|>|<) ?(-?[0-9.]+)$")


def parse_target(target: str) -> tuple[str, float]:
    """(op, number) of a target string; ValueError naming the field otherwise."""
    m = TARGET.match(target) if isinstance(target, str) else None
    if not m:
        raise ValueError(f"target {target!r}: expected '<op> <number>' with op one of >=, <=, >, < (e.g. '>= 100')")
    return m[1], float(m[2])


def target_met(target: str, number: float) -> bool:
    op, bound = parse_target(target)
    return {">=": number >= bound, "<=": number <= bound, ">": number > bound, "<": number < bound}[op]


def _git(*args: str) -> str:
    try:
        return subprocess.run(["git", "-C", str(ROOT), *args], check=True, capture_output=True, text=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return ""


def machine() -> dict:
    """CPU model (first 'model name' of /proc/cpuinfo) and the cores this process may use."""
    cpu = "unknown"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return {"cpu": cpu, "cores": os.cpu_count()}


def new_path(now: datetime.datetime | None = None, commit: str | None = None) -> Path:
    now = now or datetime.datetime.now(datetime.timezone.utc)
    return RESULTS / f"{now:%Y%m%dT%H%M%SZ}-{commit or _git('rev-parse', '--short', 'HEAD') or 'nocommit'}.json"


class Run:
    """One history file. Scripts use `row()` below; this class is for tools and tests that write a
    run with a known date, commit, machine and provenance (e.g. runs converted from the old log)."""

    def __init__(self, path: Path, *, date: str | None = None, commit: str | None = None, dirty: bool | None = None,
                 machine_info: dict | None = None, provenance: str = "make bench"):
        self.path = Path(path)
        if self.path.exists():  # another script of the same `make bench` started it
            self.data = json.loads(self.path.read_text())
            return
        if commit is None:
            commit = _git("rev-parse", "--short", "HEAD") or None
            dirty = bool(_git("status", "--porcelain", "--untracked-files=no")) if commit else None
        self.data = {"format": FORMAT,
                     "date": date or datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
                     "commit": commit, "dirty": dirty, "machine": machine_info or machine(),
                     "provenance": provenance, "rows": []}

    def add(self, section: str, name: str, value: float, unit: str, *, target: str | None = None,
            baseline: tuple[str, float] | None = None) -> dict:
        if section not in SECTIONS:
            raise ValueError(f"section {section!r}: expected one of {', '.join(SECTIONS)}")
        if not name or not isinstance(name, str):
            raise ValueError("name: expected a non-empty string")
        if not isinstance(value, (int, float)) or isinstance(value, bool) or not math.isfinite(value):
            raise ValueError(f"{section} / {name}: value {value!r} is not a finite number")
        if not unit or not isinstance(unit, str):
            raise ValueError(f"{section} / {name}: unit: expected a non-empty string")
        r = {"section": section, "name": name, "value": value, "unit": unit}
        if target is not None:
            parse_target(target)
            r["target"] = target
        if baseline is not None:
            label, base = baseline
            if not isinstance(base, (int, float)) or not base:
                raise ValueError(f"{section} / {name}: baseline {label!r} needs a non-zero number, got {base!r}")
            r["baseline"] = {"label": label, "value": base}
            r["ratio"] = value / base
        rows = self.data["rows"]
        rows[:] = [x for x in rows if (x["section"], x["name"]) != (section, name)] + [r]
        self.write()
        return r

    def write(self) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        tmp = self.path.with_suffix(".tmp")
        tmp.write_text(json.dumps(self.data, indent=1) + "\n")
        tmp.replace(self.path)


_run: Run | None = None


def row(section: str, name: str, value: float, unit: str, *, target: str | None = None,
        baseline: tuple[str, float] | None = None) -> dict:
    """Record one measured number in this run's history file (see the module's docstring)."""
    global _run
    if _run is None:
        _run = Run(Path(os.environ.get(ENV) or new_path()))
    return _run.add(section, name, value, unit, target=target, baseline=baseline)


def load(path: Path) -> dict:
    """A history file, checked: ValueError naming the file and what is wrong."""
    try:
        data = json.loads(Path(path).read_text())
    except (OSError, json.JSONDecodeError) as exc:
        raise ValueError(f"{path}: not a readable JSON file ({exc})") from None
    if data.get("format") != FORMAT:
        raise ValueError(f"{path}: format {data.get('format')!r}, expected {FORMAT}")
    for key in ("date", "commit", "machine", "provenance", "rows"):
        if key not in data:
            raise ValueError(f"{path}: missing '{key}'")
    for i, r in enumerate(data["rows"]):
        for key in ("section", "name", "value", "unit"):
            if key not in r:
                raise ValueError(f"{path}: rows[{i}]: missing '{key}'")
        if r["section"] not in SECTIONS:
            raise ValueError(f"{path}: rows[{i}].section {r['section']!r}: expected one of {', '.join(SECTIONS)}")
        if "target" in r:
            try:
                parse_target(r["target"])
            except ValueError as exc:
                raise ValueError(f"{path}: rows[{i}].{exc}") from None
    return data


if __name__ == "__main__":
    if sys.argv[1:] != ["--new-path"]:
        sys.exit("usage: record.py --new-path   (prints the history file for a new bench run)")
    print(new_path())
