/** Properties over many random games: whatever is tried, refusals change nothing and the log is the game. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Session, replay, restore, saveToJson } from "../src/index.ts";
import { raceFixtureEngine as engine, type RaceAction } from "./fixtures/race-fixture-engine.ts";

/** Each attempt is either "take legal action number k" or an arbitrary (probably illegal) action. */
const attempt = fc.oneof(
  fc.nat({ max: 10 }).map((k) => ({ legal: k })),
  fc
    .record({
      type: fc.constantFrom("boost", "roll", "rest", "fly", ""),
      player: fc.integer({ min: -1, max: 4 }),
      amount: fc.integer({ min: -1, max: 3 }),
    })
    .map((action) => ({ raw: action })),
);

const game = fc.record({
  players: fc.integer({ min: 2, max: 4 }),
  seed: fc.integer({ min: -0x80000000, max: 0x7fffffff }),
  variant: fc.constantFrom("base", "long"),
  attempts: fc.array(attempt, { maxLength: 60 }),
});

describe("properties of sessions", () => {
  it("refusals leave the state unchanged; the log replays and restores to the same state", () => {
    fc.assert(
      fc.property(game, ({ players, seed, variant, attempts }) => {
        const session = Session.create(engine, { players, seed, variant });
        for (const step of attempts) {
          const seat = session.toAct()[0];
          if (seat === undefined) break;
          const action: RaceAction =
            "legal" in step
              ? (session.legalActions(seat)[step.legal % session.legalActions(seat).length] as RaceAction)
              : (step.raw as RaceAction);
          const before = JSON.stringify(session.state);
          const reason = session.tryApply(action);
          if (reason !== null) expect(JSON.stringify(session.state)).toBe(before);
          if ("legal" in step) expect(reason).toBeNull();
        }
        const text = JSON.stringify(session.state);
        expect(JSON.stringify(replay(engine, session.options, session.log).state)).toBe(text);
        expect(JSON.stringify(restore(engine, saveToJson(session), { verify: true }).state)).toBe(text);
      }),
      { numRuns: 150, seed: 20240611 },
    );
  });
});
