/** Rules types -> TypeScript types, for the state and for per-player views. */
import type { FieldDecl, Program, Type } from "@rules/dsl";

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
    case "enum":
    case "record":
      return t.name;
    case "list": {
      const inner = tsType(t.element);
      return /^[A-Za-z]+$/.test(inner) ? `${inner}[]` : `Array<${inner}>`;
    }
    case "void":
      return "void";
    case "error":
    case "unknown":
      return "never";
  }
}

/** Whether some viewer may be denied part of a value of this type, so it needs its own view type. */
export function needsView(program: Program, t: Type, seen: Set<string> = new Set()): boolean {
  if (t.kind === "list") return needsView(program, t.element, seen);
  if (t.kind !== "record" || seen.has(t.name)) return false;
  seen.add(t.name);
  const r = program.records.get(t.name);
  if (!r) return false;
  return [...r.fields.values()].some((f) => f.decl.visibility.kind !== "public" || needsView(program, f.type, seen));
}

/** The TypeScript type of a value as a viewer sees it. */
export function tsViewType(program: Program, t: Type): string {
  if (t.kind === "list") {
    const inner = tsViewType(program, t.element);
    return /^[A-Za-z]+$/.test(inner) ? `${inner}[]` : `Array<${inner}>`;
  }
  if (t.kind === "record" && needsView(program, t)) return `${t.name}View`;
  return tsType(t);
}

/** How a field appears in a view: the same, `T | null` when some viewers may not see it, a size, or absent. */
export function viewFieldType(program: Program, f: FieldDecl, t: Type): string | undefined {
  switch (f.visibility.kind) {
    case "public":
      return tsViewType(program, t);
    case "private":
    case "visibleIf":
      return `${tsViewType(program, t)} | null`;
    case "hidden":
      return t.kind === "list" ? "number" : undefined;
  }
}

/** A zero value for a type without an initial value (0, false, "", []). */
export function zeroValue(t: Type): string | undefined {
  switch (t.kind) {
    case "int":
      return "0";
    case "bool":
      return "false";
    case "string":
      return '""';
    case "list":
      return "[]";
    default:
      return undefined;
  }
}
