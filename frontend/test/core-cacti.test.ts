import { describe, expect, it } from 'vitest';
import { needsCacti } from '../src/core/cacti';
import type { Config } from '../src/config/types';

// Which requests make a core worker load CACTI's module first (src/core/cacti.ts): any config that
// may be priced with CACTI, i.e. all but those asking for the fit; requests without a config never.
describe('needsCacti', () => {
  it('loads CACTI for configs that do not ask for the fit', () => {
    expect(needsCacti({} as Config)).toBe(true);
    expect(needsCacti({ cost: { method: 'cacti' } } as unknown as Config)).toBe(true);
  });
  it('does not for the fit or without a config', () => {
    expect(needsCacti({ cost: { method: 'fit' } } as unknown as Config)).toBe(false);
    expect(needsCacti(undefined)).toBe(false);
  });
});
