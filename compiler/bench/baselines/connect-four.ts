/**
 * BASELINE FOR MEASUREMENT ONLY: a plain hand-written Connect Four engine that `npm run bench` runs beside the one
 * generated from rulesets/connect-four, to say how the generated engine compares. Nothing else may import it; the
 * game's rules live in its .rules file.
 */
import type { Engine, GameOptions, Outcome } from "@rules/runtime";

interface State {
  readonly columns: number;
  readonly rows: number;
  readonly toWin: number;
  /** Whose disc fills each cell (x + y * columns, y 0 at the bottom); -1 empty. */
  readonly cells: number[];
  /** The discs in each column. */
  readonly heights: number[];
  current: number;
  winner: number;
  over: boolean;
}

interface Drop {
  readonly type: "Drop";
  readonly player: number;
  readonly x: number;
}

const SIZES: Record<string, [number, number, number]> = { base: [7, 6, 4], small: [5, 4, 3] };

function newGame(options: GameOptions): State {
  const [columns, rows, toWin] = SIZES[options.variant ?? "base"]!;
  return {
    columns,
    rows,
    toWin,
    cells: new Array<number>(columns * rows).fill(-1),
    heights: new Array<number>(columns).fill(0),
    current: 0,
    winner: -1,
    over: false,
  };
}

/** Discs of `p` in a row from (x, y) in direction (dx, dy), not counting (x, y). */
function run(s: State, x: number, y: number, dx: number, dy: number, p: number): number {
  let n = 0;
  for (let cx = x + dx, cy = y + dy; cx >= 0 && cx < s.columns && cy >= 0 && cy < s.rows; cx += dx, cy += dy) {
    if (s.cells[cx + cy * s.columns] !== p) break;
    n++;
  }
  return n;
}

function wins(s: State, x: number, y: number, p: number): boolean {
  return (
    run(s, x, y, 1, 0, p) + run(s, x, y, -1, 0, p) + 1 >= s.toWin ||
    run(s, x, y, 0, 1, p) + run(s, x, y, 0, -1, p) + 1 >= s.toWin ||
    run(s, x, y, 1, 1, p) + run(s, x, y, -1, -1, p) + 1 >= s.toWin ||
    run(s, x, y, 1, -1, p) + run(s, x, y, -1, 1, p) + 1 >= s.toWin
  );
}

function legalActions(s: State, seat: number): Drop[] {
  const out: Drop[] = [];
  if (s.over || seat !== s.current) return out;
  for (let x = 0; x < s.columns; x++) if (s.heights[x]! < s.rows) out.push({ type: "Drop", player: seat, x });
  return out;
}

function apply(s: State, a: Drop): void {
  const y = s.heights[a.x]!++;
  s.cells[a.x + y * s.columns] = a.player;
  if (wins(s, a.x, y, a.player)) {
    s.winner = a.player;
    s.over = true;
  } else if (s.heights.every((h) => h === s.rows)) s.over = true;
  s.current = 1 - s.current;
}

function outcome(s: State): Outcome | null {
  if (!s.over) return null;
  const scores = [s.winner === 0 ? 1 : 0, s.winner === 1 ? 1 : 0];
  const ranks = scores.map((x) => (x === Math.max(...scores) ? 1 : 2));
  return { scores, ranks, winners: [0, 1].filter((p) => ranks[p] === 1) };
}

export const baseline: Engine<State, Drop, State> = {
  name: "connect-four",
  title: "Connect Four (hand-written baseline)",
  source: "compiler/bench/baselines/connect-four.ts",
  sourceHash: "baseline",
  minPlayers: 2,
  maxPlayers: 2,
  variants: ["base", "small"],
  newGame,
  toAct: (s) => (s.over ? [] : [s.current]),
  mayAct: () => [],
  isOver: (s) => s.over,
  legalActions,
  check: (s, a) => (legalActions(s, a.player).some((l) => l.x === a.x) ? null : "not legal"),
  apply,
  view: (s) => s,
  outcome,
  validateState: () => null,
};
