/**
 * The built command's engine bundles, kept from one run to the next: used while the files they were made from are
 * unchanged, made again when one changes.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { RulesError, unnamed, type AnyEngine } from "@rules/runtime";
import { bundleEngineCached } from "../src/cli/engine-bundles.ts";
import { REPO_ROOT } from "../src/cli/registry.ts";

let dir: string;
let enginePath: string;
let cacheDir: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "rules-bundles-"));
  const generated = join(dir, "rulesets", "demo", "generated");
  mkdirSync(generated, { recursive: true });
  enginePath = join(generated, "engine.ts");
  writeFileSync(
    enginePath,
    'import { sides } from "./dice.ts";\nexport const engine: { sides: number } = { sides };\n',
  );
  writeFileSync(join(generated, "dice.ts"), "export const sides: number = 6;\n");
  cacheDir = join(dir, "cache");
});

afterEach(() => rmSync(dir, { recursive: true, force: true }));

async function sidesOf(file: string): Promise<number> {
  const module = (await import(`${pathToFileURL(file).href}?${Date.now()}`)) as { engine: { sides: number } };
  return module.engine.sides;
}

describe("engine bundles kept between runs", () => {
  it("a bundle is made once, then read back while its files are unchanged", async () => {
    const first = await bundleEngineCached(enginePath, cacheDir);
    expect(first.built).toBe(true);
    expect(await sidesOf(first.file!)).toBe(6);
    const again = await bundleEngineCached(enginePath, cacheDir);
    expect(again).toEqual({ code: first.code, file: first.file, built: false });
  });

  it("a change to any file the bundle was made from (not only the engine module) makes it again", async () => {
    const first = await bundleEngineCached(enginePath, cacheDir);
    writeFileSync(join(dir, "rulesets", "demo", "generated", "dice.ts"), "export const sides: number = 20;\n");
    const changed = await bundleEngineCached(enginePath, cacheDir);
    expect(changed.built).toBe(true);
    expect(await sidesOf(changed.file!)).toBe(20);
    // The previous bundle is removed: the cache holds one bundle and one entry per engine.
    expect(existsSync(first.file!)).toBe(false);
    expect(readdirSync(cacheDir)).toHaveLength(2);
  });

  it("an entry that cannot be read, or a bundle gone, is made again", async () => {
    const first = await bundleEngineCached(enginePath, cacheDir);
    rmSync(first.file!);
    expect((await bundleEngineCached(enginePath, cacheDir)).built).toBe(true);
    const entry = readdirSync(cacheDir).find((name) => name.endsWith(".json"))!;
    writeFileSync(join(cacheDir, entry), "{ not json");
    const remade = await bundleEngineCached(enginePath, cacheDir);
    expect(remade.built).toBe(true);
    expect(await sidesOf(remade.file!)).toBe(6);
  });

  it("where the cache cannot be written, the bundle is still given, kept in memory only", async () => {
    writeFileSync(join(dir, "blocked"), "a file where the cache folder would be");
    const bundle = await bundleEngineCached(enginePath, join(dir, "blocked", "engines"));
    expect(bundle.file).toBeUndefined();
    expect(bundle.code).toContain("sides");
  });

  it("an engine bundled with a runtime of its own is one to the command's runtime: its errors are RulesErrors, its own functions are found", async () => {
    // The built command's situation: the bundle carries its copy of the runtime, this test (the command) another.
    const bundle = await bundleEngineCached(join(REPO_ROOT, "rulesets/letter-of-marque/generated/engine.ts"), cacheDir);
    const { engine } = (await import(pathToFileURL(bundle.file!).href)) as { engine: AnyEngine };
    const state = engine.newGame({ players: 3, seed: 1 });
    let caught: unknown;
    try {
      engine.apply(state, { type: "Launch", player: 0 });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(RulesError);
    expect(new Error("a bug") instanceof RulesError).toBe(false);
    // The engine's own functions, unwrapped (a playout names the rules file itself).
    expect(unnamed(engine)).not.toBe(engine);
    expect(unnamed(engine).apply).not.toBe(engine.apply);
  });

  it("the built command plays games between search agents whose imagined games the rules cannot go on with", () => {
    // Merchants & Marauders' agents imagine the other captain's cargo dealt again, which a discard under way may no
    // longer find: an imagined game the agent sets aside, not a failure of the real one.
    const bin = join(REPO_ROOT, "compiler/bin/rules.js");
    const args = ["simulate", "merchants-and-marauders", "--players", "2", "--variant", "base", "--games", "3"];
    const result = spawnSync(process.execPath, [bin, ...args, "--seed", "3", "--agents", "greedy", "--json"], {
      encoding: "utf8",
    });
    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);
    expect(JSON.parse(result.stdout)[0].games).toBe(3);
  });

  it("the built command's workers load the kept bundle and play the same games as one thread", () => {
    // Enough games for the worker, started at once, to take ranges while this thread plays.
    const bin = join(REPO_ROOT, "compiler/bin/rules.js");
    const args = ["simulate", "letter-of-marque", "--players", "3", "--games", "3000", "--seed", "5", "--json"];
    const run = (workers: string): string => {
      const result = spawnSync(process.execPath, [bin, ...args, "--workers", workers], {
        encoding: "utf8",
        env: { ...process.env, RULES_WORKER_START_MS: "0" },
      });
      expect(result.stderr).toBe("");
      expect(result.status).toBe(0);
      return result.stdout.replace(/"(elapsedMs|playoutsPerSecond)": [\d.e+-]+/g, "");
    };
    expect(run("2")).toBe(run("1"));
  });
});
