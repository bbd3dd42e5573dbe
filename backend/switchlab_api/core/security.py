"""Optional bearer token for write endpoints; off unless SWITCHLAB_API_TOKEN is set."""

from __future__ import annotations

import hmac

from fastapi import Header

from .config import get_settings
from .errors import ApiError


def require_write_token(authorization: str | None = Header(default=None)) -> None:
    token = get_settings().api_token
    if token is None:
        return
    # RFC 7235: the scheme is case-insensitive; the token itself is compared exactly.
    scheme, _, supplied = (authorization or "").strip().partition(" ")
    ok = scheme.lower() == "bearer" and hmac.compare_digest(supplied.strip().encode(), token.encode())
    if not ok:
        raise ApiError(401, "a valid bearer token is required for writes", field="Authorization",
                       allowed="Bearer <token>", headers={"WWW-Authenticate": "Bearer"})
