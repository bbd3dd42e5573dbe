import type { SimResult } from '../config/types';
import { fitErrorOf, fitRegionText } from '../lib/numbers/fitError';
import { formatWithUnit } from '../lib/numbers/format';
import { KeyValueTable } from './KeyValueTable';

type Obj = Record<string, unknown>;
const TEXT_KEYS = ['provenance', 'note', 'source', 'assumption', 'area_source', 'latency_source', 'stage_source', 'label', 'figures_for', 'method'];
// The figure a section's fit label quotes the cross-validated error of (docs/cost-model.md, section 5).
const MAIN_FIGURE: Record<string, string> = { cache: 'access_ns', cam: 'search_ns' };

const SECTIONS: Array<[string, string]> = [
  ['budget', 'Whole-switch budget'],
  ['cache', 'Routing-table cache, one per input port'],
  ['cam', 'Forwarding table (CAM)'],
  ['hash_unit', 'Hash unit'],
];

// Hardware cost from the core's cost model, each figure labelled with where it comes from
// (CACTI 7 itself with its reasoning, the CACTI-7 fit with its cross-validated error, a published
// number, or a derived model).
export function CostPanel({ result }: { result: SimResult }) {
  const cost = result.cost as Obj | undefined;
  const sections = SECTIONS.filter(([k]) => cost?.[k] && typeof cost[k] === 'object');
  const note = cost && overallNote(cost);
  // The heading never stands alone: without figures, the core's reason is under it, or nothing is.
  if (!cost || (sections.length === 0 && !note)) return null;
  return (
    <section className="chart cost" data-testid="cost-panel">
      <h3>Hardware cost (cost model)</h3>
      {note && <p className="note" data-testid="cost-note">{note}</p>}
      {sections.length > 0 && <div className="cost-grid">
        {sections.map(([k, title]) => {
          const s = cost[k] as Obj;
          return (
            <div key={k}>
              <h4>{title}{typeof s.provenance === 'string' && <span className="provenance"> · {s.provenance}</span>}</h4>
              {methodLabel(s, MAIN_FIGURE[k]) && <p className="note small method" data-testid={`cost-method-${k}`}>{methodLabel(s, MAIN_FIGURE[k])}</p>}
              {isError(s.error) && <p className="note error" data-testid={`cost-error-${k}`}>
                No figures: {s.error.field}: {s.error.message}{s.error.allowed ? ` (allowed: ${s.error.allowed})` : ''}</p>}
              {isError(s.cacti_refusal) && <p className="note error" data-testid={`cost-refusal-${k}`}>
                CACTI 7 refused the array asked for: {s.cacti_refusal.field}: {s.cacti_refusal.message}</p>}
              {fitRegionText(s) && <p className="note small" data-testid={`cost-fit-region-${k}`}>{fitRegionText(s)}</p>}
              <KeyValueTable data={s} path={`cost.${k}`} skip={TEXT_KEYS} />
              {k === 'cache' && <SeedAccessTime cost={cost} />}
              {typeof s.cacti === 'object' && s.cacti !== null && <CactiReasoning cacti={s.cacti as Obj} part={k} />}
              {['label', 'figures_for', 'note', 'assumption'].map((t) =>
                typeof s[t] === 'string' && s[t] !== '' ? <p key={t} className="note small">{String(s[t])}</p> : null,
              )}
            </div>
          );
        })}
      </div>}
    </section>
  );
}

// The core's word on the whole model: a note (a switch without caches has no cache figures), or
// why the model rejected a config the simulator accepted (e.g. fewer cache entries than it covers).
function overallNote(cost: Obj): string | null {
  if (typeof cost.note === 'string' && cost.note !== '') return cost.note;
  const error = cost.error as { field?: string; message?: string } | undefined;
  return error?.message ? `No figures: the cost model does not cover this config (${error.field}: ${error.message}).` : null;
}

interface CoreError { field?: string; message: string; allowed?: string | null }
function isError(e: unknown): e is CoreError {
  return !!e && typeof e === 'object' && typeof (e as CoreError).message === 'string';
}

// Which method made a part's figures: CACTI 7 (exact; for the array it builds instead when it
// refused the one asked for), or the fit with its cross-validated error on the part's main figure
// in the grid region of the array (median, and the worst held-out row).
export function methodLabel(s: Obj, main: string | undefined): string | null {
  if (s.method === 'cacti') {
    return isError(s.cacti_refusal)
      ? `CACTI 7 (exact figures for ${String(s.entries)} entries fully associative, the array CACTI builds instead of the ${String(s.ways)}-way one asked for)`
      : 'CACTI 7 (exact: this array run through CACTI itself)';
  }
  if (s.method !== 'fit') return null;
  const err = main ? fitErrorOf(s, main) : undefined;
  const extrapolated = s.extrapolated === true ? '; extrapolated beyond the fitted sizes' : '';
  const where = (s.fit_region as Obj | undefined)?.errors_of === 'family' ? 'over its whole family' : 'in its region of the grid';
  return err ? `fit (estimate; ${main} error ${err[0]} % median, ${err[1]} % worst, cross-validated ${where}${extrapolated})` : `fit (estimate${extrapolated})`;
}

// CACTI's reasoning for an array: the organisation it chose, its access-time breakdown and its
// area split (docs/cost-model.md, "Exact method"), units in the headings.
function CactiReasoning({ cacti, part }: { cacti: Obj; part: string }) {
  const org = (cacti.organisation ?? {}) as Record<string, number>;
  const time = (cacti.access_time_breakdown_ns ?? {}) as Record<string, Record<string, number>>;
  const area = (cacti.area_split_mm2 ?? {}) as Record<string, number>;
  const eff = (cacti.cell_area_efficiency_pct ?? {}) as Record<string, number>;
  return (
    <div className="cacti-reasoning" data-testid={`cacti-reasoning-${part}`}>
      <p className="small" data-testid={`cacti-organisation-${part}`}>
        <strong>Organisation CACTI chose:</strong> {Object.entries(org).map(([k, v]) => `${k} ${v}`).join(' · ')}
      </p>
      <table className="numbers kv small" data-testid={`cacti-time-${part}`}>
        <caption>Access-time breakdown (ns)</caption>
        <tbody>
          {Object.entries(time).flatMap(([side, parts]) => Object.entries(parts).map(([name, ns]) => (
            <tr key={`${side}-${name}`}>
              <th scope="row">{side} array · {name}</th>
              <td>{formatWithUnit(ns, 'ns')}</td>
            </tr>
          )))}
        </tbody>
      </table>
      <table className="numbers kv small" data-testid={`cacti-area-${part}`}>
        <caption>Area split (mm²; share of memory cells in %)</caption>
        <tbody>
          {Object.entries(area).map(([name, mm2]) => (
            <tr key={name}>
              <th scope="row">{name} array</th>
              <td>{formatWithUnit(mm2, 'mm^2')}{eff[name] !== undefined && ` · cells ${formatWithUnit(eff[name], '%')}`}</td>
            </tr>
          ))}
          {typeof cacti.height_mm === 'number' && typeof cacti.width_mm === 'number' && (
            <tr><th scope="row">bank height × width</th><td>{formatWithUnit(cacti.height_mm, 'mm')} × {formatWithUnit(cacti.width_mm, 'mm')}</td></tr>
          )}
        </tbody>
      </table>
      <p className="small note">CACTI {String(cacti.printed_version ?? cacti.cacti_version ?? '')}, built from {String(cacti.package ?? '')} {String(cacti.package_version ?? '')} (sha256 {String(cacti.package_sha256 ?? '').slice(0, 12)}…)</p>
    </div>
  );
}

// The seeds' table (2,048 x 12 B, 4-way, 45 nm): the model's access time beside the published
// 0.41 ns (seed 000 Sec. V-A), to the digits each has, and whether they agree at the published
// precision (two decimals).
function SeedAccessTime({ cost }: { cost: Obj }) {
  const c = cost.cache as Obj;
  const pub = ((cost.published as Obj | undefined)?.cache_2048x12B_4way as Obj[] | undefined)?.find((p) => p.tech_nm === cost.tech_nm && typeof p.access_ns === 'number');
  if (!pub || c.entries !== 2048 || c.ways !== 4 || c.entry_bytes !== 12 || typeof c.access_ns !== 'number') return null;
  const published = pub.access_ns as number;
  const agree = Math.abs(c.access_ns - published) <= 0.005;
  const who = c.method === 'cacti' ? 'CACTI 7 (model, exact)' : 'the fit (model, estimate)';
  return (
    <p className="note small" data-testid="cost-seed-access">
      Access time: {who} {Number(c.access_ns.toPrecision(6))} ns beside the seeds&apos; {published} ns (as published, {String(pub.source)}):
      {agree ? ' they agree to the published two decimals.' : ` they differ by ${Math.abs(c.access_ns - published).toFixed(3)} ns.`}
    </p>
  );
}
