"""The UI's API types (frontend/src/api/schema.gen.ts) are generated from the OpenAPI document, and its
Config type (frontend/src/config/config.gen.ts) from the core's config schema; this fails while
either committed file is stale: run `make gen-api` and commit the result."""

from __future__ import annotations

import json
import subprocess
import sys

import switchlab_core

from conftest import ROOT

GENERATED = ROOT / "frontend" / "src"


def test_committed_generated_types_match_the_openapi_document_and_the_core_schema(tmp_path):
    api, config = tmp_path / "schema.gen.ts", tmp_path / "config.gen.ts"
    subprocess.run([sys.executable, str(ROOT / "scripts" / "gen_api.py"), "--out", str(api), "--config-out", str(config)],
                   check=True, cwd=tmp_path, timeout=120)
    assert api.read_text() == (GENERATED / "api" / "schema.gen.ts").read_text(), "stale: run `make gen-api` and commit schema.gen.ts"
    assert config.read_text() == (GENERATED / "config" / "config.gen.ts").read_text(), \
        "stale: run `make gen-api` and commit config.gen.ts"
    # What the hand-written types used to miss.
    assert '"queued" | "running" | "done" | "failed" | "cancelled"' in api.read_text()
    # Every topology kind the core registers is a member of the config's union (what a new kind adds).
    kinds = json.loads(switchlab_core.schema())["properties"]["topology"]["properties"]["kind"]["enum"]
    assert all(f': "{kind}";' in config.read_text() for kind in kinds)
