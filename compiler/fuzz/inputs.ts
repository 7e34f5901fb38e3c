/**
 * What the fuzzer feeds the toolchain: programs made from the grammar (valid, or nearly: a token changed), and the
 * real rulesets damaged the ways an editor or a disk damages files (tokens and lines deleted, duplicated and
 * swapped, the text cut short, bytes inserted). fast-check arbitraries, so that a failure shrinks to a small case.
 */
import { rulesLexer } from "@rules/dsl";
import fc from "fast-check";
import { GUILD, MARKET, rulesTests, SEA, tableParts, type PartSection, type ProgramPart } from "./program-parts.ts";

// ---- programs from the grammar ------------------------------------------------------------------------------

/** Names a generated program may read, by type. */
interface Scope {
  readonly ints: readonly string[];
  readonly bools: readonly string[];
  readonly lists: readonly string[];
}

const word = fc.constantFrom("a", "b", "c", "d", "e");

function intExpr(scope: Scope, depth: number): fc.Arbitrary<string> {
  const leaves: fc.Arbitrary<string>[] = [fc.integer({ min: 0, max: 20 }).map(String)];
  if (scope.ints.length > 0) leaves.push(fc.constantFrom(...scope.ints));
  if (scope.lists.length > 0) leaves.push(fc.constantFrom(...scope.lists).map((l) => `size(${l})`));
  if (depth <= 0) return fc.oneof(...leaves);
  const sub = intExpr(scope, depth - 1);
  const branches: fc.Arbitrary<string>[] = [
    ...leaves,
    fc.tuple(sub, fc.constantFrom("+", "-", "*"), sub).map(([a, op, b]) => `(${a} ${op} ${b})`),
    fc.tuple(boolExpr(scope, depth - 1), sub, sub).map(([c, a, b]) => `(if ${c} then ${a} else ${b})`),
    fc.tuple(sub, sub).map(([a, b]) => `max(${a}, ${b})`),
  ];
  if (scope.lists.length > 0) {
    const inner = intExpr({ ...scope, ints: [...scope.ints, "x"] }, depth - 1);
    branches.push(fc.tuple(fc.constantFrom(...scope.lists), inner).map(([l, e]) => `sum(x in ${l}: ${e})`));
  }
  // The squares a way reaches on a small grid, its rules reading the square (`w`) and the game.
  const onSquare = { ...scope, ints: [...scope.ints, "w.x", "w.y"] };
  branches.push(
    fc
      .tuple(
        fc.integer({ min: 0, max: 6 }),
        intExpr(onSquare, depth - 1),
        boolExpr(onSquare, depth - 1),
        fc.constantFrom("", ", corners: true", ", corners: false"),
      )
      .map(
        ([k, cost, enter, corners]) =>
          `size(reachable(w from cell(0, 0), within: ${k}${corners}, cost: 1 + abs(${cost}), enter: inside(w, 8, 8) and (${enter})))`,
      ),
    // The program's declared way (see `generatedProgram`).
    fc.integer({ min: 0, max: 6 }).map((k) => `size(reachable(field(${k})))`),
  );
  return fc.oneof(...branches);
}

function boolExpr(scope: Scope, depth: number): fc.Arbitrary<string> {
  const leaves: fc.Arbitrary<string>[] = [fc.boolean().map(String)];
  if (scope.bools.length > 0) leaves.push(fc.constantFrom(...scope.bools));
  const int = intExpr(scope, Math.max(0, depth - 1));
  leaves.push(
    fc.tuple(int, fc.constantFrom("==", "!=", "<", "<=", ">", ">="), int).map(([a, op, b]) => `${a} ${op} ${b}`),
  );
  if (depth <= 0) return fc.oneof(...leaves);
  const sub = boolExpr(scope, depth - 1);
  const onSquare = boolExpr({ ...scope, ints: [...scope.ints, "w.x", "w.y"] }, depth - 1);
  return fc.oneof(
    ...leaves,
    fc.tuple(sub, fc.constantFrom("and", "or"), sub).map(([a, op, b]) => `(${a} ${op} ${b})`),
    sub.map((a) => `not (${a})`),
    fc
      .tuple(fc.integer({ min: 0, max: 7 }), fc.integer({ min: 0, max: 6 }), onSquare)
      .map(
        ([x, k, enter]) =>
          `route(w from cell(0, 0), to: cell(${x}, 1), within: ${k}, enter: inside(w, 8, 8) and (${enter})) == none`,
      ),
    fc
      .tuple(fc.integer({ min: 0, max: 7 }), fc.integer({ min: 0, max: 6 }))
      .map(([x, k]) => `route(field(${k}), to: cell(${x}, 1)) == none`),
  );
}

// ---- identities: the same value said two ways --------------------------------------------------------------

/**
 * A list of numbers read in the rounds: the pile, a range, the program's functions whose bodies are comprehensions
 * (`sel`, `evens`: the engine runs their loops in place), a comprehension, two lists joined, the first three, sorted,
 * one of two lists by a condition (whose code must read as one operand). Each depth names its own element (`u2`,
 * `u1`...).
 */
function listExpr(scope: Scope, depth: number): fc.Arbitrary<string> {
  const int = intExpr(scope, 1);
  const leaves: fc.Arbitrary<string>[] = [
    fc.constant("pile"),
    int.map((e) => `range(0, ${e} % 8)`),
    int.map((e) => `sel(${e} % 5)`),
    int.map((e) => `evens(${e} % 9)`),
  ];
  if (depth <= 0) return fc.oneof(...leaves);
  const sub = listExpr(scope, depth - 1);
  const u = `u${depth}`;
  const onElement = { ...scope, ints: [...scope.ints, u] };
  return fc.oneof(
    ...leaves,
    fc
      .tuple(intExpr(onElement, 1), sub, fc.option(boolExpr(onElement, 1), { nil: undefined }))
      .map(([e, l, c]) => `[${e} for ${u} in ${l}${c === undefined ? "" : ` if ${c}`}]`),
    fc.tuple(sub, sub).map(([a, b]) => `(${a} ++ ${b})`),
    sub.map((l) => `take(${l}, 3)`),
    fc.tuple(sub, intExpr(onElement, 1)).map(([l, e]) => `sorted(${u} in ${l}: ${e})`),
    fc.tuple(boolExpr(scope, 1), sub, sub).map(([c, a, b]) => `(if ${c} then ${a} else ${b})`),
  );
}

/**
 * Two expressions the language defines to be equal, one often taking a path of its own in the engine (an aggregate
 * that stops at the first element, counts without building its list, or runs a function's loop in place), the other
 * spelt out: a game where they differ ends "identity N broken", which fails the fuzzer (`checkPlays`).
 */
function identity(scope: Scope): fc.Arbitrary<string> {
  const v = { ...scope, ints: [...scope.ints, "v"] };
  const none = "-1000000";
  return fc.tuple(listExpr(scope, 2), boolExpr(v, 1), intExpr(v, 1), fc.nat({ max: 8 })).map(([l, c, e, which]) => {
    const kept = `[v for v in ${l} if ${c}]`;
    switch (which) {
      case 0:
        return `count(v in ${l}: ${c}) == size(${kept})`;
      case 1:
        return `any(v in ${l}: ${c}) == (size(${kept}) > 0)`;
      case 2:
        return `all(v in ${l}: ${c}) == (count(v in ${l}: ${c}) == size(${l}))`;
      case 3:
        return `(first(v in ${l}: ${c}) ?? ${none}) == (if any(v in ${l}: ${c}) then ${kept}[0] else ${none})`;
      case 4:
        return `sum(v in ${l}: ${e}) == sum(w in [${e} for v in ${l}]: w)`;
      case 5:
        return `max(v in ${l}: ${e} else ${none}) == (if size(${l}) == 0 then ${none} else sorted(w in [${e} for v in ${l}]: w)[size(${l}) - 1])`;
      case 6:
        return `size(${l}) == sum(v in ${l}: 1)`;
      case 7:
        return `count(v in ${l}) == size(${l})`;
      default:
        return `(size(${kept}) == 0) == (not any(v in ${l}: ${c}))`;
    }
  });
}

/** Statements that change the game: assignments, list changes, `if`, loops over players; in an action, `return`. */
function statements(
  scope: Scope,
  fields: Scope,
  depth: number,
  indent: string,
  mayReturn = false,
): fc.Arbitrary<string[]> {
  const one: fc.Arbitrary<string[]>[] = [];
  if (fields.ints.length > 0) {
    one.push(
      fc
        .tuple(fc.constantFrom(...fields.ints), fc.constantFrom("=", "+=", "-="), intExpr(scope, 2))
        .map(([f, op, e]) => [`${indent}${f} ${op} ${e}`]),
    );
  }
  if (fields.bools.length > 0) {
    one.push(fc.tuple(fc.constantFrom(...fields.bools), boolExpr(scope, 2)).map(([f, e]) => [`${indent}${f} = ${e}`]));
  }
  if (fields.lists.length > 0) {
    one.push(
      fc.tuple(fc.constantFrom(...fields.lists), intExpr(scope, 1)).map(([l, e]) => [`${indent}add ${e} to ${l}`]),
    );
  }
  // A list of the game stored in another, then changed there: the store must copy what it reads (the pile itself,
  // one of two lists by a condition...), which a save restored at every decision would show it did not.
  if (fields.lists.includes("stash")) {
    one.push(
      fc
        .tuple(listExpr(scope, 1), intExpr(scope, 1))
        .map(([l, e]) => [`${indent}stash = ${l}`, `${indent}add ${e} to stash`]),
    );
  }
  if (depth > 0) {
    const body = statements(scope, fields, depth - 1, `${indent}  `, mayReturn);
    one.push(
      fc
        .tuple(boolExpr(scope, 2), body, fc.option(body, { nil: undefined }))
        .map(([c, then, otherwise]) => [
          `${indent}if ${c} {`,
          ...then,
          ...(otherwise ? [`${indent}} else {`, ...otherwise] : []),
          `${indent}}`,
        ]),
    );
  }
  // A bare `return` closes its block: the action ends there.
  if (depth > 0 && mayReturn) {
    one.push(boolExpr(scope, 1).map((c) => [`${indent}if ${c} {`, `${indent}  return`, `${indent}}`]));
  }
  return fc.array(fc.oneof(...one), { minLength: 1, maxLength: 3 }).map((xs) => xs.flat());
}

/**
 * A number field's type: a plain `int`, or a range, with or without a top, that holds every number the generated
 * expressions write out (0 to 20: a written number outside its place's range is an error of the checker, and the
 * programs should mostly check clean). Worked-out values still leave the range, and the rule that does it stops the
 * game, as `checkPlays` allows. `int` is listed twice: a third of the fields stay plain.
 */
const numberType = fc.constantFrom("int", "int", "0..", "-3..", "0..40", "-50..50");

/** A field declared with `type`, perhaps given an initial value inside its range. */
const numberField = fc
  .tuple(numberType, fc.option(fc.integer({ min: 0, max: 20 }), { nil: undefined }))
  .map(([type, initial]) => (initial === undefined ? type : `${type} = ${initial}`));

/** A whole program, which should check clean: a game, data, functions, actions, a flow that decides, a score. */
export const generatedProgram: fc.Arbitrary<string> = fc
  .record({
    title: fc.stringMatching(/^[A-Z][a-z]{2,8}$/),
    players: fc.tuple(fc.integer({ min: 1, max: 3 }), fc.integer({ min: 0, max: 3 })),
    members: fc.uniqueArray(word, { minLength: 1, maxLength: 4 }),
    // g0 stays an `int`: every Play stores `helper(g0 + n)` into it, which a range would stop in most games.
    globals: fc.array(numberField, { minLength: 0, maxLength: 2 }),
    perPlayer: fc.array(numberField, { minLength: 1, maxLength: 3 }),
    pileOf: fc.constantFrom("int", "0..", "0..40"),
    // Half the programs also lay things on a table (see `tableParts`), and half sail a sea (see `SEA`).
    table: fc.boolean(),
    sea: fc.boolean(),
    // And half keep a market (see `MARKET`), and half a guild (see `GUILD`).
    market: fc.boolean(),
    guild: fc.boolean(),
    seed: fc.integer({ min: 0, max: 1_000_000 }),
  })
  .chain(
    ({ title, players, members, globals: globalTypes, perPlayer: playerTypes, pileOf, table, sea, market, guild }) => {
      const globals = globalTypes.length + 1;
      const perPlayer = playerTypes.length;
      const globalInts = Array.from({ length: globals }, (_, i) => `g${i}`);
      const playerInts = Array.from({ length: perPlayer }, (_, i) => `me.p${i}`);
      const global: Scope = { ints: globalInts, bools: ["flag"], lists: ["pile", "stash"] };
      // `twice` is derived data: actions and the scoring read it, the setup (which it is computed after) may not.
      const inAction: Scope = {
        ints: [...globalInts, ...playerInts, "n", "twice"],
        bools: ["flag"],
        lists: ["pile", "stash"],
      };
      const actionFields: Scope = { ints: [...globalInts, ...playerInts], bools: ["flag"], lists: ["pile", "stash"] };
      const onSquare: Scope = { ...global, ints: [...globalInts, "w.x", "w.y"] };
      const scoring: Scope = {
        ints: [...globalInts, ...playerInts.map((f) => f.replace("me.", "p.")), "twice", "p.boosts"],
        bools: [],
        lists: [],
      };
      return fc
        .record({
          helper: intExpr({ ...global, ints: [...globalInts, "x"] }, 2),
          requirement: boolExpr({ ...inAction, ints: inAction.ints.filter((n) => n !== "n") }, 2),
          act: statements(inAction, actionFields, 2, "  ", true),
          setup: statements(global, global, 1, "  "),
          // What the payment changes besides: the trial `can` plays notes each change to undo it.
          spend: statements({ ...global, ints: [...globalInts, "due", "k"] }, global, 1, "    "),
          // What a settlement changes besides: a `completing` search plays it on copies, and a `can` undoes it.
          settle: statements({ ...global, ints: [...globalInts, "due", "coin"] }, global, 1, "      "),
          rounds: fc.integer({ min: 1, max: 6 }),
          score: intExpr(scoring, 2),
          // A declared way's rules: leaves only, so that they never ask the way itself.
          wayCost: intExpr(onSquare, 0),
          wayEnter: boolExpr(onSquare, 0),
          // The table's holes: a token's worth when laid, and the change a turn makes to it.
          laid: intExpr(actionFields, 1),
          turned: intExpr({ ...actionFields, ints: [...actionFields.ints, "t.value", "t.face"] }, 1),
          identities: fc.array(identity(global), { minLength: 2, maxLength: 4 }),
        })
        .map(
          ({
            helper,
            requirement,
            act,
            setup,
            spend,
            settle,
            rounds,
            score,
            wayCost,
            wayEnter,
            laid,
            turned,
            identities,
          }) => {
            const parts: ProgramPart[] = [
              ...(table ? [tableParts(laid, turned)] : []),
              ...(sea ? [SEA] : []),
              ...(market ? [MARKET] : []),
              ...(guild ? [GUILD] : []),
            ];
            const lines = (section: PartSection): string[] => parts.flatMap((part) => part[section] ?? []);
            const offered = ["Play", "Pass", ...parts.flatMap((part) => part.offered ?? [])];
            // Asked at the first decision: what the parts offer then, the allowed Boost, and the interrupts.
            const askedFirst = [
              "Play",
              "Pass",
              ...parts.flatMap((part) => part.offeredFirst ?? part.offered ?? []),
              "Boost",
              ...parts.flatMap((part) => part.interrupts ?? []),
            ];
            const aroundRounds = (rounds: readonly string[]): string[] =>
              parts.reduce((wrapped, part) => part.flow?.(wrapped) ?? wrapped, [...rounds]);
            return [
              `game "${title}" {`,
              `  players ${players[0] + 1}..${players[0] + 1 + players[1]}`,
              "}",
              `enum Kind { ${members.join(", ")} }`,
              // A param the variant changes: every variant is played.
              `param ROUNDS: 1..9 = ${rounds}`,
              'variant longer "Two more rounds" {',
              `  set ROUNDS = ${rounds + 2}`,
              // The longer game replaces an action of the base game.
              "  action Pass {",
              "    g0 += 1",
              "  }",
              "}",
              ...lines("declarations"),
              `global {`,
              ...globalInts.map((g, i) => `  ${g}: ${i === 0 ? "int" : globalTypes[i - 1]}`),
              "  flag: bool",
              `  pile: list<${pileOf}>`,
              "  stash: list<int>",
              "  last: Kind",
              // Set in the setup only, so that derived data may be computed from it.
              "  base: int",
              // No value until the first turn.
              "  opener: Player = unset",
              ...lines("global"),
              "}",
              "derived {",
              "  twice: int = base * 2",
              "}",
              "per player {",
              ...playerTypes.map((type, i) => `  p${i}: ${type}`),
              "  boosts: 0..2",
              "  cheers: 0..2",
              ...lines("perPlayer"),
              "}",
              `fn helper(x: int): int = ${helper}`,
              // Functions whose bodies are comprehensions, which the identities go through.
              "fn sel(k: int): list<int> = [x + k for x in pile if x > k]",
              "fn evens(k: int): list<int> = [x for x in range(0, k) if x % 2 == 0]",
              "way field(k: int) {",
              "  w from cell(0, 0)",
              "  within: k",
              `  cost: 1 + abs(${wayCost})`,
              `  enter: inside(w, 8, 8) and (${wayEnter})`,
              "}",
              // A payment coin by coin, asked with `can` before every Play (a search plays it and undoes it).
              "proc spend(k: int) {",
              "  let due = k",
              "  while due > 0 {",
              "    choose coin: 1..2 by players[0] where coin <= due and (coin == 1 or flag)",
              "    due -= coin",
              "    add coin to pile",
              ...spend,
              "  }",
              "}",
              // A settlement answered by two players in turn, to be paid exactly: a coin that overpays leaves the next
              // player's check without an answer, so `completing` offers only the coins after which the rest can be
              // answered, and `can settle` asks it of a procedure that asks two players.
              "proc settle(p: Player, k: int) {",
              "  let due = k",
              '  completing else "That leaves the rest unsettled." {',
              "    while due > 0 {",
              "      choose coin: 1..3 by p where coin != 2 or flag",
              "      due -= coin",
              ...settle,
              "      choose check: 0..1 by next(p) where due >= 0 and (check == 0 or due > 0)",
              "    }",
              "  }",
              "}",
              "setup {",
              ...lines("setup"),
              ...setup,
              "  base = random(0, 3) + size(pile)",
              "}",
              // A turn of two moves, which a boost (allowed beside each of its decisions, twice a game) makes longer.
              "per turnOf {",
              "  moves: int = 2",
              "}",
              "proc turnOf(p: Player) {",
              "  if not isSet(opener) {",
              "    opener = p",
              "  }",
              "  allow Boost by p {",
              "    while moves > 0 {",
              `      act p: ${offered.join(" | ")}`,
              "      moves -= 1",
              "    }",
              "  }",
              "}",
              "action Boost {",
              '  require me.boosts < 2 else "Two boosts a game."',
              "  me.boosts += 1",
              "  moves += 1",
              "}",
              // Announced in a window after each round, at most twice a game by each player.
              "action Cheer {",
              '  require me.cheers < 2 else "Two cheers a game."',
              "  me.cheers += 1",
              "}",
              "action Decline {",
              '  require me.cheers < 2 else "Two cheers a game."',
              "}",
              ...lines("actions"),
              "action Play(n: 0..3) {",
              `  require can spend(n) or can settle(me, n) or ${requirement} or n >= 0 else "Not now."`,
              ...act,
              "  g0 = helper(g0 + n)",
              "}",
              "action Pass { }",
              "flow {",
              ...aroundRounds([
                "  repeat ROUNDS {",
                "    for p in players {",
                "      turnOf(p)",
                "    }",
                "    choose kind: Kind by players[0]",
                "    last = kind",
                ...identities.flatMap((id, i) => [`    if not (${id}) {`, `      end "identity ${i} broken"`, "    }"]),
                "    settle(players[0], size(pile) % 4)",
                '    window cheer "after the round": Cheer | Decline by playersFrom(opener)',
                "    if size(pile) > 30 or (offers(opener, Boost) and g0 > 100) {",
                '      end "the pile is full"',
                "    }",
                ...lines("round"),
                "  }",
              ]),
              "}",
              "scoring {",
              `  score p: ${score}`,
              ...lines("scoring"),
              "}",
              // Tests of the rules, which the compiler turns into a test module (type-checked with the engine).
              ...rulesTests(players[0] + 1, askedFirst.join(" | "), identities[0]!),
              "",
            ].join("\n");
          },
        );
    },
  );

// ---- damage ---------------------------------------------------------------------------------------------------

/** A piece of text to insert: bytes an editor or a disk might leave. */
const junk = fc.oneof(
  fc.constantFrom("{", "}", "(", ")", "[", "]", '"', "/*", "*/", "//", "\n", "\r", "\t", "\u0000", "\ufeff", "é", "🏴"),
  fc.string({ maxLength: 8 }),
  fc.constantFrom("if", "act", "choose", "for", "let", "match", "none", "players", "..", "=>", "??"),
);

export type Damage =
  | { readonly kind: "cut"; readonly at: number }
  | { readonly kind: "insert"; readonly at: number; readonly text: string }
  | { readonly kind: "delete token" | "duplicate token" | "delete line" | "duplicate line"; readonly at: number }
  | { readonly kind: "swap tokens" | "swap lines"; readonly at: number; readonly other: number };

export const damage: fc.Arbitrary<Damage[]> = fc.array(
  fc.oneof(
    fc.nat().map((at) => ({ kind: "cut", at }) as const),
    fc.tuple(fc.nat(), junk).map(([at, text]) => ({ kind: "insert", at, text }) as const),
    fc
      .tuple(fc.constantFrom("delete token", "duplicate token", "delete line", "duplicate line"), fc.nat())
      .map(([kind, at]) => ({ kind, at }) as const),
    fc
      .tuple(fc.constantFrom("swap tokens", "swap lines"), fc.nat(), fc.nat())
      .map(([kind, at, other]) => ({ kind, at, other }) as const),
  ),
  { minLength: 1, maxLength: 4 },
);

/** `text` with `damages` done to it, in order (positions taken modulo the text's size at that point). */
export function damaged(text: string, damages: readonly Damage[]): string {
  let out = text;
  for (const d of damages) {
    if (d.kind === "cut") out = out.slice(0, d.at % (out.length + 1));
    else if (d.kind === "insert") {
      const at = d.at % (out.length + 1);
      out = out.slice(0, at) + d.text + out.slice(at);
    } else if (d.kind.endsWith("line")) out = editPieces(out.split("\n"), d).join("\n");
    else out = editTokens(out, d);
  }
  return out;
}

/** A token (as the lexer sees it) deleted, duplicated or swapped with another; the text between tokens stays. */
function editTokens(text: string, d: Damage): string {
  const tokens = rulesLexer.tokenize(text).tokens;
  if (tokens.length === 0) return text;
  const images = tokens.map((t) => t.image);
  const at = d.at % tokens.length;
  if (d.kind === "delete token") images[at] = "";
  else if (d.kind === "duplicate token") images[at] = `${images[at]} ${images[at]}`;
  else if ("other" in d) {
    const other = d.other % tokens.length;
    [images[at], images[other]] = [images[other]!, images[at]!];
  }
  let out = "";
  let end = 0;
  tokens.forEach((t, i) => {
    out += text.slice(end, t.startOffset) + images[i];
    end = t.startOffset + t.image.length;
  });
  return out + text.slice(end);
}

function editPieces(pieces: string[], d: Damage): string[] {
  if (pieces.length === 0) return pieces;
  const at = d.at % pieces.length;
  const copy = pieces.slice();
  if (d.kind.startsWith("delete")) copy.splice(at, 1);
  else if (d.kind.startsWith("duplicate")) copy.splice(at, 0, copy[at]!);
  else if (d.kind.startsWith("swap") && "other" in d) {
    const other = d.other % pieces.length;
    [copy[at], copy[other]] = [copy[other]!, copy[at]!];
  }
  return copy;
}
