/**
 * Functions, procedures, actions and the flow -> TypeScript functions (plain or resumable).
 *
 * A rule that a variant replaces is emitted once per version (`name__base`, `name__<variant>`) behind a function of
 * the plain name that picks the version by `state.variant`, so callers never need to know.
 */
import {
  isBlock,
  leadingRequirements,
  type ActionDecl,
  type FnDecl,
  type ParamSpec,
  type ProcDecl,
  type Routine,
  type Stmt,
} from "@rules/dsl";
import { type FunctionDeclarationStructure, StructureKind } from "ts-morph";
import type { EmitContext, ResumableRoutine } from "./context.ts";
import { plainScope, type Scope } from "./expressions.ts";
import { MachineBuilder, type DecisionEmitter } from "./machine.ts";
import { LocalNames, pascal, str, valueName, variantsReplacing } from "./naming.ts";
import { changesNothingInPlace, constantLets, StatementEmitter } from "./statements.ts";
import { tsType } from "./ts-types.ts";
import { askedByCan } from "./trials.ts";
import { treeFacts } from "./tree-facts.ts";
import { actionsInPlay } from "./offers.ts";

type Fn = FunctionDeclarationStructure;
type Param = { name: string; type: string };

function fn(name: string, params: Param[], returnType: string, body: string[], doc?: string, exported = false): Fn {
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
function paramScope(params: readonly ParamSpec[], me?: ActionDecl["me"]): { scope: Scope; list: Param[] } {
  const names = new LocalNames(["state"]);
  const scope = plainScope(names);
  const list = [{ name: "state", type: "State" }];
  if (me) list.push({ name: scope.local(me), type: "Player" });
  for (const p of params) list.push({ name: scope.local(p.symbol!), type: tsType(p.symbol!.type) });
  return { scope, list };
}

/** Every version of a rule: the base one, then one per variant that replaces it. */
function versions<D extends FnDecl | ProcDecl | ActionDecl>(
  ctx: EmitContext,
  base: D,
): { variant: string | undefined; decl: D }[] {
  const out: { variant: string | undefined; decl: D }[] = [{ variant: undefined, decl: base }];
  for (const v of ctx.program.variants) {
    for (const r of v.replacements) {
      if (r.kind === base.kind && r.name.text === base.name.text) out.push({ variant: v.name.text, decl: r as D });
    }
  }
  return out;
}

/**
 * Emits `make(versionName, decl)` for each version; when a variant replaces the rule, also a function of the plain
 * name that calls the version of the game's variant.
 */
export function withVersions<D extends FnDecl | ProcDecl | ActionDecl>(
  ctx: EmitContext,
  base: D,
  name: string,
  make: (name: string, decl: D, exported: boolean) => Fn,
  exported = false,
): Fn[] {
  const all = versions(ctx, base);
  if (all.length === 1) return [make(name, base, exported)];
  const impls = all.map((v) => make(`${name}__${v.variant ?? "base"}`, v.decl, false));
  const first = impls[0]!;
  const params = (first.parameters ?? []) as Param[];
  const args = params.map((p) => p.name).join(", ");
  const cases = all.slice(1).flatMap((v) => [`case ${str(v.variant!)}:`, `return ${name}__${v.variant}(${args});`]);
  const dispatcher = fn(
    name,
    params,
    String(first.returnType),
    ["switch (state.variant) {", ...cases, "default:", `return ${name}__base(${args});`, "}"],
    `${name}, as the game's variant has it.`,
    exported,
  );
  return [...impls, dispatcher];
}

export function emitFunctions(ctx: EmitContext): Fn[] {
  return [...ctx.program.fns.values()].flatMap((f) =>
    withVersions(
      ctx,
      f,
      valueName(ctx.program, f.name.text),
      (name, decl, exported) => {
        const { scope, list } = paramScope(decl.params);
        const returnType = tsType(decl.resolvedReturnType ?? { kind: "void" });
        const body = isBlock(decl.body)
          ? new StatementEmitter({
              program: ctx.program,
              exprs: ctx.exprs,
              scope,
              suspending: ctx.program.suspending,
              changesNothing: changesNothingInPlace(decl.body),
            }).block(decl.body, [])
          : decl.body.kind === "match"
            ? // A function whose value is a `match` takes the value apart itself, with no helper between.
              ctx.exprs.matchReturns(decl.body, scope, scope.names)
            : [`return ${ctx.exprs.emit(decl.body, scope)};`];
        return fn(name, list, returnType, body, `fn ${decl.name.text} (line ${decl.span.line})`, exported);
      },
      true,
    ),
  );
}

/** `way sea(p: Player) { h from p.pos ... }`: a function giving the way, for `reachable` and `route` to search. */
export function emitWays(ctx: EmitContext): Fn[] {
  return [...ctx.program.ways.values()].map((w) => {
    const { scope, list } = paramScope(w.params);
    const way = ctx.exprs.wayObject(w.symbol!, w.start, w.rules, scope);
    const doc = `way ${w.name.text} (line ${w.span.line})`;
    return fn(valueName(ctx.program, w.name.text), list, "Way", [`return ${way};`], doc, true);
  });
}

/**
 * `per playerTurn { ... }`: the fields that start again at their initial values as the procedure starts. In a trial
 * (`trial`, its name), each is noted first, for the trial to undo.
 */
export function runFieldResets(ctx: EmitContext, proc: string, trial?: string): string[] {
  const fields = (ctx.program.runFields.get(proc)?.fields ?? []).map((name) => ctx.program.globalFields.get(name)!);
  return fields.flatMap((f) => [
    ...(trial === undefined ? [] : [`${trial}.keep(state, ${str(f.decl.name.text)});`]),
    `state.${f.decl.name.text} = ${f.decl.initial ? ctx.exprs.stored(f.decl.initial, plainScope()) : ctx.zero(f.type)};`,
  ]);
}

/** Procedures that never wait for a decision are plain functions. */
export function emitPlainProcs(ctx: EmitContext): Fn[] {
  const out: Fn[] = [];
  for (const p of ctx.program.procs.values()) {
    const routine: Routine = { kind: "proc", name: p.name.text, decl: p };
    if (ctx.isSuspending(routine)) continue;
    out.push(
      ...withVersions(
        ctx,
        p,
        valueName(ctx.program, p.name.text),
        (name, decl, exported) => plainProc(ctx, name, decl, exported),
        true,
      ),
    );
  }
  return out;
}

function plainProc(ctx: EmitContext, name: string, p: ProcDecl, exported: boolean): Fn {
  const { scope, list } = paramScope(p.params);
  const statements = new StatementEmitter({
    program: ctx.program,
    exprs: ctx.exprs,
    scope,
    suspending: ctx.program.suspending,
    uncopied: constantLets(ctx.program, p.body),
  });
  const returnType = p.resolvedReturnType ? tsType(p.resolvedReturnType) : "void";
  return fn(
    name,
    list,
    returnType,
    [...runFieldResets(ctx, p.name.text), ...statements.block(p.body, [])],
    `proc ${p.name.text} (line ${p.span.line})`,
    exported,
  );
}

/** An action's `require` rules, as a function giving the first refusal message or null. */
export function emitActionCheck(ctx: EmitContext, a: ActionDecl): Fn[] {
  return withVersions(ctx, a, `check${a.name.text}`, (name, decl) => {
    const { scope, list } = paramScope(decl.params, decl.me);
    const body: string[] = [];
    for (const s of leadingRequirements(decl.body)) {
      if (s.kind === "let") {
        body.push(`const ${scope.local(s.symbol!)} = ${ctx.exprs.stored(s.value, scope)};`);
        continue;
      }
      const message = s.messageParts ? ctx.exprs.text(s.messageParts, scope) : JSON.stringify(s.message);
      if (s.bindingSymbol) {
        const bound = scope.local(s.bindingSymbol);
        body.push(`const ${bound} = ${ctx.exprs.emit(s.condition, scope)};`);
        body.push(`if (${bound} === null) return ${message};`);
      } else body.push(`if (${ctx.exprs.negate(s.condition, scope)}) return ${message};`);
    }
    body.push("return null;");
    return fn(name, list, "string | null", body, `Why ${a.name.text} is refused now, or null when it is allowed.`);
  });
}

/** The effects of an action that never waits for a decision: a plain function. */
export function emitPlainAction(ctx: EmitContext, a: ActionDecl): Fn[] {
  return withVersions(ctx, a, `do${a.name.text}`, (name, decl) => {
    const { scope, list } = paramScope(decl.params, decl.me);
    const statements = new StatementEmitter({
      program: ctx.program,
      exprs: ctx.exprs,
      scope,
      suspending: ctx.program.suspending,
      uncopied: constantLets(ctx.program, decl.body),
    });
    return fn(
      name,
      list,
      "void",
      statements.block(decl.body, []),
      `action ${a.name.text} (line ${decl.span.line}): its effects, once allowed.`,
    );
  });
}

/** Compiles every routine that can wait for a decision into a state machine (flow, procedures, actions). */
export function compileResumable(ctx: EmitContext, decisions: DecisionEmitter): void {
  const routines: Routine[] = [{ kind: "flow", name: "flow", decl: ctx.program.flow }];
  for (const p of ctx.program.procs.values()) {
    for (const v of versions(ctx, p))
      routines.push({ kind: "proc", name: p.name.text, decl: v.decl, ...(v.variant ? { variant: v.variant } : {}) });
  }
  for (const a of ctx.program.actions.values()) {
    for (const v of versions(ctx, a))
      routines.push({ kind: "action", name: a.name.text, decl: v.decl, ...(v.variant ? { variant: v.variant } : {}) });
  }
  for (const r of routines) {
    if (!ctx.isSuspending(r)) continue;
    const returnsAs = r.kind === "proc" && r.decl.returnType ? r.name : undefined;
    const builder = new MachineBuilder(ctx.program, ctx.exprs, ctx.program.suspending, decisions, returnsAs);
    const paramFields: string[] = [];
    if (r.kind === "action" && r.decl.me) paramFields.push(builder.hold(r.decl.me));
    if (r.kind !== "flow") for (const p of r.decl.params) paramFields.push(builder.hold(p.symbol!));
    const body =
      r.kind === "action"
        ? {
            ...r.decl.body,
            // Requirements were checked before the action ran; only the values they bind are needed again.
            statements: r.decl.body.statements.filter((s: Stmt) => s.kind !== "require" || s.bindingSymbol),
          }
        : r.decl.body;
    const machine = builder.build(body, r.kind === "proc" ? runFieldResets(ctx, r.name) : []);
    ctx.resumable.set(ctx.routineTag(r), {
      routine: r,
      tag: ctx.routineTag(r),
      frameType: ctx.frameTypeName(r),
      frameName: ctx.frameName(r),
      machine,
      paramFields,
    });
  }
}

/** The step function of a resumable routine: runs from `frame.pc` to the next decision, call or end. */
export function emitStepFunction(ctx: EmitContext, r: ResumableRoutine): Fn {
  const cases = r.machine.blocks.flatMap((lines, pc) => [`case ${pc}: {`, ...lines, "}"]);
  const where = r.routine.kind === "flow" ? "the flow" : `${r.routine.kind} ${r.tag}`;
  return fn(
    `step${r.frameName.replace(/Frame$/, "")}`,
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

/**
 * Whether the rules ever start routine `r` in the game itself: a procedure only `can` asks is played by its trial
 * version alone (trials.ts), and has no frame made; nor has an action no rule offers.
 */
export function startedInGame(ctx: EmitContext, r: ResumableRoutine): boolean {
  if (r.routine.kind === "action") return actionsInPlay(ctx.program).taken.has(r.routine.name);
  if (r.routine.kind !== "proc") return true;
  let started = startedProcs.get(ctx.program);
  if (started === undefined) {
    const asked = askedByCan(ctx.program);
    started = new Set();
    for (const call of treeFacts(ctx.program).calls) {
      if (call.target === "proc" && !asked.has(call)) started.add(call.callee.text);
    }
    startedProcs.set(ctx.program, started);
  }
  return started.has(r.routine.name);
}

const startedProcs = new WeakMap<object, Set<string>>();

/** Creates the frame a resumable routine starts with: its parameters, and zeros for every other local. */
export function emitFrameConstructor(ctx: EmitContext, r: ResumableRoutine): Fn {
  const params = r.paramFields.map((f) => ({ name: f, type: r.machine.fields.find((x) => x.name === f)!.type }));
  const fields = r.machine.fields.map((f) => {
    if (r.paramFields.includes(f.name)) return f.name;
    const symbol = [...r.machine.fieldOf.entries()].find(([, name]) => name === f.name)?.[0];
    const zero = symbol ? ctx.zero(symbol.type) : f.type === "number" ? "0" : "[]";
    return `${f.name}: ${zero}`;
  });
  return fn(`new${r.frameName}`, params, r.frameType, [
    `return { routine: ${JSON.stringify(r.tag)}, pc: 0${fields.map((f) => `, ${f}`).join("")} };`,
  ]);
}

/** The top frame, checked to belong to the routine a pending decision was asked from. */
export function emitFrameAccessor(r: ResumableRoutine): Fn {
  return fn(`current${r.frameName}`, [{ name: "state", type: "State" }], r.frameType, [
    "const frame = state.stack[state.stack.length - 1];",
    `if (frame?.routine !== ${JSON.stringify(r.tag)}) throw new RulesError("the saved state is inconsistent: the pending decision belongs to ${r.tag}");`,
    "return frame;",
  ]);
}

/** For resumable rules a variant replaces: `startX(state, ...)` makes the frame of the variant's version. */
export function emitFrameStarters(ctx: EmitContext): Fn[] {
  const out: Fn[] = [];
  for (const r of ctx.resumable.values()) {
    if (r.routine.kind === "flow" || r.routine.variant || !startedInGame(ctx, r)) continue;
    const variants = variantsReplacing(ctx.program, r.routine.name);
    if (variants.length === 0) continue;
    const params = r.paramFields.map((f) => ({ name: f, type: r.machine.fields.find((x) => x.name === f)!.type }));
    const args = params.map((p) => p.name).join(", ");
    const cases = variants.flatMap((v) => [
      `case ${str(v)}:`,
      `return new${pascal(`${r.routine.name}__${v}`)}Frame(${args});`,
    ]);
    out.push(
      fn(`start${pascal(r.routine.name)}`, [{ name: "state", type: "State" }, ...params], "Frame", [
        "switch (state.variant) {",
        ...cases,
        "default:",
        `return new${r.frameName}(${args});`,
        "}",
      ]),
    );
  }
  return out;
}
