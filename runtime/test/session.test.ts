import { describe, expect, it } from "vitest";
import { IllegalActionError, RandomAgent, Session, playWithAgents } from "../src/index.ts";
import { raceFixtureEngine as engine, type RaceAction } from "./fixtures/race-fixture-engine.ts";

const json = (value: unknown): string => JSON.stringify(value);

describe("Session.create", () => {
  it("starts a game at its first decision point", () => {
    const session = Session.create(engine, { players: 3, seed: 7 });
    expect(session.toAct()).toEqual([0, 1, 2]);
    expect(session.isOver()).toBe(false);
    expect(session.outcome()).toBeNull();
    expect(session.log).toEqual([]);
  });

  it("refuses options the engine does not accept, saying why", () => {
    expect(() => Session.create(engine, { players: 5, seed: 1 })).toThrow(/players must be an integer from 2 to 4/);
    expect(() => Session.create(engine, { players: 2, seed: 1.5 })).toThrow(/seed must be a 32-bit integer/);
    expect(() => Session.create(engine, { players: 2, seed: 1, variant: "short" })).toThrow(/unknown variant "short"/);
  });

  it("keeps only the known option fields", () => {
    const options = { players: 2, seed: 3, variant: "long", colour: "red" };
    expect(Session.create(engine, options).options).toEqual({ players: 2, seed: 3, variant: "long" });
  });
});

describe("determinism", () => {
  it("the same seed and the same actions give bit-for-bit identical states", () => {
    const first = Session.create(engine, { players: 4, seed: 12345 });
    playWithAgents(first, () => new RandomAgent(99));
    const second = Session.create(engine, { players: 4, seed: 12345 });
    for (const action of first.log) second.apply(action);
    expect(json(second.state)).toBe(json(first.state));
    expect(first.isOver()).toBe(true);
  });

  it("different seeds give different games", () => {
    const a = Session.create(engine, { players: 2, seed: 1 });
    const b = Session.create(engine, { players: 2, seed: 2 });
    expect(json(a.state)).not.toBe(json(b.state));
  });
});

describe("Session.apply", () => {
  it("applies a legal action and records a copy of it in the log", () => {
    const session = Session.create(engine, { players: 2, seed: 1 });
    const action: RaceAction = { type: "boost", player: 1, amount: 2 };
    session.apply(action);
    action.amount = 0; // the caller changing its object afterwards must not rewrite history
    expect(session.log).toEqual([{ type: "boost", player: 1, amount: 2 }]);
    expect(session.toAct()).toEqual([0]);
  });

  const refusals: { name: string; action: unknown; reason: RegExp }[] = [
    { name: "not an object", action: "roll", reason: /must be an object/ },
    { name: "no type", action: { player: 0 }, reason: /string `type`/ },
    { name: "non-integer player", action: { type: "boost", player: 0.5, amount: 1 }, reason: /integer `player`/ },
    { name: "seat not at the table", action: { type: "boost", player: 2, amount: 1 }, reason: /not a seat/ },
    { name: "unknown type", action: { type: "fly", player: 0 }, reason: /unknown action type "fly"/ },
    { name: "wrong phase", action: { type: "roll", player: 0 }, reason: /once every boost is picked/ },
    { name: "bad parameter", action: { type: "boost", player: 0, amount: 3 }, reason: /0, 1 or 2/ },
    { name: "second pick", action: { type: "boost", player: 1, amount: 0 }, reason: /already picked/ },
    {
      name: "a field it does not have",
      action: { type: "boost", player: 0, amount: 1, extra: true },
      reason: /boost takes only amount, not `extra`/,
    },
    {
      name: "a `__proto__` key, as JSON.parse makes it",
      action: JSON.parse('{"type": "roll", "player": 0, "__proto__": {"player": 1}}'),
      reason: /roll takes no field besides type and player, not `__proto__`/,
    },
  ];

  for (const { name, action, reason } of refusals) {
    it(`refuses an action (${name}) with its reason and leaves the state deep-equal to before`, () => {
      const session = Session.create(engine, { players: 2, seed: 5 });
      session.apply({ type: "boost", player: 1, amount: 1 });
      const before = session.snapshot();
      const logBefore = [...session.log];

      let caught: unknown;
      try {
        session.apply(action as RaceAction);
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(IllegalActionError);
      expect((caught as IllegalActionError).reason).toMatch(reason);
      expect(session.state).toStrictEqual(before);
      expect(session.log).toEqual(logBefore);
      expect(session.tryApply(action as RaceAction)).toMatch(reason);
      expect(session.state).toStrictEqual(before);
    });
  }

  it("refuses out-of-turn moves with the engine's reason", () => {
    const session = Session.create(engine, { players: 2, seed: 5 });
    session.apply({ type: "boost", player: 0, amount: 0 });
    session.apply({ type: "boost", player: 1, amount: 0 });
    const before = session.snapshot();
    expect(() => session.apply({ type: "roll", player: 1 })).toThrow(/not your turn: seat 0 moves/);
    expect(session.state).toStrictEqual(before);
  });

  it("refuses every action once the game is over", () => {
    const session = Session.create(engine, { players: 2, seed: 8 });
    playWithAgents(session, () => new RandomAgent(8));
    expect(session.isOver()).toBe(true);
    expect(session.check({ type: "rest", player: 0 })).toBe("the game is over");
  });
});

describe("Session.view", () => {
  it("shows a seat its own secret and hides the others' secrets and pending choices", () => {
    const session = Session.create(engine, { players: 3, seed: 21 });
    session.apply({ type: "boost", player: 2, amount: 2 });
    const view = session.view(0);
    expect(view.yourLuckyNumber).toBe(session.state.lucky[0]);
    expect(json(view)).not.toContain('lucky":');
    expect(view.boosts).toEqual([null, null, "hidden"]);
    expect(session.view(2).boosts).toEqual([null, null, 2]);
  });

  it("refuses a seat that is not at the table", () => {
    const session = Session.create(engine, { players: 2, seed: 1 });
    expect(() => session.view(2)).toThrow(RangeError);
    expect(() => session.legalActions(-1)).toThrow(RangeError);
  });
});
