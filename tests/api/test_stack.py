"""scripts/stack.py end to end: twice on one state dir, UI serving, exit code of CMD, cleanup."""

from __future__ import annotations

import os
import shutil
import tempfile
import pathlib
import subprocess
import sys
import textwrap

import stack
from conftest import ENGINE_PATH, ROOT

import pytest

# `make check` leaves this out (slow: whole stacks started and stopped); `make test` runs it.
pytestmark = pytest.mark.slow

CHECK = textwrap.dedent("""
    import json, os, sys, urllib.request, urllib.error
    u = os.environ["SWITCHLAB_URL"]
    def get(p):
        try:
            with urllib.request.urlopen(u + p) as r:
                return r.status, r.read().decode()
        except urllib.error.HTTPError as e:
            return e.code, e.read().decode()
    assert json.loads(get("/api/health")[1])["db"] == "ok"
    assert get("/") == (200, "<html>ui</html>")
    assert get("/e/abc123") == (200, "<html>ui</html>")      # SPA fallback
    assert get("/s/abc123") == (200, "<html>ui</html>")
    assert get("/assets/app.js") == (200, "console.log(1)")
    assert get("/api/nope")[0] == 404
    assert get("/../../etc/passwd")[0] == 404
    sys.exit(int(sys.argv[1]))
""")


def run_stack(state: pathlib.Path, ui: pathlib.Path, code: int) -> subprocess.CompletedProcess:
    pg_port, api_port = stack.free_port(), stack.free_port()
    return subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "stack.py"), "--state-dir", str(state),
         "--pg-port", str(pg_port), "--api-port", str(api_port), "--ui-dir", str(ui),
         "--", sys.executable, "-c", CHECK, str(code)],
        env=dict(os.environ, SWITCHLAB_ENGINE_PATH=ENGINE_PATH), capture_output=True, text=True,
        timeout=300,
    ), pg_port, api_port


def test_stack_runs_twice_and_returns_the_command_exit_code():
    # Not pytest's tmp_path: its parents are 0700 and the postgres user must reach the data dir.
    tmp_path = pathlib.Path(tempfile.mkdtemp(prefix="switchlab-stack-"))
    os.chmod(tmp_path, 0o755)
    try:
        _check_twice(tmp_path)
    finally:
        shutil.rmtree(tmp_path, ignore_errors=True)


def _check_twice(tmp_path: pathlib.Path) -> None:
    state = tmp_path / "state"
    ui = tmp_path / "dist"
    (ui / "assets").mkdir(parents=True)
    (ui / "index.html").write_text("<html>ui</html>")
    (ui / "assets" / "app.js").write_text("console.log(1)")

    first, pg_port, api_port = run_stack(state, ui, 3)
    assert first.returncode == 3, first.stdout + first.stderr
    assert "SwitchLab is up" in first.stdout
    assert stack.port_free(pg_port) and stack.port_free(api_port)  # everything stopped

    second, pg_port, api_port = run_stack(state, ui, 0)  # same state dir: no second initdb
    assert second.returncode == 0, second.stdout + second.stderr
    assert "migrations: up to date" in second.stdout
    assert not (state / "pgdata" / "postmaster.pid").exists()


RESTART = textwrap.dedent("""
    import json, os, signal, sys, time, urllib.request, urllib.error
    import psycopg
    u = os.environ["SWITCHLAB_URL"]
    def call(p, body=None):
        req = urllib.request.Request(u + p, data=None if body is None else json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(req, timeout=10) as r:
                return r.status, json.loads(r.read())
        except urllib.error.HTTPError as e:
            return e.code, json.loads(e.read())
        except OSError as e:
            return 0, str(e)
    def wait(pred, what):
        for _ in range(600):
            if pred():
                return
            time.sleep(0.1)
        sys.exit(f"timed out waiting for {what}")
    with psycopg.connect(os.environ["DATABASE_URL"]) as c:
        data = c.execute("SHOW data_directory").fetchone()[0]
    pid = int(open(os.path.join(data, "postmaster.pid")).read().split()[0])
    os.kill(pid, signal.SIGKILL)  # Postgres dies (a crash, an OOM kill)
    def postmaster():
        try:
            return int(open(os.path.join(data, "postmaster.pid")).read().split()[0])
        except (OSError, ValueError, IndexError):
            return None
    wait(lambda: postmaster() not in (None, pid), "a new postmaster")
    wait(lambda: call("/api/health")[0] == 200, "health 200 after the stack restarted Postgres")
    status, body = call("/api/experiments", {"topology": {"kind": "torus", "dims": [3, 3]},
                                             "traffic": {"pattern": "uniform", "packets": 100}})
    assert status in (200, 202), body
    wait(lambda: call(body["location"])[1].get("status") == "done", "the experiment done by the stack's worker")
""")


def test_d8_stack_restarts_postgres_instead_of_stopping():
    tmp_path = pathlib.Path(tempfile.mkdtemp(prefix="switchlab-stack-"))
    os.chmod(tmp_path, 0o755)
    try:
        pg_port, api_port = stack.free_port(), stack.free_port()
        out = subprocess.run(
            [sys.executable, str(ROOT / "scripts" / "stack.py"), "--state-dir", str(tmp_path / "state"),
             "--pg-port", str(pg_port), "--api-port", str(api_port), "--ui-dir", str(tmp_path / "none"),
             "--", stack.project_python(), "-c", RESTART],
            env=dict(os.environ, SWITCHLAB_ENGINE_PATH=ENGINE_PATH), capture_output=True, text=True,
            timeout=300)
        assert out.returncode == 0, out.stdout + out.stderr
        assert "postgres is not running" in out.stderr and "restarting it" in out.stderr
    finally:
        shutil.rmtree(tmp_path, ignore_errors=True)
