/**
 * The Prettier plugin for `.rules` files: `prettier --write` and `prettier --check` format them with `formatRules`.
 * Built into compiler/dist/prettier-plugin-rules.js (compiler/build.mjs), which `.prettierrc.json` names.
 */
import type { Parser, Printer, SupportLanguage } from "prettier";
import { formatDiagnostic, parseRules } from "@rules/dsl";
import { formatRules } from "./format-rules.ts";

interface RulesSource {
  readonly type: "rules-file";
  readonly text: string;
  readonly path: string;
}

export const languages: SupportLanguage[] = [{ name: "Rules", parsers: ["rules"], extensions: [".rules"] }];

export const parsers: Record<string, Parser<RulesSource>> = {
  rules: {
    astFormat: "rules-text",
    // A file with syntax errors is refused with the diagnostics `rules check` gives, and left as it is.
    parse(text, options) {
      const path = options.filepath ?? "file.rules";
      const errors = parseRules(text, path).diagnostics.filter((d) => d.severity === "error");
      if (errors.length > 0) throw new SyntaxError(errors.map((d) => formatDiagnostic(d, path, text)).join("\n\n"));
      return { type: "rules-file", text, path };
    },
    locStart: () => 0,
    locEnd: (node) => node.text.length,
  },
};

export const printers: Record<string, Printer<RulesSource>> = {
  "rules-text": {
    print: (path) => formatRules(path.node.text, path.node.path),
  },
};
