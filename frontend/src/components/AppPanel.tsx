import type { Config, SimResult } from '../config/types';
import { appLayout, appRows, formatGain, replayedBySimulator, replayNote, simulatorName, type AppSection } from '../lib/charts/appChart';
import { formatWithUnit } from '../lib/numbers/format';
import { useUnits } from '../hooks/useCoreSchemas';
import { useTwinRun } from '../hooks/useTwinRun';
import { ServerRunProgress } from './ServerRunProgress';
import { TableScroll } from './TableScroll';

const REPLAY_LABEL = {
  absent: 'Replay with SimGrid SMPI on the server',
  failed: 'SMPI replay failed: try again',
  cancelled: 'SMPI replay cancelled: replay again',
};

const BOX = { width: 520, height: 220, left: 56, right: 8, top: 18, bottom: 24 };

// Parallel applications (engines app and smpi): relative performance per benchmark and the mean
// as a bar chart in the seeds' format, and each benchmark's run times and Mop/s with units. When
// the server has a SimGrid SMPI run of the same system, its values are marked on the bars and
// listed beside the model's.
export function AppPanel({ config, result, prefix }: { config: Config; result: SimResult; prefix: string }) {
  const units = useUnits();
  const twin = useTwinRun(config, result);
  const smpi = twin.section;
  const app = result.app as AppSection;
  const rows = appRows(app);
  // The SMPI numbers on the page (this result's, or the server's twin of this model run), whose
  // replay mode the table names.
  const replayed = replayedBySimulator(app) ? app : smpi;
  const smpiOf = (key: string) => (key === 'mean' ? smpi?.relative_mean : smpi?.benchmarks[key]?.relative);
  const layout = appLayout(rows, BOX, smpi ? appRows(smpi).map((r) => r.relative) : []);
  const unit = (k: string) => units.unitOf(`app.benchmarks.*.${k}`) ?? '';
  const xUnit = units.unitOf('app.relative_mean') ?? 'x';
  return (
    <figure className="chart app-chart" data-testid={`${prefix}-app`}>
      <figcaption>
        Performance with the cache relative to the same system without one ({simulatorName(app)}); mean{' '}
        <span data-testid={`${prefix}-app-mean`}>{formatWithUnit(app.relative_mean, xUnit, 2)}</span>{' '}
        ({formatGain(app.relative_mean)})
        {smpi && (
          <>; {simulatorName(smpi)} on the server: mean{' '}
            <span data-testid={`${prefix}-app-smpi-mean`}>{formatWithUnit(smpi.relative_mean, xUnit, 2)}</span>{' '}
            ({formatGain(smpi.relative_mean)}), marked ◆</>
        )}
        {(twin.status === 'absent' || twin.status === 'failed' || twin.status === 'cancelled') && (
          <>{' '}<button type="button" onClick={twin.replay} data-testid={`${prefix}-app-smpi-replay`}>
            {REPLAY_LABEL[twin.status]}
          </button></>
        )}
        {(twin.status === 'queued' || twin.status === 'running') && (
          <span role="status" data-testid={`${prefix}-app-smpi-status`}>; SimGrid SMPI replay on the server:{' '}
            <ServerRunProgress status={twin.status} progress={twin.progress} onCancel={twin.cancel}
              testId={`${prefix}-app-smpi-progress`} />
          </span>
        )}
      </figcaption>
      <svg viewBox={`0 0 ${BOX.width} ${BOX.height}`} width={BOX.width} height={BOX.height} role="img"
        aria-label="relative performance per benchmark">
        {layout.ticks.map((t) => (
          <g key={t.value}>
            <line x1={BOX.left} x2={BOX.width - BOX.right} y1={t.y} y2={t.y} stroke="#ddd" />
            <text className="tick" x={BOX.left - 4} y={t.y} dy="0.35em" textAnchor="end">{formatWithUnit(t.value, xUnit, 2)}</text>
          </g>
        ))}
        {layout.bars.map((b) => (
          <g key={b.key} data-testid={`${prefix}-app-bar-${b.key}`} data-relative={b.relative}>
            <title>{`${b.label}: ${formatWithUnit(b.relative, xUnit, 2)} (${formatGain(b.relative)})`}</title>
            <rect x={b.x} y={b.y} width={b.width} height={Math.max(b.height, 0.5)} fill={b.key === 'mean' ? '#a5573b' : '#3b6ea5'} />
            <text x={b.x + b.width / 2} y={b.relative >= 1 ? b.y - 3 : b.y + b.height + 10} textAnchor="middle" className="value"
              data-testid={`${prefix}-app-value-${b.key}`}>{formatGain(b.relative)}</text>
            <text x={b.x + b.width / 2} y={BOX.height - 6} textAnchor="middle">{b.label}</text>
            {smpiOf(b.key) !== undefined && (
              <path d={`M${b.x + b.width / 2},${layout.yOf(smpiOf(b.key)!) - 4}l4,4l-4,4l-4,-4z`} fill="#222"
                data-testid={`${prefix}-app-smpi-mark-${b.key}`}>
                <title>{`SMPI: ${formatWithUnit(smpiOf(b.key)!, xUnit, 2)} (${formatGain(smpiOf(b.key)!)})`}</title>
              </path>
            )}
          </g>
        ))}
        <line x1={BOX.left} x2={BOX.width - BOX.right} y1={layout.baselineY} y2={layout.baselineY} stroke="#333" />
      </svg>
      <TableScroll label="run time per benchmark">
        <table className="numbers" data-testid={`${prefix}-app-table`}>
          <thead>
            <tr>
              <th>benchmark</th><th>time with cache</th><th>time without</th><th>rate with cache</th><th>relative</th>
              {smpi && <th>relative, SMPI</th>}
              {replayed && <th>SMPI replay</th>}
            </tr>
          </thead>
          <tbody>
            {rows.filter((r) => r.benchmark).map((r) => (
              <tr key={r.key}>
                <td>{r.label}</td>
                <td>{formatWithUnit(r.benchmark!.time_s, unit('time_s'))}</td>
                <td>{r.benchmark!.time_no_cache_s === undefined ? '—' : formatWithUnit(r.benchmark!.time_no_cache_s, unit('time_no_cache_s'))}</td>
                <td>{r.benchmark!.mops === undefined ? '—' : formatWithUnit(r.benchmark!.mops, unit('mops'))}</td>
                <td>{formatWithUnit(r.relative, unit('relative'), 2)} ({formatGain(r.relative)})</td>
                {smpi && <td>{smpiOf(r.key) === undefined ? '—' : `${formatWithUnit(smpiOf(r.key)!, unit('relative'), 2)} (${formatGain(smpiOf(r.key)!)})`}</td>}
                {replayed && <td data-testid={`${prefix}-app-replay-${r.key}`}>{replayNote(replayed.benchmarks[r.key])}</td>}
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </figure>
  );
}
