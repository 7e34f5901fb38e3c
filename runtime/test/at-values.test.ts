import { describe, expect, it } from "vitest";
import { atValues, type AnyEngine } from "../src/index.ts";
import { raceFixtureEngine } from "./fixtures/race-fixture-engine.ts";

describe("atValues", () => {
  const shelves = ["apples", "pears", "plums"];
  const shop: AnyEngine = {
    ...raceFixtureEngine,
    shownAction: (_state, action) => {
      const item = shelves[(action as { item?: number }).item ?? -1];
      return item === undefined ? { ...action } : { ...action, item };
    },
  };
  const state = raceFixtureEngine.newGame({ players: 2, seed: 1 });

  it("puts the position of the value given, as the engine shows it", () => {
    expect(atValues(shop, state, { type: "buy", player: 0, item: 0 } as never, { item: "plums" })).toEqual({
      type: "buy",
      player: 0,
      item: 2,
    });
  });

  it("says so when the value is not among the choices, or the engine cannot show actions", () => {
    expect(() => atValues(shop, state, { type: "buy", player: 0 } as never, { item: "figs" })).toThrow(
      'buy: item "figs" is not among the choices now',
    );
    expect(() => atValues(raceFixtureEngine as AnyEngine, state, { type: "roll", player: 0 }, { die: 3 })).toThrow(
      /cannot show actions/,
    );
  });
});
