/**
 * Records held across a decision.
 *
 * A rule may keep a record of the game (a ship in a fight, a card being resolved) in a local while it waits for a
 * decision, then change it afterwards. While the rules run, that local is the record itself (a reference into the
 * state). While they wait, the state must be plain JSON — a tree that saves, restores and compares as text — so
 * each such local is stored as the record's address in the state, `{ "$at": ["npcs", 2] }`, taken when the rules
 * stop at the decision (`freezeHeld`) and turned back into the record when they go on (`thawHeld`). Nothing runs
 * between the two, so the address is exact; while the rules run, the record may move in its list, and the local
 * still follows it. A record no longer in the game (removed from its list while held) stays in the frame itself, as
 * the routine's own copy; a second local holding it gets the address of the first.
 *
 * Which frame fields hold records is the engine's to say (`HeldFields`): the checker marks the locals used after a
 * decision, and the loop lists they are taken from.
 */
import { RulesError } from "./engine-support.ts";

/** The address of a record in the state: keys from the state's root. */
export interface HeldAt {
  readonly $at: readonly (string | number)[];
}

/** A frame field that holds a record: the record while the rules run, its address while they wait. */
export type Held<T extends object> = T | HeldAt;

/** For each routine (a frame's `routine`), the frame fields that hold records or lists of them. */
export type HeldFields = Readonly<Record<string, readonly string[]>>;

interface FrameLike {
  readonly routine: string;
  [field: string]: unknown;
}

/** A state as this module sees it: frames are the engine's own interfaces, read here by field name. */
interface StateWithStack {
  readonly stack: readonly object[];
}

function isHeldAt(value: unknown): value is HeldAt {
  return typeof value === "object" && value !== null && !Array.isArray(value) && "$at" in value;
}

/** The record a held field stands for: itself while the rules run, found by its address while they wait. */
export function heldRecord<T extends object>(state: object, value: Held<T>): T;
export function heldRecord<T extends object>(state: object, value: Held<T> | null): T | null;
export function heldRecord<T extends object>(state: object, value: Held<T> | null): T | null {
  if (value === null || !isHeldAt(value)) return value;
  const found = resolve(state, value.$at);
  if (typeof found === "string") throw new RulesError(`the saved state is inconsistent: ${found}`);
  return found as T;
}

/**
 * The records a held list stands for (what a loop of choices over records has left): the list itself while the rules
 * run, a list of the records its addresses lead to while they wait.
 */
export function heldRecords<T extends object>(state: object, list: readonly Held<T>[]): T[] {
  for (const value of list) if (isHeldAt(value)) return list.map((v) => heldRecord(state, v));
  return list as T[];
}

/** The object at `path` in `state` (following addresses), or why there is none. */
function resolve(state: object, path: unknown): object | string {
  for (let hops = 0; hops < 64; hops++) {
    if (!Array.isArray(path)) return "a held record's address is not a list";
    let at: unknown = state;
    for (const key of path) {
      if (typeof key !== "string" && typeof key !== "number") {
        return "a held record's address has a key that is neither a name nor a position";
      }
      if (typeof at !== "object" || at === null || !Object.hasOwn(at, key)) {
        return `a held record's address ${JSON.stringify(path)} leads nowhere`;
      }
      at = (at as Record<string | number, unknown>)[key];
    }
    if (isHeldAt(at)) {
      path = at.$at;
      continue;
    }
    if (typeof at !== "object" || at === null || Array.isArray(at)) {
      return `a held record's address ${JSON.stringify(path)} does not lead to a record`;
    }
    return at;
  }
  return "held records' addresses go round in a circle";
}

function heldSlots(
  state: StateWithStack,
  fields: HeldFields,
  each: (frame: FrameLike, field: string, index: number) => void,
): void {
  (state.stack as readonly FrameLike[]).forEach((frame, index) => {
    for (const field of fields[frame.routine] ?? []) each(frame, field, index);
  });
}

/**
 * Before the rules wait: every held record becomes its address. Addresses point into the state outside held
 * fields (the board, players, other locals), found by identity; a record found nowhere stays where it is.
 */
export function freezeHeld(state: StateWithStack, fields: HeldFields): void {
  // The common case, on every decision of every game: no held record on the stack. Plain loops, nothing allocated.
  const stack = state.stack as readonly FrameLike[];
  let live = false;
  for (let i = 0; i < stack.length && !live; i++) {
    const frame = stack[i]!;
    const names = fields[frame.routine];
    if (names === undefined) continue;
    for (const name of names) {
      const value = frame[name];
      if (typeof value === "object" && value !== null && (!Array.isArray(value) || value.length > 0)) live = true;
    }
  }
  if (!live) return;

  // Held fields are set aside while the state is searched, so an address never points into one.
  const slots: { frame: FrameLike; field: string; path: (string | number)[]; value: unknown }[] = [];
  heldSlots(state, fields, (frame, field, i) => {
    slots.push({ frame, field, path: ["stack", i, field], value: frame[field] });
    frame[field] = null;
  });
  const find = new AddressFinder(slots.map((slot) => slot.value));
  find.recall(state);
  if (find.mustWalk()) {
    // The stack first: a record held across a decision is most often another routine's local (a roll of the dice
    // handed to a procedure that asks about it), found there without walking the whole board.
    find.within(state.stack, ["stack"]);
    find.within(state, []);
    find.markOutside();
  }

  const encode = (value: unknown, path: (string | number)[]): unknown => {
    if (typeof value !== "object" || value === null || isHeldAt(value)) return value;
    if (Array.isArray(value)) return value.map((element, i) => encode(element, [...path, i]));
    const address = find.addresses.get(value);
    if (address !== undefined) return { $at: address };
    // Held, and no longer in the game: it stays here, and later holders point at it.
    find.within(value, path);
    return value;
  };
  for (const slot of slots) slot.frame[slot.field] = encode(slot.value, slot.path);
}

/**
 * The addresses of the held records: the first path to each in a depth-first walk of the stack, then of the rest of
 * the state (keys in order, a record met again not walked again), as a complete index of the state would give them.
 * Only the held records' paths are kept, on one path that grows and shrinks, and the walk stops once every one is
 * found: the state is searched at every decision taken while a record is held.
 */
class AddressFinder {
  readonly addresses = new Map<object, (string | number)[]>();
  private readonly wanted = new Set<object>();
  private readonly seen = new Set<object>();
  private path: (string | number)[] = [];

  constructor(held: readonly unknown[]) {
    const want = (value: unknown): void => {
      if (typeof value !== "object" || value === null || isHeldAt(value)) return;
      if (Array.isArray(value)) value.forEach(want);
      else this.wanted.add(value);
    };
    held.forEach(want);
  }

  /**
   * Takes for each record the address it had when the rules last went on, where it still is (a record held across a
   * fight's decisions stays where it was): then the state is not walked at all. The rules store copies, so a record
   * is in one place, and that address is the one the walk would find; were it reachable two ways (a list a frame
   * shares with the state), it is the address a walk found at an earlier decision: as valid, and the same for the
   * same game.
   */
  recall(state: object): void {
    for (const record of this.wanted) {
      const path = LAST_ADDRESS.get(record);
      if (path === undefined) continue;
      let at: unknown = state;
      for (let i = 0; i < path.length && typeof at === "object" && at !== null; i++) {
        at = (at as Record<string | number, unknown>)[path[i]!];
      }
      if (at === record) this.addresses.set(record, path.slice());
    }
  }

  /** Whether the state must be walked: a record is neither where it was nor known to be out of the game. */
  mustWalk(): boolean {
    for (const record of this.wanted) if (!this.addresses.has(record) && !OUTSIDE.has(record)) return true;
    return false;
  }

  /** After a walk of the whole state: the records it did not find are out of the game (see `OUTSIDE`). */
  markOutside(): void {
    for (const record of this.wanted) if (!this.addresses.has(record)) OUTSIDE.add(record);
  }

  /** Walks `value`, found at `path`, for the records not found yet. */
  within(value: unknown, path: (string | number)[]): void {
    this.path = [...path];
    this.walk(value);
  }

  private walk(value: unknown): void {
    if (this.addresses.size === this.wanted.size || typeof value !== "object" || value === null) return;
    const path = this.path;
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) {
        path.push(i);
        this.walk(value[i]);
        path.pop();
      }
      return;
    }
    if (this.seen.has(value)) return;
    this.seen.add(value);
    if (this.wanted.has(value)) this.addresses.set(value, path.slice());
    for (const key of Object.keys(value)) {
      path.push(key);
      this.walk((value as Record<string, unknown>)[key]);
      path.pop();
    }
  }
}

/** Where each held record was when the rules last went on (see `AddressFinder.recall`). */
const LAST_ADDRESS = new WeakMap<object, readonly (string | number)[]>();

/**
 * Held records a walk of the whole state did not find: out of the game (sunk and taken out of their list, or made by
 * the rules and never stored). The rules store copies, so such a record never comes back into the state, and the
 * decisions after need not search the state for it again (a fight that goes on over many decisions with a side
 * built for it searched the whole state at each).
 */
const OUTSIDE = new WeakSet<object>();

/** The record at a held address, remembering the address for the next decision. */
function thawed(state: object, value: HeldAt): object {
  const record = heldRecord(state, value);
  LAST_ADDRESS.set(record, value.$at);
  return record;
}

/** When the rules go on: every held address becomes the record again, in stack order. */
export function thawHeld(state: StateWithStack, fields: HeldFields): void {
  const stack = state.stack as readonly FrameLike[];
  for (let i = 0; i < stack.length; i++) {
    const frame = stack[i]!;
    const names = fields[frame.routine];
    if (names === undefined) continue;
    for (const name of names) {
      const value = frame[name];
      if (isHeldAt(value)) frame[name] = thawed(state, value);
      else if (Array.isArray(value) && value.some(isHeldAt)) {
        frame[name] = value.map((element: unknown) => (isHeldAt(element) ? thawed(state, element) : element));
      }
    }
  }
}

/**
 * Why the held fields of a state to restore cannot be trusted, or null: every address must lead to a record.
 * `stack` is the state's stack, already known to be a list of frames.
 */
export function heldProblem(state: object, stack: readonly unknown[], fields: HeldFields): string | null {
  const look = (value: unknown): string | null => {
    if (Array.isArray(value)) {
      for (const element of value) {
        const problem = look(element);
        if (problem !== null) return problem;
      }
      return null;
    }
    if (!isHeldAt(value)) return null;
    const found = resolve(state, value.$at);
    return typeof found === "string" ? found : null;
  };
  for (const frame of stack as readonly FrameLike[]) {
    for (const field of fields[frame.routine] ?? []) {
      const problem = look(frame[field]);
      if (problem !== null) return problem;
    }
  }
  return null;
}
