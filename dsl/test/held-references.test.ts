/**
 * A record of the game may be held across a decision: the checker marks the locals that need it, and the engine
 * keeps them as the records' addresses while the game waits (see the compiler's and the runtime's tests).
 */
import { describe, expect, it } from "vitest";
import { loadRules, type LocalSymbol, type Program } from "../src/index.ts";

const game = (body: string): string => `game "H" { players 2..2 }
record Ship { owner: Player  hits: int }
global { sea: list<Ship> }
setup { add Ship(owner: players[0]) to sea }
${body}`;

/** The names of the locals the checker marked as held across a decision, in the order they are declared. */
function heldLocals(text: string): string[] {
  const { program, diagnostics } = loadRules(text, "h.rules");
  expect(diagnostics).toEqual([]);
  const held = new Set<string>();
  const seen = (s: LocalSymbol | undefined): void => {
    if (s?.heldAcrossDecision) held.add(s.name);
  };
  visit(program!, seen);
  return [...held];
}

function visit(program: Program, seen: (s: LocalSymbol | undefined) => void): void {
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (typeof value === "object" && value !== null) {
      for (const [key, field] of Object.entries(value)) {
        if (key === "symbol" || key === "bindingSymbol") seen(field as LocalSymbol);
        else if (key !== "ref" && key !== "type") walk(field);
      }
    }
  };
  walk(program.flow.body);
  for (const p of program.procs.values()) {
    for (const param of p.params) seen(param.symbol);
    walk(p.body);
  }
  for (const a of program.actions.values()) {
    for (const p of a.params) seen(p.symbol);
    walk(a.body);
  }
}

describe("a record of the game held across a decision", () => {
  it("is a loop variable used after a decision in the loop body", () => {
    expect(
      heldLocals(game("flow {\n  for s in sea {\n    choose ok: bool by s.owner\n    s.hits += 1\n  }\n}")),
    ).toEqual(["s"]);
  });

  it("is an action parameter used after a choice", () => {
    const text = game(
      "flow { act players[0]: Hit }\naction Hit(target: Ship in sea) {\n  choose really: bool by me\n  if really { target.hits += 1 }\n}",
    );
    expect(heldLocals(text)).toEqual(["target"]);
  });

  it("is the variable of a loop over records that decides inside: the records still to come wait with it", () => {
    const text = game("flow {\n  for s in sea {\n    s.hits += 1\n    choose ok: bool by s.owner\n  }\n}");
    expect(heldLocals(text)).toEqual(["s"]);
  });

  it("is a parameter whose field takes the value of a procedure that waits for a decision", () => {
    const text = game(
      "proc ask(p: Player): int {\n  choose n: 1..3 by p\n  return n\n}\nproc hit(target: Ship) {\n  target.hits = ask(target.owner)\n}\nflow { hit(sea[0]) }",
    );
    expect(heldLocals(text)).toEqual(["target"]);
  });

  it("is a record used only before the decision: the frame keeps it, a second place its record must not have", () => {
    const text = game(
      "flow { act players[0]: Hit }\naction Hit(target: Ship in sea) {\n  target.hits += 1\n  choose really: bool by me\n}",
    );
    expect(heldLocals(text)).toEqual(["target"]);
  });

  it("is the list a loop of choices over records has left, and its pick", () => {
    const text = game("flow {\n  for s in sea chosen by players[0] {\n    s.hits += 1\n  }\n}");
    expect(heldLocals(text)).toEqual(["s$left", "s"]);
  });

  it("is not a value that is not a record, nor a record declared after the routine's last decision", () => {
    const text = game(
      "flow {\n  for p in players {\n    choose ok: bool by p\n    act p: Pass\n  }\n}\naction Pass {\n}",
    );
    expect(heldLocals(text)).toEqual([]);
    const last = game(
      "flow { act players[0]: Hit }\naction Hit {\n  choose really: bool by me\n  for s in sea { s.hits += 1 }\n}",
    );
    expect(heldLocals(last)).toEqual([]);
  });
});
