#!/usr/bin/env python3
"""Open-loop HTTP load: GET one URL at a fixed arrival rate, each request on a NEW connection
(the worst case for a server, and how the client that collapsed the API behaved), while a probe
asks /api/health every 250 ms. Latency is measured from each request's scheduled time, so a
server that falls behind shows it (no coordinated omission). Standard library only.

    python scripts/loadgen.py URL [--rate 500] [--seconds 60] [--timeout 5]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import resource
import time
import urllib.parse
from dataclasses import dataclass, field


@dataclass
class Report:
    offered: int = 0
    ok: int = 0
    errors: dict[str, int] = field(default_factory=dict)
    latencies_ms: list[float] = field(default_factory=list)
    health_ok: int = 0
    health_failed: int = 0
    health_ms: list[float] = field(default_factory=list)
    seconds: float = 0.0

    def error(self, kind: str) -> None:
        self.errors[kind] = self.errors.get(kind, 0) + 1

    @property
    def error_count(self) -> int:
        return sum(self.errors.values())

    def summary(self) -> dict[str, object]:
        lat, health = sorted(self.latencies_ms), sorted(self.health_ms)
        return {"offered": self.offered, "ok": self.ok, "errors": self.error_count, "error_kinds": self.errors,
                "served_per_s": self.ok / self.seconds if self.seconds else 0.0,
                "p50_ms": pct(lat, 50), "p99_ms": pct(lat, 99), "max_ms": lat[-1] if lat else None,
                "health_ok": self.health_ok, "health_failed": self.health_failed,
                "health_p50_ms": pct(health, 50), "health_max_ms": health[-1] if health else None}


def pct(values: list[float], q: float) -> float | None:
    # Nearest rank: an observed value, not an interpolation.
    if not values:
        return None
    return values[max(0, min(len(values) - 1, int(round(q / 100 * len(values) + 0.5)) - 1))]


async def get_status(host: str, port: int, target: str, timeout: float) -> int:
    """One GET on a new connection; returns the HTTP status after reading the whole answer."""
    async def exchange() -> int:
        reader, writer = await asyncio.open_connection(host, port)
        try:
            writer.write(f"GET {target} HTTP/1.1\r\nHost: {host}:{port}\r\nConnection: close\r\n\r\n".encode())
            await writer.drain()
            status_line = await reader.readline()
            await reader.read()  # the rest, until the server closes
            return int(status_line.split()[1])
        finally:
            writer.close()
    return await asyncio.wait_for(exchange(), timeout)


async def run(url: str, rate: float, seconds: float, timeout: float = 5.0,
              health_url: str | None = None) -> Report:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))  # one socket per request in flight
    u = urllib.parse.urlsplit(url)
    host, port = u.hostname or "127.0.0.1", u.port or 80
    target = u.path + (f"?{u.query}" if u.query else "")
    health = urllib.parse.urlsplit(health_url or f"{u.scheme}://{u.netloc}/api/health").path
    report = Report()
    loop = asyncio.get_running_loop()
    t0 = loop.time()
    stop = t0 + seconds

    async def one(scheduled: float) -> None:
        try:
            status = await get_status(host, port, target, timeout)
        except asyncio.TimeoutError:
            report.error("timeout")
            return
        except OSError as exc:
            report.error(type(exc).__name__)
            return
        if status == 200:
            report.ok += 1
            report.latencies_ms.append((loop.time() - scheduled) * 1e3)
        else:
            report.error(f"HTTP {status}")

    async def probe() -> None:
        while loop.time() < stop:
            t = loop.time()
            try:
                ok = await get_status(host, port, health, 2.0) == 200
            except (asyncio.TimeoutError, OSError):
                ok = False
            report.health_ms.append((loop.time() - t) * 1e3)
            if ok:
                report.health_ok += 1
            else:
                report.health_failed += 1
            await asyncio.sleep(max(0.0, 0.25 - (loop.time() - t)))

    prober = asyncio.create_task(probe())
    tasks = []
    n = int(rate * seconds)
    for i in range(n):
        scheduled = t0 + i / rate
        delay = scheduled - loop.time()
        if delay > 0:
            await asyncio.sleep(delay)
        tasks.append(asyncio.create_task(one(scheduled)))
        report.offered += 1
    await asyncio.gather(*tasks)
    await prober
    report.seconds = loop.time() - t0
    resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))
    return report


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("url")
    parser.add_argument("--rate", type=float, default=500.0, help="requests per second offered (default 500)")
    parser.add_argument("--seconds", type=float, default=60.0, help="duration (default 60)")
    parser.add_argument("--timeout", type=float, default=5.0, help="per-request timeout in s (default 5)")
    args = parser.parse_args()
    report = asyncio.run(run(args.url, args.rate, args.seconds, args.timeout))
    print(json.dumps(report.summary()))
    return 1 if report.error_count or report.health_failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
