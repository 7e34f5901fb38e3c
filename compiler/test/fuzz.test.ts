/**
 * A bounded fuzzing run (fixed seed): generated programs and damaged rulesets never make checking throw, every
 * diagnostic lies in the file, results repeat, the formatter keeps tokens and is idempotent, and a generated program
 * that checks clean compiles into an engine that type-checks and plays by the conformance properties. `npm run fuzz
 * -- --runs N` runs the same, longer.
 */
import { RulesError, type AnyEngine } from "@rules/runtime";
import fc from "fast-check";
import { expect, it } from "vitest";
import { engine as connectFour } from "../../rulesets/connect-four/generated/engine.ts";
import { REPO_ROOT } from "../src/cli/registry.ts";
import { runFuzz } from "../fuzz/fuzz.ts";
import { damaged, generatedProgram } from "../fuzz/inputs.ts";
import { checkFrontEnd, checkPlays, FuzzFailure } from "../fuzz/properties.ts";

it("generated programs are mostly valid rules: the generator tests the checker's good paths, not only its errors", () => {
  const samples = fc.sample(generatedProgram, { numRuns: 50, seed: 7 });
  const clean = samples.filter((text) => checkFrontEnd(text).clean).length;
  expect(clean).toBeGreaterThan(40);
});

it("damage does what it says: a cut, an insertion, a token or a line deleted, duplicated or swapped", () => {
  const text = 'game "G" {\n  players 2..2\n}\n';
  expect(damaged(text, [{ kind: "cut", at: 4 }])).toBe("game");
  expect(damaged(text, [{ kind: "insert", at: 0, text: "x" }])).toBe(`x${text}`);
  expect(damaged(text, [{ kind: "delete token", at: 1 }])).toBe("game  {\n  players 2..2\n}\n");
  expect(damaged(text, [{ kind: "duplicate line", at: 1 }])).toBe('game "G" {\n  players 2..2\n  players 2..2\n}\n');
  expect(damaged(text, [{ kind: "swap tokens", at: 0, other: 1 }])).toBe('"G" game {\n  players 2..2\n}\n');
});

it("generated programs declare ranges (fields, a player's fields, the list's elements) and a variant", () => {
  const samples = fc.sample(generatedProgram, { numRuns: 50, seed: 7 });
  expect(samples.every((text) => /param ROUNDS: 1\.\.9 = \d[^]*variant longer[^]*repeat ROUNDS/.test(text))).toBe(true);
  expect(samples.filter((text) => /\n {2}g\d: -?\d+\.\./.test(text)).length).toBeGreaterThan(5);
  expect(samples.filter((text) => /\n {2}p\d: -?\d+\.\./.test(text)).length).toBeGreaterThan(5);
  expect(samples.filter((text) => text.includes("pile: list<0..")).length).toBeGreaterThan(5);
});

it("every generated program settles in a `completing` block answered by two players, and asks `can` of it", () => {
  const samples = fc.sample(generatedProgram, { numRuns: 50, seed: 7 });
  const settles =
    /proc settle\(p: Player, k: int\) \{[^]*completing else[^]*by p where[^]*by next\(p\) where[^]*can settle\(me, n\)[^]*settle\(players\[0\]/;
  expect(samples.every((text) => settles.test(text))).toBe(true);
});

it("every generated program has turns of its own (an allowed boost), a window, derived data, an unset field and an end", () => {
  const samples = fc.sample(generatedProgram, { numRuns: 50, seed: 7 });
  const turns =
    /opener: Player = unset[^]*derived \{[^]*per turnOf \{[^]*allow Boost by p \{[^]*window cheer[^]*end "the pile is full"/;
  expect(samples.every((text) => turns.test(text))).toBe(true);
});

it("about half the generated programs sail a sea: a graph, picks a player stops or must make, `or stop`, tie-breaks", () => {
  const samples = fc.sample(generatedProgram, { numRuns: 50, seed: 7 });
  const seas = samples.filter((text) => text.includes("table LINKS of Link"));
  expect(seas.length).toBeGreaterThan(10);
  const parts =
    /const NEXT: map<Zone, list<Zone>>[^]*for some x in[^]*taking 1[^]*when several[^]*or stop "Drop anchor"[^]*tiebreak lowest[^]*progress p/;
  expect(seas.every((text) => parts.test(text))).toBe(true);
  expect(seas.filter((text) => checkFrontEnd(text).clean).length).toBe(seas.length);
});

it("about half the generated programs keep a market: hidden bags and values, private cards, a choice of none or a range", () => {
  const samples = fc.sample(generatedProgram, { numRuns: 50, seed: 7 });
  const markets = samples.filter((text) => text.includes("action Buy"));
  expect(markets.length).toBeGreaterThan(10);
  const parts =
    /never reshuffled[^]*list<int> hidden[^]*values hidden[^]*elements private[^]*int\? in row[^]*0\.\.me\.coins[^]*pick\(chest\)[^]*reshuffle\(events\)/;
  expect(markets.every((text) => parts.test(text))).toBe(true);
  // Every program's longer variant replaces an action of the base game.
  expect(samples.every((text) => /variant longer[^}]*action Pass \{\n {4}g0 \+= 1/.test(text))).toBe(true);
});

it("about half the generated programs keep a guild: records picked from a player's list and changed there, a procedure that gives a value", () => {
  const samples = fc.sample(generatedProgram, { numRuns: 50, seed: 7 });
  const guilds = samples.filter((text) => text.includes("action Craft"));
  expect(guilds.length).toBeGreaterThan(10);
  const parts =
    /param STRICT: bool[^]*enum Tool \{ saw\(teeth[^]*proc haggle\(p: Player\): int \{[^]*break[^]*chosen by me taking 2 \{\s*w\.worth \+= 1\s*if not contains\(me\.bench, w\)[^]*identity 95 broken[^]*match w\.tool[^]*is hammer[^]*let price = haggle\(me\)/;
  expect(guilds.every((text) => parts.test(text) && /act p: [^\n]*Craft/.test(text))).toBe(true);
});

it("every generated program has tests of its own: given, asked, refused, played, seen, from another, over seeds", () => {
  const samples = fc.sample(generatedProgram, { numRuns: 20, seed: 7 });
  const tests =
    /test "the first turn" \{[^]*given \{[^]*expect asked 0 [^]*expect refused 0 Play\(7\)[^]*play 0 Pass[^]*sees g0 == 2[^]*from "the first turn"[^]*seeds 5[^]*expect about 50%/;
  expect(samples.every((text) => tests.test(text))).toBe(true);
});

it("about half the generated programs lay a table: records, a grid, private hands, a choice at once, an interrupt", () => {
  const samples = fc.sample(generatedProgram, { numRuns: 50, seed: 7 });
  const tables = samples.filter((text) => text.includes("record Token") && text.includes("choose k: Kind by me"));
  expect(tables.length).toBeGreaterThan(10);
  const parts =
    /neighbours\(h\)[^]*around\(c\)[^]*match m \{[^]*abandon "too many tokens"[^]*on grid\(4, 4\)[^]*private from bag[^]*random\(1, 6\)[^]*allow anytime Snatch/;
  expect(tables.every((text) => parts.test(text))).toBe(true);
  expect(tables.filter((text) => checkFrontEnd(text).clean).length).toBe(tables.length);
});

/** Connect Four's engine, its `apply` throwing `error` at the tenth action of a game. */
function failingAt10(error: () => Error): AnyEngine {
  const engine: typeof connectFour = {
    ...connectFour,
    apply: (state, action) => {
      if (Object.keys(state.board).length === 9) throw error();
      connectFour.apply(state, action);
    },
  };
  return engine as AnyEngine;
}

it("a compiled program's engine is played: a rule stopping the game is the program's doing, a crash the toolchain's", async () => {
  const fine = await checkPlays("connect four", connectFour as AnyEngine);
  expect(fine).toEqual({ games: expect.any(Number), stopped: 0 });
  expect(fine.games).toBeGreaterThan(10);
  // A rules error at a line of the rules (a field pushed out of its range) stops the checks it happens in, allowed.
  const ruled = await checkPlays(
    "ruled",
    failingAt10(() => new RulesError("25 is outside the range 0..20", 12, 5)),
  );
  expect(ruled.stopped).toBeGreaterThan(0);
  // Anything else is a failure, naming the property and showing the program.
  const crash = checkPlays(
    "the program",
    failingAt10(() => new TypeError("cannot read properties of undefined")),
  );
  await expect(crash).rejects.toThrow(FuzzFailure);
  await expect(crash).rejects.toThrow(/checkPlayoutsTerminate failed .*TypeError: cannot read[^]*the program/);
  // So is a rules error that names no line: the engine's own inconsistency, not a rule.
  await expect(
    checkPlays(
      "p",
      failingAt10(() => new RulesError("the flow has no step 9")),
    ),
  ).rejects.toThrow(FuzzFailure);
});

it("a game of a compiled program that ends with an identity broken fails: two ways of saying a value disagreed", async () => {
  const broken: typeof connectFour = {
    ...connectFour,
    outcome: (state) => {
      const outcome = connectFour.outcome(state);
      return outcome && { ...outcome, ending: "identity 1 broken" };
    },
  };
  await expect(checkPlays("the program", broken as AnyEngine)).rejects.toThrow(/identity 1 broken \(variant base/);
  // Every generated program tests two to four identities in its rounds.
  const samples = fc.sample(generatedProgram, { numRuns: 20, seed: 7 });
  expect(samples.every((text) => /if not \(.*\) \{\n +end "identity 1 broken"/.test(text))).toBe(true);
  // Tables and markets count their maps again, key by key.
  const tables = samples.filter((text) => text.includes("record Token"));
  expect(tables.length).toBeGreaterThan(3);
  expect(tables.every((text) => /identity 90 broken[^]*identity 91 broken[^]*identity 92 broken/.test(text))).toBe(
    true,
  );
});

it("300 fuzzed inputs and a compiled program keep every property; the program passes its own test module", async () => {
  const report = await runFuzz({ runs: 150, seed: 20261129, compiled: 1, tested: 1, root: REPO_ROOT });
  expect(report.cases).toBe(300);
  expect(report.compiled).toBe(1);
  expect(report.games).toBeGreaterThan(0);
  // Its rules tests, the conformance properties at each player count, and views hiding what the rules hide.
  expect(report.tests).toBeGreaterThan(20);
}, 180_000);
