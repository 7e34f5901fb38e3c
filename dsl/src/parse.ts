/**
 * Source text -> tokens -> CST -> AST, collecting every lexical and syntax error of the file in one run.
 * Never throws for bad input: binary files, unterminated strings, runaway nesting and huge files all become
 * diagnostics.
 */
import type { IRecognitionException, IToken } from "chevrotain";
import type { RulesFile } from "./ast.ts";
import { AstBuilder } from "./cst-to-ast.ts";
import { Codes, error, sortDiagnostics, spanAt, type Diagnostic } from "./diagnostics.ts";
import { LBrace, LBracket, LParen, RBrace, RBracket, RParen, rulesLexer, UnterminatedString } from "./lexer.ts";
import { rulesParser } from "./parser.ts";

/** Deeper nesting than this is surely a mistake, and would exhaust the parser's stack. */
export const MAX_NESTING = 64;
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

  const lexed = rulesLexer.tokenize(text);
  for (const e of lexed.errors) {
    diagnostics.push(
      error(
        Codes.unexpectedCharacter,
        spanAt(text, e.offset, e.offset + e.length),
        `unexpected character \`${text.slice(e.offset, e.offset + Math.min(e.length, 10))}\``,
        "names use letters, digits and `_`; strings are written between double quotes",
      ),
    );
  }
  const tokens = lexed.tokens.filter((t) => {
    if (t.tokenType !== UnterminatedString) return true;
    diagnostics.push(
      error(
        Codes.unterminatedString,
        spanAt(text, t.startOffset, t.startOffset + t.image.length),
        "unterminated string",
        'close it with `"` on the same line',
      ),
    );
    return false;
  });

  const tooDeep = findExcessiveNesting(tokens);
  if (tooDeep) {
    diagnostics.push(
      error(
        Codes.nestingTooDeep,
        spanAt(text, tooDeep.startOffset, tooDeep.startOffset + 1),
        `brackets are nested more than ${MAX_NESTING} deep here`,
        "split the rule into smaller procedures or functions",
      ),
    );
    return { file: undefined, diagnostics: cap(diagnostics) };
  }

  rulesParser.input = tokens;
  const cst = rulesParser.file();
  for (const e of rulesParser.errors) diagnostics.push(syntaxDiagnostic(e, text));
  if (diagnostics.length > 0) return { file: undefined, diagnostics: cap(diagnostics) };

  const builder = new AstBuilder(path);
  const file = builder.file(cst);
  diagnostics.push(...builder.diagnostics);
  return { file: diagnostics.length > 0 ? undefined : file, diagnostics: cap(diagnostics) };
}

function findExcessiveNesting(tokens: readonly IToken[]): IToken | undefined {
  let depth = 0;
  for (const t of tokens) {
    if (t.tokenType === LBrace || t.tokenType === LParen || t.tokenType === LBracket) {
      if (++depth > MAX_NESTING) return t;
    } else if (t.tokenType === RBrace || t.tokenType === RParen || t.tokenType === RBracket) {
      depth = Math.max(0, depth - 1);
    }
  }
  return undefined;
}

function describeToken(t: IToken): string {
  if (t.tokenType.name === "EOF") return "the end of the file";
  return `\`${t.image}\``;
}

function syntaxDiagnostic(e: IRecognitionException, text: string): Diagnostic {
  const t = e.token;
  const atEnd = t.tokenType.name === "EOF" || Number.isNaN(t.startOffset);
  const offset = atEnd ? Math.max(0, text.trimEnd().length - 1) : t.startOffset;
  const span = spanAt(text, offset, atEnd ? offset + 1 : offset + t.image.length);
  const found = atEnd ? "the end of the file" : describeToken(t);
  const rule = e.context.ruleStack[e.context.ruleStack.length - 1] ?? "file";
  const expected = expectedFrom(e.message);
  const message = expected ? `expected ${expected}, found ${found}` : `unexpected ${found}`;
  return error(Codes.syntaxError, span, `${message} (in ${describeRule(rule)})`, hintFor(rule, t.image, atEnd));
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
};

function tokenWord(name: string): string {
  return tokenWords[name] ?? `\`${name.toLowerCase()}\``;
}

function describeRule(rule: string): string {
  return rule
    .replace(/Decl$/, " declaration")
    .replace(/Stmt$/, " statement")
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .toLowerCase();
}

function hintFor(rule: string, image: string, atEnd: boolean): string | undefined {
  if (atEnd) return "a `{` may be missing its `}`";
  if (rule === "file" || rule === "declaration") {
    return "a file is a list of declarations: game, enum, record, const, param, per player, global, fn, proc, action, setup, flow, scoring, variant, test";
  }
  if (image === "=" && rule === "comparison") return "compare with `==`; `=` assigns";
  return undefined;
}

function cap(diagnostics: Diagnostic[]): Diagnostic[] {
  diagnostics = sortDiagnostics(diagnostics);
  if (diagnostics.length <= MAX_ERRORS) return diagnostics;
  const rest = diagnostics.length - MAX_ERRORS;
  const last = diagnostics[MAX_ERRORS - 1]!;
  return [
    ...diagnostics.slice(0, MAX_ERRORS),
    error(
      Codes.tooManyErrors,
      last.span,
      `${rest} more error${rest === 1 ? "" : "s"} not shown`,
      "fix the first ones and run again",
    ),
  ];
}
