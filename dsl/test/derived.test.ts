/**
 * Derived data: "the board's land, ports and reefs follow from where the setup placed the modules". A `derived` field
 * is computed from the setup's result, never saved, and the checker keeps it true: it cannot change, what it is
 * computed from cannot change after the setup, and the setup cannot read it before it exists.
 */
import { describe, expect, it } from "vitest";
import { Codes } from "../src/diagnostics.ts";
import { typeToString } from "../src/types.ts";
import { diagnose, game, loadClean, soleError } from "./helpers.ts";

const BOARD = [
  "global { order: list<int>  moves: int }",
  "derived {",
  "  squares: list<int> = [o * 10 for o in order]",
  "  isSquare: map<int, bool> = { s: true for s in squares }",
  "}",
  "setup {",
  "  order = shuffled(range(1, 4))",
  "}",
].join("\n");

describe("derived data", () => {
  it("is declared like fields with the value each is computed as, and read by name", () => {
    const program = loadClean(
      game(
        BOARD + "\nfn onSquare(n: int): bool = has(isSquare, n)",
        "  moves = size(squares)\n  if onSquare(10) {\n    end\n  }",
      ),
    );
    expect([...program.derivedFields.keys()]).toEqual(["squares", "isSquare"]);
    expect(typeToString(program.derivedFields.get("isSquare")!.type)).toBe("map<int, bool>");
    expect(program.globalFields.has("squares")).toBe(false);
  });

  it("is public when every field it is computed from is seen whole by every player: a board drawn for them shows it", () => {
    const program = loadClean(
      game(
        [
          "record Card { owner: Player  value: int  face: int private }",
          "per player { secret: int private  hand: list<Card>  score: int }",
          "global { order: list<int>  pile: list<int> hidden  cards: deck<int> }",
          "fn pileSize(): int = size(pile)",
          "derived {",
          "  squares: list<int> = [o * 10 for o in order]",
          "  // Through another derived field and a function: still the public order.",
          "  firsts: list<int> = [s + 1 for s in squares]",
          "  scored: int = sum(p in players: p.score)",
          "  secrets: int = sum(p in players: p.secret)",
          "  faces: int = sum(p in players: size(p.hand))",
          "  piled: int = pileSize()",
          "  mixed: list<int> = [piled + s for s in squares]",
          "  drawn: list<int> = cards.pile",
          "}",
          "setup {",
          "  order = shuffled(range(1, 4))",
          "}",
        ].join("\n"),
        "  end",
      ),
    );
    // A private field, a list holding records with a private field, a hidden pile, a deck (its pile lies face down),
    // and what is computed from them are not.
    expect([...program.publicDerived]).toEqual(["squares", "firsts", "scored"]);
  });

  it("`derived` stays an ordinary name elsewhere", () => {
    loadClean(game("global { derived: int }", "  derived = 2\n  end"));
  });

  it("cannot be assigned, nor have what it holds changed", () => {
    const e = soleError(game(BOARD, "  squares = []\n  end"), Codes.notAssignable);
    expect(e.message).toBe("`squares` is derived data: it is computed from its definition and cannot change");
    expect(soleError(game(BOARD, "  add 5 to squares\n  end"), Codes.notAssignable).line).toBe(11);
  });

  it("what it is computed from may change in the setup only", () => {
    const e = soleError(game(BOARD, "  add 5 to order\n  end"), Codes.notAssignable);
    expect(e.message).toBe(
      "`order` cannot change once the setup is over: the derived `squares` (line 4) is computed from it",
    );
    // Through a procedure the flow calls, too; a procedure only the setup calls may change it.
    const viaProc = game(BOARD + "\nproc reorder() { shuffle order }", "  reorder()\n  end");
    expect(soleError(viaProc, Codes.notAssignable).line).toBe(10);
    loadClean(
      game(
        BOARD.replace("  order = shuffled(range(1, 4))", "  fill()") + "\nproc fill() { order = [1, 2] }",
        "  moves = size(squares)\n  end",
      ),
    );
    // A field no derived data reads changes freely.
    loadClean(game(BOARD, "  moves = size(squares)\n  end"));
  });

  it("is traced through the functions it calls", () => {
    const text = game(
      "global { order: list<int> }\nfn firstOf(): int = order[0]\nderived { head: int = firstOf() }",
      "  order = [head]\n  end",
    );
    expect(soleError(text, Codes.notAssignable).message).toContain("the derived `head` (line 4)");
  });

  it("does not exist during the setup", () => {
    const early = (setup: string, more = ""): string =>
      game(BOARD.replace("  order = shuffled(range(1, 4))", setup) + more, "  end");
    const direct = soleError(early("  moves = size(squares)"), Codes.misplaced);
    expect(direct.message).toBe("the setup cannot use the derived `squares`: derived data is computed after the setup");
    const through = early("  moves = count()", "\nfn count(): int = size(squares)");
    expect(soleError(through, Codes.misplaced).message).toBe(
      "the setup cannot use the derived `squares` (through `count`): derived data is computed after the setup",
    );
  });

  it("is computed in declaration order, each field from those above it", () => {
    const later = game("derived {\n  a: int = b + 1\n  b: int = 2\n}", "  end");
    expect(soleError(later, Codes.misplaced).message).toBe("the derived `a` is computed before `b`, declared after it");
    const itself = game("derived {\n  a: int = a\n}", "  end");
    expect(soleError(itself, Codes.misplaced).message).toBe("the derived `a` cannot be computed from itself");
  });

  it("needs its value, and takes no visibility", () => {
    expect(soleError(game("derived {\n  a: list<int>\n}", "  end"), Codes.misplaced).hint).toBe(
      "write `a: list<int> = <expression>`",
    );
    expect(soleError(game("derived {\n  a: int = 1 hidden\n}", "  end"), Codes.misplaced).message).toBe(
      "derived data is not shown to players, so it takes no visibility and no `shown` text",
    );
  });

  it("is computed like a function: no randomness, no changes", () => {
    const codes = diagnose(game("global { n: int }\nderived {\n  a: int = random(1, 6)\n}", "  end")).map(
      (d) => d.code,
    );
    expect(codes.length).toBeGreaterThan(0);
  });
});
