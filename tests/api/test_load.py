"""D10, short form of the load test in make bench: a finished experiment fetched at 500 requests/s,
each on a new connection (what collapsed the API to 29 served/s with /api/health dead for ~65 s),
through a real uvicorn process; every request must be answered 200 and every health probe too."""

from __future__ import annotations

import asyncio

import httpx
from conftest import TINY, LiveApi, wait_for

import loadgen  # scripts/loadgen.py, the generator make bench runs for 60 s

import pytest

# `make check` leaves this out (slow: open-loop load for seconds); `make test` runs it.
pytestmark = pytest.mark.slow


def test_d10_500_requests_per_second_on_a_finished_experiment(database_url, db, workers, tmp_path):
    api = LiveApi(database_url, tmp_path)
    try:
        eid = httpx.post(f"{api.url}/api/experiments", json=TINY).json()["id"]
        workers.drain()
        url = f"{api.url}/api/experiments/{eid}"
        assert httpx.get(url).json()["status"] == "done"
        report = asyncio.run(loadgen.run(url, rate=500, seconds=5, timeout=5.0))
        summary = report.summary()
        print(summary)  # shown with -s
        assert report.offered == 2500
        assert report.error_count == 0, summary
        assert report.ok == 2500
        assert report.health_failed == 0 and report.health_ok >= 15, summary
    finally:
        api.stop()
