import { describe, expect, it } from "vitest";
import {
  RandomAgent,
  SaveError,
  canonicalJson,
  Session,
  createSave,
  playWithAgents,
  restore,
  saveChecksum,
  saveToJson,
} from "../src/index.ts";
import { raceFixtureEngine as engine, type RaceAction, type RaceState } from "./fixtures/race-fixture-engine.ts";

/** A game 7 actions in, as a session and its save text. */
function midGame(): { session: Session<RaceState, RaceAction, unknown>; text: string } {
  const session = Session.create(engine, { players: 3, seed: 404, variant: "long" });
  playWithAgents(session, () => new RandomAgent(1), 7);
  return { session, text: saveToJson(session) };
}

/** The mid-game save as an object, edited by `edit`, back as text. */
function edited(edit: (save: Record<string, unknown>) => void): string {
  const save = JSON.parse(midGame().text) as Record<string, unknown>;
  edit(save);
  return JSON.stringify(save);
}

/** The same, with the checksum made again: an edit by someone who knows the format, which other checks must catch. */
function resealed(edit: (save: Record<string, unknown>) => void): string {
  return edited((save) => {
    edit(save);
    save.checksum = saveChecksum(save);
  });
}

describe("save", () => {
  it("writes the versioned format with a checksum of everything it holds", () => {
    const { session } = midGame();
    const save = createSave(session);
    expect(save).toMatchObject({
      format: "rules-save",
      version: 2,
      game: "race-fixture",
      sourceHash: engine.sourceHash,
      options: { players: 3, seed: 404, variant: "long" },
    });
    expect(save.log).toHaveLength(7);
    expect(save.checksum).toBe(saveChecksum(save));
    expect(save.checksum).toMatch(/^[0-9a-f]{8}$/);
  });

  it("is a copy: playing on does not change an earlier save", () => {
    const { session } = midGame();
    const save = createSave(session);
    const frozen = JSON.stringify(save);
    playWithAgents(session, () => new RandomAgent(2), 3);
    expect(JSON.stringify(save)).toBe(frozen);
  });
});

describe("restore", () => {
  it("round-trips options, log and state exactly", () => {
    const { session, text } = midGame();
    const restored = restore(engine, text);
    expect(restored.options).toEqual(session.options);
    expect(restored.log).toEqual(session.log);
    expect(JSON.stringify(restored.state)).toBe(JSON.stringify(session.state));
  });

  it("accepts an already parsed save, and verifies the log on request", () => {
    const { session, text } = midGame();
    const restored = restore(engine, JSON.parse(text), { verify: true });
    expect(restored.state).toEqual(session.state);
  });

  it("continues identically: the restored game and the original play on the same", () => {
    const original = Session.create(engine, { players: 4, seed: 2024 });
    playWithAgents(original, () => new RandomAgent(31), 10);
    const restored = restore(engine, saveToJson(original));

    const agentA = new RandomAgent(77);
    const agentB = new RandomAgent(77);
    playWithAgents(original, () => agentA);
    playWithAgents(restored, () => agentB);

    expect(original.isOver()).toBe(true);
    expect(JSON.stringify(restored.state)).toBe(JSON.stringify(original.state));
    expect(restored.log).toEqual(original.log);
    expect(restored.outcome()).toEqual(original.outcome());
  });

  const corrupt: { name: string; input: () => string; reason: RegExp }[] = [
    { name: "not JSON", input: () => midGame().text.slice(0, 40), reason: /not valid JSON/ },
    { name: "not an object", input: () => "[1, 2]", reason: /must be a JSON object/ },
    { name: "wrong format", input: () => edited((s) => (s.format = "chess-pgn")), reason: /format is "chess-pgn"/ },
    { name: "wrong version", input: () => edited((s) => (s.version = 1)), reason: /unsupported save version 1/ },
    { name: "no version", input: () => edited((s) => delete s.version), reason: /^the save has no version \(/ },
    { name: "wrong game", input: () => edited((s) => (s.game = "go")), reason: /for game "go", not "race-fixture"/ },
    {
      name: "rules changed",
      input: () => edited((s) => (s.sourceHash = "old")),
      reason: /rules of "race-fixture" changed/,
    },
    {
      name: "player count out of range",
      input: () => resealed((s) => (s.options = { players: 9, seed: 404 })),
      reason: /bad options: players must be an integer from 2 to 4/,
    },
    {
      name: "unknown variant",
      input: () => resealed((s) => (s.options = { players: 3, seed: 404, variant: "turbo" })),
      reason: /bad options: unknown variant "turbo"/,
    },
    {
      name: "log not an array",
      input: () => resealed((s) => (s.log = {})),
      reason: /bad log: the log must be an array/,
    },
    {
      name: "log entry not an action",
      input: () => resealed((s) => (s.log = [{ type: "roll", player: 0 }, { kind: "roll" }])),
      reason: /bad log: log\[1\]/,
    },
    {
      name: "state edited (checksum mismatch)",
      input: () => edited((s) => ((s.state as RaceState).positions[0] = 99)),
      reason: /checksum mismatch.*corrupt/,
    },
    { name: "no state", input: () => resealed((s) => delete s.state), reason: /no state/ },
    {
      name: "a log entry edited, the JSON still valid",
      input: () => edited((s) => ((s.log as RaceAction[])[0] = { type: "roll", player: 0 })),
      reason: /checksum mismatch.*corrupt or edited/,
    },
    {
      name: "the options edited, the JSON still valid",
      input: () => edited((s) => (s.options = { players: 3, seed: 405, variant: "long" })),
      reason: /checksum mismatch/,
    },
    {
      name: "state of the wrong shape (valid checksum)",
      input: () => resealed((s) => ((s.state as RaceState).lucky = [7, 7, 7])),
      reason: /invalid state: bad lucky numbers/,
    },
  ];

  for (const { name, input, reason } of corrupt) {
    it(`refuses a save (${name}) with a SaveError saying why`, () => {
      const attempt = (): unknown => restore(engine, input());
      expect(attempt).toThrow(SaveError);
      expect(attempt).toThrow(reason);
    });
  }

  it("refuses every one of 2,000 one-character edits that changes what the save says", () => {
    const { text } = midGame();
    const original = canonicalJson(JSON.parse(text));
    let seed = 2024;
    const next = (n: number): number => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    let refused = 0;
    for (let i = 0; i < 2000; i++) {
      const at = next(text.length);
      const replacement = String.fromCharCode(32 + next(95));
      const changed = text.slice(0, at) + replacement + text.slice(at + 1);
      let parsed: unknown;
      try {
        parsed = JSON.parse(changed);
      } catch {
        parsed = undefined;
      }
      // An edit that leaves the same save (a space for a space, or inside the indentation) changes nothing.
      if (parsed !== undefined && canonicalJson(parsed) === original) continue;
      expect(() => restore(engine, changed), `edit at ${at}: ${JSON.stringify(replacement)}`).toThrow(SaveError);
      refused++;
    }
    expect(refused).toBeGreaterThan(1500);
  });

  it("with verify, refuses a log that does not lead to the saved state", () => {
    const text = resealed((s) => (s.log = (s.log as RaceAction[]).slice(0, -1)));
    expect(() => restore(engine, text)).not.toThrow();
    expect(() => restore(engine, text, { verify: true })).toThrow(/does not reach the saved state/);
  });

  it("with verify, refuses a log with an illegal action, naming it", () => {
    const text = resealed((s) => ((s.log as RaceAction[])[0] = { type: "roll", player: 0 }));
    expect(() => restore(engine, text, { verify: true })).toThrow(/log does not replay: log\[0\].*boost is picked/);
  });
});

describe("restore, from another build of the same rules", () => {
  // Two builds of the race fixture: the same rules (source hash), another engine code, whose states may be laid out
  // otherwise (a routine's steps numbered anew, a local renamed).
  const built = { ...engine, codeHash: "build-1" };
  const rebuilt = { ...engine, codeHash: "build-2" };
  function savedBy(e: typeof built): { session: Session<RaceState, RaceAction, unknown>; text: string } {
    const session = Session.create(e, { players: 3, seed: 404, variant: "long" });
    playWithAgents(session, () => new RandomAgent(1), 7);
    return { session, text: saveToJson(session) };
  }

  it("records the engine's code hash in the save", () => {
    expect(JSON.parse(savedBy(built).text)).toMatchObject({ codeHash: "build-1" });
    expect(JSON.parse(midGame().text)).not.toHaveProperty("codeHash");
  });

  it("plays the log again rather than reading a state laid out by the other build", () => {
    const { session, text } = savedBy(built);
    // The state as the other build might have laid it out: unreadable here, and not read.
    const save = JSON.parse(text) as Record<string, unknown>;
    save.state = { laidOut: "otherwise" };
    save.checksum = saveChecksum(save);
    const restored = restore(rebuilt, JSON.stringify(save));
    expect(restored.state).toEqual(session.state);
    expect(restored.log).toEqual(session.log);
    // By the same build, the saved state is read as it is (and this one does not validate).
    expect(() => restore(built, JSON.stringify(save))).toThrow(/invalid state/);
  });

  it("plays the log of a save made before engines recorded their code hash", () => {
    const { session, text } = midGame();
    expect(restore(rebuilt, text).state).toEqual(session.state);
  });

  it("refuses a save whose log this build cannot replay, naming both builds", () => {
    const text = edited((save) => {
      save.codeHash = "build-1";
      (save.log as RaceAction[])[0] = { type: "roll", player: 0 };
      save.checksum = saveChecksum(save);
    });
    const attempt = (): unknown => restore(rebuilt, text);
    expect(attempt).toThrow(SaveError);
    expect(attempt).toThrow(/saved by another build .*code hash build-1, this one has build-2.*log does not replay/);
  });
});
