/** What a generated module imports from the runtime: the names its code uses, never a word of a comment or a text. */
import { describe, expect, it } from "vitest";
import { namesUsed } from "../src/emit/names-used.ts";

describe("the names generated code uses", () => {
  it("are those of its code: not in comments, texts or after a dot", () => {
    const code = [
      "/** Moves at every decision. */",
      "// clone it",
      'const said = "at (2, 3)" + `move at (${cellX(from)}, ${`nested ${showCell(c)} text`}) of ${ {a: 1}.a }`;',
      "state.at = divide(a, b);",
      "check?.equal;",
    ].join("\n");
    const names = namesUsed(code);
    expect([...names].sort()).toEqual(["a", "b", "c", "cellX", "check", "divide", "from", "said", "showCell", "state"]);
  });
});
