/**
 * Optional values: `T?` holds a T or `none`. The checker makes every use of one say what happens when it is none
 * (`if let`, `??`, a comparison with `none`), so "no card", "no owner yet" and "no trump" need no sentinel number.
 */
import { describe, expect, it } from "vitest";
import { Codes } from "../src/diagnostics.ts";
import { typeToString } from "../src/types.ts";
import { diagnose, expression, game, inFlow, loadClean, show, soleError, statement } from "./helpers.ts";

const CARDS = `record Card { rank: int  owner: Player? }
global { deck: list<Card>  trump: int?  top: Card? }`;

describe("optional values: syntax", () => {
  it("`??` binds tighter than comparisons and groups to the right", () => {
    expect(show(expression("a ?? b ?? 0 > 3"))).toBe("(> (?? a (?? b 0)) 3)");
    expect(show(expression("a ?? 1 + 2"))).toBe("(?? a (+ 1 2))");
  });

  it("`if let` binds a name for its first block", () => {
    const s = statement("  if let t = trump {\n    end\n  } else {\n    end\n  }", CARDS);
    expect(s).toMatchObject({ kind: "if", binding: { text: "t" }, otherwise: { statements: [{ kind: "end" }] } });
  });

  it("`none` is a reserved word", () => {
    expect(diagnose(inFlow("  let none = 1\n  end"))[0]).toMatchObject({ code: Codes.syntaxError });
  });
});

describe("optional values: types", () => {
  it("fields, records, lets and functions may be optional; `none` is their default", () => {
    const program = loadClean(
      inFlow(
        "  let t: int? = none\n  trump = t\n  if let c = first(x in deck: x.rank > 2) {\n    top = c\n    c.owner = players[0]\n  }\n  end",
        CARDS,
      ),
    );
    expect(typeToString(program.globalFields.get("top")!.type)).toBe("Card?");
    expect(typeToString(program.records.get("Card")!.fields.get("owner")!.type)).toBe("Player?");
  });

  it("a value fits where an optional one is expected, and compares with one", () => {
    loadClean(inFlow("  trump = 3\n  if trump == 3 and 3 == trump and trump != none {\n    end\n  }\n  end", CARDS));
  });

  it("`a ?? b` is a plain value when `b` is one, optional when `b` may be none too", () => {
    loadClean(inFlow("  let n: int = trump ?? 0\n  trump = trump ?? none\n  if n > 0 {\n    end\n  }\n  end", CARDS));
  });

  it("`if c then none else x` is optional", () => {
    loadClean(inFlow("  trump = if size(deck) > 0 then none else 2\n  trump = if true then 1 else none\n  end", CARDS));
  });
});

describe("optional values: misuse", () => {
  it("an optional value used as a plain one, with the ways to take its value", () => {
    const d = soleError(inFlow("  let n: int = trump\n  end", CARDS), Codes.typeMismatch);
    expect(d).toMatchObject({ line: 5, message: "expected int, found int?" });
    expect(d.hint).toContain("if let");
  });

  it("a field read through an optional value", () => {
    const d = soleError(inFlow("  let r = top.rank\n  end", CARDS), Codes.typeMismatch);
    expect(d.message).toBe("this may be none (its type is Card?), so it has no field `rank` to read");
    expect(d.hint).toContain("if let x = ... { x.rank }");
  });

  it("`none` where a plain value is expected", () => {
    const d = soleError(inFlow("  deck[0].rank = none\n  end", CARDS), Codes.typeMismatch);
    expect(d).toMatchObject({
      message: "a value of type int cannot be none",
      hint: "where a value may be missing, declare its type as `int?`",
    });
  });

  it("`??` after a value that is never none", () => {
    const d = soleError(inFlow("  let n = size(deck) ?? 0\n  end", CARDS), Codes.typeMismatch);
    expect(d.message).toContain("this is never none");
  });

  it("`if let` on a value that is never none", () => {
    const d = soleError(inFlow("  if let n = size(deck) {\n    end\n  }\n  end", CARDS), Codes.typeMismatch);
    expect(d.hint).toBe("write `let n = ...` before the `if`");
  });

  it("the name bound by `if let` exists only in its first block", () => {
    const d = soleError(
      inFlow("  if let t = trump {\n    end\n  } else {\n    trump = t\n  }\n  end", CARDS),
      Codes.unknownName,
    );
    expect(d).toMatchObject({ line: 8, message: "unknown name `t`" });
  });

  it("`let x = none` needs a type", () => {
    expect(soleError(inFlow("  let x = none\n  end"), Codes.typeMismatch).hint).toBe(
      "declare it: `let x: Player? = none`",
    );
  });

  it("`first` needs a condition", () => {
    expect(soleError(inFlow("  top = first(c in deck)\n  end", CARDS), Codes.wrongArity).message).toBe(
      "`first` needs a condition: `first(x in list: <condition>)`",
    );
  });

  it("a type cannot be optional twice (a syntax error)", () => {
    expect(soleError(game("global { x: int?? }"), Codes.syntaxError)).toBeDefined();
  });
});

describe("optional choices", () => {
  const decls = `${CARDS}
global { picked: list<Card> }`;

  it("a choice may be answered none: one of the list, or none", () => {
    loadClean(
      inFlow("  choose c: Card? in deck by players[0]\n  if let card = c {\n    add card to picked\n  }\n  end", decls),
    );
    loadClean(inFlow("  choose n: 1..3? by players[0]\n  trump = n\n  end", decls));
  });

  it("is not possible for a simultaneous choice", () => {
    const d = soleError(inFlow("  choose n: bool? by each p in players\n  end", decls), Codes.invalidValue);
    expect(d.message).toBe("a choice asked of several players at once cannot be answered with none");
  });

  it("a record from an optional choice may be held across another decision", () => {
    const text = inFlow(
      "  choose c: Card? in deck by players[0]\n  if let card = c {\n    choose ok: bool by players[0]\n    card.rank = 1\n  }\n  end",
      decls,
    );
    expect(diagnose(text)).toEqual([]);
  });
});

describe("optional values: `require let`", () => {
  const ACT = `${CARDS}
action Take {
  require let c = first(x in deck: x.rank > 2) else "No card above 2."
  require c.rank < 9 else "Too high."
  top = c
}`;

  it("binds the value for the requirements after it and the rest of the action", () => {
    const program = loadClean(inFlow("  act players[0]: Take\n  end", ACT));
    const first = program.actions.get("Take")!.body.statements[0]!;
    expect(first).toMatchObject({ kind: "require", binding: { text: "c" }, bindingSymbol: { name: "c" } });
    expect(first.kind === "require" && typeToString(first.bindingSymbol!.type)).toBe("Card");
  });

  it("takes a value that may be none, and comes first like every requirement", () => {
    const plain = soleError(
      inFlow("  act players[0]: Give\n  end", `${CARDS}\naction Give {\n  require let n = size(deck) else "None."\n}`),
      Codes.typeMismatch,
    );
    expect(plain.message).toBe("`require let` takes a value that may be none, but this is always a int");
    expect(plain.hint).toBe("state the requirement as a condition: `require <condition> else ...`");
    const late = soleError(
      inFlow(
        "  act players[0]: Give\n  end",
        `${CARDS}\naction Give {\n  top = none\n  require let t = trump else "No trump."\n}`,
      ),
      Codes.misplaced,
    );
    expect(late.message).toBe("`require` must come first in an action, before anything happens");
  });
});
