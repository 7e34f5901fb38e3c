/**
 * `rules new <game>`: a ruleset that compiles, tests and simulates at once.
 */
import { existsSync } from "node:fs";
import { copyFile, mkdtemp, readFile, rm } from "node:fs/promises";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadRules } from "@rules/dsl";
import { simulate, type AnyEngine } from "@rules/runtime";
import { rulesetFiles, scaffoldRuleset } from "../src/cli/new.ts";
import { REPO_ROOT } from "../src/cli/registry.ts";

// Inside the repository, so that the new engine finds @rules/runtime as a ruleset's does (git ignores the folder).
let root = "";
beforeAll(async () => {
  root = await mkdtemp(join(REPO_ROOT, "compiler/test/.scaffold-"));
  // A ruleset's tsconfig extends the repository's.
  await copyFile(join(REPO_ROOT, "tsconfig.base.json"), join(root, "tsconfig.base.json"));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe("rules new", () => {
  it("writes a ruleset like the others, compiled, whose engine plays to the end the rules give", async () => {
    const folder = await scaffoldRuleset("dice-race", { title: "Dice Race", minPlayers: 2, maxPlayers: 3 }, root);
    for (const file of ["package.json", "project.json", "tsconfig.json", "vitest.config.ts", "dice-race.rules"]) {
      expect(existsSync(join(folder, file)), file).toBe(true);
    }
    const text = await readFile(join(folder, "dice-race.rules"), "utf8");
    expect(loadRules(text, "dice-race.rules").diagnostics).toEqual([]);
    expect(text).toMatch(/^game "Dice Race" \{ players 2\.\.3 \}$/m);
    expect(JSON.parse(await readFile(join(folder, "project.json"), "utf8")).targets.test.command).toBe(
      "vitest run --root rulesets/dice-race",
    );
    expect(existsSync(join(folder, "generated/engine.test.ts"))).toBe(true);
    const { engine } = (await import(pathToFileURL(join(folder, "generated/engine.ts")).href)) as { engine: AnyEngine };
    const summary = simulate(engine, { games: 20, seed: 1, players: 3 });
    expect(summary.endings).toEqual({ "the last round was played": 20 });
    expect(summary.meanLength).toBe(15); // 5 rounds of 3 players
  });

  it("refuses a name that is not lower-case words joined by hyphens, and a ruleset that exists", async () => {
    await expect(scaffoldRuleset("Dice Race", {}, root)).rejects.toThrow('"Dice Race" is not a ruleset name');
    await expect(scaffoldRuleset("dice-race", {}, root)).rejects.toThrow("rulesets/dice-race already exists");
    await expect(scaffoldRuleset("dice", { minPlayers: 3, maxPlayers: 2 }, root)).rejects.toThrow("3..2");
  });

  it("names the game from the ruleset's name when no title is given", () => {
    expect(rulesetFiles("king-of-tokyo")["king-of-tokyo.rules"]).toMatch(/^game "King Of Tokyo"/m);
  });
});
