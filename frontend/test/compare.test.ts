import { describe, expect, it } from 'vitest';
import { metricRows } from '../src/lib/compare';
import { formatDelta } from '../src/lib/format';

// The compare view flags a row when its values differ; identical values are never flagged, and a
// flagged row's Δ shows the difference however small (format.ts formatDelta), never "−0.00".
describe('compare rows', () => {
  const run = (hops: number) => ({ hops: { mean: hops }, throughput: { accepted: 0.3 } });
  it('flags a real difference below the shown digits, with a Δ that shows it; identical values are not flagged', () => {
    const rows = metricRows([run(2.5), run(2.5025)]);
    const hops = rows.find((r) => r.path === 'hops.mean')!;
    expect(hops.differs).toBe(true);
    expect(formatDelta(hops.values[1], hops.values[0], '', 0.01)).toBe('+0.0025 (+0.1 %)');
    expect(rows.find((r) => r.path === 'throughput.accepted')!.differs).toBe(false);
    expect(metricRows([run(2.5), run(2.5)]).some((r) => r.differs)).toBe(false);
  });
});
