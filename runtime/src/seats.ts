import type { Seat } from "./engine.ts";
import { randomInt, type RngState } from "./random.ts";

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

/**
 * Random players take an interrupt (see `Engine.mayAct`) with a chance of one in INTERRUPT_ODDS at each decision
 * point where they may: a card that may be played "at any moment" is then kept a while, as a person would, rather
 * than played at the first chance.
 */
export const INTERRUPT_ODDS = 32;

/**
 * Whether a random player offered an interrupt takes it now: one draw from `rng`. Every loop of random play (agents,
 * playouts, the conformance checks) asks the seats that may interrupt in ascending order, before the seat to act,
 * and the first one that takes it acts; so they all make the same choices from the same seed.
 */
export function takesInterrupt(rng: RngState): boolean {
  return randomInt(rng, INTERRUPT_ODDS) === 0;
}

/** The first of `mayAct` (ascending seats) that takes its interrupt, one draw each; undefined when none does. */
export function firstInterrupter(mayAct: readonly Seat[], rng: RngState): Seat | undefined {
  for (let i = 0; i < mayAct.length; i++) {
    if (takesInterrupt(rng)) return mayAct[i];
  }
  return undefined;
}
