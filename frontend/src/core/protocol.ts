import type { Config, FieldError, SimResult } from '../config/types';

// The embind surface of the core (see wasm-core/bindings/wasm): strings in, strings out.
export interface CoreModule {
  run(configJson: string): string;
  validate(configJson: string): string;
  normalize(configJson: string): string;
  configHash(configJson: string): string;
  engineVersion(): string;
  schema?: () => string;
}

export type Method = 'run' | 'validate' | 'normalize' | 'configHash' | 'engineVersion' | 'schema';

export interface Request {
  id: number;
  method: Method;
  config?: Config;
}

export type Outcome =
  | { kind: 'result'; result: SimResult }
  | { kind: 'invalid'; error: FieldError }
  | { kind: 'value'; value: unknown };

export type Response =
  | { id: number; ok: true; outcome: Outcome; elapsed_ms: number }
  | { id: number; ok: false; message: string };

// Core answers carrying an error are bad input, not failures of the worker. run() wraps it as
// {"error":{field,message}}; validate() returns the bare {field,message} ("" when valid).
function fieldError(text: string): FieldError | null {
  if (text === '') return null;
  const parsed = JSON.parse(text) as { error?: FieldError } & Partial<FieldError>;
  if (parsed.error) return parsed.error;
  return typeof parsed.field === 'string' && typeof parsed.message === 'string'
    ? { field: parsed.field, message: parsed.message }
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
    case 'validate': {
      const err = fieldError(core.validate(cfg));
      return err ? { kind: 'invalid', error: err } : { kind: 'value', value: null };
    }
    case 'normalize': {
      const out = core.normalize(cfg);
      const err = fieldError(out);
      return err ? { kind: 'invalid', error: err } : { kind: 'value', value: JSON.parse(out) };
    }
    case 'configHash': {
      const out = core.configHash(cfg);
      // An invalid config has no hash (the core answers ""); ask validate() why.
      if (/^[0-9a-f]{64}$/.test(out)) return { kind: 'value', value: out };
      const err = fieldError(core.validate(cfg));
      return err ? { kind: 'invalid', error: err } : { kind: 'value', value: out };
    }
    case 'engineVersion':
      return { kind: 'value', value: core.engineVersion() };
    case 'schema':
      return { kind: 'value', value: core.schema ? JSON.parse(core.schema()) : null };
  }
}
