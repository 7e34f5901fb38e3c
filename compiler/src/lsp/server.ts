/**
 * The language server of `.rules` files (`rules lsp`, over stdio): diagnostics while typing, with the codes, places
 * and hints of `rules check`; hover (a declaration's first line and the comment above it); go to definition; find
 * references; rename; completion (fields after `.`, actions after `act p:`, names, built-in functions, keywords);
 * document symbols; highlighting a name's occurrences; signature help (a call's parameters, the one being written
 * marked); formatting (the formatter Prettier runs); a quick fix for each "did you mean" hint.
 */
import {
  CodeActionKind,
  CompletionItemKind,
  DiagnosticSeverity,
  MarkupKind,
  ProposedFeatures,
  SymbolKind,
  TextDocumentSyncKind,
  TextDocuments,
  createConnection,
  type CodeAction,
  type Connection,
  type DocumentSymbol,
  type Location,
  type Range,
  type SignatureHelp,
  type TextEdit,
} from "vscode-languageserver/node";
import { TextDocument } from "vscode-languageserver-textdocument";
import { ParseCache, reservedWords, type Span } from "@rules/dsl";
import { formatRules, RulesFormatError } from "../format/format-rules.ts";
import { RulesDocument, type DeclarationKind, type Declared } from "./rules-document.ts";

const SYMBOL_KINDS: Record<DeclarationKind, SymbolKind> = {
  enum: SymbolKind.Enum,
  member: SymbolKind.EnumMember,
  record: SymbolKind.Struct,
  field: SymbolKind.Field,
  const: SymbolKind.Constant,
  table: SymbolKind.Constant,
  param: SymbolKind.Constant,
  fn: SymbolKind.Function,
  way: SymbolKind.Function,
  proc: SymbolKind.Function,
  action: SymbolKind.Event,
  variant: SymbolKind.Namespace,
  test: SymbolKind.Method,
};

const COMPLETION_KINDS: Record<DeclarationKind | "local" | "keyword" | "builtin", CompletionItemKind> = {
  local: CompletionItemKind.Variable,
  enum: CompletionItemKind.Enum,
  member: CompletionItemKind.EnumMember,
  record: CompletionItemKind.Struct,
  field: CompletionItemKind.Field,
  const: CompletionItemKind.Constant,
  table: CompletionItemKind.Constant,
  param: CompletionItemKind.Constant,
  fn: CompletionItemKind.Function,
  way: CompletionItemKind.Function,
  proc: CompletionItemKind.Function,
  action: CompletionItemKind.Event,
  variant: CompletionItemKind.Module,
  test: CompletionItemKind.Method,
  keyword: CompletionItemKind.Keyword,
  builtin: CompletionItemKind.Function,
};

/** Serves the language on `connection` until it closes. */
export function serveRules(connection: Connection): void {
  const documents = new TextDocuments(TextDocument);
  const analysed = new Map<string, { version: number; doc: RulesDocument }>();
  // Each keystroke is a new version of the text: only the declarations it changed are parsed again.
  const parseCaches = new Map<string, ParseCache>();
  const analysis = (uri: string): RulesDocument | undefined => {
    const text = documents.get(uri);
    if (!text) return undefined;
    const known = analysed.get(uri);
    if (known && known.version === text.version) return known.doc;
    let parseCache = parseCaches.get(uri);
    if (parseCache === undefined) parseCaches.set(uri, (parseCache = new ParseCache()));
    const doc = new RulesDocument(text.getText(), pathOf(uri), parseCache);
    analysed.set(uri, { version: text.version, doc });
    return doc;
  };
  const range = (doc: RulesDocument, start: number, end: number): Range => ({
    start: doc.positionAt(start),
    end: doc.positionAt(end),
  });
  const spanRange = (doc: RulesDocument, span: Span): Range => range(doc, span.start, span.end);

  connection.onInitialize(() => ({
    capabilities: {
      textDocumentSync: TextDocumentSyncKind.Incremental,
      hoverProvider: true,
      definitionProvider: true,
      referencesProvider: true,
      documentHighlightProvider: true,
      renameProvider: { prepareProvider: true },
      documentSymbolProvider: true,
      completionProvider: { triggerCharacters: ["."] },
      documentFormattingProvider: true,
      signatureHelpProvider: { triggerCharacters: ["(", ","] },
      codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix] },
    },
  }));

  documents.onDidChangeContent(({ document }) => {
    const doc = analysis(document.uri);
    if (!doc) return;
    void connection.sendDiagnostics({
      uri: document.uri,
      diagnostics: doc.diagnostics.map((d) => ({
        range: spanRange(doc, d.span),
        severity: d.severity === "error" ? DiagnosticSeverity.Error : DiagnosticSeverity.Warning,
        code: d.code,
        source: "rules",
        message: `${d.message}\nhint: ${d.hint}`,
      })),
    });
  });
  documents.onDidClose(({ document }) => {
    analysed.delete(document.uri);
    parseCaches.delete(document.uri);
    void connection.sendDiagnostics({ uri: document.uri, diagnostics: [] });
  });

  const nameAt = (uri: string, position: { line: number; character: number }) => {
    const doc = analysis(uri);
    const name = doc?.nameAt(doc.offsetAt(position.line, position.character));
    return doc && name ? { doc, name } : undefined;
  };

  connection.onHover(({ textDocument, position }) => {
    const found = nameAt(textDocument.uri, position);
    if (!found) return null;
    const local = found.doc.localAt(found.name.start);
    if (local) {
      return {
        contents: {
          kind: MarkupKind.Markdown,
          value: `\`\`\`rules\n${found.doc.describeLocal(local)}\n\`\`\`\n\nline ${local.span.line}`,
        },
        range: range(found.doc, found.name.start, found.name.end),
      };
    }
    const declared = found.doc.declarationsOf(found.name.name);
    if (declared.length === 0) {
      // A built-in function: what it does, as the checker's own description says.
      const builtin = found.doc.signatureOf(found.name.name);
      if (!builtin) return null;
      return {
        contents: {
          kind: MarkupKind.Markdown,
          value: `\`\`\`rules\n${builtin.label}\n\`\`\`\n\n${builtin.documentation}`,
        },
        range: range(found.doc, found.name.start, found.name.end),
      };
    }
    const value = declared
      .map((d) =>
        [`\`\`\`rules\n${d.detail}\n\`\`\``, `${describe(d)}, line ${d.span.line}`, d.doc].filter(Boolean).join("\n\n"),
      )
      .join("\n\n---\n\n");
    return {
      contents: { kind: MarkupKind.Markdown, value },
      range: range(found.doc, found.name.start, found.name.end),
    };
  });

  connection.onDefinition(({ textDocument, position }): Location[] => {
    const found = nameAt(textDocument.uri, position);
    if (!found) return [];
    const local = found.doc.localAt(found.name.start);
    if (local) return [{ uri: textDocument.uri, range: spanRange(found.doc, local.span) }];
    return found.doc
      .declarationsOf(found.name.name)
      .map((d) => ({ uri: textDocument.uri, range: spanRange(found.doc, d.nameSpan) }));
  });

  connection.onReferences(({ textDocument, position }): Location[] => {
    const found = nameAt(textDocument.uri, position);
    if (!found) return [];
    return found.doc
      .occurrences(found.name.start)
      .map((n) => ({ uri: textDocument.uri, range: range(found.doc, n.start, n.end) }));
  });

  // The same occurrences as references, highlighted in the file where the cursor stands on a name.
  connection.onDocumentHighlight(({ textDocument, position }) => {
    const found = nameAt(textDocument.uri, position);
    if (!found) return [];
    return found.doc.occurrences(found.name.start).map((n) => ({ range: range(found.doc, n.start, n.end) }));
  });

  connection.onPrepareRename(({ textDocument, position }) => {
    const found = nameAt(textDocument.uri, position);
    const renamable =
      found && (found.doc.localAt(found.name.start) || found.doc.declarationsOf(found.name.name).length > 0);
    if (!found || !renamable) return null;
    return range(found.doc, found.name.start, found.name.end);
  });

  connection.onRenameRequest(({ textDocument, position, newName }) => {
    const found = nameAt(textDocument.uri, position);
    if (!found) return null;
    if (!/^[A-Za-z_]\w*$/.test(newName) || reservedWords.has(newName)) {
      throw new Error(`"${newName}" cannot be a name: use letters, digits and _, and no reserved word`);
    }
    const edits = found.doc
      .occurrences(found.name.start)
      .map((n) => ({ range: range(found.doc, n.start, n.end), newText: newName }));
    return { changes: { [textDocument.uri]: edits } };
  });

  connection.onDocumentSymbol(({ textDocument }): DocumentSymbol[] => {
    const doc = analysis(textDocument.uri);
    if (!doc) return [];
    const symbol = (d: Declared): DocumentSymbol => ({
      name: d.name,
      detail: d.detail,
      kind: SYMBOL_KINDS[d.kind],
      range: spanRange(doc, d.span),
      selectionRange: spanRange(doc, d.nameSpan),
      children: d.children.map(symbol),
    });
    return doc.declarations.map(symbol);
  });

  connection.onCompletion(({ textDocument, position }) => {
    const doc = analysis(textDocument.uri);
    if (!doc) return [];
    return doc
      .completions(doc.offsetAt(position.line, position.character))
      .map((c) => ({ label: c.label, kind: COMPLETION_KINDS[c.kind] }));
  });

  connection.onSignatureHelp(({ textDocument, position }): SignatureHelp | null => {
    const doc = analysis(textDocument.uri);
    const call = doc?.callAt(doc.offsetAt(position.line, position.character));
    const signature = call && doc?.signatureOf(call.callee);
    if (!call || !signature) return null;
    return {
      signatures: [
        {
          label: signature.label,
          documentation: signature.documentation,
          parameters: signature.parameters.map((label) => ({ label })),
        },
      ],
      activeSignature: 0,
      activeParameter: Math.min(call.argument, Math.max(0, signature.parameters.length - 1)),
    };
  });

  // The whole file as the formatter writes it (one edit); a file with syntax errors is left as it is.
  connection.onDocumentFormatting(({ textDocument }): TextEdit[] => {
    const document = documents.get(textDocument.uri);
    if (!document) return [];
    const text = document.getText();
    let formatted: string;
    try {
      formatted = formatRules(text, pathOf(textDocument.uri));
    } catch (error) {
      if (error instanceof RulesFormatError) return [];
      throw error;
    }
    if (formatted === text) return [];
    return [{ range: { start: { line: 0, character: 0 }, end: document.positionAt(text.length) }, newText: formatted }];
  });

  // A hint "did you mean `x`?" on a misspelt name becomes a quick fix that writes `x` in its place.
  connection.onCodeAction(({ textDocument, context }): CodeAction[] => {
    const document = documents.get(textDocument.uri);
    if (!document) return [];
    return context.diagnostics.flatMap((d) => {
      const suggested = /\nhint: did you mean `([A-Za-z_]\w*)`\?$/.exec(
        typeof d.message === "string" ? d.message : d.message.value,
      )?.[1];
      if (suggested === undefined || !/^[A-Za-z_]\w*$/.test(document.getText(d.range))) return [];
      return [
        {
          title: `Change to \`${suggested}\``,
          kind: CodeActionKind.QuickFix,
          diagnostics: [d],
          isPreferred: true,
          edit: { changes: { [textDocument.uri]: [{ range: d.range, newText: suggested }] } },
        },
      ];
    });
  });

  documents.listen(connection);
  connection.listen();
}

/** The file a document's URI names, as diagnostics and the formatter name it. */
function pathOf(uri: string): string {
  return uri.replace(/^file:\/\//, "");
}

function describe(d: Declared): string {
  const of = d.container === undefined ? "" : ` of ${d.container}`;
  return `${d.kind}${of}`;
}

/** `rules lsp`: the server over this process's standard input and output. */
export function serveStdio(): void {
  serveRules(createConnection(ProposedFeatures.all, process.stdin, process.stdout));
}
