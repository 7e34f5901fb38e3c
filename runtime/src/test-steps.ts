/**
 * What the tests compiled from rules files call besides the engine: how a pending decision is described when a step
 * fails, and the steps that play on their own (`play until`).
 */
import type { Engine, EngineAction } from "./engine.ts";
import { formatShownAction } from "./format.ts";

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
