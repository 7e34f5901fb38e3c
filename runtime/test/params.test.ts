/**
 * Values given for the rules' params when a game starts (`GameOptions.params`), checked against the engine's list.
 */
import { describe, expect, it } from "vitest";
import { checkOptions, checkParams, normalizeOptions, type ParameterInfo } from "../src/index.ts";

const PARAMETERS: readonly ParameterInfo[] = [
  { name: "GLORY_TARGET", type: "int", low: 10, high: 99 },
  { name: "ROUNDS", type: "int" },
  { name: "ARRANGED", type: "bool" },
];

describe("checkParams", () => {
  it("accepts known params with values of their types and ranges", () => {
    expect(checkParams(PARAMETERS, { GLORY_TARGET: 15, ROUNDS: -3, ARRANGED: true })).toBeNull();
    expect(checkParams(PARAMETERS, {})).toBeNull();
  });

  it("refuses an unknown name, naming the params there are", () => {
    expect(checkParams(PARAMETERS, { TARGET: 12 })).toBe(
      'unknown parameter "TARGET" (parameters: GLORY_TARGET, ROUNDS, ARRANGED)',
    );
    expect(checkParams([], { TARGET: 12 })).toBe('unknown parameter "TARGET" (the rules have none)');
  });

  it("refuses a value of the wrong type or outside the declared range", () => {
    expect(checkParams(PARAMETERS, { GLORY_TARGET: 9 })).toBe("GLORY_TARGET must be from 10 to 99, got 9");
    expect(checkParams(PARAMETERS, { GLORY_TARGET: 12.5 })).toBe("GLORY_TARGET must be a whole number, got 12.5");
    expect(checkParams(PARAMETERS, { GLORY_TARGET: "12" })).toBe('GLORY_TARGET must be a whole number, got "12"');
    expect(checkParams(PARAMETERS, { ARRANGED: 1 })).toBe("ARRANGED must be true or false, got 1");
    expect(checkParams(PARAMETERS, [12])).toBe("params must be an object");
  });
});

describe("game options with params", () => {
  const engine = { minPlayers: 2, maxPlayers: 4, variants: ["base"], parameters: PARAMETERS };

  it("are checked with the rest of the options", () => {
    expect(checkOptions(engine, { players: 2, seed: 1, params: { GLORY_TARGET: 12 } })).toBeNull();
    expect(checkOptions(engine, { players: 2, seed: 1, params: { GLORY_TARGET: 100 } })).toBe(
      "GLORY_TARGET must be from 10 to 99, got 100",
    );
  });

  it("keep their params when normalized (a save records them), and drop an empty set", () => {
    expect(normalizeOptions({ players: 2, seed: 1, params: { GLORY_TARGET: 12 } })).toEqual({
      players: 2,
      seed: 1,
      params: { GLORY_TARGET: 12 },
    });
    expect(normalizeOptions({ players: 2, seed: 1, params: {} })).toEqual({ players: 2, seed: 1 });
  });
});
