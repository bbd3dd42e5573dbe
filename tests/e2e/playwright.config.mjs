// Playwright Test configuration for the browser tests (tests/e2e/*.spec.mjs). The stack (Postgres, API serving the
// built UI, a worker) is started around the run by scripts/stack.py, which sets SWITCHLAB_URL; the browser is Debian's
// chromium, not a downloaded one.
import { defineConfig } from '@playwright/test';

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.mjs',
  // Two spec files at a time against the one stack: make test's last step, and alone a browser test keeps one core
  // busy (91 tests: 618 s on one worker, 343 s on two with both cores busy). Specs never assume they are alone on the
  // server: they find their own runs by name or id.
  workers: 2,
  timeout: 180_000,
  // An expectation waits up to 15 s, not Playwright's 5: under make test's load (fuzzers beside, two
  // workers) the page's core, busy with the first screen's example, took over 5 s to answer. A
  // passing check ends as soon as it holds; speed is measured in make bench, never asserted here.
  expect: { timeout: 15_000 },
  reporter: [['list']],
  outputDir: '../../.run/e2e-artifacts',
  use: {
    baseURL: process.env.SWITCHLAB_URL,
    browserName: 'chromium',
    launchOptions: {
      executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
        '--disable-component-update', '--disable-sync'],
    },
  },
});
