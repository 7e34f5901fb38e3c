/**
 * A soak worker (run by tinypool in a process of its own): plays a run of random games of one game, variant and
 * player count, and reports each failure with the seed that reproduces it. Every `checkEvery`-th game is also
 * checked at every decision: the state validates and survives JSON, every seat's view and legal actions are asked
 * for, each legal action passes `check`, the rules' advice to agents (`progress`) is a number per seat, and all that
 * asking leaves the game as it was.
 */
import {
  abandonReason,
  createRng,
  lowestSeat,
  progressProblem,
  randomInt,
  randomPlayout,
  type AnyEngine,
} from "@rules/runtime";
import { loadEngineOnce } from "../src/cli/registry.ts";

export interface SoakTask {
  readonly enginePath: string;
  readonly variant: string;
  readonly players: number;
  readonly firstSeed: number;
  readonly games: number;
  readonly checkEvery: number;
  readonly maxSteps: number;
}

export interface SoakFailure {
  readonly seed: number;
  readonly message: string;
}

export interface SoakResult {
  readonly games: number;
  readonly actions: number;
  readonly checkedGames: number;
  readonly failures: SoakFailure[];
  /** Time the worker spent on the task. */
  readonly seconds: number;
}

export default async function soak(task: SoakTask): Promise<SoakResult> {
  const engine = await loadEngineOnce(task.enginePath);
  const started = performance.now();
  const failures: SoakFailure[] = [];
  let actions = 0;
  let checkedGames = 0;
  for (let i = 0; i < task.games; i++) {
    const seed = task.firstSeed + i;
    const options = { players: task.players, variant: task.variant, seed };
    try {
      if ((seed - task.firstSeed) % task.checkEvery === 0) {
        actions += checkedGame(engine, options, task.maxSteps);
        checkedGames++;
      } else {
        actions += randomPlayout(engine, options, createRng(seed), task.maxSteps).steps;
      }
    } catch (error) {
      failures.push({ seed, message: error instanceof Error ? error.message : String(error) });
    }
  }
  return { games: task.games, actions, checkedGames, failures, seconds: (performance.now() - started) / 1000 };
}

/** A random game checked at every decision point; the number of actions played. */
function checkedGame(
  engine: AnyEngine,
  options: { players: number; variant: string; seed: number },
  maxSteps: number,
): number {
  const rng = createRng(options.seed);
  const state = engine.newGame(options) as object;
  let step = 0;
  for (; ; step++) {
    const saved = JSON.stringify(state);
    const problem = engine.validateState(JSON.parse(saved));
    if (problem !== null) throw new Error(`step ${step}: the state does not validate: ${problem}`);
    for (let seat = 0; seat < options.players; seat++) {
      engine.view(state, seat);
      for (const action of engine.legalActions(state, seat)) {
        const refusal = engine.check(state, action);
        if (refusal !== null) throw new Error(`step ${step}: a legal action of seat ${seat} is refused: ${refusal}`);
      }
    }
    const progress = engine.progress?.(state);
    const badProgress = progress === undefined ? null : progressProblem(progress, options.players);
    if (badProgress !== null) throw new Error(`step ${step}: ${badProgress}`);
    // Looking plays only copies (the searches of `completing` and `can` among them): the game is as it was.
    if (JSON.stringify(state) !== saved)
      throw new Error(`step ${step}: viewing, listing or checking the actions changed the game`);
    const seat = lowestSeat(engine.toAct(state));
    if (seat === undefined) {
      if (engine.outcome(state) === null) throw new Error("no seat is to act, but the game is not over");
      return step;
    }
    // Given up where the rules say machine players give up (`abandon`).
    if (abandonReason(engine, state) !== null) return step;
    if (step >= maxSteps) throw new Error(`the game did not end within ${maxSteps} actions`);
    const legal = engine.legalActions(state, seat);
    if (legal.length === 0) throw new Error(`step ${step}: seat ${seat} must act but has no legal action`);
    engine.apply(state, legal[randomInt(rng, legal.length)]!);
  }
}
