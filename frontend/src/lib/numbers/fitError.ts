// The fit's cross-validated error beside a fit figure, worded the same in every view (cost panel,
// Compare, sweep table, Pareto chart). The core quotes it per figure in a cost part's
// fit_holdout_error_pct ([median, worst] %) for the grid region the priced array falls in, named
// in fit_region (docs/cost-model.md section 5).

type Obj = Record<string, unknown>;
export type FitError = [number, number];

function isFitError(e: unknown): e is FitError {
  return Array.isArray(e) && e.length === 2 && e.every((x) => typeof x === 'number');
}

// A figure's error: from a cost part (only when the fit made it) or straight from a result cell.
export function fitErrorOf(part: unknown, key: string): FitError | undefined {
  if (!part || typeof part !== 'object' || (part as Obj).method === 'cacti') return undefined;
  const e = ((part as Obj).fit_holdout_error_pct as Obj | undefined)?.[key];
  return isFitError(e) ? e : undefined;
}
export function fitErrorCell(v: unknown): FitError | undefined {
  return isFitError(v) ? v : undefined;
}

export function fitErrorText(e: FitError): string {
  return `fit: error ${e[0]} % median, ${e[1]} % worst (cross-validated)`;
}

// Where that error was measured: the grid region of the array, or its family and why.
export function fitRegionText(part: unknown): string | null {
  const r = part && typeof part === 'object' ? ((part as Obj).fit_region as Obj | undefined) : undefined;
  if (!r || typeof r !== 'object') return null;
  const family = String(r.family_label ?? r.family ?? '');
  const rows = typeof r.rows === 'number' ? `${r.rows} held-out CACTI 7 rows` : '';
  if (r.errors_of === 'region') return `Fit error measured in its region of the grid: ${family}, ${String(r.region)} (${rows}).`;
  const where = r.region ? ` (region ${family}, ${String(r.region)})` : '';
  return `Fit error of the whole ${family} family (${rows}): ${String(r.why ?? '')}${where}.`;
}

// The sweep-result column holding the fit error of a cost figure column, e.g.
// cost.cache.area_mm2 -> cost.cache.fit_holdout_error_pct.area_mm2.
export function fitErrorColumn(col: string): string | null {
  const m = /^(cost\.[a-z_]+)\.([A-Za-z0-9_]+)$/.exec(col);
  return m ? `${m[1]}.fit_holdout_error_pct.${m[2]}` : null;
}
