/**
 * Maps of the rules live in the state as plain JSON objects: lookups of a missing key stop the game, and the order of
 * keys survives a save.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { RulesError } from "../src/engine-support.ts";
import { hexOf } from "../src/hex.ts";
import {
  graphSteps,
  graphWithin,
  hexKeyedView,
  isNumberKey,
  mapDelete,
  mapFind,
  mapFrom,
  mapGet,
  mapKeys,
  mapNumberKeys,
  readMapNumberKeys,
  mapSet,
  mapSize,
  mapValues,
  type RulesMap,
} from "../src/maps.ts";

describe("maps", () => {
  it("give the value of a key they have, and stop the game for one they do not", () => {
    const m: RulesMap<string, number> = { wood: 2 };
    expect(mapGet(m, "wood")).toBe(2);
    expect(() => mapGet(m, "stone")).toThrow(RulesError);
    expect(() => mapGet(m, "stone", 12)).toThrow("rules line 12: the map has no value for stone");
    expect(() => mapGet(m, "stone")).toThrow("the map has no value for stone");
    expect(mapFind(m, "wood")).toBe(2);
    expect(mapFind(m, "stone")).toBeNull();
  });

  it("list keys in a fixed order: numbers ascending, names in the order they were added", () => {
    const byName = mapFrom<string, number>([
      ["stone", 1],
      ["wood", 2],
    ]);
    mapSet(byName, "grain", 3);
    expect(mapKeys(byName)).toEqual(["stone", "wood", "grain"]);
    expect(mapValues(byName)).toEqual([1, 2, 3]);
    const bySeat = mapFrom<number, string>([
      [2, "c"],
      [0, "a"],
    ]);
    expect(mapNumberKeys(bySeat)).toEqual([0, 2]);
    expect(mapNumberKeys(JSON.parse(JSON.stringify(bySeat)) as RulesMap<number, string>)).toEqual([0, 2]);
    mapDelete(bySeat, 0);
    expect(mapSize(bySeat)).toBe(1);
  });

  it("keyed by squares, show the squares as coordinates in views", () => {
    const m = mapFrom<number, number>([[hexOf(-1, 2), 5]]);
    expect(hexKeyedView(m, (x) => x * 2)).toEqual({ "-1,2": 10 });
  });

  it("recognise number keys in saved JSON", () => {
    expect(["0", "-3", "12"].every(isNumberKey)).toBe(true);
    expect(["01", "1.5", "x", "", "1e3", "99999999999999999999"].some(isNumberKey)).toBe(false);
  });
});

describe("graphs as maps of links", () => {
  // a - b - c, and d alone.
  const links = { a: ["b"], b: ["a", "c"], c: ["b"], d: [] } as Record<string, string[]>;

  it("steps: the fewest moves, zero to itself, none when out of reach", () => {
    expect(graphSteps(links, "a", "c")).toBe(2);
    expect(graphSteps(links, "b", "b")).toBe(0);
    expect(graphSteps(links, "a", "d")).toBeNull();
  });

  it("within: the start, then each ring of places in the links' order", () => {
    expect(graphWithin(links, "b", 0)).toEqual(["b"]);
    expect(graphWithin(links, "a", 1)).toEqual(["a", "b"]);
    expect(graphWithin(links, "a", 5)).toEqual(["a", "b", "c"]);
  });
});

describe("a map's size", () => {
  it("follows every set and removal once counted, and stays out of the map's JSON", () => {
    const board: Record<number, number> = { 1001: 0, 2002: 1 };
    expect(mapSize(board)).toBe(2);
    mapSet(board, 3003, 0);
    mapSet(board, 1001, 1); // a key already there: no new key
    expect(mapSize(board)).toBe(3);
    mapDelete(board, 2002);
    mapDelete(board, 2002); // gone already
    expect(mapSize(board)).toBe(2);
    expect(JSON.stringify(board)).toBe('{"1001":1,"3003":0}');
    // Read back from JSON, the map counts again.
    expect(mapSize(JSON.parse(JSON.stringify(board)) as Record<number, number>)).toBe(2);
    expect(Object.keys(board)).toEqual(["1001", "3003"]);
  });

  it("gives the keys of a map keyed by numbers afresh each time, following every set and removal", () => {
    const board: Record<number, number> = { 2002: 1, 1001: 0 };
    const first = mapNumberKeys(board);
    expect(first).toEqual([1001, 2002]);
    first.push(9); // the caller's copy: the map's keys do not change
    expect(mapNumberKeys(board)).toEqual([1001, 2002]);
    mapSet(board, 1500, 1);
    expect(mapNumberKeys(board)).toEqual([1001, 1500, 2002]);
    mapDelete(board, 1001);
    expect(mapNumberKeys(board)).toEqual([1500, 2002]);
    expect(JSON.stringify(board)).toBe('{"1500":1,"2002":1}');
  });

  it("lets a loop that changes nothing read the keys the map keeps, which each change alters in place; others get a copy", () => {
    const board: Record<number, number> = { 2002: 1, 1001: 0 };
    const kept = readMapNumberKeys(board);
    expect(kept).toEqual([1001, 2002]);
    expect(readMapNumberKeys(board)).toBe(kept);
    const copy = mapNumberKeys(board);
    mapSet(board, 1500, 1);
    mapDelete(board, 2002);
    expect(readMapNumberKeys(board)).toBe(kept);
    expect(kept).toEqual([1001, 1500]);
    expect(copy).toEqual([1001, 2002]);
  });

  it("keeps its keys in the order `Object.keys` gives through any sets and removals, negative numbers included", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.boolean(), fc.integer({ min: -5, max: 40 })), { maxLength: 60 }), (steps) => {
        const board: Record<number, number> = {};
        for (const [set, key] of steps) {
          readMapNumberKeys(board); // known before each change, so that the change keeps it up to date
          if (set) mapSet(board, key, 1);
          else mapDelete(board, key);
          expect(readMapNumberKeys(board)).toEqual(Object.keys(board).map(Number));
        }
      }),
    );
  });
});
