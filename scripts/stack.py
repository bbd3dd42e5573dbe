#!/usr/bin/env python3
"""Start the whole local stack: private Postgres, migrations, API (+ built UI), workers.

    python scripts/stack.py [--state-dir .run/dev] [--pg-port 54329] [--api-port 8000]
                            [--ui-dir frontend/dist] [--workers 1] [-- CMD ...]

Without CMD it runs until Ctrl-C / SIGTERM; with CMD it runs CMD with SWITCHLAB_URL set and
exits with CMD's exit code. Either way it stops exactly the processes it started, by PID.
Standard library only, so any python3 can launch it; children use the project venv.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import pathlib
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request

ROOT = pathlib.Path(__file__).resolve().parent.parent
PG_BIN = pathlib.Path(os.environ.get("PG_BIN", "/usr/lib/postgresql/15/bin"))
DB_NAME = "switchlab"


def project_python() -> str:
    venv = ROOT / ".venv" / "bin" / "python"
    return str(venv) if venv.exists() else sys.executable


def child_env(database_url: str, extra: dict[str, str] | None = None) -> dict[str, str]:
    env = dict(os.environ)
    # SWITCHLAB_ENGINE_PATH: folder holding the switchlab_core extension (default: our build).
    engine = os.environ.get("SWITCHLAB_ENGINE_PATH", str(ROOT / "build" / "python"))
    paths = [str(ROOT / "backend"), engine]
    if env.get("PYTHONPATH"):
        paths.append(env["PYTHONPATH"])
    env["PYTHONPATH"] = os.pathsep.join(paths)
    env["DATABASE_URL"] = database_url
    env.update(extra or {})
    return env


def port_free(port: int) -> bool:
    with socket.socket() as s:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            s.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def stop_process(proc: subprocess.Popen, sig: int = signal.SIGTERM, timeout: float = 15.0) -> None:
    if proc.poll() is not None:
        return
    proc.send_signal(sig)
    try:
        proc.wait(timeout)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


class PgCluster:
    """A private Postgres 15 cluster in a project folder, listening on 127.0.0.1 only."""

    def __init__(self, state_dir: pathlib.Path, port: int):
        self.state_dir = state_dir
        self.log = state_dir / "logs" / "postgres.log"
        self.port = port
        self.proc: subprocess.Popen | None = None
        self.as_postgres = os.geteuid() == 0  # initdb and postgres refuse to run as root
        pg_dir = self._reachable_dir(state_dir)
        self.data = pg_dir / "pgdata"
        self.sock = pg_dir / "pgsock"

    def _reachable_dir(self, state_dir: pathlib.Path) -> pathlib.Path:
        """The folder for the cluster's data and socket: the state folder, unless the postgres
        user cannot reach it (a checkout under a private 0700 folder, e.g. one from mktemp -d);
        then a folder of its own under /var/tmp, named after the state folder."""
        state_dir.mkdir(parents=True, exist_ok=True)
        if not self.as_postgres or subprocess.run(
                ["runuser", "-u", "postgres", "--", "test", "-x", str(state_dir)]).returncode == 0:
            return state_dir
        digest = hashlib.sha256(str(state_dir.resolve()).encode()).hexdigest()[:12]
        return pathlib.Path("/var/tmp") / f"switchlab-pg-{digest}"

    @property
    def url(self) -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/{DB_NAME}"

    def _chown(self, path: pathlib.Path) -> None:
        if self.as_postgres:
            shutil.chown(path, "postgres", "postgres")

    def init(self) -> None:
        for d in (self.state_dir, self.data.parent, self.sock, self.log.parent):
            d.mkdir(parents=True, exist_ok=True)
        self._chown(self.sock)
        self._chown(self.log.parent)
        if (self.data / "PG_VERSION").exists():
            return  # initdb only the first time
        self.data.mkdir(parents=True, exist_ok=True)
        self._chown(self.data)
        os.chmod(self.data, 0o700)
        cmd = [str(PG_BIN / "initdb"), "-D", str(self.data), "-U", "postgres",
               "--auth=trust", "--encoding=UTF8", "--no-instructions"]
        if self.as_postgres:
            cmd = ["runuser", "-u", "postgres", "--"] + cmd
        subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)

    def start(self, timeout: float = 60.0) -> None:
        self.init()
        pidfile = self.data / "postmaster.pid"
        if pidfile.exists():
            pid = int(pidfile.read_text().split()[0])
            try:
                os.kill(pid, 0)
                raise SystemExit(f"Postgres already running on {self.data} (pid {pid}); stop it first")
            except ProcessLookupError:
                pass  # stale pid file from a crash; postgres cleans it up itself
        if not port_free(self.port):
            raise SystemExit(f"port {self.port} is in use; pick another with --pg-port")
        # The real postgres binary as a direct child, so it can be stopped by its PID.
        self.proc = subprocess.Popen(
            [str(PG_BIN / "postgres"), "-D", str(self.data), "-p", str(self.port),
             "-k", str(self.sock), "-c", "listen_addresses=127.0.0.1", "-c", "fsync=off"],
            stdout=open(self.log, "ab"), stderr=subprocess.STDOUT,
            user="postgres" if self.as_postgres else None,
            group="postgres" if self.as_postgres else None,
            extra_groups=[] if self.as_postgres else None,
            start_new_session=True,  # Ctrl-C reaches us, not postgres directly: we stop it in order
        )
        deadline = time.time() + timeout
        while time.time() < deadline:
            if self.proc.poll() is not None:
                raise SystemExit(f"postgres exited early; see {self.log}")
            ready = subprocess.run([str(PG_BIN / "pg_isready"), "-q", "-h", "127.0.0.1",
                                    "-p", str(self.port)])
            if ready.returncode == 0:
                return
            time.sleep(0.2)
        raise SystemExit(f"postgres did not become ready in {timeout}s; see {self.log}")

    def stop(self) -> None:
        if self.proc is not None:
            stop_process(self.proc, signal.SIGINT, timeout=30)  # SIGINT = fast shutdown
            self.proc = None


def migrate(url: str) -> None:
    subprocess.run([project_python(), str(ROOT / "migrations" / "apply.py"),
                    "--database-url", url, "--create-database"], check=True, env=child_env(url))


def start_worker(url: str, name: str, log_dir: pathlib.Path, extra_env: dict[str, str] | None = None,
                 one_shot: bool = False) -> subprocess.Popen:
    # Our wrapper around procrastinate's worker: it reconnects when Postgres restarts.
    cmd = [project_python(), "-m", "switchlab_api.worker", f"--name={name}"]
    if one_shot:
        cmd.append("--one-shot")
    return subprocess.Popen(cmd, env=child_env(url, extra_env), cwd=ROOT,
                            stdout=open(log_dir / f"{name}.log", "ab"), stderr=subprocess.STDOUT,
                            start_new_session=True)


def api_log(log_dir: pathlib.Path, port: int) -> pathlib.Path:
    return log_dir / f"api-{port}.log"


def start_api(url: str, port: int, log_dir: pathlib.Path, ui_dir: str | None = None,
              extra_env: dict[str, str] | None = None, clear_env: tuple[str, ...] = (),
              access_log: bool = True) -> subprocess.Popen:
    """The API on loopback, as every launcher here starts it (this stack, the benchmarks, the API tests):
    `python -m switchlab_api`. `clear_env`: variables of the outer environment the child must not see."""
    env = child_env(url, {**({"SWITCHLAB_UI_DIR": ui_dir} if ui_dir else {}), **(extra_env or {})})
    for key in clear_env:
        env.pop(key, None)
    cmd = [project_python(), "-m", "switchlab_api", "--host", "127.0.0.1", "--port", str(port)]
    if not access_log:
        cmd.append("--no-access-log")
    return subprocess.Popen(cmd, env=env, cwd=ROOT, stdout=open(api_log(log_dir, port), "ab"),
                            stderr=subprocess.STDOUT, start_new_session=True)


def wait_healthy(base_url: str, procs: list[subprocess.Popen], timeout: float = 60.0) -> None:
    deadline = time.time() + timeout
    while time.time() < deadline:
        for p in procs:
            if p.poll() is not None:
                raise SystemExit(f"a process exited early ({p.args[:4]}); see the logs")
        try:
            with urllib.request.urlopen(f"{base_url}/api/health", timeout=2) as resp:
                if resp.status == 200:
                    return
        except (urllib.error.URLError, OSError):
            pass
        time.sleep(0.3)
    raise SystemExit(f"{base_url}/api/health not healthy after {timeout}s")


class _Stop(Exception):
    pass


def supervise(started: list[subprocess.Popen], pg: PgCluster, log_dir: pathlib.Path,
              child: subprocess.Popen | None, api_port: int, ui: str | None) -> int:
    """Wait for CMD (or forever), restarting whatever exits on its own, like a process supervisor:
    Postgres (a crash or an operator's restart), the API and the workers (which themselves
    reconnect to a restarted Postgres). Only CMD ending or a signal stops the stack."""
    pause = 1.0
    while True:
        if child is not None and child.poll() is not None:
            return child.returncode
        restarted = False
        if pg.proc is None or pg.proc.poll() is not None:
            code = "?" if pg.proc is None else pg.proc.returncode
            print(f"postgres is not running (exit code {code}); restarting it", file=sys.stderr)
            pg.proc = None
            try:
                pg.start()
            except SystemExit as exc:  # e.g. its port still held for a moment: try again later
                print(f"postgres restart failed ({exc}); retrying in {pause:.0f} s", file=sys.stderr)
            restarted = True
        for i, proc in enumerate(started):
            if proc.poll() is not None:
                name = "api" if i == 0 else f"worker-{i}"
                print(f"{name} exited with {proc.returncode}; restarting it", file=sys.stderr)
                started[i] = (start_api(pg.url, api_port, log_dir, ui) if i == 0
                              else start_worker(pg.url, name, log_dir))
                restarted = True
        # Back off while something keeps failing; reset once everything stays up.
        pause = min(pause * 2, 30.0) if restarted else 1.0
        time.sleep(pause if restarted else 0.5)


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    cmd: list[str] = []
    if "--" in argv:
        i = argv.index("--")
        argv, cmd = argv[:i], argv[i + 1:]
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--state-dir", default=".run/dev")
    parser.add_argument("--pg-port", type=int, default=54329)
    parser.add_argument("--api-port", type=int, default=8000)
    parser.add_argument("--ui-dir", default="frontend/dist")
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args(argv)

    state = (ROOT / args.state_dir).resolve()
    log_dir = state / "logs"
    ui_dir = (ROOT / args.ui_dir).resolve()
    ui = str(ui_dir) if (ui_dir / "index.html").exists() else None
    if not port_free(args.api_port):
        raise SystemExit(f"port {args.api_port} is in use; pick another with --api-port")

    def on_signal(signum: int, _frame: object) -> None:
        raise _Stop()

    signal.signal(signal.SIGTERM, on_signal)
    signal.signal(signal.SIGINT, on_signal)

    pg = PgCluster(state, args.pg_port)
    started: list[subprocess.Popen] = []
    code = 0
    try:
        pg.start()
        migrate(pg.url)
        api = start_api(pg.url, args.api_port, log_dir, ui)
        started.append(api)
        for i in range(args.workers):
            started.append(start_worker(pg.url, f"worker-{i + 1}", log_dir))
        base_url = f"http://127.0.0.1:{args.api_port}"
        wait_healthy(base_url, started)
        print(f"SwitchLab is up: {base_url}/" + ("" if ui else "  (API only: no built UI in "
              f"{args.ui_dir})"), flush=True)
        print(f"  logs: {log_dir}   database: {pg.url}", flush=True)
        child = None
        if cmd:
            child = subprocess.Popen(cmd, env=dict(os.environ, SWITCHLAB_URL=base_url,
                                                   DATABASE_URL=pg.url))
        else:
            print("Press Ctrl-C to stop.", flush=True)
        try:
            code = supervise(started, pg, log_dir, child, args.api_port, ui)
        except _Stop:
            if child is not None:
                stop_process(child)
            code = 130 if child is not None else 0
    except _Stop:
        code = 0 if not cmd else 130
    finally:
        signal.signal(signal.SIGINT, signal.SIG_IGN)  # finish the shutdown even on a second Ctrl-C
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
        for p in reversed(started):
            stop_process(p)
        pg.stop()
        print("stack stopped", flush=True)
    return code


if __name__ == "__main__":
    sys.exit(main())
