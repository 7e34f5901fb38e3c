/**
 * CST -> AST, expressions and types: operators grouped by precedence, calls, literals, comprehensions, `match`
 * expressions and patterns, texts with holes, type expressions. The base of the builder: statements
 * (`cst-to-ast-statements.ts`) and declarations (`cst-to-ast.ts`) build on it.
 */
import type { CstNode, IToken } from "chevrotain";
import type * as A from "./ast.ts";
import { Codes, error, type Diagnostic } from "./diagnostics.ts";
import { rulesLexer } from "./lexer.ts";
import { rulesParser } from "./parser.ts";
import { nodes, node, maybeNode, tokens, token, has, tokenSpan, nodeSpan, name } from "./cst-reading.ts";
import { WAY_BUILTINS } from "./ways.ts";
import { writtenNumber } from "./written-ranges.ts";

/** A chain of operands and operators being grouped (`ExpressionBuilder.operation`): what has been read so far. */
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

export class ExpressionBuilder {
  readonly diagnostics: Diagnostic[] = [];
  constructor(protected readonly path: string) {}

  /**
   * The text of a string token, cut at its holes: `"Pay {cost} gold"` is "Pay ", the expression `cost`, " gold".
   * `\{` and `\}` are braces of the text. `parts` is undefined for text without holes.
   */
  protected text(t: IToken): { value: string; parts: A.TextPart[] | undefined } {
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

  /** A number as written; one too large for the engines to hold exactly is an error. */
  protected int(t: IToken): number {
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

  /** Whether `t` is one of `words`; else a syntax error, with how the rule reads (`form`) as its hint. */
  protected expectWord(t: IToken, words: readonly string[], where: string, form: string): boolean {
    if (words.includes(t.image)) return true;
    const quoted = words.map((w) => `\`${w}\``);
    const expected = quoted.length > 2 ? `${quoted.slice(0, -1).join(", ")} or ${quoted.at(-1)}` : quoted.join(" or ");
    this.diagnostics.push(
      error(Codes.syntaxError, tokenSpan(t), `expected ${expected} ${where}, found \`${t.image}\``, `write ${form}`),
    );
    return false;
  }

  protected typeExpr(n: CstNode): A.TypeExpr {
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
      if (!has(n, "arithmetic")) return { kind: "range", low, high: undefined, span };
      const high = this.arithmetic(node(n, "arithmetic"));
      const fixedHigh = writtenNumber(high);
      return fixedHigh !== undefined
        ? { kind: "range", low, high: fixedHigh, span }
        : { kind: "range", low, high: low, highValue: high, span };
    }
    return { kind: "named", name: name(token(n, "Identifier")), span };
  }

  private matchExpr(n: CstNode): A.MatchExpr {
    const [subject, ...values] = nodes(n, "expr").map((e) => this.expr(e));
    const arms = nodes(n, "pattern").map((p, i): A.MatchArm<A.Expr> => {
      const body = values[i]!;
      return { span: { ...nodeSpan(p), end: body.span.end }, pattern: this.pattern(p), body };
    });
    return { kind: "match", span: nodeSpan(n), subject: subject!, arms };
  }

  protected pattern(n: CstNode): A.Pattern {
    const span = nodeSpan(n);
    if (has(n, "None")) return { kind: "none", span };
    const [member, ...binders] = tokens(n, "Identifier");
    if (member!.image === "_" && !has(n, "LParen")) return { kind: "wildcard", span };
    return { kind: "member", span, name: name(member!), binders: has(n, "LParen") ? binders.map(name) : undefined };
  }

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
  protected operation(n: CstNode): A.Expr {
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
    const can = maybeNode(n, "canExpr");
    if (can) {
      const call = this.callOrName(can, token(can, "callee"));
      const span = { ...tokenSpan(token(can, "can")), end: call.span.end };
      if (call.kind === "call") return { kind: "can", call, span };
      // `can sum(x in list: ...)`: an aggregate is not a procedure.
      this.diagnostics.push(
        error(
          Codes.syntaxError,
          span,
          "`can` asks whether a procedure can be played to its end",
          "write `can pay(p, cost)`",
        ),
      );
      return call;
    }
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
      if (!ExpressionBuilder.aggregates.has(callee.image) || argNodes.length !== 1) {
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
    let square: A.Name | undefined;
    for (const [i, a] of argNodes.entries()) {
      const named = tokens(a, "binder")[0];
      if (named) {
        if (!WAY_BUILTINS.has(callee.image) || i !== 0) {
          this.diagnostics.push(
            error(
              Codes.syntaxError,
              nodeSpan(a),
              "`x from start` is only allowed as the first argument of `reachable` or `route`",
              "`reachable(h from me.pos, within: 3)`: the squares a way of at most 3 steps from `me.pos` ends on",
            ),
          );
        }
        square ??= name(named);
        args.push(this.expr(node(a, "start")));
        continue;
      }
      const e = this.expr(node(a, "expr"));
      if (has(a, "Colon")) namedArgs.push({ span: nodeSpan(a), name: name(token(a, "Identifier")), value: e });
      else args.push(e);
    }
    return { kind: "call", span, callee: name(callee), args, namedArgs, ...(square ? { binder: square } : {}) };
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
