// MPI traces in the explorer (issue 32, section 1): a trace archive dropped on the MPI trace panel goes to the server
// (stored by the core's content id), this page's WASM core loads the same files, and the panel shows the core's summary
// and the rank-to-rank heat map; the form's config then names the trace, runs in the browser (engine app: with and
// without the cache) with the very numbers a server worker gives, and its share link, opened in a fresh page, fetches
// the trace from the server again. Bad traces are refused naming the file, the line and the reason.
// Test trace: tests/data/traces/ring4 (our own 4-rank program; README.md beside it).
import { test, expect } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT, sig3, tmp, openJsonTab, openExplorer } from './support.mjs';

const RING = path.join(ROOT, 'tests', 'data', 'traces', 'ring4');
const count = (n) => Math.round(n).toLocaleString('en-US');
// Bytes as the UI shows them (frontend/src/lib/format.ts formatBytes) for 1 KiB to 1 MiB.
const kib = (b) => `${(b / 1024).toFixed(1)} KiB`;

function ringArchive() {
  const out = path.join(tmp, 'ring.tar.gz');
  execFileSync('tar', ['-czf', out, '-C', RING, 'ring.txt', 'ring_files']);
  return out;
}

// Drops `file` on the panel's drop zone as a browser drag and drop does.
async function drop(page, file) {
  const bytes = readFileSync(file).toString('base64');
  const name = path.basename(file);
  const transfer = await page.evaluateHandle(([b64, n]) => {
    const dt = new DataTransfer();
    dt.items.add(new File([Uint8Array.from(atob(b64), (c) => c.charCodeAt(0))], n));
    return dt;
  }, [bytes, name]);
  await page.getByTestId('trace-drop').dispatchEvent('drop', { dataTransfer: transfer });
}

async function serverRun(request, cfg) {
  const posted = await request.post('/api/experiments', { data: cfg });
  expect(posted.ok(), await posted.text()).toBeTruthy();
  const { id } = await posted.json();
  let exp;
  await expect.poll(async () => (exp = await (await request.get(`/api/experiments/${id}`)).json()).status,
    { timeout: 120_000 }).toBe('done');
  return exp;
}

test('a dropped trace archive: summary and heat map, a browser run equal to the server\'s, a share link', async ({ page, request, context }) => {
  await openExplorer(page, expect);
  const panel = page.getByTestId('trace-panel');
  await panel.getByText('MPI trace').click();
  await drop(page, ringArchive());
  await expect(page.getByTestId('trace-summary')).toBeVisible({ timeout: 30_000 });

  // The form's config names the trace; the summary shown is the one the server stored (the same core, natively).
  await openJsonTab(page, expect);
  const cfg = JSON.parse(await page.locator('#config-json').inputValue());
  expect(cfg.traffic.pattern).toBe('mpi_trace');
  const got = await request.get(`/api/traces/${cfg.traffic.trace_id}`);
  expect(got.ok()).toBeTruthy();
  const stored = await got.json();
  const s = stored.summary;
  await expect(page.getByTestId('trace-id')).toHaveText(`${stored.id.slice(0, 12)}…`);
  await expect(page.getByTestId('trace-ranks')).toHaveText('4 ranks');
  await expect(page.getByTestId('trace-messages')).toHaveText(`${count(s.messages)} messages`);
  await expect(page.getByTestId('trace-bytes')).toHaveText(kib(s.bytes));
  await expect(page.getByTestId('trace-compute-share')).toHaveText(`${(s.compute_share * 100).toFixed(1)} %`);
  await expect(page.getByTestId('trace-op-sendRecv')).toContainText(count(s.operations.sendRecv));
  const cells = s.matrix_bytes.flatMap((row, src) => row.map((bytes, dst) => ({ src, dst, bytes }))).filter((c) => c.bytes > 0);
  await expect(page.getByTestId('trace-heatmap').locator('rect[data-bytes]')).toHaveCount(cells.length);
  for (const c of cells) {
    await expect(page.getByTestId(`trace-cell-${c.src}-${c.dst}`)).toHaveAttribute('data-bytes', String(c.bytes));
  }
  const busiest = Math.max(...cells.map((c) => c.bytes));
  await expect(page.getByTestId('trace-heatmap').getByRole('img', { name: `colour scale: bytes sent from 0 B to ${kib(busiest)}` }))
    .toBeVisible();

  // The config runs here (engine app: the trace with and without the cache), and a worker gives the same
  // experiment and numbers.
  expect(cfg.traffic).toEqual({ pattern: 'mpi_trace', trace_id: stored.id });
  expect(cfg.engine).toBe('app');
  expect(cfg.name).toBe('MPI trace ring.tar.gz');
  await page.getByRole('button', { name: 'Run in browser (WASM)' }).click();
  const server = await serverRun(request, cfg);
  // This run's result, not the first screen's "done in" still on show just after Run.
  await expect(page.getByTestId('wasm-config-hash')).toHaveAttribute('data-hash', server.id, { timeout: 60_000 });
  const app = page.locator('[data-testid="wasm-result"] [data-testid="wasm-app"]');
  await expect(app.getByTestId('wasm-app-mean')).toHaveText(`${sig3(server.result.app.relative_mean)} ×`);
  await expect(app.getByTestId('wasm-app-bar-mpi_trace')).toContainText('MPI trace');

  // The share link (the address bar holds the config) in a fresh page: the trace comes from the server.
  const fresh = await context.newPage();
  await fresh.goto(page.url());
  await expect(fresh.getByTestId('trace-id')).toHaveText(`${stored.id.slice(0, 12)}…`, { timeout: 30_000 });
  await expect(fresh.getByTestId('trace-ranks')).toHaveText('4 ranks');
  await fresh.getByRole('button', { name: 'Run in browser (WASM)' }).click();
  await expect(fresh.getByTestId('wasm-config-hash')).toHaveAttribute('data-hash', server.id, { timeout: 60_000 });
});

test('bad traces are refused naming the file, the line and the reason', async ({ page }) => {
  await openExplorer(page, expect);
  const panel = page.getByTestId('trace-panel');
  await panel.getByText('MPI trace').click();
  // A rank file with an unknown action, refused by this page's core before anything is uploaded.
  const bad = path.join(tmp, 'bad.txt');
  writeFileSync(bad, '0 init\n0 sendrecieve 1 2 3\n1 init\n');
  await panel.getByLabel('Trace file or archive').setInputFiles(bad);
  // The page's core reads the file in its worker, which may still be busy with the first screen's
  // example: seconds under make test's load ("loading the trace…" was still shown after 5 s).
  await expect(page.getByTestId('trace-error')).toContainText('trace:bad.txt:2: unknown action "sendrecieve"', { timeout: 30_000 });
  // An archive member leaving the archive, refused by the server before the core sees it.
  const evil = path.join(tmp, 'evil.tar');
  execFileSync('python3', ['-c', `import io, tarfile
with tarfile.open("${evil}", "w") as tf:
    info = tarfile.TarInfo("../ring.txt"); info.size = 7; tf.addfile(info, io.BytesIO(b"0 init\\n"))`]);
  await panel.getByLabel('Trace file or archive').setInputFiles(evil);
  await expect(page.getByTestId('trace-error')).toHaveText(
    "evil.tar: ../ring.txt: leaves the archive ('..') (allowed: relative paths inside the archive)", { timeout: 30_000 });
  await expect(page.getByTestId('trace-summary')).toHaveCount(0);
});
