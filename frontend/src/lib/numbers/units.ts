// Units of result numbers, by the rule the core's results schema states (x-unit-rule): a key the
// schema declares (with "*" for any map key) has its x-unit; any other number takes the unit of the
// longest x-unit-suffixes entry its own key ends with, else that of its nearest ancestor key with
// such a suffix; else it is a plain count (""). The core applies the same rule in units(result);
// test/units.test.ts checks the two agree on every number of real results.

export interface ResultsSchemaNode {
  type?: string;
  description?: string;
  'x-unit'?: string;
  properties?: Record<string, ResultsSchemaNode>;
  additionalProperties?: ResultsSchemaNode;
  'x-unit-suffixes'?: Array<[string, string]>;
}

interface Declared {
  parts: string[];
  unit: string;
}

// A declared key is a schema node with a description; "*" stands for additionalProperties.
function declaredKeys(node: ResultsSchemaNode, parts: string[], out: Declared[]): Declared[] {
  if (parts.length > 0 && node.description !== undefined) out.push({ parts, unit: node['x-unit'] ?? '' });
  for (const [k, child] of Object.entries(node.properties ?? {})) declaredKeys(child, [...parts, k], out);
  if (node.additionalProperties) declaredKeys(node.additionalProperties, [...parts, '*'], out);
  return out;
}

const wildcards = (d: Declared) => d.parts.filter((p) => p === '*').length;

export class Units {
  private declared: Declared[];
  private suffixes: Array<[string, string]>;

  constructor(schema: ResultsSchemaNode | null) {
    // The most specific declaration first (fewest wildcards), as an exact key beats a pattern.
    this.declared = schema ? declaredKeys(schema, [], []).sort((a, b) => wildcards(a) - wildcards(b)) : [];
    this.suffixes = schema?.['x-unit-suffixes'] ?? [];
  }

  get loaded(): boolean {
    return this.suffixes.length > 0;
  }

  private suffixUnit(key: string): string {
    let best = '';
    let len = 0;
    for (const [s, u] of this.suffixes) if (key.endsWith(s) && s.length > len) [best, len] = [u, s.length];
    return best;
  }

  // The unit of the number at a dotted result path, e.g. "cost.cache.area_mm2" -> "mm^2".
  unitOf(path: string): string {
    const parts = path.split('.');
    const d = this.declared.find((k) => k.parts.length === parts.length && k.parts.every((p, i) => p === '*' || p === parts[i]));
    if (d) return d.unit;
    for (let i = parts.length - 1; i >= 0; i--) {
      const u = this.suffixUnit(parts[i]);
      if (u) return u;
    }
    return '';
  }

  // {dotted path: unit} for every number of a result (array indices left out), as core units().
  unitsOf(doc: unknown, path = '', out: Record<string, string> = {}): Record<string, string> {
    if (Array.isArray(doc)) for (const e of doc) this.unitsOf(e, path, out);
    else if (doc !== null && typeof doc === 'object')
      for (const [k, v] of Object.entries(doc)) this.unitsOf(v, path ? `${path}.${k}` : k, out);
    else if (typeof doc === 'number' && !(path in out)) out[path] = this.unitOf(path);
    return out;
  }

  // A key as a label, its unit suffix dropped: "read_energy_nJ" -> "read energy". Fraction
  // suffixes ("_fraction", "_share") name the quantity, not a unit, and stay: "buffers.mean_fraction"
  // must not read "mean" beside "mean flits per port".
  labelOf(key: string): string {
    const suffix = this.suffixes.filter(([s, u]) => s.startsWith('_') && u !== 'fraction' && key.endsWith(s))
      .sort((a, b) => b[0].length - a[0].length)[0];
    const base = suffix ? key.slice(0, -suffix[0].length) : key;
    return base.replace(/_/g, ' ');
  }
}

// Before the results schema is loaded every number is shown without a unit.
export const NO_UNITS = new Units(null);
