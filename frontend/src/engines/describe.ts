import type { SchemaNode } from '../config/schema';

// The core's description of its engines: the config schema's `x-engines` (wasm-core
// config/engines.hpp). Everything the explorer says about an engine in general (its name and
// doc, its headline numbers, whether this page can run it, what its work is measured in) comes
// from here; what it draws of an engine's result comes from the panels registered for its name
// (panels.tsx, results.ts), with a generic view for an engine that has none.
export interface EngineDescription {
  name: string;
  doc: string;
  // The result keys that stand for a run of it (units from the results schema).
  headline: string[];
  // false: the core only validates it, and `runs_elsewhere` says where it runs.
  runs_in_core: boolean;
  runs_elsewhere: string;
  // The engine whose system it simulates by other means ("" for none): SimGrid's replay of the
  // time model's system. The explorer offers its server run beside that engine's numbers.
  twin_of: string;
  // The summary keys its work is measured in, the first the one its speed is given in.
  work: string[];
  run_threads: boolean;
}

export const enginesOf = (schema: SchemaNode): EngineDescription[] =>
  ((schema as { 'x-engines'?: EngineDescription[] })['x-engines'] ?? []);

// The page's engines, set once the core's schema is loaded (hooks/useCoreSchemas.ts).
let known = new Map<string, EngineDescription>();

export function setEngines(engines: EngineDescription[]): void {
  known = new Map(engines.map((e) => [e.name, e]));
}

export const describeEngine = (name: unknown): EngineDescription | undefined =>
  typeof name === 'string' ? known.get(name) : undefined;

// The engine that simulates engine `name`'s system by other means (its twin), if any.
export const simulatedBy = (name: unknown): string | undefined =>
  [...known.values()].find((e) => e.twin_of !== '' && e.twin_of === name)?.name;
