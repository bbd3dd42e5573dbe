import type { Config, FieldError, Prepared, SimResult } from '../config/types';
import { FIRST_CHUNK_PACKETS, nextChunk, TARGET_CHUNK_MS } from '../lib/runs/chunking';

// One simulation in the core that advances in chunks (embind class; free with delete()).
export interface CoreSimulation {
  error(): string;
  workUnit(): string; // what step() counts: "packets", "cycles", "evaluations"
  step(packets: number): number;
  result(): string;
  delete(): void;
}

// The embind surface of the core (see wasm-core/bindings/wasm): strings in, strings out.
export interface CoreModule {
  run(configJson: string): string;
  prepare(configJson: string): string;
  normalize(configJson: string): string;
  engineVersion(): string;
  schema(): string;
  resultsSchema(): string;
  units(resultJson: string): string;
  importBooksim(booksimText: string): string;
  trace_load(filesJson: string): string; // snake_case: the Python extension's name (bindings.cpp)
  trace_limits(): string;
  topology_drawing(configJson: string): string; // snake_case: the Python extension's name (bindings.cpp)
  Simulation?: new (configJson: string) => CoreSimulation;
}

// 'cancel' carries the id of a running 'run' request and stops it between two chunks.
export type Method = 'run' | 'prepare' | 'normalize' | 'engineVersion' | 'schema'
  | 'resultsSchema' | 'importBooksim' | 'traceLoad' | 'traceLimits' | 'drawing' | 'cancel';

export interface Request {
  id: number;
  method: Method;
  config?: Config;
  text?: string; // importBooksim: the BookSim config file's text; traceLoad: {file name: text} as JSON
  // Traces the config names that this worker's core has not loaded yet: {trace id: files JSON}
  // (core/traces.ts). The worker loads them before handling the request.
  traces?: Record<string, string>;
}

export type Outcome =
  | { kind: 'result'; result: SimResult }
  | { kind: 'invalid'; error: FieldError }
  | { kind: 'prepared'; prepared: Prepared }
  | { kind: 'normalized'; config: Config }
  | { kind: 'value'; value: unknown }
  | { kind: 'cancelled'; fraction: number };

// The worker name that asks for the threaded build of the core (core/build.ts): runs only; the
// validation workers stay on one thread (a thread pool per idle worker would cost memory for nothing).
export const THREADED_WORKER = 'switchlab-core-threads';

// threaded: the answer came from the threaded build of the core.
export type Response =
  | { id: number; ok: true; outcome: Outcome; elapsed_ms: number; threaded: boolean }
  | { id: number; progress: RunProgress }
  | { id: number; ok: false; message: string };

// Core answers carrying an error are bad input, not failures of the worker. run() and prepare()
// wrap it as {"error":{field,message,allowed}}; validate() returns the bare object ("" when valid).
function fieldError(text: string): FieldError | null {
  if (text === '') return null;
  const parsed = JSON.parse(text) as { error?: FieldError } & Partial<FieldError>;
  if (parsed.error) return parsed.error;
  return typeof parsed.field === 'string' && typeof parsed.message === 'string'
    ? { field: parsed.field, message: parsed.message, allowed: parsed.allowed ?? null }
    : null;
}

// Runs one request against a loaded core. Shared by the Web Worker and the node unit tests so
// the tests exercise exactly the code path the browser uses.
export function handle(core: CoreModule, req: Request): Outcome {
  const cfg = JSON.stringify(req.config ?? {});
  switch (req.method) {
    case 'run': {
      const out = core.run(cfg);
      const err = fieldError(out);
      return err ? { kind: 'invalid', error: err } : { kind: 'result', result: JSON.parse(out) as SimResult };
    }
    case 'prepare': {
      const out = core.prepare(cfg);
      const err = fieldError(out);
      return err ? { kind: 'invalid', error: err } : { kind: 'prepared', prepared: JSON.parse(out) as Prepared };
    }
    case 'normalize': {
      // The config the experiment id hashes: every field, defaults filled in (what the server stores).
      const out = core.normalize(cfg);
      const err = fieldError(out);
      return err ? { kind: 'invalid', error: err } : { kind: 'normalized', config: JSON.parse(out) as Config };
    }
    case 'engineVersion':
      return { kind: 'value', value: core.engineVersion() };
    case 'schema':
      return { kind: 'value', value: JSON.parse(core.schema()) };
    case 'resultsSchema':
      return { kind: 'value', value: JSON.parse(core.resultsSchema()) };
    case 'importBooksim': {
      // {config, unmodelled, defaults, notes}, or an error naming the file's line.
      const out = core.importBooksim(req.text ?? '');
      const err = fieldError(out);
      return err ? { kind: 'invalid', error: err } : { kind: 'value', value: JSON.parse(out) as unknown };
    }
    case 'traceLoad': {
      // {id, summary}, or the error naming the file and line ("trace:<file>:<line>").
      const out = core.trace_load(req.text ?? '{}');
      const err = fieldError(out);
      return err ? { kind: 'invalid', error: err } : { kind: 'value', value: JSON.parse(out) as unknown };
    }
    case 'traceLimits':
      return { kind: 'value', value: JSON.parse(core.trace_limits()) };
    case 'drawing': {
      // The network as a drawing needs it (lib/drawing/description.ts), or the error naming the field.
      const out = core.topology_drawing(cfg);
      const err = fieldError(out);
      return err ? { kind: 'invalid', error: err } : { kind: 'value', value: JSON.parse(out) as unknown };
    }
    case 'cancel':
      return { kind: 'value', value: null };
  }
}

// Loads the traces a request carries into the worker's core first (their ids are content ids, so
// loading one again is a hit in the core's store).
export function loadTraces(core: CoreModule, req: Request): void {
  for (const files of Object.values(req.traces ?? {})) core.trace_load(files);
}

// How far a stepped run is: the fraction done of its work, in the unit the core counts it in.
export interface RunProgress {
  fraction: number;
  unit: string;
}

export interface SteppedOptions {
  onProgress?: (progress: RunProgress) => void;
  // Polled between chunks; true stops the run (Cancel without killing the worker).
  shouldStop?: () => boolean;
  // Lets the worker's event loop deliver a Cancel message between chunks.
  pause?: () => Promise<void>;
  now?: () => number;
  targetMs?: number;
  firstChunk?: number;
}

// run() in chunks through core.Simulation, reporting the fraction done after every chunk (and 0
// before the first, so the unit is known at once).
// Falls back to the one-shot run() for a core without the class (no progress then).
export async function runStepped(core: CoreModule, config: Config, opts: SteppedOptions = {}): Promise<Outcome> {
  if (!core.Simulation) return handle(core, { id: 0, method: 'run', config });
  const now = opts.now ?? (() => performance.now());
  const sim = new core.Simulation(JSON.stringify(config));
  try {
    const err = fieldError(sim.error());
    if (err) return { kind: 'invalid', error: err };
    let chunk = opts.firstChunk ?? FIRST_CHUNK_PACKETS;
    let fraction = 0;
    const unit = sim.workUnit();
    opts.onProgress?.({ fraction, unit });
    while (fraction < 1) {
      if (opts.shouldStop?.()) return { kind: 'cancelled', fraction };
      const t0 = now();
      fraction = sim.step(chunk);
      chunk = nextChunk(chunk, now() - t0, opts.targetMs ?? TARGET_CHUNK_MS);
      opts.onProgress?.({ fraction, unit });
      if (fraction < 1) await opts.pause?.();
    }
    return { kind: 'result', result: JSON.parse(sim.result()) as SimResult };
  } finally {
    sim.delete();
  }
}
