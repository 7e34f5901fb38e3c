/** The test language: steps that force the setup's draws, play on their own, and state what a player is asked. */
import { describe, expect, it } from "vitest";
import { Codes } from "../src/diagnostics.ts";
import { loadRules } from "../src/load.ts";
import { declaration, game, loadClean, soleError } from "./helpers.ts";

const RULES = `global { coins: int  pile: list<int> hidden }
per player { hand: list<int> private }
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

  it("`save and restore` goes on from a save of the game", () => {
    const t = declaration(withTest("  play 0 bet(2)\n  save and restore\n  play 1 Take"), "test");
    expect(t.steps.map((s) => s.kind)).toEqual(["play", "saveRestore", "play"]);
    expect(soleError(withTest("  save and reload"), Codes.syntaxError).message).toContain("`restore`");
  });

  it("`play until` names an action or a choice", () => {
    const t = declaration(withTest("  play until Take"), "test");
    expect(t.steps[0]).toMatchObject({ kind: "playUntil", decision: { text: "Take" } });
    loadClean(withTest("  play until bet"));
    expect(soleError(withTest("  play until Tkae"), Codes.unknownName).hint).toContain("Take");
  });

  it("`expect asked` and `expect offered` name actions and choices, with answers checked like `play`", () => {
    const t = declaration(withTest("  expect asked 0 bet\n  expect offered 0 bet(1), bet(2)"), "test");
    expect(t.steps.map((s) => s.kind)).toEqual(["asked", "offered"]);
    loadClean(withTest("  expect asked 0 bet\n  expect offered 0 bet(1), bet(2)\n  expect asked 1 Take"));
    expect(soleError(withTest("  expect asked 0 bt"), Codes.unknownName).hint).toContain("bet");
    expect(soleError(withTest("  expect offered 0 bet(true)"), Codes.typeMismatch).message).toContain("bool");
  });

  it("`expect 1 sees` compares a place in the game with what that player sees there", () => {
    const t = declaration(withTest("  expect 1 sees players[0].hand == none\n  expect 0 sees pile == 3"), "test");
    expect(t.steps.map((s) => s.kind)).toEqual(["sees", "sees"]);
    const program = loadClean(
      withTest("  expect 1 sees players[0].hand == none\n  expect 0 sees pile == 3\n  expect 0 sees pile == [1]"),
    );
    const shown = program.tests[0]!.steps.map((s) => (s.kind === "sees" ? s.asShown : undefined));
    // A list compared with a list is compared as the player sees it; a count or none as it is.
    expect(shown).toEqual([false, false, true]);
    expect(soleError(withTest("  expect 0 sees coins + 1 == 3"), Codes.invalidValue).message).toContain(
      "a global field, a player's field",
    );
    expect(soleError(withTest("  expect 0 sees coins > 3"), Codes.invalidValue).hint).toContain("== none");
  });

  it("`expect about` counts over the test's `seeds`; `expect always` plays random games", () => {
    loadClean(
      withTest("  seeds 50\n  expect about 50% within 10%: coins > 3\n  expect always in 5 random games: coins >= 1"),
    );
    const unseeded = soleError(withTest("  expect about 50% within 10%: coins > 3"), Codes.misplaced);
    expect(unseeded.hint).toContain("seeds 400");
    expect(soleError(withTest("  seed 2\n  seeds 50"), Codes.misplaced).message).toContain("not both");
    expect(
      soleError(withTest("  expect about 150% within 10%: coins > 3\n  seeds 5"), Codes.invalidValue).message,
    ).toBe("a share of the games is at most 100%");
    expect(soleError(withTest("  expect always in 5 random gams: coins > 0"), Codes.syntaxError).message).toContain(
      "`games`",
    );
  });

  it("a test may start where another ends, and takes its settings", () => {
    const text = game(
      `${RULES}\ntest "a" {\n  players 3\n}\ntest "b" from "a" {\n  expect coins > 0\n}`,
      "  act players[1]: Take",
    );
    const program = loadClean(text);
    expect(program.tests[1]!.base).toBe(program.tests[0]);
    const unknown = game(`${RULES}\ntest "a" {\n}\ntest "b" from "aa" {\n}`, "  act players[1]: Take");
    expect(soleError(unknown, Codes.unknownName).message).toBe('no test is called "aa"');
    const settings = game(`${RULES}\ntest "a" {\n}\ntest "b" from "a" {\n  players 3\n}`, "  act players[1]: Take");
    expect(soleError(settings, Codes.misplaced).message).toBe(
      'the test starts where "a" ends, so its players come from there',
    );
    const loop = game(`${RULES}\ntest "a" from "b" {\n}\ntest "b" from "a" {\n}`, "  act players[1]: Take");
    expect(errorsOf(loop)).toEqual([Codes.misplaced, Codes.misplaced]);
  });
});

describe("rows of data tables by their key", () => {
  const table = (key: string, rows = '| "G01" | 3 |\n  | "G02" | 5 |'): string =>
    `record Ship { id: string  cost: int }\ntable SHIPS of Ship ${key} {\n  | id | cost |\n  ${rows}\n}\nglobal { ship: int }`;

  it("`rowOf(TABLE, key)` is the position of the row with that key, found while checking", () => {
    const program = loadClean(game(table("key id"), '  ship = rowOf(SHIPS, "G02")\n  end'));
    const flow = program.flow.body.statements[0]!;
    expect(flow.kind === "assign" && flow.value.kind === "call" && flow.value.tableRow).toEqual({
      column: "id",
      position: 1,
    });
  });

  it("a key that names no row is an error with a hint; a key known only in play is looked up then", () => {
    const typo = soleError(game(table("key id"), '  ship = rowOf(SHIPS, "G12")\n  end'), Codes.invalidValue);
    expect(typo.message).toBe('no row of SHIPS has id "G12"');
    expect(typo.hint).toContain('"G02"');
    loadClean(game(table("key id") + "\nglobal { code: string }", "  ship = rowOf(SHIPS, code)\n  end"));
    expect(soleError(game(table("key id"), "  ship = rowOf(SHIPS, 3)\n  end"), Codes.typeMismatch).message).toContain(
      "string",
    );
  });

  it("the key is a column, unique, written out in every row; only a keyed table has rows by key", () => {
    const used = "  ship = size(SHIPS)\n  end";
    expect(soleError(game(table("key ids"), used), Codes.unknownField).hint).toContain("`id`");
    const twice = soleError(game(table("key id", '| "G01" | 3 |\n  | "G01" | 5 |'), used), Codes.duplicate);
    expect(twice.message).toBe('SHIPS already has a row with id "G01" (row 1)');
    expect(soleError(game(table(""), '  ship = rowOf(SHIPS, "G01")\n  end'), Codes.typeMismatch).hint).toContain(
      "key id",
    );
  });
});

function errorsOf(text: string): string[] {
  return loadRules(text, "t.rules").diagnostics.map((d) => d.code);
}
