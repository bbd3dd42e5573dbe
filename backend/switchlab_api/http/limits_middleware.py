"""ASGI middleware rejecting request bodies over a byte limit (413) before they are parsed."""

from __future__ import annotations

from typing import Any

from .errors import ApiError


class BodySizeLimit:
    def __init__(self, app: Any, max_bytes: int):
        self.app = app
        self.max_bytes = max_bytes

    async def __call__(self, scope: dict, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        for name, value in scope.get("headers", []):
            if name == b"content-length" and value.isdigit() and int(value) > self.max_bytes:
                await self._reject(scope, receive, send)
                return
        seen = 0

        # Chunked bodies have no Content-Length: count as they stream in.
        async def counting_receive() -> dict:
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.max_bytes:
                    # FastAPI turns errors while reading the body into a 400 caused by this
                    # one; errors.py answers with the cause.
                    raise self._error()
            return message

        try:
            await self.app(scope, counting_receive, send)
        except ApiError as error:
            await error.response()(scope, receive, send)

    def _error(self) -> ApiError:
        return ApiError(413, f"request body larger than {self.max_bytes} bytes", field="body",
                        allowed=f"at most {self.max_bytes} bytes (SWITCHLAB_MAX_BODY_BYTES)")

    async def _reject(self, scope: dict, receive: Any, send: Any) -> None:
        await self._error().response()(scope, receive, send)
