/**
 * What must hold for any input, however broken: checking never throws and never shows a stack trace, every
 * diagnostic lies inside the file and has a hint, the result does not change from one run to the next nor when the
 * file is parsed in pieces (as `--watch` and the language server do), the formatter keeps what it formats (the same
 * tokens) and formats its own output unchanged, and a program that checks clean compiles into an engine that
 * type-checks and plays by the conformance properties every engine must have, its identities holding (see `checkPlays`).
 */
import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { Codes, formatDiagnostic, loadRules, ParseCache, parseRules, rulesLexer, type Diagnostic } from "@rules/dsl";
import {
  checkDeterminism,
  checkDeterminize,
  checkIllegalActionsRefused,
  checkLegalActionsApply,
  checkPlayoutsTerminate,
  checkReplay,
  checkSaveRestore,
  createRng,
  randomPlayout,
  RulesError,
  type AnyEngine,
  type ConformanceOptions,
  type ConformanceReport,
} from "@rules/runtime";
import ts from "typescript";
import { loadEngineModule } from "../src/cli/registry.ts";
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
 * Compiles rules that check clean, type-checks the engine and tests generated from them (written inside the
 * repository, so that `@rules/runtime` resolves) and plays the engine (`checkPlays`). Slow (a TypeScript program
 * each time): for a sample of programs.
 */
export async function checkCompiles(text: string, root: string, runTests = false): Promise<PlayReport> {
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
    const enginePath = paths.find((p) => p.endsWith("engine.ts"));
    if (enginePath === undefined) throw new FuzzFailure("the compiler wrote no engine module", text);
    // Bundled (`npm run fuzz`), into the temporary folder: the command's cache would keep one for every program.
    const played = await checkPlays(text, await loadEngineModule(enginePath, root, join(dir, "bundle")));
    return runTests ? { ...played, ...(await checkOwnTests(text, dir, root)) } : played;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** What playing a compiled program did. */
export interface PlayReport {
  /** Random games played through to the end of a property's check. */
  readonly games: number;
  /** Checks a rule of the program stopped (a RulesError at its line). */
  readonly stopped: number;
  /** When its test module ran (`checkOwnTests`): its tests, and those a rule of the program stopped. */
  readonly tests?: number;
  readonly testsStopped?: number;
}

/**
 * Runs the test module the compiler wrote for a program in `dir` (the program's own `test` blocks, the conformance
 * properties at every player count, views that hide what the rules hide) with Vitest, in a process of its own, as
 * `npm test` runs a ruleset's. A test a rule of the program stopped (a RulesError at one of its lines, as in
 * `checkPlays`) is passed over; any other failure (an expectation of a test, a conformance property) is the
 * toolchain's.
 */
async function checkOwnTests(
  text: string,
  dir: string,
  root: string,
): Promise<{ tests: number; testsStopped: number }> {
  await writeFile(
    join(dir, "vitest.config.mjs"),
    'export default { test: { include: ["*.test.ts"], testTimeout: 120000 } };\n',
  );
  const report = join(dir, "report.json");
  const vitest = join(root, "node_modules", "vitest", "vitest.mjs");
  const args = [vitest, "run", "--root", dir, "--reporter=json", `--outputFile=${report}`];
  // Vitest exits with 1 when a test failed: the report says which, and why.
  await promisify(execFile)(process.execPath, args, { cwd: root, maxBuffer: 64 << 20 }).catch(() => undefined);
  let results: VitestReport;
  try {
    results = JSON.parse(await readFile(report, "utf8")) as VitestReport;
  } catch {
    throw new FuzzFailure("the program's test module did not run (Vitest wrote no report)", text);
  }
  const tests = results.testResults.flatMap((file) => file.assertionResults);
  let testsStopped = 0;
  for (const test of tests) {
    if (test.status !== "failed") continue;
    const why = test.failureMessages.join("\n");
    // `fuzz.rules:186:3: -1 is below 0, ...` (or `rules line 186:3: ...` from a test's setup, which names no file):
    // the program's own rule stopped the game.
    if (/RulesError: (?:[^\n]*fuzz\.rules:|rules line )\d+:\d+: /.test(why)) {
      testsStopped++;
      continue;
    }
    throw new FuzzFailure(
      `the program's test "${test.fullName}" failed:\n${why.split("\n").slice(0, 8).join("\n")}`,
      text,
    );
  }
  if (tests.length === 0) throw new FuzzFailure("the program's test module has no tests", text);
  return { tests: tests.length, testsStopped };
}

/** The parts of Vitest's JSON report read here. */
interface VitestReport {
  readonly testResults: readonly {
    readonly assertionResults: readonly {
      readonly fullName: string;
      readonly status: string;
      readonly failureMessages: readonly string[];
    }[];
  }[];
}

/** The properties every engine's generated tests check, each over a few random games. */
const CONFORMANCE: readonly (readonly [string, (engine: AnyEngine, o: ConformanceOptions) => ConformanceReport])[] = [
  ["checkPlayoutsTerminate", checkPlayoutsTerminate],
  ["checkLegalActionsApply", checkLegalActionsApply],
  ["checkIllegalActionsRefused", checkIllegalActionsRefused],
  ["checkDeterminism", checkDeterminism],
  ["checkSaveRestore", checkSaveRestore],
  ["checkReplay", checkReplay],
  ["checkDeterminize", checkDeterminize],
];

/**
 * A generated program's engine has the conformance properties (random games end, listed actions apply, illegal ones
 * are refused and change nothing, games repeat, saves continue, replays reproduce) in every variant, at its first two
 * player counts.
 * A random program may well stop itself: a rule pushes a field out of its range, or reads past a list's end. That is
 * the rules' doing, and allowed, when the error is a RulesError naming the rule's line; any other failure (an engine
 * that throws a TypeError, a state that is no longer JSON, a save that does not load) is the toolchain's.
 */
export async function checkPlays(text: string, engine: AnyEngine): Promise<PlayReport> {
  let games = 0;
  let stopped = 0;
  const top = Math.min(engine.maxPlayers, engine.minPlayers + 1);
  for (const variant of engine.variants) {
    for (let players = engine.minPlayers; players <= top; players++) {
      for (const [name, check] of CONFORMANCE) {
        try {
          games += check(engine, { players, variant, seed: 7, games: 3, maxSteps: 2000 }).games;
        } catch (error) {
          if (stoppedByARule(error)) {
            stopped++;
            continue;
          }
          const shown = error instanceof Error ? (error.stack ?? error.message) : String(error);
          const where = `variant ${variant}, ${players} players`;
          throw new FuzzFailure(`${name} failed on the compiled program, ${where}:\n${shown}`, text);
        }
      }
      games += checkIdentities(text, engine, players, variant);
    }
  }
  return { games, stopped };
}

/** Random games whose rounds test the program's identities (see `identity` in inputs.ts); the games played. */
const IDENTITY_GAMES = 5;

/**
 * Random games of the program, none of which may end "identity N broken": two expressions the language defines to be
 * equal gave different values (an aggregate's own path in the engine against the same value spelt out). A game a
 * rule stops is passed over, as in the conformance checks.
 */
function checkIdentities(text: string, engine: AnyEngine, players: number, variant: string): number {
  let played = 0;
  for (let seed = 0; seed < IDENTITY_GAMES; seed++) {
    let ending: string | undefined;
    try {
      ending = randomPlayout(engine, { players, variant, seed }, createRng(seed), 2000).outcome?.ending;
    } catch (error) {
      if (stoppedByARule(error)) continue;
      throw new FuzzFailure(
        `a random game failed (variant ${variant}, ${players} players, seed ${seed}): ${String(error)}`,
        text,
      );
    }
    played++;
    if (ending !== undefined && /^identity \d+ broken$/.test(ending)) {
      throw new FuzzFailure(`${ending} (variant ${variant}, ${players} players, seed ${seed})`, text);
    }
  }
  return played;
}

/** Whether `error` (a conformance failure, through its causes) comes from a rule that stopped the game at its line. */
function stoppedByARule(error: unknown): boolean {
  let cause = error;
  while (cause instanceof Error && !(cause instanceof RulesError) && cause.cause !== undefined) cause = cause.cause;
  return cause instanceof RulesError && cause.line !== undefined;
}
