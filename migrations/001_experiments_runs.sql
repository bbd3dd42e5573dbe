-- Experiments are content-addressed: id = switchlab_core.config_hash(config), which covers the
-- canonical config and the engine version, so the same id always means the same computation.
CREATE TABLE experiments (
    id              text PRIMARY KEY CHECK (id ~ '^[0-9a-f]{64}$'),
    config          jsonb NOT NULL,
    canonical       text NOT NULL,      -- exact bytes hashed; workers run this text
    engine_version  text NOT NULL,
    created_at      timestamptz NOT NULL DEFAULT now()
);

-- One run per experiment: a deterministic computation needs at most one result, and the
-- UNIQUE constraint is what makes retried / duplicated tasks write exactly one result row.
CREATE TABLE runs (
    id              bigserial PRIMARY KEY,
    experiment_id   text NOT NULL UNIQUE REFERENCES experiments(id),
    status          text NOT NULL DEFAULT 'queued'
                    CHECK (status IN ('queued', 'running', 'done', 'failed', 'cancelled')),
    job_id          bigint,             -- current procrastinate job
    attempts        integer NOT NULL DEFAULT 0,
    worker          text,
    queued_at       timestamptz NOT NULL DEFAULT now(),
    started_at      timestamptz,
    finished_at     timestamptz,
    error           jsonb,
    result          jsonb,
    -- headline numbers copied out of result for indexing and cheap listing
    lookups         bigint,
    hits            bigint,
    hit_rate        double precision,
    latency_mean_ns double precision,
    wall_time_s     double precision
);
CREATE INDEX runs_status_idx ON runs (status);
CREATE INDEX runs_hit_rate_idx ON runs (hit_rate);
