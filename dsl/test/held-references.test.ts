/** A record of the game state may not be held across a decision: a saved game could not keep the link. */
import { describe, expect, it } from "vitest";
import { loadRules } from "../src/index.ts";

const game = (body: string): string => `game "H" { players 2..2 }
record Ship { owner: Player  hits: int }
global { sea: list<Ship> }
setup { add Ship(owner: players[0]) to sea }
${body}`;

const codes = (text: string): string[] => loadRules(text, "h.rules").diagnostics.map((d) => `${d.code}@${d.span.line}`);

describe("holding a record of the state across a decision", () => {
  it("is refused for a loop variable used after a decision in the loop body", () => {
    expect(codes(game("flow {\n  for s in sea {\n    choose ok: bool by s.owner\n    s.hits += 1\n  }\n}"))).toEqual([
      "RL113@8",
    ]);
  });

  it("is refused for an action parameter used after a choice", () => {
    const text = game(
      "flow { act players[0]: Hit }\naction Hit(target: Ship in sea) {\n  choose really: bool by me\n  if really { target.hits += 1 }\n}",
    );
    expect(codes(text)).toEqual(["RL113@8"]);
  });

  it("is allowed before the decision, and for a fresh loop variable on each iteration", () => {
    const text = game("flow {\n  for s in sea {\n    s.hits += 1\n    choose ok: bool by s.owner\n  }\n}");
    expect(codes(text)).toEqual([]);
  });

  it("is allowed for values that are not records (players, numbers)", () => {
    const text = game(
      "flow {\n  for p in players {\n    choose ok: bool by p\n    act p: Pass\n  }\n}\naction Pass {\n}",
    );
    expect(codes(text)).toEqual([]);
  });
});
