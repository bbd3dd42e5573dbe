import { describe, expect, it } from 'vitest';
import { fieldsFromSchema, type SchemaNode } from '../src/config/schema';
import { applyField, DEFAULT_CONFIG, visibleFields } from '../src/config/form';

// A cut-down schema in the core's format (core.schema()).
const SCHEMA: SchemaNode = {
  type: 'object',
  properties: {
    seed: { type: 'integer', default: 1, minimum: 0, maximum: 9007199254740992 },
    topology: {
      type: 'object',
      properties: {
        kind: { type: 'string', enum: ['kary_ncube', 'mesh', 'torus'], default: 'torus' },
        dims: { type: 'array', items: { type: 'integer', minimum: 2, maximum: 4096 }, 'x-unit': 'switches' },
        wrap: { type: 'array', default: [true, true] },
        degree: { type: 'integer', minimum: 1, maximum: 128 },
        edges: { type: 'array', description: 'Links as [[a, b], ...]' },
      },
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
};

describe('form generated from the JSON Schema', () => {
  const fields = fieldsFromSchema(SCHEMA);
  const by = (p: string) => fields.find((f) => f.path === p)!;

  it('maps schema types to inputs with units, ranges and choices', () => {
    expect(fields.map((f) => f.path)).toEqual([
      // Known fields in the static table's order, then new ones in schema order.
      'topology.kind', 'topology.dims', 'topology.wrap', 'switch.cache.entries', 'switch.cache.ways', 'switch.delays_ns.rc_hit', 'seed',
      'topology.degree', 'topology.edges',
    ]);
    expect(by('topology.kind')).toMatchObject({ kind: 'choice', choices: ['kary_ncube', 'mesh', 'torus'], group: 'topology' });
    expect(by('topology.dims')).toMatchObject({ kind: 'dims', unit: 'switches' });
    expect(by('switch.cache.ways')).toMatchObject({ kind: 'ways', doc: 'Associativity', group: 'switch.cache' });
    expect(by('switch.cache.entries')).toMatchObject({ kind: 'int', unit: 'entries', label: 'Cache entries' });
    expect(by('switch.delays_ns.rc_hit')).toMatchObject({
      kind: 'number', unit: 'ns', group: 'switch.delays_ns', label: 'RC on a hit', help: '≥ 0, default 1', doc: 'RC on a hit',
    });
  });

  it('generated number fields write numbers into the config', () => {
    const r = applyField(DEFAULT_CONFIG, by('switch.delays_ns.rc_hit'), '2.5');
    expect(r.config.switch).toEqual({ cache: { entries: 64, ways: 4 }, delays_ns: { rc_hit: 2.5 } });
    expect(applyField(DEFAULT_CONFIG, by('switch.delays_ns.rc_hit'), '2.5.1').error).toBe('RC on a hit: enter a number');
  });

  it('keeps the visibility rules: wrap only for kary_ncube, cache fields only with a cache', () => {
    const paths = (c: object) => visibleFields(c as never, fields).map((f) => f.path);
    expect(paths(DEFAULT_CONFIG)).not.toContain('topology.wrap');
    expect(paths({ ...DEFAULT_CONFIG, topology: { kind: 'kary_ncube' } })).toContain('topology.wrap');
    expect(paths({ ...DEFAULT_CONFIG, switch: { cache: null } })).not.toContain('switch.cache.ways');
    expect(paths(DEFAULT_CONFIG)).not.toContain('topology.degree');
    expect(paths({ topology: { kind: 'random_regular' } })).toContain('topology.degree');
    expect(paths({ topology: { kind: 'edge_list' } })).toEqual(expect.arrayContaining(['topology.edges']));
    expect(paths({ topology: { kind: 'edge_list' } })).not.toContain('topology.dims');
  });

  it('array-of-arrays fields are edited as JSON', () => {
    expect(by('topology.edges').kind).toBe('json');
    expect(applyField({}, by('topology.edges'), '[[0,1],[1,2]]').config).toEqual({ topology: { edges: [[0, 1], [1, 2]] } });
    expect(applyField({}, by('topology.edges'), '[[0,1]').error).toBe('Edges: enter JSON, e.g. [[0, 1], [1, 2]]');
  });
});
