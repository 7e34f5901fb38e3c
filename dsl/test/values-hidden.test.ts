/**
 * `values hidden`: a map whose keys everyone sees and whose values nobody does (tokens lying face down).
 */
import { describe, expect, it } from "vitest";
import { Codes } from "../src/index.ts";
import { game, loadClean, soleError } from "./helpers.ts";

describe("a map with `values hidden`", () => {
  it("comes after the initial value, as any visibility", () => {
    const program = loadClean(game("global {\n  tokens: map<int, int> = {} values hidden\n  after: int\n}"));
    expect([...program.globalFields.values()].map((f) => [f.decl.name.text, f.decl.visibility.kind])).toEqual([
      ["tokens", "valuesHidden"],
      ["after", "public"],
    ]);
  });

  it("is refused on anything but a map, with `hidden` as the hint", () => {
    const e = soleError(game("global {\n  hand: list<int> values hidden\n}"), Codes.misplaced);
    expect(e.message).toBe("`values hidden` is for a map (its keys shown, its values not); `hand` is a list<int>");
    expect(e.hint).toBe("use `hidden` to show only its size");
  });

  it("takes no shown text", () => {
    const text = game('global {\n  tokens: map<int, int> values hidden shown "many"\n}');
    expect(soleError(text, Codes.misplaced).message).toBe("a hidden field is not shown, so it needs no text");
  });
});

describe("a list with `elements private`", () => {
  it("is a private list whose size every player sees: a hand of cards face down, its owner knowing them", () => {
    const program = loadClean(
      game(
        "global {\n  deck: deck<int>\n}\nper player {\n  cargo: list<int> elements private from deck\n  elements: int\n}",
      ),
    );
    const cargo = program.playerFields.get("cargo")!.decl;
    expect(cargo.visibility).toMatchObject({ kind: "private", sizeShown: true });
    expect(cargo.dealtFrom?.text).toBe("deck");
    // `elements` is no keyword: a field may take the name.
    expect(program.playerFields.get("elements")!.decl.visibility.kind).toBe("public");
  });

  it("is refused on anything but a list, with `private` as the hint", () => {
    const e = soleError(game("per player {\n  gold: int elements private\n}"), Codes.misplaced);
    expect(e.message).toBe(
      "`elements private` is for a list (its size shown to all, its elements to its owner); `gold` is a int",
    );
    expect(e.hint).toBe("use `private`");
  });

  it("needs an owner, as `private` does", () => {
    const e = soleError(game("global {\n  cards: list<int> elements private\n}"), Codes.misplaced);
    expect(e.message).toBe("a global field has no owner, so it cannot be `private`");
  });
});
