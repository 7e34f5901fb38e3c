import { describe, expect, it } from "vitest";
import { RandomAgent, Session, agentStep, playWithAgents } from "../src/index.ts";
import { raceFixtureEngine as engine } from "./fixtures/race-fixture-engine.ts";

describe("RandomAgent", () => {
  it("makes the same choices for the same seed", () => {
    const play = (agentSeed: number): string => {
      const session = Session.create(engine, { players: 3, seed: 9 });
      playWithAgents(session, () => new RandomAgent(agentSeed));
      return JSON.stringify(session.log);
    };
    expect(play(4)).toBe(play(4));
    expect(play(4)).not.toBe(play(5));
  });

  it("only ever picks a legal action of the seat asked", () => {
    const agent = new RandomAgent(1);
    const session = Session.create(engine, { players: 4, seed: 3 });
    while (!session.isOver()) {
      for (const seat of session.toAct()) {
        const action = agent.choose(engine, session.state, seat);
        expect(action.player).toBe(seat);
        expect(session.check(action)).toBeNull();
      }
      agentStep(session, () => agent);
    }
  });

  it("picks every option sometimes (uniform choice)", () => {
    const agent = new RandomAgent(2);
    const session = Session.create(engine, { players: 2, seed: 3 });
    const counts = [0, 0, 0];
    for (let i = 0; i < 300; i++) {
      const action = agent.choose(engine, session.state, 0);
      if (action.type === "boost") counts[action.amount] = (counts[action.amount] ?? 0) + 1;
    }
    for (const count of counts) expect(count).toBeGreaterThan(70);
  });

  it("throws when asked to act for a seat with no legal action", () => {
    const session = Session.create(engine, { players: 2, seed: 3 });
    session.apply({ type: "boost", player: 0, amount: 0 });
    expect(() => new RandomAgent(1).choose(engine, session.state, 0)).toThrow(/no legal action/);
  });
});

describe("agentStep", () => {
  it("lets the lowest seat act first during a simultaneous choice", () => {
    const session = Session.create(engine, { players: 3, seed: 3 });
    const agent = new RandomAgent(1);
    expect(agentStep(session, () => agent)?.player).toBe(0);
    expect(agentStep(session, () => agent)?.player).toBe(1);
    expect(agentStep(session, () => agent)?.player).toBe(2);
  });

  it("returns null once the game is over", () => {
    const session = Session.create(engine, { players: 2, seed: 3 });
    playWithAgents(session, () => new RandomAgent(1));
    expect(agentStep(session, () => new RandomAgent(1))).toBeNull();
  });
});
