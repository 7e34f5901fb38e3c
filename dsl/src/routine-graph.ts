/**
 * Which rules can wait for players: the decision sites (`choose`, `act`) the checker finds, the calls between the
 * flow, procedures and actions, and from them the routines that can reach a decision. The compiler turns exactly
 * those routines into resumable state machines; the checker refuses the calls that could not wait (in the setup, in
 * a test's `given`, or a waiting procedure's value used inside an expression).
 */
import type * as A from "./ast.ts";
import type { DecisionSite, Routine } from "./checker.ts";
import type { CompletingBlock } from "./checker-context.ts";
import { Codes, error, type Diagnostic } from "./diagnostics.ts";

/** `flow`, `proc:<name>` or `action:<name>`: how a routine is named in the graph. */
export function routineKey(r: Routine): string {
  return r.kind === "flow" ? "flow" : `${r.kind}:${r.name}`;
}

/**
 * The name of the procedure `e` calls, when `e` is a call of one that can wait for a decision (`suspending`: keys of
 * such routines). Only such a call as a whole statement or the whole value of a store may wait (the graph refuses
 * any other), so this is all a statement's waiting takes.
 */
export function waitingCall(e: A.Expr, suspending: ReadonlySet<string>): string | undefined {
  return e.kind === "call" && e.target === "proc" && suspending.has(`proc:${e.callee.text}`)
    ? e.callee.text
    : undefined;
}

export class RoutineGraph {
  /** Every decision site, in the order found; numbered in source order by `numberInSourceOrder`. */
  readonly decisions: DecisionSite[] = [];
  /** Routine key -> the procedures and actions it calls or offers (`proc:<name>`, `action:<name>`). */
  private readonly calls = new Map<string, Set<string>>();
  /** Routines that decide themselves. */
  private readonly directlySuspending = new Set<string>();
  /** Routines that end the game themselves (`end`). */
  private readonly directlyEnding = new Set<string>();
  /** Calls of procedures that give a value, and those that are a whole statement or the whole value of a store. */
  private readonly valueCalls: { readonly proc: string; readonly call: A.Call; readonly where: string }[] = [];
  private readonly storedCalls = new Set<A.Expr>();
  /** Procedure calls from places that run straight through (the setup, a test's `given`). */
  private readonly callsThatCannotWait: { readonly proc: string; readonly span: A.Span; readonly where: string }[] = [];

  /**
   * What the search of a `completing` block cannot play through, by routine: offered actions, a choice of several
   * players at once, a random draw (the copies would learn what the real draw will be).
   */
  private readonly unsearchable = new Map<string, { readonly what: string; readonly span: A.Span }>();

  noteUnsearchable(routine: Routine | undefined, what: string, span: A.Span): void {
    if (!routine) return;
    const key = routineKey(routine);
    if (!this.unsearchable.has(key)) this.unsearchable.set(key, { what, span });
  }

  addDecision(site: DecisionSite): void {
    this.decisions.push(site);
    this.directlySuspending.add(routineKey(site.owner));
  }

  /**
   * A routine that ends the game (`end`). It need not be able to wait where it stands (the end unwinds every routine
   * under way), but the places that run straight through cannot call it.
   */
  addEnd(routine: Routine): void {
    this.directlyEnding.add(routineKey(routine));
  }

  noteCall(routine: Routine | undefined, target: string): void {
    if (!routine) return;
    const key = routineKey(routine);
    const set = this.calls.get(key) ?? new Set<string>();
    set.add(target);
    this.calls.set(key, set);
  }

  /** A call of a procedure that gives a value; `where` describes the place, for the report. */
  noteValueCall(proc: string, call: A.Call, where: string): void {
    this.valueCalls.push({ proc, call, where });
  }

  /** An expression that is the whole value of a `let` or an assignment, or a whole statement: a call there may wait. */
  noteStored(e: A.Expr): void {
    this.storedCalls.add(e);
  }

  noteCallThatCannotWait(proc: string, span: A.Span, where: string): void {
    this.callsThatCannotWait.push({ proc, span, where });
  }

  /** The routines that can reach a decision, directly or through the procedures they call. */
  suspendingRoutines(): Set<string> {
    return this.throughCalls(this.directlySuspending);
  }

  /** The routines that can end the game, directly or through the procedures they call. */
  endingRoutines(): Set<string> {
    return this.throughCalls(this.directlyEnding);
  }

  /** `routines` and every routine that calls one of them, however indirectly. */
  private throughCalls(routines: ReadonlySet<string>): Set<string> {
    const result = new Set(routines);
    let changed = true;
    while (changed) {
      changed = false;
      for (const [caller, callees] of this.calls) {
        if (result.has(caller)) continue;
        // Offering an action is itself a decision, so only proc calls propagate.
        if ([...callees].some((c) => c.startsWith("proc:") && result.has(c))) {
          result.add(caller);
          changed = true;
        }
      }
    }
    return result;
  }

  /**
   * Each `completing` block's search plays the procedures it calls: none may do what a search cannot play through,
   * and something in it must decide (else the block changes nothing).
   */
  reportCompleting(
    blocks: readonly CompletingBlock[],
    suspending: ReadonlySet<string>,
    diagnostics: Diagnostic[],
  ): void {
    for (const block of blocks) {
      const seen = new Set<string>();
      const todo = [...block.calls];
      let fault: { readonly proc: string; readonly what: string; readonly span: A.Span } | undefined;
      while (todo.length > 0 && !fault) {
        const key = todo.pop()!;
        if (seen.has(key) || !key.startsWith("proc:")) continue;
        seen.add(key);
        const found = this.unsearchable.get(key);
        if (found) fault = { proc: key.slice("proc:".length), ...found };
        todo.push(...(this.calls.get(key) ?? []));
      }
      const can = block.stmt.kind === "can" ? block.stmt : undefined;
      if (fault && can) {
        diagnostics.push(
          error(
            Codes.decisionNotAllowed,
            can.span,
            `\`can\` plays \`${can.call.callee.text}\` on copies of the game, which ${fault.what} prevents: \`${fault.proc}\` has it at line ${fault.span.line}`,
            "ask `can` of a procedure without random draws, offered actions or choices of several players at once",
          ),
        );
      } else if (fault) {
        diagnostics.push(
          error(
            Codes.decisionNotAllowed,
            block.stmt.span,
            `\`completing\` plays the rest of its block on copies of the game, which ${fault.what} prevents: \`${fault.proc}\`, called in the block, has it at line ${fault.span.line}`,
            "keep random draws, offered actions and choices of several players at once out of the block",
          ),
        );
      } else if (can && ![...seen].some((key) => suspending.has(key))) {
        diagnostics.push(
          error(
            Codes.misplaced,
            can.span,
            `\`${can.call.callee.text}\` asks nobody anything, so it can always be played to its end`,
            "`can` is for a procedure with choices, some of which may have no answer (a cost that cannot be paid)",
          ),
        );
      } else if (!block.decides && ![...seen].some((key) => suspending.has(key))) {
        diagnostics.push(
          error(
            Codes.misplaced,
            block.stmt.span,
            "nothing in this `completing` block asks a player anything, so there is nothing to complete",
            "put the choices whose answers must let the rest be finished inside the block, or remove `completing`",
          ),
        );
      }
    }
  }

  /** Decision sites are numbered as they appear in the file (base rules, then each variant), not as checked. */
  numberInSourceOrder(variants: readonly A.VariantDecl[]): void {
    const variantRank = (d: DecisionSite): number => {
      const v = d.owner.kind === "flow" ? undefined : d.owner.variant;
      return v === undefined ? -1 : variants.findIndex((x) => x.name.text === v);
    };
    const ordered = [...this.decisions].sort(
      (a, b) => variantRank(a) - variantRank(b) || a.stmt.span.start - b.stmt.span.start,
    );
    this.decisions.length = 0;
    ordered.forEach((d, site) => {
      d.stmt.site = site;
      this.decisions.push({ ...d, site } as DecisionSite);
    });
  }

  /**
   * The calls that would have to wait and cannot: a waiting procedure called from the setup or a `given` block, and
   * the value of a waiting procedure used inside an expression rather than stored.
   */
  report(suspending: ReadonlySet<string>, ending: ReadonlySet<string>, diagnostics: Diagnostic[]): void {
    for (const call of this.callsThatCannotWait) {
      if (!suspending.has(`proc:${call.proc}`) && !ending.has(`proc:${call.proc}`)) continue;
      diagnostics.push(
        error(
          Codes.decisionNotAllowed,
          call.span,
          `the procedure \`${call.proc}\` waits for a decision or ends the game, which ${call.where} cannot do`,
          "players decide only in the flow, in procedures and in actions",
        ),
      );
    }
    const cannotWait = new Set(this.callsThatCannotWait.map((c) => c.span));
    for (const { proc, call } of this.valueCalls) {
      if (!suspending.has(`proc:${proc}`) || this.storedCalls.has(call)) continue;
      if (cannotWait.has(call.span)) continue; // reported as a call that cannot wait
      diagnostics.push(
        error(
          Codes.decisionNotAllowed,
          call.span,
          `the procedure \`${proc}\` waits for a decision, so its value can only be stored: \`let x = ${proc}(...)\``,
          "store it first, then use the variable",
        ),
      );
    }
  }
}
