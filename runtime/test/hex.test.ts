import { describe, expect, it } from "vitest";
import {
  hexAdd,
  hexDirection,
  hexNeighbour,
  HEX_DIRECTIONS,
  type HexDirection,
  hexDisc,
  hexDistance,
  hexNeighbours,
  hexOf,
  hexQ,
  hexR,
  hexRing,
  hexRotate,
  hexScale,
  hexStep,
  hexSub,
  hexText,
  hexView,
  isHex,
  RulesError,
} from "../src/index.ts";

const text = (hs: number[]): string[] => hs.map(hexText);

describe("hex squares", () => {
  it("pack two coordinates into one integer, both ways, over the whole grid", () => {
    for (const [q, r] of [
      [0, 0],
      [3, -2],
      [-8192, 8191],
      [8191, -8192],
    ] as const) {
      const h = hexOf(q, r);
      expect(Number.isInteger(h) && isHex(h)).toBe(true);
      expect([hexQ(h), hexR(h)]).toEqual([q, r]);
    }
    expect(hexOf(1, 2)).toBe(hexOf(1, 2));
    expect(hexOf(1, 2)).not.toBe(hexOf(2, 1));
  });

  it("refuse coordinates off the grid or not whole", () => {
    expect(() => hexOf(8192, 0)).toThrow(RulesError);
    expect(() => hexOf(0, 0.5)).toThrow(/off the grid/);
    expect(isHex(-1)).toBe(false);
    expect(isHex("(0, 0)")).toBe(false);
  });

  it("add, subtract and scale as offsets", () => {
    expect(hexText(hexAdd(hexOf(2, -1), hexOf(-3, 4)))).toBe("(-1, 3)");
    expect(hexText(hexSub(hexOf(2, -1), hexOf(-3, 4)))).toBe("(5, -5)");
    expect(hexText(hexScale(hexOf(1, -1), 4))).toBe("(4, -4)");
  });

  it("measure distance in steps, every square counting (cube distance)", () => {
    expect(hexDistance(hexOf(0, 0), hexOf(0, 0))).toBe(0);
    expect(hexDistance(hexOf(0, 0), hexOf(2, -1))).toBe(2);
    expect(hexDistance(hexOf(0, 0), hexOf(2, 1))).toBe(3);
    expect(hexDistance(hexOf(-2, 3), hexOf(1, -1))).toBe(4);
  });

  it("step in the six directions of a flat-topped grid, clockwise from north", () => {
    expect(text(hexNeighbours(hexOf(0, 0)))).toEqual(["(0, -1)", "(1, -1)", "(1, 0)", "(0, 1)", "(-1, 1)", "(-1, 0)"]);
    expect(hexText(hexStep(hexOf(1, 1), "south"))).toBe("(1, 2)");
    expect(hexText(hexStep(hexOf(1, 1), "northwest", 3))).toBe("(-2, 1)");
    expect(hexText(hexDirection("southeast"))).toBe("(1, 0)");
    // Each direction by name is the neighbour in its place; a name that is none is refused.
    expect(HEX_DIRECTIONS.map((d) => hexDirection(d))).toEqual(hexNeighbours(hexOf(0, 0)));
    expect(HEX_DIRECTIONS.map((_, i) => hexNeighbour(hexOf(2, -1), i))).toEqual(hexNeighbours(hexOf(2, -1)));
    expect(() => hexDirection("up" as HexDirection)).toThrow("up is not a direction");
  });

  it("list rings from the square straight north, clockwise, and discs ring by ring", () => {
    expect(text(hexRing(hexOf(0, 0), 0))).toEqual(["(0, 0)"]);
    expect(text(hexRing(hexOf(0, 0), 2))).toEqual([
      "(0, -2)",
      "(1, -2)",
      "(2, -2)",
      "(2, -1)",
      "(2, 0)",
      "(1, 1)",
      "(0, 2)",
      "(-1, 2)",
      "(-2, 2)",
      "(-2, 1)",
      "(-2, 0)",
      "(-1, -1)",
    ]);
    const disc = hexDisc(hexOf(5, -3), 4);
    expect(disc).toHaveLength(61);
    expect(new Set(disc).size).toBe(61);
    expect(disc.every((h) => hexDistance(h, hexOf(5, -3)) <= 4)).toBe(true);
    expect(() => hexRing(hexOf(0, 0), -1)).toThrow(RulesError);
  });

  it("rotate offsets by 60° steps clockwise about the origin", () => {
    expect(hexText(hexRotate(hexOf(0, -1), 1))).toBe("(1, -1)");
    expect(hexText(hexRotate(hexOf(2, -1), 6))).toBe("(2, -1)");
    expect(hexRotate(hexOf(2, -1), -1)).toBe(hexRotate(hexOf(2, -1), 5));
    expect(hexDistance(hexRotate(hexOf(3, -1), 2), hexOf(0, 0))).toBe(3);
  });

  it("show as { q, r } in views", () => {
    expect(hexView(hexOf(-4, 7))).toEqual({ q: -4, r: 7 });
  });
});
