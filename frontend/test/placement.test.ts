import { beforeAll, describe, expect, it } from 'vitest';
import { autoRuns, estimatedSeconds, placement, sweepSeconds, workPerPoint } from '../src/lib/runs/placement';
import type { RunSummary } from '../src/config/types';
import { knowEngines } from './core';

// Which summary key is an engine's work comes from the core's description of its engines.
beforeAll(knowEngines);

const small: RunSummary = {
  engine: 'app', topology: 'torus', nodes: 16, switches: 16, ports_per_switch: 5, input_ports: 80, links: 32,
  max_hops: 5, caches: 80, packets: 0, lookups: 0, memory_bytes: 50_000,
};

describe('placement', () => {
  it('keeps a small engine-app run in the browser', () => {
    expect(placement(small)).toEqual({ where: 'browser', over: [], serverOnly: false });
    expect(autoRuns(small)).toBe(true);
  });

  // Its summary counts no look-up: the application model's work is its skeletons' messages.
  it('measures an engine-app run in messages', () => {
    const app = { ...small, messages: 51_148_725, bytes: 1.93e11 };
    expect(estimatedSeconds(app)).toEqual([51_148_725 / 100e6, 51_148_725 / 40e6]);
    expect(sweepSeconds(app, 10)).toEqual([511_487_250 / 300e6, 511_487_250 / 80e6]);
    expect(workPerPoint(app)).toBe('51,148,725 messages');
    expect(autoRuns(app)).toBe(false); // over the 40 M messages that run by themselves
    expect(autoRuns({ ...app, messages: 9_523_813 })).toBe(true);
    expect(placement({ ...app, messages: 6e8 })).toEqual({ where: 'server', over: ['messages'], serverOnly: false });
  });

  it('sends a server-only run (engine smpi) to the server however small', () => {
    const smpi = { ...small, engine: 'smpi', server_only: true };
    expect(placement(smpi)).toEqual({ where: 'server', over: [], serverOnly: true });
    expect(autoRuns(smpi)).toBe(false);
  });

  it('names the budget keys a large run is over', () => {
    expect(placement({ ...small, engine: 'routewalk', lookups: 60_000_000 })).toEqual({ where: 'server', over: ['lookups'], serverOnly: false });
  });

  it('measures a cycle-engine run in flit-hops, not look-ups', () => {
    const cycle = { ...small, engine: 'cycle', lookups: 1_000_000, cycles: 23_000, flit_hops: 12_960_000 };
    // 12.96 M flit-hops at 22 M/s and 4 M/s (the WASM cycle engine's measured range).
    expect(estimatedSeconds(cycle)).toEqual([12_960_000 / 22e6, 12_960_000 / 4e6]);
    expect(sweepSeconds(cycle, 10)).toEqual([129_600_000 / 30e6, 129_600_000 / 5e6]);
    expect(autoRuns(cycle)).toBe(false);  // over the 4 M flit-hops that run by themselves
    expect(placement(cycle).where).toBe('browser');
    expect(placement({ ...cycle, flit_hops: 2e8 })).toEqual({ where: 'server', over: ['flit_hops'], serverOnly: false });
    // A route walk of the same look-ups is judged by its look-ups.
    expect(estimatedSeconds({ ...small, engine: 'routewalk', lookups: 1_000_000 })).toEqual([1_000_000 / 20e6, 1_000_000 / 2e6]);
  });
});
