/**
 * Square grids: "a disc falls to the lowest free cell of its column", "four in a row", "a tile is placed next to
 * one already there". `Cell` is a value with coordinates x (to the right) and y (downwards); `GridDir` the eight
 * directions; a map keyed by cells is a board.
 */
import { describe, expect, it } from "vitest";
import { Codes } from "../src/diagnostics.ts";
import { typeToString } from "../src/types.ts";
import { loadRules } from "../src/load.ts";
import { game, inFlow, loadClean, soleError } from "./helpers.ts";

describe("square grids", () => {
  it("cells are values with coordinates x and y; they add, subtract and scale as offsets", () => {
    const p = loadClean(
      inFlow(
        "  let c = cell(1, -2) + 2 * offset(down) - cell(0, 1)\n" +
          "  if c.x + manhattan(c, step(c, upRight, 2)) + kingDistance(c, cell(0, 0)) > 0 { end }",
      ),
    );
    expect(p.enums.has("GridDir")).toBe(true);
    expect(soleError(inFlow("  let c = cell(1, 2) + 1\n  if c.x > 0 { end }"), Codes.typeMismatch).message).toBe(
      "expected Cell, found int",
    );
    expect(soleError(inFlow("  if cell(0, 0).q > 0 { end }"), Codes.unknownField).hint).toBe(
      "its coordinates are `x` and `y`",
    );
  });

  it("have neighbours, lines, a frontier and bounds", () => {
    const p = loadClean(
      game(
        "global { placed: list<Cell>  board: map<Cell, Player> }",
        "  placed = adjacent(cell(0, 0)) ++ diagonals(cell(0, 0)) ++ around(cell(1, 1))\n" +
          "  placed = frontier(placed) ++ line(cell(0, 0), downLeft, 3)\n" +
          "  if inside(placed[0], 7, 6) and not has(board, placed[0]) { end }",
      ),
    );
    expect(typeToString(p.globalFields.get("board")!.type)).toBe("map<Cell, Player>");
  });

  it("a hex steps towards a HexDir, a cell towards a GridDir", () => {
    expect(soleError(inFlow("  if step(cell(0, 0), north) == cell(0, 1) { end }"), Codes.typeMismatch).message).toBe(
      "expected GridDir, found HexDir",
    );
    expect(soleError(inFlow("  if step(3, up) == 3 { end }"), Codes.typeMismatch).message).toBe(
      "`step` goes from a Hex or a Cell, not int",
    );
  });

  it("a game's own enum keeps members named like directions, and its own type named Cell", () => {
    // `left` alone is the game's member; the grid's is reached by the expected type.
    loadClean(
      game(
        "enum Side { left, right }\nglobal { side: Side  spot: Cell }",
        "  side = left\n  spot = step(cell(0, 0), left)\n  end",
      ),
    );
    loadClean(game("record Cell { x: int  y: int }\nglobal { at: Cell }", "  at = Cell(x: 1, y: 2)\n  end"));
    const clash = soleError(
      game("record Cell { x: int  y: int }\nglobal { at: Cell  grid: list<int> }", "  grid = [cell(0, 0).x]\n  end"),
      Codes.duplicate,
    );
    expect(clash.message).toBe(
      "`Cell` is also the language's type of grid cells, which these rules use (`cell(x, y)`)",
    );
  });

  it("GridDir is there only for the games that use it", () => {
    expect(loadClean(inFlow("  end")).enums.has("GridDir")).toBe(false);
  });
});

describe("a board on a bounded grid: `board: map<Cell, Player> on grid(COLUMNS, ROWS)`", () => {
  it("a player's or the game's map of cells lies on a grid of a size known before the game (numbers, params)", () => {
    const p = loadClean(
      game(
        "param COLUMNS: int = 7\nglobal { board: map<Cell, Player> on grid(COLUMNS, COLUMNS - 1) hidden }\n" +
          "per player { marks: map<Cell, int> = {} on grid(3, 3) }",
      ),
    );
    const board = p.globalFields.get("board")!.decl;
    expect(board.grid?.width).toMatchObject({ kind: "name", name: "COLUMNS" });
    expect(board.visibility.kind).toBe("hidden");
    expect(p.playerFields.get("marks")!.decl.grid?.height).toMatchObject({ kind: "int", value: 3 });
    // `on` and `grid` are not reserved.
    loadClean(game("global { on: int  grid: int }", "  on = grid\n  end"));
  });

  it("only a map keyed by cells, of the game or a player, sized by numbers that do not change in a game", () => {
    expect(soleError(game("global { a: list<Cell> on grid(3, 3) }"), Codes.typeMismatch)).toMatchObject({
      line: 2,
      column: 24,
      message: "`on grid` bounds a map keyed by cells, and `a` is a list<Cell>",
      hint: "a board is `map<Cell, ...>`: what lies on each cell",
    });
    expect(soleError(game("global { a: map<Cell, int> on grid(true, 3) }"), Codes.typeMismatch).message).toBe(
      "expected int, found bool",
    );
    expect(soleError(game("global { n: int  a: map<Cell, int> on grid(n, 3) }"), Codes.misplaced).message).toBe(
      "a constant cannot read the game state (`n`)",
    );
    for (const [decls, what] of [
      ["record R { cells: map<Cell, int> on grid(2, 2) }\nglobal { r: R? }", "a record's field"],
      ["derived { d: map<Cell, int> = {} on grid(2, 2) }", "derived data"],
    ]) {
      expect(soleError(game(decls!), Codes.misplaced)).toMatchObject({
        message: `${what} cannot lie \`on grid\`: only a player's or the game's map of cells can`,
        hint: "declare the board among the fields of `global { }` or `per player { }`",
      });
    }
  });
});

describe("`inside(c, board)`: the grid a board is declared on", () => {
  it("asks the board's own grid; a board without one, or a value that is no board, is refused with a hint", () => {
    const p = loadClean(
      game(
        "param SIZE: int = 8\nglobal { board: map<Cell, Player> on grid(SIZE, SIZE - 2) }",
        "  if inside(cell(7, 5), board) and not inside(cell(7, 6), board) { end }",
      ),
    );
    expect(p.globalFields.get("board")!.decl.grid).toBeDefined();
    const d = soleError(
      game("global { free: map<Cell, int> }", "  if inside(cell(0, 0), free) { end }"),
      Codes.typeMismatch,
    );
    expect(d).toMatchObject({
      line: 4,
      column: 25,
      message: "`inside(c, board)` asks the grid of a board declared `on grid(width, height)`",
    });
    expect(d.hint).toContain("or give its size: `inside(c, width, height)`");
    expect(soleError(inFlow("  if inside(cell(1, 1)) { end }"), Codes.wrongArity).message).toBe(
      "`inside` takes 2 or 3 arguments",
    );
  });
});

describe("graphs of places", () => {
  const ZONES = [
    "enum Zone { a, b, c }",
    "const NEXT: map<Zone, list<Zone>> = { a: [b], b: [a, c], c: [b] }",
    "global { far: int?  near: list<Zone> }",
  ].join("\n");

  it("measure moves along links, and list the places within reach", () => {
    const p = loadClean(game(ZONES, "  far = steps(NEXT, a, c)\n  near = within(NEXT, a, 1)\n  end"));
    expect(typeToString(p.globalFields.get("far")!.type)).toBe("int?");
  });

  it("go along a map from each place to the places next to it, from a place of that map", () => {
    const notLinks = soleError(game(ZONES, "  far = steps({ a: 1 }, a, c)\n  end"), Codes.typeMismatch);
    expect(notLinks.message).toBe(
      "`steps` goes along links: a map from each place to the places next to it, not map<Zone, int>",
    );
    expect(soleError(game(ZONES, "  near = within(NEXT, 3, 1)\n  end"), Codes.typeMismatch).message).toBe(
      "expected Zone, found int",
    );
  });
});

describe("ways across a grid: `reachable` and `route`", () => {
  const SEA = [
    "const ROCKS: list<Hex> = [hex(1, 0)]",
    "fn shoals(h: Hex): bool = h == hex(0, 1)",
    "global { at: Hex  port: Hex  seen: list<Hex>  way: list<Hex>? }",
  ].join("\n");
  const RULES = "cost: if shoals(h) then 2 else 1, enter: not contains(ROCKS, h), stop: h == port";

  it("name the square their rules speak of, and give squares of the grid they cross", () => {
    const p = loadClean(
      game(
        SEA,
        `  seen = reachable(h from at, within: 3, ${RULES})\n` +
          `  way = route(h from at, to: hex(2, 0), within: 3, ${RULES})\n` +
          "  seen = reachable(c from at, within: 1)\n  end",
      ),
    );
    expect(typeToString(p.globalFields.get("way")!.type)).toBe("list<Hex>?");
    // On a square grid, through the cells' sides; with `corners: true`, their corners too.
    loadClean(inFlow("  if size(reachable(c from cell(0, 0), within: 2)) == 12 { end }"));
    loadClean(inFlow("  if size(reachable(c from cell(0, 0), within: 1, corners: true)) == 8 { end }"));
  });

  it("refuse a way without its square, its budget or its target, and rules they do not have", () => {
    expect(soleError(game(SEA, "  seen = reachable(at, within: 3)\n  end"), Codes.wrongArity).message).toBe(
      "`reachable` takes the start named by the square its rules speak of, then named rules (or a declared `way`)",
    );
    expect(soleError(game(SEA, "  seen = reachable(h from at)\n  end"), Codes.wrongArity).message).toBe(
      "`reachable` needs `within:`, the most a way may cost",
    );
    expect(soleError(game(SEA, "  way = route(h from at, within: 3)\n  end"), Codes.wrongArity).message).toBe(
      "`route` needs `to:`, the square the way goes to (`route` only)",
    );
    expect(
      soleError(game(SEA, "  seen = reachable(h from at, to: port, within: 3)\n  end"), Codes.unknownField),
    ).toMatchObject({ message: "`to:` is a `route`'s: `reachable` gives every square a way ends on" });
    expect(
      soleError(game(SEA, "  seen = reachable(h from at, within: 3, costs: 2)\n  end"), Codes.unknownField),
    ).toMatchObject({ message: "a way has no rule `costs`", hint: "did you mean `cost`?" });
    expect(soleError(game(SEA, "  seen = reachable(h from 3, within: 3)\n  end"), Codes.typeMismatch).message).toBe(
      "a way starts on a hex or a cell, found int",
    );
    expect(
      soleError(game(SEA, "  seen = reachable(h from at, within: 3, enter: 1)\n  end"), Codes.typeMismatch).message,
    ).toBe("expected bool, found int");
  });

  it("go through corners on a square grid only, when a flag says so", () => {
    expect(
      soleError(game(SEA, "  seen = reachable(h from at, within: 3, corners: true)\n  end"), Codes.invalidValue),
    ).toMatchObject({
      message: "a hex has no corners to go through: its six neighbours all share a side with it",
    });
    expect(
      soleError(
        inFlow("  if size(reachable(c from cell(0, 0), within: 1, corners: 2)) == 8 { end }"),
        Codes.typeMismatch,
      ).message,
    ).toBe("expected bool, found int");
  });

  it("read the budget and the target before any square, and only look at the game", () => {
    expect(soleError(game(SEA, "  seen = reachable(h from at, within: h.q)\n  end"), Codes.unknownName).message).toBe(
      "unknown name `h`",
    );
    const d = soleError(
      game(SEA, "  seen = reachable(h from at, within: 3, cost: random(1, 2))\n  end"),
      Codes.misplaced,
    );
    expect(d.message).toBe("`random` changes the game, which a way's `cost` may not do");
  });

  describe("a way declared once, asked by `reachable` and `route`", () => {
    const WAY = [
      SEA,
      "way sea(start: Hex) {",
      "  h from start",
      "  within: 3",
      "  cost: if shoals(h) then 2 else 1",
      "  enter: not contains(ROCKS, h)",
      "  stop: h == port",
      "}",
    ].join("\n");

    it("gives the same squares' types as the rules said in the call", () => {
      const p = loadClean(game(WAY, "  seen = reachable(sea(at))\n  way = route(sea(at), to: hex(2, 0))\n  end"));
      expect(typeToString(p.globalFields.get("way")!.type)).toBe("list<Hex>?");
      expect(p.ways.get("sea")!.square).toEqual({ kind: "hex" });
    });

    it("is only asked: not kept, not given other rules where it is asked", () => {
      expect(soleError(game(WAY, "  seen = sea(at)\n  end"), Codes.misplaced)).toMatchObject({
        message: "`sea` is a way: it is asked for the squares it reaches or the way to one",
        hint: "write `reachable(sea(...))` or `route(sea(...), to: <square>)`",
      });
      expect(soleError(game(WAY, "  seen = reachable(sea(at), within: 2)\n  end"), Codes.unknownField)).toMatchObject({
        message: "`sea` is a declared way: its rules are the ones it declares",
        hint: "give `within:` in `way sea`, or declare another way for other rules",
      });
      expect(soleError(game(WAY, "  way = route(sea(at))\n  end"), Codes.wrongArity).message).toBe(
        "`route` needs `to:`, the square the way goes to (`route` only)",
      );
      expect(soleError(game(WAY, "  seen = reachable(sea(at, at))\n  end"), Codes.wrongArity).message).toBe(
        "`sea` takes 1 argument, got 2",
      );
      expect(soleError(game(WAY, "  way = route(sea(at), to: 3)\n  end"), Codes.typeMismatch).message).toBe(
        "expected Hex, found int",
      );
    });

    it("declares its budget, may not name a target, and its rules only look at the game", () => {
      const noBudget = `${SEA}\nway sea(start: Hex) {\n  h from start\n  enter: h != port\n}`;
      expect(soleError(game(noBudget, "  seen = reachable(sea(at))\n  end"), Codes.wrongArity).message).toBe(
        "the way `sea` needs `within:`, the most a way may cost",
      );
      const target = `${SEA}\nway sea(start: Hex) {\n  h from start\n  within: 2\n  to: port\n}`;
      expect(soleError(game(target, "  seen = reachable(sea(at))\n  end"), Codes.unknownField)).toMatchObject({
        message: "`to:` is a `route`'s: `reachable` gives every square a way ends on",
        hint: "a declared way has no target: give it where it is asked, `route(way(...), to: h)`",
      });
      const dice = `${SEA}\nway sea(start: Hex) {\n  h from start\n  within: 2\n  cost: random(1, 2)\n}`;
      expect(soleError(game(dice, "  seen = reachable(sea(at))\n  end"), Codes.misplaced).message).toBe(
        "`random` changes the game, which a way's `cost` may not do",
      );
      const named = `${SEA}\nway route(start: Hex) {\n  h from start\n  within: 2\n}`;
      expect(soleError(game(named, "  end"), Codes.duplicate).message).toBe(
        "a way cannot be called `route`: `reachable` and `route` are what ask a way",
      );
    });

    it("is asked in a game, not by a constant", () => {
      expect(
        soleError(game(`${WAY}\nconst NEAR: list<Hex> = reachable(sea(hex(0, 0)))`), Codes.misplaced),
      ).toMatchObject({
        message: "a constant cannot ask the way `sea`",
      });
    });

    it("names its square before `from`, and a way never asked is reported", () => {
      const at = `${SEA}\nway sea(start: Hex) {\n  h at start\n  within: 2\n}`;
      expect(soleError(game(at, "  seen = reachable(sea(at))\n  end"), Codes.syntaxError).message).toContain("from");
      const noSquare = `${SEA}\nway sea(start: Hex) {\n  within: 2\n}`;
      expect(soleError(game(noSquare, "  seen = reachable(sea(at))\n  end"), Codes.syntaxError).hint).toBe(
        "a way names its square and where it starts, then gives its rules one a line: `way sea(p: Player) { h from p.pos  within: 3  enter: not isLand(h) }`",
      );
      const unused = loadRules(game(WAY, "  end"), "t.rules").diagnostics;
      expect(unused.map((d) => d.message)).toContain("the way `sea` is never used");
    });
  });

  it("`h from start` belongs to ways alone", () => {
    expect(soleError(game(SEA, "  seen = take(h from at, 2)\n  end"), Codes.syntaxError).message).toBe(
      "`x from start` is only allowed as the first argument of `reachable` or `route`",
    );
  });
});
