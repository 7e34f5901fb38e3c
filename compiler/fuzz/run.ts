/**
 * `npm run fuzz -- --runs N [--seed S] [--compile K]`: a long fuzzing run (N cases of each kind), printing how many
 * cases per second it went through. A failure prints the smallest input found that breaks a property, and the seed
 * that finds it again.
 */
import { REPO_ROOT } from "../src/cli/registry.ts";
import { runFuzz } from "./fuzz.ts";

const args = process.argv.slice(2);
const option = (name: string, fallback: number): number =>
  args.includes(name) ? Number(args[args.indexOf(name) + 1]) : fallback;
const runs = option("--runs", 1000);
const seed = option("--seed", Date.now() % 1_000_000);
const compiled = option("--compile", 10);

process.stdout.write(`fuzzing: ${runs} generated programs and ${runs} damaged rulesets, seed ${seed}\n`);
const report = await runFuzz({ runs, seed, compiled, root: REPO_ROOT });
process.stdout.write(
  `${report.cases} cases in ${report.seconds.toFixed(1)} s (${(report.cases / report.seconds).toFixed(0)} cases/s); ` +
    `${report.cleanPrograms} generated programs checked clean, ${report.compiled} of them compiled and type-checked\n`,
);
