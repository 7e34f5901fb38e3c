/** Compiles rules text for a test and gives its engine, as the generated module runs it. */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { expect } from "vitest";
import type { AnyEngine, EngineAction, GameOptions } from "@rules/runtime";
import { compileRules } from "../src/compile.ts";
import { REPO_ROOT } from "../src/cli/registry.ts";

/**
 * Compiles rules text (with no error; warnings allowed) and runs `use` on its engine, written inside the repository so
 * that it finds @rules/runtime.
 */
export async function withEngine(
  text: string,
  use: (engine: AnyEngine) => void,
  sourcePath = "inline.rules",
): Promise<void> {
  const result = await compileRules({ name: "inline", sourcePath, text });
  // Warnings are the checker's tests' to state; here the rules must compile.
  expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  const dir = await mkdtemp(join(REPO_ROOT, "compiler", "test", "tmp-engine-"));
  try {
    const file = join(dir, "engine.ts");
    await writeFile(file, result.files.find((f) => f.path.endsWith("engine.ts"))!.content);
    use(((await import(file)) as { engine: AnyEngine }).engine);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Plays one game twice with the same answers (`pick`, one of the actions offered to the seat to act): one game kept in
 * memory, the other saved to JSON and restored at every decision. At each decision both offer the same answer, the
 * save is a valid state, and it is the kept game's JSON. Gives the saves, in order, and the last restored game.
 */
export function playSavedAtEveryDecision(
  engine: AnyEngine,
  options: GameOptions,
  pick: (offered: readonly EngineAction[]) => EngineAction,
): { saves: string[]; restored: object } {
  const kept = engine.newGame(options);
  let restored = JSON.parse(JSON.stringify(engine.newGame(options))) as object;
  const answer = (state: object): EngineAction => pick(engine.legalActions(state, engine.toAct(state)[0]!));
  const saves: string[] = [];
  while (!engine.isOver(kept)) {
    const action = answer(kept);
    expect(answer(restored)).toEqual(action);
    engine.apply(kept, action);
    engine.apply(restored, action);
    const json = JSON.stringify(restored);
    expect(engine.validateState(JSON.parse(json))).toBeNull();
    expect(json).toBe(JSON.stringify(kept));
    saves.push(json);
    restored = JSON.parse(json) as object;
  }
  return { saves, restored };
}
