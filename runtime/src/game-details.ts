/**
 * What a simulation's report shows beyond its summary (`simulate --report`): how long games last and what seats
 * score, game by game, which actions are taken at which stage of a game, and how the seat that acted first fares.
 *
 * Counts only, keyed by value, so details of ranges of games merge exactly (workers, shards), like tallies.
 */
import type { EngineAction, Outcome, Seat } from "./engine.ts";

/** The stages of a game the action counts are split into: tenths of its length. */
export const GAME_STAGES = 10;

export interface GameDetails {
  /** Games per length in actions (`lengths["48"]`: games of 48 actions). */
  readonly lengths: Readonly<Record<string, number>>;
  /** Per seat, games per final score (`scores[0]["7"]`: games seat 0 ended with 7). */
  readonly scores: readonly Readonly<Record<string, number>>[];
  /**
   * Per action type (a choice counts under its name), the actions taken in each stage of their game: `actions.Move[0]`
   * counts the moves among the first tenth of each game's actions.
   */
  readonly actions: Readonly<Record<string, readonly number[]>>;
  /**
   * The wins of the seat that took each game's first action, as `BatchTally.wins` counts a seat's: `firstActorWins[k -
   * 1]` is the games it won together with k - 1 others.
   */
  readonly firstActorWins: readonly number[];
}

/** Collects the details of games one after the other: `action` for each action of a game, then `gameOver`. */
export class DetailsRecorder {
  private readonly lengths: Record<string, number> = {};
  private readonly scores: Record<string, number>[];
  private readonly actions: Record<string, number[]> = {};
  private readonly firstActorWins: number[];
  /** The current game's action types, in order. */
  private game: string[] = [];
  private firstActor: Seat | undefined;

  constructor(players: number) {
    this.scores = Array.from({ length: players }, () => ({}));
    this.firstActorWins = new Array<number>(players).fill(0);
  }

  readonly action = (action: EngineAction, step: number): void => {
    if (step === 0) {
      this.game = [];
      this.firstActor = action.player;
    }
    this.game.push(action.type);
  };

  gameOver(steps: number, outcome: Outcome): void {
    count(this.lengths, String(steps));
    outcome.scores.forEach((score, seat) => {
      const scores = this.scores[seat];
      if (scores !== undefined) count(scores, String(score));
    });
    this.game.forEach((type, step) => {
      const stages = (this.actions[type] ??= new Array<number>(GAME_STAGES).fill(0));
      const stage = Math.floor((step * GAME_STAGES) / steps);
      stages[stage] = (stages[stage] ?? 0) + 1;
    });
    if (this.firstActor !== undefined && outcome.winners.includes(this.firstActor)) {
      const k = outcome.winners.length - 1;
      this.firstActorWins[k] = (this.firstActorWins[k] ?? 0) + 1;
    }
    this.game = [];
    this.firstActor = undefined;
  }

  details(): GameDetails {
    return {
      lengths: this.lengths,
      scores: this.scores,
      actions: this.actions,
      firstActorWins: this.firstActorWins,
    };
  }
}

/** The details of two ranges of games of the same batch as one. */
export function mergeDetails(a: GameDetails, b: GameDetails): GameDetails {
  const actions: Record<string, number[]> = {};
  for (const source of [a.actions, b.actions]) {
    for (const [type, stages] of Object.entries(source)) {
      const into = (actions[type] ??= new Array<number>(GAME_STAGES).fill(0));
      stages.forEach((n, stage) => (into[stage] = (into[stage] ?? 0) + n));
    }
  }
  return {
    lengths: addCounts(a.lengths, b.lengths),
    scores: a.scores.map((scores, seat) => addCounts(scores, b.scores[seat] ?? {})),
    actions,
    firstActorWins: a.firstActorWins.map((n, k) => n + (b.firstActorWins[k] ?? 0)),
  };
}

function count(counts: Record<string, number>, key: string): void {
  counts[key] = (counts[key] ?? 0) + 1;
}

function addCounts(a: Readonly<Record<string, number>>, b: Readonly<Record<string, number>>): Record<string, number> {
  const sum: Record<string, number> = { ...a };
  for (const [key, n] of Object.entries(b)) sum[key] = (sum[key] ?? 0) + n;
  return sum;
}
