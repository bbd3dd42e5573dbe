// The core names numbers with their unit as a suffix (access_ns, area_mm2, leakage_mW, ...);
// this turns such a key into a label and a formatted value with the unit spelled out.

const SUFFIXES: Array<[RegExp, string]> = [
  [/_ns$/, 'ns'], [/_mm2$/, 'mm²'], [/_um2$/, 'µm²'], [/_mW$/, 'mW'], [/_nJ$/, 'nJ'], [/_pJ$/, 'pJ'],
  [/_pps$/, 'packets/s'], [/_Gbps$/, 'Gb/s'], [/_GBps$/, 'GB/s'], [/_bytes$/, 'B'], [/_bits$/, 'bit'],
  [/_pct(_of_[a-z0-9_]+)?$/, '%'], [/_nm$/, 'nm'], [/_s$/, 's'],
];

export function unitOf(key: string): string {
  for (const [re, unit] of SUFFIXES) if (re.test(key)) return unit;
  return '';
}

export function labelOf(key: string): string {
  let k = key;
  for (const [re] of SUFFIXES) k = k.replace(re, '');
  const pct = /_pct_of_([a-z0-9_]+)$/.exec(key);
  const base = k.replace(/_/g, ' ');
  return pct ? `${base} (of ${pct[1].replace(/_/g, ' ')})` : base;
}

// Significant-digit formatting with the unit; large rates get thousands separators.
export function formatValue(key: string, v: unknown): string {
  const unit = unitOf(key);
  if (typeof v === 'boolean') return v ? 'yes' : 'no';
  if (typeof v !== 'number') return v === null || v === undefined ? '—' : String(v);
  let text: string;
  if (!Number.isFinite(v)) text = '—';
  else if (Math.abs(v) >= 1e6) text = Math.round(v).toLocaleString('en-US');
  else if (Number.isInteger(v)) text = v.toLocaleString('en-US');
  else text = Number(v.toPrecision(4)).toString();
  return unit ? `${text} ${unit}` : text;
}
