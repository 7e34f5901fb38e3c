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
 * Cards a seat is shown by the choice it is making (the winner of a fight picking among the loser's cards): `values`,
 * elements of the hidden list `list` (the very array of the imagined game), stay where they lie when it is dealt
 * again.
 */
export interface ShownCards {
  readonly list: readonly unknown[];
  readonly values: readonly unknown[];
}

/**
 * The elements of the lists the slots hold, dealt again among them at random, each list keeping its length (the
 * cards of hands nobody else sees, or a face-down pile shuffled when it is the only slot). A slot holding a single
 * card (not a list) takes one of them too; one holding none (null) stays empty. With `shown`, the cards the seat is
 * shown stay where they lie in their list, one place for each time a value is listed.
 */
export function redealElements(rng: RngState, slots: readonly Slot[], shown: ShownCards | null = null): void {
  const held = slots.map(read);
  const among = shown === null ? -1 : held.indexOf(shown.list);
  if (shown === null || among < 0 || shown.values.length === 0) {
    // Every place dealt again. Search agents imagine games by the thousand: plain loops, and a lone list (a deck's
    // pile) shuffled where it lies, the same order as a pool of its cards would get.
    if (held.length === 1 && Array.isArray(held[0])) {
      shuffleInPlace(rng, held[0]);
      return;
    }
    const pool: unknown[] = [];
    for (const value of held) {
      if (Array.isArray(value)) for (let i = 0; i < value.length; i++) pool.push(value[i]);
      else if (value !== null) pool.push(value);
    }
    shuffleInPlace(rng, pool);
    let next = 0;
    for (let k = 0; k < held.length; k++) {
      const value = held[k];
      if (Array.isArray(value)) for (let i = 0; i < value.length; i++) value[i] = pool[next++];
      else if (value !== null) write(slots[k]!, pool[next++]);
    }
    return;
  }
  // The positions of the shown list that keep their card: one for each time a value is shown.
  const times = new Map<unknown, number>();
  for (const value of shown.values) times.set(value, (times.get(value) ?? 0) + 1);
  const kept = shown.list.map((value) => {
    const left = times.get(value) ?? 0;
    if (left > 0) times.set(value, left - 1);
    return left > 0;
  });
  // The places dealt again, in the order of the slots: [list, position] for a list's element, [slot] for a card.
  const places: (readonly [unknown[], number] | readonly [Slot])[] = [];
  held.forEach((value, k) => {
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) if (k !== among || !kept[i]) places.push([value, i]);
    } else if (value !== null) places.push([slots[k]!]);
  });
  const pool = shuffleInPlace(
    rng,
    places.map((place) => (place.length === 2 ? place[0][place[1]] : read(place[0]))),
  );
  places.forEach((place, i) => {
    if (place.length === 2) place[0][place[1]] = pool[i];
    else write(place[0], pool[i]);
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
