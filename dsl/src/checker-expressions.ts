/**
 * The checker's expressions (types): each expression's type, given the type expected where there is one, with the
 * names it reads resolved and the diagnostics of every misuse. The statements, decisions, maps, unions, builtins and
 * visibility have parts of their own; this one asks them for what is theirs through its host.
 */
import type * as A from "./ast.ts";
import { builtinNames, type Declarations } from "./binder.ts";
import { builtinFunctions, GRID_DIR_ENUM, HEX_DIR_ENUM, type BuiltinChecker } from "./checker-builtins.ts";
import { checkWay, checkWayDecl, type WayHost } from "./checker-ways.ts";
import { WAY_BUILTINS } from "./ways.ts";
import { writtenRangeErrors } from "./written-ranges.ts";
import { describeContext, type BodyState, type Context } from "./checker-context.ts";
import type { DecisionChecker } from "./checker-decisions.ts";
import type { MapChecker } from "./checker-maps.ts";
import type { Scopes } from "./checker-scopes.ts";
import { isNone } from "./checker-statements.ts";
import type { UnionChecker } from "./checker-unions.ts";
import type { VisibilityChecker } from "./checker-visibility.ts";
import type { FieldInfo, RecordInfo } from "./checker.ts";
import type { DerivedData } from "./derived-data.ts";
import { Codes, declaredAs, didYouMean, error, type Diagnostic } from "./diagnostics.ts";
import type { RoutineGraph } from "./routine-graph.ts";
import {
  BOOL,
  ERROR,
  INT,
  isAssignable,
  listOf,
  NONE,
  optionalOf,
  PLAYER,
  STRING,
  typeToString,
  UNKNOWN,
  VOID,
  type Type,
} from "./types.ts";

/** What the expressions read of the rest of the checker: the declarations, the other parts, the body being checked. */
export interface ExpressionHost extends Pick<
  Declarations,
  | "enums"
  | "enumMembers"
  | "records"
  | "consts"
  | "params"
  | "playerFields"
  | "globalFields"
  | "derivedFields"
  | "fns"
  | "ways"
  | "procs"
  | "actions"
> {
  readonly diagnostics: Diagnostic[];
  readonly scopes: Scopes;
  /** Names of declarations read somewhere (for the warnings about unused ones). */
  readonly used: Set<string>;
  readonly derived: DerivedData;
  readonly graph: RoutineGraph;
  readonly unions: UnionChecker;
  readonly maps: MapChecker;
  readonly builtins: BuiltinChecker;
  readonly decisions: DecisionChecker;
  readonly visibility: VisibilityChecker;
  /** The body being checked. */
  body(): BodyState;
  /** The constant whose value is being checked, if any. */
  definingConst(): string | undefined;
  bodyKey(): string | undefined;
  inTest(): boolean;
  resolveType(t: A.TypeExpr): Type;
  notAList(span: A.Span, t: Type): void;
  noteDependency(target: string, span: A.Span): void;
  noteCall(target: string): void;
  /** Checks `check` as rules that may only look at the game (`what` names them in a refusal). */
  lookingOnly<T>(what: string, check: () => T): T;
}

/** The builtins whose result the random generator decides. */
const RANDOM_BUILTINS: ReadonlySet<string> = new Set(["pick", "random", "shuffled", "reshuffle"]);

export class ExpressionChecker {
  private readonly wayHost: WayHost;

  constructor(private readonly host: ExpressionHost) {
    this.wayHost = {
      diagnostics: host.diagnostics,
      scopes: host.scopes,
      expr: (e, expected) => this.expr(e, expected),
      lookingOnly: (what, check) => host.lookingOnly(what, check),
      way: (name) => host.ways.get(name),
      wayArguments: (call, way) => {
        if (host.definingConst() !== undefined) {
          host.diagnostics.push(
            error(
              Codes.misplaced,
              call.callee.span,
              `a constant cannot ask the way \`${way.name.text}\``,
              "constants are fixed data, made before any game starts; ask the way where its squares are needed",
            ),
          );
        }
        host.used.add(way.name.text);
        host.noteDependency(`fn:${way.name.text}`, call.callee.span);
        host.derived.noteCall(host.bodyKey(), `fn:${way.name.text}`);
        this.arguments(call, way.params);
      },
    };
  }

  /** `way sea(p: Player) { ... }`: its rules (its parameters are already in scope). */
  wayDecl(w: A.WayDecl): void {
    checkWayDecl(this.wayHost, w);
  }

  /** Checks `e`, which should have type `expected` when given, and returns (and records) its type. */
  expr(e: A.Expr, expected: Type | undefined): Type {
    let t = this.infer(e, expected);
    if (t.kind === "unknown" && expected) t = expected;
    e.type = t;
    if (expected) this.expectType(e, t, expected);
    return t;
  }

  private infer(e: A.Expr, expected: Type | undefined): Type {
    switch (e.kind) {
      case "int":
        return INT;
      case "bool":
        return BOOL;
      case "string":
        if (e.parts) this.host.visibility.textParts(e.parts);
        return STRING;
      case "none":
        return this.none(e, expected);
      case "name":
        return this.name(e, expected);
      case "list": {
        if (e.elements.length === 0) return expected?.kind === "list" ? expected : listOf(UNKNOWN);
        const elementExpected = expected?.kind === "list" ? expected.element : undefined;
        const first = this.expr(e.elements[0]!, elementExpected);
        for (const el of e.elements.slice(1)) this.expr(el, elementExpected ?? first);
        return listOf(elementExpected ?? first);
      }
      case "comprehension": {
        const element = this.elementType(this.expr(e.iterable, undefined), e.iterable.span);
        this.host.scopes.push();
        e.symbol = this.host.scopes.bind(e.variable, element, "binder");
        e.symbol.used = true;
        if (e.condition) this.expr(e.condition, BOOL);
        // With `flatten`, the element is the inner `for`'s list, of the type this one gives.
        const out = this.expr(
          e.element,
          e.flatten ? expected : expected?.kind === "list" ? expected.element : undefined,
        );
        this.host.scopes.pop();
        return e.flatten ? out : listOf(out);
      }
      case "member":
        return this.member(e);
      case "index": {
        const obj = this.expr(e.object, undefined);
        if (obj.kind === "map") return this.host.maps.lookup(e, obj);
        if (obj.kind === "list") {
          const it = this.expr(e.index, undefined);
          if (it.kind !== "int" && it.kind !== "player" && it.kind !== "error") {
            this.host.diagnostics.push(
              error(
                Codes.typeMismatch,
                e.index.span,
                `a list index is a number or a Player, found ${typeToString(it)}`,
                "index a list by a position from 0 (`l[0]`), or a list kept per player by a Player (`l[p]`)",
              ),
            );
          }
          return obj.element;
        }
        this.expr(e.index, undefined);
        if (obj.kind !== "error") this.host.notAList(e.object.span, obj);
        return ERROR;
      }
      case "call":
        return this.call(e, expected);
      case "aggregate":
        return this.aggregate(e);
      case "unary":
        if (e.op === "not") {
          this.expr(e.operand, BOOL);
          return BOOL;
        }
        this.expr(e.operand, INT);
        return INT;
      case "binary":
        return this.binary(e);
      case "map":
        return this.host.maps.literal(e, expected);
      case "mapComprehension":
        return this.host.maps.comprehension(e, expected);
      case "is":
        return this.host.unions.is(e);
      case "match":
        return this.host.unions.matchExpr(e, expected);
      case "can":
        return this.can(e);
      case "conditional": {
        this.expr(e.condition, BOOL);
        const a = this.expr(e.then, expected);
        if (!expected && isNone(a)) {
          // `if c then none else x`: the value is optional.
          const b = this.expr(e.otherwise, undefined);
          return b.kind === "optional" ? b : optionalOf(b);
        }
        const joined = !expected && e.otherwise.kind === "none" && a.kind !== "optional" ? optionalOf(a) : a;
        this.expr(e.otherwise, expected ?? joined);
        return expected ?? joined;
      }
    }
  }

  /**
   * `can pay(p, cost)`: whether the procedure can be played to its end, asked where the rules compute (a function, a
   * requirement, a condition), never in a constant, the setup, a test or the scoring, which have no game under way to
   * copy. The procedure's search is checked with the `completing` blocks'.
   */
  private can(e: A.CanExpr): Type {
    const callee = e.call.callee.text;
    const proc = this.host.procs.get(callee);
    if (!proc) {
      const what = this.host.fns.has(callee)
        ? `\`${callee}\` is a function: it has no choices to play`
        : this.host.actions.has(callee)
          ? `\`${callee}\` is an action: whether it may be taken is what its requirements say`
          : `unknown procedure \`${callee}\``;
      const hint = this.host.fns.has(callee)
        ? `call it: \`${callee}(...)\``
        : this.host.actions.has(callee)
          ? "ask `can` of the procedure the action runs"
          : (didYouMean(callee, this.host.procs.keys()) ??
            `\`can\` asks a procedure of the rules: declare it with \`proc ${callee}(...) { ... }\``);
      this.host.diagnostics.push(error(Codes.unknownName, e.call.callee.span, what, hint));
      for (const a of e.call.args) this.expr(a, undefined);
      return BOOL;
    }
    const c = this.host.body().context;
    if (this.host.definingConst() !== undefined || !["fn", "flow", "proc", "action"].includes(c)) {
      this.host.diagnostics.push(
        error(
          Codes.misplaced,
          e.span,
          `\`can\` plays the game on copies, which ${this.host.definingConst() !== undefined ? "a constant" : describeContext(c)} does not have under way`,
          "ask it in a function, a requirement, a condition or a procedure",
        ),
      );
    }
    e.call.target = "proc";
    this.host.used.add(callee);
    this.host.derived.noteCall(this.host.bodyKey(), `proc:${callee}`);
    this.arguments(e.call, proc.params);
    e.call.type = proc.returnType ? this.host.resolveType(proc.returnType) : VOID;
    this.host.decisions.searched(e);
    return BOOL;
  }

  private name(e: A.NameRef, expected: Type | undefined): Type {
    const local = this.host.scopes.lookup(e.name);
    if (local) {
      local.used = true;
      e.ref = { kind: "local", symbol: local };
      return local.type;
    }
    const c = this.host.body().context;
    const record = this.host.body().record;
    if (record) {
      const f = record.fields.get(e.name);
      if (f) {
        e.ref = { kind: "recordField", field: e.name };
        return f.type;
      }
    }
    if (c === "playerVisibility") {
      const f = this.host.playerFields.get(e.name);
      if (f) {
        e.ref = { kind: "recordField", field: e.name };
        return this.fieldRead(e, f);
      }
    }
    const global = this.host.globalFields.get(e.name);
    if (global) {
      if (c === "const") return this.notHere(e, `the game state (\`${e.name}\`)`, CONST_HINT);
      e.ref = { kind: "global", field: e.name };
      this.host.derived.noteRead(this.host.bodyKey(), e.name, e.span);
      return this.fieldRead(e, global);
    }
    const derived = this.host.derivedFields.get(e.name);
    if (derived) {
      if (c === "const") return this.notHere(e, `the game state (\`${e.name}\`)`, CONST_HINT);
      e.ref = { kind: "derived", field: e.name };
      this.host.used.add(e.name);
      this.host.derived.noteRead(this.host.bodyKey(), e.name, e.span);
      return derived.type;
    }
    const k = this.host.consts.get(e.name);
    if (k) {
      this.host.used.add(e.name);
      e.ref = { kind: "const", name: e.name };
      if (this.host.definingConst() !== undefined && k.type.kind === "unknown") {
        // Not checked yet: declared below, or the constant itself.
        this.host.diagnostics.push(
          error(
            Codes.misplaced,
            e.span,
            e.name === this.host.definingConst()
              ? `the constant \`${e.name}\` cannot use itself`
              : `the constant \`${this.host.definingConst()}\` cannot use \`${e.name}\`, which is declared below it`,
            "a constant may use only the constants declared above it",
          ),
        );
        return ERROR;
      }
      return k.type;
    }
    const p = this.host.params.get(e.name);
    if (p) {
      this.host.used.add(e.name);
      if (this.host.definingConst() !== undefined) {
        return this.notHere(
          e,
          `a param (\`${e.name}\`)`,
          "a variant may change a param: compute with it in a function instead",
        );
      }
      e.ref = { kind: "param", name: e.name };
      return p.type;
    }
    const enums = this.host.enumMembers.get(e.name);
    if (enums) {
      let enumName = enums[0]!;
      if (enums.length > 1) {
        const designers = enums.filter((x) => x !== HEX_DIR_ENUM && x !== GRID_DIR_ENUM);
        const wanted =
          expected?.kind === "enum" && enums.includes(expected.name)
            ? expected.name
            : designers.length === 1
              ? designers[0]
              : undefined;
        if (!wanted) {
          this.host.diagnostics.push(
            error(
              Codes.unknownName,
              e.span,
              `\`${e.name}\` is a member of several enums (${enums.join(", ")})`,
              `write it as \`${enums[0]}.${e.name}\``,
            ),
          );
          return ERROR;
        }
        enumName = wanted;
      }
      this.host.used.add(enumName);
      if (this.host.unions.bareMemberWithValues(e, enumName)) return ERROR;
      e.ref = { kind: "enumMember", enumName, member: e.name };
      return { kind: "enum", name: enumName };
    }
    if ((builtinNames as readonly string[]).includes(e.name)) return this.builtinName(e, e.name as A.BuiltinName);
    if (this.host.enums.has(e.name) || this.host.records.has(e.name)) {
      this.host.diagnostics.push(
        error(
          Codes.typeMismatch,
          e.span,
          `\`${e.name}\` is a type, not a value`,
          this.host.enums.has(e.name)
            ? `its members are values; all of them: \`members(${e.name})\``
            : `build one: \`${e.name}(field: value, ...)\``,
        ),
      );
      return ERROR;
    }
    const candidates = [
      ...this.host.scopes.visible(),
      ...this.host.globalFields.keys(),
      ...this.host.consts.keys(),
      ...this.host.params.keys(),
      ...this.host.enumMembers.keys(),
      ...builtinNames,
    ];
    const hint =
      didYouMean(e.name, candidates) ??
      (this.host.playerFields.has(e.name)
        ? `\`${e.name}\` is a field of each player: write \`p.${e.name}\` for a player p`
        : "declare it first: a `let`, a parameter, a field, a `const` or a `param`");
    this.host.diagnostics.push(error(Codes.unknownName, e.span, `unknown name \`${e.name}\``, hint));
    return ERROR;
  }

  /** A field read: its type; a field declared `= unset` reads as its declared type (the engine checks it is set). */
  private fieldRead(e: A.NameRef | A.Member, f: FieldInfo): Type {
    if (!f.late || f.type.kind !== "optional") return f.type;
    e.late = true;
    return f.type.inner;
  }

  private notHere(e: A.NameRef, what: string, hint: string): Type {
    this.host.diagnostics.push(
      error(Codes.misplaced, e.span, `${describeContext(this.host.body().context)} cannot read ${what}`, hint),
    );
    return ERROR;
  }

  private builtinName(e: A.NameRef, name: A.BuiltinName): Type {
    const c = this.host.body().context;
    const allowed: Record<A.BuiltinName, readonly Context[] | "state"> = {
      players: "state",
      playerCount: "state",
      viewer: ["visibility", "playerVisibility"],
      owner: ["playerVisibility"],
      over: ["expect"],
      winners: ["expect"],
      acting: ["expect"],
      interrupting: ["expect"],
    };
    const rule = allowed[name];
    const ok = rule === "state" ? c !== "const" : rule.includes(c);
    if (!ok) {
      const where = rule === "state" ? "rules that run with a game" : rule.map(describeContext).join(" or ");
      return this.notHere(e, `\`${name}\``, `\`${name}\` is read in ${where}`);
    }
    e.ref = { kind: "builtin", name };
    switch (name) {
      case "players":
      case "winners":
      case "acting":
      case "interrupting":
        return listOf(PLAYER);
      case "playerCount":
        return INT;
      case "viewer":
      case "owner":
        return PLAYER;
      case "over":
        return BOOL;
    }
  }

  /** `none` takes the optional type it is expected to have. */
  private none(e: A.NoneLit, expected: Type | undefined): Type {
    if (expected === undefined || expected.kind === "optional" || expected.kind === "error") return expected ?? NONE;
    this.host.diagnostics.push(
      error(
        Codes.typeMismatch,
        e.span,
        `a value of type ${typeToString(expected)} cannot be none`,
        `where a value may be missing, declare its type as \`${typeToString(expected)}?\``,
      ),
    );
    return ERROR;
  }

  private member(e: A.Member): Type {
    const qualified = this.qualifiedEnumMember(e);
    if (qualified) return qualified;
    const obj = this.expr(e.object, undefined);
    const field = e.name.text;
    if (obj.kind === "optional") {
      this.host.diagnostics.push(
        error(
          Codes.typeMismatch,
          e.object.span,
          `this may be none (its type is ${typeToString(obj)}), so it has no field \`${field}\` to read`,
          "take its value first: `if let x = ... { x." + field + " }`, or give a default with `??`",
        ),
      );
      return ERROR;
    }
    if (obj.kind === "player") {
      const f = this.host.playerFields.get(field);
      if (f) {
        this.host.derived.noteRead(this.host.bodyKey(), `player.${field}`, e.name.span);
        return this.fieldRead(e, f);
      }
      this.host.diagnostics.push(
        error(
          Codes.unknownField,
          e.name.span,
          `players have no field \`${field}\``,
          didYouMean(field, this.host.playerFields.keys()) ?? "declare it in `per player { ... }`",
        ),
      );
      return ERROR;
    }
    if (obj.kind === "record") {
      const r = this.host.records.get(obj.name);
      const f = r?.fields.get(field);
      if (f) return f.type;
      this.host.diagnostics.push(
        error(
          Codes.unknownField,
          e.name.span,
          `\`${obj.name}\` has no field \`${field}\``,
          didYouMean(field, r?.fields.keys() ?? []) ?? fieldsHint(r?.fields.keys() ?? []),
        ),
      );
      return ERROR;
    }
    if (obj.kind === "deck") {
      // A deck is its draw pile and its discard pile, each a list.
      if (field === "pile" || field === "discard") return listOf(obj.element);
      this.host.diagnostics.push(
        error(
          Codes.unknownField,
          e.name.span,
          `a deck has no field \`${field}\``,
          "its lists are `pile` and `discard`",
        ),
      );
      return ERROR;
    }
    if (obj.kind === "hex") {
      if (field === "q" || field === "r") return INT;
      this.host.diagnostics.push(
        error(Codes.unknownField, e.name.span, `a Hex has no field \`${field}\``, "its coordinates are `q` and `r`"),
      );
      return ERROR;
    }
    if (obj.kind === "cell") {
      if (field === "x" || field === "y") return INT;
      this.host.diagnostics.push(
        error(Codes.unknownField, e.name.span, `a Cell has no field \`${field}\``, "its coordinates are `x` and `y`"),
      );
      return ERROR;
    }
    if (obj.kind === "enum" && this.host.unions.unions.has(obj.name)) {
      const example = [...this.host.unions.unions.get(obj.name)!.members.values()].find((m) => m.fields.length > 0)!;
      this.host.diagnostics.push(
        error(
          Codes.unknownField,
          e.name.span,
          `a ${obj.name} has no field \`${field}\`: its members carry their own values`,
          `take it apart with \`match\`: \`match value { ${example.decl.name.text}(${example.fields.map((f) => f.name).join(", ")}) => ... }\``,
        ),
      );
      return ERROR;
    }
    if (obj.kind === "error") return ERROR;
    this.host.diagnostics.push(
      error(
        Codes.typeMismatch,
        e.span,
        `${typeToString(obj)} has no fields`,
        obj.kind === "list"
          ? "for the number of elements write `size(list)`"
          : "only records, players, decks, hexes and cells have fields",
      ),
    );
    return ERROR;
  }

  /** `Kind.armed`: a member qualified by its enum's name, unless a value of that name is in scope. */
  private qualifiedEnumMember(e: A.Member): Type | undefined {
    const o = e.object;
    if (o.kind !== "name") return undefined;
    const en = this.host.enums.get(o.name);
    if (!en || this.isValueName(o.name)) return undefined;
    this.host.used.add(en.name.text);
    const type: Type = { kind: "enum", name: en.name.text };
    o.type = type;
    const member = e.name.text;
    const names = en.members.map((m) => m.name.text);
    if (!names.includes(member)) {
      this.host.diagnostics.push(
        error(
          Codes.unknownName,
          e.name.span,
          `\`${en.name.text}\` has no member \`${member}\``,
          didYouMean(member, names) ?? `its members are ${names.join(", ")}`,
        ),
      );
      return ERROR;
    }
    if (this.host.unions.bareMemberWithValues({ kind: "name", name: member, span: e.name.span }, en.name.text))
      return ERROR;
    // The enum's name stands for the member itself, so the emitter may evaluate the object like any name.
    o.ref = { kind: "enumMember", enumName: en.name.text, member };
    return type;
  }

  /** Whether `name` resolves to a value (which then hides a type of the same name). */
  private isValueName(name: string): boolean {
    return (
      this.host.scopes.lookup(name) !== undefined ||
      this.host.body().record?.fields.has(name) === true ||
      (this.host.body().context === "playerVisibility" && this.host.playerFields.has(name)) ||
      this.host.globalFields.has(name) ||
      this.host.consts.has(name) ||
      this.host.params.has(name)
    );
  }

  elementType(t: Type, span: A.Span): Type {
    if (t.kind === "list") return t.element.kind === "unknown" ? ERROR : t.element;
    if (t.kind === "map" || t.kind === "deck") {
      this.host.diagnostics.push(
        error(
          Codes.typeMismatch,
          span,
          `expected a list, found ${typeToString(t)}`,
          t.kind === "map"
            ? "go over its keys with `keys(m)`, or its values with `values(m)`"
            : "go over its draw pile `d.pile` or its discard pile `d.discard`",
        ),
      );
      return ERROR;
    }
    if (t.kind !== "error") this.host.notAList(span, t);
    return ERROR;
  }

  private aggregate(e: A.Aggregate): Type {
    const element = this.elementType(this.expr(e.iterable, undefined), e.iterable.span);
    this.host.scopes.push();
    e.symbol = this.host.scopes.bind(e.variable, element, "binder");
    e.symbol.used = true;
    let result: Type;
    // The hint of an aggregate without its part after `:`, in the names the rules use.
    const perElement = (what: string): string =>
      `after \`:\`, say ${what} for each \`${e.variable.text}\` of \`${e.op}(${e.variable.text} in ...)\``;
    switch (e.op) {
      case "sum":
      case "min":
      case "max":
        if (e.body) this.expr(e.body, INT);
        else if (element.kind !== "int" && element.kind !== "error") {
          this.host.diagnostics.push(
            error(
              Codes.typeMismatch,
              e.span,
              `\`${e.op}\` of ${typeToString(element)} needs a number: write \`${e.op}(x in list: <number>)\``,
              perElement("the number it counts for"),
            ),
          );
        }
        result = INT;
        break;
      case "count":
      case "all":
      case "any":
        if (e.body) this.expr(e.body, BOOL);
        else if (e.op !== "count") {
          this.host.diagnostics.push(
            error(
              Codes.wrongArity,
              e.span,
              `\`${e.op}\` needs a condition: \`${e.op}(x in list: <condition>)\``,
              perElement("whether it counts"),
            ),
          );
        }
        result = e.op === "count" ? INT : BOOL;
        break;
      case "sorted":
        if (e.body) this.expr(e.body, INT);
        else if (element.kind !== "int" && element.kind !== "error") {
          this.host.diagnostics.push(
            error(
              Codes.wrongArity,
              e.span,
              "`sorted` needs a number to sort by: `sorted(x in list: <number>)`",
              perElement("the number it is sorted by"),
            ),
          );
        }
        result = listOf(element);
        break;
      case "first":
        if (e.body) this.expr(e.body, BOOL);
        else
          this.host.diagnostics.push(
            error(
              Codes.wrongArity,
              e.span,
              "`first` needs a condition: `first(x in list: <condition>)`",
              perElement("whether it is the one"),
            ),
          );
        result = element.kind === "error" ? ERROR : optionalOf(element);
        break;
      case "argmin":
      case "argmax":
        if (e.body) this.expr(e.body, INT);
        else
          this.host.diagnostics.push(
            error(
              Codes.wrongArity,
              e.span,
              `\`${e.op}\` needs a value to compare: \`${e.op}(x in list: <number>)\``,
              perElement("the number it is compared by"),
            ),
          );
        result = listOf(element);
        break;
    }
    this.host.scopes.pop();
    if (e.orElse) {
      if (e.op === "min" || e.op === "max") this.expr(e.orElse, INT);
      else {
        this.expr(e.orElse, undefined);
        const hint =
          e.op === "first"
            ? "`first` gives none for an empty list: write `first(x in list: <condition>) ?? <value>`"
            : e.op === "argmin" || e.op === "argmax" || e.op === "sorted"
              ? `\`${e.op}\` of an empty list is an empty list`
              : `\`${e.op}\` of an empty list is ${e.op === "all" ? "true" : e.op === "any" ? "false" : "0"}`;
        this.host.diagnostics.push(
          error(Codes.misplaced, e.orElse.span, `only \`min\` and \`max\` take a value for an empty list`, hint),
        );
      }
    }
    return result;
  }

  private binary(e: A.Binary): Type {
    switch (e.op) {
      case "++": {
        const l = this.expr(e.left, undefined);
        if (l.kind !== "list" && l.kind !== "error") this.host.notAList(e.left.span, l);
        const r = this.expr(e.right, l.kind === "list" ? l : undefined);
        return l.kind === "list" && l.element.kind === "unknown" ? r : l;
      }
      case "and":
      case "or":
        this.expr(e.left, BOOL);
        this.expr(e.right, BOOL);
        return BOOL;
      case "==":
      case "!=": {
        const l = this.expr(e.left, undefined);
        // Lists and records compare by content. A value compares with an optional one (`card == chosen`), and
        // anything optional with `none`.
        if (l.kind === "error") this.expr(e.right, undefined);
        else if (isNone(l)) this.expr(e.right, undefined);
        else {
          const r = this.infer(e.right, l);
          const t = r.kind === "unknown" ? l : r;
          e.right.type = t;
          if (!isAssignable(t, l) && !(l.kind !== "optional" && isAssignable(t, optionalOf(l))))
            this.expectType(e.right, t, l);
        }
        return BOOL;
      }
      case "??":
        return this.coalesce(e);
      case "<":
      case "<=":
      case ">":
      case ">=":
        this.expr(e.left, INT);
        this.expr(e.right, INT);
        return BOOL;
      default:
        return this.arithmetic(e);
    }
  }

  /** `a ?? b`: `a` when it is not none, else `b`; the type of `b` when it may be none too. */
  private coalesce(e: A.Binary): Type {
    const l = this.expr(e.left, undefined);
    if (l.kind === "error") {
      this.expr(e.right, undefined);
      return ERROR;
    }
    if (l.kind !== "optional") {
      this.host.diagnostics.push(
        error(
          Codes.typeMismatch,
          e.left.span,
          `\`??\` gives a value for none, but this is never none (its type is ${typeToString(l)})`,
          "remove `?? ...`, or declare the value's type with `?` if it may be missing",
        ),
      );
      this.expr(e.right, l);
      return l;
    }
    if (isNone(l)) return this.expr(e.right, undefined);
    const r = this.infer(e.right, l);
    const t = r.kind === "unknown" ? l.inner : r;
    e.right.type = t;
    if (t.kind === "optional") {
      this.expectType(e.right, t, l);
      return l;
    }
    this.expectType(e.right, t, l.inner);
    return l.inner;
  }

  /** Numbers, and hexes and cells read as offsets: `h + h`, `h - h`, `h * int` and `int * h`. */
  private arithmetic(e: A.Binary): Type {
    const l = this.expr(e.left, undefined);
    if ((l.kind === "hex" || l.kind === "cell") && (e.op === "+" || e.op === "-")) {
      this.expr(e.right, l);
      return l;
    }
    if ((l.kind === "hex" || l.kind === "cell") && e.op === "*") {
      this.expr(e.right, INT);
      return l;
    }
    this.expectType(e.left, l, INT);
    const r = this.expr(e.right, undefined);
    if ((r.kind === "hex" || r.kind === "cell") && e.op === "*") return r;
    this.expectType(e.right, r, INT);
    return INT;
  }

  /** Reports `e`, already checked as `actual`, where `expected` was needed. */
  expectType(e: A.Expr, actual: Type, expected: Type): void {
    if (isAssignable(actual, expected)) return;
    this.host.diagnostics.push(
      error(
        Codes.typeMismatch,
        e.span,
        `expected ${typeToString(expected)}, found ${typeToString(actual)}`,
        conversionHint(actual, expected) ?? `give a value of type ${typeToString(expected)} here`,
      ),
    );
  }

  private call(e: A.Call, expected: Type | undefined): Type {
    const callee = e.callee.text;
    const record = this.host.records.get(callee);
    if (record) {
      e.target = "record";
      this.host.used.add(callee);
      return this.construct(e, record);
    }
    const member = this.host.unions.construct(e, expected, this.host.enumMembers.get(callee) ?? []);
    if (member) return member;
    // A way names its square (`h from start`); without one, `route` may be the designer's own function.
    if (e.binder || (WAY_BUILTINS.has(callee) && !this.host.fns.has(callee))) {
      e.target = "builtin";
      return checkWay(this.wayHost, e, callee === "route" ? "route" : "reachable");
    }
    const way = this.host.ways.get(callee);
    if (way) {
      this.host.diagnostics.push(
        error(
          Codes.misplaced,
          e.span,
          `\`${callee}\` is a way: it is asked for the squares it reaches or the way to one`,
          `write \`reachable(${callee}(...))\` or \`route(${callee}(...), to: <square>)\``,
        ),
      );
      e.target = "way";
      this.arguments(e, way.params);
      return ERROR;
    }
    if (e.namedArgs.length > 0) {
      this.host.diagnostics.push(
        error(
          Codes.wrongArity,
          e.namedArgs[0]!.span,
          "named arguments are only for building records",
          `give the arguments in order: \`${callee}(a, b)\``,
        ),
      );
    }
    const fn = this.host.fns.get(callee);
    if (fn) {
      if (this.host.definingConst() !== undefined) {
        this.host.diagnostics.push(
          error(
            Codes.misplaced,
            e.callee.span,
            `a constant cannot call the function \`${callee}\``,
            "constants are fixed data, made before any game starts; call the function where the value is needed",
          ),
        );
      }
      e.target = "fn";
      if (fn.testOnly && !this.host.inTest()) {
        this.host.diagnostics.push(
          error(
            Codes.misplaced,
            e.callee.span,
            `\`${callee}\` is a test helper (\`test fn\`): only tests may call it`,
            "call it from a test, or declare it with `fn` if the rules need it",
          ),
        );
      }
      this.host.used.add(callee);
      this.host.noteDependency(`fn:${callee}`, e.callee.span);
      this.host.derived.noteCall(this.host.bodyKey(), `fn:${callee}`);
      this.arguments(e, fn.params);
      return this.host.resolveType(fn.returnType);
    }
    const proc = this.host.procs.get(callee);
    if (proc) {
      e.target = "proc";
      this.host.used.add(callee);
      this.host.noteCall(`proc:${callee}`);
      this.host.derived.noteCall(this.host.bodyKey(), `proc:${callee}`);
      const c = this.host.body().context;
      if (c === "setup" || c === "given") this.host.graph.noteCallThatCannotWait(callee, e.span, describeContext(c));
      if (proc.returnType) this.host.graph.noteValueCall(callee, e, describeContext(c));
      if (c !== "flow" && c !== "proc" && c !== "action" && c !== "setup" && c !== "given") {
        this.host.diagnostics.push(
          error(
            Codes.misplaced,
            e.span,
            `the procedure \`${callee}\` cannot be called from ${describeContext(c)}`,
            "call procedures from actions, other procedures, the flow, the setup or a test's `given`",
          ),
        );
      } else if (this.host.body().looking !== undefined) {
        this.host.diagnostics.push(
          error(
            Codes.misplaced,
            e.span,
            `the procedure \`${callee}\` may change the game, which ${this.host.body().looking} may not do`,
            "compute the value with a `fn`",
          ),
        );
      }
      this.arguments(e, proc.params);
      return proc.returnType ? this.host.resolveType(proc.returnType) : VOID;
    }
    const builtin = builtinFunctions[callee];
    if (builtin) {
      e.target = "builtin";
      const t = this.host.builtins.call(e, callee, builtin, expected);
      // A deck's draw shuffles its discard pile in when the pile is empty.
      if (RANDOM_BUILTINS.has(callee) || (callee === "draw" && e.args[0]?.type?.kind === "deck"))
        this.host.decisions.unsearchable(`a random draw (\`${callee}\`)`, e.span);
      return t;
    }
    if (this.host.actions.has(callee)) {
      this.host.diagnostics.push(
        error(
          Codes.misplaced,
          e.callee.span,
          `\`${callee}\` is an action: players take it, rules do not call it`,
          `offer it with \`act <player>: ${callee}\``,
        ),
      );
      return ERROR;
    }
    this.host.diagnostics.push(
      error(
        Codes.unknownName,
        e.callee.span,
        `unknown function \`${callee}\``,
        didYouMean(callee, [
          ...this.host.fns.keys(),
          ...this.host.procs.keys(),
          ...Object.keys(builtinFunctions),
          ...this.host.records.keys(),
        ]) ?? `declare it: \`fn ${callee}(...): Type = ...\`, or \`proc ${callee}(...) { ... }\``,
      ),
    );
    for (const a of e.args) this.expr(a, undefined);
    return ERROR;
  }

  private arguments(e: A.Call, params: readonly A.ParamSpec[]): void {
    if (e.args.length !== params.length) {
      this.host.diagnostics.push(
        error(
          Codes.wrongArity,
          e.span,
          `\`${e.callee.text}\` takes ${params.length} argument${params.length === 1 ? "" : "s"}, got ${e.args.length}`,
          declaredAs(e.callee.text, params),
        ),
      );
    }
    e.args.forEach((a, i) => {
      const p = params[i];
      this.expr(a, p ? this.host.resolveType(p.typeExpr) : undefined);
    });
  }

  private construct(e: A.Call, record: RecordInfo): Type {
    if (e.args.length > 0) {
      this.host.diagnostics.push(
        error(
          Codes.wrongArity,
          e.args[0]!.span,
          "records are built with named fields",
          `write \`${e.callee.text}(field: value, ...)\``,
        ),
      );
    }
    const given = new Set<string>();
    for (const a of e.namedArgs) {
      const f = record.fields.get(a.name.text);
      if (!f) {
        this.host.diagnostics.push(
          error(
            Codes.unknownField,
            a.name.span,
            `\`${e.callee.text}\` has no field \`${a.name.text}\``,
            didYouMean(a.name.text, record.fields.keys()) ?? fieldsHint(record.fields.keys()),
          ),
        );
        this.expr(a.value, undefined);
        continue;
      }
      if (given.has(a.name.text))
        this.host.diagnostics.push(
          error(Codes.duplicate, a.name.span, `\`${a.name.text}\` is given twice`, "give each field once"),
        );
      given.add(a.name.text);
      this.expr(a.value, f.type);
      this.host.diagnostics.push(...writtenRangeErrors(a.value, f.type, "field"));
    }
    const missing = [...record.fields.values()].filter(
      (f) => !given.has(f.decl.name.text) && !f.decl.initial && !hasDefault(f.type),
    );
    if (missing.length > 0) {
      this.host.diagnostics.push(
        error(
          Codes.wrongArity,
          e.span,
          `\`${e.callee.text}\` needs ${missing.map((f) => `\`${f.decl.name.text}\``).join(", ")}`,
          "every field without a default (`= value`) must be given",
        ),
      );
    }
    return { kind: "record", name: record.decl.name.text };
  }
}

/** The hint for a field a record does not have: the ones it has. */
export function fieldsHint(names: Iterable<string>): string {
  const all = [...names];
  return all.length === 0 ? "it has no fields" : `its fields are ${all.join(", ")}`;
}

/** Where a constant reads the game: it is worked out once, before any game. */
const CONST_HINT = "a constant is worked out before any game: compute with the game in a function instead";

function conversionHint(from: Type, to: Type): string | undefined {
  if (from.kind === "optional" && isAssignable(from.inner, to))
    return "this may be none: take its value with `if let x = ... { ... }`, or give a default with `?? value`";
  if (from.kind === "player" && to.kind === "int") return "a Player is not a number; compare players with `==`";
  if (from.kind === "list" && to.kind === "int") return "for the number of elements write `size(list)`";
  if (from.kind === "list" && isAssignable(from.element, to))
    return "this is a list; take one element with `list[i]`, `draw(list)` or `pick(list)`";
  return undefined;
}

/** Types whose zero value is a sensible default for a field: 0, false, "", an empty list. A Player or an enum has
 * no neutral value, so a record must always be told which. */
export function hasDefault(t: Type): boolean {
  return (
    t.kind === "int" ||
    t.kind === "bool" ||
    t.kind === "string" ||
    t.kind === "list" ||
    t.kind === "map" ||
    t.kind === "deck" ||
    t.kind === "optional"
  );
}
