/**
 * Random playouts per second of one game, measured in a process of its own and printed as JSON: `npm run bench`
 * starts one of these per generated engine and per hand-written baseline. It imports the runtime and the engine
 * only, not the compiler: a process that loaded ts-morph and Prettier took 1.7 s to start, nine times per bench.
 *
 * `tsx compiler/bench/playouts.ts <game> [--baseline] [--seconds S]`; bench.ts imports only its type.
 */
import { Command } from "commander";
import { configurations, createRng, randomPlayout, type AnyEngine } from "@rules/runtime";
import { loadEngine, messageOf, parsePositiveSeconds } from "../src/cli/registry.ts";

export interface PlayoutFigure {
  game: string;
  variant: string;
  players: number;
  playoutsPerSecond: number;
  actionsPerSecond: number;
  meanLength: number;
}

/** CPU seconds this process has used (user + system): unlike wall time, it does not count the time a busy shared
 * machine gives to other processes, so figures vary less from run to run. */
function cpuSeconds(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
}

/** The longest warm-up of an engine, and the window its pace is measured over, in CPU seconds. */
const WARM_UP_MAX_S = 5;
const WARM_UP_WINDOW_S = 0.3;

/**
 * Warm-up, once per process (each game is measured in a process of its own): the JIT settles, a large engine only as
 * more and more of its functions get hot (M&M runs at a sixth of its pace in its first second, a half in its
 * second), and each player count and variant takes code of its own. So games of every configuration in turn are
 * played, in windows of WARM_UP_WINDOW_S, until three windows in a row are no faster than the fastest before (at most
 * WARM_UP_MAX_S). Warming one configuration alone, with two such windows, sometimes stopped on a plateau: M&M's first
 * configuration measured at a third of its pace in one run of three.
 */
function warmUp(engine: AnyEngine, configs: readonly { players: number; variant: string }[]): void {
  const rng = createRng(1);
  let seed = 0;
  const pace = (windowS: number): number => {
    const from = cpuSeconds();
    let actions = 0;
    while (cpuSeconds() < from + windowS) {
      for (const c of configs) {
        actions += randomPlayout(engine, { players: c.players, variant: c.variant, seed: seed++ }, rng, 100_000).steps;
      }
    }
    return actions / (cpuSeconds() - from);
  };
  const warmFrom = cpuSeconds();
  let fastest = pace(WARM_UP_WINDOW_S);
  for (let slower = 0; slower < 3 && cpuSeconds() < warmFrom + WARM_UP_MAX_S;) {
    const now = pace(WARM_UP_WINDOW_S);
    if (now > fastest * 1.03) {
      fastest = now;
      slower = 0;
    } else slower++;
  }
}

function measurePlayouts(engine: AnyEngine, players: number, variant: string, seconds: number): PlayoutFigure {
  const rng = createRng(1);
  let seed = 0;
  const play = (): number => randomPlayout(engine, { players, variant, seed: seed++ }, rng, 100_000).steps;
  // The engine is warm (`warmUp`); 100 ms of this configuration, then as many playouts as fit in the measuring time.
  const from = cpuSeconds();
  while (cpuSeconds() < from + 0.1) play();
  let games = 0;
  let actions = 0;
  const start = cpuSeconds();
  const until = start + seconds;
  while (cpuSeconds() < until) {
    for (let i = 0; i < 50; i++) {
      actions += play();
      games++;
    }
  }
  const elapsed = cpuSeconds() - start;
  return {
    game: engine.name,
    variant,
    players,
    playoutsPerSecond: games / elapsed,
    actionsPerSecond: actions / elapsed,
    meanLength: actions / games,
  };
}

/**
 * The configurations measured: the base game at every player count, another variant at the fewest players (a
 * variant rarely changes what a player count costs, and the base game shows that; measuring each variant at the most
 * players too kept the run over two minutes on a slow day).
 */
function measured(engine: AnyEngine): { players: number; variant: string }[] {
  return configurations(engine).filter((c) => c.variant === engine.variants[0] || c.players === engine.minPlayers);
}

const command = new Command("playouts")
  .argument("<game>", "a compiled game, or with --baseline the name of a hand-written baseline")
  .option("--baseline", "measure compiler/bench/baselines/<game>.ts instead of the generated engine")
  .option("--seconds <s>", "measuring time per configuration", parsePositiveSeconds, 1)
  .parse();
const [game] = command.args as [string];
const { baseline, seconds } = command.opts<{ baseline?: boolean; seconds: number }>();
const engine = await (async (): Promise<AnyEngine> => {
  try {
    if (!baseline) return await loadEngine(game);
    return ((await import(`./baselines/${game}.ts`)) as { baseline: AnyEngine }).baseline;
  } catch (error) {
    return command.error(messageOf(error));
  }
})();
// Warmed by every configuration, measured or not: the JIT's code for one depends on the games played before.
warmUp(engine, configurations(engine));
/**
 * Each configuration is measured in two rounds, half the time each, and its faster round kept: a large engine's JIT
 * sometimes goes on settling after the warm-up (Merchants & Marauders' first configuration once measured 44k actions/s,
 * and 226k in the next run; the same games in a configuration measured last, 251k), and the second round comes after
 * every configuration has played again.
 */
const rounds = [0, 1].map(() =>
  measured(engine).map((c) => measurePlayouts(engine, c.players, c.variant, seconds / 2)),
);
const figures = rounds[0]!.map((first, i) => {
  const second = rounds[1]![i]!;
  return second.playoutsPerSecond > first.playoutsPerSecond ? second : first;
});
process.stdout.write(JSON.stringify(figures));
