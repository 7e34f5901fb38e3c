/**
 * A bounded fuzzing run (fixed seed): generated programs and damaged rulesets never make checking throw, every
 * diagnostic lies in the file, results repeat, the formatter keeps tokens and is idempotent, and a generated program
 * that checks clean compiles into an engine that type-checks. `npm run fuzz -- --runs N` runs the same, longer.
 */
import fc from "fast-check";
import { expect, it } from "vitest";
import { REPO_ROOT } from "../src/cli/registry.ts";
import { runFuzz } from "../fuzz/fuzz.ts";
import { damaged, generatedProgram } from "../fuzz/inputs.ts";
import { checkFrontEnd } from "../fuzz/properties.ts";

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

it("300 fuzzed inputs and a compiled program keep every property", async () => {
  const report = await runFuzz({ runs: 150, seed: 20261126, compiled: 1, root: REPO_ROOT });
  expect(report.cases).toBe(300);
  expect(report.compiled).toBe(1);
}, 120_000);
