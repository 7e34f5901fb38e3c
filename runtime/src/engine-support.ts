/**
 * Small game-agnostic helpers that generated engines call: list operations with clear errors, copying, ranking.
 * They know nothing of any game; they are here so every engine does these the same, tested way.
 */
import { randomInt, type RngState } from "./random.ts";

/** A RulesError's mark, the same in every copy of the runtime in a process (`Symbol.for`; see `RulesError`). */
const IS_RULES_ERROR: unique symbol = Symbol.for("@rules/runtime: a RulesError");

/**
 * A rules text asked for something impossible at run time (drawing from an empty list, an index out of range). It
 * names the rule that failed by line and column; the engine adds its rules file (`inRulesFile`), so that the message
 * reads `rulesets/glen-more/glen-more.rules:681:11: index 13 is outside a list of 13`.
 */
export class RulesError extends Error {
  override readonly name = "RulesError";
  /**
   * `instanceof RulesError` asks for this mark rather than the class: the built `rules` command loads each engine
   * bundled with a runtime of its own, so an engine's errors are made by another copy of this class than the one a
   * search agent or a playout in the command catches them with (a test of the class took the engine's errors for the
   * command's own bugs: a search agent stopped the game at an imagined world the rules could not go on with).
   */
  static override [Symbol.hasInstance](value: unknown): boolean {
    return (
      typeof value === "object" && value !== null && (value as { [IS_RULES_ERROR]?: true })[IS_RULES_ERROR] === true
    );
  }
  /** The mark `instanceof` asks for. */
  readonly [IS_RULES_ERROR] = true;
  constructor(
    /** What went wrong, without the place. */
    readonly reason: string,
    readonly line?: number,
    readonly column?: number,
    readonly file?: string,
  ) {
    super(`${placeOf(file, line, column)}${reason}`);
  }
}

/** "rulesets/x/x.rules:12:5: ", or "rules line 12:5: " before the file is known; nothing without a line. */
function placeOf(file: string | undefined, line: number | undefined, column: number | undefined): string {
  if (line === undefined) return "";
  const at = column === undefined ? String(line) : `${line}:${column}`;
  return file === undefined ? `rules line ${at}: ` : `${file}:${at}: `;
}

/** `error` with the rules file named, when it is a RulesError of a rules line (any other error as it is). */
export function inRulesFile(error: unknown, file: string): unknown {
  if (!(error instanceof RulesError) || error.line === undefined || error.file !== undefined) return error;
  const located = new RulesError(error.reason, error.line, error.column, file);
  if (error.stack !== undefined)
    located.stack = `${located.name}: ${located.message}\n${error.stack.split("\n").slice(1).join("\n")}`;
  return located;
}

/**
 * Thrown by an `end` of the rules inside a routine that runs straight through (one with no decision in it, compiled
 * as a plain function): it unwinds the calls under way up to the engine's `apply` or `run`, which stop there
 * (`endedGame`). The `end` has already emptied the stack and kept its reason, so the state says the game is over.
 */
export const GAME_ENDED: unique symbol = Symbol("the game ended");

/** Where `apply` or `run` catches an error: `GAME_ENDED` stops the game there; any other error goes on. */
export function endedGame(error: unknown): void {
  if (error !== GAME_ENDED) throw error;
}

/**
 * The refusal of an action the pending decision does not offer. It takes the action as `{ type }` so that a switch
 * whose cases cover every action (its `default` then sees `never`) can still say which one it was.
 */
export function notOfferedNow(action: { readonly type: string }): RulesError {
  return new RulesError(`${action.type} cannot be played now`);
}

/**
 * Why `action` has a field its kind does not take, or null: a field the rules never read would still be stored in
 * the log (and `__proto__` would be a trap there), so the engine refuses it. An unknown kind is left to the caller.
 */
export function extraField(action: object, fields: Readonly<Record<string, readonly string[]>>): string | null {
  const type = (action as { readonly type?: unknown }).type;
  if (typeof type !== "string" || !Object.hasOwn(fields, type)) return null;
  const allowed = fields[type]!;
  for (const key of Object.keys(action)) {
    if (key === "type" || key === "player" || allowed.includes(key)) continue;
    const takes = allowed.length === 0 ? "no field besides type and player" : `only ${allowed.join(", ")}`;
    return `${type} takes ${takes}, not \`${key}\`.`;
  }
  return null;
}

/** `list[i]`, refusing an index out of range. */
export function at<T>(list: readonly T[], index: number, line?: number, column?: number): T {
  if (index >= 0 && index < list.length) return list[index] as T;
  throw new RulesError(`index ${index} is outside a list of ${list.length}`, line, column);
}

/** `index`, when a list of `length` has it (as `at` checks): for the element of a list the engine does not build. */
export function indexIn(index: number, length: number, line?: number, column?: number): number {
  if (index >= 0 && index < length) return index;
  throw new RulesError(`index ${index} is outside a list of ${length}`, line, column);
}

/**
 * Where an engine wrapped by `namingRulesFile` keeps its own functions: a symbol every copy of the runtime shares, so
 * that the command's playouts find the functions of an engine bundled with another copy.
 */
const UNNAMED: unique symbol = Symbol.for("@rules/runtime: the engine's own functions");

/**
 * The engine's own functions, whose errors do not name the rules file: for the loops that call them millions of
 * times (random playouts), which name the file themselves, once, where they catch (`inRulesFile(error,
 * engine.source)`). The wrapper around each call costs a fifth of the fastest engines' playouts.
 */
export function unnamed<E extends object>(engine: E): E {
  return (engine as { [UNNAMED]?: E })[UNNAMED] ?? engine;
}

/**
 * The engine with the errors of its rules naming its rules file: each of its functions passes a RulesError on with
 * the file added (`inRulesFile`). Generated engines export themselves through it.
 */
export function namingRulesFile<E extends object>(engine: E, file: string): E {
  const named: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(engine)) {
    if (typeof value !== "function") {
      named[key] = value;
      continue;
    }
    const f = value as (...args: unknown[]) => unknown;
    named[key] = (...args: unknown[]): unknown => {
      try {
        return f(...args);
      } catch (error) {
        throw inRulesFile(error, file);
      }
    };
  }
  Object.defineProperty(named, UNNAMED, { value: engine });
  return named as E;
}

/** `list[i] = value`, refusing an index out of range. */
export function setAt<T>(list: T[], index: number, value: T, line?: number, column?: number): void {
  if (index >= 0 && index < list.length) list[index] = value;
  else throw new RulesError(`index ${index} is outside a list of ${list.length}`, line, column);
}

/** Removes and returns the top (first) element. */
export function drawTop<T>(list: T[], line?: number, column?: number): T {
  if (list.length === 0) throw new RulesError("cannot draw from an empty list", line, column);
  return list.shift() as T;
}

/** A uniformly random element. */
export function pickRandom<T>(rng: RngState, list: readonly T[], line?: number, column?: number): T {
  if (list.length === 0) throw new RulesError("cannot pick from an empty list", line, column);
  return list[randomInt(rng, list.length)] as T;
}

/** A uniformly random integer from `low` to `high` inclusive. */
export function randomBetween(rng: RngState, low: number, high: number, line?: number, column?: number): number {
  if (high < low) throw new RulesError(`random(${low}, ${high}): the range is empty`, line, column);
  return low + randomInt(rng, high - low + 1);
}

/**
 * A field declared `= unset` (no value until the rules give it one), read: its value, or a stop naming the rule's
 * line when the rules read it before giving it one.
 */
export function fieldValue<T>(value: T | null, field: string, line?: number, column?: number): T {
  if (value === null)
    throw new RulesError(`\`${field}\` has no value yet: the rules read it before giving it one`, line, column);
  return value;
}

/** Removes the first element equal to `value` (the same object, or for data read back from a save, equal data). */
export function removeValue<T>(list: T[], value: T, line?: number, column?: number): void {
  let i = list.indexOf(value);
  if (i < 0 && typeof value === "object" && value !== null) {
    const wanted = JSON.stringify(value);
    i = list.findIndex((x) => JSON.stringify(x) === wanted);
  }
  if (i < 0) throw new RulesError("cannot remove a value that is not in the list", line, column);
  // Shifting by hand beats splice on the short lists games use, and allocates nothing.
  for (let j = i + 1; j < list.length; j++) list[j - 1] = list[j] as T;
  list.pop();
}

/** Structural equality of plain data: what `==` means for lists and records in the rules. */
export function equal(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!equal(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  for (const k of ka) if (!equal((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k])) return false;
  return true;
}

/** Whether `list` holds `value` (the same record, or equal data). */
export function containsValue<T>(list: readonly T[], value: T): boolean {
  if (list.includes(value)) return true;
  if (typeof value !== "object" || value === null) return false;
  for (const x of list) if (equal(x, value)) return true;
  return false;
}

/** A new list: the elements of `a`, then those of `b` (`a ++ b` in the rules). */
export function concat<T>(a: readonly T[], b: readonly T[]): T[] {
  return [...a, ...b];
}

/** `a ++ b` where `a` is a list just made for it (a literal, a comprehension): `b`'s elements added to `a`. */
export function appendAll<T>(a: T[], b: readonly T[]): T[] {
  for (let i = 0; i < b.length; i++) a.push(b[i]!);
  return a;
}

/** The position of the first element equal to `value` (the same record, or equal data), or -1. */
export function indexOfValue<T>(list: readonly T[], value: T): number {
  const i = list.indexOf(value);
  if (i >= 0 || typeof value !== "object" || value === null) return i;
  return list.findIndex((x) => equal(x, value));
}

/** A deep copy of plain data (numbers, strings, booleans, arrays, plain objects). */
export function clone<T>(value: T): T {
  if (typeof value !== "object" || value === null) return value;
  if (Array.isArray(value)) {
    const out: unknown[] = new Array(value.length);
    for (let i = 0; i < value.length; i++) out[i] = clone(value[i]);
    return out as T;
  }
  const out: Record<string, unknown> = {};
  for (const k in value) out[k] = clone((value as Record<string, unknown>)[k]);
  return out as T;
}

/** A player in a text of the rules, as the engine's own messages name seats: `Player 2`; `none` for no player. */
export function showPlayer(seat: number | null): string {
  return seat === null ? "none" : `Player ${seat}`;
}

/** The integers from `low` to `high` inclusive. */
export function rangeList(low: number, high: number): number[] {
  const out: number[] = [];
  for (let i = low; i <= high; i++) out.push(i);
  return out;
}

/** `range(0, n)` for small n, made once: the lists an action's parameter is taken from are asked at every decision. */
const COUNTS: readonly (readonly number[])[] = Array.from({ length: 65 }, (_, n) => rangeList(0, n - 1));

/**
 * `range(low, high)` for code that only reads it (the list an action's parameter is taken from): from 0, a list made
 * once and shared (typed read-only, so generated code cannot change it; not frozen, which would make the loops that
 * read it see two kinds of arrays); otherwise a new one.
 */
export function readRange(low: number, high: number): readonly number[] {
  return low === 0 && high >= -1 && high < COUNTS.length - 1 ? COUNTS[high + 1]! : rangeList(low, high);
}

/** The largest whole number the engine keeps exactly (a JavaScript number is exact up to 2^53 - 1, either sign). */
const LARGEST_WHOLE = Number.MAX_SAFE_INTEGER;

/** Stops the game at a number past the whole numbers kept exactly (or not a number at all), naming the rule. */
function pastWhole(value: number, line: number, column: number): never {
  throw new RulesError(
    `${value} is past the whole numbers the engine keeps exactly (up to ${LARGEST_WHOLE} either way)`,
    line,
    column,
  );
}

/**
 * A number worked out by rules that can make it grow (a product, a sum of two values, a function's result) and set on
 * a place declared a plain `int`: the value itself while it is a whole number kept exactly, or the game stops naming
 * the rule. Past 2^53 numbers lose precision, past about 10^308 they are infinite, which JSON (and so a save) cannot
 * hold. Written as negated comparisons so that `NaN` stops too.
 */
export function wholeNumber(value: number, line: number, column: number): number {
  if (!(value <= LARGEST_WHOLE && value >= -LARGEST_WHOLE)) pastWhole(value, line, column);
  return value;
}

/**
 * A value set on a place declared with a range (`luck: 1..6`): the value itself, or the game stops naming the rule
 * (`low` or `high` may be open, and is then bounded by the whole numbers kept exactly).
 */
export function inRange(
  value: number,
  low: number | undefined,
  high: number | undefined,
  line: number,
  column: number,
): number {
  if (!((low === undefined || value >= low) && (high === undefined || value <= high))) {
    const range = `${low ?? ""}..${high ?? ""}`;
    throw new RulesError(`${value} is outside the range ${range} the place is declared with`, line, column);
  }
  if (low === undefined || high === undefined) wholeNumber(value, line, column);
  return value;
}

/** A value set on a place declared with a range that has no top (`cp: 0..`): the value itself, or the game stops. */
export function atLeast(value: number, low: number, line: number, column: number): number {
  if (!(value >= low))
    throw new RulesError(`${value} is below ${low}, the least the place is declared with (${low}..)`, line, column);
  if (!(value <= LARGEST_WHOLE)) pastWhole(value, line, column);
  return value;
}

/**
 * A list or map stored whole in a place whose numbers are declared with a range (`dice: list<1..6>`, `stock:
 * map<Weapon, 0..>`, or lists and maps of them): the value itself once each number lies within it, or the game stops.
 */
export function allInRange<T extends object>(
  value: T,
  low: number | undefined,
  high: number | undefined,
  line: number,
  column: number,
): T {
  for (const v of Array.isArray(value) ? (value as unknown[]) : Object.values(value)) {
    if (typeof v === "object" && v !== null) allInRange(v, low, high, line, column);
    else if (typeof v === "number") {
      if (high === undefined && low !== undefined) atLeast(v, low, line, column);
      else inRange(v, low, high, line, column);
    }
  }
  return value;
}

/** Integer division rounding toward zero, refusing division by zero. */
export function divide(a: number, b: number, line?: number, column?: number): number {
  if (b === 0) throw new RulesError("division by zero", line, column);
  return Math.trunc(a / b);
}

/** The remainder of that division (its sign is the dividend's), refusing division by zero. */
export function remainder(a: number, b: number, line?: number, column?: number): number {
  if (b === 0) throw new RulesError("division by zero", line, column);
  return a % b;
}

/**
 * Ranks seats by keys compared in order, higher first (a caller negates a key where lowest wins).
 * Seats equal on every key share a rank; rank 1 is best.
 */
export function rankByKeys(keys: readonly (readonly number[])[]): number[] {
  const ranks: number[] = new Array<number>(keys.length);
  for (let i = 0; i < keys.length; i++) {
    let rank = 1;
    for (let j = 0; j < keys.length; j++) if (isBetter(keys[j]!, keys[i]!)) rank++;
    ranks[i] = rank;
  }
  return ranks;
}

function isBetter(a: readonly number[], b: readonly number[]): boolean {
  for (let i = 0; i < a.length; i++) {
    if ((a[i] as number) !== (b[i] as number)) return (a[i] as number) > (b[i] as number);
  }
  return false;
}

/** The seat lists 0..n-1 for every n up to `max`, shared so that `players` allocates nothing. */
export function seatLists(max: number): readonly (readonly number[])[] {
  return Array.from({ length: max + 1 }, (_, n) => rangeList(0, n - 1));
}

/** `playersFrom(p)`: every seat of a game of `count` players, `first` first, then clockwise. */
export function seatsFrom(count: number, first: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < count; i++) out.push((first + i) % count);
  return out;
}

/** FNV-1a hash of a text, as 8 hex digits: engines record their rules source's hash with it. */
export function hashText(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(16).padStart(8, "0");
}

// ---- structural checks used by generated `validateState` ----------------------------------------------------

export function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

export function isInt(v: unknown): v is number {
  return typeof v === "number" && Number.isInteger(v);
}
