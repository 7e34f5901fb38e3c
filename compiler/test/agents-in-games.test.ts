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
    // for honours, and attack a city of their mission behind a token of level II or III.
    const { conquests, hideouts } = shortGames("greedy:2:2", 4);
    expect(conquests).toBeGreaterThanOrEqual(1);
    expect(hideouts).toBeGreaterThanOrEqual(4);
  });
});
