// Runs configs (JSON file paths on argv) through the WebAssembly build in node and prints one
// result per line. The module is built for web/worker; in node we hand it the binary directly.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const { default: create } = await import(path.join(root, 'build/wasm/switchlab_core.mjs'));
const core = await create({ wasmBinary: fs.readFileSync(path.join(root, 'build/wasm/switchlab_core.wasm')) });
for (const file of process.argv.slice(2)) {
  process.stdout.write(core.run(fs.readFileSync(file, 'utf8')) + '\n');
}
