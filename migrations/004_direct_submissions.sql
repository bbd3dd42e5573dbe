-- An experiment submitted on its own (POST /api/experiments), not only as a sweep point: cancelling
-- a sweep must not cancel it (docs/api.md, Sweeps: a run is cancelled only if nothing else needs it).
ALTER TABLE experiments ADD COLUMN submitted_directly boolean NOT NULL DEFAULT false;
