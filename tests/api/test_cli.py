"""The `switchlab` client as a batch user runs it: a separate process talking HTTP to a live
uvicorn on the test Postgres, with a real `procrastinate worker` computing the points."""

from __future__ import annotations

import csv
import io
import json
import os
import re
import pathlib
import subprocess
import sys

import httpx
import pytest
import stack
from conftest import ROOT, TINY, direct_run, strip_timing
from switchlab_cli.main import InputError, load_document

SWEEP_YAML = """\
name: cli ways x entries
base:
  seed: 1
  engine: routewalk
  topology: {kind: torus, dims: [4, 4]}
  switch: {cache: {entries: 64, ways: 4}}
  traffic: {pattern: uniform, packets: 2000}
axes:
  switch.cache.entries: {from: 32, to: 64, mul: 2}
  switch.cache.ways: [1, 2, 4]
"""


def run_cli(url: str, *args: str, token: str | None = None, timeout: float = 300) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k not in ("SWITCHLAB_API_TOKEN", "SWITCHLAB_URL")}
    env["PYTHONPATH"] = str(ROOT / "backend")  # the CLI needs nothing else: no engine, no database
    env["SWITCHLAB_URL"] = url
    if token is not None:
        env["SWITCHLAB_API_TOKEN"] = token
    return subprocess.run([sys.executable, "-m", "switchlab_cli", *args], env=env, capture_output=True,
                          text=True, timeout=timeout, cwd=ROOT)


def test_sweep_submit_wait_then_results_as_csv_and_json(live_api, db, workers, core, tmp_path):
    workers.start("cli-worker", concurrency=2)
    (tmp_path / "sweep.yaml").write_text(SWEEP_YAML)

    r = run_cli(live_api.url, "sweep", "submit", str(tmp_path / "sweep.yaml"), "--wait", "--interval", "0.2",
                "--timeout", "240")
    assert r.returncode == 0, r.stderr
    sid = r.stdout.strip()
    assert len(sid) == 64 and r.stdout == sid + "\n"  # stdout is only the id: scriptable
    assert db.execute("SELECT id FROM sweeps").fetchall() == [{"id": sid}]
    assert "'cli ways x entries': 6 points (6 unique runs)" in r.stderr
    assert r.stderr.rstrip().splitlines()[-1] == "done: 6/6 done, 0 failed, 0 cancelled, 0 running, 0 queued, eta 0s"

    # Paged CSV (page size 4 => 2 requests) equals the server's single-page CSV byte for byte.
    out = run_cli(live_api.url, "results", sid[:24], "--csv", "--page-size", "4")
    assert out.returncode == 0, out.stderr
    assert out.stderr.strip() == "6 rows in 2 page(s)"
    whole = httpx.get(f"{live_api.url}/api/sweeps/{sid}/results", params={"format": "csv", "limit": 100})
    assert out.stdout == whole.text
    rows = list(csv.DictReader(io.StringIO(out.stdout)))
    assert [(int(x["point"]), int(x["switch.cache.entries [entries]"]), int(x["switch.cache.ways [ways]"])) for x in rows] == [
        (0, 32, 1), (1, 32, 2), (2, 32, 4), (3, 64, 1), (4, 64, 2), (5, 64, 4)]
    for row in rows:
        config = {**TINY, "switch": {"cache": {"entries": int(row["switch.cache.entries [entries]"]),
                                               "ways": int(row["switch.cache.ways [ways]"])}}}
        want = direct_run(core, config)["cache"]
        assert row["status"] == "done"
        assert int(row["cache.lookups [look-ups]"]) == want["lookups"]
        assert int(row["cache.hits [look-ups]"]) == want["hits"]
        assert float(row["cache.hit_rate [fraction]"]) == want["hit_rate"]

    # JSON: the pages merged into one object, equal to the single-page answer.
    out = run_cli(live_api.url, "results", sid, "--json", "--page-size", "5", "-o", str(tmp_path / "r.json"))
    assert out.returncode == 0 and out.stdout == "" and out.stderr.strip() == "6 rows in 2 page(s)"
    merged = json.loads((tmp_path / "r.json").read_text())
    single = httpx.get(f"{live_api.url}/api/sweeps/{sid}/results", params={"limit": 100}).json()
    assert merged == {k: single[k] for k in ("sweep_id", "columns", "rows")}

    # Submitting the same file again is the same sweep, already done.
    again = run_cli(live_api.url, "sweep", "submit", str(tmp_path / "sweep.yaml"), "--wait", "--interval", "0.2")
    assert again.returncode == 0 and again.stdout.strip() == sid
    assert db.execute("SELECT count(*) AS n FROM runs").fetchone()["n"] == 6


def test_experiment_submit_wait_writes_the_record(live_api, db, workers, core, tmp_path):
    workers.start("cli-worker", concurrency=1)
    config = {**TINY, "seed": 7}
    (tmp_path / "c.json").write_text(json.dumps(config))
    r = run_cli(live_api.url, "experiment", "submit", str(tmp_path / "c.json"), "--wait", "--interval", "0.2",
                "--timeout", "120", "-o", str(tmp_path / "out.json"))
    assert r.returncode == 0, r.stderr
    exp_id = core.config_hash(json.dumps(config))
    assert r.stdout == exp_id + "\n"
    record = json.loads((tmp_path / "out.json").read_text())
    assert record["id"] == exp_id and record["status"] == "done"
    want = direct_run(core, config)
    assert strip_timing(record["result"]) == strip_timing(want)
    assert f"experiment {exp_id[:12]}: done, hit rate {want['cache']['hit_rate']:.4f}" in r.stderr

    got = run_cli(live_api.url, "experiment", "get", exp_id[:24])
    assert got.returncode == 0 and json.loads(got.stdout)["result"] == record["result"]


def test_rejected_sweep_names_the_field_exits_2_and_writes_nothing(live_api, db, tmp_path):
    (tmp_path / "bad.json").write_text(json.dumps({"name": "bad", "base": TINY, "axes": {"switch.cache.ways": [4, 3]}}))
    r = run_cli(live_api.url, "sweep", "submit", str(tmp_path / "bad.json"))
    assert r.returncode == 2 and r.stdout == ""
    assert "HTTP 422" in r.stderr
    assert '  axes.switch.cache.ways: ' in r.stderr and '(point 1: {"switch.cache.ways": 3})' in r.stderr
    for table in ("sweeps", "experiments", "runs", "procrastinate_jobs"):
        assert db.execute(f"SELECT count(*) AS n FROM {table}").fetchone()["n"] == 0, table


def test_rejected_experiment_states_the_range_once(live_api, db, tmp_path):
    bad = {**TINY, "topology": {**TINY["topology"], "concentration": 0}}
    (tmp_path / "bad.json").write_text(json.dumps(bad))
    r = run_cli(live_api.url, "experiment", "submit", str(tmp_path / "bad.json"))
    assert r.returncode == 2 and r.stdout == ""
    # The API's error carries the range as `allowed` too; the message already states it.
    assert "topology.concentration: must be an integer in [1, 64], got 0\n" in r.stderr, r.stderr
    assert r.stderr.count("[1, 64]") == 1, r.stderr
    assert db.execute("SELECT count(*) AS n FROM experiments").fetchone()["n"] == 0


def test_bad_input_files_exit_2_and_store_nothing(live_api, db, tmp_path):
    (tmp_path / "broken.yaml").write_text("name: [unclosed\n")
    r = run_cli(live_api.url, "sweep", "submit", str(tmp_path / "broken.yaml"))
    assert r.returncode == 2 and "invalid YAML" in r.stderr
    # An unknown key is the server's to name (one list of a sweep's keys: its model).
    (tmp_path / "extra.yaml").write_text(SWEEP_YAML + "points: 3\n")
    r = run_cli(live_api.url, "sweep", "submit", str(tmp_path / "extra.yaml"))
    assert r.returncode == 2 and "points: unknown field (allowed: one of: axes, base, name)" in r.stderr, r.stderr
    # A repeated key would keep its last value silently in json and PyYAML: refused, with its place.
    (tmp_path / "twice.yaml").write_text(SWEEP_YAML.replace("  seed: 1\n", "  seed: 1\n  seed: 2\n"))
    r = run_cli(live_api.url, "sweep", "submit", str(tmp_path / "twice.yaml"))
    assert r.returncode == 2 and "twice.yaml: line 4: key 'seed' is given more than once in the same object" in r.stderr, r.stderr
    (tmp_path / "twice.json").write_text('{"seed": 1, "engine": "routewalk", "seed": 2}')
    r = run_cli(live_api.url, "experiment", "submit", str(tmp_path / "twice.json"))
    assert r.returncode == 2 and "twice.json: key 'seed' is given more than once in the same object" in r.stderr, r.stderr
    (tmp_path / "list.json").write_text("[1, 2]")
    r = run_cli(live_api.url, "experiment", "submit", str(tmp_path / "list.json"))
    assert r.returncode == 2 and "must hold one object, got list" in r.stderr
    r = run_cli(live_api.url, "experiment", "submit", str(tmp_path / "missing.json"))
    assert r.returncode == 2 and "No such file or directory" in r.stderr
    assert db.execute("SELECT count(*) AS n FROM experiments").fetchone()["n"] == 0


def test_files_the_client_read_badly_exit_2_naming_the_file_or_field(live_api, db, tmp_path):
    cases = [
        # Not JSON (NaN, YAML's .inf): the server names the field, as for any other bad value.
        ("nan.json", b'{"seed": NaN, "engine": "routewalk"}', "  seed: must be a finite number (NaN and Infinity are not JSON)\n"),
        ("inf.yaml", b"seed: 1\ntraffic: {packets: .inf}\n",
         "  traffic.packets: must be a finite number (NaN and Infinity are not JSON)\n"),
        # Were a message without the file (non-UTF-8), or a traceback with exit 1 (deep nesting).
        ("latin.json", b'{"name": "caf\xe9"}', "latin.json: not UTF-8 text (byte 13: invalid continuation byte)\n"),
        ("deep.json", b'{"a": ' * 5000 + b"1" + b"}" * 5000, "deep.json: nested too deeply to read\n"),
        ("deep.yaml", b"a: " + b"[" * 5000 + b"]" * 5000 + b"\n", "deep.yaml: nested too deeply to read\n"),
    ]
    for name, content, says in cases:
        (tmp_path / name).write_bytes(content)
        r = run_cli(live_api.url, "experiment", "submit", str(tmp_path / name))
        assert r.returncode == 2 and says in r.stderr and "Traceback" not in r.stderr, (name, r.stderr[-500:])
    assert db.execute("SELECT count(*) AS n FROM experiments").fetchone()["n"] == 0


def test_unreachable_server_exits_3():
    r = run_cli(f"http://127.0.0.1:{stack.free_port()}", "sweep", "status", "abcdef" * 4)
    assert r.returncode == 3 and "cannot reach http://127.0.0.1:" in r.stderr


def test_wait_timeout_then_cancel_then_status(live_api, db, tmp_path):
    # No worker: the sweep stays queued, so --wait must give up at --timeout.
    (tmp_path / "s.yaml").write_text(SWEEP_YAML)
    r = run_cli(live_api.url, "sweep", "submit", str(tmp_path / "s.yaml"), "--wait", "--interval", "0.2",
                "--timeout", "1")
    assert r.returncode == 4 and "timed out after 1.0s" in r.stderr
    sid = r.stdout.strip()
    c = run_cli(live_api.url, "sweep", "cancel", sid[:24])
    assert c.returncode == 0 and c.stdout.strip() == sid
    assert "cancelled: 0/6 done, 0 failed, 6 cancelled" in c.stderr
    s = run_cli(live_api.url, "sweep", "status", sid)
    assert s.returncode == 0
    assert json.loads(s.stdout)["status"] == "cancelled" and json.loads(s.stdout)["progress"]["cancelled"] == 6
    w = run_cli(live_api.url, "sweep", "status", sid, "--wait")
    assert w.returncode == 1  # finished, but not every point is done
    missing = run_cli(live_api.url, "results", "0" * 64, "--csv")
    assert missing.returncode == 2 and "id: no sweep with id " + "0" * 64 in missing.stderr


def test_experiment_wait_shows_progress_then_cancel_stops_it(live_api, db, workers, core, tmp_path):
    workers.start("cli-progress-worker", concurrency=1)
    config = {"seed": 11, "engine": "cycle", "topology": {"kind": "mesh", "dims": [8, 8]}, "switch": {"cache": None},
              "traffic": {"injection": {"load": 0.2}},
              "sim": {"warmup_cycles": 100, "measure_cycles": 3000000, "drain_cycles": 100}}  # minutes of cycles
    (tmp_path / "long.json").write_text(json.dumps(config))
    r = run_cli(live_api.url, "experiment", "submit", str(tmp_path / "long.json"), "--wait", "--interval", "0.3",
                "--timeout", "8")
    assert r.returncode == 4, r.stderr
    exp_id = r.stdout.strip()
    assert re.search(rf"experiment {exp_id[:12]}: running \d+\.\d % \(cycles [\d,]+ of 3,000,200\)", r.stderr), r.stderr
    c = run_cli(live_api.url, "experiment", "cancel", exp_id[:24])
    assert c.returncode == 0 and c.stdout.strip() == exp_id, c.stderr
    assert re.search(rf"experiment {exp_id[:12]}: cancelled at \d+\.\d % \(cycles [\d,]+ of 3,000,200\)", c.stderr), c.stderr
    got = json.loads(run_cli(live_api.url, "experiment", "get", exp_id).stdout)
    assert (got["status"], got["result"]) == ("cancelled", None)
    missing = run_cli(live_api.url, "experiment", "cancel", "0" * 64)
    assert missing.returncode == 2 and "id: no experiment with id " + "0" * 64 in missing.stderr


def test_yaml_merge_keys_still_work_and_unhashable_keys_are_invalid_yaml(tmp_path):
    # The repeated-key check keeps YAML's merge keys (a key beside a merge overrides it) and leaves
    # an unhashable key to PyYAML's own error (exit 2), not a traceback.
    merged = tmp_path / "merge.yaml"
    merged.write_text("b: &b\n  seed: 1\n  engine: cycle\nother:\n  <<: *b\n  seed: 3\n")
    assert load_document(str(merged)) == {"b": {"seed": 1, "engine": "cycle"}, "other": {"seed": 3, "engine": "cycle"}}
    odd = tmp_path / "odd.yaml"
    odd.write_text("? [1, 2]\n: x\n")
    with pytest.raises(InputError, match="invalid YAML: while constructing a mapping"):
        load_document(str(odd))


def test_experiment_submit_takes_a_catalogue_entry_or_a_preset_name(live_api, db, core):
    entry = ROOT / "examples/quickstart-torus-4x4.json"
    want = core.config_hash(json.dumps(json.loads(entry.read_text())["config"]))
    by_file = run_cli(live_api.url, "experiment", "submit", str(entry))
    assert by_file.returncode == 0, by_file.stderr
    assert by_file.stdout == want + "\n"
    by_name = run_cli(live_api.url, "experiment", "submit", "--example", "quickstart-torus-4x4")
    assert by_name.returncode == 0 and by_name.stdout == want + "\n", by_name.stderr
    assert db.execute("SELECT id FROM experiments").fetchall() == [{"id": want}]

    unknown = run_cli(live_api.url, "experiment", "submit", "--example", "no-such")
    assert unknown.returncode == 2 and unknown.stdout == ""
    assert "--example: the server has no example named 'no-such' (allowed: booksim-mesh-8x8-cycle, " in unknown.stderr
    for args in ([], [str(entry), "--example", "quickstart-torus-4x4"]):
        both = run_cli(live_api.url, "experiment", "submit", *args)
        assert both.returncode == 2 and "give a config file or --example NAME (one of them)" in both.stderr
