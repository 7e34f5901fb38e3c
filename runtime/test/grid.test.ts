import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  cellAdd,
  cellAdjacent,
  cellAround,
  cellDiagonals,
  cellFrontier,
  readCellFrontier,
  cellInside,
  cellKeyedView,
  cellLine,
  cellOf,
  cellOffset,
  cellNeighbour,
  GRID_DIRECTIONS,
  type GridDirection,
  cellScale,
  cellStep,
  cellSub,
  cellView,
  cellX,
  cellY,
  hexOf,
  isCell,
  type Cell,
  kingDistance,
  manhattan,
  RulesError,
  showCell,
} from "../src/index.ts";

const xy = (cs: readonly number[]): string[] => cs.map((c) => `${cellX(c)},${cellY(c)}`);

describe("stored squares (cells and hexes)", () => {
  it("are one integer each, both ways, distinct, over the whole grid", () => {
    // Within and across the edges of the tables that pair and decode coordinates near the origin (-64 to 63).
    const seen = new Set<number>();
    for (let x = -70; x <= 70; x++) {
      for (let y = -70; y <= 70; y++) {
        const c = cellOf(x, y);
        if (cellX(c) !== x || cellY(c) !== y) expect([cellX(c), cellY(c)]).toEqual([x, y]);
        seen.add(c);
      }
    }
    expect(seen.size).toBe(141 * 141);
    for (const [x, y] of [
      [-8192, -8192],
      [8191, 8191],
      [-8192, 8191],
    ] as const) {
      const c = cellOf(x, y);
      expect(isCell(c) && [cellX(c), cellY(c)].join()).toBe(`${x},${y}`);
    }
  });

  it("are small numbers near the origin, so that a board keyed by them is an array inside the engine", () => {
    // A 7 x 6 board and Predoni's 427 hexes (coordinates within 13 of the origin) stay below a thousand.
    const board = [...Array(7).keys()].flatMap((x) => [...Array(6).keys()].map((y) => cellOf(x, y)));
    expect(Math.max(...board)).toBeLessThan(200);
    expect(hexOf(13, -13)).toBeLessThan(1000);
    expect(hexOf(0, 0)).toBe(0);
  });

  it("refuse coordinates off the grid or not whole", () => {
    expect(() => cellOf(8192, 0)).toThrow(RulesError);
    expect(() => cellOf(0, 0.5)).toThrow(/off the grid/);
    // Each of the four bounds, alone and together: one comparison of the pair checks them all (pairing.ts).
    for (const [x, y] of [
      [-8193, 0],
      [0, -8193],
      [8192, 8191],
      [-8193, -8193],
      [0, Number.NaN],
      [63.5, 0],
      [0, -64.5],
      [Number.POSITIVE_INFINITY, 0],
    ]) {
      expect(() => cellOf(x!, y!)).toThrow(/off the grid/);
    }
    for (const [x, y] of [
      [-8192, -8192],
      [8191, 8191],
      [-8192, 8191],
      [8191, -8192],
    ]) {
      expect([cellX(cellOf(x!, y!)), cellY(cellOf(x!, y!))]).toEqual([x, y]);
    }
    expect(isCell(-1)).toBe(false);
    expect(isCell(4 * 8192 * 8192)).toBe(false);
  });
});

describe("square grids", () => {
  it("add, subtract and scale cells as offsets", () => {
    expect(xy([cellAdd(cellOf(2, -1), cellOf(-3, 4))])).toEqual(["-1,3"]);
    expect(xy([cellSub(cellOf(2, -1), cellOf(-3, 4))])).toEqual(["5,-5"]);
    expect(xy([cellScale(cellOf(1, -1), 3)])).toEqual(["3,-3"]);
  });

  it("have neighbours across sides, at corners and all around, clockwise from up (y grows downwards)", () => {
    const c = cellOf(0, 0);
    expect(xy(cellAdjacent(c))).toEqual(["0,-1", "1,0", "0,1", "-1,0"]);
    expect(xy(cellDiagonals(c))).toEqual(["1,-1", "1,1", "-1,1", "-1,-1"]);
    expect(xy(cellAround(c))).toEqual(["0,-1", "1,-1", "1,0", "1,1", "0,1", "-1,1", "-1,0", "-1,-1"]);
  });

  it("step and draw lines in the eight directions", () => {
    expect(xy([cellStep(cellOf(3, 3), "upRight")])).toEqual(["4,2"]);
    expect(xy([cellStep(cellOf(3, 3), "left", 3)])).toEqual(["0,3"]);
    expect(xy([cellOffset("downLeft")])).toEqual(["-1,1"]);
    expect(xy(cellLine(cellOf(0, 5), "upRight", 3))).toEqual(["1,4", "2,3", "3,2"]);
    expect(cellLine(cellOf(0, 0), "down", 0)).toEqual([]);
    expect(() => cellLine(cellOf(0, 0), "down", -1)).toThrow(RulesError);
    // Each direction by name is the neighbour in its place, clockwise from up; a name that is none is refused.
    expect(GRID_DIRECTIONS.map((d) => cellOffset(d))).toEqual(cellAround(cellOf(0, 0)));
    // One by one, as a loop over the neighbours reads them.
    expect(GRID_DIRECTIONS.map((_, i) => cellNeighbour(cellOf(3, 4), i))).toEqual(cellAround(cellOf(3, 4)));
    expect(() => cellOffset("sideways" as GridDirection)).toThrow("sideways is not a grid direction");
  });

  it("find where a grid of placed cells may grow: free cells across a side, each once, in order", () => {
    const placed = [cellOf(0, 0), cellOf(1, 0)];
    expect(xy(cellFrontier(placed))).toEqual(["0,-1", "0,1", "-1,0", "1,-1", "2,0", "1,1"]);
    expect(cellFrontier([])).toEqual([]);
    // Asked again of the same cells, the same frontier: a list of its own, which the rules may change.
    const again = cellFrontier([cellOf(0, 0), cellOf(1, 0)]);
    again.length = 0;
    expect(xy(cellFrontier([cellOf(0, 0), cellOf(1, 0)]))).toEqual(["0,-1", "0,1", "-1,0", "1,-1", "2,0", "1,1"]);
    // A reader that does not change it (a loop, an `any`) is given the list kept: the same one while the cells are
    // the same, and still whole after other cells are asked.
    const read = readCellFrontier(placed);
    expect(readCellFrontier([cellOf(0, 0), cellOf(1, 0)])).toBe(read);
    expect(xy(readCellFrontier([cellOf(5, 5)]))).toEqual(["5,4", "6,5", "5,6", "4,5"]);
    expect(xy(read)).toEqual(["0,-1", "0,1", "-1,0", "1,-1", "2,0", "1,1"]);
  });

  it("find the same frontier, in the same order, however close or far apart the cells lie", () => {
    // The definition itself, cell by cell: what the scratch grid (cells close together) and the sets (cells spread
    // wider than it) must both give.
    const byDefinition = (cells: Cell[]): Cell[] => {
      const out: Cell[] = [];
      for (const c of cells) for (const n of cellAdjacent(c)) if (!cells.includes(n) && !out.includes(n)) out.push(n);
      return out;
    };
    const coordinate = fc.oneof(fc.integer({ min: -6, max: 6 }), fc.integer({ min: -3000, max: 3000 }));
    fc.assert(
      fc.property(fc.array(fc.tuple(coordinate, coordinate), { maxLength: 30 }), (points) => {
        const cells = points.map(([x, y]) => cellOf(x, y));
        expect(cellFrontier(cells)).toEqual(byDefinition(cells));
        // Asked again, the same: the scratch grid was left empty.
        expect(cellFrontier(cells)).toEqual(byDefinition(cells));
      }),
      { seed: 7, numRuns: 300 },
    );
  });

  it("measure distances through sides and through corners, and bound a grid", () => {
    expect(manhattan(cellOf(0, 0), cellOf(3, -2))).toBe(5);
    expect(kingDistance(cellOf(0, 0), cellOf(3, -2))).toBe(3);
    expect(cellInside(cellOf(6, 5), 7, 6)).toBe(true);
    expect(cellInside(cellOf(7, 0), 7, 6)).toBe(false);
    expect(cellInside(cellOf(0, -1), 7, 6)).toBe(false);
  });

  it("show as coordinates to players and as the rules write them in texts", () => {
    expect(cellView(cellOf(2, -1))).toEqual({ x: 2, y: -1 });
    expect(showCell(cellOf(2, -1))).toBe("cell(2, -1)");
    expect(showCell(null)).toBe("none");
    expect(cellKeyedView({ [cellOf(1, 2)]: "red" }, (v) => v.toUpperCase())).toEqual({ "1,2": "RED" });
  });
});
