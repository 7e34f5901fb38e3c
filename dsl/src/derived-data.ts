/**
 * Derived data (`derived { ... }`): values computed from the setup's result, once after the setup and again after a
 * restore, and never saved. They stay true only if what they are computed from stops changing when the setup ends,
 * and the setup cannot read them (they do not exist yet). This module records who reads and writes which field and
 * who calls whom, then reports every place that breaks one of those two promises, and derived fields that read
 * themselves or fields declared after them.
 *
 * Keys name the bodies: `setup`, `flow`, `proc:<name>`, `action:<name>`, `fn:<name>`, `derived:<name>`.
 */
import type * as A from "./ast.ts";
import { Codes, error, type Diagnostic } from "./diagnostics.ts";

interface Access {
  readonly field: string;
  readonly span: A.Span;
}

export class DerivedData {
  /** Derived fields in declaration order. */
  private readonly order: string[] = [];
  private readonly declared = new Map<string, A.FieldDecl>();
  private readonly reads = new Map<string, Access[]>();
  private readonly writes = new Map<string, Access[]>();
  private readonly calls = new Map<string, Set<string>>();

  declare(field: A.FieldDecl): void {
    this.order.push(field.name.text);
    this.declared.set(field.name.text, field);
  }

  isDerived(name: string): boolean {
    return this.declared.has(name);
  }

  noteRead(from: string | undefined, field: string, span: A.Span): void {
    if (from !== undefined) push(this.reads, from, { field, span });
  }

  noteWrite(from: string | undefined, field: string, span: A.Span): void {
    if (from !== undefined) push(this.writes, from, { field, span });
  }

  noteCall(from: string | undefined, callee: string): void {
    if (from === undefined) return;
    const set = this.calls.get(from) ?? new Set<string>();
    set.add(callee);
    this.calls.set(from, set);
  }

  /**
   * The saved fields each derived field is computed from, through the functions it calls and the derived fields it
   * reads (player fields as `player.<name>`), by derived field.
   */
  inputs(): Map<string, Set<string>> {
    const out = new Map<string, Set<string>>();
    for (const name of this.order) {
      const fields = new Set<string>();
      for (const body of this.reach([`derived:${name}`]).keys()) {
        for (const read of this.reads.get(body) ?? []) {
          if (!this.declared.has(read.field)) fields.add(read.field);
          else for (const f of out.get(read.field) ?? []) fields.add(f);
        }
      }
      out.set(name, fields);
    }
    return out;
  }

  report(diagnostics: Diagnostic[]): void {
    if (this.order.length === 0) return;
    this.reportOrder(diagnostics);
    this.reportChangingInputs(diagnostics);
    this.reportReadsInSetup(diagnostics);
  }

  /** Every body reachable from `roots` through calls, with the caller that first reached it. */
  private reach(roots: readonly string[]): Map<string, string | undefined> {
    const seen = new Map<string, string | undefined>(roots.map((r) => [r, undefined]));
    const queue = [...roots];
    while (queue.length > 0) {
      const from = queue.shift()!;
      for (const to of this.calls.get(from) ?? []) {
        if (seen.has(to)) continue;
        seen.set(to, from);
        queue.push(to);
      }
    }
    return seen;
  }

  /** A derived field may use the derived fields declared before it, not itself or later ones. */
  private reportOrder(diagnostics: Diagnostic[]): void {
    this.order.forEach((name, index) => {
      for (const body of this.reach([`derived:${name}`]).keys()) {
        for (const read of this.reads.get(body) ?? []) {
          const other = this.order.indexOf(read.field);
          if (other < index) continue;
          diagnostics.push(
            error(
              Codes.misplaced,
              read.span,
              other === index
                ? `the derived \`${name}\` cannot be computed from itself`
                : `the derived \`${name}\` is computed before \`${read.field}\`, declared after it`,
              "derived fields are computed in the order they are declared: move this one below what it uses",
            ),
          );
        }
      }
    });
  }

  /** What a derived field is computed from may only change in the setup (and in procedures only the setup calls). */
  private reportChangingInputs(diagnostics: Diagnostic[]): void {
    const inputs = new Map<string, string>(); // saved field -> a derived field computed from it
    for (const name of this.order) {
      for (const body of this.reach([`derived:${name}`]).keys()) {
        for (const read of this.reads.get(body) ?? []) {
          if (!this.declared.has(read.field) && !inputs.has(read.field)) inputs.set(read.field, name);
        }
      }
    }
    if (inputs.size === 0) return;
    const game = this.reach(["flow", ...[...this.writes.keys(), ...this.calls.keys()].filter(isAction)]);
    for (const [body, accesses] of this.writes) {
      if (!game.has(body)) continue;
      for (const write of accesses) {
        const derived = inputs.get(write.field);
        if (derived === undefined) continue;
        const line = this.declared.get(derived)!.name.span.line;
        diagnostics.push(
          error(
            Codes.notAssignable,
            write.span,
            `\`${write.field}\` cannot change once the setup is over: the derived \`${derived}\` (line ${line}) is computed from it`,
            "derived data is computed once, after the setup; a value that follows the game belongs in a function",
          ),
        );
      }
    }
  }

  /** Derived data exists once the setup is over: the setup, and what it calls, cannot read it. */
  private reportReadsInSetup(diagnostics: Diagnostic[]): void {
    const setup = this.reach(["setup"]);
    for (const [body, caller] of setup) {
      for (const read of this.reads.get(body) ?? []) {
        if (!this.declared.has(read.field)) continue;
        const through = caller === undefined ? "" : ` (through \`${body.slice(body.indexOf(":") + 1)}\`)`;
        diagnostics.push(
          error(
            Codes.misplaced,
            read.span,
            `the setup cannot use the derived \`${read.field}\`${through}: derived data is computed after the setup`,
            "compute the value from the fields the setup fills, or use it once the game has started",
          ),
        );
      }
    }
  }
}

function push(map: Map<string, Access[]>, key: string, access: Access): void {
  const list = map.get(key) ?? [];
  list.push(access);
  map.set(key, list);
}

function isAction(key: string): boolean {
  return key.startsWith("action:");
}
