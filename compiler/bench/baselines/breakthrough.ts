/**
 * BASELINE FOR MEASUREMENT ONLY: a plain hand-written Breakthrough engine that `npm run bench` runs beside the one
 * generated from rulesets/breakthrough, to say how the generated engine compares. Nothing else may import it; the
 * game's rules live in its .rules file.
 */
import type { Engine, GameOptions, Outcome } from "@rules/runtime";

interface State {
  readonly size: number;
  /** Whose piece stands on each square (x + y * size, y 0 at the top); -1 empty. */
  readonly cells: number[];
  /** Pieces left per player. */
  readonly pieces: number[];
  current: number;
  winner: number;
}

interface Move {
  readonly type: "Move";
  readonly player: number;
  readonly from: number;
  /** -1, 0 or 1: the column it moves by. */
  readonly side: number;
}

function newGame(options: GameOptions): State {
  const size = options.variant === "small" ? 6 : 8;
  const cells = new Array<number>(size * size).fill(-1);
  for (let x = 0; x < size; x++) {
    cells[x] = 1;
    cells[x + size] = 1;
    cells[x + (size - 2) * size] = 0;
    cells[x + (size - 1) * size] = 0;
  }
  return { size, cells, pieces: [2 * size, 2 * size], current: 0, winner: -1 };
}

function legalActions(s: State, seat: number): Move[] {
  const out: Move[] = [];
  if (s.winner >= 0 || seat !== s.current) return out;
  const dy = seat === 0 ? -1 : 1;
  for (let i = 0; i < s.cells.length; i++) {
    if (s.cells[i] !== seat) continue;
    const x = i % s.size;
    const y = (i - x) / s.size + dy;
    if (y < 0 || y >= s.size) continue;
    for (let side = -1; side <= 1; side++) {
      const tx = x + side;
      if (tx < 0 || tx >= s.size) continue;
      const there = s.cells[tx + y * s.size]!;
      if (there === seat || (side === 0 && there !== -1)) continue;
      out.push({ type: "Move", player: seat, from: i, side });
    }
  }
  return out;
}

function apply(s: State, a: Move): void {
  const x = a.from % s.size;
  const y = (a.from - x) / s.size + (a.player === 0 ? -1 : 1);
  const to = x + a.side + y * s.size;
  if (s.cells[to] === 1 - a.player) s.pieces[1 - a.player]!--;
  s.cells[a.from] = -1;
  s.cells[to] = a.player;
  if (y === (a.player === 0 ? 0 : s.size - 1) || s.pieces[1 - a.player] === 0) s.winner = a.player;
  s.current = 1 - s.current;
  // As the rules say it: a player whose pieces are all blocked loses.
  if (s.winner < 0 && legalActions(s, s.current).length === 0) s.winner = 1 - s.current;
}

function outcome(s: State): Outcome | null {
  if (s.winner < 0) return null;
  const scores = [s.winner === 0 ? 1 : 0, s.winner === 1 ? 1 : 0];
  return { scores, ranks: scores.map((x) => (x === 1 ? 1 : 2)), winners: [s.winner] };
}

export const baseline: Engine<State, Move, State> = {
  name: "breakthrough",
  title: "Breakthrough (hand-written baseline)",
  source: "compiler/bench/baselines/breakthrough.ts",
  sourceHash: "baseline",
  minPlayers: 2,
  maxPlayers: 2,
  variants: ["base", "small"],
  newGame,
  toAct: (s) => (s.winner >= 0 ? [] : [s.current]),
  mayAct: () => [],
  isOver: (s) => s.winner >= 0,
  legalActions,
  check: (s, a) => (legalActions(s, a.player).some((l) => l.from === a.from && l.side === a.side) ? null : "not legal"),
  apply,
  view: (s) => s,
  outcome,
  validateState: () => null,
};
