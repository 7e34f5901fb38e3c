/**
 * Hex squares, the `Hex` type of the rules language: flat-topped hexes in axial coordinates (q grows to the
 * south-east, r to the south; the third cube coordinate is -q-r).
 *
 * A hex is stored as one integer (`pairing.ts`), small near hex(0, 0), so that hexes compare with `===`, live in
 * lists and key maps as plain numbers, and cost no allocation: engines spend much of their time on board geometry.
 * Coordinates range over -8192..8191. Views show a hex as `{ q, r }` (`hexView`).
 *
 * Directions are the six `HexDir` members in clockwise order from north. Lists of hexes (`hexRing`, `hexDisc`,
 * `hexNeighbours`) have a fixed order, so that rules iterating them stay deterministic: a ring starts at the square
 * straight north of the centre and goes clockwise.
 */
import { RulesError } from "./engine-support.ts";
import { PAIR_LIMIT, isPair, pairFirst, pairSecond, pairWithin } from "./pairing.ts";

export type Hex = number;

/** A hex as a player's view shows it. */
export interface HexView {
  readonly q: number;
  readonly r: number;
}

/** The six directions of a flat-topped hex grid, clockwise from north, as the rules' `HexDir` enum names them. */
export const HEX_DIRECTIONS = ["north", "northeast", "southeast", "south", "southwest", "northwest"] as const;
export type HexDirection = (typeof HEX_DIRECTIONS)[number];

const DQ: readonly number[] = [0, 1, 1, 0, -1, -1];
const DR: readonly number[] = [-1, -1, 0, 1, 1, 0];

/** The hex at axial coordinates (q, r). */
export function hexOf(q: number, r: number): Hex {
  const p = pairWithin(q, r);
  if (p < 0) {
    throw new RulesError(`hex(${q}, ${r}) is off the grid: coordinates go from ${-PAIR_LIMIT} to ${PAIR_LIMIT - 1}`);
  }
  return p;
}

export function hexQ(h: Hex): number {
  return pairFirst(h);
}

export function hexR(h: Hex): number {
  return pairSecond(h);
}

/** True when `value` is a stored hex (for loading saves). */
export function isHex(value: unknown): value is Hex {
  return isPair(value);
}

/** `a + b`: the hex `b` read as an offset, applied to `a`. */
export function hexAdd(a: Hex, b: Hex): Hex {
  return hexOf(hexQ(a) + hexQ(b), hexR(a) + hexR(b));
}

/** `a - b`: the offset that leads from `b` to `a`. */
export function hexSub(a: Hex, b: Hex): Hex {
  return hexOf(hexQ(a) - hexQ(b), hexR(a) - hexR(b));
}

/** `h * k`: the offset `h` repeated k times. */
export function hexScale(h: Hex, k: number): Hex {
  return hexOf(hexQ(h) * k, hexR(h) * k);
}

/** The number of steps between two squares (cube distance): every square counts, whatever lies on it. */
export function hexDistance(a: Hex, b: Hex): number {
  const dq = hexQ(a) - hexQ(b);
  const dr = hexR(a) - hexR(b);
  return Math.max(Math.abs(dq), Math.abs(dr), Math.abs(dq + dr));
}

// A switch on the name, as for grids (grid.ts): faster in the engines' innermost loops than a lookup by name.
function directionIndex(d: HexDirection): number {
  switch (d) {
    case "north":
      return 0;
    case "northeast":
      return 1;
    case "southeast":
      return 2;
    case "south":
      return 3;
    case "southwest":
      return 4;
    case "northwest":
      return 5;
    default:
      throw new RulesError(`${String(d)} is not a direction`);
  }
}

/** The unit offset of a direction: `direction(north)` is hex(0, -1). */
export function hexDirection(d: HexDirection): Hex {
  const i = directionIndex(d);
  return hexOf(DQ[i]!, DR[i]!);
}

/** The square `k` steps (default 1) from `h` in direction `d`. */
export function hexStep(h: Hex, d: HexDirection, k = 1): Hex {
  const i = directionIndex(d);
  return hexOf(hexQ(h) + DQ[i]! * k, hexR(h) + DR[i]! * k);
}

/** The neighbour of `h` in the `i`-th direction clockwise from north: a loop over `neighbours` reads them one by one. */
export function hexNeighbour(h: Hex, i: number): Hex {
  return hexOf(hexQ(h) + DQ[i]!, hexR(h) + DR[i]!);
}

/** The six neighbours of `h`, clockwise from north. */
export function hexNeighbours(h: Hex): Hex[] {
  const q = hexQ(h);
  const r = hexR(h);
  const out: Hex[] = [];
  for (let i = 0; i < 6; i++) out.push(hexOf(q + DQ[i]!, r + DR[i]!));
  return out;
}

/** The squares at exactly `k` steps from `h` (just `h` for k = 0): from the one straight north, clockwise. */
export function hexRing(h: Hex, k: number): Hex[] {
  if (!Number.isInteger(k) || k < 0) throw new RulesError(`ring(…, ${k}): the radius must be a whole number ≥ 0`);
  if (k === 0) return [h];
  const out: Hex[] = [];
  let q = hexQ(h) + DQ[0]! * k;
  let r = hexR(h) + DR[0]! * k;
  // From the north corner the ring runs south-east, then south, south-west, north-west, north and north-east.
  for (let side = 0; side < 6; side++) {
    const d = (side + 2) % 6;
    for (let s = 0; s < k; s++) {
      out.push(hexOf(q, r));
      q += DQ[d]!;
      r += DR[d]!;
    }
  }
  return out;
}

/** The squares within `k` steps of `h`: `h`, then ring 1, ring 2, ... each in `hexRing` order. */
export function hexDisc(h: Hex, k: number): Hex[] {
  if (!Number.isInteger(k) || k < 0) throw new RulesError(`disc(…, ${k}): the radius must be a whole number ≥ 0`);
  const out: Hex[] = [];
  for (let i = 0; i <= k; i++) for (const x of hexRing(h, i)) out.push(x);
  return out;
}

/** The offset `h` turned by k × 60° clockwise about hex(0, 0) (k may be negative). */
export function hexRotate(h: Hex, k: number): Hex {
  let q = hexQ(h);
  let r = hexR(h);
  const turns = ((k % 6) + 6) % 6;
  for (let i = 0; i < turns; i++) {
    const nq = -r;
    r = q + r;
    q = nq;
  }
  return hexOf(q, r);
}

/** How a view shows a hex. */
export function hexView(h: Hex): HexView {
  return { q: hexQ(h), r: hexR(h) };
}

/** `(q, r)`, as the rules write a hex. */
export function hexText(h: Hex): string {
  return `(${hexQ(h)}, ${hexR(h)})`;
}

/** A square in a text of the rules, as the rules write it: `hex(2, -1)`; `none` for no square. */
export function showHex(h: Hex | null): string {
  return h === null ? "none" : `hex(${hexQ(h)}, ${hexR(h)})`;
}
