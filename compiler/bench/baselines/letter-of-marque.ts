/**
 * BASELINE FOR MEASUREMENT ONLY: a plain hand-written Letter of Marque engine that `npm run bench` runs beside the
 * one generated from rulesets/letter-of-marque, to say how the generated engine compares. Nothing else may import
 * it; the game's rules live in its .rules file.
 *
 * It offers the same decisions as the generated engine (the secret first choice of a kind of ship, then on each turn
 * Launch, Return, Attack or Pass, and after Launch the kind of ship), so both do the same work per game; it draws its
 * randomness from the same seeded generator.
 */
import {
  createRng,
  randomInt,
  shuffleInPlace,
  type Engine,
  type GameOptions,
  type Outcome,
  type RngState,
} from "@rules/runtime";

const TREASURES = [3, 4, 5, 6, 7];

interface Ship {
  readonly owner: number;
  readonly value: number;
  readonly armed: boolean;
  revealed: boolean;
}

interface Player {
  readonly deck: number[];
  /** The card drawn for the ship about to be placed (-1: none). */
  drawn: number;
  armedReserve: number;
  unarmedReserve: number;
  cannons: number;
  treasure: number;
  captured: number;
}

interface State {
  readonly players: Player[];
  readonly sea: Ship[];
  readonly rng: RngState;
  /** "first": the secret first choice; "turn": `current` acts; "kind": `current` chose Launch; "over". */
  phase: "first" | "turn" | "kind" | "over";
  /** The secret first answers (null: not yet). */
  readonly firstKinds: (boolean | null)[];
  current: number;
}

type Action =
  | { readonly type: "Launch" | "Pass"; readonly player: number }
  | { readonly type: "Return"; readonly player: number; readonly ship: number }
  | { readonly type: "Attack"; readonly player: number; readonly target: number }
  | { readonly type: "kind"; readonly player: number; readonly value: "armed" | "unarmed" };

function newGame(options: GameOptions): State {
  const rng = createRng(options.seed);
  const players: Player[] = [];
  for (let p = 0; p < options.players; p++) {
    const deck = shuffleInPlace(rng, TREASURES.slice());
    players.push({ deck, drawn: -1, armedReserve: 2, unarmedReserve: 3, cannons: 3, treasure: 0, captured: 0 });
  }
  for (const p of players) p.drawn = p.deck.shift()!;
  return { players, sea: [], rng, phase: "first", firstKinds: players.map(() => null), current: -1 };
}

function placeShip(s: State, seat: number, armed: boolean): void {
  const p = s.players[seat]!;
  if (armed) p.armedReserve--;
  else p.unarmedReserve--;
  s.sea.push({ owner: seat, value: p.drawn, armed, revealed: false });
  p.drawn = -1;
}

function kinds(s: State, seat: number): Action[] {
  const p = s.players[seat]!;
  const out: Action[] = [];
  if (p.armedReserve > 0) out.push({ type: "kind", player: seat, value: "armed" });
  if (p.unarmedReserve > 0) out.push({ type: "kind", player: seat, value: "unarmed" });
  return out;
}

function legalActions(s: State, seat: number): Action[] {
  if (s.phase === "first") return s.firstKinds[seat] === null ? kinds(s, seat) : [];
  if (seat !== s.current) return [];
  if (s.phase === "kind") return kinds(s, seat);
  if (s.phase !== "turn") return [];
  const p = s.players[seat]!;
  const out: Action[] = [];
  if (p.deck.length > 0) out.push({ type: "Launch", player: seat });
  let own = 0;
  for (let i = 0; i < s.sea.length; i++) {
    const ship = s.sea[i]!;
    if (ship.owner === seat) {
      own++;
      out.push({ type: "Return", player: seat, ship: i });
    } else if (p.cannons > 0) out.push({ type: "Attack", player: seat, target: i });
  }
  if (p.deck.length === 0 && own === 0) out.push({ type: "Pass", player: seat });
  return out;
}

/** `[seat]` for each seat, made once: asking who acts allocates nothing during a turn. */
const ALONE: readonly (readonly number[])[] = [0, 1, 2, 3, 4, 5].map((seat) => [seat]);
const NOBODY: readonly number[] = [];

function toAct(s: State): readonly number[] {
  if (s.phase === "first") return s.firstKinds.flatMap((k, seat) => (k === null ? [seat] : []));
  return s.phase === "over" ? NOBODY : ALONE[s.current]!;
}

/** The next player's turn, or the end once the sea and every deck are empty. */
function nextTurn(s: State): void {
  if (s.sea.length === 0 && s.players.every((p) => p.deck.length === 0)) s.phase = "over";
  else {
    s.current = (s.current + 1) % s.players.length;
    s.phase = "turn";
  }
}

function apply(s: State, a: Action): void {
  const p = s.players[a.player]!;
  switch (a.type) {
    case "kind":
      if (s.phase === "kind") {
        placeShip(s, a.player, a.value === "armed");
        nextTurn(s);
        return;
      }
      s.firstKinds[a.player] = a.value === "armed";
      if (s.firstKinds.every((k) => k !== null)) {
        s.firstKinds.forEach((armed, seat) => placeShip(s, seat, armed!));
        // The lowest first card plays first; a tie is broken at random.
        const lowest = Math.min(...s.sea.map((ship) => ship.value));
        const tied = s.sea.filter((ship) => ship.value === lowest);
        s.current = tied[randomInt(s.rng, tied.length)]!.owner;
        s.phase = "turn";
      }
      return;
    case "Launch":
      p.drawn = p.deck.shift()!;
      s.phase = "kind";
      return;
    case "Return":
      p.treasure += s.sea[a.ship]!.value;
      s.sea.splice(a.ship, 1);
      break;
    case "Attack": {
      const target = s.sea[a.target]!;
      p.cannons--;
      target.revealed = true;
      if (target.armed) s.players[target.owner]!.captured++;
      else {
        p.treasure += target.value;
        s.sea.splice(a.target, 1);
      }
      break;
    }
    case "Pass":
      break;
  }
  nextTurn(s);
}

function outcome(s: State): Outcome | null {
  if (s.phase !== "over") return null;
  const scores = s.players.map((p) => p.treasure + p.captured);
  const tiebreaks = s.players.map((p) => p.captured + p.cannons);
  const better = (a: number, b: number): boolean =>
    scores[a]! > scores[b]! || (scores[a] === scores[b] && tiebreaks[a]! > tiebreaks[b]!);
  const ranks = scores.map((_, a) => 1 + scores.filter((_, b) => better(b, a)).length);
  return { scores, ranks, winners: ranks.flatMap((r, seat) => (r === 1 ? [seat] : [])) };
}

export const baseline: Engine<State, Action, State> = {
  name: "letter-of-marque",
  title: "Letter of Marque (hand-written baseline)",
  source: "compiler/bench/baselines/letter-of-marque.ts",
  sourceHash: "baseline",
  minPlayers: 3,
  maxPlayers: 6,
  variants: ["base"],
  newGame,
  toAct,
  mayAct: () => NOBODY,
  isOver: (s) => s.phase === "over",
  legalActions,
  check: (s, a) =>
    legalActions(s, a.player).some((l) => JSON.stringify(l) === JSON.stringify(a)) ? null : "not legal",
  apply,
  view: (s) => s,
  outcome,
  validateState: () => null,
};
