/**
 * Checked statements -> TypeScript statements.
 *
 * Straight-line rules (no decision inside) become ordinary TypeScript. A routine that can wait for a decision is
 * compiled to a resumable state machine (see `machine.ts`), as async/await down-levelling does: the statements that
 * contain no decision are still emitted by this file, inside the machine's blocks.
 */
import {
  declaredRange,
  exprsOf,
  fieldNamed,
  forEachExpr,
  forEachStmt,
  waitingCall,
  withoutNone,
  type AllowStmt,
  type Block,
  type ChooseStmt,
  type Expr,
  type LocalSymbol,
  type MatchStmt,
  type ProcDecl,
  type Program,
  type Stmt,
} from "@rules/dsl";
import {
  bindings,
  exprChangesLists,
  isNewList,
  isMembersCall,
  mapLookup,
  parenthesized,
  place,
  patternTest,
  subjectType,
  type ExprEmitter,
  type Scope,
} from "./expressions.ts";
import { namedOnce, str, type LocalNames } from "./naming.ts";
import { forEachWrite, rootOf } from "./written-places.ts";
import { isFlatValue, keptInRange, mayOutgrow, rangeInside, tsType } from "./ts-types.ts";

/** Where a `break` goes: out of a TypeScript loop, or to a block of the enclosing state machine. */
export type LoopTarget = { readonly kind: "native" } | { readonly kind: "machine"; readonly end: number };

export interface StatementContext {
  readonly program: Program;
  readonly exprs: ExprEmitter;
  readonly scope: Scope;
  /** Names of procedures that can wait for a decision (they cannot be called as plain functions). */
  readonly suspending: ReadonlySet<string>;
  /**
   * In the state machine of a procedure that gives a value: its name. Its `return` leaves the value in
   * `state.returns` and ends the procedure's frame, instead of returning from a function.
   */
  readonly returnsAs?: string;
  /** In a routine's state machine: leaving the routine ends its frame (a bare `return`). */
  readonly resumable?: boolean;
  /**
   * The body of a function that changes no value in place (it only binds names): a `let` there may name a list or
   * record of the game without copying it, since nothing can change either while the function runs.
   */
  readonly changesNothing?: boolean;
  /**
   * In the trial version of a procedure (`can`, trials.ts, the scope naming the trial): how a decision takes the
   * answer the search gives. Every change is noted first, for the trial to undo.
   */
  readonly trial?: {
    choose(s: ChooseStmt, scope: Scope): string[];
    /** What ends the run where it is stuck (a decision with no answer, here or in a procedure called). */
    readonly stuck: string;
  };
  /** The `let`s that name their value where it lies rather than copy it (`constantLets`). */
  readonly uncopied?: ReadonlySet<LocalSymbol>;
}

export class StatementEmitter {
  constructor(private readonly ctx: StatementContext) {}

  /** `match` as an if-chain on the member (not a `switch`, whose `break` would catch the rules' own). */
  private match(s: MatchStmt, loops: readonly LoopTarget[]): string[] {
    const { setup, value } = matchSubject(this.ctx, this.scope, s, this.scope.names);
    const out = [...setup];
    s.arms.forEach((arm, i) => {
      const last = i === s.arms.length - 1;
      const test = last ? undefined : patternTest(this.ctx.program, arm.pattern, subjectType(s, i), value);
      const body = [
        ...bindings(this.ctx.program, arm.pattern, value).map(
          (b) => `const ${this.scope.local(b.symbol)} = ${b.code};`,
        ),
        ...this.block(arm.body, loops),
      ];
      const opener = i === 0 ? "" : "} else ";
      if (test !== undefined) out.push(`${opener}if (${test}) {`, ...body);
      else if (i === 0) out.push(...(body.length > 0 ? ["{", ...body, "}"] : []));
      else if (body.length > 0) out.push("} else {", ...body, "}");
      else out.push("}");
    });
    return out;
  }

  private get scope(): Scope {
    return this.ctx.scope;
  }

  private e(x: Expr): string {
    return this.ctx.exprs.emit(x, this.scope);
  }

  block(b: Block, loops: readonly LoopTarget[]): string[] {
    return b.statements.flatMap((s) => this.statement(s, loops));
  }

  statement(s: Stmt, loops: readonly LoopTarget[]): string[] {
    switch (s.kind) {
      case "let": {
        // An empty list needs its element type spelled out, or TypeScript would infer `any[]`; an enum member, or
        // TypeScript would widen `let r = c ? "sheep" : "cattle"` to a string.
        const t = s.symbol!.type;
        const spelled = (s.value.kind === "list" && s.value.elements.length === 0) || withoutNone(t).kind === "enum";
        const annotation = spelled ? `: ${tsType(t)}` : "";
        const value =
          this.ctx.changesNothing || this.ctx.uncopied?.has(s.symbol!)
            ? this.e(s.value)
            : this.ctx.exprs.letValue(s, this.scope);
        return [`let ${this.scope.local(s.symbol!)}${annotation} = ${value};`];
      }
      case "assign":
        return [...this.keep(s.target), assignment(this.ctx, this.scope, s.target, s.op, s.value)];
      case "if": {
        const out: string[] = [];
        if (s.bindingSymbol) {
          // `if let x = value`: TypeScript narrows the constant to the value without its null.
          const bound = this.scope.local(s.bindingSymbol);
          out.push(`const ${bound} = ${this.e(s.condition)};`, `if (${bound} !== null) {`);
        } else out.push(`if (${this.e(s.condition)}) {`);
        out.push(...this.block(s.then, loops));
        if (s.otherwise) out.push("} else {", ...this.block(s.otherwise, loops));
        out.push("}");
        return out;
      }
      case "match":
        return this.match(s, loops);
      case "for": {
        const v = this.scope.local(s.symbol!);
        const it = s.iterable;
        if (it.kind === "call" && it.target === "builtin" && it.callee.text === "line" && it.args.length === 3) {
          // `for x in line(c, d, n)`: the cells one by one, with no list built (a board game's hottest loop).
          const [from, dir, count] = it.args.map((a) => this.e(a));
          const k = this.scope.names.fresh("k");
          const n = this.scope.names.fresh("n");
          return [
            `for (let ${k} = 1, ${n} = cellLineLength(${count}); ${k} <= ${n}; ${k}++) {`,
            `const ${v} = cellStep(${from}, ${dir}, ${k});`,
            ...this.block(s.body, [...loops, { kind: "native" }]),
            "}",
          ];
        }
        if (it.kind === "call" && it.target === "builtin" && it.callee.text === "range" && it.args.length === 2) {
          // `for i in range(a, b)`: counted, with no list built (the rules never change a loop's variable).
          const [low, high] = it.args.map((a) => this.e(a));
          const end = this.scope.names.fresh("end");
          return [
            `for (let ${v} = ${low}, ${end} = ${high}; ${v} <= ${end}; ${v}++) {`,
            ...this.block(s.body, [...loops, { kind: "native" }]),
            "}",
          ];
        }
        // Counted rather than `for...of`, whose iterator V8 keeps up around the loop (costly where an exception
        // passes through it: 5% of Glen More's games when a trial's dead end was thrown).
        const source = iterationSource(this.ctx, this.scope, s.iterable, false, s.body);
        const { setup, name: items } = namedOnce(source, this.scope.names, `${s.symbol!.name}Items`);
        const index = this.scope.names.fresh(`${s.symbol!.name}Index`);
        return [
          ...setup,
          `for (let ${index} = 0; ${index} < ${items}.length; ${index}++) {`,
          `const ${v} = ${items}[${index}]${s.symbol!.type.kind === "optional" ? " ?? null" : "!"};`,
          ...this.block(s.body, [...loops, { kind: "native" }]),
          "}",
        ];
      }
      case "while":
        return [`while (${this.e(s.condition)}) {`, ...this.block(s.body, [...loops, { kind: "native" }]), "}"];
      case "repeat": {
        const i = this.scope.names.fresh("i");
        const n = this.scope.names.fresh("times");
        return [
          `for (let ${i} = 0, ${n} = ${this.e(s.count)}; ${i} < ${n}; ${i}++) {`,
          ...this.block(s.body, [...loops, { kind: "native" }]),
          "}",
        ];
      }
      case "require": {
        // Checked before the action runs (see the action's check function); `require let` binds its value again.
        if (!s.bindingSymbol) return [];
        const bound = this.scope.local(s.bindingSymbol);
        return [
          `const ${bound} = ${this.e(s.condition)};`,
          `if (${bound} === null) throw ${this.ctx.exprs.requirementLost(s, this.scope)};`,
        ];
      }
      case "add": {
        // An element declared with a range (`dice: list<1..6>`) takes only values within it.
        const element = s.list.type?.kind === "list" ? s.list.type.element : undefined;
        const kept = keptInRange(element, this.ctx.exprs.stored(s.value, this.scope), place(s), s.value);
        return [...this.keepList(s.list), `${this.e(s.list)}.${s.atTop ? "unshift" : "push"}(${kept});`];
      }
      case "remove":
        if (s.list.type?.kind === "map")
          return [
            ...this.keepList(s.list, () => `keepRemoval(${this.e(s.list)}, ${this.e(s.value)})`),
            `mapDelete(${this.e(s.list)}, ${this.e(s.value)});`,
          ];
        return [...this.keepList(s.list), `removeValue(${this.e(s.list)}, ${this.e(s.value)}, ${place(s)});`];
      case "shuffle":
        if (this.trial) throw new Error("internal: a shuffle in a trial (the checker refuses it, RL110)");
        // A deck's shuffle is its draw pile's.
        if (s.list.type?.kind === "deck") return [`shuffleInPlace(state.rng, ${this.e(s.list)}.pile);`];
        return [`shuffleInPlace(state.rng, ${this.e(s.list)});`];
      case "break": {
        const target = loops[loops.length - 1];
        if (!target || target.kind === "native") return ["break;"];
        return [`frame.pc = ${target.end};`, "continue machine;"];
      }
      case "expr": {
        // A procedure that gives nothing returns from a trial's dead end, which goes on returning here.
        const e = s.expr;
        if (
          this.trial !== undefined &&
          e.kind === "call" &&
          e.target === "proc" &&
          !this.ctx.program.procs.get(e.callee.text)?.resolvedReturnType
        )
          return [`${this.e(e)};`, `if (${this.trial}.stuck) ${this.ctx.trial!.stuck}`];
        return [`${this.e(e)};`];
      }
      case "end":
        // A trial ends there, having played the procedure to an end: what the end does would be undone.
        if (this.trial) return ["throw GAME_ENDED;"];
        // A plain function stops the game by throwing (the state machines return instead).
        return endLines(this.ctx.program, s, "throw GAME_ENDED;");
      case "return":
        // A bare `return` ends the routine: its frame, in a state machine.
        if (s.value === undefined) return this.ctx.resumable ? ["state.stack.pop();", "return;"] : ["return;"];
        if (this.ctx.returnsAs !== undefined) {
          // A procedure's `let` holds its own copy, which dies with the procedure: it is given back as it is.
          const own = s.value.kind === "name" && s.value.ref?.kind === "local" && s.value.ref.symbol.origin === "let";
          return [
            `state.returns.${this.ctx.returnsAs} = ${own ? this.e(s.value) : this.ctx.exprs.stored(s.value, this.scope)};`,
            "state.stack.pop();",
            "return;",
          ];
        }
        return [`return ${this.e(s.value)};`];
      case "allow":
      case "completing":
        // Without a decision inside, an allowance offers nothing and nothing is left to complete: the block runs as
        // written.
        return this.block(s.body, loops);
      case "choose":
        if (this.ctx.trial !== undefined && s.each === undefined) return this.ctx.trial.choose(s, this.scope);
        throw new Error(`internal: \`${s.kind}\` outside a resumable routine`);
      case "act":
        throw new Error(`internal: \`${s.kind}\` outside a resumable routine`);
    }
  }

  /** The trial the rules run in, if they do (`scope.trial`). */
  private get trial(): string | undefined {
    return this.ctx.trial === undefined ? undefined : this.scope.trial;
  }

  /**
   * In a trial, before an assignment: the note of the place it changes. A place in a `let`'s own value, or a local
   * given a new value, needs none: it dies with the run.
   */
  private keep(target: Expr): string[] {
    const trial = this.trial;
    if (trial === undefined || rootOf(target, false).kind === "frame") return [];
    if (target.kind === "index") {
      const container = this.e(target.object);
      const key = this.e(target.index);
      return [`${trial}.${target.object.type?.kind === "map" ? "keepEntry" : "keep"}(${container}, ${key});`];
    }
    const code = this.ctx.exprs.place(target, this.scope);
    const field = /^(.+)\.([A-Za-z_$][\w$]*)$/s.exec(code);
    if (field === null) throw new Error(`internal: cannot note a change of ${code} in a trial`);
    return [`${trial}.keep(${field[1]}, ${str(field[2]!)});`];
  }

  /**
   * In a trial, before a list gains or loses elements: a note of the whole list (or `note`, a map's entry about to be
   * removed). A `let`'s own list needs none.
   */
  private keepList(list: Expr, note?: () => string): string[] {
    if (this.trial === undefined || rootOf(list, true).kind === "frame") return [];
    return [`${this.trial}.${note ? note() : `keepList(${this.e(list)})`};`];
  }
}

/**
 * The value a `match` takes apart, in a constant named after its enum (TypeScript narrows it arm by arm), unless it
 * is already a local.
 */
export function matchSubject(
  ctx: StatementContext,
  scope: Scope,
  s: MatchStmt,
  names: LocalNames,
): { readonly setup: string[]; readonly value: string } {
  const code = ctx.exprs.emit(s.subject, scope);
  if (s.subject.kind === "name" && s.subject.ref?.kind === "local" && /^\w+$/.test(code))
    return { setup: [], value: code };
  const t = s.subject.type;
  const inner = t && withoutNone(t);
  const enumName = inner?.kind === "enum" ? inner.name : "value";
  const value = names.fresh(enumName[0]!.toLowerCase() + enumName.slice(1));
  return { setup: [`const ${value} = ${code};`], value };
}

/**
 * `for x in list` iterates over a snapshot, so rules may change the list inside the loop. A loop that waits for
 * decisions keeps its snapshot in the frame (`inFrame`), which must own it.
 */
export function iterationSource(
  ctx: StatementContext,
  scope: Scope,
  iterable: Expr,
  inFrame = false,
  body?: Block,
): string {
  // `members(Suit)`: the engine's constant list, which nothing changes (a frame owns a copy).
  if (!inFrame && isMembersCall(iterable)) return ctx.exprs.readOnlyList(iterable, scope);
  const code = ctx.exprs.emit(iterable, scope);
  const untouched = body !== undefined && !mayChangeLists(body);
  // `players`, a constant (which no rule may change), or a list the loop's body cannot change.
  const constant = iterable.kind === "name" && (iterable.ref?.kind === "builtin" || iterable.ref?.kind === "const");
  const stable = (constant || untouched) && !inFrame;
  const fresh = iterable.kind === "aggregate" || isNewList(iterable, ctx.program);
  // Parenthesized: `for x in if c then a else b` snapshots either list, not `b` alone.
  return stable || fresh ? code : `${parenthesized(code)}.slice()`;
}

/** Whether running `b` could change a list: only then does a loop over a list need a snapshot of it. */
function mayChangeLists(b: Block): boolean {
  return b.statements.some((s) => {
    switch (s.kind) {
      case "add":
      case "remove":
      case "shuffle":
      case "choose":
      case "act":
      case "allow":
      case "completing":
        return true;
      case "assign":
        return s.target.kind === "index" || s.target.type?.kind === "list" || exprChangesLists(s.value);
      case "let":
        return exprChangesLists(s.value);
      case "expr":
        return exprChangesLists(s.expr);
      case "if":
        return (
          exprChangesLists(s.condition) || mayChangeLists(s.then) || (s.otherwise ? mayChangeLists(s.otherwise) : false)
        );
      case "match":
        return exprChangesLists(s.subject) || s.arms.some((a) => mayChangeLists(a.body));
      case "for":
      case "while":
      case "repeat":
        return mayChangeLists(s.body);
      default:
        return false;
    }
  });
}

/**
 * The `let`s of a body that may name their value where it lies rather than copy it: a row of a constant (`let t =
 * TILES[id]`) whose fields are only read, as plain values (`t.whisky`, `t.kind`), or which is given to functions
 * (which change nothing they are given). Nothing can change a constant, and such a `let` changes nothing through it,
 * so the copy that gives a `let` a value of its own would only cost time.
 */
export function constantLets(program: Program, body: Block): Set<LocalSymbol> {
  const candidates = new Set<LocalSymbol>();
  forEachStmt(body, (s) => {
    if (s.kind === "let" && isConstantPlace(s.value)) candidates.add(s.symbol!);
  });
  if (candidates.size === 0) return candidates;
  const uses = new Map<LocalSymbol, number>();
  const safeUses = new Map<LocalSymbol, number>();
  const safe = (s: LocalSymbol | undefined): void => {
    if (s) safeUses.set(s, (safeUses.get(s) ?? 0) + 1);
  };
  const symbolOf = (e: Expr): LocalSymbol | undefined =>
    e.kind === "name" && e.ref?.kind === "local" && candidates.has(e.ref.symbol) ? e.ref.symbol : undefined;
  forEachStmt(body, (s) => {
    // A place written through it: its own copy is needed.
    forEachWrite(s, (place) => {
      let root = place;
      while (root.kind === "member" || root.kind === "index") root = root.object;
      const written = symbolOf(root);
      if (written) candidates.delete(written);
    });
    for (const e of exprsOf(s)) {
      forEachExpr(e, (x) => {
        const used = symbolOf(x);
        if (used) uses.set(used, (uses.get(used) ?? 0) + 1);
        if (x.kind === "member" && x.type !== undefined && isFlatValue(program, x.type)) safe(symbolOf(x.object));
        if (x.kind === "call" && x.target === "fn") for (const a of x.args) safe(symbolOf(a));
      });
    }
  });
  return new Set([...candidates].filter((s) => (uses.get(s) ?? 0) === (safeUses.get(s) ?? 0)));
}

/** A constant, or an element or field of one (`TILES[id]`). */
function isConstantPlace(e: Expr): boolean {
  if (e.kind === "member" || e.kind === "index") return isConstantPlace(e.object);
  return e.kind === "name" && e.ref?.kind === "const";
}

/**
 * Whether a function's body changes no value in place: no `add`, `remove` or `shuffle`, and every assignment gives a
 * local name a new value (`n += 1`) rather than changing a field or an element of one.
 */
export function changesNothingInPlace(b: Block): boolean {
  let changes = false;
  forEachStmt(b, (s) => {
    if (s.kind === "add" || s.kind === "remove" || s.kind === "shuffle") changes = true;
    if (s.kind === "assign" && s.target.kind !== "name") changes = true;
  });
  return !changes;
}

export function assignment(ctx: StatementContext, scope: Scope, target: Expr, op: string, value: Expr): string {
  const v =
    op !== "="
      ? ctx.exprs.emit(value, scope)
      : keepsOwnElements(ctx, scope, target, value)
        ? ctx.exprs.emit(value, scope)
        : ctx.exprs.stored(value, scope);
  return assignmentOf(ctx, scope, target, op, v, op === "=" ? v : ctx.exprs.paren(value, scope), value);
}

/**
 * `xs = [x for x in xs if c]`: a list keeps some of its own elements, which nothing else holds once the old list is
 * replaced, so they need no copy (and a record held across a decision stays the one in the list). The place is the
 * same when both sides read as the same code: expressions change nothing, so they name the same list.
 */
function keepsOwnElements(ctx: StatementContext, scope: Scope, target: Expr, value: Expr): boolean {
  if (value.kind !== "comprehension" || value.flatten || value.element.kind !== "name") return false;
  const element = value.element.ref;
  if (element?.kind !== "local" || element.symbol !== value.symbol || !isPlace(value.iterable)) return false;
  return ctx.exprs.emit(value.iterable, scope) === ctx.exprs.emit(target, scope);
}

/**
 * `width, height, "board"`, what `onGrid` and `allOnGrid` check a key against, when `e` names a board of the game or
 * of a player declared `on grid(width, height)` (`board`, `me.marks`); else undefined.
 */
function gridArgs(ctx: StatementContext, scope: Scope, e: Expr): string | undefined {
  const field = fieldNamed(e, ctx.program);
  const grid = field?.decl.grid;
  if (grid === undefined) return undefined;
  return `${ctx.exprs.gridSize(grid, scope)}, ${JSON.stringify(field!.decl.name.text)}`;
}

/** A name, a field of one or an element of one (`wreck`, `me.hand`, `decks[d].pile`). */
function isPlace(e: Expr): boolean {
  if (e.kind === "name") return true;
  return (e.kind === "member" || e.kind === "index") && isPlace(e.object);
}

/**
 * An assignment of code already emitted: `stored` to store (copied when needed), `operand` for `+=` and `-=`;
 * `source`, the value's expression when the rules write one.
 */
export function assignmentOf(
  ctx: StatementContext,
  scope: Scope,
  target: Expr,
  op: string,
  stored: string,
  operand: string,
  source?: Expr,
): string {
  // Only a value stored as it is written (`=`) is known from its expression; `+= 2` adds to what is there.
  const written = op === "=" ? source : undefined;
  // Whether a number stored in the game may have grown past the whole numbers kept exactly (`mayOutgrow`): `+=` of a
  // value not written out may double the place (`score += score`). A local of the rule's own is not checked, even
  // one a frame keeps while the rules wait (see `mayOutgrow`).
  const inGame = !(target.kind === "name" && target.ref?.kind === "local");
  const grows = inGame && (source === undefined ? op !== "=" : op === "=" ? mayOutgrow(source) : source.kind !== "int");
  if (target.kind === "index" && target.object.type?.kind === "map") {
    const map = ctx.exprs.emit(target.object, scope);
    const key = ctx.exprs.emit(target.index, scope);
    // Values declared with a range (`map<Weapon, 0..>`) take only values within it.
    const kept = (value: string): string => keptInRange(target.type, value, place(target), written, grows);
    // `m[k] += v` changes a key already there (a missing one stops the game): written in place, with its own inline
    // cache; only a new key needs `mapSet`, which keeps the map's size and keys up to date.
    if (op !== "=")
      return `${map}[${key}] = ${kept(`${mapLookup(map, key, target, ctx.program)} ${op[0]} ${operand}`)};`;
    // A new key of a board declared `on grid(w, h)` must lie on it.
    const grid = gridArgs(ctx, scope, target.object);
    if (grid === undefined) return `mapSet(${map}, ${key}, ${kept(stored)});`;
    return `mapSet(${map}, onGrid(${key}, ${grid}, ${place(target)}), ${kept(stored)});`;
  }
  if (target.kind === "index") {
    const list = ctx.exprs.emit(target.object, scope);
    const index = ctx.exprs.emit(target.index, scope);
    const newValue = op === "=" ? stored : `at(${list}, ${index}, ${place(target)}) ${op[0]} ${operand}`;
    return `setAt(${list}, ${index}, ${keptInRange(target.type, newValue, place(target), written, grows)}, ${place(target)});`;
  }
  // A whole board given at once (a test's position) lies on its grid too.
  const grid = gridArgs(ctx, scope, target);
  if (grid !== undefined) return `${ctx.exprs.place(target, scope)} = allOnGrid(${stored}, ${grid}, ${place(target)});`;
  const late = (target.kind === "name" || target.kind === "member") && target.late === true;
  // A place declared with a range (`luck: 1..6`) takes only values within it; a list or map of such numbers
  // (`dice: list<1..6>`) given whole, only numbers within it; a plain `int` whose value may have grown, only a whole
  // number kept exactly; and a field declared `= unset` changed by `+=` is read (and checked) first.
  if (
    declaredRange(target.type) !== undefined ||
    (op === "=" && rangeInside(target.type) !== undefined) ||
    (grows && target.type?.kind === "int") ||
    (late && op !== "=")
  ) {
    const value = op === "=" ? stored : `${ctx.exprs.emit(target, scope)} ${op[0]} ${operand}`;
    return `${ctx.exprs.place(target, scope)} = ${keptInRange(target.type, value, place(target), written, grows)};`;
  }
  return `${ctx.exprs.place(target, scope)} ${op} ${op === "=" ? stored : operand};`;
}

/** Whether a statement can wait for a decision or end the game (so it must be compiled into the state machine). */
export function suspends(s: Stmt, program: Program, suspending: ReadonlySet<string>): boolean {
  switch (s.kind) {
    case "choose":
    case "act":
    case "end":
      return true;
    case "if":
      return (
        blockSuspends(s.then, program, suspending) ||
        (s.otherwise ? blockSuspends(s.otherwise, program, suspending) : false)
      );
    case "match":
      return s.arms.some((a) => blockSuspends(a.body, program, suspending));
    case "for":
    case "while":
    case "repeat":
    case "allow":
    case "completing":
      return blockSuspends(s.body, program, suspending);
    case "expr":
      return waitingCall(s.expr, suspending) !== undefined;
    case "let":
    case "assign":
      return waitingCall(s.value, suspending) !== undefined;
    default:
      return false;
  }
}

/** Procedures that give a value and can wait for a decision: the value waits in `state.returns` for the caller. */
export function waitingValueProcs(program: Program): ProcDecl[] {
  return [...program.procs.values()].filter((p) => p.returnType && program.suspending.has(`proc:${p.name.text}`));
}

export function blockSuspends(b: Block, program: Program, suspending: ReadonlySet<string>): boolean {
  return b.statements.some((s) => suspends(s, program, suspending));
}

/** The state's list of allowances under way that an `allow` block adds to: `allow anytime` blocks have their own. */
export function allowanceList(s: AllowStmt): "allowed" | "interrupts" {
  return s.anytime ? "interrupts" : "allowed";
}

/** The state's lists of allowances under way that the rules use: `allowed` for `allow`, `interrupts` for `anytime`. */
export function allowanceLists(program: Program): ("allowed" | "interrupts")[] {
  return [
    ...(program.allowKinds.asked ? ["allowed" as const] : []),
    ...(program.allowKinds.anytime ? ["interrupts" as const] : []),
  ];
}

/** `end`: no allowance outlives the game. */
export function clearAllowances(program: Program): string[] {
  return allowanceLists(program).map((list) => `state.${list}.length = 0;`);
}

/**
 * `end`: the reason it gives is kept for the outcome; every routine under way is unwound, then `leave` leaves the
 * code that ended the game (a state machine returns; a plain function throws `GAME_ENDED`).
 */
export function endLines(
  program: Program,
  s: Extract<Stmt, { kind: "end" }>,
  leave: "return;" | "throw GAME_ENDED;",
): string[] {
  const reason = s.reason ? [`state.ending = ${JSON.stringify(s.reason.value)};`] : [];
  return [...reason, "state.stack.length = 0;", ...clearAllowances(program), leave];
}

/** The type of `State.ending`: one of the reasons the rules' `end`s give, or null. */
export function endingType(program: Program): string {
  return [...program.endReasons.map((r) => JSON.stringify(r)), "null"].join(" | ");
}
