/**
 * Where brackets stand at a syntax error, read from the tokens the parser already has (a syntax error's hint names
 * the one left open), and the hint for a few kinds of error.
 */
import { describe, expect, it } from "vitest";
import { rulesLexer } from "../src/lexer.ts";
import { openBrackets, syntaxHint } from "../src/syntax-hints.ts";

const text = "fn f(x: int): int {\n  return [x, (x\n}\n";
const offsetOf = (s: string): number => text.indexOf(s);

describe("openBrackets", () => {
  const at = (): ((offset: number) => string[]) => {
    const openAt = openBrackets(rulesLexer.tokenize(text).tokens);
    return (offset) => openAt(offset).map((b) => `${b.image} ${b.line}:${b.column} from ${b.indent}`);
  };

  it("lists the brackets open before an offset, innermost last, with the column their line starts at", () => {
    const openAt = at();
    expect(openAt(offsetOf("int):"))).toEqual(["( 1:5 from 1"]);
    expect(openAt(offsetOf("return"))).toEqual(["{ 1:19 from 1"]);
    expect(openAt(offsetOf("x\n}"))).toEqual(["{ 1:19 from 1", "[ 2:10 from 3", "( 2:14 from 3"]);
  });

  it("answers an earlier offset after a later one (it reads the tokens again from the start)", () => {
    const openAt = at();
    expect(openAt(text.length)).toHaveLength(2);
    expect(openAt(offsetOf("int):"))).toEqual(["( 1:5 from 1"]);
  });
});

describe("syntaxHint", () => {
  const base = { rule: "listExpr", atEnd: false, startsLineAt: undefined, expected: "`]`" };
  const bracket = (image: "{" | "(" | "[", line: number, indent: number) => ({ image, line, column: 9, indent });

  it("a bracket is missing its closer when an outer bracket's closer or a line as far left as its own comes first", () => {
    const open = [bracket("{", 1, 1), bracket("[", 2, 3)];
    expect(syntaxHint({ ...base, found: "}", open })).toBe(
      "the `[` of line 2, column 9 is still open here: close it with `]` before `}`",
    );
    expect(syntaxHint({ ...base, found: "flow", startsLineAt: 1, open })).toBe(
      "the `[` of line 2, column 9 is still open here: close it with `]` before `flow`",
    );
  });

  it("otherwise the hint says how the rule reads", () => {
    const open = [bracket("{", 1, 1), bracket("[", 2, 3)];
    expect(syntaxHint({ ...base, found: "x", startsLineAt: 5, open })).toBe(
      "a list reads `[a, b, c]`, or `[f(x) for x in list if <condition>]`",
    );
  });
});
