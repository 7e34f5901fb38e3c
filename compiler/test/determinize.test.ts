/**
 * The game a search agent imagines (`determinize`, generated from the rules' visibility): with a single opponent,
 * the cards of his hand are dealt again together with the deck they come from (`hand: ... private from combatDeck`),
 * so the agent does not know them; what it sees stays as it is.
 */
import { describe, expect, it } from "vitest";
import { createRng } from "@rules/runtime";
import { engine as marauders } from "../../rulesets/merchants-and-marauders/generated/engine.ts";
import { engine } from "../../rulesets/predoni-dei-mari/generated/engine.ts";

const predoni = engine;

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

describe("determinize: what a single opponent keeps to himself", () => {
  it("Predoni: his mission card is dealt again with the mission deck's pile", () => {
    const state = predoni.newGame({ players: 2, seed: 5 });
    state.players[1]!.mission = state.missionDeck.pile.splice(0, 1);
    const real = state.players[1]!.mission[0]!;
    const rng = createRng(2);
    const missions = new Set<number>();
    let other = 0;
    for (let i = 0; i < 30; i++) {
      const imagined = predoni.determinize!(state, 0, rng);
      expect(imagined.players[1]!.mission).toHaveLength(1);
      expect(imagined.players[0]!.mission).toEqual(state.players[0]!.mission);
      const cards = (s: typeof state): number[] =>
        [...s.missionDeck.pile, ...s.players[1]!.mission].sort((a, b) => a - b);
      expect(cards(imagined)).toEqual(cards(state));
      missions.add(imagined.players[1]!.mission[0]!);
      if (imagined.players[1]!.mission[0] !== real) other++;
    }
    // The real card is only one of the many the agent imagines.
    expect(missions.size).toBeGreaterThan(10);
    expect(other).toBeGreaterThan(25);
  });

  it("M&M: his gold and stash are imagined like the seat's own, his rumor dealt again from the rumor deck", () => {
    const state = marauders.newGame({ players: 2, seed: 5 });
    const [mine, his] = [state.players[0]!, state.players[1]!];
    mine.gold = 12;
    mine.stash = 4;
    his.gold = 31;
    his.stash = 17;
    his.rumor = state.rumorDeck.pile.shift()!;
    const rng = createRng(3);
    const rumors = new Set<number>();
    for (let i = 0; i < 30; i++) {
      const imagined = marauders.determinize!(state, 0, rng);
      // Nothing of the true values reaches seat 0's imagined game.
      expect([imagined.players[1]!.gold, imagined.players[1]!.stash]).toEqual([12, 4]);
      expect([imagined.players[0]!.gold, imagined.players[0]!.stash]).toEqual([12, 4]);
      expect(imagined.players[1]!.rumor).not.toBeNull();
      rumors.add(imagined.players[1]!.rumor!);
    }
    expect(rumors.size).toBeGreaterThan(5);
  });
});
