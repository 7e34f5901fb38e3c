import { describe, expect, it } from "vitest";
import { seatsFrom } from "../src/index.ts";

describe("turn orders", () => {
  it("playersFrom(p): every seat once, p first, then clockwise", () => {
    expect(seatsFrom(4, 2)).toEqual([2, 3, 0, 1]);
    expect(seatsFrom(4, 0)).toEqual([0, 1, 2, 3]);
    expect(seatsFrom(2, 1)).toEqual([1, 0]);
  });
});
