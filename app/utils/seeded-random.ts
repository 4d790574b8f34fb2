/**
 * A repeatable stream of numbers in [0, 1) for a seed: the same seed, the same stream. Not for
 * secrets; for picks that should look random yet come out the same for everyone for a while
 * (the home carousels). The seed's 32-bit FNV-1a hash starts mulberry32, a small well-mixed generator.
 */
export function seededRandom(seed: string): () => number {
  let state = 0x811c9dc5;
  for (let i = 0; i < seed.length; i++) state = Math.imul(state ^ seed.charCodeAt(i), 0x01000193);
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
