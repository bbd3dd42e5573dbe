"""This server's per-run caps, checked against the core's summary of the run before anything is
stored, so one request cannot occupy a worker for days or exhaust its memory."""

from __future__ import annotations

from typing import Any

from ..settings import Settings
from .engine import FieldError
from .units import result_unit

# summary key, the field a user changes to shrink it, the Settings attribute (and env variable),
# and the engines it applies to (None: all). The cycle engine's work is flit-hops over simulated
# cycles, not look-ups of packets.
CAPS: tuple[tuple[str, str, str, str, tuple[str, ...] | None], ...] = (
    ("nodes", "topology", "max_nodes", "SWITCHLAB_MAX_NODES", None),
    ("packets", "traffic.packets", "max_packets", "SWITCHLAB_MAX_PACKETS", None),
    ("lookups", "traffic.packets", "max_lookups", "SWITCHLAB_MAX_LOOKUPS", ("routewalk", "app", "smpi")),
    ("flit_hops", "sim.measure_cycles", "max_flit_hops", "SWITCHLAB_MAX_FLIT_HOPS", ("cycle",)),
    ("memory_bytes", "topology", "max_memory_bytes", "SWITCHLAB_MAX_MEMORY_BYTES", None),
    ("messages", "traffic.npb.class", "max_messages", "SWITCHLAB_MAX_MESSAGES", None),
)


def _amount(value: float, unit: str) -> str:
    # Bytes read better in GB; counts keep every digit.
    return f"{value / 1e9:,.2f} GB" if unit == "B" else f"{value:,.0f} {unit}".rstrip()


def check_caps(summary: dict[str, Any], settings: Settings) -> None:
    for key, field, attr, env, engines in CAPS:
        if engines is not None and summary.get("engine") not in engines:
            continue
        cap, value = getattr(settings, attr), summary.get(key)
        if isinstance(value, (int, float)) and value > cap:
            unit = result_unit(f"summary.{key}") or ""
            raise FieldError(field, f"the run needs ~{_amount(value, unit)} ({key}); this server allows "
                             f"{_amount(cap, unit)} ({env})",
                             allowed=f"at most {_amount(cap, unit)} per run ({env})")
