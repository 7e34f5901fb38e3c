import { describe, expect, it } from "vitest";
import { createRng, redealElements } from "../src/index.ts";

describe("dealing hidden cards again", () => {
  it("deals the cards of a pile, hands and single cards among them: each keeps its size, none stays none", () => {
    const rng = createRng(7);
    const seen = new Set<number>();
    for (let i = 0; i < 50; i++) {
      const deck = { pile: [1, 2, 3, 4] };
      const a = { hand: [5, 6], rumor: 7 as number | null };
      const b = { hand: [] as number[], rumor: null as number | null };
      redealElements(rng, [
        [deck, "pile"],
        [a, "hand"],
        [a, "rumor"],
        [b, "hand"],
        [b, "rumor"],
      ]);
      expect(deck.pile).toHaveLength(4);
      expect(a.hand).toHaveLength(2);
      expect(b.hand).toEqual([]);
      expect(b.rumor).toBeNull();
      // Every card is still somewhere, once.
      expect([...deck.pile, ...a.hand, a.rumor!].sort((x, y) => x - y)).toEqual([1, 2, 3, 4, 5, 6, 7]);
      seen.add(a.rumor!);
    }
    // The single card is any of them.
    expect(seen.size).toBe(7);
  });
});
