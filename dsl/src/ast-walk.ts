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
    case "can":
      go(e.call);
      break;
    default:
      break;
  }
}

/** Calls `visit` on every statement of `b` and of the blocks nested in them, each before those nested in it. */
export function forEachStmt(b: A.Block, visit: (s: A.Stmt) => void): void {
  for (const s of b.statements) {
    visit(s);
    for (const inner of blocksOf(s)) forEachStmt(inner, visit);
  }
}

/** The blocks a statement holds. */
function blocksOf(s: A.Stmt): A.Block[] {
  switch (s.kind) {
    case "if":
      return s.otherwise ? [s.then, s.otherwise] : [s.then];
    case "match":
      return s.arms.map((a) => a.body);
    case "for":
    case "while":
    case "repeat":
    case "allow":
    case "completing":
      return [s.body];
    default:
      return [];
  }
}

/** The expressions a statement holds itself (not those of the blocks nested in it). */
export function exprsOf(s: A.Stmt): A.Expr[] {
  switch (s.kind) {
    case "let":
      return [s.value];
    case "return":
      return s.value ? [s.value] : [];
    case "assign":
      return [s.target, s.value];
    case "if":
    case "while":
    case "require":
      return [s.condition];
    case "match":
      return [s.subject];
    case "for":
      return [s.iterable];
    case "repeat":
      return [s.count];
    case "choose":
      return [s.chooser, ...(s.domain.from ? [s.domain.from] : []), ...(s.condition ? [s.condition] : [])];
    case "act":
    case "allow":
      return [s.player];
    case "add":
    case "remove":
      return [s.value, s.list];
    case "shuffle":
      return [s.list];
    case "expr":
      return [s.expr];
    default:
      return [];
  }
}

/**
 * An action's requirements and the values they are worked out from: the statements at the top of its body up to its
 * last `require` that are `require` or `let` (`let to = destination(from, way)` then `require onBoard(to)`). They
 * are checked before anything happens, so such a `let` only computes.
 */
export function leadingRequirements(body: A.Block): (A.RequireStmt | A.LetStmt)[] {
  const run: (A.RequireStmt | A.LetStmt)[] = [];
  for (const s of body.statements) {
    if (s.kind !== "require" && s.kind !== "let") break;
    run.push(s);
  }
  let last = run.length - 1;
  while (last >= 0 && run[last]!.kind !== "require") last--;
  return run.slice(0, last + 1);
}

/**
 * Keys that lead away from the syntax tree: types, and what names and calls resolve to (met where they are bound);
 * and spans, which are only positions.
 */
const AWAY_FROM_THE_TREE: ReadonlySet<string> = new Set(["type", "ref", "resolvedReturnType", "square", "span"]);

/** Whether a node of the checked tree is a local symbol the checker bound (a parameter, a `let`, a loop's name...). */
export function isLocalSymbol(node: object): node is A.LocalSymbol {
  const n = node as Record<string, unknown>;
  return typeof n.origin === "string" && typeof n.id === "number" && typeof n.name === "string" && "span" in n;
}

/**
 * Calls `visit` once on every object of the checked tree under `root` (nodes, and the local symbols bound there),
 * without following types or resolved references; a local symbol's own fields are not walked.
 */
export function forEachTreeNode(root: unknown, visit: (node: object) => void): void {
  const seen = new WeakSet<object>();
  const walk = (value: unknown): void => {
    if (typeof value !== "object" || value === null || seen.has(value)) return;
    seen.add(value);
    if (Array.isArray(value)) {
      for (const v of value) walk(v);
      return;
    }
    visit(value);
    if (isLocalSymbol(value)) return;
    // `for...in` rather than Object.entries: the walk meets some 60,000 objects in a large ruleset, and a compile
    // walks it several times.
    const fields = value as Record<string, unknown>;
    for (const key in fields) if (!AWAY_FROM_THE_TREE.has(key)) walk(fields[key]);
  };
  walk(root);
}
