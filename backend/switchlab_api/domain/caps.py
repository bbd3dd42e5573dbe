"""This server's per-run caps, checked against the core's summary of the run before anything is
stored, so one request cannot occupy a worker for days or exhaust its memory."""

from __future__ import annotations

from typing import Any

from ..settings import Settings
from .engine import FieldError, config_schema
from .units import result_unit

# summary key, the field a user changes to shrink it, the Settings attribute (and env variable),
# and whether it caps work: then it applies only to the engines whose work that key measures (the
# core's x-engines "work": look-ups of packets for the route walk and the application engines,
# flit-hops over simulated cycles for the cycle engine). The others apply to every run.
CAPS: tuple[tuple[str, str, str, str, bool], ...] = (
    ("nodes", "topology", "max_nodes", "SWITCHLAB_MAX_NODES", False),
    ("packets", "traffic.packets", "max_packets", "SWITCHLAB_MAX_PACKETS", False),
    ("lookups", "traffic.packets", "max_lookups", "SWITCHLAB_MAX_LOOKUPS", True),
    ("flit_hops", "sim.measure_cycles", "max_flit_hops", "SWITCHLAB_MAX_FLIT_HOPS", True),
    ("memory_bytes", "topology", "max_memory_bytes", "SWITCHLAB_MAX_MEMORY_BYTES", False),
    ("messages", "traffic.npb.class", "max_messages", "SWITCHLAB_MAX_MESSAGES", False),
)


def _amount(value: float, unit: str) -> str:
    # Bytes read better in GB; counts keep every digit.
    return f"{value / 1e9:,.2f} GB" if unit == "B" else f"{value:,.0f} {unit}".rstrip()


def check_caps(summary: dict[str, Any], settings: Settings) -> None:
    work = {e["name"]: e["work"] for e in config_schema()["x-engines"]}.get(summary.get("engine"), [])
    for key, field, attr, env, caps_work in CAPS:
        if caps_work and key not in work:
            continue
        cap, value = getattr(settings, attr), summary.get(key)
        if isinstance(value, (int, float)) and value > cap:
            unit = result_unit(f"summary.{key}") or ""
            raise FieldError(field, f"the run needs ~{_amount(value, unit)} ({key}); this server allows "
                             f"{_amount(cap, unit)} ({env})",
                             allowed=f"at most {_amount(cap, unit)} per run ({env})")
