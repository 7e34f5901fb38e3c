import { describe, expect, it } from "vitest";
import { createRng, redealElements } from "../src/index.ts";

describe("dealing hidden cards again", () => {
  it("shuffles a lone pile where it lies, in the order the cards of several places would get, the same generator", () => {
    const alone = (seed: number): number[] => {
      const deck = { pile: [1, 2, 3, 4, 5, 6, 7, 8] };
      redealElements(createRng(seed), [[deck, "pile"]]);
      return deck.pile;
    };
    // An empty hand beside it deals the same cards, one by one through a pool.
    const pooled = (seed: number): number[] => {
      const deck = { pile: [1, 2, 3, 4, 5, 6, 7, 8] };
      redealElements(createRng(seed), [
        [deck, "pile"],
        [{ hand: [] }, "hand"],
      ]);
      return deck.pile;
    };
    const orders = new Set<string>();
    for (let seed = 0; seed < 20; seed++) {
      expect(alone(seed), `seed ${seed}`).toEqual(pooled(seed));
      orders.add(alone(seed).join());
    }
    expect(orders.size).toBeGreaterThan(15);
  });

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

  it("leaves the cards the seat is shown where they lie in their list, once for each time they are shown, and deals the others", () => {
    const rng = createRng(11);
    const moved = new Set<number>();
    for (let i = 0; i < 50; i++) {
      const deck = { pile: [1, 2, 3, 4, 5, 8] };
      const other = { hand: [6, 8] };
      // The loser's hand, whose 6 and one of its two 8s the winner is choosing among (the pile and another hand hold
      // those values too: the loser's stay, not theirs).
      const loser = { hand: [6, 7, 8, 8] };
      redealElements(
        rng,
        [
          [deck, "pile"],
          [other, "hand"],
          [loser, "hand"],
        ],
        { list: loser.hand, values: [6, 8] },
      );
      expect(loser.hand[0]).toBe(6);
      expect(loser.hand[2]).toBe(8);
      expect([...deck.pile, ...other.hand, ...loser.hand].sort((x, y) => x - y)).toEqual([
        1, 2, 3, 4, 5, 6, 6, 7, 8, 8, 8, 8,
      ]);
      moved.add(loser.hand[1]!).add(loser.hand[3]!);
    }
    // The cards not shown are any of those not shown (the second 8 among them).
    expect([...moved].sort((x, y) => x - y)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it("deals as without cards shown when none is, or when the list shown is none of the places dealt", () => {
    const deal = (shown?: (pile: number[]) => { list: number[]; values: number[] }): number[] => {
      const deck = { pile: [1, 2, 3, 4, 5, 6] };
      redealElements(createRng(5), [[deck, "pile"]], shown?.(deck.pile));
      return deck.pile;
    };
    expect(deal((pile) => ({ list: pile, values: [] }))).toEqual(deal());
    expect(deal(() => ({ list: [1, 2], values: [1] }))).toEqual(deal());
  });
});
