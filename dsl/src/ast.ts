/**
 * The typed syntax tree of a `.rules` file, built from the CST by `cst-to-ast.ts` (declarations),
 * `cst-to-ast-statements.ts` and `cst-to-ast-expressions.ts`.
 *
 * Every node carries its source range so that the checker and the compiler can point at it. The checker annotates
 * expression nodes with their type (`type`) and name nodes with what they refer to (`ref`); before checking those
 * fields are undefined.
 */
import type { Type } from "./types.ts";

export interface Span {
  /** 0-based offsets into the source text, end exclusive. */
  readonly start: number;
  readonly end: number;
  /** 1-based line and column of `start`. */
  readonly line: number;
  readonly column: number;
}

export interface Node {
  readonly span: Span;
}

export interface Name extends Node {
  readonly text: string;
}

/** A local variable (let, loop variable, parameter, choice...), created by the checker. */
export interface LocalSymbol {
  readonly name: string;
  readonly type: Type;
  /** Unique within the file; lets the emitter give same-named locals distinct storage. */
  readonly id: number;
  readonly span: Span;
  readonly origin: "let" | "param" | "for" | "choose" | "each" | "binder" | "me" | "viewer" | "iflet" | "match";
  used: boolean;
  /**
   * A record of the game this local refers to is still needed after a decision (set by `markHeldReferences`): the
   * engine keeps it in the frame as a held record, which a save stores as the record's address.
   */
  heldAcrossDecision?: boolean;
}

// ---------------------------------------------------------------------------------------------------------------
// Types as written

export type TypeExpr =
  | { readonly kind: "named"; readonly name: Name; readonly span: Span }
  /** The element type of a choice's list, for the choices `for x in list chosen by p` asks (never written). */
  | { readonly kind: "inferred"; readonly span: Span }
  | { readonly kind: "list"; readonly element: TypeExpr; readonly span: Span }
  | { readonly kind: "map"; readonly key: TypeExpr; readonly value: TypeExpr; readonly span: Span }
  | {
      readonly kind: "deck";
      readonly element: TypeExpr;
      /** `never reshuffled`: a draw from an empty pile finds no card, whatever the discard pile holds. */
      readonly neverReshuffled?: true;
      readonly span: Span;
    }
  | {
      readonly kind: "range";
      readonly low: number;
      /** Undefined for a range with no top (`cp: 0..`, never below 0). */
      readonly high: number | undefined;
      /** `0..me.coins`: an upper bound known only when the choice is asked (then `high` is unused). */
      readonly highValue?: Expr;
      readonly span: Span;
    }
  /** `T?`: a value of `T`, or none. */
  | { readonly kind: "optional"; readonly inner: TypeExpr; readonly span: Span };

// ---------------------------------------------------------------------------------------------------------------
// Declarations

export interface RulesFile {
  readonly path: string;
  readonly declarations: Declaration[];
}

export type Declaration =
  | GameDecl
  | EnumDecl
  | RecordDecl
  | ConstDecl
  | ParamDecl
  | StateDecl
  | FnDecl
  | WayDecl
  | ProcDecl
  | ActionDecl
  | SetupDecl
  | FlowDecl
  | ScoringDecl
  | AbandonDecl
  | VariantDecl
  | TestDecl;

export interface GameDecl extends Node {
  readonly kind: "game";
  readonly title: string;
  readonly minPlayers: number;
  readonly maxPlayers: number;
}

/**
 * `enum Suit { hearts, spades }`; members may carry values (`enum Slot { tile(id: int), figure(owner: Player), die }`),
 * which makes the enum a tagged union: a value is one member with its own fields.
 */
export interface EnumDecl extends Node {
  readonly kind: "enum";
  readonly name: Name;
  readonly members: EnumMember[];
}

export interface EnumMember extends Node {
  readonly name: Name;
  /** The values the member carries, in order; empty for a plain member. */
  readonly fields: MemberField[];
  /** Set by the checker when a field is `shown`: the member's values as locals of the texts. */
  fieldSymbols?: LocalSymbol[];
}

export interface MemberField extends Node {
  readonly name: Name;
  readonly typeExpr: TypeExpr;
  /** `id: int shown "{TILES[id].name}"`: what views show instead of the value (the member's values by name). */
  readonly shown?: { readonly span: Span; readonly value: string; readonly parts: TextPart[] | undefined };
}

/** Who may see a field: everyone, the owning player, nobody, or whoever a condition admits. */
export type Visibility =
  | { readonly kind: "public" }
  /** `private`; `elements private` (`sizeShown`): a list whose size everyone sees, its elements only its owner. */
  | { readonly kind: "private"; readonly span: Span; readonly sizeShown?: true }
  | { readonly kind: "hidden"; readonly span: Span }
  /** `values hidden`: a map whose keys everyone sees, and whose values nobody does (tokens lying face down). */
  | { readonly kind: "valuesHidden"; readonly span: Span }
  | { readonly kind: "visibleIf"; readonly condition: Expr; readonly span: Span };

export interface FieldDecl extends Node {
  readonly name: Name;
  readonly typeExpr: TypeExpr;
  readonly initial: Expr | undefined;
  readonly visibility: Visibility;
  /**
   * `tile: int shown "{TILES[tile].name}"`: what players' views show instead of the value, a text read like a
   * visibility condition (the record's fields by name).
   */
  readonly shown?: { readonly span: Span; readonly value: string; readonly parts: TextPart[] | undefined };
  /** For a list shown as text: the element the text names by the field's name (set by the checker). */
  shownElement?: LocalSymbol;
  /**
   * `hand: list<int> private from combatDeck`: the deck the hidden list's cards are dealt from, so that a player
   * imagining what they cannot see deals the unseen cards of the deck and of such lists again together.
   */
  readonly dealtFrom?: Name;
  /**
   * `board: map<Cell, Player> on grid(COLUMNS, ROWS)`: the grid of `width` columns and `height` rows from `cell(0,
   * 0)` that a map of cells lies on (a key outside it stops the game; boards drawn for players span it whole).
   */
  readonly grid?: GridBound;
}

export interface GridBound extends Node {
  readonly width: Expr;
  readonly height: Expr;
}

export interface RecordDecl extends Node {
  readonly kind: "record";
  readonly name: Name;
  readonly fields: FieldDecl[];
}

export interface ConstDecl extends Node {
  readonly kind: "const";
  readonly name: Name;
  readonly typeExpr: TypeExpr | undefined;
  readonly value: Expr;
  /** A data table's `key id`: the column whose values name the rows, one row each. */
  readonly key?: Name;
}

/** A named number or flag a variant may change (`param GLORY_GOAL: int = 10`). */
export interface ParamDecl extends Node {
  readonly kind: "param";
  readonly name: Name;
  readonly typeExpr: TypeExpr;
  readonly value: Expr;
}

/**
 * `per player { ... }`, `global { ... }`, or `derived { ... }`: data computed from the setup's result (board geometry),
 * each field by its initial value, after the setup and again after a restore; never saved.
 */
export interface StateDecl extends Node {
  readonly kind: "state";
  /** `run`: `per playerTurn { ... }`, fields that start again at their initial values whenever `proc` starts. */
  readonly scope: "player" | "global" | "derived" | "run";
  readonly fields: FieldDecl[];
  /** For `per <procedure>`: the procedure. */
  readonly proc?: Name;
}

export interface ParamSpec extends Node {
  readonly name: Name;
  readonly typeExpr: TypeExpr;
  /** For action parameters: the list the value must be taken from (`target: Ship in sea`). */
  readonly from: Expr | undefined;
  symbol?: LocalSymbol;
}

export interface FnDecl extends Node {
  readonly kind: "fn";
  readonly name: Name;
  readonly params: ParamSpec[];
  readonly returnType: TypeExpr;
  /** `fn f(): int = expr` has an expression; `fn f(): int { ... return expr }` a block. */
  readonly body: Expr | Block;
  /** `test fn f(...)`: a helper only tests (and other test helpers) may call. */
  readonly testOnly?: boolean;
  /** Set by the checker. */
  resolvedReturnType?: Type;
}

/**
 * `way sea(p: Player) { h from p.pos  within: mpLeft(p)  cost: ...  enter: ...  stop: ... }`: a way's rules said once,
 * asked as `reachable(sea(me))` and `route(sea(me), to: h)`.
 */
export interface WayDecl extends Node {
  readonly kind: "way";
  readonly name: Name;
  readonly params: ParamSpec[];
  /** The name the way's rules give the square they speak of. */
  readonly binder: Name;
  readonly start: Expr;
  /** `within:`, `cost:`, `enter:`, `stop:`, in the order written. */
  readonly rules: NamedArg[];
  /** Set by the checker. */
  symbol?: LocalSymbol;
  /** Set by the checker: the squares' type (`Hex` or `Cell`). */
  square?: Type;
}

export interface ProcDecl extends Node {
  readonly kind: "proc";
  readonly name: Name;
  readonly params: ParamSpec[];
  /** `proc draw2(): Card { ... return c }`: the value its `return` gives; none for a procedure without a value. */
  readonly returnType?: TypeExpr;
  readonly body: Block;
  /** Set by the checker. */
  resolvedReturnType?: Type;
}

export interface ActionDecl extends Node {
  readonly kind: "action";
  readonly name: Name;
  readonly params: ParamSpec[];
  /** `action TakeTile(space: 1..12) "Move onto {tileName(space)}"`: how the action reads to players, with holes. */
  readonly label?: { readonly span: Span; readonly value: string; readonly parts: TextPart[] | undefined };
  readonly body: Block;
  /** The acting player, bound as `me`. */
  me?: LocalSymbol;
}

export interface SetupDecl extends Node {
  readonly kind: "setup";
  readonly body: Block;
}

export interface FlowDecl extends Node {
  readonly kind: "flow";
  readonly body: Block;
}

export interface ScoreRule extends Node {
  /** The player being scored, bound in `expr`. */
  readonly player: Name;
  readonly expr: Expr;
  /** For tie-breaks: true when the lowest value wins. */
  readonly lowest: boolean;
  symbol?: LocalSymbol;
}

export interface ScoringDecl extends Node {
  readonly kind: "scoring";
  readonly score: ScoreRule | undefined;
  readonly tiebreaks: ScoreRule[];
  /**
   * `progress p: expr`: how far a player is on the way to winning, for machine players only (not a rule: it
   * changes no result); agents that look ahead prefer positions where theirs leads.
   */
  readonly progress: ScoreRule | undefined;
}

/**
 * `abandon "no conquest in 30 rounds" when round > 30`: machine players (random playouts, simulations, agents,
 * conformance checks) give up a game where the condition holds, with no winner; people play on.
 */
export interface AbandonDecl extends Node {
  readonly kind: "abandon";
  readonly reason: string;
  readonly condition: Expr;
}

export interface VariantSet extends Node {
  readonly name: Name;
  readonly value: Expr;
}

/** A named variant: parameter changes and replaced rules, overlaid on the base game. */
export interface VariantDecl extends Node {
  readonly kind: "variant";
  readonly name: Name;
  readonly title: string | undefined;
  readonly sets: VariantSet[];
  readonly replacements: (FnDecl | ProcDecl | ActionDecl)[];
}

export type TestStep =
  | { readonly kind: "given"; readonly body: Block; readonly span: Span }
  /** `random 1, 0`; `random setup 1, 0` forces the setup's draws instead (it must come before the game starts). */
  | { readonly kind: "random"; readonly values: number[]; readonly setup: boolean; readonly span: Span }
  /** `expect asked 1 kit`, `expect asked 0 Play | Draw`: the seat is asked, and may play exactly these. */
  | { readonly kind: "asked"; readonly seat: number; readonly decisions: Name[]; readonly span: Span }
  /** `expect offered 1 kit(sword), kit(axe)`: of the kinds named, the seat is offered exactly these answers. */
  | { readonly kind: "offered"; readonly seat: number; readonly answers: TestPlay[]; readonly span: Span }
  /**
   * `expect 1 sees deck == 12`: a comparison whose left side is read in the seat's view. `asShown`: the right side
   * is a value of the left side's type, compared as that seat would see it (else as it is: a count, `none`, a text).
   */
  | { readonly kind: "sees"; readonly seat: number; readonly condition: Expr; asShown?: boolean; readonly span: Span }
  /** `expect about 50% within 8%: c`: over the test's seeds, `c` holds in that share of the games. */
  | {
      readonly kind: "about";
      readonly percent: number;
      readonly tolerance: number;
      readonly condition: Expr;
      readonly span: Span;
    }
  /** `expect always in 50 random games: c`: `c` holds at every decision of random games from here. */
  | { readonly kind: "always"; readonly games: number; readonly condition: Expr; readonly span: Span }
  /** `save and restore`: the game is saved as JSON and goes on from the restored save. */
  | { readonly kind: "saveRestore"; readonly span: Span }
  /** `play until Move`: the first answer to every decision, until the named action or choice is offered. */
  | { readonly kind: "playUntil"; readonly decision: Name; readonly span: Span }
  | { readonly kind: "play"; readonly play: TestPlay; readonly span: Span }
  | {
      readonly kind: "refused";
      readonly play: TestPlay;
      readonly message: string | undefined;
      readonly span: Span;
    }
  | { readonly kind: "expect"; readonly condition: Expr; readonly span: Span };

export interface TestPlay extends Node {
  readonly seat: number;
  readonly action: Name;
  readonly args: Expr[];
  /**
   * Set by the checker: for each argument taken `in` a list, whether it is given by value (`spawnPort(hex(5, 2))`)
   * rather than by its position in the list (`spawnPort(0)`).
   */
  byValue?: boolean[];
}

export interface TestDecl extends Node {
  readonly kind: "test";
  readonly title: string;
  /** `test "b" from "a"`: the title of the test whose end this one starts from. */
  readonly from: { readonly title: string; readonly span: Span } | undefined;
  /** Set by the checker: the test `from` names. */
  base?: TestDecl;
  readonly players: number | undefined;
  readonly seed: number | undefined;
  /** `seeds 400`: the test runs once per seed, 1 to 400 (`expect about` counts over them). */
  readonly seeds: number | undefined;
  readonly variant: Name | undefined;
  readonly steps: TestStep[];
}

// ---------------------------------------------------------------------------------------------------------------
// Statements

export interface Block extends Node {
  readonly kind?: "block";
  readonly statements: Stmt[];
}

export type Stmt =
  | LetStmt
  | AssignStmt
  | IfStmt
  | MatchStmt
  | ForStmt
  | WhileStmt
  | RepeatStmt
  | RequireStmt
  | ChooseStmt
  | ActStmt
  | AllowStmt
  | CompletingStmt
  | AddStmt
  | RemoveStmt
  | ShuffleStmt
  | EndStmt
  | BreakStmt
  | ReturnStmt
  | ExprStmt;

export interface LetStmt extends Node {
  readonly kind: "let";
  readonly name: Name;
  /** The declared type, when written (`let hand: list<Card> = []`). */
  readonly typeExpr: TypeExpr | undefined;
  readonly value: Expr;
  /** The elements a loop of choices (`for x in list chosen by p`) has left to offer: its list, copied. */
  readonly leftOfChoices?: boolean;
  symbol?: LocalSymbol;
}

export interface AssignStmt extends Node {
  readonly kind: "assign";
  readonly target: Expr;
  readonly op: "=" | "+=" | "-=";
  readonly value: Expr;
}

export interface IfStmt extends Node {
  readonly kind: "if";
  /**
   * `if let x = value { ... }`: the name bound to the value in the first block, which runs only when the value (of
   * an optional type, then held in `condition`) is not none.
   */
  readonly binding: Name | undefined;
  readonly condition: Expr;
  /** Set by the checker, with `binding`. */
  bindingSymbol?: LocalSymbol;
  readonly then: Block;
  readonly otherwise: Block | undefined;
}

/**
 * What a `match` arm matches: a member of the enum (binding the values it carries, `_` for one not needed), `none`
 * for an optional value, or `_` for everything the arms before it did not match.
 */
export type Pattern =
  | {
      readonly kind: "member";
      readonly name: Name;
      /** `figure(p)`: one name per field (`_` ignores one); undefined for `die` written without parentheses. */
      readonly binders: Name[] | undefined;
      readonly span: Span;
      /** Set by the checker: the enum, and a local per binder (undefined for `_`). */
      enumName?: string;
      symbols?: (LocalSymbol | undefined)[];
    }
  | { readonly kind: "none"; readonly span: Span }
  | { readonly kind: "wildcard"; readonly span: Span };

export interface MatchArm<Body> extends Node {
  readonly pattern: Pattern;
  readonly body: Body;
}

/** `match slot { figure(p) => ... die => ... }`: runs the first arm whose pattern the value matches. */
export interface MatchStmt extends Node {
  readonly kind: "match";
  readonly subject: Expr;
  readonly arms: MatchArm<Block>[];
}

export interface ForStmt extends Node {
  readonly kind: "for";
  readonly variable: Name;
  readonly iterable: Expr;
  readonly body: Block;
  symbol?: LocalSymbol;
}

export interface WhileStmt extends Node {
  readonly kind: "while";
  readonly condition: Expr;
  readonly body: Block;
}

export interface RepeatStmt extends Node {
  readonly kind: "repeat";
  readonly count: Expr;
  readonly body: Block;
}

export interface RequireStmt extends Node {
  readonly kind: "require";
  /** The refusal message cut at its holes (`"You need {cost} coins."`), when it has any. */
  readonly messageParts?: TextPart[];
  /**
   * `require let x = value else "..."`: the action is refused when the value (of an optional type, then held in
   * `condition`) is none; otherwise `x`, the value without its none, is bound for the rest of the action.
   */
  readonly binding: Name | undefined;
  /** Set by the checker, with `binding`. */
  bindingSymbol?: LocalSymbol;
  readonly condition: Expr;
  readonly message: string;
}

/** What a choice is taken from: a type (enum, bool, int range, Player) and optionally a list of candidates. */
export interface Domain extends Node {
  readonly typeExpr: TypeExpr;
  readonly from: Expr | undefined;
}

/**
 * `choose kind: Kind by me where ... else "..."` asks one player mid-procedure;
 * `choose kind: Kind by each p in players where ...` asks several at once, secretly (result: a list by seat).
 */
export interface ChooseStmt extends Node {
  readonly kind: "choose";
  readonly name: Name;
  readonly domain: Domain;
  readonly chooser: Expr;
  /** Set for a simultaneous choice: the variable bound to each chooser. */
  readonly each: Name | undefined;
  readonly condition: Expr | undefined;
  readonly message: string | undefined;
  /** The refusal message cut at its holes, when it has any. */
  readonly messageParts?: TextPart[];
  /** `shown "Take the cube from {...}"`: how each answer reads to players, the candidate named like the choice. */
  readonly label?: { readonly span: Span; readonly value: string; readonly parts: TextPart[] | undefined };
  /** A pick of a loop of choices (`for some x in list chosen by p`): none stops the loop. */
  readonly pickOfLoop?: boolean;
  /** A loop's pick: the list the loop began with, whose elements not yet picked it offers (`domain.from` is a copy). */
  readonly loopList?: Expr;
  /** `when several`: with a single possible answer, the rules take it without asking. */
  readonly whenSeveral?: boolean;
  /** The result local (a list by seat for a simultaneous choice). */
  symbol?: LocalSymbol;
  /** The candidate bound in `where`. */
  candidate?: LocalSymbol;
  eachSymbol?: LocalSymbol;
  /** Numbered by the checker: which decision this is, game-wide. */
  site?: number;
  /**
   * Set by the checker for a loop of choices over plain values (numbers, players, squares, flags, plain enum
   * members): answered with the value itself, not its position among those left.
   */
  byValue?: boolean;
}

/**
 * `act p: Launch | Return | Attack | Pass` — the player takes one of the named actions. With `or stop "label"`, the
 * offer is made again after each action until the player answers stop, or none of the actions is allowed any more.
 */
export interface ActStmt extends Node {
  readonly kind: "act";
  readonly player: Expr;
  readonly actions: Name[];
  /** `or stop`: the span of `stop`, and the stop answer's label (plain text; "stop" when there is none). */
  readonly orStop?: { readonly span: Span; readonly label?: { readonly value: string; readonly parts?: TextPart[] } };
  site?: number;
}

/**
 * `allow Sell by p { ... }`: while the block runs, whenever the rules wait for a decision of `p`, `p` may also take
 * one of these actions; the same decision is then asked again. `allow anytime`: whenever the rules wait for a
 * decision of anyone, `p` may interrupt with one of these actions.
 */
export interface AllowStmt extends Node {
  readonly kind: "allow";
  readonly anytime: boolean;
  readonly actions: Name[];
  readonly player: Expr;
  /** `allow X by p here { ... }`: offered only at the decisions written in the block, not in what it calls. */
  readonly here?: boolean;
  readonly body: Block;
}

/**
 * `completing { ... }`: every answer to a decision inside the block (in procedures it calls too) is offered only when
 * some answers to the block's later decisions reach its end: "as long as the rest can still be paid". The engine finds
 * out by playing the rest of the block on copies of the state.
 */
export interface CompletingStmt extends Node {
  readonly kind: "completing";
  readonly body: Block;
  /** `completing else "..." { ... }`: the refusal of an answer after which the block could not be finished. */
  readonly message?: { readonly value: string; readonly span: Span; readonly parts?: TextPart[] };
  /** Numbered by the checker: which `completing` block this is, game-wide (its refusal names the block's line). */
  block?: number;
}

export interface AddStmt extends Node {
  readonly kind: "add";
  readonly value: Expr;
  readonly list: Expr;
  /** `add x to top of list` puts it first; default is the bottom (end). */
  readonly atTop: boolean;
}

export interface RemoveStmt extends Node {
  readonly kind: "remove";
  readonly value: Expr;
  readonly list: Expr;
}

export interface ShuffleStmt extends Node {
  readonly kind: "shuffle";
  readonly list: Expr;
}

/** `end` the game; `end "Event deck empty"` says why (plain text), for the outcome and simulations' summaries. */
export interface EndStmt extends Node {
  readonly kind: "end";
  readonly reason?: { readonly span: Span; readonly value: string; readonly parts: TextPart[] | undefined };
}

export interface BreakStmt extends Node {
  readonly kind: "break";
}

/**
 * `return value`, in a function with a block body or a procedure that gives a value; a bare `return` (alone on its
 * line) ends a procedure or an action there.
 */
export interface ReturnStmt extends Node {
  readonly kind: "return";
  readonly value?: Expr;
}

export interface ExprStmt extends Node {
  readonly kind: "expr";
  readonly expr: Expr;
}

// ---------------------------------------------------------------------------------------------------------------
// Expressions

export type Expr =
  | IntLit
  | BoolLit
  | NoneLit
  | StringLit
  | NameRef
  | ListLit
  | Comprehension
  | MapLit
  | MapComprehension
  | Member
  | Index
  | Call
  | Aggregate
  | Unary
  | Binary
  | Conditional
  | Is
  | MatchExpr
  | CanExpr;

export interface ExprBase extends Node {
  /** Set by the checker. */
  type?: Type;
}

export interface IntLit extends ExprBase {
  readonly kind: "int";
  readonly value: number;
}

export interface BoolLit extends ExprBase {
  readonly kind: "bool";
  readonly value: boolean;
}

/** `none`: the absence of a value, of any optional type. */
export interface NoneLit extends ExprBase {
  readonly kind: "none";
}

export interface StringLit extends ExprBase {
  readonly kind: "string";
  /** The text as written, holes included. */
  readonly value: string;
  /** `"Pay {cost} gold"`: the text cut at its holes, each hole an expression; undefined for text without holes. */
  readonly parts?: TextPart[];
}

/** A piece of text with holes: literal text, or a value shown in its place. */
export type TextPart = string | Expr;

/** What a name refers to, resolved by the checker. */
export type NameTarget =
  | { readonly kind: "local"; readonly symbol: LocalSymbol }
  | { readonly kind: "global"; readonly field: string }
  | { readonly kind: "derived"; readonly field: string }
  | { readonly kind: "const"; readonly name: string }
  | { readonly kind: "param"; readonly name: string }
  | { readonly kind: "enumMember"; readonly enumName: string; readonly member: string }
  | { readonly kind: "builtin"; readonly name: BuiltinName }
  | { readonly kind: "recordField"; readonly field: string };

export type BuiltinName =
  "players" | "playerCount" | "viewer" | "owner" | "over" | "winners" | "acting" | "interrupting";

export interface NameRef extends ExprBase {
  readonly kind: "name";
  readonly name: string;
  ref?: NameTarget;
  /** Set by the checker: a field declared `= unset`, read (the engine stops the game if it has no value yet). */
  late?: boolean;
}

export interface ListLit extends ExprBase {
  readonly kind: "list";
  readonly elements: Expr[];
}

/** `[expr for x in list if cond]` */
export interface Comprehension extends ExprBase {
  readonly kind: "comprehension";
  readonly element: Expr;
  readonly variable: Name;
  readonly iterable: Expr;
  readonly condition: Expr | undefined;
  /**
   * `[f(x, y) for x in xs for y in ys]`: the outer loop's element is the inner comprehension, whose elements are
   * added one by one (the result is a flat list).
   */
  readonly flatten?: boolean;
  symbol?: LocalSymbol;
}

/** `{ wood: 2, stone: 1 }`: a map from keys to values; `{}` is the empty map. */
export interface MapLit extends ExprBase {
  readonly kind: "map";
  readonly entries: { readonly key: Expr; readonly value: Expr }[];
}

/** `{ key: value for x in list if cond }` */
export interface MapComprehension extends ExprBase {
  readonly kind: "mapComprehension";
  readonly key: Expr;
  readonly value: Expr;
  readonly variable: Name;
  readonly iterable: Expr;
  readonly condition: Expr | undefined;
  symbol?: LocalSymbol;
}

export interface Member extends ExprBase {
  readonly kind: "member";
  readonly object: Expr;
  readonly name: Name;
  /** Set by the checker: a field declared `= unset`, read (the engine stops the game if it has no value yet). */
  late?: boolean;
}

export interface Index extends ExprBase {
  readonly kind: "index";
  readonly object: Expr;
  readonly index: Expr;
}

export interface NamedArg extends Node {
  readonly name: Name;
  readonly value: Expr;
}

/** A call of a builtin, a `fn`, a `proc`, or a record constructor (`Ship(owner: me, value: 3)`). */
export interface Call extends ExprBase {
  readonly kind: "call";
  readonly callee: Name;
  readonly args: Expr[];
  readonly namedArgs: NamedArg[];
  /** Set by the checker. */
  target?: "builtin" | "fn" | "way" | "proc" | "record" | "member";
  /** Set by the checker for `target: "member"`: the enum whose member `callee` is (`tile(17)` of `Slot`). */
  enumName?: string;
  /** Set by the checker for `rowOf(TABLE, key)`: the table's key column, and the row's position when the key is written out. */
  tableRow?: { readonly column: string; readonly position: number | undefined };
  /** Set by the checker for `inside(c, board)`: the grid the board is declared on. */
  grid?: GridBound;
  /**
   * `reachable(h from start, within: 6, cost: ...)`, `route(h from start, to: ...)`: the name the way's rules give
   * the square they speak of (the start is the first argument).
   */
  readonly binder?: Name;
  /** Set by the checker, with `binder`. */
  symbol?: LocalSymbol;
}

/** `sum(x in list: expr)`, `count(x in list: cond)`, `min`, `max`, `all`, `any`, `argmin`, `argmax`. */
export interface Aggregate extends ExprBase {
  readonly kind: "aggregate";
  readonly op: AggregateOp;
  readonly variable: Name;
  readonly iterable: Expr;
  readonly body: Expr | undefined;
  /** `min(x in list: e else 0)`: the value of `min` or `max` over an empty list (without it, the game stops). */
  readonly orElse?: Expr;
  symbol?: LocalSymbol;
}

export type AggregateOp = "sum" | "count" | "min" | "max" | "all" | "any" | "argmin" | "argmax" | "sorted" | "first";

export interface Unary extends ExprBase {
  readonly kind: "unary";
  readonly op: "not" | "-";
  readonly operand: Expr;
}

export type BinaryOp = "or" | "and" | "==" | "!=" | "<" | "<=" | ">" | ">=" | "+" | "-" | "*" | "/" | "%" | "++" | "??";

export interface Binary extends ExprBase {
  readonly kind: "binary";
  readonly op: BinaryOp;
  readonly left: Expr;
  readonly right: Expr;
}

export interface Conditional extends ExprBase {
  readonly kind: "conditional";
  readonly condition: Expr;
  readonly then: Expr;
  readonly otherwise: Expr;
}

/** `slot is figure`: whether the value is that member of its enum. */
export interface Is extends ExprBase {
  readonly kind: "is";
  readonly subject: Expr;
  readonly member: Name;
}

/**
 * `can pay(p, cost)`: whether some answers to the decisions of a procedure (and of those it calls) play it to its end.
 * The engine plays it on copies of the game, as it plays a `completing` block, so nothing changes.
 */
export interface CanExpr extends ExprBase {
  readonly kind: "can";
  /** The procedure and its arguments. */
  readonly call: Call;
  /** Numbered by the checker with the `completing` blocks: which search this is, game-wide. */
  block?: number;
}

/** `match slot { tile(id) => id, _ => 0 }`: the value of the first arm whose pattern matches. */
export interface MatchExpr extends ExprBase {
  readonly kind: "match";
  readonly subject: Expr;
  readonly arms: MatchArm<Expr>[];
}
