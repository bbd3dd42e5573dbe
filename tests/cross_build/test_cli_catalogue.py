"""The native CLI runs the example catalogue (examples/README.md): a catalogue entry given as a file is
taken as its `config`, `--example NAME` reads the entry compiled into the binary, `switchlab-sim
examples` lists them, and the usage text has one form per line."""
import json
import subprocess
from pathlib import Path

import pytest
import switchlab_core

ROOT = Path(__file__).resolve().parents[2]
CLI = ROOT / "build/native/bin/switchlab-sim"
EXAMPLES = ROOT / "examples"
ENTRIES = sorted(EXAMPLES.glob("*.json"))


def sim(*args, stdin=None):
    return subprocess.run([str(CLI), *map(str, args)], capture_output=True, text=True, input=stdin, timeout=120)


def without_wall_time(result: dict) -> dict:
    return {k: v for k, v in result.items() if k != "wall_time_s"}


def test_run_takes_a_catalogue_entry_and_the_compiled_in_example(tmp_path):
    entry = EXAMPLES / "quickstart-torus-4x4.json"
    config = json.loads(entry.read_text())["config"]
    (tmp_path / "config.json").write_text(json.dumps(config))
    want = sim("run", tmp_path / "config.json")
    assert want.returncode == 0, want.stderr
    for args in (["run", entry], ["run", "--example", "quickstart-torus-4x4"]):
        got = sim(*args)
        assert got.returncode == 0 and got.stderr == "", got.stderr
        assert without_wall_time(json.loads(got.stdout)) == without_wall_time(json.loads(want.stdout))
    # From stdin too, and as a table.
    piped = sim("run", "-", stdin=entry.read_text())
    assert without_wall_time(json.loads(piped.stdout)) == without_wall_time(json.loads(want.stdout))
    table = sim("run", "--example", "quickstart-torus-4x4", "--table")
    assert table.returncode == 0 and table.stdout == sim("run", tmp_path / "config.json", "--table").stdout


@pytest.mark.parametrize("entry", ENTRIES, ids=lambda p: p.stem)
def test_every_entry_hashes_as_its_config_by_file_and_by_name(entry):
    config = json.loads(entry.read_text())["config"]
    want = switchlab_core.config_hash(json.dumps(config))
    assert len(want) == 64
    by_file, by_name = sim("hash", entry), sim("hash", "--example", entry.stem)
    assert (by_file.returncode, by_file.stdout) == (0, want + "\n")
    assert (by_name.returncode, by_name.stdout) == (0, want + "\n")


def test_examples_lists_every_entry_with_its_engine_and_title():
    out = sim("examples")
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert lines[0].split() == ["NAME", "ENGINE", "TITLE"]
    assert len(lines) == 1 + len(ENTRIES)
    listed = sim("examples", "--json")
    assert listed.returncode == 0
    items = json.loads(listed.stdout)
    assert [i["name"] for i in items] == [p.stem for p in ENTRIES]
    for line, item, path in zip(lines[1:], items, ENTRIES):
        doc = json.loads(path.read_text())
        engine = json.loads(switchlab_core.normalize(json.dumps(doc["config"])))["engine"]
        assert (item["title"], item["engine"], item["source"], item["browser"]) == \
            (doc["title"], engine, doc["source"], doc["browser"])
        assert item["compare"] == doc.get("compare")
        assert line.split(None, 2) == [path.stem, engine, doc["title"]]


def test_a_compare_entry_runs_its_first_variant_and_says_so():
    out = sim("hash", "--example", "seed003-fig7-compare-bmin16")
    assert out.returncode == 0
    assert out.stderr == ('note: a compare example: this runs its config, the variant switch.buffer.organisation = '
                          '"input_fifo" (the other variants: set that field to each of ["input_fifo","hipiqs","central"])\n')


def test_bad_entries_and_names_exit_2_naming_what_is_wrong(tmp_path):
    bad = sim("validate", EXAMPLES / "invalid/bad-ways.json")
    assert bad.returncode == 2 and bad.stderr.startswith("error: switch.cache.ways: must divide entries"), bad.stderr
    unknown = sim("run", "--example", "no-such-example")
    assert unknown.returncode == 2 and unknown.stdout == ""
    assert unknown.stderr.startswith("error: --example: no example named 'no-such-example' (allowed: booksim-mesh-8x8-cycle, ")
    # A document that is not an entry is still read as a config, and the core names its field.
    (tmp_path / "not-entry.json").write_text(json.dumps({"title": "x", "config": 3}))
    odd = sim("validate", tmp_path / "not-entry.json")
    assert odd.returncode == 2 and odd.stderr.startswith("error: config: unknown field"), odd.stderr
    assert sim("run", tmp_path / "missing.json").returncode == 1


@pytest.mark.parametrize("args", [[], ["run"], ["run", "--example"], ["run", "--example", "quickstart-torus-4x4", "x"],
                                  ["frobnicate", "x.json"], ["examples", "--yaml"]], ids=repr)
def test_usage_has_one_form_per_line(args):
    out = sim(*args)
    assert out.returncode == 2 and out.stdout == ""
    lines = out.stderr.split("\n")
    assert lines[-1] == "" and lines[0].startswith("usage: switchlab-sim run|prepare|validate|hash")
    assert "       switchlab-sim version" in lines and "       switchlab-sim examples [--json]" in lines
    for line in lines[1:-2]:
        assert line.startswith("       switchlab-sim "), line
    assert lines[-2].startswith("CONFIG: ")
