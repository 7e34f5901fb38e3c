/**
 * The soak worker (`npm run soak` runs it on every core): it plays the games it is given, checks a sample at every
 * decision, and reports a failure with the seed that plays it again instead of stopping.
 */
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { expect, it } from "vitest";
import { REPO_ROOT } from "../src/cli/registry.ts";
import soak from "../soak/worker.ts";

const letterOfMarque = join(REPO_ROOT, "rulesets/letter-of-marque/generated/engine.ts");

it("plays its games, checks every n-th at each decision, and finds nothing wrong in Letter of Marque", async () => {
  const task = { enginePath: letterOfMarque, variant: "base", players: 4, firstSeed: 100, games: 20, checkEvery: 5 };
  const result = await soak({ ...task, maxSteps: 100_000 });
  expect(result).toMatchObject({ games: 20, checkedGames: 4, failures: [] });
  expect(result.actions).toBeGreaterThan(20 * 40);
});

it("finds nothing wrong in Glen More, whose listings search copies of the game (`can`, `completing`)", async () => {
  const glenMore = join(REPO_ROOT, "rulesets/glen-more/generated/engine.ts");
  const task = { enginePath: glenMore, variant: "base", players: 3, firstSeed: 11, games: 2, checkEvery: 1 };
  const result = await soak({ ...task, maxSteps: 10_000 });
  expect(result).toMatchObject({ games: 2, checkedGames: 2, failures: [] });
});

it("reports a listing of actions that changes the game", async () => {
  const meddling = join(REPO_ROOT, "compiler/test/fixtures/meddling-engine.ts");
  const task = { enginePath: meddling, variant: "base", players: 3, firstSeed: 5, games: 1, checkEvery: 1 };
  const result = await soak({ ...task, maxSteps: 10_000 });
  expect(result.failures).toEqual([
    { seed: 5, message: "step 0: viewing, listing or checking the actions changed the game" },
  ]);
});

it("reports each failure with its seed and goes on: games cut at 10 actions do not end", async () => {
  const task = { enginePath: letterOfMarque, variant: "base", players: 3, firstSeed: 7, games: 3, checkEvery: 2 };
  const result = await soak({ ...task, maxSteps: 10 });
  expect(result.failures.map((f) => f.seed)).toEqual([7, 8, 9]);
  expect(result.failures[0]!.message).toMatch(/did not end within 10 actions/);
});

it("stops a game where the rules say machine players give up (`abandon`): Predoni at its round limit", async () => {
  const predoni = join(REPO_ROOT, "rulesets/predoni-dei-mari/generated/engine.ts");
  const task = { enginePath: predoni, variant: "short", players: 2, firstSeed: 3, games: 2, checkEvery: 2 };
  const result = await soak({ ...task, maxSteps: 5_000 });
  expect(result).toMatchObject({ games: 2, checkedGames: 1, failures: [] });
  // 30 rounds of two pirates take some 350 actions; without `abandon` they would go on past 5,000.
  expect(result.actions).toBeLessThan(2 * 1_000);
});

it("refuses an option it does not know, or a value that is not a whole number, before starting any worker", () => {
  const soakScript = join(REPO_ROOT, "compiler/soak/soak.ts");
  for (const [args, says] of [
    [["--seed", "-1"], "option '--seed <s>' argument '-1' is invalid. must be at least 0."],
    [["--games", "lots"], "option '--games <n>' argument 'lots' is invalid. not an integer."],
    [["--gmaes", "10"], "unknown option '--gmaes'\n(Did you mean --games?)"],
  ] as const) {
    const run = spawnSync(process.execPath, ["--import", "tsx", soakScript, ...args], { encoding: "utf8" });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(says);
    expect(run.stdout).toBe("");
  }
});

it("--help says what each option does, and plays nothing", () => {
  const soakScript = join(REPO_ROOT, "compiler/soak/soak.ts");
  const run = spawnSync(process.execPath, ["--import", "tsx", soakScript, "--help"], { encoding: "utf8" });
  expect(run.status).toBe(0);
  expect(run.stdout).toContain("Usage: npm run soak -- [options]");
  expect(run.stdout).toContain("--check-every <k>  one game in k is checked at every decision (default: 100)");
});
