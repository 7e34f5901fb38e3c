/**
 * `completing [else "message"] { ... }`: the decisions inside the block (and in the procedures it calls) offer only
 * the answers after which the block can still be finished. The engine finds them by playing the rest of the block on
 * copies of the game, so the block may hold nothing a copy cannot play: offered actions, choices of several players
 * at once, random draws; and `break` and `return` cannot leave it.
 */
import { describe, expect, it } from "vitest";
import { Codes } from "../src/index.ts";
import { game, inFlow, loadClean, soleError } from "./helpers.ts";

const payer = "per player {\n  coins: int = 3\n}\n";
const twoChoices = `completing {
  choose first: 0..3 by players[0]
  choose second: 0..3 by players[0] where first + second <= players[0].coins
}`;

describe("completing", () => {
  it("wraps decisions whose answers must leave the rest answerable, numbered in the order checked", () => {
    const program = loadClean(
      inFlow(`${twoChoices}\n${twoChoices.replaceAll("first", "a").replaceAll("second", "b")}`, payer),
    );
    expect(program.completing.map((b) => [b.block, b.span.line])).toEqual([
      [0, 7],
      [1, 11],
    ]);
  });

  it("may give the refusal of an answer that leaves no way to finish", () => {
    const program = loadClean(inFlow(twoChoices.replace("completing {", 'completing else "Too dear." {'), payer));
    const block = program.completing[0]!;
    expect(block.kind === "completing" && block.message?.value).toBe("Too dear.");
  });

  it("counts the decisions of the procedures it calls", () => {
    loadClean(
      game(
        `${payer}proc spend(p: Player) {\n  choose amount: 0..3 by p where amount <= p.coins\n  p.coins -= amount\n}`,
        "completing {\n  spend(players[0])\n}",
      ),
    );
  });

  it("refuses a block where nobody decides anything", () => {
    const e = soleError(inFlow("completing {\n  players[0].coins += 1\n}", payer), Codes.misplaced);
    expect(e.message).toBe(
      "nothing in this `completing` block asks a player anything, so there is nothing to complete",
    );
    expect(e.line).toBe(7);
  });

  it("refuses a random draw in the block: a copy would learn what the real draw will be", () => {
    const e = soleError(
      inFlow("completing {\n  choose n: 0..3 by players[0]\n  players[0].coins += random(1, 6)\n}", payer),
      Codes.decisionNotAllowed,
    );
    expect(e.message).toBe(
      "`completing` plays the rest of its block on copies of the game, which a random draw (`random`) prevents",
    );
    expect(e.hint).toBe("keep random draws, offered actions and choices of several players at once out of the block");
  });

  it("refuses a random draw in a procedure the block calls, naming the procedure and the line", () => {
    const e = soleError(
      game(
        `${payer}proc roll(p: Player) {\n  choose n: 0..3 by p\n  p.coins += pick([1, 2])\n}`,
        "completing {\n  roll(players[0])\n}",
      ),
      Codes.decisionNotAllowed,
    );
    expect(e.message).toBe(
      "`completing` plays the rest of its block on copies of the game, which a random draw (`pick`) prevents: `roll`, called in the block, has it at line 7",
    );
  });

  it("refuses offered actions and choices of several players at once", () => {
    const act = soleError(
      inFlow("completing {\n  act players[0]: Pass\n}", `${payer}action Pass {\n}`),
      Codes.decisionNotAllowed,
    );
    expect(act.message).toContain("which an offer of actions prevents");
    const each = soleError(
      inFlow("completing {\n  choose n: 0..3 by each p in players\n}", payer),
      Codes.decisionNotAllowed,
    );
    expect(each.message).toContain("which a choice of several players at once prevents");
    const shuffle = soleError(
      inFlow(
        "completing {\n  choose n: 0..3 by players[0]\n  shuffle order\n}",
        `${payer}global {\n  order: list<int>\n}`,
      ),
      Codes.decisionNotAllowed,
    );
    expect(shuffle.message).toContain("which a shuffle prevents");
  });

  it("cannot be left by `break` or `return`", () => {
    const b = soleError(
      inFlow("repeat 2 {\n  completing {\n    choose n: 0..3 by players[0]\n    break\n  }\n}", payer),
      Codes.misplaced,
    );
    expect(b.message).toBe("`break` cannot leave a `completing` block");
    const r = soleError(
      game(
        `${payer}proc spend(p: Player): int {\n  completing {\n    choose n: 0..3 by p\n    return n\n  }\n  return 0\n}`,
      ),
      Codes.misplaced,
    );
    expect(r.message).toBe("`return` cannot leave a `completing` block");
    // A loop inside the block may be left.
    loadClean(inFlow("completing {\n  repeat 2 {\n    choose n: 0..3 by players[0]\n    break\n  }\n}", payer));
  });

  it("is only where players decide", () => {
    const e = soleError(game(`${payer}setup {\n  completing {\n  }\n}`), Codes.decisionNotAllowed);
    expect(e.message).toBe("`completing` cannot be used in the setup");
  });

  it("takes a plain message: the refusal is given inside the block, where its names are out of scope", () => {
    const e = soleError(
      inFlow(twoChoices.replace("completing {", 'completing else "Only {players[0].coins}." {'), payer),
      Codes.invalidValue,
    );
    expect(e.message).toBe("the message of `completing` is plain text");
  });

  it("leaves the word free for names", () => {
    loadClean(game("global {\n  done: int\n}\nfn completing(): int = done + 1\nsetup {\n  done = completing()\n}"));
  });
});

/**
 * `can pay(p, cost)`: whether some answers to a procedure's decisions play it to its end, asked where the rules
 * compute. The engine searches it as it searches a `completing` block, so the procedure is checked the same way.
 */
describe("can", () => {
  const spend = `${payer}proc spend(p: Player, n: int) {\n  choose amount: 0..3 by p where amount <= p.coins\n  p.coins -= amount + n\n}\n`;

  it("asks a procedure with its arguments, numbered with the completing blocks", () => {
    const program = loadClean(
      game(
        `${spend}fn mayBuy(p: Player): bool = can spend(p, 1)\naction Buy {\n  require mayBuy(me) else "No."\n}`,
        "act players[0]: Buy",
      ),
    );
    const [asked] = program.completing;
    expect(asked?.kind).toBe("can");
    if (asked?.kind !== "can") return;
    expect([asked.block, asked.call.callee.text, asked.type]).toEqual([0, "spend", { kind: "bool" }]);
  });

  it("leaves the word free: a name, a function, or a call on the next line", () => {
    loadClean(
      game(
        "global {\n  done: int\n}\nfn can(x: int): int = x + 1\nsetup {\n  let can = 2\n  done = can\n  done = can(done)\n}",
      ),
    );
  });

  it("refuses a function, an action and an unknown name, each with a hint", () => {
    const fn = soleError(game(`${spend}fn f(p: Player): int = 1\nfn g(p: Player): bool = can f(p)`), Codes.unknownName);
    expect([fn.message, fn.hint]).toEqual(["`f` is a function: it has no choices to play", "call it: `f(...)`"]);
    const action = soleError(
      game(`${spend}action Buy {\n}\nfn g(p: Player): bool = can Buy(p)`, "act players[0]: Buy"),
      Codes.unknownName,
    );
    expect(action.message).toBe("`Buy` is an action: whether it may be taken is what its requirements say");
    const unknown = soleError(game(`${spend}fn g(p: Player): bool = can spnd(p, 1)`), Codes.unknownName);
    expect([unknown.message, unknown.hint]).toEqual(["unknown procedure `spnd`", "did you mean `spend`?"]);
  });

  it("is asked where a game is under way, not in a constant or the scoring", () => {
    const e = soleError(game(`${spend}scoring {\n  score p: if can spend(p, 0) then 1 else 0\n}`), Codes.misplaced);
    expect(e.message).toBe("`can` plays the game on copies, which the scoring does not have under way");
    expect(e.hint).toBe("ask it in a function, a requirement, a condition or a procedure");
  });

  it("refuses a procedure with a random draw, and one that asks nothing", () => {
    const random = soleError(
      game(
        `${payer}proc roll(p: Player) {\n  choose n: 0..3 by p\n  p.coins += pick([1, 2])\n}\nfn g(p: Player): bool = can roll(p)`,
      ),
      Codes.decisionNotAllowed,
    );
    expect(random.message).toBe(
      "`can` plays `roll` on copies of the game, which a random draw (`pick`) prevents: `roll` has it at line 7",
    );
    const plain = soleError(
      game(`${payer}proc give(p: Player) {\n  p.coins += 1\n}\nfn g(p: Player): bool = can give(p)`),
      Codes.misplaced,
    );
    expect(plain.message).toBe("`give` asks nobody anything, so it can always be played to its end");
  });

  it("checks the arguments as a call's", () => {
    const e = soleError(game(`${spend}fn g(p: Player): bool = can spend(p)`), Codes.wrongArity);
    expect(e.line).toBe(9);
  });
});
