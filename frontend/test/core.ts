import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { handle, type CoreModule } from '../src/core/protocol';
import type { Config, SimResult } from '../src/config/types';
import type { SchemaNode } from '../src/config/schema';
import { enginesOf, setEngines } from '../src/engines/describe';
import { Units, type ResultsSchemaNode } from '../src/lib/numbers/units';
import type { TopologyDrawing } from '../src/lib/drawing/description';

// The real Emscripten module (build/wasm, built by `make build`) loaded in node, for tests that
// need the core's answers: schemas, units, results. A missing build is a failure, not a skip.
const WASM_DIR = process.env.SWITCHLAB_WASM_DIR ?? fileURLToPath(new URL('../../build/wasm', import.meta.url));

let loading: Promise<CoreModule> | null = null;

export function loadCore(): Promise<CoreModule> {
  loading ??= (async () => {
    const mjs = path.join(WASM_DIR, 'switchlab_core.mjs');
    const wasm = path.join(WASM_DIR, 'switchlab_core.wasm');
    if (!existsSync(mjs) || !existsSync(wasm)) throw new Error(`WASM core not built: ${mjs} / ${wasm} missing (run make build)`);
    const mod = (await import(/* @vite-ignore */ pathToFileURL(mjs).href)) as {
      default: (o: { wasmBinary: Uint8Array }) => Promise<CoreModule>;
    };
    return mod.default({ wasmBinary: readFileSync(wasm) });
  })();
  return loading;
}

export const configSchema = async () => JSON.parse((await loadCore()).schema()) as SchemaNode;
// The core's engine descriptions, set as the page sets them once its schema is loaded.
export const knowEngines = async () => setEngines(enginesOf(await configSchema()));
export const coreUnits = async () => new Units(JSON.parse((await loadCore()).resultsSchema()) as ResultsSchemaNode);

export async function coreRun(cfg: Config): Promise<SimResult> {
  const out = handle(await loadCore(), { id: 1, method: 'run', config: cfg });
  if (out.kind !== 'result') throw new Error(`expected a result, got ${JSON.stringify(out)}`);
  return out.result;
}

// The core's drawing description of a config's network (topology_drawing, through the worker's handler).
export async function coreDrawing(cfg: Config): Promise<TopologyDrawing> {
  const out = handle(await loadCore(), { id: 1, method: 'drawing', config: cfg });
  if (out.kind !== 'value') throw new Error(`expected a drawing, got ${JSON.stringify(out)}`);
  return out.value as TopologyDrawing;
}
