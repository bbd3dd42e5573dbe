import { useSyncExternalStore } from 'react';
import type { Config } from '../config/types';

// The MPI traces this page has loaded (docs/frontend.md, "MPI traces"): each one's files ({file name:
// text} as JSON, what the core's traceLoad reads) and the core's summary, by the trace's content id.
// A WASM core keeps the traces loaded into it, and every run gets a worker of its own (client.ts), so
// a request naming a trace carries its files to each worker that has not been sent them yet.
export interface TraceEntry {
  id: string;
  files: string;
  summary: TraceSummary;
}

// The core's summary of a trace (wasm-core/src/workload/ti_trace.cpp).
export type TraceSummary = Record<string, unknown>;

const entries = new Map<string, TraceEntry>();
const listeners = new Set<() => void>();
let generation = 0;

export const TRACE_PATTERN = 'mpi_trace';

// The trace id a config names (traffic.pattern "mpi_trace"), if any.
export function traceIdOf(config: Config | undefined): string | null {
  const traffic = config?.traffic;
  return traffic?.pattern === TRACE_PATTERN && typeof traffic.trace_id === 'string' ? traffic.trace_id : null;
}

export function rememberTrace(entry: TraceEntry): void {
  entries.set(entry.id, entry);
  generation += 1;
  for (const l of listeners) l();
}

export function knownTrace(id: string | null): TraceEntry | undefined {
  return id === null ? undefined : entries.get(id);
}

// The files to send along with a request for `config` to a worker that has been sent `sent`.
export function tracesFor(config: Config | undefined, sent: Set<string>): Record<string, string> | undefined {
  const entry = knownTrace(traceIdOf(config));
  if (!entry || sent.has(entry.id)) return undefined;
  sent.add(entry.id);
  return { [entry.id]: entry.files };
}

// Changes whenever a trace is loaded: a config naming it is then validated again.
export function useTraceGeneration(): number {
  return useSyncExternalStore((l) => {
    listeners.add(l);
    return () => listeners.delete(l);
  }, () => generation);
}
