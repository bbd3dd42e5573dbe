import { useEffect, useState } from 'react';
import { getExperiment, type SweepResultsPage } from '../api/client';
import { COST_COLUMN, costPointsFromRows, type CostPoint } from '../lib/sweepCharts';

// Sweep result rows carry no cost column, so the cost of each finished point comes from its
// experiment (result.cost.cache.area_mm2). Fetched once per id and cached across refreshes;
// capped so a huge sweep does not fire thousands of requests.
const MAX_FETCH = 300;
const cache = new Map<string, { cost: number } | null>();

export function useCostPoints(results: SweepResultsPage, axisNames: string[]): { points: CostPoint[]; pending: number } {
  const hasCost = results.columns.some((c) => c.name === COST_COLUMN);
  const [, bump] = useState(0);
  const iId = results.columns.findIndex((c) => c.name === 'experiment_id');
  // Rows with the cost column filled from the fetched experiments (null until fetched).
  const columns = hasCost ? results.columns : [...results.columns, { name: COST_COLUMN, unit: 'mm2' }];
  const rows = hasCost ? results.rows : results.rows.map((r) => [...r, cache.get(String(r[iId]))?.cost ?? null]);
  const { points, missing } = costPointsFromRows(columns, rows, axisNames);
  const key = hasCost ? '' : missing.join(',');
  useEffect(() => {
    let live = true;
    const todo = key === '' ? [] : key.split(',').filter((id) => !cache.has(id)).slice(0, MAX_FETCH);
    Promise.all(todo.map(async (id) => {
      try {
        const e = await getExperiment(id);
        const area = (e.result?.cost as { cache?: { area_mm2?: unknown } } | undefined)?.cache?.area_mm2;
        cache.set(id, typeof area === 'number' ? { cost: area } : null);
      } catch {
        cache.set(id, null);
      }
    })).then(() => live && todo.length > 0 && bump((n) => n + 1));
    return () => {
      live = false;
    };
    // Keyed on the id list: a refresh with the same finished points fetches nothing.
  }, [key]);
  return { points, pending: missing.filter((id) => !cache.has(id)).length };
}
