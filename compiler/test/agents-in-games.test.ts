/**
 * Agents in the real games: what the rules' `progress` (advice to machine players, not a rule) does for them.
 */
import { describe, expect, it } from "vitest";
import { agentPlayout } from "@rules/runtime";
import { engine as predoni } from "../../rulesets/predoni-dei-mari/generated/engine.ts";

/** Short 2-player Predoni games (seeds 1 to `games`) between `agent`s: how they ended and the hideouts won. */
function shortGames(agent: string, games: number): { conquests: number; hideouts: number } {
  let conquests = 0;
  let hideouts = 0;
  for (let seed = 1; seed <= games; seed++) {
    const { outcome } = agentPlayout(predoni, { players: 2, seed, variant: "short" }, [agent], seed, 5_000);
    if (outcome.ending === "hideouts built") conquests++;
    hideouts += outcome.scores.reduce((a, b) => a + b, 0);
  }
  return { conquests, hideouts };
}

describe("Predoni dei Mari between agents (short game, 2 players)", () => {
  it("random players never conquer a city: every game reaches the round limit (A45)", () => {
    expect(shortGames("random", 4)).toEqual({ conquests: 0, hideouts: 0 });
  });

  it("greedy agents guided by the rules' progress conquer cities, and some games end by conquest", () => {
    // Two of their own decisions ahead, each action tried in two imagined games: they take merchants, deliver them
    // for honours, and attack a city of their mission behind a token of level II or III. (In these four games, two
    // end by a conquest and seven cities fall; for 40 games, see the README.)
    const { conquests, hideouts } = shortGames("greedy:2:2", 4);
    expect(conquests).toBeGreaterThanOrEqual(2);
    expect(hideouts).toBeGreaterThanOrEqual(6);
  });
});

describe("Predoni dei Mari between agents (regular game, 2 players)", () => {
  it("greedy agents finish the game within the round limit: the third city, behind token I, falls to command points", () => {
    // Behind token I a city has every weapon (A15). The progress advice has a pirate with only that token left buy
    // command points with the honours he no longer needs, and spend them one at a time in the fight until he leads.
    // Without it, both pirates of this game held two hideouts from round 38 on and neither took a third in 80 rounds;
    // with the advice of a move's whole way, of the token handed over and of cards that score, it ends in round 28.
    const { outcome, state } = agentPlayout(
      predoni,
      { players: 2, seed: 101, variant: "base" },
      ["greedy:2:2"],
      8,
      20_000,
    );
    expect(outcome.ending).toBe("hideouts built");
    expect(state.round).toBeLessThanOrEqual(30);
    expect(Math.max(...outcome.scores)).toBe(3);
    const winner = outcome.winners[0]!;
    const levels = state.hideouts.filter((h) => h.owner === winner).map((h) => h.level);
    expect(levels.sort()).toEqual([1, 2, 3]);
  });
});
