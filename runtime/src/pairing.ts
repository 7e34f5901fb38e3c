/**
 * Two small integers as one: how hexes and grid cells are stored. Each coordinate is folded onto 0, 1, 2...
 * (0, -1, 1, -2, 2...) and the pair numbered square shell by square shell (Szudzik's pairing), so the number stays
 * small near (0, 0): a board of n squares around the origin uses numbers below about 4n. Objects keyed by small
 * integers are plain arrays inside V8, which makes a map keyed by squares (a board) about as fast to read as a list;
 * numbers in the hundreds of millions would make it a hash table.
 */

/** Coordinates range over -PAIR_LIMIT..PAIR_LIMIT - 1. */
export const PAIR_LIMIT = 8192;
/** How many pairs there are: every stored pair is an integer from 0 to PAIRS - 1. */
export const PAIRS = 4 * PAIR_LIMIT * PAIR_LIMIT;

/** 0, -1, 1, -2, 2... -> 0, 1, 2, 3, 4... */
function fold(v: number): number {
  return v >= 0 ? 2 * v : -2 * v - 1;
}

function unfold(f: number): number {
  return f % 2 === 0 ? f / 2 : -(f + 1) / 2;
}

/** The number of (a, b), integers within the limits (`pairWithin` checks them). */
export function pairOf(a: number, b: number): number {
  const x = fold(a);
  const y = fold(b);
  return x >= y ? x * x + x + y : x + y * y;
}

/**
 * The number of (a, b), or -1 when they are not integers within the limits. Two integers pair below PAIRS exactly
 * when both are within the limits (a pair is at least the square of its larger folded coordinate): one comparison
 * checks the four bounds, which cost a tenth of Connect Four's playouts.
 */
export function pairWithin(a: number, b: number): number {
  const i = a + NEAR_OFFSET;
  const j = b + NEAR_OFFSET;
  // Both whole (`x | 0` leaves only a whole number as it is) and from 0 to 127 (`x >>> 7` is 0 only for those).
  if ((i | 0) === i && (j | 0) === j && i >>> 7 === 0 && j >>> 7 === 0) return NEAR[(i << 7) | j]!;
  const p = pairOf(a, b);
  return p < PAIRS && Number.isInteger(a) && Number.isInteger(b) ? p : -1;
}

/**
 * The pairs of coordinates from -64 to 63, by table: a cell or a square is made in the innermost loops of the rules
 * (Connect Four makes some forty per move), and a read from the table is cheaper than folding and pairing (Connect
 * Four's random playouts +4%, the median of ten alternated runs).
 */
const NEAR_OFFSET = 64;
const NEAR = new Int32Array(128 * 128);
for (let i = 0; i < 128; i++)
  for (let j = 0; j < 128; j++) NEAR[(i << 7) | j] = pairOf(i - NEAR_OFFSET, j - NEAR_OFFSET);

/**
 * Pairs near the origin (coordinates within about ±64, every square of the boards the rules use) decode by table:
 * reading a square's coordinates is in the innermost loops of legal-action enumeration.
 */
const DECODED = 1 << 14;
const FIRST = new Int16Array(DECODED);
const SECOND = new Int16Array(DECODED);
for (let p = 0; p < DECODED; p++) {
  FIRST[p] = decodeFirst(p);
  SECOND[p] = decodeSecond(p);
}

function decodeFirst(p: number): number {
  const shell = Math.floor(Math.sqrt(p));
  const rest = p - shell * shell;
  return unfold(rest < shell ? rest : shell);
}

function decodeSecond(p: number): number {
  const shell = Math.floor(Math.sqrt(p));
  const rest = p - shell * shell;
  return unfold(rest < shell ? shell : rest - shell);
}

/** The first coordinate of a stored pair. */
export function pairFirst(p: number): number {
  return p < DECODED ? FIRST[p]! : decodeFirst(p);
}

/** The second coordinate of a stored pair. */
export function pairSecond(p: number): number {
  return p < DECODED ? SECOND[p]! : decodeSecond(p);
}

/** True when `value` is a stored pair (for loading saves). */
export function isPair(value: unknown): boolean {
  return Number.isInteger(value) && (value as number) >= 0 && (value as number) < PAIRS;
}
