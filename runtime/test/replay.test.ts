import { describe, expect, it } from "vitest";
import { RandomAgent, ReplayError, Session, playWithAgents, replay } from "../src/index.ts";
import { raceFixtureEngine as engine } from "./fixtures/race-fixture-engine.ts";

function finishedGame(): Session<ReturnType<typeof engine.newGame>, Parameters<typeof engine.apply>[1], unknown> {
  const session = Session.create(engine, { players: 3, seed: 55 });
  playWithAgents(session, () => new RandomAgent(3));
  return session;
}

describe("replay", () => {
  it("rebuilds the exact game from its options and log", () => {
    const game = finishedGame();
    const replayed = replay(engine, game.options, game.log);
    expect(JSON.stringify(replayed.state)).toBe(JSON.stringify(game.state));
    expect(replayed.outcome()).toEqual(game.outcome());
  });

  it("reports each step in order", () => {
    const game = finishedGame();
    const seen: number[] = [];
    replay(engine, game.options, game.log, (index, action, session, shown) => {
      expect(action).toEqual(game.log[index]);
      // The fixture has no lists of choices: an action is shown as it is.
      expect(shown).toEqual(action);
      expect(session.log).toHaveLength(index + 1);
      seen.push(index);
    });
    expect(seen).toEqual(game.log.map((_, i) => i));
  });

  it("refuses at the first illegal action, with its index and reason", () => {
    const game = finishedGame();
    const log = [...game.log];
    log.splice(4, 0, { type: "rest", player: 2 });
    try {
      replay(engine, game.options, log);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ReplayError);
      const refusal = error as ReplayError;
      expect(refusal.index).toBe(4);
      expect(refusal.reason).toMatch(/./);
      expect(refusal.action).toEqual({ type: "rest", player: 2 });
      expect(refusal.message).toContain("log[4]");
    }
  });

  it("refuses malformed entries like illegal ones", () => {
    expect(() => replay(engine, { players: 2, seed: 1 }, [null])).toThrow(/log\[0\].*must be an object/);
  });

  it("refuses options the engine does not accept", () => {
    expect(() => replay(engine, { players: 1, seed: 1 }, [])).toThrow(RangeError);
  });
});
