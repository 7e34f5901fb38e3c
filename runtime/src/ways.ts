/**
 * `reachable(h from start, within: budget, cost: ..., enter: ..., stop: ...)` and `route(h from start, to: target, ...)`:
 * the cheapest ways across a hex grid or a square grid. A way goes from square to neighbouring square (a hex's six, a
 * cell's four sides), entering only squares `enter` allows, paying for each what `cost` says, never more than the
 * budget in all; a square where `stop` holds may end a way but no way goes on from it. The search (Dijkstra's) tries
 * neighbours in the grid's own order (clockwise from north, or from up) and settles equal costs in the order it found
 * them, so the same board always gives the same squares and the same way.
 */
import { RulesError } from "./engine-support.ts";
import { cellNeighbour, cellX, cellY } from "./grid.ts";
import { hexNeighbour, hexQ, hexR } from "./hex.ts";

/** The grid a way crosses: a square's neighbours, and how a square is named in an error. */
export interface WayGrid {
  readonly neighbours: number;
  neighbour(square: number, i: number): number;
  show(square: number): string;
}

export const HEX_WAYS: WayGrid = {
  neighbours: 6,
  neighbour: hexNeighbour,
  show: (h) => `hex(${hexQ(h)}, ${hexR(h)})`,
};

/** A cell's neighbours through its sides: up, right, down, left (`cellNeighbour` counts the corners between). */
export const CELL_WAYS: WayGrid = {
  neighbours: 4,
  neighbour: (c, i) => cellNeighbour(c, 2 * i),
  show: (c) => `cell(${cellX(c)}, ${cellY(c)})`,
};

/** A cell's neighbours through its sides and its corners, a king's moves: clockwise from up. */
export const CELL_KING_WAYS: WayGrid = {
  neighbours: 8,
  neighbour: cellNeighbour,
  show: CELL_WAYS.show,
};

/** What a way may do on each square, as the rules say it; each is asked at most once a square per search. */
export interface WayRules {
  /** What entering the square costs: a whole number, at least 1. */
  cost(square: number): number;
  enter(square: number): boolean;
  stop(square: number): boolean;
}

/** A way to search: where it starts, the most it may cost, and its rules (a `way` declaration gives one). */
export interface Way extends WayRules {
  readonly start: number;
  readonly within: number;
  /** On a square grid: whether the way also goes through the cells' corners (`corners: true`). */
  readonly corners?: boolean;
}

/** The grid a way crosses: a square grid's cells with their corners when the way says so. */
function gridOf(grid: WayGrid, way: Way): WayGrid {
  return way.corners === true && grid === CELL_WAYS ? CELL_KING_WAYS : grid;
}

/**
 * What a search knows of each square, kept in arrays indexed by the square's number: squares are numbered from the
 * origin outwards (see `pairing.ts`), so every board the rules use has small numbers, and arrays are several times
 * faster than maps in the search's inner loop. A stamp per entry tells this search's entries from older ones, so
 * nothing is cleared between searches. Squares numbered beyond the arrays go to maps. A search inside a search (a
 * way's rule asking for another way) gets a table of its own.
 */
class SquareTable {
  private static readonly SIZE = 1 << 16;
  private readonly stamps = new Uint32Array(SquareTable.SIZE);
  private readonly costs = new Float64Array(SquareTable.SIZE);
  private readonly froms = new Int32Array(SquareTable.SIZE);
  /** What entering the square costs, once asked (flag STEP_KNOWN). */
  private readonly steps = new Float64Array(SquareTable.SIZE);
  /** SETTLED, KNOWN (whether it may be entered is), OPEN (it may), STEP_KNOWN (what entering it costs is). */
  private readonly flags = new Uint8Array(SquareTable.SIZE);
  private stamp = 0;
  /** The squares queued at each cost so far, emptied after each search (see `search`). */
  readonly buckets: number[][] = [];
  private readonly far = new Map<number, { cost: number; from: number; flags: number; step: number }>();

  /** Forgets the last search. */
  reset(): void {
    this.stamp++;
    if (this.stamp === 0xffffffff) {
      this.stamps.fill(0);
      this.stamp = 1;
    }
    this.far.clear();
  }

  private entry(square: number): { cost: number; from: number; flags: number; step: number } {
    let e = this.far.get(square);
    if (e === undefined) {
      e = { cost: Infinity, from: -1, flags: 0, step: 0 };
      this.far.set(square, e);
    }
    return e;
  }

  private near(square: number): boolean {
    if (square >= SquareTable.SIZE) return false;
    if (this.stamps[square] !== this.stamp) {
      this.stamps[square] = this.stamp;
      this.costs[square] = Infinity;
      this.froms[square] = -1;
      this.flags[square] = 0;
    }
    return true;
  }

  cost(square: number): number {
    return this.near(square) ? this.costs[square]! : this.entry(square).cost;
  }

  from(square: number): number {
    return this.near(square) ? this.froms[square]! : this.entry(square).from;
  }

  reach(square: number, cost: number, from: number): void {
    if (this.near(square)) {
      this.costs[square] = cost;
      this.froms[square] = from;
    } else {
      const e = this.entry(square);
      e.cost = cost;
      e.from = from;
    }
  }

  step(square: number): number {
    return this.near(square) ? this.steps[square]! : this.entry(square).step;
  }

  setStep(square: number, step: number): void {
    if (this.near(square)) this.steps[square] = step;
    else this.entry(square).step = step;
  }

  flagsOf(square: number): number {
    return this.near(square) ? this.flags[square]! : this.entry(square).flags;
  }

  setFlags(square: number, flags: number): void {
    if (this.near(square)) this.flags[square] = flags;
    else this.entry(square).flags = flags;
  }
}

const SETTLED = 1;
const KNOWN = 2;
const OPEN = 4;
const STEP_KNOWN = 8;
/** The most a way may cost in all (a bucket for each cost: far more than a board game's moves ever cost). */
const MOST = 1 << 20;
/** The most squares a search reaches: a way on an unbounded grid with a large budget stops here, not at memory's end. */
const SQUARES = 1 << 20;

/** One table per depth of searches under way (a way's rule may search too). */
const tables: SquareTable[] = [];
let depth = 0;

/**
 * The squares reachable from `start` within `budget`, settled cheapest first, until `target` is (when given): Dial's
 * version of Dijkstra's search, a bucket of squares for each cost so far (costs are small whole numbers), each bucket
 * gone through in the order its squares were found, so ties go to the first found. With a target, gives its way (the
 * squares entered, in order) or null; without, every square reached. `line` and `column` are the rules' call, named
 * when a cost is not a whole number of at least 1.
 */
function search(
  grid: WayGrid,
  start: number,
  budget: number,
  rules: WayRules,
  target: number | undefined,
  line: number,
  column: number,
): number[] | null {
  const table = (tables[depth] ??= new SquareTable());
  depth++;
  const buckets = table.buckets;
  let highest = 0;
  try {
    table.reset();
    table.reach(start, 0, -1);
    const reached: number[] = [];
    (buckets[0] ??= []).push(start);
    search: for (let spent = 0; spent <= highest; spent++) {
      const bucket = buckets[spent];
      if (bucket === undefined) continue;
      // Pushes go to costier buckets (every step costs at least 1): this one does not grow while it is gone through.
      for (let k = 0; k < bucket.length; k++) {
        const square = bucket[k]!;
        const known = table.flagsOf(square);
        // A square queued again at a lower cost was settled from there.
        if ((known & SETTLED) !== 0) continue;
        table.setFlags(square, known | SETTLED);
        if (square !== start) {
          if (reached.length === SQUARES) {
            throw new RulesError(
              `a way reached more than ${SQUARES.toLocaleString("en-US")} squares: bound it with \`enter\` or a smaller \`within\``,
              line,
              column,
            );
          }
          reached.push(square);
          if (square === target) break search;
          if (rules.stop(square)) continue;
        }
        for (let i = 0; i < grid.neighbours; i++) {
          const next = grid.neighbour(square, i);
          let flags = table.flagsOf(next);
          if ((flags & SETTLED) !== 0) continue;
          if ((flags & KNOWN) === 0) {
            flags |= KNOWN | (rules.enter(next) ? OPEN : 0);
            table.setFlags(next, flags);
          }
          if ((flags & OPEN) === 0) continue;
          let step: number;
          if ((flags & STEP_KNOWN) === 0) {
            step = rules.cost(next);
            if (!Number.isInteger(step) || step < 1) {
              throw new RulesError(
                `entering ${grid.show(next)} costs ${step}: a way's cost must be a whole number of at least 1`,
                line,
                column,
              );
            }
            table.setStep(next, step);
            table.setFlags(next, flags | STEP_KNOWN);
          } else step = table.step(next);
          const total = spent + step;
          if (total > budget || table.cost(next) <= total) continue;
          if (total > MOST)
            throw new RulesError(
              `a way costs more than ${MOST.toLocaleString("en-US")} in all: costs are counted to that`,
              line,
              column,
            );
          table.reach(next, total, square);
          (buckets[total] ??= []).push(next);
          if (total > highest) highest = total;
        }
      }
    }
    if (target === undefined) return reached;
    if (reached[reached.length - 1] !== target) return null;
    const way = [target];
    for (let s = table.from(target); s !== start; s = table.from(s)) way.push(s);
    return way.reverse();
  } finally {
    for (let c = 0; c <= highest; c++) if (buckets[c] !== undefined) buckets[c]!.length = 0;
    depth--;
  }
}

/** `reachable(...)`: every square a way within the budget ends on, cheapest first (the start left out). */
export function waysReachable(grid: WayGrid, way: Way, line: number, column: number): number[] {
  return search(gridOf(grid, way), way.start, way.within, way, undefined, line, column)!;
}

/**
 * `route(...)`: the squares of the cheapest way from `start` to `target`, in the order they are entered (the start
 * left out, the target last; empty when they are the same square), or null when no way within the budget gets there.
 */
export function waysRoute(grid: WayGrid, way: Way, target: number, line: number, column: number): number[] | null {
  if (target === way.start) return [];
  return search(gridOf(grid, way), way.start, way.within, way, target, line, column);
}
