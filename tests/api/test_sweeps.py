from __future__ import annotations

import copy
import itertools
import json

from conftest import TINY, direct_run, strip_timing, wait_for

BASE = {**TINY, "traffic": {"pattern": "uniform", "packets": 500}}
AXES_50 = {
    "switch.cache.entries": {"from": 16, "to": 256, "mul": 2},   # 16, 32, 64, 128, 256
    "switch.cache.ways": [1, 2, 4, 8, 16],
    "seed": [1, 2],
}


def point_config(entries: int, ways: int, seed: int) -> dict:
    c = copy.deepcopy(BASE)
    c["switch"]["cache"].update(entries=entries, ways=ways)
    c["seed"] = seed
    return c


def test_fifty_point_sweep_gives_the_right_results(client, db, workers, core):
    r = client.post("/api/sweeps", json={"name": "fifty", "base": BASE, "axes": AXES_50})
    assert r.status_code == 202, r.text
    sweep = r.json()
    sid = sweep["id"]
    assert r.headers["location"] == f"/api/sweeps/{sid}"
    assert sweep["progress"]["total"] == 50 and sweep["progress"]["queued"] == 50
    assert sweep["status"] == "queued"
    assert sweep["axis_names"] == ["switch.cache.entries", "switch.cache.ways", "seed"]

    workers.drain(concurrency=2)

    s = client.get(f"/api/sweeps/{sid[:24]}").json()
    assert s["status"] == "done"
    assert s["progress"]["done"] == 50 and s["progress"]["fraction_done"] == 1.0
    assert s["progress"]["eta_s"] == 0.0

    # Page through the JSON results 20 at a time.
    rows, cursor = [], None
    while True:
        params = {"limit": 20} | ({"cursor": cursor} if cursor else {})
        page = client.get(f"/api/sweeps/{sid}/results", params=params).json()
        rows += page["rows"]
        cursor = page["next_cursor"]
        if cursor is None:
            break
    names = [c["name"] for c in page["columns"]]
    assert len(rows) == 50 and [r[0] for r in rows] == list(range(50))
    expected_points = list(itertools.product([16, 32, 64, 128, 256], [1, 2, 4, 8, 16], [1, 2]))
    for row, (entries, ways, seed) in zip(rows, expected_points):
        rec = dict(zip(names, row))
        assert (rec["switch.cache.entries"], rec["switch.cache.ways"], rec["seed"]) == (entries, ways, seed)
        want = direct_run(core, point_config(entries, ways, seed))
        assert rec["status"] == "done"
        assert rec["experiment_id"] == want["config_hash"]
        assert rec["cache.lookups"] == want["cache"]["lookups"]
        assert rec["cache.hits"] == want["cache"]["hits"]
        assert rec["cache.hit_rate"] == want["cache"]["hit_rate"]
        # Fewer than 32 sets: CACTI's figures for the fully associative array it builds instead, with
        # its refusal kept (cacti_refusal); None only where CACTI gave no figures at all (the result says why).
        assert rec["cost.cache.area_mm2"] == want["cost"]["cache"].get("area_mm2")
        assert rec["cost.cache.method"] == "cacti"
        assert (rec["cost.cache.area_mm2"] is None) == ("error" in want["cost"]["cache"])
        stored = db.execute("SELECT result FROM runs WHERE experiment_id = %s", (rec["experiment_id"],)).fetchone()
        assert strip_timing(stored["result"]) == strip_timing(want)
    assert db.execute("SELECT count(*) AS n FROM runs").fetchone()["n"] == 50

    csv_text = client.get(f"/api/sweeps/{sid}/results", params={"format": "csv"}).text
    lines = csv_text.strip().split("\n")
    assert len(lines) == 51
    header = lines[0].split(",")
    # Units come from the core's schemas: the config schema for axes, the results schema for results.
    assert header[:6] == ["point", "experiment_id", "status", "switch.cache.entries [entries]",
                          "switch.cache.ways [ways]", "seed"]  # seed has no unit
    for column in ("summary.switches [switches]", "cache.lookups [look-ups]", "cache.hit_rate [fraction]",
                   "latency_ns.zero_load.mean [ns]",
                   "cost.cache.area_mm2 [mm^2]", "cost.cache.read_energy_nJ [nJ]", "wall_time_s [s]"):
        assert column in header, (column, header)
    assert [f"{c['name']} [{c['unit']}]" if c["unit"] else c["name"] for c in page["columns"]] == header


def test_identical_points_are_computed_once_and_shared(client, db, workers):
    r = client.post("/api/sweeps", json={"base": BASE, "axes": {"switch.cache.ways": [4, 4, 2]}})
    assert r.status_code == 202
    prog = r.json()["progress"]
    assert prog["total"] == 3 and prog["unique_points"] == 2
    # A second, overlapping sweep reuses the queued runs instead of enqueuing new ones.
    r2 = client.post("/api/sweeps", json={"base": BASE, "axes": {"switch.cache.ways": [2, 8]}})
    assert r2.status_code == 202
    assert db.execute("SELECT count(*) AS n FROM runs").fetchone()["n"] == 3
    assert db.execute("SELECT count(*) AS n FROM procrastinate_jobs WHERE task_name = 'switchlab.run_experiment'").fetchone()["n"] == 3
    workers.drain()
    assert client.get(f"/api/sweeps/{r.json()['id']}").json()["progress"]["done"] == 3
    # The same sweep again is the same resource.
    again = client.post("/api/sweeps", json={"base": BASE, "axes": {"switch.cache.ways": [4, 4, 2]}})
    assert again.status_code == 200 and again.json()["id"] == r.json()["id"]


def test_points_show_the_axis_values_as_the_core_read_them(client, db, workers):
    # 64.0 entries is the integer 64 to the core (same experiment as 64); "full" stays "full".
    sid = client.post("/api/sweeps", json={"base": BASE, "axes": {"switch.cache.entries": [64.0, 128],
                                                                   "switch.cache.ways": [4, "full"]}}).json()["id"]
    workers.drain()
    page = client.get(f"/api/sweeps/{sid}/results").json()
    names = [c["name"] for c in page["columns"]]
    rows = [dict(zip(names, row)) for row in page["rows"]]
    assert [(r["switch.cache.entries"], r["switch.cache.ways"]) for r in rows] == [(64, 4), (64, "full"), (128, 4), (128, "full")]
    assert all(type(r["switch.cache.entries"]) is int for r in rows)
    csv_rows = client.get(f"/api/sweeps/{sid}/results", params={"format": "csv"}).text.strip().split("\n")[1:]
    assert [line.split(",")[3:5] for line in csv_rows] == [["64", "4"], ["64", "full"], ["128", "4"], ["128", "full"]]


def test_bad_axes_are_422_and_write_nothing(client, db):
    cases = [
        ({"switch.cache.ways": [4, 3]}, "axes.switch.cache.ways"),      # 3 does not divide 64
        ({"switch.cache.ways": []}, "axes.switch.cache.ways"),
        ({"switch.cache.entries": {"from": 64, "to": 16, "mul": 2}}, "axes.switch.cache.entries"),
        ({"switch.cache.entries": {"from": 16, "to": 64}}, "axes.switch.cache.entries"),
        ({"seed": {"from": 1, "to": 10001, "step": 1}}, "axes"),          # over the 10,000 cap
        ({}, "axes"),
    ]
    for axes, field in cases:
        r = client.post("/api/sweeps", json={"base": BASE, "axes": axes})
        assert r.status_code == 422, (axes, r.text)
        assert r.json()["error"]["field"] == field, (axes, r.json())
        assert r.json()["error"]["code"] == "invalid_config"
    bad = client.post("/api/sweeps", json={"base": BASE, "axes": {"switch.cache.ways": [4, 3, 5]}}).json()["error"]
    assert bad["field"] == "axes.switch.cache.ways" and bad["allowed"]
    # Every failing point is listed; the envelope's field/message/allowed are the first one's.
    assert [(p["point"], p["values"]) for p in bad["points"]] == [(1, {"switch.cache.ways": 3}),
                                                                  (2, {"switch.cache.ways": 5})]
    assert (bad["message"], bad["allowed"]) == (bad["points"][0]["message"], bad["points"][0]["allowed"])
    base_err = client.post("/api/sweeps", json={"base": {**BASE, "switch": {"cache": {"entries": 100, "ways": 3}}},
                                                "axes": {"seed": [1, 2]}})
    assert base_err.status_code == 422 and base_err.json()["error"]["field"] == "base.switch.cache.ways"
    for table in ("sweeps", "sweep_points", "experiments", "runs", "procrastinate_jobs"):
        assert db.execute(f"SELECT count(*) AS n FROM {table}").fetchone()["n"] == 0, table


def test_sweeps_that_would_nest_too_deeply_are_422_not_500(client, db, core):
    # Copying a base nested 600 levels into each point, or an axis path of 5,000 parts, ran out
    # of Python's recursion: a 500 (the core allows far fewer levels in any case).
    deep: dict = {"x": 1}
    for _ in range(600):
        deep = {"x": deep}
    shallower: dict = {"x": 1}
    for _ in range(300):
        shallower = {"x": shallower}
    too_deep = json.loads(core.prepare(json.dumps({**BASE, "name": shallower})))["error"]
    assert too_deep["field"] == "config"
    cases = [
        ({"base": {**BASE, "name": deep}, "axes": {"seed": [1, 2]}}, "base",
         "nests arrays/objects too deeply to be copied into each point", too_deep["allowed"]),
        # Deeper than the core reads: its field for the whole config is the base (was base.config).
        ({"base": {**BASE, "name": shallower}, "axes": {"seed": [1]}}, "base", too_deep["message"],
         too_deep["allowed"]),
        ({"base": BASE, "axes": {"a." * 5000 + "b": [1]}}, "axes", "an axis name is 10001 characters long",
         "a dotted field path of at most 200 characters"),
    ]
    for body, field, message, allowed in cases:
        r = client.post("/api/sweeps", json=body)
        assert r.status_code == 422, r.text[:300]
        err = r.json()["error"]
        assert {k: err[k] for k in ("code", "field", "message", "allowed")} == {
            "code": "invalid_config", "field": field, "message": message, "allowed": allowed}
        assert [p["field"] for p in err.get("points") or [err]] == [field]
    for table in ("sweeps", "experiments", "runs", "procrastinate_jobs"):
        assert db.execute(f"SELECT count(*) AS n FROM {table}").fetchone()["n"] == 0, table


def test_a_rejected_list_item_of_an_axis_value_names_the_axis(client, db, core):
    # The core names the item (topology.dims[1]); the value came from the axis, not the base.
    want = json.loads(core.prepare(json.dumps({**BASE, "topology": {"kind": "torus", "dims": [4, 0]}})))["error"]
    assert want["field"] == "topology.dims[1]"
    for axes, field, values in [
        ({"topology.dims": [[4, 4], [4, 0]]}, "axes.topology.dims", {"topology.dims": [4, 0]}),
        ({"topology.dims.1": [4, 0]}, "axes.topology.dims.1", {"topology.dims.1": 0}),  # an axis on the item
    ]:
        err = client.post("/api/sweeps", json={"base": BASE, "axes": axes}).json()["error"]
        assert err == {"code": "invalid_config", "message": want["message"], "field": field,
                       "allowed": want["allowed"],
                       "points": [{"field": field, "message": want["message"], "allowed": want["allowed"],
                                   "point": 1, "values": values}]}, err
    for table in ("sweeps", "experiments", "runs", "procrastinate_jobs"):
        assert db.execute(f"SELECT count(*) AS n FROM {table}").fetchone()["n"] == 0, table


def test_concurrent_sweeps_sharing_points_in_another_order_do_not_deadlock(client, db, database_url, core):
    """Two sweeps name seeds a, c, b and b, c, a while another transaction holds c's row: each
    takes its first row and waits at c; when c is free, one went on to the other's first row.
    That deadlock was a 503 "database unavailable" for one of them."""
    import threading

    import psycopg

    a, c, b = 11, 12, 13
    held = json.loads(core.prepare(json.dumps({**BASE, "seed": c})))
    answers: list = []

    def submit(seeds: list[int]) -> None:
        answers.append(client.post("/api/sweeps", json={"base": BASE, "axes": {"seed": seeds}}))

    def waiting_inserts() -> int:
        return db.execute("SELECT count(*) AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock'"
                          " AND query LIKE 'INSERT INTO experiments%%'").fetchone()["n"]

    with psycopg.connect(database_url) as holder:  # a transaction: c's row stays uncommitted
        holder.execute("INSERT INTO experiments (id, config, canonical, engine_version) VALUES (%s, '{}', '', '')",
                       (held["id"],))
        threads = [threading.Thread(target=submit, args=(seeds,)) for seeds in ([a, c, b], [b, c, a])]
        for t in threads:
            t.start()
        wait_for(lambda: waiting_inserts() == 2, timeout=60, interval=0.05, what="both sweeps waiting")
        holder.rollback()
    for t in threads:
        t.join(60)
    assert sorted(r.status_code for r in answers) == [202, 202], [r.text for r in answers]
    assert db.execute("SELECT count(*) AS n FROM experiments").fetchone()["n"] == 3


def test_cancel_sweep_then_resubmit(client, db, workers):
    body = {"base": BASE, "axes": {"seed": list(range(1, 21))}}
    sid = client.post("/api/sweeps", json=body).json()["id"]
    r = client.delete(f"/api/sweeps/{sid}")
    assert r.status_code == 200
    s = r.json()
    assert s["status"] == "cancelled" and s["progress"]["cancelled"] == 20
    assert db.execute("SELECT count(*) AS n FROM procrastinate_jobs WHERE status = 'cancelled'").fetchone()["n"] == 20
    workers.drain()
    assert db.execute("SELECT count(*) AS n FROM runs WHERE result IS NOT NULL").fetchone()["n"] == 0
    # Resubmitting revives it; the cancelled points are queued and computed.
    again = client.post("/api/sweeps", json=body)
    assert again.status_code == 200 and again.json()["status"] == "queued"
    workers.drain()
    assert client.get(f"/api/sweeps/{sid}").json()["progress"]["done"] == 20


def test_cancelling_a_finished_sweep_changes_nothing(client, db, workers):
    # It used to answer "cancelled" for a sweep whose every point was done (and nothing cancelled).
    sid = client.post("/api/sweeps", json={"base": BASE, "axes": {"seed": [1, 2]}}).json()["id"]
    workers.drain()
    before = client.get(f"/api/sweeps/{sid}").json()
    assert before["status"] == "done" and before["cancelled_at"] is None
    r = client.delete(f"/api/sweeps/{sid}")
    assert r.status_code == 200 and r.json() == before
    assert client.get(f"/api/sweeps/{sid}").json() == before


def test_cancel_spares_points_shared_with_a_live_sweep(client, db):
    a = client.post("/api/sweeps", json={"base": BASE, "axes": {"seed": [1, 2, 3]}}).json()["id"]
    client.post("/api/sweeps", json={"base": BASE, "axes": {"seed": [3, 4]}})
    prog = client.delete(f"/api/sweeps/{a}").json()["progress"]
    assert prog["cancelled"] == 2 and prog["queued"] == 1


def test_cancel_spares_an_experiment_also_submitted_on_its_own(client, db):
    # Seed 5 was posted by itself before the sweep that shares it: cancelling the sweep cancels
    # seed 6 only (it once cancelled both, so the lone submission ended "cancelled").
    own = client.post("/api/experiments", json={**BASE, "seed": 5}).json()["id"]
    sid = client.post("/api/sweeps", json={"base": BASE, "axes": {"seed": [5, 6]}}).json()["id"]
    prog = client.delete(f"/api/sweeps/{sid}").json()["progress"]
    assert prog["cancelled"] == 1 and prog["queued"] == 1
    assert client.get(f"/api/experiments/{own}").json()["status"] == "queued"


def test_results_cursor_validation_and_unknown_sweep(client, db):
    sid = client.post("/api/sweeps", json={"base": BASE, "axes": {"seed": [1]}}).json()["id"]
    r = client.get(f"/api/sweeps/{sid}/results", params={"cursor": "abc"})
    assert r.status_code == 422 and r.json()["error"]["field"] == "cursor"
    assert r.json()["error"]["code"] == "invalid_request"
    r = client.get(f"/api/sweeps/{sid}/results", params={"limit": 0})
    assert r.status_code == 422 and r.json()["error"]["field"] == "limit"
    assert r.json()["error"]["code"] == "invalid_request"
    assert client.get("/api/sweeps/" + "f" * 64).status_code == 404
    assert client.delete("/api/sweeps/" + "f" * 64).status_code == 404


CYCLE_BASE = {"seed": 4, "engine": "cycle", "topology": {"kind": "mesh", "dims": [4, 4]},
              "switch": {"cache": None, "buffer": {"organisation": "vc", "vcs": 2, "flits_per_vc": 4}},
              "traffic": {"injection": {"load": 0.1}},
              "sim": {"warmup_cycles": 300, "measure_cycles": 1500, "drain_cycles": 1500}}


def test_cycle_sweep_over_load_and_buffer_organisation_gives_the_latency_load_rows(client, db, workers, core):
    axes = {"traffic.injection.load": [0.05, 0.3, 0.6], "switch.buffer.organisation": ["vc", "input_fifo"]}
    r = client.post("/api/sweeps", json={"name": "latency-load", "base": CYCLE_BASE, "axes": axes})
    assert r.status_code == 202, r.text
    sid = r.json()["id"]
    workers.drain(concurrency=2)
    page = client.get(f"/api/sweeps/{sid}/results").json()
    names = [c["name"] for c in page["columns"]]
    units = {c["name"]: c["unit"] for c in page["columns"]}
    assert units["latency_cycles.packet.mean"] == "cycles"
    assert units["throughput.accepted"] == "flits/node/cycle"
    # A saturation-mode point's headline; latency-mode points have none.
    assert units["saturation.throughput"] == "flits/node/cycle"
    assert "cache.lookups" not in names  # route-walk columns only for route-walk sweeps
    assert len(page["rows"]) == 6
    for row in page["rows"]:
        rec = dict(zip(names, row))
        cfg = json.loads(json.dumps(CYCLE_BASE))
        cfg["traffic"]["injection"]["load"] = rec["traffic.injection.load"]
        cfg["switch"]["buffer"]["organisation"] = rec["switch.buffer.organisation"]
        want = direct_run(core, cfg)
        assert rec["status"] == "done", rec
        assert rec["latency_cycles.packet.mean"] == want["latency_cycles"]["packet"]["mean"]
        assert rec["throughput.accepted"] == want["throughput"]["accepted"]
        assert rec["saturated"] == want["saturated"]
        assert rec["saturation.throughput"] is None and "saturation" not in want
    by_org = {}
    for row in page["rows"]:
        rec = dict(zip(names, row))
        by_org.setdefault(rec["switch.buffer.organisation"], []).append(rec["latency_cycles.packet.mean"])
    for latencies in by_org.values():  # the latency-load curve rises with the offered load
        assert latencies == sorted(latencies), by_org


# A 4x4 torus of input FIFOs under wormhole DOR with 8-flit packets: its rings deadlock at load 1.0
# (nothing accepted, no latency); at 0.1 it runs.
TORUS_FIFO = {"engine": "cycle", "topology": {"kind": "torus", "dims": [4, 4]},
              "switch": {"cache": None, "buffer": {"organisation": "input_fifo", "flits_per_port": 8, "flow_control": "wormhole"}},
              "traffic": {"pattern": "uniform", "injection": {"load": 0.1}, "packet_flits": 8},
              "sim": {"warmup_cycles": 3000, "measure_cycles": 3000, "drain_cycles": 30000}}


def test_cycle_sweep_rows_say_which_points_deadlocked(client, db, workers, core):
    # The row carries the run's deadlock flag beside `saturated`.
    axes = {"traffic.injection.load": [0.1, 1.0]}
    r = client.post("/api/sweeps", json={"name": "deadlock", "base": TORUS_FIFO, "axes": axes})
    assert r.status_code == 202, r.text
    workers.drain(concurrency=2)
    page = client.get(f"/api/sweeps/{r.json()['id']}/results").json()
    names = [c["name"] for c in page["columns"]]
    assert names[names.index("saturated") + 1] == "deadlock"
    assert {c["name"]: c["unit"] for c in page["columns"]}["deadlock"] is None
    recs = [dict(zip(names, row)) for row in page["rows"]]
    for rec in recs:
        cfg = copy.deepcopy(TORUS_FIFO)
        cfg["traffic"]["injection"]["load"] = rec["traffic.injection.load"]
        assert rec["deadlock"] == direct_run(core, cfg)["deadlock"]
    assert [(rec["traffic.injection.load"], rec["deadlock"]) for rec in recs] == [(0.1, False), (1.0, True)]
    assert recs[1]["throughput.accepted"] == 0.0 and recs[1]["latency_cycles.packet.mean"] is None
