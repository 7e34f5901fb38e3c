/**
 * Decisions: the typed `Action` union, the `Pending` record of what is asked of whom, and the three functions the
 * runtime calls around them: `legalActions` (enumeration), `check` (validation with the designer's refusal
 * messages) and `apply` (store the answer, resume the rules).
 */
import {
  forEachExpr,
  type ActionDecl,
  type ChooseStmt,
  type DecisionSite,
  type Expr,
  type LocalSymbol,
  type ParamSpec,
  type Program,
  leadingRequirements,
  type Type,
  isInferred,
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
import { frameRead, type DecisionEmitter } from "./machine.ts";
import { frameExpression } from "./routines.ts";
import { viewValue } from "./views.ts";
import { LocalNames, answerAloneName, engineTypeName, pascal, str, valuesConst } from "./naming.ts";
import { tsType } from "./ts-types.ts";

type Fn = FunctionDeclarationStructure;

/** The TypeScript field type of an action parameter: the value, or a position in the list it is taken from. */
function paramFieldType(p: ParamSpec | ChooseStmt["domain"], t: Type): string {
  return p.from ? (t.kind === "optional" ? "number | null" : "number") : tsType(t);
}

/** The `act ... or stop` sites: their players may answer `{ type: "stop" }`. */
function stopSites(program: Program): Extract<DecisionSite, { kind: "act" }>[] {
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
function positionIn(s: ChooseStmt): Expr | undefined {
  return s.byValue ? undefined : s.domain.from;
}

/** The type of a choice's answer: the candidate's, or none besides for an optional choice. */
function answerType(s: ChooseStmt): Type {
  const t = s.symbol!.type;
  return s.each && t.kind === "list" ? t.element : t;
}

function paramFieldTypeOf(s: ChooseStmt): string {
  return s.byValue ? tsType(answerType(s)) : paramFieldType(s.domain, answerType(s));
}

function describeSite(ctx: EmitContext, d: DecisionSite): string {
  return `\`${ctx.sourceOf(d.stmt.span).slice(0, 90)}\` (${ctx.where(d)})`;
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
      const highValue = rangeEnd(s.domain.typeExpr);
      const t = withoutNone(answerType(s));
      if (!highValue || t.kind !== "int" || answerType(s).kind === "optional") return [pending];
      // A range that ends below its start leaves nothing to answer: stop at the rule rather than wait for ever.
      const where = `${ctx.sourcePath}:${s.span.line}`;
      return [
        `if (${ctx.exprs.emit(highValue, scope)} < ${t.low ?? 0}) throw new RulesError(\`${where}: the choice of ${s.name.text} has no answer: its range ${t.low ?? 0}..\${${ctx.exprs.emit(highValue, scope)}} is empty\`);`,
        pending,
      ];
    },
    frameFor(procName, args) {
      return frameExpression(ctx, procName, args);
    },
  };
}

// ---- enumeration ------------------------------------------------------------------------------------------

/**
 * `for (...) {` opening a loop over a domain, `v` being the loop variable (`i` its index, when it needs one).
 * Indexed loops, and no array literal for `bool`: legal-action enumeration is the hottest code of a random playout.
 */
function domainLoop(ctx: EmitContext, t: Type, v: string, from: string | undefined, i: string, high?: string): string {
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
function domainTest(t: Type, v: string, from: string | undefined, high?: string): string {
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

function describeDomain(ctx: EmitContext, t: Type, from: string | undefined): string {
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
function actionScope(a: ActionDecl, me: string, params: Map<LocalSymbol, string>): Scope {
  const names = new LocalNames(["state", "out", "action", me, ...params.values()]);
  return {
    names,
    local: (s) => (s === a.me ? me : (params.get(s) ?? names.nameOf(s))),
  };
}

/**
 * `offerX(state, me, out)`: pushes every allowed form of the action X. Each `require` is tested as soon as the
 * parameters it reads are known, so a requirement on the player alone (`me.cannons > 0`) rules out the whole loop
 * over targets at once: legal-action enumeration is the hot loop of every playout. Without `out`, it says whether
 * there is a form, found without listing them (it stops at the first): `offers(p, X)` and `act ... or stop`.
 */
export function emitOffer(ctx: EmitContext, a: ActionDecl): Fn {
  const lines: string[] = [];
  const params = new Map<LocalSymbol, string>();
  const scope = actionScope(a, "me", params);
  const fields: string[] = [];
  const args: string[] = [];
  const replaced = ctx.program.variants.some((v) =>
    v.replacements.some((r) => r.kind === "action" && r.name.text === a.name.text),
  );
  const requires = replaced ? [] : leadingRequirements(a.body);
  // How many parameters a requirement (or a value it is checked with) waits for: those it reads, and those the values
  // it reads (`let`, `require let`) wait for.
  const bindingDepth = new Map<LocalSymbol, number>();
  const depthOf = (e: Expr): number => {
    let depth = 0;
    forEachExpr(e, (x) => {
      if (x.kind === "name" && x.ref?.kind === "local") {
        const symbol = x.ref.symbol;
        const i = a.params.findIndex((p) => p.symbol === symbol);
        depth = Math.max(depth, i + 1, bindingDepth.get(symbol) ?? 0);
      }
    });
    return depth;
  };
  for (const r of requires) {
    if (r.kind === "let") bindingDepth.set(r.symbol!, depthOf(r.value));
    else if (r.bindingSymbol) bindingDepth.set(r.bindingSymbol, depthOf(r.condition));
  }
  const testsAt = (depth: number, skip: string): void => {
    for (const r of requires) {
      if (r.kind === "let") {
        if (depthOf(r.value) === depth)
          lines.push(`const ${scope.local(r.symbol!)} = ${ctx.exprs.emit(r.value, scope)};`);
        continue;
      }
      if (depthOf(r.condition) !== depth) continue;
      if (r.bindingSymbol) {
        const bound = scope.local(r.bindingSymbol);
        lines.push(`const ${bound} = ${ctx.exprs.emit(r.condition, scope)};`, `if (${bound} === null) ${skip};`);
      } else lines.push(`if (${ctx.exprs.negate(r.condition, scope)}) ${skip};`);
    }
  };
  testsAt(0, "return false");
  a.params.forEach((p, i) => {
    const position = scope.names.fresh(p.name.text);
    if (p.from) {
      const element = scope.names.fresh(`${p.name.text}Item`);
      // A function's comprehension runs its loop here, without its list.
      const fused = ctx.exprs.offerLoop(p.from, scope, position, element);
      if (fused !== undefined) lines.push(...fused);
      else {
        const list = scope.names.fresh(`${p.name.text}List`);
        lines.push(`const ${list} = ${ctx.exprs.readOnlyList(p.from, scope)};`);
        lines.push(domainLoop(ctx, p.symbol!.type, position, list, ""));
        lines.push(`const ${element} = ${list}[${position}]!;`);
      }
      params.set(p.symbol!, element);
      args.push(element);
    } else {
      lines.push(domainLoop(ctx, p.symbol!.type, position, undefined, scope.names.fresh(`${position}Index`)));
      params.set(p.symbol!, position);
      args.push(position);
    }
    fields.push(position === p.name.text ? position : `${p.name.text}: ${position}`);
    testsAt(i + 1, "continue");
  });
  const action = `{ type: ${str(a.name.text)}, player: me${fields.map((f) => `, ${f}`).join("")} }`;
  // An element no requirement reads needs no variable.
  for (let i = lines.length - 1; i >= 0; i--) {
    const declared = /^const (\w+Item) = /.exec(lines[i]!)?.[1];
    if (declared && !lines.some((l, j) => j !== i && new RegExp(`\\b${declared}\\b`).test(l)) && !replaced)
      lines.splice(i, 1);
  }
  const found = ["if (out === undefined) return true;", `out.push(${action});`];
  if (replaced)
    lines.push(`if (check${a.name.text}(${["state", "me", ...args].join(", ")}) === null) {`, ...found, "}");
  else lines.push(...found);
  for (let i = 0; i < a.params.length; i++) lines.push("}");
  lines.push("return false;");
  return {
    kind: StructureKind.Function,
    name: `offer${a.name.text}`,
    parameters: [
      { name: "state", type: "State" },
      { name: "me", type: "Player" },
      { name: "out", type: "Action[]", hasQuestionToken: true },
    ],
    returnType: "boolean",
    docs: [
      `Every allowed form of ${a.name.text} (the same requirements as \`check${a.name.text}\`), added to \`out\`. ` +
        "Without `out`, whether there is one: true at the first found (with `out`, false).",
    ],
    statements: lines,
  };
}

/** The `require` rules an action starts with. */

/** The scope of a `choose`'s condition: frame locals, the candidate, and the chooser in a simultaneous choice. */
function chooseScope(ctx: EmitContext, d: Extract<DecisionSite, { kind: "choose" }>, candidate: string): Scope {
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

/**
 * The loop over a choice's answers, up to its opening brace: `value` is each answer as the action carries it (a
 * position in the list, or the value itself), `item` the element at that position. `condition` is the `where` test,
 * empty when there is none. `frame` is declared when the lines need it, or always with `withFrame`.
 */
function choiceLoop(
  ctx: EmitContext,
  d: Extract<DecisionSite, { kind: "choose" }>,
  withFrame: boolean,
  needItem = false,
): { lines: string[]; condition: string } {
  const r = ctx.resumable.get(ctx.routineTag(d.owner))!;
  const s = d.stmt;
  const t = withoutNone(answerType(s));
  const lines: string[] = [];
  const scopeValue = chooseScope(ctx, d, positionIn(s) ? "item" : "value");
  const condition = s.condition ? ctx.exprs.emit(s.condition, scopeValue) : "";
  const list = s.domain.from ? ctx.exprs.readOnlyList(s.domain.from, scopeValue) : "";
  const highValue = rangeEnd(s.domain.typeExpr);
  const high = highValue ? ctx.exprs.emit(highValue, scopeValue) : "";
  if (withFrame || /\bframe\./.test([condition, list, high].join(" ")))
    lines.push(`const frame = current${r.frameName}(state);`);
  if (high) lines.push(`const high = ${high};`);
  const usesItem = positionIn(s) !== undefined && (needItem || /\bitem\b/.test(condition));
  if (s.byValue) {
    // Offered by value: each element left.
    lines.push(
      `const items = ${list};`,
      "for (let index = 0; index < items.length; index++) {",
      "const value = items[index]!;",
    );
  } else if (s.domain.from) {
    lines.push(`const items = ${list};`, domainLoop(ctx, t, "value", "items", ""));
    if (usesItem) lines.push("const item = items[value]!;");
  } else {
    lines.push(domainLoop(ctx, t, "value", undefined, "index", high ? "high" : undefined));
  }
  return { lines, condition };
}

/**
 * `choose ... when several`: for each such choice, `answerAloneN(state)`, which the rules call where the choice
 * stands: with a single answer it gives the choice that answer and the rules go on; otherwise the player is asked.
 */
export function emitAnswerAlone(ctx: EmitContext): Fn[] {
  const out: Fn[] = [];
  for (const d of ctx.program.decisions) {
    if (d.kind !== "choose" || !d.stmt.whenSeveral) continue;
    const s = d.stmt;
    const r = ctx.resumable.get(ctx.routineTag(d.owner))!;
    const field = r.machine.fieldOf.get(s.symbol!)!;
    const optional = answerType(s).kind === "optional";
    // Inside `completing` blocks an optional choice keeps its answers too, to judge each.
    const { lines, condition } = choiceLoop(ctx, d, true, !optional || ctx.program.completing.length > 0);
    const element = positionIn(s) ? "item" : "value";
    const elementType = tsType(withoutNone(answerType(s)));
    const docs = [
      `${describeSite(ctx, d)}: takes its single answer, if it has only one; false when the player must choose.`,
    ];
    const cond = condition ? `if (${condition}) ` : "";
    let statements: string[];
    if (ctx.program.completing.length > 0) {
      // Inside a `completing` block, of several answers only those that let the block be finished count (the
      // decision is pending here, so an answer can be tried on a copy); a single one is taken without a search.
      const action = `{ type: ${str(s.name.text)}, player: state.pending!.players[0]!, value }`;
      const none = `{ type: ${str(s.name.text)}, player: state.pending!.players[0]!, value: null }`;
      statements = [
        `const found: { action: Action; answer: ${optional ? `${elementType} | null` : elementType} }[] = [];`,
        ...lines,
        `${cond}found.push({ action: ${action}, answer: ${element} });`,
        "}",
        // None, for an optional choice, is one more answer, offered last.
        ...(optional ? [`found.push({ action: ${none}, answer: null });`] : []),
        "let only = found.length === 1 ? found[0] : undefined;",
        "if (found.length > 1 && state.completing.length > 0) {",
        "for (const f of found) {",
        "if (!finishesBlocks(state, f.action)) continue;",
        "if (only !== undefined) return false;",
        "only = f;",
        "}",
        "}",
        "if (only === undefined) return false;",
        `frame.${field} = only.answer;`,
        "return true;",
      ];
    } else {
      // None, for an optional choice, is always an answer: any other makes two, and the player is asked.
      const onAnswer = optional
        ? [`${cond}return false;`]
        : [
            ...(cond ? [`${cond}{`] : []),
            "if (only !== undefined) return false;",
            `only = ${element};`,
            ...(cond ? ["}"] : []),
          ];
      statements = [
        ...(optional ? [] : [`let only: ${elementType} | undefined;`]),
        ...lines,
        ...onAnswer,
        "}",
        ...(optional
          ? [`frame.${field} = null;`, "return true;"]
          : ["if (only === undefined) return false;", `frame.${field} = only;`, "return true;"]),
      ];
    }
    out.push({
      kind: StructureKind.Function,
      name: answerAloneName(d.site),
      parameters: [{ name: "state", type: "State" }],
      returnType: "boolean",
      docs,
      statements,
    });
  }
  return out;
}

/** A `switch` case per decision site pushing onto `out` the answers it offers `seat` by itself. */
function ownAnswerCases(ctx: EmitContext): string[] {
  const cases: string[] = [];
  for (const d of ctx.program.decisions) {
    cases.push(`case ${d.site}: {`, `// ${describeSite(ctx, d)}`);
    if (d.kind === "act") {
      for (const a of d.stmt.actions) cases.push(`offer${a.text}(state, seat, out);`);
      if (d.stmt.orStop) cases.push('out.push({ type: "stop", player: seat });');
    } else {
      const s = d.stmt;
      const { lines, condition } = choiceLoop(ctx, d, false);
      const cond = condition ? `if (${condition}) ` : "";
      cases.push(...lines, `${cond}out.push({ type: ${str(s.name.text)}, player: seat, value });`, "}");
      // An optional choice also offers none, last.
      if (answerType(s).kind === "optional") {
        cases.push(`out.push({ type: ${str(s.name.text)}, player: seat, value: null });`);
      }
    }
    cases.push("break;", "}");
  }
  return cases;
}

export function emitLegalActions(ctx: EmitContext): Fn {
  const cases = ownAnswerCases(ctx);
  const completing = ctx.program.completing.length > 0;
  const answers = completing
    ? [
        "ownAnswers(state, pending.site, seat, out);",
        // Inside a `completing` block, of several answers only those after which it can still be finished.
        "if (out.length > 1 && state.completing.length > 0 && !searching) {",
        "const finishing = out.filter((a) => finishesBlocks(state, a));",
        "out.length = 0;",
        "out.push(...finishing);",
        "}",
      ]
    : cases.length > 0
      ? ["switch (pending.site) {", ...cases, "}"]
      : [];
  return {
    kind: StructureKind.Function,
    name: "legalActions",
    parameters: [
      { name: "state", type: "State" },
      { name: "seat", type: "Player" },
    ],
    returnType: "Action[]",
    docs: ["Every action `seat` may play now."],
    statements: [
      "const pending = state.pending;",
      "const out: Action[] = [];",
      ...(ctx.program.allowKinds.anytime
        ? [
            "if (pending === null) return out;",
            // A seat not asked anything may still interrupt.
            "if (!pending.players.includes(seat)) {",
            "offerAllowed(state, seat, out);",
            "return out;",
            "}",
          ]
        : ["if (pending === null || !pending.players.includes(seat)) return out;"]),
      ...answers,
      ...(ctx.program.allowed.size > 0 ? ["offerAllowed(state, seat, out);"] : []),
      "return out;",
    ],
  };
}

/**
 * `completing { ... }`: the answers a decision of the rules offers by itself (without what `allow` adds), and the
 * search that keeps, inside a block, only those after which some answers to the block's later decisions reach its
 * end. Empty when the rules have no such block.
 */
export function emitCompleting(ctx: EmitContext): (FunctionDeclarationStructure | StatementStructures)[] {
  const blocks = ctx.program.completing;
  if (blocks.length === 0) return [];
  const cases = ownAnswerCases(ctx);
  const described = blocks.map(
    (b) =>
      `{ line: ${b.span.line}, refusal: ${str(b.message?.value ?? `That answer leaves no way to finish the step that begins at line ${b.span.line}.`)} }`,
  );
  return [
    {
      kind: StructureKind.VariableStatement,
      declarationKind: VariableDeclarationKind.Const,
      docs: [
        "Each `completing` block, by its number: its line, and the refusal of an answer after which it could not be finished.",
      ],
      declarations: [
        {
          name: "COMPLETING_BLOCKS",
          type: "readonly { readonly line: number; readonly refusal: string }[]",
          initializer: `[${described.join(", ")}]`,
        },
      ],
    },
    {
      kind: StructureKind.VariableStatement,
      declarationKind: VariableDeclarationKind.Const,
      docs: ["How many decisions in a row a search plays before it calls the block endless."],
      declarations: [{ name: "SEARCH_LIMIT", initializer: "200" }],
    },
    {
      kind: StructureKind.VariableStatement,
      declarationKind: VariableDeclarationKind.Let,
      docs: [
        "True while a search plays copies of the game: their decisions count every answer (the search itself tries them), rather than search again.",
      ],
      declarations: [{ name: "searching", initializer: "false" }],
    },
    {
      kind: StructureKind.VariableStatement,
      declarationKind: VariableDeclarationKind.Let,
      docs: [
        "Set when the copy a search plays reaches the end of the outermost `completing` block: the rules stop there.",
      ],
      declarations: [{ name: "blockFinished", initializer: "false" }],
    },
    {
      kind: StructureKind.Function,
      name: "ownAnswers",
      parameters: [
        { name: "state", type: "State" },
        { name: "site", type: "number" },
        { name: "seat", type: "Player" },
        { name: "out", type: "Action[]" },
      ],
      returnType: "void",
      docs: ["The answers decision `site` offers `seat` by itself: its own actions or values, nothing `allow` adds."],
      statements: cases.length > 0 ? ["switch (site) {", ...cases, "}"] : [],
    },
    {
      kind: StructureKind.Function,
      name: "finishesBlocks",
      parameters: [
        { name: "state", type: "State" },
        { name: "action", type: "Action" },
      ],
      returnType: "boolean",
      docs: [
        "Whether answering `action` now lets the `completing` blocks under way be finished: true at once outside them, or within a search.",
      ],
      statements: [
        "if (state.completing.length === 0 || searching) return true;",
        "searching = true;",
        "try {",
        // Most answers can be finished by taking the last answer offered at every later decision: that path, on one
        // copy, is tried first; only when it ends at a decision with no answer is every path searched.
        "const probe = copyForSearch(state);",
        "apply(probe, action);",
        "if (finishesTakingLast(probe)) return true;",
        "const copy = copyForSearch(state);",
        "apply(copy, action);",
        "return canFinish(copy, 1);",
        "} finally {",
        "searching = false;",
        "blockFinished = false;",
        "}",
      ],
    },
    {
      kind: StructureKind.Function,
      name: "finishesAmongOthers",
      parameters: [
        { name: "state", type: "State" },
        { name: "action", type: "Action" },
      ],
      returnType: "boolean",
      docs: [
        "Whether `action`, an answer to the pending decision, is offered inside `completing` blocks: as the only answer there is, or as one that lets the blocks be finished.",
      ],
      statements: [
        "if (state.completing.length === 0 || searching) return true;",
        "const answers: Action[] = [];",
        "ownAnswers(state, state.pending!.site, action.player, answers);",
        "return answers.length <= 1 || finishesBlocks(state, action);",
      ],
    },
    {
      kind: StructureKind.Function,
      name: "searchAnswers",
      parameters: [
        { name: "state", type: "State" },
        { name: "steps", type: "number" },
      ],
      returnType: "Action[]",
      docs: [
        "The answers a search tries at the pending decision, `steps` decisions into the block: more than the limit, and the block never ends.",
      ],
      statements: [
        "if (steps > SEARCH_LIMIT)",
        "throw new RulesError(`the completing block at line ${COMPLETING_BLOCKS[state.completing[0]!.block]!.line} asked more than ${SEARCH_LIMIT} decisions without ending`);",
        "const pending = state.pending!;",
        "const answers: Action[] = [];",
        "for (const seat of pending.players) ownAnswers(state, pending.site, seat, answers);",
        "return answers;",
      ],
    },
    {
      kind: StructureKind.Function,
      name: "finishesTakingLast",
      parameters: [{ name: "state", type: "State" }],
      returnType: "boolean",
      docs: [
        "Whether taking the last answer offered at each decision from here reaches the end of the `completing` blocks. Changes `state`.",
      ],
      statements: [
        "for (let steps = 1; !blockFinished && state.completing.length > 0 && state.pending !== null; steps++) {",
        "const answers = searchAnswers(state, steps);",
        "if (answers.length === 0) return false;",
        "apply(state, answers[answers.length - 1]!);",
        "}",
        "blockFinished = false;",
        "return true;",
      ],
    },
    {
      kind: StructureKind.Function,
      name: "canFinish",
      parameters: [
        { name: "state", type: "State" },
        { name: "steps", type: "number" },
      ],
      returnType: "boolean",
      docs: [
        "Whether some answers to the decisions from here reach the end of the `completing` blocks (or of the game): each answer is tried on its own copy, depth first. Changes `state`.",
      ],
      statements: [
        "if (blockFinished || state.completing.length === 0 || state.pending === null) {",
        "blockFinished = false;",
        "return true;",
        "}",
        "const answers = searchAnswers(state, steps);",
        "if (answers.length === 1) {",
        "apply(state, answers[0]!);",
        "return canFinish(state, steps + 1);",
        "}",
        // Last offered first: a choice's none (stop here) and the last sources of a list often finish soonest.
        "for (let i = answers.length - 1; i >= 0; i--) {",
        "const copy = copyForSearch(state);",
        "apply(copy, answers[i]!);",
        "if (canFinish(copy, steps + 1)) return true;",
        "}",
        "return false;",
      ],
    },
  ];
}

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
      if (ctx.program.completing.length > 0) {
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
function checkActionLines(ctx: EmitContext, name: string): string[] {
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
function startActionLines(ctx: EmitContext, name: string): string[] {
  const decl = ctx.program.actions.get(name)!;
  const params = new Map<LocalSymbol, string>();
  const scope = actionScope(decl, "action.player", params);
  const args = decl.params.map((p) => {
    const position = `action.${p.name.text}`;
    if (!p.from) return position;
    return ctx.exprs.elementAt(p.from, position, scope) ?? `at(${ctx.exprs.readOnlyList(p.from, scope)}, ${position})`;
  });
  if (ctx.resumable.has(name)) return [`state.stack.push(${frameExpression(ctx, name, ["action.player", ...args])});`];
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
        { name: "out", type: "Action[]" },
      ],
      returnType: "void",
      statements: names.map((n) => `if (allowedNow(state, seat, ${str(n)})) offer${n}(state, seat, out);`),
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
        "return pending !== null && state.interrupts.length > 0 && !pending.players.includes(seat) && legalActions(state, seat).length > 0;",
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

/**
 * `shownAction`: an action as its player reads it. A parameter or answer taken `in` a list is a position in that
 * list; for people (the terminal game, logs) it is replaced by the value it stands for, as that player's view would
 * show it. Anything else, and a position outside its list, stays as it is.
 */
/**
 * `case <site>: { ... }` of a function reading the answer to the pending choice: the frame and the seat are declared
 * when `code` uses them.
 */
function pendingSiteCase(
  ctx: EmitContext,
  d: Extract<DecisionSite, { kind: "choose" }>,
  code: string,
  body: string[],
): string[] {
  const r = ctx.resumable.get(ctx.routineTag(d.owner))!;
  const lines = [`case ${d.site}: {`];
  if (/\bframe\./.test(code)) lines.push(`const frame = current${r.frameName}(state);`);
  if (/\bseat\b/.test(code)) lines.push("const seat = action.player;");
  return [...lines, ...body, "}"];
}

/** The cases of `switch (action.type)` for choices: each a switch on the site of the decision pending. */
function choiceCases(sitesByChoice: ReadonlyMap<string, string[]>): string[] {
  return [...sitesByChoice].flatMap(([name, sites]) => [
    `case ${str(name)}:`,
    "switch (state.pending?.site) {",
    ...sites,
    "}",
    "break;",
  ]);
}

/**
 * An action's parameters as the rules name them, from `action`: a parameter taken `in` a list becomes the element at
 * its position (`missing` runs for a position past the end), any other is the field itself.
 */
function bindParameters(
  ctx: EmitContext,
  a: ActionDecl,
  scope: Scope,
  params: Map<LocalSymbol, string>,
  missing: string,
): string[] {
  const lines: string[] = [];
  for (const p of a.params) {
    const field = `action.${p.name.text}`;
    if (!p.from) {
      params.set(p.symbol!, field);
      continue;
    }
    const item = scope.names.fresh(p.name.text);
    lines.push(
      `const ${item} = ${ctx.exprs.readOnlyOperand(p.from, scope)}[${field}];`,
      `if (${item} === undefined) ${missing}`,
    );
    params.set(p.symbol!, item);
  }
  return lines;
}

/**
 * `describeAction(state, action)`: the label an action declares (`action TakeTile(space: 1..12) "Move onto ..."`),
 * with its holes filled from the action's parameters in the state before it is taken; undefined when no action has
 * a label.
 */
export function emitDescribeAction(ctx: EmitContext): Fn | undefined {
  const labelled = [...ctx.program.actions.values()].filter((a) => a.label);
  const labelledChoices = ctx.program.decisions.flatMap((d) => (d.kind === "choose" && d.stmt.label ? [d] : []));
  const stops = stopSites(ctx.program);
  if (labelled.length === 0 && labelledChoices.length === 0 && stops.length === 0) return undefined;
  const cases: string[] = [];
  if (stops.length > 0) {
    const labels = stops.map((d) => [`case ${d.site}:`, `return ${str(d.stmt.orStop!.label?.value ?? "stop")};`]);
    cases.push('case "stop":', "switch (state.pending?.site) {", ...labels.flat(), "}", 'return "stop";');
  }
  for (const a of labelled) {
    const params = new Map<LocalSymbol, string>();
    const scope = actionScope(a, "action.player", params);
    const lines = bindParameters(ctx, a, scope, params, "return null;");
    const label = a.label!;
    const text = label.parts ? ctx.exprs.text(label.parts, scope) : str(label.value);
    cases.push(`case ${str(a.name.text)}: {`, ...lines, `return ${text};`, "}");
  }
  // A choice's answer, by the decision pending now: the candidate is the element at the answer's position in its
  // list, or the answer itself.
  const choices = new Map<string, string[]>();
  for (const d of labelledChoices) {
    const s = d.stmt;
    const from = positionIn(s);
    const scope = chooseScope(ctx, d, from ? "item" : "value");
    const label = s.label!;
    const text = label.parts ? ctx.exprs.text(label.parts, scope) : str(label.value);
    const list = from ? ctx.exprs.readOnlyOperand(from, scope) : "";
    const body: string[] = [];
    // None stops a loop of choices, or takes nothing.
    if (answerType(s).kind === "optional")
      body.push(`if (action.value === null) return ${s.pickOfLoop ? '"stop"' : '"none"'};`);
    if (from) body.push(`const item = ${list}[action.value];`, "if (item === undefined) return null;");
    else if (/\bvalue\b/.test(text)) body.push("const value = action.value;");
    body.push(`return ${text};`);
    const lines = pendingSiteCase(ctx, d, list + text, body);
    choices.set(s.name.text, [...(choices.get(s.name.text) ?? []), ...lines]);
  }
  cases.push(...choiceCases(choices));
  return {
    kind: StructureKind.Function,
    name: "describeAction",
    parameters: [
      { name: "state", type: "State" },
      { name: "action", type: "Action" },
    ],
    returnType: "string | null",
    docs: ["What the action does, in the words of its label in the rules; null for an action without a label."],
    statements: [
      ...(/\bviewer\b/.test(cases.join("\n")) ? ["const viewer = action.player;"] : []),
      "switch (action.type) {",
      ...cases,
      "}",
      "return null;",
    ],
  };
}

export function emitShownAction(ctx: EmitContext): Fn {
  const cases: string[] = [];
  for (const a of ctx.program.actions.values()) {
    if (!a.params.some((p) => p.from)) continue;
    const params = new Map<LocalSymbol, string>();
    const scope = actionScope(a, "action.player", params);
    const lines = bindParameters(ctx, a, scope, params, "return { ...action };");
    const shown = a.params
      .filter((p) => p.from)
      .map((p) => `${p.name.text}: ${viewValue(ctx.program, p.symbol!.type, params.get(p.symbol!)!)}`);
    cases.push(`case ${str(a.name.text)}: {`, ...lines, `return { ...action, ${shown.join(", ")} };`, "}");
  }
  const choices = new Map<string, string[]>();
  for (const d of ctx.program.decisions) {
    if (d.kind !== "choose" || !positionIn(d.stmt)) continue;
    const s = d.stmt;
    const scope = chooseScope(ctx, d, "item");
    const list = ctx.exprs.readOnlyOperand(s.domain.from!, scope);
    const body: string[] = [];
    if (answerType(s).kind === "optional") body.push("if (action.value === null) return { ...action };");
    body.push(
      `const item = ${list}[action.value];`,
      `return item === undefined ? { ...action } : { ...action, value: ${viewValue(ctx.program, answerType(s), "item")} };`,
    );
    const lines = pendingSiteCase(ctx, d, list, body);
    choices.set(s.name.text, [...(choices.get(s.name.text) ?? []), ...lines]);
  }
  cases.push(...choiceCases(choices));
  return {
    kind: StructureKind.Function,
    name: "shownAction",
    parameters: [
      { name: "state", type: "State" },
      { name: "action", type: "Action" },
    ],
    returnType: "ShownAction",
    docs: [
      "The action as its player reads it: what a position in a list stands for, as that player sees it. Never changes the state.",
    ],
    statements: [
      ...(cases.length > 0
        ? [
            ...(/\bviewer\b/.test(cases.join("\n")) ? ["const viewer = action.player;"] : []),
            "switch (action.type) {",
            ...cases,
            "}",
          ]
        : []),
      "return { ...action };",
    ],
  };
}
