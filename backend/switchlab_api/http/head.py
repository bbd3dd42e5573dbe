"""HEAD on every GET resource (RFC 9110 Sec. 9.3.2): the GET's status and headers, no body.

FastAPI routes declared with GET answer HEAD with 405; link checkers, `curl -I` and caches use
HEAD to ask whether an experiment or a page exists. Declaring HEAD on each route would put a
second operation per path into the OpenAPI document and the generated client, so the request is
answered here as its GET, with the body left out (Content-Length stays the GET's)."""

from __future__ import annotations

from typing import Any


# Scope key holding the request's own method, for errors that name it ("HEAD is not allowed").
ORIGINAL_METHOD = "switchlab.original_method"


def request_method(scope: dict) -> str:
    return scope.get(ORIGINAL_METHOD, scope["method"])


class HeadAsGet:
    def __init__(self, app: Any):
        self.app = app

    async def __call__(self, scope: dict, receive: Any, send: Any) -> None:
        if scope["type"] != "http" or scope["method"] != "HEAD":
            await self.app(scope, receive, send)
            return

        async def without_body(message: dict) -> None:
            if message["type"] == "http.response.body":
                message = {**message, "body": b""}
            await send(message)

        await self.app({**scope, "method": "GET", ORIGINAL_METHOD: "HEAD"}, receive, without_body)


def allow_with_head(allow: str | None) -> str | None:
    """A 405's Allow header with HEAD wherever GET is allowed (HeadAsGet answers it)."""
    if not allow:
        return allow
    methods = [m.strip() for m in allow.split(",")]
    return ", ".join(methods + ["HEAD"]) if "GET" in methods and "HEAD" not in methods else allow
