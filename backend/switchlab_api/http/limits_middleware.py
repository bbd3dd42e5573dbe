"""ASGI middleware rejecting request bodies over a byte limit (413) before they are parsed."""

from __future__ import annotations

from typing import Any

from .errors import ApiError


class BodySizeLimit:
    """`max_bytes` (SWITCHLAB_MAX_BODY_BYTES) for every body, except the paths of `larger`:
    {path: (limit, its environment variable)} (trace uploads)."""

    def __init__(self, app: Any, max_bytes: int, larger: dict[str, tuple[int, str]] | None = None):
        self.app = app
        self.default = (max_bytes, "SWITCHLAB_MAX_BODY_BYTES")
        self.larger = larger or {}

    async def __call__(self, scope: dict, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        limit = self.larger.get(scope["path"].rstrip("/"), self.default)
        for name, value in scope.get("headers", []):
            if name == b"content-length" and value.isdigit() and int(value) > limit[0]:
                await self._error(limit).response()(scope, receive, send)
                return
        seen = 0

        # Chunked bodies have no Content-Length: count as they stream in.
        async def counting_receive() -> dict:
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > limit[0]:
                    # FastAPI turns errors while reading the body into a 400 caused by this
                    # one; errors.py answers with the cause.
                    raise self._error(limit)
            return message

        try:
            await self.app(scope, counting_receive, send)
        except ApiError as error:
            await error.response()(scope, receive, send)

    @staticmethod
    def _error(limit: tuple[int, str]) -> ApiError:
        return ApiError(413, f"request body larger than {limit[0]} bytes", field="body",
                        allowed=f"at most {limit[0]} bytes ({limit[1]})")
