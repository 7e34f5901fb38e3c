/**
 * Maps: "a bounty level per nation", "a price per good", "what lies on each square" are `map<K, V>`, looked up by key
 * instead of scanning parallel lists.
 */
import { describe, expect, it } from "vitest";
import { Codes } from "../src/diagnostics.ts";
import { typeToString } from "../src/types.ts";
import { expression, inFlow, loadClean, show, soleError } from "./helpers.ts";

const GOODS = `enum Good { wood, stone, grain }
global { price: map<Good, int>  owners: map<Hex, Player>  tally: map<Player, int>  n: int }`;

describe("maps: syntax", () => {
  it("map literals and comprehensions are written in braces", () => {
    expect(show(expression("{ wood: 1, stone: 2 }"))).toBe("{wood: 1 stone: 2}");
    expect(show(expression("{ g: 0 for g in goods if g != wood }"))).toBe("{g: 0 for g in goods if (!= g wood)}");
    expect(show(expression("{}"))).toBe("{}");
  });

  it("`map<K, V>` is a type; `map` stays a name a game may use", () => {
    const program = loadClean(inFlow("  let map = 1\n  n = map\n  end", GOODS));
    expect(typeToString(program.globalFields.get("price")!.type)).toBe("map<Good, int>");
  });
});

describe("maps: use", () => {
  it("look up, set, add to, ask, list and remove keys", () => {
    loadClean(
      inFlow(
        [
          "  price[wood] = 3",
          "  price[stone] += 1",
          "  owners[hex(0, 1)] = players[0]",
          "  if has(owners, hex(0, 1)) and size(owners) == 1 and get(owners, hex(0, 2)) == none {",
          "    tally[owners[hex(0, 1)]] = price[wood]",
          "  }",
          "  for g in keys(price) {",
          "    n += price[g]",
          "  }",
          "  n += sum(v in values(price))",
          "  remove hex(0, 1) from owners",
          "  price = { wood: 1, stone: 1, grain: 2 }",
          "  tally = { p: 0 for p in players }",
          "  end",
        ].join("\n"),
        GOODS,
      ),
    );
  });

  it("constants may be maps, built from lists", () => {
    loadClean(
      inFlow(
        "  n = RANK[2] + BASE[wood]\n  end",
        `${GOODS}\nconst BASE: map<Good, int> = { wood: 1, stone: 2, grain: 3 }\nconst RANK: map<int, int> = { k: k * 10 for k in [1, 2, 3] }`,
      ),
    );
  });
});

describe("maps: misuse", () => {
  it("keys are plain values: enum members, players, numbers or hexes", () => {
    const d = soleError(
      inFlow("  end", `${GOODS}\nrecord Tile { owner: Player? }\nglobal { byTile: map<Tile, int> }`),
      Codes.typeMismatch,
    );
    expect(d.message).toBe("a map's keys are members of a plain enum, players, numbers, hexes or cells, not Tile");
  });

  it("an enum with a member named like a property every object has cannot key a map", () => {
    const d = soleError(
      inFlow("  end", "enum Part { constructor, hull }\nglobal { wear: map<Part, int> }"),
      Codes.invalidValue,
    );
    expect(d.message).toBe(
      "`Part` cannot key a map: its member `constructor` has a name every engine object already uses",
    );
  });

  it("a key of the wrong type, and a map where a list is expected, say so", () => {
    expect(soleError(inFlow("  n = price[3]\n  end", GOODS), Codes.typeMismatch).message).toBe(
      "expected Good, found int",
    );
    const loop = soleError(inFlow("  for g in price {\n    n += 1\n  }\n  end", GOODS), Codes.typeMismatch);
    expect(loop.hint).toBe("go over its keys with `keys(m)`, or its values with `values(m)`");
    expect(soleError(inFlow("  if has([1], 1) {\n    end\n  }\n  end", GOODS), Codes.typeMismatch).hint).toBe(
      "for a list, write `contains(list, value)`",
    );
  });
});
