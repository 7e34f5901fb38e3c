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
    expect(program.completing[0]!.message?.value).toBe("Too dear.");
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
