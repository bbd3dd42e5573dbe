import { describe, expect, it } from 'vitest';
import { decodeConfig, encodeConfig, parseRoute } from '../src/lib/share';
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
  });
});
