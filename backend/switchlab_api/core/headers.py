"""Security headers on every answer, UI and API alike (docs/security.md).

The UI's policy allows only this origin, plus what the Vite build needs: WebAssembly compiled
from the same-origin .wasm ('wasm-unsafe-eval'), the validation/run Web Worker ('self', and
blob: for bundlers that wrap workers), data:/blob: images (the inline favicon, chart PNG/SVG
export). API answers are data, never rendered: they allow nothing. The interactive docs
(/api/docs) load Swagger UI from its CDN with one inline bootstrap script.
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


def policy_for(path: str) -> str:
    if path == "/api/docs":
        return DOCS_CSP
    return API_CSP if path == "/api" or path.startswith("/api/") else UI_CSP


class SecurityHeaders:
    def __init__(self, app: Any):
        self.app = app

    async def __call__(self, scope: dict, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        extra = {**COMMON, b"content-security-policy": policy_for(scope["path"]).encode()}

        async def send_with_headers(message: dict) -> None:
            if message["type"] == "http.response.start":
                present = {name.lower() for name, _ in message.get("headers", [])}
                message["headers"] = [*message.get("headers", []),
                                      *((k, v) for k, v in extra.items() if k not in present)]
            await send(message)

        await self.app(scope, receive, send_with_headers)
