/**
 * `npm run fuzz -- --runs N [--seed S] [--compile K] [--tests T]`: a long fuzzing run (N cases of each kind), printing how many
 * cases per second it went through. A failure prints the smallest input found that breaks a property, and the seed
 * that finds it again.
 */
import { Command, Option } from "commander";
import { parseInteger, parseNonNegativeInteger, parsePositiveInteger, REPO_ROOT } from "../src/cli/registry.ts";
import { runFuzz } from "./fuzz.ts";

const {
  runs,
  seed,
  compile: compiled,
  tests: tested,
} = new Command("npm run fuzz --")
  .description("a long fuzzing run of the language's front end and compiler")
  .option("--runs <n>", "cases of each kind", parsePositiveInteger, 1000)
  .addOption(
    new Option("--seed <s>", "the seed that finds a failure again")
      .argParser(parseInteger)
      .default(Date.now() % 1_000_000, "from the clock"),
  )
  .option("--compile <k>", "generated programs that check clean compiled and type-checked", parseNonNegativeInteger, 10)
  .option(
    "--tests <t>",
    "of those, programs whose test modules also run (Vitest, a few s each)",
    parseNonNegativeInteger,
    2,
  )
  .parse()
  .opts<{ runs: number; seed: number; compile: number; tests: number }>();

process.stdout.write(`fuzzing: ${runs} generated programs and ${runs} damaged rulesets, seed ${seed}\n`);
const report = await runFuzz({ runs, seed, compiled, tested, root: REPO_ROOT });
process.stdout.write(
  `${report.cases} cases in ${report.seconds.toFixed(1)} s (${(report.cases / report.seconds).toFixed(0)} cases/s); ` +
    `${report.cleanPrograms} generated programs checked clean, ${report.compiled} of them compiled, type-checked and played ` +
    `(${report.games} games; ${report.stoppedByRules} property checks stopped by a rule of the program); ` +
    `${Math.min(tested, report.compiled)} ran their test modules (${report.tests} tests, ${report.testsStopped} stopped by a rule)\n`,
);
