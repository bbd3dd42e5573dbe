-- How far a running run is: the worker's last progress report (about once a second), e.g.
-- {"fraction": 0.3, "done": 12000, "total": 40000, "unit": "cycles", "updated_at": ...}.
-- Cleared when the run is (re)claimed and when it is done; kept after a cancel or failure, so
-- the run says how far it got (docs/api.md, Progress and cancel).
ALTER TABLE runs ADD COLUMN progress jsonb;
