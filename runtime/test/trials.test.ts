/**
 * Trials (`can`): a search of a procedure's answers that plays it on the game itself and undoes every run. These
 * tests play by hand what a generated trial version does: note a change, make it, ask for an answer.
 */
import { describe, expect, it } from "vitest";
import { GAME_ENDED, RulesError } from "../src/engine-support.ts";
import { mapDelete, mapFrom, mapKeys, mapNumberKeys, mapSet, mapSize } from "../src/maps.ts";
import { playsToEnd, type Trial } from "../src/trials.ts";

describe("playsToEnd", () => {
  it("takes the last answer of each decision first, then searches back, and answers no when nothing is left", () => {
    // Two decisions of three answers: the runs go (2,2), (2,1), (2,0), (1,2)... until `play` accepts one.
    const runs: string[] = [];
    const accepting = (wanted: string) =>
      playsToEnd(
        (trial) => {
          const run = `${trial.answer(3)}${trial.answer(3)}`;
          runs.push(run);
          if (run !== wanted) trial.answer(0);
        },
        "the question",
        200,
      );
    expect(accepting("10")).toBe(true);
    expect(runs).toEqual(["22", "21", "20", "12", "11", "10"]);
    runs.length = 0;
    expect(accepting("none")).toBe(false);
    expect(runs).toHaveLength(9);
  });

  it("answers no at once when every decision on the way to a dead end had a single answer", () => {
    let runs = 0;
    const found = playsToEnd(
      (trial) => {
        runs++;
        trial.answer(1);
        trial.answer(1);
        trial.answer(0);
      },
      "the question",
      200,
    );
    expect(found).toBe(false);
    expect(runs).toBe(1);
  });

  it("meets a dead end by returning: -1 for a decision with no answer, the run stuck until the next", () => {
    const seen: string[] = [];
    const found = playsToEnd(
      (trial) => {
        const first = trial.answer(2);
        seen.push(`${first} ${trial.stuck}`);
        if (first === 1) {
          const none = trial.answer(0);
          seen.push(`${none} ${trial.stuck}`);
          return;
        }
        // A trial function that gives a value cannot return without one: it stops the run.
        if (trial.answer(0) < 0) trial.stop();
        seen.push("past the stop");
      },
      "the question",
      200,
    );
    expect(found).toBe(false);
    expect(seen).toEqual(["1 false", "-1 true", "0 false"]);
  });

  it("counts an end of the game on the way as an end of the procedure", () => {
    expect(
      playsToEnd(
        () => {
          throw GAME_ENDED;
        },
        "the question",
        200,
      ),
    ).toBe(true);
  });

  it("names the question when a run asks more decisions than the limit", () => {
    const endless = (trial: Trial): void => {
      for (;;) trial.answer(2);
    };
    expect(() => playsToEnd(endless, "`can spin(...)` at line 3", 50)).toThrow(
      new RulesError("`can spin(...)` at line 3 asked more than 50 decisions without ending"),
    );
  });
});

describe("a trial's changes", () => {
  it("are undone after every run, whatever was changed, so the game is as it was", () => {
    const game = {
      coins: 5,
      hand: [1, 2, 3],
      market: mapFrom<string, number>([
        ["wood", 1],
        ["stone", 2],
        ["grain", 3],
      ]),
      board: mapFrom<number, string>([
        [4, "a"],
        [9, "b"],
      ]),
    };
    const before = JSON.stringify(game);
    const found = playsToEnd(
      (trial) => {
        trial.keep(game, "coins");
        game.coins -= 2;
        trial.keepList(game.hand);
        game.hand.splice(0, 1);
        trial.keep(game.hand, 0);
        game.hand[0] = 7;
        // A map keyed by names keeps its keys in the order they came: removing and restoring keeps that order.
        trial.keepRemoval(game.market, "wood");
        mapDelete(game.market, "wood");
        trial.keepEntry(game.market, "sheep");
        mapSet(game.market, "sheep", 4);
        trial.keepRemoval(game.board, 4);
        mapDelete(game.board, 4);
        trial.keepEntry(game.board, 6);
        mapSet(game.board, 6, "c");
        trial.answer(2);
        trial.answer(0);
      },
      "the question",
      200,
    );
    expect(found).toBe(false);
    expect(JSON.stringify(game)).toBe(before);
    expect(mapKeys(game.market)).toEqual(["wood", "stone", "grain"]);
    expect(mapSize(game.market)).toBe(3);
    expect(mapNumberKeys(game.board)).toEqual([4, 9]);
    expect(mapSize(game.board)).toBe(2);
  });

  it("are undone when a run stops the game with an error, and by a question asked inside another's run", () => {
    const game = { coins: 5, spent: 0, hand: [1, 2] };
    expect(() =>
      playsToEnd(
        (trial) => {
          trial.keep(game, "coins");
          game.coins = 0;
          // A question inside: its own runs change and undo, leaving the outer run's change as it was.
          const inner = playsToEnd(
            (nested) => {
              nested.keep(game, "spent");
              game.spent = 9;
            },
            "the inner question",
            200,
          );
          expect(inner).toBe(true);
          expect(game).toEqual({ coins: 0, spent: 0, hand: [1, 2] });
          // A change of an element outside the list, noted and then refused: nothing to put back.
          trial.keep(game.hand, 5);
          throw new RulesError("index 5 is outside a list of 2", 12, 5);
        },
        "the question",
        200,
      ),
    ).toThrow("index 5 is outside a list of 2");
    expect(game).toEqual({ coins: 5, spent: 0, hand: [1, 2] });
  });
});
