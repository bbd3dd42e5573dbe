// Runs the benchmark configs (and the bare kernel) through the WebAssembly build in node and
// prints one JSON object per line: {"name", "lookups", "wall_time_s"}. With `--prepare`, times
// prepare() of bench/prepare_configs.json instead: {"name", "wall_time_s"}.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { default: create } = await import(path.join(root, 'build/wasm/switchlab_core.mjs'));
const core = await create({ wasmBinary: fs.readFileSync(path.join(root, 'build/wasm/switchlab_core.wasm')) });
if (process.argv[2] === '--prepare') {
  const prepared = JSON.parse(fs.readFileSync(path.join(root, 'bench/prepare_configs.json'), 'utf8'));
  core.prepare(JSON.stringify(Object.values(prepared)[0]));  // warm-up: the first call compiles
  for (const [name, cfg] of Object.entries(prepared)) {
    const text = JSON.stringify(cfg);
    const t0 = performance.now();
    core.prepare(text);
    console.log(JSON.stringify({ name, wall_time_s: (performance.now() - t0) / 1000 }));
  }
  process.exit(0);
}
const configs = JSON.parse(fs.readFileSync(path.join(root, 'bench/configs.json'), 'utf8'));
const kernel = JSON.parse(core.benchKernel(Number(process.argv[2] ?? 1e8)));
console.log(JSON.stringify({ name: 'cache-kernel', lookups: kernel.lookups, wall_time_s: kernel.wall_time_s }));
for (const [name, cfg] of Object.entries(configs)) {
  const r = JSON.parse(core.run(JSON.stringify(cfg)));
  console.log(JSON.stringify({ name, lookups: r.cache.lookups, wall_time_s: r.wall_time_s }));
}
