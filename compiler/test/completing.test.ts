/**
 * `completing { ... }` in the engine: inside the block a decision offers only the answers after which some answers to
 * the block's later decisions reach its end; a refused one gets the block's message; `when several` counts only those
 * answers; looking never changes the game, and a game saved in the middle of a block goes on the same.
 */
import { describe, expect, it } from "vitest";
import { Session, createSave, restore, type AnyEngine, type EngineAction } from "@rules/runtime";
import { withEngine } from "./engine-harness.ts";

// Stones worth exactly 4 out of 1, 2 and 3: the 1 and the 3 can start it, the 2 cannot (2 + 1 = 3, and 2 + 3 = 5).
const STONES = [
  'game "Stones" { players 2..2 }',
  "per player { bag: list<int>  kept: list<int> }",
  "flow {",
  "  let p = players[0]",
  "  p.bag = [1, 2, 3]",
  '  completing else "Those stones cannot make 4." {',
  "    let total = 0",
  "    while total < 4 {",
  "      choose stone: int in p.bag by p when several where total + stone <= 4",
  "      total += stone",
  "      remove stone from p.bag",
  "      add stone to p.kept",
  "    }",
  "  }",
  "}",
  "scoring { score p: sum(s in p.kept: s) }",
].join("\n");

const stone = (position: number): EngineAction & { value: number } => ({ type: "stone", player: 0, value: position });

describe("a `completing` block", () => {
  it("offers only the answers after which the block can be finished, and refuses the others with its message", async () => {
    await withEngine(STONES, (engine: AnyEngine) => {
      const state = engine.newGame({ players: 2, seed: 1 });
      const before = JSON.stringify(state);
      expect(engine.legalActions(state, 0)).toEqual([stone(0), stone(2)]);
      expect(engine.check(state, stone(1))).toBe("Those stones cannot make 4.");
      // Looking ahead plays copies: the game itself is untouched.
      expect(JSON.stringify(state)).toBe(before);
      // After the 1, the 2 could still be taken (1 + 2 <= 4) but leaves 3 with no stone to finish: only the 3
      // finishes, so it is taken without asking.
      engine.apply(state, stone(0));
      expect(engine.isOver(state)).toBe(true);
      expect(engine.outcome(state)?.scores).toEqual([4, 0]);
    });
  });

  it("goes on the same from a game saved in the middle of the block", async () => {
    await withEngine(STONES, (engine: AnyEngine) => {
      const session = Session.create(engine, { players: 2, seed: 1 });
      const state = session.state;
      expect((state as { completing?: unknown[] }).completing).toEqual([{ block: 0, depth: 0 }]);
      const restored = restore(engine, JSON.parse(JSON.stringify(createSave(session)))).snapshot();
      expect(engine.legalActions(restored, 0)).toEqual(engine.legalActions(state, 0));
      engine.apply(restored, stone(2));
      expect(engine.outcome(restored)?.scores).toEqual([4, 0]);
      expect((restored as { completing?: unknown[] }).completing).toEqual([]);
    });
  });

  it("refuses, without a message of its own, naming the line where the step begins", async () => {
    await withEngine(STONES.replace(' else "Those stones cannot make 4."', ""), (engine: AnyEngine) => {
      const state = engine.newGame({ players: 2, seed: 1 });
      expect(engine.check(state, stone(1))).toBe("That answer leaves no way to finish the step that begins at line 6.");
    });
  });

  it("searches through the procedures it calls, to the end of the outermost block", async () => {
    const text = [
      'game "Purse" { players 2..2 }',
      "// A purse holds two 1s and one 2; a 2 pays only where 2 or more are due. The searches play on copies: the",
      "// purse (a record), the coins paid (a list) and the counts (a map) must come out of them untouched.",
      "record Purse { ones: int  twos: int }",
      "per player { purse: Purse = Purse(ones: 2, twos: 1)  coins: list<int>  paid: map<int, int> = {} }",
      "proc pay(p: Player, n: int) {",
      "  let due = n",
      "  completing {",
      "    while due > 0 {",
      "      choose coin: 1..2 by p where (coin == 1 and p.purse.ones > 0) or (coin == 2 and p.purse.twos > 0 and due >= 2)",
      "      if coin == 1 { p.purse.ones -= 1 } else { p.purse.twos -= 1 }",
      "      due -= coin",
      "      add coin to p.coins",
      "      p.paid[n] = (if has(p.paid, n) then p.paid[n] else 0) + coin",
      "    }",
      "  }",
      "}",
      "flow {",
      "  // Pay 2, then 1: paying the 2 with two 1s would leave only the 2, which cannot pay 1.",
      "  completing {",
      "    pay(players[0], 2)",
      "    pay(players[0], 1)",
      "  }",
      "}",
      "scoring { score p: sum(c in p.coins: c) }",
    ].join("\n");
    await withEngine(text, (engine: AnyEngine) => {
      const state = engine.newGame({ players: 2, seed: 1 });
      const coin = (value: number): EngineAction & { value: number } => ({ type: "coin", player: 0, value });
      // Within the first payment alone a 1 would do (1 + 1); the outer block rules it out.
      const before = JSON.stringify(state);
      expect(engine.legalActions(state, 0)).toEqual([coin(2)]);
      expect(JSON.stringify(state)).toBe(before);
      // The flow's block, then the payment's, in the procedure's frame above the flow's.
      expect((state as { completing?: unknown[] }).completing).toEqual([
        { block: 1, depth: 0 },
        { block: 0, depth: 1 },
      ]);
      engine.apply(state, coin(2));
      expect(engine.legalActions(state, 0)).toEqual([coin(1)]);
      engine.apply(state, coin(1));
      expect(engine.outcome(state)?.scores).toEqual([3, 0]);
      expect((state as { players: { paid: unknown }[] }).players[0]!.paid).toEqual({ 1: 1, 2: 2 });
    });
  });

  it("leaves the records the rules hold across it where they are", async () => {
    const text = [
      'game "Pots" { players 2..2 }',
      "record Pot { coins: int }",
      "global { pots: list<Pot> }",
      "proc fill() {",
      "  completing {",
      "    choose c: 1..2 by players[0]",
      "    // A search of the 2 puts a pot before the one held below; the game itself is answered 1.",
      "    if c == 2 {",
      "      add Pot(coins: 5) to top of pots",
      "    }",
      "  }",
      "}",
      "// The pot is held while the block asks (and is searched): afterwards it must still be the game's first pot.",
      "proc topUp(pot: Pot) {",
      "  fill()",
      "  pot.coins += 10",
      "}",
      "flow {",
      "  pots = [Pot(coins: 0)]",
      "  topUp(pots[0])",
      "}",
      "scoring { score p: pots[0].coins }",
    ].join("\n");
    await withEngine(text, (engine: AnyEngine) => {
      const state = engine.newGame({ players: 2, seed: 1 });
      const c = (value: number): EngineAction & { value: number } => ({ type: "c", player: 0, value });
      const before = JSON.stringify(state);
      expect(engine.legalActions(state, 0)).toEqual([c(1), c(2)]);
      expect(JSON.stringify(state)).toBe(before);
      engine.apply(state, c(1));
      expect(engine.outcome(state)?.scores).toEqual([10, 10]);
    });
  });

  it("takes a `when several` answer alone when it is the only one that can be finished, none included", async () => {
    const text = [
      'game "Exact" { players 2..2 }',
      "global { paid: int }",
      "flow {",
      "  completing {",
      "    // 1, 3 or nothing: only 1 makes the exact amount the next step asks.",
      "    choose coin: int? in [1, 3] by players[0] when several",
      "    if let c = coin {",
      "      paid += c",
      "    }",
      "    choose exact: int in [0] by players[0] when several where paid == 1",
      "  }",
      "  act players[1]: Pass",
      "}",
      "action Pass {",
      "}",
      "scoring { score p: paid }",
    ].join("\n");
    await withEngine(text, (engine: AnyEngine) => {
      const state = engine.newGame({ players: 2, seed: 1 });
      // Nobody was asked to pay: the 1 was the only answer, and the game waits for seat 1.
      expect(engine.toAct(state)).toEqual([1]);
      expect((state as { paid?: number }).paid).toBe(1);
    });
  });
});
