import { describe, expect, it } from "vitest";
import { atLeast, inRange, rangeList, readRange, wholeNumber } from "../src/index.ts";

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

describe("numbers stored in the game", () => {
  const stops = (f: () => number): string => {
    try {
      f();
    } catch (error) {
      return (error as Error).message;
    }
    return "kept";
  };

  it("a plain int keeps whole numbers up to 2^53 - 1 either way; past it, infinite or not a number, the game stops", () => {
    const largest = Number.MAX_SAFE_INTEGER;
    expect(wholeNumber(largest, 3, 1)).toBe(largest);
    expect(wholeNumber(-largest, 3, 1)).toBe(-largest);
    for (const past of [largest + 1, -largest - 1, Infinity, -Infinity, NaN]) {
      expect(stops(() => wholeNumber(past, 3, 1))).toMatch(/^.*past the whole numbers the engine keeps exactly/);
    }
  });

  it("a range with an open side stops there too; every range stops at a number that is not one", () => {
    expect(stops(() => atLeast(Infinity, 0, 3, 1))).toMatch(/past the whole numbers/);
    expect(stops(() => atLeast(NaN, 0, 3, 1))).toBe(
      "rules line 3:1: NaN is below 0, the least the place is declared with (0..)",
    );
    expect(stops(() => inRange(Infinity, -3, undefined, 3, 1))).toMatch(/past the whole numbers/);
    expect(stops(() => inRange(-Infinity, undefined, 5, 3, 1))).toMatch(/past the whole numbers/);
    expect(stops(() => inRange(NaN, 1, 6, 3, 1))).toBe(
      "rules line 3:1: NaN is outside the range 1..6 the place is declared with",
    );
    expect(inRange(6, 1, 6, 3, 1)).toBe(6);
    expect(atLeast(1e15, 0, 3, 1)).toBe(1e15);
  });
});
