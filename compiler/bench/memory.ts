/**
 * `npm run bench:memory`: what random playouts of each game keep in memory. For each game, in a process of its own:
 * the size of a state as saved (JSON bytes, sampled at decision points), the heap after a warm-up and after every
 * playout (after a garbage collection: it stays flat when nothing is kept from one game to the next), and the
 * process's peak resident memory. Printed, never asserted.
 *
 * Options: `--playouts N` per game (default 100000, spread over every variant and player count), `--max-seconds S`
 * to stop a game's run early (the figures then say how many playouts were played), `--json`.
 */
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { abandonReason, configurations, createRng, lowestSeat, randomInt, type AnyEngine } from "@rules/runtime";
import { Command, Option } from "commander";
import { loadAllEngines, parsePositiveInteger, parsePositiveSeconds } from "../src/cli/registry.ts";
import { table } from "./table.ts";

const {
  playouts,
  maxSeconds,
  json,
  memoryOf: onlyGame,
} = new Command("npm run bench:memory --")
  .description("what random playouts of each game keep in memory, printed")
  .option("--playouts <n>", "playouts per game, over every variant and player count", parsePositiveInteger, 100_000)
  .addOption(
    new Option("--max-seconds <s>", "stop a game's run after this long")
      .argParser(parsePositiveSeconds)
      .default(Infinity, "no limit"),
  )
  .option("--json", "the figures as JSON")
  // Internal: measure one game in this process and print the figures as JSON.
  .addOption(new Option("--memory-of <game>").hideHelp())
  .parse()
  .opts<{ playouts: number; maxSeconds: number; json?: boolean; memoryOf?: string }>();

interface MemoryFigure {
  game: string;
  playouts: number;
  seconds: number;
  /** JSON size of a state at a decision point: mean and largest of the samples. */
  meanStateBytes: number;
  maxStateBytes: number;
  /** Heap in use after a collection, once warmed up and at the end. */
  heapAfterWarmUpBytes: number;
  heapAtEndBytes: number;
  peakRssBytes: number;
}

const gc = (globalThis as { gc?: () => void }).gc;

function collectedHeap(): number {
  gc?.();
  return process.memoryUsage().heapUsed;
}

/**
 * One random playout (the lowest seat to act plays; interrupts are not taken), every 50th decision's state measured
 * as JSON.
 */
function playout(engine: AnyEngine, players: number, variant: string, seed: number, sizes: number[]): void {
  const rng = createRng(seed);
  const state = engine.newGame({ players, variant, seed });
  for (let step = 0; ; step++) {
    const seat = lowestSeat(engine.toAct(state));
    // Over, or given up where the rules say machine players give up (`abandon`).
    if (seat === undefined || abandonReason(engine, state) !== null) return;
    if (step % 50 === 7 && sizes.length < 20_000) sizes.push(JSON.stringify(state).length);
    const legal = engine.legalActions(state, seat);
    engine.apply(state, legal[randomInt(rng, legal.length)]!);
  }
}

function measure(engine: AnyEngine): MemoryFigure {
  const configs = configurations(engine);
  const sizes: number[] = [];
  for (let i = 0; i < 50; i++)
    playout(engine, configs[i % configs.length]!.players, configs[i % configs.length]!.variant, i, []);
  const heapAfterWarmUpBytes = collectedHeap();
  let peakRssBytes = process.memoryUsage().rss;
  const started = performance.now();
  let played = 0;
  while (played < playouts && (performance.now() - started) / 1000 < maxSeconds) {
    const c = configs[played % configs.length]!;
    playout(engine, c.players, c.variant, 1000 + played, sizes);
    played++;
    if (played % 500 === 0) peakRssBytes = Math.max(peakRssBytes, process.memoryUsage().rss);
  }
  const seconds = (performance.now() - started) / 1000;
  peakRssBytes = Math.max(peakRssBytes, process.memoryUsage().rss);
  return {
    game: engine.name,
    playouts: played,
    seconds,
    meanStateBytes: sizes.reduce((a, b) => a + b, 0) / Math.max(1, sizes.length),
    maxStateBytes: Math.max(0, ...sizes),
    heapAfterWarmUpBytes,
    heapAtEndBytes: collectedHeap(),
    peakRssBytes,
  };
}

if (onlyGame !== undefined) {
  const engine = (await loadAllEngines()).find((e) => e.name === onlyGame);
  if (!engine) throw new Error(`no engine named ${onlyGame}`);
  process.stdout.write(JSON.stringify(measure(engine)));
  process.exit(0);
}

const self = fileURLToPath(import.meta.url);
const figures: MemoryFigure[] = [];
for (const engine of await loadAllEngines()) {
  // A process per game: its peak resident memory is that game's alone.
  const run = spawnSync(
    process.execPath,
    [
      "--expose-gc",
      "--import",
      "tsx",
      self,
      "--memory-of",
      engine.name,
      "--playouts",
      String(playouts),
      ...(maxSeconds === Infinity ? [] : ["--max-seconds", String(maxSeconds)]),
    ],
    { encoding: "utf8", maxBuffer: 1 << 20 },
  );
  if (run.status !== 0) throw new Error(`measuring ${engine.name} failed:\n${run.stderr}`);
  figures.push(JSON.parse(run.stdout) as MemoryFigure);
  if (!json) process.stderr.write(`${engine.name}: ${figures.at(-1)!.playouts} playouts\n`);
}

if (json) process.stdout.write(`${JSON.stringify(figures, null, 2)}\n`);
else {
  const kb = (b: number): string => (b / 1024).toFixed(1);
  const mb = (b: number): string => (b / 1024 / 1024).toFixed(1);
  const rows = figures.map((f) => [
    f.game,
    String(f.playouts),
    f.seconds.toFixed(0),
    kb(f.meanStateBytes),
    kb(f.maxStateBytes),
    mb(f.heapAfterWarmUpBytes),
    mb(f.heapAtEndBytes),
    mb(f.peakRssBytes),
  ]);
  const header = ["game", "playouts", "s", "state KB (mean)", "(max)", "heap MB (warm)", "(end)", "peak RSS MB"];
  process.stdout.write(`Memory of random playouts (heap after a collection; states as saved, JSON)\n\n`);
  process.stdout.write(`${table(header, rows)}\n`);
}
