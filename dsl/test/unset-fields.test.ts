/**
 * `pos: Hex = unset`: a field with no value until the rules give it one (a pawn not yet on the board). Reads have the
 * field's own type (no `none` to unwrap); `isSet` asks whether it has a value yet.
 */
import { describe, expect, it } from "vitest";
import { Codes } from "../src/index.ts";
import { game, loadClean, soleError } from "./helpers.ts";

describe("a field declared `= unset`", () => {
  it("is stored as optional and read as its own type", () => {
    const program = loadClean(
      game(
        "per player {\n  pos: Hex = unset\n}\nglobal {\n  start: Hex = unset\n  far: int\n}\n" +
          "fn placed(p: Player): bool = isSet(p.pos) and isSet(start)\n" +
          "fn away(p: Player): int = distance(p.pos, start)\n" +
          "setup {\n  start = hex(0, 0)\n  for p in players {\n    if not placed(p) {\n      p.pos = start\n    }\n  }\n  far = away(players[0])\n}",
      ),
    );
    const pos = program.playerFields.get("pos")!;
    expect(pos.late).toBe(true);
    expect(pos.type).toEqual({ kind: "optional", inner: { kind: "hex" } });
    expect(program.globalFields.get("start")!.late).toBe(true);
    expect(program.globalFields.get("far")!.late).toBeUndefined();
  });

  it("is not given `none`: it has a value once the rules give it one", () => {
    const e = soleError(
      game("per player {\n  pos: Hex = unset\n}\nsetup {\n  players[0].pos = none\n}"),
      Codes.typeMismatch,
    );
    expect(e.message).toBe("a value of type Hex cannot be none");
  });

  it("is refused on a type that may already be none", () => {
    const e = soleError(game("per player {\n  pos: Hex? = unset\n}"), Codes.invalidValue);
    expect(e.message).toBe("`pos` may already be none (its type is Hex?), so it needs no `unset`");
    expect(e.hint).toBe("start it at `none`, or drop the `?` to say it always has a value once the rules give it one");
  });

  it("is refused on a record's field and on a field of a procedure's run", () => {
    const record = soleError(game("record Pawn {\n  at: Hex = unset\n}"), Codes.misplaced);
    expect(record.message).toBe(
      "a record's field (`at`) cannot start `unset`: only a player's or the game's field can",
    );
    const run = soleError(game("proc turn() {\n}\nper turn {\n  target: Hex = unset\n}"), Codes.invalidValue);
    expect(run.message).toBe("a field of a procedure's run (`target`) cannot start `unset`");
  });

  it("`isSet` asks about such a field only", () => {
    const e = soleError(game("global {\n  at: Hex?\n}\nfn placed(): bool = isSet(at)"), Codes.typeMismatch);
    expect(e.message).toBe("`isSet` asks about a field declared `= unset`");
  });
});
