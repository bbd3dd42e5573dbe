"""Read-only metadata: the config JSON Schema and the named presets."""

from __future__ import annotations

import json
import pathlib
from functools import lru_cache
from typing import Any

from fastapi import APIRouter
from pydantic import BaseModel

from ...core import engine
from ...models.common import SERVER_ERRORS, FieldProblem

router = APIRouter(tags=["meta"])
PRESET_DIR = pathlib.Path(__file__).resolve().parents[2] / "presets"


class Preset(BaseModel):
    id: str
    name: str
    description: str
    source: str
    config: dict[str, Any]
    experiment_id: str | None
    error: FieldProblem | None


@router.get("/schema", operation_id="getSchema", response_model=dict[str, Any], responses=SERVER_ERRORS)
def get_schema() -> dict[str, Any]:
    return engine.config_schema()


@lru_cache
def _preset_files() -> list[dict[str, Any]]:
    return [dict(json.loads(p.read_text()), id=p.stem) for p in sorted(PRESET_DIR.glob("*.json"))]


@router.get("/presets", operation_id="listPresets", response_model=list[Preset], responses=SERVER_ERRORS)
def list_presets() -> list[Preset]:
    out = []
    for p in _preset_files():
        # The id tells the UI whether a preset was already computed; an invalid preset is
        # reported, not hidden, so a core change that breaks one is visible.
        try:
            exp_id, err = engine.prepare(p["config"]).id, None
        except engine.FieldError as exc:
            exp_id, err = None, FieldProblem(**exc.as_dict())
        out.append(Preset(id=p["id"], name=p["name"], description=p.get("description", ""),
                          source=p.get("source", ""), config=p["config"], experiment_id=exp_id, error=err))
    return out
