-- The server-wide history (GET /api/experiments, GET /api/sweeps; docs/api.md, Listing): newest
-- first, paged by (created_at, id) keys, optionally for one engine. These indexes let a page be
-- read from the top of an index instead of sorting every row.
CREATE INDEX experiments_created_idx ON experiments (created_at DESC, id DESC);
CREATE INDEX experiments_engine_created_idx ON experiments ((config ->> 'engine'), created_at DESC, id DESC);
CREATE INDEX sweeps_created_idx ON sweeps (created_at DESC, id DESC);
