// Shapes of the experiment config and result JSON (one schema for CLI, Python and WASM builds:
// `switchlab-sim schema`). The config's type is generated from the core's schema
// (config.gen.ts, `make gen-api`); of results, only the fields the UI reads are typed.

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type { Config } from './config.gen';
import type { Config } from './config.gen';

// The core's error object (prepare(), run(); the API's envelope carries the same three).
export interface FieldError {
  field: string;
  message: string;
  // Short text of the allowed values, when the core can say more than the message.
  allowed?: string | null;
}

// Addressing and shape of a network as the core describes it (prepare()'s and a result's
// "topology"); which keys are present depends on the kind.
export interface TopologyDescription {
  kind: string;
  switches?: number;
  nodes?: number;
  dims?: number[];
  k?: number;
  n?: number;
  stages?: number;
  a?: number;
  g?: number;
  links?: unknown;
  link_bundles?: unknown;  // fat tree / BMIN links counted between groups when too many to list
  global_links_per_group_pair?: unknown;
  edges?: unknown;
  [key: string]: unknown;
}

// prepare()'s summary: what a run will be before it runs (units: the results schema, "summary.*").
export interface RunSummary {
  engine: string;
  topology: string;
  nodes: number;
  switches: number;
  ports_per_switch: number;
  input_ports: number;
  links: number;
  max_hops: number;
  caches: number;
  packets: number;
  lookups: number;
  memory_bytes: number;
  // Cycle engine only: simulated cycles and the flit-hops the run will move (its work measure).
  cycles?: number;
  flit_hops?: number;
  // Engines app and smpi: the skeletons' messages and bytes (results schema "summary").
  messages?: number;
  bytes?: number;
  server_only?: boolean;
}

export interface Prepared {
  config: Config;
  id: string;
  summary: RunSummary;
  topology: TopologyDescription;
}

export interface MissCounts {
  compulsory: number;
  capacity: number;
  conflict: number;
  total?: number;
  // S when the three are estimates from 1 in S tags (switch.cache.classify_sampling); absent when exact.
  classify_sampling?: number;
}

export interface PortClassStats {
  lookups: number;
  hits: number;
  hit_rate: number;
  // 3C misses at this class (results from engines that classify per class).
  misses?: MissCounts;
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
    misses: MissCounts;
    by_port_class: Record<string, PortClassStats>;
    // Hit rate (fraction) per switch, indexed by switch id (row-major over topology.dims).
    by_switch?: number[];
    // Measured packets whose every look-up hit, and their share of the measured packets.
    packets_all_hit?: number;
    all_hit_share?: number;
  };
  latency_ns?: { zero_load?: LatencySummary };
  // Per-packet path statistics; field names vary by engine version, so all are optional.
  packets?: { measured?: number; warmup?: number; mean_switches?: number; max_switches?: number; [k: string]: unknown };
  topology?: TopologyDescription;
  // Why numbers of this run may mislead (the core's, wasm-core/src/engine/warnings.cpp; absent when none).
  warnings?: ResultWarning[];
  [key: string]: unknown;
}

// One of the core's result warnings: the result field it qualifies, and config changes that fix it.
export interface ResultWarning {
  code: string;
  field: string;
  message: string;
  fixes: Array<{ field: string; value: Json; unit: string; why: string }>;
}
