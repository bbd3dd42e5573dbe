"""Optional bearer tokens: SWITCHLAB_API_TOKEN for writes, SWITCHLAB_READ_TOKEN for reads of a
private server (docs/security.md). Both off unless set."""

from __future__ import annotations

import hmac
from typing import Any

from fastapi import Header

from ..settings import Settings, get_settings
from .errors import ApiError


def _bearer(authorization: str | None) -> bytes | None:
    # RFC 7235: the scheme is case-insensitive; the token itself is compared exactly.
    scheme, _, supplied = (authorization or "").strip().partition(" ")
    return supplied.strip().encode() if scheme.lower() == "bearer" else None


def _matches(supplied: bytes | None, *tokens: str | None) -> bool:
    # Every configured token is compared (constant time each), whichever matches.
    ok = False
    for token in tokens:
        if token is not None and supplied is not None:
            ok |= hmac.compare_digest(supplied, token.encode())
    return ok


def _unauthorized(what: str) -> ApiError:
    return ApiError(401, f"a valid bearer token is required for {what}", field="Authorization",
                    allowed="Bearer <token>", headers={"WWW-Authenticate": "Bearer"})


def require_write_token(authorization: str | None = Header(default=None)) -> None:
    token = get_settings().api_token
    if token is not None and not _matches(_bearer(authorization), token):
        raise _unauthorized("writes")


class ReadTokenRequired:
    """With SWITCHLAB_READ_TOKEN set, every /api request but /api/health needs the read or the
    write token; the UI's static files stay public (they hold no results)."""

    def __init__(self, app: Any, settings: Settings):
        self.app = app
        self.tokens = (settings.read_token, settings.api_token)

    async def __call__(self, scope: dict, receive: Any, send: Any) -> None:
        if self.tokens[0] is not None and scope["type"] == "http" and _needs_token(scope["path"]) \
                and scope["method"] != "OPTIONS":  # CORS preflights carry no credentials
            auth = dict(scope["headers"]).get(b"authorization", b"").decode("latin-1")
            if not _matches(_bearer(auth), *self.tokens):
                await _unauthorized("reading this server").response()(scope, receive, send)
                return
        await self.app(scope, receive, send)


def _needs_token(path: str) -> bool:
    return (path == "/api" or path.startswith("/api/")) and path != "/api/health"
