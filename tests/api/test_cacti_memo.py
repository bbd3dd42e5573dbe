"""CACTI 7's answers in PostgreSQL (migrations/006_cacti_memo.sql; docs/cost-model.md, "Exact
method"): a real worker stores the answers a run got by running CACTI, and a later run of the same
arrays takes them from the database instead of running CACTI."""

from __future__ import annotations

import json
import stat

from conftest import TINY, direct_run, strip_timing


def test_worker_stores_cactis_answers_and_the_next_run_takes_them(client, db, workers, core, tmp_path):
    db.execute("TRUNCATE cacti_memo")
    cfg = {**TINY, "switch": {"cache": {"entries": 2048, "ways": 4}}}
    first = client.post("/api/experiments", json=cfg).json()["id"]
    workers.drain()
    want = sorted(a["key"] for a in json.loads(core.cacti_inputs(json.dumps(cfg))))
    assert len(want) == 2  # the cache and the CAM
    rows = db.execute("SELECT key, exit_code, length(out) AS n FROM cacti_memo ORDER BY key").fetchall()
    assert [r["key"] for r in rows] == want
    assert all(r["exit_code"] == 0 and r["n"] > 1000 for r in rows)

    # A worker whose "CACTI" fails on every input: its run of the same arrays (another seed) can only
    # have CACTI's figures if it took them from the database.
    broken = tmp_path / "cacti"
    broken.write_text("#!/bin/sh\nexit 3\n")
    broken.chmod(broken.stat().st_mode | stat.S_IEXEC)
    again = {**cfg, "seed": 7}
    second = client.post("/api/experiments", json=again).json()["id"]
    proc = workers.start("broken-cacti", one_shot=True, env={"SWITCHLAB_CACTI": str(broken)})
    assert proc.wait(600) == 0
    got = client.get(f"/api/experiments/{second}").json()
    assert got["status"] == "done", got
    assert strip_timing(got["result"])["cost"] == strip_timing(direct_run(core, again))["cost"]
    assert got["result"]["cost"]["cache"]["method"] == "cacti"
    assert db.execute("SELECT count(*) AS n FROM cacti_memo").fetchone()["n"] == 2  # nothing new to store
    assert first != second
