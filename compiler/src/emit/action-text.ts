/**
 * An action in words: `describeAction` (the label the rules give it) and `shownAction` (what a position in a list
 * stands for, as its player sees it).
 */
import { withoutNone, type ActionDecl, type DecisionSite, type Expr, type LocalSymbol } from "@rules/dsl";
import { StructureKind } from "ts-morph";
import type { EmitContext } from "./context.ts";
import type { Scope } from "./expressions.ts";
import { elementView } from "./views.ts";
import { str } from "./naming.ts";
import { stopSites, positionIn, answerType, type Fn } from "./decisions.ts";
import { actionScope, chooseScope } from "./decision-domains.ts";

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

/**
 * `actionPlaces(state, action)`: the squares and cells an action's label names (`action Step(d: HexDir) "sail {d} to
 * {step(me.pos, d)}"`), in views' form, where a board drawn for the player may offer the action: a click on the
 * square it sails to. Undefined when no label names one.
 */
export function emitActionPlaces(ctx: EmitContext): Fn | undefined {
  const cases: string[] = [];
  const kinds = new Set<string>();
  // A square or cell, or an optional one (`{landing(x)}`: none names nothing).
  const placeKind = (e: Expr): "hex" | "cell" | undefined => {
    const t = e.type?.kind === "optional" ? e.type.inner : e.type;
    return t?.kind === "hex" || t?.kind === "cell" ? t.kind : undefined;
  };
  for (const a of ctx.program.actions.values()) {
    const places = (a.label?.parts ?? []).filter((p): p is Expr => typeof p !== "string" && placeKind(p) !== undefined);
    if (places.length === 0) continue;
    const params = new Map<LocalSymbol, string>();
    const scope = actionScope(a, "action.player", params);
    const lines = bindParameters(ctx, a, scope, params, "return [];");
    // Each place in views' form; an optional one named first, and left out when it is none.
    const views = places.map((p) => {
      const kind = placeKind(p)!;
      kinds.add(kind === "hex" ? "HexView" : "CellView");
      const view = kind === "hex" ? "hexView" : "cellView";
      if (p.type?.kind !== "optional") return { view: `${view}(${ctx.exprs.emit(p, scope)})` };
      const place = scope.names.fresh("place");
      lines.push(`const ${place} = ${ctx.exprs.emit(p, scope)};`);
      return { view: `${view}(${place})`, unless: `${place} === null` };
    });
    const [one] = views;
    const list =
      views.length === 1 && one!.unless !== undefined
        ? `${one!.unless} ? [] : [${one!.view}]`
        : `[${views.map((v) => (v.unless === undefined ? v.view : `...(${v.unless} ? [] : [${v.view}])`)).join(", ")}]`;
    cases.push(`case ${str(a.name.text)}: {`, ...lines, `return ${list};`, "}");
  }
  if (cases.length === 0) return undefined;
  return {
    kind: StructureKind.Function,
    name: "actionPlaces",
    parameters: [
      { name: "state", type: "State" },
      { name: "action", type: "Action" },
    ],
    returnType: kinds.size === 1 ? `${[...kinds][0]}[]` : "(HexView | CellView)[]",
    docs: ["The squares and cells the action's label names (where it goes), as views show them."],
    statements: [
      ...(/\bviewer\b/.test(cases.join("\n")) ? ["const viewer = action.player;"] : []),
      "switch (action.type) {",
      ...cases,
      "}",
      "return [];",
    ],
  };
}

/**
 * `shownAction`: an action as its player reads it. A parameter or answer taken `in` a list is a position in that
 * list; for people (the terminal game, logs) it is replaced by the value it stands for, as that player's view would
 * show it (a list's `shown` text, see `elementView`). Anything else, and a position outside its list, stays as it is.
 */
export function emitShownAction(ctx: EmitContext): Fn {
  const cases: string[] = [];
  for (const a of ctx.program.actions.values()) {
    if (!a.params.some((p) => p.from)) continue;
    const params = new Map<LocalSymbol, string>();
    const scope = actionScope(a, "action.player", params);
    const lines = bindParameters(ctx, a, scope, params, "return { ...action };");
    const shown = a.params
      .filter((p) => p.from)
      .map((p) => `${p.name.text}: ${elementView(ctx, p.from!, p.symbol!.type, params.get(p.symbol!)!)}`);
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
      `return item === undefined ? { ...action } : { ...action, value: ${elementView(ctx, s.domain.from!, withoutNone(answerType(s)), "item")} };`,
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
