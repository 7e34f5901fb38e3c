/**
 * Trials: how an engine answers `can pay(p, cost)`, whether some answers to a procedure's decisions play it to its
 * end. The compiler emits a trial version of the procedure (and of those it calls): plain code that runs straight
 * through on the game itself, where each decision asks `trial.answer(n)` which of its `n` answers to take instead of
 * waiting for a player, and each change first notes what it changes (`keep`, `keepEntry`, `keepList`...), so that
 * the run can be undone. `playsToEnd` searches the answers depth first by replaying: the last answer of each
 * decision first; when a run meets a decision with no answer, it is undone and the next one repeats the answers
 * taken up to the latest decision that has an earlier answer left, and takes that one.
 *
 * Undoing rather than copying the game, and replaying rather than keeping a game per decision: a run costs the
 * procedure's own code and a note per change, and most questions are answered by the first run (the last answers
 * pay), or by its dead end when every decision on the way had a single answer (nothing else to try).
 *
 * A dead end is met by returning, not by throwing: `answer` gives -1 and marks the run `stuck`, and the trial
 * function returns at once, as each caller does after the call (a quarter of the questions end so, and unwinding a
 * throw cost several times the run). A trial function that gives a value cannot return without one: it throws
 * (`stop`).
 */
import { GAME_ENDED, RulesError } from "./engine-support.ts";
import { mapDelete, mapSet, type RulesMap } from "./maps.ts";

/** Thrown by `Trial.answer` at a decision with no answer: the run can go no further. */
const DEAD_END: unique symbol = Symbol("a decision with no answer");

// What a note in the journal restores: a record's field or a list's element, a map's entry, a whole list, a whole map.
const FIELD = 0;
const ENTRY = 1;
const LIST = 2;
const MAP = 3;

type Slots = Record<PropertyKey, unknown>;

/** One question's runs: the answers replayed, then the last of each decision; and the changes to undo. */
export class Trial {
  /** Whether this run met a decision with no answer: it goes no further, each trial function returning at once. */
  stuck = false;
  private what = "";
  private limit = 0;
  /** The answers to replay (the first `replays`), by decision with more than one answer, in the order they come. */
  private readonly replayed: number[] = [];
  private replays = 0;
  /** The answers this run took so far, by decision with more than one answer. */
  private readonly taken: number[] = [];
  /** How many decisions with more than one answer this run has met. */
  private depth = 0;
  /** How many decisions this run has met. */
  private steps = 0;
  /** What this run changed, four slots a change: what to restore, where, which slot, the value it had. */
  private readonly journal: unknown[] = [];

  /** A new question: `what` names it and `limit` bounds a run, for a procedure that never ends. */
  ask(what: string, limit: number): void {
    this.what = what;
    this.limit = limit;
    this.replays = 0;
  }

  /**
   * Which of a decision's `count` answers this run takes (by position in the order the decision lists them); -1 for
   * a decision with no answer, where the run is `stuck`.
   */
  answer(count: number): number {
    if (++this.steps > this.limit)
      throw new RulesError(`${this.what} asked more than ${this.limit} decisions without ending`);
    if (count === 0) {
      this.stuck = true;
      return -1;
    }
    if (count === 1) return 0;
    const d = this.depth++;
    const i = d < this.replays ? this.replayed[d]! : count - 1;
    this.taken[d] = i;
    return i;
  }

  /** Ends a stuck run from a trial function that gives a value (one that returns nothing just returns). */
  stop(): never {
    throw DEAD_END;
  }

  /** Before `target[key]` (a record's field, a list's element) changes. */
  keep<T extends object, K extends keyof T>(target: T, key: K): void {
    this.journal.push(FIELD, target, key, target[key]);
  }

  /** Before `map[key]` is set. */
  keepEntry<K extends PropertyKey, V>(map: RulesMap<K, V>, key: K): void {
    this.journal.push(ENTRY, map, key, map[key]);
  }

  /**
   * Before `map[key]` is removed. A map keyed by numbers keeps its keys in order whatever the order they came in; one
   * keyed by names keeps them in the order they came, which putting the entry back would change: it is kept whole.
   */
  keepRemoval<K extends PropertyKey, V>(map: RulesMap<K, V>, key: K): void {
    if (typeof key === "number") this.keepEntry(map, key);
    else
      this.journal.push(
        MAP,
        map,
        undefined,
        Object.keys(map).map((k) => [k, (map as Slots)[k]]),
      );
  }

  /** Before elements are added to or removed from `list`. */
  keepList(list: unknown[]): void {
    this.journal.push(LIST, list, undefined, list.slice());
  }

  /** Starts a run. */
  begin(): void {
    this.stuck = false;
    this.depth = 0;
    this.steps = 0;
  }

  /** Undoes what the run changed, latest first. */
  undo(): void {
    // Taken off the journal as it goes, rather than the array cut short after (a call into V8's runtime).
    const j = this.journal;
    while (j.length > 0) {
      const old = j.pop();
      const key = j.pop() as PropertyKey;
      const target = j.pop() as Slots;
      switch (j.pop()) {
        case FIELD:
          // A list's element noted before a change that failed (an index outside the list) was never there.
          if (old !== undefined || !Array.isArray(target)) target[key] = old;
          break;
        case ENTRY:
          if (old === undefined) mapDelete(target, key);
          else mapSet(target, key, old);
          break;
        case LIST: {
          const list = target as unknown as unknown[];
          const was = old as unknown[];
          for (let i = 0; i < was.length; i++) list[i] = was[i];
          if (list.length !== was.length) list.length = was.length;
          break;
        }
        case MAP:
          for (const k of Object.keys(target)) mapDelete(target, k);
          for (const [k, v] of old as [string, unknown][]) mapSet(target, k, v);
          break;
      }
    }
  }

  /**
   * After a run that met a dead end: sets the next run's answers (those taken, the latest that has an earlier
   * answer taking it). False when every answer has been tried.
   */
  next(): boolean {
    let k = this.depth - 1;
    while (k >= 0 && this.taken[k] === 0) k--;
    if (k < 0) return false;
    for (let d = 0; d <= k; d++) this.replayed[d] = this.taken[d]!;
    this.replayed[k]!--;
    this.replays = k + 1;
    return true;
  }
}

/** Trials not in use: a question asked inside another's run takes its own. */
const idle: Trial[] = [];

/**
 * Whether `play` can run to its end for some answers to its decisions: each run changes the game and is undone, so
 * the game is as it was when this returns (or throws). `what` and `limit` name the question and bound one run, for a
 * procedure that never ends. An `end` of the game met on the way ends the procedure too.
 */
export function playsToEnd(play: (trial: Trial) => void, what: string, limit: number): boolean {
  const trial = idle.pop() ?? new Trial();
  trial.ask(what, limit);
  try {
    for (;;) {
      trial.begin();
      try {
        play(trial);
        if (!trial.stuck) return true;
      } catch (error) {
        if (error === GAME_ENDED) return true;
        if (error !== DEAD_END) throw error;
      } finally {
        trial.undo();
      }
      if (!trial.next()) return false;
    }
  } finally {
    idle.push(trial);
  }
}
