/**
 * What the decision emitters share: the domain an answer is taken from (a loop over it, a test of an untrusted value,
 * its description in a refusal), and the scopes in which an action's and a choice's rules read their names.
 */
import { type ActionDecl, type DecisionSite, type LocalSymbol, type Type } from "@rules/dsl";
import type { EmitContext } from "./context.ts";
import type { Scope } from "./expressions.ts";
import { frameRead } from "./machine.ts";
import { LocalNames, valuesConst } from "./naming.ts";
import { tsType } from "./ts-types.ts";

/**
 * `for (...) {` opening a loop over a domain, `v` being the loop variable (`i` its index, when it needs one).
 * Indexed loops, and no array literal for `bool`: legal-action enumeration is the hottest code of a random playout.
 */
export function domainLoop(
  ctx: EmitContext,
  t: Type,
  v: string,
  from: string | undefined,
  i: string,
  high?: string,
): string {
  if (from !== undefined) return `for (let ${v} = 0; ${v} < ${from}.length; ${v}++) {`;
  switch (t.kind) {
    case "enum": {
      const values = valuesConst(t.name);
      return `for (let ${i} = 0; ${i} < ${values}.length; ${i}++) { const ${v} = ${values}[${i}]!;`;
    }
    case "bool":
      return `for (let ${i} = 0; ${i} < 2; ${i}++) { const ${v} = ${i} === 1;`;
    case "player":
      return `for (let ${v} = 0; ${v} < state.playerCount; ${v}++) {`;
    case "int":
      return `for (let ${v} = ${t.low ?? 0}; ${v} <= ${high ?? t.high ?? 0}; ${v}++) {`;
    default:
      throw new Error(`internal: cannot enumerate ${t.kind}`);
  }
}

/** A condition that holds when an untrusted JSON value belongs to the domain. */
export function domainTest(t: Type, v: string, from: string | undefined, high?: string): string {
  if (from !== undefined) return `Number.isInteger(${v}) && ${v} >= 0 && ${v} < ${from}.length`;
  switch (t.kind) {
    case "enum":
      return `(${valuesConst(t.name)} as readonly unknown[]).includes(${v})`;
    case "bool":
      return `typeof ${v} === "boolean"`;
    case "player":
      return `Number.isInteger(${v}) && ${v} >= 0 && ${v} < state.playerCount`;
    case "int":
      return `Number.isInteger(${v}) && ${v} >= ${t.low ?? 0} && ${v} <= ${high ?? t.high ?? 0}`;
    default:
      return "true";
  }
}

export function describeDomain(ctx: EmitContext, t: Type, from: string | undefined): string {
  if (from !== undefined) return `a position in ${from}`;
  switch (t.kind) {
    case "enum":
      return `one of ${ctx.program.enums
        .get(t.name)!
        .members.map((m) => m.name.text)
        .join(", ")}`;
    case "bool":
      return "true or false";
    case "player":
      return "a seat at the table";
    case "int":
      return `a whole number from ${t.low} to ${t.high}`;
    default:
      return tsType(t);
  }
}

/** A scope for one action: `me` is the acting player, parameters are given by name. */
export function actionScope(a: ActionDecl, me: string, params: Map<LocalSymbol, string>): Scope {
  const names = new LocalNames(["state", "out", "action", me, ...params.values()]);
  return {
    names,
    local: (s) => (s === a.me ? me : (params.get(s) ?? names.nameOf(s))),
  };
}

/** The scope of a `choose`'s condition: frame locals, the candidate, and the chooser in a simultaneous choice. */
export function chooseScope(ctx: EmitContext, d: Extract<DecisionSite, { kind: "choose" }>, candidate: string): Scope {
  const r = ctx.resumable.get(ctx.routineTag(d.owner))!;
  const names = new LocalNames(["state", "frame", "out", "action", "seat", "only", "items", "high", candidate]);
  return {
    names,
    local: (s) => {
      if (s === d.stmt.candidate) return candidate;
      if (s === d.stmt.eachSymbol) return "seat";
      return frameRead(r.machine, s) ?? names.nameOf(s);
    },
  };
}
