"""Engine smpi through the API: a real worker replays the skeletons with SimGrid SMPI
(backend/switchlab_api/worker/smpi.py). Expected agreement with engine app (the time model) on the
same system is the one tests/cross_build/test_smpi.py states: run times within 5 %, relative
performance within 0.01."""
from __future__ import annotations

import copy
import json
import os
import shutil
from pathlib import Path

import pytest
from conftest import direct_run, wait_for

# `make check` leaves these out (slow: real SMPI replays); `make test` runs them.
pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(shutil.which("smpirun") is None,
                                 reason="SimGrid is not installed (scripts/install.sh installs libsimgrid-dev)")]

# Seed 001 case study 1's switch (Table 1) on a 4x4 torus, class S, 16 ranks.
SMPI = {"engine": "smpi", "topology": {"kind": "torus", "dims": [4, 4]},
        "switch": {"link_gbps": 200, "delays_ns": {"rc_hit": 2, "rc_miss": 27, "rc_no_cache": 25, "other": 75}},
        "node": {"gflops": 100},
        "traffic": {"pattern": "npb", "npb": {"benchmarks": ["cg", "is"], "class": "S", "ranks": 16}}}


def test_smpi_experiment_runs_on_a_worker_and_agrees_with_the_time_model(client, db, workers, core):
    r = client.post("/api/experiments", json=SMPI)
    assert r.status_code == 202, r.text
    exp_id = r.json()["id"]
    workers.drain()
    exp = client.get(f"/api/experiments/{exp_id}").json()
    assert exp["status"] == "done", exp["error"]
    result = exp["result"]
    assert result["engine"]["name"] == "smpi" and result["config_hash"] == exp_id
    app = result["app"]
    assert app["simulator"] == "smpi" and app["simgrid_version"].startswith("3.")
    model = direct_run(core, dict(copy.deepcopy(SMPI), engine="app"))["app"]
    for name in ("cg", "is"):
        got, want = app["benchmarks"][name], model["benchmarks"][name]
        assert got["time_s"] == pytest.approx(want["time_s"], rel=0.05)
        assert got["relative"] == pytest.approx(want["relative"], abs=0.01)
        assert got["relative"] > 1  # the cache's faster routing computation shows
        assert got["mops"] == pytest.approx(got["mop"] / got["time_s"])
    assert app["relative_mean"] == pytest.approx(model["relative_mean"], abs=0.01)


def test_the_core_alone_refuses_to_run_smpi(core):
    with pytest.raises(ValueError, match="server's workers"):
        core.run(json.dumps(SMPI))


def test_too_many_ranks_for_smpi_is_422_naming_the_field(client, db):
    big = copy.deepcopy(SMPI)
    big["topology"]["dims"] = [8, 8, 8]
    big["traffic"]["npb"]["ranks"] = 512
    r = client.post("/api/experiments", json=big)
    assert r.status_code == 422, r.text
    err = r.json()["error"]
    assert err["field"] == "traffic.npb.ranks" and "256" in err["message"] and err["allowed"] == "an integer in [2, 256]"
    # Engine app takes the same config.
    assert client.post("/api/experiments", json=dict(big, engine="app")).status_code == 202


def _processes_in(directory: Path) -> list[int]:
    """Processes whose working directory is under `directory` (smpirun runs in its temporary one)."""
    found = []
    for proc in Path("/proc").iterdir():
        try:
            if proc.name.isdigit() and str(Path(os.readlink(proc / "cwd"))).startswith(str(directory)):
                found.append(int(proc.name))
        except OSError:
            pass
    return found


def test_an_smpi_run_over_the_time_limit_is_stopped_with_its_replay(client, db, workers, tmp_path):
    """CG class A on 64 ranks of an 8x8x8 torus replays for about 3.4 s per system (most of it
    loading the platform's 262,144 routes, exported in about 1 s); at a 2 s limit the worker kills
    its child, and smpirun and the simulator it started die with it at once, not when the replay
    ends (without `setpriv --pdeathsig` the simulator outlives this check)."""
    slow = copy.deepcopy(SMPI)
    slow["topology"]["dims"] = [8, 8, 8]
    slow["traffic"]["npb"] = {"benchmarks": ["cg"], "class": "A", "ranks": 64}
    exp_id = client.post("/api/experiments", json=slow).json()["id"]
    tmp = tmp_path / "worker-tmp"
    tmp.mkdir()
    workers.start("w", env={"SWITCHLAB_RUN_TIME_LIMIT_S": "2", "TMPDIR": str(tmp)})
    wait_for(lambda: _processes_in(tmp), timeout=60, interval=0.05, what="smpirun started")
    exp = wait_for(lambda: (e := client.get(f"/api/experiments/{exp_id}").json())["status"] == "failed" and e,
                   timeout=60, what="run failed")
    assert exp["error"]["kind"] == "time_limit"
    wait_for(lambda: not _processes_in(tmp), timeout=1, interval=0.05, what="the replay gone with its run")


def test_smpi_run_reports_replays_and_cancel_kills_smpirun(client, db, workers, tmp_path):
    """Progress counts replays (each benchmark with and without the cache: 4 here); cancelling
    mid-replay kills the run's child and the smpirun under it at once (worker/smpi.py)."""
    cfg = dict(copy.deepcopy(SMPI), seed=11)  # an experiment of its own
    eid = client.post("/api/experiments", json=cfg).json()["id"]
    tmp = tmp_path / "worker-tmp"
    tmp.mkdir()
    workers.start("w", env={"TMPDIR": str(tmp)})

    def replaying():
        exp = client.get(f"/api/experiments/{eid}").json()
        p = exp["progress"]
        return p if exp["status"] == "running" and p and p["done"] >= 1 and _processes_in(tmp) else None

    p = wait_for(replaying, timeout=120, interval=0.05, what="a replay finished, the next one running")
    assert p["unit"] == "replays" and p["total"] == 4 and p["done"] < 4 and p["fraction"] == p["done"] / 4
    out = client.delete(f"/api/experiments/{eid}").json()
    assert out["status"] == "cancelled" and out["result"] is None
    wait_for(lambda: not _processes_in(tmp), timeout=10, interval=0.05, what="the replay gone with its run")
    assert db.execute("SELECT status, result FROM runs WHERE experiment_id = %s", (eid,)).fetchone() == \
        {"status": "cancelled", "result": None}
