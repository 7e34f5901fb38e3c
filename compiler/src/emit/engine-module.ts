/**
 * Checked program -> the engine module (`generated/engine.ts`): types, the rules as functions and state machines,
 * and the `engine` object the runtime drives. Built as ts-morph structures, printed statement by statement
 * (print-statements.ts).
 */
import { UNION_TAG, type FieldInfo, type Program } from "@rules/dsl";
import { StructureKind, VariableDeclarationKind, type StatementStructures } from "ts-morph";
import type { GeneratedCode } from "../format/generated-code.ts";
import { EmitContext } from "./context.ts";
import { emitStateCopy, emitWholeCopy } from "./state-copy.ts";
import { decisionEmitter, emitActionTypes, emitPendingType } from "./decisions.ts";
import { actionsInPlay, emitAnswerAlone, emitLegalActions, emitOffer } from "./offers.ts";
import { emitApply, emitCheck } from "./check-and-apply.ts";
import { emitCompleting, hasCompletingBlocks } from "./completing.ts";
import { emitTrials } from "./trials.ts";
import { emitAllowed, emitMayAct } from "./allowances.ts";
import { emitActionPlaces, emitDescribeAction, emitShownAction } from "./action-text.ts";
import { enumReaders, place, plainScope, type Scope } from "./expressions.ts";
import { emitChoiceShown, emitDeterminize } from "./determinize.ts";
import { emitViewShape } from "./view-shape.ts";
import { printStatements, type PrintCache } from "./print-statements.ts";
import { namesUsed } from "./names-used.ts";
import { runtimeHelpers } from "./runtime-helpers.ts";
import { str, typeName, valueName, valuesConst } from "./naming.ts";
import {
  compileResumable,
  emitActionCheck,
  emitFrameAccessor,
  emitFrameConstructor,
  startedInGame,
  emitFrameStarters,
  emitFunctions,
  emitWays,
  emitPlainAction,
  emitPlainProcs,
  emitStepFunction,
} from "./routines.ts";
import { StatementEmitter, allowanceLists, endingType, waitingValueProcs } from "./statements.ts";
import { keptInRange, tsType } from "./ts-types.ts";
import { emitValidators } from "./validators.ts";
import { emitBoardView, emitViewFunctions, emitViewTypes } from "./views.ts";

export interface EngineModuleInput {
  readonly program: Program;
  readonly source: string;
  /** Path of the rules file relative to the repository root, e.g. `rulesets/letter-of-marque/letter-of-marque.rules`. */
  readonly sourcePath: string;
  /** Machine name of the game, e.g. `letter-of-marque`. */
  readonly name: string;
  readonly sourceHash: string;
  /** The statements printed by earlier compiles of this game (`--watch`): only those that changed are printed again. */
  readonly printCache?: PrintCache;
}

/** Where the engine's `codeHash` goes: `compileRules` puts there the hash of the engine's code as emitted. */
export const CODE_HASH_PLACEHOLDER = "@code-hash";

export function emitEngineModule(input: EngineModuleInput): GeneratedCode {
  const { program } = input;
  const ctx = new EmitContext(program, input.source, input.sourcePath);
  const decisions = decisionEmitter(ctx);
  compileResumable(ctx, decisions);

  const statements: (string | StatementStructures)[] = [];
  const add = (...s: (string | StatementStructures)[]): void => {
    statements.push(...s);
  };

  // ---- types
  add({
    kind: StructureKind.TypeAlias,
    name: "Player",
    isExported: true,
    type: "number",
    docs: ["A seat at the table, 0-based, clockwise."],
  });
  for (const e of program.enums.values()) {
    const union = program.unions.get(e.name.text);
    if (union) {
      // A tagged union: each member an object with its `kind` and the values it carries.
      const members = [...union.members.values()].map(
        (m) =>
          `{ ${[`${UNION_TAG}: ${str(m.decl.name.text)}`, ...m.fields.map((f) => `${f.name}: ${tsType(f.type)}`)].join("; ")} }`,
      );
      add({
        kind: StructureKind.TypeAlias,
        name: typeName(e.name.text),
        isExported: true,
        type: members.join(" | "),
        docs: [`enum ${e.name.text} (rules line ${e.span.line})`],
      });
      continue;
    }
    const members = e.members.map((m) => str(m.name.text));
    add({ kind: StructureKind.TypeAlias, name: typeName(e.name.text), isExported: true, type: members.join(" | ") });
    add(constant(valuesConst(e.name.text), `readonly ${typeName(e.name.text)}[]`, `[${members.join(", ")}]`, true));
  }
  for (const r of program.records.values()) {
    add({
      kind: StructureKind.Interface,
      name: typeName(r.decl.name.text),
      isExported: true,
      docs: [`record ${r.decl.name.text} (rules line ${r.decl.span.line})`],
      properties: [...r.fields.values()].map((f) => ({ name: f.decl.name.text, type: tsType(f.type) })),
    });
  }
  add({
    kind: StructureKind.Interface,
    name: "PlayerState",
    isExported: true,
    docs: ["What each player has (`per player` in the rules)."],
    properties: [...program.playerFields.values()].map((f) => ({ name: f.decl.name.text, type: tsType(f.type) })),
  });
  const variantNames = ["base", ...program.variants.map((v) => v.name.text)];
  add({
    kind: StructureKind.TypeAlias,
    name: "VariantName",
    isExported: true,
    type: variantNames.map(str).join(" | "),
  });
  add(constant("VARIANTS", "readonly VariantName[]", `[${variantNames.map(str).join(", ")}]`, true));
  add({
    kind: StructureKind.Interface,
    name: "Params",
    isExported: true,
    docs: ["The numbers and flags a variant may change (`param` in the rules)."],
    properties: [...program.params.values()].map((p) => ({
      name: p.decl.name.text,
      type: tsType(p.type),
      isReadonly: true,
    })),
  });
  for (const r of ctx.resumable.values()) {
    add({
      kind: StructureKind.Interface,
      name: r.frameType,
      isExported: true,
      docs: [
        `Where ${r.routine.kind === "flow" ? "the flow" : `${r.routine.kind} ${r.routine.name}`} is, and its locals, while it waits.`,
      ],
      properties: [
        { name: "routine", type: str(r.tag), isReadonly: true },
        { name: "pc", type: "number" },
        ...r.machine.fields.map((f) => ({ name: f.name, type: f.type })),
      ],
    });
  }
  const resumes = needsResumeFrame(ctx);
  if (resumes) {
    add({
      kind: StructureKind.Interface,
      name: "ResumeFrame",
      isExported: true,
      docs: ["Puts back a decision that an allowed action interrupted, once that action is done."],
      properties: [
        { name: "routine", type: '"resume"', isReadonly: true },
        { name: "pc", type: "number" },
        { name: "pending", type: "Pending" },
      ],
    });
  }
  add({
    kind: StructureKind.TypeAlias,
    name: "Frame",
    isExported: true,
    type:
      [...[...ctx.resumable.values()].map((r) => r.frameType), ...(resumes ? ["ResumeFrame"] : [])].join(" | ") ||
      "never",
  });
  add(emitPendingType(ctx));
  const derived = [...program.derivedFields.values()];
  if (derived.length > 0) {
    add(
      '/** Where a state keeps its derived data: a symbol, so JSON, saves and copies leave it out. */\nconst DERIVED = Symbol("derived data");',
    );
    add({
      kind: StructureKind.Interface,
      name: "Derived",
      isExported: true,
      docs: ["Data derived from the setup's result (`derived` in the rules): computed when first used, never saved."],
      properties: derived.map((f) => ({ name: f.decl.name.text, type: tsType(f.type) })),
    });
  }
  if (program.allowed.size > 0)
    add({
      kind: StructureKind.Interface,
      name: "Allowance",
      isExported: true,
      docs: [
        "An `allow` block under way: each of `players` may also take these actions whenever asked to decide (or, for `allow anytime`, whenever anyone is).",
      ],
      properties: [
        { name: "actions", type: 'Action["type"][]' },
        { name: "players", type: "Player[]" },
        ...(program.allowKinds.here
          ? [
              {
                name: "depth",
                type: "number",
                hasQuestionToken: true,
                docs: ["`allow ... here`: offered only at decisions of the routine at this depth of the stack."],
              },
            ]
          : []),
      ],
    });
  add({
    kind: StructureKind.Interface,
    name: "State",
    isExported: true,
    docs: ["The whole game: plain JSON at every decision point."],
    properties: [
      { name: "variant", type: "VariantName" },
      { name: "params", type: "Params" },
      { name: "playerCount", type: "number" },
      { name: "players", type: "PlayerState[]" },
      ...[...program.globalFields.values()].map((f) => ({ name: f.decl.name.text, type: tsType(f.type) })),
      { name: "rng", type: "RngState", docs: ["The random generator; its future is part of the state."] },
      { name: "stack", type: "Frame[]", docs: ["Routines under way, innermost last; empty once the game is over."] },
      ...(program.allowKinds.asked
        ? [
            {
              name: "allowed",
              type: "Allowance[]",
              docs: [
                "Actions `allow` blocks under way offer alongside every decision of their player, innermost last.",
              ],
            },
          ]
        : []),
      ...(program.endReasons.length > 0
        ? [{ name: "ending", type: endingType(program), docs: ["How the game ended: the reason of its `end`."] }]
        : []),
      ...(waitingValueProcs(program).length > 0
        ? [
            {
              name: "returns",
              type: `{ ${waitingValueProcs(program)
                .map((p) => `${p.name.text}: ${tsType(p.resolvedReturnType!)}`)
                .join("; ")} }`,
              docs: [
                "The value each procedure that gives a value and waits for decisions returned last, for its caller to take.",
              ],
            },
          ]
        : []),
      ...(program.allowKinds.anytime
        ? [
            {
              name: "interrupts",
              type: "Allowance[]",
              docs: ["Actions `allow anytime` blocks under way offer at every decision of anyone, innermost last."],
            },
          ]
        : []),
      ...(hasCompletingBlocks(program)
        ? [
            {
              name: "completing",
              type: "{ block: number; depth: number }[]",
              docs: [
                "The `completing` blocks under way, outermost first: each block's number and the place in `stack` of the frame running it. The answers offered inside them must let them be finished.",
              ],
            },
          ]
        : []),
      {
        name: "pending",
        type: "Pending | null",
        docs: ["The decision the rules wait for; null once the game is over."],
      },
      ...(derived.length > 0
        ? [
            {
              name: "[DERIVED]",
              type: "Derived",
              hasQuestionToken: true,
              docs: ["Derived data, once computed: not part of the game's JSON (a restored state computes it again)."],
            },
          ]
        : []),
    ],
  });
  add(...emitActionTypes(ctx));
  add(...emitViewTypes(ctx));

  // ---- constants
  const constScope: Scope = { ...plainScope(), stateless: true };
  for (const c of program.consts.values()) {
    const value = c.decl.value;
    const rows =
      value.kind === "list" &&
      value.elements.length > 1 &&
      value.elements.every((e) => e.kind === "call" && e.target === "record");
    if (rows) {
      // A data table keeps one record per line, as the rules write it, instead of one field per line.
      const lines = value.elements.map((e) => `  ${ctx.exprs.emit(e, constScope)},`);
      add(
        `/** ${c.decl.name.text} (rules line ${c.decl.span.line}): one ${tsType(c.type).replace(/\[\]$/, "")} per row. */\n// prettier-ignore\nexport const ${valueName(program, c.decl.name.text)}: ${tsType(c.type)} = [\n${lines.join("\n")}\n];`,
      );
      continue;
    }
    add(
      constant(
        valueName(program, c.decl.name.text),
        tsType(c.type),
        ctx.exprs.emit(value, constScope),
        true,
        ctx.sourceOf(c.decl.span).slice(0, 120),
      ),
    );
  }
  const paramsOf = (variant: string | undefined): string => {
    const v = program.variants.find((x) => x.name.text === variant);
    const fields = [...program.params.values()].map((p) => {
      const set = v?.sets.find((s) => s.name.text === p.decl.name.text);
      return `${p.decl.name.text}: ${ctx.exprs.emit(set ? set.value : p.decl.value, constScope)}`;
    });
    return `{ ${fields.join(", ")} }`;
  };
  add(
    constant(
      "PARAMS",
      "Readonly<Record<VariantName, Params>>",
      `{ ${variantNames.map((v) => `${str(v)}: ${paramsOf(v === "base" ? undefined : v)}`).join(", ")} }`,
      false,
      "Each variant's params; games share these objects, as the rules never change a param.",
    ),
  );
  if (program.params.size > 0) {
    const infos = [...program.params.values()].map((p) => {
      const t = p.type;
      const range =
        t.kind === "int"
          ? `${t.low !== undefined ? `, low: ${t.low}` : ""}${t.high !== undefined ? `, high: ${t.high}` : ""}`
          : "";
      return `{ name: ${str(p.decl.name.text)}, type: ${str(t.kind === "bool" ? "bool" : "int")}${range} }`;
    });
    add(
      constant(
        "PARAMETERS",
        "readonly ParameterInfo[]",
        `[${infos.join(", ")}]`,
        true,
        "The params a game may be given values for (`GameOptions.params`), with the ranges the rules declare.",
      ),
    );
  }
  add(
    constant(
      "SEATS",
      "readonly (readonly Player[])[]",
      `seatLists(${program.game.maxPlayers})`,
      true,
      "Seat lists by player count, shared so that `players` costs nothing.",
    ),
  );
  add(
    constant(
      "DECISION_NAMES",
      "readonly string[]",
      `[${program.decisions.map((d) => str(d.kind === "act" ? "action" : d.stmt.name.text)).join(", ")}]`,
      false,
    ),
  );

  // ---- rules
  add(...emitFunctions(ctx));
  add(...emitWays(ctx));
  add(...emitPlainProcs(ctx));
  // An action no rule offers is never played (the checker warns, unless a test or a variant names it): the engine has
  // no rules for it.
  const { taken, asked } = actionsInPlay(program);
  const judged = [...program.actions.values()].filter((a) => asked.has(a.name.text));
  for (const a of judged) {
    add(...emitActionCheck(ctx, a));
    if (!ctx.resumable.has(a.name.text) && taken.has(a.name.text)) add(...emitPlainAction(ctx, a));
  }
  add(...emitFrameStarters(ctx));
  // Answers are stored in the frame of the routine that asked; a stop of `act ... or stop` moves its `pc`.
  const answeredIn = new Set(
    program.decisions.filter((d) => d.kind === "choose" || !!d.stmt.orStop).map((d) => ctx.routineTag(d.owner)),
  );
  for (const r of ctx.resumable.values()) {
    if (startedInGame(ctx, r)) add(emitFrameConstructor(ctx, r));
    add(emitStepFunction(ctx, r));
    if (answeredIn.has(r.tag)) add(emitFrameAccessor(r));
  }
  const held = heldFieldsOf(ctx);
  if (held.length > 0) {
    add(
      constant(
        "HELD",
        "HeldFields",
        `{ ${held.map(([tag, fields]) => `${tag}: [${fields.map(str).join(", ")}]`).join(", ")} }`,
        false,
        "The frame fields that hold records of the game across a decision: addresses while the rules wait.",
      ),
    );
  }
  const restarts = restartsOf(ctx);
  if (restarts.length > 0) {
    add(
      constant(
        "RESTART_AT",
        "Readonly<Record<number, number>>",
        `{ ${restarts.map(([site, pc]) => `${site}: ${pc}`).join(", ")} }`,
        false,
        "By decision site: the step its routine goes back to after an allowed action (the head of its `while`).",
      ),
    );
  }
  add(emitRun(ctx));

  // ---- decisions
  for (const a of judged) add(emitOffer(ctx, a));
  add(emitLegalActions(ctx), emitCheck(ctx), emitApply(ctx));
  add(...emitAnswerAlone(ctx));
  add(...emitCompleting(ctx));
  add(...emitTrials(ctx));
  if (hasCompletingBlocks(program)) add(...emitStateCopy(ctx));
  add(...emitAllowed(ctx));
  add(...emitMayAct(ctx));
  add(emitShownAction(ctx));
  const describeAction = emitDescribeAction(ctx);
  if (describeAction) add(describeAction);
  const actionPlaces = emitActionPlaces(ctx);
  if (actionPlaces) add(actionPlaces);

  // ---- game lifecycle
  add(...emitLifecycle(ctx));
  add(...emitScoring(ctx));
  add(...emitViewFunctions(ctx));
  const choiceShown = emitChoiceShown(ctx);
  if (choiceShown !== undefined) add(choiceShown);
  // The whole copies stand here but are written once every other function is (below): any code may copy a record of
  // the game by its `cloneX`, which they write.
  const wholeCopiesAt = statements.length;
  add(emitDeterminize(ctx));
  add(emitViewShape(program));
  const boardView = emitBoardView(ctx);
  if (boardView !== undefined) add(boardView);
  const grids = emitGrids(ctx);
  if (grids !== undefined) add(grids);
  add(...emitValidators(ctx));

  // ---- lifted helpers (aggregates and comprehensions, map readers), emitted last because emitting the rest creates
  // them
  add(...enumReaders(program));
  for (const h of ctx.sink.helpers) {
    add({
      kind: StructureKind.Function,
      name: h.name,
      parameters: h.params,
      returnType: h.returnType,
      statements: h.body.split("\n"),
      docs: [h.doc.replace(/\*\//g, "* /")],
    });
  }
  statements.splice(wholeCopiesAt, 0, ...emitWholeCopy(ctx));

  add({
    kind: StructureKind.VariableStatement,
    isExported: true,
    declarationKind: VariableDeclarationKind.Const,
    docs: [
      `The ${program.game.title} engine, for the runtime. An error of the rules (an index outside a list, a draw from an empty one) names its place in ${input.sourcePath}.`,
    ],
    declarations: [
      {
        name: "engine",
        type: "Engine<State, Action, View>",
        initializer: `namingRulesFile({
          name: ${str(input.name)},
          title: ${str(program.game.title)},
          source: ${str(input.sourcePath)},
          sourceHash: ${str(input.sourceHash)},
          codeHash: ${str(CODE_HASH_PLACEHOLDER)},
          minPlayers: ${program.game.minPlayers},
          maxPlayers: ${program.game.maxPlayers},
          variants: VARIANTS,${program.params.size > 0 ? "\n          parameters: PARAMETERS," : ""}
          newGame,
          toAct: (state) => (state.pending === null ? [] : state.pending.players),
          mayAct,
          isOver,
          legalActions,
          check,
          apply,
          view,
          viewShape: VIEW_SHAPE,${boardView !== undefined ? "\n          boardView," : ""}${grids !== undefined ? "\n          grids," : ""}
          shownAction,${describeAction ? "\n          describeAction," : ""}${actionPlaces ? "\n          actionPlaces," : ""}
          outcome,
          standing,${program.scoring?.progress ? "\n          progress: progressBySeat," : ""}${program.abandons.length > 0 ? "\n          abandoned," : ""}
          determinize,
          copy: cloneState,
          validateState,
        }, ${str(input.sourcePath)})`,
      },
    ],
  });
  add("export default engine;");

  const printed = printStatements(statements, input.printCache);
  const body = printed.text;
  // Helpers are looked for in the code alone: a comment may well say "at every decision", a label "the piece at".
  const names = namesUsed(body);
  const used = runtimeHelpers.filter((name) => names.has(name));
  // Every engine names these types; the hex and deck types only when the rules use them.
  // A designer's own type named Cell (then the rules use no grid cells) keeps its name.
  const ownCell = program.records.has("Cell") || program.enums.has("Cell");
  const hexTypes = [
    "Hex",
    "HexView",
    "Cell",
    "CellView",
    "Deck",
    "DeckView",
    "Held",
    "HeldFields",
    "Trial",
    "Way",
    "ShownCards",
  ].filter((name) => !(ownCell && name.startsWith("Cell")) && names.has(name));
  const types = [
    ...(grids !== undefined ? ["BoardGrids"] : []),
    "Engine",
    "GameOptions",
    ...hexTypes,
    "Outcome",
    ...(program.params.size > 0 ? ["ParameterInfo"] : []),
    "RngState",
    "ShownAction",
    "ViewShape",
  ];
  const head = [
    `// Generated by \`rules compile\` from ${input.sourcePath}. Do not edit: change the rules and recompile.`,
    `import { ${[...used, ...types.map((t) => `type ${t}`)].join(", ")} } from "@rules/runtime";`,
    "",
  ].join("\n");
  // The header goes with the import; the last statement runs to the end of the text.
  const text = head + body;
  const statementEnds = [head.length - 1, ...printed.statementEnds.map((end) => head.length + end)];
  statementEnds[statementEnds.length - 1] = text.length;
  return { text, statementEnds };
}

/**
 * `grids(state)`: the size of each grid a board lies on (`on grid(width, height)`), for boards drawn for players;
 * undefined when no board declares one.
 */
function emitGrids(ctx: EmitContext): StatementStructures | undefined {
  const { program } = ctx;
  const sizes = (fields: Iterable<FieldInfo>): string => {
    const scope = plainScope();
    const entries = [...fields].flatMap((f) => {
      const grid = f.decl.grid;
      if (grid === undefined) return [];
      const [width, height] = [grid.width, grid.height].map((e) => ctx.exprs.emit(e, scope));
      return [`${f.decl.name.text}: { width: ${width}, height: ${height} }`];
    });
    return `{ ${entries.join(", ")} }`;
  };
  const onGrid = [...program.globalFields.values(), ...program.playerFields.values()].some((f) => f.decl.grid);
  if (!onGrid) return undefined;
  return {
    kind: StructureKind.Function,
    name: "grids",
    parameters: [{ name: "state", type: "State" }],
    returnType: "BoardGrids",
    docs: ["The grids the boards lie on (`on grid` in the rules), by field: what a board drawn for players spans."],
    statements: [
      `return { table: ${sizes(program.globalFields.values())}, players: ${sizes(program.playerFields.values())} };`,
    ],
  };
}

function constant(
  name: string,
  type: string,
  initializer: string,
  exported: boolean,
  doc?: string,
): StatementStructures {
  return {
    kind: StructureKind.VariableStatement,
    isExported: exported,
    declarationKind: VariableDeclarationKind.Const,
    docs: doc ? [doc.replace(/\*\//g, "* /")] : [],
    declarations: [{ name, type, initializer }],
  };
}

/** Whether a decision may be interrupted by an allowed action, and so wait in a frame until the action is done. */
export function needsResumeFrame(ctx: EmitContext): boolean {
  return ctx.program.allowed.size > 0;
}

/** Decision sites asked again from the head of their loop after an allowed action (none without allowed actions). */
function restartsOf(ctx: EmitContext): [number, number][] {
  if (!needsResumeFrame(ctx)) return [];
  return [...ctx.resumable.values()].flatMap((r) => [...r.machine.restarts]).sort(([a], [b]) => a - b);
}

/** For each routine whose frame holds records across a decision, those fields (empty when no routine does). */
export function heldFieldsOf(ctx: EmitContext): [string, string[]][] {
  return [...ctx.resumable.values()]
    .filter((r) => r.machine.heldFields.length > 0)
    .map((r) => [r.tag, r.machine.heldFields]);
}

function emitRun(ctx: EmitContext): StatementStructures {
  // Records held across a decision are the records themselves while the rules run, their addresses while they wait:
  // `apply` turns the addresses back into records before the action runs (a new game holds none), `run` makes them
  // addresses again once the rules wait.
  const holds = heldFieldsOf(ctx).length > 0;
  const cases = [...ctx.resumable.values()].flatMap((r) => [
    `case ${str(r.tag)}:`,
    `step${r.frameName.replace(/Frame$/, "")}(state, frame);`,
    "break;",
  ]);
  if (needsResumeFrame(ctx) && restartsOf(ctx).length > 0) {
    // The interrupted decision is asked again from the head of its loop when it may be (`RESTART_AT`), else as it was.
    cases.push(
      'case "resume": {',
      "state.stack.pop();",
      "const restart = RESTART_AT[frame.pending.site];",
      "if (restart === undefined) state.pending = frame.pending;",
      "else state.stack[state.stack.length - 1]!.pc = restart;",
      "break;",
      "}",
    );
  } else if (needsResumeFrame(ctx))
    cases.push('case "resume":', "state.stack.pop();", "state.pending = frame.pending;", "break;");
  return {
    kind: StructureKind.Function,
    name: "run",
    parameters: [{ name: "state", type: "State" }],
    returnType: "void",
    docs: ["Runs the rules until they wait for a decision or the game is over."],
    statements: [
      ...(ctx.plainEnds ? ["try {"] : []),
      // A search of a `completing` block stops where the block ends.
      `while (state.pending === null${hasCompletingBlocks(ctx.program) ? " && !blockFinished" : ""}) {`,
      "const frame = state.stack[state.stack.length - 1];",
      `if (frame === undefined) ${holds ? "break" : "return"};`,
      "switch (frame.routine) {",
      ...cases,
      "}",
      "}",
      ...(ctx.plainEnds ? ["} catch (error) {", "endedGame(error);", "}"] : []),
      ...(holds ? ["freezeHeld(state, HELD);"] : []),
    ],
  };
}

function emitLifecycle(ctx: EmitContext): StatementStructures[] {
  const p = ctx.program;
  const scope = plainScope();
  // Fields start at their zero value (none for a field declared `= unset`); initial values are assigned once the
  // state exists, as they may read params.
  const playerInit = [...p.playerFields.values()].map((f) => `${f.decl.name.text}: ${ctx.zero(f.type)}`);
  const globalInit = [...p.globalFields.values()].map((f) => `${f.decl.name.text}: ${ctx.zero(f.type)}`);
  // An initial value worked out from params (`cp: 0.. = START - 2`) keeps the field's range as an assignment does.
  const initial = (f: FieldInfo, owner: string): string[] =>
    f.decl.initial && !f.late
      ? [
          `${owner}.${f.decl.name.text} = ${keptInRange(f.type, ctx.exprs.stored(f.decl.initial, scope), place(f.decl.initial), f.decl.initial)};`,
        ]
      : [];
  const playerInitial = [...p.playerFields.values()].flatMap((f) => initial(f, "mine"));
  const globalInitial = [...p.globalFields.values()].flatMap((f) => initial(f, "state"));
  const setupScope = plainScope();
  const setupBody = p.setup
    ? new StatementEmitter({ program: p, exprs: ctx.exprs, scope: setupScope, suspending: p.suspending }).block(
        p.setup.body,
        [],
      )
    : [];
  return [
    ...emitDerivedData(ctx),
    {
      kind: StructureKind.Function,
      name: "setUp",
      isExported: true,
      parameters: [
        { name: "options", type: "GameOptions" },
        { name: "forced", type: "readonly number[]", initializer: "[]" },
      ],
      returnType: "State",
      docs: [
        "A new game after its setup, before the flow starts (tests may change it before `start`). `forced`: random results the setup takes first (a test's `random setup`).",
      ],
      statements: [
        "const playerCount = options.players;",
        `if (!Number.isInteger(playerCount) || playerCount < ${p.game.minPlayers} || playerCount > ${p.game.maxPlayers}) {`,
        `throw new RangeError(\`${p.game.title} is for ${p.game.minPlayers} to ${p.game.maxPlayers} players, not \${playerCount}\`);`,
        "}",
        'const variant = VARIANTS.find((v) => v === (options.variant ?? "base"));',
        'if (variant === undefined) throw new RangeError(`unknown variant ${String(options.variant)}; variants: ${VARIANTS.join(", ")}`);',
        ...(p.params.size > 0
          ? [
              // Values given for params replace the variant's, once checked against their declarations.
              "const paramsProblem = options.params === undefined ? null : checkParams(PARAMETERS, options.params);",
              "if (paramsProblem !== null) throw new RangeError(paramsProblem);",
            ]
          : [
              'if (options.params !== undefined && Object.keys(options.params).length > 0) throw new RangeError("the rules have no parameters");',
            ]),
        "const state: State = {",
        "variant,",
        p.params.size > 0
          ? "params: options.params === undefined ? PARAMS[variant] : ({ ...PARAMS[variant], ...options.params } as Params),"
          : "params: PARAMS[variant],",
        "playerCount,",
        `players: SEATS[playerCount]!.map(() => ({ ${playerInit.join(", ")} })),`,
        ...globalInit.map((g) => `${g},`),
        "rng: createRng(options.seed, forced),",
        "stack: [newFlowFrame()],",
        ...allowanceLists(p).map((list) => `${list}: [],`),
        ...(waitingValueProcs(p).length > 0
          ? [
              `returns: { ${waitingValueProcs(p)
                .map((v) => `${v.name.text}: ${ctx.zero(v.resolvedReturnType!)}`)
                .join(", ")} },`,
            ]
          : []),
        ...(p.endReasons.length > 0 ? ["ending: null,"] : []),
        ...(hasCompletingBlocks(p) ? ["completing: [],"] : []),
        "pending: null,",
        "};",
        ...(playerInitial.length > 0 ? ["for (const mine of state.players) {", ...playerInitial, "}"] : []),
        ...globalInitial,
        ...setupBody,
        "return state;",
      ],
    },
    {
      kind: StructureKind.Function,
      name: "start",
      isExported: true,
      parameters: [{ name: "state", type: "State" }],
      returnType: "void",
      docs: ["Starts the flow of a game made by `setUp`: runs to the first decision."],
      // A test may have changed what derived data is computed from since the setup.
      statements: [...(p.derivedFields.size > 0 ? ["deriveData(state);"] : []), "run(state);"],
    },
    {
      kind: StructureKind.Function,
      name: "newGame",
      parameters: [{ name: "options", type: "GameOptions" }],
      returnType: "State",
      statements: ["const state = setUp(options);", "run(state);", "return state;"],
    },
    {
      kind: StructureKind.Function,
      name: "isOver",
      parameters: [{ name: "state", type: "State" }],
      returnType: "boolean",
      statements: ["return state.pending === null && state.stack.length === 0;"],
    },
  ];
}

/** `derived { ... }`: read through `derived(state)`, which computes the data the first time a state needs it. */
function emitDerivedData(ctx: EmitContext): StatementStructures[] {
  const fields = [...ctx.program.derivedFields.values()];
  if (fields.length === 0) return [];
  const scope = plainScope();
  return [
    {
      kind: StructureKind.Function,
      name: "derived",
      isExported: true,
      parameters: [{ name: "state", type: "State" }],
      returnType: "Derived",
      docs: ["The derived data of `state`, computed on first use (a restored or copied state has none yet)."],
      statements: ["return state[DERIVED] ?? deriveData(state);"],
    },
    {
      kind: StructureKind.Function,
      name: "deriveData",
      parameters: [{ name: "state", type: "State" }],
      returnType: "Derived",
      docs: [
        "Computes the derived data in the order the rules declare it (each may use those before it). Not enumerable, so deep comparisons of states ignore it.",
      ],
      statements: [
        `const data: Derived = { ${fields.map((f) => `${f.decl.name.text}: ${ctx.zero(f.type)}`).join(", ")} };`,
        "Object.defineProperty(state, DERIVED, { value: data, configurable: true });",
        ...fields.map((f) => `data.${f.decl.name.text} = ${ctx.exprs.stored(f.decl.initial!, scope)};`),
        "return data;",
      ],
    },
  ];
}

function emitScoring(ctx: EmitContext): StatementStructures[] {
  const s = ctx.program.scoring;
  const out: StatementStructures[] = [];
  const rule = (name: string, r: NonNullable<typeof s>["tiebreaks"][number] | undefined, doc: string): void => {
    const names = plainScope();
    const player = r ? names.local(r.symbol!) : "_player";
    out.push({
      kind: StructureKind.Function,
      name,
      isExported: true,
      parameters: [
        { name: "state", type: "State" },
        { name: player, type: "Player" },
      ],
      returnType: "number",
      docs: [doc],
      statements: [`return ${r ? ctx.exprs.emit(r.expr, names) : "0"};`],
    });
  };
  rule(
    "score",
    s?.score,
    s?.score ? `score: ${ctx.sourceOf(s.score.expr.span)}` : "The rules have no scoring: every player scores 0.",
  );
  const tiebreaks = s?.tiebreaks ?? [];
  tiebreaks.forEach((t, i) =>
    rule(`tiebreak${i + 1}`, t, `tiebreak${t.lowest ? " (lowest wins)" : ""}: ${ctx.sourceOf(t.expr.span)}`),
  );
  // A seat's score is counted once: the ranks read it from `scores`.
  const keys = ["scores[seat]!", ...tiebreaks.map((t, i) => `${t.lowest ? "-" : ""}tiebreak${i + 1}(state, seat)`)];
  out.push({
    kind: StructureKind.Function,
    name: "outcome",
    parameters: [{ name: "state", type: "State" }],
    returnType: "Outcome | null",
    docs: ["Scores, ranks (through the tie-break chain) and winners once the game is over; players still tied share."],
    statements: ["return isOver(state) ? standing(state) : null;"],
  });
  out.push({
    kind: StructureKind.Function,
    name: "standing",
    parameters: [{ name: "state", type: "State" }],
    returnType: "Outcome",
    docs: ["The result if the game were scored now (the outcome, once it is over): what agents judge a position by."],
    statements: [
      "const seats = SEATS[state.playerCount]!;",
      "const scores = seats.map((seat) => score(state, seat));",
      `const ranks = rankByKeys(seats.map((seat) => [${keys.join(", ")}]));`,
      `return { scores, ranks, winners: seats.filter((seat) => ranks[seat] === 1)${ctx.program.endReasons.length > 0 ? ", ...(state.ending === null ? {} : { ending: state.ending })" : ""} };`,
    ],
  });
  const progress = s?.progress;
  if (progress) {
    rule("progress", progress, `progress (for machine players, not a rule): ${ctx.sourceOf(progress.expr.span)}`);
    out.push({
      kind: StructureKind.Function,
      name: "progressBySeat",
      parameters: [{ name: "state", type: "State" }],
      returnType: "number[]",
      docs: ["Each seat's `progress`: how far it is on the way to winning, as agents that look ahead judge it."],
      statements: ["return SEATS[state.playerCount]!.map((seat) => progress(state, seat));"],
    });
  }
  const abandons = ctx.program.abandons;
  if (abandons.length > 0) {
    const names = plainScope();
    out.push({
      kind: StructureKind.Function,
      name: "abandoned",
      parameters: [{ name: "state", type: "State" }],
      returnType: "string | null",
      docs: [
        "Why machine players give up this game (`abandon`), or null: they stop it with no winner; people play on.",
      ],
      statements: [
        ...abandons.map((a) => `if (${ctx.exprs.emit(a.condition, names)}) return ${str(a.reason)};`),
        "return null;",
      ],
    });
  }
  return out;
}
