/**
 * `reachable(h from start, within: budget, cost: ..., enter: ..., stop: ...)` and `route(h from start, to: target, ...)`:
 * the ways across a hex or square grid. `h` names the square the way's own rules (`cost`, `enter`, `stop`) speak of;
 * the budget and the target are read before any square, so they cannot name it.
 */
import type * as A from "./ast.ts";
import type { Scopes } from "./checker-scopes.ts";
import { Codes, didYouMean, error, type Diagnostic } from "./diagnostics.ts";
import { BOOL, ERROR, INT, listOf, optionalOf, typeToString, type Type } from "./types.ts";
import { WAY_RULES, wayRuleNames, type WayBuiltin } from "./ways.ts";

export interface WayHost {
  readonly diagnostics: Diagnostic[];
  readonly scopes: Scopes;
  expr(e: A.Expr, expected: Type | undefined): Type;
  /** Checks `check` as rules that may only look at the game (`what` names them in a refusal). */
  lookingOnly<T>(what: string, check: () => T): T;
}

const EXAMPLE = "`reachable(h from me.pos, within: 4, cost: if shoals(h) then 2 else 1, enter: not isLand(h))`";

/** Checks a call of `reachable` or `route` and gives its type: a list of squares, optional for `route`. */
export function checkWay(host: WayHost, e: A.Call, name: WayBuiltin): Type {
  const start = e.args[0];
  const startType = start ? host.expr(start, undefined) : ERROR;
  if (!e.binder || e.args.length !== 1) {
    host.diagnostics.push(
      error(
        Codes.wrongArity,
        e.span,
        `\`${name}\` takes the start named by the square its rules speak of, then named rules`,
        `write ${EXAMPLE}`,
      ),
    );
  }
  for (const extra of e.args.slice(1)) host.expr(extra, undefined);
  const square: Type = startType.kind === "hex" || startType.kind === "cell" ? startType : ERROR;
  if (start && square === ERROR && startType.kind !== "error") {
    host.diagnostics.push(
      error(
        Codes.typeMismatch,
        start.span,
        `a way starts on a hex or a cell, found ${typeToString(startType)}`,
        "ways cross hex grids (`Hex`) and square grids (`Cell`); places joined by links have `steps` and `within`",
      ),
    );
  }
  const allowed = wayRuleNames(name);
  const given = new Map<string, A.NamedArg>();
  for (const a of e.namedArgs) {
    const rule = a.name.text;
    if (!allowed.includes(rule)) {
      host.diagnostics.push(
        error(
          Codes.unknownField,
          a.name.span,
          rule === "to"
            ? "`to:` is a `route`'s: `reachable` gives every square a way ends on"
            : `a way has no rule \`${rule}\``,
          didYouMean(rule, allowed) ??
            `a way's rules: ${allowed.map((r) => `\`${r}:\` ${WAY_RULES[r]!.describe}`).join("; ")}`,
        ),
      );
      host.expr(a.value, undefined);
      continue;
    }
    if (given.has(rule)) host.diagnostics.push(error(Codes.duplicate, a.name.span, `\`${rule}:\` is given twice`));
    given.set(rule, a);
  }
  for (const rule of name === "route" ? ["to", "within"] : ["within"]) {
    if (!given.has(rule)) {
      host.diagnostics.push(
        error(
          Codes.wrongArity,
          e.span,
          `\`${name}\` needs \`${rule}:\`, ${WAY_RULES[rule]!.describe}`,
          `write ${EXAMPLE}`,
        ),
      );
    }
  }
  // What is read once, before any square.
  const within = given.get("within");
  if (within) host.lookingOnly("a way's budget", () => host.expr(within.value, INT));
  const to = given.get("to");
  if (to) host.lookingOnly("a way's target", () => host.expr(to.value, square === ERROR ? undefined : square));
  // What is read for each square, `h` naming it.
  host.scopes.push();
  if (e.binder) {
    e.symbol = host.scopes.bind(e.binder, square, "binder");
    e.symbol.used = true;
  }
  for (const rule of allowed.filter((r) => WAY_RULES[r]!.perSquare)) {
    const a = given.get(rule);
    if (a) host.lookingOnly(`a way's \`${rule}\``, () => host.expr(a.value, rule === "cost" ? INT : BOOL));
  }
  host.scopes.pop();
  const squares = listOf(square);
  return name === "route" ? optionalOf(squares) : squares;
}
