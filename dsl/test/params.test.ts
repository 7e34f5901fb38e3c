/**
 * `param`: numbers and flags a variant may set, or a game be given when it starts; a declared range holds them.
 */
import { describe, expect, it } from "vitest";
import { Codes } from "../src/index.ts";
import { game, loadClean, withCode } from "./helpers.ts";

describe("a param with a range", () => {
  it("keeps its range in its type", () => {
    const program = loadClean(game("param GOAL: 10..99 = 10\nglobal { n: int }", "n = GOAL"));
    expect(program.params.get("GOAL")?.type).toEqual({ kind: "int", low: 10, high: 99 });
  });

  it("refuses a value outside it, in the declaration and in a variant's `set`", () => {
    const text = game('param GOAL: 10..99 = 5\nvariant big "Big" { set GOAL = 200 }\nglobal { n: int }', "n = GOAL");
    expect(withCode(text, Codes.invalidValue).map((d) => [d.message, d.line])).toEqual([
      ["5 is outside the param's range 10..99", 2],
      ["200 is outside the param's range 10..99", 3],
    ]);
  });
});
