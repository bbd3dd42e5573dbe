"""The UI's API types (frontend/src/api/schema.gen.ts) are generated from the OpenAPI document;
this fails while the committed file is stale: run `make gen-api` and commit the result."""

from __future__ import annotations

import subprocess
import sys

from conftest import ROOT

COMMITTED = ROOT / "frontend" / "src" / "api" / "schema.gen.ts"


def test_committed_client_types_match_the_openapi_document(tmp_path):
    fresh = tmp_path / "schema.gen.ts"
    subprocess.run([sys.executable, str(ROOT / "scripts" / "gen_api.py"), "--out", str(fresh)], check=True,
                   cwd=tmp_path, timeout=120)
    assert fresh.read_text() == COMMITTED.read_text(), "stale: run `make gen-api` and commit schema.gen.ts"
    # What the hand-written types used to miss.
    assert '"queued" | "running" | "done" | "failed" | "cancelled"' in COMMITTED.read_text()
