/**
 * `can pay(p, cost)` in the engine: true when some answers to the procedure's decisions (and those of the procedures
 * it calls) play it to its end, found by its trial version, which plays on the game itself and undoes each run: the
 * game is left as it was, whatever the procedure changes and however it reaches it.
 */
import { describe, expect, it } from "vitest";
import type { AnyEngine, EngineAction } from "@rules/runtime";
import { compileRules } from "../src/compile.ts";
import { REPO_ROOT } from "../src/cli/registry.ts";
import { checkCompiles } from "../fuzz/properties.ts";
import { withEngine } from "./engine-harness.ts";

// A purse of 1s and a 2 pays a cost coin by coin; a 2 only where 2 or more are due. Paying 3 with two 1s and a 2
// takes the 2 first or last; paying 3 with a 2 alone cannot be done, though the first coin can be paid.
const PURSE = [
  'game "Purse" { players 2..2 }',
  "record Purse { ones: int  twos: int }",
  "per player { purse: Purse = Purse(ones: 2, twos: 1)  bought: int }",
  "proc pay(p: Player, cost: int) {",
  "  let due = cost",
  "  while due > 0 {",
  "    choose coin: 1..2 by p where (coin == 1 and p.purse.ones > 0) or (coin == 2 and p.purse.twos > 0 and due >= 2)",
  "    if coin == 1 {",
  "      p.purse.ones -= 1",
  "    } else {",
  "      p.purse.twos -= 1",
  "    }",
  "    due -= coin",
  "  }",
  "}",
  "// A ware of price n may be bought when its price can be paid.",
  "action Buy(price: 1..6) {",
  '  require can pay(me, price) else "You cannot pay {price}."',
  "  pay(me, price)",
  "  me.bought += price",
  "}",
  "flow {",
  "  act players[0]: Buy",
  "  act players[0]: Buy or stop",
  "}",
  "scoring { score p: p.bought }",
].join("\n");

const buy = (price: number): EngineAction & { price: number } => ({ type: "Buy", player: 0, price });

describe("`can`", () => {
  it("is true exactly when some answers pay the whole cost, and looking changes nothing", async () => {
    await withEngine(PURSE, (engine: AnyEngine) => {
      const state = engine.newGame({ players: 2, seed: 1 });
      const before = JSON.stringify(state);
      // 1 to 4 can be paid from 1 + 1 + 2; 5 and 6 cannot.
      expect(engine.legalActions(state, 0)).toEqual([1, 2, 3, 4].map(buy));
      expect(engine.check(state, buy(5))).toBe("You cannot pay 5.");
      expect(JSON.stringify(state)).toBe(before);
    });
  });

  it("searches past a first answer that leads nowhere", async () => {
    // Stones making exactly 4: from 1, 3, 2 the last offered (the 2) leaves 1 and 3, neither of which finishes, but
    // the 3 then the 1 does; from 3 and 2 nothing does, nor from 3 alone.
    const stones = [
      'game "Stones" { players 2..2 }',
      "per player { bag: list<int>  kept: list<int>  found: int }",
      "proc makeFour(p: Player) {",
      "  let total = 0",
      "  while total < 4 {",
      "    choose stone: int in p.bag by p where total + stone <= 4",
      "    total += stone",
      "    remove stone from p.bag",
      "    add stone to p.kept",
      "  }",
      "}",
      "flow {",
      "  let p = players[0]",
      "  p.bag = [1, 3, 2]",
      "  if can makeFour(p) {",
      "    p.found += 1",
      "  }",
      "  p.bag = [3, 2]",
      "  if can makeFour(p) {",
      "    p.found += 10",
      "  }",
      "  // The 3 is the only answer, and then nothing is left: no way round that dead end.",
      "  p.bag = [3]",
      "  if can makeFour(p) {",
      "    p.found += 100",
      "  }",
      "}",
      "scoring { score p: p.found * 100 + size(p.bag) * 10 + size(p.kept) }",
    ].join("\n");
    await withEngine(stones, (engine: AnyEngine) => {
      const state = engine.newGame({ players: 2, seed: 1 });
      // Found once, and the bag and the stones kept as they were: the searches played on copies.
      expect(engine.outcome(state)?.scores).toEqual([110, 0]);
    });
  });

  it("plays the procedure's trial version on the game itself, noting each change to undo it", async () => {
    const result = await compileRules({ name: "inline", sourcePath: "inline.rules", text: PURSE });
    expect(result.diagnostics).toEqual([]);
    const engine = result.files.find((f) => f.path.endsWith("engine.ts"))!.content;
    expect(engine).toContain("canPlay(0, (trial) => tryPay(state, trial, me, price))");
    // A decision lists the answers its condition allows, and takes the one the trial gives.
    // With none, the run is stuck: the procedure returns at once.
    expect(engine).toMatch(
      /const coinAt = trial\.answer\(coinAnswers\.length\);\s+if \(coinAt < 0\) return;\s+const coin = coinAnswers\[coinAt\]!;/,
    );
    expect(engine).toMatch(
      /trial\.keep\(state\.players\[p\]!\.purse, "ones"\);\s+state\.players\[p\]!\.purse\.ones -= 1;/,
    );
    // The procedure's own `let` dies with the run: nothing to note.
    expect(engine).not.toContain("trial.keep(due");
  });

  it("stops at a dead end met in a procedure called, whether it gives a value or not", async () => {
    // Each procedure reads past the bag's end after its calls: reached only if a run went on past a dead end.
    const stuck = [
      'game "Stuck" { players 2..2 }',
      "per player { bag: list<int>  found: int }",
      "proc takeOne(p: Player) {",
      "  choose stone: int in p.bag by p",
      "  remove stone from p.bag",
      "}",
      "proc takeTwo(p: Player) {",
      "  takeOne(p)",
      "  takeOne(p)",
      "  p.found += p.bag[5]",
      "}",
      "proc secondOf(p: Player): int {",
      "  takeOne(p)",
      "  takeOne(p)",
      "  return p.bag[5]",
      "}",
      "proc viaValue(p: Player) {",
      "  let x = secondOf(p)",
      "  p.found += x",
      "}",
      "flow {",
      "  let p = players[0]",
      "  p.bag = [1]",
      "  if can takeTwo(p) {",
      "    p.found += 1",
      "  }",
      "  if can viaValue(p) {",
      "    p.found += 10",
      "  }",
      "  if can takeOne(p) {",
      "    p.found += 100",
      "  }",
      "}",
      "scoring { score p: p.found * 10 + size(p.bag) }",
    ].join("\n");
    const result = await compileRules({ name: "inline", sourcePath: "inline.rules", text: stuck });
    const engine = result.files.find((f) => f.path.endsWith("engine.ts"))!.content;
    // Each caller returns after a call that got stuck; one that gives a value cannot, and stops the run.
    expect(engine).toMatch(/tryTakeOne\(state, trial, p\);\s+if \(trial\.stuck\) return;/);
    expect(engine).toMatch(/tryTakeOne\(state, trial, p\);\s+if \(trial\.stuck\) trial\.stop\(\);/);
    await withEngine(stuck, (engine: AnyEngine) => {
      const state = engine.newGame({ players: 2, seed: 1 });
      // Neither two-stone procedure can be played with one stone; one stone can be taken; the bag keeps it.
      expect(engine.outcome(state)?.scores).toEqual([1001, 0]);
    });
  });

  it("gives the right answer when the procedure changes another player than the one it is asked for", async () => {
    // The cost is paid from the other player's purse: a copy restricted to the payer would change the real game.
    const text = PURSE.replaceAll("p.purse", "other(p).purse").replace(
      "proc pay(",
      "fn other(p: Player): Player = players[1 - seat(p)]\nproc pay(",
    );
    await withEngine(text, (engine: AnyEngine) => {
      const state = engine.newGame({ players: 2, seed: 1 });
      const purses = (): unknown[] => (state as { players: { purse: unknown }[] }).players.map((p) => p.purse);
      const full = { ones: 2, twos: 1 };
      expect(purses()).toEqual([full, full]);
      expect(engine.legalActions(state, 0)).toEqual([1, 2, 3, 4].map(buy));
      expect(purses()).toEqual([full, full]);
    });
  });
});

describe("`can`, through a loop's variable", () => {
  it("copies the players a procedure changes through a record it loops over", async () => {
    // The loop's variable is the coin of the game itself: the copies must not share the player it belongs to.
    const text = [
      'game "Spent" { players 2..2 }',
      "record Coin { value: int  spent: bool }",
      "per player { coins: list<Coin> = [Coin(value: 1), Coin(value: 2)] }",
      "proc spendAll(p: Player) {",
      "  choose sure: bool by p where sure",
      "  for c in p.coins {",
      "    c.spent = true",
      "  }",
      "}",
      "action Spend {",
      '  require can spendAll(me) else "No."',
      "  spendAll(me)",
      "}",
      "flow {",
      "  act players[0]: Spend or stop",
      "}",
      "scoring { score p: count(c in p.coins: c.spent) }",
    ].join("\n");
    await withEngine(text, (engine: AnyEngine) => {
      const state = engine.newGame({ players: 2, seed: 1 });
      const spent = (): boolean[] =>
        (state as { players: { coins: { spent: boolean }[] }[] }).players.flatMap((p) => p.coins.map((c) => c.spent));
      expect(spent()).toEqual([false, false, false, false]);
      expect(engine.legalActions(state, 0)).toEqual([
        { type: "Spend", player: 0 },
        { type: "stop", player: 0 },
      ]);
      expect(spent()).toEqual([false, false, false, false]);
    });
  });
});

describe("`can` of a procedure that never ends", () => {
  it("stops the game naming the question and its line, once a way has asked 200 decisions", async () => {
    const text = [
      'game "Endless" { players 2..2 }',
      "per player { coins: int }",
      "proc spin(p: Player) {",
      "  while true {",
      "    choose turn: 1..2 by p",
      "    p.coins += turn",
      "  }",
      "}",
      "action Spin {",
      '  require can spin(me) else "No."',
      "}",
      "flow {",
      "  act players[0]: Spin or stop",
      "}",
      "scoring { score p: p.coins }",
    ].join("\n");
    await withEngine(text, (engine: AnyEngine) => {
      expect(() => engine.newGame({ players: 2, seed: 1 })).toThrow(
        "`can spin(...)` at line 10 asked more than 200 decisions without ending",
      );
    });
  });
});

describe("`can` of a procedure that changes maps, ends the game or stops it with an error", () => {
  it("leaves the game as it was: a map's keys in their order, the game not over, nothing half done", async () => {
    // Spending empties the stock type by type (taking its key out of the map), and may end the game or overrun.
    const text = [
      'game "Stock" { players 2..2 }',
      "enum Good { fish, salt, wine }",
      "global { stock: map<Good, int> = { fish: 1, salt: 2, wine: 1 }  asked: int }",
      "proc spend(p: Player, mode: int) {",
      "  choose g: Good by p where has(stock, g)",
      "  remove g from stock",
      "  if mode == 1 {",
      '    end "the stock ran out"',
      "  }",
      "  if mode == 2 {",
      "    asked = [1, 2][5]",
      "  }",
      "  choose again: Good by p where has(stock, again) and again == fish",
      "}",
      "flow {",
      "  if can spend(players[0], 0) {",
      "    asked += 1",
      "  }",
      "  if can spend(players[0], 1) {",
      "    asked += 10",
      "  }",
      "  act players[0]: Look",
      "}",
      "action Look(mode: 0..2) {",
      '  require can spend(me, mode) else "No."',
      "}",
      "scoring { score p: asked }",
    ].join("\n");
    await withEngine(text, (engine: AnyEngine) => {
      const state = engine.newGame({ players: 2, seed: 1 });
      const before = JSON.stringify(state);
      // Spending salt or wine first leaves fish to take next: found; the end of the game ends the procedure: found.
      expect((state as { asked: number }).asked).toBe(11);
      expect(Object.keys((state as { stock: object }).stock)).toEqual(["fish", "salt", "wine"]);
      expect(engine.isOver(state)).toBe(false);
      // An error in the procedure stops the question, and every change made on the way is undone.
      expect(engine.check(state, { type: "Look", player: 0, mode: 0 } as EngineAction)).toBeNull();
      expect(() => engine.check(state, { type: "Look", player: 0, mode: 2 } as EngineAction)).toThrow(
        /inline.rules:11:13: index 5 is outside a list of 2/,
      );
      expect(JSON.stringify(state)).toBe(before);
    });
  });
});

describe("`can` of a procedure that draws from a list", () => {
  it("puts the card drawn back where it was", async () => {
    const text = [
      'game "Draw" { players 2..2 }',
      "per player { bag: list<int> = [3, 1, 2]  kept: list<int>  able: bool }",
      "proc keepTop(p: Player) {",
      "  let top = draw(p.bag)",
      "  choose sure: bool by p where sure and top > 1",
      "  add top to p.kept",
      "}",
      "flow {",
      "  players[0].able = can keepTop(players[0])",
      "  act players[0]: Wait",
      "}",
      "action Wait {}",
      "scoring { score p: size(p.bag) }",
    ].join("\n");
    await withEngine(text, (engine: AnyEngine) => {
      const state = engine.newGame({ players: 2, seed: 1 }) as {
        players: { bag: number[]; kept: number[]; able: boolean }[];
      };
      expect(state.players[0]).toEqual({ bag: [3, 1, 2], kept: [], able: true });
    });
  });
});

describe("`can` of a procedure with fields of its own run", () => {
  it("leaves them as the last real run left them", async () => {
    const text = [
      'game "Per" { players 2..2 }',
      "per pay { paid: int }",
      "global { seen: int }",
      "proc pay(p: Player, n: int) {",
      "  choose coin: 1..2 by p where coin <= n",
      "  paid += coin",
      "}",
      "flow {",
      "  pay(players[0], 1)",
      "  seen = paid",
      "  // The question starts the field again for its own run, and puts it back.",
      "  if can pay(players[0], 2) {",
      "    seen += 10 * paid",
      "  }",
      "}",
      "scoring { score p: seen }",
    ].join("\n");
    await withEngine(text, (engine: AnyEngine) => {
      const state = engine.newGame({ players: 2, seed: 1 });
      engine.apply(state, { type: "coin", player: 0, value: 1 } as EngineAction);
      expect((state as unknown as { seen: number }).seen).toBe(11);
    });
  });
});

describe("`can` of a procedure with an answer it never reads", () => {
  it("still needs that answer to be possible, and its trial version type-checks", async () => {
    // The next player confirms each coin; nothing can be confirmed once too much is paid. The confirmation is never
    // read: its trial takes an answer without naming it (a named one failed the engine's type-check, found by the
    // fuzzer).
    const text = [
      'game "Tally" { players 2..2 }',
      "global { due: int  settled: int }",
      "proc settle(p: Player, k: int) {",
      "  due = k",
      "  while due > 0 {",
      "    choose coin: 2..3 by p",
      "    choose note: bool by p",
      "    due -= coin",
      "    choose confirm: bool by next(p) where due >= 0",
      "  }",
      "}",
      "action Settle(k: 0..5) {",
      '  require can settle(me, k) else "{k} cannot be paid in 2s and 3s."',
      "  settled = k",
      "}",
      "flow {",
      "  act players[0]: Settle",
      "}",
      "scoring { score p: settled }",
    ].join("\n");
    await withEngine(text, (engine: AnyEngine) => {
      const state = engine.newGame({ players: 2, seed: 1 });
      const offered = engine.legalActions(state, 0).map((a) => (a as EngineAction & { k: number }).k);
      expect(offered).toEqual([0, 2, 3, 4, 5]);
      expect(engine.check(state, { type: "Settle", player: 0, k: 1 } as EngineAction)).toBe(
        "1 cannot be paid in 2s and 3s.",
      );
    });
    // Type-checked with the repository's settings (unused locals are errors), and played.
    await checkCompiles(text, REPO_ROOT);
  });
});
