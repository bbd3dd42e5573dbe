"""Minimal REST client over urllib: the CLI runs on any python3 (pyyaml only for YAML files)."""

from __future__ import annotations

import json
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass
from typing import Any


class ApiFailure(Exception):
    """The server answered with an error status; `error` is the envelope's {code, message, field,
    allowed[, points]} (docs/api.md, Errors), or a stand-in when the body was not one."""

    def __init__(self, status: int, error: dict[str, Any], method: str, path: str):
        super().__init__(f"{method} {path}: HTTP {status}")
        self.status = status
        self.error = error

    @staticmethod
    def _line(item: dict[str, Any]) -> str:
        line = f"{item.get('field') or 'request'}: {item.get('message', '')}"
        allowed = item.get("allowed")
        if allowed and allowed not in item.get("message", ""):  # a range error's message states it
            line += f" (allowed: {allowed})"
        if "point" in item:
            line += f" (point {item['point']}: {json.dumps(item.get('values'))})"
        return line

    def lines(self) -> list[str]:
        return [self._line(p) for p in self.error.get("points") or [self.error]]


def parse_error(status: int, raw: bytes) -> dict[str, Any]:
    try:
        error = json.loads(raw).get("error")
    except (ValueError, AttributeError):
        error = None
    if isinstance(error, dict):
        return error
    # Not our API (a proxy's error page, say): show the start of what came back.
    return {"code": None, "message": raw.decode(errors="replace")[:500] or f"HTTP {status}",
            "field": None, "allowed": None}


class Unreachable(Exception):
    """No HTTP answer at all (refused, DNS, timeout)."""


@dataclass
class Response:
    status: int
    headers: dict[str, str]
    body: bytes

    def json(self) -> Any:
        return json.loads(self.body)


class Client:
    def __init__(self, base_url: str, token: str | None = None, timeout: float = 60.0):
        self.base_url = base_url.rstrip("/")
        self.token = token
        self.timeout = timeout

    def request(self, method: str, path: str, body: Any = None,
                params: dict[str, Any] | None = None) -> Response:
        query = {k: v for k, v in (params or {}).items() if v is not None}
        url = self.base_url + path + (("?" + urllib.parse.urlencode(query)) if query else "")
        data = None
        headers = {"Accept": "application/json"}
        if body is not None:
            # NaN/Infinity (JSON NaN, YAML .inf) go as Python writes them: the server answers 422
            # naming the field, which json.dumps(allow_nan=False) could not.
            data = json.dumps(body).encode()
            headers["Content-Type"] = "application/json"
        if self.token:
            headers["Authorization"] = f"Bearer {self.token}"
        req = urllib.request.Request(url, data=data, method=method, headers=headers)
        try:
            with urllib.request.urlopen(req, timeout=self.timeout) as resp:
                return Response(resp.status, {k.lower(): v for k, v in resp.headers.items()}, resp.read())
        except urllib.error.HTTPError as exc:
            raise ApiFailure(exc.code, parse_error(exc.code, exc.read()), method, path) from None
        except (urllib.error.URLError, OSError) as exc:
            reason = getattr(exc, "reason", exc)
            raise Unreachable(f"cannot reach {self.base_url}: {reason}") from None

    # Typed helpers, one per operation the CLI uses.
    def submit_experiment(self, config: dict[str, Any]) -> dict[str, Any]:
        return self.request("POST", "/api/experiments", config).json()

    def get_experiment(self, ident: str) -> dict[str, Any]:
        return self.request("GET", f"/api/experiments/{urllib.parse.quote(ident, safe='')}").json()

    def cancel_experiment(self, ident: str) -> dict[str, Any]:
        return self.request("DELETE", f"/api/experiments/{urllib.parse.quote(ident, safe='')}").json()

    def submit_sweep(self, sweep: dict[str, Any]) -> dict[str, Any]:
        return self.request("POST", "/api/sweeps", sweep).json()

    def get_sweep(self, ident: str) -> dict[str, Any]:
        return self.request("GET", f"/api/sweeps/{urllib.parse.quote(ident, safe='')}").json()

    def cancel_sweep(self, ident: str) -> dict[str, Any]:
        return self.request("DELETE", f"/api/sweeps/{urllib.parse.quote(ident, safe='')}").json()

    def presets(self) -> list[dict[str, Any]]:
        return self.request("GET", "/api/presets").json()

    def results_page(self, ident: str, fmt: str, limit: int, cursor: str | None) -> Response:
        return self.request("GET", f"/api/sweeps/{urllib.parse.quote(ident, safe='')}/results",
                            params={"format": fmt, "limit": limit, "cursor": cursor})
