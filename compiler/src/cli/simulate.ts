/**
 * `simulate <game>` / `simulate --all`: batches of random games, summarized as a table (or JSON with --json).
 *
 * Whatever is not fixed on the command line is swept: without --variant every variant runs, without --players every
 * player count from the game's minimum to its maximum.
 */
import {
  configurations,
  formatSummaryTable,
  simulate,
  type AnyEngine,
  type Configuration,
  type SimulationSummary,
} from "@rules/runtime";
import { Presets, SingleBar } from "cli-progress";
import type { Command } from "commander";
import { SUMMARIES } from "./commands.ts";
import {
  cliContext,
  parseInteger,
  parseParam,
  parsePositiveInteger,
  reportingErrors,
  type CliContext,
  type ParamValues,
} from "./registry.ts";

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
        games: request.games,
        seed: request.seed,
        players,
        variant,
        ...(request.params === undefined ? {} : { params: request.params }),
        ...(request.maxSteps === undefined ? {} : { maxSteps: request.maxSteps }),
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
    .action((game: string | undefined, flags: SimulateFlags) =>
      reportingErrors(context, async () => {
        if ((game === undefined) === (flags.all !== true)) throw new Error("name one game, or use --all");
        const engines = game === undefined ? await context.loadAllEngines() : [await context.loadEngine(game)];
        const request: SimulateRequest = {
          games: flags.games,
          seed: flags.seed,
          ...(flags.players === undefined ? {} : { players: flags.players }),
          ...(flags.variant === undefined ? {} : { variant: flags.variant }),
          ...(flags.param === undefined ? {} : { params: flags.param }),
          ...(flags.maxSteps === undefined ? {} : { maxSteps: flags.maxSteps }),
        };
        const json = flags.json === true;
        const summaries = withProgressBar(context, !json && context.stderr.isTTY === true, (onProgress) =>
          simulateEngines(engines, request, onProgress),
        );
        context.stdout.write(json ? `${JSON.stringify(summaries, null, 2)}\n` : `${formatSummaryTable(summaries)}\n`);
      }),
    );
}

/** Runs `work` with a progress bar on stderr when `show`, making sure the bar is stopped even on failure. */
function withProgressBar<T>(context: CliContext, show: boolean, work: (onProgress?: BatchProgress) => T): T {
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
    return work((done, total, label) => {
      bar.setTotal(total);
      bar.update(done, { label });
    });
  } finally {
    bar.stop();
  }
}
