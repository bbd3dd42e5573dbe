"""Child process that runs one config through the core.

Isolating the run in a process lets the worker enforce a time limit, stop a cancelled run and
use every core (the extension may hold the GIL). Protocol: canonical config JSON on stdin;
result JSON on stdout and exit 0; error JSON on stdout and exit 2 for an invalid config.
"""

from __future__ import annotations

import sys


def main() -> int:
    import switchlab_core

    config = sys.stdin.read()
    try:
        out = switchlab_core.run(config)
    except ValueError as exc:
        sys.stdout.write(str(exc))
        return 2
    sys.stdout.write(out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
