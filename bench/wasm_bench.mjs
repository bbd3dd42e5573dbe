// Runs the benchmark configs (and the bare kernel) through the WebAssembly build in node and
// prints one JSON object per line: {"name", "lookups", "wall_time_s"}. With `--threaded`, the
// threaded build runs them on every core (sim.threads 0). With `--prepare`, times prepare() of
// bench/prepare_configs.json instead: {"name", "wall_time_s"}.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { exitWhenWritten, loadCore } from '../wasm-core/bindings/wasm/load_node.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
let args = process.argv.slice(2);
const threaded = args[0] === '--threaded';
if (threaded) args = args.slice(1);
const core = await loadCore({ threaded });
// prepare() of the worst configs, timed.
function prepareTimes() {
  const prepared = JSON.parse(fs.readFileSync(path.join(root, 'bench/prepare_configs.json'), 'utf8'));
  core.prepare(JSON.stringify(Object.values(prepared)[0]));  // warm-up: the first call compiles
  for (const [name, cfg] of Object.entries(prepared)) {
    const text = JSON.stringify(cfg);
    const t0 = performance.now();
    core.prepare(text);
    console.log(JSON.stringify({ name, wall_time_s: (performance.now() - t0) / 1000 }));
  }
}

// The bare cache kernel, then the route-walk configs on every core the build has.
function runRates() {
  const configs = JSON.parse(fs.readFileSync(path.join(root, 'bench/configs.json'), 'utf8'));
  const kernel = JSON.parse(core.benchKernel(Number(args[0] ?? 1e8)));
  console.log(JSON.stringify({ name: 'cache-kernel', lookups: kernel.lookups, wall_time_s: kernel.wall_time_s }));
  for (const [name, cfg] of Object.entries(configs)) {
    const r = JSON.parse(core.run(JSON.stringify({ ...cfg, sim: { threads: 0 } })));
    console.log(JSON.stringify({ name, lookups: r.cache.lookups, wall_time_s: r.wall_time_s }));
  }
}

if (args[0] === '--prepare') prepareTimes();
else runRates();
exitWhenWritten();
