"""Regression tests of the HTTP findings of the hardening review (docs/security.md): each test
sends the original request that misbehaved and checks the answer is the documented one."""

from __future__ import annotations

import json
import pathlib
import shutil
import tempfile

import httpx
import pytest
from conftest import TINY, LiveApi
from test_errors import KEYS, envelope


@pytest.fixture(scope="module")
def with_ui(database_url, core):
    """A live API serving a (minimal) built UI folder, as `make run` does with frontend/dist."""
    base = pathlib.Path(tempfile.mkdtemp(prefix="switchlab-ui-"))
    (base / "ui").mkdir()
    (base / "ui" / "index.html").write_text("<!doctype html><title>SwitchLab</title>")
    api = LiveApi(database_url, base / "logs", {"SWITCHLAB_UI_DIR": str(base / "ui")})
    try:
        yield api
    finally:
        api.stop()
        shutil.rmtree(base, ignore_errors=True)


@pytest.mark.parametrize("path", ["/%00", "/e/%00", "/s/ab%00cd", "/assets/%00.js", "/" + "a" * 300,
                                  "/e/" + "b" * 300 + "/x"],
                         ids=["nul", "nul-experiment-page", "nul-sweep-page", "nul-asset", "name-too-long",
                              "name-too-long-under-e"])
def test_d1_ui_paths_with_nul_or_unstorable_names_are_404(with_ui, path):
    r = httpx.get(with_ui.url + path)
    if path.startswith("/e/") and "%00" not in path:
        # A page route: the UI shell answers, the page itself reports the unknown id.
        assert r.status_code == 200 and "SwitchLab" in r.text
    else:
        err = envelope(r, 404, "not_found")
        assert err["message"].startswith("no such page or file: /")
    assert "Traceback" not in with_ui.log.read_text()


def test_d1_ui_still_serves_its_pages(with_ui):
    for path in ("/", "/index.html", "/e/" + "a" * 64, "/s/" + "b" * 64):
        r = httpx.get(with_ui.url + path)
        assert r.status_code == 200 and "<title>SwitchLab</title>" in r.text, path
    envelope(httpx.get(with_ui.url + "/nope.js"), 404, "not_found")
    envelope(httpx.get(with_ui.url + "/../../etc/passwd"), 404, "not_found")


def test_d4_chunked_body_over_the_limit_is_413_not_422(live_api, db):
    # A well-formed JSON document of ~2 MB sent chunked (no Content-Length).
    doc = json.dumps({**TINY, "name": "x" * 2_000_000}).encode()
    chunks = (doc[i:i + 65536] for i in range(0, len(doc), 65536))
    r = httpx.post(f"{live_api.url}/api/experiments", content=chunks, headers={"content-type": "application/json"})
    err = envelope(r, 413, "payload_too_large")
    assert err == {"code": "payload_too_large", "message": "request body larger than 1000000 bytes",
                   "field": "body", "allowed": "at most 1000000 bytes (SWITCHLAB_MAX_BODY_BYTES)"}
    assert db.execute("SELECT count(*) AS n FROM experiments").fetchone()["n"] == 0


@pytest.mark.parametrize("content_type,chunked", [("text/plain", False), ("text/plain", True), (None, True),
                                                  ("multipart/form-data; boundary=x", False)],
                         ids=["text", "text-chunked", "none-chunked", "multipart"])
def test_d5_wrong_content_type_is_a_clear_415(live_api, db, content_type, chunked):
    body = json.dumps(TINY).encode()
    headers = {"content-type": content_type} if content_type else {}
    r = httpx.post(f"{live_api.url}/api/experiments", content=iter([body]) if chunked else body, headers=headers)
    err = envelope(r, 415, "unsupported_media_type")
    got = f"Content-Type {content_type.split(';')[0]}" if content_type else "no Content-Type"
    assert err == {"code": "unsupported_media_type", "field": "Content-Type", "allowed": "application/json",
                   "message": f"the request body must be JSON sent as Content-Type: application/json ({got} was sent)"}
    assert db.execute("SELECT count(*) AS n FROM experiments").fetchone()["n"] == 0


def test_d6_404_413_422_500_share_the_envelope(live_api, with_ui, client, db):
    from fastapi.testclient import TestClient

    url = live_api.url
    answers = {
        404: httpx.get(f"{url}/api/experiments/{'0' * 64}"),
        413: httpx.post(f"{url}/api/experiments", content=b" " * 1_000_001, headers={"content-type": "application/json"}),
        422: httpx.post(f"{url}/api/experiments", json={**TINY, "switch": {"cache": {"ways": 3}}}),
    }
    ui_404 = httpx.get(f"{with_ui.url}/%00")
    shapes = {status: set(envelope(r, status, code)) for (status, r), code in
              zip(answers.items(), ("not_found", "payload_too_large", "invalid_config"))}
    shapes["ui-404"] = set(envelope(ui_404, 404, "not_found"))
    # A 500 for real: a run row whose error is not an error object cannot be answered.
    db.execute("INSERT INTO experiments (id, config, canonical, engine_version) VALUES (%s, '{}', '{}', 'x')", ("e" * 64,))
    db.execute("INSERT INTO runs (experiment_id, status, error) VALUES (%s, 'failed', '[1]')", ("e" * 64,))
    quiet = TestClient(client.app, raise_server_exceptions=False)
    shapes[500] = set(envelope(quiet.get("/api/experiments/" + "e" * 64), 500, "internal"))
    assert all(keys == KEYS for keys in shapes.values()), shapes
