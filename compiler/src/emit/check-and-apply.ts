/**
 * `check` (is an action allowed now, with the designer's refusal messages) and `apply` (store the answer, resume the
 * rules).
 */
import { type LocalSymbol, isInferred, rangeEnd, withoutNone } from "@rules/dsl";
import { StructureKind } from "ts-morph";
import type { EmitContext } from "./context.ts";
import { frameExpression } from "./naming.ts";
import { str } from "./naming.ts";
import { positionIn, answerType, type Fn } from "./decisions.ts";
import { domainTest, describeDomain, actionScope, chooseScope } from "./decision-domains.ts";
import { hasCompletingBlocks } from "./completing.ts";
import { heldFieldsOf } from "./engine-module.ts";

export function emitCheck(ctx: EmitContext): Fn {
  const cases: string[] = [];
  for (const d of ctx.program.decisions) {
    cases.push(`case ${d.site}: {`);
    if (d.kind === "act") {
      const names = d.stmt.actions.map((a) => a.text);
      cases.push("switch (action.type) {");
      for (const name of names) cases.push(`case ${str(name)}: {`, ...checkActionLines(ctx, name), "}");
      if (d.stmt.orStop) cases.push('case "stop":', "return null;");
      const orStop = d.stmt.orStop ? ", or stop" : "";
      cases.push("default:", `return ${str(`Play one of: ${names.join(", ")}${orStop}.`)};`, "}");
    } else {
      const s = d.stmt;
      const r = ctx.resumable.get(ctx.routineTag(d.owner))!;
      const t = withoutNone(answerType(s));
      // An optional choice accepts none (null) besides its domain.
      const orNone = answerType(s).kind === "optional" ? "value !== null && " : "";
      cases.push(
        `if (action.type !== ${str(s.name.text)}) return ${str(`Answer the choice of ${s.name.text} first.`)};`,
      );
      const scopeValue = chooseScope(ctx, d, positionIn(s) ? "item" : "value");
      const condition = s.condition ? ctx.exprs.paren(s.condition, scopeValue) : "";
      const from = s.domain.from ? ctx.exprs.readOnlyList(s.domain.from, scopeValue) : "";
      const highValue = rangeEnd(s.domain.typeExpr);
      const high = highValue ? ctx.exprs.emit(highValue, scopeValue) : "";
      const message = s.messageParts
        ? ctx.exprs.text(s.messageParts, scopeValue)
        : str(s.message ?? `That ${s.name.text} is not allowed now.`);
      const uses = [condition, from, high, message].join(" ");
      if (/\bframe\./.test(uses)) cases.push(`const frame = current${r.frameName}(state);`);
      if (/\bseat\b/.test(uses)) cases.push("const seat = action.player;");
      cases.push("const value = action.value;");
      if (s.byValue) {
        const among = `(${from} as readonly unknown[]).includes(value)`;
        cases.push(
          `if (${orNone}!${among}) return ${str(`${s.name.text} must be one of those not taken yet${orNone ? ", or none" : ""}.`)};`,
        );
      } else if (s.domain.from) {
        cases.push(`const items = ${from};`);
        cases.push(
          `if (${orNone}!(${domainTest(t, "value", "items")})) return ${str(`${s.name.text} must be ${describeDomain(ctx, t, isInferred(s.domain.typeExpr) ? "the list of those not taken yet" : ctx.sourceOf(s.domain.from.span))}${orNone ? " or none" : ""}.`)};`,
        );
      } else if (high) {
        // The range ends where a value says, now: the refusal names the number.
        cases.push(
          `const high = ${high};`,
          `if (${orNone}!(${domainTest(t, "value", undefined, "high")})) return \`${s.name.text} must be a whole number from ${t.kind === "int" ? (t.low ?? 0) : 0} to \${high}${orNone ? " or none" : ""}.\`;`,
        );
      } else {
        cases.push(
          `if (${orNone}!(${domainTest(t, "value", undefined)})) return ${str(`${s.name.text} must be ${describeDomain(ctx, t, undefined)}${orNone ? " or none" : ""}.`)};`,
        );
      }
      if (s.condition) {
        // The condition judges the values; none, for an optional choice, is always an answer.
        const item = positionIn(s) && /\bitem\b/.test(`${condition} ${message}`) ? ["const item = items[value]!;"] : [];
        const refuse = `if (!${condition}) return ${message};`;
        cases.push(...(orNone ? ["if (value !== null) {", ...item, refuse, "}"] : [...item, refuse]));
      }
      if (hasCompletingBlocks(ctx.program)) {
        // The refusal of the innermost block: the one the decision belongs to.
        cases.push(
          "if (!finishesAmongOthers(state, action)) return COMPLETING_BLOCKS[state.completing.at(-1)!.block]!.refusal;",
        );
      }
      cases.push("return null;");
    }
    cases.push("}");
  }
  return {
    kind: StructureKind.Function,
    name: "check",
    parameters: [
      { name: "state", type: "State" },
      { name: "action", type: "Action" },
    ],
    returnType: "string | null",
    docs: ["Null when `action` may be played now, else why it is refused. Never changes the state."],
    statements: [
      "const extra = extraField(action, ACTION_FIELDS);",
      "if (extra !== null) return extra;",
      "const pending = state.pending;",
      'if (pending === null) return "The game is over.";',
      ...(ctx.program.allowed.size > 0
        ? ["if (allowedNow(state, action.player, action.type)) return checkAllowed(state, action);"]
        : []),
      "if (!pending.players.includes(action.player)) return `Player ${action.player} has nothing to decide now.`;",
      ...(cases.length > 0 ? ["switch (pending.site) {", ...cases, "}"] : []),
      'return "Nothing can be played now.";',
    ],
  };
}

/** Checks an action's parameters (untrusted JSON) and its requirements: the refusal, or null. */
export function checkActionLines(ctx: EmitContext, name: string): string[] {
  const a = ctx.program.actions.get(name)!;
  const lines: string[] = [];
  const params = new Map<LocalSymbol, string>();
  const scope = actionScope(a, "action.player", params);
  const args: string[] = [];
  for (const p of a.params) {
    const field = `action.${p.name.text}`;
    const t = p.symbol!.type;
    if (p.from) {
      const list = scope.names.fresh(`${p.name.text}List`);
      lines.push(`const ${list} = ${ctx.exprs.readOnlyList(p.from, scope)};`);
      const must = `${name}: \`${p.name.text}\` must be ${describeDomain(ctx, t, ctx.sourceOf(p.from.span))}.`;
      lines.push(`if (!(${domainTest(t, field, list)})) return ${str(must)};`);
      args.push(`${list}[${field}]!`);
      params.set(p.symbol!, `${list}[${field}]!`);
    } else {
      const must = `${name}: \`${p.name.text}\` must be ${describeDomain(ctx, t, undefined)}.`;
      lines.push(`if (!(${domainTest(t, field, undefined)})) return ${str(must)};`);
      args.push(field);
      params.set(p.symbol!, field);
    }
  }
  lines.push(`return check${name}(${["state", "action.player", ...args].join(", ")});`);
  return lines;
}

/** Starts an allowed action: runs it at once, or pushes its frame when it can wait for decisions itself. */
export function startActionLines(ctx: EmitContext, name: string): string[] {
  const decl = ctx.program.actions.get(name)!;
  const params = new Map<LocalSymbol, string>();
  const scope = actionScope(decl, "action.player", params);
  const args = decl.params.map((p) => {
    const position = `action.${p.name.text}`;
    if (!p.from) return position;
    return ctx.exprs.elementAt(p.from, position, scope) ?? `at(${ctx.exprs.readOnlyList(p.from, scope)}, ${position})`;
  });
  if (ctx.resumable.has(name))
    return [`state.stack.push(${frameExpression(ctx.program, name, ["action.player", ...args])});`];
  return [`do${name}(${["state", "action.player", ...args].join(", ")});`];
}

export function emitApply(ctx: EmitContext): Fn {
  const cases: string[] = [];
  for (const d of ctx.program.decisions) {
    cases.push(`case ${d.site}: {`);
    if (d.kind === "act") {
      cases.push("state.pending = null;", "switch (action.type) {");
      for (const a of d.stmt.actions) cases.push(`case ${str(a.text)}:`, ...startActionLines(ctx, a.text), "break;");
      if (d.stmt.orStop) {
        // Stop: the routine goes on after its `act ... or stop`.
        const r = ctx.resumable.get(ctx.routineTag(d.owner))!;
        const exit = r.machine.stopExits.get(d.site)!;
        cases.push('case "stop":', `current${r.frameName}(state).pc = ${exit};`, "break;");
      }
      cases.push("default:", "throw notOfferedNow(action);", "}");
    } else {
      const s = d.stmt;
      const r = ctx.resumable.get(ctx.routineTag(d.owner))!;
      const field = r.machine.fieldOf.get(s.symbol!)!;
      cases.push(`if (action.type !== ${str(s.name.text)}) throw notOfferedNow(action);`);
      const scopeValue = chooseScope(ctx, d, "value");
      const valueOf = (v: string): string => {
        const from = positionIn(s);
        if (!from) return v;
        const found = `at(${ctx.exprs.readOnlyList(from, scopeValue)}, ${v})`;
        return answerType(s).kind === "optional" ? `${v} === null ? null : ${found}` : found;
      };
      if (s.each) {
        cases.push(
          "pending.answers[action.player] = action.value;",
          "pending.players.splice(pending.players.indexOf(action.player), 1);",
          "if (pending.players.length > 0) return;",
          `const frame = current${r.frameName}(state);`,
          `frame.${field} = pending.answers.map((value) => value === null ? ${ctx.zero(answerType(s))} : ${valueOf("value")});`,
        );
      } else {
        cases.push(`const frame = current${r.frameName}(state);`, `frame.${field} = ${valueOf("action.value")};`);
      }
      cases.push("state.pending = null;");
    }
    cases.push("break;", "}");
  }
  return {
    kind: StructureKind.Function,
    name: "apply",
    parameters: [
      { name: "state", type: "State" },
      { name: "action", type: "Action" },
    ],
    returnType: "void",
    docs: ["Plays an action that `check` allowed, then runs the rules to the next decision. Changes `state` in place."],
    statements: [
      "const pending = state.pending;",
      'if (pending === null) throw new RulesError("the game is over");',
      // The rules go on from here, the action first: a record a waiting rule holds is the record again before the
      // action may move it or take it out of the game (an interrupt taking the card being resolved), not its address.
      ...(heldFieldsOf(ctx).length > 0 ? ["thawHeld(state, HELD);"] : []),
      ...(ctx.program.allowed.size > 0
        ? [
            "if (allowedNow(state, action.player, action.type)) {",
            "applyAllowed(state, action, pending);",
            "return;",
            "}",
          ]
        : []),
      // An action run as a plain function may end the game (`GAME_ENDED`): the rules then have nothing left to run.
      ...(cases.length > 0
        ? ctx.plainEnds
          ? ["try {", "switch (pending.site) {", ...cases, "}", "} catch (error) {", "endedGame(error);", "}"]
          : ["switch (pending.site) {", ...cases, "}"]
        : []),
      "run(state);",
    ],
  };
}
