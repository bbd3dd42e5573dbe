"""Writes the fuzzer's seed corpus: the config of every example of the catalogue (valid and
invalid), so mutations start from realistic configs. Generated at build time, never committed."""
import json
import pathlib
import sys

root = pathlib.Path(__file__).resolve().parents[2]
out = pathlib.Path(sys.argv[1])
out.mkdir(parents=True, exist_ok=True)
for i, p in enumerate(sorted(root.glob("examples/**/*.json"))):
    (out / f"{i:03d}.json").write_text(json.dumps(json.loads(p.read_text())["config"]))
