/**
 * Helpers for the specifications: wrap a snippet in a minimal valid game, run the front end, and look at the result
 * in a compact, readable form.
 */
import { expect } from "vitest";
import type { Block, Declaration, Expr, Pattern, RulesFile, Stmt } from "../src/ast.ts";
import type { Program } from "../src/checker.ts";
import type { Code, Diagnostic, Severity } from "../src/diagnostics.ts";
import { loadRules } from "../src/load.ts";
import { parseRules } from "../src/parse.ts";

/** The header every snippet gets: line 1 of the file. */
export const HEADER = 'game "T" { players 2..4 }';

/**
 * A whole file: the game header (line 1), then `declarations` (from line 2), then a flow running `flow`.
 * Pass `flow: undefined` when the declarations bring their own flow.
 */
export function game(declarations = "", flow: string | undefined = "end"): string {
  const parts = [HEADER];
  if (declarations) parts.push(declarations);
  if (flow !== undefined) parts.push(`flow {\n${flow}\n}`);
  return parts.join("\n") + "\n";
}

/** A file whose flow runs `statements`, after `declarations`. */
export function inFlow(statements: string, declarations = ""): string {
  return game(declarations, statements);
}

/** Parses text that must be free of syntax errors. */
export function parseOk(text: string): RulesFile {
  const { file, diagnostics } = parseRules(text, "t.rules");
  expect(diagnostics).toEqual([]);
  expect(file).toBeDefined();
  return file!;
}

/** The declarations of `text` (which must parse). */
export function declarations(text: string): Declaration[] {
  return parseOk(text).declarations;
}

/** The one declaration of `kind` in `text`. */
export function declaration<K extends Declaration["kind"]>(text: string, kind: K): Extract<Declaration, { kind: K }> {
  const found = declarations(text).filter((d): d is Extract<Declaration, { kind: K }> => d.kind === kind);
  expect(found).toHaveLength(1);
  return found[0]!;
}

/** The statements of a flow made of `statements`. */
export function flowStatements(statements: string, decls = ""): Stmt[] {
  return declaration(inFlow(statements, decls), "flow").body.statements;
}

/** The one statement of a flow made of `statement`. */
export function statement(text: string, decls = ""): Stmt {
  const stmts = flowStatements(text, decls);
  expect(stmts).toHaveLength(1);
  return stmts[0]!;
}

/** The expression `source`, parsed as the value of a constant. */
export function expression(source: string): Expr {
  return declaration(game(`const X = ${source}`), "const").value;
}

/**
 * An expression as a compact Lisp-like string, so that tree shapes (precedence, associativity) read at a glance:
 * `a + b * c` shows as `(+ a (* b c))`.
 */
export function show(e: Expr): string {
  switch (e.kind) {
    case "int":
    case "bool":
      return String(e.value);
    case "string":
      return JSON.stringify(e.value);
    case "none":
      return "none";
    case "name":
      return e.name;
    case "list":
      return `[${e.elements.map(show).join(" ")}]`;
    case "comprehension":
      return `[${e.flatten ? "..." : ""}${show(e.element)} for ${e.variable.text} in ${show(e.iterable)}${e.condition ? ` if ${show(e.condition)}` : ""}]`;
    case "member":
      return `(. ${show(e.object)} ${e.name.text})`;
    case "index":
      return `(at ${show(e.object)} ${show(e.index)})`;
    case "call": {
      const args = [...e.args.map(show), ...e.namedArgs.map((a) => `${a.name.text}: ${show(a.value)}`)];
      return `(${e.callee.text}${args.map((a) => ` ${a}`).join("")})`;
    }
    case "aggregate":
      return `(${e.op} ${e.variable.text} in ${show(e.iterable)}${e.body ? `: ${show(e.body)}` : ""})`;
    case "unary":
      return `(${e.op} ${show(e.operand)})`;
    case "binary":
      return `(${e.op} ${show(e.left)} ${show(e.right)})`;
    case "is":
      return `(is ${show(e.subject)} ${e.member.text})`;
    case "map":
      return `{${e.entries.map((x) => `${show(x.key)}: ${show(x.value)}`).join(" ")}}`;
    case "mapComprehension":
      return `{${show(e.key)}: ${show(e.value)} for ${e.variable.text} in ${show(e.iterable)}${e.condition ? ` if ${show(e.condition)}` : ""}}`;
    case "match":
      return `(match ${show(e.subject)}${e.arms.map((a) => ` [${showPattern(a.pattern)} ${show(a.body)}]`).join("")})`;
    case "conditional":
      return `(if ${show(e.condition)} ${show(e.then)} ${show(e.otherwise)})`;
    case "can":
      return `(can ${show(e.call)})`;
  }
}

/** The kinds of a block's statements. */
export function kinds(b: Block): string[] {
  return b.statements.map((s) => s.kind);
}

/** The source text a node's span covers. */
export function textOf(text: string, node: { span: { start: number; end: number } }): string {
  return text.slice(node.span.start, node.span.end);
}

/** A diagnostic in a form that is easy to match: code, severity, position, message and hint. */
export interface Reported {
  readonly code: Code;
  readonly severity: Severity;
  readonly line: number;
  readonly column: number;
  readonly message: string;
  readonly hint: string | undefined;
}

function reported(d: Diagnostic): Reported {
  return {
    code: d.code,
    severity: d.severity,
    line: d.span.line,
    column: d.span.column,
    message: d.message,
    hint: d.hint,
  };
}

/** Every diagnostic of the whole front end (parse and check) for `text`. */
export function diagnose(text: string): Reported[] {
  return loadRules(text, "t.rules").diagnostics.map(reported);
}

/** The diagnostics of `text` with the given code. */
export function withCode(text: string, code: Code): Reported[] {
  return diagnose(text).filter((d) => d.code === code);
}

/** The codes of `text`'s errors (warnings left out). */
export function errorCodes(text: string): Code[] {
  return diagnose(text)
    .filter((d) => d.severity === "error")
    .map((d) => d.code);
}

/** Loads text that must be free of errors and warnings, and returns the checked program. */
export function loadClean(text: string): Program {
  const { program, diagnostics } = loadRules(text, "t.rules");
  expect(diagnostics.map(reported)).toEqual([]);
  expect(program).toBeDefined();
  return program!;
}

/** Asserts that `text` has exactly one error, with `code`, and returns it. */
export function soleError(text: string, code: Code): Reported {
  const errors = diagnose(text).filter((d) => d.severity === "error");
  expect(errors).toEqual([expect.objectContaining({ code })]);
  return errors[0]!;
}

function showPattern(p: Pattern): string {
  if (p.kind === "member")
    return p.binders ? `(${p.name.text}${p.binders.map((b) => ` ${b.text}`).join("")})` : p.name.text;
  return p.kind === "none" ? "none" : "_";
}
