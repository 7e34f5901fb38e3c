/**
 * Batches of random games, summarized: how long games last, how often each seat wins, what it scores.
 *
 * Game i of a batch with seed S starts from `gameSeed(S, i)` and its random players draw from
 * `agentSeed(gameSeed(S, i))`, so a batch is reproducible from its seed and any one game can be replayed alone.
 */
import type { Engine, EngineAction, GameOptions } from "./engine.ts";
import { agentNameProblem, agentPlayout, seatAgents } from "./agent-playout.ts";
import { DetailsRecorder, mergeDetails, type GameDetails } from "./game-details.ts";
import { randomPlayout, type PlayoutResult } from "./playout.ts";
import { createRng } from "./random.ts";
import { agentSeed, gameSeed } from "./seeds.ts";
import { checkOptions } from "./validation.ts";

export interface SimulationOptions {
  /** Number of games (a positive integer). */
  readonly games: number;
  /** Seed of the batch. */
  readonly seed: number;
  /** Defaults to the engine's minimum. */
  readonly players?: number;
  /** Defaults to the base game. */
  readonly variant?: string;
  /** Values for the rules' params, over the variant's (`GameOptions.params`). */
  readonly params?: Readonly<Record<string, number | boolean>>;
  /** Actions after which a game counts as endless (an engine bug). Default 100 000. */
  readonly maxSteps?: number;
  /** Also count what a report shows (`BatchTally.details`); playouts run a little slower. */
  readonly details?: boolean;
  /**
   * Who plays each seat (`agent-playout.ts`: `random`, `greedy`, `mcts:400`...), repeated when there are fewer
   * names than players. Default: random players, as fast as the engine allows.
   */
  readonly agents?: readonly string[];
  /** Called after each game with the number of games done and the total. */
  readonly onProgress?: (done: number, total: number) => void;
}

export interface SimulationSummary {
  readonly game: string;
  readonly variant: string;
  readonly players: number;
  /** The params given over the variant's, if any. */
  readonly params?: Readonly<Record<string, number | boolean>>;
  /** The agent of each seat, when not random players (`SimulationOptions.agents`). */
  readonly agents?: readonly string[];
  readonly games: number;
  readonly seed: number;
  /** Game length in actions. */
  readonly meanLength: number;
  readonly minLength: number;
  readonly maxLength: number;
  /**
   * Share of the wins per seat. A victory shared by k seats counts 1/k for each of them, so the rates add up to 1
   * and a seat's rate is its expected share of "the" win.
   */
  readonly winRate: readonly number[];
  /** Games won by several seats together. */
  readonly sharedWins: number;
  /** Mean final score per seat. */
  readonly meanScore: readonly number[];
  /**
   * How many games ended each way (the reasons the rules' `end` gives, in order of first appearance); games whose
   * rules give no reason are not counted.
   */
  readonly endings: Readonly<Record<string, number>>;
  readonly playoutsPerSecond: number;
  readonly elapsedMs: number;
  /** What a report shows, with `SimulationOptions.details` only. */
  readonly details?: GameDetails;
}

export const DEFAULT_MAX_STEPS = 100_000;

export function simulate<S extends object, A extends EngineAction>(
  engine: Engine<S, A, unknown>,
  options: SimulationOptions,
): SimulationSummary {
  const started = performance.now();
  const tally = tallyGames(engine, options, 0, options.games);
  return summarize(engine, options, tally, performance.now() - started);
}

/**
 * What a summary counts of some games of a batch: whole numbers only (a victory shared by k seats is counted among
 * the wins by k), so that tallies of ranges of games merge exactly, whatever the order, and the summary of a batch
 * played in pieces (`simulate --workers`, shards) is that of one run, bit for bit.
 */
export interface BatchTally {
  readonly games: number;
  readonly totalLength: number;
  readonly minLength: number;
  readonly maxLength: number;
  readonly sharedWins: number;
  /** `wins[seat][k - 1]`: games the seat won together with k - 1 others. */
  readonly wins: readonly (readonly number[])[];
  readonly scoreSums: readonly number[];
  /** Games that ended each way, in order of first appearance. */
  readonly endings: Readonly<Record<string, number>>;
  /** With `SimulationOptions.details` only. */
  readonly details?: GameDetails;
}

/** Games `from` to `from + count - 1` of a batch, played and tallied. */
export function tallyGames<S extends object, A extends EngineAction>(
  engine: Engine<S, A, unknown>,
  options: SimulationOptions,
  from: number,
  count: number,
): BatchTally {
  const { games, seed, onProgress } = options;
  const players = options.players ?? engine.minPlayers;
  const maxSteps = options.maxSteps ?? DEFAULT_MAX_STEPS;
  if (!Number.isInteger(games) || games < 1) throw new RangeError(`games must be a positive integer, got ${games}`);
  const optionsProblem = checkOptions(engine, { players, seed, variant: options.variant, params: options.params });
  if (optionsProblem !== null) throw new RangeError(optionsProblem);
  if (options.agents !== undefined) {
    if (options.agents.length === 0) throw new RangeError("agents, when given, name at least one agent");
    const problem = options.agents.map(agentNameProblem).find((p) => p !== null);
    if (problem !== undefined && problem !== null) throw new RangeError(problem);
  }
  const wins = Array.from({ length: players }, () => new Array<number>(players).fill(0));
  const scoreSums = new Array<number>(players).fill(0);
  let totalLength = 0;
  let minLength = Number.POSITIVE_INFINITY;
  let maxLength = 0;
  let sharedWins = 0;
  const endings: Record<string, number> = {};
  const recorder = options.details === true ? new DetailsRecorder(players) : undefined;
  for (let i = from; i < from + count; i++) {
    const gameOptions: GameOptions = {
      players,
      seed: gameSeed(seed, i),
      ...(options.variant === undefined ? {} : { variant: options.variant }),
      ...(options.params === undefined ? {} : { params: options.params }),
    };
    const { steps, outcome } = playGameOfBatch(engine, gameOptions, maxSteps, i, options.agents, recorder?.action);
    recorder?.gameOver(steps, outcome);
    totalLength += steps;
    if (steps < minLength) minLength = steps;
    if (steps > maxLength) maxLength = steps;
    if (outcome.winners.length > 1) sharedWins++;
    if (outcome.ending !== undefined) endings[outcome.ending] = (endings[outcome.ending] ?? 0) + 1;
    for (const winner of outcome.winners) wins[winner]![outcome.winners.length - 1]!++;
    for (let seat = 0; seat < players; seat++) scoreSums[seat] = scoreSums[seat]! + (outcome.scores[seat] ?? 0);
    onProgress?.(i + 1 - from, count);
  }
  const tally = { games: count, totalLength, minLength, maxLength, sharedWins, wins, scoreSums, endings };
  return recorder === undefined ? tally : { ...tally, details: recorder.details() };
}

/** Two tallies of the same batch as one (`a`'s games before `b`'s, for the order of the endings). */
export function mergeTallies(a: BatchTally, b: BatchTally): BatchTally {
  const endings: Record<string, number> = { ...a.endings };
  for (const [ending, n] of Object.entries(b.endings)) endings[ending] = (endings[ending] ?? 0) + n;
  return {
    games: a.games + b.games,
    totalLength: a.totalLength + b.totalLength,
    minLength: Math.min(a.minLength, b.minLength),
    maxLength: Math.max(a.maxLength, b.maxLength),
    sharedWins: a.sharedWins + b.sharedWins,
    wins: a.wins.map((row, seat) => row.map((n, k) => n + (b.wins[seat]?.[k] ?? 0))),
    scoreSums: a.scoreSums.map((sum, seat) => sum + (b.scoreSums[seat] ?? 0)),
    endings,
    ...(a.details !== undefined && b.details !== undefined ? { details: mergeDetails(a.details, b.details) } : {}),
  };
}

/** The summary of a whole batch from its tally. */
export function summarize(
  engine: Pick<Engine, "name" | "minPlayers" | "variants">,
  options: SimulationOptions,
  tally: BatchTally,
  elapsedMs: number,
): SimulationSummary {
  const { games, seed } = options;
  const players = options.players ?? engine.minPlayers;
  return {
    game: engine.name,
    variant: options.variant ?? engine.variants[0] ?? "base",
    players,
    ...(options.params === undefined ? {} : { params: options.params }),
    ...(options.agents === undefined ? {} : { agents: seatAgents(options.agents, players) }),
    games,
    seed,
    meanLength: tally.totalLength / games,
    minLength: tally.minLength,
    maxLength: tally.maxLength,
    winRate: tally.wins.map((row) => row.reduce((rate, n, k) => rate + n / (k + 1), 0) / games),
    sharedWins: tally.sharedWins,
    meanScore: tally.scoreSums.map((s) => s / games),
    endings: tally.endings,
    playoutsPerSecond: elapsedMs > 0 ? (games * 1000) / elapsedMs : Number.POSITIVE_INFINITY,
    elapsedMs,
    ...(tally.details === undefined ? {} : { details: tally.details }),
  };
}

/** One playout of a batch; a failure names the game so it can be reproduced alone. */
function playGameOfBatch<S extends object, A extends EngineAction>(
  engine: Engine<S, A, unknown>,
  options: GameOptions,
  maxSteps: number,
  index: number,
  agents: readonly string[] | undefined,
  onAction?: (action: A, step: number) => void,
): PlayoutResult<S> {
  try {
    return agents === undefined
      ? randomPlayout(engine, options, createRng(agentSeed(options.seed)), maxSteps, onAction)
      : agentPlayout(engine, options, agents, agentSeed(options.seed), maxSteps, onAction);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new Error(`${engine.name}: game ${index} of the batch (seed ${options.seed}) failed: ${message}`, {
      cause: error,
    });
  }
}

export interface Configuration {
  readonly players: number;
  readonly variant: string;
}

/**
 * Every (variant, player count) an engine supports, variants in the engine's order and counts ascending; `only`
 * narrows either. Used to sweep all set-ups of a game in one command.
 */
export function configurations(
  engine: Pick<Engine, "minPlayers" | "maxPlayers" | "variants">,
  only: { readonly players?: number; readonly variant?: string } = {},
): Configuration[] {
  const result: Configuration[] = [];
  for (const variant of engine.variants) {
    if (only.variant !== undefined && only.variant !== variant) continue;
    for (let players = engine.minPlayers; players <= engine.maxPlayers; players++) {
      if (only.players !== undefined && only.players !== players) continue;
      result.push({ players, variant });
    }
  }
  return result;
}
