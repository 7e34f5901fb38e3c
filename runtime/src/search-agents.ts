/**
 * Players that play well: a greedy one-ply agent on the score, and an information-set Monte Carlo tree search agent.
 *
 * Neither reads what its seat may not see: each plans in a game its seat imagines (`Engine.determinize`: what is
 * hidden from the seat dealt again at random), never in the real state. An engine without `determinize` can only be
 * played by them when it hides nothing; they refuse it otherwise.
 */
import type { Agent } from "./agents.ts";
import type { Engine, EngineAction, Seat } from "./engine.ts";
import { RulesError, clone, unnamed } from "./engine-support.ts";
import { abandonReason } from "./playout.ts";
import { createRng, randomInt, type RngState } from "./random.ts";
import { lowestSeat } from "./seats.ts";

type AnyEngineOf<S extends object, A extends EngineAction> = Engine<S, A, unknown>;

/** An imagined game the rules cannot go on with (a hidden value re-dealt where the real game keeps it apart). */
class BrokenSample extends Error {
  override readonly name = "BrokenSample";
}

/** The game `seat` imagines from `state` (`Engine.determinize`); an engine without one is refused. */
function imagine<S extends object, A extends EngineAction>(
  engine: AnyEngineOf<S, A>,
  state: S,
  seat: Seat,
  rng: RngState,
): S {
  if (engine.determinize === undefined) {
    throw new Error(`${engine.name} has no determinize: a search agent would read what its seat may not see`);
  }
  return engine.determinize(state, seat, rng);
}

/**
 * Each seat's share of the result: 1/k for each of k winners, 0 for the others. A game not over is judged by the
 * rules' `progress` when they say how far a player is (its leaders share), else by the standing (an even share for
 * all when the engine cannot judge an unfinished game).
 */
function rewards<S extends object>(engine: Engine<S, EngineAction, unknown>, game: S): (seat: Seat) => number {
  const over = engine.outcome(game);
  const progress = over === null ? engine.progress?.(game) : undefined;
  const winners =
    progress !== undefined ? leaders(progress) : ((over ?? engine.standing?.(game) ?? null)?.winners ?? []);
  if (winners.length === 0) return () => 0.5;
  const share = 1 / winners.length;
  return (seat) => (winners.includes(seat) ? share : 0);
}

/** The seats whose value is highest. */
function leaders(values: readonly number[]): Seat[] {
  const best = Math.max(...values);
  return values.flatMap((value, seat) => (value === best ? [seat] : []));
}

/**
 * How good a position is for a seat, compared component by component: its share of a win, then its lead in points,
 * then its lead in progress. A game not over has only its lead in progress when the rules say how far a player is
 * (the designer's judgement of the whole position), else its standing (the share of a win if it ended now).
 */
type Value = readonly [won: number, ahead: number, progressing: number];

const LOST: Value = [Number.NEGATIVE_INFINITY, 0, 0];

/** Positive when `a` is better. Two lost actions (-Infinity - -Infinity is NaN) go on to the next component: equal. */
function better(a: Value, b: Value): number {
  return a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
}

/** A seat's lead over the best other seat in `values` (its own value when it plays alone). */
function lead(values: readonly number[], seat: Seat): number {
  const mine = values[seat] ?? 0;
  let others = Number.NEGATIVE_INFINITY;
  for (let s = 0; s < values.length; s++) if (s !== seat) others = Math.max(others, values[s] ?? 0);
  return others === Number.NEGATIVE_INFINITY ? mine : mine - others;
}

export interface GreedyOptions {
  /**
   * How many of its own decisions in a row it looks through (1: the action alone; 2: the action and the best one
   * its seat may take right after it, as a move and then its steps).
   */
  readonly depth?: number;
  /** Imagined games each action is tried in, its value the average (chance and hidden cards weighed). */
  readonly worlds?: number;
}

/**
 * Greedy: tries each legal action in a game its seat imagines and takes the one that leaves its seat best placed (a
 * win first, then its score ahead of the best other score; in a game not over, its progress ahead when the rules
 * say how far a player is), ties broken at random. With a depth, an action is worth the best its seat reaches by the
 * decisions it takes itself right after it (of actions worth as much, the one that leaves it better placed at once
 * is taken); with several worlds, the average over as many imagined games. It never interrupts.
 */
export class GreedyAgent implements Agent {
  readonly rng: RngState;
  private readonly depth: number;
  private readonly worlds: number;

  constructor(seed: number, options: GreedyOptions = {}) {
    this.rng = createRng(seed);
    this.depth = options.depth ?? 1;
    this.worlds = options.worlds ?? 1;
    for (const [what, n] of [
      ["depth", this.depth],
      ["number of worlds", this.worlds],
    ] as const) {
      if (!Number.isInteger(n) || n < 1) throw new RangeError(`a greedy agent needs a positive ${what}, not ${n}`);
    }
  }

  choose<S extends object, A extends EngineAction>(engine: AnyEngineOf<S, A>, state: S, seat: Seat): A {
    const legal = engine.legalActions(state, seat);
    if (legal.length <= 1) return onlyAction(legal, seat);
    // Each action's value summed over the worlds: the best its seat reaches, and where the action itself leaves it.
    const sums = legal.map((): [number, number, number] => [0, 0, 0]);
    const nowSums = legal.map((): [number, number, number] => [0, 0, 0]);
    for (let w = 0; w < this.worlds; w++) {
      const world = imagine(engine, state, seat, this.rng);
      legal.forEach((action, i) => {
        const game = afterAction(engine, world, action);
        const now = game === null ? LOST : this.value(engine, game, seat);
        const value = game === null ? LOST : this.reach(engine, game, seat, this.depth - 1, now);
        for (let k = 0; k < 3; k++) {
          sums[i]![k]! += value[k]!;
          nowSums[i]![k]! += now[k]!;
        }
      });
    }
    // Of actions that reach as far, the one that gets further at once: a step away and back reaches where standing
    // still does, and taking such detours at random, a ship would wander.
    let best: A[] = [];
    let bestValue: Value = LOST;
    let bestNow: Value = LOST;
    legal.forEach((action, i) => {
      const order = better(sums[i]!, bestValue) || better(nowSums[i]!, bestNow);
      if (order > 0 || best.length === 0) {
        bestValue = sums[i]!;
        bestNow = nowSums[i]!;
        best = [action];
      } else if (order === 0) {
        best.push(action);
      }
    });
    return best[randomInt(this.rng, best.length)] ?? onlyAction(legal, seat);
  }

  /** The best value `seat` reaches from `game` (worth `here` itself) by up to `depth` decisions of its own in a row. */
  private reach<S extends object, A extends EngineAction>(
    engine: AnyEngineOf<S, A>,
    game: S,
    seat: Seat,
    depth: number,
    here: Value = this.value(engine, game, seat),
  ): Value {
    let best = here;
    if (depth === 0 || stopped(engine, game) || lowestSeat(engine.toAct(game)) !== seat) return best;
    for (const action of engine.legalActions(game, seat)) {
      const next = afterAction(engine, game, action);
      if (next === null) continue;
      const value = this.reach(engine, next, seat, depth - 1);
      if (better(value, best) > 0) best = value;
    }
    return best;
  }

  private value<S extends object>(engine: Engine<S, EngineAction, unknown>, game: S, seat: Seat): Value {
    const over = engine.outcome(game);
    const progress = over === null ? engine.progress?.(game) : undefined;
    if (progress !== undefined) return [0, 0, lead(progress, seat)];
    const result = over ?? engine.standing?.(game);
    if (result === undefined) return [0, 0, 0];
    const won = result.winners.includes(seat) ? 1 / result.winners.length : 0;
    return [won, lead(result.scores, seat), 0];
  }
}

export interface MctsOptions {
  /** Simulated games per decision. */
  readonly iterations: number;
  /**
   * Random actions after the tree before a simulated game is judged: by each seat's lead in progress when the rules
   * give one, else by its standing (the rules' scoring now); Infinity plays every simulated game to its end.
   */
  readonly rolloutDepth?: number;
  /** The UCB exploration constant (rewards lie in 0..1). */
  readonly exploration?: number;
}

interface TreeNode {
  /** The seat that took the action leading here: the node's rewards are that seat's. */
  readonly actor: Seat;
  visits: number;
  total: number;
  /** How often the node's action was legal when its parent was passed through (information-set MCTS). */
  available: number;
  /**
   * What the node is worth to its seat in a search judged by progress: when that seat decides again right after
   * (into a market, then what to buy or sell), the best worth among those decisions passed through at least
   * `WORTH_VISITS` times, since the seat will take the best; else its mean lead. A mean over every decision under it
   * would sink a market of a dozen trades, only one of which pays, below walking past it. Where chance decides what
   * the seat is asked next (the event of the round: which ship the Sirens lure, or which nation makes a truce), the
   * best answer to each question counts as often as the question came: the best over all of them would credit
   * ending a turn with the luckiest event. Where no chance comes between (the seat is asked the same question after
   * the action each time), it is worth at least where the action leaves it (`hereSum`), as the greedy look-ahead
   * counts it, in a search that judges games where the tree leaves them (`floored`).
   */
  worth: number;
  /**
   * Its seat's lead in progress right after the node's action, summed over the simulated games that went through it
   * (`hereCount` of them; none unless the search is `floored`): what the position is worth before the seat's next
   * decision.
   */
  hereSum: number;
  hereCount: number;
  /** The question the node's action answered: the seat asked and the kinds of actions it was offered. */
  readonly question: string;
  /** How often each question was asked right after this node's action. */
  readonly asked: Map<string, number>;
  readonly children: Map<string, TreeNode>;
}

function node(actor: Seat, question = ""): TreeNode {
  return {
    actor,
    visits: 0,
    total: 0,
    available: 0,
    worth: 0,
    hereSum: 0,
    hereCount: 0,
    question,
    asked: new Map(),
    children: new Map(),
  };
}

/** The question `actor` is asked when offered `legal`: the seat and the kinds of its actions, in their order. */
function questionOf(actor: Seat, legal: readonly EngineAction[]): string {
  let question = String(actor);
  let last = "";
  for (const action of legal) {
    if (action.type !== last) question += " " + action.type;
    last = action.type;
  }
  return question;
}

/**
 * How often a decision must have been passed through before it counts toward its parent's worth: the best of single
 * samples would be the luckiest (a merchant fight that happened to be won). Short Predoni between `mcts:200:0`
 * agents, seeds 7 and 9, 12 games each: ended by a conquest 0 of 24 with the mean, 1 with the best of decisions
 * passed through twice, 7 with three times; four times, seed 9 only: 1 of 12.
 */
const WORTH_VISITS = 3;

/**
 * A node's worth (see `TreeNode`), once its mean or a child's worth has changed: the nodes of a path are updated
 * from its end, so that its children are up to date.
 */
function updateWorth(n: TreeNode): void {
  // The best answer to each question its seat was asked next.
  const best = new Map<string, number>();
  let decidesNext = false;
  for (const child of n.children.values()) {
    if (child.actor !== n.actor) continue;
    decidesNext = true;
    if (child.visits < WORTH_VISITS) continue;
    const known = best.get(child.question);
    if (known === undefined || child.worth > known) best.set(child.question, child.worth);
  }
  let worth: number;
  if (best.size === 0) {
    worth = n.total / n.visits;
  } else {
    let sum = 0;
    let times = 0;
    for (const [question, value] of best) {
      const asked = n.asked.get(question) ?? 1;
      sum += asked * value;
      times += asked;
    }
    worth = sum / times;
  }
  // Its seat asked the same question after it each time: it is worth at least where it leaves the seat. A market
  // entered is worth being in it before the search has found, among a dozen trades, the one delivery that pays (the
  // trades tried at random sank its mean below walking past: traced, a pirate holding a capture in a port he could
  // deliver it in stayed there a dozen rounds without delivering it). Not where chance chose the question (the event
  // after ending a turn): where the action leaves the seat then is before the event has struck.
  if (decidesNext && n.asked.size === 1 && n.hereCount > 0) worth = Math.max(worth, n.hereSum / n.hereCount);
  n.worth = worth;
}

/**
 * An action as a key of the tree: the same parameters give the same key (legal actions list them in one order).
 * Written field by field, a string after its length so that no two keys run together: the search asks it of every
 * legal action at every node it walks through, and JSON took twice as long (Predoni's tree search spent a ninth of
 * its time there).
 */
export function actionKey(action: EngineAction): string {
  let key = "";
  for (const field in action) {
    const v = (action as unknown as Record<string, unknown>)[field];
    key +=
      typeof v === "number"
        ? `${field}=${v},`
        : typeof v === "string"
          ? `${field}:${v.length}:${v},`
          : `${field}=${JSON.stringify(v)},`;
  }
  return key;
}

/**
 * Information-set Monte Carlo tree search (single observer): each iteration imagines the hidden part of the game
 * afresh from its seat's view, walks the tree by UCB among the actions legal in that imagined game, adds one node,
 * plays at random to the end (or `rolloutDepth` actions, then judges the progress or the standing), and credits each
 * node's seat with its share of the result (or its lead in progress: then a decision its seat follows with more
 * of its own is worth the best of them, see `TreeNode.worth`). It takes the action tried most (judged by progress,
 * the one surely worth most, see `secureWorth`) that its seat has not already taken from the same view (see
 * `taken`). It never interrupts.
 */
export class MctsAgent implements Agent {
  readonly rng: RngState;
  private readonly iterations: number;
  private readonly rolloutDepth: number;
  private readonly exploration: number;
  /**
   * Whether the current search judges simulated games by progress (`byProgress`), and the lowest and highest lead
   * it has credited: a node's mean lead is scaled into 0..1 by them for UCB (as MuZero scales its values), since the
   * rules' progress has no fixed range.
   */
  private scaled = false;
  /**
   * Whether the current search judges each simulated game where the tree leaves it (by progress, with no random
   * actions after the tree): then where an action leaves its seat is what the search credits a leaf, and a decision
   * followed by more of its seat's own is worth at least that (see `TreeNode.worth`). After random actions it would
   * be another measure than the node's (their losses left out), and M&M's `mcts:400:4` lost more to random players
   * with it (2 games of 20 against none).
   */
  private floored = false;
  private lowest = Number.POSITIVE_INFINITY;
  private highest = Number.NEGATIVE_INFINITY;
  /** Simulated games abandoned because the imagined game broke a rule the real one keeps (see `determinize`). */
  failedSamples = 0;
  /**
   * How often its seat took each action from each view (view JSON, then the action's key). An action its seat has
   * already taken from the very view it decides in may be going round in a circle (buy a free token, throw it away,
   * buy it again...), which the search cannot tell from progress when the standing does not change: it takes the
   * action tried most that it has not yet taken from here; when it has taken them all, the one taken least often,
   * and among those the one leading to the view seen least often (`seen`). An action leading back to a view seen
   * before is no circle by itself: a view need not show everything that moved on, and leaving a market may look like
   * arriving at it (judging by that, agents sold their weapons rather than leave a port).
   */
  private readonly taken = new Map<string, number>();
  /** What its seat saw at each of its decisions so far (the views, as JSON, with how often). */
  private readonly seen = new Map<string, number>();

  constructor(seed: number, options: MctsOptions) {
    if (!Number.isInteger(options.iterations) || options.iterations < 1) {
      throw new RangeError(`an MCTS agent needs a positive whole number of iterations, not ${options.iterations}`);
    }
    this.rng = createRng(seed);
    this.iterations = options.iterations;
    this.rolloutDepth = options.rolloutDepth ?? Number.POSITIVE_INFINITY;
    this.exploration = options.exploration ?? 0.7;
  }

  choose<S extends object, A extends EngineAction>(engine: AnyEngineOf<S, A>, state: S, seat: Seat): A {
    const legal = engine.legalActions(state, seat);
    if (legal.length <= 1) return onlyAction(legal, seat);
    const root = node(seat);
    this.scaled = this.byProgress(engine);
    this.floored = this.scaled && this.rolloutDepth === 0;
    this.lowest = Number.POSITIVE_INFINITY;
    this.highest = Number.NEGATIVE_INFINITY;
    // The engine's own functions: a rules error in an imagined game is a failed sample, not reported (so its file
    // need not be named), and the look-ahead calls them thousands of times.
    const own = unnamed(engine);
    for (let i = 0; i < this.iterations; i++) {
      const game = imagine(engine, state, seat, this.rng);
      const path: TreeNode[] = [];
      try {
        this.descend(own, game, root, path);
        this.rollout(own, game);
      } catch (error) {
        if (!(error instanceof RulesError || error instanceof BrokenSample)) throw error;
        this.failedSamples++;
        continue;
      }
      const reward = this.scaled ? this.progressLeads(own, game) : rewards(own, game);
      for (const n of path) {
        n.visits++;
        n.total += reward(n.actor);
      }
      // Where the tree left this game is where the last node's action left its seat (see `passThrough`).
      const last = path[path.length - 1];
      if (this.floored && last !== undefined) {
        last.hereSum += reward(last.actor);
        last.hereCount++;
      }
      if (this.scaled) for (let k = path.length - 1; k >= 0; k--) updateWorth(path[k]!);
    }
    const here = JSON.stringify(engine.view(state, seat));
    this.seen.set(here, (this.seen.get(here) ?? 0) + 1);
    // Each action with its key, written once, and the key of its taking from this view.
    const ranked = legal
      .map((action, order) => {
        const key = actionKey(action);
        const child = root.children.get(key);
        const visits = child?.visits ?? 0;
        return { action, taking: here + key, order, visits, secure: this.secureWorth(child) };
      })
      .sort(
        (a, b) => (b.secure > a.secure ? 1 : b.secure < a.secure ? -1 : 0) || b.visits - a.visits || a.order - b.order,
      );
    for (const { action, taking } of ranked) if (!this.taken.has(taking)) return this.take(taking, action);
    const world = imagine(engine, state, seat, this.rng);
    let least: { action: A; taking: string; taken: number; seen: number } | undefined;
    for (const { action, taking } of ranked) {
      const taken = this.taken.get(taking)!;
      const seen = this.timesSeenAfter(engine, world, seat, action);
      if (least === undefined || taken < least.taken || (taken === least.taken && seen < least.seen)) {
        least = { action, taking, taken, seen };
      }
    }
    return this.take(least!.taking, least!.action);
  }

  /**
   * Whether simulated games are judged by the rules' progress: when the rules give it and rollouts are cut short.
   * A rollout of random play to the end of a long game says little (random pirates never conquer a city), where the
   * designer's measure of the way to a win, a few actions on, does.
   */
  private byProgress<S extends object, A extends EngineAction>(engine: AnyEngineOf<S, A>): boolean {
    return engine.progress !== undefined && this.rolloutDepth !== Number.POSITIVE_INFINITY;
  }

  /**
   * Each seat's lead in progress over the best other seat in `game`, over or not (a won game leads by the progress
   * its win brought), noted in the range the search scales by.
   */
  private progressLeads<S extends object, A extends EngineAction>(
    engine: AnyEngineOf<S, A>,
    game: S,
  ): (seat: Seat) => number {
    const progress = engine.progress!(game);
    const leads = progress.map((_, seat) => lead(progress, seat));
    for (const value of leads) this.noteInRange(value);
    return (seat) => leads[seat] ?? 0;
  }

  /** Widens the range the search scales leads by (see `scaled`) to take in `value`. */
  private noteInRange(value: number): void {
    if (value < this.lowest) this.lowest = value;
    if (value > this.highest) this.highest = value;
  }

  /** A node's reward in 0..1: its share of wins, or its worth in progress lead scaled by the search's range. */
  private nodeReward(child: TreeNode): number {
    if (!this.scaled) return child.total / child.visits;
    return this.highest > this.lowest ? (child.worth - this.lowest) / (this.highest - this.lowest) : 0.5;
  }

  /**
   * Judged by progress, what an action tried at least `WORTH_VISITS` times is surely worth: its worth (scaled as UCB
   * scales it) less half the exploration's margin, so that an action found worth much in a few tries ranks below one
   * found worth nearly as much in many ("secure child"); -Infinity for the others, ranked by their visits. Visits
   * alone follow an action's worth late: its worth rises once the search finds its best continuation (the delivery
   * among a market's trades). Its worth alone picked actions on the strength of a few lucky tries: in Merchants &
   * Marauders `mcts:100:8` won 61% of 40 games against `greedy:2:2` (71% by visits, 73% so).
   */
  private secureWorth(child: TreeNode | undefined): number {
    if (!this.scaled || child === undefined || child.visits < WORTH_VISITS) return Number.NEGATIVE_INFINITY;
    const margin = (this.exploration / 2) * Math.sqrt(Math.log(this.iterations) / child.visits);
    return this.nodeReward(child) - margin;
  }

  /** `action`, counted as taken (`taking`: the view it is taken from, then its key). */
  private take<A extends EngineAction>(taking: string, action: A): A {
    this.taken.set(taking, (this.taken.get(taking) ?? 0) + 1);
    return action;
  }

  /**
   * How often `seat` has already decided in the position `action` leads to (seen through its own view): 0 for a new
   * one, or when the imagined game cannot take the action.
   */
  private timesSeenAfter<S extends object, A extends EngineAction>(
    engine: AnyEngineOf<S, A>,
    world: S,
    seat: Seat,
    action: A,
  ): number {
    const game = afterAction(engine, world, action);
    return game === null ? 0 : (this.seen.get(JSON.stringify(engine.view(game, seat))) ?? 0);
  }

  /** Selection and expansion: follows UCB through known actions and stops after adding the first new one. */
  private descend<S extends object, A extends EngineAction>(
    engine: AnyEngineOf<S, A>,
    game: S,
    root: TreeNode,
    path: TreeNode[],
  ): void {
    let current = root;
    while (!stopped(engine, game)) {
      const actor = lowestSeat(engine.toAct(game));
      if (actor === undefined) return;
      const legal = engine.legalActions(game, actor);
      // What its seat was asked after `current`, for the worth of a search judged by progress (see `TreeNode`).
      const question = this.scaled ? questionOf(actor, legal) : "";
      if (this.scaled) current.asked.set(question, (current.asked.get(question) ?? 0) + 1);
      // The untried actions with their keys, each written once: the one drawn is stored under it.
      const untried: A[] = [];
      const untriedKeys: string[] = [];
      let chosen: { action: A; child: TreeNode } | undefined;
      let bestValue = Number.NEGATIVE_INFINITY;
      for (const action of legal) {
        const key = actionKey(action);
        const child = current.children.get(key);
        if (child === undefined) {
          untried.push(action);
          untriedKeys.push(key);
          continue;
        }
        child.available++;
        const value =
          child.visits === 0
            ? Number.POSITIVE_INFINITY
            : this.nodeReward(child) + this.exploration * Math.sqrt(Math.log(child.available) / child.visits);
        if (value > bestValue) {
          bestValue = value;
          chosen = { action, child };
        }
      }
      if (untried.length > 0) {
        const drawn = randomInt(this.rng, untried.length);
        const action = untried[drawn]!;
        const child = node(actor, question);
        current.children.set(untriedKeys[drawn]!, child);
        this.passThrough(engine, game, root, current);
        engine.apply(game, action);
        path.push(child);
        return;
      }
      if (chosen === undefined) return;
      this.passThrough(engine, game, root, current);
      engine.apply(game, chosen.action);
      path.push(chosen.child);
      current = chosen.child;
    }
  }

  /**
   * In a search judged where the tree leaves games, notes where the action of `n`, a node the walk goes on from, left
   * its seat (`game` as that action left it). The last node of a walk is noted from the simulated game's reward, the
   * same lead of the same game (see `choose`).
   */
  private passThrough<S extends object, A extends EngineAction>(
    engine: AnyEngineOf<S, A>,
    game: S,
    root: TreeNode,
    n: TreeNode,
  ): void {
    if (!this.floored || n === root) return;
    const value = lead(engine.progress!(game), n.actor);
    this.noteInRange(value);
    n.hereSum += value;
    n.hereCount++;
  }

  /** Random play from `game` to its end, or for `rolloutDepth` actions. */
  private rollout<S extends object, A extends EngineAction>(engine: AnyEngineOf<S, A>, game: S): void {
    for (let steps = 0; steps < this.rolloutDepth && !stopped(engine, game); steps++) {
      const actor = lowestSeat(engine.toAct(game));
      if (actor === undefined) return;
      const legal = engine.legalActions(game, actor);
      if (legal.length === 0) throw new BrokenSample(`seat ${actor} must act but has no legal action`);
      engine.apply(game, legal[randomInt(this.rng, legal.length)]!);
    }
  }
}

/** Whether look-ahead ends in `game`: the game is over, or machine players would give it up (`abandon`). */
function stopped<S extends object, A extends EngineAction>(engine: AnyEngineOf<S, A>, game: S): boolean {
  return engine.isOver(game) || abandonReason(engine, game) !== null;
}

/** A copy of `game` after `action`, or null when the rules cannot take it there (an imagined game gone wrong). */
function afterAction<S extends object, A extends EngineAction>(
  engine: AnyEngineOf<S, A>,
  game: S,
  action: A,
): S | null {
  const after = engine.copy?.(game) ?? clone(game);
  try {
    engine.apply(after, action);
    return after;
  } catch (error) {
    if (error instanceof RulesError) return null;
    throw error;
  }
}

function onlyAction<A>(legal: readonly A[], seat: Seat): A {
  const [action] = legal;
  if (action === undefined) throw new Error(`seat ${seat} must act but has no legal action (engine bug)`);
  return action;
}
