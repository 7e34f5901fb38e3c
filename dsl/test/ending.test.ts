/**
 * `end "reason"`: how the game ended, kept for the outcome and summed up by simulations.
 */
import { describe, expect, it } from "vitest";
import { Codes } from "../src/index.ts";
import { game, loadClean, soleError, statement } from "./helpers.ts";

describe("`end` with a reason", () => {
  it("parses the reason; a bare `end` has none", () => {
    expect(statement('end "Event deck empty"')).toMatchObject({ kind: "end", reason: { value: "Event deck empty" } });
    expect(statement("end")).not.toHaveProperty("reason");
  });

  it("lists the program's reasons once each, in source order", () => {
    const program = loadClean(
      game("", 'if size(players) > 2 {\n  end "crowded"\n}\nif size(players) == 2 {\n  end "a duel"\n}\nend "crowded"'),
    );
    expect(program.endReasons).toEqual(["crowded", "a duel"]);
  });

  it("refuses holes: a reason is summed up over many games", () => {
    const e = soleError(game("", 'end "{size(players)} players"'), Codes.invalidValue);
    expect(e.message).toBe("the reason of `end` is plain text");
  });
});
