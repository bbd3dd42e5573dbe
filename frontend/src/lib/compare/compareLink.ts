import type { Config } from '../../config/types';
import { selectionHash } from './compare';
import { COMPARE_URL, encodeConfig } from '../runs/share';

// A Compare link that stands alone: runs of this browser's history exist nowhere else, so they
// are stored on the server first (an experiment's id is its config's content hash, so storing a
// run the server already has is the same experiment again) and the link names them by server id,
// carrying their configs too so that a server that lost them can run them again.
// `store` submits one config and answers its experiment id.
export async function standaloneCompareLink(origin: string, serverIds: string[], local: Config[],
  store: (config: Config) => Promise<string>): Promise<string> {
  const stored = await Promise.all(local.map(store));
  const ids = [...serverIds, ...stored.filter((id) => !serverIds.includes(id))];
  const c = local.map((config) => encodeConfig(config).slice('c='.length));
  return `${origin}${COMPARE_URL}${selectionHash({ ids, h: [], c })}`;
}
