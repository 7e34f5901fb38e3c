/**
 * Loops of choices: "activate these tiles in the order you like, each once" (`for x in list chosen by p`) and "buy
 * any of these, each at most once, until you stop" (`for some x in list chosen by p`). Each pick is one choice,
 * named like the variable, among the elements not taken yet.
 */
import { describe, expect, it } from "vitest";
import type { ChooseStmt, Stmt } from "../src/ast.ts";
import { Codes } from "../src/diagnostics.ts";
import { typeToString } from "../src/types.ts";
import { flowStatements, game, inFlow, loadClean, soleError } from "./helpers.ts";

const PLAYER = "per player { done: list<int>  coins: int }";

/** The choice a loop of choices asks at each pick. */
function pickOf(statements: Stmt[]): ChooseStmt {
  const loop = statements.find((s) => s.kind === "while");
  if (loop?.kind !== "while") throw new Error("no loop");
  const choose = loop.body.statements[0];
  if (choose?.kind !== "choose") throw new Error("no choice");
  return choose;
}

describe("loops of choices", () => {
  it("take every element once, each pick a choice named like the variable, of the element type", () => {
    const text = inFlow("  for job in [1, 2, 3] chosen by players[0] {\n    add job to players[0].done\n  }", PLAYER);
    const program = loadClean(text);
    expect(typeToString(program.choiceTypes.get("job")!)).toBe("int");
    const pick = pickOf(flowStatements("  for job in [1, 2, 3] chosen by players[0] {\n    end\n  }"));
    expect(pick.name.text).toBe("job");
  });

  it("over plain values are answered with the value; over records, with the record or its position", () => {
    const program = loadClean(
      game(
        "record Job { n: int }\nper player { done: list<int> }",
        "  for job in [Job(n: 1)] chosen by players[0] {\n    add job.n to players[0].done\n  }\n" +
          '  for n in [4, 5] chosen by players[0] shown "build {n}" {\n    add n to players[0].done\n  }',
      ),
    );
    const picks = program.decisions.map((d) => (d.kind === "choose" ? [d.stmt.name.text, d.stmt.byValue] : []));
    expect(picks).toEqual([
      ["job", false],
      ["n", true],
    ]);
  });

  it("with `some`, may stop at any pick: the choice is optional", () => {
    const text = inFlow(
      "  for some good in [2, 3] chosen by players[0] where good <= players[0].coins {\n    players[0].coins -= good\n  }",
      PLAYER,
    );
    expect(typeToString(loadClean(text).choiceTypes.get("good")!)).toBe("int?");
  });

  it("`taking n` stops after n picks: exactly n of the list, or with `some` at most n", () => {
    const statements = flowStatements("  for card in [1, 2, 3] chosen by players[0] taking 2 {\n    end\n  }");
    // The count is fixed when the loop begins, and the loop asks while picks remain.
    expect(statements.map((s) => (s.kind === "let" ? s.name.text : s.kind))).toEqual([
      "card$left",
      "card$limit",
      "card$taken",
      "while",
    ]);
    loadClean(
      inFlow(
        "  for some c in [1, 2, 3] chosen by players[0] taking 1 where c > 1 {\n    players[0].coins += c\n  }",
        PLAYER,
      ),
    );
    expect(
      soleError(inFlow("  for c in [1] chosen by players[0] taking true {\n    end\n  }"), Codes.typeMismatch).message,
    ).toBe("expected int, found bool");
  });

  it("judge each value in `where`, never none", () => {
    // `good` is an int in the condition, though the choice is `int?`.
    loadClean(inFlow("  for some good in [2, 3] chosen by players[0] where good > 2 {\n    end\n  }"));
    loadClean(inFlow("  choose good: int? in [2, 3] by players[0] where good > 2\n  end"));
  });

  it("go over lists only, with a player choosing", () => {
    const notList = soleError(inFlow("  for x in 3 chosen by players[0] {\n    end\n  }"), Codes.typeMismatch);
    expect(notList.message).toBe("a loop of choices goes over a list, not int");
    expect(soleError(inFlow("  for x in [1] chosen by 3 {\n    end\n  }"), Codes.typeMismatch).message).toBe(
      "expected Player, found int",
    );
  });

  it("`for some` without a chooser is refused with the form to write", () => {
    const e = soleError(game("", "  for some x in [1, 2] {\n    end\n  }"), Codes.syntaxError);
    expect(e.message).toBe("`for some` is a loop of choices: say who chooses");
    expect(e.hint).toBe("write `for some x in list chosen by <player> { ... }`");
  });

  it("`chosen` and `some` stay ordinary names elsewhere", () => {
    loadClean(
      inFlow("  let chosen = [1]\n  let some = 2\n  for x in chosen {\n    players[0].coins += x + some\n  }", PLAYER),
    );
  });
});

describe("allow ... here", () => {
  const ACTIONS = "per player { coins: int }\naction Sell { me.coins += 1 }\naction Pass { }";

  it("offers the actions at the block's own decisions only", () => {
    const program = loadClean(game(ACTIONS, "  allow Sell by players[0] here {\n    act players[0]: Pass\n  }"));
    const allow = program.flow.body.statements[0];
    expect(allow?.kind === "allow" && allow.here).toBe(true);
    expect(program.allowKinds.here).toBe(true);
  });

  it("cannot limit `allow anytime`, which offers at everyone's decisions", () => {
    const e = soleError(
      game(ACTIONS, "  allow anytime Sell by players here {\n    act players[0]: Pass\n  }"),
      Codes.misplaced,
    );
    expect(e.message).toBe(
      "`allow anytime` offers its actions at everyone's decisions, wherever they are asked: `here` cannot limit it",
    );
  });

  it("`here` stays an ordinary name elsewhere", () => {
    loadClean(inFlow("  let here = players[0]\n  here.coins += 1", "per player { coins: int }"));
  });
});
