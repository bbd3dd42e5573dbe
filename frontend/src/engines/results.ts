import type { SimResult } from '../config/types';
import { appHeadline } from '../lib/charts/appChart';
import { formatCount, formatRate, formatValue } from '../lib/numbers/format';
import { getPath } from '../lib/form/path';
import { describeEngine } from './describe';

// What the explorer knows of each engine's results besides its panels (panels.tsx), by the
// core's engine name; an engine without an entry gets the generic one, built from the core's
// description (its headline keys). A new engine is its entry here, if the generic one is not
// enough.
interface EngineResults {
  // A run's headline in a few words (a history entry, the explorer's run list).
  headline: (r: SimResult, unitOf: (path: string) => string) => string;
  // What a browser run and a server run of one config must have identical, and how the
  // agreement line names it.
  agreement: (r: SimResult) => unknown;
  agreementText: (r: SimResult, unitOf: (path: string) => string) => string;
  // Whether its figures are an analytical model's (never passed off as simulated ones).
  model?: boolean;
  // Whether its result is an application's run time (it takes MPI traces as its workload).
  application?: boolean;
  // Whether sim.mode may search its loads for saturation (a sweep's points then report a search).
  searchesLoad?: boolean;
}

const value = (r: SimResult, path: string, unitOf: (path: string) => string) =>
  formatValue(getPath(r as never, path), unitOf(path));

// The cycle engine: the network under load (its cacheless runs count no hit).
const cycle: EngineResults = {
  headline: (r, unitOf) =>
    `${value(r, 'throughput.accepted', unitOf)} accepted, mean packet latency ${value(r, 'latency_cycles.packet.mean', unitOf)}`,
  agreement: (r) => ({ throughput: r.throughput, latency_cycles: r.latency_cycles, saturation: r.saturation }),
  agreementText: (r, unitOf) => cycle.headline(r, unitOf),
  searchesLoad: true,
};

// The route walk: cache look-ups and hits.
const routewalk: EngineResults = {
  headline: (r) => `${formatRate(r.cache.hit_rate, r.cache.lookups)} hit rate`,
  agreement: (r) => ({ hits: r.cache.hits, lookups: r.cache.lookups }),
  agreementText: (r) => `${formatCount(r.cache.hits)} hits of ${formatCount(r.cache.lookups)} look-ups`,
};

// The application engines: the whole `app` section (run times with and without the cache).
const application: EngineResults = {
  headline: (r) => appHeadline(r),
  agreement: (r) => r.app,
  agreementText: (r) => appHeadline(r),
  application: true,
};

const ENGINE_RESULTS: Record<string, EngineResults> = {
  routewalk,
  cycle,
  // The application time model (docs/models.md Sec. 5), beside SimGrid SMPI's run of its system
  // (the core's x-engines: smpi is its twin).
  app: { ...application, model: true },
  smpi: application,  // engine app's system, simulated by SimGrid SMPI
};

// An engine with no entry: its headline keys, as the core describes them.
function generic(name: string): EngineResults {
  const keys = () => describeEngine(name)?.headline ?? [];
  const headline = (r: SimResult, unitOf: (path: string) => string) =>
    keys().filter((k) => getPath(r as never, k) !== undefined).slice(0, 2).map((k) => `${k} ${value(r, k, unitOf)}`).join(', ');
  return {
    headline,
    agreement: (r) => Object.fromEntries(keys().map((k) => [k, getPath(r as never, k) ?? null])),
    agreementText: headline,
  };
}

export const engineResults = (name: unknown): EngineResults =>
  (typeof name === 'string' && ENGINE_RESULTS[name]) || generic(String(name));

// The engine that takes an MPI trace for a config on another engine: the application model.
export const TRACE_ENGINE = Object.keys(ENGINE_RESULTS).find((n) => ENGINE_RESULTS[n].model && ENGINE_RESULTS[n].application)!;
