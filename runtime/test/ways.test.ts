import { describe, expect, it } from "vitest";
import {
  CELL_WAYS,
  HEX_WAYS,
  RulesError,
  cellOf,
  cellX,
  cellY,
  hexOf,
  hexQ,
  hexR,
  waysReachable,
  waysRoute,
  type Way,
  type WayRules,
} from "../src/index.ts";

const xy = (cs: readonly number[] | null): string[] | null => cs && cs.map((c) => `${cellX(c)},${cellY(c)}`);
const qr = (hs: readonly number[]): string[] => hs.map((h) => `${hexQ(h)},${hexR(h)}`);
const open: WayRules = { cost: () => 1, enter: () => true, stop: () => false };
/** A way from `start` within `within`, by `rules`. */
const way = (start: number, within: number, rules: WayRules): Way => ({ ...rules, start, within });
const walls = (...cells: number[]): WayRules => ({ ...open, enter: (c) => !cells.includes(c) });

describe("reachable: the squares a way within the budget ends on", () => {
  it("on an open square grid, the cells within the budget through sides, cheapest first, each ring up, right, down, left", () => {
    const reached = waysReachable(CELL_WAYS, way(cellOf(0, 0), 2, open), 1, 1);
    expect(reached).toHaveLength(12);
    expect(xy(reached.slice(0, 4))).toEqual(["0,-1", "1,0", "0,1", "-1,0"]);
    expect(xy(reached.slice(4))).toEqual(["0,-2", "1,-1", "-1,-1", "2,0", "1,1", "0,2", "-1,1", "-2,0"]);
  });

  it("a hex's six neighbours come clockwise from the north; the start is never among the squares", () => {
    expect(qr(waysReachable(HEX_WAYS, way(hexOf(0, 0), 1, open), 1, 1))).toEqual([
      "0,-1",
      "1,-1",
      "1,0",
      "0,1",
      "-1,1",
      "-1,0",
    ]);
  });

  it("a square a way may not enter is passed round, and what lies beyond it costs the way round", () => {
    // A wall at (1, 0): (2, 0) is 2 steps away in a straight line, 4 round the wall.
    const rules = walls(cellOf(1, 0));
    expect(xy(waysReachable(CELL_WAYS, way(cellOf(0, 0), 3, rules), 1, 1))).not.toContain("2,0");
    expect(xy(waysReachable(CELL_WAYS, way(cellOf(0, 0), 4, rules), 1, 1))).toContain("2,0");
  });

  it("a square where a way must stop is reached, and no way goes on from it", () => {
    const rules: WayRules = { ...open, stop: (c) => c === cellOf(1, 0) };
    const reached = xy(waysReachable(CELL_WAYS, way(cellOf(0, 0), 2, rules), 1, 1));
    expect(reached).toContain("1,0");
    // (2, 0) lies only beyond the stop within 2 steps.
    expect(reached).not.toContain("2,0");
  });

  it("asks each square's rules once, however many ways reach it", () => {
    const asked = new Map<string, number>();
    const note = (rule: string, c: number): void => {
      const key = `${rule} ${c}`;
      asked.set(key, (asked.get(key) ?? 0) + 1);
    };
    const rules: WayRules = {
      cost: (c) => (note("cost", c), 1),
      enter: (c) => (note("enter", c), true),
      stop: (c) => (note("stop", c), false),
    };
    waysReachable(CELL_WAYS, way(cellOf(0, 0), 3, rules), 1, 1);
    expect(asked.size).toBeGreaterThan(50);
    expect(Math.max(...asked.values())).toBe(1);
  });

  it("a way's rule may itself ask for ways: each search keeps its own squares", () => {
    // A cell may be entered when a way of 1 from it reaches its 4 neighbours: not next to the wall at (1, 0).
    const wall = walls(cellOf(1, 0));
    const rules: WayRules = { ...open, enter: (c) => waysReachable(CELL_WAYS, way(c, 1, wall), 1, 1).length === 4 };
    expect(xy(waysReachable(CELL_WAYS, way(cellOf(0, 0), 2, rules), 1, 1))).toEqual([
      "0,-1",
      "1,0",
      "0,1",
      "-1,0",
      "0,-2",
      "-1,-1",
      "0,2",
      "-1,1",
      "-2,0",
    ]);
  });

  it("squares far from the origin are searched like near ones", () => {
    const far = cellOf(5000, -5000);
    expect(waysReachable(CELL_WAYS, way(far, 2, open), 1, 1)).toHaveLength(12);
    expect(xy(waysRoute(CELL_WAYS, way(far, 2, open), cellOf(5002, -5000), 1, 1))).toEqual([
      "5001,-5000",
      "5002,-5000",
    ]);
  });

  // A million squares are searched before the limit stops it (1.3 s alone; see the suite's timeout).
  it("a way that would search an unbounded grid without end stops the game, naming the call", () => {
    expect(() => waysReachable(CELL_WAYS, way(cellOf(0, 0), 1000, open), 4, 2)).toThrow(
      "rules line 4:2: a way reached more than 1,048,576 squares: bound it with `enter` or a smaller `within`",
    );
  });

  it("a cost below 1 or not whole stops the game naming the rules' call and the square", () => {
    const free: WayRules = { ...open, cost: (c) => (c === cellOf(0, -1) ? 0 : 1) };
    expect(() => waysReachable(CELL_WAYS, way(cellOf(0, 0), 2, free), 12, 7)).toThrow(RulesError);
    expect(() => waysReachable(CELL_WAYS, way(cellOf(0, 0), 2, free), 12, 7)).toThrow(
      "rules line 12:7: entering cell(0, -1) costs 0: a way's cost must be a whole number of at least 1",
    );
  });
});

describe("a king's way on a square grid (`corners: true`)", () => {
  it("goes through a cell's sides and corners, clockwise from up", () => {
    const king: Way = { ...way(cellOf(0, 0), 1, open), corners: true };
    expect(xy(waysReachable(CELL_WAYS, king, 1, 1))).toEqual([
      "0,-1",
      "1,-1",
      "1,0",
      "1,1",
      "0,1",
      "-1,1",
      "-1,0",
      "-1,-1",
    ]);
    // Two steps across the corners; through the sides alone the same cell costs four.
    expect(xy(waysRoute(CELL_WAYS, { ...way(cellOf(0, 0), 2, open), corners: true }, cellOf(2, 2), 1, 1))).toEqual([
      "1,1",
      "2,2",
    ]);
    expect(waysRoute(CELL_WAYS, way(cellOf(0, 0), 2, open), cellOf(2, 2), 1, 1)).toBeNull();
  });
});

describe("route: the cheapest way to a square", () => {
  it("gives the squares entered, in order, the target last", () => {
    expect(xy(waysRoute(CELL_WAYS, way(cellOf(0, 0), 5, open), cellOf(2, 0), 1, 1))).toEqual(["1,0", "2,0"]);
  });

  it("goes round what it may not enter, the first way found among equally cheap ones", () => {
    // Round the wall at (1, 0): up first (the first direction tried), then right, right, down.
    expect(xy(waysRoute(CELL_WAYS, way(cellOf(0, 0), 4, walls(cellOf(1, 0))), cellOf(2, 0), 1, 1))).toEqual([
      "0,-1",
      "1,-1",
      "2,-1",
      "2,0",
    ]);
  });

  it("takes a longer way when it costs less", () => {
    // (1, 0) costs 5: the way round it (4 squares of 1) is cheaper.
    const rules: WayRules = { ...open, cost: (c) => (c === cellOf(1, 0) ? 5 : 1) };
    expect(xy(waysRoute(CELL_WAYS, way(cellOf(0, 0), 10, rules), cellOf(2, 0), 1, 1))).toHaveLength(4);
  });

  it("is none when no way within the budget gets there, and empty to the start itself", () => {
    expect(waysRoute(CELL_WAYS, way(cellOf(0, 0), 2, open), cellOf(3, 0), 1, 1)).toBeNull();
    const enclosed = walls(cellOf(0, -1), cellOf(1, 0), cellOf(0, 1), cellOf(-1, 0));
    expect(waysRoute(CELL_WAYS, way(cellOf(0, 0), 99, enclosed), cellOf(2, 0), 1, 1)).toBeNull();
    expect(waysRoute(CELL_WAYS, way(cellOf(0, 0), 0, open), cellOf(0, 0), 1, 1)).toEqual([]);
  });

  it("may end on a square where ways stop, but not pass through one", () => {
    const rules: WayRules = { ...open, stop: (c) => c === cellOf(1, 0) };
    expect(xy(waysRoute(CELL_WAYS, way(cellOf(0, 0), 1, rules), cellOf(1, 0), 1, 1))).toEqual(["1,0"]);
    expect(xy(waysRoute(CELL_WAYS, way(cellOf(0, 0), 2, rules), cellOf(2, 0), 1, 1))).toBeNull();
  });
});
