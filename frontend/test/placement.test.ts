import { beforeAll, describe, expect, it } from 'vitest';
import { handle, type CoreModule } from '../src/core/protocol';
import type { RunSummary } from '../src/config/types';
import { EXAMPLES } from '../src/config/examples';
import { autoRuns, estimatedSeconds, placement, sweepSeconds, WASM_RATES, NATIVE_RATES } from '../src/lib/placement';
import { loadCore } from './core';

const small: RunSummary = {
  engine: 'app', topology: 'torus', nodes: 16, switches: 16, ports_per_switch: 5, input_ports: 80, links: 32,
  max_hops: 5, caches: 80, packets: 0, lookups: 0, memory_bytes: 50_000,
};

describe('placement', () => {
  it('keeps a small engine-app run in the browser', () => {
    expect(placement(small)).toEqual({ where: 'browser', over: [], serverOnly: false });
    expect(autoRuns(small)).toBe(true);
  });

  it('sends a server-only run (engine smpi) to the server however small', () => {
    const smpi = { ...small, engine: 'smpi', server_only: true };
    expect(placement(smpi)).toEqual({ where: 'server', over: [], serverOnly: true });
    expect(autoRuns(smpi)).toBe(false);
  });

  it('names the budget keys a large run is over', () => {
    expect(placement({ ...small, lookups: 60_000_000 })).toEqual({ where: 'server', over: ['lookups'], serverOnly: false });
  });
});

// The real core's prepare() summary of a catalogue example.
let core: CoreModule;
beforeAll(async () => {
  core = await loadCore();
});

function summaryOf(key: string): RunSummary {
  const out = handle(core, { id: 1, method: 'prepare', config: EXAMPLES.find((e) => e.key === key)!.config as never });
  if (out.kind !== 'prepared') throw new Error(JSON.stringify(out));
  return out.prepared.summary;
}

describe('browser budget and time estimates', () => {
  it('count flit-hops for the cycle engine', () => {
    const s = summaryOf('booksim-mesh-8x8-cycle');
    expect(s.flit_hops).toBeGreaterThan(0);
    expect(estimatedSeconds(s)).toEqual([s.flit_hops! / WASM_RATES.flit_hops.fast, s.flit_hops! / WASM_RATES.flit_hops.slow]);
    expect(sweepSeconds(s, 3)).toEqual([3 * s.flit_hops! / NATIVE_RATES.flit_hops.fast, 3 * s.flit_hops! / NATIVE_RATES.flit_hops.slow]);
    expect(placement({ ...s, flit_hops: 30_000_000 })).toEqual({ where: 'server', over: ['flit_hops'], serverOnly: false });
  });

  it('count look-ups for the route walk', () => {
    const s = summaryOf('seed001-fig12-21cube-128-entries');
    expect(s.flit_hops).toBeUndefined();
    expect(estimatedSeconds(s)).toEqual([s.lookups / WASM_RATES.lookups.fast, s.lookups / WASM_RATES.lookups.slow]);
  });
});
