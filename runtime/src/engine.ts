/**
 * The engine interface: the only thing the runtime knows about a game.
 *
 * Every generated engine (`rulesets/<game>/generated/engine.ts`) exports an object of this type. The runtime
 * (sessions, saves, replay, random agents, simulations) is written against it and never imports a game.
 *
 * Conventions every engine follows:
 * - State is plain JSON (no classes, Maps, undefined-vs-missing games) at every decision point.
 * - `apply` mutates the state in place and assumes the action is legal (`check` returned null). Sessions validate
 *   first, so a refused action never touches the state.
 * - All randomness goes through the `rng` field of the state (see `random.ts`), so a state carries its own future.
 */

import type { RngState } from "./random.ts";
import type { CellView, GridSize } from "./grid.ts";
import type { HexView } from "./hex.ts";
import type { ViewShape } from "./view-shape.ts";

/** The grids of `Engine.grids`: by field name, the game's (`table`) and each player's (`players`). */
export interface BoardGrids {
  readonly table: Readonly<Record<string, GridSize>>;
  readonly players: Readonly<Record<string, GridSize>>;
}

/** A seat at the table: 0 .. players-1, in clockwise order. */
export type Seat = number;

/** Every action names its type and the seat that takes it; other fields are the action's parameters. */
export interface EngineAction {
  readonly type: string;
  readonly player: Seat;
}

/** An action as its player reads it (see `Engine.shownAction`): its parameters may hold any values. */
export interface ShownAction extends EngineAction {
  readonly [parameter: string]: unknown;
}

export interface GameOptions {
  /** Number of players, within the engine's range. */
  readonly players: number;
  /** Any 32-bit integer; the same seed gives the same game for the same actions. */
  readonly seed: number;
  /** A variant name from `engine.variants`; omitted means the base game. */
  readonly variant?: string;
  /**
   * Values for the rules' `param`s, over the variant's (`{ GLORY_TARGET: 15 }`): each must be one of
   * `engine.parameters`, of its type and within its range.
   */
  readonly params?: Readonly<Record<string, number | boolean>>;
}

/** A `param` of the rules that a game may be given a value for (`GameOptions.params`). */
export interface ParameterInfo {
  readonly name: string;
  readonly type: "int" | "bool";
  /** For a number: the range the rules declare (`param GLORY_TARGET: 10..99 = 10`), when they declare one. */
  readonly low?: number;
  readonly high?: number;
}

/** The final result of a game. */
export interface Outcome {
  /** Final score per seat. */
  readonly scores: readonly number[];
  /** Rank per seat, 1 = best; seats tied through the whole tie-break chain share a rank. */
  readonly ranks: readonly number[];
  /** Seats with rank 1 (several when the victory is shared). */
  readonly winners: readonly Seat[];
  /** How the game ended, when the rules' `end` says (`end "Event deck empty"`), or why it was abandoned. */
  readonly ending?: string;
  /**
   * Machine players gave the game up (the rules' `abandon`): nobody won, `winners` is empty, and the scores and
   * ranks are the standing when it stopped.
   */
  readonly abandoned?: true;
}

/** What a session needs to know about the state's position in the game. */
export interface Engine<S extends object = object, A extends EngineAction = EngineAction, V = unknown> {
  /** Short machine name, e.g. `letter-of-marque`. */
  readonly name: string;
  /** Human title, e.g. `Letter of Marque`. */
  readonly title: string;
  /** Path of the rules source the engine was generated from, relative to the repository root. */
  readonly source: string;
  /** Hash of the rules source text; saves record it so a save from other rules is refused. */
  readonly sourceHash: string;
  /**
   * Hash of the engine's own code (the compiler's output for those rules). A state is the engine's: another build of
   * the same rules may lay it out otherwise (a routine's steps numbered anew, a local renamed), so a save made by
   * another build is restored by replaying its log, not by reading its state. None for an engine written by hand.
   */
  readonly codeHash?: string;
  readonly minPlayers: number;
  readonly maxPlayers: number;
  /** Variant names; the first is always `base`. */
  readonly variants: readonly string[];
  /** The rules' `param`s a game may be given values for; none when absent. */
  readonly parameters?: readonly ParameterInfo[];

  /** A new game, run up to its first decision point. Throws RangeError for bad options. */
  newGame(options: GameOptions): S;
  /** Seats that must act now; several for a simultaneous choice, none once the game is over. */
  toAct(state: S): readonly Seat[];
  /**
   * Seats not asked anything that may still act now, in ascending order: interrupts ("at any moment, any player
   * may ..."). Their legal actions are the interrupts only; taking one leaves the pending decision to be asked again.
   * Empty in most games.
   */
  mayAct(state: S): readonly Seat[];
  isOver(state: S): boolean;
  /** Every legal action of `seat` now (empty when the seat is neither to act nor may interrupt). */
  legalActions(state: S, seat: Seat): A[];
  /** Null when `action` is legal now, else the reason it is refused. Never mutates. */
  check(state: S, action: A): string | null;
  /** Applies a legal action and runs the rules to the next decision point (or the end). Mutates `state`. */
  apply(state: S, action: A): void;
  /** What `seat` may see of the state: everything the rules hide from that seat is removed. */
  view(state: S, seat: Seat): V;
  /** The shape of the views, from the rules' types, for boards that draw any game. Optional. */
  readonly viewShape?: ViewShape;
  /**
   * The board every player sees, fixed once the setup is over (land, ports, the module each square lies on), as the
   * rules derive it; `viewShape.board` gives its shape. Views leave it out: it never changes during a game. Optional.
   */
  boardView?(state: S): Readonly<Record<string, unknown>>;
  /**
   * The bounded grids the rules' boards lie on (`board: map<Cell, Player> on grid(COLUMNS, ROWS)`), by field: the
   * game's fields under `table`, the players' under `players`. A board drawn for players spans its grid whole, empty
   * cells included. Optional: without it (or for a field it does not name), a board spans the cells it holds.
   */
  grids?(state: S): BoardGrids;
  /**
   * `action` as its player reads it now, for people: a parameter given by its position in a list is replaced by the
   * value it stands for (as that player's view shows it). Never mutates. Optional: without it, actions are shown as
   * they are.
   */
  shownAction?(state: S, action: A): ShownAction;
  /**
   * What `action` does, in the words of the rules (`action TakeTile(space: 1..12) "Move onto {...}"`), read in the
   * state before it is taken; null for an action without such a label. Optional.
   */
  describeAction?(state: S, action: A): string | null;
  /**
   * The squares and cells `action`'s label names, as views show them (`"sail {d} to {step(me.pos, d)}"`: the square
   * it sails to), read in the state before it is taken: where a board drawn for the player may offer it. Optional.
   */
  actionPlaces?(state: S, action: A): readonly (HexView | CellView)[];
  /** The result once the game is over, else null. */
  outcome(state: S): Outcome | null;
  /**
   * The result if the game were scored now (the rules' `scoring`: scores, ranks through the tie-breaks, winners);
   * the outcome once it is over. For agents that judge a position. Optional.
   */
  standing?(state: S): Outcome;
  /**
   * Each seat's progress towards winning (the rules' `progress p: ...`), by seat: advice to agents that look ahead,
   * never part of a result. Optional.
   */
  progress?(state: S): readonly number[];
  /**
   * Why machine players give up this game (the rules' `abandon "reason" when ...`: random playouts, simulations,
   * agents' look-ahead and conformance checks stop it here, with no winner), or null. People play on. Optional.
   */
  abandoned?(state: S): string | null;
  /**
   * A game `seat` may imagine from what it sees, for search agents: a copy of `state` in which what the rules hide
   * from `seat` is dealt again at random (face-down piles shuffled, other players' hidden values exchanged among
   * them, secret answers drawn again), with a fresh random generator drawn from `rng`. Its view for `seat` is that of
   * `state`. Never mutates `state`. Optional: an agent without it can only play games that hide nothing.
   */
  determinize?(state: S, seat: Seat, rng: RngState): S;
  /**
   * A copy of `state` sharing nothing an action may change, as fast as its types allow: search agents play each
   * action they weigh on a copy. Optional: without it they copy generically.
   */
  copy?(state: S): S;
  /** Null when `value` has the shape of this engine's state, else what is wrong (for loading saves). */
  validateState(value: unknown): string | null;
}

/** Any engine, whatever its state and action types (methods are bivariant, so every engine fits). */
export type AnyEngine = Engine<object, EngineAction, unknown>;
