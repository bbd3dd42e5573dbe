"""Runs under limits (issue findings D3, D7): time and memory limits end a run failed saying which
and by how much, none of these outcomes is retried, long result arrays are paged instead of
inlined, an oversized or refused result ends the run failed, and every run reaches a terminal
state. Real workers, real engine children, real Postgres."""

from __future__ import annotations

import json
import os
import signal
import time

from conftest import TINY, direct_run, wait_for
from test_workers import config_taking

BIG_MEMORY = {"seed": 1, "engine": "routewalk", "topology": {"kind": "torus", "dims": [32, 32, 32]},
              "switch": {"cache": {"entries": 2048, "ways": 4}},
              "traffic": {"pattern": "uniform", "packets": 1000}}


def submit(client, config) -> str:
    r = client.post("/api/experiments", json=config)
    assert r.status_code == 202, r.text
    return r.json()["id"]


def finished(client, eid: str, timeout: float = 120) -> dict:
    return wait_for(lambda: (lambda e: e if e["status"] in ("done", "failed") else None)(
        client.get(f"/api/experiments/{eid}").json()), timeout=timeout, what=f"experiment {eid[:12]} finished")


def job_rows(db) -> list[dict]:
    return db.execute("SELECT status, attempts FROM procrastinate_jobs WHERE task_name = 'switchlab.run_experiment'").fetchall()


def children_of(pid: int) -> list[int]:
    out = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as f:
                    fields = f.read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                out.append(int(entry))
    return out


def alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def test_d7_killing_a_worker_kills_its_engine_child(client, db, workers, core):
    eid = submit(client, config_taking(core, 30.0))
    worker = workers.start("victim")
    wait_for(lambda: db.execute("SELECT status FROM runs").fetchone()["status"] == "running",
             timeout=60, interval=0.05, what="run started")
    engine = wait_for(lambda: children_of(worker.pid), timeout=30, interval=0.05, what="engine child")
    assert len(engine) == 1
    os.kill(worker.pid, signal.SIGKILL)  # the worker alone, not its process group
    worker.wait()
    wait_for(lambda: not alive(engine[0]), timeout=10, interval=0.1, what="engine child gone with its worker")
    assert db.execute("SELECT status FROM runs WHERE experiment_id = %s", (eid,)).fetchone()["status"] == "running"


def test_time_limit_fails_the_run_once_saying_so(client, db, workers, core):
    eid = submit(client, config_taking(core, 20.0))
    workers.start("w", env={"SWITCHLAB_RUN_TIME_LIMIT_S": "1"})
    e = finished(client, eid)
    assert e["status"] == "failed" and e["result"] is None
    assert e["error"]["kind"] == "time_limit"
    assert "time limit of 1 s (SWITCHLAB_RUN_TIME_LIMIT_S)" in e["error"]["message"]
    assert e["attempts"] == 1
    time.sleep(2)  # a retry would have been scheduled by now
    assert job_rows(db) == [] or all(j["status"] == "succeeded" for j in job_rows(db))
    assert db.execute("SELECT attempts FROM runs").fetchone()["attempts"] == 1


def test_memory_limit_fails_the_run_with_limit_peak_and_estimate(client, db, workers, core):
    eid = submit(client, BIG_MEMORY)
    workers.start("w", env={"SWITCHLAB_RUN_MEMORY_BYTES": str(200_000_000)})
    e = finished(client, eid)
    assert e["status"] == "failed", e
    err = e["error"]
    assert err["kind"] == "memory_limit"
    assert "memory limit of 0.20 GB (SWITCHLAB_RUN_MEMORY_BYTES)" in err["message"]
    estimate = json.loads(core.prepare(json.dumps(BIG_MEMORY)))["summary"]["memory_bytes"]
    assert f"estimated ~{estimate / 1e9:.2f} GB" in err["message"]
    assert e["attempts"] == 1
    # The same config runs once the limit allows it.
    client_config = {**BIG_MEMORY}
    assert direct_run(core, client_config)["cache"]["lookups"] > 0


PER_PORT = {**TINY, "topology": {"kind": "torus", "dims": [8, 8]}, "output": {"per_port": True}}


def test_d3_long_arrays_are_paged_out_of_the_result(client, db, workers, core):
    eid = submit(client, PER_PORT)
    workers.start("w", env={"SWITCHLAB_RESULT_INLINE_ITEMS": "60"})
    e = finished(client, eid)
    assert e["status"] == "done", e
    want = direct_run(core, PER_PORT)["cache"]
    assert "by_port" not in e["result"]["cache"] and "by_switch" not in e["result"]["cache"]
    assert e["arrays"] == {
        "cache.by_port": {"length": 64, "href": f"/api/experiments/{eid}/arrays/cache.by_port"},
        "cache.by_switch": {"length": 64, "href": f"/api/experiments/{eid}/arrays/cache.by_switch"}}
    assert e["result"]["cache"]["hits"] == want["hits"]  # short parts stay inline
    page = client.get(f"/api/experiments/{eid}/arrays/cache.by_port", params={"offset": 10, "limit": 7}).json()
    assert page == {"path": "cache.by_port", "offset": 10, "length": 64, "items": want["by_port"][10:17]}
    whole = client.get(f"/api/experiments/{eid}/arrays/cache.by_switch").json()
    assert whole["items"] == want["by_switch"]
    past = client.get(f"/api/experiments/{eid}/arrays/cache.by_switch", params={"offset": 64}).json()
    assert past["items"] == [] and past["length"] == 64
    missing = client.get(f"/api/experiments/{eid}/arrays/cache.nope")
    assert missing.status_code == 404 and missing.json()["error"]["field"] == "path"
    too_many = client.get(f"/api/experiments/{eid}/arrays/cache.by_port", params={"limit": 65537})
    assert too_many.status_code == 422 and too_many.json()["error"]["field"] == "limit"


def test_d3_result_over_the_size_cap_fails_once_and_terminally(client, db, workers, core):
    eid = submit(client, PER_PORT)
    workers.start("w", env={"SWITCHLAB_MAX_RESULT_BYTES": "5000"})
    e = finished(client, eid)
    assert e["status"] == "failed" and e["error"]["kind"] == "result_too_large"
    assert "over this server's limit of 0.0 MB (SWITCHLAB_MAX_RESULT_BYTES)" in e["error"]["message"]
    assert e["attempts"] == 1


def test_d3_a_result_the_database_refuses_ends_the_run_failed_not_retried(client, db, workers, core):
    # The 89 MB result Postgres refused was retried 21 times and left "running" for ever; a
    # constraint makes this Postgres refuse every result the same deterministic way.
    db.execute("ALTER TABLE runs ADD CONSTRAINT test_refuse_results CHECK (result IS NULL)")
    try:
        eid = submit(client, TINY)
        workers.start("w")
        e = finished(client, eid)
    finally:
        db.execute("ALTER TABLE runs DROP CONSTRAINT test_refuse_results")
    assert e["status"] == "failed" and e["error"]["kind"] == "storage"
    assert "test_refuse_results" in e["error"]["message"]
    assert e["attempts"] == 1


def test_runs_of_jobs_failed_for_good_reach_a_terminal_state(client, db, workers, core):
    eid = submit(client, TINY)
    # A job that exhausted its retries (e.g. the database stayed away for its whole window).
    db.execute("UPDATE procrastinate_jobs SET status = 'failed' WHERE task_name = 'switchlab.run_experiment'")
    workers.start("w")  # its periodic recovery task finalises the orphaned run
    e = finished(client, eid, timeout=60)
    assert e["status"] == "failed" and e["error"]["kind"] == "job_failed"
    assert e["attempts"] == 0
