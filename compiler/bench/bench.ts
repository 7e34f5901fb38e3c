/**
 * `npm run bench`: the start-up of the `rules` command, the type-check of the generated engines, compile time per
 * ruleset (parse + check, emit, format), the front end's time per megabyte on valid rules and on garbage, and random
 * playouts per second per game, variant and player count (playouts.ts, a process per game; a variant other than the
 * base game at its fewest players only), beside hand-written baselines; `npm run bench:memory` measures memory.
 * Figures are printed, never asserted: speed is measured here, not in tests.
 *
 * Options: `--seconds S` measuring time per configuration (default 1), `--json`.
 */
import { spawn, spawnSync } from "node:child_process";
import { availableParallelism } from "node:os";
import { existsSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { ParseCache } from "@rules/dsl";
import { compileRules } from "../src/compile.ts";
import { FormatCache } from "../src/format/generated-code.ts";
import { PrintCache } from "../src/emit/print-statements.ts";
import { findRulesets } from "../src/cli/compile.ts";
import { Command } from "commander";
import { findCompiledGames, parsePositiveSeconds, REPO_ROOT } from "../src/cli/registry.ts";
import { measureFrontEndBuilt } from "./front-end.ts";
import type { PlayoutFigure } from "./playouts.ts";
import { table } from "./table.ts";

const { seconds, json } = new Command("npm run bench --")
  .description("compile times, the command's start-up and random playouts per second, printed")
  .option("--seconds <s>", "measuring time per configuration", parsePositiveSeconds, 1)
  .option("--json", "the figures as JSON")
  .parse()
  .opts<{ seconds: number; json?: boolean }>();
/** The games with a hand-written baseline engine (compiler/bench/baselines/<game>.ts), measured beside their own. */
const BASELINES = readdirSync(new URL("./baselines/", import.meta.url))
  .filter((f) => f.endsWith(".ts"))
  .map((f) => f.slice(0, -3))
  .sort();

interface CompileFigure {
  ruleset: string;
  lines: number;
  parseAndCheckMs: number;
  emitMs: number;
  formatMs: number;
  totalMs: number;
  /**
   * A recompile after one refusal message changed, the declarations parsed, the statements printed and those
   * formatted before kept (what `--watch` does), and its parse + check.
   */
  afterEditMs: number;
  afterEditParseAndCheckMs: number;
}

interface StartupFigure {
  command: string;
  /** Wall time of the whole process, median of the runs. */
  medianMs: number;
  runs: number;
}

/** How long `rules` takes to answer, as a designer types it: the built command, a process each time. */
function measureStartup(): StartupFigure[] {
  const bin = join(REPO_ROOT, "compiler/bin/rules.js");
  const commands: [string, string[], number][] = [
    ["rules --help", ["--help"], 5],
    [
      "rules check letter-of-marque.rules",
      ["check", join(REPO_ROOT, "rulesets/letter-of-marque/letter-of-marque.rules")],
      5,
    ],
    // Loading a compiled engine (its bundle kept from the run before) and playing one game.
    ["rules simulate letter-of-marque --games 1", ["simulate", "letter-of-marque", "--games", "1"], 5],
    // Every ruleset, in a process of its own: a designer's first compile of the day (nothing to write).
    ["rules compile", ["compile"], 2],
  ];
  // A first run rebuilds compiler/dist if a source changed, and warms the file cache.
  spawnSync(process.execPath, [bin, "--help"]);
  return commands.map(([command, args, runs]) => {
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const started = performance.now();
      const run = spawnSync(process.execPath, [bin, ...args], { encoding: "utf8" });
      times.push(performance.now() - started);
      if (run.status !== 0) throw new Error(`${command} failed: ${run.stderr}`);
    }
    times.sort((a, b) => a - b);
    return { command, medianMs: times[Math.floor(runs / 2)]!, runs };
  });
}

/**
 * TypeScript's check of every generated engine as one program (`tsc --noEmit`, the pinned TypeScript), one run: the
 * engines and the runtime they import, without the rulesets' tests (each ruleset's `typecheck` target checks those).
 */
function measureTypecheck(): StartupFigure {
  const folder = join(REPO_ROOT, "node_modules/.cache/rules-bench");
  mkdirSync(folder, { recursive: true });
  const config = join(folder, "tsconfig.engines.json");
  const engines = readdirSync(join(REPO_ROOT, "rulesets"))
    .map((game) => join(REPO_ROOT, "rulesets", game, "generated/engine.ts"))
    .filter((file) => existsSync(file));
  const settings = {
    extends: join(REPO_ROOT, "tsconfig.base.json"),
    compilerOptions: { noEmit: true },
    files: engines,
  };
  writeFileSync(config, JSON.stringify(settings));
  const started = performance.now();
  const run = spawnSync(process.execPath, [join(REPO_ROOT, "node_modules/typescript/bin/tsc"), "-p", config], {
    encoding: "utf8",
  });
  if (run.status !== 0) throw new Error(`tsc failed on the generated engines: ${run.stdout}${run.stderr}`);
  return {
    command: `tsc: the ${engines.length} generated engines, one program`,
    medianMs: performance.now() - started,
    runs: 1,
  };
}

/** Compiles of each ruleset measured after a warm-up one (few enough that the whole benchmark stays under 2 minutes). */
const COMPILE_RUNS = 2;
/** Edits recompiled after them, one after the other (`--watch`): their median is reported. */
const EDITS = 3;

async function measureCompile(): Promise<CompileFigure[]> {
  const out: CompileFigure[] = [];
  for (const r of await findRulesets([])) {
    const text = await readFile(r.rulesPath, "utf8");
    const input = { name: r.name, sourcePath: relative(REPO_ROOT, r.rulesPath), text };
    // Warm-up (JIT and Prettier's lazy loading), which also keeps the parsed declarations and the printed and
    // formatted statements for the edit below.
    const formatCache = new FormatCache();
    const parseCache = new ParseCache();
    const printCache = new PrintCache();
    await compileRules({ ...input, formatCache, parseCache, printCache });
    const runs = COMPILE_RUNS;
    let parse = 0;
    let emit = 0;
    let format = 0;
    for (let i = 0; i < runs; i++) {
      const { timings } = await compileRules(input);
      parse += timings.parseAndCheckMs;
      emit += timings.emitMs;
      format += timings.formatMs;
    }
    // The edits, one after the other as saves come: a word added to the first refusal message (a comment to the
    // end of the file, in rules without one). The median of EDITS.
    const message = text.indexOf('else "');
    const at = message < 0 ? text.length : message + 'else "'.length;
    const edits: { ms: number; parseAndCheckMs: number }[] = [];
    for (let e = 0; e < EDITS; e++) {
      const edit = message < 0 ? `\n// edited ${e}\n` : `Edited ${e}: `;
      const started = performance.now();
      const edited = await compileRules({
        ...input,
        text: `${text.slice(0, at)}${edit}${text.slice(at)}`,
        formatCache,
        parseCache,
        printCache,
      });
      edits.push({ ms: performance.now() - started, parseAndCheckMs: edited.timings.parseAndCheckMs });
    }
    const median = (of: number[]): number => of.sort((a, b) => a - b)[of.length >> 1]!;
    const afterEditMs = median(edits.map((e) => e.ms));
    const afterEditParseAndCheckMs = median(edits.map((e) => e.parseAndCheckMs));
    out.push({
      ruleset: r.name,
      lines: text.split("\n").length,
      afterEditMs,
      afterEditParseAndCheckMs,
      parseAndCheckMs: parse / runs,
      emitMs: emit / runs,
      formatMs: format / runs,
      totalMs: (parse + emit + format) / runs,
    });
  }
  return out;
}

/**
 * `simulate --workers`: the same batches through the built command on one thread and on every core, wall time of the
 * whole command (start-up included: it is what a designer waits for).
 */
async function measureWorkers(): Promise<{
  game: string;
  players: number;
  runs: { games: number; workers: number; seconds: number }[];
  ceiling: number;
}> {
  const game = "letter-of-marque";
  const players = 4;
  const bin = join(REPO_ROOT, "compiler/bin/rules.js");
  const runs: { games: number; workers: number; seconds: number }[] = [];
  for (const games of [20_000, 200_000]) {
    for (const workers of [1, availableParallelism()]) {
      const args = ["simulate", game, "--players", String(players), "--games", String(games), "--json"];
      const started = performance.now();
      const run = spawnSync(process.execPath, [bin, ...args, "--workers", String(workers)], { encoding: "utf8" });
      if (run.status !== 0) throw new Error(`simulate --workers ${workers} failed: ${run.stderr}`);
      runs.push({ games, workers, seconds: (performance.now() - started) / 1000 });
    }
  }
  // What the machine gives several processes at once: one-thread runs on every core together, against one alone (a
  // shared or throttled machine gives less than a speed-up of one per core, and no pool can beat that).
  const args = [bin, "simulate", game, "--players", String(players), "--games", "200000", "--json"];
  const alone = runs.find((r) => r.games === 200_000 && r.workers === 1)!.seconds;
  const started = performance.now();
  const together = Array.from({ length: availableParallelism() }, () =>
    spawn(process.execPath, args, { stdio: "ignore" }),
  );
  await Promise.all(together.map((child) => new Promise((done) => child.on("exit", done))));
  const seconds = (performance.now() - started) / 1000;
  return { game, players, runs, ceiling: (together.length * alone) / seconds };
}

/**
 * Each game is measured in a process of its own (playouts.ts): sharing one process, the runtime's playout loop would
 * see several engines and V8 would optimise it for none of them, which no real use of one game suffers.
 */
function playoutsInChildProcess(game: string, baseline = false): PlayoutFigure[] {
  const script = fileURLToPath(new URL("./playouts.ts", import.meta.url));
  const args = ["--import", "tsx", script, game, "--seconds", String(seconds), ...(baseline ? ["--baseline"] : [])];
  const run = spawnSync(process.execPath, args, { encoding: "utf8" });
  if (run.status !== 0) throw new Error(`measuring ${game} failed: ${run.stderr}`);
  return JSON.parse(run.stdout) as PlayoutFigure[];
}

const startup = [...measureStartup(), measureTypecheck()];
const games = (await findCompiledGames()).map((g) => g.name);
// A generated engine and its hand-written reference are measured one right after the other: a shared machine's pace
// drifts over the run, and the ratio is only as good as the two figures are close in time.
const playouts: PlayoutFigure[] = [];
const references: PlayoutFigure[] = [];
for (const game of games) {
  playouts.push(...playoutsInChildProcess(game));
  if (BASELINES.includes(game)) references.push(...playoutsInChildProcess(game, true));
}
for (const game of BASELINES.filter((b) => !games.includes(b))) {
  references.push(...playoutsInChildProcess(game, true));
}
const compile = await measureCompile();
const largest = compile.reduce((a, b) => (b.lines > a.lines ? b : a));
const parallel = await measureWorkers();
const frontEnd = await measureFrontEndBuilt(
  REPO_ROOT,
  join(REPO_ROOT, "rulesets", largest.ruleset, `${largest.ruleset}.rules`),
  largest.ruleset,
);

if (json) {
  process.stdout.write(`${JSON.stringify({ startup, compile, frontEnd, playouts, references, parallel }, null, 2)}\n`);
} else {
  const ms = (x: number): string => x.toFixed(1);
  process.stdout.write("Start-up of the rules command, and type-checking (whole process, median of the runs, ms)\n\n");
  process.stdout.write(
    table(
      ["command", "runs", "ms"],
      startup.map((s) => [s.command, String(s.runs), s.medianMs.toFixed(0)]),
    ),
  );
  process.stdout.write("\n\n");
  process.stdout.write(
    `Compile time per ruleset (mean of ${COMPILE_RUNS} runs, ms; after an edit: median of ${EDITS} recompiles, ` +
      "each once one message changed, the statements formatted before and, as `--watch` does, the declarations " +
      "parsed and the statements printed before kept)\n\n",
  );
  process.stdout.write(
    table(
      ["ruleset", "lines", "parse+check", "emit", "format", "total", "after an edit", "its parse+check"],
      compile.map((c) => [
        c.ruleset,
        String(c.lines),
        ms(c.parseAndCheckMs),
        ms(c.emitMs),
        ms(c.formatMs),
        ms(c.totalMs),
        ms(c.afterEditMs),
        ms(c.afterEditParseAndCheckMs),
      ]),
    ),
  );
  process.stdout.write("\n\nFront end (parse + check) on valid rules and on garbage\n\n");
  process.stdout.write(
    table(
      ["input", "MB", "ms", "ms per MB", "diagnostics", "heap MB"],
      frontEnd.map((f) => [
        f.input,
        f.megabytes.toFixed(2),
        f.ms.toFixed(0),
        f.msPerMegabyte.toFixed(0),
        String(f.diagnostics),
        f.heapMegabytes.toFixed(0),
      ]),
    ),
  );
  process.stdout.write(
    `\n\nsimulate --workers: ${parallel.game}, ${parallel.players} players, wall time of the command\n\n`,
  );
  process.stdout.write(
    table(
      ["games", "workers", "s", "speed-up"],
      parallel.runs.map((r) => {
        const alone = parallel.runs.find((x) => x.games === r.games && x.workers === 1)!;
        return [String(r.games), String(r.workers), r.seconds.toFixed(2), (alone.seconds / r.seconds).toFixed(2)];
      }),
    ),
  );
  process.stdout.write(
    `\nthe machine's own ceiling: ${availableParallelism()} one-thread runs of 200000 games at once play ` +
      `${parallel.ceiling.toFixed(2)}x the games of one alone in the same time\n`,
  );
  process.stdout.write(
    `\n\nRandom playouts (${seconds} CPU s per configuration after a warm-up, in two rounds: the faster one)\n\n`,
  );
  process.stdout.write(
    table(
      ["game", "variant", "players", "playouts/s", "actions/s", "mean length"],
      playouts.map((p) => [
        p.game,
        p.variant,
        String(p.players),
        p.playoutsPerSecond.toFixed(0),
        p.actionsPerSecond.toFixed(0),
        p.meanLength.toFixed(1),
      ]),
    ),
  );
  process.stdout.write(
    "\n\nGenerated engines against hand-written baselines (compiler/bench/baselines/, playouts/s)\n\n",
  );
  process.stdout.write(
    table(
      // The mean lengths say both engines play the same game: a ratio between different games would mean nothing.
      ["game", "variant", "players", "generated", "hand-written", "ratio", "mean length (gen. / hand)"],
      references.map((r) => {
        const generated = playouts.find((p) => p.game === r.game && p.variant === r.variant && p.players === r.players);
        const ratio = generated ? (generated.playoutsPerSecond / r.playoutsPerSecond).toFixed(2) : "-";
        return [
          r.game,
          r.variant,
          String(r.players),
          generated ? generated.playoutsPerSecond.toFixed(0) : "-",
          r.playoutsPerSecond.toFixed(0),
          ratio,
          `${generated ? generated.meanLength.toFixed(1) : "-"} / ${r.meanLength.toFixed(1)}`,
        ];
      }),
    ),
  );
  process.stdout.write("\n");
}
