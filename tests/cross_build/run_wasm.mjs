// Runs configs (JSON file paths on argv) through the WebAssembly build in node and prints one
// answer per line: `run` by default, or the core function named by `--fn NAME` (e.g. prepare);
// `--fn schema` / `--fn resultsSchema` take no file. The module is built for web/worker; in node
// we hand it the binary directly.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const { default: create } = await import(path.join(root, 'build/wasm/switchlab_core.mjs'));
const core = await create({ wasmBinary: fs.readFileSync(path.join(root, 'build/wasm/switchlab_core.wasm')) });
let args = process.argv.slice(2);
let fn = 'run';
if (args[0] === '--fn') [, fn, ...args] = args;
if (args.length === 0) process.stdout.write(core[fn]() + '\n');
for (const file of args) process.stdout.write(core[fn](fs.readFileSync(file, 'utf8')) + '\n');
