import { describe, expect, it } from 'vitest';
import { autoRuns, placement } from '../src/lib/placement';
import type { RunSummary } from '../src/config/types';

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
