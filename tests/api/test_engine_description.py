"""The backend names no engine: its per-run caps, the worker's sim.threads and its dispatch to the
core or to SimGrid come from the core's description of its engines (the config schema's
x-engines; docs/architecture.md, "Engines"). Checked on the core's own summaries and configs."""
from __future__ import annotations

import dataclasses
import json

import pytest

from switchlab_api.domain import engine
from switchlab_api.domain.caps import check_caps
from switchlab_api.domain.engine import FieldError, default_engine, engine_info
from switchlab_api.settings import Settings
from switchlab_api.worker import runner

TORUS = {"topology": {"kind": "torus", "dims": [4, 4]}}
WALK = {**TORUS, "traffic": {"packets": 1000}}
CYCLE = {**TORUS, "engine": "cycle", "sim": {"warmup_cycles": 100, "measure_cycles": 200}}
APP = {**TORUS, "engine": "app", "traffic": {"pattern": "npb", "npb": {"benchmarks": ["cg"], "class": "S", "ranks": 16}},
       "app": {"hit_rate_source": "route_walk"}}


def summary(config: dict) -> dict:
    return engine.prepare(config).summary


def capped(**caps: int) -> Settings:
    return dataclasses.replace(Settings(), **caps)


def test_work_caps_apply_to_the_engines_whose_work_they_measure():
    walk, cycle, app = summary(WALK), summary(CYCLE), summary(APP)
    # The cycle engine's summary estimates look-ups too, but its work is flit-hops.
    assert cycle["lookups"] > 10 and cycle["flit_hops"] > 10
    check_caps(cycle, capped(max_lookups=10))
    with pytest.raises(FieldError) as e:
        check_caps(cycle, capped(max_flit_hops=10))
    assert e.value.field == "sim.measure_cycles"
    # The route walk's work is look-ups; the application model's its messages and, when its hit
    # rates come from a walk, that walk's look-ups.
    check_caps(walk, capped(max_flit_hops=0))
    for s in (walk, app):
        with pytest.raises(FieldError) as e:
            check_caps(s, capped(max_lookups=10))
        assert e.value.field == "traffic.packets"
    with pytest.raises(FieldError) as e:
        check_caps(app, capped(max_messages=10))
    assert e.value.field == "traffic.npb.class"
    # Caps on size apply to every engine.
    for s in (walk, cycle, app):
        with pytest.raises(FieldError):
            check_caps(s, capped(max_nodes=2))


def test_the_worker_sets_threads_and_dispatches_by_the_description():
    engines = {e["name"]: e for e in engine.config_schema()["x-engines"]}
    assert engine_info({}) == engines[default_engine()]
    assert engine_info({"engine": "no such"}) is None and engine_info([1]) is None
    for name, e in engines.items():
        cfg = json.dumps({**TORUS, "engine": name})
        threaded = runner.with_threads(cfg, 3)
        assert (threaded != cfg) == e["run_threads"], name
    # An engine the core does not run goes to SimGrid: the core alone refuses to run it.
    elsewhere = [n for n, e in engines.items() if not e["runs_in_core"]]
    assert elsewhere
    for name in elsewhere:
        with pytest.raises(ValueError) as refused:
            engine.core().run(json.dumps({**APP, "engine": name}))
        error = json.loads(str(refused.value))
        assert error["field"] == "engine" and error["message"] == engines[name]["runs_elsewhere"]
