/**
 * Decks: a face-down draw pile with its face-up discard pile. "Draw a card; when the deck runs out, shuffle the
 * discard pile to form a new one" is one builtin, so no ruleset rebuilds its decks by hand.
 */
import { describe, expect, it } from "vitest";
import { Codes } from "../src/diagnostics.ts";
import { typeToString } from "../src/types.ts";
import { inFlow, loadClean, soleError } from "./helpers.ts";

const CARDS = `global { cards: deck<int>  last: int? }`;

describe("decks", () => {
  it("have a draw pile and a discard pile; a draw gives a card or none", () => {
    const program = loadClean(
      inFlow(
        [
          "  cards.pile = range(1, 10)",
          "  shuffle cards",
          "  last = draw(cards)",
          "  if let c = last {",
          "    add c to cards.discard",
          "  }",
          "  if size(cards.pile) < 5 {",
          "    reshuffle(cards)",
          "  }",
          "  end",
        ].join("\n"),
        CARDS,
      ),
    );
    expect(typeToString(program.globalFields.get("cards")!.type)).toBe("deck<int>");
  });

  it("a deck's size is one of its piles', and it is gone over through them", () => {
    const size = soleError(inFlow("  last = size(cards)\n  end", CARDS), Codes.typeMismatch);
    expect(size.hint).toContain("size(d.pile)");
    const loop = soleError(inFlow("  for c in cards {\n    last = c\n  }\n  end", CARDS), Codes.typeMismatch);
    expect(loop.hint).toBe("go over its draw pile `d.pile` or its discard pile `d.discard`");
    expect(soleError(inFlow("  last = cards.top\n  end", CARDS), Codes.unknownField).hint).toBe(
      "its lists are `pile` and `discard`",
    );
    expect(soleError(inFlow("  reshuffle([1])\n  end", CARDS), Codes.typeMismatch).message).toBe(
      "`reshuffle` takes a deck, found list<int>",
    );
  });

  it("may be declared never reshuffled: the discard pile does not come back when the pile runs out", () => {
    const program = loadClean(
      inFlow(
        "  last = draw(events)\n  if let e = last {\n    add e to events.discard\n  }\n  reshuffle(events)\n  end",
        "global { events: deck<int> never reshuffled  last: int? }",
      ),
    );
    expect(typeToString(program.globalFields.get("events")!.type)).toBe("deck<int> never reshuffled");
    const mixed = soleError(
      inFlow("  events = cards\n  end", "global { events: deck<int> never reshuffled  cards: deck<int> }"),
      Codes.typeMismatch,
    );
    expect(mixed.message).toContain("deck<int> never reshuffled");
  });
});
