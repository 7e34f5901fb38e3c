/**
 * The tables a simulation report charts, worked out from the summaries of its batches (each with its details, see
 * `GameDetails`): one row per bar, point or band, every row naming its batch's variant and player count so that
 * the charts can set variants side by side.
 */
import { GAME_STAGES, variantLabel, type SimulationSummary } from "@rules/runtime";

/** The columns every row has: which batch it belongs to. */
export interface BatchKey {
  readonly game: string;
  /** The variant, with any params given over it (`base GLORY_TARGET=15`). */
  readonly variant: string;
  readonly players: number;
}

export interface LengthRow extends BatchKey {
  readonly length: number;
  readonly games: number;
}

export interface EndingRow extends BatchKey {
  readonly ending: string;
  readonly games: number;
  readonly share: number;
}

/** A share with its 95% interval. */
export interface Estimate {
  readonly rate: number;
  readonly low: number;
  readonly high: number;
}

export interface SeatRow extends BatchKey, Estimate {
  /** Seats are shown from 1, as players count them. */
  readonly seat: number;
  /** What each seat would win if seats did not matter: 1 / players. */
  readonly fair: number;
}

export interface FirstActorRow extends BatchKey, Estimate {
  readonly fair: number;
}

export interface ScoreRow extends BatchKey {
  readonly seat: number;
  readonly score: number;
  readonly games: number;
}

export interface ActionRow extends BatchKey {
  readonly action: string;
  /** The tenth of the game, 1 to 10. */
  readonly stage: number;
  readonly count: number;
}

export interface ReportData {
  readonly lengths: LengthRow[];
  readonly endings: EndingRow[];
  readonly seats: SeatRow[];
  readonly firstActor: FirstActorRow[];
  readonly scores: ScoreRow[];
  readonly actions: ActionRow[];
}

/** Action types beyond this many (the least taken over all batches) are counted together as "other". */
export const MOST_ACTIONS = 12;
export const OTHER_ACTIONS = "(other)";

/** The report's tables; throws when a summary was made without details. */
export function reportData(summaries: readonly SimulationSummary[]): ReportData {
  const data: ReportData = { lengths: [], endings: [], seats: [], firstActor: [], scores: [], actions: [] };
  const shown = shownActions(summaries);
  for (const s of summaries) {
    const details = s.details;
    if (details === undefined)
      throw new Error(`the ${s.game} summary has no details to report (simulate with --details)`);
    const key: BatchKey = { game: s.game, variant: variantLabel(s), players: s.players };
    for (const [length, games] of Object.entries(details.lengths))
      data.lengths.push({ ...key, length: +length, games });
    for (const [ending, games] of Object.entries(s.endings)) {
      data.endings.push({ ...key, ending, games, share: games / s.games });
    }
    s.winRate.forEach((rate, seat) => {
      data.seats.push({ ...key, seat: seat + 1, fair: 1 / s.players, ...wilson(rate, s.games) });
    });
    const firstWins = details.firstActorWins.reduce((sum, n, k) => sum + n / (k + 1), 0);
    data.firstActor.push({ ...key, fair: 1 / s.players, ...wilson(firstWins / s.games, s.games) });
    details.scores.forEach((scores, seat) => {
      for (const [score, games] of Object.entries(scores)) {
        data.scores.push({ ...key, seat: seat + 1, score: +score, games });
      }
    });
    const byAction = new Map<string, number[]>();
    for (const [type, stages] of Object.entries(details.actions)) {
      const name = shown.has(type) ? type : OTHER_ACTIONS;
      const into = byAction.get(name) ?? new Array<number>(GAME_STAGES).fill(0);
      stages.forEach((n, stage) => (into[stage] = (into[stage] ?? 0) + n));
      byAction.set(name, into);
    }
    for (const [action, stages] of byAction) {
      stages.forEach((count, stage) => data.actions.push({ ...key, action, stage: stage + 1, count }));
    }
  }
  return data;
}

/**
 * The 95% Wilson score interval of a share observed over `n` games: unlike the normal approximation it stays
 * within 0..1 and is sensible for shares near 0 or 1 and for few games.
 */
export function wilson(rate: number, n: number): Estimate {
  const z = 1.959964;
  const centre = (rate + (z * z) / (2 * n)) / (1 + (z * z) / n);
  const half = (z / (1 + (z * z) / n)) * Math.sqrt((rate * (1 - rate)) / n + (z * z) / (4 * n * n));
  return { rate, low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}

/** The MOST_ACTIONS action types taken most often over all the batches (ties by name, for stable output). */
function shownActions(summaries: readonly SimulationSummary[]): Set<string> {
  const totals = new Map<string, number>();
  for (const s of summaries) {
    for (const [type, stages] of Object.entries(s.details?.actions ?? {})) {
      totals.set(type, (totals.get(type) ?? 0) + stages.reduce((a, b) => a + b, 0));
    }
  }
  const ranked = [...totals].sort(([a, x], [b, y]) => y - x || a.localeCompare(b));
  return new Set(ranked.slice(0, MOST_ACTIONS).map(([type]) => type));
}
