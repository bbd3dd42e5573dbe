"""No request may produce a server error (5xx): a schemathesis run over our own OpenAPI spec,
plus the inputs that did produce 500s before (hand-found beyond what the generator tried).

Schemathesis runs as its CLI against a live uvicorn on the session's real Postgres (the
pytest plugin's lazy fixture loader does not work with pytest 9). Examples per operation are
bounded and the seed fixed so it stays well under two minutes and is reproducible;
SWITCHLAB_FUZZ_EXAMPLES / SWITCHLAB_FUZZ_SEED widen or vary the hunt locally.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys

import pytest
from conftest import TINY, LiveApi

# `make check` leaves this out (slow: a property-based run of every endpoint); `make test` runs it.
pytestmark = pytest.mark.slow

MAX_EXAMPLES = os.environ.get("SWITCHLAB_FUZZ_EXAMPLES", "100")
SEED = os.environ.get("SWITCHLAB_FUZZ_SEED", "20260415")
OPERATIONS = 19  # every operation in /api/openapi.json; a spec that loses one must fail here


def test_schemathesis_finds_no_server_error(database_url, core, db, tmp_path):
    api = LiveApi(database_url, tmp_path / "logs")  # its own process: its log holds only this run
    try:
        r = subprocess.run(
            [sys.executable, "-m", "schemathesis.cli", "run", f"{api.url}/api/openapi.json",
             "--checks", "not_a_server_error", "--max-examples", MAX_EXAMPLES, "--seed", SEED,
             "--workers", "1", "--generation-allow-x00", "true", "--generation-database", "none",
             "--request-timeout", "30", "--no-color", "--report-dir", str(tmp_path / "report")],
            cwd=tmp_path, capture_output=True, text=True, timeout=240,
        )
    finally:
        api.stop()
    out = r.stdout + r.stderr
    print(out[-1500:])  # the summary, shown with -s or on failure
    assert r.returncode == 0, out[-6000:]
    assert f"Operations:       {OPERATIONS} selected / {OPERATIONS} total" in out, out[-3000:]
    generated = int(re.search(r"(\d+) generated", out).group(1))
    assert generated >= 5 * int(MAX_EXAMPLES), out[-3000:]  # it really exercised the API
    log = api.log.read_text()
    assert "Traceback" not in log and " 500 " not in log, log[-4000:]


BASE_JSON = json.dumps(TINY)


def _sweep(axes: str, name: str = '"n"', base: str = BASE_JSON) -> str:
    return f'{{"name": {name}, "base": {base}, "axes": {axes}}}'


# (method, path, raw body, expected field). Each of these was a 500 before the fix noted.
REGRESSIONS = [
    # NUL in a string: Postgres text/jsonb reject it at INSERT (check_json_values).
    ("POST", "/api/experiments", BASE_JSON.replace('"seed": 1', '"name": "a\\u0000b", "seed": 1'), "name"),
    ("POST", "/api/sweeps", _sweep('{"switch.cache.ways": [1, 2]}', name='"a\\u0000b"'), "name"),
    ("POST", "/api/sweeps", _sweep('{"seed": [1, 2]}', base=BASE_JSON.replace('"seed": 1', '"name": "\\u0000", "seed": 1')),
     "base.name"),
    # NaN/Infinity: Python parses them; the 422 echoing them could not be encoded.
    ("POST", "/api/sweeps", _sweep('{"switch.cache.ways": [1, NaN]}'), "axes.switch.cache.ways[1]"),
    ("POST", "/api/sweeps", _sweep('{"switch.cache.ways": {"from": NaN, "to": 4, "step": 1}}'),
     "axes.switch.cache.ways.from"),
    ("POST", "/api/sweeps", _sweep('{"switch.cache.ways": {"from": 1, "to": Infinity, "mul": 2}}'),
     "axes.switch.cache.ways.to"),
    ("POST", "/api/experiments", BASE_JSON.replace('"seed": 1', '"seed": -Infinity'), "seed"),
    # Lone surrogate: not encodable as UTF-8 (neither for Postgres nor for the JSON answer).
    ("POST", "/api/experiments", BASE_JSON.replace('"seed": 1', '"name": "x\\ud800", "seed": 1'), "name"),
    # str.isdigit() accepts '²' but int() does not (axes.set_path, results cursor).
    ("POST", "/api/sweeps", _sweep('{"topology.dims.\\u00b2": [4]}'), "axes.topology.dims.\u00b2"),
    ("GET", "/api/sweeps/{sid}/results?cursor=%C2%B2", None, "cursor"),
    # NUL in the history lists' name filter: Postgres refuses it as a query parameter too.
    ("GET", "/api/sweeps?name=a%00b", None, "name"),
    ("GET", "/api/experiments?name=%00", None, "name"),
    # Unparseable bodies were a 400 with a bare string; now a 400 in the envelope naming the body.
    ("POST", "/api/experiments", "[" * 100_000 + "]" * 100_000, "body"),
    ("POST", "/api/sweeps", '{"name": ', "body"),
]
UNPARSEABLE = 2  # the last entries: 400, not 422


@pytest.mark.parametrize("method,path,body,field,status", [
    (*r, 422 if i < len(REGRESSIONS) - UNPARSEABLE else 400) for i, r in enumerate(REGRESSIONS)],
    ids=[f"{i}-{r[0]}-{r[3]}" for i, r in enumerate(REGRESSIONS)])
def test_inputs_that_were_server_errors_are_4xx_naming_the_field(client, db, method, path, body, field, status):
    writes = body is not None
    if "{sid}" in path:
        sid = client.post("/api/sweeps", json={"base": TINY, "axes": {"seed": [1, 2]}}).json()["id"]
        path = path.replace("{sid}", sid)
    content = None if body is None else body.encode("utf-8", "surrogatepass")
    r = client.request(method, path, content=content, headers={"Content-Type": "application/json"})
    if writes:  # a rejected write stores nothing
        for table in ("sweeps", "experiments", "runs", "procrastinate_jobs"):
            assert db.execute(f"SELECT count(*) AS n FROM {table}").fetchone()["n"] == 0, table
    assert r.status_code == status, r.text
    error = r.json()["error"]
    assert error["field"] == field, error
    assert "Traceback" not in r.text and error["message"]
