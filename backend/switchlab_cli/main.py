"""switchlab: submit experiments and sweeps to a SwitchLab server and fetch their results.

    switchlab [--url URL] sweep submit SWEEP.yaml|.json [--wait]
    switchlab [--url URL] sweep status|cancel SWEEP
    switchlab [--url URL] results SWEEP [--csv|--json] [-o FILE]
    switchlab [--url URL] experiment submit CONFIG.json|.yaml|--example NAME [--wait] [-o FILE]
    switchlab [--url URL] experiment get|cancel ID

The server is --url or $SWITCHLAB_URL (default http://127.0.0.1:8000); writes send
$SWITCHLAB_API_TOKEN (or --token) as a bearer token. Ids may be unique prefixes of >= 24 hex characters.
Standard output carries only machine-readable data (ids, CSV, JSON); progress and errors go to
standard error. Exit codes: 0 ok, 1 finished with failed/cancelled points, 2 rejected by the
server or bad input file, 3 server unreachable, 4 --timeout reached while waiting.
"""

from __future__ import annotations

import argparse
import json
import os
import pathlib
import sys
import time
from collections.abc import Hashable
from typing import Any, TextIO

from . import __version__
from .client import ApiFailure, Client, Unreachable

EXIT_OK, EXIT_FAILED_POINTS, EXIT_REJECTED, EXIT_UNREACHABLE, EXIT_TIMEOUT = 0, 1, 2, 3, 4
FINAL = {"done", "failed", "cancelled"}


class InputError(Exception):
    pass


def _no_repeats(pairs: list[tuple[str, Any]], where: str) -> dict[str, Any]:
    """An object from its key/value pairs, refusing a key given twice (json and PyYAML would keep
    the last value silently and the server would never see the first)."""
    seen: set[str] = set()
    for key, _ in pairs:
        if key in seen:
            raise InputError(f"{where}: key {key!r} is given more than once in the same object")
        seen.add(key)
    return dict(pairs)


def _yaml_no_repeats(yaml: Any, where: str) -> Any:
    """A PyYAML safe loader whose mappings refuse a key written twice, naming the repeat's line.
    Merge keys (<<) keep their meaning: a key given beside a merge overrides it, as in YAML."""

    class Loader(yaml.SafeLoader):
        def construct_mapping(self, node: Any, deep: bool = False) -> dict[Any, Any]:
            seen: set[Any] = set()
            for key_node, _ in node.value:
                if key_node.tag == "tag:yaml.org,2002:merge":
                    continue
                key = self.construct_object(key_node, deep=deep)
                if not isinstance(key, Hashable):
                    continue  # PyYAML's own construct_mapping rejects it below, as invalid YAML
                if key in seen:
                    raise InputError(f"{where}: line {key_node.start_mark.line + 1}: key {key!r} is given more than once "
                                     "in the same object")
                seen.add(key)
            return super().construct_mapping(node, deep=deep)

    Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, Loader.construct_mapping)
    return Loader


def load_document(path: str) -> Any:
    """JSON or YAML (by extension; '-' = stdin, parsed as JSON, else YAML)."""
    try:
        text = sys.stdin.read() if path == "-" else pathlib.Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise InputError(f"{path}: {exc.strerror}") from None
    except UnicodeDecodeError as exc:
        raise InputError(f"{path}: not UTF-8 text (byte {exc.start}: {exc.reason})") from None
    try:
        return _parse(text, path)
    except RecursionError:  # the parsers recurse per level; the core allows far fewer anyway
        raise InputError(f"{path}: nested too deeply to read") from None


def _parse(text: str, path: str) -> Any:
    suffix = pathlib.Path(path).suffix.lower()
    if suffix == ".json" or (path == "-" and text.lstrip().startswith(("{", "["))):
        try:
            return json.loads(text, object_pairs_hook=lambda pairs: _no_repeats(pairs, path))
        except ValueError as exc:
            raise InputError(f"{path}: invalid JSON: {exc}") from None
    try:
        import yaml  # only needed for YAML input
    except ImportError:
        raise InputError(f"{path}: reading YAML needs PyYAML (pip install pyyaml), or use JSON") from None
    try:
        return yaml.load(text, Loader=_yaml_no_repeats(yaml, path))  # noqa: S506 (a SafeLoader subclass)
    except yaml.YAMLError as exc:
        raise InputError(f"{path}: invalid YAML: {exc}") from None


def _object(doc: Any, path: str, what: str) -> dict[str, Any]:
    if not isinstance(doc, dict):
        raise InputError(f"{path}: a {what} file must hold one object, got {type(doc).__name__}")
    return doc


def _log(msg: str) -> None:
    print(msg, file=sys.stderr, flush=True)


def _progress_line(s: dict[str, Any]) -> str:
    p = s["progress"]
    eta = "" if p["eta_s"] is None else f", eta {p['eta_s']:.0f}s"
    return (f"{s['status']}: {p['done']}/{p['total']} done, {p['failed']} failed, "
            f"{p['cancelled']} cancelled, {p['running']} running, {p['queued']} queued{eta}")


def _wait(fetch, describe, deadline: float | None, interval: float) -> tuple[dict[str, Any] | None, bool]:
    """Poll until a final status; prints each change once. Returns (last state, timed_out)."""
    last_line = None
    while True:
        state = fetch()
        line = describe(state)
        if line != last_line:
            _log(line)
            last_line = line
        if state["status"] in FINAL:
            return state, False
        if deadline is not None and time.monotonic() >= deadline:
            return state, True
        time.sleep(interval)


def _deadline(timeout: float | None) -> float | None:
    return None if timeout is None else time.monotonic() + timeout


def cmd_sweep_submit(client: Client, args: argparse.Namespace) -> int:
    sweep = _object(load_document(args.file), args.file, "sweep")
    if args.name is not None:
        sweep["name"] = args.name
    created = client.submit_sweep(sweep)
    print(created["id"], flush=True)
    p = created["progress"]
    _log(f"sweep {created['id'][:12]} '{created['name']}': {p['total']} points "
         f"({p['unique_points']} unique runs), {created['status']}; {client.base_url}{created['ui_url']}")
    if not args.wait:
        return EXIT_OK
    return _wait_sweep(client, created["id"], args)


def _wait_sweep(client: Client, sid: str, args: argparse.Namespace) -> int:
    state, timed_out = _wait(lambda: client.get_sweep(sid), _progress_line, _deadline(args.timeout), args.interval)
    if timed_out:
        _log(f"timed out after {args.timeout}s; the sweep keeps running on the server")
        return EXIT_TIMEOUT
    p = state["progress"]
    return EXIT_OK if state["status"] == "done" and p["failed"] == 0 and p["cancelled"] == 0 else EXIT_FAILED_POINTS


def cmd_sweep_status(client: Client, args: argparse.Namespace) -> int:
    state = client.get_sweep(args.sweep)
    if args.wait:
        return _wait_sweep(client, state["id"], args)
    json.dump({k: state[k] for k in ("id", "name", "status", "progress")}, sys.stdout, indent=2)
    print()
    return EXIT_OK


def cmd_sweep_cancel(client: Client, args: argparse.Namespace) -> int:
    state = client.cancel_sweep(args.sweep)
    _log(_progress_line(state))
    print(state["id"])
    return EXIT_OK


def _open_out(path: str | None) -> TextIO:
    return sys.stdout if path in (None, "-") else open(path, "w", newline="")


def cmd_results(client: Client, args: argparse.Namespace) -> int:
    fmt = "csv" if args.csv else "json"
    cursor: str | None = None
    pages = rows = 0
    out = _open_out(args.output)
    merged: dict[str, Any] | None = None
    try:
        while True:
            resp = client.results_page(args.sweep, fmt, args.page_size, cursor)
            pages += 1
            if fmt == "csv":
                text = resp.body.decode("utf-8")
                lines = text.splitlines(keepends=True)
                # Every page repeats the header; keep only the first one.
                body_lines = lines if pages == 1 else lines[1:]
                out.write("".join(body_lines))
                rows += len(lines) - 1
                cursor = resp.headers.get("x-next-cursor")
            else:
                page = resp.json()
                if merged is None:
                    merged = {"sweep_id": page["sweep_id"], "columns": page["columns"], "rows": []}
                merged["rows"].extend(page["rows"])
                rows += len(page["rows"])
                cursor = page["next_cursor"]
            if not cursor:
                break
        if merged is not None:
            json.dump(merged, out, indent=None if args.compact else 1)
            out.write("\n")
    finally:
        if out is not sys.stdout:
            out.close()
    _log(f"{rows} rows in {pages} page(s)")
    return EXIT_OK


def _experiment_line(e: dict[str, Any]) -> str:
    line = f"experiment {e['id'][:12]}: {e['status']}"
    p = e.get("progress")  # the worker's last report: while running, and how far a cancelled run got
    if p and e["status"] in ("running", "cancelled"):
        at = " at" if e["status"] == "cancelled" else ""
        line += f"{at} {100 * p['fraction']:.1f} % ({p['unit']} {p['done']:,} of {p['total']:,})"
    result = e.get("result") or {}
    cache = result.get("cache") or {}
    if "hit_rate" in cache:
        line += f", hit rate {cache['hit_rate']:.4f} over {cache.get('lookups')} look-ups"
    if e.get("error"):
        field = e["error"].get("field")
        line += f", error{f' in {field}' if field else ''}: {e['error'].get('message')}"
    return line


def config_of(doc: dict[str, Any]) -> dict[str, Any]:
    """A catalogue entry (examples/README.md: an object whose `config` is an object; an experiment
    config has no such key) stands for its config; anything else is the config itself."""
    return doc["config"] if isinstance(doc.get("config"), dict) else doc


def _example_config(client: Client, name: str) -> dict[str, Any]:
    """The config of the server's preset NAME (its copy of the example catalogue)."""
    presets = {p["id"]: p for p in client.presets()}
    if name not in presets:
        raise InputError(f"--example: the server has no example named {name!r} "
                         f"(allowed: {', '.join(sorted(presets))})")
    return presets[name]["config"]


def cmd_experiment_submit(client: Client, args: argparse.Namespace) -> int:
    if (args.file is None) == (args.example is None):
        raise InputError("experiment submit: give a config file or --example NAME (one of them)")
    if args.example is not None:
        config = _example_config(client, args.example)
    else:
        config = config_of(_object(load_document(args.file), args.file, "config"))
    accepted = client.submit_experiment(config)
    print(accepted["id"], flush=True)
    _log(f"experiment {accepted['id'][:12]}: {accepted['status']}; {client.base_url}/e/{accepted['id']}")
    if not args.wait and not args.output:
        return EXIT_OK
    if args.wait:
        state, timed_out = _wait(lambda: client.get_experiment(accepted["id"]), _experiment_line,
                                 _deadline(args.timeout), args.interval)
        if timed_out:
            _log(f"timed out after {args.timeout}s; the run keeps going on the server")
            return EXIT_TIMEOUT
    else:
        state = client.get_experiment(accepted["id"])
    if args.output:
        with _open_out(args.output) as fh:
            json.dump(state, fh, indent=1)
            fh.write("\n")
    return EXIT_OK if state["status"] in ("done", "queued", "running") else EXIT_FAILED_POINTS


def cmd_experiment_get(client: Client, args: argparse.Namespace) -> int:
    json.dump(client.get_experiment(args.id), sys.stdout, indent=1)
    print()
    return EXIT_OK


def cmd_experiment_cancel(client: Client, args: argparse.Namespace) -> int:
    state = client.cancel_experiment(args.id)
    _log(_experiment_line(state))
    print(state["id"])
    return EXIT_OK


def _add_wait_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--wait", action="store_true", help="poll until finished, printing progress to stderr")
    p.add_argument("--interval", type=float, default=2.0, help="seconds between polls (default 2)")
    p.add_argument("--timeout", type=float, default=None, help="give up waiting after this many seconds")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="switchlab", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--url", default=os.environ.get("SWITCHLAB_URL", "http://127.0.0.1:8000"),
                        help="server base URL (default $SWITCHLAB_URL or http://127.0.0.1:8000)")
    parser.add_argument("--token", default=os.environ.get("SWITCHLAB_API_TOKEN") or None,
                        help="API token for writes (default $SWITCHLAB_API_TOKEN)")
    parser.add_argument("--version", action="version", version=f"switchlab {__version__}")
    sub = parser.add_subparsers(dest="command", required=True)

    sweep = sub.add_parser("sweep", help="submit, watch or cancel a sweep").add_subparsers(dest="action", required=True)
    p = sweep.add_parser("submit", help="submit a sweep file {name, base, axes} (YAML or JSON)")
    p.add_argument("file", help="sweep file (.yaml/.yml/.json, '-' = stdin)")
    p.add_argument("--name", help="override the sweep's name")
    _add_wait_options(p)
    p.set_defaults(func=cmd_sweep_submit)
    p = sweep.add_parser("status", help="print a sweep's progress as JSON (or --wait for it)")
    p.add_argument("sweep")
    _add_wait_options(p)
    p.set_defaults(func=cmd_sweep_status)
    p = sweep.add_parser("cancel", help="cancel a sweep's queued and running points")
    p.add_argument("sweep")
    p.set_defaults(func=cmd_sweep_cancel)

    p = sub.add_parser("results", help="all result rows of a sweep (pages through the API)")
    p.add_argument("sweep")
    fmt = p.add_mutually_exclusive_group()
    fmt.add_argument("--csv", action="store_true", help="CSV with a 'name [unit]' header")
    fmt.add_argument("--json", action="store_true", help="one JSON object {sweep_id, columns, rows} (default)")
    p.add_argument("--compact", action="store_true", help="JSON on one line")
    p.add_argument("--page-size", type=int, default=1000, help="rows per request, 1..10000 (default 1000)")
    p.add_argument("-o", "--output", help="write to this file instead of stdout")
    p.set_defaults(func=cmd_results)

    exp = sub.add_parser("experiment", help="submit, fetch or cancel one experiment").add_subparsers(dest="action", required=True)
    p = exp.add_parser("submit", help="submit one experiment config (JSON or YAML), or an example's")
    p.add_argument("file", nargs="?", help="config file (.json/.yaml/.yml, '-' = stdin); a catalogue entry "
                                           "(examples/NAME.json) submits its config")
    p.add_argument("--example", metavar="NAME", help="submit the config of the server's example NAME (GET /api/presets)")
    p.add_argument("-o", "--output", help="write the experiment record (config, status, result) as JSON here")
    _add_wait_options(p)
    p.set_defaults(func=cmd_experiment_submit)
    p = exp.add_parser("get", help="print an experiment record as JSON")
    p.add_argument("id")
    p.set_defaults(func=cmd_experiment_get)
    p = exp.add_parser("cancel", help="cancel a queued or running experiment (a finished one is left as it is)")
    p.add_argument("id")
    p.set_defaults(func=cmd_experiment_cancel)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    client = Client(args.url, args.token)
    try:
        return args.func(client, args)
    except InputError as exc:
        _log(f"switchlab: {exc}")
        return EXIT_REJECTED
    except ApiFailure as exc:
        _log(f"switchlab: the server rejected the request (HTTP {exc.status}):")
        for line in exc.lines():
            _log(f"  {line}")
        if exc.status == 401:
            _log("  (set SWITCHLAB_API_TOKEN or pass --token)")
        return EXIT_UNREACHABLE if exc.status >= 500 else EXIT_REJECTED
    except Unreachable as exc:
        _log(f"switchlab: {exc}")
        return EXIT_UNREACHABLE
    except ValueError as exc:  # e.g. an answer that is not JSON (a proxy's error page)
        _log(f"switchlab: {exc}")
        return EXIT_REJECTED
    except KeyboardInterrupt:
        _log("interrupted; whatever was submitted keeps running on the server")
        return 130


if __name__ == "__main__":
    sys.exit(main())
