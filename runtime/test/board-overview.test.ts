/**
 * The board players see as one picture: the squares the rules derive, told apart by the fields that name them, with
 * every hex of a player's view lettered on them.
 */
import { describe, expect, it } from "vitest";
import { boardOverview, formatView, graphLines, graphOverview, overviewLines, type ViewShape } from "../src/index.ts";

const shape: ViewShape = {
  players: { pos: { type: { kind: "optional", of: { kind: "hex" } }, visibility: "public" } },
  table: {
    kraken: { type: { kind: "hex" }, visibility: "public" },
    wrecks: { type: { kind: "list", of: { kind: "record", name: "Wreck" } }, visibility: "public" },
  },
  records: {
    Wreck: {
      at: { type: { kind: "hex" }, visibility: "public" },
      size: { type: { kind: "int" }, visibility: "public" },
    },
  },
  board: {
    module: { type: { kind: "map", key: { kind: "hex" }, value: { kind: "int" } }, visibility: "public" },
    land: { type: { kind: "map", key: { kind: "hex" }, value: { kind: "bool" } }, visibility: "public" },
    ports: { type: { kind: "list", of: { kind: "hex" } }, visibility: "public" },
  },
};
// Seven squares: a centre and its ring; one of land, one a port.
const board = {
  module: { "0,0": 0, "0,-1": 0, "1,-1": 0, "1,0": 0, "0,1": 0, "-1,1": 0, "-1,0": 0 },
  land: { "1,-1": true },
  ports: [{ q: -1, r: 1 }],
};
const view = {
  kraken: { q: 0, r: 0 },
  wrecks: [{ at: { q: 0, r: 0 }, size: 1 }],
  players: [{ pos: { q: 1, r: 0 } }, { pos: null }],
};

describe("boardOverview", () => {
  it("tells squares apart by the derived fields naming them, less those naming every square, the commonest first", () => {
    const overview = boardOverview(board, view, shape)!;
    expect(overview.kinds).toEqual(["", "land", "ports"]);
    expect(overview.squares.find((s) => s.q === 1 && s.r === -1)?.kind).toBe("land");
    expect(overview.squares).toHaveLength(7);
  });

  it("letters every field of the view that holds hexes, in records and lists too, each player's on its own", () => {
    const overview = boardOverview(board, view, shape)!;
    expect(overview.key).toEqual([
      { letter: "A", label: "kraken", squares: [{ q: 0, r: 0 }] },
      { letter: "B", label: "wrecks", squares: [{ q: 0, r: 0 }] },
      { letter: "C", label: "seat 0 pos", squares: [{ q: 1, r: 0 }] },
    ]);
    expect(overview.squares.find((s) => s.q === 0 && s.r === 0)?.pieces).toEqual(["A", "B"]);
    expect(overview.squares.find((s) => s.q === 1 && s.r === 0)?.pieces).toEqual(["C"]);
  });

  it("is none for a board without hexes", () => {
    expect(boardOverview({}, view, { ...shape, board: {} })).toBeNull();
  });
});

describe("overviewLines", () => {
  it("draws a row of squares per r, shifted half a square a row, a piece's letter over its square's mark", () => {
    expect(overviewLines(boardOverview(board, view, shape)!)).toEqual([
      " . #",
      ". @ C",
      " o .",
      // The key, in lines of 100 characters at most.
      "key: . other squares; # land; o ports; A kraken (0, 0); B wrecks (0, 0); C seat 0 pos (1, 0);",
      "     @ several",
    ]);
  });

  it("comes first in a view written for a terminal, when the engine gives its board", () => {
    const text = formatView(view, shape, board);
    expect(text.startsWith("the board:\n   . #\n  . @ C\n   o .\n  key:")).toBe(true);
    expect(formatView(view, shape)).not.toContain("the board:");
  });
});

describe("graphOverview", () => {
  const zones: ViewShape = {
    players: { zone: { type: { kind: "enum", name: "Zone" }, visibility: "public" } },
    table: {
      ships: {
        type: { kind: "map", key: { kind: "enum", name: "Npc" }, value: { kind: "record", name: "Ship" } },
        visibility: "public",
      },
    },
    records: { Ship: { zone: { type: { kind: "enum", name: "Zone" }, visibility: "public" } } },
    board: {
      LINKS: {
        type: {
          kind: "map",
          key: { kind: "enum", name: "Zone" },
          value: { kind: "list", of: { kind: "enum", name: "Zone" } },
        },
        visibility: "public",
      },
    },
  };
  const links = { LINKS: { cuba: ["florida", "jamaica"], florida: ["cuba"], jamaica: ["cuba"] } };
  const seen = { ships: { frigate: { zone: "jamaica" } }, players: [{ zone: "cuba" }, { zone: "cuba" }] };

  it("lays a constant map of places out with each link once, and the view's places lettered on it", () => {
    const graph = graphOverview(links, seen, zones)!;
    expect(graph.name).toBe("LINKS");
    expect(graph.links).toEqual([
      ["cuba", "florida"],
      ["cuba", "jamaica"],
    ]);
    expect(graph.places).toEqual([
      { name: "cuba", pieces: ["B", "C"] },
      { name: "florida", pieces: [] },
      { name: "jamaica", pieces: ["A"] },
    ]);
    expect(graph.key.map((k) => k.label)).toEqual(["ships", "seat 0 zone", "seat 1 zone"]);
    expect(graphOverview({}, seen, { ...zones, board: {} })).toBeNull();
  });

  it("reads as a line per place, the places next to it after its pieces", () => {
    expect(graphLines(graphOverview(links, seen, zones)!)).toEqual([
      "cuba [BC]   - florida, jamaica",
      "florida     - cuba",
      "jamaica [A] - cuba",
      "key: A ships; B seat 0 zone; C seat 1 zone",
    ]);
  });
});
