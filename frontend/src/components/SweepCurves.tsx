import { useEffect, useState } from 'react';
import { getExperiment, type Sweep, type SweepResultsPage } from '../api/client';
import type { SimResult } from '../config/types';
import { saturationPoints } from '../lib/sweeps/sweep';
import { SaturationCurves } from './SaturationCurves';

// Curves fetched for at most this many points (each one experiment request).
const MAX_CURVES = 12;

// A sweep of saturation-mode cycle runs (e.g. a compare example's organisations): every point
// bisected the load itself, so its latency-load curve is in its result, not in the rows. The
// finished points' results are fetched and their curves overlaid, one per point, named by its
// axis values.
export function SweepCurves({ sweep, results }: { sweep: Sweep; results: SweepResultsPage }) {
  const saturation = saturationPoints(sweep) === 'all';
  const col = (name: string) => results.columns.findIndex((c) => c.name === name);
  const points = saturation ? results.rows.filter((r) => r[col('status')] === 'done').slice(0, MAX_CURVES).map((r) => ({
    id: String(r[col('experiment_id')]),
    key: sweep.axis_names.map((a) => String(r[col(a)])).join(', '),
  })) : [];
  const wanted = JSON.stringify(points);
  const [runs, setRuns] = useState<Array<{ key: string; result: SimResult }> | null>(null);
  useEffect(() => {
    if (points.length === 0) return;
    let live = true;
    Promise.all(points.map((p) => getExperiment(p.id).then((e) => (e.result ? [{ key: p.key, result: e.result }] : []))))
      .then((r) => live && setRuns(r.flat()), () => undefined);
    return () => {
      live = false;
    };
    // Fetched again only when another point has finished.
  }, [wanted]);
  if (!runs || points.length === 0) return null;
  return <SaturationCurves runs={runs} name={sweep.axis_names.map((a) => a.split('.').pop()).join(', ')} />;
}
