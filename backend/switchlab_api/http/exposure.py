"""An API without a write token is only served on loopback unless its operator says otherwise
(docs/security.md): `python -m switchlab_api` refuses to start bound elsewhere, and an app
started by hand (`uvicorn --host 0.0.0.0`) answers 403 to every request that arrives on a
non-loopback address."""

from __future__ import annotations

import ipaddress
import socket
from typing import Any

from ..settings import Settings
from .errors import ApiError

REMEDY = "set SWITCHLAB_API_TOKEN, or start with --insecure-open to serve writes to everyone who can reach it"


def _loopback_ip(addr: ipaddress.IPv4Address | ipaddress.IPv6Address) -> bool:
    if isinstance(addr, ipaddress.IPv6Address) and addr.ipv4_mapped:
        addr = addr.ipv4_mapped
    return addr.is_loopback


def is_loopback(host: str) -> bool:
    """For a bind address: a host name counts only if every address it resolves to is loopback."""
    try:
        return _loopback_ip(ipaddress.ip_address(host.strip("[]")))
    except ValueError:
        try:
            addrs = [ipaddress.ip_address(info[4][0]) for info in socket.getaddrinfo(host, None)]
        except (OSError, ValueError):
            return False
        return bool(addrs) and all(_loopback_ip(a) for a in addrs)


def arrived_off_loopback(local_host: str) -> bool:
    """For a connection's local address, which servers give as an IP (no name lookups per request)."""
    try:
        return not _loopback_ip(ipaddress.ip_address(local_host))
    except ValueError:  # not an address (an in-process test client names itself): not a network socket
        return False


def open_to_network_refusal(host: str, settings: Settings) -> str | None:
    """Why binding `host` is refused, or None when it is allowed."""
    if settings.api_token or settings.insecure_open or is_loopback(host):
        return None
    return f"refusing to serve {host} without a write token: {REMEDY}"


class LoopbackUnlessProtected:
    """403 for requests reaching an open (token-less) API on a non-loopback address."""

    def __init__(self, app: Any, settings: Settings):
        self.app = app
        self.guard = not (settings.api_token or settings.insecure_open)

    async def __call__(self, scope: dict, receive: Any, send: Any) -> None:
        server = scope.get("server")  # the local address this connection arrived on
        if self.guard and scope["type"] == "http" and server and arrived_off_loopback(str(server[0])):
            error = ApiError(403, f"this server has no write token and answers only on loopback: {REMEDY}")
            await error.response()(scope, receive, send)
            return
        await self.app(scope, receive, send)
