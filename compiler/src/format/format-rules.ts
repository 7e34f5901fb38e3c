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
 * - The columns of a table are aligned; a blank cell stays blank.
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
    tokensOf.set(line, [...(tokensOf.get(line) ?? []), t]);
  }
  const inBlockComment = blockCommentLines(text, lines.length);
  const out: string[] = [];
  let depth = 0;
  let statementIndent = { original: 0, formatted: 0 };
  let lastToken: IToken | undefined;
  let table: { indent: number; rows: string[] } | undefined;
  const flushTable = (): void => {
    if (!table) return;
    out.push(...alignTable(table.rows).map((row) => " ".repeat(table!.indent) + row));
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
      table.rows.push(content);
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
    out.push(" ".repeat(indent) + (tokens.length > 0 ? spaced(content) : content));
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

/**
 * A line's spacing around brackets and commas: none just inside brackets or before a comma, one after a comma; other
 * spaces as written. Strings are left as they are, and so is a trailing comment.
 */
function spaced(line: string): string {
  let out = "";
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (c === '"') {
      // A string, as written.
      let j = i + 1;
      while (j < line.length && line[j] !== '"') j += line[j] === "\\" ? 2 : 1;
      out += line.slice(i, j + 1);
      i = j;
    } else if (c === " ") {
      let j = i;
      while (line[j] === " ") j++;
      const next = line[j];
      if (line.startsWith("//", j) || line.startsWith("/*", j)) {
        out += line.slice(i);
        break;
      }
      if (next !== undefined && next !== ")" && next !== "]" && next !== "," && !/[([]$/.test(out))
        out += line.slice(i, j);
      i = j - 1;
    } else if (line.startsWith("//", i) || line.startsWith("/*", i)) {
      out += line.slice(i);
      break;
    } else {
      out += c;
      if (c === "," && line[i + 1] !== undefined && line[i + 1] !== " ") out += " ";
    }
  }
  return out;
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

/** The cells of a table row (`| a | "b|c" |  |`), trimmed; `|` inside a string is text. */
function cellsOf(row: string): string[] {
  const cells: string[] = [];
  let current = "";
  let inString = false;
  for (let i = 1; i < row.length; i++) {
    const c = row[i]!;
    if (inString) {
      current += c;
      if (c === "\\") current += row[++i] ?? "";
      else if (c === '"') inString = false;
    } else if (c === '"') {
      inString = true;
      current += c;
    } else if (c === "|") {
      cells.push(current.trim());
      current = "";
    } else if (c === "/" && row[i + 1] === "/") {
      break;
    } else current += c;
  }
  return cells;
}

/** Rows with their columns as wide as their widest cell; a comment after a row stays after it. */
function alignTable(rows: readonly string[]): string[] {
  const split = rows.map((r) => ({ cells: cellsOf(r), comment: commentOf(r) }));
  const widths: number[] = [];
  for (const { cells } of split) cells.forEach((c, i) => (widths[i] = Math.max(widths[i] ?? 0, c.length)));
  return split.map(({ cells, comment }) => {
    const row = `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(" | ")} |`;
    return comment === undefined ? row : `${row} ${comment}`;
  });
}

function commentOf(row: string): string | undefined {
  let inString = false;
  for (let i = 0; i < row.length; i++) {
    const c = row[i]!;
    if (inString) {
      if (c === "\\") i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === "/" && row[i + 1] === "/") return row.slice(i);
  }
  return undefined;
}
