import { describe, expect, it } from "vitest";
import { SaveError, Table } from "../src/index.ts";
import { raceFixtureEngine as engine } from "./fixtures/race-fixture-engine.ts";

const boost = (player: number, amount: number) => ({ type: "boost" as const, player, amount });

describe("a table of people and agents", () => {
  it("lets agents play until a person must decide, writing every action down as its player read it", () => {
    const table = Table.create(engine, { players: 3, seed: 4 }, ["random", "human", "greedy"]);
    // Seat 0, an agent, has picked its boost; the person at seat 1 is asked now.
    expect(table.humanToAct()).toBe(1);
    expect(table.entries).toEqual([{ seat: 0, text: expect.stringMatching(/^boost amount \d$/) }]);
    expect(table.act(boost(1, 2))).toBeNull();
    // The agent at seat 2 answered, then the moves went round until seat 1's turn to move.
    expect(table.entries.map((e) => e.seat).slice(0, 3)).toEqual([0, 1, 2]);
    expect(table.humanToAct()).toBe(1);
  });

  it("refuses an action of a seat it does not wait for, with the reason, changing nothing", () => {
    const table = Table.create(engine, { players: 2, seed: 1 }, ["human", "human"]);
    const before = JSON.stringify(table.session.state);
    expect(table.act(boost(0, 7))).toMatch(/./);
    expect(table.act({ type: "roll", player: 0 })).toMatch(/./);
    expect(JSON.stringify(table.session.state)).toBe(before);
    expect(table.entries).toEqual([]);
  });

  it("takes back a person's action that revealed nothing, until someone else acts", () => {
    const table = Table.create(engine, { players: 2, seed: 1 }, ["human", "human"]);
    const start = JSON.stringify(table.session.state);
    table.act(boost(0, 1));
    expect(table.canUndo()).toBe(true);
    table.undo();
    expect(JSON.stringify(table.session.state)).toBe(start);
    expect(table.entries).toEqual([]);
    expect(table.canUndo()).toBe(false);
    table.act(boost(0, 2));
    // Seat 1's boost ends the secret choice: both boosts are shown, so neither can be taken back now.
    table.act(boost(1, 0));
    expect(table.canUndo()).toBe(false);
  });

  it("never takes back a die roll, but a rest (which shows nothing new) can be taken back", () => {
    const table = Table.create(engine, { players: 2, seed: 1 }, ["human", "human"]);
    table.act(boost(0, 2));
    table.act(boost(1, 0));
    table.act({ type: "rest", player: 0 });
    expect(table.canUndo()).toBe(true);
    table.undo();
    table.act({ type: "roll", player: 0 });
    expect(table.canUndo()).toBe(false);
  });

  it("saves in the runtime's format and loads it back; a corrupt save is refused with the reason", () => {
    const table = Table.create(engine, { players: 2, seed: 6 }, ["human", "random"]);
    table.act(boost(0, 1));
    const save = table.save();
    const loaded = Table.load(engine, save, (players) => ["human", ...new Array<string>(players - 1).fill("random")]);
    expect(loaded.session.state).toEqual(table.session.state);
    expect(loaded.entries.length).toBe(table.session.log.length);
    const corrupt = save.replace('"amount": 1', '"amount": 2');
    expect(() => Table.load(engine, corrupt, () => ["human", "random"])).toThrow(SaveError);
    expect(() => Table.load(engine, "{ not json", () => ["human", "random"])).toThrow(SaveError);
  });
});

describe("a table where the rules let machine players give up (`abandon`)", () => {
  // The race, given up by machines after its first round (the fixture's races last longer).
  const abandoning = { ...engine, abandoned: (s: { round: number }) => (s.round > 1 ? "too slow" : null) };

  it("with agents only, stops there: nobody wins", () => {
    const table = Table.create(abandoning, { players: 2, seed: 4 }, ["random", "random"]);
    expect(table.session.isOver()).toBe(false);
    expect(table.session.state.round).toBe(2);
    expect(table.outcome()).toMatchObject({ winners: [], abandoned: true, ending: "abandoned: too slow" });
  });

  it("with a person at it, plays on", () => {
    const table = Table.create(abandoning, { players: 2, seed: 4 }, ["random", "human"]);
    for (let i = 0; i < 200 && table.humanToAct() !== undefined; i++) {
      table.act(table.session.legalActions(table.humanToAct()!)[0]!);
    }
    expect(table.session.isOver()).toBe(true);
    expect(table.outcome()?.abandoned).toBeUndefined();
    expect(table.outcome()?.winners.length).toBeGreaterThan(0);
  });
});
