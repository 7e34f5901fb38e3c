/** What every part of the engine emitter shares: the checked program, expression emission, compiled routines. */
import { forEachStmt, routineKey, type DecisionSite, type Program, type Routine, type Type } from "@rules/dsl";
import { ExprEmitter, HelperSink } from "./expressions.ts";
import type { CompiledMachine } from "./machine.ts";
import { engineTypeName, pascal } from "./naming.ts";
import { zeroValue } from "./ts-types.ts";

export interface ResumableRoutine {
  readonly routine: Routine;
  /** The `routine` tag stored in its frames. */
  readonly tag: string;
  /** The TypeScript type of its frames (`TurnFrame`, or `TurnFrame_` beside a designer's type of that name). */
  readonly frameType: string;
  /** What its frame functions are named after: `newTurnFrame`, `currentTurnFrame`, `stepTurn`. */
  readonly frameName: string;
  readonly machine: CompiledMachine;
  /** Frame fields holding the routine's parameters, in order (for actions: `me` first). */
  readonly paramFields: string[];
}

export class EmitContext {
  readonly sink = new HelperSink();
  readonly exprs: ExprEmitter;
  readonly resumable = new Map<string, ResumableRoutine>();
  /**
   * Whether some `end` stands in a procedure or an action run as a plain function (one with no decision in it): there
   * it throws `GAME_ENDED`, which `apply` and `run` catch.
   */
  readonly plainEnds: boolean;

  constructor(
    readonly program: Program,
    readonly source: string,
    readonly sourcePath: string,
  ) {
    this.exprs = new ExprEmitter(program, this.sink, source, true);
    this.plainEnds = hasPlainEnds(program);
  }

  /** The flow is always resumable: it is where the game waits between turns. */
  isSuspending(r: Routine): boolean {
    return r.kind === "flow" || this.program.suspending.has(routineKey(r));
  }

  routineTag(r: Routine): string {
    return r.kind === "flow" ? "flow" : r.variant ? `${r.name}__${r.variant}` : r.name;
  }

  frameName(r: Routine): string {
    return `${pascal(this.routineTag(r))}Frame`;
  }

  frameTypeName(r: Routine): string {
    return engineTypeName(this.program, this.frameName(r));
  }

  /** Where a decision site is, for comments: `flow, line 98`. */
  where(site: DecisionSite): string {
    const r = site.owner;
    const name = r.kind === "flow" ? "the flow" : `${r.kind} ${r.name}${r.variant ? ` (variant ${r.variant})` : ""}`;
    return `${name}, line ${site.stmt.span.line}`;
  }

  sourceOf(span: { start: number; end: number }): string {
    return this.source.slice(span.start, span.end).replace(/\s+/g, " ").trim();
  }

  /** A value of type `t` to initialise storage with before the rules give it one. */
  zero(t: Type): string {
    return zeroValue(this.program, t);
  }
}

function hasPlainEnds(p: Program): boolean {
  const routines = [
    ...p.procs.values(),
    ...p.actions.values(),
    ...p.variants.flatMap((v) => v.replacements.filter((r) => r.kind !== "fn")),
  ];
  return routines.some((r) => {
    if (p.suspending.has(`${r.kind}:${r.name.text}`) || !("statements" in r.body)) return false;
    let ends = false;
    forEachStmt(r.body, (s) => (ends ||= s.kind === "end"));
    return ends;
  });
}
