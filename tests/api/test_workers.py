"""Several real worker processes: sharing a sweep, and surviving a kill -9."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import time

import pytest
from conftest import TINY, direct_run, truncate_all, wait_for

# `make check` leaves this out (slow: fault injection with worker and Postgres restarts); `make test` runs it.
pytestmark = pytest.mark.slow


def config_taking(core, seconds: float) -> dict:
    """A config whose run takes about `seconds` on this machine (measured, not assumed)."""
    base = {**TINY, "topology": {"kind": "torus", "dims": [8, 8, 8]},
            "switch": {"cache": {"entries": 128, "ways": 4}}}
    packets = 20_000
    while True:
        cfg = {**base, "traffic": {"pattern": "uniform", "packets": packets}}
        t0 = time.perf_counter()
        core.run(json.dumps(cfg))
        took = time.perf_counter() - t0
        if took >= 0.2 or packets >= 20_000_000:
            break
        packets *= 4
    packets = int(min(20_000_000, packets * seconds / max(took, 1e-6)))
    return {**base, "traffic": {"pattern": "uniform", "packets": packets}}


def sweep_status(client, sid):
    return client.get(f"/api/sweeps/{sid}").json()


def test_two_workers_share_one_sweep(client, db, workers, core):
    base = config_taking(core, 0.15)
    sid = client.post("/api/sweeps", json={"base": base, "axes": {"seed": list(range(1, 25))}}).json()["id"]
    workers.start("w1", concurrency=1)
    workers.start("w2", concurrency=1)
    wait_for(lambda: sweep_status(client, sid)["status"] == "done", timeout=300, what="sweep done")
    rows = db.execute("SELECT experiment_id, status, attempts, worker, result FROM runs").fetchall()
    assert len(rows) == 24
    assert len({r["experiment_id"] for r in rows}) == 24
    assert all(r["status"] == "done" and r["attempts"] == 1 and r["result"] for r in rows)
    assert {r["worker"] for r in rows} == {"w1", "w2"}  # both took part
    points = db.execute("SELECT count(*) AS n, count(DISTINCT run_id) AS d FROM sweep_points"
                        " WHERE sweep_id = %s", (sid,)).fetchone()
    assert points["n"] == points["d"] == 24


def test_kill_9_worker_mid_sweep_every_point_exactly_once(client, db, workers, core):
    base = config_taking(core, 2.0)
    sid = client.post("/api/sweeps", json={"base": base, "axes": {"seed": [1, 2, 3, 4]}}).json()["id"]
    victim = workers.start("victim", concurrency=2)
    wait_for(lambda: db.execute("SELECT count(*) AS n FROM runs WHERE status = 'running'"
                                " AND worker = 'victim'").fetchone()["n"] == 2,
             timeout=60, interval=0.05, what="victim running two points")
    killed = [r["experiment_id"] for r in db.execute(
        "SELECT experiment_id FROM runs WHERE status = 'running' AND worker = 'victim'").fetchall()]
    os.killpg(victim.pid, signal.SIGKILL)  # the worker and its engine children, like a lost machine
    victim.wait()

    workers.start("rescuer", concurrency=2)
    s = wait_for(lambda: (lambda s: s if s["status"] == "done" else None)(sweep_status(client, sid)),
                 timeout=300, what="sweep done after kill -9")
    assert s["progress"]["done"] == 4
    rows = {r["experiment_id"]: r for r in db.execute("SELECT * FROM runs").fetchall()}
    assert len(rows) == 4
    assert all(r["status"] == "done" and r["result"] is not None for r in rows.values())
    for eid in killed:
        assert rows[eid]["attempts"] == 2 and rows[eid]["worker"] == "rescuer"
    # The recomputed result is the deterministic one.
    seed = next(p["axis_values"]["seed"] for p in db.execute(
        "SELECT axis_values FROM sweep_points WHERE experiment_id = %s", (killed[0],)).fetchall())
    want = direct_run(core, {**base, "seed": seed})
    assert rows[killed[0]]["hits"] == want["cache"]["hits"]
    assert rows[killed[0]]["lookups"] == want["cache"]["lookups"]
    assert db.execute("SELECT count(*) AS n FROM procrastinate_jobs WHERE status = 'doing'").fetchone()["n"] == 0


def test_cancel_stops_running_points(client, db, workers, core):
    base = config_taking(core, 6.0)
    sid = client.post("/api/sweeps", json={"base": base, "axes": {"seed": [1, 2, 3]}}).json()["id"]
    workers.start("w1", concurrency=2)
    wait_for(lambda: db.execute("SELECT count(*) AS n FROM runs WHERE status = 'running'").fetchone()["n"] == 2,
             timeout=60, interval=0.05, what="two running points")
    s = client.delete(f"/api/sweeps/{sid}").json()
    assert s["status"] == "cancelled" and s["progress"]["cancelled"] == 3
    # The worker aborts its two running jobs (it polls for abort requests every second).
    wait_for(lambda: db.execute("SELECT count(*) AS n FROM procrastinate_jobs WHERE status = 'aborted'")
             .fetchone()["n"] == 2, timeout=30, what="jobs aborted")
    # 'aborted' (not succeeded) proves the two running tasks were stopped before finishing.
    assert db.execute("SELECT count(*) AS n FROM runs WHERE status = 'cancelled' AND result IS NULL")\
        .fetchone()["n"] == 3


def test_d8_d9_postgres_restart_mid_sweep_every_point_once_workers_stay(client, pg_cluster, workers, core,
                                                                        database_url):
    import psycopg
    from psycopg.rows import dict_row

    def count(sql: str) -> int:
        with psycopg.connect(database_url, autocommit=True, row_factory=dict_row) as conn:
            return conn.execute(sql).fetchone()["n"]

    # Not the `db` fixture: its connection would not survive the restart.
    with psycopg.connect(database_url, autocommit=True) as conn:
        truncate_all(conn)
    base = config_taking(core, 1.5)
    sid = client.post("/api/sweeps", json={"base": base, "axes": {"seed": [1, 2, 3, 4, 5, 6]}}).json()["id"]
    first = workers.start("w1", concurrency=2)
    second = workers.start("w2", concurrency=1)
    wait_for(lambda: count("SELECT count(*) AS n FROM runs WHERE status = 'running'") >= 2,
             timeout=60, interval=0.05, what="running points")
    pg_cluster.stop()
    down = client.get("/api/health")
    assert down.status_code == 503
    assert down.json()["error"]["code"] == "unavailable" and "database" in down.json()["error"]["message"]
    time.sleep(2)  # runs finish while the database is away; their results wait in the workers
    pg_cluster.start()
    # The same worker processes carry on (they reconnect), nothing is restarted by hand.
    wait_for(lambda: client.get(f"/api/sweeps/{sid}").json()["status"] == "done", timeout=300,
             what="sweep done after a Postgres restart")
    assert first.poll() is None and second.poll() is None, "a worker exited when Postgres restarted"
    assert count("SELECT count(*) AS n FROM runs WHERE status = 'done' AND result IS NOT NULL") == 6
    assert count("SELECT count(*) AS n FROM runs") == 6
    # Exactly once: no point was claimed (run) a second time.
    assert count("SELECT count(*) AS n FROM runs WHERE attempts = 1") == 6
    assert client.get("/api/health").status_code == 200


def test_d8_api_pool_recovers_at_once_after_a_long_postgres_outage(pg_cluster, database_url, core, tmp_path):
    """Before: once the pool had grown to 8 connections, a restart left the API without a
    connection for > 10 s (the pool re-made them on exponential backoff)."""
    import threading

    import httpx
    from conftest import LiveApi

    api = LiveApi(database_url, tmp_path)
    try:
        eid = httpx.post(f"{api.url}/api/experiments", json=TINY).json()["id"]
        until = time.time() + 2

        def reader() -> None:
            with httpx.Client() as c:
                while time.time() < until:
                    c.get(f"{api.url}/api/experiments/{eid}")

        threads = [threading.Thread(target=reader) for _ in range(16)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        pg_cluster.stop()
        down = httpx.get(f"{api.url}/api/health", timeout=10)
        assert down.status_code == 503 and down.json()["error"]["message"].startswith("database unavailable: ")
        time.sleep(8)  # long enough for the pool's reconnect backoff to reach ~8 s between attempts
        pg_cluster.start()
        # The first answers after Postgres is back are already good.
        assert httpx.get(f"{api.url}/api/health", timeout=10).status_code == 200
        assert httpx.get(f"{api.url}/api/experiments/{eid}", timeout=10).status_code == 200
    finally:
        api.stop()
