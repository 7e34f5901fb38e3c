// The client half of the extension: starts the repository's language server (`rules lsp --stdio`, run by the same
// `compiler/bin/rules.js` as `npx rules`) for every .rules file VS Code opens. The server does the work: diagnostics,
// hover, go to definition, references, rename, completion, outline.
"use strict";
const path = require("node:path");
const { LanguageClient, TransportKind } = require("vscode-languageclient/node");

let client;

exports.activate = function activate() {
  const server = {
    command: "node",
    args: [path.join(__dirname, "..", "bin", "rules.js"), "lsp", "--stdio"],
    transport: TransportKind.stdio,
  };
  client = new LanguageClient(
    "rules",
    "Rules language",
    { run: server, debug: server },
    { documentSelector: [{ scheme: "file", language: "rules" }] },
  );
  return client.start();
};

exports.deactivate = function deactivate() {
  return client === undefined ? undefined : client.stop();
};
