/**
 * `can pay(p, cost)`: the trial version of each procedure a `can` asks, and of those it calls: `tryPay(state, trial,
 * p, cost)`, the procedure as plain code run on the game itself, in which each decision takes the answer the search
 * gives (`trial.answer(n)`) rather than waiting for a player, and each change is noted first (`trial.keep(...)`), for
 * the trial to undo. `canPlay` searches them (runtime `trials.ts`: the last answer of each decision first, then the
 * others, by replaying).
 *
 * A trial needs none of the state machine a decision in the real game needs (frames, a pending decision, `completing`
 * searches at every answer): a `completing` block inside runs as written, since some answers play the procedure to its
 * end exactly when some answers do so finishing each of its blocks on the way; an `allow` block too, as a search
 * tries only the answers of the decisions themselves.
 */
import {
  exprsOf,
  forEachExpr,
  forEachStmt,
  rangeEnd,
  withoutNone,
  type Block,
  type Call,
  type ChooseStmt,
  type LocalSymbol,
  type ProcDecl,
  type Program,
  type Type,
} from "@rules/dsl";
import { StructureKind, type FunctionDeclarationStructure } from "ts-morph";
import type { EmitContext } from "./context.ts";
import { answerType, emptyRangeCheck } from "./decisions.ts";
import { domainLoop } from "./decision-domains.ts";
import { plainScope, type Scope } from "./expressions.ts";
import { LocalNames, namedOnce, trialName, valuesConst } from "./naming.ts";
import { runFieldResets, withVersions } from "./routines.ts";
import { constantLets, StatementEmitter } from "./statements.ts";
import { tsType } from "./ts-types.ts";
import { procVersions } from "./written-places.ts";

type Fn = FunctionDeclarationStructure;

/** The calls `can` asks (`pay(p, cost)` in `can pay(p, cost)`): played by trials, never in the game itself. */
export function askedByCan(program: Program): Set<Call> {
  return new Set(program.completing.flatMap((b) => (b.kind === "can" ? [b.call] : [])));
}

/** The procedures that get a trial version: those `can` asks, and those they call. */
export function trialProcs(program: Program): string[] {
  const found = new Set<string>();
  const todo = [...askedByCan(program)].map((call) => call.callee.text);
  while (todo.length > 0) {
    const name = todo.pop()!;
    if (found.has(name)) continue;
    found.add(name);
    for (const version of procVersions(program, name)) {
      forEachStmt(version.body, (s) => {
        for (const e of exprsOf(s)) {
          forEachExpr(e, (x) => {
            if (x.kind === "call" && x.target === "proc") todo.push(x.callee.text);
          });
        }
      });
    }
  }
  return [...program.procs.keys()].filter((name) => found.has(name));
}

/** The trial functions, and `canPlay`. Nothing when the rules ask no `can`. */
export function emitTrials(ctx: EmitContext): Fn[] {
  const names = trialProcs(ctx.program);
  if (names.length === 0) return [];
  return [canPlay(), ...names.flatMap((name) => trialVersions(ctx, name))];
}

function canPlay(): Fn {
  return {
    kind: StructureKind.Function,
    name: "canPlay",
    parameters: [
      { name: "block", type: "number" },
      { name: "play", type: "(trial: Trial) => void" },
    ],
    returnType: "boolean",
    docs: [
      "`can` (search `block`): whether some answers to the decisions of a procedure play it to its end, `play` calling its trial version. Each run is undone: the game does not change.",
    ],
    statements: ["return playsToEnd(play, COMPLETING_BLOCKS[block]!.what, SEARCH_LIMIT);"],
  };
}

/** `tryX` for procedure `name`; where variants replace it, one per version and `tryX` picking the game's. */
function trialVersions(ctx: EmitContext, name: string): Fn[] {
  return withVersions(ctx, ctx.program.procs.get(name)!, trialName(name), (fnName, decl) =>
    trialFunction(ctx, fnName, decl),
  );
}

function trialFunction(ctx: EmitContext, name: string, decl: ProcDecl): Fn {
  const names = new LocalNames(["state", "trial"]);
  const scope: Scope = { ...plainScope(names), trial: "trial" };
  const params = [
    { name: "state", type: "State" },
    { name: "trial", type: "Trial" },
    ...decl.params.map((p) => ({ name: scope.local(p.symbol!), type: tsType(p.symbol!.type) })),
  ];
  const resets = runFieldResets(ctx, decl.name.text, "trial");
  // A dead end returns at once (the runtime's `Trial.answer`); a procedure that gives a value has none to return.
  const stuck = decl.resolvedReturnType ? "trial.stop();" : "return;";
  const read = localsRead(decl.body);
  const body = new StatementEmitter({
    program: ctx.program,
    exprs: ctx.exprs,
    scope,
    suspending: ctx.program.suspending,
    trial: { choose: (s, inner) => trialChoice(ctx, s, inner, stuck, read.has(s.symbol!)), stuck },
    uncopied: constantLets(ctx.program, decl.body),
  }).block(decl.body, []);
  return {
    kind: StructureKind.Function,
    name,
    parameters: params,
    returnType: decl.resolvedReturnType ? tsType(decl.resolvedReturnType) : "void",
    docs: [
      `proc ${decl.name.text} (line ${decl.span.line}), played by a search: each decision takes the trial's answer.`,
    ],
    statements: [...resets, ...body],
  };
}

/** The locals the expressions of `body` read, at any depth. */
function localsRead(body: Block): Set<LocalSymbol> {
  const read = new Set<LocalSymbol>();
  forEachStmt(body, (s) => {
    for (const e of exprsOf(s))
      forEachExpr(e, (x) => x.kind === "name" && x.ref?.kind === "local" && read.add(x.ref.symbol));
  });
  return read;
}

/**
 * A decision in a trial: its answers listed in the order the decision offers them (none last, for an optional
 * choice), and the one the trial takes; with no answer, the run is stuck and `stuck` ends it. A list or an enum with
 * nothing to filter is answered in place (a whole type, or a range, always has an answer). An answer the procedure
 * never reads (a check some player must be able to answer) is taken and not named.
 */
function trialChoice(ctx: EmitContext, s: ChooseStmt, scope: Scope, stuck: string, isRead: boolean): string[] {
  const chosen = isRead ? scope.local(s.symbol!) : undefined;
  const type = answerType(s);
  const t = withoutNone(type);
  const optional = type.kind === "optional";
  const out = emptyRangeCheck(ctx, s, scope);
  const list = s.domain.from ? ctx.exprs.readOnlyList(s.domain.from, scope) : undefined;
  const plain = s.condition === undefined && !optional;
  if (plain && list !== undefined) {
    // A list named by a local is read as it is; any other is evaluated once.
    const { setup, name: items } = namedOnce(list, scope.names, `${s.name.text}Items`);
    return [...out, ...setup, ...takeAnswer(scope, s, chosen, items, stuck)];
  }
  const highValue = rangeEnd(s.domain.typeExpr);
  const high = highValue ? ctx.exprs.paren(highValue, scope) : undefined;
  if (plain) {
    const answered = answerInPlace(t, high);
    if (answered !== undefined) {
      const taken = `trial.answer(${answered.count})`;
      return [...out, chosen === undefined ? `${taken};` : `const ${chosen} = ${answered.at(taken)};`];
    }
  }
  const answers = scope.names.fresh(`${s.name.text}Answers`);
  const candidate = s.candidate ? scope.local(s.candidate) : scope.names.fresh(s.name.text);
  out.push(`const ${answers}: Array<${tsType(type)}> = [];`);
  if (list !== undefined) out.push(`for (const ${candidate} of ${list}) {`);
  else out.push(domainLoop(ctx, t, candidate, undefined, scope.names.fresh("index"), high));
  const condition = s.condition ? ctx.exprs.emit(s.condition, scope) : undefined;
  out.push(condition ? `if (${condition}) ${answers}.push(${candidate});` : `${answers}.push(${candidate});`, "}");
  // None is always an answer of an optional choice.
  if (optional) {
    const taken = `trial.answer(${answers}.length)`;
    out.push(
      `${answers}.push(null);`,
      chosen === undefined ? `${taken};` : `const ${chosen} = ${answers}[${taken}] ?? null;`,
    );
    return out;
  }
  return [...out, ...takeAnswer(scope, s, chosen, answers, stuck)];
}

/** The answer the trial takes of the list `items`, which may be empty: then the run is stuck. */
function takeAnswer(scope: Scope, s: ChooseStmt, chosen: string | undefined, items: string, stuck: string): string[] {
  if (chosen === undefined) return [`if (trial.answer(${items}.length) < 0) ${stuck}`];
  const at = scope.names.fresh(`${s.name.text}At`);
  return [
    `const ${at} = trial.answer(${items}.length);`,
    `if (${at} < 0) ${stuck}`,
    `const ${chosen} = ${items}[${at}]!;`,
  ];
}

/**
 * The answer a trial takes of a choice of a whole type, with nothing to filter, by its position in the type: how many
 * answers there are, and the answer at position `at`.
 */
function answerInPlace(t: Type, high: string | undefined): { count: string; at: (at: string) => string } | undefined {
  switch (t.kind) {
    case "enum": {
      const values = valuesConst(t.name);
      return { count: `${values}.length`, at: (at) => `${values}[${at}]!` };
    }
    case "bool":
      return { count: "2", at: (at) => `${at} === 1` };
    case "player":
      return { count: "state.playerCount", at: (at) => at };
    case "int": {
      const low = t.low ?? 0;
      const count = high === undefined ? String((t.high ?? 0) - low + 1) : `${high} - ${low} + 1`;
      return { count, at: (at) => (low === 0 ? at : `${low} + ${at}`) };
    }
    default:
      return undefined;
  }
}
