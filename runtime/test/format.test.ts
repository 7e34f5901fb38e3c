import { describe, expect, it } from "vitest";
import {
  actionLabel,
  actionNames,
  formatAction,
  formatBlock,
  formatOutcome,
  formatShownAction,
  formatView,
  type AnyEngine,
  type ViewShape,
} from "../src/index.ts";
import { raceFixtureEngine } from "./fixtures/race-fixture-engine.ts";

describe("formatAction", () => {
  it("names the type then the parameters, leaving out the seat", () => {
    expect(formatAction({ type: "roll", player: 1 })).toBe("roll");
    const move = { type: "move", player: 0, to: "B3", cards: [1, 2] };
    expect(formatAction(move)).toBe("move to=B3 cards=[1,2]");
  });

  it("writes a member of a tagged union as the rules do, and a cell as views show it", () => {
    expect(formatAction({ type: "Move", player: 0, step: { kind: "sail", zone: "stJohn" } } as never)).toBe(
      'Move step=sail(zone: "stJohn")',
    );
    expect(formatAction({ type: "Move", player: 0, step: { kind: "outOfPort" } } as never)).toBe("Move step=outOfPort");
    expect(formatAction({ type: "spot", player: 0, value: { x: 0, y: -1 } } as never)).toBe(
      "spot value={ x: 0, y: -1 }",
    );
  });
});

describe("actionNames", () => {
  it("says the squares, cells and words an action names, its kind aside", () => {
    expect(actionNames({ type: "startPort", player: 0, value: { q: 0, r: -2 } })).toEqual({
      hexes: ["0,-2"],
      cells: [],
      words: [],
    });
    expect(actionNames({ type: "spot", player: 0, value: { x: 1, y: 0 } })).toEqual({
      hexes: [],
      cells: ["1,0"],
      words: [],
    });
    expect(actionNames({ type: "Move", player: 0, step: { kind: "sail", zone: "havana" }, card: "G01" })).toEqual({
      hexes: [],
      cells: [],
      words: ["sail", "havana", "G01"],
    });
  });
});

describe("actionLabel", () => {
  it("reads as a button: the values without their names, a hex as (q, r), a union's member as the rules write it", () => {
    const engine = raceFixtureEngine as AnyEngine;
    const state = engine.newGame({ players: 2, seed: 1 });
    expect(actionLabel(engine, state, { type: "startPort", player: 0, value: { q: 0, r: -2 } } as never)).toBe(
      "startPort (0, -2)",
    );
    expect(
      actionLabel(engine, state, { type: "Move", player: 0, step: { kind: "sail", zone: "stJohn" } } as never),
    ).toBe('Move step sail(zone: "stJohn")');
  });
});

describe("formatShownAction", () => {
  it("shows what a position stands for when the engine can say it, else the action as it is", () => {
    const state = raceFixtureEngine.newGame({ players: 2, seed: 1 });
    const plain: AnyEngine = raceFixtureEngine;
    expect(formatShownAction(plain, state, { type: "boost", player: 0 })).toBe("boost");
    const shelves = ["apples", "pears"];
    const shopping: AnyEngine = {
      ...raceFixtureEngine,
      shownAction: (_state, action) => ({ ...action, item: shelves[(action as { item?: number }).item ?? -1] }),
    };
    expect(formatShownAction(shopping, state, { type: "buy", player: 0, item: 1 } as never)).toBe("buy item=pears");
  });

  it("adds what the action does in the rules' words, when the engine has a label for it", () => {
    const state = raceFixtureEngine.newGame({ players: 2, seed: 1 });
    const labelled: AnyEngine = {
      ...raceFixtureEngine,
      describeAction: (_state, action) => (action.type === "boost" ? "Run two squares" : null),
    };
    expect(formatShownAction(labelled, state, { type: "boost", player: 0 })).toBe("boost: Run two squares");
    expect(formatShownAction(labelled, state, { type: "roll", player: 0 })).toBe("roll");
  });
});

describe("formatOutcome", () => {
  it("names the winner, or the seats sharing the victory, then each seat's score and rank", () => {
    expect(formatOutcome({ scores: [3, 5], ranks: [2, 1], winners: [1] })).toBe(
      "winner: seat 1\n  seat 0: score 3, rank 2\n  seat 1: score 5, rank 1",
    );
    expect(formatOutcome({ scores: [5, 5], ranks: [1, 1], winners: [0, 1] }).split("\n")[0]).toBe(
      "shared victory: seats 0, 1",
    );
  });

  it("says first how the game ended, when the rules' `end` gives a reason", () => {
    const outcome = { scores: [3, 5], ranks: [2, 1], winners: [1], ending: "four in a row" };
    expect(formatOutcome(outcome).split("\n").slice(0, 2)).toEqual(["the game ended: four in a row", "winner: seat 1"]);
  });
});

describe("formatBlock", () => {
  it("writes one field per line, short scalar lists inline, nested blocks indented", () => {
    const long = "a name long enough that the record no longer fits on one line";
    const view = { round: 2, positions: [3, 0], hand: [{ suit: "hearts", rank: 5, name: long }], me: { seat: 0 } };
    expect(formatBlock(view)).toBe(
      [
        "round: 2",
        "positions: [3, 0]",
        "hand:",
        '  - suit: "hearts"',
        "    rank: 5",
        `    name: "${long}"`,
        "me: { seat: 0 }",
      ].join("\n"),
    );
  });

  it("writes a small record on one line, and a member of a tagged union the way the rules write it", () => {
    const view = { track: [{ kind: "figure", owner: 0 }, { kind: "die" }], spot: { x: 2, y: 0, tags: [1, 2] } };
    expect(formatBlock(view)).toBe(
      ["track:", "  - figure(owner: 0)", "  - die", "spot: { x: 2, y: 0, tags: [1, 2] }"].join("\n"),
    );
  });

  it("keeps a small record inside a small record on the same line: a tile and its cell", () => {
    const view = { display: [{ tile: "Forest (0-2)", at: { x: 0, y: 1 }, cubes: ["wood"] }] };
    expect(formatBlock(view)).toBe(
      ["display:", '  - { tile: "Forest (0-2)", at: { x: 0, y: 1 }, cubes: ["wood"] }'].join("\n"),
    );
  });
});

describe("formatView", () => {
  const shape: ViewShape = {
    players: {
      marks: { type: { kind: "map", key: { kind: "cell" }, value: { kind: "string" } }, visibility: "public" },
    },
    table: {
      board: { type: { kind: "map", key: { kind: "cell" }, value: { kind: "player" } }, visibility: "public" },
      pieces: {
        type: { kind: "map", key: { kind: "cell" }, value: { kind: "record", name: "Piece" } },
        visibility: "public",
      },
    },
    records: {},
  };

  it("draws a map keyed by cells as the grid of its cells, columns by x and rows by y, an empty cell as a dot", () => {
    const view = {
      viewer: 0,
      board: { "0,5": 0, "1,5": 1, "1,4": 0 },
      players: [{ marks: { "-1,0": "a", "1,0": "bc" } }],
    };
    expect(formatView(view, shape)).toBe(
      [
        "board:",
        "    0 1",
        "  4 . 0",
        "  5 0 1",
        "players:",
        "  seat 0 (you):",
        "    marks:",
        "        -1  0  1",
        "      0  a  . bc",
      ].join("\n"),
    );
  });

  it("draws a board lying on a bounded grid (`on grid(3, 2)`) whole, empty or not; the players' grids by field", () => {
    const grids = { table: { board: { width: 3, height: 2 } }, players: { marks: { width: 2, height: 1 } } };
    expect(formatView({ board: {}, players: [{ marks: {} }] }, shape, undefined, grids)).toBe(
      [
        "board:",
        "    0 1 2",
        "  0 . . .",
        "  1 . . .",
        "players:",
        "  seat 0:",
        "    marks:",
        "        0 1",
        "      0 . .",
      ].join("\n"),
    );
    expect(formatView({ board: { "2,1": 1 } }, shape, undefined, grids)).toBe(
      ["board:", "    0 1 2", "  0 . . .", "  1 . . 1"].join("\n"),
    );
  });

  it("leaves out the engine's bookkeeping; names each seat (the viewer's as yours), says what is hidden or none", () => {
    const seatsShape: ViewShape = {
      players: {
        reserve: { type: { kind: "list", of: { kind: "string" } }, visibility: "private" },
        flag: { type: { kind: "optional", of: { kind: "string" } }, visibility: "public" },
        // `elements private`: the others count the cards.
        cargo: { type: { kind: "list", of: { kind: "int" } }, visibility: "private" },
      },
      table: { sea: { type: { kind: "list", of: { kind: "int" } }, visibility: "public" } },
      records: {},
    };
    const view = {
      viewer: 1,
      variant: "base",
      playerCount: 3,
      players: [
        { reserve: null, flag: "red", cargo: 2 },
        { reserve: ["armed"], flag: null, cargo: [7] },
        { reserve: null, flag: null, cargo: 0 },
      ],
      sea: [2],
      toAct: [0, 1],
      deciding: "kind",
    };
    expect(formatView(view, seatsShape)).toBe(
      [
        "players:",
        '  seat 0: { reserve: hidden, flag: "red", cargo: 2 hidden }',
        '  seat 1 (you): { reserve: ["armed"], flag: none, cargo: [7] }',
        "  seat 2: { reserve: hidden, flag: none, cargo: 0 hidden }",
        "sea: [2]",
        'deciding: "kind"',
      ].join("\n"),
    );
    // Seats with nothing to show are left out.
    expect(formatView({ viewer: 0, players: [{}, {}], sea: [] }, seatsShape)).toBe("sea: []");
    // Inside records and lists too: a fight's sides whose cards are none.
    const fightShape: ViewShape = {
      players: {},
      table: { sides: { type: { kind: "list", of: { kind: "record", name: "Side" } }, visibility: "public" } },
      records: {
        Side: {
          who: { type: { kind: "player" }, visibility: "public" },
          card: { type: { kind: "optional", of: { kind: "int" } }, visibility: "public" },
        },
      },
    };
    expect(
      formatView(
        {
          sides: [
            { who: 0, card: null },
            { who: 1, card: 7 },
          ],
        },
        fightShape,
      ),
    ).toBe(["sides:", "  - { who: 0, card: none }", "  - { who: 1, card: 7 }"].join("\n"));
  });

  it("draws a list of records standing on cells as the grid of their positions, then the records by position", () => {
    const placedShape: ViewShape = {
      players: {},
      table: { display: { type: { kind: "list", of: { kind: "record", name: "Placed" } }, visibility: "public" } },
      records: {
        Placed: {
          tile: { type: { kind: "int" }, visibility: "public", shown: true },
          at: { type: { kind: "cell" }, visibility: "public" },
        },
      },
    };
    const display = [
      { tile: "Start village", at: { x: 0, y: 0 } },
      { tile: "Forest", at: { x: 0, y: -1 } },
      { tile: "Quarry", at: { x: 1, y: 0 } },
    ];
    expect(formatView({ display }, placedShape)).toBe(
      [
        "display:",
        "     0 1",
        "  -1 1 .",
        "   0 0 2",
        '  0: { tile: "Start village", at: { x: 0, y: 0 } }',
        '  1: { tile: "Forest", at: { x: 0, y: -1 } }',
        '  2: { tile: "Quarry", at: { x: 1, y: 0 } }',
      ].join("\n"),
    );
    // Two records on one cell cannot be told apart on a grid: the list as it is.
    const stacked = [display[0], { tile: "Forest", at: { x: 0, y: 0 } }];
    expect(formatView({ display: stacked }, placedShape)).toBe(formatBlock({ display: stacked }));
  });

  it("writes a map as any other field when its values are records, it is empty, or the rules give no shape", () => {
    const view = { pieces: { "0,0": { kind: "pawn" } }, board: {} };
    expect(formatView(view, shape)).toBe(formatBlock(view));
    expect(formatView({ board: { "0,0": 1 } }, undefined)).toBe(formatBlock({ board: { "0,0": 1 } }));
  });
});
