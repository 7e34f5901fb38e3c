/**
 * The game a search agent imagines (`determinize`, generated from the rules' visibility): with a single opponent,
 * the cards of his hand are dealt again together with the deck they come from (`hand: ... private from combatDeck`),
 * so the agent does not know them; what it sees stays as it is, and so do the cards a choice it is making shows it.
 */
import { describe, expect, it } from "vitest";
import { createRng, lowestSeat, randomInt, type AnyEngine } from "@rules/runtime";
import { REPO_ROOT } from "../src/cli/registry.ts";
import { checkCompiles } from "../fuzz/properties.ts";
import { withEngine } from "./engine-harness.ts";
import { engine as marauders } from "../../rulesets/merchants-and-marauders/generated/engine.ts";
import { derived, engine } from "../../rulesets/predoni-dei-mari/generated/engine.ts";

const predoni = engine;

describe("determinize (Predoni dei Mari, 2 players)", () => {
  it("deals the opponent's hand again from the cards seat 0 has not seen, keeping its size and seat 0's view", () => {
    const state = engine.newGame({ players: 2, seed: 3 });
    const rng = createRng(1);
    // The opponent holds three combat cards from the top of the deck.
    state.players[1]!.hand = state.combatDeck.pile.splice(0, 3);
    const real = [...state.players[1]!.hand].sort((a, b) => a - b);
    expect(real.length).toBeGreaterThan(0);
    const view = JSON.stringify(engine.view(state, 0));
    let other = 0;
    for (let i = 0; i < 20; i++) {
      const imagined = engine.determinize!(state, 0, rng);
      expect(JSON.stringify(engine.view(imagined, 0))).toBe(view);
      expect(imagined.players[0]!.hand).toEqual(state.players[0]!.hand);
      const hand = [...imagined.players[1]!.hand].sort((a, b) => a - b);
      expect(hand).toHaveLength(real.length);
      if (JSON.stringify(hand) !== JSON.stringify(real)) other++;
      // Every card is still somewhere: the hands and the pile hold the same cards as in the real game.
      const cards = (s: typeof state): number[] =>
        [...s.combatDeck.pile, ...s.players[1]!.hand, ...s.players[1]!.peek].sort((a, b) => a - b);
      expect(cards(imagined)).toEqual(cards(state));
    }
    expect(other).toBeGreaterThan(15);
  });
});

describe("determinize: what a single opponent keeps to himself", () => {
  it("Predoni: his mission card is dealt again with the mission deck's pile", () => {
    const state = predoni.newGame({ players: 2, seed: 5 });
    state.players[1]!.mission = state.missionDeck.pile.splice(0, 1);
    const real = state.players[1]!.mission[0]!;
    const rng = createRng(2);
    const missions = new Set<number>();
    let other = 0;
    for (let i = 0; i < 30; i++) {
      const imagined = predoni.determinize!(state, 0, rng);
      expect(imagined.players[1]!.mission).toHaveLength(1);
      expect(imagined.players[0]!.mission).toEqual(state.players[0]!.mission);
      const cards = (s: typeof state): number[] =>
        [...s.missionDeck.pile, ...s.players[1]!.mission].sort((a, b) => a - b);
      expect(cards(imagined)).toEqual(cards(state));
      missions.add(imagined.players[1]!.mission[0]!);
      if (imagined.players[1]!.mission[0] !== real) other++;
    }
    // The real card is only one of the many the agent imagines.
    expect(missions.size).toBeGreaterThan(10);
    expect(other).toBeGreaterThan(25);
  });

  it("M&M: his gold and stash are imagined like the seat's own, his rumor dealt again from the rumor deck", () => {
    const state = marauders.newGame({ players: 2, seed: 5 });
    const [mine, his] = [state.players[0]!, state.players[1]!];
    mine.gold = 12;
    mine.stash = 4;
    his.gold = 31;
    his.stash = 17;
    his.rumor = state.rumorDeck.pile.shift()!;
    const rng = createRng(3);
    const rumors = new Set<number>();
    for (let i = 0; i < 30; i++) {
      const imagined = marauders.determinize!(state, 0, rng);
      // Nothing of the true values reaches seat 0's imagined game.
      expect([imagined.players[1]!.gold, imagined.players[1]!.stash]).toEqual([12, 4]);
      expect([imagined.players[0]!.gold, imagined.players[0]!.stash]).toEqual([12, 4]);
      expect(imagined.players[1]!.rumor).not.toBeNull();
      rumors.add(imagined.players[1]!.rumor!);
    }
    expect(rumors.size).toBeGreaterThan(5);
  });
});

describe("determinize: the cards a choice shows the chooser", () => {
  type MarauderState = ReturnType<typeof marauders.newGame>;
  /** The first position of random 3-player games (seeded) where a captain picks among the loser's `decision` cards. */
  const pickingFromTheLoser = (decision: string): { state: MarauderState; seat: number } => {
    for (let game = 0; game < 100; game++) {
      const rng = createRng(game);
      const state = marauders.newGame({ players: 3, seed: game });
      for (let step = 0; step < 2000; step++) {
        const seat = lowestSeat(marauders.toAct(state));
        if (seat === undefined) break;
        const legal = marauders.legalActions(state, seat);
        const picks = legal.filter((a) => a.type === decision && "value" in a && a.value !== null);
        if (marauders.view(state, seat).deciding === decision && picks.length > 0) return { state, seat };
        marauders.apply(state, legal[randomInt(rng, legal.length)]!);
      }
    }
    throw new Error(`no game of the first 100 reached a choice of ${decision}`);
  };

  // §5.13: the winner of a crew combat looks through the loser's Cargo cards and Glory hand and takes what he may.
  for (const [decision, cards] of [
    ["taken", "cargo"],
    ["takenCard", "gloryHand"],
  ] as const) {
    it(`M&M: the winner picking the loser's ${cards} imagines the cards he is offered where they lie, and can take each`, () => {
      const { state, seat } = pickingFromTheLoser(decision);
      const frame = state.stack[state.stack.length - 1]!;
      if (frame.routine !== "plunder") throw new Error(`the choice is not the plunder's but ${frame.routine}'s`);
      const offered = marauders
        .legalActions(state, seat)
        .flatMap((a) => (a.type === decision && "value" in a && a.value !== null ? [a.value] : []));
      const rng = createRng(4);
      for (let i = 0; i < 30; i++) {
        const imagined = marauders.determinize!(state, seat, rng);
        const held = imagined.players[frame.l]![cards];
        for (const card of offered) expect(held).toContain(card);
        for (const action of marauders.legalActions(state, seat)) {
          const copy = JSON.parse(JSON.stringify(imagined)) as MarauderState;
          expect(() => marauders.apply(copy, action)).not.toThrow();
        }
      }
    });
  }
});

describe("determinize: a choice among hidden cards, in any rules", () => {
  const RAID = [
    'game "Raid" { players 3..3 }',
    "// Twelve cards, two of each value: the raider takes one of the spoils, face down on the table, then picks among",
    "// the victim's cards; the pile and the third player's hand may hold the same values.",
    "global {",
    "  cards: deck<int>",
    "  spoils: list<int> hidden from cards",
    "}",
    "per player {",
    "  hand: list<int> private from cards",
    "}",
    "setup {",
    "  cards.pile = [1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6]",
    "  shuffle cards.pile",
    "  spoils = [draw(cards) ?? 0, draw(cards) ?? 0]",
    "  for p in players {",
    "    p.hand = [draw(cards) ?? 0, draw(cards) ?? 0, draw(cards) ?? 0]",
    "  }",
    "}",
    "flow {",
    "  let raider = players[0]",
    "  let victim = players[1]",
    "  choose spoil: int in spoils by raider",
    "  remove spoil from spoils",
    "  add spoil to raider.hand",
    "  for some card in victim.hand chosen by raider taking 2 {",
    "    remove card from victim.hand",
    "    add card to raider.hand",
    "  }",
    "  choose last: int in victim.hand by raider",
    "  remove last from victim.hand",
    '  end "raided"',
    "}",
    "scoring {",
    "  score p: size(p.hand)",
    "}",
  ].join("\n");
  type RaidState = { players: { hand: number[] }[]; spoils: number[] };
  type Answer = { type: string; player: number; value: number };

  for (const [what, answered, shownOf] of [
    ["a choice among a hidden list of the table", 0, (s: RaidState) => s.spoils],
    [
      "a loop of choices among another player's hand (what it has left to offer)",
      1,
      (s: RaidState) => s.players[1]!.hand,
    ],
    ["a choice among another player's hand", 3, (s: RaidState) => s.players[1]!.hand],
  ] as const) {
    it(`keeps the cards ${what} offers the chooser where they lie, and deals the others again`, async () => {
      await withEngine(RAID, (engine: AnyEngine) => {
        const state = engine.newGame({ players: 3, seed: 2 }) as RaidState;
        // The decisions before this one, each answered with the first card offered.
        for (let i = 0; i < answered; i++) engine.apply(state, engine.legalActions(state, 0)[0]!);
        const shown = [...shownOf(state)];
        const third = JSON.stringify([...state.players[2]!.hand].sort());
        const rng = createRng(9);
        let thirdChanged = 0;
        for (let i = 0; i < 30; i++) {
          const imagined = engine.determinize!(state, 0, rng) as RaidState;
          // The cards offered are shown to the raider: they stay; so every answer of the real game can be played.
          expect(shownOf(imagined)).toEqual(shown);
          for (const action of engine.legalActions(state, 0) as Answer[]) {
            expect(() => engine.apply(JSON.parse(JSON.stringify(imagined)) as object, action)).not.toThrow();
          }
          if (JSON.stringify([...imagined.players[2]!.hand].sort()) !== third) thirdChanged++;
        }
        // The third player's hand is not shown: it is dealt again with the pile.
        expect(thirdChanged).toBeGreaterThan(20);
      });
    });
  }
});

describe("determinize: secret answers in rules that hide nothing else", () => {
  it("imagines the others' answers, and its engine type-checks (a comment naming 'the others' once kept an unused list)", async () => {
    const text = [
      'game "Bids" { players 2..3 }',
      "global { high: int }",
      "flow {",
      "  choose bid: 1..3 by each p in players",
      "  high = max(bid[players[0]], bid[players[1]])",
      "}",
      "scoring { score p: high }",
    ].join("\n");
    await withEngine(text, (engine: AnyEngine) => {
      const state = engine.newGame({ players: 2, seed: 1 });
      engine.apply(state, { type: "bid", player: 1, value: 3 } as Parameters<AnyEngine["apply"]>[1]);
      // Seat 0 has not seen the 3 seat 1 bid: the imagined games give it each bid seat 1 could make.
      const imagined = new Set<string>();
      const rng = createRng(5);
      for (let i = 0; i < 40; i++) {
        imagined.add(JSON.stringify((engine.determinize!(state, 0, rng) as { pending: unknown }).pending));
      }
      expect(imagined.size).toBe(3);
    });
    await checkCompiles(text, REPO_ROOT);
  });
});

describe("determinize: the imagined game is a copy of the whole game", () => {
  // Records in a list, a record or none, a deck, lists by player, a player's record, and a procedure that waits for
  // a decision holding a list of its own: everything a rule may change in place.
  const CAMP = [
    'game "Camp" { players 2..2 }',
    "record Tent {",
    "  pegs: list<int>",
    "  pitched: bool",
    "}",
    "global {",
    "  tents: list<Tent>",
    "  stock: deck<int>",
    "  loads: map<Player, list<int>>",
    "  spare: Tent?",
    "}",
    "per player {",
    "  carried: list<int>",
    "  home: Tent?",
    "}",
    "setup {",
    // A draw pile is hidden, and shuffled in the imagined game: of one card only, it stays the same.
    "  stock.pile = [7, 7, 7]",
    "  tents = [Tent(pegs: [1, 2], pitched: false)]",
    "  spare = Tent(pegs: [3], pitched: true)",
    "  for p in players {",
    "    loads[p] = [1]",
    "    p.carried = [2, 3]",
    "    p.home = Tent(pegs: [4], pitched: false)",
    "  }",
    "}",
    "proc pack(p: Player) {",
    "  let held = [1, 2, 3]",
    "  choose n: int in held by p",
    "  add n to p.carried",
    "}",
    "flow {",
    "  pack(players[0])",
    "}",
    "scoring { score p: size(p.carried) }",
  ].join("\n");

  it("equals the real one but for its random generator, and shares no object with it but the params", async () => {
    await withEngine(CAMP, (engine: AnyEngine) => {
      const state = engine.newGame({ players: 2, seed: 1 }) as Record<string, unknown>;
      const imagined = engine.determinize!(state, 0, createRng(1)) as Record<string, unknown>;
      expect({ ...imagined, rng: null }).toEqual({ ...state, rng: null });
      const shared: string[] = [];
      const walk = (a: unknown, b: unknown, path: string): void => {
        if (typeof a !== "object" || a === null) return;
        if (a === b) shared.push(path);
        for (const key of Object.keys(a)) {
          walk((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key], `${path}.${key}`);
        }
      };
      for (const key of Object.keys(imagined)) walk(imagined[key], state[key], `$.${key}`);
      expect(shared).toEqual(["$.params"]);
    });
  });
});

describe("copies for search agents: the data derived from the setup comes along", () => {
  it("Predoni: a copy and an imagined game share the real game's derived board, not working it out again", () => {
    const state = predoni.newGame({ players: 2, seed: 4 });
    // Worked out when first read.
    derived(state);
    const derivedOf = (s: object): unknown[] =>
      Object.getOwnPropertySymbols(s).map((symbol) => (s as Record<symbol, unknown>)[symbol]);
    const [board] = derivedOf(state);
    expect(board).toBeDefined();
    expect(derivedOf(predoni.copy!(state))).toEqual([board]);
    expect(derivedOf(predoni.copy!(state))[0]).toBe(board);
    expect(derivedOf(predoni.determinize!(state, 1, createRng(3)))[0]).toBe(board);
  });
});
