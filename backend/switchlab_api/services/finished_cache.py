"""Finished experiments never change (the id is the content, the result is written once), so
their serialized answers are kept in memory: a popular share link is served without a thread
hop or a database query (docs/api.md, Caching; the 500 requests/s load test in make bench)."""

from __future__ import annotations

import threading
from collections import OrderedDict


class FinishedCache:
    """Byte-bounded LRU of (ETag, JSON body) by full experiment id."""

    def __init__(self, max_bytes: int):
        self.max_bytes = max_bytes
        self._items: OrderedDict[str, tuple[str, bytes]] = OrderedDict()
        self._bytes = 0
        self._lock = threading.Lock()

    def get(self, key: str) -> tuple[str, bytes] | None:
        with self._lock:
            item = self._items.get(key)
            if item is not None:
                self._items.move_to_end(key)
            return item

    def clear(self) -> None:
        """Only for a database that was wiped (tests); finished rows are never deleted otherwise."""
        with self._lock:
            self._items.clear()
            self._bytes = 0

    def put(self, key: str, etag: str, body: bytes) -> None:
        if len(body) > self.max_bytes // 8:  # one huge result must not evict everything else
            return
        with self._lock:
            if key in self._items:
                return
            self._items[key] = (etag, body)
            self._bytes += len(body)
            while self._bytes > self.max_bytes:
                _, (_, old) = self._items.popitem(last=False)
                self._bytes -= len(old)
