/**
 * Checked expressions -> TypeScript expressions. Aggregates and comprehensions become small named helper functions
 * (loops, no closures), collected in a `HelperSink` and emitted beside the code that uses them.
 */
import {
  builtinFunctions,
  forEachExpr,
  forEachStmt,
  UNION_TAG,
  withoutNone,
  type Aggregate,
  type Binary,
  type Block,
  type Call,
  type Comprehension,
  type Expr,
  type FnDecl,
  type GridBound,
  type LocalSymbol,
  type MapComprehension,
  type MatchArm,
  type MatchExpr,
  type NamedArg,
  type Pattern,
  type Program,
  type Span,
  type Stmt,
  type TextPart,
  type Type,
} from "@rules/dsl";
import { builtinCall } from "./builtin-calls.ts";
import { LocalNames, namedOnce, str, trialName, typeName, valueName, valuesConst } from "./naming.ts";
import { isFlatValue, isPlainValue, keptInRange, memberValue, tsType, zeroValue } from "./ts-types.ts";
import { copyForStoring } from "./typed-copy.ts";

/** How the code being emitted refers to locals and to the implicit values of its context. */
export interface Scope {
  readonly names: LocalNames;
  /** The expression for a local symbol (a TS variable, or a frame field in a resumable routine). */
  local(symbol: LocalSymbol): string;
  /** In a record field's visibility condition: the record; in a player field's: the player's state. */
  readonly recordVar?: string;
  /** The TypeScript type of `recordVar`. */
  readonly recordType?: string;
  readonly viewerVar?: string;
  readonly ownerVar?: string;
  /** In a constant: module-level data, made before any game exists, so helpers take no state. */
  readonly stateless?: boolean;
  /**
   * In the trial version of a procedure (trials.ts): the trial it runs in. Procedures it calls run as their trial
   * versions, which note every change they make so that the trial can undo it.
   */
  readonly trial?: string;
}

export function plainScope(names: LocalNames = new LocalNames()): Scope {
  return { names, local: (s) => names.nameOf(s) };
}

export interface Helper {
  readonly name: string;
  readonly doc: string;
  readonly params: { name: string; type: string }[];
  readonly returnType: string;
  readonly body: string;
}

export class HelperSink {
  readonly helpers: Helper[] = [];
  /** The helper lifted for each aggregate or comprehension, so emitting an expression again reuses it. */
  readonly lifted = new Map<Aggregate | Comprehension | MapComprehension | MatchExpr, string>();
  /** Those lifted in a trial from an expression that calls a procedure: they call its trial version. */
  readonly liftedInTrials = new Map<Aggregate | Comprehension | MapComprehension | MatchExpr, string>();
  private count = 0;
  nextName(base: string): string {
    return `${base}${++this.count}`;
  }
}

/** The builtins giving the neighbours of a cell or square: which directions a loop over them reads, and how. */
const NEIGHBOURS: Readonly<Record<string, { first: number; end: number; by: number; read: string }>> = {
  adjacent: { first: 0, end: 8, by: 2, read: "cellNeighbour" },
  diagonals: { first: 1, end: 8, by: 2, read: "cellNeighbour" },
  around: { first: 0, end: 8, by: 1, read: "cellNeighbour" },
  neighbours: { first: 0, end: 6, by: 1, read: "hexNeighbour" },
};

/** Whether `e` calls the built-in `name`. */
function isBuiltinCall(e: Expr, name: string): e is Call {
  return e.kind === "call" && e.target === "builtin" && e.callee.text === name;
}

/** Calls of procedures, and `draw`, change lists. */
export function exprChangesLists(e: Expr): boolean {
  let changes = false;
  forEachExpr(e, (x) => {
    if (x.kind === "call" && (x.target === "proc" || (x.target === "builtin" && x.callee.text === "draw")))
      changes = true;
  });
  return changes;
}

/** Whether evaluating `e` may change the game: a procedure called, or a built-in that does (a draw, a die roll). */
function changesTheGame(e: Expr): boolean {
  let changes = false;
  forEachExpr(e, (x) => {
    if (x.kind !== "call") return;
    if (x.target === "proc" || (x.target === "builtin" && builtinFunctions[x.callee.text]?.effect === true)) {
      changes = true;
    }
  });
  return changes;
}

/** The type of the elements of a list. */
function elementOf(list: Expr): Type {
  if (list.type?.kind !== "list") throw new Error("internal: not a list");
  return list.type.element;
}

/** How to read the neighbours `e` lists one by one, when it is `neighbours(h)`, `adjacent(c)`... */
function neighbourList(e: Expr): (typeof NEIGHBOURS)[string] | undefined {
  return e.kind === "call" && e.target === "builtin" && Object.hasOwn(NEIGHBOURS, e.callee.text)
    ? NEIGHBOURS[e.callee.text]
    : undefined;
}

/**
 * Expressions that produce a new value, which may be stored without copying. A list or map literal is new, and its
 * elements are copied as it is made. With the program, a call of a function or procedure that (in every variant)
 * gives a new value counts too: its expression is fresh (`fn costOf(t: Tile) = { wood: t.wood, ... }`), or so is the
 * value of each of its `return`s (`proc rollDice(n: int): Roll { ... return rollOf(faces) }`).
 */
export function isFresh(e: Expr, program?: Program, visiting = new Set<string>()): boolean {
  switch (e.kind) {
    case "int":
    case "bool":
    case "string":
    case "none":
    case "list":
    case "map":
    case "unary":
      return true;
    case "mapComprehension":
    case "comprehension":
    case "binary":
    case "aggregate":
      // A new map or list, or a number; but its records (or inner lists), or the element an aggregate gives (`first`,
      // `argmax`), may still be those of the state.
      return e.type === undefined || !sharesState(e.type);
    case "call":
      if ((e.target === "fn" || e.target === "proc") && program !== undefined) {
        return freshFunction(program, e.target, e.callee.text, visiting);
      }
      return e.target === "record" || (e.target === "builtin" && FRESH_LIST_BUILTINS.has(e.callee.text));
    default:
      return false;
  }
}

/** Whether every version of the function or procedure (the rules', and each variant's) gives a new value. */
function freshFunction(program: Program, kind: "fn" | "proc", name: string, visiting: Set<string>): boolean {
  if (visiting.has(name)) return false;
  visiting.add(name);
  const versions = [
    kind === "fn" ? program.fns.get(name) : program.procs.get(name),
    ...program.variants.flatMap((v) => v.replacements.filter((r) => r.kind === kind && r.name.text === name)),
  ];
  const fresh = versions.every(
    (f) => (f?.kind === "fn" || f?.kind === "proc") && givesFresh(f.body, program, visiting),
  );
  visiting.delete(name);
  return fresh;
}

/** Whether a body gives a new value: its expression, or the value of every `return` of its block, is fresh. */
function givesFresh(body: Expr | Block, program: Program, visiting: Set<string>): boolean {
  if (!("statements" in body)) return isFresh(body, program, visiting);
  let returns = 0;
  let fresh = true;
  forEachStmt(body, (s) => {
    if (s.kind !== "return" || s.value === undefined) return;
    returns++;
    fresh &&= isFresh(s.value, program, visiting);
  });
  return returns > 0 && fresh;
}

/** Whether a value of type `t` may be, or hold, a record or a list of the state (so storing it needs a copy). */
function sharesState(t: Type): boolean {
  switch (t.kind) {
    case "record":
    case "deck":
      return true;
    case "optional":
      return sharesState(t.inner);
    case "list":
      return t.element.kind === "record" || t.element.kind === "list" || sharesState(t.element);
    case "map":
      return t.value.kind === "record" || t.value.kind === "list" || sharesState(t.value);
    default:
      return false;
  }
}

export class ExprEmitter {
  /**
   * The records whose copies (`cloneX`) the code emitted so far calls, for the engine to write them (`emitWholeCopy`);
   * none for an emitter whose code copies records generically (`typedCopies` false: the test modules').
   */
  readonly recordCopies = new Set<string>();

  constructor(
    private readonly program: Program,
    readonly sink: HelperSink,
    /** Source text, for the doc comment of lifted helpers. */
    readonly source: string,
    /** Whether records are copied by the engine's typed copy functions (`cloneX`), which an engine module has. */
    private readonly typedCopies = false,
  ) {}

  /** Like `emit`, but copies lists and records read from somewhere else, so the state never shares data. */
  stored(e: Expr, scope: Scope): string {
    const code = this.emit(e, scope);
    return isFresh(e, this.program) ? code : this.copyOf(e.type, code);
  }

  /**
   * The value a `let` stores: a copy (`stored`), but for the list a loop of choices over records has left, a list of
   * its own holding the records themselves, which the picks take and change (`markHeldReferences`).
   */
  letValue(s: Extract<Stmt, { kind: "let" }>, scope: Scope): string {
    if (!(s.leftOfChoices && s.symbol?.heldAcrossDecision)) return this.stored(s.value, scope);
    const code = this.emit(s.value, scope);
    return s.value.kind === "comprehension" || s.value.kind === "list" ? code : `${parenthesized(code)}.slice()`;
  }

  emit(e: Expr, scope: Scope): string {
    switch (e.kind) {
      case "int":
        return e.value < 0 ? `(${e.value})` : String(e.value);
      case "bool":
        return String(e.value);
      case "string":
        return e.parts ? this.text(e.parts, scope) : str(e.value);
      case "none":
        return "null";
      case "name":
        return e.late ? this.lateRead(this.name(e, scope), e) : this.name(e, scope);
      case "list":
        return `[${e.elements.map((x) => this.stored(x, scope)).join(", ")}]`;
      case "comprehension":
        return this.lift(e, scope);
      case "map":
        return this.mapLiteral(e, scope);
      case "mapComprehension":
        return this.lift(e, scope);
      case "aggregate":
        return this.lift(e, scope);
      case "match":
        return this.liftMatch(e, scope);
      case "is":
        return this.isMember(e.subject, e.member.text, scope);
      case "can": {
        // The procedure's trial version, played by the search on the game itself, which each run leaves as it was
        // (`canPlay`, trials.ts). Given its arguments as a call is.
        const trial = scope.names.fresh("trial");
        const args = e.call.args.map((a) => this.emit(a, scope));
        const play = `${trialName(e.call.callee.text)}(${["state", trial, ...args].join(", ")})`;
        return `canPlay(${e.block!}, (${trial}) => ${play})`;
      }
      case "member": {
        const t = e.object.type;
        if (t?.kind === "player")
          return e.late ? this.lateRead(this.playerField(e, scope), e) : this.playerField(e, scope);
        const obj = this.emit(e.object, scope);
        if (t?.kind === "hex") return `${e.name.text === "q" ? "hexQ" : "hexR"}(${obj})`;
        if (t?.kind === "cell") return `${e.name.text === "x" ? "cellX" : "cellY"}(${obj})`;
        if (e.object.kind === "name" && e.object.ref?.kind === "enumMember") return this.enumMember(e.object.ref);
        // `(if c then a else b).hull` reads the field of either record, not `b`'s alone.
        return `${parenthesized(obj)}.${e.name.text}`;
      }
      case "index": {
        // A missing key stops the game with the rules line of the lookup.
        if (e.object.type?.kind === "map")
          return mapLookup(this.emit(e.object, scope), this.emit(e.index, scope), e, this.program);
        // `players[i]` is seat i; a literal below the minimum player count is always a seat, so it needs no check.
        const isPlayers =
          e.object.kind === "name" && e.object.ref?.kind === "builtin" && e.object.ref.name === "players";
        if (isPlayers && e.index.kind === "int" && e.index.value >= 0 && e.index.value < this.program.game.minPlayers) {
          return String(e.index.value);
        }
        const around = neighbourList(e.object);
        if (around !== undefined && e.object.kind === "call") {
          // `neighbours(h)[i]`: the one neighbour, without the list of them.
          const count = (around.end - around.first) / around.by;
          const i = `indexIn(${this.emit(e.index, scope)}, ${count}, ${place(e)})`;
          const direction = around.by === 1 ? i : `${around.by} * ${i}`;
          const centre = this.emit(e.object.args[0]!, scope);
          return `${around.read}(${centre}, ${around.first === 0 ? direction : `${around.first} + ${direction}`})`;
        }
        // The list is only read: one the engine keeps will do (its keys' list copied if the index changes maps).
        return `at(${this.readOnlyList(e.object, scope, exprChangesLists(e.index))}, ${this.emit(e.index, scope)}, ${place(e)})`;
      }
      case "call":
        return this.call(e, scope);
      case "unary":
        // `not has(m, k)`: the map read in place has no value there.
        if (e.op === "not" && isBuiltinCall(e.operand, "has"))
          return `(${this.mapReadOf(e.operand, scope)} === undefined)`;
        return e.op === "not" ? `!${this.paren(e.operand, scope)}` : `-${this.paren(e.operand, scope)}`;
      case "binary": {
        const emptiness = this.emptinessInstead(e, scope);
        if (emptiness !== undefined) return emptiness;
        // `get(m, k) ?? d`: the map read in place, a missing key giving the default at once.
        if (e.op === "??" && isBuiltinCall(e.left, "get"))
          return `${this.mapReadOf(e.left, scope)} ?? ${parenthesized(this.emit(e.right, scope))}`;
        const left = this.emit(e.left, scope);
        const right = this.emit(e.right, scope);
        const l = parenthesized(left);
        const r = parenthesized(right);
        switch (e.op) {
          case "and":
            return `${l} && ${r}`;
          case "or":
            return `${l} || ${r}`;
          case "==":
          case "!=": {
            const negated = e.op === "!=";
            // Two values written out (`5 != 18`, `hearts == spades`): known now, and TypeScript refuses to compare them.
            const [a, b] = [literalValue(e.left), literalValue(e.right)];
            if (a !== undefined && b !== undefined) return String((a === b) !== negated);
            // A union compared with one of its members that carries nothing: only the member's kind matters.
            const member = [e.right, e.left].find((x) => x.kind === "name" && x.ref?.kind === "enumMember");
            if (member?.kind === "name" && member.ref?.kind === "enumMember" && this.isUnion(member.type)) {
              const test = this.isMember(member === e.right ? e.left : e.right, member.ref.member, scope);
              return negated ? `!(${test})` : test;
            }
            // Whether something is none needs no walk through its content.
            const plain = e.left.kind === "none" || e.right.kind === "none" || !this.structured(e.left.type);
            // Both sides made of values written out (`3 == (if flag then 12 else 19)`): TypeScript types each as the
            // values it may take, and refuses to compare two that never meet; the left side is given its type.
            const wide =
              typedByItsValues(e.left) && typedByItsValues(e.right) && e.left.type !== undefined
                ? `(${left} as ${tsType(e.left.type)})`
                : l;
            if (plain) return `${wide} ${negated ? "!==" : "==="} ${r}`;
            return `${negated ? "!" : ""}equal(${left}, ${right})`;
          }
          case "??":
            return `${l} ?? ${r}`;
          case "/":
            return `divide(${left}, ${right}, ${place(e)})`;
          case "%":
            return `remainder(${left}, ${right}, ${place(e)})`;
          case "+":
          case "-":
            if (e.type?.kind === "hex") return `${e.op === "+" ? "hexAdd" : "hexSub"}(${left}, ${right})`;
            if (e.type?.kind === "cell") return `${e.op === "+" ? "cellAdd" : "cellSub"}(${left}, ${right})`;
            return `${l} ${e.op} ${r}`;
          case "*":
            if (e.type?.kind === "hex")
              return e.left.type?.kind === "hex" ? `hexScale(${left}, ${right})` : `hexScale(${right}, ${left})`;
            if (e.type?.kind === "cell")
              return e.left.type?.kind === "cell" ? `cellScale(${left}, ${right})` : `cellScale(${right}, ${left})`;
            return `${l} * ${r}`;
          case "++": {
            // The type argument gives literals on either side their contextual type. A list made for the `++`
            // takes the other's elements itself.
            const t = e.type?.kind === "list" ? tsType(e.type.element) : "never";
            return `${madeHere(e.left) ? "appendAll" : "concat"}<${t}>(${left}, ${right})`;
          }
          default:
            return `${l} ${e.op} ${r}`;
        }
      }
      case "conditional":
        return `${this.paren(e.condition, scope)} ? ${this.paren(e.then, scope)} : ${this.paren(e.otherwise, scope)}`;
    }
  }

  /**
   * `reachable(h from start, within: k, cost: ..., enter: ..., stop: ...)`, `route(h from start, to: t, ...)`, or
   * `reachable(sea(me))` of a declared way: the runtime's search of the way (see `wayObject`).
   */
  private way(e: Extract<Expr, { kind: "call" }>, scope: Scope): string {
    const named = e.args[0]?.kind === "call" && e.args[0].target === "way" ? e.args[0] : undefined;
    const square = named ? this.program.ways.get(named.callee.text)!.square : e.symbol!.type;
    const grid = square?.kind === "cell" ? "CELL_WAYS" : "HEX_WAYS";
    const way = named
      ? `${valueName(this.program, named.callee.text)}(${["state", ...named.args.map((a) => this.emit(a, scope))].join(", ")})`
      : this.wayObject(e.symbol!, e.args[0]!, e.namedArgs, scope);
    const at = `${e.span.line}, ${e.span.column}`;
    const to = e.namedArgs.find((a) => a.name.text === "to");
    if (e.callee.text === "route") return `waysRoute(${grid}, ${way}, ${this.emit(to!.value, scope)}, ${at})`;
    return `waysReachable(${grid}, ${way}, ${at})`;
  }

  /**
   * A way as the runtime searches it: its start and budget, and each of its rules a function of the square (`h`,
   * named like any local); a rule not given lets every square through at a cost of 1.
   */
  wayObject(symbol: LocalSymbol, start: Expr, rules: readonly NamedArg[], scope: Scope): string {
    const square = scope.names.nameOf(symbol);
    const inner: Scope = { ...scope, local: (s) => (s === symbol ? square : scope.local(s)) };
    const given = new Map(rules.map((a) => [a.name.text, a.value]));
    const rule = (name: string, otherwise: string): string => {
      const value = given.get(name);
      return value === undefined ? `${name}: () => ${otherwise}` : `${name}: (${square}) => ${this.emit(value, inner)}`;
    };
    const within = `within: ${this.emit(given.get("within")!, scope)}`;
    const corners = given.get("corners");
    const parts = [
      `start: ${this.emit(start, scope)}`,
      within,
      ...(corners ? [`corners: ${this.emit(corners, scope)}`] : []),
      rule("cost", "1"),
      rule("enter", "true"),
      rule("stop", "false"),
    ];
    return `{ ${parts.join(", ")} }`;
  }

  /** The negation of a condition, without a double `!`. */
  negate(e: Expr, scope: Scope): string {
    if (e.kind === "unary" && e.op === "not") return this.emit(e.operand, scope);
    // Comparisons of integers invert exactly (there is no NaN in the rules).
    const inverse: Partial<Record<string, Binary["op"]>> = {
      "==": "!=",
      "!=": "==",
      "<": ">=",
      "<=": ">",
      ">": "<=",
      ">=": "<",
    };
    if (e.kind === "binary" && inverse[e.op]) return this.emit({ ...e, op: inverse[e.op]! }, scope);
    return `!${this.paren(e, scope)}`;
  }

  /**
   * The error of a `require let` whose value, found when the action was checked, is gone when it runs (the rules
   * changed the game in between: a fault of the rules, not of the player): its refusal, with the values it shows.
   */
  requirementLost(s: { readonly message: string; readonly messageParts?: readonly TextPart[] }, scope: Scope): string {
    const lost = "a requirement checked before the action ran no longer holds: ";
    if (s.messageParts === undefined) return `new RulesError(${JSON.stringify(lost + s.message)})`;
    return `new RulesError(${JSON.stringify(lost)} + ${this.text(s.messageParts, scope)})`;
  }

  /** A text with holes as a template literal: `` `Pay ${cost(state)} gold` ``. */
  text(parts: readonly TextPart[], scope: Scope): string {
    // A text that is one string value is that value.
    const only = parts[0];
    if (parts.length === 1 && typeof only !== "string" && only?.type?.kind === "string") return this.emit(only, scope);
    const pieces = parts.map((p) => {
      if (typeof p === "string") return p.replace(/[\\`]/g, "\\$&").replace(/\$\{/g, "\\${");
      const code = this.emit(p, scope);
      const t = p.type;
      const inner = t?.kind === "optional" ? t.inner : t;
      // Players by seat as the engine's own messages name them, squares as the rules write them, none as none.
      if (inner?.kind === "hex") return `\${showHex(${code})}`;
      if (inner?.kind === "cell") return `\${showCell(${code})}`;
      if (inner?.kind === "player") return t?.kind === "optional" ? `\${showPlayer(${code})}` : `Player \${${code}}`;
      return t?.kind === "optional" ? `\${${code} ?? "none"}` : `\${${code}}`;
    });
    return `\`${pieces.join("")}\``;
  }

  /** Emits `e`, parenthesised unless it is atomic. */
  paren(e: Expr, scope: Scope): string {
    return parenthesized(this.emit(e, scope));
  }

  /** A field declared `= unset`, read: its value, or a stop naming the rule's line while it has none. */
  private lateRead(field: string, e: Expr): string {
    const name = e.kind === "member" ? e.name.text : e.kind === "name" ? e.name : "";
    return `fieldValue(${field}, ${str(name)}, ${place(e)})`;
  }

  /**
   * What an assignment writes to: the field itself, also for one declared `= unset` (which reads check, and writes
   * need not).
   */
  place(e: Expr, scope: Scope): string {
    if (e.kind === "name" && e.late) return this.name(e, scope);
    if (e.kind === "member" && e.late) return this.playerField(e, scope);
    return this.emit(e, scope);
  }

  /** `p.coins`: a field of a player's state. */
  private playerField(e: Extract<Expr, { kind: "member" }>, scope: Scope): string {
    return `state.players[${this.emit(e.object, scope)}]!.${e.name.text}`;
  }

  private name(e: Extract<Expr, { kind: "name" }>, scope: Scope): string {
    const ref = e.ref;
    if (!ref) throw new Error(`internal: unresolved name ${e.name}`);
    switch (ref.kind) {
      case "local":
        return scope.local(ref.symbol);
      case "global":
        return `state.${ref.field}`;
      case "derived":
        return `derived(state).${ref.field}`;
      case "const":
        return valueName(this.program, ref.name);
      case "param":
        return `state.params.${ref.name}`;
      case "enumMember":
        return this.enumMember(ref);
      case "recordField":
        return `${scope.recordVar ?? "record"}.${ref.field}`;
      case "builtin":
        switch (ref.name) {
          case "players":
            return "SEATS[state.playerCount]!";
          case "playerCount":
            return "state.playerCount";
          case "viewer":
            return scope.viewerVar ?? "viewer";
          case "owner":
            return scope.ownerVar ?? "owner";
          case "over":
            return "engine.isOver(state)";
          case "winners":
            return "[...(engine.outcome(state)?.winners ?? [])]";
          case "acting":
            return "[...engine.toAct(state)]";
          case "interrupting":
            return "[...engine.mayAct(state)]";
        }
    }
  }

  /**
   * A list that will only be read (gone over by an aggregate or a loop, or the list an answer is a position in): as
   * `emit`, but a list the engine keeps where one can be shared rather than made (see `sharedList`).
   */
  readOnlyList(e: Expr, scope: Scope, snapshot = false): string {
    return this.sharedList(e, scope, snapshot) ?? this.emit(e, scope);
  }

  /** `readOnlyList`, in parentheses where an index or a member after it needs them (`(a ++ b)[i]`). */
  readOnlyOperand(e: Expr, scope: Scope, snapshot = false): string {
    return this.sharedList(e, scope, snapshot) ?? this.paren(e, scope);
  }

  /**
   * The list the engine keeps for `e`, to be read and not changed: `members(Suit)` is the engine's own list of
   * members, `keys(m)` of a map keyed by numbers the keys the map keeps, `range(0, n)` a list of counts made once,
   * `frontier(cells)` the frontier kept for the last cells asked.
   * Undefined for any other list, and for the keys of a map when the reader may change maps (`snapshot`: a
   * procedure called on the way) as the map changes the list of its keys in place.
   */
  private sharedList(e: Expr, scope: Scope, snapshot = false): string | undefined {
    if (isMembersCall(e)) return valuesConst(e.args[0].name);
    if (e.kind !== "call" || e.target !== "builtin") return undefined;
    const map = e.callee.text === "keys" ? e.args[0] : undefined;
    if (map?.type?.kind === "map" && map.type.key.kind !== "enum" && !snapshot) {
      return `readMapNumberKeys(${this.emit(map, scope)})`;
    }
    if (e.callee.text === "range" && e.args.length === 2)
      return `readRange(${this.emit(e.args[0]!, scope)}, ${this.emit(e.args[1]!, scope)})`;
    if (e.callee.text === "frontier") return `readCellFrontier(${this.emit(e.args[0]!, scope)})`;
    return undefined;
  }

  private call(e: Extract<Expr, { kind: "call" }>, scope: Scope): string {
    // `members(Suit)` names a type: the engine's list of its members, copied so the rules may change it.
    if (isMembersCall(e)) return `${valuesConst(e.args[0].name)}.slice()`;
    const action = e.args[1];
    if (e.target === "builtin" && e.callee.text === "offers" && action?.kind === "name") {
      // `offers(p, Launch)` names an action: its offer function, asked for one legal form.
      return offersCall(action.name, this.emit(e.args[0]!, scope));
    }
    if (e.target === "builtin" && e.callee.text === "size") {
      const counted = this.countInstead(e, scope);
      if (counted !== undefined) return counted;
    }
    if (
      e.target === "builtin" &&
      (e.symbol !== undefined || (e.args[0]?.kind === "call" && e.args[0].target === "way"))
    )
      return this.way(e, scope);
    // A built-in that only reads the list it is given first may be given one the engine keeps.
    const readsFirst =
      e.target === "builtin" && READS_FIRST_LIST.has(e.callee.text) && e.args[0]?.type?.kind === "list";
    const snapshot = readsFirst && e.args.slice(1).some(exprChangesLists);
    const args = e.args.map((a, i) =>
      i === 0 && readsFirst ? this.readOnlyList(a, scope, snapshot) : this.emit(a, scope),
    );
    switch (e.target) {
      case "record": {
        const r = this.program.records.get(e.callee.text)!;
        const given = new Map(e.namedArgs.map((a) => [a.name.text, a.value]));
        const fields = [...r.fields.values()].map((f) => {
          const v = given.get(f.decl.name.text);
          const code = v
            ? this.stored(v, scope)
            : f.decl.initial
              ? this.stored(f.decl.initial, scope)
              : zeroValue(this.program, f.type);
          // A field declared with a range (`face: 1..6`) is built only within it.
          return `${f.decl.name.text}: ${v ? keptInRange(f.type, code, place(v), v) : code}`;
        });
        return `{ ${fields.join(", ")} }`;
      }
      case "member": {
        const m = this.program.unions.get(e.enumName!)!.members.get(e.callee.text)!;
        const given = new Map(e.namedArgs.map((a) => [a.name.text, this.emit(a.value, scope)]));
        return memberValue(
          e.callee.text,
          m.fields.map((f, i) => [f.name, given.get(f.name) ?? args[i]!]),
        );
      }
      case "proc":
        // In a trial, its trial version.
        if (scope.trial !== undefined)
          return `${trialName(e.callee.text)}(${["state", scope.trial, ...args].join(", ")})`;
        return `${valueName(this.program, e.callee.text)}(${["state", ...args].join(", ")})`;
      case "fn":
        return `${valueName(this.program, e.callee.text)}(${["state", ...args].join(", ")})`;
      case "builtin": {
        // `inside(c, board)`: the board's own grid.
        if (e.grid !== undefined) return `cellInside(${args[0]}, ${this.gridSize(e.grid, scope)})`;
        // In a trial, a draw from a list notes the list first, for the trial to undo (a deck's draw, random, is
        // never played by a trial: RL110).
        const call = builtinCall(e.callee.text, args, e, {
          paren: (i) =>
            i === 0 && readsFirst ? this.readOnlyOperand(e.args[0]!, scope, snapshot) : this.paren(e.args[i]!, scope),
          place: (i) => this.place(e.args[i]!, scope),
          read: (i, key) => mapRead(`(${args[i]!})`, key, e.args[i]!.type, this.program),
          fresh: (i) => isFresh(e.args[i]!),
          structured: (t) => this.structured(t),
        });
        return scope.trial !== undefined && e.callee.text === "draw"
          ? `(${scope.trial}.keepList(${args[0]}), ${call})`
          : call;
      }
      default:
        throw new Error(`internal: unresolved call ${e.callee.text}`);
    }
  }

  /**
   * `{ k: v, ... }`: an object literal when every key is an enum member written out (`{ wood: 1 }`), else built
   * entry by entry.
   */
  private mapLiteral(e: Extract<Expr, { kind: "map" }>, scope: Scope): string {
    const t = e.type?.kind === "map" ? e.type : undefined;
    const named = e.entries.every((x) => x.key.kind === "name" && x.key.ref?.kind === "enumMember");
    const distinct = new Set(e.entries.map((x) => (x.key.kind === "name" ? x.key.name : ""))).size === e.entries.length;
    if (named && distinct && e.entries.every((x) => x.key.kind === "name" && x.key.name !== "__proto__")) {
      const fields = e.entries.map((x) => `${(x.key as { name: string }).name}: ${this.stored(x.value, scope)}`);
      const literal = `{ ${fields.join(", ")} }`;
      return t ? `${literal} satisfies ${tsType(t)}` : literal;
    }
    const entries = e.entries.map((x) => `[${this.emit(x.key, scope)}, ${this.stored(x.value, scope)}]`);
    return `mapFrom<${t ? `${tsType(t.key)}, ${tsType(t.value)}` : "never, never"}>([${entries.join(", ")}])`;
  }

  /** A member of an enum as a value: its name, or for a union the member as an object. */
  private enumMember(ref: { readonly enumName: string; readonly member: string }): string {
    return this.program.unions.has(ref.enumName) ? memberValue(ref.member, []) : str(ref.member);
  }

  /** The map `has(m, k)` or `get(m, k)` asks about, read in place at its key (undefined for no value). */
  private mapReadOf(call: Call, scope: Scope): string {
    return mapRead(
      `(${this.emit(call.args[0]!, scope)})`,
      this.emit(call.args[1]!, scope),
      call.args[0]!.type,
      this.program,
    );
  }

  private isUnion(t: Type | undefined): boolean {
    const inner = t?.kind === "optional" ? t.inner : t;
    return inner?.kind === "enum" && this.program.unions.has(inner.name);
  }

  /** Lists, records and union members compare by content, not identity. */
  private structured(t: Type | undefined): boolean {
    return structured(t) || this.isUnion(t);
  }

  /** `value is member`, also for a value that may be none (then false). */
  isMember(subject: Expr, member: string, scope: Scope): string {
    const code = this.emit(subject, scope);
    const t = subject.type;
    if (!this.isUnion(t)) return `${parenthesized(code)} === ${str(member)}`;
    return `${parenthesized(code)}${t?.kind === "optional" ? "?." : "."}${UNION_TAG} === ${str(member)}`;
  }

  // ---- lifting aggregates and comprehensions into helpers ---------------------------------------------------

  /**
   * `match` as an expression: a helper that takes the value apart arm by arm, returning the first arm's value
   * that matches (the checker made the arms cover every case, so the last needs no test).
   */
  private liftMatch(e: MatchExpr, scope: Scope): string {
    const { names, inner, params, callArgs, lifted } = this.helperFrame(e, scope);
    const known = lifted.get(e);
    if (known !== undefined) return `${known}(${callArgs.join(", ")})`;
    const lines = this.matchReturns(e, inner, names);
    const name = this.sink.nextName("match");
    lifted.set(e, name);
    this.sink.helpers.push({
      name,
      doc: this.source.slice(e.span.start, e.span.end).replace(/\s+/g, " "),
      params,
      returnType: tsType(e.type!),
      body: lines.join("\n"),
    });
    return `${name}(${callArgs.join(", ")})`;
  }

  /**
   * A `match` expression as statements that return the value of the arm that matches: the body of its helper, or
   * of a function whose whole value is the match.
   */
  matchReturns(e: MatchExpr, scope: Scope, names: LocalNames): string[] {
    const subject = this.emit(e.subject, scope);
    const { setup, name: value } = namedOnce(subject, names, "value");
    const lines = [...setup];
    e.arms.forEach((arm, i) => {
      const last = i === e.arms.length - 1;
      const test = last ? undefined : patternTest(this.program, arm.pattern, subjectType(e, i), value);
      const body = [
        ...bindings(this.program, arm.pattern, value).map((b) => `const ${scope.local(b.symbol)} = ${b.code};`),
        `return ${this.emit(arm.body, scope)};`,
      ];
      if (test === undefined) lines.push(...body);
      else lines.push(`if (${test}) {`, ...body, "}");
    });
    return lines;
  }

  /** The parameters of a helper lifted from `e`: the state, the locals it uses, and the implicit values. */
  private helperFrame(
    e: Expr,
    scope: Scope,
  ): {
    names: LocalNames;
    inner: Scope;
    params: { name: string; type: string }[];
    callArgs: string[];
    lifted: Map<Aggregate | Comprehension | MapComprehension | MatchExpr, string>;
  } {
    const free = freeLocals(e);
    // In a trial, an expression that calls a procedure calls its trial version, with the trial.
    const inTrial = scope.trial !== undefined && changesTheGame(e);
    const names = new LocalNames(inTrial ? ["state", "trial"] : ["state"]);
    const inner: Scope = {
      names,
      local: (s) => names.nameOf(s),
      ...(scope.recordVar ? { recordVar: "record", recordType: scope.recordType ?? "never" } : {}),
      ...(scope.viewerVar ? { viewerVar: "viewer" } : {}),
      ...(scope.ownerVar ? { ownerVar: "owner" } : {}),
      ...(scope.stateless ? { stateless: true } : {}),
      ...(inTrial ? { trial: "trial" } : {}),
    };
    const params = scope.stateless ? [] : [{ name: "state", type: "State" }];
    const callArgs = scope.stateless ? [] : ["state"];
    if (inTrial) {
      params.push({ name: "trial", type: "Trial" });
      callArgs.push(scope.trial!);
    }
    for (const s of free) {
      params.push({ name: names.nameOf(s), type: tsType(s.type) });
      callArgs.push(scope.local(s));
    }
    const implicit = usesImplicit(e);
    if (implicit.record && scope.recordVar) {
      params.push({ name: "record", type: scope.recordType ?? "never" });
      callArgs.push(scope.recordVar);
    }
    if (implicit.viewer && scope.viewerVar) {
      params.push({ name: "viewer", type: "Player" });
      callArgs.push(scope.viewerVar);
    }
    if (implicit.owner && scope.ownerVar) {
      params.push({ name: "owner", type: "Player" });
      callArgs.push(scope.ownerVar);
    }
    return { names, inner, params, callArgs, lifted: inTrial ? this.sink.liftedInTrials : this.sink.lifted };
  }

  /**
   * `size(list) == 0`, `size(list) > 0` and the like, for a list a comprehension would build (see `countInstead`):
   * whether it would hold anything, asked without counting it all (`size(piecesOf(next(me))) == 0` stops at the first
   * piece). Undefined for any other comparison.
   */
  private emptinessInstead(e: Extract<Expr, { kind: "binary" }>, scope: Scope): string | undefined {
    const isSize = (x: Expr): x is Extract<Expr, { kind: "call" }> =>
      x.kind === "call" && x.target === "builtin" && x.callee.text === "size" && x.args.length === 1;
    const [size, bound, op] = isSize(e.left)
      ? [e.left, e.right, e.op]
      : isSize(e.right)
        ? [e.right, e.left, MIRRORED[e.op]]
        : [undefined, undefined, undefined];
    if (size === undefined || bound?.kind !== "int" || op === undefined) return undefined;
    const empty = EMPTY_WHEN.get(`${op} ${bound.value}`);
    if (empty === undefined) return undefined;
    // Stopping early must skip nothing that changes the game (a procedure called, a card drawn, a die rolled).
    if (changesTheGame(size)) return undefined;
    const found = this.countInstead(size, scope, "any");
    if (found === undefined) return undefined;
    return empty ? `!${parenthesized(found)}` : found;
  }

  /** `width, height` of the grid a board is declared on (`on grid(width, height)`), as code. */
  gridSize(grid: GridBound, scope: Scope): string {
    return `${this.emit(grid.width, scope)}, ${this.emit(grid.height, scope)}`;
  }

  /** The doc of an emptiness helper: `whether [x for x in xs if c] holds anything`. */
  private holdsAnything(list: Expr): string {
    return `whether ${this.source.slice(list.span.start, list.span.end).replace(/\s+/g, " ")} holds anything`;
  }

  /**
   * The count standing for a `size` of a comprehension, and the `any` for a `size` compared with 0 (each made once, so
   * it is lifted once).
   */
  private readonly counts = { count: new WeakMap<Expr, Aggregate>(), any: new WeakMap<Expr, Aggregate>() };
  /** What a lifted helper says it does, where its source text alone would not (an emptiness asked of a `size`). */
  private readonly helperDocs = new WeakMap<Expr, string>();
  /** The count (or `any`) of a function's list, and the stand-ins for its parameters (see `countOfList`). */
  private readonly fnCounts = {
    count: new WeakMap<FnDecl, { counted: Aggregate; params: LocalSymbol[] }>(),
    any: new WeakMap<FnDecl, { counted: Aggregate; params: LocalSymbol[] }>(),
  };

  /**
   * `size([x for x in xs if c])`, or `size(piecesOf(p))` where the function gives a comprehension: a `count` of what
   * the list would hold, which builds no list (a function's comprehension is run in place, see `loopOver`); every
   * `size` of one function's list calls one helper. With `op` "any": whether the list would hold anything, which
   * stops at the first element (see `emptinessInstead`). Undefined for any other `size`.
   */
  private countInstead(
    e: Extract<Expr, { kind: "call" }>,
    scope: Scope,
    op: "count" | "any" = "count",
  ): string | undefined {
    const list = e.args[0]!;
    const always: Expr = { kind: "bool", value: true, span: e.span, type: { kind: "bool" } };
    if (list.kind === "comprehension" && !list.flatten && list.symbol) {
      let counted = this.counts[op].get(e);
      if (counted === undefined) {
        const { variable, iterable, condition, symbol } = list;
        counted = {
          kind: "aggregate",
          op,
          variable,
          iterable,
          body: condition ?? always,
          symbol,
          span: e.span,
        };
        counted.type = { kind: op === "count" ? "int" : "bool" };
        this.counts[op].set(e, counted);
        if (op === "any") this.helperDocs.set(counted, this.holdsAnything(list));
      }
      return this.emit(counted, scope);
    }
    if (list.kind !== "call" || list.target !== "fn" || list.type?.kind !== "list" || scope.stateless) return undefined;
    const fn = this.program.fns.get(list.callee.text);
    const body = fn?.body;
    if (fn === undefined || body === undefined || !("kind" in body) || body.kind !== "comprehension" || body.flatten) {
      return undefined;
    }
    // `count(element in f(a, b): true)` over the function's parameters: the helper takes them, and each call site
    // gives its arguments. `element` is a name the rules cannot write, for the element no one reads.
    const { counted, params } = this.fnCounts[op].get(fn) ?? this.countOfList(fn, list.type.element, e.span, op);
    const argumentOf = new Map(params.map((p, i) => [p, this.paren(list.args[i]!, scope)]));
    return this.lift(counted, { ...scope, local: (s) => argumentOf.get(s) ?? scope.local(s) });
  }

  /**
   * `count(element in fn(its parameters): true)`, made once per function (see `countInstead`). The helper's
   * parameters are stand-ins for the function's (its comprehension, run in place, binds its own to them); its doc
   * quotes the first `size` that asked for it (`span`).
   */
  private countOfList(
    fn: FnDecl,
    element: Type,
    span: Span,
    op: "count" | "any",
  ): { counted: Aggregate; params: LocalSymbol[] } {
    const params = fn.params.map((p, i): LocalSymbol => ({ ...p.symbol!, id: -2 - i, used: true }));
    const args: Expr[] = params.map((p) => ({
      kind: "name",
      name: p.name,
      ref: { kind: "local", symbol: p },
      span: fn.span,
      type: p.type,
    }));
    const iterable: Expr = {
      kind: "call",
      target: "fn",
      callee: fn.name,
      args,
      namedArgs: [],
      span: fn.span,
      type: { kind: "list", element },
    };
    const symbol: LocalSymbol = {
      name: "element",
      type: element,
      id: -1,
      span: fn.span,
      origin: "binder",
      used: false,
    };
    const always: Expr = { kind: "bool", value: true, span: fn.span, type: { kind: "bool" } };
    const counted: Aggregate = {
      kind: "aggregate",
      op,
      variable: { text: symbol.name, span: fn.span },
      iterable,
      body: always,
      symbol,
      span,
    };
    counted.type = { kind: op === "count" ? "int" : "bool" };
    if (op === "any") {
      this.helperDocs.set(
        counted,
        `whether ${fn.name.text}(${fn.params.map((p) => p.name.text).join(", ")}) holds anything`,
      );
    }
    const made = { counted, params };
    this.fnCounts[op].set(fn, made);
    return made;
  }

  private lift(e: Aggregate | Comprehension | MapComprehension, scope: Scope): string {
    const { names, inner, params, callArgs, lifted } = this.helperFrame(e, scope);
    const known = lifted.get(e);
    if (known !== undefined) return `${known}(${callArgs.join(", ")})`;
    const variable = names.nameOf(e.symbol!);
    const elementType = tsType(e.symbol!.type);
    const body = e.kind === "comprehension" ? e.element : e.kind === "mapComprehension" ? e.value : e.body;
    // `[0 for _ in range(1, n)]` and `sum(x in pile: 4)` count without reading the element.
    const read =
      e.kind === "comprehension"
        ? readsLocal([e.element, e.condition], e.symbol!)
        : e.kind === "mapComprehension"
          ? readsLocal([e.key, e.value, e.condition], e.symbol!)
          : !e.body || ELEMENT_KEEPING.has(e.op) || readsLocal([e.body], e.symbol!);
    // A procedure called on the way may change the map whose keys the loop would read as the map keeps them.
    const snapshot = exprChangesLists(e);
    const { head: loopHead, element } = this.loopOver(e.iterable, variable, elementType, read, inner, snapshot);
    const value = body ? this.emit(body, inner) : variable;
    const c = e.kind === "comprehension" ? e : undefined;
    const condition = e.kind === "aggregate" ? undefined : e.condition;
    const cond = condition ? `if (${this.emit(condition, inner)}) ` : "";
    // The helper's own variables are named last, so they never clash with a name from the rules.
    const out = names.fresh("out");
    const total = names.fresh("total");
    const best = names.fresh("best");
    const v = names.fresh("v");
    let code: string;
    let returnType: string;
    const op = e.kind === "comprehension" ? "list" : e.kind === "mapComprehension" ? "map" : e.op;
    switch (op) {
      case "map": {
        const m = e as MapComprehension;
        returnType = tsType(m.type!);
        // A new map, whose size and keys nothing has counted yet: its keys are set directly.
        code = `const ${out}: ${returnType} = {};\n${loopHead} {\n${element}\n${cond}${out}[${this.emit(m.key, inner)}] = ${this.storedIn(m.value, inner, value)};\n}\nreturn ${out};`;
        break;
      }
      case "list": {
        returnType = tsType(c!.type ?? { kind: "list", element: { kind: "int" } });
        // `[f(x, y) for x in xs for y in ys]`: the inner `for`'s new list, added element by element.
        const added = c!.flatten ? `...${value}` : this.storedIn(c!.element, inner, value);
        code = `const ${out}: ${returnType} = [];\n${loopHead} {\n${element}\n${cond}${out}.push(${added});\n}\nreturn ${out};`;
        break;
      }
      case "sum":
        returnType = "number";
        code = `let ${total} = 0;\n${loopHead} {\n${element}\n${total} += ${value};\n}\nreturn ${total};`;
        break;
      case "count":
        returnType = "number";
        code = !body
          ? `return ${this.readOnlyOperand(e.iterable, inner)}.length;`
          : body.kind === "bool" && body.value
            ? `let ${total} = 0;\n${loopHead} {\n${element}\n${total}++;\n}\nreturn ${total};`
            : `let ${total} = 0;\n${loopHead} {\n${element}\nif (${value}) ${total}++;\n}\nreturn ${total};`;
        break;
      case "min":
      case "max": {
        returnType = "number";
        const cmp = op === "min" ? "<" : ">";
        code = `let ${best}: number | undefined;\n${loopHead} {\n${element}\nconst ${v} = ${value};\nif (${best} === undefined || ${v} ${cmp} ${best}) ${best} = ${v};\n}\n${this.emptyMinMax(e as Aggregate, best, op, inner)}\nreturn ${best};`;
        break;
      }
      case "all":
        returnType = "boolean";
        code = `${loopHead} {\n${element}\nif (!(${value})) return false;\n}\nreturn true;`;
        break;
      case "any":
        returnType = "boolean";
        // `any(x in list: true)`, a list's emptiness: its first element answers.
        code = `${loopHead} {\n${element}\n${value === "true" ? "" : `if (${value}) `}return true;\n}\nreturn false;`;
        break;
      case "sorted": {
        returnType = `${elementType}[]`;
        const keyed = names.fresh("keyed");
        code = `const ${keyed}: { key: number; item: ${elementType} }[] = [];\n${loopHead} {\n${element}\n${keyed}.push({ key: ${value}, item: ${variable} });\n}\n${keyed}.sort((a, b) => a.key - b.key);\nreturn ${keyed}.map((k) => k.item);`;
        break;
      }
      case "first":
        returnType = `${elementType} | null`;
        code = `${loopHead} {\n${element}\nif (${value}) return ${variable};\n}\nreturn null;`;
        break;
      case "argmin":
      case "argmax": {
        returnType = `${elementType}[]`;
        const cmp = op === "argmin" ? "<" : ">";
        code = `let ${best}: number | undefined;\nlet ${out}: ${elementType}[] = [];\n${loopHead} {\n${element}\nconst ${v} = ${value};\nif (${best} === undefined || ${v} ${cmp} ${best}) {\n${best} = ${v};\n${out} = [${variable}];\n} else if (${v} === ${best}) ${out}.push(${variable});\n}\nreturn ${out};`;
        break;
      }
      default:
        throw new Error(`internal: aggregate ${op}`);
    }
    const name = this.sink.nextName(op === "list" || op === "map" ? "collect" : op);
    lifted.set(e, name);
    this.sink.helpers.push({
      name,
      doc: this.helperDocs.get(e) ?? this.source.slice(e.span.start, e.span.end).replace(/\s+/g, " "),
      params,
      returnType,
      body: code,
    });
    return `${name}(${callArgs.join(", ")})`;
  }

  /**
   * How a lifted aggregate goes over its list, `head` then `{ element ... }`: a counted loop over `range(a, b)`; the
   * loop of a function's comprehension run in place (`first(c in column(x): ...)` with `fn column(x) = [cell(x, i) for
   * i in range(0, 5)]` builds no list); the values of a map keyed by numbers through its keys; else an indexed loop
   * over the list, evaluated once (measurably faster than for-of in the hot paths of playouts). `element` binds the
   * element to `variable` when `read`. `snapshot`: the loop may call a procedure, which may change a map, so a map's
   * keys are read from a copy. `fusing`: the functions whose loops are being run in place around this one (a
   * function calling itself is called instead).
   */
  private loopOver(
    iterable: Expr,
    variable: string,
    elementType: string,
    read: boolean,
    inner: Scope,
    snapshot: boolean,
    fusing: ReadonlySet<string> = new Set(),
  ): { head: string; element: string } {
    const names = inner.names;
    if (iterable.kind === "call" && iterable.target === "builtin" && iterable.callee.text === "range") {
      // The rules never change a loop's variable, so it can count.
      const [low, high] = iterable.args.map((a) => this.emit(a, inner));
      const index = read ? variable : names.fresh("i");
      const end = names.fresh("end");
      return { head: `for (let ${index} = ${low}, ${end} = ${high}; ${index} <= ${end}; ${index}++)`, element: "" };
    }
    // The neighbours of a cell or a square, one by one, without a list of them.
    const around = neighbourList(iterable);
    if (around !== undefined && iterable.kind === "call") {
      const centre = names.fresh("centre");
      const d = names.fresh("d");
      return {
        head: `const ${centre} = ${this.emit(iterable.args[0]!, inner)};\nfor (let ${d} = ${around.first}; ${d} < ${around.end}; ${d} += ${around.by})`,
        element: read ? `const ${variable} = ${around.read}(${centre}, ${d});` : "",
      };
    }
    // The values of a map keyed by numbers, read through the keys the map keeps: no list of them is made (an
    // expression never changes the map it goes over).
    const valuesOf =
      iterable.kind === "call" && iterable.target === "builtin" && iterable.callee.text === "values"
        ? iterable.args[0]
        : undefined;
    if (valuesOf?.type?.kind === "map" && valuesOf.type.key.kind !== "enum" && !snapshot) {
      const map = names.fresh("map");
      const keys = names.fresh("keys");
      const index = names.fresh("i");
      return {
        head: `const ${map} = ${this.emit(valuesOf, inner)};\nconst ${keys} = readMapNumberKeys(${map});\nfor (let ${index} = 0; ${index} < ${keys}.length; ${index}++)`,
        element: read ? `const ${variable} = ${map}[${keys}[${index}]!]!;` : "",
      };
    }
    const fused = this.fusedComprehension(iterable, inner, fusing);
    if (fused !== undefined) {
      const { comprehension: c, bindings, fn } = fused;
      const reads = readsLocal([...(read ? [c.element] : []), c.condition], c.symbol!);
      const within = new Set([...fusing, fn]);
      const own = this.loopOver(
        c.iterable,
        names.nameOf(c.symbol!),
        tsType(c.symbol!.type),
        reads,
        inner,
        snapshot || exprChangesLists(c),
        within,
      );
      return {
        head: [...bindings, own.head].join("\n"),
        element: [
          own.element,
          ...(c.condition ? [`if (!(${this.emit(c.condition, inner)})) continue;`] : []),
          ...(read ? [`const ${variable} = ${this.storedIn(c.element, inner, this.emit(c.element, inner))};`] : []),
        ].join("\n"),
      };
    }
    const list = this.readOnlyList(iterable, inner, snapshot);
    const index = names.fresh("i");
    // A constant of the rules or an enum's members is gone over where it is declared: it never changes, so the loop
    // needs no name of its own for it (`for (let i = 0; i < RES_VALUES.length; i++)`).
    const constant = (iterable.kind === "name" && iterable.ref?.kind === "const") || isMembersCall(iterable);
    if (constant && /^\w+$/.test(list)) {
      return {
        head: `for (let ${index} = 0; ${index} < ${list}.length; ${index}++)`,
        element: read ? `const ${variable} = ${list}[${index}]!;` : "",
      };
    }
    const items = names.fresh("items");
    // A list written out (`[hull, mast]`) needs its type: TypeScript would widen enum members to string.
    const annotation = iterable.kind === "list" ? `: readonly ${elementType}[]` : "";
    return {
      head: `const ${items}${annotation} = ${list};\nfor (let ${index} = 0; ${index} < ${items}.length; ${index}++)`,
      element: read ? `const ${variable} = ${items}[${index}]!;` : "",
    };
  }

  /**
   * The loop an offer runs over an action parameter's list when the list is a call of a function whose body is a
   * comprehension (`Move(from: Cell in piecesOf(me))`): the comprehension's own loop, without its list, each element
   * kept bound to `item` and counted in `position` (its place in the list). The lines up to the loop's open brace and
   * the element's binding; undefined for any other list.
   */
  offerLoop(list: Expr, scope: Scope, position: string, item: string): string[] | undefined {
    if (this.fusableFunction(list, scope, new Set()) === undefined) return undefined;
    const { head, element } = this.loopOver(list, item, tsType(elementOf(list)), true, scope, false);
    return [`let ${position} = -1;`, `${head} {`, element, `${position}++;`];
  }

  /** The helper giving an element of each such list (see `elementAt`). */
  private readonly elementHelpers = new Map<Expr, string>();

  /**
   * `list[index]` for an action's parameter taken in a list that is a call of a function whose body is a comprehension:
   * the element at that position, found by running the comprehension's loop up to it, without the list (a helper,
   * like an aggregate's). Undefined for any other list.
   */
  elementAt(list: Expr, index: string, scope: Scope): string | undefined {
    if (this.fusableFunction(list, scope, new Set()) === undefined) return undefined;
    const { names, inner, params, callArgs } = this.helperFrame(list, scope);
    let name = this.elementHelpers.get(list);
    if (name === undefined) {
      name = this.sink.nextName("elementAt");
      this.elementHelpers.set(list, name);
      const type = tsType(elementOf(list));
      const element = names.fresh("element");
      const { head, element: bound } = this.loopOver(list, element, type, true, inner, false);
      const n = names.fresh("n");
      const position = names.fresh("position");
      this.sink.helpers.push({
        name,
        doc: `${this.source.slice(list.span.start, list.span.end).replace(/\s+/g, " ")}[n], without the list`,
        params: [...params, { name: n, type: "number" }],
        returnType: type,
        body: `let ${position} = 0;\n${head} {\n${bound}\nif (${position}++ === ${n}) return ${element};\n}\nthrow new RulesError(\`index \${${n}} is outside a list of \${${position}}\`);`,
      });
    }
    return `${name}(${[...callArgs, index].join(", ")})`;
  }

  /**
   * A call of a function whose body is a comprehension with one `for` (and that no variant replaces): the
   * comprehension, and its parameters bound to the call's arguments, so that a loop over the call can run the
   * comprehension's own loop instead of building its list.
   */
  private fusedComprehension(
    e: Expr,
    inner: Scope,
    fusing: ReadonlySet<string>,
  ): { comprehension: Comprehension; bindings: string[]; fn: string } | undefined {
    const fn = this.fusableFunction(e, inner, fusing);
    if (fn === undefined || e.kind !== "call") return undefined;
    const bindings = fn.params.flatMap((p, i) => {
      const arg = e.args[i]!;
      const code = this.emit(arg, inner);
      // An argument that is a local nothing rebinds (a parameter, `me`, a loop's variable) is read under its own
      // name: `const p2 = p` would only rename it. A `let` variable may change while the loop runs; it is copied.
      if (/^\w+$/.test(code) && arg.kind === "name" && arg.ref?.kind === "local" && arg.ref.symbol.origin !== "let") {
        inner.names.alias(p.symbol!, code);
        return [];
      }
      return [`const ${inner.names.ownName(p.symbol!)} = ${code};`];
    });
    return { comprehension: fn.body as Comprehension, bindings, fn: fn.name.text };
  }

  /** The function whose comprehension a loop over `e` may run in place (see `fusedComprehension`); names nothing. */
  private fusableFunction(e: Expr, inner: Scope, fusing: ReadonlySet<string>): FnDecl | undefined {
    if (e.kind !== "call" || e.target !== "fn" || inner.stateless || fusing.has(e.callee.text)) return undefined;
    const fn = this.program.fns.get(e.callee.text);
    const body = fn?.body;
    if (fn === undefined || body === undefined || !("kind" in body) || body.kind !== "comprehension") return undefined;
    if (body.flatten) return undefined;
    const name = fn.name.text;
    if (this.program.variants.some((v) => v.replacements.some((r) => r.kind === "fn" && r.name.text === name))) {
      return undefined;
    }
    // A function calling itself from its own comprehension: its parameters are already in scope here.
    if (fn.params.some((p) => inner.names.hasName(p.symbol!))) return undefined;
    return fn;
  }

  /** What `min` or `max` does when its list is empty: give the rules' `else` value, or stop the game. */
  private emptyMinMax(e: Aggregate, best: string, op: string, scope: Scope): string {
    if (e.orElse) return `if (${best} === undefined) return ${this.emit(e.orElse, scope)};`;
    return `if (${best} === undefined) throw new RulesError("${op} of an empty list", ${place(e)});`;
  }

  private storedIn(e: Expr, _scope: Scope, code: string): string {
    return isFresh(e, this.program) || e.kind === "name" ? code : this.copyOf(e.type, code);
  }

  /**
   * A copy of a list, map or record: a spread, or a slice, when it holds only plain values (a list of numbers, a map
   * of counts, a record of numbers and names); a deep copy otherwise. Other values as they are.
   */
  private copyOf(t: Type | undefined, code: string): string {
    if (t === undefined) return code;
    // The value copied is read as one operand: both branches of a conditional are copied (`a ? b : c.slice()` would
    // copy `c` alone and store `b` itself); typed as what it is stored as where it holds literals, which keep their
    // types (`["red"]` a list of Suits, not of strings).
    const operand =
      parenthesized(code) === code ? code : /["[{]/.test(code) ? `((${code}) satisfies ${tsType(t)})` : `(${code})`;
    if (t.kind === "map" && isPlainValue(this.program, t.value)) return `{ ...${operand} }`;
    if (t.kind === "record" && this.flatRecord(t.name)) return `{ ...${operand} }`;
    const generic = genericCopy(t, code, operand);
    // A deep copy walking keys, where the engine can copy by type instead (several times faster: a list of ships a
    // rule keeps is sliced ship by ship, a roll kept over a fight copied field by field).
    if (this.typedCopies && generic.startsWith("clone<"))
      return copyForStoring(this.program, this.recordCopies, t, operand) ?? generic;
    return generic;
  }

  private flatRecord(name: string): boolean {
    return [...(this.program.records.get(name)?.fields.values() ?? [])].every((f) => isFlatValue(this.program, f.type));
  }
}

/**
 * A copy of a list or record without the engine's typed copy functions: a list of plain values sliced, others deep
 * copied generically; other values as they are. `operand`: `code` as one operand of a member access (see the
 * emitter's `copyOf`).
 */
function genericCopy(t: Type | undefined, code: string, operand: string): string {
  if (t?.kind === "optional" && structured(t.inner)) return `clone<${tsType(t)}>(${code})`;
  if (t?.kind === "list" && t.element.kind !== "list" && t.element.kind !== "record") return `${operand}.slice()`;
  // The type argument gives literals inside `code` their contextual type (`"red"` stays a Suit).
  if (t?.kind === "list" || t?.kind === "record" || t?.kind === "map" || t?.kind === "deck")
    return `clone<${tsType(t)}>(${code})`;
  return code;
}

/** `a < b` read from `b`'s side: `b > a`. */
const MIRRORED: Readonly<Record<string, string>> = {
  "==": "==",
  "!=": "!=",
  "<": ">",
  ">": "<",
  "<=": ">=",
  ">=": "<=",
};

/** Whether `size(list) <op> <n>` asks that the list be empty (true) or hold something (false), by `"<op> <n>"`. */
const EMPTY_WHEN: ReadonlyMap<string, boolean> = new Map([
  ["== 0", true],
  ["<= 0", true],
  ["< 1", true],
  ["!= 0", false],
  ["> 0", false],
  [">= 1", false],
]);

/** `code` in parentheses, unless it is atomic (a name, a member chain, a call): an operand of `.` as it is. */
export function parenthesized(code: string): string {
  const atomic = /^[\w$.!"[\]]+$/.test(code) || (/^[\w$.]+\(.*\)$/.test(code) && balanced(code));
  return atomic ? code : `(${code})`;
}

/** Lists and records compare by content, not identity. */
function structured(t: Type | undefined): boolean {
  if (t?.kind === "optional") return structured(t.inner);
  return t !== undefined && (t.kind === "list" || t.kind === "record" || t.kind === "map" || t.kind === "deck");
}

function balanced(code: string): boolean {
  let depth = 0;
  for (let i = 0; i < code.length; i++) {
    const c = code[i];
    if (c === "(") depth++;
    else if (c === ")") {
      depth--;
      if (depth === 0 && i !== code.length - 1) return false;
    }
  }
  return depth === 0;
}

/** Locals used inside `e` but declared outside it, in order of first use. */
export function freeLocals(e: Expr): LocalSymbol[] {
  const bound = new Set<LocalSymbol>();
  forEachExpr(e, (x) => {
    const binds = x.kind === "aggregate" || x.kind === "comprehension" || x.kind === "mapComprehension";
    if ((binds || x.kind === "call") && x.symbol) bound.add(x.symbol);
    if (x.kind === "match") {
      for (const arm of x.arms) {
        if (arm.pattern.kind !== "member") continue;
        for (const s of arm.pattern.symbols ?? []) if (s) bound.add(s);
      }
    }
  });
  const out: LocalSymbol[] = [];
  forEachExpr(e, (x) => {
    if (x.kind === "name" && x.ref?.kind === "local" && !bound.has(x.ref.symbol) && !out.includes(x.ref.symbol)) {
      out.push(x.ref.symbol);
    }
  });
  return out;
}

/** Whether any of `exprs` reads the local `symbol`. */
function readsLocal(exprs: readonly (Expr | undefined)[], symbol: LocalSymbol): boolean {
  let found = false;
  for (const e of exprs) {
    if (e) forEachExpr(e, (x) => (found ||= x.kind === "name" && x.ref?.kind === "local" && x.ref.symbol === symbol));
  }
  return found;
}

function usesImplicit(e: Expr): { record: boolean; viewer: boolean; owner: boolean } {
  const found = { record: false, viewer: false, owner: false };
  forEachExpr(e, (x) => {
    if (x.kind !== "name") return;
    if (x.ref?.kind === "recordField") found.record = true;
    if (x.ref?.kind === "builtin" && x.ref.name === "viewer") found.viewer = true;
    if (x.ref?.kind === "builtin" && x.ref.name === "owner") found.owner = true;
  });
  return found;
}

/** The type of a `match`'s value at arm `i`: no longer optional once an earlier arm took `none`. */
export function subjectType(
  s: { readonly subject: Expr; readonly arms: readonly MatchArm<unknown>[] },
  i: number,
): Type | undefined {
  const t = s.subject.type;
  return s.arms.slice(0, i).some((a) => a.pattern.kind === "none") && t ? withoutNone(t) : t;
}

/**
 * The condition under which `value` (the code of a value of type `t`) matches pattern `p`; undefined when it always
 * does (`_`).
 */
export function patternTest(program: Program, p: Pattern, t: Type | undefined, value: string): string | undefined {
  switch (p.kind) {
    case "wildcard":
      return undefined;
    case "none":
      return `${value} === null`;
    case "member": {
      const inner = t?.kind === "optional" ? t.inner : t;
      const union = inner?.kind === "enum" && program.unions.has(inner.name);
      const maybeNone = t?.kind === "optional" ? "?." : ".";
      return union ? `${value}${maybeNone}${UNION_TAG} === ${str(p.name.text)}` : `${value} === ${str(p.name.text)}`;
    }
  }
}

/**
 * Whether `e` is a list made where it is written, which nothing else holds: a literal, a comprehension, a `++`, or
 * either of two such by a condition. Only the list itself need be new for `++` to add to it (`isFresh`, which lets a
 * value be stored uncopied, asks it of the elements too, and knows no condition).
 */
function madeHere(e: Expr): boolean {
  if (e.kind === "list" || e.kind === "comprehension" || (e.kind === "binary" && e.op === "++")) return true;
  return e.kind === "conditional" && madeHere(e.then) && madeHere(e.otherwise);
}

/**
 * Whether the list `e` gives is made for it, whatever its elements: a list no one else holds, which a loop may go
 * over without a snapshot of its own.
 */
export function isNewList(e: Expr, program: Program): boolean {
  return (
    madeHere(e) || isFresh(e, program) || (e.kind === "call" && e.target === "builtin" && e.callee.text === "values")
  );
}

/** Built-ins that only read the list given as their first argument. */
const READS_FIRST_LIST: ReadonlySet<string> = new Set(["contains", "indexOf", "size"]);

/** Builtins whose value is a list made for the call: stored as it is, never copied. */
const FRESH_LIST_BUILTINS: ReadonlySet<string> = new Set([
  "members",
  "keys",
  "shuffled",
  "range",
  "draw",
  "neighbours",
  "ring",
  "disc",
  "adjacent",
  "diagonals",
  "around",
  "line",
  "frontier",
  "playersFrom",
  "within",
  "reachable",
  "route",
]);

/** What a pattern binds: each named value with the code reading it from `value` (narrowed by the pattern's test). */
export function bindings(
  program: Program,
  p: Pattern,
  value: string,
): { readonly symbol: LocalSymbol; readonly code: string }[] {
  if (p.kind !== "member" || !p.symbols || !p.enumName) return [];
  const fields = program.unions.get(p.enumName)?.members.get(p.name.text)?.fields ?? [];
  return p.symbols.flatMap((symbol, i) => (symbol ? [{ symbol, code: `${value}.${fields[i]!.name}` }] : []));
}

/**
 * `m[k]`: read in place, so that each lookup keeps its own inline cache (a shared function would see maps of every
 * shape); a missing key stops the game with the rules line. A map keyed by a small enum is read by the member's name
 * (`atRes(m, r)`, a switch): a read by a key that varies over more names than an inline cache holds is slow, a read
 * of a named field is not. A map whose values may be none goes through `mapGet`, which tells a missing key from a
 * none.
 */
export function mapLookup(map: string, key: string, e: Expr, program: Program): string {
  if (e.type?.kind === "optional") return `mapGet(${map}, ${key}, ${place(e)})`;
  const mapType = e.kind === "index" && e.object.type?.kind === "map" ? e.object.type : undefined;
  return `(${mapRead(map, key, mapType, program)} ?? noKey(${key}, ${place(e)}))`;
}

/**
 * The value of a map of type `t` at `key`, read in place (undefined when it has none): by the member's name for a
 * map keyed by a small enum, else by the key. What `m[k]`, `has` and `get` read.
 */
export function mapRead(map: string, key: string, t: Type | undefined, program: Program): string {
  const keyType = t?.kind === "map" ? t.key : undefined;
  if (keyType?.kind === "enum" && enumsReadByName(program).has(keyType.name)) {
    return `${enumReaderName(keyType.name)}(${map}, ${key})`;
  }
  return `${map}[${key}]`;
}

const readByName = new WeakMap<Program, ReadonlySet<string>>();

/**
 * The enums whose maps are read by the member's name: plain enums of at most 16 members keying a map the rules
 * declare (in a field, a record, a constant, a parameter or a result). The engine module exports a reader for each
 * (`enumReaders`), which the tests module imports.
 */
export function enumsReadByName(program: Program): ReadonlySet<string> {
  const known = readByName.get(program);
  if (known) return known;
  const out = new Set<string>();
  const seen = new Set<string>();
  const visit = (t: Type | undefined): void => {
    if (t === undefined) return;
    if (t.kind === "optional") visit(t.inner);
    else if (t.kind === "list" || t.kind === "deck") visit(t.element);
    else if (t.kind === "map") {
      const members = t.key.kind === "enum" ? program.enums.get(t.key.name)?.members : undefined;
      if (t.key.kind === "enum" && members && !program.unions.has(t.key.name) && members.length <= 16) {
        out.add(t.key.name);
      }
      visit(t.value);
    } else if (t.kind === "record" && !seen.has(t.name)) {
      seen.add(t.name);
      for (const f of program.records.get(t.name)?.fields.values() ?? []) visit(f.type);
    }
  };
  for (const f of [
    ...program.playerFields.values(),
    ...program.globalFields.values(),
    ...program.derivedFields.values(),
  ])
    visit(f.type);
  for (const r of program.records.keys()) visit({ kind: "record", name: r });
  for (const c of program.consts.values()) visit(c.type);
  for (const f of [...program.fns.values(), ...program.procs.values()]) {
    visit(f.resolvedReturnType);
    for (const p of f.params) visit(p.symbol?.type);
  }
  readByName.set(program, out);
  return out;
}

/** The function reading a map keyed by the enum `name`. */
export function enumReaderName(name: string): string {
  return `at${name}`;
}

/** The engine module's `atE(m, k)`, one for each enum whose maps are read by the member's name. */
export function enumReaders(program: Program): string[] {
  return [...enumsReadByName(program)].sort().map((name) => {
    const ts = typeName(name);
    const cases = program.enums.get(name)!.members.map((m) => `case ${str(m.name.text)}:\nreturn m.${m.name.text};`);
    return `/** m[k] for a map keyed by ${name}, read by the member's name. */\nexport function ${enumReaderName(name)}<V>(m: Partial<Record<${ts}, V>>, k: ${ts}): V | undefined {\nswitch (k) {\n${cases.join("\n")}\n}\n}`;
  });
}

/**
 * Whether the player (code) may take the action now: its offer function asked without a list, which stops at the
 * first legal form.
 */
export function offersCall(action: string, player: string): string {
  return `offer${action}(state, ${player})`;
}

/** Aggregates whose result is made of the elements themselves, not only of what their body says of them. */
const ELEMENT_KEEPING: ReadonlySet<string> = new Set(["first", "sorted", "argmin", "argmax"]);

/** The value of a literal (a number, a flag, a text or a plain enum member), or undefined for anything else. */
function literalValue(e: Expr): number | boolean | string | undefined {
  if (e.kind === "int" || e.kind === "bool") return e.value;
  if (e.kind === "string" && !e.parts) return `"${e.value}`;
  if (e.kind === "unary" && e.op === "-" && e.operand.kind === "int") return -e.operand.value;
  if (e.kind === "name" && e.ref?.kind === "enumMember") return `${e.ref.enumName}.${e.ref.member}`;
  return undefined;
}

/** Whether TypeScript types the code of `e` as the values written in it (`3`, `flag ? 12 : 19`) rather than as theirs. */
function typedByItsValues(e: Expr): boolean {
  if (literalValue(e) !== undefined) return true;
  return e.kind === "conditional" && typedByItsValues(e.then) && typedByItsValues(e.otherwise);
}

/** `12, 5`: the rules line and column of `e`, for the helpers that stop the game there (`at(list, i, 12, 5)`). */
export function place(e: { readonly span: { readonly line: number; readonly column: number } }): string {
  return `${e.span.line}, ${e.span.column}`;
}

/** `members(Suit)`: the list of an enum's members. */
export function isMembersCall(
  e: Expr,
): e is Extract<Expr, { kind: "call" }> & { args: [Extract<Expr, { kind: "name" }>, ...Expr[]] } {
  return e.kind === "call" && e.target === "builtin" && e.callee.text === "members" && e.args[0]?.kind === "name";
}
