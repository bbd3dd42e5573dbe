-- CACTI 7's answers (docs/cost-model.md, "Exact method"): the second level of the core's memo
-- (wasm-core/src/cost/cacti/exact.hpp). key = sha256 of the CACTI identity (version, package
-- sha256) and the cfg text CACTI ran on, so another CACTI never reuses them. out is CACTI's report
-- as it printed it (parsed by the core on every use); only reports and "no valid organization"
-- answers are stored (exit_code 0 or CACTI's own error exit). Workers read the entries of a run's
-- arrays before it and add the new ones after it; rows are never updated.
CREATE TABLE cacti_memo (
    key        text PRIMARY KEY CHECK (key ~ '^[0-9a-f]{64}$'),
    cfg        text NOT NULL,
    exit_code  integer NOT NULL,
    out        text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
);
