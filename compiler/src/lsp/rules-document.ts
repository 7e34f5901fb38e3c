/**
 * What the language server knows of one `.rules` text: its diagnostics (the same as `rules check`), its declarations
 * (with the comment above each) and every name written in it. Built once per version of the text; the server's
 * requests read it.
 */
import {
  WAY_BUILTINS,
  builtinFunctions,
  forEachTreeNode,
  isLocalSymbol,
  wayRuleNames,
  type WayBuiltin,
  loadRules,
  reservedWords,
  rulesLexer,
  typeToString,
  type Declaration,
  type Diagnostic,
  type LocalSymbol,
  type NameRef,
  type ParseCache,
  type RulesFile,
  type Span,
} from "@rules/dsl";

export type DeclarationKind =
  | "enum"
  | "member"
  | "record"
  | "field"
  | "const"
  | "table"
  | "param"
  | "fn"
  | "way"
  | "proc"
  | "action"
  | "variant"
  | "test";

export interface Declared {
  readonly name: string;
  readonly kind: DeclarationKind;
  /** The name where it is declared. */
  readonly nameSpan: Span;
  /** The whole declaration. */
  readonly span: Span;
  /** Its first line, as written. */
  readonly detail: string;
  /** The comment lines just above it, without `//`. */
  readonly doc: string;
  /** The declaration it belongs to (a field's record, a member's enum). */
  readonly container?: string;
  readonly children: Declared[];
}

export interface NameAt {
  readonly name: string;
  readonly start: number;
  readonly end: number;
}

export class RulesDocument {
  readonly diagnostics: readonly Diagnostic[];
  readonly declarations: readonly Declared[];
  /** Every identifier in the text (not in comments or strings), in order. */
  readonly names: readonly NameAt[];
  /** Every token's text and place, in order (what a signature help walks back through); `names` are its identifiers. */
  private readonly tokens: readonly {
    readonly image: string;
    readonly start: number;
    readonly end: number;
    readonly name: boolean;
  }[];
  private readonly lineStarts: number[];
  /** The names the checker resolved to a local (a `let`, a parameter, a loop variable...), and every local declared. */
  private readonly localRefs: { readonly start: number; readonly symbol: LocalSymbol }[] = [];
  private readonly locals: LocalSymbol[] = [];

  constructor(
    readonly text: string,
    readonly path: string,
    parseCache?: ParseCache,
  ) {
    const { diagnostics, file } = loadRules(text, path, parseCache);
    this.diagnostics = diagnostics;
    this.lineStarts = [0];
    for (let i = 0; i < text.length; i++) if (text[i] === "\n") this.lineStarts.push(i + 1);
    this.declarations = file ? file.declarations.flatMap((d) => this.declared(d)) : [];
    this.tokens = rulesLexer.tokenize(text).tokens.map((t) => ({
      image: t.image,
      start: t.startOffset,
      end: (t.endOffset ?? t.startOffset) + 1,
      name: t.tokenType.name === "Identifier",
    }));
    this.names = this.tokens.filter((t) => t.name).map((t) => ({ name: t.image, start: t.start, end: t.end }));
    if (file) this.collectLocals(file);
  }

  /** The local the name at `offset` stands for or declares, if it is one. */
  localAt(offset: number): LocalSymbol | undefined {
    const name = this.nameAt(offset);
    if (!name) return undefined;
    return (
      this.localRefs.find((r) => r.start === name.start)?.symbol ?? this.locals.find((l) => l.span.start === name.start)
    );
  }

  /**
   * Where the name at `offset` is written: a local's declaration and uses (in its scope only); for anything else,
   * every name written the same that is not a local.
   */
  occurrences(offset: number): NameAt[] {
    const name = this.nameAt(offset);
    if (!name) return [];
    const local = this.localAt(offset);
    if (local) {
      const starts = new Set([
        local.span.start,
        ...this.localRefs.filter((r) => r.symbol === local).map((r) => r.start),
      ]);
      return this.names.filter((n) => starts.has(n.start));
    }
    const localStarts = new Set([...this.localRefs.map((r) => r.start), ...this.locals.map((l) => l.span.start)]);
    return this.names.filter((n) => n.name === name.name && !localStarts.has(n.start));
  }

  /** `let x: int` / `param p: Player`... for a local, as a hover shows it. */
  describeLocal(local: LocalSymbol): string {
    return `${local.origin} ${local.name}: ${typeToString(local.type)}`;
  }

  /** The checker leaves each resolved name its target and each binding its local: gathered from the tree. */
  private collectLocals(file: RulesFile): void {
    forEachTreeNode(file, (node) => {
      if (isLocalSymbol(node)) {
        this.locals.push(node);
        return;
      }
      const ref = node as Partial<NameRef>;
      if (ref.kind === "name" && typeof ref.name === "string" && ref.ref?.kind === "local")
        this.localRefs.push({ start: ref.span!.start, symbol: ref.ref.symbol });
    });
  }

  /** Every declaration, nested ones included. */
  all(): Declared[] {
    return this.declarations.flatMap((d) => [d, ...d.children]);
  }

  /** The name under `offset`, if any. */
  nameAt(offset: number): NameAt | undefined {
    return this.names.find((n) => n.start <= offset && offset <= n.end);
  }

  /**
   * The call the cursor at `offset` is in the arguments of: the name called and which argument (from 0), found by
   * walking back over the tokens to the `(` that is still open, counting the commas between.
   */
  callAt(offset: number): { callee: string; argument: number } | undefined {
    let depth = 0;
    let argument = 0;
    let i = this.tokens.length - 1;
    while (i >= 0 && this.tokens[i]!.start >= offset) i--;
    for (; i >= 0; i--) {
      const t = this.tokens[i]!;
      if (t.image === ")" || t.image === "]" || t.image === "}") depth++;
      else if (t.image === "(" || t.image === "[" || t.image === "{") {
        if (depth > 0) depth--;
        else {
          const before = this.tokens[i - 1];
          return t.image === "(" && before?.name === true ? { callee: before.image, argument } : undefined;
        }
      } else if (t.image === "," && depth === 0) argument++;
    }
    return undefined;
  }

  /**
   * How a call of `name` reads, for signature help: its declaration's (a function, procedure, action or way, from
   * its first line) or a built-in function's, with where each parameter lies in that text.
   */
  signatureOf(name: string): { label: string; documentation: string; parameters: [number, number][] } | undefined {
    const declared = this.declarationsOf(name).find((d) => ["fn", "proc", "action", "way"].includes(d.kind));
    const text = declared?.detail ?? builtinFunctions[name]?.describe;
    if (text === undefined) return undefined;
    const open = text.indexOf(`${name}(`) + name.length;
    if (open < name.length) return undefined;
    let close = open;
    for (let depth = 0; close < text.length; close++) {
      if (text[close] === "(") depth++;
      else if (text[close] === ")" && --depth === 0) break;
    }
    const returns = declared ? /^\):\s*([^={]*?)\s*(?:[={]|$)/.exec(text.slice(close))?.[1] : undefined;
    const label = `${name}${text.slice(open, close + 1)}${returns ? `: ${returns}` : ""}`;
    // The parameters: the text between the parentheses, cut at the commas outside brackets (`map<K, V>`).
    const closing = name.length + (close - open);
    const parameters: [number, number][] = [];
    let start = name.length + 1;
    for (let i = start, depth = 0; i <= closing; i++) {
      const c = label[i]!;
      if (i < closing && (c === "(" || c === "[" || c === "<")) depth++;
      else if (i < closing && (c === ")" || c === "]" || c === ">")) depth--;
      else if (i === closing || (c === "," && depth === 0)) {
        const raw = label.slice(start, i);
        const from = start + (raw.length - raw.trimStart().length);
        if (raw.trim() !== "") parameters.push([from, from + raw.trim().length]);
        start = i + 1;
      }
    }
    return { label, documentation: declared ? declared.doc : text, parameters };
  }

  /** The declarations a name may refer to: those of that name (a field and a function may share one). */
  declarationsOf(name: string): Declared[] {
    return this.all().filter((d) => d.name === name);
  }

  offsetAt(line: number, character: number): number {
    return (this.lineStarts[line] ?? this.text.length) + character;
  }

  positionAt(offset: number): { line: number; character: number } {
    let low = 0;
    let high = this.lineStarts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (this.lineStarts[mid]! <= offset) low = mid;
      else high = mid - 1;
    }
    return { line: low, character: offset - this.lineStarts[low]! };
  }

  /** Words a completion may offer here: the fields of records and players after a `.`, else every name in scope. */
  completions(offset: number): { label: string; kind: DeclarationKind | "local" | "keyword" | "builtin" }[] {
    const before = this.text.slice(0, offset).replace(/\w*$/, "");
    if (before.endsWith(".")) {
      return unique(
        this.all()
          .filter((d) => d.kind === "field")
          .map((d) => ({ label: d.name, kind: "field" as const })),
      );
    }
    const way = wayArgumentStart(before) ?? this.wayRuleStart(offset, before);
    if (way !== undefined) return way.map((label) => ({ label, kind: "keyword" as const }));
    const afterAct = /\bact\s+[^:\n]*:\s*(\w+\s*\|\s*)*$/.test(before);
    if (afterAct)
      return this.all()
        .filter((d) => d.kind === "action")
        .map((d) => ({ label: d.name, kind: "action" }));
    // `can pay(...)` asks of a procedure.
    if (/\bcan\s+$/.test(before))
      return this.all()
        .filter((d) => d.kind === "proc")
        .map((d) => ({ label: d.name, kind: "proc" }));
    // The locals declared before the cursor in the declaration it is in (a close reading of scope: enough to type).
    const around = this.declarations.find((d) => d.span.start <= offset && offset <= d.span.end);
    const locals = around
      ? this.locals.filter((l) => l.span.start >= around.span.start && l.span.end <= offset && l.origin !== "me")
      : [];
    return unique([
      ...locals.map((l) => ({ label: l.name, kind: "local" as const })),
      ...this.all()
        .filter((d) => d.kind !== "test" && d.kind !== "field")
        .map((d) => ({ label: d.name, kind: d.kind })),
      ...Object.keys(builtinFunctions).map((label) => ({ label, kind: "builtin" as const })),
      ...[...reservedWords].map((label) => ({ label, kind: "keyword" as const })),
    ]);
  }

  /** At the start of a line of a `way` declaration's rules: the rules it does not give yet. */
  private wayRuleStart(offset: number, before: string): string[] | undefined {
    const way = this.declarations.find((d) => d.kind === "way" && d.span.start < offset && offset < d.span.end);
    if (way === undefined || !/\n[ \t]*$/.test(before)) return undefined;
    const body = this.text.slice(way.span.start, way.span.end);
    const given = new Set([...body.matchAll(/\n\s*(\w+)\s*:/g)].map((m) => m[1]!));
    return wayRuleNames("reachable").filter((r) => !given.has(r));
  }

  private declared(d: Declaration): Declared[] {
    const node = (
      name: string,
      kind: DeclarationKind,
      nameSpan: Span,
      span: Span,
      children: Declared[] = [],
      container?: string,
    ) =>
      ({
        name,
        kind,
        nameSpan,
        span,
        detail: this.firstLine(span),
        doc: this.commentAbove(span),
        children,
        ...(container === undefined ? {} : { container }),
      }) satisfies Declared;
    switch (d.kind) {
      case "enum":
        return [
          node(
            d.name.text,
            "enum",
            d.name.span,
            d.span,
            d.members.map((m) => node(m.name.text, "member", m.name.span, m.span, [], d.name.text)),
          ),
        ];
      case "record":
        return [
          node(
            d.name.text,
            "record",
            d.name.span,
            d.span,
            d.fields.map((f) => node(f.name.text, "field", f.name.span, f.span, [], d.name.text)),
          ),
        ];
      case "state":
        // `per player`, `global`, `derived`, `per <procedure>`: their fields, each a declaration of its own.
        return d.fields.map((f) =>
          node(f.name.text, "field", f.name.span, f.span, [], d.scope === "player" ? "player" : d.scope),
        );
      case "const":
        return [
          node(
            d.name.text,
            this.text.slice(d.span.start, d.span.start + 5) === "table" ? "table" : "const",
            d.name.span,
            d.span,
          ),
        ];
      case "param":
        return [node(d.name.text, "param", d.name.span, d.span)];
      case "fn":
      case "way":
      case "proc":
      case "action":
        return [node(d.name.text, d.kind, d.name.span, d.span)];
      case "variant":
        return [node(d.name.text, "variant", d.name.span, d.span)];
      case "test":
        return [node(d.title, "test", d.span, d.span)];
      default:
        return [];
    }
  }

  private firstLine(span: Span): string {
    const end = this.text.indexOf("\n", span.start);
    return this.text.slice(span.start, end < 0 ? span.end : Math.min(end, span.end)).trim();
  }

  private commentAbove(span: Span): string {
    const lines: string[] = [];
    for (let line = span.line - 2; line >= 0; line--) {
      const start = this.lineStarts[line]!;
      const end = this.lineStarts[line + 1] ?? this.text.length;
      const text = this.text.slice(start, end).trim();
      if (!text.startsWith("//")) break;
      lines.unshift(text.replace(/^\/\/\s?/, ""));
    }
    return lines.join("\n");
  }
}

function unique<T extends { label: string }>(items: T[]): T[] {
  const seen = new Set<string>();
  return items.filter((i) => (seen.has(i.label) ? false : (seen.add(i.label), true)));
}

/**
 * At the start of an argument of `reachable(h from ...` or `route(h from ...` (after a comma of the call itself): the
 * way's rules not given yet, by name; undefined anywhere else.
 */
function wayArgumentStart(before: string): string[] | undefined {
  if (!/,\s*$/.test(before)) return undefined;
  // The call the cursor is in: the nearest `(` left open before it.
  let depth = 0;
  let open = -1;
  for (let i = before.length - 1; i >= 0 && open < 0; i--) {
    const ch = before[i];
    if (ch === ")" || ch === "]" || ch === "}") depth++;
    else if (ch === "(" || ch === "[" || ch === "{") {
      if (depth === 0 && ch === "(") open = i;
      else if (depth === 0) return undefined;
      else depth--;
    }
  }
  const call = /\b(\w+)\s*$/.exec(before.slice(0, Math.max(0, open)));
  if (open < 0 || call === null || !WAY_BUILTINS.has(call[1]!) || !/^\(\s*\w+\s+from\b/.test(before.slice(open)))
    return undefined;
  const given = new Set([...before.slice(open).matchAll(/[(,]\s*(\w+)\s*:/g)].map((m) => m[1]!));
  return wayRuleNames(call[1] as WayBuiltin).filter((r) => !given.has(r));
}
