/**
 * Formatting generated code: with the faster babel-ts parser, and statement by statement with what earlier compiles
 * formatted remembered, the output is byte for byte what Prettier gives for the whole module with its default
 * parser; a recompile after a small change formats only the statements that changed.
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { compileRules, type GeneratedFile } from "../src/compile.ts";
import { REPO_ROOT } from "../src/cli/registry.ts";
import { loadRules, ParseCache } from "@rules/dsl";
import * as prettier from "prettier";
import { emitEngineModule } from "../src/emit/engine-module.ts";
import { emitTestModule } from "../src/emit/test-module.ts";
import { format, FormatCache, OPTIONS } from "../src/format/generated-code.ts";

const SOURCE = "rulesets/letter-of-marque/letter-of-marque.rules";

async function compile(
  text: string,
  formatCache?: FormatCache,
  parseCache?: ParseCache,
  sourcePath = SOURCE,
  current?: readonly GeneratedFile[],
) {
  const result = await compileRules({
    name: sourcePath.split("/")[1]!,
    sourcePath,
    text,
    ...(formatCache ? { formatCache } : {}),
    ...(parseCache ? { parseCache } : {}),
    ...(current ? { current: new Map(current.map((f) => [f.path, f.content])) } : {}),
  });
  expect(result.diagnostics).toEqual([]);
  return result.files;
}

/** The rules with one refusal message changed, as a designer edits a rule. */
function edited(text: string, word: string): string {
  const at = text.indexOf('else "') + 'else "'.length;
  return `${text.slice(0, at)}${word}: ${text.slice(at)}`;
}

describe("formatting generated code", () => {
  it("with the babel-ts parser gives what Prettier's default typescript parser gives", async () => {
    for (const [name, source] of [
      ["letter-of-marque", SOURCE],
      ["tour", "compiler/test/fixtures/tour/tour.rules"],
    ] as const) {
      const text = await readFile(join(REPO_ROOT, source), "utf8");
      const { program } = loadRules(text, source);
      const code = emitEngineModule({ program: program!, source: text, sourcePath: source, name, sourceHash: "0" });
      const tests = emitTestModule({ program: program!, source: text, sourcePath: source, name });
      for (const module of [code.text, tests]) {
        expect(await format(module)).toBe(await prettier.format(module, { ...OPTIONS, parser: "typescript" }));
      }
    }
  });
});

describe("formatting with a cache", () => {
  it("gives the bytes Prettier gives for whole modules, first and after an edit", async () => {
    const text = await readFile(join(REPO_ROOT, SOURCE), "utf8");
    const cache = new FormatCache();
    expect(await compile(text, cache)).toEqual(await compile(text));
    const change = edited(text, "Edited");
    expect(await compile(change, cache)).toEqual(await compile(change));
  });

  it("formats again only the statements an edit changed", async () => {
    const text = await readFile(join(REPO_ROOT, SOURCE), "utf8");
    const cache = new FormatCache();
    await compile(text, cache);
    const before = { ...cache.counts };
    await compile(edited(text, "Once"), cache);
    // The action's check in the engine, its offer, and the tests module's table of refusal messages.
    const formatted = cache.counts.formatted - before.formatted;
    expect(formatted).toBeGreaterThanOrEqual(1);
    expect(formatted).toBeLessThanOrEqual(4);
    expect(cache.counts.reused - before.reused).toBeGreaterThan(80);
    const again = { ...cache.counts };
    await compile(edited(text, "Once"), cache);
    expect(cache.counts.formatted).toBe(again.formatted);
  });

  it("is saved and loaded: a later process formats nothing the rules did not change", async () => {
    const text = await readFile(join(REPO_ROOT, SOURCE), "utf8");
    const first = new FormatCache();
    const files = await compile(text, first);
    const saved = first.save();
    expect(saved).toBeDefined();
    expect(first.save(), "nothing changed since").toBeUndefined();
    const later = FormatCache.load(saved);
    expect(await compile(text, later)).toEqual(files);
    expect(later.counts.formatted).toBe(0);
    expect(later.save(), "loaded and used as it was").toBeUndefined();
  });

  it("starts empty from a damaged cache, or one another Prettier wrote", async () => {
    const text = await readFile(join(REPO_ROOT, SOURCE), "utf8");
    const saved = FormatCache.load(undefined);
    await compile(text, saved);
    const json = saved.save()!;
    for (const bad of [
      json.slice(0, json.length / 2),
      "[]",
      "null",
      JSON.stringify({ ...(JSON.parse(json) as object), settings: "another Prettier's" }),
    ]) {
      const cache = FormatCache.load(bad);
      expect(await compile(text, cache)).toEqual(await compile(text));
      expect(cache.counts.reused).toBe(0);
    }
  });
});

describe("compiling as `--watch` does", () => {
  it("gives, with the declarations parsed before kept, the files a compile from scratch gives", async () => {
    // Glen More: its tables share nodes between rows, which a copied declaration must share too.
    const source = "rulesets/glen-more/glen-more.rules";
    const text = await readFile(join(REPO_ROOT, source), "utf8");
    const formatCache = new FormatCache();
    const parseCache = new ParseCache();
    await compile(text, formatCache, parseCache, source);
    const change = `// A line above every rule.\n${edited(text, "Edited")}`;
    const watched = await compile(change, formatCache, parseCache, source);
    expect(parseCache.parsedPieces).toBe(2);
    expect(watched).toEqual(await compile(change, undefined, undefined, source));
  });
});

describe("generated files that carry their fingerprint", () => {
  it("are kept as they stand when the rules give the very code they were formatted from", async () => {
    const text = await readFile(join(REPO_ROOT, SOURCE), "utf8");
    const files = await compile(text);
    const cache = new FormatCache();
    expect(await compile(text, cache, undefined, SOURCE, files)).toEqual(files);
    expect(cache.counts.formatted).toBe(0);
    // What the kept files hold was learnt: a change then formats only the statements it changed.
    const change = edited(text, "Edited");
    expect(await compile(change, cache, undefined, SOURCE, files)).toEqual(await compile(change));
    expect(cache.counts.formatted).toBeGreaterThanOrEqual(1);
    expect(cache.counts.formatted).toBeLessThanOrEqual(4);
  });

  it("are formatted anew when edited by hand, or made from other rules", async () => {
    const text = await readFile(join(REPO_ROOT, SOURCE), "utf8");
    const files = await compile(text);
    const byHand = files.map((f) => ({ ...f, content: f.content.replace("export", "export /* mine */") }));
    const cache = new FormatCache();
    expect(await compile(text, cache, undefined, SOURCE, byHand)).toEqual(files);
    expect(cache.counts.formatted).toBeGreaterThan(50);
    const change = edited(text, "Other");
    expect(await compile(change, undefined, undefined, SOURCE, files)).toEqual(await compile(change));
  });
});
