/**
 * Enumeration: `offerX` for each action, the answers each decision offers by itself, `legalActions`, and the choices
 * with a single answer, which the rules take without asking (`when several`).
 */
import {
  forEachExpr,
  type ActionDecl,
  type DecisionSite,
  type Expr,
  type LocalSymbol,
  type Program,
  leadingRequirements,
  rangeEnd,
  withoutNone,
} from "@rules/dsl";
import { StructureKind } from "ts-morph";
import type { EmitContext } from "./context.ts";
import { answerAloneName, str } from "./naming.ts";
import { tsType } from "./ts-types.ts";
import { treeFacts } from "./tree-facts.ts";
import { positionIn, answerType, describeSite, type Fn } from "./decisions.ts";
import { domainLoop, actionScope, chooseScope } from "./decision-domains.ts";
import { hasCompletingBlocks } from "./completing.ts";

/** Which actions the engine plays and which it only asks about, by program (see `actionsInPlay`). */
const inPlay = new WeakMap<Program, { readonly taken: ReadonlySet<string>; readonly asked: ReadonlySet<string> }>();

/**
 * The actions a player can take (`taken`: those an `act` offers, windows' included, and those `allow` blocks offer)
 * and those the engine must judge (`asked`: these, and those `offers(p, X)` asks about). An action in neither, which
 * no player can take (the checker warns, unless a test names it, to expect it refused, or a variant replaces it), has
 * no rules in the engine: no check, no offer, no effects.
 */
export function actionsInPlay(program: Program): {
  readonly taken: ReadonlySet<string>;
  readonly asked: ReadonlySet<string>;
} {
  const known = inPlay.get(program);
  if (known !== undefined) return known;
  const taken = new Set<string>(program.allowed);
  for (const d of program.decisions) if (d.kind === "act") for (const a of d.stmt.actions) taken.add(a.text);
  const asked = new Set(taken);
  for (const call of treeFacts(program).calls) {
    const action = call.args[1];
    if (call.target === "builtin" && call.callee.text === "offers" && action?.kind === "name") asked.add(action.name);
  }
  const found = { taken, asked };
  inPlay.set(program, found);
  return found;
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
  // An element no requirement reads needs no variable (its declaration may be a line of a loop's head).
  if (!replaced) {
    for (let i = lines.length - 1; i >= 0; i--) {
      for (const [statement, declared] of lines[i]!.matchAll(/^const (\w+Item) = [^;\n]*;$/gm)) {
        const reads = new RegExp(`\\b${declared}\\b`, "g");
        const uses = lines.reduce((n, l) => n + (l.match(reads)?.length ?? 0), 0);
        if (uses === 1)
          lines[i] = lines[i]!.split("\n")
            .filter((l) => l !== statement)
            .join("\n");
      }
    }
    for (let i = lines.length - 1; i >= 0; i--) if (lines[i] === "") lines.splice(i, 1);
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
    const { lines, condition } = choiceLoop(ctx, d, true, !optional || hasCompletingBlocks(ctx.program));
    const element = positionIn(s) ? "item" : "value";
    const elementType = tsType(withoutNone(answerType(s)));
    const docs = [
      `${describeSite(ctx, d)}: takes its single answer, if it has only one; false when the player must choose.`,
    ];
    const cond = condition ? `if (${condition}) ` : "";
    let statements: string[];
    if (hasCompletingBlocks(ctx.program)) {
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
export function ownAnswerCases(ctx: EmitContext): string[] {
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
  const completing = hasCompletingBlocks(ctx.program);
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
