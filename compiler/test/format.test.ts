/**
 * The formatter of `.rules` files and its Prettier plugin: every committed rules file is formatted (`npm test`'s
 * Prettier check covers them too); formatting changes only whitespace (the syntax tree is the same), twice changes
 * nothing, and a file with syntax errors is refused with its diagnostics.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import * as prettier from "prettier";
import { describe, expect, it } from "vitest";
import { parseRules } from "@rules/dsl";
import { formatRules, RulesFormatError } from "../src/format/format-rules.ts";
import * as plugin from "../src/format/prettier-plugin.ts";
import { findRulesets } from "../src/cli/compile.ts";
import { REPO_ROOT } from "../src/cli/registry.ts";

const FIXTURES = ["tour/tour.rules", "names/names.rules", "faulty.rules"].map((f) =>
  join(REPO_ROOT, "compiler/test/fixtures", f),
);

async function rulesFiles(): Promise<string[]> {
  return [...(await findRulesets([])).map((r) => r.rulesPath), ...FIXTURES];
}

/** The syntax tree without its positions. */
function tree(text: string): string {
  const { file } = parseRules(text, "t.rules");
  return JSON.stringify(file, (key, value: unknown) => (key === "span" || key === "location" ? undefined : value));
}

/** The same rules, badly laid out: shifted, with trailing spaces, runs of blank lines and tables out of line. */
function disarranged(text: string): string {
  return text
    .split("\n")
    .map((line) =>
      line.trim() === "" ? "\n\n" : `    ${line.trim().startsWith("|") ? line.replace(/ {2,}/g, " ") : line}   `,
    )
    .join("\n");
}

describe("the .rules formatter", () => {
  it("leaves every committed rules file as it is: they are formatted", async () => {
    for (const file of await rulesFiles()) {
      const text = readFileSync(file, "utf8");
      expect(formatRules(text, file) === text, file).toBe(true);
    }
  });

  it("lays out a disarranged file again as it was, changing whitespace only, and formats a formatted file to itself", async () => {
    for (const file of await rulesFiles()) {
      const text = readFileSync(file, "utf8");
      const messy = disarranged(text);
      const formatted = formatRules(messy, file);
      expect(tree(formatted), file).toBe(tree(messy));
      expect(formatted === text, file).toBe(true);
      expect(formatRules(formatted, file) === formatted, file).toBe(true);
    }
  });

  it("aligns a table's columns and keeps blank cells and comments", () => {
    const text = [
      'game "T" { players 2..2 }',
      "record Row { name: string  cost: int = 0 }",
      "table ROWS of Row {",
      "| name | cost |",
      '| "Farm" |  | // free',
      '| "Castle" | 12 |',
      "}",
      "flow { }",
      "",
    ].join("\n");
    expect(formatRules(text).split("\n").slice(3, 6)).toEqual([
      "  | name     | cost |",
      '  | "Farm"   |      | // free',
      '  | "Castle" | 12   |',
    ]);
  });

  it("keeps a table whose row goes on over the next line as it is written, losing no cell", () => {
    // Found by the fuzzer (a line break inserted in a row): aligning took a line's cells up to its last `|` only, so
    // `cove` was lost and the lone `|` of the next line became a row of its own.
    const text = [
      'game "T" { players 2..2 }',
      "enum Zone { bay, cape, cove }",
      "record Link { one: Zone  other: Zone }",
      "table LINKS of Link {",
      "| one  | other |",
      "  | bay  | cove",
      "   |",
      "| cape |   bay | // the way back",
      "}",
      "flow { }",
      "",
    ].join("\n");
    const formatted = formatRules(text);
    expect(formatted.split("\n").slice(4, 8)).toEqual([
      "  | one  | other |",
      "  | bay  | cove",
      "  |",
      "  | cape |   bay | // the way back",
    ]);
    expect(formatRules(formatted)).toBe(formatted);
  });

  it("spaces brackets and commas, and leaves strings, trailing comments and the two spaces between fields", () => {
    const text = [
      'game "T" { players 2..2 }',
      "global { n: int  hand: list<int> }",
      "flow {",
      '  n = size( [ 1,2 ,3 ] )  // "a ,b"',
      "  add max(n ,4) to hand //( x )",
      "}",
      "",
    ].join("\n");
    expect(formatRules(text).split("\n").slice(1, 5)).toEqual([
      "global { n: int  hand: list<int> }",
      "flow {",
      '  n = size([1, 2, 3])  // "a ,b"',
      "  add max(n, 4) to hand //( x )",
    ]);
  });

  it("refuses a file with syntax errors, with the diagnostics of rules check, through Prettier too", async () => {
    const broken = 'game "X" { players 2..2 }\nflow {\n  let x =\n}\n';
    expect(() => formatRules(broken)).toThrow(RulesFormatError);
    await expect(prettier.format(broken, { parser: "rules", plugins: [plugin], filepath: "x.rules" })).rejects.toThrow(
      /x\.rules:4:1 error RL003/,
    );
    const clean = 'game "X" { players 2..2 }\nflow {\nend\n}\n';
    expect(await prettier.format(clean, { parser: "rules", plugins: [plugin], filepath: "x.rules" })).toBe(
      'game "X" { players 2..2 }\nflow {\n  end\n}\n',
    );
  });
});
