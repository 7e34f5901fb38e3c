/**
 * The formatter of `.rules` files (the Prettier plugin's printer): it changes whitespace only, so the syntax tree is
 * the same before and after, and formatting twice changes nothing.
 *
 * - Every statement and declaration starts at two spaces per level of `{`, `(` and `[` it sits in (a line that starts
 *   by closing one is indented with what it closes).
 * - A line continuing the one before (after `=`, `,`, an opening bracket or an operator, or starting with one) keeps
 *   its indentation relative to the line its statement starts on: a designer's layout of a long expression stays.
 * - Inside a line, no space just inside `(` `)` `[` `]` or before `,`, and one after `,`; other spaces stay as written
 *   (two spaces part the fields of a one-line block, runs align trailing comments).
 * - The columns of a table are aligned; a blank cell stays blank. A table with a row written over two lines keeps its
 *   lines as written.
 * - Trailing spaces go, runs of blank lines become one, the file ends with one newline. Comments stay where they are;
 *   the lines inside a block comment are left as written.
 */
import { parseRules, rulesLexer, type Diagnostic } from "@rules/dsl";
import type { IToken } from "chevrotain";

/** A file that does not parse is not formatted: its diagnostics say why. */
export class RulesFormatError extends Error {
  constructor(readonly diagnostics: readonly Diagnostic[]) {
    super(
      `the file has syntax errors:\n${diagnostics.map((d) => `${d.span.line}:${d.span.column} ${d.message}`).join("\n")}`,
    );
  }
}

const OPENERS = new Set(["LBrace", "LParen", "LBracket"]);
const CLOSERS = new Set(["RBrace", "RParen", "RBracket"]);
/** Tokens after which a line goes on to the next. */
const CONTINUED_AFTER = new Set([
  "Assign",
  "Comma",
  "LParen",
  "LBracket",
  "Colon",
  "Pipe",
  "Plus",
  "Minus",
  "Star",
  "Slash",
  "Percent",
  "Concat",
  "Coalesce",
  "EqEq",
  "NotEq",
  "Less",
  "Greater",
  "LessEq",
  "GreaterEq",
  "Arrow",
  "And",
  "Or",
  "Not",
  "Then",
  "Else",
  "DotDot",
  "PlusAssign",
  "MinusAssign",
]);
/** Tokens a continuation line may start with. */
const CONTINUING = new Set(["And", "Or", "Concat", "Plus", "Star", "Slash", "Coalesce", "Then", "Else", "Pipe", "Dot"]);

export function formatRules(text: string, path = "file.rules"): string {
  const parsed = parseRules(text, path);
  const syntax = parsed.diagnostics.filter((d) => d.severity === "error");
  if (syntax.length > 0) throw new RulesFormatError(syntax);
  const lines = text.split(/\r\n|\r|\n/);
  const tokensOf = new Map<number, IToken[]>();
  for (const t of rulesLexer.tokenize(text).tokens) {
    const line = (t.startLine ?? 1) - 1;
    const onLine = tokensOf.get(line);
    if (onLine) onLine.push(t);
    else tokensOf.set(line, [t]);
  }
  const inBlockComment = blockCommentLines(text, lines.length);
  const out: string[] = [];
  let depth = 0;
  let statementIndent = { original: 0, formatted: 0 };
  let lastToken: IToken | undefined;
  let table: { indent: number; rows: Row[] } | undefined;
  const flushTable = (): void => {
    if (!table) return;
    // A row written over several lines (its closing `|` on the next) is not aligned: its table keeps its lines as
    // they are, indented, rather than lose the cells between a line's last `|` and its end.
    const rows = table.rows.every((row) => row.whole) ? alignTable(table.rows) : table.rows.map((row) => row.line);
    out.push(...rows.map((row) => " ".repeat(table!.indent) + row));
    table = undefined;
  };

  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.replace(/\s+$/, "");
    const content = line.trim();
    if (inBlockComment[i]) {
      flushTable();
      out.push(line);
      continue;
    }
    if (content === "") {
      flushTable();
      if (out.length > 0 && out[out.length - 1] !== "") out.push("");
      continue;
    }
    const tokens = tokensOf.get(i) ?? [];
    const original = line.length - line.trimStart().length;
    // A table row: collected, then aligned with its table's other rows.
    if (tokens[0]?.tokenType.name === "Pipe" && depth > 0 && table !== undefined) {
      table.rows.push(rowOf(line, tokens));
      lastToken = tokens[tokens.length - 1];
      continue;
    }
    flushTable();
    let leadingClosers = 0;
    while (leadingClosers < tokens.length && CLOSERS.has(tokens[leadingClosers]!.tokenType.name)) leadingClosers++;
    const continues =
      tokens.length > 0 &&
      leadingClosers === 0 &&
      ((lastToken !== undefined && CONTINUED_AFTER.has(lastToken.tokenType.name)) ||
        CONTINUING.has(tokens[0]!.tokenType.name));
    let indent: number;
    if (continues) {
      indent = statementIndent.formatted + Math.max(0, original - statementIndent.original);
    } else {
      indent = 2 * Math.max(0, depth - leadingClosers);
      if (tokens.length > 0) statementIndent = { original, formatted: indent };
    }
    out.push(" ".repeat(indent) + (tokens.length > 0 ? spaced(line, tokens).trimStart() : content));
    for (const t of tokens) {
      if (OPENERS.has(t.tokenType.name)) depth++;
      else if (CLOSERS.has(t.tokenType.name)) depth = Math.max(0, depth - 1);
    }
    if (tokens.length > 0) {
      lastToken = tokens[tokens.length - 1];
      // `table NAME of Record key id {`: its rows follow.
      if (tokens[0]!.image === "table" && lastToken!.tokenType.name === "LBrace")
        table = { indent: 2 * depth, rows: [] };
    }
  }
  flushTable();
  while (out.length > 0 && out[out.length - 1] === "") out.pop();
  return `${out.join("\n")}\n`;
}

/** The last column (from 0) of a token, plus one: where the text after it starts on its line. */
function endOf(t: IToken): number {
  return t.endColumn ?? t.startColumn ?? 0;
}

/**
 * A line's spacing around brackets and commas, read between its tokens: none just inside brackets or before a comma,
 * one after a comma; other spaces as written (strings are tokens, so their text is never touched). A trailing comment
 * stays as it is, with the spaces before it.
 */
function spaced(line: string, tokens: readonly IToken[]): string {
  let out = line.slice(0, (tokens[0]!.startColumn ?? 1) - 1);
  tokens.forEach((t, k) => {
    if (k > 0) {
      const before = tokens[k - 1]!;
      const gap = line.slice(endOf(before), (t.startColumn ?? 1) - 1);
      const tight =
        /^(LParen|LBracket)$/.test(before.tokenType.name) || /^(RParen|RBracket|Comma)$/.test(t.tokenType.name);
      out += tight ? "" : before.tokenType.name === "Comma" && gap === "" ? " " : gap;
    }
    out += t.image;
  });
  return out + line.slice(endOf(tokens[tokens.length - 1]!));
}

/** For each line, whether it starts inside a block comment (`/* ... *\/` over several lines). */
function blockCommentLines(text: string, count: number): boolean[] {
  const inside = new Array<boolean>(count).fill(false);
  let line = 0;
  let state: "code" | "string" | "line" | "block" = "code";
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === "\n") {
      line++;
      if (state === "line" || state === "string") state = "code";
      if (line < count) inside[line] = state === "block";
      continue;
    }
    if (state === "code") {
      if (c === '"') state = "string";
      else if (c === "/" && text[i + 1] === "/") state = "line";
      else if (c === "/" && text[i + 1] === "*") {
        state = "block";
        i++;
      }
    } else if (state === "string") {
      if (c === "\\") i++;
      else if (c === '"') state = "code";
    } else if (state === "block" && c === "*" && text[i + 1] === "/") {
      state = "code";
      i++;
    }
  }
  return inside;
}

/**
 * A table row: its cells (trimmed; a `|` inside a string is text) and the comment after it, if any; `whole` when the
 * line holds the whole row (it ends with a `|`), `line` the line as written, trimmed.
 */
interface Row {
  readonly cells: string[];
  readonly comment: string;
  readonly whole: boolean;
  readonly line: string;
}

/** The row's cells are the text between its `|` tokens (a `|` in a string is inside a string token). */
function rowOf(line: string, tokens: readonly IToken[]): Row {
  const pipes = tokens.filter((t) => t.tokenType.name === "Pipe").map((t) => (t.startColumn ?? 1) - 1);
  const cells = pipes.slice(1).map((end, k) => line.slice(pipes[k]! + 1, end).trim());
  const last = tokens[tokens.length - 1]!;
  return {
    cells,
    comment: line.slice(endOf(last)).trim(),
    whole: pipes.length >= 2 && last.tokenType.name === "Pipe",
    line: line.trim(),
  };
}

/** Rows with their columns as wide as their widest cell; a comment after a row stays after it. */
function alignTable(rows: readonly Row[]): string[] {
  const widths: number[] = [];
  for (const { cells } of rows) cells.forEach((c, i) => (widths[i] = Math.max(widths[i] ?? 0, c.length)));
  return rows.map(({ cells, comment }) => {
    const row = `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(" | ")} |`;
    return comment === "" ? row : `${row} ${comment}`;
  });
}
