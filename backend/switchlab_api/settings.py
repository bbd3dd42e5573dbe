"""Settings read from the environment once, so every process (API, worker) agrees."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from functools import lru_cache


def _int(name: str, default: int) -> int:
    return int(os.environ.get(name, default))


def _float(name: str, default: float) -> float:
    return float(os.environ.get(name, default))


@dataclass(frozen=True)
class Settings:
    database_url: str = field(
        default_factory=lambda: os.environ.get(
            "DATABASE_URL", "postgresql://postgres@127.0.0.1:54329/switchlab"
        )
    )
    # Built frontend (frontend/dist); unset = API only.
    ui_dir: str | None = field(default_factory=lambda: os.environ.get("SWITCHLAB_UI_DIR") or None)
    # Write endpoints need "Authorization: Bearer <token>" when set (docker-compose sets it).
    api_token: str | None = field(default_factory=lambda: os.environ.get("SWITCHLAB_API_TOKEN") or None)
    # Private servers: every read (GET /api/..., except /api/health) needs this token or the write token.
    read_token: str | None = field(default_factory=lambda: os.environ.get("SWITCHLAB_READ_TOKEN") or None)
    # Without a token the API serves only loopback unless this is set (`--insecure-open`).
    insecure_open: bool = field(default_factory=lambda: os.environ.get("SWITCHLAB_INSECURE_OPEN") == "1")
    cors_origins: tuple[str, ...] = field(
        default_factory=lambda: tuple(
            o.strip()
            for o in os.environ.get(
                "SWITCHLAB_CORS_ORIGINS", "http://127.0.0.1:5173,http://localhost:5173"
            ).split(",")
            if o.strip()
        )
    )
    max_body_bytes: int = field(default_factory=lambda: _int("SWITCHLAB_MAX_BODY_BYTES", 1_000_000))
    # A trace upload as sent (compressed or not); what it unpacks to is bounded by the core's
    # trace limits (docs/api.md, Traces).
    max_trace_upload_bytes: int = field(default_factory=lambda: _int("SWITCHLAB_MAX_TRACE_UPLOAD_BYTES", 32_000_000))
    sweep_max_points: int = field(default_factory=lambda: _int("SWITCHLAB_SWEEP_MAX_POINTS", 10_000))
    # The configs of a sweep's points as stored (a 1 MB base times 10,000 points would be 10 GB;
    # the shipped examples are ~1 kB each).
    sweep_max_bytes: int = field(default_factory=lambda: _int("SWITCHLAB_SWEEP_MAX_BYTES", 100_000_000))
    # Per-run caps so one request cannot occupy a worker for days.
    max_packets: int = field(default_factory=lambda: _int("SWITCHLAB_MAX_PACKETS", 50_000_000))
    max_nodes: int = field(default_factory=lambda: _int("SWITCHLAB_MAX_NODES", 1_000_000))
    # Checked against the core's estimate (prepare's summary): look-ups bound the run time
    # (10-25 M look-ups/s per core, docs/benchmarks.md), memory_bytes its peak memory.
    max_lookups: int = field(default_factory=lambda: _int("SWITCHLAB_MAX_LOOKUPS", 20_000_000_000))
    # Engine cycle: estimated flit-hops of a run (summary.flit_hops; about 5-30 M/s natively).
    max_flit_hops: int = field(default_factory=lambda: _int("SWITCHLAB_MAX_FLIT_HOPS", 20_000_000_000))
    max_memory_bytes: int = field(default_factory=lambda: _int("SWITCHLAB_MAX_MEMORY_BYTES", 8_000_000_000))
    # Engines app and smpi: the skeletons' messages per run (the time model evaluates ~100 M
    # messages/s as steps repeat; SMPI's own trace limit is in the core).
    max_messages: int = field(default_factory=lambda: _int("SWITCHLAB_MAX_MESSAGES", 10_000_000_000))
    # Threads validating configs in the API at once (each one a core `prepare`); more queue.
    core_threads: int = field(default_factory=lambda: _int("SWITCHLAB_CORE_THREADS", os.cpu_count() or 2))
    # A core call (validation) not answered within this many seconds gives 503.
    core_timeout_s: float = field(default_factory=lambda: _float("SWITCHLAB_CORE_TIMEOUT_S", 60.0))
    # Each run's child process: wall-clock limit (CPU time is capped a little above it too, so
    # a child orphaned by a killed worker still ends) and address-space limit (RLIMIT_AS).
    run_time_limit_s: float = field(default_factory=lambda: _float("SWITCHLAB_RUN_TIME_LIMIT_S", 3600.0))
    run_memory_bytes: int = field(default_factory=lambda: _int("SWITCHLAB_RUN_MEMORY_BYTES", 10_000_000_000))
    # Threads of one route-walk run (the core's sim.threads, not part of the experiment); 0: every
    # core. A machine with several workers or a wide concurrency may want 1.
    run_threads: int = field(default_factory=lambda: _int("SWITCHLAB_RUN_THREADS", 0))
    # Stored results: arrays longer than this move out of the result into compressed pages
    # (GET /api/experiments/{id}/arrays/{path}); what stays inline may be at most max_result_bytes
    # of JSON, the compressed pages at most max_array_bytes. Over either, the run fails, saying so.
    result_inline_items: int = field(default_factory=lambda: _int("SWITCHLAB_RESULT_INLINE_ITEMS", 65_536))
    max_result_bytes: int = field(default_factory=lambda: _int("SWITCHLAB_MAX_RESULT_BYTES", 16_000_000))
    max_array_bytes: int = field(default_factory=lambda: _int("SWITCHLAB_MAX_ARRAY_BYTES", 256_000_000))
    # Memory for serialized finished experiments kept by each API process (they never change).
    finished_cache_bytes: int = field(default_factory=lambda: _int("SWITCHLAB_FINISHED_CACHE_BYTES", 64_000_000))
    # How long a worker keeps retrying a lost database (backoff) before giving up on a result.
    db_retry_s: float = field(default_factory=lambda: _float("SWITCHLAB_DB_RETRY_S", 600.0))
    # Worker liveness: a worker silent for stalled_after_s has its jobs retried.
    heartbeat_s: float = field(default_factory=lambda: _float("SWITCHLAB_HEARTBEAT_S", 5.0))
    stalled_after_s: float = field(default_factory=lambda: _float("SWITCHLAB_STALLED_AFTER_S", 30.0))
    queue: str = field(default_factory=lambda: os.environ.get("SWITCHLAB_QUEUE", "runs"))


@lru_cache
def get_settings() -> Settings:
    return Settings()
