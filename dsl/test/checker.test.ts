/**
 * The checker's diagnostics, one section per code: what a designer can get wrong, and what they are told.
 * Every snippet is a small game (see `game` and `inFlow` in helpers.ts: line 1 is the game header).
 */
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { Codes, type Code } from "../src/diagnostics.ts";
import { loadRules } from "../src/load.ts";
import { diagnose, errorCodes, game, inFlow, loadClean, soleError, withCode } from "./helpers.ts";

const specified = new Set<Code>();

/** A section of the specification for one diagnostic code. */
function code(c: Code, title: string, body: () => void): void {
  specified.add(c);
  describe(`${c} ${title}`, body);
}

/** A game whose flow offers player 0 the given actions (declared in `decls`). */
function offering(actions: string, decls: string): string {
  return inFlow(`  act players[0]: ${actions}`, decls);
}

code(Codes.missingGame, "missing game", () => {
  it("a file needs a `game` declaration", () => {
    const d = soleError("flow { end }", Codes.missingGame);
    expect(d).toMatchObject({ line: 1, column: 1, message: "the file has no `game` declaration" });
    expect(d.hint).toContain('game "Title" { players 2..4 }');
  });
});

code(Codes.unknownName, "unknown name", () => {
  it("an unknown name, with a suggestion for a likely typo", () => {
    const d = soleError(inFlow("  reserv = 1\n  end", "global { reserve: int }"), Codes.unknownName);
    expect(d).toMatchObject({ line: 4, column: 3, message: "unknown name `reserv`", hint: "did you mean `reserve`?" });
  });

  it("`per <procedure>` naming no procedure, with a suggestion", () => {
    const d = soleError(
      inFlow("  turn()\n  end", "per turns { moves: int }\nproc turn() { moves += 1 }"),
      Codes.unknownName,
    );
    expect(d).toMatchObject({ message: "`per turns` names no procedure", hint: "did you mean `turn`?" });
  });

  it("a player's field used without a player", () => {
    const d = soleError(inFlow("  reserve = 1\n  end", "per player { reserve: int }"), Codes.unknownName);
    expect(d.hint).toBe("`reserve` is a field of each player: write `p.reserve` for a player p");
  });

  it("an unknown function, with a suggestion", () => {
    const d = soleError(inFlow("  let l = shufled([1, 2])\n  if size(l) > 0 { end }"), Codes.unknownName);
    expect(d).toMatchObject({ message: "unknown function `shufled`", hint: "did you mean `shuffled`?" });
  });

  it("an unknown type, with a suggestion or the list of types", () => {
    expect(soleError(game("global { name: strng }"), Codes.unknownName)).toMatchObject({
      line: 2,
      column: 16,
      message: "unknown type `strng`",
      hint: "did you mean `string`?",
    });
    expect(soleError(game("global { ships: list<Vessel> }"), Codes.unknownName).hint).toContain("types are int, bool");
  });

  it("an unknown action offered by `act`", () => {
    const d = soleError(offering("Lanch", "action Launch { }"), Codes.unknownName);
    expect(d).toMatchObject({ message: "unknown action `Lanch`", hint: "did you mean `Launch`?" });
  });

  it("a member of two enums is ambiguous unless qualified or expected", () => {
    const decls = "enum Coin { gold, silver }\nenum Medal { gold, bronze }\nglobal { c: Coin }";
    const d = soleError(inFlow("  let x = gold\n  if x == Coin.gold { end }", decls), Codes.unknownName);
    expect(d).toMatchObject({ line: 6, column: 11, message: "`gold` is a member of several enums (Coin, Medal)" });
    expect(d.hint).toBe("write it as `Coin.gold`");
    // The qualified form the hint suggests works...
    expect(errorCodes(inFlow("  let x = Coin.gold\n  if x == Medal.gold { end }", decls))).toEqual([
      Codes.typeMismatch,
    ]);
    loadClean(inFlow("  let x = Coin.gold\n  if x == Coin.silver or Medal.gold == Medal.bronze { end }", decls));
    // ...and so does a context that expects one of the enums.
    loadClean(
      inFlow(
        "  c = gold\n  if c == gold { end }",
        `enum Coin { gold, silver }\nenum Medal { gold, bronze }\nglobal { c: Coin\n m: Medal = bronze }`,
      ),
    );
  });

  it("a qualified member the enum does not have", () => {
    const d = soleError(
      inFlow("  let k = Kind.armd\n  if k == Kind.armed { end }", "enum Kind { armed, unarmed }"),
      Codes.unknownName,
    );
    expect(d).toMatchObject({
      line: 4,
      column: 16,
      message: "`Kind` has no member `armd`",
      hint: "did you mean `armed`?",
    });
  });

  it("a variant can only `set` a param", () => {
    const d = soleError(
      game("param GOAL: int = 10\nconst LIMIT = 3\nvariant quick { set GOLA = 5 }", "  if GOAL > LIMIT { end }"),
      Codes.unknownName,
    );
    expect(d).toMatchObject({ line: 4, column: 21, message: "`GOLA` is not a param", hint: "did you mean `GOAL`?" });
    expect(
      withCode(game("const LIMIT = 3\nvariant quick { set LIMIT = 2 }", "  if LIMIT > 0 { end }"), Codes.unknownName),
    ).toEqual([
      expect.objectContaining({
        message: "`LIMIT` is not a param",
        hint: "a variant can set only names declared with `param`",
      }),
    ]);
  });

  it("a variant can only replace a rule the base game has", () => {
    const d = soleError(offering("Pass", "action Pass { }\nvariant v { action Attack { end } }"), Codes.unknownName);
    expect(d.message).toBe("the variant replaces `Attack`, but the base game has no action of that name");
  });

  it("a test plays only actions and choices the game has", () => {
    const d = soleError(offering("Pass", 'action Pass { }\ntest "t" { play 0 Pas }'), Codes.unknownName);
    expect(d).toMatchObject({ message: "unknown action or choice `Pas`", hint: "did you mean `Pass`?" });
  });

  it("a test names only variants the game has", () => {
    const d = soleError(
      offering("Pass", 'action Pass { }\nvariant quick { }\ntest "t" { variant quik }'),
      Codes.unknownName,
    );
    expect(d).toMatchObject({ message: "unknown variant `quik`", hint: "did you mean `quick`?" });
  });
});

code(Codes.typeMismatch, "type mismatch", () => {
  it("a scoring rule's value is a number: `score`, `tiebreak` and `progress` alike", () => {
    for (const rule of ["score p: true", "score p: 0\n tiebreak p: true", "score p: 0\n progress p: p == p"]) {
      expect(soleError(game(`scoring { ${rule} }`), Codes.typeMismatch).message).toBe("expected int, found bool");
    }
  });

  it("`lowest` and unknown words in a scoring block", () => {
    expect(soleError(game("scoring { score p: 0\n progress lowest p: 1 }"), Codes.syntaxError).message).toBe(
      "`lowest` applies to tie-breaks only",
    );
    expect(soleError(game("scoring { score p: 0\n heuristic p: 1 }"), Codes.syntaxError).message).toMatch(
      /`score`, `tiebreak` or `progress`/,
    );
    // The word is reported against the rule it follows.
    expect(soleError(game("scoring { score highest p: 0 }"), Codes.syntaxError).message).toBe(
      "expected the player's name and `:` after `score`, found `highest`",
    );
    expect(soleError(game("scoring { score p: 0\n progress most p: 1 }"), Codes.syntaxError).message).toBe(
      "expected the player's name and `:` after `progress`, found `most`",
    );
    expect(soleError(game("scoring { score p: 0\n tiebreak least p: 1 }"), Codes.syntaxError).message).toBe(
      "expected `lowest` after `tiebreak`, found `least`",
    );
  });

  it("int where a bool is expected, and bool where an int is", () => {
    expect(soleError(inFlow("  if 1 { end }"), Codes.typeMismatch)).toMatchObject({
      line: 3,
      column: 6,
      message: "expected bool, found int",
    });
    expect(soleError(game("const X = 1 + true", "  if X > 0 { end }"), Codes.typeMismatch)).toMatchObject({
      column: 15,
      message: "expected int, found bool",
    });
  });

  it("a Player is not a number", () => {
    const d = soleError(inFlow("  let x = players[0] + 1\n  if x > 0 { end }"), Codes.typeMismatch);
    expect(d).toMatchObject({
      message: "expected int, found Player",
      hint: "a Player is not a number; compare players with `==`",
    });
  });

  it("a list is not a number, nor one of its elements", () => {
    expect(soleError(game("const L = [1, 2]\nconst X: int = L", "  if X > 0 { end }"), Codes.typeMismatch).hint).toBe(
      "for the number of elements write `size(list)`",
    );
    expect(soleError(inFlow("  next(players)\n  end"), Codes.typeMismatch).hint).toContain("take one element");
  });

  it("list elements share one type", () => {
    expect(soleError(game('const L = [1, "two"]', "  if size(L) > 0 { end }"), Codes.typeMismatch).message).toBe(
      "expected int, found string",
    );
  });

  it("lists and records compare by content with == in rules and in tests", () => {
    loadClean(inFlow("  if players == players { end }"));
    loadClean(offering("Pass", 'action Pass { }\ntest "t" { expect acting == [players[0]] }'));
  });

  it("an empty list needs a declared type to be stored in a let", () => {
    const d = soleError(inFlow("  let hand = []\n  add 1 to hand"), Codes.typeMismatch);
    expect(d.message).toBe("the type of `hand` cannot be inferred from an empty list");
    expect(d.hint).toBe("declare it: `let hand: list<int> = []`");
    loadClean(inFlow("  let hand: list<int> = []\n  add 1 to hand\n  if size(hand) > 0 { end }"));
  });

  it("a hex has no field but q and r, and they cannot be assigned", () => {
    expect(soleError(inFlow("  if hex(1, 2).s > 0 { end }"), Codes.unknownField)).toMatchObject({
      message: "a Hex has no field `s`",
      hint: "its coordinates are `q` and `r`",
    });
    expect(soleError(inFlow("  h.q = 3\n  end", "global { h: Hex }"), Codes.notAssignable)).toMatchObject({
      message: "a Hex is a value: its coordinates cannot change",
      hint: "assign a new hex instead, e.g. `h = hex(q, h.r)`",
    });
  });

  it("only players and records have fields", () => {
    expect(soleError(game("const N = 3\nconst X = N.size", "  if X > 0 { end }"), Codes.typeMismatch).message).toBe(
      "int has no fields",
    );
    expect(soleError(game("const L = [1]\nconst X = L.length", "  if X > 0 { end }"), Codes.typeMismatch).hint).toBe(
      "for the number of elements write `size(list)`",
    );
  });

  it("a type is not a value", () => {
    expect(soleError(game("enum Kind { a }\nconst X = Kind", "  if X == a { end }"), Codes.typeMismatch).message).toBe(
      "`Kind` is a type, not a value",
    );
  });

  it("hexes are values with coordinates q and r; they add, subtract and scale as offsets, never mix with numbers", () => {
    const p = loadClean(
      inFlow(
        "  let h = hex(1, -2) + 2 * direction(south) - hex(0, 1)\n  if h.q + distance(h, step(h, north, 2)) > 0 { end }",
      ),
    );
    expect(p.enums.has("HexDir")).toBe(true);
    expect(soleError(inFlow("  let h = hex(1, 2) + 1\n  if h.q > 0 { end }"), Codes.typeMismatch).message).toBe(
      "expected Hex, found int",
    );
    expect(soleError(inFlow("  let x = 1 - hex(1, 2)\n  if x > 0 { end }"), Codes.typeMismatch).message).toBe(
      "expected int, found Hex",
    );
    expect(soleError(inFlow("  if hex(0, 0) < 1 { end }"), Codes.typeMismatch).message).toBe("expected int, found Hex");
    expect(soleError(inFlow("  if step(hex(0, 0), 3) == hex(0, 1) { end }"), Codes.typeMismatch).message).toBe(
      "expected HexDir, found int",
    );
  });

  it("HexDir is the language's own enum, there only for the games that use it", () => {
    expect(loadClean(inFlow("  end")).enums.has("HexDir")).toBe(false);
    expect(soleError(game("enum HexDir { up, down }"), Codes.duplicate).message).toBe(
      "the type `HexDir` is already declared",
    );
    // A member shared with a game's own enum is told apart by the expected type.
    loadClean(
      inFlow(
        "  if step(hex(0, 0), north) == hex(0, -1) and w == north { end }",
        "enum Wind { north, calm }\nglobal { w: Wind }",
      ),
    );
  });

  it("`allow` names one player or a list of players, nothing else", () => {
    const decls = "action Pass { }\nproc turn() {\n  act players[0]: Pass\n}";
    loadClean(inFlow("  allow Pass by players {\n    turn()\n  }", decls));
    loadClean(inFlow("  allow Pass by players[1] {\n    turn()\n  }", decls));
    expect(soleError(inFlow("  allow Pass by 1 {\n    turn()\n  }", decls), Codes.typeMismatch).message).toBe(
      "expected Player or list<Player>, found int",
    );
  });

  it("`allow anytime` offers its actions to players not asked anything; the program records which kinds it uses", () => {
    const decls = "action Pass { }\naction Shout { }\nproc turn() {\n  act players[0]: Pass\n}";
    const anytime = loadClean(inFlow("  allow anytime Shout by players {\n    turn()\n  }", decls));
    expect(anytime.allowKinds).toEqual({ asked: false, anytime: true, here: false });
    expect([...anytime.allowed]).toEqual(["Shout"]);
    const both = loadClean(
      inFlow("  allow anytime Shout by players {\n    allow Pass by players[1] {\n      turn()\n    }\n  }", decls),
    );
    expect(both.allowKinds).toEqual({ asked: true, anytime: true, here: false });
    expect(
      soleError(inFlow("  allow anytime Shout by true {\n    turn()\n  }", decls), Codes.typeMismatch).message,
    ).toBe("expected Player or list<Player>, found bool");
  });

  it("`allowed` and `interrupts` are the engine's own state keys", () => {
    expect(soleError(game("global { interrupts: int }"), Codes.duplicate).message).toBe(
      "`interrupts` is reserved for the engine's own bookkeeping",
    );
    expect(errorCodes(game("global { allowed: bool }"))).toEqual([Codes.duplicate]);
  });

  it("`members` lists an enum's members, and takes the name of an enum only", () => {
    const decls = "enum Suit { red, blue }\nglobal { suits: list<Suit> }";
    loadClean(inFlow("  suits = members(Suit)\n  end", decls));
    expect(soleError(inFlow("  suits = members(Siut)\n  end", decls), Codes.typeMismatch)).toMatchObject({
      message: "`members` takes the name of an enum",
      hint: "did you mean `Suit`?",
    });
    expect(soleError(inFlow("  let n: list<int> = members(Suit)\n  end", decls), Codes.typeMismatch).message).toBe(
      "expected list<int>, found list<Suit>",
    );
  });

  it("`+=` and `-=` need a number", () => {
    expect(soleError(inFlow("  flag += 1\n  end", "global { flag: bool }"), Codes.typeMismatch).message).toBe(
      "`+=` needs a number, found bool",
    );
  });

  it("a procedure call has no value, unless the procedure has a type", () => {
    const d = soleError(inFlow("  let x = deal()\n  end", "proc deal() { }"), Codes.typeMismatch);
    expect(d.message).toBe("this has no value to store");
    const take =
      "global { deck: list<int> }\nproc take(): int {\n  if size(deck) == 0 {\n    return -1\n  }\n  return draw(deck)\n}";
    const program = loadClean(inFlow("  let x = take()\n  if x > 0 { end }\n  end", take));
    expect(program.procs.get("take")?.resolvedReturnType).toEqual({ kind: "int" });
    expect(soleError(inFlow("  let x: bool = take()\n  end", take), Codes.typeMismatch).message).toBe(
      "expected bool, found int",
    );
  });

  it("a procedure with a type returns on every path; one that waits for a decision gives its value to a store", () => {
    const missing =
      "global { deck: list<int> }\nproc take(): int {\n  if size(deck) > 0 {\n    return draw(deck)\n  }\n}";
    expect(soleError(inFlow("  let x = take()\n  if x > 0 { end }", missing), Codes.misplaced).message).toBe(
      "the procedure `take` can reach its end without `return`",
    );
    const asks = "proc ask(): bool {\n  choose yes: bool by players[0]\n  return yes\n}";
    loadClean(inFlow("  let yes = ask()\n  if yes { end }", asks));
    loadClean(inFlow("  let yes = false\n  yes = ask()\n  if yes { end }", asks));
    loadClean(inFlow("  ask()\n  end", asks));
    expect(soleError(inFlow("  if ask() { end }", asks), Codes.decisionNotAllowed).message).toBe(
      "the procedure `ask` waits for a decision, so its value can only be stored: `let x = ask(...)`",
    );
  });

  it("what the engine only looks at (requirements, choices' lists and conditions) cannot change the game", () => {
    const decls =
      'global { deck: list<int> }\nproc take(): int {\n  return draw(deck)\n}\naction Pass {\n  require take() > 0 else "No."\n}';
    expect(soleError(inFlow("  act players[0]: Pass", decls), Codes.misplaced).message).toBe(
      "the procedure `take` may change the game, which a requirement may not do",
    );
    expect(
      soleError(
        inFlow("  choose c: int in [draw(deck)] by players[0]\n  end", "global { deck: list<int> }"),
        Codes.misplaced,
      ).message,
    ).toBe("`draw` changes the game, which a choice's list may not do");
    expect(
      soleError(
        inFlow("  choose c: bool by players[0] where size(shuffled(deck)) > 0\n  end", "global { deck: list<int> }"),
        Codes.misplaced,
      ).message,
    ).toBe("`shuffled` changes the game, which a choice's condition may not do");
  });

  it("a variant's replacement gives what the rule it replaces gives", () => {
    const d = soleError(
      game(
        'proc take(): int {\n  return 1\n}\nvariant v "V" {\n  proc take(): bool {\n    return true\n  }\n}',
        "  if take() > 0 { end }",
      ),
      Codes.typeMismatch,
    );
    expect(d.message).toBe("a replacement must give what `take` gives (int), not bool");
  });

  it("only lists can be iterated, added to, removed from and shuffled", () => {
    expect(soleError(inFlow("  for i in 3 { end }"), Codes.typeMismatch).message).toBe("expected a list, found int");
    expect(soleError(inFlow("  for i in die { end }", "global { die: 1..6 }"), Codes.typeMismatch).message).toBe(
      "expected a list, found 1..6",
    );
    expect(soleError(inFlow("  add 1 to n\n  end", "global { n: int }"), Codes.typeMismatch).message).toBe(
      "expected a list, found int",
    );
    expect(soleError(inFlow("  shuffle n\n  end", "global { n: int }"), Codes.typeMismatch).message).toBe(
      "expected a list, found int",
    );
    expect(soleError(inFlow('  add "x" to l\n  end', "global { l: list<int> }"), Codes.typeMismatch).message).toBe(
      "expected int, found string",
    );
  });

  it("a list index is a number or a Player", () => {
    expect(soleError(game("const L = [1]\nconst X = L[true]", "  if X > 0 { end }"), Codes.typeMismatch).message).toBe(
      "a list index is a number or a Player, found bool",
    );
  });

  it("`sum` of something other than numbers needs a body", () => {
    expect(soleError(inFlow("  if sum(p in players) > 0 { end }"), Codes.typeMismatch).message).toBe(
      "`sum` of Player needs a number: write `sum(x in list: <number>)`",
    );
  });

  it("a choice keeps one type under one name", () => {
    const d = soleError(
      inFlow(
        "  choose pick: bool by players[0]\n  if pick { ask() }",
        "proc ask() { choose pick: 1..3 by players[1] }",
      ),
      Codes.typeMismatch,
    );
    expect(d).toMatchObject({ line: 4, message: "the choice `pick` was a 1..3 elsewhere, here a bool" });
  });

  it("a choice's range may end at a value known when it is asked; no other range may", () => {
    const program = loadClean(
      inFlow(
        "  choose amount: 0..players[0].coins + 1 by players[1]\n  players[0].coins -= amount",
        "per player { coins: int }",
      ),
    );
    expect(program.choiceTypes.get("amount")).toEqual({ kind: "int", low: 0 });
    const field = soleError(game("per player { n: 0..me.coins }"), Codes.invalidValue);
    expect(field.message).toBe(
      "only a choice's range may end at a value (`choose n: 0..me.coins by me`); here it must be a number",
    );
    const param = game(
      "per player { coins: int }\naction Pay(n: 1..me.coins) { me.coins -= n }",
      "  act players[0]: Pay",
    );
    expect(soleError(param, Codes.invalidValue).column).toBe(18);
    // The bound is a number: a flag is refused, and it cannot change the game.
    expect(soleError(inFlow("  choose amount: 0..true by players[1]\n  end"), Codes.typeMismatch).message).toBe(
      "expected int, found bool",
    );
  });

  it("a variant's replacement keeps the parameters", () => {
    const d = soleError(
      offering(
        "Give",
        "action Give(n: 1..3) { me.coins += n }\nper player { coins: int }\nvariant v { action Give(n: bool) { end } }",
      ),
      Codes.typeMismatch,
    );
    expect(d.message).toBe("a replacement must keep the parameters (1..3) of `Give`");
  });

  it("arguments have their parameter's type", () => {
    expect(
      soleError(
        inFlow("  let x = double(true)\n  if x > 0 { end }", "fn double(n: int): int = n * 2"),
        Codes.typeMismatch,
      ).message,
    ).toBe("expected int, found bool");
    expect(soleError(game("fn yes(): bool = 1", "  if yes() { end }"), Codes.typeMismatch).message).toBe(
      "expected bool, found int",
    );
  });
});

code(Codes.wrongArity, "wrong number of arguments", () => {
  it("a function takes as many arguments as it has parameters", () => {
    const d = soleError(
      inFlow("  let x = double(1, 2)\n  if x > 0 { end }", "fn double(n: int): int = n * 2"),
      Codes.wrongArity,
    );
    expect(d).toMatchObject({ line: 4, column: 11, message: "`double` takes 1 argument, got 2" });
    expect(soleError(inFlow("  deal()\n  end", "proc deal(n: int) { }"), Codes.wrongArity).message).toBe(
      "`deal` takes 1 argument, got 0",
    );
  });

  it("a builtin's arity, with what it does", () => {
    const d = soleError(inFlow("  let x = random(6)\n  if x > 0 { end }"), Codes.wrongArity);
    expect(d).toMatchObject({
      message: "`random` takes 2 arguments",
      hint: "random(low, high): a uniformly random integer from low to high",
    });
  });

  it("a record is built with every field that has no default", () => {
    const decls =
      "record Ship {\n  owner: Player\n  value: int\n  kind: Kind\n  revealed: bool = false\n}\nenum Kind { a }\nglobal { sea: list<Ship> }";
    const d = soleError(inFlow("  add Ship(value: 3) to sea\n  end", decls), Codes.wrongArity);
    expect(d).toMatchObject({
      message: "`Ship` needs `owner`, `kind`",
      hint: "every field without a default (`= value`) must be given",
    });
    loadClean(inFlow("  add Ship(owner: players[0], kind: a) to sea\n  end", decls));
  });

  it("a record is built with named fields only", () => {
    const d = soleError(
      inFlow("  add Ship(3) to sea\n  end", "record Ship { value: int = 0 }\nglobal { sea: list<Ship> }"),
      Codes.wrongArity,
    );
    expect(d).toMatchObject({
      message: "records are built with named fields",
      hint: "write `Ship(field: value, ...)`",
    });
  });

  it("named arguments are only for records (and do not count as arguments)", () => {
    expect(
      withCode(inFlow("  let x = f(n: 1)\n  if x > 0 { end }", "fn f(n: int): int = n"), Codes.wrongArity).map(
        (d) => d.message,
      ),
    ).toEqual(["`f` takes 1 argument, got 0", "named arguments are only for building records"]);
  });

  it("`all`, `any`, `argmin` and `argmax` need a body", () => {
    expect(soleError(inFlow("  if all(p in players) { end }"), Codes.wrongArity).message).toBe(
      "`all` needs a condition: `all(x in list: <condition>)`",
    );
    expect(soleError(inFlow("  if size(argmax(p in players)) > 0 { end }"), Codes.wrongArity).message).toContain(
      "`argmax` needs a value to compare",
    );
  });

  it("a test plays an action with its arguments, and a choice with one value", () => {
    const decls = 'action Give(n: 1..3) { }\ntest "t" { play 0 Give\n play 0 pick(true, false) }';
    const game = inFlow("  choose pick: bool by players[0]\n  act players[0]: Give", decls);
    expect(withCode(game, Codes.wrongArity).map((d) => d.message)).toEqual([
      "`Give` takes 1 argument(s), got 0",
      "the choice `pick` takes one value",
    ]);
  });
});

describe("answers taken `in` a list, in tests", () => {
  const decls = [
    "global { sea: list<Hex>\n  counts: list<int> }",
    "action Sail(dest: Hex in sea) { }",
    "action Take(n: int in counts) { }",
    'test "t" {',
    "  play 0 Sail(hex(1, 0))",
    "  play 0 Sail(2)",
    "  play 0 Take(1)",
    "  play 0 port(hex(0, 0))",
    "}",
  ].join("\n");
  const flow = "  choose port: Hex in sea by players[0]\n  act players[0]: Sail | Take";

  it("are positions, or values when the list holds squares, records, enum members or flags", () => {
    const program = loadClean(inFlow(flow, decls));
    const steps = program.tests[0]!.steps.map((step) => (step.kind === "play" ? step.play.byValue : undefined));
    // A list of numbers is always answered by position: a number could be either.
    expect(steps).toEqual([[true], [false], [false], [true]]);
  });

  it("a value of another type than the list's is refused", () => {
    const wrong = inFlow(flow, decls.replace("play 0 Sail(hex(1, 0))", "play 0 Sail(true)"));
    expect(soleError(wrong, Codes.typeMismatch).message).toBe("expected Hex, found bool");
  });
});

code(Codes.duplicate, "duplicate declaration", () => {
  it("two constants of one name", () => {
    const d = soleError(game("const A = 1\nconst A = 2", "  if A > 0 { end }"), Codes.duplicate);
    expect(d).toMatchObject({ line: 3, column: 7, message: "`A` is already declared (line 2)" });
  });

  it("constants, fields, functions, procedures and actions share one namespace", () => {
    expect(errorCodes(offering("total", "global { total: int }\naction total { }"))).toContain(Codes.duplicate);
    expect(errorCodes(game("const f = 1\nfn f(): int = 2", "  if f > 0 { end }"))).toEqual([Codes.duplicate]);
  });

  it("builtin names cannot be redeclared", () => {
    expect(soleError(game("const players = 1"), Codes.duplicate).message).toBe(
      "`players` is a builtin name and cannot be redeclared",
    );
  });

  it("a function or procedure named like a builtin function is the one called: the namespace is the designer's", () => {
    const program = loadClean(
      game("fn size(n: int): int = n * 2\nglobal { twice: int = size(4) }", "if twice > 0 { end }"),
    );
    const twice = program.globalFields.get("twice")!.decl.initial!;
    expect(twice.kind === "call" && twice.target).toBe("fn");
    loadClean(
      game("global { deck: list<int> }\nproc take(): int? {\n  return draw(deck)\n}", "  if let c = take() { end }"),
    );
  });

  it("two enums (or records) of one name", () => {
    expect(soleError(game("enum E { a }\nenum E { b }", "  if a == a { end }"), Codes.duplicate)).toMatchObject({
      line: 3,
      message: "the type `E` is already declared",
    });
    expect(soleError(game("record Player { x: int }"), Codes.duplicate).message).toBe(
      "the type `Player` is already declared",
    );
  });

  it("an enum member listed twice is reported once, and not as ambiguous", () => {
    const d = soleError(game("enum E { a, b, a }", "  if a == b { end }"), Codes.duplicate);
    expect(d).toMatchObject({ line: 2, column: 16, message: "`a` is listed twice in `E`" });
  });

  it("a second `flow`, `setup`, `scoring` or `game`", () => {
    const d = soleError(inFlow("  end", "flow { end }"), Codes.duplicate);
    expect(d).toMatchObject({ line: 3, message: "a second `flow` declaration (the first is on line 2)" });
    expect(d.hint).toBe("a game has one of each; merge them");
    expect(errorCodes(game("setup { }\nsetup { }"))).toEqual([Codes.duplicate]);
    expect(errorCodes(game("scoring { score p: 0 }\nscoring { score p: 1 }"))).toEqual([Codes.duplicate]);
    expect(errorCodes(`game "A" { players 2..2 }\n${game()}`)).toEqual([Codes.duplicate]);
  });

  it("two `score` rules", () => {
    expect(errorCodes(game("scoring { score p: 0\n score q: 1 }"))).toEqual([Codes.duplicate]);
  });

  it("two `progress` rules", () => {
    expect(soleError(game("scoring { score p: 0\n progress p: 1\n progress q: 2 }"), Codes.duplicate).message).toBe(
      "the scoring block has two `progress` rules",
    );
  });

  it("a field declared twice", () => {
    expect(soleError(game("per player { x: int\n x: int }"), Codes.duplicate).message).toBe(
      "the field `x` is declared twice",
    );
    expect(
      soleError(game("record R { x: int\n x: int }\nconst r = R(x: 1)", "  if r.x > 0 { end }"), Codes.duplicate)
        .message,
    ).toBe("the field `x` is declared twice");
  });

  it.each(["params", "playerCount", "players", "rng", "stack", "pending"])(
    "the state key `%s` is reserved for the engine",
    (key) => {
      expect(soleError(game(`per player { ${key}: int }`), Codes.duplicate)).toMatchObject({
        message: `\`${key}\` is reserved for the engine's own bookkeeping`,
        hint: "choose another field name",
      });
      expect(errorCodes(game(`global { ${key}: int }`))).toEqual([Codes.duplicate]);
    },
  );

  it("`variant`, also reserved, is a keyword and cannot be a field name at all", () => {
    expect(new Set(errorCodes(game("per player { variant: int }")))).toEqual(new Set([Codes.syntaxError]));
  });

  it("a local defined twice in one block", () => {
    expect(soleError(inFlow("  let x = 1\n  let x = 2\n  if x > 0 { end }"), Codes.duplicate)).toMatchObject({
      line: 4,
      message: "`x` is already defined in this block",
    });
  });

  it("an inner block may shadow an outer local", () => {
    expect(errorCodes(inFlow("  let x = 1\n  if x > 0 {\n    let x = true\n    if x { end }\n  }"))).toEqual([]);
  });

  it("an action offered twice, a field given twice, a choice named like an action", () => {
    expect(soleError(offering("Pass | Pass", "action Pass { }"), Codes.duplicate).message).toBe(
      "`Pass` is offered twice",
    );
    expect(
      soleError(
        inFlow("  add R(x: 1, x: 2) to rs\n  end", "record R { x: int }\nglobal { rs: list<R> }"),
        Codes.duplicate,
      ).message,
    ).toBe("`x` is given twice");
    expect(
      soleError(inFlow("  choose Pass: bool by players[0]\n  act players[0]: Pass", "action Pass { }"), Codes.duplicate)
        .message,
    ).toBe("`Pass` is already the name of an action");
  });

  it("two variants of one name, or one named `base`", () => {
    expect(errorCodes(game("variant v { }\nvariant v { }"))).toEqual([Codes.duplicate]);
    expect(errorCodes(game("variant base { }"))).toEqual([Codes.duplicate]);
  });
});

code(Codes.unused, "unused (a warning)", () => {
  it("unused constants, functions, procedures, enums and records are warnings, not errors", () => {
    const text = game("const K = 1\nfn f(): int = 1\nproc p() { }\nenum E { a }\nrecord R { x: int }");
    const { program, diagnostics } = loadRules(text, "t.rules");
    expect(program).toBeDefined();
    expect(diagnostics.map((d) => [d.severity, d.code, d.message])).toEqual([
      ["warning", Codes.unused, "the constant `K` is never used"],
      ["warning", Codes.unused, "the function `f` is never used"],
      ["warning", Codes.unused, "the procedure `p` is never used"],
      ["warning", Codes.unused, "the enum `E` is never used"],
      ["warning", Codes.unused, "the record `R` is never used"],
    ]);
  });

  it("unused locals and parameters are warnings, unless named with a leading `_`", () => {
    const text = inFlow("  let x = 1\n  let _y = 2\n  deal(3, 4)\n  end", "proc deal(n: int, _m: int) { }");
    expect(diagnose(text)).toEqual([
      expect.objectContaining({ severity: "warning", code: Codes.unused, line: 2, message: "`n` is never used" }),
      expect.objectContaining({
        severity: "warning",
        code: Codes.unused,
        line: 4,
        message: "`x` is never used",
        hint: "remove it, or start its name with `_`",
      }),
    ]);
    expect(diagnose(game("const _K = 1"))).toEqual([]);
  });

  it("an enum whose members are used is used, even if its name is not written", () => {
    loadClean(inFlow("  let k = armed\n  if k == unarmed { end }", "enum Kind { armed, unarmed }"));
    loadClean(inFlow("  if Kind.armed == Kind.unarmed { end }", "enum Kind { armed, unarmed }"));
  });

  it("an action's parameters count as used", () => {
    loadClean(offering("Give", "action Give(n: 1..3) { }"));
  });
});

code(Codes.unreachable, "unreachable", () => {
  it("a rule after `end` can never run", () => {
    const errors = diagnose(inFlow("  end\n  let x = 1\n  let y = x")).filter((d) => d.severity === "error");
    expect(errors).toEqual([
      expect.objectContaining({
        code: Codes.unreachable,
        line: 4,
        column: 3,
        message: "this rule can never run: it follows `end`",
      }),
    ]);
  });

  it("a rule after `break` can never run", () => {
    expect(soleError(inFlow("  while true {\n    break\n    end\n  }"), Codes.unreachable)).toMatchObject({
      line: 5,
      message: "this rule can never run: it follows `break`",
    });
  });

  it("an action never offered is a warning", () => {
    const text = offering("Pass", "action Pass { }\naction Launch { }");
    const { program, diagnostics } = loadRules(text, "t.rules");
    expect(program).toBeDefined();
    expect(diagnostics).toEqual([
      expect.objectContaining({
        severity: "warning",
        code: Codes.unreachable,
        message: "the action `Launch` is never offered, so no player can take it",
        hint: "offer it with `act <player>: Launch`",
      }),
    ]);
  });

  it("an action played in a test only is still never offered by the rules: the warning stands", () => {
    // The test's play would be refused: no rule offers Launch (the engine has no rules for it either).
    expect(
      withCode(offering("Pass", 'action Pass { }\naction Launch { }\ntest "t" { play 0 Launch }'), Codes.unreachable),
    ).toEqual([
      expect.objectContaining({
        severity: "warning",
        message: "the action `Launch` is never offered, so no player can take it",
      }),
    ]);
  });
});

code(Codes.notAssignable, "not assignable", () => {
  it("a constant cannot be assigned", () => {
    const d = soleError(inFlow("  K = 2\n  end", "const K = 1"), Codes.notAssignable);
    expect(d).toMatchObject({
      line: 4,
      column: 3,
      message: "`K` cannot be assigned",
      hint: "only `let` variables and fields of the game state can change",
    });
  });

  it("an expression cannot be assigned", () => {
    expect(soleError(inFlow("  1 = 2\n  end"), Codes.notAssignable).message).toBe("this cannot be assigned");
    expect(soleError(inFlow("  f() = 2\n  end", "fn f(): int = 1"), Codes.notAssignable).message).toBe(
      "this cannot be assigned",
    );
  });

  it("loop variables, parameters and params cannot be rebound", () => {
    expect(errorCodes(inFlow("  for p in players { p = players[0] }\n  end"))).toEqual([Codes.notAssignable]);
    expect(errorCodes(inFlow("  deal(1)\n  end", "proc deal(n: int) { n = 2 }"))).toEqual([Codes.notAssignable]);
    expect(errorCodes(inFlow("  GOAL = 2\n  end", "param GOAL: int = 1"))).toEqual([Codes.notAssignable]);
  });

  it("fields of players, records and list elements can change", () => {
    loadClean(
      inFlow(
        "  players[0].coins += 1\n  sea[0].value = 2\n  let l = [1]\n  l[0] = 3\n  l = [4]\n  if l[0] > 0 { end }",
        "per player { coins: int }\nrecord Ship { value: int }\nglobal { sea: list<Ship> }",
      ),
    );
  });

  it("what a constant or a param holds cannot change either", () => {
    const decls = "const L = [1, 2]\nrecord R { x: int }\nconst C = R(x: 1)\nparam P: list<int> = [1]";
    expect(withCode(inFlow("  L[0] = 5\n  C.x += 1\n  P[0] = 2\n  end", decls), Codes.notAssignable)).toEqual([
      expect.objectContaining({ line: 7, column: 3, message: "`L` is a constant: what it holds cannot change" }),
      expect.objectContaining({ line: 8, message: "`C` is a constant: what it holds cannot change" }),
      expect.objectContaining({ line: 9, message: "`P` is a param: what it holds cannot change" }),
    ]);
    expect(errorCodes(inFlow("  add 3 to L\n  end", "const L = [1, 2]"))).toEqual([Codes.notAssignable]);
    expect(errorCodes(inFlow("  shuffle L\n  end", "const L = [1, 2]"))).toEqual([Codes.notAssignable]);
    expect(errorCodes(inFlow("  let x = draw(L)\n  if x > 0 { end }", "const L = [1, 2]"))).toEqual([
      Codes.notAssignable,
    ]);
  });

  it("a copy of a constant in the game state can change", () => {
    loadClean(inFlow("  deck[0] = 5\n  add 3 to deck\n  end", "const L = [1, 2]\nglobal { deck: list<int> = L }"));
  });

  it("an unknown name is reported once, not also as not assignable", () => {
    expect(errorCodes(inFlow("  totl = 1\n  end", "global { total: int }"))).toEqual([Codes.unknownName]);
  });

  it("rules that only look cannot change the game", () => {
    expect(
      errorCodes(
        game(
          "per player { deck: list<int> }\nfn top(p: Player): int = draw(p.deck)",
          "  if top(players[0]) > 0 { end }",
        ),
      ),
    ).toContain(Codes.notAssignable);
  });
});

code(Codes.misplaced, "misplaced", () => {
  it("`require` comes first in an action", () => {
    const d = soleError(
      offering("A", 'per player { n: int }\naction A {\n  me.n += 1\n  require me.n > 0 else "no"\n}'),
      Codes.misplaced,
    );
    expect(d).toMatchObject({
      line: 5,
      column: 3,
      message: "`require` must come first in an action, before anything happens",
    });
    expect(errorCodes(offering("A", 'action A { if true { require true else "no" } }'))).toEqual([Codes.misplaced]);
    expect(errorCodes(inFlow('  require true else "no"\n  end'))).toEqual([Codes.misplaced]);
    expect(errorCodes(inFlow("  deal()\n  end", 'proc deal() { require true else "no" }'))).toEqual([Codes.misplaced]);
    loadClean(offering("A", 'action A {\n  require true else "a"\n  require true else "b"\n  end\n}'));
  });

  it("a `let` among the requirements names a value they share, and only computes", () => {
    const decls = "per player { n: int  deck: list<int> }\nproc drawn(p: Player): int {\n  return draw(p.deck)\n}";
    loadClean(
      offering(
        "A",
        `${decls}\naction A {\n  let next = me.n + 1\n  require next < 5 else "no"\n  me.n = drawn(me) + next\n}`,
      ),
    );
    const d = soleError(
      offering("A", `${decls}\naction A {\n  let top = drawn(me)\n  require top > 0 else "no"\n}`),
      Codes.misplaced,
    );
    expect(d.message).toBe(
      "the procedure `drawn` may change the game, which a value the requirements are checked with may not do",
    );
    // After the last requirement, a `let` is an effect like any other.
    loadClean(
      offering("A", `${decls}\naction A {\n  require me.n < 5 else "no"\n  let top = drawn(me)\n  me.n = top\n}`),
    );
  });

  it("`break` outside a loop", () => {
    expect(soleError(inFlow("  break"), Codes.misplaced)).toMatchObject({
      line: 3,
      column: 3,
      message: "`break` outside a loop",
    });
    loadClean(inFlow("  for p in players { break }\n  repeat 2 { break }\n  while true { break }\n  end"));
  });

  it("an expression that does nothing", () => {
    const d = soleError(inFlow("  n == 1\n  end", "global { n: int }"), Codes.misplaced);
    expect(d).toMatchObject({
      message: "this expression does nothing on its own",
      hint: "did you mean an assignment with `=`, or a call?",
    });
  });

  it("an action is taken by players, not called", () => {
    const d = soleError(inFlow("  Pass()\n  act players[0]: Pass", "action Pass { }"), Codes.misplaced);
    expect(d).toMatchObject({
      message: "`Pass` is an action: players take it, rules do not call it",
      hint: "offer it with `act <player>: Pass`",
    });
  });

  it("a procedure is not called from a function", () => {
    expect(errorCodes(game("proc p() { }\nfn f(): int = p()", "  if f() > 0 { end }"))).toContain(Codes.misplaced);
  });

  it("rules that only look draw no randomness", () => {
    const d = soleError(game("fn roll(): int = random(1, 6)", "  if roll() > 3 { end }"), Codes.misplaced);
    expect(d.message).toBe("`random` changes the game, which a function may not do");
    expect(errorCodes(game("scoring { score p: random(1, 6) }"))).toEqual([Codes.misplaced]);
  });

  it("a constant cannot read the game state", () => {
    expect(soleError(game("global { n: int }\nconst K = n", "  if K > 0 { end }"), Codes.misplaced).message).toBe(
      "a constant cannot read the game state (`n`)",
    );
    expect(soleError(game("const K = playerCount", "  if K > 0 { end }"), Codes.misplaced).message).toBe(
      "a constant cannot read `playerCount`",
    );
  });

  it("a constant uses only literals, builtins and the constants declared above it", () => {
    expect(soleError(game("const A = B + 1\nconst B = 1", "  if A > 0 { end }"), Codes.misplaced)).toMatchObject({
      line: 2,
      column: 11,
      message: "the constant `A` cannot use `B`, which is declared below it",
      hint: "a constant may use only the constants declared above it",
    });
    expect(soleError(game("const A = A + 1", "  if A > 0 { end }"), Codes.misplaced).message).toBe(
      "the constant `A` cannot use itself",
    );
    expect(soleError(game("param P: int = 3\nconst A = P", "  if A > 0 { end }"), Codes.misplaced).message).toBe(
      "a constant cannot read a param (`P`)",
    );
    expect(soleError(game("fn f(): int = 2\nconst A = f()", "  if A > 0 { end }"), Codes.misplaced).message).toBe(
      "a constant cannot call the function `f`",
    );
    loadClean(game("const B = 1\nconst A: int = B + 1\nconst L = [A, B]\nconst N = size(L)", "  if N > 0 { end }"));
  });

  it("`viewer`, `owner`, `over`, `winners`, `acting` and `interrupting` belong to visibility conditions and tests", () => {
    expect(soleError(inFlow("  if viewer == players[0] { end }"), Codes.misplaced).message).toBe(
      "the flow cannot read `viewer`",
    );
    expect(errorCodes(inFlow("  if over { end }"))).toEqual([Codes.misplaced]);
    expect(errorCodes(inFlow("  if size(winners) > 0 { end }"))).toEqual([Codes.misplaced]);
    expect(errorCodes(inFlow("  if size(interrupting) > 0 { end }"))).toEqual([Codes.misplaced]);
    loadClean(
      game(
        'per player { hand: list<int> visible if viewer == owner }\ntest "t" { expect not over and size(acting) == 0 and winners == [] and interrupting == [] }',
      ),
    );
  });

  it("the score rule cannot use `score`, directly or through functions", () => {
    expect(soleError(game("scoring { score p: score(p) + 1 }"), Codes.misplaced)).toMatchObject({
      line: 2,
      column: 20,
      message: "the score rule cannot use `score`: the score would depend on itself",
    });
    const indirect = game(
      "fn a(p: Player): int = b(p)\nfn b(p: Player): int = score(p) * 2\nscoring { score p: a(p) }",
    );
    expect(soleError(indirect, Codes.misplaced)).toMatchObject({
      line: 4,
      column: 20,
      message: "`a` uses `score`, so the score rule cannot call it: the score would depend on itself",
    });
    loadClean(game("fn double(p: Player): int = score(p) * 2\nscoring { score p: 1\n tiebreak p: double(p) }"));
  });

  it("what decides who sees a field, or how it reads, reads nothing some of those players may not see", () => {
    const leaks = withCode(
      game(
        [
          "record Card { owner: Player\n value: int private\n face: int visible if value > 3 }",
          'per player { secret: int private\n coins: int shown "{secret} coins"\n hand: list<int> private',
          '  count: int shown "{size(hand)}" }',
          'global { deck: list<int> hidden\n top: int shown "{deck[0]}"\n cards: list<Card> }',
        ].join("\n"),
      ),
      Codes.misplaced,
    );
    expect(leaks.map((d) => d.message)).toEqual([
      "`face` would give away `value`: whether it is seen reads a field some players may not see",
      "`coins` would give away `secret`: its text reads a field some players may not see",
      "`count` would give away `hand`: its text reads a field some players may not see",
      "`top` would give away `deck`: its text reads a field some players may not see",
    ]);
    // Its own value, the same player's private fields for a private one, the viewer, the owner, public fields: fine.
    loadClean(
      game(
        [
          "record Ship { owner: Player\n revealed: bool\n armed: bool visible if viewer == owner or revealed }",
          'per player { secret: int private\n note: int private shown "{secret}: {note}"\n coins: int shown "{coins} gold" }',
          "global { fleet: list<Ship> }",
        ].join("\n"),
        "  if size(fleet) > 0 { end }",
      ),
    );
  });

  it("`private` needs an owner", () => {
    expect(soleError(game("global { secret: int private }"), Codes.misplaced)).toMatchObject({
      message: "a global field has no owner, so it cannot be `private`",
      hint: "use `hidden`",
    });
    expect(soleError(game("record R { x: int private }\nglobal { rs: list<R> }"), Codes.misplaced).message).toBe(
      "`private` on a record field needs an `owner: Player` field",
    );
    loadClean(game("record R { owner: Player\n x: int private }\nglobal { rs: list<R> }"));
  });
});

code(Codes.invalidValue, "invalid value", () => {
  it("the game's player range must not be empty", () => {
    expect(soleError('game "T" { players 4..2 }\nflow { end }', Codes.invalidValue)).toMatchObject({
      line: 1,
      message: "the player range 4..2 is empty",
    });
    expect(errorCodes('game "T" { players 0..2 }\nflow { end }')).toEqual([Codes.invalidValue]);
  });

  it("a range type must not be empty", () => {
    expect(soleError(game("global { die: 6..1 }"), Codes.invalidValue).message).toBe("the range 6..1 is empty");
    expect(soleError(game("global { shift: -1..-3 }"), Codes.invalidValue).message).toBe("the range -1..-3 is empty");
  });

  it("only `min` and `max` take a value for an empty list", () => {
    loadClean(
      game(
        "const LEAST = min(x in [1, 2]: x * 2 else 0)\nconst MOST = max(x in [1] else -1)",
        "if LEAST < MOST { end }",
      ),
    );
    expect(soleError(game("const S = sum(x in [1] else 0)"), Codes.misplaced)).toMatchObject({
      message: "only `min` and `max` take a value for an empty list",
      hint: "`sum` of an empty list is 0",
    });
    expect(soleError(game("const F = first(x in [1]: x > 0 else 0)"), Codes.misplaced).hint).toContain("?? <value>");
    expect(errorCodes(game('const M = min(x in [1] else "none")'))).toEqual([Codes.typeMismatch]);
  });

  it("a comprehension with several `for`s is one flat list; the inner `for` sees the outer variable", () => {
    const program = loadClean(
      game(
        "enum Res { wood, stone }\nglobal { prices: list<int> = [l + 1 for r in members(Res) for l in range(0, 2)] }",
      ),
    );
    expect(program.globalFields.get("prices")?.type).toEqual({ kind: "list", element: { kind: "int" } });
    expect(errorCodes(game("global { xs: list<int> = [a for a in [1] for b in [2]] }"))).toEqual([]);
    expect(errorCodes(game("global { xs: list<int> = [b for a in [1] for b in [a, c]] }"))).toEqual([
      Codes.unknownName,
    ]);
  });

  it("take gives the first elements of a list", () => {
    loadClean(game("const FIRST: list<int> = take([3, 1, 2], 2)", "if size(FIRST) > 1 { end }"));
    expect(errorCodes(game('const FIRST: list<int> = take([3, 1, 2], "two")', "if size(FIRST) > 1 { end }"))).toEqual([
      Codes.typeMismatch,
    ]);
  });

  it("a range type may reach below zero", () => {
    const program = loadClean(game("param SHIFT: -3..3 = -1\nglobal { d: -1..1\n e: -5..-2 = -3 }"));
    expect([...program.globalFields.values()].map((g) => g.type)).toMatchObject([
      { kind: "int", low: -1, high: 1 },
      { kind: "int", low: -5, high: -2 },
    ]);
  });

  it("a range may have no top (`coins: 0..`): a count never below its bound, never offered as a choice", () => {
    // What follows such a range is never its top: the next field, a member's text, `=`, a function's body, `,`, `)`.
    const program = loadClean(
      game(
        [
          "param START: 1.. = 3",
          'record Purse { gold: 0.. shown "{gold} gold"\n  debt: -5.. }',
          "per player {\n  coins: 0.. private\n  purse: Purse\n  fame: 0.. = START\n}",
          "fn half(n: 0.., _m: 1..): 0.. {\n  let h: 0.. = n / 2\n  return h\n}",
          "scoring {\n  score p: half(p.coins, 1)\n}",
        ].join("\n"),
      ),
    );
    expect(program.playerFields.get("coins")?.type).toEqual({ kind: "int", low: 0 });
    expect(program.playerFields.get("fame")?.type).toEqual({ kind: "int", low: 0 });
    expect(program.records.get("Purse")?.fields.get("debt")?.type).toEqual({ kind: "int", low: -5 });
    expect(program.params.get("START")?.type).toEqual({ kind: "int", low: 1 });
    expect(soleError(game("global { n: 0.. = -1 }"), Codes.invalidValue).message).toBe(
      "-1 is outside the field's range 0..",
    );
    // A player cannot be offered every number from 0 up.
    const action = soleError(offering("Pay", "action Pay(n: 0..) { }"), Codes.invalidValue);
    expect(action).toMatchObject({ message: "the parameter `n` of type 0.. cannot be enumerated", column: 15 });
    expect(action.hint).toContain("give it one (`0..6`");
    const choice = soleError(inFlow("  choose n: 1.. by players[0]\n  end"), Codes.invalidValue);
    expect(choice.message).toBe("a choice of 1.. cannot be enumerated");
    expect(choice.hint).toContain("a range with no top (`1..`)");
  });

  it("an enum needs members", () => {
    expect(soleError(game("enum Nothing { }"), Codes.invalidValue).message).toBe("the enum `Nothing` has no members");
  });

  it("an action parameter must be enumerable, or taken from a list", () => {
    const d = soleError(offering("Give", "action Give(n: int) { }"), Codes.invalidValue);
    expect(d.message).toBe("the parameter `n` of type int cannot be enumerated");
    loadClean(offering("Give", "action Give(n: int in [1, 2]) { }"));
  });

  it("a choice must be enumerable, or taken from a list", () => {
    expect(soleError(inFlow("  choose n: int by players[0]\n  if n > 0 { end }"), Codes.invalidValue).message).toBe(
      "a choice of int cannot be enumerated",
    );
    loadClean(inFlow("  choose n: int in [2, 4] by players[0]\n  if n > 0 { end }"));
  });

  it("a test plays with a player count the game allows", () => {
    const text = offering("Pass", 'action Pass { }\ntest "too many" { players 5 }\ntest "too few" { players 1 }');
    expect(withCode(text, Codes.invalidValue).map((d) => [d.line, d.message])).toEqual([
      [3, "the test plays with 5 players; the game allows 2..4"],
      [4, "the test plays with 1 players; the game allows 2..4"],
    ]);
  });
});

code(Codes.decisionNotAllowed, "decision not allowed", () => {
  it("no `choose` in the setup", () => {
    const d = soleError(game("setup { choose k: bool by players[0] }"), Codes.decisionNotAllowed);
    expect(d).toMatchObject({ line: 2, column: 9, message: "`choose` cannot be used in the setup" });
    expect(d.hint).toBe("players decide only in the flow, in procedures and in actions");
  });

  it("no `act` or `end` in the setup", () => {
    expect(
      soleError(offering("A", "action A { }\nsetup { act players[0]: A }"), Codes.decisionNotAllowed).message,
    ).toBe("`act` cannot be used in the setup");
    expect(soleError(game("setup { end }"), Codes.decisionNotAllowed).message).toBe(
      "`end` cannot be used in the setup",
    );
  });

  it("no procedure in the setup that decides or ends the game", () => {
    const d = soleError(
      game("proc ask() { choose k: bool by players[0] }\nsetup { ask() }", "  ask()"),
      Codes.decisionNotAllowed,
    );
    expect(d).toMatchObject({
      line: 3,
      column: 9,
      message: "the procedure `ask` waits for a decision or ends the game, which the setup cannot do",
    });
  });

  it("no decision in a test's `given` block", () => {
    expect(
      soleError(game('test "t" { given { choose k: bool by players[0] } }'), Codes.decisionNotAllowed).message,
    ).toBe("`choose` cannot be used in a test's `given` block");
  });

  it("a function cannot decide either: it has no statements, and may call no procedure", () => {
    expect(errorCodes(game("fn f(): bool = choose")).length).toBeGreaterThan(0);
    expect(
      errorCodes(inFlow("  if f() { end }", "proc ask() { choose k: bool by players[0] }\nfn f(): bool = ask()")),
    ).toContain(Codes.misplaced);
  });
});

code(Codes.unknownField, "unknown field", () => {
  it("players have only the fields of `per player`", () => {
    const d = soleError(inFlow("  players[0].reserv = 1\n  end", "per player { reserve: int }"), Codes.unknownField);
    expect(d).toMatchObject({
      line: 4,
      column: 14,
      message: "players have no field `reserv`",
      hint: "did you mean `reserve`?",
    });
    expect(soleError(inFlow("  players[0].gold = 1\n  end"), Codes.unknownField).hint).toBe(
      "declare it in `per player { ... }`",
    );
  });

  it("records have only their declared fields", () => {
    const decls = "record Ship { owner: Player\n value: int }\nglobal { sea: list<Ship> }";
    expect(soleError(inFlow("  sea[0].valeu = 1\n  end", decls), Codes.unknownField)).toMatchObject({
      message: "`Ship` has no field `valeu`",
      hint: "did you mean `value`?",
    });
    expect(
      soleError(
        inFlow("  add Ship(owner: players[0], valeu: 1) to sea\n  end", decls.replace("value: int", "value: int = 0")),
        Codes.unknownField,
      ).message,
    ).toBe("`Ship` has no field `valeu`");
    // A name like none of them: the hint lists them.
    expect(soleError(inFlow("  sea[0].crew = 1\n  end", decls), Codes.unknownField).hint).toBe(
      "its fields are owner, value",
    );
  });
});

code(Codes.missingDeclaration, "missing declaration", () => {
  it("a file needs a flow", () => {
    const d = soleError('game "T" { players 2..4 }', Codes.missingDeclaration);
    expect(d).toMatchObject({ message: "the file has no `flow` block" });
  });

  it("`score` needs a scoring block with a score rule", () => {
    expect(soleError(inFlow("  if score(players[0]) > 0 { end }"), Codes.missingDeclaration).message).toBe(
      "`score` needs a `scoring { score p: ... }` block",
    );
    expect(withCode(game("scoring { tiebreak p: 1 }"), Codes.missingDeclaration).map((d) => d.message)).toEqual([
      "the scoring block has no `score p: ...` rule",
    ]);
  });
});

code(Codes.notExhaustive, "not exhaustive", () => {
  it("a `match` must say what happens for every member of its enum (see also unions.test.ts)", () => {
    const decls = "enum Light { red, amber, green }\nglobal { light: Light  n: int }";
    const d = soleError(
      inFlow("  match light {\n    red => n = 1\n    green => n = 2\n  }\n  end", decls),
      Codes.notExhaustive,
    );
    expect(d.message).toBe("this `match` does not say what happens for `amber`");
    loadClean(inFlow("  match light {\n    red => n = 1\n    _ => { }\n  }\n  end", decls));
  });
});

describe("the specification", () => {
  it("has a section for every code the checker emits", () => {
    // The checker's passes: the binder, the checker and its parts (checker-*.ts).
    const src = new URL("../src/", import.meta.url);
    const passes = readdirSync(src).filter((f) => f === "binder.ts" || /^checker(-[a-z]+)?\.ts$/.test(f));
    expect(passes).toContain("checker-decisions.ts");
    const source = passes.map((f) => readFileSync(new URL(f, src), "utf8")).join("\n");
    const names = new Set([...source.matchAll(/Codes\.(\w+)/g)].map((m) => m[1]!));
    const emitted = Object.entries(Codes)
      .filter(([name]) => names.has(name))
      .map(([, c]) => c);
    expect(emitted.length).toBeGreaterThan(0);
    expect([...specified].sort()).toEqual([...emitted].sort());
  });
});

describe("functions with a block body", () => {
  it("may change their own variables and must return on every path", () => {
    loadClean(
      game(
        "fn biggest(xs: list<int>): int {\n  let best = 0\n  for x in xs {\n    if x > best {\n      best = x\n    }\n  }\n  return best\n}",
        "  if biggest([1, 2]) > 1 { end }",
      ),
    );
    const d = soleError(
      game("fn f(x: int): int {\n  if x > 0 {\n    return 1\n  }\n}", "  if f(1) > 0 { end }"),
      Codes.misplaced,
    );
    expect(d.message).toBe("the function `f` can reach its end without `return`");
  });

  it("cannot change the game", () => {
    const d = soleError(
      game("global {\n  n: int\n}\nfn f(): int {\n  n = 3\n  return n\n}", "  if f() > 0 { end }"),
      Codes.notAssignable,
    );
    expect(d.message).toBe("a function cannot change the game");
  });

  it("`return` belongs to functions and procedures with a type only", () => {
    expect(soleError(inFlow("  return 1"), Codes.misplaced).message).toBe(
      "`return` gives a value: it belongs in functions with a block body and procedures with a type",
    );
    expect(errorCodes(inFlow("  take()\n  end", "proc take() {\n  return 1\n}"))).toEqual([Codes.misplaced]);
  });

  it("a field's initial value written out lies in the range the field declares", () => {
    expect(soleError(game("per player {\n  luck: 1..6 = 0\n}"), Codes.invalidValue)).toMatchObject({
      message: "0 is outside the field's range 1..6",
      hint: "change the value, or the range the field declares",
    });
    loadClean(game("per player {\n  luck: 1..6 = 6\n}\nglobal {\n  shift: -1..1 = -1\n}"));
  });

  it("numbers written out in the rules lie in the range of the place they go to, inside lists and maps too", () => {
    const decls = [
      "record Die {\n  face: 1..6\n}",
      "global {\n  dice: list<1..6> = [1, 7]\n  stock: map<int, 0..> = { 1: 2, 2: -1 }\n  die: Die\n  luck: 1..6\n}",
    ].join("\n");
    const flow = ["  luck = 0", "  dice = [2, 3, 9]", "  add 0 to dice", "  die = Die(face: 8)", "  luck = 6", "  end"];
    const found = withCode(game(decls, flow.join("\n")), Codes.invalidValue).map((d) => [d.message, d.line]);
    expect(found).toEqual([
      ["7 is outside the field's range 1..6", 6],
      ["-1 is outside the field's range 0..", 7],
      ["0 is outside the place's range 1..6", 12],
      ["9 is outside the place's range 1..6", 13],
      ["0 is outside the element's range 1..6", 14],
      ["8 is outside the field's range 1..6", 15],
    ]);
    // Within their ranges, or worked out as the game runs (checked then): no error.
    loadClean(game(decls.replace("[1, 7]", "[1, 6]").replace("2: -1", "2: 0"), "  dice = [luck, 6]\n  end"));
  });

  it("a `return` alone on its line ends a procedure or an action where it stands", () => {
    const rules = [
      "global {\n  n: int\n}",
      "proc count() {\n  if n > 2 {\n    return\n  }\n  n += 1\n}",
      "action Add {\n  if n > 5 {\n    return\n  }\n  count()\n}",
    ].join("\n");
    loadClean(inFlow("  act players[0]: Add\n  end", rules));
    expect(soleError(inFlow("  if true {\n    return\n  }\n  end"), Codes.misplaced)).toMatchObject({
      message: "a bare `return` ends a procedure or an action, not the flow",
      hint: 'end the game with `end "reason"`, or leave a loop with `break`',
    });
    expect(soleError(game("fn f(): int {\n  return\n}", "  if f() > 0 { end }"), Codes.misplaced)).toMatchObject({
      message: "`return` needs the value this function gives",
      hint: "write `return <int>`",
    });
    expect(soleError(inFlow("  if take() { end }", "proc take(): bool {\n  return\n}"), Codes.misplaced).message).toBe(
      "`return` needs the value this procedure gives",
    );
    // The value of a `return` starts on its line: the next line is a rule of its own, which can never run.
    expect(
      soleError(
        inFlow("  count()\n  end", "global {\n  n: int\n}\nproc count() {\n  return\n  n += 1\n}"),
        Codes.unreachable,
      ),
    ).toMatchObject({
      message: "this rule can never run: it follows `return`",
      line: 7,
    });
  });
});
