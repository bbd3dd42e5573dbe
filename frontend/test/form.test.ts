import { beforeAll, describe, expect, it } from 'vitest';
import { applyField, fieldText, parseField, type FieldSpec } from '../src/config/form';
import { SLICE_CONFIG } from './fixtures';
import { allFields, fieldsFor, pruneToVariant, shownFields, type SchemaNode } from '../src/config/schema';
import type { Config } from '../src/config/types';
import { configSchema } from './core';

// The field specs the form generates from the core's real schema.
let FIELDS: FieldSpec[] = [];
let SCHEMA: SchemaNode;
beforeAll(async () => {
  SCHEMA = await configSchema();
  FIELDS = allFields(SCHEMA);
});
const spec = (path: string): FieldSpec => {
  const f = FIELDS.find((x) => x.path === path);
  if (!f) throw new Error(`no field ${path} in the core's schema`);
  return f;
};

// Types a sequence of [field, text] edits into the form, as a user would.
function type(cfg: Config, edits: Array<[string, string]>): Config {
  return edits.reduce((c, [path, text]) => {
    const r = applyField(c, spec(path), text);
    expect(r.error).toBeUndefined();
    return r.config;
  }, cfg);
}

describe('fields that apply only to some choices (x-applies-when)', () => {
  const cycle = (injection: object, sim: object = {}): Config =>
    ({ engine: 'cycle', topology: { kind: 'mesh', dims: [4, 4] }, switch: { cache: null },
      traffic: { pattern: 'uniform', injection }, sim }) as never;
  const shown = (cfg: Config) => shownFields(SCHEMA, cfg).map((f) => f.path);

  it('the schema states the condition and the form reads it', () => {
    expect(spec('traffic.injection.burst_flits').appliesWhen).toEqual({ path: 'traffic.injection.process', in: ['on_off'] });
    expect(spec('traffic.injection.process').appliesWhen).toBeUndefined();
  });

  it('hides burst_flits under bernoulli and shows it under on_off', () => {
    expect(shown(cycle({ process: 'bernoulli' }))).not.toContain('traffic.injection.burst_flits');
    expect(shown(cycle({}))).not.toContain('traffic.injection.burst_flits');  // the default process is bernoulli
    expect(shown(cycle({ process: 'on_off' }))).toContain('traffic.injection.burst_flits');
    expect(shown(cycle({ process: 'trace' }))).toContain('traffic.injection.time_unit');
    expect(shown(cycle({ process: 'trace' }))).not.toContain('traffic.injection.load');
    expect(shown(cycle({}))).not.toContain('sim.bisection_steps');
    expect(shown(cycle({}, { mode: 'saturation' }))).toContain('sim.bisection_steps');
  });

  it('a hidden field keeps its value: nothing is dropped from the config', () => {
    const onOff = cycle({ process: 'on_off', burst_flits: 16 });
    const bernoulli = type(onOff, [['traffic.injection.process', 'bernoulli']]);
    expect(bernoulli.traffic).toEqual({ pattern: 'uniform', injection: { process: 'bernoulli', burst_flits: 16 } });
    expect(pruneToVariant(SCHEMA, onOff, bernoulli)).toBe(bernoulli);
    expect(fieldsFor(SCHEMA, bernoulli).map((f) => f.path)).toContain('traffic.injection.burst_flits');
  });
});

describe('config form -> config JSON', () => {
  it('turns form edits into the exact config the core receives', () => {
    const cfg = type(SLICE_CONFIG, [
      ['topology.dims', '8 x 8'],
      ['switch.cache.entries', '128'],
      ['switch.cache.ways', 'full'],
      ['switch.cache.policy', 'plru'],
      ['traffic.packets', '5000'],
      ['traffic.warmup_packets', '100'],
      ['seed', '42'],
    ]);
    expect(cfg).toEqual({
      seed: 42,
      engine: 'routewalk',
      topology: { kind: 'torus', dims: [8, 8] },
      switch: { cache: { entries: 128, ways: 'full', policy: 'plru' } },
      traffic: { pattern: 'uniform', packets: 5000, warmup_packets: 100 },
    });
    // The original is never mutated (React state relies on it).
    expect(SLICE_CONFIG.topology).toEqual({ kind: 'torus', dims: [4, 4] });
  });

  it('parses dims in the accepted spellings and rejects junk with a field message', () => {
    // A torus's dims (several kinds have a topology.dims, each with its own range).
    const dims = fieldsFor(SCHEMA, { topology: { kind: 'torus' } }).find((f) => f.path === 'topology.dims')!;
    expect(parseField(dims, '4x4x4')).toEqual({ ok: true, value: [4, 4, 4] });
    expect(parseField(dims, '9, 9,9')).toEqual({ ok: true, value: [9, 9, 9] });
    expect(parseField(dims, '4×6')).toEqual({ ok: true, value: [4, 6] });
    expect(parseField(dims, '4x')).toEqual({ ok: true, value: [4] });
    expect(parseField(dims, '4xa')).toEqual({ ok: false, message: 'Dimensions: enter sizes like 4x4 or 8x8x8 (allowed: each 2–4096)' });
    expect(parseField(spec('switch.cache.entries'), '12.5')).toEqual({ ok: false, message: 'Cache entries: enter a whole number (allowed: 1–1048576)' });
    expect(parseField(spec('switch.cache.ways'), 'most')).toEqual({ ok: false, message: 'Ways: enter a whole number (allowed: ≥ 1, or "full")' });
    expect(parseField(spec('topology.wrap'), '1,1,0')).toEqual({ ok: true, value: [true, true, false] });
  });

  // "1e400" is Infinity, which JSON writes as null: the field fell back to its default, with Run
  // enabled and no word said.
  it('refuses a number beyond a double instead of sending null', () => {
    expect(parseField(spec('switch.delays_ns.rc_hit'), '1e400')).toEqual({ ok: false, message: 'RC on a hit: enter a number (allowed: 0–1000000)' });
    expect(parseField(spec('switch.delays_ns.rc_hit'), '-1e400').ok).toBe(false);
    expect(parseField(spec('traffic.packets'), '1'.padEnd(400, '0')).ok).toBe(false);
    expect(parseField(spec('topology.dims'), `4x${'9'.repeat(400)}`).ok).toBe(false);
    expect(parseField(spec('switch.delays_ns.rc_hit'), '1e308')).toEqual({ ok: true, value: 1e308 }); // the core says it is out of range
  });

  it('leaves range checks to the core: ways=3 is passed through unchanged', () => {
    const cfg = type(SLICE_CONFIG, [['switch.cache.entries', '100'], ['switch.cache.ways', '3']]);
    expect(cfg.switch).toEqual({ cache: { entries: 100, ways: 3 } });
  });

  it('an emptied input removes the key so the core default applies', () => {
    const cfg = type(SLICE_CONFIG, [['traffic.packets', '']]);
    expect(cfg.traffic).toEqual({ pattern: 'uniform' });
  });

  it('a failed parse keeps the previous config', () => {
    const r = applyField(SLICE_CONFIG, spec('seed'), 'x');
    expect(r.config).toBe(SLICE_CONFIG);
    expect(r.error).toBe('Seed: enter a whole number (allowed: 0–9007199254740992)');
  });

  it('renders current values back as text', () => {
    expect(fieldText(spec('topology.dims'), SLICE_CONFIG)).toBe('4x4');
    expect(fieldText(spec('switch.cache.ways'), SLICE_CONFIG)).toBe('4');
    expect(fieldText(spec('traffic.warmup_packets'), SLICE_CONFIG)).toBe('');
    expect(fieldText(spec('topology.wrap'), { topology: { wrap: [true, false] } })).toBe('1,0');
  });
});
