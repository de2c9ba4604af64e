/**
 * A small seeded PRNG so that jittered delays are reproducible: a run resumed from a checkpoint,
 * a test, or a benchmark sees the same delays for the same seed.
 */

/** Any number → an unsigned 32-bit seed; NaN and ±Infinity become 0 so a bad seed still works. */
function toUint32(value: number): number {
  return Number.isFinite(value) ? Math.trunc(value) >>> 0 : 0;
}

/**
 * A seeded random source in [0, 1) (mulberry32: 32-bit state, fast, good enough for jitter;
 * not for cryptography). The same seed always gives the same sequence. Any number is accepted:
 * fractions are truncated, values are taken modulo 2^32, NaN and ±Infinity act as 0.
 */
export function createRandom(seed: number): () => number {
  let state = toUint32(seed);
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * Combine a seed and an iteration into one well-mixed 32-bit seed. Plain `seed + iteration`
 * would make seed 1 / iteration 1 equal seed 0 / iteration 2; multiplying by the golden ratio and
 * finishing with murmur3's fmix32 keeps neighbouring seeds and iterations unrelated.
 */
export function mixSeed(seed: number, iteration: number): number {
  let h = (toUint32(seed) ^ Math.imul(toUint32(iteration), 0x9e3779b9)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}
