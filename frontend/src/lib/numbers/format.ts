import { proportionSE } from './confidence';

// Every number the UI shows goes through these, so units and precision are uniform and the
// end-to-end test can compute the exact expected text from the native CLI's JSON.

// A fraction in [0,1] as a percentage with two decimals: 0.93124 -> "93.12 %".
export function formatPercent(fraction: number, digits = 2): string {
  if (!Number.isFinite(fraction)) return '—';
  return `${(fraction * 100).toFixed(digits)} %`;
}

// Integer counts with thousands separators: 12345 -> "12,345".
export function formatCount(n: number): string {
  if (!Number.isFinite(n)) return '—';
  return Math.round(n).toLocaleString('en-US');
}

// A number with `decimals` decimals and thousands separators, as every count is: 1378.04 -> "1,378.0".
function grouped(v: number, decimals: number): string {
  return v.toLocaleString('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
}

// `decimals`, or more when a nonzero `v` would round to zero with them: then its first two
// significant digits (0.0025 with 2 -> 4), so a real difference never reads "0.00".
function decimalsShowing(v: number, decimals: number): number {
  return v === 0 || Number(v.toFixed(decimals)) !== 0 ? decimals : 1 - Math.floor(Math.log10(Math.abs(v)));
}

// Count units (the results schema's x-unit) in the singular, for exactly one: "1 way", not "1 ways".
const SINGULAR: Record<string, string> = {
  ways: 'way', entries: 'entry', ports: 'port', packets: 'packet', nodes: 'node', switches: 'switch', links: 'link',
  CAMs: 'CAM', caches: 'cache', bits: 'bit', messages: 'message', ranks: 'rank', 'look-ups': 'look-up', flits: 'flit',
  cycles: 'cycle', hops: 'hop', repeats: 'repeat', points: 'point',
};

// A formatted number and its unit ("" and "count": the number alone).
function withUnit(text: string, unit: string): string {
  if (!unit || unit === 'count') return text;
  return `${text} ${text === '1' && SINGULAR[unit] ? SINGULAR[unit] : displayUnit(unit)}`;
}

// Nanoseconds with a sensible precision: 123.456 -> "123.5 ns", 12 -> "12 ns", 1378 -> "1,378 ns".
export function formatNs(ns: number): string {
  if (!Number.isFinite(ns)) return '—';
  const digits = Number.isInteger(ns) ? 0 : Math.abs(ns) >= 100 ? 1 : 2;
  return `${grouped(ns, decimalsShowing(ns, digits))} ns`;
}

// Units as the core writes them (results schema x-unit) -> as shown.
const SHOWN: Record<string, string> = { 'mm^2': 'mm²', 'um^2': 'µm²', us: 'µs', x: '×' };

export function displayUnit(unit: string): string {
  return SHOWN[unit] ?? unit;
}

// A number in its unit (the results schema's x-unit, or the example catalogue's): fractions as
// percentages, ns as above, seconds as durations, whole numbers with separators, others to three
// significant digits (the cost model's fits are good to a few per cent at best, so more digits
// would claim a precision no figure has). "" and "count" (plain counts, ids) show the number alone.
export function formatWithUnit(v: number, unit: string, fractionDigits = 1): string {
  if (unit === 'fraction') return formatPercent(v, fractionDigits);
  if (unit === 'ns') return formatNs(v);
  if (unit === 's') return formatSeconds(v);
  if (!Number.isFinite(v)) return '—';
  if (unit === 'B') return formatBytes(v);
  return withUnit(Number.isInteger(v) ? formatCount(v) : significant(v, 3), unit);
}

// `digits` significant digits, without exponent notation for the magnitudes results have.
function significant(v: number, digits: number): string {
  return Number(v.toPrecision(digits)).toLocaleString('en-US', { maximumFractionDigits: 20 });
}

// A config value as it was set (a sweep's axis values), with its unit: exact, never rounded to
// the digits of a statistic or into a larger unit, so integers have no decimals ("2,048 B", not
// "2.0 KiB"; "1,000 entries") and fractions are the percentage they are ("50 %", "12.5 %").
export function formatSetting(v: unknown, unit: string | null): string {
  if (typeof v !== 'number' || !Number.isFinite(v)) return formatValue(v, unit);
  return unit === 'fraction' ? `${significant(v * 100, 12)} %` : withUnit(significant(v, 12), unit ?? '');
}

// An x value of a chart (axis tick, marker tooltip; its unit is in the axis label): integers as
// they are (sizes, counts), others to four significant digits (a bisection's loads:
// 0.4928125 -> "0.4928").
export function formatAxisValue(v: number): string {
  return Number.isInteger(v) ? String(v) : significant(v, 4);
}

// Decimals of a statistic shown in some unit, from its standard error in that unit: down to the
// first significant digit of 2 SE (about the half-width of a 95 % interval), within [min, max].
export function decimalsForError(se: number, min: number, max: number): number {
  if (!(se > 0) || !Number.isFinite(se)) return max;
  return Math.min(max, Math.max(min, -Math.floor(Math.log10(2 * se) + 1e-9)));
}

// A statistic with the digits its standard error `se` (lib/numbers/confidence.ts) supports: fractions
// (hit rates, shares) as percentages with 1-4 decimals, other numbers in their unit with 0-3
// decimals. Without an error it is formatted as any number of its unit (formatWithUnit).
// 0.9236398 of 6,286 look-ups (SE 0.335 %): "92.4 %"; of 10 M look-ups: "92.364 %".
export function formatEstimate(v: number, unit: string, se: number | undefined): string {
  if (!Number.isFinite(v)) return '—';
  if (se === undefined || !Number.isFinite(se)) return formatWithUnit(v, unit, 2);
  if (unit === 'fraction') return formatPercent(v, decimalsForError(se * 100, 1, 4));
  return withUnit(grouped(v, decimalsForError(se, 0, 3)), unit);
}

// A rate counted over n trials (a hit rate over its look-ups): formatEstimate with the binomial error.
export function formatRate(p: number, n: number | undefined): string {
  return formatEstimate(p, 'fraction', n === undefined ? undefined : proportionSE(p, n));
}

// Any value of a result or config as shown in a table cell: numbers in their unit (with the
// digits their standard error supports when `se` is given), booleans as yes/no, strings as they
// are, arrays and objects as compact JSON, missing values as "—". One formatter for every table
// (sweep rows, comparisons, history).
export function formatValue(v: unknown, unit: string | null | undefined, se?: number): string {
  if (v === null || v === undefined) return '—';
  if (typeof v === 'number') return formatEstimate(v, unit ?? '', se);
  if (typeof v === 'boolean') return v ? 'yes' : 'no';
  if (typeof v === 'string') return v;
  return JSON.stringify(v);
}

// A change from a baseline value: fractions in percentage points, everything else in its unit
// with the relative change; "±0" when equal. `se` is the standard error of the difference (both
// runs' errors combined, lib/numbers/confidence.ts) and sets the digits as in formatEstimate; without it
// fractions get two decimals. A change smaller than those digits is still a change (the values
// differ, so the compare view flags the row): it shows its first two significant digits, never a
// signed zero ("−0.00"). Returns null when either side is not a number.
export function formatDelta(v: unknown, base: unknown, unit: string, se?: number): string | null {
  if (typeof v !== 'number' || typeof base !== 'number' || !Number.isFinite(v) || !Number.isFinite(base)) return null;
  const d = v - base;
  if (d === 0) return '±0';
  const sign = d > 0 ? '+' : '−';
  const abs = Math.abs(d);
  const known = se !== undefined && Number.isFinite(se);
  if (unit === 'fraction') return `${sign}${grouped(abs * 100, decimalsShowing(abs * 100, known ? decimalsForError(se * 100, 1, 4) : 2))} pp`;
  const text = known ? withUnit(grouped(abs, decimalsShowing(abs, decimalsForError(se, 0, 3))), unit) : formatWithUnit(abs, unit, 2);
  return base !== 0 ? `${sign}${text} (${sign}${formatRelative(Math.abs(d / base))})` : `${sign}${text}`;
}

// A relative change as a percentage with two significant digits (at least one decimal below 10 %;
// below 0.1 % as many as its first two significant digits need).
export function formatRelative(r: number): string {
  const pct = r * 100;
  return `${grouped(pct, pct >= 10 ? 0 : decimalsShowing(pct, 1))} %`;
}

// Bytes in binary multiples: 553872 -> "540.9 KiB" (below 1 KiB: "512 B").
export function formatBytes(b: number): string {
  if (!Number.isFinite(b)) return '—';
  const units = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];
  let i = 0;
  while (Math.abs(b) >= 1024 && i < units.length - 1) [b, i] = [b / 1024, i + 1];
  return i === 0 ? `${formatCount(b)} B` : `${b.toFixed(1)} ${units[i]}`;
}

const DURATION_UNITS: Array<[string, number]> = [['d', 86400], ['h', 3600], ['min', 60]];

// Every duration the UI shows (run times, estimates, ETAs), in the unit that reads best:
// 0.0123 -> "12.3 ms", 2.5 -> "2.50 s", 446.89 -> "7.4 min", 4320 -> "1.2 h". Above a minute two
// significant digits: the estimates span a factor of several, so more would be noise.
export function formatSeconds(s: number): string {
  if (!Number.isFinite(s)) return '—';
  // Below what "0.0 ms" can show (a small run's time, or a Δ between two): µs, two significant digits.
  if (s > 0 && s < 5e-5) return `${significant(s * 1e6, 2)} µs`;
  if (s < 1) return `${(s * 1000).toFixed(1)} ms`;
  if (s < 60) return `${s.toPrecision(3)} s`;
  const [unit, size] = DURATION_UNITS.find(([, n]) => s >= n)!;
  return `${significant(s / size, 2)} ${unit}`;
}

// Port classes in the order a packet meets them: injection first, then dims, up/down, local/global.
export function portClassOrder(a: string, b: string): number {
  const rank = (c: string) => {
    const fixed = ['injection', 'local', 'global', 'up', 'down'];
    const d = /^dim(\d+)$/.exec(c);
    if (d) return 10 + Number(d[1]);
    const i = fixed.indexOf(c);
    return i >= 0 ? i : 1000;
  };
  return rank(a) - rank(b) || a.localeCompare(b);
}

// Run progress: one decimal, floored so "100.0 %" only appears when the run is really complete.
export function formatProgress(fraction: number): string {
  if (!Number.isFinite(fraction)) return '—';
  const f = Math.min(1, Math.max(0, fraction));
  return `${(Math.floor(f * 1000) / 10).toFixed(1)} %`;
}

// A server run's progress in the engine's own work units: "30.0 % · cycles 12,000 of 40,000".
export function formatRunProgress(p: { fraction: number; done: number; total: number; unit: string }): string {
  return `${formatProgress(p.fraction)} · ${p.unit} ${formatCount(p.done)} of ${formatCount(p.total)}`;
}
