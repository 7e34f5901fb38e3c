/**
 * The board players see, as one picture: the squares the rules derive from the setup (`Engine.boardView`: maps keyed
 * by hexes, lists of hexes) told apart by the derived fields that name them (land, a port...), and on them every hex
 * a player's view holds (a pawn's square, the merchants...), each field with a letter. Game-agnostic: it reads only
 * the view's shape. `rules serve` draws it as hexes, `rules play` as text.
 */
import type { ValueShape, ViewShape } from "./view-shape.ts";

/** A square of the board: its kind (the derived fields naming it, less those naming every square) and its pieces. */
export interface OverviewSquare {
  readonly q: number;
  readonly r: number;
  readonly kind: string;
  /** The letters of the view's fields that name this square, in the key's order. */
  readonly pieces: readonly string[];
}

export interface BoardOverview {
  readonly squares: readonly OverviewSquare[];
  /** The kinds of square, the commonest first ("" for squares no field tells apart). */
  readonly kinds: readonly string[];
  /** What each letter stands for (`merchants`, `seat 0 pos`), and the squares it is on. */
  readonly key: readonly { readonly letter: string; readonly label: string; readonly squares: readonly Axial[] }[];
}

export interface Axial {
  readonly q: number;
  readonly r: number;
}

/**
 * What a value of a view holds, as its type says: `leaf` takes what it wants from a value of a type it knows (and
 * says so by not returning undefined); lists, maps' values, optional values and records' fields are gone into.
 */
function collect<T>(
  value: unknown,
  type: ValueShape | undefined,
  shape: ViewShape | undefined,
  leaf: (value: unknown, type: ValueShape) => T[] | undefined,
  depth = 0,
): T[] {
  if (type === undefined || value === null || value === undefined || depth > 4) return [];
  const own = leaf(value, type);
  if (own !== undefined) return own;
  const inner = (v: unknown, t: ValueShape): T[] => collect(v, t, shape, leaf, depth + 1);
  switch (type.kind) {
    case "optional":
      return inner(value, type.of);
    case "list":
      return Array.isArray(value) ? value.flatMap((v: unknown) => inner(v, type.of)) : [];
    case "map":
      return typeof value === "object" && !Array.isArray(value)
        ? Object.values(value as object).flatMap((v: unknown) => inner(v, type.value))
        : [];
    case "record": {
      const fields = shape?.records[type.name];
      if (fields === undefined || typeof value !== "object" || Array.isArray(value)) return [];
      const record = value as Record<string, unknown>;
      return Object.entries(fields).flatMap(([name, f]) => inner(record[name], f.type));
    }
    default:
      return [];
  }
}

/** The hexes a value of a view holds (a hex, lists, maps and records of them). */
function hexesIn(value: unknown, type: ValueShape | undefined, shape: ViewShape | undefined): Axial[] {
  return collect(value, type, shape, (v, t) => {
    if (t.kind !== "hex") return undefined;
    const h = v as { q?: unknown; r?: unknown };
    return typeof h.q === "number" && typeof h.r === "number" ? [{ q: h.q, r: h.r }] : [];
  });
}

/**
 * A letter for each field of the view that holds `locate`'s places (the table's fields, then each player's, in
 * order), and the letters at each place (`at` names a place).
 */
function letterFields<T>(
  view: Readonly<Record<string, unknown>>,
  shape: ViewShape | undefined,
  locate: (value: unknown, type: ValueShape) => T[],
  at: (found: T) => string,
): { key: { letter: string; label: string; found: readonly T[] }[]; pieces: Map<string, string[]> } {
  const key: { letter: string; label: string; found: readonly T[] }[] = [];
  const pieces = new Map<string, string[]>();
  const letter = (label: string, found: readonly T[]): void => {
    if (found.length === 0) return;
    const l = String.fromCharCode(65 + (key.length % 26));
    key.push({ letter: l, label, found });
    for (const f of found) {
      const here = pieces.get(at(f)) ?? [];
      if (!here.includes(l)) here.push(l);
      pieces.set(at(f), here);
    }
  };
  for (const [name, f] of Object.entries(shape?.table ?? {})) letter(name, locate(view[name], f.type));
  const players = Array.isArray(view.players) ? (view.players as unknown[]) : [];
  players.forEach((fields, seat) => {
    if (typeof fields !== "object" || fields === null) return;
    for (const [name, f] of Object.entries(shape?.players ?? {})) {
      letter(`seat ${seat} ${name}`, locate((fields as Record<string, unknown>)[name], f.type));
    }
  });
  return { key, pieces };
}

/** The overview of `board` (an engine's `boardView`) with the hexes of `view` on it; null when it has no hexes. */
export function boardOverview(
  board: Readonly<Record<string, unknown>>,
  view: Readonly<Record<string, unknown>>,
  shape: ViewShape | undefined,
): BoardOverview | null {
  const named = new Map<string, string[]>();
  const note = (h: Axial, name: string): void => {
    const key = `${h.q},${h.r}`;
    const names = named.get(key) ?? [];
    if (!names.includes(name)) names.push(name);
    named.set(key, names);
  };
  for (const [name, f] of Object.entries(shape?.board ?? {})) {
    const value = board[name];
    if (f.type.kind === "map" && f.type.key.kind === "hex" && typeof value === "object" && value !== null) {
      for (const key of Object.keys(value)) {
        const [q, r] = key.split(",").map(Number) as [number, number];
        note({ q, r }, name);
      }
    } else {
      for (const h of hexesIn(value, f.type, shape)) note(h, name);
    }
  }
  if (named.size === 0) return null;
  // What every square has in common (the module it lies on) tells no square apart.
  const everywhere = [...named.values()].reduce((common, names) => common.filter((n) => names.includes(n)));
  const kindOf = (names: readonly string[]): string => names.filter((n) => !everywhere.includes(n)).join(", ");

  const lettered = letterFields(
    view,
    shape,
    (v, t) => hexesIn(v, t, shape),
    (h) => `${h.q},${h.r}`,
  );
  const pieces = lettered.pieces;
  const key = lettered.key.map((k) => ({ letter: k.letter, label: k.label, squares: k.found }));
  for (const at of pieces.keys()) if (!named.has(at)) named.set(at, []);

  const squares = [...named].map(([at, names]): OverviewSquare => {
    const [q, r] = at.split(",").map(Number) as [number, number];
    return { q, r, kind: kindOf(names), pieces: pieces.get(at) ?? [] };
  });
  const counts = new Map<string, number>();
  for (const s of squares) counts.set(s.kind, (counts.get(s.kind) ?? 0) + 1);
  const kinds = [...counts].sort((a, b) => b[1] - a[1]).map(([kind]) => kind);
  return { squares, kinds, key };
}

/** Characters for the kinds of square in text, the commonest kind first. */
const MARKS = [".", "#", "o", "%", "^", "~", "=", "*", "&", "+"];

/**
 * The overview as text: a row of squares per r, each square a character (its kind's mark, or the letter of a piece
 * on it, `@` for several), rows shifted half a square as hexes lie; then the key of marks and letters.
 */
export function overviewLines(overview: BoardOverview): string[] {
  const mark = new Map(overview.kinds.map((kind, i) => [kind, MARKS[i % MARKS.length]!]));
  const at = new Map(overview.squares.map((s) => [`${s.q},${s.r}`, s]));
  const columns = overview.squares.map((s) => 2 * s.q + s.r);
  const rows = overview.squares.map((s) => s.r);
  const [x0, x1, r0, r1] = [Math.min(...columns), Math.max(...columns), Math.min(...rows), Math.max(...rows)];
  const lines: string[] = [];
  for (let r = r0; r <= r1; r++) {
    const line = Array.from({ length: x1 - x0 + 1 }, () => " ");
    for (let x = x0; x <= x1; x++) {
      if ((x - r) % 2 !== 0) continue;
      const square = at.get(`${(x - r) / 2},${r}`);
      if (square === undefined) continue;
      line[x - x0] = square.pieces.length > 1 ? "@" : (square.pieces[0] ?? mark.get(square.kind)!);
    }
    lines.push(line.join("").trimEnd());
  }
  const marks = overview.kinds.map((kind) => `${mark.get(kind)} ${kind === "" ? "other squares" : kind}`);
  // A piece on one or two squares says where (a pawn's square, to read beside an action's label).
  const where = (squares: readonly Axial[]): string =>
    squares.length > 2 ? "" : ` ${squares.map((h) => `(${h.q}, ${h.r})`).join(" ")}`;
  const letters = [...overview.key.map((k) => `${k.letter} ${k.label}${where(k.squares)}`), "@ several"];
  return [...lines, ...wrapped("key: ", [...marks, ...letters])];
}

/** Entries joined by `; ` in lines of at most 100 characters, the first after `head`, the others under it. */
function wrapped(head: string, entries: readonly string[]): string[] {
  const lines: string[] = [];
  let line = head;
  for (const entry of entries) {
    const joined = line === head ? `${line}${entry}` : `${line}; ${entry}`;
    if (joined.length > 100 && line !== head) {
      lines.push(`${line};`);
      line = `${" ".repeat(head.length)}${entry}`;
    } else line = joined;
  }
  return [...lines, line];
}

/**
 * A map of places the rules declare as a constant (`SEA_LINKS: map<Zone, list<Zone>>`: the places next to each), with
 * every place of a player's view lettered on it: the key says which field each letter stands for.
 */
export interface GraphOverview {
  /** The constant's name. */
  readonly name: string;
  readonly places: readonly { readonly name: string; readonly pieces: readonly string[] }[];
  /** Each link once, in the order the map lists them. */
  readonly links: readonly (readonly [string, string])[];
  readonly key: readonly { readonly letter: string; readonly label: string; readonly places: readonly string[] }[];
}

/** The places of enum `place` a value of a view holds (a zone, lists, maps and records of them). */
function placesIn(value: unknown, type: ValueShape | undefined, shape: ViewShape | undefined, place: string): string[] {
  return collect(value, type, shape, (v, t) =>
    t.kind !== "enum" ? undefined : t.name === place && typeof v === "string" ? [v] : [],
  );
}

/** The first map of places of `board` (an engine's `boardView`) with the places of `view` on it; null without one. */
export function graphOverview(
  board: Readonly<Record<string, unknown>>,
  view: Readonly<Record<string, unknown>>,
  shape: ViewShape | undefined,
): GraphOverview | null {
  const found = Object.entries(shape?.board ?? {}).find(
    ([, f]) => f.type.kind === "map" && f.type.key.kind === "enum" && f.type.value.kind === "list",
  );
  if (found === undefined) return null;
  const [name, field] = found;
  const type = field.type as Extract<ValueShape, { kind: "map" }>;
  const place = (type.key as { name: string }).name;
  const next = board[name] as Readonly<Record<string, readonly string[]>> | undefined;
  if (next === undefined) return null;
  const links: [string, string][] = [];
  for (const [from, tos] of Object.entries(next)) {
    for (const to of tos)
      if (!links.some(([a, b]) => (a === to && b === from) || (a === from && b === to))) links.push([from, to]);
  }
  const lettered = letterFields(
    view,
    shape,
    (v, t) => placesIn(v, t, shape, place),
    (p) => p,
  );
  const pieces = lettered.pieces;
  const key = lettered.key.map((k) => ({ letter: k.letter, label: k.label, places: k.found }));
  const places = Object.keys(next).map((p) => ({ name: p, pieces: pieces.get(p) ?? [] }));
  return { name, places, links, key };
}

/** The map of places as text: a line per place, its pieces' letters and the places next to it; then the key. */
export function graphLines(overview: GraphOverview): string[] {
  const next = new Map<string, string[]>();
  for (const [a, b] of overview.links) {
    next.set(a, [...(next.get(a) ?? []), b]);
    next.set(b, [...(next.get(b) ?? []), a]);
  }
  const width = Math.max(
    ...overview.places.map((p) => p.name.length + (p.pieces.length > 0 ? p.pieces.length + 3 : 0)),
  );
  const lines = overview.places.map((p) => {
    const head = p.pieces.length > 0 ? `${p.name} [${p.pieces.join("")}]` : p.name;
    return `${head.padEnd(width)} - ${(next.get(p.name) ?? []).join(", ")}`;
  });
  return [
    ...lines,
    ...wrapped(
      "key: ",
      overview.key.map((k) => `${k.letter} ${k.label}`),
    ),
  ];
}
