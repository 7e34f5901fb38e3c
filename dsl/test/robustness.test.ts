/**
 * Bad input: whatever the file holds, the front end never throws, and every problem comes back as a diagnostic with
 * a code, a 1-based position and a hint.
 */
import { describe, expect, it, vi } from "vitest";
import { closestName, Codes, formatDiagnostic, spanAt, type Diagnostic } from "../src/diagnostics.ts";
import { loadRules } from "../src/load.ts";
import { MAX_DEPTH, MAX_ERRORS, MAX_NESTING, parseRules } from "../src/parse.ts";
import { rulesLexer } from "../src/lexer.ts";
import { MAX_CHAIN_DEPTH } from "../src/parser.ts";
import { game, HEADER, inFlow } from "./helpers.ts";

/** Runs the whole front end, which must not throw, and checks that every diagnostic is well formed. */
function load(text: string): Diagnostic[] {
  const { program, diagnostics } = loadRules(text, "bad.rules");
  for (const d of diagnostics) {
    expect(Object.values(Codes)).toContain(d.code);
    expect(d.span.line).toBeGreaterThanOrEqual(1);
    expect(d.span.column).toBeGreaterThanOrEqual(1);
    expect(d.span.end).toBeGreaterThanOrEqual(d.span.start);
    expect(d.message.length).toBeGreaterThan(0);
    expect(d.hint.length).toBeGreaterThan(0);
  }
  if (diagnostics.some((d) => d.severity === "error")) expect(program).toBeUndefined();
  return diagnostics;
}

function codes(text: string): string[] {
  return load(text).map((d) => d.code);
}

describe("files that are not rules", () => {
  it("an empty file lacks a game and a flow", () => {
    expect(load("")).toEqual([
      expect.objectContaining({ code: Codes.missingGame, span: expect.objectContaining({ line: 1, column: 1 }) }),
      expect.objectContaining({ code: Codes.missingDeclaration, message: expect.stringContaining("flow") }),
    ]);
  });

  it("a file of whitespace and comments is as empty", () => {
    expect(codes("  \n\t\r\n  \n")).toEqual([Codes.missingGame, Codes.missingDeclaration]);
    expect(codes("// nothing here\n/* nor here */\n")).toEqual([Codes.missingGame, Codes.missingDeclaration]);
  });

  it("a file with a game but no flow lacks a flow", () => {
    expect(codes(HEADER)).toEqual([Codes.missingDeclaration]);
  });

  it("binary garbage is reported as not text, at its first control byte", () => {
    const bytes = String.fromCharCode(...Array.from({ length: 256 }, (_, i) => i));
    expect(load(bytes)).toEqual([
      expect.objectContaining({ code: Codes.notText, span: expect.objectContaining({ start: 0, line: 1, column: 1 }) }),
    ]);
    const decoded = new TextDecoder().decode(Uint8Array.from({ length: 256 }, (_, i) => 255 - i));
    expect(codes(decoded)).toEqual([Codes.notText]);
  });

  it("a control byte in an otherwise valid file points at its line and column", () => {
    expect(load(inFlow("  end\u0000"))).toEqual([
      expect.objectContaining({ code: Codes.notText, span: expect.objectContaining({ line: 3, column: 6 }) }),
    ]);
  });
});

describe("lexical errors", () => {
  it("an unexpected character is reported where it is", () => {
    expect(load(inFlow("  let x = 1 @ 2"))).toContainEqual(
      expect.objectContaining({
        code: Codes.unexpectedCharacter,
        message: "unexpected character `@`",
        span: expect.objectContaining({ line: 3, column: 13 }),
      }),
    );
  });

  it("control characters in a message are spelled out, never printed raw", () => {
    const [d] = load(inFlow("  \u001b[2J"));
    expect(d).toMatchObject({ code: Codes.unexpectedCharacter, message: "unexpected character `U+001B`" });
  });

  it("an unterminated string is reported at its opening quote", () => {
    expect(load(inFlow('  let s = "never closed\n  end'))).toContainEqual(
      expect.objectContaining({
        code: Codes.unterminatedString,
        span: expect.objectContaining({ line: 3, column: 11 }),
      }),
    );
  });

  it("a number too large to hold exactly is an error", () => {
    expect(load(game("const N = 99999999999999999999\nconst M = 9007199254740991"))).toContainEqual(
      expect.objectContaining({ code: Codes.invalidValue, span: expect.objectContaining({ line: 2, column: 11 }) }),
    );
    expect(codes(game("const N = 99999999999999999999"))).toEqual([Codes.invalidValue]);
  });
});

describe("the hint of a syntax error", () => {
  const hintOf = (text: string): string => load(text)[0]!.hint;

  it("names the bracket a rule left open, when the next declaration or another closer comes first", () => {
    expect(hintOf(`${HEADER}\nfn f(x: int): int = max(x, (1 + 2)\nflow { end }\n`)).toBe(
      "the `(` of line 2, column 24 is still open here: close it with `)` before `flow`",
    );
    expect(hintOf(`${HEADER}\nglobal {\n  l: list<int> = [1, 2\n}\nflow { end }\n`)).toBe(
      "the `[` of line 3, column 18 is still open here: close it with `]` before `}`",
    );
    expect(hintOf(`${HEADER}\nflow {\n  if true {\n    end\n`)).toBe(
      "a `{` may be missing its `}`: the `{` of line 3, column 11 is still open",
    );
  });

  it("says when a closing bracket closes nothing", () => {
    expect(hintOf(`${HEADER}\nfn f(x: int): int = max(x, 1))\nflow { end }\n`)).toBe(
      "this `)` closes no bracket open here: take it out",
    );
  });

  it("says how the rule reads when what is inside the brackets went wrong", () => {
    expect(hintOf(`${HEADER}\nenum E { a b }\nflow { end }\n`)).toBe(
      "an enum reads `enum Suit { hearts, spades }`, its members separated by `,`",
    );
    expect(hintOf(`${HEADER}\nfn f(x: int): int = match x {\n  1 => 2\n}\nflow { end }\n`)).toBe(
      "a match reads `match value { member(x) => ..., none => ..., _ => ... }`",
    );
    expect(hintOf(`${game()}test "t" {\n  players 2\n  figure 3\n}\n`)).toBe(
      "write `players 3`, `seed 7`, `seeds 400` or `random 0, 2`",
    );
  });
});

describe("syntax errors", () => {
  it("a missing closing brace is reported at the end of the file", () => {
    const [d] = load(`${HEADER}\nflow {\n  if true { end }\n`);
    expect(d).toMatchObject({ code: Codes.syntaxError, message: expect.stringContaining("the end of the file") });
    expect(d!.hint).toContain("`{` may be missing its `}`");
  });

  it("an extra closing brace is an unexpected token between declarations, and the hint says it closes nothing", () => {
    const [d] = load(`${HEADER}\nflow { end }\n}\n`);
    expect(d).toMatchObject({ code: Codes.syntaxError, span: expect.objectContaining({ line: 3, column: 1 }) });
    expect(d!.hint).toBe("this `}` closes no bracket open here: take it out");
  });

  it("`=` where a comparison belongs gets a hint about `==`", () => {
    const hint = "compare with `==`; `=` assigns";
    const first = (text: string): Diagnostic => load(text)[0]!;
    expect(first(inFlow("  if x = 1 { end }"))).toMatchObject({
      code: Codes.syntaxError,
      message: "expected `{`, found `=` (in a block)",
      hint,
      span: expect.objectContaining({ line: 3, column: 8 }),
    });
    expect(first(inFlow("  while x = 1 { end }")).hint).toBe(hint);
    expect(first(game('action A { require me = players[0] else "no" }')).hint).toBe(hint);
    expect(first(inFlow("  let y = (x = 1)")).hint).toBe(hint);
  });

  it("but not where `=` is misplaced for another reason: then the hint says how the rule reads", () => {
    const hints = (text: string): string[] => load(text).map((d) => d.hint);
    expect(hints(inFlow("  let = 1"))).toEqual(["a `let` reads `let name = value`, or `let name: Type = value`"]);
    expect(hints(game("global { x = 1 }"))).toEqual([
      "a field reads `name: Type`, or `name: Type = value`, one a line",
    ]);
    expect(hints(game("fn f() = 1"))).toEqual([
      "a function reads `fn name(x: int): int = x + 1`, or `fn name(x: int): int { ... return x }`",
    ]);
    expect(load(game("fn f() = 1"))[0]!.message).toBe("expected `:`, found `=` (in a fn declaration)");
  });

  it("says what was expected instead of the end of the file", () => {
    expect(load(game("const Y = 1 = 2"))[0]!.message).toBe("expected the end of the file, found `=` (in the file)");
  });

  it("a misspelt contextual word is a syntax error", () => {
    expect(load('game "T" { player 2..4 }\nflow { end }')).toEqual([
      expect.objectContaining({
        code: Codes.syntaxError,
        message: expect.stringContaining("expected `players`"),
        span: expect.objectContaining({ line: 1, column: 12 }),
      }),
    ]);
    expect(codes(game("scoring { points p: 1 }"))).toEqual([Codes.syntaxError]);
    expect(codes(game("variant v { put X = 1 }"))).toEqual([Codes.syntaxError]);
    expect(codes(game('test "t" { seedz 1 }'))).toEqual([Codes.syntaxError]);
    expect(codes(game('test "t" { players 2, 3 }'))).toEqual([Codes.syntaxError]);
    // `per` takes `player` or a procedure's name (`per playerTurn`): another word names no procedure.
    expect(codes(game("per team { x: int }"))).toEqual([Codes.unknownName]);
  });

  it("one run reports errors from several places (error recovery)", () => {
    const diagnostics = load(`${HEADER}
const A =
const B = 2 +
flow {
  let = 1
}
action { }
const C = ]
`);
    expect(diagnostics.length).toBeGreaterThanOrEqual(4);
    expect(new Set(diagnostics.map((d) => d.code))).toEqual(new Set([Codes.syntaxError]));
    const lines = new Set(diagnostics.map((d) => d.span.line));
    expect(lines.size).toBeGreaterThanOrEqual(4);
    expect(diagnostics.map((d) => d.span.start)).toEqual(
      [...diagnostics.map((d) => d.span.start)].sort((a, b) => a - b),
    );
  });

  it(`after ${MAX_ERRORS} errors the rest are summarised in one ${Codes.tooManyErrors}`, () => {
    const diagnostics = load(inFlow("  " + "@ x ".repeat(120)));
    expect(diagnostics).toHaveLength(MAX_ERRORS + 1);
    expect(diagnostics.slice(0, MAX_ERRORS).every((d) => d.code === Codes.unexpectedCharacter)).toBe(true);
    expect(diagnostics[MAX_ERRORS]).toMatchObject({
      code: Codes.tooManyErrors,
      message: `more errors not shown: checking stopped after the first ${MAX_ERRORS}`,
    });
  });
});

describe("positions in large and garbled files", () => {
  it("line and column come from where each line starts, whatever ends the lines (\\n, \\r\\n, \\r)", () => {
    const text = "ab\ncd\r\nef\rgh";
    const at = (offset: number): [number, number] => [
      spanAt(text, offset, offset).line,
      spanAt(text, offset, offset).column,
    ];
    expect([0, 2, 3, 5, 7, 8, 10, 11, 99].map(at)).toEqual([
      [1, 1],
      [1, 3],
      [2, 1],
      [2, 3],
      [3, 1],
      [3, 2],
      [4, 1],
      [4, 2],
      [4, 90],
    ]);
  });

  it("an error on the last of 100,000 lines is placed there, and shown with its own line", () => {
    const text = inFlow("  end") + "\n".repeat(100_000) + "@";
    const [d] = load(text);
    expect(d).toMatchObject({ code: Codes.unexpectedCharacter, span: { line: text.split("\n").length, column: 1 } });
    expect(formatDiagnostic(d!, "big.rules", text).split("\n")[1]).toBe(` ${d!.span.line} | @`);
  });

  it("checking stops at the cap: 200,000 bad characters give the first 50 and a note that it stopped", () => {
    const diagnostics = load(inFlow("  end") + "\n" + "@\n".repeat(200_000));
    expect(diagnostics).toHaveLength(MAX_ERRORS + 1);
    expect(diagnostics.slice(0, MAX_ERRORS).map((d) => d.span.line)).toEqual(
      Array.from({ length: MAX_ERRORS }, (_, i) => i + 6),
    );
    expect(diagnostics[MAX_ERRORS]).toMatchObject({
      code: Codes.tooManyErrors,
      message: `more errors not shown: checking stopped after the first ${MAX_ERRORS}`,
    });
  });

  it("so do syntax errors: 200,000 broken declarations are read only until the 51st error", () => {
    const diagnostics = load("const = 1\n".repeat(200_000));
    expect(diagnostics).toHaveLength(MAX_ERRORS + 1);
    expect(diagnostics.at(-1)?.message).toBe(`more errors not shown: checking stopped after the first ${MAX_ERRORS}`);
    // Nothing past the first few hundred lines was needed to find them.
    expect(Math.max(...diagnostics.map((d) => d.span.line))).toBeLessThan(1000);
  });

  it("garbage is lexed only as far as its first errors, in pieces: nothing lexes the whole text again", () => {
    // Ten megabytes of tokens on one line that do not parse; the syntax errors' hints read the tokens already lexed.
    const garbage = `${HEADER}\n${"x ) , ( ] 12 ".repeat(800_000)}`;
    const lexed: number[] = [];
    const original = rulesLexer.tokenize.bind(rulesLexer);
    const tokenize = vi.spyOn(rulesLexer, "tokenize").mockImplementation((text, mode) => {
      lexed.push(text.length);
      return original(text, mode);
    });
    try {
      expect(load(garbage).length).toBeGreaterThan(0);
    } finally {
      tokenize.mockRestore();
    }
    expect(Math.max(...lexed)).toBeLessThan(300_000);
    expect(lexed.reduce((a, b) => a + b, 0)).toBeLessThan(garbage.length / 10);
  });

  it("a line of a megabyte is lexed in pieces, and an error at its end has its column on that line", () => {
    const line = 'let x = "a string, with spaces" + 1 '.repeat(30_000);
    const text = inFlow(`  ${line}@`);
    const errorLine = text.split("\n").findIndex((l) => l.includes("@"));
    const [d] = load(text);
    expect(d).toMatchObject({
      code: Codes.unexpectedCharacter,
      span: { line: errorLine + 1, column: text.split("\n")[errorLine]!.indexOf("@") + 1 },
    });
  });

  it("a file lexed in pieces gives the same tokens' positions as one lexed whole: a block comment may span pieces", () => {
    const filler = "// a comment line of some length, repeated to fill more than one piece of the lexer\n".repeat(2000);
    const text = inFlow("  end") + "\n/* a block comment\n" + filler + " still in it */\n" + filler + "@";
    const [d] = load(text);
    expect(d).toMatchObject({ code: Codes.unexpectedCharacter, span: { line: text.split("\n").length, column: 1 } });
  });

  it("a megabyte-long name gets no did-you-mean (no typo is that long), and its line is shown cut", () => {
    const name = "x".repeat(1_000_000);
    expect(closestName(name, ["x", "xx", name.slice(1)])).toBeUndefined();
    const text = inFlow(`  ${name} = 1`);
    const [d] = load(text);
    expect(d?.code).toBe(Codes.unknownName);
    expect(formatDiagnostic(d!, "long.rules", text).split("\n")[1]!.length).toBeLessThan(220);
  });
});

describe("runaway nesting and size", () => {
  it(`10,000 nested parentheses stop at depth ${MAX_NESTING + 1}, without exhausting the stack`, () => {
    const deep = "(".repeat(10_000) + "1" + ")".repeat(10_000);
    const [d, ...rest] = load(game(`const X = ${deep}`));
    expect(rest).toEqual([]);
    expect(d).toMatchObject({
      code: Codes.nestingTooDeep,
      span: expect.objectContaining({ line: 2, column: 11 + MAX_NESTING }),
    });
  });

  it("deep brackets of every kind count together", () => {
    const half = MAX_NESTING / 2 + 1;
    expect(codes(game(`const X = ${"[(".repeat(half)}1${")]".repeat(half)}`))).toEqual([Codes.nestingTooDeep]);
    expect(codes(inFlow("{".repeat(100)))).toEqual([Codes.nestingTooDeep]);
  });

  it("nesting within the limit is fine", () => {
    const ok = "(".repeat(MAX_NESTING - 1) + "1" + ")".repeat(MAX_NESTING - 1);
    expect(codes(game(`const X = ${ok}`, "  if X > 0 { end }"))).toEqual([]);
  });

  it.each([
    ["not not not ...", game(`const X = ${"not ".repeat(10_000)}true`)],
    ["- - - ...", game(`const X = ${"- ".repeat(10_000)}1`)],
    ["if .. then if .. then ...", game(`const X = ${"if true then ".repeat(10_000)}1${" else 2".repeat(10_000)}`)],
    ["else if chains", inFlow(`  if true { end }${" else if true { end }".repeat(10_000)}`)],
    ["list<list<...>>", game(`global { x: ${"list<".repeat(10_000)}int${">".repeat(10_000)} }`)],
  ])("nesting without brackets (%s) is reported, not a stack overflow", (_, text) => {
    const diagnostics = load(text);
    expect(diagnostics).toEqual([expect.objectContaining({ code: Codes.nestingTooDeep })]);
    expect(diagnostics[0]!.message).toContain(String(MAX_CHAIN_DEPTH));
  });

  it.each([
    ["a + b + ...", game(`const X = 1${" + 1".repeat(3_000)}`)],
    ["a and b and ...", game(`const X = true${" and true".repeat(3_000)}`)],
    ["x.f.f.f...", inFlow(`  let x = players[0]${".f".repeat(3_000)}`)],
    ["L[0][0]...", game(`const X = L${"[0]".repeat(3_000)}`)],
  ])("long operator chains (%s) build trees too deep to check, and are reported", (_, text) => {
    expect(load(text)).toEqual([
      expect.objectContaining({ code: Codes.nestingTooDeep, message: expect.stringContaining(String(MAX_DEPTH)) }),
    ]);
  });

  it("the deepest trees the limits allow still load", () => {
    let e = "true";
    for (let i = 0; i < MAX_NESTING - 1; i++) e = `not not not not (${e})`;
    expect(codes(game(`const X = ${e}`, "  if X { end }"))).toEqual([]);
    const chain = `1${" + 1".repeat(MAX_DEPTH - 10)}`;
    expect(codes(game(`const X = ${chain}`, "  if X > 0 { end }"))).toEqual([]);
    const branches = `  if true { end }${" else if true { end }".repeat(MAX_CHAIN_DEPTH - 10)}`;
    expect(codes(inFlow(branches))).toEqual([]);
  });

  it("a huge valid file (5,000 constants) is accepted quickly", () => {
    const constants = Array.from({ length: 5_000 }, (_, i) =>
      i === 0 ? "const C0 = 0" : `const C${i} = C${i - 1} + ${i}`,
    );
    const text = game(constants.join("\n"), "  if C4999 > 0 { end }");
    const started = performance.now();
    const { program, diagnostics } = loadRules(text, "huge.rules");
    const elapsed = performance.now() - started;
    expect(diagnostics).toEqual([]);
    expect(program?.consts.size).toBe(5_000);
    expect(elapsed).toBeLessThan(3_000);
  });

  it("a long flat list is not nesting", () => {
    const list = `[${Array.from({ length: 5_000 }, (_, i) => i).join(", ")}]`;
    expect(codes(game(`const L = ${list}`, "  if size(L) > 0 { end }"))).toEqual([]);
  });

  it("the parser is reusable after a failure", () => {
    expect(codes(game(`const X = ${"not ".repeat(10_000)}true`))).toEqual([Codes.nestingTooDeep]);
    expect(parseRules(inFlow("  end"), "t.rules").diagnostics).toEqual([]);
    expect(codes(`${HEADER}\nflow {`)).toEqual([Codes.syntaxError]);
    expect(parseRules(inFlow("  end"), "t.rules").diagnostics).toEqual([]);
  });
});

describe("fuzzing", () => {
  it("random token soup never throws", () => {
    const words = [
      ...["game", "flow", "action", "choose", "act", "by", "each", "in", "if", "then", "else", "for", "let"],
      ...["{", "}", "(", ")", "[", "]", ":", ",", "|", "=", "==", "+", "-", "..", ".", "not", "and"],
      ...['"s"', '"', "1", "2..3", "x", "players", "end", "break", "top", "of", "to", "add", "@", "\n"],
    ];
    let seed = 12345;
    const next = (): number => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed;
    };
    for (let i = 0; i < 80; i++) {
      const length = next() % 60;
      const soup = Array.from({ length }, () => words[next() % words.length]!).join(" ");
      load(soup);
      load(inFlow(soup));
    }
  });

  it("a call named like one of Object's own methods is an unknown function, not a crash", () => {
    // The fuzzer's damage wrote `valueOf` before a call's parentheses: the checker read Object.prototype.valueOf as a
    // built-in function and threw.
    for (const name of ["valueOf", "toString", "constructor", "hasOwnProperty", "__proto__"]) {
      const diagnostics = load(game(`fn f(): int = ${name}(1)`));
      expect(diagnostics.map((d) => d.message)).toContain(`unknown function \`${name}\``);
    }
  });

  it("every prefix of a valid file either loads or reports, without throwing", () => {
    const text = inFlow(
      `  for p in players {
    add draw(p.deck) to top of p.hand
  }
  choose k: Kind by each p in players where k != Kind.b else "no"
  act players[0]: A`,
      `enum Kind { a, b }
per player { deck: list<int>\n hand: list<int> }
action A { require true else "x"\n end }`,
    );
    for (let i = 0; i <= text.length; i += 3) load(text.slice(0, i));
  });
});
