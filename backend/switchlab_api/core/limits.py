"""Per-run size caps checked on the canonical config before anything is stored."""

from __future__ import annotations

from math import prod
from typing import Any

from .config import Settings
from .engine import FieldError


def node_count(config: dict[str, Any]) -> int | None:
    """Compute nodes for the topology kinds whose size is a closed formula; None if unknown."""
    topo = config.get("topology") or {}
    kind = topo.get("kind")
    conc = int(topo.get("concentration", 1) or 1)
    try:
        if kind in ("torus", "mesh", "kary_ncube"):
            return prod(int(d) for d in topo["dims"]) * conc
        if kind == "fat_tree":
            return int(topo["k"]) ** int(topo["n"])
        if kind == "dragonfly":
            return int(topo["p"]) * int(topo["a"]) * int(topo["g"])
    except (KeyError, TypeError, ValueError):
        return None
    return None


def check_caps(config: dict[str, Any], settings: Settings) -> None:
    traffic = config.get("traffic") or {}
    for key in ("packets", "warmup_packets"):
        value = traffic.get(key)
        if isinstance(value, int) and value > settings.max_packets:
            raise FieldError(
                f"traffic.{key}",
                f"{value} exceeds this server's cap: allowed range 0..{settings.max_packets}",
            )
    nodes = node_count(config)
    if nodes is not None and nodes > settings.max_nodes:
        raise FieldError(
            "topology",
            f"{nodes} nodes exceed this server's cap: allowed range 1..{settings.max_nodes}",
        )
