import { describe, expect, it } from 'vitest';
import { decodeConfig, encodeConfig } from '../src/lib/runs/share';
import { navEntries, parseRoute } from '../src/views/routes';
import { SLICE_CONFIG } from './fixtures';

describe('sharing and routes', () => {
  it('round-trips a config through the URL fragment', () => {
    const frag = encodeConfig(SLICE_CONFIG);
    expect(frag.startsWith('c=')).toBe(true);
    expect(frag).not.toMatch(/[#?\s]/);
    expect(decodeConfig('#' + frag)).toEqual(SLICE_CONFIG);
    expect(decodeConfig('#x=1&' + frag)).toEqual(SLICE_CONFIG);
  });
  it('ignores fragments that are not configs', () => {
    expect(decodeConfig('')).toBeNull();
    expect(decodeConfig('#c=garbage')).toBeNull();
  });
  it('parses routes', () => {
    expect(parseRoute('/')).toEqual({ view: 'explore' });
    expect(parseRoute('/', '?view=runs')).toEqual({ view: 'runs' });
    expect(parseRoute('/e/478a737c')).toEqual({ view: 'experiment', id: '478a737c' });
    expect(parseRoute('/e/')).toEqual({ view: 'explore' });
    expect(parseRoute('/no/such/view')).toEqual({ view: 'explore' });
  });
  it('derives the header from the route table, marking the view shown or the one it is under', () => {
    const current = (path: string, search = '') => navEntries(parseRoute(path, search)).filter((e) => e.current).map((e) => e.label);
    expect(navEntries(parseRoute('/')).map((e) => [e.label, e.href])).toEqual([
      ['Explore', '/'], ['Sweeps', '/?view=sweeps'], ['Compare', '/?view=compare'], ['Server runs', '/?view=runs']]);
    expect(current('/')).toEqual(['Explore']);
    expect(current('/s/abc')).toEqual(['Sweeps']);
    expect(current('/', '?view=runs')).toEqual(['Server runs']);
    expect(current('/e/478a737c')).toEqual([]);  // a stored experiment has no entry of its own
  });
});
