"""A run's progress reports, written to its runs row at most once every INTERVAL_S.

The child reports after every step of the core (several a second) or SMPI replay; the database
gets the latest one at most once a second, and the last report is never lost to the throttle
(it is written when the interval has passed). Writes are best effort: one attempt, a failure is
logged and the run goes on (its outcome is what must be stored, db_retry.py).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Any

log = logging.getLogger("switchlab.worker")
INTERVAL_S = 1.0


class ProgressWriter:
    def __init__(self, write: Callable[[dict[str, Any]], Awaitable[None]], interval_s: float = INTERVAL_S):
        self._write = write
        self._interval_s = interval_s
        self._latest: dict[str, Any] | None = None
        self._task: asyncio.Task | None = None

    def report(self, progress: dict[str, Any]) -> None:
        self._latest = progress
        if self._task is None or self._task.done():
            self._task = asyncio.create_task(self._flush())

    async def _flush(self) -> None:
        while self._latest is not None:
            progress, self._latest = self._latest, None
            try:
                # Shielded: stopping the writer mid-write must not abandon a pooled connection.
                await asyncio.shield(self._write(progress))
            except Exception as exc:  # best effort: the run itself is unaffected
                log.warning("progress report not stored: %s", exc)
            await asyncio.sleep(self._interval_s)

    def stop(self) -> None:
        """No more writes (the run is over); one under way completes and matches no running run."""
        if self._task is not None:
            self._task.cancel()
