/**
 * Numbers written out in the rules (`3`, `-2`, `[1, 2, 3]`, `{ wood: 0, stone: 3 }`) stored in a place declared with a
 * range (`luck: 1..6`, `dice: list<1..6>`, `market: map<Res, 0..3>`): the checker holds them to the range when the
 * rules compile, so the engine checks only the values it works out as the game runs.
 */
import type { Expr, Span } from "./ast.ts";
import { Codes, error, type Diagnostic } from "./diagnostics.ts";
import { typeToString, type Type } from "./types.ts";

/** The number `e` writes out (`3`, `-2`), else undefined. */
export function writtenNumber(e: Expr): number | undefined {
  if (e.kind === "int") return e.value;
  if (e.kind === "unary" && e.op === "-" && e.operand.kind === "int") return -e.operand.value;
  return undefined;
}

/** The bounds of an `int` declared with a range (`luck: 1..6`, `cp: 0..`), which its places keep; else undefined. */
export function declaredRange(t: Type | undefined): { readonly low?: number; readonly high?: number } | undefined {
  return t?.kind === "int" && (t.low !== undefined || t.high !== undefined) ? t : undefined;
}

/** A number written out of the range of its place: where, and the range (an `int` type). */
export interface OutOfRange {
  readonly value: number;
  readonly span: Span;
  readonly range: Type;
}

/**
 * The numbers written in `e` that lie outside the range `t` declares for them (of `t` itself, or of the elements of a
 * list or the values of a map, at any depth), each where it is written; null when `e` is not written out whole (a
 * value worked out as the game runs, checked then), or `t` declares no range for it.
 */
export function writtenOutOfRange(e: Expr, t: Type): OutOfRange[] | null {
  const range = declaredRange(t);
  if (range !== undefined) {
    const n = writtenNumber(e);
    if (n === undefined) return null;
    const inside = (range.low === undefined || n >= range.low) && (range.high === undefined || n <= range.high);
    return inside ? [] : [{ value: n, span: e.span, range: t }];
  }
  const parts =
    e.kind === "list" && t.kind === "list"
      ? e.elements.map((x) => writtenOutOfRange(x, t.element))
      : e.kind === "map" && t.kind === "map"
        ? e.entries.map((x) => writtenOutOfRange(x.value, t.value))
        : [null];
  // An empty list or map holds nothing out of range.
  if (parts.length === 0) return [];
  return parts.some((p) => p === null) ? null : parts.flatMap((p) => p!);
}

/** An error for each number written in `value` out of the range its place declares (`what`: "field", "param"...). */
export function writtenRangeErrors(value: Expr, type: Type, what: string): Diagnostic[] {
  return (writtenOutOfRange(value, type) ?? []).map((n) =>
    error(
      Codes.invalidValue,
      n.span,
      `${n.value} is outside the ${what}'s range ${typeToString(n.range)}`,
      `change the value, or the range the ${what} declares`,
    ),
  );
}
