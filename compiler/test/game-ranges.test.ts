import { describe, expect, it } from "vitest";
import { GameRanges, type GameRange } from "../src/cli/game-ranges.ts";

/** Every range of the batches, each played at `msPerGame` of its batch, in the order the ranges are asked for. */
function cutAll(ranges: GameRanges, msPerGame: readonly number[]): GameRange[] {
  const out: GameRange[] = [];
  for (let range = ranges.next(); range !== undefined; range = ranges.next()) {
    out.push(range);
    ranges.played(range, msPerGame[range.batch]! * range.count);
  }
  return out;
}

describe("simulate --workers: the ranges of games the threads ask for", () => {
  it("hands out long games one at a time, so that a few games of a search agent are shared by the threads", () => {
    // 20 games of 30 s each, ranges of about 50 ms: one game a range.
    const ranges = cutAll(new GameRanges(1, 20, 20, 50), [30_000]);
    expect(ranges.map((r) => r.count)).toEqual(Array<number>(20).fill(1));
  });

  it("says when the next range is one slow game, which no thread should hold ahead of the one it plays", () => {
    const slow = new GameRanges(1, 20, 20, 50);
    expect(slow.slow()).toBe(false);
    slow.played(slow.next()!, 30_000);
    expect(slow.slow()).toBe(true);
    const quick = new GameRanges(1, 20, 20, 50);
    quick.played(quick.next()!, 0.5);
    expect(quick.slow()).toBe(false);
  });

  it("after one game, cuts short games into ranges of about the time asked for, at most the largest", () => {
    // 0.5 ms a game: 100 games make 50 ms; 0.01 ms a game: 5,000 would, more than the largest (300).
    expect(cutAll(new GameRanges(1, 1_000, 300, 50), [0.5]).map((r) => r.count)).toEqual([
      1,
      ...Array<number>(9).fill(100),
      99,
    ]);
    expect(cutAll(new GameRanges(1, 1_000, 300, 50), [0.01]).map((r) => r.count)).toEqual([1, 300, 300, 300, 99]);
  });

  it("covers every game of every batch once, in order, each batch starting at its own pace", () => {
    const ranges = cutAll(new GameRanges(2, 7, 20, 50), [30_000, 10]);
    expect(ranges).toEqual([
      ...Array.from({ length: 7 }, (_, from) => ({ batch: 0, from, count: 1 })),
      { batch: 1, from: 0, count: 1 },
      { batch: 1, from: 1, count: 5 },
      { batch: 1, from: 6, count: 1 },
    ]);
  });
});
