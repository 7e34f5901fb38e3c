/**
 * The game a search agent imagines (`determinize`, generated from the rules' visibility): with a single opponent,
 * the cards of his hand are dealt again together with the deck they come from (`hand: ... private from combatDeck`),
 * so the agent does not know them; what it sees stays as it is.
 */
import { describe, expect, it } from "vitest";
import { createRng } from "@rules/runtime";
import { engine } from "../../rulesets/predoni-dei-mari/generated/engine.ts";

describe("determinize (Predoni dei Mari, 2 players)", () => {
  it("deals the opponent's hand again from the cards seat 0 has not seen, keeping its size and seat 0's view", () => {
    const state = engine.newGame({ players: 2, seed: 3 });
    const rng = createRng(1);
    // The opponent holds three combat cards from the top of the deck.
    state.players[1]!.hand = state.combatDeck.pile.splice(0, 3);
    const real = [...state.players[1]!.hand].sort((a, b) => a - b);
    expect(real.length).toBeGreaterThan(0);
    const view = JSON.stringify(engine.view(state, 0));
    let other = 0;
    for (let i = 0; i < 20; i++) {
      const imagined = engine.determinize!(state, 0, rng);
      expect(JSON.stringify(engine.view(imagined, 0))).toBe(view);
      expect(imagined.players[0]!.hand).toEqual(state.players[0]!.hand);
      const hand = [...imagined.players[1]!.hand].sort((a, b) => a - b);
      expect(hand).toHaveLength(real.length);
      if (JSON.stringify(hand) !== JSON.stringify(real)) other++;
      // Every card is still somewhere: the hands and the pile hold the same cards as in the real game.
      const cards = (s: typeof state): number[] =>
        [...s.combatDeck.pile, ...s.players[1]!.hand, ...s.players[1]!.peek].sort((a, b) => a - b);
      expect(cards(imagined)).toEqual(cards(state));
    }
    expect(other).toBeGreaterThan(15);
  });
});
