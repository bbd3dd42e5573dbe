"""MPI traces (docs/traffic.md, "MPI traces") across the builds: the CLI (`switchlab-sim trace-summary PATH`,
`run CONFIG --trace PATH`), the Python extension (`trace_load`, `trace_summary`, `trace_unload`, `trace_limits`)
and both WASM modules (the same names) load the same trace under the same id and give the same bytes for a run
of engines app and routewalk on it. The traces are SimGrid 3.32's own -trace-ti output of our test programs
(wasm-core/tests/data/ti/PROVENANCE.md)."""
import json
import subprocess
import tarfile
from pathlib import Path

import pytest
import switchlab_core

ROOT = Path(__file__).resolve().parents[2]
CLI = ROOT / "build/native/bin/switchlab-sim"
DATA = ROOT / "wasm-core/tests/data/ti"
STENCIL = DATA / "stencil"


def files_of(folder: Path) -> dict:
    return {p.name: p.read_text() for p in sorted(folder.iterdir())}


def cli(*args) -> subprocess.CompletedProcess:
    return subprocess.run([str(CLI), *map(str, args)], capture_output=True, text=True, timeout=120)


def config(engine: str) -> dict:
    c = {"engine": engine, "topology": {"kind": "torus", "dims": [4, 2]}, "traffic": {"pattern": "mpi_trace"}}
    if engine == "app":
        c.update(node={"gflops": 100}, switch={"link_gbps": 50})
    else:
        c["traffic"].update(packets=500, mpi_trace={"placement": "random", "packet_bytes": 4096})
    return c


def strip(result: dict) -> dict:
    result = dict(result)
    assert result.pop("wall_time_s") >= 0
    return result


def test_trace_summary_from_an_index_a_folder_and_python_agree():
    by_index = json.loads(cli("trace-summary", STENCIL / "stencil.txt").stdout)
    by_folder = json.loads(cli("trace-summary", STENCIL).stdout)
    py = json.loads(switchlab_core.trace_load(json.dumps(files_of(STENCIL))))
    assert by_index == by_folder == py
    assert py["summary"]["ranks"] == 8
    assert json.loads(switchlab_core.trace_summary(py["id"])) == py
    limits = json.loads(switchlab_core.trace_limits())
    assert limits["max_ranks"] == 1024 and limits["max_bytes"] == 256 << 20


def test_cli_errors_name_the_file_and_line(tmp_path):
    (tmp_path / "r0.txt").write_text("0 init\n0 isend 1 0 8\n0 finalize\n")
    (tmp_path / "r1.txt").write_text("1 init\n1 recv 0 1 8\n1 finalize\n")
    out = cli("trace-summary", tmp_path)
    assert out.returncode == 2
    assert out.stderr.startswith("error: trace:r1.txt:2: rank 1: recv waits for a message from rank 0 (tag 1)")
    bad = tmp_path / "one.txt"
    bad.write_text("0 init\n0 frob\n")
    assert cli("trace-summary", bad).stderr.startswith('error: trace:one.txt:2: unknown action "frob"')
    assert cli("trace-summary", tmp_path / "absent").returncode == 1
    cfg = tmp_path / "cfg.json"
    cfg.write_text(json.dumps({**config("app"), "traffic": {"pattern": "mpi_trace", "trace_id": "ab" * 32}}))
    out = cli("run", cfg, "--trace", STENCIL)
    assert out.returncode == 2 and out.stderr.startswith("error: traffic.trace_id: the config names trace")
    # Without --trace the id is not loaded in the CLI's process.
    out = cli("run", cfg)
    assert out.returncode == 2 and "is not loaded" in out.stderr


WASM_RUN = """
const fs = require('fs');
import('./wasm-core/bindings/wasm/load_node.mjs').then(async ({ loadCacti, loadCore, exitWhenWritten }) => {
  const threaded = process.argv[1] === '--threaded';
  await loadCacti({ threaded });
  const core = await loadCore({ threaded });
  const loaded = JSON.parse(core.trace_load(fs.readFileSync(process.argv[2], 'utf8')));
  for (const file of process.argv.slice(3)) {
    const cfg = JSON.parse(fs.readFileSync(file, 'utf8'));
    cfg.traffic.trace_id = loaded.id;
    process.stdout.write(core.run(JSON.stringify(cfg)) + '\\n');
  }
  process.stdout.write(core.trace_summary(loaded.id) + '\\n');
  process.stdout.write(core.trace_unload(loaded.id) + core.trace_limits() + '\\n');
  exitWhenWritten();
});
"""


@pytest.mark.parametrize("threaded", [False, True], ids=["wasm", "wasm_mt"])
def test_native_python_and_wasm_give_the_same_bytes(tmp_path, threaded):
    files = tmp_path / "files.json"
    files.write_text(json.dumps(files_of(STENCIL)))
    paths = []
    for engine in ("app", "routewalk"):
        p = tmp_path / f"{engine}.json"
        p.write_text(json.dumps(config(engine)))
        paths.append(p)
    flag = ["--threaded"] if threaded else ["--single"]
    wasm = subprocess.run(["node", "-e", WASM_RUN, "--", *flag, str(files), *map(str, paths)], check=True, capture_output=True,
                          text=True, cwd=ROOT, timeout=300).stdout.splitlines()
    trace_id = json.loads(switchlab_core.trace_load(files.read_text()))["id"]
    for path, line in zip(paths, wasm):
        native = json.loads(cli("run", path, "--trace", STENCIL).stdout)
        py = json.loads(switchlab_core.run(json.dumps({**json.loads(path.read_text()),
                                                       "traffic": {**json.loads(path.read_text())["traffic"],
                                                                   "trace_id": trace_id}})))
        assert native["config_hash"] == py["config_hash"]
        assert strip(native) == strip(py) == strip(json.loads(line))
    assert json.loads(wasm[2]) == json.loads(switchlab_core.trace_summary(trace_id))
    assert wasm[3] == '{"unloaded":true}' + switchlab_core.trace_limits()


def npb_files(name: str) -> dict:
    with tarfile.open(DATA / "npb" / f"{name}.tgz") as tf:
        return {m.name.rsplit("/", 1)[-1]: tf.extractfile(m).read().decode() for m in tf.getmembers() if m.isfile()}


# Real NPB 3.3.1 runs traced by SimGrid 3.32 (PROVENANCE.md): they load with these ids and counts,
# and every engine that takes traces runs them (the CLI takes the archive's folder once unpacked).
@pytest.mark.parametrize("name,trace_id,operations,messages", [
    ("is.S.16", "2f0d7f339b059c3e6eb9317407f3020bf89c591867de6d5eb6cb50f8d012b89a",
     {"allreduce": 176, "alltoall": 176, "alltoallv": 176, "bcast": 16, "compute": 624, "finalize": 16, "init": 16,
      "irecv": 15, "reduce": 32, "send": 15, "wait": 15}, 6044),
    ("cg.S.16", "915b23c30b86c75f632644042c126df7c6a8effee8dcbd26c49c584b6be40ab9",
     {"barrier": 16, "bcast": 16, "compute": 35037, "finalize": 16, "init": 16, "irecv": 47104, "reduce": 16,
      "send": 47104, "wait": 47104}, 45534),
])
def test_real_npb_traces_load_and_run(tmp_path, name, trace_id, operations, messages):
    files = npb_files(name)
    loaded = json.loads(switchlab_core.trace_load(json.dumps(files)))
    assert loaded["id"] == trace_id
    assert loaded["summary"]["ranks"] == 16 and loaded["summary"]["operations"] == operations
    assert loaded["summary"]["messages"] == messages
    base = {"topology": {"kind": "torus", "dims": [4, 4]}, "traffic": {"pattern": "mpi_trace", "trace_id": trace_id}}
    app = json.loads(switchlab_core.run(json.dumps({**base, "engine": "app"})))["app"]["benchmarks"]["mpi_trace"]
    assert app["time_s"] > app["compute_s"] > 0 and app["relative"] >= 1
    walk = json.loads(switchlab_core.run(json.dumps({**base, "engine": "routewalk"})))
    assert walk["traffic"]["messages_per_pass"] == messages and walk["cache"]["lookups"] > 0
    export = json.loads(switchlab_core.smpi_export(json.dumps({**base, "engine": "smpi"})))
    lines = sum(len([x for x in t.splitlines() if x.strip()]) for n, t in files.items() if not n.endswith(".ti"))
    assert sum(len(t.splitlines()) for t in export["replays"][0]["traces"]) == lines
    for n, t in files.items():
        (tmp_path / n).write_text(t)
    assert json.loads(cli("trace-summary", tmp_path / f"{name}.ti").stdout)["id"] == trace_id
