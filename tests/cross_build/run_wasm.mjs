// Runs configs (JSON file paths on argv) through the WebAssembly build in node and prints one
// answer per line: `run` by default, or the core function named by `--fn NAME` (e.g. prepare);
// `--fn schema` / `--fn resultsSchema` take no file. `--threaded` first: the threaded builds.
// CACTI 7's module is loaded first, as the browser's core worker loads it for a config, so the core
// prices cost.method cacti (its default) as natively. `--fn cacti`: the files are CACTI configuration
// files, each answered by CACTI's module alone as a JSON RunOutput ({exit_code, timed_out, out, err});
// `FILE@SECONDS` runs it with that time limit (default none).
import fs from 'node:fs';
import { exitWhenWritten, loadCacti, loadCore } from '../../wasm-core/bindings/wasm/load_node.mjs';

let args = process.argv.slice(2);
const threaded = args[0] === '--threaded';
if (threaded) args = args.slice(1);
const cacti = await loadCacti({ threaded });
let fn = 'run';
if (args[0] === '--fn') [, fn, ...args] = args;
if (fn === 'cacti') {
  for (const arg of args) {
    const [file, limit = '0'] = arg.split('@');
    process.stdout.write(JSON.stringify(cacti.run(fs.readFileSync(file, 'utf8'), Number(limit))) + '\n');
  }
} else {
  const core = await loadCore({ threaded });
  if (args.length === 0) process.stdout.write(core[fn]() + '\n');
  for (const file of args) process.stdout.write(core[fn](fs.readFileSync(file, 'utf8')) + '\n');
}
exitWhenWritten();
