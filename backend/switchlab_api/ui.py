"""Serve the built single-page UI: real files as they are, /, /e/{id} and /s/{id} -> index.html."""

from __future__ import annotations

import pathlib

from fastapi import FastAPI
from fastapi.responses import FileResponse, Response

from .core.errors import ApiError

SPA_PREFIXES = ("e/", "s/")


def mount_ui(app: FastAPI, ui_dir: str) -> None:
    root = pathlib.Path(ui_dir).resolve()
    index = root / "index.html"

    @app.get("/{path:path}", include_in_schema=False)
    def ui(path: str) -> Response:
        if path == "api" or path.startswith("api/"):
            return ApiError(404, f"no such endpoint: /{path}").response()
        candidate = (root / path).resolve()
        # is_relative_to blocks ../ escapes out of the UI folder.
        if path and candidate.is_relative_to(root) and candidate.is_file():
            return FileResponse(candidate)
        if (path == "" or path.startswith(SPA_PREFIXES)) and index.is_file():
            return FileResponse(index)
        return ApiError(404, f"no such page or file: /{path}").response()
