"""Read-only metadata: the config JSON Schema and the named presets."""

from __future__ import annotations

import json
import pathlib
from functools import lru_cache
from typing import Any

from fastapi import APIRouter
from fastapi.responses import JSONResponse
from pydantic import BaseModel

from ...core import engine

router = APIRouter(tags=["meta"])
PRESET_DIR = pathlib.Path(__file__).resolve().parents[2] / "presets"


class Preset(BaseModel):
    id: str
    name: str
    description: str
    source: str
    config: dict[str, Any]
    experiment_id: str | None
    error: dict[str, str] | None


@router.get("/schema", operation_id="getSchema",
            responses={503: {"description": "the engine build provides no schema"}})
def get_schema() -> JSONResponse:
    schema = engine.json_schema()
    if schema is None:
        return JSONResponse({"detail": "this engine build does not provide a config schema yet"},
                            status_code=503)
    return JSONResponse(schema)


@lru_cache
def _preset_files() -> list[dict[str, Any]]:
    return [dict(json.loads(p.read_text()), id=p.stem) for p in sorted(PRESET_DIR.glob("*.json"))]


@router.get("/presets", operation_id="listPresets", response_model=list[Preset])
def list_presets() -> list[Preset]:
    out = []
    for p in _preset_files():
        # The id tells the UI whether a preset was already computed; an invalid preset is
        # reported, not hidden, so a core change that breaks one is visible.
        try:
            exp_id, err = engine.canonicalize(p["config"]).id, None
        except engine.FieldError as exc:
            exp_id, err = None, exc.as_dict()
        out.append(Preset(id=p["id"], name=p["name"], description=p.get("description", ""),
                          source=p.get("source", ""), config=p["config"], experiment_id=exp_id, error=err))
    return out
