/**
 * `reachable(h from start, within: budget, cost: ..., enter: ..., stop: ...)` and `route(h from start, to: target, ...)`:
 * the ways across a hex or square grid. `h` names the square the way's own rules (`cost`, `enter`, `stop`) speak of;
 * the budget and the target are read before any square, so they cannot name it. A way's rules may be said once, in a
 * `way` declaration, and asked by name: `reachable(sea(me))`, `route(sea(me), to: h)`.
 */
import type * as A from "./ast.ts";
import type { Scopes } from "./checker-scopes.ts";
import { Codes, didYouMean, error, type Diagnostic } from "./diagnostics.ts";
import { BOOL, ERROR, INT, listOf, optionalOf, typeToString, UNKNOWN, type Type } from "./types.ts";
import { WAY_RULES, wayRuleNames, type WayBuiltin } from "./ways.ts";

export interface WayHost {
  readonly diagnostics: Diagnostic[];
  readonly scopes: Scopes;
  expr(e: A.Expr, expected: Type | undefined): Type;
  /** Checks `check` as rules that may only look at the game (`what` names them in a refusal). */
  lookingOnly<T>(what: string, check: () => T): T;
  /** The `way` the file declares by that name. */
  way(name: string): A.WayDecl | undefined;
  /** Checks the arguments of a named way's call (`sea(me)`) against its parameters, and notes the way as used. */
  wayArguments(call: A.Call, way: A.WayDecl): void;
}

const EXAMPLE = "`reachable(h from me.pos, within: 4, cost: if shoals(h) then 2 else 1, enter: not isLand(h))`";
const TO_IS_ROUTES = "`to:` is a `route`'s: `reachable` gives every square a way ends on";

/** A way's start and rules, as a call of `reachable`/`route` or a `way` declaration gives them. */
interface WayRules {
  /** Where a missing rule is reported. */
  readonly span: A.Span;
  /** What misses a rule, for its message (`reachable`, `the way sea`). */
  readonly what: string;
  readonly binder: A.Name | undefined;
  readonly start: A.Expr | undefined;
  readonly rules: readonly A.NamedArg[];
  /** The rules it may be given, and those it must be. */
  readonly allowed: readonly string[];
  readonly required: readonly string[];
}

/** Checks a call of `reachable` or `route` and gives its type: a list of squares, optional for `route`. */
export function checkWay(host: WayHost, e: A.Call, name: WayBuiltin): Type {
  const named = namedWay(host, e);
  if (named) return checkNamedWay(host, e, name, named.call, named.way);
  if (!e.binder || e.args.length !== 1) {
    host.diagnostics.push(
      error(
        Codes.wrongArity,
        e.span,
        `\`${name}\` takes the start named by the square its rules speak of, then named rules (or a declared \`way\`)`,
        `write ${EXAMPLE}`,
      ),
    );
  }
  for (const extra of e.args.slice(1)) host.expr(extra, undefined);
  const { square, symbol } = checkRules(host, {
    span: e.span,
    what: `\`${name}\``,
    binder: e.binder,
    start: e.args[0],
    rules: e.namedArgs,
    allowed: wayRuleNames(name),
    required: name === "route" ? ["to", "within"] : ["within"],
  });
  if (symbol) e.symbol = symbol;
  const squares = listOf(square);
  return name === "route" ? optionalOf(squares) : squares;
}

/** `way sea(p: Player) { h from p.pos  within: ... }`: its rules (its parameters are already in scope). */
export function checkWayDecl(host: WayHost, w: A.WayDecl): void {
  const { square, symbol } = checkRules(host, {
    span: w.name.span,
    what: `the way \`${w.name.text}\``,
    binder: w.binder,
    start: w.start,
    rules: w.rules,
    allowed: wayRuleNames("reachable"),
    required: ["within"],
  });
  w.square = square;
  if (symbol) w.symbol = symbol;
}

/** `reachable(sea(me))`, `route(sea(me), ...)`: the call of a declared way, when the first argument is one. */
function namedWay(host: WayHost, e: A.Call): { call: A.Call; way: A.WayDecl } | undefined {
  const first = e.args[0];
  if (e.binder || first?.kind !== "call") return undefined;
  const way = host.way(first.callee.text);
  return way ? { call: first, way } : undefined;
}

function checkNamedWay(host: WayHost, e: A.Call, name: WayBuiltin, call: A.Call, way: A.WayDecl): Type {
  call.target = "way";
  host.wayArguments(call, way);
  // A way not checked yet (asked from another way's start) has its squares' type known later.
  const square = way.square ?? UNKNOWN;
  call.type = UNKNOWN;
  for (const extra of e.args.slice(1)) {
    host.expr(extra, undefined);
    host.diagnostics.push(
      error(Codes.wrongArity, extra.span, `\`${name}\` takes one way`, `write \`${name}(${way.name.text}(...))\``),
    );
  }
  let to: A.NamedArg | undefined;
  for (const a of e.namedArgs) {
    if (name === "route" && a.name.text === "to" && to === undefined) {
      to = a;
      continue;
    }
    const refusal =
      a.name.text !== "to"
        ? error(
            Codes.unknownField,
            a.name.span,
            `\`${way.name.text}\` is a declared way: its rules are the ones it declares`,
            `give \`${a.name.text}:\` in \`way ${way.name.text}\`, or declare another way for other rules`,
          )
        : name === "route"
          ? error(Codes.unknownField, a.name.span, "`to:` is given twice", "give the target square once")
          : error(Codes.unknownField, a.name.span, TO_IS_ROUTES, "ask `route(...)` for the way to one square");
    host.diagnostics.push(refusal);
    host.expr(a.value, undefined);
  }
  if (name === "route") {
    if (to) host.lookingOnly("a way's target", () => host.expr(to.value, square === UNKNOWN ? undefined : square));
    else {
      host.diagnostics.push(
        error(
          Codes.wrongArity,
          e.span,
          `\`route\` needs \`to:\`, ${WAY_RULES.to!.describe}`,
          `write \`route(${way.name.text}(...), to: <square>)\``,
        ),
      );
    }
  }
  const squares = listOf(square);
  return name === "route" ? optionalOf(squares) : squares;
}

/** Checks a way's start and rules, binding its square's name for the rules read per square. */
function checkRules(host: WayHost, w: WayRules): { square: Type; symbol: A.LocalSymbol | undefined } {
  const startType = w.start ? host.expr(w.start, undefined) : ERROR;
  const square: Type = startType.kind === "hex" || startType.kind === "cell" ? startType : ERROR;
  if (w.start && square === ERROR && startType.kind !== "error") {
    host.diagnostics.push(
      error(
        Codes.typeMismatch,
        w.start.span,
        `a way starts on a hex or a cell, found ${typeToString(startType)}`,
        "ways cross hex grids (`Hex`) and square grids (`Cell`); places joined by links have `steps` and `within`",
      ),
    );
  }
  const given = new Map<string, A.NamedArg>();
  for (const a of w.rules) {
    const rule = a.name.text;
    if (!w.allowed.includes(rule)) {
      host.diagnostics.push(
        error(
          Codes.unknownField,
          a.name.span,
          rule === "to" ? TO_IS_ROUTES : `a way has no rule \`${rule}\``,
          rule === "to" && w.required.length === 1 && w.what.startsWith("the way")
            ? "a declared way has no target: give it where it is asked, `route(way(...), to: h)`"
            : (didYouMean(rule, w.allowed) ??
                `a way's rules: ${w.allowed.map((r) => `\`${r}:\` ${WAY_RULES[r]!.describe}`).join("; ")}`),
        ),
      );
      host.expr(a.value, undefined);
      continue;
    }
    if (given.has(rule))
      host.diagnostics.push(
        error(Codes.duplicate, a.name.span, `\`${rule}:\` is given twice`, "give each rule of a way once"),
      );
    given.set(rule, a);
  }
  for (const rule of w.required) {
    if (!given.has(rule)) {
      host.diagnostics.push(
        error(
          Codes.wrongArity,
          w.span,
          `${w.what} needs \`${rule}:\`, ${WAY_RULES[rule]!.describe}`,
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
  const corners = given.get("corners");
  if (corners) {
    host.lookingOnly("a way's corners", () => host.expr(corners.value, BOOL));
    if (square.kind === "hex") {
      host.diagnostics.push(
        error(
          Codes.invalidValue,
          corners.name.span,
          "a hex has no corners to go through: its six neighbours all share a side with it",
          "leave `corners:` out on a hex grid; on a square grid, `corners: true` lets ways go as a king moves",
        ),
      );
    }
  }
  // What is read for each square, `h` naming it.
  host.scopes.push();
  let symbol: A.LocalSymbol | undefined;
  if (w.binder) {
    symbol = host.scopes.bind(w.binder, square, "binder");
    symbol.used = true;
  }
  for (const rule of w.allowed.filter((r) => WAY_RULES[r]!.perSquare)) {
    const a = given.get(rule);
    if (a) host.lookingOnly(`a way's \`${rule}\``, () => host.expr(a.value, rule === "cost" ? INT : BOOL));
  }
  host.scopes.pop();
  return { square, symbol };
}
