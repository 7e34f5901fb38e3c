/** Actions offered beside the decisions: `allow` blocks, and the interrupts of `allow anytime` (`mayAct`). */
import {
  StructureKind,
  VariableDeclarationKind,
  type FunctionDeclarationStructure,
  type StatementStructures,
} from "ts-morph";
import type { EmitContext } from "./context.ts";
import { str } from "./naming.ts";
import { checkActionLines, startActionLines } from "./check-and-apply.ts";

/**
 * `allow` blocks: the actions they offer, beside every decision of their player (or, `anytime`, at every decision of
 * anyone). Taking one runs it, then asks the same decision again (the pending decision is put back once the action
 * is done).
 */
export function emitAllowed(ctx: EmitContext): (FunctionDeclarationStructure | StatementStructures)[] {
  const names = [...ctx.program.allowed].sort();
  if (names.length === 0) return [];
  const kinds = ctx.program.allowKinds;
  // A loop rather than `some`: asked at every decision for every allowed action, it is on the playouts' hot path.
  const offeredBy = (list: string): string[] => [
    `for (const a of state.${list}) {`,
    `if (a.players.includes(seat)${list === "allowed" && kinds.here ? " && (a.depth === undefined || a.depth === state.stack.length)" : ""} && (a.actions as readonly string[]).includes(type)) return true;`,
    "}",
  ];
  const offers = ctx.program.decisions.map((d) => (d.kind === "act" ? d.stmt.actions.map((a) => a.text) : []));
  return [
    {
      kind: StructureKind.VariableStatement,
      declarationKind: VariableDeclarationKind.Const,
      docs: ["The actions each decision site offers itself (an allowance does not offer them twice there)."],
      declarations: [
        { name: "SITE_OFFERS", type: "readonly (readonly string[])[]", initializer: JSON.stringify(offers) },
      ],
    },
    {
      kind: StructureKind.Function,
      name: "allowedNow",
      parameters: [
        { name: "state", type: "State" },
        { name: "seat", type: "Player" },
        { name: "type", type: "string" },
      ],
      returnType: "boolean",
      docs: ["Whether an `allow` block under way lets `seat` take the action `type` at the decision pending now."],
      statements: [
        "const pending = state.pending;",
        "if (pending === null) return false;",
        "const asked = pending.players.includes(seat);",
        "if (asked && SITE_OFFERS[pending.site]!.includes(type)) return false;",
        ...(kinds.asked ? ["if (asked) {", ...offeredBy("allowed"), "}"] : []),
        ...(kinds.anytime ? offeredBy("interrupts") : []),
        "return false;",
      ],
    },
    {
      kind: StructureKind.Function,
      name: "offerAllowed",
      parameters: [
        { name: "state", type: "State" },
        { name: "seat", type: "Player" },
        { name: "out", type: "Action[]", hasQuestionToken: true },
      ],
      returnType: "boolean",
      docs: [
        "Every action an `allow` block under way lets `seat` take now, added to `out`. Without `out`, whether there is one: true at the first found (with `out`, false).",
      ],
      statements: [
        ...names.map((n) => `if (allowedNow(state, seat, ${str(n)}) && offer${n}(state, seat, out)) return true;`),
        "return false;",
      ],
    },
    {
      kind: StructureKind.Function,
      name: "checkAllowed",
      parameters: [
        { name: "state", type: "State" },
        { name: "action", type: "Action" },
      ],
      returnType: "string | null",
      statements: [
        "switch (action.type) {",
        ...names.flatMap((n) => [`case ${str(n)}: {`, ...checkActionLines(ctx, n), "}"]),
        "default:",
        'return "That action is not allowed now.";',
        "}",
      ],
    },
    {
      kind: StructureKind.Function,
      name: "applyAllowed",
      parameters: [
        { name: "state", type: "State" },
        { name: "action", type: "Action" },
        { name: "pending", type: "Pending" },
      ],
      returnType: "void",
      docs: ["Takes an allowed action, then puts the interrupted decision back."],
      statements: [
        "state.pending = null;",
        // The interrupted decision waits in a frame, so that it comes back after the action's own decisions, and
        // not at all when the action ends the game (`end` empties the stack).
        'state.stack.push({ routine: "resume", pc: 0, pending });',
        ...(ctx.plainEnds ? ["try {"] : []),
        "switch (action.type) {",
        ...names.flatMap((n) => [`case ${str(n)}:`, ...startActionLines(ctx, n), "break;"]),
        "default:",
        "throw notOfferedNow(action);",
        "}",
        ...(ctx.plainEnds ? ["} catch (error) {", "endedGame(error);", "}"] : []),
        "run(state);",
      ],
    },
  ];
}

/**
 * `mayAct`: the seats not asked anything that may interrupt now (with an action of an `allow anytime` block under
 * way), in seat order. Rules without `allow anytime` have none.
 */
export function emitMayAct(ctx: EmitContext): (FunctionDeclarationStructure | StatementStructures)[] {
  if (!ctx.program.allowKinds.anytime) {
    return [
      {
        kind: StructureKind.VariableStatement,
        declarationKind: VariableDeclarationKind.Const,
        docs: ["No seat ever interrupts: the rules have no `allow anytime` block."],
        declarations: [{ name: "NOBODY", type: "readonly Player[]", initializer: "[]" }],
      },
      {
        kind: StructureKind.Function,
        name: "mayAct",
        parameters: [],
        returnType: "readonly Player[]",
        statements: ["return NOBODY;"],
      },
    ];
  }
  return [
    {
      kind: StructureKind.Function,
      name: "mayInterrupt",
      parameters: [
        { name: "state", type: "State" },
        { name: "seat", type: "Player" },
      ],
      returnType: "boolean",
      docs: ["Whether `seat`, not asked anything, may interrupt now (`allow anytime`)."],
      statements: [
        "const pending = state.pending;",
        // What it may do is what `legalActions` lists for it; asked only whether there is something, listing nothing.
        "return pending !== null && state.interrupts.length > 0 && !pending.players.includes(seat) && offerAllowed(state, seat);",
      ],
    },
    {
      kind: StructureKind.Function,
      name: "mayAct",
      parameters: [{ name: "state", type: "State" }],
      returnType: "Player[]",
      docs: ["The seats not asked anything that may interrupt now, in seat order."],
      statements: [
        "const out: Player[] = [];",
        "for (let seat = 0; seat < state.playerCount; seat++) {",
        "if (mayInterrupt(state, seat)) out.push(seat);",
        "}",
        "return out;",
      ],
    },
  ];
}
