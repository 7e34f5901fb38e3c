/**
 * Conformance: the properties every engine must have, checked over random games. Each generated engine's tests call
 * these for every variant and player count; they are plain functions (no test framework) that throw a
 * ConformanceError saying which property failed and exactly where (seed, game, step, seat, action, reason), or return
 * a report of how much they checked so a test can assert the check was not vacuous.
 *
 * Game i of a check with seed S is game i of `simulate(engine, { seed: S, ... })`: it starts from `gameSeed(S, i)`
 * and its random players choose as RandomAgent does, with a generator seeded by `agentSeed(gameSeed(S, i))`: the
 * seats that may interrupt first (see `takesInterrupt`), else the lowest seat to act. So a failing game can be
 * replayed alone.
 */
import { canonicalJson } from "./checksum.ts";
import type { AnyEngine, Engine, EngineAction, GameOptions, Outcome, Seat } from "./engine.ts";
import { RulesError } from "./engine-support.ts";
import { copyRng, createRng, randomInt, type RngState } from "./random.ts";
import { replay } from "./replay.ts";
import { SaveError, restore, saveToJson } from "./save.ts";
import { firstInterrupter, isSeat, lowestSeat } from "./seats.ts";
import { agentSeed, gameSeed } from "./seeds.ts";
import { abandonReason, playFrom, randomDecisions } from "./playout.ts";
import { IllegalActionError, Session } from "./session.ts";
import { DEFAULT_MAX_STEPS } from "./simulate.ts";
import { checkActionShape, checkOptions, isPlainObject } from "./validation.ts";

export interface ConformanceOptions {
  readonly players: number;
  readonly variant: string;
  /** Seed of the batch; game i starts from `gameSeed(seed, i)`. */
  readonly seed: number;
  /** Number of random games (small: 5 to 20 is plenty in tests). */
  readonly games: number;
  /** Actions after which a game counts as endless. Default DEFAULT_MAX_STEPS. */
  readonly maxSteps?: number;
  /**
   * Start no further game once this many decision points were visited (the first game always runs): long games
   * get fewer games, so one budget fits every ruleset. Default: no limit.
   */
  readonly maxDecisionPoints?: number;
}

/** What a check did: a test can assert these are not zero. */
export interface ConformanceReport {
  readonly games: number;
  /** Decision points visited (positions where some seat had to act). */
  readonly decisionPoints: number;
  /** Individual checks made: actions tried, states or views compared, continuations played... */
  readonly checks: number;
}

/** A property an engine does not have; the message says which, where, and why. */
export class ConformanceError extends Error {
  override readonly name = "ConformanceError";
}

type AnySession = Session<object, EngineAction, unknown>;

/** Optional details of a failure's position. */
interface Detail {
  readonly seat?: Seat;
  readonly action?: unknown;
}

/** Bad field values for actions: -1 is never a legal index or count, the others are not even the right type. */
const GARBAGE: readonly unknown[] = [-1, 9999, 2.5, Number.NaN, 1e300, "x", "0", null, true, {}, []];
const UNKNOWN_TYPE = "no-such-action-type";
/** Names every JavaScript object answers to: as an action's type, they must not reach an engine's tables. */
const INHERITED_NAMES: readonly string[] = ["__proto__", "constructor", "toString", "hasOwnProperty"];
/** Fields no action has, as JSON text. */
const EXTRA_FIELDS: readonly string[] = ['"extra":true', '"__proto__":{"player":0}', '"constructor":1'];
/** Decision points per game from which save/restore continuations are played. */
const CHECKPOINTS = 2;

/** One run of one property: where it is (for messages), its own random choices, and its count of checks. */
class Probe {
  game = 0;
  gameSeed = 0;
  step = 0;
  checks = 0;
  readonly maxSteps: number;
  /** For the property's own choices (samples, checkpoints), apart from the games' and the agents' generators. */
  readonly rng: RngState;

  constructor(
    readonly engine: AnyEngine,
    readonly property: string,
    readonly o: ConformanceOptions,
  ) {
    this.maxSteps = o.maxSteps ?? DEFAULT_MAX_STEPS;
    const problem =
      !Number.isInteger(o.games) || o.games < 1
        ? `games must be a positive integer, got ${o.games}`
        : !Number.isInteger(this.maxSteps) || this.maxSteps < 1
          ? `maxSteps must be a positive integer, got ${this.maxSteps}`
          : checkOptions(engine, { players: o.players, seed: o.seed, variant: o.variant });
    if (problem !== null) throw new RangeError(`${engine.name}: ${property}: ${problem}`);
    this.rng = createRng(gameSeed(o.seed, -1));
  }

  /** The options of the current game. */
  options(): GameOptions {
    return { players: this.o.players, seed: this.gameSeed, variant: this.o.variant };
  }

  fail(reason: string, detail: Detail = {}, cause?: unknown): never {
    const { players, variant, seed } = this.o;
    const where = [
      `players ${players}`,
      `variant ${variant}`,
      `seed ${seed}`,
      `game ${this.game} (game seed ${this.gameSeed})`,
      `step ${this.step}`,
    ];
    if (detail.seat !== undefined) where.push(`seat ${detail.seat}`);
    if ("action" in detail) where.push(`action ${short(detail.action)}`);
    const message = `${this.engine.name}: ${this.property} failed (${where.join(", ")}): ${reason}`;
    throw new ConformanceError(message, cause === undefined ? undefined : { cause });
  }

  /** Runs `fn` (a call into the engine or the runtime); an exception becomes a failure saying `what` threw. */
  call<T>(what: string, fn: () => T, detail: Detail = {}): T {
    try {
      return fn();
    } catch (error) {
      if (error instanceof ConformanceError) throw error;
      return this.fail(`${what} threw ${describeError(error)}`, detail, error);
    }
  }

  /** Game `index` of the batch, at its first decision point. */
  newGame(index: number): RandomGame {
    this.game = index;
    this.gameSeed = gameSeed(this.o.seed, index);
    this.step = 0;
    const session = this.call("newGame", () => Session.create(this.engine, this.options()));
    return new RandomGame(this, session, createRng(agentSeed(this.gameSeed)));
  }
}

/** Who may act at a decision point: the seats asked (`toAct`) and the seats that may interrupt (`mayAct`). */
interface DecisionPoint {
  readonly toAct: readonly Seat[];
  readonly mayAct: readonly Seat[];
}

/** A game played by random agents through a session, failing (via its probe) when the engine contradicts itself. */
class RandomGame {
  /** Machine players gave the game up (the rules' `abandon`) at its last decision point. */
  abandoned = false;

  constructor(
    readonly probe: Probe,
    readonly session: AnySession,
    /** The agents' generator (one draw per choice among several actions, as RandomAgent). */
    readonly rng: RngState,
  ) {}

  /** The live state: read it, never mutate it. */
  get state(): object {
    return this.session.state;
  }

  /** The seats to act now and those that may interrupt, or null once the game is over or abandoned. */
  decisionPoint(): DecisionPoint | null {
    const { probe, session } = this;
    probe.step = session.log.length;
    const over = probe.call("isOver", () => session.isOver());
    const toAct = probe.call("toAct", () => session.toAct());
    const mayAct = probe.call("mayAct", () => session.mayAct());
    if (over) {
      if (toAct.length > 0) probe.fail(`isOver is true but toAct is ${short(toAct)}`);
      if (mayAct.length > 0) probe.fail(`isOver is true but mayAct is ${short(mayAct)}`);
      return null;
    }
    const engine = probe.engine;
    if (probe.call("abandoned", () => abandonReason(engine, session.state)) !== null) {
      this.abandoned = true;
      return null;
    }
    if (toAct.length === 0) probe.fail("the game is not over but no seat is to act");
    if (probe.step >= probe.maxSteps) {
      probe.fail(`the game did not end within ${probe.maxSteps} actions (a game that does not end is a bug)`);
    }
    return { toAct, mayAct };
  }

  /** Plays a random legal action (of a seat that interrupts, else of the lowest seat to act) and returns it. */
  play(point: DecisionPoint): EngineAction {
    const { probe, session } = this;
    const interrupter = firstInterrupter(point.mayAct, this.rng);
    const seat = interrupter ?? (lowestSeat(point.toAct) as Seat);
    const legal = probe.call("legalActions", () => session.legalActions(seat), { seat });
    if (legal.length === 0) {
      probe.fail(`the seat ${interrupter === undefined ? "is to act" : "may interrupt"} but has no legal action`, {
        seat,
      });
    }
    const action = legal[randomInt(this.rng, legal.length)] as EngineAction;
    const reason = probe.call("Session.tryApply", () => session.tryApply(action), { seat, action });
    if (reason !== null) probe.fail(`the rules refused an action legalActions listed: ${reason}`, { seat, action });
    return action;
  }

  /** Plays to the end. */
  finish(): void {
    for (let point = this.decisionPoint(); point !== null; point = this.decisionPoint()) this.play(point);
  }
}

/** Plays the batch's random games, calling `onPoint` at each decision point (before the action) and `onEnd`. */
function playGames(
  probe: Probe,
  onPoint?: (game: RandomGame, point: DecisionPoint) => void,
  onEnd?: (game: RandomGame) => void,
): ConformanceReport {
  let decisionPoints = 0;
  let games = 0;
  const budget = probe.o.maxDecisionPoints ?? Infinity;
  for (let i = 0; i < probe.o.games && (i === 0 || decisionPoints < budget); i++) {
    games++;
    const game = probe.newGame(i);
    for (let point = game.decisionPoint(); point !== null; point = game.decisionPoint()) {
      decisionPoints++;
      onPoint?.(game, point);
      game.play(point);
    }
    onEnd?.(game);
  }
  return { games, decisionPoints, checks: probe.checks };
}

// ---- the properties -----------------------------------------------------------------------------------------

/**
 * Every game ends (or is abandoned, `abandon`) within maxSteps. At every decision point toAct lists distinct seats,
 * each of which has a legal action; mayAct lists other seats, in ascending order, each with a legal action; the
 * seats in neither have none; outcome() is null; and progress(), when the rules give one, is a finite number per
 * seat. Once over, outcome() gives `players` scores and ranks, ranks are consistent (1 + the number of seats ranked
 * better) and the winners are exactly the seats ranked 1; once abandoned, outcome() is still null and the standing is
 * such a result.
 */
export function checkPlayoutsTerminate(engine: AnyEngine, o: ConformanceOptions): ConformanceReport {
  const probe = new Probe(engine, "checkPlayoutsTerminate", o);
  return playGames(
    probe,
    (game, { toAct, mayAct }) => {
      toAct.forEach((seat, i) => {
        if (!isSeat(seat, o.players) || toAct.indexOf(seat) !== i) {
          probe.fail(`toAct ${short(toAct)} lists seat ${seat} twice or outside 0..${o.players - 1}`);
        }
        const legal = probe.call("legalActions", () => engine.legalActions(game.state, seat), { seat });
        if (legal.length === 0) probe.fail("the seat is to act but has no legal action", { seat });
      });
      mayAct.forEach((seat, i) => {
        if (!isSeat(seat, o.players) || (i > 0 && seat <= (mayAct[i - 1] as Seat))) {
          probe.fail(`mayAct ${short(mayAct)} is not a list of distinct seats of 0..${o.players - 1} in order`);
        }
        if (toAct.includes(seat)) probe.fail(`seat ${seat} is both in toAct and in mayAct`, { seat });
        const legal = probe.call("legalActions", () => engine.legalActions(game.state, seat), { seat });
        if (legal.length === 0) probe.fail("the seat may interrupt but has no legal action", { seat });
      });
      // And the other way round: a seat neither asked nor able to interrupt has nothing it may play.
      for (let seat = 0; seat < o.players; seat++) {
        if (toAct.includes(seat) || mayAct.includes(seat)) continue;
        const legal = probe.call("legalActions", () => engine.legalActions(game.state, seat), { seat });
        if (legal.length > 0) probe.fail("the seat is neither to act nor in mayAct but has legal actions", { seat });
      }
      const outcome = probe.call("outcome", () => engine.outcome(game.state));
      if (outcome !== null) probe.fail(`outcome() is ${short(outcome)} before the game is over`);
      // The rules' advice to agents is read at every position they look at: a rules error there stops a search.
      const progress = engine.progress;
      if (progress !== undefined) {
        const problem = progressProblem(
          probe.call("progress", () => progress(game.state)),
          o.players,
        );
        if (problem !== null) probe.fail(problem);
      }
      probe.checks++;
    },
    (game) => {
      const outcome = probe.call("outcome", () => engine.outcome(game.state));
      if (game.abandoned && outcome !== null) probe.fail(`outcome() is ${short(outcome)} in an abandoned game`);
      const problem = outcomeProblem(
        game.abandoned ? probe.call("standing", () => engine.standing?.(game.state) ?? null) : outcome,
        o.players,
      );
      if (problem !== null) probe.fail(problem);
      probe.checks++;
    },
  );
}

/**
 * At every decision point: the state is plain JSON; seats neither to act nor able to interrupt have no legal action;
 * every action listed for the others is well formed, belongs to that seat, passes engine.check, and applies to a JSON
 * copy of the state without throwing; legalActions and check do not mutate the state. Once over, no seat has a legal
 * action.
 */
export function checkLegalActionsApply(engine: AnyEngine, o: ConformanceOptions): ConformanceReport {
  const probe = new Probe(engine, "checkLegalActionsApply", o);
  return playGames(
    probe,
    (game, { toAct, mayAct }) => {
      const state = game.state;
      const text = JSON.stringify(state);
      const notJson = jsonProblem(state);
      if (notJson !== null) probe.fail(`the state is not plain JSON: ${notJson}`);
      for (let seat = 0; seat < o.players; seat++) {
        const legal = probe.call("legalActions", () => engine.legalActions(state, seat), { seat });
        requireUnchanged(probe, text, state, "legalActions", { seat });
        if (!toAct.includes(seat) && !mayAct.includes(seat)) {
          if (legal.length > 0) {
            probe.fail(
              `the seat is not to act (toAct ${short(toAct)}, mayAct ${short(mayAct)}) but has ${legal.length} legal actions`,
              { seat, action: legal[0] },
            );
          }
          continue;
        }
        for (const action of legal) {
          const detail = { seat, action };
          const malformed = checkActionShape(action, o.players) ?? jsonProblem(action);
          if (malformed !== null) probe.fail(`legalActions listed a malformed action: ${malformed}`, detail);
          if (action.player !== seat)
            probe.fail(`legalActions(state, ${seat}) listed an action of another seat`, detail);
          const reason = probe.call("engine.check", () => engine.check(state, action), detail);
          if (reason !== null)
            probe.fail(`engine.check refused an action legalActions listed: ${short(reason)}`, detail);
          const copy = JSON.parse(requireUnchanged(probe, text, state, "engine.check", detail)) as object;
          probe.call("engine.apply on a copy of the state", () => engine.apply(copy, action), detail);
          probe.checks++;
        }
      }
    },
    (game) => {
      if (game.abandoned) return;
      for (let seat = 0; seat < o.players; seat++) {
        const legal = probe.call("legalActions", () => engine.legalActions(game.state, seat), { seat });
        if (legal.length > 0) probe.fail("the game is over but the seat has legal actions", { seat, action: legal[0] });
      }
    },
  );
}

/**
 * At every decision point, actions built to be illegal — a legal action given to a seat that may not act, an unknown type,
 * a legal action with one field set to garbage — and, once the game is over, actions of the game: each one not among
 * the legal actions must be refused by engine.check with a non-empty reason (without throwing), and Session.apply
 * must throw IllegalActionError leaving the state as it was.
 */
export function checkIllegalActionsRefused(engine: AnyEngine, o: ConformanceOptions): ConformanceReport {
  const probe = new Probe(engine, "checkIllegalActionsRefused", o);
  return playGames(
    probe,
    (game, { toAct, mayAct }) => {
      const legal = new Set<string>();
      const samples: EngineAction[] = [];
      for (let seat = 0; seat < o.players; seat++) {
        const actions = probe.call("legalActions", () => engine.legalActions(game.state, seat), { seat });
        for (const action of actions) legal.add(canonicalJson(action));
        // Two random legal actions of each seat (possibly the same one) to derive illegal ones from.
        for (let k = 0; k < 2 && actions.length > 0; k++) {
          samples.push(actions[randomInt(probe.rng, actions.length)] as EngineAction);
        }
      }
      const idle = Array.from({ length: o.players }, (_, seat) => seat).filter(
        (seat) => !toAct.includes(seat) && !mayAct.includes(seat),
      );
      for (const [label, candidate] of illegalCandidates(samples, idle, probe.rng)) {
        const key = candidateKey(candidate);
        if (legal.has(key)) continue;
        legal.add(key); // so the same candidate is not tried twice
        expectRefused(probe, game, candidate, label);
      }
    },
    (game) => {
      if (game.abandoned) return;
      const log = game.session.log;
      const played = [log[0], log[log.length - 1]].filter((action) => action !== undefined);
      for (const action of [...played, { type: UNKNOWN_TYPE, player: 0 }]) {
        expectRefused(probe, game, action, "an action after the game is over");
      }
    },
  );
}

/**
 * Two independent runs of each game, in lockstep, agree on who acts, the action chosen, the state after every step
 * (canonical JSON) and the outcome.
 */
export function checkDeterminism(engine: AnyEngine, o: ConformanceOptions): ConformanceReport {
  const probe = new Probe(engine, "checkDeterminism", o);
  let decisionPoints = 0;
  const budget = o.maxDecisionPoints ?? Infinity;
  let games = 0;
  for (let i = 0; i < o.games && (i === 0 || decisionPoints < budget); i++) {
    games++;
    const first = probe.newGame(i);
    const second = probe.newGame(i);
    requireSame(probe, first.state, second.state, "two new games with the same options differ (first vs second run)");
    for (;;) {
      const point = first.decisionPoint();
      const otherPoint = second.decisionPoint();
      if (short(point) !== short(otherPoint)) {
        probe.fail(`the two runs disagree on the seats that may act: ${short(point)} vs ${short(otherPoint)}`);
      }
      if (point === null || otherPoint === null) break;
      decisionPoints++;
      const action = first.play(point);
      const otherAction = second.play(otherPoint);
      if (canonicalJson(action) !== canonicalJson(otherAction)) {
        probe.fail(`the same random choice took different actions (so legalActions differ): ${short(otherAction)}`, {
          action,
        });
      }
      requireSame(
        probe,
        first.state,
        second.state,
        "the two runs' states differ after the same action (first vs second)",
        { action },
      );
      probe.checks++;
    }
    const outcomes = [first, second].map((game) => probe.call("outcome", () => engine.outcome(game.state)));
    requireSame(probe, outcomes[0], outcomes[1], "the two runs' outcomes differ (first vs second)");
  }
  return { games, decisionPoints, checks: probe.checks };
}

interface Checkpoint {
  readonly step: number;
  readonly stateText: string;
  readonly saveText: string;
  /** The agents' generator before their choice at this point. */
  readonly rng: RngState;
}

/**
 * At random decision points (two per game): a JSON copy of the state, and the runtime's save restored, each continued
 * by the same random choices, end in the same state as the original game; a save with a flipped checksum digit or
 * cut short is refused with SaveError.
 */
export function checkSaveRestore(engine: AnyEngine, o: ConformanceOptions): ConformanceReport {
  const probe = new Probe(engine, "checkSaveRestore", o);
  let kept: Checkpoint[] = [];
  let seen = 0;
  return playGames(
    probe,
    (game) => {
      // Reservoir sampling: every decision point of the game is equally likely to be kept.
      seen++;
      const slot = kept.length < CHECKPOINTS ? kept.length : randomInt(probe.rng, seen);
      if (slot >= CHECKPOINTS) return;
      kept[slot] = {
        step: probe.step,
        stateText: JSON.stringify(game.state),
        saveText: probe.call("saveToJson", () => saveToJson(game.session)),
        rng: copyRng(game.rng),
      };
    },
    (game) => {
      for (const point of kept) continueFrom(probe, game, point);
      kept = [];
      seen = 0;
    },
  );
}

function continueFrom(probe: Probe, original: RandomGame, point: Checkpoint): void {
  const { engine } = probe;
  const final = original.state;
  const log = original.session.log.slice(0, point.step);

  probe.step = point.step;
  const copy = JSON.parse(point.stateText) as object;
  const fromCopy = new RandomGame(probe, Session.resume(engine, probe.options(), copy, log), copyRng(point.rng));
  fromCopy.finish();
  requireSame(
    probe,
    final,
    fromCopy.state,
    `a JSON copy of the state at step ${point.step}, continued, ends elsewhere (original vs copy)`,
  );

  probe.step = point.step;
  const restored = probe.call("restore of the runtime's own save", () => restore(engine, point.saveText));
  const fromSave = new RandomGame(probe, restored, copyRng(point.rng));
  fromSave.finish();
  requireSame(
    probe,
    final,
    fromSave.state,
    `the save made at step ${point.step}, restored and continued, ends elsewhere (original vs restored)`,
  );

  probe.step = point.step;
  for (const [label, text] of corruptedSaves(point.saveText, probe.rng)) {
    let error: unknown = null;
    try {
      restore(engine, text);
    } catch (caught) {
      error = caught;
    }
    if (error === null) probe.fail(`restore accepted a save with ${label}`);
    if (!(error instanceof SaveError)) {
      probe.fail(`restore of a save with ${label} threw ${describeError(error)} instead of SaveError`, {}, error);
    }
  }
  probe.checks += 4;
}

/** Replaying each game's log (through JSON, as a saved log would be) reaches the game's final state exactly. */
export function checkReplay(engine: AnyEngine, o: ConformanceOptions): ConformanceReport {
  const probe = new Probe(engine, "checkReplay", o);
  return playGames(probe, undefined, (game) => {
    const log = JSON.parse(JSON.stringify(game.session.log)) as unknown[];
    const replayed = probe.call("replay of the game's log", () => replay(engine, probe.options(), log));
    requireSame(
      probe,
      game.state,
      replayed.state,
      `replaying the log (${log.length} actions) ends elsewhere (game vs replay)`,
    );
    probe.checks++;
  });
}

/**
 * At every decision point, for every seat: the view does not change when `scramble` changes (in place, on a JSON copy
 * of the state) what the rules hide from that seat; engine.view does not mutate the state; and the view shares no
 * mutable object with the state. `changedStates` counts the (state, seat) pairs the scramble actually changed, so a
 * test can assert the check was not vacuous.
 */
export function checkViewsHide<S extends object>(
  engine: Engine<S, EngineAction, unknown>,
  o: ConformanceOptions,
  scramble: (state: S, seat: Seat) => void,
): ConformanceReport & { readonly changedStates: number } {
  const probe = new Probe(engine, "checkViewsHide", o);
  let changedStates = 0;
  const report = playGames(probe, (game) => {
    const state = game.state as S;
    const text = JSON.stringify(state);
    const stateObjects = objectsOf(state);
    for (let seat = 0; seat < o.players; seat++) {
      const view = probe.call("view", () => engine.view(state, seat), { seat });
      requireUnchanged(probe, text, state, "engine.view", { seat });
      const shared = sharedObjectPath(view, stateObjects);
      if (shared !== null) probe.fail(`the view shares the object at ${shared} with the state`, { seat });
      const copy = JSON.parse(text) as S;
      probe.call("scramble", () => scramble(copy, seat), { seat });
      // The copy is parsed from the state's own text, so its keys keep their order: plain text comparison suffices.
      if (JSON.stringify(copy) !== text) changedStates++;
      const scrambledView = probe.call("view of the scrambled copy", () => engine.view(copy, seat), { seat });
      if (!sameJson(view, scrambledView)) {
        const leak = firstDifference(view, scrambledView) ?? "?";
        probe.fail(`the view shows what is hidden from the seat (view vs view once that is scrambled): ${leak}`, {
          seat,
        });
      }
      // The same on a state random play does not reach: another seat's secrets (this seat's own among them)
      // scrambled first, so hidden values take values no game gave them. Such a state may hold values the rules
      // cannot show (a card number past the end of its table): a view that stops the game with a RulesError there
      // is no leak, and the state is passed over.
      const fuzzed = JSON.parse(text) as S;
      probe.call("scramble", () => scramble(fuzzed, (seat + 1) % o.players), { seat });
      const fuzzedView = viewOrNothing(engine, fuzzed, seat);
      if (fuzzedView !== NOT_SHOWABLE) {
        const leak = probe.call("view of a fuzzed state", () => leakOf(engine, fuzzed, seat, scramble, fuzzedView));
        if (leak !== null) {
          probe.fail(`on a state no game reaches, the view shows what is hidden from the seat: ${leak}`, { seat });
        }
        probe.checks++;
      }
      probe.checks++;
    }
  });
  return { ...report, changedStates };
}

/**
 * `determinize`, the game a search agent imagines from one seat (for engines that have it): at every decision point,
 * for every seat, it leaves the real state alone, its view for the seat is the real view, its state is a valid one;
 * for the seat to act (as an agent imagines it), it offers the seat the actions of the real game, one of them drawn at
 * random can be played in it, and (once per game, at a decision point drawn at random, instead) random play from it
 * reaches the end as a real game does, and leaves the real game as it was; and the engine's `copy`, when it has one,
 * is the same game, and an action played on it leaves the real one as it was.
 */
export function checkDeterminize(engine: AnyEngine, o: ConformanceOptions): ConformanceReport {
  const probe = new Probe(engine, "checkDeterminize", o);
  const determinize = engine.determinize;
  if (determinize === undefined) return probe.fail("the engine has no determinize");
  const sampled = new Map<number, number>();
  return playGames(probe, (game) => {
    const state = game.state;
    const text = JSON.stringify(state);
    if (!sampled.has(probe.game)) sampled.set(probe.game, randomInt(probe.rng, 8));
    for (let seat = 0; seat < o.players; seat++) {
      const imagined = probe.call("determinize", () => determinize(state, seat, probe.rng), { seat });
      requireUnchanged(probe, text, state, "determinize", { seat });
      const real = probe.call("view", () => engine.view(state, seat), { seat });
      const seen = probe.call("view of the imagined game", () => engine.view(imagined, seat), { seat });
      if (!sameJson(real, seen)) {
        probe.fail(
          `the imagined game shows the seat something else (real vs imagined): ${firstDifference(real, seen) ?? "?"}`,
          {
            seat,
          },
        );
      }
      const invalid = probe.call("validateState", () => engine.validateState(JSON.parse(JSON.stringify(imagined))));
      if (invalid !== null) probe.fail(`the imagined game is not a valid state: ${invalid}`, { seat });
      probe.checks++;
      if (seat !== lowestSeat(game.session.toAct())) continue;
      // What a seat may do follows from what it sees: the same actions, each of which the imagined game can take.
      const legal = probe.call("legalActions", () => engine.legalActions(state, seat), { seat });
      const offered = probe.call("legalActions in the imagined game", () => engine.legalActions(imagined, seat), {
        seat,
      });
      const keys = (actions: readonly EngineAction[]): string[] => actions.map(candidateKey).sort();
      const [realKeys, imaginedKeys] = [keys(legal), keys(offered)];
      if (realKeys.join("\n") !== imaginedKeys.join("\n")) {
        const missing = realKeys.find((k) => !imaginedKeys.includes(k));
        const extra = imaginedKeys.find((k) => !realKeys.includes(k));
        probe.fail(
          "the imagined game offers the seat other actions than the real one: " +
            (missing !== undefined ? `not ${missing}` : `also ${extra ?? "?"}`),
          { seat },
        );
      }
      // Agents imagine the game at their own decisions: once per game, at a decision point drawn at random, random
      // play from the imagined game; at the others, an action of the real game drawn at random, played in it.
      if (probe.step === sampled.get(probe.game)) {
        const agents = createRng(gameSeed(probe.gameSeed, seat));
        probe.call(
          "random play from the imagined game",
          () => playFrom(engine, imagined, probe.maxSteps, randomDecisions(engine, agents)),
          { seat },
        );
      } else if (legal.length > 0) {
        const action = pickOne(probe.rng, legal);
        probe.call("an action of the real game, in the imagined game", () => engine.apply(imagined, action), {
          seat,
          action,
        });
      }
      // The imagined game is a copy: nothing played in it reaches the real one.
      requireUnchanged(probe, text, state, "play in the imagined game", { seat });
      // So is the engine's own copy, which the agents weigh each action on: the same game, apart from the real one.
      if (engine.copy !== undefined && legal.length > 0) {
        const copy = probe.call("copy", () => engine.copy!(state), { seat });
        if (!sameJson(copy, state)) {
          probe.fail(`the copy is another game (real vs copy): ${firstDifference(state, copy) ?? "?"}`, { seat });
        }
        const action = pickOne(probe.rng, legal);
        probe.call("an action, in a copy", () => engine.apply(copy, action), { seat, action });
        requireUnchanged(probe, text, state, "play in a copy", { seat });
      }
      probe.checks++;
    }
  });
}

/**
 * The view check on one state, as a test built it (`given` in a rules test): for every seat, scrambling what the
 * seat may not see leaves its view unchanged. Throws, naming the seat and what shows, when it does not.
 */
export function requireViewsHide<S extends object>(
  engine: Engine<S, EngineAction, unknown>,
  state: S,
  scramble: (state: S, seat: Seat) => void,
): void {
  const players = (state as { playerCount?: number }).playerCount ?? engine.minPlayers;
  for (let seat = 0; seat < players; seat++) {
    const leak = leakOf(engine, state, seat, scramble, engine.view(state, seat));
    if (leak !== null) throw new Error(`seat ${seat}'s view of this state shows what the rules hide from it: ${leak}`);
  }
}

/** Where `view`, the seat's view of `state`, differs from its view of a copy with its secrets scrambled; or null. */
function leakOf<S extends object>(
  engine: Engine<S, EngineAction, unknown>,
  state: S,
  seat: Seat,
  scramble: (state: S, seat: Seat) => void,
  view: unknown,
): string | null {
  const copy = JSON.parse(JSON.stringify(state)) as S;
  scramble(copy, seat);
  const scrambled = engine.view(copy, seat);
  return sameJson(view, scrambled) ? null : (firstDifference(view, scrambled) ?? "?");
}

// ---- helpers ------------------------------------------------------------------------------------------------

const NOT_SHOWABLE = Symbol("not showable");

/** The seat's view of a state no game reached, or NOT_SHOWABLE when the rules cannot show it (a RulesError). */
function viewOrNothing<S extends object>(engine: Engine<S, EngineAction, unknown>, state: S, seat: Seat): unknown {
  try {
    return engine.view(state, seat);
  } catch (error) {
    if (error instanceof RulesError) return NOT_SHOWABLE;
    throw error;
  }
}

/** Null when `values`, the rules' `progress` in some position, are one finite number per seat, else what is wrong. */
export function progressProblem(values: readonly number[], players: number): string | null {
  return Array.isArray(values) && values.length === players && values.every((v) => Number.isFinite(v))
    ? null
    : `progress() is ${short(values)}: not one finite number per seat`;
}

/** Null when `outcome` is a consistent result for `players` seats, else what is wrong. */
function outcomeProblem(outcome: Outcome | null, players: number): string | null {
  if (outcome === null) return "the game is over but outcome() is null";
  const { scores, ranks, winners } = outcome;
  if (!Array.isArray(scores) || scores.length !== players || !scores.every((s) => Number.isFinite(s))) {
    return `outcome().scores must be ${players} finite numbers, got ${short(scores)}`;
  }
  if (!Array.isArray(ranks) || ranks.length !== players || !ranks.every((r) => isSeat(r - 1, players))) {
    return `outcome().ranks must be ${players} integers from 1 to ${players}, got ${short(ranks)}`;
  }
  const consistent = ranks.every((rank) => rank === 1 + ranks.filter((other) => other < rank).length);
  if (!consistent) return `outcome().ranks ${short(ranks)} are not 1 + the number of seats ranked better`;
  const rankedFirst = ranks.flatMap((rank, seat) => (rank === 1 ? [seat] : []));
  if (!Array.isArray(winners) || short([...winners].sort((a, b) => a - b)) !== short(rankedFirst)) {
    return `outcome().winners ${short(winners)} must be exactly the seats ranked 1, ${short(rankedFirst)}`;
  }
  return null;
}

/** Illegal actions derived from legal ones, each with a label saying how. */
function illegalCandidates(
  samples: readonly EngineAction[],
  idle: readonly Seat[],
  rng: RngState,
): [string, EngineAction][] {
  const out: [string, EngineAction][] = [];
  for (const action of samples) {
    if (idle.length > 0) {
      const other = idle[randomInt(rng, idle.length)] as Seat;
      out.push([
        `a legal action of seat ${action.player} given to seat ${other}, who may not act`,
        { ...action, player: other },
      ]);
    }
    out.push(["an action of an unknown type", { ...action, type: UNKNOWN_TYPE }]);
    // Of the kinds of garbage, a few each time: over a game's decisions every kind is tried, at a bounded cost.
    const type = pickOne(rng, INHERITED_NAMES);
    out.push([`an action of type ${type}`, { ...action, type }]);
    for (const key of Object.keys(action)) {
      if (key === "type" || key === "player") continue;
      for (const value of pickSome(rng, GARBAGE, 4))
        out.push([`a legal action with ${key} set to ${short(value)}`, { ...action, [key]: value }]);
      const { [key]: _missing, ...without } = action as unknown as Record<string, unknown>;
      out.push([`a legal action without its ${key}`, without as unknown as EngineAction]);
    }
    // A field the action does not have, as JSON would bring it (`__proto__` an own key, as JSON.parse makes it).
    const extra = pickOne(rng, EXTRA_FIELDS);
    const text = JSON.stringify(action).replace(/^\{/, `{${extra},`);
    out.push([`a legal action with a field it does not have (${extra})`, JSON.parse(text) as EngineAction]);
  }
  return out;
}

function pickOne<T>(rng: RngState, items: readonly T[]): T {
  return items[randomInt(rng, items.length)]!;
}

/** `n` of the items (all of them when there are no more), in their order. */
function pickSome<T>(rng: RngState, items: readonly T[], n: number): T[] {
  const chosen = new Set<number>();
  while (chosen.size < Math.min(n, items.length)) chosen.add(randomInt(rng, items.length));
  return [...chosen].sort((a, b) => a - b).map((i) => items[i]!);
}

/** What tells candidates apart: their canonical JSON, where NaN and infinities (which JSON writes null) are their own. */
function candidateKey(action: EngineAction): string {
  const marked = Object.fromEntries(
    Object.entries(action).map(([k, v]) => [k, typeof v === "number" && !Number.isFinite(v) ? `#${v}` : v]),
  );
  return canonicalJson(marked);
}

/** Fails unless both engine.check and Session.apply refuse `action`, changing nothing. */
function expectRefused(probe: Probe, game: RandomGame, action: EngineAction, label: string): void {
  const { engine } = probe;
  const { session } = game;
  const detail = { seat: action.player, action };
  const before = JSON.stringify(session.state);
  const reason = probe.call(`engine.check on ${label}`, () => engine.check(session.state, action), detail);
  if (reason === null) probe.fail(`engine.check accepted ${label}`, detail);
  if (typeof reason !== "string" || reason.trim() === "") {
    probe.fail(`engine.check refused ${label} without a reason (${short(reason)})`, detail);
  }
  requireUnchanged(probe, before, session.state, `engine.check on ${label}`, detail);
  let error: unknown = null;
  try {
    session.apply(action);
  } catch (caught) {
    error = caught;
  }
  if (error === null) probe.fail(`Session.apply accepted ${label}`, detail);
  if (!(error instanceof IllegalActionError)) {
    probe.fail(`Session.apply threw ${describeError(error)} instead of IllegalActionError`, detail, error);
  }
  requireUnchanged(probe, before, session.state, `Session.apply refusing ${label}`, detail);
  probe.checks++;
}

/** Fails when `state` no longer has the JSON text `before` (up to key order); returns its current JSON text. */
function requireUnchanged(probe: Probe, before: string, state: object, what: string, detail: Detail): string {
  const now = JSON.stringify(state);
  if (now !== before) {
    const old = JSON.parse(before) as unknown;
    if (canonicalJson(old) !== canonicalJson(state)) {
      probe.fail(`${what} changed the state (before vs after): ${firstDifference(old, state) ?? "?"}`, detail);
    }
  }
  return now;
}

/** True when `a` and `b` are the same JSON value (key order aside); tries the fast native stringify first. */
function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b) || canonicalJson(a) === canonicalJson(b);
}

/** Fails when `a` and `b` differ as canonical JSON, naming the first difference. */
function requireSame(probe: Probe, a: unknown, b: unknown, what: string, detail: Detail = {}): void {
  if (!sameJson(a, b)) probe.fail(`${what}: ${firstDifference(a, b) ?? "?"}`, detail);
}

/** Where `a` and `b` first differ as JSON values (e.g. `$.boosts[1]: 2 vs "hidden"`), or null when equal. */
function firstDifference(a: unknown, b: unknown, path = "$"): string | null {
  if (canonicalJson(a) === canonicalJson(b)) return null;
  if (Array.isArray(a) && Array.isArray(b) && a.length === b.length) {
    for (let i = 0; i < a.length; i++) {
      const difference = firstDifference(a[i], b[i], `${path}[${i}]`);
      if (difference !== null) return difference;
    }
  } else if (isPlainObject(a) && isPlainObject(b)) {
    for (const key of [...new Set([...Object.keys(a), ...Object.keys(b)])].sort()) {
      const difference = firstDifference(a[key], b[key], `${path}.${key}`);
      if (difference !== null) return difference;
    }
  }
  return `${path}: ${short(a)} vs ${short(b)}`;
}

/** Null when `value` is plain JSON data (finite numbers, strings, booleans, null, arrays, plain objects), else why. */
function jsonProblem(value: unknown, path = "$", ancestors = new Set<object>()): string | null {
  if (value === null || typeof value === "string" || typeof value === "boolean") return null;
  if (typeof value === "number") return Number.isFinite(value) ? null : `${path} is ${value}`;
  if (typeof value !== "object") return `${path} is ${typeof value}`;
  if (ancestors.has(value)) return `${path} contains itself`;
  const proto: unknown = Object.getPrototypeOf(value);
  if (!Array.isArray(value) && proto !== Object.prototype && proto !== null) {
    return `${path} is ${Object.prototype.toString.call(value)}, not a plain object`;
  }
  ancestors.add(value);
  const entries: [string, unknown][] = Array.isArray(value)
    ? Array.from(value as unknown[], (item, i) => [`${path}[${i}]`, item])
    : Object.entries(value).map(([key, item]) => [`${path}.${key}`, item]);
  for (const [itemPath, item] of entries) {
    const problem = jsonProblem(item, itemPath, ancestors);
    if (problem !== null) return problem;
  }
  ancestors.delete(value);
  return null;
}

/** Every object (and array) in `value`. */
function objectsOf(value: unknown, into = new Set<object>()): Set<object> {
  if (typeof value === "object" && value !== null && !into.has(value)) {
    into.add(value);
    for (const item of Object.values(value)) objectsOf(item, into);
  }
  return into;
}

/** The path in `view` of the first mutable object it shares with the state, or null. Frozen objects may be shared. */
function sharedObjectPath(view: unknown, inState: ReadonlySet<object>): string | null {
  const seen = new Set<object>();
  const find = (value: unknown, path: string): string | null => {
    if (typeof value !== "object" || value === null || seen.has(value)) return null;
    if (inState.has(value) && !Object.isFrozen(value)) return path;
    seen.add(value);
    for (const [key, item] of Object.entries(value)) {
      const found = find(item, Array.isArray(value) ? `${path}[${key}]` : `${path}.${key}`);
      if (found !== null) return found;
    }
    return null;
  };
  return find(view, "$");
}

/** Saves `saveText` made untrustworthy, each with a label. */
function corruptedSaves(saveText: string, rng: RngState): [string, string][] {
  const save = JSON.parse(saveText) as Record<string, unknown>;
  const checksum = String(save.checksum);
  const i = randomInt(rng, checksum.length);
  const flipped = (Number.parseInt(checksum.charAt(i), 16) ^ 1).toString(16);
  const badChecksum = `${checksum.slice(0, i)}${flipped}${checksum.slice(i + 1)}`;
  const options = save.options as Record<string, unknown>;
  const log = save.log as unknown[];
  return [
    [`checksum digit ${i} flipped (${badChecksum})`, JSON.stringify({ ...save, checksum: badChecksum })],
    ["its text cut in half", saveText.slice(0, Math.floor(saveText.length / 2))],
    [
      "another seed in its options",
      JSON.stringify({ ...save, options: { ...options, seed: Number(options.seed) + 1 } }),
    ],
    ...(log.length > 0
      ? ([["its last action left out of the log", JSON.stringify({ ...save, log: log.slice(0, -1) })]] as [
          string,
          string,
        ][])
      : []),
  ];
}

/** Compact JSON of a value for messages, cut at 200 characters. */
function short(value: unknown): string {
  let text: string;
  try {
    text = value === undefined ? "undefined" : canonicalJson(value);
  } catch {
    text = String(value);
  }
  return text.length > 200 ? `${text.slice(0, 197)}...` : text;
}

function describeError(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : short(error);
}
