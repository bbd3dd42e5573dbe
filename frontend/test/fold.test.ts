import { describe, expect, it } from 'vitest';
import { nextFold, type Fold } from '../src/lib/runs/fold';

describe('nextFold', () => {
  it('does not fold the first config, and keeps it unfolded when a result arrives later', () => {
    let f: Fold | null = nextFold(null, 'a', false);
    expect(f).toEqual({ key: 'a', folded: false });
    f = nextFold(f, 'a', true);
    expect(f.folded).toBe(false);
  });

  it('folds a config that arrives beside a result, and keeps it folded', () => {
    let f = nextFold({ key: 'a', folded: false }, 'b', true);
    expect(f).toEqual({ key: 'b', folded: true });
    f = nextFold(f, 'b', false);
    expect(f.folded).toBe(true);
  });

  it('decides again for each new config, and for text that does not parse', () => {
    let f = nextFold({ key: 'a', folded: true }, null, false);
    expect(f).toEqual({ key: null, folded: false });
    f = nextFold(f, 'c', true);
    expect(f).toEqual({ key: 'c', folded: true });
  });
});
