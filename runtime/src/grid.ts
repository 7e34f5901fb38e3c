/**
 * Square grids, the `Cell` type of the rules language: integer coordinates, x growing to the right (east) and y
 * downwards (south), as a board is drawn on a page.
 *
 * A cell is stored as one integer (`pairing.ts`), small near cell(0, 0): cells compare with `===`, live in lists and
 * key maps as plain numbers, cost no allocation, and a map keyed by cells (`map<Cell, Player>`, a board) reads as fast
 * as a list. Coordinates range over -8192..8191; a grid may be unbounded (a display that grows) or bounded by the
 * rules (`inside(c, 7, 6)`). Views show a cell as `{ x, y }`.
 *
 * Directions are the eight `GridDir` members clockwise from up. Lists of cells have a fixed order, so that rules
 * going over them stay deterministic: neighbours clockwise from up, a line outwards from its start.
 */
import { RulesError } from "./engine-support.ts";
import { PAIR_LIMIT, isPair, pairFirst, pairSecond, pairWithin } from "./pairing.ts";

export type Cell = number;

/** A cell as a player's view shows it. */
export interface CellView {
  readonly x: number;
  readonly y: number;
}

/** The eight directions of a square grid, clockwise from up. */
export const GRID_DIRECTIONS = ["up", "upRight", "right", "downRight", "down", "downLeft", "left", "upLeft"] as const;
export type GridDirection = (typeof GRID_DIRECTIONS)[number];

const DX: readonly number[] = [0, 1, 1, 1, 0, -1, -1, -1];
const DY: readonly number[] = [-1, -1, 0, 1, 1, 1, 0, -1];

/** The cell at (x, y). */
export function cellOf(x: number, y: number): Cell {
  const p = pairWithin(x, y);
  if (p < 0) {
    throw new RulesError(`cell(${x}, ${y}) is off the grid: coordinates go from ${-PAIR_LIMIT} to ${PAIR_LIMIT - 1}`);
  }
  return p;
}

export function cellX(c: Cell): number {
  return pairFirst(c);
}

export function cellY(c: Cell): number {
  return pairSecond(c);
}

/** True when `value` is a stored cell (for loading saves). */
export function isCell(value: unknown): value is Cell {
  return isPair(value);
}

/** `a + b`: the cell `b` read as an offset, applied to `a`. */
export function cellAdd(a: Cell, b: Cell): Cell {
  return cellOf(cellX(a) + cellX(b), cellY(a) + cellY(b));
}

/** `a - b`: the offset that leads from `b` to `a`. */
export function cellSub(a: Cell, b: Cell): Cell {
  return cellOf(cellX(a) - cellX(b), cellY(a) - cellY(b));
}

/** `c * k`: the offset `c` repeated k times. */
export function cellScale(c: Cell, k: number): Cell {
  return cellOf(cellX(c) * k, cellY(c) * k);
}

// A switch on the name: the engines ask for a direction's offset in their innermost loops, where a lookup by a name
// that varies costs more (the object's property cache sees eight names).
function directionIndex(d: GridDirection): number {
  switch (d) {
    case "up":
      return 0;
    case "upRight":
      return 1;
    case "right":
      return 2;
    case "downRight":
      return 3;
    case "down":
      return 4;
    case "downLeft":
      return 5;
    case "left":
      return 6;
    case "upLeft":
      return 7;
    default:
      throw new RulesError(`${String(d)} is not a grid direction`);
  }
}

/** The unit offset of a direction: `offset(up)` is cell(0, -1). */
export function cellOffset(d: GridDirection): Cell {
  const i = directionIndex(d);
  return cellOf(DX[i]!, DY[i]!);
}

/** The cell `k` steps (default 1) from `c` in direction `d`. */
export function cellStep(c: Cell, d: GridDirection, k = 1): Cell {
  const i = directionIndex(d);
  return cellOf(cellX(c) + DX[i]! * k, cellY(c) + DY[i]! * k);
}

function around(c: Cell, first: number, by: number): Cell[] {
  const x = cellX(c);
  const y = cellY(c);
  const out: Cell[] = [];
  for (let i = first; i < 8; i += by) out.push(cellOf(x + DX[i]!, y + DY[i]!));
  return out;
}

/**
 * The neighbour of `c` in the `i`-th direction clockwise from up (0: up, 1: up-right... 7: up-left): what a loop over
 * `adjacent`, `diagonals` or `around` reads, one by one, without building their list.
 */
export function cellNeighbour(c: Cell, i: number): Cell {
  return cellOf(cellX(c) + DX[i]!, cellY(c) + DY[i]!);
}

/** The four cells sharing a side with `c`: up, right, down, left. */
export function cellAdjacent(c: Cell): Cell[] {
  return around(c, 0, 2);
}

/** The four cells touching `c` at a corner: up-right, down-right, down-left, up-left. */
export function cellDiagonals(c: Cell): Cell[] {
  return around(c, 1, 2);
}

/** The eight cells around `c` (a king's moves), clockwise from up. */
export function cellAround(c: Cell): Cell[] {
  return around(c, 0, 1);
}

/** `n`, the length of a `line(c, d, n)`, refused unless a whole number ≥ 0. */
export function cellLineLength(n: number): number {
  if (!Number.isInteger(n) || n < 0) throw new RulesError(`line(…, ${n}): the length must be a whole number ≥ 0`);
  return n;
}

/** The `n` cells after `c` in direction `d`, outwards (`c` itself left out). */
export function cellLine(c: Cell, d: GridDirection, n: number): Cell[] {
  cellLineLength(n);
  const i = directionIndex(d);
  const x = cellX(c);
  const y = cellY(c);
  const out: Cell[] = [];
  for (let k = 1; k <= n; k++) out.push(cellOf(x + DX[i]! * k, y + DY[i]! * k));
  return out;
}

/**
 * The cells sharing a side with one of `cells` that are not among them: where a grid that grows may grow. In order
 * of the cells given, each one's free sides up, right, down, left, every cell once.
 */
export function cellFrontier(cells: readonly Cell[]): Cell[] {
  return readCellFrontier(cells).slice();
}

/**
 * `cellFrontier`, for a reader that does not change the list (a loop, an `any`): the list kept for the last cells
 * asked, which is never changed in place (other cells asked later get a list of their own).
 */
export function readCellFrontier(cells: readonly Cell[]): readonly Cell[] {
  // The same cells as the last time (every tile that might be placed asks of the same display): the same frontier.
  if (cells.length === lastCells.length && cells.every((c, i) => c === lastCells[i])) return lastFrontier;
  lastFrontier = frontierOf(cells);
  lastCells = cells.slice();
  return lastFrontier;
}

let lastCells: readonly Cell[] = [];
let lastFrontier: readonly Cell[] = [];

function frontierOf(cells: readonly Cell[]): Cell[] {
  // Displays and boards are small: the cells are marked on a scratch grid one square wider than their bounding box
  // on every side (this runs in legal-action enumeration, for every tile that might be placed).
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const c of cells) {
    const x = cellX(c);
    const y = cellY(c);
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
    if (y < minY) minY = y;
    if (y > maxY) maxY = y;
  }
  const width = maxX - minX + 3;
  const area = width * (maxY - minY + 3);
  if (!(area <= SCRATCH_AREA)) return frontierBySets(cells);
  const marks = scratch;
  const at = (x: number, y: number): number => (y - minY + 1) * width + (x - minX + 1);
  for (const c of cells) marks[at(cellX(c), cellY(c))] = TAKEN;
  const out: Cell[] = [];
  for (const c of cells) {
    const x = cellX(c);
    const y = cellY(c);
    for (let i = 0; i < 8; i += 2) {
      const k = at(x + DX[i]!, y + DY[i]!);
      if (marks[k] !== 0) continue;
      marks[k] = FOUND;
      out.push(cellOf(x + DX[i]!, y + DY[i]!));
    }
  }
  // The scratch grid is left empty for the next call.
  for (const c of cells) marks[at(cellX(c), cellY(c))] = 0;
  for (const n of out) marks[at(cellX(n), cellY(n))] = 0;
  return out;
}

const TAKEN = 1;
const FOUND = 2;
/** The largest bounding box (with its border) `cellFrontier` marks on its scratch grid; larger ones use sets. */
const SCRATCH_AREA = 4096;
const scratch = new Uint8Array(SCRATCH_AREA);

/** `cellFrontier` for cells spread too wide for the scratch grid. */
function frontierBySets(cells: readonly Cell[]): Cell[] {
  const taken = new Set(cells);
  const seen = new Set<Cell>();
  const out: Cell[] = [];
  for (const c of cells) {
    const x = cellX(c);
    const y = cellY(c);
    for (let i = 0; i < 8; i += 2) {
      const n = cellOf(x + DX[i]!, y + DY[i]!);
      if (taken.has(n) || seen.has(n)) continue;
      seen.add(n);
      out.push(n);
    }
  }
  return out;
}

/** Whether `c` lies on a bounded grid of `width` columns and `height` rows whose top-left cell is cell(0, 0). */
export function cellInside(c: Cell, width: number, height: number): boolean {
  const x = cellX(c);
  const y = cellY(c);
  return x >= 0 && x < width && y >= 0 && y < height;
}

/**
 * `board[c] = v` for a board declared `on grid(width, height)`: `c` itself, or the game stops (a rule put something off
 * the board) with the error naming the rule's line and column.
 */
export function onGrid(c: Cell, width: number, height: number, board: string, line: number, column: number): Cell {
  if (cellInside(c, width, height)) return c;
  throw new RulesError(
    `cell(${cellX(c)}, ${cellY(c)}) is off the grid of ${width} x ${height} that \`${board}\` lies on`,
    line,
    column,
  );
}

/** `board = { ... }` for a board declared `on grid(width, height)`: the map itself, once every key lies on the grid. */
export function allOnGrid<M extends object>(
  board: M,
  width: number,
  height: number,
  name: string,
  line: number,
  column: number,
): M {
  for (const key of Object.keys(board)) onGrid(Number(key), width, height, name, line, column);
  return board;
}

/** The size of a bounded grid a board lies on (`on grid(width, height)` in the rules). */
export interface GridSize {
  readonly width: number;
  readonly height: number;
}

/** Steps between two cells moving through sides only (rook steps of one). */
export function manhattan(a: Cell, b: Cell): number {
  return Math.abs(cellX(a) - cellX(b)) + Math.abs(cellY(a) - cellY(b));
}

/** Steps between two cells moving through sides or corners (a king's moves). */
export function kingDistance(a: Cell, b: Cell): number {
  return Math.max(Math.abs(cellX(a) - cellX(b)), Math.abs(cellY(a) - cellY(b)));
}

/** A cell as views show it. */
export function cellView(c: Cell): CellView {
  return { x: cellX(c), y: cellY(c) };
}

/** A cell in a text of the rules, as the rules write it: `cell(2, 0)`; `none` for no cell. */
export function showCell(c: Cell | null): string {
  return c === null ? "none" : `cell(${cellX(c)}, ${cellY(c)})`;
}

/** A map keyed by cells as a player's view shows it: keyed by `"x,y"`, each value turned by `f`. */
export function cellKeyedView<V, W>(map: Partial<Record<Cell, V>>, f: (value: V) => W): Record<string, W> {
  const out: Record<string, W> = {};
  for (const k of Object.keys(map)) {
    const c = Number(k);
    out[`${cellX(c)},${cellY(c)}`] = f(map[c] as V);
  }
  return out;
}
