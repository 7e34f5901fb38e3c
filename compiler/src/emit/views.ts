/**
 * Per-player views, generated from the visibility the rules declare: a private field shows as null to everyone
 * but its owner, a hidden list shows only its size, a `visible if` field shows where its condition holds.
 */
import {
  forEachExpr,
  listOf as listOfType,
  UNION_TAG,
  type Expr,
  type FieldDecl,
  type FieldInfo,
  type Program,
  type Type,
} from "@rules/dsl";
import { StructureKind, type StatementStructures } from "ts-morph";
import type { EmitContext } from "./context.ts";
import { plainScope, type Scope } from "./expressions.ts";
import { boardFields, boardGraphs } from "./view-shape.ts";
import { arrowBody, memberNeedsView, needsView, tsViewType, viewFieldType } from "./ts-types.ts";
import { LocalNames, typeName, valueName } from "./naming.ts";

export function emitViewTypes(ctx: EmitContext): StatementStructures[] {
  const out: StatementStructures[] = [];
  const p = ctx.program;
  for (const r of p.records.values()) {
    if (!needsView(p, { kind: "record", name: r.decl.name.text })) continue;
    out.push({
      kind: StructureKind.Interface,
      name: `${r.decl.name.text}View`,
      isExported: true,
      docs: [`A ${r.decl.name.text} as one player sees it (null: not visible to that player).`],
      properties: viewProperties(ctx, r.fields),
    });
  }
  for (const u of p.unions.values()) {
    const name = u.decl.name.text;
    if (!needsView(p, { kind: "enum", name })) continue;
    const members = [...u.members.values()].map(
      (m) =>
        `{ ${[`${UNION_TAG}: ${JSON.stringify(m.decl.name.text)}`, ...m.fields.map((f, i) => `${f.name}: ${m.decl.fields[i]?.shown ? "string" : tsViewType(p, f.type)}`)].join("; ")} }`,
    );
    out.push({
      kind: StructureKind.TypeAlias,
      name: `${name}View`,
      isExported: true,
      docs: [`A ${name} as players see it: the values the rules show as text are text.`],
      type: members.join(" | "),
    });
  }
  out.push({
    kind: StructureKind.Interface,
    name: "PlayerView",
    isExported: true,
    docs: ["One player's state as the viewer sees it."],
    properties: viewProperties(ctx, p.playerFields),
  });
  out.push({
    kind: StructureKind.Interface,
    name: "View",
    isExported: true,
    docs: ["What one player may see of the game."],
    properties: [
      { name: "viewer", type: "Player" },
      { name: "variant", type: "VariantName" },
      { name: "playerCount", type: "number" },
      { name: "players", type: "PlayerView[]" },
      ...viewProperties(ctx, p.globalFields),
      { name: "toAct", type: "Player[]", docs: ["Who must decide now."] },
      {
        name: "deciding",
        type: "string | null",
        docs: ["What the viewer must decide now: an action, or the name of a choice."],
      },
      ...(p.allowKinds.anytime
        ? [
            {
              name: "mayInterrupt",
              type: "boolean",
              docs: ["Whether the viewer, not asked anything, may interrupt now (`allow anytime`)."],
            },
          ]
        : []),
    ],
  });
  return out;
}

function viewProperties(
  ctx: EmitContext,
  fields: Map<string, FieldInfo>,
): { name: string; type: string; docs?: string[] }[] {
  const out: { name: string; type: string; docs?: string[] }[] = [];
  for (const f of fields.values()) {
    const t = viewFieldType(ctx.program, f.decl, f.type);
    if (t === undefined) continue;
    const vis = f.decl.visibility;
    const docs =
      vis.kind === "hidden"
        ? ["Hidden: only the number of elements."]
        : vis.kind === "valuesHidden"
          ? ["Its values hidden: only its keys, in the map's order."]
          : vis.kind === "private" && vis.sizeShown
            ? ["Its owner sees its elements; the others, only how many."]
            : [];
    out.push({ name: f.decl.name.text, type: t, docs });
  }
  return out;
}

/** The code for a value as `viewer` sees it (copied, so a view never shares data with the state). */
export function viewValue(program: Program, t: Type, code: string): string {
  if (t.kind === "list") {
    if (needsView(program, t.element)) return `${code}.map((x) => ${arrowBody(viewValue(program, t.element, "x"))})`;
    const objects =
      t.element.kind === "list" || t.element.kind === "record" || viewValue(program, t.element, "x") !== "x";
    return objects ? `clone(${code})` : `${code}.slice()`;
  }
  if (t.kind === "record") {
    return needsView(program, t) ? `view${t.name}(state, ${code}, viewer)` : `clone(${code})`;
  }
  if (t.kind === "hex") return `hexView(${code})`;
  if (t.kind === "cell") return `cellView(${code})`;
  if (t.kind === "deck") {
    // Face down: only how many cards are left to draw; the discard pile face up.
    return `{ pile: ${code}.pile.length, discard: ${viewValue(program, listOfType(t.element), `${code}.discard`)} }`;
  }
  if (t.kind === "map") {
    if (t.key.kind === "hex") return `hexKeyedView(${code}, (x) => ${arrowBody(viewValue(program, t.value, "x"))})`;
    if (t.key.kind === "cell") return `cellKeyedView(${code}, (x) => ${arrowBody(viewValue(program, t.value, "x"))})`;
    if (needsView(program, t.value))
      return `mapMapValues(${code}, (x) => ${arrowBody(viewValue(program, t.value, "x"))})`;
    return `clone(${code})`;
  }
  // A union's member is an object: a copy, like a record's, or its view when some of its values are shown as text.
  if (t.kind === "enum") {
    if (needsView(program, t)) return `view${t.name}(state, ${code})`;
    return program.unions.has(t.name) ? `clone(${code})` : code;
  }
  if (t.kind === "optional") {
    if (needsView(program, t.inner)) return `${code} === null ? null : ${viewValue(program, t.inner, code)}`;
    const isObject = t.inner.kind === "list" || t.inner.kind === "record" || viewValue(program, t.inner, code) !== code;
    return isObject ? `clone(${code})` : code;
  }
  return code;
}

/**
 * An element of `list` (the list an action's parameter or a choice's answer is taken from) as its player sees it: the
 * text of the list's field when it is declared `shown "..."` (`hand: list<int> shown "{COMBAT[hand].id}"` shows a
 * card by its name, not its row in the table), else its view. Only a text that reads nothing but the element and the
 * game's data is used: one reading the owner's other fields is left to the view of the whole field.
 */
export function elementView(ctx: EmitContext, list: Expr, element: Type, code: string): string {
  const field = fieldOf(ctx.program, list);
  const bound = field?.shownElement;
  const text = field?.shown;
  if (bound === undefined || text === undefined) return viewValue(ctx.program, element, code);
  if (!text.parts) return JSON.stringify(text.value);
  const readsOnlyElement = text.parts.every(
    (part) =>
      typeof part === "string" ||
      everyExpr(part, (x) =>
        x.kind !== "name"
          ? true
          : x.ref?.kind === "local"
            ? x.ref.symbol === bound
            : x.ref?.kind !== "recordField" &&
              !(x.ref?.kind === "builtin" && (x.ref.name === "viewer" || x.ref.name === "owner")),
      ),
  );
  if (!readsOnlyElement) return viewValue(ctx.program, element, code);
  const scope = plainScope();
  return ctx.exprs.text(text.parts, { ...scope, local: (s) => (s === bound ? code : scope.local(s)) });
}

/** The field `e` reads, when it is one: a global field, a player's, or a record's. */
function fieldOf(program: Program, e: Expr): FieldDecl | undefined {
  if (e.kind === "name") return e.ref?.kind === "global" ? program.globalFields.get(e.ref.field)?.decl : undefined;
  if (e.kind !== "member") return undefined;
  const owner = e.object.type;
  if (owner?.kind === "player") return program.playerFields.get(e.name.text)?.decl;
  if (owner?.kind === "record") return program.records.get(owner.name)?.fields.get(e.name.text)?.decl;
  return undefined;
}

/** Whether `test` holds for `e` and every expression inside it. */
function everyExpr(e: Expr, test: (x: Expr) => boolean): boolean {
  let holds = true;
  forEachExpr(e, (x) => {
    if (!test(x)) holds = false;
  });
  return holds;
}

/** The keys of a map, as players see them (squares and cells as coordinates). */
function keysView(key: Type, code: string): string {
  if (key.kind === "hex") return `mapNumberKeys(${code}).map((k) => hexView(k))`;
  if (key.kind === "cell") return `mapNumberKeys(${code}).map((k) => cellView(k))`;
  return key.kind === "enum" || key.kind === "string" ? `mapKeys(${code})` : `mapNumberKeys(${code})`;
}

function fieldView(
  ctx: EmitContext,
  f: FieldDecl,
  t: Type,
  code: string,
  visible: string,
  scope: Scope,
): string | undefined {
  // A field `shown "..."` shows its text instead of its value; a list, each element's (named like the field).
  const element = f.shownElement;
  const text = (s: Scope): string =>
    f.shown!.parts ? ctx.exprs.text(f.shown!.parts, s) : JSON.stringify(f.shown!.value);
  const shown = !f.shown
    ? viewValue(ctx.program, t, code)
    : element
      ? `${code}.map((element) => ${text({ ...scope, local: (s) => (s === element ? "element" : scope.local(s)) })})`
      : text(scope);
  switch (f.visibility.kind) {
    case "public":
      return shown;
    case "valuesHidden":
      return t.kind === "map" ? keysView(t.key, code) : undefined;
    case "hidden":
      if (t.kind === "map") return `mapSize(${code})`;
      if (t.kind === "deck") return `${code}.pile.length`;
      return t.kind === "list" ? `${code}.length` : undefined;
    case "private":
      return `${visible} ? ${shown} : ${f.visibility.sizeShown ? `${code}.length` : "null"}`;
    case "visibleIf":
      return `${visible} ? ${shown} : null`;
  }
}

/** `view<Name>(state, ...)`: exported for the generated tests, which give such values as their player sees them. */
function viewFunction(
  name: string,
  params: { name: string; type: string }[],
  statements: string[],
): StatementStructures {
  return {
    kind: StructureKind.Function,
    name: `view${name}`,
    isExported: true,
    parameters: [{ name: "state", type: "State" }, ...params],
    returnType: `${name}View`,
    docs: [`A ${name} as players see it.`],
    statements,
  };
}

/** `boardView(state)`: the derived data a board shows every player (see `boardFields`); none when there is none. */
export function emitBoardView(ctx: EmitContext): StatementStructures | undefined {
  const board = boardFields(ctx.program);
  const graphs = boardGraphs(ctx.program);
  if (board.size === 0 && graphs.size === 0) return undefined;
  const props = [
    ...[...board].map(([name, f]) => `${name}: ${viewValue(ctx.program, f.type, `derived(state).${name}`)}`),
    ...[...graphs].map(([name, t]) => `${name}: ${viewValue(ctx.program, t, valueName(ctx.program, name))}`),
  ];
  return {
    kind: StructureKind.Function,
    name: "boardView",
    parameters: [{ name: "state", type: "State" }],
    returnType: "Record<string, unknown>",
    docs: [
      "The board every player sees: what the rules derive from the setup (`derived` data computed only from what all players see) and the maps of places among the constants; what a board drawn for them lays out.",
    ],
    statements: [`return { ${props.join(", ")} };`],
  };
}

export function emitViewFunctions(ctx: EmitContext): StatementStructures[] {
  const out: StatementStructures[] = [];
  const p = ctx.program;
  for (const r of p.records.values()) {
    const name = r.decl.name.text;
    if (!needsView(p, { kind: "record", name })) continue;
    const scope: Scope = { ...plainScope(), recordVar: "record", recordType: name, viewerVar: "viewer" };
    const props = [...r.fields.values()].flatMap((f) => {
      const vis = f.decl.visibility;
      const visible =
        vis.kind === "private"
          ? "viewer === record.owner"
          : vis.kind === "visibleIf"
            ? ctx.exprs.paren(vis.condition, scope)
            : "true";
      const v = fieldView(ctx, f.decl, f.type, `record.${f.decl.name.text}`, visible, scope);
      return v === undefined ? [] : [`${f.decl.name.text}: ${v}`];
    });
    out.push(
      viewFunction(
        name,
        [
          { name: "record", type: typeName(name) },
          { name: "viewer", type: "Player" },
        ],
        [`return { ${props.join(", ")} };`],
      ),
    );
  }
  for (const u of p.unions.values()) {
    const name = u.decl.name.text;
    if (!needsView(p, { kind: "enum", name })) continue;
    const lines: string[] = [];
    for (const m of u.members.values()) {
      if (!memberNeedsView(m.decl, m.fields)) continue;
      const names = new LocalNames(["state", "value"]);
      const scope: Scope = { names, local: (s) => names.nameOf(s) };
      const symbols = m.decl.fieldSymbols ?? [];
      const values = m.fields.map((f, i) => {
        const shown = m.decl.fields[i]?.shown;
        if (!shown) return `${f.name}: ${viewValue(p, f.type, `value.${f.name}`)}`;
        return `${f.name}: ${shown.parts ? ctx.exprs.text(shown.parts, scope) : JSON.stringify(shown.value)}`;
      });
      const bound = symbols.filter((s) => values.some((v) => new RegExp(`\\b${names.nameOf(s)}\\b`).test(v)));
      lines.push(
        `if (value.${UNION_TAG} === ${JSON.stringify(m.decl.name.text)}) {`,
        ...bound.map((s) => `const ${names.nameOf(s)} = value.${s.name};`),
        `return { ${[`${UNION_TAG}: value.${UNION_TAG}`, ...values].join(", ")} };`,
        "}",
      );
    }
    out.push(viewFunction(name, [{ name: "value", type: typeName(name) }], [...lines, "return { ...value };"]));
  }
  const playerScope: Scope = {
    ...plainScope(),
    recordVar: "mine",
    recordType: "PlayerState",
    viewerVar: "viewer",
    ownerVar: "owner",
  };
  const playerProps = [...p.playerFields.values()].flatMap((f) => {
    const vis = f.decl.visibility;
    const visible =
      vis.kind === "private"
        ? "viewer === owner"
        : vis.kind === "visibleIf"
          ? ctx.exprs.paren(vis.condition, playerScope)
          : "true";
    const v = fieldView(ctx, f.decl, f.type, `mine.${f.decl.name.text}`, visible, playerScope);
    return v === undefined ? [] : [`${f.decl.name.text}: ${v}`];
  });
  out.push({
    kind: StructureKind.Function,
    name: "viewPlayer",
    parameters: [
      { name: "state", type: "State" },
      { name: "mine", type: "PlayerState" },
      { name: "owner", type: "Player" },
      { name: "viewer", type: "Player" },
    ],
    returnType: "PlayerView",
    statements: [`return { ${playerProps.join(", ")} };`],
  });
  const globalScope: Scope = { ...plainScope(), viewerVar: "viewer" };
  const globalProps = [...p.globalFields.values()].flatMap((f) => {
    const vis = f.decl.visibility;
    const visible = vis.kind === "visibleIf" ? ctx.exprs.paren(vis.condition, globalScope) : "false";
    const v = fieldView(ctx, f.decl, f.type, `state.${f.decl.name.text}`, visible, globalScope);
    return v === undefined ? [] : [`${f.decl.name.text}: ${v}`];
  });
  out.push({
    kind: StructureKind.Function,
    name: "view",
    parameters: [
      { name: "state", type: "State" },
      { name: "viewer", type: "Player" },
    ],
    returnType: "View",
    docs: ["What `viewer` may see: everything the rules hide from that player is left out."],
    statements: [
      "const deciding = state.pending !== null && state.pending.players.includes(viewer) ? DECISION_NAMES[state.pending.site] ?? null : null;",
      "return {",
      "viewer,",
      "variant: state.variant,",
      "playerCount: state.playerCount,",
      "players: state.players.map((mine, owner) => viewPlayer(state, mine, owner, viewer)),",
      ...globalProps.map((g) => `${g},`),
      "toAct: state.pending === null ? [] : state.pending.players.slice(),",
      "deciding,",
      ...(ctx.program.allowKinds.anytime ? ["mayInterrupt: mayInterrupt(state, viewer),"] : []),
      "};",
    ],
  });
  return out;
}
