/**
 * Source text -> tokens, a piece at a time, as the parser asks for them. A file is lexed in pieces of whole lines,
 * so that a file of garbage is never lexed (or kept in memory) past the point where its errors stop being shown:
 * once more than `limit` characters could not be lexed, or brackets nest too deep, the stream ends there. A valid
 * file is lexed whole, as before, into the same tokens.
 */
import type { ILexingError, IToken } from "chevrotain";
import {
  LBrace,
  LBracket,
  LParen,
  RBrace,
  RBracket,
  RParen,
  rulesLexer,
  Slash,
  Star,
  UnterminatedString,
} from "./lexer.ts";

/** Characters lexed at a time (then to the end of that line). */
const PIECE = 64 * 1024;

export class TokenStream {
  /** The tokens lexed so far, in order; grows as the parser reads. */
  readonly tokens: IToken[] = [];
  /** Characters that could not be lexed (offsets, lines and columns in the whole text). */
  readonly lexErrors: ILexingError[] = [];
  /** Strings without their closing quote (left out of `tokens`). */
  readonly unterminated: IToken[] = [];
  /** The bracket that went deeper than `maxNesting`, after which nothing was lexed. */
  tooDeep: IToken | undefined;
  /** Whether lexing stopped before the end of the text (too many errors, or nesting too deep). */
  stoppedEarly = false;
  private offset = 0;
  private line = 1;
  /** Where the line holding `offset` starts: a piece may start inside a line. */
  private lineStart = 0;
  private depth = 0;

  constructor(
    private readonly text: string,
    private readonly limit: number,
    private readonly maxNesting: number,
  ) {}

  get done(): boolean {
    return this.offset >= this.text.length || this.stoppedEarly;
  }

  /** Lexes the next piece, adding its tokens; false when there is nothing more to lex. */
  more(): boolean {
    if (this.done) return false;
    const start = this.offset;
    let end = pieceEnd(this.text, start);
    let lexed = rulesLexer.tokenize(this.text.slice(start, end));
    // A block comment left open at the end of the piece (`/*` lexed as `/` and `*`) may close in the next one.
    while (end < this.text.length && opensBlockComment(lexed.tokens)) {
      end = lineEndAfter(this.text, end + (end - start));
      lexed = rulesLexer.tokenize(this.text.slice(start, end));
    }
    const at: Shift = { offset: start, lines: this.line - 1, columns: start - this.lineStart };
    for (const e of lexed.errors) {
      if (this.lexErrors.length > this.limit) break;
      const line = e.line ?? 1;
      const column = (e.column ?? 1) + (line === 1 ? at.columns : 0);
      this.lexErrors.push({ ...e, offset: e.offset + start, line: line + at.lines, column });
    }
    for (const t of lexed.tokens) {
      shift(t, at);
      if (t.tokenType === UnterminatedString) {
        if (this.unterminated.length <= this.limit) this.unterminated.push(t);
        continue;
      }
      if (t.tokenType === LBrace || t.tokenType === LParen || t.tokenType === LBracket) {
        if (++this.depth > this.maxNesting) {
          this.tooDeep = t;
          this.stoppedEarly = true;
          return true;
        }
      } else if (t.tokenType === RBrace || t.tokenType === RParen || t.tokenType === RBracket) {
        this.depth = Math.max(0, this.depth - 1);
      }
      this.tokens.push(t);
    }
    const breaks = countLines(this.text, start, end);
    if (breaks > 0) this.lineStart = lastLineStart(this.text, start, end);
    this.line += breaks;
    this.offset = end;
    if (this.lexErrors.length > this.limit || this.unterminated.length > this.limit) this.stoppedEarly = true;
    return true;
  }

  /** Lexes the whole text (what remains of it). */
  all(): IToken[] {
    while (this.more());
    return this.tokens;
  }
}

/**
 * Where the piece starting at `start` ends: at the end of the line reaching `start + PIECE`; in a line longer than
 * a piece, after a space, bracket or comma outside strings and comments (so that a megabyte on one line is lexed in pieces too). The next
 * piece then starts inside a line, which `shift` accounts for.
 */
function pieceEnd(text: string, start: number): number {
  const lineEnd = lineEndAfter(text, start + PIECE);
  if (lineEnd - start <= 2 * PIECE) return lineEnd;
  let inString = false;
  for (let i = start; i < lineEnd; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92)
        i++; // `\` escapes the next character
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 47 && (text.charCodeAt(i + 1) === 47 || text.charCodeAt(i + 1) === 42)) return lineEnd;
    else if (i - start >= PIECE && ENDS_TOKEN.has(c)) return i + 1;
  }
  return lineEnd;
}

/** Characters after which a token always ends: a space, a bracket, a comma. */
const ENDS_TOKEN: ReadonlySet<number> = new Set([..." ()[]{},"].map((c) => c.charCodeAt(0)));

/** The offset just past the line break at or after `from` (or the end of the text). */
function lineEndAfter(text: string, from: number): number {
  if (from >= text.length) return text.length;
  const lf = text.indexOf("\n", from);
  const cr = text.indexOf("\r", from);
  const at = lf < 0 ? cr : cr < 0 ? lf : Math.min(lf, cr);
  if (at < 0) return text.length;
  return text.charCodeAt(at) === 13 && text.charCodeAt(at + 1) === 10 ? at + 2 : at + 1;
}

/** Line breaks in text[start, end): `\n`, `\r\n` and `\r` count one each. */
function countLines(text: string, start: number, end: number): number {
  let n = 0;
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10)) n++;
  }
  return n;
}

/** Whether the tokens hold `/` right before `*`: a block comment the piece cut before its end. */
function opensBlockComment(tokens: readonly IToken[]): boolean {
  for (let i = 0; i + 1 < tokens.length; i++) {
    if (tokens[i]!.tokenType === Slash && tokens[i + 1]!.tokenType === Star) {
      if (tokens[i + 1]!.startOffset === tokens[i]!.startOffset + 1) return true;
    }
  }
  return false;
}

/** Where a piece lies in the whole text: its offset, the lines before it, the columns before it on its first line. */
interface Shift {
  readonly offset: number;
  readonly lines: number;
  readonly columns: number;
}

/** Moves a token lexed in a piece to its place in the whole text. */
function shift(t: IToken, at: Shift): void {
  if (at.offset === 0) return;
  t.startOffset += at.offset;
  if (t.endOffset !== undefined) t.endOffset += at.offset;
  if (t.startLine === 1 && t.startColumn !== undefined) t.startColumn += at.columns;
  if (t.endLine === 1 && t.endColumn !== undefined) t.endColumn += at.columns;
  if (t.startLine !== undefined) t.startLine += at.lines;
  if (t.endLine !== undefined) t.endLine += at.lines;
}

/** The offset where the last line starting in text(start, end] begins. */
function lastLineStart(text: string, start: number, end: number): number {
  for (let i = end - 1; i >= start; i--) {
    const c = text.charCodeAt(i);
    if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10)) return i + 1;
  }
  return start;
}
