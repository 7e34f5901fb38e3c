/**
 * Agents: players driven by code. They see the engine and the full state; an agent that should not cheat reads
 * only `engine.view(state, seat)`.
 */
import type { Engine, EngineAction, Seat } from "./engine.ts";
import { abandonReason } from "./playout.ts";
import { createRng, randomInt, type RngState } from "./random.ts";
import { lowestSeat, takesInterrupt } from "./seats.ts";
import type { Session } from "./session.ts";

export interface Agent<S extends object = object, A extends EngineAction = EngineAction> {
  /** One of `engine.legalActions(state, seat)`; called only when `seat` must act. Must not mutate `state`. */
  choose(engine: Engine<S, A, unknown>, state: S, seat: Seat): A;
  /**
   * Called when `seat` is not asked anything but may interrupt (it is in `engine.mayAct(state)`): one of its legal
   * actions to interrupt with, or null to let the game go on. An agent without this method never interrupts.
   */
  interrupt?(engine: Engine<S, A, unknown>, state: S, seat: Seat): A | null;
}

/**
 * Chooses uniformly among the legal actions of its seat, with its own seeded generator (never Math.random), so the
 * same seed facing the same positions makes the same choices. One agent may play several seats.
 */
export class RandomAgent implements Agent {
  /** The agent's generator; it advances by one draw per choice with more than one option. */
  readonly rng: RngState;

  constructor(seed: number) {
    this.rng = createRng(seed);
  }

  choose<S extends object, A extends EngineAction>(engine: Engine<S, A, unknown>, state: S, seat: Seat): A {
    const legal = engine.legalActions(state, seat);
    if (legal.length === 0) throw new Error(`seat ${seat} must act but has no legal action (engine bug)`);
    return legal[randomInt(this.rng, legal.length)] as A;
  }

  /** Interrupts with a chance of one in INTERRUPT_ODDS, with a random one of the seat's legal actions. */
  interrupt<S extends object, A extends EngineAction>(engine: Engine<S, A, unknown>, state: S, seat: Seat): A | null {
    return takesInterrupt(this.rng) ? this.choose(engine, state, seat) : null;
  }
}

/**
 * Takes one action and returns it, or null when no seat is to act. The seats that may interrupt are asked first, in
 * ascending order (the first whose agent interrupts acts); else the agent of the lowest seat that must act now (see
 * `lowestSeat`) chooses. `agentFor` gives the agent of each seat.
 */
export function agentStep<S extends object, A extends EngineAction, V>(
  session: Session<S, A, V>,
  agentFor: (seat: Seat) => Agent<S, A>,
): A | null {
  const seat = lowestSeat(session.toAct());
  if (seat === undefined) return null;
  const action =
    agentInterruption(session.engine, session.state, agentFor) ??
    agentFor(seat).choose(session.engine, session.state, seat);
  session.apply(action);
  return action;
}

/**
 * The interrupt taken now, if any: the seats that may interrupt are asked in ascending order, each by its agent
 * (`agentFor` gives none for a seat no agent plays), and the first that interrupts acts.
 */
export function agentInterruption<S extends object, A extends EngineAction>(
  engine: Engine<S, A, unknown>,
  state: S,
  agentFor: (seat: Seat) => Agent<S, A> | null | undefined,
): A | null {
  for (const seat of engine.mayAct(state)) {
    const interruption = agentFor(seat)?.interrupt?.(engine, state, seat) ?? null;
    if (interruption !== null) return interruption;
  }
  return null;
}

/**
 * Lets agents play until the game ends, the rules say machine players give it up (`abandon`), or `maxActions`
 * actions were taken; returns the number taken.
 */
export function playWithAgents<S extends object, A extends EngineAction, V>(
  session: Session<S, A, V>,
  agentFor: (seat: Seat) => Agent<S, A>,
  maxActions = Number.POSITIVE_INFINITY,
): number {
  let taken = 0;
  while (
    taken < maxActions &&
    abandonReason(session.engine, session.state) === null &&
    agentStep(session, agentFor) !== null
  )
    taken++;
  return taken;
}
