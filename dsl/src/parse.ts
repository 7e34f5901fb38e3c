/**
 * Source text -> tokens -> CST -> AST, collecting every lexical and syntax error of the file in one run (up to
 * MAX_ERRORS: past them, lexing and parsing stop, so that garbage costs what its first errors cost). Never throws
 * for bad input: binary files, unterminated strings, runaway nesting and huge files all become diagnostics.
 */
import type { CstNode, IRecognitionException, IToken } from "chevrotain";
import type { RulesFile, Span } from "./ast.ts";
import { AstBuilder } from "./cst-to-ast.ts";
import { Codes, error, sortDiagnostics, spanAt, type Diagnostic } from "./diagnostics.ts";
import { MAX_CHAIN_DEPTH, NestingTooDeep, rulesParser, TooManyErrors } from "./parser.ts";
import { describeRule, openBrackets, syntaxHint, type OpenBracket } from "./syntax-hints.ts";
import { TokenStream } from "./token-stream.ts";

/** Deeper nesting than this is surely a mistake, and would exhaust the parser's stack. */
export const MAX_NESTING = 64;
/**
 * How deep the syntax tree may be. Operator chains (`a + b + ...`) parse as a loop but build a tree as deep as the
 * chain is long, and the checker and the compiler walk it recursively.
 */
export const MAX_DEPTH = 256;
/** After this many errors the rest are summarised, so garbage input does not flood the terminal. */
export const MAX_ERRORS = 50;

export interface ParseResult {
  readonly file: RulesFile | undefined;
  readonly diagnostics: Diagnostic[];
}

export function parseRules(text: string, path: string): ParseResult {
  const diagnostics: Diagnostic[] = [];
  const binaryAt = text.search(/[\u0000-\u0008\u000e-\u001a\ufffd]/);
  if (binaryAt >= 0) {
    diagnostics.push(
      error(
        Codes.notText,
        spanAt(text, binaryAt, binaryAt + 1),
        "this file is not text (it contains control or undecodable bytes)",
        "a .rules file is UTF-8 text; was a binary file given by mistake?",
      ),
    );
    return { file: undefined, diagnostics };
  }

  // Tokens are lexed as the parser reads them, and both stop once more errors were found than can be shown: a file of
  // garbage costs what its first errors cost, whatever its size.
  const stream = new TokenStream(text, MAX_ERRORS, MAX_NESTING);
  let cst: CstNode | undefined;
  let stopped = false;
  let chainTooDeep = false;
  try {
    cst = rulesParser.parseStream(stream, MAX_ERRORS);
  } catch (e) {
    if (e instanceof TooManyErrors) stopped = true;
    else if (e instanceof NestingTooDeep) {
      chainTooDeep = true;
      const offset = Number.isNaN(e.token.startOffset) ? Math.max(0, text.trimEnd().length - 1) : e.token.startOffset;
      diagnostics.push(
        error(
          Codes.nestingTooDeep,
          spanAt(text, offset, offset + Math.max(1, e.token.image.length)),
          `operators, \`if\` expressions or \`else if\` branches are nested more than ${MAX_CHAIN_DEPTH} deep here`,
          "split the rule into smaller parts with `let`, functions or procedures",
        ),
      );
    } else throw e;
  }
  for (const e of stream.lexErrors) {
    diagnostics.push(
      error(
        Codes.unexpectedCharacter,
        spanAt(text, e.offset, e.offset + e.length),
        `unexpected character \`${printable(text.slice(e.offset, e.offset + Math.min(e.length, 10)))}\``,
        "names use letters, digits and `_`; strings are written between double quotes",
      ),
    );
  }
  for (const t of stream.unterminated) {
    diagnostics.push(
      error(
        Codes.unterminatedString,
        spanAt(text, t.startOffset, t.startOffset + t.image.length),
        "unterminated string",
        'close it with `"` on the same line',
      ),
    );
  }
  // Stopping at brackets nested too deep is that error, not more of them.
  // Or the parser gave up on the rest of the file (error recovery found nowhere to resume), which is then unread.
  const truncated = !stream.tooDeep && (stopped || stream.stoppedEarly || !stream.done);
  // Past nesting that deep the parser's errors say nothing (it met the end of what was lexed, or gave up).
  if (chainTooDeep) return { file: undefined, diagnostics: cap(diagnostics) };
  if (stream.tooDeep) {
    diagnostics.push(
      error(
        Codes.nestingTooDeep,
        spanAt(text, stream.tooDeep.startOffset, stream.tooDeep.startOffset + 1),
        `brackets are nested more than ${MAX_NESTING} deep here`,
        "split the rule into smaller procedures or functions",
      ),
    );
    return { file: undefined, diagnostics: cap(diagnostics, truncated) };
  }
  const openAt = openBrackets(stream.tokens);
  for (const e of rulesParser.errors) diagnostics.push(syntaxDiagnostic(e, text, openAt));
  if (diagnostics.length > 0 || !cst) return { file: undefined, diagnostics: cap(diagnostics, truncated) };

  const builder = new AstBuilder(path);
  const file = builder.file(cst);
  diagnostics.push(...builder.diagnostics);
  const deepest = findExcessiveDepth(file);
  if (deepest) {
    diagnostics.push(
      error(
        Codes.nestingTooDeep,
        spanAt(text, deepest.start, deepest.end),
        `this rule is nested more than ${MAX_DEPTH} deep`,
        "split it into smaller parts with `let`, functions or procedures",
      ),
    );
  }
  return { file: diagnostics.length > 0 ? undefined : file, diagnostics: cap(diagnostics) };
}

/** The span of a node nested deeper than `MAX_DEPTH` (counting nodes with a `kind`), found without recursion. */
function findExcessiveDepth(file: RulesFile): Span | undefined {
  // Two stacks side by side rather than one of pairs: this walks every object of the tree once per parse.
  const values: unknown[] = [file.declarations];
  const depths: number[] = [0];
  while (values.length > 0) {
    const value = values.pop();
    const depth = depths.pop()!;
    if (Array.isArray(value)) {
      for (const v of value) {
        if (typeof v !== "object" || v === null) continue;
        values.push(v);
        depths.push(depth);
      }
      continue;
    }
    if (typeof value !== "object" || value === null) continue;
    const record = value as Record<string, unknown>;
    const d = typeof record.kind === "string" ? depth + 1 : depth;
    if (d > MAX_DEPTH && isSpan(record.span)) return record.span;
    for (const key in record) {
      const v = record[key];
      if (key === "span" || typeof v !== "object" || v === null) continue;
      values.push(v);
      depths.push(d);
    }
  }
  return undefined;
}

function isSpan(v: unknown): v is Span {
  return typeof v === "object" && v !== null && "start" in v && typeof v.start === "number";
}

/** Control characters shown as `U+001B`, so that a message never writes them to the terminal. */
function printable(s: string): string {
  return s.replace(
    /[\u0000-\u001f\u007f-\u009f]/g,
    (c) => `U+${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, "0")}`,
  );
}

function describeToken(t: IToken): string {
  if (t.tokenType.name === "EOF") return "the end of the file";
  return `\`${t.image}\``;
}

function syntaxDiagnostic(
  e: IRecognitionException,
  text: string,
  openAt: (offset: number) => OpenBracket[],
): Diagnostic {
  const t = e.token;
  const atEnd = t.tokenType.name === "EOF" || Number.isNaN(t.startOffset);
  const offset = atEnd ? Math.max(0, text.trimEnd().length - 1) : t.startOffset;
  const span = spanAt(text, offset, atEnd ? offset + 1 : offset + t.image.length);
  const found = atEnd ? "the end of the file" : describeToken(t);
  const rule = e.context.ruleStack[e.context.ruleStack.length - 1] ?? "file";
  const expected = expectedFrom(e.message);
  const message = expected ? `expected ${expected}, found ${found}` : `unexpected ${found}`;
  const lineStart = text.lastIndexOf("\n", offset - 1) + 1;
  const startsLineAt = !atEnd && text.slice(lineStart, offset).trim() === "" ? t.startColumn : undefined;
  const open = openAt(atEnd ? text.length : offset);
  const hint = syntaxHint({ rule, found: t.image, atEnd, startsLineAt, expected, open });
  return error(Codes.syntaxError, span, `${message} (in ${describeRule(rule)})`, hint);
}

/** Chevrotain's messages list expected tokens as `--> X <--`; keep a short, readable list of them. */
function expectedFrom(message: string): string | undefined {
  const single = message.match(/^Expecting token of type -->\s*(.*?)\s*<--/);
  if (single) return tokenWord(single[1]!);
  {
    const oneOf = message.match(/one of these possible Token sequences:\s*([\s\S]*?)\s*but found/);
    if (!oneOf) return undefined;
    const alternatives = [...oneOf[1]!.matchAll(/\[([^\]]*)\]/g)].map((m) => m[1]!.split(",")[0]!.trim());
    const unique = [...new Set(alternatives)].slice(0, 6);
    return unique.length > 0 ? unique.map(tokenWord).join(", ") : undefined;
  }
}

const tokenWords: Readonly<Record<string, string>> = {
  Identifier: "a name",
  IntLiteral: "a number",
  StringLiteral: "a string",
  LBrace: "`{`",
  RBrace: "`}`",
  LParen: "`(`",
  RParen: "`)`",
  LBracket: "`[`",
  RBracket: "`]`",
  Colon: "`:`",
  Comma: "`,`",
  Assign: "`=`",
  DotDot: "`..`",
  Pipe: "`|`",
  Less: "`<`",
  Greater: "`>`",
  Minus: "`-`",
  Plus: "`+`",
  Dot: "`.`",
  BinaryOperator: "an operator",
  ArithmeticOperator: "an operator",
  EOF: "the end of the file",
};

function tokenWord(name: string): string {
  return tokenWords[name] ?? `\`${name.toLowerCase()}\``;
}

/**
 * Sorts diagnostics by position and keeps the first MAX_ERRORS, summarising the rest in one more; `truncated` says
 * that checking stopped early, so more errors may follow than were found.
 */
export function cap(diagnostics: Diagnostic[], truncated = false): Diagnostic[] {
  diagnostics = sortDiagnostics(diagnostics);
  if (diagnostics.length <= MAX_ERRORS && !truncated) return diagnostics;
  const last = diagnostics[Math.min(MAX_ERRORS, diagnostics.length) - 1];
  if (!last) return diagnostics;
  const rest = diagnostics.length - MAX_ERRORS;
  const message = truncated
    ? `more errors not shown: checking stopped after the first ${Math.min(MAX_ERRORS, diagnostics.length)}`
    : `${rest} more error${rest === 1 ? "" : "s"} not shown`;
  return [
    ...diagnostics.slice(0, MAX_ERRORS),
    error(Codes.tooManyErrors, last.span, message, "fix the first ones and run again"),
  ];
}
