// CACTI 7's WebAssembly modules timed per array (bench/cacti_wasm_bench.py prints the table): in node,
// and in headless Chromium inside a module Web Worker as the UI runs them (frontend/src/core/cacti.ts), on
// a page served cross-origin isolated so the threaded module can run too.
//   node bench/cacti_wasm_bench.mjs node|browser CONFIGS.json REPS
// CONFIGS.json: {name: CACTI configuration text}. Prints one JSON object per line:
// {"env", "build", "name", "first_s", "best_s", "exit_code"} (first run, then the best of REPS).
import fs from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { exitWhenWritten, loadCacti, WASM_DIR } from '../wasm-core/bindings/wasm/load_node.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const [env, configsFile, repsArg] = process.argv.slice(2);
const configs = JSON.parse(fs.readFileSync(configsFile, 'utf8'));
const reps = Number(repsArg ?? 3);

// Runs every config `reps` + 1 times on `runner` (shared by node and the browser's worker).
function timeRuns(runner, configs, reps) {
  const rows = [];
  for (const [name, text] of Object.entries(configs)) {
    const times = [];
    let code = 0;
    for (let i = 0; i <= reps; i++) {
      const t0 = performance.now();
      code = runner.run(text, 0).exit_code;
      times.push((performance.now() - t0) / 1000);
    }
    rows.push({ name, first_s: times[0], best_s: Math.min(...times.slice(1)), exit_code: code });
  }
  return rows;
}

const print = (rows, build) => rows.forEach((r) => console.log(JSON.stringify({ env, build, ...r })));

if (env === 'node') {
  for (const threaded of [false, true]) print(timeRuns(await loadCacti({ threaded }), configs, reps), threaded ? 'threaded' : 'one-thread');
} else {
  // The worker: the module by URL, as core/cacti.ts loads it; timeRuns travels as source text.
  const worker = `
    self.onmessage = async ({ data: { threaded, configs, reps } }) => {
      const base = self.location.href;
      const mod = await import(new URL(threaded ? '/cacti_mt.mjs' : '/cacti.mjs', base).href);
      const runner = threaded
        ? await mod.threadedRunner({ locateFile: (p) => new URL(p.endsWith('.wasm') ? '/cacti_mt.wasm' : '/cacti_mt.worker.js', base).href,
                                     mainScriptUrlOrBlob: new URL('/cacti_mt.mjs', base).href })
        : mod.singleThreadRunner(await WebAssembly.compile(await (await fetch('/cacti.wasm')).arrayBuffer()));
      self.postMessage({ isolated: self.crossOriginIsolated, rows: (${timeRuns.toString()})(runner, configs, reps) });
    };`;
  const types = { '.mjs': 'text/javascript', '.js': 'text/javascript', '.wasm': 'application/wasm', '.html': 'text/html' };
  const server = http.createServer((req, res) => {
    const file = req.url.split('?')[0];
    const body = file === '/' ? '<!doctype html><title>CACTI bench</title>' : file === '/bench_worker.mjs' ? worker
      : fs.existsSync(path.join(WASM_DIR, file)) ? fs.readFileSync(path.join(WASM_DIR, file)) : null;
    if (body === null) { res.writeHead(404).end(); return; }
    res.writeHead(200, { 'Content-Type': types[path.extname(file) || '.html'], 'Cross-Origin-Opener-Policy': 'same-origin',
                         'Cross-Origin-Embedder-Policy': 'require-corp' });
    res.end(body);
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  const { chromium } = createRequire(path.join(root, 'frontend/package.json'))('@playwright/test');
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium' });
  const page = await browser.newPage();
  await page.goto(`http://127.0.0.1:${server.address().port}/`);
  for (const threaded of [false, true]) {
    const answer = await page.evaluate((args) => new Promise((resolve) => {
      const w = new Worker('/bench_worker.mjs', { type: 'module' });
      w.onmessage = (e) => { resolve(e.data); w.terminate(); };
      w.onerror = (e) => resolve({ error: e.message });
      w.postMessage(args);
    }), { threaded, configs, reps });
    if (answer.error) throw new Error(answer.error);
    if (threaded && !answer.isolated) throw new Error('the bench page is not cross-origin isolated');
    print(answer.rows, threaded ? 'threaded' : 'one-thread');
  }
  await browser.close();
  server.close();
}
exitWhenWritten();
