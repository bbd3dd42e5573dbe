"""`python -m switchlab_api [--host H] [--port P] [--insecure-open]`: run the API with uvicorn,
refusing a non-loopback address without a write token (docs/security.md)."""

from __future__ import annotations

import argparse
import os
import sys

import uvicorn

from .settings import get_settings
from .http.exposure import open_to_network_refusal


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m switchlab_api", description=__doc__)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--insecure-open", action="store_true",
                        help="serve writes without a token on a non-loopback address (anyone who can reach it may submit work)")
    parser.add_argument("--no-access-log", action="store_true")
    args = parser.parse_args(argv)
    if args.insecure_open:
        os.environ["SWITCHLAB_INSECURE_OPEN"] = "1"  # read by the app's settings
        get_settings.cache_clear()
    refusal = open_to_network_refusal(args.host, get_settings())
    if refusal:
        print(f"switchlab_api: {refusal}", file=sys.stderr)
        return 2
    uvicorn.run("switchlab_api.main:app", host=args.host, port=args.port, access_log=not args.no_access_log)
    return 0


if __name__ == "__main__":
    sys.exit(main())
