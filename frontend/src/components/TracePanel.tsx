import { useEffect, useState, type DragEvent } from 'react';
import type { Config, FieldError } from '../config/types';
import { sharedCore } from '../core/client';
import { knownTrace, rememberTrace, traceIdOf, TRACE_PATTERN, useTraceGeneration, type TraceSummary } from '../core/traces';
import { ApiError, getTraceFiles, InvalidConfig, uploadTrace } from '../api/client';
import { fieldErrorText } from '../lib/form/fieldError';
import { formatBytes, formatCount, formatPercent, formatWithUnit } from '../lib/numbers/format';
import { heatLayout } from '../lib/charts/traceHeatmap';
import { useUnits } from '../hooks/useCoreSchemas';
import { engineResults, TRACE_ENGINE } from '../engines/results';
import { Legend } from './Legend';
import { TableScroll } from './TableScroll';

// "MPI trace": any MPI application's SimGrid time-independent trace (`smpirun -trace-ti`) as the
// traffic (docs/frontend.md, "MPI traces"). A dropped or chosen file goes to the server, which
// unpacks it (one rank file, gzip, or a tar / tar.gz / zip archive with the index file), has the
// core validate it and stores it by its content id; this page's core then loads the same files.
// Without a server a plain or gzip'd file is loaded here only. The form's config then names the
// trace (traffic.pattern "mpi_trace"), so the share link carries its id, and opening the link
// fetches the trace from the server.

// What a config keeps of the system it had: the network, the switches and nodes, the cost; not the
// engine-specific sections (a route walk's monitor, a cycle run's sim) nor its name.
const KEPT = ['seed', 'topology', 'switch', 'node', 'app', 'cost'] as const;

// The config with the trace (uploaded as `file`) as its traffic, on the application model unless
// it is on an engine whose result is an application's run time already (engines/results.ts; the
// route walk takes a trace too: choose it in the form for the hit rates of the trace's messages).
export function withTrace(config: Config, id: string, file: string): Config {
  const engine = engineResults(config.engine).application ? config.engine : TRACE_ENGINE as Config['engine'];
  const kept: Config = Object.fromEntries(KEPT.filter((k) => k in config).map((k) => [k, config[k]]));
  return { name: `MPI trace ${file}`, ...kept, engine, traffic: { pattern: TRACE_PATTERN, trace_id: id } };
}

interface Loaded {
  id: string;
  summary: TraceSummary;
}

// Loads {file name: text} into the page's core; the core's error names the file and the line.
async function loadHere(files: string): Promise<Loaded> {
  const core = sharedCore();
  const { outcome } = await core.callWithText('traceLoad', files);
  if (outcome.kind === 'invalid') throw new TraceError(fieldErrorText(outcome.error as FieldError));
  if (outcome.kind !== 'value') throw new TraceError('the core did not load the trace');
  const loaded = outcome.value as Loaded;
  core.noteTrace(loaded.id);
  rememberTrace({ ...loaded, files });
  return loaded;
}

class TraceError extends Error {}

const GZIP = [0x1f, 0x8b];

// The core's limit on a trace's text (trace_limits().max_bytes): a gzip'd file is inflated only up to it.
async function maxTraceBytes(): Promise<number> {
  const { outcome } = await sharedCore().call('traceLimits');
  return outcome.kind === 'value' ? (outcome.value as { max_bytes: number }).max_bytes : Infinity;
}

// The gzip stream of `file` inflated, stopped (a gzip bomb) once it passes `limit` bytes.
async function gunzip(file: File, limit: number): Promise<Uint8Array> {
  const reader = file.stream().pipeThrough(new DecompressionStream('gzip')).getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (let r = await reader.read(); !r.done; r = await reader.read()) {
    total += r.value.length;
    if (total > limit) {
      await reader.cancel();
      throw new TraceError(`${file.name}: decompresses to more than ${limit.toLocaleString('en-US')} bytes (allowed: at most ` +
        `${limit.toLocaleString('en-US')} bytes of trace text in all, the core's trace limit)`);
    }
    chunks.push(r.value);
  }
  const out = new Uint8Array(total);
  chunks.reduce((at, c) => (out.set(c, at), at + c.length), 0);
  return out;
}

// A plain or gzip'd single file as the core's files, or null for an archive (the server unpacks those).
async function singleFile(file: File): Promise<string | null> {
  const head = new Uint8Array(await file.slice(0, 512).arrayBuffer());
  const gz = head[0] === GZIP[0] && head[1] === GZIP[1];
  const limit = await maxTraceBytes();
  if (!gz && file.size > limit) return null; // the server refuses it by size, naming the file (no read here)
  const bytes = gz ? await gunzip(file, limit) : new Uint8Array(await file.arrayBuffer());
  const isTar = String.fromCharCode(...bytes.slice(257, 262)) === 'ustar';
  const isZip = bytes[0] === 0x50 && bytes[1] === 0x4b;
  if (isTar || isZip) return null;
  return JSON.stringify({ [file.name.replace(/\.gz$/, '')]: new TextDecoder().decode(bytes) });
}

// The server's refusal in the API's envelope: the file (and line) and the reason.
function serverError(e: unknown): string {
  if (e instanceof InvalidConfig) return fieldErrorText(e.error);
  if (e instanceof ApiError && e.body) return e.body.field ? fieldErrorText({ ...e.body, field: e.body.field }) : e.body.message;
  return e instanceof Error ? e.message : String(e);
}

// No SwitchLab API behind this page (a static host): its answer is not the API's JSON.
const noServer = (e: unknown) => e instanceof TypeError || (e instanceof ApiError && e.body === null);

export function TracePanel({ config, onUse }: { config: Config; onUse: (config: Config) => void }) {
  useTraceGeneration();
  const id = traceIdOf(config);
  const entry = knownTrace(id);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [over, setOver] = useState(false);

  // A config naming a trace this page has not loaded (a share link): fetched from the server.
  useEffect(() => {
    if (id === null || knownTrace(id)) return;
    let live = true;
    setError(null);
    getTraceFiles(id)
      .then((files) => loadHere(JSON.stringify(files)))
      .catch((e: unknown) => live && setError(`trace ${id.slice(0, 12)}… could not be loaded from the server: ${serverError(e)}`));
    return () => {
      live = false;
    };
  }, [id]);

  const take = async (file: File) => {
    setBusy(true);
    setError(null);
    setNote(null);
    try {
      const single = await singleFile(file);
      const here = single === null ? null : await loadHere(single);
      let stored: string | null = null;
      try {
        stored = (await uploadTrace(file, file.name)).id;
      } catch (e) {
        if (!noServer(e)) throw new TraceError(serverError(e));
        if (here === null) throw new TraceError('archives are unpacked by a SwitchLab server, and none answered: load a plain or gzip\'d rank file instead');
        setNote('No SwitchLab server answered: the trace is loaded in this browser only (server runs and share links need it stored).');
      }
      if (stored !== null && here !== null && stored !== here.id) {
        throw new TraceError(`the server's core gives this trace the id ${stored}, this browser's ${here.id}`);
      }
      if (here === null && stored !== null) await loadHere(JSON.stringify(await getTraceFiles(stored)));
      onUse(withTrace(config, (here?.id ?? stored)!, file.name));
    } catch (e) {
      setError(e instanceof TraceError ? e.message : serverError(e));
    } finally {
      setBusy(false);
    }
  };

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    const file = e.dataTransfer.files[0];
    if (file) void take(file);
  };

  return (
    <details className="trace-panel" data-testid="trace-panel" open={id !== null || undefined}>
      <summary>MPI trace</summary>
      <p className="note small">
        Any MPI program's communication and compute, as SimGrid records it (<code>smpirun -trace-ti</code>): one rank
        file, the same gzip'd, or a tar, tar.gz or zip archive holding the index file and its rank files. The form's
        config then replays it (engine app here, SMPI and the route walk on the server).
      </p>
      <div className={`drop-zone${over ? ' over' : ''}`} data-testid="trace-drop"
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)} onDrop={onDrop}>
        <label>
          Trace file or archive{' '}
          <input type="file" disabled={busy} onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) void take(file);
            e.target.value = '';
          }} />
        </label>
        <span className="note small"> or drop it here</span>
        {busy && <span role="status"> loading the trace…</span>}
      </div>
      {error && <p className="error" role="alert" data-testid="trace-error">{error}</p>}
      {note && <p className="note small" data-testid="trace-note">{note}</p>}
      {entry && <TraceSummaryView id={entry.id} summary={entry.summary} />}
    </details>
  );
}

interface OpTotals {
  messages: number;
  bytes: number;
}

function TraceSummaryView({ id, summary }: { id: string; summary: TraceSummary }) {
  const units = useUnits();
  const n = (k: string) => Number(summary[k] ?? 0);
  const operations = (summary.operations ?? {}) as Record<string, number>;
  const byType = (summary.by_type ?? {}) as Record<string, OpTotals>;
  const matrix = (summary.matrix_bytes ?? []) as number[][];
  const flopUnit = units.unitOf('trace.compute_flops') || 'flop';
  return (
    <div data-testid="trace-summary">
      <p className="note">
        Trace <code data-testid="trace-id">{id.slice(0, 12)}…</code>:{' '}
        <span data-testid="trace-ranks">{formatCount(n('ranks'))} ranks</span>,{' '}
        <span data-testid="trace-messages">{formatCount(n('messages'))} messages</span> of{' '}
        <span data-testid="trace-bytes">{formatBytes(n('bytes'))}</span> in all (collectives as their algorithms'
        messages), <span data-testid="trace-compute">{formatWithUnit(n('compute_flops'), flopUnit)}</span> of compute;
        compute share <span data-testid="trace-compute-share">{formatPercent(n('compute_share'), 1)}</span>{' '}
        <span className="small">({String(summary.compute_share_basis ?? '')})</span>
      </p>
      <TableScroll label="operations by type">
        <table className="numbers" data-testid="trace-ops">
          <caption>Operations by type, all ranks (messages and bytes as the trace states them at each rank)</caption>
          <thead><tr><th scope="col">operation</th><th scope="col">calls</th><th scope="col">messages</th><th scope="col">bytes</th></tr></thead>
          <tbody>
            {Object.entries(operations).map(([op, calls]) => (
              <tr key={op} data-testid={`trace-op-${op}`}>
                <td><code>{op}</code></td>
                <td>{formatCount(calls)}</td>
                <td>{byType[op] ? formatCount(byType[op].messages) : '—'}</td>
                <td>{byType[op] ? formatBytes(byType[op].bytes) : '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      {matrix.length > 0 && <Heatmap matrix={matrix} basis={String(summary.matrix_basis ?? '')} />}
    </div>
  );
}

const SIDE = 240;
const MARGIN = 36;

function Heatmap({ matrix, basis }: { matrix: number[][]; basis: string }) {
  const h = heatLayout(matrix, SIDE);
  return (
    <figure className="chart trace-heatmap" data-testid="trace-heatmap">
      <figcaption>Bytes sent from rank (row) to rank (column): {basis}</figcaption>
      <svg width={SIDE + MARGIN + 8} height={SIDE + MARGIN + 8} viewBox={`0 0 ${SIDE + MARGIN + 8} ${SIDE + MARGIN + 8}`}
        role="img" aria-label="rank-to-rank bytes">
        <g transform={`translate(${MARGIN},${MARGIN})`}>
          <rect width={SIDE} height={SIDE} fill="#fff" stroke="#ccc" />
          {h.cells.map((c) => (
            <rect key={`${c.src}-${c.dst}`} x={c.x} y={c.y} width={c.size} height={c.size} fill={c.fill}
              data-testid={`trace-cell-${c.src}-${c.dst}`} data-bytes={c.bytes}>
              <title>{`rank ${c.src} → rank ${c.dst}: ${formatBytes(c.bytes)}`}</title>
            </rect>
          ))}
          {h.ticks.map((t) => (
            <g key={t.rank}>
              <text className="tick" x={t.at} y={-4} textAnchor="middle">{t.rank}</text>
              <text className="tick" x={-4} y={t.at} dy="0.35em" textAnchor="end">{t.rank}</text>
            </g>
          ))}
          <text className="tick" x={SIDE / 2} y={-20} textAnchor="middle">receiving rank</text>
          <text className="tick" transform={`translate(${-26},${SIDE / 2}) rotate(-90)`} textAnchor="middle">sending rank</text>
        </g>
      </svg>
      <Legend color={h.color} what="bytes sent" format={formatBytes} />
    </figure>
  );
}
