/** Parsing: every declaration, statement and expression form of the grammar, and the AST it builds. */
import { readFileSync } from "node:fs";
import type { Expr } from "../src/ast.ts";
import { loadRules } from "../src/load.ts";
import { reservedWords } from "../src/lexer.ts";
import { describe, expect, it } from "vitest";
import { parseRules } from "../src/parse.ts";
import {
  declaration,
  declarations,
  expression,
  flowStatements,
  game,
  HEADER,
  inFlow,
  kinds,
  parseOk,
  show,
  statement,
  textOf,
} from "./helpers.ts";

describe("declarations", () => {
  it("a game has a title and a player range", () => {
    const g = declaration(`game "Letter of \\"Marque\\"" { players 3..6 }`, "game");
    expect(g).toMatchObject({ kind: "game", title: 'Letter of "Marque"', minPlayers: 3, maxPlayers: 6 });
    expect(g.span).toMatchObject({ start: 0, line: 1, column: 1 });
  });

  it("an enum lists its members", () => {
    const e = declaration(game("enum Kind { armed, unarmed }"), "enum");
    expect(e.name).toMatchObject({ text: "Kind", span: { line: 2, column: 6 } });
    expect(e.members.map((m) => m.name.text)).toEqual(["armed", "unarmed"]);
    expect(e.members[1]!.name.span).toMatchObject({ line: 2, column: 20 });
  });

  it("a record has typed fields with optional defaults and visibility", () => {
    const r = declaration(
      game(`record Ship {
  owner: Player
  value: int = 3
  armed: bool visible if viewer == owner or revealed
  note: string private
  secret: list<int> hidden
  shown: 1..6 public
  revealed: bool = false
}`),
      "record",
    );
    expect(r.name.text).toBe("Ship");
    expect(r.fields.map((f) => [f.name.text, f.typeExpr.kind, f.visibility.kind])).toEqual([
      ["owner", "named", "public"],
      ["value", "named", "public"],
      ["armed", "named", "visibleIf"],
      ["note", "named", "private"],
      ["secret", "list", "hidden"],
      ["shown", "range", "public"],
      ["revealed", "named", "public"],
    ]);
    const [owner, value, armed, , secret, shown] = r.fields;
    expect(owner!.initial).toBeUndefined();
    expect(value!.initial).toMatchObject({ kind: "int", value: 3 });
    expect(armed!.visibility.kind === "visibleIf" && show(armed!.visibility.condition)).toBe(
      "(or (== viewer owner) revealed)",
    );
    expect(secret!.typeExpr).toMatchObject({ kind: "list", element: { kind: "named", name: { text: "int" } } });
    expect(shown!.typeExpr).toMatchObject({ kind: "range", low: 1, high: 6 });
  });

  it("a constant may have a type", () => {
    const [typed, untyped] = declarations(game("const VALUES: list<int> = [3, 4]\nconst N = 2")).filter(
      (d) => d.kind === "const",
    );
    expect(typed).toMatchObject({ kind: "const", name: { text: "VALUES" }, typeExpr: { kind: "list" } });
    expect(untyped).toMatchObject({ kind: "const", name: { text: "N" }, typeExpr: undefined, value: { value: 2 } });
  });

  it("a param has a type and a default value", () => {
    const p = declaration(game("param GOAL: int = 10"), "param");
    expect(p).toMatchObject({ name: { text: "GOAL" }, typeExpr: { kind: "named" }, value: { kind: "int", value: 10 } });
  });

  it("`per player` and `global` declare state fields", () => {
    const [perPlayer, global] = declarations(
      game("per player { deck: list<int> hidden\n score: int }\nglobal { sea: list<int> }"),
    ).filter((d) => d.kind === "state");
    expect(perPlayer).toMatchObject({ kind: "state", scope: "player" });
    expect(perPlayer!.kind === "state" && perPlayer!.fields.map((f) => f.name.text)).toEqual(["deck", "score"]);
    expect(global).toMatchObject({ kind: "state", scope: "global", fields: [{ name: { text: "sea" } }] });
  });

  it("a fn has parameters, a return type and an expression body", () => {
    const f = declaration(game("fn bigger(a: int, b: int): bool = a > b"), "fn");
    expect(f.params.map((p) => p.name.text)).toEqual(["a", "b"]);
    expect(f.returnType).toMatchObject({ kind: "named", name: { text: "bool" } });
    expect(show(f.body as Expr)).toBe("(> a b)");
  });

  it("a proc has parameters and a block", () => {
    const p = declaration(game("proc give(p: Player, n: int) { p.coins += n }"), "proc");
    expect(p.params.map((x) => x.name.text)).toEqual(["p", "n"]);
    expect(kinds(p.body)).toEqual(["assign"]);
    expect(p.returnType).toBeUndefined();
  });

  it("a proc may give a value of a declared type", () => {
    const p = declaration(game("proc take(): int { return draw(deck) }"), "proc");
    expect(p.returnType).toMatchObject({ kind: "named", name: { text: "int" } });
    expect(kinds(p.body)).toEqual(["return"]);
  });

  it("an action may take parameters, optionally from a list", () => {
    const [pass, attack] = declarations(
      game("action Pass { }\naction Attack(target: Ship in sea, n: 1..3) { }"),
    ).filter((d) => d.kind === "action");
    expect(pass).toMatchObject({ kind: "action", name: { text: "Pass" }, params: [] });
    expect(attack!.kind === "action" && attack!.params.map((p) => [p.name.text, p.from && show(p.from)])).toEqual([
      ["target", "sea"],
      ["n", undefined],
    ]);
  });

  it("setup and flow are blocks", () => {
    const decls = declarations(`${HEADER}\nsetup { shuffle deck }\nflow { end }`);
    expect(decls.map((d) => d.kind)).toEqual(["game", "setup", "flow"]);
    const setup = decls[1]!;
    expect(setup.kind === "setup" && kinds(setup.body)).toEqual(["shuffle"]);
  });

  it("scoring has a score rule and tie-breaks, which may prefer the lowest", () => {
    const s = declaration(
      game("scoring {\n  score p: p.coins\n  tiebreak p: p.cards\n  tiebreak lowest q: q.debt\n}"),
      "scoring",
    );
    expect(s.score).toMatchObject({ player: { text: "p" }, lowest: false });
    expect(s.tiebreaks.map((t) => [t.player.text, t.lowest, show(t.expr)])).toEqual([
      ["p", false, "(. p cards)"],
      ["q", true, "(. q debt)"],
    ]);
  });

  it("scoring may say how far a player is on the way to winning, for machine players (`progress`)", () => {
    const s = declaration(game("scoring {\n  score p: p.coins\n  progress p: p.coins + p.cards\n}"), "scoring");
    expect(s.tiebreaks).toEqual([]);
    expect([s.progress?.player.text, show(s.progress!.expr)]).toEqual(["p", "(+ (. p coins) (. p cards))"]);
    expect(declaration(game("scoring { score p: 1 }"), "scoring").progress).toBeUndefined();
  });

  it("a variant sets params and replaces rules", () => {
    const v = declaration(
      game(`variant short "Short game" {
  set GOAL = 5
  fn limit(): int = 3
  proc deal() { end }
  action Pass { end }
}`),
      "variant",
    );
    expect(v.name.text).toBe("short");
    expect(v.title).toBe("Short game");
    expect(v.sets.map((s) => [s.name.text, show(s.value)])).toEqual([["GOAL", "5"]]);
    expect(v.replacements.map((r) => [r.kind, r.name.text])).toEqual([
      ["fn", "limit"],
      ["proc", "deal"],
      ["action", "Pass"],
    ]);
    expect(declaration(game("variant quick { }"), "variant").title).toBeUndefined();
  });

  it("a test has settings and steps, in order", () => {
    const t = declaration(
      game(`test "a refused attack" {
  players 3
  seed 7
  variant short
  random 1, 0, 2
  given { players[0].coins = 2 }
  play 0 Attack(1, true)
  play 1 Pass
  expect players[0].coins == 1
  expect refused 2 Pass "Not your turn."
  expect refused 1 Launch
}`),
      "test",
    );
    expect(t).toMatchObject({ title: "a refused attack", players: 3, seed: 7, variant: { text: "short" } });
    expect(t.steps.map((s) => s.kind)).toEqual(["random", "given", "play", "play", "expect", "refused", "refused"]);
    const [random, given, attack, pass, expectation, refused, refusedSilently] = t.steps;
    expect(random).toMatchObject({ kind: "random", values: [1, 0, 2] });
    expect(given!.kind === "given" && kinds(given!.body)).toEqual(["assign"]);
    expect(
      attack!.kind === "play" && [attack!.play.seat, attack!.play.action.text, attack!.play.args.map(show)],
    ).toEqual([0, "Attack", ["1", "true"]]);
    expect(pass).toMatchObject({ kind: "play", play: { seat: 1, action: { text: "Pass" }, args: [] } });
    expect(expectation!.kind === "expect" && show(expectation!.condition)).toBe("(== (. (at players 0) coins) 1)");
    expect(refused).toMatchObject({
      kind: "refused",
      play: { seat: 2, action: { text: "Pass" } },
      message: "Not your turn.",
    });
    expect(refusedSilently).toMatchObject({ kind: "refused", message: undefined });
  });

  it("declarations come out in source order, each with a 1-based line and column", () => {
    const text = `${HEADER}\n\n  const A = 1\nflow {\n  end\n}\n`;
    expect(declarations(text).map((d) => [d.kind, d.span.line, d.span.column])).toEqual([
      ["game", 1, 1],
      ["const", 3, 3],
      ["flow", 4, 1],
    ]);
  });

  it("comments are ignored, line and block", () => {
    const text = `// a game\n${HEADER} /* players\n are counted */\nflow { end // done\n}`;
    expect(declarations(text).map((d) => d.kind)).toEqual(["game", "flow"]);
  });

  it("words like `score`, `players`, `top` and `set` stay usable as names", () => {
    const decls = declarations(game("per player { score: int\n top: int\n set: int\n seed: int }"));
    const state = decls.find((d) => d.kind === "state");
    expect(state!.kind === "state" && state!.fields.map((f) => f.name.text)).toEqual(["score", "top", "set", "seed"]);
  });
});

describe("statements", () => {
  it("let binds a name", () => {
    expect(statement("let x = 1 + 2")).toMatchObject({ kind: "let", name: { text: "x" }, value: { kind: "binary" } });
  });

  it("assignments use =, += and -=", () => {
    const ops = flowStatements("x = 1\nx += 2\np.coins -= 3\nL[0] = 4").map(
      (s) => s.kind === "assign" && [s.op, show(s.target)],
    );
    expect(ops).toEqual([
      ["=", "x"],
      ["+=", "x"],
      ["-=", "(. p coins)"],
      ["=", "(at L 0)"],
    ]);
  });

  it("if has an optional else, and else-if chains nest in the else block", () => {
    const s = statement("if a { end } else if b { x = 1 } else { break }");
    if (s.kind !== "if") throw new Error("expected an if");
    expect(show(s.condition)).toBe("a");
    expect(kinds(s.then)).toEqual(["end"]);
    const elseIf = s.otherwise!.statements[0]!;
    expect(elseIf.kind).toBe("if");
    if (elseIf.kind !== "if") return;
    expect(show(elseIf.condition)).toBe("b");
    expect(kinds(elseIf.otherwise!)).toEqual(["break"]);
    expect(statement("if a { end }")).toMatchObject({ kind: "if", otherwise: undefined });
  });

  it("loops: for, while and repeat", () => {
    const [f, w, r] = flowStatements("for p in players { end }\nwhile not over { break }\nrepeat 3 { draw(deck) }");
    expect(f).toMatchObject({ kind: "for", variable: { text: "p" }, iterable: { kind: "name", name: "players" } });
    expect(w!.kind === "while" && show(w!.condition)).toBe("(not over)");
    expect(r!.kind === "repeat" && [show(r!.count), kinds(r!.body)]).toEqual(["3", ["expr"]]);
  });

  it("require has a condition and a message", () => {
    const s = declaration(game('action A { require me.coins > 0 else "No coins." }'), "action").body.statements[0];
    expect(s).toMatchObject({ kind: "require", message: "No coins." });
    expect(s!.kind === "require" && show(s!.condition)).toBe("(> (. me coins) 0)");
  });

  it("choose asks one player, with an optional list, condition and message", () => {
    const s = statement('choose target: Ship in sea by me where target.owner != me else "Pick another ship."');
    if (s.kind !== "choose") throw new Error("expected a choose");
    expect(s.name.text).toBe("target");
    expect(s.domain.typeExpr).toMatchObject({ kind: "named", name: { text: "Ship" } });
    expect(show(s.domain.from!)).toBe("sea");
    expect(show(s.chooser)).toBe("me");
    expect(s.each).toBeUndefined();
    expect(show(s.condition!)).toBe("(!= (. target owner) me)");
    expect(s.message).toBe("Pick another ship.");

    const bare = statement("choose n: 1..6 by current");
    expect(bare).toMatchObject({
      kind: "choose",
      domain: { typeExpr: { kind: "range", low: 1, high: 6 }, from: undefined },
    });
    expect(bare).toMatchObject({ condition: undefined, message: undefined });
  });

  it("choose ... by each p in players asks several players at once", () => {
    const s = statement('choose kind: Kind by each p in players where reserve(p, kind) > 0 else "None left."');
    if (s.kind !== "choose") throw new Error("expected a choose");
    expect(s.each!.text).toBe("p");
    expect(show(s.chooser)).toBe("players");
    expect(show(s.condition!)).toBe("(> (reserve p kind) 0)");
    expect(s.message).toBe("None left.");
  });

  it("act offers a player some actions", () => {
    const s = statement("act players[0]: Launch | Return | Pass");
    expect(s.kind === "act" && [show(s.player), s.actions.map((a) => a.text)]).toEqual([
      "(at players 0)",
      ["Launch", "Return", "Pass"],
    ]);
    expect(statement("act current: Pass")).toMatchObject({ kind: "act", actions: [{ text: "Pass" }] });
  });

  it("allow offers actions beside the decisions of a block, to the players asked or (anytime) to anyone", () => {
    expect(statement("allow Tip | Swap by current { end }")).toMatchObject({
      kind: "allow",
      anytime: false,
      actions: [{ text: "Tip" }, { text: "Swap" }],
    });
    const s = statement("allow anytime Shout by players { end }");
    expect(s.kind === "allow" && [s.anytime, show(s.player), s.actions.map((a) => a.text)]).toEqual([
      true,
      "players",
      ["Shout"],
    ]);
  });

  it("add puts a value at the bottom of a list, or on top", () => {
    const [bottom, top] = flowStatements("add card to pile\nadd draw(deck) to top of p.pile");
    expect(bottom).toMatchObject({ kind: "add", atTop: false, list: { kind: "name", name: "pile" } });
    expect(top!.kind === "add" && [top!.atTop, show(top!.value), show(top!.list)]).toEqual([
      true,
      "(draw deck)",
      "(. p pile)",
    ]);
  });

  it("`top` and `of` are ordinary names after `to` unless both are there", () => {
    expect(statement("add 1 to top")).toMatchObject({ kind: "add", atTop: false, list: { name: "top" } });
  });

  it("remove, shuffle, end, break and calls", () => {
    expect(flowStatements("remove ship from sea\nshuffle deck\nend\nbreak\ndeal(3)").map((s) => s.kind)).toEqual([
      "remove",
      "shuffle",
      "end",
      "break",
      "expr",
    ]);
  });

  it("statements need no separators, and spans point at their first token", () => {
    const text = inFlow("  let a = 1 let b = 2\n  end");
    const [a, b, end] = declaration(text, "flow").body.statements;
    expect([a, b, end].map((s) => [s!.kind, s!.span.line, s!.span.column])).toEqual([
      ["let", 3, 3],
      ["let", 3, 13],
      ["end", 4, 3],
    ]);
    expect(textOf(text, b!)).toBe("let b = 2");
  });
});

describe("expressions", () => {
  it("literals: numbers, strings with escapes, booleans", () => {
    expect(expression("42")).toMatchObject({ kind: "int", value: 42 });
    expect(expression('"say \\"hi\\" \\\\ there"')).toMatchObject({ kind: "string", value: 'say "hi" \\ there' });
    expect(expression("true")).toMatchObject({ kind: "bool", value: true });
    expect(expression("false")).toMatchObject({ kind: "bool", value: false });
  });

  it("a minus before a number makes a negative number", () => {
    expect(expression("-3")).toMatchObject({ kind: "int", value: -3 });
    expect(show(expression("-x"))).toBe("(- x)");
    expect(show(expression("- -3"))).toBe("3");
  });

  it("multiplication binds tighter than addition", () => {
    expect(show(expression("a + b * c"))).toBe("(+ a (* b c))");
    expect(show(expression("a * b + c"))).toBe("(+ (* a b) c)");
    expect(show(expression("(a + b) * c"))).toBe("(* (+ a b) c)");
  });

  it("binary operators associate to the left", () => {
    expect(show(expression("a - b - c"))).toBe("(- (- a b) c)");
    expect(show(expression("a / b % c * d"))).toBe("(* (% (/ a b) c) d)");
    expect(show(expression("a or b or c"))).toBe("(or (or a b) c)");
  });

  it("`not` binds tighter than `and`, which binds tighter than `or`", () => {
    expect(show(expression("not a and b"))).toBe("(and (not a) b)");
    expect(show(expression("a or b and c"))).toBe("(or a (and b c))");
    expect(show(expression("not not a"))).toBe("(not (not a))");
  });

  it("comparisons sit between arithmetic and logic", () => {
    expect(show(expression("a + 1 < b * 2"))).toBe("(< (+ a 1) (* b 2))");
    expect(show(expression("not a == b"))).toBe("(not (== a b))");
    expect(show(expression("a == b and c != d or e >= f"))).toBe("(or (and (== a b) (!= c d)) (>= e f))");
    expect(show(expression("a <= b"))).toBe("(<= a b)");
    expect(show(expression("a > -b"))).toBe("(> a (- b))");
  });

  it("comparisons do not chain, `is` tests among them", () => {
    for (const chained of ["a < b < c", "a == b != c", "x is tile == y"]) {
      const { diagnostics } = parseRules(game(`const X = ${chained}`), "t.rules");
      expect(diagnostics).toEqual([
        expect.objectContaining({
          code: "RL003",
          message: expect.stringContaining("comparisons do not chain"),
          hint: expect.stringContaining("`a < b and b < c`"),
        }),
      ]);
    }
    expect(show(expression("a + b is tile and c"))).toBe("(and (is (+ a b) tile) c)");
  });

  it("`not` starts a comparison: first, or after `and` / `or`, never after another operator or a `-`", () => {
    expect(show(expression("a or not b ?? c < d + 1 and e"))).toBe("(or a (and (not (< (?? b c) (+ d 1))) e))");
    expect(show(expression("not -a < b"))).toBe("(not (< (- a) b))");
    const refused = (text: string) => parseRules(game(`const X = ${text}`), "t.rules").diagnostics;
    const [afterEquals] = refused("a == not b");
    expect(afterEquals).toMatchObject({
      code: "RL003",
      message: "`not` cannot follow `==`: it negates a whole comparison",
      hint: "put what it negates in brackets: `== (not ...)`",
      span: expect.objectContaining({ column: 16 }),
    });
    expect(refused("a + not b")).toHaveLength(1);
    expect(refused("- not b")).toEqual([expect.objectContaining({ message: "`not` cannot follow `-`" })]);
    expect(refused("a == (not b)")).toEqual([]);
  });

  it("`if c then a else b` is the loosest expression and nests to the right", () => {
    expect(show(expression("if c then a else b + 1"))).toBe("(if c a (+ b 1))");
    expect(show(expression("if a then 1 else if b then 2 else 3"))).toBe("(if a 1 (if b 2 3))");
    expect(show(expression("1 + (if c then 2 else 3)"))).toBe("(+ 1 (if c 2 3))");
  });

  it("member access and indexing chain to the left, tighter than unary minus", () => {
    expect(show(expression("players[0].deck[1]"))).toBe("(at (. (at players 0) deck) 1)");
    expect(show(expression("-p.coins"))).toBe("(- (. p coins))");
    expect(show(expression("f(x).owner"))).toBe("(. (f x) owner)");
  });

  it("a qualified enum member is a member access on the enum's name", () => {
    expect(show(expression("Kind.armed"))).toBe("(. Kind armed)");
  });

  it("lists and comprehensions", () => {
    expect(show(expression("[]"))).toBe("[]");
    expect(show(expression("[1, 2 + 3, x]"))).toBe("[1 (+ 2 3) x]");
    expect(show(expression("[s.value for s in sea if s.owner == me]"))).toBe(
      "[(. s value) for s in sea if (== (. s owner) me)]",
    );
    expect(show(expression("[p for p in players]"))).toBe("[p for p in players]");
  });

  it("several `for`s in a comprehension nest from left to right, each with its own `if`", () => {
    // The outer comprehension's element is the inner one, whose elements it adds one by one (`...`).
    expect(show(expression("[a * b for a in xs if a > 0 for b in ys(a) if b != a]"))).toBe(
      "[...[(* a b) for b in (ys a) if (!= b a)] for a in xs if (> a 0)]",
    );
  });

  it("aggregates bind a variable over a list, with an optional body", () => {
    expect(show(expression("sum(x in L: x * 2)"))).toBe("(sum x in L: (* x 2))");
    expect(show(expression("count(s in sea)"))).toBe("(count s in sea)");
    const ops = ["sum", "count", "min", "max", "all", "any", "argmin", "argmax"];
    expect(ops.map((op) => expression(`${op}(x in L: x)`).kind)).toEqual(ops.map(() => "aggregate"));
  });

  it("`min` and `max` may give a value for an empty list after `else`", () => {
    const withBody = expression("min(x in L: if x > 0 then x else 9 else 0)");
    const without = expression("max(x in L else -1)");
    if (withBody.kind !== "aggregate" || without.kind !== "aggregate") throw new Error("expected aggregates");
    expect([withBody.body?.kind, withBody.orElse?.kind]).toEqual(["conditional", "int"]);
    expect([without.body, without.orElse?.kind]).toEqual([undefined, "int"]);
  });

  it("`x in list` is only allowed as the single argument of an aggregate", () => {
    const { diagnostics } = parseRules(game("const X = size(x in L)"), "t.rules");
    expect(diagnostics).toEqual([
      expect.objectContaining({ code: "RL003", span: expect.objectContaining({ line: 2 }) }),
    ]);
  });

  it("calls take positional arguments; records are built with named ones", () => {
    const call = expression("random(1, 6)");
    expect(call).toMatchObject({ kind: "call", callee: { text: "random" }, namedArgs: [] });
    const ship = expression("Ship(owner: p, value: draw(deck))");
    expect(ship.kind === "call" && ship.args).toEqual([]);
    expect(show(ship)).toBe("(Ship owner: p value: (draw deck))");
    expect(show(expression("f()"))).toBe("(f)");
  });

  it("spans cover the whole expression, parentheses included", () => {
    const text = game("const X = (a + b) * c[ 0 ]");
    const x = declaration(text, "const").value;
    expect(textOf(text, x)).toBe("(a + b) * c[ 0 ]");
    if (x.kind !== "binary") throw new Error("expected a binary expression");
    expect(textOf(text, x.left)).toBe("(a + b)");
    expect(textOf(text, x.right)).toBe("c[ 0 ]");
    expect(x.span).toMatchObject({ line: 2, column: 11 });
    expect(x.right.span).toMatchObject({ line: 2, column: 21 });
  });

  it("spans of names, calls, members and aggregates", () => {
    const text = game("const X =\n  sum(s in sea: s.value) + f(1).n");
    const x = declaration(text, "const").value;
    if (x.kind !== "binary") throw new Error("expected a binary expression");
    expect(textOf(text, x.left)).toBe("sum(s in sea: s.value)");
    expect(textOf(text, x.right)).toBe("f(1).n");
    expect(x.left.span).toMatchObject({ line: 3, column: 3 });
    if (x.left.kind !== "aggregate") throw new Error("expected an aggregate");
    expect(x.left.variable.span).toMatchObject({ line: 3, column: 7 });
    expect(textOf(text, x.left.body!)).toBe("s.value");
  });
});

describe("a whole file", () => {
  it("parses every declaration kind in one file", () => {
    const file = parseOk(
      game(
        `enum E { a }
record R { x: int }
const C = 1
param P: int = 2
per player { coins: int }
global { pile: list<int> }
fn f(): int = 1
proc q() { }
action A { }
setup { }
scoring { score p: 0 }
variant v { }
test "t" { }`,
      ),
    );
    expect(file.path).toBe("t.rules");
    expect(file.declarations.map((d) => d.kind)).toEqual([
      "game",
      "enum",
      "record",
      "const",
      "param",
      "state",
      "state",
      "fn",
      "proc",
      "action",
      "setup",
      "scoring",
      "variant",
      "test",
      "flow",
    ]);
  });
});

describe("the language reference", () => {
  it("lists exactly the reserved words of the lexer", () => {
    const readme = readFileSync(new URL("../README.md", import.meta.url), "utf8");
    const sentence = /These\s+words are reserved and cannot be names: ([^.]*)\./.exec(readme)?.[1] ?? "";
    const listed = [...sentence.matchAll(/`(\w+)`/g)].map((m) => m[1]);
    expect(listed).toEqual([...reservedWords].sort());
  });

  it("has complete examples (a game with its flow) that pass `rules check`", () => {
    const readme = readFileSync(new URL("../README.md", import.meta.url), "utf8");
    const games = [...readme.matchAll(/```rules\n(game [\s\S]*?)```/g)]
      .map((m) => m[1]!)
      .filter((text) => /^flow \{/m.test(text));
    expect(games.length).toBeGreaterThan(0);
    for (const text of games) expect(loadRules(text, "README.md").diagnostics).toEqual([]);
  });
});

describe("`from` and `to`, words of `remove`, `add` and `test` only", () => {
  it("may name a local or a field", () => {
    const program = loadRules(
      [
        'game "G" { players 2..2 }',
        "global { pile: list<int>  to: int }",
        "flow {",
        "  let from = 3",
        "  add from to pile",
        "  to = from",
        "  remove from from pile",
        "}",
      ].join("\n"),
      "t.rules",
    );
    expect(program.diagnostics).toEqual([]);
  });

  it("are still required where the statement needs them", () => {
    const text =
      'game "G" { players 2..2 }\nglobal { pile: list<int> }\nflow {\n  add 3 into pile\n  remove 3 form pile\n}\n';
    expect(loadRules(text, "t.rules").diagnostics.map((d) => [d.code, d.message])).toEqual([
      ["RL003", "expected `to` after the value to add, found `into`"],
      ["RL003", "expected `from` after the value to remove, found `form`"],
    ]);
  });
});

describe("a table's blank cells", () => {
  const text = (rows: string): string =>
    [
      'game "G" { players 2..2 }',
      "record Tile { name: string  wood: int = 0  stone: int = 2 }",
      `table TILES of Tile {\n  | name | wood | stone |\n${rows}\n}`,
      "global { n: int }",
      "flow { n = TILES[0].wood }",
    ].join("\n");

  it("leave the field to its default; each row is one line", () => {
    const program = loadRules(text('  | "Farm" |   | 1 |\n  | "Mill" | 3 |   |'), "t.rules").program!;
    const rows = program.consts.get("TILES")!.decl.value;
    expect(
      rows.kind === "list" && rows.elements.map((r) => r.kind === "call" && r.namedArgs.map((a) => a.name.text)),
    ).toEqual([
      ["name", "stone"],
      ["name", "wood"],
    ]);
  });

  it("still count as cells: a row with one too many is refused", () => {
    const diagnostics = loadRules(text('  | "Farm" |   | 1 |   |'), "t.rules").diagnostics;
    expect(diagnostics.map((d) => d.message)).toEqual(["this row has 4 cells, the header 3"]);
  });
});
