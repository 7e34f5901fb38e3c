/**
 * Names and scopes of a body of rules: the locals (`let`, parameters, loop and aggregate variables, `if let`
 * bindings) visible at each point, each bound to a symbol with a number of its own, and the warning for a local
 * never used. The declarations of the file itself are the binder's (`binder.ts`).
 */
import type * as A from "./ast.ts";
import { Codes, error, warning, type Diagnostic } from "./diagnostics.ts";
import type { Type } from "./types.ts";

interface Scope {
  readonly parent: Scope | undefined;
  readonly locals: Map<string, A.LocalSymbol>;
}

export class Scopes {
  private scope: Scope = { parent: undefined, locals: new Map() };
  /** Numbers symbols across the whole file: the emitter names locals by symbol. */
  private nextId = 0;

  constructor(private readonly diagnostics: Diagnostic[]) {}

  /** A new body (a function, a procedure, a visibility condition...): nothing from the last one is visible. */
  reset(): void {
    this.scope = { parent: undefined, locals: new Map() };
  }

  push(): void {
    this.scope = { parent: this.scope, locals: new Map() };
  }

  /** Leaves the innermost scope, warning about its locals never used. */
  pop(): void {
    this.reportUnused();
    this.scope = this.scope.parent ?? this.scope;
  }

  /** Warns about the innermost scope's `let` variables and parameters never used (unless named `_...`). */
  reportUnused(): void {
    for (const l of this.scope.locals.values()) {
      if (!l.used && (l.origin === "let" || l.origin === "param") && !l.name.startsWith("_")) {
        this.diagnostics.push(
          warning(Codes.unused, l.span, `\`${l.name}\` is never used`, "remove it, or start its name with `_`"),
        );
      }
    }
  }

  bind(name: A.Name, type: Type, origin: A.LocalSymbol["origin"]): A.LocalSymbol {
    const symbol: A.LocalSymbol = { name: name.text, type, id: this.nextId++, span: name.span, origin, used: false };
    if (this.scope.locals.has(name.text)) {
      this.diagnostics.push(
        error(
          Codes.duplicate,
          name.span,
          `\`${name.text}\` is already defined in this block`,
          "give it another name, or change the one already defined: `x = value`",
        ),
      );
    }
    this.scope.locals.set(name.text, symbol);
    return symbol;
  }

  lookup(name: string): A.LocalSymbol | undefined {
    for (let s: Scope | undefined = this.scope; s; s = s.parent) {
      const found = s.locals.get(name);
      if (found) return found;
    }
    return undefined;
  }

  /** Every local name visible here, innermost first (for "did you mean"). */
  visible(): string[] {
    const out: string[] = [];
    for (let s: Scope | undefined = this.scope; s; s = s.parent) out.push(...s.locals.keys());
    return out;
  }
}
