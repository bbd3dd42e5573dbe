#!/usr/bin/env python3
"""Generate the UI's API types from the FastAPI app's OpenAPI document (no server needed), and its
experiment-config type from the core's config schema (gen_config_type.py).

    .venv/bin/python scripts/gen_api.py [--out FILE] [--config-out FILE]   (make gen-api, npm run gen:api)

Writes frontend/src/api/schema.gen.ts with openapi-typescript and frontend/src/config/config.gen.ts;
tests/api/test_generated_client.py fails while either committed file differs from what this produces.
"""

from __future__ import annotations

import argparse
import json
import pathlib
import subprocess
import sys
import tempfile

import gen_config_type

ROOT = pathlib.Path(__file__).resolve().parents[1]
DEFAULT_OUT = ROOT / "frontend" / "src" / "api" / "schema.gen.ts"
GENERATOR = ROOT / "frontend" / "node_modules" / ".bin" / "openapi-typescript"


def openapi() -> dict:
    sys.path.insert(0, str(ROOT / "backend"))
    from switchlab_api.main import app

    return app.openapi()


def generate(out: pathlib.Path) -> None:
    with tempfile.TemporaryDirectory(prefix="switchlab-openapi-") as tmp:
        spec = pathlib.Path(tmp) / "openapi.json"
        spec.write_text(json.dumps(openapi(), indent=1, sort_keys=True))
        subprocess.run([str(GENERATOR), str(spec), "--output", str(out)], check=True,
                       stdout=subprocess.DEVNULL)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=pathlib.Path, default=DEFAULT_OUT)
    parser.add_argument("--config-out", type=pathlib.Path, default=gen_config_type.DEFAULT_OUT)
    args = parser.parse_args()
    generate(args.out)
    gen_config_type.generate(args.config_out)


if __name__ == "__main__":
    main()
