"""CORS limited to the UI origins, whose refused preflights answer in the error envelope too."""

from __future__ import annotations

from starlette.datastructures import Headers
from starlette.middleware.cors import CORSMiddleware
from starlette.responses import Response

from .errors import ApiError

# Starlette names what it refused ("Disallowed CORS origin, method"); the first is reported.
_REQUEST_HEADER = {"origin": "Origin", "method": "Access-Control-Request-Method",
                   "headers": "Access-Control-Request-Headers",
                   "private-network": "Access-Control-Request-Private-Network"}


class EnvelopeCORSMiddleware(CORSMiddleware):
    def preflight_response(self, request_headers: Headers) -> Response:
        response = super().preflight_response(request_headers)
        if response.status_code != 400:
            return response
        text = bytes(response.body).decode()
        refused = text.removeprefix("Disallowed CORS ").split(", ")[0]
        allowed = {"method": ", ".join(self.allow_methods),
                   "headers": ", ".join(self.allow_headers)}.get(refused)
        headers = {k: v for k, v in response.headers.items() if k.lower() not in ("content-length", "content-type")}
        return ApiError(400, text, field=_REQUEST_HEADER.get(refused), allowed=allowed, headers=headers).response()
