/**
 * Games between agents named on the command line (`simulate --agents mcts:400,random`): the names, the agents they
 * make, and a game played by them straight on the engine.
 */
import { RandomAgent, agentInterruption, type Agent } from "./agents.ts";
import type { Engine, EngineAction, GameOptions, Seat } from "./engine.ts";
import { playOut, type PlayoutResult } from "./playout.ts";
import { GreedyAgent, MctsAgent } from "./search-agents.ts";
import { gameSeed } from "./seeds.ts";

/**
 * How agents are named: `random`; `greedy`, `greedy:DEPTH` or `greedy:DEPTH:WORLDS`; `mcts:ITERATIONS` or
 * `mcts:ITERATIONS:ROLLOUT_DEPTH`.
 */
export const AGENT_NAMES =
  "random, greedy, greedy:DEPTH[:WORLDS] (e.g. greedy:2:2), mcts:ITERATIONS or mcts:ITERATIONS:ROLLOUT_DEPTH (e.g. mcts:400:60)";

/** Null when `name` names an agent, else why not. */
export function agentNameProblem(name: string): string | null {
  try {
    makeAgent(name, 0);
    return null;
  } catch (error) {
    return error instanceof RangeError ? error.message : String(error);
  }
}

/** The agent `name` names, with its own generator seeded by `seed`. Throws RangeError for an unknown name. */
export function makeAgent(name: string, seed: number): Agent {
  if (name === "random") return new RandomAgent(seed);
  if (name === "greedy") return new GreedyAgent(seed);
  const g = /^greedy:(\d+)(?::(\d+))?$/.exec(name);
  if (g) {
    const depth = Number(g[1]);
    const worlds = g[2] === undefined ? 1 : Number(g[2]);
    if (depth < 1 || worlds < 1) {
      throw new RangeError(`"${name}": a greedy agent needs a depth and a number of worlds of at least 1`);
    }
    return new GreedyAgent(seed, { depth, worlds });
  }
  const m = /^mcts:(\d+)(?::(\d+))?$/.exec(name);
  if (m) {
    const iterations = Number(m[1]);
    const depth = m[2] === undefined ? undefined : Number(m[2]);
    // A rollout depth of 0 judges each simulated game where the tree leaves it.
    if (iterations < 1) throw new RangeError(`"${name}": an MCTS agent needs at least 1 iteration`);
    return new MctsAgent(seed, { iterations, ...(depth === undefined ? {} : { rolloutDepth: depth }) });
  }
  throw new RangeError(`unknown agent "${name}" (agents: ${AGENT_NAMES})`);
}

/** The agent name of each seat: the names in order, repeated when there are fewer than players. */
export function seatAgents(names: readonly string[], players: number): string[] {
  return Array.from({ length: players }, (_, seat) => names[seat % names.length]!);
}

/**
 * A game played by the named agents, one per seat (each seeded from the game's seed and its seat), from a new game
 * to its end. Seats that may interrupt are asked first, then the lowest seat to act chooses (as `agentStep`).
 */
export function agentPlayout<S extends object, A extends EngineAction>(
  engine: Engine<S, A, unknown>,
  options: GameOptions,
  names: readonly string[],
  agentsSeed: number,
  maxSteps: number,
  onAction?: (action: A, step: number) => void,
): PlayoutResult<S> {
  const agents = seatAgents(names, options.players).map((name, seat) => makeAgent(name, gameSeed(agentsSeed, seat)));
  const agentOf = (seat: Seat): Agent<S, A> => agents[seat] as Agent<S, A>;
  return playOut(
    engine,
    options,
    maxSteps,
    (state, seat) => agentInterruption(engine, state, agentOf) ?? agentOf(seat).choose(engine, state, seat),
    onAction,
  );
}
