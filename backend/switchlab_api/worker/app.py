"""The procrastinate app shared by the API (to defer) and the workers (to run).

Workers: PYTHONPATH=backend:build/python procrastinate --app=switchlab_api.worker.app.app worker
"""

from __future__ import annotations

import os

import procrastinate

from ..settings import get_settings

_settings = get_settings()

app = procrastinate.App(
    connector=procrastinate.PsycopgConnector(conninfo=_settings.database_url),
    import_paths=["switchlab_api.worker.tasks"],
    worker_defaults={
        "queues": [_settings.queue],
        # Runs execute in child processes, so one worker process can use every core.
        "concurrency": int(os.environ.get("SWITCHLAB_WORKER_CONCURRENCY", os.cpu_count() or 1)),
        # Faster heartbeats than procrastinate's defaults so a kill -9'd worker's jobs are
        # recovered within stalled_after_s instead of minutes.
        "update_heartbeat_interval": _settings.heartbeat_s,
        "stalled_worker_timeout": _settings.stalled_after_s,
        "abort_job_polling_interval": 1.0,
        # Our runs table is the record; finished queue rows (and the periodic recovery
        # jobs every few seconds) would otherwise pile up forever.
        "delete_jobs": "successful",
    },
)
