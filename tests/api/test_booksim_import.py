"""POST /api/import/booksim: the core's BookSim importer over HTTP (docs/api.md): the same answer as the
Python extension, unmodelled keys listed, a bad file a 422 naming its line, and nothing stored."""

from __future__ import annotations

import json

from conftest import ROOT

MESH = (ROOT / "tests/cross_build/booksim/mesh88.cfg").read_text()


def test_import_answers_what_the_core_answers_and_stores_nothing(client, db, core):
    r = client.post("/api/import/booksim", json={"booksim": MESH})
    assert r.status_code == 200, r.text
    assert r.json() == json.loads(core.import_booksim(MESH))
    assert [u["key"] for u in r.json()["unmodelled"]] == ["use_read_write", "input_speedup"]
    assert r.json()["config"]["topology"] == {"kind": "mesh", "dims": [8, 8], "concentration": 1}
    for table in ("experiments", "runs", "sweeps"):
        assert db.execute(f"SELECT count(*) AS n FROM {table}").fetchone()["n"] == 0


def test_a_bad_file_is_422_naming_its_line(client):
    r = client.post("/api/import/booksim", json={"booksim": "topology = mesh;\nk = 8\nn = 2;\n"})
    assert r.status_code == 422
    assert r.json() == {"error": {"code": "invalid_config", "message": "k: the value ends without ';'",
                                  "field": "line 2", "allowed": "key = value; on one line"}}
    r = client.post("/api/import/booksim", json={"booksim": "topology = dragonfly;\n"})
    assert r.json()["error"]["field"] == "line 1" and r.json()["error"]["allowed"] == "one of: fattree, mesh, torus"


def test_the_body_is_checked_like_every_other(client):
    r = client.post("/api/import/booksim", json={"booksim": MESH, "format": "booksim2"})
    assert r.status_code == 422 and r.json()["error"]["field"] == "format"
    assert r.json()["error"]["allowed"] == "one of: booksim"
    r = client.post("/api/import/booksim", json={})
    assert r.status_code == 422 and r.json()["error"]["field"] == "booksim" and r.json()["error"]["message"] == "is required"
    r = client.post("/api/import/booksim", content=MESH, headers={"content-type": "text/plain"})
    assert r.status_code == 415 and r.json()["error"]["field"] == "Content-Type"
