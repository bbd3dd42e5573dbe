// Digits from each statistic's confidence (docs/frontend.md, "Digits"): after a browser run of the
// quick-start torus with per-port statistics, every hit rate, share and mean latency shows the
// decimals its standard error supports, computed here from the native CLI's counts.
import { test, expect } from '@playwright/test';
import { example, histogramSE, mean, nativeRun, ns, rate, runConfigInBrowser } from './support.mjs';

const count = (n) => n.toLocaleString('en-US');

test('hit rates, shares and mean latency show the digits their counts support', async ({ page }) => {
  const cfg = { ...example('quickstart-torus-4x4').config, output: { per_port: true } };
  const native = nativeRun(cfg);
  const c = native.cache;
  await runConfigInBrowser(page, expect, cfg, native.config_hash);
  const result = page.getByTestId('wasm-result');

  // 6,286 look-ups: SE 0.33 %, so "92.4 %" (two decimals before: "92.36 %").
  await expect(result.getByTestId('wasm-hit-rate')).toHaveText(rate(c.hit_rate, c.lookups));
  expect(rate(c.hit_rate, c.lookups)).toBe('92.4 %');
  await expect(result.getByTestId('wasm-all-hit'))
    .toHaveText(`${rate(c.all_hit_share, native.packets.measured)} (${count(c.packets_all_hit)} packets)`);

  // Per port class: each rate by its own look-ups.
  const classes = await result.getByTestId('port-class-table').locator('tbody tr').allInnerTexts();
  expect(classes.map((r) => r.split('\t').slice(0, 3).join('\t'))).toEqual(
    ['injection', 'dim0', 'dim1'].map((k) => `${k}\t${count(c.by_port_class[k].lookups)}\t${rate(c.by_port_class[k].hit_rate, c.by_port_class[k].lookups)}`));

  // 3C: shares of all look-ups.
  const shares = await result.getByTestId('miss-legend').locator('li').allInnerTexts();
  expect(shares).toEqual([
    `hits: ${count(c.hits)} (${rate(c.hits / c.lookups, c.lookups)})`,
    ...['compulsory', 'capacity', 'conflict'].map((k) => `${k} misses: ${count(c.misses[k])} (${rate(c.misses[k] / c.lookups, c.lookups)})`),
  ]);

  // Mean latency by the standard error of its histogram; percentiles are exact latencies.
  const z = native.latency_ns.zero_load;
  const lat = await result.getByTestId('latency-table').locator('tr').allInnerTexts();
  expect(lat).toContain(`mean\t${mean(z.mean, histogramSE(z.histogram), 'ns')}`);
  expect(lat).toContain(`p99\t${ns(z.p99)}`);
  const bound = (native.packets.max_switches - 1) / 2 / Math.sqrt(native.packets.measured);
  expect(lat).toContain(`switches per packet (mean)\t${mean(native.packets.mean_switches, bound, 'switches')}`);

  // A switch's hit rate by the look-ups of its input ports; its port table by each port's.
  const ports = c.by_port[5];
  const switchLookups = ports.reduce((n, [l]) => n + l, 0);
  await expect(result.locator('[data-switch="5"] title')).toHaveText(`switch 5 (1,1): hit rate ${rate(c.by_switch[5], switchLookups)}`);
  await result.locator('[data-switch="5"]').click();
  const rows = await result.getByTestId('port-table').locator('tbody tr').allInnerTexts();
  const names = ['node', 'dim0 +', 'dim0 −', 'dim1 +', 'dim1 −'];
  expect(rows).toEqual(ports.map(([l, h], i) => `${i}\t${names[i]}\t${count(l)}\t${l ? rate(h / l, l) : '— (no look-ups)'}`));
});
