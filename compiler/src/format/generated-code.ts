/**
 * Formatting generated TypeScript with Prettier, one top-level statement at a time, each statement's formatted text
 * remembered: a recompile after a change to one rule formats only the statements that changed (Prettier is most of a
 * compile's time). Prettier prints the statements of a module one by one and keeps one blank line between two where
 * the code has one, so the pieces joined are byte for byte what it gives for the whole module (a test compares the
 * two, and `rules compile --check` formats whole modules: CI would see a difference in any ruleset).
 */
import { createHash } from "node:crypto";
import * as prettier from "prettier";
import { ts } from "ts-morph";

/** Generated code, and where each of its top-level statements ends (the first starts the text). */
export interface GeneratedCode {
  readonly text: string;
  /** Ascending offsets into `text`; the last is the text's length. */
  readonly statementEnds: readonly number[];
}

/** Code whose statements the emitter did not mark: found by parsing it (cheap next to formatting it). */
export function parsedCode(text: string): GeneratedCode {
  const parsed = ts.createSourceFile("module.ts", text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const statementEnds = parsed.statements.map((s) => s.end);
  if (statementEnds.length === 0) return { text, statementEnds: [text.length] };
  statementEnds[statementEnds.length - 1] = text.length;
  return { text, statementEnds };
}

/** How many modules a saved cache keeps, the most recently compiled (a repository has a dozen or so). */
const MODULES_KEPT = 40;

/**
 * The repository's Prettier settings for TypeScript (`.prettierrc.json`: a width of 120), with the `babel-ts` parser:
 * for the code the compiler writes it gives what Prettier's default `typescript` parser gives (a test compares them,
 * and `prettier --check .` in the test command reads every generated file with the default), in two thirds of the
 * time.
 */
export const OPTIONS: prettier.Options = { parser: "babel-ts", printWidth: 120 };

/** What formatted text depends on besides the code: Prettier's version and the settings. */
const SETTINGS = JSON.stringify({ prettier: prettier.version, ...OPTIONS });

/** Formats a whole module the way the repository's Prettier settings format every other file. */
export async function format(code: string): Promise<string> {
  return prettier.format(code, OPTIONS);
}

/**
 * A generated file carries, at the end of its header line, the fingerprint of the code it was formatted from and of
 * the result (with Prettier's version and the settings): a compile that emits that very code again keeps the file as
 * it stands, without formatting it again, which the fresh clone's first `rules compile` would otherwise do for every
 * ruleset. A file edited by hand, another Prettier or other code no longer match their fingerprint and are formatted
 * anew. (`rules compile --check` formats whole modules regardless: CI compares with Prettier's own output.)
 */
const FINGERPRINT = / Fingerprint: ([0-9a-f]{16})\.$/;

function fingerprint(code: string, formatted: string): string {
  return createHash("sha256")
    .update(SETTINGS)
    .update("\0")
    .update(code)
    .update("\0")
    .update(formatted)
    .digest("hex")
    .slice(0, 16);
}

/** `formatted` (the formatting of `code`) with its fingerprint at the end of its first line, the header comment. */
export function fingerprinted(code: string, formatted: string): string {
  const lineEnd = formatted.indexOf("\n");
  if (!formatted.startsWith("//") || lineEnd < 0) return formatted;
  const mark = ` Fingerprint: ${fingerprint(code, formatted)}.`;
  return `${formatted.slice(0, lineEnd)}${mark}${formatted.slice(lineEnd)}`;
}

/**
 * `file` and the formatting it holds when its fingerprint shows that it is `fingerprinted(code, formatted)`, formatted
 * as now: it need not be formatted again.
 */
export function alreadyFormatted(
  code: string,
  file: string | undefined,
): { readonly file: string; readonly formatted: string } | undefined {
  if (file === undefined) return undefined;
  const lineEnd = file.indexOf("\n");
  const match = FINGERPRINT.exec(file.slice(0, lineEnd < 0 ? file.length : lineEnd));
  if (match === null) return undefined;
  const formatted = file.slice(0, match.index) + file.slice(match.index + match[0].length);
  return fingerprint(code, formatted) === match[1] ? { file, formatted } : undefined;
}

/**
 * What formatting remembers between compiles: statement text -> formatted text. `load` and `save` give it a life
 * beyond one process (the CLI keeps it under node_modules/.cache); an engine's statements are kept until a compile
 * of the same module no longer has them.
 */
export class FormatCache {
  /** Formatted statements by the hash of their text, per module. */
  private readonly modules = new Map<string, Map<string, string>>();
  /** What changed since `load` (so that an unchanged cache is not written again). */
  private dirty = false;
  /** Statements formatted so far: how many were taken from the cache, how many Prettier formatted. */
  readonly counts = { reused: 0, formatted: 0 };

  /** The key of a statement: its text, Prettier's version and the settings (a new Prettier formats anew). */
  static key(statement: string): string {
    return createHash("sha1").update(SETTINGS).update("\0").update(statement).digest("base64url");
  }

  /** Formats `code`, statement by statement, reusing what this cache holds for `module` (a file's name). */
  async format(module: string, code: GeneratedCode): Promise<string> {
    const known = this.modules.get(module) ?? new Map<string, string>();
    const statements = statementsOf(code);
    const keys = statements.map(FormatCache.key);
    // Mostly new (a first compile): Prettier on the whole module is faster than statement by statement, and its
    // output, cut at the statements, fills the cache.
    if (keys.filter((k) => !known.has(k)).length > statements.length / 2) {
      this.counts.formatted += statements.length;
      const whole = await format(code.text);
      this.keepPieces(module, statements, keys, whole);
      return whole;
    }
    const kept = new Map<string, string>();
    const pieces: string[] = [];
    for (let i = 0; i < statements.length; i++) {
      const key = keys[i]!;
      let formatted = known.get(key) ?? kept.get(key);
      if (formatted === undefined) {
        formatted = await prettier.format(statements[i]!, OPTIONS);
        this.counts.formatted++;
      } else this.counts.reused++;
      kept.set(key, formatted);
      pieces.push(formatted);
    }
    this.keep(module, kept);
    return joined(statements, pieces);
  }

  /**
   * Keeps what `formatted`, Prettier's formatting of the whole of `code`, gives each statement (a generated file kept
   * by its fingerprint), so that the next change formats only the statements it changed.
   */
  learn(module: string, code: GeneratedCode, formatted: string): void {
    const statements = statementsOf(code);
    const keys = statements.map(FormatCache.key);
    const known = this.modules.get(module);
    if (known === undefined || !keys.every((k) => known.has(k))) this.keepPieces(module, statements, keys, formatted);
  }

  private keepPieces(module: string, statements: readonly string[], keys: readonly string[], whole: string): void {
    const pieces = cutFormatted(whole, statements);
    if (pieces) this.keep(module, new Map(keys.map((k, i) => [k, pieces[i]!])));
  }

  private keep(module: string, statements: Map<string, string>): void {
    const before = this.modules.get(module);
    const same = before?.size === statements.size && [...statements.keys()].every((k) => before.has(k));
    // Most recently compiled last: `save` keeps the newest modules.
    this.modules.delete(module);
    this.modules.set(module, same ? before : statements);
    if (!same) this.dirty = true;
  }

  /** The cache as JSON, for `load` in another process; undefined when nothing changed since it was loaded. */
  save(): string | undefined {
    if (!this.dirty) return undefined;
    this.dirty = false;
    const modules: Record<string, [string, string][]> = {};
    for (const [module, statements] of [...this.modules].slice(-MODULES_KEPT)) modules[module] = [...statements];
    return JSON.stringify({ settings: SETTINGS, modules });
  }

  /** A cache saved by `save`; anything else (a damaged file, another Prettier's or settings') gives an empty cache. */
  static load(json: string | undefined): FormatCache {
    const cache = new FormatCache();
    try {
      const saved = JSON.parse(json ?? "null") as { settings?: unknown; modules?: unknown } | null;
      if (saved?.settings !== SETTINGS || typeof saved.modules !== "object" || saved.modules === null) {
        return cache;
      }
      for (const [module, entries] of Object.entries(saved.modules as Record<string, unknown>)) {
        if (!Array.isArray(entries)) continue;
        const statements = new Map<string, string>();
        for (const e of entries) {
          if (Array.isArray(e) && typeof e[0] === "string" && typeof e[1] === "string") statements.set(e[0], e[1]);
        }
        cache.modules.set(module, statements);
      }
    } catch {
      // A cache is only ever a shortcut: a damaged one is rebuilt.
    }
    return cache;
  }
}

/** The text of each top-level statement, from the end of the one before (comments and blank lines included). */
function statementsOf(code: GeneratedCode): string[] {
  let start = 0;
  return code.statementEnds.map((end) => code.text.slice(start, (start = end)));
}

/** Formatted statements joined as Prettier joins them: one blank line where the code had one before a statement. */
function joined(statements: readonly string[], formatted: readonly string[]): string {
  let out = "";
  for (let i = 0; i < formatted.length; i++) {
    if (i > 0 && /\n[^\S\n]*\n/.test(/^\s*/.exec(statements[i]!)![0])) out += "\n";
    out += formatted[i];
  }
  return out;
}

/**
 * A whole formatted module cut into what Prettier gives for each of its `statements` alone, or undefined when the
 * pieces would not join back into exactly that module (then nothing is kept).
 */
function cutFormatted(whole: string, statements: readonly string[]): string[] | undefined {
  const parsed = ts.createSourceFile("module.ts", whole, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  if (parsed.statements.length !== statements.length) return undefined;
  let start = 0;
  const pieces = parsed.statements.map((s) => `${whole.slice(start, (start = s.end)).replace(/^\s+/, "")}\n`);
  return joined(statements, pieces) === whole ? pieces : undefined;
}
