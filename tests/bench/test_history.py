"""The benchmark history: bench/record.py writes one valid file per bench run (two scripts sharing it
as under `make bench`), refuses bad rows naming the field, and bench/trend.py prints every metric of
the committed history (bench/results) with its unit, target, date and commit."""
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "bench"))
import record  # noqa: E402
import trend  # noqa: E402


def run_trend(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(ROOT / "bench/trend.py"), *args], capture_output=True, text=True)


def test_two_scripts_write_one_valid_file(tmp_path):
    path = tmp_path / "run.json"
    script = ("import sys; sys.path.insert(0, {bench!r}); import record; {calls}")
    env = dict(os.environ, SWITCHLAB_BENCH_RESULT=str(path))
    first = ('record.row("cycle", "mesh, native", 354065, "cycles/CPU-s", target=">= 20", '
             'baseline=("BookSim2 run here", 20980))')
    second = 'record.row("backend", "overhead", 4.2, "ms", target="<= 10"); record.row("backend", "overhead", 4.5, "ms")'
    for calls in (first, second):
        subprocess.run([sys.executable, "-c", script.format(bench=str(ROOT / "bench"), calls=calls)], env=env, check=True)
    data = record.load(path)
    head = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"], capture_output=True, text=True).stdout.strip()
    assert data["commit"] == head and isinstance(data["dirty"], bool)
    assert data["machine"]["cores"] == os.cpu_count() and data["machine"]["cpu"]
    assert data["provenance"] == "make bench" and data["date"].endswith("+00:00")
    assert data["rows"] == [
        {"section": "cycle", "name": "mesh, native", "value": 354065, "unit": "cycles/CPU-s", "target": ">= 20",
         "baseline": {"label": "BookSim2 run here", "value": 20980}, "ratio": 354065 / 20980},
        # A name recorded twice in one run keeps its last value.
        {"section": "backend", "name": "overhead", "value": 4.5, "unit": "ms"}]
    assert not list(tmp_path.glob("*.tmp"))


@pytest.mark.parametrize("kwargs, message", [
    ({"section": "speed"}, "section 'speed': expected one of routewalk, cycle, app, smpi, cost, wasm, prepare, backend"),
    ({"target": "about 20"}, "target 'about 20': expected '<op> <number>'"),
    ({"value": float("nan")}, "cycle / r: value nan is not a finite number"),
    ({"unit": ""}, "cycle / r: unit: expected a non-empty string"),
    ({"baseline": ("BookSim2", 0)}, "cycle / r: baseline 'BookSim2' needs a non-zero number, got 0"),
])
def test_bad_rows_are_refused_naming_the_field(tmp_path, kwargs, message):
    run = record.Run(tmp_path / "run.json", commit="abc1234", machine_info={"cpu": "x", "cores": 2})
    args = {"section": "cycle", "name": "r", "value": 1.0, "unit": "x", **kwargs}
    with pytest.raises(ValueError) as exc:
        run.add(args.pop("section"), args.pop("name"), args.pop("value"), args.pop("unit"), **args)
    assert str(exc.value).startswith(message)
    assert not (tmp_path / "run.json").exists()


def committed_latest() -> dict:
    """(section, name) -> (run, row) of the newest committed run holding each metric."""
    latest = {}
    for run in sorted((record.load(p) for p in (ROOT / "bench/results").glob("*.json")), key=lambda r: r["date"]):
        for r in run["rows"]:
            latest[(r["section"], r["name"])] = (run, r)
    return latest


def test_trend_prints_every_committed_metric_with_unit_and_target():
    out = run_trend()
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    latest = committed_latest()
    assert len(latest) > 100
    for (section, name), (run, r) in latest.items():
        line = next((x for x in lines if x.startswith(f"  {name} ")), None)
        assert line is not None, f"{section} / {name} missing from trend.py's output"
        assert f"{trend.fmt(r['value'])} {r['unit']}" in line, line
        assert (r.get("target") or "-") in line and run["date"][:10] in line and run["commit"] in line, line


# The committed history up to this run: new records never move the line checked in full below.
PINNED_UNTIL = "20261129T055458Z-c774469.json"


def test_trend_prints_one_metric_in_full(tmp_path):
    # One metric in full: latest, target missed, the change against the run before, the runs before
    # it newest first.
    files = sorted(p for p in (ROOT / "bench/results").glob("*.json") if p.name <= PINNED_UNTIL)
    assert files[-1].name == PINNED_UNTIL
    for p in files:
        (tmp_path / p.name).write_bytes(p.read_bytes())
    out = run_trend(str(tmp_path))
    assert out.returncode == 0, out.stderr
    line = next(x for x in out.stdout.splitlines() if x.startswith("  torus-8x8x8-2K-4way-no3C, 1 thread "))
    assert line.split() == ["torus-8x8x8-2K-4way-no3C,", "1", "thread", "27.4", "M", "look-ups/s", ">=", "100",
                            "MISSED", "2026-11-29", "c774469", "-37.9%", "44.2,", "40.1,", "48,", "44.3"]


def test_trend_on_a_history_of_its_own(tmp_path):
    for date, value in (("2026-12-01T10:00:00+00:00", 40.0), ("2026-12-02T10:00:00+00:00", 50.0)):
        run = record.Run(tmp_path / f"{date[:10]}.json", date=date, commit="abc1234",
                         machine_info={"cpu": "test cpu", "cores": 2}, provenance="test")
        run.add("routewalk", "torus, 1 thread", value, "M look-ups/s", target=">= 50")
        run.add("cycle", "mesh, native", value * 1000, "cycles/CPU-s", target=">= 20", baseline=("BookSim2", 2500.0))
    out = run_trend(str(tmp_path))
    assert out.returncode == 0, out.stderr
    rows = {x.split("  ")[1].strip(): x for x in out.stdout.splitlines() if x.startswith("  ") and "metric" not in x}
    assert rows["torus, 1 thread"].split()[3:] == ["50", "M", "look-ups/s", ">=", "50", "met", "2026-12-02", "abc1234",
                                                   "+25.0%", "40"]
    assert "50,000 cycles/CPU-s (20x BookSim2)" in rows["mesh, native"] and " met " in rows["mesh, native"]
    assert "latest values measured on: test cpu" in out.stdout


def test_trend_names_a_broken_file(tmp_path):
    (tmp_path / "bad.json").write_text(json.dumps({"format": 1, "date": "x", "commit": None, "machine": {},
                                                   "provenance": "p", "rows": [{"section": "cycle", "name": "n",
                                                                                "value": 1, "unit": "x",
                                                                                "target": "20x"}]}))
    out = run_trend(str(tmp_path))
    assert out.returncode == 2 and out.stdout == ""
    assert f"{tmp_path / 'bad.json'}: rows[0].target '20x': expected '<op> <number>'" in out.stderr
    empty = run_trend(str(tmp_path / "none"))
    assert empty.returncode == 2 and "no history files" in empty.stderr
