/**
 * Printing an engine's statements with ts-morph's structure printer alone gives the text a source file made of them
 * gives, without parsing it, and says where each statement ends.
 */
import { Project, StructureKind, VariableDeclarationKind, type StatementStructures } from "ts-morph";
import { describe, expect, it } from "vitest";
import { parsedStatements, PrintCache, printStatements } from "../src/emit/print-statements.ts";

/** One statement of each kind an engine module has, with documentation, blocks, and statements after blocks. */
const STATEMENTS: (string | StatementStructures)[] = [
  "export type Player = number;",
  {
    kind: StructureKind.TypeAlias,
    name: "Res",
    isExported: true,
    type: '"wood" | "stone"',
    docs: ["A resource."],
  },
  {
    kind: StructureKind.Interface,
    name: "Tile",
    isExported: true,
    docs: ["A tile of the display,\non two lines."],
    properties: [
      { name: "id", type: "number", docs: ["Its row in TILES."] },
      { name: "cubes", type: "Res[]", hasQuestionToken: true },
    ],
  },
  {
    kind: StructureKind.VariableStatement,
    declarationKind: VariableDeclarationKind.Const,
    isExported: true,
    declarations: [{ name: "RES_VALUES", type: "readonly Res[]", initializer: '["wood", "stone"]' }],
  },
  "let searching = false;",
  {
    kind: StructureKind.Function,
    name: "count",
    isExported: true,
    docs: ["fn count (line 3)"],
    parameters: [{ name: "tiles", type: "Tile[]" }],
    returnType: "number",
    statements: ["let n = 0;", "for (const t of tiles) {\nn += t.id;\n}", "return n;"],
  },
  "if (searching) {\nsearching = false;\n}",
  "export default count;",
];

describe("printing an engine's statements", () => {
  it("gives what a source file made of them gives, without parsing, and where each statement ends", () => {
    const printed = printStatements(STATEMENTS);
    const parsed = parsedStatements(new Project({ useInMemoryFileSystem: true }), STATEMENTS);
    expect(printed.printedOnly, "ts-morph's structure printer was found").toBe(true);
    expect(parsed.printedOnly).toBe(false);
    expect(printed.text).toBe(parsed.text);
    expect(printed.statementEnds).toEqual(parsed.statementEnds);
    // The function (the sixth statement) ends at its closing brace.
    expect(printed.text.slice(0, printed.statementEnds[5]).endsWith("return n;\n}")).toBe(true);
  });

  const parsed = (statements: (string | StatementStructures)[]) =>
    parsedStatements(new Project({ useInMemoryFileSystem: true }), statements);

  it("reuses the statements an earlier print printed, and prints again only those that changed", () => {
    const cache = new PrintCache();
    expect(printStatements(STATEMENTS, cache).text).toBe(parsed(STATEMENTS).text);
    // Each statement kept once, by what it is and what comes before it.
    expect(cache.last.size).toBe(STATEMENTS.length);
    const kept = cache.last;
    const again = printStatements(STATEMENTS, cache);
    expect(again.text).toBe(parsed(STATEMENTS).text);
    expect([...cache.last]).toEqual([...kept]);
    // A changed function body: the function is printed anew; the statement after it, the same after the same block.
    const changed = STATEMENTS.map((s) =>
      typeof s !== "string" && s.kind === StructureKind.Function
        ? { ...s, statements: ["let n = 1;", "for (const t of tiles) {\nn *= t.id;\n}", "return n;"] }
        : s,
    );
    const printed = printStatements(changed, cache);
    expect(printed.text).toBe(parsed(changed).text);
    expect(printed.statementEnds).toEqual(parsed(changed).statementEnds);
    expect(printed.text).toContain("n *= t.id;");
  });

  it("separates a statement from the one before as the printer does: a blank line after a block, else a line break", () => {
    // The same statement after a block, after a line, and first: three printings, each as the whole module has it.
    const statements = ["if (a) {\nb();\n}", "c();", "d();", "if (a) {\nb();\n}", "c();"];
    const cache = new PrintCache();
    for (const order of [statements, [...statements].reverse(), statements.slice(1)]) {
      expect(printStatements(order, cache).text).toBe(parsed(order).text);
    }
    expect(printStatements(statements, cache).text).toContain("}\n\nc();\nd();\nif (a) {");
  });
});
