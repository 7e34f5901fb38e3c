/**
 * The checker's part for tests: a test's player count and variant, its `given` blocks, its expectations, and the
 * actions and choices its `play` steps answer (by position in a list, or by value). Like `checker-maps.ts`, it works
 * through a small host interface of the main checker.
 */
import type * as A from "./ast.ts";
import type { DecisionSite } from "./checker.ts";
import type { Context } from "./checker-context.ts";
import { Codes, declaredAs, didYouMean, error, type Diagnostic } from "./diagnostics.ts";
import { BOOL, INT, isAssignable, withoutNone, type Type } from "./types.ts";

export interface TestHost {
  readonly diagnostics: Diagnostic[];
  game(): A.GameDecl | undefined;
  variantNames(): string[];
  readonly actions: ReadonlyMap<string, A.ActionDecl>;
  /** The answer type of each choice, by the choice's name. */
  readonly choiceTypes: ReadonlyMap<string, Type>;
  decisions(): readonly DecisionSite[];
  /** Every test of the file, for `test "b" from "a"`. */
  tests(): readonly A.TestDecl[];
  /** Starts checking in `context`, outside any routine. */
  enter(context: Context): void;
  block(b: A.Block): void;
  expr(e: A.Expr, expected: Type | undefined): Type;
  expectType(e: A.Expr, actual: Type, expected: Type): void;
  resolveType(t: A.TypeExpr): Type;
  use(name: string): void;
}

export class TestChecker {
  constructor(private readonly host: TestHost) {}

  check(t: A.TestDecl): void {
    const game = this.host.game();
    if (game && t.players !== undefined && (t.players < game.minPlayers || t.players > game.maxPlayers)) {
      this.host.diagnostics.push(
        error(
          Codes.invalidValue,
          t.span,
          `the test plays with ${t.players} players; the game allows ${game.minPlayers}..${game.maxPlayers}`,
          `write \`players N\` with N from ${game.minPlayers} to ${game.maxPlayers}`,
        ),
      );
    }
    if (t.variant && !this.host.variantNames().includes(t.variant.text)) {
      this.host.diagnostics.push(
        error(
          Codes.unknownName,
          t.variant.span,
          `unknown variant \`${t.variant.text}\``,
          didYouMean(t.variant.text, this.host.variantNames()) ??
            `the variants are ${this.host.variantNames().join(", ")}`,
        ),
      );
    }
    this.base(t);
    if (t.seed !== undefined && t.seeds !== undefined) {
      this.host.diagnostics.push(
        error(
          Codes.misplaced,
          t.span,
          "a test runs with one `seed` or over many `seeds`, not both",
          "keep `seed N` for one game, or `seeds N` for games from seed 1 to N",
        ),
      );
    }
    const seeds = this.settingsOf(t).seeds;
    let started = t.base !== undefined;
    for (const step of t.steps) {
      if (step.kind === "random" && step.setup && started) {
        this.host.diagnostics.push(
          error(
            Codes.misplaced,
            step.span,
            "`random setup` forces the setup's draws, which are over once another step has run",
            "put it first in the test",
          ),
        );
      }
      if (!(step.kind === "random" && step.setup)) started = true;
      switch (step.kind) {
        case "given":
          this.host.enter("given");
          this.host.block(step.body);
          break;
        case "expect":
          this.host.enter("expect");
          this.host.expr(step.condition, BOOL);
          break;
        case "play":
        case "refused":
          this.play(step.play);
          break;
        case "random":
          break;
        case "playUntil":
          this.decisionName(step.decision);
          break;
        case "asked":
          for (const d of step.decisions) this.decisionName(d);
          break;
        case "offered":
          for (const answer of step.answers) this.play(answer);
          break;
        case "sees":
          this.sees(step);
          break;
        case "about":
          if (seeds === undefined) {
            this.host.diagnostics.push(
              error(
                Codes.misplaced,
                step.span,
                "`expect about` counts over many games: the test needs `seeds`",
                "add `seeds 400` to run the test once for each seed from 1 to 400",
              ),
            );
          }
          if (step.percent > 100 || step.tolerance > 100) {
            this.host.diagnostics.push(
              error(
                Codes.invalidValue,
                step.span,
                "a share of the games is at most 100%",
                "write the share and its margin as percentages: `expect about 50% within 8%: ...`",
              ),
            );
          }
          this.host.enter("expect");
          this.host.expr(step.condition, BOOL);
          break;
        case "always":
          if (step.games === 0)
            this.host.diagnostics.push(
              error(
                Codes.invalidValue,
                step.span,
                "play at least one game",
                "write how many: `expect always in 50 random games: ...`",
              ),
            );
          this.host.enter("expect");
          this.host.expr(step.condition, BOOL);
          break;
      }
    }
  }

  /** `test "b" from "a"`: finds "a", which must exist and not lead back to "b"; "b" takes its settings. */
  private base(t: A.TestDecl): void {
    if (!t.from) return;
    const titles = this.host.tests().map((x) => x.title);
    const base = this.host.tests().find((x) => x.title === t.from!.title);
    if (!base) {
      this.host.diagnostics.push(
        error(
          Codes.unknownName,
          t.from.span,
          `no test is called "${t.from.title}"`,
          didYouMean(t.from.title, titles) ?? "`from` names the title of another test of this file",
        ),
      );
      return;
    }
    const seen = new Set<A.TestDecl>([t]);
    for (
      let x: A.TestDecl | undefined = base;
      x;
      x = x.from && this.host.tests().find((y) => y.title === x!.from!.title)
    ) {
      if (seen.has(x)) {
        this.host.diagnostics.push(
          error(
            Codes.misplaced,
            t.from.span,
            `test "${t.title}" would start from itself, through "${base.title}"`,
            "start it from a test that does not start from this one",
          ),
        );
        return;
      }
      seen.add(x);
    }
    t.base = base;
    const own = [
      t.players !== undefined && "players",
      t.seed !== undefined && "seed",
      t.seeds !== undefined && "seeds",
      t.variant && "variant",
    ].filter(Boolean);
    const setup = t.steps.find((s) => s.kind === "random" && s.setup);
    if (own.length > 0 || setup) {
      this.host.diagnostics.push(
        error(
          Codes.misplaced,
          setup?.span ?? t.span,
          `the test starts where "${base.title}" ends, so its ${own.length > 0 ? own.join(", ") : "setup"} come from there`,
          `set them in "${base.title}"`,
        ),
      );
    }
  }

  /** A test's players, seed(s) and variant: its own, or those of the test it starts from. */
  settingsOf(t: A.TestDecl): Pick<A.TestDecl, "players" | "seed" | "seeds" | "variant"> {
    let root = t;
    for (let i = 0; root.base && i < 100; i++) root = root.base;
    return root;
  }

  /**
   * `expect 1 sees left == right`: `left` is a place in the game (a global field, a player's field, a record's field,
   * a list position) read in seat 1's view; `right` is compared as that seat would see it when it has `left`'s type.
   */
  private sees(step: Extract<A.TestStep, { kind: "sees" }>): void {
    this.host.enter("expect");
    const c = step.condition;
    if (c.kind !== "binary" || (c.op !== "==" && c.op !== "!=")) {
      this.host.expr(c, BOOL);
      this.host.diagnostics.push(
        error(
          Codes.invalidValue,
          c.span,
          "`expect 1 sees` compares a place in the game with what the player should see there",
          "write `expect 1 sees players[0].hand == 3` (a hidden list shows its size) or `== none` (hidden)",
        ),
      );
      return;
    }
    const left = this.host.expr(c.left, undefined);
    if (!isViewPath(c.left)) {
      this.host.diagnostics.push(
        error(
          Codes.invalidValue,
          c.left.span,
          "what a player sees is read at a place in the game: a global field, a player's field, a record's field or a list position",
          "for example `expect 1 sees players[0].hand == none`",
        ),
      );
    }
    const right = this.host.expr(c.right, undefined);
    step.asShown = c.right.kind !== "none" && isAssignable(right, left);
  }

  private play(play: A.TestPlay): void {
    this.host.enter("testArg");
    const action = this.host.actions.get(play.action.text);
    const choice = this.host.choiceTypes.get(play.action.text);
    if (action) {
      this.host.use(play.action.text);
      if (play.args.length !== action.params.length) {
        this.host.diagnostics.push(
          error(
            Codes.wrongArity,
            play.span,
            `\`${play.action.text}\` takes ${action.params.length} argument(s), got ${play.args.length}`,
            declaredAs(play.action.text, action.params),
          ),
        );
      }
      play.byValue = play.args.map((arg, i) => {
        const p = action.params[i];
        if (!p) return false;
        const type = this.host.resolveType(p.typeExpr);
        return p.from ? this.positionOrValue(arg, type) : (this.host.expr(arg, type), false);
      });
    } else if (choice) {
      if (play.args.length !== 1) {
        this.host.diagnostics.push(
          error(
            Codes.wrongArity,
            play.span,
            `the choice \`${play.action.text}\` takes one value`,
            `write \`play 0 ${play.action.text}(value)\``,
          ),
        );
      }
      const chooses = this.host.decisions().filter((d) => d.kind === "choose" && d.stmt.name.text === play.action.text);
      // A loop of choices over plain values is answered with the value, like a choice of a type.
      const fromList = chooses.some((d) => d.kind === "choose" && d.stmt.domain.from !== undefined && !d.stmt.byValue);
      play.byValue = play.args.map((arg) =>
        fromList ? this.positionOrValue(arg, choice) : (this.host.expr(arg, choice), false),
      );
    } else if (play.action.text === "stop" && this.stopsOffered()) {
      // The answer of `act ... or stop`.
      play.byValue = [];
      if (play.args.length > 0) {
        this.host.diagnostics.push(error(Codes.wrongArity, play.span, "`stop` takes no value", "write `play 0 stop`"));
      }
    } else {
      this.host.diagnostics.push(this.unknownDecision(play.action));
    }
  }

  /** Whether some `act ... or stop` lets a player answer stop. */
  private stopsOffered(): boolean {
    return this.host.decisions().some((d) => d.kind === "act" && d.stmt.orStop !== undefined);
  }

  /** The name of an action or a choice, as `play until` names it. */
  private decisionName(decision: A.Name): void {
    if (this.host.actions.has(decision.text) || this.host.choiceTypes.has(decision.text)) {
      this.host.use(decision.text);
      return;
    }
    this.host.diagnostics.push(this.unknownDecision(decision));
  }

  /** A name a test plays or waits for that is neither an action nor a choice of the rules. */
  private unknownDecision(name: A.Name): Diagnostic {
    return error(
      Codes.unknownName,
      name.span,
      `unknown action or choice \`${name.text}\``,
      didYouMean(name.text, [...this.host.actions.keys(), ...this.host.choiceTypes.keys()]) ??
        "name an action of the rules, or a choice (`choose name: ...`)",
    );
  }

  /**
   * A test's answer taken `in` a list: a position in the list (a number), or, when the list holds squares, records,
   * enum members or flags, the value itself. Returns whether it is given by value.
   */
  private positionOrValue(arg: A.Expr, answer: Type): boolean {
    if (answer.kind === "optional" && arg.kind === "none") {
      this.host.expr(arg, answer);
      return false;
    }
    const element = withoutNone(answer);
    const byValue =
      element.kind === "hex" ||
      element.kind === "cell" ||
      element.kind === "record" ||
      element.kind === "enum" ||
      element.kind === "bool";
    if (!byValue) {
      this.host.expr(arg, INT);
      return false;
    }
    const t = this.host.expr(arg, undefined);
    if (t.kind === "int") return false;
    this.host.expectType(arg, t, element);
    return true;
  }
}

/** A place in the game a view shows: a global field, then fields of players and records, and list positions. */
export function isViewPath(e: A.Expr): boolean {
  switch (e.kind) {
    case "name":
      return e.ref?.kind === "global";
    case "member":
      return e.object.type?.kind === "player" || isViewPath(e.object);
    case "index":
      return isViewPath(e.object);
    default:
      return false;
  }
}
