/**
 * Resumable routines: a routine that can wait for a decision is compiled into numbered blocks (a state machine).
 * Its locals live in a frame object inside the game state; a decision records what is asked of whom, saves the
 * block to resume at, and returns. Applying the answer stores it in the frame and resumes. The state therefore stays
 * plain JSON at every decision point, and restoring a saved game is just loading it.
 */
import {
  withoutNone,
  type AssignStmt,
  type Block,
  type LetStmt,
  type LocalSymbol,
  type Program,
  type Stmt,
  waitingCall,
} from "@rules/dsl";
import { bindings, offersCall, patternTest, subjectType, type ExprEmitter, type Scope } from "./expressions.ts";
import { changesNothing } from "./changes-nothing.ts";
import { LocalNames, answerAloneName } from "./naming.ts";
import {
  StatementEmitter,
  allowanceList,
  constantLets,
  assignmentOf,
  endLines,
  suspends,
  iterationSource,
  matchSubject,
  type LoopTarget,
  type StatementContext,
} from "./statements.ts";
import { tsType } from "./ts-types.ts";
import { hasCompletingBlocks } from "./completing.ts";

export interface FrameField {
  readonly name: string;
  readonly type: string;
}

export interface CompiledMachine {
  /** TypeScript `case` blocks of the step function, in order. */
  readonly blocks: string[][];
  /** Fields of the routine's frame beyond `routine` and `pc`. */
  readonly fields: FrameField[];
  /** How each frame-held symbol is named in the frame. */
  readonly fieldOf: Map<LocalSymbol, string>;
  /** The frame fields that hold records of the game across a decision (`Held<T>`, runtime `held.ts`). */
  readonly heldFields: string[];
  /** `act ... or stop`: by decision site, where the routine goes on when the player answers stop. */
  readonly stopExits: Map<number, number>;
  /**
   * By decision site: the head of the `while` loop the decision is asked again from after an interrupt (an allowed
   * action taken instead), when the rules from that head to the decision change nothing (`changesNothing`).
   */
  readonly restarts: Map<number, number>;
}

/** How code reads a symbol kept in the frame: a held record through `held`, anything else as it is. */
export function frameRead(machine: CompiledMachine, symbol: LocalSymbol): string | undefined {
  const field = machine.fieldOf.get(symbol);
  return field === undefined ? undefined : fieldRead(symbol, field);
}

/** How code reads the frame field `field` holding `symbol`: a held record, or list of them, through its addresses. */
function fieldRead(symbol: LocalSymbol, field: string): string {
  if (!symbol.heldAcrossDecision) return `frame.${field}`;
  return symbol.type.kind === "list" ? `heldRecords(state, frame.${field})` : `heldRecord(state, frame.${field})`;
}

/** The TypeScript type of a frame field holding `symbol`. */
function frameFieldType(symbol: LocalSymbol): string {
  if (!symbol.heldAcrossDecision) return tsType(symbol.type);
  if (symbol.type.kind === "list") return `Held<${tsType(withoutNone(symbol.type.element))}>[]`;
  const record = `Held<${tsType(withoutNone(symbol.type))}>`;
  return symbol.type.kind === "optional" ? `${record} | null` : record;
}

/** A `choose` or `act` becomes: record the pending decision, save where to resume, return. */
export interface DecisionEmitter {
  suspendFor(s: Extract<Stmt, { kind: "choose" } | { kind: "act" }>, scope: Scope): string[];
  /** The frame object to push when a routine calls a resumable procedure. */
  frameFor(procName: string, args: string[]): string;
}

export class MachineBuilder {
  /** The `let`s that name a constant's row rather than copy it (`constantLets`). */
  private uncopied: ReadonlySet<LocalSymbol> = new Set();
  private readonly blocks: string[][] = [[]];
  private current = 0;
  private terminated = false;
  private readonly fields: FrameField[] = [];
  private readonly fieldOf = new Map<LocalSymbol, string>();
  private readonly heldFields: string[] = [];
  private readonly stopExits = new Map<number, number>();
  private readonly restarts = new Map<number, number>();
  /**
   * In the body of a `while`: its head, and whether every rule run since it changes nothing, so that a decision met
   * now may be asked again from there (undefined inside other loops and blocks, which keep a count or a place).
   */
  private restart: { readonly head: number; pure: boolean } | undefined;
  private completingDepth = 0;
  private readonly fieldNames = new LocalNames(["routine", "pc"]);
  private readonly localNames = new LocalNames(["state", "frame"]);
  readonly scope: Scope;
  private readonly statements: StatementEmitter;

  constructor(
    private readonly program: Program,
    private readonly exprs: ExprEmitter,
    private readonly suspending: ReadonlySet<string>,
    private readonly decisions: DecisionEmitter,
    /** For a procedure that gives a value: its name, which is where in `state.returns` its `return` leaves it. */
    private readonly returnsAs?: string,
  ) {
    const fieldOf = this.fieldOf;
    const localNames = this.localNames;
    this.scope = {
      names: localNames,
      local: (s) => {
        const f = fieldOf.get(s);
        return f ? fieldRead(s, f) : localNames.nameOf(s);
      },
    };
    this.statements = new StatementEmitter(this.statementContext());
  }

  /** Keeps a symbol in the frame, so it survives a decision. */
  hold(symbol: LocalSymbol): string {
    const existing = this.fieldOf.get(symbol);
    if (existing) return existing;
    const name = this.fieldNames.nameOf(symbol);
    this.fieldOf.set(symbol, name);
    this.fields.push({ name, type: frameFieldType(symbol) });
    if (symbol.heldAcrossDecision) this.heldFields.push(name);
    return name;
  }

  private temp(base: string, type: string): string {
    const name = this.fieldNames.fresh(base);
    this.fields.push({ name, type });
    return name;
  }

  private newBlock(): number {
    this.blocks.push([]);
    return this.blocks.length - 1;
  }

  private startBlock(pc: number): void {
    this.current = pc;
    this.terminated = false;
  }

  private line(...code: string[]): void {
    if (!this.terminated) this.blocks[this.current]!.push(...code);
  }

  private jump(pc: number): void {
    this.line(`frame.pc = ${pc};`, "continue machine;");
    this.terminated = true;
  }

  private suspend(resume: number, code: string[]): void {
    this.line(...code, `frame.pc = ${resume};`, "return;");
    this.terminated = true;
    this.startBlock(resume);
  }

  /** The routine's machine; `prelude` runs first, as it starts. */
  build(body: Block, prelude: readonly string[] = []): CompiledMachine {
    this.uncopied = constantLets(this.program, body);
    this.line(...prelude);
    this.block(body, []);
    this.line("state.stack.pop();", "return;");
    this.terminated = true;
    return {
      blocks: this.blocks,
      fields: this.fields,
      fieldOf: this.fieldOf,
      heldFields: this.heldFields,
      stopExits: this.stopExits,
      restarts: this.restarts,
    };
  }

  /** `act ... or stop`: offered again after each action, until the player stops or none of the actions is allowed. */
  private actOrStop(s: Extract<Stmt, { kind: "act" }>): void {
    const head = this.newBlock();
    const exit = this.newBlock();
    this.stopExits.set(s.site!, exit);
    this.jump(head);
    this.startBlock(head);
    const player = this.exprs.emit(s.player, this.scope);
    const offered = s.actions.map((a) => offersCall(a.text, player)).join(" || ");
    this.line(`if (!(${offered})) {`, `frame.pc = ${exit};`, "continue machine;", "}");
    this.suspend(this.newBlock(), this.decisions.suspendFor(s, this.scope));
    this.jump(head);
    this.startBlock(exit);
  }

  private block(b: Block, loops: readonly LoopTarget[]): void {
    for (const s of b.statements) {
      const outer = this.restart;
      // Only the branches of an `if` or a `match`, and the decisions themselves, stay on the way from the head.
      if (s.kind !== "if" && s.kind !== "match" && s.kind !== "choose" && s.kind !== "act") this.restart = undefined;
      // A `completing` block's decisions are answered on copies by its search: they are asked where they stand.
      if (s.kind === "completing") this.completingDepth++;
      this.statement(s, loops);
      if (s.kind === "completing") this.completingDepth--;
      this.restart = outer;
      if (this.restart !== undefined && !changesNothing(s)) this.restart.pure = false;
    }
  }

  /** A single player's decision, asked again from the head of its `while` after an interrupt when nothing lies between. */
  private noteRestart(site: number): void {
    if (this.restart?.pure && this.completingDepth === 0) this.restarts.set(site, this.restart.head);
  }

  private statement(s: Stmt, loops: readonly LoopTarget[]): void {
    if ((s.kind === "let" || s.kind === "assign") && this.storeWaitingCall(s)) return;
    if (s.kind === "require" && s.bindingSymbol) {
      // `require let`: checked before the action ran; its value goes to the frame for the rest of the action.
      const found = this.localNames.fresh(`${s.bindingSymbol.name}Found`);
      this.line(
        `const ${found} = ${this.exprs.emit(s.condition, this.scope)};`,
        `if (${found} === null) throw ${this.exprs.requirementLost(s, this.scope)};`,
        `frame.${this.hold(s.bindingSymbol)} = ${found};`,
      );
      return;
    }
    if (s.kind === "let") {
      this.hold(s.symbol!);
      const value = this.uncopied.has(s.symbol!)
        ? this.exprs.emit(s.value, this.scope)
        : this.exprs.letValue(s, this.scope);
      this.line(`frame.${this.fieldOf.get(s.symbol!)} = ${value};`);
      return;
    }
    if (s.kind === "return") {
      this.line(...this.statements.statement(s, loops));
      this.terminated = true;
      return;
    }
    if (!suspends(s, this.program, this.suspending)) {
      this.line(...this.statements.statement(s, loops));
      if (s.kind === "break") this.terminated = true;
      return;
    }
    switch (s.kind) {
      case "if": {
        const otherwise = this.newBlock();
        const end = s.otherwise ? this.newBlock() : otherwise;
        if (s.bindingSymbol) {
          // `if let x = value`: the value is checked in a constant, and only a present one goes to the frame.
          const found = this.localNames.fresh(`${s.bindingSymbol.name}Found`);
          this.line(
            `const ${found} = ${this.exprs.emit(s.condition, this.scope)};`,
            `if (${found} === null) {`,
            `frame.pc = ${otherwise};`,
            "continue machine;",
            "}",
            `frame.${this.hold(s.bindingSymbol)} = ${found};`,
          );
        } else {
          this.line(
            `if (${this.exprs.negate(s.condition, this.scope)}) {`,
            `frame.pc = ${otherwise};`,
            "continue machine;",
            "}",
          );
        }
        this.block(s.then, loops);
        this.jump(end);
        if (s.otherwise) {
          this.startBlock(otherwise);
          this.block(s.otherwise, loops);
          this.jump(end);
        }
        this.startBlock(end);
        return;
      }
      case "match": {
        // Every test up front, on the value computed once; each arm then runs in blocks of its own.
        const { setup, value } = matchSubject(this.statementContext(), this.scope, s, this.localNames);
        this.line(...setup);
        const end = this.newBlock();
        // An arm with nothing to do goes straight to the end.
        const starts = s.arms.map((arm) => (arm.body.statements.length === 0 ? end : this.newBlock()));
        s.arms.forEach((arm, i) => {
          const test =
            i === s.arms.length - 1 ? undefined : patternTest(this.program, arm.pattern, subjectType(s, i), value);
          const go = [
            ...bindings(this.program, arm.pattern, value).map((b) => `frame.${this.hold(b.symbol)} = ${b.code};`),
            `frame.pc = ${starts[i]};`,
            "continue machine;",
          ];
          if (test === undefined) this.line(...go);
          else this.line(`if (${test}) {`, ...go, "}");
        });
        this.terminated = true;
        s.arms.forEach((arm, i) => {
          if (starts[i] === end) return;
          this.startBlock(starts[i]!);
          this.block(arm.body, loops);
          this.jump(end);
        });
        this.startBlock(end);
        return;
      }
      case "while": {
        const head = this.newBlock();
        const end = this.newBlock();
        this.jump(head);
        this.startBlock(head);
        this.line(
          `if (${this.exprs.negate(s.condition, this.scope)}) {`,
          `frame.pc = ${end};`,
          "continue machine;",
          "}",
        );
        const outer = this.restart;
        this.restart = { head, pure: true };
        this.block(s.body, [...loops, { kind: "machine", end }]);
        this.restart = outer;
        this.jump(head);
        this.startBlock(end);
        return;
      }
      case "repeat": {
        const times = this.temp("times", "number");
        const counter = this.temp("count", "number");
        this.line(`frame.${times} = ${this.exprs.emit(s.count, this.scope)};`, `frame.${counter} = 0;`);
        const head = this.newBlock();
        const end = this.newBlock();
        this.jump(head);
        this.startBlock(head);
        this.line(`if (frame.${counter} >= frame.${times}) {`, `frame.pc = ${end};`, "continue machine;", "}");
        this.block(s.body, [...loops, { kind: "machine", end }]);
        this.line(`frame.${counter}++;`);
        this.jump(head);
        this.startBlock(end);
        return;
      }
      case "for": {
        const variable = this.hold(s.symbol!);
        // The records of the iterations to come wait in the frame too: the list is held like its variable.
        const items = this.temp(
          `${variable}List`,
          s.symbol!.heldAcrossDecision
            ? `${frameFieldType(s.symbol!)}[]`
            : tsType(s.iterable.type ?? { kind: "list", element: s.symbol!.type }),
        );
        if (s.symbol!.heldAcrossDecision) this.heldFields.push(items);
        const position = this.temp(`${variable}Index`, "number");
        const ctx = this.statementContext();
        this.line(`frame.${items} = ${iterationSource(ctx, this.scope, s.iterable, true)};`, `frame.${position} = 0;`);
        const head = this.newBlock();
        const end = this.newBlock();
        this.jump(head);
        this.startBlock(head);
        this.line(
          `if (frame.${position} >= frame.${items}.length) {`,
          `frame.pc = ${end};`,
          "continue machine;",
          "}",
          `frame.${variable} = at(frame.${items}, frame.${position});`,
        );
        this.block(s.body, [...loops, { kind: "machine", end }]);
        this.line(`frame.${position}++;`);
        this.jump(head);
        this.startBlock(end);
        return;
      }
      case "act":
        if (s.orStop) this.actOrStop(s);
        else {
          this.noteRestart(s.site!);
          this.suspend(this.newBlock(), this.decisions.suspendFor(s, this.scope));
        }
        return;
      case "choose": {
        this.hold(s.symbol!);
        const resume = this.newBlock();
        if (s.whenSeveral && hasCompletingBlocks(this.program)) {
          // `when several` where a `completing` block may be under way: whether an answer lets the block be
          // finished is found by answering it on a copy, so the decision is made pending first.
          this.line(
            ...this.decisions.suspendFor(s, this.scope),
            `frame.pc = ${resume};`,
            `if (${answerAloneName(s.site!)}(state)) {`,
            "state.pending = null;",
            "continue machine;",
            "}",
            "return;",
          );
          this.terminated = true;
          this.startBlock(resume);
          return;
        }
        // A simultaneous choice keeps the answers already given; a loop of choices, the picks made.
        if (s.each === undefined && !s.pickOfLoop) this.noteRestart(s.site!);
        // `when several`: a single answer is taken at once, and the rules go on.
        const alone = s.whenSeveral
          ? [`if (${answerAloneName(s.site!)}(state)) {`, `frame.pc = ${resume};`, "continue machine;", "}"]
          : [];
        this.suspend(resume, [...alone, ...this.decisions.suspendFor(s, this.scope)]);
        return;
      }
      case "expr": {
        // A call of a resumable procedure: push its frame and come back here when it is done.
        const call = s.expr;
        if (call.kind !== "call") throw new Error("internal: suspending expression");
        const args = call.args.map((a) => this.exprs.emit(a, this.scope));
        const resume = this.newBlock();
        this.suspendCall(resume, [`state.stack.push(${this.decisions.frameFor(call.callee.text, args)});`]);
        return;
      }
      case "allow":
        // The allowance lives in the state, so it survives a save; `break` cannot leave the block (checked).
        // `here`: the depth of the routine's own frame, where the block's decisions wait.
        this.line(
          `state.${allowanceList(s)}.push({ actions: ${JSON.stringify(s.actions.map((a) => a.text))}, players: ${s.player.type?.kind === "list" ? `${this.exprs.paren(s.player, this.scope)}.slice()` : `[${this.exprs.emit(s.player, this.scope)}]`}${s.here ? ", depth: state.stack.length" : ""} });`,
        );
        this.block(s.body, loops);
        this.line(`state.${allowanceList(s)}.pop();`);
        return;
      case "completing":
        // The blocks under way live in the state, so a search from a restored game knows where they end; `break`
        // and `return` cannot leave the block (checked).
        this.line(`state.completing.push({ block: ${s.block!}, depth: state.stack.length - 1 });`);
        this.block(s.body, loops);
        if (this.terminated) return;
        {
          // A search playing the block on a copy has its answer once the outermost block ends: it stops there.
          const after = this.newBlock();
          this.line(
            "state.completing.pop();",
            `frame.pc = ${after};`,
            "if (searching && state.completing.length === 0) {",
            "blockFinished = true;",
            "return;",
            "}",
            "continue machine;",
          );
          this.terminated = true;
          this.startBlock(after);
        }
        return;
      case "end":
        this.line(...endLines(this.program, s, "return;"));
        this.terminated = true;
        return;
      default:
        throw new Error(`internal: cannot suspend in ${s.kind}`);
    }
  }

  /**
   * `let x = f(...)` or `x = f(...)` where `f` can wait for decisions: its frame runs first, then this routine goes
   * on and stores the value `f` left in `state.returns`. False for any other value.
   */
  private storeWaitingCall(s: LetStmt | AssignStmt): boolean {
    const waitsFor = waitingCall(s.value, this.suspending);
    if (waitsFor === undefined || s.value.kind !== "call") return false;
    const args = s.value.args.map((a) => this.exprs.emit(a, this.scope));
    const resume = this.newBlock();
    this.suspendCall(resume, [`state.stack.push(${this.decisions.frameFor(waitsFor, args)});`]);
    const value = `state.returns.${waitsFor}`;
    if (s.kind === "let") this.line(`frame.${this.hold(s.symbol!)} = ${value};`);
    else this.line(assignmentOf(this.statementContext(), this.scope, s.target, s.op, value, value));
    return true;
  }

  private statementContext(): StatementContext {
    return {
      program: this.program,
      exprs: this.exprs,
      scope: this.scope,
      suspending: this.suspending,
      resumable: true,
      ...(this.returnsAs === undefined ? {} : { returnsAs: this.returnsAs }),
    };
  }

  /** Like a decision, but the run loop goes on at once with the pushed frame. */
  private suspendCall(resume: number, code: string[]): void {
    this.line(`frame.pc = ${resume};`, ...code, "return;");
    this.terminated = true;
    this.startBlock(resume);
  }
}
