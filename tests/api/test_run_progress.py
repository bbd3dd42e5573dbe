"""Progress and cancel of a single experiment with a real worker (docs/api.md, Progress and cancel):
the worker stores how far a run is about once a second, DELETE /api/experiments/{id} kills the
run's child and leaves no result."""

from __future__ import annotations

import asyncio
import json
import os
import time
from datetime import datetime

from conftest import TINY, descendants, wait_for

CYCLE = {"seed": 3, "engine": "cycle", "topology": {"kind": "mesh", "dims": [8, 8]},
         "switch": {"cache": None}, "traffic": {"injection": {"load": 0.2}},
         "sim": {"warmup_cycles": 100, "measure_cycles": 2000, "drain_cycles": 100}}


def cycle_config_taking(core, seconds: float) -> dict:
    """A cycle-engine config whose run takes about `seconds` here (measured, not assumed)."""
    t0 = time.perf_counter()
    core.run(json.dumps(CYCLE))
    took = time.perf_counter() - t0
    cycles = int(CYCLE["sim"]["measure_cycles"] * seconds / max(took, 1e-3))
    return {**CYCLE, "sim": {**CYCLE["sim"], "measure_cycles": cycles}}


def experiment(client, eid: str) -> dict:
    r = client.get(f"/api/experiments/{eid}")
    assert r.status_code == 200, r.text
    return r.json()


def test_running_cycle_run_reports_progress_then_cancel_kills_it(client, db, workers, core):
    cfg = cycle_config_taking(core, 40.0)
    r = client.post("/api/experiments", json=cfg)
    assert r.status_code == 202, r.text
    eid = r.json()["id"]
    worker = workers.start("w1", concurrency=1)

    def moving():
        p = experiment(client, eid)["progress"]
        return p if p and 0 < p["fraction"] < 1 else None

    seen = [wait_for(moving, timeout=60, interval=0.1, what="progress reported")]
    assert seen[0]["unit"] == "cycles" and 0 < seen[0]["done"] < seen[0]["total"]
    assert abs(seen[0]["fraction"] - seen[0]["done"] / seen[0]["total"]) < 1e-3
    while len(seen) < 3:  # the bar moves, one report a second at most
        p = wait_for(lambda: (lambda p: p if p["updated_at"] != seen[-1]["updated_at"] else None)(moving()),
                     timeout=20, interval=0.1, what="a newer progress report")
        seen.append(p)
    assert seen[0]["done"] < seen[1]["done"] < seen[2]["done"]
    stamps = [datetime.fromisoformat(p["updated_at"]) for p in seen]
    assert all((b - a).total_seconds() >= 0.9 for a, b in zip(stamps, stamps[1:])), stamps
    running = descendants(worker.pid)  # concurrency 1: the one child runs this experiment
    assert running, "the run's child process"

    r = client.delete(f"/api/experiments/{eid}")
    assert r.status_code == 200, r.text
    out = r.json()
    assert out["status"] == "cancelled" and out["result"] is None and out["finished_at"] is not None
    assert 0 < out["progress"]["fraction"] < 1  # how far it got
    # The worker aborts the job (it polls every second) and kills the child.
    wait_for(lambda: db.execute("SELECT status FROM procrastinate_jobs WHERE id ="
                                " (SELECT job_id FROM runs WHERE experiment_id = %s)", (eid,))
             .fetchone()["status"] == "aborted", timeout=30, what="job aborted")
    wait_for(lambda: not any(os.path.exists(f"/proc/{c}") for c in running), timeout=10,
             what="the run's child killed")
    row = db.execute("SELECT status, result, error FROM runs WHERE experiment_id = %s", (eid,)).fetchone()
    assert row == {"status": "cancelled", "result": None, "error": None}
    assert db.execute("SELECT count(*) AS n FROM run_arrays").fetchone()["n"] == 0
    # Cancelling again is a no-op answering the state.
    again = client.delete(f"/api/experiments/{eid}").json()
    assert again["status"] == "cancelled" and again["finished_at"] == out["finished_at"]

    # The worker (concurrency 1) is free for the next job.
    small = client.post("/api/experiments", json=TINY).json()["id"]
    done = wait_for(lambda: (lambda e: e if e["status"] == "done" else None)(experiment(client, small)),
                    timeout=60, what="next job done")
    assert done["worker"] == "w1" and done["progress"] is None  # cleared once done

    # Resubmitting the cancelled experiment runs it again, like a failed one.
    r = client.post("/api/experiments", json=cfg)
    assert r.status_code == 202 and r.json()["status"] == "queued", r.text
    wait_for(lambda: moving() and experiment(client, eid)["status"] == "running", timeout=60, interval=0.1,
             what="the rerun's progress")
    assert client.delete(f"/api/experiments/{eid}").json()["status"] == "cancelled"


def test_cancel_queued_done_unknown_and_malformed(client, db, workers):
    queued = client.post("/api/experiments", json={**TINY, "seed": 11}).json()["id"]
    out = client.delete(f"/api/experiments/{queued[:24]}")  # a unique prefix, like every read
    assert out.status_code == 200 and out.json()["status"] == "cancelled" and out.json()["progress"] is None
    assert db.execute("SELECT status FROM procrastinate_jobs").fetchone()["status"] == "cancelled"

    finished = client.post("/api/experiments", json={**TINY, "seed": 12}).json()["id"]
    workers.drain(concurrency=1)
    done = experiment(client, finished)
    out = client.delete(f"/api/experiments/{finished}")
    assert out.status_code == 200 and out.json()["status"] == "done" and out.json()["result"] == done["result"]
    assert experiment(client, queued)["status"] == "cancelled"  # the drained worker skipped it

    missing = client.delete("/api/experiments/" + "f" * 64)
    assert missing.status_code == 404 and missing.json()["error"]["code"] == "not_found"
    bad = client.delete("/api/experiments/not-an-id")
    assert bad.status_code == 422
    assert bad.json()["error"]["field"] == "id" and bad.json()["error"]["code"] == "invalid_request"


def test_progress_writer_stores_at_most_one_report_a_second_and_never_loses_the_last():
    from switchlab_api.worker.progress import ProgressWriter

    written: list[tuple[float, dict]] = []

    async def write(p):
        written.append((time.monotonic(), p))

    async def scenario():
        w = ProgressWriter(write, interval_s=0.3)
        for i in range(1, 21):  # 20 reports in 0.2 s
            w.report({"done": i})
            await asyncio.sleep(0.01)
        await asyncio.sleep(0.5)
        w.stop()

    asyncio.run(scenario())
    assert [p["done"] for _, p in written] == [1, 20]
    assert written[1][0] - written[0][0] >= 0.3
