/**
 * Decisions: the typed `Action` union (every action's fields, every choice's answer), the `Pending` record of what is
 * asked of whom, and how the state machine stops at a decision. The functions the runtime calls around them are
 * emitted beside: `offers.ts` (`legalActions`), `check-and-apply.ts`, `completing.ts`, `allowances.ts` and
 * `action-text.ts`.
 */
import {
  type ChooseStmt,
  type DecisionSite,
  type Expr,
  type ParamSpec,
  type Program,
  type Type,
  rangeEnd,
  withoutNone,
} from "@rules/dsl";
import {
  StructureKind,
  VariableDeclarationKind,
  type FunctionDeclarationStructure,
  type StatementStructures,
} from "ts-morph";
import type { EmitContext } from "./context.ts";
import type { Scope } from "./expressions.ts";
import type { DecisionEmitter } from "./machine.ts";
import { frameExpression } from "./naming.ts";
import { engineTypeName, pascal, str } from "./naming.ts";
import { tsType } from "./ts-types.ts";

export type Fn = FunctionDeclarationStructure;

/** The TypeScript field type of an action parameter: the value, or a position in the list it is taken from. */
function paramFieldType(p: ParamSpec | ChooseStmt["domain"], t: Type): string {
  return p.from ? (t.kind === "optional" ? "number | null" : "number") : tsType(t);
}

/** The `act ... or stop` sites: their players may answer `{ type: "stop" }`. */
export function stopSites(program: Program): Extract<DecisionSite, { kind: "act" }>[] {
  return program.decisions.filter(
    (d): d is Extract<DecisionSite, { kind: "act" }> => d.kind === "act" && !!d.stmt.orStop,
  );
}

/** Whether `name`, in a test step, is the answer of `act ... or stop` (the checker keeps the name free for it). */
export function isStopAnswer(program: Program, name: string): boolean {
  return name === "stop" && !program.actions.has(name) && stopSites(program).length > 0;
}

function actionInterfaceName(ctx: EmitContext, name: string): string {
  return engineTypeName(ctx.program, `${pascal(name)}Action`);
}

function choiceInterfaceName(ctx: EmitContext, name: string): string {
  return engineTypeName(ctx.program, `${pascal(name)}Choice`);
}

export function emitActionTypes(ctx: EmitContext): StatementStructures[] {
  const out: StatementStructures[] = [];
  const members: string[] = [];
  for (const a of ctx.program.actions.values()) {
    members.push(actionInterfaceName(ctx, a.name.text));
    out.push({
      kind: StructureKind.Interface,
      name: actionInterfaceName(ctx, a.name.text),
      isExported: true,
      docs: [`The action ${a.name.text} (rules line ${a.span.line}).`],
      properties: [
        { name: "type", type: str(a.name.text), isReadonly: true },
        { name: "player", type: "Player", isReadonly: true },
        ...a.params.map((p) => ({
          name: p.name.text,
          type: paramFieldType(p, p.symbol!.type),
          isReadonly: true,
          docs: p.from ? [`Position in \`${ctx.sourceOf(p.from.span)}\` of the ${tsType(p.symbol!.type)} chosen.`] : [],
        })),
      ],
    });
  }
  for (const [name, t] of ctx.program.choiceTypes) {
    const site = chooseSites(ctx).find((s) => s.stmt.name.text === name)!;
    members.push(choiceInterfaceName(ctx, name));
    out.push({
      kind: StructureKind.Interface,
      name: choiceInterfaceName(ctx, name),
      isExported: true,
      docs: [`The answer to \`choose ${name}\` (rules line ${site.stmt.span.line}).`],
      properties: [
        { name: "type", type: str(name), isReadonly: true },
        { name: "player", type: "Player", isReadonly: true },
        {
          name: "value",
          type: paramFieldTypeOf(site.stmt),
          isReadonly: true,
          docs: site.stmt.byValue
            ? [
                `The ${tsType(withoutNone(t))} chosen among those not taken yet${t.kind === "optional" ? " (null: none)" : ""}.`,
              ]
            : site.stmt.domain.from
              ? [
                  `Position in \`${ctx.sourceOf(site.stmt.domain.from.span)}\` of the ${tsType(withoutNone(t))} chosen${t.kind === "optional" ? " (null: none)" : ""}.`,
                ]
              : [],
        },
      ],
    });
  }
  if (stopSites(ctx.program).length > 0) {
    members.push("StopAnswer");
    out.push({
      kind: StructureKind.Interface,
      name: "StopAnswer",
      isExported: true,
      docs: [
        `Ends an \`act ... or stop\` (rules line${stopSites(ctx.program).length > 1 ? "s" : ""} ${stopSites(ctx.program)
          .map((d) => d.stmt.span.line)
          .join(", ")}): the player takes none of its actions any more.`,
      ],
      properties: [
        { name: "type", type: '"stop"', isReadonly: true },
        { name: "player", type: "Player", isReadonly: true },
      ],
    });
  }
  out.push({
    kind: StructureKind.TypeAlias,
    name: "Action",
    isExported: true,
    docs: ["Everything a player can play: the actions offered by `act`, and the answers to `choose`."],
    type: members.length > 0 ? members.join(" | ") : "never",
  });
  const fields = [
    ...[...ctx.program.actions.values()].map(
      (a) => `${str(a.name.text)}: [${a.params.map((p) => str(p.name.text)).join(", ")}]`,
    ),
    ...[...ctx.program.choiceTypes.keys()].map((name) => `${str(name)}: ["value"]`),
    ...(stopSites(ctx.program).length > 0 ? ["stop: []"] : []),
  ];
  out.push({
    kind: StructureKind.VariableStatement,
    declarationKind: VariableDeclarationKind.Const,
    docs: ["The fields of each kind of action besides `type` and `player`: an action with any other is refused."],
    declarations: [
      {
        name: "ACTION_FIELDS",
        type: 'Readonly<Record<Action["type"], readonly string[]>>',
        initializer: `{ ${fields.join(", ")} }`,
      },
    ],
  });
  return out;
}

function chooseSites(ctx: EmitContext): Extract<DecisionSite, { kind: "choose" }>[] {
  return ctx.program.decisions.filter((d): d is Extract<DecisionSite, { kind: "choose" }> => d.kind === "choose");
}

export function emitPendingType(ctx: EmitContext): StatementStructures {
  const members = ctx.program.decisions.map((d) => {
    const answers = d.kind === "choose" && d.stmt.each ? `; answers: Array<${paramFieldTypeOf(d.stmt)} | null>` : "";
    return `{ site: ${d.site}; players: Player[]${answers} }`;
  });
  return {
    kind: StructureKind.TypeAlias,
    name: "Pending",
    isExported: true,
    docs: [
      "The decision the rules wait for: `site` numbers the `act` or `choose` in the rules, `players` are those still to answer.",
      ...ctx.program.decisions.map((d) => `site ${d.site}: ${describeSite(ctx, d)}`),
    ].map((x) => x),
    type: members.length > 0 ? members.join(" | ") : "never",
  };
}

/** The list a choice's answer is a position in: none for a choice of a type, or one answered by value. */
export function positionIn(s: ChooseStmt): Expr | undefined {
  return s.byValue ? undefined : s.domain.from;
}

/** The type of a choice's answer: the candidate's, or none besides for an optional choice. */
export function answerType(s: ChooseStmt): Type {
  const t = s.symbol!.type;
  return s.each && t.kind === "list" ? t.element : t;
}

function paramFieldTypeOf(s: ChooseStmt): string {
  return s.byValue ? tsType(answerType(s)) : paramFieldType(s.domain, answerType(s));
}

export function describeSite(ctx: EmitContext, d: DecisionSite): string {
  return `\`${ctx.sourceOf(d.stmt.span).slice(0, 90)}\` (${ctx.where(d)})`;
}

/**
 * A choice whose range ends at a value (`choose n: 1..me.coins`): a range that ends below its start leaves nothing to
 * answer, so the game stops at the rule rather than wait for ever. Nothing for any other choice.
 */
export function emptyRangeCheck(ctx: EmitContext, s: ChooseStmt, scope: Scope): string[] {
  const highValue = rangeEnd(s.domain.typeExpr);
  const t = withoutNone(answerType(s));
  if (!highValue || t.kind !== "int" || answerType(s).kind === "optional") return [];
  const where = `${ctx.sourcePath}:${s.span.line}`;
  const high = ctx.exprs.emit(highValue, scope);
  return [
    `if (${high} < ${t.low ?? 0}) throw new RulesError(\`${where}: the choice of ${s.name.text} has no answer: its range ${t.low ?? 0}..\${${high}} is empty\`);`,
  ];
}

/** How the state machine suspends for a decision, and how it starts a resumable procedure. */
export function decisionEmitter(ctx: EmitContext): DecisionEmitter {
  return {
    suspendFor(s, scope) {
      const site = s.site!;
      if (s.kind === "act") {
        return [`state.pending = { site: ${site}, players: [${ctx.exprs.emit(s.player, scope)}] };`];
      }
      if (s.each) {
        const choosers = ctx.exprs.emit(s.chooser, scope);
        return [
          `state.pending = { site: ${site}, players: ${choosers}.slice(), answers: SEATS[state.playerCount]!.map(() => null) };`,
        ];
      }
      const pending = `state.pending = { site: ${site}, players: [${ctx.exprs.emit(s.chooser, scope)}] };`;
      return [...emptyRangeCheck(ctx, s, scope), pending];
    },
    frameFor(procName, args) {
      return frameExpression(ctx.program, procName, args);
    },
  };
}

// ---- enumeration ------------------------------------------------------------------------------------------
