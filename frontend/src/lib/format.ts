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

// Nanoseconds with a sensible precision: 123.456 -> "123.5 ns", 12 -> "12 ns".
export function formatNs(ns: number): string {
  if (!Number.isFinite(ns)) return '—';
  const digits = Number.isInteger(ns) ? 0 : Math.abs(ns) >= 100 ? 1 : 2;
  return `${ns.toFixed(digits)} ns`;
}

// Units as the core writes them (results schema x-unit) -> as shown.
const SHOWN: Record<string, string> = { 'mm^2': 'mm²', 'um^2': 'µm²', us: 'µs', x: '×' };

export function displayUnit(unit: string): string {
  return SHOWN[unit] ?? unit;
}

// A number in its unit (the results schema's x-unit, or the example catalogue's): fractions as
// percentages, ns as above, whole numbers with separators, others to four significant digits.
// "" (a plain count or id) shows the number alone.
export function formatWithUnit(v: number, unit: string, fractionDigits = 1): string {
  if (unit === 'fraction') return formatPercent(v, fractionDigits);
  if (unit === 'ns') return formatNs(v);
  if (!Number.isFinite(v)) return '—';
  if (unit === 'B') return formatBytes(v);
  const text = Math.abs(v) >= 1e6 || Number.isInteger(v) ? formatCount(v) : String(Number(v.toPrecision(4)));
  return unit ? `${text} ${displayUnit(unit)}` : text;
}

// Bytes in binary multiples: 553872 -> "540.9 KiB" (below 1 KiB: "512 B").
export function formatBytes(b: number): string {
  if (!Number.isFinite(b)) return '—';
  const units = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];
  let i = 0;
  while (Math.abs(b) >= 1024 && i < units.length - 1) [b, i] = [b / 1024, i + 1];
  return i === 0 ? `${formatCount(b)} B` : `${b.toFixed(1)} ${units[i]}`;
}

// Wall-clock durations: 0.0123 -> "12.3 ms", 2.5 -> "2.50 s".
export function formatSeconds(s: number): string {
  if (!Number.isFinite(s)) return '—';
  return s < 1 ? `${(s * 1000).toFixed(1)} ms` : `${s.toFixed(2)} s`;
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
