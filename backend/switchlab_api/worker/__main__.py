"""A worker that outlives its database: `python -m switchlab_api.worker --name NAME`.

procrastinate's own worker stops when its Postgres connection drops (its listener fails); this
loop lets running jobs finish (their database calls retry in process, db_retry.py), waits for
the database with backoff and starts a fresh worker, so a Postgres restart costs no capacity
and no recomputation. SIGTERM/SIGINT stop it gracefully (running jobs finish first).
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import signal

import psycopg

from ..settings import get_settings
from .app import app

log = logging.getLogger("switchlab.worker")


async def _database_back(url: str, stop: asyncio.Event) -> None:
    pause = 0.5
    while not stop.is_set():
        try:
            async with await psycopg.AsyncConnection.connect(url, connect_timeout=5):
                return
        except psycopg.OperationalError as exc:
            log.warning("waiting for the database (%s); next try in %.1f s", exc, pause)
        try:
            await asyncio.wait_for(stop.wait(), pause)
        except asyncio.TimeoutError:
            pause = min(pause * 2, 15.0)


async def serve(name: str, one_shot: bool) -> int:
    url = get_settings().database_url
    stop = asyncio.Event()
    current: asyncio.Task | None = None

    def on_signal() -> None:
        stop.set()
        if current is not None:
            current.cancel()  # procrastinate then stops gracefully: running jobs finish

    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, on_signal)
    while not stop.is_set():
        await _database_back(url, stop)
        if stop.is_set():
            break
        try:
            async with app.open_async():
                current = asyncio.create_task(app.run_worker_async(
                    name=name, wait=not one_shot, install_signal_handlers=False))
                await current
        except asyncio.CancelledError:
            break
        except Exception as exc:  # the database went away while starting or stopping
            log.warning("worker %s lost the database: %s", name, exc)
        finally:
            current = None
        if one_shot:
            break
        if not stop.is_set():
            log.warning("worker %s stopped without being asked (database lost?); restarting", name)
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--name", required=True, help="worker name, stored with each run it executes")
    parser.add_argument("--one-shot", action="store_true", help="drain the queue, then exit")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    return asyncio.run(serve(args.name, args.one_shot))


if __name__ == "__main__":
    raise SystemExit(main())
