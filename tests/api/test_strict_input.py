"""Input the API used to accept or describe poorly (docs/api.md, Errors): unknown keys in a
request body, keys repeated in one JSON object, and query parameters out of their declared range.
Each is a 422 in the one envelope naming the field and what it allows, and nothing is written."""

from __future__ import annotations

import json

from conftest import TINY

BASE = {**TINY, "traffic": {"pattern": "uniform", "packets": 500}}
JSON = {"content-type": "application/json"}
NO_SUCH_ID = "f" * 64  # query parameters are checked before the id is looked up


def error(r) -> dict:
    assert r.status_code == 422, r.text
    assert set(r.json()) == {"error"}, r.json()
    return r.json()["error"]


def nothing_written(db) -> bool:
    return all(db.execute(f"SELECT count(*) AS n FROM {t}").fetchone()["n"] == 0
               for t in ("sweeps", "sweep_points", "experiments", "runs", "procrastinate_jobs"))


def test_unknown_sweep_keys_are_422_naming_the_key_and_the_allowed_ones(client, db):
    r = client.post("/api/sweeps", json={"nmae": "typo", "base": BASE, "axes": {"seed": [1, 2]}})
    assert error(r) == {"code": "invalid_config", "message": "unknown field", "field": "nmae",
                        "allowed": "one of: axes, base, name"}
    # A range object is part of the sweep body too: the key itself is named, not just its axis.
    r = client.post("/api/sweeps", json={"base": BASE, "axes": {"seed": {"from": 1, "to": 3, "step": 1, "stpe": 2}}})
    assert error(r) == {"code": "invalid_config", "message": "unknown field", "field": "axes.seed.stpe",
                        "allowed": "one of: from, mul, step, to"}
    assert nothing_written(db)


def test_unknown_config_keys_are_the_cores_to_name(client, db, core):
    # A config's keys are the core's schema: the API relays the core's error unchanged, for an
    # experiment and for a sweep's base alike.
    bad = {**BASE, "traffic": {**BASE["traffic"], "bogus": 1}}
    want = json.loads(core.prepare(json.dumps(bad)))["error"]
    assert (want["field"], want["message"]) == ("traffic.bogus", "unknown field")
    assert error(client.post("/api/experiments", json=bad)) == {"code": "invalid_config", **want}
    err = error(client.post("/api/sweeps", json={"base": bad, "axes": {"seed": [1]}}))
    assert (err["field"], err["message"], err["allowed"]) == ("base.traffic.bogus", "unknown field", want["allowed"])
    assert nothing_written(db)


def test_body_fields_name_their_declared_type_and_limits(client, db):
    r = client.post("/api/sweeps", json={"name": "x" * 201, "base": BASE, "axes": {"seed": [1]}})
    assert error(r) == {"code": "invalid_config", "message": 'must be a string of at most 200 characters; got "'
                        + "x" * 56 + '...', "field": "name", "allowed": "a string of at most 200 characters"}
    r = client.post("/api/sweeps", json={"base": [1], "axes": {"seed": [1]}})
    assert error(r) == {"code": "invalid_config", "message": "must be a JSON object; got [1]", "field": "base",
                        "allowed": "a JSON object"}
    r = client.post("/api/sweeps", json={"axes": {"seed": [1]}})
    assert error(r) == {"code": "invalid_config", "message": "is required", "field": "base", "allowed": "a JSON object"}
    assert nothing_written(db)


DUPLICATE = {"code": "invalid_config", "message": "is given 2 times in the same object",
             "allowed": "each key at most once per object"}


def test_repeated_keys_are_422_naming_the_key_path(client, db):
    cases = [
        # An experiment whose load the sender could not have meant both ways.
        ("/api/experiments", '{"seed": 1, "engine": "cycle", "topology": {"kind": "mesh", "dims": [4, 4]},'
                             ' "traffic": {"pattern": "uniform", "injection": {"load": 0.1, "load": 0.9}}}',
         "traffic.injection.load"),
        ("/api/sweeps", '{"name": "a", "name": "b", "base": {"seed": 1}, "axes": {"seed": [1]}}', "name"),
        # Inside a list; with several, an object's own before those inside its values.
        # List items in the core's notation ([i]), the one the whole envelope uses.
        ("/api/sweeps", '{"base": {"seed": 1}, "axes": {"x": [{"k": 1, "k": 2}]}}', "axes.x[0].k"),
        ("/api/sweeps", '{"base": {"seed": 1}, "axes": {"x": [1, [{"k": 1}, {"k": 1, "k": 2}]]}}', "axes.x[1][1].k"),
        ("/api/sweeps", '{"base": {"seed": 1}, "axes": {"x": [{"k": 1, "k": 2}], "seed": [1], "seed": [2]}}',
         "axes.seed"),
    ]
    for path, body, field in cases:
        assert error(client.post(path, content=body.encode(), headers=JSON)) == {**DUPLICATE, "field": field}, body
    r = client.post("/api/experiments", content=b'{"seed": 1, "seed": 1, "seed": 2}', headers=JSON)
    assert error(r) == {**DUPLICATE, "message": "is given 3 times in the same object", "field": "seed"}
    assert nothing_written(db)


def test_query_parameters_name_their_declared_range(client, db):
    results = f"/api/sweeps/{NO_SUCH_ID}/results"
    arrays = f"/api/experiments/{NO_SUCH_ID}/arrays/cache.by_port"
    cases = [
        (results, {"limit": 0}, "limit", "an integer in [1, 10000]", '"0"'),
        (results, {"limit": "ten"}, "limit", "an integer in [1, 10000]", '"ten"'),
        (results, {"format": "xml"}, "format", "one of: json, csv", '"xml"'),
        (arrays, {"offset": -1}, "offset", "an integer in [0, 2147483648]", '"-1"'),
        (arrays, {"limit": 65537}, "limit", "an integer in [1, 65536]", '"65537"'),
    ]
    for url, params, field, allowed, got in cases:
        assert error(client.get(url, params=params)) == {
            "code": "invalid_request", "message": f"must be {allowed}; got {got}", "field": field,
            "allowed": allowed}, params


def test_numbers_beyond_a_double_are_told_apart_from_nan_and_infinity(client, db, core):
    """1e400 is valid JSON (RFC 8259 sets no range) that no double holds: the core's words for it,
    not the NaN/Infinity message (Python reads both as infinity)."""
    big = '{"seed": 1, "traffic": {"pattern": "uniform", "injection": {"load": 1e400}}}'
    assert error(client.post("/api/experiments", content=big.encode(), headers=JSON)) == {
        "code": "invalid_config", "field": "traffic.injection.load", "message": "is a number beyond a double's range",
        "allowed": "a number of magnitude at most 1.7976931348623157e308"}
    # The same words as the core's own refusal of that text (which adds where it stopped reading).
    want = json.loads(core.prepare(big))["error"]
    assert want["message"].startswith("is a number beyond a double's range (at byte ")
    assert want["allowed"] == "a number of magnitude at most 1.7976931348623157e308"
    nan = '{"seed": 1, "traffic": {"pattern": "uniform", "injection": {"load": -Infinity}}}'
    assert error(client.post("/api/experiments", content=nan.encode(), headers=JSON)) == {
        "code": "invalid_config", "field": "traffic.injection.load",
        "message": "must be a finite number (NaN and Infinity are not JSON)", "allowed": "a finite number"}
    assert nothing_written(db)


def test_sweep_axis_errors_name_what_is_allowed(client, db):
    """Every 422 of a sweep's axes fills `allowed`, as the core's errors do (docs/contract.md)."""
    cases = [
        ({"seed": {"from": 1, "to": 10**6, "step": 1}}, "axes.seed", "at most 100000 values"),
        ({"seed": {"from": 5, "to": 1, "step": 1}}, "axes.seed", "'to' >= 5"),
        ({"seed": {"from": 1, "to": 5}}, "axes.seed",
         '{"from": a, "to": b, "mul": m > 1} or {"from": a, "to": b, "step": s > 0}'),
        ({"seed": {"from": 0, "to": 5, "mul": 2}}, "axes.seed", "'mul' > 1 and 'from' > 0"),
        ({"seed": []}, "axes.seed", "a non-empty list of values"),
        ({"topology.dims.5": [4]}, "axes.topology.dims.5", "an index in [0, 1]"),
        ({"seed.x": [1]}, "axes.seed.x", "a path through objects and list indices"),
    ]
    base = {**BASE, "topology": {"kind": "torus", "dims": [4, 4]}}
    for axes, field, allowed in cases:
        err = error(client.post("/api/sweeps", json={"base": base, "axes": axes}))
        assert (err["field"], err["allowed"]) == (field, allowed), axes
    assert nothing_written(db)
