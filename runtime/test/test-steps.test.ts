/** The runtime side of the test language: what the tests compiled from rules files check, on the race fixture. */
import { describe, expect, it } from "vitest";
import {
  alwaysProblem,
  askedProblem,
  describePending,
  offeredProblem,
  playUntil,
  shareProblem,
  viewAt,
} from "../src/index.ts";
import { NotAmongChoices } from "../src/at-values.ts";
import { raceFixtureEngine as engine, type RaceState } from "./fixtures/race-fixture-engine.ts";

const OPTIONS = { players: 2, seed: 5 };

describe("test steps, at run time", () => {
  it("`expect asked`: who is asked, and exactly which kinds of answer they may give", () => {
    const state = engine.newGame(OPTIONS);
    expect(askedProblem(engine, state, 0, ["boost"])).toBeNull();
    expect(askedProblem(engine, state, 0, ["roll"])).toBe("seat 0 may play boost, not roll");
    playUntil(engine, state, "roll");
    expect(askedProblem(engine, state, 0, ["rest", "roll"])).toBeNull();
    expect(askedProblem(engine, state, 1, ["roll"])).toBe("seat 1 is not asked anything: the game waits for seat(s) 0");
  });

  it("`expect offered`: of the kinds named, exactly these answers; a value not among the choices says so", () => {
    const state = engine.newGame(OPTIONS);
    const boost = (amount: number) => ({ type: "boost" as const, player: 1, amount });
    expect(offeredProblem(engine, state, 1, () => [boost(2), boost(0), boost(1)])).toBeNull();
    expect(offeredProblem(engine, state, 1, () => [boost(0), boost(3)])).toBe(
      "not offered: boost amount=3\noffered besides: boost amount=1; boost amount=2",
    );
    expect(
      offeredProblem(engine, state, 1, () => {
        throw new NotAmongChoices("boost: amount 7 is not among the choices now");
      }),
    ).toBe("boost: amount 7 is not among the choices now");
  });

  it("`play until` answers first answers until the decision is offered, and says why when it never is", () => {
    const state = engine.newGame(OPTIONS);
    playUntil(engine, state, "rest");
    expect((state as RaceState).phase).toBe("move");
    expect(() => playUntil(engine, engine.newGame(OPTIONS), "heckle")).toThrow(
      "play until heckle: the game ended before heckle was offered",
    );
    expect(describePending(engine, engine.newGame(OPTIONS))).toContain("seat 0 may play boost amount=0");
  });

  it("`expect 1 sees`: a place in a view, undefined where the view does not lead", () => {
    expect(viewAt({ players: [{ hand: 3 }] }, ["players", 0, "hand"])).toBe(3);
    expect(viewAt({ players: [{ hand: null }] }, ["players", 0, "hand", 1])).toBeUndefined();
  });

  it("`expect about`: the share of games, give or take the tolerance", () => {
    expect(shareProblem(96, 200, 50, 5)).toBeNull();
    expect(shareProblem(60, 200, 50, 5)).toBe("held in 60 of 200 games (30.0%), not 50% give or take 5%");
  });

  it("`expect always`: every decision of random games from the state, or the first game and action where it fails", () => {
    const state = engine.newGame(OPTIONS);
    expect(alwaysProblem(engine, OPTIONS, state, 10, (s) => s.positions.every((p) => p >= 0))).toBeNull();
    expect(alwaysProblem(engine, OPTIONS, state, 10, (s) => s.round < 2)).toMatch(
      /^random game 1: does not hold after \d+ actions, the last \w+/,
    );
    // The state it starts from is left as it was.
    expect(state.round).toBe(1);
  });
});
