import type { Seat } from "./engine.ts";

/** True when `value` is a seat at a table of `players`. */
export function isSeat(value: unknown, players: number): value is Seat {
  return Number.isInteger(value) && (value as number) >= 0 && (value as number) < players;
}

/**
 * The lowest of `seats`, or undefined when there is none.
 *
 * When several seats must act at once (a simultaneous choice), the runtime lets them act one at a time in ascending
 * seat order, asking the engine again after each action. Every loop (agents, playouts, the CLI) uses this so that a
 * game played through a session and the same game played by a fast playout make identical choices.
 */
export function lowestSeat(seats: readonly Seat[]): Seat | undefined {
  let lowest: Seat | undefined;
  for (let i = 0; i < seats.length; i++) {
    const seat = seats[i] as Seat;
    if (lowest === undefined || seat < lowest) lowest = seat;
  }
  return lowest;
}
