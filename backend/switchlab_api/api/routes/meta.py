"""Read-only metadata: the config JSON Schema and the presets (the repository's example catalogue)."""

from __future__ import annotations

import json
import pathlib
from functools import lru_cache
from typing import Any

from fastapi import APIRouter
from pydantic import BaseModel

from ...domain import engine
from ...http.offload import in_core_pool
from ...models.common import SERVER_ERRORS, FieldProblem

router = APIRouter(tags=["meta"])
# examples/ at the repository root (format: examples/README.md); the Docker image copies it to
# /app/examples beside /app/backend.
EXAMPLES_DIR = pathlib.Path(__file__).resolve().parents[4] / "examples"


class PublishedValue(BaseModel):
    what: str
    path: str | None = None  # dotted path of the run result compared with `value`
    value: float
    tolerance: float
    unit: str
    source: str | None = None
    note: str | None = None
    check: bool = True  # False: shown for context, not reproduced
    variant: str | None = None  # in a compare example: the value of `compare.path` it belongs to
    simulated_path: str | None = None  # beside a model's `path`: the run's simulated figure of it
    when: dict[str, Any] | None = None  # config changes (dotted path -> value) of the run it describes
    # The seeds' application figures: the same quantity measured elsewhere (skeleton_smpi, real_npb:
    # {value, size, source, statistic, runs}), and a speed-up's baseline run (examples/README.md).
    beside: dict[str, dict[str, Any]] | None = None
    baseline: dict[str, Any] | None = None
    benchmark: str | None = None


class Compare(BaseModel):
    path: str  # dotted config path the variants differ in
    values: list[Any]  # one run per value


class Preset(BaseModel):
    id: str  # the example's file name without .json
    title: str
    description: str
    source: str
    config: dict[str, Any]
    published: list[PublishedValue] = []
    compare: Compare | None = None  # run once per variant, the results overlaid
    browser: bool  # small enough to run in the browser tab
    experiment_id: str | None
    error: FieldProblem | None


@router.get("/schema", operation_id="getSchema", response_model=dict[str, Any], responses=SERVER_ERRORS)
async def get_schema() -> dict[str, Any]:
    return await in_core_pool(engine.config_schema)


@lru_cache
def _examples() -> list[dict[str, Any]]:
    return [dict(json.loads(p.read_text()), id=p.stem) for p in sorted(EXAMPLES_DIR.glob("*.json"))]


@router.get("/presets", operation_id="listPresets", response_model=list[Preset], responses=SERVER_ERRORS)
async def list_presets() -> list[Preset]:
    return await in_core_pool(_presets)


def _presets() -> list[Preset]:
    out = []
    for p in _examples():
        # The id tells the UI whether a preset was already computed; an invalid preset is
        # reported, not hidden, so a core change that breaks one is visible.
        try:
            exp_id, err = engine.prepare(p["config"]).id, None
        except engine.FieldError as exc:
            exp_id, err = None, FieldProblem(**exc.as_dict())
        out.append(Preset(**p, experiment_id=exp_id, error=err))
    return out
