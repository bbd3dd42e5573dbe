import { describe, expect, it } from 'vitest';
import { allFields, fieldsFor, pruneToVariant, type SchemaNode } from '../src/config/schema';
import { applyField } from '../src/config/form';
import { SLICE_CONFIG } from './fixtures';
import type { Config } from '../src/config/types';

// A cut-down schema in the core's discriminated format (core.schema()): shared fields in
// `properties`, each topology kind's fields in an allOf entry tagged x-discriminator.
const SCHEMA: SchemaNode = {
  type: 'object',
  properties: {
    seed: { type: 'integer', default: 1, minimum: 0, maximum: 9007199254740992 },
    topology: {
      type: 'object',
      properties: { kind: { type: 'string', enum: ['edge_list', 'kary_ncube', 'torus'], default: 'torus' } },
    },
    switch: {
      type: 'object',
      properties: {
        cache: {
          type: 'object',
          properties: {
            entries: { type: 'integer', minimum: 1, maximum: 1048576, default: 2048, 'x-unit': 'entries' },
            ways: { oneOf: [{ type: 'integer', minimum: 1 }, { const: 'full' }], description: 'Associativity' },
          },
        },
        delays_ns: {
          type: 'object',
          properties: { rc_hit: { type: 'number', minimum: 0, default: 1, 'x-unit': 'ns', description: 'RC on a hit' } },
        },
      },
    },
  },
  allOf: [
    {
      'x-discriminator': { path: 'topology.kind', value: 'torus' },
      then: { properties: { topology: { properties: {
        dims: { type: 'array', items: { type: 'integer', minimum: 2, maximum: 4096 }, 'x-unit': 'switches' },
      } } } },
    },
    {
      'x-discriminator': { path: 'topology.kind', value: 'kary_ncube' },
      then: { properties: { topology: { properties: {
        dims: { type: 'array', items: { type: 'integer', minimum: 2, maximum: 4096 }, 'x-unit': 'switches' },
        wrap: { type: 'array', default: [true, true] },
      } } } },
    },
    {
      'x-discriminator': { path: 'topology.kind', value: 'edge_list' },
      then: { properties: { topology: { properties: {
        switches: { type: 'integer', minimum: 1, maximum: 4096 },
        edges: { type: 'array', description: 'Links as [[a, b], ...]' },
      } } } },
    },
  ],
};

describe('form generated from the discriminated JSON Schema', () => {
  const paths = (c: object) => fieldsFor(SCHEMA, c as never).map((f) => f.path);
  const by = (p: string) => allFields(SCHEMA).find((f) => f.path === p)!;

  it('shows exactly the shared fields plus those of the selected kind, in presentation order', () => {
    expect(paths(SLICE_CONFIG)).toEqual(['topology.kind', 'topology.dims', 'switch.cache.entries', 'switch.cache.ways', 'seed', 'switch.delays_ns.rc_hit']);
    expect(paths({ topology: { kind: 'kary_ncube' } })).toContain('topology.wrap');
    expect(paths({ topology: { kind: 'edge_list' } })).toEqual(expect.arrayContaining(['topology.edges', 'topology.switches']));
    expect(paths({ topology: { kind: 'edge_list' } })).not.toContain('topology.dims');
    // No kind in the config: the schema default's (torus) fields.
    expect(paths({})).toContain('topology.dims');
    expect(paths({ ...SLICE_CONFIG, switch: { cache: null } })).not.toContain('switch.cache.ways');
  });

  it('maps schema types to inputs with units, ranges and choices', () => {
    expect(by('topology.kind')).toMatchObject({ kind: 'choice', choices: ['edge_list', 'kary_ncube', 'torus'], group: 'topology', default: 'torus' });
    expect(by('topology.dims')).toMatchObject({ kind: 'dims', unit: 'switches', help: '2–4096' });
    expect(by('switch.cache.ways')).toMatchObject({ kind: 'ways', doc: 'Associativity', group: 'switch.cache', help: '≥ 1, or "full"' });
    expect(by('switch.cache.entries')).toMatchObject({ kind: 'int', unit: 'entries', label: 'Cache entries', min: 1, max: 1048576 });
    expect(by('switch.delays_ns.rc_hit')).toMatchObject({
      kind: 'number', unit: 'ns', group: 'switch.delays_ns', label: 'RC on a hit', help: '≥ 0, default 1', doc: 'RC on a hit',
    });
    // Labels of fields without a friendly one come from the key.
    expect(by('topology.switches').label).toBe('Switches');
  });

  it('generated number fields write numbers into the config', () => {
    const r = applyField(SLICE_CONFIG, by('switch.delays_ns.rc_hit'), '2.5');
    expect(r.config.switch).toEqual({ cache: { entries: 64, ways: 4 }, delays_ns: { rc_hit: 2.5 } });
    expect(applyField(SLICE_CONFIG, by('switch.delays_ns.rc_hit'), '2.5.1').error).toBe('RC on a hit: enter a number (allowed: ≥ 0)');
  });

  it('array-of-arrays fields are edited as JSON', () => {
    expect(by('topology.edges').kind).toBe('json');
    expect(applyField({}, by('topology.edges'), '[[0,1],[1,2]]').config).toEqual({ topology: { edges: [[0, 1], [1, 2]] } });
    expect(applyField({}, by('topology.edges'), '[[0,1]').error).toBe('Edges: enter JSON, e.g. [[0, 1], [1, 2]]');
  });
});

describe('switching the topology kind', () => {
  it('drops the old kind\'s values the new kind has no field for', () => {
    const torus: Config = { seed: 3, topology: { kind: 'torus', dims: [4, 4] }, switch: { cache: { entries: 64 } } };
    // @ts-expect-error: edge_list has no dims, which is what the type says and pruneToVariant drops
    const edge: Config = { ...torus, topology: { kind: 'edge_list', dims: [4, 4] } };
    expect(pruneToVariant(SCHEMA, torus, edge)).toEqual({ seed: 3, topology: { kind: 'edge_list' }, switch: { cache: { entries: 64 } } });
    // kary_ncube also has dims: kept.
    const k: Config = { ...torus, topology: { kind: 'kary_ncube', dims: [4, 4] } };
    expect(pruneToVariant(SCHEMA, torus, k)).toBe(k);
    // No kind change: nothing is touched.
    const more = { ...torus, seed: 4 };
    expect(pruneToVariant(SCHEMA, torus, more)).toBe(more);
  });
});
