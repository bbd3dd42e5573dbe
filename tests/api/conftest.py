"""Fixtures: a private Postgres for the session, the real app, real worker processes.

Nothing of ours is mocked: the API talks to Postgres, tasks are run by `procrastinate worker`
subprocesses, and they run configs through the real switchlab_core extension.
"""

from __future__ import annotations

import json
import os
import pathlib
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from typing import Any

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
ENGINE_PATH = os.environ.get("SWITCHLAB_ENGINE_PATH", str(ROOT / "build" / "python"))
for p in (str(ROOT / "backend"), ENGINE_PATH, str(ROOT / "scripts")):
    if p not in sys.path:
        sys.path.insert(0, p)

import stack  # noqa: E402  (scripts/stack.py: the same cluster code `make run` uses)


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "slow: left out of `make check` (the fast loop); `make test` runs it")

EXAMPLES = ROOT / "examples"  # the example catalogue, examples/README.md
TINY = {
    "seed": 1, "engine": "routewalk",
    "topology": {"kind": "torus", "dims": [4, 4]},
    "switch": {"cache": {"entries": 64, "ways": 4}},
    "traffic": {"pattern": "uniform", "packets": 2000},
}
# Workers in tests heartbeat fast so a killed worker is detected within seconds.
WORKER_ENV = {"SWITCHLAB_HEARTBEAT_S": "1", "SWITCHLAB_STALLED_AFTER_S": "3",
              "SWITCHLAB_ENGINE_PATH": ENGINE_PATH}


@pytest.fixture(scope="session")
def pg_cluster() -> Iterator[stack.PgCluster]:
    state = pathlib.Path(tempfile.mkdtemp(prefix="switchlab-test-"))
    os.chmod(state, 0o755)  # the postgres user must reach its data folder
    cluster = stack.PgCluster(state, stack.free_port())
    try:
        cluster.start()
        stack.migrate(cluster.url)
        # Settings are read at import time by the app and the procrastinate app.
        os.environ["DATABASE_URL"] = cluster.url
        yield cluster
    finally:
        cluster.stop()
        shutil.rmtree(state, ignore_errors=True)


@pytest.fixture(scope="session")
def database_url(pg_cluster: stack.PgCluster) -> str:
    return pg_cluster.url


@pytest.fixture(scope="session")
def core():
    import switchlab_core  # the real extension; `make build-native` must have built it

    return switchlab_core


@pytest.fixture(scope="session")
def client(database_url: str, core) -> Iterator[Any]:
    from fastapi.testclient import TestClient

    from switchlab_api.main import app

    with TestClient(app) as c:
        yield c


@pytest.fixture()
def db(database_url: str) -> Iterator[Any]:
    import psycopg
    from psycopg.rows import dict_row

    with psycopg.connect(database_url, autocommit=True, row_factory=dict_row) as conn:
        truncate_all(conn)
        yield conn


def truncate_all(conn: Any) -> None:
    """Each test starts from empty tables (and an empty queue)."""
    finished = sys.modules.get("switchlab_api.api.routes.experiments")
    if finished is not None:  # the in-process app's cache of finished experiments
        finished.FINISHED.clear()
    conn.execute(
        "TRUNCATE sweep_points, sweeps, runs, experiments, traces, procrastinate_jobs,"
        " procrastinate_periodic_defers, procrastinate_workers RESTART IDENTITY CASCADE"
    )


class Workers:
    def __init__(self, url: str, log_dir: pathlib.Path):
        self.url = url
        self.log_dir = log_dir
        self.procs: list[subprocess.Popen] = []

    def start(self, name: str, concurrency: int = 1, one_shot: bool = False,
              env: dict[str, str] | None = None) -> subprocess.Popen:
        proc = stack.start_worker(self.url, name, self.log_dir,
                                  {**WORKER_ENV, "SWITCHLAB_WORKER_CONCURRENCY": str(concurrency), **(env or {})},
                                  one_shot=one_shot)
        self.procs.append(proc)
        return proc

    def drain(self, concurrency: int = 2, timeout: float = 600) -> None:
        """Run one real worker until the queue is empty."""
        proc = self.start("oneshot", concurrency, one_shot=True)
        assert proc.wait(timeout) == 0, (self.log_dir / "oneshot.log").read_text()[-3000:]

    def stop_all(self) -> None:
        for p in self.procs:
            stack.stop_process(p)
        self.procs.clear()


@pytest.fixture()
def workers(database_url: str, tmp_path: pathlib.Path) -> Iterator[Workers]:
    w = Workers(database_url, tmp_path)
    try:
        yield w
    finally:
        w.stop_all()


def wait_for(predicate, timeout: float = 120, interval: float = 0.3, what: str = "condition"):
    deadline = time.time() + timeout
    while time.time() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(interval)
    raise AssertionError(f"timed out after {timeout}s waiting for {what}")


def descendants(pid: int) -> set[int]:
    """Every live process below `pid` (a worker's run children and what they started)."""
    parents = {}
    for entry in os.listdir("/proc"):
        try:
            stat = pathlib.Path(f"/proc/{entry}/stat").read_text() if entry.isdigit() else ""
        except OSError:
            continue  # exited meanwhile
        if stat:
            parents[int(entry)] = int(stat.rsplit(")", 1)[1].split()[1])
    found, todo = set(), [pid]
    while todo:
        pid = todo.pop()
        kids = [p for p, parent in parents.items() if parent == pid]
        found.update(kids)
        todo += kids
    return found


def strip_timing(result: dict[str, Any]) -> dict[str, Any]:
    """A result minus wall-clock fields: everything else must be bit-identical."""
    return {k: v for k, v in result.items() if k != "wall_time_s"}


def direct_run(core, config: dict[str, Any]) -> dict[str, Any]:
    return json.loads(core.run(json.dumps(config)))


class LiveApi:
    """A real uvicorn process on a free loopback port, on the session's Postgres."""

    def __init__(self, database_url: str, log_dir: pathlib.Path, env: dict[str, str] | None = None):
        self.port = stack.free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        # Only what the caller asks for: a token or origins in the outer environment must not leak in.
        outer = tuple(k for k in ("SWITCHLAB_API_TOKEN", "SWITCHLAB_READ_TOKEN", "SWITCHLAB_CORS_ORIGINS",
                                  "SWITCHLAB_MAX_BODY_BYTES") if k not in (env or {}))
        log_dir.mkdir(parents=True, exist_ok=True)
        self.log = stack.api_log(log_dir, self.port)
        self.proc = stack.start_api(database_url, self.port, log_dir,
                                    extra_env={"SWITCHLAB_ENGINE_PATH": ENGINE_PATH, **(env or {})},
                                    clear_env=outer, access_log=False)
        try:
            stack.wait_healthy(self.url, [self.proc], timeout=60)
        except BaseException:
            self.stop()
            raise

    def stop(self) -> None:
        stack.stop_process(self.proc)


@pytest.fixture(scope="session")
def live_api(database_url: str, core) -> Iterator[LiveApi]:
    """Default settings: no token, CORS for the dev UI origins."""
    log_dir = pathlib.Path(tempfile.mkdtemp(prefix="switchlab-live-"))
    api = LiveApi(database_url, log_dir)
    try:
        yield api
    finally:
        api.stop()
        shutil.rmtree(log_dir, ignore_errors=True)
