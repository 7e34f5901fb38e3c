/**
 * Parsing again only what changed, for a designer who saves a file over and over (`rules compile --watch`, the
 * language server): the text is cut before each line that starts a declaration, each piece is parsed on its own, and
 * a piece already parsed in an earlier version of the file is not parsed again: its syntax tree is copied with its
 * positions moved to where the piece now stands.
 *
 * The result is the one `parseRules` gives, node for node. A declaration keyword at the start of a line is where a
 * declaration begins in any file that parses; when a piece does not parse on its own (the cut fell inside a block or
 * a comment, or the file has an error), the whole file is parsed as usual, so diagnostics are the ordinary ones. A
 * piece that parses alone reads the same inside the file: no token spans a line break but a block comment, which
 * a piece cannot leave open and still parse, and no declaration can go on with a word that starts one.
 *
 * The trees are copied because the checker writes into them (types, what names refer to): a cached tree is never
 * the one checked.
 */
import type { Declaration, RulesFile, Span } from "./ast.ts";
import { parseRules, type ParseResult } from "./parse.ts";

/**
 * The words a declaration starts with (the parser's `declaration` rule), written at the start of a line. `table`,
 * `derived`, `abandon` and `way` (before a name and its parameters) are not reserved: a piece cut before a field of
 * that name does not parse alone, and the whole file is parsed instead.
 */
const DECLARATION_START =
  /(?<=\n)(?:game|enum|record|const|table|param|per|global|derived|fn|way(?=\s+\w+\s*\()|proc|action|setup|flow|scoring|abandon|variant|test)\b/g;
/** Line breaks as the lexer counts them (`\u2028` is white space within a line to it). */
const LINE_BREAK = /\r\n?|\n/g;

/** A piece of the text: from `start` to the next piece, its first line `line` (1-based). */
interface Piece {
  readonly start: number;
  readonly line: number;
  readonly text: string;
}

/** The pieces of `text`, cut before each line that starts with a declaration keyword. */
export function declarationPieces(text: string): Piece[] {
  const starts = [0];
  for (const m of text.matchAll(DECLARATION_START)) if (m.index > 0) starts.push(m.index);
  const pieces: Piece[] = [];
  let line = 1;
  for (let i = 0; i < starts.length; i++) {
    const start = starts[i]!;
    const pieceText = text.slice(start, starts[i + 1] ?? text.length);
    pieces.push({ start, line, text: pieceText });
    line += pieceText.match(LINE_BREAK)?.length ?? 0;
  }
  return pieces;
}

/** A parse that reuses the declarations of the pieces it parsed before (see above). */
export class ParseCache {
  /** Each piece's declarations as parsed alone (positions from the piece's start), by the piece's text. */
  private pieces = new Map<string, ParsedPiece>();
  /** Pieces parsed by the last `parse` (the others were found in the cache): what tests and figures read. */
  parsedPieces = 0;

  parse(text: string, path: string): ParseResult {
    const kept = new Map<string, ParsedPiece>();
    const declarations: Declaration[] = [];
    this.parsedPieces = 0;
    for (const piece of declarationPieces(text)) {
      let parsed = kept.get(piece.text) ?? this.pieces.get(piece.text);
      if (parsed === undefined) {
        this.parsedPieces++;
        const alone = parseRules(piece.text, path);
        // Not a piece that stands alone (or an error): the file is read whole, with its usual diagnostics.
        if (alone.file === undefined || alone.diagnostics.length > 0) {
          // The pieces stay for the next version (a file being typed has an error at most keystrokes).
          for (const [key, value] of kept) this.pieces.set(key, value);
          return parseRules(text, path);
        }
        parsed = { declarations: alone.file.declarations, sharing: sharesObjects(alone.file.declarations) };
      }
      kept.set(piece.text, parsed);
      for (const d of parsed.declarations) declarations.push(moved(d, piece.start, piece.line - 1, parsed.sharing));
    }
    // Only the pieces of the last version are kept: the cache is as large as the file.
    this.pieces = kept;
    const file: RulesFile = { path, declarations };
    return { file, diagnostics: [] };
  }
}

/** A piece's declarations, parsed alone, and whether the parser shares any object between two of their nodes. */
interface ParsedPiece {
  readonly declarations: readonly Declaration[];
  readonly sharing: boolean;
}

/** Whether some object is reached twice from `declarations` (a name the parser gave two nodes, a table's columns). */
function sharesObjects(declarations: readonly Declaration[]): boolean {
  const seen = new Set<object>();
  const reachedTwice = (value: unknown): boolean => {
    if (typeof value !== "object" || value === null) return false;
    if (seen.has(value)) return true;
    seen.add(value);
    if (Array.isArray(value)) return value.some(reachedTwice);
    for (const key in value) if (reachedTwice((value as Record<string, unknown>)[key])) return true;
    return false;
  };
  return reachedTwice(declarations);
}

/**
 * A copy of a declaration parsed alone, its positions `offset` characters and `lines` lines further on (a piece
 * starts a line, so columns stay). Objects the parser shares between nodes (a table's columns, read by each row)
 * stay shared in the copy; a piece without `sharing` is copied without noting each object copied (most pieces: the
 * copies are most of a recompile's parse).
 */
function moved(declaration: Declaration, offset: number, lines: number, sharing: boolean): Declaration {
  const copies = new Map<object, unknown>();
  const copy = (value: unknown): unknown => {
    if (typeof value !== "object" || value === null) return value;
    if (!sharing) return fresh(value);
    const done = copies.get(value);
    if (done !== undefined) return done;
    const out = fresh(value);
    copies.set(value, out);
    return out;
  };
  /** A copy of one object, whose fields are copied by `copy` (noting nothing of `value` itself). */
  const fresh = (value: object): unknown => {
    if (Array.isArray(value)) {
      const out: unknown[] = [];
      for (const v of value) out.push(copy(v));
      return out;
    }
    const out: Record<string, unknown> = {};
    for (const key in value) {
      const v = (value as Record<string, unknown>)[key];
      out[key] = key === "span" ? movedSpan(v as Span) : copy(v);
    }
    return out;
  };
  const movedSpan = (s: Span): Span => {
    const done = sharing ? copies.get(s) : undefined;
    if (done !== undefined) return done as Span;
    const out: Span = { start: s.start + offset, end: s.end + offset, line: s.line + lines, column: s.column };
    if (sharing) copies.set(s, out);
    return out;
  };
  return copy(declaration) as Declaration;
}
