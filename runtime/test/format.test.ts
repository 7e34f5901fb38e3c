import { describe, expect, it } from "vitest";
import { formatAction, formatBlock, formatOutcome } from "../src/index.ts";

describe("formatAction", () => {
  it("names the type then the parameters, leaving out the seat", () => {
    expect(formatAction({ type: "roll", player: 1 })).toBe("roll");
    const move = { type: "move", player: 0, to: "B3", cards: [1, 2] };
    expect(formatAction(move)).toBe("move to=B3 cards=[1,2]");
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
});

describe("formatBlock", () => {
  it("writes one field per line, short scalar lists inline, nested blocks indented", () => {
    const view = { round: 2, positions: [3, 0], hand: [{ suit: "hearts", rank: 5 }], me: { seat: 0, tags: [] } };
    expect(formatBlock(view)).toBe(
      [
        "round: 2",
        "positions: [3, 0]",
        "hand:",
        '  - suit: "hearts"',
        "    rank: 5",
        "me:",
        "  seat: 0",
        "  tags: []",
      ].join("\n"),
    );
  });
});
