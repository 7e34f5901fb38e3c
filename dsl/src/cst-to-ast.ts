/**
 * CST -> AST. Runs only on a CST without syntax errors, so every child the grammar requires is present; the
 * contextual words the grammar reads as identifiers (`players`, `score`, `tiebreak`, `set`...) are validated here.
 */
import type { CstNode, IToken } from "chevrotain";
import type * as A from "./ast.ts";
import { Codes, error, type Diagnostic } from "./diagnostics.ts";
import { loopOfChoices, timingWindow } from "./desugar.ts";
import { rulesLexer } from "./lexer.ts";
import { rulesParser } from "./parser.ts";

const NONE: readonly never[] = [];

// A key of a node's children holds either nodes (a rule's name or label) or tokens (a token's name or label), never
// both: the grammar gives every label its own name. So the arrays are read as they are, without a copy.
function nodes(n: CstNode, key: string): readonly CstNode[] {
  return (n.children[key] as CstNode[] | undefined) ?? NONE;
}

function node(n: CstNode, key: string, i = 0): CstNode {
  const found = nodes(n, key)[i];
  if (!found) throw new Error(`internal: ${n.name} has no ${key}[${i}]`);
  return found;
}

function maybeNode(n: CstNode, key: string, i = 0): CstNode | undefined {
  return nodes(n, key)[i];
}

function tokens(n: CstNode, key: string): readonly IToken[] {
  return (n.children[key] as IToken[] | undefined) ?? NONE;
}

function token(n: CstNode, key: string, i = 0): IToken {
  const found = tokens(n, key)[i];
  if (!found) throw new Error(`internal: ${n.name} has no token ${key}[${i}]`);
  return found;
}

function has(n: CstNode, key: string): boolean {
  return (n.children[key]?.length ?? 0) > 0;
}

function tokenSpan(t: IToken): A.Span {
  return {
    start: t.startOffset,
    end: (t.endOffset ?? t.startOffset) + 1,
    line: t.startLine ?? 1,
    column: t.startColumn ?? 1,
  };
}

function nodeSpan(n: CstNode): A.Span {
  const l = n.location;
  if (!l || Number.isNaN(l.startOffset)) return { start: 0, end: 0, line: 1, column: 1 };
  return {
    start: l.startOffset,
    end: (l.endOffset ?? l.startOffset) + 1,
    line: l.startLine ?? 1,
    column: l.startColumn ?? 1,
  };
}

function name(t: IToken): A.Name {
  return { text: t.image, span: tokenSpan(t) };
}

function unquote(t: IToken): string {
  return t.image.slice(1, -1).replace(/\\(.)/g, "$1");
}

/** A chain of operands and operators being grouped (`AstBuilder.operation`): what has been read so far. */
interface Chain {
  readonly operands: readonly CstNode[];
  readonly ops: readonly IToken[];
  /** The members named by `is` tests, in order. */
  readonly members: readonly IToken[];
  next: number;
  nextOp: number;
  nextMember: number;
}

/** Where `not` sits: it negates a comparison, and binds more loosely than any comparison. */
const COMPARISON = 3;

/** How tightly an operator binds: `or` loosest, then `and`, comparisons (and `is`), `??`, `+ - ++`, `* / %`. */
function precedence(op: string): number {
  switch (op) {
    case "or":
      return 1;
    case "and":
      return 2;
    case "??":
      return 4;
    case "+":
    case "-":
    case "++":
      return 5;
    case "*":
    case "/":
    case "%":
      return 6;
    default:
      return COMPARISON;
  }
}

export class AstBuilder {
  readonly diagnostics: Diagnostic[] = [];

  constructor(private readonly path: string) {}

  /**
   * The text of a string token, cut at its holes: `"Pay {cost} gold"` is "Pay ", the expression `cost`, " gold".
   * `\{` and `\}` are braces of the text. `parts` is undefined for text without holes.
   */
  private text(t: IToken): { value: string; parts: A.TextPart[] | undefined } {
    const raw = t.image.slice(1, -1);
    const parts: A.TextPart[] = [];
    let literal = "";
    let holes = false;
    const at = (i: number, length: number): A.Span => ({
      start: t.startOffset + 1 + i,
      end: t.startOffset + 1 + i + length,
      line: t.startLine ?? 1,
      column: (t.startColumn ?? 1) + 1 + i,
    });
    for (let i = 0; i < raw.length; i++) {
      const c = raw[i]!;
      if (c === "\\" && i + 1 < raw.length) {
        literal += raw[++i];
        continue;
      }
      if (c === "}") {
        this.diagnostics.push(
          error(Codes.syntaxError, at(i, 1), "a `}` without its `{` in a text", "write `\\}` for a brace of the text"),
        );
        continue;
      }
      if (c !== "{") {
        literal += c;
        continue;
      }
      const close = raw.indexOf("}", i + 1);
      if (close < 0) {
        this.diagnostics.push(
          error(
            Codes.syntaxError,
            at(i, 1),
            "a `{` without its `}` in a text",
            "a value shown in a text is written `{value}`; write `\\{` for a brace of the text",
          ),
        );
        break;
      }
      if (literal) parts.push(literal);
      literal = "";
      holes = true;
      const hole = this.hole(raw.slice(i + 1, close), t, i + 2, at(i, close - i + 1));
      if (hole) parts.push(hole);
      i = close;
    }
    if (literal) parts.push(literal);
    return { value: raw.replace(/\\(.)/g, "$1"), parts: holes ? parts : undefined };
  }

  /** The expression in a hole of a text, `source` starting `offset` characters into the string token `t`. */
  private hole(source: string, t: IToken, offset: number, span: A.Span): A.Expr | undefined {
    const lexed = rulesLexer.tokenize(source);
    const shifted = lexed.tokens.map((x) => ({
      ...x,
      startOffset: x.startOffset + t.startOffset + offset,
      endOffset: (x.endOffset ?? x.startOffset) + t.startOffset + offset,
      startLine: t.startLine,
      endLine: t.startLine,
      startColumn: (x.startColumn ?? 1) + (t.startColumn ?? 1) + offset - 1,
      endColumn: (x.endColumn ?? 1) + (t.startColumn ?? 1) + offset - 1,
    }));
    const nothing = (): undefined => {
      this.diagnostics.push(
        error(
          Codes.syntaxError,
          span,
          `\`{${source}}\` is not a value the text can show`,
          "write a value between the braces, such as `{cost}` or `{me.coins + 1}`",
        ),
      );
      return undefined;
    };
    if (lexed.errors.length > 0 || shifted.length === 0) return nothing();
    rulesParser.input = shifted;
    const cst = rulesParser.expr();
    // The whole hole must be one expression: the parser stops at the first token that cannot continue it.
    const end = cst.location?.endOffset ?? -1;
    if (rulesParser.errors.length > 0 || end !== shifted[shifted.length - 1]!.endOffset) return nothing();
    return this.expr(cst);
  }

  file(cst: CstNode): A.RulesFile {
    const declarations: A.Declaration[] = [];
    for (const d of nodes(cst, "declaration")) {
      const built = this.declaration(d);
      if (built) declarations.push(built);
    }
    return { path: this.path, declarations };
  }

  /** A number as written; one too large for the engines to hold exactly is an error. */
  private int(t: IToken): number {
    const value = Number.parseInt(t.image, 10);
    if (!Number.isSafeInteger(value)) {
      this.diagnostics.push(
        error(
          Codes.invalidValue,
          tokenSpan(t),
          `the number ${t.image} is too large`,
          `numbers go up to ${Number.MAX_SAFE_INTEGER}`,
        ),
      );
    }
    return value;
  }

  private expectWord(t: IToken, words: readonly string[], where: string): boolean {
    if (words.includes(t.image)) return true;
    this.diagnostics.push(
      error(
        Codes.syntaxError,
        tokenSpan(t),
        `expected ${words.map((w) => `\`${w}\``).join(" or ")} ${where}, found \`${t.image}\``,
      ),
    );
    return false;
  }

  private declaration(d: CstNode): A.Declaration | undefined {
    const [key] = Object.keys(d.children);
    const n = node(d, key!);
    const span = nodeSpan(n);
    switch (key) {
      case "gameDecl": {
        this.expectWord(token(n, "Identifier"), ["players"], "in a game declaration");
        return {
          kind: "game",
          span,
          title: unquote(token(n, "StringLiteral")),
          minPlayers: this.int(token(n, "IntLiteral", 0)),
          maxPlayers: this.int(token(n, "IntLiteral", 1)),
        };
      }
      case "enumDecl":
        return {
          kind: "enum",
          span,
          name: name(token(n, "Identifier")),
          members: nodes(n, "enumMember").map((m) => ({
            span: nodeSpan(m),
            name: name(token(m, "Identifier")),
            fields: nodes(m, "memberField").map((f) => {
              const shown = tokens(f, "StringLiteral")[0];
              return {
                span: nodeSpan(f),
                name: name(token(f, "Identifier")),
                typeExpr: this.typeExpr(node(f, "typeExpr")),
                ...(shown ? { shown: { span: tokenSpan(shown), ...this.text(shown) } } : {}),
              };
            }),
          })),
        };
      case "recordDecl":
        return { kind: "record", span, name: name(token(n, "Identifier")), fields: this.fields(node(n, "fieldBlock")) };
      case "perPlayerDecl": {
        // `per player { ... }`, or `per playerTurn { ... }`: fields of each run of a procedure.
        const word = token(n, "Identifier");
        if (word.image === "player")
          return { kind: "state", span, scope: "player", fields: this.fields(node(n, "fieldBlock")) };
        return { kind: "state", span, scope: "run", proc: name(word), fields: this.fields(node(n, "fieldBlock")) };
      }
      case "globalDecl":
        return { kind: "state", span, scope: "global", fields: this.fields(node(n, "fieldBlock")) };
      case "derivedDecl":
        return { kind: "state", span, scope: "derived", fields: this.fields(node(n, "fieldBlock")) };
      case "constDecl": {
        const t = maybeNode(n, "typeExpr");
        return {
          kind: "const",
          span,
          name: name(token(n, "Identifier")),
          typeExpr: t ? this.typeExpr(t) : undefined,
          value: this.expr(node(n, "expr")),
        };
      }
      case "tableDecl":
        return this.table(n);
      case "paramDecl":
        return {
          kind: "param",
          span,
          name: name(token(n, "Identifier")),
          typeExpr: this.typeExpr(node(n, "typeExpr")),
          value: this.expr(node(n, "expr")),
        };
      case "fnDecl":
        return this.fnDecl(n);
      case "testFnDecl":
        return { ...this.fnDecl(node(n, "fnDecl")), span: nodeSpan(n), testOnly: true };
      case "procDecl":
        return this.procDecl(n);
      case "actionDecl":
        return this.actionDecl(n);
      case "setupDecl":
        return { kind: "setup", span, body: this.block(node(n, "block")) };
      case "flowDecl":
        return { kind: "flow", span, body: this.block(node(n, "block")) };
      case "scoringDecl":
        return this.scoring(n);
      case "abandonDecl": {
        const words = tokens(n, "Identifier");
        if (!this.expectWord(words[1]!, ["when"], "after the reason of `abandon`")) return undefined;
        return {
          kind: "abandon",
          span,
          reason: unquote(token(n, "StringLiteral")),
          condition: this.expr(node(n, "expr")),
        };
      }
      case "variantDecl":
        return this.variant(n);
      case "testDecl":
        return this.test(n);
      default:
        return undefined;
    }
  }

  /** A row's cells, left to right: a blank cell (`|  |`) is undefined. */
  private tableCells(row: CstNode): (A.Expr | undefined)[] {
    const pipes = tokens(row, "Pipe").map((t) => t.startOffset);
    const exprs = nodes(row, "expr");
    return pipes.slice(1).map((end, i) => {
      const e = exprs.find((x) => (x.location?.startOffset ?? -1) > pipes[i]! && (x.location?.startOffset ?? -1) < end);
      return e ? this.expr(e) : undefined;
    });
  }

  /** A data table is a constant list of records: each row builds one record from the header's field names. */
  private table(n: CstNode): A.ConstDecl | undefined {
    const ids = tokens(n, "Identifier");
    const [nameToken, ofToken, recordToken] = [ids[1]!, ids[2]!, ids[3]!];
    this.expectWord(ofToken, ["of"], "after the table's name");
    const rows = nodes(n, "tableRow").map((r) => ({ span: nodeSpan(r), cells: this.tableCells(r) }));
    const [header, ...data] = rows;
    if (!header) return undefined;
    const columns: A.Name[] = [];
    for (const cell of header.cells) {
      if (cell?.kind !== "name") {
        this.diagnostics.push(
          error(
            Codes.syntaxError,
            cell?.span ?? header.span,
            "the first row of a table names its columns",
            "write field names: | name | cost |",
          ),
        );
        return undefined;
      }
      columns.push({ text: cell.name, span: cell.span });
    }
    const record = name(recordToken);
    const elements: A.Expr[] = [];
    for (const row of data) {
      if (row.cells.length !== columns.length) {
        this.diagnostics.push(
          error(
            Codes.syntaxError,
            row.span,
            `this row has ${row.cells.length} cell${row.cells.length === 1 ? "" : "s"}, the header ${columns.length}`,
            "every row of a table has one cell per column",
          ),
        );
        continue;
      }
      elements.push({
        kind: "call",
        span: row.span,
        callee: record,
        args: [],
        // A blank cell names no value: the record's field takes its default.
        namedArgs: row.cells.flatMap((value, i) => (value ? [{ span: value.span, name: columns[i]!, value }] : [])),
      });
    }
    const span = nodeSpan(n);
    const keyWord = tokens(n, "key")[0];
    const keyColumn = tokens(n, "keyColumn")[0];
    if (keyWord && !this.expectWord(keyWord, ["key"], "after the table's record type")) return undefined;
    return {
      kind: "const",
      span,
      name: name(nameToken),
      typeExpr: { kind: "list", element: { kind: "named", name: record, span: record.span }, span: record.span },
      value: { kind: "list", span, elements },
      ...(keyColumn ? { key: name(keyColumn) } : {}),
    };
  }

  private fields(block: CstNode): A.FieldDecl[] {
    return nodes(block, "field").map((f) => {
      const v = maybeNode(f, "visibility");
      const init = maybeNode(f, "expr");
      const shown = tokens(f, "StringLiteral")[0];
      const deck = tokens(f, "deck")[0];
      return {
        span: nodeSpan(f),
        name: name(token(f, "Identifier")),
        typeExpr: this.typeExpr(node(f, "typeExpr")),
        initial: init ? this.expr(init) : undefined,
        visibility: v ? this.visibility(v) : { kind: "public" },
        ...(shown ? { shown: { span: tokenSpan(shown), ...this.text(shown) } } : {}),
        ...(deck ? { dealtFrom: name(deck) } : {}),
      };
    });
  }

  private visibility(v: CstNode): A.Visibility {
    const span = nodeSpan(v);
    if (has(v, "Private")) return { kind: "private", span };
    if (has(v, "Hidden")) return has(v, "Identifier") ? { kind: "valuesHidden", span } : { kind: "hidden", span };
    if (has(v, "Visible")) return { kind: "visibleIf", condition: this.expr(node(v, "expr")), span };
    return { kind: "public" };
  }

  private typeExpr(n: CstNode): A.TypeExpr {
    const span = nodeSpan(n);
    if (has(n, "Question")) {
      const innerEnd = token(n, "Question").startOffset;
      return { kind: "optional", inner: this.plainTypeExpr(n, { ...span, end: innerEnd }), span };
    }
    return this.plainTypeExpr(n, span);
  }

  private plainTypeExpr(n: CstNode, span: A.Span): A.TypeExpr {
    if (has(n, "List")) return { kind: "list", element: this.typeExpr(node(n, "typeExpr")), span };
    if (!has(n, "List") && !has(n, "Comma") && has(n, "Less")) {
      const element = this.typeExpr(node(n, "typeExpr"));
      return has(n, "never") ? { kind: "deck", element, neverReshuffled: true, span } : { kind: "deck", element, span };
    }
    if (has(n, "Comma")) {
      const [key, value] = nodes(n, "typeExpr");
      return { kind: "map", key: this.typeExpr(key!), value: this.typeExpr(value!), span };
    }
    if (has(n, "DotDot")) {
      const low = (has(n, "Minus") ? -1 : 1) * this.int(token(n, "IntLiteral", 0));
      const high = this.arithmetic(node(n, "arithmetic"));
      const fixedHigh = constantInt(high);
      return fixedHigh !== undefined
        ? { kind: "range", low, high: fixedHigh, span }
        : { kind: "range", low, high: low, highValue: high, span };
    }
    return { kind: "named", name: name(token(n, "Identifier")), span };
  }

  private params(n: CstNode | undefined): A.ParamSpec[] {
    if (!n) return [];
    return nodes(n, "paramSpec").map((p) => {
      const from = maybeNode(p, "expr");
      return {
        span: nodeSpan(p),
        name: name(token(p, "Identifier")),
        typeExpr: this.typeExpr(node(p, "typeExpr")),
        from: from ? this.expr(from) : undefined,
      };
    });
  }

  private fnDecl(n: CstNode): A.FnDecl {
    return {
      kind: "fn",
      span: nodeSpan(n),
      name: name(token(n, "Identifier")),
      params: this.params(maybeNode(n, "paramList")),
      returnType: this.typeExpr(node(n, "typeExpr")),
      body: has(n, "block") ? { ...this.block(node(n, "block")), kind: "block" } : this.expr(node(n, "expr")),
    };
  }

  private procDecl(n: CstNode): A.ProcDecl {
    const returnType = maybeNode(n, "typeExpr");
    return {
      kind: "proc",
      span: nodeSpan(n),
      name: name(token(n, "Identifier")),
      params: this.params(maybeNode(n, "paramList")),
      ...(returnType ? { returnType: this.typeExpr(returnType) } : {}),
      body: this.block(node(n, "block")),
    };
  }

  private actionDecl(n: CstNode): A.ActionDecl {
    const label = tokens(n, "StringLiteral")[0];
    return {
      kind: "action",
      span: nodeSpan(n),
      name: name(token(n, "Identifier")),
      params: this.params(maybeNode(n, "paramList")),
      ...(label ? { label: { span: tokenSpan(label), ...this.text(label) } } : {}),
      body: this.block(node(n, "block")),
    };
  }

  private scoring(n: CstNode): A.ScoringDecl {
    let score: A.ScoreRule | undefined;
    const tiebreaks: A.ScoreRule[] = [];
    for (const r of nodes(n, "scoreRule")) {
      const ids = tokens(r, "Identifier");
      const head = ids[0]!;
      if (!this.expectWord(head, ["score", "tiebreak"], "in a scoring block")) continue;
      const lowest = ids.length === 3;
      if (lowest) this.expectWord(ids[1]!, ["lowest"], "after `tiebreak`");
      const rule: A.ScoreRule = {
        span: nodeSpan(r),
        player: name(ids[ids.length - 1]!),
        expr: this.expr(node(r, "expr")),
        lowest,
      };
      if (head.image === "score") {
        if (lowest) {
          this.diagnostics.push(error(Codes.syntaxError, tokenSpan(ids[1]!), "`lowest` applies to tie-breaks only"));
        }
        if (score) this.diagnostics.push(error(Codes.duplicate, rule.span, "the scoring block has two `score` rules"));
        score = rule;
      } else {
        tiebreaks.push(rule);
      }
    }
    return { kind: "scoring", span: nodeSpan(n), score, tiebreaks };
  }

  private variant(n: CstNode): A.VariantDecl {
    const sets: A.VariantSet[] = nodes(n, "variantSet").flatMap((s) => {
      const ids = tokens(s, "Identifier");
      if (!this.expectWord(ids[0]!, ["set"], "in a variant")) return [];
      return [{ span: nodeSpan(s), name: name(ids[1]!), value: this.expr(node(s, "expr")) }];
    });
    const replacements = [
      ...nodes(n, "fnDecl").map((d) => this.fnDecl(d)),
      ...nodes(n, "procDecl").map((d) => this.procDecl(d)),
      ...nodes(n, "actionDecl").map((d) => this.actionDecl(d)),
    ].sort((a, b) => a.span.start - b.span.start);
    const title = tokens(n, "StringLiteral")[0];
    return {
      kind: "variant",
      span: nodeSpan(n),
      name: name(token(n, "Identifier")),
      title: title ? unquote(title) : undefined,
      sets,
      replacements,
    };
  }

  private test(n: CstNode): A.TestDecl {
    let players: number | undefined;
    let seed: number | undefined;
    let seeds: number | undefined;
    let variant: A.Name | undefined;
    const steps: A.TestStep[] = [];
    for (const s of nodes(n, "testStep")) {
      const span = nodeSpan(s);
      const setting = maybeNode(s, "testSetting");
      if (setting) {
        const word = token(setting, "Identifier");
        const values = tokens(setting, "IntLiteral").map((t) => this.int(t));
        if (!this.expectWord(word, ["players", "seed", "seeds", "random"], "in a test")) continue;
        if (has(setting, "Setup") && word.image !== "random") {
          this.diagnostics.push(
            error(
              Codes.syntaxError,
              span,
              `\`${word.image} setup\` means nothing`,
              "write `random setup 2, 0` to force the setup's draws",
            ),
          );
          continue;
        }
        if (word.image === "random") steps.push({ kind: "random", values, setup: has(setting, "Setup"), span });
        else if (values.length !== 1) {
          this.diagnostics.push(error(Codes.syntaxError, span, `\`${word.image}\` takes one number`));
        } else if (word.image === "players") players = values[0];
        else if (word.image === "seeds") seeds = values[0];
        else seed = values[0];
        continue;
      }
      const v = maybeNode(s, "testVariant");
      if (v) {
        variant = name(token(v, "Identifier"));
        continue;
      }
      const given = maybeNode(s, "block");
      if (given) {
        steps.push({ kind: "given", body: this.block(given), span });
        continue;
      }
      const restore = tokens(s, "restore")[0];
      if (restore) {
        if (this.expectWord(restore, ["restore"], "in `save and restore`")) steps.push({ kind: "saveRestore", span });
        continue;
      }
      const play = maybeNode(s, "testPlay");
      if (play) {
        if (has(play, "decision")) steps.push({ kind: "playUntil", decision: name(token(play, "decision")), span });
        else steps.push({ kind: "play", play: this.testAction(node(play, "testAction")), span });
        continue;
      }
      const expect = node(s, "testExpect");
      const seat = tokens(expect, "IntLiteral")[0];
      if (has(expect, "asked")) {
        steps.push({ kind: "asked", seat: this.int(seat!), decisions: tokens(expect, "decision").map(name), span });
      } else if (has(expect, "offered")) {
        const answers = nodes(expect, "testAnswer").map((a) => ({ ...this.testAnswer(a), seat: this.int(seat!) }));
        steps.push({ kind: "offered", seat: this.int(seat!), answers, span });
      } else if (has(expect, "sees")) {
        steps.push({ kind: "sees", seat: this.int(seat!), condition: this.expr(node(expect, "expr")), span });
      } else if (has(expect, "about")) {
        if (!this.expectWord(token(expect, "within"), ["within"], "in `expect about 50% within 8%: ...`")) continue;
        const [percent, tolerance] = tokens(expect, "IntLiteral").map((t) => this.int(t));
        steps.push({
          kind: "about",
          percent: percent!,
          tolerance: tolerance!,
          condition: this.expr(node(expect, "expr")),
          span,
        });
      } else if (has(expect, "always")) {
        if (!this.expectWord(token(expect, "random"), ["random"], "in `expect always in 50 random games`")) continue;
        if (!this.expectWord(token(expect, "games"), ["games"], "in `expect always in 50 random games`")) continue;
        steps.push({ kind: "always", games: this.int(seat!), condition: this.expr(node(expect, "expr")), span });
      } else if (has(expect, "Refused")) {
        const message = tokens(expect, "StringLiteral")[0];
        steps.push({
          kind: "refused",
          play: this.testAction(node(expect, "testAction")),
          message: message ? unquote(message) : undefined,
          span,
        });
      } else {
        steps.push({ kind: "expect", condition: this.expr(node(expect, "expr")), span });
      }
    }
    const base = tokens(n, "base")[0];
    return {
      kind: "test",
      span: nodeSpan(n),
      title: unquote(tokens(n, "StringLiteral")[0]!),
      from: base ? { title: unquote(base), span: tokenSpan(base) } : undefined,
      players,
      seed,
      seeds,
      variant,
      steps,
    };
  }

  /** An answer without its seat (`kit(sword)`); the caller gives the seat. */
  private testAnswer(n: CstNode): Omit<A.TestPlay, "seat"> {
    return {
      span: nodeSpan(n),
      action: name(token(n, "Identifier")),
      args: nodes(n, "expr").map((e) => this.expr(e)),
    };
  }

  private testAction(n: CstNode): A.TestPlay {
    return {
      span: nodeSpan(n),
      seat: this.int(token(n, "IntLiteral")),
      action: name(token(n, "Identifier")),
      args: nodes(n, "expr").map((e) => this.expr(e)),
    };
  }

  // ---- statements -------------------------------------------------------------------------------------------

  block(n: CstNode): A.Block {
    return { span: nodeSpan(n), statements: nodes(n, "statement").flatMap((s) => this.statements(s)) };
  }

  /** A statement as rules written; `for x in list chosen by p` stands for the loop of choices it means. */
  private statements(s: CstNode): A.Stmt[] {
    const loop = maybeNode(s, "forStmt");
    if (loop && has(loop, "By")) return this.chosenLoop(loop, nodeSpan(s));
    const window = maybeNode(s, "windowStmt");
    if (window) return this.timingWindow(window, nodeSpan(s));
    return [this.statement(s)];
  }

  private timingWindow(n: CstNode, span: A.Span): A.Stmt[] {
    const [, choice, ...actions] = tokens(n, "Identifier");
    const moment = token(n, "StringLiteral");
    return timingWindow({
      span,
      choice: name(choice!),
      actions: actions.map(name),
      moment: { span: tokenSpan(moment), ...this.text(moment) },
      order: this.expr(node(n, "expr")),
    });
  }

  private chosenLoop(n: CstNode, span: A.Span): A.Stmt[] {
    const inToken = token(n, "In");
    const words = tokens(n, "Identifier");
    const variable = name(words.filter((t) => t.startOffset < inToken.startOffset).at(-1)!);
    const exprs = nodes(n, "expr").map((e) => this.expr(e));
    const [list, chooser] = exprs;
    const taking = words.some((t) => t.image === "taking" && t.startOffset > inToken.startOffset);
    const limit = taking ? exprs[2] : undefined;
    const condition = has(n, "Where") ? exprs[taking ? 3 : 2] : undefined;
    // A string before `else` is the label after `shown`; one after it, the refusal message of `where`.
    const elseAt = has(n, "Else") ? token(n, "Else").startOffset : Infinity;
    const shown = tokens(n, "StringLiteral").find((t) => t.startOffset < elseAt);
    const refusal = tokens(n, "StringLiteral").find((t) => t.startOffset > elseAt);
    return loopOfChoices({
      span,
      variable,
      some: words.some((t) => t.image === "some" && t.startOffset < variable.span.start),
      list: list!,
      chooser: chooser!,
      limit,
      condition,
      refusal: refusal ? this.message(refusal) : undefined,
      label: shown ? { span: tokenSpan(shown), ...this.text(shown) } : undefined,
      body: this.block(node(n, "block")),
    });
  }

  private statement(s: CstNode): A.Stmt {
    const span = nodeSpan(s);
    if (has(s, "End")) {
      const reason = tokens(s, "StringLiteral")[0];
      return reason
        ? { kind: "end", span, reason: { span: tokenSpan(reason), ...this.text(reason) } }
        : { kind: "end", span };
    }
    if (has(s, "Break")) return { kind: "break", span };
    const ret = maybeNode(s, "returnStmt");
    if (ret) return { kind: "return", span, value: this.expr(node(ret, "expr")) };
    const [key] = Object.keys(s.children);
    const n = node(s, key!);
    switch (key) {
      case "letStmt": {
        const t = maybeNode(n, "typeExpr");
        return {
          kind: "let",
          span,
          name: name(token(n, "Identifier")),
          typeExpr: t ? this.typeExpr(t) : undefined,
          value: this.expr(node(n, "expr")),
        };
      }
      case "ifStmt":
        return this.ifStmt(n);
      case "matchStmt":
        return this.matchStmt(n);
      case "forStmt": {
        const before = tokens(n, "Identifier").filter((t) => t.startOffset < token(n, "In").startOffset);
        if (before.length > 1) {
          this.diagnostics.push(
            error(
              Codes.syntaxError,
              tokenSpan(before[0]!),
              "`for some` is a loop of choices: say who chooses",
              "write `for some x in list chosen by <player> { ... }`",
            ),
          );
        }
        return {
          kind: "for",
          span,
          variable: name(before.at(-1)!),
          iterable: this.expr(node(n, "expr")),
          body: this.block(node(n, "block")),
        };
      }
      case "whileStmt":
        return { kind: "while", span, condition: this.expr(node(n, "expr")), body: this.block(node(n, "block")) };
      case "repeatStmt":
        return { kind: "repeat", span, count: this.expr(node(n, "expr")), body: this.block(node(n, "block")) };
      case "requireStmt":
        return {
          kind: "require",
          span,
          binding: has(n, "Let") ? name(token(n, "Identifier")) : undefined,
          condition: this.expr(node(n, "expr")),
          ...this.message(token(n, "StringLiteral")),
        };
      case "chooseStmt":
        return this.choose(n);
      case "actStmt": {
        const names = tokens(n, "Identifier").map(name);
        const stop = has(n, "Or") ? names.pop() : undefined;
        const label = tokens(n, "StringLiteral")[0];
        return {
          kind: "act",
          span,
          player: this.expr(node(n, "expr")),
          actions: names,
          ...(stop ? { orStop: { span: stop.span, label: label ? this.text(label) : undefined } } : {}),
        };
      }
      case "allowStmt": {
        const by = token(n, "By").startOffset;
        const here = tokens(n, "Identifier").some((t) => t.startOffset > by);
        return {
          kind: "allow",
          span,
          anytime: tokens(n, "Anytime").length > 0,
          actions: tokens(n, "Identifier")
            .filter((t) => t.startOffset < by)
            .map(name),
          player: this.expr(node(n, "expr")),
          ...(here ? { here } : {}),
          body: this.block(node(n, "block")),
        };
      }
      case "completingStmt": {
        const message = tokens(n, "StringLiteral")[0];
        return {
          kind: "completing",
          span,
          body: this.block(node(n, "block")),
          ...(message ? { message: { span: tokenSpan(message), ...this.text(message) } } : {}),
        };
      }
      case "addStmt": {
        this.expectWord(token(n, "to"), ["to"], "after the value to add");
        const exprs = nodes(n, "expr");
        return {
          kind: "add",
          span,
          value: this.expr(exprs[0]!),
          list: this.expr(exprs[1]!),
          atTop: has(n, "Identifier"),
        };
      }
      case "removeStmt": {
        this.expectWord(token(n, "from"), ["from"], "after the value to remove");
        const exprs = nodes(n, "expr");
        return { kind: "remove", span, value: this.expr(exprs[0]!), list: this.expr(exprs[1]!) };
      }
      case "shuffleStmt":
        return { kind: "shuffle", span, list: this.expr(node(n, "expr")) };
      default: {
        const target = this.operation(node(n, "operation"));
        const value = maybeNode(n, "expr");
        if (!value) return { kind: "expr", span, expr: target };
        const op = has(n, "PlusAssign") ? "+=" : has(n, "MinusAssign") ? "-=" : "=";
        return { kind: "assign", span, target, op, value: this.expr(value) };
      }
    }
  }

  private ifStmt(n: CstNode): A.IfStmt {
    const blocks = nodes(n, "block");
    const elseIf = maybeNode(n, "ifStmt");
    let otherwise: A.Block | undefined;
    if (elseIf) {
      const nested = this.ifStmt(elseIf);
      otherwise = { span: nested.span, statements: [nested] };
    } else if (blocks[1]) {
      otherwise = this.block(blocks[1]);
    }
    return {
      kind: "if",
      span: nodeSpan(n),
      binding: has(n, "Let") ? name(token(n, "Identifier")) : undefined,
      condition: this.expr(node(n, "expr")),
      then: this.block(blocks[0]!),
      otherwise,
    };
  }

  private matchStmt(n: CstNode): A.MatchStmt {
    // Each arm is a pattern, then a block or a single statement, in source order.
    const bodies = [...nodes(n, "block"), ...nodes(n, "statement")].sort(
      (a, b) => (a.location?.startOffset ?? 0) - (b.location?.startOffset ?? 0),
    );
    const arms = nodes(n, "pattern").map((p, i): A.MatchArm<A.Block> => {
      const body = bodies[i]!;
      const block: A.Block =
        body.name === "block" ? this.block(body) : { span: nodeSpan(body), statements: this.statements(body) };
      return { span: { ...nodeSpan(p), end: block.span.end }, pattern: this.pattern(p), body: block };
    });
    return { kind: "match", span: nodeSpan(n), subject: this.expr(node(n, "expr")), arms };
  }

  private matchExpr(n: CstNode): A.MatchExpr {
    const [subject, ...values] = nodes(n, "expr").map((e) => this.expr(e));
    const arms = nodes(n, "pattern").map((p, i): A.MatchArm<A.Expr> => {
      const body = values[i]!;
      return { span: { ...nodeSpan(p), end: body.span.end }, pattern: this.pattern(p), body };
    });
    return { kind: "match", span: nodeSpan(n), subject: subject!, arms };
  }

  private pattern(n: CstNode): A.Pattern {
    const span = nodeSpan(n);
    if (has(n, "None")) return { kind: "none", span };
    const [member, ...binders] = tokens(n, "Identifier");
    if (member!.image === "_" && !has(n, "LParen")) return { kind: "wildcard", span };
    return { kind: "member", span, name: name(member!), binders: has(n, "LParen") ? binders.map(name) : undefined };
  }

  private choose(n: CstNode): A.ChooseStmt {
    const exprs = nodes(n, "expr");
    const ids = tokens(n, "Identifier");
    const hasFrom = tokens(n, "In").some((t) => t.startOffset < token(n, "By").startOffset);
    const each = has(n, "Each");
    let i = 0;
    const from = hasFrom ? exprs[i++] : undefined;
    const chooser = exprs[i++]!;
    const condition = has(n, "Where") ? exprs[i++] : undefined;
    // The refusal message follows `else`; a string before it is the label after `shown`.
    const elseAt = has(n, "Else") ? token(n, "Else").startOffset : Infinity;
    const strings = tokens(n, "StringLiteral");
    const messageToken = strings.find((t) => t.startOffset > elseAt);
    const labelToken = strings.find((t) => t.startOffset < elseAt);
    const message = messageToken ? this.message(messageToken) : undefined;
    const label = labelToken ? { span: tokenSpan(labelToken), ...this.text(labelToken) } : undefined;
    const typeNode = node(n, "typeExpr");
    return {
      kind: "choose",
      span: nodeSpan(n),
      name: name(ids[0]!),
      domain: {
        span: nodeSpan(typeNode),
        typeExpr: this.typeExpr(typeNode),
        from: from ? this.expr(from) : undefined,
      },
      chooser: this.expr(chooser),
      each: each ? name(ids[1]!) : undefined,
      condition: condition ? this.expr(condition) : undefined,
      message: message?.message,
      ...(message?.messageParts ? { messageParts: message.messageParts } : {}),
      ...(label ? { label } : {}),
      ...(ids.some((t) => t.image === "several" && t.startOffset > token(n, "By").startOffset)
        ? { whenSeveral: true }
        : {}),
    };
  }

  /** A refusal message, with its holes when it has any. */
  private message(t: IToken): { message: string; messageParts?: A.TextPart[] } {
    const { value, parts } = this.text(t);
    return parts ? { message: value, messageParts: parts } : { message: value };
  }

  // ---- expressions ------------------------------------------------------------------------------------------

  expr(n: CstNode): A.Expr {
    const c = maybeNode(n, "conditional");
    if (c) {
      const e = nodes(c, "expr");
      return {
        kind: "conditional",
        span: nodeSpan(c),
        condition: this.expr(e[0]!),
        then: this.expr(e[1]!),
        otherwise: this.expr(e[2]!),
      };
    }
    return this.operation(n);
  }

  /**
   * A flat chain of operands and operators, grouped by precedence climbing. A `not` before an operand negates the
   * comparison it starts (`not a == b` is `not (a == b)`), so it may only come first or after `and` / `or`;
   * comparisons and `is` tests do not chain (`a < b < c` is refused).
   */
  private operation(n: CstNode): A.Expr {
    // The operators in source order, `is` among them (it takes a member's name where the others take an operand).
    const ops = [...tokens(n, "BinaryOperator"), ...tokens(n, "Is")].sort((a, b) => a.startOffset - b.startOffset);
    return this.grouped({ operands: nodes(n, "operand"), ops, members: tokens(n, "Identifier") });
  }

  /** `arithmetic`: a range's bound, numbers only. */
  private arithmetic(n: CstNode): A.Expr {
    return this.grouped({ operands: nodes(n, "operand"), ops: tokens(n, "ArithmeticOperator"), members: [] });
  }

  /**
   * A whole chain, grouped. The chain is written out field by field: made with a spread of `parts`, it made the whole
   * AST build three times slower (its reads in `climb` and `negated` are the build's hottest).
   */
  private grouped(parts: Pick<Chain, "operands" | "ops" | "members">): A.Expr {
    const chain: Chain = {
      operands: parts.operands,
      ops: parts.ops,
      members: parts.members,
      next: 0,
      nextOp: 0,
      nextMember: 0,
    };
    return this.climb(chain, 1, this.negated(chain));
  }

  /** The next operand of the chain, with its `not`s: each negates the operand and the comparison it starts. */
  private negated(chain: Chain): A.Expr {
    const n = chain.operands[chain.next++]!;
    const nots = tokens(n, "Not");
    const value = this.operand(n);
    if (nots.length === 0) return value;
    const before = chain.ops[chain.nextOp - 1];
    if (before && before.image !== "and" && before.image !== "or") {
      this.diagnostics.push(
        error(
          Codes.syntaxError,
          tokenSpan(nots[0]!),
          `\`not\` cannot follow \`${before.image}\`: it negates a whole comparison`,
          `put what it negates in brackets: \`${before.image} (not ...)\``,
        ),
      );
    }
    let result = this.climb(chain, COMPARISON, value);
    for (let i = nots.length - 1; i >= 0; i--) {
      result = { kind: "unary", op: "not", operand: result, span: { ...tokenSpan(nots[i]!), end: result.span.end } };
    }
    return result;
  }

  /** Precedence climbing: `left` and the operators after it that bind at least as tightly as `lowest`. */
  private climb(chain: Chain, lowest: number, left: A.Expr): A.Expr {
    for (;;) {
      const op = chain.ops[chain.nextOp];
      const level = op ? precedence(op.image) : 0;
      if (!op || level < lowest) return left;
      chain.nextOp++;
      if (op.image === "is") {
        const member = name(chain.members[chain.nextMember++]!);
        left = { kind: "is", subject: left, member, span: { ...left.span, end: member.span.end } };
      } else {
        // `??` groups to the right (`a ?? (b ?? c)`: each left side is the optional one); the others to the left.
        const right = this.climb(chain, op.image === "??" ? level : level + 1, this.negated(chain));
        left = { kind: "binary", op: op.image as A.BinaryOp, left, right, span: { ...left.span, end: right.span.end } };
      }
      const after = chain.ops[chain.nextOp];
      if (level === COMPARISON && after && precedence(after.image) === COMPARISON) {
        this.diagnostics.push(
          error(
            Codes.syntaxError,
            tokenSpan(after),
            `comparisons do not chain: \`${after.image}\` after \`${op.image}\``,
            "compare twice and join with `and`: `a < b and b < c`",
          ),
        );
      }
    }
  }

  /** An operand: its `-`s, its value, then its `.field`s and `[index]`es (`not`s are the chain's: `negated`). */
  private operand(n: CstNode): A.Expr {
    let result = this.postfix(n);
    const minuses = tokens(n, "Minus");
    const lastNot = tokens(n, "Not").at(-1);
    if (lastNot && minuses.length > 0 && lastNot.startOffset > minuses[0]!.startOffset) {
      this.diagnostics.push(
        error(
          Codes.syntaxError,
          tokenSpan(lastNot),
          "`not` cannot follow `-`",
          "put what it negates in brackets: `-(not ...)` is a number negated, which `not` never gives",
        ),
      );
    }
    for (let i = minuses.length - 1; i >= 0; i--) {
      const minus = minuses[i]!;
      const span = { ...tokenSpan(minus), end: result.span.end };
      result =
        result.kind === "int"
          ? { ...result, value: -result.value, span }
          : { kind: "unary", op: "-", operand: result, span };
    }
    return result;
  }

  private postfix(n: CstNode): A.Expr {
    let result = this.primary(n);
    const dots = tokens(n, "Dot");
    const names = tokens(n, "member");
    const brackets = tokens(n, "LBracket");
    const indexExprs = nodes(n, "index");
    const closers = tokens(n, "RBracket");
    if (dots.length === 0 && brackets.length === 0) return result;
    const steps = [
      ...dots.map((d, i) => ({
        at: d.startOffset,
        member: names[i]!,
        index: undefined as CstNode | undefined,
        close: undefined as IToken | undefined,
      })),
      ...brackets.map((b, i) => ({
        at: b.startOffset,
        member: undefined as IToken | undefined,
        index: indexExprs[i],
        close: closers[i],
      })),
    ].sort((a, b) => a.at - b.at);
    for (const step of steps) {
      if (step.member) {
        const end = (step.member.endOffset ?? step.member.startOffset) + 1;
        result = { kind: "member", object: result, name: name(step.member), span: { ...result.span, end } };
      } else {
        const index = this.expr(step.index!);
        const end = step.close ? (step.close.endOffset ?? step.close.startOffset) + 1 : index.span.end + 1;
        result = { kind: "index", object: result, index, span: { ...result.span, end } };
      }
    }
    return result;
  }

  /** The value itself, without what comes before or after it. */
  private primary(n: CstNode): A.Expr {
    const literal = (kind: string): IToken | undefined => tokens(n, kind)[0];
    let t: IToken | undefined;
    if ((t = literal("IntLiteral"))) return { kind: "int", value: this.int(t), span: tokenSpan(t) };
    if ((t = literal("StringLiteral"))) {
      const { value, parts } = this.text(t);
      const span = tokenSpan(t);
      return parts ? { kind: "string", value, parts, span } : { kind: "string", value, span };
    }
    if ((t = literal("True"))) return { kind: "bool", value: true, span: tokenSpan(t) };
    if ((t = literal("False"))) return { kind: "bool", value: false, span: tokenSpan(t) };
    if ((t = literal("None"))) return { kind: "none", span: tokenSpan(t) };
    const callee = tokens(n, "callee")[0];
    if (callee) return this.callOrName(n, callee);
    const list = maybeNode(n, "listExpr");
    if (list) return this.listExpr(list);
    const match = maybeNode(n, "matchExpr");
    if (match) return this.matchExpr(match);
    const map = maybeNode(n, "mapExpr");
    if (map) return this.mapExpr(map);
    // A parenthesised expression spans its parentheses, so that a caret under it (or under `(a + b) * c`) balances.
    const open = token(n, "LParen");
    const close = tokens(n, "RParen")[0];
    const inner = this.expr(node(n, "inner"));
    const end = close ? (close.endOffset ?? close.startOffset) + 1 : inner.span.end;
    return { ...inner, span: { ...tokenSpan(open), end } };
  }

  private static readonly aggregates: ReadonlySet<string> = new Set([
    "sum",
    "count",
    "min",
    "max",
    "all",
    "any",
    "argmin",
    "argmax",
    "sorted",
    "first",
  ]);

  /** A name, or a call (`n` is the operand holding it). */
  private callOrName(n: CstNode, callee: IToken): A.Expr {
    if (!has(n, "call")) return { kind: "name", name: callee.image, span: tokenSpan(callee) };
    const close = token(n, "callEnd");
    const span = { ...tokenSpan(callee), end: (close.endOffset ?? close.startOffset) + 1 };
    const argNodes = nodes(n, "argument");
    const binder = argNodes.find((a) => has(a, "In"));
    if (binder) {
      if (!AstBuilder.aggregates.has(callee.image) || argNodes.length !== 1) {
        this.diagnostics.push(
          error(
            Codes.syntaxError,
            nodeSpan(binder),
            `\`x in list\` is only allowed as the single argument of an aggregate`,
            "aggregates are sum, count, min, max, all, any, argmin, argmax, sorted and first",
          ),
        );
      }
      const [iterable, ...rest] = nodes(binder, "expr").map((x) => this.expr(x));
      const body = has(binder, "Colon") ? rest.shift() : undefined;
      const orElse = has(binder, "Else") ? rest.shift() : undefined;
      return {
        kind: "aggregate",
        span,
        op: callee.image as A.AggregateOp,
        variable: name(token(binder, "Identifier")),
        iterable: iterable!,
        body,
        ...(orElse ? { orElse } : {}),
      };
    }
    const args: A.Expr[] = [];
    const namedArgs: A.NamedArg[] = [];
    for (const a of argNodes) {
      const e = this.expr(node(a, "expr"));
      if (has(a, "Colon")) namedArgs.push({ span: nodeSpan(a), name: name(token(a, "Identifier")), value: e });
      else args.push(e);
    }
    return { kind: "call", span, callee: name(callee), args, namedArgs };
  }

  /** `for x in list [if cond]`: the variable, the list and the condition of a comprehension. */
  private generator(n: CstNode): { variable: A.Name; iterable: A.Expr; condition: A.Expr | undefined } {
    const [iterable, condition] = nodes(n, "expr").map((e) => this.expr(e));
    return { variable: name(token(n, "Identifier")), iterable: iterable!, condition };
  }

  private mapExpr(n: CstNode): A.Expr {
    const span = nodeSpan(n);
    const exprs = nodes(n, "expr").map((e) => this.expr(e));
    const generator = maybeNode(n, "generator");
    if (generator)
      return { kind: "mapComprehension", span, key: exprs[0]!, value: exprs[1]!, ...this.generator(generator) };
    const entries: { key: A.Expr; value: A.Expr }[] = [];
    for (let i = 0; i + 1 < exprs.length; i += 2) entries.push({ key: exprs[i]!, value: exprs[i + 1]! });
    return { kind: "map", span, entries };
  }

  private listExpr(n: CstNode): A.Expr {
    const span = nodeSpan(n);
    const exprs = nodes(n, "expr").map((e) => this.expr(e));
    const generators = nodes(n, "generator");
    if (generators.length === 0) return { kind: "list", span, elements: exprs };
    // `[e for x in xs for y in ys]`: the innermost `for` makes the elements, each outer one flattens what it holds.
    let element: A.Expr = exprs[0]!;
    for (let i = generators.length - 1; i >= 0; i--) {
      const flatten = i < generators.length - 1;
      const generator = this.generator(generators[i]!);
      element = { kind: "comprehension", span, element, ...generator, ...(flatten ? { flatten } : {}) };
    }
    return element;
  }
}

/** The value of a literal number, negative or not (`3`, `-1`): a range type's fixed bound. */
function constantInt(e: A.Expr): number | undefined {
  if (e.kind === "int") return e.value;
  if (e.kind === "unary" && e.op === "-" && e.operand.kind === "int") return -e.operand.value;
  return undefined;
}
