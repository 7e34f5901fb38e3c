/**
 * Seeded randomness for engines.
 *
 * Algorithm: sfc32 (Chris Doty-Humphrey's Small Fast Counting generator, 128-bit state, as in PractRand), seeded by
 * running splitmix32 over the 32-bit seed and then discarding the first 12 outputs. The whole generator state lives
 * in the game state as plain numbers, so saving a game saves its future randomness and restoring continues it.
 *
 * `forced` lets a test dictate the next results (dice, deck orders, random picks): while it is not empty,
 * `randomInt(r, n)` returns its first element instead of drawing (and refuses one outside 0..n-1).
 */
export interface RngState {
  a: number;
  b: number;
  c: number;
  d: number;
  /** Results to return before drawing again (tests only; empty in play). */
  forced: number[];
}

export function createRng(seed: number, forced: readonly number[] = []): RngState {
  // splitmix32 steps, written out (no closure: creating a generator is on the hot path of every playout).
  const x1 = ((seed | 0) + 0x9e3779b9) | 0;
  const x2 = (x1 + 0x9e3779b9) | 0;
  const x3 = (x2 + 0x9e3779b9) | 0;
  const r: RngState = { a: splitmix32(x1), b: splitmix32(x2), c: splitmix32(x3), d: 1, forced: [] };
  for (let i = 0; i < 12; i++) nextUint32(r);
  if (forced.length > 0) r.forced.push(...forced);
  return r;
}

/** The output function of splitmix32 for one counter value. */
function splitmix32(x: number): number {
  let z = x;
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
  return (z ^ (z >>> 16)) >>> 0;
}

/** The next raw 32-bit output of sfc32. */
export function nextUint32(r: RngState): number {
  const t = (((r.a + r.b) | 0) + r.d) | 0;
  r.d = (r.d + 1) | 0;
  r.a = r.b ^ (r.b >>> 9);
  r.b = (r.c + (r.c << 3)) | 0;
  r.c = (r.c << 21) | (r.c >>> 11);
  r.c = (r.c + t) | 0;
  return t >>> 0;
}

/**
 * A uniform integer in 0..n-1 (n >= 1), without modulo bias: Lemire's multiply-and-reject method, whose slow
 * path (a division) is taken rarely. For n above 2^21 the product would lose precision, so plain rejection is used.
 */
export function randomInt(r: RngState, n: number): number {
  if (r.forced.length > 0) {
    const v = r.forced.shift() as number;
    if (!Number.isInteger(v) || v < 0 || v >= n) {
      throw new RangeError(`forced random result ${v} is outside 0..${n - 1}`);
    }
    return v;
  }
  if (n <= 1) return 0;
  if (n > 0x200000) {
    const limit = TWO_32 - (TWO_32 % n);
    let x = nextUint32(r);
    while (x >= limit) x = nextUint32(r);
    return x % n;
  }
  let m = nextUint32(r) * n;
  let high = Math.floor(m / TWO_32);
  let low = m - high * TWO_32;
  if (low < n) {
    const threshold = (TWO_32 - n) % n;
    while (low < threshold) {
      m = nextUint32(r) * n;
      high = Math.floor(m / TWO_32);
      low = m - high * TWO_32;
    }
  }
  return high;
}

const TWO_32 = 4294967296;

/** Shuffles `list` in place (Fisher–Yates from the end) and returns it. */
export function shuffleInPlace<T>(r: RngState, list: T[]): T[] {
  for (let i = list.length - 1; i > 0; i--) {
    const j = randomInt(r, i + 1);
    const t = list[i] as T;
    list[i] = list[j] as T;
    list[j] = t;
  }
  return list;
}

/** Copies a generator state (for snapshots). */
export function copyRng(r: RngState): RngState {
  return { a: r.a, b: r.b, c: r.c, d: r.d, forced: r.forced.slice() };
}
