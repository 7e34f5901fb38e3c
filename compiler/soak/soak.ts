/**
 * `npm run soak`: random games of every game, variant and player count, on every core (a tinypool of worker
 * processes), a sample of them checked at every decision. Any exception, any game that does not end, any legal action
 * refused is a failure, printed with the seed that plays it again (`rules play <game> --seed S --players P`), and
 * fails the run. Options: `--games N` per configuration (default 100000), `--workers W` (default: every core),
 * `--only a,b` (games by name), `--check-every K` (default 100), `--seed S` the first game's seed (default 0;
 * a run from another seed plays games no earlier run played).
 */
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { SingleBar } from "cli-progress";
import { Command, Option } from "commander";
import { configurations } from "@rules/runtime";
import Tinypool from "tinypool";
import {
  findCompiledGames,
  loadEngineModule,
  parseNonNegativeInteger,
  parsePositiveInteger,
} from "../src/cli/registry.ts";
import { table } from "../bench/table.ts";
import type { SoakFailure, SoakResult, SoakTask } from "./worker.ts";

const options = new Command("npm run soak --")
  .description("random games of every compiled game, variant and player count, on every core")
  .option("--games <n>", "games per configuration", parsePositiveInteger, 100_000)
  .addOption(
    new Option("--workers <n>", "worker processes")
      .argParser(parsePositiveInteger)
      .default(availableParallelism(), "every core"),
  )
  .option("--only <games>", "only these games, by name, separated by commas", (text: string) => text.split(","))
  .option("--check-every <k>", "one game in k is checked at every decision", parsePositiveInteger, 100)
  .option(
    "--seed <s>",
    "the first game's seed (another seed plays games no earlier run played)",
    parseNonNegativeInteger,
    0,
  )
  .parse()
  .opts<{ games: number; workers: number; only?: string[]; checkEvery: number; seed: number }>();
const { games: gamesPer, workers, only, checkEvery, seed: firstSeed } = options;
/** Games per task: small enough that the cores share the work evenly, large enough that a task is not all overhead. */
const CHUNK = 250;

interface ConfigurationRun {
  readonly game: string;
  readonly variant: string;
  readonly players: number;
  games: number;
  actions: number;
  checked: number;
  failures: SoakFailure[];
  seconds: number;
}

const pool = new Tinypool({
  filename: fileURLToPath(new URL("./worker.ts", import.meta.url)),
  runtime: "child_process",
  execArgv: ["--import", "tsx"],
  maxThreads: workers,
  minThreads: workers,
});

const games = (await findCompiledGames()).filter((g) => !only || only.includes(g.name));
const runs: ConfigurationRun[] = [];
const tasks: { run: ConfigurationRun; task: SoakTask }[] = [];
for (const game of games) {
  const engine = await loadEngineModule(game.enginePath);
  for (const c of configurations(engine)) {
    const run: ConfigurationRun = {
      game: game.name,
      variant: c.variant,
      players: c.players,
      games: 0,
      actions: 0,
      checked: 0,
      failures: [],
      seconds: 0,
    };
    runs.push(run);
    for (let first = 0; first < gamesPer; first += CHUNK) {
      const task = {
        enginePath: game.enginePath,
        variant: c.variant,
        players: c.players,
        firstSeed: firstSeed + first,
        games: Math.min(CHUNK, gamesPer - first),
        checkEvery,
        maxSteps: 100_000,
      };
      tasks.push({ run, task });
    }
  }
}

process.stdout.write(
  `soak: ${games.length} games, ${runs.length} configurations, ${gamesPer} games each, ${workers} workers\n`,
);
const bar = new SingleBar({
  format: "{bar} {percentage}% | {value}/{total} games | {eta_formatted} left",
  etaBuffer: 50,
});
bar.start(runs.length * gamesPer, 0);
const started = performance.now();
await Promise.all(
  tasks.map(async ({ run, task }) => {
    const result = (await pool.run(task)) as SoakResult;
    run.games += result.games;
    run.actions += result.actions;
    run.checked += result.checkedGames;
    run.failures.push(...result.failures);
    run.seconds += result.seconds;
    bar.increment(result.games);
  }),
);
bar.stop();
await pool.destroy();
const seconds = (performance.now() - started) / 1000;

process.stdout.write(
  `\n${table(
    ["game", "variant", "players", "games", "checked", "actions", "games/s (per worker)", "failures"],
    runs.map((r) => [
      r.game,
      r.variant,
      String(r.players),
      String(r.games),
      String(r.checked),
      String(r.actions),
      (r.games / r.seconds).toFixed(0),
      String(r.failures.length),
    ]),
  )}\n\n`,
);
const failures = runs.flatMap((r) => r.failures.map((f) => ({ ...f, run: r })));
for (const f of failures.slice(0, 20)) {
  process.stdout.write(
    `FAILED ${f.run.game} (${f.run.variant}, ${f.run.players} players) seed ${f.seed}: ${f.message}\n`,
  );
}
const total = runs.reduce((n, r) => n + r.games, 0);
process.stdout.write(`${total} games in ${seconds.toFixed(0)} s on ${workers} workers: ${failures.length} failures\n`);
process.exitCode = failures.length > 0 ? 1 : 0;
