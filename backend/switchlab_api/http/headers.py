"""Security headers on every answer, UI and API alike (docs/security.md).

The UI's policy allows only this origin, plus what the Vite build needs: WebAssembly compiled
from the same-origin .wasm ('wasm-unsafe-eval'), the validation/run Web Worker ('self', and
blob: for bundlers that wrap workers), data:/blob: images (the inline favicon, chart PNG/SVG
export). API answers are data, never rendered: they allow nothing. The interactive docs
(/api/docs) load Swagger UI from its CDN with one inline bootstrap script.

The UI is also cross-origin isolated (COOP same-origin + COEP require-corp): it loads nothing from
other origins anyway, and isolation gives its workers SharedArrayBuffer, which the threaded WASM
build of the core needs. The docs page, which does load from a CDN, is not isolated.
"""

from __future__ import annotations

from typing import Any

UI_CSP = ("default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self' blob:; "
          "connect-src 'self'; img-src 'self' data: blob:; style-src 'self'; font-src 'self' data:; "
          "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'")
# The core's Web Worker gets the same policy: the WASM build links with -sDYNAMIC_EXECUTION=0,
# so Emscripten's embind glue never evals (a cross-build test checks the glue).
API_CSP = "default-src 'none'; frame-ancestors 'none'"
DOCS_CSP = ("default-src 'none'; script-src 'unsafe-inline' https://cdn.jsdelivr.net; "
            "style-src https://cdn.jsdelivr.net; img-src https://fastapi.tiangolo.com data:; "
            "connect-src 'self'; frame-ancestors 'none'")
COMMON = {b"x-content-type-options": b"nosniff", b"x-frame-options": b"DENY", b"referrer-policy": b"no-referrer"}
UI_ISOLATION = {b"cross-origin-opener-policy": b"same-origin", b"cross-origin-embedder-policy": b"require-corp"}


def is_api(path: str) -> bool:
    return path == "/api" or path.startswith("/api/")


def policy_for(path: str) -> str:
    if path == "/api/docs":
        return DOCS_CSP
    return API_CSP if is_api(path) else UI_CSP


def headers_for(path: str) -> dict[bytes, bytes]:
    return {**COMMON, b"content-security-policy": policy_for(path).encode(), **({} if is_api(path) else UI_ISOLATION)}


class SecurityHeaders:
    def __init__(self, app: Any):
        self.app = app

    async def __call__(self, scope: dict, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        extra = headers_for(scope["path"])

        async def send_with_headers(message: dict) -> None:
            if message["type"] == "http.response.start":
                present = {name.lower() for name, _ in message.get("headers", [])}
                message["headers"] = [*message.get("headers", []),
                                      *((k, v) for k, v in extra.items() if k not in present)]
            await send(message)

        await self.app(scope, receive, send_with_headers)
