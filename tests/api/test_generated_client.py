"""The UI's API types (frontend/src/api/schema.gen.ts) are generated from the OpenAPI document, and its
Config type (frontend/src/config/config.gen.ts) from the core's config schema;
this fails while the committed file is stale: run `make gen-api` and commit the result."""

from __future__ import annotations

import json
import subprocess
import sys

import switchlab_core

from conftest import ROOT

COMMITTED = ROOT / "frontend" / "src" / "api" / "schema.gen.ts"


def test_committed_client_types_match_the_openapi_document(tmp_path):
    fresh = tmp_path / "schema.gen.ts"
    subprocess.run([sys.executable, str(ROOT / "scripts" / "gen_api.py"), "--out", str(fresh)], check=True,
                   cwd=tmp_path, timeout=120)
    assert fresh.read_text() == COMMITTED.read_text(), "stale: run `make gen-api` and commit schema.gen.ts"
    # What the hand-written types used to miss.
    assert '"queued" | "running" | "done" | "failed" | "cancelled"' in COMMITTED.read_text()


CONFIG_TYPE = ROOT / "frontend" / "src" / "config" / "config.gen.ts"


def test_committed_config_type_matches_the_core_schema(tmp_path):
    """The UI's Config type (config.gen.ts) is generated from the built core's config schema."""
    fresh = tmp_path / "config.gen.ts"
    subprocess.run([sys.executable, str(ROOT / "scripts" / "gen_config_type.py"), "--out", str(fresh)], check=True,
                   cwd=tmp_path, timeout=120)
    assert fresh.read_text() == CONFIG_TYPE.read_text(), "stale: run `make gen-api` and commit config.gen.ts"
    # Every topology kind the core registers is a member of the union (what a new kind adds there).
    kinds = json.loads(switchlab_core.schema())["properties"]["topology"]["properties"]["kind"]["enum"]
    assert all(f': "{kind}";' in fresh.read_text() for kind in kinds)
