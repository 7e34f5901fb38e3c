/**
 * Texts with values: a refusal message or any text may show values in braces (`"You need {cost} coins."`), so a
 * message says what the rule says instead of a general sentence.
 */
import { describe, expect, it } from "vitest";
import type { StringLit } from "../src/ast.ts";
import { Codes } from "../src/diagnostics.ts";
import { typeToString } from "../src/types.ts";
import { declaration, diagnose, expression, inFlow, loadClean, soleError, textOf } from "./helpers.ts";

const SHOP = `global { price: int  seller: Player?  spot: Hex }
action Buy {
  require me.coins >= price else "{me} needs {price} coins, not {me.coins}."
  me.coins -= price
}
per player { coins: int }`;

describe("texts with values", () => {
  it("cut a text at its holes, each an expression positioned in the file", () => {
    const text = `${"game"} "T" { players 2..4 }\nconst X = "Pay {cost + 1} gold, \\{not a hole\\}"\nflow {\n  end\n}\n`;
    const e = declaration(text, "const").value as StringLit;
    expect(e.value).toBe("Pay {cost + 1} gold, {not a hole}");
    expect(e.parts!.map((p) => (typeof p === "string" ? p : `[${textOf(text, p)}]`))).toEqual([
      "Pay ",
      "[cost + 1]",
      " gold, {not a hole}",
    ]);
    expect(typeof e.parts![1] !== "string" && e.parts![1]!.span).toMatchObject({ line: 2, column: 17 });
  });

  it("refusal messages and texts show numbers, players, squares and optional values", () => {
    loadClean(inFlow('  let _t = "{price} for {seller} at {spot}, {true}"\n  act players[0]: Buy\n  end', SHOP));
  });

  it("a hole must hold one value the text can show", () => {
    expect(soleError(inFlow('  let t = "a {} b"\n  end'), Codes.syntaxError).message).toBe(
      "`{}` is not a value the text can show",
    );
    expect(soleError(inFlow('  let t = "a {1 2} b"\n  end'), Codes.syntaxError).message).toBe(
      "`{1 2}` is not a value the text can show",
    );
    expect(soleError(inFlow('  let t = "a {b"\n  end'), Codes.syntaxError).hint).toContain("write `\\{`");
    const list = soleError(inFlow('  let t = "{[1, 2]}"\n  end'), Codes.typeMismatch);
    expect(list.message).toBe("a text shows numbers, text, flags, players, enum members and hexes, not list<int>");
    expect(list.hint).toBe("show its size with `{size(list)}`, or one element");
  });

  it("a hole is checked like any expression, with the names in scope", () => {
    const d = diagnose(inFlow('  let t = "{cost}"\n  end')).find((x) => x.code === Codes.unknownName);
    expect(d).toMatchObject({ line: 3, column: 13, message: "unknown name `cost`" });
    expect(expression('"plain"')).toMatchObject({ kind: "string", value: "plain" });
  });

  it("an action's label reads its parameters and the game before it runs, and may not change anything", () => {
    const program = loadClean(
      inFlow(
        "  act players[0]: Pay | Buy\n  end",
        `${SHOP}\naction Pay(n: 1..3) "Pay {n} of {me.coins} coins to {seller}" {\n  me.coins -= n\n}`,
      ),
    );
    expect(program.actions.get("Pay")!.label).toMatchObject({ value: "Pay {n} of {me.coins} coins to {seller}" });
    const drawing = soleError(
      inFlow(
        "  act players[0]: Pay | Buy\n  end",
        `${SHOP}\nglobal { deck: list<int> }\naction Pay "Pay {draw(deck)}" {\n  price = 1\n}`,
      ),
      Codes.misplaced,
    );
    expect(drawing.message).toBe("`draw` changes the game, which an action's label may not do");
  });

  it("a field, or a value a member carries, may be shown to players as a text instead of a table position", () => {
    const program = loadClean(
      inFlow(
        "  add Placed(tile: 0) to shelf\n  add tile(1) to row\n  end",
        `record Item { name: string }
const ITEMS: list<Item> = [Item(name: "Oak"), Item(name: "Ash")]
record Placed { tile: int shown "{ITEMS[tile].name}" }
enum Slot { tile(id: int shown "{ITEMS[id].name} (#{id})"), empty }
global { shelf: list<Placed>  row: list<Slot> }`,
      ),
    );
    expect(program.records.get("Placed")!.decl.fields[0]!.shown).toMatchObject({ value: "{ITEMS[tile].name}" });
    const hidden = soleError(inFlow("  end", `global { secret: int hidden shown "{secret}" }`), Codes.misplaced);
    expect(hidden.message).toBe("a hidden field is not shown, so it needs no text");
  });

  it("a list of table positions shows each element by the text, the field's name standing for the element", () => {
    const program = loadClean(
      inFlow(
        "  add 1 to players[0].hand\n  end",
        `record Item { name: string }
const ITEMS: list<Item> = [Item(name: "Oak"), Item(name: "Ash")]
per player { hand: list<int> private shown "{ITEMS[hand].name} (#{hand})" }`,
      ),
    );
    const hand = program.playerFields.get("hand")!.decl;
    expect(typeToString(hand.shownElement!.type)).toBe("int");
    // The whole list is not a value a text can show.
    const whole = soleError(
      inFlow("  end", `global { row: list<int> }\nfn label(): string = "{row}"`),
      Codes.typeMismatch,
    );
    expect(whole.message).toContain("list<int>");
  });

  it("a choice may say how each answer reads, naming the candidate like the choice", () => {
    const program = loadClean(
      inFlow(
        '  choose n: 1..3 by players[0] shown "take {n} of {price} coins"\n  price = n\n  act players[0]: Buy',
        SHOP,
      ),
    );
    const s = program.flow.body.statements[0]!;
    expect(s.kind === "choose" && s.label?.value).toBe("take {n} of {price} coins");
    expect(
      soleError(
        inFlow('  choose n: 1..3 by players[0] shown "{m}"\n  price = n\n  act players[0]: Buy', SHOP),
        Codes.unknownName,
      ).message,
    ).toBe("unknown name `m`");
  });
});
