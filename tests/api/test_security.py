"""API token on write endpoints and CORS limited to the UI origin, on a live uvicorn configured
the way docker-compose runs it (SWITCHLAB_API_TOKEN and SWITCHLAB_CORS_ORIGINS set)."""

from __future__ import annotations

import json
import pathlib
import shutil
import tempfile

import httpx
import pytest
from conftest import TINY, LiveApi
from test_cli import run_cli

TOKEN = "s3cret-token-for-tests"
UI = "https://switchlab.lab.example"
EVIL = "https://evil.example"
SWEEP = {"name": "sec", "base": TINY, "axes": {"seed": [1, 2]}}
TRACE = b"0 init\n0 send 1 0 8\n1 init\n1 recv 0 0 8\n"  # an MPI trace of two ranks, one message


@pytest.fixture(scope="module")
def secured(database_url, core):
    log_dir = pathlib.Path(tempfile.mkdtemp(prefix="switchlab-secured-"))
    api = LiveApi(database_url, log_dir, {"SWITCHLAB_API_TOKEN": TOKEN, "SWITCHLAB_CORS_ORIGINS": UI,
                                          "SWITCHLAB_MAX_BODY_BYTES": "20000"})
    try:
        yield api
    finally:
        api.stop()
        shutil.rmtree(log_dir, ignore_errors=True)


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def count(db, table: str) -> int:
    return db.execute(f"SELECT count(*) AS n FROM {table}").fetchone()["n"]


UNAUTHORIZED = {"error": {"code": "unauthorized", "message": "a valid bearer token is required for writes",
                          "field": "Authorization", "allowed": "Bearer <token>"}}


@pytest.mark.parametrize("headers", [
    {}, auth("wrong"), auth(TOKEN + "x"), auth(TOKEN[:-1]), {"Authorization": TOKEN},
    {"Authorization": f"Basic {TOKEN}"}, {"Authorization": "Bearer"},
    {"Authorization": f"Bearer {TOKEN.upper()}"},
], ids=["none", "wrong", "longer", "shorter", "no-scheme", "basic", "scheme-only", "token-case"])
def test_writes_without_the_right_token_are_401_and_write_nothing(secured, db, headers):
    for method, path, body in [("POST", "/api/experiments", TINY), ("POST", "/api/sweeps", SWEEP),
                               # a bad body still gets 401: unauthenticated callers learn nothing
                               ("POST", "/api/experiments", {"switch": {"cache": {"ways": 3}}})]:
        r = httpx.request(method, secured.url + path, json=body, headers=headers)
        assert r.status_code == 401, (path, r.text)
        assert r.json() == UNAUTHORIZED
    r = httpx.post(f"{secured.url}/api/traces?name=t.txt", content=TRACE, headers=headers)  # a trace upload
    assert r.status_code == 401 and r.json() == UNAUTHORIZED
    for table in ("experiments", "runs", "sweeps", "traces", "procrastinate_jobs"):
        assert count(db, table) == 0, table


def test_the_right_token_writes_and_reads_need_none(secured, db):
    r = httpx.post(f"{secured.url}/api/experiments", json=TINY, headers=auth(TOKEN))
    assert r.status_code == 202, r.text
    exp_id = r.json()["id"]
    # The scheme is case-insensitive (RFC 7235); the token is not.
    r = httpx.post(f"{secured.url}/api/sweeps", json=SWEEP, headers={"Authorization": f"bearer {TOKEN}"})
    assert r.status_code == 202, r.text
    sid = r.json()["id"]
    assert httpx.get(f"{secured.url}/api/experiments/{exp_id}").status_code == 200
    assert httpx.get(f"{secured.url}/api/sweeps/{sid}").json()["status"] == "queued"
    assert httpx.get(f"{secured.url}/api/sweeps/{sid}/results").status_code == 200
    assert httpx.get(f"{secured.url}/api/health").status_code == 200

    r = httpx.post(f"{secured.url}/api/traces?name=t.txt", content=TRACE, headers=auth(TOKEN))
    assert r.status_code == 201, r.text
    assert httpx.get(f"{secured.url}{r.json()['files_href']}").json() == {"t.txt": TRACE.decode()}

    # DELETE (cancel) is a write too.
    r = httpx.delete(f"{secured.url}/api/sweeps/{sid}")
    assert r.status_code == 401 and r.json() == UNAUTHORIZED
    assert httpx.get(f"{secured.url}/api/sweeps/{sid}").json()["status"] == "queued"
    r = httpx.delete(f"{secured.url}/api/sweeps/{sid}", headers=auth(TOKEN))
    assert r.status_code == 200 and r.json()["status"] == "cancelled"


def test_token_is_off_by_default(live_api, db):
    r = httpx.post(f"{live_api.url}/api/experiments", json=TINY)
    assert r.status_code == 202, r.text
    assert count(db, "runs") == 1


def test_cli_sends_the_token_from_the_environment(secured, db, tmp_path):
    (tmp_path / "c.json").write_text(json.dumps(TINY))
    r = run_cli(secured.url, "experiment", "submit", str(tmp_path / "c.json"))
    assert r.returncode == 2 and r.stdout == ""
    assert "HTTP 401" in r.stderr and "set SWITCHLAB_API_TOKEN or pass --token" in r.stderr
    assert count(db, "experiments") == 0
    r = run_cli(secured.url, "experiment", "submit", str(tmp_path / "c.json"), token=TOKEN)
    assert r.returncode == 0, r.stderr
    assert count(db, "experiments") == 1


def test_cors_preflight_only_for_the_ui_origin(secured):
    ask = {"Access-Control-Request-Method": "POST", "Access-Control-Request-Headers": "authorization, content-type"}
    ok = httpx.options(f"{secured.url}/api/sweeps", headers={"Origin": UI, **ask})
    assert ok.status_code == 200
    assert ok.headers["access-control-allow-origin"] == UI  # the origin itself, never "*"
    assert ok.headers["access-control-allow-methods"] == "GET, POST, DELETE"
    assert ok.headers["access-control-allow-headers"] == "Accept, Accept-Language, Authorization, Content-Language, Content-Type"
    assert "access-control-allow-credentials" not in ok.headers

    evil = httpx.options(f"{secured.url}/api/sweeps", headers={"Origin": EVIL, **ask})
    assert evil.status_code == 400 and "access-control-allow-origin" not in evil.headers
    assert evil.json() == {"error": {"code": "bad_request", "message": "Disallowed CORS origin", "field": "Origin",
                                     "allowed": None}}
    put = httpx.options(f"{secured.url}/api/sweeps", headers={"Origin": UI, "Access-Control-Request-Method": "PUT"})
    assert put.status_code == 400 and put.json() == {"error": {
        "code": "bad_request", "message": "Disallowed CORS method", "field": "Access-Control-Request-Method",
        "allowed": "GET, POST, DELETE"}}


def test_cors_headers_on_answers_only_for_the_ui_origin(secured, db):
    sid_resp = httpx.post(f"{secured.url}/api/sweeps", json=SWEEP, headers={**auth(TOKEN), "Origin": UI})
    assert sid_resp.status_code == 202
    assert sid_resp.headers["access-control-allow-origin"] == UI
    assert sid_resp.headers["access-control-expose-headers"] == "Location, X-Next-Cursor"
    assert sid_resp.headers["vary"] == "Origin"
    sid = sid_resp.json()["id"]

    r = httpx.get(f"{secured.url}/api/sweeps/{sid}", headers={"Origin": EVIL})
    assert r.status_code == 200 and "access-control-allow-origin" not in r.headers
    # Errors carry CORS headers too, so the UI can read them: 401 and 413 (the size limit
    # sits inside the CORS middleware).
    r = httpx.post(f"{secured.url}/api/sweeps", json=SWEEP, headers={"Origin": UI})
    assert r.status_code == 401 and r.headers["access-control-allow-origin"] == UI
    big = {**SWEEP, "name": "x" * 30_000}
    r = httpx.post(f"{secured.url}/api/sweeps", json=big, headers={**auth(TOKEN), "Origin": UI})
    assert r.status_code == 413 and r.headers["access-control-allow-origin"] == UI
    assert r.json() == {"error": {"code": "payload_too_large", "message": "request body larger than 20000 bytes",
                                  "field": "body", "allowed": "at most 20000 bytes (SWITCHLAB_MAX_BODY_BYTES)"}}


def test_default_cors_origins_are_the_dev_ui(live_api):
    for origin, allowed in [("http://127.0.0.1:5173", True), ("http://localhost:5173", True),
                            ("http://127.0.0.1:5174", False), (EVIL, False)]:
        r = httpx.get(f"{live_api.url}/api/health", headers={"Origin": origin})
        assert r.headers.get("access-control-allow-origin") == (origin if allowed else None), origin


def _serve(args: list[str], env: dict[str, str], database_url: str, log: pathlib.Path):
    import subprocess

    import stack
    from conftest import ENGINE_PATH, ROOT

    child = stack.child_env(database_url, {"SWITCHLAB_ENGINE_PATH": ENGINE_PATH, **env})
    for key in ("SWITCHLAB_API_TOKEN", "SWITCHLAB_INSECURE_OPEN"):
        if key not in env:
            child.pop(key, None)
    return subprocess.Popen([stack.project_python(), "-m", *args], env=child, cwd=ROOT,
                            stdout=open(log, "ab"), stderr=subprocess.STDOUT, start_new_session=True)


def _lan_address() -> str | None:
    import socket

    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            s.connect(("192.0.2.1", 9))  # no packet is sent: this only picks the outgoing address
            addr = s.getsockname()[0]
        except OSError:
            return None
    return None if addr.startswith("127.") else addr


def test_refuses_to_start_on_a_network_address_without_a_token(database_url, tmp_path):
    import stack

    port = str(stack.free_port())
    proc = _serve(["switchlab_api", "--host", "0.0.0.0", "--port", port], {}, database_url, tmp_path / "api.log")
    assert proc.wait(60) == 2
    assert ("refusing to serve 0.0.0.0 without a write token: set SWITCHLAB_API_TOKEN, or start with "
            "--insecure-open") in (tmp_path / "api.log").read_text()


@pytest.mark.parametrize("args,env", [(["--insecure-open"], {}), ([], {"SWITCHLAB_API_TOKEN": TOKEN})],
                         ids=["insecure-open", "token"])
def test_starts_on_a_network_address_when_told_or_protected(database_url, tmp_path, args, env):
    import stack

    lan = _lan_address()
    if lan is None:
        pytest.skip("this machine has no non-loopback IPv4 address")
    port = stack.free_port()
    proc = _serve(["switchlab_api", "--host", "0.0.0.0", "--port", str(port), *args], env, database_url,
                  tmp_path / "api.log")
    try:
        stack.wait_healthy(f"http://{lan}:{port}", [proc], timeout=60)
    finally:
        stack.stop_process(proc)


def test_uvicorn_by_hand_on_0_0_0_0_without_token_answers_403_off_loopback(database_url, tmp_path):
    import stack

    lan = _lan_address()
    if lan is None:
        pytest.skip("this machine has no non-loopback IPv4 address")
    port = stack.free_port()
    proc = _serve(["uvicorn", "switchlab_api.main:app", "--host", "0.0.0.0", "--port", str(port)], {},
                  database_url, tmp_path / "api.log")
    try:
        stack.wait_healthy(f"http://127.0.0.1:{port}", [proc], timeout=60)  # loopback is served
        r = httpx.post(f"http://{lan}:{port}/api/experiments", json=TINY)
        assert r.status_code == 403
        assert r.json()["error"]["code"] == "forbidden"
        assert r.json()["error"]["message"].startswith("this server has no write token and answers only on loopback")
        assert httpx.get(f"http://{lan}:{port}/api/health").status_code == 403
    finally:
        stack.stop_process(proc)


READ_TOKEN = "read-only-token-for-tests"


@pytest.fixture(scope="module")
def private(database_url, core):
    log_dir = pathlib.Path(tempfile.mkdtemp(prefix="switchlab-private-"))
    api = LiveApi(database_url, log_dir, {"SWITCHLAB_API_TOKEN": TOKEN, "SWITCHLAB_READ_TOKEN": READ_TOKEN})
    try:
        yield api
    finally:
        api.stop()
        shutil.rmtree(log_dir, ignore_errors=True)


@pytest.mark.parametrize("path", ["/api/schema", "/api/presets", "/api/experiments", "/api/sweeps",
                                  "/api/experiments/" + "a" * 64,
                                  "/api/sweeps/" + "b" * 64, "/api/openapi.json", "/api/nope"])
def test_read_token_guards_every_read_but_health(private, db, path):
    r = httpx.get(private.url + path)
    assert r.status_code == 401
    assert r.json() == {"error": {"code": "unauthorized", "message": "a valid bearer token is required for "
                                  "reading this server", "field": "Authorization", "allowed": "Bearer <token>"}}
    assert r.headers["www-authenticate"] == "Bearer"
    assert httpx.get(private.url + path, headers=auth("wrong")).status_code == 401
    for token in (READ_TOKEN, TOKEN):  # the write token reads too
        assert httpx.get(private.url + path, headers=auth(token)).status_code not in (401, 403)
    assert httpx.get(private.url + "/api/health").status_code == 200


def test_read_token_does_not_write(private, db):
    r = httpx.post(private.url + "/api/experiments", json=TINY, headers=auth(READ_TOKEN))
    assert r.status_code == 401 and count(db, "experiments") == 0
    r = httpx.post(private.url + "/api/experiments", json=TINY, headers=auth(TOKEN))
    assert r.status_code == 202
    eid = r.json()["id"]
    assert httpx.get(f"{private.url}/api/experiments/{eid}", headers=auth(READ_TOKEN)).json()["id"] == eid
