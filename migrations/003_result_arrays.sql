-- Long result arrays (per-port, per-switch) live here in compressed pages instead of inside
-- runs.result, so a result row stays small whatever the network size (docs/api.md, Results).
ALTER TABLE runs ADD COLUMN arrays jsonb;  -- {path: {"length": N}} of the arrays moved out

CREATE TABLE run_arrays (
    run_id  bigint  NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
    path    text    NOT NULL,            -- dotted path of the array in the result, e.g. cache.by_port
    page    integer NOT NULL CHECK (page >= 0),
    items   integer NOT NULL CHECK (items > 0),
    data    bytea   NOT NULL,            -- zlib-compressed JSON array of this page's items
    PRIMARY KEY (run_id, path, page)
);
