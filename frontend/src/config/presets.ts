import type { Config } from './types';
import { DEFAULT_CONFIG } from './form';
import { SEED_FIGURES } from './seedFigures';

// Presets: the slice's small torus plus every shared example config (../shared/examples, the
// contract all three builds are tested against), bundled at build time.
const files = import.meta.glob<Config>('@examples/*.json', { eager: true, import: 'default' });

export interface Preset {
  key: string;
  title: string;
  config: Config;
  group?: string;
}

export const PRESETS: Preset[] = [
  { key: 'slice-torus-4x4', title: '4x4 torus, 64-entry 4-way caches (quick)', config: DEFAULT_CONFIG },
  ...Object.entries(files)
    .map(([path, config]) => {
      const key = path.replace(/^.*\//, '').replace(/\.json$/, '');
      return { key, title: typeof config.name === 'string' ? config.name : key, config };
    })
    .sort((a, b) => a.key.localeCompare(b.key)),
  ...SEED_FIGURES.map((f) => ({ key: f.key, title: `${f.title} [${f.source}]`, config: f.config, group: 'Reproduce a seed figure' })),
];
