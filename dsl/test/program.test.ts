/** What `check()` gives the compiler for a valid file: the program, its decision sites, choice types and routines. */
import { describe, expect, it } from "vitest";
import type { Expr, NameRef, Stmt } from "../src/ast.ts";
import { check, type Program } from "../src/checker.ts";
import { routineKey } from "../src/routine-graph.ts";
import { Codes } from "../src/diagnostics.ts";
import { errorCodes, game, inFlow, parseOk, soleError } from "./helpers.ts";

/** Checks text that must have no diagnostics at all. */
function checked(text: string): Program {
  const result = check(parseOk(text));
  expect(result.diagnostics).toEqual([]);
  expect(result.program).toBeDefined();
  return result.program!;
}

const SAMPLE = game(
  `enum Kind { armed, unarmed }
per player { coins: int }
global { pot: list<int>
 sea: list<Ship> }
record Ship { owner: Player
 value: int = 1 }
const START = 2
param GOAL: int = 10
fn rich(p: Player): bool = p.coins >= GOAL
proc ask(p: Player) {
  choose k: Kind by p
  if k == armed { p.coins += 1 }
}
proc relay(p: Player) { ask(p) }
proc quiet(p: Player) { p.coins += START }
proc finish() { end }
action Launch {
  relay(me)
  add Ship(owner: me) to sea
}
action Pass { quiet(me) }
action Bet(n: 1..3) {
  choose sure: bool by me
  if sure { me.coins += n }
}
setup { for p in players { quiet(p) } }
scoring { score p: p.coins }
variant generous { set GOAL = 5 }`,
  `  choose first: Kind by each p in players where first != unarmed or rich(p)
  act players[0]: Launch | Pass | Bet
  if any(p in players: rich(p)) { finish() }`,
);

describe("a checked program", () => {
  const program = checked(SAMPLE);

  it("indexes the declarations by name", () => {
    expect(program.game).toMatchObject({ title: "T", minPlayers: 2, maxPlayers: 4 });
    expect([...program.enums.keys()]).toEqual(["Kind"]);
    expect([...program.records.keys()]).toEqual(["Ship"]);
    expect([...program.records.get("Ship")!.fields.entries()].map(([k, f]) => [k, f.type])).toEqual([
      ["owner", { kind: "player" }],
      ["value", { kind: "int" }],
    ]);
    expect(program.consts.get("START")!.type).toEqual({ kind: "int" });
    expect(program.params.get("GOAL")!.type).toEqual({ kind: "int" });
    expect([...program.playerFields.keys()]).toEqual(["coins"]);
    expect(program.globalFields.get("pot")!.type).toEqual({ kind: "list", element: { kind: "int" } });
    expect(program.globalFields.get("sea")!.type).toEqual({ kind: "list", element: { kind: "record", name: "Ship" } });
    expect([...program.fns.keys()]).toEqual(["rich"]);
    expect(program.fns.get("rich")!.resolvedReturnType).toEqual({ kind: "bool" });
    expect([...program.procs.keys()]).toEqual(["ask", "relay", "quiet", "finish"]);
    expect([...program.actions.keys()]).toEqual(["Launch", "Pass", "Bet"]);
    expect(program.setup).toBeDefined();
    expect(program.scoring?.score).toBeDefined();
    expect(program.variants.map((v) => v.name.text)).toEqual(["generous"]);
    expect(program.tests).toEqual([]);
  });

  it("numbers the decisions in the order it checks the rules: procedures, actions, the flow, then variants", () => {
    expect(
      program.decisions.map((d) => [d.site, d.kind, routineKey(d.owner), d.kind === "choose" ? d.stmt.name.text : ""]),
    ).toEqual([
      [0, "choose", "proc:ask", "k"],
      [1, "choose", "action:Bet", "sure"],
      [2, "choose", "flow", "first"],
      [3, "act", "flow", ""],
    ]);
    for (const d of program.decisions) expect(d.stmt.site).toBe(d.site);
  });

  it("records the value type of each choice", () => {
    expect(Object.fromEntries(program.choiceTypes)).toEqual({
      k: { kind: "enum", name: "Kind" },
      sure: { kind: "bool" },
      first: { kind: "enum", name: "Kind" },
    });
  });

  it("marks the flow and every routine that can wait for a decision, through procedure calls", () => {
    expect([...program.suspending].sort()).toEqual(
      ["flow", "proc:ask", "proc:relay", "action:Launch", "action:Bet"].sort(),
    );
    expect(program.suspending.has("proc:quiet")).toBe(false);
    // Ending the game does not make a procedure wait: it unwinds the routines under way from where it stands.
    expect(program.suspending.has("proc:finish")).toBe(false);
    expect(program.suspending.has("action:Pass")).toBe(false);
  });

  it("a simultaneous choice binds a list by seat; its candidate and chooser are single values", () => {
    const choose = program.flow.body.statements[0]!;
    if (choose.kind !== "choose") throw new Error("expected a choose");
    expect(choose.symbol).toMatchObject({
      name: "first",
      origin: "choose",
      type: { kind: "list", element: { kind: "enum", name: "Kind" } },
    });
    expect(choose.candidate).toMatchObject({ name: "first", type: { kind: "enum", name: "Kind" } });
    expect(choose.eachSymbol).toMatchObject({ name: "p", origin: "each", type: { kind: "player" } });
  });

  it("annotates names with what they refer to, and expressions with their types", () => {
    const choose = program.flow.body.statements[0]!;
    if (choose.kind !== "choose" || !choose.condition) throw new Error("expected a choose with a condition");
    const refs = names(choose.condition).map((n) => [n.name, n.ref?.kind]);
    expect(refs).toEqual([
      ["first", "local"],
      ["unarmed", "enumMember"],
      ["p", "local"],
    ]);
    expect(choose.condition.type).toEqual({ kind: "bool" });
    const rich = program.fns.get("rich")!;
    expect(names(rich.body as Expr).map((n) => [n.name, n.ref])).toEqual([
      ["p", expect.objectContaining({ kind: "local" })],
      ["GOAL", { kind: "param", name: "GOAL" }],
    ]);
    const bet = program.actions.get("Bet")!;
    expect(bet.me).toMatchObject({ name: "me", origin: "me", type: { kind: "player" } });
    expect(bet.params[0]!.symbol).toMatchObject({ name: "n", type: { kind: "int", low: 1, high: 3 } });
  });

  it("tells calls of procedures, functions, builtins and record constructors apart", () => {
    const targets: Record<string, string | undefined> = {};
    const visit = (s: Stmt): void => {
      if (s.kind === "expr" && s.expr.kind === "call") targets[s.expr.callee.text] = s.expr.target;
      if (s.kind === "if") {
        const c = s.condition;
        if (c.kind === "aggregate" && c.body?.kind === "call") targets[c.body.callee.text] = c.body.target;
        s.then.statements.forEach(visit);
      }
    };
    program.flow.body.statements.forEach(visit);
    expect(targets).toEqual({ rich: "fn", finish: "proc" });
    const built = checked(
      inFlow(
        "  add Ship(owner: players[0]) to sea\n  shuffle sea\n  end",
        "record Ship { owner: Player }\nglobal { sea: list<Ship> }",
      ),
    );
    const add = built.flow.body.statements[0]!;
    expect(add.kind === "add" && add.value.kind === "call" && add.value.target).toBe("record");
  });

  it("gives every local a distinct id", () => {
    const ids = program.decisions.flatMap((d) =>
      d.kind === "choose" ? [d.stmt.symbol!.id, d.stmt.candidate!.id] : [],
    );
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe("suspension", () => {
  it("an action that offers nothing and calls nothing that waits is not suspending", () => {
    const program = checked(inFlow("  act players[0]: Pass", "action Pass { }"));
    expect([...program.suspending]).toEqual(["flow"]);
  });

  it("`end` in a procedure leaves it, and its callers, plain routines (unless they decide)", () => {
    const program = checked(
      inFlow(
        "  act players[0]: Quit",
        "proc stop() { end }\nproc maybeStop() { if true { stop() } }\naction Quit { maybeStop() }",
      ),
    );
    expect([...program.suspending]).toEqual(["flow"]);
  });

  it("offering an action does not make the offering procedure wait on that action's own decisions", () => {
    const program = checked(
      inFlow("  turn()", "proc turn() { act players[0]: Bet }\naction Bet { choose b: bool by me\n if b { end } }"),
    );
    expect(program.suspending.has("proc:turn")).toBe(true); // by its own `act`
    expect(program.suspending.has("action:Bet")).toBe(true);
  });

  it("a variant's replacement that decides makes the procedure suspending", () => {
    const program = checked(
      inFlow(
        "  tick()\n  act players[0]: Pass",
        "proc tick() { }\naction Pass { }\nvariant slow { proc tick() { choose wait: bool by players[0] } }",
      ),
    );
    expect(program.suspending.has("proc:tick")).toBe(true);
    // Variants are checked after the flow, so their decisions are numbered last.
    expect(program.decisions.map((d) => d.owner)).toEqual([
      expect.objectContaining({ kind: "flow" }),
      expect.objectContaining({ kind: "proc", name: "tick", variant: "slow" }),
    ]);
  });

  it("the setup and `given` blocks may call procedures that do not wait", () => {
    checked(
      inFlow(
        "  act players[0]: Pass",
        'proc deal() { }\naction Pass { }\nsetup { deal() }\ntest "t" { given { deal() } }',
      ),
    );
  });

  it("but not procedures that wait for a decision or end the game, however indirectly", () => {
    const decls = "proc ask() { choose k: bool by players[0] }\nproc relay() { ask() }\nproc stop() { end }";
    expect(soleError(game(`${decls}\nsetup { relay() }`, "  ask()\n  stop()"), Codes.decisionNotAllowed)).toMatchObject(
      {
        line: 5,
        column: 9,
        message: "the procedure `relay` waits for a decision or ends the game, which the setup cannot do",
      },
    );
    expect(errorCodes(game(`${decls}\nsetup { stop() }`, "  relay()"))).toEqual([Codes.decisionNotAllowed]);
    expect(
      soleError(game(`${decls}\ntest "t" { given { ask() } }`, "  relay()\n  stop()"), Codes.decisionNotAllowed)
        .message,
    ).toBe("the procedure `ask` waits for a decision or ends the game, which a test's `given` block cannot do");
  });
});

describe("check() on a file with errors", () => {
  it("returns the diagnostics and no program", () => {
    const result = check(parseOk(inFlow("  x = 1")));
    expect(result.program).toBeUndefined();
    expect(result.diagnostics.map((d) => d.code)).toEqual([Codes.unknownName]);
  });

  it("returns no program without a game or a flow", () => {
    expect(check(parseOk("flow { end }")).program).toBeUndefined();
    expect(check(parseOk('game "T" { players 2..4 }')).program).toBeUndefined();
  });

  it("warnings alone do not withhold the program", () => {
    const result = check(parseOk(game("const UNUSED = 1")));
    expect(result.diagnostics.map((d) => d.severity)).toEqual(["warning"]);
    expect(result.program).toBeDefined();
  });
});

/** The name references in an expression, left to right. */
function names(e: Expr): NameRef[] {
  switch (e.kind) {
    case "name":
      return [e];
    case "binary":
      return [...names(e.left), ...names(e.right)];
    case "unary":
      return names(e.operand);
    case "member":
      return names(e.object);
    case "index":
      return [...names(e.object), ...names(e.index)];
    case "call":
      return [...e.args.flatMap(names), ...e.namedArgs.flatMap((a) => names(a.value))];
    case "conditional":
      return [...names(e.condition), ...names(e.then), ...names(e.otherwise)];
    case "is":
      return names(e.subject);
    case "map":
      return e.entries.flatMap((x) => [...names(x.key), ...names(x.value)]);
    case "match":
      return [...names(e.subject), ...e.arms.flatMap((a) => names(a.body))];
    case "can":
      return names(e.call);
    case "list":
      return e.elements.flatMap(names);
    case "comprehension":
    case "mapComprehension":
    case "aggregate":
    case "int":
    case "bool":
    case "string":
    case "none":
      return [];
  }
}
