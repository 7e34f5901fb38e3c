/**
 * `test fn`: helpers for tests (a chain of tiles laid out, a starting village), kept apart from the rules.
 */
import { describe, expect, it } from "vitest";
import { Codes } from "../src/index.ts";
import { game, loadClean, soleError } from "./helpers.ts";

const HELPERS =
  "global { n: int }\ntest fn double(x: int): int = 2 * x\ntest fn quadruple(x: int): int = double(double(x))";

describe("a test helper", () => {
  it("may be called from tests and from other test helpers", () => {
    const program = loadClean(
      game(HELPERS, "n = 1") +
        'test "t" {\n  players 2\n  given {\n    n = quadruple(1)\n  }\n  expect n == double(2)\n}\n',
    );
    expect(program.fns.get("double")?.testOnly).toBe(true);
  });

  it("may not be called by the rules", () => {
    const e = soleError(game(HELPERS, "n = double(1)"), Codes.misplaced);
    expect(e.message).toBe("`double` is a test helper (`test fn`): only tests may call it");
    expect(e.line).toBe(6); // the flow, after the header, three lines of helpers and `flow {`
  });
});
