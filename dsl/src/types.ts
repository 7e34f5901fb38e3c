/** The checker's types. Integer ranges are `int` with bounds; `Player` is a seat number. */
export type Type =
  | { readonly kind: "int"; readonly low?: number; readonly high?: number }
  | { readonly kind: "bool" }
  | { readonly kind: "string" }
  | { readonly kind: "player" }
  /** A square of a hex grid (axial coordinates q, r): a value, compared like a number. */
  | { readonly kind: "hex" }
  /** A cell of a square grid (x to the right, y downwards): a value, compared like a number. */
  | { readonly kind: "cell" }
  | { readonly kind: "enum"; readonly name: string }
  | { readonly kind: "record"; readonly name: string }
  | { readonly kind: "list"; readonly element: Type }
  /** `deck<T>`: a face-down draw pile (`pile`) and a face-up discard pile (`discard`) of T. */
  | { readonly kind: "deck"; readonly element: Type; readonly neverReshuffled?: true }
  /** `map<K, V>`: values of type V found by keys of type K (an enum, Player, int, Hex or Cell). */
  | { readonly kind: "map"; readonly key: Type; readonly value: Type }
  /** `T?`: a value of `inner`, or none. `none` alone is an optional of the unknown type. */
  | { readonly kind: "optional"; readonly inner: Type }
  /** No value (procedures). */
  | { readonly kind: "void" }
  /** The type of an expression that already failed to check: accepted everywhere, so one error is reported once. */
  | { readonly kind: "error" }
  /** The empty list literal `[]` before it meets its expected type. */
  | { readonly kind: "unknown" };

export const INT: Type = { kind: "int" };
export const BOOL: Type = { kind: "bool" };
export const STRING: Type = { kind: "string" };
export const PLAYER: Type = { kind: "player" };
export const HEX: Type = { kind: "hex" };
export const CELL: Type = { kind: "cell" };
export const VOID: Type = { kind: "void" };
export const ERROR: Type = { kind: "error" };
export const UNKNOWN: Type = { kind: "unknown" };

export function listOf(element: Type): Type {
  return { kind: "list", element };
}

export function mapOf(key: Type, value: Type): Type {
  return { kind: "map", key, value };
}

export function optionalOf(inner: Type): Type {
  return { kind: "optional", inner };
}

/** The type of a value without its none: `Card` for `Card?`, and any other type as it is. */
export function withoutNone(t: Type): Type {
  return t.kind === "optional" ? t.inner : t;
}

/** The type of `none` before it meets its expected type. */
export const NONE: Type = optionalOf(UNKNOWN);

export function typeToString(t: Type): string {
  switch (t.kind) {
    case "int":
      if (t.low === undefined) return "int";
      return t.high === undefined ? `${t.low}..` : `${t.low}..${t.high}`;
    case "bool":
      return "bool";
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
      return t.name;
    case "list":
      return `list<${typeToString(t.element)}>`;
    case "map":
      return `map<${typeToString(t.key)}, ${typeToString(t.value)}>`;
    case "deck":
      return `deck<${typeToString(t.element)}>${t.neverReshuffled ? " never reshuffled" : ""}`;
    case "optional":
      return t.inner.kind === "unknown" ? "none" : `${typeToString(t.inner)}?`;
    case "void":
      return "nothing";
    case "error":
      return "<error>";
    case "unknown":
      return "<unknown>";
  }
}

/** Whether a value of type `from` may be used where `to` is expected. */
export function isAssignable(from: Type, to: Type): boolean {
  if (from.kind === "error" || to.kind === "error") return true;
  if (from.kind === "unknown" || to.kind === "unknown") return true;
  switch (to.kind) {
    case "int":
      return from.kind === "int";
    case "enum":
    case "record":
      return from.kind === to.kind && from.name === to.name;
    case "list":
      return from.kind === "list" && (from.element.kind === "unknown" || isAssignable(from.element, to.element));
    case "deck":
      return (
        from.kind === "deck" &&
        from.neverReshuffled === to.neverReshuffled &&
        isAssignable(from.element, to.element) &&
        isAssignable(to.element, from.element)
      );
    case "map":
      // `{}` fits any map; otherwise the keys must be the same type and the values fit.
      return (
        from.kind === "map" &&
        (from.key.kind === "unknown" || (sameKey(from.key, to.key) && isAssignable(from.value, to.value)))
      );
    case "optional":
      // A value, or none, fits where a value or none is expected.
      return from.kind === "optional" ? isAssignable(from.inner, to.inner) : isAssignable(from, to.inner);
    default:
      return from.kind === to.kind;
  }
}

/** Keys compare as their kind of value: any int range is an int key. */
function sameKey(a: Type, b: Type): boolean {
  if (a.kind === "int" && b.kind === "int") return true;
  return isAssignable(a, b) && isAssignable(b, a);
}

export function sameType(a: Type, b: Type): boolean {
  return isAssignable(a, b) && isAssignable(b, a);
}
