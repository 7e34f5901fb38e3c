/**
 * Plain-text presentation of game data, for terminals: actions, outcomes, views and simulation summaries.
 * Game-agnostic: it only knows the shapes the engine interface guarantees.
 */
import type { AnyEngine, BoardGrids, Engine, EngineAction, Outcome } from "./engine.ts";
import type { GridSize } from "./grid.ts";
import type { SimulationSummary } from "./simulate.ts";
import type { ValueShape, ViewShape } from "./view-shape.ts";
import { boardOverview, graphLines, graphOverview, overviewLines } from "./board-overview.ts";

/**
 * `type key=value ...` — the action's type and parameters, without the seat (`player`). A value that is a small record
 * reads as views show it: a member of a tagged union as the rules write it (`step=sail(zone: "stJohn")`), a cell as
 * `{ x: 0, y: -1 }`.
 */
export function formatAction(action: EngineAction): string {
  const parts = [action.type];
  for (const [key, value] of Object.entries(action)) {
    if (key === "type" || key === "player") continue;
    const inline =
      typeof value === "object" && value !== null && !Array.isArray(value)
        ? formatInline(Object.entries(value).filter(([, v]) => v !== undefined))
        : null;
    parts.push(`${key}=${typeof value === "string" ? value : (inline ?? JSON.stringify(value))}`);
  }
  return parts.join(" ");
}

/**
 * An action as its player reads it now, formatted like `formatAction`: a parameter given by its position in a list
 * shows the value it stands for when the engine can say it (`Engine.shownAction`). Call it before applying.
 */
export function formatShownAction(engine: AnyEngine, state: object, action: EngineAction): string {
  const shown = formatAction(engine.shownAction?.(state, action) ?? action);
  const label = engine.describeAction?.(state, action) ?? null;
  return label === null ? shown : `${shown}: ${label}`;
}

/**
 * An action as a button reads it: its kind and the values it names, a position in a list as the value it stands for
 * and a hex or a cell as the rules write it (`Return ship 4`, `startPort (0, -2)`, `kind armed`), then what it does in
 * the rules' words when they say (`Launch: ...`). `formatShownAction` is the same for logs, with parameter names.
 */
export function actionLabel(engine: AnyEngine, state: object, action: EngineAction): string {
  const shown = engine.shownAction?.(state, action) ?? action;
  const values = Object.entries(shown)
    .filter(([key]) => key !== "type" && key !== "player")
    .map(([key, value]) => `${key === "value" ? "" : `${key} `}${valueText(value)}`);
  const label = engine.describeAction?.(state, action) ?? null;
  const text = [action.type, ...values].join(" ");
  return label === null ? text : `${text}: ${label}`;
}

/**
 * A value of an action as the rules write it: a hex or a cell as `(q, r)` or `(x, y)`, a member of a tagged union as
 * `sail(zone: "stJohn")` (as views show it), text as it is.
 */
function valueText(value: unknown): string {
  if (typeof value === "string") return value;
  if (typeof value === "object" && value !== null && !Array.isArray(value)) {
    const v = value as Record<string, unknown>;
    if ("q" in v && "r" in v) return `(${String(v.q)}, ${String(v.r)})`;
    if ("x" in v && "y" in v) return `(${String(v.x)}, ${String(v.y)})`;
    const inline = formatInline(Object.entries(v).filter(([, field]) => field !== undefined));
    if (inline !== null) return inline;
  }
  return JSON.stringify(value);
}

/** What an action names: the squares (`"q,r"`) and cells (`"x,y"`) it is about, and the words it holds. */
export interface ActionNames {
  readonly hexes: string[];
  readonly cells: string[];
  readonly words: string[];
}

/**
 * What an action names, as its player reads it (`Engine.shownAction`'s values besides its kind): the squares (`"q,r"`)
 * and cells (`"x,y"`) it is about, and the words it holds (`G01`, a tagged union's values: `sail(zone: "havana")`
 * names `havana`). A player may point at an action by any of them (a click on the board, a word typed).
 */
export function actionNames(shown: object): ActionNames {
  const named: ActionNames = { hexes: [], cells: [], words: [] };
  for (const [field, value] of Object.entries(shown)) {
    if (field === "type") continue;
    if (typeof value === "string") named.words.push(value);
    if (typeof value !== "object" || value === null || Array.isArray(value)) continue;
    if (!namePlace(named, value as Record<string, unknown>)) {
      named.words.push(...Object.values(value).filter((w): w is string => typeof w === "string"));
    }
  }
  return named;
}

/** Adds a square or cell in views' form to `named`; false for another value. */
function namePlace(named: ActionNames, v: Record<string, unknown>): boolean {
  if (typeof v.q === "number" && typeof v.r === "number") named.hexes.push(`${v.q},${v.r}`);
  else if (typeof v.x === "number" && typeof v.y === "number") named.cells.push(`${v.x},${v.y}`);
  else return false;
  return true;
}

/**
 * What `action` names in `state`: `actionNames` of the action as its player reads it, and the squares and cells its
 * label names (`Engine.actionPlaces`: the square a step sails to).
 */
export function namesOfAction<S extends object, A extends EngineAction>(
  engine: Engine<S, A, unknown>,
  state: S,
  action: A,
): ActionNames {
  const named = actionNames(engine.shownAction?.(state, action) ?? action);
  for (const place of engine.actionPlaces?.(state, action) ?? []) {
    namePlace(named, place as unknown as Record<string, unknown>);
  }
  return named;
}

/**
 * How the game ended (when the rules say), the winners (none in a game given up), then each seat's score and rank,
 * one per line.
 */
export function formatOutcome(outcome: Outcome): string {
  const { winners, scores, ranks } = outcome;
  const head =
    outcome.abandoned === true
      ? "no winner"
      : winners.length === 1
        ? `winner: seat ${winners[0]}`
        : `shared victory: seats ${winners.join(", ")}`;
  const lines = outcome.ending === undefined ? [head] : [`the game ended: ${outcome.ending}`, head];
  for (let seat = 0; seat < scores.length; seat++) {
    lines.push(`  seat ${seat}: score ${scores[seat]}, rank ${ranks[seat]}`);
  }
  return lines.join("\n");
}

/**
 * An indented, YAML-like rendering of a JSON value (such as a view): one field per line, short lists of scalars
 * inline. Objects and long lists come out as a block whose lines each start with a newline and `indent`.
 */
export function formatValue(value: unknown, indent = ""): string {
  const inner = `${indent}  `;
  if (value instanceof Drawn) return value.lines.map((line) => `\n${indent}${line}`).join("");
  if (value instanceof Word) return value.text;
  if (Array.isArray(value)) {
    const items = value as unknown[];
    if (items.length === 0) return "[]";
    const inline = items.every(isScalar) ? `[${items.map(formatScalar).join(", ")}]` : null;
    if (inline !== null && inline.length <= 80) return inline;
    return items
      .map((item) => {
        const text = formatValue(item, inner);
        // A nested block starts on the dash's line: drop its first newline and indentation.
        return `\n${indent}- ${text.startsWith("\n") ? text.slice(1 + inner.length) : text}`;
      })
      .join("");
  }
  if (typeof value === "object" && value !== null) {
    const entries = Object.entries(value).filter(([, field]) => field !== undefined);
    if (entries.length === 0) return "{}";
    // A small record inside the view reads best on one line: `figure(owner: 0)`, `{ x: 2, y: 0 }`.
    const inline = indent === "" ? null : formatInline(entries);
    if (inline !== null) return inline;
    return entries
      .map(([key, field]) => {
        const text = formatValue(field, inner);
        return `\n${indent}${key}:${text.startsWith("\n") ? "" : " "}${text}`;
      })
      .join("");
  }
  return formatScalar(value);
}

/**
 * A record of scalars (short lists of them, small records of them) on one line, or null when it would be long. A
 * tagged union's member (a `kind` naming it) reads like the rules write it: `tile(id: 3)`, `die`.
 */
function formatInline(entries: readonly [string, unknown][]): string | null {
  const fields: string[] = [];
  let kind: string | null = null;
  for (const [key, field] of entries) {
    if (field instanceof Drawn) return null;
    if (field instanceof Word) {
      fields.push(`${key}: ${field.text}`);
      continue;
    }
    if (key === "kind" && typeof field === "string" && kind === null) {
      kind = field;
      continue;
    }
    // A small record inside it (a cell, a square) stays on the line too.
    const nested =
      typeof field === "object" && field !== null && !Array.isArray(field)
        ? formatInline(Object.entries(field).filter(([, v]) => v !== undefined))
        : undefined;
    if (nested === null) return null;
    if (nested === undefined && (Array.isArray(field) ? !field.every(isScalar) : !isScalar(field))) return null;
    fields.push(
      `${key}: ${nested ?? (Array.isArray(field) ? `[${field.map(formatScalar).join(", ")}]` : formatScalar(field))}`,
    );
  }
  const text =
    kind === null ? `{ ${fields.join(", ")} }` : fields.length === 0 ? kind : `${kind}(${fields.join(", ")})`;
  return text.length <= 90 ? text : null;
}

/** `formatValue` as standalone text (without the newline a block starts with). */
export function formatBlock(value: unknown): string {
  return formatValue(value).replace(/^\n/, "");
}

/** Lines already laid out (a grid), which `formatValue` puts under their field as they are. */
class Drawn {
  constructor(readonly lines: readonly string[]) {}
}

/** A word written as it is, not as JSON: `hidden` for what the viewer may not see. */
class Word {
  constructor(readonly text: string) {}
}

/**
 * What a view holds for the engine's bookkeeping rather than the game (who is looking, whose turn it is), which a
 * board drawn for a player says elsewhere (its heading).
 */
export const VIEW_BOOKKEEPING: ReadonlySet<string> = new Set([
  "viewer",
  "variant",
  "playerCount",
  "toAct",
  "mayInterrupt",
]);

/** The widest grid drawn in a terminal, in columns or rows; a larger map is listed cell by cell. */
const GRID_LIMIT = 40;

/**
 * A player's view as `formatBlock` writes it, with what its shape says is a board drawn as one: a map keyed by cells
 * (`board: map<Cell, Player>`) as the grid it lies on (`grids`), or else as the grid of its cells' bounding box,
 * columns numbered by x and rows by y, an empty cell as `.`; a list of records that each stand on a cell (Glen More's
 * display: `Placed { tile, at: Cell, ... }`) as the grid of their positions in the list, then the records by
 * position. A map whose values are not single values, records sharing a cell, or too large a grid are written as any
 * other field.
 */
export function formatView(
  view: Record<string, unknown>,
  shape: ViewShape | undefined,
  /** The engine's `boardView`: drawn first, as text, with the view's pieces on it (`overviewLines`). */
  board?: Readonly<Record<string, unknown>>,
  /** The engine's `grids`: the bounded grids boards lie on, drawn whole. */
  grids?: BoardGrids,
): string {
  if (shape === undefined) return formatBlock(view);
  const overview = board === undefined ? null : boardOverview(board, view, shape);
  const graph = board === undefined ? null : graphOverview(board, view, shape);
  const lines = [
    ...(overview === null ? [] : ["the board:", ...overviewLines(overview).map((line) => `  ${line}`)]),
    ...(graph === null ? [] : [`the map (${graph.name}):`, ...graphLines(graph).map((line) => `  ${line}`)]),
  ];
  return (lines.length === 0 ? "" : `${lines.join("\n")}\n`) + formatFields(view, shape, grids);
}

function formatFields(view: Record<string, unknown>, shape: ViewShape, grids: BoardGrids | undefined): string {
  const drawn = (
    fields: Record<string, unknown>,
    shapes: ViewShape["table"],
    sizes: Readonly<Record<string, GridSize>> | undefined,
  ): Record<string, unknown> =>
    Object.fromEntries(
      Object.entries(fields).map(([name, value]) => {
        const type = shapes[name]?.shown === true ? undefined : shapes[name]?.type;
        let board: Drawn | null = null;
        if (type?.kind === "map" && type.key.kind === "cell") board = gridOf(value, sizes?.[name]);
        if (type?.kind === "list" && type.of.kind === "record") {
          const onCells = Object.entries(shape.records[type.of.name] ?? {}).filter(([, f]) => f.type.kind === "cell");
          if (onCells.length === 1) board = placedOn(value, onCells[0]![0]);
        }
        return [name, board ?? (type === undefined ? value : annotated(value, type, shape))];
      }),
    );
  // Each player's part under the seat's name (the viewer's marked), leaving out the seats with nothing to show.
  const seats = (players: unknown[]): Record<string, unknown> =>
    Object.fromEntries(
      players.flatMap((p, seat) => {
        if (typeof p !== "object" || p === null || Object.keys(p).length === 0) return [];
        const label = `seat ${seat}${seat === view.viewer ? " (you)" : ""}`;
        return [[label, drawn(p as Record<string, unknown>, shape.players, grids?.players)]];
      }),
    );
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(view)) {
    if (VIEW_BOOKKEEPING.has(name)) continue;
    if (name === "players" && Array.isArray(value)) {
      const shown = seats(value);
      if (Object.keys(shown).length > 0) out.players = shown;
    } else Object.assign(out, drawn({ [name]: value }, shape.table, grids?.table));
  }
  return formatBlock(out);
}

interface TextOnCell {
  readonly x: number;
  readonly y: number;
  readonly text: string;
}

/**
 * `value` with each null in it, down through lists, maps and records, said as the rules mean it: `none` where the type
 * is optional, else `hidden` (what the viewer may not see comes as null); a list the viewer may only count as
 * `N hidden`.
 */
function annotated(value: unknown, type: ValueShape, shape: ViewShape): unknown {
  if (value === null) return new Word(type.kind === "optional" ? "none" : "hidden");
  // A list the viewer may only count (`hidden`, or another player's `elements private`) comes as its size.
  if (typeof value === "number" && (type.kind === "list" || type.kind === "deck")) return new Word(`${value} hidden`);
  if (type.kind === "optional") return annotated(value, type.of, shape);
  if (typeof value !== "object") return value;
  if (Array.isArray(value)) return type.kind === "list" ? value.map((v) => annotated(v, type.of, shape)) : value;
  const entries = Object.entries(value);
  if (type.kind === "map") return Object.fromEntries(entries.map(([k, v]) => [k, annotated(v, type.value, shape)]));
  if (type.kind !== "record") return value;
  const fields = shape.records[type.name] ?? {};
  return Object.fromEntries(
    entries.map(([k, v]) => {
      const field = fields[k];
      return [k, field === undefined || field.shown === true ? v : annotated(v, field.type, shape)];
    }),
  );
}

/**
 * A map keyed by cells (`"x,y"` in a view) drawn as a grid (the whole of the grid it lies on, when given), or null
 * when it cannot be drawn as one.
 */
function gridOf(value: unknown, size: GridSize | undefined): Drawn | null {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return null;
  const cells: TextOnCell[] = [];
  for (const [key, v] of Object.entries(value)) {
    const match = /^(-?\d+),(-?\d+)$/.exec(key);
    if (match === null || !isScalar(v)) return null;
    cells.push({ x: Number(match[1]), y: Number(match[2]), text: typeof v === "string" ? v : formatScalar(v) });
  }
  const lines = gridLines(cells, size);
  return lines === null ? null : new Drawn(lines);
}

/**
 * A list of records standing on cells (`field` names each one's cell, `{ x, y }` in a view): the grid of their
 * positions in the list, then each record after its position. Null when it cannot be drawn so.
 */
function placedOn(value: unknown, field: string): Drawn | null {
  if (!Array.isArray(value)) return null;
  const cells: TextOnCell[] = [];
  const records: string[] = [];
  for (const [i, item] of (value as unknown[]).entries()) {
    if (typeof item !== "object" || item === null) return null;
    const at = (item as Record<string, unknown>)[field];
    if (typeof at !== "object" || at === null) return null;
    const { x, y } = at as { x?: unknown; y?: unknown };
    if (typeof x !== "number" || typeof y !== "number" || cells.some((c) => c.x === x && c.y === y)) return null;
    cells.push({ x, y, text: String(i) });
    const inline = formatInline(Object.entries(item).filter(([, v]) => v !== undefined));
    if (inline !== null) records.push(`${i}: ${inline}`);
    else
      records.push(
        `${i}:`,
        ...formatBlock(item)
          .split("\n")
          .map((line) => `  ${line}`),
      );
  }
  const lines = gridLines(cells);
  return lines === null ? null : new Drawn([...lines, ...records]);
}

/**
 * The lines of a grid of texts on cells, over their bounding box and the grid they lie on (`size`: from cell(0, 0));
 * null for no cells on no grid, or a grid too large to read.
 */
function gridLines(cells: readonly TextOnCell[], size?: GridSize): string[] | null {
  const corners =
    size === undefined
      ? []
      : [
          { x: 0, y: 0 },
          { x: size.width - 1, y: size.height - 1 },
        ];
  const spanned = [...cells, ...corners];
  if (spanned.length === 0) return null;
  const x0 = Math.min(...spanned.map((c) => c.x));
  const x1 = Math.max(...spanned.map((c) => c.x));
  const y0 = Math.min(...spanned.map((c) => c.y));
  const y1 = Math.max(...spanned.map((c) => c.y));
  if (x1 - x0 >= GRID_LIMIT || y1 - y0 >= GRID_LIMIT) return null;
  const at = new Map(cells.map((c) => [`${c.x},${c.y}`, c.text]));
  const xs = Array.from({ length: x1 - x0 + 1 }, (_, i) => x0 + i);
  const ys = Array.from({ length: y1 - y0 + 1 }, (_, i) => y0 + i);
  const width = Math.max(...xs.map((x) => String(x).length), ...cells.map((c) => c.text.length));
  const margin = Math.max(...ys.map((y) => String(y).length));
  const pad = (text: string): string => text.padStart(width);
  return [
    `${" ".repeat(margin)} ${xs.map((x) => pad(String(x))).join(" ")}`,
    ...ys.map((y) => `${String(y).padStart(margin)} ${xs.map((x) => pad(at.get(`${x},${y}`) ?? ".")).join(" ")}`),
  ];
}

function isScalar(value: unknown): boolean {
  return value === null || typeof value !== "object";
}

function formatScalar(value: unknown): string {
  return JSON.stringify(value) ?? "null";
}

/** `Event deck empty 96%, Glory target 4%`: the ways games ended, most frequent first. */
function formatEndings(s: SimulationSummary): string {
  return Object.entries(s.endings)
    .sort(([, a], [, b]) => b - a)
    .map(([reason, n]) => `${reason} ${((n * 100) / s.games).toFixed(0)}%`)
    .join(", ");
}

/** The variant, with the params given over it and the agents: `base GLORY_TARGET=15 (mcts:400 vs random)`. */
export function variantLabel(s: SimulationSummary): string {
  return [
    s.variant,
    ...Object.entries(s.params ?? {}).map(([name, value]) => `${name}=${String(value)}`),
    ...(s.agents === undefined ? [] : [`(${s.agents.join(" vs ")})`]),
  ].join(" ");
}

/** A column of the summary table: its title, whether it holds numbers (right-aligned), and its cell for a summary. */
export interface SummaryColumn {
  readonly title: string;
  readonly numeric: boolean;
  readonly cell: (s: SimulationSummary) => string;
}

/** The summary table's columns: game, variant, players, length statistics, win rate and mean score by seat, speed. */
export const SUMMARY_COLUMNS: readonly SummaryColumn[] = [
  { title: "game", numeric: false, cell: (s) => s.game },
  { title: "variant", numeric: false, cell: variantLabel },
  { title: "players", numeric: true, cell: (s) => String(s.players) },
  { title: "games", numeric: true, cell: (s) => String(s.games) },
  { title: "mean len", numeric: true, cell: (s) => s.meanLength.toFixed(1) },
  { title: "min", numeric: true, cell: (s) => String(s.minLength) },
  { title: "max", numeric: true, cell: (s) => String(s.maxLength) },
  {
    title: "win rate by seat",
    numeric: false,
    cell: (s) => s.winRate.map((rate) => `${(rate * 100).toFixed(0)}%`).join(" "),
  },
  { title: "mean score by seat", numeric: false, cell: (s) => s.meanScore.map((score) => score.toFixed(1)).join(" ") },
  { title: "shared", numeric: true, cell: (s) => String(s.sharedWins) },
  {
    title: "games/s",
    numeric: true,
    cell: (s) => (Number.isFinite(s.playoutsPerSecond) ? s.playoutsPerSecond.toFixed(0) : "-"),
  },
  { title: "how games ended", numeric: false, cell: formatEndings },
];

/** One row per summary, in SUMMARY_COLUMNS. */
export function formatSummaryTable(summaries: readonly SimulationSummary[]): string {
  const header = SUMMARY_COLUMNS.map((c) => c.title);
  const rows = summaries.map((s) => SUMMARY_COLUMNS.map((c) => c.cell(s)));
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (row[column] ?? "").length)),
  );
  const render = (cells: readonly string[]): string =>
    cells
      .map((cell, column) => {
        const width = widths[column] ?? 0;
        return SUMMARY_COLUMNS[column]?.numeric === true ? cell.padStart(width) : cell.padEnd(width);
      })
      .join("  ")
      .trimEnd();
  const rule = widths.map((width) => "-".repeat(width)).join("  ");
  return [render(header), rule, ...rows.map(render)].join("\n");
}
