/**
 * The hot loop of simulations: random play from a new game to its end, straight on the engine.
 *
 * No session, no cloning, no checks: every action comes from `legalActions`, so it is legal by construction. The
 * choice sequence is the same as a RandomAgent's through a session (interrupts first, then the lowest seat to act,
 * one `randomInt` per choice), so any playout can be replayed and watched with `play`.
 */
import type { Engine, EngineAction, GameOptions, Outcome, Seat } from "./engine.ts";
import { inRulesFile, unnamed } from "./engine-support.ts";
import { randomInt, type RngState } from "./random.ts";
import { firstInterrupter, lowestSeat } from "./seats.ts";

export interface PlayoutResult<S> {
  /** Actions taken. */
  readonly steps: number;
  readonly outcome: Outcome;
  /** The final state. */
  readonly state: S;
}

/** A game that did not end within the bound: an engine whose games can go on forever is a bug. */
export class PlayoutLimitError extends Error {
  override readonly name = "PlayoutLimitError";
}

/**
 * `onAction`, when given, sees every action just before it is applied, with its position in the game (from 0): what
 * a simulation's report counts (`simulate --report`).
 */
export function randomPlayout<S extends object, A extends EngineAction>(
  engine: Engine<S, A, unknown>,
  options: GameOptions,
  rng: RngState,
  maxSteps: number,
  onAction?: (action: A, step: number) => void,
): PlayoutResult<S> {
  return playOut(engine, options, maxSteps, randomDecisions(engine, rng), onAction);
}

/**
 * How random players decide, one `randomInt` per choice: a seat that may interrupt (as `firstInterrupter` draws),
 * else the seat to act, takes one of its legal actions at random. It calls the engine's own functions: `playFrom`,
 * which calls it, names the rules file in their errors.
 */
export function randomDecisions<S extends object, A extends EngineAction>(
  engine: Engine<S, A, unknown>,
  rng: RngState,
): (state: S, seat: Seat, steps: number) => A {
  const own = unnamed(engine);
  return (state, seat, steps) => {
    const interrupter = firstInterrupter(own.mayAct(state), rng);
    const actor = interrupter ?? seat;
    const legal = own.legalActions(state, actor);
    if (legal.length === 0) {
      const why = interrupter === undefined ? "must act" : "may interrupt";
      throw new Error(`${engine.name}: seat ${actor} ${why} but has no legal action after ${steps} actions`);
    }
    return legal[randomInt(rng, legal.length)] as A;
  };
}

/**
 * A game from its start to its end, each action given by `decide` (for the lowest seat to act, which the action may
 * leave to an interrupting seat), applied straight on the engine: no session, no checks.
 */
export function playOut<S extends object, A extends EngineAction>(
  engine: Engine<S, A, unknown>,
  options: GameOptions,
  maxSteps: number,
  decide: (state: S, seat: Seat, steps: number) => A,
  onAction?: (action: A, step: number) => void,
): PlayoutResult<S> {
  // Once a game, through the wrapper that names the rules file in its errors.
  return playFrom(engine, engine.newGame(options), maxSteps, decide, onAction, options);
}

/** A game's options as errors name them; "a game under way" without them. */
function describeGame(options: GameOptions | undefined): string {
  if (options === undefined) return "a game under way";
  const variant = options.variant === undefined ? "" : `, variant ${options.variant}`;
  return `players ${options.players}, seed ${options.seed}${variant}`;
}

/** Why machine players give this game up now (the rules' `abandon`), or null; an engine without one never does. */
export function abandonReason<S extends object>(engine: Engine<S, EngineAction, unknown>, state: S): string | null {
  return engine.abandoned?.(state) ?? null;
}

/**
 * The outcome of a game machine players gave up (`abandon`): nobody wins; the scores and ranks are the standing (an
 * engine that abandons games gives one).
 */
export function abandonedOutcome<S extends object>(
  engine: Engine<S, EngineAction, unknown>,
  state: S,
  why: string,
): Outcome {
  const standing = engine.standing?.(state);
  return {
    scores: standing?.scores ?? [],
    ranks: standing?.ranks ?? [],
    winners: [],
    ending: `abandoned: ${why}`,
    abandoned: true,
  };
}

/**
 * `playOut` from a game under way (`state`, changed in place); `game`, the options it was made with, names it in
 * errors. The engine's own functions are called (`unnamed`), inside one `try` that names the rules file in their
 * errors: a `try` around each call, and the string naming the game made before each game rather than on an error,
 * cost Letter of Marque a tenth of its playouts.
 */
export function playFrom<S extends object, A extends EngineAction>(
  engine: Engine<S, A, unknown>,
  state: S,
  maxSteps: number,
  decide: (state: S, seat: Seat, steps: number) => A,
  onAction?: (action: A, step: number) => void,
  game?: GameOptions,
): PlayoutResult<S> {
  const own = unnamed(engine);
  let steps = 0;
  try {
    for (;;) {
      const seat = lowestSeat(own.toAct(state));
      if (seat === undefined) break;
      const abandoned = abandonReason(own, state);
      if (abandoned !== null) return { steps, outcome: abandonedOutcome(engine, state, abandoned), state };
      if (steps >= maxSteps) {
        throw new PlayoutLimitError(
          `${engine.name} did not end within ${maxSteps} actions (${describeGame(game)}): a game that does not end is a bug`,
        );
      }
      const action = decide(state, seat, steps);
      onAction?.(action, steps);
      own.apply(state, action);
      steps++;
    }
    const outcome = own.outcome(state);
    if (outcome === null) {
      throw new Error(`${engine.name}: no seat is to act after ${steps} actions, but the game is not over`);
    }
    return { steps, outcome, state };
  } catch (error) {
    throw inRulesFile(error, engine.source);
  }
}
