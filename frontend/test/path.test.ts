import { describe, expect, it } from 'vitest';
import { nonFinitePath } from '../src/lib/form/path';

// The JSON tab refuses a number JSON.parse reads as Infinity: sent to the core it would be null,
// the field's default, without a word.
describe('nonFinitePath', () => {
  it('names the first number beyond a double, array items by index', () => {
    expect(nonFinitePath(JSON.parse('{"seed": 1, "switch": {"cache": {"entries": 1e999}}}'))).toBe('switch.cache.entries');
    expect(nonFinitePath(JSON.parse('{"topology": {"dims": [4, -1e999]}}'))).toBe('topology.dims[1]');
    expect(nonFinitePath(JSON.parse('{"seed": 1e308, "topology": {"dims": [4, 4]}, "switch": {"cache": null}}'))).toBeNull();
  });
});
