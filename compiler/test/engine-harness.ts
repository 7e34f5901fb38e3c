/** Compiles rules text for a test and gives its engine, as the generated module runs it. */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { expect } from "vitest";
import type { AnyEngine } from "@rules/runtime";
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
