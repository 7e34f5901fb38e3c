/**
 * How `simulate --workers` cuts each batch of games into ranges, handed to whichever thread asks next: one game
 * first, then as many as take about `rangeMs` at the pace of the batch's last range `played` (the caller reports the
 * ranges whose time it trusts), at most `largest`. Long games (a search agent's, seconds each) go one at a time, so
 * that 20 of them are shared by the threads; short ones in ranges large enough to keep messages few, small enough
 * for the threads to share a batch evenly.
 */

/** A range of one batch's games, played by one thread. */
export interface GameRange {
  readonly batch: number;
  readonly from: number;
  readonly count: number;
}

export class GameRanges {
  private readonly cut: number[];
  private readonly paceMs: (number | undefined)[];
  private current = 0;

  constructor(
    batches: number,
    private readonly games: number,
    private readonly largest: number,
    private readonly rangeMs: number,
  ) {
    this.cut = Array.from({ length: batches }, () => 0);
    this.paceMs = Array.from({ length: batches }, () => undefined);
  }

  /** The next range to play, in the order of the batches and their games; undefined once all are given out. */
  next(): GameRange | undefined {
    while (this.current < this.cut.length && this.cut[this.current]! >= this.games) this.current++;
    if (this.current >= this.cut.length) return undefined;
    const pace = this.paceMs[this.current];
    const size = pace === undefined ? 1 : Math.min(this.largest, Math.max(1, Math.round(this.rangeMs / pace)));
    const from = this.cut[this.current]!;
    const count = Math.min(size, this.games - from);
    this.cut[this.current] = from + count;
    return { batch: this.current, from, count };
  }

  /**
   * Whether the next range is one game that takes longer than a range should: a thread should then hold no range
   * beyond the one it plays, or at the end one thread plays the games another holds while the other waits.
   */
  slow(): boolean {
    const pace = this.paceMs[this.current];
    return pace !== undefined && pace > this.rangeMs;
  }

  /** A range played in `ms`: the batch's pace for the ranges cut after it. */
  played(range: GameRange, ms: number): void {
    this.paceMs[range.batch] = ms / range.count;
  }
}
