/**
 * `rules diff <game> --variant <v>`: what a variant changes against the base game.
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { diffVariant, formatVariantDiff } from "../src/cli/diff.ts";
import { REPO_ROOT } from "../src/cli/registry.ts";

const TOUR = join(REPO_ROOT, "compiler/test/fixtures/tour/tour.rules");

describe("rules diff", () => {
  it("lists the params a variant sets, base value then the variant's, and a diff of each rule it replaces", async () => {
    const d = diffVariant(await readFile(TOUR, "utf8"), "tour.rules", "quick");
    expect(d).toMatchObject({
      variant: "quick",
      title: "Quick game",
      params: [{ name: "GOAL", base: "6", variant: "3" }],
    });
    expect(d.replaced.map((r) => r.rule)).toEqual(["fn cardValue"]);
    const patch = d.replaced[0]!.patch.split("\n");
    expect(patch[0]).toMatch(/^--- base: fn cardValue \(line \d+\)$/);
    expect(patch[1]).toMatch(/^\+\+\+ quick: fn cardValue \(line 42\)$/);
    // Compared at the same indentation: only the body differs.
    expect(patch.filter((l) => l.startsWith("+") && !l.startsWith("+++"))).toEqual([
      "+fn cardValue(c: Card): int = c.rank * 2",
    ]);
    const text = formatVariantDiff("tour", d);
    expect(text).toMatch(/^tour: variant quick "Quick game" against the base game\n\nparams:\n {2}GOAL: 6 -> 3\n/);
  });

  it("names the variants there are when asked for another", async () => {
    const text = await readFile(TOUR, "utf8");
    expect(() => diffVariant(text, "tour.rules", "slow")).toThrow('tour.rules has no variant "slow" (variants: quick)');
  });
});
