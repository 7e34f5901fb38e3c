/**
 * The language server, driven as an editor drives it: a child process (`rules lsp --stdio`) spoken to over JSON-RPC,
 * with the real rulesets.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createMessageConnection,
  StreamMessageReader,
  StreamMessageWriter,
  type MessageConnection,
} from "vscode-jsonrpc/node";
import { REPO_ROOT } from "../src/cli/registry.ts";
import { formatRules } from "../src/format/format-rules.ts";
import { RulesDocument } from "../src/lsp/rules-document.ts";

const LOM = join(REPO_ROOT, "rulesets/letter-of-marque/letter-of-marque.rules");
const URI = `file://${LOM}`;
const TEXT = readFileSync(LOM, "utf8");

interface PublishedDiagnostics {
  uri: string;
  diagnostics: {
    range: { start: { line: number; character: number } };
    code: string;
    message: string;
    severity: number;
  }[];
}

let server: ChildProcess;
let connection: MessageConnection;
const published: PublishedDiagnostics[] = [];
let version = 1;

/** The position (line, character from 0) of the `n`th occurrence of `text` in the ruleset. */
function positionOf(text: string, n = 0): { line: number; character: number } {
  let offset = -1;
  for (let i = 0; i <= n; i++) offset = TEXT.indexOf(text, offset + 1);
  const before = TEXT.slice(0, offset).split("\n");
  return { line: before.length - 1, character: before[before.length - 1]!.length };
}

/** Waits for the diagnostics published after the latest change. */
async function diagnosticsAfter(change: () => void): Promise<PublishedDiagnostics> {
  const count = published.length;
  change();
  for (let i = 0; i < 200 && published.length === count; i++) await new Promise((r) => setTimeout(r, 25));
  return published[published.length - 1]!;
}

/** Opens `text` as `uri`, and gives the labels completion offers at `line`, `character`. */
async function openAndComplete(uri: string, text: string, line: number, character: number): Promise<string[]> {
  await diagnosticsAfter(
    () =>
      void connection.sendNotification("textDocument/didOpen", {
        textDocument: { uri, languageId: "rules", version: 1, text },
      }),
  );
  const labels = (await connection.sendRequest("textDocument/completion", {
    textDocument: { uri },
    position: { line, character },
  })) as { label: string }[];
  return labels.map((c) => c.label);
}

beforeAll(async () => {
  server = spawn(process.execPath, [join(REPO_ROOT, "compiler/bin/rules.js"), "lsp", "--stdio"], { cwd: REPO_ROOT });
  connection = createMessageConnection(new StreamMessageReader(server.stdout!), new StreamMessageWriter(server.stdin!));
  connection.onNotification("textDocument/publishDiagnostics", (p: unknown) => {
    published.push(p as PublishedDiagnostics);
  });
  connection.listen();
  await connection.sendRequest("initialize", {
    processId: process.pid,
    rootUri: `file://${REPO_ROOT}`,
    capabilities: {},
  });
  await connection.sendNotification("initialized", {});
  await diagnosticsAfter(
    () =>
      void connection.sendNotification("textDocument/didOpen", {
        textDocument: { uri: URI, languageId: "rules", version, text: TEXT },
      }),
  );
});

afterAll(async () => {
  await connection.sendRequest("shutdown").catch(() => undefined);
  connection.dispose();
  server.kill();
});

describe("the language server", () => {
  it("publishes no diagnostics for a clean ruleset, and the CLI's code, place and hint for a mistake", async () => {
    expect(published[published.length - 1]).toEqual({ uri: URI, diagnostics: [] });
    // A line added at the top as well: every declaration moves down (only the edited one is parsed again).
    const broken = `// A first line.\n${TEXT.replace("me.cannons > 0", "me.canons > 0")}`;
    const after = await diagnosticsAfter(
      () =>
        void connection.sendNotification("textDocument/didChange", {
          textDocument: { uri: URI, version: ++version },
          contentChanges: [{ text: broken }],
        }),
    );
    expect(after.diagnostics).toHaveLength(1);
    const d = after.diagnostics[0]!;
    expect(d).toMatchObject({ code: "RL111", severity: 1 });
    expect(d.message).toBe("players have no field `canons`\nhint: did you mean `cannons`?");
    expect(d.range.start).toEqual({
      line: positionOf("me.cannons > 0").line + 1,
      character: positionOf("me.cannons > 0").character + 3,
    });
    // Mended again: the diagnostics are cleared.
    const mended = await diagnosticsAfter(
      () =>
        void connection.sendNotification("textDocument/didChange", {
          textDocument: { uri: URI, version: ++version },
          contentChanges: [{ text: TEXT }],
        }),
    );
    expect(mended.diagnostics).toEqual([]);
  });

  it("outlines the file: records with their fields, enums with their members, functions and actions", async () => {
    const symbols = (await connection.sendRequest("textDocument/documentSymbol", { textDocument: { uri: URI } })) as {
      name: string;
      children: { name: string }[];
    }[];
    const names = symbols.map((s) => s.name);
    expect(names).toEqual(expect.arrayContaining(["Attack", "Launch", "Return", "Pass"]));
    const ship = symbols.find((s) => s.name === "Ship");
    expect(ship?.children.map((c) => c.name)).toEqual(expect.arrayContaining(["owner", "armed"]));
  });

  it("goes to a name's declaration, and hovers with its first line and the comment above it", async () => {
    const use = positionOf("placeShip(p, kind[p])");
    const definition = (await connection.sendRequest("textDocument/definition", {
      textDocument: { uri: URI },
      position: use,
    })) as { range: { start: { line: number } } }[];
    expect(definition.map((l) => l.range.start.line)).toEqual([positionOf("proc placeShip").line]);
    const hover = (await connection.sendRequest("textDocument/hover", {
      textDocument: { uri: URI },
      position: use,
    })) as {
      contents: { value: string };
    };
    expect(hover.contents.value).toMatch(/^```rules\nproc placeShip\(/);
    expect(hover.contents.value).toMatch(/proc, line \d+/);
  });

  it("finds every reference, highlights them, and renames them all (refusing a reserved word)", async () => {
    const at = positionOf("proc placeShip");
    const position = { line: at.line, character: at.character + 6 };
    const references = (await connection.sendRequest("textDocument/references", {
      textDocument: { uri: URI },
      position,
      context: { includeDeclaration: true },
    })) as unknown[];
    const count = TEXT.split(/\bplaceShip\b/).length - 1;
    expect(references).toHaveLength(count);
    // Highlighting the name under the cursor marks the same places.
    const highlights = (await connection.sendRequest("textDocument/documentHighlight", {
      textDocument: { uri: URI },
      position,
    })) as { range: unknown }[];
    expect(highlights.map((h) => h.range)).toEqual((references as { range: unknown }[]).map((r) => r.range));
    const rename = (await connection.sendRequest("textDocument/rename", {
      textDocument: { uri: URI },
      position,
      newName: "standShip",
    })) as { changes: Record<string, { newText: string }[]> };
    expect(rename.changes[URI]).toHaveLength(count);
    await expect(
      connection.sendRequest("textDocument/rename", { textDocument: { uri: URI }, position, newName: "while" }),
    ).rejects.toThrow(/cannot be a name/);
  });

  it("keeps a local to its scope: the references and the rename of a parameter stay in its procedure", async () => {
    const declared = positionOf("proc placeShip(p: Player");
    const position = { line: declared.line, character: declared.character + "proc placeShip(".length };
    const references = (await connection.sendRequest("textDocument/references", {
      textDocument: { uri: URI },
      position,
      context: { includeDeclaration: true },
    })) as { range: { start: { line: number } } }[];
    // The procedure's own lines: from its declaration to the closing brace at the start of a line.
    const end = TEXT.split("\n").findIndex((l, i) => i > declared.line && l === "}");
    expect(references.length).toBeGreaterThan(1);
    expect(references.every((r) => r.range.start.line >= declared.line && r.range.start.line <= end)).toBe(true);
    expect(TEXT.split(/\bp\b/).length - 1).toBeGreaterThan(references.length);
    const hover = (await connection.sendRequest("textDocument/hover", { textDocument: { uri: URI }, position })) as {
      contents: { value: string };
    };
    expect(hover.contents.value).toMatch(/param p: Player/);
  });

  it("completes fields after a dot, actions after `act p:`, and names elsewhere", async () => {
    const complete = async (line: number, character: number): Promise<string[]> =>
      (
        (await connection.sendRequest("textDocument/completion", {
          textDocument: { uri: URI },
          position: { line, character },
        })) as { label: string }[]
      ).map((c) => c.label);
    const dot = positionOf("me.cannons");
    expect(await complete(dot.line, dot.character + 3)).toEqual(expect.arrayContaining(["cannons", "deck"]));
    const act = positionOf("act current: ");
    expect(await complete(act.line, act.character + "act current: ".length)).toEqual(
      expect.arrayContaining(["Launch", "Return", "Attack", "Pass"]),
    );
    const words = await complete(positionOf("flow {").line + 1, 2);
    expect(words).toEqual(expect.arrayContaining(["placeShip", "size", "while", "Kind"]));
    // Inside placeShip: its parameters too, first; not another routine's locals.
    const inside = positionOf("  add Ship(owner: p");
    const here = await complete(inside.line, 2);
    expect(here.slice(0, 2)).toEqual(["p", "kind"]);
    expect(here).not.toContain("lowest");
  });

  it("completes a way's rules by name, those not given yet, after a comma of `reachable(h from ...)`", async () => {
    const uri = "file:///tmp/ways.rules";
    const text = [
      'game "Ways" { players 2..2 }',
      "fn near(h: Hex): list<Hex> = reachable(s from h, within: size(ring(h, 1)), )",
      "flow { end }",
    ].join("\n");
    await diagnosticsAfter(
      () =>
        void connection.sendNotification("textDocument/didOpen", {
          textDocument: { uri, languageId: "rules", version: 1, text },
        }),
    );
    const complete = async (character: number): Promise<string[]> =>
      (
        (await connection.sendRequest("textDocument/completion", {
          textDocument: { uri },
          position: { line: 1, character },
        })) as { label: string }[]
      ).map((c) => c.label);
    const line = text.split("\n")[1]!;
    expect(await complete(line.lastIndexOf(")"))).toEqual(["corners", "cost", "enter", "stop"]);
    // Inside the budget's own call, names as anywhere else.
    expect(await complete(line.indexOf("ring(") + "ring(h, ".length)).toContain("size");
  });

  it("completes the procedures after `can`", async () => {
    const uri = "file:///tmp/can.rules";
    const text = [
      'game "Can" { players 2..2 }',
      "per player { coins: int }",
      "proc spend(p: Player) {",
      "  choose n: 0..2 by p where n <= p.coins",
      "  p.coins -= n",
      "}",
      "fn broke(p: Player): int = p.coins",
      "fn ok(p: Player): bool = can ",
      "flow { end }",
    ].join("\n");
    expect(await openAndComplete(uri, text, 7, text.split("\n")[7]!.length)).toEqual(["spend"]);
  });

  it("completes a declared way's rules not given yet at the start of one of its lines, and outlines the way", async () => {
    const uri = "file:///tmp/way.rules";
    const text = [
      'game "Ways" { players 2..2 }',
      "global { at: Hex }",
      "way near(h: Hex) {",
      "  s from h",
      "  within: 2",
      "  ",
      "}",
      "flow {",
      "  if size(reachable(near(at))) > 0 { end }",
      "}",
    ].join("\n");
    expect(await openAndComplete(uri, text, 5, 2)).toEqual(["corners", "cost", "enter", "stop"]);
    const symbols = (await connection.sendRequest("textDocument/documentSymbol", { textDocument: { uri } })) as {
      name: string;
      kind: number;
    }[];
    expect(symbols.find((s) => s.name === "near")).toMatchObject({ kind: 12 });
  });

  it("checks the largest rulesets as well: Merchants & Marauders and Predoni open clean, with their outlines", async () => {
    for (const game of ["merchants-and-marauders", "predoni-dei-mari"]) {
      const path = join(REPO_ROOT, `rulesets/${game}/${game}.rules`);
      const uri = `file://${path}`;
      const opened = await diagnosticsAfter(
        () =>
          void connection.sendNotification("textDocument/didOpen", {
            textDocument: { uri, languageId: "rules", version: 1, text: readFileSync(path, "utf8") },
          }),
      );
      expect(opened).toEqual({ uri, diagnostics: [] });
      const symbols = (await connection.sendRequest("textDocument/documentSymbol", { textDocument: { uri } })) as {
        name: string;
      }[];
      expect(symbols.length, game).toBeGreaterThan(100);
    }
  });

  it("shows a call's parameters while its arguments are written, the current one marked", async () => {
    const at = positionOf("reserveOf(p, kind) > 0");
    const help = (await connection.sendRequest("textDocument/signatureHelp", {
      textDocument: { uri: URI },
      position: { line: at.line, character: at.character + "reserveOf(p, ".length },
    })) as { signatures: { label: string; parameters: { label: [number, number] }[] }[]; activeParameter: number };
    const [signature] = help.signatures;
    expect(signature!.label).toBe("reserveOf(p: Player, kind: Kind): int");
    expect(signature!.parameters.map((p) => signature!.label.slice(...p.label))).toEqual(["p: Player", "kind: Kind"]);
    expect(help.activeParameter).toBe(1);
    // Outside any call's parentheses: none.
    const none = await connection.sendRequest("textDocument/signatureHelp", {
      textDocument: { uri: URI },
      position: { line: at.line, character: at.character },
    });
    expect(none).toBeNull();
  });

  it("cuts a signature's parameters at the commas outside brackets, and counts the arguments the same way", () => {
    const text =
      'game "T" { players 2..2 }\nglobal { m: map<int, int> }\nfn f(a: map<int, list<int>>, b: int): int = b\n' +
      "flow {\n  let x = f(m, [1, 2])\n  end\n}\n";
    const doc = new RulesDocument(text, "t.rules");
    const signature = doc.signatureOf("f")!;
    expect(signature.label).toBe("f(a: map<int, list<int>>, b: int): int");
    expect(signature.parameters.map((p) => signature.label.slice(...p))).toEqual(["a: map<int, list<int>>", "b: int"]);
    expect(doc.callAt(text.indexOf("f(m, [1, 2])") + "f(m, [1, 2".length)).toBeUndefined(); // inside the list
    expect(doc.callAt(text.indexOf("f(m, [1, 2])") + "f(m, [1, 2]".length)).toEqual({ callee: "f", argument: 1 });
  });

  it("hovers over a built-in function with what it does", async () => {
    const at = positionOf("size(me.deck)");
    const hover = (await connection.sendRequest("textDocument/hover", {
      textDocument: { uri: URI },
      position: { line: at.line, character: at.character + 1 },
    })) as { contents: { value: string } };
    expect(hover.contents.value).toBe("```rules\nsize(list)\n```\n\nsize(list): how many elements");
  });

  it("offers the hint's name as a quick fix for a misspelt one", async () => {
    const broken = TEXT.replace("me.cannons > 0", "me.canons > 0");
    const after = await diagnosticsAfter(
      () =>
        void connection.sendNotification("textDocument/didChange", {
          textDocument: { uri: URI, version: ++version },
          contentChanges: [{ text: broken }],
        }),
    );
    const d = after.diagnostics[0]!;
    const actions = (await connection.sendRequest("textDocument/codeAction", {
      textDocument: { uri: URI },
      range: d.range,
      context: { diagnostics: [d] },
    })) as { title: string; kind: string; edit: { changes: Record<string, { range: unknown; newText: string }[]> } }[];
    expect(actions.map((a) => [a.title, a.kind])).toEqual([["Change to `cannons`", "quickfix"]]);
    expect(actions[0]!.edit.changes[URI]).toEqual([{ range: d.range, newText: "cannons" }]);
    // A hint that suggests no name gives no quick fix.
    const other = { ...d, message: "players have no field `zzz`\nhint: declare it in `per player { ... }`" };
    const none = await connection.sendRequest("textDocument/codeAction", {
      textDocument: { uri: URI },
      range: d.range,
      context: { diagnostics: [other] },
    });
    expect(none).toEqual([]);
    await connection.sendNotification("textDocument/didChange", {
      textDocument: { uri: URI, version: ++version },
      contentChanges: [{ text: TEXT }],
    });
  });

  it("formats the file as the formatter does, and leaves a file with syntax errors as it is", async () => {
    const uri = "file:///tmp/messy.rules";
    const messy = 'game "Messy" { players 2..2 }\nglobal {\n      n: int\n}\nflow {\nn += 1\n   end\n}\n';
    await diagnosticsAfter(
      () =>
        void connection.sendNotification("textDocument/didOpen", {
          textDocument: { uri, languageId: "rules", version: 1, text: messy },
        }),
    );
    const edits = (await connection.sendRequest("textDocument/formatting", {
      textDocument: { uri },
      options: { tabSize: 2, insertSpaces: true },
    })) as { newText: string }[];
    expect(edits).toHaveLength(1);
    expect(edits[0]!.newText).toBe(formatRules(messy));
    expect(edits[0]!.newText).toContain("\n  n += 1\n  end\n");
    await diagnosticsAfter(
      () =>
        void connection.sendNotification("textDocument/didChange", {
          textDocument: { uri, version: 2 },
          contentChanges: [{ text: "flow {\n" }],
        }),
    );
    expect(
      await connection.sendRequest("textDocument/formatting", {
        textDocument: { uri },
        options: { tabSize: 2, insertSpaces: true },
      }),
    ).toEqual([]);
  });

  it("answers on a broken file with what it can, and never crashes", async () => {
    const garbage = "game { players\n}}} record R { x: int \n action A(";
    const after = await diagnosticsAfter(
      () =>
        void connection.sendNotification("textDocument/didChange", {
          textDocument: { uri: URI, version: ++version },
          contentChanges: [{ text: garbage }],
        }),
    );
    expect(after.diagnostics.length).toBeGreaterThan(0);
    const symbols = (await connection.sendRequest("textDocument/documentSymbol", {
      textDocument: { uri: URI },
    })) as unknown[];
    expect(Array.isArray(symbols)).toBe(true);
    await connection.sendNotification("textDocument/didChange", {
      textDocument: { uri: URI, version: ++version },
      contentChanges: [{ text: TEXT }],
    });
  });
});
