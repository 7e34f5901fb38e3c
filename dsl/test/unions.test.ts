/**
 * Enums whose members carry values (tagged unions) and `match`: "a track space holds a tile, a player's figure or
 * the die" is one type, taken apart by a `match` the checker makes cover every member, so no sentinel number (-1 for
 * "no tile", 9 for "the die") stands for a case.
 */
import { describe, expect, it } from "vitest";
import { Codes } from "../src/diagnostics.ts";
import { typeToString } from "../src/types.ts";
import { diagnose, expression, game, inFlow, loadClean, show, soleError, statement } from "./helpers.ts";

const SLOTS = `enum Slot { tile(id: int), figure(owner: Player), die }
enum Phase { opening, closing }
global { track: list<Slot>  held: Slot?  phase: Phase  n: int }`;

describe("tagged unions: syntax", () => {
  it("members may carry named, typed values", () => {
    const program = loadClean(inFlow("  add tile(3) to track\n  end", SLOTS));
    const slot = program.unions.get("Slot")!;
    expect([...slot.members.keys()]).toEqual(["tile", "figure", "die"]);
    expect(slot.members.get("figure")!.fields.map((f) => `${f.name}: ${typeToString(f.type)}`)).toEqual([
      "owner: Player",
    ]);
    expect(program.unions.has("Phase")).toBe(false);
  });

  it("`match` arms are a pattern, `=>`, then a block or one statement", () => {
    const s = statement("  match held {\n    tile(id) => n = id\n    figure(_) => { end }\n    _ => { }\n  }", SLOTS);
    expect(s).toMatchObject({
      kind: "match",
      arms: [
        {
          pattern: { kind: "member", name: { text: "tile" }, binders: [{ text: "id" }] },
          body: { statements: [{ kind: "assign" }] },
        },
        { pattern: { kind: "member", name: { text: "figure" } }, body: { statements: [{ kind: "end" }] } },
        { pattern: { kind: "wildcard" }, body: { statements: [] } },
      ],
    });
  });

  it("`match` is also an expression, and `is` a comparison", () => {
    expect(show(expression("match s { tile(id) => id, none => 0, _ => 1 }"))).toBe(
      "(match s [(tile id) id] [none 0] [_ 1])",
    );
    expect(show(expression("a is die and not b is tile"))).toBe("(and (is a die) (not (is b tile)))");
  });

  it("`match` and `is` are reserved words", () => {
    expect(diagnose(inFlow("  let match = 1\n  end"))[0]).toMatchObject({ code: Codes.syntaxError });
    expect(diagnose(inFlow("  let is = 1\n  end"))[0]).toMatchObject({ code: Codes.syntaxError });
  });
});

describe("tagged unions: building and taking apart", () => {
  it("a member is built with its values in order or by name; a member without values is a plain name", () => {
    loadClean(
      inFlow(
        "  add tile(3) to track\n  add tile(id: 4) to track\n  add figure(players[1]) to track\n  add die to track\n  held = Slot.die\n  end",
        SLOTS,
      ),
    );
  });

  it("`match` binds the values of the member that matched", () => {
    const program = loadClean(
      inFlow(
        "  match held {\n    tile(id) => n = id\n    figure(p) => n = seat(p)\n    die => n = 9\n    none => { }\n  }\n  end",
        SLOTS,
      ),
    );
    const m = program.flow.body.statements[0]!;
    expect(
      m.kind === "match" && m.arms[1]!.pattern.kind === "member" && typeToString(m.arms[1]!.pattern.symbols![0]!.type),
    ).toBe("Player");
  });

  it("a `match` expression has the type of its arms; a `none` arm makes it optional", () => {
    loadClean(
      game(
        `${SLOTS}
fn idOf(s: Slot): int? = match s { tile(id) => id, _ => none }
fn ownerSeat(s: Slot): int = match s { figure(p) => seat(p), tile(_) => -1, die => -2 }`,
        "  n = ownerSeat(track[0]) + (idOf(track[0]) ?? 0)\n  end",
      ),
    );
  });

  it("a plain enum can be matched too, and compared with `is`", () => {
    loadClean(
      inFlow(
        "  match phase {\n    opening => phase = closing\n    closing => { }\n  }\n  if phase is closing and track[0] is die {\n    end\n  }\n  end",
        SLOTS,
      ),
    );
  });

  it("union values compare with `==`, by member and values", () => {
    loadClean(
      inFlow("  if track[0] == tile(2) or track[0] != die or held == figure(players[0]) {\n    end\n  }\n  end", SLOTS),
    );
  });
});

describe("tagged unions: misuse", () => {
  it("a `match` that forgets a member says which, and how to cover it", () => {
    const d = soleError(
      inFlow("  match held {\n    tile(id) => n = id\n    die => { }\n  }\n  end", SLOTS),
      Codes.notExhaustive,
    );
    expect(d).toMatchObject({
      line: 6,
      column: 3,
      message: "this `match` does not say what happens for `figure`, `none`",
    });
    expect(d.hint).toBe(
      "add an arm for each (`figure(owner) => ...`), or `_ => { }` when nothing happens for the others",
    );
  });

  it("an arm after `_`, or a member matched twice, can never run", () => {
    const d = soleError(
      inFlow("  match phase {\n    _ => { }\n    closing => end\n  }\n  end", SLOTS),
      Codes.unreachable,
    );
    expect(d.message).toBe("this arm can never run: `_` on line 7 matches everything left");
    const twice = soleError(
      inFlow("  match phase {\n    opening => { }\n    opening => end\n    closing => { }\n  }\n  end", SLOTS),
      Codes.unreachable,
    );
    expect(twice.message).toBe("this arm can never run: `opening` is matched on line 7");
  });

  it("a pattern names each value the member carries, and only members of the enum", () => {
    expect(
      soleError(inFlow("  match track[0] {\n    tile(a, b) => { }\n    _ => { }\n  }\n  end", SLOTS), Codes.wrongArity)
        .message,
    ).toBe("`tile` carries 1 value (id), this names 2");
    const unknown = soleError(
      inFlow("  match track[0] {\n    tiles(a) => { }\n    _ => { }\n  }\n  end", SLOTS),
      Codes.unknownName,
    );
    expect(unknown).toMatchObject({ message: "`Slot` has no member `tiles`", hint: "did you mean `tile`?" });
  });

  it("`none` arms only for values that may be none; `match` only for enums", () => {
    expect(
      soleError(inFlow("  match phase {\n    none => { }\n    _ => { }\n  }\n  end", SLOTS), Codes.typeMismatch)
        .message,
    ).toBe("this value is never none (it is a Phase)");
    const d = soleError(inFlow("  match n {\n    _ => { }\n  }\n  end", SLOTS), Codes.typeMismatch);
    expect(d.message).toBe("`match` takes apart a value of an enum, but this is a int");
  });

  it("a member that carries values needs them, and no field is read from a union", () => {
    const bare = soleError(inFlow("  add tile to track\n  end", SLOTS), Codes.wrongArity);
    expect(bare.message).toBe("`tile` carries id: int: give it");
    expect(bare.hint).toContain("value is tile");
    expect(soleError(inFlow("  add tile(1, 2) to track\n  end", SLOTS), Codes.wrongArity).message).toBe(
      "`tile` carries id: int, got 2 values",
    );
    expect(soleError(inFlow("  add tile(ids: 1) to track\n  end", SLOTS), Codes.unknownField).hint).toBe(
      "did you mean `id`?",
    );
    const field = soleError(inFlow("  n = track[0].id\n  end", SLOTS), Codes.unknownField);
    expect(field.hint).toBe("take it apart with `match`: `match value { tile(id) => ... }`");
  });

  it("members carry plain values, squares among them, never lists or records; the tag name is the engine's", () => {
    const list = soleError(inFlow("  end", "enum Pile { cards(ids: list<int>), empty }"), Codes.typeMismatch);
    expect(list.message).toBe(
      "a member of an enum carries plain values (numbers, flags, text, players, squares, enum members), not list<int>",
    );
    loadClean(
      inFlow(
        "  last = at(hex(1, -1))\n  end",
        "enum Mark { at(square: Hex), on(spot: Cell?), nowhere }\nglobal { last: Mark = nowhere }",
      ),
    );
    expect(soleError(inFlow("  end", "enum Pile { cards(kind: int), empty }"), Codes.duplicate).message).toContain(
      "cannot be called `kind`",
    );
  });

  it("a union cannot be chosen or listed without a list of the values on offer", () => {
    const d = soleError(inFlow("  choose s: Slot by players[0]\n  add s to track", SLOTS), Codes.invalidValue);
    expect(d.hint).toContain("take it `in` a list");
    loadClean(inFlow("  choose s: Slot in [die, tile(2)] by players[0]\n  add s to track", SLOTS));
    expect(soleError(inFlow("  n = size(members(Slot))\n  end", SLOTS), Codes.typeMismatch).message).toBe(
      "`members` lists plain enums",
    );
  });
});
