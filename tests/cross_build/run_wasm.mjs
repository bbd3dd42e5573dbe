// Runs configs (JSON file paths on argv) through the WebAssembly build in node and prints one
// answer per line: `run` by default, or the core function named by `--fn NAME` (e.g. prepare);
// `--fn schema` / `--fn resultsSchema` take no file. `--threaded` first: the threaded build.
import fs from 'node:fs';
import { exitWhenWritten, loadCore } from '../../wasm-core/bindings/wasm/load_node.mjs';

let args = process.argv.slice(2);
const threaded = args[0] === '--threaded';
if (threaded) args = args.slice(1);
const core = await loadCore({ threaded });
let fn = 'run';
if (args[0] === '--fn') [, fn, ...args] = args;
if (args.length === 0) process.stdout.write(core[fn]() + '\n');
for (const file of args) process.stdout.write(core[fn](fs.readFileSync(file, 'utf8')) + '\n');
exitWhenWritten();
