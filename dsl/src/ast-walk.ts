/** Walking the syntax tree. */
import type * as A from "./ast.ts";

/** Calls `visit` on `e` and every sub-expression of it (not on statements). */
export function forEachExpr(e: A.Expr, visit: (x: A.Expr) => void): void {
  visit(e);
  const go = (x: A.Expr | undefined): void => {
    if (x) forEachExpr(x, visit);
  };
  switch (e.kind) {
    case "string":
      for (const p of e.parts ?? []) if (typeof p !== "string") go(p);
      break;
    case "list":
      e.elements.forEach(go);
      break;
    case "comprehension":
      go(e.element);
      go(e.iterable);
      go(e.condition);
      break;
    case "map":
      e.entries.forEach((x) => {
        go(x.key);
        go(x.value);
      });
      break;
    case "mapComprehension":
      go(e.key);
      go(e.value);
      go(e.iterable);
      go(e.condition);
      break;
    case "member":
      go(e.object);
      break;
    case "index":
      go(e.object);
      go(e.index);
      break;
    case "call":
      e.args.forEach(go);
      e.namedArgs.forEach((a) => go(a.value));
      break;
    case "aggregate":
      go(e.iterable);
      go(e.body);
      go(e.orElse);
      break;
    case "unary":
      go(e.operand);
      break;
    case "binary":
      go(e.left);
      go(e.right);
      break;
    case "conditional":
      go(e.condition);
      go(e.then);
      go(e.otherwise);
      break;
    case "is":
      go(e.subject);
      break;
    case "match":
      go(e.subject);
      e.arms.forEach((a) => go(a.body));
      break;
    default:
      break;
  }
}
