"""What the API knows of the simulation: the core's wrapper, units, per-run caps."""
