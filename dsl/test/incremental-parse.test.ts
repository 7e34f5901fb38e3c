/**
 * A file saved again is parsed again only where it changed (`ParseCache`), and the result is exactly what a parse of
 * the whole file gives: the same declarations at the same positions, the same diagnostics.
 */
import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ParseCache, declarationPieces } from "../src/incremental-parse.ts";
import { loadRules } from "../src/load.ts";
import { parseRules } from "../src/parse.ts";
import { game } from "./helpers.ts";

const FILES = [
  "rulesets/letter-of-marque/letter-of-marque.rules",
  "rulesets/glen-more/glen-more.rules",
  "rulesets/predoni-dei-mari/predoni-dei-mari.rules",
  "rulesets/merchants-and-marauders/merchants-and-marauders.rules",
  "rulesets/connect-four/connect-four.rules",
  "rulesets/breakthrough/breakthrough.rules",
  "compiler/test/fixtures/tour/tour.rules",
  "compiler/test/fixtures/names/names.rules",
  "compiler/test/fixtures/faulty.rules",
];
const read = (path: string): string => readFileSync(new URL(`../../${path}`, import.meta.url), "utf8");

/** How many distinct objects a tree is made of: what the parser shares between nodes must stay shared. */
function objectCount(root: unknown): number {
  const seen = new Set<object>();
  const stack = [root];
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v !== "object" || v === null || seen.has(v)) continue;
    seen.add(v);
    for (const x of Object.values(v)) stack.push(x);
  }
  return seen.size;
}

/** The cache's parse of `text` is the whole file's parse, node for node and diagnostic for diagnostic. */
function expectSameAsWholeParse(cache: ParseCache, text: string, path = "t.rules"): void {
  const whole = parseRules(text, path);
  const cached = cache.parse(text, path);
  expect(cached.diagnostics).toEqual(whole.diagnostics);
  expect(cached.file).toEqual(whole.file);
  expect(objectCount(cached.file)).toBe(objectCount(whole.file));
}

// The tests compare parses of whole rulesets node for node: seconds each on a loaded machine.
describe("parsing again only what changed", { timeout: 60_000 }, () => {
  it.each(FILES)("%s: the same declarations, positions and diagnostics as a parse of the whole file", (path) => {
    expectSameAsWholeParse(new ParseCache(), read(path), path);
  });

  it("cuts the text before each line that starts a declaration", () => {
    const text = '// a game\ngame "T" { players 2..4 }\nfn f(): int = 1\n  fn g\nflow {\n  end\n}\n';
    expect(declarationPieces(text).map((p) => [p.line, p.text])).toEqual([
      [1, "// a game\n"],
      [2, 'game "T" { players 2..4 }\n'],
      [3, "fn f(): int = 1\n  fn g\n"],
      [5, "flow {\n  end\n}\n"],
    ]);
  });

  it("counts lines as the lexer does: CR LF, a lone CR, and a line separator that is only white space", () => {
    const text = game("fn f(): int = 1\nfn g(): int = 2\nfn h(): int = 3");
    for (const [pattern, by] of [
      [/\n/g, "\r\n"],
      [/\n/g, "\r"],
      [/\n(?=fn g)/g, "\n\u2028"],
      [/\n(?=fn h)/g, "\u2028"],
    ] as const) {
      const changed = text.replace(pattern, by);
      expectSameAsWholeParse(new ParseCache(), `${changed}fn broken(): int = )`);
      expectSameAsWholeParse(new ParseCache(), changed);
    }
  });

  const predoni = read("rulesets/predoni-dei-mari/predoni-dei-mari.rules");

  it("parses nothing again when the text is the same, and only the declaration edited", () => {
    const cache = new ParseCache();
    cache.parse(predoni, "p.rules");
    expect(cache.parsedPieces).toBeGreaterThan(100);
    cache.parse(predoni, "p.rules");
    expect(cache.parsedPieces).toBe(0);
    const at = predoni.indexOf('else "');
    const edited = `${predoni.slice(0, at + 6)}Edited: ${predoni.slice(at + 6)}`;
    expectSameAsWholeParse(cache, edited, "p.rules");
    expect(cache.parsedPieces).toBe(1);
  });

  it("moves every declaration after lines added above it, without parsing it again", () => {
    const cache = new ParseCache();
    cache.parse(predoni, "p.rules");
    expectSameAsWholeParse(cache, `// one\n// two\n\n${predoni}`, "p.rules");
    expect(cache.parsedPieces).toBe(1);
  });

  it("gives a file with an error the whole file's diagnostics, and reads the mended file again", () => {
    const cache = new ParseCache();
    const good = game("fn f(): int = 1\nfn g(): int = 2");
    cache.parse(good, "t.rules");
    const broken = good.replace("= 2", "= ");
    const result = cache.parse(broken, "t.rules");
    expect(result.file).toBeUndefined();
    expect(result.diagnostics).toEqual(parseRules(broken, "t.rules").diagnostics);
    expect(result.diagnostics.map((d) => d.span.line)).toEqual([4]);
    expectSameAsWholeParse(cache, good);
  });

  it("reads a file whole where a line starts with a declaration word inside a comment or a block", () => {
    const commented = game("/*\nfn f(): int = 1\n*/\nfn g(): int = 2");
    expectSameAsWholeParse(new ParseCache(), commented);
    expect(parseRules(commented, "t.rules").file!.declarations.map((d) => d.kind)).toEqual(["game", "fn", "flow"]);
    // `table` is not reserved: a field may be called so, and stand at the start of a line.
    expectSameAsWholeParse(new ParseCache(), game("global {\ntable: int\n}"));
    expectSameAsWholeParse(new ParseCache(), game("global {\nderived: int\n}"));
    // Nor is `way`: a declaration only before a name and its parameters.
    expectSameAsWholeParse(new ParseCache(), game("global {\nway: int\n}"));
  });

  it("cuts before a way's declaration, not before a line that names a field `way`", () => {
    const text = 'game "T" { players 2..4 }\nway sea(h: Hex) {\n  s from h\n  within: 1\n}\nflow {\nway = 1\n}\n';
    expect(declarationPieces(text).map((p) => p.line)).toEqual([1, 2, 6]);
  });

  it("never hands out the tree the checker wrote into", () => {
    const cache = new ParseCache();
    const path = "rulesets/glen-more/glen-more.rules";
    const text = read(path);
    const first = loadRules(text, path, cache);
    expect(first.diagnostics).toEqual([]);
    // The checker has written types and references into the first tree; a second parse has none of them.
    expectSameAsWholeParse(cache, text, path);
    const second = loadRules(text, path, cache);
    expect(second.diagnostics).toEqual([]);
    expect(second.file!.declarations[0]).not.toBe(first.file!.declarations[0]);
  });

  it("agrees with a parse of the whole file after any lines are removed, doubled or added", () => {
    const lines = read("rulesets/glen-more/glen-more.rules").split("\n");
    const cache = new ParseCache();
    cache.parse(lines.join("\n"), "g.rules");
    const edit = fc.record({
      at: fc.nat({ max: lines.length - 1 }),
      how: fc.constantFrom("remove", "double", "fn", "table", "close", "comment"),
    });
    fc.assert(
      fc.property(fc.array(edit, { minLength: 1, maxLength: 3 }), (edits) => {
        const edited = [...lines];
        for (const { at, how } of edits) {
          const i = Math.min(at, edited.length - 1);
          if (how === "remove") edited.splice(i, 1);
          else if (how === "double") edited.splice(i, 0, edited[i]!);
          else if (how === "fn") edited.splice(i, 0, "fn extra(): int = 1");
          else if (how === "table") edited.splice(i, 0, "table");
          else if (how === "close") edited.splice(i, 0, "}");
          else edited.splice(i, 0, "/*");
        }
        expectSameAsWholeParse(cache, edited.join("\n"), "g.rules");
      }),
      { seed: 11, numRuns: 25 },
    );
  });
});
