/**
 * Tests compiled from rules files, run as a designer runs them: the language reference's example of tests
 * (dsl/README.md, "9. Tests", a whole game using every kind of step) passes, and a failing test speaks the rules'
 * words.
 */
import { spawnSync } from "node:child_process";
import { mkdtemp, mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { expect, it } from "vitest";
import { compileRules } from "../src/compile.ts";
import { REPO_ROOT } from "../src/cli/registry.ts";

/** Compiles `text` and runs its rules tests in a child Vitest; gives the run's output and exit status. */
async function runRulesTests(text: string): Promise<{ output: string; status: number | null }> {
  const result = await compileRules({ name: "inline", sourcePath: "inline.rules", text });
  expect(result.diagnostics).toEqual([]);
  const dir = await mkdtemp(join(REPO_ROOT, "compiler", "test", "tmp-readme-"));
  try {
    await mkdir(join(dir, "generated"));
    for (const f of result.files) await writeFile(join(dir, "generated", f.path.replace(/^.*\//, "")), f.content);
    await writeFile(
      join(dir, "vitest.config.ts"),
      'import { defineConfig } from "vitest/config";\nexport default defineConfig({ test: { include: ["generated/**/*.test.ts"] } });\n',
    );
    const run = spawnSync(
      process.execPath,
      [join(REPO_ROOT, "node_modules/vitest/vitest.mjs"), "run", "--root", dir, "-t", "rules tests"],
      { cwd: REPO_ROOT, encoding: "utf8", env: { ...process.env, NO_COLOR: "1", FORCE_COLOR: "0" } },
    );
    return { output: run.stdout + run.stderr, status: run.status };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

it("the README's example of tests compiles, and its tests pass", async () => {
  const readme = await readFile(join(REPO_ROOT, "dsl/README.md"), "utf8");
  const section = readme.slice(readme.indexOf("## 9. Tests"), readme.indexOf("## 10. Diagnostics"));
  const text = /```rules\n([\s\S]*?)```/.exec(section)?.[1];
  expect(text).toContain('game "Market Day"');
  const { output, status } = await runRulesTests(text!);
  expect(output).toMatch(/Tests\s+4 passed/);
  expect(status).toBe(0);
}, 60_000);

it("a test whose play is refused says why, at which rules line, and what the game was waiting for", async () => {
  const text = [
    'game "Refusals" { players 2..2 }',
    "global { deck: list<int> }",
    "flow { act players[0]: Draw | Pass }",
    "action Draw {",
    '  require size(deck) > 0 else "The deck is empty."',
    "}",
    "action Pass {",
    "}",
    'test "drawing from an empty deck" {',
    "  play 0 Draw",
    "}",
  ].join("\n");
  const { output, status } = await runRulesTests(text);
  expect(output).toContain("Draw by player 0 was refused: The deck is empty. (rules line 5)");
  expect(output).toContain("seat 0 may play Pass");
  expect(status).not.toBe(0);
}, 60_000);
