"""FastAPI application: `uvicorn switchlab_api.main:app`."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from fastapi import FastAPI

from .api.main import api_router
from .api.routes.traces import TRACES_PATH
from .http import errors
from .settings import get_settings
from .http.cors import EnvelopeCORSMiddleware
from .http.exposure import LoopbackUnlessProtected
from .http.security import ReadTokenRequired
from .http.headers import SecurityHeaders
from .http.head import HeadAsGet
from .http.limits_middleware import BodySizeLimit
from .db import pool
from .ui import mount_ui


def create_app() -> FastAPI:
    settings = get_settings()

    @asynccontextmanager
    async def lifespan(_: FastAPI) -> AsyncIterator[None]:
        pool.open_pool(settings.database_url)
        try:
            yield
        finally:
            pool.close_pool()

    app = FastAPI(
        title="SwitchLab API",
        version="0.1.0",
        description="Experiments, sweeps and results of the SwitchLab switch design-space explorer.",
        lifespan=lifespan,
        openapi_url="/api/openapi.json",
        docs_url="/api/docs",
        redoc_url=None,
    )
    errors.install(app)
    app.add_middleware(HeadAsGet)  # innermost: the routes see a GET, every other layer the HEAD
    app.add_middleware(BodySizeLimit, max_bytes=settings.max_body_bytes, larger={
        TRACES_PATH: (settings.max_trace_upload_bytes, "SWITCHLAB_MAX_TRACE_UPLOAD_BYTES")})
    app.add_middleware(ReadTokenRequired, settings=settings)
    app.add_middleware(LoopbackUnlessProtected, settings=settings)
    # Added last = outermost: the UI origin also gets CORS headers on a 413, so the browser
    # shows the JSON error instead of an opaque CORS failure.
    app.add_middleware(
        EnvelopeCORSMiddleware,
        allow_origins=list(settings.cors_origins),
        allow_methods=["GET", "POST", "DELETE"],
        allow_headers=["Content-Type", "Authorization"],
        expose_headers=["Location", "X-Next-Cursor"],
    )
    app.add_middleware(SecurityHeaders)  # outermost: every answer carries them
    app.include_router(api_router)
    if settings.ui_dir:
        mount_ui(app, settings.ui_dir)
    return app


logging.basicConfig(level=logging.INFO)
app = create_app()
