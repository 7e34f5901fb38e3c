/**
 * Deriving many independent seeds from one, so a batch of games is reproducible from a single number.
 *
 * Consecutive seeds (1, 2, 3...) fed straight to a generator give correlated starts in some generators; hashing them
 * through a strong 32-bit mixer (murmur3's finalizer) first keeps derived seeds unrelated to each other.
 */

/** murmur3's 32-bit finalizer: every input bit affects every output bit. */
function mix32(x: number): number {
  x ^= x >>> 16;
  x = Math.imul(x, 0x85ebca6b);
  x ^= x >>> 13;
  x = Math.imul(x, 0xc2b2ae35);
  x ^= x >>> 16;
  return x | 0;
}

/** The seed of game `index` (0, 1, 2...) of a batch run with `seed`. A signed 32-bit integer. */
export function gameSeed(seed: number, index: number): number {
  return mix32((seed | 0) ^ mix32((index + 0x9e3779b9) | 0));
}

/**
 * The seed of the random agent's generator for a game with `seed`.
 *
 * Kept apart from the game's own seed so the agents' choices do not consume the game's randomness. The CLI's `play`
 * uses the same derivation, so `play --seed S` with random seats replays the game a simulation ran with seed S.
 */
export function agentSeed(seed: number): number {
  return mix32((seed | 0) ^ 0x5bd1e995);
}
