"""CACTI 7 built as WebAssembly (build/wasm/cacti.mjs, one thread; cacti_mt.mjs, threads) against
the native CACTI that scripts/install.sh builds from the same pinned source (build/cacti/cacti), on
the rows of wasm-core/data/cacti/ (docs/cost-model.md, "Exact CACTI in the browser").

For each row, the configuration file is the one tools/cacti_rows.py made the row with (CACTI's own
cache.cfg with the row's settings). Both builds must exit with the same status and print the same
report line for line, but for three lines CACTI prints from memory it never sets (see UNSET), and
the figures parsed from it must equal the row's recorded ones exactly (the rows keep CACTI's printed
6 significant digits). make test runs a fixed spread of rows (cache and CAM, errors included);
SWITCHLAB_CACTI_ROWS=N spreads N rows per file instead, SWITCHLAB_CACTI_ROWS=all runs every row
(2,660 per build)."""
import csv
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))
import cacti_rows  # noqa: E402  (the rows' own configuration and report parser)

CACTI_DIR = ROOT / "build/cacti"
RUN_WASM = ROOT / "tests/cross_build/run_wasm.mjs"
ROWS = os.environ.get("SWITCHLAB_CACTI_ROWS", "")
SPREAD = {"cache": 16, "cam": 8}  # rows per file in make test (about 2 min)
SEED000 = ("cache", 2048, 4, 12, 45)  # seed 000's table: 2,048 x 12 B, 4-way, 45 nm (0.406 ns)
NOT_OUTPUTS = {"runtime_s", "status", "source", "requested"}  # requested: how the row was chosen
# A data array's leakage split: mem_array's array_leakage / wl_leakage / cl_leakage are set only with
# power gating on (Ucache.cc), otherwise printed uninitialised: natively whatever the heap held (0,
# 1.16066e-12, 4.94066e-321, ...), in WebAssembly 0 (a fresh instance's memory). No row or figure
# of SwitchLab reads them.
UNSET = ("\tTotal leakage power in cells (mW): ", "\tTotal leakage power in row logic(mW): ",
         "\tTotal leakage power in column logic(mW): ")


def rows(name):
    fname = {"cache": "cache_grid.csv", "cam": "cam.csv"}[name]
    with open(ROOT / "wasm-core/data/cacti" / fname, newline="") as fh:
        # Pure RAM rows (original only) used another template; the fit and the core never price them.
        all_rows = [r for r in csv.DictReader(fh) if r.get("array_type", "cache") == "cache"]
    count = len(all_rows) if ROWS == "all" else min(int(ROWS), len(all_rows)) if ROWS else SPREAD[name]
    step = len(all_rows) / count
    picked = [all_rows[int(i * step)] for i in range(count)]
    if name == "cache":
        picked += [r for r in all_rows if cacti_rows.cache_key(r) == SEED000]
    return picked


def spec(name, row):
    if name == "cache":
        return cacti_rows.cache_spec(int(row["entries"]), int(row["assoc"]), int(row["block_bytes"]), int(row["tech_nm"]))
    return cacti_rows.cam_spec(row["mode"], int(row["entries"]), int(row["key_bits"]), int(row["tech_nm"]))


def run_native(cfg: Path) -> dict:
    # CACTI reads tech_params/ relative to its working directory (build/cacti holds it).
    p = subprocess.run([str(CACTI_DIR / "cacti"), "-infile", str(cfg)], cwd=CACTI_DIR, capture_output=True, text=True,
                       timeout=120)
    return {"exit_code": p.returncode, "out": p.stdout}


def run_wasm(cfgs, threaded: bool) -> list[dict]:
    flags = ["--threaded"] if threaded else []
    p = subprocess.run(["node", str(RUN_WASM), *flags, "--fn", "cacti", *map(str, cfgs)],
                       check=True, capture_output=True, text=True)
    return [json.loads(line) for line in p.stdout.splitlines()]


def figures(name, sp, report_text):
    """The row cacti_rows.py records for this report (status "ok" or an error)."""
    text = report_text
    if "ERROR" in text or "Access time (ns)" not in text:
        return {"status": "error"}
    make = cacti_rows.cache_row if name == "cache" else cacti_rows.cam_row
    return make(sp, cacti_rows.parse_report(text), 0.0, "ok")


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    """name -> list of (row, spec, native answer, WASM answer, threaded WASM answer)."""
    template = (CACTI_DIR / "src/cache.cfg").read_text()
    out = {}
    for name in ("cache", "cam"):
        folder = tmp_path_factory.mktemp(f"cacti-{name}")
        picked = [(r, spec(name, r)) for r in rows(name)]
        cfgs = []
        for i, (_, sp) in enumerate(picked):
            cfgs.append(folder / f"{i}.cfg")
            cfgs[-1].write_text(cacti_rows.cfg_text(template, sp))
        native = [run_native(c) for c in cfgs]
        out[name] = list(zip(picked, native, run_wasm(cfgs, False), run_wasm(cfgs, True)))
    return out


@pytest.mark.parametrize("name", ["cache", "cam"])
def test_wasm_reports_identical_to_native(runs, name):
    for (row, sp), native, single, threaded in runs[name]:
        key = cacti_rows.spec_key(sp)
        for build, answer in (("one-thread", single), ("threaded", threaded)):
            assert not answer["timed_out"], (key, build)
            assert answer["exit_code"] == native["exit_code"], (key, build, answer["err"])
            wasm_lines, native_lines = answer["out"].splitlines(), native["out"].splitlines()
            assert len(wasm_lines) == len(native_lines), (key, build)
            for w, n in zip(wasm_lines, native_lines):
                if not (w.startswith(UNSET) and n.split(": ")[0] == w.split(": ")[0]):
                    assert w == n, (key, build)


@pytest.mark.parametrize("name", ["cache", "cam"])
def test_wasm_reproduces_the_rows(runs, name):
    """Every recorded column of every picked row (figures as numbers, exactly); rows CACTI cannot
    organise stay errors."""
    cols = cacti_rows.CACHE_COLS if name == "cache" else cacti_rows.CAM_COLS
    for (row, sp), _, single, _ in runs[name]:
        key = cacti_rows.spec_key(sp)
        got = figures(name, sp, single["out"])
        assert (got["status"] == "ok") == (row["status"] == "ok"), (key, row["status"])
        if row["status"] != "ok":
            continue
        for c in cols:
            if c in NOT_OUTPUTS or row[c] == "":
                continue
            try:
                same = float(got[c]) == float(row[c])
            except ValueError:  # the row's settings: itrs-hp, ED^2, ...
                same = str(got[c]) == row[c]
            assert same, (key, c, got[c], row[c])


def test_seed000_table_is_0406_ns(runs):
    """The design card's check: seed 000's table at 45 nm, 0.406 ns, in WebAssembly too."""
    [(row, sp, native, single, threaded)] = [(r, s, n, w, t) for (r, s), n, w, t in runs["cache"]
                                              if cacti_rows.spec_key(s) == SEED000]
    for answer in (single, threaded):
        assert cacti_rows.parse_report(answer["out"])["Access time (ns)"] == 0.406127


@pytest.mark.parametrize("threaded", [False, True], ids=["one-thread", "threaded"])
def test_time_limit_stops_a_run_and_the_module_survives(tmp_path, threaded):
    """A run past its time limit ends with timed_out and exit 124; the next run (same node process,
    the same instance for the threaded build) still gives the full report."""
    template = (CACTI_DIR / "src/cache.cfg").read_text()
    slow = tmp_path / "slow.cfg"  # 64K x 64 B, 16-way, 90 nm: seconds of search
    slow.write_text(cacti_rows.cfg_text(template, cacti_rows.cache_spec(65536, 16, 64, 90)))
    quick = tmp_path / "quick.cfg"
    quick.write_text(cacti_rows.cfg_text(template, cacti_rows.cache_spec(2048, 4, 12, 45)))
    flags = ["--threaded"] if threaded else []
    p = subprocess.run(["node", str(RUN_WASM), *flags, "--fn", "cacti", f"{slow}@0.05", str(quick)],
                       check=True, capture_output=True, text=True)
    limited, after = (json.loads(line) for line in p.stdout.splitlines())
    assert limited["timed_out"] and limited["exit_code"] == 124
    assert not after["timed_out"] and after["exit_code"] == 0
    assert cacti_rows.parse_report(after["out"])["Access time (ns)"] == 0.406127


def test_cacti_glue_never_evals():
    """As the core's modules (test_identical.py): the UI's CSP has no 'unsafe-eval'."""
    for name in ("cacti.mjs", "cacti_mt.mjs"):
        glue = (ROOT / "build/wasm" / name).read_text()
        assert "new Function(" not in glue and "eval(" not in glue, name


def test_core_prices_seed000_with_cacti_in_webassembly(tmp_path):
    """The bridge (cost/cacti/runner_wasm.cpp): the WebAssembly core, with CACTI's module loaded as
    run_wasm.mjs (and the browser's worker) loads it, prices seed 000's table with CACTI itself:
    cost.method cacti by default, CACTI's 0.406127 ns and the organisation it chose."""
    cfg = tmp_path / "cfg.json"
    cfg.write_text(json.dumps({"topology": {"kind": "torus", "dims": [4, 4]},
                               "switch": {"cache": {"entries": 2048, "ways": 4}}}))
    out = subprocess.run(["node", str(RUN_WASM), "--fn", "cost", str(cfg)], check=True, capture_output=True,
                         text=True).stdout
    cost = json.loads(out)["cost"]
    cache = cost["cache"]
    assert cost["method"] == cache["method"] == cost["cam"]["method"] == "cacti"
    assert cache["access_ns"] == 0.406127
    assert cache["cacti"]["organisation"] == {"Ndwl": 2, "Ndbl": 2, "Nspd": 1, "Ndcm": 2, "Ndsam L1": 4,
                                              "Ndsam L2": 1, "Ntwl": 2, "Ntbl": 2, "Ntspd": 2, "Ntcm": 1,
                                              "Ntsam L1": 4, "Ntsam L2": 1}
