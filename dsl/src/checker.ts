/**
 * AST -> checked AST: binds every name to its declaration, gives every expression a type, and reports what a
 * designer got wrong (unknown names, type mismatches, wrong arity, duplicates, misplaced statements, unused and
 * unreachable rules). The result, a `Program`, is what the compiler emits from.
 *
 * This file holds the passes (declarations, types, bodies, final reports); each concern is a part of its own,
 * reached through a small host interface: names and scopes (`checker-scopes.ts`), expressions and their types
 * (`checker-expressions.ts`), statements (`checker-statements.ts`), decisions (`checker-decisions.ts`), visibility
 * (`checker-visibility.ts`), maps, unions and builtins (`checker-maps.ts`, `checker-unions.ts`,
 * `checker-builtins.ts`) and test steps (`checker-tests.ts`). The file's declarations themselves are bound first, by
 * `binder.ts`.
 */
import type * as A from "./ast.ts";
import { BuiltinChecker, type TableKey, GRID_CELLS, GRID_DIR_ENUM, HEX_DIR_ENUM } from "./checker-builtins.ts";
import { actionHint, type BodyState, type CompletingBlock, type Context } from "./checker-context.ts";
import { bindDeclarations, newDeclarations } from "./binder.ts";
import { DecisionChecker } from "./checker-decisions.ts";
import { VisibilityChecker } from "./checker-visibility.ts";
import { MapChecker } from "./checker-maps.ts";
import { TestChecker } from "./checker-tests.ts";
import { StatementChecker } from "./checker-statements.ts";
import { Scopes } from "./checker-scopes.ts";
import { DerivedData } from "./derived-data.ts";
import { RoutineGraph, routineKey } from "./routine-graph.ts";
import { UnionChecker, type UnionInfo } from "./checker-unions.ts";
import { ExpressionChecker, fieldsHint } from "./checker-expressions.ts";
import { Codes, didYouMean, error, fieldDeclaredTwice, warning, type Diagnostic } from "./diagnostics.ts";
import { BOOL, ERROR, INT, listOf, optionalOf, PLAYER, HEX, CELL, STRING, typeToString, type Type } from "./types.ts";
import { WAY_BUILTINS } from "./ways.ts";
import { writtenRangeErrors } from "./written-ranges.ts";

export { hasDefault } from "./checker-expressions.ts";

export interface FieldInfo {
  readonly decl: A.FieldDecl;
  /** The type the state stores: for a field declared `= unset`, its declared type made optional. */
  readonly type: Type;
  /** Declared `= unset`: no value until the rules give it one; reading it before stops the game. */
  readonly late?: boolean;
}

/**
 * The game's or a player's field that `e` names (`board`, `me.marks`, `players[0].marks`), once `e` is checked; else
 * undefined. What a board's own grid is read from, by the checker (`inside(c, board)`) and the emitter (its writes).
 */
export function fieldNamed(
  e: A.Expr,
  fields: {
    readonly globalFields: ReadonlyMap<string, FieldInfo>;
    readonly playerFields: ReadonlyMap<string, FieldInfo>;
  },
): FieldInfo | undefined {
  if (e.kind === "name" && e.ref?.kind === "global") return fields.globalFields.get(e.ref.field);
  if (e.kind === "member" && e.object.type?.kind === "player") return fields.playerFields.get(e.name.text);
  return undefined;
}

export interface RecordInfo {
  readonly decl: A.RecordDecl;
  readonly fields: Map<string, FieldInfo>;
}

/** A point where the rules wait for players: an `act` or a `choose`. */
export type DecisionSite =
  | { readonly kind: "act"; readonly site: number; readonly stmt: A.ActStmt; readonly owner: Routine }
  | { readonly kind: "choose"; readonly site: number; readonly stmt: A.ChooseStmt; readonly owner: Routine };

/** A body of statements that may wait for a decision: the flow, a procedure or an action. */
export type Routine =
  | { readonly kind: "flow"; readonly name: "flow"; readonly decl: A.FlowDecl }
  | { readonly kind: "proc"; readonly name: string; readonly decl: A.ProcDecl; readonly variant?: string }
  | { readonly kind: "action"; readonly name: string; readonly decl: A.ActionDecl; readonly variant?: string };

export interface Program {
  readonly file: A.RulesFile;
  readonly game: A.GameDecl;
  readonly enums: Map<string, A.EnumDecl>;
  /** The enums whose members carry values (tagged unions), with the types of those values. */
  readonly unions: ReadonlyMap<string, UnionInfo>;
  readonly records: Map<string, RecordInfo>;
  readonly consts: Map<string, { decl: A.ConstDecl; type: Type }>;
  readonly params: Map<string, { decl: A.ParamDecl; type: Type }>;
  readonly playerFields: Map<string, FieldInfo>;
  readonly globalFields: Map<string, FieldInfo>;
  /** `derived { ... }`: computed from the setup's result after the setup and after a restore, never saved. */
  readonly derivedFields: Map<string, FieldInfo>;
  /**
   * The derived fields every player may see: computed only from fields all players see whole (public, holding no
   * deck, whose pile lies face down, and no record with a field some players may not see). A board drawn for the
   * players (`rules serve`) shows them.
   */
  readonly publicDerived: ReadonlySet<string>;
  /** `per playerTurn { ... }`: by procedure, the names of the global fields that start again whenever it starts. */
  readonly runFields: ReadonlyMap<string, { readonly fields: readonly string[] }>;
  readonly fns: Map<string, A.FnDecl>;
  readonly ways: Map<string, A.WayDecl>;
  readonly procs: Map<string, A.ProcDecl>;
  readonly actions: Map<string, A.ActionDecl>;
  readonly setup: A.SetupDecl | undefined;
  readonly flow: A.FlowDecl;
  readonly scoring: A.ScoringDecl | undefined;
  /** `abandon "reason" when ...`: when machine players give up a game, in the order written. */
  readonly abandons: readonly A.AbandonDecl[];
  readonly variants: A.VariantDecl[];
  readonly tests: A.TestDecl[];
  readonly decisions: DecisionSite[];
  /** The value type of each `choose` name (one Action type per name). */
  readonly choiceTypes: Map<string, Type>;
  /** Actions some `allow` block offers alongside other decisions. */
  readonly allowed: Set<string>;
  /** Which kinds of `allow` blocks the rules use: offers to the players asked, and `anytime` interrupts. */
  readonly allowKinds: { readonly asked: boolean; readonly anytime: boolean; readonly here: boolean };
  /**
   * The searched blocks, by their number (`CompletingStmt.block`, `CanExpr.block`): each `completing` block and each
   * `can` question, whose procedure the engine plays on copies the same way.
   */
  readonly completing: readonly (A.CompletingStmt | A.CanExpr)[];
  /** Routines that can reach a decision, directly or through the procedures and actions they start. */
  readonly suspending: Set<string>;
  /** The reasons `end` statements give (`end "Event deck empty"`), in source order, each once. */
  readonly endReasons: readonly string[];
}

export interface CheckResult {
  readonly program: Program | undefined;
  readonly diagnostics: Diagnostic[];
}

export function check(file: A.RulesFile): CheckResult {
  return new Checker(file).run();
}

class Checker {
  private readonly diagnostics: Diagnostic[] = [];
  private game: A.GameDecl | undefined;
  /** What the file declares, by namespace: filled by the binder (pass 1), read by every later pass. */
  private readonly decls = newDeclarations();
  private readonly enums = this.decls.enums;
  private readonly records = this.decls.records;
  private readonly consts = this.decls.consts;
  private readonly params = this.decls.params;
  private readonly playerFields = this.decls.playerFields;
  private readonly globalFields = this.decls.globalFields;
  private readonly derivedFields = this.decls.derivedFields;
  /** Who reads and writes which field and calls whom, for the promises derived data relies on. */
  private readonly derived = new DerivedData();
  private readonly fns = this.decls.fns;
  private readonly ways = this.decls.ways;
  private readonly procs = this.decls.procs;
  private readonly actions = this.decls.actions;
  private setup: A.SetupDecl | undefined;
  private flow: A.FlowDecl | undefined;
  private scoring: A.ScoringDecl | undefined;
  private readonly variants = this.decls.variants;
  private readonly tests = this.decls.tests;
  /** Decision sites and the calls between routines: which rules can wait for players. */
  private readonly graph = new RoutineGraph();
  private readonly choiceTypes = new Map<string, Type>();
  private readonly allowed = new Set<string>();
  private readonly endReasons = new Set<string>();
  /** Checking the body of a `test fn`. */
  private checkingTestFn = false;
  private readonly allowKinds = { asked: false, anytime: false, here: false };
  private readonly completingBlocks: CompletingBlock[] = [];
  private readonly used = new Set<string>();
  /** What the functions and the score rule compute from: `fn:<name>` and `score` -> the functions and `score` used. */
  private readonly dependencies = new Map<string, { readonly target: string; readonly span: A.Span }[]>();
  /** The function, or `score` for the score rule, being checked. */
  private computing: string | undefined;
  /** The constant whose value is being checked: constants are module-level data, built before any game exists. */
  private definingConst: string | undefined;
  private readonly scopes = new Scopes(this.diagnostics);
  private body: BodyState = {
    context: "const",
    routine: undefined,
    record: undefined,
    loopDepth: 0,
    atActionTop: false,
  };
  private readonly typeNames = this.decls.typeNames;
  /** Set while resolving a choice's type: its range may end at a value (`0..me.coins`). */
  private rangeValueAllowed = false;
  /** Data tables that declare a key column (`table SHIPS of Ship key id`), by name. */
  private readonly tableKeys = new Map<string, TableKey>();

  private readonly unions = new UnionChecker({
    diagnostics: this.diagnostics,
    enums: this.enums,
    expr: (e, expected) => this.expr(e, expected),
    block: (b) => this.block(b),
    pushScope: () => this.scopes.push(),
    popScope: () => this.scopes.pop(),
    bind: (name, type, origin) => this.scopes.bind(name, type, origin),
    resolveType: (t) => this.resolveType(t),
    use: (name) => this.used.add(name),
    checkShownTexts: (fields, texts) => {
      this.enter("visibility", undefined);
      const symbols = fields.map((f) => {
        const symbol = this.scopes.bind(f.name, f.type, "binder");
        symbol.used = true;
        return symbol;
      });
      for (const t of texts) this.visibility.textParts(t);
      return symbols;
    },
  });

  private readonly maps = new MapChecker({
    diagnostics: this.diagnostics,
    expr: (e, expected) => this.expr(e, expected),
    pushScope: () => this.scopes.push(),
    popScope: () => this.scopes.pop(),
    bind: (name, type, origin) => this.scopes.bind(name, type, origin),
    resolveType: (t) => this.resolveType(t),
    elementType: (t, span) => this.elementType(t, span),
    isUnion: (name) => this.unions.unions.has(name),
    enums: this.enums,
  });

  private readonly builtins = new BuiltinChecker({
    diagnostics: this.diagnostics,
    enums: this.enums,
    context: () => this.body.context,
    looking: () => this.body.looking,
    expr: (e, expected) => this.expr(e, expected),
    notAList: (span, t) => this.notAList(span, t),
    assignableTarget: (e) => this.assignableTarget(e),
    mapBuiltin: (e, name) => this.maps.builtin(e, name),
    use: (name) => this.used.add(name),
    notListedHint: (t) => this.notListedHint(t),
    noteDependency: (target, span) => this.noteDependency(target, span),
    hasScore: () => this.scoring?.score !== undefined,
    tableKey: (name) => this.tableKeys.get(name),
    keyedTables: () => [...this.tableKeys.keys()],
    isAction: (name) => this.actions.has(name),
    actionHint: (name) => actionHint(name, this.actions.keys()),
    gridOf: (e) => fieldNamed(e, { globalFields: this.globalFields, playerFields: this.playerFields })?.decl.grid,
  });

  private readonly decisions = new DecisionChecker({
    diagnostics: this.diagnostics,
    graph: this.graph,
    actions: this.actions,
    choiceTypes: this.choiceTypes,
    allowed: this.allowed,
    allowKinds: this.allowKinds,
    completingBlocks: this.completingBlocks,
    body: () => this.body,
    expr: (e, expected) => this.expr(e, expected),
    lookingOnly: (what, check) => this.lookingOnly(what, check),
    resolveChoiceType: (t) => {
      this.rangeValueAllowed = true;
      try {
        return this.resolveType(t);
      } finally {
        this.rangeValueAllowed = false;
      }
    },
    elementType: (t, span) => this.elementType(t, span),
    enumerable: (t) => this.enumerable(t),
    isUnion: (name) => this.unions.unions.has(name),
    notListedHint: (t) => this.notListedHint(t),
    block: (b) => this.block(b),
    textParts: (parts) => this.visibility.textParts(parts),
    pushScope: () => this.scopes.push(),
    popScope: () => this.scopes.pop(),
    bind: (name, type, origin) => this.scopes.bind(name, type, origin),
    use: (name) => this.used.add(name),
  });

  private readonly statements = new StatementChecker({
    diagnostics: this.diagnostics,
    graph: this.graph,
    endReasons: this.endReasons,
    body: () => this.body,
    expr: (e, expected) => this.expr(e, expected),
    resolveType: (t) => this.resolveType(t),
    elementType: (t, span) => this.elementType(t, span),
    notAList: (span, t) => this.notAList(span, t),
    lookingOnly: (what, check) => this.lookingOnly(what, check),
    textParts: (parts) => this.visibility.textParts(parts),
    pushScope: () => this.scopes.push(),
    popScope: () => this.scopes.pop(),
    bind: (name, type, origin) => this.scopes.bind(name, type, origin),
    noteWrite: (field, span) => this.derived.noteWrite(this.bodyKey(), field, span),
    choose: (s) => this.decisions.choose(s),
    act: (s) => this.decisions.act(s),
    allow: (s) => this.decisions.allow(s),
    completing: (s) => this.decisions.completing(s),
    unsearchable: (what, span) => this.decisions.unsearchable(what, span),
    matchStmt: (s) => this.unions.matchStmt(s),
    mayDecide: (span, what) => this.decisions.mayDecide(span, what),
  });

  private readonly visibility = new VisibilityChecker({
    diagnostics: this.diagnostics,
    records: this.records,
    playerFields: this.playerFields,
    globalFields: this.globalFields,
    enter: (context, record) => this.enter(context, undefined, record),
    expr: (e, expected) => this.expr(e, expected),
    isUnion: (name) => this.unions.unions.has(name),
    pushScope: () => this.scopes.push(),
    popScope: () => this.scopes.pop(),
    bind: (name, type, origin) => this.scopes.bind(name, type, origin),
  });

  private readonly testSteps = new TestChecker({
    diagnostics: this.diagnostics,
    game: () => this.game,
    variantNames: () => this.variants.map((v) => v.name.text),
    actions: this.actions,
    choiceTypes: this.choiceTypes,
    decisions: () => this.graph.decisions,
    tests: () => this.tests,
    enter: (context) => this.enter(context, undefined),
    block: (b) => this.block(b),
    expr: (e, expected) => this.expr(e, expected),
    expectType: (e, actual, expected) => this.expectType(e, actual, expected),
    resolveType: (t) => this.resolveType(t),
    // A test naming an action (to play it, or to expect it refused) does not offer it: an action only tests name is
    // still one no player can take.
    use: (name) => {
      if (!this.actions.has(name)) this.used.add(name);
    },
  });

  private readonly expressions = new ExpressionChecker({
    diagnostics: this.diagnostics,
    scopes: this.scopes,
    used: this.used,
    derived: this.derived,
    graph: this.graph,
    unions: this.unions,
    maps: this.maps,
    builtins: this.builtins,
    decisions: this.decisions,
    visibility: this.visibility,
    // The declarations' tables (the same maps, filled by the binder before any expression is checked).
    ...this.decls,
    body: () => this.body,
    definingConst: () => this.definingConst,
    bodyKey: () => this.bodyKey(),
    inTest: () => this.inTest(),
    resolveType: (t) => this.resolveType(t),
    notAList: (span, t) => this.notAList(span, t),
    noteDependency: (target, span) => this.noteDependency(target, span),
    noteCall: (target) => this.noteCall(target),
    lookingOnly: (what, check) => this.lookingOnly(what, check),
  });

  constructor(private readonly file: A.RulesFile) {}

  run(): CheckResult {
    this.declare();
    this.resolveTypes();
    this.checkTableKeys();
    this.checkBodies();
    this.graph.numberInSourceOrder(this.variants);
    const suspending = this.graph.suspendingRoutines();
    this.graph.report(suspending, this.graph.endingRoutines(), this.diagnostics);
    this.graph.reportCompleting(this.completingBlocks, suspending, this.diagnostics);
    this.derived.report(this.diagnostics);
    this.reportScoreCycle();
    this.reportUnused();
    for (const own of [HEX_DIR_ENUM, GRID_DIR_ENUM]) if (!this.used.has(own)) this.enums.delete(own);
    this.reportCellClash();
    this.reportStopClash();
    this.dropRepeats();
    const ok = !this.diagnostics.some((d) => d.severity === "error");
    const program: Program | undefined =
      ok && this.game && this.flow
        ? {
            file: this.file,
            game: this.game,
            enums: this.enums,
            unions: this.unions.unions,
            records: this.records,
            consts: this.consts,
            params: this.params,
            playerFields: this.playerFields,
            globalFields: this.globalFields,
            derivedFields: this.derivedFields,
            publicDerived: this.publicDerived(),
            runFields: this.decls.runFields,
            fns: this.fns,
            ways: this.ways,
            procs: this.procs,
            actions: this.actions,
            setup: this.setup,
            flow: this.flow,
            scoring: this.scoring,
            abandons: this.decls.abandons,
            variants: this.variants,
            tests: this.tests,
            decisions: this.graph.decisions,
            choiceTypes: this.choiceTypes,
            allowed: this.allowed,
            allowKinds: this.allowKinds,
            completing: this.completingBlocks.map((b) => b.stmt),
            suspending,
            endReasons: [...this.endReasons],
          }
        : undefined;
    return { program, diagnostics: this.diagnostics };
  }

  /** `or stop` answers with the type `stop`: no action or choice may have that name then. */
  private reportStopClash(): void {
    const site = this.graph.decisions.find((d) => d.kind === "act" && d.stmt.orStop);
    if (!site || site.kind !== "act") return;
    const action = this.actions.get("stop");
    const choice = this.graph.decisions.find((d) => d.kind === "choose" && d.stmt.name.text === "stop");
    const clash = action?.name.span ?? (choice?.kind === "choose" ? choice.stmt.name.span : undefined);
    if (clash) {
      this.diagnostics.push(
        error(
          Codes.duplicate,
          clash,
          `\`stop\` is the answer of \`or stop\` (line ${site.stmt.orStop!.span.line})`,
          "give this action or choice another name",
        ),
      );
    }
  }

  // ---- pass 1: declarations ---------------------------------------------------------------------------------

  /** Pass 1, the binder: every declaration in its namespace (dsl/src/binder.ts). */
  private declare(): void {
    bindDeclarations(this.file, this.decls, this.diagnostics, (f) => this.derived.declare(f));
    this.game = this.decls.game;
    this.setup = this.decls.setup;
    this.flow = this.decls.flow;
    this.scoring = this.decls.scoring;
  }

  // ---- pass 2: types of fields, constants and params ------------------------------------------------------

  private resolveType(t: A.TypeExpr): Type {
    switch (t.kind) {
      case "inferred":
        // Only the choices of `for x in list chosen by p` have one; `choose` takes the list's element type itself.
        return ERROR;
      case "list":
        return listOf(this.resolveType(t.element));
      case "map":
        return this.maps.resolve(t);
      case "deck":
        return t.neverReshuffled
          ? { kind: "deck", element: this.resolveType(t.element), neverReshuffled: true }
          : { kind: "deck", element: this.resolveType(t.element) };
      case "optional":
        // The grammar allows one `?`, so the inner type is never optional itself.
        return optionalOf(this.resolveType(t.inner));
      case "range":
        if (t.highValue) {
          // Only a choice is asked at a moment when a value can say how far its range goes.
          if (!this.rangeValueAllowed) {
            this.diagnostics.push(
              error(
                Codes.invalidValue,
                t.highValue.span,
                "only a choice's range may end at a value (`choose n: 0..me.coins by me`); here it must be a number",
                "give a number, and check the value with `require` (or ask with `choose`)",
              ),
            );
            return { kind: "int", low: t.low, high: t.low };
          }
          return { kind: "int", low: t.low };
        }
        // `cp: 0..`: never below its bound, and no top.
        if (t.high === undefined) return { kind: "int", low: t.low };
        if (t.high < t.low) {
          this.diagnostics.push(
            error(
              Codes.invalidValue,
              t.span,
              `the range ${t.low}..${t.high} is empty`,
              `write the lower bound first: \`${t.high}..${t.low}\``,
            ),
          );
        }
        return { kind: "int", low: t.low, high: t.high };
      case "named": {
        const n = t.name.text;
        if (n === "int") return INT;
        if (n === "bool") return BOOL;
        if (n === "string") return STRING;
        if (n === "Player") return PLAYER;
        if (n === "Hex") return HEX;
        // A designer's own type named Cell is theirs; the language's cells are then out of reach by that name.
        if (n === "Cell" && !this.typeNames.has(n)) {
          this.used.add(GRID_CELLS);
          return CELL;
        }
        if (this.enums.has(n)) {
          this.used.add(n);
          return { kind: "enum", name: n };
        }
        if (this.records.has(n)) {
          this.used.add(n);
          return { kind: "record", name: n };
        }
        this.diagnostics.push(
          error(
            Codes.unknownName,
            t.name.span,
            `unknown type \`${n}\``,
            didYouMean(n, ["int", "bool", "string", "Player", "Hex", "Cell", ...this.typeNames]) ??
              "types are int, bool, string, Player, Hex, Cell, a range like 1..6, list<T>, or a declared enum or record",
          ),
        );
        return ERROR;
      }
    }
  }

  /**
   * `table SHIPS of Ship key id`: the key is a column, written out in every row (a text or a number), once per row,
   * so that `rowOf(SHIPS, "G08")` names one row, found while checking.
   */
  private checkTableKeys(): void {
    for (const { decl } of this.consts.values()) {
      if (!decl.key || decl.value.kind !== "list" || decl.typeExpr?.kind !== "list") continue;
      const element = decl.typeExpr.element;
      const record = element.kind === "named" ? this.records.get(element.name.text) : undefined;
      const column = record?.fields.get(decl.key.text);
      if (!record || !column) {
        if (record) {
          this.diagnostics.push(
            error(
              Codes.unknownField,
              decl.key.span,
              `${record.decl.name.text} has no field \`${decl.key.text}\` to key the table`,
              didYouMean(decl.key.text, record.fields.keys()) ??
                `key it by a field of ${record.decl.name.text}: ${fieldsHint(record.fields.keys())}`,
            ),
          );
        }
        continue;
      }
      const rows = new Map<string, number>();
      decl.value.elements.forEach((row, position) => {
        if (row.kind !== "call") return;
        const cell = row.namedArgs.find((a) => a.name.text === decl.key!.text)?.value;
        const written =
          cell?.kind === "string" && !cell.parts
            ? JSON.stringify(cell.value)
            : cell?.kind === "int"
              ? String(cell.value)
              : undefined;
        if (written === undefined) {
          this.diagnostics.push(
            error(
              Codes.invalidValue,
              cell?.span ?? row.span,
              `the key \`${decl.key!.text}\` of ${decl.name.text} must be written out in every row, as a text or a number`,
              'write the row\'s key itself (`"G08"` or `8`), not a computed value',
            ),
          );
          return;
        }
        const previous = rows.get(written);
        if (previous !== undefined) {
          this.diagnostics.push(
            error(
              Codes.duplicate,
              cell!.span,
              `${decl.name.text} already has a row with ${decl.key!.text} ${written} (row ${previous + 1})`,
              "a key names one row: make it unique, or key the table by another column",
            ),
          );
          return;
        }
        rows.set(written, position);
      });
      this.tableKeys.set(decl.name.text, { column: decl.key.text, type: column.type, rows });
    }
  }

  private resolveTypes(): void {
    this.unions.resolve();
    for (const r of this.records.values()) {
      for (const f of r.decl.fields) {
        if (r.fields.has(f.name.text)) {
          this.diagnostics.push(fieldDeclaredTwice(f.name.text, f.name.span));
          continue;
        }
        r.fields.set(f.name.text, { decl: f, type: this.resolveType(f.typeExpr) });
      }
    }
    for (const table of [this.playerFields, this.globalFields, this.derivedFields]) {
      for (const [k, f] of table) {
        const type = this.resolveType(f.decl.typeExpr);
        const late = table !== this.derivedFields && this.startsUnset(f.decl);
        table.set(k, late ? { decl: f.decl, type: this.lateType(f.decl, type), late } : { decl: f.decl, type });
      }
    }
    for (const [k, p] of this.params) this.params.set(k, { decl: p.decl, type: this.resolveType(p.decl.typeExpr) });
    // Constants may refer to earlier constants; check them in order of declaration.
    for (const [k, c] of this.consts) {
      this.enter("const", undefined);
      this.definingConst = k;
      const declared = c.decl.typeExpr ? this.resolveType(c.decl.typeExpr) : undefined;
      const actual = this.expr(c.decl.value, declared);
      this.consts.set(k, { decl: c.decl, type: declared ?? actual });
    }
  }

  // ---- pass 3: bodies ---------------------------------------------------------------------------------------

  private enter(context: Context, routine: Routine | undefined, record?: RecordInfo): void {
    this.checkingTestFn = false;
    this.computing = undefined;
    this.definingConst = undefined;
    this.body = { context, routine, record, loopDepth: 0, atActionTop: context === "action" };
    this.scopes.reset();
  }

  /** Why values of `t` cannot all be listed, as a hint, for a union and a range with no top; else undefined. */
  private notListedHint(t: Type): string | undefined {
    if (t.kind === "int" && t.low !== undefined && t.high === undefined) {
      return `a range with no top (\`${t.low}..\`) has no end to offer up to: give it one (\`${t.low}..6\`, or in a choice a value: \`${t.low}..me.coins\`)`;
    }
    if (t.kind !== "enum" || !this.unions.unions.has(t.name)) return undefined;
    return `members of \`${t.name}\` carry values, so they cannot all be listed: take it \`in\` a list of the ${t.name} values on offer`;
  }

  /** Whether every value of `t` can be listed: a union's members carry values, so a union cannot. */
  private enumerable(t: Type): boolean {
    return isEnumerable(t) && !(t.kind === "enum" && this.unions.unions.has(t.name));
  }

  /**
   * `pos: Hex = unset`: the initial value that says a field has no value until the rules give it one (unless the
   * rules name a constant `unset`).
   */
  private startsUnset(f: A.FieldDecl): boolean {
    return f.initial?.kind === "name" && f.initial.name === "unset" && !this.consts.has("unset");
  }

  /** The stored type of a field declared `= unset` (its type made optional), after the checks of where it may be. */
  private lateType(f: A.FieldDecl, type: Type): Type {
    const refuse = (message: string, hint: string): Type => {
      this.diagnostics.push(error(Codes.invalidValue, f.initial!.span, message, hint));
      return type.kind === "optional" ? type : optionalOf(type);
    };
    if (type.kind === "optional") {
      return refuse(
        `\`${f.name.text}\` may already be none (its type is ${typeToString(type)}), so it needs no \`unset\``,
        "start it at `none`, or drop the `?` to say it always has a value once the rules give it one",
      );
    }
    if ([...this.decls.runFields.values()].some((r) => r.fields.includes(f.name.text))) {
      return refuse(
        `a field of a procedure's run (\`${f.name.text}\`) cannot start \`unset\``,
        "give it a type with `?` and start it at `none`",
      );
    }
    return optionalOf(type);
  }

  private checkBodies(): void {
    this.unions.checkShown();
    for (const r of this.records.values()) {
      for (const f of r.decl.fields) {
        const info = r.fields.get(f.name.text);
        if (this.startsUnset(f)) {
          this.diagnostics.push(
            error(
              Codes.misplaced,
              f.initial!.span,
              `a record's field (\`${f.name.text}\`) cannot start \`unset\`: only a player's or the game's field can`,
              "give it a type with `?` and start it at `none`",
            ),
          );
          continue;
        }
        if (f.initial && info) {
          this.enter("const", undefined);
          this.expr(f.initial, info.type);
          this.inRange(f.initial, info.type, "field");
        }
        if (f.grid) this.misplacedGrid(f.grid, "a record's field");
      }
    }
    for (const f of [...this.playerFields.values(), ...this.globalFields.values()]) {
      if (f.decl.initial && !f.late) {
        this.enter("const", undefined);
        this.expr(f.decl.initial, f.type);
        this.inRange(f.decl.initial, f.type, "field");
      }
      if (f.decl.grid) this.checkGrid(f);
    }
    this.visibility.checkFields();
    for (const [k, p] of this.params) {
      this.enter("const", undefined);
      this.expr(p.decl.value, p.type);
      this.inRange(p.decl.value, p.type, "param");
      void k;
    }
    for (const f of this.derivedFields.values()) this.checkDerived(f);
    // `per playerTurn { ... }` names a procedure.
    for (const { proc } of this.decls.runFields.values()) {
      if (this.procs.has(proc.text)) continue;
      this.diagnostics.push(
        error(
          Codes.unknownName,
          proc.span,
          `\`per ${proc.text}\` names no procedure`,
          didYouMean(proc.text, ["player", ...this.procs.keys()]) ??
            "write `per player { ... }`, or `per <procedure> { ... }` for fields that start again with each run of it",
        ),
      );
    }
    // Ways first: a function that asks one learns the squares' type from its start.
    for (const w of this.ways.values()) this.checkWayDecl(w);
    for (const f of this.fns.values()) this.checkFn(f);
    for (const p of this.procs.values()) this.checkProc(p, undefined);
    for (const a of this.actions.values()) this.checkAction(a, undefined);
    if (this.setup) {
      this.enter("setup", undefined);
      this.block(this.setup.body);
    }
    if (this.flow) {
      this.enter("flow", { kind: "flow", name: "flow", decl: this.flow });
      this.block(this.flow.body);
    }
    if (this.scoring) this.checkScoring(this.scoring);
    for (const a of this.decls.abandons) {
      this.enter("abandon", undefined);
      this.expr(a.condition, BOOL);
    }
    for (const v of this.variants) this.checkVariant(v);
    for (const t of this.tests) this.testSteps.check(t);
  }

  /**
   * `board: map<Cell, Player> on grid(COLUMNS, ROWS)`: a player's or the game's map keyed by cells, on a grid whose
   * size is known before the game starts (numbers, constants and params).
   */
  private checkGrid(f: FieldInfo): void {
    const grid = f.decl.grid!;
    if ([...this.decls.runFields.values()].some((r) => r.fields.includes(f.decl.name.text))) {
      this.misplacedGrid(grid, "a field of a procedure's run");
      return;
    }
    if (f.type.kind !== "map" || f.type.key.kind !== "cell") {
      if (f.type.kind === "error") return;
      this.diagnostics.push(
        error(
          Codes.typeMismatch,
          grid.span,
          `\`on grid\` bounds a map keyed by cells, and \`${f.decl.name.text}\` is a ${typeToString(f.type)}`,
          "a board is `map<Cell, ...>`: what lies on each cell",
        ),
      );
      return;
    }
    for (const size of [grid.width, grid.height]) {
      this.enter("const", undefined);
      this.expr(size, INT);
    }
  }

  private misplacedGrid(grid: A.GridBound, what: string): void {
    this.diagnostics.push(
      error(
        Codes.misplaced,
        grid.span,
        `${what} cannot lie \`on grid\`: only a player's or the game's map of cells can`,
        "declare the board among the fields of `global { }` or `per player { }`",
      ),
    );
  }

  /** A derived field is a value computed like a function's, from the setup's result. */
  private checkDerived(f: FieldInfo): void {
    const d = f.decl;
    if (d.visibility.kind !== "public" || d.shown) {
      const span = d.shown?.span ?? (d.visibility.kind === "public" ? d.name.span : d.visibility.span);
      this.diagnostics.push(
        error(
          Codes.misplaced,
          span,
          "derived data is not shown to players, so it takes no visibility and no `shown` text",
          "players see the fields it is computed from",
        ),
      );
    }
    if (!d.initial) {
      this.diagnostics.push(
        error(
          Codes.misplaced,
          d.name.span,
          `the derived \`${d.name.text}\` needs the value it is computed as`,
          `write \`${d.name.text}: ${typeToString(f.type)} = <expression>\``,
        ),
      );
      return;
    }
    this.enter("fn", undefined);
    this.computing = `derived:${d.name.text}`;
    this.expr(d.initial, f.type);
    if (d.grid) this.misplacedGrid(d.grid, "derived data");
  }

  /** Whether the body being checked is a test's, or a test helper's. */
  private inTest(): boolean {
    const c = this.body.context;
    return c === "given" || c === "expect" || c === "testArg" || this.checkingTestFn;
  }

  /** `way sea(p: Player) { h from start ... }`: its rules, checked as a function's body (they may only look). */
  private checkWayDecl(w: A.WayDecl): void {
    this.enter("fn", undefined);
    // A way is asked like a function: what it reads counts as read by whoever asks it.
    this.computing = `fn:${w.name.text}`;
    for (const p of w.params) p.symbol = this.scopes.bind(p.name, this.resolveType(p.typeExpr), "param");
    if (WAY_BUILTINS.has(w.name.text)) {
      this.diagnostics.push(
        error(
          Codes.duplicate,
          w.name.span,
          `a way cannot be called \`${w.name.text}\`: \`reachable\` and \`route\` are what ask a way`,
          "name it after where it goes (`way sea(p: Player)`, `way overland(p: Player)`)",
        ),
      );
    }
    this.expressions.wayDecl(w);
  }

  private checkFn(f: A.FnDecl): void {
    this.enter("fn", undefined);
    this.checkingTestFn = f.testOnly === true;
    this.computing = `fn:${f.name.text}`;
    for (const p of f.params) p.symbol = this.scopes.bind(p.name, this.resolveType(p.typeExpr), "param");
    f.resolvedReturnType = this.resolveType(f.returnType);
    if (isBlock(f.body)) {
      this.body.returns = f.resolvedReturnType;
      this.block(f.body);
      if (!alwaysReturns(f.body)) {
        this.diagnostics.push(
          error(
            Codes.misplaced,
            f.name.span,
            `the function \`${f.name.text}\` can reach its end without \`return\``,
            "end its block with `return <value>` (or return in both branches of a final if/else)",
          ),
        );
      }
    } else {
      this.expr(f.body, f.resolvedReturnType);
    }
    this.scopes.reportUnused();
  }

  private checkProc(p: A.ProcDecl, variant: string | undefined): void {
    this.enter(
      "proc",
      variant === undefined
        ? { kind: "proc", name: p.name.text, decl: p }
        : { kind: "proc", name: p.name.text, decl: p, variant },
    );
    for (const param of p.params)
      param.symbol = this.scopes.bind(param.name, this.resolveType(param.typeExpr), "param");
    if (p.returnType) {
      p.resolvedReturnType = this.resolveType(p.returnType);
      this.body.returns = p.resolvedReturnType;
    }
    this.block(p.body);
    if (p.returnType && !alwaysReturns(p.body)) {
      this.diagnostics.push(
        error(
          Codes.misplaced,
          p.name.span,
          `the procedure \`${p.name.text}\` can reach its end without \`return\``,
          "end its block with `return <value>` (or return in both branches of a final if/else)",
        ),
      );
    }
    this.scopes.reportUnused();
  }

  /** Checks what the engine evaluates without playing: nothing in it may change the game. */
  private lookingOnly<T>(what: string, check: () => T): T {
    const outer = this.body.looking;
    this.body.looking = what;
    try {
      return check();
    } finally {
      this.body.looking = outer;
    }
  }

  private checkAction(a: A.ActionDecl, variant: string | undefined): void {
    this.enter(
      "action",
      variant === undefined
        ? { kind: "action", name: a.name.text, decl: a }
        : { kind: "action", name: a.name.text, decl: a, variant },
    );
    a.me = this.scopes.bind({ text: "me", span: a.name.span }, PLAYER, "me");
    for (const param of a.params) {
      const type = this.resolveType(param.typeExpr);
      if (param.from) {
        this.lookingOnly("an action parameter's list", () => this.expr(param.from!, listOf(type)));
      } else if (!this.enumerable(type)) {
        this.diagnostics.push(
          error(
            Codes.invalidValue,
            param.typeExpr.span,
            `the parameter \`${param.name.text}\` of type ${typeToString(type)} cannot be enumerated`,
            this.notListedHint(type) ??
              "give it a type with finitely many values (an enum, bool, Player, a range like 1..6) or take it `in` a list",
          ),
        );
      }
      param.symbol = this.scopes.bind(param.name, type, "param");
      param.symbol.used = true; // parameters are part of the action, even if only a require reads them
    }
    // The label reads the game before the action runs, as the player choosing it sees the parameters.
    if (a.label?.parts) this.lookingOnly("an action's label", () => this.visibility.textParts(a.label!.parts!));
    this.block(a.body, true);
  }

  private checkScoring(s: A.ScoringDecl): void {
    if (!s.score) {
      this.diagnostics.push(
        error(
          Codes.missingDeclaration,
          s.span,
          "the scoring block has no `score p: ...` rule",
          "add `score p: <the points of p>`",
        ),
      );
    }
    for (const rule of [...(s.score ? [s.score] : []), ...s.tiebreaks, ...(s.progress ? [s.progress] : [])]) {
      this.enter("scoring", undefined);
      if (rule === s.score) this.computing = "score";
      rule.symbol = this.scopes.bind(rule.player, PLAYER, "param");
      rule.symbol.used = true;
      this.expr(rule.expr, INT);
    }
  }

  /**
   * A number written out as a param's value or a field's initial value (or a list or map of them) lies in the range
   * declared for it (`param GLORY_TARGET: 10..99 = 10`, `tokens: list<1..3> = [1, 2, 3]`).
   */
  private inRange(value: A.Expr, type: Type, what: "param" | "field"): void {
    this.diagnostics.push(...writtenRangeErrors(value, type, what));
  }

  private checkVariant(v: A.VariantDecl): void {
    for (const s of v.sets) {
      const p = this.params.get(s.name.text);
      if (!p) {
        this.diagnostics.push(
          error(
            Codes.unknownName,
            s.name.span,
            `\`${s.name.text}\` is not a param`,
            didYouMean(s.name.text, this.params.keys()) ?? "a variant can set only names declared with `param`",
          ),
        );
        continue;
      }
      this.used.add(s.name.text);
      this.enter("const", undefined);
      this.expr(s.value, p.type);
      this.inRange(s.value, p.type, "param");
    }
    for (const r of v.replacements) {
      const original =
        r.kind === "fn"
          ? this.fns.get(r.name.text)
          : r.kind === "proc"
            ? this.procs.get(r.name.text)
            : this.actions.get(r.name.text);
      if (!original) {
        this.diagnostics.push(
          error(
            Codes.unknownName,
            r.name.span,
            `the variant replaces \`${r.name.text}\`, but the base game has no ${r.kind} of that name`,
            `a variant replaces a ${r.kind} of the base game: declare \`${r.name.text}\` there first, or check its name`,
          ),
        );
        continue;
      }
      const sig = (ps: readonly A.ParamSpec[]): string =>
        ps.map((p) => typeToString(this.resolveType(p.typeExpr))).join(", ");
      if (sig(original.params) !== sig(r.params)) {
        this.diagnostics.push(
          error(
            Codes.typeMismatch,
            r.name.span,
            `a replacement must keep the parameters (${sig(original.params)}) of \`${r.name.text}\``,
            "declare the replacement with the same parameters, in the same order",
          ),
        );
      }
      const gives = (d: A.FnDecl | A.ProcDecl | A.ActionDecl): string =>
        d.kind !== "action" && d.returnType ? typeToString(this.resolveType(d.returnType)) : "no value";
      if (gives(original) !== gives(r)) {
        this.diagnostics.push(
          error(
            Codes.typeMismatch,
            r.name.span,
            `a replacement must give what \`${r.name.text}\` gives (${gives(original)}), not ${gives(r)}`,
            `declare it to give ${gives(original)}`,
          ),
        );
      }
      if (r.kind === "fn") this.checkFn(r);
      else if (r.kind === "proc") this.checkProc(r, v.name.text);
      else this.checkAction(r, v.name.text);
    }
  }

  // ---- statements (checker-statements.ts) -------------------------------------------------------------------

  private block(b: A.Block, actionTop = false): void {
    this.statements.block(b, actionTop);
  }

  private assignableTarget(e: A.Expr): void {
    this.statements.assignableTarget(e);
  }

  /** See `Program.publicDerived`. */
  private publicDerived(): Set<string> {
    const seenWhole = (t: Type, seen = new Set<string>()): boolean => {
      switch (t.kind) {
        case "list":
          return seenWhole(t.element, seen);
        // A deck's pile lies face down.
        case "deck":
          return false;
        case "optional":
          return seenWhole(t.inner, seen);
        case "map":
          return seenWhole(t.key, seen) && seenWhole(t.value, seen);
        case "record": {
          if (seen.has(t.name)) return true;
          seen.add(t.name);
          const fields = [...(this.records.get(t.name)?.fields.values() ?? [])];
          return fields.every((f) => f.decl.visibility.kind === "public" && seenWhole(f.type, seen));
        }
        default:
          return true;
      }
    };
    const visible = (field: string): boolean => {
      const info = field.startsWith("player.")
        ? this.playerFields.get(field.slice("player.".length))
        : this.globalFields.get(field);
      return info !== undefined && info.decl.visibility.kind === "public" && seenWhole(info.type);
    };
    const out = new Set<string>();
    for (const [name, fields] of this.derived.inputs()) {
      if ([...fields].every(visible)) out.add(name);
    }
    return out;
  }

  private noteCall(target: string): void {
    this.graph.noteCall(this.body.routine, target);
    this.body.completing?.calls.add(target);
  }

  private notAList(span: A.Span, t: Type): void {
    this.diagnostics.push(
      error(
        Codes.typeMismatch,
        span,
        `expected a list, found ${typeToString(t)}`,
        t.kind === "map"
          ? "go over `keys(m)` or `values(m)`"
          : "give a list: a list field, `[a, b]`, `range(0, 5)` or `keys(m)`",
      ),
    );
  }

  // ---- expressions (checker-expressions.ts) ----------------------------------------------------------------

  /** Checks `e`, which should have type `expected` when given, and returns (and records) its type. */
  private expr(e: A.Expr, expected: Type | undefined): Type {
    return this.expressions.expr(e, expected);
  }

  private elementType(t: Type, span: A.Span): Type {
    return this.expressions.elementType(t, span);
  }

  private expectType(e: A.Expr, actual: Type, expected: Type): void {
    this.expressions.expectType(e, actual, expected);
  }

  // ---- unused declarations and suspension analysis --------------------------------------------------------

  private reportUnused(): void {
    const unused = (name: A.Name, what: string): void => {
      if (!this.used.has(name.text) && !name.text.startsWith("_")) {
        this.diagnostics.push(
          warning(
            Codes.unused,
            name.span,
            `the ${what} \`${name.text}\` is never used`,
            "remove it, or start its name with `_` to keep it unused",
          ),
        );
      }
    };
    for (const c of this.consts.values()) unused(c.decl.name, "constant");
    for (const f of this.fns.values()) unused(f.name, "function");
    for (const w of this.ways.values()) unused(w.name, "way");
    for (const p of this.procs.values()) unused(p.name, "procedure");
    for (const e of this.enums.values()) {
      if (e.name.text !== HEX_DIR_ENUM && e.name.text !== GRID_DIR_ENUM) unused(e.name, "enum");
    }
    for (const r of this.records.values()) unused(r.decl.name, "record");
    for (const a of this.actions.values()) {
      if (!this.used.has(a.name.text)) {
        this.diagnostics.push(
          warning(
            Codes.unreachable,
            a.name.span,
            `the action \`${a.name.text}\` is never offered, so no player can take it`,
            `offer it with \`act <player>: ${a.name.text}\``,
          ),
        );
      }
    }
  }

  /** The body being checked as derived-data analysis names it; undefined where nothing it reports can happen. */
  private bodyKey(): string | undefined {
    const c = this.body.context;
    if (c === "setup") return "setup";
    if (c === "fn") return this.computing;
    if (this.body.routine && (c === "flow" || c === "proc" || c === "action")) return routineKey(this.body.routine);
    return undefined;
  }

  private noteDependency(target: string, span: A.Span): void {
    if (this.computing === undefined) return;
    const edges = this.dependencies.get(this.computing) ?? [];
    edges.push({ target, span });
    this.dependencies.set(this.computing, edges);
  }

  /** One report per mistake: a statement that stands for several (a `window`) may meet the same one twice. */
  private dropRepeats(): void {
    const seen = new Set<string>();
    const kept = this.diagnostics.filter((d) => {
      const key = `${d.code} ${d.span.start} ${d.span.end} ${d.message}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
    // Not `splice(0, n, ...kept)`: spreading a hundred thousand arguments overflows the stack.
    this.diagnostics.length = 0;
    for (const d of kept) this.diagnostics.push(d);
  }

  /** The engine names the language's grid cells `Cell`: a designer's type of that name and grid cells cannot meet. */
  private reportCellClash(): void {
    if (!this.used.has(GRID_CELLS)) return;
    const own =
      [...this.records.values()].map((r) => r.decl.name).find((n) => n.text === "Cell") ?? this.enums.get("Cell")?.name;
    if (!own) return;
    this.diagnostics.push(
      error(
        Codes.duplicate,
        own.span,
        "`Cell` is also the language's type of grid cells, which these rules use (`cell(x, y)`)",
        "rename this type, e.g. `Spot`",
      ),
    );
  }

  /** `score p: ...` defines `score(p)`, so it may not use `score`, directly or through functions. */
  private reportScoreCycle(): void {
    const reachesScore = (from: string, seen: Set<string>): boolean => {
      if (from === "score") return true;
      if (seen.has(from)) return false;
      seen.add(from);
      return (this.dependencies.get(from) ?? []).some((d) => reachesScore(d.target, seen));
    };
    for (const d of this.dependencies.get("score") ?? []) {
      if (!reachesScore(d.target, new Set())) continue;
      const message =
        d.target === "score"
          ? "the score rule cannot use `score`: the score would depend on itself"
          : `\`${d.target.slice("fn:".length)}\` uses \`score\`, so the score rule cannot call it: the score would depend on itself`;
      this.diagnostics.push(error(Codes.misplaced, d.span, message, "compute the score from the fields it counts"));
    }
  }
}

/** The type of a choice that `for x in list chosen by p` stands for: the list's element (optional or not). */

function isEnumerable(t: Type): boolean {
  return (
    t.kind === "bool" ||
    t.kind === "enum" ||
    t.kind === "player" ||
    t.kind === "error" ||
    (t.kind === "int" && t.low !== undefined && t.high !== undefined)
  );
}

export function isBlock(body: A.Expr | A.Block): body is A.Block {
  return "statements" in body;
}

/** Whether a function's block ends in `return` on every path. */
function alwaysReturns(b: A.Block): boolean {
  const last = b.statements[b.statements.length - 1];
  if (!last) return false;
  if (last.kind === "return") return true;
  if (last.kind === "if")
    return last.otherwise !== undefined && alwaysReturns(last.then) && alwaysReturns(last.otherwise);
  // The checker makes every `match` cover all cases.
  if (last.kind === "match") return last.arms.every((a) => alwaysReturns(a.body));
  return false;
}
