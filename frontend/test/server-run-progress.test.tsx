import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import type { Experiment, RunProgress } from '../src/api/client';
import { ServerRunProgress } from '../src/components/ServerRunProgress';
import { ServerStatus } from '../src/components/ServerStatus';
import { finishedState } from '../src/hooks/useServerRun';
import { formatRunProgress } from '../src/lib/numbers/format';

const PROGRESS: RunProgress = { fraction: 0.3, done: 12_000, total: 40_000, unit: 'cycles', updated_at: '2026-11-26T17:00:00Z' };
const none = () => undefined;

describe("a server run's progress", () => {
  it('names the work units the engine counts', () => {
    expect(formatRunProgress(PROGRESS)).toBe('30.0 % · cycles 12,000 of 40,000');
    expect(formatRunProgress({ fraction: 0.375, done: 3, total: 8, unit: 'replays' })).toBe('37.5 % · replays 3 of 8');
  });

  it('is a determinate bar with the counts and a Cancel button while running', () => {
    const html = renderToStaticMarkup(
      <ServerRunProgress status="running" progress={PROGRESS} onCancel={none} testId="p" />);
    expect(html).toContain('aria-valuenow="30"');
    expect(html).toContain('width:30.0%');
    expect(html).toContain('running: 30.0 % · cycles 12,000 of 40,000');
    expect(html).toContain('data-testid="p-cancel">Cancel</button>');
  });

  it('is indeterminate while queued or before the first report, and can be cancelled', () => {
    for (const [status, progress] of [['queued', null], ['running', null]] as const) {
      const html = renderToStaticMarkup(<ServerRunProgress status={status} progress={progress} onCancel={none} testId="p" />);
      expect(html).toContain('progress indeterminate');
      expect(html).not.toContain('aria-valuenow');
      expect(html).toContain(`>${status}</span>`);
      expect(html).toContain('>Cancel</button>');
    }
  });
});

describe('a finished server run', () => {
  const exp = (over: Partial<Experiment>) => ({ id: 'ab'.repeat(32), status: 'done', result: null, error: null, progress: null, ...over }) as Experiment;

  it('reads cancelled, with how far it got, not failed', () => {
    const state = finishedState(exp({ status: 'cancelled', progress: PROGRESS }));
    expect(state).toEqual({ phase: 'cancelled', id: 'ab'.repeat(32), progress: PROGRESS });
    const html = renderToStaticMarkup(<ServerStatus state={state} onStop={none} onCancel={none} />);
    expect(html).toContain('cancelled at 30.0 % · cycles 12,000 of 40,000');
    expect(html).not.toContain('field-error');
  });

  it('is done with a result, else failed with the error', () => {
    expect(finishedState(exp({ status: 'done', result: { cache: {} } as Experiment['result'] })).phase).toBe('done');
    expect(finishedState(exp({ status: 'failed', error: { field: null, message: 'boom' } }))).toMatchObject(
      { phase: 'failed', message: 'the server run failed: {"field":null,"message":"boom"}' });
  });
});
