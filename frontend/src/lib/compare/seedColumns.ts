import type { Config, SimResult } from '../../config/types';
import { comparisonRows, judged, verdict, type BesideKind, type Example, type PublishedValue } from '../../config/examples';
import { setPath } from '../form/path';
import { formatWithUnit } from '../numbers/format';

// The seeds' application figures (seed 000 Figs. 17-18, seed 001 Figs. 7-9) in four columns: as
// published, the skeletons in the time model (engine app, this run), the skeletons under SimGrid
// SMPI (engine smpi) and the real NPB 3.3.1 code under SMPI. The last two were measured once, at a
// size the catalogue states (examples/README.md, "beside"); the second is this run's.
type SeedColumnKey = 'published' | 'model' | BesideKind;

export const SEED_COLUMNS: Array<{ key: SeedColumnKey; label: string }> = [
  { key: 'published', label: 'as published' },
  { key: 'model', label: 'skeleton model (engine app, this run)' },
  { key: 'skeleton_smpi', label: 'skeleton SMPI (engine smpi)' },
  { key: 'real_npb', label: 'real NPB (NPB 3.3.1 code under SMPI)' },
];

interface SeedCell {
  value: string; // with its unit, "—" when there is none
  size: string; // what was run, at which size
  agreement: string; // with the published value, in words
  source?: string;
  note?: string;
}

interface SeedRow {
  what: string;
  cells: Record<SeedColumnKey, SeedCell>;
}

// An example's system in words: "4x4x4x4 torus", "Dragonfly of 16 groups of 16 switches".
export function systemWords(config: Config): string {
  const t = config.topology;
  if (t?.kind === 'torus' && t.dims) return `${t.dims.join('x')} torus`;
  if (t?.kind === 'dragonfly') return `Dragonfly of ${t.g} groups of ${t.a} switches`;
  if (t?.kind === 'random_regular') return `random ${t.degree}-regular graph of ${t.switches} switches`;
  return String(t?.kind);
}

// The size of this run's skeletons: "class B, 64 ranks, 4x4x4 torus".
function runSize(config: Config): string {
  const npb = config.traffic?.pattern === 'npb' ? config.traffic.npb : undefined;
  return `${npb?.class ? `class ${npb.class}, ` : ''}${npb?.ranks ? `${npb.ranks} ranks, ` : ''}${systemWords(config)}`;
}

// The baseline run a speed-up needs (the example's config with the value's `baseline` changes).
export function baselineConfig(example: Example): Config | undefined {
  const changes = (example.published ?? []).find((q) => q.baseline)?.baseline;
  return changes && Object.entries(changes).reduce((c, [path, v]) => setPath(c, path, v), example.config);
}

type Benchmarks = Record<string, { time_s: number; time_no_cache_s?: number }>;
const benchmarksOf = (r: SimResult) => (r.app as { benchmarks: Benchmarks } | undefined)?.benchmarks ?? {};

// A published speed-up from this run and its baseline's: per benchmark the baseline's time without
// a cache over this run's time, for the value's benchmark or the mean over all.
export function speedupOver(p: PublishedValue, result: SimResult, baseline: SimResult): number | undefined {
  const fast = benchmarksOf(result), slow = benchmarksOf(baseline);
  const names = p.benchmark ? [p.benchmark] : Object.keys(fast);
  const ratios = names.map((b) => (slow[b]?.time_no_cache_s ?? NaN) / (fast[b]?.time_s ?? NaN));
  return ratios.length && ratios.every(Number.isFinite) ? ratios.reduce((a, b) => a + b, 0) / ratios.length : undefined;
}

// Whether the catalogue gives an example's published values the four columns.
export const hasSeedColumns = (example: Example) => (example.published ?? []).some((p) => p.beside);

// One row per published value with `beside` figures. The model's cell is this run's (the
// comparison the published table makes: its figure and verdict, or why there is none).
// A value with a `baseline` takes its model figure from this run and the baseline's (`baseline`,
// absent until it has run).
export function seedRows(example: Example, result: SimResult | undefined, config: Config = example.config,
  baseline?: SimResult): SeedRow[] {
  const live = comparisonRows(example, result, config);
  return (example.published ?? []).flatMap((p, i) => {
    if (!p.beside) return [];
    const tol = p.tolerance > 0 ? ` ± ${formatWithUnit(p.tolerance, p.unit)}` : '';
    const measured = (kind: BesideKind): SeedCell => {
      const f = p.beside![kind];
      if (!f) return { value: '—', size: 'not measured', agreement: 'no figure' };
      return { value: formatWithUnit(f.value, p.unit), size: f.size, agreement: verdict(judged(p, f.value)), source: f.source, note: f.note };
    };
    return [{
      what: p.what,
      cells: {
        published: { value: `${formatWithUnit(p.value, p.unit)}${tol}`, size: example.title.replace(/^[^:]*:\s*/, ''),
          agreement: 'the reference', source: p.source ?? example.source, note: p.note },
        model: p.baseline ? speedupCell(p, config, result, baseline) : { value: live[i].model, size: runSize(config), agreement: live[i].agreement },
        skeleton_smpi: measured('skeleton_smpi'),
        real_npb: measured('real_npb'),
      },
    }];
  });
}

// The model's speed-up over the baseline run, once both runs are there.
function speedupCell(p: PublishedValue, config: Config, result?: SimResult, baseline?: SimResult): SeedCell {
  const changes = Object.entries(p.baseline!).map(([k, v]) => `${k} = ${JSON.stringify(v)}`).join(', ');
  const size = `${runSize(config)}; over a second run with ${changes}, without a cache`;
  const got = result && baseline ? speedupOver(p, result, baseline) : undefined;
  if (got === undefined) return { value: '—', size, agreement: result ? 'the baseline run is running' : 'not run yet' };
  return { value: formatWithUnit(got, p.unit), size, agreement: verdict(judged(p, got)) };
}
