/**
 * Printing an engine's statements with ts-morph's structure printer alone gives the text a source file made of them
 * gives, without parsing it, and says where each statement ends.
 */
import { Project, StructureKind, VariableDeclarationKind, type StatementStructures } from "ts-morph";
import { describe, expect, it } from "vitest";
import { parsedStatements, printStatements } from "../src/emit/engine-module.ts";

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
});
