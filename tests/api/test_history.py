"""The server-wide history: GET /api/experiments and GET /api/sweeps list newest first, page by cursor,
filter by engine, status, name and created time, and reject bad parameters naming them (docs/api.md,
History). Real Postgres; creation times are set in the database so the order is known exactly."""

from __future__ import annotations

import copy
from datetime import datetime, timedelta, timezone

import pytest
from conftest import TINY

T0 = datetime(2026, 11, 1, 12, 0, 0, 123456, tzinfo=timezone.utc)
CYCLE = {"engine": "cycle", "name": "Tiny Mesh", "topology": {"kind": "mesh", "dims": [2, 2]}, "switch": {"cache": None},
         "traffic": {"pattern": "uniform", "injection": {"load": 0.1}},
         "sim": {"warmup_cycles": 10, "measure_cycles": 100, "drain_cycles": 100}}


def submit(client, config) -> str:
    r = client.post("/api/experiments", json=config)
    assert r.status_code == 202, r.text
    return r.json()["id"]


def tiny(seed: int, **extra) -> dict:
    return {**copy.deepcopy(TINY), "seed": seed, **extra}


def set_created(db, table: str, ident: str, at: datetime) -> None:
    db.execute(f"UPDATE {table} SET created_at = %s WHERE id = %s", (at, ident))


def all_pages(client, path: str, limit: int, **params) -> tuple[list[dict], int]:
    items, before, pages = [], None, 0
    while True:
        r = client.get(path, params={"limit": limit, **params, **({"before": before} if before else {})})
        assert r.status_code == 200, r.text
        page = r.json()
        pages += 1
        assert len(page["items"]) <= limit
        items += page["items"]
        before = page["next_cursor"]
        if before is None:
            return items, pages


def test_experiments_newest_first_paged_without_gaps_or_repeats(client, db):
    ids = [submit(client, tiny(seed)) for seed in range(1, 8)]
    # Seeds 3 and 4 share a creation time: the id breaks the tie, and paging neither skips nor repeats.
    times = [T0 + timedelta(minutes=m) for m in (0, 1, 2, 2, 3, 4, 5)]
    for ident, at in zip(ids, times):
        set_created(db, "experiments", ident, at)
    want = [i for _, i in sorted(zip(times, ids), reverse=True)]

    items, pages = all_pages(client, "/api/experiments", 2)
    assert [i["id"] for i in items] == want and pages == 4
    first = client.get("/api/experiments", params={"limit": 3}).json()
    assert first["next_cursor"] == f"{int((times[4] - datetime(1970, 1, 1, tzinfo=timezone.utc)) / timedelta(microseconds=1))}_{ids[4]}"
    item = items[0]
    assert item == {"id": ids[6], "name": "", "engine": "routewalk", "topology": "torus", "status": "queued",
                    "created_at": "2026-11-01T12:05:00.123456Z", "finished_at": None, "submitted_directly": True,
                    "hit_rate": None, "wall_time_s": None, "progress_fraction": None,
                    "location": f"/api/experiments/{ids[6]}", "ui_url": f"/e/{ids[6]}"}
    # One page holding everything has no cursor.
    assert client.get("/api/experiments", params={"limit": 7}).json()["next_cursor"] is None


def test_experiment_filters(client, db):
    walk = [submit(client, tiny(seed, name=f"Walk {seed}")) for seed in (1, 2)]
    cycle = submit(client, CYCLE)
    r = client.post("/api/sweeps", json={"name": "points", "base": tiny(1), "axes": {"seed": [5, 6]}})
    assert r.status_code == 202
    points = sorted(x["id"] for x in db.execute(
        "SELECT id FROM experiments WHERE NOT submitted_directly").fetchall())
    for k, ident in enumerate(walk + [cycle] + points):
        set_created(db, "experiments", ident, T0 + timedelta(hours=k))
    db.execute("UPDATE runs SET status = 'done', hit_rate = 0.5, wall_time_s = 0.01 WHERE experiment_id = %s", (walk[1],))

    def listed(**params) -> list[str]:
        r = client.get("/api/experiments", params=params)
        assert r.status_code == 200, r.text
        return [i["id"] for i in r.json()["items"]]

    assert listed() == list(reversed(walk + [cycle] + points))
    assert listed(engine="cycle") == [cycle]
    assert listed(engine="routewalk") == list(reversed(walk + points))
    assert listed(status="done") == [walk[1]]
    assert listed(status="queued") == list(reversed([walk[0], cycle] + points))
    assert listed(name="walk") == [walk[1], walk[0]]  # case-insensitive substring
    assert listed(name="tiny m") == [cycle]
    assert listed(name="%") == [] and listed(name="_") == []  # wildcards are literal
    assert listed(direct="true") == [cycle, walk[1], walk[0]]
    assert listed(direct="false") == list(reversed(points))
    assert listed(created_after=(T0 + timedelta(hours=1)).isoformat(), created_before="2026-11-01T14:30:00Z") == [cycle]
    assert listed(created_after="2026-11-01T13:00:00") == [points[1], points[0], cycle, walk[1]]  # no zone: UTC
    assert listed(engine="routewalk", status="done", name="2") == [walk[1]]
    done = client.get("/api/experiments", params={"status": "done"}).json()["items"][0]
    assert (done["hit_rate"], done["wall_time_s"], done["name"]) == (0.5, 0.01, "Walk 2")


def test_sweeps_newest_first_with_progress_status_and_filters(client, db):
    made = []
    for k, (name, base, axes) in enumerate([
            ("entries small", tiny(1), {"switch.cache.entries": [16, 32]}),
            ("ways", tiny(2), {"switch.cache.ways": [1, 2, 4]}),
            ("cycle loads", CYCLE, {"traffic.injection.load": [0.05, 0.1]})]):
        r = client.post("/api/sweeps", json={"name": name, "base": base, "axes": axes})
        assert r.status_code == 202, r.text
        made.append(r.json()["id"])
        set_created(db, "sweeps", made[-1], T0 + timedelta(days=k))
    client.delete(f"/api/sweeps/{made[1]}")

    items, pages = all_pages(client, "/api/sweeps", 1)
    assert [i["id"] for i in items] == list(reversed(made)) and pages == 3
    newest = items[0]
    assert newest["name"] == "cycle loads" and newest["engines"] == ["cycle"] and newest["status"] == "queued"
    assert newest["progress"] == {"total": 2, "unique_points": 2, "done": 0, "failed": 0, "cancelled": 0, "running": 0,
                                  "queued": 2, "fraction_done": 0.0, "eta_s": None}
    assert (newest["ui_url"], newest["location"], newest["results_url"]) == (
        f"/s/{made[2]}", f"/api/sweeps/{made[2]}", f"/api/sweeps/{made[2]}/results")
    assert newest["created_at"] == "2026-11-03T12:00:00.123456Z" and newest["cancelled_at"] is None
    # The list's status and progress are the sweep's own.
    for item in items:
        one = client.get(f"/api/sweeps/{item['id']}").json()
        assert (item["status"], item["progress"]) == (one["status"], one["progress"])

    def listed(**params) -> list[str]:
        r = client.get("/api/sweeps", params=params)
        assert r.status_code == 200, r.text
        return [i["id"] for i in r.json()["items"]]

    assert listed(status="cancelled") == [made[1]]
    assert listed(status="queued") == [made[2], made[0]]
    assert listed(engine="cycle") == [made[2]]
    assert listed(engine="routewalk") == [made[1], made[0]]
    assert listed(name="ENTRIES") == [made[0]]
    assert listed(created_before="2026-11-02T12:00:00.123456Z") == [made[0]]
    assert listed(created_after="2026-11-02T12:00:00.123456+00:00") == [made[2]]
    # A cancelled sweep resubmitted is live again, in the list too.
    assert client.post("/api/sweeps", json={"name": "ways", "base": tiny(2),
                                            "axes": {"switch.cache.ways": [1, 2, 4]}}).status_code == 200
    assert listed(status="cancelled") == []


@pytest.mark.parametrize("path", ["/api/experiments", "/api/sweeps"])
@pytest.mark.parametrize("params,field,allowed", [
    ({"limit": "0"}, "limit", "an integer in [1, 200]"),
    ({"limit": "201"}, "limit", "an integer in [1, 200]"),
    ({"limit": "ten"}, "limit", "an integer in [1, 200]"),
    ({"status": "finished"}, "status", "one of: queued, running, done, failed, cancelled"),
    ({"engine": "booksim"}, "engine", "one of: app, cycle, routewalk, smpi"),
    ({"name": "x" * 201}, "name", "a string of at most 200 characters"),
    ({"name": "a\x00b"}, "name", "text without U+0000"),  # schemathesis: Postgres refused it (a 500)
    ({"created_after": "yesterday"}, "created_after",
     "an ISO 8601 date-time, e.g. 2026-11-28T13:00:00Z (UTC if no zone is given)"),
    ({"created_before": "2026-13-01"}, "created_before",
     "an ISO 8601 date-time, e.g. 2026-11-28T13:00:00Z (UTC if no zone is given)"),
    ({"before": "12_abc"}, "before", "the next_cursor of a previous page"),
    ({"before": "9" * 19 + "_" + "a" * 64}, "before", "the next_cursor of a previous page"),
], ids=lambda v: v if isinstance(v, str) else None)
def test_bad_parameters_name_the_parameter_and_what_it_allows(client, path, params, field, allowed):
    r = client.get(path, params=params)
    assert r.status_code == 422, r.text
    error = r.json()["error"]
    assert (error["code"], error["field"], error["allowed"]) == ("invalid_request", field, allowed)
    assert error["message"]


def test_direct_must_be_a_boolean(client):
    error = client.get("/api/experiments", params={"direct": "maybe"}).json()["error"]
    assert (error["field"], error["allowed"]) == ("direct", "true or false")
    assert error["message"] == 'must be true or false; got "maybe"'
