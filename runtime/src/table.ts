/**
 * A game at a table, as the browser page of `rules serve` plays it: each seat a person or an agent, the actions
 * written down as their players read them, and an undo for a person that never takes back anything that was
 * revealed (a drawn card, a die roll, another player's answer).
 */
import { makeAgent } from "./agent-playout.ts";
import { agentInterruption, type Agent } from "./agents.ts";
import type { Engine, EngineAction, GameOptions, Outcome, Seat } from "./engine.ts";
import { actionLabel, formatAction } from "./format.ts";
import { abandonReason, abandonedOutcome } from "./playout.ts";
import { createRng, type RngState } from "./random.ts";
import { restore, saveToJson } from "./save.ts";
import { lowestSeat } from "./seats.ts";
import { Session } from "./session.ts";

/** Who sits at a seat: a person, or an agent by name (`random`, `greedy`, `mcts:200`...). */
export type Sitter = "human" | string;

export interface TableEntry {
  readonly seat: Seat;
  /** The action as its player read it when it was taken. */
  readonly text: string;
}

/** How many imagined games `revealsSomething` tries an action in. */
const REVEAL_SAMPLES = 6;

export class Table<S extends object, A extends EngineAction, V> {
  #session: Session<S, A, V>;
  readonly #agents: (Agent<S, A> | null)[];
  readonly #entries: TableEntry[];
  /** States before a person's latest actions that revealed nothing, all by one seat, the latest last. */
  #undo: { readonly seat: Seat; readonly state: S; readonly entries: number }[] = [];
  readonly #rng: RngState;

  private constructor(session: Session<S, A, V>, sitters: readonly Sitter[], entries: TableEntry[], seed: number) {
    this.#session = session;
    this.#agents = sitters.map((s, seat) => (s === "human" ? null : (makeAgent(s, seed * 31 + seat) as Agent<S, A>)));
    this.#entries = entries;
    this.#rng = createRng(seed ^ 0x5eed);
  }

  /** A new game; agents then play until a person must decide. Throws RangeError for bad options or sitters. */
  static create<S extends object, A extends EngineAction, V>(
    engine: Engine<S, A, V>,
    options: GameOptions,
    sitters: readonly Sitter[],
  ): Table<S, A, V> {
    if (sitters.length !== options.players)
      throw new RangeError(`name one sitter for each of the ${options.players} seats`);
    const table = new Table(Session.create(engine, options), sitters, [], options.seed);
    table.playAgents();
    return table;
  }

  /** The game a save holds (the runtime's save format); throws SaveError with the reason when it cannot be trusted. */
  static load<S extends object, A extends EngineAction, V>(
    engine: Engine<S, A, V>,
    save: string,
    sitters: (players: number) => readonly Sitter[],
  ): Table<S, A, V> {
    const session = restore(engine, save, { verify: true });
    const entries = session.log.map((action) => ({ seat: action.player, text: formatAction(action) }));
    const table = new Table(session, sitters(session.players), entries, session.options.seed);
    table.playAgents();
    return table;
  }

  get engine(): Engine<S, A, V> {
    return this.#session.engine;
  }

  get session(): Session<S, A, V> {
    return this.#session;
  }

  get entries(): readonly TableEntry[] {
    return this.#entries;
  }

  /** Whether a person sits at `seat`. */
  isHuman(seat: Seat): boolean {
    return this.#agents[seat] === null;
  }

  /**
   * The result: the game's once it is over; at a table with nobody at it, also that of a game the agents give up
   * where the rules say (`abandon`: nobody wins). Null while the game goes on.
   */
  outcome(): Outcome | null {
    const over = this.#session.outcome();
    if (over !== null) return over;
    const why = this.givenUp();
    return why === null ? null : abandonedOutcome(this.engine, this.#session.state, why);
  }

  /** Why the agents give the game up now (`abandon`), when no person sits at the table; else null. */
  private givenUp(): string | null {
    if (this.#agents.some((agent) => agent === null)) return null;
    return abandonReason(this.engine, this.#session.state);
  }

  /** The person asked now (the lowest such seat), if the game waits for one. */
  humanToAct(): Seat | undefined {
    return lowestSeat(this.#session.toAct().filter((seat) => this.isHuman(seat)));
  }

  /** People who are not asked but may interrupt now. */
  humansMayInterrupt(): Seat[] {
    return this.#session.mayAct().filter((seat) => this.isHuman(seat));
  }

  /** `action` as its player reads it now (`actionLabel`). */
  describe(action: A): string {
    return actionLabel(this.engine, this.#session.state, action);
  }

  /** A person's action: refused with the reason (nothing changes), or taken; then agents play until a person must. */
  act(action: A): string | null {
    if (!this.isHuman(action.player)) return `seat ${action.player} is not played by a person`;
    const before = this.#session.snapshot();
    const text = this.describe(action);
    const reveals = this.revealsSomething(before, action);
    const refused = this.#session.tryApply(action);
    if (refused !== null) return refused;
    const last = this.#undo.at(-1);
    if (reveals || (last !== undefined && last.seat !== action.player)) this.#undo = [];
    if (!reveals) this.#undo.push({ seat: action.player, state: before, entries: this.#entries.length });
    this.#entries.push({ seat: action.player, text });
    this.playAgents();
    return null;
  }

  /** Whether the person's latest action can be taken back: it revealed nothing, and nobody else acted since. */
  canUndo(): boolean {
    return this.#undo.length > 0;
  }

  /** Takes back the latest action a person may take back. */
  undo(): void {
    const last = this.#undo.pop();
    if (last === undefined) throw new Error("nothing can be taken back now");
    const log = this.#session.log.slice(0, this.#session.log.length - (this.#entries.length - last.entries));
    this.#session = Session.resume(this.engine, this.#session.options, last.state, log);
    this.#entries.length = last.entries;
  }

  /** The game in the runtime's save format. */
  save(): string {
    return saveToJson(this.#session);
  }

  /** Agents play (interrupts first, as `agentStep`) until a person must decide or the game is over. */
  private playAgents(): void {
    for (;;) {
      const session = this.#session;
      if (session.isOver() || this.givenUp() !== null) return;
      let action = agentInterruption(this.engine, session.state, (seat) => this.#agents[seat]);
      const seat = lowestSeat(session.toAct());
      if (action === null) {
        if (seat === undefined || this.isHuman(seat)) return;
        action = this.#agents[seat]!.choose(this.engine, session.state, seat);
      }
      const text = this.describe(action);
      session.apply(action);
      this.#entries.push({ seat: action.player, text });
      this.#undo = [];
    }
  }

  /**
   * Whether `action`, taken in `state`, shows its player something it could not know: taken in games its seat may
   * imagine (what is hidden from it dealt again), it leads to views other than the real one. Without `determinize`,
   * any action that draws on the random generator counts as revealing.
   */
  private revealsSomething(state: S, action: A): boolean {
    const { engine } = this;
    const seat = action.player;
    const after = structuredClone(state);
    engine.apply(after, action);
    const seen = JSON.stringify(engine.view(after, seat));
    if (engine.determinize === undefined) {
      return JSON.stringify((after as { rng?: unknown }).rng) !== JSON.stringify((state as { rng?: unknown }).rng);
    }
    for (let i = 0; i < REVEAL_SAMPLES; i++) {
      const imagined = engine.determinize(state, seat, this.#rng);
      try {
        engine.apply(imagined, action);
      } catch {
        return true;
      }
      if (JSON.stringify(engine.view(imagined, seat)) !== seen) return true;
    }
    return false;
  }
}
