/**
 * The VS Code extension's TextMate grammar (compiler/vscode/syntaxes/rules.tmLanguage.json), run by the same engine
 * VS Code uses (vscode-textmate with the Oniguruma regular expressions) over every ruleset: keywords, strings,
 * comments, numbers and type names each get their scope.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { reservedWords } from "@rules/dsl";
import { createOnigScanner, createOnigString, loadWASM } from "vscode-oniguruma";
import { INITIAL, Registry, parseRawGrammar, type IGrammar } from "vscode-textmate";
import { findRulesets } from "../src/cli/compile.ts";
import { REPO_ROOT } from "../src/cli/registry.ts";

const GRAMMAR = join(REPO_ROOT, "compiler/vscode/syntaxes/rules.tmLanguage.json");

interface Token {
  readonly text: string;
  readonly scopes: readonly string[];
}

let grammar: IGrammar;
beforeAll(async () => {
  const wasm = readFileSync(createRequire(import.meta.url).resolve("vscode-oniguruma/release/onig.wasm"));
  await loadWASM(wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength));
  const registry = new Registry({
    onigLib: Promise.resolve({ createOnigScanner, createOnigString }),
    loadGrammar: async (scope) =>
      scope === "source.rules" ? parseRawGrammar(readFileSync(GRAMMAR, "utf8"), GRAMMAR) : null,
  });
  grammar = (await registry.loadGrammar("source.rules"))!;
});

/** Every token of a text, line by line, with its scopes. */
function tokenize(text: string): Token[] {
  const out: Token[] = [];
  let stack = INITIAL;
  for (const line of text.split("\n")) {
    const result = grammar.tokenizeLine(line, stack);
    for (const t of result.tokens) out.push({ text: line.slice(t.startIndex, t.endIndex), scopes: t.scopes });
    stack = result.ruleStack;
  }
  return out;
}

const has = (t: Token, prefix: string): boolean => t.scopes.some((s) => s.startsWith(prefix));
const inText = (t: Token): boolean => has(t, "comment.") || (has(t, "string.") && !has(t, "meta.interpolation"));

describe("the TextMate grammar of .rules files", () => {
  it("gives every reserved word of the lexer a keyword, declaration or constant scope", () => {
    const tokens = tokenize([...reservedWords].join(" "));
    for (const t of tokens.filter((x) => x.text.trim() !== "")) {
      expect(has(t, "keyword.") || has(t, "storage.type") || has(t, "constant.language"), t.text).toBe(true);
    }
  });

  it("scopes the comments, strings, numbers, keywords and type names of every ruleset", async () => {
    const rulesets = await findRulesets([]);
    expect(rulesets.length).toBeGreaterThanOrEqual(5);
    for (const r of rulesets) {
      const text = readFileSync(r.rulesPath, "utf8");
      const tokens = tokenize(text);
      const where = r.name;
      // Comments: every `//` starts a comment (no string of these files holds one).
      for (const line of text.split("\n").filter((l) => l.trimStart().startsWith("//"))) {
        const words = tokenize(line).filter((t) => t.text.trim() !== "");
        expect(
          words.every((t) => has(t, "comment.line.double-slash")),
          `${where}: ${line}`,
        ).toBe(true);
      }
      for (const t of tokens) {
        const word = t.text.trim();
        if (word === "" || inText(t)) continue;
        if (reservedWords.has(word)) {
          expect(has(t, "keyword.") || has(t, "storage.type") || has(t, "constant.language"), `${where}: ${word}`).toBe(
            true,
          );
        } else if (/^\d+$/.test(word)) {
          expect(has(t, "constant.numeric"), `${where}: ${word}`).toBe(true);
        }
      }
      // Strings: the text between quotes is a string (its holes excepted).
      const strings = tokens.filter((t) => t.text.startsWith('"'));
      expect(strings.length, where).toBeGreaterThan(0);
      for (const t of strings) expect(has(t, "string.quoted.double"), `${where}: ${t.text}`).toBe(true);
      // Type names: the name of every record and enum declared.
      for (const m of text.matchAll(/^(?:record|enum) ([A-Z]\w*)/gm)) {
        const name = tokens.find((t) => t.text === m[1]);
        expect(
          name && (has(name, "entity.name.type") || has(name, "variable.other.constant")),
          `${where}: ${m[1]}`,
        ).toBe(true);
      }
    }
  });

  it("reads a rule as a designer does", () => {
    const tokens = tokenize(
      'action Launch(ship: Kind) "launch {ship}" {\n  require me.cannons > 0 else "No cannon." // why\n}',
    );
    const scopeOf = (text: string): readonly string[] => tokens.find((t) => t.text === text)!.scopes;
    expect(scopeOf("action")).toContain("storage.type.rules");
    expect(scopeOf("Kind")).toContain("entity.name.type.rules");
    expect(scopeOf("require")).toContain("keyword.control.rules");
    expect(scopeOf("0")).toContain("constant.numeric.rules");
    expect(scopeOf("ship")).toBeDefined();
    expect(tokens.find((t) => t.text.includes("// why"))!.scopes).toContain("comment.line.double-slash.rules");
    expect(tokens.find((t) => t.text === "No cannon.")!.scopes).toContain("string.quoted.double.rules");
    // Words with a meaning in one place: a keyword there, a name elsewhere.
    const board = tokenize("global { board: map<Cell, Player> on grid(COLUMNS, ROWS)  on: int }");
    expect(board.find((t) => t.text.startsWith("on grid"))!.scopes).toContain("keyword.other.contextual.rules");
    expect(board.filter((t) => t.text.trim() === "on").every((t) => !has(t, "keyword."))).toBe(true);
    // `way` declares a way before a name and its parameters; elsewhere it is a name.
    const ways = tokenize(
      "way sea(p: Player) {\n  s from p.pos\n  within: 3\n}\nflow {\n  way = route(sea(me), to: h)\n}",
    );
    expect(ways.find((t) => t.text === "way")!.scopes).toContain("storage.type.rules");
    expect(
      ways
        .filter((t) => t.text.trim() === "way")
        .slice(1)
        .every((t) => !has(t, "storage.")),
    ).toBe(true);
    // `can` asks of a procedure called after it; elsewhere it is a name.
    const asked = tokenize("fn ok(p: Player): bool = can pay(p, 2)\nfn twice(can: int): int = can * 2");
    expect(asked.find((t) => t.text === "can")!.scopes).toContain("keyword.operator.word.rules");
    expect(
      asked
        .filter((t) => t.text.trim() === "can")
        .slice(1)
        .every((t) => !has(t, "keyword.")),
    ).toBe(true);
  });
});

describe("the VS Code extension's manifest", () => {
  it("names files that exist: its grammar, its language configuration, its client and the server it starts", () => {
    const dir = join(REPO_ROOT, "compiler/vscode");
    const manifest = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as {
      main: string;
      contributes: { languages: { extensions: string[]; configuration: string }[]; grammars: { path: string }[] };
    };
    expect(manifest.contributes.languages[0]!.extensions).toEqual([".rules"]);
    for (const file of [
      manifest.main,
      manifest.contributes.languages[0]!.configuration,
      manifest.contributes.grammars[0]!.path,
    ]) {
      expect(() => readFileSync(join(dir, file)), file).not.toThrow();
    }
    // The client starts `rules lsp --stdio` through the same bin as `npx rules`.
    const client = readFileSync(join(dir, manifest.main), "utf8");
    expect(client).toMatch(/path\.join\(__dirname, "\.\.", "bin", "rules\.js"\), "lsp", "--stdio"/);
    expect(() => readFileSync(join(dir, "..", "bin", "rules.js"))).not.toThrow();
  });
});
