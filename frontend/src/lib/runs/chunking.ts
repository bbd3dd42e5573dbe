// Chunk sizing for the stepped WASM run (core.Simulation.step(packets)). The worker wants each
// chunk to take about `targetMs` so progress updates are smooth and a Cancel message is seen
// within ~one chunk, whatever the network size. Results do not depend on the chunk size (the
// core guarantees it), so this only trades responsiveness against per-call overhead.

export const FIRST_CHUNK_PACKETS = 64;
export const TARGET_CHUNK_MS = 50;
// Growth is capped per step: one fast chunk (e.g. warm-up hitting a tiny cache) must not make
// the next one take seconds.
const MAX_GROWTH = 4;
const MAX_CHUNK_PACKETS = 1 << 24;

export function nextChunk(prevPackets: number, elapsedMs: number, targetMs = TARGET_CHUNK_MS): number {
  if (!(prevPackets >= 1)) return FIRST_CHUNK_PACKETS;
  // A chunk below timer resolution (0 ms) tells us only that it was fast: grow by the cap.
  const factor = elapsedMs > 0 ? targetMs / elapsedMs : MAX_GROWTH;
  const next = Math.round(prevPackets * Math.min(MAX_GROWTH, Math.max(1 / MAX_GROWTH, factor)));
  return Math.min(MAX_CHUNK_PACKETS, Math.max(1, next));
}
