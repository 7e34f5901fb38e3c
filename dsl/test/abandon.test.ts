/**
 * `abandon "reason" when condition`: when machine players give a game up (a rulebook without a limit, a game random
 * players never finish). Checked like the scoring: a condition on the game, no decisions, no changes.
 */
import { describe, expect, it } from "vitest";
import { Codes } from "../src/index.ts";
import { game, loadClean, soleError } from "./helpers.ts";

const state = "global {\n  round: int\n}\n";

describe("abandon", () => {
  it("gives a reason and a condition on the game, in the order written", () => {
    const program = loadClean(
      game(`${state}param LIMIT: int = 30\nabandon "too long" when round > LIMIT\nabandon "stuck" when round < 0`),
    );
    expect(program.abandons.map((a) => a.reason)).toEqual(["too long", "stuck"]);
    expect(program.abandons[0]!.condition.kind).toBe("binary");
  });

  it("takes a condition", () => {
    const e = soleError(game(`${state}abandon "too long" when round + 1`), Codes.typeMismatch);
    expect(e.message).toBe("expected bool, found int");
  });

  it("says `when` before its condition", () => {
    const e = soleError(game(`${state}abandon "too long" once round > 30`), Codes.syntaxError);
    expect(e.message).toBe("expected `when` after the reason of `abandon`, found `once`");
  });

  it("only reads the game", () => {
    const e = soleError(game(`${state}abandon "too long" when random(1, 6) > 5`), Codes.misplaced);
    expect(e.message).toBe("`random` changes the game, which an `abandon` condition may not do");
  });

  it("leaves the word free for names", () => {
    loadClean(game("global {\n  abandon: int\n}\nfn twice(): int = abandon * 2\nsetup {\n  abandon = twice()\n}"));
  });
});
