/** The complete Letter of Marque rules load cleanly, and their key constructs come out as the compiler expects. */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { routineKey } from "../src/routine-graph.ts";
import { loadRules } from "../src/load.ts";

const path = "rulesets/letter-of-marque/letter-of-marque.rules";
const text = readFileSync(new URL(`../../${path}`, import.meta.url), "utf8");

describe("Letter of Marque", () => {
  const { program, diagnostics } = loadRules(text, path);

  it("loads with no errors and no warnings", () => {
    expect(diagnostics).toEqual([]);
    expect(program).toBeDefined();
  });

  it("has its game, components, state and rules", () => {
    expect(program!.game).toMatchObject({ title: "Letter of Marque", minPlayers: 3, maxPlayers: 6 });
    expect(program!.enums.get("Kind")!.members.map((m) => m.name.text)).toEqual(["armed", "unarmed"]);
    expect([...program!.records.get("Ship")!.fields.keys()]).toEqual(["owner", "value", "armed", "revealed"]);
    expect(program!.playerFields.get("deck")!.decl.visibility.kind).toBe("hidden");
    expect(program!.playerFields.get("reserve")!.decl.visibility.kind).toBe("private");
    expect(program!.records.get("Ship")!.fields.get("armed")!.decl.visibility.kind).toBe("visibleIf");
    expect([...program!.actions.keys()]).toEqual(["Launch", "Return", "Attack", "Pass"]);
    expect(program!.scoring!.tiebreaks).toHaveLength(1);
    expect(program!.tests.length).toBeGreaterThan(10);
  });

  it("waits for players at three decision sites, numbered in source order", () => {
    expect(program!.decisions.map((d) => [d.site, d.kind, routineKey(d.owner)])).toEqual([
      [0, "choose", "flow"],
      [1, "act", "flow"],
      [2, "choose", "action:Launch"],
    ]);
    expect(Object.fromEntries(program!.choiceTypes)).toEqual({ kind: { kind: "enum", name: "Kind" } });
    expect([...program!.suspending].sort()).toEqual(["action:Launch", "flow"]);
  });
});
