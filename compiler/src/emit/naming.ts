/** Names in generated code: rules names kept as written where TypeScript allows, made unique where needed. */
import type { LocalSymbol } from "@rules/dsl";

const reserved = new Set([
  // TypeScript and JavaScript reserved words and awkward globals
  "break",
  "case",
  "catch",
  "class",
  "const",
  "continue",
  "debugger",
  "default",
  "delete",
  "do",
  "else",
  "enum",
  "export",
  "extends",
  "false",
  "finally",
  "for",
  "function",
  "if",
  "import",
  "in",
  "instanceof",
  "new",
  "null",
  "return",
  "super",
  "switch",
  "this",
  "throw",
  "true",
  "try",
  "typeof",
  "var",
  "void",
  "while",
  "with",
  "yield",
  "let",
  "static",
  "implements",
  "interface",
  "package",
  "private",
  "protected",
  "public",
  "await",
  "async",
  "of",
  "type",
  "as",
  "any",
  "unknown",
  "never",
  "undefined",
  "NaN",
  "Infinity",
  "arguments",
  "eval",
  "Math",
  "Object",
  "Array",
  "String",
  "Number",
  "Boolean",
  "JSON",
  "Error",
  "Set",
  "Map",
  // names the generated code uses itself
  "state",
  "frame",
  "action",
  "out",
  "seat",
  "value",
  "result",
  "engine",
  "index",
  "list",
  "n",
  "i",
]);

export function safeName(name: string): string {
  return reserved.has(name) ? `${name}_` : name;
}

/** Gives each local symbol of one generated function a distinct, readable name. */
export class LocalNames {
  private readonly names = new Map<LocalSymbol, string>();
  private readonly taken = new Set<string>();

  constructor(taken: Iterable<string> = []) {
    for (const t of taken) this.taken.add(t);
  }

  nameOf(symbol: LocalSymbol): string {
    const known = this.names.get(symbol);
    if (known) return known;
    const base = safeName(symbol.name);
    let candidate = base;
    for (let k = 2; this.taken.has(candidate); k++) candidate = `${base}${k}`;
    this.taken.add(candidate);
    this.names.set(symbol, candidate);
    return candidate;
  }

  /** A fresh name for the generator's own temporaries. */
  fresh(base: string): string {
    let candidate = base;
    for (let k = 2; this.taken.has(candidate); k++) candidate = `${base}${k}`;
    this.taken.add(candidate);
    return candidate;
  }
}

/** `launch-ship` / `Launch` -> `Launch`; used for type names derived from rules names. */
export function pascal(name: string): string {
  return name
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join("");
}

/** A JavaScript string literal. */
export function str(text: string): string {
  return JSON.stringify(text);
}

/** The name of the constant listing an enum's members. */
export function valuesConst(enumName: string): string {
  return `${enumName.replace(/([a-z0-9])([A-Z])/g, "$1_$2").toUpperCase()}_VALUES`;
}
