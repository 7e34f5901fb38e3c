/**
 * `simulate <game>` / `simulate --all`: batches of random games, summarized as a table (or JSON with --json).
 *
 * Whatever is not fixed on the command line is swept: without --variant every variant runs, without --players every
 * player count from the game's minimum to its maximum.
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  AGENT_NAMES,
  configurations,
  formatSummaryTable,
  simulate,
  mergeTallies,
  summarize,
  tallyGames,
  type AnyEngine,
  type Configuration,
  type BatchTally,
  type SimulationOptions,
  type SimulationSummary,
} from "@rules/runtime";
import { Presets, SingleBar } from "cli-progress";
import type { Command } from "commander";
import { SUMMARIES } from "./commands.ts";
import type { SimulateTask } from "./simulate-worker.ts";
import { GameRanges, type GameRange } from "./game-ranges.ts";
import { parseShard, SHARD_FORMAT, shardRange, type ShardFile, type ShardSlice } from "./shards.ts";
import {
  bundleEngine,
  checkWritableFile,
  cliContext,
  messageOf,
  parseAgents,
  parseInteger,
  parseParam,
  parsePositiveInteger,
  reportingErrors,
  type CliContext,
  type ParamValues,
} from "./registry.ts";

/**
 * The ranges each worker holds at a time: it goes on with the next while this thread, busy with a range of its own,
 * has not yet read that the last one is done.
 */
const AHEAD = 3;

/**
 * How long this thread plays before it judges how long the games left would take it: its pace keeps growing while
 * the engine warms up (Letter of Marque's games after the first 200 ms went three times as fast as the last range
 * before them, which made 16,000 games left look like 440 ms of work, not 160).
 */
const WARM_UP_MS = 300;

/** How long a range of games should take a thread, once a batch's pace is known (see `GameRanges`). */
const RANGE_MS = 50;

/**
 * Starting a worker costs about as much as half a second of games: it loads the engine and warms up again, two to
 * four times slower than this thread for its first few hundred milliseconds, while its compiler threads slow this
 * one down (on two cores, a pool started at once lost on 20,000 and 40,000 Letter of Marque games and gained from
 * 80,000). A run whose games would take this thread less is left to it. `RULES_WORKER_START_MS` sets another bound
 * (0: start the workers at once, as the tests of the workers do).
 */
function workerStartMs(): number {
  const set = Number(process.env.RULES_WORKER_START_MS);
  return process.env.RULES_WORKER_START_MS !== undefined && Number.isFinite(set) && set >= 0 ? set : 600;
}

/**
 * The same summaries, the games played by up to `workers` threads at once: this one, and a pool of `workers - 1`
 * (threads in the built command, processes from the TypeScript sources) once the games left would take this thread
 * longer than a worker takes to start. Each batch is cut into ranges of games, played anywhere, whose tallies merge
 * into one thread's summary bit for bit (only the timing differs: `elapsedMs` is the time spent on the batch's
 * ranges). `enginePaths` names each engine's module, which every worker loads itself. A game that fails fails the
 * run, with its seed.
 */
export async function simulateInWorkers(
  engines: readonly AnyEngine[],
  enginePaths: ReadonlyMap<string, string>,
  request: SimulateRequest,
  workers: number,
  onProgress?: BatchProgress,
): Promise<SimulationSummary[]> {
  const batches = selectBatches(engines, request);
  const total = batches.length * request.games;
  const options = batches.map(({ players, variant }) => batchOptions(request, players, variant));
  const ranges = new GameRanges(
    batches.length,
    request.games,
    Math.max(20, Math.ceil(request.games / (workers * 32))),
    RANGE_MS,
  );
  const tallies: { from: number; tally: BatchTally }[][] = batches.map(() => []);
  const spentMs = batches.map(() => 0);
  let done = 0;
  let failure: { error: unknown } | undefined;
  /** The next range to play, or undefined when every game is given out (or a game failed). */
  const nextJob = (): GameRange | undefined => (failure === undefined ? ranges.next() : undefined);
  const finished = (job: GameRange, tally: BatchTally, spent: number): void => {
    tallies[job.batch]!.push({ from: job.from, tally });
    spentMs[job.batch]! += spent;
    done += job.count;
    const { engine, variant, players } = batches[job.batch]!;
    onProgress?.(done, total, `${engine.name} ${variant} ${players}p`);
  };
  /** The first failure stops every thread taking new ranges. */
  const failed = (error: unknown): void => {
    failure ??= { error };
  };
  const startAfterMs = workerStartMs();
  let pool: PoolOfWorkers | undefined;
  const runners: Promise<void>[] = [];
  /** A pool's thread of ranges; the `spare` ones, which hold ranges ahead, stop when the games are slow. */
  const inPool = async (started: PoolOfWorkers, spare: boolean): Promise<void> => {
    for (;;) {
      if (spare && ranges.slow()) return;
      const job = nextJob();
      if (job === undefined) return;
      const begun = performance.now();
      const tally = await started.play(job.batch, options[job.batch]!, job.from, job.count);
      finished(job, tally, performance.now() - begun);
    }
  };
  try {
    const begun = performance.now();
    for (let job = nextJob(); job !== undefined; job = nextJob()) {
      const started = performance.now();
      const tally = tallyGames(batches[job.batch]!.engine, options[job.batch]!, job.from, job.count);
      const spent = performance.now() - started;
      finished(job, tally, spent);
      // The pace of a range played here (a worker's ranges wait behind the ones it holds ahead, and its messages
      // behind this thread's games).
      ranges.played(job, spent);
      // The games left, at the pace of the range just played, once the engine has warmed up (its first games are
      // slower).
      const warm = performance.now() - begun >= WARM_UP_MS || startAfterMs === 0;
      const leftMs = (spent / job.count) * (total - done);
      if (pool === undefined && workers > 1 && warm && leftMs > startAfterMs) {
        pool = await PoolOfWorkers.start(batches, enginePaths, workers - 1);
        for (let i = 0; i < AHEAD * (workers - 1); i++) runners.push(inPool(pool, i >= workers - 1).catch(failed));
      }
      // Between ranges, the workers' messages are answered.
      if (pool !== undefined) await new Promise((resolve) => setImmediate(resolve));
    }
  } catch (error) {
    failed(error);
  } finally {
    await Promise.all(runners);
    await pool?.stop();
  }
  if (failure !== undefined) throw failure.error;
  // In the order of the games, as one thread tallies them.
  const merged = tallies.map((played) =>
    played
      .sort((a, b) => a.from - b.from)
      .map((range) => range.tally)
      .reduce(mergeTallies),
  );
  return batches.map(({ engine }, b) => summarize(engine, options[b]!, merged[b]!, spentMs[b]!));
}

/** The worker threads of `simulateInWorkers`, each loading the engines it is given ranges of. */
class PoolOfWorkers {
  private constructor(
    private readonly pool: import("tinypool").default,
    private readonly modules: readonly string[],
    private readonly bundles: string | undefined,
  ) {}

  static async start(
    batches: readonly Batch[],
    enginePaths: ReadonlyMap<string, string>,
    threads: number,
  ): Promise<PoolOfWorkers> {
    const { default: Tinypool } = await import("tinypool");
    const source = import.meta.url.endsWith(".ts");
    // Built, the workers load each engine bundled into plain JavaScript (see `bundleEngine`): the bundle kept from
    // one run to the next, else one written for this run.
    let bundles: string | undefined;
    const modules: string[] = [];
    for (const { engine } of batches) {
      const path = enginePaths.get(engine.name);
      if (path === undefined) throw new Error(`${engine.name} has no module a worker could load`);
      if (source) {
        modules.push(path);
        continue;
      }
      const { code, file } = await bundleEngine(path);
      if (file !== undefined) {
        modules.push(file);
        continue;
      }
      bundles ??= await mkdtemp(join(tmpdir(), "rules-engines-"));
      const written = join(bundles, `${engine.name}.mjs`);
      await writeFile(written, code);
      modules.push(written);
    }
    const pool = new Tinypool({
      filename: fileURLToPath(new URL(source ? "./simulate-worker.ts" : "./simulate-worker.js", import.meta.url)),
      runtime: source ? "child_process" : "worker_threads",
      execArgv: source ? ["--import", "tsx"] : [],
      minThreads: threads,
      maxThreads: threads,
      concurrentTasksPerWorker: AHEAD,
    });
    return new PoolOfWorkers(pool, modules, bundles);
  }

  /** The tally of `count` games of batch `batch` from game `from`, played by a worker. */
  async play(batch: number, options: SimulateTask["options"], from: number, count: number): Promise<BatchTally> {
    const task: SimulateTask = { enginePath: this.modules[batch]!, options, from, count };
    return (await this.pool.run(task)) as BatchTally;
  }

  async stop(): Promise<void> {
    await this.pool.destroy();
    if (this.bundles !== undefined) await rm(this.bundles, { recursive: true, force: true });
  }
}

/** Shard `index` of `of` of every batch of the request: the games it plays, tallied (see `shards.ts`). */
export function simulateShard(
  engines: readonly AnyEngine[],
  request: SimulateRequest,
  shard: { index: number; of: number },
): ShardFile {
  const slices = selectBatches(engines, request).map(({ engine, players, variant }): ShardSlice => {
    const options = batchOptions(request, players, variant);
    const { from, count } = shardRange(request.games, shard.index, shard.of);
    const tally = tallyGames(engine, options, from, count);
    const build = engine.codeHash === undefined ? {} : { codeHash: engine.codeHash };
    return { game: engine.name, sourceHash: engine.sourceHash, ...build, options, from, count, tally };
  });
  return { format: SHARD_FORMAT, shard, slices };
}

/** The options of one batch of a request. */
function batchOptions(
  request: SimulateRequest,
  players: number,
  variant: string,
): Omit<SimulationOptions, "onProgress"> {
  return {
    games: request.games,
    seed: request.seed,
    players,
    variant,
    ...(request.params === undefined ? {} : { params: request.params }),
    ...(request.maxSteps === undefined ? {} : { maxSteps: request.maxSteps }),
    ...(request.details === true ? { details: true } : {}),
    ...(request.agents === undefined ? {} : { agents: request.agents }),
  };
}

export interface SimulateRequest {
  readonly games: number;
  readonly seed: number;
  /** Only this player count (default: every count the game allows). */
  readonly players?: number;
  /** Only this variant (default: every variant). */
  readonly variant?: string;
  /** Values for the rules' params, over each variant's. */
  readonly params?: ParamValues;
  readonly maxSteps?: number;
  /** Count what a report shows as well (`SimulationOptions.details`). */
  readonly details?: boolean;
  /** Who plays each seat (`SimulationOptions.agents`); default random players. */
  readonly agents?: readonly string[];
}

/** Called after each game with the games done and the total over all batches, and the current batch's label. */
export type BatchProgress = (done: number, total: number, label: string) => void;

/**
 * One summary per (engine, variant, player count) selected by `request`, in the engines' order. Every batch uses
 * the same seed, so each set-up is reproducible on its own.
 */
export function simulateEngines(
  engines: readonly AnyEngine[],
  request: SimulateRequest,
  onProgress?: BatchProgress,
): SimulationSummary[] {
  const batches = selectBatches(engines, request);
  const total = batches.length * request.games;
  const summaries: SimulationSummary[] = [];
  batches.forEach(({ engine, players, variant }, index) => {
    const label = `${engine.name} ${variant} ${players}p`;
    const done = index * request.games;
    summaries.push(
      simulate(engine, {
        ...batchOptions(request, players, variant),
        ...(onProgress === undefined ? {} : { onProgress: (n: number) => onProgress(done + n, total, label) }),
      }),
    );
  });
  return summaries;
}

interface Batch extends Configuration {
  readonly engine: AnyEngine;
}

/** The batches to run; refuses a player count or variant that no selected game has. */
function selectBatches(engines: readonly AnyEngine[], request: SimulateRequest): Batch[] {
  const { players, variant } = request;
  const only = { ...(players === undefined ? {} : { players }), ...(variant === undefined ? {} : { variant }) };
  const batches = engines.flatMap((engine) => configurations(engine, only).map((c) => ({ engine, ...c })));
  if (batches.length > 0) return batches;
  if (engines.length === 0) throw new Error("no compiled game to simulate");
  const [engine] = engines;
  if (engines.length === 1 && engine !== undefined) {
    if (variant !== undefined && !engine.variants.includes(variant)) {
      throw new Error(`${engine.name} has no variant "${variant}" (variants: ${engine.variants.join(", ")})`);
    }
    throw new Error(`${engine.name} is for ${engine.minPlayers} to ${engine.maxPlayers} players, not ${players}`);
  }
  throw new Error("no compiled game has that variant and player count");
}

interface SimulateFlags {
  readonly all?: boolean;
  readonly games: number;
  readonly seed: number;
  readonly players?: number;
  readonly variant?: string;
  readonly param?: ParamValues;
  readonly maxSteps?: number;
  readonly json?: boolean;
  readonly workers?: number;
  readonly shard?: { index: number; of: number };
  readonly report?: string;
  readonly details?: boolean;
  readonly agents?: string[];
}

export function registerSimulate(program: Command, context: CliContext = cliContext()): void {
  program
    .command("simulate")
    .description(SUMMARIES.simulate)
    .argument("[game]", "name of a compiled game (or use --all)")
    .option("--all", "every compiled game")
    .option("--games <n>", "games per batch", parsePositiveInteger, 100)
    .option("--seed <n>", "seed of each batch", parseInteger, 1)
    .option("--players <n>", "only this player count (default: every count the game allows)", parseInteger)
    .option("--variant <name>", "only this variant (default: every variant)")
    .option(
      "--param <name=value>",
      "a value for one of the rules' params, e.g. GLORY_TARGET=15 (repeatable)",
      parseParam,
    )
    .option("--max-steps <n>", "actions after which a game counts as endless (an engine bug)", parsePositiveInteger)
    .option("--json", "print the summaries as JSON on stdout")
    .option(
      "--shard <i/n>",
      "play only shard i (from 0) of n of each batch and print its tally as JSON, for `rules merge`",
      parseShard,
    )
    .option(
      "--agents <names>",
      `who plays each seat, comma-separated, repeated over the seats (${AGENT_NAMES}); default random`,
      parseAgents,
    )
    .option("--report <file>", "also write an HTML page of charts of the games (self-contained)")
    .option("--details", "count what a report shows, in the --json and --shard output too (for `merge --report`)")
    .option(
      "--workers <n>",
      "play on up to n threads (the same summaries as one; a short run stays on one)",
      parsePositiveInteger,
    )
    .action((game: string | undefined, flags: SimulateFlags) =>
      reportingErrors(context, async () => {
        if ((game === undefined) === (flags.all !== true)) throw new Error("name one game, or use --all");
        // A report that cannot be written is refused before the games are played, not after.
        if (flags.report !== undefined) await checkWritableFile(flags.report, "the report");
        const engines = game === undefined ? await context.loadAllEngines() : [await context.loadEngine(game)];
        const request: SimulateRequest = {
          games: flags.games,
          seed: flags.seed,
          ...(flags.players === undefined ? {} : { players: flags.players }),
          ...(flags.variant === undefined ? {} : { variant: flags.variant }),
          ...(flags.param === undefined ? {} : { params: flags.param }),
          ...(flags.maxSteps === undefined ? {} : { maxSteps: flags.maxSteps }),
          ...(flags.report !== undefined || flags.details === true ? { details: true } : {}),
          ...(flags.agents === undefined ? {} : { agents: flags.agents }),
        };
        if (flags.shard !== undefined) {
          context.stdout.write(`${JSON.stringify(simulateShard(engines, request, flags.shard))}\n`);
          return;
        }
        const json = flags.json === true;
        const workers = flags.workers ?? 1;
        const paths = workers > 1 ? await context.enginePaths() : new Map<string, string>();
        const summaries = await withProgressBar(context, !json && context.stderr.isTTY === true, (onProgress) =>
          workers > 1
            ? simulateInWorkers(engines, paths, request, workers, onProgress)
            : Promise.resolve(simulateEngines(engines, request, onProgress)),
        );
        context.stdout.write(json ? `${JSON.stringify(summaries, null, 2)}\n` : `${formatSummaryTable(summaries)}\n`);
        if (flags.report !== undefined) await writeReport(context, flags.report, summaries, commandLine(game, request));
      }),
    );
}

/** Writes the HTML report of `summaries` (made with details) to `path`, and says so on stderr. */
export async function writeReport(
  context: CliContext,
  path: string,
  summaries: readonly SimulationSummary[],
  command: string,
): Promise<void> {
  const { reportPage } = await import("../report/report-page.ts");
  const page = reportPage(summaries, { command });
  await writeFile(path, page).catch((error: unknown) => {
    throw new Error(`cannot write the report to ${path}: ${messageOf(error)}`);
  });
  context.stderr.write(`report written to ${path}\n`);
}

/** The command that plays the same games (the workers and the progress bar do not change them). */
function commandLine(game: string | undefined, request: SimulateRequest): string {
  const words = ["rules simulate", game ?? "--all", `--games ${request.games}`, `--seed ${request.seed}`];
  if (request.players !== undefined) words.push(`--players ${request.players}`);
  if (request.variant !== undefined) words.push(`--variant ${request.variant}`);
  for (const [name, value] of Object.entries(request.params ?? {})) words.push(`--param ${name}=${String(value)}`);
  if (request.maxSteps !== undefined) words.push(`--max-steps ${request.maxSteps}`);
  if (request.agents !== undefined) words.push(`--agents ${request.agents.join(",")}`);
  return words.join(" ");
}

/** Runs `work` with a progress bar on stderr when `show`, making sure the bar is stopped even on failure. */
async function withProgressBar<T>(
  context: CliContext,
  show: boolean,
  work: (onProgress?: BatchProgress) => Promise<T>,
): Promise<T> {
  if (!show) return work();
  const bar = new SingleBar(
    {
      stream: context.stderr,
      format: "{bar} {percentage}% | {value}/{total} games | {label}",
      hideCursor: true,
      clearOnComplete: true,
    },
    Presets.shades_classic,
  );
  bar.start(1, 0, { label: "" });
  try {
    return await work((done, total, label) => {
      bar.setTotal(total);
      bar.update(done, { label });
    });
  } finally {
    bar.stop();
  }
}
