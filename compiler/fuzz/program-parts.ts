/**
 * The fixed parts the fuzzer's generated programs are built around (inputs.ts draws the expressions and statements
 * that fill them): a table, a sea, a market, a guild, and the program's own tests. Each says, in a few rules, parts of
 * the language that plain numbers and lists do not reach.
 */

/**
 * The lines a part adds to a program, by where they go, and what it adds to a turn. The parts a program has are
 * gathered section by section, in the order the program lists them.
 */
export interface ProgramPart {
  /** Top-level declarations: params, variants, enums, functions, records, tables, `abandon`. */
  readonly declarations?: readonly string[];
  readonly global?: readonly string[];
  readonly perPlayer?: readonly string[];
  readonly setup?: readonly string[];
  readonly actions?: readonly string[];
  /** Rules at the end of each round. */
  readonly round?: readonly string[];
  readonly scoring?: readonly string[];
  /** The actions a turn offers beside Play and Pass. */
  readonly offered?: readonly string[];
  /** Of those, the ones the first player is asked at the first decision (all of them when not said). */
  readonly offeredFirst?: readonly string[];
  /** The interrupts any player may make at any decision. */
  readonly interrupts?: readonly string[];
  /** The flow's rounds, wrapped in what the part adds around them. */
  readonly flow?: (rounds: readonly string[]) => string[];
}

/** The sections of a program parts add lines to. */
export type PartSection = "declarations" | "global" | "perPlayer" | "setup" | "actions" | "round" | "scoring";

/**
 * A sea of named places joined by a table of edges (a graph), sailed along them: a choice answered without asking
 * when it has a single answer (`when several`), picks a player may stop at any time (`for some ... chosen by`) or
 * must make a given number of (`taking`), a step repeated as the player likes (`or stop`), and a scoring with a
 * tie-break and advice to machine players (`progress`).
 */
export const SEA: ProgramPart = {
  offered: ["Load"],
  declarations: [
    "enum Zone { bay, cape, reef, isle, cove }",
    "record Link { one: Zone  other: Zone }",
    "table LINKS of Link {",
    "  | one  | other |",
    "  | bay  | cape  |",
    "  | cape | reef  |",
    "  | reef | isle  |",
    "  | bay  | cove  |",
    "}",
    "const NEXT: map<Zone, list<Zone>> = { z: [l.other for l in LINKS if l.one == z] ++ [l.one for l in LINKS if l.other == z] for z in members(Zone) }",
  ],
  perPlayer: ["  at: Zone = bay", "  hold: list<int>", "  rowed: 0..3"],
  actions: [
    "action Sail(dest: Zone in NEXT[me.at]) {",
    "  me.at = dest",
    "}",
    "action Row {",
    '  require me.rowed < 3 else "Too tired to row."',
    "  me.rowed += 1",
    "}",
    "action Load {",
    "  for some x in [1, 2, 3] chosen by me where x <= 1 + size(me.hold) {",
    "    add x to me.hold",
    "  }",
    "  for y in me.hold chosen by me taking 1 {",
    "    remove y from me.hold",
    "  }",
    "  choose spot: Zone in within(NEXT, me.at, 1) by me when several where spot != cove",
    "  me.at = spot",
    "}",
  ],
  round: ['    act players[0]: Sail | Row or stop "Drop anchor"'],
  scoring: ["  tiebreak lowest p: steps(NEXT, bay, p.at) ?? 9", "  progress p: size(p.hold) + p.rowed"],
};

/**
 * A market: a face-up row filled from a deck that is never reshuffled on its own (`reshuffle` when it runs out), a
 * bag of tokens nobody sees (`hidden`, taken with `pick`), seals whose values nobody sees (`values hidden`), cards
 * whose number everyone sees but only their owner their values (`elements private`), an optional choice (`none`: buy
 * nothing), a choice whose range ends at a value known when it is asked, and an action labelled with the game's values.
 */
export const MARKET: ProgramPart = {
  offered: ["Buy"],
  global: [
    "  row: list<int>",
    "  events: deck<int> never reshuffled",
    "  chest: list<int> hidden",
    "  seals: map<Kind, int> = {} values hidden",
  ],
  perPlayer: ["  coins: 0.. = 5", "  cards: list<int> elements private"],
  setup: [
    "  events.pile = range(1, 12)",
    "  shuffle events",
    "  chest = range(0, 5)",
    "  repeat 2 {",
    "    if let c = draw(events) {",
    "      add c to row",
    "    }",
    "  }",
  ],
  actions: [
    'action Buy "buy from a row of {size(row)} with {me.coins} coins" {',
    "  choose offer: int? in row by me where offer <= me.coins",
    "  if let o = offer {",
    "    me.coins -= o",
    "    add o to me.cards",
    "    remove o from row",
    "  }",
    "  choose tip: 0..me.coins by me",
    "  me.coins -= tip",
    "  if size(chest) > 0 {",
    "    let t = pick(chest)",
    "    remove t from chest",
    "    seals[last] = t",
    "  }",
    "}",
  ],
  round: [
    "    if let e = draw(events) {",
    "      add e to row",
    "    } else if size(row) > 0 {",
    "      add row[0] to events.discard",
    "      remove row[0] from row",
    "      reshuffle(events)",
    "    }",
    "    if not (size(seals) == count(k in members(Kind): has(seals, k)) and size(values(seals)) == size(seals)) {",
    '      end "identity 93 broken"',
    "    }",
  ],
};

/**
 * A guild: records in a player's own list, picked by the player (taking two, answered by position) and taken out of
 * it, compared by content (`contains`, `==`); a procedure that gives a value once its player has decided, its loop
 * left with `break`; a `match` statement and `is` on an enum whose members carry values; a flag param a variant sets.
 */
export const GUILD: ProgramPart = {
  offered: ["Craft"],
  declarations: [
    "param STRICT: bool = false",
    'variant strict "Strict guild" {',
    "  set STRICT = true",
    "}",
    "enum Tool { saw(teeth: 1..9), hammer, chisel(width: 0..3) }",
    "record Work { maker: Player  tool: Tool  worth: 0.. }",
  ],
  global: ["  masterpieces: list<Work>"],
  perPlayer: ["  bench: list<Work>", "  skill: 0.. = 1"],
  setup: [
    "  for p in players {",
    "    add Work(maker: p, tool: saw(2), worth: 1) to p.bench",
    "    add Work(maker: p, tool: hammer, worth: 2) to p.bench",
    "    add Work(maker: p, tool: chisel(1), worth: 3) to p.bench",
    "  }",
  ],
  actions: [
    "proc haggle(p: Player): int {",
    "  let offer = 0",
    "  while offer < 5 {",
    "    choose more: bool by p",
    "    if not more {",
    "      break",
    "    }",
    "    offer += (if p == players[0] then 1 else 2)",
    "  }",
    "  return offer",
    "}",
    "action Craft {",
    '  require size(me.bench) > 0 else "An empty bench."',
    // The loop's variable is the work on the bench itself (a copy would no longer be found there once changed), held
    // across the picks, and across a save and restore between them.
    "  for w in me.bench chosen by me taking 2 {",
    "    w.worth += 1",
    "    if not contains(me.bench, w) {",
    '      end "identity 95 broken"',
    "    }",
    "    remove w from me.bench",
    "    match w.tool {",
    "      saw(t) => {",
    "        me.skill += t % 3",
    "      }",
    "      chisel(c) => {",
    "        w.worth += c",
    "      }",
    "      hammer => {",
    "        if STRICT {",
    "          me.skill += 1",
    "        }",
    "      }",
    "    }",
    "    if w.tool is hammer or not contains(masterpieces, w) {",
    "      add w to masterpieces",
    "    }",
    "  }",
    "  let price = haggle(me)",
    "  me.skill += price % 4",
    "  if size(masterpieces) > 0 and masterpieces[0] == Work(maker: me, tool: saw(2), worth: 1) {",
    "    add Work(maker: me, tool: chisel(price % 4), worth: price) to me.bench",
    "  }",
    "}",
  ],
  round: [
    "    if not (count(w in masterpieces: w.tool is hammer) + count(w in masterpieces: not (w.tool is hammer)) == size(masterpieces)) {",
    '      end "identity 94 broken"',
    "    }",
  ],
};

/**
 * A program's own tests: a position given, what the first player is asked, a move refused and one played, what
 * another player sees, an identity expected, a test going on from another, and a share over several seeds. They are
 * compiled into the program's test module and type-checked; the fuzzer does not run them (a generated program's
 * rules may stop its games before they get there).
 */
export function rulesTests(players: number, asked: string, identity: string): string[] {
  return [
    'test "the first turn" {',
    `  players ${players}`,
    "  given {",
    "    flag = true",
    "    g0 = 2",
    "  }",
    `  expect asked 0 ${asked}`,
    '  expect refused 0 Play(7) "Play: `n` must be a whole number from 0 to 3."',
    "  play 0 Pass",
    "  expect not over and acting == [players[0]]",
    `  expect ${players - 1} sees g0 == 2`,
    `  expect ${identity}`,
    "}",
    'test "a boost, then no more" from "the first turn" {',
    "  play 0 Boost",
    '  expect refused 1 Pass "Player 1 has nothing to decide now."',
    "  expect players[0].boosts == 1",
    "}",
    'test "the first player passes in about every game" {',
    `  players ${players}`,
    "  seeds 5",
    "  play until Pass",
    "  expect about 50% within 50%: flag or not flag",
    "}",
  ];
}

/**
 * What a program lays on a table: the parts of the runtime that ordinary values do not reach. A record with a field
 * only its owner sees until it is shown; a deck dealt into private hands (views hide them, search agents deal them
 * again); a map keyed by an enum with a range; a choice all players make at once; a record held across a decision
 * (`Turn` changes its token after its owner's choice: the state keeps it by address meanwhile); an interrupt any
 * player may make at any decision (`Snatch`: a card from the bag, and the first token off the table, perhaps the one
 * a `Turn` holds); a map keyed by hexes and a board on a square grid (read through neighbourhoods, steps and
 * distances), an optional value, an enum whose members carry values, taken apart by `match`, a die rolled as the
 * rules run, and an `abandon` (machine players give up a crowded table). `laid` and `turned` are expressions: a
 * token's worth, and the change a turn makes to it (which may take it below 0, where a rule stops the game).
 */
export function tableParts(laid: string, turned: string): ProgramPart {
  return {
    // A Turn needs a token on the table, which there is none of at the first decision.
    offered: ["Lay", "Turn"],
    offeredFirst: ["Lay"],
    interrupts: ["Snatch"],
    declarations: [
      "enum Mark { coin(worth: 0..9), seat(owner: Player), blank }",
      // How crowded the squares and cells around a token are: the grids' neighbourhoods, steps and distances.
      "fn crowd(h: Hex): int = size([x for x in neighbours(h) if has(spots, x)]) + distance(h, step(hex(0, 0), south, 2))",
      "fn reach(c: Cell): int = size([x for x in around(c) if inside(x, board) and has(board, x)]) + kingDistance(c, cell(3, 3))",
      "fn markWorth(m: Mark): int = match m {",
      "  coin(w) => w,",
      "  seat(_) => 1,",
      "  blank => 0,",
      "}",
      // Not a rule: machine players give up a table crowded with tokens (the conformance checks stop such a game).
      'abandon "too many tokens" when size(tokens) > 2',
      "record Token {",
      "  owner: Player",
      "  value: 0..",
      "  face: int visible if viewer == owner or shown",
      "  shown: bool = false",
      "}",
    ],
    // Who laid the last token on each square of a row of hexes, and the card under the last one laid.
    global: [
      "  tokens: list<Token>",
      "  bag: deck<int>",
      "  spots: map<Hex, Player>",
      "  lastLaid: int?",
      "  marks: list<Mark>",
      "  board: map<Cell, Player> on grid(4, 4)",
    ],
    perPlayer: ["  hand: list<int> private from bag", "  stock: map<Kind, 0..>"],
    setup: [
      "  bag.pile = range(0, 9)",
      "  shuffle bag.pile",
      "  for p in players {",
      "    if let c = draw(bag) {",
      "      add c to p.hand",
      "    }",
      "  }",
    ],
    actions: [
      "action Lay {",
      '  require size(me.hand) > 0 else "No card in hand."',
      "  let card = draw(me.hand)",
      `  add Token(owner: me, value: abs(${laid}), face: card) to tokens`,
      "  spots[hex(size(tokens) % 4, -1)] = me",
      "  board[cell(size(tokens) % 4, size(marks) % 4)] = me",
      "  lastLaid = card",
      "  if random(1, 6) == 6 {",
      "    flag = not flag",
      "  }",
      "  add coin(card % 10) to marks",
      "  for d in members(GridDir) {",
      "    if d == right and has(board, step(cell(1, 1), d)) {",
      "      flag = not flag",
      "    }",
      "  }",
      "  me.stock[last] += crowd(hex(size(tokens) % 4, -1)) % 3 + reach(cell(size(tokens) % 4, 0)) % 2",
      "  add seat(me) to marks",
      "  if let c = draw(bag) {",
      "    add c to me.hand",
      "  }",
      "}",
      "action Turn(t: Token in tokens) {",
      '  require t.owner == me and not t.shown else "Not a token of yours lying face down."',
      "  choose k: Kind by me",
      "  t.shown = true",
      `  t.value += ${turned}`,
      "  t.value += sum(m in marks: markWorth(m)) % 5",
      "  me.stock[k] += 1",
      "}",
      // Ten cards in the bag: at most ten interrupts in a game.
      "action Snatch {",
      '  require size(bag.pile) > 0 else "The bag is empty."',
      "  if let c = draw(bag) {",
      "    add c to me.hand",
      "  }",
      "  if size(tokens) > 0 {",
      "    let first = tokens[0]",
      "    remove first from tokens",
      "    remove hex(size(tokens) % 4, -1) from spots",
      "    add blank to marks",
      "  }",
      "  if has(board, cell(0, 0)) {",
      "    remove cell(0, 0) from board",
      "  }",
      "  if let card = lastLaid {",
      "    me.stock[last] += card % 3",
      "    lastLaid = none",
      "  }",
      "}",
    ],
    flow: (rounds) => ["  allow anytime Snatch by players {", ...rounds.map((line) => `  ${line}`), "  }"],
    round: [
      "    choose secret: Kind by each p in players",
      "    for p in players {",
      "      p.stock[secret[p]] += 1",
      "    }",
      // Maps keep their size and keys as they change: counted again key by key, they must agree (see `identity`).
      "    if not (size(board) == sum(x in range(0, 3): count(y in range(0, 3): has(board, cell(x, y)))) and size(keys(board)) == size(board)) {",
      '      end "identity 90 broken"',
      "    }",
      "    if not (size(spots) == count(q in range(0, 3): has(spots, hex(q, -1))) and all(h in keys(spots): has(spots, h))) {",
      '      end "identity 91 broken"',
      "    }",
      "    if not all(p in players: size(p.stock) == count(k in members(Kind): has(p.stock, k)) and size(keys(p.stock)) == size(p.stock)) {",
      '      end "identity 92 broken"',
      "    }",
    ],
  };
}
