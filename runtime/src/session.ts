/**
 * A game in progress: an engine, its state, the options it started from and every action applied so far.
 *
 * The engine's `apply` trusts its input; a session is the checked door to it. Every action goes through a shape
 * check and `engine.check` first, so a refused action never touches the state and never enters the log — which is
 * what makes saves and replays trustworthy.
 */
import type { Engine, EngineAction, GameOptions, Outcome, Seat } from "./engine.ts";
import { isSeat } from "./seats.ts";
import { checkActionShape, checkOptions, normalizeOptions } from "./validation.ts";

/** An action the rules refuse now; `reason` says why (from the engine, or from the runtime's shape check). */
export class IllegalActionError extends Error {
  override readonly name = "IllegalActionError";

  constructor(
    readonly reason: string,
    readonly action: unknown,
  ) {
    super(`action ${describeUnknownAction(action)} refused: ${reason}`);
  }
}

function describeUnknownAction(action: unknown): string {
  try {
    return JSON.stringify(action) ?? String(action);
  } catch {
    return String(action);
  }
}

export class Session<S extends object = object, A extends EngineAction = EngineAction, V = unknown> {
  readonly engine: Engine<S, A, V>;
  /** The options the game started from (normalized: only `players`, `seed`, `variant` and `params`). */
  readonly options: GameOptions;
  #state: S;
  readonly #log: A[];

  private constructor(engine: Engine<S, A, V>, options: GameOptions, state: S, log: A[]) {
    this.engine = engine;
    this.options = options;
    this.#state = state;
    this.#log = log;
  }

  /** A new game. Throws RangeError (with the reason) for options the engine does not accept. */
  static create<S extends object, A extends EngineAction, V>(
    engine: Engine<S, A, V>,
    options: GameOptions,
  ): Session<S, A, V> {
    const problem = checkOptions(engine, options);
    if (problem !== null) throw new RangeError(problem);
    const normalized = normalizeOptions(options);
    return new Session(engine, normalized, engine.newGame(normalized), []);
  }

  /**
   * A session continuing from `state`, reached from `options` by `log`. Trusts its input: callers (such as
   * `restore`) validate the options, the log's shape and the state first. The session keeps copies.
   */
  static resume<S extends object, A extends EngineAction, V>(
    engine: Engine<S, A, V>,
    options: GameOptions,
    state: S,
    log: readonly A[],
  ): Session<S, A, V> {
    return new Session(engine, normalizeOptions(options), structuredClone(state), structuredClone([...log]));
  }

  /** The live state. Read it, never mutate it (use `snapshot()` for a copy you may keep or change). */
  get state(): S {
    return this.#state;
  }

  /** A deep copy of the current state. */
  snapshot(): S {
    return structuredClone(this.#state);
  }

  /** The actions applied so far, in order (copies of what was passed to `apply`). */
  get log(): readonly A[] {
    return this.#log;
  }

  get players(): number {
    return this.options.players;
  }

  toAct(): readonly Seat[] {
    return this.engine.toAct(this.#state);
  }

  /** Seats not asked anything that may interrupt now (see `Engine.mayAct`). */
  mayAct(): readonly Seat[] {
    return this.engine.mayAct(this.#state);
  }

  isOver(): boolean {
    return this.engine.isOver(this.#state);
  }

  legalActions(seat: Seat): A[] {
    this.#requireSeat(seat);
    return this.engine.legalActions(this.#state, seat);
  }

  /** Null when `action` may be applied now, else why not. Never changes anything. */
  check(action: A): string | null {
    const shapeProblem = checkActionShape(action, this.players);
    if (shapeProblem !== null) return shapeProblem;
    if (this.isOver()) return "the game is over";
    return this.engine.check(this.#state, action);
  }

  /** Applies `action` if legal and returns null; else returns the reason and leaves the session untouched. */
  tryApply(action: A): string | null {
    const reason = this.check(action);
    if (reason !== null) return reason;
    // Keep a private copy: the caller may reuse or mutate its object, and the log must not change behind our back.
    const own = structuredClone(action);
    this.engine.apply(this.#state, own);
    this.#log.push(own);
    return null;
  }

  /** Applies `action`, or throws IllegalActionError (with `.reason`) leaving the session untouched. */
  apply(action: A): void {
    const reason = this.tryApply(action);
    if (reason !== null) throw new IllegalActionError(reason, action);
  }

  /** What `seat` may see (the engine removes what the rules hide from that seat). */
  view(seat: Seat): V {
    this.#requireSeat(seat);
    return this.engine.view(this.#state, seat);
  }

  outcome(): Outcome | null {
    return this.engine.outcome(this.#state);
  }

  #requireSeat(seat: Seat): void {
    if (!isSeat(seat, this.players)) {
      throw new RangeError(`seat ${String(seat)} is not a seat at this ${this.players}-player table`);
    }
  }
}
