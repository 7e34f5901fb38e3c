/**
 * Replaying an action log: the game is a pure function of its options and its actions, so the log is the game.
 */
import type { Engine, EngineAction, GameOptions } from "./engine.ts";
import { Session } from "./session.ts";

/** The first action of a log that the rules refuse, with its index in the log (from 0). */
export class ReplayError extends Error {
  override readonly name = "ReplayError";

  constructor(
    readonly index: number,
    readonly reason: string,
    readonly action: unknown,
  ) {
    super(`log[${index}] ${JSON.stringify(action) ?? String(action)} is refused: ${reason}`);
  }
}

/**
 * Called after each replayed action; `shown` is the action as its player read it just before (see
 * `Engine.shownAction`), and `label` what it did in the rules' words (`Engine.describeAction`, null without one),
 * for printing.
 */
export type ReplayStep<S extends object, A extends EngineAction, V> = (
  index: number,
  action: A,
  session: Session<S, A, V>,
  shown: EngineAction,
  label: string | null,
) => void;

/**
 * A session started from `options` with every action of `log` applied in order.
 *
 * Throws RangeError for options the engine refuses, and ReplayError (index and reason) at the first action that is
 * malformed or illegal at its point in the game.
 */
export function replay<S extends object, A extends EngineAction, V>(
  engine: Engine<S, A, V>,
  options: GameOptions,
  log: readonly unknown[],
  onStep?: ReplayStep<S, A, V>,
): Session<S, A, V> {
  const session = Session.create(engine, options);
  for (let index = 0; index < log.length; index++) {
    // Any shape is acceptable here: the session checks the shape before the engine sees the action.
    const action = log[index] as A;
    if (onStep === undefined) {
      const reason = session.tryApply(action);
      if (reason !== null) throw new ReplayError(index, reason, action);
      continue;
    }
    const reason = session.check(action);
    if (reason !== null) throw new ReplayError(index, reason, action);
    const shown = engine.shownAction?.(session.state, action) ?? action;
    const label = engine.describeAction?.(session.state, action) ?? null;
    session.apply(action);
    onStep(index, action, session, shown, label);
  }
  return session;
}
