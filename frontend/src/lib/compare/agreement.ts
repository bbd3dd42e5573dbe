import type { SimResult } from '../../config/types';
import { canonical } from '../../config/examples';

// What a browser run and a server run of one config must have identical, per engine: the
// application model's whole `app` section, the cycle engine's throughput and latencies (its
// cacheless runs count no hit), the route walk's cache counts. Compared as canonical JSON: the
// server's result comes back from PostgreSQL's JSONB, which reorders an object's keys.
export function agreementKey(r: SimResult): string {
  if (r.app) return canonical(r.app);
  if (r.engine?.name === 'cycle') return canonical({ throughput: r.throughput, latency_cycles: r.latency_cycles, saturation: r.saturation });
  return canonical({ hits: r.cache.hits, lookups: r.cache.lookups });
}
