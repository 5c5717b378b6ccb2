import { createRandom } from '../seed/catalog';

/**
 * The seed's generator (`createRandom`, mulberry32) for tests that shuffle, pick or wait at
 * random: the seed is printed, and `TEST_SEED=<n>` replays a failing run exactly.
 */
export function seededRandom(label: string) {
  const seed = Number(process.env.TEST_SEED ?? Math.floor(Math.random() * 2 ** 32)) >>> 0;
  console.info(`${label}: random seed ${seed} (TEST_SEED=${seed} replays it)`);
  return createRandom(seed);
}
