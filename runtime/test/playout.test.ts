import { describe, expect, it } from "vitest";
import { PlayoutLimitError, RandomAgent, Session, createRng, playWithAgents, randomPlayout } from "../src/index.ts";
import { raceFixtureEngine as engine } from "./fixtures/race-fixture-engine.ts";

describe("randomPlayout", () => {
  it("plays a game to its end and returns its length and outcome", () => {
    const result = randomPlayout(engine, { players: 3, seed: 1 }, createRng(2), 10_000);
    expect(engine.isOver(result.state)).toBe(true);
    expect(result.steps).toBeGreaterThan(0);
    expect(result.outcome).toEqual(engine.outcome(result.state));
  });

  it("terminates for many seeds, player counts and variants", () => {
    for (const variant of engine.variants) {
      for (let players = 2; players <= 4; players++) {
        for (let seed = 0; seed < 20; seed++) {
          const { outcome } = randomPlayout(engine, { players, seed, variant }, createRng(seed), 10_000);
          expect(outcome.winners.length).toBeGreaterThan(0);
        }
      }
    }
  });

  it("is deterministic for the same options and generator seed", () => {
    const a = randomPlayout(engine, { players: 4, seed: 8 }, createRng(9), 10_000);
    const b = randomPlayout(engine, { players: 4, seed: 8 }, createRng(9), 10_000);
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
  });

  it("plays exactly the game a RandomAgent with the same seed plays through a session", () => {
    const fast = randomPlayout(engine, { players: 3, seed: 17 }, createRng(23), 10_000);
    const session = Session.create(engine, { players: 3, seed: 17 });
    const agent = new RandomAgent(23);
    playWithAgents(session, () => agent);
    expect(JSON.stringify(session.state)).toBe(JSON.stringify(fast.state));
    expect(session.log).toHaveLength(fast.steps);
  });

  it("takes interrupts as a RandomAgent does: sometimes, never at the first chance every time", () => {
    let heckles = 0;
    for (let seed = 0; seed < 30; seed++) {
      const fast = randomPlayout(engine, { players: 4, seed, variant: "heckle" }, createRng(seed), 10_000);
      const session = Session.create(engine, { players: 4, seed, variant: "heckle" });
      const agent = new RandomAgent(seed);
      playWithAgents(session, () => agent);
      expect(JSON.stringify(session.state)).toBe(JSON.stringify(fast.state));
      heckles += session.log.filter((action) => action.type === "heckle").length;
    }
    // 4 heckles a game are possible; with one chance in INTERRUPT_ODDS per decision point, a few happen.
    expect(heckles).toBeGreaterThan(5);
    expect(heckles).toBeLessThan(30 * 4);
  });

  it("throws a clear error when the game does not end within maxSteps", () => {
    const attempt = (): unknown => randomPlayout(engine, { players: 2, seed: 1 }, createRng(1), 3);
    expect(attempt).toThrow(PlayoutLimitError);
    expect(attempt).toThrow(/race-fixture did not end within 3 actions \(players 2, seed 1\)/);
  });
});
