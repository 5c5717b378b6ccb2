/**
 * A seeded random generator for tests that shuffle, pick or wait at random: the seed is printed,
 * and `TEST_SEED=<n>` replays a failing run exactly. mulberry32: small, fast, and good enough to
 * spread test cases (not for anything secret).
 */
export function seededRandom(label: string): () => number {
  const seed = Number(process.env.TEST_SEED ?? Math.floor(Math.random() * 2 ** 32)) >>> 0;
  console.info(`${label}: random seed ${seed} (TEST_SEED=${seed} replays it)`);
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
