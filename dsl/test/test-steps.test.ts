/** The test language: steps that force the setup's draws, play on their own, and state what a player is asked. */
import { describe, expect, it } from "vitest";
import { Codes } from "../src/diagnostics.ts";
import { declaration, game, loadClean, soleError } from "./helpers.ts";

const RULES = `global { coins: int }
setup { coins = random(1, 6) }
action Take {
  coins += 1
}`;

const withTest = (steps: string): string =>
  game(`${RULES}\ntest "t" {\n${steps}\n}`, "  choose bet: 1..3 by players[0]\n  act players[1]: Take");

describe("test steps", () => {
  it("`random setup` forces the setup's draws; it comes first", () => {
    const t = declaration(withTest("  random setup 2\n  expect coins == 3"), "test");
    expect(t.steps[0]).toMatchObject({ kind: "random", values: [2], setup: true });
    loadClean(withTest("  players 3\n  random setup 2\n  expect coins == 3"));
    const late = soleError(withTest("  expect coins > 0\n  random setup 2"), Codes.misplaced);
    expect(late.hint).toBe("put it first in the test");
    expect(soleError(withTest("  seed setup 2"), Codes.syntaxError).message).toBe("`seed setup` means nothing");
  });

  it("`play until` names an action or a choice", () => {
    const t = declaration(withTest("  play until Take"), "test");
    expect(t.steps[0]).toMatchObject({ kind: "playUntil", decision: { text: "Take" } });
    loadClean(withTest("  play until bet"));
    expect(soleError(withTest("  play until Tkae"), Codes.unknownName).hint).toContain("Take");
  });
});
