/**
 * What must hold for any input, however broken: checking never throws and never shows a stack trace, every
 * diagnostic lies inside the file and has a hint, the result does not change from one run to the next nor when the
 * file is parsed in pieces (as `--watch` and the language server do), the formatter keeps what it formats (the same
 * tokens) and formats its own output unchanged, and a program that checks clean compiles into an engine that
 * type-checks.
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { Codes, formatDiagnostic, loadRules, ParseCache, parseRules, rulesLexer, type Diagnostic } from "@rules/dsl";
import ts from "typescript";
import { compileRules } from "../src/compile.ts";
import { formatRules, RulesFormatError } from "../src/format/format-rules.ts";

/** A property that did not hold, with the input that broke it. */
export class FuzzFailure extends Error {
  override readonly name = "FuzzFailure";
  constructor(
    message: string,
    readonly input: string,
  ) {
    super(`${message}\n--- input (${input.length} characters) ---\n${input.slice(0, 2000)}`);
  }
}

/** Codes only the parser gives: a file with one of them does not parse, and the formatter refuses it. */
const SYNTAX_CODES: ReadonlySet<string> = new Set([
  Codes.notText,
  Codes.unexpectedCharacter,
  Codes.unterminatedString,
  Codes.nestingTooDeep,
  Codes.syntaxError,
  Codes.tooManyErrors,
]);

export interface FrontEndResult {
  readonly diagnostics: readonly Diagnostic[];
  /** Whether the rules checked without errors. */
  readonly clean: boolean;
  /** Whether the text parsed (whatever the checker then said). */
  readonly parsed: boolean;
}

/** Checks `text` (`twice`: a second time, to compare); fails unless the properties of the front end hold. */
export function checkFrontEnd(text: string, twice = true): FrontEndResult {
  const first = loadOrFail(text);
  if (twice && JSON.stringify(first.diagnostics) !== JSON.stringify(loadOrFail(text).diagnostics)) {
    throw new FuzzFailure("checking the same text twice gave different diagnostics", text);
  }
  const lines = text.split(/\r\n|\r|\n/).length;
  for (const d of first.diagnostics) {
    const { line, column, start, end } = d.span;
    if (!(line >= 1 && line <= lines && column >= 1 && start >= 0 && start <= end && end <= text.length + 1)) {
      throw new FuzzFailure(`a diagnostic lies outside the file: ${JSON.stringify(d)} (${lines} lines)`, text);
    }
    if (d.hint.trim() === "") throw new FuzzFailure(`a diagnostic has no hint: ${JSON.stringify(d)}`, text);
    const shown = formatDiagnostic(d, "fuzz.rules", text);
    if (/\n\s+at .+:\d+:\d+/.test(shown)) throw new FuzzFailure(`a diagnostic shows a stack trace:\n${shown}`, text);
  }
  if (twice) checkPieces(text);
  const parsed = !first.diagnostics.some((d) => SYNTAX_CODES.has(d.code));
  return { diagnostics: first.diagnostics, clean: first.program !== undefined, parsed };
}

/** Parsing in pieces (`ParseCache`, what `--watch` and the language server do) gives the whole file's parse. */
function checkPieces(text: string): void {
  let whole: string;
  let pieces: string;
  try {
    whole = JSON.stringify(parseRules(text, "fuzz.rules"));
    pieces = JSON.stringify(new ParseCache().parse(text, "fuzz.rules"));
  } catch (error) {
    throw new FuzzFailure(`parsing threw ${error instanceof Error ? error.stack : String(error)}`, text);
  }
  if (pieces !== whole) throw new FuzzFailure("parsing in pieces gave another tree or other diagnostics", text);
}

function loadOrFail(text: string): ReturnType<typeof loadRules> {
  try {
    return loadRules(text, "fuzz.rules");
  } catch (error) {
    throw new FuzzFailure(`checking threw ${error instanceof Error ? error.stack : String(error)}`, text);
  }
}

/**
 * The formatter on text that parses: it changes only the space between tokens, and formatting its output changes
 * nothing more. On text that does not parse it refuses with the diagnostics, and throws nothing else.
 */
export function checkFormatter(text: string): void {
  let formatted: string;
  try {
    formatted = formatRules(text);
  } catch (error) {
    if (error instanceof RulesFormatError) return;
    throw new FuzzFailure(`the formatter threw ${error instanceof Error ? error.stack : String(error)}`, text);
  }
  const images = (t: string): string => JSON.stringify(rulesLexer.tokenize(t).tokens.map((x) => x.image));
  if (images(formatted) !== images(text)) throw new FuzzFailure("the formatter changed the tokens", text);
  if (formatRules(formatted) !== formatted) throw new FuzzFailure("formatting the formatted text changed it", text);
}

/**
 * Compiles rules that check clean and type-checks the engine and tests generated from them (written inside the
 * repository, so that `@rules/runtime` resolves). Slow (a TypeScript program each time): for a sample of programs.
 */
export async function checkCompiles(text: string, root: string): Promise<void> {
  const result = await compileRules({ name: "fuzz", sourcePath: "fuzz.rules", text });
  const errors = result.diagnostics.filter((d) => d.severity === "error");
  if (errors.length > 0 || result.files.length === 0) {
    throw new FuzzFailure(`rules that checked clean did not compile: ${JSON.stringify(errors)}`, text);
  }
  const dir = await mkdtemp(join(root, "compiler", "fuzz", ".engine-"));
  try {
    const paths: string[] = [];
    for (const f of result.files) {
      const path = join(dir, f.path.replace(/^.*\//, ""));
      await writeFile(path, f.content);
      paths.push(path);
    }
    const configPath = join(root, "tsconfig.base.json");
    const config = ts.readConfigFile(configPath, (p) => ts.sys.readFile(p));
    const { options } = ts.parseJsonConfigFileContent(config.config, ts.sys, root);
    const program = ts.createProgram(paths, { ...options, noEmit: true });
    const problems = ts.getPreEmitDiagnostics(program).filter((d) => d.category === ts.DiagnosticCategory.Error);
    if (problems.length > 0) {
      const shown = problems
        .slice(0, 5)
        .map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n"))
        .join("\n");
      throw new FuzzFailure(`the generated engine does not type-check:\n${shown}`, text);
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
