/**
 * Structures -> text: a module's top-level statements printed with ts-morph's own structure printer, each statement
 * on its own, so that a recompile reuses the printing of every statement that did not change (`PrintCache`: printing
 * was a third of an emit's time on the largest ruleset, and a save changes a few statements of hundreds).
 */
import { Project, type CodeBlockWriter, type StatementStructures } from "ts-morph";

/** The statements of a module as ts-morph prints them, and where each ends (at its last character). */
export interface PrintedStatements {
  readonly text: string;
  readonly statementEnds: readonly number[];
  /** Whether ts-morph's structure printer printed them (else a source file was made of them, and parsed). */
  readonly printedOnly: boolean;
}

/**
 * What the last print of one module printed, by statement: the next print takes from it the statements that are the
 * same, after the same text (see `printStatements`). Only the last print's statements are kept.
 */
export class PrintCache {
  last: ReadonlyMap<string, string> = new Map();
}

/** The part of ts-morph's (internal) structure printer `printStatements` uses. */
interface StatementPrinter {
  printTexts(writer: CodeBlockWriter, statements: readonly StatementStructures[] | readonly string[]): void;
}

/**
 * Prints top-level statements with ts-morph's own structure printer, the one `Project.createSourceFile` uses,
 * without the parse of the whole text that creating a source file does next (most of an emit's time, for an engine
 * nobody walks as a syntax tree). The printer is not part of ts-morph's published API (the version is pinned): if
 * a version lacks it, the source file is made after all, with the same text (tests compare the two).
 *
 * Each statement is printed by a writer of its own, given first what the printer reads of the text before it (see
 * `contextAfter`), and the pieces are joined: the same text as one writer printing them all. With a cache, a statement
 * printed by the module's last print after the same context is taken from it. A statement is known by its JSON: the
 * emitter's structures are data (strings, no writer functions, which JSON would leave out).
 */
export function printStatements(
  statements: readonly (string | StatementStructures)[],
  cache?: PrintCache,
): PrintedStatements {
  const project = new Project({ useInMemoryFileSystem: true });
  const internals = project as unknown as {
    _context?: { structurePrinterFactory?: { forStatement?(options: { isAmbient: boolean }): StatementPrinter } };
  };
  const printer = internals._context?.structurePrinterFactory?.forStatement?.({ isAmbient: false });
  if (printer === undefined) return parsedStatements(project, statements);
  const before = cache?.last ?? new Map<string, string>();
  const printed = new Map<string, string>();
  const pieces: string[] = [];
  const ends: number[] = [];
  let length = 0;
  let context = "";
  for (const statement of statements) {
    const key = `${context}\0${typeof statement === "string" ? statement : JSON.stringify(statement)}`;
    let piece = printed.get(key) ?? before.get(key);
    if (piece === undefined) {
      const writer = project.createWriter();
      writer.write(context);
      printer.printTexts(writer, [statement] as StatementStructures[]);
      piece = writer.toString().slice(context.length);
    }
    printed.set(key, piece);
    pieces.push(piece);
    length += piece.length;
    ends.push(length);
    context = contextAfter(context, piece);
  }
  if (cache !== undefined) cache.last = printed;
  let text = pieces.join("");
  // As the source file's printer ends a file: with one line break.
  if (text !== "" && !text.endsWith("\n")) text += "\n";
  // A statement ends at its last character (line breaks after it belong to what follows).
  const statementEnds = ends.map((end) => {
    while (end > 0 && /\s/.test(text[end - 1]!)) end--;
    return end;
  });
  return { text, statementEnds, printedOnly: true };
}

/**
 * What the printer reads of the text before a statement to separate it from what comes before (a blank line after a
 * block, else a line break, none at the start): whether the last character that is not blank closes a block, and the
 * line breaks after it. `before` is that of the text before `piece`.
 */
function contextAfter(before: string, piece: string): string {
  const text = before + piece;
  const trimmed = text.trimEnd();
  if (trimmed === "") return text;
  return (trimmed.endsWith("}") ? "}" : ";") + text.slice(trimmed.length);
}

/** The same as `printStatements`, through a source file made of the statements (and so parsed). */
export function parsedStatements(
  project: Project,
  statements: readonly (string | StatementStructures)[],
): PrintedStatements {
  const file = project.createSourceFile("engine.ts", { statements: [...statements] }, { overwrite: true });
  return { text: file.getFullText(), statementEnds: file.getStatements().map((s) => s.getEnd()), printedOnly: false };
}
