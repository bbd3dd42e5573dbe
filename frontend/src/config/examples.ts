import type { Config, Json, SimResult } from './types';
import { getPath, setPath } from '../lib/form/path';
import { formatWithUnit } from '../lib/numbers/format';
import type { SweepRequest } from '../api/client';
import { engineResults } from '../engines/results';

// The example catalogue: examples/*.json at the repository root (format in examples/README.md),
// bundled at build time. The same files are the presets of GET /api/presets and are checked by
// the core tests, so what the UI offers is what is tested.

export interface PublishedValue {
  what: string;
  path?: string; // dotted path of the run result compared with `value`
  value: number;
  tolerance: number;
  unit: string;
  source?: string;
  note?: string;
  check?: boolean; // false: shown for context, not reproduced
  variant?: string; // in a compare example: the value of `compare.path` whose run it belongs to
  simulated_path?: string; // beside a model's `path`: the run's simulated figure of the same quantity
  when?: Record<string, Json>; // config changes (dotted path -> value) of the run it is compared with
  // Seed presets: the same quantity measured elsewhere, each with the size it was obtained at
  // (the skeletons under SimGrid SMPI, the real NPB 3.3.1 code under SMPI; examples/README.md).
  beside?: Partial<Record<BesideKind, BesideFigure>>;
  // A speed-up over another system (seed 000: 1.6 Tb/s with caches over 100 Gb/s without): the
  // config changes of that baseline run; the value is, per benchmark, the baseline's time without
  // a cache over this run's time with one, for `benchmark` or the mean over all benchmarks.
  baseline?: Record<string, Json>;
  benchmark?: string;
}

export type BesideKind = 'skeleton_smpi' | 'real_npb';
interface BesideFigure {
  value: number; // in the published value's unit
  size: string; // what was run, at which size and on which system
  source: string; // where the measurement and its provenance are
  note?: string;
}

// A compare example runs its config once per value of one config path and overlays the results.
interface CompareSpec {
  path: string; // dotted config path, e.g. switch.buffer.organisation
  values: string[];
}

export interface Example {
  key: string; // file name without .json
  title: string;
  description: string;
  source: string;
  config: Config;
  published?: PublishedValue[];
  compare?: CompareSpec;
  browser: boolean;
}

const files = import.meta.glob<Omit<Example, 'key'>>('@examples/*.json', { eager: true, import: 'default' });

export const EXAMPLES: Example[] = Object.entries(files)
  .map(([path, e]) => ({ ...e, key: path.replace(/^.*\//, '').replace(/\.json$/, '') }))
  .sort((a, b) => a.key.localeCompare(b.key));

// Key-order-independent JSON, so a config that went through the form compares equal.
export function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v && typeof v === 'object') {
    return `{${Object.keys(v).sort().map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`).join(',')}}`;
  }
  return JSON.stringify(v);
}

// The example a config is: only an unchanged example config (an edited one is a different
// experiment, and the published numbers must not be shown as its counterpart).
export function exampleFor(config: Config): Example | undefined {
  const c = canonical(config);
  return EXAMPLES.find((e) => canonical(e.config) === c);
}

// The config a first visit opens with: seed 001 Fig. 12's 21^3 torus with 128-entry caches per
// input port. The cache matters there (about half the look-ups miss), the paper publishes the
// latency reduction it gives, and the run is small enough to start by itself in the tab.
export const START_EXAMPLE = 'seed001-fig12-21cube-128-entries';

export function exampleByKey(key: string): Example | undefined {
  return EXAMPLES.find((e) => e.key === key);
}

export function startConfig(): Config {
  return structuredClone(exampleByKey(START_EXAMPLE)!.config);
}

export interface Comparison {
  what: string;
  published: string;
  source: string; // where the published number is printed (or run, for BookSim)
  model: string; // an analytical model's figure for this run's config, "—" when none
  simulated: string; // this run's simulated figure, "—" when none
  // In words: "reproduced (within ± x)", "not reproduced (Δ = …)", "context only (why)",
  // "not run yet" or "run failed…".
  agreement: string;
  note?: string;
}

// A run that ended without a result (a sweep point that failed), with its error when it has one.
interface FailedRun {
  failed: true;
  error?: string;
}
// What a published value is compared with: a result, a failed run, or nothing yet.
export type RunOutcome = SimResult | FailedRun | undefined;

const isFailed = (run: RunOutcome): run is FailedRun => (run as FailedRun | undefined)?.failed === true;

// An error in a table cell: its first line, at most 100 characters.
function brief(error: string): string {
  const line = error.trim().split('\n')[0];
  return line.length > 100 ? `${line.slice(0, 99)}…` : line;
}

// The config a published value is compared with: the example's (a compare example's: its
// variant's) with the value's `when` changes applied.
export function publishedConfig(example: Example, p: PublishedValue): Config {
  let c = example.compare && p.variant !== undefined ? setPath(example.config, example.compare.path, p.variant) : example.config;
  for (const [path, v] of Object.entries(p.when ?? {})) c = setPath(c, path, v);
  return c;
}

// The configs whose runs an example's published values describe (its own and those `when` makes).
export function publishedConfigs(example: Example): Config[] {
  const seen = new Map<string, Config>([[canonical(example.config), example.config]]);
  for (const p of example.published ?? []) {
    if (p.when) seen.set(canonical(publishedConfig(example, p)), publishedConfig(example, p));
  }
  return [...seen.values()];
}

// The example whose published values describe a run of `config`: the unchanged example, or the
// example with the `when` changes of one of its values (sim.mode set to saturation for BookSim's
// saturation throughput). The table is then shown, each value judged against this run only
// where this run is the one it describes.
export function publishedExampleFor(config: Config): Example | undefined {
  const c = canonical(config);
  return EXAMPLES.find((e) => e.published?.length && publishedConfigs(e).some((x) => canonical(x) === c));
}

// One row per published value: the published number (with its tolerance) beside this run's
// (before a run, `result` is undefined and the row says so). `config` is the run's config as the
// catalogue writes it (it decides which values this run measures); the example's own by default.
// (A compare example's config is its first variant's: only that variant's values apply to it.)
export function comparisonRows(example: Example, result: SimResult | undefined, config: Config = example.config): Comparison[] {
  const own = example.compare && getPath(example.config, example.compare.path);
  return (example.published ?? []).filter((p) => p.variant === undefined || p.variant === own)
    .map((p) => compareOne(example, p, result, config));
}

const isModel = (example: Example) => engineResults(example.config.engine).model === true;
const isModelPath = (example: Example, path: string) => isModel(example) || path.startsWith('models.');

// What this run's figure beside a published one is: an analytical model's output (`models.*`,
// or anything engine app gives: it is the application time model, docs/models.md Sec. 5, while
// engine smpi simulates the same `app.*` keys) or a number the engine simulated (hit rates,
// latencies, throughput under load), so a value of one kind is never passed off as the other's.
export function thisRunKind(example: Example): 'model' | 'simulated' {
  if (isModel(example)) return 'model';
  const paths = (example.published ?? []).flatMap((p) => (p.path ? [p.path] : []));
  return paths.length > 0 && paths.every((p) => isModelPath(example, p)) ? 'model' : 'simulated';
}

// A config value in words, for "measured with sim.mode = saturation".
const said = (v: Json | undefined) => (v === undefined ? 'its default' : typeof v === 'string' ? v : JSON.stringify(v));

// Why a run of `config` is not the run `p` describes: the first changed config path that differs.
function otherRun(example: Example, p: PublishedValue, config: Config): string | null {
  const target = publishedConfig(example, p);
  if (canonical(target) === canonical(config)) return null;
  const paths = new Set((example.published ?? []).flatMap((q) => Object.keys(q.when ?? {})));
  const differs = [...paths].find((k) => canonical(getPath(target, k) ?? null) !== canonical(getPath(config, k) ?? null));
  return differs ? `measured with ${differs} = ${said(getPath(target, differs))}` : 'measured with another config';
}

// A figure against the published value, in words.
export function judged(p: PublishedValue, got: number): { reproduced: boolean; words: string } {
  const d = got - p.value;
  // Within the tolerance up to rounding (a figure exactly on its edge is within it).
  if (Math.abs(d) <= p.tolerance * (1 + 1e-9) + 1e-12) {
    return { reproduced: true, words: p.tolerance > 0 ? `within ± ${formatWithUnit(p.tolerance, p.unit)}` : 'exactly' };
  }
  return { reproduced: false, words: `Δ = ${d > 0 ? '+' : '−'}${formatWithUnit(Math.abs(d), p.unit)}` };
}

// A figure's verdict against the published value: "reproduced (within ± x)" or "not reproduced (Δ = …)".
export const verdict = (f: { reproduced: boolean; words: string }) => `${f.reproduced ? 'reproduced' : 'not reproduced'} (${f.words})`;

function compareOne(example: Example, p: PublishedValue, run: RunOutcome, config: Config = example.config): Comparison {
  const tol = p.tolerance > 0 ? ` ± ${formatWithUnit(p.tolerance, p.unit)}` : '';
  const result = isFailed(run) ? undefined : run;
  const at = (path: string | undefined): number | undefined => {
    const v = path && result ? getPath(result as unknown as Json, path) : undefined;
    return typeof v === 'number' ? v : undefined;
  };
  const other = otherRun(example, p, config);
  // Only the run a value describes is judged against it; another run's figures are not shown beside it.
  const main = other ? undefined : at(p.path);
  const modelFig = p.path && isModelPath(example, p.path) ? main : undefined;
  const simFig = p.path && !isModelPath(example, p.path) ? main : other ? undefined : at(p.simulated_path);
  const figures = ([['model', modelFig], ['simulated', simFig]] as const)
    .flatMap(([kind, v]) => (v === undefined ? [] : [{ kind, ...judged(p, v) }]));
  // A failed run first: even a context-only value has no figure beside it then, and must say why.
  const agreement = isFailed(run) ? (run.error ? `run failed: ${brief(run.error)}` : 'run failed')
    : other ? `context only (${other})`
    : !p.path ? 'context only (a figure this run does not report)'
    : !result ? 'not run yet'
    : figures.length === 0 ? 'context only (not in this run\'s result)'
    : figures.length === 1 || figures[0].words !== figures[1].words ? figures.map((f) => (figures.length > 1 ? `${f.kind}: ` : '') + verdict(f)).join('; ')
    : `${verdict(figures[0])}, model and simulation`;
  const fmt = (v: number | undefined) => (v === undefined ? '—' : formatWithUnit(v, p.unit));
  return { what: p.what, published: `${formatWithUnit(p.value, p.unit)}${tol}`, source: p.source ?? example.source,
    model: fmt(modelFig), simulated: fmt(simFig), agreement, note: p.note };
}

// The configs a compare example runs, in its order: its config with `compare.path` set to each value.
export function variantConfigs(example: Example): Array<{ variant: string; config: Config }> {
  const c = example.compare;
  return c ? c.values.map((variant) => ({ variant, config: setPath(example.config, c.path, variant) })) : [];
}

// A compare example as a server sweep: one axis, `compare.path` over `compare.values`, so the
// server runs every variant (not only the config's own) and its sweep page shows them together.
export function compareSweep(example: Example): SweepRequest | null {
  const c = example.compare;
  return c ? { name: example.title, base: example.config, axes: { [c.path]: c.values } } : null;
}

// The compare example a sweep is (the example's config as base, its compare path and values as
// the one axis), if any: the example's published values then apply to the sweep's points.
export function compareExampleOf(sweep: { base: Config; axes: Record<string, unknown> }): Example | undefined {
  const key = canonical({ base: sweep.base, axes: sweep.axes });
  return EXAMPLES.find((e) => {
    const s = compareSweep(e);
    return s !== null && canonical({ base: s.base, axes: s.axes }) === key;
  });
}

// A compare example's variants as a sweep's rows have them (in the order of `compare.values`):
// a finished row as its columns at their dotted result paths, which are the paths its published
// values name; a failed row as a failed run with the row's error; no finished or failed row, absent.
export function variantResultsOfRows(example: Example, columns: Array<{ name: string }>, rows: unknown[][]): RunOutcome[] {
  const col = (n: string) => columns.findIndex((c) => c.name === n);
  const [iVariant, iStatus, iError] = [col(example.compare!.path), col('status'), col('error')];
  return example.compare!.values.map((v) => {
    const row = rows.find((r) => r[iVariant] === v && r[iStatus] === 'done');
    if (row) return columns.reduce((acc: Config, c, i) => (row[i] === null ? acc : setPath(acc, c.name, row[i] as Json)), {}) as unknown as SimResult;
    const failed = rows.find((r) => r[iVariant] === v && r[iStatus] === 'failed');
    return failed && { failed: true, error: typeof failed[iError] === 'string' && failed[iError] ? failed[iError] as string : undefined };
  });
}

interface VariantComparison extends Comparison {
  variant: string;
}

// A compare example's published values, each beside the run of its variant (`results` in the
// order of `compare.values`; a variant not run yet is absent).
export function variantRows(example: Example, results: RunOutcome[]): VariantComparison[] {
  return (example.compare?.values ?? []).flatMap((variant, i) =>
    (example.published ?? []).filter((p) => p.variant === variant)
      .map((p) => ({ variant, ...compareOne(example, p, results[i], publishedConfig(example, p)) })));
}
