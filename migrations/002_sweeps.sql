-- A sweep is a base config plus axes, expanded to points; its id hashes the expanded point ids.
CREATE TABLE sweeps (
    id            text PRIMARY KEY CHECK (id ~ '^[0-9a-f]{64}$'),
    name          text NOT NULL DEFAULT '',
    base          jsonb NOT NULL,
    axes          jsonb NOT NULL,       -- as submitted (lists and/or ranges)
    axis_names    text[] NOT NULL,      -- order of the swept columns in results
    total         integer NOT NULL,     -- number of points (identical points count each time)
    unique_points integer NOT NULL,     -- distinct experiments among them
    created_at    timestamptz NOT NULL DEFAULT now(),
    cancelled_at  timestamptz
);

-- Points reference experiments (not runs' copies): identical points share one run.
CREATE TABLE sweep_points (
    sweep_id      text NOT NULL REFERENCES sweeps(id) ON DELETE CASCADE,
    idx           integer NOT NULL,
    experiment_id text NOT NULL REFERENCES experiments(id),
    run_id        bigint NOT NULL REFERENCES runs(id),
    axis_values   jsonb NOT NULL,       -- {"switch.cache.ways": 4, ...}
    PRIMARY KEY (sweep_id, idx)
);
CREATE INDEX sweep_points_experiment_idx ON sweep_points (experiment_id);
