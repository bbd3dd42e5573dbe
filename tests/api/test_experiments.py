from __future__ import annotations

import json

import pytest
from conftest import EXAMPLES, TINY, direct_run, strip_timing


def test_health_reports_db_and_engine(client, core):
    r = client.get("/api/health")
    assert r.status_code == 200
    assert r.json() == {"status": "ok", "db": "ok", "engine_version": core.engine_version()}


def test_experiment_round_trip_through_a_real_worker(client, db, workers, core):
    r = client.post("/api/experiments", json=TINY)
    assert r.status_code == 202, r.text
    body = r.json()
    expected_id = core.config_hash(json.dumps(TINY))
    assert body["id"] == expected_id
    assert body["status"] == "queued"
    assert r.headers["location"] == f"/api/experiments/{expected_id}" == body["location"]
    # Stored and enqueued together.
    assert db.execute("SELECT count(*) AS n FROM procrastinate_jobs WHERE status = 'todo'").fetchone()["n"] == 1
    assert client.get(f"/api/experiments/{expected_id}").json()["status"] == "queued"

    workers.drain()

    got = client.get(f"/api/experiments/{expected_id[:24]}")  # the shortest prefix accepted (96 bits)
    assert got.status_code == 200
    exp = got.json()
    assert exp["id"] == expected_id and exp["status"] == "done" and exp["error"] is None
    assert exp["attempts"] == 1 and exp["worker"] == "oneshot"
    want = direct_run(core, TINY)
    assert strip_timing(exp["result"]) == strip_timing(want)
    assert exp["result"]["cache"]["lookups"] == want["cache"]["lookups"] > 0
    assert exp["result"]["config_hash"] == expected_id

    rows = db.execute("SELECT * FROM runs WHERE experiment_id = %s", (expected_id,)).fetchall()
    assert len(rows) == 1
    row = rows[0]
    assert row["status"] == "done"
    assert row["lookups"] == want["cache"]["lookups"]
    assert row["hits"] == want["cache"]["hits"]
    assert row["hit_rate"] == want["cache"]["hit_rate"]
    assert strip_timing(row["result"]) == strip_timing(want)

    # Posting the same config again returns the stored result and enqueues nothing.
    again = client.post("/api/experiments", json=TINY)
    assert again.status_code == 200
    assert again.json()["result"]["cache"]["hits"] == want["cache"]["hits"]
    assert db.execute("SELECT count(*) AS n FROM procrastinate_jobs WHERE task_name LIKE '%%run%%'"
                      " AND status = 'todo'").fetchone()["n"] == 0


def test_a_retried_job_never_writes_a_second_result(client, db, workers, core):
    exp_id = client.post("/api/experiments", json=TINY).json()["id"]
    workers.drain()
    before = db.execute("SELECT finished_at, result FROM runs WHERE experiment_id = %s", (exp_id,)).fetchone()
    # Re-run the very same job id, as procrastinate does after a crash.
    job_id = db.execute("SELECT job_id FROM runs WHERE experiment_id = %s", (exp_id,)).fetchone()["job_id"]
    db.execute(
        "INSERT INTO procrastinate_jobs (id, queue_name, task_name, args, status)"
        " VALUES (%s, 'runs', 'switchlab.run_experiment', %s, 'todo')",
        (job_id, json.dumps({"experiment_id": exp_id})),
    )
    workers.drain()
    after = db.execute("SELECT count(*) AS n, max(finished_at) AS f, max(attempts) AS a FROM runs").fetchone()
    assert after["n"] == 1 and after["f"] == before["finished_at"] and after["a"] == 1


def test_bad_config_is_422_naming_the_field_and_writes_nothing(client, db):
    bad = json.loads((EXAMPLES / "invalid" / "bad-ways.json").read_text())["config"]
    r = client.post("/api/experiments", json=bad)
    assert r.status_code == 422
    err = r.json()["error"]
    assert err["code"] == "invalid_config" and err["field"] == "switch.cache.ways"
    assert err["message"] and err["allowed"]
    assert "Traceback" not in r.text
    for table in ("experiments", "runs", "procrastinate_jobs"):
        assert db.execute(f"SELECT count(*) AS n FROM {table}").fetchone()["n"] == 0


@pytest.mark.parametrize("body", ["[1, 2]", "42"])
def test_non_object_bodies_are_422(client, body):
    r = client.post("/api/experiments", content=body, headers={"content-type": "application/json"})
    assert r.status_code == 422
    assert r.json()["error"]["code"] == "invalid_config" and r.json()["error"]["message"]


def test_every_shipped_example_is_accepted(client, db, core):
    good = sorted(EXAMPLES.glob("*.json"))
    assert len(good) >= 10
    for path in good:
        config = json.loads(path.read_text())["config"]
        r = client.post("/api/experiments", json=config)
        assert r.status_code == 202, (path.name, r.text)
        assert r.json()["id"] == core.config_hash(json.dumps(config))
    assert db.execute("SELECT count(*) AS n FROM runs WHERE status = 'queued'").fetchone()["n"] == len(good)


def test_ids_unknown_malformed_and_prefixes(client, db):
    assert client.get("/api/experiments/" + "0" * 64).status_code == 404
    r = client.get("/api/experiments/xyz")
    assert r.status_code == 422 and r.json()["error"]["field"] == "id"
    # Short prefixes resolve to the right one of two experiments.
    ids = [client.post("/api/experiments", json={**TINY, "seed": s}).json()["id"] for s in (1, 2)]
    for i in ids:
        assert client.get(f"/api/experiments/{i[:24]}").json()["id"] == i


def test_presence_is_200_absent_for_an_unknown_experiment(client, db):
    """The explorer asks whether an SMPI twin run exists: `absent` is an answer, not a 404."""
    unknown = "ab" * 32
    r = client.get(f"/api/experiments/{unknown}/presence")
    assert (r.status_code, r.json()) == (200, {"id": unknown, "status": "absent"})
    r = client.get("/api/experiments/xyz/presence")
    assert r.status_code == 422 and r.json()["error"]["field"] == "id"
    exp_id = client.post("/api/experiments", json=TINY).json()["id"]
    r = client.get(f"/api/experiments/{exp_id[:24]}/presence")
    assert r.status_code == 200 and r.json()["id"] == exp_id and r.json()["status"] in ("queued", "running", "done")


def test_request_body_limit(client):
    r = client.post("/api/experiments", content=b"{" + b" " * 2_000_000 + b"}",
                    headers={"content-type": "application/json"})
    assert r.status_code == 413
    assert r.json()["error"] == {"code": "payload_too_large", "message": "request body larger than 1000000 bytes",
                                 "field": "body", "allowed": "at most 1000000 bytes (SWITCHLAB_MAX_BODY_BYTES)"}


def test_openapi_has_stable_operation_ids(client):
    spec = client.get("/api/openapi.json").json()
    ops = {op["operationId"] for path in spec["paths"].values() for op in path.values()}
    assert {"getHealth", "createExperiment", "getExperiment", "createSweep", "getSweep",
            "getSweepResults", "cancelSweep", "getSchema", "listPresets"} <= ops


def test_presets_are_the_example_catalogue(client, core):
    presets = client.get("/api/presets").json()
    files = sorted(EXAMPLES.glob("*.json"))
    assert [p["id"] for p in presets] == [f.stem for f in files]
    for p, f in zip(presets, files):
        example = json.loads(f.read_text())
        assert p["error"] is None, p
        assert p["experiment_id"] == json.loads(core.prepare(json.dumps(example["config"])))["id"]
        assert {k: p[k] for k in ("title", "description", "source", "config", "browser")} == \
            {k: example[k] for k in ("title", "description", "source", "config", "browser")}
        # Published values pass through with the optional keys' defaults filled in.
        defaults = {"path": None, "source": None, "note": None, "check": True, "variant": None, "simulated_path": None, "when": None,
                    "beside": None, "baseline": None, "benchmark": None}
        assert p["published"] == [{**defaults, **v} for v in example.get("published", [])]
        assert p["compare"] == example.get("compare")
    assert any(p["published"] for p in presets)
    assert any(p["compare"] for p in presets)


def test_schema_is_the_engine_schema(client, core):
    r = client.get("/api/schema")
    assert r.status_code == 200 and r.json() == json.loads(core.schema())
