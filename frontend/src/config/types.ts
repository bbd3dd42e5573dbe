// Shapes of the experiment config and result JSON (one schema for CLI, Python and WASM builds:
// `switchlab-sim schema`). Only the fields the UI reads are typed; the rest pass through.

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type Config = { [key: string]: Json };

export interface FieldError {
  field: string;
  message: string;
}

export interface PortClassStats {
  lookups: number;
  hits: number;
  hit_rate: number;
}

export interface LatencySummary {
  mean: number;
  p50: number;
  p99: number;
  max: number;
  min?: number;
  // [latency ns, packets] for every distinct latency.
  histogram?: Array<[number, number]>;
}

export interface SimResult {
  config_hash: string;
  engine: { name: string; version: string };
  seed: number;
  wall_time_s?: number;
  cache: {
    lookups: number;
    hits: number;
    hit_rate: number;
    misses: { compulsory: number; capacity: number; conflict: number; total?: number };
    by_port_class: Record<string, PortClassStats>;
    // Hit rate (fraction) per switch, indexed by switch id (row-major over topology.dims).
    by_switch?: number[];
  };
  latency_ns?: { zero_load?: LatencySummary };
  // Per-packet path statistics; field names vary by engine version, so all are optional.
  packets?: { measured?: number; warmup?: number; mean_switches?: number; max_switches?: number; [k: string]: unknown };
  topology?: { kind: string; dims?: number[]; switches?: number; nodes?: number; switch_id?: string; [k: string]: unknown };
  [key: string]: unknown;
}
