/** Functions, procedures, actions and the flow -> TypeScript functions (plain or resumable). */
import type { ActionDecl, ChooseStmt, ParamSpec, ProcDecl, Routine, Stmt } from "@rules/dsl";
import { type FunctionDeclarationStructure, StructureKind } from "ts-morph";
import type { EmitContext, ResumableRoutine } from "./context.ts";
import { plainScope, type Scope } from "./expressions.ts";
import { MachineBuilder, type DecisionEmitter } from "./machine.ts";
import { LocalNames } from "./naming.ts";
import { StatementEmitter } from "./statements.ts";
import { tsType } from "./ts-types.ts";

type Fn = FunctionDeclarationStructure;

function fn(
  name: string,
  params: { name: string; type: string }[],
  returnType: string,
  body: string[],
  doc?: string,
  exported = false,
): Fn {
  return {
    kind: StructureKind.Function,
    name,
    isExported: exported,
    parameters: params,
    returnType,
    statements: body,
    docs: doc ? [doc] : [],
  };
}

/** The scope of a plain function: `state` plus its parameters as TypeScript parameters. */
function paramScope(
  params: readonly ParamSpec[],
  me?: ActionDecl["me"],
): { scope: Scope; list: { name: string; type: string }[] } {
  const names = new LocalNames(["state"]);
  const scope = plainScope(names);
  const list = [{ name: "state", type: "State" }];
  if (me) list.push({ name: scope.local(me), type: "Player" });
  for (const p of params) list.push({ name: scope.local(p.symbol!), type: tsType(p.symbol!.type) });
  return { scope, list };
}

export function emitFunctions(ctx: EmitContext): Fn[] {
  const out: Fn[] = [];
  for (const f of ctx.program.fns.values()) {
    const { scope, list } = paramScope(f.params);
    const returnType = tsType(f.resolvedReturnType ?? { kind: "void" });
    out.push(
      fn(
        f.name.text,
        list,
        returnType,
        [`return ${ctx.exprs.emit(f.body, scope)};`],
        `fn ${f.name.text} (line ${f.span.line})`,
        true,
      ),
    );
  }
  return out;
}

/** Procedures that never wait for a decision are plain functions. */
export function emitPlainProcs(ctx: EmitContext): Fn[] {
  const out: Fn[] = [];
  for (const p of ctx.program.procs.values()) {
    const routine: Routine = { kind: "proc", name: p.name.text, decl: p };
    if (ctx.isSuspending(routine)) continue;
    out.push(plainProc(ctx, p));
  }
  return out;
}

function plainProc(ctx: EmitContext, p: ProcDecl): Fn {
  const { scope, list } = paramScope(p.params);
  const statements = new StatementEmitter({
    program: ctx.program,
    exprs: ctx.exprs,
    scope,
    suspending: ctx.program.suspending,
  });
  return fn(p.name.text, list, "void", statements.block(p.body, []), `proc ${p.name.text} (line ${p.span.line})`);
}

/** An action's `require` rules, as a function giving the first refusal message or null. */
export function emitActionCheck(ctx: EmitContext, a: ActionDecl): Fn {
  const { scope, list } = paramScope(a.params, a.me);
  const body: string[] = [];
  for (const s of a.body.statements) {
    if (s.kind !== "require") break;
    body.push(`if (!${ctx.exprs.paren(s.condition, scope)}) return ${JSON.stringify(s.message)};`);
  }
  body.push("return null;");
  return fn(
    `check${a.name.text}`,
    list,
    "string | null",
    body,
    `Why ${a.name.text} is refused now, or null when it is allowed.`,
  );
}

/** The effects of an action that never waits for a decision: a plain function. */
export function emitPlainAction(ctx: EmitContext, a: ActionDecl): Fn {
  const { scope, list } = paramScope(a.params, a.me);
  const statements = new StatementEmitter({
    program: ctx.program,
    exprs: ctx.exprs,
    scope,
    suspending: ctx.program.suspending,
  });
  const body = statements.block(a.body, []);
  return fn(
    `do${a.name.text}`,
    list,
    "void",
    body,
    `action ${a.name.text} (line ${a.span.line}): its effects, once allowed.`,
  );
}

/** Compiles every routine that can wait for a decision into a state machine (flow, procedures, actions). */
export function compileResumable(ctx: EmitContext, decisions: DecisionEmitter): void {
  const routines: Routine[] = [{ kind: "flow", name: "flow", decl: ctx.program.flow }];
  for (const p of ctx.program.procs.values()) routines.push({ kind: "proc", name: p.name.text, decl: p });
  for (const a of ctx.program.actions.values()) routines.push({ kind: "action", name: a.name.text, decl: a });
  for (const r of routines) {
    if (!ctx.isSuspending(r)) continue;
    const builder = new MachineBuilder(ctx.program, ctx.exprs, ctx.program.suspending, decisions);
    const paramFields: string[] = [];
    if (r.kind === "action" && r.decl.me) paramFields.push(builder.hold(r.decl.me));
    if (r.kind !== "flow") for (const p of r.decl.params) paramFields.push(builder.hold(p.symbol!));
    const body =
      r.kind === "action"
        ? { ...r.decl.body, statements: r.decl.body.statements.filter((s: Stmt) => s.kind !== "require") }
        : r.decl.body;
    const machine = builder.build(body);
    ctx.resumable.set(ctx.routineTag(r), {
      routine: r,
      tag: ctx.routineTag(r),
      frameType: ctx.frameTypeName(r),
      machine,
      paramFields,
    });
  }
}

/** The step function of a resumable routine: runs from `frame.pc` to the next decision, call or end. */
export function emitStepFunction(ctx: EmitContext, r: ResumableRoutine): Fn {
  const cases = r.machine.blocks.flatMap((lines, pc) => [`case ${pc}: {`, ...lines, "}"]);
  const where = r.routine.kind === "flow" ? "the flow" : `${r.routine.kind} ${r.routine.name}`;
  return fn(
    `step${r.frameType.replace(/Frame$/, "")}`,
    [
      { name: "state", type: "State" },
      { name: "frame", type: r.frameType },
    ],
    "void",
    [
      "machine: for (;;) {",
      "switch (frame.pc) {",
      ...cases,
      "default:",
      `throw new RulesError(\`the saved state is inconsistent: ${where} has no step \${frame.pc}\`);`,
      "}",
      "}",
    ],
    `Runs ${where} (line ${r.routine.decl.span.line}) until it waits for a decision or is done.`,
  );
}

/** Creates the frame a resumable routine starts with: its parameters, and zeros for every other local. */
export function emitFrameConstructor(ctx: EmitContext, r: ResumableRoutine): Fn {
  const params = r.paramFields.map((f) => ({ name: f, type: r.machine.fields.find((x) => x.name === f)!.type }));
  const fields = r.machine.fields.map((f) => {
    if (r.paramFields.includes(f.name)) return f.name;
    const symbol = [...r.machine.fieldOf.entries()].find(([, name]) => name === f.name)?.[0];
    const zero = symbol ? ctx.zero(symbol.type) : f.type === "number" ? "0" : "[]";
    return `${f.name}: ${zero}`;
  });
  return fn(`new${r.frameType}`, params, r.frameType, [
    `return { routine: ${JSON.stringify(r.tag)}, pc: 0${fields.map((f) => `, ${f}`).join("")} };`,
  ]);
}

/** The top frame, checked to belong to the routine a pending decision was asked from. */
export function emitFrameAccessor(r: ResumableRoutine): Fn {
  return fn(`current${r.frameType}`, [{ name: "state", type: "State" }], r.frameType, [
    "const frame = state.stack[state.stack.length - 1];",
    `if (frame?.routine !== ${JSON.stringify(r.tag)}) throw new RulesError("the saved state is inconsistent: the pending decision belongs to ${r.tag}");`,
    "return frame;",
  ]);
}

export type { ChooseStmt };
