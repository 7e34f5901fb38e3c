/** Rules types -> TypeScript types, for the state and for per-player views. */
import {
  UNION_TAG,
  declaredRange,
  writtenOutOfRange,
  type Expr,
  type FieldDecl,
  type FieldInfo,
  type Program,
  type Type,
} from "@rules/dsl";
import { typeName } from "./naming.ts";

export function tsType(t: Type): string {
  switch (t.kind) {
    case "int":
      return "number";
    case "bool":
      return "boolean";
    case "string":
      return "string";
    case "player":
      return "Player";
    case "hex":
      return "Hex";
    case "cell":
      return "Cell";
    case "enum":
    case "record":
      return typeName(t.name);
    case "list": {
      const inner = tsType(t.element);
      return /^[A-Za-z]+$/.test(inner) ? `${inner}[]` : `Array<${inner}>`;
    }
    case "map":
      return `Partial<Record<${tsType(t.key)}, ${tsType(t.value)}>>`;
    case "deck":
      return `Deck<${tsType(t.element)}>`;
    case "optional":
      return orNull(tsType(t.inner));
    case "void":
      return "void";
    case "error":
    case "unknown":
      return "never";
  }
}

/** `T | null`, once: an optional value a viewer may not see is null either way. */
function orNull(ts: string): string {
  return ts.endsWith(" | null") ? ts : `${ts} | null`;
}

/**
 * Whether something inside a value of type `t` (through lists, decks, map values, optionals and record fields) meets
 * `leaf`, or is a record field that meets `field`.
 */
function anyInside(
  program: Program,
  t: Type,
  leaf: (t: Type) => boolean,
  field: (f: FieldInfo) => boolean,
  seen: Set<string> = new Set(),
): boolean {
  if (leaf(t)) return true;
  if (t.kind === "list" || t.kind === "deck") return anyInside(program, t.element, leaf, field, seen);
  if (t.kind === "map") return anyInside(program, t.value, leaf, field, seen);
  if (t.kind === "optional") return anyInside(program, t.inner, leaf, field, seen);
  if (t.kind !== "record" || seen.has(t.name)) return false;
  seen.add(t.name);
  const r = program.records.get(t.name);
  return [...(r?.fields.values() ?? [])].some((f) => field(f) || anyInside(program, f.type, leaf, field, seen));
}

/**
 * The range of the numbers inside a list or map of type `t` (`list<1..6>`, `map<Weapon, 0..>`, or lists and maps of
 * them), which a list or map stored whole must keep; undefined when `t` is no list or map, or its numbers have none.
 */
export function rangeInside(t: Type | undefined): { readonly low?: number; readonly high?: number } | undefined {
  if (t?.kind !== "list" && t?.kind !== "map") return undefined;
  const inner = t.kind === "list" ? t.element : t.value;
  return rangeInside(inner) ?? declaredRange(inner);
}

/**
 * Whether a number worked out by `e` may grow past the whole numbers the engine keeps exactly (runtime
 * `wholeNumber`): a product, a sum or difference of two values neither of which is written out, a function's result,
 * a sum over a list. A number written out, read from a place of the game or drawn from a list (checked when it was
 * stored), counted, or moved by a written-out number (`coins + 1`, which would take more steps than any game plays)
 * cannot. A local is read as a place is, though nothing checked it (the guide's Limitations say so): checking every
 * `let` of a function's result wrapped dozens of M&M's small counts for nothing.
 */
export function mayOutgrow(e: Expr): boolean {
  switch (e.kind) {
    case "int":
    case "name":
    case "member":
    case "index":
      return false;
    case "unary":
      return mayOutgrow(e.operand);
    case "conditional":
      return mayOutgrow(e.then) || mayOutgrow(e.otherwise);
    case "binary":
      if (e.op === "*") return true;
      if (e.op === "+" || e.op === "-") {
        if (e.right.kind === "int") return mayOutgrow(e.left);
        if (e.left.kind === "int") return mayOutgrow(e.right);
        return true;
      }
      if (e.op === "??") return mayOutgrow(e.left) || mayOutgrow(e.right);
      // `/` and `%` shrink; the others give no number.
      return false;
    case "aggregate":
      if (e.op === "sum") return true;
      return e.body !== undefined && (e.op === "min" || e.op === "max") && mayOutgrow(e.body);
    case "call":
      if (e.target !== "builtin") return true;
      if (e.callee.text === "min" || e.callee.text === "max" || e.callee.text === "abs") return e.args.some(mayOutgrow);
      // A player's score is worked out by the scoring rules; the other builtins count, measure, or give a value
      // stored in the game (`draw`, `rowOf`).
      return e.callee.text === "score";
    default:
      return true;
  }
}

/**
 * `value`, stored in a place of type `t`: checked against the range `t` declares (`declaredRange`), or each of its
 * numbers against theirs when it is a list or map (`rangeInside`), `where` the rule's line and column; as it is when
 * `t` declares none, or when `source`, the value's expression, writes it out. A plain `int` is checked to be a whole
 * number kept exactly when its value may have grown past one (`grows`: by default, when `source` may, `mayOutgrow`).
 */
export function keptInRange(
  t: Type | undefined,
  value: string,
  where: string,
  source?: Expr,
  grows: boolean = source !== undefined && mayOutgrow(source),
): string {
  // Numbers written out in the rules were held to the range when they compiled (`writtenOutOfRange`).
  if (t !== undefined && source !== undefined && writtenOutOfRange(source, t) !== null) return value;
  const inside = rangeInside(t);
  if (inside !== undefined) return `allInRange(${value}, ${inside.low}, ${inside.high}, ${where})`;
  const range = declaredRange(t);
  if (range === undefined) return t?.kind === "int" && grows ? `wholeNumber(${value}, ${where})` : value;
  if (range.high === undefined && range.low !== undefined) return `atLeast(${value}, ${range.low}, ${where})`;
  return `inRange(${value}, ${range.low}, ${range.high}, ${where})`;
}

/** Whether a member of a union shows differently in a view: a value shown as text, or a square (shown as coordinates). */
export function memberNeedsView(
  decl: { readonly fields: readonly { readonly shown?: unknown }[] },
  fields: readonly { readonly type: Type }[],
): boolean {
  return (
    decl.fields.some((f) => f.shown !== undefined) ||
    fields.some((f) => {
      const inner = f.type.kind === "optional" ? f.type.inner : f.type;
      return inner.kind === "hex" || inner.kind === "cell";
    })
  );
}

/**
 * Whether a value of this type shows differently in a view: some viewer may be denied part of it, or it holds hexes
 * (shown as coordinates), decks (the size of their pile) or values shown as text.
 */
export function needsView(program: Program, t: Type): boolean {
  return anyInside(
    program,
    t,
    (x) =>
      x.kind === "hex" ||
      x.kind === "cell" ||
      x.kind === "deck" ||
      (x.kind === "map" && (x.key.kind === "hex" || x.key.kind === "cell")) ||
      (x.kind === "enum" &&
        [...(program.unions.get(x.name)?.members.values() ?? [])].some((m) => memberNeedsView(m.decl, m.fields))),
    (f) => f.decl.visibility.kind !== "public" || f.decl.shown !== undefined,
  );
}

/** Whether some viewer may be denied part of a value of this type (a record with a field that is not public). */
export function hidesSomething(program: Program, t: Type): boolean {
  return anyInside(
    program,
    t,
    () => false,
    (f) => f.decl.visibility.kind !== "public",
  );
}

/** The TypeScript type of a value as a viewer sees it. */
export function tsViewType(program: Program, t: Type): string {
  if (t.kind === "list") {
    const inner = tsViewType(program, t.element);
    return /^[A-Za-z]+$/.test(inner) ? `${inner}[]` : `Array<${inner}>`;
  }
  if (t.kind === "optional") return orNull(tsViewType(program, t.inner));
  if (t.kind === "deck") return `DeckView<${tsViewType(program, t.element)}>`;
  if (t.kind === "map") {
    const key = t.key.kind === "hex" || t.key.kind === "cell" ? "string" : tsType(t.key);
    return `Partial<Record<${key}, ${tsViewType(program, t.value)}>>`;
  }
  if ((t.kind === "record" || t.kind === "enum") && needsView(program, t)) return `${t.name}View`;
  if (t.kind === "hex") return "HexView";
  if (t.kind === "cell") return "CellView";
  return tsType(t);
}

/** How a field appears in a view: the same, `T | null` when some viewers may not see it, a size, or absent. */
export function viewFieldType(program: Program, f: FieldDecl, t: Type): string | undefined {
  // A field `shown "..."` shows as its text.
  const shown = f.shown ? (t.kind === "list" ? "string[]" : "string") : undefined;
  switch (f.visibility.kind) {
    case "public":
      return shown ?? tsViewType(program, t);
    case "private":
      // `elements private`: the owner sees the list, the others its size.
      if (f.visibility.sizeShown) return `${shown ?? tsViewType(program, t)} | number`;
      return orNull(shown ?? tsViewType(program, t));
    case "visibleIf":
      return orNull(shown ?? tsViewType(program, t));
    case "hidden":
      return t.kind === "list" || t.kind === "map" || t.kind === "deck" ? "number" : undefined;
    case "valuesHidden":
      // The keys, in the map's order.
      return t.kind === "map" ? `${tsViewType(program, t.key)}[]` : undefined;
  }
}

/** The value storage of type `t` starts with when the rules give none: 0, false, "", [], an enum's first member. */
export function zeroValue(program: Program, t: Type): string {
  switch (t.kind) {
    case "int":
      // A range that leaves 0 out starts at its end nearest to 0 (`luck: 1..6` starts at 1).
      if (t.low !== undefined && t.low > 0) return String(t.low);
      if (t.high !== undefined && t.high < 0) return String(t.high);
      return "0";
    case "player":
      return "0";
    case "bool":
      return "false";
    case "string":
      return '""';
    case "list":
      return "[]";
    case "deck":
      return "{ pile: [], discard: [] }";
    case "hex":
      return "hexOf(0, 0)";
    case "cell":
      return "cellOf(0, 0)";
    case "optional":
      return "null";
    case "map": {
      // A map keyed by a plain enum starts with every member, each with the zero of its values: a price per good.
      if (t.key.kind !== "enum" || program.unions.has(t.key.name)) return "{}";
      const members = program.enums.get(t.key.name)!.members.map((m) => m.name.text);
      return `{ ${members.map((m) => `${m}: ${zeroValue(program, t.value)}`).join(", ")} }`;
    }
    case "enum": {
      const union = program.unions.get(t.name);
      if (!union) return JSON.stringify(program.enums.get(t.name)!.members[0]!.name.text);
      // A union starts as its first member, carrying zero values.
      const [first] = union.members.values();
      return memberValue(
        first!.decl.name.text,
        first!.fields.map((f) => [f.name, zeroValue(program, f.type)]),
      );
    }
    case "record": {
      const r = program.records.get(t.name)!;
      return `{ ${[...r.fields.values()].map((f) => `${f.decl.name.text}: ${zeroValue(program, f.type)}`).join(", ")} }`;
    }
    default:
      throw new Error(`internal: no zero value for ${t.kind}`);
  }
}

/** A member of a union as a value: `{ kind: "tile", id: 17 }`. */
export function memberValue(member: string, fields: readonly (readonly [string, string])[]): string {
  const entries = fields.map(([name, code]) => (name === code ? name : `${name}: ${code}`));
  return `{ ${[`${UNION_TAG}: ${JSON.stringify(member)}`, ...entries].join(", ")} }`;
}

/** The body of an arrow function: an object literal needs parentheses, or it would read as a block. */
export function arrowBody(code: string): string {
  return code.startsWith("{") ? `(${code})` : code;
}

/** A number, flag, text, player, square or member of an enum that carries no values: copying it is taking it. */
export function isPlainValue(program: Program, t: Type): boolean {
  switch (t.kind) {
    case "int":
    case "bool":
    case "string":
    case "player":
    case "hex":
    case "cell":
      return true;
    case "enum":
      return !program.unions.has(t.name);
    default:
      return false;
  }
}

/** A plain value, or none: a record of such fields is copied by a spread. */
export function isFlatValue(program: Program, t: Type): boolean {
  return isPlainValue(program, t) || (t.kind === "optional" && isPlainValue(program, t.inner));
}
