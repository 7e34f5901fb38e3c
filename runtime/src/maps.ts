/**
 * Maps of the rules (`map<K, V>`), stored as plain JSON objects so that the state stays JSON: enum members key by
 * name, players, numbers and hexes by number. Iteration order is JavaScript's: integer keys ascending, other keys in
 * the order they were added; a saved and restored map keeps it.
 *
 * Lookups are plain property reads, the fastest JavaScript has (they are in the hot path of every playout). That is
 * safe because no key can name a property every object inherits: numbers never do, and the checker refuses a map
 * keyed by an enum with a member named like one (`constructor`, `toString`, `__proto__`...). A value is never
 * `undefined` (JSON has none), so `undefined` means "no such key".
 */
import { RulesError } from "./engine-support.ts";
import { hexQ, hexR, type Hex } from "./hex.ts";

export type RulesMap<K extends PropertyKey, V> = Partial<Record<K, V>>;

/** `rowOf(TABLE, key)` for a key known only as the game runs: the position of the row whose `column` is `key`. */
export function tableRow<R extends object>(
  table: readonly R[],
  column: keyof R,
  key: unknown,
  line?: number,
  at?: number,
): number {
  const position = table.findIndex((row) => row[column] === key);
  if (position < 0) throw new RulesError(`no row has ${String(column)} ${JSON.stringify(key)}`, line, at);
  return position;
}

/** `m[k]`: the value for `key`; a key the map does not have stops the game, naming the rules line of the lookup. */
export function mapGet<K extends PropertyKey, V>(map: RulesMap<K, V>, key: K, line?: number, column?: number): V {
  const value = map[key];
  if (value === undefined) noKey(key, line, column);
  return value;
}

/**
 * Stops the game at a lookup of a key the map does not have. Engines read a map inline (`m[k] ?? noKey(k, line)`;
 * `has` and `get` as `m[k] !== undefined` and `m[k] ?? null`), so each lookup keeps its own inline cache; `mapGet`,
 * `mapHas` and `mapFind` do the same through one shared function, for code that is not an engine's.
 */
export function noKey(key: PropertyKey, line?: number, column?: number): never {
  throw new RulesError(`the map has no value for ${String(key)}`, line, column);
}

/** `get(m, k)`: the value for `key`, or null (none) when the map has none. */
export function mapFind<K extends PropertyKey, V>(map: RulesMap<K, V>, key: K): V | null {
  return map[key] ?? null;
}

/**
 * A map's number of keys, once counted, kept under a symbol that is not enumerable: JSON, `Object.keys`, copies and
 * equality never see it, and a map read back from a save counts again. `Object.keys(m).length` costs microseconds on
 * a map keyed by squares or cells (V8 keeps such objects as dictionaries), and `size(board)` is asked at every turn of
 * a board game. Every copy of the runtime shares the symbol (`Symbol.for`), so that a map counted by an engine's copy
 * is kept up to date by any other.
 */
const SIZE: unique symbol = Symbol.for("@rules/runtime: a map's size");
/**
 * The same for the keys of a map keyed by numbers (players, cells, squares), in their order, kept up to date in place
 * by every change (see `addKey`): `keys(m)` gives a copy, aggregates read the list itself.
 */
const KEYS: unique symbol = Symbol.for("@rules/runtime: a map's keys");
type Counted = { [SIZE]?: number; [KEYS]?: number[] | undefined };

/** Keeps `value` on the map under `key`, unseen by equality and copies (not enumerable). */
function remember<T>(map: object, key: typeof SIZE | typeof KEYS, value: T): T {
  Object.defineProperty(map, key, { value, writable: true, configurable: true, enumerable: false });
  return value;
}

/** `m[k] = v` */
export function mapSet<K extends PropertyKey, V>(map: RulesMap<K, V>, key: K, value: V): void {
  if (map[key] === undefined) {
    const counted = map as Counted;
    const n = counted[SIZE];
    if (n !== undefined) counted[SIZE] = n + 1;
    const keys = counted[KEYS];
    if (keys !== undefined && !addKey(keys, key)) counted[KEYS] = undefined;
  }
  map[key] = value;
}

/** Takes `key` out of the keys a map keeps (see `addKey`). */
function removeKey(keys: number[], key: number): void {
  const at = keys.indexOf(key);
  if (at >= 0) keys.splice(at, 1);
}

/** Whether a key is a position in JavaScript's sense: such keys come first in an object's order, ascending. */
function isIndex(key: unknown): key is number {
  return typeof key === "number" && Number.isInteger(key) && key >= 0 && key < 4294967295;
}

/**
 * Adds `key` to the keys a map keyed by numbers keeps, in the order `Object.keys` would give (a board changes at
 * every move and is read at every move: counting the keys again each time cost a game like Breakthrough a seventh of
 * its time). The list is changed in place: engines read it only in expressions that change nothing while they go
 * over it (an aggregate or a comprehension that calls no procedure), which end before the map changes; every other
 * reader gets a copy (`mapNumberKeys`). Positions (0, 1, 2...) come first in ascending order, other keys (negative
 * numbers) after them in the order they came; with those, false: the keys are counted again when next read.
 */
function addKey(keys: number[], key: PropertyKey): boolean {
  if (!isIndex(key) || (keys.length > 0 && !isIndex(keys[keys.length - 1]))) return false;
  let at = keys.length;
  while (at > 0 && keys[at - 1]! > key) at--;
  keys.splice(at, 0, key);
  return true;
}

/** `has(m, k)` */
export function mapHas<K extends PropertyKey>(map: RulesMap<K, unknown>, key: K): boolean {
  return map[key] !== undefined;
}

/** `remove k from m` */
export function mapDelete<K extends PropertyKey>(map: RulesMap<K, unknown>, key: K): void {
  if (map[key] === undefined) return;
  const counted = map as Counted;
  const n = counted[SIZE];
  if (n !== undefined) counted[SIZE] = n - 1;
  const keys = counted[KEYS];
  if (keys !== undefined) removeKey(keys, Number(key));
  delete map[key];
}

/** `keys(m)` of a map keyed by enum members. */
export function mapKeys<K extends string>(map: RulesMap<K, unknown>): K[] {
  return Object.keys(map) as K[];
}

/** `keys(m)` of a map keyed by numbers (players, integers, hexes). */
export function mapNumberKeys(map: RulesMap<number, unknown>): number[] {
  return readMapNumberKeys(map).slice();
}

/**
 * The keys of a map keyed by numbers, as the map keeps them: for a loop that only reads them while the map stays as
 * it is (an aggregate or a comprehension over `keys(m)` or `values(m)` that calls no procedure), which then copies
 * nothing. The map changes the list in place (see `addKey`).
 */
export function readMapNumberKeys(map: RulesMap<number, unknown>): readonly number[] {
  return (map as Counted)[KEYS] ?? remember(map, KEYS, Object.keys(map).map(Number));
}

/** `values(m)`, in the order of the keys. */
export function mapValues<V>(map: RulesMap<PropertyKey, V>): V[] {
  return Object.values(map) as V[];
}

/** `size(m)`: how many keys. */
export function mapSize(map: RulesMap<PropertyKey, unknown>): number {
  const n = (map as Counted)[SIZE];
  if (n !== undefined) return n;
  return remember(map, SIZE, Object.keys(map).length);
}

/** A map from its entries, in order (a later entry for the same key replaces the earlier). */
export function mapFrom<K extends PropertyKey, V>(entries: readonly (readonly [K, V])[]): RulesMap<K, V> {
  const out: RulesMap<K, V> = {};
  for (const [k, v] of entries) mapSet(out, k, v);
  return out;
}

/** A copy of the map with each value turned by `f` (views of maps whose values some players may not see). */
export function mapMapValues<K extends PropertyKey, V, W>(map: RulesMap<K, V>, f: (value: V) => W): RulesMap<K, W> {
  const out: RulesMap<K, W> = {};
  for (const k of Object.keys(map) as K[]) mapSet(out, k, f(map[k] as V));
  return out;
}

/** A map keyed by squares as a player's view shows it: keyed by `"q,r"`, each value turned by `f`. */
export function hexKeyedView<V, W>(map: RulesMap<Hex, V>, f: (value: V) => W): Record<string, W> {
  const out: Record<string, W> = {};
  for (const k of Object.keys(map)) {
    const h = Number(k);
    mapSet(out, `${hexQ(h)},${hexR(h)}`, f(map[h] as V));
  }
  return out;
}

/** Whether a JSON object key is an integer, as the keys of a map keyed by numbers are. */
export function isNumberKey(key: string): boolean {
  return /^-?(0|[1-9]\d*)$/.test(key) && Number.isSafeInteger(Number(key));
}

/**
 * Breadth-first from `from` along `links`, in the links' own order (so the same links give the same answer): calls
 * `reach` once for every other place within `limit` moves, nearest first, until it returns true.
 */
function breadthFirst<K extends PropertyKey>(
  links: RulesMap<K, readonly K[]>,
  from: K,
  limit: number,
  reach: (place: K, distance: number) => boolean,
): void {
  const seen = new Set<K>([from]);
  let frontier: K[] = [from];
  for (let distance = 1; distance <= limit && frontier.length > 0; distance++) {
    const next: K[] = [];
    for (const place of frontier) {
      for (const n of links[place] ?? []) {
        if (seen.has(n)) continue;
        seen.add(n);
        if (reach(n, distance)) return;
        next.push(n);
      }
    }
    frontier = next;
  }
}

/** `steps(links, a, b)`: the fewest moves from `a` to `b` along `links`, or null (none) when `b` cannot be reached. */
export function graphSteps<K extends PropertyKey>(links: RulesMap<K, readonly K[]>, from: K, to: K): number | null {
  if (from === to) return 0;
  let found: number | null = null;
  breadthFirst(links, from, Infinity, (place, distance) => {
    if (place === to) found = distance;
    return found !== null;
  });
  return found;
}

/** `within(links, a, k)`: the places at most `k` moves from `a`, nearest first, `a` itself first. */
export function graphWithin<K extends PropertyKey>(links: RulesMap<K, readonly K[]>, from: K, k: number): K[] {
  const out: K[] = [from];
  breadthFirst(links, from, k, (place) => {
    out.push(place);
    return false;
  });
  return out;
}
