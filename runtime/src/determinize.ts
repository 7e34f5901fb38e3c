/**
 * Re-dealing what a player cannot see: the pieces of an engine's `determinize`, which gives a search agent a game
 * it may imagine from its own seat (see `Engine.determinize`). Each helper takes the places holding hidden values
 * of one kind (one field of the rules) and deals their values again at random among those places.
 */
import { createRng, nextUint32, randomInt, shuffleInPlace, type RngState } from "./random.ts";

/** A place holding a value: an object and the name of its field. */
export type Slot = readonly [object, string];

function read(slot: Slot): unknown {
  return (slot[0] as Record<string, unknown>)[slot[1]];
}

function write(slot: Slot, value: unknown): void {
  (slot[0] as Record<string, unknown>)[slot[1]] = value;
}

/** The values of the slots, dealt again among them at random (a value exchanged with another of the same kind). */
export function redealValues(rng: RngState, slots: readonly Slot[]): void {
  if (slots.length < 2) return;
  const values = shuffleInPlace(rng, slots.map(read));
  slots.forEach((slot, i) => write(slot, values[i]));
}

/**
 * The elements of the lists the slots hold, dealt again among them at random, each list keeping its length (the
 * cards of hands nobody else sees, or a face-down pile shuffled when it is the only slot). A slot holding a single
 * card (not a list) takes one of them too; one holding none (null) stays empty.
 */
export function redealElements(rng: RngState, slots: readonly Slot[]): void {
  const held = slots.map(read);
  const pool = shuffleInPlace(
    rng,
    held.flatMap((value) => (Array.isArray(value) ? value : value === null ? [] : [value])),
  );
  let next = 0;
  held.forEach((value, k) => {
    if (Array.isArray(value)) for (let i = 0; i < value.length; i++) value[i] = pool[next++];
    else if (value !== null) write(slots[k]!, pool[next++]);
  });
}

/** The values of the maps the slots hold, dealt again among all their keys at random (keys stay where they are). */
export function redealMapValues(rng: RngState, slots: readonly Slot[]): void {
  const maps = slots.map((slot) => read(slot) as Record<string, unknown>);
  const places: Slot[] = maps.flatMap((map) => Object.keys(map).map((key): Slot => [map, key]));
  redealValues(rng, places);
}

/**
 * The answers players other than `seat` gave to a simultaneous, secret choice, drawn again at random among those
 * they could give (`answersOf(other)`: the legal actions of `other` while asked): `seat` sees who answered, not what.
 */
export function redealAnswers(
  rng: RngState,
  pending: { players: number[]; answers: unknown[] },
  seat: number,
  answersOf: (other: number) => readonly object[],
): void {
  pending.answers.forEach((answer, other) => {
    if (other === seat || answer === null || pending.players.includes(other)) return;
    // Asked for a moment, to list what the other could have answered.
    pending.players.push(other);
    const answers = answersOf(other).filter((a): a is { value: unknown } => "value" in a);
    pending.players.pop();
    if (answers.length > 0) pending.answers[other] = answers[randomInt(rng, answers.length)]!.value;
  });
}

/** A generator for an imagined game: the real one's future is hidden, so it is drawn afresh from the agent's. */
export function imaginedRng(rng: RngState): RngState {
  return createRng(nextUint32(rng) | 0);
}
