"""Serve the built single-page UI: real files as they are, /, /e/{id} and /s/{id} -> index.html."""

from __future__ import annotations

import pathlib

from fastapi import FastAPI, Request
from fastapi.responses import FileResponse, Response
from starlette.routing import Match

from .http.errors import UI_CATCH_ALL, ApiError, method_not_allowed, no_such_endpoint

SPA_PREFIXES = ("e/", "s/")


def _file_in(root: pathlib.Path, path: str) -> pathlib.Path | None:
    """The file `path` names inside `root`, or None: also for names no file system can hold
    (a NUL byte, a component over NAME_MAX), which would otherwise raise."""
    if not path or "\x00" in path:
        return None
    try:
        candidate = (root / path).resolve()
        # is_relative_to blocks ../ escapes out of the UI folder.
        return candidate if candidate.is_relative_to(root) and candidate.is_file() else None
    except (OSError, ValueError):
        return None


def mount_ui(app: FastAPI, ui_dir: str) -> None:
    root = pathlib.Path(ui_dir).resolve()
    index = root / "index.html"

    def api_methods(path: str) -> list[str]:
        """The methods the API's endpoints take at this path (the catch-all matched a GET first),
        asked of the routes as the router asks them."""
        def takes(method: str) -> bool:
            scope = {"type": "http", "path": path, "method": method, "root_path": "", "headers": []}
            return any(r.matches(scope)[0] == Match.FULL for r in app.router.routes
                       if getattr(r, "name", None) != UI_CATCH_ALL)
        return [m for m in ("DELETE", "GET", "PATCH", "POST", "PUT") if takes(m)]

    @app.get("/{path:path}", include_in_schema=False, name=UI_CATCH_ALL)
    def ui(path: str, request: Request) -> Response:
        if path == "api" or path.startswith("api/"):
            methods = api_methods("/" + path)
            answer = method_not_allowed(request.scope, "/" + path, ", ".join(methods)) if methods \
                else no_such_endpoint("/" + path)
            return answer.response()
        found = _file_in(root, path)
        if found is not None:
            return FileResponse(found)
        if (path == "" or path.startswith(SPA_PREFIXES)) and "\x00" not in path and index.is_file():
            return FileResponse(index)
        return ApiError(404, f"no such page or file: /{path}").response()
