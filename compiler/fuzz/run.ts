/**
 * `npm run fuzz -- --runs N [--seed S] [--compile K]`: a long fuzzing run (N cases of each kind), printing how many
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
} = new Command("npm run fuzz --")
  .description("a long fuzzing run of the language's front end and compiler")
  .option("--runs <n>", "cases of each kind", parsePositiveInteger, 1000)
  .addOption(
    new Option("--seed <s>", "the seed that finds a failure again")
      .argParser(parseInteger)
      .default(Date.now() % 1_000_000, "from the clock"),
  )
  .option("--compile <k>", "generated programs that check clean compiled and type-checked", parseNonNegativeInteger, 10)
  .parse()
  .opts<{ runs: number; seed: number; compile: number }>();

process.stdout.write(`fuzzing: ${runs} generated programs and ${runs} damaged rulesets, seed ${seed}\n`);
const report = await runFuzz({ runs, seed, compiled, root: REPO_ROOT });
process.stdout.write(
  `${report.cases} cases in ${report.seconds.toFixed(1)} s (${(report.cases / report.seconds).toFixed(0)} cases/s); ` +
    `${report.cleanPrograms} generated programs checked clean, ${report.compiled} of them compiled, type-checked and played ` +
    `(${report.games} games; ${report.stoppedByRules} property checks stopped by a rule of the program)\n`,
);
