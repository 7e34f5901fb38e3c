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

/** The hexes a value of a view holds, as its type says: a hex, lists, maps and records of them. */
function hexesIn(value: unknown, type: ValueShape | undefined, shape: ViewShape | undefined, depth = 0): Axial[] {
  if (type === undefined || value === null || value === undefined || depth > 4) return [];
  switch (type.kind) {
    case "hex": {
      const h = value as { q?: unknown; r?: unknown };
      return typeof h.q === "number" && typeof h.r === "number" ? [{ q: h.q, r: h.r }] : [];
    }
    case "optional":
      return hexesIn(value, type.of, shape, depth + 1);
    case "list":
      return Array.isArray(value) ? value.flatMap((v: unknown) => hexesIn(v, type.of, shape, depth + 1)) : [];
    case "map":
      return typeof value === "object" && !Array.isArray(value)
        ? Object.values(value as object).flatMap((v: unknown) => hexesIn(v, type.value, shape, depth + 1))
        : [];
    case "record": {
      const fields = shape?.records[type.name];
      if (fields === undefined || typeof value !== "object" || Array.isArray(value)) return [];
      const record = value as Record<string, unknown>;
      return Object.entries(fields).flatMap(([name, f]) => hexesIn(record[name], f.type, shape, depth + 1));
    }
    default:
      return [];
  }
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

  const pieces = new Map<string, string[]>();
  const key: { letter: string; label: string; squares: readonly Axial[] }[] = [];
  const place = (label: string, hexes: readonly Axial[]): void => {
    if (hexes.length === 0) return;
    const letter = String.fromCharCode(65 + (key.length % 26));
    key.push({ letter, label, squares: hexes });
    for (const h of hexes) {
      const at = `${h.q},${h.r}`;
      const here = pieces.get(at) ?? [];
      if (!here.includes(letter)) here.push(letter);
      pieces.set(at, here);
    }
  };
  for (const [name, f] of Object.entries(shape?.table ?? {})) place(name, hexesIn(view[name], f.type, shape));
  const players = Array.isArray(view.players) ? (view.players as unknown[]) : [];
  players.forEach((fields, seat) => {
    if (typeof fields !== "object" || fields === null) return;
    for (const [name, f] of Object.entries(shape?.players ?? {})) {
      place(`seat ${seat} ${name}`, hexesIn((fields as Record<string, unknown>)[name], f.type, shape));
    }
  });
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
