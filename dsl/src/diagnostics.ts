/**
 * Diagnostics: stable codes, a position, a message and a hint (what to do about it), printed like a compiler would:
 *
 *   rules/game.rules:12:9 error RL102: expected int, found bool
 *      12 |   let x = true + 1
 *         |           ^^^^
 *      hint: ...
 */
import type { Span } from "./ast.ts";

export type Severity = "error" | "warning";

/** Every diagnostic code the toolchain emits; codes are stable, messages may improve. */
export const Codes = {
  unexpectedCharacter: "RL001",
  unterminatedString: "RL002",
  syntaxError: "RL003",
  nestingTooDeep: "RL004",
  notText: "RL005",
  tooManyErrors: "RL006",
  missingGame: "RL100",
  unknownName: "RL101",
  typeMismatch: "RL102",
  wrongArity: "RL103",
  duplicate: "RL104",
  unused: "RL105",
  unreachable: "RL106",
  notAssignable: "RL107",
  misplaced: "RL108",
  invalidValue: "RL109",
  decisionNotAllowed: "RL110",
  unknownField: "RL111",
  missingDeclaration: "RL112",
  notExhaustive: "RL114",
} as const;

export type Code = (typeof Codes)[keyof typeof Codes];

export interface Diagnostic {
  readonly code: Code;
  readonly severity: Severity;
  readonly message: string;
  readonly span: Span;
  /** What to do about it: every diagnostic has one. */
  readonly hint: string;
}

export function error(code: Code, span: Span, message: string, hint: string): Diagnostic {
  return { code, severity: "error", message, span, hint };
}

export function warning(code: Code, span: Span, message: string, hint: string): Diagnostic {
  return { code, severity: "warning", message, span, hint };
}

/** The hint of a call or a play given the wrong number of arguments: how it is declared. */
export function declaredAs(name: string, params: readonly { readonly name: { readonly text: string } }[]): string {
  return `it is declared \`${name}(${params.map((p) => p.name.text).join(", ")})\``;
}

/** A field declared twice in one block (of a record, of the game, of each player). */
export function fieldDeclaredTwice(name: string, span: Span): Diagnostic {
  return error(Codes.duplicate, span, `the field \`${name}\` is declared twice`, "remove one of them, or rename it");
}

/**
 * Where each line of a text starts, found once (lines end with `\n`, `\r\n` or `\r`, as for the lexer): the line
 * and column of an offset are then a binary search, so a file with thousands of errors is placed in linear time.
 */
export class LineIndex {
  /** Offset of the first character of each line; line n (from 1) starts at `starts[n - 1]`. */
  private readonly starts: number[] = [0];

  constructor(private readonly text: string) {
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10)) this.starts.push(i + 1);
    }
  }

  /** The line (from 1) holding `offset`; an offset past the end is on the last line. */
  lineOf(offset: number): number {
    let low = 0;
    let high = this.starts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (this.starts[mid]! <= offset) low = mid;
      else high = mid - 1;
    }
    return low + 1;
  }

  lineStart(line: number): number {
    return this.starts[line - 1] ?? this.text.length;
  }

  /** The text of a line (from 1), without its line break. */
  lineText(line: number): string {
    const start = this.lineStart(line);
    const next = line < this.starts.length ? this.starts[line]! : this.text.length;
    let end = next;
    if (end > start && this.text.charCodeAt(end - 1) === 10) end--;
    if (end > start && this.text.charCodeAt(end - 1) === 13) end--;
    return this.text.slice(start, end);
  }
}

/** The index of the text last asked about: every diagnostic of a file reads the same one. */
let lastIndex: { readonly text: string; readonly index: LineIndex } | undefined;

export function lineIndex(text: string): LineIndex {
  if (lastIndex?.text !== text) lastIndex = { text, index: new LineIndex(text) };
  return lastIndex.index;
}

/** A span from 0-based offsets, computing line and column. */
export function spanAt(text: string, start: number, end: number): Span {
  const index = lineIndex(text);
  const at = Math.min(start, text.length);
  const line = index.lineOf(at);
  return { start, end: Math.max(end, start), line, column: start - index.lineStart(line) + 1 };
}

/** Renders one diagnostic with its source line and a caret under the span. */
export function formatDiagnostic(d: Diagnostic, path: string, text: string): string {
  // A line of a megabyte shows its first 200 characters (cut before cleaning, so cleaning is cheap).
  const sourceLine = lineIndex(text).lineText(d.span.line);
  const clipped = sourceLine.length > 200 ? sourceLine.slice(0, 200) + "…" : sourceLine;
  const shown = clipped.replace(/\t/g, " ").replace(/[\u0000-\u001f\u007f-\u009f\ufffd]/g, "?");
  const gutter = String(d.span.line);
  const pad = " ".repeat(gutter.length);
  const caretStart = Math.min(d.span.column - 1, shown.length);
  const width = Math.max(1, Math.min(d.span.end - d.span.start, Math.max(1, shown.length - caretStart)));
  const out = [
    `${path}:${d.span.line}:${d.span.column} ${d.severity} ${d.code}: ${d.message}`,
    ` ${gutter} | ${shown}`,
    ` ${pad} | ${" ".repeat(caretStart)}${"^".repeat(width)}`,
  ];
  if (d.hint) out.push(` ${pad} = hint: ${d.hint}`);
  return out.join("\n");
}

export function hasErrors(diagnostics: readonly Diagnostic[]): boolean {
  return diagnostics.some((d) => d.severity === "error");
}

/** Orders diagnostics by position, so output reads top to bottom. */
export function sortDiagnostics(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  return [...diagnostics].sort((a, b) => a.span.start - b.span.start || a.code.localeCompare(b.code));
}

/**
 * Edit distance for "did you mean" hints: insertions, deletions, substitutions and swaps of two adjacent letters
 * (`valeu` for `value`) each count one (optimal string alignment).
 */
function editDistance(a: string, b: string): number {
  let before = Array.from({ length: b.length + 1 }, () => 0);
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      const same = a[i - 1] === b[j - 1];
      let d = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + (same ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, before[j - 2]! + 1);
      row.push(d);
    }
    before = previous;
    previous = row;
  }
  return previous[b.length]!;
}

/** The closest candidate to `name`, if close enough to be a likely typo. */
export function closestName(name: string, candidates: Iterable<string>): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  // No typo makes a name this long: and the distance's cost grows with the product of the lengths.
  if (name.length > 64) return undefined;
  const limit = Math.max(1, Math.floor(name.length / 3));
  for (const c of candidates) {
    if (Math.abs(c.length - name.length) > limit) continue;
    const d = editDistance(name.toLowerCase(), c.toLowerCase());
    if (d < bestDistance) {
      best = c;
      bestDistance = d;
    }
  }
  return best !== undefined && bestDistance <= Math.max(1, Math.floor(name.length / 3)) ? best : undefined;
}

export function didYouMean(name: string, candidates: Iterable<string>): string | undefined {
  const c = closestName(name, candidates);
  return c === undefined ? undefined : `did you mean \`${c}\`?`;
}
