/** How diagnostics are built, ordered and printed. */
import { describe, expect, it } from "vitest";
import {
  closestName,
  Codes,
  didYouMean,
  error,
  formatDiagnostic,
  hasErrors,
  sortDiagnostics,
  spanAt,
  warning,
  type Diagnostic,
} from "../src/diagnostics.ts";
import { loadRules } from "../src/load.ts";
import { inFlow } from "./helpers.ts";

describe("formatDiagnostic", () => {
  const text = "line one\n  let x = true + 1\nline three\n";
  const span = spanAt(text, text.indexOf("true"), text.indexOf("true") + 4);

  it("prints `path:line:col severity CODE: message`, the source line, a caret line under the span and the hint", () => {
    const d = error(Codes.typeMismatch, span, "expected int, found bool", "give a number here");
    expect(formatDiagnostic(d, "rules/t.rules", text).split("\n")).toEqual([
      "rules/t.rules:2:11 error RL102: expected int, found bool",
      " 2 |   let x = true + 1",
      "   |           ^^^^",
      "   = hint: give a number here",
    ]);
  });

  it("prints a warning the same way", () => {
    const out = formatDiagnostic(warning(Codes.unused, span, "never used", "remove it"), "t.rules", text);
    expect(out.split("\n")).toEqual([
      "t.rules:2:11 warning RL105: never used",
      " 2 |   let x = true + 1",
      "   |           ^^^^",
      "   = hint: remove it",
    ]);
  });

  it("pads the gutter to the width of the line number", () => {
    const long = "x\n".repeat(120) + "  bad\n";
    const d = error(Codes.syntaxError, spanAt(long, long.indexOf("bad"), long.indexOf("bad") + 3), "oops", "h");
    expect(formatDiagnostic(d, "t.rules", long).split("\n").slice(1)).toEqual([
      " 121 |   bad",
      "     |   ^^^",
      "     = hint: h",
    ]);
  });

  it("never prints control characters of the source line raw", () => {
    const nasty = "a\u001b[31mb\u0007c\u009bd\r\n";
    const d = error(Codes.unexpectedCharacter, spanAt(nasty, 1, 2), "unexpected character", "h");
    const [, source] = formatDiagnostic(d, "t.rules", nasty).split("\n");
    expect(source).toBe(" 1 | a?[31mb?c?d");
    expect(formatDiagnostic(d, "t.rules", nasty)).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/);
  });

  it("shows tabs as spaces, so the caret lines up", () => {
    const tabbed = "\tlet x = y";
    const d = error(Codes.unknownName, spanAt(tabbed, 9, 10), "unknown name `y`", "h");
    const [, source, caret] = formatDiagnostic(d, "t.rules", tabbed).split("\n");
    expect(source!.indexOf("y")).toBe(caret!.indexOf("^"));
  });

  it("draws at least one caret, and no more than the line holds", () => {
    const empty = spanAt(text, 0, 0);
    expect(formatDiagnostic(error(Codes.missingGame, empty, "no game", "h"), "t.rules", text).split("\n")[2]).toBe(
      "   | ^",
    );
    const multiline = spanAt(text, 2, text.length);
    expect(formatDiagnostic(error(Codes.syntaxError, multiline, "m", "h"), "t.rules", text).split("\n")[2]).toBe(
      "   |   ^^^^^^",
    );
  });

  it("shortens very long lines", () => {
    const long = "x".repeat(500);
    const [, source] = formatDiagnostic(error(Codes.syntaxError, spanAt(long, 0, 1), "m", "h"), "t.rules", long).split(
      "\n",
    );
    expect(source).toBe(` 1 | ${"x".repeat(200)}…`);
  });

  it("copes with a span past the end of the text", () => {
    const d = error(Codes.syntaxError, { start: 99, end: 100, line: 9, column: 3 }, "m", "h");
    expect(formatDiagnostic(d, "t.rules", "short").split("\n")).toEqual([
      "t.rules:9:3 error RL003: m",
      " 9 | ",
      "   | ^",
      "   = hint: h",
    ]);
  });

  it("prints what the front end reports, e.g. an unknown name with a suggestion", () => {
    const source = inFlow("  total = totl + 1\n  end", "global { total: int }");
    const [d, ...rest] = loadRules(source, "game.rules").diagnostics;
    expect(rest).toEqual([]);
    expect(formatDiagnostic(d!, "game.rules", source).split("\n")).toEqual([
      "game.rules:4:11 error RL101: unknown name `totl`",
      " 4 |   total = totl + 1",
      "   |           ^^^^",
      "   = hint: did you mean `total`?",
    ]);
  });
});

describe("line endings", () => {
  const lines = ['game "T" { players 2..4 }', "flow {", "  y = 2", "  x = @", "  end", "}", ""];

  it.each([
    ["\\n", "\n"],
    ["\\r\\n", "\r\n"],
    ["\\r", "\r"],
  ])("lines ending with %s are counted alike by every stage", (_, newline) => {
    const text = lines.join(newline);
    const checked = loadRules(text.replace("@", "1"), "t.rules").diagnostics;
    expect(checked.map((d) => [d.code, d.span.line, d.span.column])).toEqual([
      [Codes.unknownName, 3, 3],
      [Codes.unknownName, 4, 3],
    ]);
    const [lexical] = loadRules(text, "t.rules").diagnostics;
    expect([lexical!.code, lexical!.span.line, lexical!.span.column]).toEqual([Codes.unexpectedCharacter, 4, 7]);
    expect(formatDiagnostic(lexical!, "t.rules", text).split("\n").slice(1, 3)).toEqual([
      " 4 |   x = @",
      "   |       ^",
    ]);
  });

  it("a byte order mark at the start is ignored", () => {
    expect(loadRules(`\ufeff${lines.join("\n").replace("  y = 2\n  x = @\n", "")}`, "t.rules").diagnostics).toEqual([]);
  });
});

describe("spans, order and helpers", () => {
  it("spanAt counts 1-based lines and columns from 0-based offsets", () => {
    const text = "ab\ncd\n\nef";
    expect(spanAt(text, 0, 1)).toEqual({ start: 0, end: 1, line: 1, column: 1 });
    expect(spanAt(text, 4, 5)).toEqual({ start: 4, end: 5, line: 2, column: 2 });
    expect(spanAt(text, 7, 9)).toEqual({ start: 7, end: 9, line: 4, column: 1 });
    expect(spanAt(text, 5, 2).end).toBe(5);
  });

  it("sortDiagnostics orders by position, then by code, without changing its input", () => {
    const at = (start: number): ReturnType<typeof spanAt> => spanAt("x".repeat(20), start, start + 1);
    const input: Diagnostic[] = [
      error(Codes.unknownName, at(9), "c", "h"),
      error(Codes.typeMismatch, at(2), "b", "h"),
      warning(Codes.unused, at(2), "a", "h"),
    ];
    expect(sortDiagnostics(input).map((d) => d.message)).toEqual(["b", "a", "c"]);
    expect(input.map((d) => d.message)).toEqual(["c", "b", "a"]);
  });

  it("hasErrors ignores warnings", () => {
    const span = spanAt("x", 0, 1);
    expect(hasErrors([warning(Codes.unused, span, "w", "h")])).toBe(false);
    expect(hasErrors([warning(Codes.unused, span, "w", "h"), error(Codes.unknownName, span, "e", "h")])).toBe(true);
  });

  it("closestName suggests likely typos only", () => {
    expect(closestName("reserv", ["reserve", "deck", "captured"])).toBe("reserve");
    expect(closestName("Reserve", ["reserve"])).toBe("reserve");
    expect(closestName("x", ["y"])).toBe("y");
    expect(closestName("deck", ["captured", "treasures"])).toBeUndefined();
    expect(closestName("anything", [])).toBeUndefined();
    expect(didYouMean("armd", ["armed", "unarmed"])).toBe("did you mean `armed`?");
  });

  it("a swap of two adjacent letters is one typo", () => {
    expect(closestName("valeu", ["value", "owner"])).toBe("value");
    expect(closestName("GOLA", ["GOAL"])).toBe("GOAL");
    expect(closestName("ab", ["ba"])).toBe("ba");
    expect(closestName("abcd", ["dcba"])).toBeUndefined();
  });

  it("codes are unique and stable", () => {
    const codes = Object.values(Codes);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes.every((c) => /^RL\d{3}$/.test(c))).toBe(true);
  });
});
