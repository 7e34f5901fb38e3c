/**
 * Answers given by value, for tests written by people: where the rules take a position in a list ("the third card of
 * the hand"), a test may name the value itself, and the position is found when the step runs. A test then does not
 * depend on the list's order.
 */
import type { Engine, EngineAction } from "./engine.ts";

/** A value given where the rules take a position is not among the choices offered now. */
export class NotAmongChoices extends Error {
  override readonly name = "NotAmongChoices";
}

/**
 * `action` with each field of `values` set to the position, in its list now, of the value given there, compared
 * with the value `engine.shownAction` shows for each position (so `values` holds values as their player sees them).
 * Throws when a value is not among the choices.
 */
export function atValues<S extends object, A extends EngineAction>(
  engine: Engine<S, A, unknown>,
  state: S,
  action: A,
  values: Readonly<Record<string, unknown>>,
  /** How the test wrote each value, for the message when it is not among the choices. */
  texts: Readonly<Record<string, string>> = {},
): A {
  const shownAction = engine.shownAction;
  if (shownAction === undefined) throw new Error(`${engine.name} cannot show actions, so it cannot take values`);
  let found = action;
  for (const [field, wanted] of Object.entries(values)) {
    const text = JSON.stringify(wanted);
    for (let position = 0; ; position++) {
      const candidate = { ...found, [field]: position };
      const shown = shownAction(state, candidate)[field];
      // A position past the end of its list is shown as it is: a number, which no value given by value views as.
      if (typeof shown === "number") {
        throw new NotAmongChoices(`${action.type}: ${field} ${texts[field] ?? text} is not among the choices now`);
      }
      if (JSON.stringify(shown) === text) {
        found = candidate;
        break;
      }
    }
  }
  return found;
}

/**
 * `engine.check` of an action whose answers may be given by value (`expect refused` in tests): a value that is not
 * among the choices is a refusal too, with that reason.
 */
export function checkAtValues<S extends object, A extends EngineAction>(
  engine: Engine<S, A, unknown>,
  state: S,
  action: A,
  values: Readonly<Record<string, unknown>>,
  texts: Readonly<Record<string, string>> = {},
): string | null {
  const found = unlessNotAmong(() => atValues(engine, state, action, values, texts));
  return found instanceof NotAmongChoices ? found.message : engine.check(state, found);
}

/** What `make` gives, or the NotAmongChoices it throws (any other error goes on). */
export function unlessNotAmong<T>(make: () => T): T | NotAmongChoices {
  try {
    return make();
  } catch (error) {
    if (error instanceof NotAmongChoices) return error;
    throw error;
  }
}
