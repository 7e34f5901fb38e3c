/**
 * The functions the language provides (`size`, `draw`, `random`, `hex`, `has`...): their signatures, and the checking
 * of a call of one. Like the other parts of the checker, it works through a small host interface.
 */
import type * as A from "./ast.ts";
import { CHANGES_HINT, describeContext, type Context } from "./checker-context.ts";
import { Codes, didYouMean, error, type Diagnostic } from "./diagnostics.ts";
import {
  BOOL,
  CELL,
  ERROR,
  HEX,
  INT,
  isAssignable,
  listOf,
  optionalOf,
  PLAYER,
  typeToString,
  VOID,
  type Type,
} from "./types.ts";

export interface BuiltinSignature {
  readonly arity: number | readonly [number, number];
  readonly describe: string;
  /** Whether it changes state or draws randomness (not allowed where the rules only look). */
  readonly effect: boolean;
}

/**
 * The built-in functions by name. The table has no prototype: it is read with the names a rules file calls, and
 * `valueOf(...)` or `constructor(...)` must be unknown functions there, not Object's methods (the checker threw).
 */
export const builtinFunctions: Readonly<Record<string, BuiltinSignature>> = Object.assign(Object.create(null), {
  size: { arity: 1, describe: "size(list): how many elements", effect: false },
  draw: {
    arity: 1,
    describe: "draw(list): removes and returns the top (first) element; draw(deck): the top card or none",
    effect: true,
  },
  reshuffle: {
    arity: 1,
    describe: "reshuffle(deck): the discard pile goes back into the draw pile, which is shuffled",
    effect: true,
  },
  pick: { arity: 1, describe: "pick(list): a uniformly random element", effect: true },
  random: { arity: 2, describe: "random(low, high): a uniformly random integer from low to high", effect: true },
  shuffled: { arity: 1, describe: "shuffled(list): a shuffled copy", effect: true },
  take: { arity: 2, describe: "take(list, n): the first n elements (all of them when there are fewer)", effect: false },
  next: { arity: 1, describe: "next(player): the next player clockwise", effect: false },
  playersFrom: {
    arity: 1,
    describe: "playersFrom(player): every player, that one first, then clockwise",
    effect: false,
  },
  previous: { arity: 1, describe: "previous(player): the previous player clockwise", effect: false },
  contains: { arity: 2, describe: "contains(list, value)", effect: false },
  abs: { arity: 1, describe: "abs(n)", effect: false },
  min: { arity: 2, describe: "min(a, b)", effect: false },
  max: { arity: 2, describe: "max(a, b)", effect: false },
  range: { arity: 2, describe: "range(low, high): the integers from low to high", effect: false },
  score: { arity: 1, describe: "score(player): the player's score by the scoring rules", effect: false },
  seat: { arity: 1, describe: "seat(player): the player's seat number, 0 for the first", effect: false },
  members: { arity: 1, describe: "members(Enum): every member of an enum, in declaration order", effect: false },
  indexOf: {
    arity: 2,
    describe: "indexOf(list, value): the position of the first equal element, -1 if none",
    effect: false,
  },
  hex: { arity: 2, describe: "hex(q, r): the hex square at axial coordinates q, r", effect: false },
  distance: { arity: 2, describe: "distance(a, b): the number of steps between two hexes", effect: false },
  neighbours: { arity: 1, describe: "neighbours(h): the six hexes around h, clockwise from north", effect: false },
  step: { arity: [2, 3], describe: "step(h, direction[, k]): the hex k steps (default 1) from h", effect: false },
  ring: { arity: 2, describe: "ring(h, k): the hexes exactly k steps from h, clockwise from north", effect: false },
  disc: { arity: 2, describe: "disc(h, k): the hexes within k steps of h: h, then ring 1, ring 2...", effect: false },
  rotate: { arity: 2, describe: "rotate(offset, k): the offset turned k × 60° clockwise", effect: false },
  direction: { arity: 1, describe: "direction(d): the offset of one step towards d, as a Hex", effect: false },
  cell: { arity: 2, describe: "cell(x, y): the cell of a square grid at column x, row y", effect: false },
  adjacent: {
    arity: 1,
    describe: "adjacent(c): the 4 cells sharing a side with c: up, right, down, left",
    effect: false,
  },
  diagonals: {
    arity: 1,
    describe: "diagonals(c): the 4 cells touching c at a corner, clockwise from up-right",
    effect: false,
  },
  around: { arity: 1, describe: "around(c): the 8 cells around c (a king's moves), clockwise from up", effect: false },
  line: { arity: 3, describe: "line(c, direction, n): the n cells after c in that direction, outwards", effect: false },
  frontier: {
    arity: 1,
    describe: "frontier(cells): the cells sharing a side with one of the cells, not among them",
    effect: false,
  },
  inside: {
    arity: [2, 3],
    describe:
      "inside(c, width, height): whether c lies on the grid from cell(0, 0) to cell(width - 1, height - 1); inside(c, board): on the grid the board is declared on",
    effect: false,
  },
  manhattan: { arity: 2, describe: "manhattan(a, b): steps between two cells through sides only", effect: false },
  kingDistance: {
    arity: 2,
    describe: "kingDistance(a, b): steps between two cells through sides or corners",
    effect: false,
  },
  offset: { arity: 1, describe: "offset(d): the offset of one step towards d, as a Cell", effect: false },
  offers: {
    arity: 2,
    describe: "offers(player, Action): whether the action has a legal form for the player now",
    effect: false,
  },
  has: { arity: 2, describe: "has(map, key): whether the map has a value for the key", effect: false },
  isSet: {
    arity: 1,
    describe: "isSet(field): whether a field declared `= unset` has been given a value yet",
    effect: false,
  },
  get: { arity: 2, describe: "get(map, key): the value for the key, or none", effect: false },
  keys: { arity: 1, describe: "keys(map): the map's keys, in the order they were added", effect: false },
  values: { arity: 1, describe: "values(map): the map's values, in the order of its keys", effect: false },
  steps: {
    arity: 3,
    describe:
      "steps(links, a, b): the fewest moves from a to b along links (a map from each place to its neighbours), none if b cannot be reached",
    effect: false,
  },
  rowOf: {
    arity: 2,
    describe: "rowOf(TABLE, key): the position of the table's row with that key (the table declares `key column`)",
    effect: false,
  },
  within: {
    arity: 3,
    describe: "within(links, a, k): the places at most k moves from a along links, nearest first (a itself first)",
    effect: false,
  },
  // Checked by `checker-ways.ts`: their rules are named (`within:`, `cost:`...), read for each square `h`.
  reachable: {
    arity: 1,
    describe:
      "reachable(h from start, within: budget, cost: ..., enter: ..., stop: ...): the squares a way within the budget ends on, cheapest first",
    effect: false,
  },
  route: {
    arity: 1,
    describe:
      "route(h from start, to: target, within: budget, cost: ..., enter: ..., stop: ...): the squares of the cheapest way there, none if there is none",
    effect: false,
  },
}) as Record<string, BuiltinSignature>;

/** The directions of a hex grid, declared by the language itself (flat-topped hexes, clockwise from north). */
export const HEX_DIR_ENUM = "HexDir";
export const HEX_DIR: Type = { kind: "enum", name: HEX_DIR_ENUM };
export const HEX_DIR_MEMBERS: readonly string[] = [
  "north",
  "northeast",
  "southeast",
  "south",
  "southwest",
  "northwest",
];

/** The directions of a square grid, declared by the language itself (clockwise from up; y grows downwards). */
export const GRID_DIR_ENUM = "GridDir";
/** Noted as used when the rules use the language's `Cell` type (see `Checker.run`). */
export const GRID_CELLS = "Cell#grid";
export const GRID_DIR: Type = { kind: "enum", name: GRID_DIR_ENUM };
export const GRID_DIR_MEMBERS: readonly string[] = [
  "up",
  "upRight",
  "right",
  "downRight",
  "down",
  "downLeft",
  "left",
  "upLeft",
];

export interface BuiltinHost {
  readonly diagnostics: Diagnostic[];
  readonly enums: ReadonlyMap<string, A.EnumDecl>;
  context(): Context;
  /** What the rules being checked may only look at the game for (a requirement, a choice's list), if anything. */
  looking(): string | undefined;
  expr(e: A.Expr, expected: Type | undefined): Type;
  notAList(span: A.Span, t: Type): void;
  assignableTarget(e: A.Expr): void;
  mapBuiltin(e: A.Call, name: string): Type | undefined;
  use(name: string): void;
  notListedHint(t: Type): string | undefined;
  noteDependency(target: string, span: A.Span): void;
  hasScore(): boolean;
  /** Whether `name` is an action of the rules (for `offers`). */
  isAction(name: string): boolean;
  /** A hint for a misspelt action's name. */
  actionHint(name: string): string;
  /** The key of the data table `name` (`table SHIPS of Ship key id`), if it declares one. */
  tableKey(name: string): TableKey | undefined;
  /** The names of the tables that declare a key, for hints. */
  keyedTables(): string[];
  /** The grid a board is declared on, when `e` names the game's or a player's field declared `on grid(...)`. */
  gridOf(e: A.Expr): A.GridBound | undefined;
}

/** A data table's key column: the rows by their keys (each key as its JSON text: `"G08"`, `3`). */
export interface TableKey {
  readonly column: string;
  readonly type: Type;
  readonly rows: ReadonlyMap<string, number>;
}

export class BuiltinChecker {
  constructor(private readonly host: BuiltinHost) {}

  /** `isSet(p.pos)`: whether a field declared `= unset` has a value yet; it asks about such a field only. */
  private isSet(e: A.Call): Type {
    const field = e.args[0];
    if (!field) return BOOL;
    this.host.expr(field, undefined);
    if ((field.kind !== "name" && field.kind !== "member") || field.late !== true) {
      this.host.diagnostics.push(
        error(
          Codes.typeMismatch,
          field.span,
          "`isSet` asks about a field declared `= unset`",
          "declare the field `pos: Hex = unset` to say it has no value until the rules give it one; for a value that may be none, compare it with `none`",
        ),
      );
    }
    return BOOL;
  }

  /** `rowOf(SHIPS, "G08")`: the position of a keyed table's row; a key written out must name a row. */
  private rowOf(e: A.Call): Type {
    const [table, key] = e.args;
    if (!table || !key) return INT;
    const key_ = table.kind === "name" ? this.host.tableKey(table.name) : undefined;
    if (table.kind !== "name" || !key_) {
      this.host.expr(table, undefined);
      this.host.diagnostics.push(
        error(
          Codes.typeMismatch,
          table.span,
          "`rowOf` takes a data table that declares its key column",
          this.host.keyedTables().length > 0
            ? `tables with a key: ${this.host.keyedTables().join(", ")}`
            : "declare one: `table SHIPS of Ship key id { ... }`",
        ),
      );
      this.host.expr(key, undefined);
      return INT;
    }
    this.host.expr(table, undefined);
    const keyType = this.host.expr(key, key_.type);
    e.tableRow = { column: key_.column, position: undefined };
    if (!isAssignable(keyType, key_.type)) return INT;
    const written =
      key.kind === "string" ? JSON.stringify(key.value) : key.kind === "int" ? String(key.value) : undefined;
    const position = written === undefined ? undefined : key_.rows.get(written);
    if (written !== undefined && position === undefined) {
      this.host.diagnostics.push(
        error(
          Codes.invalidValue,
          key.span,
          `no row of ${table.name} has ${key_.column} ${written}`,
          didYouMean(written, [...key_.rows.keys()]) ??
            `write the ${key_.column} of a row of ${table.name}, as it is written there`,
        ),
      );
    }
    e.tableRow = { column: key_.column, position };
    return INT;
  }

  call(e: A.Call, name: string, sig: BuiltinSignature, expected: Type | undefined): Type {
    const [lo, hi] = typeof sig.arity === "number" ? [sig.arity, sig.arity] : sig.arity;
    if (e.args.length < lo || e.args.length > hi) {
      this.host.diagnostics.push(
        error(
          Codes.wrongArity,
          e.span,
          `\`${name}\` takes ${lo === hi ? lo : `${lo} ${hi === lo + 1 ? "or" : "to"} ${hi}`} argument${hi === 1 ? "" : "s"}`,
          sig.describe,
        ),
      );
    }
    const c = this.host.context();
    // The narrowest rules that may only look name themselves (a way's `cost` inside a function).
    if (sig.effect && this.host.looking() !== undefined) {
      this.host.diagnostics.push(
        error(
          Codes.misplaced,
          e.span,
          `\`${name}\` changes the game, which ${this.host.looking()} may not do`,
          CHANGES_HINT,
        ),
      );
    } else if (
      sig.effect &&
      (c === "fn" ||
        c === "const" ||
        c === "visibility" ||
        c === "playerVisibility" ||
        c === "scoring" ||
        c === "abandon" ||
        c === "expect")
    ) {
      this.host.diagnostics.push(
        error(
          Codes.misplaced,
          e.span,
          `\`${name}\` changes the game, which ${describeContext(c)} may not do`,
          CHANGES_HINT,
        ),
      );
    }
    const arg = (i: number, t: Type | undefined): Type => (e.args[i] ? this.host.expr(e.args[i]!, t) : ERROR);
    switch (name) {
      case "size": {
        // The number of elements of a list, or of keys of a map.
        const t = arg(0, undefined);
        if (t.kind === "deck") {
          this.host.diagnostics.push(
            error(
              Codes.typeMismatch,
              e.args[0]!.span,
              "a deck has two sizes",
              "write `size(d.pile)` for the cards left to draw, `size(d.discard)` for the discard pile",
            ),
          );
        } else if (t.kind !== "list" && t.kind !== "map" && t.kind !== "error") this.host.notAList(e.args[0]!.span, t);
        return INT;
      }
      case "reshuffle": {
        const d = arg(0, undefined);
        if (d.kind === "deck") this.host.assignableTarget(e.args[0]!);
        else if (d.kind !== "error") {
          this.host.diagnostics.push(
            error(
              Codes.typeMismatch,
              e.args[0]!.span,
              `\`reshuffle\` takes a deck, found ${typeToString(d)}`,
              "give it a field declared `deck<T>`",
            ),
          );
        }
        return VOID;
      }
      case "isSet":
        return this.isSet(e);
      case "has":
      case "get":
      case "keys":
      case "values":
      case "steps":
      case "within":
        return this.host.mapBuiltin(e, name)!;
      case "rowOf":
        return this.rowOf(e);
      case "draw":
      case "pick": {
        const l = arg(0, undefined);
        if (name === "draw" && e.args[0]) this.host.assignableTarget(e.args[0]);
        if (l.kind === "list") return l.element;
        // A deck's draw reshuffles its discard pile when the pile is empty, and gives none when both are.
        if (l.kind === "deck" && name === "draw") return optionalOf(l.element);
        if (l.kind !== "error") this.host.notAList(e.args[0]!.span, l);
        return ERROR;
      }
      case "shuffled":
      case "take": {
        const l = arg(0, expected);
        if (name === "take") arg(1, INT);
        if (l.kind !== "list" && l.kind !== "error") this.host.notAList(e.args[0]!.span, l);
        return l;
      }
      case "random":
      case "range":
        arg(0, INT);
        arg(1, INT);
        return name === "range" ? listOf(INT) : INT;
      case "playersFrom":
        arg(0, PLAYER);
        return listOf(PLAYER);
      case "next":
      case "previous":
        arg(0, PLAYER);
        return PLAYER;
      case "contains": {
        const l = arg(0, undefined);
        arg(1, l.kind === "list" ? l.element : undefined);
        if (l.kind !== "list" && l.kind !== "error") this.host.notAList(e.args[0]!.span, l);
        return BOOL;
      }
      case "abs":
        arg(0, INT);
        return INT;
      case "min":
      case "max":
        arg(0, INT);
        arg(1, INT);
        return INT;
      case "seat":
        arg(0, PLAYER);
        return INT;
      case "offers": {
        if (this.host.context() === "const") {
          this.host.diagnostics.push(
            error(Codes.misplaced, e.span, "a constant cannot ask what the game offers", "ask it where the game runs"),
          );
        }
        arg(0, PLAYER);
        // The second argument names an action, not a value: it is not checked as an expression.
        const named = e.args[1];
        if (named?.kind === "name" && this.host.isAction(named.name)) return BOOL;
        if (named?.kind === "name") {
          this.host.diagnostics.push(
            error(Codes.unknownName, named.span, `unknown action \`${named.name}\``, this.host.actionHint(named.name)),
          );
        } else if (named) {
          this.host.diagnostics.push(
            error(
              Codes.typeMismatch,
              named.span,
              "`offers` takes a player and the name of an action",
              "write `offers(p, Action)`",
            ),
          );
        }
        return BOOL;
      }
      case "members": {
        // The argument names a type, not a value: it is not checked as an expression.
        const named = e.args[0];
        if (named?.kind === "name" && this.host.enums.has(named.name)) {
          this.host.use(named.name);
          const hint = this.host.notListedHint({ kind: "enum", name: named.name });
          if (hint)
            this.host.diagnostics.push(error(Codes.typeMismatch, named.span, "`members` lists plain enums", hint));
          return listOf({ kind: "enum", name: named.name });
        }
        if (named) {
          this.host.diagnostics.push(
            error(
              Codes.typeMismatch,
              named.span,
              "`members` takes the name of an enum",
              didYouMean(named.kind === "name" ? named.name : "", this.host.enums.keys()) ??
                "write `members(Name)` with the name of an enum the rules declare",
            ),
          );
        }
        return ERROR;
      }
      case "indexOf": {
        const l = arg(0, undefined);
        arg(1, l.kind === "list" ? l.element : undefined);
        if (l.kind !== "list" && l.kind !== "error") this.host.notAList(e.args[0]!.span, l);
        return INT;
      }
      case "hex":
        arg(0, INT);
        arg(1, INT);
        return HEX;
      case "distance":
        arg(0, HEX);
        arg(1, HEX);
        return INT;
      case "neighbours":
        arg(0, HEX);
        return listOf(HEX);
      case "step": {
        // A hex steps towards a HexDir, a cell towards a GridDir.
        const from = arg(0, undefined);
        const onGrid = from.kind === "cell";
        if (!onGrid && from.kind !== "hex") {
          if (from.kind !== "error") {
            this.host.diagnostics.push(
              error(
                Codes.typeMismatch,
                e.args[0]!.span,
                `\`step\` goes from a Hex or a Cell, not ${typeToString(from)}`,
                "write `step(h, d)`: a hex towards a HexDir, or a cell towards a GridDir",
              ),
            );
          }
          for (let i = 1; i < e.args.length; i++) arg(i, undefined);
          return ERROR;
        }
        arg(1, onGrid ? GRID_DIR : HEX_DIR);
        if (onGrid) this.host.use(GRID_CELLS);
        if (e.args.length > 2) arg(2, INT);
        return onGrid ? CELL : HEX;
      }
      case "cell":
        arg(0, INT);
        arg(1, INT);
        this.host.use(GRID_CELLS);
        return CELL;
      case "adjacent":
      case "diagonals":
      case "around":
        arg(0, CELL);
        return listOf(CELL);
      case "line":
        arg(0, CELL);
        arg(1, GRID_DIR);
        arg(2, INT);
        return listOf(CELL);
      case "frontier":
        arg(0, listOf(CELL));
        return listOf(CELL);
      case "inside": {
        arg(0, CELL);
        if (e.args.length === 3) {
          arg(1, INT);
          arg(2, INT);
          return BOOL;
        }
        // `inside(c, board)`: the grid of a board declared `on grid(width, height)`.
        const board = arg(1, undefined);
        const grid = e.args[1] === undefined ? undefined : this.host.gridOf(e.args[1]);
        if (grid !== undefined) e.grid = grid;
        else if (board.kind !== "error") {
          this.host.diagnostics.push(
            error(
              Codes.typeMismatch,
              e.args[1]!.span,
              "`inside(c, board)` asks the grid of a board declared `on grid(width, height)`",
              "declare the board's grid (`board: map<Cell, Player> on grid(7, 6)`), or give its size: `inside(c, width, height)`",
            ),
          );
        }
        return BOOL;
      }
      case "manhattan":
      case "kingDistance":
        arg(0, CELL);
        arg(1, CELL);
        return INT;
      case "offset":
        arg(0, GRID_DIR);
        this.host.use(GRID_CELLS);
        return CELL;
      case "ring":
      case "disc":
        arg(0, HEX);
        arg(1, INT);
        return listOf(HEX);
      case "rotate":
        arg(0, HEX);
        arg(1, INT);
        return HEX;
      case "direction":
        arg(0, HEX_DIR);
        return HEX;
      case "score":
        this.host.noteDependency("score", e.span);
        if (!this.host.hasScore()) {
          this.host.diagnostics.push(
            error(
              Codes.missingDeclaration,
              e.span,
              "`score` needs a `scoring { score p: ... }` block",
              "add `scoring { score p: ... }`, each player's points",
            ),
          );
        }
        arg(0, PLAYER);
        return INT;
      default:
        return ERROR;
    }
  }
}
