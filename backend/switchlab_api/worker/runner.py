"""Child process that runs one config through the core.

Isolating the run in a process lets the worker enforce time and memory limits, stop a
cancelled run and use every core (the extension may hold the GIL). Protocol: canonical config
JSON on stdin; exit 0 with the result JSON on stdout; exit 2 with the core's error object for an
invalid config; exit 3 with {"peak_bytes"} when an allocation failed under the memory limit.
"""

from __future__ import annotations

import json
import resource
import sys

EXIT_INVALID = 2
EXIT_OUT_OF_MEMORY = 3


def main() -> int:
    import switchlab_core

    config = sys.stdin.read()
    try:
        out = switchlab_core.run(config)
    except ValueError as exc:
        sys.stdout.write(str(exc))
        return EXIT_INVALID
    except MemoryError:
        # RLIMIT_AS refused an allocation (std::bad_alloc in the core becomes MemoryError).
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024  # Linux: KiB
        sys.stdout.write(json.dumps({"peak_bytes": peak}))
        return EXIT_OUT_OF_MEMORY
    sys.stdout.write(out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
