/**
 * Answers given by value, for tests written by people: where the rules take a position in a list ("the third card of
 * the hand"), a test may name the value itself, and the position is found when the step runs. A test then does not
 * depend on the list's order.
 */
import type { Engine, EngineAction } from "./engine.ts";

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
      if (typeof shown === "number") throw new Error(`${action.type}: ${field} ${text} is not among the choices now`);
      if (JSON.stringify(shown) === text) {
        found = candidate;
        break;
      }
    }
  }
  return found;
}
