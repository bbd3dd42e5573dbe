import { describe, expect, it } from 'vitest';
import { agreementKey } from '../src/lib/compare/agreement';
import type { SimResult } from '../src/config/types';
import { SLICE_RESULT } from './fixtures';

// A browser and a server run of one config are compared on what their engine computes, key order
// aside: the server's result comes back from PostgreSQL's JSONB with its keys reordered.
describe('agreementKey', () => {
  const app = { ...SLICE_RESULT, engine: { name: 'app', version: '0' }, app: { relative_mean: 1.05, benchmarks: { CG: { time_s: 0.0254, mops: 2.7e6 } } } } as unknown as SimResult;
  it("ignores the order of the application model's keys but not a value", () => {
    const reordered = { ...app, app: { benchmarks: { CG: { mops: 2.7e6, time_s: 0.0254 } }, relative_mean: 1.05 } } as unknown as SimResult;
    expect(agreementKey(reordered)).toBe(agreementKey(app));
    expect(agreementKey({ ...app, app: { ...(app.app as object), relative_mean: 1.06 } })).not.toBe(agreementKey(app));
  });

  it("compares the cycle engine's throughput and latency, not its (absent) cache hits", () => {
    const cycle = { ...SLICE_RESULT, engine: { name: 'cycle', version: '0' }, cache: { ...SLICE_RESULT.cache, hits: 0 },
      throughput: { accepted: 0.05, offered: 0.0501 }, latency_cycles: { packet: { mean: 33.2 } } } as unknown as SimResult;
    expect(agreementKey({ ...cycle, latency_cycles: { packet: { mean: 33.3 } } })).not.toBe(agreementKey(cycle));
    expect(agreementKey({ ...cycle, throughput: { offered: 0.0501, accepted: 0.05 } })).toBe(agreementKey(cycle));
  });
});
