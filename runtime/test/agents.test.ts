import { describe, expect, it } from "vitest";
import { RandomAgent, Session, agentStep, playWithAgents, type Agent } from "../src/index.ts";
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

  it("asks the seats that may interrupt first, and an agent without `interrupt` never does", () => {
    const session = Session.create(engine, { players: 3, seed: 3, variant: "heckle" });
    for (let seat = 0; seat < 3; seat++) session.apply({ type: "boost", player: seat, amount: 2 });
    expect(session.toAct()).toEqual([0]);
    expect(session.mayAct()).toEqual([1, 2]);
    const heckler: Agent = {
      choose: () => {
        throw new Error("not asked");
      },
      interrupt: (e, state, seat) => (seat === 2 ? (e.legalActions(state, seat)[0] ?? null) : null),
    };
    const mover: Agent = { choose: (e, state, seat) => e.legalActions(state, seat)[1]! };
    const agentFor = (seat: number): Agent => (seat === 0 ? mover : heckler);
    expect(agentStep(session, agentFor)).toEqual({ type: "heckle", player: 2 });
    // The heckle took seat 0's boost down; seat 0 is still to move, and seat 2 has no heckle left.
    expect(session.toAct()).toEqual([0]);
    expect(session.mayAct()).toEqual([1]);
    expect(agentStep(session, agentFor)).toEqual({ type: "rest", player: 0 });
    const quiet = Session.create(engine, { players: 3, seed: 3, variant: "heckle" });
    playWithAgents(quiet, () => ({ choose: (e, state, seat) => e.legalActions(state, seat)[0]! }));
    expect(quiet.log.some((action) => action.type === "heckle")).toBe(false);
  });

  it("returns null once the game is over", () => {
    const session = Session.create(engine, { players: 2, seed: 3 });
    playWithAgents(session, () => new RandomAgent(1));
    expect(agentStep(session, () => new RandomAgent(1))).toBeNull();
  });
});

describe("playWithAgents", () => {
  it("stops where the rules say machine players give up (`abandon`)", () => {
    const abandoning = { ...engine, abandoned: (s: { round: number }) => (s.round > 1 ? "too slow" : null) };
    const session = Session.create(abandoning, { players: 3, seed: 9 });
    playWithAgents(session, () => new RandomAgent(1));
    expect(session.isOver()).toBe(false);
    expect(session.state.round).toBe(2);
  });
});
