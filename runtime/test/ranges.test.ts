import { describe, expect, it } from "vitest";
import { rangeList, readRange } from "../src/index.ts";

describe("ranges", () => {
  it("range(low, high) is every whole number from low to high, empty when high < low", () => {
    expect(rangeList(0, 3)).toEqual([0, 1, 2, 3]);
    expect(rangeList(-2, 0)).toEqual([-2, -1, 0]);
    expect(rangeList(0, -1)).toEqual([]);
  });

  it("a range only read (the list an action's parameter is taken from) is the same list, shared from 0", () => {
    for (const [low, high] of [
      [0, -1],
      [0, 0],
      [0, 12],
      [0, 63],
      [0, 64],
      [0, 200],
      [3, 9],
      [-4, 2],
      [0, -5],
    ] as const) {
      expect(readRange(low, high)).toEqual(rangeList(low, high));
    }
    // Asked at every decision: made once.
    expect(readRange(0, 12)).toBe(readRange(0, 12));
    expect(readRange(0, 500)).not.toBe(readRange(0, 500));
  });
});
