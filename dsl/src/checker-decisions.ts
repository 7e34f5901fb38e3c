/**
 * The checker's part for decisions: `choose` (a value asked of one player, or of several at once), `act` (actions
 * offered), `allow` (actions offered beside other decisions) and where players may decide at all. Each decision
 * becomes a site of the routine graph, which makes the routines that hold one resumable. Like `checker-maps.ts`, it
 * works through a small host interface of the main checker.
 */
import type * as A from "./ast.ts";
import { actionHint, describeContext, type CompletingBlock, type Context } from "./checker-context.ts";
import { Codes, error, type Diagnostic } from "./diagnostics.ts";
import type { Routine } from "./checker.ts";
import type { RoutineGraph } from "./routine-graph.ts";
import {
  BOOL,
  ERROR,
  INT,
  isAssignable,
  listOf,
  optionalOf,
  PLAYER,
  typeToString,
  withoutNone,
  type Type,
} from "./types.ts";

export interface DecisionHost {
  readonly diagnostics: Diagnostic[];
  readonly graph: RoutineGraph;
  readonly actions: ReadonlyMap<string, A.ActionDecl>;
  /** The type of every choice, by name (choices of one name are one kind of answer). */
  readonly choiceTypes: Map<string, Type>;
  /** Actions some `allow` offers, and the kinds of `allow` the rules use. */
  readonly allowed: Set<string>;
  readonly allowKinds: { asked: boolean; anytime: boolean; here: boolean };
  /** The `completing` blocks found so far, numbered in the order checked. */
  readonly completingBlocks: CompletingBlock[];
  /** Where the checker is: the kind of body, its routine, its loops. */
  body(): {
    readonly context: Context;
    readonly routine: Routine | undefined;
    loopDepth: number;
    allowFloor?: number;
    completing?: CompletingBlock;
  };
  expr(e: A.Expr, expected: Type | undefined): Type;
  /** Checks what the engine evaluates without playing (a choice's list, condition or message). */
  lookingOnly<T>(what: string, check: () => T): T;
  /** Resolves a type as written, where a range may end at a value (`0..me.coins`). */
  resolveChoiceType(t: A.TypeExpr): Type;
  elementType(t: Type, span: A.Span): Type;
  enumerable(t: Type): boolean;
  isUnion(name: string): boolean;
  notListedHint(t: Type): string | undefined;
  block(b: A.Block): void;
  textParts(parts: readonly A.TextPart[]): void;
  pushScope(): void;
  popScope(): void;
  bind(name: A.Name, type: Type, origin: A.LocalSymbol["origin"]): A.LocalSymbol;
  use(name: string): void;
}

export class DecisionChecker {
  constructor(private readonly host: DecisionHost) {}

  private report(d: Diagnostic): void {
    this.host.diagnostics.push(d);
  }

  /** Players decide only in the flow, in procedures and in actions. */
  mayDecide(span: A.Span, what: string): boolean {
    const c = this.host.body().context;
    if (c === "flow" || c === "proc" || c === "action") return true;
    this.report(
      error(
        Codes.decisionNotAllowed,
        span,
        `\`${what}\` cannot be used in ${describeContext(c)}`,
        "players decide only in the flow, in procedures and in actions",
      ),
    );
    return false;
  }

  /** The choice of `for x in list chosen by p`: one element of the list (or none, with `for some`). */
  private inferredChoice(s: A.ChooseStmt): Type {
    const list = this.host.lookingOnly("a choice's list", () => this.host.expr(s.domain.from!, undefined));
    const element = list.kind === "error" ? ERROR : this.host.elementType(list, s.domain.from!.span);
    const plain = ["int", "bool", "player", "hex", "cell", "string"].includes(element.kind);
    s.byValue = plain || (element.kind === "enum" && !this.host.isUnion(element.name));
    return s.domain.typeExpr.kind === "optional" ? optionalOf(element) : element;
  }

  choose(s: A.ChooseStmt): void {
    const type = isInferred(s.domain.typeExpr)
      ? this.inferredChoice(s)
      : this.host.resolveChoiceType(s.domain.typeExpr);
    const highValue = rangeEnd(s.domain.typeExpr);
    // `choose ship: Ship? in offer`: one of the list, or none.
    const answer = withoutNone(type);
    if (type.kind === "optional" && s.each) {
      this.report(
        error(
          Codes.invalidValue,
          s.domain.typeExpr.span,
          "a choice asked of several players at once cannot be answered with none",
          'ask for a flag or an enum member that says "nothing", or ask each player in turn',
        ),
      );
    }
    if (s.whenSeveral && s.each) {
      this.report(
        error(
          Codes.misplaced,
          s.span,
          "`when several` cannot go with `by each`: every player asked answers, one answer or more",
          "ask each player in turn to take a single answer without asking",
        ),
      );
    }
    if (highValue) this.host.lookingOnly("a choice's range", () => this.host.expr(highValue, INT));
    if (s.domain.from) {
      if (!isInferred(s.domain.typeExpr)) {
        this.host.lookingOnly("a choice's list", () => this.host.expr(s.domain.from!, listOf(answer)));
      }
    } else if (!highValue && !this.host.enumerable(answer)) {
      this.report(
        error(
          Codes.invalidValue,
          s.domain.typeExpr.span,
          `a choice of ${typeToString(type)} cannot be enumerated`,
          this.host.notListedHint(answer) ?? "choose from an enum, bool, Player, a range like 1..6, or `in` a list",
        ),
      );
    }
    if (s.each) this.unsearchable("a choice of several players at once", s.span);
    const open = this.host.body().completing;
    if (open) open.decides = true;
    const routine = this.host.body().routine;
    if (this.mayDecide(s.span, "choose") && routine) {
      s.site = this.host.graph.decisions.length;
      this.host.graph.addDecision({ kind: "choose", site: s.site, stmt: s, owner: routine });
    }
    const previous = this.host.choiceTypes.get(s.name.text);
    if (this.host.actions.has(s.name.text)) {
      this.report(
        error(
          Codes.duplicate,
          s.name.span,
          `\`${s.name.text}\` is already the name of an action`,
          "a choice and an action are both things a player plays; name them apart",
        ),
      );
    } else if (previous && !isAssignable(previous, type)) {
      this.report(
        error(
          Codes.typeMismatch,
          s.name.span,
          `the choice \`${s.name.text}\` was a ${typeToString(previous)} elsewhere, here a ${typeToString(type)}`,
          "choices with one name are one kind of action; rename one",
        ),
      );
    } else this.host.choiceTypes.set(s.name.text, type);

    this.host.pushScope();
    if (s.each) {
      this.host.expr(s.chooser, listOf(PLAYER));
      s.eachSymbol = this.host.bind(s.each, PLAYER, "each");
      s.eachSymbol.used = true;
    } else {
      this.host.expr(s.chooser, PLAYER);
    }
    // `where` says which values may be taken; none, for an optional choice, is always an answer.
    s.candidate = this.host.bind(s.name, answer, "choose");
    s.candidate.used = true;
    if (s.condition) this.host.lookingOnly("a choice's condition", () => this.host.expr(s.condition!, BOOL));
    if (s.messageParts) this.host.lookingOnly("a choice's message", () => this.host.textParts(s.messageParts!));
    if (s.label?.parts) this.host.lookingOnly("a choice's label", () => this.host.textParts(s.label!.parts!));
    this.host.popScope();
    s.symbol = this.host.bind(s.name, s.each ? listOf(type) : type, "choose");
    s.symbol.used = true;
  }

  act(s: A.ActStmt): void {
    this.host.expr(s.player, PLAYER);
    const seen = new Set<string>();
    for (const a of s.actions) {
      if (this.knownAction(a)) this.host.graph.noteCall(this.host.body().routine, `action:${a.text}`);
      if (seen.has(a.text))
        this.report(error(Codes.duplicate, a.span, `\`${a.text}\` is offered twice`, "name each action once"));
      seen.add(a.text);
    }
    // The stop answer's label is plain text: it is shown where no action's parameters are known.
    if (s.orStop?.label?.parts) {
      this.report(
        error(Codes.invalidValue, s.orStop.span, "the label of `or stop` is plain text", "remove the `{...}` holes"),
      );
    }
    this.unsearchable("an offer of actions", s.span);
    const open = this.host.body().completing;
    if (open) open.decides = true;
    const routine = this.host.body().routine;
    if (this.mayDecide(s.span, "act") && routine) {
      s.site = this.host.graph.decisions.length;
      this.host.graph.addDecision({ kind: "act", site: s.site, stmt: s, owner: routine });
    }
  }

  allow(s: A.AllowStmt): void {
    // One player, or a list of them (`by players`: every seat).
    const who = this.host.expr(s.player, undefined);
    if (!(who.kind === "player" || who.kind === "error" || (who.kind === "list" && who.element.kind === "player"))) {
      this.report(
        error(
          Codes.typeMismatch,
          s.player.span,
          `expected Player or list<Player>, found ${typeToString(who)}`,
          "say who may act: a player (`me`, `players[0]`) or a list of players (`players`)",
        ),
      );
    }
    for (const a of s.actions) {
      if (!this.knownAction(a)) continue;
      this.host.allowed.add(a.text);
      this.host.graph.noteCall(this.host.body().routine, `action:${a.text}`);
    }
    if (s.anytime) this.host.allowKinds.anytime = true;
    else this.host.allowKinds.asked = true;
    if (s.here && s.anytime) {
      this.report(
        error(
          Codes.misplaced,
          s.span,
          "`allow anytime` offers its actions at everyone's decisions, wherever they are asked: `here` cannot limit it",
          "write `allow X by p here { ... }` for the decisions of the player asked in this block",
        ),
      );
    }
    if (s.here) this.host.allowKinds.here = true;
    this.mayDecide(s.span, "allow");
    const body = this.host.body();
    const floor = body.allowFloor;
    body.allowFloor = body.loopDepth;
    this.host.block(s.body);
    body.allowFloor = floor;
  }

  /**
   * `completing { ... }`: the engine finds the answers that let the block be finished by playing the rest of it on
   * copies of the game; what it calls is checked once every routine is known (`RoutineGraph.reportCompleting`).
   */
  completing(s: A.CompletingStmt): void {
    // The refusal is given at a decision deep inside the block, where the block's names are not in scope.
    if (s.message?.parts) {
      this.report(
        error(
          Codes.invalidValue,
          s.message.span,
          "the message of `completing` is plain text",
          "remove the `{...}` holes",
        ),
      );
    }
    if (!this.mayDecide(s.span, "completing")) {
      this.host.block(s.body);
      return;
    }
    const body = this.host.body();
    const outer = body.completing;
    const block = { stmt: s, calls: new Set<string>(), decides: false, loopFloor: body.loopDepth };
    s.block = this.host.completingBlocks.length;
    this.host.completingBlocks.push(block);
    body.completing = block;
    this.host.block(s.body);
    body.completing = outer;
    if (outer && block.decides) outer.decides = true;
  }

  /**
   * `can pay(p, cost)`: numbered with the `completing` blocks, whose search plays its procedure; what the procedure
   * calls is checked with theirs (`RoutineGraph.reportCompleting`).
   */
  searched(e: A.CanExpr): void {
    e.block = this.host.completingBlocks.length;
    this.host.completingBlocks.push({
      stmt: e,
      calls: new Set([`proc:${e.call.callee.text}`]),
      decides: false,
      loopFloor: 0,
    });
  }

  /**
   * Something a `completing` block's search cannot play through (`what`, at `span`): refused inside a block, and
   * noted for the procedures a block calls.
   */
  unsearchable(what: string, span: A.Span): void {
    const body = this.host.body();
    this.host.graph.noteUnsearchable(body.routine, what, span);
    if (!body.completing) return;
    this.report(
      error(
        Codes.decisionNotAllowed,
        span,
        `\`completing\` plays the rest of its block on copies of the game, which ${what} prevents`,
        "keep random draws, offered actions and choices of several players at once out of the block",
      ),
    );
  }

  /** An action named in `act` or `allow`: reported when unknown, marked used otherwise. */
  private knownAction(a: A.Name): boolean {
    if (!this.host.actions.has(a.text)) {
      this.report(
        error(Codes.unknownName, a.span, `unknown action \`${a.text}\``, actionHint(a.text, this.host.actions.keys())),
      );
      return false;
    }
    this.host.use(a.text);
    return true;
  }
}

/** A choice whose type is inferred from its list (`for x in list chosen by p`). */
export function isInferred(t: A.TypeExpr): boolean {
  return t.kind === "inferred" || (t.kind === "optional" && t.inner.kind === "inferred");
}

/** The value a choice's range ends at, when it ends at one (`0..me.coins`). */
export function rangeEnd(t: A.TypeExpr): A.Expr | undefined {
  if (t.kind === "optional") return rangeEnd(t.inner);
  return t.kind === "range" ? t.highValue : undefined;
}
