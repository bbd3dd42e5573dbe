-- MPI time-independent traces (docs/api.md, "Traces"): uploaded once, kept by the content id the
-- core gives them (switchlab_core.trace_load), and read by every worker that runs a config with
-- traffic.pattern "mpi_trace". They live in PostgreSQL, not on the API host's disk, because
-- workers run on any machine that reaches the database and nothing else.
-- files = gzip of the JSON object {"<file name>": "<text>", ...} the core loaded (the index file
-- and its rank files, or one rank file); served as is (Content-Encoding: gzip) to browsers.
CREATE TABLE traces (
    id               text PRIMARY KEY CHECK (id ~ '^[0-9a-f]{64}$'),
    name             text NOT NULL,          -- the uploaded file's name
    files            bytea NOT NULL,
    file_names       text[] NOT NULL,
    bytes            bigint NOT NULL,        -- the files' text, uncompressed
    compressed_bytes bigint NOT NULL,        -- length of `files`
    summary          jsonb NOT NULL,         -- the core's trace summary
    created_at       timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX traces_created_idx ON traces (created_at DESC, id DESC);
