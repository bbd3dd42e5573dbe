"""Every error status answers in the one envelope {"error": {code, message, field, allowed}}
(docs/api.md, Errors); each status is provoked for real, nothing is mocked."""

from __future__ import annotations

import json
import time

import httpx
import pytest
import stack
from conftest import ENGINE_PATH, EXAMPLES, TINY

KEYS = {"code", "message", "field", "allowed"}


def envelope(r: httpx.Response, status: int, code: str) -> dict:
    assert r.status_code == status, r.text
    assert r.headers["content-type"] == "application/json"
    body = r.json()
    assert set(body) == {"error"} and KEYS <= set(body["error"]), body
    assert body["error"]["code"] == code and body["error"]["message"], body
    assert "Traceback" not in r.text
    return body["error"]


def test_400_unparseable_json_names_the_body(client, db):
    err = envelope(client.post("/api/experiments", content=b'{"seed": ', headers={"content-type": "application/json"}),
                   400, "bad_request")
    assert err["field"] == "body" and err["message"].startswith("invalid JSON at position 9")
    assert err["allowed"] == "a JSON document (Content-Type: application/json)"


def test_400_a_body_python_cannot_read_says_why(client, db):
    # Each was "could not be parsed as JSON (malformed or nested too deeply)", which sent the
    # sender looking for a syntax error in a body that has none.
    for body, message in [
        ('{"name": "caf\xe9"}'.encode("latin-1"), "is not UTF-8 text (byte 13: invalid continuation byte)"),
        (b'{"seed": 1' + b"0" * 5000 + b"}", "holds an integer of more than 4300 digits"),
        (b"[" * 100_000 + b"]" * 100_000, "nests arrays/objects too deeply to be parsed"),
    ]:
        err = envelope(client.post("/api/sweeps", content=body, headers={"content-type": "application/json"}),
                       400, "bad_request")
        assert err == {"code": "bad_request", "message": message, "field": "body",
                       "allowed": "a JSON document (Content-Type: application/json)"}, err
    assert db.execute("SELECT count(*) AS n FROM sweeps").fetchone()["n"] == 0


def test_404_unknown_id_and_unknown_endpoint(client, db):
    err = envelope(client.get("/api/experiments/" + "0" * 64), 404, "not_found")
    assert err == {"code": "not_found", "message": "no experiment with id " + "0" * 64, "field": "id", "allowed": None}
    err = envelope(client.get("/api/nope"), 404, "not_found")
    assert err == {"code": "not_found", "message": "no such endpoint: /api/nope", "field": None, "allowed": None}


def test_405_names_the_allowed_methods(client):
    r = client.put("/api/experiments", json=TINY)
    err = envelope(r, 405, "method_not_allowed")
    assert err["allowed"] == r.headers["allow"] == "POST"
    assert err["message"] == "PUT is not allowed on /api/experiments"


def test_409_ambiguous_prefix(client, db):
    # Two stored experiments whose ids share 24 characters (ids are sha256: written directly).
    for suffix in ("0", "1"):
        db.execute("INSERT INTO experiments (id, config, canonical, engine_version) VALUES (%s, '{}', '{}', 'x')",
                   ("abcdef" * 4 + suffix * 40,))
    err = envelope(client.get("/api/experiments/" + "abcdef" * 4), 409, "conflict")
    assert err["field"] == "id" and "ambiguous" in err["message"]


@pytest.mark.parametrize("content_type", ["text/plain", "application/x-www-form-urlencoded", None])
def test_415_a_body_that_is_not_declared_json(client, db, content_type):
    headers = {"content-type": content_type} if content_type else {}
    r = client.post("/api/experiments", content=json.dumps(TINY).encode(), headers=headers)
    err = envelope(r, 415, "unsupported_media_type")
    assert err["field"] == "Content-Type" and err["allowed"] == "application/json"
    assert db.execute("SELECT count(*) AS n FROM experiments").fetchone()["n"] == 0


def test_422_core_error_carries_field_and_allowed(client, db, core):
    bad = {**TINY, "switch": {"cache": {"entries": 64, "ways": 3}}}
    want = json.loads(core.prepare(json.dumps(bad)))["error"]
    err = envelope(client.post("/api/experiments", json=bad), 422, "invalid_config")
    assert err == {"code": "invalid_config", "message": want["message"], "field": "switch.cache.ways",
                   "allowed": want["allowed"]}
    err = envelope(client.get("/api/experiments/xyz"), 422, "invalid_request")
    assert err == {"code": "invalid_request", "message": "not an id", "field": "id",
                   "allowed": "24 to 64 hex characters"}


@pytest.mark.parametrize("sampling", [0, 3, 8192])
def test_422_classify_sampling_names_the_field_and_its_range(client, db, sampling):
    bad = {**TINY, "switch": {"cache": {"entries": 64, "ways": 4, "classify_sampling": sampling}}}
    err = envelope(client.post("/api/experiments", json=bad), 422, "invalid_config")
    assert err["field"] == "switch.cache.classify_sampling" and "[1, 4096]" in err["allowed"], err
    assert db.execute("SELECT count(*) AS n FROM experiments").fetchone()["n"] == 0


def test_422_server_caps_are_checked_against_the_core_summary(client, db, core):
    from switchlab_api.settings import get_settings

    cap = get_settings().max_nodes
    side = round(cap ** (1 / 3)) + 1  # a 3-D torus just over the node cap (and within the core's limit)
    big = {**TINY, "topology": {"kind": "torus", "dims": [side, side, side]}}
    summary = json.loads(core.prepare(json.dumps(big)))["summary"]
    assert summary["nodes"] == side ** 3 > cap
    err = envelope(client.post("/api/experiments", json=big), 422, "invalid_config")
    assert err["field"] == "topology"
    assert err["message"] == (f"the run needs ~{side ** 3:,} nodes (nodes); this server allows "
                              f"{cap:,} nodes (SWITCHLAB_MAX_NODES)")
    assert err["allowed"] == f"at most {cap:,} nodes per run (SWITCHLAB_MAX_NODES)"


def test_500_answers_the_envelope_and_logs_the_traceback(client, db, caplog):
    from fastapi.testclient import TestClient

    # A run row whose error is not an error object cannot be answered as an ExperimentOut.
    exp_id = "e" * 64
    db.execute("INSERT INTO experiments (id, config, canonical, engine_version) VALUES (%s, '{}', '{}', 'x')", (exp_id,))
    db.execute("INSERT INTO runs (experiment_id, status, error) VALUES (%s, 'failed', '[1, 2]')", (exp_id,))
    # Same app as `client` (whose lifespan holds the pool open), but answering 500s instead of raising.
    quiet = TestClient(client.app, raise_server_exceptions=False)
    err = envelope(quiet.get(f"/api/experiments/{exp_id}"), 500, "internal")
    assert err == {"code": "internal", "message": "internal error", "field": None, "allowed": None}
    assert "Traceback" in caplog.text


def test_413_for_a_chunked_body_too(live_api):
    chunks = (b" " * 100_000 for _ in range(15))  # no Content-Length: counted as it streams in
    err = envelope(httpx.post(f"{live_api.url}/api/experiments", content=chunks,
                              headers={"content-type": "application/json"}), 413, "payload_too_large")
    assert err["field"] == "body"


def test_503_when_the_database_is_down(tmp_path):
    port = stack.free_port()
    proc = stack.start_api(f"postgresql://postgres@127.0.0.1:{stack.free_port()}/none", port, tmp_path,
                           extra_env={"SWITCHLAB_ENGINE_PATH": ENGINE_PATH})
    try:
        url = f"http://127.0.0.1:{port}"
        deadline = time.time() + 60
        while True:
            try:
                health = httpx.get(f"{url}/api/health", timeout=10)
                break
            except httpx.TransportError:
                assert time.time() < deadline and proc.poll() is None, stack.api_log(tmp_path, port).read_text()
                time.sleep(0.3)
        err = envelope(health, 503, "unavailable")
        assert err["message"] == "database unavailable: Connection refused"
        err = envelope(httpx.get(f"{url}/api/sweeps/{'abcdef' * 4}", timeout=30), 503, "unavailable")
        assert err["message"] == "database unavailable, retry later"
    finally:
        stack.stop_process(proc)
    assert "Traceback" not in stack.api_log(tmp_path, port).read_text()


def test_every_error_answer_is_declared_with_the_envelope(client):
    spec = client.get("/api/openapi.json").json()
    ref = "#/components/schemas/ErrorResponse"
    for path, ops in spec["paths"].items():
        for method, op in ops.items():
            errors = {s: r for s, r in op["responses"].items() if s >= "400"}
            assert {"500", "503"} <= set(errors), (method, path)
            for status, resp in errors.items():
                assert resp["content"]["application/json"]["schema"] == {"$ref": ref}, (method, path, status)
    assert "HTTPValidationError" not in spec["components"]["schemas"]


def _capped(database_url, tmp_path, env: dict[str, str], config: dict) -> dict:
    """The error a live API with the cap `env` gives for `config`."""
    from conftest import LiveApi

    api = LiveApi(database_url, tmp_path, env)
    try:
        return envelope(httpx.post(f"{api.url}/api/experiments", json=config), 422, "invalid_config")
    finally:
        api.stop()


def test_422_memory_cap_says_what_the_run_needs_and_what_this_server_allows(database_url, core, tmp_path):
    big = {**TINY, "topology": {"kind": "torus", "dims": [32, 32, 32]},
           "switch": {"cache": {"entries": 2048, "ways": 4}}}
    need = json.loads(core.prepare(json.dumps(big)))["summary"]["memory_bytes"]
    err = _capped(database_url, tmp_path, {"SWITCHLAB_MAX_MEMORY_BYTES": "100000000"}, big)
    assert err["field"] == "topology"
    assert err["message"] == (f"the run needs ~{need / 1e9:,.2f} GB (memory_bytes); this server allows "
                              "0.10 GB (SWITCHLAB_MAX_MEMORY_BYTES)")
    assert err["allowed"] == "at most 0.10 GB per run (SWITCHLAB_MAX_MEMORY_BYTES)"


def test_422_cycle_engine_is_capped_by_its_flit_hops(database_url, core, tmp_path):
    config = json.loads((EXAMPLES / "booksim-mesh-8x8-cycle.json").read_text())["config"]
    need = json.loads(core.prepare(json.dumps(config)))["summary"]["flit_hops"]
    err = _capped(database_url, tmp_path, {"SWITCHLAB_MAX_FLIT_HOPS": "1000"}, config)
    assert err["field"] == "sim.measure_cycles"
    assert err["message"] == (f"the run needs ~{need:,.0f} flit-hops (flit_hops); this server allows "
                              "1,000 flit-hops (SWITCHLAB_MAX_FLIT_HOPS)")
    assert err["allowed"] == "at most 1,000 flit-hops per run (SWITCHLAB_MAX_FLIT_HOPS)"
