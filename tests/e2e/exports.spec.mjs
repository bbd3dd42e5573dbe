// Exports match the screen: after a browser run of seed 003's HIPIQS preset (cycle engine), the
// metrics CSV holds every scalar of the native CLI's result with its unit, the topology SVG is the
// drawing on screen (same switches, same colours, same order), and the PNG is that drawing at twice
// its size.
import { test, expect } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { downloadOf, example as exampleOf, nativeRun, runPresetInBrowser } from './support.mjs';

const PRESET = 'seed003-fig7-hipiqs-bmin16';

// Every scalar leaf of a result but the topology description, as dotted paths.
function scalars(v, prefix = '', out = new Map()) {
  if (v === null || Array.isArray(v)) return out;
  if (typeof v === 'object') {
    for (const [k, c] of Object.entries(v)) if (!(prefix === '' && k === 'topology')) scalars(c, prefix ? `${prefix}.${k}` : k, out);
  } else out.set(prefix, v);
  return out;
}

// One CSV line (RFC 4180 quoting: "" inside a quoted cell is a quote).
function csvCells(line) {
  const cells = [];
  for (let i = 0; i <= line.length;) {
    if (line[i] === '"') {
      let cell = '';
      for (i += 1; i < line.length; i += 1) {
        if (line[i] === '"' && line[i + 1] === '"') { cell += '"'; i += 1; } else if (line[i] === '"') break; else cell += line[i];
      }
      cells.push(cell);
      i += 2;  // the closing quote and the comma
    } else {
      const end = line.indexOf(',', i) === -1 ? line.length : line.indexOf(',', i);
      cells.push(line.slice(i, end));
      i = end + 1;
    }
  }
  return cells;
}

const downloadButton = (page, name) => downloadOf(page, page.getByRole('button', { name }));

test('metrics CSV, topology SVG and PNG are what the screen shows', async ({ page }) => {
  const example = exampleOf(PRESET);
  const expected = nativeRun(example.config);
  await runPresetInBrowser(page, expect, PRESET);

  // CSV: one row per scalar of the result, values equal to the native run's, units from the schema.
  const csv = readFileSync(await downloadButton(page, 'Metrics CSV'), 'utf8').trim().split('\n');
  expect(csv[0]).toBe('metric,value,unit');
  const rows = new Map(csv.slice(1).map((l) => { const [m, v, u] = csvCells(l); return [m, { v, u }]; }));
  const want = scalars(expected);
  want.delete('wall_time_s');  // not part of the deterministic result
  for (const [metric, value] of want) expect(rows.get(metric)?.v, metric).toBe(String(value));
  expect(rows.get('throughput.accepted').u).toBe('flits/node/cycle');
  expect(rows.get('saturation.throughput').u).toBe('flits/node/cycle');
  expect(rows.get('latency_cycles.packet.mean').u).toBe('cycles');

  // SVG: the drawing on screen, cell for cell.
  const screen = page.locator('[data-testid="wasm-result"] [data-testid="topology-svg"]');
  const onScreen = await screen.evaluate((svg) => [...svg.querySelectorAll('[data-switch]')].map((c) => `${c.getAttribute('data-switch')}:${c.getAttribute('fill')}`));
  expect(onScreen).toHaveLength(expected.summary.switches);
  const svgText = readFileSync(await downloadButton(page, 'Topology SVG'), 'utf8');
  const exported = [...svgText.matchAll(/<rect [^>]*?fill="([^"]+)"[^>]*?data-switch="(\d+)"/g)].map((m) => `${m[2]}:${m[1]}`);
  expect(exported).toEqual(onScreen);

  // PNG: the same drawing rasterised at twice its viewBox.
  const png = readFileSync(await downloadButton(page, 'Topology PNG'));
  const [vw, vh] = await screen.evaluate((svg) => [svg.viewBox.baseVal.width, svg.viewBox.baseVal.height]);
  expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([Math.ceil(vw * 2), Math.ceil(vh * 2)]);
});
