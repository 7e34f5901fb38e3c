/**
 * The checker's part for statements: blocks and their scopes, `let`, assignments and what may be assigned, `if` and
 * `if let`, loops, `require`, list changes, `end`, `break` and `return`. Decisions (`choose`, `act`, `allow`) and
 * `match` go on to their own parts. Like `checker-decisions.ts`, it works through a small host interface of the main
 * checker.
 */
import type * as A from "./ast.ts";
import { leadingRequirements } from "./ast-walk.ts";
import { CHANGES_HINT, describeContext, type BodyState } from "./checker-context.ts";
import { Codes, error, type Diagnostic } from "./diagnostics.ts";
import type { RoutineGraph } from "./routine-graph.ts";
import { BOOL, ERROR, INT, typeToString, type Type } from "./types.ts";
import { writtenRangeErrors } from "./written-ranges.ts";

export interface StatementHost {
  readonly diagnostics: Diagnostic[];
  readonly graph: RoutineGraph;
  /** The fixed reasons `end "..."` gives, collected for the engine's summaries. */
  readonly endReasons: Set<string>;
  /** Where the checker is: the kind of body, its routine, its loops. */
  body(): BodyState;
  expr(e: A.Expr, expected: Type | undefined): Type;
  resolveType(t: A.TypeExpr): Type;
  elementType(t: Type, span: A.Span): Type;
  notAList(span: A.Span, t: Type): void;
  /** Checks what the engine evaluates without playing (a requirement and its message). */
  lookingOnly<T>(what: string, check: () => T): T;
  textParts(parts: readonly A.TextPart[]): void;
  pushScope(): void;
  popScope(): void;
  bind(name: A.Name, type: Type, origin: A.LocalSymbol["origin"]): A.LocalSymbol;
  /** Records that the body being checked writes a field (derived data may not depend on what changes). */
  noteWrite(field: string, span: A.Span): void;
  choose(s: Extract<A.Stmt, { kind: "choose" }>): void;
  act(s: Extract<A.Stmt, { kind: "act" }>): void;
  allow(s: Extract<A.Stmt, { kind: "allow" }>): void;
  completing(s: Extract<A.Stmt, { kind: "completing" }>): void;
  /** Something a `completing` block's search cannot play through (a random draw...). */
  unsearchable(what: string, span: A.Span): void;
  matchStmt(s: Extract<A.Stmt, { kind: "match" }>): void;
  /** Whether players may decide here (reported when not); `what` names the construct. */
  mayDecide(span: A.Span, what: string): boolean;
}

export class StatementChecker {
  constructor(private readonly host: StatementHost) {}

  private get body(): BodyState {
    return this.host.body();
  }

  block(b: A.Block, actionTop = false): void {
    this.host.pushScope();
    let ended: A.Stmt | undefined;
    // The `let`s among an action's requirements only compute: a refused action must leave the game untouched.
    const computing = new Set<A.Stmt>(actionTop ? leadingRequirements(b).filter((s) => s.kind === "let") : []);
    for (const s of b.statements) {
      if (ended) {
        this.host.diagnostics.push(
          error(
            Codes.unreachable,
            s.span,
            `this rule can never run: it follows \`${ended.kind}\``,
            "remove it, or move it before",
          ),
        );
        ended = undefined; // one report per block
      }
      if (!actionTop || (s.kind !== "require" && !computing.has(s))) this.body.atActionTop = false;
      if (computing.has(s)) this.host.lookingOnly("a value the requirements are checked with", () => this.statement(s));
      else this.statement(s);
      if (s.kind === "end" || s.kind === "break" || s.kind === "return") ended = s;
    }
    this.host.popScope();
  }

  private statement(s: A.Stmt): void {
    switch (s.kind) {
      case "let": {
        this.host.graph.noteStored(s.value);
        const declared = s.typeExpr ? this.host.resolveType(s.typeExpr) : undefined;
        const t = this.host.expr(s.value, declared);
        if (t.kind === "void") {
          this.host.diagnostics.push(
            error(
              Codes.typeMismatch,
              s.value.span,
              "this has no value to store",
              "a procedure that gives nothing is called as a statement of its own, without `let`",
            ),
          );
        } else if (!declared && isNone(t)) {
          this.host.diagnostics.push(
            error(
              Codes.typeMismatch,
              s.value.span,
              `the type of \`${s.name.text}\` cannot be inferred from \`none\` alone`,
              `declare it: \`let ${s.name.text}: Player? = none\``,
            ),
          );
        } else if (!declared && hasUnknownElement(t)) {
          this.host.diagnostics.push(
            error(
              Codes.typeMismatch,
              s.value.span,
              `the type of \`${s.name.text}\` cannot be inferred from an empty list`,
              `declare it: \`let ${s.name.text}: list<int> = []\``,
            ),
          );
        }
        // The elements a loop of choices (`for x in list chosen by p`) has left: its list must be one.
        const chosenLoop = s.leftOfChoices === true;
        if (chosenLoop && t.kind !== "list" && t.kind !== "error") {
          this.host.diagnostics.push(
            error(
              Codes.typeMismatch,
              s.value.span,
              `a loop of choices goes over a list, not ${typeToString(t)}`,
              "write `for x in <list> chosen by <player> { ... }`",
            ),
          );
        }
        const stored = chosenLoop && t.kind !== "list" ? ERROR : t;
        s.symbol = this.host.bind(s.name, declared ?? (stored.kind === "unknown" ? ERROR : stored), "let");
        break;
      }
      case "assign":
        this.assign(s);
        break;
      case "match":
        this.host.matchStmt(s);
        break;
      case "if":
        if (s.binding) this.ifLet(s, s.binding);
        else {
          this.host.expr(s.condition, BOOL);
          this.block(s.then);
        }
        if (s.otherwise) this.block(s.otherwise);
        break;
      case "for": {
        const t = this.host.expr(s.iterable, undefined);
        const element = this.host.elementType(t, s.iterable.span);
        this.host.pushScope();
        s.symbol = this.host.bind(s.variable, element, "for");
        s.symbol.used = true;
        this.body.loopDepth++;
        this.block(s.body);
        this.body.loopDepth--;
        this.host.popScope();
        break;
      }
      case "while":
        this.host.expr(s.condition, BOOL);
        this.body.loopDepth++;
        this.block(s.body);
        this.body.loopDepth--;
        break;
      case "repeat":
        this.host.expr(s.count, INT);
        this.body.loopDepth++;
        this.block(s.body);
        this.body.loopDepth--;
        break;
      case "require":
        if (this.body.context !== "action" || !this.body.atActionTop) {
          this.host.diagnostics.push(
            error(
              Codes.misplaced,
              s.span,
              "`require` must come first in an action, before anything happens",
              "a refused action must leave the game untouched, so every requirement is checked before the effects",
            ),
          );
        }
        // The message is shown when the requirement fails, so it cannot use what a `require let` binds.
        if (s.messageParts)
          this.host.lookingOnly("a requirement's message", () => this.host.textParts(s.messageParts!));
        if (s.binding) {
          const binding = s.binding;
          const t = this.host.lookingOnly("a requirement", () =>
            this.optionalToBind(s.condition, binding, "require let"),
          );
          s.bindingSymbol = this.host.bind(binding, t, "iflet");
        } else this.host.lookingOnly("a requirement", () => this.host.expr(s.condition, BOOL));
        break;
      case "choose":
        this.host.choose(s);
        break;
      case "act":
        this.host.act(s);
        break;
      case "add":
      case "remove": {
        const list = this.host.expr(s.list, undefined);
        this.assignableTarget(s.list);
        // `remove k from m` takes a key (and its value) out of a map.
        if (list.kind === "map") this.host.expr(s.value, list.key);
        else if (list.kind === "list") {
          this.host.expr(s.value, list.element);
          if (s.kind === "add") this.host.diagnostics.push(...writtenRangeErrors(s.value, list.element, "element"));
        } else {
          if (list.kind !== "error") this.host.notAList(s.list.span, list);
          this.host.expr(s.value, undefined);
        }
        break;
      }
      case "shuffle": {
        this.host.unsearchable("a shuffle", s.span);
        const list = this.host.expr(s.list, undefined);
        this.assignableTarget(s.list);
        // `shuffle d` shuffles a deck's draw pile.
        if (list.kind !== "list" && list.kind !== "deck" && list.kind !== "error")
          this.host.notAList(s.list.span, list);
        break;
      }
      case "end": {
        // Only where players decide: ending the game unwinds every routine under way.
        const routine = this.body.routine;
        if (this.host.mayDecide(s.span, "end") && routine) this.host.graph.addEnd(routine);
        // The reason is summed up over many games: one fixed text per way of ending.
        if (s.reason && !s.reason.parts) this.host.endReasons.add(s.reason.value);
        if (s.reason?.parts) {
          this.host.diagnostics.push(
            error(Codes.invalidValue, s.reason.span, "the reason of `end` is plain text", "remove the `{...}` holes"),
          );
        }
        break;
      }
      case "break": {
        const { loopDepth, allowFloor, completing } = this.body;
        if (loopDepth === 0) {
          this.host.diagnostics.push(
            error(
              Codes.misplaced,
              s.span,
              "`break` outside a loop",
              "`break` leaves a `for`, `while` or `repeat` loop",
            ),
          );
        } else if (completing && loopDepth <= completing.loopFloor) {
          this.host.diagnostics.push(
            error(
              Codes.misplaced,
              s.span,
              "`break` cannot leave a `completing` block",
              "end the loop after the block instead",
            ),
          );
        } else if (allowFloor !== undefined && loopDepth <= allowFloor) {
          this.host.diagnostics.push(
            error(
              Codes.misplaced,
              s.span,
              "`break` cannot leave an `allow` block",
              "end the loop after the block instead",
            ),
          );
        }
        break;
      }
      case "allow":
        this.host.allow(s);
        break;
      case "completing":
        this.host.completing(s);
        break;
      case "return":
        if (this.body.completing) {
          this.host.diagnostics.push(
            error(
              Codes.misplaced,
              s.span,
              "`return` cannot leave a `completing` block",
              "keep the value in a `let` and return it after the block",
            ),
          );
        }
        if (s.value === undefined) {
          // A bare `return` ends a procedure or an action where it stands ("the combat ends").
          const c = this.body.context;
          if (this.body.returns !== undefined) {
            this.host.diagnostics.push(
              error(
                Codes.misplaced,
                s.span,
                `\`return\` needs the value this ${c === "fn" ? "function" : "procedure"} gives`,
                `write \`return <${typeToString(this.body.returns)}>\``,
              ),
            );
          } else if (c !== "proc" && c !== "action") {
            this.host.diagnostics.push(
              error(
                Codes.misplaced,
                s.span,
                `a bare \`return\` ends a procedure or an action, not ${describeContext(c)}`,
                c === "flow"
                  ? 'end the game with `end "reason"`, or leave a loop with `break`'
                  : "take it out: this part of the rules ends after its last statement",
              ),
            );
          }
        } else if (this.body.returns === undefined) {
          this.host.diagnostics.push(
            error(
              Codes.misplaced,
              s.span,
              "`return` gives a value: it belongs in functions with a block body and procedures with a type",
              "give the procedure the type of its value, `proc name(...): int { ... }`; a bare `return` ends a procedure or an action",
            ),
          );
          this.host.expr(s.value, undefined);
        } else {
          this.host.expr(s.value, this.body.returns);
        }
        break;
      case "expr": {
        const e = s.expr;
        this.host.graph.noteStored(e);
        this.host.expr(e, undefined);
        if (e.kind !== "call") {
          this.host.diagnostics.push(
            error(
              Codes.misplaced,
              e.span,
              "this expression does nothing on its own",
              "did you mean an assignment with `=`, or a call?",
            ),
          );
        }
        break;
      }
    }
  }

  /** `if let x = value { ... }`: the block sees `x`, the value without its none. */
  private ifLet(s: A.IfStmt, binding: A.Name): void {
    const t = this.optionalToBind(s.condition, binding, "if let");
    this.host.pushScope();
    s.bindingSymbol = this.host.bind(binding, t, "iflet");
    this.block(s.then);
    this.host.popScope();
  }

  /** The value an `if let` or `require let` binds: `value`, which must be optional, without its none. */
  private optionalToBind(value: A.Expr, binding: A.Name, construct: string): Type {
    const t = this.host.expr(value, undefined);
    if (t.kind !== "optional" && t.kind !== "error") {
      this.host.diagnostics.push(
        error(
          Codes.typeMismatch,
          value.span,
          `\`${construct}\` takes a value that may be none, but this is always a ${typeToString(t)}`,
          construct === "if let"
            ? `write \`let ${binding.text} = ...\` before the \`if\``
            : "state the requirement as a condition: `require <condition> else ...`",
        ),
      );
    } else if (t.kind === "optional" && t.inner.kind === "unknown") {
      this.host.diagnostics.push(
        error(
          Codes.typeMismatch,
          value.span,
          "this is always none",
          "give a value that may be set: a field or a function of an optional type (`Player?`)",
        ),
      );
    }
    return t.kind === "optional" && t.inner.kind !== "unknown" ? t.inner : ERROR;
  }

  private assign(s: A.AssignStmt): void {
    this.host.graph.noteStored(s.value);
    const target = this.host.expr(s.target, undefined);
    this.assignableTarget(s.target);
    if (s.op === "=") {
      this.host.expr(s.value, target);
      this.host.diagnostics.push(...writtenRangeErrors(s.value, target, "place"));
    } else {
      if (target.kind !== "int" && target.kind !== "error") {
        this.host.diagnostics.push(
          error(
            Codes.typeMismatch,
            s.target.span,
            `\`${s.op}\` needs a number, found ${typeToString(target)}`,
            target.kind === "list" ? "for a list, write `add x to list` or `remove x from list`" : "assign it with `=`",
          ),
        );
      }
      this.host.expr(s.value, INT);
    }
  }

  /** Fields of the state, of records and of players, let-locals and list elements may change; nothing else. */
  assignableTarget(e: A.Expr): void {
    const c = this.body.context;
    if (c === "fn") {
      // A function may change its own `let` variables (and what they hold), never the game.
      const root = rootName(e);
      if (!(root?.ref?.kind === "local" && root.ref.symbol.origin === "let")) {
        this.host.diagnostics.push(
          error(
            Codes.notAssignable,
            e.span,
            "a function cannot change the game",
            "only its own `let` variables can change",
          ),
        );
      }
      return;
    }
    if (
      c === "const" ||
      c === "visibility" ||
      c === "playerVisibility" ||
      c === "scoring" ||
      c === "abandon" ||
      c === "expect"
    ) {
      this.host.diagnostics.push(
        error(Codes.notAssignable, e.span, `${describeContext(c)} cannot change the game`, CHANGES_HINT),
      );
      return;
    }
    const root = rootName(e);
    if (root?.ref?.kind === "derived") {
      this.host.diagnostics.push(
        error(
          Codes.notAssignable,
          e.span,
          `\`${root.name}\` is derived data: it is computed from its definition and cannot change`,
          "change the fields it is computed from in the setup, or keep this value in `global`",
        ),
      );
      return;
    }
    if (root?.ref?.kind === "global") this.host.noteWrite(root.name, e.span);
    else if (root?.type?.kind === "player" && e.kind === "member" && e.object === root) {
      this.host.noteWrite(`player.${e.name.text}`, e.span);
    }
    switch (e.kind) {
      case "name": {
        const ref = e.ref;
        if (!ref) return; // the name did not resolve, which is already reported
        if (ref.kind === "global") return;
        if (ref?.kind === "local" && ref.symbol.origin === "let") return;
        if (ref?.kind === "local" && (ref.symbol.origin === "param" || ref.symbol.origin === "me")) {
          // A list or record passed in is the game's own, so changing what it contains is allowed; rebinding is not.
        }
        this.host.diagnostics.push(
          error(
            Codes.notAssignable,
            e.span,
            `\`${e.name}\` cannot be assigned`,
            "only `let` variables and fields of the game state can change",
          ),
        );
        return;
      }
      case "member":
      case "index": {
        const kind = e.kind === "member" ? e.object.type?.kind : undefined;
        if (e.kind === "member" && (kind === "hex" || kind === "cell")) {
          // `h.q = 2`: a square is a value, like a number.
          const [type, v, first, second] = kind === "hex" ? ["Hex", "h", "q", "r"] : ["Cell", "c", "x", "y"];
          const other = e.name.text === first ? `${v}.${second}` : `${v}.${first}`;
          this.host.diagnostics.push(
            error(
              Codes.notAssignable,
              e.span,
              `a ${type} is a value: its coordinates cannot change`,
              `assign a new ${kind} instead, e.g. \`${v} = ${kind}(${first}, ${other})\``,
            ),
          );
          return;
        }
        const root = constantRoot(e);
        if (root) {
          this.host.diagnostics.push(
            error(
              Codes.notAssignable,
              e.span,
              `\`${root.name}\` is a ${root.ref?.kind === "param" ? "param" : "constant"}: what it holds cannot change`,
              "keep what changes in a field of the game state",
            ),
          );
        }
        return;
      }
      default:
        this.host.diagnostics.push(
          error(
            Codes.notAssignable,
            e.span,
            "this cannot be assigned",
            "assign a `let` variable, a field (`p.gold`), an element of a list (`l[0]`) or of a map (`m[k]`)",
          ),
        );
    }
  }
}

/** The constant or param whose contents changing `e` would change: `L[0]`, `C.x`; not `C.owner.coins` (a player's). */
function constantRoot(e: A.Expr): A.NameRef | undefined {
  let cur = e;
  while (cur.kind === "member" || cur.kind === "index") {
    if (cur.kind === "member" && cur.object.type?.kind === "player") return undefined;
    cur = cur.object;
  }
  return cur.kind === "name" && (cur.ref?.kind === "const" || cur.ref?.kind === "param") ? cur : undefined;
}

/** The name an assignment target starts from (`hand` in `hand[0].rank`). */
export function rootName(e: A.Expr): A.NameRef | undefined {
  if (e.kind === "name") return e;
  if (e.kind === "member" || e.kind === "index") return rootName(e.object);
  return undefined;
}

/** A list type whose elements are still unknown (`[]`, `[[]]`). */
function hasUnknownElement(t: Type): boolean {
  return t.kind === "list" && (t.element.kind === "unknown" || hasUnknownElement(t.element));
}

/** The type of `none` alone, before it meets an optional type. */
export function isNone(t: Type): boolean {
  return t.kind === "optional" && t.inner.kind === "unknown";
}
