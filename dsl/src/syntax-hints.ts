/**
 * A syntax error in a designer's words: the grammar rule it is in as the language names it, and the hint (every
 * diagnostic says what to do about it). The parser knows the rule it was in, what it expected and what it found; the
 * hint adds where an unclosed bracket was opened, and how the rule reads.
 */
import type { IToken } from "chevrotain";

/** A bracket opened before a syntax error and not closed by then. */
export interface OpenBracket {
  readonly image: "{" | "(" | "[";
  readonly line: number;
  readonly column: number;
  /** The column where the line it opens on begins (its first token). */
  readonly indent: number;
}

const CLOSERS: Readonly<Record<OpenBracket["image"], string>> = { "{": "}", "(": ")", "[": "]" };

/**
 * The brackets still open at each offset, from the tokens the parser read (nothing is lexed again: a file of garbage
 * costs what its first errors cost). A closing bracket closes the innermost one open, whatever its kind (mismatched
 * brackets have errors of their own). Asked at growing offsets, as syntax errors come, it reads each token once.
 */
export function openBrackets(tokens: readonly IToken[]): (offset: number) => OpenBracket[] {
  let open: OpenBracket[] = [];
  let next = 0;
  let lineStart = { line: 0, column: 1 };
  return (offset) => {
    if (next > 0 && tokens[next - 1]!.startOffset >= offset) {
      open = [];
      next = 0;
      lineStart = { line: 0, column: 1 };
    }
    for (; next < tokens.length && tokens[next]!.startOffset < offset; next++) {
      const t = tokens[next]!;
      if (t.startLine !== lineStart.line) lineStart = { line: t.startLine!, column: t.startColumn! };
      if (t.image === "{" || t.image === "(" || t.image === "[") {
        const image = t.image;
        open.push({ image, line: t.startLine!, column: t.startColumn!, indent: lineStart.column });
      } else if (t.image === "}" || t.image === ")" || t.image === "]") open.pop();
    }
    return open.slice();
  };
}

export interface SyntaxErrorAt {
  /** The grammar rule the parser was in (`fnDecl`, `block`...). */
  readonly rule: string;
  /** The token found instead of what the rule needed. */
  readonly found: string;
  readonly atEnd: boolean;
  /** The found token's column, when it is the first of its line (undefined when something comes before it). */
  readonly startsLineAt: number | undefined;
  /** What the rule needed, as the message says it (`` `}` ``, `a name`...), when the parser said. */
  readonly expected: string | undefined;
  /** The brackets open where the error is, innermost last. */
  readonly open: readonly OpenBracket[];
}

export function syntaxHint(e: SyntaxErrorAt): string {
  const open = e.open.at(-1);
  const opened = open && `the \`${open.image}\` of line ${open.line}, column ${open.column}`;
  if (e.atEnd) {
    return open
      ? `a \`${open.image}\` may be missing its \`${CLOSERS[open.image]}\`: ${opened} is still open`
      : "a `{` may be missing its `}`, or the file ends in the middle of a rule";
  }
  if (e.found === "=" && !RULES_WITH_EQUALS.has(e.rule)) return "compare with `==`; `=` assigns";
  const foundCloser = /^[}\])]$/.test(e.found);
  if (foundCloser && !e.open.some((b) => CLOSERS[b.image] === e.found)) {
    return `this \`${e.found}\` closes no bracket open here: take it out`;
  }
  if (e.rule === "file" || e.rule === "declaration") {
    return "a file is a list of declarations: game, enum, record, const, param, per player, global, derived, fn, way, proc, action, setup, flow, scoring, variant, test";
  }
  // A bracket is missing its closer when the rule that needs it meets another closer, or a line that goes back to
  // where the bracket's own line began (the next declaration, the end of the block around it); otherwise what is
  // inside the brackets went wrong, and the rule's form says how it reads.
  const closer = e.expected?.match(/^`([}\])])`$/)?.[1];
  const outer = e.open.at(-2);
  const missingCloser =
    open !== undefined &&
    CLOSERS[open.image] === closer &&
    (foundCloser
      ? outer !== undefined && CLOSERS[outer.image] === e.found
      : e.startsLineAt !== undefined && e.startsLineAt <= open.indent);
  if (missingCloser) {
    return `${opened} is still open here: close it with \`${closer}\` before \`${e.found}\``;
  }
  if (e.expected === "`,`") return "separate the items with `,`";
  return FORMS[e.rule] ?? "look just before this for a missing or extra word, bracket or `,`";
}

/** Rules where a misplaced `=` means something else went wrong (a missing name or type), not a comparison. */
const RULES_WITH_EQUALS: ReadonlySet<string> = new Set([
  "field",
  "letStmt",
  "constDecl",
  "paramDecl",
  "fnDecl",
  "variantSet",
  "paramSpec",
  "typeExpr",
]);

/** Forms the syntax hints give and the AST builder's hints too (a word a rule expects, `expectWord`). */
export const GAME_FORM = '`game "Name" { players 2..4 }`';
export const ABANDON_FORM = '`abandon "reason" when <condition>`';
export const VARIANT_SET_FORM = "`set PARAM = value`";
export const TEST_SETTING_FORMS = "`players 3`, `seed 7`, `seeds 400` or `random 0, 2`";

const VALUE = "a value goes here: a number, a text, a name, a call `f(x)`, a list `[a, b]`, a map `{k: v}` or `(...)`";
const FIELD = "a field reads `name: Type`, or `name: Type = value`, one a line";
const MATCH = "a match reads `match value { member(x) => ..., none => ..., _ => ... }`";
const TEST_STEPS =
  "a test holds steps, one a line: `players 2`, `seed 4`, `variant name`, `given { ... }`, `play 0 Action(...)`, `play until decision`, `expect <condition>`, `save and restore`";
const STATEMENTS =
  "a block holds statements, one a line: let, if, match, for, while, repeat, require, choose, act, allow, add, remove, shuffle, end, break, return, an assignment or a call";
const PARAMETERS = "parameters read `(name: Type, other: Type)`; an action's may add `in list`";

/** How each rule of the grammar reads, by its name in the parser. */
const FORMS: Readonly<Record<string, string>> = {
  gameDecl: `the game reads ${GAME_FORM}`,
  enumDecl: "an enum reads `enum Suit { hearts, spades }`, its members separated by `,`",
  enumMember: "a member that carries values reads `tile(id: int, face: Suit)`",
  memberField: "a value a member carries reads `name: Type`",
  recordDecl: "a record reads `record Card { ... }`, with one field a line: `name: Type`",
  perPlayerDecl: FIELD,
  globalDecl: FIELD,
  derivedDecl: FIELD,
  fieldBlock: FIELD,
  field: FIELD,
  visibility:
    "a field's visibility follows its type: `public`, `private`, `hidden`, `values hidden`, `elements private` or `visible if <condition>`",
  constDecl: "a constant reads `const NAME = value`, or `const NAME: Type = value`",
  tableDecl: "a table reads `table NAME of Record { ... }`, one row a line",
  tableRow: "a row is one line, `| value | value |`: a `|` before and after each cell",
  paramDecl: "a param reads `param NAME: int = 3`",
  paramList: PARAMETERS,
  paramSpec: PARAMETERS,
  fnDecl: "a function reads `fn name(x: int): int = x + 1`, or `fn name(x: int): int { ... return x }`",
  wayDecl:
    "a way names its square and where it starts, then gives its rules one a line: `way sea(p: Player) { h from p.pos  within: 3  enter: not isLand(h) }`",
  wayRule: "a way's rule reads `name: value`, one a line",
  procDecl: "a procedure reads `proc name(p: Player) { ... }`",
  actionDecl: 'an action reads `action Name(x: 0..6) "its label" { require <condition> else "why" ... }`',
  setupDecl: "the setup reads `setup { ... }`",
  flowDecl: "the flow reads `flow { ... }`",
  scoringDecl: "a scoring block holds `score p: ...`, and may add `tiebreak p: ...` and `progress p: ...`",
  scoreRule: "a scoring rule reads `score p: <the points of p>`",
  abandonDecl: `an abandon rule reads ${ABANDON_FORM}`,
  variantDecl:
    'a variant reads `variant name "what it changes" { set PARAM = value }`, and may declare fn, proc and action again',
  variantSet: `a variant sets a param: ${VARIANT_SET_FORM}`,
  testFnDecl: "a test's function reads `test fn name(x: int): int = ...`",
  testDecl: TEST_STEPS,
  testStep: TEST_STEPS,
  testSetting: `a setting reads ${TEST_SETTING_FORMS}`,
  testVariant: "a test's variant reads `variant name`",
  testPlay: "a play reads `play 0 Action(arguments)`, or `play until decision`",
  testAction: "a play reads `play 0 Action(arguments)`: the seat, then the action or choice",
  testExpect:
    'an expectation reads `expect <condition>`, `expect refused 0 Action(...) "why"`, `expect asked 0 decision`, `expect offered 0 answer, ...`, `expect 0 sees <place> == value`, `expect about 50% within 8%: ...` or `expect always in 50 random games: ...`',
  testAnswer: "an answer reads `name` or `name(value)`",
  typeExpr:
    "a type reads `int`, `bool`, `string`, `Player`, `Hex`, `Cell`, a range `0..6`, `list<T>`, `map<K, V>`, `deck<T>`, `T?` or a declared name",
  block: STATEMENTS,
  statement: STATEMENTS,
  windowStmt: 'a window reads `window name "when": Action | Other by players`',
  letStmt: "a `let` reads `let name = value`, or `let name: Type = value`",
  ifStmt: "an `if` reads `if <condition> { ... } else { ... }`, or `if let x = <optional> { ... }`",
  matchStmt: MATCH,
  matchExpr: MATCH,
  pattern: "a pattern is a member, with names for what it carries (`tile(id)`), `none` or `_`",
  returnStmt: "a function returns `return value`; a procedure or an action ends with a bare `return`",
  forStmt: "a loop reads `for x in list { ... }`",
  whileStmt: "a loop reads `while <condition> { ... }`",
  repeatStmt: "a loop reads `repeat <times> { ... }`",
  requireStmt: 'a requirement reads `require <condition> else "why it is refused"`',
  chooseStmt:
    "a choice reads `choose name: Type by player`, with `in list`, `where <condition>` or `by each p in players`",
  actStmt: 'an offer reads `act player: Action | Other`, or `act player: Action or stop "label"`',
  allowStmt: "an `allow` reads `allow Action | Other by player { ... }`, or `allow anytime Action by players { ... }`",
  completingStmt: 'a `completing` block reads `completing { ... }`, or `completing else "why" { ... }`',
  addStmt: "an `add` reads `add x to list`, or `add x to top of deck`",
  removeStmt: "a `remove` reads `remove x from list`",
  shuffleStmt: "a `shuffle` reads `shuffle list`",
  exprStmt: "a statement that is not a keyword's is a call `f(x)` or an assignment `x = value`, `x += 1`",
  expr: VALUE,
  operation: VALUE,
  arithmetic: VALUE,
  operand: VALUE,
  argument: VALUE,
  canExpr: "a `can` reads `can proc(arguments)`",
  conditional: "an `if` in a value reads `if <condition> then value else value`",
  mapExpr: "a map reads `{ key: value, key: value }`",
  listExpr: "a list reads `[a, b, c]`, or `[f(x) for x in list if <condition>]`",
  generator: "a list made from another reads `[f(x) for x in list if <condition>]`",
};

/** The grammar rule an error is in, in a designer's words: `fnDecl` is "a fn declaration", `operand` "a value". */
export function describeRule(rule: string): string {
  const known = RULE_WORDS[rule];
  if (known !== undefined) return known;
  const words = rule
    .replace(/Decl$/, " declaration")
    .replace(/Stmt$/, " statement")
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .toLowerCase();
  return `${/^[aeiou]/.test(words) ? "an" : "a"} ${words}`;
}

/** Rules whose names are the parser's own words rather than the language's. */
const RULE_WORDS: Readonly<Record<string, string>> = {
  file: "the file",
  expr: "a value",
  operation: "a value",
  arithmetic: "a value",
  operand: "a value",
  argument: "a value",
  conditional: "an `if` value",
  exprStmt: "a statement",
  mapExpr: "a map",
  listExpr: "a list",
  generator: "a list",
  matchExpr: "a `match` value",
  canExpr: "a `can`",
  typeExpr: "a type",
  paramSpec: "a parameter",
  paramList: "the parameters",
  enumMember: "an enum member",
  memberField: "a value an enum member carries",
  tableRow: "a table row",
  scoreRule: "a scoring rule",
  wayRule: "a way's rule",
  variantSet: "a variant's `set`",
  testAnswer: "an answer",
  pattern: "a `match` pattern",
};
