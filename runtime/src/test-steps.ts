/**
 * What the tests compiled from rules files call besides the engine: how a pending decision is described when a step
 * fails, and the steps that play on their own (`play until`).
 */
import { agentStep, RandomAgent } from "./agents.ts";
import { NotAmongChoices, unlessNotAmong } from "./at-values.ts";
import { canonicalJson } from "./checksum.ts";
import type { Engine, EngineAction, GameOptions, Seat } from "./engine.ts";
import { formatAction, formatShownAction } from "./format.ts";
import { abandonReason } from "./playout.ts";
import { Session } from "./session.ts";

/** What the game waits for, in a test's words: who is asked what, and what each may answer (the first few). */
export function describePending<S extends object, A extends EngineAction>(
  engine: Engine<S, A, unknown>,
  state: S,
): string {
  if (engine.isOver(state)) return "the game is over";
  const lines: string[] = [];
  for (const seat of engine.toAct(state)) {
    const offered = engine.legalActions(state, seat);
    const shown = offered.slice(0, 8).map((a) => formatShownAction(engine, state, a));
    const more = offered.length > shown.length ? `, and ${offered.length - shown.length} more` : "";
    lines.push(`seat ${seat} may play ${shown.join("; ")}${more}`);
  }
  return lines.length === 0 ? "nobody is asked anything" : lines.join("\n");
}

/**
 * `play until name`: answers every decision with its first offered answer (the lowest seat asked first) until one
 * of the seats asked may play `name` (an action or a choice). Throws, describing the game, if the game ends first
 * or `limit` answers go by.
 */
export function playUntil<S extends object, A extends EngineAction>(
  engine: Engine<S, A, unknown>,
  state: S,
  name: string,
  limit = 10_000,
): void {
  for (let answers = 0; answers <= limit; answers++) {
    if (engine.isOver(state)) throw new Error(`play until ${name}: the game ended before ${name} was offered`);
    const seats = [...engine.toAct(state)].sort((a, b) => a - b);
    if (seats.some((seat) => engine.legalActions(state, seat).some((a) => a.type === name))) return;
    const seat = seats[0];
    const first = seat === undefined ? undefined : engine.legalActions(state, seat)[0];
    if (first === undefined)
      throw new Error(`play until ${name}: nothing can be played\n${describePending(engine, state)}`);
    engine.apply(state, first);
  }
  throw new Error(`play until ${name}: not offered after ${limit} answers\n${describePending(engine, state)}`);
}

/**
 * `save and restore`: replaces `state`, in place, by the game restored from its JSON (checked like a save file's
 * state), so the test goes on from a save of the game as a player would.
 */
export function saveAndRestore<S extends object, A extends EngineAction>(
  engine: Engine<S, A, unknown>,
  state: S,
): void {
  const copy = JSON.parse(JSON.stringify(state)) as S;
  const problem = engine.validateState(copy);
  if (problem !== null) throw new Error(`save and restore: the saved game does not restore: ${problem}`);
  for (const key of Reflect.ownKeys(state)) Reflect.deleteProperty(state, key);
  Object.assign(state, copy);
}

/** The kinds of answer `seat` may give now, in order, without repeats. */
function kindsOffered<S extends object, A extends EngineAction>(
  engine: Engine<S, A, unknown>,
  state: S,
  seat: Seat,
): string[] {
  return [...new Set(engine.legalActions(state, seat).map((a) => a.type))];
}

/** `expect asked 1 kit`: null when `seat` is asked and may play exactly the kinds `names`, else what differs. */
export function askedProblem<S extends object, A extends EngineAction>(
  engine: Engine<S, A, unknown>,
  state: S,
  seat: Seat,
  names: readonly string[],
): string | null {
  if (engine.isOver(state)) return "the game is over";
  const acting = engine.toAct(state);
  if (!acting.includes(seat))
    return `seat ${seat} is not asked anything: the game waits for seat(s) ${acting.join(", ")}`;
  const kinds = kindsOffered(engine, state, seat);
  const wanted = [...names].sort();
  if (JSON.stringify([...kinds].sort()) === JSON.stringify(wanted)) return null;
  return `seat ${seat} may play ${kinds.join(" | ")}, not ${names.join(" | ")}`;
}

/**
 * `expect offered 1 kit(sword), kit(axe)`: null when, of the kinds of answer named, `seat` is offered exactly
 * `answers` (in any order), else which are missing and which are offered besides. `answers` is a function: an
 * answer given by value that is not among the choices is itself the problem.
 */
export function offeredProblem<S extends object, A extends EngineAction>(
  engine: Engine<S, A, unknown>,
  state: S,
  seat: Seat,
  answers: () => readonly A[],
): string | null {
  const wanted = unlessNotAmong(answers);
  if (wanted instanceof NotAmongChoices) return wanted.message;
  const kinds = new Set(wanted.map((a) => a.type));
  const offered = engine.legalActions(state, seat).filter((a) => kinds.has(a.type));
  const text = (a: A): string => formatShownAction(engine, state, a);
  const offeredKeys = new Set(offered.map((a) => canonicalJson(a)));
  const wantedKeys = new Set(wanted.map((a) => canonicalJson(a)));
  const missing = wanted.filter((a) => !offeredKeys.has(canonicalJson(a))).map(text);
  const besides = offered.filter((a) => !wantedKeys.has(canonicalJson(a))).map(text);
  if (missing.length === 0 && besides.length === 0) return null;
  return [
    missing.length > 0 ? `not offered: ${missing.join("; ")}` : "",
    besides.length > 0 ? `offered besides: ${besides.join("; ")}` : "",
  ]
    .filter(Boolean)
    .join("\n");
}

/** `expect 1 sees players[0].hand == 3`: the value at `path` in a view (undefined where the path leads nowhere). */
export function viewAt(view: unknown, path: readonly (string | number)[]): unknown {
  let at = view;
  for (const key of path) {
    if (typeof at !== "object" || at === null) return undefined;
    at = (at as Record<string | number, unknown>)[key];
  }
  return at;
}

/** `expect about 50% within 8%`: null when `hits` of `games` is that share, give or take, else the share found. */
export function shareProblem(hits: number, games: number, percent: number, tolerance: number): string | null {
  const share = (100 * hits) / games;
  if (Math.abs(share - percent) <= tolerance) return null;
  return `held in ${hits} of ${games} games (${share.toFixed(1)}%), not ${percent}% give or take ${tolerance}%`;
}

/** Decisions taken in each game of `expect always` at most (long games are cut there). */
const ALWAYS_MAX_ACTIONS = 2_000;

/**
 * `expect always in 50 random games: c`: plays `games` games from `state` (a copy of it each time) with random
 * players seeded 1, 2, ..., each to its end (or until abandoned, `abandon`), and checks `holds` at every decision and at the end. Null when it always held, else the
 * first game and action where it did not, with the action that led there.
 */
export function alwaysProblem<S extends object, A extends EngineAction, V>(
  engine: Engine<S, A, V>,
  options: GameOptions,
  state: S,
  games: number,
  holds: (state: S) => boolean,
): string | null {
  for (let game = 1; game <= games; game++) {
    const session = Session.resume(engine, options, state, []);
    const agent = new RandomAgent(game);
    let last: A | null = null;
    for (let taken = 0; ; taken++) {
      if (!holds(session.state)) {
        const after = last === null ? "at the start" : `after ${taken} actions, the last ${formatAction(last)}`;
        return `random game ${game}: does not hold ${after}`;
      }
      // Random players stop where the rules say machine players give up (`abandon`).
      if (taken >= ALWAYS_MAX_ACTIONS || abandonReason(engine, session.state) !== null) break;
      last = agentStep<S, A, V>(session, () => agent);
      if (last === null) break;
    }
  }
  return null;
}
