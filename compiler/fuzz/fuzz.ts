/**
 * The fuzzing campaign: generated programs (valid, then damaged) and damaged rulesets through the front end and the
 * formatter, and a sample of the programs that check clean through the compiler and TypeScript, then played. `runFuzz` is what
 * the bounded test in `npm test` and the long runs of `npm run fuzz -- --runs N` share.
 */
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import fc from "fast-check";
import { damage, damaged, generatedProgram } from "./inputs.ts";
import { checkCompiles, checkFormatter, checkFrontEnd } from "./properties.ts";

export interface FuzzOptions {
  /** Cases of each kind (generated programs, each also damaged; damaged rulesets). */
  readonly runs: number;
  readonly seed: number;
  /** Generated programs that check clean and are then compiled and type-checked (the slow part). */
  readonly compiled: number;
  /** Of those, how many also run their test module with Vitest (a few seconds each; none by default). */
  readonly tested?: number;
  readonly root: string;
}

export interface FuzzReport {
  readonly cases: number;
  readonly seconds: number;
  /** Generated programs that checked clean (a generator that mostly made errors would test little). */
  readonly cleanPrograms: number;
  readonly compiled: number;
  /** Random games the compiled programs' engines played through the conformance properties. */
  readonly games: number;
  /** Property checks of those a rule of the program stopped (allowed: see `checkPlays`). */
  readonly stoppedByRules: number;
  /** Tests run in the test modules of the programs `tested`, and of those, the ones a rule of the program stopped. */
  readonly tests: number;
  readonly testsStopped: number;
}

/** The `.rules` files of the repository: every ruleset and the compiler's fixtures. */
export async function rulesTexts(root: string): Promise<string[]> {
  const out: string[] = [];
  for (const folder of await readdir(join(root, "rulesets"))) {
    out.push(await readFile(join(root, "rulesets", folder, `${folder}.rules`), "utf8"));
  }
  for (const fixture of ["tour/tour.rules", "names/names.rules", "faulty.rules"]) {
    out.push(await readFile(join(root, "compiler/test/fixtures", fixture), "utf8"));
  }
  return out;
}

export async function runFuzz(o: FuzzOptions): Promise<FuzzReport> {
  const started = performance.now();
  let cleanPrograms = 0;
  const toCompile: string[] = [];
  fc.assert(
    fc.property(generatedProgram, damage, (text, damages) => {
      const { clean } = checkFrontEnd(text);
      if (clean) {
        cleanPrograms++;
        if (toCompile.length < o.compiled) toCompile.push(text);
      }
      checkFormatter(text);
      // The same program nearly valid: damaged as the rulesets are.
      const nearly = damaged(text, damages);
      checkFrontEnd(nearly);
      checkFormatter(nearly);
    }),
    { numRuns: o.runs, seed: o.seed },
  );
  const texts = await rulesTexts(o.root);
  fc.assert(
    fc.property(
      fc.nat({ max: texts.length - 1 }),
      fc.nat(),
      damage,
      fc.nat({ max: 7 }),
      (which, from, damages, sample) => {
        // One case in eight damages a whole file; the others a passage of up to 150 lines of one (checking costs
        // what the text's size costs, and a passage reaches the same constructs).
        const whole = texts[which]!;
        const lines = whole.split("\n");
        const start = from % lines.length;
        const source = sample === 0 ? whole : lines.slice(start, start + 150).join("\n");
        const text = damaged(source, damages);
        // Large files: determinism on one case in eight, and the formatter on those that parse (it refuses the
        // others after the same parse) and on one in eight of those that do not.
        const { parsed } = checkFrontEnd(text, sample === 0);
        if (parsed || sample === 0) checkFormatter(text);
      },
    ),
    { numRuns: o.runs, seed: o.seed + 1 },
  );
  let games = 0;
  let stoppedByRules = 0;
  let tests = 0;
  let testsStopped = 0;
  for (const [i, text] of toCompile.entries()) {
    const played = await checkCompiles(text, o.root, i < (o.tested ?? 0));
    games += played.games;
    stoppedByRules += played.stopped;
    tests += played.tests ?? 0;
    testsStopped += played.testsStopped ?? 0;
  }
  return {
    cases: 2 * o.runs,
    seconds: (performance.now() - started) / 1000,
    cleanPrograms,
    compiled: toCompile.length,
    games,
    stoppedByRules,
    tests,
    testsStopped,
  };
}
