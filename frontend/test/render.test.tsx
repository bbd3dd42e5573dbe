import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { HitRateSummary } from '../src/components/HitRateSummary';
import { ConfigForm } from '../src/components/ConfigForm';
import { ResultPanel } from '../src/components/ResultPanel';
import { DEFAULT_CONFIG } from '../src/config/form';
import { SweepExtraCharts } from '../src/components/SweepExtraCharts';
import type { Sweep, SweepResultsPage } from '../src/api/client';
import { SLICE_RESULT } from './fixtures';

const text = (html: string) =>
  html.replace(/<[^>]+>/g, ' ').replace(/&gt;/g, '>').replace(/&lt;/g, '<').replace(/&amp;/g, '&').replace(/\s+/g, ' ');

describe('components render numbers with units', () => {
  it('summary shows hit rate in % and exact counts', () => {
    const t = text(renderToStaticMarkup(<HitRateSummary result={SLICE_RESULT} prefix="wasm" />));
    expect(t).toContain('hit rate 92.36 %');
    expect(t).toContain('look-ups 6,286');
    expect(t).toContain('hits 5,806');
    expect(t).toContain('misses 480');
  });

  it('a core error appears under the field it names', () => {
    const html = renderToStaticMarkup(
      <ConfigForm config={DEFAULT_CONFIG} error={{ field: 'switch.cache.ways', message: 'must divide entries (100)' }} onChange={() => {}} />,
    );
    expect(html).toContain('data-testid="error-switch.cache.ways"');
    expect(text(html)).toContain('must divide entries (100)');
  });

  it('an error on a field without an input is shown above the form', () => {
    const html = renderToStaticMarkup(
      <ConfigForm config={DEFAULT_CONFIG} error={{ field: 'switch.cache.entry_bytes', message: 'must be >= 4' }} onChange={() => {}} />,
    );
    expect(text(html)).toContain('switch.cache.entry_bytes : must be >= 4');
  });

  it('the result panel draws one cell per switch and labels provenance', () => {
    const html = renderToStaticMarkup(
      <ResultPanel title="Browser run" source="WASM core" prefix="wasm" config={DEFAULT_CONFIG} result={SLICE_RESULT} />,
    );
    expect(html.match(/data-switch="/g)).toHaveLength(16);
    expect(text(html)).toContain('engine routewalk 0.1.0');
    expect(text(html)).toContain('p99 375 ns');
    expect(text(html)).toContain('compulsory misses: 480 (7.64 %)');
  });
});

describe('sweep charts', () => {
  afterEach(() => vi.restoreAllMocks());
  it('the Pareto chart is drawn from the rows cost column, without fetching experiments', () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(() => Promise.reject(new Error('no fetch expected')));
    const sweep = { id: 'sweep0123456789', name: 's', status: 'done', axes: {}, axis_names: ['switch.cache.entries'] } as unknown as Sweep;
    const results: SweepResultsPage = {
      sweep_id: sweep.id, next_cursor: null,
      columns: ['experiment_id', 'status', 'switch.cache.entries', 'cache.hit_rate', 'cost.cache.area_mm2'].map((name) => ({ name, unit: null })),
      rows: [['e1', 'done', 32, 0.8, 0.0123], ['e2', 'done', 64, 0.9, 0.0234], ['e3', 'done', 48, 0.7, 0.03], ['e4', 'queued', 16, null, null]],
    };
    const html = renderToStaticMarkup(<SweepExtraCharts sweep={sweep} results={results} />);
    expect(html.match(/<circle /g)).toHaveLength(3);
    expect(html).toContain('data-id="e1" cx');
    expect(text(html)).toContain('entries 64: 0.0234 mm², 90.00 % (Pareto-optimal)');
    expect(text(html)).toContain('entries 48: 0.0300 mm², 70.00 %');
    expect(html.match(/data-pareto="front"/g)).toHaveLength(2);
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});
