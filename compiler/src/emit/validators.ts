/** `validateState`: a structural check of untrusted JSON (a save file) against the generated `State` type. */
import { UNION_TAG, type FieldInfo, type Type } from "@rules/dsl";
import { StructureKind, type StatementStructures } from "ts-morph";
import type { EmitContext } from "./context.ts";
import { heldFieldsOf, needsResumeFrame } from "./engine-module.ts";
import { str, valuesConst } from "./naming.ts";
import { allowanceLists, waitingValueProcs } from "./statements.ts";
import { hasCompletingBlocks } from "./completing.ts";

/** A condition that holds when `v` (unknown) has type `t`; records and lists defer to generated functions. */
function test(ctx: EmitContext, t: Type, v: string): string {
  switch (t.kind) {
    case "int":
      // A range (`luck: 1..6`, `map<Weapon, 0..>`) holds the values of its places at any depth.
      return `isInt(${v})${withinRange(t, v)}`;
    case "player":
      return `isInt(${v}) && ${v} >= 0 && ${v} < playerCount`;
    case "bool":
      return `typeof ${v} === "boolean"`;
    case "string":
      return `typeof ${v} === "string"`;
    case "hex":
      return `isHex(${v})`;
    case "cell":
      return `isCell(${v})`;
    case "enum":
      if (ctx.program.unions.has(t.name)) return `problemIn${t.name}(${v}, playerCount) === null`;
      return `(${valuesConst(t.name)} as readonly unknown[]).includes(${v})`;
    case "record":
      return `problemIn${t.name}(${v}, playerCount) === null`;
    case "list":
      return `Array.isArray(${v}) && ${v}.every((x: unknown) => ${test(ctx, t.element, "x")})`;
    case "deck":
      return `isRecord(${v}) && ${test(ctx, { kind: "list", element: t.element }, `${v}.pile`)} && ${test(ctx, { kind: "list", element: t.element }, `${v}.discard`)}`;
    case "map":
      // JSON keys are text: a number key is an integer written out, an enum key a member's name.
      return `isRecord(${v}) && Object.entries(${v}).every(([k, x]) => ${keyTest(ctx, t.key, "k")} && ${test(ctx, t.value, "x")})`;
    case "optional":
      return `(${v} === null || ${test(ctx, t.inner, v)})`;
    default:
      return "true";
  }
}

function keyTest(ctx: EmitContext, t: Type, k: string): string {
  if (t.kind === "enum") return `(${valuesConst(t.name)} as readonly unknown[]).includes(${k})`;
  return `isNumberKey(${k}) && ${test(ctx, t, `Number(${k})`)}`;
}

/** `&& v >= low && v <= high` for a value declared with a range (`luck: 1..6`, `param T: 10..99`); else nothing. */
function withinRange(t: Type, v: string): string {
  if (t.kind !== "int") return "";
  return `${t.low !== undefined ? ` && ${v} >= ${t.low}` : ""}${t.high !== undefined ? ` && ${v} <= ${t.high}` : ""}`;
}

function fieldChecks(ctx: EmitContext, fields: Map<string, FieldInfo>, obj: string, what: string): string[] {
  return [...fields.values()].map((f) => {
    const v = `${obj}.${f.decl.name.text}`;
    return `if (!(${test(ctx, f.type, v)})) return ${str(`${what}.${f.decl.name.text} is not a valid ${describe(f.type)}`)};`;
  });
}

function describe(t: Type): string {
  switch (t.kind) {
    case "list":
      return `list of ${describe(t.element)}`;
    case "map":
      return `map from ${describe(t.key)} to ${describe(t.value)}`;
    case "deck":
      return `deck of ${describe(t.element)}`;
    case "optional":
      return `${describe(t.inner)} or none`;
    case "int":
      if (t.low !== undefined && t.high !== undefined) return `whole number from ${t.low} to ${t.high}`;
      if (t.low !== undefined) return `whole number of at least ${t.low}`;
      if (t.high !== undefined) return `whole number of at most ${t.high}`;
      return "int";
    case "player":
      return "seat";
    case "hex":
      return "Hex";
    case "cell":
      return "Cell";
    case "enum":
    case "record":
      return t.name;
    default:
      return t.kind;
  }
}

/** The records and unions that can be found in the state, procedures' waiting values included (a constant's need no validating). */
function recordsInState(ctx: EmitContext): Set<string> {
  const found = new Set<string>();
  const visit = (t: Type): void => {
    if (t.kind === "list") visit(t.element);
    if (t.kind === "map") visit(t.value);
    if (t.kind === "deck") visit(t.element);
    if (t.kind === "optional") visit(t.inner);
    if (t.kind === "enum" && !found.has(t.name)) {
      found.add(t.name);
      for (const m of ctx.program.unions.get(t.name)?.members.values() ?? []) for (const f of m.fields) visit(f.type);
    }
    if (t.kind !== "record" || found.has(t.name)) return;
    found.add(t.name);
    for (const f of ctx.program.records.get(t.name)?.fields.values() ?? []) visit(f.type);
  };
  for (const f of [...ctx.program.playerFields.values(), ...ctx.program.globalFields.values()]) visit(f.type);
  for (const p of ctx.program.params.values()) visit(p.type);
  // A procedure's value waits in the state (`returns`) while a decision inside it is asked.
  for (const p of ctx.program.procs.values()) if (p.resolvedReturnType) visit(p.resolvedReturnType);
  return found;
}

export function emitValidators(ctx: EmitContext): StatementStructures[] {
  const out: StatementStructures[] = [];
  const stored = recordsInState(ctx);
  for (const r of ctx.program.records.values()) {
    if (!stored.has(r.decl.name.text)) continue;
    out.push({
      kind: StructureKind.Function,
      name: `problemIn${r.decl.name.text}`,
      parameters: [
        { name: "value", type: "unknown" },
        { name: "playerCount", type: "number" },
      ],
      returnType: "string | null",
      statements: [
        `if (!isRecord(value)) return "a ${r.decl.name.text} is not an object";`,
        ...fieldChecks(ctx, r.fields, "value", r.decl.name.text),
        "return null;",
      ],
    });
  }
  for (const u of ctx.program.unions.values()) {
    const name = u.decl.name.text;
    if (!stored.has(name)) continue;
    const members = [...u.members.values()];
    out.push({
      kind: StructureKind.Function,
      name: `problemIn${name}`,
      parameters: [
        { name: "value", type: "unknown" },
        { name: "playerCount", type: "number" },
      ],
      returnType: "string | null",
      statements: [
        `if (!isRecord(value)) return "a ${name} is not an object";`,
        `switch (value.${UNION_TAG}) {`,
        ...members.flatMap((m) => [
          `case ${str(m.decl.name.text)}:`,
          ...m.fields.map(
            (f) =>
              `if (!(${test(ctx, f.type, `value.${f.name}`)})) return ${str(`${name}.${m.decl.name.text}.${f.name} is not a valid ${describe(f.type)}`)};`,
          ),
          "return null;",
        ]),
        "default:",
        `return ${str(`a ${name} is not one of ${members.map((m) => m.decl.name.text).join(", ")}`)};`,
        "}",
      ],
    });
  }
  const tags = [...ctx.resumable.keys(), ...(needsResumeFrame(ctx) ? ["resume"] : [])].map(str).join(", ");
  const sites = ctx.program.decisions.length;
  out.push({
    kind: StructureKind.Function,
    name: "validateState",
    parameters: [{ name: "value", type: "unknown" }],
    returnType: "string | null",
    docs: ["Null when `value` has the shape of a `State` (for loading saves), else what is wrong."],
    statements: [
      'if (!isRecord(value)) return "the state is not an object";',
      "if (!(VARIANTS as readonly unknown[]).includes(value.variant)) return `unknown variant ${String(value.variant)}`;",
      "const playerCount = value.playerCount;",
      `if (!isInt(playerCount) || playerCount < ${ctx.program.game.minPlayers} || playerCount > ${ctx.program.game.maxPlayers}) return "playerCount is not a valid number of players";`,
      'if (!isRecord(value.params)) return "params is not an object";',
      ...[...ctx.program.params.values()].map((p) => {
        const v = `value.params.${p.decl.name.text}`;
        // A param given at game creation stays within the range its declaration says (`param T: 10..99 = 10`).
        return `if (!(${test(ctx, p.type, v)})) return "params.${p.decl.name.text} is not a valid ${describe(p.type)}";`;
      }),
      'if (!Array.isArray(value.players) || value.players.length !== playerCount) return "players does not hold one state per player";',
      "for (const mine of value.players as unknown[]) {",
      'if (!isRecord(mine)) return "a player state is not an object";',
      ...fieldChecks(ctx, ctx.program.playerFields, "mine", "player"),
      "}",
      ...fieldChecks(ctx, ctx.program.globalFields, "value", "state"),
      "const rng = value.rng;",
      'if (!isRecord(rng) || ![rng.a, rng.b, rng.c, rng.d].every(isInt) || !Array.isArray(rng.forced) || !rng.forced.every(isInt)) return "rng is not a generator state";',
      'if (!Array.isArray(value.stack)) return "stack is not a list";',
      ...allowanceLists(ctx.program).map(
        (list) =>
          `if (!Array.isArray(value.${list}) || !value.${list}.every((a: unknown) => isRecord(a) && Array.isArray(a.actions) && Array.isArray(a.players) && a.players.every(isInt))) return "${list} is not a list of allowances";`,
      ),
      ...(ctx.program.endReasons.length > 0
        ? [
            `if (!(value.ending === null || (${JSON.stringify(ctx.program.endReasons)} as readonly unknown[]).includes(value.ending))) return "ending is not a way the game ends";`,
          ]
        : []),
      ...(waitingValueProcs(ctx.program).length > 0
        ? [
            `if (!isRecord(value.returns) || !(${waitingValueProcs(ctx.program)
              .map((p) => test(ctx, p.resolvedReturnType!, `value.returns.${p.name.text}`))
              .join(" && ")})) return "returns does not hold the values procedures return";`,
          ]
        : []),
      ...(hasCompletingBlocks(ctx.program)
        ? [
            `if (!Array.isArray(value.completing) || !value.completing.every((c: unknown) => isRecord(c) && isInt(c.block) && c.block >= 0 && c.block < ${ctx.program.completing.length} && isInt(c.depth) && c.depth >= 0 && c.depth < (value.stack as unknown[]).length)) return "completing is not a list of completing blocks under way";`,
          ]
        : []),
      `const routines: readonly unknown[] = [${tags}];`,
      "for (const frame of value.stack as unknown[]) {",
      'if (!isRecord(frame) || !routines.includes(frame.routine) || !isInt(frame.pc)) return "stack holds a frame of no known routine";',
      "}",
      ...(heldFieldsOf(ctx).length > 0
        ? ["const heldWrong = heldProblem(value, value.stack, HELD);", "if (heldWrong !== null) return heldWrong;"]
        : []),
      "const pending = value.pending;",
      "if (pending !== null) {",
      `if (!isRecord(pending) || !isInt(pending.site) || pending.site < 0 || pending.site >= ${sites}) return "pending is not a known decision";`,
      'if (!Array.isArray(pending.players) || !pending.players.every((p: unknown) => isInt(p) && p >= 0 && p < playerCount)) return "pending.players is not a list of seats";',
      "}",
      "return null;",
    ],
  });
  return out;
}
